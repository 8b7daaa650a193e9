import CoreGraphics
import Foundation

/// The two sides of a transition (UIKit's `UITransitionContextViewControllerKey`).
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// The two sides' views (UIKit's `UITransitionContextViewKey`).
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// What an animator is given to run a transition (UIKit's `UIViewControllerContextTransitioning`).
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    /// Called by the animator when its animations end: `didComplete` false for a cancelled transition.
    func completeTransition(_ didComplete: Bool)
}

/// Runs a transition's animations (UIKit's `UIViewControllerAnimatedTransitioning`).
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    func animationEnded(_ transitionCompleted: Bool)
    /// The animator an interaction scrubs, finishes and reverses (optional in UIKit; the same object for the whole
    /// transition). A `UIPercentDrivenInteractiveTransition` drives it instead of calling `animateTransition`.
    func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    /// Not implemented: the percent-driven interaction holds and scrubs what `animateTransition` animates.
    public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
        NoInterruptibleAnimator.shared
    }
}

/// What the default `interruptibleAnimator(using:)` returns: UIKit's "the method is not implemented" (Swift
/// protocols have no optional methods; the requirement keeps UIKit's non-optional return type so that iOS
/// animators compile unchanged).
@MainActor
final class NoInterruptibleAnimator: UIViewImplicitlyAnimating {
    static let shared = NoInterruptibleAnimator()
    var state: UIViewAnimatingState { .inactive }
    var isRunning: Bool { false }
    var isReversed = false
    var fractionComplete: CGFloat = 0
    func startAnimation() {}
    func startAnimation(afterDelay delay: TimeInterval) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
}

/// Drives a transition with a gesture (UIKit's `UIViewControllerInteractiveTransitioning`): it is given the context
/// and calls its `updateInteractiveTransition`, then `finishInteractiveTransition` or `cancelInteractiveTransition`,
/// and finally `completeTransition`.
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// Whether the transition starts under the interaction's control (`true`) or starts animating and can be
    /// caught later (optional in UIKit; `true`).
    var wantsInteractiveStart: Bool { get }
    /// How fast the rest of the transition runs once the interaction finishes or cancels it (optional; 1).
    var completionSpeed: CGFloat { get }
    /// The curve of the rest of the transition (optional; ease in, ease out).
    var completionCurve: UIView.AnimationCurve { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var wantsInteractiveStart: Bool { true }
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
}

/// Vitrine's transition context: the container, the two controllers and their frames, and what to do once the
/// animator says the transition completed or was cancelled.
@MainActor
final class TransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    let isAnimated: Bool
    let isInteractive: Bool
    private(set) var transitionWasCancelled = false
    let presentationStyle: UIModalPresentationStyle
    private weak var from: UIViewController?
    private weak var to: UIViewController?
    /// Whether the from and to views are handed to the animator (false for presentations that keep the presenter's
    /// view where it is).
    let fromViewInvolved: Bool, toViewInvolved: Bool
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
    private var completion: ((Bool) -> Void)?
    /// The fraction an interaction reported last.
    private(set) var percentComplete: CGFloat = 0
    var onUpdate: ((CGFloat) -> Void)?
    var onFinish: (() -> Void)?
    var onCancel: (() -> Void)?
    var onPause: (() -> Void)?
    /// The animator running the transition, for an interaction that drives it (UIKit's context knows it too).
    var animator: (any UIViewControllerAnimatedTransitioning)?
    /// Told once the transition has completed or been cancelled (the interaction lets go of it).
    var onEnd: (() -> Void)?
    /// The coordinator `transitionCoordinator` hands out for this transition (alongside animations follow it).
    var coordinator: TransitionCoordinator?

    init(container: UIView, from: UIViewController?, to: UIViewController?, animated: Bool, interactive: Bool,
         style: UIModalPresentationStyle = .none, fromViewInvolved: Bool = true, toViewInvolved: Bool = true,
         frames: [(UIViewController?, CGRect, CGRect)], completion: @escaping (Bool) -> Void) {
        containerView = container
        isAnimated = animated
        isInteractive = interactive
        presentationStyle = style
        self.from = from
        self.to = to
        self.fromViewInvolved = fromViewInvolved
        self.toViewInvolved = toViewInvolved
        var f: [ObjectIdentifier: (CGRect, CGRect)] = [:]
        for (vc, a, b) in frames { if let vc { f[ObjectIdentifier(vc)] = (a, b) } }
        self.frames = f
        self.completion = completion
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { key == .from ? from : to }
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? (fromViewInvolved ? from?.view : nil) : (toViewInvolved ? to?.view : nil)
    }
    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.final ?? .zero }
    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        self.percentComplete = percentComplete
        coordinator?.interactionUpdated(percentComplete)
        onUpdate?(percentComplete)
    }
    func finishInteractiveTransition() {
        transitionWasCancelled = false
        coordinator?.interactionEnded(cancelled: false)
        onFinish?()
    }
    func cancelInteractiveTransition() {
        transitionWasCancelled = true
        coordinator?.interactionEnded(cancelled: true)
        onCancel?()
    }
    func pauseInteractiveTransition() { onPause?() }
    func completeTransition(_ didComplete: Bool) {
        guard let completion else { return }
        self.completion = nil
        coordinator?.transitionWillComplete(didComplete)
        completion(didComplete)
        animator = nil
        let end = onEnd
        onEnd = nil
        end?()
        coordinator?.transitionDidComplete()
    }
}

