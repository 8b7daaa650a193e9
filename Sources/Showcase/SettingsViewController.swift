import UIKit

/// The panel's settings, grouped as on iOS: display (appearance, brightness, dimming), the lobby (lights, chime,
/// heating schedule chosen on an inline picker), the network and what this panel is.
final class SettingsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate,
                                    UIPickerViewDataSource, UIPickerViewDelegate {
    private enum Row {
        case appearance, brightness, dimWhenIdle, lobbyLights, doorChime, schedule, schedulePicker, wifi, panel, version
    }

    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private var showsSchedulePicker = false
    private var sections: [(title: String, rows: [Row], footer: String?)] {
        [("Display", [.appearance, .brightness, .dimWhenIdle], "The panel dims after two minutes without a touch."),
         ("Lobby", [.lobbyLights, .doorChime, .schedule] + (showsSchedulePicker ? [.schedulePicker] : []), nil),
         ("Network", [.wifi], nil),
         ("About", [.panel, .version], nil)]
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
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
        tableView.reloadData() // the Wi-Fi row shows the network joined since
    }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { sections[section].footer }

    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        sections[indexPath.section].rows[indexPath.row] == .schedulePicker ? 216 : 56
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let row = sections[indexPath.section].rows[indexPath.row]
        let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
        var content = UIListContentConfiguration.valueCell()
        cell.selectionStyle = .none
        let building = Building.shared
        switch row {
        case .appearance:
            content.text = "Appearance"
            let control = UISegmentedControl(items: ["Automatic", "Light", "Dark"])
            control.selectedSegmentIndex = building.appearance.rawValue
            control.accessibilityIdentifier = "settings.appearance"
            control.addAction(UIAction { [unowned self, unowned control] _ in
                setAppearance(UIUserInterfaceStyle(rawValue: control.selectedSegmentIndex) ?? .unspecified)
            }, for: .valueChanged)
            control.sizeToFit()
            cell.accessoryView = control
        case .brightness:
            content.text = "Brightness"
            content.image = UIImage(systemName: "sun.max")
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 280, height: 34))
            slider.value = building.brightness
            slider.addAction(UIAction { [unowned slider] _ in Building.shared.brightness = slider.value }, for: .valueChanged)
            cell.accessoryView = slider
        case .dimWhenIdle:
            content.text = "Dim when idle"
            cell.accessoryView = toggle(building.dimWhenIdle) { Building.shared.dimWhenIdle = $0 }
        case .lobbyLights:
            content.text = "Lobby lights"
            content.image = UIImage(systemName: "lightbulb.fill")
            cell.accessoryView = toggle(building.lobbyLights) { Building.shared.lobbyLights = $0 }
        case .doorChime:
            content.text = "Door chime"
            content.image = UIImage(systemName: "bell.fill")
            cell.accessoryView = toggle(building.doorChime) { Building.shared.doorChime = $0 }
        case .schedule:
            content.text = "Heating schedule"
            content.image = UIImage(systemName: "calendar")
            content.secondaryText = Building.schedules[building.schedule]
            content.secondaryTextProperties.color = showsSchedulePicker ? .systemIndigo : .secondaryLabel
            cell.selectionStyle = .default
        case .schedulePicker:
            let picker = UIPickerView()
            picker.dataSource = self
            picker.delegate = self
            picker.selectRow(building.schedule, inComponent: 0, animated: false)
            picker.frame = cell.contentView.bounds
            picker.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            cell.contentView.addSubview(picker)
            return cell
        case .wifi:
            content.text = "Wi-Fi"
            content.image = UIImage(systemName: "wifi")
            content.secondaryText = building.joinedNetwork ?? "Not connected"
            cell.accessoryType = .disclosureIndicator
            cell.selectionStyle = .default
        case .panel:
            content.text = "Panel"
            content.secondaryText = "Lobby, ground floor"
        case .version:
            content.text = "Software"
            content.secondaryText = "Vitrine showcase 1.0"
        }
        content.imageProperties.tintColor = .systemIndigo
        cell.contentConfiguration = content
        cell.accessibilityIdentifier = "settings.\(row)"
        // A control beside the row's text is named by it (VoiceOver and UI tests read the control on its own).
        if let control = cell.accessoryView as? UIControl, control.accessibilityLabel == nil { control.accessibilityLabel = content.text }
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch sections[indexPath.section].rows[indexPath.row] {
        case .schedule:
            // The picker opens under its row, as a date picker does in iOS's settings.
            let pickerPath = IndexPath(row: indexPath.row + 1, section: indexPath.section)
            showsSchedulePicker.toggle()
            let opening = showsSchedulePicker
            tableView.performBatchUpdates {
                if opening {
                    tableView.insertRows(at: [pickerPath], with: .fade)
                } else {
                    tableView.deleteRows(at: [pickerPath], with: .fade)
                }
                tableView.reloadRows(at: [indexPath], with: .none)
            }
        case .wifi:
            navigationController?.pushViewController(WiFiViewController(), animated: true)
        default:
            break
        }
    }

    private func toggle(_ isOn: Bool, _ changed: @escaping (Bool) -> Void) -> UISwitch {
        let control = UISwitch()
        control.isOn = isOn
        control.addAction(UIAction { [unowned control] _ in changed(control.isOn) }, for: .valueChanged)
        return control
    }

    /// Light or dark for the whole panel: the window's override, with a cross-fade.
    private func setAppearance(_ style: UIUserInterfaceStyle) {
        Building.shared.appearance = style
        guard let window = view.window else { return }
        UIView.transition(with: window, duration: 0.3, options: .transitionCrossDissolve) {
            window.overrideUserInterfaceStyle = style
        }
    }

    // MARK: The schedule picker

    func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { Building.schedules.count }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        Building.schedules[row]
    }
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        Building.shared.schedule = row
        if let index = sections[1].rows.firstIndex(of: .schedule) {
            tableView.reloadRows(at: [IndexPath(row: index, section: 1)], with: .none)
        }
    }
}
