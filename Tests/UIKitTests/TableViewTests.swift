// UITableView: reuse (only the rows on screen have cells), geometry and hit testing, self-sizing rows, sticky
// headers, selection through the input pipeline (highlight after the scroll view's delay, none while scrolling),
// batch updates (counts checked with UIKit's message, cells and selection carried over), and golden images of the
// three styles.
import Testing
import Foundation
@testable import UIKit
import QuartzCore
import VitrinePlatform

/// A data source of `counts[s]` rows per section, titled, that counts the cells it is asked for.
@MainActor
final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var titles: [String?]
    var asked = 0
    var selectedLog: [IndexPath] = []
    var refuse: IndexPath?
    var style: UITableViewCell.CellStyle = .default
    var heights: ((IndexPath) -> CGFloat)?
    init(_ counts: [Int], titles: [String?] = []) { self.counts = counts; self.titles = titles }

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        asked += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        titles.indices.contains(section) ? titles[section] : nil
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { heights?(indexPath) ?? tableView.rowHeight }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath == refuse ? nil : indexPath }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selectedLog.append(indexPath) }
}

@MainActor @Suite struct TableViewTests {
    @MainActor final class Scene {
        let window: UIWindow
        let table: UITableView
        let rows: Rows
        let fingers: Fingers
        init(_ counts: [Int], titles: [String?] = [], style: UITableView.Style = .plain, configure: (UITableView) -> Void = { _ in }) {
            freshApp()
            window = shownWindow()
            table = UITableView(frame: window.bounds, style: style)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            rows = Rows(counts, titles: titles)
            configure(table)
            table.dataSource = rows
            table.delegate = rows
            window.addSubview(table)
            fingers = Fingers()
            endTurn()
        }
    }

