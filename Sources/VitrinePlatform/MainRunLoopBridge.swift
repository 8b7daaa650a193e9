import CoreFoundation
import CVitrineShims
import Dispatch
import Foundation
import Glibc

// How Vitrine's event loop lives inside the process's main run loop (Foundation's `RunLoop.main`, a
// CFRunLoop), so that one loop on the main thread serves everything iOS code expects of it:
//
// - the main dispatch queue, and with it the main actor and `OperationQueue.main`: CFRunLoop drains it
//   itself (libdispatch signals an eventfd, `_dispatch_get_main_queue_handle_4CF`, that the main run loop
//   polls in its common modes, and CFRunLoop calls `_dispatch_main_queue_callback_4CF` when it is readable);
// - Foundation's timers and `RunLoop.main.perform` blocks: they are the run loop's own;
// - Vitrine's file descriptors (DRM, libinput, the app's): a watcher per descriptor on a private dispatch
//   queue signals one version-0 run-loop source; the source's perform callback, on the main thread, polls the
//   descriptors and calls their handlers (the shape of iOS's event path: a port wakes the loop, a source
//   delivers the events);
// - Vitrine's timers: one run-loop timer armed for the earliest deadline;
// - the end-of-turn work (UIKit's layout, display and compositing): an observer of `beforeWaiting` and
//   `exit`, as Core Animation commits its transaction, so a test that turns `RunLoop.main.run(until:)` gets
//   its frames exactly as an app does.
//
// The bridge owns the CoreFoundation objects and invalidates them when its loop goes away.

/// The CoreFoundation objects that attach one `EventLoop` to the main run loop.
final class MainRunLoopBridge: @unchecked Sendable {
    // Written once on the main thread in `attach`, read by callbacks that only run on the main thread.
    private weak var loop: EventLoop?
    private var observer: CFRunLoopObserver?
    private var wakeTimer: CFRunLoopTimer?
    private var inputSource: CFRunLoopSource?
    let runLoop: CFRunLoop

    /// The run-loop activities at which the end-of-turn work runs: before the loop sleeps, and when a run
    /// returns (a `run(until:)` whose time is up never reaches `beforeWaiting`).
    private static let turnActivities: CFRunLoopActivity = [.beforeWaiting, .exit]
    /// After other observers, as Core Animation's commit observer (2,000,000) is.
    private static let observerOrder = 2_000_000

    init() {
        runLoop = CFRunLoopGetMain()
    }

    /// Creates the observer, timer and input source for `loop` and adds them to the main run loop's common
    /// modes.
    func attach(_ loop: EventLoop) {
        self.loop = loop
        let info = Unmanaged.passUnretained(self).toOpaque()

        var observerContext = CFRunLoopObserverContext(version: 0, info: info, retain: nil, release: nil,
                                                       copyDescription: nil)
        observer = CFRunLoopObserverCreate(kCFAllocatorDefault, Self.turnActivities.rawValue, true, Self.observerOrder, { _, _, info in
            guard let info else { return }
            let bridge = Unmanaged<MainRunLoopBridge>.fromOpaque(info).takeUnretainedValue()
            MainActor.assumeIsolated { bridge.loop?.runTurnFromMainRunLoop() }
        }, &observerContext)
        CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)

        var timerContext = CFRunLoopTimerContext(version: 0, info: info, retain: nil, release: nil, copyDescription: nil)
        // Armed far in the future; `arm(at:)` moves it. Its callout does nothing itself: waking the loop is the
        // point, and the turn that follows (observer) fires the due timers in deadline order.
        wakeTimer = CFRunLoopTimerCreate(kCFAllocatorDefault, Self.distantFuture, Self.distantFuture, 0, 0, { _, _ in },
                                         &timerContext)
        CFRunLoopAddTimer(runLoop, wakeTimer, kCFRunLoopCommonModes)

