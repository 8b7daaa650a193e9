import CoreGraphics
import Foundation
import Logging
import QuartzCore

/// The panel's screen reader, on VoiceOver's model: one element has the focus (a frame is drawn around it), the
/// reader speaks it, and moves, activates, adjusts, scrolls and escapes on the user's behalf. Its gestures come from
/// `ScreenReaderGestures`; what it reads is the accessibility tree (`AccessibilityTree`) of the main screen's windows.
///
/// Turned on by `VITRINE_SCREEN_READER=1`, `--vitrine-screen-reader` or `UIApplication.startScreenReader()`, off by
/// default. Speech goes to the synthesizer and, in test mode (`VITRINE_SCREEN_READER_LOG`), to a log.
@MainActor
final class ScreenReader {
    nonisolated static let log = VitrineLog.logger("vitrine.screen-reader")

    private unowned let application: UIApplication
    private(set) var isRunning = false
    /// Where speech goes (a log in tests; see `SpeechOutput`).
    var speech: any SpeechOutput
    private weak var focusedObject: AnyObject?
    /// The custom action chosen on the focused element with swipes up or down (`nil`: its default activation).
    private var actionIndex: Int?
    /// The frame drawn around the focused element (a layer of its own over the screen's windows).
    private var focusRing: CALayer?
    /// The gestures that drive the reader (they take every touch while it runs).
    lazy var gestures = ScreenReaderGestures(reader: self, runLoop: application.runLoop)
    /// While the reader touches the app itself (an activation), its own touches pass.
    private(set) var isTouchingApp = false

    init(application: UIApplication, speech: any SpeechOutput) {
        self.application = application
        self.speech = speech
    }

    /// The focused element, if it is still on screen.
    var focused: (any AccessibilityNode)? { focusedObject as? any AccessibilityNode }

    /// The elements the reader moves through, in reading order.
    var elements: [any AccessibilityNode] {
        AccessibilityTree.elements(in: application.windows.filter { $0.screen === UIScreen.main })
    }

    // MARK: Running

    /// Starts reading: says so, then the first element.
    func start() {
        guard !isRunning else { return }
        isRunning = true
        say("Screen reader on", interrupting: true)
        focusFirstElement(tries: 40)
        NotificationCenter.default.post(name: UIAccessibility.voiceOverStatusDidChangeNotification, object: nil)
    }

    /// Focuses the first element, or, while the screen has none yet (an app that starts the reader before its
    /// first layout), tries again every 50 ms, `tries` times.
    private func focusFirstElement(tries: Int) {
        guard isRunning, focused == nil else { return }
        if let first = elements.first { return focus(first, interrupting: false) }
        guard tries > 0 else { return }
        application.runLoop.schedule(after: 0.05) { [weak self] _ in self?.focusFirstElement(tries: tries - 1) }
    }

    /// Stops reading: ordinary touches reach the app again.
    func stop() {
        guard isRunning else { return }
        say("Screen reader off", interrupting: true)
        isRunning = false
        focusedObject = nil
        updateRing()
        NotificationCenter.default.post(name: UIAccessibility.voiceOverStatusDidChangeNotification, object: nil)
    }

    // MARK: Focus

    /// Moves the focus to the next (or previous) element in reading order and speaks it; `false` at either end,
    /// where the focus stays (VoiceOver's boundary).
    @discardableResult
    func moveFocus(forward: Bool) -> Bool {
        let list = elements
        guard !list.isEmpty else { return false }
        guard let current = focused, let i = list.firstIndex(where: { $0 === current }) else {
            focus(list[forward ? 0 : list.count - 1])
            return true
        }
        let j = forward ? i + 1 : i - 1
        guard list.indices.contains(j) else { return false }
        focus(list[j])
        return true
    }

    /// Focuses `element`: scrolls it into view when a scroll view holds it, draws the frame, speaks it.
    func focus(_ element: any AccessibilityNode, interrupting: Bool = true) {
        focusedObject = element
        actionIndex = nil
        if let view = Self.view(of: element) { scrollIntoView(element, from: view) }
        updateRing()
        say(utterance(for: element), language: language(of: element), interrupting: interrupting)
    }

    /// Focuses the element under `point` (screen coordinates) when it is not focused already: touch exploration.
    func explore(at point: CGPoint) {
        // The smallest element containing the point: the most specific thing under the finger.
        let candidates = elements.filter { $0.accessibilityFrame.contains(point) }
        guard let hit = candidates.min(by: { area($0.accessibilityFrame) < area($1.accessibilityFrame) }) else { return }
        if hit !== focused { focus(hit) }
    }

    private func area(_ r: CGRect) -> CGFloat { r.width * r.height }

    // MARK: Actions

