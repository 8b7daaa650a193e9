import CoreGraphics
import Foundation

/// Touches from contacts to responders and gesture recognizers, as UIKit delivers them (seeds: "The View
/// Interaction Model").
///
/// One device frame becomes one `UIEvent`: new contacts are hit-tested (the touch's view and window are fixed
/// then), then `UIApplication.sendEvent(_:)` → `UIWindow.sendEvent(_:)` gives the touches first to the gesture
/// recognizers of the touched view and its superviews, then to the views (unless a recognizer delays or cancels
/// them). Recognizer state changes come back here for arbitration: failure requirements, prevention,
/// simultaneous recognition, cancelling touches in views.
@MainActor
final class TouchDelivery {
    /// A contact's change in one device frame, in screen points.
    struct Contact {
        var key: TouchKey
        var phase: UITouch.Phase
        var location: CGPoint
        var screen: UIScreen
        var majorRadius: CGFloat?
        var type: UITouch.TouchType = .direct
    }

    private unowned let application: UIApplication
    /// Touches in progress, by contact, in the order they began.
    private var touches: [TouchKey: UITouch] = [:]
    private var order: [TouchKey] = []
    /// The one touch event, reused for every frame (as UIKit does).
    let touchEvent = UIEvent()
    /// Recognizers taking part in the current gestures (tracking touches, or waiting: a double tap's window).
    private(set) var active: [UIGestureRecognizer] = []
    /// Touches whose view messages are held back by a recognizer (delaysTouchesBegan / delaysTouchesEnded).
    private var held: [UITouch] = []
    /// The last tap, for `tapCount`: when it ended, where (screen points) and its count.
    private var lastTap: (time: TimeInterval, location: CGPoint, count: Int, view: UIView?)?
    private var began: [ObjectIdentifier: (location: CGPoint, time: TimeInterval)] = [:]

    /// UIKit's multi-tap limits: successive taps within 0.35 s and 45 points count together.
    static let multiTapInterval: TimeInterval = 0.35
    static let multiTapDistance: CGFloat = 45

    init(application: UIApplication) { self.application = application }

    /// The touches in progress (for tests and tools).
    var touchesInProgress: [UITouch] { order.compactMap { touches[$0] } }

    // MARK: Frames

    /// Delivers one device frame.
    func deliver(_ contacts: [Contact], time: TimeInterval) {
        guard !contacts.isEmpty else { return }
        // The accessibility shortcut is watched whatever gets the touches (the reader's own taps are not fingers).
        let reader = application.screenReader
        if reader?.isTouchingApp != true { application.accessibilityShortcut.observe(contacts, time: time) }
        // While the screen reader runs, fingers make its gestures; only its own taps reach the app.
        if let reader, reader.isRunning, !reader.isTouchingApp {
            reader.gestures.handle(contacts, time: time)
            return
        }
        // A contact that begins again without having ended (a device that lost an event) cancels its old touch first.
        let restarted = contacts.filter { $0.phase == .began && touches[$0.key] != nil }
        if !restarted.isEmpty {
            deliver(restarted.map { Contact(key: $0.key, phase: .cancelled, location: touches[$0.key]!.screenLocation,
                                            screen: $0.screen) }, time: time)
        }
        for t in touches.values {
            t.previousWindowLocation = t.windowLocation
            t.phase = .stationary
        }
        var changed = false
        for contact in contacts {
            switch contact.phase {
            case .began:
                let touch = makeTouch(contact, time: time)
                touches[contact.key] = touch
                order.append(contact.key)
                changed = true
            case .moved, .ended, .cancelled:
                guard let touch = touches[contact.key], touch.phase == .stationary || touch.phase == .moved else { continue }
                touch.phase = contact.phase
                touch.timestamp = time
                if contact.phase != .cancelled { move(touch, to: contact.location) }
                if let r = contact.majorRadius { touch.majorRadius = r }
                changed = true
            default:
                continue
            }
        }
        guard changed else { return }
        touchEvent.timestamp = time
        touchEvent.touchesInProgress = touchesInProgress
        application.sendEvent(touchEvent)
        finishFrame(time: time)
    }

