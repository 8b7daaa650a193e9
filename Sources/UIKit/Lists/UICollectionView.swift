import CoreGraphics
import Foundation

/// Where a collection view's items come from (UIKit's `UICollectionViewDataSource`).
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        preconditionFailure("the collection view's data source did not return a view for the supplementary element of kind \(kind) at \(indexPath)")
    }
}

/// What a collection view tells its delegate (UIKit's `UICollectionViewDelegate`), besides the scroll view's.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
}

/// A view a collection view reuses: a cell, a header or a footer (UIKit's `UICollectionReusableView`).
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    public internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// How a collection view makes a view of a registered class: `init(frame: .zero)`. (Swift makes an instance of
    /// a class known only at run time through a `required` initializer; subclasses that override `init(frame:)` and
    /// `init?(coder:)`, or neither, inherit this one.)
    public required convenience init(registeredWithReuseIdentifier reuseIdentifier: String?) {
        self.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    /// Called before the view is handed out again.
    open func prepareForReuse() {}
    /// Applies the layout's attributes (the collection view has set the frame).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}

/// A collection view's cell (UIKit's `UICollectionViewCell`): a content view over optional backgrounds that show
/// selection, or over a background configuration; content and background configurations follow the cell's state.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    public let contentView = UIView()
    /// Behind the content. Setting one resets `backgroundConfiguration` to nil (the two are exclusive).
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let v = backgroundView { insertSubview(v, at: 0); backgroundConfiguration = nil }
            setNeedsLayout()
        }
    }
    /// Over the background view while selected or highlighted. Setting one resets `backgroundConfiguration`.
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if selectedBackgroundView != nil { backgroundConfiguration = nil }
            showSelection()
        }
    }
    open var isSelected = false { didSet { if isSelected != oldValue { showSelection(); setNeedsUpdateConfiguration() } } }
    open var isHighlighted = false { didSet { if isHighlighted != oldValue { showSelection(); setNeedsUpdateConfiguration() } } }
    /// Content shown through a configuration: its view fills the content view (kept when the next configuration
    /// is of the same type, which it is then given).
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet {
            if let c = contentConfiguration, let view = configuredView, type(of: view.configuration) == type(of: c) {
                view.configuration = c
            } else {
                configuredView?.removeFromSuperview()
                configuredView = nil
                if let c = contentConfiguration {
                    let v = c.makeContentView()
                    contentView.addSubview(v)
                    configuredView = v
                }
            }
            setNeedsLayout()
        }
    }
    var configuredView: (any UIView & UIContentView)?

    /// The background as a configuration (nil: `backgroundColor` and the background views).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet {
            if let c = backgroundConfiguration {
                if !settingConfigurationItself { backgroundIsDefault = false }
                let view = configurationBackground ?? BackgroundConfigurationView(configuration: c)
                if configurationBackground == nil {
                    insertSubview(view, at: 0)
                    configurationBackground = view
                    backgroundView = nil
                    selectedBackgroundView = nil
                } else {
                    view.configuration = c
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
    /// Whether `updated(for:)` is applied to the content configuration as the state changes.
    open var automaticallyUpdatesContentConfiguration = true
    public typealias ConfigurationUpdateHandler = (UICollectionViewCell, UICellConfigurationState) -> Void
    /// Runs after `updateConfiguration(using:)` whenever the configuration is updated.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    /// The view drawing `backgroundConfiguration`.
    private(set) var configurationBackground: BackgroundConfigurationView?
    /// Set while the cell (not the app) sets a configuration: an automatic update keeps a list cell's default.
    private var settingConfigurationItself = false
    /// Whether the background configuration is still the one the cell chose (a list cell follows its list's look).
    var backgroundIsDefault = false
    private var needsConfigurationUpdate = true

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(contentView)
        isOpaque = false // (collection views fade items in and out)
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
        isOpaque = false
    }

    /// The background configuration of the cell's kind with nothing changed (a plain cell's is clear).
    open func defaultBackgroundConfiguration() -> UIBackgroundConfiguration { .clear() }

    /// Sets the background configuration as the cell's own choice (one the list look may replace).
    func setDefaultBackgroundConfiguration(_ c: UIBackgroundConfiguration) {
        settingConfigurationItself = true
        backgroundConfiguration = c
        settingConfigurationItself = false
        backgroundIsDefault = true
    }

    /// The state the configurations are updated for.
    open var configurationState: UICellConfigurationState {
        var s = UICellConfigurationState(traitCollection: traitCollection)
        s.isSelected = isSelected
        s.isHighlighted = isHighlighted
        extendConfigurationState(&s)
        return s
    }
    /// Adds a subclass's own state (a list cell's editing, expansion, swipe).
    func extendConfigurationState(_ state: inout UICellConfigurationState) {}

    /// Asks for the configuration to be updated before the cell is next laid out (state changes ask themselves).
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Updates the configurations for `state`; subclasses override it to change theirs (call `super`). The
    /// automatic updates of the content and background configurations have been applied by then.
    open func updateConfiguration(using state: UICellConfigurationState) {}

    /// Runs a pending configuration update now: the automatic updates, `updateConfiguration(using:)`, the handler.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        settingConfigurationItself = true
        if automaticallyUpdatesContentConfiguration, let c = contentConfiguration { contentConfiguration = c.updated(for: state) }
        if automaticallyUpdatesBackgroundConfiguration, let c = backgroundConfiguration { backgroundConfiguration = c.updated(for: state) }
        settingConfigurationItself = false
        updateConfiguration(using: state)
        configurationUpdateHandler?(self, state)
    }

    private func showSelection() {
        guard let v = selectedBackgroundView else { return }
        if v.superview !== self { insertSubview(v, at: backgroundView == nil ? 0 : 1) }
        v.isHidden = !(isSelected || isHighlighted)
        v.frame = bounds
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        configurationBackground?.place(in: bounds, margins: layoutMargins,
                                       rtl: effectiveUserInterfaceLayoutDirection == .rightToLeft)
        configuredView?.frame = contentView.bounds
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let v = configuredView { return v.sizeThatFits(size) }
        return bounds.size
    }
}

