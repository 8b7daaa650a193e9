import CoreGraphics
@_spi(VitrineInternals) import QuartzCore
import VitrinePlatform

/// A display: its size in points, and how points map to its pixels.
///
/// `bounds` is in points; `nativeBounds` is in pixels; `scale` (points to pixels) is 1, 1.5, 2 or 3 (any
/// positive value works). A headless screen is an in-memory display of any pixel size, used by tests and tools;
/// the panel's screen comes from the platform's output.
@preconcurrency @MainActor
open class UIScreen: NSObject {
    // An NSObject, as on iOS: equal only to itself.

    /// The screen apps draw on. Set up by `UIApplicationMain` (or `UIApplication.startHeadless(screen:clock:)`);
    /// before that, a headless 1280x800 screen at scale 1.
    public static var main: UIScreen {
        get {
            if let current = mainScreen { return current }
            let screen = UIScreen(headlessPixelSize: CGSize(width: 1280, height: 800), scale: 1)
            mainScreen = screen
            return screen
        }
        set { mainScreen = newValue }
    }
    /// (Layers that draw shapes and gradients rasterize at the main screen's scale: QuartzCore is told of it.)
    private static var mainScreen: UIScreen? { didSet { CALayer.screenScale = mainScreen?.scale ?? 1 } }

    /// The screen's rectangle in points, origin (0, 0).
    public let bounds: CGRect
    /// Points to pixels.
    public let scale: CGFloat
    /// The screen's rectangle in pixels.
    public let nativeBounds: CGRect
    /// Points to physical pixels; the same as `scale` on Vitrine's screens (no downsampling).
    open var nativeScale: CGFloat { scale }
    /// Whether the screen is in-memory only.
    public let isHeadless: Bool
    /// Vitrine: the part of the panel that a bezel or rounded corners hide, in points; the windows' safe area
    /// insets. Zero unless set (a board with `display.safeAreaInsets` sets it when the panel opens).
    public var panelSafeAreaInsets: UIEdgeInsets = .zero {
        didSet {
            guard panelSafeAreaInsets != oldValue else { return }
            for window in UIApplication.shared.windows where window.screen === self { window.safeAreaChanged() }
        }
    }
    /// Whether the display is still there (an external display that was disconnected is not; nothing is drawn
    /// on it any more).
    public internal(set) var isConnected = true

    /// A headless screen of `pixelSize` pixels at `scale` points-to-pixels. Its size in points is the pixel
    /// size divided by the scale.
    public init(headlessPixelSize pixelSize: CGSize, scale: CGFloat) {
        precondition(pixelSize.width > 0 && pixelSize.height > 0 && pixelSize.width.isFinite && pixelSize.height.isFinite,
                     "UIScreen: a screen needs a positive pixel size, got \(pixelSize)")
        precondition(scale > 0 && scale.isFinite, "UIScreen: the scale must be positive, got \(scale)")
        self.scale = scale
        nativeBounds = CGRect(origin: .zero, size: pixelSize)
        bounds = CGRect(x: 0, y: 0, width: pixelSize.width / scale, height: pixelSize.height / scale)
        isHeadless = true
        let output = HeadlessOutput(pixelWidth: Int(pixelSize.width.rounded()), pixelHeight: Int(pixelSize.height.rounded()))
        self.output = output
        headlessOutput = output
        display = output
        compositor = Compositor(output: output, scale: scale)
    }

    /// A screen on `output` (Vitrine: the panel's KMS/DRM output): its size in pixels is the output's, its size
    /// in points that divided by `scale`.
    public init(output: any FrameOutput, scale: CGFloat) {
        precondition(scale > 0 && scale.isFinite, "UIScreen: the scale must be positive, got \(scale)")
        self.scale = scale
        nativeBounds = CGRect(x: 0, y: 0, width: output.pixelWidth, height: output.pixelHeight)
        bounds = CGRect(x: 0, y: 0, width: CGFloat(output.pixelWidth) / scale, height: CGFloat(output.pixelHeight) / scale)
        isHeadless = false
        self.output = output
        headlessOutput = output as? HeadlessOutput
        display = output as? any DisplayOutput
        compositor = Compositor(output: output, scale: scale)
    }