    private func makeTouch(_ contact: Contact, time: TimeInterval) -> UITouch {
        let touch = UITouch()
        touch.key = contact.key
        touch.type = contact.type
        touch.phase = .began
        touch.timestamp = time
        touch.screenLocation = contact.location
        if let r = contact.majorRadius { touch.majorRadius = r }
        guard !application.isIgnoringInteractionEvents else {
            // Ignored for its whole life: no view, no recognizers.
            touch.deliversToView = false
            return touch
        }
        // The front-most visible window on the touch's screen that takes the point, then its hit-tested view.
        for window in application.windows.reversed() where window.screen === contact.screen && !window.isHidden {
            let local = window.convert(contact.location, from: nil)
            if let view = window.hitTest(local, with: touchEvent) {
                touch.window = window
                touch.view = view
                touch.windowLocation = local
                touch.previousWindowLocation = local
                break
            }
        }
        guard let view = touch.view, let window = touch.window else {
            touch.deliversToView = false
            touch.windowLocation = contact.location
            touch.previousWindowLocation = contact.location
            return touch
        }
        // Taps in quick succession at one place count up.
        if let last = lastTap, time - last.time <= Self.multiTapInterval, last.view === view,
           hypot(last.location.x - contact.location.x, last.location.y - contact.location.y) <= Self.multiTapDistance {
            touch.tapCount = last.count + 1
        }
        began[ObjectIdentifier(touch)] = (contact.location, time)

        // A single-touch view hears only its first touch; an exclusive-touch view shares the window with no one.
        let others = touchesInProgress.filter { $0.window === window && $0.deliversToView && $0.view != nil }
        if !view.isMultipleTouchEnabled && view.trackedTouchCount > 0 { touch.deliversToView = false }
        if view.isExclusiveTouch && others.contains(where: { $0.view !== view }) { touch.deliversToView = false }
        if others.contains(where: { $0.view !== view && $0.view!.isExclusiveTouch }) { touch.deliversToView = false }
        if touch.deliversToView { view.trackedTouchCount += 1 }

        // The recognizers of the view and its superviews that want the touch.
        var recognizers: [UIGestureRecognizer] = []
        var v: UIView? = view
        while let current = v {
            for r in current.attachedRecognizers where r.isEnabled && !r.isFinished {
                if r.delegate?.gestureRecognizer(r, shouldReceive: touch) == false { continue }
                recognizers.append(r)
            }
            v = current.superview
        }
        touch.gestureRecognizers = recognizers
        for r in recognizers where !active.contains(where: { $0 === r }) { active.append(r) }
        return touch
    }

    private func move(_ touch: UITouch, to screenLocation: CGPoint) {
        touch.screenLocation = screenLocation
        if let window = touch.window { touch.windowLocation = window.convert(screenLocation, from: nil) }
        else { touch.windowLocation = screenLocation }
    }

    /// After delivery: ended and cancelled touches leave; recognizers whose gestures are over reset.
    private func finishFrame(time: TimeInterval) {
        for key in order {
            guard let touch = touches[key], touch.phase == .ended || touch.phase == .cancelled else { continue }
            touches[key] = nil
            if touch.deliversToView, let view = touch.view { view.trackedTouchCount = max(0, view.trackedTouchCount - 1) }
            for r in touch.gestureRecognizers ?? [] {
                r.trackedTouches.removeAll { $0 === touch }
            }
            if let start = began.removeValue(forKey: ObjectIdentifier(touch)) {
                let moved = hypot(start.location.x - touch.screenLocation.x, start.location.y - touch.screenLocation.y)
                lastTap = touch.phase == .ended && moved <= Self.multiTapDistance
                    ? (time, touch.screenLocation, touch.tapCount, touch.view) : nil
            }
        }
        order.removeAll { touches[$0] == nil }
        resetFinishedRecognizers()
    }

