import CoreGraphics
import Foundation
import QuartzCore

/// The scroll view's pan: it begins only for movement along an axis the content scrolls on, so a vertical list
/// inside a horizontal pager leaves sideways drags to the pager (the inner view is asked first, being deeper).
@MainActor
final class ScrollViewPan: UIPanGestureRecognizer {
    override func shouldBeginPan(from origin: CGPoint, to point: CGPoint) -> Bool {
        guard let scrollView = view as? UIScrollView else { return super.shouldBeginPan(from: origin, to: point) }
        let d = convertVector(CGPoint(x: point.x - origin.x, y: point.y - origin.y), to: scrollView)
        let dx = scrollView.scrollsHorizontally ? d.x : 0, dy = scrollView.scrollsVertically ? d.y : 0
        return hypot(dx, dy) >= Self.hysteresis
    }
}

/// Holds touches back from the scroll view's content for 150 ms (`delaysContentTouches`): if the finger starts a
/// scroll in that time, the content never hears of the touch; if not (or the finger lifts), it fails and the
/// content gets the touch late. It also asks `touchesShouldBegin(_:with:in:)`, and a touch that stops a glide is
/// kept from the content (on iOS a tap on moving content only stops it). It never recognizes anything.
@MainActor
final class ContentTouchDelay: UIGestureRecognizer {
    static let delay: Double = 0.15

    override init() {
        super.init()
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let scrollView = view as? UIScrollView else { state = .failed; return }
        scrollView.isTracking = true
        let stopped = scrollView.stopMotionForTouch()
        for touch in touches {
            guard let target = touch.view, target !== scrollView else { continue }
            if stopped || !scrollView.touchesShouldBegin(touches, with: event, in: target) { touch.cancelledForView = true }
        }
        if trackedTouches.count == touches.count { schedule(after: Self.delay) { [weak self] in self?.state = .failed } }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if trackedTouches.allSatisfy({ touches.contains($0) }) { state = .failed }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .failed }

    override func reset() {
        super.reset()
        // The gesture is over when this recognizer resets: its touches are gone.
        if let scrollView = view as? UIScrollView, !scrollView.isDragging { scrollView.isTracking = false }
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

extension UIScrollView {
    // MARK: Dragging

    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion(notify: false)
            isTracking = true
            isDragging = true
            // Moving from here: the hysteresis the pan waited for is not a jump.
            pan.setTranslation(.zero, in: self)
            // Content caught past an edge (in a bounce) picks up from the pull that shows it there.
            dragStart = CGPoint(x: pull(contentOffset.x, minimumOffset.x, maximumOffset.x, bounds.width),
                                y: pull(contentOffset.y, minimumOffset.y, maximumOffset.y, bounds.height))
            let (x, y) = (scrollsHorizontally, scrollsVertically)
            dragAxes = (x, y)
            if isDirectionalLockEnabled, x, y {
                // Lock onto the axis the drag mostly follows (within about 25 degrees).
                let v = pan.velocity(in: self)
                if abs(v.x) > 2 * abs(v.y) { dragAxes = (true, false) } else if abs(v.y) > 2 * abs(v.x) { dragAxes = (false, true) }
            }
            delegate?.scrollViewWillBeginDragging(self)
            indicators.show(in: self)
            dismissKeyboardForDrag()
        case .changed:
            let t = pan.translation(in: self)
            // On the pixel grid, as UIKit keeps content offsets: the content moves by whole pixels, which the
            // compositor shows by copying what it showed (and text stays sharp).
            setOffset(CGPoint(x: dragAxes.x ? pixelAligned(dragged(dragStart.x - t.x, axis: 0)) : dragStart.x,
                              y: dragAxes.y ? pixelAligned(dragged(dragStart.y - t.y, axis: 1)) : dragStart.y), notify: true)
            refreshControl?.dragged()
        case .ended, .cancelled:
            let v = pan.state == .ended ? pan.velocity(in: self) : .zero
            endDrag(velocity: CGPoint(x: dragAxes.x ? -v.x : 0, y: dragAxes.y ? -v.y : 0))
        default:
            break
        }
    }

    /// The offset a finger asking for `wanted` shows on `axis` (0: x): past an edge, rubber-banded (or held at the
    /// edge without `bounces`); on the pixel grid.
    private func dragged(_ wanted: CGFloat, axis: Int) -> CGFloat {
        let lo = axis == 0 ? minimumOffset.x : minimumOffset.y, hi = axis == 0 ? maximumOffset.x : maximumOffset.y
        let d = axis == 0 ? bounds.width : bounds.height
        var value = wanted
        if value < lo { value = bounces ? lo + ScrollPhysics.rubberBand(value - lo, dimension: d) : lo }
        if value > hi { value = bounces ? hi + ScrollPhysics.rubberBand(value - hi, dimension: d) : hi }
        return pixelAligned(value)
    }

