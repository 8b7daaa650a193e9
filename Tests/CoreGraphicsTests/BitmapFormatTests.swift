// Bitmap contexts and images in every layout Core Graphics supports, checked byte by byte against Core
// Graphics' documented layouts: components named from the most significant end of the pixel word, the word
// stored big-endian unless a little-endian byte order is given (so with no flag the bytes are in the order
// the alpha info names them).
import CoreGraphics
import Foundation
import Testing

/// One context layout: its parameters and how an opaque pixel (r, g, b) and the alpha byte look in memory.
struct ContextLayout: CustomStringConvertible, Sendable {
    var name: String
    var bitsPerComponent: Int
    var bitmapInfo: UInt32
    var gray = false
    var bytesPerPixel: Int
    /// The bytes of an opaque pixel with 8-bit components (r, g, b).
    var opaqueBytes: @Sendable (UInt8, UInt8, UInt8) -> [UInt8]
    var description: String { name }
}

private let premultipliedFirst = CGImageAlphaInfo.premultipliedFirst.rawValue
private let premultipliedLast = CGImageAlphaInfo.premultipliedLast.rawValue
private let skipFirst = CGImageAlphaInfo.noneSkipFirst.rawValue
private let skipLast = CGImageAlphaInfo.noneSkipLast.rawValue
private let little32 = CGBitmapInfo.byteOrder32Little.rawValue
private let big32 = CGBitmapInfo.byteOrder32Big.rawValue
private let little16 = CGBitmapInfo.byteOrder16Little.rawValue
private let big16 = CGBitmapInfo.byteOrder16Big.rawValue

