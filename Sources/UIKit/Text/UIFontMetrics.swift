import CoreGraphics
import Foundation

/// The reader's preferred text size (UIKit's `UIContentSizeCategory`), in order from smallest to largest.
///
/// A panel has no Dynamic Type setting: the category is always `.large`, iOS's default, at which the text styles
/// have their standard sizes and `UIFontMetrics` scales by 1.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Posted when the category changes (never, on a panel), with the new one under `newValueUserInfoKey`.
    nonisolated public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    nonisolated public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

    private static let order: [UIContentSizeCategory] = [
        .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]
    private var rank: Int { Self.order.firstIndex(of: self) ?? 0 }

    /// Whether this is one of the accessibility sizes (larger than `.extraExtraExtraLarge`).
    public var isAccessibilityCategory: Bool { rank >= Self.order.firstIndex(of: .accessibilityMedium)! }

    public static func < (a: UIContentSizeCategory, b: UIContentSizeCategory) -> Bool { a.rank < b.rank }
}

extension UIApplication {
    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    var basePreferredContentSizeCategory: UIContentSizeCategory { .large }
}

extension UITraitCollection {
    /// The preferred text size the traits carry: `.large`, as on every panel.
    public var preferredContentSizeCategory: UIContentSizeCategory { .large }
}

extension UIFont {
    /// The text style's font for `traitCollection` (the same as `preferredFont(forTextStyle:)`: the size category
    /// is always `.large`).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        preferredFont(forTextStyle: style)
    }
}

/// Scales fonts and values for the reader's preferred text size (UIKit's `UIFontMetrics`). At `.large`, the only
/// category a panel has, the scale is 1: fonts keep their size (capped by `maximumPointSize`) and values their value.
@preconcurrency @MainActor
open class UIFontMetrics: NSObject {
    /// The metrics of the body style.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    public let textStyle: UIFont.TextStyle

    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
        super.init()
    }

    open func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, compatibleWith: nil) }

    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// `font` at its size for the category — its own, at `.large` — no bigger than `maximumPointSize` (0: no limit).
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        maximumPointSize > 0 && font.pointSize > maximumPointSize ? font.withSize(maximumPointSize) : font
    }

    /// `value` for the category: itself, at `.large`.
    open func scaledValue(for value: CGFloat) -> CGFloat { value }

    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat { value }
}
