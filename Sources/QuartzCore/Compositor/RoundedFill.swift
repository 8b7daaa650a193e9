import CCairo
import CPixelKernels
import CPixman
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

/// Rectangles and rounded rectangles filled without a path per frame, at any sub-pixel position: what a sliding
/// switch thumb, a slider's thumb and tracks, and every rounded button background are.
///
/// The edges are placed to a sixteenth of a pixel (at most a thirty-second from where they are: a sliding shape would
/// otherwise need its antialiased edges rasterised anew every frame). The corners come from antialiased masks drawn
/// by cairo once per radius and sub-pixel phase — the coverage cairo's fill of the same path computes, so a shape
/// on whole pixels looks exactly as cairo draws it —, the straight parts are rectangles (a partly covered edge row
/// or column is the colour at that coverage). A shape whose corners meet (a circle, a capsule) is one mask, kept
/// for its size and phase.
@MainActor
enum RoundedFill {
    /// Edges are placed to 1/`steps` of a pixel: 2^`shift`.
    static let shift = 4
    static let steps = Double(1 << shift)
    /// How far (in pixels) an edge may be drawn from where it is; a pixel it crosses may differ from cairo's exact
    /// coverage by that much (255/32 levels).
    static let largestEdgeError = 0.5 / steps

    /// An 8-bit coverage mask whose rows are followed by readable bytes (`VITRINE_MASK_READ_PADDING` after the last),
    /// so the blend may read any row eight bytes at a time (`vitrine_over_solid_masked_padded`: a corner's rows are 2
    /// to 24 pixels, mostly tail).
    final class Mask {
        let image: OpaquePointer
        let width: Int, height: Int, stride: Int
        let bits: UnsafeMutableRawPointer

        /// Rasterises `shape` (with corners of `radius`) into a `width` x `height` mask; nil if memory runs out.
        init?(width: Int, height: Int, shape: CGRect, radius: Double) {
            guard width > 0, height > 0,
                  let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            Painter.addShape(cr, shape, CGFloat(radius))
            cairo_fill(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            // Memory of its own (the cairo surface goes), with room to read past the last row: copy the rows.
            stride = (width + 3) / 4 * 4
            guard let bits = calloc(stride * height + Int(VITRINE_MASK_READ_PADDING), 1) else { return nil }
            guard let image = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height), bits.assumingMemoryBound(to: UInt32.self),
                                                       Int32(stride)) else { free(bits); return nil }
            let src = cairo_image_surface_get_data(surface)!, srcStride = Int(cairo_image_surface_get_stride(surface))
            for y in 0..<height { memcpy(bits + y * stride, src + y * srcStride, width) }
            self.image = image; self.bits = bits; self.width = width; self.height = height
        }

