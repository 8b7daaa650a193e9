import CoreGraphics

// Frame, bounds, center and transform, kept consistent as the seeds describe ("The Relationship of the Frame,
// Bounds, and Center Properties"):
// - `bounds` (local coordinates) and `center` (superview coordinates) are stored;
// - `frame` is computed from them: the bounds rectangle, centred on `center`, mapped through `transform`
//   about that centre; with a non-identity transform it is the bounding box of the transformed rectangle.
extension UIView {
    /// The view's location and size in its superview's coordinate system: the layer's frame, so the layer's
    /// `anchorPoint` counts, as on iOS.
    ///
    /// "Setting the frame sets the bounds size and the center." With a non-identity transform UIKit calls the
    /// frame undefined; Vitrine returns the bounding box of the transformed bounds (as UIKit does) and, when set,
    /// sets the bounds size so that the transformed view fills the new frame under a scale (or quarter-turn)
    /// transform — a rotated view keeps its bounds size — and moves the centre so the frame lands where asked.
    public var frame: CGRect {
        get { layer.frame }
        set {
            precondition(newValue.isValidGeometry, "UIView.frame: non-finite frame \(newValue)")
            var newValue = newValue
            if let fixed = Self.fixedSize { newValue.size = fixed }
            // The size through the view (autoresizing, layout), then the layer places it (its size is set already).
            setBoundsSize(CALayer.boundsSize(forFrameSize: newValue.size, transform: storedTransform, current: storedBounds.size))
            layer.frame = newValue
            if layoutVariables != nil { autoLayoutGeometryDidChange() }
        }
    }

    /// The view's own coordinate system: the origin is what the top-left corner shows, the size is the view's
    /// size. "Changing the bounds origin changes what is shown, not where"; changing the size resizes the view
    /// around its centre and lays out its subviews.
    public var bounds: CGRect {
        get { storedBounds }
        set {
            precondition(newValue.isValidGeometry, "UIView.bounds: non-finite bounds \(newValue)")
            var newValue = newValue
            if let fixed = Self.fixedSize { newValue.size = fixed }
            let old = storedBounds
            // (An unchanged value is not set again: the layer would look for an action and record a change for
            // nothing; a frame set every layout pass mostly keeps its size.)
            guard newValue != old else {
                if layoutVariables != nil { autoLayoutGeometryDidChange() }
                return
            }
            storedBounds = newValue
            if newValue.size != old.size { boundsSizeDidChange(from: old.size) }
            if layoutVariables != nil { autoLayoutGeometryDidChange() }
        }
    }

    /// The centre of the view in its superview's coordinates; always valid, whatever the transform.
    public var center: CGPoint {
        get { storedCenter }
        set {
            precondition(newValue.x.isFinite && newValue.y.isFinite, "UIView.center: non-finite point \(newValue)")
            storedCenter = newValue
            if layoutVariables != nil { autoLayoutGeometryDidChange() }
        }
    }

    /// The transform applied to the view relative to its centre. It changes how the view and its subviews
    /// appear, not their bounds or layout.
    public var transform: CGAffineTransform {
        get { storedTransform }
        set {
            precondition([newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty].allSatisfy(\.isFinite),
                         "UIView.transform: non-finite transform \(newValue)")
            storedTransform = newValue
        }
    }

    func setBoundsSize(_ size: CGSize) {
        var b = storedBounds
        b.size = size
        bounds = b
    }

    /// The affine map from this view's bounds coordinates to its superview's coordinates:
    /// translate the bounds centre (the layer's anchor point) to the origin, apply `transform`, translate to
    /// `center`. The layer computes it.
    var transformToSuperview: CGAffineTransform { layer.transformToSuperlayer() }
}
