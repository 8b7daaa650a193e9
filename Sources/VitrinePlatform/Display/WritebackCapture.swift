import CDRM
import CVitrineShims
import Foundation
import Glibc

// Reading back what the kernel composed: a writeback connector (vkms has one; some SoC display engines too)
// attached to the CRTC writes the CRTC's output — every plane blended, after plane rotation — into a
// framebuffer of ours, and signals an out-fence when it is done. Facts from the kernel's drm_writeback.c and
// drm_mode.h (WRITEBACK_FB_ID is one-shot: it applies to the commit it is in; WRITEBACK_OUT_FENCE_PTR takes a
// pointer to an s32 the kernel fills with a sync-file descriptor).
//
// This is for tests and diagnostics (the virtual board's golden images on vkms): the only place Vitrine reads a
// dumb buffer, and it is the writeback target, never scanout memory.

/// A writeback connector of a CRTC, and the buffer it writes into.
@MainActor
final class WritebackCapture {
    let connector: UInt32
    private let crtcProperty: UInt32
    private let framebufferProperty: UInt32
    private let fenceProperty: UInt32
    let buffer: DumbBuffer
    /// Whether the connector is routed to the CRTC (the first capture does that, as a modeset).
    private(set) var attached = false

    /// The writeback connector that can take `crtcIndex`'s output on `card`, with an XRGB8888 buffer of the mode's
    /// size; `nil` when the driver has none (or refuses the writeback client capability).
    init?(card: DRMCard, crtcIndex: Int, width: Int, height: Int) {
        guard drmSetClientCap(card.fd, UInt64(DRM_CLIENT_CAP_WRITEBACK_CONNECTORS), 1) == 0,
              let id = card.writebackConnectors(crtcIndex: crtcIndex).first else { return nil }
        let props = card.properties(object: id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        guard let crtc = props["CRTC_ID"]?.id, let fb = props["WRITEBACK_FB_ID"]?.id,
              let fence = props["WRITEBACK_OUT_FENCE_PTR"]?.id,
              let made = try? DumbBuffer(fd: card.fd, width: width, height: height, format: vitrine_drm_format_xrgb8888(),
                                         bytesPerPixel: 4) else { return nil }
        connector = id
        crtcProperty = crtc
        framebufferProperty = fb
        fenceProperty = fence
        buffer = made
    }

    /// Adds the writeback of this commit to `request`: routed to `crtc`, into our buffer, its fence into `fence`
    /// (which must stay valid until the commit returns). Returns whether the commit must allow a modeset (the
    /// first one routes the connector).
    func add(to request: drmModeAtomicReqPtr, crtc: UInt32, fence: UnsafeMutablePointer<Int32>) -> Bool {
        fence.pointee = -1
        drmModeAtomicAddProperty(request, connector, crtcProperty, UInt64(crtc))
        drmModeAtomicAddProperty(request, connector, framebufferProperty, UInt64(buffer.framebufferID))
        drmModeAtomicAddProperty(request, connector, fenceProperty, UInt64(UInt(bitPattern: fence)))
        return !attached
    }

    /// The commit that carried `add(to:…)` succeeded.
    func committed() { attached = true }

    /// Waits for the writeback's fence (the kernel has written the frame), up to `milliseconds`; closes it.
    func wait(fence: Int32, milliseconds: Int32 = 2000) -> Bool {
        guard fence >= 0 else { return false }
        defer { close(fence) }
        var p = pollfd(fd: fence, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, milliseconds) == 1
    }

    /// Writes the captured frame as a binary PPM (what QEMU's screendump writes, so the same comparisons read both).
    func writePPM(to path: String) throws {
        let w = buffer.width, h = buffer.height
        var out = Data("P6\n\(w) \(h)\n255\n".utf8)
        out.reserveCapacity(out.count + w * h * 3)
        var row = [UInt8](repeating: 0, count: w * 3)
        for y in 0..<h {
            let line = buffer.memory.advanced(by: y * buffer.pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let v = line[x] // XRGB8888: 0xXXRRGGBB
                row[x * 3] = UInt8((v >> 16) & 0xFF)
                row[x * 3 + 1] = UInt8((v >> 8) & 0xFF)
                row[x * 3 + 2] = UInt8(v & 0xFF)
            }
            out.append(contentsOf: row)
        }
        try out.write(to: URL(fileURLWithPath: path))
    }
}
