import CoreGraphics
import Foundation

/// An on/off switch (UIKit's `UISwitch`), as iOS 13+ draws it: a 51x31 rounded track, grey when off and
/// `onTintColor` (system green) when on, with a white thumb that slides across on a spring.
///
/// The size is fixed: whatever frame or bounds it is given, the switch is 51x31 (at the frame's origin). A tap
/// toggles it; dragging the thumb sets it by the side the finger is on when it lifts; either sends `.valueChanged`
/// (the primary action) when the value changed. `setOn(_:animated:)` sends nothing, as on iOS.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    override class var fixedSize: CGSize? { CGSize(width: 51, height: 31) }

    /// Whether the switch is on.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }
    private var on = false

    /// The track's colour when on (system green when nil).
    open var onTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.switchOnTint, \UISwitch.onTintColor, onTintColor) { return }
            updateColors()
        }
    }
    /// The thumb's colour (white when nil).
    open var thumbTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.switchThumbTint, \UISwitch.thumbTintColor, thumbTintColor) { return }
            updateColors()
        }
    }

    private let track = UIView()
    private let thumb = UIView()
    /// While a drag is under way: the side the thumb shows (the value it will set on release).
    private var dragValue: Bool?
    private var trackingStart: CGPoint = .zero

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isOpaque = false
        for part in [track, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        track.frame = CGRect(x: 0, y: 0, width: 51, height: 31)
        track.layer.cornerRadius = 15.5
        thumb.layer.cornerRadius = 13.5
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.15
        thumb.layer.shadowRadius = 4
        thumb.layer.shadowOffset = CGSize(width: 0, height: 3)
        placeThumb(on)
        updateColors()
    }

    override var primaryActionEvents: Event { .valueChanged }

    /// Sets the value without sending an action; `animated`: the thumb slides on a spring and the track fades.
    open func setOn(_ on: Bool, animated: Bool) {
        guard on != self.on || dragValue != nil else { return }
        self.on = on
        dragValue = nil
        show(on, animated: animated)
    }

    private func show(_ value: Bool, animated: Bool) {
        let change = {
            self.placeThumb(value)
            self.track.backgroundColor = self.trackColor(value)
        }
        if animated {
            UIView.animate(withDuration: 0.35, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0,
                           options: [.allowUserInteraction, .beginFromCurrentState], animations: change)
        } else {
            UIView.performWithoutAnimation(change)
        }
    }

    private func placeThumb(_ value: Bool) {
        thumb.frame = CGRect(x: value ? 22 : 2, y: 2, width: 27, height: 27)
    }

    private func trackColor(_ value: Bool) -> UIColor {
        value ? (onTintColor ?? .systemGreen) : UIColor(red: 120 / 255.0, green: 120 / 255.0, blue: 128 / 255.0, alpha: 0.16)
    }

    private func updateColors() {
        track.backgroundColor = trackColor(dragValue ?? on)
        thumb.backgroundColor = thumbTintColor ?? .white
        alpha = isEnabled ? 1 : 0.5
    }

    override func stateDidChange() {
        super.stateDidChange()
        updateColors()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 51, height: 31) }

    // MARK: Touches

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        trackingStart = touch.location(in: self)
        dragValue = nil
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let p = touch.location(in: self)
        // A drag starts once the finger has moved a few points across; the thumb then shows the finger's side.
        if dragValue == nil && abs(p.x - trackingStart.x) < 4 { return true }
        let side = p.x > bounds.midX
        if dragValue != side {
            dragValue = side
            show(side, animated: true)
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let new = dragValue ?? (isTouchInside ? !on : on)
        dragValue = nil
        if new != on {
            on = new
            show(on, animated: true)
            sendActions(for: .valueChanged)
        } else {
            show(on, animated: true)
        }
    }

    open override func cancelTracking(with event: UIEvent?) {
        dragValue = nil
        show(on, animated: true)
    }

    // MARK: Accessibility

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        isEnabled ? .button : [.button, .notEnabled]
    }
    override var defaultAccessibilityValue: String? { on ? "1" : "0" }
}
