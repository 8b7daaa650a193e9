import CCairo
import CPixelKernels
import CPixman
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrinePlatform

/// A layer's shadow as an 8-bit alpha mask, blurred, in device pixels, kept on the layer between frames: moving
/// or fading a layer reuses it; only a change of shape, size, scale, rotation or blur makes a new one. The mask
/// is tinted with the shadow colour when painted, so colour and opacity changes (and their animations) cost no
/// blur either.
final class ShadowMask {
    /// What the mask was made from; an equal key means the mask still fits.
    struct Key: Equatable {
        var linear: CGAffineTransform
        var sigma: Double
        var path: CGPath?
        var bounds: CGRect
        var background: Bool
        var cornerRadius: CGFloat
        var maskedCorners: CACornerMask
        var borderWidth: CGFloat
        var contentsID: ObjectIdentifier?
        /// The layer's `displayCount`: a backing store redrawn in place is the same image with new pixels.
        var contentsVersion: Int
        var gravity: CALayerContentsGravity
        var contentsRect: CGRect
        var contentsCenter: CGRect
        /// The shadow offset in device pixels when the layer's own background is opaque and square to the screen:
        /// the mask is left empty where that background will certainly cover the shadow (see `clearUnderFill`).
        var underFill: CGSize?

        static func == (l: Key, r: Key) -> Bool {
            l.linear == r.linear && l.sigma == r.sigma && l.path === r.path && l.bounds == r.bounds
                && l.background == r.background && l.cornerRadius == r.cornerRadius && l.maskedCorners == r.maskedCorners && l.borderWidth == r.borderWidth
                && l.contentsID == r.contentsID && l.contentsVersion == r.contentsVersion && l.gravity == r.gravity && l.contentsRect == r.contentsRect
                && l.contentsCenter == r.contentsCenter && l.underFill == r.underFill
        }
    }

    let key: Key
    let surface: OpaquePointer
    /// Where the mask's top-left pixel sits relative to the layer's origin mapped to device space (before the
    /// shadow offset).
    let origin: CGPoint

    /// The mask's size in pixels and its row stride in bytes.
    let width: Int, height: Int, stride: Int
    /// The same pixels as a pixman image, for blends into a destination the vector loop cannot write.
    let pixmanImage: OpaquePointer?
    /// For each row, the columns `clearUnderFill` emptied (a start and an end; equal when none), which the blend
    /// leaves out; nil when the layer has no opaque fill over its shadow.
    let holes: UnsafeMutablePointer<Int32>?

    init(key: Key, surface: OpaquePointer, origin: CGPoint, holes: UnsafeMutablePointer<Int32>?) {
        self.key = key; self.surface = surface; self.origin = origin; self.holes = holes
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        self.stride = stride
        if let data = cairo_image_surface_get_data(surface) {
            pixmanImage = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height),
                                                   UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), Int32(stride))
        } else {
            pixmanImage = nil
        }
    }

    deinit {
        holes?.deallocate()
        if let pixmanImage { pixman_image_unref(pixmanImage) }
        cairo_surface_destroy(surface)
    }
}

@MainActor
extension Painter {
    /// Paints `v`'s shadow under the layer: its shape (the shadow path, or the layer's own background, content
    /// alpha and border) blurred with a Gaussian of σ = `shadowRadius` (a shadow radius is a blur's standard
    /// deviation, as design tools convert it), offset by `shadowOffset`, tinted with the colour at
    /// `shadowOpacity`. `cr`'s clip applies (a layer that masks to its bounds clips its own shadow, as on iOS).
    static func paintShadow(_ layer: CALayer, _ v: CALayerRenderValues, _ cr: OpaquePointer, toDevice: CGAffineTransform) {
        guard v.shadowOpacity > 0, let color = v.shadowColor, color.alpha > 0 else { return }
        guard let mask = shadowMask(layer, v, toDevice: toDevice) else { return }
        let (x, y) = shadowPlacement(mask, v, toDevice: toDevice)
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_rgba(cr, Double(color.red), Double(color.green), Double(color.blue),
                              Double(color.alpha) * Double(min(v.shadowOpacity, 1)))
        cairo_mask_surface(cr, mask.surface, Double(x), Double(y))
        cairo_restore(cr)
    }

