import CoreGraphics
import Foundation
@_spi(VitrineInternals) import QuartzCore

// View animations (seeds: "Animating Views", "Configuring Animation Parameters", "Configuring an Animation
// Delegate"): changes to animatable properties inside an animation block become Core Animation animations of
// the view's layer, made by the view (the layer's delegate) in `action(for:forKey:)`. Model values change at
// once; the presentation moves. Outside a block a view's own layer does not animate, as in UIKit.

extension UIView {
    /// Options for view animations (UIKit's values).
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
        var transition: UInt { (rawValue >> 20) & 0xF }
    }

    /// Timing curves (UIKit's values).
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear
        /// The keyboard's curve (UIKit's unnamed value 7, which the keyboard notifications carry): fast out of the
        /// start, long settle. `UIView.AnimationCurve(rawValue: 7)` is this, as iOS code expects.
        case keyboard = 7

        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: return CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: return CAMediaTimingFunction(name: .easeIn)
            case .easeOut: return CAMediaTimingFunction(name: .easeOut)
            case .linear: return CAMediaTimingFunction(name: .linear)
            case .keyboard: return CAMediaTimingFunction(controlPoints: 0.38, 0.7, 0.125, 1)
            }
        }
    }

    // MARK: Block API (declared open in UIView's body, which forwards here)

    static func baseAnimate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions,
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        let context = ViewAnimationContext(duration: duration, delay: delay, options: options, completion: completion)
        run(context, animations)
    }

    static func baseAnimate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: AnimationOptions,
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        let context = ViewAnimationContext(duration: duration, delay: delay, options: options, completion: completion)
        context.spring = (max(0.01, dampingRatio), velocity)
        run(context, animations)
    }

    static func basePerformWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let saved = animationsEnabled
        animationsEnabled = false
        actionsWithoutAnimation()
        animationsEnabled = saved
    }

    static func run(_ context: ViewAnimationContext, _ animations: () -> Void) {
        context.collect {
            animations()
            if context.options.contains(.layoutSubviews) { layoutAnimatedWindows() }
        }
        context.close()
    }

    /// `.layoutSubviews`: lay out now, inside the block, so layout changes animate too.
    private static func layoutAnimatedWindows() {
        for window in UIApplication.shared.windows { window.layoutIfNeeded() }
    }

    // MARK: Keyframes

    /// Options for keyframe animations (UIKit's values: the view options plus how keyframes are spaced).
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    static func baseAnimateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                     options: KeyframeAnimationOptions, animations: @escaping () -> Void,
                                     completion: ((Bool) -> Void)?) {
        let viewOptions = AnimationOptions(rawValue: options.rawValue & 0x1F).union(.curveLinear)
        let context = ViewAnimationContext(duration: duration, delay: delay, options: viewOptions, completion: completion)
        context.keyframes = KeyframeCollector(discrete: options.contains(.calculationModeDiscrete))
        run(context, animations)
    }

    static func baseAddKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                animations: @escaping () -> Void) {
        guard let context = ViewAnimationContext.stack.last, let collector = context.keyframes else {
            animations() // outside animateKeyframes: changes happen at once
            return
        }
        collector.current = (frameStartTime, frameDuration)
        animations()
        collector.current = nil
    }

    // MARK: Transitions

    static func baseTransition(with view: UIView, duration: TimeInterval, options: AnimationOptions,
                               animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        let snapshot = view.snapshotView(afterScreenUpdates: false)
        animations?()
        guard let snapshot, view.window != nil, animationsEnabled, duration > 0 else {
            UIApplication.shared.runLoop.perform { completion?(true) }
            return
        }
        snapshot.frame = view.bounds
        view.addSubview(snapshot)
        TransitionDriver.run(from: snapshot, to: view, duration: duration, options: options) { finished in
            snapshot.removeFromSuperview()
            completion?(finished)
        }
    }

    static func baseTransition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                               options: AnimationOptions, completion: ((Bool) -> Void)?) {
        let keep = options.contains(.showHideTransitionViews)
        if keep { toView.isHidden = false } else if toView.superview == nil, let parent = fromView.superview {
            parent.insertSubview(toView, aboveSubview: fromView)
        }
        TransitionDriver.run(from: fromView, to: toView, duration: duration, options: options) { finished in
            if keep { fromView.isHidden = true } else { fromView.removeFromSuperview() }
            completion?(finished)
        }
    }

    // MARK: The seeds' begin/commit API

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    static func baseBeginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let block = ViewAnimationContext(duration: 0.2, delay: 0, options: [], completion: nil)
        block.animationID = animationID
        block.userContext = context
        ViewAnimationContext.openBlocks.append(block)
        ViewAnimationContext.stack.append(block)
        CATransaction.begin()
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    static func baseCommitAnimations() {
        guard let block = ViewAnimationContext.openBlocks.popLast() else { return }
        ViewAnimationContext.stack.removeAll { $0 === block }
        CATransaction.commit()
        ViewAnimationContext.committed.append(block)
        guard ViewAnimationContext.openBlocks.isEmpty else { return }
        let blocks = ViewAnimationContext.committed
        ViewAnimationContext.committed.removeAll()
        for b in blocks {
            b.willStart?(b.animationID, b.userContext)
            b.close()
        }
    }

    static func baseSetAnimationDuration(_ duration: TimeInterval) { ViewAnimationContext.openBlocks.last?.duration = duration }
    static func baseSetAnimationDelay(_ delay: TimeInterval) { ViewAnimationContext.openBlocks.last?.delay = delay }
    static func baseSetAnimationCurve(_ curve: AnimationCurve) {
        guard let block = ViewAnimationContext.openBlocks.last else { return }
        block.options = block.options.subtracting(AnimationOptions(rawValue: 0xF << 16)).union(AnimationOptions(rawValue: UInt(curve.rawValue) << 16))
    }
    static func baseSetAnimationRepeatCount(_ repeatCount: Float) { ViewAnimationContext.openBlocks.last?.repeatCount = repeatCount }
    static func baseSetAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        guard let block = ViewAnimationContext.openBlocks.last else { return }
        if repeatAutoreverses { block.options.insert(.autoreverse) } else { block.options.remove(.autoreverse) }
    }
    static func baseSetAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        guard let block = ViewAnimationContext.openBlocks.last else { return }
        if fromCurrentState { block.options.insert(.beginFromCurrentState) } else { block.options.remove(.beginFromCurrentState) }
    }
    static func baseSetAnimationStart(_ startDate: Date) {
        ViewAnimationContext.openBlocks.last?.delay = max(0, startDate.timeIntervalSinceNow)
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    static func baseSetAnimationDelegate(_ delegate: Any?) { ViewAnimationContext.openBlocks.last?.delegate = delegate as AnyObject? }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    static func baseSetAnimationWillStart(_ callback: @escaping (String?, UnsafeMutableRawPointer?) -> Void) {
        ViewAnimationContext.openBlocks.last?.willStart = callback
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    static func baseSetAnimationDidStop(_ callback: @escaping (String?, Bool, UnsafeMutableRawPointer?) -> Void) {
        ViewAnimationContext.openBlocks.last?.didStop = callback
    }

    nonisolated(unsafe) static var animationsEnabled = true

    /// "No animation", shared: a view's layer asks on every property change.
    static let noAction = NSNull()

    /// The view's layer's action for a property change: an animation inside an animation block (and with
    /// animations enabled), no animation otherwise (a view's own layer does not animate implicitly).
    func animationAction(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard layer === self.layer, UIView.animationsEnabled, let context = ViewAnimationContext.stack.last,
              CALayer.isAnimatable(key: event) else { return Self.noAction }
        return context.animation(forKey: event, layer: layer) ?? Self.noAction
    }
}

/// One animation block's settings and completion.
@MainActor
final class ViewAnimationContext {
    var duration: TimeInterval
    var delay: TimeInterval
    var options: UIView.AnimationOptions
    var repeatCount: Float = 0
    var spring: (damping: CGFloat, velocity: CGFloat)?
    var keyframes: KeyframeCollector?
    /// A custom timing curve (property animators with control points).
    var customCurve: CAMediaTimingFunction?
    /// Called (on the turn the animations stop) with whether they all finished; property animators listen here.
    var onStop: ((Bool) -> Void)?
    /// Also called when the animations stop, before the completion (a stack view hides a collapsed view here).
    var stopHandlers: [(Bool) -> Void] = []
    let tracker: CAAnimationTracker
    // The begin/commit API's extras.
    var animationID: String?
    var userContext: UnsafeMutableRawPointer?
    var delegate: AnyObject?
    var willStart: ((String?, UnsafeMutableRawPointer?) -> Void)?
    var didStop: ((String?, Bool, UnsafeMutableRawPointer?) -> Void)?

    /// Blocks open now (innermost last), and the begin/commit blocks waiting for the outermost commit.
    static var stack: [ViewAnimationContext] = []
    static var openBlocks: [ViewAnimationContext] = []
    static var committed: [ViewAnimationContext] = []
    /// Told of every block made while it is set: a percent-driven transition collects the animations an animator's
    /// `animateTransition(using:)` makes, to hold and scrub them.
    static var capture: ((ViewAnimationContext) -> Void)?

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, completion: ((Bool) -> Void)?) {
        self.duration = duration
        self.delay = delay
        self.options = options
        let box = CompletionBox()
        tracker = CAAnimationTracker { finished in
            // Completions run on a later turn, as UIKit calls them.
            UIApplication.shared.runLoop.perform { box.run(finished) }
        }
        // The context stays alive until its animations stop (the box lets go of it then).
        box.body = { finished in
            self.onStop?(finished)
            for handler in self.stopHandlers { handler(finished) }
            self.stopHandlers = []
            completion?(finished)
            if let didStop = self.didStop { didStop(self.animationID, finished, self.userContext) }
        }
        Self.capture?(self)
    }

    /// What runs when the block's animations have stopped; emptied once run.
    final class CompletionBox {
        var body: ((Bool) -> Void)?
        func run(_ finished: Bool) {
            let b = body
            body = nil
            b?(finished)
        }
    }

    /// Runs `body` with this context open: the property changes it makes become this block's animations, all in
    /// one transaction.
    func collect(_ body: () -> Void) {
        ViewAnimationContext.stack.append(self)
        CATransaction.begin()
        body()
        CATransaction.commit()
        ViewAnimationContext.stack.removeLast()
    }

    /// No more animations will be added: the completion runs once those made have stopped.
    func close() {
        keyframes?.commit(self)
        tracker.close()
    }

    /// The animation for one property change inside the block.
    func animation(forKey key: String, layer: CALayer) -> CAAnimation? {
        if let keyframes {
            keyframes.record(key: key, layer: layer)
            return nil // keyframed changes are animated when the block closes
        }
        guard duration > 0 else { return nil }
        let animation: CABasicAnimation
        if let spring {
            let s = CASpringAnimation(keyPath: key)
            // Fit a spring of damping ratio `spring.damping` to the duration: stiffness from the settling time.
            s.mass = 1
            s.stiffness = Self.stiffness(damping: spring.damping, duration: duration)
            s.damping = 2 * spring.damping * s.stiffness.squareRoot()
            s.initialVelocity = spring.velocity
            animation = s
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = customCurve ?? options.curve.timingFunction
        }
        configure(animation)
        return animation
    }

    /// Timing shared by every animation of the block.
    func configure(_ animation: CAAnimation) {
        animation.duration = duration
        if delay > 0 {
            animation.beginTime = CACurrentMediaTime() + delay
            animation.fillMode = .backwards // the old value shows during the delay
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if repeatCount > 0 { animation.repeatCount = repeatCount }
        animation.autoreverses = options.contains(.autoreverse)
        animation.blocksUserInteraction = !options.contains(.allowUserInteraction)
        animation.startsFromCurrentState = options.contains(.beginFromCurrentState)
        tracker.track(animation)
    }

    /// The stiffness that makes a spring of `damping` ratio (mass 1) settle in about `duration` seconds.
    static func stiffness(damping: CGFloat, duration: TimeInterval) -> CGFloat {
        // Settling to 0.1%: e^(-ζ ω t) = 0.001 → ω = ln(1000) / (ζ t).
        let zeta = min(max(damping, 0.05), 1)
        let omega = log(1000) / (Double(zeta) * max(duration, 0.01))
        return CGFloat(omega * omega)
    }
}

/// Collects the changes made in `addKeyframe` blocks and turns them into one keyframe animation per property.
@MainActor
final class KeyframeCollector {
    let discrete: Bool
    var current: (start: Double, duration: Double)?
    /// Per layer and key: the value before the block, then the stages (start, end, value).
    private var tracks: [(layer: CALayer, key: String, start: Any?, stages: [(start: Double, end: Double, value: Any?)])] = []

    init(discrete: Bool) { self.discrete = discrete }

    func record(key: String, layer: CALayer) {
        let value = CALayer.modelValue(key, of: layer)
        let start = min(max(current?.start ?? 0, 0), 1)
        let end = min(max(start + (current?.duration ?? 1), start), 1)
        if let i = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
            tracks[i].stages.append((start, end, value))
        } else {
            tracks.append((layer, key, CALayer.previousValue, [(start, end, value)]))
        }
    }

    func commit(_ context: ViewAnimationContext) {
        guard context.duration > 0 else { return }
        for track in tracks {
            let animation = CAKeyframeAnimation(keyPath: track.key)
            var values: [Any] = [track.start as Any]
            var times: [NSNumber] = [0]
            // Each stage holds the value before it until its start time, then moves to its value by its end.
            for stage in track.stages.sorted(by: { $0.start < $1.start }) {
                if stage.start > times.last!.doubleValue {
                    values.append(values.last!)
                    times.append(NSNumber(value: stage.start))
                }
                values.append(stage.value as Any)
                times.append(NSNumber(value: max(stage.end, times.last!.doubleValue)))
            }
            if times.last!.doubleValue < 1 { values.append(values.last!); times.append(1) }
            animation.values = values
            animation.keyTimes = times
            animation.calculationMode = discrete ? .discrete : .linear
            context.configure(animation)
            track.layer.add(animation, forKey: track.key)
        }
        tracks.removeAll()
    }
}

