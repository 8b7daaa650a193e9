import CInput
import CVitrineShims
import CUdev
import Foundation
import Glibc
import Logging

/// The input devices of a seat through libinput: touchscreens, mice and touchpads, keyboards.
///
/// libinput runs with its udev backend when a udev daemon is there (devices come and go with udev's events);
/// with none (an initramfs) it says so and uses the path backend for the devices the configuration names (all
/// `/dev/input/event*` when it names none), watching the kernel's own hotplug events to add and drop them.
/// Device nodes are opened through the seat session when there is one (libseat), directly otherwise — never
/// by libinput itself. libinput's descriptor is on the one main loop; every event becomes an `InputEvent` for
/// `handler`.
@MainActor
public final class InputSeat {
    public struct Configuration: Sendable {
        /// The udev seat (`seat0`).
        public var seat = "seat0"
        /// Path backend: device nodes to use when there is no udev daemon; empty: every `/dev/input/event*`.
        public var devicePaths: [String] = []
        /// The touch device the calibration applies to: a substring of its name, or its node; `nil`: every touch
        /// device.
        public var touchDevice: String?
        /// libinput's calibration matrix (2x3, row-major, in normalised coordinates) for the touch device.
        public var calibration: [Double]?
        /// Use the path backend even when udevd runs.
        public var forcePathBackend = false
        public init() {}
    }

    public enum Backend: String, Sendable { case udev, path }

    /// Which libinput backend is in use.
    public let backend: Backend
    /// Where events go.
    public var handler: InputHandler
    /// The devices present now.
    public var devices: [InputDeviceInfo] { deviceOrder.compactMap { ids[$0].map { info[$0] } ?? nil } }

    private let context: OpaquePointer
    private let udev: OpaquePointer
    private let relay: Relay
    private let interface: UnsafeMutablePointer<libinput_interface>
    private var source: FileDescriptorSource?
    private var hotplug: FileDescriptorSource?
    private var kernelMonitor: OpaquePointer?
    private let configuration: Configuration
    private let log: Logger
    /// libinput device -> our id, and our id -> what we told the handler.
    private var ids: [OpaquePointer: Int] = [:]
    private var deviceOrder: [OpaquePointer] = []
    private var info: [Int: InputDeviceInfo] = [:]
    /// Path backend: node -> libinput device, to remove it when the kernel says it left.
    private var pathDevices: [String: OpaquePointer] = [:]
    private static var nextID = 1

    /// What libinput's C callbacks reach (userdata is fixed when the context is made).
    private final class Relay {
        var session: SeatSession?
        /// Descriptors libinput opened, by node (to read contact sizes, which libinput does not report).
        var opened: [String: Int32] = [:]
    }

    /// Touch devices that report contact size: their descriptor, X range and slot count.
    private struct ContactSize { var fd: Int32; var range: Double; var slots: Int }
    private var contactSizes: [Int: ContactSize] = [:]

