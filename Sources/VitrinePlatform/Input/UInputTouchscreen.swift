import CVitrineShims
import Foundation
import Glibc

/// A touchscreen made with uinput: real kernel input events from a recording, through evdev and libinput, as a
/// panel's touch controller would send them (multitouch protocol B). The virtual board's tests drive apps with it;
/// on a real board it replays a recording into whatever reads the seat.
public final class UInputTouchscreen {
    /// The device's axis range: positions are fractions of it.
    public let maximum: Int32
    public let slots: Int
    private var fd: Int32
    /// Recording slot -> (device slot, tracking id) for contacts down now.
    private var contacts: [Int: Int] = [:]
    private var nextTrackingID: Int32 = 1

    // linux/input-event-codes.h
    private static let evSyn: UInt16 = 0, evKey: UInt16 = 1, evAbs: UInt16 = 3
    private static let synReport: UInt16 = 0, btnTouch: UInt16 = 0x14a
    private static let absX: UInt16 = 0, absY: UInt16 = 1, absMTSlot: UInt16 = 0x2f, absMTTouchMajor: UInt16 = 0x30
    private static let absMTPositionX: UInt16 = 0x35, absMTPositionY: UInt16 = 0x36, absMTTrackingID: UInt16 = 0x39

    /// Creates the device (needs write access to /dev/uinput: root, or a udev rule).
    public init(name: String = "Vitrine Replay Touch", slots: Int = 10, maximum: Int32 = 32767) throws {
        precondition(slots > 0 && maximum > 0)
        let made = vitrine_uinput_create_touchscreen(name, Int32(slots), maximum)
        guard made >= 0 else {
            throw DisplayError("cannot create a uinput touchscreen: \(String(cString: strerror(-made)))"
                               + (-made == ENOENT ? " (/dev/uinput is missing: modprobe uinput)" : ""))
        }
        fd = made
        self.slots = slots
        self.maximum = maximum
    }

    deinit { unplug() }

    /// Removes the device, as pulling its cable would: readers see it vanish mid-touch.
    public func unplug() {
        guard fd >= 0 else { return }
        vitrine_uinput_destroy(fd)
        fd = -1
    }

    /// Sends one recorded event (touch events and frames; other kinds are not a touchscreen's and are skipped).
    public func send(_ event: InputEvent) throws {
        guard fd >= 0 else { throw DisplayError("the uinput touchscreen was unplugged") }
        func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) throws {
            let r = vitrine_uinput_emit(fd, type, code, value)
            guard r == 0 else { throw DisplayError("uinput write: \(String(cString: strerror(-r)))") }
        }
        func scaled(_ v: Double) -> Int32 { Int32((min(max(v.isNaN ? 0 : v, 0), 1) * Double(maximum)).rounded()) }
        switch event {
        case let .touchDown(_, _, slot, x, y, major), let .touchMotion(_, _, slot, x, y, major):
            let isDown: Bool
            if case .touchDown = event { isDown = true } else { isDown = false }
            var deviceSlot = contacts[slot]
            if isDown && deviceSlot == nil {
                let used = Set(contacts.values)
                guard let free = (0..<slots).first(where: { !used.contains($0) }) else { return } // more fingers than slots
                deviceSlot = free
                contacts[slot] = free
                try emit(Self.evAbs, Self.absMTSlot, Int32(free))
                try emit(Self.evAbs, Self.absMTTrackingID, nextTrackingID)
                nextTrackingID = nextTrackingID % 65535 + 1
                if contacts.count == 1 { try emit(Self.evKey, Self.btnTouch, 1) }
            } else {
                guard let s = deviceSlot else { return }
                try emit(Self.evAbs, Self.absMTSlot, Int32(s))
            }
            try emit(Self.evAbs, Self.absMTPositionX, scaled(x))
            try emit(Self.evAbs, Self.absMTPositionY, scaled(y))
            if let major { try emit(Self.evAbs, Self.absMTTouchMajor, scaled(major)) }
            if deviceSlot == contacts.values.min() {
                try emit(Self.evAbs, Self.absX, scaled(x))
                try emit(Self.evAbs, Self.absY, scaled(y))
            }
        case let .touchUp(_, _, slot), let .touchCancel(_, _, slot):
            guard let s = contacts.removeValue(forKey: slot) else { return }
            try emit(Self.evAbs, Self.absMTSlot, Int32(s))
            try emit(Self.evAbs, Self.absMTTrackingID, -1)
            if contacts.isEmpty { try emit(Self.evKey, Self.btnTouch, 0) }
        case .touchFrame:
            try emit(Self.evSyn, Self.synReport, 0)
        default:
            break
        }
    }

    /// Plays `recording` in real time (blocking), keeping its gaps; unplugs the device after `unplugAfter`
    /// seconds if given (mid-gesture, for tests of a device that vanishes). Returns how late, in microseconds, the
    /// latest event went out: the kernel stamps each event when it is written, so a player held up (a loaded,
    /// emulated board) delivers a different gesture — a fling whose lift comes long after its last move has no
    /// speed left — and a test can tell that from a fault of the reader.
    @discardableResult
    public func play(_ recording: InputRecording, unplugAfter: Double? = nil) throws -> UInt64 {
        guard let first = recording.events.first?.time else { return 0 }
        let start = MonotonicClock.microsecondsNow
        var worst: UInt64 = 0
        for event in recording.events {
            let due = start + (event.time >= first ? event.time - first : 0)
            if let limit = unplugAfter, due > start + UInt64(limit * 1_000_000) {
                let wait = start + UInt64(limit * 1_000_000)
                let now = MonotonicClock.microsecondsNow
                if wait > now { usleep(useconds_t(wait - now)) }
                unplug()
                return worst
            }
            let now = MonotonicClock.microsecondsNow
            if due > now { usleep(useconds_t(due - now)) }
            let sent = MonotonicClock.microsecondsNow
            if sent > due { worst = max(worst, sent - due) }
            try send(event)
        }
        return worst
    }
}
