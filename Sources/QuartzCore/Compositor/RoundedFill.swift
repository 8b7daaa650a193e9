import CCairo
import CPixelKernels
import CPixman
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

/// Rounded backgrounds without a path per frame: the corners come from an antialiased mask rasterised once per
/// radius (in device pixels), the rest is rectangles filled by pixman. The mask is the same coverage cairo's
/// fill of the rounded rectangle would compute for a pixel-aligned layer (it is drawn by cairo, with the same
/// geometry, once), so the pixels match the cairo path exactly.
@MainActor
enum RoundedFill {
    /// A rounded square of side 2·`side` with corners of `radius`: its four quadrants are the four corners.
    /// Its rows are followed by readable bytes (`VITRINE_MASK_READ_PADDING` after the last), so the blend may read
    /// any row eight bytes at a time (`vitrine_over_solid_masked_padded`: a corner's rows are 8 to 24 pixels, mostly
    /// tail).
    final class CornerMask {
        let image: OpaquePointer
        let side: Int
        private let bits: UnsafeMutableRawPointer
        init(image: OpaquePointer, side: Int, bits: UnsafeMutableRawPointer) { self.image = image; self.side = side; self.bits = bits }
        deinit { pixman_image_unref(image); free(bits) }
    }

    /// Masks by radius (device pixels, as the bit pattern of the Double: radii come from a handful of styles).
    @exclusivity(unchecked) private static var masks: [UInt64: CornerMask] = [:]

    static func mask(radius: Double) -> CornerMask? {
        let key = radius.bitPattern
        if let m = masks[key] { return m }
        guard radius > 0, radius <= 1024 else { return nil }
        let side = Int(radius.rounded(.up))
        let size = 2 * side
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(size), Int32(size)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        Painter.addShape(cr, CGRect(x: 0, y: 0, width: size, height: size), CGFloat(radius))
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        // A pixman image of its own (the cairo surface goes), on memory with room to read past its last row: copy
        // the rows.
        let dstStride = (size + 3) / 4 * 4
        guard let bits = calloc(dstStride * size + Int(VITRINE_MASK_READ_PADDING), 1) else { return nil }
        guard let image = pixman_image_create_bits(PIXMAN_a8, Int32(size), Int32(size), bits.assumingMemoryBound(to: UInt32.self),
                                                   Int32(dstStride)) else { free(bits); return nil }
        let src = cairo_image_surface_get_data(surface)!, srcStride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<size { memcpy(bits + y * dstStride, src + y * srcStride, size) }
        if masks.count > 64 { masks.removeAll() } // animated radii must not grow the cache without bound
        let mask = CornerMask(image: image, side: side, bits: bits)
        masks[key] = mask
        return mask
    }

    /// Whether `fill` draws `rect` with corners of `radius` (device pixels): a mask of that radius can be made, and
    /// the corners do not meet.
    static func canFill(_ rect: PixelRect, radius: Double) -> Bool {
        let side = radius.rounded(.up)
        return side > 0 && side <= 1024 && 2 * Int(side) <= rect.width && 2 * Int(side) <= rect.height
    }

    /// Fills `rect` (device pixels) with `color`, its corners rounded by `radius` device pixels, inside `clip`.
    /// Returns false (nothing drawn) when the corners would meet, for the caller to use a path instead.
    static func fill(_ rect: PixelRect, radius: Double, color: pixman_color_t, into destination: OpaquePointer, clip: PixelRect) -> Bool {
        guard canFill(rect, radius: radius), let mask = mask(radius: radius) else { return false }
        let s = mask.side
        // The straight parts, as three bands: between the top corners, the full width between the corners' rows,
        // between the bottom corners. (Wide rows: pixman fills a narrow column row by row at a cost per row.)
        let parts = (PixelRect(x: rect.x + s, y: rect.y, width: rect.width - 2 * s, height: s),
                     PixelRect(x: rect.x, y: rect.y + s, width: rect.width, height: rect.height - 2 * s),
                     PixelRect(x: rect.x + s, y: rect.maxY - s, width: rect.width - 2 * s, height: s))
        for part in [parts.0, parts.1, parts.2] {
            let r = part.intersection(clip)
            if !r.isEmpty { Painter.fill(r, color, into: destination) }
        }
        // The corners: the colour through the mask's quadrants.
        let corners = [(rect.x, rect.y, 0, 0), (rect.maxX - s, rect.y, s, 0),
                       (rect.x, rect.maxY - s, 0, s), (rect.maxX - s, rect.maxY - s, s, s)]
        // The corners lie inside the shown part of `rect`: one look at the destination serves all four.
        let shown = rect.intersection(clip)
        let direct = Painter.directPixels(destination, shown)
        for (x, y, mx, my) in corners {
            let r = PixelRect(x: x, y: y, width: s, height: s).intersection(clip)
            guard !r.isEmpty else { continue }
            if let (origin, stride) = direct, let coverage = pixman_image_get_data(mask.image) {
                // Small blends, four per button: the vector loop without pixman's setup for each.
                let maskStride = Int(pixman_image_get_stride(mask.image))
                let from = UnsafeRawPointer(coverage).assumingMemoryBound(to: UInt8.self)
                    + (my + r.y - y) * maskStride + (mx + r.x - x)
                vitrine_over_solid_masked_padded(origin + (r.y - shown.y) * (stride / 4) + (r.x - shown.x), Int32(stride), from,
                                                 Int32(maskStride), Int32(r.width), Int32(r.height), color.argb32)
            } else if let solid = Painter.solidImage(color) {
                pixman_image_composite32(PIXMAN_OP_OVER, solid, mask.image, destination, 0, 0,
                                         Int32(mx + r.x - x), Int32(my + r.y - y), Int32(r.x), Int32(r.y),
                                         Int32(r.width), Int32(r.height))
            }
        }
        return true
    }
}
