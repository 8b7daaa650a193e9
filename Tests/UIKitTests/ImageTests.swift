// Images: decoding every PNG flavour and JPEG (baseline, progressive, EXIF orientation), encoding, scale
// variants, named lookup, and a corpus of broken files that must give nil without crashing or hanging.
import Foundation
import Testing
@testable import UIKit

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The fixtures' content (see Tools/make-test-images.py).
func fixturePixel(_ x: Int, _ y: Int) -> (Int, Int, Int, Int) { (x * 16, y * 20, 128, 255 - x * 8) }

@MainActor @Suite struct ImageDecodingTests {
    init() { freshApp() }

    func load(_ name: String) throws -> CGImage {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        return try #require(UIImage(data: data)?.cgImage, "\(name) should decode")
    }

    /// Premultiplies like the decoder: round(c * a / 255).
    func premultiplied(_ p: (Int, Int, Int, Int)) -> (Int, Int, Int, Int) {
        func m(_ c: Int) -> Int { (c * p.3 + 127) / 255 }
        return (m(p.0), m(p.1), m(p.2), p.3)
    }

    func expectClose(_ a: (Int, Int, Int, Int), _ b: (Int, Int, Int, Int), _ tol: Int = 1, _ what: String) {
        #expect(abs(a.0 - b.0) <= tol && abs(a.1 - b.1) <= tol && abs(a.2 - b.2) <= tol && abs(a.3 - b.3) <= tol,
                "\(what): got \(a), expected \(b)")
    }

    @Test(arguments: ["rgba8.png", "palette.png"])
    func pngWithAlphaDecodesPremultiplied(name: String) throws {
        let image = try load(name)
        #expect(image.width == 16 && image.height == 12)
        #expect(!image.isOpaque)
        for (x, y) in [(0, 0), (5, 3), (15, 11), (9, 7)] {
            expectClose(pixel(image, x, y), premultiplied(fixturePixel(x, y)), 1, "\(name) (\(x),\(y))")
        }
    }

    @Test(arguments: ["rgb16.png", "interlaced.png"])
    func opaquePngsDecodeExactly(name: String) throws {
        let image = try load(name)
        #expect(image.isOpaque)
        for (x, y) in [(0, 0), (5, 3), (15, 11), (9, 7), (1, 1)] {
            let p = fixturePixel(x, y)
            expectClose(pixel(image, x, y), (p.0, p.1, p.2, 255), 0, "\(name) (\(x),\(y))")
        }
    }

    @Test func greyWithAlphaDecodes() throws {
        let image = try load("gray-alpha.png")
        let p = fixturePixel(6, 2)
        expectClose(pixel(image, 6, 2), premultiplied((p.0, p.0, p.0, p.3)), 1, "grey")
    }

    func gradientImage() -> CGImage {
        render(CGSize(width: 64, height: 48), scale: 1, background: nil) { c in
            for x in 0..<8 {
                c.setFillColor(red: CGFloat(x) / 7, green: 0.5, blue: 1 - CGFloat(x) / 7, alpha: 1)
                c.fill(CGRect(x: x * 8, y: 0, width: 8, height: 48))
            }
        }.cgImage!
    }

    @Test(arguments: [false, true])
    func jpegBaselineAndProgressiveRoundTrip(progressive: Bool) throws {
        let source = gradientImage()
        let data = try #require(ImageCodecs.encodeJPEG(source, quality: 0.95, progressive: progressive))
        // Progressive files carry an SOF2 marker, baseline ones SOF0.
        #expect(data.contains(progressive ? 0xC2 : 0xC0))
        let image = try #require(UIImage(data: data))
        #expect(image.size == CGSize(width: 64, height: 48))
        let cg = try #require(image.cgImage)
        #expect(cg.isOpaque)
        for x in [4, 20, 36, 60] { expectClose(pixel(cg, x, 24), pixel(source, x, 24), 6, "jpeg x=\(x)") }
    }

    /// A JPEG with an EXIF APP1 segment carrying `orientation`.
    func jpeg(orientation: Int) throws -> Data {
        let base = try #require(ImageCodecs.encodeJPEG(gradientImage(), quality: 0.9))
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]      // little-endian TIFF, IFD at 8
        tiff += [0x01, 0x00]                                                        // one entry
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, UInt8(orientation), 0x00, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]
        let payload: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        var out = Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
        out.append(base.dropFirst(2))
        return out
    }

    @Test func exifOrientationTurnsTheImage() throws {
        let up = try #require(UIImage(data: try jpeg(orientation: 1)))
        #expect(up.imageOrientation == .up && up.size == CGSize(width: 64, height: 48))
        let right = try #require(UIImage(data: try jpeg(orientation: 6)))
        #expect(right.imageOrientation == .right)
        #expect(right.size == CGSize(width: 48, height: 64)) // a quarter turn swaps the sides
        // Stored, blue is on the left and red on the right. EXIF 6 turns the image a quarter turn clockwise to
        // show it: the stored left column becomes the top row.
        let drawn = render(right.size, scale: 1) { _ in right.draw(at: .zero) }.cgImage!
        let top = pixel(drawn, 24, 2), bottom = pixel(drawn, 24, 61)
        #expect(top.2 > 200 && top.0 < 60, "stored left (blue) is at the top after turning right: \(top)")
        #expect(bottom.0 > 200 && bottom.2 < 60, "stored right (red) is at the bottom: \(bottom)")
        #expect(UIImage(data: try jpeg(orientation: 8))?.imageOrientation == .left)
        #expect(UIImage(data: try jpeg(orientation: 3))?.imageOrientation == .down)
    }

    @Test func pngAndJpegDataRoundTrip() throws {
        let image = UIImage(cgImage: gradientImage(), scale: 2, orientation: .up)
        #expect(image.size == CGSize(width: 32, height: 24))
        let png = try #require(image.pngData())
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let back = try #require(UIImage(data: png)?.cgImage)
        for x in [0, 17, 63] { #expect(pixel(back, x, 5) == pixel(image.cgImage!, x, 5)) }
        let jpeg = try #require(image.jpegData(compressionQuality: 0.5))
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let low = try #require(image.jpegData(compressionQuality: 0.1)), high = try #require(image.jpegData(compressionQuality: 1))
        #expect(low.count < high.count)
    }

    @Test func contentsOfFileReadsTheScaleSuffixAndNamedPicksTheScreenScale() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-named-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = UIImage(cgImage: gradientImage().cropping(to: CGRect(x: 0, y: 0, width: 10, height: 10))!)
        let two = UIImage(cgImage: gradientImage().cropping(to: CGRect(x: 0, y: 0, width: 20, height: 20))!)
        try one.pngData()!.write(to: dir.appendingPathComponent("icon.png"))
        try two.pngData()!.write(to: dir.appendingPathComponent("icon@2x.png"))
        let fromFile = try #require(UIImage(contentsOfFile: dir.appendingPathComponent("icon@2x.png").path))
        #expect(fromFile.scale == 2 && fromFile.size == CGSize(width: 10, height: 10))

        let bundle = try #require(Bundle(path: dir.path))
        freshApp(pixels: CGSize(width: 200, height: 200), scale: 2)
        let at2 = try #require(UIImage(named: "icon", in: bundle))
        #expect(at2.scale == 2 && at2.size == CGSize(width: 10, height: 10))
        freshApp(pixels: CGSize(width: 200, height: 200), scale: 1)
        let at1 = try #require(UIImage(named: "icon.png", in: bundle))
        #expect(at1.scale == 1 && at1.size == CGSize(width: 10, height: 10))
        #expect(UIImage(named: "no-such-image", in: bundle) == nil)
    }
}

