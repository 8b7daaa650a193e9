import CoreGraphics

// Frame, bounds, center and transform, kept consistent as the seeds describe ("The Relationship of the Frame,
// Bounds, and Center Properties"):
// - `bounds` (local coordinates) and `center` (superview coordinates) are stored;
// - `frame` is computed from them: the bounds rectangle, centred on `center`, mapped through `transform`
//   about that centre; with a non-identity transform it is the bounding box of the transformed rectangle.
extension UIView {
    /// `frame`'s behaviour (the class body declares the overridable property).
    var baseFrame: CGRect {
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

    /// `bounds`'s behaviour (the class body declares the overridable property).
    var baseBounds: CGRect {
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

    /// `center`'s behaviour (the class body declares the overridable property).
    var baseCenter: CGPoint {
        get { storedCenter }
        set {
            precondition(newValue.x.isFinite && newValue.y.isFinite, "UIView.center: non-finite point \(newValue)")
            storedCenter = newValue
            if layoutVariables != nil { autoLayoutGeometryDidChange() }
        }
    }

    /// `transform`'s behaviour (the class body declares the overridable property).
    var baseTransform: CGAffineTransform {
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
        bounds = b // (the overridable property: layout's sizes reach a subclass's override, as UIKit's setBounds: does)
    }

    /// The affine map from this view's bounds coordinates to its superview's coordinates:
    /// translate the bounds centre (the layer's anchor point) to the origin, apply `transform`, translate to
    /// `center`. The layer computes it.
    var transformToSuperview: CGAffineTransform { layer.transformToSuperlayer() }
}
