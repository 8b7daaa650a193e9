@_spi(VitrineInternals) import CoreGraphics

// The current graphics context: a stack, as in UIKit. `draw(_:)`, image renderers and
// `UIGraphicsBeginImageContextWithOptions` push a context; UIKit drawing calls (`UIColor.setFill()`,
// `UIBezierPath.fill()`, `String.draw(at:withAttributes:)`, ...) draw into the top one.

@MainActor private var contextStack: [CGContext] = []
/// Contexts made by `UIGraphicsBeginImageContextWithOptions`, with the scale and opacity they were made with.
@MainActor private var imageContextStack: [(context: CGContext, scale: CGFloat, opaque: Bool)] = []

/// The context UIKit drawing goes to, or `nil` outside drawing.
@preconcurrency @MainActor
public func UIGraphicsGetCurrentContext() -> CGContext? { contextStack.last }

/// Makes `context` the current context until the matching `UIGraphicsPopContext()`.
@preconcurrency @MainActor
public func UIGraphicsPushContext(_ context: CGContext) { contextStack.append(context) }

/// Restores the context that was current before the last `UIGraphicsPushContext(_:)`.
@preconcurrency @MainActor
public func UIGraphicsPopContext() { _ = contextStack.popLast() }

/// Creates a bitmap context of `size` points at `scale` (0: the main screen's) and makes it current.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale > 0 ? scale : UIScreen.main.scale
    let w = Int((size.width * s).rounded(.up)), h = Int((size.height * s).rounded(.up))
    guard let context = CGContext.uikitBitmap(pixelWidth: Swift.max(1, w), pixelHeight: Swift.max(1, h), scale: s) else {
        FileHandle.standardError.write(Data("UIGraphicsBeginImageContextWithOptions: can't make a \(w)x\(h) bitmap\n".utf8))
        return
    }
    // An opaque context starts black (its alpha is ignored), as UIKit's does.
    if opaque { context.fill(CGRect(origin: .zero, size: size)) }
    imageContextStack.append((context, s, opaque))
    UIGraphicsPushContext(context)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
@preconcurrency @MainActor
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// An image of what was drawn in the current image context so far.
@preconcurrency @MainActor
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let top = imageContextStack.last, top.context === UIGraphicsGetCurrentContext(),
          let cg = top.context.makeImage(opaque: top.opaque) else { return nil }
    return UIImage(cgImage: cg, scale: top.scale, orientation: .up)
}

/// Ends the image context begun last.
@preconcurrency @MainActor
public func UIGraphicsEndImageContext() {
    guard let top = imageContextStack.popLast() else { return }
    if contextStack.last === top.context { UIGraphicsPopContext() }
}

/// Fills `rect` with the current fill colour, replacing what is there (UIKit fills with the copy blend mode).
@preconcurrency @MainActor
public func UIRectFill(_ rect: CGRect) { UIRectFillUsingBlendMode(rect, .copy) }

/// Fills `rect` with the current fill colour using `blendMode`.
@preconcurrency @MainActor
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let c = UIGraphicsGetCurrentContext() else { return }
    c.saveGState(); c.setBlendMode(blendMode); c.fill(rect); c.restoreGState()
}

/// Draws a 1-point frame just inside `rect` in the current fill colour, replacing what is there (UIKit frames
/// with the copy blend mode, whatever the context's line width).
@preconcurrency @MainActor
public func UIRectFrame(_ rect: CGRect) { UIRectFrameUsingBlendMode(rect, .copy) }

/// Draws a 1-point frame just inside `rect` in the current fill colour using `blendMode`.
@preconcurrency @MainActor
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let c = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    let w = Swift.min(1, r.width / 2, r.height / 2)
    guard w > 0 else { return }
    c.saveGState()
    c.setBlendMode(blendMode)
    c.fill([CGRect(x: r.minX, y: r.minY, width: r.width, height: w),
            CGRect(x: r.minX, y: r.maxY - w, width: r.width, height: w),
            CGRect(x: r.minX, y: r.minY + w, width: w, height: r.height - 2 * w),
            CGRect(x: r.maxX - w, y: r.minY + w, width: w, height: r.height - 2 * w)])
    c.restoreGState()
}

extension CGContext {
    /// An image of the pixels, marked opaque when the context was made opaque.
    func makeImage(opaque: Bool) -> CGImage? {
        guard opaque, let data else { return makeImage() }
        return CGImage(argb32Premultiplied: UnsafeRawBufferPointer(start: data, count: bytesPerRow * height),
                       width: width, height: height, bytesPerRow: bytesPerRow, isOpaque: true)
    }
}
