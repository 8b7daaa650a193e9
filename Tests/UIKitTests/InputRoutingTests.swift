// From device events to touches: coordinates (calibrated, rotated, scaled), pointers as fingers, device removal,
// recordings replayed in-process, and bad input that must never crash or leave a touch stuck.
import Testing
import Foundation
@testable import UIKit
import VitrinePlatform

@MainActor @Suite struct InputRoutingTests {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Recordings").standardized

    @Test func cornersOfARotatedScaledPanelLandInTheMatchingCornerViews() {
        // A 1280x800 panel mounted at 90° shows an 800x1280 logical screen; at scale 2 that is 400x640 points.
        for rotation in [0, 90, 180, 270] {
            let app = freshApp(pixels: rotation % 180 == 0 ? CGSize(width: 1280, height: 800) : CGSize(width: 800, height: 1280), scale: 2)
            app.input.panelRotation = { _ in rotation }
            let window = shownWindow()
            let b = window.bounds
            var hits: [String] = []
            let size: CGFloat = 20
            for (name, origin) in [("topLeft", CGPoint(x: 0, y: 0)), ("topRight", CGPoint(x: b.maxX - size, y: 0)),
                                   ("bottomLeft", CGPoint(x: 0, y: b.maxY - size)), ("bottomRight", CGPoint(x: b.maxX - size, y: b.maxY - size))] {
                let v = UIView(frame: CGRect(origin: origin, size: CGSize(width: size, height: size)))
                let tap = UITapGestureRecognizer { _ in hits.append(name) }
                v.addGestureRecognizer(tap)
                window.addSubview(v)
            }
            // Touch the panel's own corners (scanout orientation), in the panel's top-left, top-right, bottom-right,
            // bottom-left order.
            var t: UInt64 = 1
            for (x, y) in [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)] {
                app.input.handle(.touchDown(time: t, device: 1, slot: 0, x: x, y: y, major: nil))
                app.input.handle(.touchFrame(time: t, device: 1))
                app.input.handle(.touchUp(time: t + 1000, device: 1, slot: 0))
                app.input.handle(.touchFrame(time: t + 1000, device: 1))
                t += 1_000_000
                (app.runLoop.clock as! ManualClock).advance(by: 1)
                app.runLoop.runOnce(maximumWait: 0)
            }
            let expected: [Int: [String]] = [
                0: ["topLeft", "topRight", "bottomRight", "bottomLeft"],
                // Mounted 90° clockwise: the panel's top-left is the logical bottom-left, and so on.
                90: ["bottomLeft", "topLeft", "topRight", "bottomRight"],
                180: ["bottomRight", "bottomLeft", "topLeft", "topRight"],
                270: ["topRight", "bottomRight", "bottomLeft", "topLeft"],
            ]
            #expect(hits == expected[rotation], "rotation \(rotation)")
        }
    }

    @Test func eachShippedRecordingTriggersItsGesture() throws {
        func play(_ name: String, _ make: (UIView) -> UIGestureRecognizer) throws -> [UIGestureRecognizer.State] {
            freshApp(pixels: CGSize(width: 1280, height: 800))
            let window = shownWindow()
            let view = UIView(frame: window.bounds)
            window.addSubview(view)
            let recognizer = make(view)
            var states: [UIGestureRecognizer.State] = []
            recognizer.addAction { states.append($0.state) }
            view.addGestureRecognizer(recognizer)
            let duration = UIApplication.shared.input.replay(try InputRecording.load(path: Self.recordings.appendingPathComponent("\(name).txt").path))
            let clock = UIApplication.shared.runLoop.clock as! ManualClock
            var elapsed = 0.0
            while elapsed < duration + 1 {
                clock.advance(by: 0.005)
                elapsed += 0.005
                UIApplication.shared.runLoop.runOnce(maximumWait: 0)
            }
            return states
        }
        #expect(try play("tap") { _ in UITapGestureRecognizer() } == [.ended])
        #expect(try play("double-tap") { _ in let t = UITapGestureRecognizer(); t.numberOfTapsRequired = 2; return t } == [.ended])
        #expect(try play("long-press") { _ in UILongPressGestureRecognizer() }.first == .began)
        let pinch = UIPinchGestureRecognizer()
        #expect(try play("pinch") { _ in pinch }.last == .ended)
        let rotation = UIRotationGestureRecognizer()
        #expect(try play("rotate") { _ in rotation }.last == .ended)
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = .left
        #expect(try play("swipe-left") { _ in swipe } == [.ended])
        let pan = UIPanGestureRecognizer()
        var speed: CGFloat = 0
        pan.addAction { r in if r.state == .changed { speed = max(speed, (r as! UIPanGestureRecognizer).velocity(in: nil).x) } }
        #expect(try play("fling") { _ in pan }.last == .ended)
        #expect(speed > 5000) // points per second: a fling
    }

    @Test func aMouseButtonIsOneFinger() {
        let app = freshApp()
        let window = shownWindow()
        let log = EventLog()
        let view = TouchLogView("v", log: log, frame: window.bounds)
        window.addSubview(view)
        var touchType: UITouch.TouchType?
        let pan = UIPanGestureRecognizer { r in touchType = r.trackedTouches.first?.type }
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        app.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 2, name: "mouse", node: "m", capabilities: .pointer)))
        app.input.handle(.pointerMotion(time: 1, device: 2, dx: 500, dy: 500)) // from the centre, clamped to the screen
        app.input.handle(.pointerMotion(time: 2, device: 2, dx: -100, dy: -200))
        app.input.handle(.pointerButton(time: 3, device: 2, button: 0x110, pressed: true))
        app.input.handle(.pointerMotion(time: 4, device: 2, dx: -30, dy: 0))
        app.input.handle(.pointerButton(time: 5, device: 2, button: 0x111, pressed: true))  // right button: not a finger
        app.input.handle(.pointerButton(time: 6, device: 2, button: 0x110, pressed: false))
        #expect(log.take() == ["v.began(1)", "v.moved(1)", "v.ended(1)"])
        #expect(touchType == .indirectPointer)
        // An absolute pointer (QEMU's tablet) lands where it points.
        var at = CGPoint.zero
        let tap = UITapGestureRecognizer { r in at = r.location(in: nil) }
        view.addGestureRecognizer(tap)
        app.input.handle(.pointerAbsolute(time: 7, device: 2, x: 0.5, y: 0.25))
        app.input.handle(.pointerButton(time: 8, device: 2, button: 0x110, pressed: true))
        app.input.handle(.pointerButton(time: 9, device: 2, button: 0x110, pressed: false))
        #expect(approx(at, CGPoint(x: 160, y: 120), 1e-6))
    }

    @Test func unpluggingADeviceCancelsItsTouchesAndTheAppCarriesOn() {
        let app = freshApp()
        let window = shownWindow()
        let log = EventLog()
        window.addSubview(TouchLogView("v", log: log, frame: window.bounds))
        let fingers = Fingers()
        fingers.down(CGPoint(x: 10, y: 10))
        app.input.handle(.deviceRemoved(time: 10, device: fingers.device))
        #expect(log.take() == ["v.began(1)", "v.cancelled(1)"])
        #expect(app.touchDelivery.touchesInProgress.isEmpty)
        // Late events of the removed device are ignored; a new device works.
        fingers.move(CGPoint(x: 20, y: 20))
        let other = Fingers(app, device: 9)
        other.tap(CGPoint(x: 10, y: 10))
        #expect(log.take() == ["v.began(1)", "v.ended(1)"])
    }

    @Test func badInputIsClampedOrCancelledNeverStuck() {
        let app = freshApp()
        let window = shownWindow()
        let log = EventLog()
        let view = TouchLogView("v", log: log, frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        var locations: [CGPoint] = []
        let pan = UIPanGestureRecognizer { r in locations.append(r.location(in: nil)) }
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        // Absurd and non-finite coordinates are clamped to the screen.
        app.input.handle(.touchDown(time: 1, device: 1, slot: 0, x: -5, y: 1e9, major: nil))
        app.input.handle(.touchFrame(time: 1, device: 1))
        app.input.handle(.touchMotion(time: 2, device: 1, slot: 0, x: .nan, y: .infinity, major: .nan))
        app.input.handle(.touchMotion(time: 2, device: 1, slot: 0, x: 3, y: -2, major: -1))
        app.input.handle(.touchFrame(time: 2, device: 1))
        let b = UIScreen.main.bounds
        #expect(locations.allSatisfy { $0.x >= 0 && $0.x < b.width && $0.y >= 0 && $0.y < b.height && $0.x.isFinite })
        // A slot that goes down again without ending: the old touch is cancelled first.
        app.input.handle(.touchDown(time: 3, device: 1, slot: 0, x: 0.5, y: 0.5, major: nil))
        app.input.handle(.touchFrame(time: 3, device: 1))
        #expect(app.touchDelivery.touchesInProgress.count == 1)
        // Motion and ends for slots that never began, frames with nothing in them: ignored.
        app.input.handle(.touchMotion(time: 4, device: 1, slot: 42, x: 0.1, y: 0.1, major: nil))
        app.input.handle(.touchUp(time: 4, device: 1, slot: 43))
        app.input.handle(.touchFrame(time: 4, device: 1))
        app.input.handle(.touchFrame(time: 4, device: 5))
        // Ten fingers at once, and then a storm of events.
        for slot in 1...10 { app.input.handle(.touchDown(time: 5, device: 1, slot: slot, x: Double(slot) / 11, y: 0.5, major: nil)) }
        app.input.handle(.touchFrame(time: 5, device: 1))
        #expect(app.touchDelivery.touchesInProgress.count == 11)
        for i in 0..<5000 {
            let slot = i % 11
            app.input.handle(.touchMotion(time: 6 + UInt64(i), device: 1, slot: slot, x: Double(i % 97) / 97, y: 0.5, major: nil))
            if i % 3 == 0 { app.input.handle(.touchFrame(time: 6 + UInt64(i), device: 1)) }
        }
        app.input.handle(.touchFrame(time: 9000, device: 1))
        for slot in 0...10 { app.input.handle(.touchUp(time: 9001, device: 1, slot: slot)) }
        app.input.handle(.touchFrame(time: 9001, device: 1))
        #expect(app.touchDelivery.touchesInProgress.isEmpty)
        #expect(view.trackedTouchCount == 0)
        #expect(pan.state == .possible)
        // Every touch the view heard begin, it heard end.
        func total(_ prefixes: [String]) -> Int {
            log.entries.filter { e in prefixes.contains { e.hasPrefix($0) } }
                .map { Int($0.split(separator: "(")[1].dropLast())! }.reduce(0, +)
        }
        #expect(total(["v.began"]) == 12 && total(["v.ended", "v.cancelled"]) == 12)
    }

    @Test func downAndUpInOneFrameIsStillATap() {
        let app = freshApp()
        let window = shownWindow()
        var taps = 0
        window.addGestureRecognizer(UITapGestureRecognizer { _ in taps += 1 })
        app.input.handle(.touchDown(time: 1, device: 1, slot: 0, x: 0.5, y: 0.5, major: nil))
        app.input.handle(.touchUp(time: 1, device: 1, slot: 0))
        app.input.handle(.touchFrame(time: 1, device: 1))
        #expect(taps == 1 && app.touchDelivery.touchesInProgress.isEmpty)
    }

    @Test func majorRadiusComesFromTheContactSize() {
        let app = freshApp()
        let window = shownWindow()
        var radius: CGFloat = 0
        let pan = UIPanGestureRecognizer { r in radius = r.trackedTouches.first?.majorRadius ?? 0 }
        window.addGestureRecognizer(pan)
        app.input.handle(.touchDown(time: 1, device: 1, slot: 0, x: 0.5, y: 0.5, major: 0.05))
        app.input.handle(.touchFrame(time: 1, device: 1))
        app.input.handle(.touchMotion(time: 2, device: 1, slot: 0, x: 0.9, y: 0.5, major: 0.05))
        app.input.handle(.touchFrame(time: 2, device: 1))
        #expect(approx(radius, 0.05 * 320 / 2, 1e-6))
    }

    @Test func keysGoToTheFirstResponderWithTheLayoutsCharacters() {
        final class Field: UIView {
            var log: [String] = []
            override var canBecomeFirstResponder: Bool { true }
            override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                let k = presses.first!.key!
                log.append("began \(k.characters) \(k.keyCode.rawValue) \(k.modifierFlags.contains(.shift))")
            }
            override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { log.append("ended") }
        }
        let app = freshApp()
        app.input.keyboardLayoutName = "de"
        let window = shownWindow()
        let field = Field(frame: window.bounds)
        window.addSubview(field)
        #expect(field.becomeFirstResponder())
        app.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 3, name: "kbd", node: "k", capabilities: .keyboard)))
        app.input.handle(.key(time: 1, device: 3, code: 42, pressed: true))   // Shift
        app.input.handle(.key(time: 2, device: 3, code: 21, pressed: true))   // the Y/Z key
        app.input.handle(.key(time: 2, device: 3, code: 21, pressed: true))   // a repeat: ignored
        app.input.handle(.key(time: 3, device: 3, code: 21, pressed: false))
        app.input.handle(.key(time: 4, device: 3, code: 42, pressed: false))
        #expect(field.log == ["began  225 false", "began Z 28 true", "ended", "ended"])
    }
}

