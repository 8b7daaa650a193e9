// vitrine-bench-lists: what scrolling a long list costs. A 10,000-row table of label + subtitle + disclosure cells
// on a 1280x800 screen at scale 1 and 2 is flung through, as a finger does it (through the input pipeline below
// libinput, on a manual clock: a 60 Hz frame per step), pass after pass to the end and back. Prints the per-frame
// median and 99th percentile, the frames over 16.7 ms, the cells made, the allocations in a steady frame and the
// resident memory before and after the passes; beside LVGL's list of as many buttons as it holds (built by
// Tools/bench-lists.sh from a fetched LVGL v9.2.2), scrolled by the same distances each frame.
// Prints figures; asserts nothing.
// Run: bash Tools/bench-lists.sh LVGL_SNAPSHOT, or alone: vitrine-bench-lists [--lvgl-driver PATH] [--passes N] [--scale S]
import BenchSupport
import Foundation
import UIKit
import VitrinePlatform

/// The list's rows: "Row N" with a subtitle and a disclosure chevron.
@MainActor
final class Rows: NSObject, UITableViewDataSource {
    let count: Int
    init(count: Int) { self.count = count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        cell.detailTextLabel?.text = "Subtitle of row \(indexPath.row)"
        cell.accessoryType = .disclosureIndicator
        return cell
    }
}

/// Subtitle cells (registered classes are made with the default style).
final class SubtitleCell: UITableViewCell {
    /// Cells made so far: reuse should stop this at a screenful.
    nonisolated(unsafe) static var made = 0
    override init(style: CellStyle, reuseIdentifier: String?) {
        Self.made += 1
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

@MainActor
struct ListBench {
    let lvglDriver: String?
    var passes = 10
    let rows = 10_000

    func run(scale: Int) {
        SubtitleCell.made = 0
        let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280 * scale, height: 800 * scale),
                                                               scale: CGFloat(scale)))
        let clock = app.runLoop.clock as! ManualClock
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(SubtitleCell.self, forCellReuseIdentifier: "row")
        let source = Rows(count: rows)
        table.dataSource = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        func frame() {
            clock.advance(by: 1.0 / 60)
            app.runLoop.runOnce(maximumWait: 0)
        }
        for _ in 0..<3 { frame() }
        let timer = MonotonicClock()
        var frames: [Double] = []
        var offsets: [Double] = []
        var allocations = -1
        let device = 7
        app.input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: device, name: "bench touch", node: "bench", capabilities: .touch)))
        func now() -> UInt64 { UInt64((clock.now * 1_000_000).rounded()) }
        /// One input frame of the finger at y (points), then the app's frame, timed.
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
        func timedFrame() {
            clock.advance(by: step)
            let before = table.contentOffset.y
            let t = timer.now
            app.runLoop.runOnce(maximumWait: 0)
            frames.append((timer.now - t) * 1000)
            offsets.append(Double(table.contentOffset.y - before))
        }
        let residentBefore = residentKiB()
        let createdBefore = SubtitleCell.made
        var direction = 1.0
        // The first way down is flung through and timed frame by frame; the rest (back up, and the other passes) is
        // scrolled by code for the memory figure (ten passes of flings would take minutes).
        let step = 1.0 / 60
        for pass in 0..<(2 * passes) {
            if pass >= 1 {
                // The remaining passes scroll by code, a screenful a frame (the same cells come and go).
                let end = direction > 0 ? table.contentSize.height - 800 : 0
                while abs(table.contentOffset.y - end) > 0.5 {
                    let next = direction > 0 ? Swift.min(end, table.contentOffset.y + 800) : Swift.max(end, table.contentOffset.y - 800)
                    table.contentOffset = CGPoint(x: 0, y: next)
                    frame()
                }
                direction = -direction
                continue
            }
            // Flings until the end (or the start) of the list: 400 points in five frames, then the glide.
            while direction > 0 ? table.contentOffset.y < table.contentSize.height - 800 - 1 : table.contentOffset.y > 1 {
                let from = direction > 0 ? 700.0 : 100.0
                finger(from, down: true)
                for i in 1...5 {
                    timedFrame()
                    finger(from - direction * Double(i) * 80)
                }
                finger(0, up: true)
                while table.isDecelerating {
                    if allocations < 0 && frames.count > 200 {
                        allocations = AllocationCounter.count { frame() }
                    } else {
                        timedFrame()
                    }
                }
            }
            direction = -direction
        }
        let residentAfter = residentKiB()
        let (m, p) = medianAndP99(frames)
        let missed = frames.filter { $0 > 1000.0 / 60 }.count
        print("1280x800@\(scale): a \(rows)-row table flung through \(passes) times (end to end and back)")
        print(String(format: "  Vitrine  median %.3f ms  p99 %.3f ms  frames %d  over 16.7 ms %d  cells made %d (first screen %d)  "
                     + "allocations in a steady frame %d  resident %d -> %d KiB",
                     m, p, frames.count, missed, SubtitleCell.made, createdBefore, allocations, residentBefore, residentAfter))
        if let lvglDriver {
            // (LVGL replays the first 1,000 frames' scrolling: its frames cost more, and the passes repeat.)
            let theirs = lvgl(driver: lvglDriver, scale: scale, offsets: offsets.prefix(1000).map { $0 * Double(scale) })
            if let lv = theirs.frames, !lv.isEmpty {
                let (lm, lp) = medianAndP99(lv)
                print(String(format: "  LVGL     median %.3f ms  p99 %.3f ms  frames %d  over 16.7 ms %d  (a list of %d buttons)   ratio %.2fx (median), %.2fx (p99)",
                             lm, lp, lv.count, lv.filter { $0 > 1000.0 / 60 }.count, theirs.items, m / lm, p / lp))
            }
        }
        window.isHidden = true
    }

    /// LVGL's frame times for a list scrolled by `offsets` (pixels per frame).
    func lvgl(driver: String, scale: Int, offsets: [Double]) -> (frames: [Double]?, items: Int) {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bench-lists-\(getpid()).txt")
        try? offsets.map { String(format: "%.2f", $0) }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: driver)
        process.arguments = ["\(1280 * scale)", "\(800 * scale)", "\(scale)", "\(rows)", input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { print("  LVGL driver failed to start: \(error)"); return (nil, 0) }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var frames: [Double]?, items = 0
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.first == "frames" { frames = parts.dropFirst().compactMap { Double($0) } }
            if parts.first == "items", parts.count > 1 { items = Int(parts[1]) ?? 0 }
        }
        return (frames, items)
    }
}

@MainActor func main() {
    AllocationCounter.preloadOrReexec()
    var driver: String?
    var passes = 10, scales = [1, 2]
    var args = CommandLine.arguments.dropFirst().makeIterator()
    while let arg = args.next() {
        switch arg {
        case "--lvgl-driver": driver = args.next()
        case "--passes": passes = Int(args.next() ?? "") ?? 10
        case "--scale": scales = [Int(args.next() ?? "") ?? 1]
        default: print("usage: vitrine-bench-lists [--lvgl-driver PATH] [--passes N] [--scale S]"); exit(2)
        }
    }
    var bench = ListBench(lvglDriver: driver)
    bench.passes = passes
    for scale in scales { bench.run(scale: scale) }
}

MainActor.assumeIsolated { main() }
