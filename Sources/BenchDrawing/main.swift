// vitrine-bench-drawing: the reference scene of shared/BENCHMARKS.md drawn through Vitrine's drawing API
// (UIBezierPath, UIColor, String.draw) into one bitmap, beside the same scene drawn with raw cairo in the same
// run, and the time to lay out and draw 1,000 short labels. Prints medians; asserts nothing.
// Run: swift run -c release vitrine-bench-drawing
import BenchSupport
import CCairo
@_spi(VitrineInternals) import UIKit
import VitrinePlatform

/// The scene through Vitrine's API, into the current UIKit context.
@MainActor
func drawWithVitrine(_ scene: Scene, font: UIFont) {
    UIColor(red: 26 / 255, green: 26 / 255, blue: 31 / 255, alpha: 1).setFill()
    UIRectFill(CGRect(x: 0, y: 0, width: scene.width, height: scene.height))
    let attrs: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: UIColor.white]
    for i in 0..<50 {
        let r = scene.button(i)
        UIColor(red: 64 / 255, green: CGFloat(77 + 2 * i) / 255, blue: 153 / 255, alpha: 1).setFill()
        UIBezierPath(roundedRect: r, cornerRadius: 12).fill()
        "Button \(i) value \(i * 37)".draw(at: CGPoint(x: r.minX + 12, y: r.midY - font.lineHeight / 2), withAttributes: attrs)
    }
    UIColor(red: 1, green: 128 / 255, blue: 0, alpha: 0.5).setFill()
    for i in 0..<5 { UIBezierPath(roundedRect: scene.overlay(i), cornerRadius: 20).fill() }
}

@MainActor
func run() {
    UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280, height: 800), scale: 1))
    let font = UIFont.systemFont(ofSize: 16)
    print("vitrine-bench-drawing: median ms, one thread, font \(font.familyName) 16 pt")
    for (w, h) in [(1280, 800), (1920, 1080)] {
        let scene = Scene(width: CGFloat(w), height: CGFloat(h))
        // Vitrine: one UIKit bitmap context, reused across runs like a backing store.
        let context = CGContext.uikitBitmap(pixelWidth: w, pixelHeight: h, scale: 1)!
        // Raw cairo: same surface size, same face through cairo's FreeType backend (toy API, no shaping).
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
        let cr = cairo_create(surface)!
        let face = cairo_toy_font_face_create("Noto Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)!
        UIGraphicsPushContext(context)
        drawWithVitrine(scene, font: font) // warm caches (fonts, glyphs)
        drawWithCairo(cr, scene, fontFace: face)
        // Interleaved, so that load on the machine hits all three alike; the ratio is the median of per-round
        // ratios.
        let clock = MonotonicClock()
        var vs: [Double] = [], cs: [Double] = [], rs: [Double] = [], ratios: [Double] = [], coldRatios: [Double] = []
        for _ in 0..<151 {
            var t = clock.now
            drawWithVitrine(scene, font: font)
            let v = clock.now - t
            t = clock.now
            TextLayoutCache.removeAll()
            drawWithVitrine(scene, font: font)
            let c = clock.now - t
            t = clock.now
            drawWithCairo(cr, scene, fontFace: face)
            let r = clock.now - t
            vs.append(v * 1000); cs.append(c * 1000); rs.append(r * 1000); ratios.append(v / r); coldRatios.append(c / r)
        }
        UIGraphicsPopContext()
        cairo_font_face_destroy(face); cairo_destroy(cr); cairo_surface_destroy(surface)
        let (vitrine, cold, raw) = (median(vs), median(cs), median(rs))
        print(String(format: "reference scene %dx%d: Vitrine API %.3f ms (text shaped afresh: %.3f ms), raw cairo %.3f ms, ratio %.2fx (%.2fx cold; goal 1.2x)",
                     w, h, vitrine, cold, raw, median(ratios), median(coldRatios)))
    }

    // 1,000 short labels: layout (shaping) and drawing, into a 1280x800 bitmap.
    let labels = (0..<1000).map { i -> UILabel in
        let l = UILabel(frame: CGRect(x: CGFloat(i % 10) * 128, y: CGFloat(i / 10) * 8, width: 120, height: 20))
        l.text = "Item \(i)"
        l.font = font
        return l
    }
    let context = CGContext.uikitBitmap(pixelWidth: 1280, pixelHeight: 800, scale: 1)!
    UIGraphicsPushContext(context)
    let coldLabels = medianMilliseconds(runs: 21) {
        for l in labels {
            l.text = l.text // content change: the label lays out again
            context.saveGState()
            context.translateBy(x: l.frame.minX, y: l.frame.minY)
            l.draw(l.bounds)
            context.restoreGState()
        }
    }
    let drawLabels = medianMilliseconds(runs: 21) {
        for l in labels {
            context.saveGState()
            context.translateBy(x: l.frame.minX, y: l.frame.minY)
            l.draw(l.bounds)
            context.restoreGState()
        }
    }
    let measure = medianMilliseconds(runs: 21) { for l in labels { _ = l.sizeThatFits(CGSize(width: 120, height: 20)) } }
    UIGraphicsPopContext()
    print(String(format: "1,000 labels: layout + draw %.3f ms (%.2f us each); draw with layout cached %.3f ms; sizeThatFits (cached) %.3f ms",
                 coldLabels, coldLabels, drawLabels, measure))
}

MainActor.assumeIsolated { run() }
