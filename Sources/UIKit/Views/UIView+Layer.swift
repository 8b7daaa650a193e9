@_spi(VitrineInternals) import CoreGraphics
@_spi(VitrineInternals) import QuartzCore

// The view as its layer's delegate (and host: the layer's layout requests are the view's), and the layer tree
// kept in step with the view tree.
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

extension UIView: CALayerHost {
    func configureLayer() {
        // The layer's delegate without a weak reference (see `CALayer.setHostingDelegate`); cleared in deinit.
        layer.setHostingDelegate(self)
        layer.isOpaque = true // UIView's default, unlike CALayer's
        layer.contentsScale = explicitContentScale ?? UIScreen.main.scale
        // A new view has never drawn: its content is invalid until the first display pass.
        layer.setNeedsDisplay()
    }

    // (The overridable `display` is declared in UIView.swift.)
    func baseDisplay(_ layer: CALayer) {
        if type(of: self).providesLayerContents {
            updateLayerContents()
        } else {
            layer.displayIntoBackingStore()
        }
    }

    func baseDraw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        baseDrawReached = false
        // Dynamic colours in draw(_:) resolve with the view's traits: the system colours by its style (no trait
        // collection is made for a frame's drawing), an app's provider with `UITraitCollection.current`, which is
        // the drawing view's then.
        let (savedDark, savedView) = (UIColor.resolvesDark, UITraitCollection.drawingView)
        UIColor.resolvesDark = effectiveUserInterfaceStyle == .dark
        UITraitCollection.drawingView = self
        draw(layer.rectBeingDrawn ?? bounds)
        (UIColor.resolvesDark, UITraitCollection.drawingView) = (savedDark, savedView)
        UIGraphicsPopContext()
        let cls = ObjectIdentifier(type(of: self))
        if classDrawsContent[cls] == nil {
            // Reaching UIView's draw(_:) means "not overridden" — unless an override called super and drew too,
            // which shows as ink in the backing store.
            classDrawsContent[cls] = !baseDrawReached || ctx.hasInk
        }
    }

    /// Whether the view's class draws content of its own (it has drawn and `draw(_:)` is overridden).
    var drawsOwnContent: Bool { classDrawsContent[ObjectIdentifier(type(of: self))] ?? false }

    package func layerWantsBackingStore(_ layer: CALayer) -> Bool {
        classDrawsContent[ObjectIdentifier(type(of: self))] ?? true
    }

    // The layer's layout is the view's (UIKit: `layoutSublayers(of:)` runs `layoutSubviews()`).
    package func layerNeedsLayout(_ layer: CALayer) { setNeedsLayout() }
    package func layerLayoutIsPending(_ layer: CALayer) -> Bool { needsLayoutFlag }
    package func layoutLayerIfNeeded(_ layer: CALayer) { layoutIfNeeded() }
    func baseLayoutSublayers(of layer: CALayer) { layoutIfNeeded() }

    /// Puts `view`'s layer among this view's sublayers in the order its sibling order implies: just below the
    /// layer of the subview above it, or on top when it is the front subview — so sublayers added directly stay
    /// where they were among the subviews' layers. (`insertSubview(_:aboveSubview:)` goes just above its
    /// sibling's layer instead: see `place`.)
    func placeSublayer(of view: UIView) {
        guard let i = indexOfSubview(view) else { return }
        if view.layer.superlayer === layer, let siblings = layer.sublayers, let from = siblings.firstIndex(where: { $0 === view.layer }) {
            // Reordered among its siblings (`bringSubviewToFront`, `insertSubview(_:at:)` of a subview): moved in
            // place, keeping its animations — only leaving the tree ends them.
            var to = siblings.count - 1
            if i + 1 < subviews.count, let below = siblings.firstIndex(where: { $0 === subviews[i + 1].layer }) {
                to = below > from ? below - 1 : below
            }
            if to != from { layer.moveSublayer(view.layer, to: to) }
            return
        }
        if i + 1 < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[i + 1].layer)
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
