import CoreGraphics
import Foundation

/// A row of segments, one selected (UIKit's `UISegmentedControl`), as iOS 13+ draws it: a grey rounded track,
/// hairline separators, and a white raised pill under the selected segment that slides to a newly selected one.
///
/// A segment is chosen when the finger lifts on it, sending `.valueChanged`; setting `selectedSegmentIndex` sends
/// nothing. A momentary control shows the segment only while it is touched. Segments share the width equally unless
/// `apportionsSegmentWidthsByContent` (or a width set for a segment) says otherwise.
@preconcurrency @MainActor
open class UISegmentedControl: UIControl {
    /// `selectedSegmentIndex` when no segment is selected.
    public static let noSegment = -1

    @MainActor private struct Segment {
        var title: String?
        var image: UIImage?
        var isEnabled = true
        /// 0: automatic.
        var width: CGFloat = 0
        let label: UILabel
        let imageView: UIImageView
        init() {
            label = UILabel()
            imageView = UIImageView()
        }
    }

    private var segments: [Segment] = []
    private var storedSelection = UISegmentedControl.noSegment
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// The segment a finger is on (momentary controls show it).
    private var touchedSegment: Int?

    /// Show the touched segment only while it is touched (no lasting selection shown).
    open var isMomentary = false { didSet { partsChanged() } }
    /// Segments as wide as their content (true) or equal (false, the default).
    open var apportionsSegmentWidthsByContent = false { didSet { contentChanged() } }
    /// The pill's colour when the app sets none: white, and iOS's grey (#636366) in the dark.
    static let defaultPillColor = UIColor { $0.userInterfaceStyle == .dark ? UIColor(red: 99 / 255, green: 99 / 255, blue: 102 / 255, alpha: 1) : .white }
    /// The selected segment's pill (white, or grey in the dark, when nil).
    open var selectedSegmentTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.segmentedSelectedTint, \UISegmentedControl.selectedSegmentTintColor, selectedSegmentTintColor) { return }
            partsChanged()
        }
    }

    private let track = UIView()
    let pill = UIView()
    private var separators: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    /// Segments for `items`: strings become titles, images become images.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let image = item as? UIImage {
                insertSegment(with: image, at: segments.count, animated: false)
            } else {
                insertSegment(withTitle: "\(item)", at: segments.count, animated: false)
            }
        }
        frame.size = intrinsicContentSize
    }

    /// Segments for `actions` (iOS 14): each runs its action when selected.
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        for action in actions {
            insertSegment(withTitle: action.title, at: segments.count, animated: false)
            segmentActions.append(action)
        }
        addAction(UIAction { [weak self] _ in
            guard let self, self.storedSelection >= 0, self.storedSelection < self.segmentActions.count else { return }
            self.sendAction(self.segmentActions[self.storedSelection])
        }, for: .valueChanged)
    }
    private var segmentActions: [UIAction] = []

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isOpaque = false
        track.isUserInteractionEnabled = false
        track.layer.cornerRadius = 9
        track.backgroundColor = UIColor(red: 118 / 255.0, green: 118 / 255.0, blue: 128 / 255.0, alpha: 0.12)
        addSubview(track)
        pill.isUserInteractionEnabled = false
        pill.layer.cornerRadius = 7
        pill.layer.shadowColor = UIColor.black.cgColor
        pill.layer.shadowOpacity = 0.12
        pill.layer.shadowRadius = 4
        pill.layer.shadowOffset = CGSize(width: 0, height: 3)
        addSubview(pill)
    }

    override var primaryActionEvents: Event { .valueChanged }

    // MARK: Segments

    open var numberOfSegments: Int { segments.count }

    /// The selected segment, or `noSegment`; out-of-range values select nothing.
    open var selectedSegmentIndex: Int {
        get { storedSelection }
        set {
            storedSelection = newValue >= 0 && newValue < segments.count ? newValue : Self.noSegment
            partsChanged()
            setNeedsLayout()
        }
    }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        var s = Segment()
        s.title = title
        insert(s, at: segment)
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        var s = Segment()
        s.image = image
        insert(s, at: segment)
    }

    private func insert(_ s: Segment, at index: Int) {
        let i = Swift.min(Swift.max(0, index), segments.count)
        s.label.isUserInteractionEnabled = false
        s.label.textAlignment = .center
        s.label.lineBreakMode = .byTruncatingTail
        s.imageView.contentMode = .center
        addSubview(s.imageView)
        addSubview(s.label)
        segments.insert(s, at: i)
        if storedSelection >= i { storedSelection += 1 }
        contentChanged()
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segment >= 0 && segment < segments.count else { return }
        let s = segments.remove(at: segment)
        s.label.removeFromSuperview()
        s.imageView.removeFromSuperview()
        if storedSelection == segment { storedSelection = Self.noSegment } else if storedSelection > segment { storedSelection -= 1 }
        contentChanged()
    }

    open func removeAllSegments() {
        while !segments.isEmpty { removeSegment(at: 0, animated: false) }
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        contentChanged()
    }

    open func titleForSegment(at segment: Int) -> String? { segments.indices.contains(segment) ? segments[segment].title : nil }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        contentChanged()
    }

    open func imageForSegment(at segment: Int) -> UIImage? { segments.indices.contains(segment) ? segments[segment].image : nil }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        partsChanged()
    }

    open func isEnabledForSegment(at segment: Int) -> Bool { segments.indices.contains(segment) ? segments[segment].isEnabled : false }

    /// A fixed width for `segment` (0: automatic).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = Swift.max(0, width)
        contentChanged()
    }

    open func widthForSegment(at segment: Int) -> CGFloat { segments.indices.contains(segment) ? segments[segment].width : 0 }

    /// Attributes of the titles in `state` (`.normal`, `.selected`, `.disabled`; font and foreground colour).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
        if appearanceSetting(AppearanceKey.segmentedTitleAttributes, UISegmentedControl.setTitleTextAttributes, attributes, for: state) { return }
        titleAttributes[state.rawValue] = attributes
        partsChanged()
    }

    open func titleTextAttributes(for state: State) -> [NSAttributedString.Key: Any]? { titleAttributes[state.rawValue] }

    // MARK: Look

    private func contentChanged() {
        partsChanged()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func partsChanged() {
        while separators.count < Swift.max(0, segments.count - 1) {
            let line = UIView()
            line.isUserInteractionEnabled = false
            line.isOpaque = false // translucent, and faded out beside the selected segment
            line.backgroundColor = UIColor(red: 60 / 255.0, green: 60 / 255.0, blue: 67 / 255.0, alpha: 0.3)
            insertSubview(line, aboveSubview: track)
            separators.append(line)
        }
        while separators.count > Swift.max(0, segments.count - 1) { separators.removeLast().removeFromSuperview() }
        let shown = shownSelection
        pill.backgroundColor = selectedSegmentTintColor ?? Self.defaultPillColor
        pill.isHidden = shown == nil
        for (i, s) in segments.enumerated() {
            let state: State = !isEnabled || !s.isEnabled ? .disabled : (i == shown ? .selected : .normal)
            let attributes = titleAttributes[state.rawValue] ?? titleAttributes[State.normal.rawValue] ?? [:]
            s.label.font = attributes[.font] as? UIFont ?? .systemFont(ofSize: 13, weight: state == .selected ? .semibold : .regular)
            s.label.textColor = attributes[.foregroundColor] as? UIColor ?? (state == .disabled ? .tertiaryLabel : .label)
            s.label.text = s.title
            s.imageView.image = s.image.map { $0.renderingMode == .automatic ? $0.withRenderingMode(.alwaysTemplate) : $0 }
            s.imageView.tintColor = state == .disabled ? .tertiaryLabel : .label
        }
    }

    /// The segment drawn selected: the selection, or for a momentary control the touched segment.
    private var shownSelection: Int? {
        if isMomentary { return touchedSegment }
        return storedSelection >= 0 ? storedSelection : nil
    }

    override func stateDidChange() {
        super.stateDidChange()
        partsChanged()
    }

    private func contentWidth(_ s: Segment) -> CGFloat {
        if let image = s.image { return image.size.width }
        let unbounded = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
        return s.label.sizeThatFits(unbounded).width
    }

    /// Each segment's width in `total` points: set widths as set; the rest by content (apportioned) or equally.
    private func widths(in total: CGFloat) -> [CGFloat] {
        let fixed = segments.reduce(0) { $0 + $1.width }
        let free = segments.filter { $0.width == 0 }
        let room = Swift.max(0, total - fixed)
        let contents = free.map { contentWidth($0) + 16 }
        let contentTotal = contents.reduce(0, +)
        var k = 0
        return segments.map { s in
            if s.width > 0 { return s.width }
            defer { k += 1 }
            if apportionsSegmentWidthsByContent && contentTotal > 0 { return room * contents[k] / contentTotal }
            return free.isEmpty ? 0 : room / CGFloat(free.count)
        }
    }

    private func segmentFrames() -> [CGRect] {
        var x: CGFloat = 0
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var frames = widths(in: bounds.width).map { w -> CGRect in
            defer { x += w }
            return CGRect(x: x, y: 0, width: w, height: bounds.height)
        }
        if rtl { frames = frames.map { CGRect(x: bounds.width - $0.maxX, y: 0, width: $0.width, height: $0.height) } }
        return frames
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        track.frame = bounds
        let frames = segmentFrames()
        for (i, s) in segments.enumerated() {
            let inner = frames[i].insetBy(dx: 4, dy: 2)
            s.label.frame = inner
            s.imageView.frame = inner
        }
        for (i, line) in separators.enumerated() {
            let edge = effectiveUserInterfaceLayoutDirection == .rightToLeft ? frames[i].minX : frames[i].maxX
            line.frame = CGRect(x: edge - 0.5, y: bounds.height * 0.25, width: 1, height: bounds.height * 0.5)
            // Separators beside the pill are hidden, as on iOS.
            let shown = shownSelection
            line.alpha = shown == i || shown == i + 1 ? 0 : 1
        }
        if let shown = shownSelection, frames.indices.contains(shown) {
            pill.frame = frames[shown].insetBy(dx: 2, dy: 2)
        }
    }

    /// Equal segments as wide as the widest content plus 16, or each its content plus 16 when apportioned; 32 high.
    open override var intrinsicContentSize: CGSize {
        let contents = segments.map { $0.width > 0 ? $0.width : contentWidth($0) + 16 }
        let width = apportionsSegmentWidthsByContent ? contents.reduce(0, +) : (contents.max() ?? 0) * CGFloat(segments.count)
        return CGSize(width: ceil(width), height: 32)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Touches

    private func segment(at point: CGPoint) -> Int? {
        segmentFrames().firstIndex { $0.minX <= point.x && point.x < $0.maxX }
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let i = segment(at: touch.location(in: self)), segments[i].isEnabled else { return false }
        touchedSegment = i
        if isMomentary { partsChanged(); setNeedsLayout() }
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let i = segment(at: touch.location(in: self))
        touchedSegment = i.flatMap { segments[$0].isEnabled ? $0 : nil }
        if isMomentary { partsChanged(); setNeedsLayout() }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let chosen = isTouchInside ? touchedSegment : nil
        touchedSegment = nil
        if let chosen, chosen != storedSelection || isMomentary {
            storedSelection = chosen
            partsChanged()
            // The pill slides to the new segment.
            UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 0,
                           options: [.beginFromCurrentState, .allowUserInteraction], animations: { self.layoutIfNeeded() })
            sendActions(for: .valueChanged)
        } else {
            partsChanged()
        }
        setNeedsLayout()
    }

    open override func cancelTracking(with event: UIEvent?) {
        touchedSegment = nil
        partsChanged()
        setNeedsLayout()
    }

    override var defaultIsAccessibilityElement: Bool { false }
    private var segmentElements: [UIAccessibilityElement] = []

    /// Each segment is an element of its own, as VoiceOver reads them: a button named by its title, selected when it
    /// is the selected segment, dimmed when disabled (unless the app lists elements itself).
    open override var accessibilityElements: [Any]? {
        get {
            if let listed = super.accessibilityElements { return listed }
            let frames = segmentFrames()
            // The same objects each time (a screen reader finds its focus among them), refreshed.
            while segmentElements.count < segments.count { segmentElements.append(UIAccessibilityElement(accessibilityContainer: self)) }
            segmentElements.removeLast(segmentElements.count - segments.count)
            return segments.indices.map { i -> UIAccessibilityElement in
                let element = segmentElements[i]
                element.accessibilityLabel = segments[i].title
                var traits: UIAccessibilityTraits = .button
                if i == storedSelection { traits.insert(.selected) }
                if !isEnabled || !segments[i].isEnabled { traits.insert(.notEnabled) }
                element.accessibilityTraits = traits
                element.accessibilityValue = "\(i + 1) of \(segments.count)"
                if frames.indices.contains(i) { element.accessibilityFrameInContainerSpace = frames[i] }
                return element
            }
        }
        set { super.accessibilityElements = newValue }
    }
}
