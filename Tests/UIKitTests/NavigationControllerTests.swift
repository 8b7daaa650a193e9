import CoreGraphics
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// UINavigationController: the stack, the bar's title, back button and buttons, the appearance callbacks of pushes
/// and pops in UIKit's order, the slide half way, and the interactive pop from the leading edge (completed and
/// cancelled) through the input pipeline.
@MainActor @Suite struct NavigationControllerTests {
    func withoutLayout(_ log: EventLog) -> [String] { log.entries.filter { !$0.contains("LayoutSubviews") } }

    /// A shown window whose root is a navigation controller on `root`.
    func scene(_ root: UIViewController, pixels: CGSize = CGSize(width: 320, height: 480)) -> (UIWindow, UINavigationController) {
        freshApp(pixels: pixels)
        let nav = UINavigationController(rootViewController: root)
        let window = shownWindow()
        window.rootViewController = nav
        endTurn()
        return (window, nav)
    }

    @Test func pushAndPopCallTheAppearanceMethodsInUIKitsOrder() {
        let log = EventLog()
        let a = LoggingController("A", log: log)
        a.title = "Home"
        let (_, nav) = scene(a)
        #expect(withoutLayout(log) == ["A.willMove(toParent: UINavigationController)", "A.didMove(toParent: UINavigationController)",
                                       "A.viewDidLoad", "A.viewWillAppear", "A.viewIsAppearing", "A.viewDidAppear"])
        log.entries = []
        let b = LoggingController("B", log: log)
        b.title = "Settings"
        nav.pushViewController(b, animated: true)
        // The incoming view is laid out before it slides.
        #expect(withoutLayout(log) == ["B.willMove(toParent: UINavigationController)", "B.viewDidLoad", "A.viewWillDisappear",
                                       "B.viewWillAppear(moving)", "B.viewIsAppearing"])
        #expect(nav.viewControllers == [a, b] && nav.topViewController === b && b.navigationController === nav)
        frames(0.6)
        #expect(withoutLayout(log) == ["B.willMove(toParent: UINavigationController)", "B.viewDidLoad", "A.viewWillDisappear",
                                       "B.viewWillAppear(moving)", "B.viewIsAppearing", "A.viewDidDisappear", "B.viewDidAppear",
                                       "B.didMove(toParent: UINavigationController)"])
        #expect(a.viewIfLoaded?.superview == nil && b.view.superview === nav.view && b.view.frame == nav.view.bounds)
        // The bar: the top's title, a back button with the title below it.
        #expect(nav.navigationBar.shownTitle == "Settings" && nav.navigationBar.backButtonTitle == "Home")
        // Its safe area starts under the bar.
        #expect(b.view.safeAreaInsets.top == 44)
        // Back: a tap on the back button pops.
        log.entries = []
        let back = nav.navigationBar.backButtonView!
        Fingers().tap(back.convert(CGPoint(x: back.bounds.midX, y: back.bounds.midY), to: nil))
        frames(0.6)
        #expect(withoutLayout(log) == ["B.willMove(toParent: nil)", "B.viewWillDisappear(moving)", "A.viewWillAppear", "A.viewIsAppearing",
                                       "B.viewDidDisappear", "A.viewDidAppear", "B.didMove(toParent: nil)"])
        #expect(nav.viewControllers == [a] && b.parent == nil && nav.navigationBar.backButtonTitle == nil)
    }

    /// The bar cross-fades: half way through a push the old title and buttons are still there, fading; once it has
    /// settled they are gone and the new ones fully shown.
    @Test func theBarCrossFadesItsTitleAndButtons() {
        let a = UIViewController(), b = UIViewController()
        a.title = "Home"; b.title = "Settings"
        let (_, nav) = scene(a)
        let bar = nav.navigationBar
        let settled = bar.subviews.count
        nav.pushViewController(b, animated: true)
        frames(0.175)
        let labels = bar.subviews.compactMap { $0 as? UILabel }.filter { $0.text == "Home" }
        #expect(labels.count == 1 && (labels[0].layer.presentation()?.opacity ?? 1) < 0.9) // the old title, fading out
        frames(0.5)
        #expect(bar.subviews.count == settled + 1) // the back button is new; no ghosts left
        #expect(bar.subviews.allSatisfy { $0.alpha == 1 } && bar.shownTitle == "Settings")
    }

    @Test func theSlideIsHalfWayHalfWayThrough() {
        let a = UIViewController(), b = UIViewController()
        let (_, nav) = scene(a)
        nav.pushViewController(b, animated: true)
        frames(SlideAnimator.duration / 2)
        // Ease in and out: half way at half time; the outgoing view a third as far the other way.
        let x = b.view.layer.presentation()?.affineTransform().tx ?? -1
        let ax = a.view.layer.presentation()?.affineTransform().tx ?? -1
        #expect(abs(x - 160) < 8 && abs(ax + 48) < 4, "incoming at \(x), outgoing at \(ax)")
        frames(0.5)
        #expect(b.view.transform.isIdentity && b.view.frame.minX == 0)
    }

    @Test func theBackButtonSaysWhatUIKitChooses() {
        let a = UIViewController()
        a.title = "A title far too long for a back button"
        let (_, nav) = scene(a)
        let b = UIViewController()
        nav.pushViewController(b, animated: false)
        #expect(nav.navigationBar.backButtonTitle == "Back")
        a.navigationItem.backButtonTitle = "Menu"
        #expect(nav.navigationBar.backButtonTitle == "Menu")
        a.navigationItem.backButtonDisplayMode = .minimal
        #expect(nav.navigationBar.backButtonTitle == "")
        b.navigationItem.hidesBackButton = true
        #expect(nav.navigationBar.backButtonTitle == nil)
        // A left item replaces the back button unless it supplements it.
        b.navigationItem.hidesBackButton = false
        b.navigationItem.leftBarButtonItem = UIBarButtonItem(barButtonSystemItem: .cancel, target: nil, action: nil)
        #expect(nav.navigationBar.backButtonTitle == nil && nav.navigationBar.buttonViews.left.count == 1)
        b.navigationItem.leftItemsSupplementBackButton = true
        #expect(nav.navigationBar.backButtonTitle == "" && nav.navigationBar.buttonViews.left.count == 1)
    }

    @MainActor final class Editor: UIViewController {
        var added = 0
        func add() { added += 1 }
        override func viewDidLoad() {
            super.viewDidLoad()
            navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: self, action: Editor.add)
        }
    }

    @Test func barButtonsRunTheirActions() {
        let editor = Editor()
        editor.title = "Notes"
        let (_, nav) = scene(editor)
        let plus = try! #require(nav.navigationBar.buttonViews.right.first)
        #expect(plus.frame.maxX <= 320 - 8 && plus.frame.minY >= 0 && plus.frame.width >= 28, "\(plus.frame)")
        Fingers().tap(plus.convert(CGPoint(x: plus.bounds.midX, y: plus.bounds.midY), to: nil))
        endTurn()
        #expect(editor.added == 1)
        // A primary action, and a disabled item.
        var ran = false
        let item = UIBarButtonItem(title: "Go", primaryAction: UIAction { _ in ran = true })
        editor.navigationItem.rightBarButtonItems = [item]
        let go = try! #require(nav.navigationBar.buttonViews.right.first)
        endTurn()
        Fingers().tap(go.convert(CGPoint(x: go.bounds.midX, y: go.bounds.midY), to: nil))
        #expect(ran)
        item.isEnabled = false
        #expect((nav.navigationBar.buttonViews.right.first as? UIButton)?.isEnabled == false)
        // The toolbar shows the top's toolbar items when shown.
        editor.toolbarItems = [.flexibleSpace(), UIBarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil)]
        nav.setToolbarHidden(false, animated: false)
        endTurn()
        #expect(nav.toolbar.superview === nav.view && nav.toolbar.frame.maxY == 480 && nav.toolbar.buttonViews.count == 1)
        #expect(editor.view.safeAreaInsets.bottom == 44)
    }

    @Test func anEdgeSwipePopsOrGoesBackWhenLetGoEarly() {
        let log = EventLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log)
        let (_, nav) = scene(a)
        nav.pushViewController(b, animated: false)
        endTurn()
        // Part of the way, slowly, and let go: the pop is cancelled.
        log.entries = []
        let fingers = Fingers()
        fingers.drag(from: CGPoint(x: 3, y: 240), to: CGPoint(x: 100, y: 240), steps: 10, interval: 0.05)
        frames(0.6)
        #expect(nav.viewControllers == [a, b] && b.view.frame.minX == 0 && b.view.transform.isIdentity && a.viewIfLoaded?.superview == nil)
        #expect(withoutLayout(log) == ["B.willMove(toParent: nil)", "B.viewWillDisappear(moving)", "A.viewWillAppear", "A.viewIsAppearing",
                                       "B.viewWillAppear", "A.viewWillDisappear", "A.viewDidDisappear", "B.viewIsAppearing", "B.viewDidAppear",
                                       "B.didMove(toParent: UINavigationController)"], "\(withoutLayout(log))")
        // Past half way: it pops.
        log.entries = []
        fingers.drag(from: CGPoint(x: 3, y: 240), to: CGPoint(x: 250, y: 240), steps: 10, interval: 0.03)
        frames(0.6)
        #expect(nav.viewControllers == [a] && a.view.superview === nav.view && b.parent == nil)
        #expect(withoutLayout(log).last == "B.didMove(toParent: nil)")
        // The root cannot be popped.
        fingers.drag(from: CGPoint(x: 3, y: 240), to: CGPoint(x: 250, y: 240), steps: 10, interval: 0.03)
        frames(0.6)
        #expect(nav.viewControllers == [a])
    }

    @Test func stacksAreSetAndPoppedToTheRoot() {
        let a = UIViewController(), b = UIViewController(), c = UIViewController()
        let (_, nav) = scene(a)
        nav.setViewControllers([a, b, c], animated: false)
        #expect(nav.viewControllers == [a, b, c] && nav.navigationBar.items?.count == 3 && c.view.superview === nav.view)
        let popped = nav.popToRootViewController(animated: false)
        #expect(popped == [b, c] && nav.viewControllers == [a] && b.parent == nil && c.parent == nil)
        // Pushes while a push animates wait their turn.
        nav.pushViewController(b, animated: true)
        nav.pushViewController(c, animated: true)
        frames(1.2)
        #expect(nav.viewControllers == [a, b, c] && nav.topViewController?.view.superview === nav.view)
        // Built before it is shown: the stack is kept, the top's view shows when it does.
        freshApp()
        let d = UIViewController(), e = UIViewController()
        let later = UINavigationController(rootViewController: d)
        later.pushViewController(e, animated: true)
        #expect(later.viewControllers == [d, e])
        let window = shownWindow()
        window.rootViewController = later
        endTurn()
        #expect(e.view.superview === later.view && d.viewIfLoaded?.superview == nil && later.navigationBar.backButtonTitle == "Back")
    }
}

