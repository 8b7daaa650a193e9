import UIKit

/// The template's one screen: a count of visitors, a button that adds one and a switch that locks it. Replace it
/// with your own screens; the tests in Tests/MyPanelAppTests show how to check them without a panel.
final class CounterViewController: UIViewController {
    let countLabel = UILabel()
    let addButton = UIButton(type: .system)
    let lockSwitch = UISwitch()
    private(set) var count = 0 {
        didSet { countLabel.text = "\(count)" }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Visitors today"
        view.backgroundColor = .systemBackground

        countLabel.text = "0"
        countLabel.font = .monospacedDigitSystemFont(ofSize: 96, weight: .light)
        countLabel.textAlignment = .center
        countLabel.accessibilityIdentifier = "visitor-count" // how the UI tests find it

        var configuration = UIButton.Configuration.filled()
        configuration.title = "Add a visitor"
        configuration.cornerStyle = .large
        addButton.configuration = configuration
        addButton.addAction(UIAction { [unowned self] _ in count += 1 }, for: .touchUpInside)

        let lockLabel = UILabel()
        lockLabel.text = "Lock the counter"
        lockSwitch.accessibilityLabel = lockLabel.text // read by VoiceOver (and found by UI tests) by its row's text
        lockSwitch.addAction(UIAction { [unowned self] _ in addButton.isEnabled = !lockSwitch.isOn }, for: .valueChanged)
        let lockRow = UIStackView(arrangedSubviews: [lockLabel, lockSwitch])
        lockRow.spacing = 16

        let column = UIStackView(arrangedSubviews: [countLabel, addButton, lockRow])
        column.axis = .vertical
        column.alignment = .center
        column.spacing = 24
        column.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(column)
        NSLayoutConstraint.activate([
            column.centerXAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerXAnchor),
            column.centerYAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerYAnchor),
            addButton.widthAnchor.constraint(equalToConstant: 280),
            addButton.heightAnchor.constraint(equalToConstant: 56),
        ])
    }
}
