// The golden-image rules, in one place: the golden-image tests (Tests/UIKitTests/GoldenImage.swift), the
// virtual board's captures (Tools/virtual-board/run-tests.py) and the showcase tour's screens (tour.py) all
// compare images here, through the test helper or the `vitrine-image` tool.
//
// - Each channel of each pixel (premultiplied, 0...255) may differ by `tolerance`; a pixel any of whose channels
//   differs by more is a differing pixel. A comparison passes while at most `allowedPixels` pixels differ.
// - Images of different sizes always fail (every pixel counts as differing).
// - The diff image shows differing pixels in red over a faded copy of the actual image.
import CoreGraphics
import Foundation

/// What a comparison found.
package struct ImageDifference {
    /// Pixels with a channel differing by more than the tolerance (every pixel when the sizes differ).
    package let differingPixels: Int
    /// The largest difference of any channel (255 when the sizes differ).
    package let worstChannel: Int
    /// Differing pixels in red over the faded actual image; nil when the sizes differ.
    package let diff: CGImage?
    /// Whether the sizes matched.
    package var sameSize: Bool { diff != nil }
}

/// Why an image file could not be read.
package struct ImageFileError: Error, CustomStringConvertible {
    package let description: String
}

package enum ImageComparison {
    /// Compares `actual` with `expected` by the golden rules (see the file's comment).
    package static func compare(_ actual: CGImage, _ expected: CGImage, tolerance: Int) -> ImageDifference {
        let w = actual.width, h = actual.height
        guard w == expected.width, h == expected.height else {
            return ImageDifference(differingPixels: max(w * h, expected.width * expected.height, 1), worstChannel: 255,
                                   diff: nil)
        }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        var bad = 0, worst = 0
        actual.withUnsafePixels { pa, sa in
            expected.withUnsafePixels { pb, sb in
                for y in 0..<h {
                    for x in 0..<w {
                        let i = y * sa + x * 4, j = y * sb + x * 4, o = (y * w + x) * 4
                        var d = 0
                        for c in 0..<4 { d = max(d, abs(Int(pa[i + c]) - Int(pb[j + c]))) }
                        worst = max(worst, d)
                        if d > tolerance {
                            bad += 1
                            // Native ARGB32 words, little-endian in memory: B, G, R, A.
                            out[o] = 0; out[o + 1] = 0; out[o + 2] = 255; out[o + 3] = 255
                        } else {
                            // Faded actual, opaque, so the differing pixels stand out.
                            for c in 0..<3 { out[o + c] = UInt8(128 + Int(pa[i + c]) / 2) }
                            out[o + 3] = 255
                        }
                    }
                }
            }
        }
        let diff = out.withUnsafeBytes { CGImage(argb32Premultiplied: $0, width: w, height: h, bytesPerRow: w * 4, isOpaque: true) }
        return ImageDifference(differingPixels: bad, worstChannel: worst, diff: diff)
    }

    /// Reads a PNG or JPEG (Core Graphics' codecs), or a binary PPM (P6, 8 bits: what QEMU's screendump writes).
    package static func load(_ path: String) throws -> CGImage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageFileError(description: "\(path): cannot be read")
        }
        if data.starts(with: Array("P6".utf8)) {
            return try decodePPM(data, path: path)
        }
        do {
            return try ImageCodecs.decode(data).image
        } catch {
            throw ImageFileError(description: "\(path): \(error)")
        }
    }

    /// Writes `image` as a PNG at `path`.
    package static func writePNG(_ image: CGImage, to path: String) throws {
        guard let png = ImageCodecs.encodePNG(image) else { throw ImageFileError(description: "\(path): cannot encode a PNG") }
        do {
            try png.write(to: URL(fileURLWithPath: path))
        } catch {
            throw ImageFileError(description: "\(path): \(error.localizedDescription)")
        }
    }

    /// The image turned counter-clockwise by `degrees` (0, 90, 180 or 270): what a panel mounted that many degrees
    /// clockwise shows, put upright. Panel (x, y) shows upright (y, W-1-x) for 90 and (H-1-y, x) for 270.
    package static func turned(_ image: CGImage, degrees: Int, flippingRows: Bool = false) -> CGImage {
        let w = image.width, h = image.height
        let quarter = ((degrees % 360) + 360) % 360
        if quarter == 0 && !flippingRows { return image }
        let (nw, nh) = quarter % 180 == 0 ? (w, h) : (h, w)
        var out = [UInt32](repeating: 0, count: nw * nh)
        image.withUnsafePixels { src, stride in
            for y in 0..<h {
                let sy = flippingRows ? h - 1 - y : y
                for x in 0..<w {
                    let value = src.load(fromByteOffset: sy * stride + x * 4, as: UInt32.self)
                    let (dx, dy): (Int, Int)
                    switch quarter {
                    case 90: (dx, dy) = (y, w - 1 - x)
                    case 180: (dx, dy) = (w - 1 - x, h - 1 - y)
                    case 270: (dx, dy) = (h - 1 - y, x)
                    default: (dx, dy) = (x, y)
                    }
                    out[dy * nw + dx] = value
                }
            }
        }
        return out.withUnsafeBytes {
            CGImage(argb32Premultiplied: $0, width: nw, height: nh, bytesPerRow: nw * 4, isOpaque: image.isOpaque)!
        }
    }

    /// P6: "P6", width, height, 255, each separated by whitespace (comments allowed), one whitespace, then RGB bytes.
    private static func decodePPM(_ data: Data, path: String) throws -> CGImage {
        let bytes = [UInt8](data)
        var offset = 0
        var fields: [String] = []
        while fields.count < 4 {
            while offset < bytes.count, isSpace(bytes[offset]) { offset += 1 }
            guard offset < bytes.count else { throw ImageFileError(description: "\(path): a PPM header cut short") }
            if bytes[offset] == UInt8(ascii: "#") {
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
                continue
            }
            let start = offset
            while offset < bytes.count, !isSpace(bytes[offset]) { offset += 1 }
            fields.append(String(decoding: bytes[start..<offset], as: UTF8.self))
        }
        offset += 1
        guard fields[0] == "P6", fields[3] == "255", let w = Int(fields[1]), let h = Int(fields[2]), w > 0, h > 0,
              ImageLimits.accepts(width: w, height: h) else {
            throw ImageFileError(description: "\(path): not an 8-bit P6 PPM of a sensible size (\(fields.joined(separator: " ")))")
        }
        guard bytes.count - offset >= w * h * 3 else {
            throw ImageFileError(description: "\(path): \(w)x\(h) pixels need \(w * h * 3) bytes, the file has \(bytes.count - offset)")
        }
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h) {
            let s = offset + i * 3
            out[i * 4] = bytes[s + 2]; out[i * 4 + 1] = bytes[s + 1]; out[i * 4 + 2] = bytes[s]
        }
        return out.withUnsafeBytes { CGImage(argb32Premultiplied: $0, width: w, height: h, bytesPerRow: w * 4, isOpaque: true)! }
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
}
