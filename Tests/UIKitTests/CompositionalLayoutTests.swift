// UICollectionViewCompositionalLayout: items in groups in sections sized by fractions, points and estimates,
// nested groups, repeated items, boundary headers (pinned), section providers with their environment, lists made
// with UICollectionLayoutListConfiguration and UICollectionViewListCell (self-sized rows, separators, accessories),
// reuse while scrolling, and golden images of a list and a grid.
import Testing
import Foundation
@testable import UIKit
import QuartzCore
import VitrinePlatform

@MainActor @Suite struct CompositionalLayoutTests {
    /// A collection view of the window's size with `layout`, `counts[s]` tiles per section.
    @MainActor final class Scene {
        let window: UIWindow
        let view: UICollectionView
        let tiles: Tiles
        init(_ counts: [Int], pixels: CGSize = CGSize(width: 320, height: 480), scale: CGFloat = 1,
             _ layout: UICollectionViewLayout) {
            freshApp(pixels: pixels, scale: scale)
            window = shownWindow()
            view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
            view.contentInsetAdjustmentBehavior = .never
            view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "tile")
            view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                          withReuseIdentifier: "header")
            tiles = Tiles(counts)
            view.dataSource = tiles
            window.addSubview(view)
            endTurn()
        }
        func frame(_ item: Int, _ section: Int = 0) -> CGRect? { view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame }
    }

    static func size(_ w: NSCollectionLayoutDimension, _ h: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: w, heightDimension: h)
    }

    @Test func aGridOfThirdsWithInsetsAndSpacing() {
        let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.interGroupSpacing = 5
        let s = Scene([7], UICollectionViewCompositionalLayout(section: section))
        // Each group: three items across the 300-point content width; groups 100 tall, 5 apart; an item's cell
        // inset 2 in its box.
        #expect(s.frame(0) == CGRect(x: 12, y: 12, width: 96, height: 96))
        #expect(s.frame(2) == CGRect(x: 212, y: 12, width: 96, height: 96))
        #expect(s.frame(3) == CGRect(x: 12, y: 117, width: 96, height: 96))
        #expect(s.frame(6) == CGRect(x: 12, y: 222, width: 96, height: 96))
        let height: CGFloat = 10 + 3 * 100 + 2 * 5 + 10 // (typed: Swift 6.2's type checker gives up on it inline)
        #expect(s.view.contentSize == CGSize(width: 320, height: height))
        #expect(s.view.visibleCells.count == 7)
    }

    @Test func aRepeatedItemSharesItsGroupAndNestedGroupsPlaceTheirOwn() {
        // A group of one large item (two thirds) beside a vertical pair, then a row of four equal items 8 apart.
        let large = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
        let small = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let pair = NSCollectionLayoutGroup.vertical(layoutSize: Self.size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), subitem: small, count: 2)
        let top = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(160)), subitems: [large, pair])
        let cell = NSCollectionLayoutItem(layoutSize: Self.size(.absolute(10), .fractionalHeight(1)))
        let row = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(50)), subitem: cell, count: 4)
        row.interItemSpacing = .fixed(8)
        let outer = NSCollectionLayoutGroup.vertical(layoutSize: Self.size(.fractionalWidth(1), .absolute(210)), subitems: [top, row])
        let s = Scene([14], pixels: CGSize(width: 300, height: 480), UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: outer)))
        #expect(s.frame(0) == CGRect(x: 0, y: 0, width: 200, height: 160))
        #expect(s.frame(1) == CGRect(x: 200, y: 0, width: 100, height: 80))
        #expect(s.frame(2) == CGRect(x: 200, y: 80, width: 100, height: 80))
        // (300 − 3 × 8) / 4 = 69 each, whatever the item's own width says.
        #expect(s.frame(3) == CGRect(x: 0, y: 160, width: 69, height: 50))
        #expect(s.frame(6) == CGRect(x: 231, y: 160, width: 69, height: 50))
        // The second outer group: seven items each.
        #expect(s.frame(7) == CGRect(x: 0, y: 210, width: 200, height: 160))
        #expect(s.frame(13) == CGRect(x: 231, y: 370, width: 69, height: 50))
    }

    @Test func flexibleSpacingSharesWhatIsLeft() {
        // A 90-point item repeats while it fits with at least 10 between: three in 320 points (a fourth would need
        // 390); the 30 points left are shared between the two gaps.
        let item = NSCollectionLayoutItem(layoutSize: Self.size(.absolute(90), .absolute(60)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(60)), subitems: [item])
        group.interItemSpacing = .flexible(10)
        let s = Scene([4], UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        #expect(s.frame(0)?.minX == 0)
        #expect(s.frame(1)?.minX == 115)
        #expect(s.frame(2)?.minX == 230)
        #expect(s.frame(3) == CGRect(x: 0, y: 60, width: 90, height: 60))
    }

    @Test func theSectionProviderSeesTheContainerAndSectionsFollowEachOther() {
        var widths: [CGFloat] = []
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            widths.append(environment.container.effectiveContentSize.width)
            let columns = index == 0 ? 2 : 4
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1.0 / CGFloat(columns)), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(40)), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }, configuration: configuration)
        let s = Scene([3, 5], layout)
        #expect(widths.first == 320)
        #expect(s.frame(2, 0) == CGRect(x: 0, y: 40, width: 160, height: 40))
        #expect(s.frame(0, 1) == CGRect(x: 0, y: 100, width: 80, height: 40))
        #expect(s.frame(4, 1) == CGRect(x: 0, y: 140, width: 80, height: 40))
        #expect(s.view.contentSize.height == 180)
    }

    @Test func aPinnedHeaderStaysAtTheTopWhileItsSectionScrolls() {
        let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: Self.size(.fractionalWidth(1), .absolute(30)),
                                                                  elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        section.boundarySupplementaryItems = [header]
        let s = Scene([20, 20], UICollectionViewCompositionalLayout(section: section))
        // Header, then the rows; the second section's header after the first's 20 rows.
        #expect(s.frame(0) == CGRect(x: 0, y: 30, width: 320, height: 50))
        #expect(s.view.layoutAttributesForSupplementaryElement(ofKind: UICollectionView.elementKindSectionHeader,
                                                                at: IndexPath(item: 0, section: 1))?.frame.minY == 1030)
        s.view.contentOffset.y = 300
        endTurn()
        let headers = s.view.subviews.filter { !($0 is UICollectionViewCell) && $0.frame.height == 30 }
        #expect(headers.contains { $0.frame.minY == 300 }, "\(headers.map(\.frame))")
        // Near the section's end the next header pushes it up.
        s.view.contentOffset.y = 1010
        endTurn()
        let pinned = s.view.subviews.filter { !($0 is UICollectionViewCell) && $0.frame.height == 30 }.map(\.frame.minY).sorted()
        #expect(pinned == [1000, 1030], "\(pinned)")
    }

    @Test func onlyWhatIsVisibleHasCellsAndScrolledOutCellsAreReused() {
        let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(0.25), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(80)), subitems: [item])
        let s = Scene([2000], UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)))
        #expect(s.view.visibleCells.count == 24) // 6 rows of 4 in 480 points
        let made = Set(s.view.visibleCells.map(ObjectIdentifier.init))
        s.view.contentOffset.y = 80 * 100
        endTurn()
        #expect(s.view.visibleCells.count == 24)
        #expect(Set(s.view.visibleCells.map(ObjectIdentifier.init)) == made)
        #expect(s.view.indexPathsForVisibleItems.first == IndexPath(item: 400, section: 0))
    }

    // MARK: Orthogonal sections

    /// A strip of cards 0.8 of the width wide (16 apart, 16 in from the sides) over a grid section.
    func stripAndGrid(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) -> Scene {
        let layout = UICollectionViewCompositionalLayout { index, _ in
            if index == 0 {
                let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(0.8), .absolute(120)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = behavior
                section.interGroupSpacing = 16
                section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
                return section
            }
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(0.5), .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: Self.size(.fractionalWidth(1), .absolute(60)), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        return Scene([6, 40], layout)
    }

    @Test func anOrthogonalSectionScrollsSidewaysInAStripOfItsOwn() {
        let s = stripAndGrid(.continuous)
        // The strip: one row of 6 cards 230.4 wide, 16 apart, under the section's top inset; the grid below it.
        let scroller = try! #require(s.view.orthogonalScrollers[0])
        #expect(scroller.frame == CGRect(x: 0, y: 10, width: 320, height: 120))
        #expect(abs(scroller.contentSize.width - 1494.4) < 0.001)
        #expect(s.frame(0, 1) == CGRect(x: 0, y: 140, width: 160, height: 60))
        #expect(s.view.contentSize.height == 1340) // the strip (140 with its insets), 20 rows of 60
        // Two cards show, inside the strip; the rest come in as it scrolls.
        #expect(s.view.indexPathsForVisibleItems.filter { $0.section == 0 } == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        let first = s.view.cellForItem(at: IndexPath(item: 0, section: 0))!
        #expect(first.superview === scroller && abs(first.frame.minX - 16) < 1e-9 && first.frame.minY == 0 && first.frame.height == 120,
                "\(first.frame)")
        scroller.contentOffset.x = 3 * (230.4 + 16) + 1
        endTurn()
        #expect(s.view.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) == [3, 4])
        // A tap on a card in the scrolled strip selects it.
        let card = s.view.cellForItem(at: IndexPath(item: 3, section: 0))!
        let point = card.convert(CGPoint(x: card.bounds.midX, y: card.bounds.midY), to: nil)
        #expect(s.view.indexPathForItem(at: s.view.convert(point, from: nil)) == IndexPath(item: 3, section: 0),
                "\(point) \(s.view.convert(point, from: nil)) \(card.frame) \(scroller.frame) \(scroller.contentOffset)")
        let selection = Fingers()
        selection.tap(point)
        frames(0.3)
        #expect(s.view.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    }

    @Test func groupPagingMovesOneGroupASwipe() {
        let s = stripAndGrid(.groupPaging)
        let scroller = try! #require(s.view.orthogonalScrollers[0])
        let fingers = Fingers()
        let y = s.view.convert(CGPoint(x: 0, y: 70), to: nil).y
        fingers.drag(from: CGPoint(x: 280, y: y), to: CGPoint(x: 120, y: y), steps: 6, interval: 0.016)
        frames(1.5)
        // A fast swipe, however far: the next card at the leading edge.
        #expect(abs(scroller.contentOffset.x - (230.4 + 16)) < 0.5, "\(scroller.contentOffset)")
        fingers.drag(from: CGPoint(x: 280, y: y), to: CGPoint(x: 40, y: y), steps: 6, interval: 0.016)
        frames(1.5)
        #expect(abs(scroller.contentOffset.x - 2 * (230.4 + 16)) < 0.5, "\(scroller.contentOffset)")
        // A drag up and down the strip scrolls the collection view (the strip scrolls only sideways).
        fingers.drag(from: CGPoint(x: 160, y: y + 40), to: CGPoint(x: 160, y: y - 60), steps: 8, interval: 0.03)
        frames(1.5)
        #expect(s.view.contentOffset.y > 50 && abs(scroller.contentOffset.x - 2 * (230.4 + 16)) < 0.5,
                "\(s.view.contentOffset) \(scroller.contentOffset)")
    }

    /// A horizontal layout: a strip of six cards that scrolls up and down, then columns of two tiles.
    func columnAndStrip(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) -> Scene {
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, _ in
            if index == 0 {
                let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.vertical(layoutSize: Self.size(.absolute(120), .fractionalHeight(0.4)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = behavior
                section.interGroupSpacing = 16
                section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
                return section
            }
            let item = NSCollectionLayoutItem(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(0.5)))
            let group = NSCollectionLayoutGroup.vertical(layoutSize: Self.size(.absolute(60), .fractionalHeight(1)), subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }, configuration: configuration)
        return Scene([6, 40], layout)
    }

    @Test func inAHorizontalLayoutAnOrthogonalSectionScrollsUpAndDown() {
        let s = columnAndStrip(.continuous)
        // The strip: a column 120 wide after the section's leading inset; cards 0.4 of the 460 points between the
        // top and bottom insets (184), 16 apart; the columns of tiles after the trailing inset.
        let scroller = try! #require(s.view.orthogonalScrollers[0])
        #expect(scroller.frame == CGRect(x: 16, y: 0, width: 120, height: 480))
        let columnHeight: CGFloat = 10 + 6 * 184 + 5 * 16 + 10 // (typed, as above)
        #expect(abs(scroller.contentSize.height - columnHeight) < 0.001 && scroller.contentSize.width == 120)
        #expect(s.frame(0, 1) == CGRect(x: 152, y: 0, width: 60, height: 240))
        #expect(abs(s.view.contentSize.width - (152 + 20 * 60)) < 0.001)
        #expect(s.view.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) == [0, 1, 2])
        let first = s.view.cellForItem(at: IndexPath(item: 0, section: 0))!
        #expect(first.superview === scroller && first.frame == CGRect(x: 0, y: 10, width: 120, height: 184), "\(first.frame)")
        scroller.contentOffset.y = 3 * (184 + 16) + 1
        endTurn()
        #expect(s.view.indexPathsForVisibleItems.filter { $0.section == 0 }.map(\.item) == [3, 4, 5])
        // A tap on a card in the scrolled strip selects it.
        let card = s.view.cellForItem(at: IndexPath(item: 4, section: 0))!
        let point = card.convert(CGPoint(x: card.bounds.midX, y: card.bounds.midY), to: nil)
        #expect(s.view.indexPathForItem(at: s.view.convert(point, from: nil)) == IndexPath(item: 4, section: 0))
        Fingers().tap(point)
        frames(0.3)
        #expect(s.view.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    }

    @Test func inAHorizontalLayoutGroupPagingMovesOneGroupASwipeAndSidewaysDragsScrollTheCollection() {
        let s = columnAndStrip(.groupPaging)
        let scroller = try! #require(s.view.orthogonalScrollers[0])
        let fingers = Fingers()
        let x = s.view.convert(CGPoint(x: 76, y: 0), to: nil).x
        fingers.drag(from: CGPoint(x: x, y: 400), to: CGPoint(x: x, y: 250), steps: 6, interval: 0.016)
        frames(1.5)
        #expect(abs(scroller.contentOffset.y - (184 + 16)) < 0.5, "\(scroller.contentOffset)")
        // Sideways over the strip: the collection view scrolls, the strip stays.
        fingers.drag(from: CGPoint(x: x + 40, y: 240), to: CGPoint(x: x - 60, y: 240), steps: 8, interval: 0.03)
        frames(1.5)
        #expect(s.view.contentOffset.x > 50 && abs(scroller.contentOffset.y - (184 + 16)) < 0.5,
                "\(s.view.contentOffset) \(scroller.contentOffset)")
    }

    // MARK: Lists

    /// Rows of text in list cells; `long` rows wrap to several lines.
    @MainActor final class Rows: NSObject, UICollectionViewDataSource {
        var sections: [[String]]
        var accessories: [UICellAccessory] = [.disclosureIndicator()]
        init(_ sections: [[String]]) { self.sections = sections }
        func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
            var content = cell.defaultContentConfiguration()
            content.text = sections[indexPath.section][indexPath.item]
            cell.contentConfiguration = content
            cell.accessories = accessories
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                            at indexPath: IndexPath) -> UICollectionReusableView {
            let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
            header.backgroundColor = .clear
            return header
        }
    }

    func listScene(_ appearance: UICollectionLayoutListConfiguration.Appearance, _ rows: Rows, scale: CGFloat = 1,
                   header: Bool = false) -> (UIWindow, UICollectionView) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 480 * scale), scale: scale)
        let window = shownWindow()
        var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
        if header { configuration.headerMode = .supplementary }
        let view = UICollectionView(frame: window.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "header")
        view.dataSource = rows
        window.addSubview(view)
        endTurn()
        return (window, view)
    }

    @Test func listRowsSizeThemselvesFromTheirContent() {
        let long = String(repeating: "A row whose text wraps onto more lines ", count: 4)
        let rows = Rows([["One", long, "Three"]])
        let (_, view) = listScene(.plain, rows)
        let f = (0..<3).map { view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        // One line: at least 44 points (UIKit's least row height), the same for both one-line rows; the wrapped
        // row taller by lines, each row below the last.
        #expect(f[0].origin == .zero && f[0].width == 320 && f[0].height >= 44 && f[0].height < 50, "\(f[0])")
        #expect(f[1].minY == f[0].maxY && f[1].height > f[0].height + 30, "\(f[1])")
        #expect(f[2].minY == f[1].maxY && f[2].height == f[0].height)
        // The cells are where the layout says, with the chevron at the trailing side.
        let cell = view.cellForItem(at: IndexPath(item: 2, section: 0)) as! UICollectionViewListCell
        #expect(cell.frame == f[2])
        let chevron = cell.subviews.first { $0 is UIImageView }
        #expect(chevron.map { $0.frame.maxX == 320 - 16 } == true)
        withExtendedLifetime(rows) {}
    }

    @Test func anInsetGroupedListInsetsItsRowsAndHidesTheLastSeparatorOfASection() {
        let rows = Rows([["a", "b"], ["c"]])
        let (_, view) = listScene(.insetGrouped, rows, header: true)
        #expect(view.backgroundColor == .systemGroupedBackground)
        let a = view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame
        let c = view.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))!.frame
        #expect(a.minX == 20 && a.width == 280)
        #expect(c.minY > a.maxY + 44 + 35 - 1) // the second row, the section's bottom inset and a header
        func separatorShown(_ item: Int, _ section: Int) -> Bool {
            let cell = view.cellForItem(at: IndexPath(item: item, section: section))!
            return cell.subviews.contains { !$0.isHidden && $0.frame.height < 1.01 && $0.frame.minY > cell.bounds.height - 1.5 }
        }
        #expect(separatorShown(0, 0))
        #expect(!separatorShown(1, 0))
        #expect(!separatorShown(0, 1))
        withExtendedLifetime(rows) {}
    }

    @Test func accessoriesShownWhileEditingAppearWhenTheListEdits() {
        let rows = Rows([["a"]])
        rows.accessories = [.label(text: "Edit me", displayed: .whenEditing), .disclosureIndicator(displayed: .whenNotEditing)]
        let (_, view) = listScene(.plain, rows)
        let cell = view.cellForItem(at: IndexPath(item: 0, section: 0)) as! UICollectionViewListCell
        #expect(cell.subviews.contains { $0 is UIImageView })
        #expect(!cell.subviews.contains { ($0 as? UILabel)?.text == "Edit me" })
        view.isEditing = true
        #expect(cell.subviews.contains { ($0 as? UILabel)?.text == "Edit me" })
        #expect(!cell.subviews.contains { $0 is UIImageView })
        withExtendedLifetime(rows) {}
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func goldenInsetGroupedList(scale: CGFloat) {
        let rows = Rows([["Wi-Fi", "Bluetooth", "Display"], ["About"]])
        let (window, view) = listScene(.insetGrouped, rows, scale: scale, header: true)
        view.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        frames(0.1)
        assertGolden(window.screen.snapshotImage()!, "compositional-list@\(Int(scale))x", allowedPixels: 40)
        withExtendedLifetime(rows) {}
    }
}
