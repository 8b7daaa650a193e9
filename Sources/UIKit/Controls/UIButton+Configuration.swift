import CoreGraphics
import Foundation

/// Edges in the layout direction (UIKit's `NSDirectionalRectEdge`): where a configuration places its image.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

extension UIButton {
    /// How an iOS 15 button looks: a style (`plain()`, `tinted()`, `gray()`, `filled()` and their bordered names), a
    /// title, subtitle and image placed around each other, insets, a corner style and base colours. The look follows
    /// the button's state: highlighted darkens the background (or fades a plain button's content), disabled greys it.
    public struct Configuration {
        /// How round the background's corners are.
        public enum CornerStyle: Sendable {
            /// The radius the background was given (none here).
            case fixed
            /// By the button's size: small for mini and small buttons, medium for medium, large for large.
            case dynamic
            case small, medium, large
            /// Half the height.
            case capsule
        }

        /// The size class of the button: its fonts, insets and corners.
        public enum Size: Sendable {
            case mini, small, medium, large
        }

        /// How the title and subtitle lines are aligned with each other.
        public enum TitleAlignment: Sendable {
            case automatic, leading, center, trailing
        }

        enum Style { case plain, tinted, gray, filled }
        var style: Style

        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        /// Where the image is, relative to the title (`.leading` by default).
        public var imagePlacement: NSDirectionalRectEdge = .leading
        /// Between the image and the title.
        public var imagePadding: CGFloat = 0
        /// Between the title and the subtitle.
        public var titlePadding: CGFloat = 0
        public var cornerStyle: CornerStyle = .dynamic
        public var buttonSize: Size = .medium
        public var titleAlignment: TitleAlignment = .automatic
        /// The title's, subtitle's and template image's colour (the style's when nil: the tint, white on filled).
        public var baseForegroundColor: UIColor?
        /// The background's colour (the style's when nil).
        public var baseBackgroundColor: UIColor?
        /// Shows a spinning activity indicator where the image goes (in place of the image), in the foreground colour.
        public var showsActivityIndicator = false

        private var explicitInsets: NSDirectionalEdgeInsets?
        /// Around the content; by the button size unless set (medium: 7 above and below, 12 at the sides).
        public var contentInsets: NSDirectionalEdgeInsets {
            get {
                if let explicitInsets { return explicitInsets }
                switch buttonSize {
                case .mini: return NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
                case .small: return NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
                case .medium: return NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
                case .large: return NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
                }
            }
            set { explicitInsets = newValue }
        }

        /// Goes back to the button size's insets.
        public mutating func setDefaultContentInsets() { explicitInsets = nil }

        init(style: Style) { self.style = style }

        /// No background; content in the tint.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// A pale tint behind content in the tint.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// A pale grey behind content in the tint.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// The tint behind white content.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// `plain()` (iOS 15's name).
        public static func borderless() -> Configuration { plain() }
        /// `gray()` (iOS 15's name).
        public static func bordered() -> Configuration { gray() }
        /// `tinted()` (iOS 15's name).
        public static func borderedTinted() -> Configuration { tinted() }
        /// `filled()` (iOS 15's name).
        public static func borderedProminent() -> Configuration { filled() }

        var titleFont: UIFont {
            switch buttonSize {
            case .mini: return .systemFont(ofSize: 12)
            case .small: return .systemFont(ofSize: 15)
            case .medium, .large: return .systemFont(ofSize: 17)
            }
        }

