// The seeds' Listing 1-1, "Creating a window with views", as a Vitrine app: a white window with a red and a
// blue square. Written as one would on iOS; the only porting change is `final` (see UIApplicationDelegate).
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Create the window object and keep it in the delegate's window property.
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .white

        // Create a simple red square.
        let redView = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        redView.backgroundColor = .red
        redView.isAccessibilityElement = true
        redView.accessibilityLabel = "Red square"

        // Create a simple blue square.
        let blueView = UIView(frame: CGRect(x: 10, y: 150, width: 100, height: 100))
        blueView.backgroundColor = .blue
        blueView.isAccessibilityElement = true
        blueView.accessibilityLabel = "Blue square"

        // Add the square views to the window; the window keeps them.
        window.addSubview(redView)
        window.addSubview(blueView)

        // Show the window.
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
