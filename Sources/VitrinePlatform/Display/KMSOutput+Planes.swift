import CDRM
import CVitrineShims
import Foundation
import Glibc
import Logging

// The panel's hardware planes beside the primary one: the cursor plane (the pointer moves without a frame) and an
// overlay plane (a video layer scanned out on its own).
extension KMSOutput {
    /// Puts `image` (upright) on the CRTC's cursor plane, hidden until `moveCursor`; `false` when the driver has no
    /// cursor plane or the image does not fit the plane's size (the caller then draws the pointer itself). The
    /// legacy cursor calls are used: drivers with a cursor plane turn them into cursor-plane updates that need no
    /// page flip, so moving the pointer repaints nothing.
    public func installCursor(_ image: CursorImage) -> Bool {
        let upright = image.turned(rotation)
        let w = Int(card.capability(DRM_CAP_CURSOR_WIDTH) ?? 64), h = Int(card.capability(DRM_CAP_CURSOR_HEIGHT) ?? 64)
        guard upright.width <= w, upright.height <= h, !isReleased,
              let buffer = try? DumbBuffer(fd: card.fd, width: w, height: h, format: vitrine_drm_format_argb8888(), bytesPerPixel: 4),
              buffer.pitch == w * 4 else { return false }
        for y in 0..<upright.height {
            let row = buffer.memory.advanced(by: y * buffer.pitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<upright.width { row[x] = upright.pixels[y * upright.width + x] }
        }
        // Probe: a driver without a cursor plane refuses (ENXIO, EINVAL); hide it again at once.
        guard drmModeSetCursor2(card.fd, crtc.rawValue, buffer.handle, UInt32(w), UInt32(h),
                                Int32(upright.hotspotX), Int32(upright.hotspotY)) == 0 else {
            log.info("no cursor plane on \(card.driverName) (\(String(cString: strerror(errno)))): the pointer is drawn in the frame")
            return false
        }
        drmModeSetCursor(card.fd, crtc.rawValue, 0, 0, 0)
        cursor = (buffer, upright)
        cursorShown = false
        log.info("pointer on the cursor plane (\(w)x\(h))")
        return true
    }

    /// Moves the pointer's hotspot to logical pixel (`x`, `y`) and shows it.
    public func moveCursor(toLogicalX x: Double, y: Double) {
        guard let cursor, !isReleased, !isPoweredDown else { return }
        let lx = Int(x.rounded(.down)), ly = Int(y.rounded(.down))
        let (pw, ph) = (mode.width, mode.height)
        let (px, py): (Int, Int)
        switch rotation {
        case 90: (px, py) = (pw - 1 - ly, lx)
        case 180: (px, py) = (pw - 1 - lx, ph - 1 - ly)
        case 270: (px, py) = (ly, ph - 1 - lx)
        default: (px, py) = (lx, ly)
        }
        cursorPanelPosition = (px - cursor.image.hotspotX, py - cursor.image.hotspotY)
        if !cursorShown { showCursorPlane() }
        if drmModeMoveCursor(card.fd, crtc.rawValue, Int32(cursorPanelPosition.x), Int32(cursorPanelPosition.y)) == 0 {
            cursorUpdates += 1
        }
    }

    /// Hides the pointer (touch input took over, as touch devices do).
    public func hideCursor() {
        guard cursor != nil, cursorShown else { return }
        cursorShown = false
        if !isReleased, drmModeSetCursor(card.fd, crtc.rawValue, 0, 0, 0) == 0 { cursorUpdates += 1 }
    }

    /// Whether the pointer shows on the cursor plane now.
    public var isCursorShown: Bool { cursorShown }

    func showCursorPlane() {
        guard let cursor else { return }
        let b = cursor.buffer
        if drmModeSetCursor2(card.fd, crtc.rawValue, b.handle, UInt32(b.width), UInt32(b.height),
                             Int32(cursor.image.hotspotX), Int32(cursor.image.hotspotY)) == 0 {
            cursorShown = true
            cursorUpdates += 1
            drmModeMoveCursor(card.fd, crtc.rawValue, Int32(cursorPanelPosition.x), Int32(cursorPanelPosition.y))
        }
    }

    // MARK: The overlay plane

    public func showOverlay(pixels: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int, x: Int, y: Int, changed: Bool) -> Bool {
        // Not turned: the plane would need turning too (a rotated panel composites the picture instead).
        guard let overlay, rotation == 0, !isReleased, let atomic = committer as? AtomicCommitter, modeSet,
              width > 0, height > 0, x >= 0, y >= 0, x + width <= mode.width, y + height <= mode.height else { return false }
        let placed = OverlayPlane.Placement(x: x, y: y, width: width, height: height)
        let isNew = overlay.shown != placed
        guard overlay.prepare(placed) else { return false }
        if changed || isNew {
            overlay.write(pixels: pixels, bytesPerRow: bytesPerRow)
            overlayBytesCopiedLastFrame = width * height * 4
        } else {
            overlayBytesCopiedLastFrame = 0
        }
        if isNew {
            // A first placement (or a new size or place): the driver must accept it with the frame as it is.
            overlay.pending = true
            let front = buffers[1 - back]
            guard atomic.test(scanout(front, modeset: false)) else {
                log.notice("the overlay plane refused a \(width)x\(height) picture at (\(x), \(y)) (TEST_ONLY): composited instead")
                overlay.release()
                return false
            }
            log.info("a \(width)x\(height) picture on overlay plane \(overlay.plane) at (\(x), \(y))")
        }
        if changed || isNew {
            overlay.pending = true
            submitIfReady()
        }
        return true
    }

    public func hideOverlay() {
        guard let overlay, overlay.shown != nil else { return }
        overlay.hide()
        submitIfReady()
    }
}
