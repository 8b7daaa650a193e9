import Glibc

/// The one event loop of a Vitrine process, on the main thread: timers, one-shot blocks, file-descriptor
/// sources (the DRM and libinput fds, the app's own), and observers that run at the end of every turn,
/// before the loop waits (where UIKit does its layout pass and frame work, as Core Animation commits its
/// transaction before the main run loop sleeps).
///
/// One turn:
/// 1. fire the timers that are due (in deadline order);
/// 2. run the blocks queued with `perform(_:)` before the turn started;
/// 3. run the end-of-turn observers;
/// 4. wait (poll) for file descriptors until the next timer, the caller's limit, or at once when work is
///    pending or the clock is manual;
/// 5. dispatch the file descriptors that became ready.
@MainActor
public final class EventLoop {
    /// The clock timers are measured against.
    public let clock: any LoopClock

    private var timers: [EventLoopTimer] = []
    private var pending: [@MainActor () -> Void] = []
    private var observers: [(id: Int, body: @MainActor () -> Void)] = []
    private var sources: [FileDescriptorSource] = []
    private var nextID = 0
    private var stopRequested = false
    /// Reused between turns so that an idle turn allocates nothing.
    private var pollSet: [pollfd] = []

    public init(clock: any LoopClock = MonotonicClock()) {
        self.clock = clock
    }

    // MARK: Work

    /// Runs `block` on the loop at the start of the next turn.
    public func perform(_ block: @escaping @MainActor () -> Void) {
        pending.append(block)
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
        return timer
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
        sources.append(source)
        return source
    }

    // MARK: Running

    /// Runs one turn, waiting at most `maximumWait` seconds for file descriptors or timers (`nil`: until
    /// something happens). With a manual clock the loop never sleeps.
    public func runOnce(maximumWait: Double? = 0) {
        fireDueTimers()
        runPending()
        for observer in observers { observer.body() }
        waitAndDispatch(maximumWait: maximumWait)
    }

    /// Runs turns until `stop()` is called.
    public func run() {
        stopRequested = false
        while !stopRequested {
            runOnce(maximumWait: nil)
        }
    }

    /// Makes `run()` return after the current turn.
    public func stop() { stopRequested = true }

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
        timers.removeAll { !$0.isValid }
        let now = clock.now
        let due = timers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
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

    private func waitAndDispatch(maximumWait: Double?) {
        sources.removeAll { !$0.isValid }
        var timeout: Double? = maximumWait
        if hasPendingWork || !clock.allowsWaiting || stopRequested {
            timeout = 0
        } else if let deadline = nextTimerDeadline {
            let untilTimer = Swift.max(0, deadline - clock.now)
            timeout = timeout.map { Swift.min($0, untilTimer) } ?? untilTimer
        }
        let timeoutMs: Int32 = timeout.map { Int32(Swift.min($0 * 1000, Double(Int32.max)).rounded(.up)) } ?? -1

        if sources.isEmpty {
            if timeoutMs > 0 { sleepMilliseconds(timeoutMs) }
            return
        }
        pollSet.removeAll(keepingCapacity: true)
        for s in sources { pollSet.append(pollfd(fd: s.fd, events: Int16(POLLIN), revents: 0)) }
        let ready = pollSet.withUnsafeMutableBufferPointer { buf -> Int32 in
            var r: Int32
            repeat { r = poll(buf.baseAddress, nfds_t(buf.count), timeoutMs) } while r < 0 && errno == EINTR
            return r
        }
        guard ready > 0 else { return }
        // Index by position: a handler may cancel or add sources while we dispatch.
        let snapshot = sources
        for (i, source) in snapshot.enumerated() where pollSet[i].revents != 0 && source.isValid {
            source.handler()
        }
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
    public internal(set) var deadline: Double
    /// The repeat interval, or `nil` for a one-shot timer.
    public let interval: Double?
    let handler: @MainActor (EventLoopTimer) -> Void
    public private(set) var isValid = true

    init(deadline: Double, interval: Double?, handler: @escaping @MainActor (EventLoopTimer) -> Void) {
        self.deadline = deadline
        self.interval = interval
        self.handler = handler
    }

    /// Stops the timer; it will not fire again.
    public func invalidate() { isValid = false }
}

/// A file descriptor watched by an `EventLoop`.
@MainActor
public final class FileDescriptorSource {
    public let fd: Int32
    let handler: @MainActor () -> Void
    public private(set) var isValid = true

    init(fd: Int32, handler: @escaping @MainActor () -> Void) {
        self.fd = fd
        self.handler = handler
    }

    /// Stops watching the descriptor (it is not closed).
    public func cancel() { isValid = false }
}
