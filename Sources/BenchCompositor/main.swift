// vitrine-bench-compositor: the reference scene of shared/BENCHMARKS.md built with UIViews, layers
// (cornerRadius) and UILabels on a headless screen, timed for the six frames BENCHMARKS.md lists and four of Core
// Animation's layer classes (a progress ring's step, a gradient's moving stop, a replicator's spinner, a text layer's
// new string) added to it, each beside a floor measured in the same round (five interleaved rounds), with the allocations each frame makes. Prints
// medians and ranges; asserts nothing.
// Run: swift run -c release vitrine-bench-compositor
// Instructions per frame (repeatable on a noisy machine): bash Tools/bench-instructions.sh, which runs
// `vitrine-bench-compositor --only WxH@S:FRAME` under callgrind, counting inside `countedFrame`.
import BenchSupport
import CCairo
import CPixman
import QuartzCore
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

/// One measured frame; not inlined, so callgrind can count instructions inside it alone.
@inline(never) @MainActor
func countedFrame(_ frame: () -> Void) { frame() }

/// Median time (ms) of `frame` after `prepare`, over `runs` runs, after one run untimed (caches warm).
@MainActor
func frames(_ runs: Int, prepare: () -> Void = {}, _ frame: () -> Void) -> Double {
    prepare(); frame()
    let clock = MonotonicClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        prepare()
        let t = clock.now
        countedFrame(frame)
        samples.append((clock.now - t) * 1000)
    }
    return median(samples)
}

/// Median allocations of `frame` after `prepare` (counted in runs of their own: counting slows each call down).
@MainActor
func allocations(prepare: () -> Void = {}, _ frame: () -> Void) -> Int {
    var counts: [Int] = []
    for _ in 0..<21 {
        prepare()
        counts.append(AllocationCounter.count { countedFrame(frame) })
    }
    return counts.sorted()[counts.count / 2]
}

/// `measure()` run twice, the first time untimed: the block of runs it times starts warm.
@MainActor
func warm(_ measure: () -> Double) -> Double {
    _ = measure()
    return measure()
}

/// A figure measured in several rounds: its times, its floor's, and their ratios, round by round.
struct Rounds {
    var ms: [Double] = []
    var floors: [Double] = []
    var ratios: [Double] = []
    mutating func add(_ t: Double, floor: Double) { ms.append(t); floors.append(floor); ratios.append(t / floor) }
    var medianMs: Double { median(ms) }
    var medianRatio: Double { median(ratios) }
    /// "1.2x (1.1–1.4x)": the median ratio and the range over the rounds.
    func ratioText(_ digits: Int = 2) -> String {
        let f = "%.\(digits)fx"
        return String(format: f, medianRatio) + " (" + String(format: f, ratios.min()!) + "–" + String(format: f, ratios.max()!) + ")"
    }
}

@MainActor
/// pixman floors, timed when asked (median of `runs`): a full-frame SRC blit, and an OVER composite of an area of
/// `area` pixels.
func pixmanFloors(width: Int, height: Int) -> (src: @MainActor (Int) -> Double, over: @MainActor (Int, Int) -> Double) {
    let a = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), nil, 0)!
    let b = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(width), Int32(height), nil, 0)!
    // A real source: pixman skips an all-transparent one. Half-transparent orange, as BENCHMARKS.md's OVER anchor.
    var orange = pixman_color_t(red: 0x7fff, green: 0x4000, blue: 0, alpha: 0x7fff)
    var all = pixman_rectangle16_t(x: 0, y: 0, width: UInt16(width), height: UInt16(height))
    pixman_image_fill_rectangles(PIXMAN_OP_SRC, a, &orange, 1, &all)
    let src: @MainActor (Int) -> Double = { runs in
        medianMilliseconds(runs: runs) {
            pixman_image_composite32(PIXMAN_OP_SRC, a, nil, b, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
        }
    }
    let over: @MainActor (Int, Int) -> Double = { area, runs in
        let side = max(1, Int(Double(area).squareRoot()))
        return medianMilliseconds(runs: runs) {
            pixman_image_composite32(PIXMAN_OP_OVER, a, nil, b, 0, 0, 0, 0, 0, 0, Int32(side), Int32(side))
        }
    }
    return (src, over)
}

