// The unit `fbrun --install-unit` writes: what it says, where it goes, and that systemd accepts it.
import Foundation
import Testing
@testable import VitrinePlatform

@Suite struct SystemdUnitTests {
    let unit = SystemdUnit(fbrun: "/usr/bin/env", app: "/bin/true", arguments: ["--slide", "100% done"], vt: 2,
                           board: "/etc/vitrine/boards/qemu-virt/board.json", watchdogSeconds: 7)

    @Test func theUnitRunsTheAppUnderFbrunOnItsVTWithTheWatchdog() {
        let text = unit.text
        #expect(unit.unitName == "vitrine-true.service")
        #expect(text.contains("ExecStart=/usr/bin/env --restart --vt 2 --board /etc/vitrine/boards/qemu-virt/board.json /bin/true --slide \"100%% done\"\n"))
        #expect(text.contains("Type=notify\n") && text.contains("NotifyAccess=all\n") && text.contains("WatchdogSec=7\n"))
        #expect(text.contains("Conflicts=getty@tty2.service autovt@tty2.service\n"))
        #expect(text.contains("Restart=always\n") && text.contains("StandardOutput=journal\n"))
        #expect(text.contains("StateDirectory=vitrine/true\n"))
    }

    @Test func installingEnablesItAndMasksTheVTsGetty() throws {
        let dir = NSTemporaryDirectory() + "vitrine-units-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let written = try unit.install(into: dir)
        #expect(written.count == 4)
        let fm = FileManager.default
        #expect(try fm.destinationOfSymbolicLink(atPath: dir + "/multi-user.target.wants/vitrine-true.service") == "../vitrine-true.service")
        #expect(try fm.destinationOfSymbolicLink(atPath: dir + "/getty@tty2.service") == "/dev/null")
        #expect(try fm.destinationOfSymbolicLink(atPath: dir + "/autovt@tty2.service") == "/dev/null")
        // Installing again replaces, it does not fail.
        #expect(try unit.install(into: dir).count == 4)
    }

    @Test func systemdAcceptsTheUnit() throws {
        let analyze = "/usr/bin/systemd-analyze"
        guard FileManager.default.isExecutableFile(atPath: analyze) else {
            print("systemd-analyze is not installed: the unit is not verified here (CI installs systemd)")
            return
        }
        let dir = NSTemporaryDirectory() + "vitrine-verify-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try unit.install(into: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyze)
        process.arguments = ["verify", dir + "/" + unit.unitName]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(!output.contains(unit.unitName), "\(output)")
    }
}
