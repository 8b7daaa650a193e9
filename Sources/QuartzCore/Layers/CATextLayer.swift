@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrineText

/// How a text layer shortens a line that does not fit its width.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The line is cut off at the edge.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// An ellipsis replaces the start.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// An ellipsis replaces the end.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// An ellipsis replaces the middle.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a text layer lines its text up across its width.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Left for left-to-right text, right for right-to-left.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Lines other than the last stretched to the full width.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// A layer that draws a string, plain or attributed, from the top of its bounds: on one line (or one per line
/// break) unless `isWrapped`, shortened by `truncationMode`, lined up by `alignmentMode`. `fontSize` and
/// `foregroundColor` animate, implicitly and explicitly, by redrawing the layer.
///
/// As on iOS, the text is drawn at `contentsScale` (1 unless set): give the layer the screen's scale for sharp
/// text (`textLayer.contentsScale = UIScreen.main.scale`).
@preconcurrency @MainActor
open class CATextLayer: CALayer {
    /// The text: a `String` (drawn in `font`, `fontSize` and `foregroundColor`) or an `NSAttributedString` (drawn in
    /// its own attributes, which those three do not change; the system font at 12 points and black where it
    /// names none).
    open var string: Any? { didSet { setNeedsDisplay() } }
    /// The face of a plain string: a `UIFont`, a `CGFont`, or a font's name (`"Noto Sans"` as `String` or
    /// `CFString`); the system font when `nil` or not found. Its size is `fontSize`, whatever the font's own.
    open var font: CFTypeRef? { didSet { setNeedsDisplay() } }
    /// The size of a plain string's font, in points.
    open var fontSize: CGFloat = 36 { didSet { contentPropertyDidChange("fontSize", from: oldValue) } }
    /// The colour of a plain string (opaque white by default).
    open var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) {
        didSet { contentPropertyDidChange("foregroundColor", from: oldValue as Any) }
    }
    /// Whether lines wrap at the layer's width (by words) rather than running past it.
    open var isWrapped = false { didSet { setNeedsDisplay() } }
    open var truncationMode: CATextLayerTruncationMode = .none { didSet { setNeedsDisplay() } }
    open var alignmentMode: CATextLayerAlignmentMode = .natural { didSet { setNeedsDisplay() } }
    /// Kept: glyphs are always placed at fractional positions.
    open var allowsFontSubpixelQuantization = false

    public required init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override var drawsContentOfItsOwn: Bool { true }

    public required init(layer: Any) {
        super.init(layer: layer)
        needsDisplayOnBoundsChange = true
        if let other = layer as? CATextLayer {
            CATransaction.withActionsDisabled {
                string = other.string; font = other.font; fontSize = other.fontSize
                foregroundColor = other.foregroundColor; isWrapped = other.isWrapped
                truncationMode = other.truncationMode; alignmentMode = other.alignmentMode
                allowsFontSubpixelQuantization = other.allowsFontSubpixelQuantization
            }
        }
    }

    /// A basic animation from the old value for `fontSize` and `foregroundColor`; Core Animation's defaults for the
    /// rest.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        isContentKey(event) ? CABasicAnimation(keyPath: event) : super.defaultAction(forKey: event)
    }

    /// Lays the text out in the bounds and draws it with the values on screen now.
    open override func draw(in ctx: CGContext) {
        super.draw(in: ctx)
        guard bounds.width > 0, bounds.height > 0, let (text, paragraph) = styledText() else { return }
        let layout = Self.layout(text, paragraph, in: bounds.size, wrapped: isWrapped, truncation: truncationMode)
        layout.draw(in: ctx, at: bounds.origin, alignmentWidth: bounds.width)
    }

    // MARK: Text

    /// The string with its styles, or nil when there is nothing to draw.
    private func styledText() -> (StyledText, TextParagraphStyle)? {
        var paragraph = TextParagraphStyle()
        var styled: StyledText
        switch string {
        case let attributed as NSAttributedString:
            guard attributed.length > 0 else { return nil }
            (styled, paragraph) = AttributedTextStyling.styled(attributed, defaultFont: Self.systemFont(size: 12))
        case let plain as String:
            guard !plain.isEmpty else { return nil }
            styled = StyledText(plain, style: plainStyle())
        case let plain as NSString:
            guard plain.length > 0 else { return nil }
            styled = StyledText(plain as String, style: plainStyle())
        default:
            return nil
        }
        // The layer's alignment decides, as Core Animation's does for attributed strings too.
        switch alignmentMode {
        case .left: paragraph.alignment = .left
        case .right: paragraph.alignment = .right
        case .center: paragraph.alignment = .center
        case .justified: paragraph.alignment = .justified
        default: paragraph.alignment = .natural
        }
        return (styled, paragraph)
    }

    private func plainStyle() -> TextStyle {
        let size = animatedContentNumber("fontSize", fontSize)
        let color = animatedContentColor("foregroundColor", foregroundColor)
        return TextStyle(font: Self.resolve(font, size: Swift.max(size, 0.5)), color: color ?? .black)
    }

    /// `font` as a face at `size`: a UIKit font's face, a Core Graphics font's (registered if it is not yet), a
    /// named face; the system font otherwise.
    private static func resolve(_ font: CFTypeRef?, size: CGFloat) -> TextFont {
        switch font {
        case let f as any TextFontConvertible:
            return TextFont(face: f.textFont.face, size: size)
        case let f as CGFont:
            for name in [f.names.postScriptName, f.names.fullName] {
                if let face = FontCatalog.shared.face(family: name) { return TextFont(face: face, size: size) }
            }
            if let face = (try? FontCatalog.shared.register(data: f.data, allFaces: false))?.first {
                return TextFont(face: face, size: size)
            }
        case let name as String:
            if let face = FontCatalog.shared.face(family: name) { return TextFont(face: face, size: size) }
        case let name as NSString:
            if let face = FontCatalog.shared.face(family: name as String) { return TextFont(face: face, size: size) }
        default:
            break
        }
        return systemFont(size: size)
    }

    private static func systemFont(size: CGFloat) -> TextFont {
        guard let face = FontCatalog.shared.face(family: FontCatalog.systemFamily) ?? FontCatalog.shared.fallbacks.first else {
            preconditionFailure("CATextLayer: no font is installed (UIApplicationMain refuses to launch without one)")
        }
        return TextFont(face: face, size: size)
    }

    /// Lines for the bounds: wrapped by words (or not at all), and when truncating, the last line that fits (or
    /// each unwrapped line) shortened with an ellipsis.
    private static func layout(_ text: StyledText, _ paragraph: TextParagraphStyle, in size: CGSize, wrapped: Bool,
                               truncation: CATextLayerTruncationMode) -> TextLayout {
        var p = paragraph
        let truncating: TextLineBreakMode?
        switch truncation {
        case .start: truncating = .byTruncatingHead
        case .middle: truncating = .byTruncatingMiddle
        case .end: truncating = .byTruncatingTail
        default: truncating = nil
        }
        guard wrapped else {
            // One line, shortened to the width; text of several lines (line breaks) runs past it, cut off.
            if let truncating, !text.string.contains(where: \.isNewline) {
                p.lineBreakMode = truncating
                return TextLayout(text, paragraph: p, width: size.width, maximumLines: 1)
            }
            p.lineBreakMode = .byClipping
            return TextLayout(text, paragraph: p, width: nil)
        }
        p.lineBreakMode = .byWordWrapping
        let all = TextLayout(text, paragraph: p, width: size.width)
        guard let truncating, all.size.height > size.height + 0.001, all.lines.count > 1 else { return all }
        var fitting = 0
        for line in all.lines where line.top + line.height <= size.height + 0.001 { fitting += 1 }
        p.lineBreakMode = truncating
        return TextLayout(text, paragraph: p, width: size.width, maximumLines: Swift.max(1, fitting))
    }
}

extension CATextLayer: CALayerContentAnimating {
    static func isContentKey(_ key: String) -> Bool { key == "fontSize" || key == "foregroundColor" }

    func modelContentValue(forKey key: String) -> AnimationValue? {
        switch key {
        case "fontSize": return .number(Double(fontSize))
        case "foregroundColor": return .color(foregroundColor)
        default: return nil
        }
    }

    func setContentValue(_ value: AnimationValue, forKey key: String) {
        CATransaction.withActionsDisabled {
            switch (key, value) {
            case let ("fontSize", .number(v)): fontSize = CGFloat(v)
            case let ("foregroundColor", .color(c)): foregroundColor = c
            default: break
            }
        }
    }
}
