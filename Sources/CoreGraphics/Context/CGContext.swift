import CCairo
import Foundation

/// A drawing destination with Core Graphics' API, drawing with cairo.
///
/// Coordinates: like Core Graphics, a bitmap context's device space has its origin at the bottom-left
/// (y up). UIKit's contexts (`draw(_:)`, `UIGraphicsImageRenderer`) concatenate a flip and the screen scale
/// so that user space is UIKit's: points, origin top-left, y down. `ctm` reports the matrix the Core Graphics
/// way (user space to y-up device pixels); cairo itself works y-down, which this class keeps to itself.
///
/// Pixels are premultiplied ARGB32 (see CGImage.swift for the one description of the format).
public final class CGContext {
    let cr: OpaquePointer
    /// What cairo draws into: the bitmap's own memory for cairo's layouts, a native copy otherwise.
    let surface: OpaquePointer
    /// Width and height in pixels.
    public let width: Int
    public let height: Int
    /// The layout of the bitmap's pixels.
    let format: CGBitmapFormat
    private let space: CGColorSpace?
    /// For layouts cairo cannot draw: the caller's memory, kept in step with `surface` around drawing calls.
    let converted: ConvertedBitmap?
    /// Memory the context allocated for a cairo layout when it was given none.
    private let ownedMemory: UnsafeMutableRawPointer?
    /// Nesting of drawing calls (one drawing call may be made of others): memory is synchronised at the outermost.
    @exclusivity(unchecked) var drawingDepth = 0

    struct GState {
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var alpha: CGFloat = 1
        var blendMode = CGBlendMode.normal
        var shadow: Shadow?
        var interpolation = CGInterpolationQuality.default
        var fontSize: CGFloat = 12
        /// The clip in cairo's device pixels when it is known to be one whole-pixel rectangle (set through
        /// `clip(to:)` under an axis-aligned CTM, or none at all); `nil` when it may be any other shape. Lets
        /// drawing that writes pixels itself (`drawGlyphs`) clip exactly as cairo would.
        var pixelClip: CGRect?
    }

    struct Shadow {
        var offset: CGSize
        var blur: CGFloat
        var color: CGColor
    }

    @exclusivity(unchecked) var state = GState()
    @exclusivity(unchecked) private var stack: [GState] = []
    /// States saved by `beginTransparencyLayer`, restored by `endTransparencyLayer`.
    @exclusivity(unchecked) var layerStack: [GState] = []
    /// Ink tracking (see CGContext+Ink.swift).
    @exclusivity(unchecked) var inkTracking = false
    @exclusivity(unchecked) var inkBounds: CGRect?
    /// Points to pixels, for shadows (their offset and blur are not scaled by the CTM, as in Core Graphics,
    /// but UIKit's contexts measure them in points).
    public var shadowScale: CGFloat = 1

