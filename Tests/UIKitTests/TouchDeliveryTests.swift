// Seeds: "The View Interaction Model", "Responding to Events", "Hiding Views"; UIKit's touch delivery.
import Testing
import Foundation
@testable import UIKit
import VitrinePlatform

@MainActor @Suite struct HitTestingTests {

    @Test func frontToBackSkippingHiddenTransparentAndDisabledViews() {
        freshApp()
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === front)
        #expect(root.hitTest(CGPoint(x: 70, y: 70), with: nil) === back)
        front.isHidden = true
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        front.isHidden = false
        front.alpha = 0.009
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        front.alpha = 0.01
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === front)
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === back)
        #expect(root.hitTest(CGPoint(x: 150, y: 10), with: nil) == nil)
    }

    @Test func aPointOutsideAViewDoesNotReachItsSubviews() {
        freshApp()
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let spill = UIView(frame: CGRect(x: 60, y: 0, width: 50, height: 50)) // drawn outside its parent
        parent.addSubview(spill)
        root.addSubview(parent)
        #expect(root.hitTest(CGPoint(x: 70, y: 10), with: nil) === root)
    }

    @Test func transformsAndBoundsOriginsAreHonoured() {
        freshApp()
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let v = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 20))
        v.transform = CGAffineTransform(rotationAngle: .pi / 2) // now 20 wide, 100 tall around (100, 60)
        root.addSubview(v)
        #expect(root.hitTest(CGPoint(x: 100, y: 100), with: nil) === v)
        #expect(root.hitTest(CGPoint(x: 60, y: 60), with: nil) === root)
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        scroller.bounds.origin = CGPoint(x: 0, y: 100)
        let content = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 10))
        scroller.addSubview(content)
        #expect(scroller.hitTest(CGPoint(x: 5, y: 105), with: nil) === content)
    }

    @Test func appsCanOverrideHitTestAndPointInside() {
        freshApp()
        final class BigTarget: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                bounds.insetBy(dx: -20, dy: -20).contains(point)
            }
        }
        final class Swallow: UIView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                super.hitTest(point, with: event) == nil ? nil : self
            }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let big = BigTarget(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        root.addSubview(big)
        #expect(root.hitTest(CGPoint(x: 85, y: 85), with: nil) === big)
        let swallow = Swallow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        swallow.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        root.addSubview(swallow)
        #expect(root.hitTest(CGPoint(x: 5, y: 5), with: nil) === swallow)
    }
}

@MainActor @Suite struct TouchLifecycleTests {

