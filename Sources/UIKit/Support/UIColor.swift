import CoreGraphics
import Foundation

/// A colour, as UIKit spells it: a thin wrapper over an sRGB `CGColor`, or a dynamic colour whose value depends on
/// the traits it is resolved with (the system colours' light and dark values, or an app's `dynamicProvider`).
open class UIColor: NSObject, @unchecked Sendable {
    private let staticCGColor: CGColor
    /// The dark style's colour (system colours); nil: one colour for both.
    private let darkCGColor: CGColor?
    /// An app's dynamic colour: the colour for a trait collection.
    private let provider: (@MainActor (UITraitCollection) -> UIColor)?

    /// The Core Graphics colour: a dynamic colour's for the current traits (`UITraitCollection.current`, which is a
    /// view's own while it draws).
    open var cgColor: CGColor {
        if let provider { return MainActor.assumeIsolated { provider(UITraitCollection.current).cgColor } }
        if let darkCGColor, UIColor.resolvesDark { return darkCGColor }
        return staticCGColor
    }

    public init(cgColor: CGColor) {
        staticCGColor = cgColor
        darkCGColor = nil
        provider = nil
    }

    /// A colour with a light and a dark value (the system colours).
    init(light: CGColor, dark: CGColor) {
        staticCGColor = light
        darkCGColor = dark
        provider = nil
    }

    /// A dynamic colour: `dynamicProvider` gives the colour for the traits it is resolved with.
    public init(dynamicProvider: @escaping @MainActor (UITraitCollection) -> UIColor) {
        staticCGColor = CGColor(gray: 0, alpha: 1)
        darkCGColor = nil
        provider = dynamicProvider
    }

    /// Whether the colour depends on traits.
    var isDynamic: Bool { provider != nil || darkCGColor != nil }

    /// The colour as `view` shows it: a system colour by the view's style (nothing made), an app's dynamic colour
    /// with the view's traits.
    @MainActor
    func cgColor(for view: UIView) -> CGColor {
        if provider != nil { return resolvedColor(with: view.traitCollection).cgColor }
        if let darkCGColor { return view.effectiveUserInterfaceStyle == .dark ? darkCGColor : staticCGColor }
        return staticCGColor
    }

    /// The colour for `traitCollection` (itself, for a colour that does not depend on traits).
    @preconcurrency @MainActor
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        if let provider { return provider(traitCollection).resolvedColor(with: traitCollection) }
        if let darkCGColor { return UIColor(cgColor: traitCollection.userInterfaceStyle == .dark ? darkCGColor : staticCGColor) }
        return self
    }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// The colour a `#colorLiteral(red:green:blue:alpha:)` in source makes (required: the literal makes subclasses'
    /// colours too).
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(gray: white, alpha: alpha))
    }

    /// A colour from hue, saturation and brightness (HSB, also called HSV), each in 0...1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = saturation, v = brightness
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        func with(_ c: CGColor) -> CGColor { CGColor(red: c.red, green: c.green, blue: c.blue, alpha: alpha) }
        if let provider { return UIColor(dynamicProvider: { provider($0).withAlphaComponent(alpha) }) }
        if let darkCGColor { return UIColor(light: with(staticCGColor), dark: with(darkCGColor)) }
        return UIColor(cgColor: with(staticCGColor))
    }

    /// Reads the sRGB components; always succeeds (Vitrine's colours are sRGB).
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = cgColor.red; green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue; alpha?.pointee = cgColor.alpha
        return true
    }

    /// Reads a grey's white level and alpha. As in UIKit, only a grey converts (`UIColor(white:alpha:)`, or any colour
    /// whose three components are equal): for others it returns false and leaves the pointers alone.
    @discardableResult
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor
        guard c.red == c.green, c.green == c.blue else { return false }
        white?.pointee = c.red
        alpha?.pointee = c.alpha
        return true
    }

    /// Reads the hue, saturation and brightness (HSB, each 0...1) and alpha; always succeeds.
    @discardableResult
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor
        let maxC = max(c.red, c.green, c.blue), minC = min(c.red, c.green, c.blue), delta = maxC - minC
        var h: CGFloat = 0
        if delta > 0 {
            if maxC == c.red { h = (c.green - c.blue) / delta }
            else if maxC == c.green { h = 2 + (c.blue - c.red) / delta }
            else { h = 4 + (c.red - c.green) / delta }
            h /= 6
            if h < 0 { h += 1 }
        }
        hue?.pointee = h
        saturation?.pointee = maxC > 0 ? delta / maxC : 0
        brightness?.pointee = maxC
        alpha?.pointee = c.alpha
        return true
    }

    /// Colours are equal when their components are (an `NSObject`, as on iOS: `==`, `Set` and Foundation's
    /// collections go through this).
    open override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.cgColor == cgColor }
    open override var hash: Int { cgColor.hashValue }

    open override var description: String {
        let c = cgColor
        if c.red == c.green && c.green == c.blue { return "UIExtendedGrayColorSpace \(fmt(c.red)) \(fmt(c.alpha))" }
        return "UIExtendedSRGBColorSpace \(fmt(c.red)) \(fmt(c.green)) \(fmt(c.blue)) \(fmt(c.alpha))"
    }

    // The colours UIKit names, with UIKit's component values.
    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
}

/// Formats a component the way UIKit's colour descriptions do (`%g`).
private func fmt(_ v: CGFloat) -> String { String(format: "%g", Double(v)) }
