import Foundation

/// The contents of a list or grid as identifiers (UIKit's `NSDiffableDataSourceSnapshot`): sections in order, each
/// with its items in order. A diffable data source shows a snapshot and animates from one to the next.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    private(set) var sections: [SectionIdentifierType] = []
    private(set) var items: [SectionIdentifierType: [ItemIdentifierType]] = [:]
    /// Where each item is: its section.
    private var owner: [ItemIdentifierType: SectionIdentifierType] = [:]
    /// Items to reload or reconfigure when this snapshot is applied.
    private(set) var reloaded: Set<ItemIdentifierType> = []
    private(set) var reloadedSections: Set<SectionIdentifierType> = []

    public init() {}

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { sections.reduce(0) { $0 + (items[$1]?.count ?? 0) } }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap { items[$0] ?? [] } }
    public var reloadedItemIdentifiers: [ItemIdentifierType] { Array(reloaded) }
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { Array(reloaded) }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { items[identifier]?.count ?? 0 }
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] { items[identifier] ?? [] }
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? { owner[identifier] }
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let s = owner[identifier] else { return nil }
        var index = 0
        for section in sections {
            if section == s { return index + (items[s]?.firstIndex(of: identifier) ?? 0) }
            index += items[section]?.count ?? 0
        }
        return nil
    }
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    /// The item's index path in this snapshot.
    func indexPath(of item: ItemIdentifierType) -> IndexPath? {
        guard let s = owner[item], let section = sections.firstIndex(of: s), let row = items[s]?.firstIndex(of: item) else { return nil }
        return IndexPath(row: row, section: section)
    }

    /// The item at an index path.
    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard sections.indices.contains(indexPath.section), let list = items[sections[indexPath.section]],
              list.indices.contains(indexPath.row) else { return nil }
        return list[indexPath.row]
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for s in identifiers {
            precondition(!sections.contains(s), "Section identifier \(s) already exists in the snapshot: section identifiers must be unique")
            sections.append(s)
            items[s] = []
        }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let i = sections.firstIndex(of: toIdentifier) else { preconditionFailure("Invalid section identifier \(toIdentifier): not in the snapshot") }
        insertSections(identifiers, at: i)
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        guard let i = sections.firstIndex(of: toIdentifier) else { preconditionFailure("Invalid section identifier \(toIdentifier): not in the snapshot") }
        insertSections(identifiers, at: i + 1)
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
        for (k, s) in identifiers.enumerated() {
            precondition(!sections.contains(s), "Section identifier \(s) already exists in the snapshot: section identifiers must be unique")
            sections.insert(s, at: index + k)
            items[s] = []
        }
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for s in identifiers {
            sections.removeAll { $0 == s }
            for item in items[s] ?? [] { owner[item] = nil; reloaded.remove(item) }
            items[s] = nil
        }
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        sections.removeAll { $0 == identifier }
        guard let i = sections.firstIndex(of: toIdentifier) else { preconditionFailure("Invalid section identifier \(toIdentifier): not in the snapshot") }
        sections.insert(identifier, at: i)
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        sections.removeAll { $0 == identifier }
        guard let i = sections.firstIndex(of: toIdentifier) else { preconditionFailure("Invalid section identifier \(toIdentifier): not in the snapshot") }
        sections.insert(identifier, at: i + 1)
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) { reloadedSections.formUnion(identifiers) }

    // MARK: Items

    /// Adds items at the end of `section` (the last section when nil; there must be one).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        guard let s = sectionIdentifier ?? sections.last else {
            preconditionFailure("There are currently no sections in the data source. Please add a section first.")
        }
        precondition(items[s] != nil, "Invalid section identifier \(s): not in the snapshot")
        for item in identifiers {
            precondition(owner[item] == nil, "Item identifier \(item) already exists in the snapshot: item identifiers must be unique")
            owner[item] = s
        }
        items[s]!.append(contentsOf: identifiers)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: beforeIdentifier, after: false)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insertItems(identifiers, next: afterIdentifier, after: true)
    }

    private mutating func insertItems(_ identifiers: [ItemIdentifierType], next neighbour: ItemIdentifierType, after: Bool) {
        guard let s = owner[neighbour], let i = items[s]?.firstIndex(of: neighbour) else {
            preconditionFailure("Invalid item identifier \(neighbour): not in the snapshot")
        }
        for item in identifiers {
            precondition(owner[item] == nil, "Item identifier \(item) already exists in the snapshot: item identifiers must be unique")
            owner[item] = s
        }
        items[s]!.insert(contentsOf: identifiers, at: after ? i + 1 : i)
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        for item in identifiers {
            guard let s = owner[item] else { continue }
            items[s]?.removeAll { $0 == item }
            owner[item] = nil
            reloaded.remove(item)
        }
    }

    public mutating func deleteAllItems() {
        sections = []
        items = [:]
        owner = [:]
        reloaded = []
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        deleteItems([identifier])
        insertItems([identifier], beforeItem: toIdentifier)
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        deleteItems([identifier])
        insertItems([identifier], afterItem: toIdentifier)
    }

    /// Marks items to be reloaded (their cells made again) when the snapshot is applied.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) { reloaded.formUnion(identifiers.filter { owner[$0] != nil }) }
    /// Marks items to be reconfigured (their cells updated in place) when the snapshot is applied.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) { reloadItems(identifiers) }

    /// What changes from `old` to this snapshot, as index paths in each (deletions and reloads in the old,
    /// insertions in the new): sections and items by identity, items that stay in the same section but change
    /// order as moves.
    func changes(from old: NSDiffableDataSourceSnapshot) -> SnapshotChanges {
        var c = SnapshotChanges()
        for (i, s) in old.sections.enumerated() where items[s] == nil { c.deletedSections.insert(i) }
        for (i, s) in sections.enumerated() where old.items[s] == nil { c.insertedSections.insert(i) }
        for (i, s) in old.sections.enumerated() where reloadedSections.contains(s) && items[s] != nil { c.reloadedSections.insert(i) }
        for (si, s) in old.sections.enumerated() where items[s] != nil {
            for (r, item) in (old.items[s] ?? []).enumerated() {
                guard let to = indexPath(of: item) else { c.deletedItems.append(IndexPath(row: r, section: si)); continue }
                if reloaded.contains(item) { c.reloadedItems.append(IndexPath(row: r, section: si)) }
                if old.owner[item] != owner[item] { c.moved.append((IndexPath(row: r, section: si), to)) }
            }
        }
        for (si, s) in sections.enumerated() where old.items[s] != nil {
            for (r, item) in (items[s] ?? []).enumerated() where old.owner[item] == nil {
                c.insertedItems.append(IndexPath(row: r, section: si))
            }
        }
        // Items kept in their section: those out of their old relative order move (the longest run kept in order
        // stays, as a list view would animate it).
        for (si, s) in sections.enumerated() {
            guard let oldSection = old.sections.firstIndex(of: s), let before = old.items[s] else { continue }
            let now = items[s] ?? []
            let kept = now.filter { old.owner[$0] == s }
            let oldIndex = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, $0) })
            let stays = Set(longestIncreasingRun(kept.map { oldIndex[$0]! }).map { before[$0] })
            for (r, item) in now.enumerated() where old.owner[item] == s && !stays.contains(item) {
                c.moved.append((IndexPath(row: oldIndex[item]!, section: oldSection), IndexPath(row: r, section: si)))
            }
        }
        return c
    }
}

