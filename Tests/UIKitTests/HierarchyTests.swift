// Seeds: "Creating and Managing a View Hierarchy", "Adding and Removing Subviews", "Tagging Views".
import Testing
@testable import UIKit
import QuartzCore

@MainActor @Suite struct HierarchyTests {
    init() { freshApp() }

    @Test func addSubviewAppendsOnTopAndSetsSuperview() {
        let parent = UIView(), a = UIView(), b = UIView()
        parent.addSubview(a)
        parent.addSubview(b)
        #expect(parent.subviews == [a, b])
        #expect(a.superview === parent)
        // "Because the root view in a view hierarchy has no parent, its superview property is set to nil."
        #expect(parent.superview == nil)
        // Adding an existing subview again moves it to the front.
        parent.addSubview(a)
        #expect(parent.subviews == [b, a])
    }

    @Test func insertAtAboveAndBelow() {
        let p = UIView(), a = UIView(), b = UIView(), c = UIView(), d = UIView()
        p.addSubview(a)
        p.insertSubview(b, at: 0)
        #expect(p.subviews == [b, a])
        p.insertSubview(c, aboveSubview: b)
        #expect(p.subviews == [b, c, a])
        p.insertSubview(d, belowSubview: b)
        #expect(p.subviews == [d, b, c, a])
        // Reordering an existing subview.
        p.insertSubview(a, belowSubview: d)
        #expect(p.subviews == [a, d, b, c])
        p.insertSubview(a, aboveSubview: c)
        #expect(p.subviews == [d, b, c, a])
        p.insertSubview(d, at: 3)
        #expect(p.subviews == [b, c, a, d])
    }

    @Test func bringSendAndExchange() {
        let p = UIView(), a = UIView(), b = UIView(), c = UIView()
        [a, b, c].forEach(p.addSubview)
        p.bringSubviewToFront(a)
        #expect(p.subviews == [b, c, a])
        p.sendSubviewToBack(a)
        #expect(p.subviews == [a, b, c])
        p.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(p.subviews == [c, b, a])
        // Views that are not subviews are ignored, as in UIKit.
        p.bringSubviewToFront(UIView())
        p.sendSubviewToBack(UIView())
        #expect(p.subviews == [c, b, a])
    }

    @Test func removeFromSuperviewAndMovingBetweenParents() {
        let p1 = UIView(), p2 = UIView(), v = UIView()
        p1.addSubview(v)
        p2.addSubview(v)
        #expect(p1.subviews.isEmpty)
        #expect(p2.subviews == [v])
        #expect(v.superview === p2)
        v.removeFromSuperview()
        #expect(v.superview == nil && p2.subviews.isEmpty)
        v.removeFromSuperview() // no superview: nothing happens
    }

    @Test func isDescendantIncludesTheReceiverAndDistantSubviews() {
        let root = UIView(), mid = UIView(), leaf = UIView(), other = UIView()
        root.addSubview(mid)
        mid.addSubview(leaf)
        #expect(leaf.isDescendant(of: root))
        #expect(leaf.isDescendant(of: leaf))
        #expect(!root.isDescendant(of: leaf))
        #expect(!other.isDescendant(of: root))
    }

    @Test func viewWithTagSearchesDepthFirstFromTheReceiverNeverUpwards() {
        // "This method searches the receiver's subviews using a depth-first search, starting with the receiver
        // itself." "The default value for the tag property is 0."
        let root = UIView(), a = UIView(), a1 = UIView(), b = UIView()
        #expect(root.tag == 0)
        root.addSubview(a); a.addSubview(a1); root.addSubview(b)
        a1.tag = 7; b.tag = 7
        #expect(root.viewWithTag(7) === a1) // depth first: a's subtree before b
        root.tag = 7
        #expect(root.viewWithTag(7) === root) // the receiver first
        #expect(b.viewWithTag(0) == nil)
        a.tag = 3
        #expect(a1.viewWithTag(3) == nil) // never its superviews
        #expect(root.viewWithTag(42) == nil)
    }

