import CoreGraphics
import Foundation
import QuartzCore

/// A function from colour to colour that a configuration applies to a colour it resolves (UIKit's
/// `UIConfigurationColorTransformer`).
public struct UIConfigurationColorTransformer {
    public let transform: (UIColor) -> UIColor
    public init(_ transform: @escaping (UIColor) -> UIColor) { self.transform = transform }
    public func callAsFunction(_ color: UIColor) -> UIColor { transform(color) }

    /// The colour's luminance as a grey of the same alpha.
    public static var grayscale: UIConfigurationColorTransformer {
        UIConfigurationColorTransformer { c in
            let g = c.cgColor
            return UIColor(white: 0.299 * g.red + 0.587 * g.green + 0.114 * g.blue, alpha: g.alpha)
        }
    }
    /// The colour unchanged (UIKit substitutes the preferred tint; callers pass the tint colour through
    /// `resolved…(for:)` where the configuration's colour is nil).
    public static var preferredTint: UIConfigurationColorTransformer { UIConfigurationColorTransformer { $0 } }
    /// As `preferredTint` (Vitrine draws no monochrome variants).
    public static var monochromeTint: UIConfigurationColorTransformer { UIConfigurationColorTransformer { $0 } }
}

/// A key for an app's own state in a configuration state (UIKit's `UIConfigurationStateCustomKey`).
public struct UIConfigurationStateCustomKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A view's state, which configurations are updated for (UIKit's `UIViewConfigurationState`).
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection: UITraitCollection
    public var isDisabled = false
    public var isHighlighted = false
    public var isSelected = false
    public var isFocused = false
    public var isPinned = false
    // (Read by the nonisolated `==` and `hash`: a value type's own storage, not shared state.)
    nonisolated(unsafe) private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }

    /// An app's own state.
    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }

    nonisolated public static func == (l: Self, r: Self) -> Bool {
        l.isDisabled == r.isDisabled && l.isHighlighted == r.isHighlighted && l.isSelected == r.isSelected
            && l.isFocused == r.isFocused && l.isPinned == r.isPinned && l.custom == r.custom && l.traitCollection.isEqual(r.traitCollection)
    }
    nonisolated public func hash(into h: inout Hasher) {
        h.combine(isDisabled); h.combine(isHighlighted); h.combine(isSelected); h.combine(isFocused); h.combine(custom)
    }
}

/// The background of a cell, header or footer as a value (UIKit's `UIBackgroundConfiguration`): a colour (by
/// default the style's colour for the state the configuration was updated for), a custom view or an image, a
/// stroke, rounded corners and insets. Set it as a cell's `backgroundConfiguration`; it replaces the cell's
/// `backgroundColor`, `backgroundView` and `selectedBackgroundView`.
public struct UIBackgroundConfiguration {
    /// Which system background the configuration started as: decides the colours `updated(for:)` gives.
    enum Style: Equatable { case clear, listPlainCell, listGroupedCell, listSidebarCell, listAccompaniedSidebarCell,
                             listPlainHeaderFooter, listGroupedHeaderFooter, listSidebarHeader }
    let style: Style
    /// The state the style's colours are for (set by `updated(for:)`).
    private var selectedLook = false
    private var highlightedLook = false

    /// A view shown behind everything else in the background (sized to it, inside the insets).
    public var customView: UIView?
    /// The corners' radius (a list's section rounding applies where this is 0).
    public var cornerRadius: CGFloat = 0
    /// How far the background stays inside the cell's edges.
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    /// The edges at which the cell's layout margins are added to `backgroundInsets`.
    public var edgesAddingLayoutMarginsToBackgroundInsets: NSDirectionalRectEdge = []
    /// Applied to the resolved background colour.
    public var backgroundColorTransformer: UIConfigurationColorTransformer?
    /// An image filling the background (by `imageContentMode`).
    public var image: UIImage?
    public var imageContentMode: UIView.ContentMode = .scaleToFill
    /// A line along the background's edge (nil: none; with a width of 0, none either).
    public var strokeColor: UIColor?
    public var strokeColorTransformer: UIConfigurationColorTransformer?
    public var strokeWidth: CGFloat = 0
    /// How far the stroke lies outside the background's edge.
    public var strokeOutset: CGFloat = 0
    /// The background colour set by the app: `.some(nil)` for "the tint colour", nil when it was never set.
    private var customBackgroundColor: UIColor??

    init(style: Style) { self.style = style }

    /// The background colour: the one set, or the style's for the state. `nil` means the view's tint colour.
    public var backgroundColor: UIColor? {
        get {
            if let custom = customBackgroundColor { return custom }
            return styleColor
        }
        set { customBackgroundColor = .some(newValue) }
    }

    /// The style's own colour for the state it was updated for.
    private var styleColor: UIColor? {
        let pressed = selectedLook || highlightedLook
        switch style {
        case .clear: return .clear
        case .listPlainCell: return pressed ? .systemGray4 : .systemBackground
        case .listGroupedCell: return pressed ? .systemGray4 : .secondarySystemGroupedBackground
        case .listSidebarCell, .listAccompaniedSidebarCell:
            // A selected sidebar row is filled with the tint colour; a highlighted one with grey.
            return selectedLook ? nil : highlightedLook ? .systemGray4 : .clear
        case .listPlainHeaderFooter: return .secondarySystemBackground
        case .listGroupedHeaderFooter, .listSidebarHeader: return .clear
        }
    }