    /// Opens the seat's input devices. Throws when libinput cannot start (no udev, the seat cannot be assigned);
    /// a seat with no devices yet is fine (they may be plugged in later).
    public init(configuration: Configuration = Configuration(), loop: EventLoop, session: SeatSession?, logger: Logger,
                handler: @escaping InputHandler) throws {
        self.configuration = configuration
        self.handler = handler
        log = logger
        relay = Relay()
        relay.session = session
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path, let userData else { return -EINVAL }
                let relay = Unmanaged<Relay>.fromOpaque(userData).takeUnretainedValue()
                let node = String(cString: path)
                return MainActor.assumeIsolated {
                    let fd: Int32
                    if let session = relay.session {
                        do { fd = try session.openDevice(node) } catch { return -(errno == 0 ? EACCES : errno) }
                    } else {
                        fd = open(path, flags | O_CLOEXEC)
                        guard fd >= 0 else { return -errno }
                    }
                    relay.opened[node] = fd
                    return fd
                }
            },
            close_restricted: { fd, userData in
                guard let userData else { return }
                let relay = Unmanaged<Relay>.fromOpaque(userData).takeUnretainedValue()
                MainActor.assumeIsolated {
                    relay.opened = relay.opened.filter { $0.value != fd }
                    if let session = relay.session { session.closeDevice(fd) } else { close(fd) }
                }
            }))
        guard let udev = udev_new() else {
            interface.deinitialize(count: 1); interface.deallocate()
            throw DisplayError.call("udev_new", errno: errno)
        }
        self.udev = udev
        let userData = Unmanaged.passUnretained(relay).toOpaque()
        if UdevDatabaseStandIn.daemonRunning && !configuration.forcePathBackend {
            backend = .udev
            guard let li = libinput_udev_create_context(interface, userData, udev) else {
                udev_unref(udev); interface.deinitialize(count: 1); interface.deallocate()
                throw DisplayError("libinput_udev_create_context failed")
            }
            context = li
            guard libinput_udev_assign_seat(li, configuration.seat) == 0 else {
                libinput_unref(li); udev_unref(udev); interface.deinitialize(count: 1); interface.deallocate()
                throw DisplayError("libinput could not assign seat \(configuration.seat) (udev enumeration failed)")
            }
            log.info("input: libinput, udev backend, seat \(configuration.seat)")
        } else {
            backend = .path
            guard let li = libinput_path_create_context(interface, userData) else {
                udev_unref(udev); interface.deinitialize(count: 1); interface.deallocate()
                throw DisplayError("libinput_path_create_context failed")
            }
            context = li
            log.notice("input: no udev daemon (/run/udev/control is missing): libinput's path backend for \(configuration.devicePaths.isEmpty ? "every /dev/input/event*" : configuration.devicePaths.joined(separator: ", ")); kernel hotplug events add and drop devices")
            // Watch first, then enumerate: a device that appears in between is seen either way (adding is idempotent).
            watchKernelHotplug(loop: loop)
            for path in Self.candidatePaths(configuration.devicePaths) { addPathDevice(path) }
        }
        source = loop.watchReadable(fd: libinput_get_fd(context)) { [weak self] in self?.dispatch() }
        // Devices found while the context was made are announced now.
        dispatch()
    }

    isolated deinit {
        source?.cancel()
        hotplug?.cancel()
        if let kernelMonitor { udev_monitor_unref(kernelMonitor) }
        for device in ids.keys { libinput_device_unref(device) }
        libinput_unref(context)
        udev_unref(udev)
        interface.deinitialize(count: 1)
        interface.deallocate()
    }

    /// Stops reading devices (the VT was switched away: events belong to whoever has it now). Touches in
    /// progress end with the devices' removal events, which libinput sends.
    public func suspend() {
        libinput_suspend(context)
        dispatch()
        log.info("input suspended")
    }

    /// Reads devices again after `suspend()`.
    public func resume() {
        if libinput_resume(context) != 0 { log.warning("libinput_resume failed; input devices may be missing") }
        dispatch()
        log.info("input resumed")
    }

    // MARK: Path backend

    private static func candidatePaths(_ named: [String]) -> [String] {
        if !named.isEmpty { return named }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/input")) ?? []
        return names.filter { $0.hasPrefix("event") }.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
            .map { "/dev/input/\($0)" }
    }

    /// Adds a device node to the path backend (after making sure libinput can tell what it is).
    private func addPathDevice(_ path: String) {
        guard backend == .path, pathDevices[path] == nil else { return }
        do {
            if let written = try UdevDatabaseStandIn.ensureEntry(for: path) {
                log.debug("\(path): wrote its udev entry (\(written.joined(separator: " ")))")
            }
        } catch {
            log.warning("\(path): \(error)")
        }
        guard let device = libinput_path_add_device(context, path) else {
            log.warning("\(path): libinput did not take it (not an input device, or it cannot be opened)")
            return
        }
        pathDevices[path] = device
    }

    /// The kernel's uevents for input devices (no udevd needed): nodes named by the configuration (or any, when
    /// it names none) are added when they appear; removal is seen by libinput itself (ENODEV).
    private func watchKernelHotplug(loop: EventLoop) {
        guard let monitor = udev_monitor_new_from_netlink(udev, "kernel") else {
            log.warning("no kernel hotplug events (udev_monitor_new_from_netlink: \(String(cString: strerror(errno)))); devices plugged in later are not seen")
            return
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        guard udev_monitor_enable_receiving(monitor) == 0 else {
            udev_monitor_unref(monitor)
            return
        }
        kernelMonitor = monitor
        hotplug = loop.watchReadable(fd: udev_monitor_get_fd(monitor)) { [weak self] in
            guard let self, let monitor = self.kernelMonitor else { return }
            while let device = udev_monitor_receive_device(monitor) {
                defer { udev_device_unref(device) }
                guard let action = udev_device_get_action(device).map({ String(cString: $0) }),
                      let sysname = udev_device_get_sysname(device).map({ String(cString: $0) }), sysname.hasPrefix("event") else { continue }
                let path = "/dev/input/\(sysname)"
                if action == "add", self.configuration.devicePaths.isEmpty || self.configuration.devicePaths.contains(path) {
                    self.addPathDevice(path)
                } else if action == "remove", let known = self.pathDevices.removeValue(forKey: path) {
                    // libinput normally notices first (ENODEV); removing a removed device is harmless.
                    if self.ids[known] != nil { libinput_path_remove_device(known) }
                }
            }
            self.dispatch()
        }
    }

    // MARK: Events

    private func dispatch() {
        guard libinput_dispatch(context) == 0 else {
            log.warning("libinput_dispatch: \(String(cString: strerror(errno)))")
            return
        }
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            translate(event)
        }
    }

    private func translate(_ event: OpaquePointer) {
        let type = libinput_event_get_type(event)
        guard let device = libinput_event_get_device(event) else { return }
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            deviceAdded(device)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let id = ids.removeValue(forKey: device) else { return }
            deviceOrder.removeAll { $0 == device }
            pathDevices = pathDevices.filter { $0.value != device }
            let gone = info.removeValue(forKey: id)
            contactSizes[id] = nil
            libinput_device_unref(device)
            log.info("input device removed: \(gone?.name ?? "?") (\(gone?.node ?? "?"))")
            handler(.deviceRemoved(time: MonotonicClock.microsecondsNow, device: id))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL,
             LIBINPUT_EVENT_TOUCH_FRAME:
            guard let id = ids[device], let touch = libinput_event_get_touch_event(event) else { return }
            let time = libinput_event_touch_get_time_usec(touch)
            switch type {
            case LIBINPUT_EVENT_TOUCH_FRAME:
                handler(.touchFrame(time: time, device: id))
            case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
                let slot = Int(libinput_event_touch_get_seat_slot(touch))
                let x = libinput_event_touch_get_x_transformed(touch, 1), y = libinput_event_touch_get_y_transformed(touch, 1)
                let major = contactMajor(device: id, slot: Int(libinput_event_touch_get_slot(touch)))
                handler(type == LIBINPUT_EVENT_TOUCH_DOWN
                        ? .touchDown(time: time, device: id, slot: slot, x: x, y: y, major: major)
                        : .touchMotion(time: time, device: id, slot: slot, x: x, y: y, major: major))
            case LIBINPUT_EVENT_TOUCH_UP:
                handler(.touchUp(time: time, device: id, slot: Int(libinput_event_touch_get_seat_slot(touch))))
            default:
                handler(.touchCancel(time: time, device: id, slot: Int(libinput_event_touch_get_seat_slot(touch))))
            }
        case LIBINPUT_EVENT_POINTER_MOTION:
            guard let id = ids[device], let p = libinput_event_get_pointer_event(event) else { return }
            handler(.pointerMotion(time: libinput_event_pointer_get_time_usec(p), device: id,
                                   dx: libinput_event_pointer_get_dx(p), dy: libinput_event_pointer_get_dy(p)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            guard let id = ids[device], let p = libinput_event_get_pointer_event(event) else { return }
            handler(.pointerAbsolute(time: libinput_event_pointer_get_time_usec(p), device: id,
                                     x: libinput_event_pointer_get_absolute_x_transformed(p, 1),
                                     y: libinput_event_pointer_get_absolute_y_transformed(p, 1)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let id = ids[device], let p = libinput_event_get_pointer_event(event) else { return }
            handler(.pointerButton(time: libinput_event_pointer_get_time_usec(p), device: id,
                                   button: libinput_event_pointer_get_button(p),
                                   pressed: libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let id = ids[device], let k = libinput_event_get_keyboard_event(event) else { return }
            handler(.key(time: libinput_event_keyboard_get_time_usec(k), device: id, code: libinput_event_keyboard_get_key(k),
                         pressed: libinput_event_keyboard_get_key_state(k) == LIBINPUT_KEY_STATE_PRESSED))
        default:
            break // gestures, tablets, switches: not part of the view system's input
        }
    }

    private func deviceAdded(_ device: OpaquePointer) {
        let name = libinput_device_get_name(device).map { String(cString: $0) } ?? "?"
        let node = "/dev/input/" + (libinput_device_get_sysname(device).map { String(cString: $0) } ?? "?")
        var caps: InputDeviceInfo.Capabilities = []
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { caps.insert(.touch) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 { caps.insert(.pointer) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 {
            caps.insert(.keyboard)
            // KEY_Q, KEY_A and KEY_Z: a keyboard with letters rather than a button or a remote.
            if [16, 30, 44].allSatisfy({ libinput_device_keyboard_has_key(device, $0) == 1 }) { caps.insert(.textKeys) }
        }
        var width = 0.0, height = 0.0
        let sized = libinput_device_get_size(device, &width, &height) == 0 && width > 0 && height > 0
        let id = Self.nextID
        Self.nextID += 1
        libinput_device_ref(device)
        ids[device] = id
        deviceOrder.append(device)
        let described = InputDeviceInfo(id: id, name: name, node: node, capabilities: caps,
                                        widthMillimetres: sized ? width : nil, heightMillimetres: sized ? height : nil)
        info[id] = described
        if caps.contains(.touch) {
            configureTouch(device, described)
            if let fd = relay.opened[node] { probeContactSize(id: id, fd: fd) }
        }
        if caps.contains(.pointer), libinput_device_config_tap_get_finger_count(device) > 0 {
            libinput_device_config_tap_set_enabled(device, LIBINPUT_CONFIG_TAP_ENABLED)
        }
        log.info("input device added: \(name) (\(node)) \(describe(caps))\(sized ? String(format: ", %.0fx%.0f mm", width, height) : "")")
        handler(.deviceAdded(time: MonotonicClock.microsecondsNow, described))
    }

    // MARK: Contact size

    /// struct input_absinfo: value, minimum, maximum, fuzz, flat, resolution.
    private static func absInfo(_ fd: Int32, _ code: Int) -> [Int32]? {
        var info = [Int32](repeating: 0, count: 6)
        let request = EvdevCapabilities.ioctlRead(0x40 + UInt(code), size: 24)
        guard info.withUnsafeMutableBytes({ vitrine_ioctl_pointer(fd, request, $0.baseAddress) }) >= 0 else { return nil }
        return info
    }

    /// Notes whether a touch device reports contact size (ABS_MT_TOUCH_MAJOR), for `majorRadius`.
    private func probeContactSize(id: Int, fd: Int32) {
        guard let major = Self.absInfo(fd, 0x30), major[2] > major[1],            // ABS_MT_TOUCH_MAJOR
              let x = Self.absInfo(fd, 0x35), x[2] > x[1],                         // ABS_MT_POSITION_X
              let slot = Self.absInfo(fd, 0x2f), slot[2] >= 0, slot[2] < 256 else { return } // ABS_MT_SLOT
        contactSizes[id] = ContactSize(fd: fd, range: Double(x[2] - x[1]), slots: Int(slot[2]) + 1)
    }

    /// The contact's major axis as a fraction of the panel's width: read from the kernel's slot state (libinput has
    /// no API for it), in the device's X units.
    private func contactMajor(device: Int, slot: Int) -> Double? {
        guard let size = contactSizes[device], slot >= 0, slot < size.slots else { return nil }
        // struct input_mt_request_layout { __u32 code; __s32 values[slots]; }
        var request = [Int32](repeating: 0, count: size.slots + 1)
        request[0] = 0x30
        let number = EvdevCapabilities.ioctlRead(0x0a, size: UInt(4 * (size.slots + 1)))   // EVIOCGMTSLOTS
        guard request.withUnsafeMutableBytes({ vitrine_ioctl_pointer(size.fd, number, $0.baseAddress) }) >= 0 else { return nil }
        let value = request[slot + 1]
        return value > 0 ? Double(value) / size.range : nil
    }

    private func configureTouch(_ device: OpaquePointer, _ described: InputDeviceInfo) {
        guard let matrix = configuration.calibration else { return }
        if let wanted = configuration.touchDevice, !described.name.contains(wanted), described.node != wanted { return }
        guard libinput_device_config_calibration_has_matrix(device) != 0 else {
            log.warning("\(described.name): the board gives a calibration matrix but libinput cannot calibrate this device")
            return
        }
        var values = matrix.map { Float($0) }
        if libinput_device_config_calibration_set_matrix(device, &values) != LIBINPUT_CONFIG_STATUS_SUCCESS {
            log.warning("\(described.name): libinput refused the calibration matrix \(matrix)")
        } else {
            log.info("\(described.name): calibration \(matrix)")
        }
    }

    private func describe(_ caps: InputDeviceInfo.Capabilities) -> String {
        var parts: [String] = []
        if caps.contains(.touch) { parts.append("touch") }
        if caps.contains(.pointer) { parts.append("pointer") }
        if caps.contains(.keyboard) { parts.append(caps.contains(.textKeys) ? "keyboard (letters)" : "keyboard") }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
