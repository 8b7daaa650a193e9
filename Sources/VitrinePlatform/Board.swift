import Foundation

/// A panel's description: which display to use and how it is mounted, and (for touch) which input device and
/// calibration. Read from `Board/<name>/board.json`:
///
/// ```json
/// {
///   "name": "qemu-virt",
///   "display": { "device": "/dev/dri/card0", "connector": "Virtual-1", "mode": "1280x800@60",
///                "rotation": 0, "scale": 1 },
///   "touch": { "device": "QEMU Virtio Touch", "calibration": [1, 0, 0, 0, 1, 0], "screen": "DSI-1",
///              "paths": ["/dev/input/event2"] },
///   "keyboard": { "layout": "de", "variant": "nodeadkeys", "options": "ctrl:nocaps",
///                 "onScreen": "automatic", "languages": ["de", "en"] },
///   "power": { "backlight": "intel_backlight", "idleSeconds": 300, "blank": "dpms" }
/// }
/// ```
/// Every field but `name` is optional; unknown fields are refused (a typo must not pass silently).
public struct BoardDescription: Sendable, Equatable {
    public var name: String
    /// `/dev/dri/cardN`; `nil`: the first card with a connected connector.
    public var device: String?
    /// Connector name (`HDMI-A-1`, `DSI-1`, `Virtual-1`); `nil`: the first connected one.
    public var connector: String?
    /// Mode size and refresh; `nil`: the connector's preferred mode.
    public var modeWidth: Int?
    public var modeHeight: Int?
    public var modeRefresh: Double?
    /// Clockwise rotation of the panel as mounted: 0, 90, 180 or 270.
    public var rotation: Int
    /// Points to pixels; `nil`: from the environment or the panel's physical size.
    public var scale: Double?
    /// What a bezel or rounded corners hide at each edge, in points (top, left, bottom, right): the windows' safe
    /// area insets (`display.safeAreaInsets`).
    public var safeAreaInsets: [Double]?
    /// The touch device's name (or a substring of it), and the calibration matrix (libinput's 2x3 layout).
    public var touchDevice: String?
    public var touchCalibration: [Double]?
    /// The connector whose screen the touch device covers; `nil`: the main screen.
    public var touchScreen: String?
    /// Device nodes for libinput's path backend when there is no udev daemon; empty: every /dev/input/event*.
    public var inputPaths: [String] = []
    /// The keyboard layout (xkb names); `nil`: "us".
    public var keyboardLayout: String?
    public var keyboardVariant: String?
    public var keyboardOptions: String?
    /// When the on-screen keyboard shows: "automatic" (for text input when no keyboard with letters is attached),
    /// "always" or "never"; `nil`: automatic.
    public var onScreenKeyboard: String?
    /// The on-screen keyboard's languages ("en", "de", "fr", "es", "ru"), first the default; empty: the locale's.
    public var keyboardLanguages: [String] = []
    /// The interface's style: "light" or "dark" (`VITRINE_APPEARANCE` overrides it); `nil`: light.
    public var appearance: String?
    /// The panel's backlight: a device name under `/sys/class/backlight`, or its sysfs directory; `nil`: the first
    /// one there is.
    public var backlight: String?
    /// Seconds without input before the screen blanks (unless the app disables its idle timer); `nil`: never.
    public var idleSeconds: Double?
    /// How the screen blanks: `.backlight` (backlight to 0) or `.dpms` (the display powered down); `nil`: the
    /// backlight when there is one, else DPMS.
    public var blankMethod: BlankMethod?
    /// Whether the screen reader runs from launch (`accessibility.screenReader`).
    public var screenReader = false
    /// The screen reader's speed in words per minute, 80 to 450 (`accessibility.speechRate`); `nil`: espeak-ng's 175.
    public var speechRate: Int?
    /// The screen reader's voice variant, applied in every language (`accessibility.voice`, an espeak-ng variant
    /// name such as `f3` or `m2`); `nil`: each language's own voice.
    public var voice: String?
    /// The ALSA device the screen reader speaks on (`accessibility.audioDevice`, a PCM name such as
    /// `plughw:CARD=Headphones` for a headset); `nil`: ALSA's `default`.
    public var audioDevice: String?

    /// How a screen goes dark when the idle timer fires.
    public enum BlankMethod: String, Sendable, Equatable {
        case backlight, dpms
    }

