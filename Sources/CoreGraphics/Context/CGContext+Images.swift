import CCairo
import Foundation

extension CGContext {
    /// Draws `image` scaled to fill `rect`, the way Core Graphics does: the image's first row goes at the
    /// rectangle's maximum y. In a y-up context that shows it upright; in UIKit's flipped contexts it shows
    /// upside down, exactly as on iOS (`UIImage.draw(in:)` compensates, as UIKit's does).
    public func draw(_ image: CGImage, in rect: CGRect) {
        guard image.width > 0, image.height > 0, rect.width != 0, rect.height != 0 else { return }
        withTemporaryPath {
            cairo_save(cr)
            addRect(rect)
            cairo_clip(cr)
            cairo_translate(cr, Double(rect.minX), Double(rect.maxY))
            cairo_scale(cr, Double(rect.width) / Double(image.width), -Double(rect.height) / Double(image.height))
            cairo_set_source_surface(cr, image.surface, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, state.interpolation.cairoFilter)
            // Sample inside the image only, so edges do not fade into transparent black.
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            drawShadowed { cairo_paint_with_alpha(cr, Double(state.alpha)) }
            cairo_restore(cr)
        }
    }
}

extension CGInterpolationQuality {
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: return CAIRO_FILTER_NEAREST
        case .low: return CAIRO_FILTER_BILINEAR
        case .default, .medium: return CAIRO_FILTER_GOOD
        case .high: return CAIRO_FILTER_BEST
        }
    }
}

extension CGContext {
    /// Runs `body` with the cairo context (Vitrine's text engine draws glyphs through it). The cairo state is
    /// saved around the call; Core Graphics' alpha and shadow still apply through `drawShadowed`.
    @_spi(VitrineInternals)
    public func withCairo(_ body: (OpaquePointer) -> Void) {
        withCairo(ink: .clip, body)
    }

    /// `withCairo`, for a caller that bounds what it draws itself (`nil`: it draws nothing, or an enclosing call
    /// already recorded it, as `withShadow(inkRect:)` does).
    @_spi(VitrineInternals)
    public func withCairo(inkRect: CGRect?, _ body: (OpaquePointer) -> Void) {
        if let inkRect { withCairo(ink: .rect(inkRect), body) } else { withCairo(ink: nil, body) }
    }

    private func withCairo(ink: InkExtent?, _ body: (OpaquePointer) -> Void) {
        if let ink { recordInk(ink) }
        willDraw()
        defer { didDraw() }
        cairo_save(cr)
        body(cr)
        cairo_restore(cr)
    }

    /// Runs a drawing call with the context's shadow applied to whatever it paints; `inkRect` (user space) bounds
    /// what it touches, when known.
    @_spi(VitrineInternals)
    public func withShadow(inkRect: CGRect? = nil, _ body: () -> Void) { drawShadowed(ink: inkRect.map { .rect($0) } ?? .clip, body) }

    /// The global alpha set with `setAlpha(_:)`.
    @_spi(VitrineInternals)
    public var globalAlpha: CGFloat { state.alpha }
}

extension CGContext {
    /// The current line width, in user space (Vitrine: UIKit's `UIRectFrame` reads it).
    @_spi(VitrineInternals)
    public var lineWidth: CGFloat { CGFloat(cairo_get_line_width(cr)) }

    /// Starts a transparency layer: drawing goes into an offscreen group until `endTransparencyLayer()`,
    /// which composites it with the alpha (and shadow) in effect at the start, as one unit.
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        layerStack.append(state)
        cairo_save(cr)
        cairo_push_group(cr)
        // Inside the layer drawing starts from full alpha and no shadow; they apply to the layer as a whole.
        state.alpha = 1
        state.shadow = nil
    }

    /// Composites the transparency layer started by `beginTransparencyLayer(auxiliaryInfo:)`.
    public func endTransparencyLayer() {
        guard let outer = layerStack.popLast() else { return }
        guard let group = cairo_pop_group(cr) else { cairo_restore(cr); state = outer; return }
        cairo_restore(cr)
        state = outer
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        cairo_pattern_set_matrix(group, &identity)
        drawShadowed {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_source(cr, group)
            cairo_paint_with_alpha(cr, Double(state.alpha))
            cairo_restore(cr)
        }
        cairo_pattern_destroy(group)
    }
}

extension CGContext {
    /// An image that shares the context's pixels instead of copying them: later drawing shows through it.
    /// Layers use it for their backing stores (Core Animation's contents are live the same way); copy with
    /// `makeImage()` to keep a frozen picture.
    @_spi(VitrineInternals)
    /// `isOpaque`: the caller keeps every pixel opaque (an opaque view's backing store), so compositors may copy
    /// the image instead of blending it.
    public func makeSharedImage(isOpaque: Bool = false) -> CGImage {
        cairo_surface_flush(surface)
        return CGImage(surface: cairo_surface_reference(surface), isOpaque: isOpaque)
    }
}

extension CGContext {
    /// The cairo surface behind the context, for code that writes its pixels directly (flush before, mark
    /// dirty after).
    @_spi(VitrineInternals)
    public var cairoSurfaceForDirectDrawing: OpaquePointer { surface }
}

extension CGContext {
    /// Whether any pixel of a native (premultiplied ARGB32) bitmap is not fully transparent: how views and
    /// layers learn, once per class, whether their drawing draws anything. While ink is tracked only the tracked
    /// part is looked at (nothing touched: no ink, without reading a pixel).
    @_spi(VitrineInternals)
    public var hasInk: Bool {
        guard format.cairoFormat == .argb32, let data = pixelsForReading else { return true }
        var area = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        if inkTracking {
            guard let ink = inkBounds?.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height)),
                  !ink.isNull, !ink.isEmpty else { return false }
            area = PixelBox(x0: Int(ink.minX), y0: Int(ink.minY), x1: Int(ink.maxX), y1: Int(ink.maxY))
        }
        let words = data.assumingMemoryBound(to: UInt32.self)
        let stride = bytesPerRow / 4
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 where words[y * stride + x] >> 24 != 0 { return true }
        }
        return false
    }

    private struct PixelBox { var x0, y0, x1, y1: Int }
}
