import CCairo
import CoreGraphics

/// The reference scene of shared/BENCHMARKS.md: 50 buttons in 5 columns x 10 rows and 5 translucent squares.
public struct Scene {
    public let width: CGFloat, height: CGFloat
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    public var bw: CGFloat { (width - 60) / 5 - 10 }
    public var bh: CGFloat { (height - 60) / 10 - 10 }
    public func button(_ i: Int) -> CGRect {
        let col = i % 5, row = i / 5
        return CGRect(x: 30 + CGFloat(col) * (bw + 10), y: 30 + CGFloat(row) * (bh + 10), width: bw, height: bh)
    }
    public func overlay(_ i: Int) -> CGRect { CGRect(x: 100 + CGFloat(i) * 300, y: 200, width: 250, height: 250) }
}


/// The same scene with cairo calls only: the floor.
public func drawWithCairo(_ cr: OpaquePointer, _ scene: Scene, fontFace: OpaquePointer) {
    func roundedRect(_ r: CGRect, _ radius: Double) {
        let (x, y, w, h) = (Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - radius, y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, x + w - radius, y + h - radius, radius, 0, .pi / 2)
        cairo_arc(cr, x + radius, y + h - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, x + radius, y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
    cairo_set_source_rgb(cr, 26 / 255, 26 / 255, 31 / 255)
    cairo_paint(cr)
    cairo_set_font_face(cr, fontFace)
    cairo_set_font_size(cr, 16)
    var extents = cairo_font_extents_t()
    cairo_font_extents(cr, &extents)
    for i in 0..<50 {
        let r = scene.button(i)
        cairo_set_source_rgb(cr, 64 / 255, Double(77 + 2 * i) / 255, 153 / 255)
        roundedRect(r, 12)
        cairo_fill(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_move_to(cr, Double(r.minX) + 12, Double(r.midY) + (extents.ascent - extents.descent) / 2)
        cairo_show_text(cr, "Button \(i) value \(i * 37)")
    }
    cairo_set_source_rgba(cr, 1, 128 / 255, 0, 0.5)
    for i in 0..<5 { roundedRect(scene.overlay(i), 20); cairo_fill(cr) }
}

