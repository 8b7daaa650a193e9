import CoreGraphics
import Foundation
import Testing
@testable import UIKit

/// `UISearchBar`: its layout (with and without Cancel), the delegate messages as typing, the clear button, the Search
/// key and Cancel produce them, and its picture.
@MainActor @Suite(.serialized) struct SearchBarTests {
    final class Listener: UISearchBarDelegate {
        var log: [String] = []
        var allowBegin = true
        func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { log.append("shouldBegin"); return allowBegin }
        func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { log.append("didBegin") }
        func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { log.append("didEnd") }
        func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { log.append("changed \(searchText)") }
        func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            text != "!" // no exclamation marks in searches
        }
        func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { log.append("search") }
        func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { log.append("cancel") }
    }

    func shownBar() -> (UIWindow, UISearchBar, Listener) {
        freshApp()
        let window = shownWindow()
        window.backgroundColor = .white
        let bar = UISearchBar(frame: CGRect(x: 0, y: 40, width: 320, height: 56))
        bar.placeholder = "Search tenants"
        let listener = Listener()
        bar.delegate = listener
        window.addSubview(bar)
        endTurn()
        return (window, bar, listener)
    }

    @Test func theFieldFillsTheBarAndCancelTakesTheTrailingEnd() {
        let (_, bar, listener) = shownBar()
        #expect(bar.sizeThatFits(CGSize(width: 500, height: 500)) == CGSize(width: 500, height: 56))
        #expect(bar.searchTextField.frame == CGRect(x: 8, y: 10, width: 304, height: 36))
        #expect(bar.searchTextField.returnKeyType == .search && bar.returnKeyType == .search)
        bar.setShowsCancelButton(true, animated: false)
        bar.layoutIfNeeded()
        let field = bar.searchTextField.frame
        #expect(field.minX == 8 && field.width < 304)
        let cancel = bar.subviews.compactMap { $0 as? UIButton }.first { !$0.isHidden }
        #expect(cancel?.title(for: .normal) == "Cancel")
        if let cancel {
            #expect(cancel.frame.minX >= field.maxX)
            Fingers().tap(cancel.convert(CGPoint(x: cancel.bounds.midX, y: cancel.bounds.midY), to: nil))
            frames(0.2)
        }
        #expect(listener.log == ["cancel"])
        withExtendedLifetime(listener) {}
    }

    @Test func typingTheClearButtonAndTheSearchKeyReachTheDelegate() {
        let (_, bar, listener) = shownBar()
        #expect(bar.becomeFirstResponder() && bar.isFirstResponder && bar.searchTextField.isEditing)
        #expect(UIApplication.shared.textInput.isVisible)
        let field = bar.searchTextField
        field.insertText("c")
        field.insertText("e")
        field.insertText("!")
        field.deleteBackward()
        #expect(bar.text == "c")
        #expect(listener.log == ["shouldBegin", "didBegin", "changed c", "changed ce", "changed c"])
        // Setting the text is not an edit: the delegate does not hear it.
        listener.log = []
        bar.text = "cedar"
        #expect(listener.log.isEmpty)
        // The Search key: heard, and the keyboard stays (the delegate decides).
        field.insertText("\n")
        #expect(listener.log == ["search"] && bar.isFirstResponder && bar.text == "cedar")
        // The clear button empties the field and says so.
        listener.log = []
        endTurn()
        let clear = field.subviews.compactMap { $0 as? UIButton }.first { !$0.isHidden }
        #expect(clear != nil)
        if let clear {
            Fingers().tap(clear.convert(CGPoint(x: clear.bounds.midX, y: clear.bounds.midY), to: nil))
            frames(0.2)
        }
        #expect(bar.text == "" && listener.log == ["changed "])
        listener.log = []
        bar.resignFirstResponder()
        #expect(listener.log == ["didEnd"] && !bar.isFirstResponder)
        // A delegate that says no keeps the bar from editing.
        listener.allowBegin = false
        listener.log = []
        #expect(!bar.becomeFirstResponder() && listener.log == ["shouldBegin"])
        withExtendedLifetime(listener) {}
    }

    @Test(arguments: [CGFloat(1), 2]) func searchBarsLookAsInUIKit(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 112 * scale), scale: scale)
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 112))
        card.backgroundColor = .white
        let empty = UISearchBar(frame: CGRect(x: 0, y: 0, width: 320, height: 56))
        empty.placeholder = "Search tenants"
        let filled = UISearchBar(frame: CGRect(x: 0, y: 56, width: 320, height: 56))
        filled.text = "Cedar"
        filled.showsCancelButton = true
        card.addSubview(empty)
        card.addSubview(filled)
        card.layoutIfNeeded()
        assertGolden(snapshot(card, scale: scale), "search-bars@\(Int(scale))x", allowedPixels: 40)
    }
}
