// NSDiffableDataSourceSectionSnapshot: an outline of items with children, expanded or collapsed; applied to a
// collection view's section, its visible items are the section's items.
import Testing
import Foundation
@testable import UIKit

@MainActor @Suite struct SectionSnapshotTests {
    /// Fruit (Apple (Gala, Fuji), Pear) and Vegetables (Leek).
    func outline() -> NSDiffableDataSourceSectionSnapshot<String> {
        var s = NSDiffableDataSourceSectionSnapshot<String>()
        s.append(["Fruit", "Vegetables"])
        s.append(["Apple", "Pear"], to: "Fruit")
        s.append(["Gala", "Fuji"], to: "Apple")
        s.append(["Leek"], to: "Vegetables")
        return s
    }

    @Test func itemsAreDepthFirstAndOnlyExpandedParentsShowTheirChildren() {
        var s = outline()
        #expect(s.items == ["Fruit", "Apple", "Gala", "Fuji", "Pear", "Vegetables", "Leek"])
        #expect(s.rootItems == ["Fruit", "Vegetables"])
        #expect(s.visibleItems == ["Fruit", "Vegetables"])
        s.expand(["Fruit"])
        #expect(s.visibleItems == ["Fruit", "Apple", "Pear", "Vegetables"])
        s.expand(["Apple"])
        #expect(s.visibleItems == ["Fruit", "Apple", "Gala", "Fuji", "Pear", "Vegetables"])
        #expect(s.isVisible("Gala") && !s.isVisible("Leek"))
        s.collapse(["Fruit"])
        // Apple stays expanded, but hidden with its parent.
        #expect(s.visibleItems == ["Fruit", "Vegetables"] && s.isExpanded("Apple") && !s.isVisible("Gala"))
        #expect(s.level(of: "Fuji") == 2 && s.parent(of: "Fuji") == "Apple" && s.parent(of: "Fruit") == nil)
        #expect(s.index(of: "Pear") == 4)
    }

    @Test func insertingDeletingAndReplacingChildren() {
        var s = outline()
        s.insert(["Cherry"], before: "Pear")
        s.insert(["Kale"], after: "Leek")
        #expect(s.items == ["Fruit", "Apple", "Gala", "Fuji", "Cherry", "Pear", "Vegetables", "Leek", "Kale"])
        s.delete(["Apple"]) // with its children
        #expect(s.items == ["Fruit", "Cherry", "Pear", "Vegetables", "Leek", "Kale"] && !s.contains("Gala"))
        var berries = NSDiffableDataSourceSectionSnapshot<String>()
        berries.append(["Straw", "Blue"])
        berries.append(["Wild"], to: "Straw")
        s.replace(childrenOf: "Fruit", using: berries)
        #expect(s.items == ["Fruit", "Straw", "Wild", "Blue", "Vegetables", "Leek", "Kale"])
        let fruit = s.snapshot(of: "Fruit")
        #expect(fruit.rootItems == ["Straw", "Blue"] && fruit.items == ["Straw", "Wild", "Blue"])
        #expect(s.snapshot(of: "Fruit", includingParent: true).rootItems == ["Fruit"])
        s.expand(["Fruit"])
        #expect(s.visualDescription() == "+ Fruit\n  - Straw\n      Wild\n    Blue\n- Vegetables\n    Leek\n    Kale")
        s.deleteAll()
        #expect(s.items.isEmpty)
    }

