// Animations on a deterministic clock (seeds: "Animating Views", "Configuring Animation Parameters",
// "Configuring an Animation Delegate"; Core Animation's timing model).
import Testing
import Foundation
@testable import UIKit
import VitrinePlatform

/// Advances the app's manual clock by `seconds` in 60 Hz frames (or frames `interval` seconds apart), running each.
@MainActor
func frames(_ seconds: Double, every interval: Double = 1.0 / 60) {
    let clock = UIApplication.shared.runLoop.clock as! ManualClock
    var left = seconds
    while left > 1e-9 {
        let step = min(interval, left)
        clock.advance(by: step)
        left -= step
        UIApplication.shared.runLoop.runOnce(maximumWait: 0)
    }
}

/// A view on screen (composited once, so its layer is committed).
@MainActor
func shownView(_ frame: CGRect = CGRect(x: 0, y: 0, width: 100, height: 100)) -> UIView {
    let window = shownWindow()
    let view = UIView(frame: frame)
    view.backgroundColor = .red
    window.addSubview(view)
    UIApplication.shared.runLoop.runOnce(maximumWait: 0)
    return view
}

@MainActor @Suite struct TimingFunctionTests {
    @Test func namedCurvesUseApplesControlPoints() {
        func at(_ name: CAMediaTimingFunctionName, _ x: Double) -> Double { CAMediaTimingFunction(name: name).progress(at: x) }
        #expect(abs(at(.linear, 0.3) - 0.3) < 1e-9)
        #expect(abs(at(.easeInEaseOut, 0.5) - 0.5) < 1e-6)
        // cubic-bezier(0.42, 0, 1, 1) and (0, 0, 0.58, 1) at x = 0.5; (0.25, 0.1, 0.25, 1) at 0.5 ("ease").
        #expect(abs(at(.easeIn, 0.5) - 0.3153) < 1e-3)
        #expect(abs(at(.easeOut, 0.5) - 0.6847) < 1e-3)
        #expect(abs(at(.default, 0.5) - 0.8024) < 1e-3)
        for name in [CAMediaTimingFunctionName.easeIn, .easeOut, .easeInEaseOut, .default] {
            #expect(abs(at(name, 0)) < 1e-9 && abs(at(name, 1) - 1) < 1e-6)
        }
        var p: [Float] = [0, 0]
        CAMediaTimingFunction(name: .easeIn).getControlPoint(at: 1, values: &p)
        #expect(p == [0.42, 0])
    }
}

@MainActor @Suite struct CoreAnimationTests {
    @Test func aBasicAnimationMovesThePresentationWhileTheModelChangesAtOnce() {
        freshApp()
        let layer = shownView().layer
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0.0
        move.toValue = 100.0
        move.duration = 1
        layer.add(move, forKey: "slide")
        #expect(layer.animationKeys() == ["slide"])
        frames(0.25)
        #expect(abs(layer.presentation()!.position.x - 25) < 0.01)
        #expect(layer.position.x == 50) // the model is untouched
        frames(0.5)
        #expect(abs(layer.presentation()!.position.x - 75) < 0.01)
        frames(0.3)
        #expect(layer.animationKeys() == nil) // removed on completion
        #expect(layer.presentation()!.position.x == 50)
    }

    @Test func repeatAutoreverseFillAndSpeed() {
        freshApp()
        let layer = shownView().layer
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0; a.duration = 1
        a.autoreverses = true
        a.repeatCount = 2
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        layer.add(a, forKey: "pulse")
        frames(0.5); #expect(abs(layer.presentation()!.opacity - 0.5) < 0.01)
        frames(1.0); #expect(abs(layer.presentation()!.opacity - 0.5) < 0.01) // on the way back
        frames(1.0); #expect(abs(layer.presentation()!.opacity - 0.5) < 0.01) // second cycle, going up
        frames(2.0); #expect(layer.animationKeys() == ["pulse"] && abs(layer.presentation()!.opacity - 0) < 0.01) // filled at the end
        let fast = CABasicAnimation(keyPath: "cornerRadius")
        fast.fromValue = 0.0; fast.toValue = 10.0; fast.duration = 1; fast.speed = 2
        layer.add(fast, forKey: "fast")
        frames(0.25)
        #expect(abs(layer.presentation()!.cornerRadius - 5) < 0.01)
    }

