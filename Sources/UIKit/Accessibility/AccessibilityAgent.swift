import CoreGraphics
import Foundation
import Logging
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif
import VitrinePlatform

/// The agent UI tests drive an app through: the accessibility tree read out, touches and text put in, screenshots
/// taken, as XCUITest drives an iOS app. Off unless `VITRINE_UI_AGENT` names a Unix socket path (created with mode
/// 0600: only the app's user connects; a remote device is reached by forwarding the socket over SSH).
///
/// The protocol is one JSON object per line each way. A request has a `command` and may have an `id`, which the
/// reply repeats; a reply has `"ok": true` and the command's fields, or `"error"` with a message. Commands:
/// `hello`; `tree` (the elements in reading order: `type`, `label`, `value`, `identifier`, `hint`, `traits`, `frame`
/// in screen points, `enabled`, `selected`, `hittable`); `tap` and `doubleTap` (`x`, `y`), `press` (`x`, `y`,
/// `duration`), `swipe` (`from`, `to`: `[x, y]`, `duration`, `hold`: seconds still before moving) — touches on a
/// uinput touchscreen of the agent's own where the app reads a real seat, so they take a finger's path
/// (`AgentTouchInput`); `type` (`text`, typed into the first responder); `idle` (waits until the app is idle, see
/// `whenIdle`: touches and typing reply only then, as XCUITest waits for an idle app); `screenshot` (a PNG, base64).
/// A request that is not valid JSON, too long (1 MiB), nested too deep, or that names an unknown command or gives
/// wrong fields gets an error reply and changes nothing; a client that sends more than the limit without a newline
/// is disconnected.
@MainActor
final class AccessibilityAgent {
    static let log = VitrineLog.logger("vitrine.ui-agent")
    /// The longest request line.
    static let maximumLine = 1 << 20
    /// At most this many clients at once.
    static let maximumClients = 4

    private unowned let application: UIApplication
    private let listener: Int32
    private let path: String
    private var listenerSource: FileDescriptorSource?
    private final class Client {
        let fd: Int32
        var source: FileDescriptorSource?
        var pending = Data()
        init(fd: Int32) { self.fd = fd }
    }
    private var clients: [Client] = []
    /// Where touches go in (made when the agent starts, so libinput has added a uinput device before the first).
    private let touches: AgentTouchInput