    /// Cancels every touch of `device` (it was unplugged) or, with `nil`, every touch (the VT was switched away).
    func cancelTouches(device: Int?, time: TimeInterval) {
        let keys = order.filter { device == nil || $0.device == device }
        guard !keys.isEmpty else { return }
        let contacts = keys.compactMap { key in
            touches[key].map { Contact(key: key, phase: .cancelled, location: $0.screenLocation,
                                       screen: $0.window?.screen ?? UIScreen.main) }
        }
        deliver(contacts, time: time)
    }

    // MARK: Window delivery (UIWindow.sendEvent)

    /// Gives the window's changed touches to their recognizers, then to their views.
    func dispatch(_ event: UIEvent, in window: UIWindow) {
        let changed = event.touchesInProgress.filter { $0.window === window && $0.phase != .stationary }
        guard !changed.isEmpty else { return }

        // Recognizers first, in the order they were gathered.
        var seen: [UIGestureRecognizer] = []
        for touch in changed { for r in touch.gestureRecognizers ?? [] where !seen.contains(where: { $0 === r }) { seen.append(r) } }
        for r in seen {
            let mine = changed.filter { t in t.gestureRecognizers?.contains { $0 === r } ?? false }
            let beganTouches = mine.filter { $0.phase == .began }
            for t in beganTouches where !r.trackedTouches.contains(where: { $0 === t }) { r.trackedTouches.append(t) }
            r.lastWindow = window
            guard r.isEnabled, r.storedState == .possible || r.storedState == .began || r.storedState == .changed else { continue }
            for (phase, call) in [(UITouch.Phase.began, r.touchesBegan), (.moved, r.touchesMoved), (.ended, r.touchesEnded),
                                  (.cancelled, r.touchesCancelled)] as [(UITouch.Phase, (Set<UITouch>, UIEvent) -> Void)] {
                let group = mine.filter { $0.phase == phase }
                guard !group.isEmpty else { continue }
                call(Set(group), event)
                // Stop once the recognizer is done (a tap that failed on its first touch hears nothing more).
                if !(r.storedState == .possible || r.storedState == .began || r.storedState == .changed) { break }
            }
            if !r.trackedTouches.isEmpty { r.lastLocation = r.location(in: nil) }
        }

        // Then the views, grouped by view and phase.
        var groups: [TouchGroup] = []
        func add(_ touch: UITouch, _ phase: UITouch.Phase) {
            guard let view = touch.view else { return }
            Self.append(touch, to: view, phase, in: &groups)
        }
        for touch in changed where touch.deliversToView && !touch.cancelledForView {
            switch touch.phase {
            case .began:
                if delays(touch, began: true) { hold(touch, .began) } else { touch.viewHasBegun = true; add(touch, .began) }
            case .moved:
                if touch.viewHasBegun { add(touch, .moved) }
            case .ended:
                if !touch.viewHasBegun && touch.delayedPhases.isEmpty { break }
                if delays(touch, began: false) || !touch.delayedPhases.isEmpty { hold(touch, .ended) } else { add(touch, .ended) }
            case .cancelled:
                touch.delayedPhases.removeAll()
                held.removeAll { $0 === touch }
                if touch.viewHasBegun { add(touch, .cancelled) }
            default:
                break
            }
        }
        send(groups, event)
    }

    /// Touches going to one view in one phase: one `touches…(_:with:)` call.
    typealias TouchGroup = (view: UIView, phase: UITouch.Phase, touches: [UITouch])

    /// Adds `touch` to the group for `view` and `phase`, starting one if there is none.
    private static func append(_ touch: UITouch, to view: UIView, _ phase: UITouch.Phase, in groups: inout [TouchGroup]) {
        if let i = groups.firstIndex(where: { $0.view === view && $0.phase == phase }) { groups[i].touches.append(touch) }
        else { groups.append((view, phase, [touch])) }
    }

