import Foundation

// The pixel layouts Core Graphics accepts for bitmap contexts and images, described once.
//
// Byte order, as Core Graphics defines it: a 32-bit (or 16-bit) pixel is a word whose components are named
// from the most significant end — "premultipliedFirst" is A,R,G,B from high to low — and the byte order says
// how that word is stored. The default order is big-endian, so with no byte-order flag the bytes in memory are
// in the order the alpha info names them (premultipliedLast: R, G, B, A). `byteOrder32Little` stores the word
// little-endian: premultipliedFirst | byteOrder32Little is B, G, R, A in memory — Vitrine's native format,
// cairo's ARGB32 (see CGImage.swift). Vitrine runs on little-endian machines only (x86-64, AArch64, ARMv7).

/// The colour model of a bitmap: what its colour components mean.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1, monochrome = 0, rgb = 1
}

/// Byte order of a bitmap's pixels (Core Graphics' `CGImageByteOrderInfo`).
public enum CGImageByteOrderInfo: UInt32, Sendable {
    case orderDefault = 0
    case order16Little = 0x1000
    case order32Little = 0x2000
    case order16Big = 0x3000
    case order32Big = 0x4000
    case orderMask = 0x7000
}

/// One pixel layout: component size, pixel size, where alpha is, byte order and colour model.
public struct CGBitmapFormat: Equatable, Sendable {
    /// The layouts Vitrine reads and writes, named by their bytes in memory (for 16-bit layouts, their words).
    public enum Layout: Equatable, Sendable {
        /// 32 bpp, 8 bpc; `alphaFirst`: A before the colour in the word; `littleEndian`: the word is stored
        /// little-endian; `premultiplied`/`skip`/non-premultiplied alpha from `alpha`.
        case rgb32(alphaFirst: Bool, littleEndian: Bool)
        /// 24 bpp, 8 bpc, no alpha: R, G, B (images only, as in Core Graphics).
        case rgb24
        /// 64 bpp, 16 bpc, alpha last: R, G, B, A words in the given byte order.
        case rgb64(littleEndian: Bool)
        /// 16 bpp, 5 bpc, skip first: x1r5g5b5 words in the given byte order.
        case rgb555(littleEndian: Bool)
        /// 8 bpp grey, no alpha.
        case gray8
        /// 8 bpp alpha only (a mask).
        case alpha8
    }

    public let layout: Layout
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bitmapInfo: CGBitmapInfo

