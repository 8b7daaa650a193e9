import Foundation

/// An app under test, driven through its accessibility tree as XCUITest drives an iOS app: launched with the
/// UI-test agent on (`VITRINE_UI_AGENT`), or attached to one already running (a board's app, through a socket
/// forwarded over SSH). An iOS UI test ports by importing this module instead of XCTest's UI testing.
public final class XCUIApplication: XCUIElementQueryProviding {
    /// The app's executable (launch only).
    public let executableURL: URL?
    /// Arguments and environment the app is launched with.
    public var launchArguments: [String] = []
    public var launchEnvironment: [String: String] = [:]
    private var process: Process?
    /// The app's agent socket (Vitrine: for tools such as `vitrine-ui` beside the test).
    public private(set) var socketPath: String
    private var connection: UIAgentConnection?

    /// The test's target app, as XCUITest's `XCUIApplication()` is: attached to the one running with its agent at
    /// `VITRINE_UI_TEST_ATTACH` (a socket path: a board's app, forwarded over SSH), else launched from the executable
    /// `VITRINE_UI_TEST_APP` names, else from the executable named after the package beside the test bundle
    /// (`swift test` in MyPanelApp launches `.build/debug/MyPanelApp`). Vitrine's own way to choose the target.
    public convenience init() {
        let environment = ProcessInfo.processInfo.environment
        if let socket = environment["VITRINE_UI_TEST_ATTACH"], !socket.isEmpty {
            self.init(attachingTo: socket)
        } else if let path = environment["VITRINE_UI_TEST_APP"], !path.isEmpty {
            self.init(executable: URL(fileURLWithPath: path))
        } else {
            self.init(executable: Self.packageExecutable())
        }
    }

    /// `NAME` beside the test bundle `NAMEPackageTests.xctest` (SwiftPM names a package's test bundle so).
    private static func packageExecutable() -> URL {
        var bundle = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        while bundle.pathComponents.count > 1, bundle.pathExtension != "xctest" { bundle.deleteLastPathComponent() }
        let name = bundle.deletingPathExtension().lastPathComponent
        let app = name.hasSuffix("PackageTests") ? String(name.dropLast("PackageTests".count)) : name
        return bundle.deletingLastPathComponent().appendingPathComponent(app)
    }

    /// The app at `executable`, launched on a headless screen unless `launchArguments` say otherwise.
    public init(executable: URL) {
        executableURL = executable
        socketPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitrine-ui-\(getpid())-\(UUID().uuidString.prefix(8)).sock").path
    }

    /// An app already running with its agent listening at `socketPath` (`launch()` only connects).
    public init(attachingTo socketPath: String) {
        executableURL = nil
        self.socketPath = socketPath
    }

    /// Starts the app (ending a running one) and waits until its agent answers (at most 30 s).
    public func launch() {
        terminate()
        if let executableURL {
            let process = Process()
            process.executableURL = executableURL
            process.arguments = launchArguments.contains("--vitrine-screen") || launchArguments.contains("--vitrine-board")
                ? launchArguments : ["--vitrine-screen", "1280x800@1"] + launchArguments
            process.environment = ProcessInfo.processInfo.environment.merging(launchEnvironment) { _, new in new }
                .merging(["VITRINE_UI_AGENT": socketPath]) { _, new in new }
            do { try process.run() } catch {
                fatalError("XCUIApplication: cannot launch \(executableURL.path): \(error)")
            }
            self.process = process
        }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let connection = try? UIAgentConnection(path: socketPath), (try? connection.call("hello")) != nil {
                self.connection = connection
                return
            }
            if let process, !process.isRunning { fatalError("XCUIApplication: the app ended during launch (status \(process.terminationStatus))") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        fatalError("XCUIApplication: the app's UI agent did not answer at \(socketPath) within 30 s")
    }

    /// Ends a launched app (SIGTERM: it restores the panel and exits) and waits for it.
    public func terminate() {
        connection = nil
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
    }

    /// Whether the launched app is running.
    public var isRunning: Bool { process?.isRunning ?? (connection != nil) }

    /// A picture of the screen.
    public func screenshot() -> XCUIScreenshot {
        let reply = call("screenshot")
        return XCUIScreenshot(pngRepresentation: Data(base64Encoded: reply["png"] as? String ?? "") ?? Data())
    }

    // MARK: For elements and queries

    /// Every element of the app (what the element-type queries start from).
    public var rootQuery: XCUIElementQuery { XCUIElementQuery(application: self, type: .any, filters: []) }

    func call(_ command: String, _ fields: [String: Any] = [:]) -> [String: Any] {
        guard let connection else { fatalError("XCUIApplication: call launch() first") }
        do { return try connection.call(command, fields) } catch {
            fatalError("XCUIApplication: \(error)")
        }
    }

    /// The tree now.
    func snapshot() -> [XCUIElementSnapshot] {
        (call("tree")["elements"] as? [[String: Any]] ?? []).map(XCUIElementSnapshot.init)
    }
}

/// A picture of the screen.
public struct XCUIScreenshot {
    /// The PNG file's bytes.
    public let pngRepresentation: Data
}

/// What an element is (XCUITest's names).
public extension XCUIElement {
    enum ElementType: String, Sendable {
        case any, other, button, staticText, textField, searchField, textView, `switch`, slider, stepper,
             segmentedControl, pageIndicator, progressIndicator, activityIndicator, cell, image, link, key, pickerWheel
    }
}

/// The element types' queries, on the app and on elements.
public protocol XCUIElementQueryProviding {
    var rootQuery: XCUIElementQuery { get }
}

extension XCUIElementQueryProviding {
    public var buttons: XCUIElementQuery { descendants(matching: .button) }
    public var staticTexts: XCUIElementQuery { descendants(matching: .staticText) }
    public var textFields: XCUIElementQuery { descendants(matching: .textField) }
    public var secureTextFields: XCUIElementQuery { descendants(matching: .textField) }
    public var searchFields: XCUIElementQuery { descendants(matching: .searchField) }
    public var textViews: XCUIElementQuery { descendants(matching: .textView) }
    public var switches: XCUIElementQuery { descendants(matching: .switch) }
    public var sliders: XCUIElementQuery { descendants(matching: .slider) }
    public var steppers: XCUIElementQuery { descendants(matching: .stepper) }
    public var segmentedControls: XCUIElementQuery { descendants(matching: .segmentedControl) }
    public var cells: XCUIElementQuery { descendants(matching: .cell) }
    public var images: XCUIElementQuery { descendants(matching: .image) }
    public var links: XCUIElementQuery { descendants(matching: .link) }
    public var otherElements: XCUIElementQuery { descendants(matching: .other) }
    public var pickerWheels: XCUIElementQuery { descendants(matching: .pickerWheel) }
    /// The on-screen keyboard's keys.
    public var keys: XCUIElementQuery { descendants(matching: .key) }
    /// Every element of `type` (`.any`: every element).
    public func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        rootQuery.with(type: type)
    }
}
