import CoreGraphics
import Foundation

extension UIImage {
    /// The base of image configurations (UIKit's `UIImage.Configuration`).
    open class Configuration: NSObject, NSCopying, @unchecked Sendable {
        public override init() { super.init() }
        open func copy(with zone: NSZone? = nil) -> Any { Configuration() }
    }

    /// How a symbol image is drawn (UIKit's `UIImage.SymbolConfiguration`): its point size, weight and scale, and
    /// colours. Values left unspecified are taken from the configuration it is applied over, else the defaults:
    /// 17 points, regular, medium scale, drawn in the tint.
    public final class SymbolConfiguration: Configuration, @unchecked Sendable {
        /// Stroke weights (UIKit's names).
        public enum Weight: Int, Sendable {
            case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        }

        /// Sizes relative to the point size.
        public enum Scale: Int, Sendable {
            case `default` = -1, unspecified = 0, small, medium, large
        }

        public private(set) var pointSize: CGFloat = 0
        public private(set) var weight: Weight = .unspecified
        public private(set) var scale: Scale = .unspecified
        /// One colour the symbol is drawn in (not the tint): UIKit's hierarchical rendering.
        public private(set) var hierarchicalColor: UIColor?
        /// Colours for the symbol's layers; these glyphs have one layer, drawn in the first.
        public private(set) var paletteColors: [UIColor]?

        public override init() { super.init() }

        public convenience init(pointSize: CGFloat) { self.init(); self.pointSize = pointSize }
        public convenience init(pointSize: CGFloat, weight: Weight) { self.init(pointSize: pointSize); self.weight = weight }
        public convenience init(pointSize: CGFloat, weight: Weight, scale: Scale) {
            self.init(pointSize: pointSize, weight: weight)
            self.scale = scale
        }
        public convenience init(weight: Weight) { self.init(); self.weight = weight }
        public convenience init(scale: Scale) { self.init(); self.scale = scale }
        /// The font's size (and its weight when it is a system font of a known weight).
        public convenience init(font: UIFont) { self.init(pointSize: font.pointSize) }
        public convenience init(font: UIFont, scale: Scale) { self.init(pointSize: font.pointSize); self.scale = scale }
        /// The size of the text style's font (at the current content size), so that a symbol matches text beside it.
        public convenience init(textStyle: UIFont.TextStyle) { self.init(font: .preferredFont(forTextStyle: textStyle)) }
        public convenience init(textStyle: UIFont.TextStyle, scale: Scale) {
            self.init(font: .preferredFont(forTextStyle: textStyle), scale: scale)
        }
        public convenience init(hierarchicalColor: UIColor) { self.init(); self.hierarchicalColor = hierarchicalColor }
        public convenience init(paletteColors: [UIColor]) { self.init(); self.paletteColors = paletteColors }

        /// A configuration that specifies nothing.
        public static var unspecified: SymbolConfiguration { SymbolConfiguration() }

        /// This configuration with `other`'s specified values on top.
        public func applying(_ other: Configuration?) -> SymbolConfiguration {
            let result = copy() as! SymbolConfiguration
            guard let other = other as? SymbolConfiguration else { return result }
            if other.pointSize > 0 { result.pointSize = other.pointSize }
            if other.weight != .unspecified { result.weight = other.weight }
            if other.scale != .unspecified { result.scale = other.scale }
            if let c = other.hierarchicalColor { result.hierarchicalColor = c; result.paletteColors = nil }
            if let c = other.paletteColors { result.paletteColors = c; result.hierarchicalColor = nil }
            return result
        }

        public override func copy(with zone: NSZone? = nil) -> Any {
            let c = SymbolConfiguration()
            c.pointSize = pointSize; c.weight = weight; c.scale = scale
            c.hierarchicalColor = hierarchicalColor; c.paletteColors = paletteColors
            return c
        }

        public override func isEqual(_ object: Any?) -> Bool {
            guard let o = object as? SymbolConfiguration else { return false }
            return o.pointSize == pointSize && o.weight == weight && o.scale == scale && o.hierarchicalColor == hierarchicalColor
                && o.paletteColors == paletteColors
        }

        public override var hash: Int { Int(pointSize * 10) ^ weight.rawValue << 8 ^ scale.rawValue << 12 }
    }

