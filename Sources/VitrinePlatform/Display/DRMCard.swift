import CDRM
import CUdev
import Glibc

// A DRM card: finding one (libudev), opening it, and reading what it has (connectors, modes, CRTCs, planes).
// Facts this code relies on are from the kernel's DRM uAPI (drm_mode.h) and libdrm's xf86drmMode.h; the way
// through connector -> encoder -> CRTC follows dvdhrm's drm-howto and kmscube.

/// Why the display could not be used, said so that a person (or a supervisor reading the exit status) knows
/// what was tried.
public struct DisplayError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }

    /// A failed call with its errno, and what it means for a missing permission.
    static func call(_ what: String, errno code: Int32, path: String? = nil) -> DisplayError {
        var text = "\(what) failed: \(String(cString: strerror(code))) (errno \(code))"
        if code == EACCES || code == EPERM {
            text += "; the user needs access to \(path ?? "the DRM device") (root, the 'video' group, or a seat from seatd/logind)"
        }
        return DisplayError(text)
    }
}

/// A DRM object id of a given kind (connector, CRTC, plane, framebuffer): distinct types, never mixed up.
public struct DRMObjectID<Kind>: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
}
public enum ConnectorKind {}
public enum CRTCKind {}
public enum PlaneKind {}
public typealias ConnectorID = DRMObjectID<ConnectorKind>
public typealias CRTCID = DRMObjectID<CRTCKind>
public typealias PlaneID = DRMObjectID<PlaneKind>

