import CoreGraphics
import Foundation
import VitrinePlatform

/// VoiceOver's touch gestures, recognised from the touch pipeline's contacts while the screen reader runs (the app
/// gets no touches then, except the reader's own taps):
///
/// - one finger: touch and drag to explore (the element under the finger is spoken), tap to explore, swipe right or
///   left to the next or previous element, swipe up or down to adjust an adjustable element, double tap to activate
///   the focused element;
/// - two fingers: tap to pause speech, swipe up to read from the top, scrub (a quick zigzag) to escape;
/// - three fingers: swipe to scroll by a page (up shows what is below, left what is to the right).
///
/// A gesture is everything between the first finger down and the last finger up; it is classified by its largest
/// number of fingers, its duration and each finger's travel.
@MainActor
final class ScreenReaderGestures {
    private unowned let reader: ScreenReader
    private let runLoop: EventLoop

    /// A swipe travels at least this far (points), mostly in one direction, within `swipeSeconds`.
    static let swipeDistance: CGFloat = 30
    static let swipeSeconds: TimeInterval = 0.3
    /// A tap lasts less than this and moves less than `tapSlop`.
    static let tapSeconds: TimeInterval = 0.3
    static let tapSlop: CGFloat = 15
    /// The second tap of a double tap comes within this of the first's end.
    static let doubleTapSeconds: TimeInterval = 0.35

    private struct Finger {
        var start: CGPoint
        var current: CGPoint
        /// Horizontal direction changes (a scrub's zigzag) and the last horizontal direction.
        var reversals = 0
        var lastDX: CGFloat = 0
    }
    private var fingers: [TouchKey: Finger] = [:]
    private var gestureStart: TimeInterval = 0
    private var mostFingers = 0
    private var exploring = false
    /// A single tap waiting to see whether a second makes it a double tap.
    private var pendingTap: (point: CGPoint, timer: EventLoopTimer)?

    init(reader: ScreenReader, runLoop: EventLoop) {
        self.reader = reader
        self.runLoop = runLoop
    }

    /// Takes one device frame's contacts (screen points).
    func handle(_ contacts: [TouchDelivery.Contact], time: TimeInterval) {
        for contact in contacts {
            switch contact.phase {
            case .began:
                if fingers.isEmpty { gestureStart = time; mostFingers = 0; exploring = false }
                fingers[contact.key] = Finger(start: contact.location, current: contact.location)
                mostFingers = max(mostFingers, fingers.count)
            case .moved:
                guard var finger = fingers[contact.key] else { continue }
                let dx = contact.location.x - finger.current.x
                if abs(dx) > 4 {
                    if finger.lastDX != 0, (dx > 0) != (finger.lastDX > 0) { finger.reversals += 1 }
                    finger.lastDX = dx
                }
                finger.current = contact.location
                fingers[contact.key] = finger
                // A single finger held and moved explores; a quick one is a swipe, decided when it lifts.
                if mostFingers == 1, exploring || time - gestureStart >= Self.swipeSeconds {
                    exploring = true
                    reader.explore(at: contact.location)
                }
            case .ended, .cancelled:
                guard let finger = fingers.removeValue(forKey: contact.key) else { continue }
                if contact.phase == .ended, contact.location != .zero {
                    var last = finger
                    last.current = contact.location
                    ended.append(last)
                } else {
                    ended.append(finger)
                }
                if fingers.isEmpty {
                    finish(contact.phase == .cancelled, time: time)
                    ended = []
                }
            default:
                continue
            }
        }
    }

    /// The fingers of the current gesture that have lifted.
    private var ended: [Finger] = []

    private func finish(_ cancelled: Bool, time: TimeInterval) {
        guard !cancelled, !exploring else { return }
        let duration = time - gestureStart
        let moves = ended.map { CGPoint(x: $0.current.x - $0.start.x, y: $0.current.y - $0.start.y) }
        let still = moves.allSatisfy { hypot($0.x, $0.y) < Self.tapSlop }
        if still, duration < Self.tapSeconds {
            tap(fingers: mostFingers, at: ended.first?.current ?? .zero)
            return
        }
        if mostFingers == 2, ended.contains(where: { $0.reversals >= 2 }) {
            reader.escape()
            return
        }
        guard duration < Self.swipeSeconds * 2, let direction = Self.direction(of: moves) else {
            // A long, still press explores where it is.
            if mostFingers == 1, let point = ended.first?.current { reader.explore(at: point) }
            return
        }
        switch (mostFingers, direction) {
        case (1, .right): reader.moveFocus(forward: true)
        case (1, .left): reader.moveFocus(forward: false)
        case (1, .up): reader.adjust(up: true)
        case (1, .down): reader.adjust(up: false)
        case (2, .up): reader.readAll()
        case (3, _): reader.scrollPage(direction)
        default: break
        }
    }

    /// The direction all fingers swiped in, if they did (far enough, mostly along one axis).
    private static func direction(of moves: [CGPoint]) -> UIAccessibilityScrollDirection? {
        let dx = moves.map(\.x).reduce(0, +) / CGFloat(max(moves.count, 1))
        let dy = moves.map(\.y).reduce(0, +) / CGFloat(max(moves.count, 1))
        guard hypot(dx, dy) >= swipeDistance else { return nil }
        if abs(dx) > abs(dy) * 1.5 { return dx > 0 ? .right : .left }
        if abs(dy) > abs(dx) * 1.5 { return dy > 0 ? .down : .up }
        return nil
    }

    private func tap(fingers count: Int, at point: CGPoint) {
        switch count {
        case 1:
            if let pending = pendingTap {
                pending.timer.invalidate()
                pendingTap = nil
                reader.activate()
            } else {
                // A single tap explores, once it is clear no second tap follows (that would activate the focus).
                let timer = runLoop.schedule(after: Self.doubleTapSeconds) { [weak self] _ in
                    guard let self, let pending = self.pendingTap else { return }
                    self.pendingTap = nil
                    self.reader.explore(at: pending.point)
                }
                pendingTap = (point, timer)
            }
        case 2:
            reader.pause()
        default:
            break
        }
    }
}
