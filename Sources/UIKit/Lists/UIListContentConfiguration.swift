import CoreGraphics
import Foundation

/// What a view shows, as a value (UIKit's `UIContentConfiguration`): the view it makes, and how it looks in a
/// state (selected, highlighted).
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    /// A view that shows this configuration.
    func makeContentView() -> any UIView & UIContentView
    /// The configuration for `state` (by default itself).
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view that shows a content configuration.
@preconcurrency @MainActor
public protocol UIContentView: AnyObject {
    var configuration: any UIContentConfiguration { get set }
}

/// The state a configuration is updated for.
@preconcurrency @MainActor
public protocol UIConfigurationState {
    /// The traits of the view the state is for.
    var traitCollection: UITraitCollection { get set }
}

/// A cell's state: selected, highlighted, editing, disabled, swiped open, expanded, being reordered, and the
/// app's own states by key (UIKit's `UICellConfigurationState`).
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isSelected = false
    public var isHighlighted = false
    public var isEditing = false
    public var isDisabled = false
    public var isFocused = false
    public var isPinned = false
    public var isSwiped = false
    public var isExpanded = false
    public var isReordering = false
    // (Read by the nonisolated `==` and `hash`: a value type's own storage, not shared state.)
    nonisolated(unsafe) private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
    /// A state for the current traits.
    public init() { traitCollection = .current }

    /// An app's own state.
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }

    nonisolated public static func == (l: Self, r: Self) -> Bool {
        l.isSelected == r.isSelected && l.isHighlighted == r.isHighlighted && l.isEditing == r.isEditing && l.isDisabled == r.isDisabled
            && l.isFocused == r.isFocused && l.isPinned == r.isPinned && l.isSwiped == r.isSwiped && l.isExpanded == r.isExpanded
            && l.isReordering == r.isReordering && l.custom == r.custom && l.traitCollection.isEqual(r.traitCollection)
    }
    nonisolated public func hash(into h: inout Hasher) {
        h.combine(isSelected); h.combine(isHighlighted); h.combine(isEditing); h.combine(isSwiped); h.combine(isExpanded)
    }
}

/// The standard content of a list row, header or footer (UIKit's `UIListContentConfiguration`): an image, a text
/// and a secondary text, laid out as the system cell styles do.
public struct UIListContentConfiguration: UIContentConfiguration {
    /// How the text looks.
    public struct TextProperties {
        public var font: UIFont
        public var color: UIColor
        public var alignment: NSTextAlignment = .natural
        public var numberOfLines = 0
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
    }
    /// How the image looks.
    public struct ImageProperties {
        /// nil: the tint colour.
        public var tintColor: UIColor?
        /// A limit on the image's size (zero: none).
        public var maximumSize: CGSize = .zero
        /// The width kept for images, so texts line up across rows (zero: the image's own).
        public var reservedLayoutSize: CGSize = .zero
    }

    public var image: UIImage?
    public var text: String?
    public var attributedText: NSAttributedString?
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    /// Room around the content.
    public var directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    /// Between the image and the text.
    public var imageToTextPadding: CGFloat = 16
    /// Between the text and the secondary text.
    public var textToSecondaryTextVerticalPadding: CGFloat = 2
    /// Whether the secondary text sits beside the text (value cells) rather than under it.
    public var prefersSideBySideTextAndSecondaryText = false

    init(text: TextProperties, secondary: TextProperties) {
        textProperties = text
        secondaryTextProperties = secondary
    }

