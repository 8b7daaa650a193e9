import CoreGraphics
import Foundation

/// One finger on the screen, for the whole of its life: the same object from `.began` to `.ended` or
/// `.cancelled`, so responders can keep it as a key (seeds: "Responding to Events").
///
/// The touch's `view` and `window` are fixed when it begins (the hit-tested view); locations convert to any
/// view's coordinates. A mouse or touchpad button acts as one finger (`type == .indirectPointer`).
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// Where the touch is in its life.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// What made the touch.
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    // An NSObject, as on iOS: equal only to itself unless a subclass overrides `isEqual(_:)`.

    /// The touch's phase in the event being delivered.
    public internal(set) var phase: Phase = .began
    /// When the touch last changed, in seconds on the system's uptime clock (`ProcessInfo.systemUptime`,
    /// the kernel's CLOCK_MONOTONIC): the kernel's time for the event, not when it was delivered.
    public internal(set) var timestamp: TimeInterval = 0
    /// How many quick taps at about this place this touch is part of (1 for a single tap).
    public internal(set) var tapCount: Int = 1
    /// The view the touch began in (the hit-tested view); fixed for the touch's life.
    public internal(set) weak var view: UIView?
    /// The window the touch began in.
    public internal(set) weak var window: UIWindow?
    /// The contact's radius in points, where the device reports the contact's size; 20 otherwise.
    public internal(set) var majorRadius: CGFloat = 20
    /// How far `majorRadius` may be off, in points.
    public internal(set) var majorRadiusTolerance: CGFloat = 5
    /// Direct for a touchscreen, indirect pointer for a mouse or touchpad acting as a finger.
    public internal(set) var type: TouchType = .direct
    /// Force is not reported by touch panels: 0, as for devices without 3D Touch.
    open var force: CGFloat { 0 }
    open var maximumPossibleForce: CGFloat { 0 }
    /// The gesture recognizers receiving this touch.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil

    /// The position in the window's coordinates now and at the previous event.
    var windowLocation: CGPoint = .zero
    var previousWindowLocation: CGPoint = .zero
    /// Where the touch is in screen points (to find its window when it begins).
    var screenLocation: CGPoint = .zero

    /// Delivery bookkeeping (see `TouchDelivery`).
    /// Whether `view` gets this touch's messages at all (false: a second finger on a single-touch view, an
    /// exclusive-touch conflict, or a touch that began while the app ignored interaction events).
    var deliversToView = true
    /// touchesBegan was sent to the view (so the view must hear how the touch ends).
    var viewHasBegun = false
    /// A recognizer took the touch (cancelsTouchesInView): the view heard touchesCancelled and hears no more.
    var cancelledForView = false
    /// Messages held back for the view while a recognizer decides (delaysTouchesBegan / delaysTouchesEnded).
    var delayedPhases: [Phase] = []
    /// The device contact behind the touch.
    var key = TouchKey(device: 0, slot: 0)

    public override init() { super.init() }

    /// The touch's location in `view`'s coordinates (`nil`: the touch's window).
    open func location(in view: UIView?) -> CGPoint { convert(windowLocation, to: view) }

    /// The touch's location at the previous event, in `view`'s coordinates (`nil`: the touch's window).
    open func previousLocation(in view: UIView?) -> CGPoint { convert(previousWindowLocation, to: view) }

    /// iOS 9.1's precise locations: the same as the plain ones (panels report no sub-sample precision).
    open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    open func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view else { return point }
        guard let window else { return view.convert(point, from: nil) }
        return window.convert(point, to: view)
    }
}

/// A contact on a device: the device's id and libinput's seat slot (or the pointer's pseudo-slot).
struct TouchKey: Hashable {
    var device: Int
    var slot: Int
}
