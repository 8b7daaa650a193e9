import CoreGraphics
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// The on-screen keyboard: shown for a responder that takes text, sliding in and out with iOS's notifications,
/// typed on through the input pipeline (popups, shift, caps lock, accents on a long press, backspace repeat, pages),
/// its layouts by keyboard type and language, the layout guide that follows it, and its pictures.
@MainActor @Suite struct KeyboardTests {
    /// Records the keyboard notifications with their frames.
    @MainActor final class Notes {
        var log: [(String, CGRect, CGRect, Double, Int)] = []
        var observers: [NSObjectProtocol] = []
        init() {
            let names: [(Notification.Name, String)] = [
                (UIResponder.keyboardWillShowNotification, "willShow"), (UIResponder.keyboardDidShowNotification, "didShow"),
                (UIResponder.keyboardWillHideNotification, "willHide"), (UIResponder.keyboardDidHideNotification, "didHide"),
                (UIResponder.keyboardWillChangeFrameNotification, "willChange"), (UIResponder.keyboardDidChangeFrameNotification, "didChange"),
            ]
            for (name, label) in names {
                observers.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [unowned self] n in
                    let info = n.userInfo ?? [:]
                    let begin = (info[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue ?? .null
                    let end = (info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .null
                    let duration = (info[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? -1
                    let curve = (info[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue ?? -1
                    MainActor.assumeIsolated { self.log.append((label, begin, end, duration, curve)) }
                })
            }
        }
        var names: [String] { log.map(\.0) }
        func stop() { for o in observers { NotificationCenter.default.removeObserver(o) } }
    }

    final class Returning: NSObject, UITextFieldDelegate {
        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            textField.resignFirstResponder()
            return true
        }
    }

    func scene(scale: CGFloat = 1) -> (UIWindow, UITextField, UITextField) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 480 * scale), scale: scale)
        let window = shownWindow()
        window.backgroundColor = .white
        let a = UITextField(frame: CGRect(x: 20, y: 40, width: 280, height: 34))
        let b = UITextField(frame: CGRect(x: 20, y: 90, width: 280, height: 34))
        for f in [a, b] { f.borderStyle = .roundedRect; window.addSubview(f) }
        endTurn()
        return (window, a, b)
    }

    /// The centre of the key labelled `label`, in screen points.
    func key(_ label: String) -> CGPoint {
        let kb = UIApplication.shared.textInput.keyboardView!
        guard let k = kb.keys.first(where: { $0.view.label.text == label }) else {
            Issue.record("no key \(label) among \(kb.keys.map { $0.view.label.text ?? "" })")
            return .zero
        }
        return screenPoint(CGPoint(x: k.view.frame.midX, y: k.view.frame.midY), in: kb)
    }

    /// A point of `view` in screen points (where fingers land), through its window's frame.
    func screenPoint(_ p: CGPoint, in view: UIView) -> CGPoint {
        let inWindow = view.convert(p, to: nil)
        let origin = view.window?.frame.origin ?? .zero
        return CGPoint(x: inWindow.x + origin.x, y: inWindow.y + origin.y)
    }

