import CoreGraphics
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// Interactive custom transitions as iOS apps write them: a `UIPercentDrivenInteractiveTransition` returned by the
/// navigation or transitioning delegate while a gesture is under way, driving an animator that uses animation
/// blocks, or one that hands over a property animator through `interruptibleAnimator(using:)`; finished and
/// cancelled, with the controllers' state and the views' places checked after each.
@MainActor @Suite struct InteractiveTransitionTests {
    func withoutLayout(_ log: EventLog) -> [String] { log.entries.filter { !$0.contains("LayoutSubviews") } }

    /// Slides the outgoing view down off the screen over the incoming one, with a plain animation block, the way
    /// most iOS animators are written.
    @MainActor final class DropAway: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            let from = transitionContext.view(forKey: .from)!
            if let to = transitionContext.view(forKey: .to) { container.insertSubview(to, belowSubview: from) }
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                from.transform = CGAffineTransform(translationX: 0, y: container.bounds.height)
                from.alpha = 0.5
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    /// The same drop, given as an interruptible animator (iOS 10's way).
    @MainActor final class InterruptibleDrop: NSObject, UIViewControllerAnimatedTransitioning {
        var animator: UIViewPropertyAnimator?
        var positions: [UIViewAnimatingPosition] = []
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            interruptibleAnimator(using: transitionContext).startAnimation()
        }
        func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
            if let animator { return animator }
            let container = transitionContext.containerView
            let from = transitionContext.view(forKey: .from)!
            if let to = transitionContext.view(forKey: .to) { container.insertSubview(to, belowSubview: from) }
            let made = UIViewPropertyAnimator(duration: 0.4, curve: .linear) {
                from.transform = CGAffineTransform(translationX: 0, y: container.bounds.height)
            }
            made.addCompletion { [weak self] position in
                self?.positions.append(position)
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
            animator = made
            return made
        }
        func animationEnded(_ transitionCompleted: Bool) { animator = nil }
    }

    /// A navigation delegate that hands out the animator, and the interaction while its "gesture" is under way.
    @MainActor final class NavDelegate: NSObject, UINavigationControllerDelegate {
        let animator: any UIViewControllerAnimatedTransitioning
        var interaction: UIPercentDrivenInteractiveTransition?
        init(_ animator: any UIViewControllerAnimatedTransitioning) { self.animator = animator }
        func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
            animator
        }
        func navigationController(_ navigationController: UINavigationController,
                                  interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
            -> (any UIViewControllerInteractiveTransitioning)? {
            interaction
        }
    }

    func navScene(_ animator: any UIViewControllerAnimatedTransitioning, log: EventLog)
        -> (UINavigationController, NavDelegate, LoggingController, LoggingController) {
        freshApp()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let nav = UINavigationController(rootViewController: a)
        let delegate = NavDelegate(animator)
        nav.delegate = delegate
        let window = shownWindow()
        window.rootViewController = nav
        endTurn()
        nav.pushViewController(b, animated: false)
        endTurn()
        return (nav, delegate, a, b)
    }

    /// The y the outgoing view shows at (its presentation's translation).
    func shownDrop(_ view: UIView) -> CGFloat {
        (view.layer.presentation() ?? view.layer).affineTransform().ty
    }

    @Test func aPercentDrivenPopScrubsAnAnimationBlockAndCancelsBackToTheStart() {
        let log = EventLog()
        let (nav, delegate, a, b) = navScene(DropAway(), log: log)
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        nav.popViewController(animated: true)
        frames(0.5)
        // Held where the interaction put it (the start), however long it waits.
        // The stack changes at once, as UIKit's does; the views wait.
        #expect(nav.viewControllers == [a] && abs(shownDrop(b.view)) < 0.5 && interaction.duration == 0.4)
        interaction.update(0.5)
        frames(1.0 / 60)
        #expect(abs(shownDrop(b.view) - 240) < 1 && abs(interaction.percentComplete - 0.5) < 0.01)
        frames(0.5)
        #expect(abs(shownDrop(b.view) - 240) < 1) // still held
        interaction.update(0.25)
        frames(1.0 / 60)
        #expect(abs(shownDrop(b.view) - 120) < 1)
        log.entries = []
        interaction.cancel()
        frames(0.05)
        let going = shownDrop(b.view)
        #expect(going < 120 && going > 0) // running back
        frames(0.3)
        // Back where it began: the stack, the view's model and what is shown; B appears again.
        #expect(nav.viewControllers == [a, b] && b.view.transform.isIdentity && b.view.alpha == 1 && b.view.layer.animationKeys() == nil)
        #expect(b.view.superview === nav.view && a.viewIfLoaded?.superview == nil)
        #expect(withoutLayout(log) == ["B.viewWillAppear", "A.viewWillDisappear", "A.viewDidDisappear", "B.viewIsAppearing", "B.viewDidAppear",
                                       "B.didMove(toParent: UINavigationController)"], "\(withoutLayout(log))")
        #expect(interaction.percentComplete == 0) // let go of the finished transition

        // Again, and finished from 60% at twice the speed: 0.4 × 0.4 / 2 = 0.08 s left.
        delegate.interaction = interaction
        interaction.completionSpeed = 2
        nav.popViewController(animated: true)
        interaction.update(0.6)
        frames(1.0 / 60)
        interaction.finish()
        frames(0.05)
        #expect(b.parent === nav && b.view.superview === nav.view) // still sliding
        frames(0.1)
        #expect(nav.viewControllers == [a] && b.parent == nil && a.view.superview === nav.view && b.view.superview == nil)
        #expect(withoutLayout(log).last == "B.didMove(toParent: nil)")
    }

    @Test func aPercentDrivenPopDrivesAnInterruptibleAnimator() {
        let log = EventLog()
        let drop = InterruptibleDrop()
        let (nav, delegate, a, b) = navScene(drop, log: log)
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        nav.popViewController(animated: true)
        #expect(drop.animator?.state == .active && drop.animator?.isRunning == false)
        interaction.update(0.75)
        frames(1.0 / 60)
        #expect(abs(shownDrop(b.view) - 360) < 1 && abs(interaction.percentComplete - 0.75) < 0.01)
        interaction.cancel()
        frames(0.5)
        #expect(drop.positions == [.start] && nav.viewControllers == [a, b] && b.view.transform.isIdentity)
        delegate.interaction = interaction
        nav.popViewController(animated: true)
        interaction.update(0.5)
        interaction.finish()
        frames(0.1)
        #expect(b.parent === nav) // 0.2 s left
        frames(0.2)
        #expect(drop.positions == [.start, .end] && nav.viewControllers == [a])
    }

    @Test func aTransitionThatStartsRunningCanBeCaughtAndScrubbed() {
        let log = EventLog()
        let (nav, delegate, a, b) = navScene(DropAway(), log: log)
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = false
        delegate.interaction = interaction
        nav.popViewController(animated: true)
        frames(0.1)
        #expect(abs(shownDrop(b.view) - 120) < 5) // running on its own: a quarter of the way
        interaction.pauseInteractiveTransition()
        let caught = shownDrop(b.view)
        frames(0.2)
        #expect(abs(shownDrop(b.view) - caught) < 0.5 && abs(interaction.percentComplete - caught / 480) < 0.02)
        interaction.finish()
        frames(0.4)
        #expect(nav.viewControllers == [a])
    }

    /// A card presented with a transitioning delegate whose dismissal a pan drives, as iOS apps build
    /// "drag down to close".
    @MainActor final class Card: UIViewController, UIViewControllerTransitioningDelegate {
        let drop = DropAway()
        var interaction: UIPercentDrivenInteractiveTransition?
        var dismissed = 0
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Card.pan))
        }
        func pan(_ recognizer: UIPanGestureRecognizer) {
            let progress = recognizer.translation(in: view).y / view.bounds.height
            switch recognizer.state {
            case .began:
                interaction = UIPercentDrivenInteractiveTransition()
                dismiss(animated: true) { self.dismissed += 1 }
            case .changed:
                interaction?.update(progress)
            case .ended:
                if progress > 0.3 { interaction?.finish() } else { interaction?.cancel() }
                interaction = nil
            default:
                interaction?.cancel()
                interaction = nil
            }
        }
        func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { drop }
        func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
            -> (any UIViewControllerInteractiveTransitioning)? {
            interaction
        }
    }

    @Test func aPanDrivesAnInteractiveDismissalThatCanBeCancelled() {
        freshApp()
        let root = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        let card = Card()
        card.modalPresentationStyle = .fullScreen
        card.transitioningDelegate = card
        root.present(card, animated: false)
        endTurn()
        #expect(root.viewIfLoaded?.superview == nil) // full screen: the presenter's view goes
        let fingers = Fingers()
        // A short drag: the card follows, then goes back; still presented, the completion not called.
        fingers.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 160), steps: 6, interval: 0.03, lift: false)
        frames(1.0 / 60)
        #expect(shownDrop(card.view) > 30 && root.view.superview != nil) // the presenter shows underneath
        fingers.up()
        frames(0.5)
        #expect(root.presentedViewController === card && card.view.window === window && card.view.transform.isIdentity)
        #expect(card.dismissed == 0 && !card.isBeingDismissed && root.viewIfLoaded?.superview == nil)
        // A long one: dismissed.
        fingers.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), steps: 10, interval: 0.03)
        frames(0.5)
        #expect(root.presentedViewController == nil && card.view.window == nil && card.dismissed == 1)
        #expect(root.view.window === window)
    }

    @Test func propertyAnimatorsTakeTimingParametersAndContinueAtAChosenPace() {
        freshApp()
        let view = shownView()
        let spring = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(dampingRatio: 1))
        spring.addAnimations { view.center.x = 250 }
        spring.startAnimation()
        frames(0.6)
        #expect(spring.state == .inactive && view.center.x == 250)
        let cubic = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0), controlPoint2: CGPoint(x: 0.2, y: 1))
        #expect(cubic.timingCurveType == .cubic && UICubicTimingParameters(animationCurve: .easeIn).timingCurveType == .builtin)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 50 }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        // The rest of the way in 0.1 s (durationFactor 0.1 of the 1 s duration) on a linear curve.
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 0.1)
        frames(0.05)
        #expect(abs(view.layer.presentation()!.position.x - 100) < 4)
        frames(0.1)
        #expect(animator.state == .inactive && view.center.x == 50)
    }
}
