import CoreGraphics
import Foundation
import QuartzCore
import Testing
@testable import UIKit

/// Background configurations and the cell configuration cycle: state changes update the configurations (the
/// style's colours for selection, what the app set kept), `updateConfiguration(using:)` and the handler run before
/// the cell is laid out, background views and configurations exclude each other, and list rows take their list's
/// look (inset-grouped corners, `.firstItemInSection` headers).
@MainActor @Suite struct CellConfigurationTests {
    /// UIKit documents the system labels and image as reset to nil by a content configuration.
    @Test func aCellWithAContentConfigurationHasNoSystemLabels() {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.textLabel?.text = "Old"
        #expect(cell.textLabel != nil && cell.detailTextLabel != nil && cell.imageView != nil)
        var content = cell.defaultContentConfiguration()
        content.text = "New"
        cell.contentConfiguration = content
        #expect(cell.textLabel == nil && cell.detailTextLabel == nil && cell.imageView == nil)
        // Reset, not hidden: without the configuration, a new, empty label.
        cell.contentConfiguration = nil
        #expect(cell.textLabel != nil && cell.textLabel?.text == nil)
    }

    @Test func listStylesTurnGreyWhenSelectedButKeepWhatTheAppSet() {
        let plain = UIBackgroundConfiguration.listPlainCell()
        #expect(plain.backgroundColor == .systemBackground)
        var selected = UICellConfigurationState()
        selected.isSelected = true
        #expect(plain.updated(for: selected).backgroundColor == .systemGray4)
        #expect(plain.updated(for: selected).updated(for: UICellConfigurationState()).backgroundColor == .systemBackground)
        #expect(UIBackgroundConfiguration.listGroupedCell().backgroundColor == .secondarySystemGroupedBackground)
        #expect(UIBackgroundConfiguration.clear().backgroundColor == .clear)
        // A colour the app chose stays whatever the state; nil means the tint colour, through the transformer.
        var custom = UIBackgroundConfiguration.listPlainCell()
        custom.backgroundColor = .systemBlue
        #expect(custom.updated(for: selected).backgroundColor == .systemBlue)
        custom.backgroundColor = nil
        custom.backgroundColorTransformer = UIConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
        #expect(custom.resolvedBackgroundColor(for: .systemRed) == UIColor.systemRed.withAlphaComponent(0.5))
        // A sidebar's selected row is the tint colour.
        #expect(UIBackgroundConfiguration.listSidebarCell().updated(for: selected).resolvedBackgroundColor(for: .systemGreen) == .systemGreen)
        // Custom states travel by key.
        var state = UICellConfigurationState()
        let key = UIConfigurationStateCustomKey("app.favourite")
        state[key] = true
        #expect(state[key] == AnyHashable(true) && state != UICellConfigurationState())
    }

    final class Counting: UICollectionViewCell {
        var states: [UICellConfigurationState] = []
        override func updateConfiguration(using state: UICellConfigurationState) {
            super.updateConfiguration(using: state)
            states.append(state)
        }
    }

    @Test func stateChangesUpdateTheConfigurationBeforeLayout() {
        freshApp()
        let window = shownWindow()
        let cell = Counting(frame: CGRect(x: 0, y: 0, width: 200, height: 44))
        var handled: [Bool] = []
        cell.configurationUpdateHandler = { cell, state in
            // After `updateConfiguration(using:)`, with the automatic updates applied.
            #expect((cell as! Counting).states.last?.isSelected == state.isSelected)
            handled.append(state.isSelected)
        }
        cell.backgroundConfiguration = .listPlainCell()
        window.addSubview(cell)
        endTurn()
        #expect(handled == [false])
        let background = try! #require(cell.configurationBackground)
        #expect(background.backgroundColor == .systemBackground && background.frame == cell.bounds)
        cell.isSelected = true
        cell.isHighlighted = true // (one update for both, at the next layout)
        #expect(handled == [false])
        endTurn()
        #expect(handled == [false, true])
        #expect(cell.backgroundConfiguration?.backgroundColor == .systemGray4 && background.backgroundColor == .systemGray4)
        cell.isSelected = false
        cell.isHighlighted = false
        endTurn()
        #expect(background.backgroundColor == .systemBackground)
        // Not automatically: the configuration stays as set.
        cell.automaticallyUpdatesBackgroundConfiguration = false
        cell.isSelected = true
        endTurn()
        #expect(background.backgroundColor == .systemBackground && handled.last == true)
    }

