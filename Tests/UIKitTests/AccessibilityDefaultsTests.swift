// What the lists, pickers and the on-screen keyboard give the accessibility tree by default, as UIKit's do: a table
// cell read as one element named by its texts (or as its parts when it holds controls), the section index and each
// picker wheel adjustable, the keyboard's keys read as keys by VoiceOver's names.
import Testing
import Foundation
@testable import UIKit

@MainActor @Suite struct AccessibilityDefaultsTests {
    final class Rows: NSObject, UITableViewDataSource, UIPickerViewDataSource, UIPickerViewDelegate {
        var picked: [Int] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
        func numberOfSections(in tableView: UITableView) -> Int { 3 }
        func sectionIndexTitles(for tableView: UITableView) -> [String]? { ["A", "B", "C"] }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .value1, reuseIdentifier: nil)
            var content = cell.defaultContentConfiguration()
            content.text = "Row \(indexPath.row)"
            content.secondaryText = indexPath.row == 1 ? "Secured" : nil
            cell.contentConfiguration = content
            if indexPath.row == 2 { cell.accessoryView = UISwitch() }
            return cell
        }
        func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { 3 }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            ["Comfort", "Eco", "Away"][row]
        }
        func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) { picked.append(row) }
    }

    @Test func cellsReadTheirTextsAndControlsStayReachable() throws {
        freshApp(pixels: CGSize(width: 400, height: 600))
        let window = shownWindow()
        let rows = Rows()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.dataSource = rows
        window.addSubview(table)
        endTurn()
        let elements = AccessibilityTree.elements(of: window)
        let labels = elements.map { $0.accessibilityLabel ?? "" }
        #expect(labels.prefix(2) == ["Row 0", "Row 1, Secured"], "\(labels)")
        #expect(elements.first is UITableViewCell)
        // The cell with a switch is its parts: its text, then the switch (an element of its own).
        #expect(labels.dropFirst(2).prefix(1) == ["Row 2"])
        #expect(elements[3] is UISwitch)
        // The section index: "Table index", adjustable; an increment jumps to the next title's section.
        let index = try #require(elements.first { $0 is SectionIndexView })
        #expect(index.accessibilityLabel == "Table index" && index.accessibilityTraits.contains(.adjustable))
        #expect(index.accessibilityValue == "A")
        index.accessibilityIncrement()
        endTurn()
        #expect(index.accessibilityValue == "B")
        #expect(abs(table.contentOffset.y - table.rect(forSection: 1).minY) < 0.5, "\(table.contentOffset)")
        // Its frame is the stacked titles: the middle of the frame is the middle title.
        let frame = index.accessibilityFrame
        #expect(frame.height == 42 && frame.width == SectionIndexView.width, "\(frame)")
    }

    @Test func aPickerWheelIsAdjustable() throws {
        freshApp(pixels: CGSize(width: 400, height: 300))
        let window = shownWindow()
        let rows = Rows()
        let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 400, height: 216))
        picker.dataSource = rows
        picker.delegate = rows
        window.addSubview(picker)
        endTurn()
        let elements = AccessibilityTree.elements(of: window)
        #expect(elements.count == 1)
        let wheel = try #require(elements.first)
        #expect(wheel.accessibilityTraits.contains(.adjustable))
        #expect(wheel.accessibilityValue == "Comfort, 1 of 3")
        wheel.accessibilityIncrement()
        #expect(picker.selectedRow(inComponent: 0) == 1 && rows.picked == [1])
        #expect(wheel.accessibilityValue == "Eco, 2 of 3")
        wheel.accessibilityDecrement()
        wheel.accessibilityDecrement() // at the first row: stays
        #expect(picker.selectedRow(inComponent: 0) == 0 && rows.picked == [1, 0])
        #expect(AccessibilityAgent.elementType(of: wheel) == "pickerWheel")
    }

    @Test func theKeyboardsKeysAreReadAsKeys() throws {
        freshApp(pixels: CGSize(width: 320, height: 480))
        let window = shownWindow()
        let field = UITextField(frame: CGRect(x: 20, y: 40, width: 280, height: 34))
        field.returnKeyType = .join
        field.autocapitalizationType = .none
        window.addSubview(field)
        UIApplication.shared.textInput.mode = .always
        field.becomeFirstResponder()
        for _ in 0..<40 { endTurn() }
        let keyboard = try #require(UIApplication.shared.textInput.keyboardView?.window)
        let keys = AccessibilityTree.elements(of: keyboard)
        let labels = keys.map { $0.accessibilityLabel ?? "" }
        #expect(labels.prefix(3) == ["q", "w", "e"], "\(labels)")
        for name in ["shift", "delete", "more, numbers", "space", "Join"] { #expect(labels.contains(name), "\(name) in \(labels)") }
        #expect(keys.allSatisfy { $0.accessibilityTraits.contains(.keyboardKey) })
        #expect(keys.first.map(AccessibilityAgent.elementType(of:)) == "key")
    }
}
