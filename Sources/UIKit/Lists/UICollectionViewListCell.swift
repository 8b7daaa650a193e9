import Foundation

/// A standard view at the side of a list cell (UIKit's `UICellAccessory`): a disclosure chevron, a checkmark, a
/// label, an app's view; each shown always, only while editing, or only while not.
public struct UICellAccessory {
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }

    public struct DisclosureIndicatorOptions {
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, tintColor: UIColor? = nil) { self.isHidden = isHidden; self.tintColor = tintColor }
    }
    public struct CheckmarkOptions {
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public init(isHidden: Bool? = nil, tintColor: UIColor? = nil) { self.isHidden = isHidden; self.tintColor = tintColor }
    }
    public struct LabelOptions {
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public var font: UIFont?
        public init(isHidden: Bool? = nil, tintColor: UIColor? = nil, font: UIFont? = nil) {
            self.isHidden = isHidden; self.tintColor = tintColor; self.font = font
        }
    }
    public struct OutlineDisclosureOptions {
        /// `.header`: a tap anywhere on the cell expands or collapses it; `.cell` (and `.automatic`): only on the
        /// disclosure.
        public enum Style: Int, Sendable { case automatic, header, cell }
        public var style: Style
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public init(style: Style = .automatic, isHidden: Bool? = nil, tintColor: UIColor? = nil) {
            self.style = style; self.isHidden = isHidden; self.tintColor = tintColor
        }
    }
    /// Which side of the cell an app's view goes on.
    public enum Placement { case leading(displayed: DisplayedState = .always), trailing(displayed: DisplayedState = .always) }
    public struct CustomViewConfiguration {
        public var customView: UIView
        public var placement: Placement
        public var isHidden: Bool?
        public var tintColor: UIColor?
        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, tintColor: UIColor? = nil) {
            self.customView = customView; self.placement = placement; self.isHidden = isHidden; self.tintColor = tintColor
        }
    }

    enum Kind {
        case disclosureIndicator(tint: UIColor?), checkmark(tint: UIColor?), label(String, tint: UIColor?, font: UIFont?)
        case custom(UIView, leading: Bool)
        case outlineDisclosure(tint: UIColor?, header: Bool, action: (() -> Void)?)
    }
    let kind: Kind
    let displayed: DisplayedState
    let hidden: Bool

    public static func disclosureIndicator(displayed: DisplayedState = .always,
                                           options: DisclosureIndicatorOptions = DisclosureIndicatorOptions()) -> UICellAccessory {
        UICellAccessory(kind: .disclosureIndicator(tint: options.tintColor), displayed: displayed, hidden: options.isHidden ?? false)
    }
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = CheckmarkOptions()) -> UICellAccessory {
        UICellAccessory(kind: .checkmark(tint: options.tintColor), displayed: displayed, hidden: options.isHidden ?? false)
    }
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = LabelOptions()) -> UICellAccessory {
        UICellAccessory(kind: .label(text, tint: options.tintColor, font: options.font), displayed: displayed, hidden: options.isHidden ?? false)
    }
    /// A chevron that turns down while the cell's item is expanded; a tap on it (on the whole cell with the `.header`
    /// style) runs `actionHandler`, or by default expands or collapses the item in the section snapshot its
    /// collection view's diffable data source shows.
    public static func outlineDisclosure(displayed: DisplayedState = .whenNotEditing,
                                         options: OutlineDisclosureOptions = OutlineDisclosureOptions(),
                                         actionHandler: (() -> Void)? = nil) -> UICellAccessory {
        UICellAccessory(kind: .outlineDisclosure(tint: options.tintColor, header: options.style == .header, action: actionHandler),
                        displayed: displayed, hidden: options.isHidden ?? false)
    }
    public static func customView(configuration: CustomViewConfiguration) -> UICellAccessory {
        switch configuration.placement {
        case .leading(let d): return UICellAccessory(kind: .custom(configuration.customView, leading: true), displayed: d, hidden: configuration.isHidden ?? false)
        case .trailing(let d): return UICellAccessory(kind: .custom(configuration.customView, leading: false), displayed: d, hidden: configuration.isHidden ?? false)
        }
    }

    /// Whether it shows in a cell that is (or is not) editing.
    func isShown(editing: Bool) -> Bool {
        guard !hidden else { return false }
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }
}

