import Foundation

/// One section's items as an outline (UIKit's `NSDiffableDataSourceSectionSnapshot`, iOS 14): items may have child
/// items, and a parent shows its children only while expanded. A collection view's diffable data source shows the
/// visible items — those whose every ancestor is expanded — in depth-first order
/// (`apply(_:to:animatingDifferences:)`).
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
    /// Each item's children in order (the roots under nil), parent and expansion.
    private var children: [ItemIdentifierType?: [ItemIdentifierType]] = [nil: []]
    private var parents: [ItemIdentifierType: ItemIdentifierType?] = [:]
    private var expanded: Set<ItemIdentifierType> = []

    public init() {}

    // MARK: Reading

    /// Every item, depth first (parents before their children).
    public var items: [ItemIdentifierType] {
        var out: [ItemIdentifierType] = []
        func visit(_ parent: ItemIdentifierType?) {
            for child in children[parent] ?? [] { out.append(child); visit(child) }
        }
        visit(nil)
        return out
    }
    /// The items without a parent.
    public var rootItems: [ItemIdentifierType] { children[nil] ?? [] }
    /// The items shown: depth first, descending only into expanded items.
    public var visibleItems: [ItemIdentifierType] {
        var out: [ItemIdentifierType] = []
        func visit(_ parent: ItemIdentifierType?) {
            for child in children[parent] ?? [] {
                out.append(child)
                if expanded.contains(child) { visit(child) }
            }
        }
        visit(nil)
        return out
    }

    public func contains(_ item: ItemIdentifierType) -> Bool { parents[item] != nil }
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { expanded.contains(item) }
    /// Whether every ancestor of `item` is expanded.
    public func isVisible(_ item: ItemIdentifierType) -> Bool {
        guard contains(item) else { return false }
        var p = parent(of: item)
        while let current = p {
            guard expanded.contains(current) else { return false }
            p = parent(of: current)
        }
        return true
    }
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { parents[child] ?? nil }
    /// How deep `item` is (roots are at 0).
    public func level(of item: ItemIdentifierType) -> Int {
        var level = 0, p = parent(of: item)
        while let current = p { level += 1; p = parent(of: current) }
        return level
    }
    /// Where `item` is in `items`.
    public func index(of item: ItemIdentifierType) -> Int? { items.firstIndex(of: item) }

    /// `parent`'s descendants as a snapshot of their own (with `parent` as its root when `includingParent`).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> NSDiffableDataSourceSectionSnapshot {
        precondition(contains(parent), "NSDiffableDataSourceSectionSnapshot: \(parent) is not in the snapshot")
        var out = NSDiffableDataSourceSectionSnapshot()
        func copy(_ from: ItemIdentifierType, to newParent: ItemIdentifierType?) {
            let kids = children[from] ?? []
            out.append(kids, to: newParent)
            for kid in kids {
                if expanded.contains(kid) { out.expanded.insert(kid) }
                copy(kid, to: kid)
            }
        }
        if includingParent {
            out.append([parent])
            if expanded.contains(parent) { out.expanded.insert(parent) }
            copy(parent, to: parent)
        } else {
            copy(parent, to: nil)
        }
        return out
    }

    // MARK: Changing

    /// Adds `items` at the end of `parent`'s children (the roots' when nil). An item already in the snapshot stops
    /// the program, as UIKit's does.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        if let parent { precondition(contains(parent), "NSDiffableDataSourceSectionSnapshot: parent \(parent) is not in the snapshot") }
        for item in items { add(item, under: parent) }
        children[parent, default: []].append(contentsOf: items)
    }

    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        place(items, beside: item, after: false)
    }

    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        place(items, beside: item, after: true)
    }

    /// Removes `items` and all their descendants.
    public mutating func delete(_ items: [ItemIdentifierType]) {
        for item in items where contains(item) {
            for kid in children[item] ?? [] { delete([kid]) }
            let p = parent(of: item)
            children[p]?.removeAll { $0 == item }
            children[item] = nil
            parents[item] = nil
            expanded.remove(item)
        }
    }

    public mutating func deleteAll() { self = NSDiffableDataSourceSectionSnapshot() }

    /// Shows the children of `items` (where their ancestors are expanded too).
    public mutating func expand(_ items: [ItemIdentifierType]) {
        for item in items where contains(item) { expanded.insert(item) }
    }

    public mutating func collapse(_ items: [ItemIdentifierType]) {
        for item in items { expanded.remove(item) }
    }

    /// Makes `snapshot`'s items `parent`'s children in place of the ones it has.
    public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: NSDiffableDataSourceSectionSnapshot) {
        precondition(contains(parent), "NSDiffableDataSourceSectionSnapshot: parent \(parent) is not in the snapshot")
        delete(children[parent] ?? [])
        func copy(_ from: ItemIdentifierType?, to newParent: ItemIdentifierType) {
            for kid in snapshot.children[from] ?? [] {
                append([kid], to: newParent)
                if snapshot.expanded.contains(kid) { expanded.insert(kid) }
                copy(kid, to: kid)
            }
        }
        copy(nil, to: parent)
    }

    /// The outline as text, one item a line, indented by level ("+" expanded, "-" collapsed parents).
    public func visualDescription() -> String {
        items.map { item in
            let mark = (children[item]?.isEmpty ?? true) ? " " : (expanded.contains(item) ? "+" : "-")
            return String(repeating: "  ", count: level(of: item)) + mark + " \(item)"
        }.joined(separator: "\n")
    }

    private mutating func add(_ item: ItemIdentifierType, under parent: ItemIdentifierType?) {
        precondition(!contains(item), "NSDiffableDataSourceSectionSnapshot: \(item) is already in the snapshot (identifiers must be unique)")
        parents[item] = .some(parent)
        children[item] = []
    }

    private mutating func place(_ items: [ItemIdentifierType], beside item: ItemIdentifierType, after: Bool) {
        precondition(contains(item), "NSDiffableDataSourceSectionSnapshot: \(item) is not in the snapshot")
        let p = parent(of: item)
        for new in items { add(new, under: p) }
        var siblings = children[p] ?? []
        let at = siblings.firstIndex(of: item)! + (after ? 1 : 0)
        siblings.insert(contentsOf: items, at: at)
        children[p] = siblings
    }
}

