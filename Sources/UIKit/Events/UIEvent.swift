import CoreGraphics
import Foundation

/// A set of touches (or presses) that changed together: one device frame.
///
/// As in UIKit, the application reuses one touch event object for every touch event, so keep touches, not the
/// event, between calls.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// The kind of event.
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll, hover, transform }
    public enum EventSubtype: Int, Sendable { case none = 0 }

    /// `.touches` for touch events, `.presses` for keys.
    open var type: EventType { .touches }
    open var subtype: EventSubtype { .none }
    /// The time of the event, seconds on the uptime clock (as `UITouch.timestamp`).
    public internal(set) var timestamp: TimeInterval = 0

    /// Every touch in progress, including those that did not change in this event (`.stationary`).
    var touchesInProgress: [UITouch] = []

    public override init() { super.init() }

    /// All touches of the event (`nil` for events that are not touch events).
    open var allTouches: Set<UITouch>? { type == .touches ? Set(touchesInProgress) : nil }

    /// The touches that belong to `view` (began in it).
    open func touches(for view: UIView) -> Set<UITouch>? {
        Set(touchesInProgress.filter { $0.view === view })
    }

    /// The touches that belong to `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        Set(touchesInProgress.filter { $0.window === window })
    }

    /// The touches being delivered to `gesture`.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        Set(touchesInProgress.filter { $0.gestureRecognizers?.contains { $0 === gesture } ?? false })
    }

    /// Touches the device reported between frames, for drawing apps: the touch itself here (frames are not
    /// subdivided).
    open func coalescedTouches(for touch: UITouch) -> [UITouch]? { [touch] }
    open func predictedTouches(for touch: UITouch) -> [UITouch]? { [] }
}

/// A key on a hardware keyboard (iOS 13.4's `UIKey`), through the board's layout.
open class UIKey: @unchecked Sendable {
    /// The text the key types with its modifiers.
    public let characters: String
    /// The text without the modifiers.
    public let charactersIgnoringModifiers: String
    /// The modifiers held.
    public let modifierFlags: UIKeyModifierFlags
    /// The key's USB HID usage (layout-independent: the key's place on the keyboard).
    public let keyCode: UIKeyboardHIDUsage

    init(characters: String, charactersIgnoringModifiers: String, modifierFlags: UIKeyModifierFlags, keyCode: UIKeyboardHIDUsage) {
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
        self.keyCode = keyCode
    }
}

