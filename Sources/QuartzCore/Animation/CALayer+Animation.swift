import CoreGraphics
import Foundation
import VitrinePlatform

/// Something a layer runs when a property changes (Core Animation's `CAAction`): animations add themselves to
/// the layer; `NSNull()` does nothing (a delegate returns it to say "no animation").
@preconcurrency @MainActor
public protocol CAAction: AnyObject {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension CAAnimation: CAAction {
    /// Adds the animation to the layer for `event` (what an implicit animation does).
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

/// The current media time: the time of the frame being made (Core Animation's `CACurrentMediaTime()`, the
/// system's uptime clock; the application's loop clock, so a manual clock drives animations in tests).
@preconcurrency @MainActor
public func CACurrentMediaTime() -> CFTimeInterval { CAAnimationEngine.mediaTime }

/// Runs animations: which layers have them, what time it is, and what ends when.
@preconcurrency @MainActor
package enum CAAnimationEngine {
    /// The clock animations read; UIKit's application installs its run loop's.
    package static var clock: () -> Double = { systemClock.now }
    private static let systemClock = MonotonicClock()
    /// The frame's time while a frame is being made (animations sample at one time per frame).
    @exclusivity(unchecked) package static var frameTime: Double?
    static var mediaTime: Double { frameTime ?? clock() }

    private struct WeakLayer { weak var layer: CALayer? }
    @exclusivity(unchecked) private static var animated: [WeakLayer] = []

    static func register(_ layer: CALayer) {
        if !animated.contains(where: { $0.layer === layer }) { animated.append(WeakLayer(layer: layer)) }
    }

    /// Whether any layer has animations (running, paused or finished and not yet removed by `tick(at:)`).
    package static var hasAnimatedLayers: Bool { !animated.isEmpty }

    /// Whether any layer has an animation that is still running.
    package static var isAnimating: Bool {
        animated.contains { entry in
            // (A paused layer's animations wait for its timing to change: they need no frames.)
            guard let layer = entry.layer, !layer.isTimePaused else { return false }
            return layer.animationEntries.contains { !$0.animation.didStop }
        }
    }

    /// Advances animations to `time` (the frame's time): starts and stops them (delegates, completions), removes
    /// finished ones, and marks animated layers changed so the compositor repaints them. Returns whether
    /// anything is still running (another frame is wanted).
    @discardableResult
    package static func tick(at time: Double) -> Bool {
        frameTime = time
        // (An idle frame stops here: `removeAll(where:)` on the empty array would make a new one.)
        guard !animated.isEmpty else { return false }
        var running = false
        animated.removeAll { $0.layer == nil || $0.layer!.animationEntries.isEmpty }
        for entry in animated {
            guard let layer = entry.layer else { continue }
            // In the layer's own time (CALayer+Timing.swift): the same as `time` unless the app changed a layer's
            // timing. A paused layer shows one moment: no frames for it until its timing changes again.
            let paused = layer.isTimePaused
            let animatesContent = layer.animatesContent
            let time = layer.localTime(fromGlobal: time)
            var changed = false
            for item in layer.animationEntries {
                let anim = item.animation
                if !anim.didStart && time >= anim.beginTime {
                    anim.didStart = true
                    anim.delegate?.animationDidStart(anim)
                }
                if anim.didStop || paused { continue }
                changed = true
                if anim.hasEnded(at: time) {
                    if anim.isRemovedOnCompletion { layer.animationEntries.removeAll { $0.animation === anim } }
                    stop(anim, finished: true)
                } else {
                    running = true
                }
            }
            if changed {
                layer.changed()
                // A layer class's own properties (a gradient's colours) animate by redrawing the layer's content.
                // (Asked before this frame removed finished animations: the last frame shows the model values.)
                if animatesContent { layer.setNeedsDisplay() }
            }
        }
        return running
    }

    /// Ends the frame: animations sample live time again.
    package static func endFrame() { frameTime = nil }

    static func stop(_ anim: CAAnimation, finished: Bool) {
        guard !anim.didStop else { return }
        anim.didStop = true
        anim.delegate?.animationDidStop(anim, finished: finished)
        anim.completion?(finished)
        for tracker in anim.trackers { tracker.finished(finished) }
    }
}

/// Counts a set of animations and calls back once they have all stopped (UIKit's block completions,
/// `CATransaction` completion blocks), with whether every one of them finished.
@preconcurrency @MainActor
package final class CAAnimationTracker {
    private var pending = 0
    private var allFinished = true
    private var closed = false
    private let done: @MainActor (Bool) -> Void

    package init(_ done: @escaping @MainActor (Bool) -> Void) { self.done = done }

    /// The animations counted, as they run on their layers (the copies `add(_:forKey:)` made), with their layers
    /// (those still alive).
    package var running: [(animation: CAAnimation, layer: CALayer)] {
        added.compactMap { entry in entry.layer.map { (entry.animation, $0) } }
    }

    /// The layer is held weakly: an animation left on its layer (`isRemovedOnCompletion = false`) holds this
    /// tracker, so a strong reference back would keep a layer taken out of its tree, and its contents, forever.
    private struct Added {
        let animation: CAAnimation
        weak var layer: CALayer?
    }
    private var added: [Added] = []

    /// Counts `animation` (call before it is added to a layer).
    package func track(_ animation: CAAnimation) {
        pending += 1
        animation.trackers.append(self)
    }

    /// The layer made `copy` of a tracked animation.
    func added(_ copy: CAAnimation, to layer: CALayer) {
        added.append(Added(animation: copy, layer: layer))
    }

    /// No more animations will be tracked: the callback runs when the pending ones stop (now, if none).
    package func close() {
        closed = true
        fireIfDone()
    }

    /// An animation counted here was replaced before it ran: stop waiting for it.
    func forget() {
        pending -= 1
        fireIfDone()
    }

    func finished(_ flag: Bool) {
        pending -= 1
        if !flag { allFinished = false }
        fireIfDone()
    }

    private func fireIfDone() {
        guard closed, pending == 0 else { return }
        closed = false
        done(allFinished)
    }
}

/// An animation on a layer, under its key.
struct AnimationEntry {
    var key: String
    var animation: CAAnimation
}

extension CALayer {
    // MARK: Explicit animations

    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func baseAdd(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.animationCopy()
        copy.trackers = anim.trackers
        anim.trackers = []
        if copy.beginTime == 0 { copy.beginTime = localTime(fromGlobal: CACurrentMediaTime()) }
        if copy.duration == 0 { copy.duration = CATransaction.animationDuration() }
        if copy.timingFunction == nil, anim.timingFunction == nil, let f = CATransaction.animationTimingFunction() {
            copy.timingFunction = f
        }
        CATransaction.track(copy)
        for tracker in copy.trackers { tracker.added(copy, to: self) }
        var name = key ?? "vitrine.animation.\(ObjectIdentifier(copy).hashValue)"
        if let transition = copy as? CATransition {
            // One transition per layer, from what the screen shows now (mid-transition: that transition's frame).
            name = kCATransition
            transition.oldPicture = capturePictureOnScreen()
        }
        if let index = animationEntries.firstIndex(where: { $0.key == name }) {
            let old = animationEntries.remove(at: index).animation
            // Set twice in one block (a frame sets bounds twice): the block waits for the newer animation only,
            // and the older one, which never ran, does not make the block "unfinished".
            if !old.didStart {
                for tracker in old.trackers where copy.trackers.contains(where: { $0 === tracker }) { tracker.forget() }
                old.trackers.removeAll { t in copy.trackers.contains { $0 === t } }
            }
            CAAnimationEngine.stop(old, finished: false)
        }
        animationEntries.append(AnimationEntry(key: name, animation: copy))
        CAAnimationEngine.register(self)
        changed()
    }

    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func baseAnimation(forKey key: String) -> CAAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func baseAnimationKeys() -> [String]? {
        animationEntries.isEmpty ? nil : animationEntries.map(\.key)
    }

    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func baseRemoveAnimation(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let old = animationEntries.remove(at: index).animation
        CAAnimationEngine.stop(old, finished: false)
        changed()
    }

