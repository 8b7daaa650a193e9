// vboard-probe: the app the virtual-board tests run on a real KMS/DRM device (Tools/virtual-board/run-tests.py).
// A scene with text, colour and corners; signals drive it so the test (a shell script in the guest) can ask
// for the things a panel must show:
//   SIGUSR1  recolour one small square (a damage-only update)
//   SIGUSR2  animate: move a square every frame for 90 frames, then report the flip rate
// Every external screen (at launch or connected later) gets a window filled with orange; connections and
// disconnections are reported as "screen connected WxH (N screens)" / "screen disconnected (N screens)".
// It reports on standard output: "flip N" for every completed page flip, "first-flip-uptime S" (the guest's
// /proc/uptime at the first flip), "update-flipped N", "animation: F frames in S s".
// `--video` adds a 320x240-point "video" (a layer that asks for an overlay plane) at (400, 200) whose picture
// alternates between two images on every animation frame; with `--video`, SIGUSR1 shows the second picture instead of
// recolouring (`--video-second` starts with it: the tests' expected image).
// `--updated` starts in the recoloured state (the tests render their expected images headless with it).
// `--slide` shows a 100-point magenta square at x = 100 (y = 300) from the first flip and prints "slide-ready"; SIGUSR1
// then slides it to x = 1000 in one second, linearly (a `UIView.animate` block), printing "slide-start" and, at its
// completion, "slide-end". (The test starts the host's captures first: under TCG the guest's shell takes most of a
// second to notice a line and ask for them.)
import Foundation
import UIKit
import VitrinePlatform

