// vitrine-bench-compositor: the reference scene of shared/BENCHMARKS.md built with UIViews, layers
// (cornerRadius) and UILabels on a headless screen, timed for the six frames BENCHMARKS.md lists, each beside
// a floor measured in the same run. Prints medians; asserts nothing.
// Run: swift run -c release vitrine-bench-compositor
import BenchSupport
import CCairo
import CPixman
import UIKit
import VitrinePlatform

@MainActor
final class ReferenceScene {
    let window: UIWindow
    let root: UIView
    var buttons: [UIView] = []
    var labels: [UILabel] = []
    var overlays: [UIView] = []

    init(_ scene: Scene) {
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: scene.width, height: scene.height))
        window.backgroundColor = UIColor(red: 26 / 255, green: 26 / 255, blue: 31 / 255, alpha: 1)
        root = UIView(frame: window.bounds)
        root.isOpaque = false
        window.addSubview(root)
        let font = UIFont.systemFont(ofSize: 16)
        for i in 0..<50 {
            let b = UIView(frame: scene.button(i))
            b.backgroundColor = UIColor(red: 64 / 255, green: CGFloat(77 + 2 * i) / 255, blue: 153 / 255, alpha: 1)
            b.layer.cornerRadius = 12
            b.isOpaque = false
            let l = UILabel(frame: CGRect(x: 12, y: 0, width: b.bounds.width - 12, height: b.bounds.height))
            l.text = "Button \(i) value \(i * 37)"
            l.font = font
            l.textColor = .white
            b.addSubview(l)
            root.addSubview(b)
            buttons.append(b); labels.append(l)
        }
        for i in 0..<5 {
            let o = UIView(frame: scene.overlay(i))
            o.backgroundColor = UIColor(red: 1, green: 128 / 255, blue: 0, alpha: 0.5)
            o.layer.cornerRadius = 20
            o.isOpaque = false
            root.addSubview(o)
            overlays.append(o)
        }
    }
}

/// Median time of `frame` after `prepare`, over `runs` runs, in ms.
@MainActor
func frames(_ runs: Int, prepare: () -> Void = {}, _ frame: () -> Void) -> Double {
    let clock = MonotonicClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        prepare()
        let t = clock.now
        frame()
        samples.append((clock.now - t) * 1000)
    }
    return median(samples)
}

@MainActor
/// pixman floors: a full-frame SRC blit, and an OVER composite of an area of `area` pixels.
func pixmanFloors(width: Int, height: Int) -> (src: Double, over: @MainActor (Int) -> Double) {
    let a = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), nil, 0)!
    let b = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height), nil, 0)!
    let clock = MonotonicClock()
    func time(_ runs: Int, _ body: () -> Void) -> Double {
        var s: [Double] = []
        for _ in 0..<runs { let t = clock.now; body(); s.append((clock.now - t) * 1000) }
        return median(s)
    }
    let src = time(101) { pixman_image_composite32(PIXMAN_OP_SRC, a, nil, b, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height)) }
    let over: @MainActor (Int) -> Double = { area in
        let side = max(1, Int(Double(area).squareRoot()))
        return time(201) { pixman_image_composite32(PIXMAN_OP_OVER, a, nil, b, 0, 0, 0, 0, 0, 0, Int32(side), Int32(side)) }
    }
    return (src, over)
}

@MainActor
func run() {
    print("vitrine-bench-compositor: median ms per frame, one thread; floors measured in the same run")
    for (w, h) in [(1280, 800), (1920, 1080)] {
        for scale in [CGFloat(1), 2] {
            let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: CGFloat(w) * scale, height: CGFloat(h) * scale), scale: scale))
            let scene = Scene(width: CGFloat(w), height: CGFloat(h))
            let pw = w * Int(scale), ph = h * Int(scale)
            let before = residentKiB()

            // 1. First frame: every backing store drawn, composited and presented (a new scene each run).
            var pending: ReferenceScene?
            let first = frames(9, prepare: { pending = ReferenceScene(scene); pending!.window.makeKeyAndVisible() }) {
                app.runLoop.runOnce()
            }
            let s = pending!
            let rss = residentKiB() - before

            // Floor for 1: the same scene with raw cairo into one image of the same pixel size.
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pw), Int32(ph))!
            let cr = cairo_create(surface)!
            cairo_scale(cr, Double(scale), Double(scale))
            let face = cairo_toy_font_face_create("Noto Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)!
            let cairoFloor = medianMilliseconds(runs: 21) { drawWithCairo(cr, scene, fontFace: face) }
            cairo_font_face_destroy(face); cairo_destroy(cr); cairo_surface_destroy(surface)

            let (srcFloor, overFloor) = pixmanFloors(width: pw, height: ph)
            func area() -> Int { s.window.screen.compositor.lastDamage.reduce(0) { $0 + $1.area } }

            // 2. Full recomposite of cached content: the whole tree moved by one point.
            var dx: CGFloat = 1
            let full = frames(41, prepare: { s.root.center.x += dx; dx = -dx }) { app.runLoop.runOnce() }

            // 3. One label's text changed.
            var n = 0
            let label = frames(201, prepare: { n += 1; s.labels[17].text = "Button 17 value \(n)" }) { app.runLoop.runOnce() }
            let labelArea = area()

            // 4. One button recoloured under a translucent overlay (button 12 sits under overlay 0 at 1280x800).
            var flip = false
            let recolour = frames(201, prepare: {
                flip.toggle()
                s.buttons[12].backgroundColor = flip ? .systemRed : UIColor(red: 64 / 255, green: 101 / 255, blue: 153 / 255, alpha: 1)
            }) { app.runLoop.runOnce() }
            let recolourArea = area()

            // 5. One animation frame: a 250x250 translucent view moved by 10 points.
            var step: CGFloat = 10
            let animate = frames(201, prepare: { s.overlays[2].center.x += step; step = -step }) { app.runLoop.runOnce() }
            let animateArea = area()

            // 6. Idle frame: nothing changed.
            let idle = frames(1001) { app.runLoop.runOnce() }

            print(String(format: "%dx%d @%gx (%dx%d px), resident +%d KiB for the scene", w, h, Double(scale), pw, ph, rss))
            print(String(format: "  1 first frame          %8.3f   floor raw cairo %.3f  ratio %.2fx (goal 2x)", first, cairoFloor, first / cairoFloor))
            print(String(format: "  2 full recomposite     %8.3f   floor pixman SRC %.3f  ratio %.2fx (goal 4x)", full, srcFloor, full / srcFloor))
            print(String(format: "  3 label text change    %8.3f   damage %d px, floor pixman OVER of it %.4f  ratio %.1fx", label, labelArea, overFloor(labelArea), label / overFloor(labelArea)))
            print(String(format: "  4 recolour under glass %8.3f   damage %d px, floor %.4f  ratio %.1fx", recolour, recolourArea, overFloor(recolourArea), recolour / overFloor(recolourArea)))
            print(String(format: "  5 animation frame      %8.3f   damage %d px, floor %.4f  ratio %.1fx", animate, animateArea, overFloor(animateArea), animate / overFloor(animateArea)))
            print(String(format: "  6 idle frame           %8.4f", idle))
            s.window.isHidden = true
        }
    }
}

MainActor.assumeIsolated { run() }
