import CoreGraphics
import Foundation
import VitrinePlatform

/// A pair of − and + buttons that step a value (UIKit's `UIStepper`), as iOS 13+ draws it: a 94x32 rounded grey
/// capsule split in two, the half that cannot step further greyed.
///
/// UIKit's defaults: value 0 in 0...100, steps of 1, continuous, autorepeating, not wrapping. A press steps once;
/// held, it repeats after half a second, ten times a second, and twenty times a second after two and a half seconds
/// of repeating. `.valueChanged` is sent for every step (`isContinuous`), or once when the finger lifts.
@preconcurrency @MainActor
open class UIStepper: UIControl {
    override class var fixedSize: CGSize? { CGSize(width: 94, height: 32) }

    /// The value, kept within `minimumValue...maximumValue`.
    open var value: Double {
        get { storedValue }
        set { storedValue = clamp(newValue); partsChanged() }
    }
    private var storedValue: Double = 0
    /// 0 by default (must stay below `maximumValue`).
    open var minimumValue: Double = 0 {
        didSet {
            precondition(minimumValue < maximumValue, "UIStepper.minimumValue must be less than maximumValue")
            value = storedValue
        }
    }
    /// 100 by default.
    open var maximumValue: Double = 100 {
        didSet {
            precondition(minimumValue < maximumValue, "UIStepper.maximumValue must be greater than minimumValue")
            value = storedValue
        }
    }
    /// 1 by default (must be positive).
    open var stepValue: Double = 1 {
        didSet { precondition(stepValue > 0, "UIStepper.stepValue must be greater than 0") }
    }
    /// Whether `.valueChanged` is sent at each step of an autorepeat (true) or once when the finger lifts.
    open var isContinuous = true
    /// Whether holding a half repeats (true by default).
    open var autorepeat = true
    /// Whether stepping past an end goes round to the other (false by default: it stops).
    open var wraps = false { didSet { partsChanged() } }

    private var backgroundImages: [UInt: UIImage] = [:]
    private var incrementImages: [UInt: UIImage] = [:]
    private var decrementImages: [UInt: UIImage] = [:]

