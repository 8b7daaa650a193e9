// vboard-touch: the app the virtual-board touch tests drive with a uinput touchscreen through real libinput
// (Tools/virtual-board/run-tests.py). Landscape-independent layout, in fractions of the screen so the shipped
// recordings (Recordings/) land on its targets:
//   - a tap target centred at (0.25, 0.5): each tap cycles its colour and prints "tap N";
//   - a pinch target centred at (0.75, 0.5): pinching scales it (snapped to quarter steps when the pinch ends),
//     printing "pinch ended scale S";
//   - a 40-point square in each corner: a tap turns it red and prints "corner NAME";
//   - the background prints "touches began|ended|cancelled N" for touches that land on nothing else, and, as the
//     first responder, "key TEXT" for keys typed on a keyboard.
// `--controls` shows standard controls instead, for Recordings/switch-tap.txt, slider-drag.txt and stepper-tap.txt:
//   - a UISwitch centred at (0.25, 0.3): prints "switch on|off" on .valueChanged;
//   - a UISlider from x 0.4 to 0.8 of the width at y 0.5 (value 0; its thumb's centre at x 0.4109): prints
//     "slider V" on .valueChanged and "slider-end V" when the finger lifts;
//   - a UIStepper centred at (0.25, 0.7) (its + half centred at x 0.2684 on a 1280-point-wide screen): prints
//     "stepper V".
// `--text [--typing-recording PATH]` shows a UITextField centred at (0.5, 0.15), 44 points high and half the width,
// instead: prints "editing-began", "text T" as it changes, "returned T" (its delegate then resigns it),
// "editing-ended", "keyboard-shown Y H" and "keyboard-hidden"; when the keyboard has shown, it writes the uinput
// recording that types "HéLlo" on it to PATH (key centres from the keyboard's own views).
// `--navigation DIR`: a navigation controller, a push, an edge-swipe pop and an alert (NavigationProbe.swift).
// `--list` shows a full-screen table of 2,000 rows instead, for Recordings/list-fling.txt: row i is 44 points high,
// its colour (i mod 256, i div 256, 128) in red, green and blue at its leading 8 points (the host reads the content's
// place from screendumps); prints "list-ready", "list-dragging" when a drag starts and "list-settled Y" (the
// content offset) when the glide ends.
// It also prints "first-flip-uptime S" at its first page flip, and "input device added|removed" as devices come
// and go. `--exit-after SECONDS` ends it (the tests render expected images headless with a replayed recording).
// `--crash-key K`: typing K prints "crash-uptime S" and kills the app with SIGSEGV (the boot test's crash, sent
// from the host as a key press: the booted image has no shell to run `kill`). `--hang-key K`: typing K prints
// "hang-uptime S" and blocks the main thread for good (the systemd watchdog test).
import Foundation
import Glibc
import UIKit
import VitrinePlatform

@MainActor
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The background: reports the touches nothing else took, and (as first responder) the keys typed.
final class Backdrop: UIView {
    override var canBecomeFirstResponder: Bool { true }
    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for press in presses {
            guard let key = press.key else { continue }
            say(key.characters.isEmpty ? "key-code \(key.keyCode.rawValue)" : "key \(key.characters)")
            if let i = CommandLine.arguments.firstIndex(of: "--crash-key"), i + 1 < CommandLine.arguments.count,
               key.characters == CommandLine.arguments[i + 1] {
                let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8))?.split(separator: " ").first ?? "?"
                say("crash-uptime \(uptime)")
                kill(getpid(), SIGSEGV)
            }
            if let i = CommandLine.arguments.firstIndex(of: "--hang-key"), i + 1 < CommandLine.arguments.count,
               key.characters == CommandLine.arguments[i + 1] {
                let uptime = (try? String(contentsOfFile: "/proc/uptime", encoding: .utf8))?.split(separator: " ").first ?? "?"
                say("hang-uptime \(uptime)")
                while true { sleep(1000) }
            }
        }
    }
    override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        say("touches began \(touches.count) radius \(String(format: "%.1f", touches.first!.majorRadius))")
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { say("touches ended \(touches.count)") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { say("touches cancelled \(touches.count)") }
}

