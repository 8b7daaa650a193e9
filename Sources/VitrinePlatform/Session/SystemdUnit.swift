import Foundation

/// The systemd unit that boots a panel into a Vitrine app: `fbrun --restart` on the panel's VT, started at boot
/// in place of that VT's getty, restarted when it dies, and killed by the watchdog when its main thread hangs
/// (the app pings it; see `ServiceNotifier`). `fbrun --install-unit` writes it.
public struct SystemdUnit: Equatable {
    /// Absolute paths: fbrun, and the app.
    public var fbrun: String
    public var app: String
    public var arguments: [String] = []
    /// The VT the app takes (from getty).
    public var vt: Int = 1
    /// The board (name or path), if any.
    public var board: String?
    /// `WatchdogSec`: how long a silent main thread may last before the service is restarted.
    public var watchdogSeconds: Int = 10

    public init(fbrun: String, app: String, arguments: [String] = [], vt: Int = 1, board: String? = nil, watchdogSeconds: Int = 10) {
        self.fbrun = fbrun; self.app = app; self.arguments = arguments; self.vt = vt; self.board = board
        self.watchdogSeconds = watchdogSeconds
    }

    /// The app's name without its directory: the unit is `vitrine-<name>.service`, its state in
    /// `/var/lib/vitrine/<name>`.
    public var appName: String { (app as NSString).lastPathComponent }
    public var unitName: String { "vitrine-\(appName).service" }

    /// The unit file's text.
    public var text: String {
        var command = [fbrun, "--restart", "--vt", "\(vt)"]
        if let board { command += ["--board", board] }
        command += [app] + arguments
        return """
        # Boots the panel into \(appName) (written by `fbrun --install-unit`).
        [Unit]
        Description=Vitrine app \(appName) on the panel (VT \(vt))
        Documentation=file://\(fbrun)
        # The app takes tty\(vt) from getty (whose units the installer also masks).
        Conflicts=getty@tty\(vt).service autovt@tty\(vt).service
        After=getty@tty\(vt).service autovt@tty\(vt).service systemd-user-sessions.service systemd-udevd.service
        # Never give up restarting: the panel must come back by itself.
        StartLimitIntervalSec=0

        [Service]
        # READY=1 after the first frame is on screen; WATCHDOG=1 from the app's main run loop (NotifyAccess=all:
        # the app is fbrun's child).
        Type=notify
        NotifyAccess=all
        WatchdogSec=\(watchdogSeconds)
        TimeoutStartSec=60
        ExecStart=\(command.map(Self.quoted).joined(separator: " "))
        # fbrun restarts a crashed app itself, with a back-off; systemd restarts fbrun (a hung app, a lost display).
        Restart=always
        RestartSec=2
        # The app's writable state (XDG_STATE_HOME): the root file system may be read-only.
        StateDirectory=vitrine/\(appName)
        Environment=XDG_STATE_HOME=/var/lib/vitrine/\(appName) XDG_CACHE_HOME=/var/lib/vitrine/\(appName)/cache
        StandardInput=null
        StandardOutput=journal
        StandardError=journal
        SyslogIdentifier=\(appName)

        [Install]
        WantedBy=multi-user.target

        """
    }

    /// A word for `ExecStart=`: quoted when it holds spaces, quotes or backslashes; `%` doubled (a specifier
    /// otherwise).
    static func quoted(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "%", with: "%%")
        guard escaped.contains(where: { $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "'" }) || escaped.isEmpty else { return escaped }
        return "\"" + escaped.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Writes the unit into `directory` (`/etc/systemd/system`), enables it (the `multi-user.target.wants` link
    /// `systemctl enable` makes) and masks the VT's getty. Returns the files it wrote.
    @discardableResult
    public func install(into directory: String) throws -> [String] {
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory + "/multi-user.target.wants", withIntermediateDirectories: true)
        let unitPath = "\(directory)/\(unitName)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: unitPath))
        var written = [unitPath]
        func link(_ path: String, to target: String) throws {
            if (try? fm.destinationOfSymbolicLink(atPath: path)) != nil || fm.fileExists(atPath: path) { try fm.removeItem(atPath: path) }
            try fm.createSymbolicLink(atPath: path, withDestinationPath: target)
            written.append(path)
        }
        try link("\(directory)/multi-user.target.wants/\(unitName)", to: "../\(unitName)")
        for getty in ["getty@tty\(vt).service", "autovt@tty\(vt).service"] { try link("\(directory)/\(getty)", to: "/dev/null") }
        return written
    }
}
