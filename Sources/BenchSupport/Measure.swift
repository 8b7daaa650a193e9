// What the benchmark executables share: timing medians and resident memory.
import Foundation
import VitrinePlatform

/// Runs `body` `runs` times and returns the median wall time in milliseconds (monotonic clock).
@MainActor
public func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
    let clock = MonotonicClock()
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let start = clock.now
        body()
        samples.append((clock.now - start) * 1000)
    }
    return median(samples)
}

/// The median of `samples` (the upper one of the middle two for an even count).
public func median(_ samples: [Double]) -> Double {
    precondition(!samples.isEmpty, "median of no samples")
    return samples.sorted()[samples.count / 2]
}

/// Resident set size of this process in KiB, from /proc/self/statm; -1 if it cannot be read.
public func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return -1 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return -1 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// The median and the 99th percentile of `samples` (zeros when there are none).
public func medianAndP99(_ samples: [Double]) -> (median: Double, p99: Double) {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return (0, 0) }
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))])
}