    /// iOS animation code boxes geometry in `NSValue`s (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`): animations
    /// take them as the values they hold, and the boxes give them back.
    @Test func animationsTakeBoxedGeometry() {
        freshApp()
        let layer = shownView().layer
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 40))
        move.duration = 1
        layer.add(move, forKey: "move")
        let grow = CAKeyframeAnimation(keyPath: "bounds")
        grow.values = [NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 10)),
                       NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 50))]
        grow.duration = 1
        layer.add(grow, forKey: "grow")
        let turn = CABasicAnimation(keyPath: "transform")
        turn.toValue = NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))
        turn.duration = 1
        layer.add(turn, forKey: "turn")
        let slide = CABasicAnimation(keyPath: "transform")
        slide.toValue = NSValue(cgAffineTransform: CGAffineTransform(translationX: 8, y: 0))
        slide.duration = 1
        frames(0.5)
        let p = layer.presentation()!
        #expect(abs(p.position.x - 50) < 0.01 && abs(p.position.y - 20) < 0.01)
        #expect(abs(p.bounds.width - 20) < 0.01 && abs(p.bounds.height - 30) < 0.01)
        #expect(abs(p.transform.m11 - 2) < 0.01)
        layer.removeAllAnimations()
        layer.add(slide, forKey: "slide")
        frames(0.5)
        #expect(abs(layer.presentation()!.transform.m41 - 4) < 0.01)
        // The boxes hand back what they hold, and zero for a different number of values.
        #expect(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue == CGSize(width: 3, height: 4))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSValue(caTransform3D: CATransform3DMakeTranslation(1, 2, 3)).caTransform3DValue == CATransform3DMakeTranslation(1, 2, 3))
        #expect(NSValue(cgAffineTransform: CGAffineTransform(rotationAngle: 1)).cgAffineTransformValue == CGAffineTransform(rotationAngle: 1))
        #expect(NSValue(uiEdgeInsets: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)).uiEdgeInsetsValue == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(NSValue(cgVector: CGVector(dx: 5, dy: 6)).cgVectorValue == CGVector(dx: 5, dy: 6))
        #expect(NSValue(uiOffset: UIOffset(horizontal: 7, vertical: 8)).uiOffsetValue == UIOffset(horizontal: 7, vertical: 8))
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgRectValue == .zero)
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        // Foundation's own boxes read the same.
        #expect(NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSValue(point: CGPoint(x: 5, y: 6)).cgPointValue == CGPoint(x: 5, y: 6))
    }

    /// The pause-and-scrub idiom as iOS code writes it: a layer's `speed` 0 and `timeOffset` freeze its animations,
    /// `timeOffset` scrubs them, and `beginTime` resumes them where they stopped.
    @Test func aLayersTimingPausesScrubsAndResumesItsAnimations() {
        freshApp()
        let layer = shownView().layer
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 2
        layer.add(fade, forKey: "fade")
        frames(0.5)
        #expect(abs(layer.presentation()!.opacity - 0.25) < 0.01)
        // Pause.
        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
        frames(1.0)
        #expect(abs(layer.presentation()!.opacity - 0.25) < 0.01, "paused")
        #expect(!CAAnimationEngine.isAnimating, "a paused layer asks for no frames")
        // Scrub to three quarters of the way.
        layer.timeOffset = pausedTime + 1.0
        frames(0.1)
        #expect(abs(layer.presentation()!.opacity - 0.75) < 0.01, "scrubbed")
        layer.timeOffset = pausedTime
        // Resume where it was.
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
        frames(0.5)
        #expect(abs(layer.presentation()!.opacity - 0.5) < 0.02, "resumed from a quarter, half a second on")
        // Converting there and back is the identity; a sublayer's time follows its superlayer's.
        let child = CALayer()
        layer.addSublayer(child)
        child.speed = 2
        let now = CACurrentMediaTime()
        #expect(abs(child.convertTime(child.convertTime(now, from: nil), to: nil) - now) < 1e-9)
        #expect(abs(child.convertTime(1, from: layer) - 2) < 1e-9)
    }

    @Test func keyframesGroupsAndSprings() {
        freshApp()
        let layer = shownView().layer
        let k = CAKeyframeAnimation(keyPath: "position.y")
        k.values = [0.0, 100.0, 50.0]
        k.keyTimes = [0, 0.8, 1]
        k.duration = 1
        let g = CAAnimationGroup()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0; fade.toValue = 0.0
        fade.duration = 2
        g.animations = [k, fade]
        g.duration = 2
        layer.add(g, forKey: "group")
        frames(0.4); #expect(abs(layer.presentation()!.position.y - 50) < 0.01 && abs(layer.presentation()!.opacity - 0.8) < 0.01)
        frames(0.5); #expect(abs(layer.presentation()!.position.y - 75) < 0.01)
        let discrete = CAKeyframeAnimation(keyPath: "cornerRadius")
        discrete.values = [1.0, 2.0, 3.0]
        discrete.calculationMode = .discrete
        discrete.duration = 3
        layer.add(discrete, forKey: "steps")
        frames(1.5); #expect(layer.presentation()!.cornerRadius == 2)

        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0.0; spring.toValue = 100.0
        spring.damping = 5
        spring.duration = spring.settlingDuration
        #expect(spring.settlingDuration > 0.5 && spring.settlingDuration < 3)
        layer.add(spring, forKey: "spring")
        var peak: CGFloat = 0
        for _ in 0..<Int(spring.duration * 60) - 2 {
            frames(1.0 / 60)
            peak = max(peak, layer.presentation()?.position.x ?? 0)
        }
        #expect(peak > 100) // underdamped: it overshoots
        #expect(abs((layer.presentation()?.position.x ?? 0) - 100) < 0.5) // and settles
    }

    @Test func implicitAnimationsForStandaloneLayersOnlyOnceShownAndNotWithActionsDisabled() {
        freshApp()
        let host = shownView()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.opacity = 1
        host.layer.addSublayer(layer)
        layer.opacity = 0.5 // not shown yet: no animation
        #expect(layer.animationKeys() == nil)
        frames(1.0 / 60)
        layer.opacity = 0
        #expect(layer.animationKeys() == ["opacity"])
        #expect(layer.animation(forKey: "opacity")?.duration == 0.25)
        frames(0.125)
        #expect(abs(layer.presentation()!.opacity - 0.25) < 0.05)
        frames(0.2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 1
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.cornerRadius = 4
        CATransaction.commit()
        #expect(layer.animation(forKey: "cornerRadius")?.duration == 2)
        // A delegate (a view) says no: a view's own layer does not animate outside a block.
        host.alpha = 0.3
        #expect(host.layer.animationKeys() == nil)
    }

    @Test func transactionCompletionRunsWhenItsAnimationsEnd() {
        freshApp()
        let layer = shownView().layer
        var done = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { done += 1 }
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0.0; a.toValue = 1.0; a.duration = 0.5
        layer.add(a, forKey: nil)
        CATransaction.commit()
        frames(0.4); #expect(done == 0)
        frames(0.2); #expect(done == 1)
        CATransaction.begin()
        #expect(CATransaction.completionBlock() == nil)
        CATransaction.setCompletionBlock { done += 1 }
        CATransaction.completionBlock()?() // reads back the block set (and runs it once here)
        CATransaction.commit()
        #expect(done == 3) // no animations: at once
    }

    @Test func delegateHearsStartAndStopWithTheFinishedFlag() {
        @MainActor final class Listener: CAAnimationDelegate {
            var log: [String] = []
            func animationDidStart(_ anim: CAAnimation) { log.append("start") }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { log.append("stop \(flag)") }
        }
        freshApp()
        let layer = shownView().layer
        let listener = Listener()
        let a = CABasicAnimation(keyPath: "opacity")
        a.toValue = 0.0; a.duration = 1
        a.delegate = listener
        layer.add(a, forKey: "fade")
        frames(0.1)
        layer.add(a, forKey: "fade") // replaces the running one: it stops unfinished
        frames(1.1)
        #expect(listener.log == ["start", "stop false", "start", "stop true"])
    }
}

