import CoreGraphics
import Foundation

/// A control that picks a value from a continuous range by dragging a thumb along a track (UIKit's `UISlider`), as
/// iOS 13+ draws it: a 4-point rounded track, the part below the value in the tint, the rest grey, a white 28-point
/// thumb with a soft shadow.
///
/// As on iOS, a touch must land on the thumb to move it (a tap on the track does not jump there); the value then
/// follows the finger's travel, clamped to the range, sending `.valueChanged` as it changes (`isContinuous`) or once
/// on release.
@preconcurrency @MainActor
open class UISlider: UIControl {
    /// The value, kept within `minimumValue...maximumValue`.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    private var storedValue: Float = 0

    /// 0 by default; raising it above the value raises the value.
    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// 1 by default; lowering it below the value lowers the value.
    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }
    /// Whether `.valueChanged` is sent while dragging (true) or once when the finger lifts.
    open var isContinuous = true

    /// Images at the ends of the track (the track shortens to make room).
    open var minimumValueImage: UIImage? {
        didSet {
            if appearanceSetting(AppearanceKey.sliderMinimumImage, \UISlider.minimumValueImage, minimumValueImage) { return }
            partsChanged()
        }
    }
    open var maximumValueImage: UIImage? {
        didSet {
            if appearanceSetting(AppearanceKey.sliderMaximumImage, \UISlider.maximumValueImage, maximumValueImage) { return }
            partsChanged()
        }
    }
    /// The track below the value (the tint when nil).
    open var minimumTrackTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.sliderMinimumTrack, \UISlider.minimumTrackTintColor, minimumTrackTintColor) { return }
            partsChanged()
        }
    }
    /// The track above the value (a light grey when nil).
    open var maximumTrackTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.sliderMaximumTrack, \UISlider.maximumTrackTintColor, maximumTrackTintColor) { return }
            partsChanged()
        }
    }
    /// The thumb's colour (white when nil; ignored under a thumb image).
    open var thumbTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.sliderThumbTint, \UISlider.thumbTintColor, thumbTintColor) { return }
            partsChanged()
        }
    }

    private var thumbImages: [UInt: UIImage] = [:]

    private let minimumTrack = UIView()
    private let maximumTrack = UIView()
    private let thumb = UIImageView()
    private let minimumImageView = UIImageView()
    private let maximumImageView = UIImageView()
    /// Where the finger started and the value then (a drag moves the value by the finger's travel).
    private var dragStart: (x: CGFloat, value: Float)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isOpaque = false
        for part in [minimumImageView, maximumImageView, maximumTrack, minimumTrack, thumb] as [UIView] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        minimumTrack.layer.cornerRadius = 2
        maximumTrack.layer.cornerRadius = 2
        thumb.layer.cornerRadius = 14
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.2
        thumb.layer.shadowRadius = 3
        thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
        partsChanged()
    }

    /// Sets the value (clamped); `animated`: the thumb and track slide to it. Sends no action.
    open func setValue(_ value: Float, animated: Bool) {
        let clamped = Swift.min(Swift.max(value.isNaN ? minimumValue : value, minimumValue), maximumValue)
        storedValue = clamped
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: { self.placeParts() })
        } else {
            setNeedsLayout()
        }
    }

    // MARK: Thumb images

    open func setThumbImage(_ image: UIImage?, for state: State) {
        if appearanceSetting(AppearanceKey.sliderThumbImage, UISlider.setThumbImage, image, for: state) { return }
        thumbImages[state.rawValue] = image
        partsChanged()
    }

    open func thumbImage(for state: State) -> UIImage? { thumbImages[state.rawValue] ?? thumbImages[State.normal.rawValue] }
    open var currentThumbImage: UIImage? { thumbImage(for: state) }

    override func stateDidChange() {
        super.stateDidChange()
        partsChanged()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        partsChanged()
    }

    private func partsChanged() {
        minimumTrack.backgroundColor = isEnabled ? (minimumTrackTintColor ?? tintColor) : .systemGray3
        maximumTrack.backgroundColor = maximumTrackTintColor ?? UIColor(red: 120 / 255.0, green: 120 / 255.0, blue: 128 / 255.0, alpha: 0.2)
        if let image = currentThumbImage {
            thumb.image = image
            thumb.backgroundColor = nil
            thumb.layer.shadowOpacity = 0
        } else {
            thumb.image = nil
            thumb.backgroundColor = thumbTintColor ?? .white
            thumb.layer.shadowOpacity = 0.2
        }
        minimumImageView.image = minimumValueImage
        maximumImageView.image = maximumValueImage
        setNeedsLayout()
    }

    // MARK: Geometry (UIKit's overridable rectangles)

    private var thumbSize: CGSize { currentThumbImage?.size ?? CGSize(width: 28, height: 28) }

    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = minimumValueImage?.size else { return CGRect(x: bounds.minX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        guard let size = maximumValueImage?.size else { return CGRect(x: bounds.maxX, y: bounds.midY, width: 0, height: 0) }
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The 4-point track between the end images (8 points from each), centred down the bounds.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        let left = minimumValueImage == nil ? bounds.minX : minimumValueImageRect(forBounds: bounds).maxX + 8
        let right = maximumValueImage == nil ? bounds.maxX : maximumValueImageRect(forBounds: bounds).minX - 8
        return CGRect(x: left, y: bounds.midY - 2, width: Swift.max(0, right - left), height: 4)
    }

    /// The thumb for `value`: its centre travels the track less half a thumb at each end.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let size = thumbSize
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((value - minimumValue) / span) : 0
        let x = rect.minX + (rect.width - size.width) * fraction
        return CGRect(x: x, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }

    private func placeParts() {
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        thumb.frame = thumbFrame
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: Swift.max(0, thumbFrame.midX - track.minX), height: track.height)
        maximumTrack.frame = CGRect(x: thumbFrame.midX, y: track.minY, width: Swift.max(0, track.maxX - thumbFrame.midX), height: track.height)
        minimumImageView.frame = minimumValueImageRect(forBounds: bounds)
        maximumImageView.frame = maximumValueImageRect(forBounds: bounds)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeParts()
    }

    /// No width of its own; as tall as the thumb plus a few points (31).
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Swift.max(31, thumbSize.height))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width > 0 ? bounds.width : 118, height: intrinsicContentSize.height)
    }

    // MARK: Touches

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        // Only the thumb (with a little slop around it, as iOS gives) starts a drag.
        let thumbFrame = thumb.frame.insetBy(dx: -10, dy: -10)
        guard thumbFrame.contains(touch.location(in: self)) else { return false }
        dragStart = (touch.location(in: self).x, storedValue)
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let start = dragStart else { return false }
        let travel = trackRect(forBounds: bounds).width - thumbSize.width
        guard travel > 0 else { return true }
        let delta = Float((touch.location(in: self).x - start.x) / travel) * (maximumValue - minimumValue)
        let old = storedValue
        setValue(start.value + delta, animated: false)
        layoutIfNeeded()
        if isContinuous && storedValue != old { sendActions(for: .valueChanged) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let start = dragStart, !isContinuous, storedValue != start.value { sendActions(for: .valueChanged) }
        dragStart = nil
    }

    open override func cancelTracking(with event: UIEvent?) {
        dragStart = nil
    }

    // MARK: Accessibility

    /// A screen reader's swipe up: a tenth of the range up, as VoiceOver adjusts sliders (the value-changed actions
    /// run).
    open override func accessibilityIncrement() { accessibilityStep(1) }
    /// A screen reader's swipe down: a tenth of the range down.
    open override func accessibilityDecrement() { accessibilityStep(-1) }

    private func accessibilityStep(_ direction: Float) {
        guard isEnabled else { return }
        let old = storedValue
        setValue(storedValue + direction * (maximumValue - minimumValue) / 10, animated: false)
        if storedValue != old { sendActions(for: .valueChanged) }
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .adjustable : [.adjustable, .notEnabled] }
    /// The value as a percentage of the range, as iOS reads it ("50%").
    override var defaultAccessibilityValue: String? {
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? (storedValue - minimumValue) / span : 0
        return "\(Int((fraction * 100).rounded()))%"
    }
}
