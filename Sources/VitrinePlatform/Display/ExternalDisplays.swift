import Foundation
import Logging

/// External displays beside the panel: every connected connector that no output shows gets an output of its own,
/// found at the start and again whenever the kernel reports a DRM change (a card added or removed, a connector's
/// status changed), without restarting. Outputs on the panel's own card share its descriptor (one DRM master per
/// card) and take the CRTCs it leaves free. UIKit makes a screen of each (`UIScreen.screens`).
@MainActor
public final class ExternalDisplays {
    /// The outputs shown beside the main one, in the order they came.
    public var outputs: [any DisplayOutput] { kmsOutputs }
    private var kmsOutputs: [KMSOutput] = []
    private let main: KMSOutput
    private let loop: EventLoop
    private let session: SeatSession?
    private let log: Logger
    private var monitor: DisplayHotplugMonitor?
    private var rescanPending = false
    private let connected: @MainActor (any DisplayOutput, Double) -> Void
    private let disconnected: @MainActor (any DisplayOutput, String) -> Void

    /// Looks after the displays beside `main`: `connected` gets each new output and the scale its physical size
    /// suggests; `disconnected` an output that went (already restored), with the reason.
    public init(main: KMSOutput, loop: EventLoop, session: SeatSession?, logger: Logger,
                connected: @escaping @MainActor (any DisplayOutput, Double) -> Void,
                disconnected: @escaping @MainActor (any DisplayOutput, String) -> Void) {
        self.main = main
        self.loop = loop
        self.session = session
        log = logger
        self.connected = connected
        self.disconnected = disconnected
        rescan()
        do {
            monitor = try DisplayHotplugMonitor(loop: loop) { [weak self] in self?.scheduleRescan() }
        } catch {
            log.notice("display hotplug is not watched: \(error)")
        }
    }

    /// Coalesces a burst of uevents (a card brings several) into one rescan.
    private func scheduleRescan() {
        guard !rescanPending else { return }
        rescanPending = true
        loop.schedule(after: 0.2) { [weak self] _ in
            self?.rescanPending = false
            self?.rescan()
        }
    }

    private var all: [KMSOutput] { [main] + kmsOutputs }

    /// Compares what is connected with the outputs there are: outputs for new connectors, disconnection for
    /// vanished ones.
    public func rescan() {
        let paths = Set(DRMCard.cardPaths())
        // What is connected, per card we can read (our own descriptor where we have one).
        var present: [String: [ConnectorInfo]] = [:]
        for path in paths {
            if let held = all.first(where: { $0.card.path == path })?.card {
                present[path] = ((try? held.connectors()) ?? []).filter(\.isConnected)
            } else if let card = try? DRMCard(path: path) {
                present[path] = ((try? card.connectors()) ?? []).filter(\.isConnected)
            }
        }
        // Gone: a card removed, or a connector no longer connected.
        for output in kmsOutputs {
            let still = present[output.card.path]?.contains { $0.name == output.connector.name } ?? false
            if !still { disconnect(output, reason: "\(output.connector.name) on \(output.card.path) is gone") }
        }
        // New: every connected connector that no output shows.
        for path in present.keys.sorted() {
            for connector in present[path] ?? [] {
                guard !all.contains(where: { $0.card.path == path && $0.connector.name == connector.name }) else { continue }
                let sameCard = all.filter { $0.card.path == path }
                do {
                    let output = try KMSOutput(configuration: KMSConfiguration(devicePath: path, connectorName: connector.name),
                                               loop: loop, session: session, sharedCard: sameCard.first?.card,
                                               usedCRTCs: Set(sameCard.map(\.crtc)), logger: log)
                    output.onLost = { [weak self, weak output] reason in
                        if let self, let output { self.disconnect(output, reason: reason) }
                    }
                    kmsOutputs.append(output)
                    log.info("screen connected: \(connector.name) on \(path), \(output.mode)")
                    connected(output, output.physicalSizeScale)
                } catch {
                    log.notice("\(connector.name) on \(path) is connected but cannot be shown: \(error)")
                }
            }
        }
    }

    private func disconnect(_ output: KMSOutput, reason: String) {
        guard let i = kmsOutputs.firstIndex(where: { $0 === output }) else { return }
        kmsOutputs.remove(at: i)
        output.restore()
        log.info("screen disconnected: \(reason)")
        disconnected(output, reason)
    }
}
