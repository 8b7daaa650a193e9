// A UI test as XCUITest's are written: the app launched (here on a headless screen, with its UI-test agent on) and
// driven through its accessibility tree by labels and identifiers, with real touches through its input path.
// The same test drives the app on a board: start it there with VITRINE_UI_AGENT=/run/my-panel-app/ui.sock, forward
// that socket (ssh -L /tmp/panel.sock:/run/my-panel-app/ui.sock root@panel) and run
// VITRINE_UI_TEST_ATTACH=/tmp/panel.sock swift test --filter MyPanelAppUITests (see Vitrine's "Testing your app").
import VitrineUITesting
import XCTest

final class MyPanelAppUITests: XCTestCase {
    func testVisitorsAreCountedUntilTheCounterIsLocked() {
        let app = XCUIApplication()
        app.launch()
        defer { app.terminate() }

        let add = app.buttons["Add a visitor"]
        XCTAssertTrue(add.waitForExistence(timeout: 10))
        let count = app.staticTexts["visitor-count"]
        let before = Int(count.label) ?? -1
        add.tap()
        add.tap()
        XCTAssertEqual(Int(count.label), before + 2)

        let lock = app.switches["Lock the counter"]
        XCTAssertEqual(lock.value as? String, "0")
        lock.tap()
        XCTAssertEqual(lock.value as? String, "1")
        XCTAssertFalse(add.isEnabled)
        XCTAssertEqual(app.screenshot().pngRepresentation.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