    @Test func onlyTheRowsOnScreenHaveCellsAndCellsAreReused() {
        let s = Scene([10_000])
        // 480 points of 44-point rows: 11 rows, and not one more cell.
        #expect(s.table.visibleCells.count == 11)
        #expect(s.table.cellsCreated == 11 && s.rows.asked == 11)
        #expect(s.table.contentSize == CGSize(width: 320, height: 440_000))
        // Scrolling through a thousand rows makes no new cells (one row more may show between two).
        for step in 1...200 {
            s.table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 220)
        }
        #expect(s.table.cellsCreated <= 12)
        #expect(s.table.indexPathsForVisibleRows?.first == IndexPath(row: 1000, section: 0))
        #expect(s.table.cellForRow(at: IndexPath(row: 1005, section: 0))?.textLabel?.text == "Row 0.1005")
        #expect(s.table.cellForRow(at: IndexPath(row: 10, section: 0)) == nil)
        #expect(s.table.subviews.filter { $0 is UITableViewCell && !$0.isHidden }.count == s.table.visibleCells.count)
    }

    @Test func rowsAndSectionsHaveTheirPlaces() {
        let s = Scene([3, 2], titles: ["First", "Second"]) { $0.rowHeight = 50 }
        // Plain headers with titles are 28 points.
        #expect(s.table.rectForHeader(inSection: 0) == CGRect(x: 0, y: 0, width: 320, height: 28))
        #expect(s.table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 0, y: 28, width: 320, height: 50))
        #expect(s.table.rectForRow(at: IndexPath(row: 1, section: 1)) == CGRect(x: 0, y: 28 + 150 + 28 + 50, width: 320, height: 50))
        #expect(s.table.rect(forSection: 1) == CGRect(x: 0, y: 178, width: 320, height: 128))
        #expect(s.table.indexPathForRow(at: CGPoint(x: 10, y: 30)) == IndexPath(row: 0, section: 0))
        #expect(s.table.indexPathForRow(at: CGPoint(x: 10, y: 10)) == nil) // a header
        #expect(s.table.indexPathForRow(at: CGPoint(x: 10, y: 260)) == IndexPath(row: 1, section: 1))
        #expect(s.table.indexPathForRow(at: CGPoint(x: 10, y: 400)) == nil)
        #expect(s.table.numberOfSections == 2 && s.table.numberOfRows(inSection: 1) == 2)
        #expect(s.table.headerView(forSection: 0)?.textLabel?.text == "First")
        // The delegate's heights.
        let t = Scene([4]) { _ in }
        t.rows.heights = { CGFloat(20 + $0.row * 10) }
        t.table.reloadData()
        t.window.layoutIfNeeded()
        #expect(t.table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 20 + 30 + 40, width: 320, height: 50))
    }

    @Test func selfSizingRowsAreMeasuredFromTheirCellsConstraints() {
        final class NoteCell: UITableViewCell {
            let note = UILabel()
            override init(style: CellStyle, reuseIdentifier: String?) {
                super.init(style: style, reuseIdentifier: reuseIdentifier)
                note.numberOfLines = 0
                note.translatesAutoresizingMaskIntoConstraints = false
                contentView.addSubview(note)
                NSLayoutConstraint.activate([
                    note.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                    note.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                    note.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
                    note.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
                ])
            }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        }
        final class Notes: NSObject, UITableViewDataSource {
            let texts = ["One line", String(repeating: "Many words that wrap over several lines. ", count: 6)]
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath) as! NoteCell
                cell.note.text = texts[indexPath.row]
                return cell
            }
        }
        freshApp()
        let window = shownWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(NoteCell.self, forCellReuseIdentifier: "note")
        let notes = Notes()
        table.dataSource = notes
        window.addSubview(table)
        endTurn()
        let first = table.rectForRow(at: IndexPath(row: 0, section: 0)), second = table.rectForRow(at: IndexPath(row: 1, section: 0))
        let line = UIFont.systemFont(ofSize: 17).lineHeight
        #expect(abs(first.height - (line + 24)) <= 1)
        #expect(second.height > 3 * line + 24)
        #expect(second.minY == first.maxY)
        #expect(table.contentSize.height == second.maxY)
    }

    @Test func plainSectionHeadersStayAtTheTopWhileTheirSectionScrolls() {
        let s = Scene([20, 20], titles: ["A", "B"])
        s.table.contentOffset = CGPoint(x: 0, y: 300)
        s.window.layoutIfNeeded()
        let header = try! #require(s.table.headerView(forSection: 0))
        #expect(header.frame.minY == 300)
        // Pushed up by the next section's header.
        let next = s.table.rectForHeader(inSection: 1)
        s.table.contentOffset = CGPoint(x: 0, y: next.minY - 10)
        s.window.layoutIfNeeded()
        #expect(s.table.headerView(forSection: 0)?.frame.maxY == next.minY)
    }

    @Test func aTapSelectsTheRowAndAScrollDoesNot() {
        let s = Scene([50])
        s.fingers.tap(CGPoint(x: 100, y: 44 * 2 + 20))
        #expect(s.rows.selectedLog == [IndexPath(row: 2, section: 0)])
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(s.table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
        // A finger that rests highlights the row after the scroll view's delay...
        s.fingers.down(CGPoint(x: 100, y: 44 * 4 + 20))
        #expect(s.table.cellForRow(at: IndexPath(row: 4, section: 0))?.isHighlighted == false)
        s.fingers.wait(0.2)
        #expect(s.table.cellForRow(at: IndexPath(row: 4, section: 0))?.isHighlighted == true)
        // ...and a scroll that starts then takes it away: no selection.
        for i in 1...5 { s.fingers.wait(0.016); s.fingers.move(CGPoint(x: 100, y: 44 * 4 + 20 - CGFloat(i) * 20)) }
        s.fingers.up()
        #expect(s.table.isDecelerating || s.table.contentOffset.y > 0)
        #expect(s.rows.selectedLog.count == 1)
        #expect(s.table.visibleCells.allSatisfy { !$0.isHighlighted })
        // Selecting another row deselects the first; a row the delegate refuses is not selected.
        frames(5)
        let row = s.table.indexPathsForVisibleRows![3]
        s.fingers.tap(s.table.convert(CGPoint(x: 100, y: s.table.rectForRow(at: row).midY), to: nil))
        #expect(s.table.indexPathsForSelectedRows == [row])
        s.rows.refuse = s.table.indexPathsForVisibleRows![5]
        s.fingers.tap(s.table.convert(CGPoint(x: 100, y: s.table.rectForRow(at: s.rows.refuse!).midY), to: nil))
        #expect(s.table.indexPathsForSelectedRows == [row])
    }

    @Test func multipleSelectionTogglesRows() {
        let s = Scene([10]) { $0.allowsMultipleSelection = true }
        s.fingers.tap(CGPoint(x: 100, y: 20))
        s.fingers.tap(CGPoint(x: 100, y: 64))
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
        s.fingers.tap(CGPoint(x: 100, y: 20))
        #expect(s.table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    }

    @Test func aButtonInARowIsTheButtonsNotTheRows() {
        let s = Scene([5])
        let button = UIButton(type: .system)
        var taps = 0
        button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
        button.frame = CGRect(x: 250, y: 5, width: 60, height: 34)
        s.table.cellForRow(at: IndexPath(row: 0, section: 0))!.contentView.addSubview(button)
        s.fingers.tap(CGPoint(x: 280, y: 22))
        #expect(taps == 1 && s.rows.selectedLog.isEmpty)
    }

    @Test func insertingAndDeletingRowsCarriesCellsAndSelectionOver() {
        let s = Scene([5])
        s.table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        let fourth = s.table.cellForRow(at: IndexPath(row: 3, section: 0))
        s.rows.counts = [7]
        s.table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .fade)
        #expect(s.table.numberOfRows(inSection: 0) == 7)
        #expect(s.table.indexPathForSelectedRow == IndexPath(row: 5, section: 0))
        #expect(s.table.cellForRow(at: IndexPath(row: 5, section: 0)) === fourth)
        frames(0.5)
        #expect(fourth?.frame.minY == 220)
        var finished = false
        s.rows.counts = [6]
        s.table.performBatchUpdates({
            s.table.deleteRows(at: [IndexPath(row: 5, section: 0)], with: .automatic)
        }, completion: { finished = $0 })
        #expect(s.table.indexPathForSelectedRow == nil)
        frames(0.5)
        #expect(finished)
        #expect(s.table.visibleCells.count == 6)
        #expect(s.table.visibleCells.map { $0.frame.minY } == (0..<6).map { CGFloat($0) * 44 })
    }

    @Test func anUpdateThatDoesNotMatchTheDataSourceStopsTheProgramWithUIKitsMessage() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let s = Scene([5])
                s.rows.counts = [5]
                // One row inserted, but the data source still says five.
                s.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
            }
        }
    }

    @Test func scrollingToARowPutsItWhereAsked() {
        let s = Scene([100])
        s.table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        #expect(s.table.contentOffset.y == 2200)
        s.table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .bottom, animated: false)
        #expect(s.table.contentOffset.y == 1764)
        s.table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .middle, animated: false)
        #expect(s.table.contentOffset.y == 1982)
        s.table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        #expect(s.table.contentOffset.y == 3920)
    }

    @Test func contentConfigurationsShowInCells() {
        let s = Scene([1])
        let cell = s.table.cellForRow(at: IndexPath(row: 0, section: 0))!
        var content = cell.defaultContentConfiguration()
        content.text = "Wi-Fi"
        content.secondaryText = "Home"
        content.prefersSideBySideTextAndSecondaryText = true
        cell.contentConfiguration = content
        s.window.layoutIfNeeded()
        let view = try! #require(cell.contentView.subviews.first { $0 is UIListContentView })
        let labels = view.subviews.compactMap { $0 as? UILabel }
        #expect(labels.map(\.text) == ["Wi-Fi", "Home"])
        #expect(labels[0].frame.minX == 16 && abs(labels[1].frame.maxX - (view.bounds.width - 16)) < 0.5)
    }

    @Test(arguments: [1.0, 2.0]) func theThreeStylesLookAsIOSDrawsThem(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 3 * 240 * scale, height: 300 * scale), scale: scale)
        let window = shownWindow()
        window.backgroundColor = .white
        for (i, style) in [UITableView.Style.plain, .grouped, .insetGrouped].enumerated() {
            let table = UITableView(frame: CGRect(x: CGFloat(i) * 240, y: 0, width: 240, height: 300), style: style)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            let rows = Rows([3, 2], titles: ["Network", "About"])
            table.dataSource = rows
            table.delegate = rows
            objc_setAssociatedObject(table, &TableViewTests.rowsKey, rows, .OBJC_ASSOCIATION_RETAIN)
            window.addSubview(table)
            endTurn()
            table.cellForRow(at: IndexPath(row: 0, section: 0))?.accessoryType = .disclosureIndicator
            table.cellForRow(at: IndexPath(row: 1, section: 0))?.accessoryType = .checkmark
            table.selectRow(at: IndexPath(row: 0, section: 1), animated: false, scrollPosition: .none)
        }
        frames(0.1)
        assertGolden(window.screen.snapshotImage()!, "tables@\(Int(scale))x", allowedPixels: 40)
    }
    nonisolated(unsafe) static var rowsKey: UInt8 = 0
}