        var subtitleFont: UIFont {
            switch buttonSize {
            case .mini: return .systemFont(ofSize: 11)
            case .small: return .systemFont(ofSize: 12)
            case .medium, .large: return .systemFont(ofSize: 13)
            }
        }

        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed: return 0
            case .small: return 4
            case .medium: return 6
            case .large: return 10
            case .capsule: return height / 2
            case .dynamic:
                switch buttonSize {
                case .mini, .small: return 4
                case .medium: return 6
                case .large: return 10
                }
            }
        }
    }

    /// Views a configuration adds besides the title label and image view.
    struct ConfigurationParts {
        var background: UIView?
        var subtitle: UILabel?
        var spinner: UIActivityIndicatorView?
    }

    /// A button drawn from `configuration`, running `primaryAction` when tapped (iOS 15).
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .plain)
        self.configuration = configuration
        contentChanged() // (an initializer's assignment calls no observer)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    // MARK: Drawing a configuration

    private func colors(_ c: Configuration) -> (foreground: UIColor, background: UIColor?) {
        let tint = tintColor ?? UIView.systemTint
        if state.contains(.disabled) {
            return (UIColor.tertiaryLabel, c.style == .plain ? nil : UIColor(red: 120 / 255.0, green: 120 / 255.0, blue: 128 / 255.0, alpha: 0.12))
        }
        var foreground: UIColor, background: UIColor?
        switch c.style {
        case .plain: foreground = c.baseForegroundColor ?? tint; background = c.baseBackgroundColor
        case .tinted: foreground = c.baseForegroundColor ?? tint; background = c.baseBackgroundColor ?? tint.withAlphaComponent(0.15)
        case .gray:
            foreground = c.baseForegroundColor ?? tint
            background = c.baseBackgroundColor ?? UIColor(red: 120 / 255.0, green: 120 / 255.0, blue: 128 / 255.0, alpha: 0.12)
        case .filled: foreground = c.baseForegroundColor ?? .white; background = c.baseBackgroundColor ?? tint
        }
        if isHighlighted {
            if let b = background {
                background = Self.darkened(b)
            } else {
                foreground = foreground.withAlphaComponent(foreground.cgColor.alpha * 0.5)
            }
        }
        return (foreground, background)
    }

    /// 20% towards black (a highlighted background).
    private static func darkened(_ color: UIColor) -> UIColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        guard color.getRed(&r, green: &g, blue: &b, alpha: &a) else { return color }
        return UIColor(red: r * 0.8, green: g * 0.8, blue: b * 0.8, alpha: a)
    }

    func applyConfiguration() {
        guard let c = configuration else { return }
        let (foreground, backgroundColor) = colors(c)
        let alignment: NSTextAlignment = switch c.titleAlignment {
        case .automatic, .center: .center
        case .leading: .natural
        case .trailing: effectiveUserInterfaceLayoutDirection == .rightToLeft ? .left : .right
        }
        if let title = c.title, !title.isEmpty {
            let label = titleLabel!
            label.text = title
            label.font = role == .primary || role == .cancel ? .boldSystemFont(ofSize: c.titleFont.pointSize) : c.titleFont
            label.textColor = foreground
            label.textAlignment = alignment
            label.alpha = 1
            if label.superview !== self { addSubview(label) }
        } else {
            titleLabel?.removeFromSuperview()
        }
        if let subtitle = c.subtitle, !subtitle.isEmpty {
            let label = configurationParts.subtitle ?? UILabel()
            configurationParts.subtitle = label
            label.text = subtitle
            label.font = c.subtitleFont
            label.textColor = foreground
            label.textAlignment = alignment
            if label.superview !== self { addSubview(label) }
        } else {
            configurationParts.subtitle?.removeFromSuperview()
        }
        if c.showsActivityIndicator {
            let spinner = configurationParts.spinner ?? UIActivityIndicatorView(style: .medium)
            configurationParts.spinner = spinner
            spinner.color = foreground
            if spinner.superview !== self { addSubview(spinner) }
            spinner.startAnimating()
        } else if let spinner = configurationParts.spinner {
            spinner.stopAnimating()
            spinner.removeFromSuperview()
        }
        if let image = c.image, !c.showsActivityIndicator {
            let view = imageView!
            view.image = image.renderingMode == .automatic ? image.withRenderingMode(.alwaysTemplate) : image
            view.tintColor = foreground
            view.alpha = 1
            if view.superview !== self { addSubview(view) }
        } else {
            imageView?.removeFromSuperview()
        }
        if let backgroundColor {
            let view = configurationParts.background ?? UIView()
            configurationParts.background = view
            view.isUserInteractionEnabled = false
            view.backgroundColor = backgroundColor
            if view.superview !== self { insertSubview(view, at: 0) }
        } else {
            configurationParts.background?.removeFromSuperview()
        }
    }

    func tearDownConfiguration() {
        configurationParts.background?.removeFromSuperview()
        configurationParts.subtitle?.removeFromSuperview()
        configurationParts.spinner?.stopAnimating()
        configurationParts.spinner?.removeFromSuperview()
        configurationParts = ConfigurationParts()
        titleLabel?.font = .systemFont(ofSize: 15)
        titleLabel?.textAlignment = .natural
        imageView?.tintColor = nil
    }

    private func shown(_ view: UIView?) -> UIView? { view?.superview === self ? view : nil }

    /// The title and subtitle as one block: their sizes and the block's.
    private func titleBlock(_ c: Configuration) -> (title: CGSize, subtitle: CGSize, size: CGSize) {
        let unbounded = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
        let t = shown(titleLabel)?.sizeThatFits(unbounded) ?? .zero
        let s = shown(configurationParts.subtitle)?.sizeThatFits(unbounded) ?? .zero
        let gap = t != .zero && s != .zero ? c.titlePadding : 0
        return (t, s, CGSize(width: max(t.width, s.width), height: t.height + gap + s.height))
    }

    /// The content: the image beside, above or below the title block, `imagePadding` apart.
    /// What stands where the image goes: the spinner while it shows, else the image view.
    private var imagePart: (view: UIView, size: CGSize)? {
        if let spinner = shown(configurationParts.spinner) { return (spinner, spinner.intrinsicContentSize) }
        if let view = shown(imageView), let size = (view as? UIImageView)?.image?.size { return (view, size) }
        return nil
    }

    private func contentSize(_ c: Configuration) -> CGSize {
        let block = titleBlock(c).size
        let image = imagePart?.size ?? .zero
        guard image != .zero else { return block }
        guard block != .zero else { return image }
        if c.imagePlacement == .top || c.imagePlacement == .bottom {
            return CGSize(width: max(image.width, block.width), height: image.height + c.imagePadding + block.height)
        }
        return CGSize(width: image.width + c.imagePadding + block.width, height: max(image.height, block.height))
    }

    func configurationSize() -> CGSize {
        guard let c = configuration else { return .zero }
        let content = contentSize(c), insets = c.contentInsets
        return CGSize(width: ceil(content.width + insets.leading + insets.trailing),
                      height: ceil(content.height + insets.top + insets.bottom))
    }

    func layoutConfiguration() {
        guard let c = configuration else { return }
        if let background = shown(configurationParts.background) {
            background.frame = bounds
            background.layer.cornerRadius = c.cornerRadius(height: bounds.height)
        }
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        let insets = c.contentInsets
        let area = bounds.inset(by: UIEdgeInsets(top: insets.top, left: rtl ? insets.trailing : insets.leading,
                                                 bottom: insets.bottom, right: rtl ? insets.leading : insets.trailing))
        let size = contentSize(c)
        var x: CGFloat
        switch effectiveContentHorizontalAlignment {
        case .left: x = area.minX
        case .right: x = area.maxX - size.width
        default: x = area.minX + (area.width - size.width) / 2
        }
        let content = CGRect(x: x, y: area.minY + (area.height - size.height) / 2, width: size.width, height: size.height)
        let block = titleBlock(c)
        let image = imagePart?.size ?? .zero
        var blockRect = content
        if image != .zero, let view = imagePart?.view {
            var placement = c.imagePlacement
            if rtl && placement == .leading { placement = .trailing } else if rtl && placement == .trailing { placement = .leading }
            switch placement {
            case .top:
                view.frame = CGRect(x: content.midX - image.width / 2, y: content.minY, width: image.width, height: image.height)
                blockRect = CGRect(x: content.midX - block.size.width / 2, y: view.frame.maxY + c.imagePadding,
                                   width: block.size.width, height: block.size.height)
            case .bottom:
                blockRect = CGRect(x: content.midX - block.size.width / 2, y: content.minY, width: block.size.width, height: block.size.height)
                view.frame = CGRect(x: content.midX - image.width / 2, y: blockRect.maxY + c.imagePadding, width: image.width, height: image.height)
            case .trailing:
                blockRect = CGRect(x: content.minX, y: content.midY - block.size.height / 2, width: block.size.width, height: block.size.height)
                view.frame = CGRect(x: blockRect.maxX + c.imagePadding, y: content.midY - image.height / 2, width: image.width, height: image.height)
            default:
                view.frame = CGRect(x: content.minX, y: content.midY - image.height / 2, width: image.width, height: image.height)
                blockRect = CGRect(x: view.frame.maxX + c.imagePadding, y: content.midY - block.size.height / 2,
                                   width: block.size.width, height: block.size.height)
            }
        }
        // The block is at most as wide as the bounds leave (a long title is truncated in the middle).
        blockRect.size.width = min(blockRect.width, max(0, area.maxX - blockRect.minX))
        if let title = shown(titleLabel) {
            title.frame = CGRect(x: blockRect.minX, y: blockRect.minY, width: blockRect.width, height: block.title.height)
        }
        if let subtitle = shown(configurationParts.subtitle) {
            let gap = block.title != .zero ? c.titlePadding : 0
            subtitle.frame = CGRect(x: blockRect.minX, y: blockRect.minY + block.title.height + gap, width: blockRect.width,
                                    height: block.subtitle.height)
        }
    }
}

