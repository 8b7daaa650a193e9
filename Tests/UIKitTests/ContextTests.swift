// CGContext and UIKit graphics-context behaviour that is checked by value rather than by picture.
import Testing
@testable import UIKit

@MainActor @Suite struct ContextTests {
    init() { freshApp() }

    @Test func aRawBitmapContextIsYUpLikeCoreGraphics() throws {
        let c = try #require(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                                       space: CGColorSpaceCreateDeviceRGB(),
                                       bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        #expect(c.ctm.isIdentity)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 2)) // the bottom two rows in a y-up space
        let image = try #require(c.makeImage())
        #expect(pixel(image, 5, 9) == (255, 0, 0, 255))
        #expect(pixel(image, 5, 0) == (0, 0, 0, 0))
        // makeImage copies: later drawing does not change the image.
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(pixel(image, 5, 0) == (0, 0, 0, 0))
        // Unsupported layouts and absurd sizes are refused.
        #expect(CGContext(data: nil, width: 100_000, height: 100_000, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)
        #expect(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: 16, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) == nil)
    }

    @Test func imageContextsAndTheContextStack() throws {
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 10), false, 2)
        let c = try #require(UIGraphicsGetCurrentContext())
        #expect(c.width == 40 && c.height == 20)
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10)) // the left half, top-left origin
        let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(image.size == CGSize(width: 20, height: 10) && image.scale == 2)
        #expect(pixel(image.cgImage!, 5, 5) == (0, 0, 255, 255))
        #expect(pixel(image.cgImage!, 35, 5) == (0, 0, 0, 0))
        // Renderers push their context while their actions run, and pop it after.
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        let opaque = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).image { ctx in
            #expect(UIGraphicsGetCurrentContext() === ctx.cgContext)
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
        #expect(opaque.cgImage!.isOpaque && pixel(opaque.cgImage!, 1, 1) == (0, 0, 0, 255))
        format.opaque = false
        let png = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format).pngData { ctx in
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        #expect(UIImage(data: png)?.size == CGSize(width: 4, height: 4))
    }

    @Test func coloursFromHueSaturationBrightness() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect((r, g, b, a) == (1, 0, 0, 1))
        UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 0.5, alpha: 0.5).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r) < 1e-9 && abs(g - 0.5) < 1e-9 && abs(b) < 1e-9 && a == 0.5)
        UIColor(hue: 0.5, saturation: 0, brightness: 0.25, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r == 0.25 && g == 0.25 && b == 0.25)
        #expect(UIColor.red.withAlphaComponent(0.5).cgColor.alpha == 0.5)
        #expect(UIColor.systemBlue == UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
    }

    nonisolated static let qualities: [(CGInterpolationQuality, String)] = [(.none, "none"), (.high, "high")]

    @Test(arguments: qualities) func imagesScaleWithTheInterpolationQuality(quality: CGInterpolationQuality, name: String) {
        // A 4x4 checkerboard drawn 12 times larger.
        let checker = render(CGSize(width: 4, height: 4), scale: 1, background: nil) { c in
            for y in 0..<4 { for x in 0..<4 where (x + y) % 2 == 0 {
                c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1); c.fill(CGRect(x: x, y: y, width: 1, height: 1))
            } }
        }
        let image = render(CGSize(width: 48, height: 48), scale: 1) { c in
            c.interpolationQuality = quality
            checker.draw(in: CGRect(x: 0, y: 0, width: 48, height: 48))
        }
        assertGolden(image, "interpolation-\(name)")
        // Nearest-neighbour keeps hard edges: only black and white pixels.
        let cg = image.cgImage!
        var greys = 0
        for y in 0..<48 { for x in 0..<48 { let p = pixel(cg, x, y).0; if p != 0 && p != 255 { greys += 1 } } }
        #expect(quality == .none ? greys == 0 : greys > 100)
    }
}
