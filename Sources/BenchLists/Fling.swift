// The scrolling both benchmarks do: flicks of a finger through the input pipeline (below libinput, on the manual
// clock: a 60 Hz frame per step) until the end of the content, each frame timed, then the other passes scrolled by
// code a screenful a frame (for the memory figure: ten passes of flicks would take minutes).
import BenchSupport
import Foundation
import UIKit
import VitrinePlatform

/// What a run measured.
struct FlingRun {
    var frames: [Double] = []
    /// How far the content moved in each timed frame (points), for LVGL's replay.
    var offsets: [Double] = []
    var allocations = -1
    var residentBefore = 0, residentAfter = 0
    /// Cells made for the first screen.
    var cellsBefore = 0

    func report(cellsMade: Int, firstScreen: Int) {
        let (m, p) = medianAndP99(frames)
        let missed = frames.filter { $0 > 1000.0 / 60 }.count
        print(String(format: "  Vitrine  median %.3f ms  p99 %.3f ms  frames %d  over 16.7 ms %d  cells made %d (first screen %d)  "
                     + "allocations in a steady frame %d  resident %d -> %d KiB",
                     m, p, frames.count, missed, cellsMade, firstScreen, allocations, residentBefore, residentAfter))
    }
}

/// Flings through `scroll` (shown in a key window on `app`'s 1280x800-point screen) to its end and back, `passes`
/// times: flicks of 400 points in 80 ms, then the glide, timed frame by frame on the way down the first time.
/// With `frameLimit`, stops after that many flung frames (for counting instructions: no allocation count, no passes).
@MainActor func flingThrough(_ scroll: UIScrollView, app: UIApplication, passes: Int, frameLimit: Int? = nil,
                             cellsMade: () -> Int) -> FlingRun {
    let clock = app.runLoop.clock as! ManualClock
    let step = 1.0 / 60
    func frame() {
        clock.advance(by: step)
        app.runLoop.runOnce(maximumWait: 0)
    }
    for _ in 0..<3 { frame() }
    var run = FlingRun()
    run.cellsBefore = cellsMade()
    let timer = MonotonicClock()
    let device = 7
    app.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: device, name: "bench touch", node: "bench", capabilities: .touch)))
    func now() -> UInt64 { UInt64((clock.now * 1_000_000).rounded()) }
    /// One input frame of the finger at y (points).
    func finger(_ y: Double, down: Bool = false, up: Bool = false) {
        if up {
            app.input.handle(.touchUp(time: now(), device: device, slot: 0))
        } else {
            let (nx, ny) = (0.5, y / 800)
            app.input.handle(down ? .touchDown(time: now(), device: device, slot: 0, x: nx, y: ny, major: nil)
                                  : .touchMotion(time: now(), device: device, slot: 0, x: nx, y: ny, major: nil))
        }
        app.input.handle(.touchFrame(time: now(), device: device))
    }
    // How far the content moved since the last timed frame: a drag moves it as the finger's events come, between
    // frames, and the frame after shows that move.
    var shownOffset = scroll.contentOffset.y
    func timedFrame() {
        clock.advance(by: step)
        let t = timer.now
        app.runLoop.runOnce(maximumWait: 0)
        run.frames.append((timer.now - t) * 1000)
        run.offsets.append(Double(scroll.contentOffset.y - shownOffset))
        shownOffset = scroll.contentOffset.y
    }
    run.residentBefore = residentKiB()
    var direction = 1.0
    let bottom = { scroll.contentSize.height - scroll.bounds.height }
    for pass in 0..<(2 * passes) {
        if pass >= 1 {
            let end = direction > 0 ? bottom() : 0
            while abs(scroll.contentOffset.y - end) > 0.5 {
                let next = direction > 0 ? Swift.min(end, scroll.contentOffset.y + 800) : Swift.max(end, scroll.contentOffset.y - 800)
                scroll.contentOffset = CGPoint(x: 0, y: next)
                frame()
            }
            direction = -direction
            continue
        }
        while direction > 0 ? scroll.contentOffset.y < bottom() - 1 : scroll.contentOffset.y > 1 {
            let from = direction > 0 ? 700.0 : 100.0
            finger(from, down: true)
            for i in 1...5 {
                timedFrame()
                if let frameLimit, run.frames.count >= frameLimit { return run }
                finger(from - direction * Double(i) * 80)
            }
            finger(0, up: true)
            while scroll.isDecelerating {
                if let frameLimit, run.frames.count >= frameLimit { return run }
                if frameLimit == nil && run.allocations < 0 && run.frames.count > 200 {
                    run.allocations = AllocationCounter.count { frame() }
                    shownOffset = scroll.contentOffset.y // (an untimed frame: not replayed)
                } else {
                    timedFrame()
                }
            }
        }
        direction = -direction
    }
    run.residentAfter = residentKiB()
    return run
}
