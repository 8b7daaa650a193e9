// Mid-animation frames as the compositor shows them (golden images), and what animating costs: no redraws of
// cached content, frames only while something moves.
import Testing
@testable import UIKit
import QuartzCore
import VitrinePlatform

@MainActor @Suite struct AnimationGoldenTests {
    /// A drawn card sliding, fading, turning and changing colour over one second, shot at 0.5 s.
    @Test func aFrameHalfWayThroughAnAnimation() {
        for scale: CGFloat in [1, 2] {
            freshApp(pixels: CGSize(width: 200 * scale, height: 120 * scale), scale: scale)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
            window.backgroundColor = .white
            window.makeKeyAndVisible()
            let card = DrawCountingCard(frame: CGRect(x: 10, y: 30, width: 60, height: 60))
            window.addSubview(card)
            let badge = UIView(frame: CGRect(x: 150, y: 10, width: 30, height: 30))
            badge.backgroundColor = .systemBlue
            window.addSubview(badge)
            frames(1.0 / 60)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                card.center.x = 150
                card.transform = CGAffineTransform(rotationAngle: .pi / 2)
                card.alpha = 0.4
                badge.backgroundColor = .systemRed
            })
            frames(0.5)
            assertGolden(window.screen.snapshotImage()!, "animation-halfway@\(Int(scale))x", allowedPixels: 40)
            frames(0.6)
            #expect(card.draws == 1) // moved, turned and faded without drawing again
        }
    }

    @Test func framesStopWhenAnimationsEnd() {
        let app = freshApp()
        let view = shownView()
        UIView.animate(withDuration: 0.5) { view.center.y = 200 }
        frames(0.6)
        let settled = app.frameCount
        frames(1)
        #expect(app.frameCount == settled)
        #expect(view.layer.animationKeys() == nil)
        #expect(app.missedFrameCount == 0)
    }
}

/// A view that draws a bordered card with a diagonal, and counts its draws.
final class DrawCountingCard: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.systemGreen.setFill()
        UIRectFill(bounds)
        UIColor.black.setStroke()
        let path = UIBezierPath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
        path.lineWidth = 4
        path.stroke()
    }
}
