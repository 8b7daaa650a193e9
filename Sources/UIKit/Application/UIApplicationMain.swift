import CoreGraphics
import VitrinePlatform
import VitrineText

/// Starts an app, as on iOS: creates the application (of class `principalClassName`, or `UIApplication`) and
/// its delegate (of class `delegateClassName`), calls `application(_:willFinishLaunchingWithOptions:)` and
/// `application(_:didFinishLaunchingWithOptions:)`, makes the app active, and runs the main run loop. Returns
/// the exit status when the loop ends (on iOS it never returns).
///
/// Vitrine's options, taken from the command line (and removed from nothing: the app sees them too):
/// - `--vitrine-screen WxH[@scale]`: a headless screen of W x H pixels (default 1280x800@1), even where there is a
///   panel;
/// - `--vitrine-board NAME|PATH` (or `VITRINE_BOARD`): the board file describing the panel;
/// - `--vitrine-exit-after-frames N`: stop after N frames, or once the screen is still (no frame for a second)
///   after the first (headless runs in tools and CI);
/// - `--vitrine-print-hierarchy`: print each window's `recursiveDescription` when the app ends;
/// - `--vitrine-screenshot PATH`: when the app ends, write the screen (visible windows back to front) as a PNG.
///
/// Exit statuses of a launch that cannot go on: 64 (a malformed option), 69 (no display, or the display lost),
/// 72 (no fonts installed), 70 (no `UIApplication` subclass of that name).
@preconcurrency @MainActor
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    UIApplicationMain(argc, argv, principalClassName, delegateClassName, delegateType: nil)
}

@MainActor
func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                       _ principalClassName: String?, _ delegateClassName: String?,
                       delegateType: (any UIApplicationDelegate.Type)?) -> Int32 {
    ProcessFigures.keepLargeBlocksMapped()
    let arguments = (0..<Int(argc)).map { argv[$0].map { String(cString: $0) } ?? "" }
    let options: LaunchConfiguration
    do {
        options = try LaunchConfiguration(arguments: arguments)
    } catch {
        FileHandle.standardError.write(Data("vitrine: \(error)\n".utf8))
        return 64 // EX_USAGE
    }

    // Text needs a font: with none installed the first label would have nothing to draw with. Say so and stop
    // before the panel is touched, as a missing panel stops the launch (a supervisor's restart would not help).
    guard FontCatalog.shared.hasAnyFont else {
        FileHandle.standardError.write(Data(("vitrine: no fonts are installed (fontconfig found none): install a font "
            + "package, such as fonts-noto-core, and start the app again\n").utf8))
        return 72 // EX_OSFILE: a file the system should have is missing
    }

    let application: UIApplication
    if let principalClassName {
        guard let type = NSClassFromString(principalClassName) as? UIApplication.Type else {
            FileHandle.standardError.write(Data("vitrine: no UIApplication subclass named \(principalClassName)\n".utf8))
            return 70 // EX_SOFTWARE
        }
        application = type.init()
    } else {
        application = UIApplication()
    }
    UIApplication.sharedApplication = application
    do {
        UIScreen.main = try DisplaySelection.screen(for: options, loop: application.runLoop)
    } catch {
        FileHandle.standardError.write(Data("vitrine: \(error)\n".utf8))
        return 69 // EX_UNAVAILABLE: a supervisor may restart us
    }
    // Input from the panel's devices (a headless screen has none; `VITRINE_INPUT_REPLAY` works anywhere).
    let display = UIScreen.main.display
    let onPanel = display?.isPhysical ?? false
    if onPanel || VitrineSettings.current.inputReplay != nil {
        InputSetup.start(application, board: onPanel ? DisplaySelection.selectedBoard : nil,
                         session: onPanel ? DisplaySelection.selectedSession : nil, devices: onPanel)
    }
    application.configurePower(board: onPanel ? DisplaySelection.selectedBoard : nil, onPanel: onPanel)
    if let style = DisplaySelection.selectedBoard?.appearance, onPanel, VitrineSettings.current.appearance == nil {
        application.setUserInterfaceStyle(style == "dark" ? .dark : .light)
    }
    // SIGTERM and SIGINT end the app as a normal exit does: the run loop stops, the delegate hears the app go to
    // the background and applicationWillTerminate, and the panel is restored.
    let terminationSources = [SIGTERM, SIGINT].map { number in
        handleSignal(number, on: .main) { MainActor.assumeIsolated { UIApplication.shared.runLoop.stop() } }
    }
    defer {
        terminationSources.forEach { $0.cancel() }
        // The panel is left lit: a blank screen's backlight and display power come back before the console does.
        application.idleTimer.wakeScreens()
        display?.restore()
    }
    // A display lost for good (device removed, seat manager gone) ends the app with status 69 and the reason,
    // so a supervisor (fbrun --restart, systemd) can start it again when the display is back.
    if let display { application.followDisplayLoss(of: display) }

    let delegateClass = delegateType ?? delegateClassName.flatMap { NSClassFromString($0) as? any UIApplicationDelegate.Type }
    if let delegateClassName, delegateClass == nil {
        FileHandle.standardError.write(Data("vitrine: no UIApplicationDelegate class named \(delegateClassName)\n".utf8))
        return 70
    }
    if let delegateClass { application.delegate = delegateClass.init() }

    // Startup is a budget (the "Figures" article): the panel logs its first flip; other screens log their first frame.
    if !onPanel {
        let log = VitrineLog.logger("vitrine.app")
        application.addFrameObserver { app in
            if app.frameCount == 1 { log.info("\(ProcessFigures.firstFrameMessage())") }
        }
    }
    if let limit = options.exitAfterFrames {
        // A screen that stops changing draws no more frames: once one is drawn, a second without another ends
        // the app too, or a tool asking for more frames than a still screen makes would wait for ever.
        var still: EventLoopTimer?
        application.addFrameObserver { app in
            if app.frameCount >= limit { app.runLoop.stop(); return }
            if let still { app.runLoop.reschedule(still, after: LaunchConfiguration.stillScreenSeconds) } else {
                still = app.runLoop.schedule(after: LaunchConfiguration.stillScreenSeconds) { _ in
                    VitrineLog.logger("vitrine.app").info("the screen is still after \(UIApplication.shared.frameCount) frames: stopping")
                    UIApplication.shared.runLoop.stop()
                }
            }
        }
    }

    application.beginLaunching()
    _ = application.delegate?.application(application, willFinishLaunchingWithOptions: nil)
    let launched = application.delegate?.application(application, didFinishLaunchingWithOptions: nil) ?? true
    guard launched else {
        FileHandle.standardError.write(Data("vitrine: the app delegate reported a failed launch\n".utf8))
        return 1
    }
    application.finishLaunching()
    application.connectMainScene()
    application.becomeActive()
    if let display { application.followDisplayActivity(of: display) }
    application.startServiceNotifications()
    application.startMemoryWarnings()
    if options.screenReader || ProcessInfo.processInfo.environment["VITRINE_SCREEN_READER"] == "1"
        || DisplaySelection.selectedBoard?.screenReader == true {
        // After the first layout, so the reader starts on the launch screen's first element.
        application.runLoop.schedule(after: 0) { _ in UIApplication.shared.startScreenReader() }
    }
    // The UI-test agent, only when asked for (see AccessibilityAgent).
    if let path = ProcessInfo.processInfo.environment["VITRINE_UI_AGENT"], !path.isEmpty {
        application.uiAgent = AccessibilityAgent(application: application, path: path)
    }
    application.runLoop.run()
    application.uiAgent?.stop()
    application.memoryPressureMonitor?.stop()
    application.terminate()

    if options.printHierarchy {
        for window in application.windows {
            print(window.recursiveDescription)
        }
    }
    if let path = options.screenshotPath {
        guard let png = UIScreen.main.snapshotImage()?.pngData() else {
            FileHandle.standardError.write(Data("vitrine: could not render the screenshot\n".utf8))
            return 1
        }
        do {
            try png.write(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("vitrine: could not write the screenshot to \(path): \(error)\n".utf8))
            return 73 // EX_CANTCREAT
        }
    }
    if let lostDisplay = application.displayLostReason {
        FileHandle.standardError.write(Data("vitrine: the display is lost: \(lostDisplay)\n".utf8))
        return 69 // EX_UNAVAILABLE
    }
    return 0
}

