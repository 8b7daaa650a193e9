@_spi(VitrineInternals) import CoreGraphics

/// Settings shared by graphics renderers.
@preconcurrency @MainActor
open class UIGraphicsRendererFormat: Hashable {
    // An NSObject on iOS: equal only to itself.
    nonisolated public static func == (lhs: UIGraphicsRendererFormat, rhs: UIGraphicsRendererFormat) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public init() {}
}

/// How an image renderer makes its bitmap: scale and opacity.
@preconcurrency @MainActor
open class UIGraphicsImageRendererFormat: UIGraphicsRendererFormat {
    /// Points to pixels; the main screen's scale by default.
    public var scale: CGFloat = UIScreen.main.scale
    /// Whether the image is fully opaque (unfilled pixels are black, and the image has no alpha).
    public var opaque = false

    public override init() { super.init() }

    /// The default format: the main screen's scale, not opaque.
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The format best for the current device (the same as `default()` on Vitrine).
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The drawing context handed to an image renderer's actions.
@preconcurrency @MainActor
open class UIGraphicsImageRendererContext {
    /// The Core Graphics context to draw into (points, origin top-left).
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// An image of what has been drawn so far.
    public var currentImage: UIImage {
        let cg = cgContext.makeImage(opaque: format.opaque)!
        return UIImage(cgImage: cg, scale: format.scale, orientation: .up)
    }

    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState(); cgContext.setBlendMode(blendMode); cgContext.fill(rect); cgContext.restoreGState()
    }
    /// Strokes a frame just inside `rect`, as wide as the context's line width.
    public func stroke(_ rect: CGRect) {
        let w = cgContext.lineWidth
        cgContext.stroke(rect.insetBy(dx: w / 2, dy: w / 2))
    }
    public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState(); cgContext.setBlendMode(blendMode); stroke(rect); cgContext.restoreGState()
    }
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws into bitmaps and gives the result as an image, PNG or JPEG data.
@preconcurrency @MainActor
open class UIGraphicsImageRenderer: Hashable {
    // An NSObject on iOS: equal only to itself.
    nonisolated public static func == (lhs: UIGraphicsImageRenderer, rhs: UIGraphicsImageRenderer) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public let format: UIGraphicsImageRendererFormat
    /// The area drawn, in points.
    public let bounds: CGRect

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.format = format
        bounds = CGRect(origin: .zero, size: size)
    }

    public convenience init(size: CGSize) { self.init(size: size, format: .default()) }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.format = format
        self.bounds = bounds
    }

    /// Runs `actions` on a new bitmap context (current for UIKit drawing while they run) and returns the image.
    /// A size with no pixels gives an empty 1x1 image.
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = makeContext()
        UIGraphicsPushContext(context.cgContext)
        actions(context)
        UIGraphicsPopContext()
        return context.currentImage
    }

    public func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    public func jpegData(withCompressionQuality quality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: quality) ?? Data()
    }

    private func makeContext() -> UIGraphicsImageRendererContext {
        let s = format.scale
        let w = Swift.max(1, Int((bounds.width * s).rounded(.up))), h = Swift.max(1, Int((bounds.height * s).rounded(.up)))
        // Sizes beyond what a bitmap can hold are clamped, as a renderer must hand its actions a context.
        let cw = Swift.min(w, ImageLimits.maximumSide), ch = Swift.min(h, ImageLimits.maximumPixels / cw)
        let cg = CGContext.uikitBitmap(pixelWidth: cw, pixelHeight: ch, scale: s)!
        cg.translateBy(x: -bounds.minX, y: -bounds.minY)
        if format.opaque { cg.saveGState(); cg.setFillColor(.black); cg.fill(bounds); cg.restoreGState() }
        return UIGraphicsImageRendererContext(cgContext: cg, format: format)
    }
}
