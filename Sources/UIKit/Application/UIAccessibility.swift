import Foundation

/// The accessibility settings and announcements (UIKit's `UIAccessibility`), as a panel has them: no screen reader
/// or switch control runs, so announcements reach no one, and transparency is reduced (Vitrine draws blur materials
/// as their reduced-transparency fills). The settings do not change while the app runs.
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

    /// Tells assistive technologies of a change: none runs on a panel, so no one hears it.
    public static func post(notification: Notification, argument: Any?) {}

    /// True: materials (`UIBlurEffect`) are drawn as their reduced-transparency fills.
    public static var isReduceTransparencyEnabled: Bool { true }
    public static var isReduceMotionEnabled: Bool { false }
    public static var isVoiceOverRunning: Bool { false }
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