/// Modal presentation and alerts.
@MainActor @Suite struct PresentationTests {
    func withoutLayout(_ log: EventLog) -> [String] { log.entries.filter { !$0.contains("LayoutSubviews") } }

    @Test func fullScreenPresentationTakesThePresentersPlaceAndGivesItBack() {
        freshApp()
        let log = EventLog()
        let root = LoggingController("root", log: log), modal = LoggingController("modal", log: log)
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        log.entries = []
        modal.modalPresentationStyle = .fullScreen
        var presented = false
        root.present(modal, animated: true) { presented = true }
        #expect(root.presentedViewController === modal && modal.presentingViewController === root && modal.isBeingPresented)
        frames(0.6)
        #expect(presented && !modal.isBeingPresented)
        #expect(withoutLayout(log) == ["modal.viewDidLoad", "modal.viewWillAppear", "root.viewWillDisappear", "modal.viewIsAppearing",
                                       "modal.viewDidAppear", "root.viewDidDisappear"])
        #expect(root.view.window == nil && modal.view.window === window && modal.view.frame == window.bounds)
        log.entries = []
        var dismissed = false
        modal.dismiss(animated: true) { dismissed = true }
        frames(0.6)
        #expect(dismissed && root.presentedViewController == nil && modal.presentingViewController == nil)
        #expect(withoutLayout(log) == ["modal.viewWillDisappear", "root.viewWillAppear", "root.viewIsAppearing", "modal.viewDidDisappear",
                                       "root.viewDidAppear"])
        #expect(root.view.window === window && modal.viewIfLoaded?.window == nil)
    }

    @Test func aSecondPresentationFromTheSameControllerIsRefused() {
        freshApp()
        let root = UIViewController(), first = UIViewController(), second = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        root.present(first, animated: false)
        root.present(second, animated: false)
        #expect(root.presentedViewController === first && second.presentingViewController == nil)
        // A child presents through the top of its chain; dismissing from inside the presented one works too.
        first.present(second, animated: false)
        #expect(first.presentedViewController === second)
        root.dismiss(animated: false)
        #expect(root.presentedViewController == nil && first.presentedViewController == nil && second.view.window == nil)
    }

    @MainActor final class Watcher: UIAdaptivePresentationControllerDelegate {
        var log: [String] = []
        func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) { log.append("attempt") }
        func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { log.append("willDismiss") }
        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log.append("didDismiss") }
    }

    @Test func sheetsAreCardsThatASwipeDownDismisses() {
        freshApp(pixels: CGSize(width: 1280, height: 800))
        let log = EventLog()
        let root = LoggingController("root", log: log), sheet = LoggingController("sheet", log: log)
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        log.entries = []
        sheet.modalPresentationStyle = .formSheet
        root.present(sheet, animated: true)
        frames(0.6)
        // A centred card 540x620; the presenter stays (no appearance callbacks for it).
        #expect(sheet.view.frame == CGRect(x: 370, y: 90, width: 540, height: 620), "\(sheet.view.frame)")
        #expect(withoutLayout(log) == ["sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.viewIsAppearing", "sheet.viewDidAppear"])
        #expect(root.view.window === window)
        // Modal in presentation: a swipe down springs back and the delegate hears the attempt.
        let watcher = Watcher()
        sheet.presentationController?.delegate = watcher
        sheet.isModalInPresentation = true
        let fingers = Fingers()
        fingers.drag(from: CGPoint(x: 640, y: 200), to: CGPoint(x: 640, y: 600), steps: 8, interval: 0.02)
        frames(0.6)
        #expect(root.presentedViewController === sheet && watcher.log == ["attempt"] && sheet.view.transform.isIdentity)
        sheet.isModalInPresentation = false
        fingers.drag(from: CGPoint(x: 640, y: 200), to: CGPoint(x: 640, y: 600), steps: 8, interval: 0.02)
        frames(0.6)
        #expect(root.presentedViewController == nil && watcher.log == ["attempt", "willDismiss", "didDismiss"])
        // .automatic is a page sheet: the readable width, nearly the full height.
        let page = UIViewController()
        root.present(page, animated: false)
        endTurn()
        #expect(page.view.frame.width == 704 && page.view.frame.height == 760, "\(page.view.frame)")
    }

    /// A sheet holding a scroll view: a drag down scrolls the content back until it is at its top; from the top, a
    /// drag down moves the sheet; a drag up always scrolls.
    @Test func aSheetYieldsToTheScrollViewInsideIt() {
        freshApp(pixels: CGSize(width: 1280, height: 800))
        let root = UIViewController(), sheet = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        sheet.modalPresentationStyle = .formSheet
        let scroll = UIScrollView()
        scroll.contentSize = CGSize(width: 540, height: 3000)
        scroll.contentInsetAdjustmentBehavior = .never
        sheet.view.addSubview(scroll)
        root.present(sheet, animated: false)
        endTurn()
        scroll.frame = sheet.view.bounds
        scroll.contentOffset = CGPoint(x: 0, y: 600)
        endTurn()
        let fingers = Fingers()
        // Down from the middle of the content: it scrolls back; the sheet stays.
        fingers.drag(from: CGPoint(x: 640, y: 200), to: CGPoint(x: 640, y: 400), steps: 8, interval: 0.02, lift: false)
        #expect(scroll.contentOffset.y < 450 && sheet.view.transform.isIdentity, "\(scroll.contentOffset) \(sheet.view.transform)")
        fingers.up()
        frames(2)
        // Up: it scrolls.
        scroll.setContentOffset(.zero, animated: false)
        fingers.drag(from: CGPoint(x: 640, y: 500), to: CGPoint(x: 640, y: 300), steps: 8, interval: 0.02, lift: false)
        #expect(scroll.contentOffset.y > 150 && sheet.view.transform.isIdentity)
        fingers.up()
        frames(2)
        // Down from the top: the sheet moves and goes; the content does not bounce.
        scroll.setContentOffset(.zero, animated: false)
        fingers.drag(from: CGPoint(x: 640, y: 200), to: CGPoint(x: 640, y: 500), steps: 8, interval: 0.02, lift: false)
        #expect(scroll.contentOffset.y == 0 && sheet.view.transform.ty > 200, "\(scroll.contentOffset) \(sheet.view.transform)")
        fingers.up()
        frames(0.6)
        #expect(root.presentedViewController == nil)
    }

    @Test func alertsOrderTheirActionsAsUIKitDoes() {
        freshApp()
        let root = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        let ok = UIAlertAction(title: "OK", style: .default), cancel = UIAlertAction(title: "Cancel", style: .cancel)
        let delete = UIAlertAction(title: "Delete", style: .destructive)
        let two = UIAlertController(title: "Save?", message: "Changes are kept", preferredStyle: .alert)
        two.addAction(ok); two.addAction(cancel)
        #expect(two.orderedActions == [cancel, ok])
        let three = UIAlertController(title: "Save?", message: nil, preferredStyle: .alert)
        three.addAction(cancel); three.addAction(ok); three.addAction(delete)
        #expect(three.orderedActions == [ok, delete, cancel])
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addAction(cancel); sheet.addAction(delete); sheet.addAction(ok)
        #expect(sheet.orderedActions == [delete, ok, cancel])
    }

    @Test func anAlertDimsWhatIsBehindItAndRunsTheChosenActionAfterItGoes() {
        freshApp()
        let root = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        let button = UIButton(type: .system)
        root.view.addSubview(button)
        endTurn()
        var log: [String] = []
        let alert = UIAlertController(title: "Wi-Fi", message: "Join the network?", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
        let join = UIAlertAction(title: "Join", style: .default) { _ in
            log.append("join, presented: \(root.presentedViewController == nil ? "none" : "alert")")
        }
        alert.addAction(join)
        alert.preferredAction = join
        root.present(alert, animated: true)
        frames(0.5)
        #expect(window.tintAdjustmentMode == .dimmed && button.tintAdjustmentMode == .dimmed)
        let joinButton = try! #require(alert.button(for: join))
        #expect(joinButton.tintAdjustmentMode == .normal)
        // The two buttons side by side along the card's bottom, Cancel leading.
        let cancelButton = try! #require(alert.button(for: alert.actions[0]))
        #expect(cancelButton.frame.minX == 0 && joinButton.frame.minX == 135 && cancelButton.frame.minY == joinButton.frame.minY)
        Fingers().tap(joinButton.convert(CGPoint(x: joinButton.bounds.midX, y: joinButton.bounds.midY), to: nil))
        frames(0.5)
        #expect(log == ["join, presented: none"] && window.tintAdjustmentMode != .dimmed && alert.view.window == nil,
                "\(log) \(window.tintAdjustmentMode) \(String(describing: alert.view.window))")
    }

    @Test func popoversPointAtTheirSource() {
        freshApp(pixels: CGSize(width: 1280, height: 800))
        let root = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        let source = UIView(frame: CGRect(x: 600, y: 100, width: 80, height: 40))
        root.view.addSubview(source)
        endTurn()
        let content = UIViewController()
        content.preferredContentSize = CGSize(width: 300, height: 200)
        content.modalPresentationStyle = .popover
        content.popoverPresentationController?.sourceView = source
        root.present(content, animated: false)
        endTurn()
        let popover = try! #require(content.popoverPresentationController)
        #expect(popover.arrowDirection == .up && content.view.frame == CGRect(x: 490, y: 153, width: 300, height: 200), "\(content.view.frame)")
        // A tap outside dismisses it.
        Fingers().tap(CGPoint(x: 100, y: 700))
        frames(0.5)
        #expect(root.presentedViewController == nil)
    }
}