        deinit { pixman_image_unref(image); free(bits) }
    }

    /// What a mask holds: the shape, in 1/`steps` pixels (`x`, `y`, `w`, `h`) with corners of `radius64`/64 pixels,
    /// seen through a `width` x `height` pixel window at the origin. Every mask `fill` uses is one of these: four
    /// corners (a shape just big enough for them, whose quadrants are any shape's corners with that radius and
    /// those edge phases), the two ends of a thin shape, a whole small shape.
    struct MaskKey: Hashable {
        var x: Int32, y: Int32, w: Int32, h: Int32, radius64: Int32, width: Int32, height: Int32
    }

    /// The masks made so far.
    @exclusivity(unchecked) private static var masks: [MaskKey: Mask] = [:]
    /// The cache holds at most this many masks (animated radii and sizes must not grow it without bound; it starts
    /// over when full).
    static let cacheLimit = 512
    /// The largest mask made, in pixels (a bigger one, rare, is left to cairo's path fill).
    static let largestMask = 256 * 256

    private static func mask(_ key: MaskKey) -> Mask? {
        if let m = masks[key] { return m }
        let e = CGFloat(steps)
        guard let mask = Mask(width: Int(key.width), height: Int(key.height),
                              shape: CGRect(x: CGFloat(key.x) / e, y: CGFloat(key.y) / e, width: CGFloat(key.w) / e, height: CGFloat(key.h) / e),
                              radius: Double(key.radius64) / 64) else { return nil }
        if masks.count >= cacheLimit { masks.removeAll() }
        masks[key] = mask
        return mask
    }

    /// Whether `fill` draws `rect` (device pixels) with corners of `radius`: a size and place the masks serve.
    static func canFill(_ rect: CGRect, radius: Double) -> Bool {
        guard !rect.isNull, rect.width > 0, rect.height > 0, radius >= 0, radius <= 1024,
              abs(rect.minX) < 1e6, abs(rect.minY) < 1e6, abs(rect.maxX) < 1e6, abs(rect.maxY) < 1e6 else { return false }
        // A shape whose corners meet both ways is one mask, of bounded size; a thin one, two ends of bounded size.
        // (A corner's block is at most r + 2 pixels: its curve and the partly covered pixels around it.)
        let r = Swift.min(radius, Double(rect.width) / 2, Double(rect.height) / 2)
        let meetsX = 2 * r + 4 >= Double(rect.width), meetsY = 2 * r + 4 >= Double(rect.height)
        if meetsX && meetsY { return Double((rect.width + 2) * (rect.height + 2)) <= Double(largestMask) }
        if meetsY { return 2 * (r + 2) * Double(rect.height + 2) <= Double(largestMask) }
        if meetsX { return 2 * (r + 2) * Double(rect.width + 2) <= Double(largestMask) }
        return (r + 2) * (r + 2) * 4 <= Double(largestMask)
    }

    /// `rect` with its edges placed where `fill` draws them.
    static func placed(_ rect: CGRect) -> CGRect {
        func q(_ v: CGFloat) -> CGFloat { (v * CGFloat(steps)).rounded() / CGFloat(steps) }
        let x0 = q(rect.minX), y0 = q(rect.minY)
        return CGRect(x: x0, y: y0, width: q(rect.maxX) - x0, height: q(rect.maxY) - y0)
    }

    /// Fills `rect` (device pixels, any fraction) with `color`, its corners rounded by `radius` device pixels (0:
    /// square), inside `clip`. Returns false (nothing drawn) when it cannot (`canFill`), for the caller to use a path.
    static func fill(_ rect: CGRect, radius: Double, color: pixman_color_t, into destination: OpaquePointer, clip: PixelRect) -> Bool {
        guard canFill(rect, radius: radius) else { return false }
        let q = placed(rect)
        guard q.width > 0, q.height > 0 else { return true }
        // In 1/steps pixels from here: every edge is on that grid.
        let e = Int(steps)
        let x0 = Int((q.minX * CGFloat(steps)).rounded()), y0 = Int((q.minY * CGFloat(steps)).rounded())
        let x1 = Int((q.maxX * CGFloat(steps)).rounded()), y1 = Int((q.maxY * CGFloat(steps)).rounded())
        let X0 = x0 >> shift, Y0 = y0 >> shift, X1 = (x1 + e - 1) >> shift, Y1 = (y1 + e - 1) >> shift
        // Phases: how far inside its outermost pixel each edge lies.
        let pl = x0 - X0 * e, pt = y0 - Y0 * e, pr = X1 * e - x1, pb = Y1 * e - y1
        let r64 = Int((Swift.min(radius, Double(x1 - x0) / steps / 2, Double(y1 - y0) / steps / 2) * 64).rounded(.down))
        // Each corner's block: the pixels its curve (and the partly covered edge pixels) reach.
        func reach(_ phase: Int) -> Int { (phase * (64 / e) + r64 + 63) / 64 } // ceil(phase/steps + r64/64)
        let kl = reach(pl), kr = reach(pr), kt = reach(pt), kb = reach(pb)
        let full = PixelRect(x: X0, y: Y0, width: X1 - X0, height: Y1 - Y0)
        let shown = full.intersection(clip)
        guard !shown.isEmpty else { return true }
        let target = Target(destination: destination, clip: clip, shown: shown, direct: Painter.directPixels(destination, shown),
                            color: color)
        func key(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ width: Int, _ height: Int) -> MaskKey {
            MaskKey(x: Int32(x), y: Int32(y), w: Int32(w), h: Int32(h), radius64: Int32(r64), width: Int32(width), height: Int32(height))
        }
        let meetsX = X0 + kl > X1 - kr, meetsY = Y0 + kt > Y1 - kb
        let W = X1 - X0, H = Y1 - Y0
        switch (meetsX, meetsY) {
        case (true, true):
            // A circle, a small capsule: the whole shape.
            guard W * H <= largestMask, let m = mask(key(pl, pt, x1 - x0, y1 - y0, W, H)) else { return false }
            target.blend(m, 0, 0, X0, Y0, W, H)
        case (false, true):
            // A thin horizontal shape (a slider's track): its two ends whole, rows of coverage between them. (Each end
            // is seen on a shape long enough that the other end's corners lie outside the window.)
            // (An end with no reach — a square edge on a pixel boundary — has nothing of its own.)
            let long = 2 * (kl + kr + 2) * e
            guard (kl + kr) * H <= largestMask else { return false }
            if kl > 0 {
                guard let left = mask(key(pl, pt, long, y1 - y0, kl, H)) else { return false }
                target.blend(left, 0, 0, X0, Y0, kl, H)
            }
            if kr > 0 {
                guard let right = mask(key(kr * e - pr - long, pt, long, y1 - y0, kr, H)) else { return false }
                target.blend(right, 0, 0, X1 - kr, Y0, kr, H)
            }
            target.rows(X0 + kl, X1 - kr, from: y0, to: y1)
        case (true, false):
            // A thin vertical shape: the same, turned.
            let long = 2 * (kt + kb + 2) * e
            guard (kt + kb) * W <= largestMask else { return false }
            if kt > 0 {
                guard let top = mask(key(pl, pt, x1 - x0, long, W, kt)) else { return false }
                target.blend(top, 0, 0, X0, Y0, W, kt)
            }
            if kb > 0 {
                guard let bottom = mask(key(pl, kb * e - pb - long, x1 - x0, long, W, kb)) else { return false }
                target.blend(bottom, 0, 0, X0, Y1 - kb, W, kb)
            }
            target.columns(Y0 + kt, Y1 - kb, from: x0, to: x1)
        case (false, false):
            // The corners, each a quadrant of the mask for its radius and its two edges' phases.
            func corners(_ px: Int, _ py: Int, _ kx: Int, _ ky: Int) -> Mask? {
                kx > 0 && ky > 0 ? mask(key(px, py, 2 * kx * e - 2 * px, 2 * ky * e - 2 * py, 2 * kx, 2 * ky)) : nil
            }
            if let m = corners(pl, pt, kl, kt) { target.blend(m, 0, 0, X0, Y0, kl, kt) }
            if let m = corners(pr, pt, kr, kt) { target.blend(m, kr, 0, X1 - kr, Y0, kr, kt) }
            if let m = corners(pl, pb, kl, kb) { target.blend(m, 0, kb, X0, Y1 - kb, kl, kb) }
            if let m = corners(pr, pb, kr, kb) { target.blend(m, kr, kb, X1 - kr, Y1 - kb, kr, kb) }
            // The straight parts, wide bands first (pixman and the fill loop pay per row: a narrow column costs as
            // much as a wide band of the same height): between the top corners, the full width between the
            // corners' rows, between the bottom corners; each partly covered outer row or column at its coverage.
            target.rows(X0 + kl, X1 - kr, from: y0, to: Y0 * e + kt * e)
            target.rows(X0 + kl, X1 - kr, from: Y1 * e - kb * e, to: y1)
            target.rows(X0, X1, from: Y0 * e + kt * e, to: Y1 * e - kb * e, left: x0, right: x1)
        }
        return true
    }
}

