// UIStepper: UIKit's defaults, a press per step, the greyed half at an end, autorepeat with acceleration on the
// loop's clock, wrapping, not continuous, accessibility.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct StepperTests {
    /// A stepper at (100, 100): its − half is 100...147, its + half 147...194.
    func setUp() -> (UIStepper, Fingers, () -> Int) {
        freshApp()
        let window = shownWindow()
        let s = UIStepper(frame: CGRect(x: 100, y: 100, width: 300, height: 300))
        window.addSubview(s)
        var changes = 0
        s.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        return (s, Fingers(), { changes })
    }
    let minus = CGPoint(x: 120, y: 116), plus = CGPoint(x: 170, y: 116)

    /// Lets `seconds` pass a 60 Hz frame at a time (a repeating timer fires once per turn of the loop).
    func hold(_ fingers: Fingers, _ seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { fingers.wait(1.0 / 60) }
    }

    @Test func defaultsAndSingleSteps() {
        let (s, fingers, changes) = setUp()
        #expect(s.frame.size == CGSize(width: 94, height: 32))
        #expect(s.value == 0 && s.minimumValue == 0 && s.maximumValue == 100 && s.stepValue == 1)
        #expect(s.isContinuous && s.autorepeat && !s.wraps)
        fingers.tap(plus)
        fingers.wait(0.3)
        fingers.tap(plus)
        #expect(s.value == 2 && changes() == 2)
        fingers.wait(0.3)
        fingers.tap(minus)
        #expect(s.value == 1 && changes() == 3 && s.accessibilityValue == "1")
        fingers.wait(0.3)
        fingers.tap(minus)
        fingers.wait(0.3)
        fingers.tap(minus)
        #expect(s.value == 0 && changes() == 4, "at the minimum the − half does nothing")
        s.value = 250
        #expect(s.value == 100)
    }

    @Test func holdingRepeatsAndSpeedsUp() {
        let (s, fingers, _) = setUp()
        fingers.down(plus)
        #expect(s.value == 1)
        hold(fingers, 1.0)
        // Half a second, then ten a second: 5 or 6 more by now.
        #expect((6...7).contains(s.value), "\(s.value)")
        let at1 = s.value
        hold(fingers, 1.0)
        let perSecondEarly = s.value - at1
        hold(fingers, 2.0)
        let at4 = s.value
        hold(fingers, 1.0)
        let perSecondLate = s.value - at4
        fingers.up()
        #expect((9...11).contains(perSecondEarly) && (19...21).contains(perSecondLate), "\(perSecondEarly) then \(perSecondLate) a second")
        let held = s.value
        hold(fingers, 1.0)
        #expect(s.value == held, "lifting stops it")
    }

    @Test func wrapsAndNotContinuous() {
        let (s, fingers, changes) = setUp()
        s.wraps = true
        s.maximumValue = 3
        s.value = 3
        fingers.tap(plus)
        #expect(s.value == 0 && changes() == 1)
        s.isContinuous = false
        s.autorepeat = true
        fingers.wait(0.3)
        fingers.down(minus)                // wraps to 3, then repeats down
        hold(fingers, 0.65)
        fingers.up()
        #expect(s.value == 1 && changes() == 2, "3, 2, 1: one action when the finger lifts")
    }
}
