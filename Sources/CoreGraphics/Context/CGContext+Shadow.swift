import CCairo
import Foundation

// Shadows. cairo has none, so a shadowed drawing operation runs into a group; the group's alpha, blurred
// (three box blurs, close to a Gaussian with σ = blur / 2, as Core Graphics' blur radius is about 2σ),
// offset and tinted with the shadow colour, is painted first, then the group itself.
extension CGContext {
    /// Every drawing call that changes pixels goes through here (so bitmaps in converted layouts stay in step;
    /// see `willDraw()`).
    func drawShadowed(ink: InkExtent = .clip, _ draw: () -> Void) {
        recordInk(ink)
        willDraw()
        defer { didDraw() }
        guard let shadow = state.shadow else { return draw() }
        cairo_push_group(cr)
        draw()
        guard let group = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(group) }
        // The group's pattern space is device space once its matrix is the identity.
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        cairo_pattern_set_matrix(group, &identity)

        paintShadow(of: group, shadow)

        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source(cr, group)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private func paintShadow(of group: OpaquePointer, _ shadow: Shadow) {
        var groupSurface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &groupSurface) == CAIRO_STATUS_SUCCESS, let groupSurface else { return }
        var offX = 0.0, offY = 0.0
        cairo_surface_get_device_offset(groupSurface, &offX, &offY)
        let gw = Int(cairo_image_surface_get_width(groupSurface)), gh = Int(cairo_image_surface_get_height(groupSurface))
        let sigma = Double(shadow.blur * shadowScale) / 2
        let pad = Int((sigma * 3).rounded(.up)) + 1
        // Device rectangle of the shadow mask: the group's rectangle grown by the blur's reach.
        let x0 = Int(-offX) - pad, y0 = Int(-offY) - pad
        let w = gw + 2 * pad, h = gh + 2 * pad
        guard w > 0, h > 0, let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else { return }
        defer { cairo_surface_destroy(mask) }
        let mc = cairo_create(mask)
        cairo_translate(mc, Double(-x0), Double(-y0))
        cairo_set_source(mc, group)
        cairo_paint(mc)
        cairo_destroy(mc)
        cairo_surface_flush(mask)
        if sigma > 0.1 {
            BoxBlur.gaussianApproximation(cairo_image_surface_get_data(mask)!, width: w, height: h,
                                          stride: Int(cairo_image_surface_get_stride(mask)), sigma: sigma)
        }
        cairo_surface_mark_dirty(mask)

        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = shadow.color
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * state.alpha))
        // Positive height moves the shadow down on screen, as on iOS.
        cairo_mask_surface(cr, mask, Double(x0) + Double(shadow.offset.width * shadowScale),
                           Double(y0) + Double(shadow.offset.height * shadowScale))
        cairo_restore(cr)
    }
}

/// Blurs an 8-bit alpha plane in place with three box blurs per axis (context shadows here, layer shadows in
/// the compositor).
@_spi(VitrineInternals)
public enum BoxBlur {
    public static func gaussianApproximation(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        // Box widths whose three passes approximate a Gaussian of `sigma` (the usual ideal-width formula).
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down)); if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / Double(-4 * lower - 4)).rounded()
        var line = [UInt8](repeating: 0, count: Swift.max(width, height))
        for pass in 0..<3 {
            let radius = ((Double(pass) < m ? lower : upper) - 1) / 2
            guard radius > 0 else { continue }
            for y in 0..<height { blurLine(data + y * stride, count: width, step: 1, radius: radius, scratch: &line) }
            for x in 0..<width { blurLine(data + x, count: height, step: stride, radius: radius, scratch: &line) }
        }
    }

    private static func blurLine(_ p: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [UInt8]) {
        for i in 0..<count { scratch[i] = p[i * step] }
        let window = 2 * radius + 1
        var sum = 0
        // Pixels outside the plane count as transparent.
        for i in 0...Swift.min(radius, count - 1) { sum += Int(scratch[i]) }
        for i in 0..<count {
            p[i * step] = UInt8((sum + window / 2) / window)
            let add = i + radius + 1, remove = i - radius
            if add < count { sum += Int(scratch[add]) }
            if remove >= 0 { sum -= Int(scratch[remove]) }
        }
    }
}
