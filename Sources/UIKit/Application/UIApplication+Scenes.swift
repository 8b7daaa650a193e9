import Foundation

// The app's scenes (see UIScene.swift): one window scene per screen, the main screen's connected at launch with
// the scene delegate the app delegate's configuration names.

extension UIApplication {
    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    var baseConnectedScenes: Set<UIScene> { Set(UIScreen.screens.map { windowScene(for: $0) }) }
    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    var baseOpenSessions: Set<UISceneSession> { Set(connectedScenes.map(\.session)) }
    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    var baseSupportsMultipleScenes: Bool { false }

    /// The window scene of `screen`, made when first asked for.
    func windowScene(for screen: UIScreen) -> UIWindowScene {
        if let scene = scenes.first(where: { $0.screen === screen }) { return scene }
        // Scenes of screens that were disconnected go.
        scenes.removeAll { scene in !UIScreen.screens.contains { $0 === scene.screen } }
        let role: UISceneSession.Role = screen === UIScreen.main ? .windowApplication : .windowExternalDisplayNonInteractive
        let scene = UIWindowScene(screen: screen, session: UISceneSession(role: role, configuration: UISceneConfiguration(name: nil, sessionRole: role)))
        scene.activationState = sceneState
        scenes.append(scene)
        return scene
    }

    /// The state a scene of this app is in now.
    var sceneState: UIScene.ActivationState {
        switch applicationState {
        case .active: return .foregroundActive
        case .inactive: return .foregroundInactive
        case .background: return .background
        }
    }

    /// Connects the main screen's scene at launch: asks the app delegate for its configuration, makes the scene
    /// delegate it names (or the app's `SceneDelegate` class) and tells it the scene is connecting. Without one the
    /// app delegate keeps hearing the lifecycle.
    func connectMainScene() {
        let options = UIScene.ConnectionOptions()
        var scene = windowScene(for: UIScreen.main)
        // Unattached until the app becomes active: its delegate then hears it enter the foreground and activate.
        scene.activationState = .unattached
        let configuration = delegate?.application(self, configurationForConnecting: scene.session, options: options)
            ?? UISceneConfiguration(name: "Default Configuration", sessionRole: .windowApplication)
        if let sceneClass = configuration.sceneClass {
            guard let type = sceneClass as? UIWindowScene.Type else {
                Self.sceneLog.error("the scene class \(sceneClass) is not a UIWindowScene: using UIWindowScene")
                return connect(scene, configuration, options)
            }
            let custom = type.init(session: UISceneSession(role: .windowApplication, configuration: configuration), connectionOptions: options)
            scenes.removeAll { $0 === scene }
            custom.activationState = scene.activationState
            scenes.append(custom)
            scene = custom
        }
        connect(scene, configuration, options)
    }

    private func connect(_ scene: UIWindowScene, _ configuration: UISceneConfiguration, _ options: UIScene.ConnectionOptions) {
        scene.session.configuration = configuration
        let named: AnyClass? = configuration.delegateClass ?? delegate.flatMap { NSClassFromString(Self.defaultSceneDelegateClassName(for: $0)) }
        guard let named else { return }
        guard let type = named as? any UISceneDelegate.Type else {
            Self.sceneLog.error("the scene delegate class \(named) does not adopt UISceneDelegate (a class needs `init()`: make it final)")
            return
        }
        let sceneDelegate = type.init()
        scene.delegate = sceneDelegate
        NotificationCenter.default.post(name: UIScene.willConnectNotification, object: scene)
        sceneDelegate.scene(scene, willConnectTo: scene.session, options: options)
    }

    /// The scene delegate class looked for when the configuration names none: `SceneDelegate` in the app
    /// delegate's module, what Xcode's template names in its Info.plist ("$(PRODUCT_MODULE_NAME).SceneDelegate").
    static func defaultSceneDelegateClassName(for appDelegate: AnyObject) -> String {
        let module = String(reflecting: type(of: appDelegate)).split(separator: ".").first.map(String.init) ?? ""
        return module + ".SceneDelegate"
    }

    /// The main scene, when a scene delegate hears the lifecycle instead of the app delegate.
    var mainSceneWithDelegate: UIWindowScene? {
        scenes.first { $0.screen === UIScreen.main && $0.delegate != nil }
    }

    /// Every scene follows the app's state (their delegates hear it).
    func moveScenes(to state: UIScene.ActivationState) {
        for scene in scenes { scene.move(to: state) }
    }

    static let sceneLog = VitrineLog.logger("vitrine.scenes")
}

extension UIWindow {
    /// A window on `windowScene`'s screen, filling it.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        screen = windowScene.screen
    }

    /// The behaviour of the overridable member of the same name (declared in UIWindow.swift).
    var baseWindowScene: UIWindowScene? {
        get { application?.windowScene(for: screen) }
        set { if let newValue { screen = newValue.screen } }
    }
}
