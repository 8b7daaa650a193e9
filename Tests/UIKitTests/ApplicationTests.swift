// UIApplication, UIApplicationMain, the run loop's frames, and UIViewController.
import Testing
@testable import UIKit
import VitrinePlatform

@MainActor var launchLog: [String] = []

final class TestAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        launchLog.append("didFinishLaunching")
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .white
        let square = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
        square.backgroundColor = .red
        window.addSubview(square)
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
    func applicationWillTerminate(_ application: UIApplication) { launchLog.append("willTerminate") }
    required override init() { super.init() }
}

/// Logs every lifecycle call with the state the app reports during it.
final class LifecycleAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private func log(_ name: String, _ app: UIApplication) { launchLog.append("\(name) \(app.applicationState)") }
    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log("willFinishLaunching", application)
        return true
    }
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log("didFinishLaunching", application)
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.makeKeyAndVisible()
        return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) { log("didBecomeActive", application) }
    func applicationWillResignActive(_ application: UIApplication) { log("willResignActive", application) }
    func applicationDidEnterBackground(_ application: UIApplication) { log("didEnterBackground", application) }
    func applicationWillEnterForeground(_ application: UIApplication) { log("willEnterForeground", application) }
    func applicationWillTerminate(_ application: UIApplication) { log("willTerminate", application) }
    required override init() { super.init() }
}

/// Calls `UIApplicationMain` with C-style arguments, as an app's `main` would.
@MainActor
func runMain(_ args: [String], delegate: String?) -> Int32 {
    var cStrings = (["app"] + args).map { strdup($0) }
    cStrings.append(nil)
    defer { cStrings.forEach { free($0) } }
    return cStrings.withUnsafeMutableBufferPointer { buf in
        UIApplicationMain(Int32(args.count + 1), buf.baseAddress!, nil, delegate)
    }
}

@MainActor @Suite struct ApplicationTests {
    @Test func applicationMainLaunchesTheDelegateByClassNameAndRunsFrames() {
        launchLog = []
        let status = runMain(["--vitrine-screen", "640x400@2", "--vitrine-exit-after-frames", "1"],
                             delegate: NSStringFromClass(TestAppDelegate.self))
        #expect(status == 0)
        #expect(launchLog == ["didFinishLaunching", "willTerminate"])
        let app = UIApplication.shared
        #expect(app.delegate is TestAppDelegate)
        #expect(app.frameCount == 1)
        #expect(UIScreen.main.bounds.size == CGSize(width: 320, height: 200))
        #expect(UIScreen.main.scale == 2)
        #expect(app.keyWindow?.frame == CGRect(x: 0, y: 0, width: 320, height: 200))
        #expect(app.windows.count == 1)
    }

