import Foundation

/// A rectangle that takes part in Auto Layout without being a view (spacing between views, a region to centre
/// in). Added to a view with `addLayoutGuide(_:)`; its frame is `layoutFrame`, in the owning view's coordinates.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject, LayoutItem {
    /// The view that owns the guide.
    public internal(set) weak var owningView: UIView?
    /// A name for debugging.
    open var identifier: String = ""
    /// What kind of guide the view made (margins, safe area, readable content), or a guide of the app's.
    /// (`scrollContent`, `scrollFrame`: a scroll view's content and frame guides.)
    enum Role { case custom, margins, safeArea, readableContent, scrollContent, scrollFrame }
    var role: Role = .custom
    public var layoutVariables: LayoutVariables?
    public var layoutParentView: UIView? { owningView }

    public override init() { super.init() }

    /// The guide's rectangle in its owning view's coordinates, as the last layout solved it.
    open var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        owningView.window?.layoutIfNeeded()
        return LayoutEngine.frame(of: self, in: owningView)
    }

    nonisolated open override var description: String {
        MainActor.assumeIsolated { "<UILayoutGuide: \(addressString(of: self)) - \"\(identifier)\", layoutFrame = \(layoutFrameDescription)>" }
    }

    private var layoutFrameDescription: String {
        guard let owningView else { return "{{0, 0}, {0, 0}}" }
        let f = LayoutEngine.frame(of: self, in: owningView)
        return "{{\(f.minX), \(f.minY)}, {\(f.width), \(f.height)}}"
    }
}
