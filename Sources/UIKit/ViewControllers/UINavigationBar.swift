import CoreGraphics
import Foundation

/// What a navigation bar asks its delegate (UIKit's `UINavigationBarDelegate`; every method optional).
@preconcurrency @MainActor
public protocol UINavigationBarDelegate: AnyObject {
    func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem)
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem)
}

extension UINavigationBarDelegate {
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool { true }
    public func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) {}
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { true }
    public func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {}
}

/// The bar at the top of a navigation stack (UIKit's `UINavigationBar`): the top item's title (or title view)
/// in the middle, a back button to the item below at the leading side, the item's buttons at its sides, over the
/// background and hairline its appearance gives. 44 points high, below the safe area's top.
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// The bar's height without the safe area above it.
    public static let contentHeight: CGFloat = 44

    open weak var delegate: (any UINavigationBarDelegate)?
    /// The items, bottom to top.
    open private(set) var items: [UINavigationItem]? {
        didSet {
            for item in oldValue ?? [] where !(items ?? []).contains(where: { $0 === item }) { item.onChange = nil }
            for item in items ?? [] { item.onChange = { [weak self] in self?.itemsChanged() } }
            itemsChanged()
        }
    }
    open var topItem: UINavigationItem? { items?.last }
    open var backItem: UINavigationItem? { (items?.count ?? 0) > 1 ? items?[items!.count - 2] : nil }

    open var barStyle: UIBarStyle = .default
    open var isTranslucent = true
    /// The bar's colour (nil: the appearance's).
    // (These take appearance proxies: `UINavigationBar.appearance().barTintColor = …`.)
    open var barTintColor: UIColor? {
        didSet { if appearanceSetting(AppearanceKey.barTint, \UINavigationBar.barTintColor, barTintColor) { return }; itemsChanged() }
    }
    open var titleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet {
            if appearanceSetting(AppearanceKey.barTitleAttributes, \UINavigationBar.titleTextAttributes, titleTextAttributes) { return }
            itemsChanged()
        }
    }
    open var prefersLargeTitles = false
    open var standardAppearance = UINavigationBarAppearance() {
        didSet {
            if appearanceSetting(AppearanceKey.barStandardAppearance, \UINavigationBar.standardAppearance, standardAppearance) { return }
            itemsChanged()
        }
    }
    /// How the bar looks while the content under it is scrolled to its top (nil: the standard appearance with no
    /// background or hairline, as iOS 15 and later show it).
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        didSet {
            if appearanceSetting(AppearanceKey.barScrollEdgeAppearance, \UINavigationBar.scrollEdgeAppearance, scrollEdgeAppearance) { return }
            itemsChanged()
        }
    }
    open var compactAppearance: UINavigationBarAppearance? {
        didSet {
            if appearanceSetting(AppearanceKey.barCompactAppearance, \UINavigationBar.compactAppearance, compactAppearance) { return }
            itemsChanged()
        }
    }
    /// Whether the content under the bar is at its top edge (its navigation controller follows the top
    /// controller's scroll view; content with no scroll view is always there).
    var isAtScrollEdge = true { didSet { if oldValue != isAtScrollEdge { itemsChanged() } } }
    open var compactScrollEdgeAppearance: UINavigationBarAppearance?

    private let background = UIView()
    private let hairline = UIView()
    private let titleLabel = UILabel()
    private var backButton: UIButton?
    private var leftViews: [UIView] = []
    private var rightViews: [UIView] = []
    private var shownTitleView: UIView?
    /// Set by a navigation controller: a back button tap asks it to pop (it tells the delegate).
    var backAction: (@MainActor () -> Void)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        barInit()
    }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        barInit()
    }

    private func barInit() {
        isOpaque = false
        for v in [background, hairline] { v.isUserInteractionEnabled = false; addSubview(v) }
        titleLabel.textAlignment = .center
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textColor = .label
        titleLabel.accessibilityTraits = [.staticText, .header]
        addSubview(titleLabel)
        itemsChanged()
    }

    /// Sets the stack of items; animated, the old title and buttons fade out where they were while the new ones fade
    /// in, over a push's or pop's time (as iOS cross-fades them with the slide).
    /// The title a screen reader moves to when a new screen shows (the title view when it is an element).
    var accessibilityTitleElement: UIView? {
        if let view = shownTitleView { return view.isAccessibilityElement ? view : nil }
        return titleLabel.isHidden || (titleLabel.text ?? "").isEmpty ? nil : titleLabel
    }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        guard animated, window != nil, UIView.areAnimationsEnabled, topItem !== items?.last else {
            self.items = items
            return
        }
        // What shows now becomes a ghost: the same views, out of the bar's bookkeeping, fading away.
        var ghosts: [UIView] = leftViews + rightViews + [backButton, shownTitleView].compactMap { $0 }
        if shownTitleView == nil, !titleLabel.isHidden, let text = titleLabel.text, !text.isEmpty {
            let title = UILabel(frame: titleLabel.frame)
            title.text = text
            title.font = titleLabel.font
            title.textColor = titleLabel.textColor
            title.textAlignment = titleLabel.textAlignment
            ghosts.append(title)
        }
        let frames = ghosts.map(\.frame)
        self.items = items
        UIView.performWithoutAnimation {
            for (ghost, frame) in zip(ghosts, frames) {
                ghost.isUserInteractionEnabled = false
                ghost.frame = frame
                addSubview(ghost)
            }
            layoutIfNeeded()
        }
        let incoming: [UIView] = leftViews + rightViews + [backButton, shownTitleView ?? titleLabel].compactMap { $0 }
        for view in incoming { view.alpha = 0 }
        UIView.animate(withDuration: SlideAnimator.duration, delay: 0, options: [.curveEaseInOut, .allowUserInteraction], animations: {
            for ghost in ghosts { ghost.alpha = 0 }
            for view in incoming { view.alpha = 1 }
        }, completion: { _ in
            for ghost in ghosts where !self.isCurrent(ghost) {
                ghost.removeFromSuperview()
                ghost.alpha = 1
            }
        })
    }

    /// Whether `view` is one of the bar's current title or button views (a ghost can come back: a pop cancelled, a
    /// title view shown again).
    private func isCurrent(_ view: UIView) -> Bool {
        view === titleLabel || view === shownTitleView || view === backButton || leftViews.contains { $0 === view }
            || rightViews.contains { $0 === view }
    }

    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        guard delegate?.navigationBar(self, shouldPush: item) ?? true else { return }
        items = (items ?? []) + [item]
        delegate?.navigationBar(self, didPush: item)
    }

    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = topItem, delegate?.navigationBar(self, shouldPop: top) ?? true else { return nil }
        items?.removeLast()
        delegate?.navigationBar(self, didPop: top)
        return top
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.contentHeight)
    }
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.contentHeight) }

    /// The appearance for the top item, as UIKit picks it: at the scroll edge the item's or the bar's scroll-edge
    /// appearance, else the standard one without its background; elsewhere the item's or the bar's standard one.
    var currentAppearance: UINavigationBarAppearance {
        let standard = topItem?.standardAppearance ?? standardAppearance
        guard isAtScrollEdge else { return standard }
        if let edge = topItem?.scrollEdgeAppearance ?? scrollEdgeAppearance { return edge }
        let transparent = UINavigationBarAppearance(barAppearance: standard)
        transparent.configureWithTransparentBackground()
        return transparent
    }

    /// Rebuilds the bar's buttons and title for the top item.
    private func itemsChanged() {
        let appearance = currentAppearance
        background.backgroundColor = barTintColor ?? appearance.backgroundColor
        hairline.backgroundColor = appearance.shadowColor
        hairline.isHidden = appearance.shadowColor == nil
        for v in leftViews + rightViews { v.removeFromSuperview() }
        backButton?.removeFromSuperview()
        backButton = nil
        shownTitleView?.removeFromSuperview()
        shownTitleView = nil
        guard let top = topItem else {
            titleLabel.text = nil
            leftViews = []; rightViews = []
            return
        }
        var attributes = appearance.titleTextAttributes
        for (k, v) in titleTextAttributes ?? [:] { attributes[k] = v }
        titleLabel.font = (attributes[.font] as? UIFont) ?? .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textColor = (attributes[.foregroundColor] as? UIColor) ?? .label
        titleLabel.text = top.title
        if let tv = top.titleView {
            shownTitleView = tv
            addSubview(tv)
            titleLabel.isHidden = true
        } else {
            titleLabel.isHidden = false
        }
        if let back = backItem, !top.hidesBackButton, top.leftBarButtonItems == nil || top.leftItemsSupplementBackButton {
            let button = UIButton(type: .system)
            button.setImage(UIImage(systemName: "chevron.backward"), for: .normal)
            button.setTitle(back.backTitle.isEmpty ? nil : " " + back.backTitle, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 17)
            button.accessibilityLabel = back.backTitle.isEmpty ? "Back" : back.backTitle
            button.addAction(UIAction { [weak self] _ in self?.backTapped() }, for: .touchUpInside)
            button.sizeToFit()
            addSubview(button)
            backButton = button
        }
        leftViews = (top.leftBarButtonItems ?? []).filter { !$0.isHidden }.map { $0.makeButton(tint: nil) }
        rightViews = (top.rightBarButtonItems ?? []).filter { !$0.isHidden }.map { $0.makeButton(tint: nil) }
        for item in (top.leftBarButtonItems ?? []) + (top.rightBarButtonItems ?? []) {
            item.onChange = { [weak self] in self?.itemsChanged() }
        }
        for v in leftViews + rightViews { addSubview(v) }
        setNeedsLayout()
    }

    private func backTapped() {
        if let backAction { backAction() } else { popItem(animated: true) }
    }

    /// The back button's title, for tests and tools ("" for the chevron alone; nil: no back button).
    var backButtonTitle: String? { backButton.map { ($0.title(for: .normal) ?? "").trimmingCharacters(in: .whitespaces) } }
    /// The bar's back button (nil: none shown).
    var backButtonView: UIButton? { backButton }
    /// The views of the top item's buttons, left then right.
    var buttonViews: (left: [UIView], right: [UIView]) { (leftViews, rightViews) }
    /// The title the bar shows.
    var shownTitle: String? { titleLabel.isHidden ? nil : titleLabel.text }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
        let scale = window?.screen.scale ?? UIScreen.main.scale
        hairline.frame = CGRect(x: 0, y: bounds.maxY, width: bounds.width, height: 1 / scale)
        // The content: the last 44 points, inside the safe area's sides, 8 points from the edges (16 for text).
        let top = bounds.maxY - Self.contentHeight
        let insets = safeAreaInsets
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        // The room left between what is placed against the left and the right edges (leading is right in RTL).
        var left = insets.left + 8, right = bounds.width - insets.right - 8
        /// Places `view` against the leading or trailing side, centred vertically.
        func place(_ view: UIView, leading: Bool) {
            let size = view.bounds.size == .zero ? view.sizeThatFits(CGSize(width: 200, height: Self.contentHeight)) : view.bounds.size
            let width = min(size.width, bounds.width / 3), height = min(size.height, Self.contentHeight)
            let x: CGFloat
            if leading != rtl { x = left; left += width + 8 } else { x = right - width; right -= width + 8 }
            view.frame = CGRect(x: x, y: top + (Self.contentHeight - height) / 2, width: width, height: height)
        }
        if let backButton { place(backButton, leading: true) }
        for v in leftViews { place(v, leading: true) }
        for v in rightViews { place(v, leading: false) }
        // The title in the middle of the bar where it fits, else in the middle of the room left.
        let lo = left, hi = max(left, right)
        let title: UIView = shownTitleView ?? titleLabel
        var size = shownTitleView?.bounds.size ?? titleLabel.sizeThatFits(CGSize(width: hi - lo, height: Self.contentHeight))
        if shownTitleView != nil, size == .zero { size = title.sizeThatFits(CGSize(width: hi - lo, height: Self.contentHeight)) }
        size.width = min(size.width, max(0, hi - lo))
        size.height = min(size.height, Self.contentHeight)
        var x = (bounds.width - size.width) / 2
        x = min(max(x, lo), hi - size.width)
        title.frame = CGRect(x: x, y: top + (Self.contentHeight - size.height) / 2, width: size.width, height: size.height)
    }
}

/// A bar's style (UIKit's `UIBarStyle`; kept).
public enum UIBarStyle: Int, Sendable { case `default` = 0, black = 1 }
