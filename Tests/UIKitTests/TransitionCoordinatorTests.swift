import CoreGraphics
import Foundation
import Testing
@testable import UIKit

/// `transitionCoordinator` as iOS code uses it: asked for in `viewWillAppear` or a navigation delegate's `willShow`,
/// animating something alongside a push, a pop or a presentation (with the transition's timing, following an edge
/// swipe and going back when it is cancelled), with completions and interaction notices, and nil outside transitions.
@MainActor @Suite struct TransitionCoordinatorTests {
    /// A screen that fades a badge in alongside its appearance, as apps fade bar decorations.
    final class Fading: UIViewController {
        let badge = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        var sawCoordinator = false
        var completions: [Bool] = [] // isCancelled, per completion
        var interactionNotices: [Bool] = []
        var fadeTo: CGFloat = 1

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            guard let coordinator = transitionCoordinator else { return }
            sawCoordinator = true
            coordinator.animate(alongsideTransition: { _ in self.badge.alpha = self.fadeTo }, completion: { context in
                self.completions.append(context.isCancelled)
            })
            coordinator.notifyWhenInteractionChanges { context in self.interactionNotices.append(context.isCancelled) }
        }
    }

    final class Watcher: NSObject, UINavigationControllerDelegate {
        var shown: [(UIViewController?, Bool)] = []
        func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
            let coordinator = navigationController.transitionCoordinator
            shown.append((coordinator?.viewController(forKey: .to), coordinator?.isAnimated ?? false))
        }
    }

    func scene(_ root: UIViewController) -> (UIWindow, UINavigationController) {
        freshApp()
        let nav = UINavigationController(rootViewController: root)
        let window = shownWindow()
        window.rootViewController = nav
        endTurn()
        return (window, nav)
    }

    @Test func aPushAnimatesAlongsideWithTheTransitionsTiming() {
        let b = Fading()
        let (window, nav) = scene(UIViewController())
        window.addSubview(b.badge)
        b.badge.alpha = 0
        let watcher = Watcher()
        nav.delegate = watcher
        nav.pushViewController(b, animated: true)
        #expect(b.sawCoordinator)
        #expect(watcher.shown.count == 1 && watcher.shown[0].0 === b && watcher.shown[0].1)
        #expect(b.transitionCoordinator?.transitionDuration == SlideAnimator.duration)
        #expect(nav.transitionCoordinator === b.transitionCoordinator, "the container and its children share it")
        #expect(b.badge.alpha == 1, "the model value changes at once")
        frames(SlideAnimator.duration / 2)
        let midway = b.badge.layer.presentation()?.opacity ?? -1
        #expect(midway > 0.2 && midway < 0.8, "half way through the slide the badge is half faded in: \(midway)")
        #expect(b.completions.isEmpty)
        frames(0.4)
        #expect(b.completions == [false])
        #expect(b.transitionCoordinator == nil && nav.transitionCoordinator == nil, "no coordinator once the transition is over")
        #expect(b.interactionNotices.isEmpty, "a transition no gesture drove has no interaction to end")
        withExtendedLifetime(watcher) {}
    }

    @Test func aTransitionWithoutAnimationRunsTheBlocksAtOnce() {
        let b = Fading()
        let (window, nav) = scene(UIViewController())
        window.addSubview(b.badge)
        b.badge.alpha = 0
        nav.pushViewController(b, animated: false)
        #expect(b.sawCoordinator && b.badge.alpha == 1 && b.badge.layer.animationKeys() == nil)
        #expect(b.completions == [false])
        #expect(nav.transitionCoordinator == nil)
        // Outside any transition there is none.
        #expect(UIViewController().transitionCoordinator == nil)
    }

    /// The edge swipe: the alongside fade follows the finger, goes back when the pop is cancelled (the completion
    /// and the interaction notice say so), and runs on when the pop completes.
    @Test func anEdgeSwipeScrubsTheAlongsideAnimationAndCancelsIt() {
        let a = Fading(), b = UIViewController()
        let (window, nav) = scene(a)
        window.addSubview(a.badge)
        nav.pushViewController(b, animated: false)
        endTurn()
        a.badge.alpha = 1
        a.fadeTo = 0
        a.sawCoordinator = false
        let fingers = Fingers()
        fingers.drag(from: CGPoint(x: 3, y: 240), to: CGPoint(x: 160, y: 240), steps: 10, interval: 0.05, lift: false)
        frames(0.05)
        #expect(a.sawCoordinator && a.transitionCoordinator?.initiallyInteractive == true)
        let held = a.badge.layer.presentation()?.opacity ?? -1
        #expect(held > 0.3 && held < 0.8, "half way across, the fade is about half way: \(held)")
        // Held while the finger rests.
        frames(0.5)
        #expect(abs((a.badge.layer.presentation()?.opacity ?? -1) - held) < 0.01)
        for x in [150.0, 140, 130, 120] {
            fingers.wait(0.05)
            fingers.move(CGPoint(x: x, y: 240))
        }
        fingers.up()
        frames(0.8)
        #expect(nav.viewControllers == [a, b], "let go before half way: the pop is cancelled")
        #expect(a.interactionNotices == [true] && a.completions == [true])
        #expect(a.badge.alpha == 1 && (a.badge.layer.presentation()?.opacity ?? 1) == 1, "the fade went back")
        // Again, past half way: it pops, and the fade ends at its end.
        a.completions = []
        a.interactionNotices = []
        fingers.drag(from: CGPoint(x: 3, y: 240), to: CGPoint(x: 250, y: 240), steps: 10, interval: 0.03)
        frames(0.8)
        #expect(nav.viewControllers == [a])
        #expect(a.interactionNotices == [false] && a.completions == [false])
        #expect(a.badge.alpha == 0 && a.badge.layer.animationKeys() == nil)
    }

    @Test func aPresentationAndItsDismissalHaveCoordinators() {
        freshApp()
        let root = UIViewController(), modal = Fading()
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        window.addSubview(modal.badge)
        modal.badge.alpha = 0
        modal.modalPresentationStyle = .fullScreen
        root.present(modal, animated: true)
        #expect(modal.sawCoordinator && modal.transitionCoordinator?.presentationStyle == .fullScreen)
        #expect(root.transitionCoordinator === modal.transitionCoordinator)
        frames(0.6)
        #expect(modal.completions == [false] && modal.badge.alpha == 1 && modal.transitionCoordinator == nil)
        var dismissing: (any UIViewControllerTransitionCoordinator)?
        var faded = false
        modal.dismiss(animated: true)
        dismissing = modal.transitionCoordinator
        #expect(dismissing?.viewController(forKey: .from) === modal && dismissing?.viewController(forKey: .to) === root)
        dismissing?.animate(alongsideTransition: { _ in modal.badge.alpha = 0 }, completion: { _ in faded = true })
        frames(0.6)
        #expect(faded && modal.badge.alpha == 0)
        #expect(dismissing?.animate(alongsideTransition: { _ in }, completion: nil) == false, "an ended transition takes no more")
    }
}
