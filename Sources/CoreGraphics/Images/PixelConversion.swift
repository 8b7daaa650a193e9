import CPixman
import Foundation

// Conversions between Vitrine's native pixels (premultiplied ARGB32 words, see CGImage.swift) and the other
// layouts of `CGBitmapFormat`. The 32-bit RGB layouts go through pixman (SIMD, the same code the compositor
// uses); the rest are scalar loops. All unsafe pointer arithmetic for them lives in this file.

/// A rectangle of pixels in memory: where it starts, how far apart its rows are, and its size.
struct PixelBuffer {
    var base: UnsafeMutableRawPointer
    var bytesPerRow: Int
    var width: Int
    var height: Int
}

enum PixelConversion {
    /// Reads `source` (in `format`) into `native` (premultiplied ARGB32). Non-premultiplied alpha is
    /// premultiplied; layouts without alpha become opaque; grey becomes equal R, G and B; an alpha-only mask
    /// becomes black with that alpha.
    static func toNative(_ source: PixelBuffer, format: CGBitmapFormat, into native: PixelBuffer) {
        if let pixmanFormat = format.pixmanFormat(writingSkipByteAsAlpha: false), !format.isNonPremultiplied {
            return pixmanCopy(from: source, pixmanFormat, to: native, PIXMAN_a8r8g8b8)
        }
        for y in 0..<source.height {
            let src = UnsafeRawPointer(source.base + y * source.bytesPerRow)
            let dst = (native.base + y * native.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<source.width {
                dst[x] = nativePixel(src, x, format)
            }
        }
    }

    /// Writes `native` (premultiplied ARGB32) into `destination` in `format` (a context format: premultiplied
    /// or no alpha). With `unchangedSince`, only pixels that differ from that earlier copy of `native` are
    /// written, so a layout finer than 8 bits a component keeps the precision of pixels drawing did not touch.
    static func fromNative(_ native: PixelBuffer, into destination: PixelBuffer, format: CGBitmapFormat,
                           unchangedSince previous: UnsafeRawPointer? = nil) {
        if previous == nil, let pixmanFormat = format.pixmanFormat(writingSkipByteAsAlpha: true) {
            return pixmanCopy(from: native, PIXMAN_a8r8g8b8, to: destination, pixmanFormat)
        }
        for y in 0..<native.height {
            let src = UnsafeRawPointer(native.base + y * native.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let old = previous.map { ($0 + y * native.bytesPerRow).assumingMemoryBound(to: UInt32.self) }
            let dst = destination.base + y * destination.bytesPerRow
            for x in 0..<native.width where old == nil || old![x] != src[x] {
                store(src[x], dst, x, format)
            }
        }
    }

    // MARK: pixman

    private static func pixmanCopy(from source: PixelBuffer, _ sourceFormat: pixman_format_code_t,
                                   to destination: PixelBuffer, _ destinationFormat: pixman_format_code_t) {
        guard let src = pixman_image_create_bits(sourceFormat, Int32(source.width), Int32(source.height),
                                                 source.base.assumingMemoryBound(to: UInt32.self), Int32(source.bytesPerRow)),
              let dst = pixman_image_create_bits(destinationFormat, Int32(destination.width), Int32(destination.height),
                                                 destination.base.assumingMemoryBound(to: UInt32.self),
                                                 Int32(destination.bytesPerRow)) else { return }
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, 0, 0,
                                 Int32(Swift.min(source.width, destination.width)),
                                 Int32(Swift.min(source.height, destination.height)))
        pixman_image_unref(src)
        pixman_image_unref(dst)
    }

    // MARK: Scalar pixels

    /// One pixel of `format` at index `x` of a row, as a native word.
    private static func nativePixel(_ row: UnsafeRawPointer, _ x: Int, _ format: CGBitmapFormat) -> UInt32 {
        var a: UInt32 = 255, r: UInt32, g: UInt32, b: UInt32
        switch format.layout {
        case .rgb32(let alphaFirst, let littleEndian):
            let p = row + x * 4
            // Bytes in the word's order, most significant first.
            let bytes = littleEndian ? (p.load(fromByteOffset: 3, as: UInt8.self), p.load(fromByteOffset: 2, as: UInt8.self),
                                        p.load(fromByteOffset: 1, as: UInt8.self), p.load(as: UInt8.self))
                                     : (p.load(as: UInt8.self), p.load(fromByteOffset: 1, as: UInt8.self),
                                        p.load(fromByteOffset: 2, as: UInt8.self), p.load(fromByteOffset: 3, as: UInt8.self))
            if alphaFirst {
                (a, r, g, b) = (UInt32(bytes.0), UInt32(bytes.1), UInt32(bytes.2), UInt32(bytes.3))
            } else {
                (r, g, b, a) = (UInt32(bytes.0), UInt32(bytes.1), UInt32(bytes.2), UInt32(bytes.3))
            }
            if format.isOpaque { a = 255 }
        case .rgb24:
            let p = row + x * 3
            r = UInt32(p.load(as: UInt8.self)); g = UInt32(p.load(fromByteOffset: 1, as: UInt8.self))
            b = UInt32(p.load(fromByteOffset: 2, as: UInt8.self))
        case .rgb64(let littleEndian):
            let p = row + x * 8
            func component(_ i: Int) -> UInt32 {
                let raw = p.loadUnaligned(fromByteOffset: i * 2, as: UInt16.self)
                let v = UInt32(littleEndian ? UInt16(littleEndian: raw) : UInt16(bigEndian: raw))
                return (v + 128) / 257
            }
            r = component(0); g = component(1); b = component(2)
            a = format.isOpaque ? 255 : component(3)
        case .rgb555(let littleEndian):
            let raw = row.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self)
            let v = UInt32(littleEndian ? UInt16(littleEndian: raw) : UInt16(bigEndian: raw))
            func expand(_ c: UInt32) -> UInt32 { (c << 3) | (c >> 2) }
            r = expand((v >> 10) & 31); g = expand((v >> 5) & 31); b = expand(v & 31)
        case .gray8:
            let v = UInt32(row.load(fromByteOffset: x, as: UInt8.self))
            (r, g, b) = (v, v, v)
        case .alpha8:
            return UInt32(row.load(fromByteOffset: x, as: UInt8.self)) << 24
        }
        if format.isNonPremultiplied && a < 255 {
            r = (r * a + 127) / 255; g = (g * a + 127) / 255; b = (b * a + 127) / 255
        }
        return a << 24 | r << 16 | g << 8 | b
    }