@MainActor @Suite struct DiffableDataSourceTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, String>

    @Test func aSnapshotKeepsSectionsAndItemsInOrder() {
        var s = Snapshot()
        s.appendSections(["fruit", "veg"])
        s.appendItems(["apple", "pear"], toSection: "fruit")
        s.appendItems(["leek"])
        s.insertItems(["fig"], afterItem: "apple")
        s.insertItems(["kale"], beforeItem: "leek")
        #expect(s.itemIdentifiers == ["apple", "fig", "pear", "kale", "leek"])
        #expect(s.numberOfItems == 5 && s.numberOfSections == 2 && s.numberOfItems(inSection: "veg") == 2)
        #expect(s.sectionIdentifier(containingItem: "kale") == "veg" && s.indexOfItem("kale") == 3 && s.indexOfSection("veg") == 1)
        s.moveItem("apple", afterItem: "pear")
        #expect(s.itemIdentifiers(inSection: "fruit") == ["fig", "pear", "apple"])
        s.deleteItems(["fig"])
        s.deleteSections(["veg"])
        #expect(s.itemIdentifiers == ["pear", "apple"] && s.sectionIdentifier(containingItem: "leek") == nil)
    }

    @Test func differencesAreFoundByIdentity() {
        var old = Snapshot()
        old.appendSections(["a"])
        old.appendItems(["1", "2", "3", "4", "5"])
        var new = Snapshot()
        new.appendSections(["a"])
        new.appendItems(["1", "3", "2", "6", "5"])
        new.reloadItems(["5"])
        let c = new.changes(from: old)
        #expect(c.deletedItems == [IndexPath(row: 3, section: 0)])
        #expect(c.insertedItems == [IndexPath(row: 3, section: 0)])
        #expect(c.reloadedItems == [IndexPath(row: 4, section: 0)])
        // Of 1 3 2 5 (old places 0 2 1 4), the longest run in order is 0 1 4 (or 0 2 4): one item moves.
        #expect(c.moved.count == 1)
        #expect(longestIncreasingRun([0, 2, 1, 4]).count == 3)
        #expect(longestIncreasingRun([5, 1, 2, 9, 3, 4]) == [1, 2, 3, 4])
    }

    @Test func applyingASnapshotAnimatesTheTableToIt() {
        freshApp()
        let window = shownWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        window.addSubview(table)
        var made = 0
        let source = UITableViewDiffableDataSource<String, String>(tableView: table) { table, indexPath, item in
            made += 1
            let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        var s = Snapshot()
        s.appendSections(["main"])
        s.appendItems(["Alpha", "Beta", "Gamma", "Delta"])
        source.apply(s, animatingDifferences: false)
        endTurn()
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["Alpha", "Beta", "Gamma", "Delta"])
        let beta = table.cellForRow(at: IndexPath(row: 1, section: 0))
        table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        // Gamma goes, Epsilon comes first, Delta moves before Beta.
        var next = source.snapshot()
        next.deleteItems(["Gamma"])
        next.insertItems(["Epsilon"], beforeItem: "Alpha")
        next.moveItem("Delta", beforeItem: "Beta")
        var done = false
        made = 0
        source.apply(next) { done = true }
        frames(0.5)
        #expect(done)
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["Epsilon", "Alpha", "Delta", "Beta"])
        // Only the new row's cell was asked for; Beta's cell and selection followed it.
        #expect(made == 1)
        #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === beta)
        #expect(table.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
        #expect(source.itemIdentifier(for: IndexPath(row: 2, section: 0)) == "Delta")
        #expect(source.indexPath(for: "Beta") == IndexPath(row: 3, section: 0))
        #expect(table.visibleCells.map(\.frame.minY) == [0, 44, 88, 132])
    }
}

