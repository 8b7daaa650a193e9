@_spi(VitrineInternals) import CoreGraphics
import Foundation
import ObjectiveC
import VitrinePlatform

/// What a layer asks of its delegate (for a view's layer, the view). Every method is optional, as in Core
/// Animation: a delegate that does not implement `display(_:)` gets the layer's default (a backing store drawn
/// through `draw(_:in:)`).
@preconcurrency @MainActor
public protocol CALayerDelegate: AnyObject {
    /// Fills the layer's content; implement it to set `contents` yourself instead of drawing.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx` (the layer's backing store, clipped to what needs redrawing).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for a property change: an animation, `NSNull()` for none, or `nil` to let the layer decide.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    /// The default: what Core Animation does for a delegate without `display(_:)` — draw into the layer's
    /// backing store through `draw(in:)` and the delegate's `draw(_:in:)`.
    public func display(_ layer: CALayer) { layer.displayIntoBackingStore() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// A delegate that owns its layer's layout and knows whether it draws (a view): the layer forwards layout
/// requests to it, so `layer.setNeedsLayout()` and sublayer changes reach `layoutSubviews()`, as on iOS, where
/// the layer's layout runs the view's. (Vitrine's seam between QuartzCore and UIKit; apps do not use it.)
@preconcurrency @MainActor
public protocol CALayerHost: CALayerDelegate {
    /// The layer asked for layout (`setNeedsLayout()`, a sublayer added or removed, a size change).
    func layerNeedsLayout(_ layer: CALayer)
    /// Whether layout is pending for the host.
    func layerLayoutIsPending(_ layer: CALayer) -> Bool
    /// Runs pending layout now.
    func layoutLayerIfNeeded(_ layer: CALayer)
    /// Whether drawing produces content at all; a layer whose host does not draw gets no backing store.
    func layerWantsBackingStore(_ layer: CALayer) -> Bool
}

/// How `contents` is placed in the layer's bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// How content is sampled when it is drawn larger or smaller than its pixels.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear (the default).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// The nearest pixel: hard edges for pixel art and sprite sheets.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Core Animation's mipmapped filter; Vitrine samples it bilinearly.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

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
    @inline(__always) private var host: (any CALayerHost)? {
        if hostLink != nil { return layoutHost }
        return weakDelegate as? any CALayerHost
    }

    // MARK: Tree

    /// The layer this one is a sublayer of. Not stored `weak` (see `hostLink`): the superlayer holds this layer in
    /// its sublayers, so it outlives the link, which removal, `sublayers =` and the superlayer's deinit clear.
    public var superlayer: CALayer? { superlayerLink }
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
    nonisolated public static func boundsSize(forFrameSize size: CGSize, transform t: CGAffineTransform, current: CGSize) -> CGSize {
        if t.isIdentity { return size }
        if t.b == 0, t.c == 0, t.a != 0, t.d != 0 { return CGSize(width: size.width / abs(t.a), height: size.height / abs(t.d)) }
        if t.a == 0, t.d == 0, t.b != 0, t.c != 0 { return CGSize(width: size.height / abs(t.b), height: size.width / abs(t.c)) }
        return current
    }

    /// The map from this layer's coordinates to its superlayer's.
    public func transformToSuperlayer() -> CGAffineTransform {
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
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint { point.applying(transform(to: layer)) }
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint { point.applying(transform(to: layer).inverted()) }
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect { rect.applying(transform(to: layer)) }
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect { rect.applying(transform(to: layer).inverted()) }

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

    /// The content region waiting to be redrawn.
    @exclusivity(unchecked) public private(set) var invalidRect: CGRect?
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
    @exclusivity(unchecked) private var sharedContents: CGImage?
    /// The part of the backing store any drawing has touched since it was made, in store pixels (whole
    /// numbers): the rest is transparent, so the compositor damages and composites only this part.
    @exclusivity(unchecked) nonisolated(unsafe) private var backingStoreInk = CGRect.null
    /// How many times `display()` has drawn content (for tests and damage tracking).
    @exclusivity(unchecked) public private(set) var displayCount = 0
    /// While `draw(in:)` runs from `display()`: the part of the bounds being redrawn.
    @exclusivity(unchecked) public private(set) var rectBeingDrawn: CGRect?

    /// Whether the content must be redrawn before it is next shown.
    open func needsDisplay() -> Bool { invalidRect != nil }

    /// Marks all the content for redrawing.
    open func setNeedsDisplay() { setNeedsDisplay(bounds) }

    /// Marks part of the content (layer coordinates) for redrawing; calls before the next display add up.
    open func setNeedsDisplay(_ r: CGRect) {
        let clipped = r.intersection(bounds)
        guard !clipped.isNull, clipped.width > 0, clipped.height > 0 else { return }
        invalidRect = invalidRect.map { $0.union(clipped) } ?? clipped
        queueForDisplay()
    }

    /// Some layer below this one has invalid content: the display pass descends only into flagged subtrees.
    @exclusivity(unchecked) public private(set) var subtreeNeedsDisplay = false
    /// The sublayers that have invalid content or such layers below them, in the order they were marked: the display
    /// pass visits these, not every sublayer (a changed label among a screenful of views costs its own way down).
    /// Entries whose layer has since moved elsewhere are skipped.
    @exclusivity(unchecked) private var displayQueue: [CALayer] = []
    /// A spare list for `displayQueue` while it is worked through (no allocation from frame to frame).
    @exclusivity(unchecked) private var spareDisplayQueue: [CALayer] = []
    /// Whether this layer is in its superlayer's `displayQueue`.
    @exclusivity(unchecked) private var isQueuedForDisplay = false

    /// Marks the way up from this layer, whose content (or something below it) is invalid: each ancestor flags its
    /// subtree and lists the layer below it in its display queue.
    func queueForDisplay() {
        var child = self
        while let parent = child.superlayer {
            if !child.isQueuedForDisplay {
                child.isQueuedForDisplay = true
                parent.displayQueue.append(child)
            }
            if parent.subtreeNeedsDisplay { return } // marked from here up already
            parent.subtreeNeedsDisplay = true
            child = parent
        }
    }

    /// The display pass for this subtree: redraws every layer whose content is invalid, parents before
    /// children, skipping hidden subtrees (they are redrawn when shown). Returns how many layers drew.
    @discardableResult
    public func displaySubtreeIfNeeded() -> Int {
        guard needsDisplay() || subtreeNeedsDisplay, !isHidden else { return 0 }
        var drawn = 0
        if needsDisplay() { display(); drawn += 1 }
        subtreeNeedsDisplay = false
        // The queue as it is now; layers marked while it is worked through (a drawing that invalidates another)
        // start a new one, for the next pass.
        var queue = spareDisplayQueue
        swap(&queue, &displayQueue)
        for sub in queue where sub.superlayer === self {
            sub.isQueuedForDisplay = false
            if sub.needsDisplay() || sub.subtreeNeedsDisplay { drawn += sub.displaySubtreeIfNeeded() }
        }
        queue.removeAll(keepingCapacity: true)
        spareDisplayQueue = queue
        return drawn
    }

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

    /// Redraws the invalid region into the backing store through `draw(in:)` (what `display()` does when the
    /// delegate does not display the layer itself). A layer that draws nothing — no delegate drawing, and a
    /// class whose `draw(in:)` is not overridden — gets no backing store.
    public func displayIntoBackingStore() {
        let dirty = invalidRect ?? bounds
        guard wantsBackingStore else { dropBackingStore(); return }
        let scale = contentsScale
        let pw = Int((bounds.width * scale).rounded(.up)), ph = Int((bounds.height * scale).rounded(.up))
        guard pw > 0, ph > 0 else { dropBackingStore(); return }
        var region = dirty
        var fresh = false
        let opaque = wantsOpaqueBackingStore
        if backingStore == nil || backingStore!.width != pw || backingStore!.height != ph || opaque != backingStoreIsOpaque {
            backingStore = BackingStorePool.take(width: pw, height: ph, scale: scale)
                ?? CGContext.uikitBitmap(pixelWidth: pw, pixelHeight: ph, scale: scale)
            backingStoreIsOpaque = opaque
            region = bounds
            fresh = true
        }
        guard let ctx = backingStore else { return }
        ctx.beginInkTracking()
        ctx.saveGState()
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        ctx.clip(to: region)
        // Outside its ink the store is transparent already: only the old ink needs clearing.
        if clearsContextBeforeDrawing, !fresh, !backingStoreInk.isNull {
            ctx.clear(Self.storeRect(backingStoreInk, scale: scale, bounds: bounds).intersection(region))
        }
        rectBeingDrawn = region
        baseDrawReached = false
        draw(in: ctx)
        rectBeingDrawn = nil
        ctx.restoreGState()
        if opaque {
            // An opaque store has no transparent pixels: what the drawing left transparent is black, as in UIKit's
            // stores without alpha. Black goes *under* the drawing (the same pixels as drawing over black), so the
            // drawing itself still shows whether it drew anything.
            ctx.saveGState()
            ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
            ctx.clip(to: region)
            ctx.setBlendMode(.destinationOver)
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            ctx.fill(region)
            ctx.restoreGState()
        }
        // Only a store drawn from empty tells whether this drawing draws (an older one may hold others' ink). Asked
        // while ink is still tracked: only the touched part is looked at.
        if fresh { learnWhetherClassDraws(ctx) }
        let drawnInk = ctx.endInkTracking() ?? .null
        // The store's ink now: the old (unless cleared) and the new. Recorded before the store may be let go of
        // below: the pool clears what this says was drawn before it hands the store to another layer.
        let storeRect = CGRect(x: 0, y: 0, width: pw, height: ph)
        let pixelRegion = CGRect(x: (region.minX - bounds.minX) * scale, y: (region.minY - bounds.minY) * scale,
                                 width: region.width * scale, height: region.height * scale).integral.intersection(storeRect)
        let oldInk = fresh ? CGRect.null : backingStoreInk
        let survivingInk = clearsContextBeforeDrawing && pixelRegion.contains(oldInk) ? CGRect.null : oldInk
        backingStoreInk = opaque ? storeRect : survivingInk.union(drawnInk.integral).intersection(storeRect)
        // The layer may only now know that it draws nothing (it learns it on its first draw).
        guard wantsBackingStore else { dropBackingStore(); return }
        // What changed: inside the redrawn region, the old ink (possibly cleared) and the new.
        let changedPixels = pixelRegion.intersection(oldInk.union(backingStoreInk))
        let changed = changedPixels.isNull ? CGRect(origin: region.origin, size: .zero)
            : Self.storeRect(changedPixels, scale: scale, bounds: bounds)
        // The backing store itself is the content (no copy): redraws show through it, as in Core Animation.
        if sharedContents == nil || contentsImage !== sharedContents {
            sharedContents = ctx.makeSharedImage(isOpaque: opaque)
            contents = sharedContents
            redrawnRect = bounds
        } else {
            // Same image, new pixels: tell the compositor where to look (see `redrawnRect`). Its ink is part of
            // the layer's render values, so a change of ink alone is seen too.
            queueForCompositor()
            redrawnRect = (redrawnRect.map { $0.union(changed) }) ?? changed
        }
    }

    /// A rectangle of a store's pixels (drawn at `scale` for a layer of `bounds`) in the layer's coordinates.
    private static func storeRect(_ pixels: CGRect, scale: CGFloat, bounds: CGRect) -> CGRect {
        CGRect(x: pixels.minX / scale + bounds.minX, y: pixels.minY / scale + bounds.minY,
               width: pixels.width / scale, height: pixels.height / scale)
    }

    /// The inked part of the content image, in its pixels, when `contents` is the layer's own backing store (`nil`:
    /// the image is the app's, inked anywhere).
    var contentsInk: CGRect? {
        guard let image = contentsImage, image === sharedContents else { return nil }
        return backingStoreInk
    }

    /// Lets go of the backing stores of this layer and its sublayers, each to be drawn again when next displayed:
    /// what a memory warning does to a hidden window's layers (a hidden window is not displayed until shown).
    @_spi(VitrineInternals) public func discardBackingStores() {
        if backingStore != nil, dropBackingStore() { setNeedsDisplay() }
        for sublayer in storedSublayers { sublayer.discardBackingStores() }
    }

    /// Lets go of the backing store of a layer that does not draw. Content set by the app (`layer.contents =
    /// image` on a view without `draw(_:)`, as iOS apps do) stays; only the store's own image goes.
    /// Returns whether the store's own image was shown (and is now gone).
    @discardableResult
    private func dropBackingStore() -> Bool {
        let drawn = sharedContents != nil && contentsImage === sharedContents
        backingStore = nil
        // The shared image is the store's pixels: holding it would keep the store's memory.
        sharedContents = nil
        if drawn { contents = nil }
        return drawn
    }

    /// Whether the backing store is opaque: the layer promises to cover its bounds (`isOpaque`, every view's
    /// default) and has no background of its own to show through. What its drawing leaves transparent is black
    /// (as on iOS, whose opaque stores have no alpha) and is copied to the screen instead of blended, and the
    /// layer hides what is below it. A layer with a background keeps a transparent store over that background.
    var wantsOpaqueBackingStore: Bool { isOpaque && (backgroundColor?.alpha ?? 0) == 0 }
    /// Whether the current backing store was made opaque.
    @exclusivity(unchecked) private var backingStoreIsOpaque = false

    /// A change of `isOpaque` or of the background can change which kind of store the layer needs.
    private func opaqueStoreMayHaveChanged() {
        if backingStore != nil, wantsOpaqueBackingStore != backingStoreIsOpaque { setNeedsDisplay() }
    }

    /// Whether the layer keeps a backing store: its host (a view) says whether it draws; otherwise a layer
    /// with a delegate does (the delegate may draw in `draw(_:in:)`), and a layer without one does when its
    /// class overrides `draw(in:)` (learnt on its first display).
    private var wantsBackingStore: Bool {
        if let host { return host.layerWantsBackingStore(self) }
        if delegate != nil { return true }
        return CALayer.classDraws[ObjectIdentifier(type(of: self))] ?? true
    }

    /// Per layer class without a delegate: whether its `draw(in:)` draws. CALayer's own `draw(in:)` records that
    /// it ran; a class whose drawing reaches it and leaves the store empty does not draw.
    private static var classDraws: [ObjectIdentifier: Bool] = [:]
    @exclusivity(unchecked) private var baseDrawReached = false

    private func learnWhetherClassDraws(_ ctx: CGContext) {
        guard delegate == nil else { return }
        let key = ObjectIdentifier(type(of: self))
        if CALayer.classDraws[key] == nil { CALayer.classDraws[key] = !baseDrawReached || ctx.hasInk }
    }

    /// Draws the content; the default asks the delegate. Override it to draw a layer subclass's content.
    open func draw(in ctx: CGContext) {
        baseDrawReached = true
        delegate?.draw(self, in: ctx)
    }

    // MARK: Change tracking (for the compositor)

    /// The layer's own appearance or geometry changed since the compositor last looked.
    @exclusivity(unchecked) public internal(set) var appearanceChanged = true
    /// Something below this layer changed.
    @exclusivity(unchecked) public internal(set) var subtreeChanged = false
    /// Layers taken out of a tree since the compositor last looked (it damages where they were).
    public internal(set) static var detached: [CALayer] = []

    func changed() {
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
        var child = self
        while let parent = child.superlayer {
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
    public func clearQueuedSublayers() {
        for sub in queuedSublayers where sub.superlayerLink === self { sub.isQueuedInSuperlayer = false }
        queuedSublayers.removeAll(keepingCapacity: true)
    }

    /// Called by the compositor once it has taken the layer's state into account.
    public func clearChangeFlags() {
        appearanceChanged = false
        subtreeChanged = false
    }

    /// The part of the content redrawn by the last `display()` since the compositor last looked, in layer
    /// coordinates (`nil`: none, or the whole layer when `contents` was replaced).
    @exclusivity(unchecked) public internal(set) var redrawnRect: CGRect?
    public func clearRedrawnRect() { redrawnRect = nil }

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

/// The corners of a layer that its `cornerRadius` rounds (Core Animation's `CACornerMask`). Layers' y axis points
/// down, as UIKit's views' does: `layerMinXMinYCorner` is the top left.
public struct CACornerMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
    /// All four (the default).
    static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The values the compositor shows for a layer: `CALayer.renderValues()` gives the model values with the
/// layer's animations applied at the current media time (the presentation values).
public struct CALayerRenderValues {
    public var bounds: CGRect
    public var position: CGPoint
    public var anchorPoint: CGPoint
    public var transform: CGAffineTransform
    public var opacity: Float
    public var isHidden: Bool
    public var masksToBounds: Bool
    public var backgroundColor: CGColor?
    public var cornerRadius: CGFloat
    /// The corners `cornerRadius` applies to.
    public var maskedCorners: CACornerMask = .all
    public var borderWidth: CGFloat
    public var borderColor: CGColor?
    public var isOpaque: Bool
    public var contents: CGImage?
    public var contentsScale: CGFloat
    public var contentsGravity: CALayerContentsGravity
    public var contentsCenter: CGRect
    public var contentsRect: CGRect
    /// Whether content is sampled from the nearest pixel (`.nearest` filters) rather than bilinearly.
    public var samplesNearest = false
    public var shadowColor: CGColor?
    public var shadowOpacity: Float
    public var shadowOffset: CGSize
    public var shadowRadius: CGFloat
    public var shadowPath: CGPath?
    /// A running `CATransition`'s state, if any.
    public var transition: TransitionState?
    /// When the contents are the layer's backing store: the part its drawing touched, in image pixels (the rest
    /// is transparent). `nil`: anywhere.
    public var contentsInk: CGRect?

    /// What the layer paints of itself, in its own coordinates: its bounds and, unless it masks to them, where
    /// its content lands (an aspect-filled or centred image may spill past the bounds). A layer that paints only
    /// its backing store (no background or border) paints only the store's inked part.
    @inline(__always)
    public var ownPaintedRect: CGRect {
        guard let image = contents else { return bounds }
        let placed = contentsGravity.rect(forContentOfSize: contentPointSize(of: image), in: bounds)
        if let inked = inkedRect(of: image, placed: placed), (backgroundColor?.alpha ?? 0) == 0,
           borderWidth <= 0 || (borderColor?.alpha ?? 0) == 0 {
            let shown = masksToBounds ? inked.intersection(bounds) : inked
            return shown.isNull ? CGRect(origin: bounds.origin, size: .zero) : shown
        }
        return masksToBounds ? bounds : bounds.union(placed)
    }

    /// Where the inked part of `image` lands in the layer, when known and the whole image is shown.
    private func inkedRect(of image: CGImage, placed: CGRect) -> CGRect? {
        guard let ink = contentsInk, contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1),
              image.width > 0, image.height > 0 else { return nil }
        if ink.isNull { return .null }
        let sx = placed.width / CGFloat(image.width), sy = placed.height / CGFloat(image.height)
        return CGRect(x: placed.minX + ink.minX * sx, y: placed.minY + ink.minY * sy, width: ink.width * sx, height: ink.height * sy)
    }

    /// What the layer can paint, in its own coordinates: `ownPaintedRect`, its shadow's reach, and during a
    /// transition the path its old and new pictures travel.
    @inline(__always)
    public var paintedRect: CGRect {
        var r = ownPaintedRect
        if let shadow = shadowReach { r = r.union(shadow) }
        if let t = transition, t.travel != .zero {
            r = r.union(r.offsetBy(dx: t.travel.dx, dy: t.travel.dy)).union(r.offsetBy(dx: -t.travel.dx, dy: -t.travel.dy))
        }
        return r
    }

    /// Whether the layer shows a shadow.
    public var hasShadow: Bool { shadowOpacity > 0 && (shadowColor?.alpha ?? 0) > 0 && !isHidden }

    /// The part of the layer's space the shadow can darken (its shape, offset, grown by the blur's reach).
    @inline(__always)
    var shadowReach: CGRect? {
        guard hasShadow else { return nil }
        let shape = shadowPath?.boundingBox ?? ownPaintedRect
        guard !shape.isNull, !shape.isEmpty else { return nil }
        let reach = 3 * Swift.max(0, shadowRadius) + 2
        return shape.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height).insetBy(dx: -reach, dy: -reach)
    }

    /// The size in points the content image occupies before gravity places it: the `contentsRect` part of the
    /// image at `contentsScale`.
    func contentPointSize(of image: CGImage) -> CGSize {
        let s = contentsScale > 0 ? contentsScale : 1
        return CGSize(width: CGFloat(image.width) * contentsRect.width / s, height: CGFloat(image.height) * contentsRect.height / s)
    }

    /// The map from the layer's coordinates to its superlayer's.
    @inline(__always)
    public var toSuperlayer: CGAffineTransform {
        CALayer.superlayerTransform(bounds: bounds, position: position, anchorPoint: anchorPoint, transform: transform)
    }
}

extension CALayer {
    /// What the compositor shows for this layer now (the presentation values; see `CALayerRenderValues`).
    @preconcurrency @MainActor
    public func renderValues() -> CALayerRenderValues { animatedValues(modelRenderValues()) }

    /// The model values, without animations.
    func modelRenderValues() -> CALayerRenderValues {
        var v = CALayerRenderValues(bounds: bounds, position: position, anchorPoint: anchorPoint, transform: affineTransform(),
                            opacity: opacity, isHidden: isHidden, masksToBounds: masksToBounds,
                            backgroundColor: backgroundColor, cornerRadius: cornerRadius, borderWidth: borderWidth,
                            borderColor: borderColor, isOpaque: isOpaque, contents: contentsImage,
                            contentsScale: contentsScale, contentsGravity: contentsGravity, contentsCenter: contentsCenter,
                            contentsRect: contentsRect, shadowColor: shadowColor, shadowOpacity: shadowOpacity,
                            shadowOffset: shadowOffset, shadowRadius: shadowRadius, shadowPath: shadowPath, transition: nil)
        v.contentsInk = contentsInk
        v.maskedCorners = maskedCorners
        v.samplesNearest = magnificationFilter == .nearest && minificationFilter == .nearest
            || (magnificationFilter == .nearest || minificationFilter == .nearest) && nearestSamplingApplies()
        return v
    }
}

extension CALayer {
    /// With one filter `.nearest`: whether it is the one that applies — content drawn larger than its pixels
    /// (at the layer's content scale, before transforms) magnifies, smaller minifies.
    private func nearestSamplingApplies() -> Bool {
        guard let image = contentsImage, image.width > 0 else { return false }
        let enlarged = bounds.width * contentsScale > CGFloat(image.width) * contentsRect.width
        return enlarged ? magnificationFilter == .nearest : minificationFilter == .nearest
    }
}

extension Array where Element: AnyObject {
    /// The index of `object` itself (identity, not equality), searching from both ends at once: the newest
    /// and oldest elements — the ones views and layers usually remove — are found in O(1). Compares identities
    /// without retaining each element.
    @_spi(VitrineInternals)
    public func indexOfIdentical(_ object: Element) -> Int? {
        let target = ObjectIdentifier(object)
        return withUnsafeBufferPointer { buf -> Int? in
            var lo = 0, hi = buf.count - 1
            while lo <= hi {
                if ObjectIdentifier(buf[hi]) == target { return hi }
                if ObjectIdentifier(buf[lo]) == target { return lo }
                lo += 1; hi -= 1
            }
            return nil
        }
    }
}

extension CALayer {
    /// Renders the layer and its sublayers into `ctx`, in the layer's own coordinate space, as the compositor
    /// shows them: backgrounds, cached content placed by `contentsGravity` (stretched by `contentsCenter`),
    /// borders, corner radii, masking, opacity — the one painter the screen uses too. Content that was never
    /// displayed is not drawn (call `displayIfNeeded()` first, as Core Animation expects).
    public func render(in ctx: CGContext) {
        ctx.withCairo { cr in Painter.render(self, cr) }
    }
}

/// A weak reference to a layer (lists of layers that must not keep them alive).
@_spi(VitrineInternals) public struct WeakLayerReference {
    public weak var layer: CALayer?
    public init(layer: CALayer?) { self.layer = layer }
}
