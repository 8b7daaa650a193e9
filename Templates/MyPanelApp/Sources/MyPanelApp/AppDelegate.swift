// The app's entry point, as on iOS: UIKit creates the application, then this delegate, and calls
// application(_:didFinishLaunchingWithOptions:). Vitrine's one porting change: the delegate class is `final`.
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = UINavigationController(rootViewController: CounterViewController())
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
