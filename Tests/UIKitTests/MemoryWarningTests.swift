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

@MainActor final class WarnedDrawingView: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.red.setFill()
        UIRectFill(rect)
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

        // A hidden window's drawn layers let go of their stores, and draw again when the window is shown.
        let drawing = WarnedDrawingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        let hiddenWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        hiddenWindow.addSubview(drawing)
        hiddenWindow.makeKeyAndVisible()
        let shown = WarnedDrawingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(shown)
        endTurn()
        #expect(drawing.draws == 1 && drawing.layer.contents != nil)
        hiddenWindow.isHidden = true
        (app.runLoop.clock as! ManualClock).advance(by: UIApplication.memoryWarningInterval)
        app.receiveMemoryWarning()
        #expect(drawing.layer.contents == nil)
        #expect(shown.layer.contents != nil && shown.draws == 1) // a shown window keeps its stores
        hiddenWindow.isHidden = false
        endTurn()
        #expect(drawing.draws == 2 && drawing.layer.contents != nil)
        window.makeKeyAndVisible()

        // Again at once (memory still short): not repeated until the interval has passed.
        app.receiveMemoryWarning()
        #expect(delegate.warnings == 2)
        (app.runLoop.clock as! ManualClock).advance(by: UIApplication.memoryWarningInterval)
        app.receiveMemoryWarning()
        #expect(delegate.warnings == 3 && posted == 3 && top.warnings == 3)
    }
}
