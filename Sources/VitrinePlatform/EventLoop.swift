import Glibc

/// The one event loop of a Vitrine process, on the main thread: timers, one-shot blocks, file-descriptor
/// sources (the DRM and libinput fds, the app's own), and observers that run at the end of every turn,
/// before the loop waits (where UIKit does its layout pass and frame work, as Core Animation commits its
/// transaction before the main run loop sleeps).
///
/// On a real clock (`MonotonicClock`, the default) the loop is part of the process's main run loop — the one
/// iOS code knows as `RunLoop.main` — so one loop serves the main dispatch queue (and the main actor),
/// Foundation's timers and `perform` blocks, `OperationQueue.main` and Vitrine's own sources alike (see
/// MainRunLoopBridge.swift). One turn of the main run loop: Foundation timers, run-loop blocks and ready
/// descriptors (events), the main queue (queued work), then, before it sleeps: Vitrine's due timers, the
/// blocks queued with `perform(_:)`, and the end-of-turn observers (layout → display → composite → present).
/// Turning the main run loop by any means — `run()`, `RunLoop.main.run(until:)`, an XCTest wait — does all
/// of it.
///
/// On a `ManualClock` the loop is a deterministic harness for tests: it is not attached to the main run
/// loop, never sleeps, and does exactly what `runOnce` and `runUntilIdle` say:
/// 1. fire the timers that are due (in deadline order);
/// 2. run the blocks queued with `perform(_:)` before the turn started;
/// 3. run the end-of-turn observers;
/// 4. poll the file descriptors without waiting and dispatch the ready ones.
@MainActor
public final class EventLoop {
    /// The clock timers are measured against.
    public let clock: any LoopClock

    // The loop's lists are read on every turn and only ever by the loop's own methods on the main actor, none of
    // which holds an access across a call out: their dynamic exclusivity checks were a third of an idle turn.
    @exclusivity(unchecked) private var timers: [EventLoopTimer] = []
    /// `fireDueTimers`' list of due timers, kept empty between turns with its storage.
    @exclusivity(unchecked) private var dueScratch: [EventLoopTimer] = []
    @exclusivity(unchecked) private var pending: [@MainActor () -> Void] = []
    @exclusivity(unchecked) private var observers: [(id: Int, body: @MainActor () -> Void)] = []
    @exclusivity(unchecked) private var sources: [FileDescriptorSource] = []
    private var nextID = 0
    @exclusivity(unchecked) private var stopRequested = false
    /// Reused between turns so that an idle turn allocates nothing.
    @exclusivity(unchecked) private var pollSet: [pollfd] = []
    /// `clock.allowsWaiting`, asked once (every turn needs it).
    private let clockAllowsWaiting: Bool
    /// The main run loop's side of this loop; `nil` on a manual clock.
    private let bridge: MainRunLoopBridge?

    /// Creates a loop on `clock`. On a clock that lets the loop wait (real time), the loop joins the main
    /// run loop at once; create it on the main thread.
    public init(clock: any LoopClock = MonotonicClock()) {
        self.clock = clock
        clockAllowsWaiting = clock.allowsWaiting
        if clockAllowsWaiting {
            let bridge = MainRunLoopBridge()
            self.bridge = bridge
            bridge.attach(self)
        } else {
            bridge = nil
        }
    }

    /// Whether the loop is part of the process's main run loop (real clock) rather than a manual harness.
    public var isPartOfMainRunLoop: Bool { bridge != nil }

    /// Whether `async` main functions leave the main thread to the main run loop in this process, as on
    /// Apple platforms (Vitrine arranges it when the program loads; see main_run_loop.c).
    public static var mainThreadRunsMainRunLoop: Bool { MainRunLoopBridge.mainThreadRunsMainRunLoop }

    // MARK: Work

    /// Runs `block` on the loop at the start of the next turn.
    public func perform(_ block: @escaping @MainActor () -> Void) {
        pending.append(block)
        bridge?.wakeUp()
    }

    /// Whether blocks are waiting to run.
    public var hasPendingWork: Bool { !pending.isEmpty }

    /// Schedules `handler` to run `interval` seconds from now, and then every `repeating` seconds if given.
    @discardableResult
    public func schedule(after interval: Double, repeating: Double? = nil,
                         _ handler: @escaping @MainActor (EventLoopTimer) -> Void) -> EventLoopTimer {
        precondition(repeating.map { $0 > 0 } ?? true, "a repeating timer needs a positive interval")
        let timer = EventLoopTimer(deadline: clock.now + Swift.max(0, interval), interval: repeating, handler: handler)
        timers.append(timer)
        armWakeTimer()
        return timer
    }

