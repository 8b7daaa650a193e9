// UISlider: value clamping, geometry worked out by hand, dragging the thumb through the real touch path (a tap on
// the track does not jump), continuous and not, accessibility.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct SliderTests {
    /// A slider 228 wide at (50, 100): its track is 228 long, its thumb (28) travels 200 points.
    func setUp() -> (UISlider, Fingers, () -> Int) {
        freshApp()
        let window = shownWindow()
        let s = UISlider(frame: CGRect(x: 50, y: 100, width: 228, height: 31))
        window.addSubview(s)
        s.layoutIfNeeded()
        var changes = 0
        s.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        return (s, Fingers(), { changes })
    }

    @Test func valuesStayInTheRange() {
        let (s, _, changes) = setUp()
        s.value = 2
        #expect(s.value == 1)
        s.maximumValue = 10
        s.value = 5
        s.minimumValue = 6
        #expect(s.value == 6, "raising the minimum raises the value")
        s.maximumValue = 3
        #expect(s.minimumValue == 3 && s.value == 3)
        s.setValue(.nan, animated: true)
        #expect(s.value == 3 && changes() == 0, "setting the value sends nothing")
    }

    @Test func geometryFollowsTheValue() {
        let (s, _, _) = setUp()
        let track = s.trackRect(forBounds: s.bounds)
        #expect(track == CGRect(x: 0, y: 13.5, width: 228, height: 4))
        s.value = 0.5
        // The thumb's left edge travels 0...200: at 0.5, 100.
        #expect(s.thumbRect(forBounds: s.bounds, trackRect: track, value: 0.5) == CGRect(x: 100, y: 1.5, width: 28, height: 28))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in }
        s.minimumValueImage = image
        #expect(s.trackRect(forBounds: s.bounds).minX == 28, "the image and 8 points of space")
        #expect(s.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: 31))
    }

    @Test func draggingTheThumbMovesTheValueByTheFingersTravel() {
        let (s, fingers, changes) = setUp()
        s.value = 0.25                                      // thumb at x 50 + 50 ... 78
        // A tap on the track far from the thumb does nothing.
        fingers.tap(CGPoint(x: 250, y: 115))
        #expect(s.value == 0.25 && changes() == 0)
        fingers.wait(0.5)
        // Grab the thumb and move 100 points right: half the travel.
        fingers.drag(from: CGPoint(x: 114, y: 115), to: CGPoint(x: 214, y: 115))
        #expect(abs(s.value - 0.75) < 1e-4, "\(s.value)")
        #expect(changes() >= 5, "continuous: an action per move")
        fingers.wait(0.5)
        // Past the end: clamped.
        fingers.drag(from: CGPoint(x: 214, y: 115), to: CGPoint(x: 400, y: 115))
        #expect(s.value == 1)
    }

    @Test func notContinuousSendsOnceOnRelease() {
        let (s, fingers, changes) = setUp()
        s.isContinuous = false
        fingers.drag(from: CGPoint(x: 64, y: 115), to: CGPoint(x: 164, y: 115))
        #expect(abs(s.value - 0.5) < 1e-4 && changes() == 1)
        #expect(s.accessibilityValue == "50%" && s.accessibilityTraits == .adjustable)
    }
}
