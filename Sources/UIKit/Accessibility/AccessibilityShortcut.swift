import CoreGraphics
import Foundation
import VitrinePlatform

/// The panel's accessibility shortcut: three fingers held still on the screen for three seconds turn the screen reader
/// on, and off again (a kiosk has no side button to triple-click, and no settings screen a blind visitor could find).
/// Watched on every device frame before the app or the reader gets it; when it fires, the app's touches are cancelled.
@MainActor
final class AccessibilityShortcut {
    static let fingers = 3
    static let holdSeconds: TimeInterval = 3
    /// How far a finger may drift (points) and still be held still.
    static let slop: CGFloat = 25

    private unowned let application: UIApplication
    private var down: [TouchKey: (start: CGPoint, current: CGPoint)] = [:]
    private var timer: EventLoopTimer?
    /// Fired for the fingers now down: nothing more until they all lift.
    private var fired = false

    init(application: UIApplication) { self.application = application }

    /// Notes a frame's contacts (screen points).
    func observe(_ contacts: [TouchDelivery.Contact], time: TimeInterval) {
        for contact in contacts {
            switch contact.phase {
            case .began: down[contact.key] = (contact.location, contact.location)
            case .moved: down[contact.key]?.current = contact.location
            case .ended, .cancelled: down[contact.key] = nil
            default: break
            }
        }
        if down.isEmpty { fired = false }
        let still = down.values.allSatisfy { hypot($0.current.x - $0.start.x, $0.current.y - $0.start.y) <= Self.slop }
        if down.count == Self.fingers, still, !fired {
            // Held from now on: checked when the time is up (still fingers send no events to look at then).
            if timer == nil || timer?.isValid == false {
                timer = application.runLoop.schedule(after: Self.holdSeconds) { [weak self] _ in self?.check() }
            }
        } else {
            timer?.invalidate()
            timer = nil
        }
    }

    private func check() {
        timer = nil
        guard down.count == Self.fingers, !fired else { return }
        fired = true
        let now = application.runLoop.clock.now
        if let reader = application.screenReader, reader.isRunning {
            application.stopScreenReader()
        } else {
            // What the fingers began in the app is cancelled, as when a system gesture takes over.
            application.touchDelivery.cancelTouches(device: nil, time: now)
            application.startScreenReader()
        }
    }
}
