import CoreGraphics
import Foundation
@_spi(VitrineInternals) import QuartzCore

/// What is known of a transition in progress (UIKit's `UIViewControllerTransitionCoordinatorContext`): handed to the
/// blocks given to a transition coordinator.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition began driven by a gesture.
    var initiallyInteractive: Bool { get }
    /// Whether the transition can be interrupted (only with an interruptible animator).
    var isInterruptible: Bool { get }
    /// Whether a gesture drives the transition now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (an interactive one let go early): the controllers stay as they were.
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var percentComplete: CGFloat { get }
    var completionVelocity: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var containerView: UIView { get }
    /// The rotation a size change applies (identity: panels do not turn at run time).
    var targetTransform: CGAffineTransform { get }
}

/// A transition in progress, for code that wants to animate alongside it or hear when it ends (UIKit's
/// `UIViewControllerTransitionCoordinator`, from `UIViewController.transitionCoordinator`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` with the transition's own animations (the same duration and curve; following the finger
    /// when a gesture drives the transition, and going back if it is cancelled), then `completion` once the
    /// transition has ended. Returns whether the animation was taken (false once the transition has ended).
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// As `animate(alongsideTransition:completion:)`, for animations of a view outside the transition's container.
    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` when the gesture driving the transition lets go (to finish or to cancel it).
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
    /// Calls `handler` when the gesture driving the transition lets go (the older name).
    func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
    @discardableResult
    public func animateAlongsideTransition(in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}

extension UIViewController {
    /// The behaviour of the overridable member of the same name (declared in UIViewController.swift).
    var baseTransitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        var vc: UIViewController? = self
        while let c = vc {
            if let coordinator = c.activeTransitionCoordinator { return coordinator }
            vc = c.parent ?? c.presentation?.presenter
        }
        return nil
    }
}

/// Vitrine's coordinator: made before a transition's appearance callbacks, attached to the transition's context once
/// there is one. Alongside animations asked for before the transition's animations start run with them (inside the
/// same view animation capture, so a percent-driven interaction holds and scrubs them too); those of a transition a
/// gesture drives without a percent-driven interaction (the navigation controller's edge swipe) are held on a
/// timeline of their own that follows the gesture's progress and runs on, or back, when it lets go.
@MainActor
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    typealias Block = (any UIViewControllerTransitionCoordinatorContext) -> Void

    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    private(set) var initiallyInteractive = false
    private(set) var isInteractive = false
    private(set) var isCancelled = false
    private(set) var transitionDuration: TimeInterval = 0
    private(set) var percentComplete: CGFloat = 0
    let completionVelocity: CGFloat = 1
    let completionCurve = UIView.AnimationCurve.easeInOut
    let targetTransform = CGAffineTransform.identity
    var isInterruptible: Bool {
        guard let animator = context?.animator else { return false }
        return !(animator.interruptibleAnimator(using: context!) is NoInterruptibleAnimator)
    }
    let containerView: UIView
    private weak var from: UIViewController?
    private weak var to: UIViewController?
    /// The controllers `transitionCoordinator` answers this for (cleared when the transition ends).
    private var registered: [UIViewController] = []
    private var context: TransitionContext?
    private var pending: [Block] = []
    private var completions: [Block] = []
    private var interactionHandlers: [Block] = []
    private var started = false, ended = false
    /// The alongside animations of a gesture-driven transition, when nothing else holds them.
    private var timeline: HeldTimeline?
    /// When the alongside animations started (for those asked for later: the time left).
    private var startTime: CFTimeInterval = 0

    init(container: UIView, from: UIViewController?, to: UIViewController?, animated: Bool,
         style: UIModalPresentationStyle = .none, controllers: [UIViewController?]) {
        containerView = container
        self.from = from
        self.to = to
        isAnimated = animated
        presentationStyle = style
        for case let vc? in controllers where !registered.contains(where: { $0 === vc }) {
            vc.activeTransitionCoordinator = self
            registered.append(vc)
        }
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { key == .from ? from : to }
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        context?.view(forKey: key) ?? (key == .from ? from?.viewIfLoaded : to?.viewIfLoaded)
    }

    /// The transition's context exists (its animator is known): the coordinator answers from it from now on.
    func attach(_ context: TransitionContext) {
        self.context = context
        context.coordinator = self
        initiallyInteractive = context.isInteractive
        isInteractive = context.isInteractive
        if let animator = context.animator { transitionDuration = animator.transitionDuration(using: context) }
    }

    // MARK: Alongside animations

    func animate(alongsideTransition animation: Block?, completion: Block?) -> Bool {
        guard !ended else { return false }
        if let completion { completions.append(completion) }
        guard let animation else { return true }
        if started {
            // The transition's animations are already running: this one takes the time they have left.
            let left = max(0, transitionDuration - (CACurrentMediaTime() - startTime))
            run([animation], duration: isInteractive ? 0 : left)
        } else {
            pending.append(animation)
        }
        return true
    }

    func animateAlongsideTransition(in view: UIView?, animation: Block?, completion: Block?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping Block) { interactionHandlers.append(handler) }
    func notifyWhenInteractionEnds(_ handler: @escaping Block) { interactionHandlers.append(handler) }

    /// The transition's animations are starting (called right after the animator was asked to animate, inside any
    /// capture of view animations the interaction set up): the alongside animations start with them.
    func transitionAnimationsStarted() {
        guard !started else { return }
        started = true
        startTime = CACurrentMediaTime()
        let blocks = pending
        pending = []
        guard !blocks.isEmpty else { return }
        if isAnimated, isInteractive, ViewAnimationContext.capture == nil {
            // Nothing holds view animations for this gesture: hold these on a timeline that follows it.
            let duration = transitionDuration
            let timeline = HeldTimeline.collect(duration: duration) { self.run(blocks, duration: duration, curve: .curveLinear) }
            timeline.hold(at: Double(percentComplete) * duration)
            self.timeline = timeline
        } else {
            run(blocks, duration: isAnimated ? transitionDuration : 0)
        }
    }

    private func run(_ blocks: [Block], duration: TimeInterval, curve: UIView.AnimationOptions = .curveEaseInOut) {
        if duration > 0 {
            UIView.animate(withDuration: duration, delay: 0, options: [curve], animations: { for b in blocks { b(self) } })
        } else {
            UIView.performWithoutAnimation { for b in blocks { b(self) } }
        }
    }

    // MARK: Following the context

    func interactionUpdated(_ percent: CGFloat) {
        percentComplete = percent
        timeline?.hold(at: Double(percent) * transitionDuration)
    }

    /// The gesture let go: the transition runs on to its end, or back (`cancelled`).
    func interactionEnded(cancelled: Bool) {
        guard isInteractive else { return }
        isInteractive = false
        isCancelled = cancelled
        let left = cancelled ? percentComplete : 1 - percentComplete
        // The alongside animations run the rest of the way with the transition (its settle takes the same share of
        // its duration, at least a tenth of a second).
        let rate = left > 0 && transitionDuration > 0 ? transitionDuration * Double(left) / max(0.1, transitionDuration * Double(left)) : 1
        timeline?.run(rate: cancelled ? -rate : rate)
        let handlers = interactionHandlers
        interactionHandlers = []
        for h in handlers { h(self) }
    }

    /// The transition ended (`completed` false: cancelled). The controllers stop answering with this coordinator
    /// before the context's own completion runs (their `viewDidAppear`), and the completions run after it.
    func transitionWillComplete(_ completed: Bool) {
        ended = true
        isCancelled = !completed
        isInteractive = false
        if completed { percentComplete = 1 }
        for vc in registered where vc.activeTransitionCoordinator === self { vc.activeTransitionCoordinator = nil }
        registered = []
        // Alongside animations asked for but never started (the animator completed at once) still happen.
        if !started { transitionAnimationsStarted() }
    }

    func transitionDidComplete() {
        timeline = nil
        let blocks = completions
        completions = []
        for b in blocks { b(self) }
        context = nil
    }
}
