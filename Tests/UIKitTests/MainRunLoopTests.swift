// The main run loop is iOS's: GCD's main queue, the main actor, Foundation timers, `RunLoop.main.perform`,
// `OperationQueue.main` and Vitrine's frame work are served by one loop on the main thread. Written the way iOS
// developers write such tests: XCTestExpectation + `fulfillment(of:timeout:)`, `RunLoop.main.run(until:)`,
// and Swift Testing's `confirmation`.
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform
import XCTest

/// A headless app on the real clock: its loop is part of the main run loop.
@MainActor
private func realTimeApp(pixels: CGSize = CGSize(width: 200, height: 100)) -> UIApplication {
    UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: pixels, scale: 1), clock: MonotonicClock())
}

/// A window filling the screen with one 20x20 white square at (10, 10) on black.
@MainActor
private func showSquare() -> (UIWindow, UIView) {
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.backgroundColor = .black
    let square = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    square.backgroundColor = .white
    window.addSubview(square)
    window.makeKeyAndVisible()
    return (window, square)
}

@MainActor
private func screenPixel(_ x: Int, _ y: Int) -> (Int, Int, Int, Int)? {
    UIScreen.main.snapshotImage()?.cgImage.map { pixel($0, x, y) }
}

@MainActor
final class MainRunLoopExpectationTests: XCTestCase {
    private var app: UIApplication!

    override func setUp() async throws {
        app = realTimeApp()
    }

    override func tearDown() async throws {
        app = nil
    }

    func testTheMainThreadRunsTheMainActor() async {
        XCTAssertTrue(Thread.isMainThread)
        XCTAssertTrue(app.runLoop.isPartOfMainRunLoop)
    }

    func testDispatchMainAsyncRuns() async {
        let ran = expectation(description: "DispatchQueue.main.async")
        DispatchQueue.main.async {
            XCTAssertTrue(Thread.isMainThread)
            ran.fulfill()
        }
        await fulfillment(of: [ran], timeout: 5)
    }

