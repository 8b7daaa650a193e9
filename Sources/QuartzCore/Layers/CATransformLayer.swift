import CoreGraphics
import Foundation

/// A layer that only groups and transforms its sublayers: its own background, border, content, shadow and
/// `masksToBounds` are not drawn, as Core Animation ignores them for a transform layer. (Vitrine's compositor is
/// two-dimensional: sublayers are placed by the affine part of their transforms, as everywhere.)
@preconcurrency @MainActor
open class CATransformLayer: CALayer {
    public required init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }

    override var paintsItself: Bool { false }

    /// A transform layer has no content of its own to produce.
    open override func display() {}
}
