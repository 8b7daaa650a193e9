import CoreGraphics
import Foundation
@_spi(VitrineInternals) import QuartzCore

extension UIResponder {
    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// The keyboard's frame before and after the change, in screen coordinates (`NSValue` of a `CGRect`).
    nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The animation's duration (`NSNumber`, seconds) and curve (`NSNumber` of a `UIView.AnimationCurve` raw value).
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app (always, on a panel).
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

/// When the on-screen keyboard shows: for text input without a hardware keyboard (`automatic`), always, or never.
package enum OnScreenKeyboardMode: String, Sendable {
    case automatic, always, never
}

/// The system side of text input: which responder takes text, the on-screen keyboard in its own window above the
/// app (or the responder's `inputView`), sliding in and out with iOS's duration and curve, the keyboard
/// notifications, and the keyboard layout guides that follow it.
@MainActor
final class TextInputSystem {
    /// iOS's keyboard animation: 0.25 seconds on its own curve (number 7).
    static let animationDuration: TimeInterval = 0.25
    static let animationCurve = UIView.AnimationCurve.keyboard

    /// When the keyboard shows (the board's `keyboard.onScreen`).
    var mode: OnScreenKeyboardMode = .automatic { didSet { firstResponderChanged(animated: false) } }
    /// Whether a hardware keyboard with letter keys is attached (the input router says).
    var hardwareKeyboardAttached = false {
        didSet { if hardwareKeyboardAttached != oldValue { firstResponderChanged(animated: true) } }
    }
    /// The keyboard's languages, by code ("en", "de", "fr", "es", "ru"): the board's, else the locale's.
    var languageCodes: [String] = [] { didSet { keyboardView?.languages = languages } }

    private(set) var window: KeyboardWindow?
    private(set) var keyboardView: SystemKeyboardView?
    /// What the window shows: the system keyboard or an input view, with the accessory on top.
    private var shownInputView: UIView?
    private var shownAccessory: UIView?
    /// The responder the keyboard is shown for.
    private(set) weak var client: UIResponder?
    /// Where the keyboard is on screen (`.zero`-height at the bottom when hidden), in screen coordinates.
    private(set) var frame: CGRect = .zero
    /// Layout guides that follow the keyboard.
    private var guides: [WeakGuide] = []
    private struct WeakGuide { weak var guide: UIKeyboardLayoutGuide? }
    /// Scroll views whose bottom inset makes room for the keyboard (a `UITableViewController`'s table while shown).
    private var insetFollowers: [WeakScrollView] = []
    private struct WeakScrollView { weak var view: UIScrollView? }
    /// Set while one responder hands over to another (the keyboard stays).
    var switchingResponders = false

    private let application: UIApplication
    init(application: UIApplication) { self.application = application }

    var languages: [KeyboardLanguage] {
        let codes = languageCodes.isEmpty ? [Locale.current.identifier] : languageCodes
        let found = codes.compactMap { KeyboardLanguage.named($0) }
        return found.isEmpty ? [.english] : found
    }

    var isVisible: Bool { window.map { !$0.isHidden } ?? false }

    // MARK: Showing and hiding

    /// The first responder changed (or its input views or traits): show what it needs, or hide.
    func firstResponderChanged(animated: Bool) {
        guard !switchingResponders else { return }
        let responder = UIResponder.currentFirstResponder
        let input = responder?.inputView
        // (A text view that only selects takes no typing.)
        let takesText = responder is UIKeyInput && (responder as? any TextInteractionHost)?.allowsChanges != false
        let wantsKeyboard = takesText && (mode == .always || (mode == .automatic && !hardwareKeyboardAttached))
        if let responder, input != nil || wantsKeyboard || (responder.inputAccessoryView != nil && takesText) {
            show(for: responder, animated: animated)
        } else {
            hide(animated: animated)
        }
    }

    private var screen: UIScreen {
        (client as? UIView)?.window?.screen ?? application.keyWindow?.screen ?? UIScreen.main
    }

