// An iOS app's tests as they are written: Swift 5 language mode, a plain XCTestCase with synchronous test methods,
// no set-up call of any kind, waiting on the main run loop with XCTestExpectation and `RunLoop.main.run(until:)`.
// Layout, display and animations must happen exactly as in an app. (Tools/test.sh runs this suite in a process of
// its own: no other test may have made the application first.)
import UIKit
import XCTest
import Swift5ViewLibrary

final class NoSetUpTests: XCTestCase {
    func testAWindowShownAndAnimatedInOneTurnAnimatesOnTheRunLoop() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .white
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        square.backgroundColor = .red
        window.addSubview(square)
        window.makeKeyAndVisible()

        // In the same turn as the window was shown, before its first frame: iOS commits the animation with the
        // layer tree and plays it from the old model value.
        let done = expectation(description: "animation finished")
        var finishedFlag: Bool?
        UIView.animate(withDuration: 0.6, animations: { square.center = CGPoint(x: 210, y: 110) }) { finished in
            finishedFlag = finished
            done.fulfill()
        }
        XCTAssertEqual(square.center, CGPoint(x: 210, y: 110), "the model value changes at once")

        RunLoop.main.run(until: Date().addingTimeInterval(0.25))
        let midway = square.layer.presentation()?.position ?? .zero
        XCTAssertGreaterThan(midway.x, 10, "the animation started from the old value and moved")
        XCTAssertLessThan(midway.x, 210, "the animation is still running 0.25 s into 0.6 s")
        XCTAssertNil(finishedFlag, "the completion waits for the end of the animation")

