// Seeds: "Autoresizing Behaviors", "Handling Layout Changes Automatically Using Autoresizing Rules",
// "Responding to Layout Changes", "Hiding Views".
import Testing
@testable import UIKit

@MainActor @Suite struct AutoresizingTests {
    init() { freshApp() }

    /// A 100x100 superview with one subview at `frame` and `mask`, resized to `newSize`; returns the subview's
    /// new frame.
    func resized(_ frame: CGRect, _ mask: UIView.AutoresizingMask,
                 to newSize: CGSize = CGSize(width: 200, height: 300)) -> CGRect {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: frame)
        child.autoresizingMask = mask
        parent.addSubview(child)
        parent.frame.size = newSize
        return child.frame
    }

    let f = CGRect(x: 20, y: 10, width: 40, height: 50) // margins: left 20, right 40; top 10, bottom 40

    @Test func noFlagsKeepTheFrame() {
        // "UIViewAutoresizingNone: If set, the view doesn't autoresize."
        #expect(resized(f, []) == f)
        // Only the trailing margins flexible: the view stays pinned to the top-left.
        #expect(resized(f, [.flexibleRightMargin, .flexibleBottomMargin]) == f)
    }

    @Test func eachSingleFlagTakesTheWholeChange() {
        #expect(resized(f, .flexibleWidth) == CGRect(x: 20, y: 10, width: 140, height: 50))
        #expect(resized(f, .flexibleHeight) == CGRect(x: 20, y: 10, width: 40, height: 250))
        #expect(resized(f, .flexibleLeftMargin) == CGRect(x: 120, y: 10, width: 40, height: 50))
        #expect(resized(f, .flexibleTopMargin) == CGRect(x: 20, y: 210, width: 40, height: 50))
        // Pinned to the lower-left corner, the seeds' example: flexible right and top margins.
        #expect(resized(f, [.flexibleRightMargin, .flexibleTopMargin]) == CGRect(x: 20, y: 210, width: 40, height: 50))
    }

    @Test func severalFlexiblePartsShareTheChangeInProportionToTheirLengths() {
        // "When more than one option along the same axis is set, the default behavior is to distribute the size
        // difference proportionally among the flexible portions."
        // Width +100 over left 20 / width 40 / right 40:
        let both = resized(f, [.flexibleLeftMargin, .flexibleRightMargin])
        #expect(approx(both.minX, 20 + 100 * 20 / 60.0) && both.width == 40)
        let all = resized(f, [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin])
        #expect(approx(all, CGRect(x: 40, y: 10, width: 80, height: 50))) // scales with the superview
        let widthAndRight = resized(f, [.flexibleWidth, .flexibleRightMargin])
        #expect(approx(widthAndRight, CGRect(x: 20, y: 10, width: 40 + 100 * 40 / 80.0, height: 50)))
        let leftAndWidth = resized(f, [.flexibleLeftMargin, .flexibleWidth])
        #expect(approx(leftAndWidth, CGRect(x: 20 + 100 * 20 / 60.0, y: 10, width: 40 + 100 * 40 / 60.0, height: 50)))
        // Height +200 over top 10 / height 50 / bottom 40:
        let vertical = resized(f, [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin])
        #expect(approx(vertical, CGRect(x: 20, y: 30, width: 40, height: 150)))
        // The same arithmetic when shrinking.
        let shrunk = resized(f, [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], to: CGSize(width: 50, height: 100))
        #expect(approx(shrunk, CGRect(x: 10, y: 10, width: 20, height: 50)))
    }

    @Test func zeroLengthFlexiblePartsShareEvenly() {
        // A view filling its superview, centred by flexible margins: both margins are 0, so each gets half.
        let filled = resized(CGRect(x: 0, y: 0, width: 100, height: 100), [.flexibleLeftMargin, .flexibleRightMargin])
        #expect(filled == CGRect(x: 50, y: 0, width: 100, height: 100))
    }

    @Test func sizesNeverGoNegative() {
        let r = resized(f, .flexibleWidth, to: CGSize(width: 10, height: 100))
        #expect(r.width == 0)
    }

    @Test func autoresizesSubviewsFalseIgnoresTheMasks() {
        // "If the autoresizesSubviews property of a view is set to NO, any autoresizing behaviors set on the
        // immediate subviews of that view are ignored."
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        parent.autoresizesSubviews = false
        let child = UIView(frame: f)
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.addSubview(child)
        parent.bounds.size = CGSize(width: 300, height: 300)
        #expect(child.frame == f)
    }

    @Test func maskNoneStopsThePropagationBelowThatView() {
        // "If a subview's autoresizing mask is set to UIViewAutoresizingNone, the subview does not change size
        // and so its immediate subviews are never resized either."
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let middle = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let leaf = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        leaf.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(middle); middle.addSubview(leaf)
        root.bounds.size = CGSize(width: 200, height: 200)
        #expect(middle.frame.size == CGSize(width: 100, height: 100))
        #expect(leaf.frame.size == CGSize(width: 100, height: 100))
        // With a flexible middle the change ripples down: "Size changes to any subviews trigger similar layout
        // adjustments for their embedded subviews."
        middle.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.bounds.size = CGSize(width: 300, height: 300)
        #expect(middle.frame.size == CGSize(width: 200, height: 200))
        #expect(leaf.frame.size == CGSize(width: 200, height: 200))
    }

    @Test func onlyBoundsSizeChangesAutoresizeNotMovesOrOriginChanges() {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: f)
        child.autoresizingMask = [.flexibleWidth, .flexibleLeftMargin]
        parent.addSubview(child)
        parent.center = CGPoint(x: 500, y: 500)
        parent.bounds.origin = CGPoint(x: 30, y: 30)
        #expect(child.frame == f)
    }

    @Test func hiddenViewsStillTakePartInAutoresizing() {
        // "Because it remains in the view hierarchy, a hidden view continues to participate in autoresizing and
        // other layout operations."
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: f)
        child.isHidden = true
        child.autoresizingMask = .flexibleWidth
        parent.addSubview(child)
        parent.bounds.size = CGSize(width: 200, height: 100)
        #expect(child.frame.width == 140)
    }
}