/// The index-path changes between two snapshots.
struct SnapshotChanges {
    var deletedSections = IndexSet(), insertedSections = IndexSet(), reloadedSections = IndexSet()
    var deletedItems: [IndexPath] = [], insertedItems: [IndexPath] = [], reloadedItems: [IndexPath] = []
    var moved: [(from: IndexPath, to: IndexPath)] = []
    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && deletedItems.isEmpty
            && insertedItems.isEmpty && reloadedItems.isEmpty && moved.isEmpty
    }
}

/// The values of the longest strictly increasing subsequence of `values` (patience sorting, n log n).
func longestIncreasingRun(_ values: [Int]) -> [Int] {
    var tails: [Int] = [], tailIndex: [Int] = [], previous = Array(repeating: -1, count: values.count)
    for (i, v) in values.enumerated() {
        var lo = 0, hi = tails.count
        while lo < hi { let mid = (lo + hi) / 2; if tails[mid] < v { lo = mid + 1 } else { hi = mid } }
        if lo > 0 { previous[i] = tailIndex[lo - 1] }
        if lo == tails.count { tails.append(v); tailIndex.append(i) } else { tails[lo] = v; tailIndex[lo] = i }
    }
    var run: [Int] = []
    var k = tailIndex.last ?? -1
    while k >= 0 { run.append(values[k]); k = previous[k] }
    return run.reversed()
}