/// Vitrine's own command-line options for an app (see `UIApplicationMain`).
struct LaunchConfiguration {
    var screenPixels = CGSize(width: 1280, height: 800)
    var screenScale: CGFloat = 1
    var exitAfterFrames: Int?
    /// How long `--vitrine-exit-after-frames` waits for another frame before taking the screen as still.
    static let stillScreenSeconds = 1.0
    var printHierarchy = false
    var screenshotPath: String?
    /// `--vitrine-screen` was given: headless, whatever the machine has.
    var headlessRequested = false
    var boardName: String?
    /// `--vitrine-screen-reader`: the screen reader runs from launch.
    var screenReader = false

    struct BadOption: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        var i = 1
        func value(_ name: String) throws -> String {
            i += 1
            guard i < arguments.count else { throw BadOption(description: "\(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--vitrine-screen":
                (screenPixels, screenScale) = try Self.parseScreen(try value("--vitrine-screen"))
                headlessRequested = true
            case "--vitrine-board":
                boardName = try value("--vitrine-board")
            case "--vitrine-exit-after-frames":
                let text = try value("--vitrine-exit-after-frames")
                guard let n = Int(text), n > 0 else {
                    throw BadOption(description: "--vitrine-exit-after-frames takes a positive number, got '\(text)'")
                }
                exitAfterFrames = n
            case "--vitrine-screen-reader":
                screenReader = true
            case "--vitrine-print-hierarchy":
                printHierarchy = true
            case "--vitrine-screenshot":
                screenshotPath = try value("--vitrine-screenshot")
            default:
                break // the app's own arguments
            }
            i += 1
        }
    }

    /// Parses `WxH` or `WxH@scale`, e.g. `1920x1080@2`.
    static func parseScreen(_ text: String) throws -> (CGSize, CGFloat) {
        let bad = BadOption(description: "--vitrine-screen takes WIDTHxHEIGHT[@SCALE] in pixels, got '\(text)'")
        let sizeAndScale = text.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(sizeAndScale.count) else { throw bad }
        let dims = sizeAndScale[0].split(separator: "x")
        guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0, w <= 16384, h <= 16384 else {
            throw bad
        }
        var scale: CGFloat = 1
        if sizeAndScale.count == 2 {
            guard let s = Double(sizeAndScale[1]), s > 0, s <= 8 else { throw bad }
            scale = CGFloat(s)
        }
        return (CGSize(width: w, height: h), scale)
    }
}