@MainActor @Suite struct SwipeActionTests {
    /// Rows with a trailing Delete (destructive) and Flag, and a leading Pin.
    @MainActor final class Swiped: NSObject, UITableViewDataSource, UITableViewDelegate {
        var rows = (0..<10).map { "Row \($0)" }
        var log: [String] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = rows[indexPath.row]
            return cell
        }
        func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
                log.append("delete \(indexPath.row)")
                rows.remove(at: indexPath.row)
                tableView.deleteRows(at: [indexPath], with: .automatic)
                done(true)
            }
            let flag = UIContextualAction(style: .normal, title: "Flag") { [unowned self] _, _, done in
                log.append("flag \(indexPath.row)")
                done(true)
            }
            return UISwipeActionsConfiguration(actions: [delete, flag])
        }
        func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            UISwipeActionsConfiguration(actions: [UIContextualAction(style: .normal, title: "Pin") { [unowned self] _, _, done in
                log.append("pin \(indexPath.row)")
                done(true)
            }])
        }
    }

    func scene() -> (UITableView, Swiped, Fingers) {
        freshApp()
        let window = shownWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = Swiped()
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        objc_setAssociatedObject(table, &SwipeActionTests.key, source, .OBJC_ASSOCIATION_RETAIN)
        endTurn()
        return (table, source, Fingers())
    }
    nonisolated(unsafe) static var key: UInt8 = 0

    @Test func aSwipeOpensARowOnItsActionsAndATapRunsOne() {
        let (table, source, fingers) = scene()
        // Row 2 (y 88..132) swiped 120 points left, slowly.
        fingers.drag(from: CGPoint(x: 250, y: 110), to: CGPoint(x: 130, y: 110), steps: 12, interval: 0.03, lift: false)
        fingers.wait(0.1)
        fingers.up()
        frames(0.5)
        let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))!
        let open = try! #require(table.openSwipe)
        #expect(open.buttons.map { $0.title(for: .normal) } == ["Delete", "Flag"])
        #expect(cell.frame.minX == -open.openWidth)
        #expect(open.buttons.allSatisfy { $0.frame.minX >= 320 - open.openWidth && $0.frame.maxX <= 320.5 })
        #expect(!table.isDragging && table.contentOffset.y == 0)
        // Flag, the inner button.
        let flag = open.buttons[1]
        fingers.tap(CGPoint(x: flag.frame.midX, y: 110))
        frames(0.5)
        #expect(source.log == ["flag 2"])
        #expect(table.openSwipe == nil && cell.frame.minX == 0)
    }

    @Test func aFullSwipePerformsTheFirstActionAndAVerticalDragStillScrolls() {
        let (table, source, fingers) = scene()
        fingers.drag(from: CGPoint(x: 300, y: 66), to: CGPoint(x: 20, y: 66), steps: 14, interval: 0.02)
        frames(0.5)
        #expect(source.log == ["delete 1"])
        #expect(table.numberOfRows(inSection: 0) == 9)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Row 2")
        // Leading: Pin.
        fingers.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 300, y: 20), steps: 14, interval: 0.02)
        frames(0.5)
        #expect(source.log == ["delete 1", "pin 0"])
        // Up and down, a row with actions scrolls the table.
        fingers.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 300), steps: 8, lift: false)
        #expect(table.isDragging && table.openSwipe == nil)
        fingers.up()
    }
}

