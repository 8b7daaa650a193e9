// Tests as an iOS app's are written: XCTest, Swift 5 language mode, synchronous test methods on the main thread,
// no Vitrine set-up. (A @MainActor test class needs async methods on Linux; see Vitrine's "Testing your app" article.)
import UIKit
import XCTest
@testable import MyPanelApp

final class CounterViewControllerTests: XCTestCase {
    func testTheButtonCountsAndTheSwitchLocksIt() {
        let controller = CounterViewController()
        controller.loadViewIfNeeded()
        XCTAssertEqual(controller.countLabel.text, "0")

        controller.addButton.sendActions(for: .touchUpInside)
        controller.addButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(controller.countLabel.text, "2")

        controller.lockSwitch.setOn(true, animated: false)
        controller.lockSwitch.sendActions(for: .valueChanged)
        XCTAssertFalse(controller.addButton.isEnabled)
    }

    func testTheScreenLaysOutInAWindow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 480))
        let controller = CounterViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        // Layout happens on the main run loop's next turn, as on iOS.
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
        let button = controller.addButton.convert(controller.addButton.bounds, to: window)
        XCTAssertEqual(button.width, 280)
        XCTAssertEqual(button.midX, 400, accuracy: 0.5)
        XCTAssertGreaterThan(controller.countLabel.frame.height, 0)
    }
}
