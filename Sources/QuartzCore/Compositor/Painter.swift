import CCairo
import CPixelKernels
import CPixman
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

/// Paints layer trees with cairo (over pixman) into the compositor's shadow buffer: per layer, clip (bounds,
/// rounded by `cornerRadius`, when masking), background, content placed by its gravity (the stretchable
/// `contentsCenter` slices), border; sublayers on top; a layer with opacity below 1 is painted as one group.
/// Transformed content is sampled bilinearly.
///
/// Fast path: where a layer draws straight into the shadow buffer (no group above it, only pixel-aligned
/// rectangular clips) square backgrounds are filled and pixel-aligned content (one content pixel per device
/// pixel) is composited with pixman directly, without cairo's path and pattern machinery.
@MainActor
enum Painter {
    /// The shadow buffer as pixman sees it, and the pixel rectangle direct drawing must stay inside.
    struct Direct {
        var destination: OpaquePointer
        var surface: OpaquePointer
        var clip: PixelRect
        /// This frame's occluders (rectangles opaque layers hide, numbered in paint order): a big fill leaves out
        /// what a layer painted after it hides.
        var occluders: UnsafeBufferPointer<(rect: PixelRect, order: Int)>
    }

    /// Paints `layer`'s subtree. `cull`: skip what lies outside `clip` or under the occluder, from the extents
    /// the compositor's last walk recorded (only true for the compositor's own screen).
    static func paint(_ layer: CALayer, _ cr: OpaquePointer, _ parent: CGAffineTransform, firstPainted: Int,
                      index: inout Int, clip: PixelRect, painted: inout Int, direct: Direct?, cull: Bool = true) {
        if cull {
            guard !skipsCulled(layer, clip: clip, firstPainted: firstPainted, index: &index) else { return }
        } else {
            guard !layer.isHidden, layer.opacity > 0 else { return }
        }
        // On screen, the values the compositor's walk took this frame (the damage was worked out from them). Taken
        // borrowed: fewer copies of a struct whose every copy retains its colours and images.
        if cull, let record = layer.compositorRecord {
            if let direct, let plan = record.directPaint {
                paintDirectly(layer, record, plan, cr, firstPainted: firstPainted, index: &index, clip: clip, painted: &painted,
                              direct: direct)
                return
            }
            paint(layer, values: record.values, cr, parent, firstPainted: firstPainted, index: &index, clip: clip,
                  painted: &painted, direct: direct, cull: cull)
        } else {
            paint(layer, values: layer.renderValues(), cr, parent, firstPainted: firstPainted, index: &index, clip: clip,
                  painted: &painted, direct: direct, cull: cull)
        }
    }

