// vitrine-bench-views: figures for the view system (issue "Foundation"). Prints medians; asserts nothing.
// Run: swift run -c release vitrine-bench-views
import BenchSupport
import Glibc
import UIKit

func report(_ name: String, _ ms: Double, _ note: String = "") {
    print(String(format: "%-58@ %10.3f ms  %@", name as NSString, ms, note as NSString))
}

@MainActor
func run() {
    UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280, height: 800), scale: 1))
    let n = 10_000
    print("vitrine-bench-views: median of repeated runs, one thread, \(n) views")

    // 4. (first, before other work leaves freed memory to reuse) Resident memory of 10,000 plain views.
    do {
        let before = residentKiB()
        var keep: [UIView] = []
        keep.reserveCapacity(n)
        let root = UIView()
        for _ in 0..<n {
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            root.addSubview(v)
            keep.append(v)
        }
        let after = residentKiB()
        print(String(format: "%-58@ %10d KiB  (%.0f bytes/view)", "resident memory of 10,000 plain views" as NSString,
                     after - before, Double((after - before) * 1024) / Double(n)))
        withExtendedLifetime(keep) {}
    }

    // 1. Layout pass after resizing a root with 10,000 autoresizing descendants.
    for (label, fanOut) in [("flat: 10,000 children", n), ("tree: 100 x 100", 100)] {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
        let root = UIView(frame: window.bounds)
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(root)
        var made = 0
        if fanOut == n {
            for i in 0..<n {
                let v = UIView(frame: CGRect(x: CGFloat(i % 100) * 12, y: CGFloat(i / 100) * 8, width: 10, height: 6))
                v.autoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleLeftMargin, .flexibleTopMargin]
                root.addSubview(v); made += 1
            }
        } else {
            for i in 0..<100 {
                let group = UIView(frame: CGRect(x: CGFloat(i % 10) * 128, y: CGFloat(i / 10) * 80, width: 120, height: 72))
                group.autoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleLeftMargin, .flexibleTopMargin]
                root.addSubview(group); made += 1
                for j in 0..<99 {
                    let v = UIView(frame: CGRect(x: CGFloat(j % 10) * 12, y: CGFloat(j / 10) * 7, width: 10, height: 6))
                    v.autoresizingMask = [.flexibleWidth, .flexibleHeight, .flexibleRightMargin, .flexibleBottomMargin]
                    group.addSubview(v); made += 1
                }
            }
        }
        window.layoutIfNeeded()
        var wide = false
        let ms = medianMilliseconds(runs: 41) {
            wide.toggle()
            window.frame = CGRect(x: 0, y: 0, width: wide ? 1920 : 1280, height: wide ? 1080 : 800)
            window.layoutIfNeeded()
        }
        report("resize root + layout pass, \(made) autoresizing views (\(label))", ms)
    }

    // 2. viewWithTag over 10,000 views (the tag is on the last view in search order: a full walk).
    do {
        let root = UIView()
        for i in 0..<100 {
            let group = UIView()
            root.addSubview(group)
            for j in 0..<99 {
                let v = UIView()
                v.tag = i * 1000 + j + 1
                group.addSubview(v)
            }
        }
        let last = 99 * 1000 + 99
        let hit = medianMilliseconds(runs: 101) { precondition(root.viewWithTag(last) != nil) }
        report("viewWithTag, 10,000 views, found last", hit)
        let miss = medianMilliseconds(runs: 101) { precondition(root.viewWithTag(-1) == nil) }
        report("viewWithTag, 10,000 views, not found", miss)
    }

    // 3. Add and remove 10,000 subviews.
    do {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
        let parent = UIView(frame: window.bounds)
        window.addSubview(parent)
        let views = (0..<n).map { _ in UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        let add = medianMilliseconds(runs: 21) {
            for v in views { parent.addSubview(v) }
            for v in views.reversed() { v.removeFromSuperview() }
        }
        report("addSubview + removeFromSuperview (LIFO) x 10,000, in a window", add)
        let fifo = medianMilliseconds(runs: 5) {
            for v in views { parent.addSubview(v) }
            for v in views { v.removeFromSuperview() }
        }
        report("addSubview + removeFromSuperview (FIFO) x 10,000, in a window", fifo)
    }
}

MainActor.assumeIsolated { run() }
