import CoreGraphics
import Foundation

/// A spinner for work of unknown length (UIKit's `UIActivityIndicatorView`), as iOS 13+ draws it: eight rounded
/// spokes fading around the circle, turning a spoke at a time, one turn a second.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// Sizes (and, for the old names, colours).
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
        /// iOS 12's names: white large (37 points), white and grey (20 points).
        case whiteLarge = 0, white = 1, gray = 2
    }

    open var style: Style = .medium { didSet { styleChanged() } }
    /// The spokes' colour (a grey by default; white for the old white styles); nil goes back to the style's.
    open var color: UIColor! {
        get { explicitColor ?? (style == .white || style == .whiteLarge ? .white : .systemGray) }
        set {
            if appearanceSetting(AppearanceKey.activityColor, \UIActivityIndicatorView.color, newValue) { return }
            explicitColor = newValue
            spokes.setNeedsDisplay()
        }
    }
    private var explicitColor: UIColor?
    /// Whether the spinner hides when stopped (true by default: it is hidden until started).
    open var hidesWhenStopped = true { didSet { isHidden = hidesWhenStopped && !isAnimating } }
    open private(set) var isAnimating = false

    private let spokes = Spokes()

    /// A spinner of `style` (20 points for medium, 37 for large).
    public init(style: Style) {
        self.style = style
        let side = Self.side(style)
        super.init(frame: CGRect(x: 0, y: 0, width: side, height: side))
        commonInit()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isOpaque = false
        isUserInteractionEnabled = false
        spokes.owner = self
        addSubview(spokes)
        isHidden = hidesWhenStopped
        styleChanged()
    }

    private static func side(_ style: Style) -> CGFloat { style == .large || style == .whiteLarge ? 37 : 20 }

    private func styleChanged() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        spokes.setNeedsDisplay()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: Self.side(style), height: Self.side(style)) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let side = Self.side(style)
        spokes.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        spokes.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }

    /// Starts spinning (and shows the view).
    open func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        isHidden = false
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        // A spoke at a time: eight discrete steps a second, forever.
        spin.values = (0...8).map { Double($0) * Double.pi / 4 }
        spin.calculationMode = .discrete
        spin.duration = 1
        spin.repeatCount = .infinity
        spokes.layer.add(spin, forKey: "spin")
    }

    /// Stops spinning (and hides the view when `hidesWhenStopped`).
    open func stopAnimating() {
        guard isAnimating else { return }
        isAnimating = false
        spokes.layer.removeAnimation(forKey: "spin")
        if hidesWhenStopped { isHidden = true }
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { "In progress" }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .updatesFrequently }

    /// The spokes, drawn once (the layer turns).
    final class Spokes: UIView {
        weak var owner: UIActivityIndicatorView?

        override init(frame: CGRect) {
            super.init(frame: frame)
            isOpaque = false
            isUserInteractionEnabled = false
            contentMode = .redraw
        }

        required init?(coder: NSCoder) {
            super.init(coder: coder)
            isOpaque = false
            isUserInteractionEnabled = false
            contentMode = .redraw
        }

        override func draw(_ rect: CGRect) {
            guard let owner else { return }
            let side = bounds.width, center = CGPoint(x: bounds.midX, y: bounds.midY)
            let width = side * 0.09, inner = side * 0.2, outer = side * 0.46
            for i in 0..<8 {
                // The leading spoke is solid; the ones behind it fade to 30%.
                let alpha = 1 - CGFloat(i) * 0.1
                owner.color.withAlphaComponent(owner.color.cgColor.alpha * alpha).setStroke()
                let angle = -CGFloat.pi / 2 - CGFloat(i) * .pi / 4
                let path = UIBezierPath()
                path.move(to: CGPoint(x: center.x + inner * cos(angle), y: center.y + inner * sin(angle)))
                path.addLine(to: CGPoint(x: center.x + outer * cos(angle), y: center.y + outer * sin(angle)))
                path.lineWidth = width
                path.lineCapStyle = .round
                path.stroke()
            }
        }
    }
}