    func testDispatchMainAsyncAfterRunsAfterItsDelay() async {
        let ran = expectation(description: "asyncAfter")
        let start = Date()
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.05) {
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.045)
            ran.fulfill()
        }
        await fulfillment(of: [ran], timeout: 5)
    }

    func testMainActorTaskRuns() async {
        let ran = expectation(description: "Task { @MainActor }")
        Task { @MainActor in
            XCTAssertTrue(Thread.isMainThread)
            ran.fulfill()
        }
        await fulfillment(of: [ran], timeout: 5)
    }

    func testMainActorRunFromABackgroundTask() async {
        let ran = expectation(description: "MainActor.run")
        Task.detached {
            await MainActor.run {
                XCTAssertTrue(Thread.isMainThread)
                ran.fulfill()
            }
        }
        await fulfillment(of: [ran], timeout: 5)
    }

    func testScheduledTimersFireAndRepeat() async {
        let fired = expectation(description: "Timer.scheduledTimer")
        fired.expectedFulfillmentCount = 3
        var count = 0
        scheduleTimer {
            count += 1
            fired.fulfill()
            return count == 3
        }
        await fulfillment(of: [fired], timeout: 5)
        XCTAssertEqual(count, 3)
    }

    /// `Timer.scheduledTimer` is unavailable in async code (it uses `RunLoop.current`): iOS tests call it from a
    /// synchronous helper, as here.
    private func scheduleTimer(_ body: @escaping @MainActor () -> Bool) {
        Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { timer in
            if MainActor.assumeIsolated(body) { timer.invalidate() }
        }
    }

    func testRunLoopMainPerformRuns() async {
        let ran = expectation(description: "RunLoop.main.perform")
        RunLoop.main.perform {
            XCTAssertTrue(Thread.isMainThread)
            ran.fulfill()
        }
        await fulfillment(of: [ran], timeout: 5)
    }

    func testOperationQueueMainRuns() async {
        let ran = expectation(description: "OperationQueue.main")
        OperationQueue.main.addOperation {
            XCTAssertTrue(Thread.isMainThread)
            ran.fulfill()
        }
        await fulfillment(of: [ran], timeout: 5)
    }

    func testNotificationsPostedFromABackgroundThreadArriveOnTheMainQueue() async {
        let name = Notification.Name("MainRunLoopTests.ping")
        let arrived = expectation(description: "notification on .main")
        let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { note in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertEqual(note.userInfo?["n"] as? Int, 7)
            arrived.fulfill()
        }
        let poster = Thread { NotificationCenter.default.post(name: name, object: nil, userInfo: ["n": 7]) }
        poster.start()
        await fulfillment(of: [arrived], timeout: 5)
        NotificationCenter.default.removeObserver(token)
    }

    func testDispatchMainSyncFromABackgroundThreadBlocksUntilTheMainThreadRanIt() async {
        let done = expectation(description: "main.sync returned")
        let box = ResultBox()
        DispatchQueue.global().async {
            let onMain = DispatchQueue.main.sync { Thread.isMainThread }
            box.set(onMain)
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 5)
        XCTAssertEqual(box.get(), true)
    }

    func testTenThousandHopsToTheMainActorLoseNone() async {
        let counter = HopCounter()
        let worker = Task.detached {
            for _ in 0..<10_000 {
                await MainActor.run { counter.count += 1 }
            }
        }
        await worker.value
        XCTAssertEqual(counter.count, 10_000)
    }

    func testAViewChangedFromTheMainQueueIsOnScreenInTheNextFrame() async throws {
        let (window, square) = showSquare()
        _ = window
        let firstFrame = expectation(description: "first frame")
        var framesSeen = 0
        var colourInFrame: [Int: (Int, Int, Int, Int)?] = [:]
        app.addFrameObserver { app in
            framesSeen += 1
            colourInFrame[app.frameCount] = screenPixel(15, 15)
            if app.frameCount == 1 { firstFrame.fulfill() }
        }
        await fulfillment(of: [firstFrame], timeout: 5)
        XCTAssertEqual(screenPixel(15, 15)?.0, 255)

        let changed = expectation(description: "recoloured frame")
        let framesBefore = app.frameCount
        DispatchQueue.main.async {
            square.backgroundColor = .blue
            // The change is not on screen until the frame that ends this turn.
            XCTAssertEqual(screenPixel(15, 15)?.2, 255)
            XCTAssertEqual(screenPixel(15, 15)?.0, 255)
            self.app.addFrameObserver { app in
                if app.frameCount == framesBefore + 1 { changed.fulfill() }
            }
        }
        await fulfillment(of: [changed], timeout: 5)
        let shown = try XCTUnwrap(colourInFrame[framesBefore + 1] ?? nil)
        XCTAssertEqual(shown.0, 0)
        XCTAssertEqual(shown.2, 255)
    }

    func testCATransactionFlushCommitsAtOnce() async {
        let (window, square) = showSquare()
        _ = window
        CATransaction.flush()
        XCTAssertEqual(app.frameCount, 1)
        XCTAssertEqual(screenPixel(15, 15)?.1, 255)
        square.backgroundColor = .red
        CATransaction.flush()
        XCTAssertEqual(app.frameCount, 2)
        XCTAssertEqual(screenPixel(15, 15)?.1, 0)
        // Inside an explicit transaction, the outermost commit is what commits.
        CATransaction.begin()
        square.backgroundColor = .green
        CATransaction.flush()
        XCTAssertEqual(app.frameCount, 2)
        CATransaction.commit()
        XCTAssertEqual(app.frameCount, 3)
        XCTAssertEqual(screenPixel(15, 15)?.1, 255)
    }
}

/// Synchronous tests that turn the main run loop themselves, as iOS tests do with `RunLoop.main.run(until:)`.
/// (XCTest on Linux aborts on synchronous `@MainActor` test methods; `MainActor.assumeIsolated` is the form that works.)
/// Animations, tested as iOS developers test them: `UIView.animate`, then wait for the completion.
@MainActor
final class AnimationExpectationTests: XCTestCase {
    func testAnAnimationCompletesAndEndsAtTheModelValue() async {
        let app = realTimeApp()
        let (window, square) = showSquare()
        defer { withExtendedLifetime(window) {} }
        let done = expectation(description: "the animation's completion")
        var finished = false
        try? await Task.sleep(nanoseconds: 50_000_000) // on screen first
        let framesBefore = app.frameCount
        UIView.animate(withDuration: 0.3, animations: { square.frame.origin.x = 150 }, completion: { flag in
            finished = flag
            done.fulfill()
        })
        XCTAssertEqual(square.frame.origin.x, 150) // the model at once
        await fulfillment(of: [done], timeout: 5)
        XCTAssertTrue(finished)
        XCTAssertGreaterThan(app.frameCount - framesBefore, 5) // frames while it moved
        XCTAssertEqual(square.layer.presentation()?.position.x, 160)
        XCTAssertEqual(screenPixel(155, 15)?.0, 255)
        // Then the loop rests: no frames without change.
        let settled = app.frameCount
        try? await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertLessThanOrEqual(app.frameCount - settled, 1)
    }
}

