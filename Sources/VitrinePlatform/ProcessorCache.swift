import Foundation

/// The processor's caches as Linux describes them, for code that sizes its working sets to fit in them.
public enum ProcessorCache {
    /// The size in bytes of CPU 0's last-level cache (the highest level sysfs lists); 1 MiB when the kernel does not
    /// say (about an embedded SoC's shared L2).
    public static let lastLevelBytes: Int = lastLevelBytes(in: "/sys/devices/system/cpu/cpu0/cache") ?? (1 << 20)

    /// The size of the highest-level cache described under `directory` (sysfs's `index*/level` and `index*/size`).
    static func lastLevelBytes(in directory: String) -> Int? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var best: (level: Int, bytes: Int)?
        for entry in entries where entry.hasPrefix("index") {
            let path = directory + "/" + entry
            guard let levelText = try? String(contentsOfFile: path + "/level", encoding: .utf8),
                  let level = Int(levelText.trimmingCharacters(in: .whitespacesAndNewlines)),
                  let sizeText = try? String(contentsOfFile: path + "/size", encoding: .utf8),
                  let bytes = parseSize(sizeText) else { continue }
            if best == nil || level > best!.level || (level == best!.level && bytes > best!.bytes) { best = (level, bytes) }
        }
        return best?.bytes
    }

    /// A sysfs cache size ("32K", "1024K", "32768K", "2M", or plain bytes) in bytes; nil when not one.
    static func parseSize(_ text: String) -> Int? {
        var digits = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var unit = 1
        switch digits.last {
        case "K", "k": unit = 1 << 10
        case "M", "m": unit = 1 << 20
        case "G", "g": unit = 1 << 30
        default: break
        }
        if unit != 1 { digits.removeLast() }
        guard let n = Int(digits), n > 0 else { return nil }
        return n * unit
    }
}