    @Test func backgroundViewsAndConfigurationsExcludeEachOther() {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
        cell.backgroundConfiguration = .listGroupedCell()
        #expect(cell.configurationBackground?.superview === cell)
        cell.backgroundView = UIView()
        #expect(cell.backgroundConfiguration == nil && cell.configurationBackground == nil)
        cell.selectedBackgroundView = UIView()
        cell.backgroundConfiguration = .clear()
        #expect(cell.backgroundView == nil && cell.selectedBackgroundView == nil)
        // Insets, margins and the stroke's outset place the background.
        var c = UIBackgroundConfiguration.clear()
        c.backgroundInsets = NSDirectionalEdgeInsets(top: 2, leading: 10, bottom: 4, trailing: 6)
        c.strokeWidth = 1
        c.strokeOutset = 1
        c.strokeColor = .red
        c.cornerRadius = 8
        cell.backgroundConfiguration = c
        cell.layoutIfNeeded()
        let view = cell.configurationBackground!
        #expect(view.frame == CGRect(x: 9, y: 1, width: 86, height: 36))
        #expect(view.layer.borderWidth == 1 && view.layer.cornerRadius == 8)
    }

    @Test func tableCellsTakeABackgroundConfiguration() {
        freshApp()
        let window = shownWindow()
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.frame = CGRect(x: 0, y: 0, width: 200, height: 44)
        var seen: [Bool] = []
        cell.configurationUpdateHandler = { _, state in seen.append(state.isHighlighted) }
        cell.backgroundConfiguration = cell.defaultBackgroundConfiguration()
        window.addSubview(cell)
        endTurn()
        cell.setHighlighted(true, animated: false)
        endTurn()
        #expect(seen == [false, true])
        #expect(cell.subviews.first { $0 is BackgroundConfigurationView }?.backgroundColor == .systemGray4)
    }

    // MARK: Lists