/// A row of a list laid out by `UICollectionViewCompositionalLayout.list(using:)` (UIKit's
/// `UICollectionViewListCell`): a content configuration (`defaultContentConfiguration()` is the list's cell style),
/// accessories at its sides, a separator along its bottom from where its text starts, and the list's row background
/// with the grey of a selected or highlighted row.
@preconcurrency @MainActor
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories, leading ones (custom views placed so) before the content, the rest after it in order.
    open var accessories: [UICellAccessory] = [] { didSet { rebuildAccessories() } }
    /// How many steps the content is indented, and how wide a step is.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    /// Whether the cell shows its editing accessories (its collection view's `isEditing` sets it).
    open var isEditing = false { didSet { if isEditing != oldValue { rebuildAccessories(); setNeedsUpdateConfiguration() } } }

    private var accessoryViews: [(view: UIView, leading: Bool)] = []
    /// Whether the cell's item is expanded in its section snapshot (the diffable data source sets it): turns an
    /// outline disclosure down.
    var outlineExpanded = false { didSet { if outlineExpanded != oldValue { turnDisclosure(); setNeedsUpdateConfiguration() } } }
    /// Whether a tap anywhere on the cell toggles its item (an outline disclosure of the `.header` style).
    private(set) var togglesOnTap = false
    private var outlineAction: (() -> Void)?
    private let separator = UIView()
    /// What the layout said about the row: how the list looks, where it is in its section, whether it is the
    /// section's header (`.firstItemInSection`).
    private var listLook: UICollectionLayoutListConfiguration?
    private var isFirstInSection = false
    private var isLastInSection = false
    private var isSectionHeader = false
    /// The corners of an inset-grouped section's card this row has.
    private var roundedCorners: CACornerMask = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        listCellInit()
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        listCellInit()
    }
    private func listCellInit() {
        separator.backgroundColor = .separator
        addSubview(separator)
        setDefaultBackgroundConfiguration(defaultBackgroundConfiguration())
    }

    /// The list's standard content for this row: a header's in a `.firstItemInSection` header row, a sidebar's in
    /// a sidebar, the plain cell's otherwise (UIKit's `UIListContentConfiguration.cell()`).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        let appearance = listLook?.appearance ?? .plain
        if isSectionHeader {
            switch appearance {
            case .plain: return .plainHeader()
            case .sidebar, .sidebarPlain: return .sidebarHeader()
            case .grouped, .insetGrouped: return .header()
            }
        }
        return appearance == .sidebar || appearance == .sidebarPlain ? .sidebarCell() : .cell()
    }

    /// The list's row background for this row's list and place (a header row's is the header's).
    open override func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        let appearance = listLook?.appearance ?? .plain
        if isSectionHeader {
            switch appearance {
            case .plain: return .listPlainHeaderFooter()
            case .sidebar, .sidebarPlain: return .listSidebarHeader()
            // A grouped section's header row is the first row of its card.
            case .grouped, .insetGrouped: return .listGroupedCell()
            }
        }
        switch appearance {
        case .plain: return .listPlainCell()
        case .grouped, .insetGrouped: return .listGroupedCell()
        case .sidebar, .sidebarPlain: return .listSidebarCell()
        }
    }

    override func extendConfigurationState(_ state: inout UICellConfigurationState) {
        state.isEditing = isEditing
        state.isExpanded = outlineExpanded
        state.isSwiped = isSwiped
    }

    /// Whether the row is swiped open on its actions (the collection view sets it).
    var isSwiped = false { didSet { if isSwiped != oldValue { setNeedsUpdateConfiguration() } } }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    open override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        // (Called for every visible cell on every scrolled frame: only changes do anything.)
        let look = layoutAttributes.listAppearance
        let position = layoutAttributes.listPosition
        guard look?.appearance != listLook?.appearance || look?.showsSeparators != listLook?.showsSeparators
                || position.first != isFirstInSection || position.last != isLastInSection || position.header != isSectionHeader else { return }
        let lookChanged = look?.appearance != listLook?.appearance || position.header != isSectionHeader
        listLook = look
        isFirstInSection = position.first
        isLastInSection = position.last
        isSectionHeader = position.header
        // A background the cell chose follows the list's look; one the app set stays.
        if lookChanged, backgroundIsDefault {
            setDefaultBackgroundConfiguration(defaultBackgroundConfiguration().updated(for: configurationState))
        }
        // Inset-grouped sections are rounded cards: their first and last rows round their outer corners.
        var corners: CACornerMask = []
        if look?.appearance == .insetGrouped {
            if isFirstInSection { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if isLastInSection { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        }
        roundedCorners = corners
        setNeedsLayout()
    }

    private func rebuildAccessories() {
        for a in accessoryViews { a.view.removeFromSuperview() }
        accessoryViews = []
        togglesOnTap = false
        outlineAction = nil
        for accessory in accessories where accessory.isShown(editing: isEditing) {
            let view: UIView, leading: Bool
            switch accessory.kind {
            case .disclosureIndicator(let tint):
                view = Self.symbol("chevron.right", 14, tint ?? .tertiaryLabel); leading = false
            case .checkmark(let tint):
                view = Self.symbol("checkmark", 16, tint); leading = false
            case .label(let text, let tint, let font):
                let label = UILabel()
                label.text = text
                label.font = font ?? UIFont.systemFont(ofSize: 17)
                label.textColor = tint ?? .secondaryLabel
                label.sizeToFit()
                view = label; leading = false
            case .outlineDisclosure(let tint, let header, let action):
                let control = OutlineDisclosureControl(chevron: Self.symbol("chevron.right", 14, tint))
                control.addAction(UIAction { [unowned self] _ in self.toggleOutline() }, for: .touchUpInside)
                togglesOnTap = header
                outlineAction = action
                view = control; leading = false
            case .custom(let custom, let isLeading):
                if custom.bounds.size == .zero { custom.sizeToFit() }
                view = custom; leading = isLeading
            }
            addSubview(view)
            accessoryViews.append((view, leading))
        }
        turnDisclosure()
        setNeedsLayout()
    }

    /// Points the outline chevron down while expanded.
    private func turnDisclosure() {
        for (view, _) in accessoryViews {
            guard let control = view as? OutlineDisclosureControl else { continue }
            control.chevron.transform = outlineExpanded ? CGAffineTransform(rotationAngle: .pi / 2) : .identity
        }
    }

    /// The outline disclosure's action: the app's, or expanding or collapsing the item through the data source.
    func toggleOutline() {
        if let outlineAction { outlineAction(); return }
        var v = superview
        while let current = v, !(current is UICollectionView) { v = current.superview }
        guard let collectionView = v as? UICollectionView, let ip = collectionView.indexPath(for: self) else { return }
        (collectionView.dataSource as? OutlineDataSource)?.toggleOutline(at: ip)
    }

    private static func symbol(_ name: String, _ size: CGFloat, _ color: UIColor?) -> UIImageView {
        let v = UIImageView(image: UIImage(systemName: name, withConfiguration: UIImage.SymbolConfiguration(pointSize: size, weight: .semibold)))
        if let color { v.tintColor = color }
        v.sizeToFit()
        return v
    }

    /// The side margin the list's rows keep (UIKit's 16 points at the sides of a list row, 20 on wide screens is
    /// not applied: panels show lists at their full width).
    private static let margin: CGFloat = 16

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        configurationBackground?.sectionCorners = (10, roundedCorners)
        // Accessories from the sides inwards, centred vertically, 16 points from the edges and apart.
        var leadingEdge = Self.margin + CGFloat(indentationLevel) * indentationWidth
        var trailingEdge = b.width - Self.margin
        var hasLeading = false
        for (view, leading) in accessoryViews {
            let size = view.bounds.size
            if leading {
                view.frame = CGRect(x: leadingEdge, y: ((b.height - size.height) / 2).rounded(), width: size.width, height: size.height)
                leadingEdge += size.width + Self.margin
                hasLeading = true
            } else {
                view.frame = CGRect(x: trailingEdge - size.width, y: ((b.height - size.height) / 2).rounded(), width: size.width, height: size.height)
                trailingEdge -= size.width + Self.margin
            }
        }
        // The content runs between them (its own margins keep its text 16 points in).
        let contentStart = hasLeading ? leadingEdge - Self.margin : CGFloat(indentationLevel) * indentationWidth
        let contentEnd = accessoryViews.contains { !$0.leading } ? trailingEdge + Self.margin : b.width
        contentView.frame = CGRect(x: contentStart, y: 0, width: max(0, contentEnd - contentStart), height: b.height)
        configuredView?.frame = contentView.bounds
        // The separator: along the bottom from where the text starts, not under a grouped section's last row.
        let scale = window?.screen.scale ?? UIScreen.main.scale
        let plain = listLook.map { $0.appearance == .plain || $0.appearance == .sidebarPlain } ?? true
        let shows = (listLook?.showsSeparators ?? true) && !(isLastInSection && !plain) && !(isSectionHeader && plain)
        separator.isHidden = !shows
        let textStart = contentStart + textLeadingInset
        separator.frame = CGRect(x: textStart, y: b.height - 1 / scale, width: max(0, b.width - textStart), height: 1 / scale)
        bringSubviewToFront(separator)
    }

    /// Where the content's text starts within the content view (past an image, if the configuration has one).
    private var textLeadingInset: CGFloat {
        guard let c = contentConfiguration as? UIListContentConfiguration else { return Self.margin }
        var x = c.directionalLayoutMargins.leading
        if let image = c.image {
            let width = c.imageProperties.reservedLayoutSize.width > 0 ? c.imageProperties.reservedLayoutSize.width : image.size.width
            x += width + c.imageToTextPadding
        }
        return x
    }
}

/// The outline disclosure: a control (so that a tap on it does not select the row) holding the chevron.
@MainActor
final class OutlineDisclosureControl: UIControl {
    let chevron: UIImageView
    init(chevron: UIImageView) {
        self.chevron = chevron
        // A comfortable target around the small chevron.
        super.init(frame: CGRect(x: 0, y: 0, width: max(28, chevron.bounds.width), height: max(28, chevron.bounds.height)))
        chevron.center = CGPoint(x: bounds.midX, y: bounds.midY)
        chevron.isUserInteractionEnabled = false
        addSubview(chevron)
    }
    required init?(coder: NSCoder) { nil }
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }
}

/// A data source that can expand and collapse the item at an index path (the diffable one, through its section
/// snapshots).
@MainActor
protocol OutlineDataSource: AnyObject {
    func toggleOutline(at indexPath: IndexPath)
}
