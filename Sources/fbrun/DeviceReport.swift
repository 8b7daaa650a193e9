import VitrinePlatform

/// What `fbrun --list` prints: what a person bringing up a board needs first.
enum DeviceReport {
    static func text() -> String {
        let paths = DRMCard.cardPaths()
        guard !paths.isEmpty else { return "no DRM devices (/dev/dri has no card): is the display driver loaded?\n" }
        var out = ""
        for path in paths {
            guard let card = try? DRMCard(path: path) else {
                out += "\(path): cannot be opened (permission? the user needs the 'video' group, a seat, or root)\n"
                continue
            }
            out += "\(path): driver \(card.driverName), dumb buffers: \(card.supportsDumbBuffers ? "yes" : "no")\n"
            for c in (try? card.connectors()) ?? [] {
                let size = c.widthMillimetres > 0 ? "\(c.widthMillimetres)x\(c.heightMillimetres) mm" : "size unknown"
                out += "  connector \(c.name) (id \(c.id)): \(c.isConnected ? "connected" : "disconnected"), \(size)\n"
                for m in c.modes { out += "    mode \(m)\n" }
            }
            for p in card.planes() {
                let formats = p.formats.map(fourcc).joined(separator: " ")
                out += "  plane \(p.id) \(p.kind): \(formats)\n"
            }
        }
        return out
    }

    static func fourcc(_ code: UInt32) -> String {
        String(decoding: (0..<4).map { UInt8((code >> ($0 * 8)) & 0xFF) }, as: UTF8.self)
    }
}
