// Animations as Core Animation commits them: with the layer tree, whether or not the layer has been on screen yet;
// implicit animations that end at the model value whatever it becomes; interrupted view animations.
import Testing
import Foundation
@testable import UIKit
import VitrinePlatform

@MainActor @Suite struct AnimationCommitTests {
    @Test func aViewAnimatedInTheTurnItsWindowIsShownPlaysFromTheOldValue() {
        freshApp()
        let window = UIWindow(frame: UIScreen.main.bounds)
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        square.backgroundColor = .red
        window.addSubview(square)
        window.makeKeyAndVisible()
        var finished: Bool?
        UIView.animate(withDuration: 0.6, animations: { square.center = CGPoint(x: 110, y: 10) }) { finished = $0 }
        endTurn()
        #expect(finished == nil, "the completion waits for the animation")
        frames(0.3)
        let x = square.layer.presentation()?.position.x ?? -1
        #expect(x > 20 && x < 105, "midway from the old centre (10) to the new (110): \(x)")
        frames(0.35)
        #expect(finished == true)
        #expect(square.layer.presentation()?.position.x == 110)
        withExtendedLifetime(window) {}
    }

    @Test func aViewAddedToAShownWindowAndFadedInTheSameTurnFades() {
        freshApp()
        let window = shownWindow()
        let label = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        label.backgroundColor = .blue
        label.alpha = 0
        window.addSubview(label)
        UIView.animate(withDuration: 1) { label.alpha = 1 }
        frames(0.5)
        let opacity = label.layer.presentation()?.opacity ?? -1
        #expect(opacity > 0.1 && opacity < 0.9, "fading in: \(opacity)")
        frames(0.6)
        #expect(label.layer.presentation()?.opacity == 1)
    }

    @Test func anAnimationOnALayerThatNeverReachesAScreenEndsAfterItsDuration() {
        freshApp()
        _ = shownWindow()
        let offscreen = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var finished: Bool?
        UIView.animate(withDuration: 0.5, animations: { offscreen.center = CGPoint(x: 50, y: 50) }) { finished = $0 }
        frames(0.25)
        #expect(finished == nil)
        #expect(offscreen.layer.animationKeys() == ["position"])
        frames(0.3)
        #expect(finished == true)
        #expect(offscreen.layer.animationKeys() == nil)
    }

    @Test func anImplicitAnimationEndsAtTheModelValueWhateverItBecomes() {
        freshApp()
        let window = shownWindow()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.backgroundColor = UIColor.red.cgColor
        window.layer.addSublayer(layer)
        endTurn()
        layer.opacity = 0 // implicit fade
        frames(0.1)
        #expect(layer.presentation()!.opacity < 1 && layer.presentation()!.opacity > 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 1
        CATransaction.commit()
        frames(1.0 / 60)
        #expect(layer.presentation()?.opacity == 1, "the fade's end is the model value, now 1")
        let fade = layer.animation(forKey: "opacity") as? CABasicAnimation
        #expect(fade?.toValue == nil, "an implicit animation leaves toValue nil, as Core Animation's do")
    }

    @Test func aViewAnimationReplacedByAnotherReportsUnfinished() {
        freshApp()
        let view = shownView(CGRect(x: 0, y: 0, width: 20, height: 20))
        var first: Bool?, second: Bool?
        UIView.animate(withDuration: 1, animations: { view.center = CGPoint(x: 100, y: 10) }) { first = $0 }
        frames(0.5)
        UIView.animate(withDuration: 1, animations: { view.center = CGPoint(x: 10, y: 100) }) { second = $0 }
        frames(1.0 / 60)
        #expect(first == false, "replaced before its end")
        #expect(second == nil)
        frames(1.1)
        #expect(second == true)
    }

    @Test func beginFromCurrentStateStartsAtThePresentationValue() {
        freshApp()
        let view = shownView(CGRect(x: 0, y: 0, width: 20, height: 20))
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.center = CGPoint(x: 110, y: 10) })
        frames(0.5)
        let midway = view.layer.presentation()!.position.x
        #expect(abs(midway - 60) < 2)
        UIView.animate(withDuration: 1, delay: 0, options: [.beginFromCurrentState, .curveLinear],
                       animations: { view.center = CGPoint(x: 10, y: 10) })
        let started = view.layer.presentation()!.position.x
        #expect(abs(started - midway) < 2, "starts where the view was on screen: \(started) vs \(midway)")
        let replaced = view.layer.animation(forKey: "position") as? CABasicAnimation
        #expect((replaced?.fromValue as? CGPoint).map { abs($0.x - midway) < 2 } == true)
        frames(1.1)
        #expect(view.layer.presentation()?.position == CGPoint(x: 10, y: 10))
    }

    @Test func withoutBeginFromCurrentStateANewAnimationStartsFromTheOldModelValue() {
        freshApp()
        let view = shownView(CGRect(x: 0, y: 0, width: 20, height: 20))
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.center = CGPoint(x: 110, y: 10) })
        frames(0.5)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.center = CGPoint(x: 10, y: 10) })
        let replaced = view.layer.animation(forKey: "position") as? CABasicAnimation
        #expect(replaced?.fromValue as? CGPoint == CGPoint(x: 110, y: 10))
    }
}
