import CoreGraphics
import Foundation
@_spi(VitrineInternals) import QuartzCore

/// Drives a transition's animator from a gesture (UIKit's `UIPercentDrivenInteractiveTransition`): the app returns
/// one from its navigation or transitioning delegate while a gesture is under way and calls `update(_:)` as the
/// finger moves, then `finish()` or `cancel()`.
///
/// When the animator implements `interruptibleAnimator(using:)`, that animator is paused, scrubbed with its
/// `fractionComplete` and continued forwards or reversed. Otherwise the animator's `animateTransition(using:)` runs
/// once and every view animation it starts is held on the transition's timeline (UIKit pauses the container's
/// layer to the same effect); `update` moves the timeline, `finish` runs it on to the end and `cancel` runs it back
/// to the start at `completionSpeed`. A cancelled transition's animated properties are back at their start values
/// when the animations' completions run, so the animator's usual
/// `completeTransition(!transitionContext.transitionWasCancelled)` is all a cancel needs.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// How fast the rest of the transition runs after `finish()` or `cancel()` (2: twice as fast).
    open var completionSpeed: CGFloat = 1
    /// The curve an interruptible animator continues on (when `timingCurve` is `nil`).
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// The curve an interruptible animator continues on; `nil`: `completionCurve`.
    open var timingCurve: (any UITimingCurveProvider)?
    /// Whether the transition starts paused, waiting for `update(_:)` (`true`), or starts animating and can be
    /// caught with `pause()`.
    open var wantsInteractiveStart = true

    /// The transition's length (the animator's `transitionDuration`), 0 before it starts.
    open var duration: CGFloat { CGFloat(transitionDuration) }
    /// How far along the transition is, 0...1.
    open var percentComplete: CGFloat {
        switch driver {
        case .interruptible(let animator)?: return animator.fractionComplete
        case .held(let timeline)?: return transitionDuration > 0 ? CGFloat(timeline.time / transitionDuration) : 0
        case nil: return 0
        }
    }

    private enum Driver {
        case interruptible(any UIViewImplicitlyAnimating)
        case held(HeldTimeline)
    }
    private var driver: Driver?
    private var context: (any UIViewControllerContextTransitioning)?
    private var transitionDuration: TimeInterval = 0

    public override init() { super.init() }

    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        context = transitionContext
        guard let animator = (transitionContext as? TransitionContext)?.animator else {
            // A context Vitrine did not make names no animator to drive: nothing animates; the transition ends.
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        transitionDuration = animator.transitionDuration(using: transitionContext)
        let interruptible = animator.interruptibleAnimator(using: transitionContext)
        if !(interruptible is NoInterruptibleAnimator) {
            driver = .interruptible(interruptible)
            if wantsInteractiveStart { interruptible.pauseAnimation() } else { interruptible.startAnimation() }
        } else {
            // The coordinator's alongside animations start inside the capture too, so they are held and scrubbed with
            // the animator's.
            let timeline = HeldTimeline.collect(duration: transitionDuration) {
                animator.animateTransition(using: transitionContext)
                (transitionContext as? TransitionContext)?.coordinator?.transitionAnimationsStarted()
            }
            driver = .held(timeline)
            if wantsInteractiveStart { timeline.hold(at: 0) }
        }
        (transitionContext as? TransitionContext)?.onEnd = { [weak self] in self?.ended() }
    }

    /// Moves the transition to `percentComplete` (0...1) of the way, pausing it if it was running.
    open func update(_ percentComplete: CGFloat) {
        let p = min(max(percentComplete, 0), 1)
        switch driver {
        case .interruptible(let animator)?:
            if animator.isRunning { animator.pauseAnimation() }
            animator.fractionComplete = p
        case .held(let timeline)?:
            timeline.hold(at: Double(p) * transitionDuration)
        case nil:
            return
        }
        context?.updateInteractiveTransition(p)
    }

    /// Pauses a transition that is running (one started with `wantsInteractiveStart == false`, or finishing).
    open func pauseInteractiveTransition() {
        switch driver {
        case .interruptible(let animator)?: animator.pauseAnimation()
        case .held(let timeline)?: timeline.hold(at: timeline.time)
        case nil: return
        }
        context?.pauseInteractiveTransition()
    }

    /// Runs the transition on to its end.
    open func finish() { settle(cancelled: false) }

    /// Runs the transition back to its start; the controllers stay as they were.
    open func cancel() { settle(cancelled: true) }

    private func settle(cancelled: Bool) {
        guard let context, let driver else { return }
        if cancelled { context.cancelInteractiveTransition() } else { context.finishInteractiveTransition() }
        let speed = Double(max(completionSpeed, 0.01))
        switch driver {
        case .interruptible(let animator):
            let left = cancelled ? animator.fractionComplete : 1 - animator.fractionComplete
            animator.isReversed = cancelled
            let curve = timingCurve ?? UICubicTimingParameters(animationCurve: completionCurve)
            animator.continueAnimation(withTimingParameters: curve, durationFactor: max(left, 0.001) / CGFloat(speed))
        case .held(let timeline):
            timeline.run(rate: cancelled ? -speed : speed)
        }
    }

    /// The transition completed (or was cancelled): let go of it, ready for the next.
    private func ended() {
        driver = nil
        context = nil
    }
}

