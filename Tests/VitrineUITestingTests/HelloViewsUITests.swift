// A UI test as XCUITest's are written, with `import VitrineUITesting` for `import XCTest`'s UI testing: the example
// app launched headless with its agent, found by its accessibility labels, tapped and photographed.
import Foundation
import VitrineUITesting
import XCTest

final class HelloViewsUITests: XCTestCase {
    func testTheSquaresAreFoundByTheirLabelsAndTapped() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hello-views")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            return XCTFail("\(binary.path) is missing: build every product first (`swift build --build-tests`)")
        }
        let app = XCUIApplication(executable: binary)
        app.launchArguments = ["--vitrine-screen", "320x480@1"]
        app.launch()
        defer { app.terminate() }

        let red = app.otherElements["Red square"]
        XCTAssertTrue(red.waitForExistence(timeout: 5))
        XCTAssertEqual(red.frame, CGRect(x: 10, y: 10, width: 100, height: 100))
        XCTAssertTrue(red.isHittable)
        XCTAssertEqual(app.otherElements.count, 2)
        XCTAssertEqual(app.otherElements.element(boundBy: 1).label, "Blue square")
        XCTAssertFalse(app.buttons["Join"].exists)
        red.tap()
        XCTAssertTrue(app.isRunning)
        XCTAssertEqual(app.screenshot().pngRepresentation.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))

        // The command-line client beside the test, as a shell script would use it.
        let tool = binary.deletingLastPathComponent().appendingPathComponent("vitrine-ui")
        func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let process = Process(), pipe = Pipe()
            process.executableURL = tool
            process.arguments = arguments + ["--socket", app.socketPath]
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }
        let tree = try run(["tree"])
        XCTAssertEqual(tree.status, 0, tree.output)
        XCTAssertEqual(tree.output, "other \"Red square\" (10 10 100 100)\nother \"Blue square\" (10 150 100 100)\n")
        XCTAssertEqual(try run(["tap", "Blue square"]).status, 0)
        XCTAssertEqual(try run(["wait", "Red square", "--timeout", "1"]).status, 0)
        let missing = try run(["tap", "Join"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.output.contains("no element has the identifier or label \"Join\""), missing.output)
    }
}
