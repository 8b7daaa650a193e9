import CCairo
import CPixman
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

/// Puts layer trees on an output, redrawing only what changed.
///
/// Each frame: walk the trees that have changes (a layer whose own state changed is re-examined with its whole
/// subtree; clean subtrees are skipped), compare each layer's on-screen state with what was shown last time,
/// and collect damage — the old and new device rectangles of whatever moved, appeared, disappeared, or changed
/// appearance; for redrawn content only the redrawn part. Then composite the trees into the shadow buffer
/// (cached memory, premultiplied ARGB32) clipped to the damage, starting each damaged rectangle from the
/// topmost opaque layer that covers it (nothing under it is drawn), and hand the buffer and the damage to the
/// output, which copies exactly that.
@preconcurrency @MainActor
public final class Compositor {
    public let output: any FrameOutput
    /// Points to pixels.
    public let scale: CGFloat
    let shadow: CGContext
    @exclusivity(unchecked) private var needsFullFrame = true

    /// The damage of the last frame, in pixels.
    @exclusivity(unchecked) public private(set) var lastDamage: [PixelRect] = []
    /// Buffers a frame reuses: the damage list and the occluders.
    @exclusivity(unchecked) private var damageStorage: [PixelRect] = []
    @exclusivity(unchecked) private var occluderStorage: [(rect: PixelRect, order: Int)] = []
    /// Layers whose content was painted in the last frame (after occlusion culling).
    @exclusivity(unchecked) public private(set) var layersPaintedLastFrame = 0

    /// A scrolled layer's content moved by whole device pixels: the pixels of `region` are last frame's from
    /// `region` moved back by (`dx`, `dy`), copied within the shadow buffer instead of painted again.
    public struct Blit: Equatable, Sendable {
        public var region: PixelRect
        public var dx: Int, dy: Int
    }
    /// Whether scrolled content is copied rather than repainted (benchmarks turn it off to compare).
    @exclusivity(unchecked) public static var copiesScrolledContent = true
    /// The last frame's blit, if it made one.
    @exclusivity(unchecked) public private(set) var lastBlit: Blit?
    /// This frame's blit, and whether the walk is inside the scrolled layer's subtree now.
    @exclusivity(unchecked) private var blit: Blit?
    @exclusivity(unchecked) private var insideBlit = false
    /// Where the layer trees composited after the one being walked lie (a blit must not move their pixels).
    @exclusivity(unchecked) private var laterRootsExtent = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The damage handed to the output: the painted rectangles and the blitted region (kept from frame to frame).
    @exclusivity(unchecked) private var presentedStorage: [PixelRect] = []

    /// A layer tree to show, with the map from its root's coordinates to the screen's (points).
    public struct Root {
        public var layer: CALayer
        public var toScreen: CGAffineTransform
        public init(layer: CALayer, toScreen: CGAffineTransform) { self.layer = layer; self.toScreen = toScreen }
    }

    /// The shadow buffer's pixels as a pixman image (the fast paths composite into it directly).
    nonisolated(unsafe) let pixmanShadow: OpaquePointer
    /// This frame's occluders where the painter reads them (`Painter.Direct`); grown when a frame has more.
    @exclusivity(unchecked) nonisolated(unsafe) private var occluderBuffer = UnsafeMutableBufferPointer<(rect: PixelRect, order: Int)>(start: nil, count: 0)

    /// Numbers compositors apart for as long as the process runs (unlike addresses, never reused).
    let serial: UInt64
    private static var serials: UInt64 = 0

