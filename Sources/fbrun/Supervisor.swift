import Dispatch
import Foundation
import Glibc
import VitrinePlatform

/// Runs the app on a VT and keeps it running (see FBRun.swift for the contract).
final class Supervisor: @unchecked Sendable {
    let command: [String]
    let vtNumber: Int?
    let board: String?
    let restart: Bool
    let maxRestarts: Int?

    /// The running app's pid (0 between runs), and whether a stop was asked for; shared with signal handlers.
    private let lock = NSLock()
    private var childPID: pid_t = 0
    private var stopping = false

    init(command: [String], vt: Int?, board: String?, restart: Bool, maxRestarts: Int?) {
        self.command = command
        vtNumber = vt
        self.board = board
        self.restart = restart
        self.maxRestarts = maxRestarts
    }

    func run() -> Int32 {
        guard let executable = Self.resolve(command[0]) else {
            say("no app '\(command[0])' (not a path, not beside fbrun, not on PATH)")
            return 69
        }
        // SIGTERM, SIGINT, SIGHUP to fbrun: pass them on to the app and do not restart it.
        let forwarders = [SIGTERM, SIGINT, SIGHUP].map { number in
            handleSignal(number, on: .global()) { [weak self] in self?.forward(number) }
        }
        defer { forwarders.forEach { $0.cancel() } }

        var terminal: VirtualTerminal?
        if vtNumber == 0 || !virtualTerminalsExist() {
            if vtNumber != 0 { say("no virtual terminals here (/dev/tty0 is missing): running without one") }
        } else {
            do {
                terminal = try VirtualTerminal(number: vtNumber)
                say("on VT \(terminal!.number)")
            } catch {
                say("cannot take a virtual terminal: \(error) (use --vt 0 to run without one)")
                return 69
            }
        }
        defer { terminal?.restore() }
        // VT switching: the kernel asks fbrun (SIGUSR1 to release, SIGUSR2 to acquire); fbrun asks the app.
        var switchSources: [DispatchSourceSignal] = []
        if let terminal {
            do {
                switchSources = installSwitchHandlers(terminal)
                try terminal.takeSwitchControl(releaseSignal: SIGUSR1, acquireSignal: SIGUSR2)
            } catch {
                say("VT switching stays with the kernel: \(error)")
            }
        }
        defer { switchSources.forEach { $0.cancel() } }

        var restarts = 0
        var delay = 0.5
        while true {
            let started = Date()
            let status = runOnce(executable)
            let crashed = status.signal.map { ![SIGTERM, SIGINT, SIGHUP].contains($0) } ?? false
            if let signal = status.signal {
                say("\(command[0]) was ended by signal \(signal) (\(String(cString: strsignal(signal))))")
            }
            guard restart, crashed, !isStopping, maxRestarts.map({ restarts < $0 }) ?? true else {
                return status.signal.map { 128 + $0 } ?? status.code
            }
            // Back-off: 0.5 s, doubling to 30 s; an app that ran for a minute starts the count again.
            if Date().timeIntervalSince(started) >= 60 { delay = 0.5; restarts = 0 }
            restarts += 1
            say("restarting \(command[0]) in \(delay) s (restart \(restarts))")
            Thread.sleep(forTimeInterval: delay)
            delay = min(delay * 2, 30)
            if isStopping { return 128 + SIGTERM }
        }
    }

    private var isStopping: Bool { lock.lock(); defer { lock.unlock() }; return stopping }

    private let released = DispatchSemaphore(value: 0)

    /// Release: ask the app to let the display go, wait for its answer (at most 2 s: a hung app must not hold the
    /// user's VT switch), then let the kernel switch. Acquire: acknowledge, then tell the app to repaint.
    private func installSwitchHandlers(_ terminal: VirtualTerminal) -> [DispatchSourceSignal] {
        let queue = DispatchQueue(label: "fbrun.vt")
        func handle(_ number: Int32, _ body: @escaping @Sendable () -> Void) -> DispatchSourceSignal {
            handleSignal(number, on: queue, body)
        }
        return [
            handle(DisplaySignals.released) { [weak self] in self?.released.signal() },
            handle(SIGUSR1) { [weak self] in
                guard let self else { return }
                self.lock.lock(); let pid = self.childPID; self.lock.unlock()
                if pid > 0 {
                    kill(pid, DisplaySignals.release)
                    if self.released.wait(timeout: .now() + 2) == .timedOut { self.say("the app did not release the display in 2 s") }
                }
                terminal.allowRelease()
            },
            handle(SIGUSR2) { [weak self] in
                guard let self else { return }
                terminal.acknowledgeAcquire()
                self.lock.lock(); let pid = self.childPID; self.lock.unlock()
                if pid > 0 { kill(pid, DisplaySignals.acquire) }
            },
        ]
    }

    private func forward(_ number: Int32) {
        lock.lock()
        stopping = true
        let pid = childPID
        lock.unlock()
        if pid > 0 { kill(pid, number) }
    }

    /// Runs the app once and waits for it: its exit code, or the signal that ended it.
    private func runOnce(_ executable: String) -> (code: Int32, signal: Int32?) {
        var environment = ProcessInfo.processInfo.environment
        environment["VITRINE_DISPLAY"] = environment["VITRINE_DISPLAY"] ?? "kms"
        environment[DisplaySignals.environmentKey] = "1"
        if let board { environment["VITRINE_BOARD"] = board }
        let argv = ([executable] + command.dropFirst()).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        // The app gets default signal handling (fbrun ignores the ones it forwards).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        // Everything fbrun ignores in order to handle it is default again in the app.
        for s in [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2, DisplaySignals.release, DisplaySignals.acquire,
                  DisplaySignals.released] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let rc = posix_spawn(&pid, executable, nil, &attributes, argv, envp)
        guard rc == 0 else {
            say("cannot start \(executable): \(String(cString: strerror(rc)))")
            return (69, nil)
        }
        lock.lock(); childPID = pid; let stopAlready = stopping; lock.unlock()
        if stopAlready { kill(pid, SIGTERM) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        lock.lock(); childPID = 0; lock.unlock()
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift cannot import (macros).
        if status & 0x7f == 0 { return ((status >> 8) & 0xff, nil) }
        return (128 + (status & 0x7f), status & 0x7f)
    }

    /// A path as is; a bare name beside fbrun (the products of one build), then on PATH.
    static func resolve(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        var dirs: [String] = []
        if let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            dirs.append((me as NSString).deletingLastPathComponent)
        }
        dirs += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return dirs.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    private func say(_ text: String) {
        FileHandle.standardError.write(Data("fbrun: \(text)\n".utf8))
    }
}
