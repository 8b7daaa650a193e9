import CoreGraphics
import Foundation
@_spi(VitrineInternals) import QuartzCore

/// Where an animator is in its life.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive, active, stopped
}

/// Where an animation ended: at its end values, its start values, or wherever it was.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}

/// An interruptible view animation (iOS 10's `UIViewPropertyAnimator`): start, pause, scrub with
/// `fractionComplete`, reverse, add animations and completions while it runs — what interactive touch UIs (a
/// drawer following a pan) are built on.
///
/// The animation blocks run when the animator first starts (or is first paused or scrubbed), as in UIKit; their
/// changes become Core Animation animations that the animator pauses (speed 0), scrubs (time offset) and
/// reverses (negative speed). While running, `fractionComplete` is the fraction of time. While paused with
/// `scrubsLinearly` (the default) it is the fraction of the change: pausing holds what is shown, scrubbing moves
/// the views in proportion, and resuming continues along the curve from the point that shows the same values.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    /// The animation's length in seconds.
    public let duration: TimeInterval
    /// The timing curve (or the spring's damping ratio).
    private let curve: UIView.AnimationCurve?
    private let dampingRatio: CGFloat?
    private let customCurve: CAMediaTimingFunction?
    /// A spring's initial velocity (fraction of the change per second).
    private var springVelocity: CGFloat = 0

    public private(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animations are moving (not paused).
    public private(set) var isRunning = false
    /// Whether the animations run backwards (towards their start values); settable while active.
    open var isReversed = false {
        didSet {
            guard isReversed != oldValue, state == .active else { return }
            if isRunning { resume() }
        }
    }
    /// Whether the animator can be paused and reversed; `true`.
    open var isInterruptible = true
    /// Whether animated views take touches; `true` for animators (unlike animation blocks).
    open var isUserInteractionEnabled = true
    /// Whether the animator stays active (paused at the end) when its animations finish; `false`.
    open var pausesOnCompletion = false
    /// Whether scrubbing a paused animator moves the views in proportion to `fractionComplete` (`true`) or along
    /// the timing curve (`false`).
    open var scrubsLinearly = true
    /// The timing curves of animations held linear while paused (restored when they run again).
    private var heldCurves: [ObjectIdentifier: CAMediaTimingFunction] = [:]
    /// Seconds before the animations start, for `startAnimation(afterDelay:)`.
    public private(set) var delay: TimeInterval = 0

    private var blocks: [(animations: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var context: ViewAnimationContext?
    /// The fraction shown while paused before the animations exist (scrubbed from inactive).
    private var pendingFraction: CGFloat = 0

    /// An animator with one of UIKit's curves.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        self.curve = curve
        dampingRatio = nil
        customCurve = nil
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator with a spring of `ratio` damping (1: no overshoot).
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        curve = nil
        dampingRatio = ratio
        customCurve = nil
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator with a cubic Bézier curve through two control points.
    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.duration = duration
        curve = nil
        dampingRatio = nil
        customCurve = CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        if let animations { blocks.append((animations, 0)) }
    }

    /// An animator with the curve `parameters` describe: a cubic curve, or a spring (by its damping ratio and
    /// initial velocity; a spring given by mass, stiffness and damping settles in `duration` with the damping
    /// ratio those give).
    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        self.duration = duration
        if let spring = parameters.springTimingParameters {
            curve = nil
            dampingRatio = spring.dampingRatio
            springVelocity = spring.initialVelocity.dx
            customCurve = nil
        } else {
            let cubic = parameters.cubicTimingParameters ?? UICubicTimingParameters()
            curve = parameters.timingCurveType == .builtin ? cubic.animationCurve : nil
            dampingRatio = nil
            customCurve = parameters.timingCurveType == .builtin ? nil : cubic.timingFunction
        }
    }

    /// An animator that starts at once (after `delay`), like an animation block that can be interrupted.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                                              animations: @escaping () -> Void,
                                              completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// Adds animations; while the animator runs they start at once and take its remaining time.
    open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds animations that start after `delayFactor` of the (remaining) duration.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        guard state == .active else { blocks.append((animation, delayFactor)); return }
        let remaining = duration * (1 - Double(fractionComplete))
        let extra = makeContext(duration: remaining * Double(1 - delayFactor), delay: remaining * Double(delayFactor))
        extra.collect(animation)
        extra.close()
        if !isRunning { pause(extra, at: 0) }
    }

    /// Adds a completion, called with where the animations ended.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

    /// Starts (or resumes) the animations.
    open func startAnimation() {
        guard state != .stopped else { return }
        if state == .inactive {
            activate(paused: false, delay: delay)
        } else if !isRunning {
            resume()
        }
    }

    /// Starts the animations after `delay` seconds.
    open func startAnimation(afterDelay delay: TimeInterval) {
        self.delay = delay
        startAnimation()
    }

    /// Pauses the animations where they are (activating the animator if it was inactive).
    open func pauseAnimation() {
        guard state != .stopped else { return }
        if state == .inactive { activate(paused: true, delay: 0); return }
        guard isRunning else { return }
        let fraction = Double(fractionComplete)
        for item in runningAnimations {
            // Held where it is: with linear scrubbing, at the fraction of the change the curve shows now.
            let shown = scrubsLinearly ? (item.animation.timingFunction?.progress(at: fraction) ?? fraction) : fraction
            pause(item.animation, at: shown)
        }
        isRunning = false
    }

    /// How far along the animations are, 0...1 (time fraction). Set it while paused (or inactive) to scrub.
    open var fractionComplete: CGFloat {
        get {
            guard let first = runningAnimations.first?.animation, first.duration > 0 else { return pendingFraction }
            return CGFloat(min(max(first.localTime(at: CACurrentMediaTime()) / first.duration, 0), 1))
        }
        set {
            let f = min(max(newValue, 0), 1)
            if state == .inactive { pauseAnimation() }
            guard !isRunning else { return }
            pendingFraction = f
            for item in runningAnimations { pause(item.animation, at: Double(f)) }
            UIApplication.shared.requestNextFrame()
        }
    }

    /// Runs a paused animator on (UIKit's `continueAnimation(withTimingParameters:durationFactor:)`): over
    /// `durationFactor` times its duration (0: the time it has left at its own pace), along `parameters`' curve
    /// (`nil`: its own) from the point that shows what is shown now. Interactive transitions finish and cancel
    /// this way.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        guard state == .active else { return }
        if isRunning { pauseAnimation() }
        if let parameters {
            let curve = parameters.continuationCurve
            for item in runningAnimations where !(item.animation is CASpringAnimation) {
                // Held linear at the change shown; the new curve takes over from there when it resumes.
                if heldCurves[ObjectIdentifier(item.animation)] == nil, let old = item.animation.timingFunction {
                    let d = item.animation.duration
                    let shown = d > 0 ? old.progress(at: min(max(item.animation.localTime(at: CACurrentMediaTime()) / d, 0), 1)) : 1
                    item.animation.timingFunction = nil
                    item.animation.timeOffset = shown * d
                }
                heldCurves[ObjectIdentifier(item.animation)] = curve
            }
        }
        let left = Double(isReversed ? fractionComplete : 1 - fractionComplete) * duration
        let wanted = durationFactor > 0 ? Double(durationFactor) * duration : left
        resume(rate: wanted > 0 && left > 0 ? left / wanted : 1)
    }

    /// Stops the animations. `withoutFinishing == true`: the views stay where they are shown and the animator
    /// becomes inactive without calling completions; `false`: it is `.stopped` until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        place(at: .current) // the views stay where they are shown
        isRunning = false
        heldCurves.removeAll()
        if withoutFinishing { state = .inactive; context = nil } else { state = .stopped }
    }

    /// Finishes a stopped animator, putting the views at `finalPosition`, and calls the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        place(at: finalPosition)
        complete(finalPosition)
    }

    // MARK: Internals

    private var runningAnimations: [(animation: CAAnimation, layer: CALayer)] { context?.tracker.running ?? [] }

    private func makeContext(duration: TimeInterval, delay: TimeInterval) -> ViewAnimationContext {
        var options: UIView.AnimationOptions = [.allowUserInteraction]
        if let curve { options.insert(UIView.AnimationOptions(rawValue: UInt(curve.rawValue) << 16)) }
        if !isUserInteractionEnabled { options.remove(.allowUserInteraction) }
        let context = ViewAnimationContext(duration: duration, delay: delay, options: options, completion: nil)
        if let dampingRatio { context.spring = (dampingRatio, springVelocity) }
        context.customCurve = customCurve
        return context
    }

    private func activate(paused: Bool, delay: TimeInterval) {
        state = .active
        let context = makeContext(duration: duration, delay: delay)
        self.context = context
        context.onStop = { [weak self] finished in self?.animationsStopped(finished) }
        for block in blocks { context.collect(block.animations) }
        blocks.removeAll()
        // The animations stay (filled) when they end, so nothing flickers before the animator puts the model at
        // the end it reached (the start, when reversed).
        for item in runningAnimations {
            item.animation.isRemovedOnCompletion = false
            item.animation.fillMode = .both
        }
        context.close()
        if paused {
            isRunning = false
            for item in runningAnimations { pause(item.animation, at: Double(pendingFraction)) }
        } else {
            isRunning = true
        }
        UIApplication.shared.requestNextFrame()
    }

    /// Holds `animation` at `fraction` of its duration (speed 0) — with linear scrubbing, at that fraction of
    /// the change, its curve set aside until it runs again.
    private func pause(_ animation: CAAnimation, at fraction: Double) {
        if scrubsLinearly, !(animation is CASpringAnimation), let curve = animation.timingFunction {
            heldCurves[ObjectIdentifier(animation)] = curve
            animation.timingFunction = nil
        }
        animation.speed = 0
        animation.timeOffset = fraction * animation.duration
        animation.beginTime = CACurrentMediaTime()
    }

    private func pause(_ context: ViewAnimationContext, at fraction: Double) {
        for item in context.tracker.running { pause(item.animation, at: fraction) }
    }

    /// Runs the animations on from where they are, forwards or backwards.
    private func resume(rate: Double = 1) {
        let now = CACurrentMediaTime()
        for item in runningAnimations {
            var local = item.animation.localTime(at: now)
            if let curve = heldCurves.removeValue(forKey: ObjectIdentifier(item.animation)) {
                // Back on its curve, at the time that shows the change it was scrubbed to.
                item.animation.timingFunction = curve
                let d = item.animation.duration
                if d > 0 { local = curve.time(forProgress: min(max(local / d, 0), 1)) * d }
            }
            item.animation.speed = Float(isReversed ? -rate : rate)
            item.animation.timeOffset = local
            item.animation.beginTime = now
        }
        isRunning = true
        UIApplication.shared.requestNextFrame()
    }

    private func animationsStopped(_ finished: Bool) {
        guard state == .active else { return }
        let position: UIViewAnimatingPosition = isReversed ? .start : .end
        if pausesOnCompletion { isRunning = false; return }
        place(at: position)
        complete(position)
    }

    /// Puts the model where `position` says (the animations' start or end values, or what is shown now) and
    /// removes the animations.
    private func place(at position: UIViewAnimatingPosition) {
        for item in runningAnimations {
            guard let basic = item.animation as? CABasicAnimation, let key = basic.keyPath else { continue }
            switch position {
            case .start: item.layer.setModelValue(basic.fromValue, forKey: key)
            case .current: item.layer.setModelValue(item.layer.presentationValue(forKey: key), forKey: key)
            case .end: item.layer.setModelValue(basic.toValue, forKey: key)
            }
        }
        for item in runningAnimations {
            if let key = (item.animation as? CAPropertyAnimation)?.keyPath, item.layer.animation(forKey: key) === item.animation {
                item.layer.removeAnimation(forKey: key)
            }
        }
    }

    private func complete(_ position: UIViewAnimatingPosition) {
        heldCurves.removeAll()
        state = .inactive
        isRunning = false
        context = nil
        let calls = completions
        completions.removeAll()
        for completion in calls { completion(position) }
    }
}