@MainActor @Suite struct ViewAnimationTests {
    @Test func reorderingSubviewsKeepsTheirAnimations() {
        // A list brings its separators and headers to the front every layout pass while rows slide: moving a view
        // among its siblings is not taking it off screen.
        freshApp()
        let window = shownWindow()
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)), b = UIView(frame: CGRect(x: 20, y: 20, width: 50, height: 50))
        window.addSubview(a)
        window.addSubview(b)
        endTurn()
        var finished: Bool?
        UIView.animate(withDuration: 0.3, animations: { a.center.x += 100 }, completion: { finished = $0 })
        window.bringSubviewToFront(a)
        window.sendSubviewToBack(a)
        window.insertSubview(a, aboveSubview: b)
        #expect(a.layer.animationKeys() == ["position"])
        #expect(window.layer.sublayers?.last === a.layer)
        frames(0.5)
        #expect(finished == true)
        // Moved to another superview, it does end them.
        let other = UIView(frame: window.bounds)
        window.addSubview(other)
        UIView.animate(withDuration: 0.3, animations: { a.center.x -= 100 }, completion: { finished = $0 })
        other.addSubview(a)
        frames(0.5)
        #expect(finished == false)
    }

    @Test func animateMovesWhatIsShownAndCompletesOnALaterTurn() {
        freshApp()
        let view = shownView()
        var finished: [Bool] = []
        UIView.animate(withDuration: 1, animations: { view.center = CGPoint(x: 250, y: 50) }, completion: { finished.append($0) })
        #expect(view.center == CGPoint(x: 250, y: 50)) // the model at once
        frames(0.5)
        // easeInOut is symmetric: half way in time is half way in space.
        #expect(abs(view.layer.presentation()!.position.x - 150) < 0.5)
        frames(0.25)
        let expected = 50 + 200 * CAMediaTimingFunction(name: .easeInEaseOut).progress(at: 0.75)
        #expect(abs(Double(view.layer.presentation()!.position.x) - expected) < 0.5)
        frames(0.3)
        #expect(finished == [true])
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func aNewAnimationReplacesTheRunningOneAndBeginFromCurrentStateStartsWhereItIs() {
        freshApp()
        let view = shownView()
        var first: [Bool] = [], second: [Bool] = []
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 }, completion: { first.append($0) })
        frames(0.5) // shown at x = 100
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState],
                       animations: { view.center.x = 300 }, completion: { second.append($0) })
        frames(1.0 / 60)
        #expect(first == [false])
        let x = view.layer.presentation()!.position.x
        #expect(x > 100 && x < 105) // from where it was, not from 150
        // Without the option it starts from the old model value.
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 0 })
        frames(1.0 / 60)
        #expect(abs(view.layer.presentation()!.position.x - 295) < 1)
        frames(1.1)
        #expect(second == [false])
    }

    @Test func delayRepeatAutoreverseAndSpring() {
        freshApp()
        let view = shownView()
        UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
        frames(0.25)
        #expect(abs(view.layer.presentation()!.opacity - 1) < 0.01) // the old value during the delay
        frames(0.75)
        #expect(abs(view.layer.presentation()!.opacity - 0.5) < 0.02)
        var done: Bool?
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
                       animations: { view.center.y = 250 }, completion: { done = $0 })
        var peak: CGFloat = 0
        for _ in 0..<40 { frames(1.0 / 60); peak = max(peak, view.layer.presentation()!.position.y) }
        #expect(peak > 250) // a bouncy spring overshoots
        frames(1)
        #expect(done == true)
    }

    @Test func keyframeBlocksAnimateInStages() {
        freshApp()
        let view = shownView()
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 150 }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { view.center.x = 50 }
        })
        frames(0.5); #expect(abs(view.layer.presentation()!.position.x - 100) < 0.5)
        frames(1.0); #expect(abs(view.layer.presentation()!.position.x - 150) < 0.5) // holding until 0.75
        frames(0.25); #expect(abs(view.layer.presentation()!.position.x - 100) < 0.5)
    }

    @Test func performWithoutAnimationAndDisabledAnimations() {
        freshApp()
        let view = shownView()
        var completed = false
        UIView.animate(withDuration: 1, animations: {
            UIView.performWithoutAnimation { view.alpha = 0.5 }
        }, completion: { completed = $0 })
        #expect(view.layer.animationKeys() == nil)
        UIView.setAnimationsEnabled(false)
        UIView.animate(withDuration: 1, animations: { view.center.x = 10 })
        UIView.setAnimationsEnabled(true)
        #expect(view.layer.animationKeys() == nil && UIView.areAnimationsEnabled)
        frames(1.0 / 60)
        #expect(completed)
    }

    @Test func animatingViewsIgnoreTouchesUnlessAllowed() {
        freshApp()
        let view = shownView()
        var taps = 0
        view.addGestureRecognizer(UITapGestureRecognizer { _ in taps += 1 })
        let fingers = Fingers()
        UIView.animate(withDuration: 1, animations: { view.backgroundColor = .blue })
        fingers.tap(CGPoint(x: 50, y: 50))
        #expect(taps == 0)
        frames(1.1)
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { view.backgroundColor = .green })
        fingers.tap(CGPoint(x: 50, y: 50))
        #expect(taps == 1)
    }

    @Test func removingAViewMidAnimationEndsItUnfinished() {
        freshApp()
        let view = shownView()
        var result: Bool?
        UIView.animate(withDuration: 1, animations: { view.center.x = 300 }, completion: { result = $0 })
        frames(0.2)
        view.removeFromSuperview()
        frames(1.0 / 60)
        #expect(result == false)
        #expect(view.layer.animationKeys() == nil)
    }

    @Test func beginCommitNestingAndTheDelegateCallbacks() {
        freshApp()
        let view = shownView()
        var log: [String] = []
        UIView.beginAnimations("outer", context: nil)
        UIView.setAnimationDuration(1)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationWillStart { id, _ in log.append("start \(id ?? "-")") }
        UIView.setAnimationDidStop { id, finished, _ in log.append("stop \(id ?? "-") \(finished)") }
        view.alpha = 0
        UIView.beginAnimations("inner", context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationDidStop { id, finished, _ in log.append("stop \(id ?? "-") \(finished)") }
        view.center.x = 200
        UIView.commitAnimations()
        #expect(log.isEmpty) // nested blocks start when the outermost commits
        UIView.commitAnimations()
        #expect(log == ["start outer"])
        frames(0.25)
        #expect(abs(view.layer.presentation()!.opacity - 0.75) < 0.02)
        frames(1)
        #expect(log == ["start outer", "stop inner true", "stop outer true"])
    }
}

