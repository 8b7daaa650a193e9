import Foundation

// Scenes (iOS 13's UIScene, UIWindowScene, UISceneSession, UISceneConfiguration), so an app written with a scene
// delegate — every Xcode template since 2019 — runs with its SceneDelegate as it is. A panel has one scene per
// screen: the main screen's is the app's window scene (role `.windowApplication`), made at launch; an external
// screen's scene is made when asked for, with no delegate (external screens are still announced by UIScreen's
// notifications). With no scene delegate, the app delegate hears the lifecycle, as an iOS app without scenes does.

/// The role of a scene's session (UIKit's values).
extension UISceneSession {
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The app's interactive window scene.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        /// A scene on an external display the app shows content on without input.
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }
}

/// What a scene is made with: its delegate's class (and scene class), looked up by the app delegate's
/// `application(_:configurationForConnecting:options:)`.
@preconcurrency @MainActor
open class UISceneConfiguration: NSObject {
    /// The configuration's name (iOS reads the Info.plist entry of that name; there is no Info.plist here).
    public let name: String?
    public let role: UISceneSession.Role
    /// The scene delegate's class. Left nil, the class named `SceneDelegate` in the app delegate's module is used,
    /// as the Info.plist of Xcode's template names it.
    open var delegateClass: AnyClass?
    /// The scene's class (a `UIWindowScene` subclass), or nil for `UIWindowScene`.
    open var sceneClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
        super.init()
    }
}

/// A scene's session: its role and configuration, kept while the scene is connected.
@preconcurrency @MainActor
open class UISceneSession: NSObject {
    public let role: UISceneSession.Role
    /// The configuration the app delegate chose for it.
    public internal(set) var configuration: UISceneConfiguration
    /// Unique to the session, kept for the app's run (iOS keeps it across launches; a panel app starts afresh).
    public let persistentIdentifier: String
    /// The scene, while connected.
    public internal(set) weak var scene: UIScene?
    /// The app's own data about the session.
    open var userInfo: [String: Any]?

    init(role: UISceneSession.Role, configuration: UISceneConfiguration) {
        self.role = role
        self.configuration = configuration
        persistentIdentifier = UUID().uuidString
        super.init()
    }
}

/// A scene's lifecycle, told to its delegate. A class adopting it is made from its class by Vitrine, so it needs an
/// initializer Vitrine can call: `init()`, as `UIApplicationDelegate` requires (declare the class `final`).
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    init()
    /// The scene is connecting: set up its windows here (`UIWindow(windowScene:)`).
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// The scene went away (the app is ending).
    func sceneDidDisconnect(_ scene: UIScene)
    /// The scene is active: after launch, and on coming back to the foreground.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// The scene is about to stop being active.
    func sceneWillResignActive(_ scene: UIScene)
    /// The scene is about to come to the foreground.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// The scene is in the background (the virtual terminal switched away, or the app ending). Save state here.
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// A window scene's delegate: keeps the scene's main window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

/// A part of the app's interface with its own lifecycle.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// Where a scene is in its lifecycle (UIKit's values).
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
    }

    /// What the scene was connected with (URLs, activities, notifications on iOS: none on a panel).
    @preconcurrency @MainActor
    open class ConnectionOptions: NSObject {}

    nonisolated public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    nonisolated public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    nonisolated public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")

    public let session: UISceneSession
    /// The scene's delegate; the scene keeps it alive (as UIKit does).
    open var delegate: (any UISceneDelegate)?
    public internal(set) var activationState: ActivationState = .unattached
    /// The scene's title (shown by iPadOS's app switcher; kept).
    open var title: String!

    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
        session.scene = self
    }

    /// Moves the scene to `state`, telling the delegate and posting the notifications of each step.
    func move(to state: ActivationState) {
        let center = NotificationCenter.default
        switch (activationState, state) {
        case (.foregroundActive, .foregroundInactive), (.foregroundActive, .background):
            delegate?.sceneWillResignActive(self)
            center.post(name: Self.willDeactivateNotification, object: self)
            activationState = .foregroundInactive
            if state == .background { move(to: .background) }
            return
        case (.foregroundInactive, .background):
            activationState = .background
            delegate?.sceneDidEnterBackground(self)
            center.post(name: Self.didEnterBackgroundNotification, object: self)
        case (.background, .foregroundInactive), (.background, .foregroundActive), (.unattached, .foregroundInactive), (.unattached, .foregroundActive):
            delegate?.sceneWillEnterForeground(self)
            center.post(name: Self.willEnterForegroundNotification, object: self)
            activationState = .foregroundInactive
            if state == .foregroundActive { move(to: .foregroundActive) }
            return
        case (.foregroundInactive, .foregroundActive):
            activationState = .foregroundActive
            delegate?.sceneDidBecomeActive(self)
            center.post(name: Self.didActivateNotification, object: self)
        default:
            break
        }
    }

    /// The app is ending: the scene goes to the background, then disconnects.
    func disconnect() {
        move(to: .background)
        activationState = .unattached
        delegate?.sceneDidDisconnect(self)
        NotificationCenter.default.post(name: Self.didDisconnectNotification, object: self)
    }
}

/// A scene of windows on one screen.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    /// The screen the scene's windows are on.
    public let screen: UIScreen

    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        screen = UIScreen.main
        super.init(session: session, connectionOptions: connectionOptions)
    }

    init(screen: UIScreen, session: UISceneSession) {
        self.screen = screen
        super.init(session: session, connectionOptions: UIScene.ConnectionOptions())
    }

    /// The scene's windows, back to front.
    open var windows: [UIWindow] { UIApplication.shared.windows.filter { $0.screen === screen } }
    /// The scene's key window.
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    /// The scene's traits: its screen's scale and size, the app's style and layout direction.
    open var traitCollection: UITraitCollection {
        let app = UIApplication.shared
        return UITraitCollection(displayScale: screen.scale, size: screen.bounds.size, style: app.userInterfaceStyle,
                                 layoutDirection: app.userInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
    }
}