    /// Activates the focused element: its own `accessibilityActivate()`, else a tap at its activation point through
    /// the touch pipeline (what VoiceOver's double tap does).
    @discardableResult
    func activate() -> Bool {
        guard let element = focused else { return false }
        // An action chosen with swipes up or down is performed instead (VoiceOver's actions rotor).
        if let index = actionIndex, let actions = element.accessibilityCustomActions, actions.indices.contains(index) {
            actionIndex = nil
            if !actions[index].perform() { say("Action failed", interrupting: true) }
            return true
        }
        actionIndex = nil
        if element.accessibilityActivate() { return true }
        tap(at: element.accessibilityActivationPoint)
        // What the tap changed (a switch's value, a selected tab) is read back, as VoiceOver does.
        if focused === element, let value = spokenValue(of: element) { say(value, interrupting: true) }
        return true
    }

    /// Raises (or lowers) the focused element's value when it is adjustable, and speaks the new value. On an element
    /// with custom actions that is not adjustable, steps through its actions instead (down: the next, up: the
    /// previous; the last is "Activate", the default) and speaks the action's name: a double tap then performs it.
    func adjust(up: Bool) {
        guard let element = focused else { return }
        if !element.accessibilityTraits.contains(.adjustable), let actions = element.accessibilityCustomActions, !actions.isEmpty {
            let names = actions.map(\.name) + ["Activate"]
            let next = up ? (actionIndex ?? names.count) - 1 : (actionIndex ?? -1) + 1
            let index = (next + names.count) % names.count
            actionIndex = index < actions.count ? index : nil
            say(names[index], language: language(of: element), interrupting: true)
            return
        }
        guard element.accessibilityTraits.contains(.adjustable) else { return }
        if up { element.accessibilityIncrement() } else { element.accessibilityDecrement() }
        say(spokenValue(of: element) ?? "", language: language(of: element), interrupting: true)
    }

    /// Scrolls by a page: the focused element and its ancestors are asked in turn (the first view on screen when
    /// nothing is focused); the scroll view announces the page.
    @discardableResult
    func scrollPage(_ direction: UIAccessibilityScrollDirection) -> Bool {
        if let element = focused as? UIAccessibilityElement, element.accessibilityScroll(direction) { return true }
        var view: UIView? = focused.flatMap(Self.view(of:)) ?? application.keyWindow
        while let current = view {
            if current.accessibilityScroll(direction) { return true }
            view = current.superview
        }
        return false
    }

    /// Escapes (two-finger scrub): the focused element, its views, then their controllers are asked in turn.
    @discardableResult
    func escape() -> Bool {
        if let element = focused as? UIAccessibilityElement, element.accessibilityPerformEscape() { return true }
        var responder: UIResponder? = focused.flatMap(Self.view(of:)) ?? application.keyWindow
        while let current = responder {
            if let view = current as? UIView, view.accessibilityPerformEscape() { return true }
            if let controller = current as? UIViewController, controller.accessibilityPerformEscape() { return true }
            responder = current.next
        }
        return false
    }

    /// Reads every element from the top (two-finger swipe up), the focus following.
    func readAll() {
        let list = elements
        for (i, element) in list.enumerated() {
            focusedObject = element
            say(utterance(for: element), language: language(of: element), interrupting: i == 0)
        }
        updateRing()
    }

    /// Stops speaking (two-finger tap).
    func pause() { speech.stop() }

    // MARK: Notifications (UIAccessibility.post)

    func post(_ notification: UIAccessibility.Notification, argument: Any?) {
        guard isRunning else { return }
        switch notification {
        case .announcement, .pageScrolled:
            if let text = Self.text(of: argument) { say(text, interrupting: notification == .pageScrolled) }
        case .screenChanged:
            if let text = Self.text(of: argument) { say(text, interrupting: true) }
            if let element = argument as? any AccessibilityNode { focus(element, interrupting: false) }
            else if let first = elements.first { focus(first, interrupting: Self.text(of: argument) == nil) }
        case .layoutChanged:
            if let element = argument as? any AccessibilityNode { focus(element); return }
            if let text = Self.text(of: argument) { say(text, interrupting: true) }
            let list = elements
            if let current = focused, list.contains(where: { $0 === current }) { updateRing(); return }
            if let first = list.first { focus(first, interrupting: false) }
        default:
            break
        }
    }

    private static func text(of argument: Any?) -> String? {
        if let s = argument as? String { return s }
        if let s = argument as? NSAttributedString { return s.string }
        return nil
    }

    // MARK: What is said

    /// VoiceOver's order: "selected", the label, the value, what the element is (button, heading, adjustable…),
    /// "dimmed" when not enabled, then the hint.
    func utterance(for element: any AccessibilityNode) -> String {
        let traits = element.accessibilityTraits
        var parts: [String] = []
        if traits.contains(.selected) { parts.append("selected") }
        if let label = element.accessibilityLabel, !label.isEmpty { parts.append(label) }
        if let value = spokenValue(of: element), !value.isEmpty { parts.append(value) }
        if element is UISwitch { parts.append("switch button") }
        else if traits.contains(.button) { parts.append("button") }
        else if element is UITextField || element is UITextView, !traits.contains(.searchField) {
            parts.append((element as? UITextField)?.isSecureTextEntry == true ? "secure text field" : "text field")
        }
        if traits.contains(.link) { parts.append("link") }
        if traits.contains(.header) { parts.append("heading") }
        if traits.contains(.searchField) { parts.append("search field") }
        if traits.contains(.image) { parts.append("image") }
        if traits.contains(.adjustable) { parts.append("adjustable") }
        if traits.contains(.notEnabled) { parts.append("dimmed") }
        if let hint = element.accessibilityHint, !hint.isEmpty { parts.append(hint) }
        if element.accessibilityCustomActions?.isEmpty == false { parts.append("Actions available") }
        return parts.joined(separator: ", ")
    }

