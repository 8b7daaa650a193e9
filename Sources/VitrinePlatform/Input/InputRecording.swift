import Foundation

/// A recording of input events: a text file, one event a line, so recordings can be read, diffed and written
/// by hand.
///
/// ```text
/// # vitrine-input 1                      (the first line; other lines starting with # are comments)
/// 0 added 1 touch 'Panel Touch'          time-µs added DEVICE CAPS 'NAME'  (CAPS: touch,pointer,keyboard)
/// 1000 down 1 0 0.250000 0.500000        time-µs down DEVICE SLOT X Y [MAJOR]  (X, Y: 0...1 across the panel)
/// 17000 move 1 0 0.260000 0.500000       time-µs move DEVICE SLOT X Y [MAJOR]
/// 17000 frame 1                          time-µs frame DEVICE   (ends a touch frame)
/// 90000 up 1 0 / cancel 1 0              time-µs up|cancel DEVICE SLOT
/// 5 pmove 2 3.5 -1.0 / 5 pabs 2 0.5 0.5  pointer: relative (device units) / absolute (0...1)
/// 5 button 2 272 down                    time-µs button DEVICE CODE down|up   (evdev codes: BTN_LEFT is 272)
/// 5 key 3 30 down                        time-µs key DEVICE CODE down|up      (KEY_A is 30)
/// 5 removed 1                            the device left
/// ```
/// Times are microseconds; a recording starts wherever its first event is, and replays keep the gaps.
public struct InputRecording: Sendable, Equatable {
    public var events: [InputEvent]

    public init(events: [InputEvent]) { self.events = events }

    public static let header = "# vitrine-input 1"

    /// A line that does not parse: which line, and why.
    public struct Invalid: Error, CustomStringConvertible {
        public let file: String
        public let line: Int
        public let problem: String
        public var description: String { "\(file):\(line): \(problem)" }
    }