/// The glyphs of the button types that have one (drawn here; iOS uses its symbols): info and detail disclosure (an
/// "i" in a ring), contact add (a plus in a ring), 22 points; close (a cross on a grey disc), 30 points.
@MainActor
struct ButtonGlyph {
    let image: UIImage

    init?(type: UIButton.ButtonType) {
        switch type {
        case .detailDisclosure, .infoLight, .infoDark: image = Self.ring(size: 22) { center in
                let stem = UIBezierPath(rect: CGRect(x: center.x - 1, y: center.y - 2, width: 2, height: 7))
                stem.fill()
                UIBezierPath(ovalIn: CGRect(x: center.x - 1.25, y: center.y - 6, width: 2.5, height: 2.5)).fill()
            }
        case .contactAdd: image = Self.ring(size: 22) { center in
                UIBezierPath(rect: CGRect(x: center.x - 5, y: center.y - 0.75, width: 10, height: 1.5)).fill()
                UIBezierPath(rect: CGRect(x: center.x - 0.75, y: center.y - 5, width: 1.5, height: 10)).fill()
            }
        case .close:
            image = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30)).image { _ in
                UIColor(red: 120 / 255.0, green: 120 / 255.0, blue: 128 / 255.0, alpha: 0.16).setFill()
                UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 30, height: 30)).fill()
                UIColor.secondaryLabel.setStroke()
                let cross = UIBezierPath()
                cross.move(to: CGPoint(x: 10.5, y: 10.5)); cross.addLine(to: CGPoint(x: 19.5, y: 19.5))
                cross.move(to: CGPoint(x: 19.5, y: 10.5)); cross.addLine(to: CGPoint(x: 10.5, y: 19.5))
                cross.lineWidth = 2.5
                cross.lineCapStyle = .round
                cross.stroke()
            }.withRenderingMode(.alwaysOriginal)
        default: return nil
        }
    }

    /// A ring of `size` points with `mark` filled inside it, as a template image.
    private static func ring(size: CGFloat, mark: (CGPoint) -> Void) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: size, height: size)).image { _ in
            UIColor.black.setFill()
            UIColor.black.setStroke()
            let ring = UIBezierPath(ovalIn: CGRect(x: 1, y: 1, width: size - 2, height: size - 2))
            ring.lineWidth = 1.5
            ring.stroke()
            mark(CGPoint(x: size / 2, y: size / 2))
        }.withRenderingMode(.alwaysTemplate)
    }
}