    public init(name: String, device: String? = nil, connector: String? = nil, modeWidth: Int? = nil, modeHeight: Int? = nil,
                modeRefresh: Double? = nil, rotation: Int = 0, scale: Double? = nil, touchDevice: String? = nil,
                touchCalibration: [Double]? = nil) {
        self.name = name; self.device = device; self.connector = connector; self.modeWidth = modeWidth
        self.modeHeight = modeHeight; self.modeRefresh = modeRefresh; self.rotation = rotation; self.scale = scale
        self.touchDevice = touchDevice; self.touchCalibration = touchCalibration
    }

    /// What a bad board file says: the file and the field.
    public struct Invalid: Error, CustomStringConvertible {
        public let file: String
        public let field: String
        public let problem: String
        public var description: String { "\(file): \(field): \(problem)" }
    }

    /// Reads and validates the board file at `path`.
    public static func load(path: String) throws -> BoardDescription {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Invalid(file: path, field: "(file)", problem: "cannot be read")
        }
        return try parse(data, file: path)
    }

    /// The file's shape, decoded with types (a boolean is not a number, a fraction is not an integer).
    private struct File: Decodable {
        struct Insets: Decodable { var top, left, bottom, right: Double? }
        struct Display: Decodable {
            var device, connector, mode: String?; var rotation: Int?; var scale: Double?; var safeAreaInsets: Insets?
        }
        struct Touch: Decodable { var device: String?; var calibration: [Double]?; var screen: String?; var paths: [String]? }
        struct Keyboard: Decodable { var layout, variant, options, onScreen: String?; var languages: [String]? }
        struct Power: Decodable { var backlight: String?; var idleSeconds: Double?; var blank: String? }
        struct Accessibility: Decodable { var screenReader: Bool?; var speechRate: Int?; var voice: String?; var audioDevice: String? }
        var name: String?
        var description: String?
        var display: Display?
        var touch: Touch?
        var keyboard: Keyboard?
        var power: Power?
        var appearance: String?
        var accessibility: Accessibility?
    }

    /// Parses and validates board JSON (`file` names it in errors).
    public static func parse(_ data: Data, file: String) throws -> BoardDescription {
        func fail(_ field: String, _ problem: String) -> Invalid { Invalid(file: file, field: field, problem: problem) }
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw fail("(file)", "is not valid JSON (\(error.localizedDescription))")
        }
        guard let top = json as? [String: Any] else { throw fail("(file)", "must be a JSON object") }
        try checkKeys(top, allowed: ["name", "display", "touch", "keyboard", "power", "description", "appearance", "accessibility"],
                      prefix: "", fail)
        if let display = top["display"] as? [String: Any] {
            try checkKeys(display, allowed: ["device", "connector", "mode", "rotation", "scale", "safeAreaInsets"], prefix: "display.", fail)
            if let insets = display["safeAreaInsets"] as? [String: Any] {
                try checkKeys(insets, allowed: ["top", "left", "bottom", "right"], prefix: "display.safeAreaInsets.", fail)
            }
            // JSONDecoder reports a fraction where an integer belongs without saying where; say it here.
            if let r = display["rotation"] as? Double, !(display["rotation"] is String), r != r.rounded() {
                throw fail("display.rotation", "must be 0, 90, 180 or 270, got \(r)")
            }
        }
        if let touch = top["touch"] as? [String: Any] {
            try checkKeys(touch, allowed: ["device", "calibration", "screen", "paths"], prefix: "touch.", fail)
        }
        if let keyboard = top["keyboard"] as? [String: Any] {
            try checkKeys(keyboard, allowed: ["layout", "variant", "options", "onScreen", "languages"], prefix: "keyboard.", fail)
        }
        if let power = top["power"] as? [String: Any] {
            try checkKeys(power, allowed: ["backlight", "idleSeconds", "blank"], prefix: "power.", fail)
        }
        if let accessibility = top["accessibility"] as? [String: Any] {
            try checkKeys(accessibility, allowed: ["screenReader", "speechRate", "voice", "audioDevice"], prefix: "accessibility.", fail)
        }
        let decoded: File
        do {
            decoded = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.typeMismatch(type, context) {
            throw fail(fieldName(context.codingPath), "must be \(typeDescription(type))")
        } catch let DecodingError.dataCorrupted(context) {
            throw fail(fieldName(context.codingPath), context.debugDescription)
        } catch {
            throw fail("(file)", "\(error)")
        }
        guard let name = decoded.name, !name.isEmpty else { throw fail("name", "a non-empty string is required") }
        var board = BoardDescription(name: name)
        if let display = decoded.display {
            board.device = try nonEmpty(display.device, "display.device", fail)
            if let device = board.device, !device.hasPrefix("/dev/") { throw fail("display.device", "must be a path under /dev, got '\(device)'") }
            board.connector = try nonEmpty(display.connector, "display.connector", fail)
            if let mode = display.mode {
                guard let parsed = parseMode(mode) else { throw fail("display.mode", "must be WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, got '\(mode)'") }
                (board.modeWidth, board.modeHeight, board.modeRefresh) = parsed
            }
            if let r = display.rotation {
                guard [0, 90, 180, 270].contains(r) else { throw fail("display.rotation", "must be 0, 90, 180 or 270, got \(r)") }
                board.rotation = r
            }
            if let scale = display.scale {
                guard scale > 0, scale <= 4 else { throw fail("display.scale", "must be above 0 and at most 4, got \(scale)") }
                board.scale = scale
            }
            if let insets = display.safeAreaInsets {
                let values = [insets.top, insets.left, insets.bottom, insets.right].map { $0 ?? 0 }
                for (name, v) in zip(["top", "left", "bottom", "right"], values) where !(v >= 0 && v.isFinite && v < 10_000) {
                    throw fail("display.safeAreaInsets.\(name)", "must be a number of points from 0, got \(v)")
                }
                board.safeAreaInsets = values
            }
        }
        if let touch = decoded.touch {
            board.touchDevice = try nonEmpty(touch.device, "touch.device", fail)
            if let calibration = touch.calibration {
                guard calibration.count == 6, calibration.allSatisfy(\.isFinite) else {
                    throw fail("touch.calibration", "must be six numbers (a 2x3 matrix, libinput's layout)")
                }
                board.touchCalibration = calibration
            }
            board.touchScreen = try nonEmpty(touch.screen, "touch.screen", fail)
            for path in touch.paths ?? [] where !path.hasPrefix("/dev/input/") {
                throw fail("touch.paths", "must be device nodes under /dev/input, got '\(path)'")
            }
            board.inputPaths = touch.paths ?? []
        }
        if let keyboard = decoded.keyboard {
            board.keyboardLayout = try nonEmpty(keyboard.layout, "keyboard.layout", fail)
            board.keyboardVariant = try nonEmpty(keyboard.variant, "keyboard.variant", fail)
            board.keyboardOptions = try nonEmpty(keyboard.options, "keyboard.options", fail)
            if let mode = keyboard.onScreen {
                guard ["automatic", "always", "never"].contains(mode) else {
                    throw fail("keyboard.onScreen", "must be \"automatic\", \"always\" or \"never\", got '\(mode)'")
                }
                board.onScreenKeyboard = mode
            }
            for code in keyboard.languages ?? [] where !["en", "de", "fr", "es", "ru"].contains(code) {
                throw fail("keyboard.languages", "must be among en, de, fr, es, ru, got '\(code)'")
            }
            board.keyboardLanguages = keyboard.languages ?? []
        }
        if let appearance = decoded.appearance {
            guard ["light", "dark"].contains(appearance) else { throw fail("appearance", "must be \"light\" or \"dark\", got '\(appearance)'") }
            board.appearance = appearance
        }
        if let accessibility = decoded.accessibility {
            board.screenReader = accessibility.screenReader ?? false
            if let rate = accessibility.speechRate {
                guard (80...450).contains(rate) else { throw fail("accessibility.speechRate", "must be 80 to 450 words a minute, got \(rate)") }
                board.speechRate = rate
            }
            if let voice = accessibility.voice {
                // A variant's file name under espeak-ng-data/voices/!v (letters, digits, '_' and '-').
                guard !voice.isEmpty, voice.count <= 32,
                      voice.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII || $0 == "_" || $0 == "-" }) else {
                    throw fail("accessibility.voice", "must be an espeak-ng voice variant's name (such as \"f3\"), got '\(voice)'")
                }
                board.voice = voice
            }
            if let device = accessibility.audioDevice {
                guard !device.isEmpty, device.count <= 128, !device.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == " " }) else {
                    throw fail("accessibility.audioDevice", "must be an ALSA device name (such as \"plughw:CARD=Headphones\"), got '\(device)'")
                }
                board.audioDevice = device
            }
        }
        if let power = decoded.power {
            board.backlight = try nonEmpty(power.backlight, "power.backlight", fail)
            if let seconds = power.idleSeconds {
                guard seconds > 0, seconds.isFinite else { throw fail("power.idleSeconds", "must be a positive number of seconds, got \(seconds)") }
                board.idleSeconds = seconds
            }
            if let blank = power.blank {
                guard let method = BlankMethod(rawValue: blank) else { throw fail("power.blank", "must be \"backlight\" or \"dpms\", got '\(blank)'") }
                board.blankMethod = method
            }
        }
        return board
    }

    private static func fieldName(_ path: [any CodingKey]) -> String {
        path.isEmpty ? "(file)" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func typeDescription(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        default: return "\(type)"
        }
    }

    private static func nonEmpty(_ value: String?, _ field: String, _ fail: (String, String) -> Invalid) throws -> String? {
        guard let value else { return nil }
        guard !value.isEmpty else { throw fail(field, "must be a non-empty string") }
        return value
    }

    private static func checkKeys(_ object: [String: Any], allowed: Set<String>, prefix: String,
                                  _ fail: (String, String) -> Invalid) throws {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw fail(prefix + key, "unknown field (known: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// `1280x800` or `1280x800@60`.
    static func parseMode(_ text: String) -> (Int, Int, Double?)? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        let size = parts[0].split(separator: "x")
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        guard parts.count == 2 else { return (w, h, nil) }
        guard let hz = Double(parts[1]), hz > 0, hz <= 1000 else { return nil }
        return (w, h, hz)
    }

    /// Finds a board by name or path: a path (containing `/` or ending in `.json`) is read as is; a name is
    /// looked up as `<dir>/<name>/board.json` in `$VITRINE_BOARD_DIR`, `./Board` and `/etc/vitrine/boards`.
    public static func find(_ nameOrPath: String) throws -> BoardDescription {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") { return try load(path: nameOrPath) }
        var dirs = ["Board", "/etc/vitrine/boards"]
        if let dir = VitrineSettings.current.boardDirectory { dirs.insert(dir, at: 0) }
        for dir in dirs {
            let path = "\(dir)/\(nameOrPath)/board.json"
            if FileManager.default.fileExists(atPath: path) { return try load(path: path) }
        }
        throw Invalid(file: nameOrPath, field: "(board)", problem: "no board of that name in \(dirs.joined(separator: ", "))")
    }

    /// The display configuration this board asks for (device, connector, mode and how the panel is mounted).
    public var kmsConfiguration: KMSConfiguration {
        var configuration = KMSConfiguration(devicePath: device, connectorName: connector, modeWidth: modeWidth,
                                             modeHeight: modeHeight, modeRefresh: modeRefresh)
        configuration.rotation = rotation
        return configuration
    }
}