    /// A bitmap context drawing into `data` (or memory of its own, cleared to zero, when `data` is `nil`), in
    /// any layout Core Graphics accepts for bitmap contexts (see `CGBitmapFormat`): 32-bit RGB with
    /// premultiplied or skipped alpha first or last, in either byte order; 16 bits a component; 5-5-5; 8-bit
    /// grey (`CGColorSpaceCreateDeviceGray()`); 8-bit alpha only (`space` grey or, as Core Graphics also
    /// accepts, any). `bytesPerRow` 0 lets the context choose. Returns `nil` where Core Graphics does
    /// (non-premultiplied alpha, 24-bit RGB, float components, rows shorter than the width) and for sizes outside
    /// `ImageLimits`.
    ///
    /// Memory: the caller's memory holds the pixels after every drawing call, and what the caller writes there
    /// between calls is drawn over, as in Core Graphics. Premultiplied BGRA (`premultipliedFirst |
    /// byteOrder32Little`), BGRX and alpha-only bitmaps are cairo's own layouts, drawn in place; every other
    /// layout is drawn in a native copy that is read from the caller's memory before and written back after each
    /// drawing call (`PixelConversion`).
    public convenience init?(data: UnsafeMutableRawPointer? = nil, width: Int, height: Int, bitsPerComponent: Int = 8,
                             bytesPerRow: Int = 0, space: CGColorSpace = CGColorSpaceCreateDeviceRGB(),
                             bitmapInfo: UInt32 = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue) {
        let alphaOnly = bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue == CGImageAlphaInfo.alphaOnly.rawValue
        guard ImageLimits.accepts(width: width, height: height),
              let format = CGBitmapFormat(bitsPerComponent: bitsPerComponent, bitsPerPixel: nil, bitmapInfo: bitmapInfo,
                                          space: alphaOnly ? nil : space, forContext: true) else { return nil }
        let minimumRow = width * format.bytesPerPixel
        let stride = bytesPerRow == 0 ? (minimumRow + 3) & ~3 : bytesPerRow
        guard stride >= minimumRow else { return nil }

        // Cairo's own layouts, with a row length cairo can use: draw straight into the memory.
        if let native = format.cairoFormat, stride % 4 == 0 {
            let cairoFormat: cairo_format_t = native == .argb32 ? CAIRO_FORMAT_ARGB32 : native == .rgb24 ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_A8
            var owned: UnsafeMutableRawPointer?
            let memory: UnsafeMutableRawPointer
            if let data { memory = data } else {
                owned = calloc(stride * height, 1)
                guard let owned else { return nil }
                memory = owned
            }
            let surface = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), cairoFormat,
                                                              Int32(width), Int32(height), Int32(stride))
            guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                if let surface { cairo_surface_destroy(surface) }
                free(owned)
                return nil
            }
            self.init(surface: surface, width: width, height: height, format: format, space: alphaOnly ? nil : space,
                      bitmap: nil, ownedMemory: owned)
        } else {
            guard let surface = CGImage.makeSurface(width: width, height: height) else { return nil }
            guard let bitmap = ConvertedBitmap(data: data, bytesPerRow: stride, width: width, height: height, format: format) else {
                cairo_surface_destroy(surface)
                return nil
            }
            self.init(surface: surface, width: width, height: height, format: format, space: alphaOnly ? nil : space,
                      bitmap: bitmap, ownedMemory: nil)
        }
        // Core Graphics' bitmap device space is y-up.
        cairo_translate(cr, 0, Double(height))
        cairo_scale(cr, 1, -1)
    }

    /// A context on a cairo surface it takes ownership of; user space starts as cairo's (y down, pixels).
    init(surface: OpaquePointer, width: Int, height: Int, format: CGBitmapFormat = .native,
         space: CGColorSpace? = CGColorSpaceCreateDeviceRGB(), bitmap: ConvertedBitmap? = nil,
         ownedMemory: UnsafeMutableRawPointer? = nil) {
        self.surface = surface
        self.width = width
        self.height = height
        self.format = format
        self.space = space
        self.converted = bitmap
        self.ownedMemory = ownedMemory
        cr = cairo_create(surface)
        state.pixelClip = CGRect(x: 0, y: 0, width: width, height: height)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GOOD)
        cairo_set_line_width(cr, 1)
        cairo_set_miter_limit(cr, 10)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        free(ownedMemory)
    }

    /// A y-down context of `pixelWidth` x `pixelHeight` pixels whose user space is points at `scale`
    /// (UIKit's drawing environment).
    public static func uikitBitmap(pixelWidth: Int, pixelHeight: Int, scale: CGFloat) -> CGContext? {
        guard ImageLimits.accepts(width: pixelWidth, height: pixelHeight),
              let surface = CGImage.makeSurface(width: pixelWidth, height: pixelHeight) else { return nil }
        let context = CGContext(surface: surface, width: pixelWidth, height: pixelHeight)
        context.useUIKitSpace(scale: scale)
        return context
    }

    /// `uikitBitmap(pixelWidth:pixelHeight:scale:)` drawing into the caller's premultiplied ARGB32 memory (rows
    /// `bytesPerRow` apart), which must outlive the context: a headless screen's compositor draws straight into its
    /// output's frame buffer so.
    @_spi(VitrineInternals)
    public static func uikitBitmap(drawingInto memory: UnsafeMutableRawPointer, pixelWidth: Int, pixelHeight: Int,
                                   bytesPerRow: Int, scale: CGFloat) -> CGContext? {
        guard ImageLimits.accepts(width: pixelWidth, height: pixelHeight), bytesPerRow >= pixelWidth * 4, bytesPerRow % 4 == 0,
              let surface = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                                Int32(pixelWidth), Int32(pixelHeight), Int32(bytesPerRow)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { cairo_surface_destroy(surface); return nil }
        let context = CGContext(surface: surface, width: pixelWidth, height: pixelHeight)
        context.useUIKitSpace(scale: scale)
        return context
    }

    /// User space becomes points at `scale`, y down (UIKit's drawing environment), shadows measured in points.
    private func useUIKitSpace(scale: CGFloat) {
        cairo_scale(cr, Double(scale), Double(scale))
        shadowScale = scale
    }

    /// `uikitBitmap(pixelWidth:pixelHeight:scale:)` on an ARGB32 image surface of an earlier store, taking over the
    /// caller's reference to it: `dirty` (its pixels any drawing touched; null: none) is cleared first, so the
    /// context starts as empty as a new one.
    @_spi(VitrineInternals)
    public static func uikitBitmap(reusing surface: OpaquePointer, clearing dirty: CGRect, scale: CGFloat) -> CGContext {
        let context = CGContext(surface: surface, width: Int(cairo_image_surface_get_width(surface)),
                                height: Int(cairo_image_surface_get_height(surface)))
        // User space is still device pixels here.
        if !dirty.isNull, !dirty.isEmpty { context.clear(dirty) }
        context.useUIKitSpace(scale: scale)
        return context
    }

    // MARK: Bitmap

    public var bitsPerComponent: Int { format.bitsPerComponent }
    public var bitsPerPixel: Int { format.bitsPerPixel }
    public var bytesPerRow: Int { converted?.bytesPerRow ?? Int(cairo_image_surface_get_stride(surface)) }
    public var bitmapInfo: CGBitmapInfo { format.bitmapInfo }
    public var alphaInfo: CGImageAlphaInfo { format.alphaInfo }
    /// The bitmap's colour space (`nil` for an alpha-only bitmap).
    public var colorSpace: CGColorSpace? { space }
    /// The pixels, in the context's layout (the memory given at creation, or the context's own).
    public var data: UnsafeMutableRawPointer? {
        // Whoever holds the pointer may write anywhere: tracked ink becomes the whole bitmap.
        if inkTracking { inkBounds = CGRect(x: 0, y: 0, width: width, height: height) }
        return pixelsForReading
    }

    /// The pixels, for reading only (ink tracking is not told).
    var pixelsForReading: UnsafeMutableRawPointer? {
        if let converted { return converted.memory }
        cairo_surface_flush(surface)
        return cairo_image_surface_get_data(surface).map(UnsafeMutableRawPointer.init)
    }

    /// An image of the current pixels, in the context's layout (a copy: later drawing does not change it).
    public func makeImage() -> CGImage? {
        cairo_surface_flush(surface)
        if let converted {
            // The caller's memory is the picture (what it wrote since the last drawing call included).
            let bytes = Data(bytes: converted.memory, count: converted.bytesPerRow * (height - 1) + width * format.bytesPerPixel)
            return CGImage(copying: bytes, width: width, height: height, bytesPerRow: converted.bytesPerRow,
                           format: format, space: space)
        }
        guard let base = cairo_image_surface_get_data(surface) else { return nil }
        switch format.cairoFormat {
        case .argb32?:
            return CGImage(argb32Premultiplied: UnsafeRawBufferPointer(start: base, count: bytesPerRow * height),
                           width: width, height: height, bytesPerRow: bytesPerRow)
        default:
            let bytes = Data(bytes: base, count: bytesPerRow * height)
            return CGImage(copying: bytes, width: width, height: height, bytesPerRow: bytesPerRow, format: format, space: space)
        }
    }

    /// Called before a drawing call changes pixels: a converted bitmap takes in what the caller wrote.
    func willDraw() {
        drawingDepth += 1
        guard drawingDepth == 1, layerStack.isEmpty, let converted else { return }
        converted.refresh(from: surface)
    }

    /// Called after a drawing call: a converted bitmap's memory gets the result.
    func didDraw() {
        drawingDepth -= 1
        guard drawingDepth == 0, layerStack.isEmpty, let converted else { return }
        converted.store(from: surface)
    }

    /// Finishes pending drawing.
    public func flush() { cairo_surface_flush(surface) }

    // MARK: Graphics state

    /// Pushes the graphics state (CTM, clip, colours, line style, alpha, blend mode, shadow).
    public func saveGState() {
        stack.append(state)
        cairo_save(cr)
    }

    /// Pops the graphics state. Unbalanced calls are ignored, as Core Graphics ignores them (with a log).
    public func restoreGState() {
        guard let saved = stack.popLast() else { return }
        state = saved
        cairo_restore(cr)
    }

    /// The current transformation matrix: user space to device pixels, y up (Core Graphics' convention).
    public var ctm: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let toCairoDevice = CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        return toCairoDevice.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))
    }

    /// Moves the origin of user space.
    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cr, Double(x), Double(y)) }
    /// Scales user space.
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cr, Double(x), Double(y)) }
    /// Rotates user space by `angle` radians.
    public func rotate(by angle: CGFloat) { cairo_rotate(cr, Double(angle)) }
    /// Prepends `transform` to the CTM: it applies to user coordinates first.
    public func concatenate(_ transform: CGAffineTransform) {
        var m = transform.cairoMatrix
        cairo_transform(cr, &m)
    }

    /// The map from user space to cairo's (y-down) device pixels.
    var userToDevice: CGAffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return CGAffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    /// Converts a user-space point to device pixels (y up, as Core Graphics reports it).
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm) }
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(ctm.inverted()) }
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm) }
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(ctm.inverted()) }

    // MARK: Colours, alpha, blending

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fillColor = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.strokeColor = CGColor(gray: gray, alpha: alpha) }

    /// The current fill and stroke colours (Vitrine: UIKit's text drawing reads the fill colour).
    public var fillColor: CGColor { state.fillColor }
    public var strokeColor: CGColor { state.strokeColor }

    /// Multiplies everything drawn afterwards by `alpha` (0...1).
    public func setAlpha(_ alpha: CGFloat) { state.alpha = Swift.max(0, Swift.min(1, alpha)) }

    /// How drawing combines with what is already there.
    public func setBlendMode(_ mode: CGBlendMode) {
        state.blendMode = mode
        cairo_set_operator(cr, mode.cairoOperator)
    }

    /// Turns antialiasing of shapes on or off.
    public func setShouldAntialias(_ on: Bool) {
        cairo_set_antialias(cr, on ? CAIRO_ANTIALIAS_GOOD : CAIRO_ANTIALIAS_NONE)
    }
    public func setAllowsAntialiasing(_ on: Bool) { setShouldAntialias(on) }

    /// How images are sampled when drawn scaled.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolation }
        set { state.interpolation = newValue }
    }

    // MARK: Line style

    public func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cr, Double(Swift.max(0, width))) }
    public func setLineCap(_ cap: CGLineCap) { cairo_set_line_cap(cr, cairo_line_cap_t(UInt32(cap.rawValue))) }
    public func setLineJoin(_ join: CGLineJoin) { cairo_set_line_join(cr, cairo_line_join_t(UInt32(join.rawValue))) }
    public func setMiterLimit(_ limit: CGFloat) { cairo_set_miter_limit(cr, Double(limit)) }
    /// Dashes: alternating painted and unpainted lengths, starting `phase` units into the pattern. An empty
    /// array draws solid lines.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let dashes = lengths.map { Double(Swift.max(0, $0)) }
        if dashes.isEmpty || dashes.allSatisfy({ $0 == 0 }) {
            cairo_set_dash(cr, nil, 0, 0)
        } else {
            cairo_set_dash(cr, dashes, Int32(dashes.count), Double(phase))
        }
    }

    // MARK: Shadows

    /// A shadow under everything drawn afterwards: `offset` and `blur` in points (positive height is down, as
    /// on iOS), colour black at one-third alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    /// A shadow with `color`; a `nil` or fully transparent colour turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0 else { state.shadow = nil; return }
        state.shadow = Shadow(offset: offset, blur: Swift.max(0, blur), color: color)
    }

    // MARK: Internals shared by the drawing files

    func setSource(_ color: CGColor) {
        cairo_set_source_rgba(cr, Double(color.red), Double(color.green), Double(color.blue),
                              Double(color.alpha * state.alpha))
    }
}

