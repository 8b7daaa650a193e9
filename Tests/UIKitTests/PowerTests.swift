// The panel's power: UIScreen.brightness on a (fake) sysfs backlight, and the idle timer blanking the screen and
// waking it on a touch that is not delivered.
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// A fake `/sys` with one backlight device, removed when the test ends.
final class FakeSysfs {
    let root: String
    let device: String

    init(name: String = "panel0", level: Int = 50, maximum: String = "255") throws {
        root = NSTemporaryDirectory() + "vitrine-sysfs-\(UUID().uuidString)"
        device = root + "/class/backlight/" + name
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        try "\(level)\n".write(toFile: device + "/brightness", atomically: false, encoding: .utf8)
        try "\(maximum)\n".write(toFile: device + "/max_brightness", atomically: false, encoding: .utf8)
    }

    var raw: String { (try? String(contentsOfFile: device + "/brightness", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?" }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

@Suite struct BacklightTests {
    @Test func theFirstBacklightIsFoundAndReadAsAFraction() throws {
        let sys = try FakeSysfs(level: 51)
        let backlight = try #require(try Backlight.find(nil, sysfs: sys.root))
        #expect(backlight.directory == sys.device)
        #expect(backlight.maximum == 255)
        #expect(try backlight.level() == 0.2)
        // By name and by path too; none at all is nil, not an error.
        #expect(try Backlight.find("panel0", sysfs: sys.root)?.directory == sys.device)
        #expect(try Backlight.find(sys.device)?.maximum == 255)
        #expect(try Backlight.find(nil, sysfs: sys.root + "/nowhere") == nil)
    }

    @Test func levelsAreClampedAndAnyLightKeepsOneStep() throws {
        let sys = try FakeSysfs()
        let backlight = try Backlight(directory: sys.device)
        try backlight.setLevel(0.5); #expect(sys.raw == "128")
        try backlight.setLevel(7); #expect(sys.raw == "255")
        try backlight.setLevel(-1); #expect(sys.raw == "0")
        try backlight.setLevel(0.0001); #expect(sys.raw == "1")
        try backlight.setRawLevel(999); #expect(sys.raw == "255")
    }

    @Test func aBrokenBacklightSaysWhichFileAndWhy() throws {
        let bad = try FakeSysfs(maximum: "lots")
        #expect(throws: Backlight.Failure.self) { try Backlight(directory: bad.device) }
        do {
            _ = try Backlight(directory: bad.device)
        } catch let failure as Backlight.Failure {
            #expect(failure.path == bad.device + "/max_brightness")
            #expect(failure.description.contains("lots"))
        }
        #expect(throws: Backlight.Failure.self) { try Backlight.find("missing", sysfs: bad.root) }
    }
}

@MainActor @Suite struct ScreenBrightnessTests {
    @Test func brightnessDrivesTheBacklightClampedAndNotifies() throws {
        freshApp()
        let sys = try FakeSysfs(level: 255)
        let screen = UIScreen.main
        screen.backlight = try Backlight(directory: sys.device)
        #expect(screen.brightness == 1)
        final class Count: @unchecked Sendable { var value = 0 }
        let notes = Count()
        let token = NotificationCenter.default.addObserver(forName: UIScreen.brightnessDidChangeNotification, object: screen, queue: nil) { _ in notes.value += 1 }
        defer { NotificationCenter.default.removeObserver(token) }
        screen.brightness = 0.25
        #expect(sys.raw == "64")
        #expect(abs(screen.brightness - 64.0 / 255) < 1e-9)
        screen.brightness = 3
        #expect(sys.raw == "255" && screen.brightness == 1)
        #expect(notes.value == 2)
    }

    @Test func aScreenWithoutABacklightKeepsTheValue() {
        freshApp()
        UIScreen.main.brightness = 0.4
        #expect(UIScreen.main.brightness == 0.4)
        UIScreen.main.brightness = -2
        #expect(UIScreen.main.brightness == 0)
    }

    @Test func aBacklightThatRefusesWritesLosesNothing() throws {
        freshApp()
        let sys = try FakeSysfs()
        let screen = UIScreen.main
        screen.backlight = try Backlight(directory: sys.device)
        // Make the brightness file unwritable in a way root cannot override: a directory in its place.
        try FileManager.default.removeItem(atPath: sys.device + "/brightness")
        try FileManager.default.createDirectory(atPath: sys.device + "/brightness", withIntermediateDirectories: false)
        screen.brightness = 0.7
        #expect(screen.brightness == 0.7) // kept; the failure is logged
    }
}

@MainActor @Suite struct IdleTimerTests {
    final class TouchCounter: UIView {
        var began = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { began += 1 }
    }

    @MainActor final class Scene {
        let app: UIApplication
        let window: UIWindow
        let view = TouchCounter(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let fingers: Fingers
        var clock: ManualClock { app.runLoop.clock as! ManualClock }
        var output: HeadlessOutput { UIScreen.main.headlessOutput! }

        init(idle: TimeInterval?) {
            app = freshApp()
            window = UIWindow(frame: UIScreen.main.bounds)
            view.backgroundColor = .systemGreen
            window.addSubview(view)
            window.makeKeyAndVisible()
            keptWindow = window
            fingers = Fingers(app)
            app.idleTimeout = idle
            endTurn()
        }

        func wait(_ seconds: Double) { clock.advance(by: seconds); app.runLoop.runOnce(maximumWait: 0) }
        var screenIsBlack: Bool { output.frameBuffer.allSatisfy { $0 == 0 } }
    }

    @Test func theScreenBlanksAfterTheIdleTimeAndATouchWakesItWithoutBeingDelivered() {
        let s = Scene(idle: 10)
        #expect(!s.screenIsBlack)
        s.wait(9)
        s.fingers.tap(CGPoint(x: 100, y: 100)) // input at 9 s moves the deadline to 19 s
        #expect(s.view.began == 1)
        s.wait(6)
        #expect(!UIScreen.main.isBlanked)
        s.wait(5)
        #expect(UIScreen.main.isBlanked)
        #expect(s.output.isPoweredDown && s.screenIsBlack)
        // Changes while blank are not shown...
        s.view.backgroundColor = .systemRed
        endTurn()
        #expect(s.screenIsBlack)
        // ...the waking tap is swallowed, and the screen comes back with the current picture.
        s.fingers.tap(CGPoint(x: 100, y: 100))
        #expect(s.view.began == 1)
        #expect(!UIScreen.main.isBlanked && !s.output.isPoweredDown)
        #expect(!s.screenIsBlack)
        #expect(s.output.frameBuffer[(100 * 320 + 100) * 4 + 2] > 200) // red (BGRA in memory)
        // The next tap is the app's.
        s.fingers.tap(CGPoint(x: 100, y: 100))
        #expect(s.view.began == 2)
        // And the timer runs again from the last input.
        s.wait(10.1)
        #expect(UIScreen.main.isBlanked)
    }

    @Test func aDisabledIdleTimerNeverBlanksAndDisablingItWakes() {
        let s = Scene(idle: 5)
        s.app.isIdleTimerDisabled = true
        s.wait(60)
        #expect(!UIScreen.main.isBlanked)
        s.app.isIdleTimerDisabled = false
        s.wait(5.1)
        #expect(UIScreen.main.isBlanked)
        s.app.isIdleTimerDisabled = true
        endTurn()
        #expect(!UIScreen.main.isBlanked && !s.screenIsBlack)
    }

    @Test func withoutAnIdleTimeTheScreenStaysOn() {
        let s = Scene(idle: nil)
        s.wait(3600)
        #expect(!UIScreen.main.isBlanked)
    }

    @Test func theEndOfATouchBegunBeforeBlankingIsDelivered() {
        final class Ends: UIView {
            var ended = 0
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { ended += 1 }
        }
        let s = Scene(idle: 5)
        let ends = Ends(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        s.window.addSubview(ends)
        endTurn()
        s.fingers.down(CGPoint(x: 10, y: 10))
        s.wait(5.1) // a finger resting without moving sends nothing
        #expect(UIScreen.main.isBlanked)
        s.fingers.up()
        #expect(ends.ended == 1)
    }

    @Test func blankingByBacklightTurnsItOffAndBack() throws {
        let s = Scene(idle: 5)
        let sys = try FakeSysfs(level: 200)
        UIScreen.main.backlight = try Backlight(directory: sys.device)
        s.wait(5.1)
        #expect(UIScreen.main.isBlanked)
        #expect(sys.raw == "0")
        #expect(!s.output.isPoweredDown) // the backlight did it
        #expect(abs(UIScreen.main.brightness - 200.0 / 255) < 1e-9) // the level to come back to
        s.fingers.tap(CGPoint(x: 10, y: 10))
        #expect(sys.raw == "200")
        #expect(s.view.began == 0)
    }
}