    private static func paint(_ layer: CALayer, values v: borrowing CALayerRenderValues, _ cr: OpaquePointer,
                              _ parent: CGAffineTransform, firstPainted: Int, index: inout Int, clip: PixelRect,
                              painted: inout Int, direct: Direct?, cull: Bool) {
        let myIndex = index
        index += 1
        var toDevice = v.toSuperlayer.concatenating(parent)
        // A transition's pictures (on screen only: the old one is in device pixels).
        let transition = cull ? v.transition : nil
        let linear = CGAffineTransform(a: toDevice.a, b: toDevice.b, c: toDevice.c, d: toDevice.d, tx: 0, ty: 0)
        cairo_save(cr)
        if let t = transition {
            if t.oldBelow, myIndex >= firstPainted { paintOldPicture(t, cr, linear: linear, alpha: 1) }
            let shift = CGPoint(x: t.newOffset.dx, y: t.newOffset.dy).applying(linear)
            if shift != .zero { toDevice = toDevice.concatenating(CGAffineTransform(translationX: shift.x, y: shift.y)) }
        }
        var m = cairoMatrix(toDevice)
        cairo_set_matrix(cr, &m)
        let group = v.opacity < 1
        if group {
            // cairo sizes a group's surface by the clip: narrow it to what the subtree covers on screen (its extent
            // from this frame's walk), or every translucent view would allocate and blend the whole damaged area.
            if cull, layer.subtreeLayerCount > 0 {
                let e = layer.subtreeExtent
                cairo_identity_matrix(cr)
                cairo_rectangle(cr, Double(e.x), Double(e.y), Double(e.width), Double(e.height))
                cairo_clip(cr)
                cairo_set_matrix(cr, &m)
            } else if !cull, layer.compositedSublayers.isEmpty {
                // Off screen (`render(in:)`, a replicator's instances) there is no walk's extent; a layer without
                // sublayers paints only its painted rectangle (a fading dot need not blend its whole context).
                let e = PixelRect(covering: v.paintedRect.applying(toDevice))
                cairo_identity_matrix(cr)
                cairo_rectangle(cr, Double(e.x), Double(e.y), Double(e.width), Double(e.height))
                cairo_clip(cr)
                cairo_set_matrix(cr, &m)
            }
            cairo_push_group(cr)
        }
        let b = v.bounds
        let deviceBounds = b.applying(toDevice)
        let aligned = toDevice.isRectilinear ? PixelRect(exactly: deviceBounds) : nil
        // Inside a group, drawing goes to the group's surface, not the shadow buffer.
        var inner = group ? nil : direct
        if v.masksToBounds {
            addShape(cr, b, v.cornerRadius, v.maskedCorners)
            cairo_clip(cr)
            if let a = aligned, v.cornerRadius == 0, var narrowed = inner {
                narrowed.clip = narrowed.clip.intersection(a)
                inner = narrowed
            } else {
                inner = nil
            }
        }
        let onScreen = !cull || PixelRect(covering: v.paintedRect.applying(toDevice)).intersects(clip)
        let paintsOwn = myIndex >= firstPainted && onScreen
        if paintsOwn {
            // The shadow lies under the layer's own painting (inside its opacity group, under its clip).
            if v.shadowOpacity > 0 { paintShadow(layer, v, cr, toDevice: toDevice) }
            // `inner`: when the layer masks, its own content is clipped too (content may spill past the bounds,
            // as an aspect-filled image does, and must not reach the shadow buffer there).
            paintBackgroundAndContents(v, cr, b, toDevice: toDevice, aligned: aligned, direct: inner, index: myIndex)
            painted += 1
        }
        for sub in layer.compositedSublayers {
            // The cull test at the top of `paint`, made here first: most sublayers of a big container lie outside a
            // small damaged rectangle, and this spares each of them a call.
            if cull, skipsCulled(sub, clip: clip, firstPainted: firstPainted, index: &index) { continue }
            paint(sub, cr, toDevice, firstPainted: firstPainted, index: &index, clip: clip, painted: &painted,
                  direct: inner, cull: cull)
        }
        // "The border is composited above the receiver's contents and sublayers." An occluder's ancestors
        // skip their background but not their border, which lies over the occluder.
        if onScreen {
            cairo_set_matrix(cr, &m)
            paintBorder(v, cr, b)
        }
        if group {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, Double(v.opacity))
        }
        if let t = transition, !t.oldBelow, myIndex >= firstPainted {
            // A fade lays the old picture over the new at the remaining strength; reveal slides it away on top.
            paintOldPicture(t, cr, linear: linear, alpha: t.type == .fade ? 1 - t.progress : 1)
        }
        cairo_restore(cr)
    }

    /// A layer's own painting when it can go straight into the shadow buffer without cairo: no group (opacity 1),
    /// border, mask or transition; a background that is an axis-aligned rectangle, square or with circular corners
    /// (at any sub-pixel position: `RoundedFill`); content that maps one to one onto device pixels; a shadow from its
    /// cached mask. Worked out by the compositor's walk with the layer's record (and moved with it), so painting such
    /// a layer — most layers of a screen of controls, a sliding thumb included — is the pixel work alone: no cairo
    /// state saved, set and restored, no render values copied, no geometry worked out again.
    struct DirectPaint {
        /// The background's colour (nil: none to paint), where it goes (device pixels, any fraction) and its corner
        /// radius in device pixels (0: square); `backgroundPixels`: the same rectangle when it is square and on whole
        /// pixels (a fill that may leave out what occluders hide).
        var background: pixman_color_t?
        var backgroundRect: CGRect
        var backgroundPixels: PixelRect?
        var radius: Double
        /// The content (nil: none), where it lands one to one, and its ink (image pixels; nil: anywhere).
        var contents: CGImage?
        var contentsTarget: PixelRect
        var ink: CGRect?
        /// The shadow's mask (nil: no shadow), its top-left pixel on screen and its colour at the shadow's opacity.
        var shadow: ShadowMask?
        var shadowX: Int, shadowY: Int
        var shadowColor: pixman_color_t

        /// The same painting `dx`, `dy` pixels away.
        func offsetBy(dx: Int, dy: Int) -> DirectPaint {
            var moved = self
            if background != nil {
                moved.backgroundRect = backgroundRect.offsetBy(dx: CGFloat(dx), dy: CGFloat(dy))
                moved.backgroundPixels?.x += dx
                moved.backgroundPixels?.y += dy
            }
            if contents != nil { moved.contentsTarget.x += dx; moved.contentsTarget.y += dy }
            if shadow != nil { moved.shadowX += dx; moved.shadowY += dy }
            return moved
        }
    }

    /// How `layer`, with values `v` under `toDevice`, paints itself straight into the shadow buffer, or nil when it
    /// needs cairo (what `paint` would do through `paintBackgroundAndContents`'s direct branches, decided once).
    static func directPaint(_ layer: CALayer, _ v: borrowing CALayerRenderValues, toDevice: CGAffineTransform) -> DirectPaint? {
        guard v.opacity >= 1, !v.masksToBounds, v.transition == nil, toDevice.isRectilinear else { return nil }
        if v.borderWidth > 0, let c = v.borderColor, c.alpha > 0 { return nil }
        var plan = DirectPaint(background: nil, backgroundRect: .zero, backgroundPixels: nil, radius: 0,
                               contents: nil, contentsTarget: PixelRect(x: 0, y: 0, width: 0, height: 0), ink: nil,
                               shadow: nil, shadowX: 0, shadowY: 0, shadowColor: pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0))
        if let bg = v.backgroundColor, bg.alpha > 0 {
            let device = v.bounds.applying(toDevice)
            let aligned = PixelRect(exactly: device)
            if v.cornerRadius != 0 || aligned == nil {
                guard let radius = v.cornerRadius != 0 ? deviceRadius(v, toDevice) : 0,
                      RoundedFill.canFill(device, radius: radius) else { return nil }
                plan.radius = radius
            }
            plan.background = bg.pixmanColor()
            plan.backgroundRect = device
            plan.backgroundPixels = plan.radius == 0 ? aligned : nil
        }
        if let image = v.contents {
            guard v.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1),
                  let target = pixelAlignedTarget(image, v, toDevice) else { return nil }
            plan.contents = image
            plan.contentsTarget = target
            plan.ink = v.contentsInk
        }
        if v.shadowOpacity > 0, let color = v.shadowColor, color.alpha > 0, let mask = shadowMask(layer, v, toDevice: toDevice) {
            let (x, y) = shadowPlacement(mask, v, toDevice: toDevice)
            plan.shadow = mask
            plan.shadowX = x
            plan.shadowY = y
            plan.shadowColor = color.pixmanColor(alpha: CGFloat(min(v.shadowOpacity, 1)))
        }
        return plan
    }

    /// `paint` for a layer with a direct plan, drawing into the shadow buffer through `direct` (its sublayers are
    /// painted as usual, under the layer's transform from the walk).
    private static func paintDirectly(_ layer: CALayer, _ record: Compositor.Record, _ plan: DirectPaint, _ cr: OpaquePointer,
                                      firstPainted: Int, index: inout Int, clip: PixelRect, painted: inout Int, direct: Direct) {
        let myIndex = index
        index += 1
        if myIndex >= firstPainted, record.rect.intersects(clip) {
            if let shadow = plan.shadow { paintShadowDirectly(shadow, x: plan.shadowX, y: plan.shadowY, plan.shadowColor, direct) }
            if let bg = plan.background {
                if let pixels = plan.backgroundPixels {
                    fillDirect(direct, pixels, bg, index: myIndex)
                } else if !fillRoundedDirect(direct, plan.backgroundRect, plan.radius, bg) {
                    // (Only if a mask could not be made: `canFill` was checked when planned.) The path, in device space.
                    cairo_save(cr)
                    cairo_identity_matrix(cr)
                    // (The plan's colour is premultiplied; cairo takes it straight.)
                    let a = Double(Swift.max(bg.alpha, 1))
                    cairo_set_source_rgba(cr, Double(bg.red) / a, Double(bg.green) / a, Double(bg.blue) / a, Double(bg.alpha) / 65535)
                    addShape(cr, plan.backgroundRect, CGFloat(plan.radius))
                    cairo_fill(cr)
                    cairo_restore(cr)
                }
            }
            if let image = plan.contents { compositeDirect(direct, image, plan.contentsTarget, ink: plan.ink) }
            painted += 1
        }
        for sub in layer.compositedSublayers {
            if skipsCulled(sub, clip: clip, firstPainted: firstPainted, index: &index) { continue }
            paint(sub, cr, record.toDevice, firstPainted: firstPainted, index: &index, clip: clip, painted: &painted,
                  direct: direct, cull: true)
        }
    }

    /// Whether `layer`'s subtree is left out of painting `clip` (counted past in `index`, as `collectOccluders`
    /// numbers layers): on screen, the compositor's walk has just counted every visible layer (hidden and faded-out
    /// subtrees count none), and a subtree entirely outside the damaged rectangle, or entirely under the occluder
    /// painting starts from, is skipped whole.
    @inline(__always)
    private static func skipsCulled(_ layer: CALayer, clip: PixelRect, firstPainted: Int, index: inout Int) -> Bool {
        let count = layer.subtreeLayerCount
        guard count > 0 else { return true }
        guard !layer.subtreeExtent.intersects(clip) || index + count <= firstPainted else { return false }
        index += count
        return true
    }

    /// Paints a transition's old picture where it was on screen, moved by its offset, at `alpha`.
    private static func paintOldPicture(_ t: TransitionState, _ cr: OpaquePointer, linear: CGAffineTransform, alpha: CGFloat) {
        guard let old = t.old, alpha > 0 else { return }
        let shift = CGPoint(x: t.oldOffset.dx, y: t.oldOffset.dy).applying(linear)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, old.image.cairoSurface, Double(old.rect.x) + Double(shift.x.rounded()),
                                 Double(old.rect.y) + Double(shift.y.rounded()))
        if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, Double(alpha)) }
        cairo_restore(cr)
    }

    /// Paints `layer` and its sublayers with `cr`'s current matrix as the layer's own coordinate space (what
    /// `CALayer.render(in:)` draws): everything, no culling, always through cairo.
    static func render(_ layer: CALayer, _ cr: OpaquePointer) {
        var current = cairo_matrix_t()
        cairo_get_matrix(cr, &current)
        let ctm = CGAffineTransform(a: current.xx, b: current.yx, c: current.xy, d: current.yy, tx: current.x0, ty: current.y0)
        let own = layer.renderValues().toSuperlayer
        guard abs(own.a * own.d - own.b * own.c) > 1e-12 else { return }
        var index = 0, painted = 0
        paint(layer, cr, own.inverted().concatenating(ctm), firstPainted: 0, index: &index,
              clip: PixelRect(x: 0, y: 0, width: 0, height: 0), painted: &painted, direct: nil, cull: false)
    }

    /// Paints `layer` and its sublayers as its superlayer's coordinates map to `cr`'s device space through `parent`
    /// (a replicator's instances): everything, no culling, through cairo.
    static func render(_ layer: CALayer, _ cr: OpaquePointer, parent: CGAffineTransform) {
        var index = 0, painted = 0
        paint(layer, cr, parent, firstPainted: 0, index: &index, clip: PixelRect(x: 0, y: 0, width: 0, height: 0),
              painted: &painted, direct: nil, cull: false)
    }

    private static func paintBackgroundAndContents(_ v: CALayerRenderValues, _ cr: OpaquePointer, _ b: CGRect,
                                                   toDevice: CGAffineTransform, aligned: PixelRect?, direct: Direct?, index: Int) {
        if let bg = v.backgroundColor, bg.alpha > 0 {
            if let direct, let aligned, v.cornerRadius == 0 {
                fillDirect(direct, aligned, bg.pixmanColor(), index: index)
            } else if let direct, toDevice.isRectilinear, let radius = v.cornerRadius == 0 ? 0 : deviceRadius(v, toDevice),
                      fillRoundedDirect(direct, b.applying(toDevice), radius, bg.pixmanColor()) {
                // Drawn from the cached corner masks.
            } else {
                cairo_set_source_rgba(cr, Double(bg.red), Double(bg.green), Double(bg.blue), Double(bg.alpha))
                addShape(cr, b, v.cornerRadius, v.maskedCorners)
                cairo_fill(cr)
            }
        }
        if let image = v.contents {
            if let direct, v.contentsCenter == CGRect(x: 0, y: 0, width: 1, height: 1),
               let target = pixelAlignedTarget(image, v, toDevice) {
                compositeDirect(direct, image, target, ink: v.contentsInk)
            } else {
                paintContents(image, v, cr)
            }
        }
    }

    /// Where `image` lands in device pixels when it maps one to one onto them at whole-pixel offsets.
    private static func pixelAlignedTarget(_ image: CGImage, _ v: CALayerRenderValues,
                                           _ toDevice: CGAffineTransform) -> PixelRect? {
        guard v.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) else { return nil }
        let target = v.placedContents(image)
        guard toDevice.isRectilinear, let device = PixelRect(exactly: target.applying(toDevice)),
              device.width == image.width, device.height == image.height, toDevice.a > 0, toDevice.d > 0 else { return nil }
        return device
    }

    /// Fills `rect` with the background of the layer painted `index`-th.
    private static func fillDirect(_ d: Direct, _ rect: PixelRect, _ c: pixman_color_t, index: Int) {
        let r = rect.intersection(d.clip)
        guard !r.isEmpty else { return }
        cairo_surface_flush(d.surface)
        // A small fill costs less than looking for what covers it.
        if r.area >= uncoveredFillMinimumArea {
            fillUncovered(r, c, d, paintedBefore: index)
        } else {
            fill(r, c, into: d.destination)
        }
        cairo_surface_mark_dirty_rectangle(d.surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }

    /// Fills of fewer pixels are not checked for occluders.
    static let uncoveredFillMinimumArea = 128 * 128

    /// Scratch lists of `fillUncovered`, kept from call to call (a frame allocates nothing).
    @exclusivity(unchecked) private static var covers: [PixelRect] = []
    @exclusivity(unchecked) private static var edges: [Int] = []
    /// (Each span is its start and end in one number, start in the high half: sorting the numbers sorts by start.
    /// Pixel coordinates here are within the screen, never negative.)
    @exclusivity(unchecked) private static var spans: [Int] = []

    /// Fills `r` where no occluder of a layer painted after the `index`-th hides it (that layer paints those pixels
    /// itself, opaquely): a window's background under a screenful of buttons is filled only around them. `r` is cut
    /// into bands at the occluders' top and bottom edges; in each, the stretches between the occluders crossing it
    /// are filled.
    static func fillUncovered(_ r: PixelRect, _ c: pixman_color_t, _ d: Direct, paintedBefore index: Int) {
        covers.removeAll(keepingCapacity: true)
        for o in d.occluders where o.order > index {
            let part = o.rect.intersection(r)
            if !part.isEmpty { covers.append(part) }
        }
        guard !covers.isEmpty else { fill(r, c, into: d.destination); return }
        edges.removeAll(keepingCapacity: true)
        edges.append(r.y); edges.append(r.maxY)
        for part in covers { edges.append(part.y); edges.append(part.maxY) }
        sortInPlace(&edges)
        var top = r.y
        for bottom in edges where bottom > top {
            // Every occluder part meeting this band spans all of it (the band ends at each one's edges).
            spans.removeAll(keepingCapacity: true)
            for part in covers where part.y <= top && part.maxY >= bottom { spans.append(part.x << 32 | part.maxX) }
            sortInPlace(&spans)
            var x = r.x
            for span in spans {
                let start = span >> 32, end = span & 0xffff_ffff
                if start > x { fill(PixelRect(x: x, y: top, width: start - x, height: bottom - top), c, into: d.destination) }
                x = Swift.max(x, end)
            }
            if x < r.maxX { fill(PixelRect(x: x, y: top, width: r.maxX - x, height: bottom - top), c, into: d.destination) }
            top = bottom
        }
    }

    /// Sorts a short, mostly sorted list (occluders come in paint order) in place, without allocating (the standard
    /// sort may set up a buffer) and without a comparison closure (one made here is checked to run on the main actor
    /// at every call).
    private static func sortInPlace(_ a: inout [Int]) {
        guard a.count > 1 else { return }
        for i in 1..<a.count {
            let item = a[i]
            var j = i
            while j > 0, item < a[j - 1] { a[j] = a[j - 1]; j -= 1 }
            a[j] = item
        }
    }

    /// Fills `r` with `color`: copied when opaque, blended through a cached solid image when not (pixman's
    /// translucent fill would make and free one per call).
    static func fill(_ r: PixelRect, _ color: pixman_color_t, into destination: OpaquePointer) {
        let opaque = color.alpha == 0xffff
        if let (pixels, stride) = directPixels(destination, r) {
            // The pixels pixman would write (the colour's high bytes), with wider stores.
            if opaque {
                vitrine_fill(pixels, Int32(stride), Int32(r.width), Int32(r.height), color.argb32)
            } else {
                vitrine_over_solid(pixels, Int32(stride), Int32(r.width), Int32(r.height), color.argb32)
            }
        } else if opaque {
            var c = color
            var box = pixman_rectangle16_t(x: Int16(r.x), y: Int16(r.y), width: UInt16(r.width), height: UInt16(r.height))
            pixman_image_fill_rectangles(PIXMAN_OP_SRC, destination, &c, 1, &box)
        } else if let solid = solidImage(color) {
            pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, destination, 0, 0, 0, 0,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
    }

    /// Where the vector blends (CPixelKernels) may write `r` of `destination` themselves: its first pixel and the
    /// row stride in bytes, when the image is premultiplied ARGB32 and holds all of `r` (else pixman blends).
    @inline(__always) static func directPixels(_ destination: OpaquePointer, _ r: PixelRect) -> (UnsafeMutablePointer<UInt32>, Int)? {
        guard pixman_image_get_format(destination) == PIXMAN_a8r8g8b8, let pixels = pixman_image_get_data(destination),
              r.x >= 0, r.y >= 0, r.maxX <= Int(pixman_image_get_width(destination)),
              r.maxY <= Int(pixman_image_get_height(destination)) else { return nil }
        let stride = Int(pixman_image_get_stride(destination))
        return (pixels + r.y * (stride / 4) + r.x, stride)
    }

    /// Solid-colour pixman images by colour, made once each (a few dozen at most: an animated colour would
    /// otherwise grow the cache, so it starts over when full).
    private static var solids: [UInt64: OpaquePointer] = [:]

    static func solidImage(_ color: pixman_color_t) -> OpaquePointer? {
        let key = UInt64(color.red) | UInt64(color.green) << 16 | UInt64(color.blue) << 32 | UInt64(color.alpha) << 48
        if let image = solids[key] { return image }
        if solids.count >= 64 {
            for image in solids.values { pixman_image_unref(image) }
            solids.removeAll(keepingCapacity: true)
        }
        var c = color
        guard let image = pixman_image_create_solid_fill(&c) else { return nil }
        solids[key] = image
        return image
    }

    /// The corner radius in device pixels, for a layer scaled equally on both axes (circular corners stay
    /// circular) with all four corners rounded (the cached corner masks round all four); `nil` otherwise.
    private static func deviceRadius(_ v: CALayerRenderValues, _ t: CGAffineTransform) -> Double? {
        guard t.b == 0, t.c == 0, t.a > 0, t.a == t.d, v.maskedCorners == .all else { return nil }
        return Double(Swift.min(v.cornerRadius, v.bounds.width / 2, v.bounds.height / 2) * t.a)
    }

    private static func fillRoundedDirect(_ d: Direct, _ rect: CGRect, _ radius: Double, _ c: pixman_color_t) -> Bool {
        let r = PixelRect(covering: rect).intersection(d.clip)
        guard !r.isEmpty else { return true }
        cairo_surface_flush(d.surface)
        guard RoundedFill.fill(rect, radius: radius, color: c, into: d.destination, clip: d.clip) else { return false }
        cairo_surface_mark_dirty_rectangle(d.surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        return true
    }

    /// Composites `image` one to one onto `target`; only its `ink` (image pixels, `nil`: all) when it has some.
    private static func compositeDirect(_ d: Direct, _ image: CGImage, _ target: PixelRect, ink: CGRect?) {
        var shown = target
        if let ink {
            // Outside its ink a backing store is transparent: blending it there would change nothing.
            guard !ink.isNull else { return }
            shown = PixelRect(x: target.x + Int(ink.minX), y: target.y + Int(ink.minY), width: Int(ink.width), height: Int(ink.height))
        }
        let r = shown.intersection(target).intersection(d.clip)
        guard !r.isEmpty else { return }
        cairo_surface_flush(d.surface)
        guard let source = image.pixmanImageForCompositing() else { return }
        if !image.isOpaque, let from = pixman_image_get_data(source), let (to, toStride) = directPixels(d.destination, r) {
            // A translucent store (text, drawn shapes): blended by the vector loop, which skips its empty runs.
            let fromStride = Int(pixman_image_get_stride(source))
            vitrine_over_argb(to, Int32(toStride), from + (r.y - target.y) * (fromStride / 4) + (r.x - target.x), Int32(fromStride),
                              Int32(r.width), Int32(r.height))
        } else {
            pixman_image_composite32(image.isOpaque ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, source, nil, d.destination,
                                     Int32(r.x - target.x), Int32(r.y - target.y), 0, 0,
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        cairo_surface_mark_dirty_rectangle(d.surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }

    private static func paintBorder(_ v: CALayerRenderValues, _ cr: OpaquePointer, _ b: CGRect) {
        if v.borderWidth > 0, let c = v.borderColor, c.alpha > 0 {
            // The border lies inside the bounds.
            let w = Swift.min(v.borderWidth, b.width / 2, b.height / 2)
            cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            addShape(cr, b, v.cornerRadius, v.maskedCorners)
            addShape(cr, b.insetBy(dx: w, dy: w), Swift.max(0, v.cornerRadius - w), v.maskedCorners)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
    }

    private static func paintContents(_ image: CGImage, _ v: CALayerRenderValues, _ cr: OpaquePointer) {
        let s = v.contentsScale > 0 ? v.contentsScale : 1
        let target = v.placedContents(image)
        guard target.width > 0, target.height > 0 else { return }
        // The part of the image shown (`contentsRect`, in image pixels; beyond the image its edges repeat).
        let iw = CGFloat(image.width), ih = CGFloat(image.height), part = v.contentsRect
        let src = CGRect(x: part.minX * iw, y: part.minY * ih, width: part.width * iw, height: part.height * ih)
        guard src.width > 0, src.height > 0 else { return }
        // Content is clipped (to the rounded bounds) only when the layer masks, as in Core Animation.
        cairo_save(cr)
        let center = v.contentsCenter
        if center == CGRect(x: 0, y: 0, width: 1, height: 1) {
            drawImage(image, cr, from: src, to: target, nearest: v.samplesNearest)
        } else {
            // Nine slices of the shown part: corners at their own size, edges stretched along their length, the
            // middle both ways.
            let sx = [src.minX, src.minX + center.minX * src.width, src.minX + center.maxX * src.width, src.maxX]
            let sy = [src.minY, src.minY + center.minY * src.height, src.minY + center.maxY * src.height, src.maxY]
            let left = (sx[1] - sx[0]) / s, right = (sx[3] - sx[2]) / s, top = (sy[1] - sy[0]) / s, bottom = (sy[3] - sy[2]) / s
            let dx = [target.minX, target.minX + left, target.maxX - right, target.maxX]
            let dy = [target.minY, target.minY + top, target.maxY - bottom, target.maxY]
            for row in 0..<3 {
                for col in 0..<3 {
                    let from = CGRect(x: sx[col], y: sy[row], width: sx[col + 1] - sx[col], height: sy[row + 1] - sy[row])
                    let dst = CGRect(x: dx[col], y: dy[row], width: dx[col + 1] - dx[col], height: dy[row + 1] - dy[row])
                    if from.width > 0, from.height > 0, dst.width > 0, dst.height > 0 {
                        drawImage(image, cr, from: from, to: dst, nearest: v.samplesNearest)
                    }
                }
            }
        }
        cairo_restore(cr)
    }

    /// The layer's own painting (background shape, content, border) with `cr`'s matrix as the layer's space,
    /// for shadow masks: only its alpha matters.
    static func paintShape(_ v: CALayerRenderValues, _ cr: OpaquePointer) {
        let b = v.bounds
        if let bg = v.backgroundColor, bg.alpha > 0 {
            cairo_set_source_rgba(cr, 0, 0, 0, Double(bg.alpha))
            addShape(cr, b, v.cornerRadius, v.maskedCorners)
            cairo_fill(cr)
        }
        if let image = v.contents { paintContents(image, v, cr) }
        paintBorder(v, cr, b)
    }

    /// Draws the `from` part of `image` (pixels) into `to` (layer coordinates).
    private static func drawImage(_ image: CGImage, _ cr: OpaquePointer, from src: CGRect, to dst: CGRect, nearest: Bool) {
        cairo_save(cr)
        cairo_rectangle(cr, Double(dst.minX), Double(dst.minY), Double(dst.width), Double(dst.height))
        cairo_clip(cr)
        cairo_translate(cr, Double(dst.minX), Double(dst.minY))
        cairo_scale(cr, Double(dst.width / src.width), Double(dst.height / src.height))
        cairo_set_source_surface(cr, image.cairoSurface, Double(-src.minX), Double(-src.minY))
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// A rectangle, with circular corners of `radius` (at most half the shorter side).
    /// Adds `r` with the `corners` rounded by `radius` (clamped to half the shorter side) to `cr`'s path.
    nonisolated static func addShape(_ cr: OpaquePointer, _ r: CGRect, _ radius: CGFloat, _ corners: CACornerMask = .all) {
        let rad = Double(Swift.min(radius, r.width / 2, r.height / 2))
        let (x, y, w, h) = (Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        guard rad > 0, !corners.isEmpty else { cairo_rectangle(cr, x, y, w, h); return }
        cairo_new_sub_path(cr)
        // Clockwise from the top right; a square corner is its point.
        if corners.contains(.layerMaxXMinYCorner) { cairo_arc(cr, x + w - rad, y + rad, rad, -.pi / 2, 0) } else { cairo_line_to(cr, x + w, y) }
        if corners.contains(.layerMaxXMaxYCorner) { cairo_arc(cr, x + w - rad, y + h - rad, rad, 0, .pi / 2) } else { cairo_line_to(cr, x + w, y + h) }
        if corners.contains(.layerMinXMaxYCorner) { cairo_arc(cr, x + rad, y + h - rad, rad, .pi / 2, .pi) } else { cairo_line_to(cr, x, y + h) }
        if corners.contains(.layerMinXMinYCorner) { cairo_arc(cr, x + rad, y + rad, rad, .pi, 3 * .pi / 2) } else { cairo_line_to(cr, x, y) }
        cairo_close_path(cr)
    }

    static func cairoMatrix(_ t: CGAffineTransform) -> cairo_matrix_t {
        cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d), x0: Double(t.tx), y0: Double(t.ty))
    }
}

extension PixelRect {
    /// `r` as whole pixels, if its edges are on pixel boundaries.
    init?(exactly r: CGRect) {
        guard !r.isNull, r.minX == r.minX.rounded(), r.minY == r.minY.rounded(), r.maxX == r.maxX.rounded(),
              r.maxY == r.maxY.rounded(), abs(r.minX) < 1e7, abs(r.minY) < 1e7, abs(r.maxX) < 1e7, abs(r.maxY) < 1e7 else { return nil }
        self.init(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }
}

extension CALayerContentsGravity {
    /// Where content of `size` goes in `bounds` (visual: `.top` is the top of the screen).
    public func rect(forContentOfSize size: CGSize, in bounds: CGRect) -> CGRect {
        // The default, and what every backing store uses: one string comparison instead of a dozen.
        if self == .resize { return bounds }
        let w = size.width, h = size.height
        switch self {
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return bounds }
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .resizeAspect ? Swift.min(sx, sy) : Swift.max(sx, sy)
            return CGRect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        case .center: return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        case .top: return CGRect(x: bounds.midX - w / 2, y: bounds.minY, width: w, height: h)
        case .bottom: return CGRect(x: bounds.midX - w / 2, y: bounds.maxY - h, width: w, height: h)
        case .left: return CGRect(x: bounds.minX, y: bounds.midY - h / 2, width: w, height: h)
        case .right: return CGRect(x: bounds.maxX - w, y: bounds.midY - h / 2, width: w, height: h)
        case .topLeft: return CGRect(x: bounds.minX, y: bounds.minY, width: w, height: h)
        case .topRight: return CGRect(x: bounds.maxX - w, y: bounds.minY, width: w, height: h)
        case .bottomLeft: return CGRect(x: bounds.minX, y: bounds.maxY - h, width: w, height: h)
        case .bottomRight: return CGRect(x: bounds.maxX - w, y: bounds.maxY - h, width: w, height: h)
        default: return bounds
        }
    }
}