/// The frames BENCHMARKS.md lists, for one scene on one screen: each prepares its change, then `frame` runs.
@MainActor
struct Frames {
    let app: UIApplication
    let scene: Scene
    var s: ReferenceScene!
    var n = 0, dx: CGFloat = 1, flip = false, step: CGFloat = 10
    /// The layer classes' frames: a progress ring (a shape layer's stroke end moves on by 5 %) and a gradient (its
    /// middle stop moves), added over the scene's first buttons when first asked for.
    var ring: CAShapeLayer?, gradient: CAGradientLayer?
    /// An activity indicator (a replicator's twelve dots fading one after another, shown a frame later each time) and
    /// a text layer whose string changes (a counter).
    var spinner: CAReplicatorLayer?, counter: CATextLayer?

    mutating func prepare(_ name: String) {
        switch name {
        case "first": s = ReferenceScene(scene); s.window.makeKeyAndVisible()
        case "full": s.root.center.x += dx; dx = -dx
        case "label": n += 1; s.labels[17].text = "Button 17 value \(n)"
        case "recolour":
            flip.toggle()
            s.buttons[12].backgroundColor = flip ? .systemRed : UIColor(red: 64 / 255, green: 101 / 255, blue: 153 / 255, alpha: 1)
        case "animation": s.overlays[2].center.x += step; step = -step
        case "ring":
            if ring?.superlayer !== s.root.layer {
                let r = CAShapeLayer()
                r.frame = CGRect(x: 40, y: 40, width: 120, height: 120)
                r.path = UIBezierPath(ovalIn: CGRect(x: 5, y: 5, width: 110, height: 110)).cgPath
                r.fillColor = nil
                r.strokeColor = UIColor.systemBlue.cgColor
                r.lineWidth = 10
                r.lineCap = .round
                r.contentsScale = s.window.screen.scale
                s.root.layer.addSublayer(r)
                ring = r
            }
            // A progress update: set directly, as a download's progress is (no implicit animation). In the turn's
            // own transaction: an explicit one's commit would draw the frame here, outside the measured frame.
            CATransaction.setDisableActions(true)
            ring!.strokeEnd = ring!.strokeEnd >= 1 ? 0.05 : ring!.strokeEnd + 0.05
        case "gradient":
            if gradient?.superlayer !== s.root.layer {
                let g = CAGradientLayer()
                g.frame = CGRect(x: 40, y: 200, width: 240, height: 60)
                g.colors = [UIColor.systemTeal.cgColor, UIColor.white.cgColor, UIColor.systemTeal.cgColor]
                g.locations = [0, 0.2, 1]
                g.startPoint = CGPoint(x: 0, y: 0.5)
                g.endPoint = CGPoint(x: 1, y: 0.5)
                g.contentsScale = s.window.screen.scale
                s.root.layer.addSublayer(g)
                gradient = g
            }
            // A shimmer's step (in the turn's own transaction, as above).
            CATransaction.setDisableActions(true)
            let middle = gradient!.locations![1].doubleValue
            gradient!.locations = [0, NSNumber(value: middle >= 0.8 ? 0.2 : middle + 0.02), 1]
        case "spinner":
            if spinner?.superlayer !== s.root.layer { spinner = makeSpinner() }
            // The next sixtieth of a second of the running indicator: its animations are paused and moved on by
            // `timeOffset` (a frame of a running animation, but only when asked for: the other figures stay idle).
            CATransaction.setDisableActions(true)
            spinner!.timeOffset += 1.0 / 60
        case "text":
            if counter?.superlayer !== s.root.layer {
                let t = CATextLayer()
                t.frame = CGRect(x: 300, y: 200, width: 200, height: 24)
                t.fontSize = 17
                t.foregroundColor = UIColor.label.cgColor
                t.contentsScale = s.window.screen.scale
                s.root.layer.addSublayer(t)
                counter = t
            }
            n += 1
            CATransaction.setDisableActions(true)
            counter!.string = "Downloaded \(n) MB"
        default: break // idle
        }
    }

