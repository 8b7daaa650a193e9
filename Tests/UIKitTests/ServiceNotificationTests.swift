// systemd's notify protocol: datagrams to NOTIFY_SOCKET, a path or an abstract name, and the watchdog interval;
// an app says READY=1 after its first frame and pings the watchdog from its run loop.
import Foundation
import Glibc
import Testing
@testable import UIKit
import VitrinePlatform

/// A datagram socket standing in for systemd's notify socket.
final class NotifySocket {
    let fd: Int32
    let name: String

    /// `abstract`: in the abstract namespace (`@name`), as systemd's own is.
    init(abstract: Bool) {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let id = "vitrine-notify-\(UUID().uuidString.prefix(8))"
        name = abstract ? "@" + id : NSTemporaryDirectory() + id
        var bytes = Array(name.utf8)
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
    }

    /// Every message waiting, oldest first.
    func messages() -> [String] {
        var out: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard n > 0 else { return out }
            out.append(String(decoding: buffer[0..<n], as: UTF8.self))
        }
    }

    deinit {
        close(fd)
        if !name.hasPrefix("@") { unlink(name) }
    }
}

@Suite struct ServiceNotifierTests {
    @Test(arguments: [true, false]) func notificationsReachTheSocket(abstract: Bool) throws {
        let socket = NotifySocket(abstract: abstract)
        let notifier = try #require(ServiceNotifier(environment: ["NOTIFY_SOCKET": socket.name]))
        #expect(notifier.notify("READY=1"))
        #expect(notifier.notify("WATCHDOG=1"))
        #expect(socket.messages() == ["READY=1", "WATCHDOG=1"])
        #expect(notifier.watchdogInterval == nil)
    }

    @Test func theWatchdogIntervalIsForThisProcessOrItsSupervisor() {
        let socket = NotifySocket(abstract: true)
        let mine = ServiceNotifier(environment: ["NOTIFY_SOCKET": socket.name, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "\(getpid())"])
        #expect(mine?.watchdogInterval == 4)
        let parents = ServiceNotifier(environment: ["NOTIFY_SOCKET": socket.name, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "\(getppid())"])
        #expect(parents?.watchdogInterval == 4)
        let someoneElses = ServiceNotifier(environment: ["NOTIFY_SOCKET": socket.name, "WATCHDOG_USEC": "4000000", "WATCHDOG_PID": "1"])
        #expect(someoneElses?.watchdogInterval == nil || getppid() == 1)
    }

    @Test func withoutSystemdThereIsNoNotifier() {
        #expect(ServiceNotifier(environment: [:]) == nil)
        #expect(ServiceNotifier(environment: ["NOTIFY_SOCKET": ""]) == nil)
    }
}

@MainActor @Suite(.serialized) struct AppServiceNotificationTests {
    @Test func anAppSaysReadyAfterItsFirstFrameAndPingsTheWatchdog() {
        let socket = NotifySocket(abstract: true)
        setenv("NOTIFY_SOCKET", socket.name, 1)
        setenv("WATCHDOG_USEC", "1000000", 1)
        defer { unsetenv("NOTIFY_SOCKET"); unsetenv("WATCHDOG_USEC") }
        let app = freshApp()
        app.startServiceNotifications()
        endTurn()
        #expect(socket.messages().isEmpty) // nothing on screen yet
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
        keptWindow = window
        endTurn()
        #expect(socket.messages() == ["READY=1\nSTATUS=showing its first frame"])
        (app.runLoop.clock as! ManualClock).advance(by: 0.5)
        app.runLoop.runOnce(maximumWait: 0)
        window.backgroundColor = .black
        endTurn()
        #expect(socket.messages() == ["WATCHDOG=1"]) // and READY=1 only once
    }
}
