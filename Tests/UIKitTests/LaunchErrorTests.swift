// A launch that cannot go on ends with a message and an exit status, not a crash: here, a machine with no fonts.
import Foundation
import Testing

@Suite struct LaunchErrorTests {
    /// The example app under a fontconfig configuration that names no font directory: it must say what is missing
    /// and exit 72 (EX_OSFILE) before drawing anything, where it used to stop at its first label.
    @Test func anAppOnAMachineWithNoFontsSaysSoAndExits72() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hello-views")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path),
                     "\(binary.path) is missing: build every product first (`swift build --build-tests`)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-no-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><cachedir>\(folder.path)/cache</cachedir></fontconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        let screenshot = folder.appendingPathComponent("screen.png")
        let app = Process()
        app.executableURL = binary
        app.arguments = ["--vitrine-screen", "320x200@1", "--vitrine-exit-after-frames", "1",
                         "--vitrine-screenshot", screenshot.path]
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = config.path
        app.environment = environment
        let errors = Pipe()
        app.standardError = errors
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        app.waitUntilExit()
        #expect(app.terminationReason == .exit)
        #expect(app.terminationStatus == 72, "\(message)")
        #expect(message.contains("no fonts are installed"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: screenshot.path), "it drew a screen")
    }
}
