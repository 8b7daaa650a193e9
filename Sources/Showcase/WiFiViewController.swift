import UIKit

/// A network in range.
struct WiFiNetwork {
    var name: String
    var bars: Int // 1...3
    var secured: Bool

    static let nearby = [
        WiFiNetwork(name: "Atrium-Staff", bars: 3, secured: true),
        WiFiNetwork(name: "Atrium-Guest", bars: 3, secured: true),
        WiFiNetwork(name: "Café Lumen", bars: 2, secured: false),
        WiFiNetwork(name: "Printer-4F", bars: 1, secured: true),
        WiFiNetwork(name: "Northwind Labs", bars: 2, secured: true),
    ]
}

/// The networks the panel can see; a locked one asks for its password on the next screen.
final class WiFiViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Wi-Fi"
        view.backgroundColor = .systemGroupedBackground
        tableView.dataSource = self
        tableView.delegate = self
        tableView.rowHeight = 56
        tableView.frame = view.bounds
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(tableView)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        tableView.reloadData()
    }

    func numberOfSections(in tableView: UITableView) -> Int { 2 }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? 1 : WiFiNetwork.nearby.count
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 0 ? nil : "Networks"
    }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        section == 0 ? "The panel reports to the building's management system over Wi-Fi." : nil
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        if indexPath.section == 0 {
            content.text = Building.shared.joinedNetwork ?? "Not connected"
            content.secondaryText = Building.shared.joinedNetwork == nil ? "Choose a network below" : "Connected"
            content.image = UIImage(systemName: Building.shared.joinedNetwork == nil ? "wifi.slash" : "checkmark.circle.fill")
            content.imageProperties.tintColor = Building.shared.joinedNetwork == nil ? .secondaryLabel : .systemGreen
            cell.selectionStyle = .none
        } else {
            let network = WiFiNetwork.nearby[indexPath.row]
            content.text = network.name
            content.image = UIImage(systemName: "wifi")
            content.imageProperties.tintColor = network.bars >= 2 ? .systemBlue : .systemGray
            if network.secured {
                let lock = UIImageView(image: UIImage(systemName: "lock.fill"))
                lock.tintColor = .secondaryLabel
                cell.accessoryView = lock
            }
        }
        cell.contentConfiguration = content
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard indexPath.section == 1 else { return }
        let network = WiFiNetwork.nearby[indexPath.row]
        if network.secured {
            navigationController?.pushViewController(JoinNetworkViewController(network: network), animated: true)
        } else {
            let alert = UIAlertController(title: "Join “\(network.name)”?",
                                          message: "This network is open: what the panel sends can be read by others nearby.",
                                          preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(UIAlertAction(title: "Join", style: .destructive) { [weak self] _ in
                Building.shared.joinedNetwork = network.name
                self?.tableView.reloadData()
            })
            present(alert, animated: true)
        }
    }
}

/// The password form: a secure field with the on-screen keyboard, and Join.
final class JoinNetworkViewController: UIViewController, UITextFieldDelegate {
    private let network: WiFiNetwork
    private let passwordField = UITextField()
    private let joinButton = UIButton(type: .system)

    init(network: WiFiNetwork) {
        self.network = network
        super.init(nibName: nil, bundle: nil)
        title = network.name
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        let icon = UIImageView(image: UIImage(systemName: "lock.fill", withConfiguration: UIImage.SymbolConfiguration(pointSize: 40)))
        icon.tintColor = .systemBlue
        icon.contentMode = .scaleAspectFit
        icon.heightAnchor.constraint(equalToConstant: 48).isActive = true
        let heading = UILabel()
        heading.text = "Enter the password for “\(network.name)”"
        heading.font = .systemFont(ofSize: 26, weight: .semibold)
        heading.textAlignment = .center
        heading.numberOfLines = 0
        let hint = UILabel()
        hint.text = "Ask the front desk for the password. It has at least eight characters."
        hint.font = .preferredFont(forTextStyle: .subheadline)
        hint.textColor = .secondaryLabel
        hint.textAlignment = .center
        hint.numberOfLines = 0

        passwordField.placeholder = "Password"
        passwordField.accessibilityIdentifier = "join.password"
        passwordField.isSecureTextEntry = true
        passwordField.borderStyle = .roundedRect
        passwordField.font = .systemFont(ofSize: 22)
        passwordField.returnKeyType = .join
        passwordField.enablesReturnKeyAutomatically = true
        passwordField.autocapitalizationType = .none
        passwordField.autocorrectionType = .no
        passwordField.delegate = self
        passwordField.addAction(UIAction { [unowned self] _ in updateJoin() }, for: .editingChanged)

        var configuration = UIButton.Configuration.filled()
        configuration.title = "Join"
        configuration.cornerStyle = .large
        configuration.baseBackgroundColor = .systemBlue
        joinButton.configuration = configuration
        joinButton.accessibilityIdentifier = "join.button"
        joinButton.addAction(UIAction { [unowned self] _ in join() }, for: .touchUpInside)
        updateJoin()

        let form = UIStackView(arrangedSubviews: [icon, heading, hint, passwordField, joinButton])
        form.axis = .vertical
        form.alignment = .fill
        form.spacing = 14
        form.setCustomSpacing(24, after: hint)
        form.setCustomSpacing(20, after: passwordField)
        form.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(form)
        NSLayoutConstraint.activate([
            form.centerXAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerXAnchor),
            form.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 24),
            form.widthAnchor.constraint(equalToConstant: 460),
            passwordField.heightAnchor.constraint(equalToConstant: 48),
            joinButton.heightAnchor.constraint(equalToConstant: 50),
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        passwordField.becomeFirstResponder()
    }

    private func updateJoin() {
        joinButton.isEnabled = (passwordField.text ?? "").count >= 8
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if joinButton.isEnabled { join() }
        return false
    }

    private func join() {
        passwordField.resignFirstResponder()
        Building.shared.joinedNetwork = network.name
        let alert = UIAlertController(title: "Connected", message: "The panel is on “\(network.name)”.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default) { [weak self] _ in
            self?.navigationController?.popViewController(animated: true)
        })
        present(alert, animated: true)
    }
}
