import CoreGraphics

/// What a layer asks of its delegate (for a view's layer, the view). Every method is optional, as in Core
/// Animation: a delegate that does not implement `display(_:)` gets the layer's default (a backing store drawn
/// through `draw(_:in:)`).
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// Fills the layer's content; implement it to set `contents` yourself instead of drawing.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx` (the layer's backing store, clipped to what needs redrawing).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for a property change: an animation, `NSNull()` for none, or `nil` to let the layer decide.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    /// The default: what Core Animation does for a delegate without `display(_:)` — draw into the layer's
    /// backing store through `draw(in:)` and the delegate's `draw(_:in:)`.
    public func display(_ layer: CALayer) { layer.displayIntoBackingStore() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// A delegate that owns its layer's layout and knows whether it draws (a view): the layer forwards layout
/// requests to it, so `layer.setNeedsLayout()` and sublayer changes reach `layoutSubviews()`, as on iOS, where
/// the layer's layout runs the view's. (Vitrine's seam between QuartzCore and UIKit; apps do not use it.)
@preconcurrency @MainActor
package protocol CALayerHost: CALayerDelegate {
    /// The layer asked for layout (`setNeedsLayout()`, a sublayer added or removed, a size change).
    func layerNeedsLayout(_ layer: CALayer)
    /// Whether layout is pending for the host.
    func layerLayoutIsPending(_ layer: CALayer) -> Bool
    /// Runs pending layout now.
    func layoutLayerIfNeeded(_ layer: CALayer)
    /// Whether drawing produces content at all; a layer whose host does not draw gets no backing store.
    func layerWantsBackingStore(_ layer: CALayer) -> Bool
}
