import CDRM
import CVitrineShims
import Glibc

/// What one commit puts on the panel, as one value: the buffer scanned out, whether the connector, CRTC and mode
/// are set up with it (a modeset) or it is flipped to, what changed in it, how the primary plane turns it, and the
/// overlay plane. `KMSOutput` builds one for every modeset, flip and check; a `ScanoutCommitter` sends it.
struct ScanoutState {
    /// The buffer to show.
    let buffer: DumbBuffer
    /// A modeset (synchronous: shown when the commit returns), else a page flip (an event when it is shown).
    var modeset: Bool
    /// The panel pixels that changed since the buffer was last shown; drivers told of them copy only those (empty:
    /// not said, everything).
    var damage: [PixelRect] = []
    /// The primary plane's `rotation` property and the value that turns the buffer onto the panel, when the plane
    /// turns it (else the buffer is already the panel's way round).
    var planeRotation: (property: UInt32, value: UInt64)?
    /// The overlay plane and what it shows (its own state: placed, pending, hidden), sent with the frame.
    var overlay: OverlayPlane?
}

/// How a `ScanoutState` reaches the kernel: `AtomicCommitter` (one atomic request, checked with TEST_ONLY) or
/// `LegacyCommitter` (SetCrtc, DirtyFB and PageFlip, for drivers without atomic modesetting).
@MainActor
protocol ScanoutCommitter: AnyObject {
    /// `"atomic"` or `"legacy"`, for the log.
    var name: String { get }
    /// Whether the kernel would take `state`, without showing it (TEST_ONLY). The legacy API cannot ask: it says yes.
    func test(_ state: ScanoutState) -> Bool
    /// Shows `state`. A flip's completion event carries `cookie`. `false` (with `errno`) when the kernel refused.
    func commit(_ state: ScanoutState, cookie: UnsafeMutableRawPointer?) -> Bool
    /// Puts the CRTC back as `saved` describes (the console's framebuffer and mode), after this output's modesets;
    /// `state` is the last one committed (a turned plane must be put upright).
    func restore(_ saved: drmModeCrtc, after state: ScanoutState?) -> Bool
}

/// The legacy API: a modeset is `drmModeSetCrtc`; a flip tells the driver the damage (`drmModeDirtyFB`) and queues
/// `drmModePageFlip`. No plane rotation and no overlay plane (both need atomic properties).
@MainActor
final class LegacyCommitter: ScanoutCommitter {
    let card: DRMCard, crtc: CRTCID, connector: ConnectorID, mode: DisplayMode
    var name: String { "legacy" }

    init(card: DRMCard, crtc: CRTCID, connector: ConnectorID, mode: DisplayMode) {
        self.card = card; self.crtc = crtc; self.connector = connector; self.mode = mode
    }

    func test(_ state: ScanoutState) -> Bool { true }

    func commit(_ state: ScanoutState, cookie: UnsafeMutableRawPointer?) -> Bool {
        if state.modeset {
            var connectorID = connector.rawValue
            var raw = mode.raw
            return drmModeSetCrtc(card.fd, crtc.rawValue, state.buffer.framebufferID, 0, 0, &connectorID, 1, &raw) == 0
        }
        var rects = state.damage.map { drmModeClip(x1: UInt16($0.x), y1: UInt16($0.y), x2: UInt16($0.maxX), y2: UInt16($0.maxY)) }
        // -ENOSYS (bochs) and -EOPNOTSUPP mean the driver needs no telling; no failure here stops the flip.
        _ = drmModeDirtyFB(card.fd, state.buffer.framebufferID, &rects, UInt32(rects.count))
        return drmModePageFlip(card.fd, crtc.rawValue, state.buffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), cookie) == 0
    }

    func restore(_ saved: drmModeCrtc, after state: ScanoutState?) -> Bool {
        Self.setCRTC(card: card, connector: connector, saved)
    }

    /// `drmModeSetCrtc` with `saved`'s buffer, position and mode (no mode: the CRTC off).
    static func setCRTC(card: DRMCard, connector: ConnectorID, _ saved: drmModeCrtc) -> Bool {
        var connectorID = connector.rawValue
        var savedMode = saved.mode
        let valid = saved.mode_valid != 0
        return withUnsafeMutablePointer(to: &savedMode) { modePointer in
            drmModeSetCrtc(card.fd, saved.crtc_id, saved.buffer_id, saved.x, saved.y, &connectorID, 1, valid ? modePointer : nil)
        } == 0
    }
}

