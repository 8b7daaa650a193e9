// UIDatePicker (wheels): the locale's order and clock, values to rows and back through the real touch path, a day
// past the month's end, the range, the countdown. Rows and positions worked out by hand.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct DatePickerTests {
    let utc = TimeZone(identifier: "UTC")!

    func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 12, _ min: Int = 0) -> Date {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = utc
        return c.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min))!
    }

    /// A 320x216 date picker at (0, 100) in `locale` and UTC.
    func setUp(_ mode: UIDatePicker.Mode, _ locale: String) -> (UIDatePicker, Fingers, () -> Int) {
        freshApp()
        let window = shownWindow()
        let p = UIDatePicker(frame: CGRect(x: 0, y: 100, width: 320, height: 216))
        p.timeZone = utc
        p.locale = Locale(identifier: locale)
        p.datePickerMode = mode
        window.addSubview(p)
        p.layoutIfNeeded()
        var changes = 0
        p.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        return (p, Fingers(), { changes })
    }

    @Test func theLocaleOrdersTheWheels() {
        let (us, _, _) = setUp(.date, "en_US")
        us.date = date(2026, 11, 24)
        #expect(us.picker.numberOfComponents == 3)
        #expect(us.picker.numberOfRows(inComponent: 0) == 12 && us.picker.numberOfRows(inComponent: 1) == 31)
        #expect([0, 1, 2].map { us.picker.selectedRow(inComponent: $0) } == [10, 23, 2025], "November 24, 2026")
        #expect((us.picker.view(forRow: 10, forComponent: 0) as? UILabel)?.text == "November")
        let (gb, _, _) = setUp(.date, "en_GB")
        gb.date = date(2026, 11, 24)
        #expect(gb.picker.numberOfRows(inComponent: 0) == 31, "day first in Britain")
        #expect([0, 1, 2].map { gb.picker.selectedRow(inComponent: $0) } == [23, 10, 2025])
        let (time12, _, _) = setUp(.time, "en_US")
        #expect(time12.picker.numberOfComponents == 3 && time12.picker.numberOfRows(inComponent: 0) == 12)
        let (time24, _, _) = setUp(.time, "de_DE")
        #expect(time24.picker.numberOfComponents == 2 && time24.picker.numberOfRows(inComponent: 0) == 24)
        time24.date = date(2026, 11, 24, 17, 45)
        #expect(time24.picker.selectedRow(inComponent: 0) == 17 && time24.picker.selectedRow(inComponent: 1) == 45)
    }

    @Test func turningTheDayWheelChangesTheDate() {
        let (p, fingers, changes) = setUp(.date, "en_US")
        p.date = date(2026, 11, 24)
        #expect(changes() == 0, "setting the date sends nothing")
        // The day wheel: month 148 wide from 8, day 59.2 from 160; up one row (32 points), slowly.
        fingers.drag(from: CGPoint(x: 190, y: 240), to: CGPoint(x: 190, y: 208), steps: 16, interval: 0.05)
        frames(1.5)
        #expect(p.date == date(2026, 11, 25) && changes() == 1)
    }

    @Test func aDayPastTheMonthsEndTurnsBack() {
        let (p, fingers, changes) = setUp(.date, "en_US")
        p.date = date(2026, 1, 31)
        // The month wheel up one row: February 31st, which 2026 does not have: the 28th.
        fingers.drag(from: CGPoint(x: 80, y: 240), to: CGPoint(x: 80, y: 208), steps: 16, interval: 0.05)
        frames(2)
        #expect(p.date == date(2026, 2, 28) && changes() == 1)
        #expect(p.picker.selectedRow(inComponent: 1) == 27)
    }

    @Test func theRangeHoldsAndTheCountdownCountsMinutes() {
        let (p, fingers, changes) = setUp(.date, "en_US")
        p.date = date(2026, 11, 24)
        p.maximumDate = date(2026, 11, 24, 23, 0)
        fingers.drag(from: CGPoint(x: 190, y: 240), to: CGPoint(x: 190, y: 208), steps: 16, interval: 0.05)
        frames(2)
        #expect(p.date == date(2026, 11, 24, 23, 0) && p.picker.selectedRow(inComponent: 1) == 23, "back inside the range")
        #expect(changes() == 1, "the date changed (to the maximum)")
        p.date = date(2020, 1, 1)
        p.minimumDate = date(2025, 6, 1)
        #expect(p.date == date(2025, 6, 1))

        let (timer, _, _) = setUp(.countDownTimer, "en_US")
        timer.countDownDuration = 3725
        #expect(timer.countDownDuration == 3720 && timer.picker.selectedRow(inComponent: 0) == 1
                && timer.picker.selectedRow(inComponent: 1) == 2)
        #expect(timer.datePickerStyle == .wheels)
    }
}