    @Test func oneTouchKeepsItsIdentityThroughItsPhases() {
        freshApp()
        final class Probe: UIView {
            var seen: [(UITouch, UITouch.Phase, CGPoint, CGPoint)] = []
            var events: [UIEvent] = []
            func note(_ t: Set<UITouch>, _ e: UIEvent?) {
                let touch = t.first!
                seen.append((touch, touch.phase, touch.location(in: self), touch.previousLocation(in: self)))
                events.append(e!)
            }
            override func touchesBegan(_ t: Set<UITouch>, with e: UIEvent?) { note(t, e) }
            override func touchesMoved(_ t: Set<UITouch>, with e: UIEvent?) { note(t, e) }
            override func touchesEnded(_ t: Set<UITouch>, with e: UIEvent?) { note(t, e) }
        }
        let window = shownWindow()
        let probe = Probe(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(probe)
        let fingers = Fingers()
        fingers.down(CGPoint(x: 110, y: 120))
        fingers.wait(0.01)
        fingers.move(CGPoint(x: 130, y: 125))
        fingers.wait(0.01)
        fingers.up()
        #expect(probe.seen.count == 3)
        #expect(probe.seen.allSatisfy { $0.0 === probe.seen[0].0 })
        #expect(probe.seen.map(\.1) == [.began, .moved, .ended])
        #expect(approx(probe.seen[0].2, CGPoint(x: 10, y: 20), 1e-6))
        #expect(approx(probe.seen[1].2, CGPoint(x: 30, y: 25), 1e-6))
        #expect(approx(probe.seen[1].3, CGPoint(x: 10, y: 20), 1e-6))
        let touch = probe.seen[0].0
        #expect(touch.view === probe)
        #expect(touch.window === window)
        #expect(approx(touch.location(in: nil), CGPoint(x: 130, y: 125), 1e-6))
        // The kernel's time, in seconds.
        #expect(abs(touch.timestamp - 0.02) < 1e-6)
        // One event object, reused, as UIKit does.
        #expect(probe.events.allSatisfy { $0 === probe.events[0] })
    }

    @Test func oneEventPerFrameWithStationaryTouchesAndAllTouches() {
        let app = freshApp()
        final class Multi: UIView {
            var moves: [(count: Int, all: Int, phases: [UITouch.Phase])] = []
            override func touchesMoved(_ t: Set<UITouch>, with e: UIEvent?) {
                moves.append((t.count, e!.allTouches!.count, e!.allTouches!.map(\.phase).sorted { $0.rawValue < $1.rawValue }))
            }
            override func touchesBegan(_ t: Set<UITouch>, with e: UIEvent?) {}
        }
        let window = shownWindow()
        let v = Multi(frame: window.bounds)
        v.isMultipleTouchEnabled = true
        window.addSubview(v)
        let fingers = Fingers()
        fingers.down([0: CGPoint(x: 10, y: 10), 1: CGPoint(x: 100, y: 100)])
        fingers.move([0: CGPoint(x: 20, y: 10)])
        fingers.move([0: CGPoint(x: 30, y: 10), 1: CGPoint(x: 110, y: 100)])
        #expect(v.moves.count == 2)
        #expect(v.moves[0].count == 1 && v.moves[0].all == 2 && v.moves[0].phases == [.moved, .stationary])
        #expect(v.moves[1].count == 2 && v.moves[1].phases == [.moved, .moved])
        #expect(app.touchDelivery.touchEvent.touches(for: v)?.count == 2)
        #expect(app.touchDelivery.touchEvent.touches(for: window)?.count == 2)
    }

    @Test func theTouchStaysWithItsViewWhenItLeavesIt() {
        freshApp()
        let log = EventLog()
        let window = shownWindow()
        let a = TouchLogView("a", log: log, frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let b = TouchLogView("b", log: log, frame: CGRect(x: 100, y: 0, width: 50, height: 50))
        window.addSubview(a)
        window.addSubview(b)
        Fingers().drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 120, y: 10), steps: 2)
        #expect(log.take() == ["a.began(1)", "a.moved(1)", "a.moved(1)", "a.ended(1)"])
    }

    @Test func tapCountCountsQuickTapsAtOnePlace() {
        freshApp()
        final class Taps: UIView {
            var counts: [Int] = []
            override func touchesBegan(_ t: Set<UITouch>, with e: UIEvent?) { counts.append(t.first!.tapCount) }
        }
        let window = shownWindow()
        let v = Taps(frame: window.bounds)
        window.addSubview(v)
        let fingers = Fingers()
        fingers.tap(CGPoint(x: 50, y: 50))
        fingers.wait(0.1)
        fingers.tap(CGPoint(x: 55, y: 52))
        fingers.wait(0.1)
        fingers.tap(CGPoint(x: 50, y: 50))
        fingers.wait(0.5) // too late
        fingers.tap(CGPoint(x: 50, y: 50))
        fingers.wait(0.1)
        fingers.tap(CGPoint(x: 200, y: 300)) // too far
        #expect(v.counts == [1, 2, 3, 1, 1])
    }

    @Test func touchesInEmptyScreenAreasGoNowhere() {
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        let log = EventLog()
        window.addSubview(TouchLogView("v", log: log, frame: window.bounds))
        Fingers().tap(CGPoint(x: 200, y: 200))
        #expect(log.entries.isEmpty)
    }

    @Test func theFrontWindowGetsTheTouch() {
        freshApp()
        let log = EventLog()
        let back = shownWindow()
        back.addSubview(TouchLogView("back", log: log, frame: back.bounds))
        let front = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        front.windowLevel = .alert
        front.makeKeyAndVisible()
        front.addSubview(TouchLogView("front", log: log, frame: front.bounds))
        let fingers = Fingers()
        fingers.tap(CGPoint(x: 50, y: 50))
        fingers.tap(CGPoint(x: 150, y: 150))
        #expect(log.take() == ["front.began(1)", "front.ended(1)", "back.began(1)", "back.ended(1)"])
    }
}

@MainActor @Suite struct ResponderChainTests {

