// The UI-test agent: the tree it reports, touches and text through the input path, and its refusals — malformed,
// oversized, deeply nested and fuzzed requests get errors and change nothing; a real socket, private to the user.
import Testing
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import UIKit
import VitrinePlatform

@MainActor @Suite struct AccessibilityAgentTests {
    let app: UIApplication
    init() { app = freshApp(pixels: CGSize(width: 400, height: 300)) }

    private func advance(_ seconds: Double) {
        let clock = app.runLoop.clock as! ManualClock
        for _ in 0..<Int((seconds / 0.01).rounded(.up)) {
            clock.advance(by: 0.01)
            app.runLoop.runOnce(maximumWait: 0)
        }
    }

    /// Sends one request line to `agent` and lets the run loop turn until it answers.
    private func ask(_ agent: AccessibilityAgent, _ line: String) -> [String: Any] {
        var answer: [String: Any]?
        agent.handle(line: Data(line.utf8)) { answer = $0 }
        for _ in 0..<300 where answer == nil { advance(0.01) }
        return answer ?? ["error": "no answer"]
    }

    private func screen() -> (UIWindow, UIButton, UITextField) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let join = UIButton(type: .system)
        join.setTitle("Join", for: .normal)
        join.accessibilityIdentifier = "join"
        join.frame = CGRect(x: 20, y: 20, width: 120, height: 44)
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 34))
        field.accessibilityIdentifier = "password"
        window.addSubview(join)
        window.addSubview(field)
        window.makeKeyAndVisible()
        endTurn()
        return (window, join, field)
    }

    private func agent() throws -> AccessibilityAgent {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-agent-\(getpid())-\(UUID().uuidString.prefix(8)).sock").path
        return try #require(AccessibilityAgent(application: app, path: path))
    }

    @Test func theTreeTapsAndTypingGoThroughTheApp() throws {
        let (window, join, field) = screen()
        defer { withExtendedLifetime(window) {} }
        let agent = try agent()
        defer { agent.stop() }
        var taps = 0
        join.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        #expect(ask(agent, #"{"id": 1, "command": "hello"}"#)["protocol"] as? Int == 1)
        let tree = try #require(ask(agent, #"{"id": 2, "command": "tree"}"#)["elements"] as? [[String: Any]])
        let button = try #require(tree.first { $0["identifier"] as? String == "join" })
        #expect(button["type"] as? String == "button" && button["label"] as? String == "Join")
        #expect(button["hittable"] as? Bool == true && button["enabled"] as? Bool == true)
        #expect(button["frame"] as? [Double] == [20, 20, 120, 44])
        #expect(tree.contains { $0["identifier"] as? String == "password" && $0["type"] as? String == "textField" })
        let tapped = ask(agent, #"{"id": 3, "command": "tap", "x": 80, "y": 42}"#)
        #expect(tapped["ok"] as? Bool == true && tapped["id"] as? Int == 3)
        #expect(taps == 1)
        _ = ask(agent, #"{"command": "tap", "x": 120, "y": 117}"#)
        #expect(field.isFirstResponder)
        #expect(ask(agent, #"{"command": "type", "text": "hunter2"}"#)["ok"] as? Bool == true)
        #expect(field.text == "hunter2")
        let shot = try #require(ask(agent, #"{"command": "screenshot"}"#)["png"] as? String)
        #expect(Data(base64Encoded: shot)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func touchesWaitForAnIdleAppAndFindThePanelsCorners() throws {
        // The uinput path's positions are the panel's: the inverse of the router's turn, for every mounting.
        for rotation in [0, 90, 180, 270] {
            for (x, y) in [(0.1, 0.2), (0.75, 0.4), (0, 0.9999)] {
                let panel = AgentTouchInput.panelPosition(logicalX: x, logicalY: y, rotation: rotation)
                let back = logicalPosition(panelX: panel.x, panelY: panel.y, rotation: rotation)
                #expect(abs(back.x - x) < 1e-12 && abs(back.y - y) < 1e-12, "\(rotation): \(x), \(y)")
            }
        }
        let (window, join, _) = screen()
        defer { withExtendedLifetime(window) {} }
        let agent = try agent()
        defer { agent.stop() }
        // "idle" answers once the screen has stopped changing: after a one-second animation, not before.
        let clock = app.runLoop.clock as! ManualClock
        UIView.animate(withDuration: 1) { join.alpha = 0.5 }
        let start = clock.now
        #expect(ask(agent, #"{"command": "idle"}"#)["idle"] as? Bool == true)
        #expect(clock.now - start >= 1, "\(clock.now - start)")
        #expect(clock.now - start < 1.8, "\(clock.now - start)")
        // A swipe's "hold" keeps the finger still first: long enough for a long press.
        var pressed = false
        let press = UILongPressGestureRecognizer()
        press.addAction { if $0.state == .began { pressed = true } }
        join.addGestureRecognizer(press)
        #expect(ask(agent, #"{"command": "swipe", "from": [40, 40], "to": [60, 40], "duration": 0.1, "hold": 0.8}"#)["ok"] as? Bool == true)
        #expect(pressed)
        #expect(ask(agent, #"{"command": "swipe", "from": [40, 40], "to": [60, 40], "hold": -1}"#)["error"] != nil)
    }

    @Test func badRequestsGetErrorsAndChangeNothing() throws {
        let (window, join, _) = screen()
        defer { withExtendedLifetime(window) {} }
        let agent = try agent()
        defer { agent.stop() }
        var taps = 0
        join.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        let bad = [
            "", "not json", "[1, 2]", "{\"command\": 5}", "{\"command\": \"launchMissiles\"}",
            "{\"command\": \"tap\", \"x\": \"80\", \"y\": 42}", "{\"command\": \"tap\", \"x\": true, \"y\": 42}",
            "{\"command\": \"tap\", \"x\": 1e300, \"y\": 42}", "{\"command\": \"swipe\", \"from\": [1], \"to\": [2, 3]}",
            "{\"command\": \"press\", \"x\": 80, \"y\": 42, \"duration\": 1e9}", "{\"command\": \"type\", \"text\": \"x\"}",
            String(repeating: "[", count: 100_000), "{\"command\": \"hello\"" + String(repeating: " ", count: 10),
        ]
        for line in bad {
            let answer = ask(agent, line)
            #expect(answer["error"] is String, "\(line.prefix(60)) → \(answer)")
        }
        #expect(taps == 0)
        // Fuzzed requests: valid ones with bytes changed, and noise. Every one is answered; none crashes or hangs.
        var seed: UInt64 = 0x5EED
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        let valid = Array(#"{"id": 7, "command": "tree", "x": [1, {"a": "b"}], "text": "\u00e9\n"}"#.utf8)
        for round in 0..<1500 {
            var bytes = round % 3 == 0 ? (0..<Int(next() % 200)).map { _ in UInt8(next() % 256) } : valid
            if round % 3 != 0 { for _ in 0..<(1 + Int(next() % 6)) { bytes[Int(next()) % bytes.count] = UInt8(next() % 256) } }
            var answered = false
            agent.handle(line: Data(bytes.filter { $0 != 0x0A })) { answer in
                answered = answer["error"] is String || answer["ok"] as? Bool == true
            }
            #expect(answered, "round \(round)")
        }
        #expect(taps == 0)
    }

    @Test func theSocketIsPrivateAndServesLines() throws {
        let (window, _, _) = screen()
        defer { withExtendedLifetime(window) {} }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-agent-socket-\(getpid()).sock").path
        let agent = try #require(AccessibilityAgent(application: app, path: path))
        defer { agent.stop() }
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o077 == 0, "only the app's user may connect")

        func connectClient() -> Int32 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
            let ok = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(ok == 0)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            return fd
        }
        func readReply(_ fd: Int32) -> String {
            var out = Data(), buffer = [UInt8](repeating: 0, count: 4096)
            for _ in 0..<200 where !out.contains(0x0A) {
                advance(0.01)
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n > 0 { out.append(contentsOf: buffer[0..<n]) } else if n == 0 { break }
            }
            return String(decoding: out, as: UTF8.self)
        }
        let client = connectClient()
        defer { close(client) }
        let request = "{\"id\": \"a\", \"command\": \"hello\"}\n"
        #expect(send(client, request, request.utf8.count, 0) == request.utf8.count)
        #expect(readReply(client).contains("\"id\":\"a\""))
        // A line longer than the limit is refused and its sender disconnected.
        let hog = connectClient()
        defer { close(hog) }
        let chunk = [UInt8](repeating: 0x20, count: 65_536)
        var sent = 0
        while sent <= AccessibilityAgent.maximumLine {
            let n = chunk.withUnsafeBytes { send(hog, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { advance(0.01); continue }
            sent += n
        }
        #expect(readReply(hog).contains("longer than"))
        // The first client is still served.
        #expect(send(client, request, request.utf8.count, 0) == request.utf8.count)
        #expect(readReply(client).contains("\"ok\":true"))
    }
}