    public init(output: any FrameOutput, scale: CGFloat) {
        Self.serials += 1
        serial = Self.serials
        self.output = output
        self.scale = scale
        // An output in memory is composited into directly (see MemoryBackedOutput); a panel gets a shadow buffer.
        if let memory = output as? any MemoryBackedOutput {
            shadow = CGContext.uikitBitmap(drawingInto: memory.pixels, pixelWidth: output.pixelWidth, pixelHeight: output.pixelHeight,
                                           bytesPerRow: output.pixelWidth * 4, scale: 1)!
        } else {
            shadow = CGContext.uikitBitmap(pixelWidth: output.pixelWidth, pixelHeight: output.pixelHeight, scale: 1)!
        }
        pixmanShadow = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(shadow.width), Int32(shadow.height),
                                                shadow.data!.assumingMemoryBound(to: UInt32.self), Int32(shadow.bytesPerRow))!
        // A screenful of views has less store memory than the screen has pixels: room to keep one screen's stores
        // across a change of screen.
        BackingStorePool.reserve(output.pixelWidth * output.pixelHeight * 4)
        _ = Self.bandedBytes // (sysfs is read now, not in the first frame)
    }

    // Not `isolated` (so the two are `nonisolated(unsafe)`: nothing else holds the compositor here): it only frees
    // memory, and Debian's Swift 6.2.3 (built with assertions) crashes serializing an
    // isolated deinit of a `@preconcurrency @MainActor` class ("attribute cannot appear on a Destructor").
    deinit {
        pixman_image_unref(pixmanShadow)
        occluderBuffer.deallocate()
    }

    private var screenRect: PixelRect { PixelRect(x: 0, y: 0, width: output.pixelWidth, height: output.pixelHeight) }

    /// Repaints everything in the next frame (a new output, a VT switch back, a test's reference frame).
    public func setNeedsFullFrame() { needsFullFrame = true }

    /// Where layer trees that left this screen were (a window moved to another screen): repainted next frame.
    @exclusivity(unchecked) private var releasedDamage: [PixelRect] = []


    /// Lets go of `root`'s tree (its window moves to another screen): the next frame repaints where it was here,
    /// and the tree is composited afresh wherever it goes (its records are cleared now, before another
    /// compositor looks at them).
    public func release(_ root: CALayer) {
        forgetAndRepaintNextFrame(root)
        // Its superlayer visits it again (forgotten, it is composited afresh).
        root.queueForCompositor()
    }

    /// Clears the records of `layer`'s subtree now and repaints where it was in the next frame.
    private func forgetAndRepaintNextFrame(_ layer: CALayer) {
        var damage = DamageRegion(bounds: screenRect)
        forgetSubtree(layer, into: &damage)
        releasedDamage.append(contentsOf: damage.rects)
    }

    /// Lets go of the layers taken out of their trees that nothing else holds, before the display pass: they go now
    /// rather than after the next composite, so their backing stores are back in the pool for views put in their
    /// place in the same frame. Each screen still repaints where its own were, next frame.
    public static func releaseUnheldDetachedLayers() {
        var i = 0
        while i < CALayer.detached.count {
            guard isKnownUniquelyReferenced(&CALayer.detached[i]) else { i += 1; continue }
            let layer = CALayer.detached.remove(at: i)
            layer.compositorRecord?.owner?.forgetAndRepaintNextFrame(layer)
        } // each `layer` is freed as its turn ends (its store to the pool, its sublayers with it unless held)
    }

    /// Whether compositing `root` could change anything on screen: a full frame is due, a layer left a tree, or
    /// something in the tree changed. Lets an idle frame stop before gathering its roots.
    public func needsComposite(_ root: CALayer) -> Bool {
        needsFullFrame || CALayer.detached.contains { $0.compositorRecord?.owner === self } || !releasedDamage.isEmpty || root.appearanceChanged || root.subtreeChanged || root.redrawnRect != nil
    }

    /// Composites and presents one frame; returns its damage (empty: nothing changed, nothing drawn).
    @discardableResult
    public func composite(_ roots: [Root]) -> [PixelRect] {
        // The damage list and the occluders live in buffers kept from frame to frame: a frame allocates nothing.
        var damage = DamageRegion(bounds: screenRect, storage: damageStorage)
        damageStorage = []
        defer { damageStorage = damage.emptied() }
        BackingStorePool.expire()
        // Layers taken out of a tree: each screen repaints where its own were (the list is shared by all screens).
        CALayer.detached.removeAll { layer in
            guard let owner = layer.compositorRecord?.owner else { return true } // never shown: nothing to repaint
            guard owner === self else { return false }
            forgetSubtree(layer, into: &damage)
            return true
        }
        for r in releasedDamage { damage.add(r) }
        releasedDamage.removeAll()

        let toDevice = CGAffineTransform(scaleX: scale, y: scale)
        var order = 0
        blit = nil
        for (i, root) in roots.enumerated() {
            laterRootsExtent = PixelRect(x: 0, y: 0, width: 0, height: 0)
            for later in roots[(i + 1)...] where later.layer.subtreeLayerCount > 0 {
                laterRootsExtent = laterRootsExtent.union(later.layer.subtreeExtent)
            }
            walk(root.layer, parent: root.toScreen.concatenating(toDevice), opacity: 1, clip: nil, opaqueClip: nil,
                 force: needsFullFrame, damage: &damage)
        }
        if needsFullFrame { blit = nil }
        if let blit { addBlitGhosts(blit, damage: &damage) }
        lastBlit = blit
        if needsFullFrame { damage.add(screenRect); needsFullFrame = false }
        damage.coalesce()
        // A copy of its own (not the damage buffer, which the next frame reuses).
        lastDamage.removeAll(keepingCapacity: true)
        lastDamage.append(contentsOf: damage.list)
        let rects = lastDamage
        layersPaintedLastFrame = 0
        if let blit { copyWithinShadow(blit) }
        guard !rects.isEmpty || blit != nil else { return [] }

        // Paint order and opaque occluders for this frame.
        var occluders = occluderStorage
        occluderStorage = []
        defer { occluders.removeAll(keepingCapacity: true); occluderStorage = occluders }
        var damaged = rects[0]
        for r in rects { damaged = damaged.union(r) }
        for root in roots { collectOccluders(root.layer, within: damaged, &order, &occluders) }
        if occluderBuffer.count < occluders.count {
            occluderBuffer.deallocate()
            occluderBuffer = .allocate(capacity: Swift.max(occluders.count, 2 * occluderBuffer.count, 64))
        }
        _ = occluderBuffer.initialize(from: occluders) // (plain values: nothing to deinitialize)
        let paintOccluders = UnsafeBufferPointer(rebasing: occluderBuffer[..<occluders.count])
        shadow.withCairo { cr in
            for r in rects {
                // A rectangle mostly under one opaque layer (a sliding full-screen page, a panel over the window) is
                // painted in pieces: the covered part from that layer up, the rest (at most four bands) as usual,
                // so nothing below the layer is painted where it cannot be seen. (Not for small pieces: painting in
                // five passes costs more than it saves there, and a big fill under small occluders leaves them out
                // by itself — `Painter.fillUncovered`.)
                var best: PixelRect?
                if r.area >= Painter.uncoveredFillMinimumArea, Self.topmostCover(of: r, paintOccluders) == nil {
                    for o in paintOccluders {
                        let inside = o.rect.intersection(r)
                        if inside.area * 4 >= r.area, inside.area >= Painter.uncoveredFillMinimumArea / 2,
                           inside.area > (best?.area ?? 0) { best = inside }
                    }
                }
                guard let inside = best else { paintRect(r, cr, roots, paintOccluders, toDevice); continue }
                paintRect(inside, cr, roots, paintOccluders, toDevice)
                let bands = [PixelRect(x: r.x, y: r.y, width: r.width, height: inside.y - r.y),
                             PixelRect(x: r.x, y: inside.maxY, width: r.width, height: r.maxY - inside.maxY),
                             PixelRect(x: r.x, y: inside.y, width: inside.x - r.x, height: inside.height),
                             PixelRect(x: inside.maxX, y: inside.y, width: r.maxX - inside.maxX, height: inside.height)]
                for band in bands where !band.isEmpty { paintRect(band, cr, roots, paintOccluders, toDevice) }
            }
        }
        shadow.flush()
        guard let blit else {
            output.present(pixels: UnsafeRawPointer(shadow.data!), bytesPerRow: shadow.bytesPerRow, damage: rects)
            return rects
        }
        // The output copies the blitted region too: it changed on screen, though nothing painted it.
        var presented = presentedStorage
        presentedStorage = []
        presented.removeAll(keepingCapacity: true)
        presented.append(contentsOf: rects)
        presented.append(blit.region)
        output.present(pixels: UnsafeRawPointer(shadow.data!), bytesPerRow: shadow.bytesPerRow, damage: presented)
        presentedStorage = presented
        return rects
    }

    /// Moves last frame's pixels of a scrolled layer's content to where they are now (rows in the order that does
    /// not overwrite what is still to be copied).
    private func copyWithinShadow(_ b: Blit) {
        let surface = shadow.cairoSurfaceForDirectDrawing
        cairo_surface_flush(surface)
        let base = shadow.data!, stride = shadow.bytesPerRow
        let r = b.region
        for i in 0..<r.height {
            let y = b.dy > 0 ? r.maxY - 1 - i : r.y + i
            memmove(base + y * stride + r.x * 4, base + (y - b.dy) * stride + (r.x - b.dx) * 4, r.width * 4)
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }

    /// Whether `layer` (walked now, with `v`, `toDevice`, the clip `clip` it is shown in, and last frame's
    /// `record`) only scrolled its content by whole device pixels in a way a copy of last frame's pixels can show:
    /// a layer that masks to its square bounds, painted opaque over all of them (an opaque background, no
    /// contents or border), not faded, with nothing painted after it over it, whose only change is its bounds'
    /// origin. Registers the blit (the pixels inside the layer that stay on screen) and damages what the copy
    /// cannot give: the newly exposed strips and the partly covered pixels at the layer's edges.
    private func beginBlitIfScrolled(_ layer: CALayer, _ v: borrowing CALayerRenderValues, toDevice: CGAffineTransform,
                                     opacity: Float, clip: CGRect?, snapshot: Snapshot, rect: PixelRect, record: Record,
                                     damage: inout DamageRegion) -> Bool {
        guard Self.copiesScrolledContent, blit == nil, !insideBlit, !needsFullFrame, v.masksToBounds, v.cornerRadius == 0, opacity * v.opacity >= 1,
              v.transition == nil, v.contents == nil, (v.backgroundColor?.alpha ?? 0) >= 1,
              v.borderWidth == 0 || (v.borderColor?.alpha ?? 0) == 0, toDevice.isRectilinear, layer.redrawnRect == nil else { return false }
        let old = record.snapshot
        guard old.toDevice.a == toDevice.a, old.toDevice.b == toDevice.b, old.toDevice.c == toDevice.c, old.toDevice.d == toDevice.d,
              old.bounds.size == snapshot.bounds.size, old.bounds.origin != snapshot.bounds.origin else { return false }
        // (What it paints, in its own coordinates, moved with its bounds.)
        let shift = CGPoint(x: snapshot.bounds.minX - old.bounds.minX, y: snapshot.bounds.minY - old.bounds.minY)
        var same = old
        same.bounds = snapshot.bounds
        same.toDevice = snapshot.toDevice
        same.painted = old.painted.offsetBy(dx: shift.x, dy: shift.y)
        guard same == snapshot else { return false }
        let fx = toDevice.tx - old.toDevice.tx, fy = toDevice.ty - old.toDevice.ty
        guard fx == fx.rounded(), fy == fy.rounded(), abs(fx) < 1e6, abs(fy) < 1e6 else { return false }
        let deviceBounds = snapshot.bounds.applying(toDevice)
        guard deviceBounds == old.bounds.applying(old.toDevice) else { return false }
        let shown = PixelRect(inside: clip.map { deviceBounds.intersection($0) } ?? deviceBounds).intersection(damage.bounds)
        let dx = Int(fx), dy = Int(fy)
        guard abs(dx) < shown.width, abs(dy) < shown.height else { return false }
        // Nothing painted after the layer may lie over it: its pixels would move with the copy.
        guard !laterRootsExtent.intersects(shown) else { return false }
        var child = layer
        while let parent = child.superlayer {
            var after = false
            for sibling in parent.storedSublayers {
                if sibling === child { after = true; continue }
                if after, sibling.subtreeLayerCount > 0, sibling.subtreeExtent.intersects(shown) { return false }
            }
            child = parent
        }
        let moved = shown.intersection(PixelRect(x: shown.x + dx, y: shown.y + dy, width: shown.width, height: shown.height))
        blit = Blit(region: moved, dx: dx, dy: dy)
        let exposed = shown.subtracting(moved), edges = rect.subtracting(shown)
        blitExposed.removeAll(keepingCapacity: true)
        func expose(_ r: PixelRect) {
            guard !r.isEmpty else { return }
            damage.add(r)
            blitExposed.append(r)
        }
        // (One call each, not a loop over an array literal: a scrolled frame allocates nothing.)
        expose(exposed.0); expose(exposed.1); expose(exposed.2); expose(exposed.3)
        expose(edges.0); expose(edges.1); expose(edges.2); expose(edges.3)
        return true
    }

    /// Under a blit: a layer that moved with the scrolled content exactly (by the blit's shift, nothing else
    /// changed) needs nothing painted; anything else is painted where it was and where it is (and, as all damage,
    /// where the copy put the pixels it had: `addBlitGhosts`).
    private func addDamageUnderBlit(oldRect: PixelRect, moved: Bool, newRect: PixelRect, damage: inout DamageRegion) {
        guard !moved else { return }
        damage.add(oldRect)
        damage.add(newRect)
    }

    /// The strips a blit exposed and the edge pixels it left (painted anyway; their pixels were not copied from).
    @exclusivity(unchecked) private var blitExposed: [PixelRect] = []
    @exclusivity(unchecked) private var ghostScratch: [PixelRect] = []

    /// The copy moves every pixel of the blitted region's source, stale ones too: whatever is damaged this frame
    /// (a layer that changed, left, or did not move with the content; damage from before the walk) had pixels the
    /// copy carried to the damaged rectangle moved by the shift — paint there too. (The exposed strips' pixels are
    /// new: nothing was copied from them.)
    private func addBlitGhosts(_ b: Blit, damage: inout DamageRegion) {
        var list = ghostScratch
        ghostScratch = []
        list.removeAll(keepingCapacity: true)
        list.append(contentsOf: damage.list)
        for d in list where !blitExposed.contains(where: { $0.contains(d) }) {
            damage.add(PixelRect(x: d.x + b.dx, y: d.y + b.dy, width: d.width, height: d.height).intersection(b.region))
        }
        ghostScratch = list
    }

    /// A damaged rectangle of more bytes than this (a quarter of the last-level cache, which also holds the stores
    /// painted from and the output copied to, and serves the other cores) is painted in bands of `bandBytes`, so
    /// that the layers painted over one another in it (background, buttons, text, glass) find its pixels still in
    /// the cache rather than in memory. Measured on the reference scene with a 32 MiB cache: a fifth less time at
    /// 2560x1600 (16 MB); no gain at 1280x800 or 1920x1080 (4 and 8 MB), where a band's extra pass over the tree
    /// costs what the cache saves.
    @exclusivity(unchecked) static var bandedBytes = ProcessorCache.lastLevelBytes / 4
    /// Bytes of shadow buffer a band holds, at least 16 rows (bands of 16 to 128 rows of 10 KiB did about equally well).
    @exclusivity(unchecked) static var bandBytes = 384 * 1024

    /// Paints one rectangle (in bands, when big), starting from the topmost opaque layer that covers each.
    private func paintRect(_ r: PixelRect, _ cr: OpaquePointer, _ roots: [Root], _ occluders: UnsafeBufferPointer<(rect: PixelRect, order: Int)>,
                           _ toDevice: CGAffineTransform) {
        let rows = Swift.max(16, Self.bandBytes / Swift.max(1, r.width * 4))
        guard r.area * 4 > Self.bandedBytes, r.height > rows + rows / 2 else { return paintBand(r, cr, roots, occluders, toDevice) }
        var y = r.y
        while y < r.maxY {
            let height = Swift.min(rows, r.maxY - y)
            paintBand(PixelRect(x: r.x, y: y, width: r.width, height: height), cr, roots, occluders, toDevice)
            y += height
        }
    }

    /// Paints one rectangle, starting from the topmost opaque layer that covers it.
    private func paintBand(_ r: PixelRect, _ cr: OpaquePointer, _ roots: [Root], _ occluders: UnsafeBufferPointer<(rect: PixelRect, order: Int)>,
                           _ toDevice: CGAffineTransform) {
        let cover = Self.topmostCover(of: r, occluders)
        let start = cover?.order ?? 0
        cairo_save(cr)
        cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        cairo_clip(cr)
        if cover == nil {
            // Nothing opaque covers it: start from black (the panel behind the windows).
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        var index = 0
        let direct = Painter.Direct(destination: pixmanShadow, surface: shadow.cairoSurfaceForDirectDrawing, clip: r,
                                    occluders: occluders)
        for root in roots {
            let m = root.toScreen.concatenating(toDevice)
            Painter.paint(root.layer, cr, m, firstPainted: start, index: &index, clip: r,
                          painted: &layersPaintedLastFrame, direct: direct)
        }
        cairo_restore(cr)
    }

    /// The last (topmost) of `occluders` that covers all of `r`. (A loop, not `last(where:)`: a closure made here
    /// is checked to run on the main actor at every call, once per occluder.)
    private static func topmostCover(of r: PixelRect, _ occluders: UnsafeBufferPointer<(rect: PixelRect, order: Int)>)
        -> (rect: PixelRect, order: Int)? {
        var i = occluders.count
        while i > 0 {
            i -= 1
            if occluders[i].rect.contains(r) { return occluders[i] }
        }
        return nil
    }

    /// The shadow buffer's pixels (what is on screen), for snapshots.
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer, Int) -> R) -> R {
        shadow.flush()
        return body(UnsafeRawBufferPointer(start: shadow.data, count: shadow.bytesPerRow * shadow.height), shadow.bytesPerRow)
    }

    /// A copy of the pixels on screen in `rect` (clipped to the screen), for a transition's old picture.
    func capture(_ rect: PixelRect) -> TransitionState.Picture? {
        let r = rect.intersection(screenRect)
        guard !r.isEmpty, let base = shadow.data else { return nil }
        shadow.flush()
        let start = UnsafeRawPointer(base) + r.y * shadow.bytesPerRow + r.x * 4
        let bytes = UnsafeRawBufferPointer(start: start, count: (r.height - 1) * shadow.bytesPerRow + r.width * 4)
        guard let image = CGImage(argb32Premultiplied: bytes, width: r.width, height: r.height,
                                  bytesPerRow: shadow.bytesPerRow, isOpaque: true) else { return nil }
        return TransitionState.Picture(image: image, rect: r)
    }

    // MARK: Damage

    /// A class, so a layer that is not on screen pays one pointer for it, and a frame updates it in place
    /// instead of allocating. (Main-actor state read and written for every layer a frame passes: not checked for
    /// overlapping accesses at run time.)
    final class Record {
        @exclusivity(unchecked) var snapshot: Snapshot
        @exclusivity(unchecked) var rect: PixelRect
        @exclusivity(unchecked) var toDevice: CGAffineTransform
        /// The pixels the layer hides completely (an opaque background or content, axis-aligned, not faded; with
        /// rounded corners, the part they do not cut into), if any.
        @exclusivity(unchecked) var occluder: PixelRect?
        /// What the layer handed its sublayers: their opacity and clip (with `toDevice`, their parent transform).
        @exclusivity(unchecked) var childOpacity: Float
        @exclusivity(unchecked) var childClip: CGRect?
        /// The layer's render values as this frame's walk saw them: the painter paints from them, and a layer
        /// revisited only because an ancestor moved (unchanged, not animating, not redrawn) keeps them.
        @exclusivity(unchecked) var values: CALayerRenderValues
        /// The part of `childClip` where a sublayer's pixels are shown whole: inside a rounded mask, a rectangle
        /// clear of its corners (an occluder may only count what is certainly on screen).
        @exclusivity(unchecked) var childOpaqueClip: CGRect?
        /// The superlayer's `childOpaqueClip` as the layer got it (its own clip is `snapshot.clip`).
        @exclusivity(unchecked) var opaqueClip: CGRect?
        /// How the painter puts the layer's own painting straight into the shadow buffer, when it can.
        @exclusivity(unchecked) var directPaint: Painter.DirectPaint?

        /// The compositor (screen) that showed the layer; weak, because a disconnected screen may go away before
        /// its layers do (it is read only for layers taken out of a tree, never per frame).
        weak var owner: Compositor?
        /// The owner's serial number: what the walk compares every frame (loading a weak reference takes the
        /// side-table path, retain and release included).
        let ownerSerial: UInt64

        init(owner: Compositor, values: CALayerRenderValues, snapshot: Snapshot, rect: PixelRect, toDevice: CGAffineTransform,
             occluder: PixelRect?, childOpacity: Float, childClip: CGRect?, childOpaqueClip: CGRect?, opaqueClip: CGRect?,
             directPaint: Painter.DirectPaint?) {
            self.owner = owner
            ownerSerial = owner.serial
            self.values = values
            self.snapshot = snapshot; self.rect = rect; self.toDevice = toDevice; self.occluder = occluder
            self.childOpacity = childOpacity; self.childClip = childClip; self.childOpaqueClip = childOpaqueClip
            self.opaqueClip = opaqueClip; self.directPaint = directPaint
        }

        /// Moves everything recorded in device pixels by `dx`, `dy` whole pixels, with `toDevice` the new transform.
        func move(dx: Int, dy: Int, toDevice: CGAffineTransform) {
            let fx = CGFloat(dx), fy = CGFloat(dy)
            self.toDevice = toDevice
            snapshot.toDevice = toDevice
            snapshot.clip = snapshot.clip?.offsetBy(dx: fx, dy: fy)
            rect.x += dx; rect.y += dy
            if occluder != nil { occluder!.x += dx; occluder!.y += dy }
            childClip = childClip?.offsetBy(dx: fx, dy: fy)
            childOpaqueClip = childOpaqueClip?.offsetBy(dx: fx, dy: fy)
            opaqueClip = opaqueClip?.offsetBy(dx: fx, dy: fy)
            directPaint = directPaint?.offsetBy(dx: dx, dy: dy)
        }
    }


    /// What a layer looks like on screen, apart from its content pixels.
    struct Snapshot: Equatable {
        var toDevice: CGAffineTransform
        var bounds: CGRect
        var opacity: Float
        var clip: CGRect?
        var background: CGColor?
        var cornerRadius: CGFloat
        var maskedCorners: CACornerMask
        var borderWidth: CGFloat
        var borderColor: CGColor?
        var masks: Bool
        var gravity: CALayerContentsGravity
        var contentsCenter: CGRect
        var hasContents: Bool
        /// Which image is shown (a replaced `contents` repaints the layer) and the part of the superlayer's space
        /// the layer paints in (content may spill past unmasked bounds).
        var contentsID: ObjectIdentifier?
        var painted: CGRect
        var contentsRect: CGRect
        var samplesNearest: Bool
        var shadowColor: CGColor?
        var shadowOpacity: Float
        var shadowOffset: CGSize
        var shadowRadius: CGFloat
        var shadowPath: ObjectIdentifier?
        /// A running transition's progress (every step repaints the layer's travel).
        var transitionProgress: CGFloat?

        /// Nothing of the layer's own shows: no visible background, contents, border, shadow or transition, and no
        /// rounded mask over its sublayers (their clip rectangles do not carry the corners).
        var paintsNothing: Bool {
            (background?.alpha ?? 0) == 0 && !hasContents && (borderWidth == 0 || (borderColor?.alpha ?? 0) == 0)
                && shadowColor == nil && transitionProgress == nil && !(masks && cornerRadius > 0)
        }

        /// Only a background colour shows (maybe rounded): no contents, border, shadow or transition.
        var isPlainFill: Bool {
            (background?.alpha ?? 0) > 0 && !hasContents && (borderWidth == 0 || (borderColor?.alpha ?? 0) == 0)
                && shadowColor == nil && transitionProgress == nil
        }
    }

    private func walk(_ layer: CALayer, parent: CGAffineTransform, opacity: Float, clip: CGRect?, opaqueClip: CGRect?,
                      force: Bool, damage: inout DamageRegion) {
        let revisit = force || layer.appearanceChanged
        guard revisit || layer.subtreeChanged || layer.redrawnRect != nil else { return }
        // Visited only for something below it: the layer looks as it did, so what it hands its sublayers is what
        // it handed them last frame (no render values, no snapshot).
        // Only the sublayers that changed, or have changes below them, are visited (see `queuedSublayers`); the
        // subtree's extent is recomputed only if one of theirs moved.
        if !revisit, layer.redrawnRect == nil, let record = layer.compositorRecord, record.ownerSerial == serial {
            var extentsChanged = false
            for sub in layer.queuedSublayers where sub.superlayer === layer {
                let before = (sub.subtreeExtent, sub.subtreeLayerCount, sub.subtreeHasOccluder)
                walk(sub, under: record, force: false, damage: &damage)
                if before != (sub.subtreeExtent, sub.subtreeLayerCount, sub.subtreeHasOccluder) { extentsChanged = true }
            }
            layer.clearQueuedSublayers()
            if extentsChanged { updateSubtreeExtent(layer) }
            layer.clearChangeFlags()
            return
        }
        // From here every sublayer is visited (or the subtree forgotten): none stays queued.
        defer { layer.clearQueuedSublayers() }
        if !layer.appearanceChanged, layer.redrawnRect == nil, layer.animationEntries.isEmpty,
           let record = layer.compositorRecord, record.ownerSerial == serial {
            if moveWithAncestor(layer, record, parent: parent, opacity: opacity, clip: clip, opaqueClip: opaqueClip,
                                damage: &damage) { return }
            // Only an ancestor changed: the layer's own values are what they were. (The rest of the walk takes them
            // borrowed: fewer copies of a struct whose every copy retains its colours and images — the call still
            // makes one, reading them out of the record.)
            walk(layer, values: record.values, valuesKept: true, revisit: revisit, parent: parent, opacity: opacity,
                 clip: clip, opaqueClip: opaqueClip, damage: &damage)
        } else {
            walk(layer, values: layer.renderValues(), valuesKept: false, revisit: revisit, parent: parent,
                 opacity: opacity, clip: clip, opaqueClip: opaqueClip, damage: &damage)
        }
    }

    /// `walk` for a sublayer of the layer whose record (from this frame's walk, or kept) is `record`: what it hands
    /// its sublayers.
    private func walk(_ sub: CALayer, under record: Record, force: Bool, damage: inout DamageRegion) {
        walk(sub, parent: record.toDevice, opacity: record.childOpacity, clip: record.childClip,
             opaqueClip: record.childOpaqueClip, force: force, damage: &damage)
    }

    /// `walk` for a layer whose own values are unchanged when all that changed above it is a move by whole device
    /// pixels that took its clips along (a container or scrolled content moved, nothing clipping it stayed behind):
    /// everything its record holds in device pixels moves by as many, and so does all of it below, down to layers
    /// that changed themselves (walked as usual). Returns false, having done nothing, when that is not the case.
    ///
    /// (What the full walk would work out again, from the same values, is the same geometry moved: pixel rectangles
    /// move exactly, and the clips compared here are the recorded ones moved.)
    private func moveWithAncestor(_ layer: CALayer, _ record: Record, parent: CGAffineTransform, opacity: Float,
                                  clip: CGRect?, opaqueClip: CGRect?, damage: inout DamageRegion) -> Bool {
        let old = record.toDevice
        let toDevice = record.values.toSuperlayer.concatenating(parent)
        guard toDevice.a == old.a, toDevice.b == old.b, toDevice.c == old.c, toDevice.d == old.d,
              record.values.transition == nil, opacity * record.values.opacity == record.snapshot.opacity else { return false }
        let fx = toDevice.tx - old.tx, fy = toDevice.ty - old.ty
        guard fx == fx.rounded(), fy == fy.rounded(), abs(fx) < 1e7, abs(fy) < 1e7 else { return false }
        guard clip == record.snapshot.clip?.offsetBy(dx: fx, dy: fy),
              opaqueClip == record.opaqueClip?.offsetBy(dx: fx, dy: fy) else { return false }
        let dx = Int(fx), dy = Int(fy)
        if insideBlit, let b = blit {
            let oldRect = record.rect
            record.move(dx: dx, dy: dy, toDevice: toDevice)
            addDamageUnderBlit(oldRect: oldRect, moved: dx == b.dx && dy == b.dy, newRect: record.rect, damage: &damage)
        } else if dx != 0 || dy != 0 {
            damage.add(record.rect)
            record.move(dx: dx, dy: dy, toDevice: toDevice)
            damage.add(record.rect)
        }
        for sub in layer.storedSublayers { walk(sub, under: record, force: true, damage: &damage) }
        updateSubtreeExtent(layer)
        layer.clearChangeFlags()
        return true
    }

    /// The rest of `walk` for a layer whose render values are `v` (`valuesKept`: its record's).
    private func walk(_ layer: CALayer, values v: borrowing CALayerRenderValues, valuesKept: Bool, revisit: Bool,
                      parent: CGAffineTransform, opacity: Float, clip: CGRect?, opaqueClip: CGRect?,
                      damage: inout DamageRegion) {
        // A layer on an overlay plane is out of the frame, as a hidden one is (the plane shows it).
        if v.isHidden || v.opacity <= 0 || layer.isOnOverlayPlane {
            forgetSubtree(layer, into: &damage)
            layer.clearChangeFlags()
            return
        }
        defer { updateSubtreeExtent(layer) }
        let toDevice = v.toSuperlayer.concatenating(parent)
        let effective = opacity * v.opacity
        let deviceBounds = v.bounds.applying(toDevice)
        let painted = v.paintedRect
        let devicePainted = painted.applying(toDevice)
        var rect = PixelRect(covering: clip.map { devicePainted.intersection($0) } ?? devicePainted)
        if devicePainted.isNull || devicePainted.isEmpty { rect = PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let snapshot = Snapshot(toDevice: toDevice, bounds: v.bounds, opacity: effective, clip: clip,
                                background: v.backgroundColor, cornerRadius: v.cornerRadius, maskedCorners: v.maskedCorners,
                                borderWidth: v.borderWidth, borderColor: v.borderColor, masks: v.masksToBounds,
                                gravity: v.contentsGravity, contentsCenter: v.contentsCenter,
                                hasContents: v.contents != nil, contentsID: v.contents.map(ObjectIdentifier.init),
                                painted: painted, contentsRect: v.contentsRect, samplesNearest: v.samplesNearest,
                                shadowColor: v.shadowOpacity > 0 ? v.shadowColor : nil, shadowOpacity: v.shadowOpacity,
                                shadowOffset: v.shadowOffset, shadowRadius: v.shadowRadius,
                                shadowPath: v.shadowPath.map(ObjectIdentifier.init), transitionProgress: v.transition?.progress)
        var snapshotChanged = true
        // A shadow that is off (faded out, or shown only during a transition) lets go of its mask: up to a
        // screenful of alpha, kept otherwise for the layer's life. (If it comes back, the mask is made again.)
        if snapshot.shadowColor == nil, layer.shadowCache != nil { layer.shadowCache = nil }
        let directPaint = Painter.directPaint(layer, v, toDevice: toDevice)
        var startedBlit = false
        if let old = layer.compositorRecord, insideBlit, let b = blit {
            // Inside a scrolled layer whose content the blit moves.
            var shifted = old.snapshot
            shifted.toDevice.tx += CGFloat(b.dx); shifted.toDevice.ty += CGFloat(b.dy)
            snapshotChanged = old.snapshot != snapshot
            addDamageUnderBlit(oldRect: old.rect, moved: shifted == snapshot && layer.redrawnRect == nil, newRect: rect, damage: &damage)
        } else if let old = layer.compositorRecord, old.snapshot != snapshot,
                  beginBlitIfScrolled(layer, v, toDevice: toDevice, opacity: opacity, clip: clip, snapshot: snapshot, rect: rect,
                                      record: old, damage: &damage) {
            startedBlit = true
        } else if let old = layer.compositorRecord {
            if old.snapshot != snapshot {
                Self.addChangeDamage(from: old.snapshot, old.rect, to: snapshot, rect,
                                     paintedDirectly: old.directPaint != nil && directPaint != nil, into: &damage)
            } else {
                snapshotChanged = false
                if let redrawn = layer.redrawnRect {
                    // A shadow follows the content's shape: redrawn content may move it anywhere in its reach.
                    damage.add(v.hasShadow ? rect : PixelRect(covering: redrawn.applying(toDevice)).intersection(rect))
                }
            }
        } else {
            damage.add(rect)
        }
        var occluder: PixelRect?
        if effective >= 1, toDevice.isRectilinear, v.transition == nil, let covered = Self.covered(v, deviceBounds, toDevice) {
            // Only the pixels entirely inside the layer, and certainly not cut off by a rounded mask above, count.
            let inner = PixelRect(inside: covered)
            let visible = opaqueClip.map { inner.intersection(PixelRect(inside: $0)) } ?? inner
            if !visible.isEmpty { occluder = visible }
        }
        let childClip: CGRect? = v.masksToBounds ? (clip.map { deviceBounds.intersection($0) } ?? deviceBounds) : clip
        var childOpaqueClip = opaqueClip
        if v.masksToBounds {
            let shown = v.cornerRadius > 0 ? Self.squarePart(deviceBounds, radius: v.cornerRadius, toDevice) : deviceBounds
            childOpaqueClip = opaqueClip.map { shown.intersection($0) } ?? shown
        }
        if let record = layer.compositorRecord {
            // (Stored only when they differ: each is a struct of many references, and copying one retains them all.)
            if !valuesKept { record.values = copy v }
            if snapshotChanged { record.snapshot = snapshot }
            record.rect = rect; record.toDevice = toDevice; record.occluder = occluder
            record.childOpacity = effective; record.childClip = childClip; record.childOpaqueClip = childOpaqueClip
            record.opaqueClip = opaqueClip; record.directPaint = directPaint
        } else {
            layer.compositorRecord = Record(owner: self, values: copy v, snapshot: snapshot, rect: rect, toDevice: toDevice, occluder: occluder,
                                            childOpacity: effective, childClip: childClip, childOpaqueClip: childOpaqueClip,
                                            opaqueClip: opaqueClip, directPaint: directPaint)
        }
        layer.clearRedrawnRect()
        if startedBlit { insideBlit = true }
        for sub in layer.storedSublayers {
            walk(sub, parent: toDevice, opacity: effective, clip: childClip, opaqueClip: childOpaqueClip, force: revisit,
                 damage: &damage)
        }
        if startedBlit { insideBlit = false }
        layer.clearChangeFlags()
    }

    /// Damages what a change of a layer's own appearance (`old` shown in `oldRect`, `new` to be shown in `newRect`)
    /// can alter: both rectangles, or less where most of their pixels cannot change —
    /// - a layer that paints nothing itself (a container, moved or resized: its sublayers damage their own places);
    /// - a plain fill (a background colour, maybe rounded; no contents, border or shadow) painted without cairo
    ///   (`paintedDirectly`, then and now) whose edges moved under the same colour, radius and scale: the pixels a
    ///   moved edge (and its corners) can reach, across the fill — a slider's track growing at one end repaints
    ///   that end, not the track. (Not a fill cairo paints: cairo's coverage of a pixel can differ by a level with
    ///   the clip around it, and the bands would cut the rectangles of what lies under the fill where a full
    ///   repaint does not.)
    static func addChangeDamage(from old: Snapshot, _ oldRect: PixelRect, to new: Snapshot, _ newRect: PixelRect,
                                paintedDirectly: Bool, into damage: inout DamageRegion) {
        if old.paintsNothing && new.paintsNothing { return }
        guard paintedDirectly, let bands = movedEdgeBands(from: old, to: new) else {
            damage.add(oldRect)
            damage.add(newRect)
            return
        }
        let reach = oldRect.union(newRect)
        let banded = (bands.0.intersection(reach).area + bands.1.intersection(reach).area + bands.2.intersection(reach).area
                      + bands.3.intersection(reach).area)
        // (A fill moved far, or by as much as its size, is less as its two places.)
        guard banded < oldRect.area + newRect.area else {
            damage.add(oldRect)
            damage.add(newRect)
            return
        }
        // (Four calls, not a loop over an array: a frame allocates nothing.)
        damage.add(bands.0.intersection(reach)); damage.add(bands.1.intersection(reach))
        damage.add(bands.2.intersection(reach)); damage.add(bands.3.intersection(reach))
    }

    /// For `addChangeDamage`: the bands around the edges of a plain fill that moved (device pixels; empty for an
    /// edge that stayed — left, right, top, bottom), or nil when the
    /// change is not only that — or when an edge comes close enough to the opposite one for a pixel's coverage to
    /// depend on both (a fill narrower than its corners and a few pixels), or the radius is clamped differently.
    private static func movedEdgeBands(from old: Snapshot, to new: Snapshot) -> (PixelRect, PixelRect, PixelRect, PixelRect)? {
        guard old.isPlainFill, new.isPlainFill, old.background == new.background, old.cornerRadius == new.cornerRadius,
              old.maskedCorners == new.maskedCorners,
              old.opacity == new.opacity, old.clip == new.clip, old.masks == new.masks,
              old.toDevice.a == new.toDevice.a, old.toDevice.b == new.toDevice.b,
              old.toDevice.c == new.toDevice.c, old.toDevice.d == new.toDevice.d, new.toDevice.isRectilinear else { return nil }
        let o = old.bounds.applying(old.toDevice), n = new.bounds.applying(new.toDevice)
        let t = new.toDevice
        let scale = Swift.max(abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let r = Swift.min(old.cornerRadius * scale, o.width / 2, o.height / 2)
        guard r == Swift.min(new.cornerRadius * scale, n.width / 2, n.height / 2) else { return nil }
        // Beyond this distance from an edge, a pixel's coverage no longer depends on where the edge is (the corner
        // blocks reach r plus the partly covered pixel; the fill's edges are placed to a sixteenth of a pixel).
        let reach = r.rounded(.up) + 2
        let xMoved = o.minX != n.minX || o.maxX != n.maxX, yMoved = o.minY != n.minY || o.maxY != n.maxY
        if xMoved && Swift.min(o.width, n.width) < 2 * reach + 4 { return nil }
        if yMoved && Swift.min(o.height, n.height) < 2 * reach + 4 { return nil }
        let across = (min: Swift.min(o.minY, n.minY) - 2, max: Swift.max(o.maxY, n.maxY) + 2)
        let down = (min: Swift.min(o.minX, n.minX) - 2, max: Swift.max(o.maxX, n.maxX) + 2)
        let none = PixelRect(x: 0, y: 0, width: 0, height: 0)
        func vertical(_ a: CGFloat, _ b: CGFloat) -> PixelRect {
            guard a != b else { return none }
            return PixelRect(covering: CGRect(x: Swift.min(a, b) - reach, y: across.min,
                                              width: abs(a - b) + 2 * reach, height: across.max - across.min))
        }
        func horizontal(_ a: CGFloat, _ b: CGFloat) -> PixelRect {
            guard a != b else { return none }
            return PixelRect(covering: CGRect(x: down.min, y: Swift.min(a, b) - reach,
                                              width: down.max - down.min, height: abs(a - b) + 2 * reach))
        }
        return (vertical(o.minX, n.minX), vertical(o.maxX, n.maxX), horizontal(o.minY, n.minY), horizontal(o.maxY, n.maxY))
    }

    /// The part of `deviceBounds` (the layer's bounds under the rectilinear `toDevice`) that the layer's own
    /// painting hides whatever its opacity flag says: all of it under an opaque background with square corners or
    /// under opaque content filling the bounds (unless rounded corners mask it); the part no corner cuts into under
    /// an opaque background with rounded corners (a button: what is under its middle is never seen). Nil: none.
    static func covered(_ v: CALayerRenderValues, _ deviceBounds: CGRect, _ toDevice: CGAffineTransform) -> CGRect? {
        if let bg = v.backgroundColor, bg.alpha >= 1 {
            return v.cornerRadius > 0 ? squarePart(deviceBounds, radius: v.cornerRadius, toDevice) : deviceBounds
        }
        guard let image = v.contents, image.isOpaque, !(v.masksToBounds && v.cornerRadius > 0),
              v.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1) else { return nil }
        let placed = v.contentsGravity.rect(forContentOfSize: v.contentPointSize(of: image), in: v.bounds)
        return placed.contains(v.bounds) ? deviceBounds : nil
    }

    /// The larger of the two rectangles of `deviceBounds` (rounded by `radius` points, under the rectilinear
    /// `toDevice`) that no corner cuts into: the middle column at full height or the middle band at full width.
    /// (A sublayer under a rounded mask is cut off at the corners: it hides for certain only what lies in here.)
    static func squarePart(_ deviceBounds: CGRect, radius: CGFloat, _ toDevice: CGAffineTransform) -> CGRect {
        let scale = Swift.max(abs(toDevice.a), abs(toDevice.b), abs(toDevice.c), abs(toDevice.d))
        let r = Swift.min(radius * scale, deviceBounds.width / 2, deviceBounds.height / 2)
        let column = deviceBounds.insetBy(dx: r, dy: 0), band = deviceBounds.insetBy(dx: 0, dy: r)
        return column.width * column.height >= band.width * band.height ? column : band
    }

    /// Recomputes a visited layer's subtree extent from its own rectangle and its visible sublayers'.
    private func updateSubtreeExtent(_ layer: CALayer) {
        guard let r = layer.compositorRecord else { return }
        var extent = r.rect, count = 1, occludes = r.occluder != nil
        // (A hidden or transparent sublayer has none: the walk forgot it. Its model values are not what counts — a
        // layer fading out to 0 is still on screen — and the painter and `collectOccluders` count the same way.)
        for sub in layer.storedSublayers where sub.subtreeLayerCount > 0 {
            extent = extent.union(sub.subtreeExtent)
            count += sub.subtreeLayerCount
            occludes = occludes || sub.subtreeHasOccluder
        }
        layer.subtreeExtent = extent
        layer.subtreeLayerCount = count
        layer.subtreeHasOccluder = occludes
    }

    /// Damages where a subtree was and forgets it (removed or hidden).
    private func forgetSubtree(_ layer: CALayer, into damage: inout DamageRegion) {
        if let old = layer.compositorRecord { damage.add(old.rect); layer.compositorRecord = nil }
        layer.subtreeLayerCount = 0
        layer.subtreeHasOccluder = false
        for sub in layer.storedSublayers { forgetSubtree(sub, into: &damage) }
        layer.appearanceChanged = true // shown again later: composited afresh
    }

    // MARK: Occlusion

    /// Numbers layers in paint order and lists the ones that hide everything under them and meet `damaged` (the
    /// frame's damage lies inside it: no other occluder can matter), from the records; subtrees without such
    /// occluders are counted, not visited.
    private func collectOccluders(_ layer: CALayer, within damaged: PixelRect, _ order: inout Int,
                                  _ occluders: inout [(rect: PixelRect, order: Int)]) {
        guard layer.subtreeLayerCount > 0 else { return } // hidden, transparent, or not composited
        // A subtree in a transition moves and fades: nothing in it hides what is below.
        guard layer.subtreeHasOccluder, layer.subtreeExtent.intersects(damaged), !layer.hasRunningTransition else {
            order += layer.subtreeLayerCount
            return
        }
        if let occluder = layer.compositorRecord?.occluder, occluder.intersects(damaged) { occluders.append((occluder, order)) }
        order += 1
        for sub in layer.storedSublayers {
            // The first tests of the call made here: most sublayers hide nothing (text, icons) or lie away from the
            // damage, and are only counted.
            let count = sub.subtreeLayerCount
            if count > 0, !sub.subtreeHasOccluder || !sub.subtreeExtent.intersects(damaged) { order += count; continue }
            collectOccluders(sub, within: damaged, &order, &occluders)
        }
    }
}