/// Atomic modesetting: the whole state of the connector, CRTC and primary plane (and the overlay plane's) in one
/// request, so the kernel takes all of it or none; property ids looked up once; the damage as `FB_DAMAGE_CLIPS`.
@MainActor
final class AtomicCommitter: ScanoutCommitter {
    let card: DRMCard
    let properties: AtomicProperties
    let mode: DisplayMode
    /// The mode as a property blob (made once, freed with the committer), and the descriptor it belongs to.
    private let modeBlob: UInt32
    private let fd: Int32
    var name: String { "atomic" }

    /// `nil` when the driver lacks a property a commit needs; throws when the mode's blob cannot be made.
    init?(card: DRMCard, connector: ConnectorID, crtc: CRTCID, plane: PlaneID, mode: DisplayMode) throws {
        guard let properties = AtomicProperties(card: card, connector: connector, crtc: crtc, plane: plane) else { return nil }
        var raw = mode.raw, blob: UInt32 = 0
        guard drmModeCreatePropertyBlob(card.fd, &raw, MemoryLayout<drmModeModeInfo>.size, &blob) == 0 else {
            throw DisplayError.call("drmModeCreatePropertyBlob(mode)", errno: errno, path: card.path)
        }
        self.card = card
        self.properties = properties
        self.mode = mode
        modeBlob = blob
        fd = card.fd
    }

    // Not isolated (Debian's Swift 6.2.3 trips over isolated deinits of main-actor classes, see Compositor): it
    // touches only its own constants.
    deinit { drmModeDestroyPropertyBlob(fd, modeBlob) }

    func test(_ state: ScanoutState) -> Bool {
        send(state, flags: UInt32(DRM_MODE_ATOMIC_TEST_ONLY) | (state.modeset ? UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) : 0), cookie: nil)
    }

    func commit(_ state: ScanoutState, cookie: UnsafeMutableRawPointer?) -> Bool {
        let flags = state.modeset ? UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) : UInt32(DRM_MODE_PAGE_FLIP_EVENT | DRM_MODE_ATOMIC_NONBLOCK)
        guard send(state, flags: flags, cookie: state.modeset ? nil : cookie) else { return false }
        state.overlay?.committed()
        return true
    }

    private func send(_ state: ScanoutState, flags: UInt32, cookie: UnsafeMutableRawPointer?) -> Bool {
        guard let req = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(req) }
        let props = properties, plane = props.plane, buffer = state.buffer
        if state.modeset {
            drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, UInt64(props.crtc))
            drmModeAtomicAddProperty(req, props.crtc, props.crtcMode, UInt64(modeBlob))
            drmModeAtomicAddProperty(req, props.crtc, props.crtcActive, 1)
            drmModeAtomicAddProperty(req, plane, props.planeCRTC, UInt64(props.crtc))
            drmModeAtomicAddProperty(req, plane, props.srcX, 0)
            drmModeAtomicAddProperty(req, plane, props.srcY, 0)
            drmModeAtomicAddProperty(req, plane, props.srcW, UInt64(buffer.width) << 16)
            drmModeAtomicAddProperty(req, plane, props.srcH, UInt64(buffer.height) << 16)
            drmModeAtomicAddProperty(req, plane, props.crtcX, 0)
            drmModeAtomicAddProperty(req, plane, props.crtcY, 0)
            drmModeAtomicAddProperty(req, plane, props.crtcW, UInt64(mode.width))
            drmModeAtomicAddProperty(req, plane, props.crtcH, UInt64(mode.height))
            if let rotation = state.planeRotation { drmModeAtomicAddProperty(req, plane, rotation.property, rotation.value) }
        }
        drmModeAtomicAddProperty(req, plane, props.planeFB, UInt64(buffer.framebufferID))
        state.overlay?.add(to: req, crtc: props.crtc, everything: state.modeset)
        var blob: UInt32 = 0
        if let damageProp = props.damageClips, !state.damage.isEmpty {
            var rects = state.damage.map { drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
            if drmModeCreatePropertyBlob(card.fd, &rects, MemoryLayout<drm_mode_rect>.stride * rects.count, &blob) == 0 {
                drmModeAtomicAddProperty(req, plane, damageProp, UInt64(blob))
            }
        }
        defer { if blob != 0 { drmModeDestroyPropertyBlob(card.fd, blob) } }
        return drmModeAtomicCommit(card.fd, req, flags, cookie) == 0
    }

    /// Takes the overlay plane's picture off (before its buffers go: the console knows nothing of the plane).
    func turnOff(_ overlay: OverlayPlane) {
        guard let req = drmModeAtomicAlloc() else { return }
        defer { drmModeAtomicFree(req) }
        overlay.hide()
        overlay.add(to: req, crtc: properties.crtc)
        drmModeAtomicCommit(card.fd, req, 0, nil)
    }

    func restore(_ saved: drmModeCrtc, after state: ScanoutState?) -> Bool {
        // The plane's rotation outlives a legacy SetCrtc (the kernel keeps it and would turn the console's
        // framebuffer): a turned plane is put back in one atomic commit with the rotation upright. Otherwise
        // SetCrtc, which every driver takes.
        guard let rotation = state?.planeRotation else {
            return LegacyCommitter.setCRTC(card: card, connector: ConnectorID(properties.connector), saved)
        }
        guard let req = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(req) }
        var blob: UInt32 = 0
        var mode = saved.mode
        let shows = saved.buffer_id != 0 && saved.mode_valid != 0
        if shows, drmModeCreatePropertyBlob(card.fd, &mode, MemoryLayout<drmModeModeInfo>.size, &blob) != 0 { return false }
        defer { if blob != 0 { drmModeDestroyPropertyBlob(card.fd, blob) } }
        let (w, h) = shows ? (UInt64(mode.hdisplay), UInt64(mode.vdisplay)) : (0, 0)
        let props = properties, plane = props.plane
        drmModeAtomicAddProperty(req, plane, rotation.property, 1) // rotate-0 is bit 0
        drmModeAtomicAddProperty(req, plane, props.planeFB, UInt64(saved.buffer_id))
        drmModeAtomicAddProperty(req, plane, props.planeCRTC, shows ? UInt64(props.crtc) : 0)
        drmModeAtomicAddProperty(req, plane, props.srcX, UInt64(saved.x) << 16)
        drmModeAtomicAddProperty(req, plane, props.srcY, UInt64(saved.y) << 16)
        drmModeAtomicAddProperty(req, plane, props.srcW, w << 16)
        drmModeAtomicAddProperty(req, plane, props.srcH, h << 16)
        drmModeAtomicAddProperty(req, plane, props.crtcX, 0)
        drmModeAtomicAddProperty(req, plane, props.crtcY, 0)
        drmModeAtomicAddProperty(req, plane, props.crtcW, w)
        drmModeAtomicAddProperty(req, plane, props.crtcH, h)
        drmModeAtomicAddProperty(req, props.crtc, props.crtcMode, UInt64(blob))
        drmModeAtomicAddProperty(req, props.crtc, props.crtcActive, shows ? 1 : 0)
        drmModeAtomicAddProperty(req, props.connector, props.connectorCRTC, shows ? UInt64(props.crtc) : 0)
        return drmModeAtomicCommit(card.fd, req, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) == 0
    }
}