    /// Where `mask`'s top-left pixel goes on screen: whole pixels (a mask placed at a fraction would be resampled
    /// every frame of a slide).
    static func shadowPlacement(_ mask: ShadowMask, _ v: borrowing CALayerRenderValues, toDevice: CGAffineTransform) -> (Int, Int) {
        let offset = CGPoint(x: v.shadowOffset.width, y: v.shadowOffset.height)
            .applying(CGAffineTransform(a: toDevice.a, b: toDevice.b, c: toDevice.c, d: toDevice.d, tx: 0, ty: 0))
        let x = (toDevice.tx + mask.origin.x + offset.x).rounded(), y = (toDevice.ty + mask.origin.y + offset.y).rounded()
        guard abs(x) < 1e7, abs(y) < 1e7 else { return (Int.min / 2, Int.min / 2) }
        return (Int(x), Int(y))
    }

    /// Blends `mask` tinted with `color` (premultiplied, at the shadow's opacity) at (`x`, `y`) into the shadow
    /// buffer, inside `d`'s clip: the shadow of a layer painted without cairo.
    static func paintShadowDirectly(_ mask: ShadowMask, x: Int, y: Int, _ color: pixman_color_t, _ d: Direct) {
        let r = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(d.clip)
        guard !r.isEmpty, let coverage = cairo_image_surface_get_data(mask.surface) else { return }
        cairo_surface_flush(d.surface)
        let from = UnsafePointer(coverage) + (r.y - y) * mask.stride + (r.x - x)
        if let (to, stride) = directPixels(d.destination, r) {
            vitrine_over_solid_masked_holes(to, Int32(stride), from, Int32(mask.stride), Int32(r.width), Int32(r.height), color.argb32,
                                            mask.holes.map { $0 + 2 * (r.y - y) }, Int32(r.x - x))
        } else if let solid = solidImage(color), let image = mask.pixmanImage {
            pixman_image_composite32(PIXMAN_OP_OVER, solid, image, d.destination, 0, 0, Int32(r.x - x), Int32(r.y - y),
                                     Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        cairo_surface_mark_dirty_rectangle(d.surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }

    /// The layer's cached mask, remade when its key changed.
    static func shadowMask(_ layer: CALayer, _ v: CALayerRenderValues, toDevice: CGAffineTransform) -> ShadowMask? {
        let linear = CGAffineTransform(a: toDevice.a, b: toDevice.b, c: toDevice.c, d: toDevice.d, tx: 0, ty: 0)
        let deviceScale = abs(linear.a * linear.d - linear.b * linear.c).squareRoot()
        let key = ShadowMask.Key(linear: linear, sigma: Double(max(0, v.shadowRadius) * deviceScale), path: v.shadowPath,
                                 bounds: v.bounds, background: (v.backgroundColor?.alpha ?? 0) > 0,
                                 cornerRadius: v.cornerRadius, maskedCorners: v.maskedCorners, borderWidth: (v.borderColor?.alpha ?? 0) > 0 ? v.borderWidth : 0,
                                 contentsID: v.contents.map(ObjectIdentifier.init), contentsVersion: layer.displayCount, gravity: v.contentsGravity,
                                 contentsRect: v.contentsRect, contentsCenter: v.contentsCenter,
                                 underFill: clearsUnderFill && (v.backgroundColor?.alpha ?? 0) >= 1 && linear.isRectilinear
                                    ? CGSize(width: v.shadowOffset.width, height: v.shadowOffset.height).applying(linear) : nil)
        if let cached = layer.shadowCache, cached.key == key { return cached }
        layer.shadowCache = nil
        let shape = (v.shadowPath?.boundingBox ?? v.ownPaintedRect).applying(linear)
        guard !shape.isNull, !shape.isEmpty, shape.width < 16384, shape.height < 16384 else { return nil }
        let pad = (3 * key.sigma).rounded(.up) + 1
        let x0 = shape.minX.rounded(.down) - pad, y0 = shape.minY.rounded(.down) - pad
        let w = Int(shape.maxX.rounded(.up) + pad - x0), h = Int(shape.maxY.rounded(.up) + pad - y0)
        guard w > 0, h > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(surface); return nil }
        let mc = cairo_create(surface)!
        var m = cairoMatrix(linear.concatenating(CGAffineTransform(translationX: -x0, y: -y0)))
        cairo_set_matrix(mc, &m)
        if let path = v.shadowPath {
            appendPath(path, mc)
            cairo_set_source_rgba(mc, 0, 0, 0, 1)
            cairo_fill(mc)
        } else {
            // The layer's own painting, in alpha only.
            paintShape(v, mc)
        }
        cairo_destroy(mc)
        cairo_surface_flush(surface)
        if key.sigma > 0.1 {
            BoxBlur.gaussianApproximation(cairo_image_surface_get_data(surface)!, width: w, height: h,
                                          stride: Int(cairo_image_surface_get_stride(surface)), sigma: key.sigma)
        }
        var holes: UnsafeMutablePointer<Int32>?
        if let offset = key.underFill {
            let deviceScale = Swift.max(abs(linear.a), abs(linear.b), abs(linear.c), abs(linear.d))
            let rows = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * h)
            rows.initialize(repeating: 0, count: 2 * h)
            clearUnderFill(cairo_image_surface_get_data(surface)!, width: w, height: h, stride: Int(cairo_image_surface_get_stride(surface)),
                           fill: v.bounds.applying(linear).offsetBy(dx: -x0 - offset.width, dy: -y0 - offset.height),
                           radius: v.cornerRadius * deviceScale, holes: rows)
            holes = rows
        }
        cairo_surface_mark_dirty(surface)
        let mask = ShadowMask(key: key, surface: surface, origin: CGPoint(x: x0, y: y0), holes: holes)
        layer.shadowCache = mask
        return mask
    }

    /// Whether shadow masks leave out what their layer's opaque background covers (tests turn it off to compare).
    @exclusivity(unchecked) static var clearsUnderFill = true

    /// Zeroes the mask's pixels that the layer's opaque background (`fill`, rounded by `radius`, in the mask's pixels)
    /// covers wherever the two land: the painter blends the shadow and then fills the background over it, so those
    /// pixels of the shadow are never seen — and a zero-coverage block costs the blend nothing (a slider thumb's
    /// shadow is mostly under the thumb). The mask is placed on whole pixels and the fill to a sixteenth, so the
    /// shape is taken one pixel in from where it is.
    /// The emptied columns of each row go in `holes` (a start and an end per row; left as they are in rows with none).
    static func clearUnderFill(_ bits: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, fill: CGRect, radius: CGFloat,
                               holes: UnsafeMutablePointer<Int32>) {
        let inner = fill.insetBy(dx: 1, dy: 1)
        guard inner.width > 0, inner.height > 0 else { return }
        let r = Swift.max(0, Swift.min(radius, fill.width / 2, fill.height / 2) - 1)
        // The shape's horizontal extent at height `y` (a convex shape: a pixel lies inside if its four corners do).
        func extent(_ y: CGFloat) -> (CGFloat, CGFloat)? {
            guard y >= inner.minY, y <= inner.maxY else { return nil }
            let dy = y < inner.minY + r ? inner.minY + r - y : (y > inner.maxY - r ? y - (inner.maxY - r) : 0)
            let dx = r - (r * r - dy * dy).squareRoot()
            return (inner.minX + dx, inner.maxX - dx)
        }
        let firstRow = Swift.max(0, Int(inner.minY.rounded(.up))), endRow = Swift.min(height, Int(inner.maxY.rounded(.down)))
        guard firstRow < endRow else { return }
        for j in firstRow..<endRow {
            guard let top = extent(CGFloat(j)), let bottom = extent(CGFloat(j + 1)) else { continue }
            let from = Swift.max(0, Int(Swift.max(top.0, bottom.0).rounded(.up)))
            let to = Swift.min(width, Int(Swift.min(top.1, bottom.1).rounded(.down)))
            if to > from {
                memset(bits + j * stride + from, 0, to - from)
                holes[2 * j] = Int32(from); holes[2 * j + 1] = Int32(to)
            }
        }
    }

    /// Adds `path` to cairo's current path.
    static func appendPath(_ path: CGPath, _ cr: OpaquePointer) {
        path.applyWithBlock { element in
            switch element {
            case let .moveTo(p): cairo_move_to(cr, Double(p.x), Double(p.y))
            case let .lineTo(p): cairo_line_to(cr, Double(p.x), Double(p.y))
            case let .quadCurveTo(c, p):
                // cairo has cubic curves only: the quadratic's equivalent cubic.
                var x = 0.0, y = 0.0
                cairo_get_current_point(cr, &x, &y)
                let c1 = (x + 2 / 3 * (Double(c.x) - x), y + 2 / 3 * (Double(c.y) - y))
                let c2 = (Double(p.x) + 2 / 3 * (Double(c.x) - Double(p.x)), Double(p.y) + 2 / 3 * (Double(c.y) - Double(p.y)))
                cairo_curve_to(cr, c1.0, c1.1, c2.0, c2.1, Double(p.x), Double(p.y))
            case let .curveTo(c1, c2, p):
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
            case .closeSubpath: cairo_close_path(cr)
            }
        }
    }
}
