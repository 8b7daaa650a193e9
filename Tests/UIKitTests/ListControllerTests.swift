import CoreGraphics
import Foundation
import Testing
@testable import UIKit

/// `UITableViewController` and `UICollectionViewController` as iOS code subclasses them: data source, delegate and
/// scroll view delegate methods written with `override`, the view made from the style or layout, the selection
/// cleared on the way back, editing passed on, the refresh control, and the table kept clear of the keyboard.
@MainActor @Suite struct ListControllerTests {
    /// A settings-like list as an iOS developer writes it.
    final class Fruit: UITableViewController {
        let names = ["Apple", "Banana", "Cherry"]
        var chosen: [String] = []
        var scrolls = 0
        var deleted: [IndexPath] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
        }
        override func numberOfSections(in tableView: UITableView) -> Int { 1 }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
            cell.textLabel?.text = names[indexPath.row]
            return cell
        }
        override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Fruit" }
        override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 50 }
        override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            chosen.append(names[indexPath.row])
        }
        override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            deleted.append(indexPath)
        }
        override func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
    }

    @Test func aSubclassOverridesTheDataSourceAndDelegateAndGetsTheirAnswers() {
        freshApp()
        let window = shownWindow()
        let fruit = Fruit(style: .insetGrouped)
        window.rootViewController = fruit
        endTurn()
        let table = fruit.tableView!
        #expect(fruit.view === table && table.style == .insetGrouped)
        #expect(table.dataSource === fruit && table.delegate === fruit)
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).height == 50)
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Cherry")
        let row = table.rectForRow(at: IndexPath(row: 1, section: 0))
        Fingers().tap(table.convert(CGPoint(x: row.midX, y: row.midY), to: nil))
        frames(0.3)
        #expect(fruit.chosen == ["Banana"])
        let before = fruit.scrolls
        table.contentOffset.y += 10
        #expect(fruit.scrolls == before + 1)
        // Plain and default initialisers make plain tables.
        #expect(Fruit().tableView.style == .plain)
        #expect(UITableViewController(nibName: nil, bundle: nil).tableView.style == .plain)
    }

    @Test func theSelectionIsClearedWhenTheListAppearsAgainUnlessAskedToKeepIt() {
        for clears in [true, false] {
            freshApp()
            let window = shownWindow()
            let fruit = Fruit(style: .plain)
            fruit.clearsSelectionOnViewWillAppear = clears
            let navigation = UINavigationController(rootViewController: fruit)
            window.rootViewController = navigation
            endTurn()
            let chosen = IndexPath(row: 1, section: 0)
            fruit.tableView.selectRow(at: chosen, animated: false, scrollPosition: .none)
            navigation.pushViewController(UIViewController(), animated: false)
            frames(0.1)
            #expect(fruit.tableView.indexPathsForSelectedRows == [chosen])
            navigation.popViewController(animated: false)
            frames(0.5)
            #expect(fruit.tableView.indexPathsForSelectedRows == (clears ? nil : [chosen]), "clears: \(clears)")
        }
    }

    @Test func editingModeAndTheRefreshControlGoToTheTable() {
        freshApp()
        let window = shownWindow()
        let fruit = Fruit(style: .plain)
        window.rootViewController = fruit
        endTurn()
        fruit.setEditing(true, animated: false)
        #expect(fruit.isEditing && fruit.tableView.isEditing)
        fruit.isEditing = false
        #expect(!fruit.tableView.isEditing)
        let refresh = UIRefreshControl()
        fruit.refreshControl = refresh
        #expect(fruit.tableView.refreshControl === refresh && fruit.refreshControl === refresh)
        // A table set by hand becomes the view.
        let other = UITableView(frame: window.bounds, style: .grouped)
        fruit.tableView = other
        #expect(fruit.view === other)
    }

    /// The answers a bare controller gives are the protocols' defaults (the methods mirror them for subclasses).
    @Test func aBareControllerAnswersAsTheProtocolsDefaults() {
        freshApp()
        final class Bare: NSObject, UITableViewDataSource, UITableViewDelegate {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
        }
        let controller = UITableViewController(style: .plain)
        let table = controller.tableView!
        table.rowHeight = 61
        table.estimatedRowHeight = 62
        table.sectionHeaderHeight = 63
        table.sectionFooterHeight = 64
        let bare = Bare()
        let data: any UITableViewDataSource = controller, delegate: any UITableViewDelegate = controller
        let ip = IndexPath(row: 2, section: 1)
        #expect(data.numberOfSections(in: table) == bare.numberOfSections(in: table))
        #expect(data.tableView(table, numberOfRowsInSection: 0) == 0)
        #expect(data.tableView(table, titleForHeaderInSection: 0) == bare.tableView(table, titleForHeaderInSection: 0))
        #expect(data.tableView(table, canEditRowAt: ip) == bare.tableView(table, canEditRowAt: ip))
        #expect(data.tableView(table, canMoveRowAt: ip) == bare.tableView(table, canMoveRowAt: ip))
        #expect(data.tableView(table, sectionForSectionIndexTitle: "C", at: 5) == bare.tableView(table, sectionForSectionIndexTitle: "C", at: 5))
        #expect(delegate.tableView(table, heightForRowAt: ip) == bare.tableView(table, heightForRowAt: ip))
        #expect(delegate.tableView(table, estimatedHeightForRowAt: ip) == bare.tableView(table, estimatedHeightForRowAt: ip))
        #expect(delegate.tableView(table, heightForHeaderInSection: 1) == bare.tableView(table, heightForHeaderInSection: 1))
        #expect(delegate.tableView(table, heightForFooterInSection: 1) == bare.tableView(table, heightForFooterInSection: 1))
        #expect(delegate.tableView(table, willSelectRowAt: ip) == bare.tableView(table, willSelectRowAt: ip))
        #expect(delegate.tableView(table, editingStyleForRowAt: ip) == bare.tableView(table, editingStyleForRowAt: ip))
        #expect(delegate.tableView(table, titleForDeleteConfirmationButtonForRowAt: ip)
                == bare.tableView(table, titleForDeleteConfirmationButtonForRowAt: ip))
        #expect(delegate.scrollViewShouldScrollToTop(table) == bare.scrollViewShouldScrollToTop(table))
        #expect(delegate.viewForZooming(in: table) == nil)
    }

    /// A form in a table: the keyboard that comes up for a field low in the list adds its height to the table's bottom
    /// inset (so every row can scroll above it) and the field is scrolled into view; the room goes with the keyboard.
    @Test func theTableMakesRoomForTheKeyboard() {
        final class Form: UITableViewController {
            let field = UITextField()
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 12 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
                if indexPath.row == 8 {
                    field.frame = CGRect(x: 16, y: 4, width: 200, height: 36)
                    field.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                    cell.contentView.addSubview(field)
                } else {
                    cell.textLabel?.text = "Row \(indexPath.row)"
                }
                return cell
            }
        }
        freshApp()
        let window = shownWindow()
        let form = Form(style: .plain)
        window.rootViewController = form
        frames(0.1)
        let table = form.tableView!
        let resting = table.adjustedContentInset.bottom
        form.field.becomeFirstResponder()
        frames(0.6)
        let keyboard = UIApplication.shared.textInput.frame
        #expect(keyboard.height > 0)
        #expect(table.adjustedContentInset.bottom == max(resting, 480 - keyboard.minY))
        #expect(table.contentInset.bottom == 0, "the app's own inset is left alone")
        let field = form.field.convert(form.field.bounds, to: nil)
        #expect(field.maxY <= keyboard.minY, "the field is above the keyboard: \(field) \(keyboard)")
        // The last row can be scrolled to above the keyboard.
        table.scrollToRow(at: IndexPath(row: 11, section: 0), at: .bottom, animated: false)
        #expect(table.convert(table.rectForRow(at: IndexPath(row: 11, section: 0)), to: nil).maxY <= keyboard.minY + 0.5)
        form.field.resignFirstResponder()
        frames(0.6)
        #expect(table.adjustedContentInset.bottom == resting)
        #expect(table.contentOffset.y == table.contentSize.height + resting - 480, "back within range at the bottom")
    }

    /// A grid as an iOS developer writes it: overrides, and flow layout sizes from an extension's conformance.
    final class Swatches: UICollectionViewController, UICollectionViewDelegateFlowLayout {
        var picked: [Int] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "swatch")
        }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 6 }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
            cell.contentView.backgroundColor = .systemBlue
            return cell
        }
        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            picked.append(indexPath.item)
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize {
            CGSize(width: 90, height: 70)
        }
    }

    @Test func aCollectionControllerSubclassLaysOutPicksAndClearsItsSelection() {
        freshApp()
        let window = shownWindow()
        let layout = UICollectionViewFlowLayout()
        let swatches = Swatches(collectionViewLayout: layout)
        #expect(swatches.collectionViewLayout === layout && !swatches.isViewLoaded)
        let navigation = UINavigationController(rootViewController: swatches)
        window.rootViewController = navigation
        frames(0.1)
        let collection = swatches.collectionView!
        #expect(swatches.view === collection && collection.collectionViewLayout === layout)
        #expect(collection.dataSource === swatches)
        let item = collection.layoutAttributesForItem(at: IndexPath(item: 4, section: 0))!.frame
        #expect(item.size == CGSize(width: 90, height: 70))
        Fingers().tap(collection.convert(CGPoint(x: item.midX, y: item.midY), to: nil))
        frames(0.3)
        #expect(swatches.picked == [4])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        navigation.pushViewController(UIViewController(), animated: false)
        frames(0.1)
        navigation.popViewController(animated: false)
        frames(0.3)
        #expect(collection.indexPathsForSelectedItems?.isEmpty ?? true)
        #expect(Swatches(nibName: nil, bundle: nil).collectionViewLayout is UICollectionViewFlowLayout)
    }
}