@MainActor @Suite struct BrokenImageTests {
    init() { freshApp() }

    func validPNG() throws -> Data { try Data(contentsOf: fixtures.appendingPathComponent("rgba8.png")) }

    func validJPEG() throws -> Data {
        let cg = render(CGSize(width: 40, height: 30), scale: 1) { c in
            c.setFillColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1); c.fillEllipse(in: CGRect(x: 5, y: 5, width: 30, height: 20))
        }.cgImage!
        return try #require(ImageCodecs.encodeJPEG(cg, quality: 0.8))
    }

    @Test func truncatedFilesGiveNilAtEveryOffset() throws {
        let png = try validPNG(), jpeg = try validJPEG()
        // Cut anywhere before the pixel data is complete: a PNG's last IDAT chunk (and its CRC), a JPEG's EOI.
        let idat = try #require(png.range(of: Data("IDAT".utf8)))
        let idatLength = Int(png[idat.lowerBound - 4]) << 24 | Int(png[idat.lowerBound - 3]) << 16
            | Int(png[idat.lowerBound - 2]) << 8 | Int(png[idat.lowerBound - 1])
        let pngPixelsEnd = idat.upperBound + idatLength + 4
        for (data, complete) in [(png, pngPixelsEnd), (jpeg, jpeg.count - 2)] {
            #expect(UIImage(data: data) != nil)
            for cut in 0..<complete {
                #expect(UIImage(data: data.prefix(cut)) == nil, "truncated at \(cut) of \(data.count)")
            }
        }
    }

    @Test func corruptFilesGiveNilWithAReason() throws {
        // A flipped byte inside the IDAT chunk: the CRC no longer matches.
        var png = try validPNG()
        let idat = try #require(png.range(of: Data("IDAT".utf8)))
        png[idat.upperBound + 4] ^= 0xFF
        #expect(UIImage(data: png) == nil)
        #expect(throws: ImageDecodingError.self) { try UIImage.decode(png) }

        // Garbage, empty data, and an unknown format.
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data((0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })) == nil)
        #expect(throws: ImageDecodingError.unsupportedFormat) { try UIImage.decode(Data("GIF89a".utf8)) }

        // A JPEG whose entropy-coded data is scrambled.
        var jpeg = try validJPEG()
        for i in stride(from: jpeg.count / 2, to: jpeg.count - 2, by: 3) { jpeg[i] = 0xFF }
        #expect(UIImage(data: jpeg) == nil)
    }

    @Test func absurdDimensionsAreRefusedBeforeAllocating() throws {
        // IHDR claiming 100000 x 100000, with a correct CRC so only the size is wrong.
        var png = try validPNG()
        let ihdr = try #require(png.range(of: Data("IHDR".utf8)))
        let dims: [UInt8] = [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0] // 100000, 100000
        png.replaceSubrange(ihdr.upperBound..<(ihdr.upperBound + 8), with: dims)
        let crc = crc32(Array(png[ihdr.lowerBound..<(ihdr.upperBound + 13)]))
        png.replaceSubrange((ihdr.upperBound + 13)..<(ihdr.upperBound + 17),
                            with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        #expect(throws: ImageDecodingError.tooLarge(width: 100_000, height: 100_000)) { try UIImage.decode(png) }

        // A JPEG whose SOF0 claims 65000 x 65000.
        var jpeg = try validJPEG()
        let sof = try #require(jpeg.firstRange(of: Data([0xFF, 0xC0])))
        jpeg.replaceSubrange((sof.lowerBound + 5)..<(sof.lowerBound + 9), with: [0xFD, 0xE8, 0xFD, 0xE8])
        #expect(throws: ImageDecodingError.tooLarge(width: 65000, height: 65000)) { try UIImage.decode(jpeg) }
    }

    private func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }
}
