import VitrinePlatform
@_spi(VitrineInternals) import CoreGraphics

/// An image: a bitmap with the scale it was made for, the orientation to show it in, and how it draws
/// (stretchable caps, template rendering).
open class UIImage: NSObject, @unchecked Sendable {
    // An NSObject, as on iOS: equal only to itself.

    /// How the stored bitmap must be turned to show the image upright (EXIF orientation).
    public enum Orientation: Int, Sendable {
        case up = 0, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored

        init(exif: Int) {
            switch exif {
            case 2: self = .upMirrored
            case 3: self = .down
            case 4: self = .downMirrored
            case 5: self = .leftMirrored
            case 6: self = .right
            case 7: self = .rightMirrored
            case 8: self = .left
            default: self = .up
            }
        }

        var swapsSides: Bool { self == .left || self == .right || self == .leftMirrored || self == .rightMirrored }

        /// Maps the stored bitmap's unit square onto the displayed unit square (y down).
        var unitTransform: CGAffineTransform {
            switch self {
            case .up: return .identity
            case .upMirrored: return CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 1, ty: 0)
            case .down: return CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 1, ty: 1)
            case .downMirrored: return CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1)
            case .leftMirrored: return CGAffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)       // (u,v) -> (v,u)
            case .right: return CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)             // (u,v) -> (1-v,u)
            case .rightMirrored: return CGAffineTransform(a: 0, b: -1, c: -1, d: 0, tx: 1, ty: 1)     // (u,v) -> (1-v,1-u)
            case .left: return CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 1)              // (u,v) -> (v,1-u)
            }
        }
    }

    /// Whether an image draws in its own colours or as a stencil tinted with the tint colour.
    public enum RenderingMode: Int, Sendable {
        case automatic = 0, alwaysOriginal, alwaysTemplate
    }

    /// How the middle of a resizable image fills the space between its caps.
    public enum ResizingMode: Int, Sendable {
        case tile = 0, stretch
    }

    /// The bitmap (in its stored orientation).
    public let cgImage: CGImage?
    /// Pixels per point: 2 for an `@2x` file.
    public let scale: CGFloat
    public let imageOrientation: Orientation
    public private(set) var renderingMode: RenderingMode = .automatic
    /// A symbol image's configuration (`UIImage(systemName:withConfiguration:)`); nil for other images.
    public internal(set) var symbolConfiguration: SymbolConfiguration?
    /// A symbol image's name.
    var symbolName: String?
    public private(set) var capInsets: UIEdgeInsets = .zero
    public private(set) var resizingMode: ResizingMode = .tile

    /// The size in points, as displayed (sides swapped for quarter-turn orientations).
    open var size: CGSize {
        guard let cg = cgImage else { return .zero }
        let w = CGFloat(cg.width) / scale, h = CGFloat(cg.height) / scale
        return imageOrientation.swapsSides ? CGSize(width: h, height: w) : CGSize(width: w, height: h)
    }

    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
        imageOrientation = orientation
    }

    /// An empty image: no bitmap, size zero (UIKit's `UIImage()`).
    public override init() {
        cgImage = nil
        scale = 1
        imageOrientation = .up
        super.init()
    }

    public convenience init(cgImage: CGImage) { self.init(cgImage: cgImage, scale: 1, orientation: .up) }

    /// The image a `#imageLiteral(resourceName:)` in source names, found as `init(named:)` finds it. A name that
    /// is not there gives an empty image and an error in the log (UIKit stops the app).
    @preconcurrency @MainActor
    public required convenience init(imageLiteralResourceName name: String) {
        guard let found = NamedImages.find(name, bundle: nil), let cgImage = found.cgImage else {
            VitrineLog.logger("vitrine.images").error("#imageLiteral(resourceName: \"\(name)\"): no such image; an empty image instead")
            self.init()
            return
        }
        self.init(cgImage: cgImage, scale: found.scale, orientation: found.imageOrientation)
    }

    /// Decodes PNG or JPEG data; `nil` for anything else, or for a truncated, corrupt or oversized file
    /// (`UIImage.decode(_:scale:)` says why).
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let decoded = try? ImageCodecs.decode(data) else { return nil }
        self.init(cgImage: decoded.image, scale: scale, orientation: Orientation(exif: decoded.exifOrientation))
    }

    /// Decodes PNG or JPEG data, throwing `ImageDecodingError` with the reason when it cannot.
    public static func decode(_ data: Data, scale: CGFloat = 1) throws -> UIImage {
        let decoded = try ImageCodecs.decode(data)
        return UIImage(cgImage: decoded.image, scale: scale, orientation: Orientation(exif: decoded.exifOrientation))
    }

    /// Loads an image file; a name ending in `@2x` or `@3x` (before the extension) sets the scale.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: Self.scaleSuffix(of: path))
    }

    /// Copies another image's drawing settings onto a new bitmap or orientation.
    private init(_ other: UIImage, cgImage: CGImage?) {
        self.cgImage = cgImage
        scale = other.scale
        imageOrientation = other.imageOrientation
        renderingMode = other.renderingMode
        symbolConfiguration = other.symbolConfiguration
        symbolName = other.symbolName
        capInsets = other.capInsets
        resizingMode = other.resizingMode
    }

    open override var description: String {
        "<UIImage: \(addressString(of: self)); size = \(size.width) x \(size.height), scale = \(scale)>"
    }

    // MARK: Encoding

    /// The image as PNG (in its stored orientation).
    open func pngData() -> Data? { cgImage.flatMap(ImageCodecs.encodePNG) }

    /// The image as JPEG at `compressionQuality` 0...1.
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        cgImage.flatMap { ImageCodecs.encodeJPEG($0, quality: compressionQuality) }
    }

    // MARK: Variants

    /// The image with stretchable caps: drawn larger, the corners keep their size, the edges stretch along
    /// one axis and the middle in both (or tiles, with `.tile`).
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode = .tile) -> UIImage {
        let copy = UIImage(self, cgImage: cgImage)
        copy.capInsets = capInsets
        copy.resizingMode = resizingMode
        return copy
    }

    func setRenderingMode(_ mode: RenderingMode) { renderingMode = mode }

    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = UIImage(self, cgImage: cgImage)
        copy.renderingMode = renderingMode
        return copy
    }

    /// A copy that draws in `color` (its alpha as a mask), in original rendering mode.
    @preconcurrency @MainActor
    open func withTintColor(_ color: UIColor) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let tinted = UIGraphicsImageRenderer(size: size, format: format).image { ctx in
            self.drawTinted(in: CGRect(origin: .zero, size: size), color: color, context: ctx.cgContext)
        }
        // The tinted bitmap is already upright.
        let copy = UIImage(cgImage: tinted.cgImage!, scale: scale, orientation: .up)
        copy.capInsets = capInsets
        copy.resizingMode = resizingMode
        copy.renderingMode = .alwaysOriginal
        return copy
    }

    // MARK: Drawing

    /// Draws the image at its size with its top-left at `point`.
    @preconcurrency @MainActor open func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }

    @preconcurrency @MainActor open func draw(at point: CGPoint, blendMode: CGBlendMode, alpha: CGFloat) {
        draw(in: CGRect(origin: point, size: size), blendMode: blendMode, alpha: alpha)
    }

    @preconcurrency @MainActor open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState(); c.setBlendMode(blendMode); c.setAlpha(alpha); draw(in: rect); c.restoreGState()
    }

    /// Draws the image scaled to `rect`, upright, honouring its orientation and cap insets.
    @preconcurrency @MainActor open func draw(in rect: CGRect) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        draw(in: rect, context: c)
    }

    /// Draws into `context` (Vitrine: image views and layers draw through here).
    @MainActor func draw(in rect: CGRect, context c: CGContext) {
        guard cgImage != nil else { return }
        if capInsets != .zero {
            drawNineSlice(in: rect, context: c)
        } else {
            drawWhole(in: rect, context: c)
        }
    }

    /// Draws the image as a stencil: `color` where it is, by its alpha.
    @MainActor func drawTinted(in rect: CGRect, color: UIColor, context c: CGContext) {
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        draw(in: rect, context: c)
        c.setBlendMode(.sourceIn)
        c.setFillColor(color.cgColor)
        c.fill(rect)
        c.endTransparencyLayer()
    }

    private func drawWhole(in rect: CGRect, context c: CGContext) {
        guard let cg = cgImage else { return }
        c.saveGState()
        // The orientation's unit-square map, scaled onto `rect`, then the flip that makes Core Graphics'
        // image drawing (first row at the top of a y-up rectangle) upright in UIKit's y-down space.
        let toRect = CGAffineTransform(a: rect.width, b: 0, c: 0, d: rect.height, tx: rect.minX, ty: rect.minY)
        c.concatenate(imageOrientation.unitTransform.concatenating(toRect))
        c.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 1))
        c.draw(cg, in: CGRect(x: 0, y: 0, width: 1, height: 1))
        c.restoreGState()
    }

    /// Corners at their own size, edges stretched (or tiled) along their length, the middle both ways.
    private func drawNineSlice(in rect: CGRect, context c: CGContext) {
        guard let cg = cgImage else { return }
        let s = size, i = capInsets
        let srcX = [0, i.left, s.width - i.right, s.width], srcY = [0, i.top, s.height - i.bottom, s.height]
        let dstX = [rect.minX, rect.minX + i.left, rect.maxX - i.right, rect.maxX]
        let dstY = [rect.minY, rect.minY + i.top, rect.maxY - i.bottom, rect.maxY]
        for row in 0..<3 {
            for col in 0..<3 {
                let src = CGRect(x: srcX[col], y: srcY[row], width: srcX[col + 1] - srcX[col], height: srcY[row + 1] - srcY[row])
                let dst = CGRect(x: dstX[col], y: dstY[row], width: dstX[col + 1] - dstX[col], height: dstY[row + 1] - dstY[row])
                guard src.width > 0, src.height > 0, dst.width > 0, dst.height > 0,
                      let piece = cg.cropping(to: CGRect(x: src.minX * scale, y: src.minY * scale,
                                                         width: src.width * scale, height: src.height * scale)) else { continue }
                let part = UIImage(cgImage: piece, scale: scale, orientation: .up)
                let stretchX = col == 1, stretchY = row == 1
                if resizingMode == .tile && (stretchX || stretchY) {
                    c.saveGState()
                    c.clip(to: dst)
                    var y = dst.minY
                    repeat {
                        var x = dst.minX
                        repeat {
                            part.drawWhole(in: CGRect(x: x, y: y, width: stretchX ? src.width : dst.width,
                                                      height: stretchY ? src.height : dst.height), context: c)
                            x += stretchX ? src.width : dst.width
                        } while x < dst.maxX
                        y += stretchY ? src.height : dst.height
                    } while y < dst.maxY
                    c.restoreGState()
                } else {
                    part.drawWhole(in: dst, context: c)
                }
            }
        }
    }

    // MARK: Named images

    /// Loads a named image from the app's resources, picking the `@3x`, `@2x` or plain file that best matches
    /// the main screen's scale. Looked up, in order: `bundle` (if given), the main bundle's resource folder,
    /// every SwiftPM resource bundle (`*.resources`) beside the executable, and the folders in
    /// `VITRINE_RESOURCE_PATH` (colon-separated). Images are cached by name, as in UIKit.
    @preconcurrency @MainActor
    public convenience init?(named name: String, in bundle: Bundle? = nil) {
        guard let found = NamedImages.find(name, bundle: bundle) else { return nil }
        self.init(cgImage: found.cgImage!, scale: found.scale, orientation: found.imageOrientation)
    }

    /// As `init(named:in:)`; the traits pick nothing more (Vitrine's named images have no per-trait variants).
    @preconcurrency @MainActor
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name, in: bundle)
    }

    static func scaleSuffix(of path: String) -> CGFloat {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if base.hasSuffix("@3x") { return 3 }
        if base.hasSuffix("@2x") { return 2 }
        return 1
    }
}

