@_spi(VitrineInternals) import CoreGraphics
import Foundation
import ObjectiveC
import VitrinePlatform

/// A rectangle of cached content in a tree of layers: the model the compositor draws from.
///
/// Geometry is Core Animation's: `bounds` in the layer's own space, `position` in the superlayer's, the
/// `anchorPoint` (unit coordinates of the bounds) placed at `position`, and `transform` applied about the
/// anchor point. Content comes from `contents` (a `CGImage`) or from `display()`, which draws through the
/// delegate into a backing store at `contentsScale` and keeps the result until `setNeedsDisplay` says otherwise.
/// These are model values; what is on screen is derived from them each frame, so animations can later show
/// presentation values without changing them.
///
/// Stored properties are `@exclusivity(unchecked)`: the compositor reads them for every layer it visits each frame,
/// and the dynamic exclusivity check on each read was a tenth of a small frame's instructions. Layers are
/// main-actor objects and no accessor hands out an inout reference that could overlap another access.
@preconcurrency @MainActor
open class CALayer: NSObject, AssociationOwner {
    public required override init() { super.init() }

    /// A copy of `layer`'s model values (what `presentation()` is made from; subclasses with their own
    /// properties override it and call `super`, as in Core Animation).
    public required init(layer: Any) {
        super.init()
        guard let other = layer as? CALayer else { return }
        bounds = other.bounds; position = other.position; anchorPoint = other.anchorPoint; transform = other.transform
        transformIsIdentity = other.transformIsIdentity // (no observers run in a class's own initializer)
        opacity = other.opacity; isHidden = other.isHidden; masksToBounds = other.masksToBounds
        backgroundColor = other.backgroundColor; cornerRadius = other.cornerRadius; borderWidth = other.borderWidth
        maskedCorners = other.maskedCorners
        borderColor = other.borderColor; isOpaque = other.isOpaque; contents = other.contents
        contentsScale = other.contentsScale; contentsGravity = other.contentsGravity; contentsCenter = other.contentsCenter
        contentsRect = other.contentsRect; shadowColor = other.shadowColor; shadowOpacity = other.shadowOpacity
        shadowOffset = other.shadowOffset; shadowRadius = other.shadowRadius; shadowPath = other.shadowPath
        magnificationFilter = other.magnificationFilter; minificationFilter = other.minificationFilter
    }

    /// The layer's animations, in the order they were added (see CALayer+Animation.swift).
    @exclusivity(unchecked) var animationEntries: [AnimationEntry] = []
    /// Actions by property name, consulted after the delegate (Core Animation's `actions`).
    @exclusivity(unchecked) open var actions: [String: any CAAction]?

    /// The action for `event`: the delegate's answer, then `actions`, then the class default; `nil`: none.
    /// Override to supply your own.
    open func action(forKey event: String) -> (any CAAction)? { lookUpAction(forKey: event) }

    /// The default action for `event`: a basic animation of the property over the transaction's duration for
    /// animatable properties (Core Animation's implicit animations). Override in a layer subclass.
    open class func defaultAction(forKey event: String) -> (any CAAction)? { standardAction(forKey: event) }

    /// `<CALayer: 0x…>`, as on iOS. (A layer is an `NSObject`: equal only to itself unless a subclass overrides
    /// `isEqual(_:)`.)
    nonisolated open override var description: String {
        let name = String(describing: type(of: self)).split(separator: ".").last.map(String.init) ?? "CALayer"
        return "<\(name): 0x\(String(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(self))), radix: 16))>"
    }

    /// Receives display, drawing and layout requests; weak.
    open var delegate: (any CALayerDelegate)? {
        get { hostLink ?? weakDelegate }
        set { weakDelegate = newValue; hostLink = nil; layoutHost = nil }
    }
    @exclusivity(unchecked) private weak var weakDelegate: (any CALayerDelegate)?
    /// The view this layer backs, as its delegate. Not `weak`: a weak reference gives its target a side table, and
    /// every retain and release of an object with one takes the runtime's slow path — for views, on every frame.
    /// Safe because the view owns this layer and clears the link in its deinit (`setHostingDelegate(nil)`).
    @exclusivity(unchecked) nonisolated(unsafe) private unowned(unsafe) var hostLink: (any CALayerDelegate)?