extension UICollectionViewDiffableDataSource {
    /// Shows `snapshot`'s visible items as `section`'s items (the section is added at the end if it is not shown),
    /// animating the differences when asked; `snapshot(for:)` returns it afterwards.
    public func apply(_ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        var whole = self.snapshot()
        if whole.indexOfSection(section) == nil { whole.appendSections([section]) }
        whole.deleteItems(whole.itemIdentifiers(inSection: section))
        whole.appendItems(snapshot.visibleItems, toSection: section)
        sectionSnapshots[AnyHashable(section)] = snapshot
        apply(whole, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// The outline last applied to `section`; for a section filled by a whole snapshot, its items as roots.
    public func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let kept = sectionSnapshots[AnyHashable(section)] as? NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
           kept.visibleItems == self.snapshot().itemIdentifiers(inSection: section) {
            return kept
        }
        var flat = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        flat.append(self.snapshot().itemIdentifiers(inSection: section))
        return flat
    }
}

extension UICollectionViewDiffableDataSource {
    /// What the data source asks and tells as outline items expand and collapse (UIKit's
    /// `SectionSnapshotHandlers`): each closure gets the item and, for the will-handlers, the section snapshot
    /// before the change.
    public struct SectionSnapshotHandlers<Item: Hashable> {
        public var shouldExpandItem: ((Item) -> Bool)?
        public var willExpandItem: ((Item) -> Void)?
        public var shouldCollapseItem: ((Item) -> Bool)?
        public var willCollapseItem: ((Item) -> Void)?
        public init() {}
    }
}

extension UICollectionViewDiffableDataSource: OutlineDataSource {
    /// Expands or collapses the item at `indexPath` in its section's snapshot (as its outline disclosure asks), if
    /// the handlers allow, and shows the result animated.
    func toggleOutline(at indexPath: IndexPath) {
        guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section) else { return }
        var outline = snapshot(for: section)
        let handlers = sectionSnapshotHandlers
        if outline.isExpanded(item) {
            guard handlers.shouldCollapseItem?(item) ?? true else { return }
            handlers.willCollapseItem?(item)
            outline.collapse([item])
        } else {
            guard handlers.shouldExpandItem?(item) ?? true else { return }
            handlers.willExpandItem?(item)
            outline.expand([item])
        }
        apply(outline, to: section, animatingDifferences: true)
        // The cell keeps its item: show its chevron's new direction.
        if let cell = collectionView?.cellForItem(at: indexPath) as? UICollectionViewListCell {
            cell.outlineExpanded = outline.isExpanded(item)
        }
    }

    /// Tells a list cell made for `item` in `section` how deep the item is and whether it is expanded.
    func showOutlineState(of item: ItemIdentifierType, in section: SectionIdentifierType, on cell: UICollectionViewCell) {
        guard let list = cell as? UICollectionViewListCell,
              let outline = sectionSnapshots[AnyHashable(section)] as? NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>,
              outline.contains(item) else { return }
        list.outlineExpanded = outline.isExpanded(item)
        if list.indentationLevel != outline.level(of: item) { list.indentationLevel = outline.level(of: item) }
    }
}