    @Test func notificationsForAddAndRemoveOutsideAWindow() {
        let log = EventLog()
        let parent = RecordingView("parent", log: log), child = RecordingView("child", log: log)
        parent.addSubview(child)
        #expect(log.take() == ["child.willMoveToSuperview(parent)", "child.didMoveToSuperview",
                               "parent.didAddSubview(child)"])
        child.removeFromSuperview()
        #expect(log.take() == ["parent.willRemoveSubview(child)", "child.willMoveToSuperview(nil)",
                               "child.didMoveToSuperview"])
    }

    @Test func notificationsWhenASubtreeEntersAndLeavesAWindow() {
        let log = EventLog()
        let window = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = RecordingView("a", log: log), a1 = RecordingView("a1", log: log), a2 = RecordingView("a2", log: log)
        a.addSubview(a1); a.addSubview(a2)
        log.entries = []
        window.addSubview(a)
        #expect(log.take() == ["a.willMoveToSuperview(window)",
                               "a.willMoveToWindow(window)", "a1.willMoveToWindow(window)", "a2.willMoveToWindow(window)",
                               "a.didMoveToWindow", "a1.didMoveToWindow", "a2.didMoveToWindow",
                               "a.didMoveToSuperview"])
        #expect(a2.window === window && a.window === window)
        a.removeFromSuperview()
        #expect(log.take() == ["a.willMoveToSuperview(nil)",
                               "a.willMoveToWindow(nil)", "a1.willMoveToWindow(nil)", "a2.willMoveToWindow(nil)",
                               "a.didMoveToWindow", "a1.didMoveToWindow", "a2.didMoveToWindow",
                               "a.didMoveToSuperview"])
        #expect(a1.window == nil)
    }

    @Test func notificationsWhenMovingFromOneParentToAnother() {
        let log = EventLog()
        let window = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let old = RecordingView("old", log: log), new = RecordingView("new", log: log), v = RecordingView("v", log: log)
        old.addSubview(v)
        window.addSubview(new)
        log.entries = []
        new.addSubview(v)
        #expect(log.take() == ["old.willRemoveSubview(v)", "v.willMoveToSuperview(new)",
                               "v.willMoveToWindow(window)", "v.didMoveToWindow",
                               "v.didMoveToSuperview", "new.didAddSubview(v)"])
        // Same window on both sides: no window notifications.
        let sibling = RecordingView("sibling", log: log)
        window.addSubview(sibling)
        log.entries = []
        sibling.addSubview(v)
        #expect(log.take() == ["new.willRemoveSubview(v)", "v.willMoveToSuperview(sibling)",
                               "v.didMoveToSuperview", "sibling.didAddSubview(v)"])
        // Reordering within the same superview sends nothing.
        new.addSubview(RecordingView("x", log: log))
        log.entries = []
        window.bringSubviewToFront(new)
        window.addSubview(new)
        #expect(log.take().isEmpty)
    }

    @Test func aWindowIsItsOwnWindowAndViewsOutsideOneHaveNone() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(window.window === window)
        // "This property is set to nil if the view is not currently attached to a window."
        #expect(UIView().window == nil)
        #expect(window.superview == nil)
    }
}

@MainActor @Suite struct MemoryTests {
    init() { freshApp() }

    @Test func aSuperviewOwnsItsSubviewsAndARemovedViewIsFreed() {
        let parent = UIView()
        weak var weakChild: UIView?
        do {
            let child = UIView()
            weakChild = child
            parent.addSubview(child)
        }
        #expect(weakChild != nil) // kept alive by its superview
        weakChild?.removeFromSuperview()
        #expect(weakChild == nil) // freed once removed and not kept
    }

    @Test func aViewRemovedFromTheScreenIsFreedAfterTheNextFrame() {
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        weak var weakView: UIView?
        weak var weakLayer: CALayer?
        do {
            let v = UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
            v.text = "bye"
            window.addSubview(v)
            endTurn() // composited: the compositor has a record of it
            weakView = v
            weakLayer = v.layer
            v.removeFromSuperview()
        }
        endTurn() // the compositor repaints where it was and lets go of it
        #expect(weakView == nil && weakLayer == nil)
        withExtendedLifetime(window) {}
    }

    @Test func noRetainCyclesThroughSuperviewWindowOrControllers() {
        freshApp()
        weak var weakWindow: UIWindow?
        weak var weakController: UIViewController?
        weak var weakView: UIView?
        weak var weakLeaf: UIView?
        do {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let controller = UIViewController()
            window.rootViewController = controller
            let leaf = UIView()
            controller.view.addSubview(leaf)
            window.makeKeyAndVisible()
            weakWindow = window; weakController = controller; weakView = controller.view; weakLeaf = leaf
            #expect(leaf.window === window)
            #expect(controller.view.next === controller)
        }
        #expect(weakWindow == nil)
        #expect(weakController == nil)
        #expect(weakView == nil)
        #expect(weakLeaf == nil)
        #expect(UIApplication.shared.windows.isEmpty)
    }
}
