import Foundation
@_spi(VitrineInternals) import QuartzCore
import VitrinePlatform

// Memory warnings, as on iOS: when the kernel reports tasks stalling for memory (PSI, see MemoryPressureMonitor)
// the app delegate hears `applicationDidReceiveMemoryWarning(_:)`, every view controller in the windows
// `didReceiveMemoryWarning()`, and the notification is posted; then Vitrine lets go of its own caches (hidden
// windows' backing stores, pooled ones, `UIImage(named:)`'s cache) and gives the heap's free pages back to the
// kernel.

extension UIApplication {
    /// Posted when the app is short of memory, after the delegate and the view controllers were told.
    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")

    /// The least time between two warnings: a trigger that keeps firing (memory stays short) warns again only then.
    static let memoryWarningInterval = 10.0

    /// Sends a memory warning to the app (the pressure monitor calls it; at most one per `memoryWarningInterval`).
    func receiveMemoryWarning() {
        let now = runLoop.clock.now
        if let last = lastMemoryWarning, now - last < Self.memoryWarningInterval { return }
        lastMemoryWarning = now
        UIApplication.memoryLog.notice("memory warning (the kernel reports tasks stalling for memory)")
        delegate?.applicationDidReceiveMemoryWarning(self)
        for controller in viewControllersInWindows() { controller.didReceiveMemoryWarning() }
        NotificationCenter.default.post(name: Self.didReceiveMemoryWarningNotification, object: self)
        // Hidden windows (the keyboard's, when it is down) draw again when shown.
        for window in windows where window.isHidden { window.layer.discardBackingStores() }
        BackingStorePool.removeAll()
        NamedImages.cache.removeAll()
        ProcessFigures.releaseFreeHeap()
    }

    /// Every view controller reachable from the windows: roots, their children (a navigation stack's hidden ones
    /// included) and what they present, each once.
    func viewControllersInWindows() -> [UIViewController] {
        var found: [UIViewController] = []
        var seen = Set<ObjectIdentifier>()
        func visit(_ controller: UIViewController) {
            guard seen.insert(ObjectIdentifier(controller)).inserted else { return }
            found.append(controller)
            controller.children.forEach(visit)
            if let presented = controller.storedPresentedViewController { visit(presented) }
        }
        for window in windows { if let root = window.rootViewController { visit(root) } }
        return found
    }

    /// Starts watching memory pressure (`UIApplicationMain` calls it). `VITRINE_MEMORY_PRESSURE` sets the trigger
    /// ("some|full STALL_US WINDOW_US", default `MemoryPressureMonitor.defaultTrigger`) or turns warnings `off`.
    func startMemoryWarnings() {
        let setting = VitrineSettings.current.memoryPressure
        guard setting != "off" else { return }
        do {
            let monitor = try MemoryPressureMonitor(trigger: setting ?? MemoryPressureMonitor.defaultTrigger) {
                UIApplication.shared.receiveMemoryWarning()
            }
            memoryPressureMonitor = monitor
            UIApplication.memoryLog.info("memory warnings: watching \(monitor.path)")
        } catch {
            UIApplication.memoryLog.info("no memory warnings: \(error)")
        }
    }

    static let memoryLog = VitrineLog.logger("vitrine.memory")
}
