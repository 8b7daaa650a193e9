import Testing
@testable import UIKit
import VitrinePlatform

/// A fresh shared application on a headless screen with a manual clock, for one test.
@MainActor
@discardableResult
func freshApp(pixels: CGSize = CGSize(width: 320, height: 480), scale: CGFloat = 1) -> UIApplication {
    keptWindow = nil // the window an earlier test kept (shownWindow()) is not this app's
    AppearanceRegistry.reset() // appearance proxies an earlier test set are not this app's
    return UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: pixels, scale: scale))
}

/// Ends the current turn of the run loop: what happens before the next frame (the layout pass).
@MainActor
func endTurn() { UIApplication.shared.runLoop.runOnce(maximumWait: 0) }

/// The largest difference of any channel of any pixel between two images of the same size.
@MainActor func maxDifference(_ a: CGImage, _ b: CGImage) -> Int {
    var worst = 0
    a.withUnsafePixels { pa, sa in b.withUnsafePixels { pb, sb in
        for y in 0..<a.height { for x in 0..<a.width * 4 { worst = max(worst, abs(Int(pa[y * sa + x]) - Int(pb[y * sb + x]))) } }
    } }
    return worst
}

/// Where `a` and `b` differ: the rectangle around every differing pixel (nil: none), for failure messages.
@MainActor func differingRect(_ a: CGImage, _ b: CGImage) -> PixelRect? {
    var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
    a.withUnsafePixels { pa, sa in b.withUnsafePixels { pb, sb in
        for y in 0..<a.height { for x in 0..<a.width * 4 where pa[y * sa + x] != pb[y * sb + x] {
            x0 = min(x0, x / 4); x1 = max(x1, x / 4); y0 = min(y0, y); y1 = max(y1, y)
        } }
    } }
    return x1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
}

/// A view that records the callbacks UIKit sends it, into a shared log.
@MainActor
final class RecordingView: UIView {
    let name: String
    let log: EventLog

    init(_ name: String, log: EventLog, frame: CGRect = .zero) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func willMove(toSuperview newSuperview: UIView?) {
        log.add("\(name).willMoveToSuperview(\(label(newSuperview)))")
    }
    override func didMoveToSuperview() { log.add("\(name).didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { log.add("\(name).willMoveToWindow(\(label(newWindow)))") }
    override func didMoveToWindow() { log.add("\(name).didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { log.add("\(name).didAddSubview(\(label(subview)))") }
    override func willRemoveSubview(_ subview: UIView) { log.add("\(name).willRemoveSubview(\(label(subview)))") }
    override func layoutSubviews() { log.add("\(name).layoutSubviews") }

    private func label(_ v: UIView?) -> String {
        guard let v else { return "nil" }
        return (v as? RecordingView)?.name ?? (v as? RecordingWindow)?.name ?? typeName(of: v)
    }
}

@MainActor
final class RecordingWindow: UIWindow {
    var name = "window"
}

@MainActor
final class EventLog {
    var entries: [String] = []
    func add(_ s: String) { entries.append(s) }
    func take() -> [String] { defer { entries = [] }; return entries }
}

func approx(_ a: CGFloat, _ b: CGFloat, _ tol: CGFloat = 1e-9) -> Bool { abs(a - b) <= tol }
func approx(_ a: CGPoint, _ b: CGPoint, _ tol: CGFloat = 1e-9) -> Bool { approx(a.x, b.x, tol) && approx(a.y, b.y, tol) }
func approx(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
    approx(a.minX, b.minX, tol) && approx(a.minY, b.minY, tol) && approx(a.width, b.width, tol) && approx(a.height, b.height, tol)
}
