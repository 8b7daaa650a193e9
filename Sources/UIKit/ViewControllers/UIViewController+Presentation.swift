import CoreGraphics
import Foundation

/// One presentation: who presents, its controller and container, and where the presenter's view was if the
/// presentation took it away.
@MainActor
final class PresentationRecord {
    weak var presenter: UIViewController?
    let controller: UIPresentationController
    let container: PresentationContainerView
    var isBeingPresented = true
    var isBeingDismissed = false
    /// Where a full-screen presentation took the presenter's view from.
    weak var presenterSuperview: UIView?
    var presenterIndex = 0
    init(presenter: UIViewController, controller: UIPresentationController, container: PresentationContainerView) {
        self.presenter = presenter
        self.controller = controller
        self.container = container
    }
}

extension UIViewController {
    var basePresentingViewController: UIViewController? { presentation?.presenter ?? parent?.presentingViewController }
    var baseIsBeingPresented: Bool { presentation?.isBeingPresented ?? false }
    var baseIsBeingDismissed: Bool { presentation?.isBeingDismissed ?? false }
    var basePresentationController: UIPresentationController? { presentation?.controller ?? parent?.presentationController }
    var basePopoverPresentationController: UIPopoverPresentationController? {
        if let popover = presentation?.controller as? UIPopoverPresentationController { return popover }
        guard presentation == nil, modalPresentationStyle == .popover else { return nil }
        if pendingPopover == nil { pendingPopover = UIPopoverPresentationController(presentedViewController: self, presenting: nil) }
        return pendingPopover
    }

    /// The top of this controller's chain of parents: a window's root or a presented controller.
    var rootAncestor: UIViewController {
        var c = self
        while let p = c.parent { c = p }
        return c
    }

    /// The controller that presents for `self` in `style`: the nearest ancestor that defines a context for the
    /// context styles, else the top of the chain (a window's root or a presented controller).
    private func presenter(for style: UIModalPresentationStyle) -> UIViewController {
        if style == .currentContext || style == .overCurrentContext {
            var c: UIViewController? = self
            while let current = c {
                if current.definesPresentationContext { return current }
                c = current.parent
            }
        }
        return rootAncestor
    }

    func presentController(_ vc: UIViewController, animated: Bool, completion: (() -> Void)?) {
        let presenter = presenter(for: vc.modalPresentationStyle)
        if let already = presenter.storedPresentedViewController {
            VitrineLog.logger("vitrine.uikit").warning(
                "Attempt to present \(vc) on \(presenter) which is already presenting \(already)")
            return
        }
        guard vc.presentation == nil, vc.parent == nil else {
            VitrineLog.logger("vitrine.uikit").warning("Attempt to present \(vc) which is already presented or is a child")
            return
        }
        guard let window = presenter.viewIfLoaded?.window else {
            VitrineLog.logger("vitrine.uikit").warning("Attempt to present \(vc) on \(presenter) whose view is not in the window hierarchy")
            return
        }
        var style = vc.modalPresentationStyle
        if style == .automatic { style = vc.defaultPresentationStyle }
        // A popover whose delegate adapts it to no adaptation (or any window): popovers show as asked; the others map.
        if style == .blurOverFullScreen { style = .overFullScreen }
        let controller: UIPresentationController
        if style == .custom, let custom = vc.transitioningDelegate?.presentationController(forPresented: vc, presenting: presenter, source: self) {
            controller = custom
        } else if let made = vc.makePresentationController(presenting: presenter, style: style) {
            controller = made
        } else {
            switch style {
            case .pageSheet, .formSheet: controller = SheetPresentationController(presented: vc, presenting: presenter, style: style)
            case .popover: controller = vc.pendingPopover ?? UIPopoverPresentationController(presentedViewController: vc, presenting: presenter)
            default: controller = FullScreenPresentationController(presented: vc, presenting: presenter, style: style == .custom ? .overFullScreen : style)
            }
        }
        vc.pendingPopover = nil
        // The container covers the context: the presenter's view for the context styles, else the window.
        let container = PresentationContainerView(frame: .zero)
        container.controller = controller
        let host: UIView = style == .currentContext || style == .overCurrentContext ? presenter.view : window
        container.frame = host.bounds
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        controller.containerView = container
        let record = PresentationRecord(presenter: presenter, controller: controller, container: container)
        vc.presentation = record
        presenter.storedPresentedViewController = vc
        _ = vc.view // loaded before it appears, as UIKit does
        let removesPresenter = controller.shouldRemovePresentersView
        let coordinator = TransitionCoordinator(container: container, from: presenter, to: vc, animated: animated, style: style,
                                                controllers: [vc, presenter])
        vc.beginAppearanceTransition(true, animated: animated)
        if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
        host.addSubview(container)
        controller.presentationTransitionWillBegin()
        let frame = controller.frameOfPresentedViewInContainerView
        let animator = vc.transitioningDelegate?.animationController(forPresented: vc, presenting: presenter, source: self)
            ?? controller.defaultAnimator(presenting: true)
        let interaction = animated ? vc.transitioningDelegate?.interactionControllerForPresentation(using: animator) : nil
        let context = TransitionContext(container: container, from: presenter, to: vc, animated: animated, interactive: interaction != nil,
                                        style: style, fromViewInvolved: removesPresenter, toViewInvolved: true,
                                        frames: [(presenter, presenter.view.frame, presenter.view.frame), (vc, frame, frame)]) { [weak vc, weak presenter] done in
            animator.animationEnded(done)
            guard let vc, let presenter else { return }
            record.isBeingPresented = false
            guard done else {
                // An interaction cancelled the presentation: the presented controller goes away unseen.
                vc.viewIfLoaded?.removeFromSuperview()
                container.removeFromSuperview()
                presenter.storedPresentedViewController = nil
                vc.presentation = nil
                if removesPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
                vc.beginAppearanceTransition(false, animated: animated)
                vc.endAppearanceTransition()
                if removesPresenter { presenter.endAppearanceTransition() }
                controller.presentationTransitionDidEnd(false)
                return
            }
            if removesPresenter, let pv = presenter.viewIfLoaded, let sv = pv.superview {
                record.presenterSuperview = sv
                record.presenterIndex = sv.subviews.firstIndex { $0 === pv } ?? 0
                pv.removeFromSuperview()
            }
            vc.endAppearanceTransition()
            if removesPresenter { presenter.endAppearanceTransition() }
            controller.presentationTransitionDidEnd(true)
            // A new screen for a screen reader (an alert's, a sheet's).
            UIAccessibility.post(notification: .screenChanged, argument: nil)
            completion?()
        }
        context.animator = animator
        coordinator.attach(context)
        if let interaction { interaction.startInteractiveTransition(context) } else { animator.animateTransition(using: context) }
        coordinator.transitionAnimationsStarted()
    }