@MainActor @Suite struct EditingTests {
    /// Movable, deletable rows.
    @MainActor final class Editable: NSObject, UITableViewDataSource {
        var rows = (0..<6).map { "Row \($0)" }
        var log: [String] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = rows[indexPath.row]
            return cell
        }
        func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
        func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            log.append("commit \(editingStyle == .delete ? "delete" : "insert") \(indexPath.row)")
            rows.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .automatic)
        }
        func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
            log.append("move \(sourceIndexPath.row) \(destinationIndexPath.row)")
            rows.insert(rows.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
        }
    }

    @Test func editingShowsDeleteControlsAndGripsAndTheyWork() {
        freshApp()
        let window = shownWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = Editable()
        table.dataSource = source
        window.addSubview(table)
        endTurn()
        table.setEditing(true, animated: false)
        table.layoutIfNeeded()
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0))!
        cell.layoutIfNeeded()
        #expect(cell.editingControl?.isHidden == false && cell.reorderControl?.isHidden == false)
        #expect(cell.contentView.frame.minX == UITableViewCell.editingIndent)
        let fingers = Fingers()
        // The minus brings out Delete; Delete commits.
        fingers.tap(CGPoint(x: 19, y: 66))
        frames(0.5)
        let delete = try! #require(table.openSwipe?.buttons.first)
        #expect(delete.title(for: .normal) == "Delete")
        fingers.tap(table.convert(CGPoint(x: delete.frame.midX, y: delete.frame.midY), to: nil))
        frames(0.5)
        #expect(source.log == ["commit delete 1"])
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["Row 0", "Row 2", "Row 3", "Row 4", "Row 5"])
        // Row 0's grip dragged down two rows.
        let grip = table.cellForRow(at: IndexPath(row: 0, section: 0))!.reorderControl!
        let start = grip.convert(CGPoint(x: grip.bounds.midX, y: grip.bounds.midY), to: nil)
        fingers.drag(from: start, to: CGPoint(x: start.x, y: start.y + 2 * 44 + 10), steps: 10, interval: 0.03)
        frames(0.5)
        #expect(source.log.last == "move 0 2")
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["Row 2", "Row 3", "Row 0", "Row 4", "Row 5"])
        #expect(table.visibleCells.map(\.frame.minY) == [0, 44, 88, 132, 176])
        #expect(table.contentOffset.y == 0)
        // Out of editing: no controls, content back in place.
        table.setEditing(false, animated: false)
        table.layoutIfNeeded()
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0))!
        first.layoutIfNeeded()
        #expect(first.editingControl?.isHidden != false && first.contentView.frame.minX == 0)
        withExtendedLifetime(source) {}
    }

    /// Two sections of movable rows; the delegate keeps rows out of section 2.
    @MainActor final class Sections: NSObject, UITableViewDataSource, UITableViewDelegate {
        var sections = [["A0", "A1", "A2"], ["B0", "B1"], ["C0"]]
        var log: [String] = []
        func numberOfSections(in tableView: UITableView) -> Int { sections.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = sections[indexPath.section][indexPath.row]
            return cell
        }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section \(section)" }
        func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
        func tableView(_ tableView: UITableView, moveRowAt from: IndexPath, to: IndexPath) {
            log.append("move \(from.section).\(from.row) \(to.section).\(to.row)")
            sections[to.section].insert(sections[from.section].remove(at: from.row), at: to.row)
        }
        func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt source: IndexPath,
                       toProposedIndexPath proposed: IndexPath) -> IndexPath {
            proposed.section == 2 ? IndexPath(row: sections[1].count, section: 1) : proposed
        }
    }

    @Test func aRowDraggedIntoAnotherSectionMovesThere() {
        freshApp()
        let window = shownWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let source = Sections()
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        endTurn()
        table.setEditing(true, animated: false)
        table.layoutIfNeeded()
        let fingers = Fingers()
        func drag(_ ip: IndexPath, to y: CGFloat) {
            let cell = table.cellForRow(at: ip)!
            cell.layoutIfNeeded()
            let grip = cell.reorderControl!
            let start = grip.convert(CGPoint(x: grip.bounds.midX, y: grip.bounds.midY), to: nil)
            let row = table.rectForRow(at: ip)
            fingers.drag(from: start, to: CGPoint(x: start.x, y: start.y + (y - row.midY)), steps: 12, interval: 0.03)
            frames(0.5)
        }
        // A1 onto the lower half of B0: it goes between B0 and B1.
        let b0 = table.rectForRow(at: IndexPath(row: 0, section: 1))
        drag(IndexPath(row: 1, section: 0), to: b0.midY + 10)
        #expect(source.log.last == "move 0.1 1.1", "\(source.log)")
        #expect(source.sections == [["A0", "A2"], ["B0", "A1", "B1"], ["C0"]])
        #expect(table.numberOfRows(inSection: 0) == 2 && table.numberOfRows(inSection: 1) == 3)
        // Over section 2, the delegate sends it to the end of section 1 instead.
        let c0 = table.rectForRow(at: IndexPath(row: 0, section: 2))
        drag(IndexPath(row: 0, section: 0), to: c0.midY)
        #expect(source.log.last == "move 0.0 1.3", "\(source.log)")
        #expect(source.sections == [["A2"], ["B0", "A1", "B1", "A0"], ["C0"]])
        // Every cell sits where its row is.
        for cell in table.visibleCells {
            let ip = table.indexPath(for: cell)!
            #expect(cell.frame == table.rectForRow(at: ip), "\(ip)")
            #expect(cell.textLabel?.text == source.sections[ip.section][ip.row])
        }
        withExtendedLifetime(source) {}
    }
}

