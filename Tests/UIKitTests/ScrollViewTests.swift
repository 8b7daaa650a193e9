// UIScrollView: offsets and insets, dragging with the rubber band, iOS's deceleration and bounce on the manual
// clock (positions against the formulas), paging, the delegate's protocol and target offset, content touches
// delayed and cancelled, nested scroll views, zooming, pull to refresh and the indicators — driven through the
// headless input pipeline below libinput.
import Testing
import Foundation
@testable import UIKit
import QuartzCore
import VitrinePlatform

/// A delegate that logs what it hears, and may move the target offset.
@MainActor
final class ScrollLog: UIScrollViewDelegate {
    var entries: [String] = []
    var velocity: CGPoint?
    var target: CGPoint?
    var retarget: ((CGPoint) -> CGPoint)?
    var zoomView: UIView?
    func scrollViewDidScroll(_ scrollView: UIScrollView) { if entries.last != "scroll" { entries.append("scroll") } }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { entries.append("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        entries.append("willEndDragging")
        self.velocity = velocity
        if let retarget { targetContentOffset.pointee = retarget(targetContentOffset.pointee) }
        target = targetContentOffset.pointee
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        entries.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { entries.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { entries.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { entries.append("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        entries.append("didEndZooming(\(scale))")
    }
    /// The log without the scrolls between events.
    var events: [String] { entries.filter { $0 != "scroll" } }
}

@MainActor @Suite struct ScrollPhysicsTests {
    @Test func theRubberBandIsIOSsCurve() {
        let d: CGFloat = 480
        for x in [0, 10, 100, 480, 2000] as [CGFloat] {
            #expect(approx(ScrollPhysics.rubberBand(x, dimension: d), (1 - 1 / (x * 0.55 / d + 1)) * d))
            #expect(approx(ScrollPhysics.rubberBand(-x, dimension: d), -(1 - 1 / (x * 0.55 / d + 1)) * d))
            // Its inverse gives the pull back.
            #expect(approx(ScrollPhysics.pull(showing: ScrollPhysics.rubberBand(x, dimension: d), dimension: d), x, 1e-6))
        }
        // Never more than the dimension, stiffer as it goes.
        #expect(ScrollPhysics.rubberBand(1e9, dimension: d) < d)
        #expect(ScrollPhysics.rubberBand(200, dimension: d) - ScrollPhysics.rubberBand(100, dimension: d)
                < ScrollPhysics.rubberBand(100, dimension: d))
    }

    @Test func decelerationFollowsTheRatePerMillisecond() {
        let decay = ScrollPhysics.Decay(start: 100, velocity: 2000, rate: 0.998)
        // The velocity keeps 0.998 of itself each millisecond.
        #expect(approx(decay.velocity(at: 0.001), 2000 * 0.998, 1e-6))
        #expect(approx(decay.velocity(at: 0.5), 2000 * pow(0.998, 500), 1e-6))
        // The position is the velocity's integral: numerically, in 1 ms steps.
        var x: CGFloat = 100, v: CGFloat = 2000
        for _ in 0..<300 { x += v * CGFloat(pow(0.998, 0.5)) / 1000 * 1; v *= 0.998 }
        #expect(abs(decay.position(at: 0.3) - x) < 0.5)
        // It comes to rest v₀/(−1000·ln 0.998) away: about half a second's worth of the starting speed.
        #expect(approx(decay.destination, 100 + 2000 / (-1000 * log(0.998)), 1e-9))
        // The fast rate stops ten times sooner.
        #expect(ScrollPhysics.Decay(start: 0, velocity: 2000, rate: 0.99).destination < 200)
        // A starting velocity that lands exactly where asked.
        let v0 = ScrollPhysics.Decay.velocity(toTravel: 333, rate: 0.998)
        #expect(approx(ScrollPhysics.Decay(start: 0, velocity: v0, rate: 0.998).destination, 333, 1e-9))
        // When it crosses a line.
        let t = decay.time(reaching: 500)!
        #expect(approx(decay.position(at: t), 500, 1e-6))
        #expect(decay.time(reaching: 10_000) == nil)
    }

    @Test func theSpringSettlesOnItsTargetWithoutOscillating() {
        let spring = ScrollPhysics.Spring(from: -80, to: 0, velocity: 0, omega: ScrollPhysics.bounceOmega)
        var previous: CGFloat = -80
        for i in 1...120 {
            let p = spring.position(at: Double(i) / 60)
            #expect(p >= previous - 1e-9 && p <= 0)
            previous = p
        }
        #expect(spring.isSettled(at: 2, within: 0.5))
        // Thrown past the target it turns back once.
        let thrown = ScrollPhysics.Spring(from: 0, to: 0, velocity: 1500, omega: ScrollPhysics.bounceOmega)
        let peak = thrown.position(at: 1 / Double(ScrollPhysics.bounceOmega))
        #expect(approx(peak, 1500 / ScrollPhysics.bounceOmega / CGFloat(M_E), 1e-6))
        #expect(thrown.isSettled(at: 2, within: 0.5))
    }
}

@MainActor @Suite struct ScrollViewTests {
    /// A 320x480 screen with a scroll view over all of it, its content `content` big, with a log delegate.
    @MainActor final class Scene {
        let window: UIWindow
        let scrollView: UIScrollView
        let log = ScrollLog()
        let fingers: Fingers
        init(content: CGSize = CGSize(width: 320, height: 2000), frame: CGRect = CGRect(x: 0, y: 0, width: 320, height: 480),
             configure: (UIScrollView) -> Void = { _ in }) {
            freshApp()
            window = shownWindow()
            scrollView = UIScrollView(frame: frame)
            scrollView.contentSize = content
            scrollView.delegate = log
            configure(scrollView)
            window.addSubview(scrollView)
            fingers = Fingers()
            endTurn()
        }
        var offset: CGPoint { scrollView.contentOffset }
    }

    @Test func theContentOffsetIsTheBoundsOriginAndMovesTheContent() {
        let s = Scene()
        let child = UIView(frame: CGRect(x: 10, y: 300, width: 50, height: 50))
        s.scrollView.addSubview(child)
        s.scrollView.contentOffset = CGPoint(x: 0, y: 250)
        #expect(s.scrollView.bounds.origin == CGPoint(x: 0, y: 250))
        #expect(child.convert(CGPoint.zero, to: s.window) == CGPoint(x: 10, y: 50))
        #expect(s.log.entries == ["scroll"])
        // Nothing clamps an offset set by code (as on iOS).
        s.scrollView.contentOffset = CGPoint(x: 0, y: -40)
        #expect(s.offset.y == -40)
    }

    @Test func theRangeKeepsTheInsetsClear() {
        let s = Scene { $0.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 44, right: 0) }
        #expect(s.scrollView.minimumOffset == CGPoint(x: 0, y: -20))
        #expect(s.scrollView.maximumOffset == CGPoint(x: 0, y: 1564))
        // Content smaller than the view rests at its top.
        s.scrollView.contentSize = CGSize(width: 320, height: 100)
        #expect(s.scrollView.maximumOffset == CGPoint(x: 0, y: -20))
        #expect(!s.scrollView.scrollsVertically && !s.scrollView.scrollsHorizontally)
        s.scrollView.alwaysBounceVertical = true
        #expect(s.scrollView.scrollsVertically)
    }

    @Test func dragTheContentWithTheFingerWithoutAJumpAtTheStart() {
        let s = Scene()
        // Down 20 points a step: the pan begins at the first step (past its 10 points), from where the finger is.
        s.fingers.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), steps: 10, lift: false)
        #expect(s.scrollView.isDragging && s.scrollView.isTracking)
        #expect(s.offset == CGPoint(x: 0, y: 180))
        // A finger that rests before lifting leaves nothing to glide on.
        s.fingers.wait(0.2)
        s.fingers.up()
        #expect(!s.scrollView.isDragging && !s.scrollView.isDecelerating)
        #expect(s.log.events == ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
        #expect(s.log.velocity == .zero)
        #expect(s.offset == CGPoint(x: 0, y: 180))
    }

    @Test func aFlickGlidesWithIOSsDecelerationAndStopsWhereTheDelegateWasTold() {
        let s = Scene(content: CGSize(width: 320, height: 20_000))
        // 300 points in 5 frames of 16 ms: about 3,750 points a second upwards.
        s.fingers.drag(from: CGPoint(x: 160, y: 420), to: CGPoint(x: 160, y: 120), steps: 5, interval: 0.016)
        #expect(s.scrollView.isDecelerating)
        #expect(s.log.events == ["willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
        // The velocity the delegate heard is in points per millisecond, from the input's timestamps.
        let v = try! #require(s.log.velocity)
        #expect(approx(v.y, 60.0 / 16, 1e-6))
        let start = s.offset, target = try! #require(s.log.target)
        let decay = ScrollPhysics.Decay(start: start.y, velocity: v.y * 1000, rate: 0.998)
        #expect(approx(target.y, decay.destination, 1e-6))
        // Every frame shows the formula's position (on the pixel grid).
        var t = 0.0
        for _ in 0..<60 {
            frames(1.0 / 60)
            t += 1.0 / 60
            #expect(abs(s.offset.y - decay.position(at: t)) <= 0.5 + 1e-9, "at \(t) s")
        }
        frames(6)
        #expect(!s.scrollView.isDecelerating)
        #expect(approx(s.offset.y, target.y, 1e-9))
        #expect(s.log.events.last == "didEndDecelerating")
    }

    @Test func theFastRateStopsSooner() {
        let normal = Scene(content: CGSize(width: 320, height: 20_000))
        normal.fingers.drag(from: CGPoint(x: 160, y: 420), to: CGPoint(x: 160, y: 120), steps: 5)
        frames(8)
        let far = normal.offset.y
        let fast = Scene(content: CGSize(width: 320, height: 20_000)) { $0.decelerationRate = .fast }
        fast.fingers.drag(from: CGPoint(x: 160, y: 420), to: CGPoint(x: 160, y: 120), steps: 5)
        frames(8)
        #expect(fast.offset.y < far / 3)
    }

    @Test func pullingPastTheTopRubberBandsAndSpringsBack() {
        let s = Scene()
        s.fingers.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), steps: 10, lift: false)
        // 180 points of pull past the top (the first 20 began the pan) show as the rubber band's share.
        #expect(approx(s.offset.y, -(ScrollPhysics.rubberBand(180, dimension: 480) * 1).rounded(), 1e-9))
        s.fingers.wait(0.2)
        s.fingers.up()
        #expect(s.scrollView.isDecelerating)
        #expect(s.log.events.contains("didEndDragging(true)"))
        var previous = s.offset.y
        for _ in 0..<90 {
            frames(1.0 / 60)
            #expect(s.offset.y >= previous && s.offset.y <= 0)
            previous = s.offset.y
        }
        #expect(s.offset.y == 0 && !s.scrollView.isDecelerating)
        #expect(s.log.events.last == "didEndDecelerating")
    }

    @Test func withoutBouncesTheContentStopsAtItsEdges() {
        let s = Scene { $0.bounces = false }
        s.fingers.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), steps: 10)
        #expect(s.offset.y == 0)
        s.scrollView.contentOffset.y = 1400
        s.fingers.drag(from: CGPoint(x: 160, y: 420), to: CGPoint(x: 160, y: 120), steps: 5)
        frames(0.5)
        #expect(s.offset.y == 1520)
        frames(3)
        #expect(s.offset.y == 1520 && !s.scrollView.isDecelerating)
    }

    @Test func aFlickPastTheEndBouncesBeyondItAndSettlesOnIt() {
        let s = Scene()
        s.scrollView.contentOffset.y = 1300
        s.fingers.drag(from: CGPoint(x: 160, y: 420), to: CGPoint(x: 160, y: 120), steps: 5)
        // The target the delegate heard is the end of the content.
        #expect(s.log.target == CGPoint(x: 0, y: 1520))
        var furthest: CGFloat = 0
        for _ in 0..<180 { frames(1.0 / 60); furthest = max(furthest, s.offset.y) }
        #expect(furthest > 1520 + 20)
        #expect(s.offset.y == 1520 && !s.scrollView.isDecelerating)
    }

    @Test func pagingSettlesOnTheNearestPageOrTheNextOneAFlickPointsTo() {
        let s = Scene(content: CGSize(width: 320 * 5, height: 480)) { $0.isPagingEnabled = true }
        // A slow drag of 40% of a page goes back.
        s.fingers.drag(from: CGPoint(x: 250, y: 240), to: CGPoint(x: 110, y: 240), steps: 10, interval: 0.05, lift: false)
        s.fingers.wait(0.1)
        s.fingers.up()
        #expect(s.log.target == .zero)
        frames(1.5)
        #expect(s.offset == .zero)
        // A short flick goes to the next page.
        s.fingers.drag(from: CGPoint(x: 250, y: 240), to: CGPoint(x: 170, y: 240), steps: 4)
        #expect(s.log.target == CGPoint(x: 320, y: 0))
        frames(1.5)
        #expect(s.offset == CGPoint(x: 320, y: 0) && !s.scrollView.isDecelerating)
    }

    @Test func theDelegateMayMoveTheTargetAndTheGlideLandsThere() {
        let s = Scene(content: CGSize(width: 320, height: 20_000))
        // Snap to rows of 44 points.
        s.log.retarget = { CGPoint(x: $0.x, y: ($0.y / 44).rounded() * 44) }
        s.fingers.drag(from: CGPoint(x: 160, y: 420), to: CGPoint(x: 160, y: 220), steps: 5)
        let target = try! #require(s.log.target)
        #expect(target.y.truncatingRemainder(dividingBy: 44) == 0)
        frames(8)
        #expect(s.offset == target)
    }

    @Test func contentTouchesWaitForTheScrollToDecide() {
        let log = EventLog()
        let s = Scene()
        let content = TouchLogView("content", log: log, frame: CGRect(x: 0, y: 0, width: 320, height: 2000))
        s.scrollView.addSubview(content)
        // A quick tap: the content hears it all when the finger lifts.
        s.fingers.down(CGPoint(x: 100, y: 100))
        #expect(log.take().isEmpty)
        s.fingers.wait(0.05)
        s.fingers.up()
        #expect(log.take() == ["content.began(1)", "content.ended(1)"])
        // A finger that rests: the content hears it after 150 ms.
        s.fingers.down(CGPoint(x: 100, y: 100))
        s.fingers.wait(0.1)
        #expect(log.take().isEmpty)
        s.fingers.wait(0.1)
        #expect(log.take() == ["content.began(1)"])
        // ...and a scroll that starts then takes the touch away from it.
        s.fingers.move(CGPoint(x: 100, y: 60))
        #expect(log.take() == ["content.cancelled(1)"])
        #expect(s.scrollView.isDragging)
        s.fingers.up()
        // A quick drag scrolls and the content never hears of it.
        s.fingers.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 200), steps: 5)
        #expect(log.take().isEmpty)
        frames(5)
    }

    @Test func withoutTheDelayContentHearsTouchesAtOnce() {
        let log = EventLog()
        let s = Scene { $0.delaysContentTouches = false }
        let content = TouchLogView("content", log: log, frame: CGRect(x: 0, y: 0, width: 320, height: 2000))
        s.scrollView.addSubview(content)
        s.fingers.down(CGPoint(x: 100, y: 100))
        #expect(log.take() == ["content.began(1)"])
        s.fingers.up()
        #expect(log.take() == ["content.ended(1)"])
    }

    @Test func aControlKeepsItsTouchOnceItHasIt() {
        let s = Scene()
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
        s.scrollView.addSubview(slider)
        endTurn()
        // Held on the slider's thumb past the delay, then dragged up: the slider keeps it, nothing scrolls.
        let thumb = slider.convert(CGPoint(x: slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds),
                                                               value: slider.value).midX, y: 15), to: nil)
        s.fingers.down(thumb)
        s.fingers.wait(0.2)
        #expect(slider.isTracking)
        for i in 1...5 { s.fingers.wait(0.016); s.fingers.move(CGPoint(x: thumb.x + CGFloat(i) * 10, y: thumb.y - CGFloat(i) * 15)) }
        #expect(!s.scrollView.isDragging && s.offset == .zero)
        #expect(slider.value > 0)
        s.fingers.up()
        // canCancelContentTouches off: not even a plain view's touch is taken.
        let log = EventLog()
        let plain = TouchLogView("plain", log: log, frame: CGRect(x: 0, y: 200, width: 320, height: 100))
        s.scrollView.addSubview(plain)
        s.scrollView.canCancelContentTouches = false
        s.fingers.down(CGPoint(x: 100, y: 250))
        s.fingers.wait(0.2)
        s.fingers.move(CGPoint(x: 100, y: 150))
        #expect(!s.scrollView.isDragging)
        #expect(log.take() == ["plain.began(1)", "plain.moved(1)"])
        s.fingers.up()
    }

    @Test func touchesShouldBeginKeepsTouchesFromContent() {
        final class Refusing: UIScrollView {
            override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { false }
        }
        freshApp()
        let window = shownWindow()
        let scrollView = Refusing(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        let log = EventLog()
        scrollView.addSubview(TouchLogView("content", log: log, frame: CGRect(x: 0, y: 0, width: 320, height: 2000)))
        window.addSubview(scrollView)
        let fingers = Fingers()
        fingers.tap(CGPoint(x: 50, y: 50))
        fingers.down(CGPoint(x: 50, y: 50))
        fingers.wait(0.3)
        fingers.up()
        #expect(log.take().isEmpty)
    }

    @Test func aTouchStopsAGlideAndDoesNotReachTheContent() {
        let log = EventLog()
        let s = Scene(content: CGSize(width: 320, height: 20_000))
        s.scrollView.addSubview(TouchLogView("content", log: log, frame: CGRect(x: 0, y: 0, width: 320, height: 20_000)))
        s.fingers.drag(from: CGPoint(x: 160, y: 420), to: CGPoint(x: 160, y: 120), steps: 5)
        frames(0.3)
        #expect(s.scrollView.isDecelerating)
        s.fingers.down(CGPoint(x: 160, y: 240))
        let stopped = s.offset
        #expect(!s.scrollView.isDecelerating)
        #expect(s.log.events.last == "didEndDecelerating")
        s.fingers.wait(0.3)
        s.fingers.up()
        frames(0.5)
        #expect(s.offset == stopped)
        #expect(log.take().isEmpty)
    }

    @Test func nestedScrollViewsScrollTheInnerOneFirstAndTheOuterOnTheOtherAxis() {
        // A horizontal pager of vertical lists.
        let s = Scene(content: CGSize(width: 960, height: 480)) { $0.isPagingEnabled = true }
        let inner = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        inner.contentSize = CGSize(width: 320, height: 3000)
        s.scrollView.addSubview(inner)
        endTurn()
        s.fingers.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), steps: 10, lift: false)
        #expect(inner.isDragging && !s.scrollView.isDragging)
        #expect(inner.contentOffset.y == 180 && s.offset == .zero)
        s.fingers.wait(0.2)
        s.fingers.up()
        s.fingers.drag(from: CGPoint(x: 300, y: 240), to: CGPoint(x: 100, y: 240), steps: 10, lift: false)
        #expect(s.scrollView.isDragging && !inner.isDragging)
        #expect(s.offset.x == 180 && inner.contentOffset.y == 180)
        s.fingers.up()
        frames(2)
        #expect(s.offset.x == 320)
    }

    @Test func directionalLockKeepsADragOnItsAxis() {
        let s = Scene(content: CGSize(width: 2000, height: 2000)) { $0.isDirectionalLockEnabled = true }
        s.fingers.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 130, y: 200), steps: 10, lift: false)
        #expect(s.offset.x == 0 && s.offset.y > 150)
        s.fingers.wait(0.2)
        s.fingers.up()
        let free = Scene(content: CGSize(width: 2000, height: 2000))
        free.fingers.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 130, y: 200), steps: 10, lift: false)
        #expect(free.offset.x > 20)
        free.fingers.up()
    }

    @Test func animatedOffsetsReportEveryFrameAndTheirEnd() {
        let s = Scene()
        s.scrollView.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        #expect(s.offset == .zero)
        frames(0.1)
        #expect(s.offset.y > 0 && s.offset.y < 600)
        frames(0.3)
        #expect(s.offset.y == 600)
        #expect(s.log.entries.filter { $0 == "scroll" }.count == 1) // (consecutive scrolls are logged once)
        #expect(s.log.events == ["didEndScrollingAnimation"])
        // Showing a rectangle scrolls as little as needed, within the content.
        s.scrollView.scrollRectToVisible(CGRect(x: 0, y: 1200, width: 10, height: 100), animated: false)
        #expect(s.offset.y == 820)
        s.scrollView.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 50), animated: false)
        #expect(s.offset.y == 820)
        s.scrollView.scrollRectToVisible(CGRect(x: 0, y: 1990, width: 10, height: 100), animated: false)
        #expect(s.offset.y == 1520)
        s.scrollView.scrollRectToVisible(CGRect(x: 0, y: 10, width: 10, height: 10), animated: false)
        #expect(s.offset.y == 10)
    }

    @Test func zoomingScalesTheDelegatesViewAboutTheFingers() {
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let s = Scene(content: CGSize(width: 320, height: 480)) {
            $0.minimumZoomScale = 0.5
            $0.maximumZoomScale = 4
        }
        s.log.zoomView = image
        s.scrollView.addSubview(image)
        #expect(s.scrollView.pinchGestureRecognizer != nil)
        s.scrollView.setZoomScale(2, animated: false)
        #expect(s.scrollView.zoomScale == 2 && s.scrollView.contentSize == CGSize(width: 640, height: 960))
        #expect(image.frame == CGRect(x: 0, y: 0, width: 640, height: 960))
        // The middle stays in the middle.
        #expect(s.offset == CGPoint(x: 160, y: 240))
        // Clamped to the limits.
        s.scrollView.setZoomScale(10, animated: false)
        #expect(s.scrollView.zoomScale == 4)
        s.scrollView.setZoomScale(1, animated: false)
        s.scrollView.contentOffset = .zero
        // A pinch about (100, 100): the content under the fingers stays under them.
        let content = image.convert(CGPoint(x: 100, y: 100), from: s.window)
        s.fingers.down([0: CGPoint(x: 80, y: 100), 1: CGPoint(x: 120, y: 100)])
        for i in 1...10 {
            s.fingers.wait(0.016)
            let spread = 20 + CGFloat(i) * 4
            s.fingers.move([0: CGPoint(x: 100 - spread, y: 100), 1: CGPoint(x: 100 + spread, y: 100)])
        }
        #expect(s.scrollView.isZooming)
        #expect(approx(s.scrollView.zoomScale, 3, 1e-6))
        let after = image.convert(content, to: s.window)
        #expect(abs(after.x - 100) < 1 && abs(after.y - 100) < 1)
        s.fingers.up([0, 1])
        #expect(s.log.events.contains("didEndZooming(3.0)"))
        #expect(!s.scrollView.isZooming)
    }

    @Test func aPinchPastTheLimitSpringsBack() {
        let image = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let s = Scene(content: CGSize(width: 320, height: 480)) { $0.maximumZoomScale = 2 }
        s.log.zoomView = image
        s.scrollView.addSubview(image)
        s.fingers.down([0: CGPoint(x: 140, y: 240), 1: CGPoint(x: 180, y: 240)])
        for i in 1...10 {
            s.fingers.wait(0.016)
            s.fingers.move([0: CGPoint(x: 140 - CGFloat(i) * 10, y: 240), 1: CGPoint(x: 180 + CGFloat(i) * 10, y: 240)])
        }
        // Six times as far apart: past the limit of 2, resisting (2·√3).
        #expect(approx(s.scrollView.zoomScale, 2 * 3.0.squareRoot(), 1e-6))
        s.fingers.up([0, 1])
        frames(0.5)
        #expect(s.scrollView.zoomScale == 2)
        #expect(s.log.events.contains("didEndZooming(2.0)"))
    }

    @Test func pullingToRefreshStartsARefreshThatKeepsItsRoomUntilItEnds() {
        let s = Scene()
        let refresh = UIRefreshControl()
        var refreshes = 0
        refresh.addAction(UIAction { _ in refreshes += 1 }, for: .valueChanged)
        s.scrollView.refreshControl = refresh
        #expect(refresh.superview === s.scrollView)
        // A short pull does nothing.
        s.fingers.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 200), steps: 10)
        frames(1)
        #expect(refreshes == 0 && !refresh.isRefreshing && s.offset.y == 0)
        // A long one refreshes; the content settles below the control.
        s.fingers.drag(from: CGPoint(x: 160, y: 50), to: CGPoint(x: 160, y: 450), steps: 20, lift: false)
        #expect(refreshes == 1 && refresh.isRefreshing)
        s.fingers.wait(0.2)
        s.fingers.up()
        frames(1.5)
        #expect(s.offset.y == -UIRefreshControl.height)
        #expect(refresh.frame.maxY <= 0 && refresh.frame.maxY > s.offset.y)
        refresh.endRefreshing()
        frames(0.5)
        #expect(s.offset.y == 0 && !refresh.isRefreshing)
        #expect(refreshes == 1)
    }

    @Test func indicatorsShowWhileScrollingAndFadeAfter() {
        let s = Scene()
        s.fingers.drag(from: CGPoint(x: 160, y: 400), to: CGPoint(x: 160, y: 200), steps: 10, lift: false)
        let bar = try! #require(s.scrollView.indicators.vertical)
        #expect(bar.superview === s.scrollView && bar.alpha == 1)
        #expect(s.scrollView.indicators.horizontal == nil) // the content does not scroll sideways
        // Thin, at the right edge, inside the visible bounds, as long as the visible share of the content.
        let b = s.scrollView.bounds
        #expect(bar.frame.width == 3 && abs(bar.frame.maxX - (b.maxX - 3)) < 0.01)
        #expect(bar.frame.minY >= b.minY && bar.frame.maxY <= b.maxY)
        #expect(abs(bar.frame.height - (480 - 6) * 480 / 2000) < 0.01)
        s.fingers.wait(0.2)
        s.fingers.up()
        frames(0.3)
        #expect(bar.alpha == 1)
        frames(1)
        #expect(bar.alpha == 0)
        s.scrollView.flashScrollIndicators()
        #expect(bar.alpha == 1)
        frames(1.5)
        #expect(bar.alpha == 0)
    }
}

