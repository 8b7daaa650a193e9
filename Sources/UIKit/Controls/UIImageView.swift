import CoreGraphics

/// A view that shows an image, placed by its `contentMode`.
///
/// As on iOS, the image is the layer's `contents` (no `draw(_:)` is involved, so a subclass's `draw(_:)` is
/// never called): the content mode is the layer's gravity, so an aspect-filled image spills past the bounds
/// unless `clipsToBounds` is set; a resizable image stretches through the layer's `contentsCenter` (tiled
/// resizable images are rendered at the view's size). Template images (`.alwaysTemplate`) show as a stencil in
/// the view's `tintColor`; images with an orientation other than `.up` are shown upright. Image views ignore
/// touches by default.
@preconcurrency @MainActor
open class UIImageView: UIView {
    open var image: UIImage? { didSet { contentsChanged(); invalidateIntrinsicContentSize() } }
    open var highlightedImage: UIImage? { didSet { if isHighlighted { contentsChanged() } } }
    /// Shows `highlightedImage` (when there is one) instead of `image`.
    open var isHighlighted = false { didSet { contentsChanged() } }

    /// The contents must follow the image: through the display pass, or at once while the view has no size (a layer
    /// with no area is never displayed, and the contents do not depend on the size: an image view made empty and
    /// sized later, as a button makes its own, shows its image when it is sized).
    private func contentsChanged() {
        if bounds.width > 0 && bounds.height > 0 { setNeedsDisplay() } else { updateLayerContents() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
    }

    /// An image view the size of `image`.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    public convenience init(image: UIImage?, highlightedImage: UIImage?) {
        self.init(image: image)
        self.highlightedImage = highlightedImage
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
        isOpaque = false
    }

    private var shownImage: UIImage? { isHighlighted ? (highlightedImage ?? image) : image }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { shownImage?.size ?? .zero }
    open override var intrinsicContentSize: CGSize { shownImage?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    open override var contentMode: ContentMode { didSet { contentsChanged() } }
    /// A template image is drawn in the tint: redrawn when the tint changes, here or above.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if shownImage?.renderingMode == .alwaysTemplate { contentsChanged() }
    }

    override class var providesLayerContents: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .image }

    /// Sets the layer's contents from the shown image: its bitmap as is when it can be (upright, not a
    /// template, not tiled), otherwise rendered once.
    override func updateLayerContents() {
        guard let image = shownImage, let bitmap = image.cgImage, image.size.width > 0, image.size.height > 0 else {
            layer.contents = nil
            return
        }
        let template = image.renderingMode == .alwaysTemplate
        let tiled = image.capInsets != .zero && image.resizingMode == .tile
        // Tiled caps depend on the view's size: render at that size, again when it changes.
        layer.needsDisplayOnBoundsChange = tiled || contentMode == .redraw
        if tiled {
            layer.contents = render(size: bounds.size, scale: contentScaleFactor) { ctx in
                if template {
                    image.drawTinted(in: CGRect(origin: .zero, size: self.bounds.size), color: self.tintColor, context: ctx)
                } else {
                    image.draw(in: CGRect(origin: .zero, size: self.bounds.size), context: ctx)
                }
            }
            layer.contentsScale = contentScaleFactor
            layer.contentsGravity = .resize
            layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
            return
        }
        let upright = image.imageOrientation == .up && !template
        layer.contents = upright ? bitmap : render(size: image.size, scale: image.scale) { ctx in
            let whole = CGRect(origin: .zero, size: image.size)
            let plain = UIImage(cgImage: bitmap, scale: image.scale, orientation: image.imageOrientation)
            if template { plain.drawTinted(in: whole, color: self.tintColor, context: ctx) } else { plain.draw(in: whole, context: ctx) }
        }
        layer.contentsScale = image.scale
        if image.capInsets != .zero {
            // Stretch between the caps (unit coordinates of the image), filling the bounds.
            let s = image.size, i = image.capInsets
            layer.contentsGravity = .resize
            layer.contentsCenter = CGRect(x: i.left / s.width, y: i.top / s.height,
                                          width: Swift.max(0, s.width - i.left - i.right) / s.width,
                                          height: Swift.max(0, s.height - i.top - i.bottom) / s.height)
        } else {
            layer.contentsGravity = contentMode.contentsGravity
            layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        }
    }

    /// A bitmap of `size` points at `scale`, drawn by `body` in UIKit's coordinates.
    private func render(size: CGSize, scale: CGFloat, _ body: (CGContext) -> Void) -> CGImage? {
        let w = Int((size.width * scale).rounded(.up)), h = Int((size.height * scale).rounded(.up))
        guard let ctx = CGContext.uikitBitmap(pixelWidth: Swift.max(1, w), pixelHeight: Swift.max(1, h), scale: scale) else { return nil }
        body(ctx)
        return ctx.makeImage()
    }
}