    /// No background.
    public static func clear() -> UIBackgroundConfiguration { UIBackgroundConfiguration(style: .clear) }
    /// A plain list's row.
    public static func listPlainCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration(style: .listPlainCell) }
    /// A grouped or inset-grouped list's row.
    public static func listGroupedCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration(style: .listGroupedCell) }
    /// A sidebar's row: clear, the tint colour when selected.
    public static func listSidebarCell() -> UIBackgroundConfiguration { UIBackgroundConfiguration(style: .listSidebarCell) }
    public static func listAccompaniedSidebarCell() -> UIBackgroundConfiguration {
        UIBackgroundConfiguration(style: .listAccompaniedSidebarCell)
    }
    /// A plain list's section header or footer.
    public static func listPlainHeaderFooter() -> UIBackgroundConfiguration { UIBackgroundConfiguration(style: .listPlainHeaderFooter) }
    /// A grouped list's section header or footer (clear).
    public static func listGroupedHeaderFooter() -> UIBackgroundConfiguration { UIBackgroundConfiguration(style: .listGroupedHeaderFooter) }
    public static func listSidebarHeader() -> UIBackgroundConfiguration { UIBackgroundConfiguration(style: .listSidebarHeader) }

    /// This configuration with the style's look for `state` (a selected or highlighted row turns grey); what the
    /// app set itself is kept.
    public func updated(for state: any UIConfigurationState) -> UIBackgroundConfiguration {
        var c = self
        if let s = state as? UICellConfigurationState {
            c.selectedLook = s.isSelected
            c.highlightedLook = s.isHighlighted
        } else if let s = state as? UIViewConfigurationState {
            c.selectedLook = s.isSelected
            c.highlightedLook = s.isHighlighted
        }
        return c
    }

    /// The colour drawn: `backgroundColor` (or `tintColor` where it is nil) through the transformer.
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
        let base = backgroundColor ?? tintColor
        return backgroundColorTransformer?(base) ?? base
    }

    /// The stroke's colour: `strokeColor` (or `tintColor` where it is nil) through its transformer.
    public func resolvedStrokeColor(for tintColor: UIColor) -> UIColor {
        let base = strokeColor ?? tintColor
        return strokeColorTransformer?(base) ?? base
    }
}

/// Draws a `UIBackgroundConfiguration` behind a cell's content: a view whose layer takes the colour, corners and
/// stroke, with the image and the custom view inside it.
@MainActor
final class BackgroundConfigurationView: UIView {
    var configuration: UIBackgroundConfiguration { didSet { apply() } }
    /// The corners a list section rounds (inset-grouped sections' first and last rows) and their radius, used
    /// where the configuration's own radius is 0.
    var sectionCorners: (radius: CGFloat, corners: CACornerMask) = (0, []) { didSet { if sectionCorners != oldValue { apply() } } }
    private var imageView: UIImageView?
    private var shownCustomView: UIView?

    init(configuration: UIBackgroundConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        isOpaque = false
        apply()
    }
    required init?(coder: NSCoder) { nil }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        apply()
    }

    private func apply() {
        let c = configuration
        backgroundColor = c.resolvedBackgroundColor(for: tintColor)
        if c.cornerRadius > 0 {
            layer.cornerRadius = c.cornerRadius
            layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        } else {
            layer.cornerRadius = sectionCorners.corners.isEmpty ? 0 : sectionCorners.radius
            layer.maskedCorners = sectionCorners.corners
        }
        // The stroke: the layer's border (inside the edge) pushed out by the outset through the frame.
        if c.strokeWidth > 0 {
            layer.borderWidth = c.strokeWidth
            layer.borderColor = c.resolvedStrokeColor(for: tintColor).cgColor
        } else {
            layer.borderWidth = 0
        }
        clipsToBounds = layer.cornerRadius > 0 && (c.image != nil || c.customView != nil)
        if let image = c.image {
            let iv = imageView ?? UIImageView()
            if iv.superview !== self { insertSubview(iv, at: 0) }
            iv.image = image
            iv.contentMode = c.imageContentMode
            imageView = iv
        } else {
            imageView?.removeFromSuperview()
            imageView = nil
        }
        if shownCustomView !== c.customView {
            shownCustomView?.removeFromSuperview()
            shownCustomView = c.customView
            if let v = c.customView { insertSubview(v, at: 0) }
        }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        imageView?.frame = bounds
        shownCustomView?.frame = bounds
    }

    /// Where the background goes in a cell of `bounds` with layout `margins`: inside the configuration's insets,
    /// plus the margins at the edges it names; the stroke's outset outside.
    func place(in bounds: CGRect, margins: UIEdgeInsets, rtl: Bool) {
        let c = configuration
        let i = c.backgroundInsets
        let edges = c.edgesAddingLayoutMarginsToBackgroundInsets
        var left = rtl ? i.trailing : i.leading, right = rtl ? i.leading : i.trailing
        var top = i.top, bottom = i.bottom
        if edges.contains(.top) { top += margins.top }
        if edges.contains(.bottom) { bottom += margins.bottom }
        if edges.contains(rtl ? .trailing : .leading) { left += margins.left }
        if edges.contains(rtl ? .leading : .trailing) { right += margins.right }
        let outset = c.strokeWidth > 0 ? c.strokeOutset : 0
        frame = CGRect(x: bounds.minX + left - outset, y: bounds.minY + top - outset,
                       width: max(0, bounds.width - left - right + 2 * outset), height: max(0, bounds.height - top - bottom + 2 * outset))
    }
}
