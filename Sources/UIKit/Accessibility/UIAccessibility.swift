import Foundation

/// The accessibility settings and announcements (UIKit's `UIAccessibility`), as a panel has them: the screen reader
/// runs when turned on (`UIApplication.startScreenReader()`; it hears the notifications apps post), no switch control
/// runs, and transparency is reduced (Vitrine draws blur materials as their reduced-transparency fills). The other
/// settings do not change while the app runs.
@preconcurrency @MainActor
public enum UIAccessibility {
    /// What an announcement is about (UIKit's `UIAccessibility.Notification`).
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let screenChanged = Notification(rawValue: 1000)
        public static let layoutChanged = Notification(rawValue: 1001)
        public static let announcement = Notification(rawValue: 1008)
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    /// Which assistive technology `focusedElement(using:)` asks about.
    public struct AssistiveTechnologyIdentifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let notificationVoiceOver = AssistiveTechnologyIdentifier(rawValue: "UIAccessibilityNotificationVoiceOverIdentifier")
        public static let notificationSwitchControl = AssistiveTechnologyIdentifier(rawValue: "UIAccessibilityNotificationSwitchControlIdentifier")
    }

    /// Tells assistive technologies of a change: an announcement (a string) is spoken after what is being said; a
    /// screen change moves the focus to the argument (an element) or the first element; a layout change to the
    /// argument, or keeps it where it is; a page scroll speaks its argument ("page 2 of 5").
    public static func post(notification: Notification, argument: Any?) {
        UIApplication.sharedApplication?.screenReader?.post(notification, argument: argument)
    }

    /// The element the screen reader has focused (`nil` when it is not running, or for switch control).
    public static func focusedElement(using assistiveTechnologyIdentifier: AssistiveTechnologyIdentifier?) -> Any? {
        guard assistiveTechnologyIdentifier == nil || assistiveTechnologyIdentifier == .notificationVoiceOver,
              let reader = UIApplication.sharedApplication?.screenReader, reader.isRunning else { return nil }
        return reader.focused
    }

    /// True: materials (`UIBlurEffect`) are drawn as their reduced-transparency fills.
    public static var isReduceTransparencyEnabled: Bool { true }
    public static var isReduceMotionEnabled: Bool { false }
    /// Whether the screen reader runs (posts `voiceOverStatusDidChangeNotification` when that changes).
    public static var isVoiceOverRunning: Bool { UIApplication.sharedApplication?.screenReader?.isRunning ?? false }
    public static var isSwitchControlRunning: Bool { false }
    public static var isBoldTextEnabled: Bool { false }
    public static var isDarkerSystemColorsEnabled: Bool { false }
    public static var isGrayscaleEnabled: Bool { false }
    public static var isInvertColorsEnabled: Bool { false }
    public static var isMonoAudioEnabled: Bool { false }
    public static var isClosedCaptioningEnabled: Bool { false }
    public static var isShakeToUndoEnabled: Bool { false }
    public static var isGuidedAccessEnabled: Bool { false }
    public static var shouldDifferentiateWithoutColor: Bool { false }
    public static var isOnOffSwitchLabelsEnabled: Bool { false }
    public static var isVideoAutoplayEnabled: Bool { true }

    nonisolated public static let reduceTransparencyStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceTransparencyStatusDidChangeNotification")
    nonisolated public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
    nonisolated public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")
    nonisolated public static let boldTextStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityBoldTextStatusDidChangeNotification")
    nonisolated public static let darkerSystemColorsStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")
}