/// The fling test's rows: each marked with its index in colour at its leading edge.
final class ListRows: NSObject, UITableViewDataSource, UITableViewDelegate {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2000 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        let marker = cell.contentView.viewWithTag(7) ?? {
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 8, height: 44))
            v.tag = 7
            cell.contentView.addSubview(v)
            return v
        }()
        let i = indexPath.row
        marker.backgroundColor = UIColor(red: CGFloat(i % 256) / 255, green: CGFloat(i / 256) / 255, blue: 128 / 255.0, alpha: 1)
        return cell
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { say("list-dragging") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { say("list-settled \(Int(scrollView.contentOffset.y))") }
}

/// Resigns the field on return, and says so.
final class ReturningDelegate: NSObject, UITextFieldDelegate {
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        say("returned \(textField.text ?? "")")
        textField.resignFirstResponder()
        return true
    }
}

/// Writes the uinput recording that types on the on-screen keyboard just shown: "H" (capitalised by the keyboard
/// at the start of the text), a long press on "e" sliding to its third accent (é), shift and "L", then "l", "o"
/// and return — "HéLlo". Key centres come from the keyboard window's labels, in fractions of the screen.
@MainActor
func writeTypingRecording(to path: String) {
    guard let keyboard = UIApplication.shared.windows.last, keyboard !== UIApplication.shared.keyWindow else {
        say("typing-recording no keyboard window")
        return
    }
    let screen = UIScreen.main.bounds
    var keys: [String: CGRect] = [:]
    func collect(_ v: UIView) {
        if let label = v as? UILabel, let text = label.text, let key = label.superview {
            let f = key.convert(key.bounds, to: nil)
            keys[text.lowercased()] = f.offsetBy(dx: keyboard.frame.minX, dy: keyboard.frame.minY)
        }
        for s in v.subviews { collect(s) }
    }
    collect(keyboard)
    guard let h = keys["h"], let e = keys["e"], let shift = keys["⇧"], let l = keys["l"], let o = keys["o"], let ret = keys["return"] else {
        say("typing-recording missing keys \(keys.keys.sorted())")
        return
    }
    var lines = ["# vitrine-input 1", "# typing HéLlo on the on-screen keyboard, then return", "0 added 1 touch 'Vitrine Replay Touch'"]
    var t = 100_000
    func point(_ p: CGPoint) -> String { String(format: "%.6f %.6f 0.020000", p.x / screen.width, p.y / screen.height) }
    func tap(_ r: CGRect) {
        lines += ["\(t) down 1 0 \(point(CGPoint(x: r.midX, y: r.midY)))", "\(t) frame 1"]
        t += 60_000
        lines += ["\(t) up 1 0", "\(t) frame 1"]
        t += 250_000
    }
    tap(h)
    // The long press: down on "e", still for 0.8 s, then across to the third cell of the accents (cells as wide
    // as the key, from the key's left edge).
    lines += ["\(t) down 1 0 \(point(CGPoint(x: e.midX, y: e.midY)))", "\(t) frame 1"]
    t += 800_000
    for step in 1...4 {
        let x = e.midX + 2 * e.width * CGFloat(step) / 4
        lines += ["\(t) move 1 0 \(point(CGPoint(x: x, y: e.midY - e.height - 6)))", "\(t) frame 1"]
        t += 30_000
    }
    lines += ["\(t) up 1 0", "\(t) frame 1"]
    t += 250_000
    tap(shift)
    tap(l)
    tap(l)
    tap(o)
    t += 200_000
    tap(ret)
    do {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        say("typing-recording written")
    } catch {
        say("typing-recording failed \(error)")
    }
}