    /// Twelve 8-point dots round a 40-point circle, each fading over a second, a twelfth of a second after the last.
    private func makeSpinner() -> CAReplicatorLayer {
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 200, y: 40, width: 48, height: 48)
        let dot = CALayer()
        dot.frame = CGRect(x: 20, y: 0, width: 8, height: 8)
        dot.cornerRadius = 4
        dot.backgroundColor = UIColor.systemGray.cgColor
        dot.contentsScale = s.window.screen.scale
        r.addSublayer(dot)
        r.instanceCount = 12
        r.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        r.instanceDelay = 1.0 / 12
        r.contentsScale = s.window.screen.scale
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        r.speed = 0
        s.root.layer.addSublayer(r)
        return r
    }

    func frame() { app.runLoop.runOnce() }
}

/// Figures from ../shared/BENCHMARKS.md (LVGL 9.2 on this machine class), for the LVGL-comparable lines.
func lvglAnchor(width: Int) -> (label: Double, recolour: Double) { width == 1280 ? (0.015, 0.022) : (0.015, 0.029) }

/// The anchors' full redraws of the scene (LVGL 9.2, Qt 6.4 QPainter) as multiples of the anchors' own cairo
/// drawing of it (BENCHMARKS.md, scale 1): the first frame's ratio to cairo in this run compares with these.
func fullRedrawAnchorsOverCairo(width: Int) -> String {
    let (cairo, lvgl, qt) = width == 1280 ? (0.53, (0.84, 0.92), (1.03, 1.03)) : (0.63, (1.13, 1.22), (1.21, 1.26))
    return String(format: "LVGL's full redraw %.2f–%.2fx cairo, Qt's %.2f–%.2fx", lvgl.0 / cairo, lvgl.1 / cairo, qt.0 / cairo, qt.1 / cairo)
}