/// UITabBarController: tabs selected through the input pipeline with the appearance callbacks, the delegate's veto,
/// badges, the children's safe area, and "More" beyond five tabs.
@MainActor @Suite struct TabBarControllerTests {
    func withoutLayout(_ log: EventLog) -> [String] { log.entries.filter { !$0.contains("LayoutSubviews") } }

    @MainActor final class Refuser: UITabBarControllerDelegate {
        var refused: UIViewController?
        var selected: [UIViewController] = []
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            viewController !== refused
        }
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) { selected.append(viewController) }
    }

    @Test func tappingATabSwitchesWithTheAppearanceCallbacks() {
        freshApp()
        let log = EventLog()
        let a = LoggingController("A", log: log), b = LoggingController("B", log: log), c = LoggingController("C", log: log)
        a.title = "Home"; b.title = "Rooms"; c.title = "Settings"
        b.tabBarItem.badgeValue = "3"
        let tabs = UITabBarController()
        tabs.viewControllers = [a, b, c]
        let window = shownWindow()
        window.rootViewController = tabs
        endTurn()
        #expect(tabs.selectedIndex == 0 && a.view.superview === tabs.view && b.viewIfLoaded == nil)
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 480 - 49, width: 320, height: 49) && a.view.safeAreaInsets.bottom == 49)
        let buttons = tabs.tabBar.itemViews
        #expect(buttons.count == 3 && (buttons[1] as? TabButton)?.badgeText == "3")
        let delegate = Refuser()
        tabs.delegate = delegate
        log.entries = []
        Fingers().tap(buttons[1].convert(CGPoint(x: buttons[1].bounds.midX, y: buttons[1].bounds.midY), to: nil))
        endTurn()
        #expect(tabs.selectedViewController === b && delegate.selected == [b] && a.viewIfLoaded?.superview == nil)
        #expect(withoutLayout(log) == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewIsAppearing",
                                       "B.viewDidAppear"])
        // The delegate may refuse a tab.
        delegate.refused = c
        Fingers().tap(buttons[2].convert(CGPoint(x: buttons[2].bounds.midX, y: buttons[2].bounds.midY), to: nil))
        endTurn()
        #expect(tabs.selectedViewController === b)
        // Code may select any tab.
        tabs.selectedIndex = 2
        #expect(tabs.selectedViewController === c && c.tabBarController === tabs)
    }

    @Test func tabsBeyondFiveGoBehindMore() {
        freshApp()
        let pages = (0..<7).map { i -> UIViewController in
            let c = UIViewController()
            c.title = "Tab \(i)"
            return c
        }
        let tabs = UITabBarController()
        tabs.viewControllers = pages
        let window = shownWindow()
        window.rootViewController = tabs
        endTurn()
        #expect(tabs.tabBar.items?.map { $0.title ?? "" } == ["Tab 0", "Tab 1", "Tab 2", "Tab 3", "More"])
        let more = tabs.tabBar.itemViews[4]
        Fingers().tap(more.convert(CGPoint(x: more.bounds.midX, y: more.bounds.midY), to: nil))
        endTurn()
        #expect(tabs.selectedViewController === tabs.moreNavigationController)
        // The list holds the other three; a tap pushes one.
        let list = try! #require(tabs.moreNavigationController.topViewController as? MoreListController)
        list.view.layoutIfNeeded()
        #expect(list.table.numberOfRows(inSection: 0) == 3)
        let row = try! #require(list.table.cellForRow(at: IndexPath(row: 1, section: 0)))
        Fingers().tap(row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil))
        frames(1)
        #expect(tabs.moreNavigationController.topViewController === pages[5])
    }
}