    /// Stores native word `pixel` at index `x` of a row of `format`.
    private static func store(_ pixel: UInt32, _ row: UnsafeMutableRawPointer, _ x: Int, _ format: CGBitmapFormat) {
        let a = pixel >> 24, r = (pixel >> 16) & 255, g = (pixel >> 8) & 255, b = pixel & 255
        switch format.layout {
        case .rgb32(let alphaFirst, let littleEndian):
            // A skip byte gets the pixel's alpha (0xFF wherever drawing left it opaque), as pixman writes it.
            let word = alphaFirst ? (a << 24 | r << 16 | g << 8 | b) : (r << 24 | g << 16 | b << 8 | a)
            row.storeBytes(of: littleEndian ? word.littleEndian : word.bigEndian, toByteOffset: x * 4, as: UInt32.self)
        case .rgb24:
            row.storeBytes(of: UInt8(r), toByteOffset: x * 3, as: UInt8.self)
            row.storeBytes(of: UInt8(g), toByteOffset: x * 3 + 1, as: UInt8.self)
            row.storeBytes(of: UInt8(b), toByteOffset: x * 3 + 2, as: UInt8.self)
        case .rgb64(let littleEndian):
            for (i, c) in [r, g, b, format.isOpaque ? 255 : a].enumerated() {
                let v = UInt16(c * 257)
                row.storeBytes(of: littleEndian ? v.littleEndian : v.bigEndian, toByteOffset: x * 8 + i * 2, as: UInt16.self)
            }
        case .rgb555(let littleEndian):
            func reduce(_ c: UInt32) -> UInt32 { (c * 31 + 127) / 255 }
            let v = UInt16(reduce(r) << 10 | reduce(g) << 5 | reduce(b))
            row.storeBytes(of: littleEndian ? v.littleEndian : v.bigEndian, toByteOffset: x * 2, as: UInt16.self)
        case .gray8:
            // The colour over black (an alpha-less bitmap shows premultiplied values), as luma with the
            // Rec. 601 weights on the encoded values.
            let luma = (299 * r + 587 * g + 114 * b + 500) / 1000
            row.storeBytes(of: UInt8(Swift.min(255, luma)), toByteOffset: x, as: UInt8.self)
        case .alpha8:
            row.storeBytes(of: UInt8(a), toByteOffset: x, as: UInt8.self)
        }
    }
}

extension CGBitmapFormat {
    /// Whether colour is stored without being multiplied by alpha (images only).
    var isNonPremultiplied: Bool { alphaInfo == .first || alphaInfo == .last }

    /// The pixman format with the same bytes in memory, for the 32-bit RGB layouts (little-endian host).
    /// Reading, a skip byte must be ignored (the pixel is opaque); writing, it gets the alpha, so an opaque
    /// pixel's skip byte is 0xFF rather than pixman's 0 for "x" channels (Core Graphics leaves its value
    /// unspecified; 0xFF reads back the same through either interpretation).
    func pixmanFormat(writingSkipByteAsAlpha: Bool) -> pixman_format_code_t? {
        guard case .rgb32(let alphaFirst, let littleEndian) = layout else { return nil }
        let skip = isOpaque && !writingSkipByteAsAlpha
        switch (alphaFirst, littleEndian) {
        case (true, true): return skip ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8     // B G R A
        case (true, false): return skip ? PIXMAN_b8g8r8x8 : PIXMAN_b8g8r8a8    // A R G B
        case (false, false): return skip ? PIXMAN_x8b8g8r8 : PIXMAN_a8b8g8r8   // R G B A
        case (false, true): return skip ? PIXMAN_r8g8b8x8 : PIXMAN_r8g8b8a8    // A B G R
        }
    }
}
