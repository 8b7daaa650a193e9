import CoreGraphics
@_spi(VitrineInternals) import QuartzCore

// Creating and managing the view hierarchy (seeds: "Creating and Managing a View Hierarchy").
//
// A superview owns its subviews (`subviews` is a strong array; `superview` and `window` are weak), so a view
// removed from its superview and kept by no one else is freed.
//
// Notification order, for a view `v` that moves from `old` (possibly nil) to `new` (possibly nil):
//   old.willRemoveSubview(v)            (if old != nil)
//   v.willMove(toSuperview: new)
//   willMove(toWindow:) on v's subtree, parents first   (only if the window changes)
//   -- the move itself --
//   didMoveToWindow() on v's subtree, parents first      (only if the window changes)
//   v.didMoveToSuperview()
//   new.didAddSubview(v)                (if new != nil)
// Reordering among the same superview's subviews sends no notifications.
extension UIView {
    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseWindow: UIWindow? { storedWindow }

    // (The overridable `addSubview` is declared in UIView.swift.)
    func baseAddSubview(_ view: UIView) {
        place(view, operation: "addSubview(_:)") { siblings in siblings.count }
    }

    // (The overridable `insertSubview` is declared in UIView.swift.)
    func baseInsertSubview(_ view: UIView, at index: Int) {
        precondition(index >= 0, "UIView.insertSubview(_:at:): negative index \(index)")
        // An index past the end appends, as UIKit does.
        place(view, operation: "insertSubview(_:at:)") { siblings in Swift.min(index, siblings.count) }
    }

