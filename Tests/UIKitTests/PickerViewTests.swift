// UIPickerView: wheels turned by the finger through the real touch path, coasting after a flick, settling on a row,
// taps on rows off the band, selection without delegate calls, reloads. Geometry worked out by hand.
import Foundation
import Testing
@testable import UIKit

@MainActor final class PickerModel: UIPickerViewDataSource, UIPickerViewDelegate {
    var rows = [10, 5]
    var selections: [(Int, Int)] = []
    var titlesAsked = 0
    func numberOfComponents(in pickerView: UIPickerView) -> Int { rows.count }
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { rows[component] }
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        titlesAsked += 1
        return "c\(component) r\(row)"
    }
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) { selections.append((row, component)) }
}

@MainActor @Suite(.serialized) struct PickerViewTests {
    /// A 320x216 picker at (0, 100): two wheels of 150 (320 − 16 − 4, halved), the first from x 8, rows 32 high;
    /// the band's middle at y 208.
    func setUp() -> (UIPickerView, PickerModel, Fingers) {
        freshApp()
        let window = shownWindow()
        let model = PickerModel()
        let picker = UIPickerView(frame: CGRect(x: 0, y: 100, width: 320, height: 216))
        picker.dataSource = model
        picker.delegate = model
        window.addSubview(picker)
        picker.layoutIfNeeded()
        return (picker, model, Fingers())
    }

    @Test func rowsSitOnTheBandAndSelectingTellsNoOne() {
        let (picker, model, _) = setUp()
        #expect(picker.numberOfComponents == 2 && picker.numberOfRows(inComponent: 1) == 5)
        #expect(picker.intrinsicContentSize.height == 216)
        #expect(picker.rowSize(forComponent: 0) == CGSize(width: 150, height: 32))
        picker.selectRow(4, inComponent: 0, animated: false)
        picker.layoutIfNeeded()
        #expect(picker.selectedRow(inComponent: 0) == 4 && model.selections.isEmpty)
        let label = picker.view(forRow: 4, forComponent: 0) as? UILabel
        #expect(label?.text == "c0 r4")
        #expect(label.map { $0.convert($0.bounds, to: picker).midY } == 108, "the selected row in the band's middle")
        // Rows further round the drum are squashed and faded.
        let next = picker.view(forRow: 5, forComponent: 0)!
        #expect(next.transform.d < 1 && next.alpha < 1)
        picker.selectRow(99, inComponent: 1, animated: false)
        #expect(picker.selectedRow(inComponent: 1) == 4, "clamped")
        // A row on screen is not asked for again when the wheels are laid out again, only rows coming into view.
        picker.layoutIfNeeded()
        let asked = model.titlesAsked
        picker.setNeedsLayout()
        picker.layoutIfNeeded()
        #expect(model.titlesAsked == asked)
    }

    @Test func aSlowDragSettlesOnTheNearestRow() {
        let (picker, model, fingers) = setUp()
        // Up by three rows and a bit, slowly: no coasting.
        fingers.drag(from: CGPoint(x: 80, y: 260), to: CGPoint(x: 80, y: 160), steps: 20, interval: 0.05)
        frames(1.5)
        #expect(picker.selectedRow(inComponent: 0) == 3 && model.selections.count == 1)
        #expect(model.selections.first.map { $0 == (3, 0) } == true)
        #expect(picker.selectedRow(inComponent: 1) == 0, "the other wheel did not move")
    }

    @Test func aFlickCoastsFurtherAndStopsAtTheEnd() {
        let (picker, model, fingers) = setUp()
        // 64 points (two rows) in 40 ms: the wheel keeps going, and the list ends at row 9.
        fingers.drag(from: CGPoint(x: 80, y: 240), to: CGPoint(x: 80, y: 176), steps: 4, interval: 0.01)
        frames(0.1)
        let coasting = picker.view(forRow: 3, forComponent: 0) != nil || picker.view(forRow: 9, forComponent: 0) != nil
        frames(3)
        #expect(coasting)
        #expect(picker.selectedRow(inComponent: 0) > 2, "further than the finger went: \(picker.selectedRow(inComponent: 0))")
        #expect(model.selections.count == 1)
    }

    @Test func aTapOffTheBandTurnsToThatRow() {
        let (picker, model, fingers) = setUp()
        picker.selectRow(1, inComponent: 1, animated: false)
        fingers.tap(CGPoint(x: 240, y: 208 + 64))           // two rows below the band, in the second wheel
        frames(1)
        #expect(picker.selectedRow(inComponent: 1) == 3)
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 240, y: 208 + 96))           // three more: past the last row, clamped to it
        frames(1)
        #expect(picker.selectedRow(inComponent: 1) == 4)
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 80, y: 208 + 64))
        frames(1)
        #expect(picker.selectedRow(inComponent: 0) == 2 && model.selections.map(\.0) == [3, 4, 2])
    }

    @Test func reloadingKeepsTheSelectionInRange() {
        let (picker, model, _) = setUp()
        picker.selectRow(8, inComponent: 0, animated: true)
        frames(1)
        #expect(picker.selectedRow(inComponent: 0) == 8 && model.selections.isEmpty, "animated selection tells no one")
        model.rows = [3]
        picker.reloadAllComponents()
        #expect(picker.numberOfComponents == 1 && picker.selectedRow(inComponent: 0) == 2)
        model.rows = [0]
        picker.reloadComponent(0)
        #expect(picker.selectedRow(inComponent: 0) == -1)
    }

    nonisolated static let scales: [CGFloat] = [1, 2]

    @Test(arguments: scales) func aPickerOnItsDrum(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 216 * scale), scale: scale)
        let model = PickerModel()
        let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        picker.backgroundColor = .white
        picker.dataSource = model
        picker.delegate = model
        picker.selectRow(4, inComponent: 0, animated: false)
        picker.selectRow(1, inComponent: 1, animated: false)
        picker.layoutIfNeeded()
        assertGolden(snapshot(picker, scale: scale), "picker@\(Int(scale))x", allowedPixels: 40)
    }
}
