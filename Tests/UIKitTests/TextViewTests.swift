import CoreGraphics
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// UITextView: multi-line editing, the delegate's order, carets by line, up and down, scrolling to the caret, and
/// the read-only (selectable) mode.
@MainActor @Suite struct TextViewTests {
    @MainActor final class Recorder: NSObject, UITextViewDelegate {
        var log: [String] = []
        func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { log.append("shouldBegin"); return true }
        func textViewDidBeginEditing(_ textView: UITextView) { log.append("didBegin") }
        func textViewShouldEndEditing(_ textView: UITextView) -> Bool { log.append("shouldEnd"); return true }
        func textViewDidEndEditing(_ textView: UITextView) { log.append("didEnd") }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            log.append("shouldChange \(range.location),\(range.length) '\(text)'")
            return text != "!"
        }
        func textViewDidChange(_ textView: UITextView) { log.append("didChange") }
        func textViewDidChangeSelection(_ textView: UITextView) { log.append("didChangeSelection") }
    }

    func scene(_ frame: CGRect = CGRect(x: 20, y: 40, width: 200, height: 120)) -> (UIWindow, UITextView) {
        freshApp()
        let window = shownWindow()
        let view = UITextView(frame: frame)
        view.font = .systemFont(ofSize: 17)
        window.addSubview(view)
        endTurn()
        return (window, view)
    }

    @Test func editingTellsTheDelegateInUIKitsOrder() {
        let (_, view) = scene()
        let r = Recorder()
        view.delegate = r
        var notes: [String] = []
        let o = NotificationCenter.default.addObserver(forName: UITextView.textDidChangeNotification, object: view, queue: nil) { _ in
            MainActor.assumeIsolated { notes.append("note:change") }
        }
        defer { NotificationCenter.default.removeObserver(o) }
        #expect(view.becomeFirstResponder())
        #expect(r.log == ["shouldBegin", "didBegin"])
        r.log = []
        view.insertText("Hi")
        #expect(r.log == ["shouldChange 0,0 'Hi'", "didChangeSelection", "didChange"] && notes == ["note:change"])
        r.log = []
        view.insertText("!")
        #expect(view.text == "Hi" && r.log == ["shouldChange 2,0 '!'"])
        // Return types a newline.
        view.insertText("\n")
        #expect(view.text == "Hi\n" && view.isFirstResponder)
        r.log = []
        view.resignFirstResponder()
        #expect(r.log == ["shouldEnd", "didEnd"])
    }

    @Test func caretsGoDownTheLinesAndArrowsMoveBetweenThem() {
        let (_, view) = scene()
        view.text = "first line\nsecond\nthird"
        view.becomeFirstResponder()
        endTurn()
        let first = view.caretRect(offset: 3), second = view.caretRect(offset: 13), third = view.caretRect(offset: 20)
        #expect(first.minY < second.minY && second.minY < third.minY && abs(second.minY - first.maxY) < 1, "\(first) \(second) \(third)")
        // The inset and padding: the first caret at 8 points down, the line's start at 5 in.
        #expect(view.caretRect(offset: 0).minY == 8 && abs(view.caretRect(offset: 0).midX - 5) <= 0.5)
        // A point finds its line and place.
        #expect(view.offset(closestTo: CGPoint(x: second.midX, y: second.midY)) == 13)
        // Up and down keep the caret's x as near as they can.
        let down = view.offset(verticallyFrom: 3, up: false, x: first.midX)!
        #expect(view.caretRect(offset: down).minY == second.minY && abs(view.caretRect(offset: down).midX - first.midX) < 6)
        let up = view.offset(verticallyFrom: down, up: true, x: view.caretRect(offset: down).midX)!
        #expect(view.caretRect(offset: up).minY == first.minY && abs(view.caretRect(offset: up).midX - first.midX) < 6)
        // After a final newline the caret stands on the empty line below.
        view.text = "one\n"
        let end = view.caretRect(offset: 4), line = view.caretRect(offset: 0)
        #expect(end.minY >= line.maxY - 0.5 && abs(end.minX - line.minX) < 0.5, "\(end) \(line)")
    }

    @Test func typingPastTheBottomScrollsTheCaretIntoView() {
        let (_, view) = scene(CGRect(x: 20, y: 40, width: 200, height: 80))
        view.becomeFirstResponder()
        for i in 0..<8 { view.insertText("line \(i)\n") }
        endTurn()
        let caret = view.caretRect(offset: view.selectedRange.location)
        #expect(view.contentSize.height > 80 && view.contentOffset.y > 0)
        #expect(caret.maxY <= view.contentOffset.y + view.bounds.height + 0.5 && caret.minY >= view.contentOffset.y - 0.5,
                "\(caret) offset \(view.contentOffset)")
    }

    @Test func aReadOnlyTextViewSelectsAndCopiesButDoesNotChange() {
        let (window, view) = scene()
        view.isEditable = false
        view.text = "read only text"
        #expect(view.becomeFirstResponder())
        #expect(!UIApplication.shared.textInput.isVisible)
        view.insertText("x")
        #expect(view.text == "read only text")
        view.selectedRange = NSRange(location: 5, length: 4)
        view.copy(nil)
        #expect(UIPasteboard.general.string == "only")
        view.cut(nil)
        #expect(view.text == "read only text")
        // A tap on the second word's middle: a non-editable view gets no caret; a double tap selects the word.
        let p = view.convert(CGPoint(x: view.caretRect(offset: 11).midX, y: view.caretRect(offset: 11).midY), to: window)
        let fingers = Fingers()
        fingers.wait(0.6)
        fingers.tap(p)
        fingers.wait(0.1)
        fingers.tap(p)
        endTurn()
        #expect(view.selectedRange == NSRange(location: 10, length: 4), "\(view.selectedRange)")
    }

    @Test func aTapBeginsEditingAtThePlaceTapped() {
        let (window, view) = scene()
        view.text = "alpha\nbeta gamma"
        let target = view.caretRect(offset: 11) // "beta |gamma"
        Fingers().tap(view.convert(CGPoint(x: target.midX, y: target.midY), to: window))
        endTurn()
        #expect(view.isFirstResponder && view.selectedRange == NSRange(location: 11, length: 0), "\(view.selectedRange)")
        #expect(UIApplication.shared.textInput.isVisible)
    }

    @Test func nonScrollingTextViewsSizeToTheirText() {
        let (_, view) = scene()
        view.isScrollEnabled = false
        view.text = "one"
        let one = view.intrinsicContentSize.height
        view.text = "one\ntwo\nthree"
        #expect(view.intrinsicContentSize.height > one * 2)
        view.textContainerInset = .zero
        view.textContainer.lineFragmentPadding = 0
        #expect(view.caretRect(offset: 0).minY == 0 && abs(view.caretRect(offset: 0).midX) <= 1)
    }
}
