import CoreGraphics

/// A view that shows an image, placed by its `contentMode`.
///
/// Template images (`.alwaysTemplate`) are drawn as a stencil in the view's `tintColor`. Image views ignore
/// touches by default.
@MainActor
open class UIImageView: UIView {
    open var image: UIImage? { didSet { setNeedsDisplay(); invalidateIntrinsicContentSize() } }
    open var highlightedImage: UIImage? { didSet { if isHighlighted { setNeedsDisplay() } } }
    /// Shows `highlightedImage` (when there is one) instead of `image`.
    open var isHighlighted = false { didSet { setNeedsDisplay() } }

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

    open override func draw(_ rect: CGRect) {
        guard let image = shownImage, let context = UIGraphicsGetCurrentContext() else { return }
        // A resizable image fills the bounds through its caps; others are placed by the content mode.
        let target = image.capInsets != .zero ? bounds : contentMode.rect(forContentOfSize: image.size, in: bounds)
        if image.renderingMode == .alwaysTemplate {
            image.drawTinted(in: target, color: tintColor, context: context)
        } else {
            image.draw(in: target, context: context)
        }
    }
}