    /// A plain row: the text, at the body size.
    public static func cell() -> UIListContentConfiguration {
        UIListContentConfiguration(text: TextProperties(font: .systemFont(ofSize: 17), color: .label),
                                   secondary: TextProperties(font: .systemFont(ofSize: 15), color: .secondaryLabel))
    }
    /// The text with a smaller secondary text under it.
    public static func subtitleCell() -> UIListContentConfiguration {
        var c = cell()
        c.secondaryTextProperties.font = .systemFont(ofSize: 15)
        return c
    }
    /// The text with the secondary text at the trailing edge.
    public static func valueCell() -> UIListContentConfiguration {
        var c = cell()
        c.secondaryTextProperties = TextProperties(font: .systemFont(ofSize: 17), color: .secondaryLabel, alignment: .right, numberOfLines: 1)
        c.prefersSideBySideTextAndSecondaryText = true
        return c
    }
    /// A section header of a plain list.
    public static func plainHeader() -> UIListContentConfiguration {
        var c = cell()
        c.textProperties = TextProperties(font: .boldSystemFont(ofSize: 17), color: .label)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
        return c
    }
    /// A section footer of a plain list.
    public static func plainFooter() -> UIListContentConfiguration {
        var c = cell()
        c.textProperties = TextProperties(font: .systemFont(ofSize: 13), color: .secondaryLabel)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
        return c
    }
    /// A section header of a grouped list: small capitals above the group.
    public static func groupedHeader() -> UIListContentConfiguration {
        var c = plainFooter()
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 20, bottom: 6, trailing: 20)
        return c
    }
    /// A section footer of a grouped list.
    public static func groupedFooter() -> UIListContentConfiguration {
        var c = plainFooter()
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 6, leading: 20, bottom: 16, trailing: 20)
        return c
    }

    /// A section header for the list's style (bold, as a plain list's).
    public static func header() -> UIListContentConfiguration { plainHeader() }
    /// A section footer for the list's style.
    public static func footer() -> UIListContentConfiguration { plainFooter() }
    /// An inset-grouped list's large section header.
    public static func prominentInsetGroupedHeader() -> UIListContentConfiguration {
        var c = plainHeader()
        c.textProperties.font = .boldSystemFont(ofSize: 20)
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 16, leading: 20, bottom: 8, trailing: 20)
        return c
    }
    /// An inset-grouped list's largest section header.
    public static func extraProminentInsetGroupedHeader() -> UIListContentConfiguration {
        var c = prominentInsetGroupedHeader()
        c.textProperties.font = .boldSystemFont(ofSize: 22)
        return c
    }
    /// A sidebar's row.
    public static func sidebarCell() -> UIListContentConfiguration {
        var c = cell()
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 12, bottom: 11, trailing: 12)
        c.imageToTextPadding = 12
        return c
    }
    /// A sidebar's row with a secondary text under the text.
    public static func sidebarSubtitleCell() -> UIListContentConfiguration {
        var c = sidebarCell()
        c.secondaryTextProperties.font = .systemFont(ofSize: 13)
        return c
    }
    /// A row of a sidebar shown beside other content.
    public static func accompaniedSidebarCell() -> UIListContentConfiguration { sidebarCell() }
    /// A sidebar's section header.
    public static func sidebarHeader() -> UIListContentConfiguration {
        var c = plainHeader()
        c.textProperties.font = .boldSystemFont(ofSize: 15)
        c.textProperties.color = .secondaryLabel
        c.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 11, leading: 12, bottom: 11, trailing: 12)
        return c
    }

    public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }
    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }
}

/// The view that shows a `UIListContentConfiguration`.
@preconcurrency @MainActor
open class UIListContentView: UIView, UIContentView {
    private let imageView = UIImageView()
    private let textLabel = UILabel()
    private let secondaryLabel = UILabel()
    private var list: UIListContentConfiguration

    /// The configuration shown.
    open var configuration: any UIContentConfiguration {
        get { list }
        set {
            guard let c = newValue as? UIListContentConfiguration else { return }
            list = c
            apply()
        }
    }

    public init(configuration: UIListContentConfiguration) {
        list = configuration
        super.init(frame: .zero)
        for v in [imageView, textLabel, secondaryLabel] as [UIView] { addSubview(v) }
        apply()
    }

    public required init?(coder: NSCoder) {
        list = .cell()
        super.init(coder: coder)
        for v in [imageView, textLabel, secondaryLabel] as [UIView] { addSubview(v) }
        apply()
    }

