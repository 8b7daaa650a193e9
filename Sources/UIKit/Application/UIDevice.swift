import Foundation
import Glibc
import VitrinePlatform

/// The physical orientation of the device (UIKit's `UIDeviceOrientation`).
public enum UIDeviceOrientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    /// Whether an interface could be shown this way up (not flat, not unknown).
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

/// The device the app runs on (UIKit's `UIDevice`): its name, model and system, the pad idiom, a per-vendor
/// identifier, the battery (from the kernel's power supply class, for the few panels that have one) and the
/// orientation of a panel, which is fixed where it is mounted.
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The battery's state (UIKit's `UIDevice.BatteryState`).
    public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }

    nonisolated public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    nonisolated public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
    nonisolated public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
    nonisolated public static let proximityStateDidChangeNotification = Notification.Name("UIDeviceProximityStateDidChangeNotification")

    /// The device.
    public static let current = UIDevice()

    /// How often the battery is read while it is monitored (UIKit posts level changes at most once a minute).
    static var batteryPollInterval: TimeInterval = 60
    /// Where the battery is read from (tests point it at a fake sysfs tree).
    static var sysfsRoot: String?

    private var batteryTimer: Timer?
    private var lastBattery: (level: Float, state: BatteryState) = (-1, .unknown)
    private var generatingOrientation = 0

    private override init() { super.init() }

    /// The device's name: its host name.
    open var name: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "Vitrine" }
        return String(cString: buffer)
    }

    /// What the device is: the board's name when the app was started with one, else "Touch panel".
    open var model: String { DisplaySelection.selectedBoard?.name ?? "Touch panel" }
    open var localizedModel: String { model }

    /// The operating system: "Linux".
    open var systemName: String { "Linux" }

    /// The kernel's version, as numbers (the release `6.12.9+bpo-amd64` gives "6.12.9"), so that code comparing
    /// versions numerically still works.
    open var systemVersion: String {
        var names = utsname()
        guard uname(&names) == 0 else { return "0" }
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return Self.numericVersion(release)
    }

    /// A touch panel is used as an iPad is: `.pad`, as the trait collections say.
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .pad }

    /// Whether several apps can run at once: yes (each on its own virtual terminal or screen).
    open var isMultitaskingSupported: Bool { true }

    /// The same for every app of the same vendor on this device, and across launches: derived from the system's
    /// machine id (`/etc/machine-id`) and the vendor (the bundle identifier without its last part, else the
    /// executable's name). Nil when the system has no machine id.
    open var identifierForVendor: UUID? {
        guard let machine = try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8) else { return nil }
        let id = machine.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !id.isEmpty else { return nil }
        return Self.vendorIdentifier(machineID: id, vendor: Self.vendor)
    }

    // MARK: Orientation

    /// `.unknown` until `beginGeneratingDeviceOrientationNotifications()`; then the way the panel is mounted, as its
    /// screen shows it (landscape when wider than tall). A mounted panel never turns, so it never changes after.
    open private(set) var orientation: UIDeviceOrientation = .unknown

    open var isGeneratingDeviceOrientationNotifications: Bool { generatingOrientation > 0 }

    /// Calls nest, as UIKit's do: orientation is known until as many `end` calls as `begin` calls.
    open func beginGeneratingDeviceOrientationNotifications() {
        generatingOrientation += 1
        guard generatingOrientation == 1 else { return }
        let bounds = UIScreen.main.bounds
        let mounted: UIDeviceOrientation = bounds.width >= bounds.height ? .landscapeLeft : .portrait
        if orientation != mounted {
            orientation = mounted
            NotificationCenter.default.post(name: Self.orientationDidChangeNotification, object: self)
        }
    }

    open func endGeneratingDeviceOrientationNotifications() {
        guard generatingOrientation > 0 else { return }
        generatingOrientation -= 1
        if generatingOrientation == 0 { orientation = .unknown }
    }

    // MARK: Battery

    /// Whether the battery is watched: while it is, `batteryLevel` and `batteryState` say what it is (read every
    /// minute, with the notifications when they change); otherwise they are -1 and `.unknown`, as in UIKit.
    open var isBatteryMonitoringEnabled = false {
        didSet {
            guard isBatteryMonitoringEnabled != oldValue else { return }
            batteryTimer?.invalidate()
            batteryTimer = nil
            if isBatteryMonitoringEnabled {
                refreshBattery(notify: false)
                batteryTimer = Timer.scheduledTimer(withTimeInterval: Self.batteryPollInterval, repeats: true) { _ in
                    MainActor.assumeIsolated { UIDevice.current.refreshBattery(notify: true) }
                }
            } else {
                lastBattery = (-1, .unknown)
            }
        }
    }

    /// Charge from 0 to 1; -1 when not monitored or there is no battery.
    open var batteryLevel: Float { isBatteryMonitoringEnabled ? lastBattery.level : -1 }
    /// `.unknown` when not monitored or there is no battery (a panel on mains).
    open var batteryState: BatteryState { isBatteryMonitoringEnabled ? lastBattery.state : .unknown }

    /// Reads the battery; with `notify`, posts the notifications for what changed.
    func refreshBattery(notify: Bool) {
        let battery = Battery.read(sysfs: Self.sysfsRoot)
        let state: BatteryState
        switch battery?.status {
        case .discharging?: state = .unplugged
        case .charging?: state = .charging
        case .full?: state = .full
        case .unknown?, nil: state = .unknown
        }
        let level = battery?.level.map { Float($0) } ?? -1
        let before = lastBattery
        lastBattery = (level, state)
        guard notify else { return }
        if state != before.state { NotificationCenter.default.post(name: Self.batteryStateDidChangeNotification, object: self) }
        if level != before.level { NotificationCenter.default.post(name: Self.batteryLevelDidChangeNotification, object: self) }
    }

    // MARK: Proximity

    /// Panels have no proximity sensor: asking for monitoring leaves it off, as UIKit does on such devices.
    open var isProximityMonitoringEnabled: Bool {
        get { false }
        set {}
    }
    open var proximityState: Bool { false }

    // MARK: Helpers

    /// The leading numbers of a kernel release ("6.12.9+bpo-amd64" → "6.12.9").
    static func numericVersion(_ release: String) -> String {
        var parts: [String] = []
        for part in release.split(separator: ".", omittingEmptySubsequences: false) {
            let digits = part.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { break }
            parts.append(String(digits))
            if digits.count != part.count { break }
        }
        return parts.isEmpty ? "0" : parts.joined(separator: ".")
    }

    /// The vendor an identifier is shared by.
    static var vendor: String {
        if let bundle = Bundle.main.bundleIdentifier, bundle.contains(".") {
            return bundle.split(separator: ".").dropLast().joined(separator: ".")
        }
        return ProcessInfo.processInfo.processName
    }

    /// A UUID made from the machine id and the vendor: two 64-bit FNV-1a hashes of them, with the version and
    /// variant bits of RFC 9562's custom (version 8) UUIDs. Stable across launches and releases (not Swift's
    /// seeded `Hasher`).
    static func vendorIdentifier(machineID: String, vendor: String) -> UUID {
        func fnv(_ text: String, basis: UInt64) -> UInt64 {
            var h = basis
            for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return h
        }
        let text = machineID + "\u{0}" + vendor
        let a = fnv(text, basis: 0xcbf2_9ce4_8422_2325), b = fnv(text, basis: 0x84222325_cbf29ce4)
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            bytes[i] = UInt8(truncatingIfNeeded: a >> (56 - 8 * UInt64(i)))
            bytes[8 + i] = UInt8(truncatingIfNeeded: b >> (56 - 8 * UInt64(i)))
        }
        bytes[6] = (bytes[6] & 0x0f) | 0x80 // version 8
        bytes[8] = (bytes[8] & 0x3f) | 0x80 // variant 10
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