    @Test func unhandledTouchesClimbViewControllerSuperviewWindowApplicationDelegate() {
        let app = freshApp()
        final class Delegate: UIResponder, UIApplicationDelegate {
            var got: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { got.append("delegate") }
        }
        final class Controller: UIViewController {
            var got = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                got += 1
                super.touchesBegan(touches, with: event)
            }
        }
        let delegate = Delegate()
        app.delegate = delegate
        let window = shownWindow()
        let controller = Controller()
        window.rootViewController = controller
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let innermost = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        inner.addSubview(innermost)
        controller.view.addSubview(inner)
        #expect(innermost.next === inner)
        #expect(inner.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        #expect(window.next === app)
        #expect(app.next === delegate)
        Fingers().down(CGPoint(x: 10, y: 10))
        #expect(controller.got == 1)
        #expect(delegate.got == ["delegate"])
    }

    @Test func aSingleTouchViewHearsOnlyItsFirstTouch() {
        freshApp()
        let log = EventLog()
        let window = shownWindow()
        let v = TouchLogView("v", log: log, frame: window.bounds)
        window.addSubview(v)
        let fingers = Fingers()
        fingers.down(CGPoint(x: 10, y: 10), slot: 0)
        fingers.down(CGPoint(x: 100, y: 100), slot: 1)
        fingers.move([0: CGPoint(x: 12, y: 10), 1: CGPoint(x: 102, y: 100)])
        fingers.up([0, 1])
        #expect(log.take() == ["v.began(1)", "v.moved(1)", "v.ended(1)"])
        v.isMultipleTouchEnabled = true
        fingers.down(CGPoint(x: 10, y: 10), slot: 0)
        fingers.down(CGPoint(x: 100, y: 100), slot: 1)
        fingers.up([0, 1])
        #expect(log.take() == ["v.began(1)", "v.began(1)", "v.ended(2)"])
    }

    @Test func exclusiveTouchKeepsOtherViewsOut() {
        freshApp()
        let log = EventLog()
        let window = shownWindow()
        let a = TouchLogView("a", log: log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = TouchLogView("b", log: log, frame: CGRect(x: 150, y: 0, width: 100, height: 100))
        a.isExclusiveTouch = true
        window.addSubview(a)
        window.addSubview(b)
        let fingers = Fingers()
        fingers.down(CGPoint(x: 10, y: 10), slot: 0)   // a tracks
        fingers.down(CGPoint(x: 160, y: 10), slot: 1)  // b is shut out while a tracks
        fingers.up([0, 1])
        #expect(log.take() == ["a.began(1)", "a.ended(1)"])
        fingers.down(CGPoint(x: 160, y: 10), slot: 0)  // b tracks
        fingers.down(CGPoint(x: 10, y: 10), slot: 1)   // exclusive a cannot join
        fingers.up([0, 1])
        #expect(log.take() == ["b.began(1)", "b.ended(1)"])
    }

    @Test func ignoringInteractionEventsNests() {
        let app = freshApp()
        let log = EventLog()
        let window = shownWindow()
        window.addSubview(TouchLogView("v", log: log, frame: window.bounds))
        let fingers = Fingers()
        app.beginIgnoringInteractionEvents()
        app.beginIgnoringInteractionEvents()
        fingers.tap(CGPoint(x: 10, y: 10))
        app.endIgnoringInteractionEvents()
        #expect(app.isIgnoringInteractionEvents)
        fingers.tap(CGPoint(x: 10, y: 10))
        #expect(log.take().isEmpty)
        app.endIgnoringInteractionEvents()
        #expect(!app.isIgnoringInteractionEvents)
        fingers.tap(CGPoint(x: 10, y: 10))
        #expect(log.take() == ["v.began(1)", "v.ended(1)"])
    }

    @Test func firstResponderRules() {
        let app = freshApp()
        final class Field: UIView {
            var pressed: [String] = []
            var refuseResign = false
            override var canBecomeFirstResponder: Bool { true }
            override var canResignFirstResponder: Bool { !refuseResign }
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                pressed.append(presses.first!.key!.characters)
            }
        }
        let window = shownWindow()
        let a = Field(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = Field(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let plain = UIView()
        #expect(!a.becomeFirstResponder()) // not in a window
        window.addSubview(a)
        window.addSubview(b)
        window.addSubview(plain)
        #expect(!plain.becomeFirstResponder())
        #expect(a.becomeFirstResponder() && a.isFirstResponder)
        a.refuseResign = true
        #expect(!b.becomeFirstResponder() && a.isFirstResponder)
        a.refuseResign = false
        #expect(b.becomeFirstResponder() && b.isFirstResponder && !a.isFirstResponder)
        // A hidden first responder keeps its status and keeps getting the events aimed at it (seeds).
        b.isHidden = true
        #expect(b.isFirstResponder)
        app.input.handle(.key(time: 1, device: 3, code: 30, pressed: true))  // KEY_A
        app.input.handle(.key(time: 2, device: 3, code: 30, pressed: false))
        #expect(b.pressed == ["a"])
        #expect(b.resignFirstResponder() && !b.isFirstResponder)
    }
}