@MainActor @Suite struct LayoutPassTests {
    init() { freshApp() }

    func shownWindow(_ log: EventLog) -> (RecordingWindow, RecordingView, RecordingView) {
        let window = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = RecordingView("parent", log: log, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = RecordingView("child", log: log, frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        parent.addSubview(child)
        window.addSubview(parent)
        window.makeKeyAndVisible()
        endTurn()
        log.entries = []
        return (window, parent, child)
    }

    @Test func newViewsAreLaidOutOnceBeforeTheFirstFrameParentsFirst() {
        let log = EventLog()
        let window = RecordingWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let parent = RecordingView("parent", log: log)
        let child = RecordingView("child", log: log)
        parent.addSubview(child)
        window.addSubview(parent)
        window.makeKeyAndVisible()
        log.entries = []
        endTurn()
        #expect(log.take() == ["parent.layoutSubviews", "child.layoutSubviews"])
        endTurn()
        #expect(log.take().isEmpty) // nothing pending: an idle frame lays nothing out
    }

    @Test func severalSetNeedsLayoutInOneTurnGiveOneLayoutSubviews() {
        let log = EventLog()
        let (window, parent, child) = shownWindow(log)
        defer { withExtendedLifetime(window) {} }
        child.setNeedsLayout()
        parent.setNeedsLayout()
        child.setNeedsLayout()
        parent.setNeedsLayout()
        #expect(log.entries.isEmpty) // nothing happens until the end of the turn
        endTurn()
        #expect(log.take() == ["parent.layoutSubviews", "child.layoutSubviews"])
    }

    @Test func aBoundsSizeChangeAutoresizesAtOnceThenLaysOutInThePass() {
        let log = EventLog()
        let (window, parent, child) = shownWindow(log)
        defer { withExtendedLifetime(window) {} }
        child.autoresizingMask = .flexibleWidth
        var childWidthSeenByLayout: CGFloat = -1
        final class Probe: UIView {
            var onLayout: () -> Void = {}
            override func layoutSubviews() { onLayout() }
        }
        let probe = Probe()
        child.addSubview(probe)
        endTurn()
        log.entries = []
        probe.onLayout = { childWidthSeenByLayout = child.bounds.width }
        probe.autoresizingMask = .flexibleWidth
        parent.bounds.size = CGSize(width: 200, height: 100)
        #expect(child.frame.width == 150) // autoresizing already applied
        endTurn()
        // "UIKit applies each view's autoresizing behaviors and then calls its layoutSubviews method."
        #expect(log.take() == ["parent.layoutSubviews", "child.layoutSubviews"])
        #expect(childWidthSeenByLayout == 150)
        // A move alone does not lay out.
        parent.center = CGPoint(x: 10, y: 10)
        endTurn()
        #expect(log.take().isEmpty)
    }

    @Test func layoutIfNeededLaysOutNowFromTheHighestAncestorThatNeedsIt() {
        let log = EventLog()
        let (window, parent, child) = shownWindow(log)
        defer { withExtendedLifetime(window) {} }
        parent.setNeedsLayout()
        child.setNeedsLayout()
        child.layoutIfNeeded()
        #expect(log.take() == ["parent.layoutSubviews", "child.layoutSubviews"])
        endTurn()
        #expect(log.take().isEmpty)
        child.layoutIfNeeded() // nothing pending
        #expect(log.take().isEmpty)
    }

    @Test func layoutInsideLayoutSubviewsIsPickedUpInTheSamePass() {
        final class Container: UIView {
            let inner = UIView()
            var innerLayouts = 0
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(inner)
            }
            required init?(coder: NSCoder) { fatalError() }
            override func layoutSubviews() {
                inner.frame = bounds.insetBy(dx: 10, dy: 10) // resizes the subview: it needs layout too
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let c = Container(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(c)
        window.makeKeyAndVisible()
        endTurn()
        #expect(c.inner.frame == CGRect(x: 10, y: 10, width: 80, height: 80))
        c.bounds.size = CGSize(width: 60, height: 60)
        endTurn()
        #expect(c.inner.frame == CGRect(x: 10, y: 10, width: 40, height: 40))
        #expect(!c.inner.needsLayout && !c.needsLayout)
    }

    @Test func hiddenViewsAreStillLaidOut() {
        let log = EventLog()
        let (window, parent, child) = shownWindow(log)
        defer { withExtendedLifetime(window) {} }
        parent.isHidden = true
        child.setNeedsLayout()
        endTurn()
        #expect(log.take() == ["child.layoutSubviews"])
    }

    @Test func viewsOutsideAWindowWaitForLayoutIfNeeded() {
        let log = EventLog()
        let loose = RecordingView("loose", log: log)
        endTurn()
        #expect(log.take().isEmpty)
        loose.layoutIfNeeded()
        #expect(log.take() == ["loose.layoutSubviews"])
    }

    @Test func addingAndRemovingSubviewsMarksLayout() {
        let log = EventLog()
        let (window, parent, child) = shownWindow(log)
        defer { withExtendedLifetime(window) {} }
        parent.addSubview(UIView())
        endTurn()
        #expect(log.take().filter { $0.hasSuffix("layoutSubviews") } == ["parent.layoutSubviews"])
        child.removeFromSuperview()
        endTurn()
        #expect(log.take().filter { $0.hasSuffix("layoutSubviews") } == ["parent.layoutSubviews"])
    }

    @Test func framesCountOnlyTurnsThatHadWork() {
        let log = EventLog()
        let (window, parent, _) = shownWindow(log)
        defer { withExtendedLifetime(window) {} }
        let app = UIApplication.shared
        let before = app.frameCount
        endTurn(); endTurn()
        #expect(app.frameCount == before)
        parent.setNeedsLayout()
        endTurn()
        #expect(app.frameCount == before + 1)
    }
}
