import CoreGraphics
import Foundation
import Logging
import VitrinePlatform

/// The screen's backlight and blanking: `brightness` as UIKit names it, and what the idle timer does.
extension UIScreen {
    /// Posted when `brightness` changes.
    nonisolated public static let brightnessDidChangeNotification = Notification.Name("UIScreenBrightnessDidChangeNotification")

    /// The behaviour of the overridable member of the same name (declared in UIScreen.swift).
    var baseBrightness: CGFloat {
        get {
            if let backlight = power.backlight, !power.blankedByBacklight, let level = try? backlight.level() { return CGFloat(level) }
            return power.brightness
        }
        set {
            let clamped = newValue.isNaN ? 0 : min(max(newValue, 0), 1)
            let old = brightness
            power.brightness = clamped
            // While blanked the backlight stays dark; the level applies on waking.
            if let backlight = power.backlight, !power.blankedByBacklight {
                do { try backlight.setLevel(Double(clamped)) } catch { power.report(error) }
            }
            if clamped != old { NotificationCenter.default.post(name: Self.brightnessDidChangeNotification, object: self) }
        }
    }

    /// The backlight `brightness` drives (`nil`: none). The panel's screen gets the board's (`power.backlight`) or
    /// the first in `/sys/class/backlight`; a headless screen gets one only when `VITRINE_BACKLIGHT` names it.
    public var backlight: Backlight? {
        get { power.backlight }
        set {
            power.backlight = newValue
            if let level = try? newValue?.level() { power.brightness = CGFloat(level) }
        }
    }

    /// Whether the idle timer has blanked the screen (its backlight off or its display powered down).
    public var isBlanked: Bool { power.blanked }

    /// Blanks the screen: the backlight to 0 when the board says so or the screen has one, else the display
    /// powered down (DPMS). Frames wait until `wake()`.
    func blank(method: BoardDescription.BlankMethod?) {
        guard !power.blanked else { return }
        power.blanked = true
        let useBacklight = method == .backlight || (method == nil && power.backlight != nil)
        if useBacklight, let backlight = power.backlight {
            // The level to come back to (it may have been changed outside the app).
            if let level = try? backlight.level(), level > 0 { power.brightness = CGFloat(level) }
            do {
                try backlight.setRawLevel(0)
                power.blankedByBacklight = true
            } catch {
                power.report(error)
            }
        }
        if !power.blankedByBacklight, let output = output as? any PowerControlledOutput {
            output.setDisplayPower(false)
        }
        UIScreen.log.info("screen blanked (idle)")
    }

    /// Lights the screen again and repaints it whole.
    func wake() {
        guard power.blanked else { return }
        power.blanked = false
        if power.blankedByBacklight, let backlight = power.backlight {
            power.blankedByBacklight = false
            do { try backlight.setLevel(Double(power.brightness)) } catch { power.report(error) }
        }
        if let output = output as? any PowerControlledOutput, output.isPoweredDown { output.setDisplayPower(true) }
        compositor.setNeedsFullFrame()
        UIScreen.log.info("screen woken")
    }

    static let log = VitrineLog.logger("vitrine.power")
}

/// A screen's power state (kept in one object so `UIScreen`'s stored properties stay few).
@MainActor
final class ScreenPower {
    var backlight: Backlight?
    /// The level apps set (and the level to return to after blanking).
    var brightness: CGFloat = 1
    var blanked = false
    var blankedByBacklight = false
    private var reported = false

    /// Logs a backlight failure once (a panel without write access would otherwise log on every change).
    func report(_ error: Error) {
        guard !reported else { return }
        reported = true
        UIScreen.log.error("backlight: \(error)")
    }
}