@MainActor @Suite struct DisplayLinkTests {
    @Test func aDisplayLinkFiresOncePerFrameWithItsTimestamps() {
        @MainActor final class Stepper {
            var times: [(CFTimeInterval, CFTimeInterval)] = []
            func step(_ link: CADisplayLink) { times.append((link.timestamp, link.targetTimestamp)) }
        }
        freshApp()
        _ = shownView()
        let stepper = Stepper()
        let link = CADisplayLink(target: stepper, action: Stepper.step)
        link.add(to: .main, forMode: .common)
        frames(0.1)
        #expect(stepper.times.count >= 5 && stepper.times.count <= 7)
        #expect(stepper.times.allSatisfy { abs($0.1 - $0.0 - 1.0 / 60) < 1e-9 })
        link.isPaused = true
        let n = stepper.times.count
        frames(0.1)
        #expect(stepper.times.count == n)
        link.isPaused = false
        link.preferredFramesPerSecond = 30
        frames(0.5)
        #expect(stepper.times.count - n >= 14 && stepper.times.count - n <= 16)
        link.invalidate()
        let m = stepper.times.count
        frames(0.1)
        #expect(stepper.times.count == m)
    }
}

@MainActor @Suite struct PropertyAnimatorTests {
    @Test func startPauseScrubAndFinish() {
        freshApp()
        let view = shownView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 250 }
        var ended: [UIViewAnimatingPosition] = []
        animator.addCompletion { ended.append($0) }
        #expect(animator.state == .inactive && view.center.x == 50) // blocks run when it starts
        animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning && view.center.x == 250)
        frames(0.25)
        #expect(abs(animator.fractionComplete - 0.25) < 0.02)
        animator.pauseAnimation()
        frames(0.5)
        #expect(abs(view.layer.presentation()!.position.x - 100) < 1) // held
        animator.fractionComplete = 0.75
        frames(1.0 / 60)
        #expect(abs(view.layer.presentation()!.position.x - 200) < 1) // scrubbed
        animator.startAnimation()
        frames(0.3)
        #expect(ended == [.end] && animator.state == .inactive)
        #expect(view.center.x == 250 && view.layer.animationKeys() == nil)
    }

    /// With an ease-in-out curve: pausing holds what is shown; scrubbing linearly moves the view in proportion to
    /// `fractionComplete`; resuming continues along the curve without a jump. Without linear scrubbing the
    /// fraction is the curve's time.
    @Test func scrubbingIsLinearWhilePausedAndResumesOnTheCurve() {
        freshApp()
        let view = shownView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 250 }
        animator.startAnimation()
        frames(0.25)
        let before = view.layer.presentation()!.position.x
        animator.pauseAnimation()
        frames(1.0 / 60)
        #expect(abs(view.layer.presentation()!.position.x - before) < 0.5) // held where it was
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(abs(Double(animator.fractionComplete) - curve.progress(at: 0.25)) < 0.03) // the fraction of the change
        animator.fractionComplete = 0.5
        frames(1.0 / 60)
        #expect(abs(view.layer.presentation()!.position.x - 150) < 0.5) // half the change
        animator.fractionComplete = 0.1
        frames(1.0 / 60)
        #expect(abs(view.layer.presentation()!.position.x - 70) < 0.5)
        animator.startAnimation()
        #expect(abs(view.layer.presentation()!.position.x - 70) < 0.5) // no jump on resuming
        frames(0.1)
        #expect(view.layer.presentation()!.position.x > 70.5) // moving on
        frames(1)
        #expect(view.center.x == 250 && view.layer.animationKeys() == nil)

        let curved = UIViewPropertyAnimator(duration: 1, curve: .easeInOut) { view.center.x = 50 }
        curved.scrubsLinearly = false
        curved.pauseAnimation()
        curved.fractionComplete = 0.25
        frames(1.0 / 60)
        let expected = 250 - 200 * CGFloat(curve.progress(at: 0.25))
        #expect(abs(view.layer.presentation()!.position.x - expected) < 0.5)
    }

    @Test func reversingReturnsToTheStartValues() {
        freshApp()
        let view = shownView()
        var ended: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0, options: .curveLinear,
                                                                      animations: { view.alpha = 0 }, completion: { ended.append($0) })
        frames(0.5)
        animator.isReversed = true
        frames(0.25)
        #expect(abs(view.layer.presentation()!.opacity - 0.75) < 0.03)
        frames(0.4)
        #expect(ended == [.start])
        #expect(view.alpha == 1) // the model is back at the start
    }

    @Test func animationsAddedWhileRunningAndStoppingWithoutFinishing() {
        freshApp()
        let view = shownView()
        let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 1) { view.center.x = 250 }
        animator.startAnimation()
        frames(0.5)
        animator.addAnimations { view.alpha = 0.5 }
        frames(0.25)
        #expect(view.layer.animationKeys()?.contains("opacity") == true)
        let shown = view.layer.presentation()!.position.x
        var called = false
        animator.addCompletion { _ in called = true }
        animator.stopAnimation(true)
        #expect(animator.state == .inactive)
        #expect(abs(view.center.x - shown) < 1) // stays where it was shown
        frames(1)
        #expect(!called)
        // Stopped, then finished at a position.
        let second = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.y = 300 }
        var at: UIViewAnimatingPosition?
        second.addCompletion { at = $0 }
        second.startAnimation()
        frames(0.2)
        second.stopAnimation(false)
        #expect(second.state == .stopped)
        second.finishAnimation(at: .start)
        #expect(at == .start && view.center.y == 50)
    }
}