/// Slides, as UIKit's navigation transitions do: the incoming view from the trailing edge over the outgoing one,
/// which moves a third of the way the other way under a dimming layer; the reverse for a pop.
@MainActor
final class SlideAnimator: UIViewControllerAnimatedTransitioning {
    /// iOS's push and pop take about 0.35 s.
    static let duration: TimeInterval = 0.35
    let isPush: Bool
    init(push: Bool) { isPush = push }

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { Self.duration }

    /// Where the views are at `progress` (0: the start, 1: the end) of the slide.
    static func place(front: UIView?, back: UIView?, dim: UIView, width: CGFloat, rtl: Bool, push: Bool, progress: CGFloat) {
        let sign: CGFloat = rtl ? -1 : 1
        // The front view (the pushed one, or the one being popped) is off to the trailing side when "out".
        let frontOut = push ? 1 - progress : progress
        front?.transform = CGAffineTransform(translationX: sign * width * frontOut, y: 0)
        back?.transform = CGAffineTransform(translationX: -sign * width * 0.3 * (1 - frontOut), y: 0)
        dim.alpha = 1 - frontOut
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let container = context.containerView
        let width = container.bounds.width
        let rtl = container.effectiveUserInterfaceLayoutDirection == .rightToLeft
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to),
              let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            context.completeTransition(true)
            return
        }
        toView.frame = context.finalFrame(for: toVC)
        let front = isPush ? toView : fromView, back = isPush ? fromView : toView
        if isPush { container.addSubview(toView) } else { container.insertSubview(toView, belowSubview: fromView) }
        _ = fromVC
        // A faint black over the view underneath, and a soft shadow along the front view's edge.
        let dim = UIView(frame: container.bounds)
        dim.backgroundColor = UIColor(white: 0, alpha: 0.1)
        dim.isUserInteractionEnabled = false
        dim.isOpaque = false
        container.insertSubview(dim, belowSubview: front)
        // The shadow's shape is a band along the leading edge, three blur radii wide (as deep as the blur reaches):
        // only that edge's shadow is ever seen (the rest is under the front view or off screen), and its blurred
        // mask is then a strip, not a screenful — made in a moment when an edge drag starts a pop (on a slow board
        // a screenful's blur held up the drag's first frame), and holding no screenful of memory afterwards.
        let radius: CGFloat = 6, band = 3 * radius + 1
        let ownShadowPath = front.layer.shadowPath
        let edgeX = rtl ? front.bounds.maxX - band : front.bounds.minX
        front.layer.shadowPath = CGPath(rect: CGRect(x: edgeX, y: front.bounds.minY, width: band, height: front.bounds.height), transform: nil)
        front.layer.shadowOpacity = 0.15
        front.layer.shadowRadius = radius
        front.layer.shadowOffset = .zero
        let push = isPush
        Self.place(front: front, back: back, dim: dim, width: width, rtl: rtl, push: push, progress: 0)
        let finish = { (done: Bool) in
            dim.removeFromSuperview()
            front.layer.shadowOpacity = 0
            front.layer.shadowPath = ownShadowPath
            front.transform = .identity
            back.transform = .identity
            context.completeTransition(done)
        }
        guard context.isAnimated else { finish(true); return }
        if context.isInteractive {
            // The gesture moves the views; finishing or cancelling animates the rest of the way.
            let ctx = context as? TransitionContext
            ctx?.onUpdate = { p in Self.place(front: front, back: back, dim: dim, width: width, rtl: rtl, push: push, progress: p) }
            let settle = { (to: CGFloat, done: Bool) in
                let left = abs(to - (ctx?.percentComplete ?? 0))
                UIView.animate(withDuration: max(0.1, Self.duration * Double(left)), delay: 0, options: [.curveEaseOut], animations: {
                    Self.place(front: front, back: back, dim: dim, width: width, rtl: rtl, push: push, progress: to)
                }, completion: { _ in finish(done) })
            }
            ctx?.onFinish = { settle(1, true) }
            ctx?.onCancel = { settle(0, false) }
            return
        }
        UIView.animate(withDuration: Self.duration, delay: 0, options: [.curveEaseInOut], animations: {
            Self.place(front: front, back: back, dim: dim, width: width, rtl: rtl, push: push, progress: 1)
        }, completion: { _ in finish(!context.transitionWasCancelled) })
    }
}