    @MainActor final class Rows: NSObject, UICollectionViewDataSource {
        let sections: [[String]]
        init(_ sections: [[String]]) { self.sections = sections }
        func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! UICollectionViewListCell
            var content = cell.defaultContentConfiguration()
            content.text = sections[indexPath.section][indexPath.item]
            cell.contentConfiguration = content
            return cell
        }
    }

    func list(_ configuration: UICollectionLayoutListConfiguration, _ rows: Rows) -> UICollectionView {
        freshApp()
        let window = shownWindow()
        let view = UICollectionView(frame: window.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        view.contentInsetAdjustmentBehavior = .never
        view.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: "row")
        view.dataSource = rows
        window.addSubview(view)
        endTurn()
        return view
    }

    @Test func insetGroupedRowsRoundTheirSectionsCorners() {
        let rows = Rows([["A", "B", "C"], ["D"]])
        let view = list(UICollectionLayoutListConfiguration(appearance: .insetGrouped), rows)
        func corners(_ item: Int, _ section: Int) -> CACornerMask? {
            let cell = view.cellForItem(at: IndexPath(item: item, section: section))
            return cell?.configurationBackground.map { $0.layer.cornerRadius == 10 ? $0.layer.maskedCorners : [] }
        }
        #expect(corners(0, 0) == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(corners(1, 0) == [])
        #expect(corners(2, 0) == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(corners(0, 1) == [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.configurationBackground?.backgroundColor == .secondarySystemGroupedBackground)
        withExtendedLifetime(rows) {}
    }

    @Test func firstItemInSectionHeadersLookLikeHeaders() {
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.headerMode = .firstItemInSection
        let rows = Rows([["Fruit", "Apple", "Pear"], ["Vegetables", "Leek"]])
        let view = list(configuration, rows)
        let header = view.cellForItem(at: IndexPath(item: 0, section: 1)) as! UICollectionViewListCell
        let row = view.cellForItem(at: IndexPath(item: 1, section: 1)) as! UICollectionViewListCell
        // The header row got the header's content and background when it was dequeued (before the data source
        // configured it), the next row a row's.
        let headerContent = header.contentConfiguration as! UIListContentConfiguration
        #expect(headerContent.textProperties.font == UIListContentConfiguration.plainHeader().textProperties.font)
        #expect(header.configurationBackground?.backgroundColor == .secondarySystemBackground)
        #expect((row.contentConfiguration as! UIListContentConfiguration).textProperties.font == UIFont.systemFont(ofSize: 17))
        #expect(row.configurationBackground?.backgroundColor == .systemBackground)
        withExtendedLifetime(rows) {}
    }

    @Test func listRowsSwipeOpenOnTheProvidersActions() {
        var log: [String] = []
        var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
        configuration.trailingSwipeActionsConfigurationProvider = { ip in
            guard ip.item != 0 else { return nil } // the first row has none
            return UISwipeActionsConfiguration(actions: [
                UIContextualAction(style: .destructive, title: "Delete") { _, _, done in log.append("delete \(ip.item)"); done(true) },
                UIContextualAction(style: .normal, title: "Flag") { _, _, done in log.append("flag \(ip.item)"); done(true) },
            ])
        }
        configuration.leadingSwipeActionsConfigurationProvider = { ip in
            UISwipeActionsConfiguration(actions: [UIContextualAction(style: .normal, title: "Pin") { _, _, done in
                log.append("pin \(ip.item)"); done(true)
            }])
        }
        let rows = Rows([(0..<8).map { "Row \($0)" }])
        let view = list(configuration, rows)
        let fingers = Fingers()
        let rowHeight = view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.frame.height
        let y2 = rowHeight * 2.5
        // Row 2 swiped left slowly: open on its two buttons, the cell moved aside and marked swiped.
        fingers.drag(from: CGPoint(x: 250, y: y2), to: CGPoint(x: 130, y: y2), steps: 12, interval: 0.03, lift: false)
        fingers.wait(0.1)
        fingers.up()
        frames(0.5)
        let cell = view.cellForItem(at: IndexPath(item: 2, section: 0)) as! UICollectionViewListCell
        let open = try! #require(view.openSwipe)
        #expect(open.buttons.map { $0.title(for: .normal) } == ["Delete", "Flag"])
        #expect(cell.frame.minX == -open.openWidth && cell.configurationState.isSwiped)
        // A relayout (scrolling by code) keeps it aside.
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(cell.frame.minX == -open.openWidth)
        fingers.tap(CGPoint(x: open.buttons[1].frame.midX, y: y2))
        frames(0.5)
        #expect(log == ["flag 2"])
        #expect(view.openSwipe == nil && cell.frame.minX == 0 && !cell.configurationState.isSwiped)
        // The first row has no trailing actions: a swipe left does nothing; a swipe right pins it (full swipe).
        let y0 = rowHeight / 2
        fingers.drag(from: CGPoint(x: 250, y: y0), to: CGPoint(x: 100, y: y0), steps: 10, interval: 0.02)
        frames(0.5)
        #expect(view.openSwipe == nil && log == ["flag 2"])
        fingers.drag(from: CGPoint(x: 20, y: y0), to: CGPoint(x: 300, y: y0), steps: 14, interval: 0.02)
        frames(0.5)
        #expect(log == ["flag 2", "pin 0"])
        withExtendedLifetime(rows) {}
    }
}