    /// Listens on `path` (an old socket there is replaced); `nil`, with the reason logged, when it cannot.
    init?(application: UIApplication, path: String) {
        self.application = application
        self.path = path
        touches = AgentTouchInput(application: application)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { Self.log.error("UI agent: no socket: \(String(cString: strerror(errno)))"); return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Self.log.error("UI agent: the socket path is too long: \(path)")
            close(fd)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        unlink(path)
        // Only the app's user may connect: the socket is made unreadable to others before it listens.
        let oldMask = umask(0o077)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(oldMask)
        guard bound == 0, listen(fd, 4) == 0 else {
            Self.log.error("UI agent: cannot listen on \(path): \(String(cString: strerror(errno)))")
            close(fd)
            return nil
        }
        listener = fd
        listenerSource = application.runLoop.watchReadable(fd: fd) { [weak self] in self?.acceptClients() }
        Self.log.info("UI agent: listening on \(path)")
    }

    /// Stops listening and disconnects every client; the socket file is removed.
    func stop() {
        for client in clients { disconnect(client) }
        listenerSource?.cancel()
        listenerSource = nil
        close(listener)
        unlink(path)
    }

    private func acceptClients() {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            // (accept4 is a GNU extension Glibc's module does not show: the flags are set after.)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            guard clients.count < Self.maximumClients else {
                send(["error": "too many clients (at most \(Self.maximumClients))"], to: fd)
                close(fd)
                continue
            }
            let client = Client(fd: fd)
            clients.append(client)
            client.source = application.runLoop.watchReadable(fd: fd) { [weak self, weak client] in
                guard let self, let client else { return }
                self.read(client)
            }
        }
    }

    private func read(_ client: Client) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { disconnect(client); return }
            if n < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { break }
                disconnect(client)
                return
            }
            client.pending.append(contentsOf: buffer[0..<n])
            while let newline = client.pending.firstIndex(of: 0x0A) {
                let line = client.pending[client.pending.startIndex..<newline]
                client.pending = Data(client.pending[(newline + 1)...])
                handle(line: Data(line)) { [weak self] reply in self?.send(reply, to: client.fd) }
            }
            if client.pending.count > Self.maximumLine {
                send(["error": "request longer than \(Self.maximumLine) bytes"], to: client.fd)
                disconnect(client)
                return
            }
        }
    }

    private func disconnect(_ client: Client) {
        client.source?.cancel()
        client.source = nil
        close(client.fd)
        clients.removeAll { $0 === client }
    }

    private func send(_ reply: [String: Any], to fd: Int32) {
        guard var data = try? JSONSerialization.data(withJSONObject: reply, options: [.sortedKeys]) else { return }
        data.append(0x0A)
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 {
                    // A client that does not read its replies loses them (the app never waits on one).
                    if n < 0, errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    // MARK: Requests

    /// Answers one request line; `reply` is called once, possibly on a later turn of the run loop (touches take time).
    func handle(line: Data, reply: @escaping @MainActor ([String: Any]) -> Void) {
        let request: [String: Any]
        do { request = try Self.parse(line) } catch {
            reply(["error": "\(error)"])
            return
        }
        var answer = request["id"].map { ["id": $0] } ?? [:]
        func done(_ fields: [String: Any]) { reply(answer.merging(fields) { _, new in new }) }
        func fail(_ message: String) { answer["error"] = message; reply(answer) }
        guard let command = request["command"] as? String else { return fail("a request needs a \"command\" string") }
        switch command {
        case "hello":
            done(["ok": true, "protocol": 1, "app": ProcessInfo.processInfo.processName])
        case "tree":
            done(["ok": true, "elements": treeDescription()])
        case "tap", "doubleTap":
            guard let point = Self.point(request["x"], request["y"]) else { return fail("\(command) needs numbers \"x\" and \"y\"") }
            touch(path: [point], hold: 0.05, taps: command == "tap" ? 1 : 2) { [weak self] in self?.whenIdle { done(["ok": true]) } }
        case "press":
            guard let point = Self.point(request["x"], request["y"]) else { return fail("press needs numbers \"x\" and \"y\"") }
            let duration = (request["duration"] as? Double) ?? 1
            guard duration >= 0, duration <= 60 else { return fail("press's \"duration\" is seconds, from 0 to 60") }
            touch(path: [point], hold: duration, taps: 1) { [weak self] in self?.whenIdle { done(["ok": true]) } }
        case "swipe":
            guard let from = Self.pair(request["from"]), let to = Self.pair(request["to"]) else {
                return fail("swipe needs \"from\" and \"to\" as [x, y]")
            }
            let duration = (request["duration"] as? Double) ?? 0.2
            guard duration > 0, duration <= 10 else { return fail("swipe's \"duration\" is seconds, above 0 and at most 10") }
            let pause = (request["hold"] as? Double) ?? 0
            guard pause >= 0, pause <= 60 else { return fail("swipe's \"hold\" is seconds, from 0 to 60") }
            let steps = max(2, Int(duration / 0.016))
            let path = (0...steps).map { i -> CGPoint in
                let t = CGFloat(i) / CGFloat(steps)
                return CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
            }
            touch(path: path, hold: duration / Double(steps), taps: 1, pause: pause) { [weak self] in self?.whenIdle { done(["ok": true]) } }
        case "type":
            guard let text = request["text"] as? String else { return fail("type needs a \"text\" string") }
            // The first responder, when it is a view of the key window (not one left over in a window gone).
            guard let view = UIResponder.currentFirstResponder as? UIView, let window = application.keyWindow,
                  view.window === window, let responder = view as? (any UIKeyInput) else {
                return fail("nothing has the keyboard focus (tap a text field first)")
            }
            for character in text {
                if character == "\u{8}" { responder.deleteBackward() } else { responder.insertText(String(character)) }
            }
            whenIdle { done(["ok": true]) }
        case "idle":
            whenIdle { idle in done(["ok": true, "idle": idle]) }
        case "screenshot":
            guard let png = UIScreen.main.snapshotImage()?.pngData() else { return fail("the screen could not be captured") }
            done(["ok": true, "png": png.base64EncodedString()])
        default:
            fail("unknown command \"\(command)\" (hello, tree, tap, doubleTap, press, swipe, type, idle, screenshot)")
        }
    }

    /// How long the screen must stay unchanged for the app to count as idle.
    static let idleQuiet = 0.3
    /// The longest wait for idleness (an endless animation never settles).
    static let idleLimit = 10.0
    /// How long running animations alone keep the app from being idle.
    static let animationLimit = 3.0

    /// Calls `body` once the app is idle as XCUITest means it — no frame drawn for `idleQuiet` s (a still screen
    /// draws none: animations, scrolling and transitions have ended), no scroll view gliding and no animation running
    /// (for the first `animationLimit` s) — or after `idleLimit` s, with whether it was.
    private func whenIdle(_ body: @escaping @MainActor (Bool) -> Void) {
        let start = application.runLoop.clock.now
        let deadline = start + Self.idleLimit
        var seen = -1 // no frame count yet: the first check always waits one quiet interval
        func check() {
            let frames = application.frameCount
            // A running animation holds idleness off too (a starved app can draw no frame for a while in the
            // middle of one), for at most `animationLimit` s: an endless one (a spinner) must not stall every action.
            let animating = CAAnimationEngine.isAnimating && application.runLoop.clock.now - start < Self.animationLimit
            if frames == seen, !animating, !application.windows.contains(where: Self.isGliding) { return body(true) }
            if application.runLoop.clock.now > deadline { return body(false) }
            seen = frames
            application.runLoop.schedule(after: Self.idleQuiet) { _ in check() }
        }
        check()
    }
    /// Whether a scroll view under `view` is still gliding (its last steps can move less than a pixel and draw
    /// no frame; a touch then would only stop it, as on iOS).
    private static func isGliding(_ view: UIView) -> Bool {
        if let scroll = view as? UIScrollView, scroll.isDecelerating || scroll.isDragging { return true }
        return view.subviews.contains(where: isGliding)
    }
    private func whenIdle(_ body: @escaping @MainActor () -> Void) { whenIdle { (_: Bool) in body() } }

    struct BadRequest: Error, CustomStringConvertible { var description: String }

    /// A request object, refusing what is not one (before JSONSerialization sees deeply nested input).
    static func parse(_ line: Data) throws -> [String: Any] {
        guard line.count <= maximumLine else { throw BadRequest(description: "request longer than \(maximumLine) bytes") }
        var depth = 0, inString = false, escaped = false
        for byte in line {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B: depth += 1; if depth > 8 { throw BadRequest(description: "request nested too deeply") }
            case 0x5D, 0x7D: depth -= 1
            default: break
            }
        }
        guard let object = try? JSONSerialization.jsonObject(with: line), let request = object as? [String: Any] else {
            throw BadRequest(description: "a request is one JSON object on one line")
        }
        return request
    }

    private static func number(_ value: Any?) -> CGFloat? {
        guard let n = value as? NSNumber, !(value is Bool), n.doubleValue.isFinite, abs(n.doubleValue) < 1e6 else { return nil }
        return CGFloat(n.doubleValue)
    }
    private static func point(_ x: Any?, _ y: Any?) -> CGPoint? {
        guard let x = number(x), let y = number(y) else { return nil }
        return CGPoint(x: x, y: y)
    }
    private static func pair(_ value: Any?) -> CGPoint? {
        guard let list = value as? [Any], list.count == 2 else { return nil }
        return point(list[0], list[1])
    }

    // MARK: The tree

    private func treeDescription() -> [[String: Any]] {
        let windows = application.windows.filter { $0.screen === UIScreen.main }
        return AccessibilityTree.elements(in: windows).map { element in
            let f = element.accessibilityFrame
            let traits = element.accessibilityTraits
            var entry: [String: Any] = [
                "type": Self.elementType(of: element),
                "frame": [f.minX, f.minY, f.width, f.height].map { Double($0) },
                "traits": Self.traitNames(traits),
                "enabled": !traits.contains(.notEnabled),
                "selected": traits.contains(.selected),
                "hittable": isHittable(element),
            ]
            entry["label"] = element.accessibilityLabel
            entry["value"] = element.accessibilityValue
            entry["identifier"] = element.accessibilityIdentifier
            entry["hint"] = element.accessibilityHint
            return entry
        }
    }

    /// XCUIElement.ElementType's name for what the element is.
    static func elementType(of element: any AccessibilityNode) -> String {
        switch element {
        case is UISwitch: return "switch"
        case is UISlider: return "slider"
        case is UIStepper: return "stepper"
        case is UISegmentedControl: return "segmentedControl"
        case is UIPageControl: return "pageIndicator"
        case is UIProgressView: return "progressIndicator"
        case is UIActivityIndicatorView: return "activityIndicator"
        case is UISearchBar: return "searchField"
        case is UITextField: return element.accessibilityTraits.contains(.searchField) ? "searchField" : "textField"
        case is UITextView: return "textView"
        case is UITableViewCell, is UICollectionViewCell: return "cell"
        case is UIImageView: return "image"
        case is SectionIndexView: return "other"
        case is PickerWheelElement: return "pickerWheel"
        case is UILabel: return element.accessibilityTraits.contains(.button) ? "button" : "staticText"
        default:
            let traits = element.accessibilityTraits
            if traits.contains(.keyboardKey) { return "key" }
            if traits.contains(.button) { return "button" }
            if traits.contains(.link) { return "link" }
            if traits.contains(.adjustable) { return "slider" }
            if traits.contains(.image) { return "image" }
            if traits.contains(.staticText) || traits.contains(.header) { return "staticText" }
            return "other"
        }
    }

    static func traitNames(_ traits: UIAccessibilityTraits) -> [String] {
        let names: [(UIAccessibilityTraits, String)] = [
            (.button, "button"), (.link, "link"), (.image, "image"), (.selected, "selected"), (.staticText, "staticText"),
            (.header, "header"), (.notEnabled, "notEnabled"), (.adjustable, "adjustable"), (.searchField, "searchField"),
            (.updatesFrequently, "updatesFrequently"), (.keyboardKey, "keyboardKey"), (.summaryElement, "summaryElement"),
        ]
        return names.filter { traits.contains($0.0) }.map(\.1)
    }

    /// Whether a touch at the element's activation point reaches it (or its view): XCUITest's `isHittable`.
    private func isHittable(_ element: any AccessibilityNode) -> Bool {
        guard let view = ScreenReader.view(of: element), let window = view.window else { return false }
        let point = window.convert(element.accessibilityActivationPoint, from: nil as UIWindow?)
        guard let hit = window.hitTest(point, with: nil) else { return false }
        return hit === view || hit.isDescendant(of: view) || view.isDescendant(of: hit)
    }

    // MARK: Touches

    /// Puts a finger down at `path[0]`, moves it along the path (one point per `hold` seconds), lifts it; `taps`
    /// times, 0.1 s apart. Through `touches` (a uinput touchscreen where the app reads a real seat); `completion`
    /// once the app has seen the last lift.
    private func touch(path: [CGPoint], hold: Double, taps: Int, pause: Double = 0, completion: @escaping @MainActor () -> Void) {
        let touches = self.touches
        var steps: [(delay: Double, event: @MainActor () -> Void)] = []
        for tap in 0..<taps {
            steps.append((tap == 0 ? 0 : 0.1, { touches.down(path[0]) }))
            for (i, p) in path.dropFirst().enumerated() { steps.append((hold + (i == 0 ? pause : 0), { touches.move(p) })) }
            steps.append((path.count == 1 ? hold : 0.016, { touches.up() }))
        }
        touches.whenReady { [weak self] in
            self?.run(steps[...]) { touches.settle(completion) }
        }
    }

    private func run(_ steps: ArraySlice<(delay: Double, event: @MainActor () -> Void)>, completion: @escaping @MainActor () -> Void) {
        guard let first = steps.first else { return completion() }
        let rest = steps.dropFirst()
        if first.delay <= 0 {
            first.event()
            run(rest, completion: completion)
        } else {
            application.runLoop.schedule(after: first.delay) { [weak self] _ in
                first.event()
                self?.run(rest, completion: completion)
            }
        }
    }
}