/// UIPageViewController (scroll style) and UISplitViewController.
@MainActor @Suite struct PageAndSplitTests {
    @MainActor final class Pages: UIPageViewControllerDataSource, UIPageViewControllerDelegate {
        let pages: [UIViewController]
        var log: [String] = []
        init(_ n: Int) {
            pages = (0..<n).map { i in
                let c = UIViewController()
                c.title = "P\(i)"
                return c
            }
        }
        func index(_ vc: UIViewController) -> Int { pages.firstIndex { $0 === vc } ?? 0 }
        func pageViewController(_ p: UIPageViewController, viewControllerBefore vc: UIViewController) -> UIViewController? {
            index(vc) > 0 ? pages[index(vc) - 1] : nil
        }
        func pageViewController(_ p: UIPageViewController, viewControllerAfter vc: UIViewController) -> UIViewController? {
            index(vc) + 1 < pages.count ? pages[index(vc) + 1] : nil
        }
        func presentationCount(for pageViewController: UIPageViewController) -> Int { pages.count }
        func presentationIndex(for pageViewController: UIPageViewController) -> Int {
            pageViewController.viewControllers?.first.map(index) ?? 0
        }
        func pageViewController(_ p: UIPageViewController, willTransitionTo pending: [UIViewController]) { log.append("will \(pending[0].title!)") }
        func pageViewController(_ p: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController],
                                transitionCompleted completed: Bool) {
            log.append("did \(previousViewControllers[0].title!) \(completed)")
        }
    }

    @Test func aSwipeTurnsThePageAndTheDataSourceGivesTheNext() {
        freshApp()
        let source = Pages(3)
        let pager = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pager.dataSource = source
        pager.delegate = source
        pager.setViewControllers([source.pages[0]], direction: .forward, animated: false)
        let window = shownWindow()
        window.rootViewController = pager
        endTurn()
        #expect(source.pages[0].view.window === window && source.pages[0].appearanceState == .appeared)
        #expect(source.pages[1].appearanceState == .disappeared) // waiting off screen, not appeared
        let fingers = Fingers()
        fingers.drag(from: CGPoint(x: 280, y: 240), to: CGPoint(x: 60, y: 240), steps: 8, interval: 0.016)
        frames(1.5)
        #expect(pager.viewControllers?.first === source.pages[1] && source.log == ["will P1", "did P0 true"], "\(source.log)")
        #expect(source.pages[1].appearanceState == .appeared && source.pages[0].appearanceState == .disappeared)
        // A short, slow drag goes back: the turn is cancelled.
        source.log = []
        fingers.drag(from: CGPoint(x: 200, y: 240), to: CGPoint(x: 170, y: 240), steps: 10, interval: 0.05)
        frames(1.5)
        #expect(pager.viewControllers?.first === source.pages[1] && source.log == ["will P2", "did P1 false"], "\(source.log)")
        // The last page has nothing after it.
        pager.setViewControllers([source.pages[2]], direction: .forward, animated: false)
        fingers.drag(from: CGPoint(x: 280, y: 240), to: CGPoint(x: 60, y: 240), steps: 8, interval: 0.016)
        frames(1.5)
        #expect(pager.viewControllers?.first === source.pages[2])
    }

    @Test func aSplitShowsTwoColumnsOnWidePanelsAndOneStackOnNarrowOnes() {
        freshApp(pixels: CGSize(width: 1280, height: 800))
        let list = UIViewController(), detail = UIViewController()
        list.title = "Rooms"; detail.title = "Kitchen"
        let split = UISplitViewController(style: .doubleColumn)
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        let window = shownWindow()
        window.rootViewController = split
        endTurn()
        #expect(!split.isCollapsed && split.displayMode == .oneBesideSecondary)
        #expect(list.view.window === window && detail.view.window === window && list.navigationController != nil)
        #expect(list.navigationController!.view.frame == CGRect(x: 0, y: 0, width: 320, height: 800))
        #expect(detail.navigationController!.view.frame == CGRect(x: 320, y: 0, width: 960, height: 800))
        #expect(split.viewController(for: .primary) === list && list.splitViewController === split)
        split.hide(.primary)
        endTurn()
        #expect(split.displayMode == .secondaryOnly && detail.navigationController!.view.frame.width == 1280)
        // Narrow: one stack, the primary's; showing the secondary pushes it.
        freshApp(pixels: CGSize(width: 400, height: 700))
        let narrow = UISplitViewController(style: .doubleColumn)
        let a = UIViewController(), b = UIViewController()
        narrow.setViewController(a, for: .primary)
        narrow.setViewController(b, for: .secondary)
        let w2 = shownWindow()
        w2.rootViewController = narrow
        endTurn()
        #expect(narrow.isCollapsed && a.view.window === w2 && b.viewIfLoaded?.window == nil)
        narrow.show(.secondary)
        frames(0.6)
        #expect(a.navigationController?.topViewController === b && b.view.window === w2)
    }
}

