import CCairo
import Foundation

// The current path and the calls that fill, stroke and clip with it. As in Core Graphics, the path is built in
// user space (each point mapped by the CTM in effect when it is added), is not part of the saved graphics
// state, and is consumed by filling, stroking and clipping.
extension CGContext {
    // MARK: Building the path

    public func beginPath() { cairo_new_path(cr) }
    public func move(to point: CGPoint) { cairo_move_to(cr, Double(point.x), Double(point.y)) }

    public func addLine(to point: CGPoint) {
        if cairo_has_current_point(cr) == 0 { return move(to: point) }
        cairo_line_to(cr, Double(point.x), Double(point.y))
    }

    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        points.dropFirst().forEach(addLine)
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        if cairo_has_current_point(cr) == 0 { move(to: control1) }
        cairo_curve_to(cr, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
                       Double(end.x), Double(end.y))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        if cairo_has_current_point(cr) == 0 { move(to: control) }
        let p0 = currentPointOfPath
        // A quadratic is the cubic with controls two-thirds of the way to the quadratic control.
        let c1 = CGPoint(x: p0.x + 2 / 3 * (control.x - p0.x), y: p0.y + 2 / 3 * (control.y - p0.y))
        let c2 = CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
        addCurve(to: end, control1: c1, control2: c2)
    }

    /// An arc of a circle; `clockwise` in Core Graphics' y-up sense (see `CGMutablePath.addArc`). A line
    /// joins the current point to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let (x, y, r) = (Double(center.x), Double(center.y), Double(Swift.max(0, radius)))
        // Core Graphics' "counterclockwise" in y-up space is the direction of increasing angles: cairo_arc.
        if clockwise {
            cairo_arc_negative(cr, x, y, r, Double(startAngle), Double(endAngle))
        } else {
            cairo_arc(cr, x, y, r, Double(startAngle), Double(endAngle))
        }
    }

    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        let path = CGMutablePath()
        if cairo_has_current_point(cr) != 0 { path.move(to: currentPointOfPath) }
        path.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        replay(path.elements)
    }

    public func addRect(_ rect: CGRect) {
        cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
    }

    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }

    public func addEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect)
        replay(path.elements)
    }

    /// Appends `path` to the current path.
    public func addPath(_ path: CGPath) { replay(path.elements) }

    public func closePath() {
        if cairo_has_current_point(cr) != 0 { cairo_close_path(cr) }
    }

    public var isPathEmpty: Bool { cairo_has_current_point(cr) == 0 }

    public var currentPointOfPath: CGPoint {
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// The bounding box of the current path, in user space; `.null` when there is no path.
    public var boundingBoxOfPath: CGRect {
        guard !isPathEmpty else { return .null }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_path_extents(cr, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    func replay(_ elements: [CGPathElementKind]) {
        for e in elements {
            switch e {
            case .moveTo(let p): move(to: p)
            case .lineTo(let p): addLine(to: p)
            case .quadCurveTo(let c, let p): addQuadCurve(to: p, control: c)
            case .curveTo(let c1, let c2, let p): addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: closePath()
            }
        }
    }

    // MARK: Painting the path

    /// Fills the current path (closing open subpaths) with the fill colour, and clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cr, rule.cairoRule)
        drawShadowed(ink: .fill) { setSource(state.fillColor); cairo_fill(cr) }
        cairo_new_path(cr)
    }

    /// Strokes the current path with the stroke colour and line style, and clears the path.
    public func strokePath() {
        drawShadowed(ink: .stroke) { setSource(state.strokeColor); cairo_stroke(cr) }
        cairo_new_path(cr)
    }

    /// Fills, strokes or both, then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        let fill = mode != .stroke, stroke = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        let rule: CGPathFillRule = (mode == .eoFill || mode == .eoFillStroke) ? .evenOdd : .winding
        cairo_set_fill_rule(cr, rule.cairoRule)
        // A stroke's extents contain the path's; a fill alone needs only its own.
        drawShadowed(ink: stroke ? .stroke : .fill) {
            if fill { setSource(state.fillColor); stroke ? cairo_fill_preserve(cr) : cairo_fill(cr) }
            if stroke { setSource(state.strokeColor); cairo_stroke(cr) }
        }
        cairo_new_path(cr)
    }

    /// Fills `rect`; the current path is left as it was.
    public func fill(_ rect: CGRect) { fillRects { addRect(rect) } }

    public func fill(_ rects: [CGRect]) { fillRects { rects.forEach(addRect) } }

    /// Fills the rectangles `add` puts in a path of their own (one rectangle makes no array).
    private func fillRects(_ add: () -> Void) {
        withTemporaryPath {
            add()
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            drawShadowed(ink: .fill) { setSource(state.fillColor); cairo_fill(cr) }
        }
    }

    public func fillEllipse(in rect: CGRect) {
        withTemporaryPath { addEllipse(in: rect); drawShadowed(ink: .fill) { setSource(state.fillColor); cairo_fill(cr) } }
    }

    /// Strokes the outline of `rect` (centred on its edges) with the current line width.
    public func stroke(_ rect: CGRect) {
        withTemporaryPath { addRect(rect); drawShadowed(ink: .stroke) { setSource(state.strokeColor); cairo_stroke(cr) } }
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState(); setLineWidth(width); stroke(rect); restoreGState()
    }

    public func strokeEllipse(in rect: CGRect) {
        withTemporaryPath { addEllipse(in: rect); drawShadowed(ink: .stroke) { setSource(state.strokeColor); cairo_stroke(cr) } }
    }

    /// Strokes separate segments: points 0-1, 2-3, ... (an odd last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        withTemporaryPath {
            var i = 0
            while i + 1 < points.count {
                move(to: points[i]); cairo_line_to(cr, Double(points[i + 1].x), Double(points[i + 1].y))
                i += 2
            }
            drawShadowed(ink: .stroke) { setSource(state.strokeColor); cairo_stroke(cr) }
        }
    }

    /// Paints `rect` transparent black, whatever the blend mode and alpha (the clip still applies).
    public func clear(_ rect: CGRect) {
        willDraw()
        defer { didDraw() }
        if clearsItself(rect) { return }
        withTemporaryPath {
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            addRect(rect)
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// Zeroes `rect`'s pixels itself where that is exactly what cairo's CLEAR fill does: a 32-bit bitmap of the
    /// context's own, outside any other drawing call, group or transparency layer, `rect` on whole device pixels under
    /// an axis-aligned CTM, the clip one whole-pixel rectangle. (A backing store clears its old ink before every
    /// redraw: through cairo that is a path, a fill and a copy of the caller's path.)
    private func clearsItself(_ rect: CGRect) -> Bool {
        guard Self.writesPixelsItself, drawingDepth == 1, layerStack.isEmpty, converted == nil, let clip = state.pixelClip
        else { return false }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return false }
        guard let r = wholePixelRect(rect) else { return false }
        let whole = CGRect(x: 0, y: 0, width: width, height: height)
        // cairo paints a rectangle over the whole surface instead of filling it, and may then note the surface as
        // clear (which changes how it blends what comes next): that case stays cairo's.
        guard !r.contains(whole) else { return false }
        let box = r.intersection(clip).intersection(whole)
        guard !box.isNull, !box.isEmpty else { return true } // nothing inside the clip
        guard let base = cairo_image_surface_get_data(surface) else { return false }
        cairo_surface_flush(surface) // cairo's pending work, and snapshots of these pixels, first
        let stride = Int(cairo_image_surface_get_stride(surface))
        let x = Int(box.minX), y = Int(box.minY), w = Int(box.width), h = Int(box.height)
        for row in y..<(y + h) { memset(base + row * stride + x * 4, 0, w * 4) }
        // Not `cairo_surface_mark_dirty_rectangle`: it would note the surface as not clear, where cairo's own partial
        // clear leaves that note as it was (an image surface keeps no other copy of its pixels to refresh).
        return true
    }

    // MARK: Clipping

    /// Intersects the clip with the current path, and clears the path.
    public func clip(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cr, rule.cairoRule)
        cairo_clip(cr)
        state.pixelClip = nil // any shape
    }

    /// Intersects the clip with `rect`; the current path is left as it was.
    public func clip(to rect: CGRect) { clip(to: [rect]) }

    public func clip(to rects: [CGRect]) {
        withTemporaryPath {
            rects.forEach(addRect)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            cairo_clip(cr)
        }
        // Still one whole-pixel rectangle only if this is one, axis-aligned, on pixel edges.
        if let known = state.pixelClip, rects.count == 1, let r = wholePixelRect(rects[0]) {
            state.pixelClip = known.intersection(r)
        } else {
            state.pixelClip = nil
        }
    }

    /// `rect` in cairo's device pixels, when the CTM keeps it axis-aligned and its edges land on whole pixels (what
    /// cairo then covers exactly, without antialiased edges); else `nil`.
    func wholePixelRect(_ rect: CGRect) -> CGRect? {
        let m = userToDevice
        guard m.b == 0, m.c == 0, !rect.isNull, !rect.isInfinite else { return nil }
        let r = rect.applying(m)
        guard r.minX == r.minX.rounded(), r.minY == r.minY.rounded(), r.maxX == r.maxX.rounded(), r.maxY == r.maxY.rounded()
        else { return nil }
        return r
    }

    /// Removes the clip (Vitrine: as `CGContextResetClip`).
    public func resetClip() {
        cairo_reset_clip(cr)
        state.pixelClip = CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// The bounding box of the clip, in user space.
    public var boundingBoxOfClipPath: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Runs `body` with an empty path, then puts the caller's path back.
    func withTemporaryPath(_ body: () -> Void) {
        // No path (no current point, nothing with extent: at most a lone move-to, which draws nothing): nothing to
        // keep, and no copy to allocate.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        if cairo_has_current_point(cr) == 0 {
            cairo_path_extents(cr, &x1, &y1, &x2, &y2)
            if x1 == 0, y1 == 0, x2 == 0, y2 == 0 {
                body()
                cairo_new_path(cr)
                return
            }
        }
        let saved = cairo_copy_path(cr)
        cairo_new_path(cr)
        body()
        cairo_new_path(cr)
        if let saved {
            if saved.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, saved) }
            cairo_path_destroy(saved)
        }
    }
}

extension CGPathFillRule {
    var cairoRule: cairo_fill_rule_t { self == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD }
}
