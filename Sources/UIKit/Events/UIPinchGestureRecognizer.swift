import CoreGraphics
import Foundation

/// Two-finger gestures share the measurement: the distance and angle between the first two touches.
@MainActor
private func pair(_ r: UIGestureRecognizer) -> (distance: CGFloat, angle: CGFloat)? {
    guard r.numberOfTouches >= 2 else { return nil }
    let a = r.location(ofTouch: 0, in: nil), b = r.location(ofTouch: 1, in: nil)
    return (hypot(b.x - a.x, b.y - a.y), atan2(b.y - a.y, b.x - a.x))
}

/// Recognizes pinching with two fingers: `.began` when the distance between them changes by 8 points,
/// `scale` the distance relative to the start (settable, as in UIKit, to make it relative to now), `velocity`
/// in scale per second. Ends when fewer than two fingers remain.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The scale since the gesture began (1 at the start).
    open var scale: CGFloat {
        get { storedScale }
        set { storedScale = newValue; baseScale = newValue; if let p = pair(self) { baseDistance = p.distance } }
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
        if numberOfTouches > 2 { for t in touches where numberOfTouches > 2 { ignore(t, for: event) } }
        if let p = pair(self), startDistance == nil {
            startDistance = p.distance
            baseDistance = p.distance
            lastTime = event.timestamp
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let p = pair(self), let start = startDistance, let base = baseDistance, base > 0 else { return }
        if state == .possible && abs(p.distance - start) < Self.threshold { return }
        let newScale = baseScale * p.distance / base
        let dt = event.timestamp - lastTime
        if dt > 0 { velocity = (newScale - storedScale) / CGFloat(dt) }
        lastTime = event.timestamp
        storedScale = newScale
        state = state == .possible ? .began : .changed
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = trackedTouches.filter { !touches.contains($0) }.count
        guard remaining < 2 else { return }
        if state == .began || state == .changed { state = .ended } else if state == .possible && remaining == 0 { state = .failed }
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
@MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// Radians turned since the gesture began (settable: the rotation then counts from that value).
    open var rotation: CGFloat {
        get { storedRotation }
        set { storedRotation = newValue; baseRotation = newValue; if let p = pair(self) { baseAngle = p.angle } }
    }
    open private(set) var velocity: CGFloat = 0

    static let threshold: CGFloat = 0.07

    private var storedRotation: CGFloat = 0
    private var baseRotation: CGFloat = 0
    private var baseAngle: CGFloat?
    private var startAngle: CGFloat?
    private var lastTime: TimeInterval = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > 2 { for t in touches where numberOfTouches > 2 { ignore(t, for: event) } }
        if let p = pair(self), startAngle == nil {
            startAngle = p.angle
            baseAngle = p.angle
            lastTime = event.timestamp
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let p = pair(self), let start = startAngle, let base = baseAngle else { return }
        if state == .possible && abs(Self.wrap(p.angle - start)) < Self.threshold { return }
        let newRotation = baseRotation + Self.unwrap(p.angle - base, near: storedRotation - baseRotation)
        let dt = event.timestamp - lastTime
        if dt > 0 { velocity = (newRotation - storedRotation) / CGFloat(dt) }
        lastTime = event.timestamp
        storedRotation = newRotation
        state = state == .possible ? .began : .changed
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = trackedTouches.filter { !touches.contains($0) }.count
        guard remaining < 2 else { return }
        if state == .began || state == .changed { state = .ended } else if state == .possible && remaining == 0 { state = .failed }
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