    /// Schedules a one-shot timer that has fired or was invalidated to fire again `interval` seconds from now, with
    /// its handler (a timer made once and reused, as the frame timer is, allocates nothing per use).
    public func reschedule(_ timer: EventLoopTimer, after interval: Double) {
        precondition(timer.interval == nil, "only a one-shot timer is rescheduled")
        timer.deadline = clock.now + Swift.max(0, interval)
        timer.revive()
        if !timers.contains(where: { $0 === timer }) { timers.append(timer) }
        armWakeTimer()
    }

    /// Adds an observer that runs at the end of every turn, before the loop waits. Returns a token for
    /// `removeObserver(_:)`.
    @discardableResult
    public func addEndOfTurnObserver(_ body: @escaping @MainActor () -> Void) -> Int {
        nextID += 1
        observers.append((nextID, body))
        return nextID
    }

    /// Removes an observer added with `addEndOfTurnObserver(_:)`.
    public func removeObserver(_ token: Int) {
        observers.removeAll { $0.id == token }
    }

    /// Watches `fd` for readability; `handler` runs on the loop whenever data (or hang-up) is there.
    /// The loop does not own the descriptor: cancel the source before closing it.
    @discardableResult
    public func watchReadable(fd: Int32, _ handler: @escaping @MainActor () -> Void) -> FileDescriptorSource {
        precondition(fd >= 0, "watchReadable(fd:) needs an open file descriptor, got \(fd)")
        let source = FileDescriptorSource(fd: fd, handler: handler)
        if let bridge { source.watcher = DescriptorWatcher(fd: fd, bridge: bridge) }
        sources.append(source)
        return source
    }

    // MARK: Running

    /// Runs one turn, waiting at most `maximumWait` seconds for file descriptors or timers (`nil`: until
    /// something happens). On the main run loop this is one pass of it (returning once an event was handled);
    /// with a manual clock the loop never sleeps.
    public func runOnce(maximumWait: Double? = 0) {
        if let bridge {
            bridge.runOnce(waiting: maximumWait ?? 1.0e10, returnAfterSourceHandled: true)
            return
        }
        runTurn()
        waitAndDispatch(maximumWait: maximumWait)
    }

    /// Runs turns until `stop()` is called. On the main run loop: runs it (as `UIApplicationMain` does on
    /// iOS), sleeping whenever nothing is to be done.
    public func run() {
        stopRequested = false
        while !stopRequested { runOnce(maximumWait: nil) }
    }

    /// Makes `run()` return after the current turn.
    public func stop() {
        stopRequested = true
        bridge?.stop()
    }

    /// Whether `stop()` was called since `run()` began.
    public var isStopping: Bool { stopRequested }

    /// Runs turns, never sleeping, until no blocks are queued and no timer is due (for tests and tools that
    /// drive a headless loop). Gives up after `limit` turns, which only a block that re-queues itself forever
    /// reaches.
    public func runUntilIdle(limit: Int = 10_000) {
        var turns = 0
        repeat {
            runOnce(maximumWait: 0)
            turns += 1
        } while (hasPendingWork || nextTimerDeadline.map { $0 <= clock.now } == true) && turns < limit
    }

    /// Vitrine's part of a turn: due timers, queued blocks, end-of-turn observers.
    private func runTurn() {
        fireDueTimers()
        runPending()
        for observer in observers { observer.body() }
    }

    /// Called by the main run loop before it sleeps and when a run returns.
    func runTurnFromMainRunLoop() {
        runTurn()
        armWakeTimer()
        // Blocks queued by the observers themselves (a frame that schedules work) must not wait for an event.
        if hasPendingWork { bridge?.wakeUp() }
    }

    /// Called by the main run loop's input source: services every descriptor that is ready now.
    func dispatchReadyDescriptors() {
        waitAndDispatch(maximumWait: 0)
        for source in sources { source.watcher?.resume() }
    }

    private func armWakeTimer() {
        guard let bridge else { return }
        bridge.arm(secondsFromNow: nextTimerDeadline.map { $0 - clock.now })
    }

    /// The earliest deadline of a live timer.
    public var nextTimerDeadline: Double? {
        var best: Double?
        for t in timers where t.isValid {
            if best == nil || t.deadline < best! { best = t.deadline }
        }
        return best
    }