/// The lookup and cache behind `UIImage(named:)`.
@MainActor
enum NamedImages {
    static var cache: [String: UIImage] = [:]

    static func searchFolders(_ bundle: Bundle?) -> [String] {
        var folders: [String] = []
        if let bundle, let path = bundle.resourcePath { folders.append(path) }
        if let path = Bundle.main.resourcePath { folders.append(path) }
        let exeDir = (CommandLine.arguments.first.map { ($0 as NSString).deletingLastPathComponent }) ?? "."
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: exeDir) {
            for e in entries.sorted() where e.hasSuffix(".resources") { folders.append(exeDir + "/" + e) }
        }
        folders.append(contentsOf: VitrineSettings.current.resourcePath)
        return folders
    }

    static func find(_ name: String, bundle: Bundle?) -> UIImage? {
        let screenScale = Int(UIScreen.main.scale.rounded(.up))
        let key = "\(bundle?.bundlePath ?? "")|\(name)|\(screenScale)"
        if let hit = cache[key] { return hit }
        let ext = (name as NSString).pathExtension
        let stem = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        let extensions = ext.isEmpty ? ["png", "jpg", "jpeg"] : [ext]
        // Best scale first: the screen's, then higher, then lower.
        let scales = [screenScale] + [3, 2, 1].filter { $0 > screenScale } + [3, 2, 1].filter { $0 < screenScale }
        for folder in searchFolders(bundle) {
            for s in scales {
                for e in extensions {
                    let file = "\(folder)/\(stem)\(s == 1 ? "" : "@\(s)x").\(e)"
                    if FileManager.default.fileExists(atPath: file), let image = UIImage(contentsOfFile: file) {
                        cache[key] = image
                        return image
                    }
                }
            }
        }
        return nil
    }
}
