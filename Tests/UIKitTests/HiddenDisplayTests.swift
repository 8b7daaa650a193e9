// A view's content invalidated while it is hidden is drawn when it is shown (the display pass skips hidden
// subtrees: "they are redrawn when shown").
import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore
import VitrinePlatform

@MainActor @Suite struct HiddenDisplayTests {
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
}
