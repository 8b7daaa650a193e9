// The memory pressure monitor: where it looks, what it refuses, and arming a real PSI trigger where the kernel
// has PSI on (firing it needs memory actually short: the virtual board's check does that in a cgroup).
import Foundation
import Testing
import VitrinePlatform

@Suite struct MemoryPressureTests {
    /// A file of `text` in a fresh temporary folder.
    func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "vitrine-cgroup-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func theProcesssOwnCgroupIsWatchedWhenItHasAPressureFile() throws {
        let mount = NSTemporaryDirectory() + "vitrine-cgroupfs-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: mount) }
        try FileManager.default.createDirectory(atPath: mount + "/system.slice/kiosk.service", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: mount + "/system.slice/kiosk.service/memory.pressure", contents: Data())
        let v2 = try file("0::/system.slice/kiosk.service\n")
        #expect(MemoryPressureMonitor.defaultPath(cgroupFile: v2, mounts: [mount]) == mount + "/system.slice/kiosk.service/memory.pressure")
        // The root group, a group without the file, cgroup v1 only, no /proc: the system's file.
        #expect(MemoryPressureMonitor.defaultPath(cgroupFile: try file("0::/\n"), mounts: [mount]) == "/proc/pressure/memory")
        #expect(MemoryPressureMonitor.defaultPath(cgroupFile: try file("0::/other\n"), mounts: [mount]) == "/proc/pressure/memory")
        #expect(MemoryPressureMonitor.defaultPath(cgroupFile: try file("4:memory:/x\n"), mounts: [mount]) == "/proc/pressure/memory")
        #expect(MemoryPressureMonitor.defaultPath(cgroupFile: "/nonexistent", mounts: [mount]) == "/proc/pressure/memory")
    }

    @Test(arguments: ["", "some", "some 1 2 3", "most 100 2000000", "some -1 2000000", "full 3000000 2000000", "some x 2000000"])
    func malformedTriggersAreRefusedByName(_ trigger: String) {
        #expect {
            _ = try MemoryPressureMonitor(path: "/proc/pressure/memory", trigger: trigger) {}
        } throws: { error in
            guard case MemoryPressureMonitor.Failure.badTrigger(let t) = error else { return false }
            return t == trigger && "\(error)".contains("some|full STALL_US WINDOW_US")
        }
    }

    @Test func aMissingPressureFileIsAClearError() {
        #expect {
            _ = try MemoryPressureMonitor(path: "/nonexistent/memory.pressure") {}
        } throws: { error in
            guard case MemoryPressureMonitor.Failure.unavailable(let path, let reason) = error else { return false }
            return path == "/nonexistent/memory.pressure" && reason.contains("No such file")
        }
    }

    /// Where the kernel has PSI on and lets this process arm triggers: the trigger is armed, and stopping closes it.
    @Test(.enabled(if: MemoryPressureTests.psiWritable)) func aRealTriggerArmsAndStops() throws {
        #expect(Self.openPressureFiles() == 0)
        let monitor = try MemoryPressureMonitor(path: "/proc/pressure/memory") {}
        #expect(monitor.path == "/proc/pressure/memory")
        #expect(Self.openPressureFiles() == 1)
        monitor.stop()
        // The thread closes the file as it leaves.
        var left = Self.openPressureFiles()
        for _ in 0..<100 where left != 0 { usleep(10_000); left = Self.openPressureFiles() }
        #expect(left == 0)
    }

    static var psiWritable: Bool { access("/proc/pressure/memory", R_OK | W_OK) == 0 }
    /// How many of this process's descriptors are open on /proc/pressure/memory.
    static func openPressureFiles() -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == "/proc/pressure/memory" }.count
    }
}
