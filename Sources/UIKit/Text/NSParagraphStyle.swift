import CoreGraphics
import VitrineText

/// Horizontal text alignment (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// What happens to text that does not fit (UIKit's raw values).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// Paragraph settings for attributed text: alignment, line breaking, line spacing.
open class NSParagraphStyle: @unchecked Sendable {
    public internal(set) var alignment: NSTextAlignment = .natural
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    public internal(set) var lineSpacing: CGFloat = 0

    public init() {}

    /// Natural alignment, word wrapping, no extra spacing.
    public static let `default` = NSParagraphStyle()

    /// A mutable copy.
    public func mutableCopy() -> NSMutableParagraphStyle {
        let m = NSMutableParagraphStyle()
        m.alignment = alignment; m.lineBreakMode = lineBreakMode; m.lineSpacing = lineSpacing
        return m
    }

    package var textParagraphStyle: TextParagraphStyle {
        TextParagraphStyle(alignment: alignment.textAlignment, lineBreakMode: lineBreakMode.textLineBreakMode, lineSpacing: lineSpacing)
    }
}

extension NSTextAlignment {
    /// The text engine's alignment (the same numbering).
    var textAlignment: TextAlignment { TextAlignment(rawValue: rawValue) ?? .natural }
}

extension NSLineBreakMode {
    /// The text engine's line break mode (the same numbering).
    var textLineBreakMode: TextLineBreakMode { TextLineBreakMode(rawValue: rawValue) ?? .byWordWrapping }
}

/// A paragraph style you can change.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    public override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    public override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    public override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
}

extension NSAttributedString.Key {
    /// A `UIFont`; the system font at 12 points when absent (UIKit uses Helvetica 12).
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor`; black when absent.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// A number of points added after each character; 0 turns the font's kerning off.
    public static let kern = NSAttributedString.Key("NSKern")
}

/// Options for measuring and drawing strings.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lay out as multi-line text in the given width (without it, each paragraph is one line).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Use the font's leading for line height (Vitrine's line heights always include it).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncate the last line that fits in the given height, with an ellipsis.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Settings and results for string drawing (for source compatibility; Vitrine never scales text here).
open class NSStringDrawingContext {
    open var minimumScaleFactor: CGFloat = 0
    public internal(set) var actualScaleFactor: CGFloat = 1
    public internal(set) var totalBounds: CGRect = .zero
    public init() {}
}
