// UIKit's gesture recognizers: the state machine, arbitration and each recognizer, driven by synthetic device
// frames through the whole pipeline below libinput.
import Testing
import Foundation
@testable import UIKit
import VitrinePlatform

/// Records a recognizer's action calls as states.
@MainActor
final class StateLog {
    var states: [UIGestureRecognizer.State] = []
    func attach(_ r: UIGestureRecognizer) { r.addAction { [unowned self] r in self.states.append(r.state) } }
}

@MainActor @Suite struct GestureRecognizerTests {
    /// A window with one full-window view logging touches.
    func setUp() -> (UIWindow, TouchLogView, EventLog, Fingers) {
        freshApp()
        let log = EventLog()
        let window = shownWindow()
        let view = TouchLogView("v", log: log, frame: window.bounds)
        window.addSubview(view)
        return (window, view, log, Fingers())
    }

    @Test func tapRecognizesOnLiftAndCancelsTheViewsTouch() {
        let (_, view, log, fingers) = setUp()
        let tap = UITapGestureRecognizer()
        let states = StateLog()
        states.attach(tap)
        view.addGestureRecognizer(tap)
        #expect(view.gestureRecognizers?.count == 1 && tap.view === view)
        fingers.tap(CGPoint(x: 50, y: 50))
        #expect(states.states == [.ended])
        // The view saw the touch begin (no delaysTouchesBegan); its end was held and then cancelled.
        #expect(log.take() == ["v.began(1)", "v.cancelled(1)"])
        #expect(tap.state == .possible) // reset after the gesture
    }

