import CoreGraphics
import Foundation

/// Recognizes a quick straight stroke in one of `direction`'s directions with `numberOfTouchesRequired`
/// fingers: at least 50 points along the direction within 0.5 s, drifting at most half that across it.
/// Discrete: `.recognized` as soon as the stroke is long enough.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count; `.right` by default.
    open var direction: Direction = .right
    /// Fingers; 1 by default.
    open var numberOfTouchesRequired = 1

    static let minimumDistance: CGFloat = 50
    static let maximumDuration: TimeInterval = 0.5

    private var start: CGPoint?
    private var startTime: TimeInterval = 0
    private var down = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        down += touches.count
        guard down <= numberOfTouchesRequired else { state = .failed; return }
        if down == numberOfTouchesRequired {
            start = location(in: nil)
            startTime = event.timestamp
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, state == .possible else { return }
        if event.timestamp - startTime > Self.maximumDuration { state = .failed; return }
        let p = location(in: nil)
        let dx = p.x - start.x, dy = p.y - start.y
        let candidates: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (dir, along, across) in candidates where direction.contains(dir) {
            if along >= Self.minimumDistance && abs(across) <= along / 2 { state = .recognized; return }
        }
        // Gone too far the wrong way.
        if hypot(dx, dy) >= Self.minimumDistance { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        down -= touches.count
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
        down = 0
    }
}
