import CoreGraphics
import Foundation
import ObjectiveC

/// Timing shared by animations (and, in Core Animation, layers): when an animation starts, how fast its time
/// runs, how often it repeats, and what it shows outside its active time.
@preconcurrency @MainActor
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What an animation shows before it starts and after it ends.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// Told when an animation starts and stops (Core Animation's `CAAnimationDelegate`; the animation keeps its
/// delegate alive, as Core Animation does).
@preconcurrency @MainActor
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// An animation of a layer: timing, pacing and a delegate. Added to a layer with `add(_:forKey:)`, which copies
/// it, as Core Animation does: change an animation after adding it and nothing happens.
@preconcurrency @MainActor
open class CAAnimation: NSObject, CAMediaTiming, NSCopying, AssociationOwner {
    /// When the animation starts, in media time (`CACurrentMediaTime()`); 0: when it is added.
    open var beginTime: CFTimeInterval = 0
    /// Seconds per cycle; 0 means the transaction's duration (0.25 s by default).
    open var duration: CFTimeInterval = 0
    /// How fast the animation's time runs relative to its layer's (2: twice as fast; 0: stopped).
    open var speed: Float = 1
    /// Where in its own time the animation starts.
    open var timeOffset: CFTimeInterval = 0
    /// Cycles to play (fractions allowed; `.infinity` forever); 0 means one.
    open var repeatCount: Float = 0
    /// Seconds to repeat for (instead of a count).
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each cycle plays forwards then backwards.
    open var autoreverses = false
    /// What shows outside the active time; `.removed` by default.
    open var fillMode: CAMediaTimingFillMode = .removed
    /// The pacing; `nil` is linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Whether the animation leaves the layer when it ends; `true` by default (set `false` with `.forwards` to
    /// keep showing the end value).
    open var isRemovedOnCompletion = true
    /// Told when the animation starts and stops (retained, as in Core Animation).
    open var delegate: (any CAAnimationDelegate)?

    public required override init() { super.init() }

    // Associated objects are released with the animation, as the runtime does.
    deinit { objc_ownerWillDeallocate(self) }