    @Test func aDuplicateIdentifierStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var s = NSDiffableDataSourceSectionSnapshot<String>()
            s.append(["A", "A"])
        }
    }

    /// A plain list on a fresh screen whose cells show their item's text and the `accessories` it gets.
    func outlineList(accessories: @escaping (String) -> [UICellAccessory] = { _ in [] })
        -> (UICollectionView, UICollectionViewDiffableDataSource<Int, String>) {
        freshApp()
        let window = shownWindow()
        let view = UICollectionView(frame: window.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(
            using: UICollectionLayoutListConfiguration(appearance: .plain)))
        window.addSubview(view)
        let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, item in
            var content = cell.defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
            cell.accessories = accessories(item)
        }
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: view) { cv, ip, item in
            cv.dequeueConfiguredReusableCell(using: registration, for: ip, item: item)
        }
        return (view, source)
    }

    @Test func outlineDisclosuresExpandAndCollapseThroughTheSectionSnapshot() {
        // Parents have a disclosure; "Vegetables" is a header (a tap anywhere toggles it).
        let (view, source) = outlineList { item in
            ["Fruit", "Apple"].contains(item) ? [.outlineDisclosure()]
                : item == "Vegetables" ? [.outlineDisclosure(options: .init(style: .header))] : []
        }
        var log: [String] = []
        source.sectionSnapshotHandlers.willExpandItem = { log.append("expand \($0)") }
        source.sectionSnapshotHandlers.willCollapseItem = { log.append("collapse \($0)") }
        source.sectionSnapshotHandlers.shouldCollapseItem = { $0 != "Apple" }
        source.apply(outline(), to: 0, animatingDifferences: false)
        endTurn()
        func shown() -> [String] { view.indexPathsForVisibleItems.compactMap { source.itemIdentifier(for: $0) } }
        func disclosure(_ item: String) -> OutlineDisclosureControl {
            let cell = view.cellForItem(at: source.indexPath(for: item)!)!
            return cell.subviews.compactMap { $0 as? OutlineDisclosureControl }.first!
        }
        let fingers = Fingers()
        func tap(_ v: UIView) { fingers.tap(v.convert(CGPoint(x: v.bounds.midX, y: v.bounds.midY), to: nil)); frames(0.5) }
        tap(disclosure("Fruit"))
        #expect(shown() == ["Fruit", "Apple", "Pear", "Vegetables"])
        #expect(disclosure("Fruit").chevron.transform == CGAffineTransform(rotationAngle: .pi / 2))
        #expect(view.indexPathsForSelectedItems?.isEmpty == true) // the disclosure does not select the row
        // Children are indented by their level.
        #expect((view.cellForItem(at: source.indexPath(for: "Apple")!) as! UICollectionViewListCell).indentationLevel == 1)
        tap(disclosure("Apple"))
        #expect(shown() == ["Fruit", "Apple", "Gala", "Fuji", "Pear", "Vegetables"])
        tap(disclosure("Apple")) // the handler refuses
        #expect(shown().contains("Gala"))
        // The header row toggles from a tap anywhere on it.
        let vegetables = view.cellForItem(at: source.indexPath(for: "Vegetables")!)!
        fingers.tap(vegetables.convert(CGPoint(x: 60, y: vegetables.bounds.midY), to: nil))
        frames(0.5)
        #expect(shown().last == "Leek")
        #expect(log == ["expand Fruit", "expand Apple", "expand Vegetables"], "\(log)")
        tap(disclosure("Fruit"))
        #expect(shown() == ["Fruit", "Vegetables", "Leek"] && log.last == "collapse Fruit")
        withExtendedLifetime(source) {}
    }

    @Test func aCollectionViewSectionShowsTheVisibleItems() {
        let (view, source) = outlineList()
        var s = outline()
        source.apply(s, to: 0, animatingDifferences: false)
        endTurn()
        func shown() -> [String] {
            view.indexPathsForVisibleItems.compactMap { source.itemIdentifier(for: $0) }
        }
        #expect(shown() == ["Fruit", "Vegetables"])
        s.expand(["Fruit", "Apple"])
        source.apply(s, to: 0)
        frames(0.5)
        #expect(shown() == ["Fruit", "Apple", "Gala", "Fuji", "Pear", "Vegetables"])
        #expect(source.snapshot(for: 0).isExpanded("Apple"))
        #expect(source.snapshot().numberOfItems == 6)
    }
}
