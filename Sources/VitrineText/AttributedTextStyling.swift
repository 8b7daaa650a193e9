import CoreGraphics
import Foundation

// Attributed strings' attributes as the text engine's styles: one reading of UIKit's keys (font, colour, kern,
// paragraph, background, underline, strikethrough, baseline offset) for everything that draws them — UIKit's labels
// and string drawing, and Quartz Core's text layer. The values UIKit defines (`UIFont`, `UIColor`,
// `NSParagraphStyle`) are known here through the protocols below, which UIKit's types adopt.

/// A font value in attributes (UIKit's `UIFont`).
package protocol TextFontConvertible {
    var textFont: TextFont { get }
}

/// A colour value in attributes (UIKit's `UIColor`; a `CGColor` is taken as it is).
package protocol TextColorConvertible {
    var textColor: CGColor { get }
}

/// A paragraph style value in attributes (UIKit's `NSParagraphStyle`).
package protocol TextParagraphConvertible {
    var textParagraphStyle: TextParagraphStyle { get }
}

package enum AttributedTextStyling {
    /// The style `attrs` give text: `defaultFont` and black where they say nothing, as UIKit and Core Text draw it.
    /// (`defaultFont` is made only when needed: most text names its font.)
    package static func style(_ attrs: [NSAttributedString.Key: Any]?, defaultFont: @autoclosure () -> TextFont,
                              defaultColor: CGColor = .black) -> TextStyle {
        let font = (attrs?[Key.font] as? any TextFontConvertible)?.textFont ?? defaultFont()
        var style = TextStyle(font: font, color: color(attrs?[Key.color]) ?? defaultColor, kern: points(attrs?[Key.kern]))
        guard let attrs else { return style }
        style.backgroundColor = color(attrs[Key.background])
        style.underline = decoration(attrs[Key.underline], color: attrs[Key.underlineColor])
        style.strikethrough = decoration(attrs[Key.strikethrough], color: attrs[Key.strikethroughColor])
        style.baselineOffset = points(attrs[Key.baselineOffset]) ?? 0
        return style
    }

    /// The paragraph style `attrs` give (the default when none).
    package static func paragraph(_ attrs: [NSAttributedString.Key: Any]?) -> TextParagraphStyle {
        (attrs?[Key.paragraph] as? any TextParagraphConvertible)?.textParagraphStyle ?? TextParagraphStyle()
    }

    /// An attributed string as styled runs and its paragraph style (the first one given).
    package static func styled(_ attributed: NSAttributedString, defaultFont: @autoclosure () -> TextFont,
                               defaultColor: CGColor = .black) -> (StyledText, TextParagraphStyle) {
        var runs: [(range: Range<Int>, style: TextStyle)] = []
        var paragraph: TextParagraphStyle?
        let whole = NSRange(location: 0, length: attributed.length)
        attributed.enumerateAttributes(in: whole) { attrs, range, _ in
            runs.append((range.location..<(range.location + range.length), style(attrs, defaultFont: defaultFont(),
                                                                                  defaultColor: defaultColor)))
            if paragraph == nil, attrs[Key.paragraph] != nil { paragraph = self.paragraph(attrs) }
        }
        if runs.isEmpty { runs = [(0..<0, style(nil, defaultFont: defaultFont(), defaultColor: defaultColor))] }
        return (StyledText(attributed.string, runs: runs), paragraph ?? TextParagraphStyle())
    }

    /// A colour attribute: a `CGColor` or a UIKit colour.
    package static func color(_ value: Any?) -> CGColor? {
        switch value {
        case let c as CGColor: return c
        case let c as any TextColorConvertible: return c.textColor
        default: return nil
        }
    }

    /// The text engine's decoration for an underline or strikethrough attribute: an `NSUnderlineStyle` raw value
    /// (`nil`: none).
    package static func decoration(_ value: Any?, color lineColor: Any?) -> TextDecoration? {
        let raw: Int
        switch value {
        case let v as Int: raw = v
        case let v as NSNumber: raw = v.intValue
        case let v as any RawRepresentable:
            guard let r = v.rawValue as? Int else { return nil }
            raw = r
        default: return nil
        }
        // The line kind is the low byte: 0 draws nothing, as on iOS.
        let kind = raw & 0xff
        guard kind != 0 else { return nil }
        let pattern: TextDecoration.Pattern
        switch raw & 0x0f00 {
        case 0x0100: pattern = .dot
        case 0x0200: pattern = .dash
        case 0x0300: pattern = .dashDot
        case 0x0400: pattern = .dashDotDot
        default: pattern = .solid
        }
        return TextDecoration(isThick: kind & 0x02 != 0 && kind != 0x09, isDouble: kind == 0x09, pattern: pattern,
                              byWord: raw & 0x8000 != 0, color: color(lineColor))
    }

    /// A number attribute as points (`CGFloat`, `Double`, `Int` or `NSNumber`).
    package static func points(_ value: Any?) -> CGFloat? {
        switch value {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: return nil
        }
    }

    /// The keys, by the names UIKit (and Core Text, for the ones they share) give them.
    private enum Key {
        static let font = NSAttributedString.Key("NSFont")
        static let color = NSAttributedString.Key("NSColor")
        static let kern = NSAttributedString.Key("NSKern")
        static let paragraph = NSAttributedString.Key("NSParagraphStyle")
        static let background = NSAttributedString.Key("NSBackgroundColor")
        static let underline = NSAttributedString.Key("NSUnderline")
        static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
        static let strikethrough = NSAttributedString.Key("NSStrikethrough")
        static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
        static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    }
}