    /// A copy with the same settings (subclasses copy their own in `copyValues(to:)`), as `NSCopying` makes it:
    /// `animation.copy() as! CABasicAnimation`, as on iOS.
    nonisolated public func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { animationCopy() }
    }

    /// A copy of the same class and settings.
    func animationCopy() -> CAAnimation {
        let c = type(of: self).init()
        copyValues(to: c)
        return c
    }

    /// Copies this animation's settings into `other` (a new instance of the same class). Subclasses call `super`.
    open func copyValues(to other: CAAnimation) {
        other.beginTime = beginTime; other.duration = duration; other.speed = speed; other.timeOffset = timeOffset
        other.repeatCount = repeatCount; other.repeatDuration = repeatDuration; other.autoreverses = autoreverses
        other.fillMode = fillMode; other.timingFunction = timingFunction; other.isRemovedOnCompletion = isRemovedOnCompletion
        other.delegate = delegate
        other.completion = completion
        other.blocksUserInteraction = blocksUserInteraction
        other.startsFromCurrentState = startsFromCurrentState
    }

    /// The default value of a property (Core Animation's class method).
    open class func defaultValue(forKey key: String) -> Any? { nil }

    // MARK: Internals

    /// Called once with the finished flag when the animation stops (UIKit's block completions hang here).
    public var completion: (@MainActor (Bool) -> Void)?
    var didStart = false
    var didStop = false
    /// Who waits for this animation to stop (transaction and block completions).
    var trackers: [CAAnimationTracker] = []
    /// Whether the layer ignores touches while this animation runs (UIKit's blocks without
    /// `.allowUserInteraction`).
    @_spi(VitrineInternals) public var blocksUserInteraction = false
    /// For implicit animations with no values: start from what is showing (`true`, Core Animation's rule and
    /// UIKit's `.beginFromCurrentState`) or from the old model value (`false`, UIKit's default).
    @_spi(VitrineInternals) public var startsFromCurrentState = true

    /// The length of one cycle: the duration, or Core Animation's default.
    var effectiveDuration: CFTimeInterval { duration > 0 ? duration : 0.25 }

    /// The time the animation is active for (all its cycles).
    @_spi(VitrineInternals) public var activeDuration: CFTimeInterval {
        let cycle = effectiveDuration * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount.isInfinite ? .infinity : Double(repeatCount) * cycle }
        return cycle
    }

    /// Where the animation is at media time `time`: the eased fraction 0...1 of its cycle and the cycle number,
    /// or `nil` when it shows nothing (before it starts or after it ends, without a fill); `ended` once its active
    /// time is over.
    func sample(at time: CFTimeInterval) -> (fraction: Double, iteration: Int, ended: Bool)? {
        var local = (time - beginTime) * Double(speed) + timeOffset
        let active = activeDuration
        var ended = false
        if local < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            local = 0
        }
        if local >= active {
            ended = true
            guard fillMode == .forwards || fillMode == .both || !isRemovedOnCompletion else { return nil }
            local = active
        }
        let d = effectiveDuration
        let cycle = d * (autoreverses ? 2 : 1)
        var iteration = Int(local / cycle)
        var within = local - Double(iteration) * cycle
        if local >= active && active > 0 && within == 0 && iteration > 0 {
            // Exactly at the end: the end of the last cycle, not the start of the next.
            iteration -= 1
            within = cycle
        }
        var x = within / d
        if autoreverses && x > 1 { x = 2 - x }
        x = min(max(x, 0), 1)
        let eased = timingFunction?.progress(at: x) ?? x
        return (eased, iteration, ended)
    }

    /// Applies the animation at `time` to `values` (subclasses do the work).
    func apply(to values: inout CALayerRenderValues, layer: CALayer, at time: CFTimeInterval) {}

    /// The value this animation gives a layer's own content property `key` at `time` (a gradient layer's colours),
    /// over `model`; `nil` when it does not animate `key` then.
    func contentValue(forKey key: String, model: AnimationValue, at time: CFTimeInterval) -> AnimationValue? { nil }

    /// Whether the animation has run its course at `time`: past its end, or (running backwards) back at its start.
    func hasEnded(at time: CFTimeInterval) -> Bool {
        let local = (time - beginTime) * Double(speed) + timeOffset
        if speed > 0 { return local >= activeDuration }
        if speed < 0 { return local <= 0 }
        return false
    }

    /// The animation's own time at media time `time` (for pausing and scrubbing).
    @_spi(VitrineInternals) public func localTime(at time: CFTimeInterval) -> CFTimeInterval {
        (time - beginTime) * Double(speed) + timeOffset
    }
}

/// An animation of one layer property, named by its key path (`position`, `opacity`, `transform.scale`,
/// `bounds.size.width`, `backgroundColor`, …).
@preconcurrency @MainActor
open class CAPropertyAnimation: CAAnimation {
    /// The property animated.
    open var keyPath: String?
    /// Whether the animated value is added to the model value instead of replacing it.
    open var isAdditive = false
    /// Whether repeats build on the end value of the previous cycle.
    open var isCumulative = false

    public required init() { super.init() }

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copyValues(to other: CAAnimation) {
        super.copyValues(to: other)
        guard let o = other as? CAPropertyAnimation else { return }
        o.keyPath = keyPath; o.isAdditive = isAdditive; o.isCumulative = isCumulative
    }

    /// The value at `fraction` of the cycle given the model value (subclasses).
    func value(at fraction: Double, iteration: Int, model: AnimationValue) -> AnimationValue? { nil }

    /// The value at the end of one cycle (for cumulative repeats).
    func cycleDelta(model: AnimationValue) -> AnimationValue? { nil }

    override func apply(to values: inout CALayerRenderValues, layer: CALayer, at time: CFTimeInterval) {
        guard let keyPath, let model = LayerKeyPath.value(keyPath, in: values), let v = value(over: model, at: time) else { return }
        LayerKeyPath.set(keyPath, v, in: &values)
    }

