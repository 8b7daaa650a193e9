import UIKit

/// The showcase's entry point for an app delegate: the navigation stack with the home screen at its root.
@MainActor
public enum Showcase {
    /// A new navigation controller showing the home screen.
    public static func makeRootViewController() -> UINavigationController {
        let navigation = UINavigationController(rootViewController: HomeViewController())
        navigation.navigationBar.tintColor = .systemIndigo
        return navigation
    }
}