@MainActor @Suite struct PresentationTreeTests {
    /// `presentation()` copies the subtree with the values on screen, and a copy's `model()` is the layer.
    @Test func thePresentationTreeHasSublayersAndKnowsItsModel() {
        freshApp()
        let parent = shownView()
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        parent.addSubview(child)
        endTurn()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { child.center.x = 120 }
        frames(0.5)
        let tree = parent.layer.presentation()!
        #expect(tree.model() === parent.layer)
        #expect(tree.sublayers?.count == 1)
        let shownChild = tree.sublayers![0]
        #expect(shownChild.model() === child.layer)
        #expect(abs(shownChild.position.x - 70) < 1)
        #expect(shownChild.superlayer === tree)
        #expect(child.layer.position.x == 120) // the model moved at once
    }
}

@MainActor @Suite struct TransitionAndPathTests {
    @Test func crossDissolveFadesASnapshotOfTheOldContentAway() {
        freshApp()
        let view = shownView()
        var done: Bool?
        UIView.transition(with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                          animations: { view.backgroundColor = .blue }, completion: { done = $0 })
        #expect(view.subviews.count == 1) // the snapshot of the old look, on top
        weak let snapshot = view.subviews[0]
        frames(0.5)
        #expect(abs((snapshot?.layer.presentation()?.opacity ?? 0) - 0.5) < 0.02)
        frames(0.6)
        #expect(done == true && view.subviews.isEmpty)
        // The snapshot (a screenful of pixels when the view is a window) is freed once it is off screen.
        frames(0.1)
        #expect(snapshot == nil)
    }

