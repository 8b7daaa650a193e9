@_spi(VitrineInternals) import CoreGraphics
import VitrineText

// UIKit's string drawing additions (NSStringDrawing), on `String`, `NSString` and `NSAttributedString`.
// Text is laid out by Vitrine's text engine (HarfBuzz shaping, FriBidi reordering, font fallback) and drawn
// with cairo into the current context, so it is rasterised at the context's device pixels.

/// Turns UIKit attributes and strings into the text engine's styled text.
enum TextStyling {
    static var defaultFont: UIFont { UIFont.systemFont(ofSize: 12) }

    static func style(_ attrs: [NSAttributedString.Key: Any]?) -> TextStyle {
        AttributedTextStyling.style(attrs, defaultFont: defaultFont.textFont)
    }

    static func paragraph(_ attrs: [NSAttributedString.Key: Any]?) -> TextParagraphStyle {
        AttributedTextStyling.paragraph(attrs)
    }

    static func styled(_ string: String, _ attrs: [NSAttributedString.Key: Any]?) -> (StyledText, TextParagraphStyle) {
        (StyledText(string, style: style(attrs)), paragraph(attrs))
    }

    static func styled(_ attributed: NSAttributedString) -> (StyledText, TextParagraphStyle) {
        AttributedTextStyling.styled(attributed, defaultFont: defaultFont.textFont)
    }

    /// Lays out for a rectangle: wrapped to its width, as many lines as fit its height (at least one).
    static func layout(_ text: StyledText, _ paragraph: TextParagraphStyle, fitting size: CGSize, truncateLast: Bool = true) -> TextLayout {
        let all = TextLayout(text, paragraph: paragraph, width: size.width)
        guard size.height.isFinite, all.size.height > size.height + 0.001, all.lines.count > 1 else { return all }
        var fitting = 0
        for line in all.lines where line.top + line.height <= size.height + 0.001 { fitting += 1 }
        var p = paragraph
        if !truncateLast && p.lineBreakMode.rawValue >= TextLineBreakMode.byTruncatingHead.rawValue { p.lineBreakMode = .byWordWrapping }
        return TextLayout(text, paragraph: p, width: size.width, maximumLines: Swift.max(1, fitting))
    }
}

// UIKit's attribute values as the text engine reads them (AttributedTextStyling, shared with CATextLayer).
extension UIFont: TextFontConvertible {}
extension NSParagraphStyle: TextParagraphConvertible {}
extension UIColor: TextColorConvertible {
    package var textColor: CGColor { cgColor }
}

/// Recently drawn plain strings and their layouts. Redrawing the same text in the same style (a label's
/// content after a layout change, a list's rows) skips shaping. Bounded; emptied when full.
@preconcurrency @MainActor
@_spi(VitrineInternals)
public enum TextLayoutCache {
    struct Key: Hashable {
        var string: String
        var face: ObjectIdentifier
        var size: CGFloat
        var color: [CGFloat]
        var kern: CGFloat?
        var alignment: Int, lineBreak: Int
        var lineSpacing: CGFloat
        var width: CGFloat?
        var lines: Int
    }

    /// Forgets every cached layout (benchmarks use it to measure shaping from cold).
    public static func removeAll() { entries.removeAll(keepingCapacity: true) }

    static let capacity = 512
    static var entries: [Key: TextLayout] = [:]

    static func layout(_ string: String, _ attrs: [NSAttributedString.Key: Any]?, width: CGFloat? = nil, lines: Int = 0) -> TextLayout {
        let style = TextStyling.style(attrs), paragraph = TextStyling.paragraph(attrs)
        // (The key holds no decorations: decorated text is laid out each time, it is rare.)
        guard !style.isDecorated else {
            return TextLayout(StyledText(string, style: style), paragraph: paragraph, width: width, maximumLines: lines)
        }
        let c = style.color
        let key = Key(string: string, face: ObjectIdentifier(style.font.face), size: style.font.size,
                      color: [c.red, c.green, c.blue, c.alpha], kern: style.kern, alignment: paragraph.alignment.rawValue,
                      lineBreak: paragraph.lineBreakMode.rawValue, lineSpacing: paragraph.lineSpacing, width: width, lines: lines)
        if let hit = entries[key] { return hit }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        let made = TextLayout(StyledText(string, style: style), paragraph: paragraph, width: width, maximumLines: lines)
        entries[key] = made
        return made
    }
}

extension String {
    /// Draws the string on one line per paragraph with its top-left at `point`.
    @preconcurrency @MainActor public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        TextLayoutCache.layout(self, attrs).draw(in: c, at: point)
    }

    /// Draws the string wrapped to `rect`'s width; lines that do not fit its height are left out.
    @preconcurrency @MainActor public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        let (text, paragraph) = TextStyling.styled(self, attrs)
        TextStyling.layout(text, paragraph, fitting: rect.size).draw(in: c, at: rect.origin, alignmentWidth: rect.width)
    }

    /// The size the string takes on one line per paragraph.
    @preconcurrency @MainActor public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextLayoutCache.layout(self, attrs).size
    }

    /// The bounds the string takes within `size`: wrapped to its width with `.usesLineFragmentOrigin`, else one
    /// line per paragraph.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        let (text, paragraph) = TextStyling.styled(self, attributes)
        return TextStyling.boundingRect(text, paragraph, size, options, context)
    }
}

extension NSString {
    @preconcurrency @MainActor public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attrs)
    }
    @preconcurrency @MainActor public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attrs)
    }
    @preconcurrency @MainActor public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attrs)
    }
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

extension NSAttributedString {
    /// Draws the attributed string, one line per paragraph, with its top-left at `point`.
    @preconcurrency @MainActor public func draw(at point: CGPoint) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        let (text, paragraph) = TextStyling.styled(self)
        TextLayout(text, paragraph: paragraph).draw(in: c, at: point)
    }

    /// Draws the attributed string wrapped to `rect`.
    @preconcurrency @MainActor public func draw(in rect: CGRect) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        let (text, paragraph) = TextStyling.styled(self)
        TextStyling.layout(text, paragraph, fitting: rect.size).draw(in: c, at: rect.origin, alignmentWidth: rect.width)
    }

    public func size() -> CGSize {
        let (text, paragraph) = TextStyling.styled(self)
        return TextLayout(text, paragraph: paragraph).size
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        let (text, paragraph) = TextStyling.styled(self)
        return TextStyling.boundingRect(text, paragraph, size, options, context)
    }
}

extension TextStyling {
    static func boundingRect(_ text: StyledText, _ paragraph: TextParagraphStyle, _ size: CGSize,
                             _ options: NSStringDrawingOptions, _ context: NSStringDrawingContext?) -> CGRect {
        let layout: TextLayout
        if options.contains(.usesLineFragmentOrigin) {
            let width = size.width > 0 && size.width.isFinite && size.width < CGFloat(Int32.max) ? size.width : nil
            if options.contains(.truncatesLastVisibleLine), size.height.isFinite, size.height > 0, let width {
                var p = paragraph
                if p.lineBreakMode == .byWordWrapping || p.lineBreakMode == .byCharWrapping { p.lineBreakMode = .byTruncatingTail }
                layout = Self.layout(text, p, fitting: CGSize(width: width, height: size.height))
            } else {
                layout = TextLayout(text, paragraph: paragraph, width: width)
            }
        } else {
            layout = TextLayout(text, paragraph: paragraph)
        }
        let rect = CGRect(origin: .zero, size: layout.size)
        context?.totalBounds = rect
        return rect
    }
}