/// The points-to-pixels scale for a panel, when neither the board nor the environment sets one: from the
/// connector's physical size when it is plausible, else 1.
///
/// Rule: EDID and panel drivers often report 0 mm, or nonsense (a projector's 1600x900 mm, a TV's
/// aspect-ratio-only 16x9 "mm"). A size counts only if both sides are 40–1000 mm and the pixel aspect it
/// implies is within 10% of square. Then the density in pixels per inch, divided by 160 (iOS's 1x is about
/// 160–165 ppi), rounded to the nearest of 1, 1.5, 2 and 3, is the scale.
public func panelScale(pixelWidth: Int, pixelHeight: Int, widthMillimetres: Int, heightMillimetres: Int) -> Double {
    guard (40...1000).contains(widthMillimetres), (40...1000).contains(heightMillimetres), pixelWidth > 0, pixelHeight > 0 else { return 1 }
    let ppiX = Double(pixelWidth) / (Double(widthMillimetres) / 25.4)
    let ppiY = Double(pixelHeight) / (Double(heightMillimetres) / 25.4)
    guard abs(ppiX - ppiY) / max(ppiX, ppiY) <= 0.1 else { return 1 }
    let ideal = (ppiX + ppiY) / 2 / 160
    return [1, 1.5, 2, 3].min { abs($0 - ideal) < abs($1 - ideal) }!
}
