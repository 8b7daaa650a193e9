import CoreGraphics
import Foundation

/// What pinch and rotation share: they measure the first two fingers, ignore more, move `.began` → `.changed`
/// with a rate of change, and end when fewer than two fingers remain.
extension UIGestureRecognizer {
    /// The distance and angle between the first two touches.
    var twoFingerPair: (distance: CGFloat, angle: CGFloat)? {
        guard numberOfTouches >= 2 else { return nil }
        let a = location(ofTouch: 0, in: nil), b = location(ofTouch: 1, in: nil)
        return (hypot(b.x - a.x, b.y - a.y), atan2(b.y - a.y, b.x - a.x))
    }

    /// Ignores fingers beyond the first two.
    func ignoreTouchesBeyondTwo(_ touches: Set<UITouch>, _ event: UIEvent) {
        for t in touches where numberOfTouches > 2 { ignore(t, for: event) }
    }

    /// A step of the gesture from `old` to `new`: returns the rate of change since `lastTime` (updated) and
    /// moves the state on.
    func stepTwoFingerGesture(from old: CGFloat, to new: CGFloat, lastTime: inout TimeInterval, event: UIEvent) -> CGFloat? {
        let dt = event.timestamp - lastTime
        lastTime = event.timestamp
        state = state == .possible ? .began : .changed
        return dt > 0 ? (new - old) / CGFloat(dt) : nil
    }

    /// Ends the gesture when fewer than two fingers remain (fails it if it never began and all are gone).
    func endTwoFingerGestureIfNeeded(_ lifted: Set<UITouch>) {
        let remaining = trackedTouches.filter { !lifted.contains($0) }.count
        guard remaining < 2 else { return }
        if state == .began || state == .changed { state = .ended } else if state == .possible && remaining == 0 { state = .failed }
    }
}

/// Recognizes pinching with two fingers: `.began` when the distance between them changes by 8 points,
/// `scale` the distance relative to the start (settable, as in UIKit, to make it relative to now), `velocity`
/// in scale per second. Ends when fewer than two fingers remain.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The scale since the gesture began (1 at the start).
    open var scale: CGFloat {
        get { storedScale }
        set { storedScale = newValue; baseScale = newValue; if let p = twoFingerPair { baseDistance = p.distance } }
    }
    /// Scale change per second.
    open private(set) var velocity: CGFloat = 0

    static let threshold: CGFloat = 8

    private var storedScale: CGFloat = 1
    private var baseScale: CGFloat = 1
    private var baseDistance: CGFloat?
    private var startDistance: CGFloat?
    private var lastTime: TimeInterval = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        ignoreTouchesBeyondTwo(touches, event)
        if let p = twoFingerPair, startDistance == nil {
            startDistance = p.distance
            baseDistance = p.distance
            lastTime = event.timestamp
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let p = twoFingerPair, let start = startDistance, let base = baseDistance, base > 0 else { return }
        if state == .possible && abs(p.distance - start) < Self.threshold { return }
        let newScale = baseScale * p.distance / base
        let old = storedScale
        storedScale = newScale
        if let rate = stepTwoFingerGesture(from: old, to: newScale, lastTime: &lastTime, event: event) { velocity = rate }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endTwoFingerGestureIfNeeded(touches)
    }

    open override func reset() {
        super.reset()
        storedScale = 1
        baseScale = 1
        baseDistance = nil
        startDistance = nil
        velocity = 0
    }
}

/// Recognizes turning two fingers: `.began` once the line between them turns 0.07 rad (4°), `rotation` in
/// radians since the start (clockwise positive on screen, as UIKit's y-down coordinates give), `velocity` in
/// radians per second.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// Radians turned since the gesture began (settable: the rotation then counts from that value).
    open var rotation: CGFloat {
        get { storedRotation }
        set { storedRotation = newValue; baseRotation = newValue; if let p = twoFingerPair { baseAngle = p.angle } }
    }
    open private(set) var velocity: CGFloat = 0

    static let threshold: CGFloat = 0.07

    private var storedRotation: CGFloat = 0
    private var baseRotation: CGFloat = 0
    private var baseAngle: CGFloat?
    private var startAngle: CGFloat?
    private var lastTime: TimeInterval = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        ignoreTouchesBeyondTwo(touches, event)
        if let p = twoFingerPair, startAngle == nil {
            startAngle = p.angle
            baseAngle = p.angle
            lastTime = event.timestamp
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let p = twoFingerPair, let start = startAngle, let base = baseAngle else { return }
        if state == .possible && abs(Self.wrap(p.angle - start)) < Self.threshold { return }
        let newRotation = baseRotation + Self.unwrap(p.angle - base, near: storedRotation - baseRotation)
        let old = storedRotation
        storedRotation = newRotation
        if let rate = stepTwoFingerGesture(from: old, to: newRotation, lastTime: &lastTime, event: event) { velocity = rate }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        endTwoFingerGestureIfNeeded(touches)
    }

    open override func reset() {
        super.reset()
        storedRotation = 0
        baseRotation = 0
        baseAngle = nil
        startAngle = nil
        velocity = 0
    }

    /// An angle in -π...π.
    static func wrap(_ a: CGFloat) -> CGFloat {
        var a = a.truncatingRemainder(dividingBy: 2 * .pi)
        if a > .pi { a -= 2 * .pi } else if a < -.pi { a += 2 * .pi }
        return a
    }

    /// The angle equal to `a` (mod 2π) nearest `reference`, so turning past ±π keeps counting.
    static func unwrap(_ a: CGFloat, near reference: CGFloat) -> CGFloat {
        var a = wrap(a)
        while a - reference > .pi { a -= 2 * .pi }
        while a - reference < -.pi { a += 2 * .pi }
        return a
    }
}