    private func show(for responder: UIResponder, animated: Bool) {
        client = responder
        let screenBounds = screen.bounds
        let win = window ?? makeWindow()
        win.screen = screen
        // The content: the responder's input view, else the system keyboard for its traits; the accessory above.
        let content: UIView
        if let input = responder.inputView {
            content = input
        } else {
            let kb = keyboardView ?? SystemKeyboardView(frame: .zero)
            kb.system = self
            if keyboardView == nil { kb.languages = languages }
            keyboardView = kb
            if let traits = responder as? UITextInputTraits {
                kb.traits = SystemKeyboardView.Traits(type: traits.keyboardType, returnKey: traits.returnKeyType,
                                                      dark: Self.wantsDarkKeyboard(traits, responder),
                                                      enablesReturnKeyAutomatically: traits.enablesReturnKeyAutomatically)
            }
            content = kb
        }
        if shownInputView !== content { shownInputView?.removeFromSuperview(); win.addSubview(content); shownInputView = content }
        let accessory = responder.inputAccessoryView
        if shownAccessory !== accessory { shownAccessory?.removeFromSuperview(); if let a = accessory { win.addSubview(a) }; shownAccessory = accessory }
        let width = screenBounds.width
        let contentHeight = content === keyboardView
            ? SystemKeyboardView.height(forWidth: width, rows: keyboardView!.layout.rows.count)
            : max(content.bounds.height, content.intrinsicContentSize.height > 0 ? content.intrinsicContentSize.height : 0)
        let accessoryHeight = accessory.map { max($0.bounds.height, $0.intrinsicContentSize.height > 0 ? $0.intrinsicContentSize.height : 0) } ?? 0
        let height = contentHeight + accessoryHeight
        accessory?.frame = CGRect(x: 0, y: 0, width: width, height: accessoryHeight)
        content.frame = CGRect(x: 0, y: accessoryHeight, width: width, height: contentHeight)
        // The return key's state and shift for the start of a sentence, as for an edit.
        afterEdit()
        let end = CGRect(x: screenBounds.minX, y: screenBounds.maxY - height, width: width, height: height)
        move(to: end, showing: true, animated: animated)
    }

    /// The keyboard's look: dark when asked for, and for `.default` when the responder shows in the dark style
    /// (as on iOS 13 and later, where the default keyboard follows the app's appearance).
    static func wantsDarkKeyboard(_ traits: UITextInputTraits, _ responder: UIResponder) -> Bool {
        switch traits.keyboardAppearance {
        case .dark: return true
        case .light: return false
        default: return (responder as? UIView)?.traitCollection.userInterfaceStyle == .dark
        }
    }

    private func hide(animated: Bool) {
        client = nil
        guard let win = window, !win.isHidden else { return }
        let b = screen.bounds
        move(to: CGRect(x: b.minX, y: b.maxY, width: b.width, height: frame.height), showing: false, animated: animated)
    }

    private func makeWindow() -> KeyboardWindow {
        let win = KeyboardWindow(frame: CGRect(x: 0, y: screen.bounds.maxY, width: screen.bounds.width, height: 0))
        win.windowLevel = UIWindow.Level(UIWindow.Level.alert.rawValue + 1)
        window = win
        return win
    }

