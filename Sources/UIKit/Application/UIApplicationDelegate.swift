import CoreGraphics

/// Keys for the launch options passed to `application(_:didFinishLaunchingWithOptions:)`.
extension UIApplication {
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// The app's delegate: told when the app has launched, when it goes to the background and back (its virtual
/// terminal switched away and back), and when it will end.
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

    /// Launch is under way, before `application(_:didFinishLaunchingWithOptions:)`. (The result answers iOS's
    /// URL and activity launches, which a panel has none of: it is ignored.)
    func application(_ application: UIApplication,
                      willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// The app has become active: after launch, and on coming back to the foreground.
    func applicationDidBecomeActive(_ application: UIApplication)

    /// The app is about to stop being active (its virtual terminal is being switched away, or it is ending).
    func applicationWillResignActive(_ application: UIApplication)

    /// The app is in the background: its virtual terminal was switched away (or it is ending). Save state here.
    func applicationDidEnterBackground(_ application: UIApplication)

    /// The app is about to come back to the foreground (its virtual terminal switched back).
    func applicationWillEnterForeground(_ application: UIApplication)

    /// The configuration for a scene that is connecting (at launch, the main screen's): name the scene delegate's
    /// class in it (`delegateClass`), or leave it nil for the class named `SceneDelegate` in the app's module.
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration

    /// Sessions the user discarded (iPadOS's app switcher; never on a panel).
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)

    /// The app is short of memory (see `UIApplication.didReceiveMemoryWarningNotification`).
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)

    /// The app is about to end (the run loop stopped, or the process got SIGTERM or SIGINT), after entering the
    /// background.
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    public func application(_ application: UIApplication,
                            willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}

    /// The entry point `@main` uses: starts the app with this delegate, as `UIApplicationMain` does on iOS,
    /// and exits with its status when the run loop ends.
    public static func main() {
        let status = UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, String(reflecting: Self.self),
                                       delegateType: Self.self)
        exit(status)
    }
}
