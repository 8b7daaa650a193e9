import CPixman
import Foundation

extension CGColor {
    /// The colour as cairo hands a solid source to pixman: 16 bits a channel, premultiplied, each rounded as cairo
    /// rounds it (`v × 65535 + 0.5`, truncated), with alpha multiplied by `alpha` first (a context's global alpha).
    /// Code that writes pixels itself where cairo would draw uses it to write the very same pixels.
    @_spi(VitrineInternals)
    public func pixmanColor(alpha factor: CGFloat = 1) -> pixman_color_t {
        let a = Double(alpha * factor)
        func short(_ v: Double) -> UInt16 { UInt16(Swift.min(Swift.max(v * 65535 + 0.5, 0), 65535)) }
        return pixman_color_t(red: short(Double(red) * a), green: short(Double(green) * a),
                              blue: short(Double(blue) * a), alpha: short(a))
    }
}

extension pixman_color_t {
    /// The colour as one premultiplied ARGB32 pixel, 8 bits a channel: the high byte of each 16, as pixman narrows
    /// a solid colour.
    @_spi(VitrineInternals)
    public var argb32: UInt32 {
        UInt32(alpha >> 8) << 24 | UInt32(red >> 8) << 16 | UInt32(green >> 8) << 8 | UInt32(blue >> 8)
    }
}
