// Allocation counts for benchmark frames, through ordo-one's malloc interposer (the counter package-benchmark
// uses). The interposer only sees allocations when its library is preloaded, so a benchmark that counts calls
// `AllocationCounter.preloadOrReexec()` first: it starts the program again with LD_PRELOAD set when it is not.
import Foundation
import Glibc
import MallocInterposerSwift

@MainActor
public enum AllocationCounter {
    /// Whether the interposer is in the process (allocations are counted).
    public private(set) static var isActive = false

    /// Makes sure the interposer is preloaded: if it is not, runs this program again with it (never returns
    /// then); if its library cannot be found, goes on without counts.
    public static func preloadOrReexec() {
        let env = ProcessInfo.processInfo.environment
        if env["LD_PRELOAD"]?.contains("libMallocInterposerSwift") == true {
            MallocInterposerSwift.initialize()
            isActive = true
            return
        }
        guard env["VITRINE_BENCH_NO_PRELOAD"] == nil else { return }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let library = exe.deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so").path
        guard FileManager.default.fileExists(atPath: library) else { return }
        setenv("LD_PRELOAD", library, 1)
        let args = CommandLine.arguments.map { strdup($0) } + [nil]
        execv(exe.path, args)
        // exec failed: carry on uncounted.
        unsetenv("LD_PRELOAD")
    }

    /// The number of allocations `body` makes (0 when counting is not active).
    public static func count(_ body: () -> Void) -> Int {
        guard isActive else { body(); return 0 }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount
    }
}
