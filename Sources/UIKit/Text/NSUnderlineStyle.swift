import CoreGraphics
import Foundation
import VitrineText

/// How an underline or strikethrough looks: its thickness, its pattern and whether it skips the spaces between
/// words. Give an attribute its `rawValue` (`[.underlineStyle: NSUnderlineStyle.single.rawValue]`), as on iOS.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// One line, the font's underline thickness.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One line, twice as thick.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// A solid line (no pattern bits).
    public static let patternSolid = NSUnderlineStyle([])
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Only under (or through) words, not the spaces between them.
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

extension NSAttributedString.Key {
    /// An `NSUnderlineStyle` raw value (an `Int` or `NSNumber`): a line under the text; 0 for none.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A `UIColor` for the underline; the text's colour when absent.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// An `NSUnderlineStyle` raw value: a line through the text; 0 for none.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A `UIColor` for the strikethrough; the text's colour when absent.
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// A `UIColor` filled behind the text, the height of its line's ascent and descent; none when absent.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// A number of points the text is raised above the baseline (negative: lowered).
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
}

extension NSAttributedString.Key {
    /// An `NSShadow` for the text (kept in the string; not drawn yet: see the porting notes).
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// A `UIColor` for the glyphs' outline (kept; not drawn yet).
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// The outline's width in percent of the font size; negative also fills (kept; not drawn yet).
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// A `URL` or `String` the text links to (kept; not drawn or tappable yet).
    public static let link = NSAttributedString.Key("NSLink")
    /// The skew of the glyphs (kept; not drawn yet).
    public static let obliqueness = NSAttributedString.Key("NSObliqueness")
    /// The log of the glyphs' horizontal stretch (kept; not drawn yet).
    public static let expansion = NSAttributedString.Key("NSExpansion")
    /// 0 turns ligatures off, 1 leaves the font's (kept; the font's ligatures are always used).
    public static let ligature = NSAttributedString.Key("NSLigature")
}

/// A shadow's offset, blur and colour, for the `.shadow` text attribute.
open class NSShadow: NSObject {
    /// Right and down, in points.
    open var shadowOffset: CGSize = .zero
    /// The blur's radius, in points.
    open var shadowBlurRadius: CGFloat = 0
    /// A `UIColor`; black at a third opacity when `nil`, as UIKit draws it.
    open var shadowColor: Any?

    public override init() { super.init() }
}
