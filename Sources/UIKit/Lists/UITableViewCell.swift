import CoreGraphics
import Foundation

/// A row of a table view (UIKit's `UITableViewCell`): a content view (the system styles' labels and image, or a
/// content configuration's view, or the app's own subviews), an accessory at the trailing edge, and the
/// backgrounds that show its selection.
///
/// Tables make cells of a registered class through `init(registeredWithReuseIdentifier:)`, which calls
/// `init(style: .default, reuseIdentifier:)` — the initializer subclasses override, as on iOS. (Swift makes an
/// instance of a class known only at run time through a `required` initializer; this one is inherited by every
/// subclass that overrides `init(style:reuseIdentifier:)` and `init?(coder:)`, or neither.)
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The system layouts of a cell's labels.
    public enum CellStyle: Int, Sendable {
        /// A text and an optional image.
        case `default`
        /// The text, with the detail text at the trailing edge in grey.
        case value1
        /// A small blue text in a column, then the detail text.
        case value2
        /// The text with a smaller detail text under it.
        case subtitle
    }

    /// The standard accessories.
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// How a selected cell shows it.
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }

    /// The editing control shown while editing.
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    public let reuseIdentifier: String?
    let style: CellStyle

    /// The view the cell's content goes in (inset from the accessory).
    public let contentView = UIView()
    private var systemTextLabel: UILabel?
    private var systemDetailLabel: UILabel?
    private var systemImageView: UIImageView?
    private var configuredView: (any UIView & UIContentView)?

    // The system labels and image are the cell's content until a content configuration replaces them: setting one
    // resets them to nil (UIKit: "mutually exclusive with a content configuration"), and while it is set they are
    // nil, so old code that reaches for them changes nothing on screen.

    /// The main text (the system styles); nil while the cell has a `contentConfiguration`.
    open var textLabel: UILabel? {
        guard contentConfiguration == nil else { return nil }
        if let l = systemTextLabel { return l }
        let l = UILabel()
        l.font = style == .value2 ? .boldSystemFont(ofSize: 12) : .systemFont(ofSize: 17)
        l.textColor = style == .value2 ? .systemBlue : .label
        if style == .value2 { l.textAlignment = .right }
        contentView.addSubview(l)
        systemTextLabel = l
        setNeedsLayout()
        return l
    }

    /// The secondary text (nil in the default style, and while the cell has a `contentConfiguration`).
    open var detailTextLabel: UILabel? {
        guard style != .default, contentConfiguration == nil else { return nil }
        if let l = systemDetailLabel { return l }
        let l = UILabel()
        switch style {
        case .subtitle: l.font = .systemFont(ofSize: 15); l.textColor = .secondaryLabel
        case .value1: l.font = .systemFont(ofSize: 17); l.textColor = .secondaryLabel; l.textAlignment = .right
        default: l.font = .systemFont(ofSize: 15); l.textColor = .label
        }
        contentView.addSubview(l)
        systemDetailLabel = l
        setNeedsLayout()
        return l
    }

    /// The image at the leading edge (the system styles but value2); nil while the cell has a `contentConfiguration`.
    open var imageView: UIImageView? {
        guard style != .value2, contentConfiguration == nil else { return nil }
        if let v = systemImageView { return v }
        let v = UIImageView()
        contentView.addSubview(v)
        systemImageView = v
        setNeedsLayout()
        return v
    }

    /// A standard accessory (ignored while `accessoryView` is set).
    open var accessoryType: AccessoryType = .none { didSet { if accessoryType != oldValue { accessoryChanged() } } }
    /// A view of the app's at the trailing edge.
    open var accessoryView: UIView? {
        didSet {
            guard accessoryView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            accessoryChanged()
        }
    }
    private var systemAccessory: UIView?

    /// How selection shows.
    open var selectionStyle: SelectionStyle = .default { didSet { showSelection(animated: false) } }
    /// Drawn behind the content (nil: the table's cell background).
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = backgroundView { insertSubview(v, at: 0); backgroundConfiguration = nil }
            setNeedsLayout()
        }
    }
    /// Drawn behind the content while selected or highlighted (a grey fill by default).
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if selectedBackgroundView != nil { backgroundConfiguration = nil }
            showSelection(animated: false)
        }
    }
    /// Whether the default selected background exists (it is made the first time the cell is selected).
    private var defaultBackgroundMade = false
    private lazy var defaultSelectedBackground: UIView = {
        let v = UIView()
        v.backgroundColor = .systemGray4
        v.isOpaque = false // (it fades)
        roundGroupCorners(v)
        return v
    }()

    private func roundGroupCorners(_ v: UIView) {
        v.layer.cornerRadius = groupCorners.isEmpty ? 0 : 10
        v.layer.maskedCorners = groupCorners
    }

    /// Where the separator under this cell starts and ends (left and right are used).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { table?.setNeedsLayout() } }
    /// The indentation of the content.
    open var indentationLevel = 0
    open var indentationWidth: CGFloat = 10

    /// Whether the row is selected.
    open var isSelected: Bool {
        get { selectedState }
        set { setSelected(newValue, animated: false) }
    }
    private var selectedState = false
    /// Whether a finger is on the row.
    open var isHighlighted: Bool {
        get { highlightedState }
        set { setHighlighted(newValue, animated: false) }
    }
    private var highlightedState = false
    /// Whether the table is editing.
    open var isEditing: Bool {
        get { editingState }
        set { setEditing(newValue, animated: false) }
    }
    private var editingState = false

    /// The content shown through a configuration (`defaultContentConfiguration()`): replaces the system labels.
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { applyContentConfiguration() }
    }
    /// Whether the configuration is updated for the cell's state as it changes.
    open var automaticallyUpdatesContentConfiguration = true

    /// The background as a configuration (nil, the default: `backgroundColor` and the background views, which
    /// look the same). Setting one hides those; setting a background view resets it.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet {
            if let c = backgroundConfiguration {
                if let view = configurationBackground {
                    view.configuration = c
                } else {
                    let view = BackgroundConfigurationView(configuration: c)
                    insertSubview(view, at: 0)
                    configurationBackground = view
                    backgroundView = nil
                    selectedBackgroundView = nil
                    if defaultBackgroundMade { defaultSelectedBackground.removeFromSuperview() }
                }
            } else {
                configurationBackground?.removeFromSuperview()
                configurationBackground = nil
            }
            setNeedsLayout()
        }
    }
    /// Whether `updated(for:)` is applied to the background configuration as the state changes.
    open var automaticallyUpdatesBackgroundConfiguration = true
    public typealias ConfigurationUpdateHandler = (UITableViewCell, UICellConfigurationState) -> Void
    /// Runs after `updateConfiguration(using:)` whenever the configuration is updated.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    private var configurationBackground: BackgroundConfigurationView?
    private var needsConfigurationUpdate = true
    /// The corners of an inset-grouped section's card this row has (the table sets them): selection rounds them.
    var groupCorners: CACornerMask = [] {
        didSet {
            guard groupCorners != oldValue else { return }
            if defaultBackgroundMade { roundGroupCorners(defaultSelectedBackground) }
            setNeedsLayout()
        }
    }

    weak var table: UITableView?

    /// A cell of `style` for the reuse queue `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        commonInit()
    }

    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(coder: coder)
        commonInit()
    }

    /// A default-style cell without a reuse identifier, with `frame`.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// How a table makes a cell of a registered class: `init(style: .default, reuseIdentifier:)`.
    public required convenience init(registeredWithReuseIdentifier reuseIdentifier: String?) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    private func commonInit() {
        backgroundColor = .systemBackground
        addSubview(contentView)
        isOpaque = false // (tables fade rows in and out)
    }

    /// The configuration of this cell's style with nothing in it, to fill and set as `contentConfiguration`.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .subtitle: return .subtitleCell()
        case .value1, .value2: return .valueCell()
        case .default: return .cell()
        }
    }

    /// Called before the table hands the cell out again: clear what the last row set. (The selection and
    /// highlight are cleared by the table.)
    open func prepareForReuse() {}

    /// Sets the selection, animating the selected background's fade when `animated`.
    open func setSelected(_ selected: Bool, animated: Bool) {
        selectedState = selected
        showSelection(animated: animated)
    }

    /// Sets the highlight (a finger is on the row).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        highlightedState = highlighted
        showSelection(animated: animated)
    }

    /// Sets editing: the row's editing control (a red minus to delete, a green plus to insert) comes in at the
    /// leading edge, and the reorder grip at the trailing edge where the row may move.
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingState = editing
        updateEditingControls()
        if animated, window != nil {
            UIView.animate(withDuration: 0.3) { self.setNeedsLayout(); self.layoutIfNeeded() }
        } else {
            setNeedsLayout()
        }
    }

    /// Whether the reorder grip shows while editing (the table sets it from `canMoveRowAt`).
    open var showsReorderControl = false { didSet { updateEditingControls() } }
    /// The editing control's kind while editing (the table sets it from the delegate's editing style).
    var editingControlStyle: EditingStyle = .none { didSet { updateEditingControls() } }
    private(set) var editingControl: UIButton?
    private(set) var reorderControl: UIImageView?
    /// How far the content moves in for the editing control.
    static let editingIndent: CGFloat = 38

    private func updateEditingControls() {
        let wantsControl = editingState && editingControlStyle != .none
        if wantsControl, editingControl == nil {
            let button = UIButton(type: .custom)
            button.addAction(UIAction { [weak self] _ in
                guard let self else { return }
                self.table?.editingControlTapped(self)
            }, for: .touchUpInside)
            addSubview(button)
            editingControl = button
        }
        if let button = editingControl {
            let insert = editingControlStyle == .insert
            button.setImage(UIImage(systemName: insert ? "plus.circle.fill" : "minus.circle.fill",
                                    withConfiguration: UIImage.SymbolConfiguration(pointSize: 22)), for: .normal)
            button.tintColor = insert ? .systemGreen : .systemRed
            button.isHidden = !wantsControl
        }
        let wantsGrip = editingState && showsReorderControl
        if wantsGrip, reorderControl == nil {
            let grip = UIImageView(image: UIImage(systemName: "line.3.horizontal", withConfiguration: UIImage.SymbolConfiguration(pointSize: 18)))
            grip.tintColor = .tertiaryLabel
            grip.sizeToFit()
            addSubview(grip)
            reorderControl = grip
        }
        reorderControl?.isHidden = !wantsGrip
        setNeedsLayout()
    }

    /// The state configurations are updated for.
    open var configurationState: UICellConfigurationState {
        var s = UICellConfigurationState(traitCollection: traitCollection)
        s.isSelected = isSelected && selectionStyle != .none
        s.isHighlighted = isHighlighted && selectionStyle != .none
        s.isEditing = isEditing
        s.isSwiped = table?.openSwipe.map { $0.indexPath == table?.indexPath(for: self) } ?? false
        return s
    }

    /// The background configuration for the table's style (a plain table's row, or a grouped one's).
    open func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        table.map { $0.style == .plain } ?? true ? .listPlainCell() : .listGroupedCell()
    }

    /// Asks for the configuration to be updated before the cell is next laid out (state changes ask themselves).
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Updates the configurations for `state`; subclasses override it (calling `super`). The automatic updates
    /// of the content and background configurations have been applied by then.
    open func updateConfiguration(using state: UICellConfigurationState) {}

    /// Runs a pending configuration update: the automatic updates, `updateConfiguration(using:)`, the handler.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        if automaticallyUpdatesContentConfiguration, let c = contentConfiguration {
            configuredView?.configuration = c.updated(for: state)
        }
        if automaticallyUpdatesBackgroundConfiguration, let c = backgroundConfiguration { backgroundConfiguration = c.updated(for: state) }
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    private func showSelection(animated: Bool) {
        setNeedsUpdateConfiguration()
        // A background configuration shows selection itself.
        guard configurationBackground == nil else { return }
        let on = (selectedState || highlightedState) && selectionStyle != .none
        if !on && selectedBackgroundView == nil && defaultBackgroundMade == false { return }
        defaultBackgroundMade = defaultBackgroundMade || selectedBackgroundView == nil
        let background = selectedBackgroundView ?? defaultSelectedBackground
        if on, background.superview !== self {
            insertSubview(background, at: backgroundView == nil ? 0 : 1)
            background.frame = bounds
        }
        let change = { background.alpha = on ? 1 : 0 }
        if animated { UIView.animate(withDuration: 0.25, animations: change) } else { UIView.performWithoutAnimation(change) }
    }

    private func applyContentConfiguration() {
        guard let c = contentConfiguration else {
            configuredView?.removeFromSuperview()
            configuredView = nil
            return
        }
        if let view = configuredView, type(of: view.configuration) == type(of: c) {
            view.configuration = c
        } else {
            configuredView?.removeFromSuperview()
            let view = c.makeContentView()
            contentView.addSubview(view)
            configuredView = view
        }
        // The system labels give way to the configuration: reset to nil, as UIKit documents (they are made afresh,
        // empty, if asked for once the configuration is gone).
        for view in [systemTextLabel, systemDetailLabel, systemImageView] as [UIView?] { view?.removeFromSuperview() }
        systemTextLabel = nil
        systemDetailLabel = nil
        systemImageView = nil
        setNeedsLayout()
        table?.cellContentChanged(self)
    }

    private func accessoryChanged() {
        systemAccessory?.removeFromSuperview()
        systemAccessory = nil
        if let v = accessoryView {
            addSubview(v)
        } else if let v = Self.makeAccessory(accessoryType) {
            addSubview(v)
            systemAccessory = v
        }
        setNeedsLayout()
    }

    /// The view of a standard accessory: a chevron, a checkmark, an info button (both for detail disclosure).
    private static func makeAccessory(_ type: AccessoryType) -> UIView? {
        func symbol(_ name: String, _ size: CGFloat, _ color: UIColor?) -> UIImageView {
            let v = UIImageView(image: UIImage(systemName: name, withConfiguration: UIImage.SymbolConfiguration(pointSize: size, weight: .semibold)))
            if let color { v.tintColor = color }
            v.sizeToFit()
            return v
        }
        switch type {
        case .none: return nil
        case .disclosureIndicator: return symbol("chevron.right", 14, .tertiaryLabel)
        case .checkmark: return symbol("checkmark", 16, nil)
        case .detailButton: return symbol("info.circle", 20, nil)
        case .detailDisclosureButton:
            let info = symbol("info.circle", 20, nil), chevron = symbol("chevron.right", 14, .tertiaryLabel)
            let box = UIView(frame: CGRect(x: 0, y: 0, width: info.bounds.width + 12 + chevron.bounds.width,
                                           height: max(info.bounds.height, chevron.bounds.height)))
            info.center = CGPoint(x: info.bounds.width / 2, y: box.bounds.midY)
            chevron.center = CGPoint(x: box.bounds.width - chevron.bounds.width / 2, y: box.bounds.midY)
            box.addSubview(info)
            box.addSubview(chevron)
            return box
        }
    }

    /// The accessory shown (the app's view, or the standard one).
    var shownAccessory: UIView? { accessoryView ?? systemAccessory }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        let b = bounds
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        if let view = configurationBackground {
            view.sectionCorners = (10, groupCorners)
            view.place(in: b, margins: layoutMargins, rtl: rtl)
        }
        var contentWidth = b.width
        // Editing: the control in at the leading edge, the grip at the trailing edge in the accessory's place.
        let indent = editingControl?.isHidden == false ? Self.editingIndent : 0
        if let button = editingControl, !button.isHidden {
            button.frame = CGRect(x: rtl ? b.width - indent : 0, y: 0, width: indent, height: b.height)
        }
        shownAccessory?.isHidden = editingState
        if let grip = reorderControl, !grip.isHidden {
            let size = grip.bounds.size
            grip.frame = CGRect(x: rtl ? 16 : b.width - 16 - size.width, y: ((b.height - size.height) / 2).rounded(),
                                width: size.width, height: size.height)
            contentWidth = max(0, b.width - 16 - size.width - 4)
        } else if let accessory = shownAccessory, !editingState {
            let size = accessory.bounds.size
            let x = rtl ? 16 : b.width - 16 - size.width
            accessory.frame = CGRect(x: x, y: ((b.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            contentWidth = max(0, b.width - 16 - size.width - 4)
        }
        contentWidth = max(0, contentWidth - indent)
        contentView.frame = CGRect(x: rtl ? b.width - indent - contentWidth : indent, y: 0, width: contentWidth, height: b.height)
        backgroundView?.frame = b
        if selectedBackgroundView != nil || defaultBackgroundMade { (selectedBackgroundView ?? defaultSelectedBackground).frame = b }
        if let view = configuredView {
            view.frame = contentView.bounds
        } else {
            layoutSystemViews(in: contentView.bounds, rtl: rtl)
        }
    }

    /// The system styles' layout: the image at the leading margin, the texts after it.
    private func layoutSystemViews(in r: CGRect, rtl: Bool) {
        let margin: CGFloat = 16 + CGFloat(indentationLevel) * indentationWidth
        var x = margin
        if let iv = systemImageView, let image = iv.image {
            let size = image.size
            iv.frame = CGRect(x: x, y: ((r.height - size.height) / 2).rounded(), width: size.width, height: size.height)
            x += size.width + 16
        } else {
            systemImageView?.frame = .zero
        }
        let available = max(0, r.width - x - 16)
        let text = systemTextLabel, detail = systemDetailLabel
        let t = text?.sizeThatFits(CGSize(width: available, height: r.height)) ?? .zero
        let d = detail?.sizeThatFits(CGSize(width: available, height: r.height)) ?? .zero
        switch style {
        case .default:
            text?.frame = CGRect(x: x, y: ((r.height - t.height) / 2).rounded(), width: available, height: t.height)
        case .subtitle:
            let total = t.height + (detail?.text?.isEmpty == false ? d.height + 2 : 0)
            let top = ((r.height - total) / 2).rounded()
            text?.frame = CGRect(x: x, y: top, width: available, height: t.height)
            detail?.frame = CGRect(x: x, y: top + t.height + 2, width: available, height: d.height)
        case .value1:
            let dw = min(d.width, available)
            detail?.frame = CGRect(x: r.width - 16 - dw, y: ((r.height - d.height) / 2).rounded(), width: dw, height: d.height)
            text?.frame = CGRect(x: x, y: ((r.height - t.height) / 2).rounded(), width: max(0, available - dw - 8), height: t.height)
        case .value2:
            let column: CGFloat = 67
            text?.frame = CGRect(x: x, y: ((r.height - t.height) / 2).rounded(), width: column, height: t.height)
            detail?.frame = CGRect(x: x + column + 6, y: ((r.height - d.height) / 2).rounded(), width: max(0, available - column - 6),
                                   height: d.height)
        }
        if rtl {
            for v in [systemImageView, text, detail].compactMap({ $0 as UIView? }) {
                v.frame.origin.x = r.width - v.frame.maxX
            }
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let view = configuredView {
            let inner = view.sizeThatFits(CGSize(width: size.width, height: .greatestFiniteMagnitude))
            return CGSize(width: size.width, height: max(44, inner.height))
        }
        if style == .subtitle, let detail = systemDetailLabel, detail.text?.isEmpty == false {
            let t = systemTextLabel?.sizeThatFits(CGSize(width: size.width - 32, height: 1000)).height ?? 0
            let d = detail.sizeThatFits(CGSize(width: size.width - 32, height: 1000)).height
            return CGSize(width: size.width, height: max(44, (t + d + 2 + 20).rounded(.up)))
        }
        return CGSize(width: size.width, height: 44)
    }

    // MARK: Accessibility

    // A cell is read as one element, its label the texts inside it joined ("Atrium-Guest, Secured"), as UIKit's
    // cells are; a cell that holds controls (a switch, a field, a button) is read as its parts instead, so each
    // control can be reached and worked (UIKit merges an accessory switch into the cell; see the porting notes).
    override var defaultIsAccessibilityElement: Bool { !containsAccessibleControl(self) }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isSelected ? [.button, .selected] : .button }
    override var defaultAccessibilityLabel: String? {
        let texts = AccessibilityTree.elements(ofContent: self).compactMap { $0.accessibilityLabel }.filter { !$0.isEmpty }
        return texts.isEmpty ? nil : texts.joined(separator: ", ")
    }

    private func containsAccessibleControl(_ view: UIView) -> Bool {
        view.subviews.contains { sub in
            AccessibilityTree.isShown(sub)
                && (sub is UIControl || sub is UITextView || sub is UIPickerView || containsAccessibleControl(sub))
        }
    }
}
