import CCairo
import CPixelKernels
import Foundation

extension CGContext {
    /// Test hook: `false` makes every context draw through cairo where it would write pixels itself (glyphs,
    /// clears): the reference those paths are tested against.
    nonisolated(unsafe) static var writesPixelsItself = true
    /// Test hook: runs of glyphs drawn by `drawGlyphs` itself, and of those the ones gathered into one mask first.
    nonisolated(unsafe) static var glyphRunsDrawn = 0, glyphRunsMasked = 0

    /// Whether `drawGlyphs` can draw text of `size` (user space) into this context now, writing exactly the pixels
    /// cairo's `cairo_show_glyphs` would: a premultiplied ARGB32 bitmap of the context's own, drawn into outside any
    /// other drawing call, group or transparency layer; user space scaled uniformly (no rotation, no flip); the
    /// clip one whole-pixel rectangle; no shadow; normal blending; a cairo that rounds glyph positions to whole
    /// pixels (1.16).
    @_spi(VitrineInternals)
    public func canDrawGlyphs(size: CGFloat) -> Bool {
        guard Self.writesPixelsItself, GlyphStrikes.cairoRoundsGlyphPositions, drawingDepth == 0, layerStack.isEmpty,
              converted == nil, state.shadow == nil, state.blendMode == .normal, state.pixelClip != nil,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return false }
        let m = userToDevice
        guard m.b == 0, m.c == 0, m.a == m.d, m.a > 0 else { return false }
        let pixelSize = Double(size * m.a)
        return pixelSize > 0 && pixelSize <= GlyphStrikes.largestPixelSize
    }

    /// Draws `glyphs` (positions in user space) of `face` (a cairo font face) at `size` with `options`, in `color`
    /// times the context's alpha, as `cairo_show_glyphs` draws them (to the bit: glyph images from cairo, placed at
    /// positions rounded as cairo rounds them, blended with pixman's arithmetic, gathered into one mask first when
    /// cairo would see them overlap), and records their ink. Only when `canDrawGlyphs(size:)`; otherwise draws
    /// nothing and returns `false`.
    @_spi(VitrineInternals)
    @discardableResult
    public func drawGlyphs(_ glyphs: UnsafeBufferPointer<cairo_glyph_t>, face: OpaquePointer, size: CGFloat,
                           options: OpaquePointer, color: CGColor) -> Bool {
        guard canDrawGlyphs(size: size) else { return false }
        let source = color.pixmanColor(alpha: state.alpha).argb32
        guard let known = state.pixelClip, !glyphs.isEmpty, source != 0 else { return true } // nothing shows
        let bounds = known.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !bounds.isNull, !bounds.isEmpty else { return true }
        let clip = Box(x0: Int(bounds.minX), y0: Int(bounds.minY), x1: Int(bounds.maxX), y1: Int(bounds.maxY))
        let m = userToDevice
        let pixelSize = Double(size * m.a)

        GlyphStrikes.lock.lock()
        defer { GlyphStrikes.lock.unlock() }
        guard let strike = GlyphStrikes.strike(face: face, pixelSize: pixelSize, options: options) else { return false }
        var placed = GlyphStrikes.placed
        GlyphStrikes.placed = []
        defer { placed.removeAll(keepingCapacity: true); GlyphStrikes.placed = placed }

        // As cairo's gstate does: glyphs whose origin lies further than ten font sizes outside the clip are dropped
        // (they cannot show, but they would take part in the overlap test).
        let margin = 10 * pixelSize
        let keepX0 = Double(clip.x0) - margin, keepX1 = Double(clip.x1) + margin
        let keepY0 = Double(clip.y0) - margin, keepY1 = Double(clip.y1) + margin
        // cairo's overlap test (`_cairo_scaled_font_glyph_device_extents`): does a glyph's box meet the box of the
        // glyphs before it? Then cairo adds them into one mask before blending, which differs from blending each
        // where their pixels meet.
        var box = (x1: Int.max, y1: Int.max, x2: Int.min, y2: Int.min)
        var overlap = false, kept = 0
        for g in glyphs {
            let x = Double(m.a) * g.x + Double(m.tx), y = Double(m.d) * g.y + Double(m.ty)
            guard keepX0 <= x, x <= keepX1, keepY0 <= y, y <= keepY1 else { continue }
            kept += 1
            // `_cairo_lround`: nearest, halves up.
            let ix = Int((x + 0.5).rounded(.down)), iy = Int((y + 0.5).rounded(.down))
            let index = strike.glyph(g.index)
            let info = strike.glyphs[index]
            let x1 = ix * 256 + Int(info.x1), x2 = ix * 256 + Int(info.x2)
            let y1 = iy * 256 + Int(info.y1), y2 = iy * 256 + Int(info.y2)
            if !overlap, x1 != x2, y1 != y2 { overlap = x2 > box.x1 && x1 < box.x2 && y2 > box.y1 && y1 < box.y2 }
            box = (Swift.min(box.x1, x1), Swift.min(box.y1, y1), Swift.max(box.x2, x2), Swift.max(box.y2, y2))
            if info.width > 0 { placed.append(Placed(x: ix + info.left, y: iy + info.top, glyph: index)) }
        }
        // (One glyph never overlaps: cairo composites it alone.)
        if kept < 2 { overlap = false }
        guard !placed.isEmpty, let base = cairo_image_surface_get_data(surface) else { return true }

        willDraw()
        defer { didDraw() }
        cairo_surface_flush(surface) // cairo's own pending work (and snapshots of these pixels) first
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = UnsafeMutableRawPointer(base)
        var ink = Box.empty
        strike.coverage.withUnsafeBufferPointer { coverage in
            guard let coverage = coverage.baseAddress else { return }
            /// Where a placed glyph's coverage lies on the surface.
            func area(_ p: Placed) -> Box {
                let info = strike.glyphs[p.glyph]
                return Box(x0: p.x, y0: p.y, x1: p.x + info.width, y1: p.y + info.height)
            }
            /// The glyph's coverage from the pixel `r` starts at (inside `area(p)`), and its row length.
            func rows(_ p: Placed, from r: Box) -> (UnsafePointer<UInt8>, Int32) {
                let info = strike.glyphs[p.glyph]
                return (coverage + info.offset + (r.y0 - p.y) * info.width + (r.x0 - p.x), Int32(info.width))
            }
            if !overlap {
                for p in placed {
                    let r = area(p).intersection(clip)
                    guard !r.isEmpty else { continue }
                    let (from, fromStride) = rows(p, from: r)
                    vitrine_over_solid_masked_padded((pixels + r.y0 * stride + r.x0 * 4).assumingMemoryBound(to: UInt32.self),
                                                     Int32(stride), from, fromStride, Int32(r.width), Int32(r.height), source)
                    ink = ink.union(r)
                }
            } else {
                // Every glyph's coverage added into one mask over their union, then one blend (pixman_composite_glyphs).
                for p in placed { ink = ink.union(area(p)) }
                ink = ink.intersection(clip)
                guard !ink.isEmpty else { return }
                let w = ink.width
                var mask = GlyphStrikes.mask
                GlyphStrikes.mask = []
                defer { GlyphStrikes.mask = mask }
                mask.removeAll(keepingCapacity: true)
                mask.append(contentsOf: repeatElement(0, count: w * ink.height + Int(VITRINE_MASK_READ_PADDING)))
                mask.withUnsafeMutableBufferPointer { buffer in
                    guard let gathered = buffer.baseAddress else { return }
                    for p in placed {
                        let r = area(p).intersection(ink)
                        guard !r.isEmpty else { continue }
                        let (from, fromStride) = rows(p, from: r)
                        vitrine_add_a8(gathered + (r.y0 - ink.y0) * w + (r.x0 - ink.x0), Int32(w), from, fromStride,
                                       Int32(r.width), Int32(r.height))
                    }
                    vitrine_over_solid_masked_padded((pixels + ink.y0 * stride + ink.x0 * 4).assumingMemoryBound(to: UInt32.self),
                                                     Int32(stride), gathered, Int32(w), Int32(w), Int32(ink.height), source)
                }
                Self.glyphRunsMasked += 1
            }
        }
        Self.glyphRunsDrawn += 1
        guard !ink.isEmpty else { return true }
        cairo_surface_mark_dirty_rectangle(surface, Int32(ink.x0), Int32(ink.y0), Int32(ink.width), Int32(ink.height))
        recordDeviceInk(CGRect(x: ink.x0, y: ink.y0, width: ink.width, height: ink.height))
        return true
    }
}

/// A glyph placed for drawing: its coverage's top-left pixel and its place in the strike.
struct Placed {
    var x: Int, y: Int, glyph: Int
}

/// A pixel box, edges exclusive at the far side.
private struct Box {
    var x0: Int, y0: Int, x1: Int, y1: Int
    static let empty = Box(x0: 0, y0: 0, x1: 0, y1: 0)
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    func intersection(_ o: Box) -> Box {
        let r = Box(x0: Swift.max(x0, o.x0), y0: Swift.max(y0, o.y0), x1: Swift.min(x1, o.x1), y1: Swift.min(y1, o.y1))
        return r.isEmpty ? .empty : r
    }
    func union(_ o: Box) -> Box {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return Box(x0: Swift.min(x0, o.x0), y0: Swift.min(y0, o.y0), x1: Swift.max(x1, o.x1), y1: Swift.max(y1, o.y1))
    }
}

extension GlyphStrikes {
    /// Buffers `drawGlyphs` reuses (under `lock`): the placed glyphs and the mask of overlapping ones.
    @exclusivity(unchecked) nonisolated(unsafe) static var placed: [Placed] = []
    @exclusivity(unchecked) nonisolated(unsafe) static var mask: [UInt8] = []
}