/// Where `RoundedFill.fill` draws: the destination, its clip, and the colour.
private struct Target {
    let destination: OpaquePointer
    let clip: PixelRect
    /// The part of the shape inside the clip, and its first pixel and row stride when the vector loops may write it.
    let shown: PixelRect
    let direct: (UnsafeMutablePointer<UInt32>, Int)?
    let color: pixman_color_t

    /// Blends the colour through the part of `mask` from (`mx`, `my`) that lands on (`x`, `y`, `w`, `h`).
    @MainActor func blend(_ mask: RoundedFill.Mask, _ mx: Int, _ my: Int, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
        let part = PixelRect(x: x, y: y, width: w, height: h).intersection(clip)
        guard !part.isEmpty else { return }
        let fromX = mx + part.x - x, fromY = my + part.y - y
        if let (origin, stride) = direct {
            vitrine_over_solid_masked_padded(origin + (part.y - shown.y) * (stride / 4) + (part.x - shown.x), Int32(stride),
                                             mask.bits.assumingMemoryBound(to: UInt8.self) + fromY * mask.stride + fromX,
                                             Int32(mask.stride), Int32(part.width), Int32(part.height), color.argb32)
        } else if let solid = Painter.solidImage(color) {
            pixman_image_composite32(PIXMAN_OP_OVER, solid, mask.image, destination, 0, 0, Int32(fromX), Int32(fromY),
                                     Int32(part.x), Int32(part.y), Int32(part.width), Int32(part.height))
        }
    }