/// Transitions between two views' appearances, as far as a 2D compositor can draw them.
@MainActor
enum TransitionDriver {
    static func run(from: UIView, to: UIView, duration: TimeInterval, options: UIView.AnimationOptions,
                    completion: @escaping (Bool) -> Void) {
        guard duration > 0, UIView.animationsEnabled else {
            UIApplication.shared.runLoop.perform { completion(true) }
            return
        }
        let context = ViewAnimationContext(duration: duration, delay: 0, options: options.union(.curveEaseInOut), completion: completion)
        let halves: (CATransform3D, CATransform3D)?
        switch options.transition {
        case 1, 2: halves = (CATransform3DMakeScale(0.001, 1, 1), CATransform3DIdentity)        // flips from left/right
        case 6, 7: halves = (CATransform3DMakeScale(1, 0.001, 1), CATransform3DIdentity)        // flips from top/bottom
        default: halves = nil
        }
        func add(_ view: UIView, _ animation: CAAnimation, _ key: String) {
            context.configure(animation)
            view.layer.add(animation, forKey: key)
        }
        switch options.transition {
        case 3, 4: // curls: the old content slides off the top (up) or the new slides down from it
            let slide = CABasicAnimation(keyPath: "transform.translation.y")
            let h = from.bounds.height
            if options.transition == 3 { slide.fromValue = 0; slide.toValue = -h; slide.fillMode = .forwards; add(from, slide, "vitrine.transition") }
            else { slide.fromValue = -h; slide.toValue = 0; add(to, slide, "vitrine.transition") }
        default:
            if let (squeezed, _) = halves {
                let out = CAKeyframeAnimation(keyPath: "transform")
                out.values = [CATransform3DIdentity, squeezed, squeezed]
                out.keyTimes = [0, 0.5, 1]
                add(from, out, "vitrine.transition")
                let back = CAKeyframeAnimation(keyPath: "transform")
                back.values = [squeezed, squeezed, CATransform3DIdentity]
                back.keyTimes = [0, 0.5, 1]
                add(to, back, "vitrine.transition")
            } else {
                // Cross dissolve (and no transition named): fade the old out over the new.
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 1.0
                fade.toValue = 0.0
                fade.fillMode = .forwards
                fade.isRemovedOnCompletion = false
                add(from, fade, "vitrine.transition")
            }
        }
        context.close()
    }
}