    private let background = UIImageView()
    private let divider = UIView()
    private let minus = UIImageView()
    private let plus = UIImageView()
    /// The half being pressed (-1 or +1), and the autorepeat's timer and start.
    private var pressing: Double = 0
    private var repeatTimer: EventLoopTimer?
    private var repeatStarted: Double = 0
    private var valueAtTouch: Double = 0

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 94, height: 32)))
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isOpaque = false
        for part in [background, divider, minus, plus] as [UIView] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        background.layer.cornerRadius = 8
        background.clipsToBounds = true
        background.frame = CGRect(x: 0, y: 0, width: 94, height: 32)
        divider.frame = CGRect(x: 46.5, y: 8, width: 1, height: 16)
        minus.contentMode = .center
        plus.contentMode = .center
        minus.frame = CGRect(x: 0, y: 0, width: 47, height: 32)
        plus.frame = CGRect(x: 47, y: 0, width: 47, height: 32)
        partsChanged()
    }

    private func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v.isNaN ? minimumValue : v, minimumValue), maximumValue) }

    // MARK: Images per state

    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        if appearanceSetting(AppearanceKey.stepperBackgroundImage, UIStepper.setBackgroundImage, image, for: state) { return }
        backgroundImages[state.rawValue] = image
        partsChanged()
    }
    open func backgroundImage(for state: State) -> UIImage? { backgroundImages[state.rawValue] ?? backgroundImages[State.normal.rawValue] }
    open func setIncrementImage(_ image: UIImage?, for state: State) {
        if appearanceSetting(AppearanceKey.stepperIncrementImage, UIStepper.setIncrementImage, image, for: state) { return }
        incrementImages[state.rawValue] = image
        partsChanged()
    }
    open func incrementImage(for state: State) -> UIImage? { incrementImages[state.rawValue] ?? incrementImages[State.normal.rawValue] }
    open func setDecrementImage(_ image: UIImage?, for state: State) {
        if appearanceSetting(AppearanceKey.stepperDecrementImage, UIStepper.setDecrementImage, image, for: state) { return }
        decrementImages[state.rawValue] = image
        partsChanged()
    }
    open func decrementImage(for state: State) -> UIImage? { decrementImages[state.rawValue] ?? decrementImages[State.normal.rawValue] }

    /// The − and + glyphs iOS shows (template images: they take the colour of their half's state), drawn once.
    private static var drawnGlyphs: (minus: UIImage, plus: UIImage)?
    private static var glyphs: (minus: UIImage, plus: UIImage) {
        if let drawnGlyphs { return drawnGlyphs }
        func glyph(_ vertical: Bool) -> UIImage {
            UIGraphicsImageRenderer(size: CGSize(width: 16, height: 16)).image { _ in
                UIColor.black.setFill()
                UIBezierPath(roundedRect: CGRect(x: 1, y: 7, width: 14, height: 2), cornerRadius: 1).fill()
                if vertical { UIBezierPath(roundedRect: CGRect(x: 7, y: 1, width: 2, height: 14), cornerRadius: 1).fill() }
            }.withRenderingMode(.alwaysTemplate)
        }
        let made = (glyph(false), glyph(true))
        drawnGlyphs = made
        return made
    }

    private var canDecrement: Bool { isEnabled && (wraps || storedValue > minimumValue) }
    private var canIncrement: Bool { isEnabled && (wraps || storedValue < maximumValue) }

    private func partsChanged() {
        let halfState: (Bool, Bool) -> State = { pressed, enabled in
            enabled ? (pressed ? .highlighted : .normal) : .disabled
        }
        let minusState = halfState(isHighlighted && pressing < 0, canDecrement)
        let plusState = halfState(isHighlighted && pressing > 0, canIncrement)
        background.image = backgroundImage(for: isHighlighted ? .highlighted : (isEnabled ? .normal : .disabled))
        background.backgroundColor = background.image == nil ? UIColor(red: 118 / 255.0, green: 118 / 255.0, blue: 128 / 255.0, alpha: 0.12) : nil
        divider.backgroundColor = UIColor(red: 60 / 255.0, green: 60 / 255.0, blue: 67 / 255.0, alpha: 0.29)
        minus.image = decrementImage(for: minusState) ?? Self.glyphs.minus
        plus.image = incrementImage(for: plusState) ?? Self.glyphs.plus
        func color(_ s: State) -> UIColor { s == .disabled ? .tertiaryLabel : (s == .highlighted ? .secondaryLabel : .label) }
        minus.tintColor = color(minusState)
        plus.tintColor = color(plusState)
    }

    override func stateDidChange() {
        super.stateDidChange()
        partsChanged()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 94, height: 32) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 94, height: 32) }

    // MARK: Stepping

    /// A screen reader's swipe up: one step up, as a tap on "+" (the value-changed actions run).
    open override func accessibilityIncrement() { if isEnabled, step(1) { sendActions(for: .valueChanged) } }
    /// A screen reader's swipe down: one step down.
    open override func accessibilityDecrement() { if isEnabled, step(-1) { sendActions(for: .valueChanged) } }

    /// One step in `direction` (-1 or +1); whether the value changed.
    @discardableResult
    private func step(_ direction: Double) -> Bool {
        var next = storedValue + direction * stepValue
        if next > maximumValue { next = wraps ? minimumValue : maximumValue }
        if next < minimumValue { next = wraps ? maximumValue : minimumValue }
        guard next != storedValue else { return false }
        storedValue = next
        partsChanged()
        return true
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressing = touch.location(in: self).x < bounds.midX ? -1 : 1
        guard pressing < 0 ? canDecrement : canIncrement else {
            pressing = 0
            return false
        }
        valueAtTouch = storedValue
        if step(pressing), isContinuous { sendActions(for: .valueChanged) }
        if autorepeat {
            repeatTimer = UIApplication.shared.runLoop.schedule(after: 0.5) { [weak self] _ in self?.startRepeating() }
        }
        partsChanged()
        return true
    }

    private func startRepeating() {
        repeatStarted = UIApplication.shared.runLoop.clock.now
        scheduleRepeat(interval: 0.1)
        repeatStep()
    }

    private func scheduleRepeat(interval: Double) {
        repeatTimer?.invalidate()
        repeatTimer = UIApplication.shared.runLoop.schedule(after: interval, repeating: interval) { [weak self] _ in self?.repeatStep() }
    }

    /// A step of the autorepeat, faster once it has gone on for two and a half seconds (UIKit's acceleration).
    private func repeatStep() {
        guard pressing != 0, isTouchInside else { return }
        if step(pressing), isContinuous { sendActions(for: .valueChanged) }
        let elapsed = UIApplication.shared.runLoop.clock.now - repeatStarted
        if elapsed >= 2.5, repeatTimer?.interval == 0.1 { scheduleRepeat(interval: 0.05) }
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        partsChanged()
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        finishPress()
    }

    open override func cancelTracking(with event: UIEvent?) {
        finishPress()
    }

    private func finishPress() {
        repeatTimer?.invalidate()
        repeatTimer = nil
        if !isContinuous && storedValue != valueAtTouch { sendActions(for: .valueChanged) }
        pressing = 0
        partsChanged()
    }

    // MARK: Accessibility

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .adjustable : [.adjustable, .notEnabled] }
    override var defaultAccessibilityValue: String? {
        storedValue == storedValue.rounded() ? String(Int(storedValue)) : String(storedValue)
    }
}
