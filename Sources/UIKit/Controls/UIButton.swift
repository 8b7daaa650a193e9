import CoreGraphics
import Foundation
import VitrinePlatform

/// A control that runs an action when tapped (UIKit's `UIButton`): a title and an image per state, on an optional
/// background image, laid out inside `contentEdgeInsets` by the control's content alignments; or, from iOS 15, drawn
/// from a `UIButton.Configuration`.
///
/// Per-state values follow UIKit's rule: a value not set for the current state is the `.normal` state's. The system
/// type (`UIButton(type: .system)`) shows its title and template images in the tint colour, dims them while
/// highlighted and fades them back when released; the custom type shows white titles and images as they are.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// The kinds of button `init(type:)` makes (UIKit's values).
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, plain, close
        /// The old name of `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    /// What the button does, for its look (iOS 14): `.primary` and `.cancel` make the title bold in configurations.
    public enum Role: Int, Sendable {
        case normal, primary, cancel, destructive
    }

    /// The type the button was made with.
    public private(set) var buttonType: ButtonType = .custom
    /// `.normal` by default.
    open var role: Role = .normal { didSet { contentChanged() } }

    // Per-state content, by the state's raw value.
    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var titleShadowColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// Space around the title and image together (UIKit's `contentEdgeInsets`; counted in the button's size).
    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet {
            if appearanceSetting(AppearanceKey.buttonContentEdgeInsets, \UIButton.contentEdgeInsets, contentEdgeInsets) { return }
            contentChanged()
        }
    }
    /// Moves the title's rectangle (each inset moves that edge in; not counted in the button's size).
    open var titleEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }
    /// Moves the image's rectangle, as `titleEdgeInsets` moves the title's.
    open var imageEdgeInsets: UIEdgeInsets = .zero { didSet { setNeedsLayout() } }

    private var label: UILabel?
    private var image: UIImageView?
    private var background: UIImageView?
    /// The configuration's own parts (background, subtitle), when it has them.
    var configurationParts = ConfigurationParts()
    /// Whether a system button's content is faded for the highlight now.
    private var dimmedForHighlight = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    /// A button of `buttonType` (the types with a glyph of their own — info, detail disclosure, add, close — show it
    /// and take its size).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        if let glyph = ButtonGlyph(type: buttonType) {
            setImage(glyph.image, for: .normal)
            frame.size = intrinsicContentSize
        }
        contentChanged()
    }

    /// A button with the system type running `primaryAction` when tapped, titled with its title and image.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            addAction(primaryAction, for: .primaryActionTriggered)
            setTitle(primaryAction.title.isEmpty ? nil : primaryAction.title, for: .normal)
            setImage(primaryAction.image, for: .normal)
        }
    }

    private func commonInit() {
        isOpaque = false
    }

    override var primaryActionEvents: Event { showsMenuAsPrimaryAction && menu != nil ? [] : .touchUpInside }

    // MARK: Menu

    /// A menu the button shows: on a tap when `showsMenuAsPrimaryAction`, else when held for half a second.
    open var menu: UIMenu?
    /// Whether a tap shows `menu` (instead of sending the primary action).
    open var showsMenuAsPrimaryAction = false
    private var menuTimer: EventLoopTimer?

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if menu != nil && !showsMenuAsPrimaryAction {
            menuTimer = UIApplication.shared.runLoop.schedule(after: 0.5) { [weak self] _ in
                guard let self, let menu = self.menu, self.isTracking, self.isTouchInside else { return }
                // Held: the menu takes the touch over; the tap's actions are not sent.
                self.abandonTracking()
                MenuOverlay.present(menu, from: self)
            }
        }
        return super.beginTracking(touch, with: event)
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        menuTimer?.invalidate()
        menuTimer = nil
        super.endTracking(touch, with: event)
        if showsMenuAsPrimaryAction, let menu, isTouchInside { MenuOverlay.present(menu, from: self) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        menuTimer?.invalidate()
        menuTimer = nil
        super.cancelTracking(with: event)
    }

    // MARK: Per-state content

    private func lookup<T>(_ table: [UInt: T], _ state: State) -> T? {
        table[state.rawValue] ?? table[State.normal.rawValue]
    }

    /// Sets the title for `state` (`nil` removes it: the state falls back to `.normal`'s).
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        contentChanged()
    }

    open func title(for state: State) -> String? { lookup(titles, state) }

    /// Sets a styled title for `state`; it wins over the plain title and title colour where set.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title
        contentChanged()
    }

    open func attributedTitle(for state: State) -> NSAttributedString? { lookup(attributedTitles, state) }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        if appearanceSetting(AppearanceKey.buttonTitleColor, UIButton.setTitleColor, color, for: state) { return }
        titleColors[state.rawValue] = color
        contentChanged()
    }

    /// The title colour for `state`: set for it, else `.normal`'s, else the type's (white for custom buttons, the
    /// tint for the others, grey when disabled).
    open func titleColor(for state: State) -> UIColor? {
        if let set = titleColors[state.rawValue] { return set }
        if state.contains(.disabled), buttonType != .custom { return .systemGray3 }
        return titleColors[State.normal.rawValue] ?? (buttonType == .custom ? .white : tintColor)
    }

    /// The title's shadow colour for `state` (drawn at `titleLabel?.shadowOffset`).
    open func setTitleShadowColor(_ color: UIColor?, for state: State) {
        if appearanceSetting(AppearanceKey.buttonTitleShadowColor, UIButton.setTitleShadowColor, color, for: state) { return }
        titleShadowColors[state.rawValue] = color
        contentChanged()
    }

    open func titleShadowColor(for state: State) -> UIColor? { lookup(titleShadowColors, state) }
    open var currentTitleShadowColor: UIColor? { titleShadowColor(for: state) }

    open func setImage(_ image: UIImage?, for state: State) {
        if appearanceSetting(AppearanceKey.buttonImage, UIButton.setImage, image, for: state) { return }
        images[state.rawValue] = image
        contentChanged()
    }

    open func image(for state: State) -> UIImage? { lookup(images, state) }

    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        if appearanceSetting(AppearanceKey.buttonBackgroundImage, UIButton.setBackgroundImage, image, for: state) { return }
        backgroundImages[state.rawValue] = image
        contentChanged()
    }

    open func backgroundImage(for state: State) -> UIImage? { lookup(backgroundImages, state) }

    open var currentTitle: String? { title(for: state) }
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    open var currentImage: UIImage? { image(for: state) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    /// The label that shows the title (made on first use; in the button while there is a title).
    open var titleLabel: UILabel? {
        if let label { return label }
        let made = UILabel()
        made.font = .systemFont(ofSize: 15)
        made.lineBreakMode = .byTruncatingMiddle
        label = made
        return made
    }

    /// The view that shows the image (made on first use; in the button while there is an image).
    open var imageView: UIImageView? {
        if let image { return image }
        let made = UIImageView()
        made.contentMode = .center
        image = made
        return made
    }

    // MARK: State

    override func stateDidChange() {
        super.stateDidChange()
        if automaticallyUpdatesConfiguration, configuration != nil || configurationUpdateHandler != nil { setNeedsUpdateConfiguration() }
        contentChanged()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if configuration != nil { setNeedsUpdateConfiguration() }
        contentChanged()
    }

    /// Whether the content shows its state by fading (the types drawn in the tint, as iOS's system button).
    private var fadesWhenHighlighted: Bool { buttonType != .custom && configuration == nil }

    /// Brings the subviews up to the state's content.
    func contentChanged() {
        if configuration != nil {
            applyConfiguration()
        } else {
            applyStateContent()
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func applyStateContent() {
        let title = currentAttributedTitle ?? currentTitle.map { NSAttributedString(string: $0) }
        if let title, title.length > 0 {
            let label = titleLabel!
            if let attributed = currentAttributedTitle {
                label.attributedText = attributed
            } else {
                label.text = title.string
                label.textColor = currentTitleColor
            }
            label.shadowColor = currentTitleShadowColor
            if label.superview !== self { addSubview(label) }
        } else {
            label?.removeFromSuperview()
        }
        if let shown = currentImage {
            let view = imageView!
            view.image = buttonType != .custom && shown.renderingMode == .automatic ? shown.withRenderingMode(.alwaysTemplate) : shown
            view.tintColor = state.contains(.disabled) && buttonType != .custom ? .systemGray3 : nil
            if view.superview !== self { addSubview(view) }
        } else {
            image?.removeFromSuperview()
        }
        if let shown = currentBackgroundImage {
            if background == nil {
                let made = UIImageView()
                made.contentMode = .scaleToFill
                background = made
            }
            background!.image = shown
            if background!.superview !== self { insertSubview(background!, at: 0) }
        } else {
            background?.removeFromSuperview()
        }
        updateHighlightFade()
    }

    /// A system button's title and image fade to 20% while a touch is down on it, and back over a quarter second when
    /// it lifts (at once when the highlight goes without a touch).
    private func updateHighlightFade() {
        let shouldDim = fadesWhenHighlighted && isHighlighted
        guard shouldDim != dimmedForHighlight else { return }
        dimmedForHighlight = shouldDim
        let views = [label, image].compactMap { $0 }
        if shouldDim {
            UIView.performWithoutAnimation { for v in views { v.alpha = 0.2 } }
        } else {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState],
                           animations: { for v in views { v.alpha = 1 } })
        }
    }

    // MARK: Layout

    /// The rectangle the background image fills.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rectangle the title and image are placed in: the bounds inside `contentEdgeInsets`.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }

    /// Where the title goes in `contentRect` (after the image, both placed together by the content alignments).
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        placement(in: contentRect).title.inset(by: titleEdgeInsets)
    }

    /// Where the image goes in `contentRect`.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        placement(in: contentRect).image.inset(by: imageEdgeInsets)
    }

    private var titleSize: CGSize {
        guard let label, label.superview === self else { return .zero }
        return label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }

    private var imageSize: CGSize {
        guard let image, image.superview === self else { return .zero }
        return image.image?.size ?? .zero
    }

    /// The image then the title (the title first right to left), as one block placed by the content alignments; a
    /// title too long for what is left is narrowed (and truncated in the middle).
    private func placement(in content: CGRect) -> (image: CGRect, title: CGRect) {
        let i = imageSize
        var t = titleSize
        t.width = max(0, min(t.width, content.width - i.width))
        t.height = min(t.height, content.height)
        let total = i.width + t.width
        var x: CGFloat
        switch effectiveContentHorizontalAlignment {
        case .left, .fill: x = content.minX
        case .right: x = content.maxX - total
        default: x = content.minX + (content.width - total) / 2
        }
        if effectiveContentHorizontalAlignment == .fill { t.width = max(0, content.width - i.width) }
        // With no content insets, UIKit keeps the 6 points its sizing puts above and below a title wherever the
        // content is aligned (a button sized to fit, then made taller, keeps its title off the edge).
        let titlePad: CGFloat = contentEdgeInsets == .zero && t.height > 0 ? min(6, max(0, (content.height - t.height) / 2)) : 0
        func y(_ height: CGFloat, pad: CGFloat = 0) -> CGFloat {
            switch contentVerticalAlignment {
            case .top, .fill: return content.minY + pad
            case .bottom: return content.maxY - height - pad
            case .center: return content.minY + (content.height - height) / 2
            }
        }
        let imageHeight = contentVerticalAlignment == .fill ? content.height : i.height
        let titleHeight = contentVerticalAlignment == .fill ? content.height - 2 * titlePad : t.height
        var imageRect = CGRect(x: x, y: y(imageHeight), width: i.width, height: imageHeight)
        var titleRect = CGRect(x: x + i.width, y: y(titleHeight, pad: titlePad), width: t.width, height: titleHeight)
        if effectiveUserInterfaceLayoutDirection == .rightToLeft {
            titleRect.origin.x = x
            imageRect.origin.x = x + t.width
        }
        return (imageRect, titleRect)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if needsConfigurationUpdate { updateConfiguration() }
        if configuration != nil {
            layoutConfiguration()
            return
        }
        background?.frame = backgroundRect(forBounds: bounds)
        let content = contentRect(forBounds: bounds)
        if let image, image.superview === self { image.frame = imageRect(forContentRect: content) }
        if let label, label.superview === self { label.frame = titleRect(forContentRect: content) }
    }

    /// UIKit's sizing: the title with 6 points above and below, beside the image, inside `contentEdgeInsets`; as big
    /// as the background image at least; 30 by 34 points with nothing to show.
    open override var intrinsicContentSize: CGSize {
        if configuration != nil { return configurationSize() }
        let t = titleSize, i = imageSize
        var size: CGSize
        if t == .zero && i == .zero {
            size = CGSize(width: 30, height: 34)
        } else {
            size = CGSize(width: t.width + i.width, height: max(t.height > 0 ? t.height + 12 : 0, i.height))
        }
        size.width += contentEdgeInsets.left + contentEdgeInsets.right
        size.height += contentEdgeInsets.top + contentEdgeInsets.bottom
        if let b = currentBackgroundImage?.size {
            size.width = max(size.width, b.width)
            size.height = max(size.height, b.height)
        }
        return CGSize(width: ceil(size.width), height: ceil(size.height))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Accessibility

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? {
        configuration?.title ?? currentTitle
    }
    override var defaultAccessibilityTraits: UIAccessibilityTraits {
        var traits: UIAccessibilityTraits = .button
        if !isEnabled { traits.insert(.notEnabled) }
        if isSelected { traits.insert(.selected) }
        return traits
    }

    // MARK: Configuration storage

    /// The iOS 15 configuration, when the button is drawn from one (see UIButton+Configuration.swift).
    open var configuration: Configuration? {
        didSet {
            if configuration == nil { tearDownConfiguration() }
            contentChanged()
        }
    }
    /// Runs when the button's state changes, to update `configuration` (iOS 15).
    open var configurationUpdateHandler: ((UIButton) -> Void)? { didSet { setNeedsUpdateConfiguration() } }
    /// Whether a change of state (highlighted, selected, disabled) updates the configuration by itself (through
    /// `updateConfiguration()` and `configurationUpdateHandler`); `false` leaves it to `setNeedsUpdateConfiguration()`.
    open var automaticallyUpdatesConfiguration = true
    var needsConfigurationUpdate = false

    /// Asks for `updateConfiguration()` before the next layout (state changes ask for it themselves).
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Runs `configurationUpdateHandler`, which may change `configuration` for the current state.
    open func updateConfiguration() {
        needsConfigurationUpdate = false
        configurationUpdateHandler?(self)
    }
}
