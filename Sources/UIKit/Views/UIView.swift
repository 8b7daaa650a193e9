import CoreGraphics
@_spi(VitrineInternals) import QuartzCore

/// A rectangular area of the screen: it lays out subviews, draws its content and handles touches in it.
///
/// Geometry follows UIKit exactly (seeds: "The Relationship of the Frame, Bounds, and Center"): `bounds` and
/// `center` are stored, `frame` is derived from them and `transform`; the transform applies about the
/// centre. The hierarchy, layout and conversion APIs live in the `UIView+*.swift` files beside this one.
@preconcurrency @MainActor
open class UIView: UIResponder {
    // MARK: The layer, which holds the geometry (see UIView+Geometry.swift and UIView+Layer.swift)

    /// The Core Animation layer that backs the view, made from `layerClass` when the view is created. The view
    /// is its delegate; most view properties are the layer's (bounds, center = position, transform, alpha =
    /// opacity, isHidden, clipsToBounds = masksToBounds, backgroundColor, isOpaque).
    public let layer: CALayer

    /// The class of the view's layer; override to back a view with a `CALayer` subclass
    /// (`override class var layerClass: AnyClass { MyLayer.self }`, as on iOS).
    open class var layerClass: AnyClass { CALayer.self }

    /// The layer a new view of this class gets: an instance of `layerClass` (which must be a `CALayer` class).
    static func makeLayer() -> CALayer {
        guard let type = layerClass as? CALayer.Type else {
            preconditionFailure("\(self).layerClass must be CALayer or a subclass of it, got \(layerClass)")
        }
        return type.init()
    }

    var storedBounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    var storedCenter: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    var storedTransform: CGAffineTransform {
        get { layer.affineTransform() }
        set { layer.setAffineTransform(newValue) }
    }

    // MARK: Geometry (kept consistent in UIView+Geometry.swift). Declared here, and open, so that a subclass's
    // override is what layout, hit-testing and drawing read and set, as in UIKit.

    /// The view's location and size in its superview's coordinate system: the layer's frame, so the layer's
    /// `anchorPoint` counts, as on iOS.
    ///
    /// "Setting the frame sets the bounds size and the center." With a non-identity transform UIKit calls the
    /// frame undefined; Vitrine returns the bounding box of the transformed bounds (as UIKit does) and, when set,
    /// sets the bounds size so that the transformed view fills the new frame under a scale (or quarter-turn)
    /// transform — a rotated view keeps its bounds size — and moves the centre so the frame lands where asked.
    open var frame: CGRect {
        get { baseFrame }
        set { baseFrame = newValue }
    }
    /// The view's own coordinate system: the origin is what the top-left corner shows, the size is the view's
    /// size. "Changing the bounds origin changes what is shown, not where"; changing the size resizes the view
    /// around its centre and lays out its subviews.
    open var bounds: CGRect {
        get { baseBounds }
        set { baseBounds = newValue }
    }
    /// The centre of the view in its superview's coordinates; always valid, whatever the transform.
    open var center: CGPoint {
        get { baseCenter }
        set { baseCenter = newValue }
    }
    /// The transform applied to the view relative to its centre. It changes how the view and its subviews
    /// appear, not their bounds or layout.
    open var transform: CGAffineTransform {
        get { baseTransform }
        set { baseTransform = newValue }
    }

    // MARK: Hierarchy state (see UIView+Hierarchy.swift)

    /// The view that contains this one; `nil` for the root of a hierarchy.
    open var superview: UIView? { superviewLink }
    /// Not stored `weak`: a weak reference gives its target a side table, and every retain and release of an object
    /// with one takes the runtime's slow path — for views, many times a frame. Safe because the superview holds this
    /// view in `subviews`, so it outlives the link, which removal and the superview's deinit clear.
    nonisolated(unsafe) unowned(unsafe) var superviewLink: UIView?
    /// The subviews, back to front: the last one is drawn on top.
    public internal(set) var subviews: [UIView] = []
    weak var storedWindow: UIWindow?
    /// The view controller whose root view this is (weak: the controller owns its view).
    weak var viewDelegate: UIViewController?

    // MARK: Layout state (see UIView+Layout.swift)

    // MARK: Auto Layout state (see AutoLayout/)

    /// The view's constraints, priorities, margins and guides, once it uses Auto Layout.
    var autoLayout: ViewAutoLayout?
    /// The view's variables in its hierarchy's layout engine, while it is in one.
    public var layoutVariables: LayoutVariables?

    /// Whether the opaque-with-alpha warning was printed for this view.
    var warnedOpaqueWithAlpha = false

    /// Set by UIView's own `draw(_:)`: tells the layer whether the class draws (see UIView+Layer.swift).
    var baseDrawReached = false
    /// The style this view forces on its subtree (`overrideUserInterfaceStyle`).
    var overrideStyle: UIUserInterfaceStyle = .unspecified
    var storedTraitRegistrations: TraitRegistrations?
    var traitRegistrations: TraitRegistrations {
        if let r = storedTraitRegistrations { return r }
        let r = TraitRegistrations()
        storedTraitRegistrations = r
        return r
    }

    /// `layoutSubviews()` is due for this view. New views start out needing layout, so every view is laid out
    /// once before it is first shown, as in UIKit.
    var needsLayoutFlag = true
    /// Some view below this one needs layout: the layout pass descends only into flagged subtrees.
    var subtreeNeedsLayout = false
    /// Hidden inside an animation block while arranged in a stack view: `isHidden` is already true, but the view
    /// stays on screen while it collapses and is hidden when the animation ends (`stackHidingToken` tells a later
    /// change from the one the ending animation was for).
    var stackHidingPending = false
    var stackHidingToken = 0

