import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells the app when the kernel finds memory short, through pressure stall information (PSI, the kernel's
/// Documentation/accounting/psi.rst): a trigger on a pressure file fires when tasks stalled waiting for memory
/// for longer than a threshold within a window. UIKit turns that into a memory warning.
///
/// The file watched is the process's own cgroup's `memory.pressure` (cgroup v2) when it has one — so a systemd
/// unit's `MemoryHigh=` counts, and a kiosk app is warned before its own limit, not only when the whole board is
/// short — else the system's `/proc/pressure/memory`. Debian's kernels build PSI but leave it off until booted
/// with `psi=1`; without it `init` throws `Failure.unavailable`.
///
/// A thread of its own waits in `poll(2)` for the trigger's `POLLPRI` (the event is consumed by the poll that
/// sees it, so it cannot share the main loop's epoll) and hands each event to the main queue.
public final class MemoryPressureMonitor: @unchecked Sendable {
    /// Why a monitor could not start.
    public enum Failure: Error, CustomStringConvertible {
        /// The trigger is not "some|full STALL_US WINDOW_US".
        case badTrigger(String)
        /// The pressure file could not be opened or armed (PSI off, an old kernel, no permission).
        case unavailable(path: String, reason: String)

        public var description: String {
            switch self {
            case .badTrigger(let t): return "memory pressure trigger \"\(t)\" is not \"some|full STALL_US WINDOW_US\""
            case .unavailable(let path, let reason): return "memory pressure unavailable at \(path): \(reason)"
            }
        }
    }

    /// The default trigger: some task stalled on memory for 150 ms within 2 s (2 s is the shortest window the
    /// kernel allows a process without CAP_SYS_RESOURCE).
    public static let defaultTrigger = "some 150000 2000000"

    /// The pressure file watched.
    public let path: String
    private let fd: Int32
    private let wake: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var stopped = false

    /// The pressure file for this process: its cgroup's (cgroup v2) if there is one, else the system's.
    public static func defaultPath(cgroupFile: String = "/proc/self/cgroup", mounts: [String] = ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"]) -> String {
        if let text = try? String(contentsOfFile: cgroupFile, encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("0::") }) {
            let group = String(line.dropFirst(3))
            // The root group has no memory.pressure of its own: /proc/pressure/memory is its figure.
            if group != "/" {
                for mount in mounts where access(mount + group + "/memory.pressure", R_OK | W_OK) == 0 {
                    return mount + group + "/memory.pressure"
                }
            }
        }
        return "/proc/pressure/memory"
    }

    /// Arms `trigger` on the pressure file at `path`; `handler` runs on the main queue each time it fires.
    public init(path: String = MemoryPressureMonitor.defaultPath(), trigger: String = MemoryPressureMonitor.defaultTrigger,
                handler: @escaping @MainActor @Sendable () -> Void) throws {
        let parts = trigger.split(separator: " ")
        guard parts.count == 3, parts[0] == "some" || parts[0] == "full", let stall = UInt64(parts[1]), let window = UInt64(parts[2]),
              stall > 0, stall <= window else { throw Failure.badTrigger(trigger) }
        self.path = path
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure.unavailable(path: path, reason: String(cString: strerror(errno))) }
        // The trigger is armed by writing it, with its terminating NUL, to the open file.
        let armed = trigger.withCString { write(fd, $0, strlen($0) + 1) }
        guard armed > 0 else {
            let reason = errno == EOPNOTSUPP ? "PSI is off (boot the kernel with psi=1)" : String(cString: strerror(errno))
            close(fd)
            throw Failure.unavailable(path: path, reason: reason)
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(fd)
            throw Failure.unavailable(path: path, reason: "pipe: \(String(cString: strerror(errno)))")
        }
        // (Close-on-exec, as the file is: a child the app starts inherits neither.)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        self.fd = fd
        wake = (ends[0], ends[1])
        let thread = Thread { [fd, wake] in Self.watch(fd: fd, wake: wake.read, handler: handler) }
        thread.name = "vitrine.memory-pressure"
        thread.stackSize = 64 << 10
        thread.start()
    }

    /// Waits for trigger events until `stop()` writes to the wake pipe or the file reports an error (its
    /// cgroup removed).
    private static func watch(fd: Int32, wake: Int32, handler: @escaping @MainActor @Sendable () -> Void) {
        var fds = [pollfd(fd: fd, events: Int16(POLLPRI), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0; fds[1].revents = 0
            let n = poll(&fds, 2, -1)
            if n < 0 { if errno == EINTR { continue } else { break } }
            if fds[1].revents != 0 { break }
            if fds[0].revents & Int16(POLLERR | POLLNVAL) != 0 { break }
            if fds[0].revents & Int16(POLLPRI) != 0 { DispatchQueue.main.async(execute: handler) }
        }
        close(wake)
        close(fd)
    }

    /// Stops watching (the thread closes the file). Idempotent.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        close(wake.write)
    }

    deinit { stop() }
}