    /// The value as spoken: a switch's "1" and "0" are "on" and "off".
    func spokenValue(of element: any AccessibilityNode) -> String? {
        guard let value = element.accessibilityValue else { return nil }
        if element is UISwitch { return value == "1" ? "on" : "off" }
        return value
    }

    /// The element's language, else the app's.
    func language(of element: any AccessibilityNode) -> String { element.accessibilityLanguage ?? Self.appLanguage }

    private static var appLanguage: String { Locale.preferredLanguages.first ?? "en" }

    private func say(_ text: String, language: String? = nil, interrupting: Bool) {
        guard !text.isEmpty else { return }
        speech.speak(text, language: language ?? Self.appLanguage, interrupting: interrupting,
                     time: application.runLoop.clock.now)
    }

    // MARK: The focus frame and the reader's own touches

    /// The view an element belongs to: itself, or the view that lists it.
    static func view(of element: any AccessibilityNode) -> UIView? {
        (element as? UIView) ?? (element as? UIAccessibilityElement)?.containerView
    }

    /// Brings an element inside a scroll view into sight (the reader moves to elements the user cannot see).
    private func scrollIntoView(_ element: any AccessibilityNode, from view: UIView) {
        var ancestor = view.superview
        while let current = ancestor {
            if let scroll = current as? UIScrollView, scroll.isScrollEnabled, let window = scroll.window {
                let inWindow = window.convert(element.accessibilityFrame, from: nil as UIWindow?)
                scroll.scrollRectToVisible(scroll.convert(inWindow, from: window), animated: false)
                return
            }
            ancestor = current.superview
        }
    }

    private func updateRing() {
        let screen = UIScreen.main
        guard isRunning, let element = focused else {
            screen.accessibilityFocusLayer?.isHidden = true
            return
        }
        let ring: CALayer
        if let existing = screen.accessibilityFocusLayer {
            ring = existing
        } else {
            ring = CALayer()
            ring.borderWidth = 3
            ring.cornerRadius = 6
            ring.borderColor = CGColor(red: 0.05, green: 0.05, blue: 0.05, alpha: 0.9)
            ring.shadowColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            ring.shadowOpacity = 1
            ring.shadowRadius = 1.5
            ring.shadowOffset = .zero
            screen.accessibilityFocusLayer = ring
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.frame = element.accessibilityFrame.insetBy(dx: -3, dy: -3)
        ring.isHidden = false
        CATransaction.commit()
    }

    /// A tap at `point` (screen coordinates) through the touch pipeline, as a finger would make it.
    private func tap(at point: CGPoint) {
        let key = TouchKey(device: Self.readerDevice, slot: 0)
        let screen = UIScreen.main
        let now = application.runLoop.clock.now
        isTouchingApp = true
        defer { isTouchingApp = false }
        application.touchDelivery.deliver([TouchDelivery.Contact(key: key, phase: .began, location: point, screen: screen)], time: now)
        application.touchDelivery.deliver([TouchDelivery.Contact(key: key, phase: .ended, location: point, screen: screen)], time: now + 0.05)
    }

    /// The touch device number of the reader's own taps (no input device has it).
    static let readerDevice = -2
}

extension UIApplication {
    /// Turns the screen reader on (Vitrine: what `VITRINE_SCREEN_READER=1`, `--vitrine-screen-reader` and the board
    /// file's `accessibility.screenReader` do at launch, with the board's `accessibility.speechRate`, `voice` and
    /// `audioDevice`). It speaks through espeak-ng to the board's audio device or ALSA's default, to
    /// `VITRINE_SCREEN_READER_WAV` when that names a file, and writes what it says to `VITRINE_SCREEN_READER_LOG` when that does.
    public func startScreenReader() {
        let environment = ProcessInfo.processInfo.environment
        let log = UtteranceLog(path: environment["VITRINE_SCREEN_READER_LOG"])
        let board = DisplaySelection.selectedBoard
        let voice = EspeakSpeech(wavPath: environment["VITRINE_SCREEN_READER_WAV"], rate: board?.speechRate, variant: board?.voice,
                                 device: board?.audioDevice)
        let reader = screenReader ?? ScreenReader(application: self, speech: voice.map { SpeechFanOut([$0, log]) } ?? log)
        screenReader = reader
        reader.start()
    }

    /// Turns the screen reader off (Vitrine): touches reach the app again.
    public func stopScreenReader() { screenReader?.stop() }
}