    /// Slides the keyboard to `end`, posting the notifications before and after as iOS does.
    private func move(to end: CGRect, showing: Bool, animated: Bool) {
        guard let win = window else { return }
        let wasVisible = !win.isHidden
        let begin = wasVisible ? win.frame : CGRect(x: end.minX, y: screen.bounds.maxY, width: end.width, height: end.height)
        guard begin != end || showing != wasVisible else {
            // The keyboard stays where it is for another responder: that one still needs to be in view.
            if showing { scrollClientIntoView() }
            return
        }
        let duration = animated ? Self.animationDuration : 0
        let info: [AnyHashable: Any] = [
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: duration),
            UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: Self.animationCurve.rawValue),
            UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
        ]
        let center = NotificationCenter.default
        if showing, !wasVisible { center.post(name: UIResponder.keyboardWillShowNotification, object: nil, userInfo: info) }
        if !showing { center.post(name: UIResponder.keyboardWillHideNotification, object: nil, userInfo: info) }
        center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        if !wasVisible {
            win.frame = begin
            win.isHidden = false
        }
        frame = showing ? end : CGRect(x: end.minX, y: end.minY, width: end.width, height: 0)
        let changes = {
            win.frame = end
            self.updateGuides()
        }
        let finish = { [weak self] in
            guard let self else { return }
            if !showing, self.client == nil { win.isHidden = true }
            if showing { center.post(name: UIResponder.keyboardDidShowNotification, object: nil, userInfo: info) }
            else { center.post(name: UIResponder.keyboardDidHideNotification, object: nil, userInfo: info) }
            center.post(name: UIResponder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
            if showing { self.scrollClientIntoView() }
        }
        if duration > 0 {
            UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: UInt(Self.animationCurve.rawValue) << 16),
                           animations: changes, completion: { _ in finish() })
        } else {
            UIView.performWithoutAnimation(changes)
            finish()
        }
    }

    // MARK: Keys from the keyboard

    func keyboardTyped(_ text: String) {
        guard let input = client as? UIKeyInput else { return }
        input.insertText(text)
        afterEdit()
    }

    func keyboardBackspace() {
        guard let input = client as? UIKeyInput, input.hasText else { return }
        input.deleteBackward()
        afterEdit()
    }

    func keyboardReturn() {
        guard let input = client as? UIKeyInput else { return }
        input.insertText("\n")
        afterEdit()
    }

    /// After an edit: the return key's state, and shift for the start of a sentence.
    func afterEdit() {
        updateReturnKey()
        guard let kb = keyboardView, let input = client as? UITextInput else { return }
        let traits = input as UITextInputTraits
        var capitalize = false
        switch traits.autocapitalizationType {
        case .allCharacters: capitalize = true
        case .none: capitalize = false
        case .words, .sentences:
            if let sel = input.selectedTextRange,
               let before = input.textRange(from: input.beginningOfDocument, to: sel.start).flatMap({ input.text(in: $0) }) {
                let trimmed = before.reversed().drop { $0 == " " }
                if traits.autocapitalizationType == .words {
                    capitalize = before.isEmpty || before.last == " " || before.last == "\n"
                } else {
                    capitalize = trimmed.isEmpty || ".!?\n".contains(trimmed.first!) && before.last == " " || before.last == "\n"
                }
            }
        }
        if traits.isSecureTextEntry || [.URL, .emailAddress, .asciiCapable].contains(traits.keyboardType) && traits.autocapitalizationType == .sentences {
            capitalize = false
        }
        kb.setAutomaticShift(capitalize)
    }

    private func updateReturnKey() {
        guard let kb = keyboardView else { return }
        if kb.traits.enablesReturnKeyAutomatically, let input = client as? UIKeyInput { kb.returnEnabled = input.hasText } else { kb.returnEnabled = true }
    }

    /// A responder's edits that did not come from the keyboard (code, hardware keys) still update its keys.
    func clientTextChanged() { if client != nil { afterEdit() } }

    // MARK: Layout guides and scroll views

    func register(_ guide: UIKeyboardLayoutGuide) {
        guides.removeAll { $0.guide == nil }
        guides.append(WeakGuide(guide: guide))
        guide.update(keyboardFrame: frame)
    }

    /// Makes room for the keyboard at the bottom of `scrollView` while it covers it (`false`: no more).
    func followKeyboard(_ scrollView: UIScrollView, _ on: Bool) {
        insetFollowers.removeAll { $0.view == nil || $0.view === scrollView }
        if on {
            insetFollowers.append(WeakScrollView(view: scrollView))
            scrollView.keyboardOverlap = overlap(with: scrollView)
        } else {
            scrollView.keyboardOverlap = 0
        }
    }

    /// How far the keyboard reaches up into `scrollView` (0 when it is hidden or below the view's reach).
    private func overlap(with scrollView: UIScrollView) -> CGFloat { Self.cover(of: scrollView, byKeyboardAt: frame) }

    /// How far a keyboard at `keyboardFrame` (screen coordinates; zero height: hidden) reaches up into `view` from
    /// its bottom edge: what keyboard layout guides and scroll views following the keyboard make room for.
    static func cover(of view: UIView, byKeyboardAt keyboardFrame: CGRect) -> CGFloat {
        guard keyboardFrame.height > 0, let window = view.window else { return 0 }
        let inWindow = keyboardFrame.offsetBy(dx: -window.frame.minX, dy: -window.frame.minY)
        return max(0, view.bounds.maxY - view.convert(inWindow, from: nil).minY)
    }

    /// Moves the guides to the keyboard's frame and lays their views out (inside the keyboard's animation); scroll
    /// views following the keyboard get their new bottom inset.
    private func updateGuides() {
        guides.removeAll { $0.guide == nil }
        var windows: [UIWindow] = []
        for g in guides {
            guard let guide = g.guide else { continue }
            guide.update(keyboardFrame: frame)
            if let w = guide.owningView?.window, !windows.contains(where: { $0 === w }) { windows.append(w) }
        }
        insetFollowers.removeAll { $0.view == nil }
        for f in insetFollowers {
            guard let view = f.view else { continue }
            view.keyboardOverlap = overlap(with: view)
            if let w = view.window, !windows.contains(where: { $0 === w }) { windows.append(w) }
        }
        for w in windows { w.layoutIfNeeded() }
    }

    /// A first responder inside a scroll view that the keyboard covers is scrolled into view above it.
    private func scrollClientIntoView() {
        guard let view = client as? UIView, let window = view.window, frame.height > 0 else { return }
        var scroll = view.superview
        while let s = scroll, !(s is UIScrollView) { scroll = s.superview }
        guard let scrollView = scroll as? UIScrollView else { return }
        let keyboardTop = window.convert(CGPoint(x: 0, y: frame.minY), from: nil).y
        let inWindow = view.convert(view.bounds, to: window)
        guard inWindow.maxY > keyboardTop - 8 else { return }
        let shift = inWindow.maxY - keyboardTop + 8
        let maxY = max(0, scrollView.contentSize.height + scrollView.adjustedContentInset.bottom + frame.height - scrollView.bounds.height)
        var offset = scrollView.contentOffset
        offset.y = min(offset.y + shift, maxY)
        scrollView.setContentOffset(offset, animated: true)
    }
}

