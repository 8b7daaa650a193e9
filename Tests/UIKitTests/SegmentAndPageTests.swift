// UISegmentedControl and UIPageControl: segments and their widths, selection by touch (the pill slides), momentary,
// disabled segments; dots, clamping, taps on either half. Geometry worked out by hand.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct SegmentAndPageTests {
    @Test func segmentsShareTheWidthAndATapSelects() {
        freshApp()
        let window = shownWindow()
        let c = UISegmentedControl(items: ["Day", "Week", "Month"])
        #expect(c.numberOfSegments == 3 && c.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(c.intrinsicContentSize.height == 32)
        c.frame = CGRect(x: 10, y: 100, width: 300, height: 32)
        window.addSubview(c)
        var changes: [Int] = []
        c.addAction(UIAction { _ in changes.append(c.selectedSegmentIndex) }, for: .valueChanged)
        c.selectedSegmentIndex = 0
        #expect(changes.isEmpty, "setting the selection sends nothing")
        c.layoutIfNeeded()
        let pill = c.pill
        #expect(pill.frame == CGRect(x: 2, y: 2, width: 96, height: 28), "three segments of 100, the pill inset 2")
        let fingers = Fingers()
        fingers.tap(CGPoint(x: 260, y: 116))                  // the third segment
        #expect(c.selectedSegmentIndex == 2 && changes == [2])
        c.layoutIfNeeded()
        #expect(pill.frame.minX == 202 && pill.layer.animation(forKey: "position") != nil, "the pill slides over")
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 260, y: 116))
        #expect(changes == [2], "the selected segment again: no change")
        c.setEnabled(false, forSegmentAt: 1)
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 150, y: 116))
        #expect(c.selectedSegmentIndex == 2 && !c.isEnabledForSegment(at: 1))
        // Segments come and go; the selection follows its segment.
        c.insertSegment(withTitle: "Year", at: 0, animated: false)
        #expect(c.selectedSegmentIndex == 3 && c.titleForSegment(at: 3) == "Month")
        c.removeSegment(at: 3, animated: false)
        #expect(c.selectedSegmentIndex == UISegmentedControl.noSegment && c.numberOfSegments == 3)
        c.selectedSegmentIndex = 7
        #expect(c.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    @Test func widthsByContentOrSet() {
        freshApp()
        let c = UISegmentedControl(items: ["A", "Much longer"])
        c.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
        c.setWidth(50, forSegmentAt: 0)
        c.layoutIfNeeded()
        c.selectedSegmentIndex = 1
        c.layoutIfNeeded()
        #expect(c.pill.frame == CGRect(x: 52, y: 2, width: 146, height: 28), "50 set, the rest 150")
        c.setWidth(0, forSegmentAt: 0)
        c.apportionsSegmentWidthsByContent = true
        c.layoutIfNeeded()
        #expect(c.pill.frame.width > 100 + 50, "the longer title gets the larger share")
    }

    @Test func momentarySegmentsShowOnlyWhileTouched() {
        freshApp()
        let window = shownWindow()
        let c = UISegmentedControl(items: ["Back", "Forward"])
        c.isMomentary = true
        c.frame = CGRect(x: 0, y: 100, width: 200, height: 32)
        window.addSubview(c)
        var sent = 0
        c.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        let fingers = Fingers()
        fingers.down(CGPoint(x: 150, y: 116))
        #expect(!c.pill.isHidden)
        fingers.up()
        #expect(sent == 1 && c.selectedSegmentIndex == 1 && c.pill.isHidden)
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 150, y: 116))
        #expect(sent == 2, "momentary: the same segment sends again")
    }

    @Test func pageDotsAndTaps() {
        freshApp()
        let window = shownWindow()
        let p = UIPageControl()
        p.numberOfPages = 5
        #expect(p.intrinsicContentSize == CGSize(width: 88, height: 26) && p.size(forNumberOfPages: 3).width == 56)
        p.frame = CGRect(x: 60, y: 200, width: 200, height: 26)
        window.addSubview(p)
        p.layoutIfNeeded()
        // Five 8-point dots 16 apart, centred: from 100 − 36 = 64 in the control.
        #expect(p.subviews.map(\.frame.minX) == [64, 80, 96, 112, 128])
        var sent = 0
        p.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        p.currentPage = 9
        #expect(p.currentPage == 4 && sent == 0)
        let fingers = Fingers()
        fingers.tap(CGPoint(x: 80, y: 213))                    // the left half: back one
        #expect(p.currentPage == 3 && sent == 1)
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 240, y: 213))
        fingers.wait(0.5)
        fingers.tap(CGPoint(x: 240, y: 213))                   // at the last page: stays
        #expect(p.currentPage == 4 && sent == 2)
        #expect(p.accessibilityValue == "page 5 of 5")
        p.numberOfPages = 1
        p.hidesForSinglePage = true
        #expect(p.currentPage == 0 && p.subviews.count == 1 && p.subviews[0].isHidden)
    }
}