    private func fireDueTimers() {
        guard !timers.isEmpty else { return }
        let now = clock.now
        // Most turns nothing is due and nothing was invalidated: one look at each timer, no lists made.
        // (Loops, not `contains(where:)`: a main-actor closure handed to the standard library is checked for its
        // actor on every call, which cost more than the rest of an idle turn.)
        var anyDue = false, anyInvalid = false
        for t in timers {
            if !t.isValid { anyInvalid = true } else if t.deadline <= now { anyDue = true }
        }
        guard anyDue || anyInvalid else { return }
        if anyInvalid { timers.removeAll { !$0.isValid } }
        // (The list of due timers is kept from turn to turn: a frame timer fires every frame of an animation, and
        // making the list each time was an allocation per frame.)
        var due: [EventLoopTimer] = []
        swap(&due, &dueScratch)
        defer {
            due.removeAll(keepingCapacity: true)
            dueScratch = due
        }
        for timer in timers where timer.deadline <= now { due.append(timer) }
        due.sort { $0.deadline < $1.deadline }
        for timer in due where timer.isValid {
            if let interval = timer.interval {
                // Catch up without a burst: the next deadline is the first one after now.
                let missed = ((now - timer.deadline) / interval).rounded(.down)
                timer.deadline += (missed + 1) * interval
            } else {
                timer.invalidate()
            }
            timer.handler(timer)
        }
    }

    private func runPending() {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        for block in batch { block() }
    }

    /// Polls the descriptors (waiting up to `maximumWait`, or until the next timer) and dispatches the ready ones.
    // (No closures on this path, nor in `fireDueTimers`: a main-actor closure handed to the standard library — a
    // `map`, a `withUnsafeMutableBufferPointer` — checks its actor on every call, which cost more than the turn.)
    private func waitAndDispatch(maximumWait: Double?) {
        var anyInvalid = false
        for s in sources where !s.isValid { anyInvalid = true }
        if anyInvalid { sources.removeAll { !$0.isValid } }
        let timeoutMs = pollTimeoutMilliseconds(maximumWait: maximumWait)
        if sources.isEmpty {
            if timeoutMs > 0 { sleepMilliseconds(timeoutMs) }
            return
        }
        pollSet.removeAll(keepingCapacity: true)
        for s in sources { pollSet.append(pollfd(fd: s.fd, events: Int16(POLLIN), revents: 0)) }
        let count = nfds_t(pollSet.count)
        var ready: Int32
        repeat { ready = poll(&pollSet, count, timeoutMs) } while ready < 0 && errno == EINTR
        guard ready > 0 else { return }
        // Index by position: a handler may cancel or add sources while we dispatch.
        let snapshot = sources
        for (i, source) in snapshot.enumerated() where pollSet[i].revents != 0 && source.isValid {
            source.handler()
        }
    }

    /// How long a poll may wait: not at all with work queued, on a manual clock or when stopping; else until the next
    /// timer, at most `maximumWait` (`nil`: no limit, -1).
    private func pollTimeoutMilliseconds(maximumWait: Double?) -> Int32 {
        var timeout = maximumWait
        if hasPendingWork || !clockAllowsWaiting || stopRequested {
            timeout = 0
        } else if let deadline = nextTimerDeadline {
            let untilTimer = Swift.max(0, deadline - clock.now)
            if let limit = timeout { timeout = Swift.min(limit, untilTimer) } else { timeout = untilTimer }
        }
        guard let timeout else { return -1 }
        return Int32(Swift.min(timeout * 1000, Double(Int32.max)).rounded(.up))
    }

    private func sleepMilliseconds(_ ms: Int32) {
        var request = timespec(tv_sec: Int(ms / 1000), tv_nsec: Int(ms % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// A timer scheduled on an `EventLoop`.
@MainActor
public final class EventLoopTimer {
    /// When the timer fires next, in the loop clock's seconds.
    // (Both unchecked: read by the loop every turn, and never written during a read.)
    @exclusivity(unchecked) public internal(set) var deadline: Double
    /// The repeat interval, or `nil` for a one-shot timer.
    public let interval: Double?
    let handler: @MainActor (EventLoopTimer) -> Void
    @exclusivity(unchecked) public private(set) var isValid = true

    init(deadline: Double, interval: Double?, handler: @escaping @MainActor (EventLoopTimer) -> Void) {
        self.deadline = deadline
        self.interval = interval
        self.handler = handler
    }

    /// Stops the timer; it will not fire again (unless rescheduled).
    public func invalidate() { isValid = false }

    func revive() { isValid = true }
}

/// A file descriptor watched by an `EventLoop`.
@MainActor
public final class FileDescriptorSource {
    public let fd: Int32
    let handler: @MainActor () -> Void
    public private(set) var isValid = true
    /// Wakes the main run loop when the descriptor is readable (loops on a real clock).
    var watcher: DescriptorWatcher?

    init(fd: Int32, handler: @escaping @MainActor () -> Void) {
        self.fd = fd
        self.handler = handler
    }

    /// Stops watching the descriptor (it is not closed).
    public func cancel() {
        isValid = false
        watcher?.cancel()
        watcher = nil
    }
}