@MainActor @Suite struct InputRecorderTests {
    @Test func whatAnAppReceivesIsWrittenAsARecordingThatReplays() throws {
        let app = freshApp()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-recorder-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try #require(InputRecorder(path: path, log: VitrineLog.logger("test")))
        app.input.addObserver { recorder.write($0) }
        let fingers = Fingers(app)
        fingers.tap(CGPoint(x: 10, y: 20))
        let recording = try InputRecording.load(path: path)
        #expect(recording.events.count == 5) // added, down, frame, up, frame
        if case let .touchDown(_, device, _, x, y, _) = recording.events[1] {
            #expect(device == fingers.device && abs(x - 10.0 / 320) < 1e-6 && abs(y - 20.0 / 480) < 1e-6)
        } else {
            Issue.record("expected a touch down, got \(recording.events[1])")
        }
        #expect(InputRecorder(path: "/nonexistent-dir/x.txt", log: VitrineLog.logger("test")) == nil)
    }
}

@MainActor @Suite struct TouchScreenMappingTests {
    @Test func aTouchDeviceMappedToAnotherScreenTouchesThatScreensWindows() {
        let app = freshApp()
        let main = shownWindow()
        var hits: [String] = []
        main.addGestureRecognizer(UITapGestureRecognizer { _ in hits.append("main") })
        let external = UIScreen(headlessPixelSize: CGSize(width: 200, height: 100), scale: 1)
        let other = UIWindow(frame: external.bounds)
        other.screen = external
        other.isHidden = false
        other.addGestureRecognizer(UITapGestureRecognizer { r in hits.append("external \(Int(r.location(in: nil).x))") })
        // The board's touch.screen: this device covers the external screen.
        app.input.screenForDevice = { info in info?.id == 5 ? external : UIScreen.main }
        app.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 5, name: "second panel touch", node: "t", capabilities: .touch)))
        let fingers = Fingers(app, device: 5)
        fingers.tap(CGPoint(x: 64, y: 48)) // 0.2 across the main screen's width: 40 points on the 200-point screen
        let mainFingers = Fingers(app, device: 6)
        mainFingers.tap(CGPoint(x: 64, y: 48))
        #expect(hits == ["external 40", "main"])
        withExtendedLifetime(other) {}
    }
}
