import CoreGraphics
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// UITextField: the delegate, targets and notifications in UIKit's order, edits through UIKeyInput and UITextInput,
/// geometry, secure entry, hardware keys and undo.
@MainActor @Suite struct TextFieldTests {
    /// Logs what a field tells its delegate, its targets and the notification centre.
    @MainActor final class Recorder: NSObject, UITextFieldDelegate {
        var log: [String] = []
        var allowChange = true
        var allowEnd = true
        var observers: [NSObjectProtocol] = []

        func watch(_ field: UITextField) {
            field.delegate = self
            field.addAction(UIAction { [unowned self] _ in self.log.append("editingDidBegin") }, for: .editingDidBegin)
            field.addAction(UIAction { [unowned self] _ in self.log.append("editingChanged") }, for: .editingChanged)
            field.addAction(UIAction { [unowned self] _ in self.log.append("editingDidEnd") }, for: .editingDidEnd)
            for (name, label) in [(UITextField.textDidBeginEditingNotification, "note:begin"), (UITextField.textDidChangeNotification, "note:change"),
                                  (UITextField.textDidEndEditingNotification, "note:end")] {
                observers.append(NotificationCenter.default.addObserver(forName: name, object: field, queue: nil) { [unowned self] _ in
                    MainActor.assumeIsolated { self.log.append(label) }
                })
            }
        }
        func stop() { for o in observers { NotificationCenter.default.removeObserver(o) } }

        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { log.append("shouldBegin"); return true }
        func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
        func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { log.append("shouldEnd"); return allowEnd }
        func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { log.append("didEnd") }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            log.append("shouldChange \(range.location),\(range.length) '\(string)'")
            return allowChange
        }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool { log.append("shouldReturn"); return true }
    }

    func scene(_ frame: CGRect = CGRect(x: 20, y: 40, width: 280, height: 34)) -> (UIWindow, UITextField) {
        freshApp()
        let window = shownWindow()
        let field = UITextField(frame: frame)
        field.borderStyle = .roundedRect
        window.addSubview(field)
        endTurn()
        return (window, field)
    }

    /// "Tap outside to dismiss the keyboard": `endEditing(_:)` on a container resigns the field inside it, asking its
    /// delegate unless forced.
    @Test func endEditingResignsTheFieldInsideAskingItsDelegateUnlessForced() {
        let (window, field) = scene()
        let recorder = Recorder()
        recorder.watch(field)
        defer { recorder.stop() }
        let other = UIView(frame: CGRect(x: 0, y: 300, width: 100, height: 100))
        window.addSubview(other)
        #expect(field.becomeFirstResponder())
        #expect(other.endEditing(false), "nothing to resign outside the field's hierarchy")
        #expect(field.isFirstResponder)
        recorder.allowEnd = false
        #expect(!window.endEditing(false))
        #expect(field.isFirstResponder && recorder.log.last == "shouldEnd")
        recorder.log = []
        #expect(window.endEditing(true))
        #expect(!field.isFirstResponder && !recorder.log.contains("shouldEnd") && recorder.log.contains("didEnd"))
    }

    @Test func editingTellsTheDelegateTargetsAndNotificationsInOrder() {
        let (_, field) = scene()
        let r = Recorder()
        r.watch(field)
        defer { r.stop() }
        #expect(field.becomeFirstResponder() && field.isEditing && field.isFirstResponder)
        #expect(r.log == ["shouldBegin", "editingDidBegin", "didBegin", "note:begin"])
        r.log = []
        field.insertText("Hé")
        #expect(field.text == "Hé")
        #expect(r.log == ["shouldChange 0,0 'Hé'", "editingChanged", "note:change"])
        // The delegate may refuse a change: nothing changes, nothing is told.
        r.log = []
        r.allowChange = false
        field.deleteBackward()
        #expect(field.text == "Hé" && r.log == ["shouldChange 1,1 ''"])
        r.allowChange = true
        // Ending: the delegate may refuse, then allow.
        r.log = []
        r.allowEnd = false
        #expect(!field.resignFirstResponder() && field.isEditing)
        r.allowEnd = true
        #expect(field.resignFirstResponder() && !field.isEditing)
        #expect(r.log == ["shouldEnd", "shouldEnd", "editingDidEnd", "didEnd", "note:end"])
        // Setting the text from code tells nobody.
        r.log = []
        field.text = "code"
        #expect(r.log.isEmpty && field.text == "code")
    }

    @Test func returnAsksTheDelegateAndEndOnExitTargetsEndEditing() {
        let (_, field) = scene()
        let r = Recorder()
        r.watch(field)
        defer { r.stop() }
        field.becomeFirstResponder()
        field.insertText("\n")
        #expect(r.log.contains("shouldReturn") && field.isEditing) // no end-on-exit target: still editing
        var exited = false
        field.addAction(UIAction { _ in exited = true }, for: .editingDidEndOnExit)
        field.insertText("\n")
        #expect(exited && !field.isEditing)
        #expect(field.text == "")
    }

    @Test func textInputPositionsRangesAndMarkedText() {
        let (_, field) = scene()
        field.text = "Hello world"
        field.becomeFirstResponder()
        let input: any UITextInput = field
        #expect(input.offset(from: input.beginningOfDocument, to: input.endOfDocument) == 11)
        let sel = try! #require(input.selectedTextRange)
        #expect(sel.isEmpty && input.offset(from: input.beginningOfDocument, to: sel.start) == 11)
        // Select "world" and replace it through a range.
        let a = input.position(from: input.beginningOfDocument, offset: 6)!, b = input.endOfDocument
        let world = input.textRange(from: a, to: b)!
        #expect(input.text(in: world) == "world")
        input.selectedTextRange = world
        #expect(field.editor.selectedRange == NSRange(location: 6, length: 5))
        input.insertText("there")
        #expect(field.text == "Hello there")
        // Composition: marked text replaces itself, then commits.
        input.setMarkedText("k", selectedRange: NSRange(location: 1, length: 0))
        input.setMarkedText("ka", selectedRange: NSRange(location: 2, length: 0))
        #expect(field.text == "Hello thereka")
        let marked = try! #require(input.markedTextRange)
        #expect(input.text(in: marked) == "ka")
        input.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0))
        input.unmarkText()
        #expect(field.text == "Hello thereか" && input.markedTextRange == nil)
        #expect(input.offset(from: input.beginningOfDocument, to: input.selectedTextRange!.start) == 12)
        // Deleting removes a whole grapheme: an emoji flag is four UTF-16 units.
        input.insertText("🇫🇷")
        input.deleteBackward()
        #expect(field.text == "Hello thereか")
        // Positions out of the document are nil; comparisons order them.
        #expect(input.position(from: input.beginningOfDocument, offset: -1) == nil)
        #expect(input.compare(input.beginningOfDocument, to: input.endOfDocument) == .orderedAscending)
    }

    @Test func caretsAdvanceWithTheTextAndPointsFindTheirPositions() {
        let (_, field) = scene()
        field.text = "iiiWWW"
        field.becomeFirstResponder()
        endTurn()
        let xs = (0...6).map { field.caretRect(for: IndexedPosition($0)).midX }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }, "\(xs)")
        // Wide letters advance the caret more than narrow ones.
        #expect(xs[6] - xs[5] > xs[1] - xs[0])
        let caret = field.caretRect(for: IndexedPosition(3))
        #expect(caret.width == 2 && caret.height > 15 && caret.minY >= 0 && caret.maxY <= 34)
        // A point at a caret finds its position; between two carets, the nearer.
        for i in 0...6 {
            let p = field.closestPosition(to: CGPoint(x: xs[i], y: 17)) as! IndexedPosition
            #expect(p.offset == i)
        }
        let near = field.closestPosition(to: CGPoint(x: xs[4] + (xs[5] - xs[4]) * 0.3, y: 17)) as! IndexedPosition
        #expect(near.offset == 4)
        // The shown caret is where caretRect says, and blinks.
        let caretView = field.subviews.first { $0.bounds.width == 2 && !$0.isHidden }!
        #expect(caretView.frame == field.caretRect(for: IndexedPosition(6)))
        frames(0.55)
        #expect(caretView.alpha == 0)
        frames(0.5)
        #expect(caretView.alpha == 1)
    }

    @Test func rightToLeftTextPutsCaretsFromTheRight() {
        let (_, field) = scene()
        field.text = "שלום"
        field.becomeFirstResponder()
        endTurn()
        let xs = (0...4).map { field.caretRect(for: IndexedPosition($0)).midX }
        // Each letter further into the word is further left.
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 > $1 }, "\(xs)")
    }

    @Test func wordsAndGraphemesInSeveralScripts() {
        let editor = TextEditor()
        editor.setText(NSAttributedString(string: "Hello, wörld! שלום עולם 私は東京に住む"))
        func word(at i: Int) -> String { (editor.string as NSString).substring(with: editor.wordRange(at: i)) }
        #expect(word(at: 2) == "Hello")
        #expect(word(at: 9) == "wörld")
        #expect(word(at: 16) == "שלום")
        #expect(word(at: 21) == "עולם")
        // Japanese has no spaces: words come from ICU's dictionary.
        let tokyo = (editor.string as NSString).range(of: "東京").location
        #expect(word(at: tokyo + 1) == "東京", "\(word(at: tokyo + 1))")
        // Moving by words skips the punctuation and spaces.
        #expect(editor.boundary(after: 0, .word) == 5)
        #expect(editor.boundary(after: 5, .word) == 12)
        #expect(editor.boundary(before: 12, .word) == 7)
        // A combining accent is part of its letter.
        editor.setText(NSAttributedString(string: "e\u{301}x"))
        #expect(editor.grapheme(from: 0, forward: true) == 2)
        // The string tokenizer answers the same through UITextInput.
        let (_, field) = scene()
        field.text = "one two"
        let tok = field.tokenizer
        let r = tok.rangeEnclosingPosition(IndexedPosition(5), with: .word, inDirection: .storage(.forward)) as! IndexedRange
        #expect(r.range == NSRange(location: 4, length: 3))
        #expect(tok.isPosition(IndexedPosition(3), atBoundary: .word, inDirection: .storage(.forward)))
        #expect((tok.position(from: IndexedPosition(0), toBoundary: .word, inDirection: .storage(.forward)) as! IndexedPosition).offset == 3)
    }

    @Test func secureTextShowsDotsAndTheLastCharacterForAMoment() {
        let (_, field) = scene()
        field.isSecureTextEntry = true
        field.becomeFirstResponder()
        field.insertText("a")
        field.insertText("b")
        #expect(field.displayString == "\u{2022}b")
        frames(1.6)
        #expect(field.displayString == "\u{2022}\u{2022}" && field.text == "ab")
        // Editing secure text again replaces it (iOS clears it on the first key).
        field.resignFirstResponder()
        field.becomeFirstResponder()
        field.insertText("c")
        #expect(field.text == "c")
    }

    @Test func tapsPlaceTheCaretAndDoubleTapsSelectAWord() {
        let (window, field) = scene()
        field.text = "alpha beta"
        let fingers = Fingers()
        let start = field.convert(CGPoint(x: 12, y: 17), to: window)
        // The first tap begins editing with the caret at the word edge nearest the tap.
        fingers.tap(start)
        endTurn()
        #expect(field.isEditing)
        #expect(field.editor.selectedRange == NSRange(location: 0, length: 0), "\(field.editor.selectedRange)")
        let betaX = field.caretRect(for: IndexedPosition(8)).midX
        let p = field.convert(CGPoint(x: betaX, y: 17), to: window)
        fingers.wait(0.6)
        fingers.tap(p)
        fingers.wait(0.1)
        fingers.tap(p)
        endTurn()
        #expect(field.editor.selectedRange == NSRange(location: 6, length: 4), "\(field.editor.selectedRange)")
        // A selection shows highlight views instead of the caret.
        #expect(field.subviews.contains { !$0.isHidden && $0.backgroundColor == field.tintColor.withAlphaComponent(0.2) })
    }

    @Test func hardwareKeysEditMoveAndSelect() {
        let (_, field) = scene()
        let app = UIApplication.shared
        app.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 3, name: "kbd", node: "test", capabilities: [.keyboard, .textKeys])))
        field.becomeFirstResponder()
        func key(_ code: UInt32) {
            app.input.handle(.key(time: 1, device: 3, code: code, pressed: true))
            app.input.handle(.key(time: 1, device: 3, code: code, pressed: false))
        }
        for code: UInt32 in [35, 18, 38, 38, 24] { key(code) } // h e l l o
        #expect(field.text == "hello")
        key(105) // left
        key(14)  // backspace
        #expect(field.text == "helo")
        // Shift + left selects.
        app.input.handle(.key(time: 1, device: 3, code: 42, pressed: true))
        key(105); key(105)
        app.input.handle(.key(time: 1, device: 3, code: 42, pressed: false))
        #expect(field.editor.selectedRange == NSRange(location: 1, length: 2))
        key(30) // a replaces the selection
        #expect(field.text == "hao")
        // The attached keyboard keeps the on-screen one away.
        #expect(!app.textInput.isVisible)
    }

    @Test func undoRevertsTypingAndRedoRestoresIt() {
        let (window, field) = scene()
        field.becomeFirstResponder()
        // Typing in a run undoes as one step, as on iOS.
        for ch in "abc" { field.insertText(String(ch)); endTurn() }
        // Moving the caret begins a new run.
        field.selectedTextRange = IndexedRange(NSRange(location: 1, length: 0))
        field.insertText("X")
        field.insertText("Y")
        endTurn()
        #expect(field.text == "aXYbc")
        let undo = try! #require(field.undoManager)
        #expect(undo === window.undoManager && undo.canUndo)
        undo.undo()
        #expect(field.text == "abc")
        undo.redo()
        #expect(field.text == "aXYbc")
        undo.undo(); undo.undo()
        #expect(field.text == "" && !undo.canUndo)
        // A cut is a step of its own; paste brings it back.
        field.text = "hello world"
        field.selectedTextRange = IndexedRange(NSRange(location: 0, length: 6))
        field.cut(nil)
        #expect(field.text == "world" && UIPasteboard.general.string == "hello ")
        endTurn() // (the user's next action: a group of its own)
        field.paste(nil)
        #expect(field.text == "hello world")
        undo.undo()
        #expect(field.text == "world")
    }

    @Test func theEditMenuOffersWhatApplies() {
        let (window, field) = scene()
        field.text = "copy me"
        field.becomeFirstResponder()
        UIPasteboard.general.string = nil
        let fingers = Fingers()
        // A double tap selects a word and shows the menu: Cut, Copy, Select All (nothing to paste yet).
        let p = field.convert(CGPoint(x: field.caretRect(offset: 2).midX, y: 17), to: window)
        fingers.tap(p)
        fingers.wait(0.1)
        fingers.tap(p)
        endTurn()
        let menu = try! #require(window.subviews.compactMap { $0 as? EditMenuView }.first)
        #expect(!menu.isHidden && menu.commands == [.cut, .copy, .selectAll])
        #expect(menu.frame.maxY <= field.frame.minY + 5 || menu.frame.minY >= field.frame.maxY - 5)
        // Its Copy button copies through the input pipeline.
        let copy = menu.subviews.compactMap { $0 as? UIButton }.first { $0.title(for: .normal) == "Copy" }!
        fingers.wait(0.5)
        fingers.tap(copy.convert(CGPoint(x: copy.bounds.midX, y: copy.bounds.midY), to: window))
        endTurn()
        #expect(UIPasteboard.general.string == "copy" && menu.isHidden)
        // Secure text is not copied.
        field.isSecureTextEntry = true
        field.selectedTextRange = IndexedRange(NSRange(location: 0, length: 4))
        field.copy(nil)
        #expect(UIPasteboard.general.string == "copy")
        field.isSecureTextEntry = false
        // A selection shows handles; dragging the end one extends it.
        field.selectedTextRange = IndexedRange(NSRange(location: 0, length: 2))
        endTurn()
        let handles = field.subviews.compactMap { $0 as? SelectionHandle }.filter { !$0.isHidden }
        #expect(handles.count == 2)
        let end = handles.first { !$0.isStart }!
        let from = end.convert(CGPoint(x: end.bounds.midX, y: end.bounds.maxY - 10), to: window)
        let to = field.convert(CGPoint(x: field.caretRect(offset: 7).midX, y: 30), to: window)
        fingers.drag(from: from, to: to, steps: 6)
        endTurn()
        #expect(field.editor.selectedRange == NSRange(location: 0, length: 7), "\(field.editor.selectedRange)")
    }

    @Test func aScrollViewScrollsAFieldTheKeyboardWouldCoverIntoView() {
        freshApp()
        let window = shownWindow()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 320, height: 1000)
        let low = UITextField(frame: CGRect(x: 20, y: 420, width: 280, height: 34))
        let high = UITextField(frame: CGRect(x: 20, y: 40, width: 280, height: 34))
        for f in [low, high] { scroll.addSubview(f) }
        window.addSubview(scroll)
        endTurn()
        // A field above where the keyboard comes: nothing moves.
        high.becomeFirstResponder()
        frames(0.5)
        #expect(scroll.contentOffset.y == 0)
        // A field the keyboard covers: scrolled up to just above it, once the keyboard is in.
        low.becomeFirstResponder()
        frames(0.5)
        let keyboardTop = UIApplication.shared.textInput.frame.minY
        let field = low.convert(low.bounds, to: window)
        #expect(field.maxY <= keyboardTop && field.maxY > keyboardTop - 20, "\(field) under a keyboard at \(keyboardTop)")
    }

    @Test func draggingAScrollViewDismissesTheKeyboard() {
        freshApp()
        let window = shownWindow()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 320, height: 2000)
        scroll.keyboardDismissMode = .onDrag
        let field = UITextField(frame: CGRect(x: 20, y: 40, width: 280, height: 34))
        scroll.addSubview(field)
        window.addSubview(scroll)
        endTurn()
        field.becomeFirstResponder()
        frames(0.3)
        #expect(UIApplication.shared.textInput.isVisible)
        Fingers().drag(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 100), steps: 6)
        frames(0.4)
        #expect(!field.isEditing && !UIApplication.shared.textInput.isVisible)
    }
}
