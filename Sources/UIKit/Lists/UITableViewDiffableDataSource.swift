import Foundation

/// A table's data source that shows snapshots of identifiers (UIKit's `UITableViewDiffableDataSource`): `apply`
/// a new snapshot and the table animates from the old one — rows deleted, inserted, moved and reloaded by
/// identity, no index arithmetic in the app.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject, UITableViewDataSource {
    /// Makes the cell for an item (usually dequeued from the table and filled in).
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// How applied differences animate.
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    /// A data source for `tableView` (it becomes the table's data source).
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// The snapshot shown now (a copy).
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`: with `animatingDifferences`, the table animates the differences from the one shown (rows
    /// deleted, inserted, moved and reloaded), else it reloads. `completion` runs when the table is done.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let tableView else { current = snapshot; completion?(); return }
        let changes = snapshot.changes(from: current)
        guard animatingDifferences, tableView.window != nil, !changes.isEmpty else {
            current = snapshot
            tableView.reloadData()
            completion?()
            return
        }
        let animation = defaultRowAnimation
        tableView.performBatchUpdates({
            self.current = snapshot
            tableView.deleteSections(changes.deletedSections, with: animation)
            tableView.insertSections(changes.insertedSections, with: animation)
            tableView.reloadSections(changes.reloadedSections, with: animation)
            tableView.deleteRows(at: changes.deletedItems, with: animation)
            tableView.insertRows(at: changes.insertedItems, with: animation)
            tableView.reloadRows(at: changes.reloadedItems, with: animation)
            for move in changes.moved { tableView.moveRow(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
    }

    /// Shows `snapshot` by reloading the table (no animation).
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        apply(snapshot, animatingDifferences: false, completion: completion)
    }

    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
    }
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sectionIdentifier(for: section).map { current.numberOfItems(inSection: $0) } ?? 0
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            preconditionFailure("UITableViewDiffableDataSource: the cell provider returned no cell for \(indexPath)")
        }
        return cell
    }

    /// Section titles (nil: none); subclasses override, as on iOS.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
}
