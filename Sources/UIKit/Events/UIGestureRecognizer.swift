import CoreGraphics
import Foundation
import ObjectiveC
import VitrinePlatform

/// Recognizes a gesture from the touches in its view and calls its actions (seeds: "The View Interaction
/// Model"; UIKit's `UIGestureRecognizer`).
///
/// A recognizer gets the touches that begin in its view or the view's subviews before the views do. Its state
/// machine: `.possible` → `.recognized` (`.ended`) or `.failed` for discrete gestures (a tap); `.possible` →
/// `.began` → `.changed`… → `.ended` or `.cancelled` for continuous ones (a pan). Actions run on every
/// transition except to `.possible` and `.failed`. When it recognizes, it cancels the touches in its view
/// (`cancelsTouchesInView`) and keeps other recognizers from recognizing unless one of the delegates allows
/// both (`shouldRecognizeSimultaneouslyWith`).
///
/// Targets and actions: Swift on Linux has no Objective-C selectors. Where iOS code writes
/// `UITapGestureRecognizer(target: self, action: #selector(tapped(_:)))`, write
/// `UITapGestureRecognizer(target: self, action: MyController.tapped)` (a method reference, with or without the
/// recognizer argument), or `UITapGestureRecognizer { recognizer in … }`. Targets are not retained, as in UIKit.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject, AssociationOwner {
    /// The recognizer's state (UIKit's values).
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// Discrete gestures end in `.recognized`, the same value as `.ended`.
        public static var recognized: State { .ended }
    }

    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    /// The delegate that can veto or combine recognition.
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    /// Whether the recognizer takes part; turning it off mid-gesture cancels it.
    open var isEnabled = true {
        didSet { if !isEnabled && oldValue { cancelIfActive() } }
    }
    /// Whether recognizing cancels the touches in the view (`touchesCancelled` to the view); `true` by default.
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until this recognizer fails; `false` by default.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits until this recognizer fails (or is dropped if it recognizes);
    /// `true` by default.
    open var delaysTouchesEnded = true
    /// Whether the recognizer gets a touch's remaining events after it recognizes; `false`: a recognized
    /// recognizer ignores new touches.
    open var requiresExclusiveTouchType = true
    /// A name for debugging.
    open var name: String?
    /// Mouse buttons that count (1 is the primary button).
    open var allowedTouchTypes: [NSNumber] = [0, 1, 2, 3]

    /// The state. Subclasses set it from their touch methods; setting it runs the actions and arbitration.
    open var state: State {
        get { storedState }
        set { UIApplication.shared.touchDelivery.requestTransition(self, to: newValue) }
    }
    var storedState: State = .possible
    /// A transition held back until the recognizers this one requires to fail have failed.
    var pendingState: State?
    /// Recognizers that must fail before this one may recognize.
    var failureRequirements: [WeakRecognizer] = []
    /// The touches being tracked (began and not yet ended).
    var trackedTouches: [UITouch] = []

    private struct Action {
        weak var target: AnyObject?
        let targetless: Bool
        let call: @MainActor (AnyObject?, UIGestureRecognizer) -> Void
    }
    private var actions: [Action] = []

    /// A recognizer with no action yet.
    public override init() { super.init() }

    // Associated objects are released with the recognizer, as the runtime does.
    deinit { objc_ownerWillDeallocate(self) }

    /// A recognizer that calls `action` on `target` (a method reference: `MyView.handlePan`).
    public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(target: Target, action: @escaping (Target) -> (Recognizer) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls `action` (a method taking no argument) on `target`.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that runs `handler` with itself (the closure form iOS code reaches for with `UIAction`).
    public convenience init(handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        self.init()
        addAction(handler)
    }

    /// Adds a target and action (`MyView.handlePan`, taking the recognizer).
    open func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(_ target: Target, action: @escaping (Target) -> (Recognizer) -> Void) {
        actions.append(Action(target: target, targetless: false, call: { t, r in
            guard let t = t as? Target, let r = r as? Recognizer else { return }
            action(t)(r)
        }))
    }

    /// Adds a target and an action taking no argument.
    open func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        actions.append(Action(target: target, targetless: false, call: { t, _ in
            guard let t = t as? Target else { return }
            action(t)()
        }))
    }

    /// Adds a closure action.
    // (Final: Vitrine's closure form, not UIKit API to override; and an overridable method whose parameter is a
    // main-actor closure was mangled two ways in different compile jobs, leaving subclasses unlinkable.)
    public final func addAction(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) {
        actions.append(Action(target: nil, targetless: true, call: { _, r in handler(r) }))
    }

    /// Removes the actions of `target` (`nil`: every action). Method references cannot be compared in Swift, so
    /// all of a target's actions go together.
    open func removeTarget(_ target: AnyObject?) {
        actions.removeAll { target == nil || $0.target === target }
    }

    /// This recognizer recognizes only after `other` fails (a single tap that waits for a double tap).
    open func require(toFail other: UIGestureRecognizer) {
        failureRequirements.removeAll { $0.recognizer == nil || $0.recognizer === other }
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    /// The number of touches the recognizer is tracking.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (`nil`: the window).
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else { return lastLocation.map { convertFromWindow($0, to: view) } ?? .zero }
        var sum = CGPoint.zero
        for t in trackedTouches {
            let p = t.location(in: view)
            sum.x += p.x; sum.y += p.y
        }
        return CGPoint(x: sum.x / CGFloat(trackedTouches.count), y: sum.y / CGFloat(trackedTouches.count))
    }

    /// The location of one of the recognizer's touches in `view`'s coordinates.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        precondition(touchIndex >= 0 && touchIndex < trackedTouches.count,
                     "location(ofTouch:in:): index \(touchIndex) is beyond the \(trackedTouches.count) touches")
        return trackedTouches[touchIndex].location(in: view)
    }

    /// The last centroid in window coordinates, so `location(in:)` answers after the touches ended (an action
    /// for `.ended` reads it).
    var lastLocation: CGPoint?
    weak var lastWindow: UIWindow?

    private func convertFromWindow(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return p }
        guard let window = lastWindow else { return view.convert(p, from: nil) }
        return window.convert(p, to: view)
    }

    // MARK: Subclass hooks (UIGestureRecognizerSubclass)

    /// Touches began in the view (or its subviews). Subclasses call `super`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed } else if state == .began || state == .changed { state = .cancelled }
    }

    /// Puts the recognizer back to `.possible` after a gesture (called by the system); subclasses clear their
    /// own state and call `super`.
    open func reset() {}

    /// Stops tracking `touch` (it will not get the touch's later events).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touch.gestureRecognizers?.removeAll { $0 === self }
    }

    /// Whether this recognizer keeps `preventedGestureRecognizer` from recognizing when it recognizes; `true`.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` recognizing keeps this one from recognizing; `true`.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer must wait for `otherGestureRecognizer` to fail; `false`.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` must wait for this one to fail; `false`.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Internals

    /// Whether the state is one that ends a gesture.
    var isFinished: Bool { storedState == .ended || storedState == .cancelled || storedState == .failed }

    func runActions() {
        actions.removeAll { !$0.targetless && $0.target == nil }
        for action in actions { action.call(action.target, self) }
    }

    /// The view went away or the recognizer was removed from it.
    func detached() {
        cancelIfActive()
        UIApplication.shared.touchDelivery.forget(self)
    }

    private func cancelIfActive() {
        if storedState == .began || storedState == .changed { state = .cancelled }
        else if storedState == .possible && !trackedTouches.isEmpty { state = .failed }
    }

    /// A timer on the application's run loop (long press, multi-tap windows), invalidated at reset.
    final func schedule(after seconds: Double, _ body: @escaping @MainActor () -> Void) {
        let timer = UIApplication.shared.runLoop.schedule(after: seconds) { [weak self] _ in
            guard self != nil else { return }
            body()
            UIApplication.shared.touchDelivery.afterRecognizerTimer()
        }
        timers.append(timer)
    }
    var timers: [EventLoopTimer] = []
    func cancelTimers() {
        for t in timers { t.invalidate() }
        timers.removeAll()
    }
}

/// A weak reference to a recognizer (failure requirements do not keep recognizers alive).
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
}

/// A delegate that fine-tunes recognition (every method is optional: the defaults are UIKit's).
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible` (to `.began` or `.recognized`); `true` by default.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer should see `touch` at all; `true` by default.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Whether the two recognizers may both recognize; `false` by default.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` must wait for `otherGestureRecognizer` to fail; `false` by default.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `otherGestureRecognizer` must wait for `gestureRecognizer` to fail; `false` by default.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