    /// The lifecycle UIKit reports: launch, active, then (the run loop stopped, as SIGTERM stops it) through the
    /// background to termination; the delegate hears each step before the notification is posted.
    @Test func applicationMainReportsTheLifecycleToTheDelegateAndByNotification() {
        launchLog = []
        let names: [Notification.Name] = [UIApplication.didFinishLaunchingNotification, UIApplication.didBecomeActiveNotification,
                                          UIApplication.willResignActiveNotification, UIApplication.didEnterBackgroundNotification,
                                          UIApplication.willEnterForegroundNotification, UIApplication.willTerminateNotification]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                let short = note.name.rawValue.replacingOccurrences(of: "UIApplication", with: "").replacingOccurrences(of: "Notification", with: "")
                MainActor.assumeIsolated { launchLog.append("(\(short))") }
            }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        let status = runMain(["--vitrine-screen", "320x200@1", "--vitrine-exit-after-frames", "1"],
                             delegate: NSStringFromClass(LifecycleAppDelegate.self))
        #expect(status == 0)
        #expect(launchLog == ["willFinishLaunching inactive", "didFinishLaunching inactive", "(DidFinishLaunching)",
                              "didBecomeActive active", "(DidBecomeActive)",
                              "willResignActive active", "(WillResignActive)", "didEnterBackground background", "(DidEnterBackground)",
                              "willTerminate background", "(WillTerminate)"])
        // The virtual terminal switched away and back (what a panel's display release and acquire call).
        let app = UIApplication.shared
        launchLog = []
        app.enterForeground()
        app.enterBackground()
        app.enterForeground()
        #expect(launchLog == ["willEnterForeground background", "(WillEnterForeground)", "didBecomeActive active", "(DidBecomeActive)",
                              "willResignActive active", "(WillResignActive)", "didEnterBackground background", "(DidEnterBackground)",
                              "willEnterForeground background", "(WillEnterForeground)", "didBecomeActive active", "(DidBecomeActive)"])
        #expect(app.applicationState == .active)
    }

    /// Asking for more frames than a still screen draws ends once the screen has been still for a second.
    @Test func exitAfterFramesEndsOnAStillScreen() {
        launchLog = []
        let status = runMain(["--vitrine-screen", "320x200@1", "--vitrine-exit-after-frames", "50"],
                             delegate: NSStringFromClass(TestAppDelegate.self))
        #expect(status == 0)
        #expect(UIApplication.shared.frameCount < 50)
        #expect(launchLog == ["didFinishLaunching", "willTerminate"])
    }

    @Test func backgroundTasksBeginAndEndWithUnlimitedTime() {
        let app = freshApp()
        let first = app.beginBackgroundTask(withName: "save") {}
        let second = app.beginBackgroundTask(expirationHandler: nil)
        #expect(first != .invalid && second != .invalid && first != second)
        #expect(app.openBackgroundTasks == [first, second] && app.backgroundTimeRemaining == .greatestFiniteMagnitude)
        app.endBackgroundTask(first)
        app.endBackgroundTask(.invalid)
        #expect(app.openBackgroundTasks == [second])
    }

    @Test func anApplicationMadeWithoutLaunchingIsActive() {
        #expect(freshApp().applicationState == .active)
    }

    @Test func applicationMainWritesAScreenshotOfTheScreen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-shot-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(runMain(["--vitrine-screen", "200x120@2", "--vitrine-exit-after-frames", "1", "--vitrine-screenshot", path],
                        delegate: NSStringFromClass(TestAppDelegate.self)) == 0)
        let shot = try #require(UIImage(contentsOfFile: path)?.cgImage)
        #expect(shot.width == 200 && shot.height == 120)
        // A white window with a red square from (10, 10) points: pixels at scale 2.
        #expect(pixel(shot, 30, 30) == (255, 0, 0, 255))
        #expect(pixel(shot, 5, 5) == (255, 255, 255, 255))
        #expect(runMain(["--vitrine-exit-after-frames", "1", "--vitrine-screenshot", "/nonexistent-dir/x.png"],
                        delegate: NSStringFromClass(TestAppDelegate.self)) == 73)
    }

    @Test func applicationMainRejectsBadOptionsAndUnknownClasses() {
        #expect(runMain(["--vitrine-screen", "wide"], delegate: nil) == 64)
        #expect(runMain(["--vitrine-exit-after-frames", "0"], delegate: nil) == 64)
        #expect(runMain(["--vitrine-exit-after-frames", "1"], delegate: "NoSuchModule.NoSuchDelegate") == 70)
    }

    @Test func launchOptionsParseScreens() throws {
        let (size, scale) = try LaunchConfiguration.parseScreen("1920x1080@1.5")
        #expect(size == CGSize(width: 1920, height: 1080) && scale == 1.5)
        #expect(throws: LaunchConfiguration.BadOption.self) { try LaunchConfiguration.parseScreen("0x10") }
        #expect(throws: LaunchConfiguration.BadOption.self) { try LaunchConfiguration.parseScreen("10x10@-1") }
    }

    @Test func theRunLoopAdvancesUnderTestControl() {
        let clock = ManualClock()
        let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 100, height: 100), scale: 1),
                                              clock: clock)
        let window = UIWindow()
        window.makeKeyAndVisible()
        var fired = false
        app.runLoop.schedule(after: 1) { _ in
            fired = true
            window.setNeedsLayout()
        }
        app.runLoop.runUntilIdle()
        let frames = app.frameCount
        #expect(!fired)
        clock.advance(by: 1)
        app.runLoop.runOnce()
        #expect(fired)
        #expect(app.frameCount == frames + 1) // the timer's change is laid out in the same turn
    }

    @Test func theResponderChainRunsViewControllerWindowApplicationDelegate() {
        let app = freshApp()
        let delegate = TestAppDelegate()
        app.delegate = delegate
        let window = UIWindow()
        let controller = UIViewController()
        window.rootViewController = controller
        let leaf = UIView()
        controller.view.addSubview(leaf)
        var chain: [UIResponder] = []
        var r: UIResponder? = leaf
        while let current = r { chain.append(current); r = current.next }
        #expect(chain == [leaf, controller.view, controller, window, app, delegate])
    }
}

@MainActor @Suite struct ViewControllerTests {
    init() { freshApp() }

    final class Built: UIViewController {
        var calls: [String] = []
        override func loadView() {
            calls.append("loadView")
            view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        override func viewDidLoad() { calls.append("viewDidLoad") }
        override func viewWillLayoutSubviews() { calls.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { calls.append("viewDidLayoutSubviews") }
    }

    @Test func theViewLoadsLazilyOnceThenViewDidLoad() {
        let c = Built()
        #expect(!c.isViewLoaded)
        #expect(c.viewIfLoaded == nil)
        #expect(c.calls.isEmpty)
        let v = c.view
        #expect(c.isViewLoaded)
        #expect(c.view === v)
        #expect(c.calls == ["loadView", "viewDidLoad"])
        #expect(v?.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func theDefaultViewFillsTheScreen() {
        let c = UIViewController()
        #expect(c.view.frame == UIScreen.main.bounds)
    }

    @Test func layoutOfTheRootViewIsReportedToTheController() {
        let c = Built()
        let window = UIWindow()
        window.rootViewController = c
        window.makeKeyAndVisible()
        c.calls = []
        UIApplication.shared.runLoop.runOnce()
        #expect(c.calls == ["viewWillLayoutSubviews", "viewDidLayoutSubviews"])
    }
}

@MainActor @Suite struct DescriptionTests {
    init() { freshApp() }

    @Test func descriptionsUseUIKitsFormat() {
        let v = UIView(frame: CGRect(x: 10, y: 20.5, width: 100, height: 50))
        #expect(v.description.hasPrefix("<UIView: 0x"))
        #expect(v.description.contains("; frame = (10 20.5; 100 50); layer = <CALayer: 0x"))
        v.isHidden = true
        v.tag = 4
        v.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        #expect(v.description.contains("; hidden = YES; autoresize = W+BM; tag = 4"))
    }

    @Test func recursiveDescriptionIndentsEachLevel() {
        let root = UIView(), a = UIView(), a1 = UIView(), b = UIView()
        root.addSubview(a); a.addSubview(a1); root.addSubview(b)
        a1.tag = 11
        let lines = root.recursiveDescription.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("<UIView"))
        #expect(lines[1].hasPrefix("   | <UIView"))
        #expect(lines[2].hasPrefix("   |    | <UIView") && lines[2].contains("tag = 11"))
        #expect(lines[3].hasPrefix("   | <UIView"))
    }
}
