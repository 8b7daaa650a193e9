// UIControl: states, tracking, control events with target-action and UIAction.
import Testing
import Foundation
@testable import UIKit
import VitrinePlatform

@MainActor @Suite struct ControlTests {
    func setUp() -> (UIControl, EventLog, Fingers) {
        freshApp()
        let window = shownWindow()
        let control = UIControl(frame: CGRect(x: 100, y: 100, width: 80, height: 40))
        window.addSubview(control)
        let log = EventLog()
        let names: [(UIControl.Event, String)] = [(.touchDown, "down"), (.touchDownRepeat, "repeat"), (.touchDragInside, "dragIn"),
                                                  (.touchDragOutside, "dragOut"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
                                                  (.touchUpInside, "upIn"), (.touchUpOutside, "upOut"), (.touchCancel, "cancel")]
        for (event, name) in names {
            control.addAction(UIAction { _ in log.add(name) }, for: event)
        }
        return (control, log, Fingers())
    }

    @Test func aTapSendsTouchDownAndTouchUpInsideAndHighlightsMeanwhile() {
        let (control, log, fingers) = setUp()
        fingers.down(CGPoint(x: 110, y: 110))
        #expect(control.isHighlighted && control.isTracking && control.state == .highlighted)
        fingers.up()
        #expect(!control.isHighlighted && !control.isTracking && control.state == .normal)
        #expect(log.take() == ["down", "upIn"])
        fingers.wait(0.1)
        fingers.tap(CGPoint(x: 110, y: 110))
        #expect(log.take() == ["down", "repeat", "upIn"])
    }

    @Test func draggingOutPastTheSlopAndBack() {
        let (control, log, fingers) = setUp()
        fingers.down(CGPoint(x: 110, y: 110))
        fingers.move(CGPoint(x: 240, y: 110))   // 60 points past the right edge: still inside (slop 70)
        #expect(control.isHighlighted && control.isTouchInside)
        fingers.move(CGPoint(x: 260, y: 110))   // 80 past: outside
        #expect(!control.isHighlighted && !control.isTouchInside)
        fingers.move(CGPoint(x: 120, y: 110))
        fingers.move(CGPoint(x: 400, y: 400))
        fingers.up()
        #expect(log.take() == ["down", "dragIn", "exit", "dragOut", "enter", "dragIn", "exit", "dragOut", "upOut"])
    }

    @Test func disabledControlsPassTouchesToTheViewBehindAndShowDisabled() {
        let (control, log, fingers) = setUp()
        var behind = 0
        control.superview!.addGestureRecognizer(UITapGestureRecognizer { _ in behind += 1 })
        control.isEnabled = false
        #expect(control.state == .disabled)
        fingers.tap(CGPoint(x: 110, y: 110))
        #expect(log.take().isEmpty && behind == 1)
        control.isEnabled = true
        control.isSelected = true
        #expect(control.state == .selected)
    }

    @Test func trackingHooksAndCancellation() {
        final class Knob: UIControl {
            var calls: [String] = []
            var keepTracking = true
            override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { calls.append("begin"); return true }
            override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { calls.append("continue"); return keepTracking }
            override func endTracking(_ touch: UITouch?, with event: UIEvent?) { calls.append("end") }
            override func cancelTracking(with event: UIEvent?) { calls.append("cancelTracking") }
        }
        freshApp()
        let window = shownWindow()
        let knob = Knob(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(knob)
        var cancels = 0
        knob.addAction(UIAction { _ in cancels += 1 }, for: .touchCancel)
        let fingers = Fingers()
        fingers.down(CGPoint(x: 10, y: 10))
        fingers.move(CGPoint(x: 20, y: 10))
        knob.keepTracking = false
        fingers.move(CGPoint(x: 30, y: 10))
        fingers.move(CGPoint(x: 40, y: 10))  // no longer tracking: no continueTracking
        fingers.up()
        #expect(knob.calls == ["begin", "continue", "continue"])
        knob.calls = []
        knob.keepTracking = true
        fingers.down(CGPoint(x: 10, y: 10))
        fingers.cancel()
        #expect(knob.calls == ["begin", "cancelTracking"] && cancels == 1)
    }

    @Test func targetActionWithMethodReferencesAndPrimaryAction() {
        @MainActor final class Controller {
            var log: [String] = []
            func tapped() { log.append("tapped") }
            func sent(_ sender: UIControl) { log.append("sender \(sender.tag)") }
            func sentWithEvent(_ sender: UIControl, _ event: UIEvent?) { log.append("event \(event != nil)") }
        }
        let (control, _, fingers) = setUp()
        control.tag = 7
        let controller = Controller()
        control.addTarget(controller, action: Controller.tapped, for: .touchUpInside)
        control.addTarget(controller, action: Controller.sent, for: .touchUpInside)
        control.addTarget(controller, action: Controller.sentWithEvent, for: .touchUpInside)
        fingers.tap(CGPoint(x: 110, y: 110))
        #expect(controller.log == ["tapped", "sender 7", "event true"])
        #expect(control.allControlEvents.contains(.touchUpInside))
        control.removeTarget(controller, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(controller.log.count == 3)
        // iOS 14's primary action, and an action's sender.
        var sender: AnyObject?
        let primary = UIControl(frame: .zero, primaryAction: UIAction(title: "Go") { action in sender = action.sender })
        primary.sendActions(for: .primaryActionTriggered)
        #expect(sender === primary)
    }

    @Test func aControlKeepsItsTapFromASuperviewsTapRecognizer() {
        let (control, log, fingers) = setUp()
        let tap = UITapGestureRecognizer()
        var taps = 0
        tap.addAction { _ in taps += 1 }
        control.superview!.addGestureRecognizer(tap)
        fingers.tap(CGPoint(x: 110, y: 110))
        #expect(taps == 0 && log.take() == ["down", "upIn"])
        fingers.wait(1)
        fingers.tap(CGPoint(x: 10, y: 10)) // outside the control: the window's tap
        #expect(taps == 1)
        // A pan on the superview still takes a drag that starts on the control, cancelling it.
        let pan = UIPanGestureRecognizer()
        control.superview!.addGestureRecognizer(pan)
        fingers.drag(from: CGPoint(x: 110, y: 110), to: CGPoint(x: 150, y: 110), steps: 3)
        #expect(log.take() == ["down", "cancel"])
    }
}
