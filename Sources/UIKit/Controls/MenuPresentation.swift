import CoreGraphics
import Foundation
import VitrinePlatform

/// A menu shown in place over a window (a button's `menu`): a rounded panel of rows under the control (above it
/// when there is no room below), iOS 14's look without the blur. A row runs its action with the control as the
/// sender and closes the menu (unless `.keepsMenuPresented`); a submenu's row opens it in the panel; a touch
/// anywhere else closes the menu and does nothing more.
@MainActor
final class MenuOverlay: UIView {
    private let panel = MenuPanel()
    private weak var source: UIControl?
    private var menu: UIMenu
    /// The rows' actions or submenus, by row.
    private var rows: [(control: MenuRow, element: UIMenuElement, parent: UIMenu)] = []

    static let rowHeight: CGFloat = 44
    static let width: CGFloat = 250

    /// Shows `menu` from `source`, in its window; the overlay is the menu while it is up.
    @discardableResult
    static func present(_ menu: UIMenu, from source: UIControl) -> MenuOverlay? {
        guard let window = source.window else { return nil }
        window.subviews.compactMap { $0 as? MenuOverlay }.forEach { $0.dismiss() }
        let overlay = MenuOverlay(menu: menu, source: source, frame: window.bounds)
        window.addSubview(overlay)
        overlay.show(menu)
        overlay.panel.alpha = 0
        overlay.panel.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
        UIView.animate(withDuration: 0.2, delay: 0, options: [.curveEaseOut], animations: {
            overlay.panel.alpha = 1
            overlay.panel.transform = .identity
        })
        return overlay
    }

    private init(menu: UIMenu, source: UIControl, frame: CGRect) {
        self.menu = menu
        self.source = source
        super.init(frame: frame)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        backgroundColor = .clear
        isOpaque = false
        panel.backgroundColor = UIColor(white: 0.97, alpha: 1)
        panel.layer.cornerRadius = 13
        panel.clipsToBounds = false
        panel.layer.shadowColor = UIColor.black.cgColor
        panel.layer.shadowOpacity = 0.2
        panel.layer.shadowRadius = 20
        panel.layer.shadowOffset = CGSize(width: 0, height: 6)
        addSubview(panel)
    }

    required init?(coder: NSCoder) {
        menu = UIMenu()
        super.init(coder: coder)
    }

    /// The visible elements of `menu` as rows: inline submenus' children between separators.
    private func flatten(_ menu: UIMenu) -> [(element: UIMenuElement, parent: UIMenu, separatorBefore: Bool)] {
        var out: [(UIMenuElement, UIMenu, Bool)] = []
        var pendingSeparator = false
        for child in menu.children {
            if let action = child as? UIAction, action.attributes.contains(.hidden) { continue }
            if let sub = child as? UIMenu, sub.options.contains(.displayInline) {
                let inner = flatten(sub)
                guard !inner.isEmpty else { continue }
                for (i, item) in inner.enumerated() { out.append((item.element, item.parent, i == 0 ? !out.isEmpty : item.separatorBefore)) }
                pendingSeparator = true
                continue
            }
            out.append((child, menu, pendingSeparator))
            pendingSeparator = false
        }
        return out
    }

    private func show(_ menu: UIMenu) {
        self.menu = menu
        for row in rows { row.control.removeFromSuperview() }
        panel.subviews.forEach { $0.removeFromSuperview() }
        rows = []
        var y: CGFloat = 0
        let items = flatten(menu)
        if !menu.title.isEmpty {
            let header = UILabel(frame: CGRect(x: 16, y: 0, width: Self.width - 32, height: 36))
            header.text = menu.title
            header.font = .systemFont(ofSize: 13)
            header.textColor = .secondaryLabel
            panel.addSubview(header)
            y = 36
        }
        for item in items {
            if item.separatorBefore || (y > 0 && rows.isEmpty && !menu.title.isEmpty) {
                let line = UIView(frame: CGRect(x: 0, y: y, width: Self.width, height: item.separatorBefore ? 8 : 0.5))
                line.backgroundColor = UIColor(red: 60 / 255.0, green: 60 / 255.0, blue: 67 / 255.0, alpha: item.separatorBefore ? 0.08 : 0.29)
                panel.addSubview(line)
                y += line.bounds.height
            }
            let row = MenuRow(element: item.element, destructive: item.parent.options.contains(.destructive))
            row.frame = CGRect(x: 0, y: y, width: Self.width, height: Self.rowHeight)
            row.addAction(UIAction { [weak self, weak row] _ in
                guard let self, let row, let i = self.rows.firstIndex(where: { $0.control === row }) else { return }
                self.choose(i)
            }, for: .touchUpInside)
            panel.addSubview(row)
            rows.append((row, item.element, item.parent))
            y += Self.rowHeight
        }
        place(height: y)
    }