/// The property ids an atomic commit needs, looked up once.
struct AtomicProperties {
    let connector: UInt32, crtc: UInt32, plane: UInt32
    let connectorCRTC: UInt32, crtcMode: UInt32, crtcActive: UInt32
    let planeFB: UInt32, planeCRTC: UInt32
    let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32
    /// `FB_DAMAGE_CLIPS`, where the driver has it.
    let damageClips: UInt32?

    @MainActor
    init?(card: DRMCard, connector: ConnectorID, crtc: CRTCID, plane: PlaneID) {
        let c = card.properties(object: connector.rawValue, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        let k = card.properties(object: crtc.rawValue, type: UInt32(DRM_MODE_OBJECT_CRTC))
        let p = card.properties(object: plane.rawValue, type: UInt32(DRM_MODE_OBJECT_PLANE))
        guard let cc = c["CRTC_ID"]?.id, let mode = k["MODE_ID"]?.id, let active = k["ACTIVE"]?.id,
              let fb = p["FB_ID"]?.id, let pc = p["CRTC_ID"]?.id, let sx = p["SRC_X"]?.id, let sy = p["SRC_Y"]?.id,
              let sw = p["SRC_W"]?.id, let sh = p["SRC_H"]?.id, let cx = p["CRTC_X"]?.id, let cy = p["CRTC_Y"]?.id,
              let cw = p["CRTC_W"]?.id, let ch = p["CRTC_H"]?.id else { return nil }
        self.connector = connector.rawValue; self.crtc = crtc.rawValue; self.plane = plane.rawValue
        connectorCRTC = cc; crtcMode = mode; crtcActive = active; planeFB = fb; planeCRTC = pc
        srcX = sx; srcY = sy; srcW = sw; srcH = sh; crtcX = cx; crtcY = cy; crtcW = cw; crtcH = ch
        damageClips = p["FB_DAMAGE_CLIPS"]?.id
    }
}
