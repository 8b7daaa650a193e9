import Foundation

/// A pointer image: premultiplied ARGB pixels (0xAARRGGBB, as the cursor plane and Core Graphics' BGRA memory
/// both take them), upright, with the hotspot — the pixel that points.
public struct CursorImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let hotspotX: Int
    public let hotspotY: Int
    /// Row by row, `width * height` premultiplied ARGB values.
    public let pixels: [UInt32]

    public init(width: Int, height: Int, hotspotX: Int, hotspotY: Int, pixels: [UInt32]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "CursorImage: \(pixels.count) pixels for \(width)x\(height)")
        self.width = width
        self.height = height
        self.hotspotX = hotspotX
        self.hotspotY = hotspotY
        self.pixels = pixels
    }

    /// iPadOS's pointer: a translucent dark disc `diameter` pixels across with a faint light rim, pointing from its
    /// centre. Drawn with analytic coverage (anti-aliased edges, no library).
    public static func disc(diameter: Int) -> CursorImage {
        let d = max(diameter, 3)
        let size = d + 2 // a pixel of room around the rim
        let r = Double(d) / 2
        let centre = Double(size) / 2
        var pixels = [UInt32](repeating: 0, count: size * size)
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let distance = (dx * dx + dy * dy).squareRoot()
                // Coverage of the disc and of its inner part (what is not rim), one pixel wide edges.
                let disc = min(max(r - distance + 0.5, 0), 1)
                guard disc > 0 else { continue }
                let inner = min(max(r - 1 - distance + 0.5, 0), 1)
                // The fill: black at 45%; the rim: white at 60%. Premultiplied.
                let rim = disc - inner
                let alpha = inner * 0.45 + rim * 0.6
                let white = rim * 0.6
                let a = UInt32((alpha * 255).rounded()), c = UInt32((white * 255).rounded())
                pixels[y * size + x] = a << 24 | c << 16 | c << 8 | c
            }
        }
        return CursorImage(width: size, height: size, hotspotX: size / 2, hotspotY: size / 2, pixels: pixels)
    }

    /// The image turned `degrees` clockwise (0, 90, 180, 270), hotspot included: how it must lie on a panel
    /// mounted turned that way.
    public func turned(_ degrees: Int) -> CursorImage {
        switch degrees {
        case 90, 180, 270:
            let (w, h) = degrees == 180 ? (width, height) : (height, width)
            var out = [UInt32](repeating: 0, count: w * h)
            func place(_ x: Int, _ y: Int) -> (Int, Int) {
                switch degrees {
                case 90: return (height - 1 - y, x)
                case 180: return (width - 1 - x, height - 1 - y)
                default: return (y, width - 1 - x)
                }
            }
            for y in 0..<height {
                for x in 0..<width {
                    let (px, py) = place(x, y)
                    out[py * w + px] = pixels[y * width + x]
                }
            }
            let (hx, hy) = place(hotspotX, hotspotY)
            return CursorImage(width: w, height: h, hotspotX: hx, hotspotY: hy, pixels: out)
        default:
            return self
        }
    }
}
