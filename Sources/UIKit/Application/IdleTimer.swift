import Foundation
import VitrinePlatform

extension UIApplication {
    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    var baseIsIdleTimerDisabled: Bool {
        get { idleTimer.isDisabled }
        set {
            idleTimer.isDisabled = newValue
            if newValue { idleTimer.wakeScreens() }
            idleTimer.rearm()
        }
    }

    /// Seconds without input before the screens blank (`nil`: never). Set at launch from the board or
    /// `VITRINE_IDLE_SECONDS`.
    public var idleTimeout: TimeInterval? {
        get { idleTimer.timeout }
        set {
            idleTimer.timeout = newValue.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            idleTimer.rearm()
        }
    }
}

/// Blanks the screens after a stretch without input and wakes them on the next one, swallowing the waking
/// touch (or click, or key) until it is let go.
@MainActor
final class IdleTimer {
    private unowned let application: UIApplication
    var isDisabled = false
    var timeout: TimeInterval?
    /// How to blank (the board's `power.blank`); `nil`: the backlight if there is one, else DPMS.
    var blankMethod: BoardDescription.BlankMethod?
    private var lastActivity: Double
    private var timer: EventLoopTimer?
    /// While the waking input is held: the touches, buttons and keys still down (all swallowed).
    private var swallowing = false
    private var held: Set<Int> = []

    init(application: UIApplication) {
        self.application = application
        lastActivity = application.runLoop.clock.now
    }

    /// Starts (or stops) waiting for the idle time to pass since the last input.
    func rearm() {
        timer?.invalidate()
        timer = nil
        guard let timeout, !isDisabled, !application.screensAreBlank else { return }
        let remaining = lastActivity + timeout - application.runLoop.clock.now
        timer = application.runLoop.schedule(after: max(0, remaining)) { [weak self] _ in self?.fire() }
    }

    private func fire() {
        timer = nil
        guard let timeout, !isDisabled else { return }
        // Input since the timer was set moved the deadline: wait for the rest (cheaper than rearming per event).
        guard application.runLoop.clock.now - lastActivity >= timeout - 0.001 else { return rearm() }
        for screen in application.blankableScreens { screen.blank(method: blankMethod) }
    }

    /// Wakes blank screens (the frame at the end of this turn repaints them).
    func wakeScreens() {
        for screen in application.blankableScreens where screen.isBlanked { screen.wake() }
    }

    private static func starts(_ event: InputEvent) -> Bool {
        switch event {
        case .touchDown, .pointerMotion, .pointerAbsolute: return true
        case let .pointerButton(_, _, _, pressed), let .key(_, _, _, pressed): return pressed
        default: return false
        }
    }

    /// Notes input: returns true when `event` must not be delivered (it woke the screens, or belongs to the
    /// touch, click or key press that did).
    func filter(_ event: InputEvent) -> Bool {
        switch event {
        case .deviceAdded, .deviceRemoved: return false
        default: break
        }
        lastActivity = application.runLoop.clock.now
        if !swallowing {
            // Only the start of something wakes: the end of a touch begun before the screen blanked is delivered.
            guard application.screensAreBlank, Self.starts(event) else { return false }
            swallowing = true
            held.removeAll()
            wakeScreens()
            rearm()
        }
        switch event {
        case let .touchDown(_, device, slot, _, _, _): held.insert(device &* 1024 &+ slot)
        case let .touchUp(_, device, slot), let .touchCancel(_, device, slot): held.remove(device &* 1024 &+ slot)
        case let .pointerButton(_, device, button, pressed):
            let key = -(device &* 1024 &+ Int(button))
            if pressed { held.insert(key) } else { held.remove(key) }
        case let .key(_, device, code, pressed):
            let key = Int.min / 2 + device &* 1024 &+ Int(code)
            if pressed { held.insert(key) } else { held.remove(key) }
        default: break
        }
        // A touch frame, button or key release that leaves nothing held ends the waking gesture (swallowed too).
        switch event {
        case .touchMotion, .touchDown: break
        default: if held.isEmpty { swallowing = false }
        }
        return true
    }
}

extension UIApplication {
    /// Screens the idle timer blanks: the main screen and the connected screens with windows.
    var blankableScreens: [UIScreen] {
        var screens = [UIScreen.main]
        for w in windows where w.screen.isConnected && !screens.contains(where: { $0 === w.screen }) { screens.append(w.screen) }
        return screens
    }

    /// Whether the idle timer's screens are blank. The idle timer blanks and wakes them together, the main screen
    /// among them, so the main screen answers for all (input asks on every event: no window list to sort).
    var screensAreBlank: Bool { UIScreen.main.isBlanked }
}

extension UIApplication {
    /// At launch: the main screen's backlight (the board's on a panel; `VITRINE_BACKLIGHT` anywhere), the idle time
    /// (`VITRINE_IDLE_SECONDS`, else the board's; 0: never) and how to blank.
    func configurePower(board: BoardDescription?, onPanel: Bool) {
        let settings = VitrineSettings.current
        let screen = UIScreen.main
        do {
            if let name = settings.backlight {
                screen.backlight = try Backlight.find(name)
            } else if onPanel {
                screen.backlight = try Backlight.find(board?.backlight)
            }
        } catch {
            UIScreen.log.error("backlight: \(error); brightness will have no effect")
        }
        // A panel left dark (an app killed while its screen was blank) starts lit.
        if let backlight = screen.backlight, (try? backlight.rawLevel()) == 0 {
            UIScreen.log.notice("the backlight was off at launch: switching it on")
            screen.brightness = 1
        }
        idleTimer.blankMethod = board?.blankMethod
        if let text = settings.idleSeconds {
            guard let seconds = Double(text), seconds >= 0 else {
                UIScreen.log.error("VITRINE_IDLE_SECONDS must be a number of seconds (0: never), got '\(text)'; using the board's")
                idleTimeout = board?.idleSeconds
                return
            }
            idleTimeout = seconds
        } else {
            idleTimeout = board?.idleSeconds
        }
    }
}
