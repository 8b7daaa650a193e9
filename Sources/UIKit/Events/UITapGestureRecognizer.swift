import CoreGraphics
import Foundation

/// Recognizes taps: `numberOfTouchesRequired` fingers, `numberOfTapsRequired` times in quick succession
/// (UIKit's limits: each tap at most 1.5 s, taps at most 0.35 s apart and within 45 points of the first,
/// a finger may move 10 points). Discrete: `.recognized` when the last tap lifts.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed; 1 by default.
    open var numberOfTapsRequired = 1
    /// Fingers per tap; 1 by default.
    open var numberOfTouchesRequired = 1
    /// Mouse buttons (1: primary) that count, for pointers.
    open var buttonMaskRequired = 1

    static let maximumTapDuration: TimeInterval = 1.5
    static let allowableMovement: CGFloat = 10

    private var tapsDone = 0
    private var downInThisTap = 0
    private var maxDownInThisTap = 0
    private var tapStart: TimeInterval = 0
    private var firstLocation: CGPoint?
    private var starts: [ObjectIdentifier: CGPoint] = [:]

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelTimers()
        if downInThisTap == 0 { tapStart = touches.first?.timestamp ?? 0 }
        downInThisTap += touches.count
        maxDownInThisTap = max(maxDownInThisTap, downInThisTap)
        guard downInThisTap <= numberOfTouchesRequired else { state = .failed; return }
        for t in touches {
            let p = t.location(in: nil)
            starts[ObjectIdentifier(t)] = p
            // Later taps land near the first (fingers of one tap may be far apart).
            if let first = firstLocation, hypot(first.x - p.x, first.y - p.y) > TouchDelivery.multiTapDistance * CGFloat(numberOfTouchesRequired) {
                state = .failed; return
            }
        }
        // A tap held too long is not a tap.
        schedule(after: Self.maximumTapDuration) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.state = .failed
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for t in touches {
            guard let start = starts[ObjectIdentifier(t)] else { continue }
            let p = t.location(in: nil)
            if hypot(p.x - start.x, p.y - start.y) > Self.allowableMovement { state = .failed; return }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        downInThisTap -= touches.count
        guard downInThisTap <= 0 else { return }
        cancelTimers()
        guard maxDownInThisTap == numberOfTouchesRequired else { state = .failed; return }
        tapsDone += 1
        if firstLocation == nil { firstLocation = location(in: nil) }
        maxDownInThisTap = 0
        downInThisTap = 0
        if tapsDone >= numberOfTapsRequired {
            state = .recognized
        } else {
            // Wait for the next tap.
            schedule(after: TouchDelivery.multiTapInterval) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.state = .failed
            }
        }
    }

    open override func reset() {
        super.reset()
        tapsDone = 0
        downInThisTap = 0
        maxDownInThisTap = 0
        firstLocation = nil
        starts.removeAll()
    }
}