    /// Ends the animations of this layer and every layer below it, unfinished (the layer left the screen).
    func endAnimationsInSubtree() {
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            layer.removeAllAnimations()
            stack.append(contentsOf: layer.sublayers ?? [])
        }
    }

    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func baseRemoveAllAnimations() {
        guard !animationEntries.isEmpty else { return }
        let old = animationEntries
        animationEntries.removeAll()
        for entry in old { CAAnimationEngine.stop(entry.animation, finished: false) }
        changed()
    }

    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func basePresentation() -> Self? {
        guard wasCommitted || !animationEntries.isEmpty else { return nil }
        return presentationCopy()
    }

    /// The presentation copy of this layer and its subtree.
    private func presentationCopy() -> Self {
        let copy = Self(layer: self)
        copy.applyWithoutActions(renderValues())
        copy.presentationModel = self
        copyPresentationContent(to: copy)
        if !storedSublayers.isEmpty { copy.adoptPresentationSublayers(storedSublayers.map { $0.presentationCopy() }) }
        return copy
    }

    /// Sets the model to render values (for presentation copies), without actions.
    func applyWithoutActions(_ v: CALayerRenderValues) {
        CATransaction.withActionsDisabled {
            bounds = v.bounds; position = v.position; anchorPoint = v.anchorPoint
            transform = CATransform3D(v.transform); opacity = v.opacity; backgroundColor = v.backgroundColor
            cornerRadius = v.cornerRadius; borderWidth = v.borderWidth; borderColor = v.borderColor
            contentsCenter = v.contentsCenter; contentsRect = v.contentsRect; shadowColor = v.shadowColor
            shadowOpacity = v.shadowOpacity; shadowOffset = v.shadowOffset; shadowRadius = v.shadowRadius
        }
    }

    /// The render values with the animations applied at the current media time.
    func animatedValues(_ base: CALayerRenderValues) -> CALayerRenderValues {
        guard !animationEntries.isEmpty else { return base }
        var v = base
        let now = localTime(fromGlobal: CACurrentMediaTime())
        for entry in animationEntries { entry.animation.apply(to: &v, layer: self, at: now) }
        return v
    }

