import CoreGraphics
import Foundation

/// The coordinator of a window's change of size (`UIViewController.viewWillTransition(to:with:)`): not animated, as a
/// window resized by code is. Alongside blocks run once the window and its root view have the new size (where an
/// animation block would run), then the completions.
@MainActor
final class SizeTransitionCoordinator: UIViewControllerTransitionCoordinator {
    private let window: UIWindow
    private var alongside: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var ended = false

    init(window: UIWindow) { self.window = window }

    var isAnimated: Bool { false }
    var presentationStyle: UIModalPresentationStyle { .none }
    var initiallyInteractive: Bool { false }
    var isInterruptible: Bool { false }
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    var percentComplete: CGFloat { ended ? 1 : 0 }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeInOut }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { window.rootViewController }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { window.rootViewController?.viewIfLoaded }
    var containerView: UIView { window }
    var targetTransform: CGAffineTransform { .identity }

    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !ended else { return false }
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {}
    func notifyWhenInteractionEnds(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void) {}

    /// The window has its new size: the alongside blocks, then the completions.
    func finish() {
        ended = true
        for block in alongside { block(self) }
        for block in completions { block(self) }
        alongside = []
        completions = []
    }
}