    /// Under the control, leading edges aligned, kept 8 points inside the window; above it when it does not fit.
    private func place(height: CGFloat) {
        guard let source else { return }
        let anchor = source.convert(source.bounds, to: self)
        var x = anchor.minX
        x = Swift.min(Swift.max(8, x), Swift.max(8, bounds.width - Self.width - 8))
        var y = anchor.maxY + 8
        if y + height > bounds.height - 8 { y = Swift.max(8, anchor.minY - 8 - height) }
        panel.frame = CGRect(x: x, y: y, width: Self.width, height: height)
    }

    private func choose(_ index: Int) {
        let (_, element, parent) = rows[index]
        if let sub = element as? UIMenu {
            show(sub)
            return
        }
        guard let action = element as? UIAction, !action.attributes.contains(.disabled) else { return }
        if parent.options.contains(.singleSelection) {
            for case let other as UIAction in parent.children { other.state = other === action ? .on : .off }
        }
        let source = self.source
        if !action.attributes.contains(.keepsMenuPresented) { dismiss() } else { show(menu) }
        if let source {
            source.sendAction(action)
            source.sendActions(for: .menuActionTriggered)
        } else {
            action.handler(action)
        }
    }

    /// Closes the menu (fading out).
    func dismiss() {
        isUserInteractionEnabled = false
        UIView.animate(withDuration: 0.15, animations: { self.panel.alpha = 0 }, completion: { _ in self.removeFromSuperview() })
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // A touch off the panel closes the menu.
        dismiss()
    }

    /// The rows on screen (tests).
    var rowTitles: [String] { rows.map(\.element.title) }
}

/// The panel: touches on it that no row takes (a disabled row's, the gaps') end here rather than close the menu.
@MainActor
final class MenuPanel: UIView {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// One row of a menu: the title (and subtitle) on the leading side, the image on the trailing side, a checkmark
/// for an action that is on; red for destructive, grey when disabled; grey behind while touched.
@MainActor
final class MenuRow: UIControl {
    private let title = UILabel()
    private let subtitle = UILabel()
    private let icon = UIImageView()
    private let check = UIImageView()

    init(element: UIMenuElement, destructive: Bool) {
        super.init(frame: .zero)
        let action = element as? UIAction
        let disabled = action?.attributes.contains(.disabled) == true
        let red = destructive || action?.attributes.contains(.destructive) == true
        let color: UIColor = disabled ? .tertiaryLabel : (red ? .systemRed : .label)
        title.text = element.title
        title.font = .systemFont(ofSize: 17)
        title.textColor = color
        subtitle.text = element.subtitle
        subtitle.font = .systemFont(ofSize: 13)
        subtitle.textColor = .secondaryLabel
        icon.image = element is UIMenu ? UIImage(systemName: "chevron.right") : element.image
        icon.tintColor = color
        icon.contentMode = .center
        check.image = action?.state == .on ? UIImage(systemName: "checkmark") : nil
        check.tintColor = color
        check.contentMode = .center
        isEnabled = !disabled
        for v in [title, subtitle, icon, check] as [UIView] { v.isUserInteractionEnabled = false; addSubview(v) }
        if action?.state == .on { accessibilityTraits = [.button, .selected] }
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func layoutSubviews() {
        super.layoutSubviews()
        let hasSubtitle = !(subtitle.text ?? "").isEmpty
        check.frame = CGRect(x: 6, y: 0, width: 24, height: bounds.height)
        icon.frame = CGRect(x: bounds.width - 44, y: 0, width: 32, height: bounds.height)
        let left: CGFloat = 34, right = bounds.width - 48
        title.frame = CGRect(x: left, y: hasSubtitle ? 4 : 0, width: right - left, height: hasSubtitle ? 22 : bounds.height)
        subtitle.frame = CGRect(x: left, y: 24, width: right - left, height: 16)
    }

    override func stateDidChange() {
        super.stateDidChange()
        backgroundColor = isHighlighted ? UIColor(white: 0.85, alpha: 1) : nil
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { title.text }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .button : [.button, .notEnabled] }
}