@main
final class TouchProbeDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var navigationProbe: NavigationProbe?
    var taps = 0
    let tapColours: [UIColor] = [.systemBlue, .systemGreen, .systemPurple, .systemYellow]

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let b = window.bounds
        let backdrop = Backdrop(frame: b)
        backdrop.backgroundColor = UIColor(white: 0.15, alpha: 1)
        window.addSubview(backdrop)
        if let i = CommandLine.arguments.firstIndex(of: "--navigation"), i + 1 < CommandLine.arguments.count {
            let probe = NavigationProbe(directory: CommandLine.arguments[i + 1])
            navigationProbe = probe
            window.rootViewController = probe.navigation
            window.makeKeyAndVisible()
            self.window = window
            report(application)
            probe.start()
            return true
        }
        if CommandLine.arguments.contains("--text") {
            backdrop.backgroundColor = .white
            addTextField(to: backdrop)
            window.makeKeyAndVisible()
            self.window = window
            report(application)
            return true
        }
        if CommandLine.arguments.contains("--list") {
            addList(to: backdrop)
        } else if CommandLine.arguments.contains("--controls") {
            backdrop.backgroundColor = .white
            addControls(to: backdrop)
        } else {
            addTargets(to: backdrop)
        }
        window.makeKeyAndVisible()
        self.window = window
        backdrop.becomeFirstResponder()
        report(application)
        return true
    }

    /// The standard controls the controls test drives (see the top of the file).
    func addControls(to backdrop: UIView) {
        let b = backdrop.bounds
        let toggle = UISwitch()
        toggle.center = CGPoint(x: b.width * 0.25, y: b.height * 0.3)
        toggle.addAction(UIAction { _ in say("switch \(toggle.isOn ? "on" : "off")") }, for: .valueChanged)
        backdrop.addSubview(toggle)
        let slider = UISlider(frame: CGRect(x: b.width * 0.4, y: b.height * 0.5 - 15.5, width: b.width * 0.4, height: 31))
        slider.addAction(UIAction { _ in say(String(format: "slider %.2f", slider.value)) }, for: .valueChanged)
        slider.addAction(UIAction { _ in say(String(format: "slider-end %.2f", slider.value)) }, for: [.touchUpInside, .touchUpOutside])
        backdrop.addSubview(slider)
        let stepper = UIStepper()
        stepper.center = CGPoint(x: b.width * 0.25, y: b.height * 0.7)
        stepper.addAction(UIAction { _ in say("stepper \(Int(stepper.value))") }, for: .valueChanged)
        backdrop.addSubview(stepper)
    }

    /// The text field the typing test drives (see the top of the file).
    func addTextField(to backdrop: UIView) {
        let b = backdrop.bounds
        let field = UITextField(frame: CGRect(x: b.width * 0.25, y: b.height * 0.15 - 22, width: b.width * 0.5, height: 44))
        field.borderStyle = .roundedRect
        field.placeholder = "Name"
        field.delegate = textDelegate
        latency = TypingLatency()
        field.addAction(UIAction { [unowned self] _ in
            say("text \(field.text ?? "")")
            self.latency?.changed()
        }, for: .editingChanged)
        field.addAction(UIAction { _ in say("editing-began") }, for: .editingDidBegin)
        field.addAction(UIAction { _ in say("editing-ended") }, for: .editingDidEnd)
        backdrop.addSubview(field)
        let center = NotificationCenter.default
        observers.append(center.addObserver(forName: UIResponder.keyboardDidShowNotification, object: nil, queue: nil) { note in
            let frame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
            MainActor.assumeIsolated {
                say("keyboard-shown \(Int(frame.minY)) \(Int(frame.height))")
                if let i = CommandLine.arguments.firstIndex(of: "--typing-recording"), i + 1 < CommandLine.arguments.count {
                    writeTypingRecording(to: CommandLine.arguments[i + 1])
                }
            }
        })
        observers.append(center.addObserver(forName: UIResponder.keyboardDidHideNotification, object: nil, queue: nil) { _ in
            MainActor.assumeIsolated { say("keyboard-hidden") }
        })
    }
    let textDelegate = ReturningDelegate()
    /// Made with the text field (in didFinishLaunching, once the screen's output exists).
    var latency: TypingLatency?
    var observers: [NSObjectProtocol] = []

    /// The long list the fling test drives (see the top of the file).
    func addList(to backdrop: UIView) {
        let table = UITableView(frame: backdrop.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = 44
        table.dataSource = listRows
        table.delegate = listRows
        backdrop.addSubview(table)
        say("list-ready")
    }
    let listRows = ListRows()

    /// The tap, pinch and corner targets (see the top of the file).
    func addTargets(to backdrop: UIView) {
        let b = backdrop.bounds

        let side = min(b.width, b.height) / 4
        let tapTarget = UIView(frame: CGRect(x: b.width * 0.25 - side / 2, y: b.midY - side / 2, width: side, height: side))
        tapTarget.backgroundColor = tapColours[0]
        tapTarget.addGestureRecognizer(UITapGestureRecognizer { [unowned self] _ in
            taps += 1
            tapTarget.backgroundColor = tapColours[taps % tapColours.count]
            say("tap \(taps)")
        })
        backdrop.addSubview(tapTarget)

        let pinchTarget = UIView(frame: CGRect(x: b.width * 0.75 - side / 2, y: b.midY - side / 2, width: side, height: side))
        pinchTarget.backgroundColor = .systemOrange
        pinchTarget.addGestureRecognizer(UIPinchGestureRecognizer { recognizer in
            let pinch = recognizer as! UIPinchGestureRecognizer
            var scale = pinch.scale
            if pinch.state == .ended {
                scale = (scale * 4).rounded() / 4
                say("pinch ended scale \(scale)")
            }
            pinchTarget.transform = CGAffineTransform(scaleX: scale, y: scale)
        })
        backdrop.addSubview(pinchTarget)

        let corner: CGFloat = 40
        for (name, origin) in [("topLeft", CGPoint(x: 0, y: 0)), ("topRight", CGPoint(x: b.maxX - corner, y: 0)),
                               ("bottomLeft", CGPoint(x: 0, y: b.maxY - corner)),
                               ("bottomRight", CGPoint(x: b.maxX - corner, y: b.maxY - corner))] {
            let square = UIView(frame: CGRect(origin: origin, size: CGSize(width: corner, height: corner)))
            square.backgroundColor = .white
            square.addGestureRecognizer(UITapGestureRecognizer { _ in
                square.backgroundColor = .systemRed
                say("corner \(name)")
            })
            backdrop.addSubview(square)
        }
    }

    /// Prints the first flip's uptime and devices coming and going; `--exit-after` ends the app.
    func report(_ application: UIApplication) {
        if let output = UIScreen.main.output as? any DisplayOutput {
            output.addFlipObserver { [unowned output] in
                guard output.flipCount == 1, let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8) else { return }
                say("first-flip-uptime \(uptime.split(separator: " ")[0])")
            }
        }
        application.input.addObserver { event in
            switch event {
            case let .deviceAdded(_, info): say("input device added \(info.name)")
            case .deviceRemoved: say("input device removed")
            default: break
            }
        }
        if let i = CommandLine.arguments.firstIndex(of: "--exit-after"), i + 1 < CommandLine.arguments.count,
           let seconds = Double(CommandLine.arguments[i + 1]) {
            application.runLoop.schedule(after: seconds) { _ in UIApplication.shared.runLoop.stop() }
        }
    }
}

/// Input-to-screen latency of typing: each change of the field is timed from the kernel time of the input event
/// that made it (a finger lifting from an on-screen key, a key going down) to the completed page flip that put it
/// on screen, and printed as "latency-us N".
@MainActor
final class TypingLatency {
    private var lastInputTime: UInt64 = 0
    /// Changes waiting for their frame: the input's time and the frame number that carries it.
    private var waiting: [(time: UInt64, frame: Int)] = []

    init() {
        UIApplication.shared.input.addObserver { [unowned self] event in
            switch event {
            case .touchUp, .key: self.lastInputTime = event.time
            default: break
            }
        }
        guard let output = UIScreen.main.output as? any FrameStatisticsOutput else { return }
        output.addFlipObserver { [unowned self, unowned output] in
            let now = MonotonicClock.microsecondsNow
            while let w = self.waiting.first, output.framesOnScreen >= w.frame {
                self.waiting.removeFirst()
                say("latency-us \(now - w.time)")
            }
        }
    }

    /// The field changed during this turn: its frame is the next one the compositor presents.
    func changed() {
        guard let output = UIScreen.main.output as? any FrameStatisticsOutput, lastInputTime > 0 else { return }
        waiting.append((lastInputTime, output.framesPresented + 1))
    }
}