/// The view animations one `animateTransition(using:)` call made, held on one timeline: each keeps its place on
/// it (its delay), so that moving the timeline moves them all, as pausing and offsetting their container's layer
/// time does in Core Animation.
@MainActor
final class HeldTimeline {
    private struct Item {
        let animation: CAAnimation
        let layer: CALayer
        /// When the animation starts on the timeline (its delay).
        let start: Double
    }
    private var items: [Item] = []
    private let duration: Double
    /// Where the timeline is held, or was when it started running.
    private var heldTime: Double = 0
    private var running: (since: CFTimeInterval, rate: Double)?

    private init(duration: Double) { self.duration = duration }

    /// Runs `body` and keeps every view animation it starts.
    static func collect(duration: Double, _ body: () -> Void) -> HeldTimeline {
        let timeline = HeldTimeline(duration: duration)
        let origin = CACurrentMediaTime()
        var contexts: [ViewAnimationContext] = []
        let previous = ViewAnimationContext.capture
        ViewAnimationContext.capture = { contexts.append($0) }
        body()
        ViewAnimationContext.capture = previous
        for context in contexts {
            for item in context.tracker.running {
                timeline.items.append(Item(animation: item.animation, layer: item.layer, start: max(item.animation.beginTime - origin, 0)))
            }
        }
        timeline.running = (origin, 1)
        return timeline
    }

    /// The timeline's time now.
    var time: Double {
        guard let running else { return heldTime }
        return min(max(heldTime + (CACurrentMediaTime() - running.since) * running.rate, 0), duration)
    }

    /// Holds every animation at `time` on the timeline.
    func hold(at time: Double) {
        heldTime = min(max(time, 0), duration)
        running = nil
        let now = CACurrentMediaTime()
        for item in items {
            // Just short of the end: an animation held exactly at its end would count as finished.
            let local = min(heldTime - item.start, item.animation.activeDuration - 1e-6)
            item.animation.speed = 0
            item.animation.beginTime = now
            item.animation.timeOffset = local
        }
        UIApplication.shared.requestNextFrame()
    }

    /// Runs the timeline on from where it is held at `rate` (negative: back to the start). Run backwards, each
    /// animated property's model value goes back to its start first, so the views rest where they began once the
    /// animations end.
    func run(rate: Double) {
        let from = time
        hold(at: from)
        let now = CACurrentMediaTime()
        if rate < 0 {
            for item in items {
                guard let basic = item.animation as? CABasicAnimation, let key = basic.keyPath, basic.fromValue != nil else { continue }
                // A view animation ends at whatever the model is (its `toValue` is nil): pin the end first.
                if basic.toValue == nil, basic.byValue == nil { basic.toValue = CALayer.modelValue(key, of: item.layer) }
                item.layer.setModelValue(basic.fromValue, forKey: key)
            }
        }
        for item in items {
            let local = item.animation.timeOffset
            item.animation.speed = Float(rate)
            item.animation.beginTime = now
            item.animation.timeOffset = local
        }
        heldTime = from
        running = (now, rate)
        UIApplication.shared.requestNextFrame()
    }
}