    private func send(_ groups: [TouchGroup], _ event: UIEvent) {
        for g in groups {
            let set = Set(g.touches)
            switch g.phase {
            case .began: g.view.touchesBegan(set, with: event)
            case .moved: g.view.touchesMoved(set, with: event)
            case .ended: g.view.touchesEnded(set, with: event)
            default: g.view.touchesCancelled(set, with: event)
            }
        }
    }

    /// Whether a still-undecided recognizer holds the touch's began (or ended) message back.
    private func delays(_ touch: UITouch, began: Bool) -> Bool {
        (touch.gestureRecognizers ?? []).contains { r in
            r.isEnabled && r.storedState == .possible && (began ? r.delaysTouchesBegan : r.delaysTouchesEnded)
        }
    }

    private func hold(_ touch: UITouch, _ phase: UITouch.Phase) {
        touch.delayedPhases.append(phase)
        if !held.contains(where: { $0 === touch }) { held.append(touch) }
    }

    /// Delivers held messages whose recognizers have all decided.
    private func flushHeld() {
        var groups: [TouchGroup] = []
        for touch in held {
            guard let view = touch.view, !touch.cancelledForView else { touch.delayedPhases.removeAll(); continue }
            while let phase = touch.delayedPhases.first {
                if delays(touch, began: phase == .began) { break }
                touch.delayedPhases.removeFirst()
                if phase == .began { touch.viewHasBegun = true }
                Self.append(touch, to: view, phase, in: &groups)
            }
        }
        held.removeAll { $0.delayedPhases.isEmpty }
        // Began before ended across touches.
        send(groups.filter { $0.phase == .began } + groups.filter { $0.phase != .began }, touchEvent)
    }

    // MARK: Arbitration

    /// A recognizer asked to move to `new` (its `state` setter).
    func requestTransition(_ r: UIGestureRecognizer, to new: UIGestureRecognizer.State) {
        let old = r.storedState
        switch (old, new) {
        case (.possible, .began), (.possible, .ended):
            if waitsForFailure(r) { r.pendingState = new; return }
            guard shouldBegin(r), !preventedByRecognized(r) else {
                r.storedState = .failed
                didFail(r)
                return
            }
            r.storedState = new
            recognized(r)
            r.runActions()
            if new == .ended { r.cancelTimers() }
        case (.began, .changed), (.changed, .changed):
            r.storedState = .changed
            r.runActions()
        case (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled):
            r.storedState = new
            r.runActions()
            r.cancelTimers()
        case (.possible, .failed), (.possible, .cancelled):
            r.storedState = .failed
            r.pendingState = nil
            didFail(r)
        case (_, .possible):
            // Only the system resets a recognizer; a subclass setting .possible is ignored, as UIKit does.
            break
        default:
            break
        }
    }

    /// Recognizers `r` must wait for: its explicit requirements and what the delegates and subclasses ask.
    private func requirements(of r: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var list = r.failureRequirements.compactMap(\.recognizer)
        for o in active where o !== r && !list.contains(where: { $0 === o }) {
            if r.shouldRequireFailure(of: o) || o.shouldBeRequiredToFail(by: r)
                || r.delegate?.gestureRecognizer(r, shouldRequireFailureOf: o) == true
                || o.delegate?.gestureRecognizer(o, shouldBeRequiredToFailBy: r) == true {
                list.append(o)
            }
        }
        return list
    }

    private func waitsForFailure(_ r: UIGestureRecognizer) -> Bool {
        requirements(of: r).contains { o in o.storedState == .possible && active.contains { $0 === o } && o.isEnabled }
    }