    /// What `key` shows now, given that its model value was `old` until this change: the running animations end at
    /// the model value, which has already moved on, so they are sampled against the old one.
    private func showingValue(_ key: String, modelBefore old: Any?) -> Any? {
        var base = modelRenderValues()
        if let old = AnimationValue(old) { LayerKeyPath.set(key, old, in: &base) }
        return LayerKeyPath.value(key, in: animatedValues(base))?.publicValue
    }

    /// Whether a running animation asks for touches to be ignored (UIKit's blocks without
    /// `.allowUserInteraction`).
    @_spi(VitrineInternals) public var isInNonInteractiveAnimation: Bool {
        animationEntries.contains { $0.animation.blocksUserInteraction && !$0.animation.didStop }
    }

    /// Sets a property's model value without running its action (UIKit's property animators put views where
    /// they stopped).
    @_spi(VitrineInternals) public func setModelValue(_ value: Any?, forKey key: String) {
        guard let v = AnimationValue(value) else { return }
        var values = modelRenderValues()
        LayerKeyPath.set(key, v, in: &values)
        applyWithoutActions(values)
    }

    /// The value a property shows now (animations applied).
    @_spi(VitrineInternals) public func presentationValue(forKey key: String) -> Any? {
        LayerKeyPath.value(key, in: renderValues()).map { $0 as Any }
    }

    /// Whether Core Animation animates the property `key` (`position`, `opacity`, `transform.scale`, …).
    package static func isAnimatable(key: String) -> Bool { LayerKeyPath.isAnimatable(key) }

    // MARK: Implicit animations (actions)

    /// Core Animation's search for an action (see `action(forKey:)`).
    func lookUpAction(forKey event: String) -> (any CAAction)? {
        if let answer = delegate?.action(for: self, forKey: event) { return answer is NSNull ? nil : answer }
        if let answer = actions?[event] { return answer is NSNull ? nil : answer }
        return Self.defaultAction(forKey: event)
    }

    /// Core Animation's default action (see `defaultAction(forKey:)`).
    static func standardAction(forKey event: String) -> (any CAAction)? {
        guard LayerKeyPath.isAnimatable(event) else { return nil }
        return CABasicAnimation(keyPath: event)
    }

    /// While a property change looks up its action: the value before the change (UIKit's keyframe blocks read it).
    @_spi(VitrineInternals) public static var previousValue: Any? {
        switch previous {
        case .none: return nil
        case .rect(let r): return r
        case .transform(let t): return t
        case .other(let v): return v
        }
    }

    /// The changed property's old value, kept unboxed: a rectangle or a transform as `Any` is a heap allocation, and
    /// views change rectangles on every layout (values of three words or less box without one).
    enum PreviousValue {
        case none
        case rect(CGRect)
        case transform(CATransform3D)
        case other(Any)
    }
    private static var previous = PreviousValue.none

    /// The model value of an animatable property (`nil` for keys that do not animate).
    @_spi(VitrineInternals) public static func modelValue(_ key: String, of layer: CALayer) -> Any? {
        LayerKeyPath.value(key, in: layer.modelRenderValues()).map { $0 as Any }
    }

    /// A property changed from `old`: run its action, unless actions are disabled.
    ///
    /// A layer not yet committed (never on a screen) gets no implicit animation of its own — Core Animation has no
    /// old state of it to animate from — but an animation its delegate asks for (a view in an animation block) is
    /// committed with the layer tree and plays from the old value, as iOS plays a fade-in set up in
    /// `viewWillAppear`.
    func propertyDidChange(_ key: String, from old: CGRect) { propertyDidChange(key, .rect(old)) }
    func propertyDidChange(_ key: String, from old: CATransform3D) { propertyDidChange(key, .transform(old)) }
    func propertyDidChange(_ key: String, from old: Any) { propertyDidChange(key, .other(old)) }

    private func propertyDidChange(_ key: String, _ old: PreviousValue) {
        guard !CATransaction.disableActions() else { return }
        CALayer.previous = old
        defer { CALayer.previous = .none }
        runAction(key)
    }

    private func runAction(_ key: String) {
        let found: (any CAAction)?
        if wasCommitted {
            found = action(forKey: key)
        } else {
            let answer = delegate?.action(for: self, forKey: key)
            found = answer is NSNull ? nil : answer
        }
        guard let action = found else { return }
        if let basic = action as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil {
            // From what was showing: a running animation's value, else the old model value.
            let showing = basic.startsFromCurrentState
                && animationEntries.contains { ($0.animation as? CAPropertyAnimation)?.keyPath == key }
            let old = CALayer.previousValue
            basic.fromValue = showing ? showingValue(key, modelBefore: old) : old
            // `toValue` stays nil: the animation ends at the layer's model value whatever it becomes (Core Animation's
            // rule for a nil `toValue`), so a change made later with actions disabled shows at once.
            if basic.keyPath == nil { basic.keyPath = key }
        }
        action.run(forKey: key, object: self, arguments: nil)
    }
}
