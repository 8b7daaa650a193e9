// A button's menu: shown by a tap (showsMenuAsPrimaryAction) or a hold, rows for actions, inline sections and
// submenus, single selection, disabled and hidden actions; chosen through the real touch path.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct MenuTests {
    /// A button at (20, 100), 120x44, in a 320x480 window: its menu's panel opens 8 below, at y 152, rows 44 high.
    func setUp(primary: Bool, menu: UIMenu) -> (UIButton, UIWindow, Fingers, () -> Int) {
        freshApp()
        let window = shownWindow()
        let b = UIButton(type: .system)
        b.setTitle("Options", for: .normal)
        b.frame = CGRect(x: 20, y: 100, width: 120, height: 44)
        b.menu = menu
        b.showsMenuAsPrimaryAction = primary
        var primaryActions = 0
        b.addAction(UIAction { _ in primaryActions += 1 }, for: .primaryActionTriggered)
        window.addSubview(b)
        return (b, window, Fingers(), { primaryActions })
    }

    func overlay(_ window: UIWindow) -> MenuOverlay? { window.subviews.compactMap { $0 as? MenuOverlay }.first }
    func row(_ i: Int) -> CGPoint { CGPoint(x: 100, y: 152 + 22 + 44 * CGFloat(i)) }

    @Test func aTapShowsTheMenuAndARowRunsItsAction() {
        var chosen: [String] = []
        var sender: AnyObject?
        let handler: @MainActor (UIAction) -> Void = { a in chosen.append(a.title); sender = a.sender }
        let menu = UIMenu(children: [UIAction(title: "Copy", handler: handler),
                                     UIAction(title: "Secret", attributes: .hidden, handler: handler),
                                     UIAction(title: "Share", image: UIImage(systemName: "square.and.arrow.up"), handler: handler),
                                     UIAction(title: "Locked", attributes: .disabled, handler: handler),
                                     UIAction(title: "Delete", attributes: .destructive, handler: handler)])
        let (b, window, fingers, primary) = setUp(primary: true, menu: menu)
        fingers.tap(CGPoint(x: 60, y: 120))
        #expect(overlay(window)?.rowTitles == ["Copy", "Share", "Locked", "Delete"], "hidden actions are not shown")
        #expect(primary() == 0, "the menu is the primary action")
        fingers.wait(0.5)
        fingers.tap(row(2))                                 // disabled: nothing
        #expect(chosen.isEmpty && overlay(window)?.isUserInteractionEnabled == true, "still open")
        fingers.wait(0.5)
        fingers.tap(row(1))
        #expect(chosen == ["Share"] && sender === b)
        frames(0.5)
        #expect(overlay(window) == nil, "closed")
        // A touch elsewhere closes it and does nothing.
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 60, y: 120))
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 300, y: 450))
        frames(0.5)
        #expect(overlay(window) == nil && chosen == ["Share"])
    }

    @Test func holdingShowsTheMenuWhenItIsNotThePrimaryAction() {
        let menu = UIMenu(children: [UIAction(title: "One") { _ in }])
        let (_, window, fingers, primary) = setUp(primary: false, menu: menu)
        fingers.tap(CGPoint(x: 60, y: 120))
        #expect(primary() == 1 && overlay(window) == nil, "a tap is a tap")
        fingers.wait(0.5)
        fingers.down(CGPoint(x: 60, y: 120))
        fingers.wait(0.6)
        #expect(overlay(window)?.rowTitles == ["One"])
        fingers.up()
        #expect(primary() == 1, "the held touch sends no action")
    }

    @Test func sectionsSubmenusAndSingleSelection() {
        let small = UIAction(title: "Small", state: .on) { _ in }, large = UIAction(title: "Large") { _ in }
        let sizes = UIMenu(title: "Size", options: [.displayInline, .singleSelection], children: [small, large])
        let more = UIMenu(title: "More", children: [UIAction(title: "About") { _ in }])
        let menu = UIMenu(children: [UIAction(title: "Open") { _ in }, sizes, more])
        let (_, window, fingers, _) = setUp(primary: true, menu: menu)
        fingers.tap(CGPoint(x: 60, y: 120))
        #expect(overlay(window)?.rowTitles == ["Open", "Small", "Large", "More"], "the inline section's rows in place")
        // The section is set off by an 8-point gap: Large is the third row, 8 lower.
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 100, y: row(2).y + 8))
        #expect(large.state == .on && small.state == .off)
        frames(0.5)
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 60, y: 120))
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 100, y: row(3).y + 16))      // "More", after the section and the gap after it
        #expect(overlay(window)?.rowTitles == ["About"], "a submenu opens in the panel")
    }
}