extension PageAndSplitTests {
    func withoutLayout(_ log: EventLog) -> [String] { log.entries.filter { !$0.contains("LayoutSubviews") } }

    /// The panel narrows (a rotation to portrait) and widens again: the split collapses to the primary's stack and
    /// expands, and the column that leaves or comes back to the screen hears it, in UIKit's order.
    @Test func collapsingAndExpandingCallTheAppearanceMethods() {
        freshApp(pixels: CGSize(width: 1280, height: 800))
        let log = EventLog()
        let list = LoggingController("list", log: log), detail = LoggingController("detail", log: log)
        let split = UISplitViewController(style: .doubleColumn)
        split.setViewController(list, for: .primary)
        split.setViewController(detail, for: .secondary)
        let window = shownWindow()
        window.rootViewController = split
        endTurn()
        #expect(list.view.window === window && detail.view.window === window)
        log.entries = []
        window.frame = CGRect(x: 0, y: 0, width: 600, height: 800)
        endTurn()
        #expect(withoutLayout(log) == ["detail.viewWillDisappear", "detail.viewDidDisappear"])
        #expect(split.isCollapsed && list.view.window === window && detail.view.window == nil)
        log.entries = []
        window.frame = CGRect(x: 0, y: 0, width: 1280, height: 800)
        endTurn()
        #expect(withoutLayout(log) == ["detail.viewWillAppear", "detail.viewIsAppearing", "detail.viewDidAppear"])
        #expect(!split.isCollapsed && detail.view.window === window)

        // A delegate that keeps the secondary on top: it goes onto the primary's stack, the list leaves.
        let keeper = SecondaryOnTop()
        split.delegate = keeper
        log.entries = []
        window.frame = CGRect(x: 0, y: 0, width: 600, height: 800)
        endTurn()
        // It leaves its column's stack and joins the primary's, as two moves, each with its callbacks.
        #expect(withoutLayout(log) == ["detail.willMove(toParent: nil)", "detail.viewWillDisappear(moving)", "detail.viewDidDisappear",
                                       "detail.didMove(toParent: nil)", "detail.willMove(toParent: UINavigationController)",
                                       "list.viewWillDisappear", "detail.viewWillAppear(moving)", "detail.viewIsAppearing",
                                       "list.viewDidDisappear", "detail.viewDidAppear", "detail.didMove(toParent: UINavigationController)"])
        #expect(list.navigationController?.topViewController === detail && detail.view.window === window && list.viewIfLoaded?.window == nil)
        log.entries = []
        window.frame = CGRect(x: 0, y: 0, width: 1280, height: 800)
        endTurn()
        #expect(withoutLayout(log) == ["detail.willMove(toParent: nil)", "detail.viewWillDisappear(moving)", "list.viewWillAppear",
                                       "list.viewIsAppearing", "detail.viewDidDisappear", "list.viewDidAppear", "detail.didMove(toParent: nil)",
                                       "detail.willMove(toParent: UINavigationController)", "detail.viewWillAppear(moving)",
                                       "detail.viewIsAppearing", "detail.viewDidAppear", "detail.didMove(toParent: UINavigationController)"])
        #expect(split.viewController(for: .secondary) === detail)
        #expect(list.view.window === window && detail.view.window === window && detail.navigationController !== list.navigationController)
    }

    @MainActor final class SecondaryOnTop: UISplitViewControllerDelegate {
        func splitViewController(_ svc: UISplitViewController,
                                 topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
            .secondary
        }
    }
}