/// Haptic feedback (UIKit's `UIFeedbackGenerator`). Panels have no haptic actuator Vitrine drives, so the
/// generators do nothing — as UIKit's do on devices without one (an iPad, say): code that plays feedback runs
/// unchanged.
@preconcurrency @MainActor
open class UIFeedbackGenerator: NSObject {
    public override init() { super.init() }
    /// Readies the actuator (nothing to ready).
    open func prepare() {}
}

/// Feedback for an impact (UIKit's `UIImpactFeedbackGenerator`): does nothing without an actuator.
@preconcurrency @MainActor
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    public let style: FeedbackStyle
    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }
    public override convenience init() { self.init(style: .medium) }
    open func impactOccurred() {}
    open func impactOccurred(intensity: CGFloat) {}
}

/// Feedback for a changed selection (UIKit's `UISelectionFeedbackGenerator`): does nothing without an actuator.
@preconcurrency @MainActor
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    open func selectionChanged() {}
}

/// Feedback for a task's outcome (UIKit's `UINotificationFeedbackGenerator`): does nothing without an actuator.
@preconcurrency @MainActor
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    open func notificationOccurred(_ notificationType: FeedbackType) {}
}

/// The idiom of the current device (the old macro, still in iOS code): `UIDevice.current.userInterfaceIdiom`.
@preconcurrency @MainActor
public func UI_USER_INTERFACE_IDIOM() -> UIUserInterfaceIdiom { UIDevice.current.userInterfaceIdiom }
