// vitrine-bench-controls: what a frame of the standard controls costs (median and 99th percentile, ms), beside
// LVGL's switch and slider in the same run: every frame of a switch's flip animation (toggled as a tap toggles it)
// and a slider frame per value change (as a drag makes them), on a white 1280x800 screen at scale 1 and 2, with the
// allocations one frame makes. Prints figures; asserts nothing.
// Run: bash Tools/bench-controls.sh [--lvgl-driver PATH], or vitrine-bench-controls [--lvgl-driver PATH]. A peer's
// driver is built outside this repository (the "Figures" article says how the LVGL figures were made); it takes the
// arguments WIDTH HEIGHT SCALE FLIPS SLIDES and prints lines "NAME MS MS ...": its frame times by kind.
import BenchSupport
import Foundation
import UIKit
import VitrinePlatform

@MainActor
struct ControlsBench {
    let lvglDriver: String?
    var flips = 40, slides = 300

    /// LVGL's per-frame times for the same screen (scaled by `scale`), or none without a driver.
    func lvgl(scale: Int) -> [String: [Double]] {
        guard let lvglDriver else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lvglDriver)
        process.arguments = ["\(1280 * scale)", "\(800 * scale)", "\(scale)", "\(flips)", "\(slides)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { print("LVGL driver failed to start: \(error)"); return [:] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var out: [String: [Double]] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard let name = parts.first else { continue }
            out[String(name)] = parts.dropFirst().compactMap { Double($0) }
        }
        return out
    }

    func run(scale: Int) {
        let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280 * scale, height: 800 * scale),
                                                               scale: CGFloat(scale)))
        let clock = app.runLoop.clock as! ManualClock
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
        window.backgroundColor = .white
        let toggle = UISwitch(frame: CGRect(x: 100, y: 100, width: 51, height: 31))
        let slider = UISlider(frame: CGRect(x: 100, y: 200, width: 288, height: 31))
        window.addSubview(toggle)
        window.addSubview(slider)
        window.makeKeyAndVisible()
        func frame() {
            clock.advance(by: 1.0 / 60)
            app.runLoop.runOnce(maximumWait: 0)
        }
        for _ in 0..<3 { frame() }
        let timer = MonotonicClock()
        func timed() -> Double {
            clock.advance(by: 1.0 / 60)
            let t = timer.now
            app.runLoop.runOnce(maximumWait: 0)
            return (timer.now - t) * 1000
        }

        // The switch: every frame of each flip's animation (a third of a second and a little more of spring).
        var switchFrames: [Double] = []
        var switchAllocations = 0
        for flip in 0..<flips {
            toggle.setOn(!toggle.isOn, animated: true)
            for i in 0..<24 {
                // (Allocations counted in a frame of the last flip: the masks for every sub-pixel phase are made by then.)
                if flip == flips - 1 && i == 5 {
                    switchAllocations = AllocationCounter.count { frame() }
                } else {
                    switchFrames.append(timed())
                }
            }
            for _ in 0..<10 { frame() }
        }
        // The slider: a value change per frame, back and forth, as a drag makes them.
        var sliderFrames: [Double] = []
        var sliderAllocations = 0
        var value: Float = 0, step: Float = 0.007
        for i in 0..<slides {
            value += step
            if value > 1 || value < 0 { step = -step; value += 2 * step }
            slider.value = value
            if i == slides - 10 { sliderAllocations = AllocationCounter.count { frame() } } else { sliderFrames.append(timed()) }
        }

        let theirs = lvgl(scale: scale)
        print("1280x800@\(scale):")
        func report(_ name: String, _ ours: [Double], _ allocations: Int, _ lv: [Double]?) {
            let (m, p) = medianAndP99(ours)
            var line = name.padding(toLength: 38, withPad: " ", startingAt: 0)
                + String(format: "median %.4f ms  p99 %.4f ms  (%d frames, %d allocations a frame)", m, p, ours.count, allocations)
            if let lv, !lv.isEmpty {
                let (lm, lp) = medianAndP99(lv)
                line += String(format: "\n%@LVGL median %.4f ms  p99 %.4f ms  (%d frames)   ratio %.2fx (median), %.2fx (p99)",
                               String(repeating: " ", count: 38), lm, lp, lv.count, m / lm, p / lp)
            }
            print(line)
        }
        report("  switch flip, animation frames", switchFrames, switchAllocations, theirs["switch"])
        report("  slider drag frame", sliderFrames, sliderAllocations, theirs["slider"])
        // LVGL's default theme draws a smaller knob without a shadow; the same slider as Vitrine draws it (iOS's
        // look: a 28-point white knob with a soft shadow) is the like-for-like anchor.
        if let ios = theirs["slider-ios"], !ios.isEmpty {
            report("  slider drag frame (LVGL iOS-styled)", sliderFrames, sliderAllocations, ios)
        }
        window.isHidden = true
    }
}

@MainActor func main() {
    AllocationCounter.preloadOrReexec()
    var driver: String?
    var rounds = 1, scales = [1, 2]
    var only: String?
    var args = CommandLine.arguments.dropFirst().makeIterator()
    while let arg = args.next() {
        switch arg {
        case "--lvgl-driver": driver = args.next()
        // (For profiling: more of every frame, at one scale.)
        case "--rounds": rounds = Int(args.next() ?? "") ?? 1
        case "--scale": scales = [Int(args.next() ?? "") ?? 1]
        case "--only":
            switch args.next() {
            case "switch": only = "switch"
            case "slider": only = "slider"
            default: print("--only takes switch or slider"); exit(2)
            }
        default: print("usage: vitrine-bench-controls [--lvgl-driver PATH] [--rounds N] [--scale S] [--only switch|slider]"); exit(2)
        }
    }
    var bench = ControlsBench(lvglDriver: driver)
    bench.flips = only == "slider" ? 0 : bench.flips * rounds
    bench.slides = only == "switch" ? 0 : bench.slides * rounds
    for scale in scales { bench.run(scale: scale) }
}

MainActor.assumeIsolated { main() }
