import CDRM
import Glibc

// An overlay plane of the CRTC: a picture scanned out above the primary plane's frame, at its own place, from two
// dumb buffers of its own (written while the other is on screen, never read). Its properties ride along in the
// output's atomic commits; `KMSOutput` decides when. Facts from the kernel's uAPI (drm_mode.h): an overlay plane
// is a plane whose `type` is 0; SRC_* are 16.16 fixed point; CRTC_ID 0 and FB_ID 0 switch a plane off.

/// One overlay plane and the picture it shows.
@MainActor
final class OverlayPlane {
    /// Where the picture is, in the panel's pixels (no scaling: its buffers are its size).
    struct Placement: Equatable {
        var x: Int, y: Int, width: Int, height: Int
    }

    private let card: DRMCard
    let plane: UInt32
    private let format: UInt32
    private let fbID: UInt32, crtcID: UInt32
    private let srcX: UInt32, srcY: UInt32, srcW: UInt32, srcH: UInt32
    private let crtcX: UInt32, crtcY: UInt32, crtcW: UInt32, crtcH: UInt32
    private var buffers: [DumbBuffer] = []
    /// The buffer the next commit shows (written since the last one).
    private var back = 0
    /// What the plane shows (or will from the next commit); `nil`: off.
    private(set) var shown: Placement?
    /// The plane must be switched off in the next commit.
    private var switchingOff = false
    /// The next commit carries a new picture or place.
    var pending = false

    init?(card: DRMCard, plane: PlaneID, format: UInt32) {
        let p = card.properties(object: plane.rawValue, type: UInt32(DRM_MODE_OBJECT_PLANE))
        guard let fb = p["FB_ID"]?.id, let crtc = p["CRTC_ID"]?.id, let sx = p["SRC_X"]?.id, let sy = p["SRC_Y"]?.id,
              let sw = p["SRC_W"]?.id, let sh = p["SRC_H"]?.id, let cx = p["CRTC_X"]?.id, let cy = p["CRTC_Y"]?.id,
              let cw = p["CRTC_W"]?.id, let ch = p["CRTC_H"]?.id else { return nil }
        self.card = card
        self.plane = plane.rawValue
        self.format = format
        fbID = fb; crtcID = crtc; srcX = sx; srcY = sy; srcW = sw; srcH = sh; crtcX = cx; crtcY = cy; crtcW = cw; crtcH = ch
    }

    /// Buffers for a picture placed as `placement` (new ones for a new size); whether they could be made.
    func prepare(_ placement: Placement) -> Bool {
        if shown.map({ $0.width != placement.width || $0.height != placement.height }) ?? true || buffers.isEmpty {
            guard let a = try? DumbBuffer(fd: card.fd, width: placement.width, height: placement.height, format: format, bytesPerPixel: 4),
                  let b = try? DumbBuffer(fd: card.fd, width: placement.width, height: placement.height, format: format, bytesPerPixel: 4)
            else { return false }
            buffers = [a, b]
            back = 0
        }
        shown = placement
        switchingOff = false
        return true
    }

    /// Copies the picture into the back buffer (premultiplied ARGB32 rows; the plane's XRGB or ARGB takes them as
    /// they are).
    func write(pixels: UnsafeRawPointer, bytesPerRow: Int) {
        guard let placement = shown, buffers.count == 2 else { return }
        let target = buffers[back]
        let row = placement.width * 4
        for y in 0..<placement.height {
            memcpy(target.memory.advanced(by: y * target.pitch), pixels.advanced(by: y * bytesPerRow), row)
        }
    }

    /// Adds the plane's state to an atomic request when it changes: the back buffer with the new picture, or off.
    /// Otherwise nothing (a plane keeps its state between commits), unless `everything` (a modeset after a VT
    /// switch, when the console may have switched the plane off): then the picture on screen.
    func add(to req: drmModeAtomicReqPtr, crtc: UInt32, everything: Bool = false) {
        if switchingOff {
            drmModeAtomicAddProperty(req, plane, fbID, 0)
            drmModeAtomicAddProperty(req, plane, crtcID, 0)
            return
        }
        guard pending || everything, let p = shown, buffers.count == 2 else { return }
        let buffer = pending ? buffers[back] : buffers[1 - back]
        drmModeAtomicAddProperty(req, plane, fbID, UInt64(buffer.framebufferID))
        drmModeAtomicAddProperty(req, plane, crtcID, UInt64(crtc))
        drmModeAtomicAddProperty(req, plane, srcX, 0)
        drmModeAtomicAddProperty(req, plane, srcY, 0)
        drmModeAtomicAddProperty(req, plane, srcW, UInt64(p.width) << 16)
        drmModeAtomicAddProperty(req, plane, srcH, UInt64(p.height) << 16)
        drmModeAtomicAddProperty(req, plane, crtcX, UInt64(p.x))
        drmModeAtomicAddProperty(req, plane, crtcY, UInt64(p.y))
        drmModeAtomicAddProperty(req, plane, crtcW, UInt64(p.width))
        drmModeAtomicAddProperty(req, plane, crtcH, UInt64(p.height))
    }

    /// A commit carrying the plane's state went through: the back buffer is on screen; the other is the next back.
    func committed() {
        if switchingOff {
            switchingOff = false
            buffers = []
            return
        }
        guard pending, shown != nil else { return }
        pending = false
        back = 1 - back
    }

    /// Off from the next commit.
    func hide() {
        guard shown != nil else { return }
        shown = nil
        switchingOff = true
        pending = true
    }

    /// The plane refused the picture before showing it: nothing to switch off.
    func release() {
        shown = nil
        buffers = []
        pending = false
        switchingOff = false
    }
}
