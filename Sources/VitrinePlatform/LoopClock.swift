import Glibc

/// A monotonic time source in seconds. The event loop, timers, animations and gesture time-outs all read time
/// through one of these, so tests can drive time by hand.
@MainActor
public protocol LoopClock: AnyObject {
    /// Seconds since an arbitrary, fixed origin; never goes backwards.
    var now: Double { get }
    /// Whether the loop may block waiting for time to pass. A manual clock never lets the loop sleep: time
    /// moves only when the test says so.
    var allowsWaiting: Bool { get }
}

/// The kernel's `CLOCK_MONOTONIC`, the clock libinput event times and DRM page-flip events also use.
@MainActor
public final class MonotonicClock: LoopClock {
    public init() {}

    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public var allowsWaiting: Bool { true }

    /// `CLOCK_MONOTONIC` now, in microseconds (the unit of input event times).
    public nonisolated static var microsecondsNow: UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000
    }
}

/// A clock that moves only when told to: deterministic time for tests and headless tools.
@MainActor
public final class ManualClock: LoopClock {
    /// (Unchecked: read every turn, written only by `advance(by:)`, never during a read.)
    @exclusivity(unchecked) public private(set) var now: Double

    public init(now: Double = 0) { self.now = now }

    /// Moves time forward by `seconds` (negative values are a programmer error: monotonic time never goes back).
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "ManualClock.advance(by:) takes a non-negative interval, got \(seconds)")
        now += seconds
    }

    public var allowsWaiting: Bool { false }
}
