// The Vitrine showcase: a building lobby's control panel, written as an iOS app is (an app delegate, view
// controllers, Auto Layout, UIKit's controls). The screens are in the Showcase module, so the tests can drive them.
import Showcase
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = Showcase.makeRootViewController()
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
