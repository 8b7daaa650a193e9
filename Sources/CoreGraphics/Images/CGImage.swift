import CCairo
import CPixman
import Foundation

// Pixel format, in one place: every bitmap in Vitrine (CGImage, CGContext, layer backing stores, the
// compositor's shadow buffer) is 32 bits per pixel, alpha premultiplied, stored as native-endian 0xAARRGGBB
// words. On little-endian machines the bytes in memory are B, G, R, A. That is cairo's CAIRO_FORMAT_ARGB32,
// pixman's PIXMAN_a8r8g8b8, and DRM's DRM_FORMAT_ARGB8888 (DRM_FORMAT_XRGB8888 when alpha is ignored), so
// bitmaps move from drawing to compositing to scanout without conversion.

/// A bitmap image. Vitrine draws every image from premultiplied ARGB32 pixels (see the note at the top of
/// this file); an image made in another layout (`init(width:height:bitsPerComponent:...)`, `makeImage()` of an
/// RGBA context) also keeps its pixels as given, so `dataProvider`, `bitmapInfo`, `bytesPerRow` and the rest
/// describe them truthfully, as Core Graphics does.
public final class CGImage: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The cairo image surface holding the pixels to draw (native format); immutable once the image exists.
    let surface: OpaquePointer
    public let width: Int
    public let height: Int
    /// The layout of the image's pixels as the image describes them.
    public let format: CGBitmapFormat
    /// The pixels in `format`, when that is not the native layout (`nil`: the surface's bytes are the pixels).
    private let sourceBytes: Data?
    private let sourceBytesPerRow: Int
    private let space: CGColorSpace?

    /// Whether every pixel is fully opaque (known from the source: a JPEG, a PNG without alpha, a layout
    /// without alpha).
    public var isOpaque: Bool { format.isOpaque }

    public var bitsPerComponent: Int { format.bitsPerComponent }
    public var bitsPerPixel: Int { format.bitsPerPixel }
    public var bytesPerRow: Int { sourceBytes == nil ? Int(cairo_image_surface_get_stride(surface)) : sourceBytesPerRow }
    public var alphaInfo: CGImageAlphaInfo { format.alphaInfo }
    public var bitmapInfo: CGBitmapInfo { format.bitmapInfo }
    public var byteOrderInfo: CGImageByteOrderInfo {
        CGImageByteOrderInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue) ?? .orderDefault
    }
    /// The image's colour space (`nil` for alpha-only masks, as in Core Graphics).
    public var colorSpace: CGColorSpace? { space }
    /// Whether the image is a mask made with `CGImage(maskWidth:...)` (Vitrine makes none).
    public var isMask: Bool { false }
    public var shouldInterpolate: Bool { true }
    public var renderingIntent: CGColorRenderingIntent { .defaultIntent }

    /// Takes ownership of a cairo ARGB32 image surface.
    init(surface: OpaquePointer, isOpaque: Bool) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        format = isOpaque ? .nativeOpaque : .native
        sourceBytes = nil
        sourceBytesPerRow = 0
        space = CGColorSpace(name: CGColorSpace.sRGB)
    }

    private init(surface: OpaquePointer, format: CGBitmapFormat, bytes: Data?, bytesPerRow: Int, space: CGColorSpace?) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        self.format = format
        sourceBytes = bytes
        sourceBytesPerRow = bytesPerRow
        self.space = space
    }

    deinit {
        if let pixmanWrapper { pixman_image_unref(pixmanWrapper) }
        cairo_surface_destroy(surface)
    }

    /// A pixman image over the surface's pixels, made on first use and kept with the image (main thread only:
    /// the compositor's).
    private var pixmanWrapper: OpaquePointer?

    /// The pixels as a pixman image (`PIXMAN_a8r8g8b8`, the same memory), flushed for reading: the compositor's
    /// fast paths composite from it without wrapping the pixels anew, an allocation, every frame.
    @_spi(VitrineInternals) public func pixmanImageForCompositing() -> OpaquePointer? {
        cairo_surface_flush(surface)
        if let pixmanWrapper { return pixmanWrapper }
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        pixmanWrapper = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                                 UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                 cairo_image_surface_get_stride(surface))
        return pixmanWrapper
    }

    /// Makes an image from premultiplied ARGB32 pixels (native-endian words, `bytesPerRow` apart), copying
    /// them. Returns `nil` for sizes outside `ImageLimits`.
    public convenience init?(argb32Premultiplied pixels: UnsafeRawBufferPointer, width: Int, height: Int,
                             bytesPerRow: Int, isOpaque: Bool = false) {
        guard ImageLimits.accepts(width: width, height: height), bytesPerRow >= width * 4,
              pixels.count >= bytesPerRow * (height - 1) + width * 4,
              let surface = CGImage.makeSurface(width: width, height: height) else { return nil }
        let dst = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<height {
            memcpy(dst + y * stride, pixels.baseAddress! + y * bytesPerRow, width * 4)
        }
        cairo_surface_mark_dirty(surface)
        self.init(surface: surface, isOpaque: isOpaque)
    }

    /// Makes an image from pixels in any layout Core Graphics accepts for images (see `CGBitmapFormat`): 32-bit
    /// RGB with alpha first or last, premultiplied, not, or skipped, in either byte order; 24-bit RGB; 16 bits
    /// a component; 5-5-5; 8-bit grey; 8-bit alpha. The pixels are copied from `provider`. Returns `nil` where
    /// Core Graphics does (an unknown layout, rows too short for the width, too little data), for sizes outside
    /// `ImageLimits`, and for `decode` arrays, which Vitrine does not apply.
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                             decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard decode == nil, let data = provider.data,
              let format = CGBitmapFormat(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                          bitmapInfo: bitmapInfo.rawValue,
                                          space: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue
                                              == CGImageAlphaInfo.alphaOnly.rawValue && space.model != .monochrome ? nil : space,
                                          forContext: false) else { return nil }
        self.init(copying: data, width: width, height: height, bytesPerRow: bytesPerRow, format: format,
                  space: format.layout == .alpha8 ? nil : space)
    }

    /// An image of `bytes` in `format` (copied), with its native pixels for drawing.
    convenience init?(copying bytes: Data, width: Int, height: Int, bytesPerRow: Int, format: CGBitmapFormat,
                      space: CGColorSpace?) {
        let rowBytes = width * format.bytesPerPixel
        guard ImageLimits.accepts(width: width, height: height), bytesPerRow >= rowBytes,
              bytes.count >= bytesPerRow * (height - 1) + rowBytes,
              let surface = CGImage.makeSurface(width: width, height: height) else { return nil }
        let kept = Data(bytes.prefix(bytesPerRow * (height - 1) + rowBytes))
        kept.withUnsafeBytes { raw in
            // The source is only read (`PixelBuffer` is mutable because destinations are).
            let source = UnsafeMutableRawPointer(mutating: raw.baseAddress!)
            PixelConversion.toNative(PixelBuffer(base: source, bytesPerRow: bytesPerRow, width: width, height: height),
                                     format: format,
                                     into: PixelBuffer(base: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!),
                                                       bytesPerRow: Int(cairo_image_surface_get_stride(surface)),
                                                       width: width, height: height))
        }
        cairo_surface_mark_dirty(surface)
        let isNative = format == .native || format == .nativeOpaque
        self.init(surface: surface, format: format, bytes: isNative ? nil : kept, bytesPerRow: bytesPerRow, space: space)
    }

    /// A new image of the pixels inside `rect` (in pixels, clipped to the image), in the same layout; `nil` if
    /// nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
        let bpp = format.bytesPerPixel
        let w = Int(r.width), h = Int(r.height), rowBytes = w * bpp
        return withUnsafeBytes { bytes, stride in
            // Compact rows: the crop's bytes are just its pixels.
            var slice = Data(count: rowBytes * h)
            slice.withUnsafeMutableBytes { out in
                for y in 0..<h {
                    memcpy(out.baseAddress! + y * rowBytes, bytes.baseAddress! + (Int(r.minY) + y) * stride + Int(r.minX) * bpp, rowBytes)
                }
            }
            return CGImage(copying: slice, width: w, height: h, bytesPerRow: rowBytes, format: format, space: space)
        }
    }

    /// The image's pixels in its own layout (`bitmapInfo`, `bytesPerRow`), as Core Graphics hands them out.
    public var dataProvider: CGDataProvider? {
        withUnsafeBytes { bytes, stride in CGDataProvider(data: Data(bytes: bytes.baseAddress!, count: stride * height)) }
    }

    /// The image's bytes in its own layout, without copying them.
    private func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int) throws -> R) rethrows -> R {
        if let sourceBytes {
            return try sourceBytes.withUnsafeBytes { try body($0, sourceBytesPerRow) }
        }
        return try withUnsafePixels(body)
    }

    /// Reads the native (premultiplied ARGB32) pixels without copying them.
    public func withUnsafePixels<R>(_ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        return try body(UnsafeRawBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * height), stride)
    }

    static func makeSurface(width: Int, height: Int) -> OpaquePointer? {
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let s, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            if let s { cairo_surface_destroy(s) }
            return nil
        }
        return s
    }

    // CGImage is a Core Foundation type compared by identity (CFEqual on images is pointer equality).
    public static func == (a: CGImage, b: CGImage) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "<CGImage 0x\(String(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(self))), radix: 16))> (IP) width = \(width), "
            + "height = \(height), bpc = \(bitsPerComponent), bpp = \(bitsPerPixel), row bytes = \(bytesPerRow), "
            + "alphaInfo = \(alphaInfo), bitmapInfo = 0x\(String(bitmapInfo.rawValue, radix: 16))"
    }
}