/// A scrolling arrangement of items in sections laid out by a `UICollectionViewLayout` (UIKit's
/// `UICollectionView`): only the elements in the visible rectangle have views, reused through
/// `dequeueReusableCell(withReuseIdentifier:for:)` (or cell registrations) as they scroll in and out.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// Which way a layout scrolls.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Where an item scrolled to ends up.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout (setting it lays the items out anew).
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    open weak var dataSource: (any UICollectionViewDataSource)? { didSet { reloadData() } }
    weak var collectionDelegate: (any UICollectionViewDelegate)?
    open override var delegate: (any UIScrollViewDelegate)? {
        didSet {
            collectionDelegate = delegate as? (any UICollectionViewDelegate)
            collectionViewLayout.invalidateLayout()
        }
    }
    /// Whether the list's cells show their editing accessories (`UICellAccessory` displayed `.whenEditing`).
    open var isEditing = false {
        didSet { for cell in visibleCells_.values { (cell as? UICollectionViewListCell)?.isEditing = isEditing } }
    }
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = backgroundView { insertSubview(v, at: 0) }; setNeedsLayout() }
    }

    private var counts: [Int] = []
    private var countsValid = false
    private var cellClasses: [String: UICollectionViewCell.Type] = [:]
    private var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    private var cellQueues = ReuseQueues<UICollectionViewCell>()
    private var supplementaryQueues = ReuseQueues<UICollectionReusableView>()
    private(set) var visibleCells_: [IndexPath: UICollectionViewCell] = [:]
    var visibleSupplementaries: [ElementKey: UICollectionReusableView] = [:]
    /// The decoration views shown, and the ones kept for reuse by kind.
    var visibleDecorations: [ElementKey: UICollectionReusableView] = [:]
    var decorationQueues: [String: [UICollectionReusableView]] = [:]
    /// The decoration views kept behind the cells (zIndex 0 or less when made).
    var backDecorations: Set<ObjectIdentifier> = []
    /// A supplementary or decoration element: its kind and index path.
    struct ElementKey: Hashable {
        var kind: String
        var indexPath: IndexPath
    }
    var selected: [IndexPath] = []
    var highlighted: IndexPath?
    /// Sizes measured from cells for layouts with an estimated item size.
    private var measured: [IndexPath: CGSize] = [:]
    private let selection = RowSelection()
    private let rowSwipe = RowSwipe()
    /// A list row swiped open on its actions, and where a swipe began.
    var openSwipe: OpenSwipe?
    var swipeStart: CGFloat = 0

    /// A collection view laid out by `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        commonInit()
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
        commonInit()
    }

    /// The sideways scroll views of orthogonal sections, by section.
    var orthogonalScrollers: [Int: OrthogonalScroller] = [:]

    /// Whether the background is still the default one (a list layout then gives the collection view its own).
    var usesDefaultBackground = true
    open override var backgroundColor: UIColor? { didSet { usesDefaultBackground = false } }

    private func commonInit() {
        backgroundColor = .systemBackground
        usesDefaultBackground = true
        selection.addTarget(self, action: UICollectionView.itemTapped)
        addGestureRecognizer(selection)
        rowSwipe.addTarget(self, action: UICollectionView.handleSwipe)
        addGestureRecognizer(rowSwipe)
    }

    // MARK: Registration and reuse

    open func register(_ cellClass: UICollectionViewCell.Type?, forCellWithReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass
    }

    open func register(_ viewClass: UICollectionReusableView.Type?, forSupplementaryViewOfKind elementKind: String,
                       withReuseIdentifier identifier: String) {
        supplementaryClasses[elementKind + "/" + identifier] = viewClass
    }

    /// A cell from the queue for `identifier`, or a new one of the registered class (an identifier without one stops
    /// the program, with UIKit's message).
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        let cell: UICollectionViewCell
        if let reused = cellQueues.take(identifier) {
            reused.prepareForReuse()
            cell = reused
        } else {
            guard let cls = cellClasses[identifier] else {
                preconditionFailure("could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
            }
            cell = cls.init(registeredWithReuseIdentifier: identifier)
        }
        // The cell knows where it goes before the app configures it (a list cell's default configurations depend
        // on its list and place), and updates its configuration before it shows.
        if let a = collectionViewLayout.layoutAttributesForItem(at: indexPath) { cell.apply(a) }
        cell.setNeedsUpdateConfiguration()
        return cell
    }

    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        let key = elementKind + "/" + identifier
        if let view = supplementaryQueues.take(key) {
            view.prepareForReuse()
            return view
        }
        guard let cls = supplementaryClasses[key] else {
            preconditionFailure("could not dequeue a view of kind: \(elementKind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        let view = cls.init(registeredWithReuseIdentifier: identifier)
        view.reuseIdentifier = key
        return view
    }

    /// A cell for `item` from a registration (iOS 14): dequeued and configured by the registration's handler.
    open func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath,
                                                        item: Item?) -> Cell {
        if cellClasses[registration.identifier] == nil { register(Cell.self, forCellWithReuseIdentifier: registration.identifier) }
        let cell = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath) as! Cell
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    open func dequeueConfiguredReusableSupplementary<View>(using registration: SupplementaryRegistration<View>,
                                                           for indexPath: IndexPath) -> View {
        let key = registration.elementKind + "/" + registration.identifier
        if supplementaryClasses[key] == nil {
            register(View.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.identifier)
        }
        let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.identifier,
                                                    for: indexPath) as! View
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    /// How cells of one class are configured for an item (iOS 14's cell registration).
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let identifier: String
        public init(handler: @escaping Handler) {
            self.handler = handler
            identifier = "CellRegistration." + String(describing: Cell.self) + "." + UUID().uuidString
        }
    }

    /// How supplementary views of one class and kind are configured.
    public struct SupplementaryRegistration<View: UICollectionReusableView> {
        public typealias Handler = (View, String, IndexPath) -> Void
        let handler: Handler
        let elementKind: String
        let identifier: String
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            identifier = "SupplementaryRegistration." + String(describing: View.self) + "." + UUID().uuidString
        }
    }

    private func enqueue(_ cell: UICollectionViewCell) {
        cell.isHidden = true
        cell.isHighlighted = false
        cell.isSelected = false
        guard let id = cell.reuseIdentifier else { cell.removeFromSuperview(); return }
        cellQueues.put(cell, id)
    }

    private func enqueueSupplementary(_ view: UICollectionReusableView) {
        guard let id = view.reuseIdentifier else { view.removeFromSuperview(); return }
        supplementaryQueues.put(view, id)
    }

    // MARK: Data

    open var numberOfSections: Int { loadCounts(); return counts.count }
    open func numberOfItems(inSection section: Int) -> Int { loadCounts(); return counts.indices.contains(section) ? counts[section] : 0 }

    private func loadCounts() {
        guard !countsValid else { return }
        countsValid = true
        guard let dataSource else { counts = []; return }
        counts = (0..<max(0, dataSource.numberOfSections(in: self))).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
    }

    /// Reloads everything.
    open func reloadData() {
        closeSwipe(animated: false)
        countsValid = false
        for (_, cell) in visibleCells_ { enqueue(cell) }
        visibleCells_.removeAll()
        for (_, v) in visibleSupplementaries { enqueueSupplementary(v) }
        visibleSupplementaries.removeAll()
        selected.removeAll()
        measured.removeAll(); measuredSupplementaries.removeAll()
        collectionViewLayout.invalidateForData(everything: true)
    }

    /// Applies `updates` (which change the data source and say so through the insert/delete/reload/move methods)
    /// and animates: items keep their cells and slide to their new places, new ones fade in. The counts are
    /// checked as UIKit checks them.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        closeSwipe(animated: false)
        loadCounts()
        let before = counts
        // (Where each cell was, by cell: kept cells change items.)
        let oldFrames = Dictionary(uniqueKeysWithValues: visibleCells_.values.map { (ObjectIdentifier($0), $0.frame) })
        batch = ItemBatch()
        updates?()
        let b = batch!
        batch = nil
        countsValid = false
        loadCounts()
        let expectedSections = before.count + b.insertedSections.count - b.deletedSections.count
        guard counts.count == expectedSections else {
            preconditionFailure("Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(counts.count)) must be equal to the number of sections contained in the collection view before the update (\(before.count)), plus or minus the number of sections inserted or deleted (\(b.insertedSections.count) inserted, \(b.deletedSections.count) deleted).")
        }
        // Item maps per kept section (by order, as the table's updates).
        var map: [IndexPath: IndexPath] = [:]
        var next = 0
        for s in before.indices where !b.deletedSections.contains(s) {
            while b.insertedSections.contains(next) { next += 1 }
            let ns = next
            next += 1
            let deleted = Set(b.deleted.filter { $0.section == s }.map(\.item)).union(b.moved.filter { $0.0.section == s }.map(\.0.item))
            let inserted = Set(b.inserted.filter { $0.section == ns }.map(\.item)).union(b.moved.filter { $0.1.section == ns }.map(\.1.item))
            let movedIn = b.moved.filter { $0.1.section == ns }.count, movedOut = b.moved.filter { $0.0.section == s }.count
            let plainDeleted = b.deleted.filter { $0.section == s }.count, plainInserted = b.inserted.filter { $0.section == ns }.count
            guard counts[ns] == before[s] + plainInserted - plainDeleted + movedIn - movedOut else {
                preconditionFailure("Invalid update: invalid number of items in section \(ns). The number of items contained in an existing section after the update (\(counts[ns])) must be equal to the number of items contained in that section before the update (\(before[s])), plus or minus the number of items inserted or deleted from that section (\(plainInserted) inserted, \(plainDeleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).")
            }
            var target = 0
            for i in 0..<before[s] where !deleted.contains(i) {
                while inserted.contains(target) { target += 1 }
                map[IndexPath(item: i, section: s)] = IndexPath(item: target, section: ns)
                target += 1
            }
        }
        for (from, to) in b.moved { map[from] = to }
        var kept: [IndexPath: UICollectionViewCell] = [:]
        var leaving: [UICollectionViewCell] = []
        for (ip, cell) in visibleCells_ {
            if let to = map[ip], !b.reloaded.contains(ip) { kept[to] = cell } else { leaving.append(cell) }
        }
        visibleCells_ = kept
        selected = selected.compactMap { map[$0] }
        measured = [:]; measuredSupplementaries = [:]
        collectionViewLayout.invalidateForData(everything: false)
        UIView.performWithoutAnimation { layoutItems() }
        let keptNow = visibleCells_.filter { kept[$0.key] === $0.value }
        let added = visibleCells_.filter { kept[$0.key] == nil }.map(\.value)
        for (_, cell) in keptNow { if let f = oldFrames[ObjectIdentifier(cell)] { cell.frame = f } }
        for cell in added { cell.alpha = 0 }
        UIView.animate(withDuration: window == nil ? 0 : 0.3, animations: {
            for (ip, cell) in keptNow { if let a = self.collectionViewLayout.layoutAttributesForItem(at: ip) { cell.frame = a.frame } }
            for cell in added { cell.alpha = 1 }
            for cell in leaving { cell.alpha = 0 }
        }, completion: { [weak self] finished in
            for cell in leaving { cell.alpha = 1; self?.enqueue(cell) }
            completion?(finished)
        })
    }

    struct ItemBatch {
        var inserted: [IndexPath] = [], deleted: [IndexPath] = [], reloaded: Set<IndexPath> = []
        var moved: [(IndexPath, IndexPath)] = []
        var insertedSections = IndexSet(), deletedSections = IndexSet()
    }
    private var batch: ItemBatch?

    private func record(_ change: (inout ItemBatch) -> Void) {
        if batch != nil { change(&batch!); return }
        // Alone: a batch of its own.
        withoutActuallyEscaping(change) { change in performBatchUpdates({ change(&self.batch!) }) }
    }
    open func insertItems(at indexPaths: [IndexPath]) { record { $0.inserted.append(contentsOf: indexPaths) } }
    open func deleteItems(at indexPaths: [IndexPath]) { record { $0.deleted.append(contentsOf: indexPaths) } }
    open func reloadItems(at indexPaths: [IndexPath]) { record { $0.reloaded.formUnion(indexPaths) } }
    open func reconfigureItems(at indexPaths: [IndexPath]) { reloadItems(at: indexPaths) }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { record { $0.moved.append((indexPath, newIndexPath)) } }
    open func insertSections(_ sections: IndexSet) { record { $0.insertedSections.formUnion(sections) } }
    open func deleteSections(_ sections: IndexSet) { record { $0.deletedSections.formUnion(sections) } }
    open func reloadSections(_ sections: IndexSet) {
        record { batch in
            for s in sections { batch.reloaded.formUnion((0..<self.numberOfItems(inSection: s)).map { IndexPath(item: $0, section: s) }) }
        }
    }

    // MARK: Layout

    override func scrollViewDidScroll() {
        super.scrollViewDidScroll()
        // Scrolling closes a row swiped open, as on iOS.
        if isDragging, openSwipe != nil { closeSwipe(animated: true) }
        layoutItems()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A new size always lays out again (however it came: a frame set, a bounds change the layout was asked about).
        if bounds.size != lastSize { collectionViewLayout.isValid = false }
        lastSize = bounds.size
        if pendingOffsetAdjustment != .zero {
            let shift = pendingOffsetAdjustment
            pendingOffsetAdjustment = .zero
            contentOffset = CGPoint(x: contentOffset.x + shift.x, y: contentOffset.y + shift.y)
        }
        layoutItems()
        backgroundView?.frame = bounds
        if finalizesAnimatedBoundsChange {
            finalizesAnimatedBoundsChange = false
            collectionViewLayout.finalizeAnimatedBoundsChange()
        }
    }

    /// The layout is asked about every change of the bounds (a scroll moves their origin) before it is made, as
    /// UIKit asks: `shouldInvalidateLayout(forBoundsChange:)`, then `invalidateLayout(with:)` with its context; inside
    /// an animation block, a new size is announced by `prepare(forAnimatedBoundsChange:)`.
    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            if newValue != old, lastSize != .zero { boundsWillChange(to: newValue, from: old) }
            super.bounds = newValue
        }
    }

    /// Where a drag's glide comes to rest: the layout's say (`targetContentOffset(forProposedContentOffset:
    /// withScrollingVelocity:)`).
    override func proposedRestingOffset(_ proposed: CGPoint, velocity: CGPoint) -> CGPoint {
        collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
    }
    private var lastSize: CGSize = .zero
    /// What invalidation contexts asked the content to move by, applied at the next layout.
    var pendingOffsetAdjustment: CGPoint = .zero
    /// An animated change of size was announced to the layout: it is told when the new layout is done.
    var finalizesAnimatedBoundsChange = false

    /// A size measured from the item's cell (layouts with an estimated item size ask).
    func measuredSize(at indexPath: IndexPath) -> CGSize? { measured[indexPath] }
    /// The same for a section's header or footer.
    func measuredSupplementarySize(kind: String, section: Int) -> CGSize? { measuredSupplementaries["\(kind)#\(section)"] }
    private var measuredSupplementaries: [String: CGSize] = [:]

    /// What `view` needs where the layout put it: a flow layout's estimated item is measured whole; an element
    /// with an estimated length (compositional layouts) keeps the layout's width across and is measured along.
    private func measure(_ view: UICollectionReusableView, _ a: UICollectionViewLayoutAttributes) -> CGSize? {
        if collectionViewLayout is UICollectionViewFlowLayout { return view.sizeThatFits(a.size) }
        guard a.estimatesSize else { return nil }
        let vertical = (collectionViewLayout as? UICollectionViewCompositionalLayout)?.configuration.scrollDirection != .horizontal
        view.frame = a.frame
        let content = (view as? UICollectionViewCell)?.contentView ?? view
        let fit: CGSize
        if content.constraints.isEmpty && content.subviews.allSatisfy({ $0.translatesAutoresizingMaskIntoConstraints }) {
            // No constraints: the view's own answer (a content configuration's view, a label).
            fit = view.sizeThatFits(vertical ? CGSize(width: a.size.width, height: .greatestFiniteMagnitude)
                                    : CGSize(width: .greatestFiniteMagnitude, height: a.size.height))
        } else {
            // Laid out at the given width first, so that multi-line labels know where they wrap.
            for _ in 0..<2 { view.layoutIfNeeded() }
            fit = content.systemLayoutSizeFitting(vertical ? CGSize(width: a.size.width, height: 0) : CGSize(width: 0, height: a.size.height),
                                                  withHorizontalFittingPriority: vertical ? .required : .fittingSizeLevel,
                                                  verticalFittingPriority: vertical ? .fittingSizeLevel : .required)
        }
        let scale = window?.screen.scale ?? UIScreen.main.scale
        func up(_ v: CGFloat) -> CGFloat { max(1, (v * scale).rounded(.up) / scale) }
        return vertical ? CGSize(width: a.size.width, height: up(fit.height)) : CGSize(width: up(fit.width), height: a.size.height)
    }

    /// Shows the elements in the visible rectangle.
    func layoutItems() {
        loadCounts()
        guard dataSource != nil else { return }
        collectionViewLayout.prepareIfNeeded()
        let size = collectionViewLayout.collectionViewContentSize
        if contentSize != size { contentSize = size }
        syncOrthogonalScrollers()
        let attributes = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
        var wantedCells: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        var wantedSupplementary: [ElementKey: UICollectionViewLayoutAttributes] = [:]
        var wantedDecorations: [ElementKey: UICollectionViewLayoutAttributes] = [:]
        for a in attributes {
            switch a.representedElementCategory {
            case .cell: wantedCells[a.indexPath] = a
            case .supplementaryView: wantedSupplementary[ElementKey(kind: a.representedElementKind ?? "", indexPath: a.indexPath)] = a
            case .decorationView: wantedDecorations[ElementKey(kind: a.representedElementKind ?? "", indexPath: a.indexPath)] = a
            }
        }
        showDecorations(wantedDecorations)
        for (ip, cell) in visibleCells_ where wantedCells[ip] == nil {
            visibleCells_[ip] = nil
            collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: ip)
            enqueue(cell)
        }
        var remeasure = false
        for (ip, a) in wantedCells {
            let cell: UICollectionViewCell
            if let existing = visibleCells_[ip] {
                cell = existing
            } else {
                guard let made = dataSource?.collectionView(self, cellForItemAt: ip) else { continue }
                cell = made
                let parent = placement(for: a).0
                if cell.superview !== parent {
                    if parent === self { insertSubview(cell, at: backIndex) } else { parent.addSubview(cell) }
                }
                visibleCells_[ip] = cell
                cell.isSelected = selected.contains(ip)
                (cell as? UICollectionViewListCell)?.isEditing = isEditing
                if collectionViewLayout.selfSizesCells, measured[ip] == nil, let fit = measure(cell, a) {
                    measured[ip] = fit
                    if fit != a.size { remeasure = true }
                }
                collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: ip)
            }
            // (Only what changed: each set looks for an action.)
            var frame = placement(for: a).1
            if let open = openSwipe, open.indexPath == ip { frame.origin.x += open.offset } // (a row swiped open stays aside)
            if cell.frame != frame { cell.frame = frame }
            if cell.alpha != a.alpha { cell.alpha = a.alpha }
            if cell.isHidden != a.isHidden { cell.isHidden = a.isHidden }
            cell.apply(a)
        }
        for (key, view) in visibleSupplementaries where wantedSupplementary[key] == nil {
            visibleSupplementaries[key] = nil
            enqueueSupplementary(view)
        }
        for (key, a) in wantedSupplementary {
            let view: UICollectionReusableView
            if let existing = visibleSupplementaries[key] {
                view = existing
            } else {
                guard let made = dataSource?.collectionView(self, viewForSupplementaryElementOfKind: a.representedElementKind ?? "", at: a.indexPath)
                else { continue }
                view = made
                if view.superview !== self { addSubview(view) }
                visibleSupplementaries[key] = view
                let measureKey = "\(key.kind)#\(a.indexPath.section)"
                if a.estimatesSize, measuredSupplementaries[measureKey] == nil, let fit = measure(view, a) {
                    measuredSupplementaries[measureKey] = fit
                    if fit != a.size { remeasure = true }
                }
            }
            if view.frame != a.frame { view.frame = a.frame }
            if a.zIndex > 0, subviews.last !== view { bringSubviewToFront(view) }
            view.apply(a)
        }
        if remeasure {
            collectionViewLayout.isValid = false
            layoutItems()
        }
    }

    // MARK: Queries

    open var visibleCells: [UICollectionViewCell] { layoutIfNeeded(); return indexPathsForVisibleItems.compactMap { visibleCells_[$0] } }
    open var indexPathsForVisibleItems: [IndexPath] { layoutIfNeeded(); return visibleCells_.keys.sorted() }
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { layoutIfNeeded(); return visibleCells_[indexPath] }
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { visibleCells_.first { $0.value === cell }?.key }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        loadCounts()
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        loadCounts()
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }
    /// The supplementary view of `elementKind` shown at `indexPath`, if it is on screen.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        baseSupplementaryView(forElementKind: elementKind, at: indexPath)
    }
    /// The supplementary views of `elementKind` on screen.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        baseVisibleSupplementaryViews(ofKind: elementKind)
    }
    /// Where the supplementary views of `elementKind` on screen are, in index path order.
    open func indexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        baseIndexPathsForVisibleSupplementaryElements(ofKind: elementKind)
    }
    /// The item at `point` (content coordinates), if any.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        loadCounts()
        collectionViewLayout.prepareIfNeeded()
        // In an orthogonal section's strip: its cells' frames run across in the strip's own content.
        for (s, scroller) in orthogonalScrollers where scroller.frame.contains(point) {
            let p = scroller.strip.sideways ? CGPoint(x: point.x - scroller.frame.minX + scroller.contentOffset.x, y: point.y)
                : CGPoint(x: point.x, y: point.y - scroller.frame.minY + scroller.contentOffset.y)
            return collectionViewLayout.layoutAttributesForElements(in: CGRect(x: p.x, y: p.y, width: 1, height: 1))?
                .last { $0.representedElementCategory == .cell && $0.stripSection == s && $0.frame.contains(p) }?.indexPath
        }
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        return collectionViewLayout.layoutAttributesForElements(in: probe)?
            .last { $0.representedElementCategory == .cell && $0.frame.contains(point) }?.indexPath
    }

    /// Scrolls so that the item shows at `scrollPosition` (empty: as little as needed).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let a = layoutAttributesForItem(at: indexPath) else { return }
        let r = a.frame, i = adjustedContentInset, b = bounds
        var target = contentOffset
        if scrollPosition.contains(.top) { target.y = r.minY - i.top }
        if scrollPosition.contains(.centeredVertically) { target.y = r.midY - (b.height + i.top - i.bottom) / 2 }
        if scrollPosition.contains(.bottom) { target.y = r.maxY - b.height + i.bottom }
        if scrollPosition.contains(.left) { target.x = r.minX - i.left }
        if scrollPosition.contains(.centeredHorizontally) { target.x = r.midX - (b.width + i.left - i.right) / 2 }
        if scrollPosition.contains(.right) { target.x = r.maxX - b.width + i.right }
        if scrollPosition.isEmpty { scrollRectToVisible(r, animated: animated); return }
        let lo = minimumOffset, hi = maximumOffset
        setContentOffset(CGPoint(x: min(max(target.x, lo.x), hi.x), y: min(max(target.y, lo.y), hi.y)), animated: animated)
    }

    // MARK: Selection

    open var indexPathsForSelectedItems: [IndexPath]? { selected.sorted() }

    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else { for ip in selected { deselectItem(at: ip, animated: animated) }; return }
        if !allowsMultipleSelection { for ip in selected where ip != indexPath { deselectItem(at: ip, animated: animated) } }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        visibleCells_[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
        visibleCells_[indexPath]?.isSelected = false
    }

    func itemTapped(_ recognizer: RowSelection) {
        guard recognizer.state == .ended, let ip = recognizer.row else { return }
        setHighlight(nil)
        // A header-style outline row expands or collapses instead of being selected.
        if let cell = visibleCells_[ip] as? UICollectionViewListCell, cell.togglesOnTap {
            cell.toggleOutline()
            return
        }
        if selected.contains(ip) && allowsMultipleSelection {
            guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: ip) ?? true else { return }
            deselectItem(at: ip, animated: true)
            collectionDelegate?.collectionView(self, didDeselectItemAt: ip)
            return
        }
        guard collectionDelegate?.collectionView(self, shouldSelectItemAt: ip) ?? true else { return }
        if !allowsMultipleSelection {
            for old in selected where old != ip {
                deselectItem(at: old, animated: false)
                collectionDelegate?.collectionView(self, didDeselectItemAt: old)
            }
        }
        if !selected.contains(ip) { selected.append(ip) }
        visibleCells_[ip]?.isSelected = true
        collectionDelegate?.collectionView(self, didSelectItemAt: ip)
    }
}