/// The customisation points: a navigation delegate's animator, a custom presentation controller and animators,
/// presentation contexts, alert text fields, appearance proxies for bars.
@MainActor @Suite struct CustomTransitionTests {
    /// Fades the incoming view in over 0.2 s.
    @MainActor final class Fade: NSObject, UIViewControllerAnimatedTransitioning, UINavigationControllerDelegate,
                                 UIViewControllerTransitioningDelegate {
        var ran: [String] = []
        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.2 }
        func animateTransition(using context: any UIViewControllerContextTransitioning) {
            let to = context.view(forKey: .to)!
            to.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
            context.containerView.addSubview(to)
            to.alpha = 0
            ran.append("animate")
            UIView.animate(withDuration: 0.2, animations: { to.alpha = 1 }, completion: { _ in context.completeTransition(true) })
        }
        func animationEnded(_ transitionCompleted: Bool) { ran.append("ended \(transitionCompleted)") }
        func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
            ran.append("asked \(operation == .push ? "push" : "pop")")
            return self
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { self }
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            Corner(presentedViewController: presented, presenting: presenting)
        }
    }

    /// A custom presentation: the presented view in the bottom-right quarter.
    final class Corner: UIPresentationController {
        override var frameOfPresentedViewInContainerView: CGRect {
            let b = containerView!.bounds
            return CGRect(x: b.midX, y: b.midY, width: b.width / 2, height: b.height / 2)
        }
    }

    @Test func aNavigationDelegatesAnimatorRunsThePush() {
        freshApp()
        let a = UIViewController(), b = UIViewController()
        let nav = UINavigationController(rootViewController: a)
        let fade = Fade()
        nav.delegate = fade
        let window = shownWindow()
        window.rootViewController = nav
        endTurn()
        nav.pushViewController(b, animated: true)
        frames(0.1)
        #expect(fade.ran == ["asked push", "animate"] && b.view.alpha == 1 && (b.view.layer.presentation()?.opacity ?? 1) < 0.9)
        frames(0.3)
        #expect(fade.ran == ["asked push", "animate", "ended true"] && nav.topViewController === b && a.viewIfLoaded?.superview == nil)
    }

    @Test func aCustomPresentationPlacesThePresentedView() {
        freshApp()
        let root = UIViewController(), card = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        let fade = Fade()
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = fade
        root.present(card, animated: true)
        frames(0.4)
        #expect(card.presentationController is Corner && card.view.frame == CGRect(x: 160, y: 240, width: 160, height: 240))
        #expect(root.view.window === window) // the presenter stays
        card.dismiss(animated: false)
        #expect(card.view.window == nil && root.presentedViewController == nil)
    }

    @Test func currentContextPresentationsCoverTheContextOnly() {
        freshApp()
        let root = UIViewController(), context = UIViewController(), modal = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        root.addChild(context)
        context.view.frame = CGRect(x: 0, y: 100, width: 320, height: 200)
        root.view.addSubview(context.view)
        context.didMove(toParent: root)
        context.definesPresentationContext = true
        endTurn()
        modal.modalPresentationStyle = .overCurrentContext
        context.present(modal, animated: false)
        endTurn()
        #expect(modal.presentingViewController === context && modal.view.convert(modal.view.bounds, to: nil) == CGRect(x: 0, y: 100, width: 320, height: 200))
    }

    @Test func alertTextFieldsAndFlips() {
        freshApp()
        let root = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        endTurn()
        let alert = UIAlertController(title: "Wi-Fi", message: "Password for “Office”", preferredStyle: .alert)
        alert.addTextField { $0.isSecureTextEntry = true; $0.placeholder = "Password" }
        var typed: String?
        alert.addAction(UIAlertAction(title: "Join", style: .default) { [unowned alert] _ in typed = alert.textFields?.first?.text })
        root.present(alert, animated: false)
        frames(0.3)
        let field = try! #require(alert.textFields?.first)
        #expect(field.isFirstResponder && field.window === window && field.isSecureTextEntry)
        field.insertText("hunter2")
        alert.choose(alert.actions[0])
        frames(0.5)
        #expect(typed == "hunter2" && root.presentedViewController == nil)
        // A flip: half way, neither side is whole; at the end the presented view shows.
        let back = UIViewController()
        back.modalTransitionStyle = .flipHorizontal
        back.modalPresentationStyle = .fullScreen
        root.present(back, animated: true)
        frames(1)
        #expect(back.view.window === window && !back.view.isHidden && root.view.window == nil)
    }

    @Test func barsTakeAppearanceProxies() {
        freshApp()
        UINavigationBar.appearance().barTintColor = .systemGreen
        UITabBar.appearance().unselectedItemTintColor = .systemRed
        defer { AppearanceRegistry.reset() }
        let nav = UINavigationController(rootViewController: UIViewController())
        let tabs = UITabBarController()
        tabs.viewControllers = [nav]
        let window = shownWindow()
        window.rootViewController = tabs
        endTurn()
        #expect(nav.navigationBar.barTintColor == .systemGreen && tabs.tabBar.unselectedItemTintColor == .systemRed)
        // A bar's own setting wins over the proxy.
        let other = UINavigationController(rootViewController: UIViewController())
        other.navigationBar.barTintColor = .systemPink
        window.rootViewController = other
        endTurn()
        #expect(other.navigationBar.barTintColor == .systemPink)
    }
}
