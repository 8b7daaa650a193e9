import CCairo
@_spi(VitrineInternals) import CoreGraphics
import Foundation

/// A layer that shows its sublayers `instanceCount` times: each instance moved from the one before by
/// `instanceTransform` (about the layer's centre), its colours multiplied by `instanceColor` plus the offsets times
/// its number, and its animations `instanceDelay` seconds behind the one before — the usual activity indicators,
/// equalisers and rows of dots.
///
/// The instances are drawn into the layer's own content (its sublayers are not composited themselves), redrawn
/// whenever anything below the layer changes or animates; the content covers wherever the instances reach. The
/// compositor is two-dimensional: `instanceTransform` acts by its affine part and `preservesDepth` changes nothing.
@preconcurrency @MainActor
open class CAReplicatorLayer: CALayer {
    /// How many copies of the sublayers are shown, the first where the sublayers are (1 by default: just them).
    open var instanceCount = 1 { didSet { contentPropertyDidChange("instanceCount", from: oldValue) } }
    /// Kept: the compositor is two-dimensional.
    open var preservesDepth = false
    /// How far behind the previous instance's each instance's animations run, in seconds.
    open var instanceDelay: CFTimeInterval = 0 { didSet { contentPropertyDidChange("instanceDelay", from: oldValue) } }
    /// What takes each instance to the next, applied about the centre of the layer's bounds.
    open var instanceTransform = CATransform3DIdentity {
        didSet { contentPropertyDidChange("instanceTransform", from: oldValue) }
    }
    /// The colour the first instance's colours are multiplied by (opaque white, the default, leaves them).
    open var instanceColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) {
        didSet { contentPropertyDidChange("instanceColor", from: oldValue as Any) }
    }
    /// Added to each colour component for each instance after the first (and kept within 0...1).
    open var instanceRedOffset: Float = 0 { didSet { contentPropertyDidChange("instanceRedOffset", from: oldValue) } }
    open var instanceGreenOffset: Float = 0 { didSet { contentPropertyDidChange("instanceGreenOffset", from: oldValue) } }
    open var instanceBlueOffset: Float = 0 { didSet { contentPropertyDidChange("instanceBlueOffset", from: oldValue) } }
    open var instanceAlphaOffset: Float = 0 { didSet { contentPropertyDidChange("instanceAlphaOffset", from: oldValue) } }

    /// While an instance is drawn: how far its sublayers' time runs behind (see `CALayer.localTime(fromGlobal:)`).
    @exclusivity(unchecked) fileprivate var drawingShift: CFTimeInterval = 0
    /// While the instances are drawn, changes below them (their own displays) are not news.
    @exclusivity(unchecked) private var isDrawingInstances = false

    public required init() {
        super.init()
        flattensSublayers = true
    }

    public required init(layer: Any) {
        super.init(layer: layer)
        flattensSublayers = true
        if let other = layer as? CAReplicatorLayer {
            CATransaction.withActionsDisabled {
                instanceCount = other.instanceCount; preservesDepth = other.preservesDepth
                instanceDelay = other.instanceDelay; instanceTransform = other.instanceTransform
                instanceColor = other.instanceColor
                instanceRedOffset = other.instanceRedOffset; instanceGreenOffset = other.instanceGreenOffset
                instanceBlueOffset = other.instanceBlueOffset; instanceAlphaOffset = other.instanceAlphaOffset
            }
        }
    }

    /// The instances are placed about the centre: a new size moves them.
    open override var bounds: CGRect {
        didSet { if bounds.size != oldValue.size { setNeedsDisplay() } }
    }

    /// A basic animation from the old value for the animatable instance properties; Core Animation's defaults for
    /// the rest.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        isContentKey(event) ? CABasicAnimation(keyPath: event) : super.defaultAction(forKey: event)
    }

    /// Displays the sublayers' own content first (the instances are drawn from it), then the layer's.
    open override func display() {
        isDrawingInstances = true
        for sub in sublayers ?? [] { sub.displaySubtreeIfNeeded() }
        isDrawingInstances = false
        super.display()
    }

    /// The delegate's drawing (a view's `draw(_:)`), then the instances over it.
    open override func draw(in ctx: CGContext) {
        super.draw(in: ctx)
        isDrawingInstances = true
        defer { isDrawingInstances = false }
        let subs = sublayers ?? []
        ctx.withCairo { cr in
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            let toStore = CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
            forEachInstance { i, instance in
                let parent = instance.concatenating(toStore)
                let tint = instanceTint(i)
                if tint == (1, 1, 1, 1) {
                    for sub in subs { Painter.render(sub, cr, parent: parent) }
                } else {
                    // Drawn apart and multiplied, then laid over the instances before it.
                    cairo_push_group(cr)
                    for sub in subs { Painter.render(sub, cr, parent: parent) }
                    let group = cairo_pop_group(cr)!
                    Self.multiply(group, by: tint)
                    cairo_set_source(cr, group)
                    cairo_paint(cr)
                    cairo_pattern_destroy(group)
                }
            }
        }
        // What changed below has been drawn: start afresh (the compositor never visits these layers to clear it).
        for sub in subs { Self.forgetChanges(sub) }
    }

    /// The sublayers and the instances' reach, from the values on screen now (each instance at its own time).
    /// Drawn at the screen's resolution at least, as Core Animation renders it whatever `contentsScale` says.
    override var rasterScale: CGFloat { max(contentsScale, CALayer.screenScale) }

    override var contentArea: CGRect {
        var reach = CGRect.null
        let subs = sublayers ?? []
        forEachInstance { _, instance in
            for sub in subs {
                let r = Self.extent(of: sub)
                if !r.isNull, !r.isEmpty { reach = reach.union(r.applying(instance)) }
            }
        }
        guard !reach.isNull else { return bounds }
        // A pixel more for antialiasing, whole points to stay on the screen's grid, and no further than any screen
        // could show (a long row of instances would otherwise ask for a store of any size).
        let limit = bounds.insetBy(dx: -8192, dy: -8192)
        reach = reach.insetBy(dx: -1, dy: -1).integral.intersection(limit)
        return bounds.isEmpty ? reach : bounds.union(reach)
    }

    /// Calls `body` with each instance's number and its map into the layer's coordinates, the sublayers' time
    /// shifted for it (drawing and the reach go through the instances the same way); nothing without sublayers.
    private func forEachInstance(_ body: (Int, CGAffineTransform) -> Void) {
        let count = currentInstanceCount
        guard count > 0, !(sublayers ?? []).isEmpty else { return }
        let delay = animatedContentNumber("instanceDelay", instanceDelay)
        let step = instanceStep
        defer { drawingShift = 0 }
        var instance = CGAffineTransform.identity
        for i in 0..<count {
            drawingShift = Double(i) * delay
            body(i, instance)
            instance = instance.concatenating(step)
        }
    }

    // MARK: The values on screen now

    private var currentInstanceCount: Int {
        Swift.max(0, Int(animatedContentNumber("instanceCount", CGFloat(instanceCount)).rounded(.down)))
    }

    /// From one instance to the next, in the layer's coordinates: `instanceTransform` about the bounds' centre.
    private var instanceStep: CGAffineTransform {
        var t = instanceTransform.affine
        if case let .transform(animated)? = animatedContentValue(forKey: "instanceTransform") { t = animated.affine }
        let cx = bounds.midX, cy = bounds.midY
        return CGAffineTransform(translationX: -cx, y: -cy).concatenating(t).concatenating(CGAffineTransform(translationX: cx, y: cy))
    }

    /// The colour instance `i` is multiplied by, each component within 0...1.
    private func instanceTint(_ i: Int) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        var base = instanceColor
        if case let .color(c)? = animatedContentValue(forKey: "instanceColor") { base = c }
        let n = CGFloat(i)
        func component(_ value: CGFloat, _ key: String, _ offset: Float) -> CGFloat {
            let o = animatedContentNumber(key, CGFloat(offset))
            return Swift.min(1, Swift.max(0, value + n * o))
        }
        return (component(base?.red ?? 1, "instanceRedOffset", instanceRedOffset),
                component(base?.green ?? 1, "instanceGreenOffset", instanceGreenOffset),
                component(base?.blue ?? 1, "instanceBlueOffset", instanceBlueOffset),
                component(base?.alpha ?? 1, "instanceAlphaOffset", instanceAlphaOffset))
    }

    // MARK: Drawing helpers

    /// Where `layer` and its visible sublayers paint, in its superlayer's coordinates.
    private static func extent(of layer: CALayer) -> CGRect {
        let v = layer.renderValues()
        guard !v.isHidden, v.opacity > 0 else { return .null }
        var r = v.paintedRect
        if !v.masksToBounds {
            for sub in layer.compositedSublayers {
                let e = extent(of: sub)
                if !e.isNull, !e.isEmpty { r = r.union(e) }
            }
        }
        return r.applying(v.toSuperlayer)
    }

    /// Multiplies the premultiplied pixels of a group's surface by `tint` (colour times the tint's alpha; alpha by it).
    private static func multiply(_ group: OpaquePointer, by tint: (CGFloat, CGFloat, CGFloat, CGFloat)) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        // In 1/256ths: each channel times the factor, shifted back.
        let fa = UInt32((tint.3 * 256).rounded())
        let fr = UInt32((tint.0 * tint.3 * 256).rounded()), fg = UInt32((tint.1 * tint.3 * 256).rounded())
        let fb = UInt32((tint.2 * tint.3 * 256).rounded())
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x]
                if p == 0 { continue }
                // (Swift's shifts bind tighter than its multiplication: the products are bracketed.)
                let a = ((p >> 24) * fa) >> 8, r = (((p >> 16) & 0xFF) * fr) >> 8
                let g = (((p >> 8) & 0xFF) * fg) >> 8, b = ((p & 0xFF) * fb) >> 8
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Clears the change records of a subtree the compositor does not visit (see `queueForCompositor`).
    private static func forgetChanges(_ layer: CALayer) {
        guard layer.appearanceChanged || layer.subtreeChanged || layer.redrawnRect != nil else { return }
        layer.clearChangeFlags()
        layer.clearRedrawnRect()
        for sub in layer.storedSublayers { forgetChanges(sub) }
        layer.clearQueuedSublayers()
    }

    // MARK: Changes

    fileprivate func sublayersChanged() {
        if !isDrawingInstances { setNeedsDisplay() }
    }
}

