import Foundation

/// A collection view's data source that shows snapshots of identifiers (UIKit's
/// `UICollectionViewDiffableDataSource`): `apply` a new snapshot and the items animate from the old one.
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: NSObject,
    UICollectionViewDataSource {
    /// Makes the cell for an item (usually `dequeueConfiguredReusableCell(using:for:item:)`).
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a header or footer.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private(set) weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    /// Makes the section headers and footers the layout asks for.
    open var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// The outlines applied to sections (`apply(_:to:animatingDifferences:)`), by section.
    var sectionSnapshots: [AnyHashable: Any] = [:]
    /// Asked and told as outline items expand and collapse.
    open var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

    /// A data source for `collectionView` (it becomes the collection view's data source).
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`, animating the differences from the one shown when `animatingDifferences`.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                    animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let collectionView else { current = snapshot; completion?(); return }
        let changes = snapshot.changes(from: current)
        guard animatingDifferences, collectionView.window != nil, !changes.isEmpty else {
            current = snapshot
            collectionView.reloadData()
            completion?()
            return
        }
        collectionView.performBatchUpdates({
            self.current = snapshot
            collectionView.deleteSections(changes.deletedSections)
            collectionView.insertSections(changes.insertedSections)
            collectionView.reloadSections(changes.reloadedSections)
            collectionView.deleteItems(at: changes.deletedItems)
            collectionView.insertItems(at: changes.insertedItems)
            collectionView.reloadItems(at: changes.reloadedItems)
            for move in changes.moved { collectionView.moveItem(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
    }

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

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sectionIdentifier(for: section).map { current.numberOfItems(inSection: $0) } ?? 0
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            preconditionFailure("UICollectionViewDiffableDataSource: the cell provider returned no cell for \(indexPath)")
        }
        if !sectionSnapshots.isEmpty, let section = sectionIdentifier(for: indexPath.section) {
            showOutlineState(of: item, in: section, on: cell)
        }
        return cell
    }

    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        guard let view = supplementaryViewProvider?(collectionView, kind, indexPath) else {
            preconditionFailure("UICollectionViewDiffableDataSource: no supplementary view provider for a \(kind) at \(indexPath)")
        }
        return view
    }
}
