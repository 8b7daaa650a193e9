import Foundation
import VitrinePlatform

// The app's lifecycle, as UIKit's app delegate and notifications report it. A panel app is in the foreground
// from launch to exit; what sends it to the background is its virtual terminal being switched away (the display
// released, another program showing), and switching back brings it to the foreground again. SIGTERM (a shutdown,
// `systemctl stop`, fbrun ending it) takes it through resigning and the background to termination, so state saved
// in `applicationDidEnterBackground(_:)`, where iOS advises saving it, is saved here too.

extension UIApplication {
    /// Where the app is in its lifecycle (UIKit's values).
    public enum State: Int, Sendable {
        /// In the foreground, receiving events.
        case active
        /// In the foreground but not receiving events: while launching, and for a moment on the way to or from the
        /// background.
        case inactive
        /// Not shown: the virtual terminal was switched away (or the app is ending).
        case background
    }

    /// Posted after `application(_:didFinishLaunchingWithOptions:)` returns.
    nonisolated public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted when the app becomes active: after launch, and on coming back to the foreground.
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to stop being active (going to the background or ending).
    nonisolated public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the app is in the background (its virtual terminal switched away, or it is ending).
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to come back to the foreground.
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app is about to end.
    nonisolated public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")

    // MARK: Transitions (delegate first, then the notification, as UIKit does)

    /// Launch is under way: the state is inactive until `becomeActive()`.
    func beginLaunching() { applicationState = .inactive }

    /// `application(_:didFinishLaunchingWithOptions:)` has returned.
    func finishLaunching() {
        NotificationCenter.default.post(name: Self.didFinishLaunchingNotification, object: self)
    }

    /// Becomes active (from launch or from the foreground's inactive moment). A scene delegate, when the app has
    /// one, hears the lifecycle instead of the app delegate, as on iOS; the notifications are posted either way.
    func becomeActive() {
        guard applicationState != .active else { return }
        applicationState = .active
        if mainSceneWithDelegate == nil { delegate?.applicationDidBecomeActive(self) }
        moveScenes(to: .foregroundActive)
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
    }

    /// Stops being active.
    func resignActive() {
        guard applicationState == .active else { return }
        if mainSceneWithDelegate == nil { delegate?.applicationWillResignActive(self) }
        moveScenes(to: .foregroundInactive)
        NotificationCenter.default.post(name: Self.willResignActiveNotification, object: self)
        applicationState = .inactive
    }

    /// Resigns if active, then goes to the background.
    func enterBackground() {
        resignActive()
        guard applicationState != .background else { return }
        applicationState = .background
        if mainSceneWithDelegate == nil { delegate?.applicationDidEnterBackground(self) }
        moveScenes(to: .background)
        NotificationCenter.default.post(name: Self.didEnterBackgroundNotification, object: self)
    }

    /// Comes back from the background and becomes active.
    func enterForeground() {
        guard applicationState == .background else { return }
        if mainSceneWithDelegate == nil { delegate?.applicationWillEnterForeground(self) }
        moveScenes(to: .foregroundInactive)
        NotificationCenter.default.post(name: Self.willEnterForegroundNotification, object: self)
        applicationState = .inactive
        becomeActive()
    }

    /// The app is ending: through the background (where apps save their state), its scenes disconnected, then
    /// `applicationWillTerminate`.
    func terminate() {
        enterBackground()
        for scene in scenes { scene.disconnect() }
        delegate?.applicationWillTerminate(self)
        NotificationCenter.default.post(name: Self.willTerminateNotification, object: self)
    }

    /// Follows the main screen's display: released (the VT switched away) sends the app to the background,
    /// acquired again brings it back.
    func followDisplayActivity(of display: any DisplayOutput) {
        display.addActivityObserver { [weak self] active in
            if active { self?.enterForeground() } else { self?.enterBackground() }
        }
    }

    /// A display lost for good stops the run loop, and `displayLostReason` says why (`UIApplicationMain` then
    /// ends with status 69).
    func followDisplayLoss(of display: any DisplayOutput) {
        display.onLost = { [weak self] reason in
            self?.displayLostReason = reason
            self?.runLoop.stop()
        }
    }
}

// MARK: Background tasks

/// A background task's identifier (UIKit's `UIBackgroundTaskIdentifier`).
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// No task: what `beginBackgroundTask` never returns here (iOS returns it when no time is left).
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}

extension UIApplication {
    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    func baseBeginBackgroundTask(withName taskName: String? = nil, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil)
        -> UIBackgroundTaskIdentifier {
        backgroundTaskCount += 1
        let identifier = UIBackgroundTaskIdentifier(rawValue: backgroundTaskCount)
        openBackgroundTasks.insert(identifier)
        return identifier
    }

    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    func baseEndBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        openBackgroundTasks.remove(identifier)
    }

    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    var baseBackgroundTimeRemaining: TimeInterval { .greatestFiniteMagnitude }
}
