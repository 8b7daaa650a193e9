// UISwitch: fixed size, taps and drags through the real touch path, setOn without actions, colours, accessibility.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct SwitchTests {
    func setUp() -> (UISwitch, Fingers, () -> Int) {
        freshApp()
        let window = shownWindow()
        let s = UISwitch(frame: CGRect(x: 100, y: 100, width: 200, height: 80))
        window.addSubview(s)
        var changes = 0
        s.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        return (s, Fingers(), { changes })
    }

    @Test func theSizeIsFixedWhateverTheFrame() {
        let (s, _, _) = setUp()
        #expect(s.frame == CGRect(x: 100, y: 100, width: 51, height: 31))
        s.frame = CGRect(x: 10, y: 20, width: 300, height: 300)
        #expect(s.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
        s.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(s.bounds.size == CGSize(width: 51, height: 31))
        #expect(s.intrinsicContentSize == CGSize(width: 51, height: 31))
    }

    @Test func aTapTogglesAndSendsValueChanged() {
        let (s, fingers, changes) = setUp()
        fingers.tap(CGPoint(x: 120, y: 115))
        #expect(s.isOn && changes() == 1)
        #expect(s.accessibilityValue == "1" && s.accessibilityTraits == .button)
        // The thumb slides on a spring; the model is at the end at once.
        let thumb = s.subviews[1]
        #expect(thumb.frame.minX == 22)
        #expect(thumb.layer.animation(forKey: "position") is CASpringAnimation)
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 120, y: 115))
        #expect(!s.isOn && changes() == 2 && thumb.frame.minX == 2)
    }

    @Test func setOnSendsNothing() {
        let (s, _, changes) = setUp()
        s.setOn(true, animated: true)
        #expect(s.isOn && changes() == 0)
        s.isOn = false
        #expect(!s.isOn && changes() == 0 && s.accessibilityValue == "0")
    }

    @Test func draggingTheThumbSetsTheSideItEndsOn() {
        let (s, fingers, changes) = setUp()
        // From the thumb (left) to the right half: on.
        fingers.drag(from: CGPoint(x: 105, y: 115), to: CGPoint(x: 145, y: 115))
        #expect(s.isOn && changes() == 1)
        fingers.wait(0.5)
        // Right, then back to the right: no change, no action (a drag is not a tap).
        fingers.drag(from: CGPoint(x: 140, y: 115), to: CGPoint(x: 110, y: 115), lift: false)
        fingers.drag(from: CGPoint(x: 110, y: 115), to: CGPoint(x: 148, y: 115), lift: true)
        #expect(s.isOn && changes() == 1)
    }

    @Test func coloursAndDisabling() {
        let (s, fingers, changes) = setUp()
        let track = s.subviews[0]
        #expect(track.backgroundColor != .systemGreen)
        s.onTintColor = .systemOrange
        s.setOn(true, animated: false)
        #expect(track.backgroundColor == .systemOrange)
        s.thumbTintColor = .systemYellow
        #expect(s.subviews[1].backgroundColor == .systemYellow)
        s.isEnabled = false
        #expect(s.alpha == 0.5 && s.accessibilityTraits == [.button, .notEnabled])
        fingers.tap(CGPoint(x: 120, y: 115))
        #expect(s.isOn && changes() == 0, "a disabled switch ignores touches")
    }
}
