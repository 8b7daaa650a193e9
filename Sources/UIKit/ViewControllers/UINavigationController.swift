import CoreGraphics
import Foundation

/// What a navigation controller tells and asks its delegate (UIKit's `UINavigationControllerDelegate`; every
/// method optional).
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// A custom animator for a push or pop (nil: the slide).
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    /// What drives a custom animator's transition interactively (nil: it runs by itself).
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// A stack of view controllers (UIKit's `UINavigationController`): the top one's view fills the controller's view
/// under a navigation bar that shows its item and a back button; pushing slides the next one in from the trailing
/// edge, popping slides it back out, and a drag from the leading edge pops interactively. Appearance callbacks
/// come in UIKit's order; the children's safe areas start below the bar (and end above the toolbar).
@preconcurrency @MainActor
open class UINavigationController: UIViewController, UINavigationBarDelegate, UIGestureRecognizerDelegate {
    public enum Operation: Int, Sendable { case none, push, pop }

    /// The stack, bottom to top.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }
    private var stack: [UIViewController] = []
    open var topViewController: UIViewController? { stack.last }
    /// The top controller, or what it presents.
    open var visibleViewController: UIViewController? {
        var c = topViewController?.presentedViewController ?? topViewController
        while let p = c?.presentedViewController { c = p }
        return c
    }

    open weak var delegate: (any UINavigationControllerDelegate)?

    public private(set) lazy var navigationBar: UINavigationBar = {
        let bar = UINavigationBar(frame: .zero)
        bar.delegate = self
        bar.backAction = { [weak self] in self?.popViewController(animated: true) }
        return bar
    }()
    public private(set) lazy var toolbar: UIToolbar! = UIToolbar(frame: .zero)