    private func shouldBegin(_ r: UIGestureRecognizer) -> Bool {
        if r.delegate?.gestureRecognizerShouldBegin(r) == false { return false }
        if let view = r.view, !view.gestureRecognizerShouldBegin(r) { return false }
        for t in r.trackedTouches {
            if let v = t.view, v !== r.view, !v.gestureRecognizerShouldBegin(r) { return false }
        }
        return true
    }

    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Whether a recognizer already in its gesture keeps `r` from recognizing.
    private func preventedByRecognized(_ r: UIGestureRecognizer) -> Bool {
        active.contains { o in
            o !== r && (o.storedState == .began || o.storedState == .changed) && sharesTouches(o, r)
                && !simultaneous(o, r) && o.canPrevent(r) && r.canBePrevented(by: o)
        }
    }

    private func sharesTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        // Recognizers waiting between taps have no touches; they still compete for the gesture in progress.
        a.trackedTouches.isEmpty || b.trackedTouches.isEmpty
            || a.trackedTouches.contains { t in b.trackedTouches.contains { $0 === t } }
    }

    /// `r` recognized: competitors fail, its touches leave their views if it says so, dependents fail.
    private func recognized(_ r: UIGestureRecognizer) {
        for o in active where o !== r && o.storedState == .possible && sharesTouches(o, r) {
            if !simultaneous(r, o) && r.canPrevent(o) && o.canBePrevented(by: r) {
                o.storedState = .failed
                o.pendingState = nil
                o.cancelTimers()
            }
        }
        // Those waiting for r to fail fail now.
        for o in active where o !== r && o.pendingState != nil && requirements(of: o).contains(where: { $0 === r }) {
            o.pendingState = nil
            o.storedState = .failed
            o.cancelTimers()
        }
        if r.cancelsTouchesInView {
            var groups: [TouchGroup] = []
            let taken = r.trackedTouches + held.filter { t in t.gestureRecognizers?.contains { $0 === r } ?? false }
            for touch in taken where !touch.cancelledForView {
                touch.cancelledForView = true
                touch.delayedPhases.removeAll()
                guard touch.viewHasBegun, let view = touch.view else { continue }
                Self.append(touch, to: view, .cancelled, in: &groups)
            }
            held.removeAll { $0.cancelledForView }
            send(groups, touchEvent)
        }
        flushHeld()
        applyPending()
    }

    private func didFail(_ r: UIGestureRecognizer) {
        r.cancelTimers()
        applyPending()
        flushHeld()
    }

    /// Recognizers that were waiting for others to fail move on once nothing they wait for is undecided.
    private func applyPending() {
        var progress = true
        while progress {
            progress = false
            for o in active where o.pendingState != nil && !waitsForFailure(o) {
                let target = o.pendingState!
                o.pendingState = nil
                requestTransition(o, to: target)
                progress = true
            }
        }
    }

    /// Recognizers whose gesture is over and whose touches are gone go back to `.possible`.
    func resetFinishedRecognizers() {
        for r in active {
            r.trackedTouches.removeAll { t in touches[t.key] !== t }
            let idle = r.storedState == .possible && r.trackedTouches.isEmpty && r.pendingState == nil
                && r.timers.allSatisfy { !$0.isValid }
            guard (r.isFinished && r.trackedTouches.isEmpty) || idle else { continue }
            r.cancelTimers()
            r.reset()
            r.storedState = .possible
            r.pendingState = nil
            r.lastLocation = nil
        }
        active.removeAll { $0.storedState == .possible && $0.trackedTouches.isEmpty && $0.pendingState == nil
            && $0.timers.allSatisfy { !$0.isValid } }
        flushHeld()
    }

    /// A recognizer's timer fired (a long press began, a multi-tap window closed).
    func afterRecognizerTimer() {
        resetFinishedRecognizers()
    }

    /// A recognizer left its view: it no longer takes part.
    func forget(_ r: UIGestureRecognizer) {
        active.removeAll { $0 === r }
        for t in touches.values { t.gestureRecognizers?.removeAll { $0 === r } }
        flushHeld()
    }
}
