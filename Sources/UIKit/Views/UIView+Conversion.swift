import CoreGraphics

// Converting points and rectangles between coordinate systems (seeds: "Converting Coordinates in the View
// Hierarchy"). Every view maps its bounds coordinates into its superview's through `transformToSuperview`;
// composing those maps up to the root gives a view's map to the root (for a window: window coordinates), and a
// window maps on to the screen the same way. Rectangles come back as the smallest rectangle that covers the
// converted area ("the converted rectangle is enlarged so that ... it completely covers the original").
// (The overridable `convert` methods are declared in UIView.swift; these are their implementations.)
extension UIView {
    func baseConvert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        point.applying(conversionTransform(to: view))
    }

    func baseConvert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        point.applying(conversionTransform(to: view).inverted())
    }

    func baseConvert(_ rect: CGRect, to view: UIView?) -> CGRect {
        rect.applying(conversionTransform(to: view))
    }

    func baseConvert(_ rect: CGRect, from view: UIView?) -> CGRect {
        rect.applying(conversionTransform(to: view).inverted())
    }

    /// The root of this view's hierarchy and the map from this view's coordinates to the root's.
    func transformToRoot() -> (root: UIView, transform: CGAffineTransform) {
        var t = CGAffineTransform.identity
        var v = self
        while let s = v.superview {
            t = t.concatenating(v.transformToSuperview)
            v = s
        }
        return (v, t)
    }

    /// The map from this view's coordinates to `view`'s (`nil`: the window, or the hierarchy's root).
    func conversionTransform(to view: UIView?) -> CGAffineTransform {
        let (myRoot, toMyRoot) = transformToRoot()
        guard let view else { return toMyRoot }
        let (theirRoot, toTheirRoot) = view.transformToRoot()
        if myRoot === theirRoot {
            return toMyRoot.concatenating(toTheirRoot.inverted())
        }
        // Different hierarchies: meet in screen coordinates, through the windows at the two roots. A root that is
        // not a window is taken to sit at the screen's origin, so conversions stay defined (UIKit's are too).
        let mineToScreen = toMyRoot.concatenating((myRoot as? UIWindow)?.transformToScreen ?? .identity)
        let theirsToScreen = toTheirRoot.concatenating((theirRoot as? UIWindow)?.transformToScreen ?? .identity)
        return mineToScreen.concatenating(theirsToScreen.inverted())
    }
}