    func dismissController(animated: Bool, completion: (() -> Void)?) {
        if let presented = presentedViewController {
            presented.dismissPresentation(animated: animated, completion: completion)
        } else if let record = rootAncestor.presentation, let presenter = record.presenter {
            presenter.dismiss(animated: animated, completion: completion)
        } else {
            completion?()
        }
    }

    /// Takes this presented controller (and anything it presents) off the screen.
    private func dismissPresentation(animated: Bool, completion: (() -> Void)?) {
        guard let record = presentation, let presenter = record.presenter, !record.isBeingDismissed else { completion?(); return }
        // What this one presents goes first, at once (UIKit animates only the topmost).
        if let above = storedPresentedViewController { above.dismissPresentation(animated: false, completion: nil) }
        record.isBeingDismissed = true
        let controller = record.controller
        let removesPresenter = controller.shouldRemovePresentersView
        let coordinator = TransitionCoordinator(container: record.container, from: self, to: presenter, animated: animated,
                                                style: controller.presentationStyle, controllers: [self, presenter])
        beginAppearanceTransition(false, animated: animated)
        if removesPresenter {
            presenter.beginAppearanceTransition(true, animated: animated)
            if let sv = record.presenterSuperview, let pv = presenter.viewIfLoaded, pv.superview == nil {
                sv.insertSubview(pv, at: min(record.presenterIndex, sv.subviews.count))
            }
        }
        controller.dismissalTransitionWillBegin()
        let animator = transitioningDelegate?.animationController(forDismissed: self) ?? controller.defaultAnimator(presenting: false)
        let interaction = animated ? transitioningDelegate?.interactionControllerForDismissal(using: animator) : nil
        let frame = viewIfLoaded?.frame ?? .zero
        let context = TransitionContext(container: record.container, from: self, to: presenter, animated: animated, interactive: interaction != nil,
                                        style: controller.presentationStyle, fromViewInvolved: true, toViewInvolved: removesPresenter,
                                        frames: [(self, frame, frame), (presenter, presenter.view.frame, presenter.view.frame)]) { [weak self] done in
            animator.animationEnded(done)
            guard let self else { return }
            guard done else {
                // An interaction cancelled the dismissal: this controller stays presented; the completion is not
                // called (it is for a dismissal that happened).
                record.isBeingDismissed = false
                if removesPresenter, let pv = presenter.viewIfLoaded, pv.superview != nil { pv.removeFromSuperview() }
                self.beginAppearanceTransition(true, animated: animated)
                if removesPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
                if removesPresenter { presenter.endAppearanceTransition() }
                self.endAppearanceTransition()
                controller.dismissalTransitionDidEnd(false)
                return
            }
            self.viewIfLoaded?.removeFromSuperview()
            // An animator may have put the presenter's view in the container (iOS animators add the "to" view):
            // it goes back where the presentation took it from before the container goes.
            if removesPresenter, let sv = record.presenterSuperview, let pv = presenter.viewIfLoaded, pv.superview !== sv {
                sv.insertSubview(pv, at: min(record.presenterIndex, sv.subviews.count))
            }
            record.container.removeFromSuperview()
            presenter.storedPresentedViewController = nil
            self.presentation = nil
            self.endAppearanceTransition()
            if removesPresenter { presenter.endAppearanceTransition() }
            controller.dismissalTransitionDidEnd(true)
            UIAccessibility.post(notification: .screenChanged, argument: nil)
            completion?()
        }
        context.animator = animator
        coordinator.attach(context)
        if let interaction { interaction.startInteractiveTransition(context) } else { animator.animateTransition(using: context) }
        coordinator.transitionAnimationsStarted()
    }
}
