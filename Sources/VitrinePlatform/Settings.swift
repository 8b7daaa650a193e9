import Foundation

/// Vitrine's settings from the environment, read into one value (the Configuration article lists each variable,
/// its values and its default). Apps, the platform layer and the tools ask this value rather than the
/// environment: each setting has one name, one reading and one place to look. The command line and the board file
/// are read where they apply and take their turn around it (the command line first, the board file after).
public struct VitrineSettings: Sendable, Equatable {
    /// `VITRINE_DISPLAY`: `headless`, `kms`, or `nil` (the panel when one works).
    public var display: String?
    /// `VITRINE_BOARD`: the board file's name or path.
    public var board: String?
    /// `VITRINE_BOARD_DIR`: looked in first for board files.
    public var boardDirectory: String?
    /// `VITRINE_DRM_DEVICE`: the DRM card.
    public var drmDevice: String?
    /// `VITRINE_KMS_API=legacy`: SetCrtc and PageFlip even where atomic modesetting works.
    public var legacyKMS: Bool
    /// `VITRINE_SCALE`: points to pixels (a value that is not a number is ignored).
    public var scale: Double?
    /// Not `VITRINE_PLANE_ROTATION=0`: the plane may turn a rotated panel's picture.
    public var planeRotation: Bool
    /// Not `VITRINE_OVERLAY_PLANES=0`: an overlay plane may be used.
    public var overlayPlanes: Bool
    /// `VITRINE_SESSION`: `seat`, `direct`, or `nil` (libseat when a seat manager answers).
    public var session: String?
    /// `VITRINE_VT_SIGNALS=1`: answer fbrun's VT release and acquire signals.
    public var vtSignals: Bool
    /// Not `VITRINE_INPUT=none`: input devices are opened.
    public var inputDevices: Bool
    /// `VITRINE_INPUT_BACKEND=path`: libinput's path backend.
    public var inputPathBackend: Bool
    /// `VITRINE_INPUT_RECORD`: where every input event is written.
    public var inputRecording: String?
    /// `VITRINE_INPUT_REPLAY`: recordings played into the app, `:`-separated.
    public var inputReplay: String?
    /// `VITRINE_ONSCREEN_KEYBOARD`: `automatic`, `always` or `never` (checked where it is used).
    public var onScreenKeyboard: String?
    /// `VITRINE_APPEARANCE`: `light` or `dark` (checked where it is used).
    public var appearance: String?
    /// `VITRINE_LAYOUT_DIRECTION`: `ltr` or `rtl`.
    public var layoutDirection: String?
    /// `VITRINE_IDLE_SECONDS`, as written (checked where it is used).
    public var idleSeconds: String?
    /// `VITRINE_BACKLIGHT`: a backlight's name or path.
    public var backlight: String?
    /// `VITRINE_SYSFS`, else `/sys`.
    public var sysfs: String
    /// `VITRINE_MEMORY_PRESSURE`: the pressure-stall trigger, or `off`.
    public var memoryPressure: String?
    /// `VITRINE_RESOURCE_PATH`: more folders for `UIImage(named:)`, `:`-separated.
    public var resourcePath: [String]
    /// `VITRINE_LOG`: the log level's name.
    public var logLevel: String?
    /// `VITRINE_WRITEBACK_DIR`: captures through the writeback connector on request (tests).
    public var writebackDirectory: String?

    /// The settings `environment` gives.
    public init(environment: [String: String]) {
        display = environment["VITRINE_DISPLAY"]
        board = environment["VITRINE_BOARD"]
        boardDirectory = environment["VITRINE_BOARD_DIR"]
        drmDevice = environment["VITRINE_DRM_DEVICE"]
        legacyKMS = environment["VITRINE_KMS_API"] == "legacy"
        scale = environment["VITRINE_SCALE"].flatMap(Double.init)
        planeRotation = environment["VITRINE_PLANE_ROTATION"] != "0"
        overlayPlanes = environment["VITRINE_OVERLAY_PLANES"] != "0"
        session = environment["VITRINE_SESSION"]
        vtSignals = environment[DisplaySignals.environmentKey] == "1"
        inputDevices = environment["VITRINE_INPUT"] != "none"
        inputPathBackend = environment["VITRINE_INPUT_BACKEND"] == "path"
        inputRecording = environment["VITRINE_INPUT_RECORD"]
        inputReplay = environment["VITRINE_INPUT_REPLAY"]
        onScreenKeyboard = environment["VITRINE_ONSCREEN_KEYBOARD"]
        appearance = environment["VITRINE_APPEARANCE"]
        layoutDirection = environment["VITRINE_LAYOUT_DIRECTION"]
        idleSeconds = environment["VITRINE_IDLE_SECONDS"]
        backlight = environment["VITRINE_BACKLIGHT"]
        sysfs = environment["VITRINE_SYSFS"] ?? "/sys"
        memoryPressure = environment["VITRINE_MEMORY_PRESSURE"]
        resourcePath = environment["VITRINE_RESOURCE_PATH"].map { $0.split(separator: ":").map(String.init) } ?? []
        logLevel = environment["VITRINE_LOG"]
        writebackDirectory = environment["VITRINE_WRITEBACK_DIR"]
    }

    /// The process's settings, read from its environment at first use.
    public static var current: VitrineSettings {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let read = VitrineSettings(environment: ProcessInfo.processInfo.environment)
        stored = read
        return read
    }

    /// Reads the environment again (a test that changed it; the next `current` has the new values).
    public static func reload() {
        lock.lock()
        stored = nil
        lock.unlock()
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var stored: VitrineSettings?
}
