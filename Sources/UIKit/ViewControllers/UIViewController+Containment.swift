import CoreGraphics
import Foundation

/// Where a view controller is in appearing and disappearing.
enum ControllerAppearance { case disappeared, appearing, appeared, disappearing }

// Containment and the appearance callbacks, as UIKit orders them:
// - a controller whose view goes into a visible window (as a window's root, or as a child's view added to a visible
//   parent's) is told `viewWillAppear` before the view goes in, `viewIsAppearing` before the view's next layout, and
//   `viewDidAppear` once that frame is drawn; leaving the window, `viewWillDisappear` before the view goes and
//   `viewDidDisappear` after;
// - containers that move children's views themselves (navigation, tabs, presentation) bracket the move with
//   `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()`, and those calls win over the window's;
// - a controller passes each callback on to its children whose views are in its view's hierarchy, unless it
//   returns false from `shouldAutomaticallyForwardAppearanceMethods`.
extension UIViewController {
    func beginTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            loadViewIfNeeded() // (viewDidLoad always comes before viewWillAppear)
            appearanceState = .appearing
            appearanceAnimated = animated
            isAppearingPending = true
            viewIfLoaded?.setNeedsLayout()
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceAnimated = animated
            isAppearingPending = false
            viewWillDisappear(animated)
        default:
            return
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            // (A child already on its way is left to whoever started it.)
            for child in childrenInView where child.changes(appearing: isAppearing) {
                child.appearanceIsAutomatic = appearanceIsAutomatic
                child.beginTransition(isAppearing, animated: animated)
            }
        }
    }

    /// Whether a transition to appearing (or disappearing) would change anything.
    func changes(appearing: Bool) -> Bool {
        appearing ? appearanceState == .disappeared || appearanceState == .disappearing
            : appearanceState == .appeared || appearanceState == .appearing
    }

    func endTransition() {
        appearanceIsAutomatic = false
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            // A view shown and settled without a layout of its own still hears viewIsAppearing first.
            if isAppearingPending { isAppearingPending = false; viewIsAppearing(appearanceAnimated) }
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(appearanceAnimated)
        default:
            return
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenInView where child.appearanceState == .appearing || child.appearanceState == .disappearing {
                child.endTransition()
            }
        }
    }

    /// The children whose views are in this controller's view.
    private var childrenInView: [UIViewController] {
        guard let view = viewIfLoaded else { return [] }
        return children.filter { $0.viewIfLoaded.map { $0.isDescendant(of: view) } ?? false }
    }

    /// The controller's nearest ancestor of type `T` (itself included): the navigation controller of a pushed
    /// controller, say.
    func ancestor<T: UIViewController>(_ type: T.Type) -> T? {
        var c: UIViewController? = parent
        while let current = c {
            if let found = current as? T { return found }
            c = current.parent
        }
        return nil
    }

    func titleDidChange() {
        parent?.childTitleDidChange(self)
    }
}

// MARK: Views entering and leaving windows

extension UIView {
    /// The controllers whose root views are in this subtree, parents' before children's.
    func controllersInSubtree() -> [UIViewController] {
        var found: [UIViewController] = []
        forEachInSubtree { if let c = $0.viewDelegate { found.append(c) } }
        return found
    }

    /// Before this subtree moves from `oldWindow` to `newWindow`: the controllers in it that the window's
    /// visibility changes for begin appearing or disappearing (unless a container manages them).
    func controllersWillMove(from oldWindow: UIWindow?, to newWindow: UIWindow?) {
        let wasVisible = oldWindow.map { !$0.isHidden } ?? false
        let willBeVisible = newWindow.map { !$0.isHidden } ?? false
        guard wasVisible != willBeVisible else { return }
        for controller in controllersInSubtree() where controller.appearanceFollowsWindow {
            controller.appearanceIsAutomatic = true
            controller.beginTransition(willBeVisible, animated: false)
        }
    }

    /// After the move: disappearing controllers are told at once; appearing ones once the next frame is drawn.
    func controllersDidMove(to newWindow: UIWindow?) {
        let visible = newWindow.map { !$0.isHidden } ?? false
        for controller in controllersInSubtree() where controller.appearanceIsAutomatic {
            if !visible, controller.appearanceState == .disappearing {
                controller.appearanceIsAutomatic = false
                controller.endTransition()
            } else if visible, controller.appearanceState == .appearing {
                UIApplication.shared.afterNextFrame { [weak controller] in
                    guard let controller, controller.appearanceIsAutomatic, controller.appearanceState == .appearing else { return }
                    controller.appearanceIsAutomatic = false
                    controller.endTransition()
                }
            }
        }
    }
}

extension UIViewController {
    /// Whether the window's visibility drives this controller's appearance: not when its container forwards
    /// nothing automatically, nor while a container's own transition is moving it.
    var appearanceFollowsWindow: Bool {
        if let parent, !parent.shouldAutomaticallyForwardAppearanceMethods { return false }
        return appearanceState == .disappeared || appearanceState == .appeared || appearanceIsAutomatic
    }
}
