// vitrine-bench-lists: what scrolling a long list costs. A 10,000-row table of label + subtitle + disclosure cells
// on a 1280x800 screen at scale 1 and 2 is flung through, as a finger does it (through the input pipeline below
// libinput, on a manual clock: a 60 Hz frame per step), pass after pass to the end and back. Prints the per-frame
// median and 99th percentile, the frames over 16.7 ms, the cells made, the allocations in a steady frame and the
// resident memory before and after the passes; beside a peer's list of as many buttons as it holds (LVGL v9.2.2's,
// built outside this repository: the "Figures" article), scrolled by the same distances each frame. Then a grid of 2,000
// decoded thumbnails the same way (PhotoGrid.swift).
// Prints figures; asserts nothing.
// Run: bash Tools/bench-lists.sh [options], or alone:
//   vitrine-bench-lists [--lvgl-driver PATH] [--passes N] [--scale S] [--no-scroll-copy]
//   vitrine-bench-lists --count-frames N [--offsets FILE] [--scale S]: only N frames of the list's fling, for
//     counting instructions (Tools/aarch64/bench-instructions.sh: the difference of an N and a 2N run); FILE gets
//     each frame's scroll distance in pixels, for a peer to replay.
import BenchSupport
import Foundation
import QuartzCore
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

    /// The list on a screen of `scale`, shown and laid out.
    private func makeList(scale: Int) -> (UIApplication, UIWindow, UITableView, Rows) {
        let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280 * scale, height: 800 * scale),
                                                               scale: CGFloat(scale)))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(SubtitleCell.self, forCellReuseIdentifier: "row")
        let source = Rows(count: rows)
        table.dataSource = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        return (app, window, table, source)
    }

    /// `frames` frames of the fling and nothing else (see the header).
    func count(frames: Int, scale: Int, offsetsFile: String?) {
        let (app, window, table, source) = makeList(scale: scale)
        let run = withExtendedLifetime(source) {
            flingThrough(table, app: app, passes: 1, frameLimit: frames, cellsMade: { SubtitleCell.made })
        }
        if let offsetsFile {
            let text = run.offsets.map { String(format: "%.2f", $0 * Double(scale)) }.joined(separator: "\n")
            do { try text.write(toFile: offsetsFile, atomically: true, encoding: .utf8) } catch {
                print("vitrine-bench-lists: cannot write \(offsetsFile): \(error)"); exit(1)
            }
        }
        print("flung \(run.frames.count) frames of the \(rows)-row list at 1280x800@\(scale)")
        window.isHidden = true
    }

    func run(scale: Int) {
        SubtitleCell.made = 0
        let (app, window, table, source) = makeList(scale: scale)
        let run = withExtendedLifetime(source) {
            flingThrough(table, app: app, passes: passes, cellsMade: { SubtitleCell.made })
        }
        print("1280x800@\(scale): a \(rows)-row table flung through \(passes) times (end to end and back)")
        run.report(cellsMade: SubtitleCell.made, firstScreen: run.cellsBefore)
        if let lvglDriver {
            // (LVGL replays the first 1,000 frames' scrolling: its frames cost more, and the passes repeat.)
            let theirs = lvgl(driver: lvglDriver, scale: scale, offsets: run.offsets.prefix(1000).map { $0 * Double(scale) })
            if let lv = theirs.frames, !lv.isEmpty {
                let (lm, lp) = medianAndP99(lv), ours = medianAndP99(run.frames)
                print(String(format: "  LVGL     median %.3f ms  p99 %.3f ms  frames %d  over 16.7 ms %d  (a list of %d buttons)   ratio %.2fx (median), %.2fx (p99)",
                             lm, lp, lv.count, lv.filter { $0 > 1000.0 / 60 }.count, theirs.items, ours.0 / lm, ours.1 / lp))
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
    var driver: String?, offsetsFile: String?
    var passes = 10, scales = [1, 2], countFrames: Int?
    var args = CommandLine.arguments.dropFirst().makeIterator()
    while let arg = args.next() {
        switch arg {
        case "--lvgl-driver": driver = args.next()
        case "--passes": passes = Int(args.next() ?? "") ?? 10
        case "--scale": scales = [Int(args.next() ?? "") ?? 1]
        // (For comparing: scrolled content repainted instead of copied.)
        case "--no-scroll-copy": Compositor.copiesScrolledContent = false
        case "--count-frames": countFrames = Int(args.next() ?? "")
        case "--offsets": offsetsFile = args.next()
        default:
            print("usage: vitrine-bench-lists [--lvgl-driver PATH] [--passes N] [--scale S] [--no-scroll-copy]\n"
                  + "       vitrine-bench-lists --count-frames N [--offsets FILE] [--scale S]")
            exit(2)
        }
    }
    if let countFrames {
        guard countFrames > 0 else { print("vitrine-bench-lists: --count-frames takes a positive number"); exit(2) }
        ListBench(lvglDriver: nil).count(frames: countFrames, scale: scales[0], offsetsFile: offsetsFile)
        return
    }
    AllocationCounter.preloadOrReexec()
    var bench = ListBench(lvglDriver: driver)
    bench.passes = passes
    for scale in scales { bench.run(scale: scale) }
    for scale in scales { PhotoGridBench(passes: passes).run(scale: scale) }
}

MainActor.assumeIsolated { main() }
