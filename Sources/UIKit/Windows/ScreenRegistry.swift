import CoreGraphics
import Foundation
import Logging
import VitrinePlatform

extension UIScreen {
    /// Every connected screen: the main screen first, then external displays (seeds: "Displaying Content on an
    /// External Display").
    public static var screens: [UIScreen] { [main] + ScreenRegistry.externals }

    /// Posted (object: the screen) when a display is connected and its screen is ready for windows.
    nonisolated public static let didConnectNotification = Notification.Name("UIScreenDidConnectNotification")
    /// Posted (object: the screen) when a display is disconnected; its windows are no longer shown.
    nonisolated public static let didDisconnectNotification = Notification.Name("UIScreenDidDisconnectNotification")
}

/// External displays: every connected connector beside the panel becomes a `UIScreen`, found at launch and again
/// whenever the kernel reports a DRM change (a card added or removed, a connector's status changed), without
/// restarting. Screens on the panel's own card share its descriptor and take the CRTCs it leaves free.
@MainActor
enum ScreenRegistry {
    static var externals: [UIScreen] = []
    private static var mainOutput: KMSOutput?
    private static var loop: EventLoop?
    private static var session: SeatSession?
    private static var log = VitrineLog.logger("vitrine.kms")
    private static var monitor: DisplayHotplugMonitor?
    private static var rescanPending = false

    /// Starts looking after external displays for an app whose main screen is `main`.
    static func start(main: KMSOutput, loop: EventLoop, session: SeatSession?, log: Logger) {
        mainOutput = main
        self.loop = loop
        self.session = session
        self.log = log
        rescan()
        do {
            monitor = try DisplayHotplugMonitor(loop: loop) { scheduleRescan() }
        } catch {
            log.notice("display hotplug is not watched: \(error)")
        }
    }

    /// Coalesces a burst of uevents (a card brings several) into one rescan.
    private static func scheduleRescan() {
        guard !rescanPending, let loop else { return }
        rescanPending = true
        loop.schedule(after: 0.2) { _ in
            rescanPending = false
            rescan()
        }
    }

    private static func outputs() -> [KMSOutput] {
        ([mainOutput] + externals.map { $0.output as? KMSOutput }).compactMap { $0 }
    }

    /// Compares what is connected with the screens there are: screens for new connectors, disconnection for
    /// vanished ones.
    static func rescan() {
        guard let loop, mainOutput != nil else { return }
        let paths = Set(DRMCard.cardPaths())
        // What is connected, per card we can read (our own descriptor where we have one).
        var connected: [String: [ConnectorInfo]] = [:]
        for path in paths {
            if let held = outputs().first(where: { $0.card.path == path })?.card {
                connected[path] = ((try? held.connectors()) ?? []).filter(\.isConnected)
            } else if let card = try? DRMCard(path: path) {
                connected[path] = ((try? card.connectors()) ?? []).filter(\.isConnected)
            }
        }
        // Gone: a card removed, or a connector no longer connected.
        for screen in externals {
            guard let output = screen.output as? KMSOutput else { continue }
            let still = connected[output.card.path]?.contains { $0.name == output.connector.name } ?? false
            if !still { disconnect(screen, reason: "\(output.connector.name) on \(output.card.path) is gone") }
        }
        // New: every connected connector that no screen shows.
        for path in connected.keys.sorted() {
            for connector in connected[path] ?? [] {
                let shown = outputs().contains { $0.card.path == path && $0.connector.name == connector.name }
                guard !shown else { continue }
                let sameCard = outputs().filter { $0.card.path == path }
                do {
                    let output = try KMSOutput(configuration: KMSConfiguration(devicePath: path, connectorName: connector.name),
                                               loop: loop, session: session, sharedCard: sameCard.first?.card,
                                               usedCRTCs: Set(sameCard.map(\.crtc)), logger: log)
                    let screen = UIScreen(output: output, scale: CGFloat(output.physicalSizeScale))
                    output.onLost = { reason in disconnect(screen, reason: reason) }
                    externals.append(screen)
                    log.info("screen connected: \(connector.name) on \(path), \(output.mode)")
                    NotificationCenter.default.post(name: UIScreen.didConnectNotification, object: screen)
                } catch {
                    log.notice("\(connector.name) on \(path) is connected but cannot be shown: \(error)")
                }
            }
        }
    }

    private static func disconnect(_ screen: UIScreen, reason: String) {
        guard let i = externals.firstIndex(where: { $0 === screen }) else { return }
        externals.remove(at: i)
        screen.isConnected = false
        (screen.output as? KMSOutput)?.restore()
        log.info("screen disconnected: \(reason)")
        NotificationCenter.default.post(name: UIScreen.didDisconnectNotification, object: screen)
    }
}