/// The window the keyboard is shown in: above the app's windows, never key.
@MainActor
final class KeyboardWindow: UIWindow {
    override func makeKey() {}
    override func makeKeyAndVisible() { isHidden = false }
}

/// A layout guide that follows the keyboard (UIKit's `UIKeyboardLayoutGuide`, from `UIView.keyboardLayoutGuide`): its
/// top is the keyboard's top where the keyboard covers the view, else the bottom of the view's safe area.
@preconcurrency @MainActor
open class UIKeyboardLayoutGuide: UILayoutGuide {
    /// Whether the guide follows a keyboard that is not docked (panels' keyboards are always docked).
    open var followsUndockedKeyboard = false
    /// Whether the guide stays at the safe area's bottom when the keyboard is away.
    open var usesBottomSafeArea = true { didSet { update(keyboardFrame: lastFrame) } }
    private var height: NSLayoutConstraint?
    private var lastFrame: CGRect = .zero

    /// Pins the guide to the bottom of `view`, across its width.
    func install(in view: UIView) {
        identifier = "UIViewKeyboardLayoutGuide"
        view.addLayoutGuide(self)
        let h = heightAnchor.constraint(equalToConstant: 0)
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: view.leadingAnchor),
            trailingAnchor.constraint(equalTo: view.trailingAnchor),
            bottomAnchor.constraint(equalTo: view.bottomAnchor),
            h,
        ])
        height = h
    }

    /// Sets the guide's height to how much of its view the keyboard at `keyboardFrame` (screen coordinates)
    /// covers, at least the view's bottom safe area.
    func update(keyboardFrame: CGRect) {
        lastFrame = keyboardFrame
        guard let view = owningView, let height else { return }
        let covered = TextInputSystem.cover(of: view, byKeyboardAt: keyboardFrame)
        let safe = usesBottomSafeArea ? view.safeAreaInsets.bottom : 0
        let value = max(covered, safe)
        if height.constant != value { height.constant = value }
    }
}

extension UIView {
    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseKeyboardLayoutGuide: UIKeyboardLayoutGuide {
        if let existing = layoutGuides.first(where: { $0 is UIKeyboardLayoutGuide }) as? UIKeyboardLayoutGuide { return existing }
        let guide = UIKeyboardLayoutGuide()
        guide.install(in: self)
        UIApplication.shared.textInput.register(guide)
        return guide
    }
}
