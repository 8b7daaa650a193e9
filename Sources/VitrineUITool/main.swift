// vitrine-ui: an app's UI-test agent (VITRINE_UI_AGENT) from the shell, for scripts and people at a board.
import ArgumentParser
import Foundation
import VitrineUITesting

struct VitrineUI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine-ui",
        abstract: "Drive a Vitrine app through its accessibility tree (the app runs with VITRINE_UI_AGENT=SOCKET).",
        subcommands: [Tree.self, Tap.self, TypeText.self, Wait.self, Screenshot.self])
}

struct Agent: ParsableArguments {
    @Option(name: .long, help: "The app's agent socket (default: $VITRINE_UI_AGENT).")
    var socket: String?

    func connect() throws -> UIAgentConnection {
        guard let path = socket ?? ProcessInfo.processInfo.environment["VITRINE_UI_AGENT"], !path.isEmpty else {
            throw ValidationError("name the app's agent socket with --socket or VITRINE_UI_AGENT")
        }
        return try UIAgentConnection(path: path)
    }

    /// The elements now, in reading order.
    func elements(_ connection: UIAgentConnection) throws -> [[String: Any]] {
        try connection.call("tree")["elements"] as? [[String: Any]] ?? []
    }
}

/// An element by identifier or label: its frame's centre.
func centre(of key: String, in elements: [[String: Any]]) -> (Double, Double)? {
    guard let element = elements.first(where: { $0["identifier"] as? String == key || $0["label"] as? String == key }),
          let f = element["frame"] as? [Double], f.count == 4 else { return nil }
    return (f[0] + f[2] / 2, f[1] + f[3] / 2)
}

struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the elements in reading order.")
    @OptionGroup var agent: Agent
    func run() throws {
        for e in try agent.elements(try agent.connect()) {
            let f = (e["frame"] as? [Double] ?? []).map { String(format: "%g", $0) }.joined(separator: " ")
            var line = "\(e["type"] as? String ?? "other") \"\(e["label"] as? String ?? "")\""
            if let id = e["identifier"] as? String { line += " #\(id)" }
            if let value = e["value"] as? String { line += " value=\"\(value)\"" }
            line += " (\(f))"
            if e["enabled"] as? Bool == false { line += " disabled" }
            if e["selected"] as? Bool == true { line += " selected" }
            print(line)
        }
    }
}

struct Tap: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tap an element (by identifier or label), or a point.")
    @OptionGroup var agent: Agent
    @Argument(help: "The element's identifier or label, or X,Y in screen points.") var target: String
    func run() throws {
        let connection = try agent.connect()
        let parts = target.split(separator: ",").compactMap { Double($0) }
        let point: (Double, Double)
        if parts.count == 2 { point = (parts[0], parts[1]) } else {
            guard let found = centre(of: target, in: try agent.elements(connection)) else {
                throw ValidationError("no element has the identifier or label \"\(target)\"")
            }
            point = found
        }
        _ = try connection.call("tap", ["x": point.0, "y": point.1])
    }
}

struct TypeText: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "type", abstract: "Type text into the focused field.")
    @OptionGroup var agent: Agent
    @Argument var text: String
    func run() throws { _ = try agent.connect().call("type", ["text": text]) }
}

struct Wait: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Wait until an element (by identifier or label) exists.")
    @OptionGroup var agent: Agent
    @Argument var key: String
    @Option(help: "Seconds to wait.") var timeout: Double = 10
    func run() throws {
        let connection = try agent.connect()
        let deadline = Date().addingTimeInterval(timeout)
        while centre(of: key, in: try agent.elements(connection)) == nil {
            guard Date() < deadline else { throw ValidationError("\"\(key)\" did not appear within \(timeout) s") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
}

struct Screenshot: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write the screen as a PNG file.")
    @OptionGroup var agent: Agent
    @Argument var file: String
    func run() throws {
        let png = try agent.connect().call("screenshot")["png"] as? String ?? ""
        guard let data = Data(base64Encoded: png) else { throw ValidationError("the app sent no picture") }
        try data.write(to: URL(fileURLWithPath: file))
    }
}

VitrineUI.main()
