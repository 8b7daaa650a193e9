/// One event from an input device, as the platform hands it to UIKit: what libinput reported, reduced to the
/// facts the view system needs. Real devices (`InputSeat`), recordings (`InputRecording`) and tests produce the
/// same values, so everything above this type runs the same for all three.
///
/// Times are microseconds on `CLOCK_MONOTONIC` (the kernel's event time, the clock `MonotonicClock` reads).
/// Touch and absolute-pointer positions are normalised to 0...1 across the panel as it scans out (before the
/// panel's rotation; after the board's calibration matrix, which libinput applies).
public enum InputEvent: Sendable, Equatable {
    /// A finger touched: `slot` is unique across the seat for the contact's life (libinput's seat slot).
    case touchDown(time: UInt64, device: Int, slot: Int, x: Double, y: Double, major: Double?)
    /// A finger moved.
    case touchMotion(time: UInt64, device: Int, slot: Int, x: Double, y: Double, major: Double?)
    /// A finger lifted.
    case touchUp(time: UInt64, device: Int, slot: Int)
    /// The contact is no longer valid (palm detection, the device went away): the touch is cancelled.
    case touchCancel(time: UInt64, device: Int, slot: Int)
    /// The end of one device frame: every contact above happened at once.
    case touchFrame(time: UInt64, device: Int)
    /// A mouse or touchpad moved the pointer by (dx, dy) in device units (libinput's accelerated deltas).
    case pointerMotion(time: UInt64, device: Int, dx: Double, dy: Double)
    /// An absolute pointer (a tablet, QEMU's USB tablet) moved to a normalised position.
    case pointerAbsolute(time: UInt64, device: Int, x: Double, y: Double)
    /// A pointer button (evdev code: BTN_LEFT is 0x110) went down or up.
    case pointerButton(time: UInt64, device: Int, button: UInt32, pressed: Bool)
    /// A key (evdev code: KEY_A is 30) went down or up.
    case key(time: UInt64, device: Int, code: UInt32, pressed: Bool)
    /// A device arrived or left.
    case deviceAdded(time: UInt64, InputDeviceInfo)
    case deviceRemoved(time: UInt64, device: Int)

    /// The event's time, microseconds on `CLOCK_MONOTONIC`.
    public var time: UInt64 {
        switch self {
        case let .touchDown(t, _, _, _, _, _), let .touchMotion(t, _, _, _, _, _), let .touchUp(t, _, _),
             let .touchCancel(t, _, _), let .touchFrame(t, _), let .pointerMotion(t, _, _, _),
             let .pointerAbsolute(t, _, _, _), let .pointerButton(t, _, _, _), let .key(t, _, _, _),
             let .deviceAdded(t, _), let .deviceRemoved(t, _):
            return t
        }
    }

    /// The same event at another time (replays shift recordings to now).
    public func at(_ time: UInt64) -> InputEvent {
        switch self {
        case let .touchDown(_, d, s, x, y, m): return .touchDown(time: time, device: d, slot: s, x: x, y: y, major: m)
        case let .touchMotion(_, d, s, x, y, m): return .touchMotion(time: time, device: d, slot: s, x: x, y: y, major: m)
        case let .touchUp(_, d, s): return .touchUp(time: time, device: d, slot: s)
        case let .touchCancel(_, d, s): return .touchCancel(time: time, device: d, slot: s)
        case let .touchFrame(_, d): return .touchFrame(time: time, device: d)
        case let .pointerMotion(_, d, dx, dy): return .pointerMotion(time: time, device: d, dx: dx, dy: dy)
        case let .pointerAbsolute(_, d, x, y): return .pointerAbsolute(time: time, device: d, x: x, y: y)
        case let .pointerButton(_, d, b, p): return .pointerButton(time: time, device: d, button: b, pressed: p)
        case let .key(_, d, c, p): return .key(time: time, device: d, code: c, pressed: p)
        case let .deviceAdded(_, info): return .deviceAdded(time: time, info)
        case let .deviceRemoved(_, d): return .deviceRemoved(time: time, device: d)
        }
    }
}

/// What a device is, as far as the view system cares.
public struct InputDeviceInfo: Sendable, Equatable {
    /// What the device can do (a device may be several: a touchscreen with buttons is touch + keyboard).
    public struct Capabilities: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let touch = Capabilities(rawValue: 1)
        public static let pointer = Capabilities(rawValue: 2)
        public static let keyboard = Capabilities(rawValue: 4)
        /// A keyboard to type text on (it has letter keys; power buttons and media keys are keyboards without).
        public static let textKeys = Capabilities(rawValue: 8)
    }

    /// Unique for the process's life (never reused, so a late event of a removed device cannot reach a new one).
    public var id: Int
    public var name: String
    /// `/dev/input/eventN`, or a synthetic name (`replay`).
    public var node: String
    public var capabilities: Capabilities
    /// Touch devices: the physical size in millimetres when the device reports a resolution, for `majorRadius`.
    public var widthMillimetres: Double?
    public var heightMillimetres: Double?

    public init(id: Int, name: String, node: String, capabilities: Capabilities,
                widthMillimetres: Double? = nil, heightMillimetres: Double? = nil) {
        self.id = id; self.name = name; self.node = node; self.capabilities = capabilities
        self.widthMillimetres = widthMillimetres; self.heightMillimetres = heightMillimetres
    }
}

/// Where input events go: UIKit's event dispatch, a recorder, a test.
public typealias InputHandler = @MainActor (InputEvent) -> Void
