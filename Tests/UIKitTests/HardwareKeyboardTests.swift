import CoreGraphics
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// Hardware keys through the input pipeline: key commands and their priority against text editing, key repeat,
/// Tab between text inputs, custom `UIKeyInput` responders, dead keys.
@MainActor @Suite struct HardwareKeyboardTests {
    /// A keyboard on the app's input router, pressing evdev codes.
    @MainActor struct Keyboard {
        let app = UIApplication.shared
        init() {
            app.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 3, name: "kbd", node: "test", capabilities: [.keyboard, .textKeys])))
        }
        var clock: ManualClock { app.runLoop.clock as! ManualClock }
        func down(_ code: UInt32) { app.input.handle(.key(time: 1, device: 3, code: code, pressed: true)); endTurn() }
        func up(_ code: UInt32) { app.input.handle(.key(time: 1, device: 3, code: code, pressed: false)); endTurn() }
        func tap(_ code: UInt32) { down(code); up(code) }
        /// `code` with `modifier` (an evdev modifier key) held.
        func chord(_ modifier: UInt32, _ code: UInt32) { down(modifier); tap(code); up(modifier) }
        func wait(_ seconds: Double) {
            // In steps, so that a repeating timer fires each time it is due.
            var left = seconds
            while left > 0 { let step = min(0.05, left); clock.advance(by: step); endTurn(); left -= step }
        }
    }

    // evdev codes
    static let leftShift: UInt32 = 42, leftCtrl: UInt32 = 29, tab: UInt32 = 15, backspace: UInt32 = 14, enter: UInt32 = 28
    static let a: UInt32 = 30, f: UInt32 = 33, h: UInt32 = 35, i: UInt32 = 23, x: UInt32 = 45, up: UInt32 = 103, escape: UInt32 = 1

    @MainActor final class Controller: UIViewController {
        var log: [String] = []
        func find(_ command: UIKeyCommand) { log.append("find \(command.input ?? "")") }
        func close() { log.append("close") }
        func selectAllRows() { log.append("selectAllRows") }
    }

    func scene() -> (UIWindow, Controller, UITextField) {
        freshApp()
        let window = UIWindow(frame: UIScreen.main.bounds)
        let controller = Controller()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        keptWindow = window // the tests hold only the controller and views
        let field = UITextField(frame: CGRect(x: 20, y: 40, width: 200, height: 34))
        controller.view.addSubview(field)
        endTurn()
        return (window, controller, field)
    }

    @Test func keyCommandsRunThroughTheResponderChainAndTextKeepsItsKeys() {
        let (_, controller, field) = scene()
        let kb = Keyboard()
        controller.addKeyCommand(UIKeyCommand(input: "f", modifierFlags: .control, action: Controller.find))
        controller.addKeyCommand(UIKeyCommand(input: UIKeyCommand.inputEscape, modifierFlags: [], action: Controller.close))
        let plainA = UIKeyCommand(input: "a", modifierFlags: [], action: Controller.selectAllRows)
        controller.addKeyCommand(plainA)
        // Commands are found from the first responder up: the field, its superview, the controller.
        field.becomeFirstResponder()
        kb.chord(Self.leftCtrl, Self.f)
        #expect(controller.log == ["find f"] && field.text == "")
        kb.tap(Self.escape)
        #expect(controller.log == ["find f", "close"])
        // "a" types in the field: text editing keeps its keys over a command that does not want priority...
        kb.tap(Self.a)
        #expect(field.text == "a" && controller.log.count == 2)
        // ...and loses them to one that does.
        plainA.wantsPriorityOverSystemBehavior = true
        kb.tap(Self.a)
        #expect(field.text == "a" && controller.log.last == "selectAllRows")
        // A press a command took sends the field nothing when it ends, and a disabled command is passed over.
        plainA.attributes = .disabled
        kb.tap(Self.a)
        #expect(field.text == "aa")
        controller.removeKeyCommand(plainA)
        #expect(controller.keyCommands?.count == 2)
        // With nothing first responder, the controller on screen (and the chain above it) is searched.
        field.resignFirstResponder()
        kb.chord(Self.leftCtrl, Self.f)
        #expect(controller.log.last == "find f")
    }

    @Test func aHeldKeyRepeatsAfterIOSsDelay() {
        let (_, _, field) = scene()
        let kb = Keyboard()
        field.becomeFirstResponder()
        kb.down(Self.x)
        #expect(field.text == "x")
        kb.wait(0.45)
        #expect(field.text == "x") // not before the delay
        kb.wait(0.1 + 0.3)          // 0.5 s: the first repeat, then one every 0.1 s
        kb.up(Self.x)
        #expect(field.text == "xxxxx", "\(field.text ?? "")")
        kb.wait(1)
        #expect(field.text == "xxxxx") // released: no more
        // Backspace repeats too; Return does not.
        kb.down(Self.backspace)
        kb.wait(0.65)
        kb.up(Self.backspace)
        #expect(field.text == "xx", "\(field.text ?? "")")
        // Another key going down stops the first one's repeat.
        kb.down(Self.a)
        kb.down(Self.h)
        kb.wait(0.55)
        kb.up(Self.a); kb.up(Self.h)
        #expect(field.text == "xxahh", "\(field.text ?? "")")
    }

    @Test func tabMovesBetweenTextInputsInReadingOrder() {
        let (_, controller, first) = scene()
        let kb = Keyboard()
        let right = UITextField(frame: CGRect(x: 230, y: 40, width: 80, height: 34))
        let below = UITextView(frame: CGRect(x: 20, y: 100, width: 200, height: 80))
        let hidden = UITextField(frame: CGRect(x: 20, y: 200, width: 200, height: 34))
        hidden.isHidden = true
        let disabled = UITextField(frame: CGRect(x: 20, y: 250, width: 200, height: 34))
        disabled.isEnabled = false
        for v in [below, hidden, disabled, right] { controller.view.addSubview(v) }
        endTurn()
        first.becomeFirstResponder()
        kb.tap(Self.tab)
        #expect(right.isFirstResponder && first.text == "")
        kb.tap(Self.tab)
        #expect(below.isFirstResponder)
        // A text view types Tab as a tab character, as UIKit's does; Shift-Tab still goes back.
        kb.tap(Self.tab)
        #expect(below.isFirstResponder && below.text == "\t")
        kb.chord(Self.leftShift, Self.tab)
        #expect(right.isFirstResponder)
        kb.chord(Self.leftShift, Self.tab)
        #expect(first.isFirstResponder)
        // Backwards from the first wraps round to the last.
        kb.chord(Self.leftShift, Self.tab)
        #expect(below.isFirstResponder)
    }

    /// A custom view that adopts UIKeyInput, as a PIN pad might.
    @MainActor final class PinView: UIView, UIKeyInput {
        var digits = ""
        var hasText: Bool { !digits.isEmpty }
        func insertText(_ text: String) { digits += text }
        func deleteBackward() { if !digits.isEmpty { digits.removeLast() } }
        override var canBecomeFirstResponder: Bool { true }
    }

    @Test func aCustomKeyInputGetsTheHardwareKeysText() {
        let (_, controller, _) = scene()
        let kb = Keyboard()
        let pin = PinView(frame: CGRect(x: 20, y: 100, width: 100, height: 40))
        controller.view.addSubview(pin)
        endTurn()
        #expect(pin.becomeFirstResponder())
        for code: UInt32 in [2, 3, 4] { kb.tap(code) } // 1 2 3
        kb.tap(Self.backspace)
        kb.tap(Self.enter)
        #expect(pin.digits == "12\n")
        kb.down(5)                                        // 4, held
        kb.wait(0.65)
        kb.up(5)
        #expect(pin.digits == "12\n444", "\(pin.digits)")
        // Control-chords are not text: they go up the chain.
        kb.chord(Self.leftCtrl, Self.a)
        #expect(pin.digits == "12\n444")
    }
}