extension UICollectionView: SelectableList {
    func selectableItem(at point: CGPoint) -> IndexPath? {
        guard allowsSelection, let ip = indexPathForItem(at: point),
              collectionDelegate?.collectionView(self, shouldHighlightItemAt: ip) ?? true else { return nil }
        return ip
    }

    func setHighlight(_ ip: IndexPath?) {
        guard ip != highlighted else { return }
        if let old = highlighted {
            visibleCells_[old]?.isHighlighted = false
            collectionDelegate?.collectionView(self, didUnhighlightItemAt: old)
        }
        highlighted = ip
        if let ip {
            visibleCells_[ip]?.isHighlighted = true
            collectionDelegate?.collectionView(self, didHighlightItemAt: ip)
        }
    }
}

/// List sections' rows swipe open on the actions their list configuration's providers give them.
extension UICollectionView: SwipeActionRows {
    func swipeRow(at point: CGPoint) -> IndexPath? {
        guard let ip = indexPathForItem(at: point), let a = collectionViewLayout.layoutAttributesForItem(at: ip),
              a.listAppearance != nil, a.stripSection < 0 else { return nil }
        return ip
    }
    func swipeRowRect(_ ip: IndexPath) -> CGRect { collectionViewLayout.layoutAttributesForItem(at: ip)?.frame ?? .zero }
    func swipeCell(_ ip: IndexPath) -> UIView? { visibleCells_[ip] }

    func swipeActions(for ip: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        guard let list = collectionViewLayout.layoutAttributesForItem(at: ip)?.listAppearance,
              let c = (leading ? list.leadingSwipeActionsConfigurationProvider : list.trailingSwipeActionsConfigurationProvider)?(ip),
              !c.actions.isEmpty else { return nil }
        return c
    }
}
