import CoreGraphics
import Foundation

/// Recognizes a press held in place: `numberOfTouchesRequired` fingers down for `minimumPressDuration`
/// without moving more than `allowableMovement`, after `numberOfTapsRequired` taps. Continuous: `.began` when
/// the time is up, `.changed` as the fingers move, `.ended` when they lift.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Seconds the fingers must stay down; 0.5 by default.
    open var minimumPressDuration: TimeInterval = 0.5
    /// Fingers; 1 by default.
    open var numberOfTouchesRequired = 1
    /// Full taps before the press; 0 by default.
    open var numberOfTapsRequired = 0
    /// How far (points) the fingers may move before the press fails; 10 by default.
    open var allowableMovement: CGFloat = 10

    private var down = 0
    private var tapsDone = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        cancelTimers()
        down += touches.count
        for t in touches { starts[ObjectIdentifier(t)] = t.location(in: nil) }
        guard down <= numberOfTouchesRequired else { state = .failed; return }
        guard down == numberOfTouchesRequired else { return }
        let wanted = numberOfTapsRequired
        schedule(after: minimumPressDuration) { [weak self] in
            guard let self, self.state == .possible, self.tapsDone == wanted, self.down == self.numberOfTouchesRequired else { return }
            self.state = .began
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .changed; return }
        for t in touches {
            guard let start = starts[ObjectIdentifier(t)] else { continue }
            let p = t.location(in: nil)
            if hypot(p.x - start.x, p.y - start.y) > allowableMovement { state = .failed; return }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        down -= touches.count
        if state == .began || state == .changed {
            if down <= 0 { state = .ended }
            return
        }
        cancelTimers()
        guard down <= 0 else { state = .failed; return }
        // A quick tap before the press, when taps are wanted.
        if tapsDone < numberOfTapsRequired {
            tapsDone += 1
            down = 0
            schedule(after: TouchDelivery.multiTapInterval) { [weak self] in
                guard let self, self.state == .possible, self.down == 0 else { return }
                self.state = .failed
            }
        } else {
            state = .failed
        }
    }

    open override func reset() {
        super.reset()
        down = 0
        tapsDone = 0
        starts.removeAll()
    }
}
