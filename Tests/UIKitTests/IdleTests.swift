// An idle app sleeps: the main run loop waits in the kernel with nothing to do, using no CPU.
import Foundation
import XCTest

final class IdleAppTests: XCTestCase {
    /// Runs the example app (no exit flag: it idles after its first frame) and measures the CPU time it uses
    /// over 5 seconds, after a second for launching.
    func testAnIdleAppUsesNoCPU() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hello-views")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return XCTFail("\(binary.path) is missing: build every product first (`swift build --build-tests`)")
        }
        let app = Process()
        app.executableURL = binary
        app.arguments = ["--vitrine-screen", "320x200@1"]
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        defer { app.terminate(); app.waitUntilExit() }
        Thread.sleep(forTimeInterval: 1)
        let before = try cpuSeconds(of: app.processIdentifier)
        Thread.sleep(forTimeInterval: 5)
        let after = try cpuSeconds(of: app.processIdentifier)
        XCTAssertTrue(app.isRunning, "the app ended instead of idling")
        // Clock ticks are 10 ms: a loop that polled every 100 ms would use several; a sleeping one uses none.
        XCTAssertLessThanOrEqual(after - before, 0.02, "CPU seconds used by an idle app over 5 s")
    }

    /// User + system CPU time of a process, from /proc/PID/stat (fields 14 and 15, in clock ticks).
    private func cpuSeconds(of pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name (field 2) may hold spaces; fields after it follow the closing parenthesis.
        guard let close = stat.lastIndex(of: ")") else { throw CocoaError(.fileReadCorruptFile) }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state): utime is field 14, stime field 15.
        let ticks = Double(fields[11])! + Double(fields[12])!
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