    /// Vitrine: makes `host` the delegate without a weak reference; the host must call this with `nil` before it
    /// goes away (UIView does, in its deinit).
    nonisolated public func setHostingDelegate(_ host: (any CALayerDelegate)?) {
        hostLink = host
        layoutHost = host as? any CALayerHost
    }
    /// `hostLink` as the host that runs layout, cast once (the layout calls below ask on every frame change; a
    /// dynamic cast to a protocol is a conformance lookup each time). Same lifetime as `hostLink`.
    @exclusivity(unchecked) nonisolated(unsafe) private unowned(unsafe) var layoutHost: (any CALayerHost)?
    /// The delegate as a `CALayerHost`, if it is one.
    @inline(__always) var host: (any CALayerHost)? {
        if hostLink != nil { return layoutHost }
        return weakDelegate as? any CALayerHost
    }

    // MARK: Tree

    /// The layer this one is a sublayer of. Not stored `weak` (see `hostLink`): the superlayer holds this layer in
    /// its sublayers, so it outlives the link, which removal, `sublayers =` and the superlayer's deinit clear.
    open var superlayer: CALayer? { superlayerLink }
    @exclusivity(unchecked) nonisolated(unsafe) private unowned(unsafe) var superlayerLink: CALayer?
    /// The sublayers, back to front (the compositor walks this array directly).
    @exclusivity(unchecked) nonisolated(unsafe) private(set) var storedSublayers: [CALayer] = []

    // Not `isolated`: on iOS any subclass may write a plain `deinit`, which an isolated one here would forbid. A layer
    // is released on the main thread in practice; one released elsewhere hands its store to the pool there.
    deinit {
        // Sublayers that outlive this layer must not point at it.
        for l in storedSublayers where l.superlayerLink === self { l.superlayerLink = nil }
        if let store = backingStoreStorage { BackingStorePool.giveFromAnyThread(store, ink: backingStoreInk) }
        // Associated objects are released with the layer, as the runtime does.
        objc_ownerWillDeallocate(self)
    }

    /// The sublayers, back to front (`nil` when there are none, as in Core Animation).
    open var sublayers: [CALayer]? {
        get { storedSublayers.isEmpty ? nil : storedSublayers }
        set {
            let kept = newValue ?? []
            // The ones left out are removed as `removeFromSuperlayer()` removes them: where they were on screen
            // is repainted.
            for l in storedSublayers where !kept.contains(where: { $0 === l }) { l.removeFromSuperlayer() }
            for l in storedSublayers { l.superlayerLink = nil }
            storedSublayers = []
            clearQueuedSublayers()
            // (The kept ones are listed again as they are added back, if they need display: insertion clears the flag
            // saying they are listed.)
            displayQueue.removeAll(keepingCapacity: true)
            for l in kept { addSublayer(l) }
        }
    }

