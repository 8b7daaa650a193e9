// The display pass: it visits only the way down to invalid content (not every sibling), and content invalidated
// while hidden is drawn when shown (the pass skips hidden subtrees: "they are redrawn when shown").
import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore
import VitrinePlatform

@MainActor @Suite struct DisplayPassTests {
    final class Dot: UIView {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            UIColor.red.setFill()
            UIBezierPath(rect: bounds).fill()
        }
    }

    @Test func aViewMadeOrChangedWhileHiddenIsDrawnWhenShown() {
        freshApp(pixels: CGSize(width: 100, height: 100), scale: 1)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = .white
        let dot = Dot(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        dot.isHidden = true
        window.addSubview(dot)
        window.makeKeyAndVisible()
        endTurn()
        #expect(dot.draws == 0)
        dot.isHidden = false
        endTurn()
        #expect(dot.draws == 1)
        let shown = window.screen.snapshotImage()!.cgImage!
        #expect(shown.withUnsafePixels { p, stride in p[20 * stride + 20 * 4 + 1] } == 0) // red, not white: no green (BGRA)
        // Invalidated while hidden again: drawn again when shown.
        dot.isHidden = true
        dot.setNeedsDisplay()
        endTurn()
        dot.isHidden = false
        endTurn()
        #expect(dot.draws == 2)
    }

    /// A layer that counts how often the display pass asks whether it needs display.
    final class CountingLayer: CALayer {
        nonisolated(unsafe) static var asked = 0
        override func needsDisplay() -> Bool {
            Self.asked += 1
            return super.needsDisplay()
        }
    }

    @Test func theDisplayPassVisitsTheWayToInvalidContentNotEverySibling() {
        freshApp(pixels: CGSize(width: 200, height: 200), scale: 1)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let dots = (0..<60).map { i in Dot(frame: CGRect(x: CGFloat(i % 10) * 20, y: CGFloat(i / 10) * 20, width: 20, height: 20)) }
        let counted = (0..<60).map { i in
            let layer = CountingLayer()
            layer.frame = CGRect(x: CGFloat(i % 10) * 20, y: 120 + CGFloat(i / 10) * 10, width: 20, height: 10)
            return layer
        }
        dots.forEach(window.addSubview)
        counted.forEach(window.layer.addSublayer)
        window.makeKeyAndVisible()
        endTurn()
        #expect(dots.allSatisfy { $0.draws == 1 })
        CountingLayer.asked = 0
        dots[37].setNeedsDisplay()
        counted[5].setNeedsDisplay()
        endTurn()
        #expect(dots[37].draws == 2 && dots.filter { $0.draws == 2 }.count == 1)
        #expect(counted[5].displayCount == 1 && counted.filter { $0.displayCount > 0 }.count == 1)
        // Only the invalid one among the 60 counting layers was asked (a few times), not all of them.
        #expect(CountingLayer.asked <= 4)
    }

    @Test func invalidContentMovedToAnotherParentIsDrawnOnceThere() {
        freshApp(pixels: CGSize(width: 200, height: 200), scale: 1)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100)), b = UIView(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        let dot = Dot(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        window.addSubview(a); window.addSubview(b); a.addSubview(dot)
        window.makeKeyAndVisible()
        endTurn()
        dot.setNeedsDisplay()
        b.addSubview(dot)
        endTurn()
        #expect(dot.draws == 2)
        // Replaced sublayers: the kept ones that need display are drawn.
        dot.setNeedsDisplay()
        b.layer.sublayers = [dot.layer]
        endTurn()
        #expect(dot.draws == 3)
        // A layer whose superlayer went away while it waited for display, added somewhere else.
        let orphan = CountingLayer()
        orphan.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        do {
            let doomed = CALayer()
            doomed.addSublayer(orphan)
            orphan.setNeedsDisplay()
        }
        window.layer.addSublayer(orphan)
        endTurn()
        #expect(orphan.displayCount == 1)
    }
}