/// A display mode, as the kernel describes it.
public struct DisplayMode: Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Vertical refresh in millihertz (60000 for 60 Hz), computed from the timings as the kernel does.
    public let refreshMillihertz: Int
    public let isPreferred: Bool
    public let name: String
    let raw: drmModeModeInfo

    init(_ m: drmModeModeInfo) {
        raw = m
        width = Int(m.hdisplay)
        height = Int(m.vdisplay)
        let total = Int(m.htotal) * Int(m.vtotal)
        refreshMillihertz = total > 0 ? Int((Int64(m.clock) * 1_000_000 / Int64(total))) : Int(m.vrefresh) * 1000
        isPreferred = m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
        var nameTuple = m.name
        name = withUnsafeBytes(of: &nameTuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Refresh in hertz.
    public var refresh: Double { Double(refreshMillihertz) / 1000 }
    /// The rate frames are paced to, in hertz: the refresh, or 60 for a mode whose timings give none (under 1 Hz).
    /// The one place that rule lives: the output's `refreshRate`, its flip pacing and UIKit's frame timer follow it.
    public var frameRate: Double { refreshMillihertz >= 1000 ? refresh : 60 }

    public var description: String {
        "\(width)x\(height)@\(String(format: "%.2f", refresh))" + (isPreferred ? " (preferred)" : "")
    }
}

/// A connector and what it reports.
public struct ConnectorInfo: Sendable {
    public let id: ConnectorID
    /// The kernel's name for it: type and index, e.g. `Virtual-1`, `HDMI-A-1`, `DSI-1`.
    public let name: String
    public let isConnected: Bool
    /// Physical size in millimetres, as the EDID or panel driver reports it (often 0).
    public let widthMillimetres: Int
    public let heightMillimetres: Int
    public let modes: [DisplayMode]
    let encoderID: UInt32
    let encoderIDs: [UInt32]
}

/// A plane and the pixel formats it scans out.
public struct PlaneInfo: Sendable {
    public let id: PlaneID
    /// `Primary`, `Overlay` or `Cursor` (the plane's "type" property).
    public let kind: String
    public let formats: [UInt32]
    let possibleCRTCs: UInt32
}

/// An open DRM card (`/dev/dri/cardN`). Owns the file descriptor.
public final class DRMCard {
    public let path: String
    public let fd: Int32
    /// Whether this object closes the descriptor (not when a seat manager opened it: the session does).
    private let ownsDescriptor: Bool

    /// Opens `path` read-write with close-on-exec.
    public init(path: String) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DisplayError.call("open(\(path))", errno: errno, path: path) }
        self.path = path
        self.fd = fd
        ownsDescriptor = true
    }

    /// A card opened elsewhere (by a seat manager); the opener closes it.
    public init(path: String, openedDescriptor fd: Int32) {
        self.path = path
        self.fd = fd
        ownsDescriptor = false
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// The kernel driver's name (`virtio_gpu`, `bochs-drm`, `vc4`, …).
    public var driverName: String {
        guard let version = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(version) }
        return version.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    func capability(_ cap: Int32) -> UInt64? {
        var value: UInt64 = 0
        return drmGetCap(fd, UInt64(cap), &value) == 0 ? value : nil
    }

    /// Whether the card can make dumb buffers (what Vitrine scans out from).
    public var supportsDumbBuffers: Bool { (capability(DRM_CAP_DUMB_BUFFER) ?? 0) != 0 }

    /// The card's connectors, CRTCs and encoders.
    public func connectors() throws -> [ConnectorInfo] {
        guard let res = drmModeGetResources(fd) else { throw DisplayError.call("drmModeGetResources(\(path))", errno: errno, path: path) }
        defer { drmModeFreeResources(res) }
        var out: [ConnectorInfo] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let c = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            // A writeback connector (visible once a capture asked for them) is not a display.
            if c.pointee.connector_type == UInt32(DRM_MODE_CONNECTOR_WRITEBACK) { continue }
            let modes = (0..<Int(c.pointee.count_modes)).map { DisplayMode(c.pointee.modes[$0]) }
            let encoders = (0..<Int(c.pointee.count_encoders)).map { c.pointee.encoders[$0] }
            let typeName = drmModeGetConnectorTypeName(c.pointee.connector_type).map { String(cString: $0) } ?? "Unknown"
            out.append(ConnectorInfo(id: ConnectorID(c.pointee.connector_id), name: "\(typeName)-\(c.pointee.connector_type_id)",
                                     isConnected: c.pointee.connection == DRM_MODE_CONNECTED,
                                     widthMillimetres: Int(c.pointee.mmWidth), heightMillimetres: Int(c.pointee.mmHeight),
                                     modes: modes, encoderID: c.pointee.encoder_id, encoderIDs: encoders))
        }
        return out
    }

    /// The CRTC ids, in the card's order (plane and encoder masks index this list).
    func crtcIDs() throws -> [CRTCID] {
        guard let res = drmModeGetResources(fd) else { throw DisplayError.call("drmModeGetResources(\(path))", errno: errno, path: path) }
        defer { drmModeFreeResources(res) }
        return (0..<Int(res.pointee.count_crtcs)).map { CRTCID(res.pointee.crtcs[$0]) }
    }

    /// A CRTC that can drive `connector` and is not in `used` (driving another of our screens): the one its
    /// encoder uses now, else the first one an encoder allows.
    func crtc(for connector: ConnectorInfo, excluding used: Set<CRTCID> = []) throws -> CRTCID {
        let crtcs = try crtcIDs()
        if connector.encoderID != 0, let enc = drmModeGetEncoder(fd, connector.encoderID) {
            defer { drmModeFreeEncoder(enc) }
            if enc.pointee.crtc_id != 0, !used.contains(CRTCID(enc.pointee.crtc_id)) { return CRTCID(enc.pointee.crtc_id) }
        }
        for encoderID in connector.encoderIDs {
            guard let enc = drmModeGetEncoder(fd, encoderID) else { continue }
            defer { drmModeFreeEncoder(enc) }
            for (i, crtc) in crtcs.enumerated() where enc.pointee.possible_crtcs & (1 << UInt32(i)) != 0 && !used.contains(crtc) {
                return crtc
            }
        }
        throw DisplayError("\(path): no CRTC can drive connector \(connector.name)")
    }

    /// The planes, with their type and formats (universal planes on).
    public func planes() -> [PlaneInfo] {
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1)
        guard let res = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(res) }
        var out: [PlaneInfo] = []
        for i in 0..<Int(res.pointee.count_planes) {
            guard let p = drmModeGetPlane(fd, res.pointee.planes[i]) else { continue }
            defer { drmModeFreePlane(p) }
            let formats = (0..<Int(p.pointee.count_formats)).map { p.pointee.formats[$0] }
            let type = propertyValue(object: p.pointee.plane_id, type: UInt32(DRM_MODE_OBJECT_PLANE), name: "type")
            let kind = type == 1 ? "Primary" : type == 2 ? "Cursor" : "Overlay"
            out.append(PlaneInfo(id: PlaneID(p.pointee.plane_id), kind: kind, formats: formats, possibleCRTCs: p.pointee.possible_crtcs))
        }
        return out
    }

    /// The current value of property `name` of a KMS object, if it has one.
    func propertyValue(object: UInt32, type: UInt32, name: String) -> UInt64? {
        properties(object: object, type: type)[name]?.value
    }

    /// The properties of a KMS object: name -> (property id, current value).
    func properties(object: UInt32, type: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        guard let props = drmModeObjectGetProperties(fd, object, type) else { return [:] }
        defer { drmModeFreeObjectProperties(props) }
        var out: [String: (UInt32, UInt64)] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            var nameTuple = prop.pointee.name
            let name = withUnsafeBytes(of: &nameTuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            out[name] = (prop.pointee.prop_id, props.pointee.prop_values[i])
        }
        return out
    }

    /// The names and values of an enum or bitmask property (a plane's `rotation`: `rotate-0` -> 0, `rotate-90` -> 1,
    /// … — for a bitmask, the values are bit numbers).
    func propertyEnums(_ propertyID: UInt32) -> [String: UInt64] {
        guard let prop = drmModeGetProperty(fd, propertyID) else { return [:] }
        defer { drmModeFreeProperty(prop) }
        var out: [String: UInt64] = [:]
        for i in 0..<Int(prop.pointee.count_enums) {
            var e = prop.pointee.enums[i]
            let name = withUnsafeBytes(of: &e.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            out[name] = e.value
        }
        return out
    }

    /// The writeback connectors that can take the output of CRTC number `crtcIndex` (needs the atomic and writeback
    /// client capabilities set: the kernel hides them from other clients).
    func writebackConnectors(crtcIndex: Int) -> [UInt32] {
        guard let res = drmModeGetResources(fd) else { return [] }
        defer { drmModeFreeResources(res) }
        var out: [UInt32] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let c = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            guard c.pointee.connector_type == UInt32(DRM_MODE_CONNECTOR_WRITEBACK) else { continue }
            let reaches = (0..<Int(c.pointee.count_encoders)).contains { j in
                guard let e = drmModeGetEncoder(fd, c.pointee.encoders[j]) else { return false }
                defer { drmModeFreeEncoder(e) }
                return e.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0
            }
            if reaches { out.append(c.pointee.connector_id) }
        }
        return out
    }

    // MARK: Finding cards

    /// The DRM cards the system has (`/dev/dri/card*`), from udev when it knows them (a udev database exists),
    /// else from `/dev/dri` directly (an initramfs without udevd).
    public static func cardPaths() -> [String] {
        var found: [String] = []
        if let udev = udev_new() {
            defer { udev_unref(udev) }
            if let e = udev_enumerate_new(udev) {
                defer { udev_enumerate_unref(e) }
                udev_enumerate_add_match_subsystem(e, "drm")
                udev_enumerate_add_match_sysname(e, "card[0-9]*")
                udev_enumerate_scan_devices(e)
                var entry = udev_enumerate_get_list_entry(e)
                while let current = entry {
                    if let syspath = udev_list_entry_get_name(current),
                       let dev = udev_device_new_from_syspath(udev, syspath) {
                        if let node = udev_device_get_devnode(dev) { found.append(String(cString: node)) }
                        udev_device_unref(dev)
                    }
                    entry = udev_list_entry_get_next(current)
                }
            }
        }
        if found.isEmpty, let dir = opendir("/dev/dri") {
            defer { closedir(dir) }
            while let ent = readdir(dir) {
                let name = withUnsafeBytes(of: ent.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix("card") { found.append("/dev/dri/" + name) }
            }
        }
        // cardN in numeric order, without duplicates (connector cards first is the caller's concern).
        return Array(Set(found)).sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }
}
