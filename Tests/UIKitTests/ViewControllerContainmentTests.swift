import CoreGraphics
import Foundation
import Testing
@testable import UIKit
import VitrinePlatform

/// A controller that logs its life: loading, appearance, layout and containment callbacks, into a shared log.
@MainActor
final class LoggingController: UIViewController {
    let name: String
    let log: EventLog
    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { nil }
    static func label(_ c: UIViewController?) -> String {
        guard let c else { return "nil" }
        return (c as? LoggingController)?.name ?? String(describing: type(of: c))
    }
    override func viewDidLoad() { super.viewDidLoad(); log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.add("\(name).viewWillAppear\(isMovingToParent ? "(moving)" : "")")
    }
    override func viewIsAppearing(_ animated: Bool) { super.viewIsAppearing(animated); log.add("\(name).viewIsAppearing") }
    override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.add("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        log.add("\(name).viewWillDisappear\(isMovingFromParent ? "(moving)" : "")")
    }
    override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.add("\(name).viewDidDisappear") }
    override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); log.add("\(name).viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { super.viewDidLayoutSubviews(); log.add("\(name).viewDidLayoutSubviews") }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.add("\(name).willMove(toParent: \(Self.label(parent)))")
    }
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        log.add("\(name).didMove(toParent: \(Self.label(parent)))")
    }
}

/// A container that moves its child's view itself and forwards nothing automatically.
@MainActor
final class ManualContainer: UIViewController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
}

/// Containment and the appearance callbacks in UIKit's documented order.
@MainActor @Suite struct ViewControllerContainmentTests {
    /// The log without layout lines (they come in every pass; the tests that care keep them).
    func withoutLayout(_ log: EventLog) -> [String] { log.entries.filter { !$0.contains("LayoutSubviews") } }

    @Test func aWindowsRootControllerAppearsWithTheWindow() {
        freshApp()
        let log = EventLog()
        let root = LoggingController("root", log: log)
        let window = UIWindow(frame: UIScreen.main.bounds)
        keptWindow = window
        window.rootViewController = root
        #expect(log.entries == ["root.viewDidLoad"])
        window.makeKeyAndVisible()
        #expect(log.entries == ["root.viewDidLoad", "root.viewWillAppear"])
        endTurn()
        #expect(log.entries == ["root.viewDidLoad", "root.viewWillAppear", "root.viewIsAppearing", "root.viewWillLayoutSubviews",
                                "root.viewDidLayoutSubviews", "root.viewDidAppear"])
        log.entries = []
        window.isHidden = true
        #expect(log.entries == ["root.viewWillDisappear", "root.viewDidDisappear"])
        log.entries = []
        window.isHidden = false
        endTurn()
        #expect(withoutLayout(log) == ["root.viewWillAppear", "root.viewIsAppearing", "root.viewDidAppear"])
        // Replaced as root: the old one goes, the new one comes.
        log.entries = []
        let other = LoggingController("other", log: log)
        window.rootViewController = other
        endTurn()
        #expect(withoutLayout(log) == ["root.viewWillDisappear", "root.viewDidDisappear", "other.viewDidLoad", "other.viewWillAppear",
                                       "other.viewIsAppearing", "other.viewDidAppear"])
    }

    @Test func aChildAddedToAVisibleParentHearsUIKitsOrder() {
        freshApp()
        let log = EventLog()
        let parent = LoggingController("parent", log: log)
        let window = shownWindow()
        window.rootViewController = parent
        endTurn()
        log.entries = []
        let child = LoggingController("child", log: log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        #expect(parent.children == [child] && child.parent === parent)
        endTurn()
        #expect(withoutLayout(log) == ["child.willMove(toParent: parent)", "child.viewDidLoad", "child.viewWillAppear(moving)",
                                       "child.didMove(toParent: parent)", "child.viewIsAppearing", "child.viewDidAppear"])
        // Removing it, as UIKit's documentation says to.
        log.entries = []
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        #expect(log.entries == ["child.willMove(toParent: nil)", "child.viewWillDisappear(moving)", "child.viewDidDisappear",
                                "child.didMove(toParent: nil)"])
        #expect(parent.children.isEmpty && child.parent == nil)
        // The parent passes its own callbacks on to the children in its view.
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        endTurn()
        log.entries = []
        window.isHidden = true
        #expect(log.entries == ["parent.viewWillDisappear", "child.viewWillDisappear", "parent.viewDidDisappear", "child.viewDidDisappear"])
    }

    @Test func aContainerThatForwardsNothingCallsTheTransitionsItself() {
        freshApp()
        let log = EventLog()
        let container = ManualContainer()
        let window = shownWindow()
        window.rootViewController = container
        endTurn()
        let child = LoggingController("child", log: log)
        container.addChild(child)
        log.entries = []
        // The view goes in without a word...
        container.view.addSubview(child.view)
        endTurn()
        #expect(withoutLayout(log) == ["child.viewDidLoad"])
        // ...and the container says when it appears.
        child.beginAppearanceTransition(true, animated: true)
        child.beginAppearanceTransition(true, animated: true) // a second begin changes nothing
        endTurn()
        child.endAppearanceTransition()
        #expect(withoutLayout(log) == ["child.viewDidLoad", "child.viewWillAppear(moving)", "child.viewIsAppearing", "child.viewDidAppear"])
        log.entries = []
        child.beginAppearanceTransition(false, animated: false)
        child.endAppearanceTransition()
        child.endAppearanceTransition() // an end without a begin: nothing
        #expect(log.entries == ["child.viewWillDisappear", "child.viewDidDisappear"])
    }

    @Test func containerInsetsJoinTheSafeArea() {
        freshApp()
        let root = UIViewController()
        let window = shownWindow()
        window.rootViewController = root
        root.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        root.containerSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 49, right: 0)
        let inner = UIView(frame: CGRect(x: 0, y: 20, width: 100, height: 100))
        root.view.addSubview(inner)
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 54, left: 0, bottom: 49, right: 0))
        #expect(inner.safeAreaInsets.top == 34)
    }
}
