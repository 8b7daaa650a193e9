import CoreGraphics
import Foundation

/// How a presented controller is shown (UIKit's `UIModalPresentationStyle`).
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case blurOverFullScreen = 8
    case none = -1
    case automatic = -2
}

/// How a presentation animates (UIKit's `UIModalTransitionStyle`).
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0, flipHorizontal, crossDissolve, partialCurl
}

/// Supplies a custom presentation's controller and animators (UIKit's `UIViewControllerTransitioningDelegate`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
    /// The interaction that drives an animated presentation (a gesture under way), or `nil`.
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    /// The interaction that drives an animated dismissal (a swipe under way), or `nil`.
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// What a presentation tells and asks about being dismissed by the user (UIKit's
/// `UIAdaptivePresentationControllerDelegate`; every method optional).
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// Manages one presentation (UIKit's `UIPresentationController`): the container view over the presenting
/// context, where the presented view goes in it, the views around it (a sheet's dimming), and the callbacks
/// around the transitions. Subclass it for `.custom` presentations.
@preconcurrency @MainActor
open class UIPresentationController: NSObject {
    public let presentedViewController: UIViewController
    open var presentingViewController: UIViewController { presenting }
    private let presenting: UIViewController
    /// The view the presentation happens in (nil before it starts).
    open internal(set) var containerView: UIView?
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    /// The view that is animated in (the presented controller's view by default).
    open var presentedView: UIView? { presentedViewController.viewIfLoaded }
    /// Whether the presenting controller's view goes away once the presentation ends (full screen does).
    open var shouldRemovePresentersView: Bool { false }
    open var shouldPresentInFullscreen: Bool { true }
    open var presentationStyle: UIModalPresentationStyle { .custom }

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        presenting = presentingViewController ?? presentedViewController
        super.init()
    }

    /// Where the presented view goes in the container (the whole container by default).
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    /// The animator for a style without a custom one.
    func defaultAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        ModalAnimator(style: presentedViewController.modalTransitionStyle, presenting: presenting)
    }

    /// Whether a drag down the presented view dismisses it (sheets).
    var dismissesBySwipe: Bool { false }

    /// The user tries to dismiss (a swipe, a tap outside): refused while `isModalInPresentation` or when the
    /// delegate says no (it hears the attempt), else dismissed with the delegate told before and after.
    func dismissByUser() {
        if presentedViewController.isModalInPresentation || delegate?.presentationControllerShouldDismiss(self) == false {
            delegate?.presentationControllerDidAttemptToDismiss(self)
            return
        }
        delegate?.presentationControllerWillDismiss(self)
        presentingViewController.dismiss(animated: true) { [weak self] in
            guard let self else { return }
            self.delegate?.presentationControllerDidDismiss(self)
        }
    }
}

/// The container of a presentation: it lays itself out through its presentation controller.
@MainActor
final class PresentationContainerView: UIView {
    weak var controller: UIPresentationController?
    override func layoutSubviews() {
        controller?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        if let controller, let presented = controller.presentedView, presented.superview === self, presented.transform.isIdentity {
            presented.frame = controller.frameOfPresentedViewInContainerView
        }
        controller?.containerViewDidLayoutSubviews()
    }
}

/// Full screen and over full screen: the presented view covers the container; full screen then takes the
/// presenter's view away.
@MainActor
final class FullScreenPresentationController: UIPresentationController {
    let style: UIModalPresentationStyle
    init(presented: UIViewController, presenting: UIViewController?, style: UIModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }
    override var presentationStyle: UIModalPresentationStyle { style }
    override var shouldRemovePresentersView: Bool { style == .fullScreen || style == .currentContext }
}

/// Page and form sheets as a panel shows them: centred cards over a dimmed backdrop on wide panels (a form sheet
/// 540x620 points, a page sheet the readable width and nearly the full height), a card from just below the top
/// on narrow ones; a drag down dismisses it unless `isModalInPresentation`.
@MainActor
final class SheetPresentationController: UIPresentationController, UIGestureRecognizerDelegate {
    let style: UIModalPresentationStyle
    let dimming = UIView()