    override func contentValue(forKey key: String, model: AnimationValue, at time: CFTimeInterval) -> AnimationValue? {
        keyPath == key ? value(over: model, at: time) : nil
    }

    /// The animated value at `time` over the property's `model` value: repeats built on (cumulative) and the model
    /// added (additive); `nil` when the animation shows nothing then.
    private func value(over model: AnimationValue, at time: CFTimeInterval) -> AnimationValue? {
        guard let sample = sample(at: time), var v = value(at: sample.fraction, iteration: sample.iteration, model: model) else {
            return nil
        }
        if isCumulative && sample.iteration > 0, let delta = cycleDelta(model: model) {
            for _ in 0..<sample.iteration { v = v.adding(delta) }
        }
        return isAdditive ? model.adding(v) : v
    }
}

/// An animation from one value to another: `fromValue`, `toValue`, `byValue` as Core Animation combines them
/// (a missing end is the layer's current value).
@preconcurrency @MainActor
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any? { didSet { converted = nil } }
    open var toValue: Any? { didSet { converted = nil } }
    open var byValue: Any? { didSet { converted = nil } }
    /// The three values as animation values, converted once (not in every frame: a cast from `Any` per value per
    /// frame was most of an animated layer's cost).
    private var converted: (from: AnimationValue?, to: AnimationValue?, by: AnimationValue?)?

    public required init() { super.init() }

    open override func copyValues(to other: CAAnimation) {
        super.copyValues(to: other)
        guard let o = other as? CABasicAnimation else { return }
        o.fromValue = fromValue; o.toValue = toValue; o.byValue = byValue
    }

    /// The two ends, from the rules in Core Animation's documentation.
    func ends(model: AnimationValue) -> (AnimationValue, AnimationValue) {
        let values = converted ?? (AnimationValue(fromValue), AnimationValue(toValue), AnimationValue(byValue))
        converted = values
        let (from, to, by) = values
        switch (from, to, by) {
        case let (f?, t?, _): return (f, t)
        case let (f?, nil, b?): return (f, f.adding(b))
        case let (nil, t?, b?): return (t.adding(Self.negated(b)), t)
        case let (f?, nil, nil): return (f, model)
        case let (nil, t?, nil): return (model, t)
        case let (nil, nil, b?): return (model, model.adding(b))
        default: return (model, model)
        }
    }

    static func negated(_ v: AnimationValue) -> AnimationValue {
        switch v {
        case let .number(n): return .number(-n)
        case let .point(p): return .point(CGPoint(x: -p.x, y: -p.y))
        case let .size(s): return .size(CGSize(width: -s.width, height: -s.height))
        default: return v
        }
    }

    override func value(at fraction: Double, iteration: Int, model: AnimationValue) -> AnimationValue? {
        let (from, to) = ends(model: model)
        return from.interpolated(to: to, fraction)
    }

    override func cycleDelta(model: AnimationValue) -> AnimationValue? {
        let (from, to) = ends(model: model)
        return from.interpolated(to: to, 1).adding(Self.negated(from))
    }
}

