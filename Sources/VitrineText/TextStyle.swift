import CoreGraphics
import Foundation

/// A face at a size: what one run of text is set in.
public struct TextFont: Hashable, @unchecked Sendable {
    public let face: FontFace
    /// The size in points (the em square).
    public let size: CGFloat

    public init(face: FontFace, size: CGFloat) {
        self.face = face
        self.size = size
    }

    public var ascender: CGFloat { face.ascender * size }
    /// Negative: below the baseline.
    public var descender: CGFloat { face.descender * size }
    public var leading: CGFloat { face.lineGap * size }
    /// Ascender to descender plus the line gap, as UIKit's `UIFont.lineHeight`.
    public var lineHeight: CGFloat { ascender - descender + leading }
}

/// How one range of text looks.
public struct TextStyle: @unchecked Sendable {
    public var font: TextFont
    public var color: CGColor
    /// Extra space after each character, in points; `nil` leaves the font's own kerning alone, `0` turns it off
    /// (UIKit's `.kern` attribute).
    public var kern: CGFloat?
    /// A fill behind the run's glyphs, the line's height tall (UIKit's `.backgroundColor` attribute).
    public var backgroundColor: CGColor?
    /// A line under the run (`.underlineStyle`, `.underlineColor`).
    public var underline: TextDecoration?
    /// A line through the run (`.strikethroughStyle`, `.strikethroughColor`).
    public var strikethrough: TextDecoration?
    /// Points the run's glyphs are raised above the baseline (negative: lowered) (`.baselineOffset`).
    public var baselineOffset: CGFloat = 0

    public init(font: TextFont, color: CGColor = .black, kern: CGFloat? = nil) {
        self.font = font
        self.color = color
        self.kern = kern
    }

    /// Whether the style draws anything beside its glyphs (a background or a line), or moves them off the baseline.
    public var isDecorated: Bool {
        backgroundColor != nil || underline != nil || strikethrough != nil || baselineOffset != 0
    }
}

/// A line drawn along a run of text: UIKit's underline and strikethrough styles (`NSUnderlineStyle`).
public struct TextDecoration: @unchecked Sendable {
    /// Dashes along the line, in multiples of its thickness (UIKit's dot, dash, dash-dot and dash-dot-dot patterns).
    public enum Pattern: Sendable { case solid, dot, dash, dashDot, dashDotDot }

    /// Twice the font's line thickness (`.thick`).
    public var isThick: Bool
    /// Two thin lines (`.double`).
    public var isDouble: Bool
    public var pattern: Pattern
    /// Only under the words, not the spaces between them (`.byWord`).
    public var byWord: Bool
    /// The line's colour; the run's text colour when `nil`.
    public var color: CGColor?

    public init(isThick: Bool = false, isDouble: Bool = false, pattern: Pattern = .solid, byWord: Bool = false,
                color: CGColor? = nil) {
        self.isThick = isThick
        self.isDouble = isDouble
        self.pattern = pattern
        self.byWord = byWord
        self.color = color
    }
}

/// Horizontal alignment of lines. `.natural` is left for left-to-right paragraphs and right for right-to-left
/// ones; `.justified` stretches the spaces of every line but a paragraph's last.
public enum TextAlignment: Int, Sendable {
    case left = 0, center, right, justified, natural
}

/// What happens to text that does not fit (UIKit's `NSLineBreakMode`).
public enum TextLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle

    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}

/// Paragraph-level settings.
public struct TextParagraphStyle: Sendable {
    public var alignment: TextAlignment
    public var lineBreakMode: TextLineBreakMode
    /// Extra space between lines, in points.
    public var lineSpacing: CGFloat

    public init(alignment: TextAlignment = .natural, lineBreakMode: TextLineBreakMode = .byWordWrapping, lineSpacing: CGFloat = 0) {
        self.alignment = alignment
        self.lineBreakMode = lineBreakMode
        self.lineSpacing = lineSpacing
    }
}

/// A string and the styles of its ranges (UTF-16 offsets, as `NSAttributedString` counts).
public struct StyledText: @unchecked Sendable {
    public var string: String
    public var runs: [(range: Range<Int>, style: TextStyle)]

    /// The whole string in one style.
    public init(_ string: String, style: TextStyle) {
        self.string = string
        runs = [(0..<string.utf16.count, style)]
    }

    /// Makes this the whole of `string` in one style, keeping the run list's storage: a label whose text changes
    /// every frame sets its text without allocating a new list each time.
    public mutating func set(_ string: String, style: TextStyle) {
        self.string = string
        runs.removeAll(keepingCapacity: true)
        runs.append((0..<string.utf16.count, style))
    }

    /// `runs` must cover the string; gaps take the style of the run before them.
    public init(_ string: String, runs: [(range: Range<Int>, style: TextStyle)]) {
        precondition(!runs.isEmpty, "StyledText needs at least one styled run")
        self.string = string
        self.runs = runs
    }
}
