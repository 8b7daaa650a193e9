// Rounded and square backgrounds filled from cached masks at any sub-pixel position (`RoundedFill`): the same
// pixels as cairo's fill of the path, within the coverage of the sub-pixel grid the edges are placed on, and the
// same pixels whether a shape is filled whole or piece by piece under a clip (as damage rectangles cut it).
import CCairo
import CPixman
import Foundation
import Testing
@_spi(VitrineInternals) @testable import CoreGraphics
@testable import QuartzCore
import VitrinePlatform

@MainActor @Suite struct RoundedFillTests {
    nonisolated static let size = 96

    /// A transparent ARGB32 pixman image, and the memory under it.
    final class Canvas {
        let image: OpaquePointer
        let pixels: UnsafeMutablePointer<UInt32>
        init() {
            pixels = .allocate(capacity: RoundedFillTests.size * RoundedFillTests.size)
            pixels.initialize(repeating: 0, count: RoundedFillTests.size * RoundedFillTests.size)
            image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(RoundedFillTests.size), Int32(RoundedFillTests.size), pixels,
                                             Int32(RoundedFillTests.size * 4))!
        }
        deinit { pixman_image_unref(image); pixels.deallocate() }

        /// The largest difference of any channel of any pixel from `other`'s.
        func maxDifference(_ other: Canvas) -> Int {
            var worst = 0
            for i in 0..<(RoundedFillTests.size * RoundedFillTests.size) {
                let a = pixels[i], b = other.pixels[i]
                for shift in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xff) - Int((b >> UInt32(shift)) & 0xff)))
                }
            }
            return worst
        }

        /// cairo's fill of the path: the reference.
        func fillWithCairo(_ rect: CGRect, radius: Double, _ color: CGColor) {
            let surface = cairo_image_surface_create_for_data(UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: UInt8.self),
                                                              CAIRO_FORMAT_ARGB32, Int32(RoundedFillTests.size),
                                                              Int32(RoundedFillTests.size), Int32(RoundedFillTests.size * 4))!
            let cr = cairo_create(surface)!
            cairo_set_source_rgba(cr, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
            Painter.addShape(cr, rect, CGFloat(radius))
            cairo_fill(cr)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
    }

    static let whole = PixelRect(x: 0, y: 0, width: size, height: size)
    static let color = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)

    /// Shapes of every kind `fill` tells apart: a general rounded rectangle (four corners and bands), a square one,
    /// circles (one mask), thin horizontal and vertical capsules (two ends and a row or column profile), a thin
    /// rounded track, a sliver narrower than a pixel.
    static let shapes: [(CGRect, Double)] = [
        (CGRect(x: 10, y: 12, width: 60, height: 40), 8), (CGRect(x: 10, y: 12, width: 60, height: 40), 0),
        (CGRect(x: 20, y: 20, width: 27, height: 27), 13.5), (CGRect(x: 20, y: 20, width: 28, height: 28), 14),
        (CGRect(x: 5, y: 30, width: 80, height: 31), 15.5), (CGRect(x: 30, y: 5, width: 31, height: 80), 15.5),
        (CGRect(x: 4, y: 40, width: 88, height: 4), 2), (CGRect(x: 40, y: 10, width: 0.6, height: 50), 0),
        (CGRect(x: 3, y: 3, width: 51, height: 31), 15.5),
    ]
    static let offsets: [CGFloat] = [0, 0.25, 1.0 / 3, 0.5, 0.8125, 0.9]

    @Test func shapesAtEverySubPixelOffsetMatchCairosPathFill() {
        // Apart from rounding: the edges' placement on the grid, and cairo's own coverage, which samples 15 rows a
        // pixel (an edge a little lower may cover one sample row less: 1/15 of the pixel).
        let tolerance = 2 + Int((255 * (RoundedFill.largestEdgeError + 1.0 / 15)).rounded(.up))
        for (rect, radius) in Self.shapes {
            for dx in Self.offsets {
                for dy in [0, 0.5, 0.3] as [CGFloat] {
                    let placed = rect.offsetBy(dx: dx, dy: dy)
                    let ours = Canvas(), cairo = Canvas()
                    #expect(RoundedFill.fill(placed, radius: radius, color: Self.color.pixmanColor(), into: ours.image, clip: Self.whole))
                    cairo.fillWithCairo(placed, radius: radius, Self.color)
                    let difference = ours.maxDifference(cairo)
                    #expect(difference <= tolerance, "\(placed) radius \(radius): \(difference)")
                }
            }
        }
    }

    @Test func aShapeFilledUnderClipsIsTheShapeFilledWhole() {
        for (rect, radius) in Self.shapes {
            let placed = rect.offsetBy(dx: 0.4, dy: 0.7)
            let whole = Canvas(), pieces = Canvas()
            _ = RoundedFill.fill(placed, radius: radius, color: Self.color.pixmanColor(), into: whole.image, clip: Self.whole)
            // Bands of 7 rows and columns of 11, as damage rectangles cut through a shape.
            for y in stride(from: 0, to: Self.size, by: 7) {
                for x in stride(from: 0, to: Self.size, by: 11) {
                    _ = RoundedFill.fill(placed, radius: radius, color: Self.color.pixmanColor(), into: pieces.image,
                                         clip: PixelRect(x: x, y: y, width: 11, height: 7))
                }
            }
            #expect(whole.maxDifference(pieces) == 0, "\(placed) radius \(radius)")
        }
    }

    @Test func nothingIsDrawnOutsideTheShapesPixels() {
        for (rect, radius) in Self.shapes {
            let placed = rect.offsetBy(dx: 0.3, dy: 0.6)
            let canvas = Canvas()
            _ = RoundedFill.fill(placed, radius: radius, color: Self.color.pixmanColor(), into: canvas.image, clip: Self.whole)
            let covering = PixelRect(covering: placed)
            for y in 0..<Self.size {
                for x in 0..<Self.size where !covering.contains(PixelRect(x: x, y: y, width: 1, height: 1)) {
                    #expect(canvas.pixels[y * Self.size + x] == 0, "\(placed): pixel \(x), \(y)")
                }
            }
        }
    }

    @Test func shapesTooBigForAMaskAreLeftToThePath() {
        // A circle wider than a mask may be: `fill` declines, and the painter draws the path.
        #expect(!RoundedFill.canFill(CGRect(x: 0, y: 0, width: 400, height: 400), radius: 200))
        #expect(RoundedFill.canFill(CGRect(x: 0.5, y: 0, width: 400, height: 300), radius: 12))
        #expect(!RoundedFill.canFill(CGRect(x: 0, y: 0, width: 0, height: 10), radius: 0))
    }
}
