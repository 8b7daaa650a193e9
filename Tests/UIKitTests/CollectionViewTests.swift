// UICollectionView with UICollectionViewFlowLayout: lines of items spread across the width, sections with insets,
// headers and footers, reuse (only what is on screen has views), selection by touch, cell registrations, batch
// updates checked and animated, the diffable data source, and a golden image of a grid.
import Testing
import Foundation
@testable import UIKit
import QuartzCore
import VitrinePlatform

/// Numbered tiles: `counts[s]` per section.
@MainActor
final class Tiles: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var selectedLog: [IndexPath] = []
    var sizes: ((IndexPath) -> CGSize)?
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        cell.backgroundColor = UIColor(hue: CGFloat(indexPath.item % 12) / 12, saturation: 0.5, brightness: 0.9, alpha: 1)
        cell.tag = indexPath.item
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let v = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        v.backgroundColor = .systemGray4
        return v
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes?(indexPath) ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selectedLog.append(indexPath) }
}

@MainActor @Suite struct CollectionViewTests {
    @MainActor final class Scene {
        let window: UIWindow
        let grid: UICollectionView
        let layout = UICollectionViewFlowLayout()
        let tiles: Tiles
        init(_ counts: [Int], configure: (UICollectionViewFlowLayout) -> Void = { _ in }) {
            freshApp()
            window = shownWindow()
            layout.itemSize = CGSize(width: 90, height: 90)
            layout.minimumInteritemSpacing = 10
            layout.minimumLineSpacing = 10
            layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            configure(layout)
            grid = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
            grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
            grid.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                          withReuseIdentifier: "header")
            tiles = Tiles(counts)
            grid.dataSource = tiles
            grid.delegate = tiles
            window.addSubview(grid)
            endTurn()
        }
        func frame(_ item: Int, _ section: Int = 0) -> CGRect? { grid.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame }
    }

    @Test func itemsFillLinesSpreadAcrossTheWidth() {
        let s = Scene([7])
        // 300 points for items of 90 at least 10 apart: three a line, 15 apart.
        #expect(s.frame(0) == CGRect(x: 10, y: 10, width: 90, height: 90))
        #expect(s.frame(1) == CGRect(x: 115, y: 10, width: 90, height: 90))
        #expect(s.frame(2) == CGRect(x: 220, y: 10, width: 90, height: 90))
        #expect(s.frame(3) == CGRect(x: 10, y: 110, width: 90, height: 90))
        // The last line's single item is centred, as UIKit's flow layout does.
        #expect(s.frame(6) == CGRect(x: 115, y: 210, width: 90, height: 90))
        #expect(s.grid.contentSize == CGSize(width: 320, height: 310))
        #expect(s.grid.visibleCells.count == 7)
        #expect(s.grid.indexPathForItem(at: CGPoint(x: 120, y: 120)) == IndexPath(item: 4, section: 0))
        #expect(s.grid.indexPathForItem(at: CGPoint(x: 105, y: 50)) == nil) // between two items
    }

    @Test func linesHoldItemsOfTheirOwnSizesCentredOnTheLine() {
        let s = Scene([3])
        s.tiles.sizes = { CGSize(width: 90, height: $0.item == 1 ? 60 : 20) }
        s.grid.reloadData()
        s.window.layoutIfNeeded()
        #expect(s.frame(1) == CGRect(x: 115, y: 10, width: 90, height: 60))
        #expect(s.frame(0)?.midY == 40 && s.frame(2)?.midY == 40)
    }

    @Test func sectionsHaveHeadersAndInsets() {
        let s = Scene([3, 3]) { $0.headerReferenceSize = CGSize(width: 0, height: 30) }
        #expect(s.frame(0) == CGRect(x: 10, y: 40, width: 90, height: 90))
        // Section 1 starts after section 0's line, its bottom inset and its own header.
        #expect(s.frame(0, 1) == CGRect(x: 10, y: 30 + 10 + 90 + 10 + 30 + 10, width: 90, height: 90))
        let headers = s.grid.subviews.filter { type(of: $0) == UICollectionReusableView.self && !$0.isHidden }
        #expect(headers.count == 2 && headers.contains { $0.frame == CGRect(x: 0, y: 140, width: 320, height: 30) })
    }

    @Test func onlyTheItemsOnScreenHaveCells() {
        let s = Scene([3000])
        let first = s.grid.subviews.filter { $0 is UICollectionViewCell }.count
        #expect(first == 15) // five lines of three in 480 points (the fifth shows in part)
        for step in 1...100 { s.grid.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 170) }
        #expect(s.grid.subviews.filter { $0 is UICollectionViewCell }.count <= first + 3)
        #expect(s.grid.visibleCells.allSatisfy { s.grid.bounds.intersects($0.frame) })
        #expect(s.grid.indexPathsForVisibleItems.first == IndexPath(item: 510, section: 0))
    }

    @Test func aTapSelectsAnItem() {
        let s = Scene([9])
        let fingers = Fingers()
        fingers.tap(CGPoint(x: 160, y: 150))
        #expect(s.tiles.selectedLog == [IndexPath(item: 4, section: 0)])
        #expect(s.grid.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == true)
        fingers.tap(CGPoint(x: 50, y: 50))
        #expect(s.grid.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    }

    @Test func cellRegistrationsConfigureTheirCells() {
        freshApp()
        let window = shownWindow()
        let grid = UICollectionView(frame: window.bounds, collectionViewLayout: UICollectionViewFlowLayout())
        window.addSubview(grid)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, String> { cell, _, name in
            var content = UIListContentConfiguration.cell()
            content.text = name
            cell.contentConfiguration = content
        }
        let source = UICollectionViewDiffableDataSource<Int, String>(collectionView: grid) { view, indexPath, name in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["A", "B", "C"])
        source.apply(snapshot, animatingDifferences: false)
        endTurn()
        let texts = grid.visibleCells.map { cell in
            (cell.contentView.subviews.first as? UIListContentView)?.subviews.compactMap { ($0 as? UILabel)?.text }.first
        }
        #expect(texts == ["A", "B", "C"])
        // Animated differences: B goes, D comes, the cells of A and C stay theirs.
        let c = grid.cellForItem(at: IndexPath(item: 2, section: 0))
        var next = source.snapshot()
        next.deleteItems(["B"])
        next.appendItems(["D"])
        var done = false
        source.apply(next) { done = true }
        frames(0.5)
        #expect(done && grid.cellForItem(at: IndexPath(item: 1, section: 0)) === c)
        #expect(source.itemIdentifier(for: IndexPath(item: 2, section: 0)) == "D")
    }

    @Test func batchUpdatesKeepCellsAndSelectionOnTheirItems() {
        let s = Scene([6])
        let fifth = s.grid.cellForItem(at: IndexPath(item: 4, section: 0))
        s.grid.selectItem(at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: [])
        s.tiles.counts = [5]
        var finished = false
        s.grid.performBatchUpdates({ s.grid.deleteItems(at: [IndexPath(item: 0, section: 0)]) }, completion: { finished = $0 })
        #expect(s.grid.cellForItem(at: IndexPath(item: 3, section: 0)) === fifth)
        #expect(s.grid.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
        frames(0.5)
        #expect(finished && fifth?.frame == CGRect(x: 10, y: 110, width: 90, height: 90))
    }

    @Test func anUpdateThatDoesNotMatchTheDataSourceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let s = Scene([4])
                s.grid.insertItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
    }

    @Test(arguments: [1.0, 2.0]) func aGridLooksAsDrawn(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 240 * scale), scale: scale)
        let window = shownWindow()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        layout.headerReferenceSize = CGSize(width: 0, height: 24)
        let grid = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        grid.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
        grid.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "header")
        let tiles = Tiles([6, 5])
        grid.dataSource = tiles
        grid.delegate = tiles
        window.addSubview(grid)
        endTurn()
        for cell in grid.visibleCells { cell.layer.cornerRadius = 12 }
        grid.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        frames(0.1)
        assertGolden(window.screen.snapshotImage()!, "grid@\(Int(scale))x")
        withExtendedLifetime(tiles) {}
    }
}