    open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(storedSublayers.count - (layer.superlayer === self ? 1 : 0))) }

    /// Inserts `layer` at `index` (0 is the back; past the end appends, as Core Animation does), moving it
    /// from its old superlayer.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        precondition(layer !== self && !isDescendant(of: layer), "CALayer.insertSublayer: a layer can't contain itself")
        layer.removeFromSuperlayer()
        storedSublayers.insert(layer, at: Swift.min(Int(index), storedSublayers.count))
        layer.superlayerLink = self
        // (Out of any other layer's display queue now: one that was freed with it still listed says so wrongly.)
        layer.isQueuedForDisplay = false
        if layer.needsDisplay() || layer.subtreeNeedsDisplay { layer.queueForDisplay() }
        // The new layer (and its subtree) must be composited; the parent's paint order changed.
        layer.appearanceChanged = false
        layer.isQueuedInSuperlayer = false
        layer.changed()
        changed()
        setNeedsLayout()
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, let i = indexOfSublayer(sibling) else { return addSublayer(layer) }
        let adjust = layer.superlayer === self && (indexOfSublayer(layer) ?? Int.max) < i ? 0 : 1
        insertSublayer(layer, at: UInt32(i + adjust))
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, let i = indexOfSublayer(sibling) else { return insertSublayer(layer, at: 0) }
        let adjust = layer.superlayer === self && (indexOfSublayer(layer) ?? Int.max) < i ? -1 : 0
        insertSublayer(layer, at: UInt32(i + adjust))
    }

    open func replaceSublayer(_ old: CALayer, with new: CALayer) {
        guard let i = indexOfSublayer(old) else { return }
        old.removeFromSuperlayer()
        insertSublayer(new, at: UInt32(i))
    }

    open func removeFromSuperlayer() {
        guard let parent = superlayer, let i = parent.indexOfSublayer(self) else { return }
        // A layer taken off screen mid-animation ends its animations (and its sublayers'), unfinished.
        endAnimationsInSubtree()
        parent.storedSublayers.remove(at: i)
        superlayerLink = nil
        if isQueuedInSuperlayer {
            parent.queuedSublayers.removeAll { $0 === self }
            isQueuedInSuperlayer = false
        }
        if isQueuedForDisplay {
            parent.displayQueue.removeAll { $0 === self }
            isQueuedForDisplay = false
        }
        // Only a layer that was on screen needs its old place repainted; the compositor lets go of it next frame.
        if compositorRecord != nil { CALayer.detached.append(self) }
        if parent.flattensSublayers { parent.flattenedSublayersChanged() }
        parent.changed()
        parent.setNeedsLayout()
    }

    func indexOfSublayer(_ layer: CALayer) -> Int? { storedSublayers.indexOfIdentical(layer) }

    func isDescendant(of layer: CALayer) -> Bool {
        var l: CALayer? = self
        while let current = l { if current === layer { return true }; l = current.superlayer }
        return false
    }

    /// Moves a sublayer to `index` without leaving the tree (views reorder their layers through this).
    public func moveSublayer(_ layer: CALayer, to index: Int) {
        guard let i = indexOfSublayer(layer) else { return }
        storedSublayers.remove(at: i)
        storedSublayers.insert(layer, at: Swift.min(Swift.max(0, index), storedSublayers.count))
        if flattensSublayers { flattenedSublayersChanged() }
        changed()
    }

    // MARK: Geometry

    /// The layer's own coordinate space; a size change invalidates the content when
    /// `needsDisplayOnBoundsChange` is set and lays out the sublayers.
    @exclusivity(unchecked) open var bounds: CGRect = .zero {
        didSet {
            changed()
            propertyDidChange("bounds", from: oldValue)
            guard bounds.size != oldValue.size else { return }
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
            // A size change lays out the layer and the layer it sits in (for views: `layoutSubviews()` of the
            // view and of its superview, as UIKit does).
            setNeedsLayout()
            superlayer?.setNeedsLayout()
        }
    }
    /// Where the anchor point sits, in the superlayer's coordinates.
    @exclusivity(unchecked) open var position: CGPoint = .zero { didSet { changed(); propertyDidChange("position", from: oldValue) } }
    /// The point of the bounds (in unit coordinates) that `position` places and transforms turn about.
    @exclusivity(unchecked) open var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { changed(); propertyDidChange("anchorPoint", from: oldValue) } }
    /// The layer's transform, relative to its anchor point (only the affine part is drawn).
    @exclusivity(unchecked) open var transform: CATransform3D = CATransform3DIdentity {
        didSet { transformIsIdentity = transform == CATransform3DIdentity; changed(); propertyDidChange("transform", from: oldValue) }
    }
    /// Whether `transform` is the identity (kept: `frame` is read and set on every layout, and most layers are
    /// untransformed).
    @exclusivity(unchecked) private var transformIsIdentity = true

    open func affineTransform() -> CGAffineTransform { transform.affine }
    open func setAffineTransform(_ t: CGAffineTransform) { transform = CATransform3D(t) }

    /// The bounding box of the transformed bounds, in the superlayer's coordinates. Setting it sets the bounds
    /// size (divided by the scale under a scale transform; kept under a rotation) and moves `position` so that
    /// reading `frame` back returns what was set (under a scale), wherever the anchor point is.
    open var frame: CGRect {
        get {
            if transformIsIdentity {
                let size = bounds.size
                return CGRect(x: position.x - size.width * anchorPoint.x, y: position.y - size.height * anchorPoint.y,
                              width: size.width, height: size.height)
            }
            return bounds.applying(transformToSuperlayer())
        }
        set {
            let size = transformIsIdentity ? newValue.size
                : CALayer.boundsSize(forFrameSize: newValue.size, transform: affineTransform(), current: bounds.size)
            // Each property is set once (and only if it changes): every set runs the property's action, and a
            // second set inside an animation block would replace the first animation with one that goes nowhere.
            if size != bounds.size { bounds.size = size }
            // Centre the new bounding box on the requested one: the same as matching origins when the sizes agree,
            // and the centre of the request under a rotation (whose box is larger).
            let placed = frame
            let moved = CGPoint(x: position.x + newValue.midX - placed.midX, y: position.y + newValue.midY - placed.midY)
            if moved != position { position = moved }
        }
    }

    /// The bounds size that gives a frame of `size` under `t`: the size itself without a transform, divided by
    /// the scale under a scale (or 90°-turned scale) transform, `current` under any other.
    nonisolated package static func boundsSize(forFrameSize size: CGSize, transform t: CGAffineTransform, current: CGSize) -> CGSize {
        if t.isIdentity { return size }
        if t.b == 0, t.c == 0, t.a != 0, t.d != 0 { return CGSize(width: size.width / abs(t.a), height: size.height / abs(t.d)) }
        if t.a == 0, t.d == 0, t.b != 0, t.c != 0 { return CGSize(width: size.height / abs(t.b), height: size.width / abs(t.c)) }
        return current
    }

    /// The map from this layer's coordinates to its superlayer's.
    package func transformToSuperlayer() -> CGAffineTransform {
        CALayer.superlayerTransform(bounds: bounds, position: position, anchorPoint: anchorPoint, transform: affineTransform())
    }

    /// Core Animation's placement: the anchor point of `bounds` (unit coordinates, bounds origin included) goes
    /// to `position`, and `transform` turns about it. The one place this arithmetic lives (the compositor's
    /// render values use it too).
    nonisolated static func superlayerTransform(bounds: CGRect, position: CGPoint, anchorPoint: CGPoint,
                                                transform t: CGAffineTransform) -> CGAffineTransform {
        let anchor = CGPoint(x: bounds.minX + bounds.width * anchorPoint.x, y: bounds.minY + bounds.height * anchorPoint.y)
        if t.isIdentity { return CGAffineTransform(translationX: position.x - anchor.x, y: position.y - anchor.y) }
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y).concatenating(t)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// Converts a point from this layer's coordinates to `layer`'s (`nil`: the root of the tree).
    open func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint { point.applying(transform(to: layer)) }
    open func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint { point.applying(transform(to: layer).inverted()) }
    open func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect { rect.applying(transform(to: layer)) }
    open func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect { rect.applying(transform(to: layer).inverted()) }

    private func toRoot() -> CGAffineTransform {
        var t = CGAffineTransform.identity
        var l = self
        while let s = l.superlayer { t = t.concatenating(l.transformToSuperlayer()); l = s }
        return t
    }

    private func transform(to layer: CALayer?) -> CGAffineTransform {
        guard let layer else { return toRoot() }
        return toRoot().concatenating(layer.toRoot().inverted())
    }

    // MARK: Appearance

    @exclusivity(unchecked) open var opacity: Float = 1 { didSet { changed(); propertyDidChange("opacity", from: oldValue) } }
    @exclusivity(unchecked) open var isHidden = false {
        didSet {
            changed()
            // The display pass skips hidden subtrees and leaves their content invalid: shown again, the way to them
            // is marked, so the next pass draws it.
            if oldValue, !isHidden, needsDisplay() || subtreeNeedsDisplay { queueForDisplay() }
        }
    }
    /// Clips the content and sublayers to the bounds (with `cornerRadius`, to the rounded bounds).
    @exclusivity(unchecked) open var masksToBounds = false { didSet { changed() } }
    @exclusivity(unchecked) open var backgroundColor: CGColor? {
        didSet {
            changed()
            opaqueStoreMayHaveChanged()
            propertyDidChange("backgroundColor", from: oldValue ?? CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        }
    }
    /// Rounds the background and border; with `masksToBounds`, clips content and sublayers too.
    @exclusivity(unchecked) open var cornerRadius: CGFloat = 0 { didSet { changed(); propertyDidChange("cornerRadius", from: oldValue) } }
    /// Which corners `cornerRadius` rounds (all four by default); the others stay square.
    @exclusivity(unchecked) open var maskedCorners: CACornerMask = .all { didSet { if maskedCorners != oldValue { changed() } } }
    @exclusivity(unchecked) open var borderWidth: CGFloat = 0 { didSet { changed(); propertyDidChange("borderWidth", from: oldValue) } }
    @exclusivity(unchecked) open var borderColor: CGColor? = .black {
        didSet { changed(); propertyDidChange("borderColor", from: oldValue ?? CGColor(red: 0, green: 0, blue: 0, alpha: 0)) }
    }
    /// Whether the layer promises to cover its bounds with opaque content.
    @exclusivity(unchecked) open var isOpaque = false { didSet { if isOpaque != oldValue { opaqueStoreMayHaveChanged() } } }

    // MARK: Shadow

    /// The shadow's colour (opaque black by default); drawn only when `shadowOpacity` is above 0.
    @exclusivity(unchecked) open var shadowColor: CGColor? = .black {
        didSet { changed(); propertyDidChange("shadowColor", from: oldValue ?? CGColor(red: 0, green: 0, blue: 0, alpha: 0)) }
    }
    /// The shadow's opacity, 0 (none, the default) to 1.
    @exclusivity(unchecked) open var shadowOpacity: Float = 0 { didSet { changed(); propertyDidChange("shadowOpacity", from: oldValue) } }
    /// Where the shadow falls, in the layer's coordinates: (0, -3) by default — 3 points *above* the layer on
    /// iOS's flipped screen, as Core Animation's default is.
    @exclusivity(unchecked) open var shadowOffset = CGSize(width: 0, height: -3) { didSet { changed(); propertyDidChange("shadowOffset", from: oldValue) } }
    /// The blur of the shadow's edge, in points (3 by default; 0: a hard edge).
    @exclusivity(unchecked) open var shadowRadius: CGFloat = 3 { didSet { changed(); propertyDidChange("shadowRadius", from: oldValue) } }
    /// The shadow's shape. Without one the shadow follows the layer's own painting — its background (with
    /// `cornerRadius`), its content's alpha and its border — and not its sublayers (see the porting notes in
    /// "Porting an iOS app"). Setting a path is also the fast way, as on iOS.
    @exclusivity(unchecked) open var shadowPath: CGPath? { didSet { changed() } }
    /// The blurred shadow shape, kept between frames (see ShadowPainter.swift).
    @exclusivity(unchecked) var shadowCache: ShadowMask?

    // MARK: Content

    /// The content: a `CGImage` (set by you, or by `display()` from the delegate's drawing).
    /// Vitrine (no iOS counterpart): asks for this layer — typically a video or camera picture the app replaces
    /// at its own rate — to be scanned out on a hardware overlay plane rather than composited into every frame,
    /// when its screen's display has a free overlay plane and the layer qualifies (see `UIScreen`'s overlay
    /// placement: an image the size of the layer's pixels, untransformed and opaque to the screen, nothing drawn
    /// over it). Otherwise it is composited as usual; the picture is the same either way.
    @exclusivity(unchecked) public var prefersOverlayPlane = false {
        didSet {
            guard prefersOverlayPlane != oldValue else { return }
            CALayer.overlayCandidates.removeAll { $0.layer == nil || $0.layer === self }
            if prefersOverlayPlane { CALayer.overlayCandidates.append(WeakLayerReference(layer: self)) } else { isOnOverlayPlane = false }
            changed()
        }
    }
    /// Set by the screen while the layer is scanned out on an overlay plane: the compositor leaves it and its
    /// sublayers out of the frame (the plane shows it, above the frame).
    @_spi(VitrineInternals) @exclusivity(unchecked) public var isOnOverlayPlane = false {
        didSet { if isOnOverlayPlane != oldValue { changed() } }
    }
    /// The layers that asked for an overlay plane (held weakly), in the order they asked.
    @_spi(VitrineInternals) public static var overlayCandidates: [WeakLayerReference] = []

    @exclusivity(unchecked) open var contents: Any? {
        didSet {
            contentsImage = contents as? CGImage
            changed()
        }
    }
    /// `contents` as an image, cast once when it is set rather than every frame.
    @exclusivity(unchecked) private(set) var contentsImage: CGImage?
    /// Pixels per point of the content (the screen scale for views' layers).
    @exclusivity(unchecked) open var contentsScale: CGFloat = 1 { didSet { if contentsScale != oldValue { changed() } } }
    @exclusivity(unchecked) open var contentsGravity: CALayerContentsGravity = .resize { didSet { changed() } }
    /// The stretchable part of the content, in unit coordinates; outside it the content keeps its size.
    @exclusivity(unchecked) open var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) { didSet { changed(); propertyDidChange("contentsCenter", from: oldValue) } }
    /// The part of the content image shown, in unit coordinates of the image (the whole image by default);
    /// parts outside the image repeat its edge pixels.
    @exclusivity(unchecked) open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) { didSet { changed(); propertyDidChange("contentsRect", from: oldValue) } }
    /// How content drawn larger than its pixels is sampled.
    @exclusivity(unchecked) open var magnificationFilter: CALayerContentsFilter = .linear { didSet { changed() } }
    /// How content drawn smaller than its pixels is sampled.
    @exclusivity(unchecked) open var minificationFilter: CALayerContentsFilter = .linear { didSet { changed() } }
    /// Redraw when the bounds size changes instead of scaling the old content.
    @exclusivity(unchecked) open var needsDisplayOnBoundsChange = false
    /// Clear the area to redraw before drawing into it.
    @exclusivity(unchecked) open var clearsContextBeforeDrawing = true

    /// The main screen's scale (UIKit sets it): layers that draw vector content of their own (shapes, gradients,
    /// replicated instances) rasterize at least at it, as Core Animation renders them at the display's resolution
    /// whatever their `contentsScale` (a bare `CAShapeLayer` is sharp on a 2x screen; a `CATextLayer` is not).
    package nonisolated(unsafe) static var screenScale: CGFloat = 1
    /// The scale the backing store is drawn at: `contentsScale`, or more for the classes above.
    var rasterScale: CGFloat { contentsScale }
    /// The scale the backing store was last drawn at (the compositor places it by this).
    @exclusivity(unchecked) var backingStoreScale: CGFloat = 1

    /// The content region waiting to be redrawn.
    @exclusivity(unchecked) package internal(set) var invalidRect: CGRect?
    /// The persistent backing store the delegate draws into (kept between redraws so partial redraws only
    /// touch the invalid part).
    var backingStore: CGContext? {
        get { backingStoreStorage }
        set {
            guard newValue !== backingStoreStorage else { return }
            let old = backingStoreStorage
            backingStoreStorage = newValue
            sharedContents = nil
            // The old store's ink is still the layer's (a new store starts with none).
            if let old { BackingStorePool.give(old, ink: backingStoreInk) }
        }
    }
    /// (nonisolated(unsafe): read by the nonisolated `deinit`; main actor everywhere else.)
    @exclusivity(unchecked) nonisolated(unsafe) private var backingStoreStorage: CGContext?
    /// What the compositor showed of this layer in the last frame (kept on the layer: no lookups per frame).
    @exclusivity(unchecked) var compositorRecord: Compositor.Record? { didSet { if compositorRecord != nil { wasCommitted = true } } }
    /// Whether the layer has been on screen (Core Animation animates changes only of committed layers; a layer
    /// hidden or faded out since keeps animating).
    @exclusivity(unchecked) var wasCommitted = false
    /// From the last frame: what this layer's subtree covers on screen, how many layers it paints, and whether
    /// any of them hides what is under it (plain values, read per frame without copying records).
    @exclusivity(unchecked) var subtreeExtent = PixelRect(x: 0, y: 0, width: 0, height: 0)
    @exclusivity(unchecked) var subtreeLayerCount = 0
    @exclusivity(unchecked) var subtreeHasOccluder = false
    /// The image over the backing store's pixels that `contents` holds after `display()`.
    @exclusivity(unchecked) var sharedContents: CGImage?
    /// The part of the backing store any drawing has touched since it was made, in store pixels (whole
    /// numbers): the rest is transparent, so the compositor damages and composites only this part.
    @exclusivity(unchecked) nonisolated(unsafe) var backingStoreInk = CGRect.null
    /// How many times `display()` has drawn content (for tests and damage tracking).
    @exclusivity(unchecked) public internal(set) var displayCount = 0
    /// Where the layer's drawing goes: its bounds, or more for a class that draws past them (CAShapeLayer).
    var contentArea: CGRect { bounds }
    /// Whether the compositor paints the layer's own background, border, content and shadow (CATransformLayer: no).
    var paintsItself: Bool { true }
    /// Whether the class draws content of its own (the gradient, shape and text layers): it keeps a transparent
    /// backing store whatever its delegate (a view) draws or says about opacity.
    var drawsContentOfItsOwn: Bool { false }
    /// Whether the layer draws its sublayers into its own content (CAReplicatorLayer): the compositor leaves them
    /// out, and any change below the layer invalidates its content (`flattenedSublayersChanged()`).
    @exclusivity(unchecked) var flattensSublayers = false
    /// The rectangle the backing store covers when it is not the bounds (`contentArea` at the last display).
    @exclusivity(unchecked) var backingStoreFrame: CGRect?
    /// While `draw(in:)` runs from `display()`: the part of the bounds being redrawn.
    @exclusivity(unchecked) public internal(set) var rectBeingDrawn: CGRect?

    /// Whether the content must be redrawn before it is next shown.
    open func needsDisplay() -> Bool { invalidRect != nil }

    /// Marks all the content for redrawing.
    open func setNeedsDisplay() { setNeedsDisplay(contentArea) }

    /// Marks part of the content (layer coordinates) for redrawing; calls before the next display add up.
    open func setNeedsDisplay(_ r: CGRect) {
        let clipped = r.intersection(contentArea)
        guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else { return }
        invalidRect = invalidRect.map { $0.union(clipped) } ?? clipped
        queueForDisplay()
    }

    /// Some layer below this one has invalid content: the display pass descends only into flagged subtrees.
    @exclusivity(unchecked) package internal(set) var subtreeNeedsDisplay = false
    /// The sublayers that have invalid content or such layers below them, in the order they were marked: the display
    /// pass visits these, not every sublayer (a changed label among a screenful of views costs its own way down).
    /// Entries whose layer has since moved elsewhere are skipped.
    @exclusivity(unchecked) var displayQueue: [CALayer] = []
    /// A spare list for `displayQueue` while it is worked through (no allocation from frame to frame).
    @exclusivity(unchecked) var spareDisplayQueue: [CALayer] = []
    /// Whether this layer is in its superlayer's `displayQueue`.
    @exclusivity(unchecked) var isQueuedForDisplay = false

    /// Redraws now if content is invalid.
    open func displayIfNeeded() { if needsDisplay() { display() } }

    /// Produces the content: the delegate's `display(_:)` if it has one, else (Core Animation's default) a
    /// redraw of the invalid region into the backing store through `draw(in:)`.
    open func display() {
        if let delegate {
            delegate.display(self)
        } else {
            displayIntoBackingStore()
        }
        invalidRect = nil
        displayCount += 1
        if redrawnRect == nil { redrawnRect = bounds; queueForCompositor() }
    }

    /// Whether the current backing store was made opaque.
    @exclusivity(unchecked) var backingStoreIsOpaque = false

    /// Per layer class without a delegate: whether its `draw(in:)` draws. CALayer's own `draw(in:)` records that
    /// it ran; a class whose drawing reaches it and leaves the store empty does not draw.
    static var classDraws: [ObjectIdentifier: Bool] = [:]
    @exclusivity(unchecked) var baseDrawReached = false

    /// Draws the content; the default asks the delegate. Override it to draw a layer subclass's content.
    open func draw(in ctx: CGContext) {
        baseDrawReached = true
        delegate?.draw(self, in: ctx)
    }

    // MARK: Change tracking (for the compositor)

    /// The layer's own appearance or geometry changed since the compositor last looked.
    @exclusivity(unchecked) package internal(set) var appearanceChanged = true
    /// Something below this layer changed.
    @exclusivity(unchecked) package internal(set) var subtreeChanged = false
    /// Layers taken out of a tree since the compositor last looked (it damages where they were).
    package internal(set) static var detached: [CALayer] = []

    func changed() {
        FrameRequest.note()
        guard !appearanceChanged else { return }
        appearanceChanged = true
        queueForCompositor()
    }

    /// The sublayers the compositor must visit when it visits this layer only for something below it: the ones
    /// that changed, or have changes below them, since it last looked (so a change deep in a big tree costs its
    /// path, not a scan of every sibling on the way). Each is in the list once (`isQueuedInSuperlayer`).
    @exclusivity(unchecked) private(set) var queuedSublayers: [CALayer] = []
    @exclusivity(unchecked) private var isQueuedInSuperlayer = false

    /// Puts this layer in its superlayer's `queuedSublayers` and marks the way up as changed below, queueing
    /// each ancestor in its own superlayer, until an ancestor already marked (whose way up is done).
    func queueForCompositor() {
        FrameRequest.note()
        var child = self
        while let parent = child.superlayer {
            // (Marked before the early return below: the flags under a flattening layer are cleared when it draws.)
            if parent.flattensSublayers { parent.flattenedSublayersChanged() }
            if !child.isQueuedInSuperlayer {
                parent.queuedSublayers.append(child)
                child.isQueuedInSuperlayer = true
            }
            if parent.subtreeChanged { return }
            parent.subtreeChanged = true
            child = parent
        }
    }

    /// Empties `queuedSublayers` once the compositor has visited them (their buffer is kept: no allocation
    /// frame to frame).
    package func clearQueuedSublayers() {
        for sub in queuedSublayers where sub.superlayerLink === self { sub.isQueuedInSuperlayer = false }
        queuedSublayers.removeAll(keepingCapacity: true)
    }

    /// Called by the compositor once it has taken the layer's state into account.
    package func clearChangeFlags() {
        appearanceChanged = false
        subtreeChanged = false
    }

    /// The part of the content redrawn by the last `display()` since the compositor last looked, in layer
    /// coordinates (`nil`: none, or the whole layer when `contents` was replaced).
    @exclusivity(unchecked) package internal(set) var redrawnRect: CGRect?
    package func clearRedrawnRect() { redrawnRect = nil }

    // MARK: Timing (CAMediaTiming; see CALayer+Timing.swift)

    /// When the layer's own time starts, in its superlayer's time (Core Animation's layer `beginTime`).
    open var beginTime: CFTimeInterval = 0 { didSet { timingChanged() } }
    /// How fast the layer's time runs against its superlayer's: 0 pauses every animation in the subtree (the
    /// pause-and-scrub idiom sets it with `timeOffset`), 2 runs them twice as fast.
    open var speed: Float = 1 { didSet { timingChanged() } }
    /// Added to the layer's time (with `speed` 0: the time the subtree's animations show).
    open var timeOffset: CFTimeInterval = 0 { didSet { timingChanged() } }
    /// Kept for `CAMediaTiming`; a layer's own duration, repeats and fill do not limit its animations here (Core
    /// Animation's layers are active for ever by default, which is what apps rely on).
    open var duration: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// `t`, a time of `layer` (nil: global media time), as this layer's time.
    open func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval { baseConvertTime(t, from: layer) }
    /// `t`, this layer's time, as a time of `layer` (nil: global media time).
    open func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval { baseConvertTime(t, to: layer) }

    // MARK: Animations and rendering (CALayer+Animation.swift, CALayer+Display.swift), open as Core Animation's are

    /// Adds a copy of `anim` under `key` (replacing, and stopping unfinished, the animation that had the key).
    /// An animation whose `beginTime` is 0 starts now; one whose `duration` is 0 lasts the transaction's duration.
    open func add(_ anim: CAAnimation, forKey key: String?) { baseAdd(anim, forKey: key) }
    /// The animation under `key` (a copy of what was added).
    open func animation(forKey key: String) -> CAAnimation? { baseAnimation(forKey: key) }
    /// The keys of the layer's animations, in the order they were added.
    open func animationKeys() -> [String]? { baseAnimationKeys() }
    /// Removes the animation under `key`; it stops unfinished.
    open func removeAnimation(forKey key: String) { baseRemoveAnimation(forKey: key) }
    /// Removes every animation; those still running stop unfinished.
    open func removeAllAnimations() { baseRemoveAllAnimations() }
    /// A copy of the layer with the values on screen now (the animations applied at the current media time),
    /// or `nil` before the layer was ever shown. Its sublayers are presentation copies of the layer's sublayers
    /// (the presentation tree below it, made at each call); `model()` gives back the layer.
    open func presentation() -> Self? { basePresentation() }
    /// Renders the layer and its sublayers into `ctx`, in the layer's own coordinate space, as the compositor
    /// shows them: backgrounds, cached content placed by `contentsGravity` (stretched by `contentsCenter`),
    /// borders, corner radii, masking, opacity — the one painter the screen uses too. Content that was never
    /// displayed is not drawn (call `displayIfNeeded()` first, as Core Animation expects).
    open func render(in ctx: CGContext) { baseRender(in: ctx) }

    // MARK: Layout

    @exclusivity(unchecked) private var needsLayoutFlag = false

    /// Marks the layer for layout before the next frame. A view's layer passes the request to the view, so
    /// `layoutSubviews()` runs, as on iOS.
    open func setNeedsLayout() {
        if let host { return host.layerNeedsLayout(self) }
        needsLayoutFlag = true
    }

    open func needsLayout() -> Bool {
        if let host { return host.layerLayoutIsPending(self) }
        return needsLayoutFlag
    }

    /// Lays out now if layout is pending (a view's layer: the view's `layoutIfNeeded()`).
    open func layoutIfNeeded() {
        if let host { return host.layoutLayerIfNeeded(self) }
        guard needsLayoutFlag else { return }
        needsLayoutFlag = false
        layoutSublayers()
    }

    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// The model layer: the layer itself, or for a presentation copy the layer it was made from.
    open func model() -> Self { (presentationModel as? Self) ?? self }

    /// For a presentation copy: the model layer (weak: a copy must not keep its model alive).
    @exclusivity(unchecked) weak var presentationModel: CALayer?

    /// Gives a presentation copy its sublayers' copies, without the bookkeeping of a real tree change (copies
    /// are never shown or laid out).
    func adoptPresentationSublayers(_ copies: [CALayer]) {
        storedSublayers = copies
        for c in copies { c.superlayerLink = self }
    }
}
