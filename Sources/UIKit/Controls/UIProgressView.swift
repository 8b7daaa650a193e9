import CoreGraphics
import Foundation

/// A bar that shows how far a task has got (UIKit's `UIProgressView`), as iOS 14+ draws it: a 4-point rounded
/// track, the done part in the tint.
@preconcurrency @MainActor
open class UIProgressView: UIView {
    /// `.default` (a grey track) or `.bar` (for toolbars: a clear track).
    public enum Style: Int, Sendable {
        case `default`, bar
    }

    open var progressViewStyle: Style = .default { didSet { partsChanged() } }
    /// 0...1 (clamped).
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    private var storedProgress: Float = 0
    /// The done part's colour (the tint when nil).
    open var progressTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.progressTint, \UIProgressView.progressTintColor, progressTintColor) { return }
            partsChanged()
        }
    }
    /// The track's colour (the style's when nil).
    open var trackTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.progressTrackTint, \UIProgressView.trackTintColor, trackTintColor) { return }
            partsChanged()
        }
    }
    /// Images stretched over the done part and the track, in place of the colours.
    open var progressImage: UIImage? {
        didSet {
            if appearanceSetting(AppearanceKey.progressImage, \UIProgressView.progressImage, progressImage) { return }
            partsChanged()
        }
    }
    open var trackImage: UIImage? {
        didSet {
            if appearanceSetting(AppearanceKey.progressTrackImage, \UIProgressView.trackImage, trackImage) { return }
            partsChanged()
        }
    }

    private let track = UIImageView()
    private let bar = UIImageView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    /// A progress view of `style`, 4 points high.
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 150, height: 4))
        progressViewStyle = style
        partsChanged()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isOpaque = false
        isUserInteractionEnabled = false
        for part in [track, bar] {
            part.contentMode = .scaleToFill
            part.clipsToBounds = true
            addSubview(part)
        }
        partsChanged()
    }

    /// Sets the progress (clamped); `animated`: the bar grows or shrinks to it.
    open func setProgress(_ progress: Float, animated: Bool) {
        storedProgress = Swift.min(Swift.max(progress.isNaN ? 0 : progress, 0), 1)
        if animated {
            UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState], animations: { self.placeParts() })
        } else {
            setNeedsLayout()
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        partsChanged()
    }

    private func partsChanged() {
        let radius: CGFloat = progressViewStyle == .bar ? 0 : 2
        track.layer.cornerRadius = radius
        bar.layer.cornerRadius = radius
        track.image = trackImage
        bar.image = progressImage
        track.backgroundColor = trackImage != nil ? nil : (trackTintColor ?? (progressViewStyle == .bar ? .clear
            : UIColor(red: 120 / 255.0, green: 120 / 255.0, blue: 128 / 255.0, alpha: 0.2)))
        bar.backgroundColor = progressImage != nil ? nil : (progressTintColor ?? tintColor)
        setNeedsLayout()
    }

    private func placeParts() {
        let height = Swift.min(bounds.height, 4)
        let line = CGRect(x: 0, y: (bounds.height - height) / 2, width: bounds.width, height: height)
        track.frame = line
        var done = line
        done.size.width = line.width * CGFloat(storedProgress)
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { done.origin.x = line.maxX - done.width }
        bar.frame = done
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeParts()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 4) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: 4) }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .updatesFrequently }
    override var defaultAccessibilityValue: String? { "\(Int((storedProgress * 100).rounded()))%" }
}