/// A spring: the value follows a damped harmonic oscillator from `fromValue` to `toValue` (mass, stiffness,
/// damping, initial velocity in units of the whole change per second). Its natural length is
/// `settlingDuration`; `duration` still bounds it, as in Core Animation.
@preconcurrency @MainActor
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0

    public required init() { super.init() }

    open override func copyValues(to other: CAAnimation) {
        super.copyValues(to: other)
        guard let o = other as? CASpringAnimation else { return }
        o.mass = mass; o.stiffness = stiffness; o.damping = damping; o.initialVelocity = initialVelocity
    }

    /// The time the spring takes to come within 0.1% of its end and stay there.
    open var settlingDuration: CFTimeInterval {
        var t = 0.0
        var lastOutside = 0.0
        while t < 60 {
            if abs(1 - springProgress(t)) > 0.001 { lastOutside = t }
            if t - lastOutside > 1 { break }
            t += 1.0 / 120
        }
        return lastOutside + 1.0 / 120
    }

    /// Progress 0 → 1 at `t` seconds (the oscillator's solution, under-, critically or over-damped).
    func springProgress(_ t: Double) -> Double {
        let m = Double(max(mass, 0.0001)), k = Double(max(stiffness, 0.0001)), c = Double(max(damping, 0))
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        let x0 = -1.0 // displacement from the end, in units of the change
        let v0 = Double(initialVelocity)
        let x: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            x = exp(-zeta * w0 * t) * (x0 * cos(wd * t) + (v0 + zeta * w0 * x0) / wd * sin(wd * t))
        } else if zeta == 1 {
            x = exp(-w0 * t) * (x0 + (v0 + w0 * x0) * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
            let b = (v0 - r1 * x0) / (r2 - r1)
            let a = x0 - b
            x = a * exp(r1 * t) + b * exp(r2 * t)
        }
        return 1 + x
    }

    override func sample(at time: CFTimeInterval) -> (fraction: Double, iteration: Int, ended: Bool)? {
        // The spring's own clock: real seconds since it began (its timing function does not apply).
        let local = (time - beginTime) * Double(speed) + timeOffset
        if local < 0 { return fillMode == .backwards || fillMode == .both ? (0, 0, false) : nil }
        let ended = local >= activeDuration
        if ended && isRemovedOnCompletion && fillMode != .forwards && fillMode != .both { return nil }
        return (springProgress(min(local, effectiveDuration)), 0, ended)
    }

    override func value(at fraction: Double, iteration: Int, model: AnimationValue) -> AnimationValue? {
        let (from, to) = ends(model: model)
        // Overshoot: extrapolate past the end along the same line.
        return from.interpolated(to: to, fraction)
    }
}

/// Several animations run together on one layer, in the group's time (each child's times are relative to the
/// group; children are cut off at the group's duration).
@preconcurrency @MainActor
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() { super.init() }

    open override func copyValues(to other: CAAnimation) {
        super.copyValues(to: other)
        (other as? CAAnimationGroup)?.animations = animations?.map { $0.animationCopy() }
    }

    override func apply(to values: inout CALayerRenderValues, layer: CALayer, at time: CFTimeInterval) {
        guard let sample = sample(at: time) else { return }
        // The group's local time (linear), mapped back to a media time for the children, which start at 0.
        let local = sample.fraction * effectiveDuration
        for child in animations ?? [] {
            child.apply(to: &values, layer: layer, at: local)
        }
    }

    override func contentValue(forKey key: String, model: AnimationValue, at time: CFTimeInterval) -> AnimationValue? {
        guard let sample = sample(at: time) else { return nil }
        let local = sample.fraction * effectiveDuration
        var value: AnimationValue?
        for child in animations ?? [] {
            if let v = child.contentValue(forKey: key, model: value ?? model, at: local) { value = v }
        }
        return value
    }
}

