// vitrine-bench-input: figures for the touch pipeline below libinput (issue "Touch"), host path with synthetic
// events stamped with the kernel's clock, as libinput stamps real ones. Prints percentiles; asserts nothing.
//   1. kernel event time -> touchesBegan running on the touched control;
//   2. kernel event time -> the frame that shows its effect presented (the control's highlight, composited on a
//      1280x800 headless screen with 50 controls and labels);
//   3. events per second the pipeline sustains on one core: 10 fingers moving over views with a pan and a pinch
//      recognizer, one device frame per 10 contact changes, no frames drawn.
// Run: swift run -c release vitrine-bench-input
import BenchSupport
import Foundation
import UIKit
import VitrinePlatform

/// A control that notes when touchesBegan ran and shows its highlight.
final class Key: UIControl {
    static var beganAt: UInt64 = 0
    override var isHighlighted: Bool {
        didSet { backgroundColor = isHighlighted ? .systemOrange : UIColor(red: 0.25, green: 0.35, blue: 0.6, alpha: 1) }
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        Key.beganAt = MonotonicClock.microsecondsNow
        super.touchesBegan(touches, with: event)
    }
}

func percentile(_ samples: [Double], _ p: Double) -> Double {
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

@MainActor
func run() {
    let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280, height: 800), scale: 1))
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.backgroundColor = UIColor(white: 0.1, alpha: 1)
    var keys: [Key] = []
    for i in 0..<50 {
        let key = Key(frame: CGRect(x: 30 + CGFloat(i % 5) * 246, y: 30 + CGFloat(i / 5) * 74, width: 236, height: 64))
        key.isHighlighted = false
        key.layer.cornerRadius = 12
        let label = UILabel(frame: key.bounds.insetBy(dx: 12, dy: 0))
        label.text = "Key \(i)"
        label.textColor = .white
        key.addSubview(label)
        window.addSubview(key)
        keys.append(key)
    }
    window.makeKeyAndVisible()
    app.runLoop.runOnce(maximumWait: 0)  // the first frame
    let input = app.input
    input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 1, name: "bench", node: "bench", capabilities: .touch)))

    var toBegan: [Double] = [], toFrame: [Double] = []
    let taps = 2000
    for i in 0..<taps {
        let key = keys[i % keys.count]
        let centre = key.center
        let x = Double(centre.x / 1280), y = Double(centre.y / 800)
        let t = MonotonicClock.microsecondsNow
        input.handle(.touchDown(time: t, device: 1, slot: 0, x: x, y: y, major: nil))
        input.handle(.touchFrame(time: t, device: 1))
        toBegan.append(Double(Key.beganAt - t))
        app.runLoop.runOnce(maximumWait: 0) // layout, display, composite, present
        toFrame.append(Double(MonotonicClock.microsecondsNow - t))
        let u = MonotonicClock.microsecondsNow
        input.handle(.touchUp(time: u, device: 1, slot: 0))
        input.handle(.touchFrame(time: u, device: 1))
        app.runLoop.runOnce(maximumWait: 0)
    }
    print("vitrine-bench-input: \(taps) taps on 50 controls, 1280x800@1 headless, one thread")
    print(String(format: "  kernel event time -> touchesBegan:           p50 %7.1f µs   p99 %7.1f µs", percentile(toBegan, 0.5), percentile(toBegan, 0.99)))
    print(String(format: "  kernel event time -> frame presented:        p50 %7.1f µs   p99 %7.1f µs", percentile(toFrame, 0.5), percentile(toFrame, 0.99)))

    // 3. Throughput: a full-window view with a pan and a pinch, ten fingers.
    let pad = UIView(frame: window.bounds)
    pad.isMultipleTouchEnabled = true
    let pan = UIPanGestureRecognizer()
    pan.cancelsTouchesInView = false
    let pinch = UIPinchGestureRecognizer()
    pinch.cancelsTouchesInView = false
    pad.addGestureRecognizer(pan)
    pad.addGestureRecognizer(pinch)
    window.addSubview(pad)
    var events = 0
    let start = MonotonicClock.microsecondsNow
    var t = start
    for round in 0..<20 {
        for slot in 0..<10 {
            input.handle(.touchDown(time: t, device: 1, slot: slot, x: 0.05 + Double(slot) * 0.09, y: 0.5, major: nil))
        }
        input.handle(.touchFrame(time: t, device: 1))
        events += 11
        for step in 0..<500 {
            t += 1000
            for slot in 0..<10 {
                input.handle(.touchMotion(time: t, device: 1, slot: slot, x: 0.05 + Double(slot) * 0.09,
                                          y: 0.2 + 0.6 * Double((step + round) % 100) / 100, major: nil))
            }
            input.handle(.touchFrame(time: t, device: 1))
            events += 11
        }
        for slot in 0..<10 { input.handle(.touchUp(time: t, device: 1, slot: slot)) }
        input.handle(.touchFrame(time: t, device: 1))
        events += 11
    }
    let seconds = Double(MonotonicClock.microsecondsNow - start) / 1e6
    print(String(format: "  sustained: %d events (10 fingers, frames included) in %.3f s = %.0f events/s (%.0f device frames/s)",
                 events, seconds, Double(events) / seconds, Double(events) / 11 / seconds))
}

MainActor.assumeIsolated { run() }
