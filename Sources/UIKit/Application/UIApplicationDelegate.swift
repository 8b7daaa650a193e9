import CoreGraphics

/// Keys for the launch options passed to `application(_:didFinishLaunchingWithOptions:)`.
extension UIApplication {
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// The app's delegate: told when the app has launched and when it will end.
///
/// Porting note: UIKit makes the delegate from its class (`@main` or `UIApplicationMain`), which in Swift on
/// Linux needs an initializer it can call, so the protocol requires `init()`. A delegate declared as on iOS,
/// `class AppDelegate: UIResponder, UIApplicationDelegate`, needs to be `final` (or declare
/// `required override init()`); that is the only change.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    init()

    /// The app has launched: build and show the first window here. Return `false` only to signal a failed launch.
    func application(_ application: UIApplication,
                      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// The app is about to end (the run loop stopped, or the process got SIGTERM).
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    public func applicationWillTerminate(_ application: UIApplication) {}

    /// The entry point `@main` uses: starts the app with this delegate, as `UIApplicationMain` does on iOS,
    /// and exits with its status when the run loop ends.
    public static func main() {
        let status = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, String(reflecting: Self.self),
                                       delegateType: Self.self)
        exit(status)
    }
}