    open var isNavigationBarHidden = false { didSet { if oldValue != isNavigationBarHidden { barsChanged() } } }
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != isNavigationBarHidden else { return }
        if animated, isViewLoaded, view.window != nil {
            UIView.animate(withDuration: 0.2) { self.isNavigationBarHidden = hidden; self.view.layoutIfNeeded() }
        } else {
            isNavigationBarHidden = hidden
        }
    }
    /// Whether the toolbar is hidden (true by default, as in UIKit).
    open var isToolbarHidden = true { didSet { if oldValue != isToolbarHidden { barsChanged() } } }
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }

    /// The drag from the leading edge that pops (a screen-edge pan recognizer on the controller's view).
    open private(set) var interactivePopGestureRecognizer: UIGestureRecognizer?

    /// Whether a transition is under way (pushes and pops asked for meanwhile wait for it).
    private var transitioning = false
    private var queued: [() -> Void] = []
    private var interactiveContext: TransitionContext?

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }
    public init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        super.init(nibName: nil, bundle: nil)
    }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override func loadView() {
        let v = UIView(frame: UIScreen.main.bounds)
        v.backgroundColor = .systemBackground
        view = v
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(navigationBar)
        let edge = UIScreenEdgePanGestureRecognizer(target: self, action: UINavigationController.edgePan)
        edge.edges = view.effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : .left
        edge.delegate = self
        view.addGestureRecognizer(edge)
        interactivePopGestureRecognizer = edge
        if let top = topViewController { installTop(top) }
        barsChanged()
    }

    // MARK: Layout

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        layoutBars()
    }

    /// The room the bars take from the children's safe areas.
    private var barInsets: UIEdgeInsets {
        UIEdgeInsets(top: isNavigationBarHidden ? 0 : UINavigationBar.contentHeight, left: 0,
                     bottom: isToolbarHidden ? 0 : UIToolbar.contentHeight, right: 0)
    }

    private func layoutBars() {
        let b = view.bounds, safe = view.safeAreaInsets
        // A hidden bar sits just above the top (a hide animates it out).
        let barHeight = safe.top + UINavigationBar.contentHeight
        navigationBar.isHidden = isNavigationBarHidden
        navigationBar.frame = CGRect(x: 0, y: isNavigationBarHidden ? -barHeight : 0, width: b.width, height: barHeight)
        if !isToolbarHidden {
            if toolbar.superview !== view { view.addSubview(toolbar) }
            let h = UIToolbar.contentHeight + safe.bottom
            toolbar.frame = CGRect(x: 0, y: b.height - h, width: b.width, height: h)
        } else {
            toolbar.removeFromSuperview()
        }
        let insets = barInsets
        for c in stack where c.containerSafeAreaInsets != insets { c.containerSafeAreaInsets = insets }
        view.bringSubviewToFront(navigationBar)
    }

    /// The scroll view whose position decides the bar's scroll-edge appearance.
    private weak var followedScrollView: UIScrollView?

    /// Follows the top controller's content scroll view (its view, or the first scroll view near the top of it).
    private func followContentScrollView() {
        followedScrollView?.scrollObserver = nil
        let scroll = topViewController.flatMap { Self.contentScrollView(in: $0.view, depth: 0) }
        followedScrollView = scroll
        scroll?.scrollObserver = { [weak self] s in self?.scrollEdgeMayHaveChanged(s) }
        if let scroll { scrollEdgeMayHaveChanged(scroll) } else { navigationBar.isAtScrollEdge = true }
    }

    private static func contentScrollView(in view: UIView, depth: Int) -> UIScrollView? {
        if let s = view as? UIScrollView { return s }
        guard depth < 2 else { return nil }
        for sub in view.subviews { if let s = contentScrollView(in: sub, depth: depth + 1) { return s } }
        return nil
    }

    private func scrollEdgeMayHaveChanged(_ scroll: UIScrollView) {
        navigationBar.isAtScrollEdge = scroll.contentOffset.y <= -scroll.adjustedContentInset.top + 0.5
    }

    private func barsChanged() {
        guard isViewLoaded else { return }
        followContentScrollView()
        toolbar.items = topViewController?.toolbarItems
        view.setNeedsLayout()
        layoutBars()
    }

    /// The top controller's view, filling the controller's view under the bars.
    private func installTop(_ top: UIViewController) {
        let v: UIView = top.view
        v.frame = view.bounds
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.insertSubview(v, belowSubview: navigationBar)
    }

    override func childTitleDidChange(_ child: UIViewController) {}

    // MARK: Pushing and popping

    /// Pushes `viewController` onto the stack, sliding it in when `animated`.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        precondition(!(viewController is UINavigationController), "Pushing a navigation controller is not supported")
        precondition(!stack.contains { $0 === viewController }, "Pushing the same view controller instance more than once is not supported (\(viewController))")
        if transitioning { queued.append { [weak self] in self?.pushViewController(viewController, animated: animated) }; return }
        let from = topViewController
        addChild(viewController)
        stack.append(viewController)
        navigationBar.setItems(stack.map(\.navigationItem), animated: animated)
        transition(from: from, to: viewController, operation: .push, animated: animated, removing: [])
    }

    /// Pops the top controller (not the root); returns it.
    @discardableResult
    /// A screen reader's two-finger scrub: goes back, as the back button does (`false` at the root).
    open override func accessibilityPerformEscape() -> Bool {
        guard viewControllers.count > 1 else { return false }
        popViewController(animated: true)
        return true
    }

    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        if transitioning { queued.append { [weak self] in self?.popViewController(animated: animated) }; return stack.last }
        let popped = stack[stack.count - 1]
        pop(to: stack[stack.count - 2], animated: animated)
        return popped
    }

    /// Pops every controller above the root; returns them.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard stack.count > 1 else { return [] }
        return popToViewController(stack[0], animated: animated)
    }

    /// Pops the controllers above `viewController`; returns them (nil if it is not in the stack).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let i = stack.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(stack[(i + 1)...])
        guard !popped.isEmpty else { return [] }
        if transitioning { queued.append { [weak self] in self?.popToViewController(viewController, animated: animated) }; return popped }
        pop(to: viewController, animated: animated)
        return popped
    }

    private func pop(to target: UIViewController, animated: Bool, interactive: Bool = false) {
        guard let i = stack.firstIndex(where: { $0 === target }), let from = stack.last, from !== target else { return }
        let removed = Array(stack[(i + 1)...])
        for c in removed { c.willMove(toParent: nil) }
        stack.removeSubrange((i + 1)...)
        navigationBar.setItems(stack.map(\.navigationItem), animated: animated)
        transition(from: from, to: target, operation: .pop, animated: animated, removing: removed, interactive: interactive)
    }

    /// Replaces the stack; the new top comes in by a push (if it is new) or a pop (if it was in the stack).
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        if transitioning { queued.append { [weak self] in self?.setViewControllers(viewControllers, animated: animated) }; return }
        let old = stack
        let from = old.last
        let removed = old.filter { o in !viewControllers.contains { $0 === o } }
        for c in removed { c.willMove(toParent: nil) }
        for c in viewControllers where c.parent !== self { addChild(c) }
        stack = viewControllers
        if isViewLoaded || !old.isEmpty {
            navigationBar.setItems(stack.map(\.navigationItem), animated: animated)
        } else {
            navigationBar.setItems(stack.map(\.navigationItem), animated: false)
        }
        guard let to = stack.last else {
            // Emptied: the old top's view goes (unseen if the controller is not shown) and the children leave.
            if let from, from.viewIfLoaded?.superview === viewIfLoaded {
                if isShowing { from.beginAppearanceTransition(false, animated: false) }
                from.view.removeFromSuperview()
                if isShowing { from.endAppearanceTransition() }
            }
            for c in removed { c.removeFromParent() }
            return
        }
        if from === to {
            for c in removed { c.removeFromParent() }
            for c in viewControllers where c.movingToParent && c !== to { c.didMove(toParent: self) }
            return
        }
        let operation: Operation = old.contains { $0 === to } ? .pop : .push
        transition(from: from, to: to, operation: operation, animated: animated, removing: removed)
    }

    /// Whether the controller's own view is on screen or coming: children then hear appearance callbacks.
    private var isShowing: Bool { appearanceState == .appeared || appearanceState == .appearing }

    private func transition(from: UIViewController?, to: UIViewController, operation: Operation, animated: Bool,
                            removing: [UIViewController], interactive: Bool = false) {
        guard isViewLoaded else {
            // Not shown yet: the stack changes, views come when the view loads.
            for c in removing { c.removeFromParent() }
            if operation == .push || to.movingToParent { to.didMove(toParent: self) }
            return
        }
        let showing = isShowing && view.window != nil
        let animate = animated && showing
        _ = to.view // loaded before it hears it will appear, as in UIKit
        transitioning = true
        // From here to the end of the transition, the controllers' `transitionCoordinator` is this (the delegate's
        // `willShow` and the appearance callbacks may animate alongside).
        let coordinator = from.map { TransitionCoordinator(container: view, from: $0, to: to, animated: animate, controllers: [self, $0, to]) }
        delegate?.navigationController(self, willShow: to, animated: animate)
        if showing {
            from?.beginAppearanceTransition(false, animated: animate)
            to.beginAppearanceTransition(true, animated: animate)
        }
        toolbar.items = to.toolbarItems
        let container = view!
        let bounds = container.bounds
        to.containerSafeAreaInsets = barInsets
        let toView: UIView = to.view
        toView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let finish: (Bool) -> Void = { [weak self] completed in
            guard let self else { return }
            self.finishTransition(from: from, to: to, operation: operation, removing: removing, showing: showing,
                                  animated: animate, completed: completed)
        }
        let animator = animate ? (from.flatMap { delegate?.navigationController(self, animationControllerFor: operation, from: $0, to: to) }
            ?? SlideAnimator(push: operation == .push)) : SlideAnimator(push: operation == .push)
        let interaction: (any UIViewControllerInteractiveTransitioning)? = animate && !(animator is SlideAnimator)
            ? delegate?.navigationController(self, interactionControllerFor: animator) : nil
        let context = TransitionContext(container: container, from: from, to: to, animated: animate,
                                        interactive: interactive || interaction != nil,
                                        frames: [(from, bounds, bounds), (to, bounds, bounds)]) { completed in
            animator.animationEnded(completed)
            finish(completed)
        }
        context.animator = animator
        coordinator?.attach(context)
        if from == nil {
            toView.frame = bounds
            container.insertSubview(toView, belowSubview: navigationBar)
            context.completeTransition(true)
            return
        }
        if interactive { interactiveContext = context }
        // The bar's new contents and the incoming view are laid out where they end before anything moves (the bar
        // changes at once; only the views slide).
        UIView.performWithoutAnimation {
            navigationBar.layoutIfNeeded()
            toView.frame = bounds
            toView.layoutIfNeeded()
        }
        // With an interaction controller, it drives the transition (and runs the animator itself, as UIKit's
        // percent-driven one does); otherwise the animator runs. The bar stays on top of whatever they add.
        if let interaction {
            interaction.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
        }
        coordinator?.transitionAnimationsStarted()
        container.bringSubviewToFront(navigationBar)
        if !isToolbarHidden { container.bringSubviewToFront(toolbar) }
    }

    private func finishTransition(from: UIViewController?, to: UIViewController, operation: Operation, removing: [UIViewController],
                                  showing: Bool, animated: Bool, completed: Bool) {
        interactiveContext = nil
        if completed {
            if let from, from !== to, from.viewIfLoaded?.superview === view { from.view.removeFromSuperview() }
            to.view.frame = view.bounds
            if to.view.superview !== view { view.insertSubview(to.view, belowSubview: navigationBar) }
            if showing {
                from?.endAppearanceTransition()
                to.endAppearanceTransition()
            }
            for c in removing { c.removeFromParent() }
            if operation == .push || to.movingToParent { to.didMove(toParent: self) }
            delegate?.navigationController(self, didShow: to, animated: animated)
            // A new screen: a screen reader moves to its title (else its first element), as UIKit tells VoiceOver.
            if operation != .none, view.window != nil {
                UIAccessibility.post(notification: .screenChanged,
                                     argument: isNavigationBarHidden ? nil : navigationBar.accessibilityTitleElement)
            }
        } else {
            // Cancelled (an interactive pop let go early): the stack and the bar go back as they were.
            to.view.removeFromSuperview()
            if showing {
                from?.beginAppearanceTransition(true, animated: animated)
                to.beginAppearanceTransition(false, animated: animated)
                to.endAppearanceTransition()
                from?.endAppearanceTransition()
            }
            for c in removing {
                stack.append(c)
                c.didMove(toParent: self)
            }
            navigationBar.setItems(stack.map(\.navigationItem), animated: false)
        }
        transitioning = false
        barsChanged()
        if !queued.isEmpty {
            let next = queued.removeFirst()
            next()
        }
    }

    // MARK: The interactive pop

    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === interactivePopGestureRecognizer else { return true }
        return stack.count > 1 && !transitioning && !(topViewController?.navigationItem.hidesBackButton ?? false)
    }

    private func edgePan(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        let width = max(1, view.bounds.width)
        let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let dx = recognizer.translation(in: view).x * (rtl ? -1 : 1)
        switch recognizer.state {
        case .began:
            guard stack.count > 1 else { return }
            pop(to: stack[stack.count - 2], animated: true, interactive: true)
        case .changed:
            interactiveContext?.updateInteractiveTransition(min(max(dx / width, 0), 1))
        case .ended:
            let v = recognizer.velocity(in: view).x * (rtl ? -1 : 1)
            // Past half way, or flicked towards the trailing edge: the pop completes; else it goes back.
            if dx / width > 0.5 || v > 500 { interactiveContext?.finishInteractiveTransition() }
            else { interactiveContext?.cancelInteractiveTransition() }
        case .cancelled, .failed:
            interactiveContext?.cancelInteractiveTransition()
        default:
            break
        }
    }

    // MARK: UINavigationBarDelegate

    open func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { true }
}

extension UIViewController {
    var baseNavigationController: UINavigationController? {
        if let nav = parent as? UINavigationController { return nav }
        return ancestor(UINavigationController.self)
    }
}
