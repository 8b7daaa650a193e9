@_spi(VitrineInternals) import CoreGraphics
import QuartzCore

// Content invalidation and pictures of a view hierarchy.
//
// `setNeedsDisplay` records the region of the view's content that must be redrawn; the display pass (which
// caches each view's drawing in its layer) consumes it. `drawHierarchy(in:afterScreenUpdates:)` and
// `snapshotView(afterScreenUpdates:)` render the layer tree with the compositor's painter
// (`CALayer.render(in:)`), so a snapshot is what the screen shows.
extension UIView {
    // (The overridable `setNeedsDisplay` is declared in UIView.swift.)
    func baseSetNeedsDisplay() { setNeedsDisplay(bounds) }

    // (The overridable `setNeedsDisplay` is declared in UIView.swift.)
    func baseSetNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// The part of the content waiting to be redrawn, if any (Vitrine: for the display pass and tests).
    public var needsDisplayRect: CGRect? { layer.invalidRect }

    // (The overridable `sizeToFit` is declared in UIView.swift.)
    func baseSizeToFit() {
        let s = sizeThatFits(bounds.size)
        let f = frame
        frame = CGRect(origin: f.origin, size: s)
    }

    /// `-1`: no intrinsic size in this dimension.
    public static let noIntrinsicMetric: CGFloat = -1


    /// Draws a picture of the view's hierarchy as it is on screen into the current context, scaled so the
    /// view's bounds fill `rect`: cached content placed, scaled or stretched by `contentMode` and
    /// `contentStretch`, exactly as composited (the same painter as the screen). With `afterScreenUpdates`,
    /// pending layout and display happen first; without, content is as it was last displayed (a view that was
    /// never displayed shows its layer properties only). Returns `false` when there is no current context.
    @discardableResult
    func baseDrawHierarchy(in rect: CGRect, afterScreenUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        if afterScreenUpdates {
            layoutIfNeeded()
            layer.displaySubtreeIfNeeded()
        }
        let b = bounds
        guard b.width > 0, b.height > 0 else { return true }
        context.saveGState()
        context.concatenate(CGAffineTransform(a: rect.width / b.width, b: 0, c: 0, d: rect.height / b.height,
                                              tx: rect.minX - b.minX * rect.width / b.width,
                                              ty: rect.minY - b.minY * rect.height / b.height))
        layer.render(in: context)
        context.restoreGState()
        return true
    }

    /// Draws this view's layer tree into `context` as the screen shows it, in the view's own coordinates
    /// (`includingSelfTransform`: in its superview's, through the view's transform and position).
    func renderSubtree(in context: CGContext, includingSelfTransform: Bool) {
        context.saveGState()
        if includingSelfTransform { context.concatenate(layer.transformToSuperlayer()) }
        layer.render(in: context)
        context.restoreGState()
    }
}

extension UIView.ContentMode {
    /// Where content of `contentSize` goes inside `bounds` under this mode (`.redraw` and `.scaleToFill` fill
    /// the bounds): the placement of the layer gravity the mode stands for.
    public func rect(forContentOfSize contentSize: CGSize, in bounds: CGRect) -> CGRect {
        contentsGravity.rect(forContentOfSize: contentSize, in: bounds)
    }
}

extension UIView {
    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseSnapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = window?.screen.scale ?? UIScreen.main.scale
        let image = UIGraphicsImageRenderer(size: bounds.size, format: format).image { _ in
            drawHierarchy(in: bounds, afterScreenUpdates: afterUpdates)
        }
        let snapshot = UIView(frame: CGRect(origin: .zero, size: bounds.size))
        snapshot.isOpaque = false
        snapshot.layer.contents = image.cgImage
        snapshot.layer.contentsScale = format.scale
        return snapshot
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseContentStretch: CGRect {
        get { layer.contentsCenter }
        set { layer.contentsCenter = newValue }
    }
}