@MainActor
func run() {
    let arguments = CommandLine.arguments
    // --only WxH@S:FRAME[:COUNT] [--real-clock]: one frame kind, COUNT (100) times, for callgrind
    // (Tools/bench-instructions.sh); on the manual clock, or with --real-clock on the monotonic one, whose turns go
    // through Foundation's run loop (CFRunLoop) as an app's do.
    if let i = arguments.firstIndex(of: "--only"), i + 1 < arguments.count {
        let spec = arguments[i + 1].split(separator: ":")
        let size = spec[0].split(whereSeparator: { $0 == "x" || $0 == "@" }).compactMap { Int($0) }
        guard size.count == 3, spec.count >= 2 else { print("usage: --only 1280x800@1:label[:100]"); return }
        let count = spec.count > 2 ? Int(spec[2]) ?? 100 : 100
        let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: size[0] * size[2], height: size[1] * size[2]),
                                                               scale: CGFloat(size[2])),
                                              clock: arguments.contains("--real-clock") ? MonotonicClock() : ManualClock())
        var f = Frames(app: app, scene: Scene(width: CGFloat(size[0]), height: CGFloat(size[1])))
        let kind = String(spec[1])
        if kind != "first" { f.prepare("first"); f.frame(); for _ in 0..<3 { f.prepare(kind); f.frame() } }
        let clock = MonotonicClock()
        var samples: [Double] = []
        samples.reserveCapacity(count)
        // The frame is the turn (`Frames.frame()`); the closure holds the loop alone, so what is counted is the turn's,
        // not copies of the benchmark's own state.
        let runLoop = app.runLoop
        // An idle frame prepares nothing: not even the look through the kinds' names, which the instruction count
        // under emulation (the whole loop's, not the counted closure's) would take for the frame's.
        let prepares = kind != "idle"
        for _ in 0..<count {
            if prepares { f.prepare(kind) }
            let t = clock.now
            countedFrame { runLoop.runOnce() }
            samples.append((clock.now - t) * 1000)
        }
        print(String(format: "ran %d frames of %@ at %@: median %.4f ms", count, kind, String(spec[0]), median(samples)))
        return
    }
    AllocationCounter.preloadOrReexec()
    let roundCount = 5
    print("vitrine-bench-compositor: median ms per frame, one thread, over \(roundCount) interleaved rounds; each ratio is"
          + " to a floor measured in the same round (median, and range over the rounds); allocations per frame"
          + (AllocationCounter.isActive ? "" : " (not counted: the malloc interposer is missing)"))
    for (w, h) in [(1280, 800), (1920, 1080)] {
        for scale in [CGFloat(1), 2] {
            let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: CGFloat(w) * scale, height: CGFloat(h) * scale), scale: scale))
            let scene = Scene(width: CGFloat(w), height: CGFloat(h))
            let pw = w * Int(scale), ph = h * Int(scale)
            let before = residentKiB()
            var f = Frames(app: app, scene: scene)
            f.prepare("first"); f.frame()
            let rss = residentKiB() - before

            // The floor for 1: the same scene with raw cairo into one image of the same pixel size.
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pw), Int32(ph))!
            let cr = cairo_create(surface)!
            cairo_scale(cr, Double(scale), Double(scale))
            let face = cairo_toy_font_face_create("Noto Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)!
            defer { cairo_font_face_destroy(face); cairo_destroy(cr); cairo_surface_destroy(surface) }
            let (srcFloor, overFloor) = pixmanFloors(width: pw, height: ph)
            func area() -> Int { f.s.window.screen.compositor.lastDamage.reduce(0) { $0 + $1.area } }
            let lvgl = lvglAnchor(width: w)

            var first = Rounds(), cold = Rounds(), full = Rounds(), label = Rounds(), recolour = Rounds(), animate = Rounds(), idle = Rounds()
            var ring = Rounds(), gradient = Rounds(), spinner = Rounds(), text = Rounds()
            var layerAreas = (ring: 0, gradient: 0, spinner: 0, text: 0)
            var labelLVGL: [Double] = [], recolourLVGL: [Double] = []
            var areas = (label: 0, recolour: 0, animate: 0)
            // Every figure and its floor once per round, the rounds one after another: a slow spell of this shared
            // machine moves a round's figure and its floor together, and the ratios stay comparable.
            for _ in 0..<roundCount {
                // 1. First frame: every backing store drawn, composited and presented (a new scene each run, after the
                //    previous one went: its stores are reused, cleared where they were drawn).
                // (Each block starts with an untimed run, the floors too: the other figures' work must not leave
                // cairo's glyph cache or the processor's caches cold for them.)
                let cairoFloor = warm { medianMilliseconds(runs: 7) { drawWithCairo(cr, scene, fontFace: face) } }
                first.add(frames(7, prepare: { f.prepare("first") }) { f.frame() }, floor: cairoFloor)
                // 1b. The same with no stores to reuse (the previous scene's are not kept): an app's very first frame.
                let budget = BackingStorePool.maximumBytes
                BackingStorePool.maximumBytes = 0
                cold.add(frames(7, prepare: { f.prepare("first") }) { f.frame() }, floor: cairoFloor)
                BackingStorePool.maximumBytes = budget
                // 2. Full recomposite of cached content: the whole tree moved by one point.
                full.add(frames(15, prepare: { f.prepare("full") }) { f.frame() }, floor: warm { srcFloor(15) })
                // 3. One label's text changed.
                let l = frames(61, prepare: { f.prepare("label") }) { f.frame() }
                areas.label = area()
                label.add(l, floor: warm { overFloor(areas.label, 61) }); labelLVGL.append(l / lvgl.label)
                // 4. One button recoloured under a translucent overlay (button 12 sits under overlay 0 at 1280x800).
                let r = frames(61, prepare: { f.prepare("recolour") }) { f.frame() }
                areas.recolour = area()
                recolour.add(r, floor: warm { overFloor(areas.recolour, 61) }); recolourLVGL.append(r / lvgl.recolour)
                // 5. One animation frame: a 250x250 translucent view moved by 10 points.
                let a = frames(61, prepare: { f.prepare("animation") }) { f.frame() }
                areas.animate = area()
                animate.add(a, floor: warm { overFloor(areas.animate, 61) })
                // 6. Idle frame: nothing changed (its own time is its figure).
                let i = frames(301) { f.frame() }
                idle.add(i, floor: i)
                // 7 and 8. The layer classes (after the six: they add their layers to the scene, which the next
                //    round's first frame makes anew).
                let rr = frames(61, prepare: { f.prepare("ring") }) { f.frame() }
                layerAreas.ring = area()
                ring.add(rr, floor: warm { overFloor(layerAreas.ring, 61) })
                let g = frames(61, prepare: { f.prepare("gradient") }) { f.frame() }
                layerAreas.gradient = area()
                gradient.add(g, floor: warm { overFloor(layerAreas.gradient, 61) })
                let sp = frames(61, prepare: { f.prepare("spinner") }) { f.frame() }
                layerAreas.spinner = area()
                spinner.add(sp, floor: warm { overFloor(layerAreas.spinner, 61) })
                let t = frames(61, prepare: { f.prepare("text") }) { f.frame() }
                layerAreas.text = area()
                text.add(t, floor: warm { overFloor(layerAreas.text, 61) })
            }
            let allocs = (first: allocations(prepare: { f.prepare("first") }) { f.frame() },
                          full: allocations(prepare: { f.prepare("full") }) { f.frame() },
                          label: allocations(prepare: { f.prepare("label") }) { f.frame() },
                          recolour: allocations(prepare: { f.prepare("recolour") }) { f.frame() },
                          animate: allocations(prepare: { f.prepare("animation") }) { f.frame() },
                          idle: allocations { f.frame() },
                          ring: allocations(prepare: { f.prepare("ring") }) { f.frame() },
                          gradient: allocations(prepare: { f.prepare("gradient") }) { f.frame() },
                          spinner: allocations(prepare: { f.prepare("spinner") }) { f.frame() },
                          text: allocations(prepare: { f.prepare("text") }) { f.frame() })
            func lvglText(_ r: [Double]) -> String {
                String(format: "%.2fx (%.2f–%.2fx)", median(r), r.min()!, r.max()!)
            }

            print(String(format: "%dx%d @%gx (%dx%d px), resident +%d KiB for the scene", w, h, Double(scale), pw, ph, rss))
            print(String(format: "  1 first frame          %8.3f   vs raw cairo %.3f: ", first.medianMs, median(first.floors))
                  + first.ratioText() + String(format: " (goal 1.5x); %d allocations", allocs.first)
                  + (scale == 1 ? "; anchors: " + fullRedrawAnchorsOverCairo(width: w) : ""))
            print(String(format: "    nothing to reuse     %8.3f   vs raw cairo: ", cold.medianMs) + cold.ratioText()
                  + " (the previous scene's stores not kept: a cold start)")
            print(String(format: "  2 full recomposite     %8.3f   vs pixman SRC of the frame: ", full.medianMs) + full.ratioText()
                  + String(format: " (goal 4x); %d allocations", allocs.full))
            print(String(format: "  3 label text change    %8.3f   damage %d px, vs pixman OVER of it: ", label.medianMs, areas.label)
                  + label.ratioText(1) + String(format: "; vs LVGL anchor %.3f: ", lvgl.label) + lvglText(labelLVGL)
                  + String(format: " (goal 0.8x); %d allocations", allocs.label))
            print(String(format: "  4 recolour under glass %8.3f   damage %d px, vs pixman OVER of it: ", recolour.medianMs, areas.recolour)
                  + recolour.ratioText(1) + String(format: "; vs LVGL anchor %.3f: ", lvgl.recolour) + lvglText(recolourLVGL)
                  + String(format: " (goal 0.8x); %d allocations", allocs.recolour))
            print(String(format: "  5 animation frame      %8.3f   damage %d px, vs pixman OVER of it: ", animate.medianMs, areas.animate)
                  + animate.ratioText(1) + String(format: "; %d allocations", allocs.animate))
            print(String(format: "  6 idle frame           %8.4f   %d allocations", idle.medianMs, allocs.idle))
            print(String(format: "  7 progress ring step   %8.3f   damage %d px, vs pixman OVER of it: ", ring.medianMs, layerAreas.ring)
                  + ring.ratioText(1) + String(format: "; %d allocations", allocs.ring))
            print(String(format: "  8 gradient stop moved  %8.3f   damage %d px, vs pixman OVER of it: ", gradient.medianMs, layerAreas.gradient)
                  + gradient.ratioText(1) + String(format: "; %d allocations", allocs.gradient))
            print(String(format: "  9 spinner frame        %8.3f   damage %d px, vs pixman OVER of it: ", spinner.medianMs, layerAreas.spinner)
                  + spinner.ratioText(1) + String(format: "; %d allocations", allocs.spinner))
            print(String(format: " 10 text layer change    %8.3f   damage %d px, vs pixman OVER of it: ", text.medianMs, layerAreas.text)
                  + text.ratioText(1) + String(format: "; %d allocations", allocs.text))
            f.s.window.isHidden = true
        }
    }
}

MainActor.assumeIsolated { run() }