    // MARK: Properties

    /// An integer that identifies the view; 0 by default. See `viewWithTag(_:)`.
    open var tag: Int = 0

    /// Hides the view and its subtree from drawing and touches. A hidden view still takes part in layout.
    ///
    /// An arranged subview of a stack view leaves the arrangement when hidden; inside an animation block it
    /// collapses (and the others close up) as the block animates, and is hidden when the animation ends. Shown inside
    /// a block, it grows from nothing.
    open var isHidden: Bool {
        get { layer.isHidden || stackHidingPending }
        set {
            let was = isHidden
            if newValue != was, let stack = superview as? UIStackView, stack.arrangedSubviews.contains(where: { $0 === self }),
               let context = ViewAnimationContext.stack.last, context.duration > 0, UIView.areAnimationsEnabled {
                stack.animateVisibility(of: self, hidden: newValue, in: context)
                return
            }
            let changed = newValue != layer.isHidden || stackHidingPending
            stackHidingPending = false
            stackHidingToken += 1
            layer.isHidden = newValue
            // A stack view gives a hidden arranged subview no room.
            if changed, let stack = superview as? UIStackView { stack.arrangedSubviewVisibilityChanged(self) }
        }
    }

    /// The view's opacity, 0...1; 1 by default. Applies to the view and its subtree as a group.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            layer.opacity = Float(Swift.min(1, Swift.max(0, newValue.isNaN ? 0 : newValue)))
            if newValue < 1 { OpacityCheck.queue(self) }
        }
    }

    /// Whether the view promises to fill its bounds with opaque content; `true` by default, as in UIKit.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set {
            layer.isOpaque = newValue
            if newValue && alpha < 1 { OpacityCheck.queue(self) }
        }
    }

    /// Whether subviews are clipped to the view's bounds; `false` by default.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// The colour drawn under the view's content; `nil` (transparent) by default.
    open var backgroundColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.backgroundColor, \UIView.backgroundColor, backgroundColor) { return }
            layer.backgroundColor = backgroundColor?.cgColor(for: self)
        }
    }

    /// Whether touches and other user events reach the view; `true` by default (labels and image views turn
    /// it off).
    open var isUserInteractionEnabled: Bool = true

    /// Whether the view receives more than one touch at a time; `false` by default.
    open var isMultipleTouchEnabled: Bool = false

    /// Whether only this view receives touches while it tracks one; `false` by default.
    open var isExclusiveTouch: Bool = false

    /// How cached content is shown when the bounds change; `.scaleToFill` by default. `.redraw` redraws
    /// the content instead.
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
            layer.contentsGravity = contentMode.contentsGravity
        }
    }

    /// Whether the drawing buffer is cleared to transparent black before `draw(_:)`; `true` by default.
    open var clearsContextBeforeDrawing: Bool {
        get { layer.clearsContextBeforeDrawing }
        set { layer.clearsContextBeforeDrawing = newValue }
    }

    /// Whether subviews are resized by their autoresizing masks when this view's bounds size changes;
    /// `true` by default.
    open var autoresizesSubviews: Bool = true

    /// How the view resizes when its superview's bounds size changes; `[]` (none) by default.
    open var autoresizingMask: AutoresizingMask = []

    /// Points-to-pixels scale of the view's content: the screen's scale once the view is in a window, unless
    /// set explicitly.
    open var contentScaleFactor: CGFloat {
        get { explicitContentScale ?? window?.screen.scale ?? UIScreen.main.scale }
        set {
            precondition(newValue > 0 && newValue.isFinite, "contentScaleFactor must be positive, got \(newValue)")
            explicitContentScale = newValue
            guard layer.contentsScale != newValue else { return }
            layer.contentsScale = newValue
            // Cached content is redrawn at the new resolution, as UIKit does.
            setNeedsDisplay()
        }
    }
    var explicitContentScale: CGFloat?

    /// The tint of key elements; inherited from the superview when `nil`, system blue at the top. While the effective
    /// `tintAdjustmentMode` is `.dimmed` it reads as a grey of the same lightness, as on iOS. Setting it calls
    /// `tintColorDidChange()` on the view and on every descendant that inherits it.
    open var tintColor: UIColor! {
        get {
            let tint = explicitTintColor ?? superview?.undimmedTintColor ?? UIView.systemTint
            return tintAdjustmentMode == .dimmed ? Self.dimmed(tint) : tint
        }
        set {
            if appearanceSetting(AppearanceKey.tintColor, \UIView.tintColor, newValue) { return }
            let before = tintState
            explicitTintColor = newValue
            tintMayHaveChanged(from: before)
        }
    }
    var explicitTintColor: UIColor?
    static let systemTint = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)

    /// How the tint is shown: `.automatic` follows the superview (`.normal` at the top); `.dimmed` greys it (iOS sets
    /// it on the windows behind an alert).
    open var tintAdjustmentMode: TintAdjustmentMode {
        get {
            if explicitTintAdjustmentMode != .automatic { return explicitTintAdjustmentMode }
            return superview?.tintAdjustmentMode ?? .normal
        }
        set {
            let before = tintState
            explicitTintAdjustmentMode = newValue
            tintMayHaveChanged(from: before)
        }
    }
    var explicitTintAdjustmentMode: TintAdjustmentMode = .automatic

    /// Called when the view's effective `tintColor` or `tintAdjustmentMode` changed (set on it or on an ancestor, or
    /// the view moved); override to redraw what shows the tint.
    open func tintColorDidChange() {}

    /// The view's traits changed (its style, its window's size classes or scale); colours have resolved again.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Colours resolve differently now: views that keep resolved colours (a label's laid-out text) drop them.
    func colorAppearanceDidChange() {}

    // MARK: Creating views

    /// Creates a view with `frame`, in its future superview's coordinates: bounds `(0, 0, w, h)`, centre at
    /// the frame's middle.
    public init(frame: CGRect) {
        precondition(frame.isValidGeometry, "UIView(frame:) got a non-finite frame \(frame)")
        layer = Self.makeLayer()
        super.init()
        layer.bounds = CGRect(origin: .zero, size: frame.size)
        layer.position = CGPoint(x: frame.midX, y: frame.midY)
        configureLayer()
    }

    // Not `isolated`: on iOS any subclass may write a plain `deinit` (an isolated one here would forbid it). The work
    // below touches only this view's own links, which nothing else reads while it is being freed.
    deinit {
        // Links that are not weak (see `superviewLink`, `CALayer.setHostingDelegate`) must not outlive the view:
        // its layer and its subviews may.
        layer.setHostingDelegate(nil)
        for v in subviews where v.superviewLink === self { v.superviewLink = nil }
    }

    /// Creates a view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    /// Vitrine loads no nib or storyboard archives: a view made from a coder starts with a zero frame, so that
    /// subclasses written for iOS (which must declare this initializer) compile unchanged.
    public required init?(coder: NSCoder) {
        layer = Self.makeLayer()
        super.init()
        configureLayer()
    }

    /// The view controller if this is its root view, else the superview.
    open override var next: UIResponder? { viewDelegate ?? superview }

    /// UIKit's short description: class, address, frame and the properties that differ from their defaults
    /// (off the main thread, only the class and address: the rest is main-actor state).
    nonisolated open override var description: String {
        Thread.isMainThread ? MainActor.assumeIsolated { viewDescription() } : super.description
    }

    // MARK: Overridable drawing and layout hooks

    /// Lays out subviews. Called during the layout pass, after autoresizing, when the view needs layout.
    /// The default does nothing (subviews placed by constraints already have their frames); override it to
    /// position subviews by hand.
    open func layoutSubviews() {}

    /// Updates the view's constraints before layout, when `setNeedsUpdateConstraints()` asked (and once when the
    /// hierarchy first lays out with constraints). Override to add or change constraints; call `super` last.
    open func updateConstraints() { autoLayout?.needsUpdateConstraints = false }

    /// Whether the class must be laid out with constraints even when none is installed yet (its
    /// `updateConstraints()` then runs when it joins a hierarchy); `false` by default.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// Called when the layout margins change. Override to respond; call `super`.
    open func layoutMarginsDidChange() { marginsChanged() }

    /// Called when the safe area changes. Override to respond; call `super`.
    open func safeAreaInsetsDidChange() {}

    /// Where the first and last baselines are, measured from the view's vertical centre; `nil` for views without
    /// text (their baselines are their bottom edge, as UIKit's are). Labels override it.
    var baselineOffsetsFromCenter: (first: CGFloat, last: CGFloat)? { nil }

    /// The view whose first baseline is this view's in Auto Layout (`firstBaselineAnchor`): the view itself, or a
    /// subview a container returns (a custom control whose baseline is its title label's).
    open var forFirstBaselineLayout: UIView { self }
    /// The view whose last baseline is this view's in Auto Layout (`lastBaselineAnchor`); see `forFirstBaselineLayout`.
    open var forLastBaselineLayout: UIView { self }

    /// Makes the first responder in this view's hierarchy (the view or one of its subviews, such as a text field)
    /// resign: the usual "tap outside to dismiss the keyboard". With `force`, it resigns without being asked
    /// (`textFieldShouldEndEditing(_:)` is not consulted). Returns whether no first responder is left in the hierarchy.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        guard let responder = UIResponder.currentFirstResponder as? UIView, responder.isDescendant(of: self) else { return true }
        UIResponder.forcingResignation = force
        defer { UIResponder.forcingResignation = false }
        return responder.resignFirstResponder()
    }

    /// Draws the view's content into the current graphics context. The default draws nothing (and a view
    /// whose class does not override it gets no backing store).
    open func draw(_ rect: CGRect) { baseDrawReached = true }

    // MARK: Touches (see Events/)

    /// Returns the farthest descendant of this view (this view included) that contains `point` (in this view's
    /// coordinates), front to back. Hidden views, views with alpha below 0.01 and views that ignore user
    /// interaction are skipped with their subtrees, and a point outside a view does not reach its subviews
    /// (even ones that draw outside it). Override to change which view gets a touch.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, layer.opacity >= 0.01, isUserInteractionEnabled, !layer.isInNonInteractiveAnimation,
              self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            let local = point.applying(subview.transformToSuperview.inverted())
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// The view's layer's action for a property change: inside an animation block, an animation (see
    /// UIView+Animation.swift); otherwise none (`NSNull()`), so a view's own layer never animates implicitly.
    open func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        animationAction(for: layer, forKey: event)
    }

    /// Whether `point` (in this view's coordinates) is inside the view: its bounds, by default. Override to
    /// make a view's touch area larger or smaller than it looks.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.contains(point) }

    /// The gesture recognizers attached to the view (`nil` when there are none).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for r in attachedRecognizers { removeGestureRecognizer(r) }
            for r in newValue ?? [] { addGestureRecognizer(r) }
        }
    }
    var attachedRecognizers: [UIGestureRecognizer] = []

    /// Attaches `gestureRecognizer` (moving it from the view it was on).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if gestureRecognizer.view === self { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        attachedRecognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches `gestureRecognizer`; a recognizer in the middle of a gesture is cancelled.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let index = attachedRecognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        attachedRecognizers.remove(at: index)
        gestureRecognizer.detached()
        gestureRecognizer.view = nil
    }

    /// Whether `gestureRecognizer` (on this view, or on a superview for a touch in this view) may begin; `true`
    /// by default. Controls refuse a superview's single tap, as in UIKit.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Touches this view is tracking now (for `isMultipleTouchEnabled` and `isExclusiveTouch`).
    var trackedTouchCount = 0

    // MARK: Accessibility (see UIView+Accessibility.swift): the properties are open, as NSObject's are on iOS, so a
    // subclass's override is what assistive technology and UI tests read.

    /// Whether the view is an element assistive technology can reach; `false` for plain views, `true` for
    /// labels (as in UIKit), unless set.
    open var isAccessibilityElement: Bool {
        get { baseIsAccessibilityElement }
        set { baseIsAccessibilityElement = newValue }
    }
    /// A short localized word or phrase naming the element; a label's text unless set.
    open var accessibilityLabel: String? {
        get { baseAccessibilityLabel }
        set { baseAccessibilityLabel = newValue }
    }
    /// What performing the element's action does.
    open var accessibilityHint: String? {
        get { baseAccessibilityHint }
        set { baseAccessibilityHint = newValue }
    }
    /// The element's current value (a slider's position, a field's text).
    open var accessibilityValue: String? {
        get { baseAccessibilityValue }
        set { baseAccessibilityValue = newValue }
    }
    /// An identifier for UI tests (`UIAccessibilityIdentification`).
    open var accessibilityIdentifier: String? {
        get { baseAccessibilityIdentifier }
        set { baseAccessibilityIdentifier = newValue }
    }
    /// The element's traits; `.staticText` for labels and `.image` for image views unless set.
    open var accessibilityTraits: UIAccessibilityTraits {
        get { baseAccessibilityTraits }
        set { baseAccessibilityTraits = newValue }
    }
    /// The element's frame in screen coordinates: unless set, the view's bounds converted to the screen, as
    /// UIKit computes it for views.
    open var accessibilityFrame: CGRect {
        get { baseAccessibilityFrame }
        set { baseAccessibilityFrame = newValue }
    }
    /// The elements a screen reader finds in this view, in reading order, when the view lists them itself (views
    /// and `UIAccessibilityElement`s); `nil` (the default): its subviews', in rows top to bottom.
    open var accessibilityElements: [Any]? {
        get { accessibilityStorage?.elements }
        set { accessibility.elements = newValue }
    }
    /// How many elements `accessibilityElements` lists.
    open func accessibilityElementCount() -> Int { accessibilityElements?.count ?? 0 }
    /// The element at `index` of `accessibilityElements`.
    open func accessibilityElement(at index: Int) -> Any? {
        guard let elements = accessibilityElements, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
    /// Where `element` is in `accessibilityElements` (`NSNotFound` when it is not there).
    open func index(ofAccessibilityElement element: Any) -> Int {
        accessibilityElements?.firstIndex { ($0 as AnyObject) === (element as AnyObject) } ?? NSNotFound
    }
    /// What kind of group the view's elements form (a list, a table, a landmark).
    open var accessibilityContainerType: UIAccessibilityContainerType {
        get { accessibilityStorage?.containerType ?? .none }
        set { accessibility.containerType = newValue }
    }
    /// Where a screen reader's double tap touches the element, in screen coordinates: the centre of its frame unless set.
    open var accessibilityActivationPoint: CGPoint {
        get { baseAccessibilityActivationPoint }
        set { accessibility.activationPoint = newValue }
    }
    /// The outline the focus frame follows, in screen coordinates (`nil`: the frame's rectangle).
    open var accessibilityPath: UIBezierPath? {
        get { accessibilityStorage?.path }
        set { accessibility.path = newValue }
    }
    /// Whether the view's elements are read together, before the reader moves on to what is beside the view.
    open var shouldGroupAccessibilityChildren: Bool {
        get { accessibilityStorage?.groupsChildren ?? false }
        set { accessibility.groupsChildren = newValue }
    }
    /// The language the element's label and value are spoken in (BCP 47, `"ar"`); the app's unless set.
    open var accessibilityLanguage: String? {
        get { accessibilityStorage?.language ?? superview?.accessibilityLanguage }
        set { accessibility.language = newValue }
    }
    /// Whether the element does something when activated (what Voice Control lists); elements do unless set.
    open var accessibilityRespondsToUserInteraction: Bool {
        get { accessibilityStorage?.respondsToUserInteraction ?? isAccessibilityElement }
        set { accessibility.respondsToUserInteraction = newValue }
    }
    /// Actions a screen reader offers besides activation (swipe up or down to choose, double tap to run).
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { accessibilityStorage?.customActions }
        set { accessibility.customActions = newValue }
    }
    /// Performs the element's action for a screen reader's double tap; `false` (the default) makes the reader
    /// touch the activation point instead, as VoiceOver does.
    open func accessibilityActivate() -> Bool { false }
    /// Raises an adjustable element's value (a screen reader's swipe up); sliders, steppers, page controls and
    /// pickers step.
    open func accessibilityIncrement() {}
    /// Lowers an adjustable element's value (a screen reader's swipe down).
    open func accessibilityDecrement() {}
    /// Scrolls by a page for a screen reader's three-finger swipe; `false` when this view does not scroll (the
    /// reader asks the view's ancestors in turn). Scroll views scroll and announce the page.
    open func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool { false }
    /// Dismisses a modal context for a screen reader's two-finger scrub; `false` when this view has none (the reader
    /// asks the next responders in turn: superviews, then view controllers).
    open func accessibilityPerformEscape() -> Bool { false }


    /// Accessibility values set on this view, allocated on first use.
    var accessibilityStorage: AccessibilityStorage?
    /// Appearance proxies' bookkeeping (UIAppearance.swift), made on first use.
    var appearanceState: AppearanceState?
    /// Bit k: the view set appearance property k itself (AppearanceKey), so no proxy overrides it.
    var explicitAppearance: UInt64 = 0
    /// What this class reports until the app sets a value: plain views are not elements, have no label and no
    /// traits; controls override these.
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityLabel: String? { nil }
    var defaultAccessibilityTraits: UIAccessibilityTraits { .none }
    var defaultAccessibilityValue: String? { nil }
    /// A size the view keeps whatever frame or bounds it is given (a switch's), or nil.
    class var fixedSize: CGSize? { nil }

    /// Whether views of this class set their layer's `contents` themselves (in `updateLayerContents()`)
    /// instead of drawing with `draw(_:)`, as `UIImageView` does on iOS.
    class var providesLayerContents: Bool { false }

    /// Sets the layer's contents, for classes that provide them; called by the display pass when the content is
    /// invalid (`setNeedsDisplay()`).
    func updateLayerContents() {}

    /// The size that fits the view's content in `size`. The default returns the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// A size the view's content wants; `noIntrinsicMetric` in a dimension with no preference.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    // MARK: Auto Layout and margins (implemented in AutoLayout/UIView+AutoLayout.swift), open as UIKit's are: the
    // engine reads a subclass's priorities and margins through these.

    /// Tells layout the intrinsic size changed: the engine moves the view's hugging and compression constraints.
    /// (Labels call it on every change of text: a view no engine knows costs one check.)
    open func invalidateIntrinsicContentSize() { baseInvalidateIntrinsicContentSize() }
    /// How strongly the view resists growing past its intrinsic size on `axis`.
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        baseContentHuggingPriority(for: axis)
    }
    /// Sets how strongly the view resists growing past its intrinsic size on `axis`.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        baseSetContentHuggingPriority(priority, for: axis)
    }
    /// How strongly the view resists shrinking below its intrinsic size on `axis`.
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        baseContentCompressionResistancePriority(for: axis)
    }
    /// Sets how strongly the view resists shrinking below its intrinsic size on `axis`.
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        baseSetContentCompressionResistancePriority(priority, for: axis)
    }
    /// The size the view's constraints give it, as close to `targetSize` as they allow
    /// (`layoutFittingCompressedSize` for the smallest, `layoutFittingExpandedSize` for the largest).
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize { baseSystemLayoutSizeFitting(targetSize) }
    /// The same with priorities for each axis: `.required` fixes that axis at the target (cells whose width is
    /// given and whose height follows their content).
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        baseSystemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                                    verticalFittingPriority: verticalFittingPriority)
    }
    /// The active constraints installed on this view (those whose closest common ancestor it is, or that were added
    /// to it).
    open var constraints: [NSLayoutConstraint] { baseConstraints }
    /// Installs `constraint` on this view and activates it; its items must be this view or its descendants. Setting
    /// a constraint's `isActive` (and `NSLayoutConstraint.activate(_:)`) calls this on the items' closest common
    /// ancestor, as UIKit does.
    open func addConstraint(_ constraint: NSLayoutConstraint) { baseAddConstraint(constraint) }
    /// Installs and activates each of `constraints` on this view.
    open func addConstraints(_ constraints: [NSLayoutConstraint]) { baseAddConstraints(constraints) }
    /// Deactivates `constraint` when it is installed on this view. Deactivating a constraint calls this on the view
    /// it is installed on.
    open func removeConstraint(_ constraint: NSLayoutConstraint) { baseRemoveConstraint(constraint) }
    /// Deactivates each of `constraints` installed on this view.
    open func removeConstraints(_ constraints: [NSLayoutConstraint]) { baseRemoveConstraints(constraints) }
    /// The space between the view's edges and its content, for margin attributes and `layoutMarginsGuide`
    /// (8 points on each side by default).
    open var layoutMargins: UIEdgeInsets {
        get { baseLayoutMargins }
        set { baseLayoutMargins = newValue }
    }
    /// The margins by leading and trailing edge.
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { baseDirectionalLayoutMargins }
        set { baseDirectionalLayoutMargins = newValue }
    }
    /// The part of the view not covered by the panel's bezel or rounded corners (a window's, from the board) or by
    /// what view controllers add (`additionalSafeAreaInsets`): the superview's insets less what the view's frame
    /// already keeps clear, plus its controller's.
    open var safeAreaInsets: UIEdgeInsets { baseSafeAreaInsets }
    /// How the view's content follows the layout direction; `.unspecified` by default.
    open var semanticContentAttribute: UISemanticContentAttribute {
        get { baseSemanticContentAttribute }
        set { baseSemanticContentAttribute = newValue }
    }

    // MARK: Hierarchy, layout and display requests, and the layer delegate's calls: open, as UIKit's are, so that a
    // subclass can override them; the work is done by the `base…` methods in UIView+Hierarchy.swift,
    // UIView+Layout.swift, UIView+Display.swift and UIView+Layer.swift.
    /// Adds `view` on top of the other subviews. A view that is already a subview moves to the front; a view
    /// with another superview is moved here.
    open func addSubview(_ view: UIView) { baseAddSubview(view) }
    /// Inserts `view` at `index` in `subviews` (0 is the back). `index` must be in `0...subviews.count`.
    open func insertSubview(_ view: UIView, at index: Int) { baseInsertSubview(view, at: index) }
    /// Inserts `view` just above `siblingSubview`, which must be a subview of this view.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) { baseInsertSubview(view, aboveSubview: siblingSubview) }
    /// Inserts `view` just below `siblingSubview`, which must be a subview of this view.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) { baseInsertSubview(view, belowSubview: siblingSubview) }
    /// Moves `view` to the front of the subviews. Does nothing if `view` is not a subview, as in UIKit.
    open func bringSubviewToFront(_ view: UIView) { baseBringSubviewToFront(view) }
    /// Moves `view` to the back of the subviews. Does nothing if `view` is not a subview, as in UIKit.
    open func sendSubviewToBack(_ view: UIView) { baseSendSubviewToBack(view) }
    /// Swaps the subviews at two indexes, both of which must be valid.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) { baseExchangeSubview(at: index1, withSubviewAt: index2) }
    /// Removes the view from its superview (and window). The superview releases it.
    open func removeFromSuperview() { baseRemoveFromSuperview() }
    /// Marks the view as needing layout; `layoutSubviews()` runs in the next layout pass.
    open func setNeedsLayout() { baseSetNeedsLayout() }
    /// Lays out now, if layout is pending: from the highest ancestor that needs layout (CALayer's rule), down
    /// through every subtree with pending layout.
    open func layoutIfNeeded() { baseLayoutIfNeeded() }
    /// Marks the whole content as needing to be redrawn.
    open func setNeedsDisplay() { baseSetNeedsDisplay() }
    /// Marks `rect` (in the view's coordinates) as needing to be redrawn; several calls before the next
    /// display pass add up to their union.
    open func setNeedsDisplay(_ rect: CGRect) { baseSetNeedsDisplay(rect) }
    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its top-left corner.
    open func sizeToFit() { baseSizeToFit() }
    /// The layer's content: views that provide their layer's contents (image views) set them; the others draw
    /// into the backing store through `draw(_:)`.
    open func display(_ layer: CALayer) { baseDisplay(layer) }

    open func draw(_ layer: CALayer, in ctx: CGContext) { baseDraw(layer, in: ctx) }

    open func layoutSublayers(of layer: CALayer) { baseLayoutSublayers(of: layer) }

    // MARK: Conversion, lookup, the constraint update pass and traits (implemented in UIView+Conversion.swift,
    // UIView+Hierarchy.swift, UIView+AutoLayout.swift and UITraitCollection.swift)

    /// Converts `point` from this view's coordinate system to `view`'s; `nil` means this view's window
    /// (or, outside a window, the root of its hierarchy).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { baseConvert(point, to: view) }
    /// Converts `point` from `view`'s coordinate system to this view's; `nil` means this view's window.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { baseConvert(point, from: view) }
    /// Converts `rect` from this view's coordinate system to `view`'s, as the smallest rectangle covering it.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { baseConvert(rect, to: view) }
    /// Converts `rect` from `view`'s coordinate system to this view's, as the smallest rectangle covering it.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { baseConvert(rect, from: view) }
    /// Whether this view is `view` or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool { baseIsDescendant(of: view) }
    /// The first view with `tag` in a depth-first search of this view's subtree, the receiver first. Superviews
    /// are never searched.
    open func viewWithTag(_ tag: Int) -> UIView? { baseViewWithTag(tag) }
    /// Asks for `updateConstraints()` before the next layout.
    open func setNeedsUpdateConstraints() { baseSetNeedsUpdateConstraints() }
    /// Runs the pending `updateConstraints()` calls of this view and its subtree now.
    open func updateConstraintsIfNeeded() { baseUpdateConstraintsIfNeeded() }
    /// The traits of where the view is shown: its window's screen scale and size (the main screen's when it is in
    /// no window), its style (the nearest override among it, its controller and its ancestors, else the app's)
    /// and its layout direction.
    open var traitCollection: UITraitCollection { baseTraitCollection }
    /// The style this view and its subviews use whatever the app's is (`.unspecified`: inherit).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { overrideStyle }
        set { baseSetOverrideUserInterfaceStyle(newValue) }
    }

    // MARK: Animation blocks (implemented in UIView+Animation.swift), open class methods as UIKit's are: the shorter
    // variants call the full one through the class, so a subclass that overrides it hears them all.

    /// Animates the changes `animations` makes, over `duration` seconds after `delay`, with `options`; then
    /// calls `completion` (on a later turn of the main run loop) with whether every animation ran to its end.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        baseAnimate(withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }
    /// Animates `animations` over `duration` seconds, then calls `completion`.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }
    /// Animates `animations` over `duration` seconds.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }
    /// Animates with a spring: `dampingRatio` 1 settles without overshoot, lower values oscillate; `velocity` is
    /// the initial speed in units of the whole change per second. The spring's motion is fitted to `duration`.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        baseAnimate(withDuration: duration, delay: delay, usingSpringWithDamping: dampingRatio, initialSpringVelocity: velocity,
                    options: options, animations: animations, completion: completion)
    }
    /// Makes the changes in `actionsWithoutAnimation` at once, even inside an animation block.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        basePerformWithoutAnimation(actionsWithoutAnimation)
    }
    /// Whether animation blocks animate (`false`: their changes happen at once; completions still run).
    open class var areAnimationsEnabled: Bool { animationsEnabled }
    /// Turns animation blocks on or off.
    open class func setAnimationsEnabled(_ enabled: Bool) { animationsEnabled = enabled }
    /// The duration of the innermost animation block running now (0 outside one).
    open class var inheritedAnimationDuration: TimeInterval { ViewAnimationContext.stack.last?.duration ?? 0 }
    /// Animates in stages: each `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` inside
    /// `animations` changes properties over its part of `duration` (linearly within the part).
    open class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                     options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                     completion: ((Bool) -> Void)? = nil) {
        baseAnimateKeyframes(withDuration: duration, delay: delay, options: options, animations: animations,
                             completion: completion)
    }
    /// One stage of a keyframe animation: the changes `animations` makes happen from `frameStartTime` for
    /// `frameDuration` (fractions of the whole).
    open class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                animations: @escaping () -> Void) {
        baseAddKeyframe(withRelativeStartTime: frameStartTime, relativeDuration: frameDuration, animations: animations)
    }
    /// Changes a view's content with a transition: `.transitionCrossDissolve` fades from a snapshot of the old
    /// content to the new; the flips and curls are drawn by Vitrine's 2D compositor as a horizontal (flips from
    /// left/right), vertical (flips from top/bottom) squeeze through the middle or (curls) a slide off the top
    /// or down from it.
    open class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                               animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        baseTransition(with: view, duration: duration, options: options, animations: animations, completion: completion)
    }
    /// Replaces `fromView` with `toView` (in `fromView`'s superview) with a transition; with
    /// `.showHideTransitionViews` the views are hidden and shown instead of removed and added.
    open class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                               options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        baseTransition(from: fromView, to: toView, duration: duration, options: options, completion: completion)
    }

    // MARK: The deprecated begin/commit animation blocks (implemented in UIView+Animation.swift), open as UIKit's are

    /// Starts a block of animations named `animationID` (nestable: nested blocks start when the outermost
    /// commits). Settings made until `commitAnimations()` apply to it.
    open class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        baseBeginAnimations(animationID, context: context)
    }
    /// Ends the innermost block; the outermost commit starts the animations of every nested block.
    open class func commitAnimations() { baseCommitAnimations() }
    /// The open block's duration (0.2 s unless set).
    open class func setAnimationDuration(_ duration: TimeInterval) { baseSetAnimationDuration(duration) }
    /// The open block's delay.
    open class func setAnimationDelay(_ delay: TimeInterval) { baseSetAnimationDelay(delay) }
    /// The open block's timing curve.
    open class func setAnimationCurve(_ curve: AnimationCurve) { baseSetAnimationCurve(curve) }
    /// How many times the open block's animations repeat.
    open class func setAnimationRepeatCount(_ repeatCount: Float) { baseSetAnimationRepeatCount(repeatCount) }
    /// Whether the open block's repeats play backwards every other time.
    open class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        baseSetAnimationRepeatAutoreverses(repeatAutoreverses)
    }
    /// Whether the open block starts from what is on screen rather than from the model values.
    open class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        baseSetAnimationBeginsFromCurrentState(fromCurrentState)
    }
    /// When the open block starts (a date in the past: now).
    open class func setAnimationStart(_ startDate: Date) { baseSetAnimationStart(startDate) }
    /// The block's delegate. Swift on Linux has no selectors: give the callbacks as closures with
    /// `setAnimationWillStart(_:)` and `setAnimationDidStop(_:)`; the delegate object is kept for code that reads
    /// it back.
    open class func setAnimationDelegate(_ delegate: Any?) { baseSetAnimationDelegate(delegate) }
    /// Called when the block's animations start, with the animation ID and context given to `beginAnimations`
    /// (iOS: `setAnimationWillStart(#selector(animationWillStart(_:context:)))`).
    open class func setAnimationWillStart(_ callback: @escaping (String?, UnsafeMutableRawPointer?) -> Void) {
        baseSetAnimationWillStart(callback)
    }
    /// Called when the block's animations stop, with the ID, whether they finished, and the context
    /// (iOS: `setAnimationDidStop(#selector(animationDidStop(_:finished:context:)))`).
    open class func setAnimationDidStop(_ callback: @escaping (String?, Bool, UnsafeMutableRawPointer?) -> Void) {
        baseSetAnimationDidStop(callback)
    }

    // MARK: The rest of the hierarchy, Auto Layout, accessibility and snapshot members, open as UIKit's are
    // (implemented in UIView+Hierarchy.swift, AutoLayout/UIView+AutoLayout.swift, UIView+Accessibility.swift,
    // UIView+Display.swift and TextInput/Keyboard/TextInputSystem.swift).

    /// The window the view is in, or `nil` when it is not in one.
    open var window: UIWindow? { baseWindow }
    /// Whether the view's frame (set by code or by its autoresizing mask) becomes constraints; `true` for views
    /// made in code. Set it to `false` for views placed by constraints.
    open var translatesAutoresizingMaskIntoConstraints: Bool {
        get { baseTranslatesAutoresizingMaskIntoConstraints }
        set { baseTranslatesAutoresizingMaskIntoConstraints = newValue }
    }
    /// The baseline of the view's first line of text (its bottom for views without text).
    open var firstBaselineAnchor: NSLayoutYAxisAnchor { baseFirstBaselineAnchor }
    /// The baseline of the view's last line of text (its bottom for views without text).
    open var lastBaselineAnchor: NSLayoutYAxisAnchor { baseLastBaselineAnchor }
    /// Whether `updateConstraints()` is due.
    open func needsUpdateConstraints() -> Bool { baseNeedsUpdateConstraints() }
    /// The constraints that take part in placing this view along `axis` (installed on it or an ancestor, naming it).
    open func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        baseConstraintsAffectingLayout(for: axis)
    }
    /// Whether the constraints leave this view's frame undetermined: in its hierarchy's engine, some of its position
    /// or size is free (no constraint, required or not, fixes it).
    open var hasAmbiguousLayout: Bool { baseHasAmbiguousLayout }
    /// Moves an ambiguous view to another of its possible frames (UIKit's debugging aid): here, to the other end of
    /// its size range.
    open func exerciseAmbiguityInLayout() { baseExerciseAmbiguityInLayout() }
    /// Whether the view's margins are at least its superview's where the two overlap; `false` by default.
    open var preservesSuperviewLayoutMargins: Bool {
        get { basePreservesSuperviewLayoutMargins }
        set { basePreservesSuperviewLayoutMargins = newValue }
    }
    /// Whether the margins are measured from the safe area; `true` by default.
    open var insetsLayoutMarginsFromSafeArea: Bool {
        get { baseInsetsLayoutMarginsFromSafeArea }
        set { baseInsetsLayoutMarginsFromSafeArea = newValue }
    }
    /// A guide inset from the view's edges by its layout margins.
    open var layoutMarginsGuide: UILayoutGuide { baseLayoutMarginsGuide }
    /// A guide over the view's safe area.
    open var safeAreaLayoutGuide: UILayoutGuide { baseSafeAreaLayoutGuide }
    /// A guide of comfortable reading width (at most 672 points) centred in the margins.
    open var readableContentGuide: UILayoutGuide { baseReadableContentGuide }
    /// The guides added to the view.
    open var layoutGuides: [UILayoutGuide] { baseLayoutGuides }
    /// Makes the view the owner of `layoutGuide` (taking it from any other owner).
    open func addLayoutGuide(_ layoutGuide: UILayoutGuide) { baseAddLayoutGuide(layoutGuide) }
    /// Removes `layoutGuide` and the constraints that mention it.
    open func removeLayoutGuide(_ layoutGuide: UILayoutGuide) { baseRemoveLayoutGuide(layoutGuide) }
    /// The direction `attribute` lays out in: forced by the attribute, else the app's.
    open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        baseUserInterfaceLayoutDirection(for: attribute)
    }
    /// The direction the view lays out in: its own attribute when it forces one, else its superview's, else the app's.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { baseEffectiveUserInterfaceLayoutDirection }
    /// Whether the elements in this view's subtree are hidden from assistive technology.
    open var accessibilityElementsHidden: Bool {
        get { baseAccessibilityElementsHidden }
        set { baseAccessibilityElementsHidden = newValue }
    }
    /// Whether assistive technology ignores the view's siblings while this view is shown.
    open var accessibilityViewIsModal: Bool {
        get { baseAccessibilityViewIsModal }
        set { baseAccessibilityViewIsModal = newValue }
    }
    /// Draws the view's hierarchy into the current graphics context in `rect`; `false` when there is no context.
    open func drawHierarchy(in rect: CGRect, afterScreenUpdates: Bool) -> Bool {
        baseDrawHierarchy(in: rect, afterScreenUpdates: afterScreenUpdates)
    }
    /// A new view showing an image of this view's hierarchy as it looks now, the size of its bounds.
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { baseSnapshotView(afterScreenUpdates: afterUpdates) }
    /// The stretchable part of the content, in unit coordinates (deprecated in UIKit in favour of
    /// resizable images; the layer's `contentsCenter`).
    open var contentStretch: CGRect {
        get { baseContentStretch }
        set { baseContentStretch = newValue }
    }
    /// A guide whose top follows the keyboard's top (iOS 15): constrain content above it to keep it clear of the
    /// keyboard.
    open var keyboardLayoutGuide: UIKeyboardLayoutGuide { baseKeyboardLayoutGuide }

    // MARK: Hierarchy notifications (override points, called in UIKit's order; see UIView+Hierarchy.swift)

    /// Called before the view's superview changes to `newSuperview` (`nil` when it is being removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view's superview changed.
    open func didMoveToSuperview() {}
    /// Called before the view's window changes to `newWindow` (`nil` when it is leaving its window).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's window changed.
    open func didMoveToWindow() {}
    /// Called after `subview` was added to this view.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed from this view.
    open func willRemoveSubview(_ subview: UIView) {}
}

extension CGRect {
    /// Finite origin and size: what UIKit accepts as view geometry (it raises on NaN).
    var isValidGeometry: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