    @Test func theKeyboardSlidesInForAFieldAndOutWhenEditingEnds() {
        let (window, a, b) = scene()
        let notes = Notes()
        defer { notes.stop() }
        a.becomeFirstResponder()
        let system = UIApplication.shared.textInput
        #expect(system.isVisible)
        let height = SystemKeyboardView.height(forWidth: 320)
        let shown = CGRect(x: 0, y: 480 - height, width: 320, height: height)
        #expect(notes.names == ["willShow", "willChange"])
        let will = notes.log[0]
        #expect(will.1 == CGRect(x: 0, y: 480, width: 320, height: height) && will.2 == shown)
        #expect(will.3 == 0.25 && will.4 == 7 && UIView.AnimationCurve(rawValue: will.4) == .keyboard)
        // Halfway through, the window is on its way up; after the animation, the "did" notifications.
        frames(0.1)
        let y = system.window!.layer.presentation()!.frame.minY
        #expect(y < 480 && y > shown.minY, "\(y)")
        frames(0.3)
        #expect(notes.names == ["willShow", "willChange", "didShow", "didChange"])
        #expect(system.window!.frame == shown && system.window!.windowLevel > UIWindow.Level.alert)
        // Another field takes over: the keyboard stays (no hide, no second show).
        notes.log = []
        b.becomeFirstResponder()
        frames(0.3)
        #expect(!notes.names.contains("willHide") && !notes.names.contains("willShow") && system.isVisible)
        // Resigning slides it out.
        b.resignFirstResponder()
        #expect(notes.names.suffix(2) == ["willHide", "willChange"])
        frames(0.3)
        #expect(notes.names.suffix(2) == ["didHide", "didChange"] && !system.isVisible)
        #expect(window.isKeyWindow) // the keyboard's window never took key status
    }

    @Test func typingOnTheKeysThroughTheInputPipeline() {
        let (_, field, _) = scene()
        let delegate = Returning()
        field.delegate = delegate
        field.becomeFirstResponder()
        frames(0.3)
        let fingers = Fingers()
        // Auto-capitalised first letter, then lower case.
        fingers.tap(key("H"))
        fingers.tap(key("i"))
        #expect(field.text == "Hi")
        // A long press on "e" offers its accents; sliding to the second one types it.
        let e = key("e")
        fingers.down(e)
        fingers.wait(0.6)
        let strip = UIApplication.shared.textInput.keyboardView!.subviews.compactMap { $0 as? KeyVariantsView }.first!
        let second = screenPoint(CGPoint(x: strip.bounds.width / CGFloat(strip.variants.count) * 2.5, y: strip.bounds.midY), in: strip)
        fingers.move(second)
        fingers.up()
        #expect(field.text == "Hi" + strip.variants[2], "\(field.text ?? "")")
        // Shift, then a capital; double-tapped shift locks capitals.
        fingers.tap(key("⇧"))
        fingers.tap(key("X"))
        fingers.tap(key("x"))
        #expect(field.text!.hasSuffix("Xx"))
        fingers.tap(key("⇧"))
        fingers.wait(0.1)
        fingers.tap(key("⇧"))
        fingers.tap(key("Y"))
        fingers.tap(key("Y"))
        #expect(field.text!.hasSuffix("YY"))
        fingers.tap(key("⇪"))
        // Numbers page, then back to letters after a space.
        fingers.tap(key("123"))
        fingers.tap(key("7"))
        fingers.tap(key("space"))
        #expect(field.text!.hasSuffix("7 "))
        #expect(UIApplication.shared.textInput.keyboardView!.page == .letters)
        // Backspace deletes on landing and repeats while held.
        let before = field.text!.count
        fingers.down(key("⌫"))
        frames(0.75) // (deleted at 0, 0.5, 0.6 and 0.7 seconds)
        fingers.up()
        #expect(field.text!.count == before - 4, "\(before) -> \(field.text!.count)")
        // Return: the delegate resigns, the keyboard goes.
        fingers.tap(key("return"))
        frames(0.3)
        #expect(!field.isEditing && !UIApplication.shared.textInput.isVisible)
    }

