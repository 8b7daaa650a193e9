import CCairo
import CPNG
import CTurboJPEG
import Foundation

/// Why an image could not be decoded.
public enum ImageDecodingError: Error, Equatable, CustomStringConvertible {
    /// The data is not a PNG or JPEG file.
    case unsupportedFormat
    /// The file claims dimensions beyond `ImageLimits`.
    case tooLarge(width: Int, height: Int)
    /// The decoder rejected the data (truncated, corrupt); the library's message says how.
    case corrupt(String)

    public var description: String {
        switch self {
        case .unsupportedFormat: return "not a PNG or JPEG image"
        case .tooLarge(let w, let h):
            return "image of \(w)x\(h) pixels is over the limit (\(ImageLimits.maximumSide) per side, \(ImageLimits.maximumPixels) pixels)"
        case .corrupt(let message): return "corrupt image: \(message)"
        }
    }
}

/// A decoded image and what its file said about how to show it.
package struct DecodedImage {
    package let image: CGImage
    /// The EXIF orientation (1...8; 1 is upright), from a JPEG's APP1 segment.
    package let exifOrientation: Int
}

/// PNG and JPEG decoding and encoding (Vitrine's ImageIO). PNG through libpng's simplified API (palette, grey,
/// 16-bit and interlaced files, converted to 8-bit sRGB); JPEG through libjpeg-turbo's TurboJPEG API (baseline
/// and progressive; a truncated file or any libjpeg warning is an error, not a grey-filled image).
package enum ImageCodecs {
    package static func decode(_ data: Data) throws -> DecodedImage {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return DecodedImage(image: try decodePNG(data), exifOrientation: 1)
        }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) {
            return DecodedImage(image: try decodeJPEG(data), exifOrientation: EXIF.orientation(inJPEG: data) ?? 1)
        }
        throw ImageDecodingError.unsupportedFormat
    }

    // MARK: PNG

    static func decodePNG(_ data: Data) throws -> CGImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = data.withUnsafeBytes { buf in
            png_image_begin_read_from_memory(&image, buf.baseAddress, buf.count)
        }
        guard began != 0 else { throw ImageDecodingError.corrupt(pngMessage(&image)) }
        let width = Int(image.width), height = Int(image.height)
        guard ImageLimits.accepts(width: width, height: height) else {
            throw ImageDecodingError.tooLarge(width: width, height: height)
        }
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        // 16-bit files without gAMA/sRGB are sRGB-encoded in practice; libpng would otherwise take them as linear.
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        // BGRA bytes = native-endian ARGB words on little-endian machines; straight alpha until premultiplied.
        image.format = UInt32(PNG_FORMAT_BGRA)
        guard let surface = CGImage.makeSurface(width: width, height: height) else {
            throw ImageDecodingError.tooLarge(width: width, height: height)
        }
        let stride = Int(cairo_stride(surface))
        let pixels = cairo_pixels(surface)
        let finished = png_image_finish_read(&image, nil, pixels, Int32(stride), nil)
        guard finished != 0 else {
            cairo_surface_destroy_(surface)
            throw ImageDecodingError.corrupt(pngMessage(&image))
        }
        if hasAlpha { premultiply(pixels, width: width, height: height, stride: stride) }
        cairo_mark_dirty(surface)
        return CGImage(surface: surface, isOpaque: !hasAlpha)
    }

    private static func pngMessage(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Encodes `image` as an 8-bit RGBA PNG (RGB when the image is opaque).
    package static func encodePNG(_ image: CGImage) -> Data? {
        let width = image.width, height = image.height
        var straight = [UInt8](repeating: 0, count: width * height * 4)
        image.withUnsafePixels { src, stride in
            unpremultiply(src, stride: stride, width: width, height: height, into: &straight)
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(width)
        png.height = UInt32(height)
        png.format = UInt32(image.isOpaque ? PNG_FORMAT_BGR : PNG_FORMAT_BGRA)
        if image.isOpaque {
            // Pack to 3 bytes per pixel.
            var packed = [UInt8](repeating: 0, count: width * height * 3)
            for i in 0..<(width * height) {
                packed[i * 3] = straight[i * 4]; packed[i * 3 + 1] = straight[i * 4 + 1]; packed[i * 3 + 2] = straight[i * 4 + 2]
            }
            straight = packed
        }
        let rowBytes = Int32(width * (image.isOpaque ? 3 : 4))
        var size = 0
        let sized = straight.withUnsafeBytes { png_image_write_to_memory(&png, nil, &size, 0, $0.baseAddress, rowBytes, nil) }
        guard sized != 0, size > 0 else { return nil }
        var out = Data(count: size)
        let written = out.withUnsafeMutableBytes { dst in
            straight.withUnsafeBytes { png_image_write_to_memory(&png, dst.baseAddress, &size, 0, $0.baseAddress, rowBytes, nil) }
        }
        png_image_free(&png)
        guard written != 0 else { return nil }
        return out.prefix(size)
    }

    // MARK: JPEG

    static func decodeJPEG(_ data: Data) throws -> CGImage {
        guard let handle = tjInitDecompress() else { throw ImageDecodingError.corrupt("TurboJPEG could not start") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = data.withUnsafeBytes { buf in
            tjDecompressHeader3(handle, buf.bindMemory(to: UInt8.self).baseAddress, UInt(buf.count),
                                &width, &height, &subsampling, &colorspace)
        }
        guard header == 0 else { throw ImageDecodingError.corrupt(String(cString: tjGetErrorStr2(handle))) }
        guard ImageLimits.accepts(width: Int(width), height: Int(height)) else {
            throw ImageDecodingError.tooLarge(width: Int(width), height: Int(height))
        }
        guard let surface = CGImage.makeSurface(width: Int(width), height: Int(height)) else {
            throw ImageDecodingError.tooLarge(width: Int(width), height: Int(height))
        }
        let stride = Int(cairo_stride(surface))
        let pixels = cairo_pixels(surface)
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_BGRX
        let flags = TJFLAG_STOPONWARNING | TJFLAG_ACCURATEDCT
        let result = data.withUnsafeBytes { buf in
            tjDecompress2(handle, buf.bindMemory(to: UInt8.self).baseAddress, UInt(buf.count),
                          pixels.assumingMemoryBound(to: UInt8.self), width, Int32(stride), height,
                          Int32(format.rawValue), flags)
        }
        guard result == 0 else {
            let message = String(cString: tjGetErrorStr2(handle))
            cairo_surface_destroy_(surface)
            throw ImageDecodingError.corrupt(message)
        }
        let px = pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<Int(height) {
            let row = px + y * stride
            for x in 0..<Int(width) {
                let p = row + x * 4
                if isCMYK {
                    // Adobe writes inverted CMYK: each byte is (255 - ink). RGB = byte * K / 255.
                    let c = UInt32(p[0]), m = UInt32(p[1]), yy = UInt32(p[2]), k = UInt32(p[3])
                    p[2] = UInt8(c * k / 255); p[1] = UInt8(m * k / 255); p[0] = UInt8(yy * k / 255)
                }
                p[3] = 255
            }
        }
        cairo_mark_dirty(surface)
        return CGImage(surface: surface, isOpaque: true)
    }

    /// Encodes `image` as a JPEG, 4:2:0, at `quality` 0...1, baseline or progressive (alpha is dropped, over
    /// black as premultiplied pixels are).
    package static func encodeJPEG(_ image: CGImage, quality: CGFloat, progressive: Bool = false) -> Data? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let q = Int32((Swift.max(0, Swift.min(1, quality)) * 100).rounded())
        let result = image.withUnsafePixels { src, stride in
            tjCompress2(handle, src.bindMemory(to: UInt8.self).baseAddress, Int32(image.width), Int32(stride),
                        Int32(image.height), Int32(TJPF_BGRX.rawValue), &buffer, &size, Int32(TJSAMP_420.rawValue),
                        Swift.max(1, q), TJFLAG_ACCURATEDCT | (progressive ? TJFLAG_PROGRESSIVE : 0))
        }
        defer { if let buffer { tjFree(buffer) } }
        guard result == 0, let buffer else { return nil }
        return Data(bytes: buffer, count: Int(size))
    }

    // MARK: Pixels

    static func premultiply(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int) {
        let px = pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            let row = px + y * stride
            for x in 0..<width {
                let p = row + x * 4
                let a = UInt32(p[3])
                if a == 255 { continue }
                // Exact rounding of c * a / 255.
                func mul(_ c: UInt8) -> UInt8 { let t = UInt32(c) * a + 128; return UInt8((t + (t >> 8)) >> 8) }
                p[0] = mul(p[0]); p[1] = mul(p[1]); p[2] = mul(p[2])
            }
        }
    }

    /// Straight-alpha BGRA bytes from premultiplied ARGB32 words.
    static func unpremultiply(_ src: UnsafeRawBufferPointer, stride: Int, width: Int, height: Int, into dst: inout [UInt8]) {
        let s = src.bindMemory(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * stride + x * 4, o = (y * width + x) * 4
                let a = UInt32(s[i + 3])
                dst[o + 3] = UInt8(a)
                guard a > 0 else { dst[o] = 0; dst[o + 1] = 0; dst[o + 2] = 0; continue }
                for c in 0..<3 { dst[o + c] = UInt8(Swift.min(255, (UInt32(s[i + c]) * 255 + a / 2) / a)) }
            }
        }
    }
}

// Small cairo helpers the codecs share.
func cairo_stride(_ s: OpaquePointer) -> Int32 { cairo_image_surface_get_stride(s) }
func cairo_pixels(_ s: OpaquePointer) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(cairo_image_surface_get_data(s)!) }
func cairo_mark_dirty(_ s: OpaquePointer) { cairo_surface_mark_dirty(s) }
func cairo_surface_destroy_(_ s: OpaquePointer) { cairo_surface_destroy(s) }