    /// Fills columns `fromX`..<`toX` of the rows the span `y0`..<`y1` (1/`steps` pixels) crosses, each row at the part
    /// of it the span covers: whole rows as one band, a partly covered first and last row on their own. With `left`
    /// and `right` (1/`steps` pixels), the outermost columns are partly covered too (at the product of both).
    @MainActor func rows(_ fromX: Int, _ toX: Int, from y0: Int, to y1: Int, left: Int? = nil, right: Int? = nil) {
        guard toX > fromX, y1 > y0 else { return }
        let e = Int(RoundedFill.steps)
        let Y0 = y0 >> RoundedFill.shift, Y1 = (y1 + e - 1) >> RoundedFill.shift
        var y = Y0
        while y < Y1 {
            // The run of rows with the same coverage: a partial row alone, whole rows together.
            let cover = Swift.min(y1, (y + 1) * e) - Swift.max(y0, y * e)
            var end = y + 1
            if cover == e { end = Swift.max(end, Swift.min(Y1, y1 >> RoundedFill.shift)) }
            if let left, let right {
                // Partly covered outer columns (`fromX` and `toX` are the columns the edges lie in).
                let cl = Swift.min(right, (fromX + 1) * e) - left, cr = right - Swift.max(left, (toX - 1) * e)
                var inner = fromX, innerEnd = toX
                if cl < e { fill(fromX, y, 1, end - y, cover * cl); inner += 1 }
                if cr < e, toX - 1 >= inner { fill(toX - 1, y, 1, end - y, cover * cr); innerEnd -= 1 }
                fill(inner, y, innerEnd - inner, end - y, cover * e)
            } else {
                fill(fromX, y, toX - fromX, end - y, cover * e)
            }
            y = end
        }
    }

    /// Fills rows `fromY`..<`toY` of the columns the span `x0`..<`x1` (1/`steps` pixels) crosses, each column at the
    /// part of it the span covers.
    @MainActor func columns(_ fromY: Int, _ toY: Int, from x0: Int, to x1: Int) {
        guard toY > fromY, x1 > x0 else { return }
        let e = Int(RoundedFill.steps)
        let X0 = x0 >> RoundedFill.shift, X1 = (x1 + e - 1) >> RoundedFill.shift
        var x = X0
        while x < X1 {
            let cover = Swift.min(x1, (x + 1) * e) - Swift.max(x0, x * e)
            var end = x + 1
            if cover == e { end = Swift.max(end, Swift.min(X1, x1 >> RoundedFill.shift)) }
            fill(x, fromY, end - x, toY - fromY, cover * e)
            x = end
        }
    }

    /// Fills (`x`, `y`, `w`, `h`) with the colour at `coverage` (in 1/`steps`² of a pixel).
    @MainActor private func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ coverage: Int) {
        guard w > 0, h > 0, coverage > 0 else { return }
        let part = PixelRect(x: x, y: y, width: w, height: h).intersection(clip)
        guard !part.isEmpty else { return }
        let whole = Int(RoundedFill.steps * RoundedFill.steps)
        Painter.fill(part, coverage >= whole ? color : color.scaled(by: Double(coverage) / Double(whole)), into: destination)
    }
}

extension pixman_color_t {
    /// The (premultiplied) colour at `fraction` of its strength: what a pixel `fraction` covered by it gets.
    func scaled(by fraction: Double) -> pixman_color_t {
        func s(_ v: UInt16) -> UInt16 { UInt16((Double(v) * fraction).rounded()) }
        return pixman_color_t(red: s(red), green: s(green), blue: s(blue), alpha: s(alpha))
    }
}