    /// The finger offset that shows the content at `shown` (past an edge, the pull the rubber band turns into it).
    private func pull(_ shown: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ d: CGFloat) -> CGFloat {
        guard bounces else { return shown }
        if shown < lo { return lo + ScrollPhysics.pull(showing: shown - lo, dimension: d) }
        if shown > hi { return hi + ScrollPhysics.pull(showing: shown - hi, dimension: d) }
        return shown
    }

    /// The finger lifted with `velocity` (content points per second): where the content comes to rest, the
    /// delegate's say in it, and the glide there.
    func endDrag(velocity: CGPoint) {
        isDragging = false
        isTracking = false
        // A refresh the pull started keeps its room above the content: the content settles below it.
        refreshControl?.released()
        let start = contentOffset, lo = minimumOffset, hi = maximumOffset, rate = decelerationRate.rawValue
        // Where a glide would end (on a page when paging), within the content's range.
        var natural = CGPoint(x: ScrollPhysics.Decay(start: start.x, velocity: velocity.x, rate: rate).destination,
                              y: ScrollPhysics.Decay(start: start.y, velocity: velocity.y, rate: rate).destination)
        if isPagingEnabled { natural = pageTarget(from: start, velocity: velocity) }
        natural.x = min(max(natural.x, lo.x), hi.x)
        natural.y = min(max(natural.y, lo.y), hi.y)
        let perMillisecond = CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)
        var target = isPagingEnabled ? natural : proposedRestingOffset(natural, velocity: perMillisecond)
        target.x = min(max(target.x, lo.x), hi.x)
        target.y = min(max(target.y, lo.y), hi.y)
        delegate?.scrollViewWillEndDragging(self, withVelocity: perMillisecond, targetContentOffset: &target)
        let chosen = target != natural
        let x = axisMotion(start.x, velocity.x, lo.x, hi.x, target: chosen || isPagingEnabled ? target.x : nil)
        let y = axisMotion(start.y, velocity.y, lo.y, hi.y, target: chosen || isPagingEnabled ? target.y : nil)
        let moves: Bool
        switch (x, y) {
        case (.rest, .rest): moves = false
        default: moves = true
        }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
        guard moves else {
            indicators.hideSoon()
            return
        }
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        motion = .gliding(x: x, y: y, start: CACurrentMediaTime())
        startLink()
    }

    /// How one axis moves after the finger lifts from `position` at `velocity`: back from past an edge on a spring,
    /// to a chosen target (a page, or the delegate's) on a glide that lands there, or a free glide.
    private func axisMotion(_ position: CGFloat, _ velocity: CGFloat, _ lo: CGFloat, _ hi: CGFloat, target: CGFloat?) -> AxisMotion {
        if position < lo || position > hi {
            let edge = position < lo ? lo : hi
            return .spring(ScrollPhysics.Spring(from: position, to: target.map { min(max($0, lo), hi) } ?? edge, velocity: velocity,
                                                omega: ScrollPhysics.bounceOmega), since: 0)
        }
        if let target {
            if abs(target - position) < 0.5 && abs(velocity) < 20 { return .rest(target) }
            if isPagingEnabled {
                return .spring(ScrollPhysics.Spring(from: position, to: target, velocity: velocity, omega: ScrollPhysics.pagingOmega), since: 0)
            }
            let rate = decelerationRate.rawValue
            return .decay(ScrollPhysics.Decay(start: position, velocity: ScrollPhysics.Decay.velocity(toTravel: target - position, rate: rate),
                                              rate: rate), since: 0)
        }
        let decay = ScrollPhysics.Decay(start: position, velocity: velocity, rate: decelerationRate.rawValue)
        guard abs(decay.destination - position) >= restDistance else { return .rest(position) }
        return .decay(decay, since: 0)
    }

    /// Half a pixel: motion that would move the content less is over.
    var restDistance: CGFloat { 0.5 / (window?.screen.scale ?? UIScreen.main.scale) }

    /// The page to settle on: the next one in the direction of a flick, else the nearest.
    private func pageTarget(from offset: CGPoint, velocity: CGPoint) -> CGPoint {
        func axis(_ o: CGFloat, _ v: CGFloat, _ page: CGFloat, _ lo: CGFloat) -> CGFloat {
            guard page > 0 else { return o }
            let p = (o - lo) / page
            let index: CGFloat
            if v > 300 { index = p.rounded(.down) + 1 } else if v < -300 { index = p.rounded(.up) - 1 } else { index = p.rounded() }
            return lo + index * page
        }
        let lo = minimumOffset
        return CGPoint(x: axis(offset.x, velocity.x, bounds.width, lo.x), y: axis(offset.y, velocity.y, bounds.height, lo.y))
    }

    // MARK: The frame clock

    func startLink() {
        guard link == nil else { return }
        let link = CADisplayLink(target: self, action: UIScrollView.step)
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    /// One frame of motion: every position from the time since it began.
    func step(_ link: CADisplayLink) {
        guard let motion else { stopLink(); return }
        let now = link.timestamp
        switch motion {
        case let .animating(from, to, start, duration):
            let f = min(1, max(0, (now - start) / duration))
            // Ease in and out.
            let e = CGFloat(f < 0.5 ? 2 * f * f : 1 - pow(-2 * f + 2, 2) / 2)
            setOffset(CGPoint(x: pixelAligned(from.x + (to.x - from.x) * e), y: pixelAligned(from.y + (to.y - from.y) * e)), notify: true)
            if f >= 1 {
                setOffset(to, notify: true)
                finishMotion()
                delegate?.scrollViewDidEndScrollingAnimation(self)
                if pendingScrollToTop { pendingScrollToTop = false; delegate?.scrollViewDidScrollToTop(self) }
            }
        case let .gliding(x, y, start):
            let t = now - start
            let lo = minimumOffset, hi = maximumOffset
            let (nx, px) = advance(x, t, lo.x, hi.x, dimension: bounds.width)
            let (ny, py) = advance(y, t, lo.y, hi.y, dimension: bounds.height)
            self.motion = .gliding(x: nx, y: ny, start: start)
            setOffset(CGPoint(x: pixelAligned(px), y: pixelAligned(py)), notify: true)
            if case .rest(let rx) = nx, case .rest(let ry) = ny {
                setOffset(CGPoint(x: rx, y: ry), notify: true)
                finishMotion()
                delegate?.scrollViewDidEndDecelerating(self)
            }
        }
    }

    /// An axis's state and position at `t`: a glide that crosses an edge becomes a bounce (or stops there without
    /// `bounces`); a glide or spring close enough to its end rests.
    private func advance(_ m: AxisMotion, _ t: Double, _ lo: CGFloat, _ hi: CGFloat, dimension: CGFloat) -> (AxisMotion, CGFloat) {
        switch m {
        case .rest(let p):
            return (m, p)
        case let .decay(decay, since):
            let local = t - since
            let p = decay.position(at: local)
            if p < lo - 0.001 || p > hi + 0.001 {
                let edge = p < lo ? lo : hi
                guard bounces, let crossing = decay.time(reaching: edge) else { return (.rest(edge), edge) }
                // From the moment it crossed, a spring pulls it back with the speed it had.
                let spring = ScrollPhysics.Spring(from: edge, to: edge, velocity: decay.velocity(at: crossing), omega: ScrollPhysics.bounceOmega)
                return advance(.spring(spring, since: since + crossing), t, lo, hi, dimension: dimension)
            }
            if local >= decay.time(toWithin: restDistance) { return (.rest(decay.destination), decay.destination) }
            return (m, p)
        case let .spring(spring, since):
            let local = t - since
            if spring.isSettled(at: local, within: restDistance) { return (.rest(spring.target), spring.target) }
            return (m, spring.position(at: local))
        }
    }

    /// Ends the motion (the content stays where it is) and tells the delegate deceleration ended if it was gliding.
    func stopMotion(notify: Bool) {
        guard let motion else { return }
        finishMotion()
        if notify, case .gliding = motion { delegate?.scrollViewDidEndDecelerating(self) }
    }

    /// A finger came down: a glide stops where it is (and the touch only stopped it); an animation runs on.
    /// Returns whether the content was moving.
    func stopMotionForTouch() -> Bool {
        guard let motion, case .gliding = motion else { return false }
        // Past an edge the bounce runs on (a drag that starts picks the content up where it shows; a tap leaves
        // it to finish).
        let o = contentOffset, lo = minimumOffset, hi = maximumOffset
        if o.x < lo.x || o.y < lo.y || o.x > hi.x || o.y > hi.y { return false }
        stopMotion(notify: true)
        return true
    }

    private func finishMotion() {
        motion = nil
        isDecelerating = false
        stopLink()
        indicators.hideSoon()
    }

    private func stopLink() {
        link?.invalidate()
        link = nil
    }
}

extension UIScrollView {
    /// `keyboardDismissMode`: a drag that begins in the scroll view ends editing, so the keyboard goes. (The
    /// interactive modes dismiss on the drag as well: the keyboard does not follow the finger down.)
    func dismissKeyboardForDrag() {
        guard keyboardDismissMode != .none, UIApplication.shared.textInput.isVisible,
              let responder = UIResponder.currentFirstResponder, responder is UIKeyInput else { return }
        responder.resignFirstResponder()
    }
}
