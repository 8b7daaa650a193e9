import CDRM
import CPixman
import CVitrineShims
import Foundation
import Glibc

// The copy out: the frame's damage from the compositor's shadow buffer into the back dumb buffer (written, never
// read), turned for a panel mounted rotated when the plane does not turn it, converted for an RGB565 plane.
extension KMSOutput {
    /// Copies `rects` (logical pixels) of the shadow buffer into `buffer` (panel pixels), turning them by the
    /// panel's rotation; never reads the buffer. Returns the bytes written.
    func copy(_ rects: [PixelRect], from pixels: UnsafeRawPointer, bytesPerRow: Int, into buffer: DumbBuffer) -> Int {
        var bytes = 0
        let logical = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight)
        let xrgb = vitrine_drm_format_xrgb8888()
        let bytesPerPixel = format == vitrine_drm_format_argb8888() || format == xrgb ? 4 : 2
        let streaming = FrameCopy.streams(rects)
        for rect in rects {
            let r = rect.intersection(logical)
            guard !r.isEmpty else { continue }
            if format == xrgb && copyRotation == 0 {
                FrameCopy.copy(r, from: pixels, bytesPerRow: bytesPerRow, to: buffer.memory, destinationBytesPerRow: buffer.pitch,
                               streaming: streaming)
            } else {
                pixmanCopy(r, from: pixels, bytesPerRow: bytesPerRow, into: buffer)
            }
            bytes += r.area * bytesPerPixel
        }
        return bytes
    }

    /// The general copy: pixman converts the format (ARGB8888 written opaque, RGB565) and turns the rectangle.
    private func pixmanCopy(_ r: PixelRect, from pixels: UnsafeRawPointer, bytesPerRow: Int, into buffer: DumbBuffer) {
        let dstFormat = format == vitrine_drm_format_argb8888() ? PIXMAN_a8r8g8b8
            : format == vitrine_drm_format_xrgb8888() ? PIXMAN_x8r8g8b8 : PIXMAN_r5g6b5
        guard let src = pixman_image_create_bits(PIXMAN_x8r8g8b8, Int32(pixelWidth), Int32(pixelHeight),
                                                 UnsafeMutablePointer(mutating: pixels.assumingMemoryBound(to: UInt32.self)),
                                                 Int32(bytesPerRow)),
              let dst = pixman_image_create_bits(dstFormat, Int32(buffer.width), Int32(buffer.height),
                                                 buffer.memory.assumingMemoryBound(to: UInt32.self), Int32(buffer.pitch)) else { return }
        defer { pixman_image_unref(src); pixman_image_unref(dst) }
        let target = panelRect(r)
        if copyRotation != 0 {
            // pixman maps destination (panel) pixels to source (logical) ones.
            let (pw, ph) = (Double(buffer.width), Double(buffer.height))
            let m: [[Double]]
            switch copyRotation {
            case 90: m = [[0, 1, 0], [-1, 0, pw]]      // x = py, y = PW - px
            case 180: m = [[-1, 0, pw], [0, -1, ph]]   // x = PW - px, y = PH - py
            default: m = [[0, -1, ph], [1, 0, 0]]      // x = PH - py, y = px
            }
            var t = pixman_transform_t()
            pixman_transform_init_identity(&t)
            withUnsafeMutableBytes(of: &t.matrix) { raw in
                let f = raw.bindMemory(to: pixman_fixed_t.self)
                for row in 0..<2 { for col in 0..<3 { f[row * 3 + col] = pixman_fixed_t(m[row][col] * 65536) } }
            }
            pixman_image_set_transform(src, &t)
        }
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, Int32(target.x), Int32(target.y), 0, 0,
                                 Int32(target.x), Int32(target.y), Int32(target.width), Int32(target.height))
    }

    /// Where logical rectangle `r` lands in the buffers (the panel's pixels, or the upright picture when the plane
    /// turns it).
    func panelRect(_ r: PixelRect) -> PixelRect {
        let (pw, ph) = (mode.width, mode.height)
        switch copyRotation {
        case 90: return PixelRect(x: pw - r.maxY, y: r.x, width: r.height, height: r.width)
        case 180: return PixelRect(x: pw - r.maxX, y: ph - r.maxY, width: r.width, height: r.height)
        case 270: return PixelRect(x: r.y, y: ph - r.maxX, width: r.height, height: r.width)
        default: return r
        }
    }
}