typealias PixelBytes = @Sendable (UInt8, UInt8, UInt8) -> [UInt8]
private let rgbaBytes: PixelBytes = { r, g, b in [r, g, b, 255] }
private let abgrBytes: PixelBytes = { r, g, b in [255, b, g, r] }
private let argbBytes: PixelBytes = { r, g, b in [255, r, g, b] }
private let bgraBytes: PixelBytes = { r, g, b in [b, g, r, 255] }
/// 16-bit components of value c * 257 read the same in either byte order.
private let rgba64Bytes: PixelBytes = { r, g, b in [r, r, g, g, b, b, 255, 255] }
private func xrgb1555(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt16 {
    UInt16(r >> 3) << 10 | UInt16(g >> 3) << 5 | UInt16(b >> 3)
}
private let xrgb1555Little: PixelBytes = { r, g, b in let v = xrgb1555(r, g, b); return [UInt8(v & 0xFF), UInt8(v >> 8)] }
private let xrgb1555Big: PixelBytes = { r, g, b in let v = xrgb1555(r, g, b); return [UInt8(v >> 8), UInt8(v & 0xFF)] }
private let grayBytes: PixelBytes = { r, g, b in
    let luma: Int = (299 * Int(r) + 587 * Int(g) + 114 * Int(b) + 500) / 1000
    return [UInt8(luma)]
}

let contextLayouts: [ContextLayout] = {
    var all: [ContextLayout] = []
    func add(_ name: String, _ bpc: Int, _ info: UInt32, _ bpp: Int, gray: Bool = false, _ bytes: @escaping PixelBytes) {
        all.append(ContextLayout(name: name, bitsPerComponent: bpc, bitmapInfo: info, gray: gray, bytesPerPixel: bpp, opaqueBytes: bytes))
    }
    add("RGBA premultipliedLast", 8, premultipliedLast, 4, rgbaBytes)
    add("RGBA premultipliedLast big", 8, premultipliedLast | big32, 4, rgbaBytes)
    add("ABGR premultipliedLast little", 8, premultipliedLast | little32, 4, abgrBytes)
    add("ARGB premultipliedFirst", 8, premultipliedFirst, 4, argbBytes)
    add("BGRA premultipliedFirst little", 8, premultipliedFirst | little32, 4, bgraBytes)
    add("RGBX noneSkipLast", 8, skipLast, 4, rgbaBytes)
    add("XBGR noneSkipLast little", 8, skipLast | little32, 4, abgrBytes)
    add("XRGB noneSkipFirst", 8, skipFirst, 4, argbBytes)
    add("BGRX noneSkipFirst little", 8, skipFirst | little32, 4, bgraBytes)
    add("RGBA64 big", 16, premultipliedLast, 8, rgba64Bytes)
    add("RGBA64 little", 16, premultipliedLast | little16, 8, rgba64Bytes)
    add("XRGB1555 little", 5, skipFirst | little16, 2, xrgb1555Little)
    add("XRGB1555 big", 5, skipFirst | big16, 2, xrgb1555Big)
    add("Gray8", 8, CGImageAlphaInfo.none.rawValue, 1, gray: true, grayBytes)
    return all
}()

/// The test colour: components that cairo and 5-bit layouts represent exactly.
private let red: UInt8 = 255, green: UInt8 = 0, blue: UInt8 = 0
private let rgbColour = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

@Suite struct BitmapFormatTests {
    @Test(arguments: contextLayouts)
    func contextsDrawIntoTheCallersMemoryInTheirLayout(_ layout: ContextLayout) throws {
        let width = 4, height = 2, bpp = layout.bytesPerPixel
        let bytesPerRow = width * bpp + 4 // padding the context must leave alone
        var memory = [UInt8](repeating: 0xAB, count: bytesPerRow * height)
        // Initial contents: a known pixel everywhere (opaque blue-ish), written in the layout.
        let initial = layout.opaqueBytes(0, 0, 248)
        for y in 0..<height { for x in 0..<width { memory.replaceSubrange(y * bytesPerRow + x * bpp ..< y * bytesPerRow + (x + 1) * bpp, with: initial) } }
        try memory.withUnsafeMutableBytes { raw in
            let space = layout.gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
            let ctx = try #require(CGContext(data: raw.baseAddress, width: width, height: height,
                                             bitsPerComponent: layout.bitsPerComponent, bytesPerRow: bytesPerRow,
                                             space: space, bitmapInfo: layout.bitmapInfo))
            #expect(ctx.bytesPerRow == bytesPerRow)
            #expect(ctx.bitsPerComponent == layout.bitsPerComponent)
            #expect(ctx.bitsPerPixel == bpp * 8)
            #expect(ctx.bitmapInfo.rawValue == layout.bitmapInfo)
            #expect(ctx.data == raw.baseAddress)
            ctx.setFillColor(layout.gray ? CGColor(gray: 1, alpha: 1) : rgbColour)
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2)) // left half
        }
        let drawn = layout.gray ? layout.opaqueBytes(255, 255, 255) : layout.opaqueBytes(red, green, blue)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * bytesPerRow + x * bpp
                #expect(Array(memory[i..<i + bpp]) == (x < 2 ? drawn : initial), "pixel (\(x), \(y))")
            }
            // The row padding is untouched.
            #expect(memory[y * bytesPerRow + width * bpp ..< (y + 1) * bytesPerRow].allSatisfy { $0 == 0xAB })
        }
    }

    @Test(arguments: contextLayouts)
    func imagesOfAContextKeepItsLayoutAndDrawBackTheSame(_ layout: ContextLayout) throws {
        let space = layout.gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
        let ctx = try #require(CGContext(data: nil, width: 3, height: 1, bitsPerComponent: layout.bitsPerComponent,
                                         bytesPerRow: 0, space: space, bitmapInfo: layout.bitmapInfo))
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        ctx.setFillColor(layout.gray ? CGColor(gray: 0, alpha: 1) : rgbColour)
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let image = try #require(ctx.makeImage())
        #expect(image.bitmapInfo.rawValue == layout.bitmapInfo)
        #expect(image.bitsPerPixel == layout.bytesPerPixel * 8)
        #expect(image.bytesPerRow == ctx.bytesPerRow)
        #expect(image.colorSpace?.model == (layout.gray ? .monochrome : .rgb))
        let provided = try #require(image.dataProvider?.data)
        let memory = Data(bytes: ctx.data!, count: ctx.bytesPerRow)
        #expect(provided.prefix(3 * layout.bytesPerPixel) == memory.prefix(3 * layout.bytesPerPixel))

        // Drawn into an RGBA context (the common iOS read-back), the middle pixel has the drawn colour.
        let rgba = try readRGBA(image)
        let expected: [UInt8] = layout.gray ? [0, 0, 0, 255] : [red, green, blue, 255]
        #expect(Array(rgba[4..<8]) == expected)
        #expect(Array(rgba[0..<4]) == [255, 255, 255, 255])
    }

    @Test(arguments: contextLayouts)
    func imagesDrawnIntoAContextLandInItsLayout(_ layout: ContextLayout) throws {
        // An RGBA image (R, G, B, A bytes) with the test colour, drawn into a context of the layout.
        let source = try #require(makeImage([red, green, blue, 255], bpc: 8, bpp: 32, info: premultipliedLast,
                                            space: CGColorSpaceCreateDeviceRGB()))
        let space = layout.gray ? CGColorSpaceCreateDeviceGray() : CGColorSpaceCreateDeviceRGB()
        var memory = [UInt8](repeating: 0, count: layout.bytesPerPixel)
        try memory.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(data: raw.baseAddress, width: 1, height: 1, bitsPerComponent: layout.bitsPerComponent,
                                             bytesPerRow: layout.bytesPerPixel, space: space, bitmapInfo: layout.bitmapInfo))
            ctx.draw(source, in: CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(memory == layout.opaqueBytes(red, green, blue))
    }

    @Test func alphaOnlyContextsKeepCoverage() throws {
        var memory = [UInt8](repeating: 0, count: 8 * 2)
        try memory.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(data: raw.baseAddress, width: 8, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
            #expect(ctx.colorSpace == nil)
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0.6))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        }
        #expect(memory[0..<4].allSatisfy { abs(Int($0) - 153) <= 1 })
        #expect(memory[4..<8].allSatisfy { $0 == 0 })
    }

    @Test func translucentPixelsArePremultipliedInEveryByteOrder() throws {
        for info in [premultipliedLast, premultipliedLast | little32, premultipliedFirst, premultipliedFirst | little32] {
            var px = [UInt8](repeating: 0, count: 4)
            try px.withUnsafeMutableBytes { raw in
                let ctx = try #require(CGContext(data: raw.baseAddress, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                                 space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
                ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.6))
                ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            }
            let (r, a): (UInt8, UInt8)
            switch info {
            case premultipliedLast: (r, a) = (px[0], px[3])
            case premultipliedLast | little32: (r, a) = (px[3], px[0])
            case premultipliedFirst: (r, a) = (px[1], px[0])
            default: (r, a) = (px[2], px[3])
            }
            #expect(abs(Int(a) - 153) <= 1 && abs(Int(r) - 153) <= 1, "bitmapInfo \(info): r \(r) a \(a)")
        }
    }

    @Test func whatTheCallerWritesBetweenDrawingCallsIsDrawnOver() throws {
        var memory = [UInt8](repeating: 0, count: 2 * 4)
        try memory.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(data: raw.baseAddress, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 8,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: premultipliedLast))
            ctx.setFillColor(rgbColour)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            // The caller paints the second pixel green by hand...
            raw.storeBytes(of: 0xFF00_FF00 as UInt32, toByteOffset: 4, as: UInt32.self)
            // ...and a half-transparent white goes over both.
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.5))
            ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        }
        #expect(abs(Int(memory[5]) - 255) <= 1 && abs(Int(memory[4]) - 128) <= 1) // green stayed under the white
        #expect(abs(Int(memory[1]) - 128) <= 1)
    }

    @Test func sixteenBitPixelsThatDrawingDidNotTouchKeepTheirPrecision() throws {
        var words = [UInt16](repeating: 0, count: 2 * 4)
        let kept: [UInt16] = [0x1234, 0x5678, 0x9ABC, 0xFFFF]
        words.replaceSubrange(4...7, with: kept.map(\.bigEndian))
        try words.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(data: raw.baseAddress, width: 2, height: 1, bitsPerComponent: 16, bytesPerRow: 16,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: premultipliedLast))
            ctx.setFillColor(rgbColour)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        #expect(words[0...3].map(\.bigEndian) == [0xFFFF, 0, 0, 0xFFFF])
        #expect(words[4...7].map(\.bigEndian) == [0x1234, 0x5678, 0x9ABC, 0xFFFF])
    }

    @Test func fiveBitComponentsRoundTripExactly() throws {
        var words: [UInt16] = (0..<32).map { (i: Int) -> UInt16 in UInt16(i << 10 | (31 - i) << 5 | i).littleEndian }
        let original = words
        try words.withUnsafeMutableBytes { raw in
            let ctx = try #require(CGContext(data: raw.baseAddress, width: 32, height: 1, bitsPerComponent: 5, bytesPerRow: 64,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: skipFirst | little16))
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 0)) // draws nothing visible, converts everything
            ctx.fill(CGRect(x: 0, y: 0, width: 32, height: 1))
        }
        #expect(words == original)
    }

    @Test func coreGraphicsRejectsWhatItRejects() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        // Non-premultiplied alpha, 24-bit RGB, float components, 16-bit byte order on 8-bit pixels, rows too short,
        // grey with alpha.
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.last.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: CGImageAlphaInfo.none.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 32, bytesPerRow: 0, space: rgb,
                          bitmapInfo: premultipliedLast | CGBitmapInfo.floatComponents.rawValue) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: premultipliedLast | little16) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 15, space: rgb,
                          bitmapInfo: premultipliedLast) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceGray(), bitmapInfo: premultipliedLast) == nil)
        #expect(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                          bitmapInfo: premultipliedLast) != nil)
    }

    @Test func imagesFromProvidersInImageOnlyLayouts() throws {
        let rgb = CGColorSpaceCreateDeviceRGB()
        // Non-premultiplied RGBA, half-transparent red: premultiplied when drawn.
        let straight = try #require(makeImage([255, 0, 0, 128], bpc: 8, bpp: 32, info: CGImageAlphaInfo.last.rawValue, space: rgb))
        #expect(straight.alphaInfo == .last)
        #expect(straight.dataProvider?.data == Data([255, 0, 0, 128]))
        let drawnStraight = try readRGBA(straight)
        #expect(abs(Int(drawnStraight[0]) - 128) <= 1 && drawnStraight[3] == 128)
        // 24-bit RGB.
        let packed = try #require(makeImage([10, 20, 30, 40, 50, 60], width: 2, bpc: 8, bpp: 24,
                                            info: CGImageAlphaInfo.none.rawValue, space: rgb))
        #expect(packed.bitsPerPixel == 24)
        #expect(try readRGBA(packed) == [10, 20, 30, 255, 40, 50, 60, 255])
        // Grey.
        let grey = try #require(makeImage([0, 200], width: 2, bpc: 8, bpp: 8, info: CGImageAlphaInfo.none.rawValue,
                                          space: CGColorSpaceCreateDeviceGray()))
        #expect(try readRGBA(grey) == [0, 0, 0, 255, 200, 200, 200, 255])
        // Rows shorter than the width and too little data are refused.
        #expect(makeImage([1, 2, 3], bpc: 8, bpp: 32, info: premultipliedLast, space: rgb) == nil)
        #expect(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4, space: rgb,
                        bitmapInfo: CGBitmapInfo(rawValue: premultipliedLast), provider: CGDataProvider(data: Data(count: 8))!,
                        decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }

    @Test func croppingKeepsTheLayout() throws {
        let bytes: [UInt8] = [1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 10, 11, 12, 255]
        let image = try #require(makeImage(bytes, width: 2, height: 2, bpc: 8, bpp: 32, info: premultipliedLast,
                                           space: CGColorSpaceCreateDeviceRGB()))
        let corner = try #require(image.cropping(to: CGRect(x: 1, y: 1, width: 1, height: 1)))
        #expect(corner.bitmapInfo == image.bitmapInfo)
        #expect(corner.width == 1 && corner.height == 1)
        #expect(corner.dataProvider?.data == Data([10, 11, 12, 255]))
        #expect(image.cropping(to: CGRect(x: 5, y: 5, width: 1, height: 1)) == nil)
    }
}

/// An image of `bytes` in the given layout.
func makeImage(_ bytes: [UInt8], width: Int = 1, height: Int = 1, bpc: Int, bpp: Int, info: UInt32, space: CGColorSpace) -> CGImage? {
    CGImage(width: width, height: height, bitsPerComponent: bpc, bitsPerPixel: bpp, bytesPerRow: width * bpp / 8, space: space,
            bitmapInfo: CGBitmapInfo(rawValue: info), provider: CGDataProvider(data: Data(bytes))!, decode: nil,
            shouldInterpolate: false, intent: .defaultIntent)
}

/// The RGBA bytes (premultiplied, R first in memory) of `image`, drawn the way iOS code reads pixels back.
func readRGBA(_ image: CGImage) throws -> [UInt8] {
    var out = [UInt8](repeating: 0, count: image.width * image.height * 4)
    try out.withUnsafeMutableBytes { raw in
        let ctx = try #require(CGContext(data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                                         bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    }
    return out
}