@main
final class ProbeDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var marker: UIView!
    var mover: UIView!
    var sources: [DispatchSourceSignal] = []
    var updatePending = false
    var animation: (frames: Int, started: Double, cpu: Double)?
    /// VBOARD_FULL_CHANGE=1: every animation frame also recolours the whole window (a full-frame change).
    let fullChange = ProcessInfo.processInfo.environment["VBOARD_FULL_CHANGE"] == "1"
    /// VBOARD_SOAK_FLIPS=N: animate from the first flip until N flips, watching resident memory.
    let soakFlips = Int(ProcessInfo.processInfo.environment["VBOARD_SOAK_FLIPS"] ?? "") ?? 0
    var soakRSS: (start: Int, max: Int)?
    /// `--video`: the layer on the overlay plane and its two pictures.
    var video: UIView?
    var videoFrames: [CGImage] = []
    var externalWindows: [UIScreen: UIWindow] = [:]
    var observers: [any NSObjectProtocol] = []

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = UIColor(white: 0.95, alpha: 1)
        let b = window.bounds
        let title = UILabel(frame: CGRect(x: 20, y: 16, width: b.width - 40, height: 40))
        title.text = "Vitrine on KMS"
        title.font = UIFont.systemFont(ofSize: 28, weight: .bold)
        title.textColor = .black
        window.addSubview(title)
        let colours: [UIColor] = [.systemRed, .systemGreen, .systemBlue, .systemOrange]
        for (i, colour) in colours.enumerated() {
            let tile = UIView(frame: CGRect(x: 20 + CGFloat(i) * 70, y: 70, width: 60, height: 60))
            tile.backgroundColor = colour
            tile.layer.cornerRadius = 10
            window.addSubview(tile)
        }
        // The top-left pixel quadrant tells the tests which way the panel is turned.
        let corner = UIView(frame: CGRect(x: 0, y: 0, width: 12, height: 12))
        corner.backgroundColor = .magenta
        window.addSubview(corner)
        marker = UIView(frame: CGRect(x: 20, y: 150, width: 40, height: 40))
        marker.backgroundColor = CommandLine.arguments.contains("--updated") ? .systemPurple : .darkGray
        window.addSubview(marker)
        mover = UIView(frame: CGRect(x: 80, y: 150, width: 40, height: 40))
        mover.backgroundColor = .systemTeal
        window.addSubview(mover)
        if CommandLine.arguments.contains("--video") {
            videoFrames = [videoPicture(phase: 0), videoPicture(phase: 1)]
            let video = UIView(frame: CGRect(x: 400, y: 200, width: 320, height: 240))
            video.layer.contents = videoFrames[CommandLine.arguments.contains("--video-second") ? 1 : 0]
            video.layer.prefersOverlayPlane = true
            window.addSubview(video)
            self.video = video
        }
        window.makeKeyAndVisible()
        self.window = window

        for screen in UIScreen.screens.dropFirst() { show(on: screen) }
        say("screens \(UIScreen.screens.count)")
        observers.append(NotificationCenter.default.addObserver(forName: UIScreen.didConnectNotification, object: nil, queue: .main) { note in
            // Delivered on the main queue (queue: .main): the object is only touched there.
            nonisolated(unsafe) let object = note.object
            MainActor.assumeIsolated {
                guard let screen = object as? UIScreen else { return }
                self.show(on: screen)
                say("screen connected \(Int(screen.nativeBounds.width))x\(Int(screen.nativeBounds.height)) (\(UIScreen.screens.count) screens)")
            }
        })
        observers.append(NotificationCenter.default.addObserver(forName: UIScreen.didDisconnectNotification, object: nil, queue: .main) { note in
            nonisolated(unsafe) let object = note.object
            MainActor.assumeIsolated {
                guard let screen = object as? UIScreen else { return }
                self.externalWindows[screen] = nil
                say("screen disconnected (\(UIScreen.screens.count) screens)")
            }
        })
        // (Delivered as it is posted, after the delegate heard it: `queue: .main` would deliver on a later turn,
        // and at SIGTERM there is none.)
        observers.append(NotificationCenter.default.addObserver(forName: UIApplication.didEnterBackgroundNotification, object: nil,
                                                                queue: nil) { _ in say("lifecycle: didEnterBackgroundNotification") })
        if let output = UIScreen.main.output as? any FrameStatisticsOutput {
            output.addFlipObserver { [weak self, unowned output] in self?.flipped(output) }
        }
        sources = [
            handleSignal(SIGUSR1, on: .main) { [weak self] in
                MainActor.assumeIsolated { if CommandLine.arguments.contains("--slide") { self?.slide() } else { self?.recolour() } }
            },
            handleSignal(SIGUSR2, on: .main) { [weak self] in MainActor.assumeIsolated { self?.animate() } },
            handleSignal(SIGHUP, on: .main) { MainActor.assumeIsolated { cursorBench() } },
        ]
        return true
    }

    // The lifecycle, as a VT switch and SIGTERM drive it (the tests read these lines in order).
    func applicationDidBecomeActive(_ application: UIApplication) { say("lifecycle: didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { say("lifecycle: willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { say("lifecycle: didEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { say("lifecycle: willEnterForeground") }
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) { say("memory warning") }
    func applicationWillTerminate(_ application: UIApplication) {
        say("lifecycle: willTerminate, state \(application.applicationState == .background ? "background" : "not background")")
    }

    /// A window on an external screen: orange, with a label.
    func show(on screen: UIScreen) {
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.backgroundColor = .orange
        let label = UILabel(frame: CGRect(x: 20, y: 20, width: 400, height: 40))
        label.text = "External display"
        window.addSubview(label)
        window.isHidden = false
        externalWindows[screen] = window
    }

    var square: UIView?

    /// The square at its start, on screen before it moves.
    func showSquare() {
        let square = UIView(frame: CGRect(x: 100, y: 300, width: 100, height: 100))
        square.backgroundColor = .magenta
        window?.addSubview(square)
        self.square = square
        CATransaction.flush()
        say("slide-ready")
    }

    func slide() {
        guard let square, square.frame.origin.x == 100 else { return }
        say("slide-start")
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { square.frame.origin.x = 1000 },
                       completion: { finished in say("slide-end \(finished) missed \(UIApplication.shared.missedFrameCount)") })
    }

    func recolour() {
        updatePending = true
        if let video, videoFrames.count == 2 {
            video.layer.contents = videoFrames[1]
            return
        }
        marker.backgroundColor = .systemPurple
    }

    func animate() {
        animation = (0, ProcessInfo.processInfo.systemUptime, processCPUMicroseconds())
        step()
    }

    /// A test picture for the video layer at the screen's scale: stripes and a diagonal, shifted by `phase`.
    func videoPicture(phase: Int) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = UIScreen.main.scale
        format.opaque = true
        return UIGraphicsImageRenderer(size: CGSize(width: 320, height: 240), format: format).image { ctx in
            for i in 0..<8 {
                UIColor(hue: CGFloat((i + phase * 3) % 8) / 8, saturation: 0.8, brightness: 0.9, alpha: 1).setFill()
                ctx.fill(CGRect(x: CGFloat(i) * 40, y: 0, width: 40, height: 240))
            }
            UIColor.black.setStroke()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: phase == 0 ? 0 : 240))
            line.addLine(to: CGPoint(x: 320, y: phase == 0 ? 240 : 0))
            line.lineWidth = 3
            line.stroke()
        }.cgImage!
    }

    func step() {
        if let video, videoFrames.count == 2 {
            video.layer.contents = videoFrames[(animation?.frames ?? 0) % 2 == 0 ? 1 : 0]
        }
        mover.center.x += 2
        if mover.frame.maxX > (window?.bounds.width ?? 0) { mover.frame.origin.x = 80 }
        if fullChange {
            let grey: CGFloat = window?.backgroundColor == UIColor(white: 0.95, alpha: 1) ? 0.9 : 0.95
            window?.backgroundColor = UIColor(white: grey, alpha: 1)
        }
    }

    /// The soak: steps on every flip; resident memory after 100 flips (warmed up), its maximum, and at the end.
    func soak(_ output: any FrameStatisticsOutput) {
        let rss = residentKiB()
        if output.flipCount == 100 { soakRSS = (rss, rss); animation = (0, ProcessInfo.processInfo.systemUptime, processCPUMicroseconds()) }
        if var watched = soakRSS { watched.max = max(watched.max, rss); soakRSS = watched }
        if output.flipCount >= soakFlips, let watched = soakRSS, let running = animation {
            let seconds = ProcessInfo.processInfo.systemUptime - running.started
            say(String(format: "soak: %d flips in %.1f s, resident KiB after 100 flips %d, at the end %d, at most %d",
                       output.flipCount, seconds, watched.start, rss, watched.max))
            soakRSS = nil
            animation = nil
            return
        }
        step()
    }

    func flipped(_ output: any FrameStatisticsOutput) {
        // A soak says every thousandth flip only (its output goes over 9p).
        if soakFlips == 0 || output.flipCount % 1000 == 0 { say("flip \(output.flipCount) bytes \(output.bytesCopiedLastFrame)") }
        if output.flipCount == 1, let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8) {
            say("first-flip-uptime \(uptime.split(separator: " ")[0])")
            if CommandLine.arguments.contains("--slide") { showSquare() }
        }
        if updatePending {
            updatePending = false
            say("update-flipped \(output.flipCount) bytes \(output.bytesCopiedLastFrame)")
        }
        if soakFlips > 0 {
            if output.flipCount < soakFlips || soakRSS != nil { soak(output) }
            return
        }
        if var running = animation {
            running.frames += 1
            animation = running
            if running.frames < 90 {
                step()
            } else {
                let seconds = ProcessInfo.processInfo.systemUptime - running.started
                let cpu = (processCPUMicroseconds() - running.cpu) / Double(running.frames)
                say("animation: \(running.frames) frames in \(String(format: "%.3f", seconds)) s, mode \(String(format: "%.2f", output.refreshRate ?? 0)) Hz, "
                    + "\(String(format: "%.0f", cpu)) us CPU per frame, \(output.bytesCopiedLastFrame) bytes copied in the last"
                    + (video != nil ? ", \(output.overlayBytesCopiedLastFrame) to the overlay plane (\(output.isOverlayShown ? "on it" : "not on it"))" : ""))
                animation = nil
            }
        }
    }
}