/// A keyframe animation: `values` (or points along `path`) at `keyTimes` (fractions 0...1 of the duration;
/// evenly spaced when absent), with `timingFunctions` between them and a calculation mode.
@preconcurrency @MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Per keyframe, for the cubic modes: how tight the curve is at the keyframe (1 tight, −1 round), how sharp
    /// its corner is, and which side it leans to (Kochanek–Bartels; all 0 by default: a Catmull-Rom spline).
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?

    public required init() { super.init() }

    open override func copyValues(to other: CAAnimation) {
        super.copyValues(to: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        o.values = values; o.path = path; o.keyTimes = keyTimes; o.timingFunctions = timingFunctions
        o.calculationMode = calculationMode
        o.tensionValues = tensionValues; o.continuityValues = continuityValues; o.biasValues = biasValues
    }

    /// The keyframes as values: `values`, or the path's points (its end points and control points flattened).
    func frames() -> [AnimationValue] {
        if let path { return path.flattenedPoints().map { .point($0) } }
        return (values ?? []).compactMap { AnimationValue($0) }
    }

    override func value(at fraction: Double, iteration: Int, model: AnimationValue) -> AnimationValue? {
        let frames = frames()
        guard let first = frames.first else { return nil }
        guard frames.count > 1 else { return first }
        var times = (keyTimes?.map(\.doubleValue)).flatMap { $0.count == frames.count ? $0 : nil }
        if calculationMode == .paced || calculationMode == .cubicPaced || times == nil {
            if calculationMode == .paced || calculationMode == .cubicPaced {
                // Constant speed: key times in proportion to the distance covered.
                var lengths = [0.0]
                for i in 1..<frames.count { lengths.append(lengths[i - 1] + frames[i - 1].distance(to: frames[i])) }
                let total = lengths.last! > 0 ? lengths.last! : 1
                times = lengths.map { $0 / total }
            } else {
                let segments = calculationMode == .discrete ? frames.count : frames.count - 1
                times = (0..<frames.count).map { Double($0) / Double(segments) }
            }
        }
        let t = times!
        if calculationMode == .discrete {
            let index = t.lastIndex { $0 <= fraction } ?? 0
            return frames[min(index, frames.count - 1)]
        }
        if fraction <= t[0] { return frames[0] }
        if fraction >= t[t.count - 1] { return frames[frames.count - 1] }
        let i = (t.lastIndex { $0 <= fraction } ?? 0)
        let span = t[i + 1] - t[i]
        var local = span > 0 ? (fraction - t[i]) / span : 1
        if let functions = timingFunctions, i < functions.count { local = functions[i].progress(at: local) }
        if calculationMode == .cubic || calculationMode == .cubicPaced, let v = cubic(frames, segment: i, local) { return v }
        return frames[i].interpolated(to: frames[i + 1], local)
    }

    /// The point `u` of the way along segment `i` of a Kochanek–Bartels spline through `frames` (Hermite
    /// segments whose end tangents come from the neighbouring keyframes; the ends use their own keyframe as the
    /// missing neighbour). `nil` for values that are not vectors (colours, transforms join linearly).
    private func cubic(_ frames: [AnimationValue], segment i: Int, _ u: Double) -> AnimationValue? {
        func at(_ k: Int) -> AnimationValue { frames[min(max(k, 0), frames.count - 1)] }
        func param(_ list: [NSNumber]?, _ k: Int) -> Double { list.flatMap { k < $0.count ? $0[k].doubleValue : nil } ?? 0 }
        func minus(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue? { b.scaled(-1).map { a.adding($0) } }
        guard let before = minus(at(i), at(i - 1)), let span = minus(at(i + 1), at(i)), let after = minus(at(i + 2), at(i + 1))
        else { return nil }
        // Outgoing tangent at keyframe i, incoming tangent at keyframe i + 1.
        let (t0, c0, b0) = (param(tensionValues, i), param(continuityValues, i), param(biasValues, i))
        let (t1, c1, b1) = (param(tensionValues, i + 1), param(continuityValues, i + 1), param(biasValues, i + 1))
        guard let o1 = before.scaled((1 - t0) * (1 + b0) * (1 - c0) / 2), let o2 = span.scaled((1 - t0) * (1 - b0) * (1 + c0) / 2),
              let n1 = span.scaled((1 - t1) * (1 + b1) * (1 + c1) / 2), let n2 = after.scaled((1 - t1) * (1 - b1) * (1 - c1) / 2)
        else { return nil }
        let out = o1.adding(o2), into = n1.adding(n2)
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        guard let a = at(i).scaled(h00), let b = out.scaled(h10), let c = at(i + 1).scaled(h01), let d = into.scaled(h11)
        else { return nil }
        return a.adding(b).adding(c).adding(d)
    }

    override func cycleDelta(model: AnimationValue) -> AnimationValue? {
        let f = frames()
        guard let first = f.first, let last = f.last else { return nil }
        return last.adding(CABasicAnimation.negated(first))
    }
}

/// How keyframe values are spaced and joined.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth curve through the keyframes (see `tensionValues`).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}