@MainActor @Suite struct ScrollViewAutoLayoutTests {
    /// A scroll view filling a 320x480 window, laid out by constraints.
    func scene() -> (UIWindow, UIScrollView) {
        freshApp()
        let window = shownWindow()
        let scrollView = UIScrollView()
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(scrollView)
        NSLayoutConstraint.activate([
            scrollView.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: window.trailingAnchor),
            scrollView.topAnchor.constraint(equalTo: window.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: window.bottomAnchor),
        ])
        return (window, scrollView)
    }

    @Test func theContentGuideSizesTheContent() {
        let (window, scrollView) = scene()
        let stack = UIStackView()
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        for _ in 0..<30 {
            let row = UIView()
            row.heightAnchor.constraint(equalToConstant: 44).isActive = true
            stack.addArrangedSubview(row)
        }
        scrollView.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
            stack.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 10),
            stack.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -10),
            stack.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
        ])
        window.layoutIfNeeded()
        #expect(scrollView.contentSize == CGSize(width: 320, height: 30 * 44 + 20))
        #expect(stack.frame == CGRect(x: 0, y: 10, width: 320, height: 30 * 44))
        // Scrolling moves the content without laying it out again.
        scrollView.contentOffset = CGPoint(x: 0, y: 300)
        window.layoutIfNeeded()
        #expect(stack.frame.minY == 10)
        #expect(stack.convert(CGPoint.zero, to: window).y == -290)
    }

    @Test func constraintsToTheScrollViewsEdgesMeanItsContent() {
        // The pre-iOS 11 way: content pinned to the scroll view's edges sizes the content; its width to the scroll
        // view's width is the frame's.
        let (window, scrollView) = scene()
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(content)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scrollView.trailingAnchor),
            content.topAnchor.constraint(equalTo: scrollView.topAnchor),
            content.bottomAnchor.constraint(equalTo: scrollView.bottomAnchor),
            content.widthAnchor.constraint(equalTo: scrollView.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 1500),
        ])
        window.layoutIfNeeded()
        #expect(scrollView.frame == window.bounds)
        #expect(scrollView.contentSize == CGSize(width: 320, height: 1500))
        #expect(content.frame == CGRect(x: 0, y: 0, width: 320, height: 1500))
    }

    @Test func aViewOnTheFrameGuideStaysInViewWhileTheContentScrolls() {
        let (window, scrollView) = scene()
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        let badge = UIView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.topAnchor.constraint(equalTo: scrollView.frameLayoutGuide.topAnchor, constant: 8),
            badge.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -8),
            badge.widthAnchor.constraint(equalToConstant: 40),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        #expect(badge.convert(CGPoint.zero, to: window) == CGPoint(x: 272, y: 8))
        scrollView.contentOffset = CGPoint(x: 0, y: 500)
        window.layoutIfNeeded()
        #expect(badge.frame.minY == 508)
        #expect(badge.convert(CGPoint.zero, to: window) == CGPoint(x: 272, y: 8))
    }
}
