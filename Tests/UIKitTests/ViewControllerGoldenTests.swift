// Navigation and presentation on screen, against golden images: a push half way through its slide (the manual
// clock stops it there), a settled navigation bar with its buttons, an alert, an action sheet, at scale 1 and 2.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct ViewControllerGoldenTests {
    nonisolated static let scales: [CGFloat] = [1, 2]

    /// A page with a title and a coloured block, so that the slide's positions show.
    final class Page: UIViewController {
        let colour: UIColor
        init(_ title: String, _ colour: UIColor) {
            self.colour = colour
            super.init(nibName: nil, bundle: nil)
            self.title = title
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemBackground
            let block = UIView(frame: CGRect(x: 20, y: 80, width: 280, height: 120))
            block.backgroundColor = colour
            block.layer.cornerRadius = 12
            view.addSubview(block)
        }
    }

    func scene(scale: CGFloat) -> (UIWindow, UINavigationController, Page) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 480 * scale), scale: scale)
        let home = Page("Home", .systemBlue)
        home.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
        let nav = UINavigationController(rootViewController: home)
        let window = shownWindow()
        window.rootViewController = nav
        endTurn()
        return (window, nav, home)
    }

    /// A page of scrolling content, scrolled so that some of it is under the bar (which then shows its background).
    final class ScrolledPage: UIViewController {
        override func loadView() {
            let scroll = UIScrollView(frame: UIScreen.main.bounds)
            scroll.backgroundColor = .systemBackground
            scroll.contentSize = CGSize(width: 320, height: 1200)
            for i in 0..<12 {
                let row = UILabel(frame: CGRect(x: 16, y: CGFloat(i) * 100, width: 288, height: 90))
                row.text = "Row \(i)"
                row.backgroundColor = i % 2 == 0 ? .systemTeal : .systemYellow
                scroll.addSubview(row)
            }
            view = scroll
        }
    }

    @Test(arguments: scales) func theBarIsClearAtTheScrollEdgeAndShowsItsBackgroundOverScrolledContent(scale: CGFloat) {
        let (window, nav, _) = scene(scale: scale)
        let page = ScrolledPage()
        page.title = "Rooms"
        nav.pushViewController(page, animated: false)
        endTurn()
        #expect(nav.navigationBar.isAtScrollEdge)
        (page.view as! UIScrollView).contentOffset.y = 60
        endTurn()
        #expect(!nav.navigationBar.isAtScrollEdge)
        assertGolden(window.screen.snapshotImage()!, "nav-scrolled@\(Int(scale))x", allowedPixels: 60)
        // However the content got under the bar: a table scrolled to a row, then animated back to the top.
        final class Rows: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 60 }
        }
        let rows = Rows(style: .plain)
        nav.pushViewController(rows, animated: false)
        endTurn()
        #expect(nav.navigationBar.isAtScrollEdge)
        rows.tableView.scrollToRow(at: IndexPath(row: 30, section: 0), at: .top, animated: false)
        endTurn()
        #expect(!nav.navigationBar.isAtScrollEdge)
        rows.tableView.setContentOffset(CGPoint(x: 0, y: -rows.tableView.adjustedContentInset.top), animated: true)
        frames(0.5)
        #expect(nav.navigationBar.isAtScrollEdge)
    }

    @Test(arguments: scales) func aPushHalfWay(scale: CGFloat) {
        let (window, nav, _) = scene(scale: scale)
        let settings = Page("Settings", .systemOrange)
        settings.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
        nav.pushViewController(settings, animated: true)
        frames(SlideAnimator.duration / 2)
        assertGolden(window.screen.snapshotImage()!, "nav-push-halfway@\(Int(scale))x", allowedPixels: 60)
        frames(0.5)
        assertGolden(window.screen.snapshotImage()!, "nav-pushed@\(Int(scale))x", allowedPixels: 60)
    }

    @Test(arguments: scales) func anAlertAndAnActionSheet(scale: CGFloat) {
        let (window, nav, home) = scene(scale: scale)
        let alert = UIAlertController(title: "Join “Office”?", message: "The network asks for a password.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Join", style: .default))
        home.present(alert, animated: true)
        frames(0.5)
        assertGolden(window.screen.snapshotImage()!, "alert@\(Int(scale))x", allowedPixels: 60)
        alert.dismiss(animated: false)
        frames(0.1)
        let sheet = UIAlertController(title: "Photo", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(UIAlertAction(title: "Delete", style: .destructive))
        sheet.addAction(UIAlertAction(title: "Share", style: .default))
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        nav.present(sheet, animated: true)
        frames(0.5)
        assertGolden(window.screen.snapshotImage()!, "action-sheet@\(Int(scale))x", allowedPixels: 60)
        // The same in the dark style.
        UIApplication.shared.setUserInterfaceStyle(.dark)
        frames(0.1)
        assertGolden(window.screen.snapshotImage()!, "action-sheet-dark@\(Int(scale))x", allowedPixels: 60)
        UIApplication.shared.setUserInterfaceStyle(.light)
    }
}
