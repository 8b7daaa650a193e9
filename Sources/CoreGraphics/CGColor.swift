import Foundation

/// An immutable colour in the sRGB colour space, with straight (not premultiplied) alpha.
///
/// Vitrine works in sRGB throughout (the panels it drives are sRGB); components are clamped to 0...1.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and alpha, each in 0...1.
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    /// An sRGB colour.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Self.clamp(red); self.green = Self.clamp(green)
        self.blue = Self.clamp(blue); self.alpha = Self.clamp(alpha)
    }

    /// A grey: `gray` for each of red, green and blue.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The components, red, green, blue, alpha.
    public var components: [CGFloat]? { [red, green, blue, alpha] }
    /// Always 4: Vitrine's colours are RGBA.
    public var numberOfComponents: Int { 4 }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (l: CGColor, r: CGColor) -> Bool {
        l.red == r.red && l.green == r.green && l.blue == r.blue && l.alpha == r.alpha
    }

    public func hash(into h: inout Hasher) { h.combine(red); h.combine(green); h.combine(blue); h.combine(alpha) }

    public var description: String { "CGColor(sRGB \(red) \(green) \(blue) \(alpha))" }

    private static func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : Swift.min(1, Swift.max(0, v)) }
}
