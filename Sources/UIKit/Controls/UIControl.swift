import CoreGraphics
import Foundation

/// The base of controls (buttons, switches, sliders): states, touch tracking and control events with
/// target-action and `UIAction`s.
///
/// Tracking follows UIKit: a touch that begins in an enabled control starts tracking (`beginTracking`) and
/// highlights it; moving continues it (`continueTracking`), with the touch counted inside while it is within
/// 70 points of the bounds, so a finger can wander a little while dragging; lifting ends it with
/// `.touchUpInside` or `.touchUpOutside`. A control refuses its superviews' single-finger single-tap recognizers,
/// so a tap on a button inside a tappable view is the button's.
///
/// Targets and actions: where iOS code writes `addTarget(self, action: #selector(tapped), for: .touchUpInside)`,
/// write `addTarget(self, action: MyController.tapped, for: .touchUpInside)` (a method reference taking nothing,
/// the sender, or the sender and the event) or `addAction(UIAction { _ in … }, for: .touchUpInside)`.
@preconcurrency @MainActor
open class UIControl: UIView {
    /// Control states (UIKit's bits).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// Control events (UIKit's bits).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// How far outside the bounds (points) a dragged touch still counts as inside, as UIKit's controls do.
    public static let trackingSlop: CGFloat = 70

