import CCairo
import CPixelKernels
import Foundation

/// One font face at one size in device pixels, as cairo's image backend draws it: each glyph's coverage (8 bits a
/// pixel, rendered once by cairo itself, so it is exactly the mask cairo would blend) placed relative to the
/// glyph's origin rounded to whole pixels, and the outline box cairo tests glyphs for overlap with.
///
/// What `CGContext.drawGlyphs` blends from. cairo 1.16 does the same per glyph (pixman's glyph cache), after a
/// lock, a glyph-cache lookup and a region set-up per call; a label's few glyphs cost more in that machinery than in
/// their pixels.
final class GlyphStrike {
    struct Glyph {
        /// The coverage's top-left pixel from the rounded origin, its size (0 wide: no ink), and where its rows
        /// (`width` bytes each) start in `coverage`.
        var left = 0, top = 0, width = 0, height = 0
        var offset = 0
        /// cairo's box of the glyph from its origin, in 24.8 fixed point (`scaled_glyph->bbox`).
        var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
    }

    let scaledFont: OpaquePointer
    let pixelSize: Double
    // Used under `GlyphStrikes.lock` only: no run-time exclusivity checks on every glyph.
    /// Glyph index → 1 + its place in `glyphs` (0: not rendered yet).
    @exclusivity(unchecked) private var slots: [Int32] = []
    @exclusivity(unchecked) private(set) var glyphs: [Glyph] = []
    @exclusivity(unchecked) private(set) var coverage: [UInt8] = []

    /// The strike of `face` at `pixelSize` device pixels with `options` merged into an image surface's font options,
    /// as cairo merges them when it draws into one (an image surface rounds glyph positions to whole pixels).
    init?(face: OpaquePointer, pixelSize: Double, options: OpaquePointer) {
        guard let probe = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return nil }
        defer { cairo_surface_destroy(probe) }
        guard let merged = cairo_font_options_create() else { return nil }
        defer { cairo_font_options_destroy(merged) }
        cairo_surface_get_font_options(probe, merged)
        cairo_font_options_merge(merged, options)
        var size = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&size, pixelSize, pixelSize)
        cairo_matrix_init_identity(&identity)
        guard let font = cairo_scaled_font_create(face, &size, &identity, merged) else { return nil }
        guard cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS else { cairo_scaled_font_destroy(font); return nil }
        scaledFont = font
        self.pixelSize = pixelSize
    }

    deinit { cairo_scaled_font_destroy(scaledFont) }

    /// The glyph's place in `glyphs`, rendering it on first use.
    func glyph(_ index: UInt) -> Int {
        let i = Int(index)
        if i < slots.count, slots[i] != 0 { return Int(slots[i]) - 1 }
        if i >= slots.count { slots.append(contentsOf: repeatElement(0, count: i + 1 - slots.count)) }
        glyphs.append(render(index))
        slots[i] = Int32(glyphs.count)
        return glyphs.count - 1
    }

    /// cairo's 24.8 fixed point of `v`: `_cairo_fixed_from_double` rounds to the nearest 1/256, ties to even.
    private static func fixed(_ v: Double) -> Int32 { Int32((v * 256).rounded(.toNearestOrEven)) }

    private func render(_ index: UInt) -> Glyph {
        var g = Glyph()
        var origin = cairo_glyph_t(index: index, x: 0, y: 0)
        var e = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaledFont, &origin, 1, &e)
        // With an identity CTM the font's user space is device space: these are cairo's device box of the glyph.
        g.x1 = Self.fixed(e.x_bearing); g.x2 = Self.fixed(e.x_bearing + e.width)
        g.y1 = Self.fixed(e.y_bearing); g.y2 = Self.fixed(e.y_bearing + e.height)
        guard e.width > 0, e.height > 0 else { return g } // a space: no ink
        // cairo draws the glyph at a whole-pixel origin into a surface with room around its box; the ink found there
        // is the glyph's coverage, placed as it is placed at any other whole-pixel origin.
        let left = Int(e.x_bearing.rounded(.down)) - 2, top = Int(e.y_bearing.rounded(.down)) - 2
        let w = Int((e.x_bearing + e.width).rounded(.up)) + 2 - left, h = Int((e.y_bearing + e.height).rounded(.up)) + 2 - top
        guard w > 0, h > 0, w <= 4096, h <= 4096, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))
        else { return g }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_scaled_font(cr, scaledFont)
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD) // onto zero: the coverage itself
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        var placed = cairo_glyph_t(index: index, x: Double(-left), y: Double(-top))
        cairo_show_glyphs(cr, &placed, 1)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return g }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var minX = w, minY = h, maxX = -1, maxY = -1
        for y in 0..<h {
            let row = data + y * stride
            for x in 0..<w where row[x] != 0 {
                minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
                minY = Swift.min(minY, y); maxY = Swift.max(maxY, y)
            }
        }
        guard maxX >= 0 else { return g }
        g.left = left + minX; g.top = top + minY
        g.width = maxX - minX + 1; g.height = maxY - minY + 1
        // The pool ends with the padding `vitrine_over_solid_masked_padded` reads into, after the last image.
        let padding = Int(VITRINE_MASK_READ_PADDING)
        if !coverage.isEmpty { coverage.removeLast(padding) }
        g.offset = coverage.count
        coverage.reserveCapacity(coverage.count + g.width * g.height + padding)
        for y in minY...maxY {
            let row = data + y * stride + minX
            coverage.append(contentsOf: UnsafeBufferPointer(start: row, count: g.width))
        }
        coverage.append(contentsOf: repeatElement(0, count: padding))
        return g
    }
}

/// The strikes in use, by face, pixel size and options (a strike's scaled font holds a reference to its face, so
/// while a key is here its face pointer cannot be another face's). Shared by every context and thread: used under
/// `lock`.
enum GlyphStrikes {
    @exclusivity(unchecked) nonisolated(unsafe) private static var strikes: [Key: GlyphStrike] = [:]
    static let lock = NSLock()

    private struct Key: Hashable {
        /// `options` by `cairo_font_options_hash`, which encodes each of its settings.
        var face: OpaquePointer, options: UInt, size: UInt64
    }

    /// Text larger than this (in device pixels) is drawn by cairo: a strike's images would be large and few.
    static let largestPixelSize = 256.0

    /// Whether this cairo places glyphs as `drawGlyphs` does: at their positions rounded to whole pixels (cairo
    /// 1.16's image backend; later versions may position them at fractions of a pixel).
    static let cairoRoundsGlyphPositions: Bool = {
        let v = Int(cairo_version())
        return v >= 1_16_00 && v < 1_17_00
    }()

    /// The strike (call with `lock` held); `nil` when the size is out of range or cairo cannot make the font.
    static func strike(face: OpaquePointer, pixelSize: Double, options: OpaquePointer) -> GlyphStrike? {
        guard pixelSize > 0, pixelSize <= largestPixelSize else { return nil }
        let key = Key(face: face, options: UInt(cairo_font_options_hash(options)), size: pixelSize.bitPattern)
        if let s = strikes[key] { return s }
        // Many sizes (an animated font size): start over rather than grow without bound.
        if strikes.count >= 64 { strikes.removeAll() }
        guard let s = GlyphStrike(face: face, pixelSize: pixelSize, options: options) else { return nil }
        strikes[key] = s
        return s
    }
}
