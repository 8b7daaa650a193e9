import CoreGraphics
import Foundation
import Testing
@testable import Showcase
@testable import UIKit
import VitrinePlatform

/// The showcase's scripted tour (the README's main job plays it on the virtual board through a uinput touchscreen):
/// played here on a headless 1280x800 screen through the same input path, with each screen checked as it comes.
/// The tour's touches are aimed at the views themselves, so the test also writes them down; the result must equal
/// `Recordings/showcase-tour.txt`, which the board replays. Re-record with RECORD=1 after changing the showcase.
@MainActor @Suite(.serialized) struct ShowcaseTourTests {
    static var recordingPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Recordings/showcase-tour.txt").path
    }

    @Test func theTourVisitsEveryScreenAndMatchesTheShippedRecording() throws {
        // The home screen's clock stopped at the board tour's moment (Tools/virtual-board/tour.py).
        setenv("SHOWCASE_CLOCK", "1780309800", 1)
        defer { unsetenv("SHOWCASE_CLOCK") }
        freshApp(pixels: CGSize(width: 1280, height: 800))
        let building = Building.shared
        building.joinedNetwork = nil
        building.appearance = .unspecified
        let window = shownWindow()
        let navigation = Showcase.makeRootViewController()
        window.rootViewController = navigation
        let tour = Tour(window: window)
        tour.wait(1.0)
        tour.shot("home")

        // Climate: a tap on its tile, the slider dragged to a warmer target, back.
        tour.tap(tour.centre(of: tour.tile("Climate")))
        tour.wait(2.0)
        let climate = try #require(navigation.topViewController as? ClimateViewController)
        let slider = try #require(tour.find(UISlider.self, in: climate.view))
        let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: slider.value)
        let from = slider.convert(CGPoint(x: thumb.midX, y: thumb.midY), to: nil)
        tour.drag(from: from, to: CGPoint(x: from.x + slider.bounds.width * 0.25, y: from.y), duration: 0.6)
        tour.wait(1.2)
        #expect(building.targetTemperature >= 24)
        tour.shot("climate")
        tour.back()
        #expect(navigation.topViewController is HomeViewController)

        // Settings: dark appearance, the schedule's picker opened.
        tour.tap(tour.centre(of: tour.tile("Settings")))
        tour.wait(2.0)
        let settings = try #require(navigation.topViewController as? SettingsViewController)
        let appearance = try #require(tour.find(UISegmentedControl.self, in: settings.view))
        let dark = appearance.convert(CGPoint(x: appearance.bounds.width * 5 / 6, y: appearance.bounds.midY), to: nil)
        tour.tap(dark)
        tour.wait(1.2)
        #expect(window.overrideUserInterfaceStyle == .dark && window.traitCollection.userInterfaceStyle == .dark)
        tour.tap(tour.centre(of: try #require(tour.label("Heating schedule", in: settings.view))))
        tour.wait(1.4)
        #expect(tour.find(UIPickerView.self, in: settings.view) != nil)
        tour.shot("settings-dark")
        tour.back()
        tour.shot("home-dark")

        // Wi-Fi: a network, its password typed on the on-screen keyboard, Join, the alert's OK.
        tour.tap(tour.centre(of: tour.tile("Wi-Fi")))
        tour.wait(2.0)
        let wifi = try #require(navigation.topViewController as? WiFiViewController)
        tour.tap(tour.centre(of: try #require(tour.label("Atrium-Guest", in: wifi.view))))
        tour.wait(2.0)
        let join = try #require(navigation.topViewController as? JoinNetworkViewController)
        let field = try #require(tour.find(UITextField.self, in: join.view))
        #expect(field.isFirstResponder)
        tour.type("welcomehome")
        tour.wait(0.8)
        #expect(field.text == "welcomehome")
        tour.shot("wifi-password")
        let joinButton = try #require(tour.button("Join", in: join.view))

        tour.tap(tour.centre(of: joinButton))
        tour.wait(1.4)

        let connected = try #require(join.presentedViewController as? UIAlertController)
        tour.shot("wifi-connected")
        tour.tap(tour.centre(of: try #require(tour.button("OK", in: connected.view))))
        tour.wait(1.8)
        #expect(building.joinedNetwork == "Atrium-Guest" && navigation.topViewController === wifi)
        tour.back()

        // Directory: the long list flung upwards, then floor 4 picked on the section index. (The shot is after the
        // index jump: where a fling stops depends on the touches' real timing, which the board cannot keep exactly
        // under emulation; the index puts floor 4 at the top wherever the fling ended.)
        tour.tap(tour.centre(of: tour.tile("Directory")))
        tour.wait(2.0)
        let directory = try #require(navigation.topViewController as? DirectoryViewController)
        let list = try #require(tour.find(UITableView.self, in: directory.view))
        tour.drag(from: CGPoint(x: 640, y: 700), to: CGPoint(x: 640, y: 250), duration: 0.15)
        tour.wait(2.5)
        #expect(list.contentOffset.y > 1000)
        // A touch on a list still gliding only stops it (as on iOS), so the index is touched a second after the glide
        // has ended (the board's glide, from a slightly different speed, ends within a fraction of that).
        while list.isDecelerating { tour.wait(0.1) }
        tour.wait(1.0)
        let index = try #require(list.sectionIndexView)
        let floor4 = try #require(index.subviews.compactMap { $0 as? UILabel }.first { $0.text == "4" })
        tour.tap(tour.centre(of: floor4))
        tour.wait(1.0)
        #expect(list.contentOffset.y == list.rect(forSection: 8).minY - list.adjustedContentInset.top)
        tour.shot("directory")
        tour.back()

        // The Arabic reception screen, laid out right to left.
        tour.tap(tour.centre(of: tour.tile("الاستقبال")))
        tour.wait(2.0)
        let lobby = try #require(navigation.topViewController as? LobbyViewController)
        #expect(lobby.view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        tour.shot("reception-arabic")
        tour.back()

        // Security: the alert, cancelled.
        tour.tap(tour.centre(of: tour.tile("Security")))
        tour.wait(2.0)
        let alert = try #require(navigation.topViewController?.presentedViewController as? UIAlertController)
        tour.shot("security-alert")
        tour.tap(tour.centre(of: try #require(tour.button("Cancel", in: alert.view))))
        tour.wait(1.2)
        #expect(navigation.topViewController?.presentedViewController == nil)
        tour.shot("end")

        let text = tour.recordingText
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            try text.write(toFile: Self.recordingPath, atomically: true, encoding: .utf8)
        } else {
            let shipped = try String(contentsOfFile: Self.recordingPath, encoding: .utf8)
            #expect(shipped == text, "the showcase's tour no longer matches Recordings/showcase-tour.txt: re-record with RECORD=1")
        }
    }
}

extension ShowcaseTourTests {
    /// Every screen, pushed and popped (and an alert shown and dismissed), is freed with its views: a kiosk runs for
    /// months, so a screen visited must not stay behind.
    @Test func screensThatWereLeftAreFreed() {
        freshApp(pixels: CGSize(width: 1280, height: 800))
        let window = shownWindow()
        let navigation = Showcase.makeRootViewController()
        window.rootViewController = navigation
        frames(0.1, every: 0.1)
        let makers: [() -> UIViewController] = [
            { ClimateViewController() }, { SettingsViewController() }, { WiFiViewController() },
            { JoinNetworkViewController(network: WiFiNetwork.nearby[1]) }, { DirectoryViewController() },
            { LobbyViewController() },
        ]
        for make in makers {
            weak var left: UIViewController?
            weak var leftView: UIView?
            do {
                let controller = make()
                left = controller
                navigation.pushViewController(controller, animated: true)
                frames(0.5, every: 0.1)
                leftView = controller.view
                let alert = UIAlertController(title: "A", message: "B", preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "OK", style: .default))
                controller.present(alert, animated: true)
                frames(0.4, every: 0.1)
                alert.dismiss(animated: true)
                frames(0.4, every: 0.1)
                navigation.popViewController(animated: true)
                frames(0.5, every: 0.1)
            }
            frames(0.1, every: 0.1)
            #expect(left == nil, "\(String(describing: left)) is still alive after it was popped")
            #expect(leftView == nil)
        }
    }
}

/// Plays touches into the headless app while writing them down as a recording (a fresh device, times from 0.1 s,
/// positions as fractions of the screen), with "# shot SECONDS NAME" lines marking when each screen has settled.
@MainActor
final class Tour {
    let window: UIWindow
    let app = UIApplication.shared
    private let device = 1
    private var t: UInt64 = 100_000 // µs since the recording's start
    private let start: Double // the manual clock's time at the recording's start
    private var events: [InputEvent] = []
    private var shots: [String] = []
    var clock: ManualClock { app.runLoop.clock as! ManualClock }

    init(window: UIWindow) {
        self.window = window
        start = UIApplication.shared.runLoop.clock.now
        send(.deviceAdded(time: 0, InputDeviceInfo(id: device, name: "Vitrine Replay Touch", node: "replay", capabilities: .touch)))
    }

    private func send(_ event: InputEvent) {
        events.append(event)
        app.input.handle(event.at(UInt64((start * 1_000_000).rounded()) + event.time))
    }

    /// Lets `seconds` pass in 60 Hz frames.
    func wait(_ seconds: Double) {
        let end = t + UInt64((seconds * 1_000_000).rounded())
        while t < end {
            t = min(end, t + 16_667)
            clock.advance(by: start + Double(t) / 1_000_000 - clock.now)
            app.runLoop.runOnce(maximumWait: 0)
        }
    }

    /// Marks a settled screen, then holds it 1.5 s more (a capture taken a little late still shows it); with
    /// SHOWCASE_SHOTS=DIR the headless screen is also saved there as NAME.png.
    func shot(_ name: String) {
        defer { wait(1.5) }
        shots.append(String(format: "# shot %.2f %@", Double(t) / 1_000_000, name))
        if let directory = ProcessInfo.processInfo.environment["SHOWCASE_SHOTS"], let png = UIScreen.main.snapshotImage()?.pngData() {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try? png.write(to: URL(fileURLWithPath: directory).appendingPathComponent(name + ".png"))
        }
    }

    private func fraction(_ p: CGPoint) -> (Double, Double) {
        let b = UIScreen.main.bounds
        return ((Double(p.x / b.width) * 1e6).rounded() / 1e6, (Double(p.y / b.height) * 1e6).rounded() / 1e6)
    }

    private func down(_ p: CGPoint) {
        let (x, y) = fraction(p)
        send(.touchDown(time: t, device: device, slot: 0, x: x, y: y, major: 0.02))
        send(.touchFrame(time: t, device: device))
    }

    private func up() {
        send(.touchUp(time: t, device: device, slot: 0))
        send(.touchFrame(time: t, device: device))
    }

    func tap(_ p: CGPoint) {
        down(p)
        wait(0.07)
        up()
        wait(0.03)
    }

    /// A finger from `a` to `b` in 10 ms steps over `duration`, lifted at the end (a quick one flings).
    func drag(from a: CGPoint, to b: CGPoint, duration: Double) {
        down(a)
        let steps = max(2, Int(duration / 0.01))
        for i in 1...steps {
            wait(0.01)
            let f = CGFloat(i) / CGFloat(steps)
            let (x, y) = fraction(CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
            send(.touchMotion(time: t, device: device, slot: 0, x: x, y: y, major: 0.02))
            send(.touchFrame(time: t, device: device))
        }
        up()
    }

    /// Types lower-case letters on the on-screen keyboard, a key every quarter second.
    func type(_ text: String) {
        guard let keyboard = app.windows.last(where: { $0 !== window }) else {
            Issue.record("no keyboard window")
            return
        }
        var keys: [String: CGPoint] = [:]
        func collect(_ v: UIView) {
            if let label = v as? UILabel, let text = label.text, let key = label.superview {
                keys[text.lowercased()] = key.convert(CGPoint(x: key.bounds.midX, y: key.bounds.midY), to: nil)
                    .applying(CGAffineTransform(translationX: keyboard.frame.minX, y: keyboard.frame.minY))
            }
            v.subviews.forEach(collect)
        }
        collect(keyboard)
        for c in text {
            guard let p = keys[String(c)] else {
                Issue.record("no key \(c) on the keyboard")
                return
            }
            tap(p)
            wait(0.15)
        }
    }

    /// Back to the previous screen: a tap on the navigation bar's back button.
    func back() {
        tap(CGPoint(x: 40, y: 22))
        wait(1.4)
    }

    func centre(of view: UIView) -> CGPoint { view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil) }

    func find<T: UIView>(_ type: T.Type, in root: UIView) -> T? {
        if let match = root as? T { return match }
        for s in root.subviews { if let m = find(type, in: s) { return m } }
        return nil
    }

    func tile(_ title: String) -> UIView {
        func search(_ v: UIView) -> UIView? {
            if v is UIControl, v.accessibilityLabel == title { return v }
            for s in v.subviews { if let m = search(s) { return m } }
            return nil
        }
        return search(window)!
    }

    func label(_ text: String, in root: UIView) -> UIView? {
        if let l = root as? UILabel, l.text == text { return l }
        for s in root.subviews { if let m = label(text, in: s) { return m } }
        return nil
    }

    func button(_ title: String, in root: UIView) -> UIView? {
        if let b = root as? UIButton, b.title(for: .normal) == title || b.configuration?.title == title { return b }
        for s in root.subviews { if let m = button(title, in: s) { return m } }
        return nil
    }

    var recordingText: String {
        ([InputRecording.header,
          "# The showcase's tour (written by ShowcaseTourTests on a 1280x800 screen; re-record with RECORD=1)."]
         + shots + events.map(InputRecording.line(for:))).joined(separator: "\n") + "\n"
    }
}
