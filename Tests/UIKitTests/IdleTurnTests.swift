// The idle turn: a turn of the run loop with nothing new stops at the frame request count (FrameRequest), and each
// kind of change made alone between idle turns still reaches the screen in the next one.
import Testing
@testable import QuartzCore
@testable import UIKit
import VitrinePlatform

@MainActor @Suite struct IdleTurnTests {
    private final class CountingWindow: UIWindow {
        var layouts = 0
        override func layoutSubviews() { super.layoutSubviews(); layouts += 1 }
    }

    private final class CountingView: UIView {
        var draws = 0
        override func draw(_ rect: CGRect) { draws += 1 }
    }

    /// A shown window with a drawing view, settled: its first frame made and the turn after it taken.
    private func settledWindow() -> (UIApplication, CountingWindow, CountingView) {
        let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 200, height: 120), scale: 1))
        let window = CountingWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        window.backgroundColor = .white
        let view = CountingView(frame: CGRect(x: 10, y: 10, width: 60, height: 40))
        window.addSubview(view)
        window.makeKeyAndVisible()
        app.runLoop.runUntilIdle()
        app.runLoop.runOnce()
        return (app, window, view)
    }

    @Test func idleTurnsMakeNoFrameAndNoteNothing() {
        let (app, window, view) = settledWindow()
        let frames = app.frameCount, count = FrameRequest.count
        for _ in 0..<5 { app.runLoop.runOnce() }
        // Were a frame to note a change of its own, every turn after it would take the full look.
        #expect(FrameRequest.count == count)
        #expect(app.frameCount == frames)
        #expect(window.layouts > 0 && view.draws == 1)
    }

    @Test func aChangeToAWindowsOwnLayerIsCompositedNextTurn() {
        let (app, window, _) = settledWindow()
        let frames = app.frameCount
        window.layer.backgroundColor = UIColor.black.cgColor
        app.runLoop.runOnce()
        #expect(app.frameCount == frames + 1)
        #expect(!window.screen.compositor.lastDamage.isEmpty)
    }

    @Test func displayAndLayoutRequestsAreServedNextTurn() {
        let (app, window, view) = settledWindow()
        let layouts = window.layouts
        view.setNeedsDisplay()
        app.runLoop.runOnce()
        #expect(view.draws == 2)
        window.setNeedsLayout()
        app.runLoop.runOnce()
        #expect(window.layouts == layouts + 1)
    }

    @Test func aRepaintOfTheWholeScreenIsMadeNextTurn() {
        let (app, window, _) = settledWindow()
        let frames = app.frameCount
        window.screen.compositor.setNeedsFullFrame()
        app.runLoop.runOnce()
        #expect(app.frameCount == frames + 1)
        #expect(window.screen.compositor.lastDamage.reduce(0) { $0 + $1.area } == 200 * 120)
    }

    /// A setting made outside any explicit transaction belongs to the turn's implicit one and ends with it, even in a
    /// turn that changed nothing else.
    @Test func theImplicitTransactionsSettingsEndWithAnOtherwiseIdleTurn() {
        let (app, _, _) = settledWindow()
        CATransaction.setDisableActions(true)
        CATransaction.setAnimationDuration(2)
        app.runLoop.runOnce()
        #expect(!CATransaction.disableActions())
        #expect(CATransaction.animationDuration() == 0.25)
    }
}