    /// Where this screen's frames go (Vitrine: the panel's KMS/DRM output, or memory).
    public let output: any FrameOutput
    /// The in-memory output of a headless screen.
    public let headlessOutput: HeadlessOutput?
    /// `output` as a display (refresh, flips, rotation, VT switches), when it is one: looked up once (a protocol
    /// cast costs hundreds of instructions, and the frame timer and every touch asked for it).
    package let display: (any DisplayOutput)?
    /// Puts the windows' layer trees on `output`, redrawing only damage.
    package let compositor: Compositor
    /// Backlight and blanking (UIScreen+Power.swift).
    let power = ScreenPower()
    /// The pointer drawn in the frame where no cursor plane shows it (PointerCursor.swift); composited last.
    var softwarePointerLayer: CALayer?
    /// The screen reader's focus frame, over the windows (see `ScreenReader`).
    var accessibilityFocusLayer: CALayer?
    /// The picture on the output's overlay plane (UIScreen+OverlayPlane.swift), to tell a new one from the same.
    var overlayContents: ObjectIdentifier?
    /// The roots of a frame: a buffer reused from frame to frame.
    private var frameRoots: [Compositor.Root] = []

    /// Composites `windows` (back to front) and presents the frame; returns its damage.
    @discardableResult
    func composite(_ windows: [UIWindow]) -> [PixelRect] {
        // A blank screen shows nothing: frames wait (waking repaints everything).
        guard !power.blanked else { return [] }
        if !CALayer.overlayCandidates.isEmpty || overlayContents != nil { placeOverlay(windows) }
        var roots = frameRoots
        frameRoots = []
        defer { roots.removeAll(keepingCapacity: true); frameRoots = roots }
        for w in windows where w.screen === self { roots.append(Compositor.Root(layer: w.layer, toScreen: .identity)) }
        // The drawn pointer stays a root once made, shown or hidden, so that hiding it repaints where it was.
        if let ring = accessibilityFocusLayer { roots.append(Compositor.Root(layer: ring, toScreen: .identity)) }
        if let pointer = softwarePointerLayer { roots.append(Compositor.Root(layer: pointer, toScreen: .identity)) }
        return compositor.composite(roots)
    }

    /// The brightness of the screen's backlight, 0...1 (values outside are clamped). On the panel it reads and
    /// sets the board's backlight (`/sys/class/backlight`); a screen without one keeps the value without effect.
    /// Setting it needs write access to the backlight (root, or the udev rule in `Board/`); a refusal is logged
    /// once and the value is kept.
    open var brightness: CGFloat {
        get { baseBrightness }
        set { baseBrightness = newValue }
    }

    nonisolated open override var description: String {
        "<UIScreen: \(addressString(of: self)); bounds = (0 0; \(bounds.width) \(bounds.height)); scale = \(scale); "
            + (isHeadless ? "headless" : "panel") + ">"
    }
}

extension UIScreen {
    /// What the screen shows, as an image: the composited frame.
    public func snapshotImage() -> UIImage? {
        let cg = compositor.withPixels { pixels, stride in
            CGImage(argb32Premultiplied: pixels, width: Int(nativeBounds.width), height: Int(nativeBounds.height),
                    bytesPerRow: stride, isOpaque: true)
        }
        return cg.map { UIImage(cgImage: $0, scale: scale, orientation: .up) }
    }

    /// The screen's pixels as PNG: `windows` (back to front) rendered whole over black at the screen's scale,
    /// without damage tracking or occlusion (the reference the compositor's damage-only frames must match).
    public func referenceSnapshotPNG(windows: [UIWindow]) -> Data? { referenceSnapshot(windows: windows).pngData() }

    /// The whole-frame rendering of `windows` (see `referenceSnapshotPNG(windows:)`).
    public func referenceSnapshot(windows: [UIWindow]) -> UIImage {
        for window in windows where !window.isHidden && window.screen === self { window.layer.displaySubtreeIfNeeded() }
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = true
        let image = UIGraphicsImageRenderer(size: bounds.size, format: format).image { ctx in
            for window in windows where !window.isHidden && window.screen === self {
                ctx.cgContext.saveGState()
                ctx.cgContext.concatenate(window.transformToScreen)
                window.renderSubtree(in: ctx.cgContext, includingSelfTransform: false)
                ctx.cgContext.restoreGState()
            }
        }
        return image
    }
}