extension PixelRect {
    /// The smallest pixel rectangle covering `r` (antialiased edges included).
    init(covering r: CGRect) {
        guard !r.isNull, !r.isInfinite else { self.init(x: 0, y: 0, width: 0, height: 0); return }
        let x0 = Int(r.minX.rounded(.down)), y0 = Int(r.minY.rounded(.down))
        let x1 = Int(r.maxX.rounded(.up)), y1 = Int(r.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// What of `self` lies outside `other`, as up to four rectangles (empty ones where nothing is left): the rows
    /// above and below `other`, then the parts to its left and right beside it.
    func subtracting(_ other: PixelRect) -> (PixelRect, PixelRect, PixelRect, PixelRect) {
        let cut = intersection(other)
        guard !cut.isEmpty else { return (self, PixelRect(x: 0, y: 0, width: 0, height: 0), PixelRect(x: 0, y: 0, width: 0, height: 0),
                                          PixelRect(x: 0, y: 0, width: 0, height: 0)) }
        return (PixelRect(x: x, y: y, width: width, height: cut.y - y),
                PixelRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY),
                PixelRect(x: x, y: cut.y, width: cut.x - x, height: cut.height),
                PixelRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height))
    }

    /// The largest pixel rectangle inside `r`.
    init(inside r: CGRect) {
        let x0 = Int(r.minX.rounded(.up)), y0 = Int(r.minY.rounded(.up))
        self.init(x: x0, y: y0, width: Int(r.maxX.rounded(.down)) - x0, height: Int(r.maxY.rounded(.down)) - y0)
    }
}

