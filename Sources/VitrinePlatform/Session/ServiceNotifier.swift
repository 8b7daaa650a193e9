import Foundation
import Glibc

/// systemd's service notification protocol (`sd_notify(3)`), spoken without libsystemd: one datagram of
/// `KEY=VALUE` lines to the socket `NOTIFY_SOCKET` names (a path, or `@name` in the abstract namespace).
///
/// A Vitrine app under a `Type=notify` unit says `READY=1` after its first frame is on screen and `WATCHDOG=1`
/// at half the unit's `WatchdogSec` from its main run loop, so a hung main thread is killed and restarted.
public final class ServiceNotifier {
    private let fd: Int32
    private var address = sockaddr_un()
    private let addressLength: socklen_t
    /// How often the watchdog wants to hear from the app (`WATCHDOG_USEC`), when it is on for this process.
    public let watchdogInterval: Double?

    /// The notifier the environment describes, or `nil` when the app was not started by systemd with
    /// `NOTIFY_SOCKET` (or the socket cannot be used).
    public init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty,
              path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 } // abstract namespace: a leading NUL
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        // The watchdog is for the main process (`WATCHDOG_PID`); a supervisor such as fbrun is that process and
        // the app its child, which pings on its behalf (the unit says `NotifyAccess=all`).
        let pid = environment["WATCHDOG_PID"].flatMap { pid_t($0) }
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0,
           pid == nil || pid == getpid() || pid == getppid() {
            watchdogInterval = usec / 1_000_000
        } else {
            watchdogInterval = nil
        }
    }

    deinit { close(fd) }

    /// Sends `state` (`READY=1`, `WATCHDOG=1`, `STATUS=...`, several separated by newlines). Returns whether it
    /// was sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        let bytes = Array(state.utf8)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL), sa, addressLength) == bytes.count
            }
        }
    }
}