    /// Whether the control responds to touches; a disabled control shows `.disabled`.
    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { isHighlighted = false }
            stateDidChange()
        }
    }
    /// Whether the control is selected (a toggled button).
    open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }
    /// Whether a touch is down inside the control.
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }

    /// The state, from `isEnabled`, `isSelected` and `isHighlighted`.
    open var state: State {
        var s: State = []
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    /// How content (a button's title and image) sits across the control (UIKit's values).
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center, left, right, fill, leading, trailing
    }

    /// How content sits down the control (UIKit's values).
    public enum ContentVerticalAlignment: Int, Sendable {
        case center, top, bottom, fill
    }

    /// `.center` by default.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    /// `.center` by default.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }

    /// The horizontal alignment with `.leading`/`.trailing` resolved for the layout direction (never those two).
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        switch contentHorizontalAlignment {
        case .leading: return rtl ? .right : .left
        case .trailing: return rtl ? .left : .right
        default: return contentHorizontalAlignment
        }
    }

    /// Whether a touch is being tracked.
    open private(set) var isTracking = false
    /// Whether the tracked touch is inside (within the tracking slop) now.
    open private(set) var isTouchInside = false

    /// Events that also send `.primaryActionTriggered` (subclasses: a button's is `.touchUpInside`, a switch's
    /// `.valueChanged`); none for a plain control.
    var primaryActionEvents: Event { [] }

    private struct Target {
        weak var target: AnyObject?
        let events: Event
        let call: @MainActor (AnyObject, UIControl, UIEvent?) -> Void
    }
    private var targets: [Target] = []
    private var actions: [(action: UIAction, events: Event)] = []
    private weak var trackedTouch: UITouch?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A control whose `primaryAction` runs on `.primaryActionTriggered` (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Called when `state` changes; subclasses update their look (call `super`).
    func stateDidChange() { setNeedsDisplay() }

    // MARK: Targets and actions

    /// Calls `action` (a method taking nothing) on `target` for `events`. Targets are not retained.
    open func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> () -> Void, for events: Event) {
        targets.append(Target(target: target, events: events, call: { t, _, _ in (t as? T).map { action($0)() } }))
    }

    /// Calls `action` with the sender (`MyController.buttonTapped(_:)`) for `events`.
    open func addTarget<T: AnyObject, Sender: UIControl>(_ target: T, action: @escaping (T) -> (Sender) -> Void, for events: Event) {
        targets.append(Target(target: target, events: events, call: { t, c, _ in
            guard let t = t as? T, let c = c as? Sender else { return }
            action(t)(c)
        }))
    }

    /// Calls `action` with the sender and the event (`MyController.dragged(_:event:)`) for `events`.
    open func addTarget<T: AnyObject, Sender: UIControl>(_ target: T, action: @escaping (T) -> (Sender, UIEvent?) -> Void,
                                                         for events: Event) {
        targets.append(Target(target: target, events: events, call: { t, c, e in
            guard let t = t as? T, let c = c as? Sender else { return }
            action(t)(c, e)
        }))
    }

    /// Removes `target`'s actions for `events` (`nil` target: every target). Method references cannot be compared
    /// in Swift, so a target's actions for those events go together.
    open func removeTarget(_ target: AnyObject?, for events: Event) {
        targets.removeAll { (target == nil || $0.target === target) && !$0.events.isDisjoint(with: events) }
    }

    /// The objects with actions for any event.
    open var allTargets: Set<AnyHashable> {
        Set(targets.compactMap { $0.target.map { AnyHashable(ObjectIdentifier($0)) } })
    }

    /// The events that have targets or actions.
    open var allControlEvents: Event {
        targets.reduce(into: Event()) { $0.formUnion($1.events) }.union(actions.reduce(into: Event()) { $0.formUnion($1.events) })
    }

    /// Runs `action` for `events`; an action with the same identifier replaces it.
    open func addAction(_ action: UIAction, for events: Event) {
        actions.removeAll { $0.action.identifier == action.identifier && $0.events == events }
        actions.append((action, events))
    }

    /// Stops running `action` for `events`.
    open func removeAction(_ action: UIAction, for events: Event) {
        actions.removeAll { $0.action === action && !$0.events.isDisjoint(with: events) }
    }

    /// Stops running the action with `identifier` for `events`.
    open func removeAction(identifiedBy identifier: UIAction.Identifier, for events: Event) {
        actions.removeAll { $0.action.identifier == identifier && !$0.events.isDisjoint(with: events) }
    }

    /// Sends the actions for `events` (and `.primaryActionTriggered` when one of them is the control's primary
    /// event), in the order they were added.
    open func sendActions(for events: Event) {
        send(events, event: nil)
    }

    /// Calls one action (UIKit routes through `UIApplication.sendAction`; here the call is direct).
    /// Stops following the current touch without ending it (a menu took over): no further events for it.
    func abandonTracking() {
        guard trackedTouch != nil else { return }
        trackedTouch = nil
        if isTracking { cancelTracking(with: nil) }
        isTracking = false
        isTouchInside = false
        isHighlighted = false
    }

    open func sendAction(_ action: UIAction) {
        action.sender = self
        action.handler(action)
    }

    private func send(_ events: Event, event: UIEvent?) {
        var all = events
        if !events.isDisjoint(with: primaryActionEvents) { all.insert(.primaryActionTriggered) }
        targets.removeAll { $0.target == nil }
        for t in targets where !t.events.isDisjoint(with: all) {
            if let target = t.target { t.call(target, self, event) }
        }
        for a in actions where !a.events.isDisjoint(with: all) { sendAction(a.action) }
    }

    // MARK: Tracking

    /// A touch began in the control; return `false` not to track it. The default tracks.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch moved; return `false` to stop tracking. The default keeps tracking.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// The tracked touch lifted (`touch` is nil if tracking stopped another way).
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tracking was cancelled (a gesture recognizer took the touch, the device went away).
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether `point` (control coordinates) counts as inside for a tracked touch: the bounds grown by the slop.
    func isInsideForTracking(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -Self.trackingSlop, dy: -Self.trackingSlop).contains(point)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        send(touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, event: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch), isEnabled else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        let wasInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        if inside != wasInside { send(inside ? .touchDragEnter : .touchDragExit, event: event) }
        send(inside ? .touchDragInside : .touchDragOutside, event: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        isTouchInside = inside
        trackedTouch = nil
        isHighlighted = false
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        guard isEnabled else { return }
        send(inside ? .touchUpInside : .touchUpOutside, event: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        trackedTouch = nil
        isHighlighted = false
        isTouchInside = false
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        send(.touchCancel, event: event)
    }

    /// A disabled control takes no touches: they go to the view behind it, as in UIKit.
    open override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isEnabled else { return nil }
        return super.hitTest(point, with: event)
    }

    /// A superview's single-finger single tap does not begin on a control (the control takes the tap).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? UITapGestureRecognizer, tap.view !== self,
           tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