/// A frame's damage: rectangles clipped to the screen, overlapping ones merged; when they cover most of the
/// screen, the whole screen (one big copy beats many small ones).
struct DamageRegion {
    let bounds: PixelRect
    private(set) var list: [PixelRect] = []

    init(bounds: PixelRect) { self.bounds = bounds }

    /// A region that keeps its rectangles in `storage` (emptied first; its capacity is what is reused).
    init(bounds: PixelRect, storage: [PixelRect]) {
        self.bounds = bounds
        list = storage
        // (Already empty from `emptied()`: emptying a buffer still shared with the caller would copy it.)
        if !list.isEmpty { list.removeAll(keepingCapacity: true) }
    }

    /// The list's buffer, emptied, for the next frame's region.
    mutating func emptied() -> [PixelRect] {
        list.removeAll(keepingCapacity: true)
        let storage = list
        list = []
        return storage
    }

    mutating func add(_ r: PixelRect) {
        var rect = r.intersection(bounds)
        guard !rect.isEmpty else { return }
        // Already inside one (every add of a frame that moved everything, once the screen is in).
        for other in list where other.contains(rect) { return }
        // Merge with everything it overlaps, until nothing more overlaps, unless the rectangle around both would be
        // mostly pixels neither needs (a slider's long thin track crossing its thumb's square): then only the part
        // outside the other is added, in up to four pieces.
        var merged = true
        while merged {
            merged = false
            for (i, other) in list.enumerated() where other.intersects(rect) {
                let union = rect.union(other)
                let needed = rect.area + other.area - rect.intersection(other).area
                if union.area - needed > Self.toleratedWaste {
                    let pieces = rect.subtracting(other)
                    // (One at a time: an array of them would be allocated every frame.)
                    if !pieces.0.isEmpty { add(pieces.0) }
                    if !pieces.1.isEmpty { add(pieces.1) }
                    if !pieces.2.isEmpty { add(pieces.2) }
                    if !pieces.3.isEmpty { add(pieces.3) }
                    return
                }
                rect = union
                list.remove(at: i)
                merged = true
                break
            }
        }
        list.append(rect)
    }

    /// How many pixels a merge of two overlapping rectangles may add that neither needs: painting them costs less
    /// than another pass over the layer tree for a separate rectangle.
    static let toleratedWaste = 2048

    var rects: [PixelRect] {
        var copy = self
        copy.coalesce()
        return copy.list
    }

    /// When the rectangles cover most of the screen, or are many, replaces them with the one rectangle around
    /// them all (in place).
    mutating func coalesce() {
        var area = 0
        for r in list { area += r.area }
        guard !list.isEmpty, area * 2 > bounds.area || list.count > 32 else { return }
        var all = list[0]
        for r in list { all = all.union(r) }
        list.removeAll(keepingCapacity: true)
        list.append(all)
    }
}
