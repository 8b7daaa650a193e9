// vitrine-bench-animation: figures for animations (issue "Animations"), on a headless screen. Prints figures;
// asserts nothing.
//   1. a full-screen cached layer sliding for one second at 60 Hz, at 1280x800 and 1920x1080, scales 1 and 2:
//      per-frame cost (median, p99) on a stepped clock; on the real clock, frames made, frames missed and CPU time
//      for the animated second;
//   2. 100 small views animating at once: per-frame cost;
//   3. idle: CPU time over two seconds with nothing animating.
// Run: swift run -c release vitrine-bench-animation
import BenchSupport
import Foundation
import Glibc
import UIKit
import VitrinePlatform

/// CPU time (user + system) of this process so far, in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

/// Minor page faults of this process so far (fresh memory touched: large allocations made per frame show here).
func pageFaults() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_minflt
}

func percentile(_ samples: [Double], _ p: Double) -> Double {
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// A full-screen view with drawn (cached) content: stripes and a frame.
final class Backdrop: UIView {
    override func draw(_ rect: CGRect) {
        for i in 0..<Int(bounds.width / 40) + 1 {
            (i % 2 == 0 ? UIColor.systemTeal : UIColor.systemIndigo).setFill()
            UIRectFill(CGRect(x: CGFloat(i) * 40, y: 0, width: 40, height: bounds.height))
        }
        UIColor.white.setStroke()
        UIBezierPath(rect: bounds.insetBy(dx: 10, dy: 10)).stroke()
    }
}

@MainActor
func scene(points: CGSize, scale: CGFloat, clock: any LoopClock) -> (UIApplication, UIWindow, UIView) {
    let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: points.width * scale, height: points.height * scale),
                                                           scale: scale), clock: clock)
    let window = UIWindow(frame: CGRect(origin: .zero, size: points))
    window.backgroundColor = .black
    let backdrop = Backdrop(frame: window.bounds)
    window.addSubview(backdrop)
    window.makeKeyAndVisible()
    return (app, window, backdrop)
}

/// The cost of each of 60 frames at 60 Hz on a stepped clock, in ms.
@MainActor
func steppedFrameCosts(_ app: UIApplication, _ clock: ManualClock) -> [Double] {
    var costs: [Double] = []
    let measure = MonotonicClock()
    for _ in 0..<60 {
        clock.advance(by: 1.0 / 60)
        let t = measure.now
        app.runLoop.runOnce(maximumWait: 0)
        costs.append((measure.now - t) * 1000)
    }
    return costs
}

/// The memory floor of a full-screen slide: two copies of a whole frame (the layer's store into the shadow
/// buffer, the shadow buffer to the output), median of 30, in ms.
@MainActor
func slideFloor(pixels: Int) -> Double {
    let bytes = pixels * 4
    let a = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let b = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    let c = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
    defer { a.deallocate(); b.deallocate(); c.deallocate() }
    memset(a, 1, bytes); memset(b, 2, bytes); memset(c, 3, bytes)
    let clock = MonotonicClock()
    var samples: [Double] = []
    for _ in 0..<30 {
        let t = clock.now
        memcpy(b, a, bytes)
        memcpy(c, b, bytes)
        samples.append((clock.now - t) * 1000)
    }
    return median(samples)
}

@MainActor
func run() {
    print("vitrine-bench-animation: headless screens, one thread")
    // VITRINE_BENCH_ONLY=1920x1080@2 runs one slide alone (for profiling).
    let only = ProcessInfo.processInfo.environment["VITRINE_BENCH_ONLY"]
    for (size, scale) in [(CGSize(width: 1280, height: 800), CGFloat(1)), (CGSize(width: 1280, height: 800), 2),
                          (CGSize(width: 1920, height: 1080), 1), (CGSize(width: 1920, height: 1080), 2)]
        where only == nil || only == "\(Int(size.width))x\(Int(size.height))@\(Int(scale))" {
        // Real clock first (a headless app made later replaces this one): one animated second through the main
        // run loop.
        let (live, liveWindow, liveBackdrop) = scene(points: size, scale: scale, clock: MonotonicClock())
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
        let frames0 = live.frameCount, missed0 = live.missedFrameCount, cpu0 = cpuSeconds(), faults0 = pageFaults()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { liveBackdrop.center.x += size.width / 4 })
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 1.05))
        let cpu = cpuSeconds() - cpu0, faults = pageFaults() - faults0
        let liveFrames = live.frameCount - frames0, missed = live.missedFrameCount - missed0
        withExtendedLifetime(liveWindow) {}
        // Stepped clock: the cost of each of 60 frames.
        let clock = ManualClock()
        let (app, window, backdrop) = scene(points: size, scale: scale, clock: clock)
        app.runLoop.runOnce(maximumWait: 0)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { backdrop.center.x += size.width / 4 })
        let costs = steppedFrameCosts(app, clock)
        withExtendedLifetime(window) {}
        let floor = slideFloor(pixels: Int(size.width * scale * size.height * scale))
        print(String(format: "  full-screen slide %4.0fx%-4.0f@%.0f: frame median %6.3f ms (%.1fx the floor of two frame copies, %.3f ms), p99 %6.3f ms; live: %d frames, %d missed, CPU %.3f s per animated second, %d page faults",
                     size.width, size.height, scale, median(costs), median(costs) / floor, floor, percentile(costs, 0.99),
                     liveFrames, missed, cpu, faults))
    }

    if only != nil { return }
    // 100 small views at once.
    let clock = ManualClock()
    let (app, window, _) = scene(points: CGSize(width: 1280, height: 800), scale: 1, clock: clock)
    var views: [UIView] = []
    for i in 0..<100 {
        let v = UIView(frame: CGRect(x: CGFloat(i % 10) * 120 + 20, y: CGFloat(i / 10) * 75 + 20, width: 40, height: 40))
        v.backgroundColor = .systemOrange
        v.isOpaque = false
        window.addSubview(v)
        views.append(v)
    }
    app.runLoop.runOnce(maximumWait: 0)
    UIView.animate(withDuration: 1) {
        for v in views { v.center.y += 20; v.alpha = 0.5; v.transform = CGAffineTransform(rotationAngle: .pi / 4) }
    }
    let costs = steppedFrameCosts(app, clock)
    print(String(format: "  100 small views moving, fading and turning at once (1280x800@1): frame median %6.3f ms, p99 %6.3f ms",
                 median(costs), percentile(costs, 0.99)))

    // Idle.
    let (_, idleWindow, _) = scene(points: CGSize(width: 1280, height: 800), scale: 1, clock: MonotonicClock())
    RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.2))
    let cpu0 = cpuSeconds()
    RunLoop.main.run(until: Date(timeIntervalSinceNow: 2))
    print(String(format: "  idle, nothing animating: CPU %.4f s over 2 s", cpuSeconds() - cpu0))
    withExtendedLifetime(idleWindow) {}
}

MainActor.assumeIsolated { run() }