        wait(for: [done], timeout: 5)
        XCTAssertEqual(finishedFlag, true)
        XCTAssertEqual(square.layer.presentation()?.position, CGPoint(x: 210, y: 110))
    }

    func testAConstraintChangeAnimatesOnTheRunLoop() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(box)
        let leading = box.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 0)
        NSLayoutConstraint.activate([
            leading,
            box.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            box.widthAnchor.constraint(equalToConstant: 40),
            box.heightAnchor.constraint(equalTo: box.widthAnchor),
        ])
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))
        XCTAssertEqual(box.frame, CGRect(x: 0, y: 10, width: 40, height: 40))

        leading.constant = 300
        let done = expectation(description: "slid")
        UIView.animate(withDuration: 0.6, animations: { window.layoutIfNeeded() }) { _ in done.fulfill() }
        XCTAssertEqual(box.frame.minX, 300)
        RunLoop.main.run(until: Date().addingTimeInterval(0.3))
        let x = box.layer.presentation()?.frame.minX ?? -1
        XCTAssertGreaterThan(x, 10)
        XCTAssertLessThan(x, 290)
        wait(for: [done], timeout: 5)
        XCTAssertEqual(box.layer.presentation()?.frame.minX, 300)
        window.isHidden = true
    }

    func testALayoutDSLWorksUnchanged() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let card = UIView(), badge = UIView()
        container.addSubview(card)
        card.addSubview(badge)
        card.makeConstraints { make in make.edges.equalToSuperview(inset: 10) }
        badge.makeConstraints { make in
            make.center.equalToSuperview()
            make.size.equalTo(CGSize(width: 20, height: 20))
        }
        container.layoutIfNeeded()
        XCTAssertEqual(card.frame, CGRect(x: 10, y: 10, width: 180, height: 80))
        XCTAssertEqual(badge.frame, CGRect(x: 80, y: 30, width: 20, height: 20))
        card.remakeConstraints { make in make.size.equalTo(CGSize(width: 50, height: 40)); make.center.equalToSuperview() }
        container.layoutIfNeeded()
        XCTAssertEqual(card.frame, CGRect(x: 75, y: 30, width: 50, height: 40))
        XCTAssertEqual(badge.frame, CGRect(x: 15, y: 10, width: 20, height: 20))
    }

    func testASizeBoundedOnlyFromAboveSettlesAtZero() {
        // As a layout library's iOS-validated tests build it: a view with a position and `width <= 23`.
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let view = UIView(), other = UIView()
        container.addSubview(view)
        container.addSubview(other)
        view.translatesAutoresizingMaskIntoConstraints = false
        other.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: container.leftAnchor, constant: 10),
            view.topAnchor.constraint(equalTo: container.topAnchor),
            view.widthAnchor.constraint(lessThanOrEqualToConstant: 23),
            view.heightAnchor.constraint(equalToConstant: 10),
            // A lower bound still wins over the rest, and so does the weakest wish.
            other.leftAnchor.constraint(equalTo: container.leftAnchor),
            other.topAnchor.constraint(equalTo: container.topAnchor),
            other.widthAnchor.constraint(lessThanOrEqualToConstant: 60),
            other.widthAnchor.constraint(greaterThanOrEqualToConstant: 15),
            other.heightAnchor.constraint(lessThanOrEqualTo: container.heightAnchor),
        ])
        container.layoutIfNeeded()
        XCTAssertEqual(view.frame, CGRect(x: 10, y: 0, width: 0, height: 10))
        XCTAssertEqual(other.frame, CGRect(x: 0, y: 0, width: 15, height: 0))
        let wish = other.widthAnchor.constraint(equalToConstant: 100)
        wish.priority = UILayoutPriority(1)
        wish.isActive = true
        container.layoutIfNeeded()
        XCTAssertEqual(other.frame.width, 60)
    }

    func testLayoutAndDisplayHappenWhileTheRunLoopTurns() {
        final class Probe: UIView {
            var layouts = 0, draws = 0
            override func layoutSubviews() { layouts += 1 }
            override func draw(_ rect: CGRect) {
                draws += 1
                UIColor.blue.setFill()
                UIRectFill(bounds)
            }
        }
        let window = UIWindow(frame: UIScreen.main.bounds)
        let probe = Probe(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        window.addSubview(probe)
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))
        XCTAssertEqual(probe.layouts, 1)
        XCTAssertEqual(probe.draws, 1)

        probe.setNeedsLayout()
        probe.setNeedsDisplay()
        let drawn = expectation(description: "redrawn")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { drawn.fulfill() }
        wait(for: [drawn], timeout: 5)
        XCTAssertEqual(probe.layouts, 2)
        XCTAssertEqual(probe.draws, 2)
        window.isHidden = true
    }

    func testASwiftFiveLibraryUsesViewsFromNonisolatedCode() {
        let badge = makeBadge(text: "3")
        XCTAssertEqual(badge.bounds.size, CGSize(width: 40, height: 20))
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        container.addSubview(badge)
        badge.centerInSuperview()
        XCTAssertEqual(badge.center, CGPoint(x: 50, y: 50))
    }

    func testALibrarysLayerDelegateAndViewControllerWork() {
        let drawer = StripeDrawer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.delegate = drawer
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(drawer.draws, 1)

        let controller = BadgeViewController()
        controller.loadViewIfNeeded()
        XCTAssertEqual(controller.view.subviews.count, 2)
        controller.button.sendActions(for: .touchUpInside)
        XCTAssertEqual(controller.taps, 1)
    }

    func testAControllersSizeTransitionAndConstraintPassReachItsOverrides() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let controller = BadgeViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        // The window resized: the controller hears the new size while its view still has the old one, and its
        // alongside block runs with the new one.
        window.frame = CGRect(x: 0, y: 0, width: 400, height: 250)
        XCTAssertEqual(controller.transitions.count, 1)
        XCTAssertEqual(controller.transitions.first?.to, CGSize(width: 400, height: 250))
        XCTAssertEqual(controller.transitions.first?.viewSizeThen, CGSize(width: 300, height: 200))
        XCTAssertEqual(controller.transitions.first?.viewSizeAlongside, CGSize(width: 400, height: 250))
        // The root view's constraint pass is the controller's.
        let updates = controller.constraintUpdates
        controller.view.setNeedsUpdateConstraints()
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        XCTAssertEqual(controller.constraintUpdates, updates + 1)
        // The preferences a panel never reads are still the subclass's.
        let asked: UIViewController = controller
        XCTAssertEqual(asked.preferredStatusBarStyle, .lightContent)
        XCTAssertTrue(asked.prefersStatusBarHidden)
        XCTAssertEqual(asked.supportedInterfaceOrientations, .landscape)
        XCTAssertEqual(UIViewController().supportedInterfaceOrientations, .all)
        asked.awakeFromNib()
        XCTAssertEqual(controller.view.backgroundColor, .white)
    }

    func testUIKitsMachineryCallsTheOverrides() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        window.makeKeyAndVisible()
        let pill = PillView()
        pill.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(pill)
        let label = UILabel()
        label.translatesAutoresizingMaskIntoConstraints = false
        label.text = "Inside"
        pill.addSubview(label)
        let pull = pill.widthAnchor.constraint(equalToConstant: 200)
        pull.priority = .defaultHigh
        NSLayoutConstraint.activate([
            pill.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            pill.topAnchor.constraint(equalTo: window.topAnchor, constant: 20),
            // Hugging is required (the override): the pill stays at its intrinsic width despite this pull.
            pull,
            label.leadingAnchor.constraint(equalTo: pill.layoutMarginsGuide.leadingAnchor),
            label.topAnchor.constraint(equalTo: pill.topAnchor),
        ])
        window.layoutIfNeeded()
        // Layout read the overridden intrinsic size, priority and margins, and placed the view through its bounds and
        // center (UIKit's engine sets those, not the frame).
        XCTAssertEqual(pill.frame, CGRect(x: 10, y: 20, width: 80, height: 28))
        XCTAssertEqual(pill.boundsSets.last?.size, CGSize(width: 80, height: 28))
        XCTAssertEqual(pill.centerSets.last, CGPoint(x: 50, y: 34))
        pill.frame = CGRect(x: 10, y: 20, width: 80, height: 28)
        XCTAssertEqual(pill.frameChanges.last, pill.frame)
        XCTAssertEqual(label.frame.minX, 12, "the overridden layout margins")
        // Hit-testing reads the overridden bounds.
        let reads = pill.boundsReads
        XCTAssertTrue(window.hitTest(CGPoint(x: 30, y: 30), with: nil) === pill || window.hitTest(CGPoint(x: 30, y: 30), with: nil) === label)
        XCTAssertGreaterThan(pill.boundsReads, reads)
        pill.center = CGPoint(x: 100, y: 100)
        XCTAssertEqual(pill.layer.cornerRadius, 14)
        pill.transform = CGAffineTransform(scaleX: 2, y: 2)
        XCTAssertEqual(pill.alpha, 0.9, accuracy: 0.001)
        let invalidations = pill.intrinsicInvalidations
        pill.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        XCTAssertEqual(pill.contentCompressionResistancePriority(for: .horizontal), .defaultHigh)
        XCTAssertGreaterThan(pill.intrinsicInvalidations, invalidations, "the setter's invalidation reaches the override")
        XCTAssertEqual(pill.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize), CGSize(width: 80, height: 28))
        let asView: UIView = pill
        XCTAssertEqual(asView.accessibilityLabel, "Status")
        XCTAssertEqual(asView.accessibilityIdentifier, "status-pill")
        XCTAssertTrue(asView.isAccessibilityElement)
        XCTAssertEqual(asView.safeAreaInsets, .zero)
        XCTAssertEqual(asView.semanticContentAttribute, .forceLeftToRight)

        // A table subclass hears every change and is the one that makes it.
        final class Rows: NSObject, UITableViewDataSource {
            var count = 3
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
        }
        let rows = Rows()
        let table = CountingTableView(frame: window.bounds, style: .plain)
        table.dataSource = rows
        window.addSubview(table)
        table.layoutIfNeeded()
        rows.count = 5
        table.insertRows(at: [IndexPath(row: 3, section: 0), IndexPath(row: 4, section: 0)], with: .fade)
        rows.count = 4
        table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        table.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 1, section: 0))
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        XCTAssertEqual(table.changes, ["insert 2", "delete 1", "move", "reload 1"])
        XCTAssertEqual(table.numberOfRows(inSection: 0), 4)
    }

    func testHierarchyLayoutAndDisplayRequestsReachTheOverrides() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        window.makeKeyAndVisible()
        let container = RequestLoggingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(container)
        container.clearRequests()
        let a = UIView(), b = UIView()
        container.addSubview(a)
        container.insertSubview(b, at: 0)
        container.bringSubviewToFront(b)
        container.setNeedsLayout()
        container.layoutIfNeeded()
        container.setNeedsDisplay()
        container.sizeToFit()
        XCTAssertEqual(container.bounds.size, CGSize(width: 44, height: 22), "sizeToFit asks the overridden sizeThatFits")
        // In order, among the layout requests UIKit itself makes of the view (each change of its subviews asks for
        // layout, through the override too, as on iOS).
        var expected = ["add", "insert 0", "front", "needs layout", "layout if needed", "needs display", "size to fit"][...]
        for request in container.requests where request == expected.first { expected.removeFirst() }
        XCTAssertTrue(expected.isEmpty, "\(container.requests)")
        XCTAssertTrue(container.requests.dropFirst().first == "needs layout", "UIKit's own request reaches the override")
        XCTAssertEqual(container.subviews.map { $0 === b }, [false, true])
        // The layer delegate's drawing call reaches the override once the run loop turns.
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        XCTAssertGreaterThan(container.layerDraws, 0)
        container.removeFromSuperview()
        XCTAssertEqual(container.requests.last, "remove")
        XCTAssertNil(container.superview)
    }

    func testOverridesOfLookupConversionTraitsAndContainersAreUsed() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        window.makeKeyAndVisible()
        let stack = InstrumentedStackView(frame: CGRect(x: 10.4, y: 0, width: 100, height: 40))
        window.addSubview(stack)
        let before = stack.updateRequests
        stack.addArrangedSubview(UIView())
        XCTAssertGreaterThan(stack.updateRequests, before, "the stack view's own request reaches the override")
        let badge = UIView()
        stack.tagAlias = (7, badge)
        XCTAssertTrue(stack.viewWithTag(7) === badge)
        XCTAssertEqual(stack.convert(CGPoint(x: 1, y: 1), to: window), CGPoint(x: 11, y: 1))
        XCTAssertEqual(stack.traitCollection.userInterfaceStyle, .dark)
        let navigation = UINavigationController(rootViewController: UIViewController())
        let embedded = EmbeddedViewController()
        XCTAssertNil(embedded.navigationController)
        embedded.hostNavigation = navigation
        XCTAssertTrue(embedded.navigationController === navigation)
    }

    func testTheConstraintListIsOverridableAndActivationGoesThroughIt() {
        // A container that watches what is installed on it, as debugging and layout libraries do.
        final class WatchingView: UIView {
            var added: [NSLayoutConstraint] = [], removed: [NSLayoutConstraint] = []
            override func addConstraint(_ constraint: NSLayoutConstraint) {
                added.append(constraint)
                super.addConstraint(constraint)
            }
            override func removeConstraint(_ constraint: NSLayoutConstraint) {
                removed.append(constraint)
                super.removeConstraint(constraint)
            }
            override var constraints: [NSLayoutConstraint] { super.constraints.filter { $0.identifier != "hidden" } }
        }
        let container = WatchingView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let child = UIView()
        child.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(child)
        let leading = child.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10)
        let top = child.topAnchor.constraint(equalTo: container.topAnchor, constant: 5)
        let width = child.widthAnchor.constraint(equalToConstant: 40), height = child.heightAnchor.constraint(equalToConstant: 30)
        height.identifier = "hidden"
        NSLayoutConstraint.activate([leading, top])
        XCTAssertTrue(container.added.elementsEqual([leading, top], by: ===), "activation installs through addConstraint")
        child.addConstraints([width, height]) // installed on the child itself, as UIKit's addConstraints does
        XCTAssertTrue(child.constraints.contains { $0 === width })
        container.layoutIfNeeded()
        XCTAssertEqual(child.frame, CGRect(x: 10, y: 5, width: 40, height: 30))
        XCTAssertEqual(container.constraints.count, 2)
        leading.isActive = false
        XCTAssertTrue(container.removed.first === leading, "deactivation goes through removeConstraint")
        XCTAssertFalse(leading.isActive)
        container.removeConstraint(width) // not installed on the container: nothing happens
        XCTAssertTrue(width.isActive)
    }

    func testAnimationClassMethodsAreOverridable() {
        // A view class that slows its own animations down, as demo and accessibility libraries do.
        final class SlowView: UIView {
            static var durations: [TimeInterval] = []
            override class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
                durations.append(duration)
                super.animate(withDuration: duration * 2, delay: delay, options: options, animations: animations,
                              completion: completion)
            }
            override class var areAnimationsEnabled: Bool { true }
        }
        let view = SlowView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        SlowView.animate(withDuration: 0.25) { view.alpha = 0.5 }
        SlowView.animate(withDuration: 0.5, animations: { view.alpha = 0.2 }, completion: nil)
        XCTAssertEqual(SlowView.durations, [0.25, 0.5], "the shorter variants reach the override")
        XCTAssertEqual(view.layer.animation(forKey: "opacity")?.duration, 1.0)
        XCTAssertEqual(view.alpha, 0.2, accuracy: 1e-6)
    }

    func testALibrarysModalCardOverridesTheRemainingMembers() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let card = ModalCardView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        card.show(in: container, size: CGSize(width: 100, height: 60))
        container.layoutIfNeeded()
        // The engine asks the overridden translatesAutoresizingMaskIntoConstraints: no mask pins fight the centring.
        XCTAssertEqual(card.frame, CGRect(x: 100, y: 70, width: 100, height: 60))
        XCTAssertTrue(card.accessibilityViewIsModal)
        UIView.animate(withDuration: 0.2) { card.alpha = 0.5 }
        XCTAssertEqual((card.layer as? CardLayer)?.animationKeysAdded, ["opacity"], "UIKit adds through the override")

        // The deprecated block API, overridden as older libraries' base views do.
        final class QuickView: UIView {
            static var durations: [TimeInterval] = []
            override class func setAnimationDuration(_ duration: TimeInterval) {
                durations.append(duration)
                super.setAnimationDuration(duration / 2)
            }
        }
        let quick = QuickView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        QuickView.beginAnimations(nil, context: nil)
        QuickView.setAnimationDuration(0.4)
        quick.alpha = 0.3
        QuickView.commitAnimations()
        XCTAssertEqual(QuickView.durations, [0.4])
        XCTAssertEqual(quick.layer.animation(forKey: "opacity")?.duration ?? 0, 0.2, accuracy: 1e-9)

        let controller = ModalCardController()
        XCTAssertFalse(controller.isBeingDismissed)
        controller.dismissTapped()
        XCTAssertTrue(controller.isBeingDismissed)
        XCTAssertNil(controller.presentationController)
        XCTAssertNil(controller.transitionCoordinator)
    }

    func testOlderCallsLibrariesStillMake() {
        XCTAssertEqual(UI_USER_INTERFACE_IDIOM(), UIDevice.current.userInterfaceIdiom)
        XCTAssertNotNil(badgeSymbol(named: "star.fill", pointSize: 20))
        // Literals as Xcode's pickers write them.
        let accent = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        XCTAssertTrue(accent.getRed(&r, green: &g, blue: &b, alpha: &a))
        XCTAssertEqual([r, g, b, a], [1, 0.5, 0, 1])
        let missing = #imageLiteral(resourceName: "no-such-image")
        XCTAssertEqual(missing.size, .zero)
        XCTAssertNil(UIImage(named: "no-such-image", in: nil, compatibleWith: UITraitCollection.current))
        // A display link taken off its run loop stops until it is added again.
        final class Ticker { var ticks = 0; func tick() { ticks += 1 } }
        let ticker = Ticker()
        let link = CADisplayLink(target: ticker, action: Ticker.tick)
        link.add(to: .main, forMode: .common)
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))
        XCTAssertGreaterThan(ticker.ticks, 0)
        link.remove(from: .main, forMode: .common)
        let stopped = ticker.ticks
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))
        XCTAssertEqual(ticker.ticks, stopped)
        link.add(to: .main, forMode: .common)
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))
        XCTAssertGreaterThan(ticker.ticks, stopped)
        link.invalidate()
    }

    func testALibrarysListControllersWithOverridesShowTheirRows() {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let list = BadgeListViewController()
        window.rootViewController = UINavigationController(rootViewController: list)
        window.makeKeyAndVisible()
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))
        XCTAssertEqual(list.tableView.style, .insetGrouped)
        XCTAssertEqual(list.tableView.numberOfRows(inSection: 0), 3)
        XCTAssertEqual(list.tableView.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text, "Drafts")
        list.tableView.delegate?.scrollViewDidScroll(list.tableView)
        XCTAssertTrue(list.scrolled, "the override is what the table calls")
        list.tableView(list.tableView, didSelectRowAt: IndexPath(row: 2, section: 0))
        XCTAssertEqual(list.selected, ["Sent"])

        let grid = SwatchGridViewController()
        window.rootViewController = grid
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))
        XCTAssertEqual(grid.collectionView.numberOfItems(inSection: 0), 8)
        XCTAssertEqual(grid.collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.size,
                       CGSize(width: 60, height: 60), "the flow layout asks the subclass's own conformance")
    }

    func testALibrarysPagerLayoutSpinnerAndCaptionWork() {
        final class Pages: NSObject, UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 4 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "page", for: indexPath)
            }
        }
        let window = UIWindow(frame: UIScreen.main.bounds)
        let layout = PagerLayout()
        let pager = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
        pager.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "page")
        let pages = Pages()
        pager.dataSource = pages
        window.addSubview(pager)
        let spinner = DotsSpinner(frame: CGRect(x: 0, y: 210, width: 40, height: 40))
        window.addSubview(spinner)
        let caption = makeCaptionLayer("Loading")
        window.layer.addSublayer(caption)
        window.makeKeyAndVisible()
        spinner.startAnimating()
        RunLoop.main.run(until: Date().addingTimeInterval(0.1))
        XCTAssertTrue(pager.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)) is PageAttributes,
                      "the layout's own attributes class")
        XCTAssertEqual(pager.contentSize, CGSize(width: 1200, height: 200))
        let prepared = layout.preparedCount
        pager.contentOffset = CGPoint(x: 150, y: 0)
        RunLoop.main.run(until: Date().addingTimeInterval(0.05))
        XCTAssertGreaterThan(layout.preparedCount, prepared, "a scroll the layout asked to hear about lays it out again")
        XCTAssertEqual(layout.targetContentOffset(forProposedContentOffset: CGPoint(x: 170, y: 0), withScrollingVelocity: .zero).x, 300)
        XCTAssertGreaterThan((spinner.layer as! CAReplicatorLayer).displayCount, 1, "the spinner redraws as its dots fade")
        XCTAssertGreaterThan(caption.displayCount, 0)
        spinner.dot.removeAllAnimations()
    }

    func testSubclassesWithAPlainDeinitAreFreed() {
        final class Helper { static var freed = 0; deinit { Helper.freed += 1 } }
        let viewsBefore = ObservingView.freed
        let layersBefore = CountingLayer.freed
        autoreleasepool {
            let parent = UIView()
            let view = ObservingView(frame: .zero)
            parent.addSubview(view)
            NotificationCenter.default.post(name: .badgeDidChange, object: nil)
            XCTAssertEqual(view.notifications, 1)
            view.layer.addSublayer(CountingLayer())
            view.badgeCount = 3
            view.badgeHelper = Helper()
            XCTAssertEqual(view.badgeCount, 3)
            view.removeFromSuperview()
        }
        XCTAssertEqual(Helper.freed, 1, "associated objects are released with their view")
        XCTAssertEqual(ObservingView.freed, viewsBefore + 1)
        XCTAssertEqual(CountingLayer.freed, layersBefore + 1)
        // Its observer went with it: posting again reaches nothing.
        NotificationCenter.default.post(name: .badgeDidChange, object: nil)
    }
}

