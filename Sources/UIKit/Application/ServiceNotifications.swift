import Foundation
import VitrinePlatform

extension UIApplication {
    /// Under a systemd `Type=notify` unit (`NOTIFY_SOCKET` set): `READY=1` once the first frame is on screen, then
    /// `WATCHDOG=1` from the main run loop at half the unit's watchdog interval. A main thread that hangs stops
    /// the pings, and systemd kills and restarts the service.
    func startServiceNotifications() {
        guard let notifier = ServiceNotifier() else { return }
        let log = VitrineLog.logger("vitrine.service")
        var ready = false
        func sayReady() {
            guard !ready else { return }
            ready = true
            notifier.notify("READY=1\nSTATUS=showing its first frame")
            log.info("told systemd the app is ready")
        }
        // On the panel the first frame is on screen when its flip completes; elsewhere when it is presented.
        if let display = UIScreen.main.display, display.refreshRate != nil {
            display.addFlipObserver { sayReady() }
        } else {
            addFrameObserver { _ in sayReady() }
        }
        if let interval = notifier.watchdogInterval {
            runLoop.schedule(after: interval / 2, repeating: interval / 2) { _ in notifier.notify("WATCHDOG=1") }
            log.info("systemd watchdog: pinging every \(interval / 2) s")
        }
    }
}
