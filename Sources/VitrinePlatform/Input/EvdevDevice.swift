import CVitrineShims
import Foundation
import Glibc

/// What an evdev node (`/dev/input/eventN`) can do, read with the EVIOCG* ioctls: enough to classify it the
/// way udev's `input_id` builtin does, for boards with no udev daemon.
struct EvdevCapabilities {
    var name = ""
    var eventTypes: Set<Int> = []
    var keys: Set<Int> = []
    var absolutes: Set<Int> = []
    var relatives: Set<Int> = []
    var properties: Set<Int> = []

    // linux/input-event-codes.h
    static let evKey = 0x01, evRel = 0x02, evAbs = 0x03
    static let absX = 0x00, absMTPositionX = 0x35, relX = 0x00, relY = 0x01
    static let btnLeft = 0x110, btnToolFinger = 0x145, btnTouch = 0x14a, btnToolPen = 0x140, keyA = 30
    static let propDirect = 0x01

    /// Reads the capabilities of the open evdev descriptor `fd`.
    init(fd: Int32) throws {
        func bits(_ request: UInt, count: Int) throws -> Set<Int> {
            var buffer = [UInt8](repeating: 0, count: (count + 7) / 8)
            let result = buffer.withUnsafeMutableBytes { vitrine_ioctl_pointer(fd, request, $0.baseAddress) }
            guard result >= 0 else { throw DisplayError("EVIOCGBIT: \(String(cString: strerror(errno)))") }
            var set: Set<Int> = []
            for (i, byte) in buffer.enumerated() where byte != 0 {
                for b in 0..<8 where byte & (1 << b) != 0 { set.insert(i * 8 + b) }
            }
            return set
        }
        eventTypes = try bits(Self.ioctlRead(0x20, size: 4), count: 32)
        keys = try bits(Self.ioctlRead(0x20 + UInt(Self.evKey), size: 96), count: 768)
        absolutes = try bits(Self.ioctlRead(0x20 + UInt(Self.evAbs), size: 8), count: 64)
        relatives = try bits(Self.ioctlRead(0x20 + UInt(Self.evRel), size: 2), count: 16)
        properties = (try? bits(Self.ioctlRead(0x09, size: 4), count: 32)) ?? []
        var nameBuffer = [CChar](repeating: 0, count: 256)
        if nameBuffer.withUnsafeMutableBytes({ vitrine_ioctl_pointer(fd, Self.ioctlRead(0x06, size: 255), $0.baseAddress) }) >= 0 {
            name = String(cString: nameBuffer)
        }
    }

    init() {}

    /// _IOC(_IOC_READ, 'E', nr, size).
    static func ioctlRead(_ nr: UInt, size: UInt) -> UInt { (2 << 30) | (size << 16) | (UInt(UInt8(ascii: "E")) << 8) | nr }

    var isTouchscreen: Bool {
        (absolutes.contains(Self.absMTPositionX) || absolutes.contains(Self.absX)) && keys.contains(Self.btnTouch)
            && properties.contains(Self.propDirect)
    }
    var isTouchpad: Bool {
        absolutes.contains(Self.absX) && keys.contains(Self.btnToolFinger) && !properties.contains(Self.propDirect)
            && !keys.contains(Self.btnToolPen)
    }
    var isMouse: Bool {
        keys.contains(Self.btnLeft) && ((relatives.contains(Self.relX) && relatives.contains(Self.relY))
            || (absolutes.contains(Self.absX) && !keys.contains(Self.btnTouch)))
    }
    var isKeyboard: Bool { keys.contains(Self.keyA) && keys.contains(Self.keyA + 1) }
    var hasKeys: Bool { !keys.subtracting(Set(0x100..<0x160)).isEmpty }

    /// The udev properties `input_id` would set: what libinput reads to decide what a device is.
    var udevProperties: [String] {
        var p = ["ID_INPUT=1"]
        if isTouchscreen { p.append("ID_INPUT_TOUCHSCREEN=1") }
        if isTouchpad { p.append("ID_INPUT_TOUCHPAD=1") }
        if isMouse { p.append("ID_INPUT_MOUSE=1") }
        if isKeyboard { p.append("ID_INPUT_KEYBOARD=1") }
        if hasKeys { p.append("ID_INPUT_KEY=1") }
        return p
    }
}

/// Stands in for udevd on boards without one (an initramfs): libinput's path backend still reads a device's
/// type from the udev database, so an entry like the one udevd's `input_id` builtin writes is created for each
/// device the board names, unless one is there. The entry lives in `/run` (memory) and udevd, if it starts
/// later, replaces it.
enum UdevDatabaseStandIn {
    static var daemonRunning: Bool { access("/run/udev/control", F_OK) == 0 }

    /// Writes the database entry for the evdev node at `path` (major 13) if it has none. Returns what was written,
    /// `nil` when an entry existed already.
    @discardableResult
    static func ensureEntry(for path: String) throws -> [String]? {
        var info = stat()
        guard stat(path, &info) == 0 else { throw DisplayError("\(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFCHR else { throw DisplayError("\(path) is not a character device") }
        let minor = Int(info.st_rdev & 0xff) | Int((info.st_rdev >> 12) & ~0xff)
        let major = Int((info.st_rdev >> 8) & 0xfff)
        let entry = "/run/udev/data/c\(major):\(minor)"
        if access(entry, F_OK) == 0 { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw DisplayError("\(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let properties = try EvdevCapabilities(fd: fd).udevProperties
        try FileManager.default.createDirectory(atPath: "/run/udev/data", withIntermediateDirectories: true)
        let text = properties.map { "E:\($0)\n" }.joined()
        guard FileManager.default.createFile(atPath: entry, contents: Data(text.utf8)) else {
            throw DisplayError("cannot write \(entry) (libinput needs it to know what \(path) is)")
        }
        return properties
    }
}