final class NSObjectEqualityTests: XCTestCase {
    /// A view that is equal to another of the same identifier, as model-backed views sometimes are.
    final class CellView: UIView {
        var identifier = ""
        override func isEqual(_ object: Any?) -> Bool { (object as? CellView)?.identifier == identifier }
        override var hash: Int { identifier.hashValue }
    }

    func testViewsAndLayersAreNSObjectsInFoundationCollections() {
        let a = UIView(), b = UIView()
        let set = NSMutableSet()
        set.add(a); set.add(a); set.add(b)
        XCTAssertEqual(set.count, 2)
        set.remove(a)
        XCTAssertEqual(set.count, 1)
        XCTAssertTrue(set.contains(b))

        let first = CellView(), second = CellView()
        first.identifier = "row-1"; second.identifier = "row-1"
        XCTAssertTrue(first.isEqual(second))
        XCTAssertEqual(first, second)
        let cells = NSMutableSet(array: [first, second])
        XCTAssertEqual(cells.count, 1, "isEqual(_:) and hash decide, as on iOS")
        XCTAssertEqual(Set([first, second]).count, 1)

        let layers = NSMutableDictionary()
        let layer = CALayer()
        layers[layer] = "value"
        XCTAssertEqual(layers[layer] as? String, "value")
        layers.removeObject(forKey: layer)
        XCTAssertEqual(layers.count, 0)
        let object: NSObject = layer
        XCTAssertTrue(object.isEqual(layer))
        XCTAssertFalse(object.isEqual(CALayer()))
    }

