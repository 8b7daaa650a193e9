// What UIKit does with a display's events, on the headless output and the manual clock: animation frames paced by
// the display's refresh and flips, the app to the background and back when the display is released and acquired
// (a VT switch), the run loop stopped when it is lost for good (UIApplicationMain's status 69). The panel sends
// the same events through the same protocol; the virtual board checks that it does.
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// An app whose main screen is a 320x480 headless display refreshing at `refresh` hertz on the app's manual clock.
/// (Each test ends with `freshApp()`: tests that come after it, XCTests with no set-up among them, must not find a
/// released or lost display as the main screen.)
@MainActor
private func appOnDisplay(refresh: Double?) -> (UIApplication, HeadlessOutput) {
    let app = freshApp()
    let output = HeadlessOutput(pixelWidth: 320, pixelHeight: 480, refreshRate: refresh, loop: app.runLoop)
    UIScreen.main = UIScreen(output: output, scale: 1)
    return (app, output)
}

/// Runs the app for `seconds` of its manual clock as the run loop would: asleep until the next timer is due, then
/// a turn (a turn per millisecond would make a frame in each while something animates).
@MainActor
private func run(_ seconds: Double) {
    let loop = UIApplication.shared.runLoop
    let clock = loop.clock as! ManualClock
    let end = clock.now + seconds
    loop.runUntilIdle()
    while let next = loop.nextTimerDeadline, next <= end {
        clock.advance(by: max(0, next - clock.now))
        loop.runUntilIdle()
    }
    clock.advance(by: max(0, end - clock.now))
    loop.runUntilIdle()
}

@MainActor @Suite struct DisplayOutputTests {
    @Test func animationFramesFollowTheDisplaysRefreshAndItsFlips() {
        let (app, output) = appOnDisplay(refresh: 40)
        defer { freshApp() }
        #expect(abs(app.frameInterval - 1.0 / 40) < 1e-12)
        let view = shownView()
        run(0.1)
        let before = output.presentedFrames
        UIView.animate(withDuration: 1) { view.alpha = 0.2 }
        run(1)
        // One frame a refresh (40 in the second, give or take the ends), every one of them shown by a flip.
        let made = output.presentedFrames - before
        #expect((38...42).contains(made), "\(made) frames in a second at 40 Hz")
        #expect(output.flipCount >= output.presentedFrames - 1 && output.flipCount <= output.presentedFrames,
                "\(output.flipCount) flips for \(output.presentedFrames) frames")
    }

    @Test func releasingTheDisplaySendsTheAppToTheBackgroundAndAcquiringBringsItBack() {
        let (app, output) = appOnDisplay(refresh: 60)
        defer { freshApp() }
        app.followDisplayActivity(of: output)
        app.becomeActive()
        let view = shownView()
        run(0.1)
        final class Heard: @unchecked Sendable { var names: [String] = [] }
        let heard = Heard()
        let names = [UIApplication.didEnterBackgroundNotification, UIApplication.didBecomeActiveNotification]
        let tokens = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: app, queue: nil) { heard.names.append($0.name.rawValue) }
        }
        defer { tokens.forEach(NotificationCenter.default.removeObserver) }

        output.releaseDisplay()
        #expect(app.applicationState == .background)
        // Frames wait while the display is away.
        let shown = output.presentedFrames
        UIView.animate(withDuration: 0.5) { view.alpha = 0.5 }
        run(0.3)
        #expect(output.presentedFrames == shown)

        output.acquireDisplay()
        #expect(app.applicationState == .active)
        run(0.3)
        #expect(output.presentedFrames > shown)
        #expect(heard.names == [UIApplication.didEnterBackgroundNotification.rawValue, UIApplication.didBecomeActiveNotification.rawValue])
    }

    @Test func aLostDisplayStopsTheRunLoopAndSaysWhy() {
        let (app, output) = appOnDisplay(refresh: 60)
        defer { freshApp() }
        app.followDisplayLoss(of: output)
        app.runLoop.perform { output.loseDisplay("the card was removed") }
        app.runLoop.run() // returns only because the loss stopped it
        #expect(app.displayLostReason == "the card was removed")
        // Once: a second report changes nothing.
        output.loseDisplay("again")
        #expect(app.displayLostReason == "the card was removed")
    }

    @Test func aDisplayWithoutARefreshShowsFramesAtOnceAndReportsNoFlips() {
        let (app, output) = appOnDisplay(refresh: nil)
        defer { freshApp() }
        #expect(abs(app.frameInterval - 1.0 / 60) < 1e-12)
        let view = shownView()
        UIView.animate(withDuration: 0.5) { view.alpha = 0.5 }
        run(0.5)
        #expect(output.presentedFrames > 20)
        #expect(output.flipCount == 0)
    }

    @Test func switchedOffTheDisplayIsBlackAndShowsNoFrames() {
        let (_, output) = appOnDisplay(refresh: 60)
        defer { freshApp() }
        let view = shownView()
        run(0.1)
        #expect(output.frameBuffer.contains { $0 != 0 })
        output.setDisplayPower(false)
        #expect(output.isPoweredDown && !output.frameBuffer.contains { $0 != 0 })
        let shown = output.presentedFrames
        view.backgroundColor = .blue
        run(0.1)
        #expect(output.presentedFrames == shown)
        output.setDisplayPower(true)
        view.backgroundColor = .green
        run(0.1)
        #expect(output.presentedFrames > shown)
    }
}
