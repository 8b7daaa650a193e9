@_spi(VitrineInternals) import CoreGraphics
import QuartzCore

// Content invalidation and drawing a view hierarchy into a context.
//
// `setNeedsDisplay` records the region of the view's content that must be redrawn; the compositor's display
// pass (which caches each view's drawing) consumes it. `drawHierarchy(in:afterScreenUpdates:)` draws a view
// and its subtree directly, without caches: the reference rendering tests and snapshots use.
extension UIView {
    /// Marks the whole content as needing to be redrawn.
    public func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Marks `rect` (in the view's coordinates) as needing to be redrawn; several calls before the next
    /// display pass add up to their union.
    public func setNeedsDisplay(_ rect: CGRect) { layer.setNeedsDisplay(rect) }

    /// The part of the content waiting to be redrawn, if any (Vitrine: for the display pass and tests).
    public var needsDisplayRect: CGRect? { layer.invalidRect }

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its top-left corner.
    public func sizeToFit() {
        let s = sizeThatFits(bounds.size)
        let f = frame
        frame = CGRect(origin: f.origin, size: s)
    }

    /// `-1`: no intrinsic size in this dimension.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Tells layout the intrinsic size changed (Vitrine has no Auto Layout; marks the superview for layout).
    public func invalidateIntrinsicContentSize() { superview?.setNeedsLayout() }

    /// Draws the view and its visible subtree into the current context, scaled so the view's bounds fill
    /// `rect`. Returns `false` when there is no current context.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        if afterScreenUpdates { layoutIfNeeded() }
        let b = bounds
        guard b.width > 0, b.height > 0 else { return true }
        context.saveGState()
        context.concatenate(CGAffineTransform(a: rect.width / b.width, b: 0, c: 0, d: rect.height / b.height,
                                              tx: rect.minX - b.minX * rect.width / b.width,
                                              ty: rect.minY - b.minY * rect.height / b.height))
        renderSubtree(in: context, includingSelfTransform: false)
        context.restoreGState()
        return true
    }

    /// Draws this view's layer tree in this view's coordinate system: backgrounds, borders and corner radii
    /// from the layers, content by calling `draw(_:)` directly (no cached content), layers without views by
    /// their `contents`. The compositor's output must match this.
    func renderSubtree(in context: CGContext, includingSelfTransform: Bool) {
        ReferenceRenderer.render(layer, in: context, includingSelfTransform: includingSelfTransform)
    }
}

/// The uncached rendering of a layer tree (see `UIView.renderSubtree(in:includingSelfTransform:)`).
@MainActor
enum ReferenceRenderer {
    static func render(_ layer: CALayer, in context: CGContext, includingSelfTransform: Bool) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        context.saveGState()
        defer { context.restoreGState() }
        if includingSelfTransform { context.concatenate(layer.transformToSuperlayer()) }
        let grouped = layer.opacity < 1
        if grouped {
            // The layer and its subtree fade as one group, as UIKit's group opacity does.
            context.setAlpha(CGFloat(layer.opacity))
            context.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        let b = layer.bounds
        let shape = CGPath(roundedRect: b, cornerWidth: min(layer.cornerRadius, b.width / 2, b.height / 2),
                           cornerHeight: min(layer.cornerRadius, b.width / 2, b.height / 2), transform: nil)
        if layer.masksToBounds { context.addPath(shape); context.clip() }
        if let bg = layer.backgroundColor, bg.alpha > 0 {
            context.saveGState(); context.setFillColor(bg); context.addPath(shape); context.fillPath(); context.restoreGState()
        }
        if let view = layer.delegate as? UIView {
            context.saveGState()
            context.clip(to: b)
            UIGraphicsPushContext(context)
            view.draw(b)
            UIGraphicsPopContext()
            context.restoreGState()
        } else if let image = layer.contents as? CGImage {
            let s = layer.contentsScale > 0 ? layer.contentsScale : 1
            let target = layer.contentsGravity.rect(forContentOfSize: CGSize(width: CGFloat(image.width) / s,
                                                                            height: CGFloat(image.height) / s), in: b)
            UIImage(cgImage: image, scale: s, orientation: .up).draw(in: target, context: context)
        }
        for sub in layer.sublayers ?? [] { render(sub, in: context, includingSelfTransform: true) }
        // The border goes over the content and the sublayers, as in Core Animation.
        if layer.borderWidth > 0, let c = layer.borderColor, c.alpha > 0 {
            let w = min(layer.borderWidth, b.width / 2, b.height / 2)
            let inner = b.insetBy(dx: w, dy: w), r = max(0, min(layer.cornerRadius, b.width / 2, b.height / 2) - w)
            context.saveGState()
            context.setFillColor(c)
            context.addPath(shape)
            context.addPath(CGPath(roundedRect: inner, cornerWidth: min(r, inner.width / 2), cornerHeight: min(r, inner.height / 2), transform: nil))
            context.fillPath(using: .evenOdd)
            context.restoreGState()
        }
        if grouped { context.endTransparencyLayer() }
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
    /// A new view showing an image of this view's hierarchy as it looks now, the size of its bounds.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
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

    /// The stretchable part of the content, in unit coordinates (deprecated in UIKit in favour of
    /// resizable images; the layer's `contentsCenter`).
    public var contentStretch: CGRect {
        get { layer.contentsCenter }
        set { layer.contentsCenter = newValue }
    }
}
