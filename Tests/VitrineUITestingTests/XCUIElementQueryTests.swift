// The library's own logic, without an app: how a query describes itself in a failure.
@testable import VitrineUITesting
import XCTest

final class XCUIElementQueryTests: XCTestCase {
    /// A failure names the query as it was written (the agent is not asked: nothing is resolved).
    func testQueriesDescribeThemselvesAsWritten() {
        let app = XCUIApplication(attachingTo: "/nonexistent/vitrine-ui.sock")
        XCTAssertEqual(app.buttons["Join"].rootQueryForTests.summary, #"buttons["Join"]"#)
        XCTAssertEqual(app.switches.element(boundBy: 2).rootQueryForTests.summary, "switches.element(boundBy: 2)")
        XCTAssertEqual(app.otherElements.matching(identifier: "tile").firstMatch.rootQueryForTests.summary,
                       #"otherElements.matching(identifier: "tile").element(boundBy: 0)"#)
        XCTAssertEqual(app.descendants(matching: .any)["Home"].rootQueryForTests.summary, #"descendants(matching: .any)["Home"]"#)
    }
}