    // (The overridable `insertSubview` is declared in UIView.swift.)
    func baseInsertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        place(view, operation: "insertSubview(_:aboveSubview:)", layerAbove: siblingSubview) { siblings in
            siblingIndex(siblingSubview, in: siblings).map { $0 + 1 } ?? siblings.count
        }
    }

    // (The overridable `insertSubview` is declared in UIView.swift.)
    func baseInsertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        place(view, operation: "insertSubview(_:belowSubview:)") { siblings in
            siblingIndex(siblingSubview, in: siblings) ?? siblings.count
        }
    }

    // (The overridable `bringSubviewToFront` is declared in UIView.swift.)
    func baseBringSubviewToFront(_ view: UIView) {
        guard view.superview === self, let i = indexOfSubview(view) else { return }
        subviews.remove(at: i)
        subviews.append(view)
        placeSublayer(of: view)
    }

    // (The overridable `sendSubviewToBack` is declared in UIView.swift.)
    func baseSendSubviewToBack(_ view: UIView) {
        guard view.superview === self, let i = indexOfSubview(view) else { return }
        subviews.remove(at: i)
        subviews.insert(view, at: 0)
        placeSublayer(of: view)
    }

    // (The overridable `exchangeSubview` is declared in UIView.swift.)
    func baseExchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        precondition(subviews.indices.contains(index1) && subviews.indices.contains(index2),
                     "UIView.exchangeSubview(at:withSubviewAt:): indexes \(index1) and \(index2) must be in 0..<\(subviews.count)")
        subviews.swapAt(index1, index2)
        placeSublayer(of: subviews[index1])
        placeSublayer(of: subviews[index2])
    }

    // (The overridable `removeFromSuperview` is declared in UIView.swift.)
    func baseRemoveFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = storedWindow
        let tintBefore = tintState
        let styleBefore = effectiveUserInterfaceStyle
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        autoLayoutWillLeave(parent)
        if oldWindow != nil {
            controllersWillMove(from: oldWindow, to: nil)
            forEachInSubtree { $0.willMove(toWindow: nil) }
        }
        if let i = parent.indexOfSubview(self) { parent.subviews.remove(at: i) }
        superviewLink = nil
        layer.removeFromSuperlayer()
        if oldWindow != nil {
            setWindowInSubtree(nil)
            forEachInSubtree { $0.didMoveToWindow() }
            controllersDidMove(to: nil)
        }
        tintMayHaveChanged(from: tintBefore)
        styleMayHaveChanged(from: styleBefore)
        didMoveToSuperview()
        parent.setNeedsLayout()
    }

    func baseIsDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    func baseViewWithTag(_ tag: Int) -> UIView? {
        // Iterative pre-order walk, so very deep hierarchies cannot overflow the stack.
        var stack: [UIView] = [self]
        while let v = stack.popLast() {
            if v.tag == tag { return v }
            stack.append(contentsOf: v.subviews.reversed())
        }
        return nil
    }

    // MARK: Internals

    /// The index of `view` in `subviews` (identity; O(1) for the newest and oldest subview).
    func indexOfSubview(_ view: UIView) -> Int? { subviews.indexOfIdentical(view) }

    /// Moves `view` into this view's subviews at the index `index(siblings)` computes from the subviews
    /// without `view`, sending UIKit's notifications if its superview or window changes.
    /// Moves `view` into `subviews` at the index `index` picks, with UIKit's notifications. `layerAbove`: put the
    /// layer just above that sibling's layer (UIKit's `insertSubview(_:aboveSubview:)`), rather than where the
    /// sibling order implies.
    private func place(_ view: UIView, operation: String, layerAbove: UIView? = nil, index: ([UIView]) -> Int) {
        precondition(view !== self, "UIView.\(operation): a view can't be its own subview")
        precondition(!isDescendant(of: view),
                     "UIView.\(operation): can't add a view to one of its own descendants (it would form a cycle)")

        if view.superview === self {
            // Reordering only: same superview, same window, no notifications.
            var siblings = subviews
            siblings.removeAll { $0 === view }
            siblings.insert(view, at: index(siblings))
            subviews = siblings
            placeLayer(of: view, above: layerAbove)
            return
        }

        let target = index(subviews)
        let oldSuperview = view.superview
        let oldWindow = view.storedWindow
        let newWindow = storedWindow
        let windowChanges = oldWindow !== newWindow
        let tintBefore = view.tintState
        let styleBefore = view.effectiveUserInterfaceStyle

        oldSuperview?.willRemoveSubview(view)
        view.willMove(toSuperview: self)
        if let oldSuperview { view.autoLayoutWillLeave(oldSuperview) }
        if windowChanges {
            view.controllersWillMove(from: oldWindow, to: newWindow)
            view.forEachInSubtree { $0.willMove(toWindow: newWindow) }
        }

        if let oldSuperview {
            if let i = oldSuperview.indexOfSubview(view) { oldSuperview.subviews.remove(at: i) }
            oldSuperview.setNeedsLayout()
        }
        // The notifications may have changed our subviews; keep the index valid.
        subviews.insert(view, at: Swift.min(target, subviews.count))
        view.superviewLink = self
        placeLayer(of: view, above: layerAbove)

        if windowChanges {
            view.setWindowInSubtree(newWindow)
            // Appearance proxies apply as a view first enters a window, before it hears it moved.
            if newWindow != nil && !AppearanceRegistry.settings.isEmpty { view.forEachInSubtree { $0.applyAppearanceIfNeeded() } }
            view.forEachInSubtree { $0.didMoveToWindow() }
            view.controllersDidMove(to: newWindow)
        }
        view.autoLayoutDidJoin(self)
        view.tintMayHaveChanged(from: tintBefore)
        view.styleMayHaveChanged(from: styleBefore)
        view.didMoveToSuperview()
        didAddSubview(view)

        // "addSubview causes layout of the view being added and the view it is added to."
        view.setNeedsLayout()
        setNeedsLayout()
    }

    /// Where `sibling` is among `siblings`; `nil` when it is not a subview (UIKit then puts the view on top).
    private func siblingIndex(_ sibling: UIView, in siblings: [UIView]) -> Int? {
        guard sibling.superview === self else { return nil }
        return siblings.firstIndex(where: { $0 === sibling })
    }

    private func placeLayer(of view: UIView, above sibling: UIView?) {
        // (A layer already here is moved in place: `placeSublayer` keeps its animations.)
        if let sibling, sibling.superview === self, sibling !== view, view.layer.superlayer !== layer {
            layer.insertSublayer(view.layer, above: sibling.layer)
        } else {
            placeSublayer(of: view)
        }
    }

    /// Calls `body` for this view and every descendant, parents first. The list is taken up front, so callbacks
    /// that change the hierarchy cannot derail the walk.
    func forEachInSubtree(_ body: (UIView) -> Void) {
        if subviews.isEmpty { body(self); return } // the common leaf case, without allocating
        var order: [UIView] = []
        var stack: [UIView] = [self]
        while let v = stack.popLast() {
            order.append(v)
            stack.append(contentsOf: v.subviews.reversed())
        }
        for v in order { body(v) }
    }

    /// Points every view of the subtree at `window`. A window nested in the subtree stays its own window.
    /// Points every view of the subtree at `window`, and gives their layers the window's screen scale (unless
    /// a view set its own `contentScaleFactor`). A window nested in the subtree stays its own window.
    func setWindowInSubtree(_ window: UIWindow?) {
        let scale = window?.screen.scale
        func adopt(_ v: UIView) {
            v.storedWindow = window
            if let scale, v.explicitContentScale == nil, v.layer.contentsScale != scale {
                v.layer.contentsScale = scale
                v.layer.setNeedsDisplay()
            }
        }
        if subviews.isEmpty, !(self is UIWindow) { adopt(self); return }
        var stack: [UIView] = [self]
        while let v = stack.popLast() {
            if v is UIWindow { continue }
            adopt(v)
            stack.append(contentsOf: v.subviews)
        }
    }
}