extension CGAffineTransform {
    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: Double(a), yx: Double(b), xy: Double(c), yy: Double(d), x0: Double(tx), y0: Double(ty))
    }
}

extension CGBlendMode {
    var cairoOperator: cairo_operator_t {
        switch self {
        case .normal, .plusDarker: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .copy: return CAIRO_OPERATOR_SOURCE
        case .sourceIn: return CAIRO_OPERATOR_IN
        case .sourceOut: return CAIRO_OPERATOR_OUT
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: return CAIRO_OPERATOR_DEST_IN
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
        case .xor: return CAIRO_OPERATOR_XOR
        case .plusLighter: return CAIRO_OPERATOR_ADD
        }
    }
}

/// The caller's memory of a bitmap context whose layout cairo cannot draw, and the conversions that keep it
/// and the context's native surface the same.
final class ConvertedBitmap {
    let memory: UnsafeMutableRawPointer
    let bytesPerRow: Int
    let width: Int
    let height: Int
    let format: CGBitmapFormat
    private let owned: Bool
    /// For layouts finer than 8 bits a component: the native pixels as imported, so that only pixels drawing
    /// changed are written back (the others keep their full precision).
    private var imported: UnsafeMutableRawPointer?

    init?(data: UnsafeMutableRawPointer?, bytesPerRow: Int, width: Int, height: Int, format: CGBitmapFormat) {
        if let data {
            memory = data
            owned = false
        } else {
            guard let zeroed = calloc(bytesPerRow * height, 1) else { return nil }
            memory = zeroed
            owned = true
        }
        self.bytesPerRow = bytesPerRow
        self.width = width
        self.height = height
        self.format = format
    }

    deinit {
        if owned { free(memory) }
        free(imported)
    }

    private var callerPixels: PixelBuffer { PixelBuffer(base: memory, bytesPerRow: bytesPerRow, width: width, height: height) }

    private func nativePixels(_ surface: OpaquePointer) -> PixelBuffer {
        PixelBuffer(base: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!),
                    bytesPerRow: Int(cairo_image_surface_get_stride(surface)), width: width, height: height)
    }

    /// Reads the caller's memory into the native surface.
    func refresh(from surface: OpaquePointer) {
        cairo_surface_flush(surface)
        let native = nativePixels(surface)
        PixelConversion.toNative(callerPixels, format: format, into: native)
        cairo_surface_mark_dirty(surface)
        if case .rgb64 = format.layout {
            let size = native.bytesPerRow * height
            if imported == nil { imported = malloc(size) }
            if let imported { memcpy(imported, native.base, size) }
        }
    }

    /// Writes the native surface into the caller's memory.
    func store(from surface: OpaquePointer) {
        cairo_surface_flush(surface)
        PixelConversion.fromNative(nativePixels(surface), into: callerPixels, format: format,
                                   unchangedSince: imported.map { UnsafeRawPointer($0) })
    }
}