    @Test func layoutsFollowTheKeyboardTypeAndLanguage() {
        let german = KeyboardLanguage.named("de_DE")!
        let letters = KeyboardPageLayout.make(.letters, type: .default, language: german, shifted: false, returnLabel: "go", languages: 2)
        #expect(letters.rows[0].map(\.output).joined() == "qwertzuiopü")
        #expect(letters.rows[3].contains { $0.kind == .language } && letters.rows[3].last?.label == "go")
        // An email address types Latin letters with @ on the letters page; a Russian layout gives way to English.
        let email = KeyboardPageLayout.make(.letters, type: .emailAddress, language: .russian, shifted: false, returnLabel: "return", languages: 1)
        #expect(email.rows[0].first?.output == "q" && email.rows[3].contains { $0.output == "@" })
        let russian = KeyboardPageLayout.make(.letters, type: .default, language: .russian, shifted: true, returnLabel: "return", languages: 1)
        #expect(russian.rows[0].first?.output == "Й")
        // Pads: digits, with the decimal separator or +*# where the type asks.
        let pad = KeyboardPageLayout.make(.letters, type: .numberPad, language: .english, shifted: false, returnLabel: "", languages: 1)
        #expect(pad.rows.map { $0.map(\.output) } == [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["", "0", ""]])
        let phone = KeyboardPageLayout.make(.letters, type: .phonePad, language: .english, shifted: false, returnLabel: "", languages: 1)
        #expect(phone.rows[3][0].variants == ["+", "*", "#"])
        #expect(KeyboardPageLayout.returnLabel(.search) == "search" && KeyboardPageLayout.returnLabel(.done) == "done")
    }

    @Test func theLayoutGuideFollowsTheKeyboard() {
        let (window, field, _) = scene()
        let bar = UIView()
        bar.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(bar)
        NSLayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: window.leadingAnchor), bar.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            bar.heightAnchor.constraint(equalToConstant: 44),
            bar.bottomAnchor.constraint(equalTo: window.keyboardLayoutGuide.topAnchor),
        ])
        window.layoutIfNeeded()
        #expect(bar.frame.maxY == 480)
        field.becomeFirstResponder()
        frames(0.4)
        let top = 480 - SystemKeyboardView.height(forWidth: 320)
        #expect(abs(bar.frame.maxY - top) < 0.01, "\(bar.frame)")
        field.resignFirstResponder()
        frames(0.4)
        #expect(bar.frame.maxY == 480)
    }

    @Test func noKeyboardWithAHardwareKeyboardUnlessForcedAndInputViewsReplaceIt() {
        let (_, field, other) = scene()
        let system = UIApplication.shared.textInput
        UIApplication.shared.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 9, name: "kbd", node: "t", capabilities: [.keyboard, .textKeys])))
        field.becomeFirstResponder()
        #expect(!system.isVisible)
        system.mode = .always
        #expect(system.isVisible)
        system.mode = .automatic
        // A custom input view shows in the keyboard's place, keyboard or not.
        let picker = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 150))
        other.inputView = picker
        other.becomeFirstResponder()
        frames(0.3)
        #expect(system.isVisible && picker.window === system.window && system.window!.frame.height == 150)
        // The keyboard goes when the device does... and comes back for a field.
        UIApplication.shared.input.handle(.deviceRemoved(time: 1, device: 9))
        field.becomeFirstResponder()
        frames(0.3)
        #expect(system.keyboardView?.window === system.window)
    }

    @Test(arguments: [CGFloat(1), 2]) func goldenKeyboardPages(scale: CGFloat) {
        let (window, field, _) = scene(scale: scale)
        field.text = "Vitrine"
        field.returnKeyType = .done
        field.becomeFirstResponder()
        frames(0.4)
        let kb = UIApplication.shared.textInput.keyboardView!
        func shot() -> UIImage { window.screen.snapshotImage()! }
        assertGolden(shot(), "keyboard-letters@\(Int(scale))x", allowedPixels: 40)
        kb.setAutomaticShift(false)
        Fingers().tap(key("123"))
        frames(0.1)
        assertGolden(shot(), "keyboard-numbers@\(Int(scale))x", allowedPixels: 40)
        field.resignFirstResponder()
        frames(0.4)
        field.keyboardType = .numberPad
        field.becomeFirstResponder()
        frames(0.4)
        assertGolden(shot(), "keyboard-numberpad@\(Int(scale))x", allowedPixels: 40)
    }
}