/// Modifier keys, as UIKit numbers them.
public struct UIKeyModifierFlags: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// USB HID keyboard usages (the page 7 codes UIKit's `UIKeyboardHIDUsage` uses).
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let keyboardErrorUndefined = UIKeyboardHIDUsage(rawValue: 0x03)
    public static let keyboardA = UIKeyboardHIDUsage(rawValue: 0x04)
    public static let keyboardZ = UIKeyboardHIDUsage(rawValue: 0x1D)
    public static let keyboard1 = UIKeyboardHIDUsage(rawValue: 0x1E)
    public static let keyboard0 = UIKeyboardHIDUsage(rawValue: 0x27)
    public static let keyboardReturnOrEnter = UIKeyboardHIDUsage(rawValue: 0x28)
    public static let keyboardEscape = UIKeyboardHIDUsage(rawValue: 0x29)
    public static let keyboardDeleteOrBackspace = UIKeyboardHIDUsage(rawValue: 0x2A)
    public static let keyboardTab = UIKeyboardHIDUsage(rawValue: 0x2B)
    public static let keyboardSpacebar = UIKeyboardHIDUsage(rawValue: 0x2C)
    public static let keyboardHome = UIKeyboardHIDUsage(rawValue: 0x4A)
    public static let keyboardPageUp = UIKeyboardHIDUsage(rawValue: 0x4B)
    public static let keyboardDeleteForward = UIKeyboardHIDUsage(rawValue: 0x4C)
    public static let keyboardEnd = UIKeyboardHIDUsage(rawValue: 0x4D)
    public static let keyboardPageDown = UIKeyboardHIDUsage(rawValue: 0x4E)
    public static let keyboardRightArrow = UIKeyboardHIDUsage(rawValue: 0x4F)
    public static let keyboardLeftArrow = UIKeyboardHIDUsage(rawValue: 0x50)
    public static let keyboardDownArrow = UIKeyboardHIDUsage(rawValue: 0x51)
    public static let keyboardUpArrow = UIKeyboardHIDUsage(rawValue: 0x52)
    public static let keypadEnter = UIKeyboardHIDUsage(rawValue: 0x58)
    public static let keyboardLeftControl = UIKeyboardHIDUsage(rawValue: 0xE0)
    public static let keyboardLeftShift = UIKeyboardHIDUsage(rawValue: 0xE1)
    public static let keyboardLeftAlt = UIKeyboardHIDUsage(rawValue: 0xE2)
    public static let keyboardLeftGUI = UIKeyboardHIDUsage(rawValue: 0xE3)

    /// The usage for a Linux evdev key code (the kernel's `hid-input` table, read backwards).
    static func fromEvdev(_ code: UInt32) -> UIKeyboardHIDUsage {
        UIKeyboardHIDUsage(rawValue: Int(evdevToHID[Int(code)] ?? 0x03))
    }

    /// evdev code -> HID usage for the keys a kiosk keyboard has.
    private static let evdevToHID: [Int: Int] = {
        var map: [Int: Int] = [:]
        // Letters in evdev's QWERTY order, digits, and the rest of the main block.
        let letters: [(Int, Character)] = [(16, "q"), (17, "w"), (18, "e"), (19, "r"), (20, "t"), (21, "y"), (22, "u"), (23, "i"),
                                           (24, "o"), (25, "p"), (30, "a"), (31, "s"), (32, "d"), (33, "f"), (34, "g"), (35, "h"),
                                           (36, "j"), (37, "k"), (38, "l"), (44, "z"), (45, "x"), (46, "c"), (47, "v"), (48, "b"),
                                           (49, "n"), (50, "m")]
        for (code, ch) in letters { map[code] = 0x04 + Int(ch.asciiValue! - Character("a").asciiValue!) }
        for digit in 1...9 { map[1 + digit] = 0x1D + digit } // KEY_1 (2) -> 0x1E
        map[11] = 0x27                                         // KEY_0
        let rest: [Int: Int] = [28: 0x28, 1: 0x29, 14: 0x2A, 15: 0x2B, 57: 0x2C, 12: 0x2D, 13: 0x2E, 26: 0x2F, 27: 0x30,
                                43: 0x31, 39: 0x33, 40: 0x34, 41: 0x35, 51: 0x36, 52: 0x37, 53: 0x38, 58: 0x39,
                                59: 0x3A, 60: 0x3B, 61: 0x3C, 62: 0x3D, 63: 0x3E, 64: 0x3F, 65: 0x40, 66: 0x41, 67: 0x42,
                                68: 0x43, 87: 0x44, 88: 0x45, 110: 0x49, 102: 0x4A, 104: 0x4B, 111: 0x4C, 107: 0x4D,
                                109: 0x4E, 106: 0x4F, 105: 0x50, 108: 0x51, 103: 0x52, 96: 0x58, 86: 0x64,
                                29: 0xE0, 42: 0xE1, 56: 0xE2, 125: 0xE3, 97: 0xE4, 54: 0xE5, 100: 0xE6, 126: 0xE7]
        map.merge(rest) { a, _ in a }
        return map
    }()
}

/// A physical button press (a key), delivered to the first responder.
@preconcurrency @MainActor
open class UIPress: NSObject {
    public enum Phase: Int, Sendable { case began, changed, stationary, ended, cancelled }


    public internal(set) var phase: Phase = .began
    public internal(set) var timestamp: TimeInterval = 0
    /// The key pressed.
    public internal(set) var key: UIKey?
    /// The responder the press goes to (the first responder when it began).
    public internal(set) weak var responder: UIResponder?
    public internal(set) weak var window: UIWindow?
    /// A key command took the press: it goes to no responder.
    var takenByCommand = false
    /// Presses carry no force: 0.
    open var force: CGFloat { 0 }
    public override init() { super.init() }
}

/// The event for key presses.
@preconcurrency @MainActor
open class UIPressesEvent: UIEvent {
    open override var type: EventType { .presses }
    /// The presses in progress.
    open internal(set) var allPresses: Set<UIPress> = []
    /// The presses that changed in this event.
    var changedPresses: [UIPress] = []
    /// The presses that go to `gesture` (none: recognizers do not take presses on Vitrine).
    open func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> { [] }
}
