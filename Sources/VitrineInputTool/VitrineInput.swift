import ArgumentParser
import Foundation
import Logging
import VitrinePlatform

/// `vitrine-input`: the board's input devices for people and rigs — list them, record what they send, replay a
/// recording through a uinput touchscreen (real kernel events, read by libinput like a panel's).
@main
struct VitrineInput: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine-input",
        abstract: "List, record and replay touch input on a Vitrine board.",
        discussion: """
            Recordings are text, one event a line (see Recordings/ and InputRecording in VitrinePlatform). To replay \
            into one app without a kernel device, start the app with VITRINE_INPUT_REPLAY=FILE.
            """,
        subcommands: [List.self, Record.self, Replay.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the input devices libinput sees on the seat.")
        @Option(help: "Device nodes for the path backend (when there is no udev daemon); default: every /dev/input/event*.")
        var path: [String] = []

        func run() throws {
            let devices = try MainActor.assumeIsolated { () throws -> [InputDeviceInfo] in
                var configuration = InputSeat.Configuration()
                configuration.devicePaths = path
                let seat = try InputSeat(configuration: configuration, loop: EventLoop(clock: ManualClock()), session: nil,
                                         logger: quietLogger()) { _ in }
                return seat.devices
            }
            if devices.isEmpty { print("no input devices (is this user allowed to open /dev/input/event*?)") }
            for d in devices {
                var caps: [String] = []
                if d.capabilities.contains(.touch) { caps.append("touch") }
                if d.capabilities.contains(.pointer) { caps.append("pointer") }
                if d.capabilities.contains(.keyboard) { caps.append("keyboard") }
                let size = d.widthMillimetres.map { String(format: ", %.0fx%.0f mm", $0, d.heightMillimetres ?? 0) } ?? ""
                print("\(d.node)\t\(d.name)\t[\(caps.joined(separator: ", "))]\(size)")
            }
        }
    }

    struct Record: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record the seat's input events to a file until SIGINT or SIGTERM.")
        @Argument(help: "The recording to write.") var file: String
        @Option(help: "Stop after this many seconds.") var duration: Double?
        @Option(help: "Device nodes for the path backend; default: every /dev/input/event*.") var path: [String] = []

        func run() throws {
            guard FileManager.default.createFile(atPath: file, contents: Data((InputRecording.header + "\n").utf8)),
                  let out = FileHandle(forWritingAtPath: file) else {
                throw ValidationError("cannot write \(file)")
            }
            out.seekToEndOfFile()
            let count = try MainActor.assumeIsolated { () throws -> Int in
                let loop = EventLoop()
                var count = 0
                var configuration = InputSeat.Configuration()
                configuration.devicePaths = path
                let seat = try InputSeat(configuration: configuration, loop: loop, session: nil, logger: quietLogger()) { event in
                    out.write(Data((InputRecording.line(for: event) + "\n").utf8))
                    count += 1
                }
                let stops = [SIGINT, SIGTERM].map { handleSignal($0, on: .main) { MainActor.assumeIsolated { loop.stop() } } }
                if let duration { loop.schedule(after: duration) { _ in loop.stop() } }
                FileHandle.standardError.write(Data("recording \(seat.devices.count) device(s) to \(file); SIGINT stops\n".utf8))
                loop.run()
                stops.forEach { $0.cancel() }
                return count
            }
            FileHandle.standardError.write(Data("recorded \(count) events\n".utf8))
        }
    }

    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a recording through a new uinput touchscreen, in real time.")
        @Argument(help: "The recording to play.") var file: String
        @Option(help: "Seconds to wait after creating the device, so readers can open it.") var settle: Double = 1
        @Option(help: "Unplug the device this many seconds into the recording (a device that vanishes mid-touch).")
        var unplugAfter: Double?
        @Option(help: "Seconds to keep the device after the last event, so readers take it before the device goes.")
        var linger: Double = 1
        @Option(help: "The device's name.") var name = "Vitrine Replay Touch"
        @Option(help: "The axes' maximum (positions are fractions of it); a tiny one makes a coarse, odd device.")
        var maximum: Int32 = 32767

        func run() throws {
            let recording = try InputRecording.load(path: file)
            guard maximum > 0 else { throw ValidationError("--maximum must be positive") }
            let device = try UInputTouchscreen(name: name, maximum: maximum)
            usleep(useconds_t(max(0, settle) * 1_000_000))
            let late = try device.play(recording, unplugAfter: unplugAfter)
            // The tests read this: a gesture delivered late is not the recorded one.
            print("replay: the latest event went out \(late / 1000) ms late")
            // Let readers take the last frame before the device goes away: a reader that hears of the removal first
            // drops what it had not read (a loaded, emulated board once lost a fling's lift that way after 0.2 s).
            usleep(useconds_t(max(0, linger) * 1_000_000))
            device.unplug()
        }
    }
}

/// Warnings and errors only: the tool's output is its own.
func quietLogger() -> Logger {
    var logger = Logger(label: "vitrine-input") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .warning
    return logger
}