    func testValueLikeObjectsCompareByValueAndTheRestByIdentity() {
        let colors = NSMutableSet(array: [UIColor(red: 1, green: 0, blue: 0, alpha: 1), UIColor.red, UIColor.blue])
        XCTAssertEqual(colors.count, 2, "UIColor's isEqual compares components")
        XCTAssertTrue(UIColor(white: 0, alpha: 1).isEqual(UIColor.black))
        XCTAssertEqual(UIColor(white: 0, alpha: 1).hash, UIColor.black.hash)

        let fonts: Set<UIFont> = [UIFont.systemFont(ofSize: 17), UIFont.systemFont(ofSize: 17), UIFont.systemFont(ofSize: 12)]
        XCTAssertEqual(fonts.count, 2)
        XCTAssertTrue(CAMediaTimingFunction(name: .easeIn).isEqual(CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1)))

        let tap = UITapGestureRecognizer { _ in }
        let recognizers = NSMutableSet(array: [tap, tap, UITapGestureRecognizer { _ in }])
        XCTAssertEqual(recognizers.count, 2)
        let objects: [NSObject] = [UIImage(), UIBezierPath(), CABasicAnimation(keyPath: "opacity"), UIScreen.main, UITouch()]
        for object in objects {
            XCTAssertTrue(object.isEqual(object))
            XCTAssertEqual(NSMutableSet(array: [object, object]).count, 1)
        }
    }

    func testAnimationsCopyThroughNSCopying() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 0.4
        let copy = fade.copy() as! CABasicAnimation
        XCTAssertFalse(copy === fade)
        XCTAssertEqual(copy.keyPath, "opacity")
        XCTAssertEqual(copy.duration, 0.4)
        XCTAssertEqual(copy.toValue as? Double, 1.0)
    }
}
