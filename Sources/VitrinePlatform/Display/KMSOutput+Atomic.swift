import CDRM
import CVitrineShims
import Foundation
import Glibc
import Logging

// Atomic commits: the whole state of the primary plane, CRTC and connector (and the overlay plane's) in one request,
// checked with TEST_ONLY before the first modeset; the property ids looked up once.
extension KMSOutput {
    func testAtomicModeset() -> Bool {
        guard let props = atomicProps else { return false }
        return atomicCommit(buffers[0], clips: [], flags: UInt32(DRM_MODE_ATOMIC_TEST_ONLY | DRM_MODE_ATOMIC_ALLOW_MODESET),
                            modeset: true, props: props)
    }

    func atomicCommit(_ buffer: DumbBuffer, clips: [PixelRect], flags: UInt32, modeset: Bool,
                              props: AtomicProperties, cookie: UnsafeMutableRawPointer? = nil) -> Bool {
        guard let req = drmModeAtomicAlloc() else { return false }
        defer { drmModeAtomicFree(req) }
        let plane = props.plane
        if modeset {
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
            if let planeRotation { drmModeAtomicAddProperty(req, plane, planeRotation.property, planeRotation.value) }
        }
        drmModeAtomicAddProperty(req, plane, props.planeFB, UInt64(buffer.framebufferID))
        overlay?.add(to: req, crtc: props.crtc, everything: modeset)
        var blob: UInt32 = 0
        if let damageProp = props.damageClips, !clips.isEmpty {
            var rects = clips.map { drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
            if drmModeCreatePropertyBlob(card.fd, &rects, MemoryLayout<drm_mode_rect>.stride * rects.count, &blob) == 0 {
                drmModeAtomicAddProperty(req, plane, damageProp, UInt64(blob))
            }
        }
        defer { if blob != 0 { drmModeDestroyPropertyBlob(card.fd, blob) } }
        let ok = drmModeAtomicCommit(card.fd, req, flags, cookie) == 0
        if ok, flags & UInt32(DRM_MODE_ATOMIC_TEST_ONLY) == 0 { overlay?.committed() }
        return ok
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