final class MainRunLoopRunUntilTests: XCTestCase {
    func testRunUntilShowsAnAnimationMidway() { MainActor.assumeIsolated {
        _ = realTimeApp()
        let (window, square) = showSquare()
        defer { withExtendedLifetime(window) {} }
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        UIView.animate(withDuration: 0.6, delay: 0, options: .curveLinear, animations: { square.frame.origin.x = 170 })
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.3))
        let x = square.layer.presentation()?.position.x ?? 0
        XCTAssertGreaterThan(x, 40)   // moving
        XCTAssertLessThan(x, 170)     // not there yet
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.5))
        XCTAssertEqual(square.layer.presentation()?.position.x, 180)
    } }

    func testRunUntilDoesLayoutDisplayAndCompositing() { MainActor.assumeIsolated {
        let app = realTimeApp()
        let (window, square) = showSquare()
        let drawn = DrawCountingView(frame: CGRect(x: 50, y: 10, width: 20, height: 20))
        window.addSubview(drawn)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        XCTAssertEqual(app.frameCount, 1)
        XCTAssertEqual(drawn.layouts, 1)
        XCTAssertEqual(drawn.draws, 1)
        XCTAssertEqual(screenPixel(15, 15)?.0, 255)
        XCTAssertEqual(screenPixel(55, 15)?.1, 255) // DrawCountingView fills green

        square.frame.origin.x = 100
        drawn.setNeedsLayout()
        drawn.setNeedsDisplay()
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        XCTAssertEqual(app.frameCount, 2)
        XCTAssertEqual(drawn.layouts, 2)
        XCTAssertEqual(drawn.draws, 2)
        XCTAssertEqual(screenPixel(15, 15)?.0, 0)
        XCTAssertEqual(screenPixel(105, 15)?.0, 255)
    } }

    func testAWaitForAnExpectationRunsFrames() { MainActor.assumeIsolated {
        let app = realTimeApp()
        let (window, square) = showSquare()
        _ = window
        let later = XCTestExpectation(description: "a block after the first frame")
        DispatchQueue.main.async {
            square.isHidden = true
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) { later.fulfill() }
        }
        XCTAssertEqual(XCTWaiter.wait(for: [later], timeout: 5), .completed)
        XCTAssertGreaterThanOrEqual(app.frameCount, 1)
        XCTAssertEqual(screenPixel(15, 15)?.0, 0)
    } }

    /// The app: `@main`-style launch through `UIApplicationMain`, every kind of queued work requested in
    /// `didFinishLaunching`; the app stops itself once all of it has run, on the main thread, interleaved
    /// with frames.
    func testAnAppLaunchedWithUIApplicationMainServesEveryKindOfQueuedWork() { MainActor.assumeIsolated {
        QueuedWorkDelegate.log = []
        let status = runMain(["--vitrine-screen", "160x120@1"], delegate: NSStringFromClass(QueuedWorkDelegate.self))
        XCTAssertEqual(status, 0)
        XCTAssertEqual(Set(QueuedWorkDelegate.log), Set(QueuedWorkDelegate.expected))
        XCTAssertGreaterThanOrEqual(UIApplication.shared.frameCount, 1)
    } }
}

/// Launches, queues work with each API iOS apps use, and stops the app when all of it ran.
final class QueuedWorkDelegate: UIResponder, UIApplicationDelegate {
    static let expected = ["main.async", "main.asyncAfter", "Task @MainActor", "MainActor.run", "Timer",
                           "RunLoop.main.perform", "notification", "OperationQueue.main", "main.sync"]
    @MainActor static var log: [String] = []
    var window: UIWindow?

