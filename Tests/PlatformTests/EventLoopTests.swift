import Glibc
import Testing
import VitrinePlatform

@MainActor @Suite struct EventLoopTests {
    @Test func timersFireInDeadlineOrderWhenTheManualClockReachesThem() {
        let clock = ManualClock()
        let loop = EventLoop(clock: clock)
        var fired: [String] = []
        loop.schedule(after: 0.2) { _ in fired.append("b") }
        loop.schedule(after: 0.1) { _ in fired.append("a") }
        loop.runOnce()
        #expect(fired.isEmpty)
        clock.advance(by: 0.15)
        loop.runOnce()
        #expect(fired == ["a"])
        clock.advance(by: 0.1)
        loop.runOnce()
        #expect(fired == ["a", "b"])
        loop.runOnce()
        #expect(fired == ["a", "b"]) // one-shot
    }

    @Test func aOneShotTimerIsRescheduledAfterFiringOrInvalidation() {
        let clock = ManualClock()
        let loop = EventLoop(clock: clock)
        var fired = 0
        let timer = loop.schedule(after: 0.1) { _ in fired += 1 }
        clock.advance(by: 0.1)
        loop.runOnce()
        #expect(fired == 1 && !timer.isValid)
        loop.reschedule(timer, after: 0.05)
        #expect(timer.isValid)
        clock.advance(by: 0.04)
        loop.runOnce()
        #expect(fired == 1, "not yet")
        clock.advance(by: 0.01)
        loop.runOnce()
        #expect(fired == 2)
        // Invalidated before it fires, then rescheduled: it fires once, at the new time.
        loop.reschedule(timer, after: 0.1)
        timer.invalidate()
        loop.reschedule(timer, after: 0.2)
        clock.advance(by: 0.15)
        loop.runOnce()
        #expect(fired == 2)
        clock.advance(by: 0.05)
        loop.runOnce()
        loop.runOnce()
        #expect(fired == 3)
    }

    @Test func repeatingTimersCatchUpWithoutABurstAndCanBeInvalidated() {
        let clock = ManualClock()
        let loop = EventLoop(clock: clock)
        var count = 0
        let timer = loop.schedule(after: 1, repeating: 1) { _ in count += 1 }
        clock.advance(by: 3.5) // three deadlines passed: fires once, next at 4
        loop.runOnce()
        #expect(count == 1)
        #expect(timer.deadline == 4)
        clock.advance(by: 0.5)
        loop.runOnce()
        #expect(count == 2)
        timer.invalidate()
        clock.advance(by: 5)
        loop.runOnce()
        #expect(count == 2)
        #expect(loop.nextTimerDeadline == nil)
    }

    @Test func performRunsNextTurnAndObserversRunAfterTheWork() {
        let loop = EventLoop(clock: ManualClock())
        var log: [String] = []
        loop.addEndOfTurnObserver { log.append("observer") }
        loop.perform {
            log.append("block")
            loop.perform { log.append("queued by block") } // runs in the following turn
        }
        loop.runOnce()
        #expect(log == ["block", "observer"])
        loop.runOnce()
        #expect(log == ["block", "observer", "queued by block", "observer"])
    }

    @Test func runUntilIdleDrainsWorkAndDueTimers() {
        let clock = ManualClock()
        let loop = EventLoop(clock: clock)
        var n = 0, timerFired = false
        func chain() { n += 1; if n < 5 { loop.perform(chain) } }
        loop.perform(chain)
        loop.schedule(after: 0) { _ in timerFired = true }
        loop.runUntilIdle()
        #expect(n == 5)
        #expect(timerFired)
        #expect(!loop.hasPendingWork)
    }

    @Test func fileDescriptorSourcesDispatchWhenReadableAndStopWhenCancelled() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let loop = EventLoop(clock: ManualClock())
        var reads = 0
        let source = loop.watchReadable(fd: fds[0]) {
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            reads += 1
        }
        loop.runOnce()
        #expect(reads == 0)
        var one: UInt8 = 1
        #expect(write(fds[1], &one, 1) == 1)
        loop.runOnce()
        #expect(reads == 1)
        source.cancel()
        #expect(write(fds[1], &one, 1) == 1)
        loop.runOnce()
        #expect(reads == 1)
    }

    @Test func runReturnsAfterStopAndTheMonotonicClockWaitsForRealTime() {
        let clock = MonotonicClock()
        let loop = EventLoop(clock: clock)
        let start = clock.now
        loop.schedule(after: 0.02) { _ in loop.stop() }
        loop.run()
        #expect(clock.now - start >= 0.019)
    }

    @Test func onTheRealClockDescriptorsAndTimersAreServedByTheMainRunLoop() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let loop = EventLoop(clock: MonotonicClock())
        #expect(loop.isPartOfMainRunLoop)
        var log: [String] = []
        let source = loop.watchReadable(fd: fds[0]) {
            var byte: UInt8 = 0
            _ = read(fds[0], &byte, 1)
            log.append("read \(byte)")
        }
        loop.addEndOfTurnObserver { if log.last != "turn" { log.append("turn") } }
        var one: UInt8 = 1
        #expect(write(fds[1], &one, 1) == 1)
        // The watcher thread wakes the main run loop; the descriptor is serviced, then the turn ends.
        let deadline = loop.clock.now + 5
        while !log.contains("read 1") && loop.clock.now < deadline { loop.runOnce(maximumWait: 0.5) }
        // (Turns may end before the byte arrives; the one that serviced it ends after it.)
        let readAt = try #require(log.firstIndex(of: "read 1"))
        #expect(log.dropFirst(readAt).prefix(2) == ["read 1", "turn"])
        // A level-triggered descriptor with nothing left to read is not reported again.
        log = []
        loop.runOnce(maximumWait: 0.05)
        #expect(!log.contains { $0.hasPrefix("read") })
        source.cancel()
        #expect(write(fds[1], &one, 1) == 1)
        loop.runOnce(maximumWait: 0.05)
        #expect(!log.contains { $0.hasPrefix("read") })

        // Vitrine timers wake the run loop at their deadline.
        let start = loop.clock.now
        var firedAt: Double?
        loop.schedule(after: 0.03) { _ in firedAt = loop.clock.now; loop.stop() }
        loop.run()
        let at = try #require(firedAt)
        #expect(at - start >= 0.029)
    }

    @Test func blocksQueuedByEndOfTurnWorkRunWithoutWaitingForAnEvent() {
        let loop = EventLoop(clock: MonotonicClock())
        var turns = 0
        var ranLater = false
        loop.addEndOfTurnObserver {
            turns += 1
            if turns == 1 { loop.perform { ranLater = true; loop.stop() } }
        }
        loop.perform {} // something to start the first turn
        let start = loop.clock.now
        loop.schedule(after: 5) { _ in loop.stop() } // a safety net, never reached when this works
        loop.run()
        #expect(ranLater)
        #expect(loop.clock.now - start < 2)
    }
}
