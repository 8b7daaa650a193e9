import Foundation

/// The device's battery, through the kernel's power supply class (`/sys/class/power_supply/<name>/` with
/// `type` "Battery": `capacity`, a percentage, and `status`). Most panels run from mains and have none.
public struct Battery: Equatable, Sendable {
    /// What the battery is doing (the kernel's `status`).
    public enum Status: Equatable, Sendable {
        /// Running from the battery ("Discharging").
        case discharging
        /// Plugged in and charging ("Charging"), or plugged in and held below full ("Not charging").
        case charging
        /// Plugged in and full ("Full").
        case full
        /// The driver cannot tell ("Unknown", or a value this does not know).
        case unknown
    }

    /// The device's sysfs directory.
    public let directory: String
    /// Charge, 0...1 (nil when the driver reports no `capacity`).
    public let level: Double?
    public let status: Status

    /// The first battery among the power supplies (sorted by name), read now; nil when there is none. `sysfs` is
    /// `/sys` unless `VITRINE_SYSFS` says otherwise (tests use a fake tree).
    public static func read(sysfs: String? = nil) -> Battery? {
        let root = sysfs ?? VitrineSettings.current.sysfs
        let classDir = root + "/class/power_supply"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: classDir) else { return nil }
        for name in names.sorted() {
            let dir = "\(classDir)/\(name)"
            guard text(dir + "/type") == "Battery" else { continue }
            // A battery that is not there (`present` 0: an empty bay) is no battery.
            if text(dir + "/present") == "0" { continue }
            let level = text(dir + "/capacity").flatMap(Double.init).map { min(max($0 / 100, 0), 1) }
            let status: Status
            switch text(dir + "/status") {
            case "Discharging": status = .discharging
            case "Charging", "Not charging": status = .charging
            case "Full": status = .full
            default: status = .unknown
            }
            return Battery(directory: dir, level: level, status: status)
        }
        return nil
    }

    private static func text(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