    @Test func tapFailsWhenTheFingerMovesOrStaysTooLong() {
        let (_, view, log, fingers) = setUp()
        let tap = UITapGestureRecognizer()
        let states = StateLog()
        states.attach(tap)
        view.addGestureRecognizer(tap)
        fingers.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 80, y: 50), steps: 3)
        fingers.down(CGPoint(x: 50, y: 50))
        fingers.wait(2)
        fingers.up()
        #expect(states.states.isEmpty)
        // Failed recognizers release the held ends to the view.
        #expect(log.take() == ["v.began(1)", "v.moved(1)", "v.moved(1)", "v.moved(1)", "v.ended(1)", "v.began(1)", "v.ended(1)"])
    }

    @Test func targetActionWithMethodReferencesDoesNotRetainTheTarget() {
        @MainActor final class Controller {
            var taps = 0
            var withRecognizer: [UIGestureRecognizer.State] = []
            func tapped() { taps += 1 }
            func handle(_ r: UITapGestureRecognizer) { withRecognizer.append(r.state) }
        }
        let (_, view, _, fingers) = setUp()
        var controller: Controller? = Controller()
        weak let weakController = controller
        let tap = UITapGestureRecognizer(target: controller!, action: Controller.tapped)
        tap.addTarget(controller!, action: Controller.handle)
        view.addGestureRecognizer(tap)
        fingers.tap(CGPoint(x: 5, y: 5))
        #expect(controller?.taps == 1 && controller?.withRecognizer == [.ended])
        controller = nil
        #expect(weakController == nil)
        fingers.tap(CGPoint(x: 5, y: 5)) // no target left: nothing to call, nothing crashes
    }

    @Test func doubleTapWithASingleTapThatRequiresItToFail() {
        let (_, view, _, fingers) = setUp()
        let single = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let singles = StateLog(), doubles = StateLog()
        singles.attach(single)
        doubles.attach(double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        fingers.tap(CGPoint(x: 50, y: 50))
        #expect(singles.states.isEmpty)      // waits for the double tap to fail
        fingers.wait(0.4)                    // the double tap's window closes
        #expect(singles.states == [.ended] && doubles.states.isEmpty)
        fingers.tap(CGPoint(x: 50, y: 50))
        fingers.wait(0.1)
        fingers.tap(CGPoint(x: 52, y: 50))
        #expect(doubles.states == [.ended])
        fingers.wait(1)
        #expect(singles.states == [.ended])  // the single tap did not fire for the double
    }

    @Test func twoFingerTap() {
        let (_, view, _, fingers) = setUp()
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let states = StateLog()
        states.attach(tap)
        view.addGestureRecognizer(tap)
        fingers.tap(CGPoint(x: 10, y: 10))
        #expect(states.states.isEmpty)
        fingers.down([0: CGPoint(x: 10, y: 10), 1: CGPoint(x: 60, y: 10)])
        fingers.up([0, 1])
        #expect(states.states == [.ended])
    }

    @Test func longPressBeginsAfterItsDurationAndFollowsTheFinger() {
        let (_, view, log, fingers) = setUp()
        let press = UILongPressGestureRecognizer()
        let states = StateLog()
        states.attach(press)
        view.addGestureRecognizer(press)
        fingers.down(CGPoint(x: 50, y: 50))
        fingers.wait(0.3)
        #expect(states.states.isEmpty)
        fingers.wait(0.3)
        #expect(states.states == [.began])
        fingers.move(CGPoint(x: 90, y: 90))
        #expect(approx(press.location(in: view), CGPoint(x: 90, y: 90), 1e-6))
        fingers.up()
        #expect(states.states == [.began, .changed, .ended])
        #expect(log.take() == ["v.began(1)", "v.cancelled(1)"])
        // Moving beyond the allowable movement before the time fails it.
        fingers.down(CGPoint(x: 50, y: 50))
        fingers.move(CGPoint(x: 70, y: 50))
        fingers.wait(1)
        fingers.up()
        #expect(states.states == [.began, .changed, .ended])
        #expect(press.minimumPressDuration == 0.5 && press.allowableMovement == 10)
    }

    @Test func panTranslationVelocityAndSetTranslation() {
        let (_, view, _, fingers) = setUp()
        let pan = UIPanGestureRecognizer()
        var translations: [CGPoint] = []
        var velocities: [CGPoint] = []
        pan.addAction { r in
            let p = r as! UIPanGestureRecognizer
            translations.append(p.translation(in: view))
            velocities.append(p.velocity(in: view))
        }
        view.addGestureRecognizer(pan)
        fingers.down(CGPoint(x: 100, y: 100))
        fingers.wait(0.01)
        fingers.move(CGPoint(x: 105, y: 100))  // under the 10-point hysteresis
        #expect(pan.state == .possible)
        for i in 1...5 {
            fingers.wait(0.01)
            fingers.move(CGPoint(x: 105 + CGFloat(i) * 10, y: 100))
        }
        #expect(pan.state == .changed)
        #expect(approx(translations.last!, CGPoint(x: 55, y: 0), 1e-6))
        #expect(abs(velocities.last!.x - 1000) < 1) // 10 points per 10 ms
        pan.setTranslation(.zero, in: view)
        fingers.wait(0.01)
        fingers.move(CGPoint(x: 165, y: 110))
        #expect(approx(translations.last!, CGPoint(x: 10, y: 10), 1e-6))
        fingers.up()
        #expect(pan.state == .possible)
        #expect(translations.count == 7) // began, 4 changed, 1 changed after setTranslation, ended
    }

    @Test func aTransformedViewGetsTranslationInItsOwnCoordinates() {
        let (window, _, _, fingers) = setUp()
        let scaled = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        window.addSubview(scaled)
        let pan = UIPanGestureRecognizer()
        var last = CGPoint.zero
        pan.addAction { r in last = (r as! UIPanGestureRecognizer).translation(in: scaled) }
        scaled.addGestureRecognizer(pan)
        fingers.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 90, y: 50), steps: 4, lift: false)
        #expect(approx(last, CGPoint(x: 20, y: 0), 1e-6))
        fingers.up()
    }

    @Test func swipeInItsDirectionOnly() {
        let (_, view, _, fingers) = setUp()
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = .left
        let states = StateLog()
        states.attach(swipe)
        view.addGestureRecognizer(swipe)
        fingers.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 280, y: 100), steps: 4) // right: no
        #expect(states.states.isEmpty)
        fingers.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 120, y: 105), steps: 4)
        #expect(states.states == [.ended])
        fingers.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 120, y: 100), steps: 40, interval: 0.05) // too slow
        #expect(states.states == [.ended])
    }

    @Test func pinchScaleAndRotationTogether() {
        @MainActor final class Both: UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { true }
        }
        let (_, view, _, fingers) = setUp()
        let pinch = UIPinchGestureRecognizer()
        let rotation = UIRotationGestureRecognizer()
        let both = Both()
        pinch.delegate = both
        view.addGestureRecognizer(pinch)
        view.addGestureRecognizer(rotation)
        var scales: [CGFloat] = [], angles: [CGFloat] = []
        pinch.addAction { r in scales.append((r as! UIPinchGestureRecognizer).scale) }
        rotation.addAction { r in angles.append((r as! UIRotationGestureRecognizer).rotation) }
        let c = CGPoint(x: 150, y: 200)
        fingers.down([0: CGPoint(x: c.x - 50, y: c.y), 1: CGPoint(x: c.x + 50, y: c.y)])
        // Spread to twice the distance while turning a quarter turn clockwise.
        for i in 1...10 {
            fingers.wait(0.016)
            let t = CGFloat(i) / 10, r = 50 * (1 + t), a = t * .pi / 2
            fingers.move([0: CGPoint(x: c.x - r * cos(a), y: c.y - r * sin(a)), 1: CGPoint(x: c.x + r * cos(a), y: c.y + r * sin(a))])
        }
        #expect(abs(scales.last! - 2) < 1e-6)
        #expect(abs(angles.last! - .pi / 2) < 1e-6)
        #expect(pinch.velocity > 0 && rotation.velocity > 0)
        fingers.up([0, 1])
        #expect(pinch.state == .possible && rotation.state == .possible)
    }

    @Test func withoutSimultaneousRecognitionTheFirstToRecognizeWins() {
        let (_, view, _, fingers) = setUp()
        let pan = UIPanGestureRecognizer()
        let swipe = UISwipeGestureRecognizer()
        let pans = StateLog(), swipes = StateLog()
        pans.attach(pan)
        swipes.attach(swipe)
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(swipe)
        fingers.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 5)
        #expect(pans.states.first == .began && swipes.states.isEmpty)
    }

    @Test func screenEdgePanStartsOnlyAtItsEdge() {
        let (_, view, _, fingers) = setUp()
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .left
        let states = StateLog()
        states.attach(edge)
        view.addGestureRecognizer(edge)
        fingers.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 5)
        #expect(states.states.isEmpty)
        fingers.drag(from: CGPoint(x: 5, y: 100), to: CGPoint(x: 100, y: 100), steps: 5)
        #expect(states.states.first == .began && states.states.last == .ended)
    }

    @Test func delegateVetoesAndFiltersTouches() {
        @MainActor final class Veto: UIGestureRecognizerDelegate {
            var begin = true
            var receive = true
            func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receive }
        }
        let (_, view, log, fingers) = setUp()
        let tap = UITapGestureRecognizer()
        let veto = Veto()
        tap.delegate = veto
        let states = StateLog()
        states.attach(tap)
        view.addGestureRecognizer(tap)
        veto.begin = false
        fingers.tap(CGPoint(x: 10, y: 10))
        #expect(states.states.isEmpty)
        #expect(log.take() == ["v.began(1)", "v.ended(1)"])
        veto.begin = true
        veto.receive = false
        fingers.tap(CGPoint(x: 10, y: 10))
        #expect(states.states.isEmpty)
        #expect(tap.state == .possible)
        veto.receive = true
        fingers.tap(CGPoint(x: 10, y: 10))
        #expect(states.states == [.ended])
    }

    @Test func delaysTouchesBeganAndCancelsTouchesInViewFalse() {
        let (_, view, log, fingers) = setUp()
        let tap = UITapGestureRecognizer()
        tap.delaysTouchesBegan = true
        view.addGestureRecognizer(tap)
        fingers.tap(CGPoint(x: 10, y: 10))
        #expect(log.take().isEmpty) // the view never saw the tap the recognizer took
        fingers.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 60, y: 10), steps: 2)
        // Once the tap failed (moved), the held began is delivered, then the rest.
        #expect(log.take() == ["v.began(1)", "v.moved(1)", "v.moved(1)", "v.ended(1)"])
        tap.delaysTouchesBegan = false
        tap.cancelsTouchesInView = false
        tap.delaysTouchesEnded = false
        fingers.tap(CGPoint(x: 10, y: 10))
        #expect(log.take() == ["v.began(1)", "v.ended(1)"])
    }

    @Test func aRecognizerOnASuperviewSeesTouchesInSubviews() {
        let (window, view, _, fingers) = setUp()
        let child = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
        view.addSubview(child)
        let tap = UITapGestureRecognizer()
        var location = CGPoint.zero
        tap.addAction { r in location = r.location(in: view) }
        window.addGestureRecognizer(tap)
        fingers.tap(CGPoint(x: 30, y: 35))
        #expect(approx(location, CGPoint(x: 30, y: 35), 1e-6))
    }

    @Test func disablingOrRemovingMidGestureCancels() {
        let (_, view, _, fingers) = setUp()
        let pan = UIPanGestureRecognizer()
        let states = StateLog()
        states.attach(pan)
        view.addGestureRecognizer(pan)
        fingers.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 80, y: 10), steps: 3, lift: false)
        pan.isEnabled = false
        #expect(states.states.last == .cancelled)
        fingers.move(CGPoint(x: 100, y: 10))
        fingers.up()
        pan.isEnabled = true
        fingers.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 80, y: 10), steps: 3, lift: false)
        view.removeGestureRecognizer(pan)
        #expect(states.states.last == .cancelled && pan.view == nil)
        fingers.up()
    }
}
