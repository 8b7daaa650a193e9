// Memory warnings: the delegate, every view controller in the windows (hidden and presented ones too) and the
// notification hear one; Vitrine's own caches go; a trigger that keeps firing warns once per interval.
import Foundation
import Testing
@testable import UIKit
@testable import QuartzCore
import VitrinePlatform

@MainActor final class WarnedController: UIViewController {
    var warnings = 0
    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        warnings += 1
    }
}

@MainActor final class WarnedDelegate: UIResponder, UIApplicationDelegate {
    var warnings = 0
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) { warnings += 1 }
    required override init() { super.init() }
}

@MainActor @Suite struct MemoryWarningTests {
    @Test func aWarningReachesTheDelegateEveryControllerAndObserversAndEmptiesCaches() {
        let app = freshApp()
        let delegate = WarnedDelegate()
        app.delegate = delegate
        let root = WarnedController(), hidden = WarnedController(), top = WarnedController(), presented = WarnedController()
        let navigation = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        navigation.pushViewController(hidden, animated: false)
        navigation.pushViewController(top, animated: false)
        top.present(presented, animated: false)
        endTurn()
        var posted = 0
        let observer = NotificationCenter.default.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification,
                                                              object: app, queue: nil) { _ in MainActor.assumeIsolated { posted += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        // Something in each of Vitrine's caches.
        NamedImages.cache["test"] = UIImage()
        let store = CGContext.uikitBitmap(pixelWidth: 64, pixelHeight: 64, scale: 1)!
        BackingStorePool.give(store, ink: CGRect(x: 0, y: 0, width: 64, height: 64))
        #expect(BackingStorePool.count > 0)

        app.receiveMemoryWarning()
        #expect(delegate.warnings == 1 && posted == 1)
        #expect([root, hidden, top, presented].map(\.warnings) == [1, 1, 1, 1])
        #expect(NamedImages.cache.isEmpty && BackingStorePool.count == 0)
        // The views stay loaded (UIKit has not unloaded views on a warning since iOS 6).
        #expect(root.isViewLoaded && hidden.isViewLoaded)

        // Again at once (memory still short): not repeated until the interval has passed.
        app.receiveMemoryWarning()
        #expect(delegate.warnings == 1)
        (app.runLoop.clock as! ManualClock).advance(by: UIApplication.memoryWarningInterval)
        app.receiveMemoryWarning()
        #expect(delegate.warnings == 2 && posted == 2 && top.warnings == 2)
    }
}
