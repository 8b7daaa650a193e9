import CVitrineShims
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Figures about this process that Vitrine logs for startup and memory budgets.
public enum ProcessFigures {
    /// Fixes glibc's mmap threshold at its default (128 KiB), for a process that runs for months: glibc otherwise
    /// raises the threshold each time a mapped block is freed (up to 32 MiB), after which backing stores and images
    /// come from the heap, and freed ones stay resident there between smaller live blocks. With the threshold fixed,
    /// blocks that big are always mapped and go back to the kernel when freed (the showcase's tour: 80 MiB resident
    /// after, 76 with it; the heap 29 MiB, 11 with it). `MALLOC_MMAP_THRESHOLD_` in the environment still wins.
    public static func keepLargeBlocksMapped() {
        guard ProcessInfo.processInfo.environment["MALLOC_MMAP_THRESHOLD_"] == nil else { return }
        _ = vitrine_set_mmap_threshold(128 * 1024)
    }

    /// Gives the free pages inside the heap back to the kernel (glibc's `malloc_trim`): the app calls it when it
    /// has gone quiet after a change of screen, so what that screen freed does not stay resident for months.
    public static func releaseFreeHeap() {
        _ = vitrine_release_free_heap()
    }

    /// Milliseconds since the kernel started this process (its `starttime` in /proc/self/stat, in clock ticks
    /// since boot, against CLOCK_BOOTTIME): so the time to the first frame includes loading the program and its
    /// libraries, not only `main`. Good to a clock tick (10 ms on Debian's kernels); nil if /proc is unreadable.
    public static func millisecondsSinceStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3; starttime is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hz = Double(sysconf(Int32(_SC_CLK_TCK)))
        var now = timespec()
        guard hz > 0, clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
        let nowMs = Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
        return nowMs - ticks / hz * 1000
    }

    /// "first frame on screen, 123 ms after the process started" (or without the figure if it is unknown).
    public static func firstFrameMessage() -> String {
        guard let ms = millisecondsSinceStart() else { return "first frame on screen" }
        return String(format: "first frame on screen, %.0f ms after the process started", ms)
    }
}