    public var alphaInfo: CGImageAlphaInfo {
        CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue) ?? .none
    }
    public var bytesPerPixel: Int { bitsPerPixel / 8 }
    /// Whether the format has no alpha (every pixel shows as opaque).
    public var isOpaque: Bool { [.none, .noneSkipFirst, .noneSkipLast].contains(alphaInfo) }
    public var colorSpaceModel: CGColorSpaceModel {
        switch layout {
        case .gray8: return .monochrome
        case .alpha8: return .unknown
        default: return .rgb
        }
    }

    /// Vitrine's own format: premultiplied ARGB32, little-endian words (B, G, R, A in memory).
    public static let native = CGBitmapFormat(
        layout: .rgb32(alphaFirst: true, littleEndian: true), bitsPerComponent: 8, bitsPerPixel: 32,
        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little))
    /// The native layout without alpha (opaque images: JPEGs, PNGs without alpha).
    public static let nativeOpaque = CGBitmapFormat(
        layout: .rgb32(alphaFirst: true, littleEndian: true), bitsPerComponent: 8, bitsPerPixel: 32,
        bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipFirst.rawValue).union(.byteOrder32Little))

    private init(layout: Layout, bitsPerComponent: Int, bitsPerPixel: Int, bitmapInfo: CGBitmapInfo) {
        self.layout = layout
        self.bitsPerComponent = bitsPerComponent
        self.bitsPerPixel = bitsPerPixel
        self.bitmapInfo = bitmapInfo
    }

    /// The format Core Graphics means by these parameters, or `nil` where Core Graphics rejects the
    /// combination. `forContext`: bitmap contexts, which (as in Core Graphics) take premultiplied or skipped
    /// alpha only; images also take non-premultiplied alpha and 24-bit RGB.
    public init?(bitsPerComponent: Int, bitsPerPixel: Int?, bitmapInfo: UInt32, space: CGColorSpace?, forContext: Bool) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard bitmapInfo & CGBitmapInfo.floatComponents.rawValue == 0,
              let alpha = CGImageAlphaInfo(rawValue: bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue),
              let order = CGImageByteOrderInfo(rawValue: bitmapInfo & CGBitmapInfo.byteOrderMask.rawValue) else { return nil }
        let model = space?.model
        let layout: Layout
        let bpp: Int
        switch (model, bitsPerComponent, alpha) {
        case (nil, 8, .alphaOnly), (.monochrome?, 8, .alphaOnly):
            layout = .alpha8; bpp = 8
        case (.monochrome?, 8, .none):
            layout = .gray8; bpp = 8
        case (.rgb?, 8, .premultipliedFirst), (.rgb?, 8, .premultipliedLast), (.rgb?, 8, .noneSkipFirst),
             (.rgb?, 8, .noneSkipLast):
            guard order == .orderDefault || order == .order32Little || order == .order32Big else { return nil }
            let first = alpha == .premultipliedFirst || alpha == .noneSkipFirst
            layout = .rgb32(alphaFirst: first, littleEndian: order == .order32Little); bpp = 32
        case (.rgb?, 8, .first), (.rgb?, 8, .last):
            guard !forContext, order == .orderDefault || order == .order32Little || order == .order32Big else { return nil }
            layout = .rgb32(alphaFirst: alpha == .first, littleEndian: order == .order32Little); bpp = 32
        case (.rgb?, 8, .none):
            guard !forContext, order == .orderDefault else { return nil }
            layout = .rgb24; bpp = 24
        case (.rgb?, 16, .premultipliedLast), (.rgb?, 16, .noneSkipLast):
            guard order == .orderDefault || order == .order16Little || order == .order16Big else { return nil }
            layout = .rgb64(littleEndian: order == .order16Little); bpp = 64
        case (.rgb?, 16, .last):
            guard !forContext, order == .orderDefault || order == .order16Little || order == .order16Big else { return nil }
            layout = .rgb64(littleEndian: order == .order16Little); bpp = 64
        case (.rgb?, 5, .noneSkipFirst):
            guard order == .orderDefault || order == .order16Little || order == .order16Big else { return nil }
            layout = .rgb555(littleEndian: order == .order16Little); bpp = 16
        default:
            return nil
        }
        if let bitsPerPixel, bitsPerPixel != bpp { return nil }
        self.init(layout: layout, bitsPerComponent: bitsPerComponent, bitsPerPixel: bpp, bitmapInfo: info)
    }

    /// Whether cairo can draw into this layout directly (no conversion: the caller's memory is the surface).
    var cairoFormat: CairoNativeFormat? {
        switch layout {
        case .rgb32(alphaFirst: true, littleEndian: true):
            if alphaInfo == .premultipliedFirst { return .argb32 }
            if alphaInfo == .noneSkipFirst { return .rgb24 }
            return nil
        case .alpha8: return .a8
        default: return nil
        }
    }

    enum CairoNativeFormat { case argb32, rgb24, a8 }
}

extension CGBitmapInfo {
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrder16Little = CGBitmapInfo(rawValue: CGImageByteOrderInfo.order16Little.rawValue)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: CGImageByteOrderInfo.order16Big.rawValue)
    public static let byteOrderDefault = CGBitmapInfo([])

    /// The bitmap info for alpha `info` with no byte-order flag (Core Graphics' `CGBitmapInfo(alphaInfo:)`).
    public init(alphaInfo info: CGImageAlphaInfo) { self.init(rawValue: info.rawValue) }
}
