import CoreGraphics
import Foundation

/// Recognizes dragging: `.began` once the fingers have moved 10 points, `.changed` as they move, `.ended` when
/// the last lifts. `translation(in:)` is how far the centroid moved since touch-down (so a dragged view follows
/// the finger exactly); adding or lifting fingers does not make it jump. `velocity(in:)` is points per second
/// over the last 50 ms.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Fewest fingers; 1 by default.
    open var minimumNumberOfTouches = 1
    /// Most fingers; unlimited by default.
    open var maximumNumberOfTouches = Int.max

    static let hysteresis: CGFloat = 10

    /// Centroid of the touch-down, in window coordinates, and the translation added by `setTranslation`.
    private var origin: CGPoint?
    private var offset = CGPoint.zero
    private var samples: [(time: TimeInterval, point: CGPoint)] = []
    private var previousCentroid: CGPoint?

    /// How far the fingers moved, in `view`'s coordinate system (its scale and rotation; `nil`: the window).
    open func translation(in view: UIView?) -> CGPoint {
        guard let origin, let current = samples.last?.point else { return offset }
        let t = CGPoint(x: current.x - origin.x + offset.x, y: current.y - origin.y + offset.y)
        return convertVector(t, to: view)
    }

    /// Makes the translation read `translation` (in `view`'s coordinates) from here on; velocity is unchanged.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let inWindow = convertVector(translation, from: view)
        if let origin, let current = samples.last?.point {
            offset = CGPoint(x: inWindow.x - (current.x - origin.x), y: inWindow.y - (current.y - origin.y))
        } else {
            offset = inWindow
        }
    }

    /// The centroid's speed in points per second in `view`'s coordinates.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last, let first = samples.first, last.time > first.time else { return .zero }
        let dt = CGFloat(last.time - first.time)
        return convertVector(CGPoint(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt), to: view)
    }

    /// Whether the touch set is one the pan accepts and the movement is enough to begin (screen-edge pans add
    /// their edge rule).
    func shouldBeginPan(from origin: CGPoint, to point: CGPoint) -> Bool {
        hypot(point.x - origin.x, point.y - origin.y) >= Self.hysteresis
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            for t in touches { ignore(t, for: event) }
            return
        }
        rebase(event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let centroid = location(in: nil)
        record(centroid, event.timestamp)
        previousCentroid = centroid
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches, let origin, shouldBeginPan(from: origin, to: centroid) else { return }
            state = .began
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = trackedTouches.filter { t in !touches.contains(t) }
        if remaining.isEmpty {
            // Where and when the finger lifted: one that rested before lifting has no velocity left.
            record(location(in: nil), event.timestamp)
            if state == .began || state == .changed { state = .ended } else if state == .possible { state = .failed }
            return
        }
        if remaining.count < minimumNumberOfTouches, state == .began || state == .changed { state = .ended; return }
        // Fewer fingers: keep the translation continuous from the new centroid.
        let before = location(in: nil)
        let after = centroid(of: remaining)
        offset.x += before.x - after.x
        offset.y += before.y - after.y
        samples = samples.map { ($0.time, CGPoint(x: $0.point.x - before.x + after.x, y: $0.point.y - before.y + after.y)) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        origin = nil
        offset = .zero
        samples.removeAll()
        previousCentroid = nil
    }

    /// A finger joined: the centroid jumps, so move the origin with it.
    private func rebase(_ event: UIEvent) {
        let now = location(in: nil)
        if origin == nil {
            origin = now
            samples = [(event.timestamp, now)]
        } else if let previous = previousCentroid ?? samples.last?.point {
            offset.x += previous.x - now.x
            offset.y += previous.y - now.y
            samples = samples.map { ($0.time, CGPoint(x: $0.point.x - previous.x + now.x, y: $0.point.y - previous.y + now.y)) }
        }
        previousCentroid = now
    }

    private func centroid(of touches: [UITouch]) -> CGPoint {
        var s = CGPoint.zero
        for t in touches { let p = t.location(in: nil); s.x += p.x; s.y += p.y }
        return CGPoint(x: s.x / CGFloat(touches.count), y: s.y / CGFloat(touches.count))
    }

    private func record(_ p: CGPoint, _ time: TimeInterval) {
        samples.append((time, p))
        // Keep 50 ms of history (and at least two samples): the velocity of the last moment, which is what a
        // fling's deceleration should start from.
        while samples.count > 2, let first = samples.first, time - first.time > 0.05 + 1e-9 { samples.removeFirst() }
    }

    /// A window-space vector in `view`'s coordinates (its rotation and scale; translation does not apply).
    func convertVector(_ v: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = lastWindow else { return v }
        let a = window.convert(CGPoint.zero, to: view), b = window.convert(v, to: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    func convertVector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = lastWindow else { return v }
        let a = window.convert(CGPoint.zero, from: view), b = window.convert(v, from: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}

/// A pan that starts at an edge of the screen (`edges`), moving away from it: for drawers and back gestures.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges that start the pan; none by default (set one).
    open var edges: UIRectEdge = []

    /// How close to the edge (points) the touch must begin.
    static let edgeZone: CGFloat = 20

    private var startedAtEdge: UIRectEdge = []

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if startedAtEdge.isEmpty, let touch = touches.first, let window = touch.window {
            let p = touch.location(in: nil)
            let b = window.bounds
            if p.x - b.minX <= Self.edgeZone { startedAtEdge.insert(.left) }
            if b.maxX - p.x <= Self.edgeZone { startedAtEdge.insert(.right) }
            if p.y - b.minY <= Self.edgeZone { startedAtEdge.insert(.top) }
            if b.maxY - p.y <= Self.edgeZone { startedAtEdge.insert(.bottom) }
            startedAtEdge.formIntersection(edges)
            if startedAtEdge.isEmpty { state = .failed; return }
        }
        super.touchesBegan(touches, with: event)
    }

    override func shouldBeginPan(from origin: CGPoint, to point: CGPoint) -> Bool {
        guard super.shouldBeginPan(from: origin, to: point) else { return false }
        let dx = point.x - origin.x, dy = point.y - origin.y
        // Away from the edge, mostly across it.
        if startedAtEdge.contains(.left) && dx > abs(dy) { return true }
        if startedAtEdge.contains(.right) && -dx > abs(dy) { return true }
        if startedAtEdge.contains(.top) && dy > abs(dx) { return true }
        if startedAtEdge.contains(.bottom) && -dy > abs(dx) { return true }
        state = .failed
        return false
    }

    open override func reset() {
        super.reset()
        startedAtEdge = []
    }
}

/// Edges of a rectangle.
public struct UIRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}