    private func apply() {
        imageView.image = list.image
        imageView.tintColor = list.imageProperties.tintColor
        imageView.isHidden = list.image == nil
        style(textLabel, list.textProperties)
        if let a = list.attributedText { textLabel.attributedText = a } else { textLabel.text = list.text }
        style(secondaryLabel, list.secondaryTextProperties)
        if let a = list.secondaryAttributedText { secondaryLabel.attributedText = a } else { secondaryLabel.text = list.secondaryText }
        secondaryLabel.isHidden = list.secondaryText == nil && list.secondaryAttributedText == nil
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    private func style(_ label: UILabel, _ p: UIListContentConfiguration.TextProperties) {
        label.font = p.font
        label.textColor = p.color
        label.textAlignment = p.alignment
        label.numberOfLines = p.numberOfLines
        label.lineBreakMode = p.lineBreakMode
    }

    /// Where the image and the texts go in `width` points, and the height they need.
    private func arrangement(width: CGFloat) -> (image: CGRect, text: CGRect, secondary: CGRect, height: CGFloat) {
        let m = list.directionalLayoutMargins
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var x = m.leading
        var image = CGRect.zero
        if let img = list.image {
            var size = img.size
            let limit = list.imageProperties.maximumSize
            if limit.width > 0, size.width > limit.width { size = CGSize(width: limit.width, height: size.height * limit.width / size.width) }
            if limit.height > 0, size.height > limit.height { size = CGSize(width: size.width * limit.height / size.height, height: limit.height) }
            let reserved = max(size.width, list.imageProperties.reservedLayoutSize.width)
            image = CGRect(x: x + (reserved - size.width) / 2, y: 0, width: size.width, height: size.height)
            x += reserved + list.imageToTextPadding
        }
        let available = max(0, width - x - m.trailing)
        let hasSecondary = !secondaryLabel.isHidden
        var text = CGRect.zero, secondary = CGRect.zero
        var height: CGFloat
        if list.prefersSideBySideTextAndSecondaryText && hasSecondary {
            let s = secondaryLabel.sizeThatFits(CGSize(width: available / 2, height: .greatestFiniteMagnitude))
            let sw = min(s.width, available / 2)
            let t = textLabel.sizeThatFits(CGSize(width: max(0, available - sw - 8), height: .greatestFiniteMagnitude))
            text = CGRect(x: x, y: 0, width: min(t.width, available - sw - 8), height: t.height)
            secondary = CGRect(x: width - m.trailing - sw, y: 0, width: sw, height: s.height)
            height = max(text.height, secondary.height)
            text.origin.y = m.top + (height - text.height) / 2
            secondary.origin.y = m.top + (height - secondary.height) / 2
        } else {
            let t = textLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude))
            text = CGRect(x: x, y: m.top, width: min(t.width, available), height: t.height)
            height = t.height
            if hasSecondary {
                let s = secondaryLabel.sizeThatFits(CGSize(width: available, height: .greatestFiniteMagnitude))
                secondary = CGRect(x: x, y: text.maxY + list.textToSecondaryTextVerticalPadding, width: min(s.width, available), height: s.height)
                height += list.textToSecondaryTextVerticalPadding + s.height
            }
        }
        height = max(height, image.height)
        image.origin.y = m.top + (height - image.height) / 2
        if !hasSecondary || list.prefersSideBySideTextAndSecondaryText {
            text.origin.y = m.top + (height - text.height) / 2
        }
        let total = height + m.top + m.bottom
        if rtl {
            func flip(_ r: CGRect) -> CGRect { CGRect(x: width - r.maxX, y: r.minY, width: r.width, height: r.height) }
            return (flip(image), flip(text), flip(secondary), total)
        }
        return (image, text, secondary, total)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let a = arrangement(width: bounds.width)
        // Centred vertically when the row is taller than the content needs.
        let dy = max(0, (bounds.height - a.height) / 2)
        imageView.frame = a.image.offsetBy(dx: 0, dy: dy)
        textLabel.frame = a.text.offsetBy(dx: 0, dy: dy)
        secondaryLabel.frame = a.secondary.offsetBy(dx: 0, dy: dy)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: arrangement(width: size.width).height)
    }
}
