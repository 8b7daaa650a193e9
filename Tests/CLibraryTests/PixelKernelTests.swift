// The compositor's own pixel loops give pixman's pixels, bit for bit (frames composited partly by either must
// not differ), on every alpha, at widths that exercise the vector loop and its scalar tail.
import CPixelKernels
import CPixman
import Testing

@Suite struct PixelKernelTests {
    /// A deterministic pseudo-random frame: premultiplied pixels (each channel at most its alpha).
    func frame(width: Int, height: Int, stride: Int, seed: UInt64) -> [UInt32] {
        var state = seed
        func next() -> UInt32 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: state >> 33) }
        var pixels = [UInt32](repeating: 0, count: stride / 4 * height)
        for i in pixels.indices {
            let a = next() & 0xff
            // Some opaque and some empty pixels too: the ends of the range.
            let alpha = i % 7 == 0 ? 0xff : i % 11 == 0 ? 0 : a
            let c = { alpha == 0 ? 0 : next() % (alpha + 1) }
            pixels[i] = alpha << 24 | c() << 16 | c() << 8 | c()
        }
        return pixels
    }

    /// pixman's OVER of the solid colour `pixel` (8-bit premultiplied, widened as pixman widens) over the frame.
    func pixmanOver(_ pixels: inout [UInt32], width: Int, height: Int, stride: Int, pixel: UInt32, x: Int, y: Int, w: Int, h: Int) {
        func wide(_ shift: UInt32) -> UInt16 { UInt16((pixel >> shift) & 0xff) * 0x101 }
        var color = pixman_color_t(red: wide(16), green: wide(8), blue: wide(0), alpha: wide(24))
        pixels.withUnsafeMutableBufferPointer { buffer in
            let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), buffer.baseAddress, Int32(stride))
            let solid = pixman_image_create_solid_fill(&color)
            pixman_image_composite32(PIXMAN_OP_OVER, solid, nil, image, 0, 0, 0, 0, Int32(x), Int32(y), Int32(w), Int32(h))
            pixman_image_unref(solid)
            pixman_image_unref(image)
        }
    }

    @Test func aRowCopyStreamedOrNotCopiesExactlyTheRectangle() {
        // Widths around the 16- and 64-byte steps, every start offset in a 64-byte block; rows of different strides.
        let source = frame(width: 300, height: 5, stride: 1216, seed: 7)
        for streaming in [Int32(0), 1] {
            for width in [1, 3, 4, 5, 15, 16, 17, 31, 64, 100, 244] {
                for offset in 0..<16 {
                    var dst = [UInt32](repeating: 0xdead_beef, count: 1040 / 4 * 5)
                    source.withUnsafeBufferPointer { s in
                        dst.withUnsafeMutableBufferPointer { d in
                            vitrine_copy_rows(d.baseAddress! + offset, 1040, s.baseAddress! + 3, 1216, Int32(width), 5, streaming)
                        }
                    }
                    var expected = [UInt32](repeating: 0xdead_beef, count: 1040 / 4 * 5)
                    for y in 0..<5 { for x in 0..<width { expected[y * 260 + offset + x] = source[y * 304 + 3 + x] } }
                    #expect(dst == expected, "width \(width) at \(offset), streaming \(streaming)")
                }
            }
        }
    }

    @Test func anOpaqueFillIsPixmansToTheBitAtEveryWidthAndAlignment() {
        // Widths around the eight-pixel store and the 32-pixel loop, starting at every pixel of a 32-byte block (the
        // aligned stores begin at the first boundary); the frame's other pixels must not change.
        let frameWidth = 140, height = 5, stride = (frameWidth + 5) * 4
        let pixel: UInt32 = 0xff40_6099
        func wide(_ shift: UInt32) -> UInt16 { UInt16((pixel >> shift) & 0xff) * 0x101 }
        for width in Array(1...41) + [64, 100, 127] {
            for x in 0..<9 {
                let original = frame(width: frameWidth, height: height, stride: stride, seed: UInt64(width * 16 + x))
                var expected = original, vector = original, scalar = original
                expected.withUnsafeMutableBufferPointer { buffer in
                    let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(frameWidth), Int32(height), buffer.baseAddress, Int32(stride))
                    var color = pixman_color_t(red: wide(16), green: wide(8), blue: wide(0), alpha: wide(24))
                    var box = pixman_rectangle16_t(x: Int16(x), y: 1, width: UInt16(width), height: UInt16(height - 2))
                    pixman_image_fill_rectangles(PIXMAN_OP_SRC, image, &color, 1, &box)
                    pixman_image_unref(image)
                }
                vector.withUnsafeMutableBufferPointer {
                    vitrine_fill($0.baseAddress! + stride / 4 + x, Int32(stride), Int32(width), Int32(height - 2), pixel)
                }
                scalar.withUnsafeMutableBufferPointer {
                    vitrine_fill_scalar($0.baseAddress! + stride / 4 + x, Int32(stride), Int32(width), Int32(height - 2), pixel)
                }
                #expect(vector == expected, "width \(width) at \(x): the vector fill differs from pixman")
                #expect(scalar == expected, "width \(width) at \(x): the scalar fill differs from pixman")
                #expect(vector != original)
            }
        }
    }

    @Test(arguments: [1, 7, 8, 13, 64, 250])
    func aTranslucentColourOverTheFrameIsPixmansToTheBit(width: Int) {
        let height = 9, stride = (width + 3) * 4 // rows padded: the stride is honoured
        for alpha in UInt32(0)...255 {
            // A premultiplied colour of this alpha (channels at most alpha), different per alpha.
            let pixel = alpha << 24 | (alpha * 3 / 4) << 16 | (alpha / 2) << 8 | (alpha / 5)
            let original = frame(width: width, height: height, stride: stride, seed: UInt64(alpha) + 1)
            var expected = original, vector = original, scalar = original
            // An inner rectangle: the pixels around it must not change.
            let (x, y, w, h) = (width > 2 ? 1 : 0, 1, max(1, width - 2), height - 2)
            pixmanOver(&expected, width: width, height: height, stride: stride, pixel: pixel, x: x, y: y, w: w, h: h)
            vector.withUnsafeMutableBufferPointer {
                vitrine_over_solid($0.baseAddress! + y * stride / 4 + x, Int32(stride), Int32(w), Int32(h), pixel)
            }
            scalar.withUnsafeMutableBufferPointer {
                vitrine_over_solid_scalar($0.baseAddress! + y * stride / 4 + x, Int32(stride), Int32(w), Int32(h), pixel)
            }
            #expect(vector == expected, "alpha \(alpha), width \(width): the vector loop differs from pixman")
            #expect(scalar == expected, "alpha \(alpha), width \(width): the scalar loop differs from pixman")
            if alpha == 128 { #expect(vector != original) } // the test blends something
        }
    }

    @Test(arguments: [1, 7, 8, 13, 64, 250])
    func aTranslucentImageOverTheFrameIsPixmansToTheBit(width: Int) {
        let height = 9, stride = (width + 3) * 4, sourceStride = (width + 5) * 4
        for seed in UInt64(1)...40 {
            let original = frame(width: width, height: height, stride: stride, seed: seed)
            var source = frame(width: width, height: height, stride: sourceStride, seed: seed &* 977)
            // A transparent stretch, as around a label's text: skipped, and the pixels under it kept.
            for y in 0..<height { for x in 0..<min(width / 2, 9) { source[y * sourceStride / 4 + x] = 0 } }
            var expected = original, vector = original, scalar = original, padded = original
            let (x, y, w, h) = (width > 2 ? 1 : 0, 1, max(1, width - 2), height - 2)
            source.withUnsafeMutableBufferPointer { s in
                expected.withUnsafeMutableBufferPointer { e in
                    let from = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), s.baseAddress, Int32(sourceStride))
                    let to = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), e.baseAddress, Int32(stride))
                    pixman_image_composite32(PIXMAN_OP_OVER, from, nil, to, Int32(x), Int32(y), 0, 0, Int32(x), Int32(y), Int32(w), Int32(h))
                    pixman_image_unref(from); pixman_image_unref(to)
                }
                let at = y * sourceStride / 4 + x
                vector.withUnsafeMutableBufferPointer {
                    vitrine_over_argb($0.baseAddress! + y * stride / 4 + x, Int32(stride), s.baseAddress! + at, Int32(sourceStride), Int32(w), Int32(h))
                }
                scalar.withUnsafeMutableBufferPointer {
                    vitrine_over_argb_scalar($0.baseAddress! + y * stride / 4 + x, Int32(stride), s.baseAddress! + at, Int32(sourceStride),
                                             Int32(w), Int32(h))
                }
            }
            #expect(vector == expected, "seed \(seed), width \(width): the vector loop differs from pixman")
            #expect(scalar == expected, "seed \(seed), width \(width): the scalar loop differs from pixman")
            if seed == 1 { #expect(vector != original) }
        }
    }

    @Test(arguments: [1, 7, 8, 13, 64, 250])
    func aColourThroughACoverageMaskIsPixmansToTheBit(width: Int) {
        let height = 9, stride = (width + 3) * 4, maskStride = (width + 6 + 3) / 4 * 4 // pixman: rows of whole words
        for alpha in Swift.stride(from: UInt32(0), through: 255, by: 5) { for runs in [false, true] {
            let pixel = alpha << 24 | (alpha * 3 / 4) << 16 | (alpha / 2) << 8 | (alpha / 5)
            var original = frame(width: width, height: height, stride: stride, seed: UInt64(alpha) + 7)
            // Coverage of every kind: none, full, partial (an antialiased edge). With `runs`, every other row fully
            // covered and the left half of the frame transparent (a corner's inside, glyphs on a cleared store).
            var mask = [UInt8](repeating: 0, count: maskStride * height)
            for i in mask.indices { mask[i] = i % 5 == 0 ? 0 : i % 3 == 0 ? 255 : UInt8(truncatingIfNeeded: i &* 37) }
            if runs {
                for y in Swift.stride(from: 0, to: height, by: 2) { for x in 0..<maskStride { mask[y * maskStride + x] = 255 } }
                for y in 0..<height { for x in 0..<(width + 3) / 2 { original[y * stride / 4 + x] = 0 } }
            }
            var expected = original, vector = original, scalar = original, padded = original
            let (x, y, w, h) = (width > 2 ? 1 : 0, 1, max(1, width - 2), height - 2)
            func wide(_ shift: UInt32) -> UInt16 { UInt16((pixel >> shift) & 0xff) * 0x101 }
            var color = pixman_color_t(red: wide(16), green: wide(8), blue: wide(0), alpha: wide(24))
            mask.withUnsafeMutableBufferPointer { m in
                expected.withUnsafeMutableBufferPointer { e in
                    let coverage = pixman_image_create_bits(PIXMAN_a8, Int32(width), Int32(height),
                                                            UnsafeMutableRawPointer(m.baseAddress!).assumingMemoryBound(to: UInt32.self),
                                                            Int32(maskStride))
                    let to = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), e.baseAddress, Int32(stride))
                    let solid = pixman_image_create_solid_fill(&color)
                    pixman_image_composite32(PIXMAN_OP_OVER, solid, coverage, to, 0, 0, Int32(x), Int32(y), Int32(x), Int32(y), Int32(w), Int32(h))
                    pixman_image_unref(solid); pixman_image_unref(coverage); pixman_image_unref(to)
                }
                let at = y * maskStride + x
                vector.withUnsafeMutableBufferPointer {
                    vitrine_over_solid_masked($0.baseAddress! + y * stride / 4 + x, Int32(stride), m.baseAddress! + at, Int32(maskStride),
                                              Int32(w), Int32(h), pixel)
                }
                scalar.withUnsafeMutableBufferPointer {
                    vitrine_over_solid_masked_scalar($0.baseAddress! + y * stride / 4 + x, Int32(stride), m.baseAddress! + at,
                                                     Int32(maskStride), Int32(w), Int32(h), pixel)
                }
                // Rows here are followed by at least seven readable bytes (the mask's further columns and rows, none
                // of them zero-filled): the padded loop must ignore them.
                padded.withUnsafeMutableBufferPointer {
                    vitrine_over_solid_masked_padded($0.baseAddress! + y * stride / 4 + x, Int32(stride), m.baseAddress! + at,
                                                     Int32(maskStride), Int32(w), Int32(h), pixel)
                }
            }
            // With holes: each row leaves out a run of columns (given in the mask's columns, the window starting `x`
            // in), which keep the pixels they had; empty and reversed runs leave out nothing.
            var holes = [Int32](repeating: 0, count: 2 * h)
            for j in 0..<h {
                let from = j % 3 + j % 4 * 3
                holes[2 * j] = Int32(from); holes[2 * j + 1] = Int32(j == 2 ? from - 1 : from + j % 5 * 4)
            }
            var holed = original
            mask.withUnsafeBufferPointer { m in
                holed.withUnsafeMutableBufferPointer {
                    vitrine_over_solid_masked_holes($0.baseAddress! + y * stride / 4 + x, Int32(stride), m.baseAddress! + y * maskStride + x,
                                                    Int32(maskStride), Int32(w), Int32(h), pixel, holes, Int32(x))
                }
            }
            var expectedHoled = expected
            for j in 0..<h where holes[2 * j] < holes[2 * j + 1] {
                for column in Int(holes[2 * j])..<max(Int(holes[2 * j]), min(Int(holes[2 * j + 1]), x + w)) where column >= x {
                    expectedHoled[(y + j) * stride / 4 + column] = original[(y + j) * stride / 4 + column]
                }
            }
            #expect(holed == expectedHoled, "alpha \(alpha), width \(width), runs \(runs): the loop with holes differs")
            #expect(vector == expected, "alpha \(alpha), width \(width), runs \(runs): the vector loop differs from pixman")
            #expect(padded == expected, "alpha \(alpha), width \(width), runs \(runs): the padded-mask loop differs from pixman")
            #expect(scalar == expected, "alpha \(alpha), width \(width), runs \(runs): the scalar loop differs from pixman")
            if alpha == 255 { #expect(vector != original) }
        } }
    }
}