    @Test func aCrossDissolveOfAWholeWindowFreesItsSnapshot() {
        freshApp()
        let window = shownView().window!
        UIView.transition(with: window, duration: 0.3, options: .transitionCrossDissolve) {
            window.overrideUserInterfaceStyle = .dark
        }
        weak let snapshot = window.subviews.last
        weak let image = snapshot?.layer.contents as? CGImage
        weak let layer = snapshot?.layer
        #expect(image != nil)
        frames(0.5)
        #expect(snapshot == nil)
        #expect(layer == nil)
        #expect(image == nil)
    }

    @Test func transitionFromOneViewToAnother() {
        freshApp()
        let old = shownView()
        let new = UIView(frame: old.frame)
        var done: Bool?
        UIView.transition(from: old, to: new, duration: 0.5, options: .transitionFlipFromLeft, completion: { done = $0 })
        #expect(new.superview === old.superview)
        frames(0.25)
        // Half way through a flip: both squeezed to a line.
        #expect((old.layer.presentation()?.transform.m11 ?? 1) < 0.01)
        frames(0.3)
        #expect(done == true && old.superview == nil)
    }

    @Test func aKeyframePathAndTheSeedsRepeatSetters() {
        freshApp()
        let view = shownView()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let follow = CAKeyframeAnimation(keyPath: "position")
        follow.path = path
        follow.calculationMode = .paced
        follow.duration = 2
        view.layer.add(follow, forKey: "follow")
        frames(1)
        #expect(approx(view.layer.presentation()!.position, CGPoint(x: 100, y: 0), 0.5)) // half the length: the corner
        frames(0.5)
        #expect(approx(view.layer.presentation()!.position, CGPoint(x: 100, y: 50), 0.5))
        view.layer.removeAllAnimations()
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationDuration(0.5)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationRepeatCount(2)
        UIView.setAnimationRepeatAutoreverses(true)
        view.alpha = 0
        UIView.commitAnimations()
        frames(0.75) // second half of the first cycle: on the way back
        #expect(abs(view.layer.presentation()!.opacity - 0.5) < 0.03)
        frames(1.4)
        #expect(view.layer.animationKeys() == nil && view.alpha == 0)
    }
}
