import Testing
@testable import UIKit
import VitrinePlatform

/// Fingers on a touch device of the headless screen: each call is one device frame, fed through the same path
/// libinput's events take (`UIApplication.input`), with time on the app's manual clock.
@MainActor
final class Fingers {
    let app: UIApplication
    let device: Int
    var clock: ManualClock { app.runLoop.clock as! ManualClock }

    init(_ app: UIApplication = UIApplication.shared, device: Int = 7) {
        self.app = app
        self.device = device
        app.input.handle(.deviceAdded(time: now, InputDeviceInfo(id: device, name: "test touch", node: "test", capabilities: .touch)))
    }

    var now: UInt64 { UInt64((app.runLoop.clock.now * 1_000_000).rounded()) }

    private func norm(_ p: CGPoint) -> (Double, Double) {
        let b = UIScreen.main.bounds
        return (Double(p.x / b.width), Double(p.y / b.height))
    }

    /// Puts fingers down (slot: position in screen points), one frame.
    func down(_ fingers: [Int: CGPoint]) { send(fingers, moving: false) }
    func down(_ p: CGPoint, slot: Int = 0) { down([slot: p]) }

    /// Moves fingers, one frame.
    func move(_ fingers: [Int: CGPoint]) { send(fingers, moving: true) }

    private func send(_ fingers: [Int: CGPoint], moving: Bool) {
        for (slot, p) in fingers.sorted(by: { $0.key < $1.key }) {
            let (x, y) = norm(p)
            app.input.handle(moving ? .touchMotion(time: now, device: device, slot: slot, x: x, y: y, major: nil)
                                    : .touchDown(time: now, device: device, slot: slot, x: x, y: y, major: nil))
        }
        frame()
    }
    func move(_ p: CGPoint, slot: Int = 0) { move([slot: p]) }

    func up(_ slots: [Int]) {
        for slot in slots { app.input.handle(.touchUp(time: now, device: device, slot: slot)) }
        frame()
    }
    func up(slot: Int = 0) { up([slot]) }

    func cancel(slot: Int = 0) {
        app.input.handle(.touchCancel(time: now, device: device, slot: slot))
        frame()
    }

    func frame() { app.input.handle(.touchFrame(time: now, device: device)) }

    /// Lets `seconds` pass and runs what became due (recognizer timers).
    func wait(_ seconds: Double) {
        clock.advance(by: seconds)
        app.runLoop.runOnce(maximumWait: 0)
    }

    /// A tap at `p`: down, a short wait, up.
    func tap(_ p: CGPoint, slot: Int = 0) {
        down(p, slot: slot)
        wait(0.05)
        up(slot: slot)
    }

    /// A drag from `a` to `b` in `steps` moves, `interval` seconds apart.
    func drag(from a: CGPoint, to b: CGPoint, steps: Int = 10, interval: Double = 0.016, lift: Bool = true, slot: Int = 0) {
        down(a, slot: slot)
        for i in 1...steps {
            wait(interval)
            let t = CGFloat(i) / CGFloat(steps)
            move(CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t), slot: slot)
        }
        if lift { up(slot: slot) }
    }
}

/// A view that logs its touch messages (and, optionally, passes them on).
@MainActor
final class TouchLogView: UIView {
    let name: String
    let log: EventLog
    var forward = false

    init(_ name: String, log: EventLog, frame: CGRect) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }
    required init?(coder: NSCoder) { fatalError("not used") }

    private func record(_ what: String, _ touches: Set<UITouch>) { log.add("\(name).\(what)(\(touches.count))") }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("began", touches); if forward { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("moved", touches); if forward { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("ended", touches); if forward { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        record("cancelled", touches); if forward { super.touchesCancelled(touches, with: event) }
    }
}

/// A window filling the main screen, shown, and kept alive until the next test's window (the application holds
/// windows weakly, as UIKit's does: apps keep their windows).
@MainActor
func shownWindow() -> UIWindow {
    let w = UIWindow(frame: UIScreen.main.bounds)
    w.makeKeyAndVisible()
    keptWindow = w
    return w
}
@MainActor var keptWindow: UIWindow?
