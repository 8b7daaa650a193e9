// The painter's occlusion: a big fill leaves out what layers painted after it cover (`Painter.fillUncovered`), so
// that what an opaque layer hides is painted once.
import CCairo
import CPixman
@testable import QuartzCore
import Testing
import VitrinePlatform

@MainActor @Suite struct PainterTests {
    @Test func aBigFillLeavesOutExactlyWhatLayersPaintedAfterItCover() {
        let width = 200, height = 150, sentinel: UInt32 = 0xff12_3456
        let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), nil, 0)!
        defer { pixman_image_unref(image) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)!
        defer { cairo_surface_destroy(surface) }
        let pixels = pixman_image_get_data(image)!
        let occluders: [(rect: PixelRect, order: Int)] = [
            (PixelRect(x: 0, y: 0, width: 300, height: 300), 2),    // painted before the fill (order 3): not left out
            (PixelRect(x: 20, y: 20, width: 40, height: 30), 4),
            (PixelRect(x: 50, y: 30, width: 40, height: 40), 5),   // overlaps the one before
            (PixelRect(x: -10, y: 100, width: 30, height: 80), 6), // sticks out of the fill
            (PixelRect(x: 120, y: 20, width: 30, height: 100), 7),
            (PixelRect(x: 125, y: 40, width: 10, height: 10), 8),  // inside the one before
            (PixelRect(x: 160, y: 0, width: 10, height: 10), 9),   // outside the fill
        ]
        let fill = PixelRect(x: 5, y: 10, width: 180, height: 130)
        let colour = pixman_color_t(red: 0xffff, green: 0x8080, blue: 0, alpha: 0xffff)
        for round in 0..<2 {
            // Opaque, then translucent: both kinds of fill leave the same pixels out.
            let c = round == 0 ? colour : pixman_color_t(red: 0x4040, green: 0x2020, blue: 0, alpha: 0x8080)
            for i in 0..<width * height { pixels[i] = sentinel }
            var plain = [UInt32](repeating: sentinel, count: width * height)
            plain.withUnsafeMutableBufferPointer { buffer in
                let reference = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), buffer.baseAddress, Int32(width * 4))!
                Painter.fill(fill, c, into: reference)
                pixman_image_unref(reference)
            }
            occluders.withUnsafeBufferPointer { list in
                let direct = Painter.Direct(destination: image, surface: surface, clip: PixelRect(x: 0, y: 0, width: width, height: height),
                                            occluders: list)
                Painter.fillUncovered(fill, c, direct, paintedBefore: 3)
            }
            var wrong = 0
            for y in 0..<height {
                for x in 0..<width {
                    let hidden = occluders.contains { $0.order > 3 && $0.rect.contains(PixelRect(x: x, y: y, width: 1, height: 1)) }
                    let expected = hidden ? sentinel : plain[y * width + x]
                    if pixels[y * width + x] != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "round \(round)")
        }
    }
}
