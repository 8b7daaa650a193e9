// The accessibility tree (UIKit's container protocol and element defaults, VoiceOver's reading order left to right
// and right to left, modal views) and the screen reader driven by its gestures through the input pipeline on the
// manual clock: focus moves, activation through a real tap, adjusting, paging, escaping, announcements.
import Testing
import Foundation
@testable import UIKit

@MainActor @Suite struct ScreenReaderTests {
    let app: UIApplication
    init() { app = freshApp(pixels: CGSize(width: 400, height: 300)) }

    /// A window with a heading, two buttons side by side, a switch and a slider below.
    private func form(rtl: Bool = false) -> (UIWindow, UIButton, UIButton, UISwitch, UISlider) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let root = UIView(frame: window.bounds)
        if rtl { root.semanticContentAttribute = .forceRightToLeft }
        window.addSubview(root)
        let title = UILabel(frame: CGRect(x: 20, y: 10, width: 200, height: 30))
        title.text = "Settings"
        title.accessibilityTraits = .header
        // Added out of reading order on purpose: the tree orders by place, not by hierarchy.
        let cancel = UIButton(type: .system), join = UIButton(type: .system)
        cancel.setTitle("Cancel", for: .normal)
        join.setTitle("Join", for: .normal)
        join.frame = CGRect(x: 220, y: 60, width: 100, height: 40)
        cancel.frame = CGRect(x: 20, y: 62, width: 100, height: 40)
        let wifi = UISwitch(frame: CGRect(x: 20, y: 120, width: 51, height: 31))
        wifi.accessibilityLabel = "Wi-Fi"
        let volume = UISlider(frame: CGRect(x: 20, y: 180, width: 300, height: 30))
        volume.accessibilityLabel = "Volume"
        volume.value = 0.5
        for v in [join, volume, title, wifi, cancel] as [UIView] { root.addSubview(v) }
        window.makeKeyAndVisible()
        return (window, cancel, join, wifi, volume)
    }

    private func labels(_ elements: [any AccessibilityNode]) -> [String] { elements.map { $0.accessibilityLabel ?? "?" } }

    private func startReader() -> UtteranceLog {
        let log = UtteranceLog(path: nil)
        app.screenReader = ScreenReader(application: app, speech: log)
        app.screenReader?.start()
        return log
    }

    @Test func theTreeReadsRowsTopToBottomLeadingToTrailing() {
        let (window, _, _, _, _) = form()
        #expect(labels(AccessibilityTree.elements(in: [window])) == ["Settings", "Cancel", "Join", "Wi-Fi", "Volume"])
        let (rtlWindow, _, _, _, _) = form(rtl: true)
        #expect(labels(AccessibilityTree.elements(of: rtlWindow.subviews[0])) == ["Settings", "Join", "Cancel", "Wi-Fi", "Volume"])
    }

    @Test func hiddenModalAndListedElementsShapeTheTree() {
        let (window, _, _, wifi, _) = form()
        wifi.isHidden = true
        #expect(!labels(AccessibilityTree.elements(in: [window])).contains("Wi-Fi"))
        // A chart that lists its bars as elements, in its own order.
        let chart = UIView(frame: CGRect(x: 20, y: 220, width: 200, height: 60))
        let bars = ["Monday", "Tuesday"].enumerated().map { i, day -> UIAccessibilityElement in
            let bar = UIAccessibilityElement(accessibilityContainer: chart)
            bar.accessibilityLabel = day
            bar.accessibilityValue = "\(i + 3) hours"
            bar.accessibilityFrameInContainerSpace = CGRect(x: CGFloat(i) * 50, y: 0, width: 40, height: 60)
            return bar
        }
        chart.accessibilityElements = bars.reversed()
        window.subviews[0].addSubview(chart)
        #expect(labels(AccessibilityTree.elements(in: [window])).suffix(2) == ["Tuesday", "Monday"])
        #expect(chart.accessibilityElementCount() == 2 && chart.index(ofAccessibilityElement: bars[0]) == 1)
        #expect(bars[1].accessibilityFrame == CGRect(x: 70, y: 220, width: 40, height: 60))
        // A modal card hides what is beside it.
        let card = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 100))
        card.accessibilityViewIsModal = true
        let ok = UIButton(type: .system)
        ok.setTitle("OK", for: .normal)
        ok.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
        card.addSubview(ok)
        window.subviews[0].addSubview(card)
        #expect(labels(AccessibilityTree.elements(in: [window])) == ["OK"])
    }

    @Test func theReaderSpeaksControlsAsVoiceOverDoes() {
        let (window, _, _, _, _) = form()
        defer { withExtendedLifetime(window) {} }
        let log = startReader()
        let reader = try! #require(app.screenReader)
        #expect(log.utterances.map(\.text) == ["Screen reader on", "Settings, heading"])
        #expect(reader.moveFocus(forward: true))
        #expect(log.utterances.last?.text == "Cancel, button")
        reader.moveFocus(forward: true)
        reader.moveFocus(forward: true)
        #expect(log.utterances.last?.text == "Wi-Fi, off, switch button")
        reader.moveFocus(forward: true)
        #expect(log.utterances.last?.text == "Volume, 50%, adjustable")
        #expect(!reader.moveFocus(forward: true), "the last element is a boundary")
        #expect(UIAccessibility.isVoiceOverRunning)
        #expect(UIAccessibility.focusedElement(using: .notificationVoiceOver) as? UISlider != nil)
        UIAccessibility.post(notification: .announcement, argument: "Saved")
        #expect(log.utterances.last?.text == "Saved")
    }

    @Test func gesturesMoveActivateAndAdjustThroughTheInputPipeline() {
        let (window, cancel, _, wifi, volume) = form()
        defer { withExtendedLifetime(window) {} }
        var cancelTaps = 0
        cancel.addAction(UIAction { _ in cancelTaps += 1 }, for: .touchUpInside)
        let log = startReader()
        let fingers = Fingers(app)
        func swipe(from a: CGPoint, to b: CGPoint, fingers n: Int = 1) {
            fingers.down(Dictionary(uniqueKeysWithValues: (0..<n).map { ($0, CGPoint(x: a.x + CGFloat($0) * 30, y: a.y)) }))
            fingers.wait(0.05)
            fingers.move(Dictionary(uniqueKeysWithValues: (0..<n).map { ($0, CGPoint(x: b.x + CGFloat($0) * 30, y: b.y)) }))
            fingers.wait(0.05)
            fingers.up(Array(0..<n))
            fingers.wait(0.5)
        }
        func doubleTap(at p: CGPoint) {
            fingers.down(p); fingers.wait(0.05); fingers.up(); fingers.wait(0.1)
            fingers.down(p); fingers.wait(0.05); fingers.up(); fingers.wait(0.5)
        }
        // A plain tap on a button does not press it while the reader runs: it is explored.
        fingers.down(CGPoint(x: 70, y: 80)); fingers.wait(0.05); fingers.up(); fingers.wait(0.5)
        #expect(cancelTaps == 0)
        #expect(log.utterances.last?.text == "Cancel, button")
        // A double tap anywhere activates the focused button with a real tap.
        doubleTap(at: CGPoint(x: 300, y: 250))
        #expect(cancelTaps == 1)
        // Swipes right move on; the switch is turned on by a double tap and reads back its value.
        swipe(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 200, y: 250))
        #expect(log.utterances.last?.text == "Join, button")
        swipe(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 200, y: 250))
        doubleTap(at: CGPoint(x: 300, y: 250))
        #expect(wifi.isOn)
        #expect(log.utterances.last?.text == "on")
        // Swipe up on the slider: a tenth of the range.
        swipe(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 200, y: 250))
        swipe(from: CGPoint(x: 300, y: 250), to: CGPoint(x: 300, y: 150))
        #expect(abs(volume.value - 0.6) < 0.0001)
        #expect(log.utterances.last?.text == "60%")
        // Swipe left goes back.
        swipe(from: CGPoint(x: 200, y: 250), to: CGPoint(x: 100, y: 250))
        #expect(log.utterances.last?.text == "Wi-Fi, on, switch button")
        // Two fingers up read everything from the top.
        let before = log.utterances.count
        swipe(from: CGPoint(x: 100, y: 280), to: CGPoint(x: 100, y: 200), fingers: 2)
        #expect(log.utterances.dropFirst(before).map(\.text).first == "Settings, heading")
        #expect(log.utterances.count - before == 5)
    }

    @Test func aReaderStartedBeforeTheFirstLayoutFocusesTheFirstElementWhenItComes() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.makeKeyAndVisible()
        let log = startReader()
        #expect(log.utterances.map(\.text) == ["Screen reader on"])
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
        label.text = "Welcome"
        window.addSubview(label)
        Fingers(app).wait(0.2)
        #expect(log.utterances.map(\.text) == ["Screen reader on", "Welcome"])
    }

    @Test func swipesUpAndDownChooseACustomActionAndADoubleTapPerformsIt() {
        let (window, cancel, _, _, _) = form()
        defer { withExtendedLifetime(window) {} }
        var done: [String] = []
        var cancelTaps = 0
        cancel.addAction(UIAction { _ in cancelTaps += 1 }, for: .touchUpInside)
        cancel.accessibilityCustomActions = ["Archive", "Delete"].map { name in
            UIAccessibilityCustomAction(name: name) { _ in done.append(name); return true }
        }
        let log = startReader()
        let fingers = Fingers(app)
        func swipe(_ dy: CGFloat) {
            fingers.down(CGPoint(x: 300, y: 250)); fingers.wait(0.05)
            fingers.move(CGPoint(x: 300, y: 250 + dy)); fingers.wait(0.05)
            fingers.up(); fingers.wait(0.5)
        }
        func doubleTap() {
            for _ in 0..<2 { fingers.down(CGPoint(x: 300, y: 250)); fingers.wait(0.05); fingers.up(); fingers.wait(0.1) }
            fingers.wait(0.4)
        }
        fingers.down(CGPoint(x: 70, y: 80)); fingers.wait(0.05); fingers.up(); fingers.wait(0.5)
        #expect(log.utterances.last?.text == "Cancel, button, Actions available")
        // Down: the first action, then the second; a double tap performs it (not the button's tap).
        swipe(100)
        #expect(log.utterances.last?.text == "Archive")
        swipe(100)
        #expect(log.utterances.last?.text == "Delete")
        doubleTap()
        #expect(done == ["Delete"] && cancelTaps == 0)
        // Up from the start is the last entry, "Activate": the default, a real tap.
        swipe(-100)
        #expect(log.utterances.last?.text == "Activate")
        doubleTap()
        #expect(done == ["Delete"] && cancelTaps == 1)
        // Each double tap starts the list over: down is the first action again.
        swipe(100)
        #expect(log.utterances.last?.text == "Archive")
        doubleTap()
        #expect(done == ["Delete", "Archive"])
    }

    @Test func threeFingersPageAScrollViewAndAScrubGoesBack() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let list = UIViewController()
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        scroll.contentSize = CGSize(width: 400, height: 1000)
        for i in 0..<10 {
            let row = UILabel(frame: CGRect(x: 10, y: CGFloat(i) * 100, width: 300, height: 40))
            row.text = "Row \(i)"
            scroll.addSubview(row)
        }
        list.view = scroll
        let navigation = UINavigationController(rootViewController: UIViewController())
        navigation.pushViewController(list, animated: false)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        endTurn()
        let log = startReader()
        let reader = try! #require(app.screenReader)
        #expect(reader.elements.contains { $0.accessibilityLabel == "Row 0" }, "\(reader.elements.map { ($0.accessibilityLabel, $0.accessibilityFrame) })")
        reader.focus(reader.elements.first { $0.accessibilityLabel == "Row 0" }!)
        let fingers = Fingers(app)
        let start: [Int: CGPoint] = [0: CGPoint(x: 100, y: 250), 1: CGPoint(x: 150, y: 250), 2: CGPoint(x: 200, y: 250)]
        fingers.down(start); fingers.wait(0.05)
        fingers.move(start.mapValues { CGPoint(x: $0.x, y: $0.y - 120) }); fingers.wait(0.05)
        fingers.up([0, 1, 2]); fingers.wait(0.1)
        #expect(scroll.contentOffset.y > 0)
        #expect(log.utterances.last?.text.hasPrefix("page 2 of") == true)
        // A two-finger scrub (a quick zigzag) pops the navigation stack.
        let a: [Int: CGPoint] = [0: CGPoint(x: 150, y: 150), 1: CGPoint(x: 150, y: 200)]
        fingers.down(a)
        for dx in [60.0, -60, 60, -60] as [CGFloat] { fingers.wait(0.03); fingers.move(a.mapValues { CGPoint(x: $0.x + dx, y: $0.y) }) }
        fingers.up([0, 1]); fingers.wait(1)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func espeakSpeaksIntoAWAVFileAndAFocusMoveCutsItShort() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-speech-\(getpid()).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let voice = try #require(EspeakSpeech(wavPath: path), "espeak-ng (libespeak-ng1, espeak-ng-data) is installed by Tools/setup.sh")
        voice.speak("Join, button", language: "en-US", interrupting: true, time: 0)
        voice.finish()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.prefix(4) == Data("RIFF".utf8) && data.dropFirst(8).prefix(4) == Data("WAVE".utf8))
        let samples = data.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        // About half a second of speech at espeak's 22,050 Hz, and not silence.
        #expect(samples.count > 5_000)
        #expect((samples.map { abs(Int($0)) }.max() ?? 0) > 1_000)
        let sizeInHeader = data.dropFirst(40).prefix(4).withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
        #expect(sizeInHeader == samples.count * 2)
        // Arabic text is spoken (espeak's Arabic voice).
        voice.speak("زر الانضمام", language: "ar", interrupting: false, time: 0)
        voice.finish()
        let arabic = try Data(contentsOf: URL(fileURLWithPath: path)).count
        #expect(arabic - data.count > 10_000)
        // A focus move drops what was queued before it.
        voice.speak("A long sentence that should never be heard because the next focus move cuts it off", language: "en",
                    interrupting: false, time: 0)
        voice.speak("OK", language: "en", interrupting: true, time: 0)
        voice.finish()
        let after = try Data(contentsOf: URL(fileURLWithPath: path)).count
        #expect(after > arabic, "the last utterance is written")
        #expect(after - arabic < 60_000, "the interrupted one is not (the long sentence is several seconds)")
    }

    @Test func theBoardsVoiceVariantChangesTheSpeech() throws {
        func samples(variant: String?) throws -> [Int16] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-voice-\(getpid())-\(variant ?? "none").wav").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            // (A device that does not exist: ALSA is not opened, the WAV still written.)
            let voice = try #require(EspeakSpeech(wavPath: path, variant: variant, device: "vitrine-no-such-device"))
            voice.speak("Join, button", language: "en-US", interrupting: true, time: 0)
            voice.finish()
            return try Data(contentsOf: URL(fileURLWithPath: path)).dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
        let plain = try samples(variant: nil), female = try samples(variant: "f3")
        #expect(plain.count > 5_000 && female.count > 5_000)
        #expect(plain != female, "espeak-ng's f3 variant speaks differently")
        // (espeak-ng keeps some of a variant's settings once set: an app uses one voice, the board's, for its life.)
    }

    @Test func fieldsSegmentsAndTitlesReadAsVoiceOverReadsThem() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 34))
        field.placeholder = "Password"
        field.isSecureTextEntry = true
        field.text = "abc"
        let segments = UISegmentedControl(items: ["Light", "Dark", "Auto"])
        segments.frame = CGRect(x: 20, y: 80, width: 300, height: 32)
        segments.selectedSegmentIndex = 1
        window.addSubview(field)
        window.addSubview(segments)
        window.makeKeyAndVisible()
        endTurn()
        let log = startReader()
        let reader = try #require(app.screenReader)
        #expect(log.utterances.last?.text == "Password, •••, secure text field")
        reader.moveFocus(forward: true)
        #expect(log.utterances.last?.text == "Light, 1 of 3, button")
        reader.moveFocus(forward: true)
        #expect(log.utterances.last?.text == "selected, Dark, 2 of 3, button")
        reader.moveFocus(forward: true)
        // A double tap on a segment selects it, with a real tap at its middle.
        reader.activate()
        #expect(segments.selectedSegmentIndex == 2)
        #expect(reader.elements.count == 4)
        // A navigation bar's title is a heading.
        let navigation = UINavigationController(rootViewController: UIViewController())
        navigation.topViewController?.title = "Lobby"
        window.rootViewController = navigation
        endTurn()
        let title = reader.elements.first { $0.accessibilityLabel == "Lobby" }
        #expect(title.map { reader.utterance(for: $0) } == "Lobby, heading")
    }

    @Test func threeFingersHeldForThreeSecondsToggleTheReader() {
        let (window, cancel, _, _, _) = form()
        defer { withExtendedLifetime(window) {} }
        var taps = 0
        cancel.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        let fingers = Fingers(app)
        func tapCancel() { fingers.down(CGPoint(x: 70, y: 80)); fingers.wait(0.05); fingers.up(); fingers.wait(0.5) }
        let three: [Int: CGPoint] = [0: CGPoint(x: 100, y: 250), 1: CGPoint(x: 150, y: 250), 2: CGPoint(x: 200, y: 252)]
        fingers.down(three)
        fingers.wait(1)
        fingers.move(three.mapValues { CGPoint(x: $0.x + 5, y: $0.y) }) // a little drift is still holding
        fingers.wait(1)
        #expect(app.screenReader?.isRunning != true, "not before three seconds")
        fingers.wait(1.1)
        #expect(app.screenReader?.isRunning == true)
        fingers.up([0, 1, 2])
        fingers.wait(0.5)
        tapCancel()
        #expect(taps == 0, "the reader takes the touches")
        // Two fingers, or three that wander, do nothing.
        fingers.down([0: three[0]!, 1: three[1]!]); fingers.wait(3.5); fingers.up([0, 1]); fingers.wait(0.5)
        #expect(app.screenReader?.isRunning == true)
        // The same hold turns it off.
        fingers.down(three); fingers.wait(3.1); fingers.up([0, 1, 2]); fingers.wait(0.5)
        #expect(app.screenReader?.isRunning == false)
        tapCancel()
        #expect(taps == 1)
    }
}
