import CCairo
import Foundation

// Pixel format, in one place: every bitmap in Vitrine (CGImage, CGContext, layer backing stores, the
// compositor's shadow buffer) is 32 bits per pixel, alpha premultiplied, stored as native-endian 0xAARRGGBB
// words. On little-endian machines the bytes in memory are B, G, R, A. That is cairo's CAIRO_FORMAT_ARGB32,
// pixman's PIXMAN_a8r8g8b8, and DRM's DRM_FORMAT_ARGB8888 (DRM_FORMAT_XRGB8888 when alpha is ignored), so
// bitmaps move from drawing to compositing to scanout without conversion.

/// A bitmap image: premultiplied ARGB32 pixels (see the note at the top of this file).
public final class CGImage: @unchecked Sendable {
    /// The cairo image surface holding the pixels; immutable once the image exists.
    let surface: OpaquePointer
    public let width: Int
    public let height: Int
    /// Whether every pixel is fully opaque (known from the source: a JPEG, or a PNG without alpha).
    public let isOpaque: Bool

    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { Int(cairo_image_surface_get_stride(surface)) }
    public var alphaInfo: CGImageAlphaInfo { isOpaque ? .noneSkipFirst : .premultipliedFirst }
    public var bitmapInfo: CGBitmapInfo { CGBitmapInfo(rawValue: alphaInfo.rawValue).union(.byteOrder32Little) }
    public var colorSpace: CGColorSpace? { CGColorSpace(name: CGColorSpace.sRGB) }

    /// Takes ownership of a cairo ARGB32 image surface.
    init(surface: OpaquePointer, isOpaque: Bool) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        self.isOpaque = isOpaque
    }

    deinit { cairo_surface_destroy(surface) }

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

    /// A new image of the pixels inside `rect` (in pixels, clipped to the image); `nil` if nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width >= 1, r.height >= 1 else { return nil }
        cairo_surface_flush(surface)
        let stride = bytesPerRow
        let base = UnsafeRawPointer(cairo_image_surface_get_data(surface)!) + Int(r.minY) * stride + Int(r.minX) * 4
        return CGImage(argb32Premultiplied: UnsafeRawBufferPointer(start: base, count: stride * Int(r.height)),
                       width: Int(r.width), height: Int(r.height), bytesPerRow: stride, isOpaque: isOpaque)
    }

    /// The pixels, premultiplied ARGB32 rows of `bytesPerRow` bytes (Core Graphics gives them through
    /// `dataProvider?.data`).
    public var dataProvider: CGDataProvider? {
        cairo_surface_flush(surface)
        let data = Data(bytes: cairo_image_surface_get_data(surface)!, count: bytesPerRow * height)
        return CGDataProvider(data: data)
    }

    /// Reads the pixels without copying them.
    public func withUnsafePixels<R>(_ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        return try body(UnsafeRawBufferPointer(start: cairo_image_surface_get_data(surface), count: bytesPerRow * height),
                        bytesPerRow)
    }

    static func makeSurface(width: Int, height: Int) -> OpaquePointer? {
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let s, cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            if let s { cairo_surface_destroy(s) }
            return nil
        }
        return s
    }
}

/// Bytes, as Core Graphics hands out image data.
public final class CGDataProvider: @unchecked Sendable {
    public let data: Data?
    public init(data: Data) { self.data = data }
}

/// The largest bitmaps Vitrine makes: each side at most 32,767 pixels (cairo's limit) and at most 64 Mi pixels
/// in all (256 MiB), so a file that claims absurd dimensions fails before anything is allocated.
public enum ImageLimits {
    public static let maximumSide = 32_767
    public static let maximumPixels = 64 * 1024 * 1024

    public static func accepts(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= maximumSide && height <= maximumSide && width * height <= maximumPixels
    }
}

extension CGImage {
    /// The cairo surface holding the pixels (Vitrine's compositor paints from it directly).
    @_spi(VitrineInternals)
    public var cairoSurface: OpaquePointer { surface }
}
