import CoreGraphics
import Foundation

/// A scrolling list of rows in sections (UIKit's `UITableView`).
///
/// Only the rows on screen have cells: a cell that scrolls out goes back to its reuse queue and comes out again,
/// through `dequeueReusableCell(withIdentifier:for:)`, for a row that scrolls in. Row heights are fixed
/// (`rowHeight`, the delegate's), or measured from the cell when it is shown (`automaticDimension`: the cell's
/// constraints or `sizeThatFits`), with `estimatedRowHeight` standing in for rows not yet shown. Rows are found by
/// binary search over their running heights, so a frame of scrolling costs the same for ten rows or a hundred
/// thousand.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// The table's look.
    public enum Style: Int, Sendable {
        /// Rows edge to edge, section headers that stay at the top while their section scrolls under them.
        case plain
        /// Sections as groups on a grey background.
        case grouped
        /// Groups inset from the sides with rounded corners.
        case insetGrouped
    }

    /// Where a row scrolled to ends up.
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }

    /// How inserted, deleted and reloaded rows appear.
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic }

    /// A height worked out from the content (row heights, section header and footer heights).
    public static let automaticDimension: CGFloat = -1

    public let style: Style
    /// Where rows come from.
    open weak var dataSource: (any UITableViewDataSource)? { didSet { reloadData() } }
    /// The delegate, as a table view delegate (`delegate` when it is one).
    weak var tableDelegate: (any UITableViewDelegate)?

    open override var delegate: (any UIScrollViewDelegate)? {
        didSet {
            tableDelegate = delegate as? (any UITableViewDelegate)
            if tableDelegate != nil { reloadData() }
        }
    }

    /// Every row's height (`automaticDimension`: measured from its cell).
    open var rowHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateGeometry() } }
    /// The height assumed for rows not measured yet.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateGeometry() } }
    /// Section header and footer heights (`automaticDimension`: from the title or view).
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateGeometry() } }
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateGeometry() } }
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension

    /// Separators between rows.
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    open var separatorColor: UIColor? = .separator { didSet { separators.forEach { $0.backgroundColor = separatorColor } } }
    /// The default inset of the separators (cells may set their own).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }

    /// A view above the first section and below the last (their heights are their frames').
    open var tableHeaderView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = tableHeaderView { addSubview(v) }; invalidateGeometry() }
    }
    open var tableFooterView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = tableFooterView { addSubview(v) }; invalidateGeometry() }
    }
    /// Shown behind the rows, filling the table.
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let v = backgroundView { insertSubview(v, at: 0) }; setNeedsLayout() }
    }

    /// Whether a tap selects a row; whether several rows stay selected.
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false
    /// Whether the table is editing.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }
    private var editing = false
    /// Whether `indexPathsForSelectedRows` survive `reloadData`.
    open var remembersLastFocusedIndexPath = false
    /// Whether tapping a row toggles a selection rather than replacing it in a multiple-selection table.
    open var selectionFollowsFocus = false

    // MARK: Updates (recorded, checked and animated in UITableView+Updates.swift). Open, as UIKit's are: subclasses
    // override them to follow changes or to change their animation.

    /// Runs `updates` (which change the data source and call the insert/delete/reload/move methods) as one update,
    /// then animates to the result; `completion` runs when the animation ends.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates(completion: completion)
    }
    /// Starts a batch (`endUpdates()` applies it); batches nest.
    open func beginUpdates() {
        if updateDepth == 0 { pendingBatch = Batch() }
        updateDepth += 1
    }
    /// Applies the batch begun by `beginUpdates()`.
    open func endUpdates() { endUpdates(completion: nil) }
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record(animation) { $0.insertedRows.formUnion(indexPaths) }
    }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record(animation) { $0.deletedRows.formUnion(indexPaths) }
    }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record(animation) { $0.reloadedRows.formUnion(indexPaths) }
    }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record(.automatic) { $0.movedRows.append((indexPath, newIndexPath)) }
    }
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(animation) { $0.insertedSections.formUnion(sections) }
    }
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(animation) { $0.deletedSections.formUnion(sections) }
    }
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record(animation) { $0.reloadedSections.formUnion(sections) }
    }
    /// Moves a section: its rows leave their old place and appear at the new one (the data source has the move
    /// already). Shown as the old section fading out and the new one fading in, not as a slide.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        record(.automatic) { batch in
            batch.deletedSections.insert(section)
            batch.insertedSections.insert(newSection)
        }
    }
    /// Reconfigures the rows' cells in place (iOS 15): here, a reload without animation.
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        record(.none) { $0.reloadedRows.formUnion(indexPaths) }
    }

    // MARK: State

    /// Row counts and heights per section, and where each section and row starts.
    struct Section {
        var top: CGFloat = 0
        var header: CGFloat = 0
        var footer: CGFloat = 0
        /// Heights of the rows, and whether each was measured (not an estimate).
        var heights: [CGFloat] = []
        var measured: [Bool] = []
        /// Running sum of the heights: `tops[r]` is where row r starts below the header; one more than the rows.
        var tops: [CGFloat] = [0]
        var rows: Int { heights.count }
        var rowsTop: CGFloat { top + header }
        var height: CGFloat { header + tops[tops.count - 1] + footer }
    }
    var sections: [Section] = []
    private var geometryValid = false
    private var countsValid = false
    var contentTop: CGFloat = 0

    /// Cells on screen by row, and headers and footers by section.
    var visibleCells_: [IndexPath: UITableViewCell] = [:]
    private var visibleHeaders: [Int: UIView] = [:]
    private var visibleFooters: [Int: UIView] = [:]
    private var visibleRange: [IndexPath] = []
    /// Cells and header views off screen, by reuse identifier.
    private var reuseQueues = ReuseQueues<UITableViewCell>()
    private var headerQueues = ReuseQueues<UITableViewHeaderFooterView>()
    private var cellClasses: [String: UITableViewCell.Type] = [:]
    private var headerClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    /// The separators in use (one per visible cell), and spares.
    private(set) var separators: [UIView] = []
    private var spareSeparators: [UIView] = []
    private var separatorsByRow: [IndexPath: UIView] = [:]
    /// Groups' backgrounds for inset-grouped tables, by section.
    private var groupBackgrounds: [Int: UIView] = [:]
    /// Selected rows, in the order selected.
    var selected: [IndexPath] = []
    /// The row under a finger.
    var highlighted: IndexPath?
    /// Cells made, for tests and benchmarks: reuse should keep it at the screenful.
    private(set) var cellsCreated = 0
    /// The batch being gathered (`beginUpdates`), how deep, and what runs when it is applied.
    var pendingBatch: Batch?
    var updateDepth = 0
    var pendingCompletions: [(Bool) -> Void] = []
    private let selection = RowSelection()
    private let rowSwipe = RowSwipe()
    private let rowReorder = RowReorder()
    /// The row swiped open on its actions, and where a swipe began.
    var openSwipe: OpenSwipe?
    var swipeStart: CGFloat = 0

    /// A table of `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        commonInit()
    }

    public override convenience init(frame: CGRect) { self.init(frame: frame, style: .plain) }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
        selection.addTarget(self, action: UITableView.rowSelected)
        addGestureRecognizer(selection)
        rowSwipe.addTarget(self, action: UITableView.handleSwipe)
        addGestureRecognizer(rowSwipe)
        rowReorder.addTarget(self, action: UITableView.handleReorder)
        addGestureRecognizer(rowReorder)
    }

    // MARK: Registration and reuse

    /// Cells for `identifier` are made of `cellClass` when the queue is empty.
    open func register(_ cellClass: UITableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        cellClasses[identifier] = cellClass
    }

    /// Headers and footers for `identifier` are made of `aClass`.
    open func register(_ aClass: UITableViewHeaderFooterView.Type?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerClasses[identifier] = aClass
    }

    /// A cell for `indexPath` from the queue for `identifier`, or a new one of the registered class. An identifier
    /// with no registered class stops the program, with UIKit's message.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        preconditionFailure("unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
    }

    /// A cell from the queue for `identifier`, a new one of the registered class, or nil if neither.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = reuseQueues.take(identifier) {
            cell.prepareForReuse()
            return cell
        }
        guard let cls = cellClasses[identifier] else { return nil }
        cellsCreated += 1
        return cls.init(registeredWithReuseIdentifier: identifier)
    }

    /// A header or footer view from the queue for `identifier`, or a new one of the registered class.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if let view = headerQueues.take(identifier) {
            view.prepareForReuse()
            return view
        }
        guard let cls = headerClasses[identifier] else { return nil }
        return cls.init(registeredWithReuseIdentifier: identifier)
    }

    /// Puts a cell that left (scrolled out, or removed by an update) back in its queue.
    func recycle(_ cell: UITableViewCell) { enqueue(cell) }

    private func enqueue(_ cell: UITableViewCell) {
        cell.isHidden = true
        cell.setHighlighted(false, animated: false)
        cell.setSelected(false, animated: false)
        guard let id = cell.reuseIdentifier else { cell.removeFromSuperview(); return }
        reuseQueues.put(cell, id)
    }

    private func enqueueHeader(_ view: UIView) {
        if let h = view as? UITableViewHeaderFooterView, let id = h.reuseIdentifier {
            headerQueues.put(h, id)
        } else {
            view.removeFromSuperview()
        }
    }

    // MARK: Data

    /// The number of sections, as the data source last said.
    open var numberOfSections: Int { loadCounts(); return sections.count }

    /// The number of rows in `section`.
    open func numberOfRows(inSection section: Int) -> Int {
        loadCounts()
        return sections.indices.contains(section) ? sections[section].rows : 0
    }

    /// Reloads everything: counts, heights and every cell shown.
    open func reloadData() {
        closeSwipe(animated: false)
        countsValid = false
        geometryValid = false
        for (_, cell) in visibleCells_ { enqueue(cell) }
        visibleCells_.removeAll()
        for (_, v) in visibleHeaders { enqueueHeader(v) }
        for (_, v) in visibleFooters { enqueueHeader(v) }
        visibleHeaders.removeAll()
        visibleFooters.removeAll()
        selected.removeAll()
        setNeedsLayout()
    }

    /// Counts from the data source (heights as estimates), when they are not known.
    func loadCounts() {
        guard !countsValid else { return }
        countsValid = true
        geometryValid = false
        guard let dataSource else { sections = []; return }
        let n = max(0, dataSource.numberOfSections(in: self))
        sections = (0..<n).map { s in
            let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: s))
            var section = Section()
            section.heights = Array(repeating: 0, count: rows)
            section.measured = Array(repeating: false, count: rows)
            return section
        }
        for s in sections.indices {
            for r in 0..<sections[s].rows {
                (sections[s].heights[r], sections[s].measured[r]) = initialHeight(IndexPath(row: r, section: s))
            }
        }
    }

    /// A row's height before its cell is shown: the fixed height (final: `fixed`), or the estimate.
    func initialHeight(_ indexPath: IndexPath) -> (height: CGFloat, fixed: Bool) {
        let h = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
        if h >= 0 { return (h, true) }
        let e = tableDelegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? estimatedRowHeight
        return (e > 0 ? e : 44, false)
    }

    func invalidateGeometry() {
        geometryValid = false
        setNeedsLayout()
    }

    /// Works out every section's place and the content size.
    func layoutGeometry() {
        loadCounts()
        guard !geometryValid else { return }
        geometryValid = true
        var y: CGFloat = tableHeaderView?.frame.height ?? 0
        contentTop = 0
        if style != .plain && tableHeaderView == nil { y += 18 }
        for s in sections.indices {
            sections[s].top = y
            sections[s].header = headerHeight(s)
            sections[s].footer = footerHeight(s)
            recomputeTops(s)
            y += sections[s].height
        }
        tableHeaderView?.frame.origin = .zero
        tableHeaderView?.frame.size.width = bounds.width
        if let footer = tableFooterView {
            footer.frame = CGRect(x: 0, y: y, width: bounds.width, height: footer.frame.height)
            y += footer.frame.height
        }
        if contentSize != CGSize(width: bounds.width, height: y) { contentSize = CGSize(width: bounds.width, height: y) }
    }

    private func recomputeTops(_ s: Int) {
        var tops = sections[s].tops
        tops.removeAll(keepingCapacity: true)
        var y: CGFloat = 0
        tops.append(0)
        for h in sections[s].heights { y += h; tops.append(y) }
        sections[s].tops = tops
    }

    /// After a row's height changed: the sections below move.
    private func rowHeightChanged(section s: Int) {
        recomputeTops(s)
        var y = sections[s].top + sections[s].height
        for t in (s + 1)..<max(s + 1, sections.count) {
            sections[t].top = y
            y += sections[t].height
        }
        if let footer = tableFooterView {
            footer.frame.origin.y = y
            y += footer.frame.height
        }
        contentSize = CGSize(width: bounds.width, height: y)
    }

    private func headerHeight(_ s: Int) -> CGFloat { supplementaryHeight(s, footer: false) }
    private func footerHeight(_ s: Int) -> CGFloat { supplementaryHeight(s, footer: true) }

    /// A section header's or footer's height: the delegate's, its view's, its title's, or the style's gap.
    private func supplementaryHeight(_ s: Int, footer: Bool) -> CGFloat {
        let asked = footer ? tableDelegate?.tableView(self, heightForFooterInSection: s) ?? sectionFooterHeight
            : tableDelegate?.tableView(self, heightForHeaderInSection: s) ?? sectionHeaderHeight
        if asked >= 0 { return asked }
        let view = footer ? tableDelegate?.tableView(self, viewForFooterInSection: s) : tableDelegate?.tableView(self, viewForHeaderInSection: s)
        if let view {
            let fit = view.sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude)).height
            return fit > 0 ? fit : max(view.frame.height, 28)
        }
        let title = footer ? dataSource?.tableView(self, titleForFooterInSection: s) : dataSource?.tableView(self, titleForHeaderInSection: s)
        if let title { return measureTitle(title, footer: footer) }
        if style == .plain { return 0 }
        return footer || s > 0 ? 18 : 0
    }

    private lazy var titleMeasure = UITableViewHeaderFooterView(reuseIdentifier: nil)

    private func measureTitle(_ title: String, footer: Bool) -> CGFloat {
        titleMeasure.grouped = style != .plain
        titleMeasure.isFooter = footer
        titleMeasure.textLabel?.text = title
        return max(style == .plain ? 28 : 38, titleMeasure.sizeThatFits(CGSize(width: bounds.width, height: 1000)).height)
    }

    // MARK: Geometry queries

    /// The row's rectangle in content coordinates.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        layoutGeometry()
        guard sections.indices.contains(indexPath.section), indexPath.row >= 0, indexPath.row < sections[indexPath.section].rows
        else { return .zero }
        let s = sections[indexPath.section]
        let inset = rowInset
        return CGRect(x: inset, y: s.rowsTop + s.tops[indexPath.row], width: bounds.width - 2 * inset, height: s.heights[indexPath.row])
    }

    /// A section's rectangle: header, rows and footer.
    open func rect(forSection section: Int) -> CGRect {
        layoutGeometry()
        guard sections.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: sections[section].top, width: bounds.width, height: sections[section].height)
    }

    open func rectForHeader(inSection section: Int) -> CGRect {
        layoutGeometry()
        guard sections.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: sections[section].top, width: bounds.width, height: sections[section].header)
    }

    open func rectForFooter(inSection section: Int) -> CGRect {
        layoutGeometry()
        guard sections.indices.contains(section) else { return .zero }
        let s = sections[section]
        return CGRect(x: 0, y: s.top + s.height - s.footer, width: bounds.width, height: s.footer)
    }

    /// The row at `point` (content coordinates), if any.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        layoutGeometry()
        guard let s = sectionIndex(at: point.y) else { return nil }
        let y = point.y - sections[s].rowsTop
        guard y >= 0, let r = rowIndex(in: s, at: y), point.x >= rowInset, point.x < bounds.width - rowInset else { return nil }
        return IndexPath(row: r, section: s)
    }

    /// The rows whose rectangles meet `rect`.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        layoutGeometry()
        var result: [IndexPath] = []
        forEachRow(from: rect.minY, to: rect.maxY) { result.append($0) }
        return result
    }

    /// The row `cell` shows, if it is on screen.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visibleCells_.first { $0.value === cell }?.key
    }

    /// The cell on screen for a row (nil when the row is not shown).
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeeded()
        return visibleCells_[indexPath]
    }

    /// The header and footer views on screen for a section.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        visibleHeaders[section] as? UITableViewHeaderFooterView
    }
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        visibleFooters[section] as? UITableViewHeaderFooterView
    }

    /// The cells on screen, top to bottom.
    open var visibleCells: [UITableViewCell] {
        layoutIfNeeded()
        return (indexPathsForVisibleRows ?? []).compactMap { visibleCells_[$0] }
    }

    /// The rows on screen, top to bottom.
    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return visibleCells_.keys.sorted()
    }

    /// Rows of grouped tables are inset from the sides in the inset style.
    var rowInset: CGFloat { style == .insetGrouped ? 20 : 0 }

    /// The section containing `y` (content coordinates).
    private func sectionIndex(at y: CGFloat) -> Int? {
        var lo = 0, hi = sections.count - 1
        guard hi >= 0 else { return nil }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sections[mid].top <= y { lo = mid } else { hi = mid - 1 }
        }
        let s = sections[lo]
        return y >= s.top && y < s.top + s.height ? lo : nil
    }

    /// The row of section `s` containing `y` (below the section's header).
    private func rowIndex(in s: Int, at y: CGFloat) -> Int? {
        let tops = sections[s].tops
        let rows = sections[s].rows
        guard rows > 0, y >= 0, y < tops[rows] else { return nil }
        var lo = 0, hi = rows - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if tops[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Calls `body` for each row meeting `minY..<maxY`, top to bottom.
    func forEachRow(from minY: CGFloat, to maxY: CGFloat, _ body: (IndexPath) -> Void) {
        guard !sections.isEmpty, maxY > minY else { return }
        var s = 0
        // The first section reaching minY.
        var lo = 0, hi = sections.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sections[mid].top <= minY { lo = mid } else { hi = mid - 1 }
        }
        s = lo
        while s < sections.count, sections[s].top < maxY {
            let sec = sections[s]
            if sec.rows > 0 {
                let from = minY - sec.rowsTop, to = maxY - sec.rowsTop
                var r = from <= 0 ? 0 : (rowIndex(in: s, at: from) ?? sec.rows)
                while r < sec.rows, sec.tops[r] < to {
                    if sec.tops[r + 1] > from { body(IndexPath(row: r, section: s)) }
                    r += 1
                }
            }
            s += 1
        }
    }

    // MARK: Layout

    override func scrollViewDidScroll() {
        super.scrollViewDidScroll()
        // Scrolling closes a row swiped open, as on iOS.
        if isDragging, openSwipe != nil { closeSwipe(animated: true) }
        // Rows come and go as the content moves (before the delegate hears of the scroll, as on iOS).
        layoutRows()
        if sectionIndexView != nil { layoutSectionIndex() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if bounds.width != lastWidth {
            lastWidth = bounds.width
            geometryValid = false
        }
        layoutRows()
        layoutSectionIndex()
        backgroundView?.frame = bounds
    }
    private var lastWidth: CGFloat = -1

    /// A drag that starts on the section index is the index's, not a scroll.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer, let index = sectionIndexView,
           index.bounds.contains(gestureRecognizer.location(in: index)) { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    /// The section index, while the data source gives titles (`UITableView+SectionIndex.swift`).
    var sectionIndexView: SectionIndexView?
    /// The colour of the index's titles (nil: the tint colour), its background, and how many rows the table needs
    /// before it shows one.
    open var sectionIndexColor: UIColor? { didSet { setNeedsLayout() } }
    open var sectionIndexBackgroundColor: UIColor? { didSet { setNeedsLayout() } }
    open var sectionIndexTrackingBackgroundColor: UIColor?
    open var sectionIndexMinimumDisplayRowCount = 0 { didSet { setNeedsLayout() } }
    /// Reloads the index's titles from the data source.
    open func reloadSectionIndexTitles() { setNeedsLayout() }
    private var wantedScratch: [IndexPath] = []
    private var goneScratch: [IndexPath] = []

    /// Shows the rows, headers and footers in the visible rectangle: cells for rows that came into view, back to
    /// their queues for rows that left, everything placed.
    func layoutRows() {
        layoutGeometry()
        guard dataSource != nil else { return }
        let b = bounds
        // (Lists kept from frame to frame: a scrolled frame allocates none.)
        var wanted = wantedScratch
        wantedScratch = []
        wanted.removeAll(keepingCapacity: true)
        defer { wantedScratch = wanted }
        forEachRow(from: b.minY, to: b.maxY) { wanted.append($0) }
        // Rows that left.
        if visibleCells_.count > 0 {
            var gone = goneScratch
            goneScratch = []
            gone.removeAll(keepingCapacity: true)
            defer { goneScratch = gone }
            for (ip, _) in visibleCells_ where !rowIsVisible(ip, b) { gone.append(ip) }
            for ip in gone {
                let cell = visibleCells_.removeValue(forKey: ip)!
                tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: ip)
                enqueue(cell)
            }
        }
        var remeasured = false
        for ip in wanted where visibleCells_[ip] == nil {
            guard let cell = dataSource?.tableView(self, cellForRowAt: ip) else { continue }
            cell.table = self
            if cell.superview !== self { insertCellView(cell) }
            if !sections[ip.section].measured[ip.row] {
                sections[ip.section].measured[ip.row] = true
                let h = measure(cell)
                if abs(h - sections[ip.section].heights[ip.row]) > 0.01 {
                    sections[ip.section].heights[ip.row] = h
                    rowHeightChanged(section: ip.section)
                    remeasured = true
                }
            }
            visibleCells_[ip] = cell
            cell.setSelected(selected.contains(ip), animated: false)
            cell.setHighlighted(highlighted == ip, animated: false)
            configureEditing(cell, ip, animated: false)
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: ip)
        }
        if remeasured {
            // Measured rows moved the ones below: show what is there now.
            layoutRows()
            return
        }
        for (ip, cell) in visibleCells_ {
            // (A row swiped open stays moved aside.)
            let r = rectForRowFast(ip).offsetBy(dx: openSwipe?.indexPath == ip ? openSwipe!.offset : 0, dy: 0)
            if cell.frame != r { cell.frame = r }
            if style == .insetGrouped { cell.groupCorners = groupCorners(of: ip) }
        }
        layoutHeadersAndFooters(b)
        layoutSeparators()
        layoutGroupBackgrounds(b)
    }

    private func rowIsVisible(_ ip: IndexPath, _ b: CGRect) -> Bool {
        guard sections.indices.contains(ip.section), ip.row < sections[ip.section].rows else { return false }
        let s = sections[ip.section]
        let top = s.rowsTop + s.tops[ip.row]
        return top < b.maxY && top + s.heights[ip.row] > b.minY
    }

    /// `rectForRow(at:)` without checking the geometry (it is current).
    func rectForRowFast(_ ip: IndexPath) -> CGRect {
        let s = sections[ip.section]
        return CGRect(x: rowInset, y: s.rowsTop + s.tops[ip.row], width: bounds.width - 2 * rowInset, height: s.heights[ip.row])
    }

    /// Cells go under headers, separators and indicators (which are added on top of them, once).
    private func insertCellView(_ cell: UITableViewCell) {
        var index = 0
        for (i, v) in subviews.enumerated() where v is UITableViewCell || v === backgroundView || groupBackgrounds.values.contains(where: { $0 === v }) {
            index = i + 1
        }
        insertSubview(cell, at: index)
    }

    /// A self-sizing row's height: its cell's constraints (when it has some) or its `sizeThatFits`.
    private func measure(_ cell: UITableViewCell) -> CGFloat {
        let width = bounds.width - 2 * rowInset
        cell.frame.size.width = width
        if cell.contentView.constraints.isEmpty && cell.contentView.subviews.allSatisfy({ $0.translatesAutoresizingMaskIntoConstraints }) {
            return max(1, cell.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height.rounded(.up))
        }
        // Laid out at the row's width first, so that multi-line labels know the width they wrap at.
        cell.frame.size.height = max(cell.frame.height, 44)
        for _ in 0..<2 { cell.layoutIfNeeded() }
        let size = cell.contentView.systemLayoutSizeFitting(CGSize(width: width, height: UIView.layoutFittingCompressedSize.height),
                                                            withHorizontalFittingPriority: .required,
                                                            verticalFittingPriority: .fittingSizeLevel)
        let scale = window?.screen.scale ?? UIScreen.main.scale
        return max(1, (size.height * scale).rounded(.up) / scale)
    }

    /// A cell's content changed its size (a new content configuration): measure it again.
    func cellContentChanged(_ cell: UITableViewCell) {
        guard let ip = indexPath(for: cell), initialHeight(ip).fixed == false else { return }
        sections[ip.section].measured[ip.row] = false
        visibleCells_[ip] = nil
        enqueue(cell)
        setNeedsLayout()
    }

    private func layoutHeadersAndFooters(_ b: CGRect) {
        var shownHeaders: Set<Int> = [], shownFooters: Set<Int> = []
        var s = sectionIndex(at: max(0, b.minY)) ?? 0
        while s < sections.count, sections[s].top < b.maxY {
            let sec = sections[s]
            if sec.header > 0 {
                var frame = CGRect(x: 0, y: sec.top, width: b.width, height: sec.header)
                if style == .plain {
                    // Headers stay at the top while their section scrolls under them, pushed off by the next.
                    let floor = b.minY + adjustedContentInset.top
                    frame.origin.y = min(max(sec.top, floor), sec.top + sec.height - sec.footer - sec.header)
                }
                if frame.maxY > b.minY, frame.minY < b.maxY, let view = header(s) {
                    shownHeaders.insert(s)
                    if view.frame != frame { view.frame = frame }
                    // Over the rows that scroll under it (cells come in below the separators and headers).
                    if style == .plain, subviews.last !== view { bringSubviewToFront(view) }
                }
            }
            if sec.footer > 0 {
                let frame = CGRect(x: 0, y: sec.top + sec.height - sec.footer, width: b.width, height: sec.footer)
                if frame.maxY > b.minY, frame.minY < b.maxY, let view = footer(s) {
                    shownFooters.insert(s)
                    view.frame = frame
                }
            }
            s += 1
        }
        for (s, v) in visibleHeaders where !shownHeaders.contains(s) { enqueueHeader(v); visibleHeaders[s] = nil }
        for (s, v) in visibleFooters where !shownFooters.contains(s) { enqueueHeader(v); visibleFooters[s] = nil }
    }

    private func header(_ s: Int) -> UIView? {
        if let v = visibleHeaders[s] { return v }
        let view = tableDelegate?.tableView(self, viewForHeaderInSection: s) ?? titleView(dataSource?.tableView(self, titleForHeaderInSection: s), footer: false)
        if let view {
            if view.superview !== self { addSubview(view) }
            if style == .plain, view.backgroundColor == nil, let h = view as? UITableViewHeaderFooterView, h.reuseIdentifier == Self.titleIdentifier {
                h.backgroundColor = .secondarySystemBackground
            }
            visibleHeaders[s] = view
        }
        return view
    }

    private func footer(_ s: Int) -> UIView? {
        if let v = visibleFooters[s] { return v }
        let view = tableDelegate?.tableView(self, viewForFooterInSection: s) ?? titleView(dataSource?.tableView(self, titleForFooterInSection: s), footer: true)
        if let view {
            if view.superview !== self { addSubview(view) }
            visibleFooters[s] = view
        }
        return view
    }

    static let titleIdentifier = "UITableView.sectionTitle"

    /// A header or footer for a section title.
    private func titleView(_ title: String?, footer: Bool) -> UIView? {
        guard let title else { return nil }
        let view: UITableViewHeaderFooterView
        if let v = headerQueues.take(Self.titleIdentifier) {
            view = v
        } else {
            view = UITableViewHeaderFooterView(reuseIdentifier: Self.titleIdentifier)
        }
        view.grouped = style != .plain
        view.isFooter = footer
        let label = view.textLabel
        label?.text = style == .plain || footer ? title : title.uppercased()
        label?.font = .systemFont(ofSize: style == .plain && !footer ? 15 : 13)
        label?.textColor = style == .plain && !footer ? .label : .secondaryLabel
        view.setNeedsLayout()
        return view
    }

    /// Places a separator under each visible row. A row keeps its bar while it stays visible, so that scrolling moves
    /// the bars with the content (the compositor copies what moved rigidly instead of painting it).
    private func layoutSeparators() {
        guard separatorStyle != .none else {
            for (_, v) in separatorsByRow { v.isHidden = true; spareSeparators.append(v) }
            separatorsByRow.removeAll(keepingCapacity: true)
            separators.removeAll(keepingCapacity: true)
            return
        }
        // Bars of rows no longer shown (or that no longer have one) go back to the spares first.
        for (ip, v) in separatorsByRow where visibleCells_[ip] == nil || !hasSeparator(ip) {
            separatorsByRow[ip] = nil
            v.isHidden = true
            spareSeparators.append(v)
        }
        let scale = window?.screen.scale ?? UIScreen.main.scale
        let line = 1 / scale
        separators.removeAll(keepingCapacity: true)
        for (ip, cell) in visibleCells_ where hasSeparator(ip) {
            let bar = separatorsByRow[ip] ?? spareSeparators.popLast() ?? makeSeparator()
            separatorsByRow[ip] = bar
            let inset = cell.separatorInset.left != 16 ? cell.separatorInset : separatorInset
            let f = cell.frame
            let frame = CGRect(x: f.minX + inset.left, y: f.maxY - line, width: max(0, f.width - inset.left - inset.right), height: line)
            if bar.frame != frame { bar.frame = frame }
            if bar.isHidden { bar.isHidden = false }
            separators.append(bar)
        }
    }

    /// The last row of a group has no separator (its group's edge), except in plain tables.
    private func hasSeparator(_ ip: IndexPath) -> Bool {
        !(ip.row == sections[ip.section].rows - 1 && style != .plain)
    }

    private func makeSeparator() -> UIView {
        let v = UIView()
        v.isUserInteractionEnabled = false
        v.backgroundColor = separatorColor
        addSubview(v)
        return v
    }

    /// The corners of its group's rounded card a row has: the top ones for the first row, the bottom ones for the last.
    private func groupCorners(of ip: IndexPath) -> CACornerMask {
        var corners: CACornerMask = []
        if ip.row == 0 { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
        if ip.row == sections[ip.section].rows - 1 { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        return corners
    }

    /// Inset-grouped tables: a rounded card behind each group's rows.
    private func layoutGroupBackgrounds(_ b: CGRect) {
        guard style == .insetGrouped else { return }
        var used: Set<Int> = []
        for s in sections.indices where sections[s].rows > 0 {
            let sec = sections[s]
            let frame = CGRect(x: rowInset, y: sec.rowsTop, width: b.width - 2 * rowInset, height: sec.tops[sec.rows])
            guard frame.intersects(b) else { continue }
            used.insert(s)
            let card = groupBackgrounds[s] ?? {
                let v = UIView()
                v.isUserInteractionEnabled = false
                v.backgroundColor = .secondarySystemGroupedBackground
                v.layer.cornerRadius = 10
                v.clipsToBounds = true
                insertSubview(v, at: backgroundView == nil ? 0 : 1)
                groupBackgrounds[s] = v
                return v
            }()
            card.frame = frame
        }
        for (s, v) in groupBackgrounds where !used.contains(s) { v.removeFromSuperview(); groupBackgrounds[s] = nil }
        // The cards show through the cells' clear backgrounds.
        for cell in visibleCells_.values where cell.backgroundColor == .systemBackground { cell.backgroundColor = .clear }
    }

    // MARK: Scrolling to rows

    /// Scrolls so that the row shows at `scrollPosition` (`.none`: as little as needed).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let r = rectForRow(at: indexPath)
        guard r != .zero else {
            preconditionFailure("Attempted to scroll the table view to an out-of-bounds row (\(indexPath.row)) when there are only \(numberOfRows(inSection: indexPath.section)) rows in section \(indexPath.section).")
        }
        scroll(to: r, at: scrollPosition, animated: animated)
    }

    /// Scrolls the selected row (the first) into view.
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        guard let first = selected.min() else { return }
        scrollToRow(at: first, at: scrollPosition, animated: animated)
    }

    func scroll(to r: CGRect, at position: ScrollPosition, animated: Bool) {
        let i = adjustedContentInset
        let visible = bounds.height - i.top - i.bottom
        var y: CGFloat
        switch position {
        case .top: y = r.minY - i.top
        case .middle: y = r.midY - i.top - visible / 2
        case .bottom: y = r.maxY - i.top - visible
        case .none:
            scrollRectToVisible(r, animated: animated)
            return
        }
        // Plain tables' floating header covers the top: keep the row below it.
        if style == .plain, position == .top, let s = sectionIndex(at: r.minY) { y -= sections[s].header }
        y = min(max(y, minimumOffset.y), maximumOffset.y)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    // MARK: Selection

    /// The selected row (the first selected), if any.
    open var indexPathForSelectedRow: IndexPath? { selected.first }
    /// Every selected row.
    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects a row from code (no delegate messages, as on iOS), and scrolls it to `scrollPosition`.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for ip in selected { deselectRow(at: ip, animated: animated) }
            return
        }
        if !allowsMultipleSelection { for ip in selected where ip != indexPath { deselectRow(at: ip, animated: animated) } }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        visibleCells_[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row from code (no delegate messages).
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
        visibleCells_[indexPath]?.setSelected(false, animated: animated)
    }

    /// A tap ended on a row: the delegate's say, then the selection (toggled in multiple selection).
    func rowSelected(_ recognizer: RowSelection) {
        guard recognizer.state == .ended, let ip = recognizer.row else { return }
        setHighlight(nil)
        if allowsMultipleSelection && selected.contains(ip) {
            // (The delegate may answer nil: no row. Without a delegate, the row itself.)
            let asked: IndexPath? = tableDelegate.map { $0.tableView(self, willDeselectRowAt: ip) } ?? ip
            guard let target = asked else { return }
            deselectRow(at: target, animated: true)
            tableDelegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        let asked: IndexPath? = tableDelegate.map { $0.tableView(self, willSelectRowAt: ip) } ?? ip
        guard let target = asked else { return }
        if !allowsMultipleSelection {
            for old in selected where old != target {
                let which: IndexPath? = tableDelegate.map { $0.tableView(self, willDeselectRowAt: old) } ?? old
                guard let which else { continue }
                deselectRow(at: which, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: which)
            }
        }
        if !selected.contains(target) { selected.append(target) }
        visibleCells_[target]?.setSelected(true, animated: false)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    /// Whether a touch on `ip` may select it now.
    func canSelect(_ ip: IndexPath) -> Bool {
        (editing ? allowsSelectionDuringEditing : allowsSelection)
            && (tableDelegate?.tableView(self, shouldHighlightRowAt: ip) ?? true)
    }

    /// Moves the highlight (a finger on a row) to `ip`.
    func setHighlight(_ ip: IndexPath?) {
        guard ip != highlighted else { return }
        if let old = highlighted {
            visibleCells_[old]?.setHighlighted(false, animated: false)
            tableDelegate?.tableView(self, didUnhighlightRowAt: old)
        }
        highlighted = ip
        if let ip {
            visibleCells_[ip]?.setHighlighted(true, animated: false)
            tableDelegate?.tableView(self, didHighlightRowAt: ip)
        }
    }

    // MARK: Editing

    /// Turns editing on or off (the cells hear it).
    open func setEditing(_ editing: Bool, animated: Bool) {
        closeSwipe(animated: false)
        self.editing = editing
        for (ip, cell) in visibleCells_ { configureEditing(cell, ip, animated: animated) }
    }

    /// A cell's editing control and grip for its row, as the data source and delegate say.
    private func configureEditing(_ cell: UITableViewCell, _ ip: IndexPath, animated: Bool) {
        let editable = editing && (dataSource?.tableView(self, canEditRowAt: ip) ?? false)
        cell.editingControlStyle = editable ? (tableDelegate?.tableView(self, editingStyleForRowAt: ip) ?? .delete) : .none
        cell.showsReorderControl = editing && (dataSource?.tableView(self, canMoveRowAt: ip) ?? false)
        if cell.isEditing != editing || animated { cell.setEditing(editing, animated: animated) }
    }

    /// The minus of an editing row was tapped: its Delete button comes out (as a swipe would show it); a plus
    /// inserts at once.
    func editingControlTapped(_ cell: UITableViewCell) {
        guard let ip = indexPath(for: cell) else { return }
        if cell.editingControlStyle == .insert {
            dataSource?.tableView(self, commit: .insert, forRowAt: ip)
            return
        }
        if openSwipe?.indexPath == ip { closeSwipe(animated: true); return }
        closeSwipe(animated: false)
        let title = tableDelegate.map { $0.tableView(self, titleForDeleteConfirmationButtonForRowAt: ip) } ?? "Delete"
        let delete = UIContextualAction(style: .destructive, title: title ?? "Delete") { [weak self] _, _, done in
            guard let self else { return }
            self.dataSource?.tableView(self, commit: .delete, forRowAt: ip)
            done(true)
        }
        openSwipe(ip, actions: [delete])
    }
}

extension UITableViewCell {
    /// Separator styles (a table's `separatorStyle`).
    public enum SeparatorStyle: Int, Sendable { case none, singleLine, singleLineEtched }
}

/// A scrolling list whose items a tap selects (tables and collection views).
@MainActor
protocol SelectableList: UIScrollView {
    /// The item at `point` (content coordinates) a touch may select now, if any.
    func selectableItem(at point: CGPoint) -> IndexPath?
    /// Moves the highlight (a finger on an item).
    func setHighlight(_ ip: IndexPath?)
    var highlighted: IndexPath? { get }
}

extension UITableView: SelectableList {
    func selectableItem(at point: CGPoint) -> IndexPath? {
        guard let ip = indexPathForRow(at: point), canSelect(ip) else { return nil }
        return ip
    }
}

/// Selects items: a finger that goes down on an item and lifts without moving (or being taken by the scroll)
/// selects it; the item is highlighted once the scroll view's delay has passed or the finger lifts. A touch on a
/// control in an item is the control's.
@MainActor
final class RowSelection: UIGestureRecognizer {
    private(set) var row: IndexPath?
    private var start: CGPoint = .zero

    override init() {
        super.init()
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    private var list: (any SelectableList)? { view as? any SelectableList }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let list, trackedTouches.count == 1, let touch = touches.first else { state = .failed; return }
        var v = touch.view
        while let current = v, current !== list {
            if current is UIControl { state = .failed; return }
            v = current.superview
        }
        start = touch.location(in: nil)
        if let swiping = list as? any SwipeActionRows, swiping.openSwipe != nil {
            // A touch anywhere but on its buttons closes a row swiped open, and does nothing else.
            swiping.closeSwipe(animated: true)
            state = .failed
            return
        }
        guard let ip = list.selectableItem(at: touch.location(in: list)) else { state = .failed; return }
        row = ip
        if list.delaysContentTouches {
            schedule(after: ContentTouchDelay.delay) { [weak self] in
                guard let self, self.state == .possible, let list = self.list else { return }
                list.setHighlight(self.row)
            }
        } else {
            list.setHighlight(ip)
        }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        let p = touch.location(in: nil)
        if hypot(p.x - start.x, p.y - start.y) > 10 { state = .failed }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let list, let row else { state = .failed; return }
        list.setHighlight(row)
        state = .ended
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }

    override func reset() {
        super.reset()
        if let list, list.highlighted == row { list.setHighlight(nil) }
        row = nil
    }
}