    /// The symbol image iOS names `name` (SF Symbols' names; the mapping is Tools/symbols/mapping.txt), drawn from the
    /// Material Icons font as a template image that follows the tint; nil for a name it does not know, as on iOS.
    @preconcurrency @MainActor
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// A symbol image drawn with `configuration` (a `SymbolConfiguration`; others are ignored).
    @preconcurrency @MainActor
    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        guard let glyph = symbolGlyphs[name] else { return nil }
        let config = SymbolConfiguration().applying(configuration)
        guard let drawn = Self.drawSymbol(glyph.codepoint, config) else { return nil }
        self.init(cgImage: drawn.image, scale: drawn.scale, orientation: .up)
        symbolName = name
        symbolConfiguration = config
        let colored = config.hierarchicalColor != nil || config.paletteColors?.isEmpty == false
        setRenderingMode(colored ? .alwaysOriginal : .alwaysTemplate)
    }

    /// Whether the image is a symbol (`UIImage(systemName:)`).
    public var isSymbolImage: Bool { symbolName != nil }

    /// The same symbol drawn with `configuration` applied over this one's (nil for a non-symbol image's
    /// `applyingSymbolConfiguration`, as on iOS; `withConfiguration` returns the image itself then).
    @preconcurrency @MainActor
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        guard let symbolName else { return nil }
        let applied = (symbolConfiguration ?? .unspecified).applying(configuration)
        guard let image = UIImage(systemName: symbolName, withConfiguration: applied) else { return nil }
        if renderingMode == .alwaysOriginal && applied.hierarchicalColor == nil && applied.paletteColors == nil {
            return image.withRenderingMode(.alwaysOriginal)
        }
        return image
    }

    @preconcurrency @MainActor
    public func withConfiguration(_ configuration: Configuration) -> UIImage {
        guard let symbol = configuration as? SymbolConfiguration else { return self }
        return applyingSymbolConfiguration(symbol) ?? self
    }

    @MainActor private static var warnedMissingSymbolFont = false

    /// The family of the font the symbols are drawn from (Debian's `fonts-material-design-icons-iconfont`).
    static let symbolFontFamily = "Material Icons"

    /// The point size a configuration asks for, scaled: small 0.8, large 1.25 of the point size (17 unless set).
    static func symbolPointSize(_ c: SymbolConfiguration) -> CGFloat {
        let base = c.pointSize > 0 ? c.pointSize : 17
        switch c.scale {
        case .small: return base * 0.8
        case .large: return base * 1.25
        default: return base
        }
    }

    /// Draws the glyph in a square a little larger than the point size (as a symbol's image is), heavier weights
    /// thickened by drawing it again around itself (the font has one weight; lighter ones draw as regular).
    @MainActor
    private static func drawSymbol(_ codepoint: UInt32, _ c: SymbolConfiguration) -> (image: CGImage, scale: CGFloat)? {
        guard let scalar = Unicode.Scalar(codepoint) else { return nil }
        guard let font = UIFont(name: symbolFontFamily, size: (symbolPointSize(c) * 1.25).rounded()) else {
            if !warnedMissingSymbolFont {
                warnedMissingSymbolFont = true
                FileHandle.standardError.write(Data("vitrine: symbol images need the '\(symbolFontFamily)' font (Debian package fonts-material-design-icons-iconfont); UIImage(systemName:) returns nil\n".utf8))
            }
            return nil
        }
        let side = font.pointSize
        let color = c.hierarchicalColor ?? c.paletteColors?.first ?? .black
        let text = String(Character(scalar)) as NSString
        let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: color]
        let measured = text.size(withAttributes: attributes)
        let heavier: CGFloat = switch c.weight {
        case .medium: 0.01
        case .semibold: 0.02
        case .bold: 0.03
        case .heavy: 0.04
        case .black: 0.05
        default: 0
        }
        let image = UIGraphicsImageRenderer(size: CGSize(width: side, height: side)).image { _ in
            let origin = CGPoint(x: (side - measured.width) / 2, y: (side - measured.height) / 2)
            text.draw(at: origin, withAttributes: attributes)
            if heavier > 0 {
                let d = side * heavier
                for i in 0..<8 {
                    let a = CGFloat(i) * .pi / 4
                    text.draw(at: CGPoint(x: origin.x + d * cos(a), y: origin.y + d * sin(a)), withAttributes: attributes)
                }
            }
        }
        guard let cg = image.cgImage else { return nil }
        return (cg, image.scale)
    }
}