    required override init() { super.init() }

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = showSquare().0
        let ran = Self.ran
        DispatchQueue.main.async { ran("main.async") }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.02) { ran("main.asyncAfter") }
        Task { @MainActor in ran("Task @MainActor") }
        Task.detached { await MainActor.run { ran("MainActor.run") } }
        Timer.scheduledTimer(withTimeInterval: 0.01, repeats: false) { _ in ran("Timer") }
        RunLoop.main.perform { ran("RunLoop.main.perform") }
        OperationQueue.main.addOperation { ran("OperationQueue.main") }
        let name = Notification.Name("QueuedWorkDelegate.ping")
        NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in ran("notification") }
        Thread { NotificationCenter.default.post(name: name, object: nil) }.start()
        DispatchQueue.global().async {
            DispatchQueue.main.sync { ran("main.sync") }
        }
        // A safety net so a regression fails the test instead of hanging it.
        DispatchQueue.main.asyncAfter(deadline: .now() + 10) { UIApplication.shared.runLoop.stop() }
        return true
    }

    /// Records that `what` ran, checking that it ran on the main thread (where `assumeIsolated` would trap
    /// otherwise), and stops the app when everything has.
    nonisolated static func ran(_ what: String) {
        guard Thread.isMainThread else { fatalError("\(what) ran off the main thread") }
        MainActor.assumeIsolated {
            log.append(what)
            if Set(log).isSuperset(of: expected) { UIApplication.shared.runLoop.stop() }
        }
    }
}

@MainActor
final class DrawCountingView: UIView {
    var layouts = 0
    var draws = 0
    override func layoutSubviews() { layouts += 1 }
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.green.setFill()
        UIRectFill(bounds)
    }
}

/// A value handed from a background thread to the test.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool?
    func set(_ v: Bool) { lock.lock(); value = v; lock.unlock() }
    func get() -> Bool? { lock.lock(); defer { lock.unlock() }; return value }
}

/// The same guarantees through Swift Testing: `@MainActor` tests run on the main thread inside the main run
/// loop, as on iOS.
@MainActor @Suite struct MainRunLoopConfirmationTests {
    @Test func mainActorTestsRunOnTheMainThread() {
        #expect(Thread.isMainThread)
        #expect(EventLoop.mainThreadRunsMainRunLoop)
    }

    @Test func queuedWorkIsConfirmed() async {
        _ = realTimeApp()
        var observers: [any NSObjectProtocol] = []
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        await confirmation(expectedCount: 8) { confirm in
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let countdown = Countdown(8) { confirm() } whenDone: { done.resume() }
                let name = Notification.Name("MainRunLoopConfirmationTests.ping")
                let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                    MainActor.assumeIsolated { countdown.one() }
                }
                DispatchQueue.main.async { countdown.one() }
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) { countdown.one() }
                Task { @MainActor in countdown.one() }
                Task.detached { await MainActor.run { countdown.one() } }
                RunLoop.main.perform { MainActor.assumeIsolated { countdown.one() } }
                OperationQueue.main.addOperation { MainActor.assumeIsolated { countdown.one() } }
                RunLoop.main.add(Timer(timeInterval: 0.01, repeats: false) { _ in MainActor.assumeIsolated { countdown.one() } },
                                 forMode: .common)
                Thread { NotificationCenter.default.post(name: name, object: nil) }.start()
                observers.append(token)
            }
        }
    }
}

@MainActor
final class Countdown {
    private var left: Int
    private let each: () -> Void
    private let done: () -> Void
    init(_ count: Int, each: @escaping () -> Void, whenDone done: @escaping () -> Void) {
        left = count
        self.each = each
        self.done = done
    }
    func one() {
        each()
        left -= 1
        if left == 0 { done() }
    }
}

@MainActor
final class HopCounter {
    var count = 0
}

// Swift 6.2 refuses XCTestCase's `await fulfillment(of:timeout:)` from a `@MainActor` test class ("sending value of
// non-Sendable type ... risks causing data races"; 6.3 accepts it, as iOS tests write it). For the AArch64 build's
// Debian Swift 6.2.3 these classes wait through an XCTWaiter with no delegate (one with `self` is refused too), and say when
// it times out; the tests stay as written.
#if !compiler(>=6.3)
extension MainRunLoopExpectationTests {
    func fulfillment(of expectations: [XCTestExpectation], timeout: TimeInterval) async {
        let result = await XCTWaiter().fulfillment(of: expectations, timeout: timeout)
        XCTAssertEqual(result, .completed, "expectations not fulfilled within \(timeout) s")
    }
}

extension AnimationExpectationTests {
    func fulfillment(of expectations: [XCTestExpectation], timeout: TimeInterval) async {
        let result = await XCTWaiter().fulfillment(of: expectations, timeout: timeout)
        XCTAssertEqual(result, .completed, "expectations not fulfilled within \(timeout) s")
    }
}
#endif