/// Bytes, as Core Graphics hands out and takes image data.
public final class CGDataProvider: @unchecked Sendable {
    /// The bytes (Core Graphics' `CGDataProvider.data` / `CGDataProviderCopyData`).
    public let data: Data?
    /// A provider of `data` (Core Graphics takes a `CFData`; `Data` is its Swift form).
    public init?(data: Data) { self.data = data }
    /// A provider of the file at `url`'s contents; `nil` when it cannot be read.
    public init?(url: URL) {
        guard let bytes = try? Data(contentsOf: url) else { return nil }
        data = bytes
    }
}

/// The largest bitmaps Vitrine makes: each side at most 32,767 pixels (cairo's limit) and at most 64 Mi pixels
/// in all (256 MiB), so a file that claims absurd dimensions fails before anything is allocated.
package enum ImageLimits {
    package static let maximumSide = 32_767
    package static let maximumPixels = 64 * 1024 * 1024

    package static func accepts(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumSide && height <= maximumSide && width * height <= maximumPixels
    }
}

extension CGImage {
    /// The cairo surface holding the pixels (Vitrine's compositor paints from it directly).
    @_spi(VitrineInternals)
    public var cairoSurface: OpaquePointer { surface }

    /// Runs `body` with the image's premultiplied ARGB32 pixels and their row stride in bytes (read only; an
    /// overlay plane copies them as they are).
    @_spi(VitrineInternals)
    public func withPremultipliedPixels<R>(_ body: (UnsafeRawPointer, Int) -> R) -> R? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return body(UnsafeRawPointer(data), Int(cairo_image_surface_get_stride(surface)))
    }
}
