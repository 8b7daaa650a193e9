// fbrun: starts a Vitrine app on a virtual terminal of the panel and looks after it.
//
//   fbrun [--vt N] [--board NAME] [--restart] APP [ARGS...]
//   fbrun --install-unit [--vt N] [--board NAME] [--unit-dir DIR] [--watchdog SECONDS] APP [ARGS...]
//   fbrun --list
//
// It takes a VT (the one given, else a free one), switches to it, puts it in graphics mode with the keyboard
// muted, runs the app, and when the app ends — exit, SIGTERM/SIGINT to fbrun (passed on to the app), a crash,
// SIGKILL — restores text mode, the keyboard and the previous VT. With --restart, an app that crashed is
// started again after a back-off. Exit status: the app's; 128+N if signal N ended it; 69 when fbrun could not
// start it at all.
import ArgumentParser
import Foundation
import VitrinePlatform

@main
struct FBRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fbrun",
        abstract: "Run a Vitrine app on a virtual terminal of the panel, and restore the console however it ends.")

    @Flag(help: "Print DRM devices, drivers, connectors (status, physical size, modes) and planes (formats), then exit.")
    var list = false

    @Option(help: "The virtual terminal to use (default: a free one). 0: do not take a VT.")
    var vt: Int?

    @Option(help: "The board file, by name or path (sets VITRINE_BOARD for the app).")
    var board: String?

    @Flag(help: "Start the app again when it crashes (killed by a signal it did not ask for), with a back-off.")
    var restart = false

    @Option(help: "With --restart: give up after this many restarts in a row (default: never).")
    var maxRestarts: Int?

    @Flag(help: "Write a systemd unit that boots into the app (fbrun --restart on the VT, default 1, in place of its getty), enable it and exit.")
    var installUnit = false

    @Option(help: "With --install-unit: where units go.")
    var unitDir = "/etc/systemd/system"

    @Option(help: "With --install-unit: seconds the app's main thread may stay silent before systemd restarts it.")
    var watchdog = 10

    @Argument(parsing: .captureForPassthrough, help: "The app (a path, or a product built beside fbrun) and its arguments.")
    var app: [String] = []

    func validate() throws {
        // Everything from the app's name on is the app's; a help request before it is fbrun's.
        if let first = app.first, first == "--help" || first == "-h" { throw CleanExit.helpRequest(self) }
        if !list && app.isEmpty { throw ValidationError("name the app to run (or --list)") }
        if let vt, vt < 0 || vt > 63 { throw ValidationError("--vt takes 1...63 (or 0 for none), got \(vt)") }
        if let board { _ = try BoardDescription.find(board) }
        if watchdog < 1 { throw ValidationError("--watchdog takes a whole number of seconds, at least 1") }
    }

    func run() throws {
        if list {
            print(DeviceReport.text(), terminator: "")
            return
        }
        if installUnit { return try install() }
        let supervisor = Supervisor(command: app, vt: vt, board: board, restart: restart, maxRestarts: maxRestarts)
        throw ExitCode(supervisor.run())
    }
}

extension FBRun {
    /// `--install-unit`: the unit with absolute paths (systemd wants them), written and enabled.
    func install() throws {
        guard let appPath = Supervisor.resolve(app[0]) else {
            throw ValidationError("no app '\(app[0])' (not a path, not beside fbrun, not on PATH)")
        }
        let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        // A board given by a relative path must still be found at boot, from another directory.
        let boardArgument = board.map { $0.contains("/") ? URL(fileURLWithPath: $0).standardizedFileURL.path : $0 }
        let unit = SystemdUnit(fbrun: me, app: URL(fileURLWithPath: appPath).standardizedFileURL.path,
                               arguments: Array(app.dropFirst()), vt: vt.map { max($0, 1) } ?? 1, board: boardArgument,
                               watchdogSeconds: watchdog)
        let written = try unit.install(into: unitDir)
        for path in written { print("wrote \(path)") }
        print("the panel boots into \(unit.appName) on tty\(unit.vt); now: systemctl daemon-reload && systemctl start \(unit.unitName)")
    }
}
