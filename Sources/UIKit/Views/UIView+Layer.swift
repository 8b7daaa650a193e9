import CoreGraphics
import QuartzCore

// The view as its layer's delegate, and the layer tree kept in step with the view tree.
//
// Content: the layer's backing store is drawn by `draw(_:)`, only when the content is invalid
// (`setNeedsDisplay`), clipped to the union of the invalid rectangles; geometry changes never redraw (the
// content mode decides how the cached content is shown), except with `.redraw`. A view whose class does not
// override `draw(_:)` gets no backing store at all: its background colour and layer properties are drawn
// directly by the compositor.

/// Per class: whether `draw(_:)` is overridden. Learnt the first time a view of the class displays: UIView's
/// own `draw(_:)` records that it ran, and a class whose drawing reaches it and leaves the backing store empty
/// does not draw.
@MainActor private var classDrawsContent: [ObjectIdentifier: Bool] = [:]

extension UIView: DrawsThroughLayer {
    func configureLayer() {
        layer.delegate = self
        layer.isOpaque = true // UIView's default, unlike CALayer's
        layer.contentsScale = explicitContentScale ?? UIScreen.main.scale
        // A new view has never drawn: its content is invalid until the first display pass.
        layer.setNeedsDisplay()
    }

    public func display(_ layer: CALayer) {}

    public func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        baseDrawReached = false
        draw(layer.rectBeingDrawn ?? bounds)
        UIGraphicsPopContext()
        let cls = ObjectIdentifier(type(of: self))
        if classDrawsContent[cls] == nil {
            // Reaching UIView's draw(_:) means "not overridden" — unless an override called super and drew too,
            // which shows as ink in the backing store.
            classDrawsContent[cls] = !baseDrawReached || Self.hasInk(ctx)
        }
    }

    /// Whether any pixel of the context is not fully transparent (checked once per class).
    private static func hasInk(_ ctx: CGContext) -> Bool {
        guard let data = ctx.data else { return false }
        let words = data.assumingMemoryBound(to: UInt32.self)
        let stride = ctx.bytesPerRow / 4
        for y in 0..<ctx.height {
            for x in 0..<ctx.width where words[y * stride + x] >> 24 != 0 { return true }
        }
        return false
    }

    public func layerWantsBackingStore(_ layer: CALayer) -> Bool {
        classDrawsContent[ObjectIdentifier(type(of: self))] ?? true
    }

    public func layoutSublayers(of layer: CALayer) {}

    /// Puts `view`'s layer among this view's sublayers in the same order as the subviews: just above the
    /// layer of the subview below it (or at the back), so layers added directly keep their places.
    func placeSublayer(of view: UIView) {
        guard let i = indexOfSubview(view) else { return }
        if i > 0 {
            layer.insertSublayer(view.layer, above: subviews[i - 1].layer)
        } else if subviews.count > 1 {
            layer.insertSublayer(view.layer, below: subviews[1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }
}

extension UIView.ContentMode {
    /// The layer gravity that shows cached content the way this mode does.
    var contentsGravity: CALayerContentsGravity {
        switch self {
        case .scaleToFill, .redraw: return .resize
        case .scaleAspectFit: return .resizeAspect
        case .scaleAspectFill: return .resizeAspectFill
        case .center: return .center
        case .top: return .top
        case .bottom: return .bottom
        case .left: return .left
        case .right: return .right
        case .topLeft: return .topLeft
        case .topRight: return .topRight
        case .bottomLeft: return .bottomLeft
        case .bottomRight: return .bottomRight
        }
    }
}
