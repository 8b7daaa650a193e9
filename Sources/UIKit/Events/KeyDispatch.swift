import CoreGraphics
import Foundation
import VitrinePlatform

/// Where a hardware key press goes, in UIKit's order:
/// 1. a `UIKeyCommand` of the first responder or a responder after it that matches the key (unless text editing
///    uses the key and the command does not want priority over it), performed through the responder chain;
/// 2. otherwise `pressesBegan` on the first responder (the window when there is none), which passes it up the chain;
///    text inputs type it, and a Tab that nobody took moves to the next text input (`UIApplication`'s part).
/// A held key repeats what it did (the command, or the text editing) after iOS's delay, as iOS's text system
/// does; `pressesBegan` is not sent again for a repeat.
@MainActor
final class KeyDispatch {
    /// iOS's defaults for key repeat (Settings > Accessibility > Keyboards: delay 0.5 s, interval 0.1 s).
    static let repeatDelay: TimeInterval = 0.5
    static let repeatInterval: TimeInterval = 0.1

    private unowned let application: UIApplication
    /// The held key being repeated.
    private var repeatTimer: EventLoopTimer?
    private weak var repeatingPress: UIPress?

    init(application: UIApplication) { self.application = application }

    func deliver(_ event: UIPressesEvent, in window: UIWindow) {
        for press in event.changedPresses {
            switch press.phase {
            case .began: began(press, event: event, window: window)
            case .ended, .cancelled:
                if press === repeatingPress { stopRepeating() }
                if press.takenByCommand { continue }
                let responder = press.responder ?? window
                if press.phase == .ended { responder.pressesEnded([press], with: event) } else { responder.pressesCancelled([press], with: event) }
            default: break
            }
        }
    }

    private func began(_ press: UIPress, event: UIPressesEvent, window: UIWindow) {
        press.window = window
        stopRepeating()
        let first: UIResponder = UIResponder.currentFirstResponder ?? Self.defaultResponder(in: window)
        if let key = press.key, let command = Self.keyCommand(for: key, from: first), command.performThroughChain(from: first) {
            press.takenByCommand = true
            startRepeating(press, key: key) { [weak command] in
                command?.performThroughChain(from: UIResponder.currentFirstResponder ?? window)
            }
            return
        }
        press.responder = first
        first.pressesBegan([press], with: event)
        // Text editing repeats while the key is held and the same responder has the keyboard.
        if let key = press.key, Self.repeats(key), first is UIKeyInput {
            startRepeating(press, key: key) { [weak first] in
                guard let first, first.isFirstResponder else { return }
                KeyDispatch.typeRepeat(key, into: first)
            }
        }
    }

    private func startRepeating(_ press: UIPress, key: UIKey, _ action: @escaping @MainActor () -> Void) {
        guard Self.repeats(key) else { return }
        repeatingPress = press
        repeatTimer = application.runLoop.schedule(after: Self.repeatDelay, repeating: Self.repeatInterval) { _ in action() }
    }

    func stopRepeating() {
        repeatTimer?.invalidate()
        repeatTimer = nil
        repeatingPress = nil
    }

    /// Where a key goes when nothing is first responder: the controller on screen in `window` (what it presents,
    /// a navigation stack's top, a tab bar's selected tab), so that its key commands and those of the controllers
    /// around it are found, as on iPadOS; the window itself when it has no root controller.
    static func defaultResponder(in window: UIWindow) -> UIResponder {
        guard var c = window.rootViewController else { return window }
        while true {
            if let p = c.presentedViewController { c = p; continue }
            if let nav = c as? UINavigationController, let top = nav.topViewController { c = top; continue }
            if let tabs = c as? UITabBarController, let s = tabs.selectedViewController { c = s; continue }
            return c.isViewLoaded && c.view.window === window ? c : window
        }
    }

    /// Keys that repeat when held: those that type text, delete or move (not modifiers, Tab, Escape or Return).
    static func repeats(_ key: UIKey) -> Bool {
        switch key.keyCode {
        case .keyboardDeleteOrBackspace, .keyboardDeleteForward, .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow,
             .keyboardDownArrow, .keyboardPageUp, .keyboardPageDown:
            return true
        case .keyboardReturnOrEnter, .keypadEnter, .keyboardTab, .keyboardEscape:
            return false
        default:
            return !key.characters.isEmpty
        }
    }