extension CALayer {
    /// The sublayers the compositor walks and paints itself: none for a layer that draws them into its own content.
    var compositedSublayers: [CALayer] { flattensSublayers ? [] : storedSublayers }

    /// For a flattening layer: something below it changed, so its content must be drawn again.
    func flattenedSublayersChanged() { (self as? CAReplicatorLayer)?.sublayersChanged() }

    /// For a flattening layer: how far behind the sublayers' time runs for the instance being drawn.
    var instanceTimeShift: CFTimeInterval { (self as? CAReplicatorLayer)?.drawingShift ?? 0 }
}

extension CAReplicatorLayer: CALayerContentAnimating {
    static func isContentKey(_ key: String) -> Bool {
        switch key {
        case "instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
             "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset": return true
        default: return false
        }
    }

    func modelContentValue(forKey key: String) -> AnimationValue? {
        switch key {
        case "instanceCount": return .number(Double(instanceCount))
        case "instanceDelay": return .number(instanceDelay)
        case "instanceTransform": return .transform(instanceTransform)
        case "instanceColor": return .color(instanceColor)
        case "instanceRedOffset": return .number(Double(instanceRedOffset))
        case "instanceGreenOffset": return .number(Double(instanceGreenOffset))
        case "instanceBlueOffset": return .number(Double(instanceBlueOffset))
        case "instanceAlphaOffset": return .number(Double(instanceAlphaOffset))
        default: return nil
        }
    }

    func setContentValue(_ value: AnimationValue, forKey key: String) {
        CATransaction.withActionsDisabled {
            switch (key, value) {
            case let ("instanceCount", .number(v)): instanceCount = Int(v.rounded(.down))
            case let ("instanceDelay", .number(v)): instanceDelay = v
            case let ("instanceTransform", .transform(t)): instanceTransform = t
            case let ("instanceColor", .color(c)): instanceColor = c
            case let ("instanceRedOffset", .number(v)): instanceRedOffset = Float(v)
            case let ("instanceGreenOffset", .number(v)): instanceGreenOffset = Float(v)
            case let ("instanceBlueOffset", .number(v)): instanceBlueOffset = Float(v)
            case let ("instanceAlphaOffset", .number(v)): instanceAlphaOffset = Float(v)
            default: break
            }
        }
    }
}
