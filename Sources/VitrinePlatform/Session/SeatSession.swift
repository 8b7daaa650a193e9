import CSeat
import Glibc
import Logging

/// POLLRDHUP (the peer closed its end), 0x2000 on Linux: glibc declares it only under _GNU_SOURCE.
private let pollReadHangUp: Int16 = 0x2000

/// Devices through a seat manager (seatd, or logind), via libseat: the app opens the DRM card without root, and
/// the seat manager switches VTs, telling the app when the seat is disabled (switched away: stop using the
/// devices, then acknowledge) and enabled again.
@MainActor
public final class SeatSession {
    /// The seat's name (`seat0`).
    public let name: String
    /// Called when the seat is disabled (before the acknowledgement) and when it is enabled again.
    public var onDisable: (@MainActor () -> Void)?
    public var onEnable: (@MainActor () -> Void)?
    /// Called once if the seat manager goes away (the connection to it is lost): the devices are gone for good.
    public var onLost: (@MainActor (String) -> Void)?
    public private(set) var isEnabled = false

    /// What libseat's C callbacks reach: created before the seat (libseat takes its userdata at open), pointing
    /// back at the session once it exists.
    private final class Relay {
        weak var session: SeatSession?
    }

    private let seat: OpaquePointer
    private let relay: Relay
    // libseat keeps a pointer to the listener: it lives as long as the seat.
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    private var source: FileDescriptorSource?
    private var devices: [Int32: Int32] = [:] // fd -> libseat device id
    private let log: Logger

    /// Opens the seat and waits (at most `timeout` seconds) until the seat manager enables it.
    public init(loop: EventLoop, logger: Logger, timeout: Double = 5) throws {
        log = logger
        let relay = Relay()
        self.relay = relay
        listener = .allocate(capacity: 1)
        listener.initialize(to: libseat_seat_listener(
            enable_seat: { _, userData in
                guard let userData else { return }
                let relay = Unmanaged<Relay>.fromOpaque(userData).takeUnretainedValue()
                MainActor.assumeIsolated { relay.session?.seatEnabled() }
            },
            disable_seat: { _, userData in
                guard let userData else { return }
                let relay = Unmanaged<Relay>.fromOpaque(userData).takeUnretainedValue()
                MainActor.assumeIsolated { relay.session?.seatDisabled() }
            }))
        guard let opened = libseat_open_seat(listener, Unmanaged.passUnretained(relay).toOpaque()) else {
            let code = errno
            listener.deinitialize(count: 1)
            listener.deallocate()
            throw DisplayError.call("libseat_open_seat (is a seat manager running? start seatd, or log in through logind)",
                                    errno: code)
        }
        seat = opened
        name = libseat_seat_name(opened).map { String(cString: $0) } ?? "seat"
        relay.session = self
        // The first enable arrives through dispatch; wait for it (libseat's dispatch takes milliseconds).
        var waited = 0
        while !isEnabled && waited < Int(timeout * 1000) {
            if libseat_dispatch(seat, 100) < 0 { break }
            waited += 100
        }
        // (Every stored property is set: a throw from here runs deinit, which closes the seat.)
        guard isEnabled else {
            throw DisplayError("seat \(name) was not enabled within \(timeout) s (another session holds it?)")
        }
        source = loop.watchReadable(fd: libseat_get_fd(seat)) { [weak self] in
            guard let self else { return }
            let failed = libseat_dispatch(self.seat, 0) < 0
            // libseat reads end-of-file from a dead seat manager as "nothing to do"; the socket's hang-up says it.
            var check = pollfd(fd: libseat_get_fd(self.seat), events: Int16(POLLIN) | pollReadHangUp, revents: 0)
            let hungUp = poll(&check, 1, 0) > 0 && check.revents & (Int16(POLLHUP) | pollReadHangUp | Int16(POLLERR)) != 0
            if failed || hungUp {
                let reason = failed ? "the seat manager went away (libseat_dispatch: \(String(cString: strerror(errno))))"
                                    : "the seat manager went away (its connection hung up)"
                self.source?.cancel()
                self.source = nil
                self.log.error("\(reason)")
                self.onLost?(reason)
            }
        }
        log.info("session: libseat, seat \(name)")
    }

    isolated deinit {
        source?.cancel()
        for (_, id) in devices { libseat_close_device(seat, id) }
        libseat_close_seat(seat)
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    /// Opens a device node through the seat manager; returns its file descriptor (owned by the session: close it
    /// with `closeDevice`).
    public func openDevice(_ path: String) throws -> Int32 {
        var fd: Int32 = -1
        let id = libseat_open_device(seat, path, &fd)
        guard id >= 0, fd >= 0 else { throw DisplayError.call("libseat_open_device(\(path))", errno: errno, path: path) }
        devices[fd] = id
        return fd
    }

    /// Closes a device opened with `openDevice`.
    public func closeDevice(_ fd: Int32) {
        guard let id = devices.removeValue(forKey: fd) else { return }
        libseat_close_device(seat, id)
        close(fd)
    }

    private func seatEnabled() {
        isEnabled = true
        log.info("seat \(name) enabled")
        onEnable?()
    }

    private func seatDisabled() {
        isEnabled = false
        log.info("seat \(name) disabled")
        onDisable?()
        libseat_disable_seat(seat)
    }

    /// Whether a seat manager looks reachable: seatd's socket, or a logind session.
    public static var managerAvailable: Bool {
        if let backend = getenv("LIBSEAT_BACKEND").map({ String(cString: $0) }), !backend.isEmpty { return true }
        if access("/run/seatd.sock", F_OK) == 0 { return true }
        return getenv("XDG_SESSION_ID") != nil && access("/run/systemd/seats", F_OK) == 0
    }
}