@MainActor @Suite struct SectionIndexTests {
    /// Sections A to Z of five rows each, with the letters as the index.
    @MainActor final class Letters: NSObject, UITableViewDataSource {
        let letters = (0..<26).map { String(UnicodeScalar(UInt8(65 + $0))) }
        func numberOfSections(in tableView: UITableView) -> Int { letters.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "\(letters[indexPath.section])\(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { letters[section] }
        func sectionIndexTitles(for tableView: UITableView) -> [String]? { letters }
        func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
            letters.firstIndex(of: title) ?? 0
        }
    }

    @Test func touchingTheIndexJumpsToTheSectionAndDraggingFollowsIt() {
        freshApp()
        let window = shownWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let letters = Letters()
        table.dataSource = letters
        window.addSubview(table)
        endTurn()
        let index = try! #require(table.sectionIndexView)
        #expect(index.frame == CGRect(x: 320 - SectionIndexView.width, y: 0, width: SectionIndexView.width, height: 480))
        #expect(index.titles.count == 26)
        // The middle of the title "M" (the titles are 14 points apart, centred).
        func point(_ i: Int) -> CGPoint {
            let top = (480 - 14 * 26) / 2.0
            return table.convert(CGPoint(x: index.frame.midX, y: table.contentOffset.y + top + 14 * Double(i) + 7), to: nil)
        }
        let fingers = Fingers()
        fingers.tap(point(12))
        frames(0.3)
        #expect(table.contentOffset.y == table.rect(forSection: 12).minY)
        // The index stays over the visible area as the table scrolls.
        #expect(index.frame.minY == table.contentOffset.y)
        // A drag down the index from M to Q: the table follows the titles, not the finger.
        let from = point(12)
        fingers.drag(from: from, to: CGPoint(x: from.x, y: from.y + 4 * 14), steps: 8, interval: 0.03)
        frames(0.5)
        #expect(table.contentOffset.y == table.rect(forSection: 16).minY, "\(table.contentOffset)")
        withExtendedLifetime(letters) {}
    }
}
