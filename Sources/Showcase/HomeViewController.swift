import UIKit

/// The home screen: a greeting with the time, and a tile for each thing the lobby panel does.
final class HomeViewController: UIViewController {
    private let greetingLabel = UILabel()
    private let clockLabel = UILabel()
    private let dateLabel = UILabel()
    private var clockTimer: Timer?

    private lazy var climateTile = TileControl(title: "Climate", symbol: "thermometer", colour: .systemOrange)
    private lazy var settingsTile = TileControl(title: "Settings", symbol: "gearshape.fill", colour: .systemGray)
    private lazy var wifiTile = TileControl(title: "Wi-Fi", symbol: "wifi", colour: .systemBlue)
    private lazy var directoryTile = TileControl(title: "Directory", symbol: "person.2.fill", colour: .systemGreen)
    private lazy var lobbyTile = TileControl(title: "الاستقبال", symbol: "globe", colour: .systemTeal)
    private lazy var securityTile = TileControl(title: "Security", symbol: "phone.fill", colour: .systemRed)

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Home"
        // Identifiers for UI tests (Tools/virtual-board's tour drives the showcase by them, as XCUITest would).
        for (tile, identifier) in [(climateTile, "climate"), (settingsTile, "settings"), (wifiTile, "wifi"),
                                   (directoryTile, "directory"), (lobbyTile, "reception"), (securityTile, "security")] {
            tile.accessibilityIdentifier = "tile.\(identifier)"
        }
        view.backgroundColor = .systemGroupedBackground

        greetingLabel.font = .systemFont(ofSize: 40, weight: .bold)
        greetingLabel.textColor = .label
        let placeLabel = UILabel()
        placeLabel.text = "\(Building.shared.name) · Main lobby"
        placeLabel.font = .preferredFont(forTextStyle: .title3)
        placeLabel.textColor = .secondaryLabel
        clockLabel.font = .monospacedDigitSystemFont(ofSize: 48, weight: .light)
        clockLabel.textColor = .label
        clockLabel.textAlignment = .right
        dateLabel.font = .preferredFont(forTextStyle: .title3)
        dateLabel.textColor = .secondaryLabel
        dateLabel.textAlignment = .right

        let titles = UIStackView(arrangedSubviews: [greetingLabel, placeLabel])
        titles.axis = .vertical
        titles.spacing = 4
        let time = UIStackView(arrangedSubviews: [clockLabel, dateLabel])
        time.axis = .vertical
        time.alignment = .trailing
        time.spacing = 0
        let header = UIStackView(arrangedSubviews: [titles, time])
        header.alignment = .center
        header.distribution = .equalSpacing

        lobbyTile.detail = "Welcome in Arabic"
        securityTile.detail = "Call the front desk"
        let topRow = UIStackView(arrangedSubviews: [climateTile, settingsTile, wifiTile])
        let bottomRow = UIStackView(arrangedSubviews: [directoryTile, lobbyTile, securityTile])
        for row in [topRow, bottomRow] {
            row.distribution = .fillEqually
            row.spacing = 20
        }
        let grid = UIStackView(arrangedSubviews: [topRow, bottomRow])
        grid.axis = .vertical
        grid.distribution = .fillEqually
        grid.spacing = 20

        for stack in [header, grid] {
            stack.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(stack)
        }
        let margins = view.layoutMarginsGuide
        // The header is as tall as its text; the tiles take the rest of the screen.
        let headerHug = header.heightAnchor.constraint(equalToConstant: 0)
        headerHug.priority = .defaultLow
        NSLayoutConstraint.activate([
            headerHug,
            header.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 32),
            header.leadingAnchor.constraint(equalTo: margins.leadingAnchor, constant: 20),
            header.trailingAnchor.constraint(equalTo: margins.trailingAnchor, constant: -20),
            grid.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 32),
            grid.leadingAnchor.constraint(equalTo: header.leadingAnchor),
            grid.trailingAnchor.constraint(equalTo: header.trailingAnchor),
            grid.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -32),
        ])

        climateTile.addAction(UIAction { [unowned self] _ in show(ClimateViewController()) }, for: .touchUpInside)
        settingsTile.addAction(UIAction { [unowned self] _ in show(SettingsViewController()) }, for: .touchUpInside)
        wifiTile.addAction(UIAction { [unowned self] _ in show(WiFiViewController()) }, for: .touchUpInside)
        directoryTile.addAction(UIAction { [unowned self] _ in show(DirectoryViewController()) }, for: .touchUpInside)
        lobbyTile.addAction(UIAction { [unowned self] _ in show(LobbyViewController()) }, for: .touchUpInside)
        securityTile.addAction(UIAction { [unowned self] _ in callSecurity() }, for: .touchUpInside)
    }

    private func show(_ controller: UIViewController) {
        navigationController?.pushViewController(controller, animated: true)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setNavigationBarHidden(true, animated: animated)
        let building = Building.shared
        climateTile.detail = building.climateSummary
        settingsTile.detail = "Lights \(building.lobbyLights ? "on" : "off") · \(Building.schedules[building.schedule])"
        wifiTile.detail = building.joinedNetwork.map { "Connected to \($0)" } ?? "Not connected"
        directoryTile.detail = "\(Tenant.all.count) tenants on 12 floors"
        updateClock()
        clockTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.updateClock() }
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.setNavigationBarHidden(false, animated: animated)
        clockTimer?.invalidate()
        clockTimer = nil
    }

    private static let clockFormat: DateFormatter = {
        let f = DateFormatter()
        f.dateFormat = "HH:mm"
        return f
    }()
    private static let dateFormat: DateFormatter = {
        let f = DateFormatter()
        f.dateFormat = "EEEE d MMMM"
        return f
    }()

    /// SHOWCASE_CLOCK=SECONDS (since 1970) stops the home screen's clock at that moment: the tour's board capture
    /// and its headless rendering, made minutes apart, then show the same greeting, time and date.
    private static var fixedNow: Date? {
        ProcessInfo.processInfo.environment["SHOWCASE_CLOCK"].flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:))
    }

    private func updateClock() {
        let now = Self.fixedNow ?? Date()
        let hour = Calendar.current.component(.hour, from: now)
        let greeting = hour < 12 ? "Good morning" : hour < 18 ? "Good afternoon" : "Good evening"
        // Only what changed is set, so the labels redraw once a minute, not every tick.
        if greetingLabel.text != greeting { greetingLabel.text = greeting }
        let clock = Self.clockFormat.string(from: now)
        if clockLabel.text != clock { clockLabel.text = clock }
        let date = Self.dateFormat.string(from: now)
        if dateLabel.text != date { dateLabel.text = date }
    }

    private func callSecurity() {
        let alert = UIAlertController(title: "Call the front desk?",
                                      message: "Security answers around the clock. The call opens on the intercom beside this panel.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let call = UIAlertAction(title: "Call", style: .default) { [weak self] _ in
            let calling = UIAlertController(title: "Calling…", message: "The front desk has been called.", preferredStyle: .alert)
            calling.addAction(UIAlertAction(title: "OK", style: .default))
            self?.present(calling, animated: true)
        }
        alert.addAction(call)
        alert.preferredAction = call
        present(alert, animated: true)
    }
}
