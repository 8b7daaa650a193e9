// Scenes: an app written with a scene delegate (Xcode's template since iOS 13) gets its scene connected at launch,
// makes its window with UIWindow(windowScene:), and its scene delegate hears the lifecycle instead of the app
// delegate; the UIApplication notifications are posted either way.
import Foundation
import Testing
@testable import UIKit

/// Xcode's template's scene delegate, as written (but `final`: Vitrine makes it from its class).
final class TemplateSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = (scene as? UIWindowScene) else { return }
        launchLog.append("willConnect \(session.role == .windowApplication) \(scene.activationState)")
        window = UIWindow(windowScene: windowScene)
        let root = UIViewController()
        root.view.backgroundColor = .systemTeal
        window?.rootViewController = root
        window?.makeKeyAndVisible()
    }
    func sceneDidDisconnect(_ scene: UIScene) { launchLog.append("sceneDidDisconnect \(scene.activationState)") }
    func sceneDidBecomeActive(_ scene: UIScene) { launchLog.append("sceneDidBecomeActive \(scene.activationState)") }
    func sceneWillResignActive(_ scene: UIScene) { launchLog.append("sceneWillResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { launchLog.append("sceneWillEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { launchLog.append("sceneDidEnterBackground \(scene.activationState)") }
}

/// The template's app delegate, naming the scene delegate in the configuration (there is no Info.plist).
final class SceneAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        launchLog.append("didFinishLaunching")
        return true
    }
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = TemplateSceneDelegate.self
        return configuration
    }
    // Not called when a scene delegate hears the lifecycle (as on iOS).
    func applicationDidBecomeActive(_ application: UIApplication) { launchLog.append("applicationDidBecomeActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { launchLog.append("applicationDidEnterBackground") }
    func applicationWillTerminate(_ application: UIApplication) { launchLog.append("willTerminate") }
    required override init() { super.init() }
}

@MainActor @Suite struct SceneTests {
    @Test func aSceneDelegateAppLaunchesMakesItsWindowAndHearsTheLifecycle() {
        launchLog = []
        var notes: [String] = []
        let observers = [UIApplication.didBecomeActiveNotification, UIScene.willConnectNotification, UIScene.didActivateNotification,
                         UIScene.didDisconnectNotification].map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let name = note.name.rawValue
                MainActor.assumeIsolated { notes.append(name) }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        let status = runMain(["--vitrine-screen", "320x200@1", "--vitrine-exit-after-frames", "1"],
                             delegate: NSStringFromClass(SceneAppDelegate.self))
        #expect(status == 0)
        #expect(launchLog == ["didFinishLaunching", "willConnect true unattached", "sceneWillEnterForeground",
                              "sceneDidBecomeActive foregroundActive",
                              "sceneWillResignActive", "sceneDidEnterBackground background", "sceneDidDisconnect unattached",
                              "willTerminate"])
        #expect(notes == ["UISceneWillConnectNotification", "UISceneDidActivateNotification", "UIApplicationDidBecomeActiveNotification",
                          "UISceneDidDisconnectNotification"])
        // The window the scene delegate made is the scene's, on the main screen, and was shown.
        let app = UIApplication.shared
        let scene = app.connectedScenes.first as? UIWindowScene
        #expect(app.connectedScenes.count == 1 && scene?.screen === UIScreen.main)
        #expect(scene?.session.role == .windowApplication && scene?.delegate is TemplateSceneDelegate)
        let window = (scene?.delegate as? TemplateSceneDelegate)?.window
        #expect(window?.windowScene === scene && window?.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
        #expect(scene?.windows.count == 1 && scene?.keyWindow === window)
        #expect(app.frameCount == 1)
    }

    @Test func withoutASceneDelegateWindowsStillHaveTheirScene() {
        let app = freshApp()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        let scene = window.windowScene
        #expect(scene != nil && scene?.screen === UIScreen.main && scene?.activationState == .foregroundActive)
        #expect(scene?.delegate == nil && app.connectedScenes.count == 1)
        #expect(scene?.keyWindow === window)
        // The template's way to the key window on iOS 15 and later.
        let key = app.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows).first { $0.isKeyWindow }
        #expect(key === window)
    }

    @Test func theSceneDelegateLookedForIsTheAppModulesSceneDelegate() {
        #expect(UIApplication.defaultSceneDelegateClassName(for: SceneAppDelegate()) == "UIKitTests.SceneDelegate")
        // A class found by that kind of name, as NSClassFromString finds Swift classes on Linux.
        #expect(NSClassFromString("UIKitTests.TemplateSceneDelegate") == TemplateSceneDelegate.self)
    }
}
