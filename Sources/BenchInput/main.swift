// vitrine-bench-input: figures for the touch pipeline below libinput (issue "Touch"), host path with synthetic
// events stamped with the kernel's clock, as libinput stamps real ones. Prints percentiles; asserts nothing.
//   1. kernel event time -> touchesBegan running on the touched control;
//   2. kernel event time -> the frame that shows its effect presented (the control's highlight, composited on a
//      1280x800 headless screen with 50 controls and labels);
//   3. events per second the pipeline sustains on one core: 10 fingers moving over views with a pan and a pinch
//      recognizer, one device frame per 10 contact changes, no frames drawn;
//   4. typing, at scale 1 and 2: kernel time of a hardware key press -> the frame showing the character in a
//      UITextField presented, and of the finger lifting from an on-screen keyboard key (iOS types on lift) -> the
//      frame showing the character (and the key's popup gone) presented;
//   5. the screen reader: a swipe's lift (its kernel time) -> the next element's speech handed to the audio output
//      (espeak-ng synthesizes the whole utterance first; the time to the first sound adds the output's latency).
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

/// A settings-like form (labels and rounded text fields) on a 1280x800 screen at `scale`; the first field edits.
@MainActor
func typingForm(scale: CGFloat) -> (UIApplication, UIWindow, UITextField) {
    let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280 * scale, height: 800 * scale), scale: scale))
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.backgroundColor = .systemGroupedBackground
    var fields: [UITextField] = []
    for i in 0..<6 {
        let label = UILabel(frame: CGRect(x: 40, y: 40 + CGFloat(i) * 70, width: 200, height: 44))
        label.text = ["Network", "Password", "Name", "Room", "Floor", "PIN"][i]
        window.addSubview(label)
        let field = UITextField(frame: CGRect(x: 260, y: 40 + CGFloat(i) * 70, width: 600, height: 44))
        field.borderStyle = .roundedRect
        field.placeholder = "Required"
        window.addSubview(field)
        fields.append(field)
    }
    window.makeKeyAndVisible()
    app.runLoop.runOnce(maximumWait: 0)
    return (app, window, fields[0])
}

/// Lets the manual clock run `seconds` in frames (the keyboard's slide).
@MainActor
func settle(_ app: UIApplication, _ seconds: Double) {
    let clock = app.runLoop.clock as! ManualClock
    for _ in 0..<Int(seconds * 60) { clock.advance(by: 1.0 / 60); app.runLoop.runOnce(maximumWait: 0) }
}

@MainActor
func typing(scale: CGFloat) {
    let characters = 1000
    // Hardware keys: KEY_A ... KEY_L in turn; the field is emptied every 40 characters (outside the timing).
    let (app, window, field) = typingForm(scale: scale)
    defer { withExtendedLifetime(window) {} } // windows are the app's to keep, as in UIKit
    let input = app.input
    input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 2, name: "bench keyboard", node: "bench", capabilities: [.keyboard, .textKeys])))
    field.becomeFirstResponder()
    settle(app, 0.5)
    let codes: [UInt32] = [30, 31, 32, 33, 34, 35, 36, 37, 38]
    var keyToFrame: [Double] = []
    for i in 0..<characters {
        if i % 40 == 0 { field.text = ""; app.runLoop.runOnce(maximumWait: 0) }
        let t = MonotonicClock.microsecondsNow
        input.handle(.key(time: t, device: 2, code: codes[i % codes.count], pressed: true))
        app.runLoop.runOnce(maximumWait: 0)
        keyToFrame.append(Double(MonotonicClock.microsecondsNow - t))
        input.handle(.key(time: MonotonicClock.microsecondsNow, device: 2, code: codes[i % codes.count], pressed: false))
        app.runLoop.runOnce(maximumWait: 0)
    }
    guard field.isFirstResponder, field.text?.count == 40 else {
        print("  typing: the field holds '\(field.text ?? "")': keys did not type"); return
    }

    // The on-screen keyboard: the hardware keyboard goes, the system keyboard slides in for the field.
    input.handle(.deviceRemoved(time: 0, device: 2))
    settle(app, 0.5)
    guard let keyboard = app.windows.last, keyboard !== app.keyWindow else { print("  typing: no on-screen keyboard"); return }
    var keys: [String: CGPoint] = [:]
    func collect(_ v: UIView) {
        if let label = v as? UILabel, let text = label.text, let key = label.superview {
            let f = key.convert(key.bounds, to: nil)
            keys[text] = CGPoint(x: f.midX + keyboard.frame.minX, y: f.midY + keyboard.frame.minY)
        }
        v.subviews.forEach(collect)
    }
    collect(keyboard)
    let letters = "asdfghjkl".map { String($0) }
    guard letters.allSatisfy({ keys[$0] != nil }) else { print("  typing: keys missing from \(keys.keys.sorted())"); return }
    let screen = UIScreen.main.bounds.size
    input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 1, name: "bench touch", node: "bench", capabilities: .touch)))
    var liftToFrame: [Double] = []
    var typed = 0
    for i in 0..<characters {
        if i % 40 == 0 { field.text = ""; typed = 0; app.runLoop.runOnce(maximumWait: 0) }
        let p = keys[letters[i % letters.count]]!
        let x = Double(p.x / screen.width), y = Double(p.y / screen.height)
        let d = MonotonicClock.microsecondsNow
        input.handle(.touchDown(time: d, device: 1, slot: 0, x: x, y: y, major: nil))
        input.handle(.touchFrame(time: d, device: 1))
        app.runLoop.runOnce(maximumWait: 0) // the key's popup
        let u = MonotonicClock.microsecondsNow
        input.handle(.touchUp(time: u, device: 1, slot: 0))
        input.handle(.touchFrame(time: u, device: 1))
        app.runLoop.runOnce(maximumWait: 0)
        liftToFrame.append(Double(MonotonicClock.microsecondsNow - u))
        typed += 1
    }
    guard field.text?.count == typed else { print("  typing: the on-screen keys typed '\(field.text ?? "")'"); return }
    print(String(format: "  typing @%.0f: key press -> frame presented:    p50 %7.1f µs   p99 %7.1f µs   (%d keys)", scale,
                 percentile(keyToFrame, 0.5), percentile(keyToFrame, 0.99), characters))
    print(String(format: "  typing @%.0f: on-screen key lift -> frame:     p50 %7.1f µs   p99 %7.1f µs   (%d taps)", scale,
                 percentile(liftToFrame, 0.5), percentile(liftToFrame, 0.99), characters))
}