/// The process's CPU time (user + system), in microseconds.
func processCPUMicroseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
}

/// Resident memory (VmRSS), KiB.
func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// SIGHUP: the pointer's cost — 1,000 absolute pointer events through the input path (InputRouter ->
/// PointerCursor -> the cursor plane, or the drawn pointer), timed; then the frames they caused, if any.
@MainActor
func cursorBench() {
    let app = UIApplication.shared
    let device = 9_999
    app.input.handle(.deviceAdded(time: MonotonicClock.microsecondsNow, InputDeviceInfo(id: device, name: "bench pointer", node: "bench", capabilities: .pointer)))
    let output = UIScreen.main.output as? any FrameStatisticsOutput
    let flipsBefore = output?.flipCount ?? 0, updatesBefore = output?.cursorUpdates ?? 0
    let count = 1_000
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let cpuBefore = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    let start = MonotonicClock.microsecondsNow
    for i in 0..<count {
        let t = Double(i) / Double(count)
        app.input.handle(.pointerAbsolute(time: MonotonicClock.microsecondsNow, device: device, x: 0.2 + 0.6 * t, y: 0.3 + 0.4 * t))
    }
    let elapsed = Double(MonotonicClock.microsecondsNow - start)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) - cpuBefore
    let plane = output?.isCursorShown ?? false
    say(String(format: "cursor-bench: %d moves, %.1f us each (%.1f us CPU), %@, %d cursor-plane updates, %d flips",
               count, elapsed / Double(count), cpu / Double(count), plane ? "cursor plane" : "drawn",
               (output?.cursorUpdates ?? 0) - updatesBefore, (output?.flipCount ?? 0) - flipsBefore))
}

/// One line on standard output, written at once (the guest script waits for these lines).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
