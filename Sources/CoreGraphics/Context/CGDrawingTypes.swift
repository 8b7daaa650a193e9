import Foundation

/// How the ends of stroked lines are drawn.
public enum CGLineCap: Int32, Sendable {
    case butt = 0, round, square
}

/// How the joins of stroked lines are drawn.
public enum CGLineJoin: Int32, Sendable {
    case miter = 0, round, bevel
}

/// Which points are inside a path when filling or clipping.
public enum CGPathFillRule: Int, Sendable {
    case winding = 0, evenOdd
}

/// What `drawPath(using:)` does with the current path.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0, eoFill, stroke, fillStroke, eoFillStroke
}

/// How images are sampled when drawn scaled.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none, low, medium, high
}

/// Compositing modes. Vitrine supports every mode cairo has; `plusDarker` has no cairo operator and draws as
/// `normal`.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity,
         clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut,
         destinationAtop, xor, plusDarker, plusLighter
}

/// Whether a gradient also fills beyond its start and end points.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}

/// Where the alpha channel sits and whether colour is premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// Bitmap layout flags: the alpha info in the low bits, the byte order above.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// A colour space. Vitrine draws in sRGB (the device RGB and sRGB spaces are the same here); grey spaces
/// describe 8-bit grey bitmaps.
public final class CGColorSpace: Sendable, CustomStringConvertible {
    public let name: String?
    /// What the colour components mean.
    public let model: CGColorSpaceModel

    public init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.deviceRGB, CGColorSpace.genericRGBLinear, CGColorSpace.extendedSRGB:
            model = .rgb
        case CGColorSpace.deviceGray, CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray, CGColorSpace.extendedGray:
            model = .monochrome
        default:
            return nil
        }
        self.name = name
    }

    /// Colour components per pixel, alpha not counted.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    public var description: String { "<CGColorSpace \(name ?? "unnamed")>" }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let deviceRGB = "kCGColorSpaceDeviceRGB"
    public static let deviceGray = "kCGColorSpaceDeviceGray"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let extendedGray = "kCGColorSpaceExtendedGray"
}

/// The RGB colour space (sRGB on Vitrine).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: CGColorSpace.deviceRGB)! }

/// The grey colour space, for 8-bit grey bitmaps.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.deviceGray)! }

/// How colours outside a destination's gamut are mapped (accepted for source compatibility; Vitrine draws in
/// one colour space).
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0, absoluteColorimetric, relativeColorimetric, perceptual, saturation
}