    /// The first key command for `key` among `start`'s and its successors' `keyCommands`, unless text editing uses
    /// the key and the command does not want priority over it.
    static func keyCommand(for key: UIKey, from start: UIResponder) -> UIKeyCommand? {
        var responder: UIResponder? = start
        while let r = responder {
            if let command = r.keyCommands?.first(where: { $0.matches(key) && !$0.attributes.contains(.disabled) }) {
                return command.wantsPriorityOverSystemBehavior || !textEditingUses(key, in: start) ? command : nil
            }
            responder = r.next
        }
        return nil
    }

    /// Whether the first responder's text editing takes `key`: characters and editing keys without Command or
    /// Control, Tab (focus), and in Vitrine's text inputs the standard shortcuts (copy, cut, paste, select all, undo).
    static func textEditingUses(_ key: UIKey, in first: UIResponder) -> Bool {
        guard first is UIKeyInput else { return false }
        let flags = key.modifierFlags
        if flags.contains(.command) || flags.contains(.control) {
            guard first is any TextInteractionHost else { return false }
            return ["c", "x", "v", "a", "z"].contains(key.charactersIgnoringModifiers.lowercased())
        }
        switch key.keyCode {
        case .keyboardEscape: return false
        case .keyboardDeleteOrBackspace, .keyboardDeleteForward, .keyboardLeftArrow, .keyboardRightArrow, .keyboardUpArrow,
             .keyboardDownArrow, .keyboardHome, .keyboardEnd, .keyboardReturnOrEnter, .keypadEnter, .keyboardTab:
            return true
        default: return !key.characters.isEmpty
        }
    }

    /// A repeat of `key` in the first responder: Vitrine's text inputs edit as for a press; another `UIKeyInput`
    /// types the key's text or deletes.
    static func typeRepeat(_ key: UIKey, into responder: UIResponder) {
        if let host = responder as? any TextInteractionHost {
            _ = host.handleHardwareKey(key)
        } else if let input = responder as? UIKeyInput {
            _ = type(key, into: input)
        }
    }

    /// What a `UIKeyInput` that is not one of Vitrine's text views gets from a hardware key, as iOS's text system
    /// gives it: printable text (no Command or Control held) through `insertText`, Return as "\n", Backspace as
    /// `deleteBackward`. `false` for keys it does not take (they go on up the responder chain).
    static func type(_ key: UIKey, into input: UIKeyInput) -> Bool {
        let flags = key.modifierFlags
        guard !flags.contains(.command), !flags.contains(.control) else { return false }
        switch key.keyCode {
        case .keyboardDeleteOrBackspace:
            input.deleteBackward()
            return true
        case .keyboardReturnOrEnter, .keypadEnter:
            input.insertText("\n")
            return true
        case .keyboardTab, .keyboardEscape:
            return false
        default:
            let text = key.characters
            guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return false }
            input.insertText(text)
            return true
        }
    }

    // MARK: Tab between text inputs

    /// The text input Tab (or Shift-Tab, `backwards`) goes to from `current` in `window`: the inputs that can
    /// become first responder, shown and enabled, in reading order (top to bottom, then along the line in the
    /// window's direction), wrapping round. `nil` when there is none other.
    static func nextTextInput(after current: UIResponder?, in window: UIWindow, backwards: Bool) -> UIResponder? {
        var inputs: [(view: UIView, frame: CGRect)] = []
        func collect(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0.01, view.isUserInteractionEnabled else { return }
            if view is UIKeyInput, view.canBecomeFirstResponder, (view as? UIControl)?.isEnabled ?? true {
                inputs.append((view, view.convert(view.bounds, to: window)))
            }
            for sub in view.subviews { collect(sub) }
        }
        collect(window)
        let rtl = window.effectiveUserInterfaceLayoutDirection == .rightToLeft
        // Rows by their top edge, to the point: inputs side by side on one line share it.
        inputs.sort { a, b in
            let ay = a.frame.minY.rounded(), by = b.frame.minY.rounded()
            if ay != by { return ay < by }
            return rtl ? a.frame.maxX > b.frame.maxX : a.frame.minX < b.frame.minX
        }
        guard !inputs.isEmpty else { return nil }
        guard let i = inputs.firstIndex(where: { $0.view === current }) else {
            return (backwards ? inputs.last : inputs.first)?.view
        }
        guard inputs.count > 1 else { return nil }
        return inputs[(i + (backwards ? inputs.count - 1 : 1)) % inputs.count].view
    }
}
