import CoreGraphics
import Foundation

/// A bar of buttons (UIKit's `UIToolbar`): its items side by side from the leading edge, flexible spaces sharing
/// what is left, fixed spaces their width; 44 points high above the safe area's bottom.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    public static let contentHeight: CGFloat = 44

    open var items: [UIBarButtonItem]? { didSet { rebuild() } }
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) { self.items = items }
    open var barStyle: UIBarStyle = .default
    open var isTranslucent = true
    open var barTintColor: UIColor? {
        didSet { if appearanceSetting(AppearanceKey.barTint, \UIToolbar.barTintColor, barTintColor) { return }; rebuild() }
    }
    open var standardAppearance = UIToolbarAppearance() { didSet { rebuild() } }

    private let background = UIView()
    private let hairline = UIView()
    private var views: [(item: UIBarButtonItem, view: UIView?)] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        for v in [background, hairline] { v.isUserInteractionEnabled = false; addSubview(v) }
        rebuild()
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.contentHeight) }
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.contentHeight) }

    private func rebuild() {
        background.backgroundColor = barTintColor ?? standardAppearance.backgroundColor
        hairline.backgroundColor = standardAppearance.shadowColor
        for (_, v) in views { v?.removeFromSuperview() }
        views = (items ?? []).filter { !$0.isHidden }.map { item in
            item.onChange = { [weak self] in self?.rebuild() }
            return (item, item.isSpace ? nil : item.makeButton(tint: nil))
        }
        for (_, v) in views { if let v { addSubview(v) } }
        setNeedsLayout()
    }

    /// The buttons shown, in order (spaces left out).
    var buttonViews: [UIView] { views.compactMap(\.view) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
        let scale = window?.screen.scale ?? UIScreen.main.scale
        hairline.frame = CGRect(x: 0, y: -1 / scale, width: bounds.width, height: 1 / scale)
        let insets = safeAreaInsets
        let width = bounds.width - insets.left - insets.right - 16
        // Items without flexible spaces are 8 apart; flexible spaces share the rest.
        let fixed = views.reduce(CGFloat(0)) { sum, e in
            if e.item.systemItem == .flexibleSpace { return sum }
            return sum + (e.view?.bounds.width ?? e.item.width)
        } + CGFloat(max(0, views.count - 1)) * 8
        let flexibles = views.filter { $0.item.systemItem == .flexibleSpace }.count
        let share = flexibles > 0 ? max(0, width - fixed) / CGFloat(flexibles) : 0
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        var along: CGFloat = 0
        for (item, view) in views {
            let w = item.systemItem == .flexibleSpace ? share : (view?.bounds.width ?? item.width)
            if let view {
                let h = min(view.bounds.height == 0 ? 30 : view.bounds.height, Self.contentHeight)
                let x = rtl ? bounds.width - insets.right - 8 - along - w : insets.left + 8 + along
                view.frame = CGRect(x: x, y: (Self.contentHeight - h) / 2, width: w, height: h)
            }
            along += w + 8
        }
    }
}

/// How a toolbar looks (UIKit's `UIToolbarAppearance`).
@preconcurrency @MainActor
open class UIToolbarAppearance: UIBarAppearance {}
