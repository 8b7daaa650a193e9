import Foundation
import Glibc

/// A panel's backlight, through the kernel's sysfs interface (`/sys/class/backlight/<device>/brightness`, a
/// whole number from 0 to `max_brightness`).
///
/// Writing needs root, or a udev rule giving the app's group write access (`Board/99-vitrine-backlight.rules`).
public final class Backlight {
    /// The device's sysfs directory.
    public let directory: String
    /// The largest raw value (`max_brightness`).
    public let maximum: Int

    /// What went wrong with a backlight: the file and why.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Opens the backlight whose sysfs directory is `directory` (reads `max_brightness`).
    public init(directory: String) throws {
        self.directory = directory
        let path = directory + "/max_brightness"
        let text = try Self.read(path)
        guard let maximum = Int(text), maximum > 0 else { throw Failure(path: path, reason: "not a positive whole number: '\(text)'") }
        self.maximum = maximum
    }

    /// The board's backlight: `name` is a device under `<sysfs>/class/backlight` or a directory path; without a
    /// name, the first device there (sorted by name). `nil` when there is none. `sysfs` is `/sys` unless
    /// `VITRINE_SYSFS` says otherwise (tests use a fake tree).
    public static func find(_ name: String?, sysfs: String? = nil) throws -> Backlight? {
        let root = sysfs ?? VitrineSettings.current.sysfs
        let classDir = root + "/class/backlight"
        if let name {
            return try Backlight(directory: name.contains("/") ? name : "\(classDir)/\(name)")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: classDir), let first = names.sorted().first else {
            return nil
        }
        return try Backlight(directory: "\(classDir)/\(first)")
    }

    /// The raw level now (`brightness`: what was last asked for; `actual_brightness` can lag behind it).
    public func rawLevel() throws -> Int {
        let path = directory + "/brightness"
        let text = try Self.read(path)
        guard let value = Int(text) else { throw Failure(path: path, reason: "not a whole number: '\(text)'") }
        return min(max(value, 0), maximum)
    }

    /// Sets the raw level (clamped to 0...maximum).
    public func setRawLevel(_ level: Int) throws {
        let path = directory + "/brightness"
        let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) // O_TRUNC as a shell redirection does (sysfs ignores it)
        guard fd >= 0 else {
            let e = errno
            throw Failure(path: path, reason: String(cString: strerror(e))
                + (e == EACCES ? " (run as root, or install Board/99-vitrine-backlight.rules to let the video group write it)" : ""))
        }
        defer { close(fd) }
        let bytes = Array("\(min(max(level, 0), maximum))\n".utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// The level as a fraction (0...1).
    public func level() throws -> Double { Double(try rawLevel()) / Double(maximum) }

    /// Sets the level as a fraction, clamped to 0...1. Any level above 0 keeps at least one raw step lit (at raw 0
    /// many panels switch the backlight off).
    public func setLevel(_ fraction: Double) throws {
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        var raw = Int((clamped * Double(maximum)).rounded())
        if clamped > 0 { raw = max(raw, 1) }
        try setRawLevel(raw)
    }

    private static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw Failure(path: path, reason: "cannot be read")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
