import CDRM
import Foundation

// Which display a KMSOutput shows on: the configured card (or every card in turn), the first connected connector
// (or the named one) on a card with dumb buffers, and the mode the configuration asks for (or the preferred one).
extension KMSOutput {
    /// The card, connector and mode `configuration` describes; the error names every card and connector tried.
    /// Cards are opened through `session` when there is one; `sharedCard` is used for its own path instead of
    /// opening it again.
    static func chooseDisplay(_ configuration: KMSConfiguration, session: SeatSession?,
                              sharedCard: DRMCard?) throws -> (DRMCard, ConnectorInfo, DisplayMode) {
        let candidates = configuration.devicePath.map { [$0] } ?? DRMCard.cardPaths()
        guard !candidates.isEmpty else {
            throw DisplayError("no DRM device: /dev/dri has no card (is the DRM driver loaded?)")
        }
        var tried: [String] = []
        var chosen: (DRMCard, ConnectorInfo, DisplayMode)?
        // A card we opened through the seat and cannot use goes back to it (a shared one stays open).
        func giveBack(_ card: DRMCard) { if card !== sharedCard { session?.closeDevice(card.fd) } }
        for path in candidates {
            do {
                let card = try sharedCard.flatMap { $0.path == path ? $0 : nil }
                    ?? session.map { DRMCard(path: path, openedDescriptor: try $0.openDevice(path)) } ?? DRMCard(path: path)
                guard card.supportsDumbBuffers else {
                    tried.append("\(path) (\(card.driverName)): no dumb buffers")
                    giveBack(card)
                    continue
                }
                let connectors = try card.connectors()
                let wanted = connectors.filter { c in c.isConnected && (configuration.connectorName.map { $0 == c.name } ?? true) }
                guard let c = wanted.first else {
                    giveBack(card)
                    let names = connectors.map { "\($0.name)\($0.isConnected ? "" : " (disconnected)")" }.joined(separator: ", ")
                    tried.append("\(path) (\(card.driverName)): no connected connector\(configuration.connectorName.map { " named \($0)" } ?? "") among [\(names)]")
                    continue
                }
                guard let m = Self.pickMode(c.modes, configuration) else {
                    giveBack(card)
                    tried.append("\(path) \(c.name): no mode matches \(configuration.modeWidth ?? 0)x\(configuration.modeHeight ?? 0); has \(c.modes.map(\.description).joined(separator: ", "))")
                    continue
                }
                chosen = (card, c, m)
                break
            } catch {
                tried.append("\(error)")
            }
        }
        guard let chosen else {
            throw DisplayError("no usable display; tried: " + tried.joined(separator: "; "))
        }
        return chosen
    }

    /// The mode of `modes` the configuration asks for: its size (and the refresh nearest its refresh), else the
    /// preferred mode, else the first.
    static func pickMode(_ modes: [DisplayMode], _ c: KMSConfiguration) -> DisplayMode? {
        guard let w = c.modeWidth, let h = c.modeHeight else { return modes.first(where: \.isPreferred) ?? modes.first }
        let sized = modes.filter { $0.width == w && $0.height == h }
        guard let refresh = c.modeRefresh else { return sized.first(where: \.isPreferred) ?? sized.first }
        return sized.min { abs($0.refresh - refresh) < abs($1.refresh - refresh) }
    }
}
