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
package final class Compositor {
    package let output: any FrameOutput
    /// Points to pixels.
    package let scale: CGFloat
    let shadow: CGContext
    @exclusivity(unchecked) var needsFullFrame = true { didSet { if needsFullFrame { FrameRequest.note() } } }

    /// The damage of the last frame, in pixels.
    @exclusivity(unchecked) package private(set) var lastDamage: [PixelRect] = []
    /// Buffers a frame reuses: the damage list and the occluders.
    @exclusivity(unchecked) private var damageStorage: [PixelRect] = []
    @exclusivity(unchecked) private var occluderStorage: [(rect: PixelRect, order: Int)] = []
    /// Layers whose content was painted in the last frame (after occlusion culling).
    @exclusivity(unchecked) package private(set) var layersPaintedLastFrame = 0

    /// A scrolled layer's content moved by whole device pixels: the pixels of `region` are last frame's from
    /// `region` moved back by (`dx`, `dy`), copied within the shadow buffer instead of painted again.
    package struct Blit: Equatable, Sendable {
        package var region: PixelRect
        package var dx: Int, dy: Int
    }
    /// Whether scrolled content is copied rather than repainted (benchmarks turn it off to compare).
    @exclusivity(unchecked) package static var copiesScrolledContent = true
    /// The last frame's blit, if it made one.
    @exclusivity(unchecked) package private(set) var lastBlit: Blit?
    /// This frame's blit, and whether the walk is inside the scrolled layer's subtree now.
    @exclusivity(unchecked) var blit: Blit?
    @exclusivity(unchecked) var insideBlit = false
    /// Where the layer trees composited after the one being walked lie (a blit must not move their pixels).
    @exclusivity(unchecked) var laterRootsExtent = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The damage handed to the output: the painted rectangles and the blitted region (kept from frame to frame).
    @exclusivity(unchecked) private var presentedStorage: [PixelRect] = []

    /// A layer tree to show, with the map from its root's coordinates to the screen's (points).
    package struct Root {
        package var layer: CALayer
        package var toScreen: CGAffineTransform
        package init(layer: CALayer, toScreen: CGAffineTransform) { self.layer = layer; self.toScreen = toScreen }
    }

    /// The shadow buffer's pixels as a pixman image (the fast paths composite into it directly).
    nonisolated(unsafe) let pixmanShadow: OpaquePointer
    /// This frame's occluders where the painter reads them (`Painter.Direct`); grown when a frame has more.
    @exclusivity(unchecked) nonisolated(unsafe) private var occluderBuffer = UnsafeMutableBufferPointer<(rect: PixelRect, order: Int)>(start: nil, count: 0)

    /// Numbers compositors apart for as long as the process runs (unlike addresses, never reused).
    let serial: UInt64
    private static var serials: UInt64 = 0

    package init(output: any FrameOutput, scale: CGFloat) {
        Self.serials += 1
        serial = Self.serials
        FrameRequest.note() // its first frame is a full one
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
    package func setNeedsFullFrame() { needsFullFrame = true }

    /// Where layer trees that left this screen were (a window moved to another screen): repainted next frame.
    @exclusivity(unchecked) private var releasedDamage: [PixelRect] = []


    /// Lets go of `root`'s tree (its window moves to another screen): the next frame repaints where it was here,
    /// and the tree is composited afresh wherever it goes (its records are cleared now, before another
    /// compositor looks at them).
    package func release(_ root: CALayer) {
        forgetAndRepaintNextFrame(root)
        // Its superlayer visits it again (forgotten, it is composited afresh).
        root.queueForCompositor()
    }

    /// Clears the records of `layer`'s subtree now and repaints where it was in the next frame.
    func forgetAndRepaintNextFrame(_ layer: CALayer) {
        var damage = DamageRegion(bounds: screenRect)
        forgetSubtree(layer, into: &damage)
        releasedDamage.append(contentsOf: damage.rects)
        FrameRequest.note()
    }

    /// Lets go of the layers taken out of their trees that nothing else holds, before the display pass: they go now
    /// rather than after the next composite, so their backing stores are back in the pool for views put in their
    /// place in the same frame. Each screen still repaints where its own were, next frame.
    package static func releaseUnheldDetachedLayers() {
        var i = 0
        while i < CALayer.detached.count {
            guard isKnownUniquelyReferenced(&CALayer.detached[i]) else { i += 1; continue }
            let layer = CALayer.detached.remove(at: i)
            layer.compositorRecord?.owner?.forgetAndRepaintNextFrame(layer)
        } // each `layer` is freed as its turn ends (its store to the pool, its sublayers with it unless held)
    }

    /// Whether compositing `root` could change anything on screen: a full frame is due, a layer left a tree, or
    /// something in the tree changed. Lets an idle frame stop before gathering its roots.
    package func needsComposite(_ root: CALayer) -> Bool {
        needsFullFrame || CALayer.detached.contains { $0.compositorRecord?.owner === self } || !releasedDamage.isEmpty || root.appearanceChanged || root.subtreeChanged || root.redrawnRect != nil
    }

    /// Composites and presents one frame; returns its damage (empty: nothing changed, nothing drawn).
    @discardableResult
    package func composite(_ roots: [Root]) -> [PixelRect] {
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

    /// The strips a blit exposed and the edge pixels it left (painted anyway; their pixels were not copied from).
    @exclusivity(unchecked) var blitExposed: [PixelRect] = []
    @exclusivity(unchecked) var ghostScratch: [PixelRect] = []

    /// costs what the cache saves.
    @exclusivity(unchecked) static var bandedBytes = ProcessorCache.lastLevelBytes / 4
    /// Bytes of shadow buffer a band holds, at least 16 rows (bands of 16 to 128 rows of 10 KiB did about equally well).
    @exclusivity(unchecked) static var bandBytes = 384 * 1024

    /// Paints one rectangle (in bands, when big), starting from the topmost opaque layer that covers each.
    func paintRect(_ r: PixelRect, _ cr: OpaquePointer, _ roots: [Root], _ occluders: UnsafeBufferPointer<(rect: PixelRect, order: Int)>,
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
    func paintBand(_ r: PixelRect, _ cr: OpaquePointer, _ roots: [Root], _ occluders: UnsafeBufferPointer<(rect: PixelRect, order: Int)>,
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
    static func topmostCover(of r: PixelRect, _ occluders: UnsafeBufferPointer<(rect: PixelRect, order: Int)>)
        -> (rect: PixelRect, order: Int)? {
        var i = occluders.count
        while i > 0 {
            i -= 1
            if occluders[i].rect.contains(r) { return occluders[i] }
        }
        return nil
    }

    /// The shadow buffer's pixels (what is on screen), for snapshots.
    package func withPixels<R>(_ body: (UnsafeRawBufferPointer, Int) -> R) -> R {
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

    // MARK: Occlusion

    /// Numbers layers in paint order and lists the ones that hide everything under them and meet `damaged` (the
    /// frame's damage lies inside it: no other occluder can matter), from the records; subtrees without such
    /// occluders are counted, not visited.
    func collectOccluders(_ layer: CALayer, within damaged: PixelRect, _ order: inout Int,
                                  _ occluders: inout [(rect: PixelRect, order: Int)]) {
        guard layer.subtreeLayerCount > 0 else { return } // hidden, transparent, or not composited
        // A subtree in a transition moves and fades: nothing in it hides what is below.
        guard layer.subtreeHasOccluder, layer.subtreeExtent.intersects(damaged), !layer.hasRunningTransition else {
            order += layer.subtreeLayerCount
            return
        }
        if let occluder = layer.compositorRecord?.occluder, occluder.intersects(damaged) { occluders.append((occluder, order)) }
        order += 1
        for sub in layer.compositedSublayers {
            // The first tests of the call made here: most sublayers hide nothing (text, icons) or lie away from the
            // damage, and are only counted.
            let count = sub.subtreeLayerCount
            if count > 0, !sub.subtreeHasOccluder || !sub.subtreeExtent.intersects(damaged) { order += count; continue }
            collectOccluders(sub, within: damaged, &order, &occluders)
        }
    }
}