/// Swipes right and left over a screen of 50 buttons with the screen reader on: each moves the focus and speaks.
@MainActor
func screenReader(swipes: Int = 200) {
    let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280, height: 800), scale: 1))
    let window = UIWindow(frame: UIScreen.main.bounds)
    for i in 0..<50 {
        let button = UIButton(type: .system)
        button.setTitle("Apartment \(i + 1)", for: .normal)
        button.frame = CGRect(x: 30 + CGFloat(i % 5) * 246, y: 30 + CGFloat(i / 5) * 74, width: 236, height: 64)
        window.addSubview(button)
    }
    window.makeKeyAndVisible()
    app.runLoop.runOnce(maximumWait: 0)
    app.startScreenReader()
    let input = app.input
    input.handle(.deviceAdded(time: 0, InputDeviceInfo(id: 1, name: "bench", node: "bench", capabilities: .touch)))
    func waitForSpeech(after t: UInt64) -> UInt64? {
        let deadline = MonotonicClock.microsecondsNow + 3_000_000
        while MonotonicClock.microsecondsNow < deadline {
            let out = SpeechEngine.lastOutputMicroseconds
            if out > t { return out }
            usleep(100)
        }
        return nil
    }
    guard waitForSpeech(after: 0) != nil else { print("  screen reader: no speech (is espeak-ng installed?)"); return }
    var liftToSpeech: [Double] = []
    for i in 0..<swipes {
        // Right, then left: each swipe moves the focus and is spoken. The finger went down 120 ms before it lifts.
        let (from, to) = i % 2 == 0 ? (0.3, 0.45) : (0.45, 0.3)
        let u = MonotonicClock.microsecondsNow
        input.handle(.touchDown(time: u - 120_000, device: 1, slot: 0, x: from, y: 0.9, major: nil))
        input.handle(.touchFrame(time: u - 120_000, device: 1))
        input.handle(.touchMotion(time: u - 60_000, device: 1, slot: 0, x: to, y: 0.9, major: nil))
        input.handle(.touchFrame(time: u - 60_000, device: 1))
        input.handle(.touchUp(time: u, device: 1, slot: 0))
        input.handle(.touchFrame(time: u, device: 1))
        guard let spoken = waitForSpeech(after: u) else { print("  screen reader: swipe \(i) was not spoken"); return }
        liftToSpeech.append(Double(spoken - u))
        app.runLoop.runOnce(maximumWait: 0)
    }
    print(String(format: "  screen reader: swipe lift -> speech to output: p50 %7.1f µs   p99 %7.1f µs   (%d swipes, espeak-ng)",
                 percentile(liftToSpeech, 0.5), percentile(liftToSpeech, 0.99), swipes))
}

MainActor.assumeIsolated {
    run()
    print("vitrine-bench-input: typing into a UITextField in a form of six, 1280x800 headless")
    typing(scale: 1)
    typing(scale: 2)
    print("vitrine-bench-input: the screen reader over 50 buttons, 1280x800 headless")
    screenReader()
}