    /// Reads a recording file.
    public static func load(path: String) throws -> InputRecording {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Invalid(file: path, line: 0, problem: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Invalid(file: path, line: 0, problem: "is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Parses recording text (`file` names it in errors).
    public static func parse(_ text: String, file: String = "recording") throws -> InputRecording {
        var events: [InputEvent] = []
        var sawHeader = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if !sawHeader {
                guard line == header else {
                    throw Invalid(file: file, line: index + 1, problem: "a recording starts with '\(header)'")
                }
                sawHeader = true
                continue
            }
            if line.hasPrefix("#") { continue }
            do {
                events.append(try parseEvent(line))
            } catch let problem as LineProblem {
                throw Invalid(file: file, line: index + 1, problem: problem.text)
            }
        }
        guard sawHeader else { throw Invalid(file: file, line: 1, problem: "empty: a recording starts with '\(header)'") }
        return InputRecording(events: events)
    }

    private struct LineProblem: Error { var text: String }

    private static func parseEvent(_ line: String) throws -> InputEvent {
        // The device name (in quotes, last) may contain spaces.
        var name = ""
        var head = Substring(line)
        if let quote = line.firstIndex(of: "'") {
            guard line.hasSuffix("'"), line.index(after: quote) < line.endIndex else { throw LineProblem(text: "unterminated name") }
            name = String(line[line.index(after: quote)..<line.index(before: line.endIndex)])
            head = line[..<quote]
        }
        let f = head.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard f.count >= 2 else { throw LineProblem(text: "expected 'TIME KIND ...', got '\(line)'") }
        guard let time = UInt64(f[0]) else { throw LineProblem(text: "the time must be whole microseconds, got '\(f[0])'") }
        func int(_ i: Int, _ what: String) throws -> Int {
            guard i < f.count, let v = Int(f[i]), v >= 0 else { throw LineProblem(text: "\(f[1]): \(what) must be a whole number ≥ 0") }
            return v
        }
        func number(_ i: Int, _ what: String) throws -> Double {
            guard i < f.count, let v = Double(f[i]), v.isFinite else { throw LineProblem(text: "\(f[1]): \(what) must be a number") }
            return v
        }
        func count(_ n: Int) throws {
            guard f.count == n else { throw LineProblem(text: "\(f[1]) takes \(n - 2) fields, got \(f.count - 2)") }
        }
        func pressed(_ i: Int) throws -> Bool {
            guard i < f.count, f[i] == "down" || f[i] == "up" else { throw LineProblem(text: "\(f[1]): expected down or up") }
            return f[i] == "down"
        }
        switch f[1] {
        case "down", "move":
            guard f.count == 6 || f.count == 7 else { throw LineProblem(text: "\(f[1]) takes DEVICE SLOT X Y [MAJOR]") }
            let (d, s) = (try int(2, "the device"), try int(3, "the slot"))
            let (x, y) = (try number(4, "x"), try number(5, "y"))
            let major = f.count == 7 ? try number(6, "major") : nil
            return f[1] == "down" ? .touchDown(time: time, device: d, slot: s, x: x, y: y, major: major)
                                  : .touchMotion(time: time, device: d, slot: s, x: x, y: y, major: major)
        case "up":
            try count(4); return .touchUp(time: time, device: try int(2, "the device"), slot: try int(3, "the slot"))
        case "cancel":
            try count(4); return .touchCancel(time: time, device: try int(2, "the device"), slot: try int(3, "the slot"))
        case "frame":
            try count(3); return .touchFrame(time: time, device: try int(2, "the device"))
        case "pmove":
            try count(5)
            return .pointerMotion(time: time, device: try int(2, "the device"), dx: try number(3, "dx"),
                                  dy: try number(4, "dy"))
        case "pabs":
            try count(5)
            return .pointerAbsolute(time: time, device: try int(2, "the device"), x: try number(3, "x"),
                                    y: try number(4, "y"))
        case "button":
            try count(5)
            return .pointerButton(time: time, device: try int(2, "the device"), button: UInt32(try int(3, "the code")),
                                  pressed: try pressed(4))
        case "key":
            try count(5)
            return .key(time: time, device: try int(2, "the device"), code: UInt32(try int(3, "the code")), pressed: try pressed(4))
        case "added":
            try count(4)
            var caps: InputDeviceInfo.Capabilities = []
            for c in f[3].split(separator: ",") where c != "none" {
                switch c {
                case "touch": caps.insert(.touch)
                case "pointer": caps.insert(.pointer)
                case "keyboard": caps.insert(.keyboard)
                case "text-keys": caps.insert(.textKeys)
                default: throw LineProblem(text: "added: unknown capability '\(c)' (touch, pointer, keyboard)")
                }
            }
            return .deviceAdded(time: time, InputDeviceInfo(id: try int(2, "the device"), name: name, node: "replay", capabilities: caps))
        case "removed":
            try count(3); return .deviceRemoved(time: time, device: try int(2, "the device"))
        default:
            throw LineProblem(text: "unknown event '\(f[1])' (down, move, up, cancel, frame, pmove, pabs, button, key, added, removed)")
        }
    }

    /// One event as a recording line.
    public static func line(for event: InputEvent) -> String {
        func n(_ v: Double) -> String { String(format: "%.6f", v) }
        func m(_ v: Double?) -> String { v.map { " " + n($0) } ?? "" }
        switch event {
        case let .touchDown(t, d, s, x, y, major): return "\(t) down \(d) \(s) \(n(x)) \(n(y))\(m(major))"
        case let .touchMotion(t, d, s, x, y, major): return "\(t) move \(d) \(s) \(n(x)) \(n(y))\(m(major))"
        case let .touchUp(t, d, s): return "\(t) up \(d) \(s)"
        case let .touchCancel(t, d, s): return "\(t) cancel \(d) \(s)"
        case let .touchFrame(t, d): return "\(t) frame \(d)"
        case let .pointerMotion(t, d, dx, dy): return "\(t) pmove \(d) \(n(dx)) \(n(dy))"
        case let .pointerAbsolute(t, d, x, y): return "\(t) pabs \(d) \(n(x)) \(n(y))"
        case let .pointerButton(t, d, b, p): return "\(t) button \(d) \(b) \(p ? "down" : "up")"
        case let .key(t, d, c, p): return "\(t) key \(d) \(c) \(p ? "down" : "up")"
        case let .deviceAdded(t, info):
            var caps: [String] = []
            if info.capabilities.contains(.touch) { caps.append("touch") }
            if info.capabilities.contains(.pointer) { caps.append("pointer") }
            if info.capabilities.contains(.keyboard) { caps.append("keyboard") }
            if info.capabilities.contains(.textKeys) { caps.append("text-keys") }
            let safeName = info.name.replacingOccurrences(of: "'", with: "’")
            return "\(t) added \(info.id) \(caps.isEmpty ? "none" : caps.joined(separator: ",")) '\(safeName)'"
        case let .deviceRemoved(t, d): return "\(t) removed \(d)"
        }
    }

    /// Recordings one after another, `gap` seconds between the end of one and the start of the next.
    public static func concatenating(_ recordings: [InputRecording], gap: Double) -> InputRecording {
        var events: [InputEvent] = []
        var next: UInt64 = 0
        for r in recordings {
            guard let first = r.events.first?.time else { continue }
            for e in r.events { events.append(e.at(next + (e.time >= first ? e.time - first : 0))) }
            next = (events.last?.time ?? next) + UInt64(gap * 1_000_000)
        }
        return InputRecording(events: events)
    }

    /// The recording as text (the header, then one line per event).
    public var text: String {
        ([Self.header] + events.map(Self.line(for:))).joined(separator: "\n") + "\n"
    }
}