        var sourceContext = CFRunLoopSourceContext(
            version: 0, info: info, retain: nil, release: nil, copyDescription: nil, equal: nil, hash: nil,
            schedule: nil, cancel: nil,
            perform: { info in
                guard let info else { return }
                let bridge = Unmanaged<MainRunLoopBridge>.fromOpaque(info).takeUnretainedValue()
                MainActor.assumeIsolated { bridge.loop?.dispatchReadyDescriptors() }
            })
        inputSource = CFRunLoopSourceCreate(kCFAllocatorDefault, 0, &sourceContext)
        CFRunLoopAddSource(runLoop, inputSource, kCFRunLoopCommonModes)
    }

    deinit {
        if let observer { CFRunLoopObserverInvalidate(observer) }
        if let wakeTimer { CFRunLoopTimerInvalidate(wakeTimer) }
        if let inputSource { CFRunLoopSourceInvalidate(inputSource) }
    }

    private static let distantFuture: CFAbsoluteTime = 1.0e12

    /// Wakes the run loop at `secondsFromNow` (or never, for `nil`).
    func arm(secondsFromNow: Double?) {
        guard let wakeTimer else { return }
        let date = secondsFromNow.map { CFAbsoluteTimeGetCurrent() + Swift.max(0, $0) } ?? Self.distantFuture
        CFRunLoopTimerSetNextFireDate(wakeTimer, date)
    }

    /// Makes a sleeping (or about to sleep) run loop go round once more. Safe from any thread.
    func wakeUp() { CFRunLoopWakeUp(runLoop) }

    /// Tells the main thread that a watched descriptor is ready. Safe from any thread.
    func signalInput() {
        guard let inputSource else { return }
        CFRunLoopSourceSignal(inputSource)
        CFRunLoopWakeUp(runLoop)
    }

    /// One pass of the main run loop in the default mode, waiting at most `seconds`; returns when a source was
    /// handled if `returnAfterSourceHandled`.
    func runOnce(waiting seconds: Double, returnAfterSourceHandled: Bool) {
        _ = CFRunLoopRunInMode(kCFRunLoopDefaultMode, seconds, returnAfterSourceHandled)
    }

    /// Ends the innermost run of the main run loop.
    func stop() { CFRunLoopStop(runLoop) }

    /// Whether an `async` main function leaves the main thread to the main run loop (see main_run_loop.c).
    static var mainThreadRunsMainRunLoop: Bool { vitrine_main_thread_runs_main_run_loop() }
}

/// Watches one file descriptor for the main run loop: a dispatch read source on a private queue that, when the
/// descriptor becomes readable, pauses itself and signals the loop's input source. The main thread resumes it
/// after the handler ran, so a level-triggered descriptor is reported once per turn, not in a storm.
final class DescriptorWatcher: @unchecked Sendable {
    private static let queue = DispatchQueue(label: "vitrine.descriptor-watchers")
    private let source: DispatchSourceRead
    private let lock = NSLock()
    private var paused = false
    private var cancelled = false

    init(fd: Int32, bridge: MainRunLoopBridge) {
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: Self.queue)
        source.setEventHandler { [weak self, weak bridge] in
            guard let self else { return }
            self.lock.lock()
            if !self.paused && !self.cancelled {
                self.paused = true
                self.source.suspend()
            }
            self.lock.unlock()
            bridge?.signalInput()
        }
        source.activate()
    }

    /// Re-arms the watcher after its descriptor was serviced (main thread).
    func resume() {
        lock.lock(); defer { lock.unlock() }
        guard paused, !cancelled else { return }
        paused = false
        source.resume()
    }

    /// Stops watching; the descriptor is not closed.
    func cancel() {
        lock.lock(); defer { lock.unlock() }
        guard !cancelled else { return }
        cancelled = true
        // A suspended source must be resumed before it can finish cancelling (libdispatch rule).
        source.cancel()
        if paused { paused = false; source.resume() }
    }

    deinit { cancel() }
}
