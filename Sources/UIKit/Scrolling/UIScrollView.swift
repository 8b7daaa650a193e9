import CoreGraphics
import Foundation
import QuartzCore

/// A view whose content is larger than itself and moves under the finger (UIKit's `UIScrollView`): the content
/// offset is the bounds origin, so the subviews (the content, in content coordinates) move as it changes.
///
/// Dragging follows the finger, past the edges with iOS's rubber band; a flick glides on with iOS's exponential
/// deceleration (`decelerationRate` per millisecond, from the finger's release velocity as the input device timed
/// it) and bounces back from an edge on a spring; paging snaps to multiples of the bounds size. A touch on content
/// reaches it only if it does not start a scroll within 150 ms (`delaysContentTouches`), and a scroll that starts
/// later takes the touch from the content unless the content is a control (`touchesShouldCancel(in:)`). Nested
/// scroll views scroll the inner one first, the outer one on the other axis. Offsets while scrolling lie on the
/// screen's pixel grid, so the compositor moves already painted content instead of painting it again.
@preconcurrency @MainActor
open class UIScrollView: UIView {
    // MARK: Content geometry

    /// The point of the content shown at the scroll view's top-left corner: the bounds origin. Set, it lands on the
    /// screen's pixel grid, as UIKit rounds it (setting `bounds` places it exactly).
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { setOffset(CGPoint(x: pixelAligned(newValue.x), y: pixelAligned(newValue.y)), notify: true) }
    }

    /// The size of the content, in points.
    open var contentSize: CGSize = .zero {
        didSet { if contentSize != oldValue { contentGeometryChanged() } }
    }

    /// Room around the content the app asks for (a toolbar over the bottom, say).
    open var contentInset: UIEdgeInsets = .zero {
        didSet { if contentInset != oldValue { contentGeometryChanged() } }
    }

    /// How the safe area joins `contentInset` in `adjustedContentInset`.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { contentGeometryChanged() }
    }

    /// `contentInset` plus the parts of the safe area `contentInsetAdjustmentBehavior` adds: what scrolling keeps
    /// clear at each edge (and, in a `UITableViewController`'s table, room for the keyboard where it covers it).
    open var adjustedContentInset: UIEdgeInsets {
        var insets = insetsForSafeArea
        insets.bottom = max(insets.bottom, contentInset.bottom + keyboardOverlap)
        return insets
    }

    /// How far the on-screen keyboard covers the view from below, when the view makes room for it.
    var keyboardOverlap: CGFloat = 0 {
        didSet {
            guard keyboardOverlap != oldValue else { return }
            contentGeometryChanged()
            // Content scrolled into the room the keyboard leaves comes back within range (with the keyboard's
            // animation, which this runs inside).
            if keyboardOverlap < oldValue, !isTracking, contentOffset.y > maximumOffset.y {
                contentOffset.y = max(minimumOffset.y, maximumOffset.y)
            }
        }
    }

    private var insetsForSafeArea: UIEdgeInsets {
        var insets = contentInset
        insets.top += refreshInset
        let safe = safeAreaInsets
        guard safe != .zero else { return insets }
        let (horizontal, vertical): (Bool, Bool)
        switch contentInsetAdjustmentBehavior {
        case .never: return insets
        case .always: (horizontal, vertical) = (true, true)
        case .automatic, .scrollableAxes: (horizontal, vertical) = (scrollsHorizontally, scrollsVertically)
        }
        if horizontal { insets.left += safe.left; insets.right += safe.right }
        if vertical { insets.top += safe.top; insets.bottom += safe.bottom }
        return insets
    }

    /// Called when `adjustedContentInset` changes (after `contentInset`, the safe area or the behaviour did).
    open func adjustedContentInsetDidChange() {
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// A guide over the content (Auto Layout): constraints to its edges place content, and the size they give it
    /// becomes `contentSize`. (Constraints between the scroll view's own edges and its content mean the same.)
    open var contentLayoutGuide: UILayoutGuide {
        if contentGuide == nil { contentGuide = makeGuide(.scrollContent, "UIScrollView-contentLayoutGuide") }
        return contentGuide!
    }
    private var contentGuide: UILayoutGuide?

    /// A guide over the scroll view's visible rectangle (Auto Layout): content constrained to it stays put while
    /// the rest scrolls; its width and height are the scroll view's.
    open var frameLayoutGuide: UILayoutGuide {
        if frameGuide == nil { frameGuide = makeGuide(.scrollFrame, "UIScrollView-frameLayoutGuide") }
        return frameGuide!
    }
    private var frameGuide: UILayoutGuide?

    private func makeGuide(_ role: UILayoutGuide.Role, _ identifier: String) -> UILayoutGuide {
        let g = UILayoutGuide()
        g.role = role
        g.identifier = identifier
        g.owningView = self
        return g
    }

    /// The delegate told of scrolling, dragging, deceleration and zooming.
    open weak var delegate: (any UIScrollViewDelegate)?

    // MARK: Behaviour

    /// Whether the finger scrolls the content (its pan recognizer is enabled).
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Whether a drag that starts mostly along one axis stays on it.
    open var isDirectionalLockEnabled = false
    /// Whether content goes past its edges (and springs back) rather than stopping at them.
    open var bounces = true
    /// Whether vertical dragging bounces even when the content is not taller than the view.
    open var alwaysBounceVertical = false
    /// Whether horizontal dragging bounces even when the content is not wider than the view.
    open var alwaysBounceHorizontal = false
    /// Whether scrolling stops on multiples of the bounds size.
    open var isPagingEnabled = false
    /// How quickly a flick slows down.
    open var decelerationRate: DecelerationRate = .normal
    /// Whether touches on content wait 150 ms to see whether they start a scroll before the content gets them.
    open var delaysContentTouches = true {
        didSet { contentTouchDelay.delaysTouchesBegan = delaysContentTouches }
    }
    /// Whether a scroll may take touches the content is already tracking (`touchesShouldCancel(in:)` decides which).
    open var canCancelContentTouches = true
    /// Whether a scroll-to-top request scrolls this view (Vitrine has no status bar to tap: call
    /// `scrollToTop(animated:)` from a gesture of your own).
    open var scrollsToTop = true
    /// What dragging does to the keyboard: `.onDrag` (and the interactive modes) end editing as a drag begins.
    open var keyboardDismissMode: KeyboardDismissMode = .none

    // MARK: State

    /// Whether a finger is on the scroll view (it may not have moved yet).
    open internal(set) var isTracking = false
    /// Whether the content is being dragged (the finger moved far enough to scroll).
    open internal(set) var isDragging = false
    /// Whether the content is moving on after the finger lifted (gliding, bouncing back, settling on a page).
    open internal(set) var isDecelerating = false
    /// Whether a pinch is zooming the content.
    open internal(set) var isZooming = false
    /// Whether the zoom scale is springing back inside its limits.
    open internal(set) var isZoomBouncing = false

    /// The recognizer that drags the content (its delegate is the scroll view; do not change it).
    public let panGestureRecognizer: UIPanGestureRecognizer
    /// The recognizer that zooms, when `maximumZoomScale` is above `minimumZoomScale`.
    open internal(set) var pinchGestureRecognizer: UIPinchGestureRecognizer?
    /// Holds touches back from content for 150 ms (`delaysContentTouches`).
    let contentTouchDelay = ContentTouchDelay()

    // MARK: Indicators

    /// Whether the vertical indicator shows while scrolling.
    open var showsVerticalScrollIndicator = true
    /// Whether the horizontal indicator shows while scrolling.
    open var showsHorizontalScrollIndicator = true
    /// The indicators' colours.
    open var indicatorStyle: IndicatorStyle = .default { didSet { indicators.restyle(self) } }
    /// Insets of the vertical indicator's track from the edges (added to the adjusted content inset's, as iOS does
    /// with `automaticallyAdjustsScrollIndicatorInsets`).
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Insets of the horizontal indicator's track.
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    /// Both indicators' insets (reads the vertical one's).
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set { verticalScrollIndicatorInsets = newValue; horizontalScrollIndicatorInsets = newValue }
    }
    /// Whether the safe area is added to the indicators' insets.
    open var automaticallyAdjustsScrollIndicatorInsets = true
    let indicators = ScrollIndicators()

    // MARK: Zooming

    /// The smallest zoom scale; 1 by default.
    open var minimumZoomScale: CGFloat = 1 { didSet { zoomLimitsChanged() } }
    /// The largest zoom scale; 1 by default (no zooming).
    open var maximumZoomScale: CGFloat = 1 { didSet { zoomLimitsChanged() } }
    /// Whether a pinch may go past the limits and spring back.
    open var bouncesZoom = true
    /// The scale of the view the delegate names for zooming.
    open var zoomScale: CGFloat {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }
    var storedZoomScale: CGFloat = 1

    /// Sets the zoom scale (within the limits), keeping the middle of what is shown in the middle.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) { changeZoomScale(scale, animated: animated) }

    /// Zooms so that `rect` (in the zoom view's coordinates) fills the view as far as the limits allow, centred.
    open func zoom(to rect: CGRect, animated: Bool) { zoomContent(to: rect, animated: animated) }

    // MARK: Refreshing

    /// Room the refresh control keeps above the content while it refreshes.
    var refreshInset: CGFloat = 0 { didSet { contentGeometryChanged() } }

    /// A control that refreshes the content when the content is pulled down past the top.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let control = refreshControl {
                insertSubview(control, at: 0)
                control.scrollView = self
                control.place()
            }
        }
    }

    // MARK: Motion

    /// What moves the content on its own, and since when.
    enum Motion {
        /// Each axis glides, bounces or rests; `paging`: the axes settle onto a page.
        case gliding(x: AxisMotion, y: AxisMotion, start: Double)
        /// `setContentOffset(_:animated:)`: an ease in and out from `from` to `to`.
        case animating(from: CGPoint, to: CGPoint, start: Double, duration: Double)
    }

    /// One axis of a glide.
    enum AxisMotion {
        case rest(CGFloat)
        /// Decelerating; `since` is when it started, on the glide's clock.
        case decay(ScrollPhysics.Decay, since: Double)
        case spring(ScrollPhysics.Spring, since: Double)
    }

    var motion: Motion?
    var link: CADisplayLink?
    /// A drag: the offset where it began, the axes it moves on.
    var dragStart = CGPoint.zero
    var dragAxes: (x: Bool, y: Bool) = (true, true)
    /// Adjusted insets as last reported (`adjustedContentInsetDidChange`).
    private var reportedInsets: UIEdgeInsets?

    /// The delegate of the scroll view's own recognizers (a pinch and a pan go together).
    let gestureArbiter = ScrollGestureArbiter()

    public override init(frame: CGRect) {
        panGestureRecognizer = ScrollViewPan()
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        panGestureRecognizer = ScrollViewPan()
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        clipsToBounds = true
        panGestureRecognizer.addTarget(self, action: UIScrollView.handlePan)
        panGestureRecognizer.delegate = gestureArbiter
        addGestureRecognizer(panGestureRecognizer)
        contentTouchDelay.delaysTouchesBegan = delaysContentTouches
        addGestureRecognizer(contentTouchDelay)
    }

    // MARK: Offsets

    /// The smallest offset the content rests at: the adjusted inset before it.
    var minimumOffset: CGPoint {
        let i = adjustedContentInset
        return CGPoint(x: -i.left, y: -i.top)
    }

    /// The largest offset the content rests at: its far edge (plus inset) at the view's far edge, or the smallest
    /// offset when the content is smaller than the view.
    var maximumOffset: CGPoint {
        let i = adjustedContentInset, b = bounds.size
        return CGPoint(x: max(-i.left, contentSize.width + i.right - b.width),
                       y: max(-i.top, contentSize.height + i.bottom - b.height))
    }

    /// Whether the content (with its insets) is wider than the view, or `alwaysBounceHorizontal` makes it draggable.
    var scrollsHorizontally: Bool {
        let i = contentInset
        return contentSize.width + i.left + i.right > bounds.width + 0.5 || alwaysBounceHorizontal
    }
    var scrollsVertically: Bool {
        let i = contentInset
        return contentSize.height + i.top + i.bottom > bounds.height + 0.5 || alwaysBounceVertical
    }

    /// Sets the offset (the bounds origin), then tells the delegate and moves what follows it.
    func setOffset(_ offset: CGPoint, notify: Bool) {
        guard offset != bounds.origin else { return }
        var b = bounds
        b.origin = offset
        bounds = b
        if frameGuide?.layoutVariables != nil {
            // Views constrained to the frame guide stay in view: its place in the content moved.
            hierarchyRoot.autoLayout?.engine?.needsRebuild = true
            setNeedsLayout()
        }
        indicators.place(in: self)
        refreshControl?.place()
        if notify {
            scrollViewDidScroll()
            delegate?.scrollViewDidScroll(self)
            scrollObserver?(self)
        }
    }

    /// Told of every scroll, besides the delegate (a navigation controller follows its top controller's scroll
    /// view for the bar's scroll-edge appearance).
    var scrollObserver: ((UIScrollView) -> Void)?

    /// A hook for subclasses in this module (lists lay out their rows as the content scrolls).
    func scrollViewDidScroll() {}
    /// Where the content should come to rest when a drag ends without paging, given where a glide would take it
    /// (`velocity` in points per millisecond): a subclass's say before the delegate's (a collection view asks its
    /// layout).
    func proposedRestingOffset(_ proposed: CGPoint, velocity: CGPoint) -> CGPoint { proposed }

    /// `value` on the screen's pixel grid.
    func pixelAligned(_ value: CGFloat) -> CGFloat {
        let scale = window?.screen.scale ?? UIScreen.main.scale
        return (value * scale).rounded() / scale
    }

    /// Moves the content to `offset`, at once or with an animation of about a third of a second (the delegate hears
    /// `scrollViewDidScroll` every frame and `scrollViewDidEndScrollingAnimation` at the end).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        stopMotion(notify: false)
        guard animated, contentOffset != self.contentOffset else {
            setOffset(contentOffset, notify: true)
            return
        }
        motion = .animating(from: self.contentOffset, to: contentOffset, start: CACurrentMediaTime(), duration: 0.3)
        startLink()
        indicators.show(in: self)
    }

    /// Scrolls as little as needed to show `rect` (content coordinates) whole, or as much of it as fits, within the
    /// content's range.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let i = adjustedContentInset, b = bounds
        let visible = CGRect(x: b.minX + i.left, y: b.minY + i.top, width: b.width - i.left - i.right, height: b.height - i.top - i.bottom)
        func axis(_ lo: CGFloat, _ hi: CGFloat, _ vLo: CGFloat, _ vHi: CGFloat, _ offset: CGFloat) -> CGFloat {
            if lo < vLo || hi - lo > vHi - vLo { return offset - (vLo - lo) }
            if hi > vHi { return offset + (hi - vHi) }
            return offset
        }
        var target = CGPoint(x: axis(rect.minX, rect.maxX, visible.minX, visible.maxX, b.minX),
                             y: axis(rect.minY, rect.maxY, visible.minY, visible.maxY, b.minY))
        let lo = minimumOffset, hi = maximumOffset
        target.x = min(max(target.x, lo.x), hi.x)
        target.y = min(max(target.y, lo.y), hi.y)
        setContentOffset(target, animated: animated)
    }

    /// Scrolls to the top (the smallest vertical offset) if the delegate allows it, as a status bar tap does on iOS.
    open func scrollToTop(animated: Bool) {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return }
        setContentOffset(CGPoint(x: contentOffset.x, y: minimumOffset.y), animated: animated)
        if !animated { delegate?.scrollViewDidScrollToTop(self) } else { pendingScrollToTop = true }
    }
    var pendingScrollToTop = false

    /// Shows the indicators for a moment.
    open func flashScrollIndicators() {
        indicators.flash(in: self)
    }

    // MARK: Touches on content

    /// Whether touches that begin in `view` (content) reach it; `true`. Subclasses say no to keep touches for
    /// scrolling.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

    /// Whether a scroll that starts may take the touches `view` is tracking: `true` unless `view` is a control
    /// (a slider keeps its drag; a button in a list still lets the list scroll if the drag starts within 150 ms).
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        guard isScrollEnabled else { return false }
        // Content that already has the touch (it waited out the delay): the scroll takes it only if allowed.
        for touch in panGestureRecognizer.trackedTouches where touch.viewHasBegun && !touch.cancelledForView {
            guard let view = touch.view, view !== self, view.isDescendant(of: self) else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        let insets = adjustedContentInset
        if reportedInsets != insets {
            let first = reportedInsets == nil
            // Content resting at its top edge stays there when the insets change (a bar's room added under it), as
            // UIKit keeps it.
            let oldTop = reportedInsets?.top ?? 0
            if abs(contentOffset.y + oldTop) < 0.5, !isTracking, !isDragging, !isDecelerating, insets.top != oldTop {
                contentOffset.y = -insets.top
            }
            reportedInsets = insets
            if !first || insets != .zero { adjustedContentInsetDidChange() }
        }
        indicators.place(in: self)
        refreshControl?.place()
    }

    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        contentGeometryChanged()
    }

    /// Content size or insets changed: the indicators and the adjusted inset follow at the next layout.
    func contentGeometryChanged() {
        setNeedsLayout()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil { stopMotion(notify: true) }
    }

    /// A screen reader's three-finger swipe: scrolls a page (up shows what is below, left what is to the right)
    /// and announces where it is ("page 2 of 5"); `false` at the end it was asked to pass.
    open override func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool {
        let inset = adjustedContentInset, size = bounds.size
        let minX = -inset.left, maxX = Swift.max(minX, contentSize.width + inset.right - size.width)
        let minY = -inset.top, maxY = Swift.max(minY, contentSize.height + inset.bottom - size.height)
        let vertical = direction != .left && direction != .right
        var offset = contentOffset
        switch direction {
        case .up, .next: offset.y = Swift.min(maxY, offset.y + size.height)
        case .down, .previous: offset.y = Swift.max(minY, offset.y - size.height)
        case .left: offset.x = Swift.min(maxX, offset.x + size.width)
        case .right: offset.x = Swift.max(minX, offset.x - size.width)
        }
        guard offset != contentOffset, isScrollEnabled else { return false }
        setContentOffset(offset, animated: false)
        let page = vertical ? size.height : size.width
        guard page > 0 else { return true }
        let position = vertical ? offset.y - minY : offset.x - minX, span = vertical ? maxY - minY : maxX - minX
        let pages = Int((span / page).rounded(.up)) + 1
        let current = Swift.min(pages, Int((position / page).rounded(.up)) + 1)
        UIAccessibility.post(notification: .pageScrolled, argument: "page \(current) of \(pages)")
        return true
    }
}
