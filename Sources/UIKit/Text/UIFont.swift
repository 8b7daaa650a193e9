import CoreGraphics
import Foundation
import VitrineText

/// A font: a face at a point size.
///
/// The system font is Noto Sans and the monospaced system font DejaVu Sans Mono (see `FontCatalog`); fonts
/// are found through fontconfig, so any installed font can be named with `UIFont(name:size:)`.
open class UIFont: NSObject, @unchecked Sendable {
    /// Font weights, with UIKit's values (-1...1).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        /// The nearest OpenType weight class (100...900).
        var openTypeWeight: Int {
            let table: [(CGFloat, Int)] = [(-0.8, 200), (-0.6, 100), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600),
                                           (0.4, 700), (0.56, 800), (0.62, 900)]
            return table.min { abs($0.0 - rawValue) < abs($1.0 - rawValue) }!.1
        }
    }

    package let textFont: TextFont

    init(textFont: TextFont) { self.textFont = textFont }

    /// The font named `fontName` (a family, full or PostScript name), or `nil` if it is not installed.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard let face = FontCatalog.shared.face(family: fontName) else { return nil }
        self.init(textFont: TextFont(face: face, size: Self.validSize(fontSize)))
    }

    /// The system font at `fontSize` and `weight`.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(textFont: TextFont(face: face(family: FontCatalog.systemFamily, weight: weight.openTypeWeight, italic: false),
                                  size: validSize(fontSize)))
    }

    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .regular) }
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { systemFont(ofSize: fontSize, weight: .bold) }
    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(textFont: TextFont(face: face(family: FontCatalog.systemFamily, weight: 400, italic: true), size: validSize(fontSize)))
    }

    /// A fixed-width font of the system's.
    public static func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(textFont: TextFont(face: face(family: FontCatalog.monospacedFamily, weight: weight.openTypeWeight, italic: false),
                                  size: validSize(fontSize)))
    }

    /// The system font with digits of one width, for figures that change in place (clocks, counters). Noto Sans
    /// already draws its digits tabular, so this is the system font.
    public static func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: fontSize, weight: weight)
    }

    /// The text styles of Dynamic Type.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size and weight at the default content size category (Large), as Apple's Human Interface Guidelines
        /// list them.
        var metrics: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: return (34, .regular)
            case .title1: return (28, .regular)
            case .title2: return (22, .regular)
            case .title3: return (20, .regular)
            case .headline: return (17, .semibold)
            case .subheadline: return (15, .regular)
            case .callout: return (16, .regular)
            case .footnote: return (13, .regular)
            case .caption1: return (12, .regular)
            case .caption2: return (11, .regular)
            default: return (17, .regular)
            }
        }
    }

    /// The system font for a text style at the default content size category. A panel has no Dynamic Type
    /// setting, so the sizes are fixed (see the porting notes in <doc:PortingAnIOSApp>).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let m = style.metrics
        return systemFont(ofSize: m.size, weight: m.weight)
    }

    /// The system font size for labels: 17 points.
    public static var labelFontSize: CGFloat { 17 }
    /// The standard system font size: 14 points.
    public static var systemFontSize: CGFloat { 14 }
    public static var smallSystemFontSize: CGFloat { 12 }
    public static var buttonFontSize: CGFloat { 18 }

    /// The same face at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(textFont: TextFont(face: textFont.face, size: Self.validSize(fontSize)))
    }

    public var pointSize: CGFloat { textFont.size }
    public var familyName: String { textFont.face.familyName }
    public var fontName: String { textFont.face.postScriptName }
    public var ascender: CGFloat { textFont.ascender }
    public var descender: CGFloat { textFont.descender }
    public var leading: CGFloat { textFont.leading }
    public var lineHeight: CGFloat { textFont.lineHeight }
    public var capHeight: CGFloat { textFont.face.capHeight * pointSize }
    public var xHeight: CGFloat { textFont.face.xHeight * pointSize }

    /// Fonts are equal when they are the same face at the same size (an `NSObject`, as on iOS).
    public override func isEqual(_ object: Any?) -> Bool { (object as? UIFont)?.textFont == textFont }
    public override var hash: Int { textFont.hashValue }
    public override var description: String { "<UIFont: \(familyName) \(textFont.face.styleName) \(pointSize)pt>" }

    /// The face for a system font, falling back to whatever fontconfig offers when the preferred family is not
    /// installed (with one warning), so missing packages degrade the look, not the app.
    private static func face(family: String, weight: Int, italic: Bool) -> FontFace {
        if let f = FontCatalog.shared.face(family: family, weight: weight, italic: italic) { return f }
        if let f = FontCatalog.shared.fallbacks.first ?? FontCatalog.shared.anyFace(covering: 0x41) {
            warnMissing(family, using: f)
            return f
        }
        // (An app launched by UIApplicationMain never gets here: it refuses to start without a font, status 72.
        // Only a program that makes fonts without it, on a machine with none, does.)
        preconditionFailure("UIFont: no fonts are installed (fontconfig found none); install fonts-noto-core")
    }

    private nonisolated(unsafe) static var warned: Set<String> = []
    private static func warnMissing(_ family: String, using face: FontFace) {
        guard !warned.contains(family) else { return }
        warned.insert(family)
        FileHandle.standardError.write(Data("vitrine: font family '\(family)' is not installed; using \(face.familyName)\n".utf8))
    }

    private static func validSize(_ size: CGFloat) -> CGFloat { size.isFinite && size > 0 ? size : 12 }
}