    init(presented: UIViewController, presenting: UIViewController?, style: UIModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.4)
        dimming.alpha = 0
        dimming.isOpaque = false
    }
    override var presentationStyle: UIModalPresentationStyle { style }
    override var dismissesBySwipe: Bool { true }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let c = containerView else { return .zero }
        let b = c.bounds, safe = c.safeAreaInsets
        if b.width > 700 {
            let preferred = presentedViewController.preferredContentSize
            var size = style == .formSheet ? CGSize(width: 540, height: 620) : CGSize(width: min(704, b.width - 80), height: b.height - safe.top - safe.bottom - 40)
            if preferred.width > 0 { size.width = preferred.width }
            if preferred.height > 0 { size.height = preferred.height }
            size.width = min(size.width, b.width - 40)
            size.height = min(size.height, b.height - safe.top - safe.bottom - 20)
            return CGRect(x: (b.width - size.width) / 2, y: safe.top + (b.height - safe.top - safe.bottom - size.height) / 2,
                          width: size.width, height: size.height).integral
        }
        let top = safe.top + 10
        return CGRect(x: 0, y: top, width: b.width, height: b.height - top)
    }

    override func presentationTransitionWillBegin() {
        guard let c = containerView else { return }
        dimming.frame = c.bounds
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        c.insertSubview(dimming, at: 0)
        dimming.addGestureRecognizer(UITapGestureRecognizer(target: self, action: SheetPresentationController.backdropTapped))
        if let v = presentedView {
            v.layer.cornerRadius = 10
            v.layer.maskedCorners = c.bounds.width > 700 ? [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
                : [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            v.clipsToBounds = true
            let pan = SheetDismissPan(target: self, action: SheetPresentationController.dragged)
            pan.delegate = self
            v.addGestureRecognizer(pan)
        }
        UIView.animate(withDuration: ModalAnimator.duration) { self.dimming.alpha = 1 }
    }

    override func dismissalTransitionWillBegin() {
        UIView.animate(withDuration: ModalAnimator.duration) { self.dimming.alpha = 0 }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimming.removeFromSuperview() } else { dimming.alpha = 1 }
    }

    /// A tap on the backdrop of a wide panel's card dismisses it, as on iPad.
    private func backdropTapped() {
        guard (containerView?.bounds.width ?? 0) > 700 else { return }
        dismissByUser()
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        (gestureRecognizer as? SheetDismissPan)?.movesSheet ?? true
    }

    private func dragged(_ pan: SheetDismissPan) {
        guard let v = presentedView, let c = containerView else { return }
        let dy = max(0, pan.translation(in: c).y)
        let modal = presentedViewController.isModalInPresentation
        switch pan.state {
        case .changed:
            // A modal sheet gives a little and springs back.
            v.transform = CGAffineTransform(translationX: 0, y: modal ? dy * 0.1 : dy)
            dimming.alpha = modal ? 1 : max(0, 1 - dy / max(1, v.bounds.height))
        case .ended, .cancelled:
            if pan.state == .ended, dy > v.bounds.height / 3 || pan.velocity(in: c).y > 1000 { dismissByUser() }
            // Unless it is on its way out, the sheet springs back.
            if !presentedViewController.isBeingDismissed {
                UIView.animate(withDuration: 0.25) {
                    v.transform = .identity
                    self.dimming.alpha = 1
                }
            }
        default: break
        }
    }
}

/// The drag that pulls a sheet down. It yields to a vertically scrolling view inside the sheet, as UIKit's does:
/// such a scroll view's pan waits for this one, which begins only for a downward drag with the scroll view at its
/// top (and fails otherwise, so the content scrolls).
@MainActor
final class SheetDismissPan: UIPanGestureRecognizer {
    override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let sheet = view, let scrollView = otherGestureRecognizer.view as? UIScrollView,
              otherGestureRecognizer === scrollView.panGestureRecognizer else { return false }
        return scrollView.isDescendant(of: sheet)
    }

    /// Whether the drag should move the sheet rather than the content under the finger.
    var movesSheet: Bool {
        guard let sheet = view else { return true }
        let here = location(in: sheet)
        let start = CGPoint(x: here.x - translation(in: sheet).x, y: here.y - translation(in: sheet).y)
        var v = sheet.hitTest(start, with: nil)
        while let current = v, current !== sheet {
            if let scrollView = current as? UIScrollView, scrollView.isScrollEnabled, scrollView.scrollsVertically {
                // Up: the content scrolls. Down: the sheet moves only from the content's top.
                if velocity(in: sheet).y <= 0 || translation(in: sheet).y <= 0 { return false }
                return scrollView.contentOffset.y <= -scrollView.adjustedContentInset.top + 0.5
            }
            v = current.superview
        }
        return true
    }
}

/// The standard presentation animations: cover vertical (up from the bottom), cross dissolve, flip horizontal (the
/// compositor's squeeze through the middle), partial curl as cover vertical.
@MainActor
final class ModalAnimator: UIViewControllerAnimatedTransitioning {
    /// iOS's modal transitions take about 0.35 s (a sheet's spring settles in about the same).
    static let duration: TimeInterval = 0.35
    let style: UIModalTransitionStyle
    let presenting: Bool
    init(style: UIModalTransitionStyle, presenting: Bool) {
        self.style = style
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { Self.duration }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let container = context.containerView
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let vc = context.viewController(forKey: key), let v = vc.viewIfLoaded else {
            context.completeTransition(true)
            return
        }
        let final = presenting ? context.finalFrame(for: vc) : context.initialFrame(for: vc)
        if presenting {
            v.frame = final
            if v.superview !== container { container.addSubview(v) }
        }
        guard context.isAnimated else { context.completeTransition(true); return }
        let offscreen = CGAffineTransform(translationX: 0, y: container.bounds.height - final.minY)
        switch style {
        case .crossDissolve:
            if presenting { v.alpha = 0 }
            UIView.animate(withDuration: Self.duration, delay: 0, options: [.curveEaseInOut], animations: {
                v.alpha = self.presenting ? 1 : 0
            }, completion: { _ in
                v.alpha = 1
                context.completeTransition(true)
            })
        case .flipHorizontal:
            let from = context.viewController(forKey: .from)?.viewIfLoaded, to = context.viewController(forKey: .to)?.viewIfLoaded
            if presenting, let from, from.window != nil {
                v.isHidden = true
                UIView.transition(from: from, to: v, duration: Self.duration * 1.5, options: [.transitionFlipFromRight, .showHideTransitionViews]) { _ in
                    from.isHidden = false
                    context.completeTransition(true)
                }
            } else if !presenting, let to, to.window != nil {
                to.isHidden = true
                UIView.transition(from: v, to: to, duration: Self.duration * 1.5, options: [.transitionFlipFromLeft, .showHideTransitionViews]) { _ in
                    v.isHidden = false
                    context.completeTransition(true)
                }
            } else {
                context.completeTransition(true)
            }
        default:
            if presenting { v.transform = offscreen }
            UIView.animate(withDuration: Self.duration, delay: 0, options: [presenting ? .curveEaseOut : .curveEaseIn], animations: {
                v.transform = self.presenting ? .identity : offscreen
            }, completion: { _ in
                if !self.presenting { v.transform = .identity }
                context.completeTransition(true)
            })
        }
    }
}
