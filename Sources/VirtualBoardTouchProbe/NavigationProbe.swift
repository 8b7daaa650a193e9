import Foundation
import UIKit

// `--navigation DIR`: a UINavigationController on "Home" (a blue page), whose centred button "Open settings" pushes
// "Settings" (an orange page) whose button, in the same place, presents an alert "Saved" with one action, OK. It
// prints "nav-ready" once shown, "shown N TITLE" each time the navigation controller has shown a controller (N
// counts them), "alert-shown" when the alert is up and "alert OK" when its action ran (after it has gone). Into DIR
// it writes the uinput recordings the test replays, in fractions of the screen: open.txt (a tap on the button),
// back.txt (a drag from the leading edge across most of the screen: the interactive pop), and, once the alert is
// up, ok.txt (a tap on its OK button, found among the alert's views).

/// One page: a background colour and a button in the middle.
final class NavigationPage: UIViewController {
    let colour: UIColor
    let buttonTitle: String
    let onTap: (NavigationPage) -> Void
    init(title: String, colour: UIColor, button: String, onTap: @escaping (NavigationPage) -> Void) {
        self.colour = colour
        buttonTitle = button
        self.onTap = onTap
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = colour
        let button = UIButton(type: .system)
        button.setTitle(buttonTitle, for: .normal)
        button.backgroundColor = .white
        button.layer.cornerRadius = 12
        button.titleLabel?.font = .systemFont(ofSize: 22, weight: .semibold)
        button.frame = NavigationProbe.buttonFrame(in: view.bounds)
        button.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        button.addAction(UIAction { [unowned self] _ in onTap(self) }, for: .touchUpInside)
        view.addSubview(button)
    }
}

@MainActor
final class NavigationProbe: NSObject, UINavigationControllerDelegate {
    let directory: String
    private var shown = 0
    let navigation: UINavigationController

    static func buttonFrame(in bounds: CGRect) -> CGRect {
        CGRect(x: bounds.midX - 150, y: bounds.midY - 40, width: 300, height: 80)
    }

    init(directory: String) {
        self.directory = directory
        let settings = NavigationPage(title: "Settings", colour: .systemOrange, button: "Show alert") { page in
            let alert = UIAlertController(title: "Saved", message: "The settings are kept.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in say("alert OK") })
            page.present(alert, animated: true) {
                say("alert-shown")
                NavigationProbe.writeOKRecording(alert, to: directory + "/ok.txt")
            }
        }
        let home = NavigationPage(title: "Home", colour: .systemBlue, button: "Open settings") { page in
            page.navigationController?.pushViewController(settings, animated: true)
        }
        navigation = UINavigationController(rootViewController: home)
        super.init()
        navigation.delegate = self
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        shown += 1
        say("shown \(shown) \(viewController.title ?? "?")")
    }

    /// Writes open.txt and back.txt, then says "nav-ready".
    func start() {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let screen = UIScreen.main.bounds
        let centre = CGPoint(x: screen.midX, y: screen.midY)
        func point(_ p: CGPoint) -> String { String(format: "%.6f %.6f 0.020000", p.x / screen.width, p.y / screen.height) }
        let header = ["# vitrine-input 1", "0 added 1 touch 'Vitrine Replay Touch'"]
        let open = header + ["100000 down 1 0 \(point(centre))", "100000 frame 1", "160000 up 1 0", "160000 frame 1"]
        var back = header, t = 100_000
        back += ["\(t) down 1 0 \(point(CGPoint(x: 4, y: centre.y)))", "\(t) frame 1"]
        // Held at the edge for a moment first: an app that opens the new device late (a loaded machine) still
        // sees the touch begin at the edge, from the kernel's slot state.
        for _ in 0..<12 {
            t += 25_000
            back += ["\(t) move 1 0 \(point(CGPoint(x: 4, y: centre.y)))", "\(t) frame 1"]
        }
        for step in 1...12 {
            t += 25_000
            back += ["\(t) move 1 0 \(point(CGPoint(x: 4 + screen.width * 0.7 * CGFloat(step) / 12, y: centre.y)))", "\(t) frame 1"]
        }
        back += ["\(t + 20_000) up 1 0", "\(t + 20_000) frame 1"]
        do {
            try (open.joined(separator: "\n") + "\n").write(toFile: directory + "/open.txt", atomically: true, encoding: .utf8)
            try (back.joined(separator: "\n") + "\n").write(toFile: directory + "/back.txt", atomically: true, encoding: .utf8)
            say("nav-ready")
        } catch {
            say("nav-recordings failed \(error)")
        }
    }

    /// Writes ok.txt: a tap on the alert's OK button.
    static func writeOKRecording(_ alert: UIAlertController, to path: String) {
        var found: UIButton?
        func search(_ v: UIView) {
            if let b = v as? UIButton, b.title(for: .normal) == "OK" { found = b }
            v.subviews.forEach(search)
        }
        search(alert.view)
        guard let ok = found else { say("ok-recording no OK button"); return }
        let screen = UIScreen.main.bounds
        let c = ok.convert(CGPoint(x: ok.bounds.midX, y: ok.bounds.midY), to: nil)
        let p = String(format: "%.6f %.6f 0.020000", c.x / screen.width, c.y / screen.height)
        let lines = ["# vitrine-input 1", "0 added 1 touch 'Vitrine Replay Touch'", "100000 down 1 0 \(p)", "100000 frame 1",
                     "160000 up 1 0", "160000 frame 1"]
        try? (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
