import CoreGraphics
import Foundation

/// A tab's title, image and badge (UIKit's `UITabBarItem`).
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    public enum SystemItem: Int, Sendable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed
    }
    /// The image shown while the tab is selected (nil: `image`).
    open var selectedImage: UIImage? { didSet { changed() } }
    /// A badge in the item's corner ("3", "!"; nil: none).
    open var badgeValue: String? { didSet { changed() } }
    open var badgeColor: UIColor? { didSet { changed() } }
    public private(set) var systemItem: SystemItem?

    public override init() { super.init() }
    public init(title: String?, image: UIImage?, tag: Int) {
        super.init()
        self.title = title
        self.image = image
        self.tag = tag
    }
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        super.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        super.init()
        self.systemItem = systemItem
        self.tag = tag
        let (title, symbol): (String, String) = switch systemItem {
        case .more: ("More", "ellipsis")
        case .favorites: ("Favorites", "star.fill")
        case .featured: ("Featured", "star")
        case .topRated: ("Top Rated", "star")
        case .recents: ("Recents", "clock")
        case .contacts: ("Contacts", "person")
        case .history: ("History", "clock")
        case .bookmarks: ("Bookmarks", "bookmark")
        case .search: ("Search", "magnifyingglass")
        case .downloads: ("Downloads", "arrow.down.circle")
        case .mostRecent: ("Most Recent", "clock")
        case .mostViewed: ("Most Viewed", "list.bullet")
        }
        self.title = title
        image = UIImage(systemName: symbol)
    }
    public required init?(coder: NSCoder) { super.init() }
}

/// What a tab bar tells its delegate (UIKit's `UITabBarDelegate`; optional).
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}
extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// The bar of tabs along the bottom (UIKit's `UITabBar`): each item's image over its title, the selected one in
/// the tint colour and the others grey, badges in red capsules at the images' corners; 49 points high above the
/// safe area's bottom.
@preconcurrency @MainActor
open class UITabBar: UIView {
    public static let contentHeight: CGFloat = 49

    open weak var delegate: (any UITabBarDelegate)?
    open var items: [UITabBarItem]? { didSet { rebuild() } }
    open weak var selectedItem: UITabBarItem? { didSet { restyle() } }
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) { self.items = items }
    /// The colour of unselected items (nil: grey).
    open var unselectedItemTintColor: UIColor? {
        didSet { if appearanceSetting(AppearanceKey.tabUnselectedTint, \UITabBar.unselectedItemTintColor, unselectedItemTintColor) { return }; restyle() }
    }
    open var barTintColor: UIColor? {
        didSet { if appearanceSetting(AppearanceKey.barTint, \UITabBar.barTintColor, barTintColor) { return }; restyle() }
    }
    open var isTranslucent = true
    open var standardAppearance = UITabBarAppearance() {
        didSet { if appearanceSetting(AppearanceKey.barStandardAppearance, \UITabBar.standardAppearance, standardAppearance) { return }; restyle() }
    }

    private let background = UIView(), hairline = UIView()
    private var buttons: [TabButton] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        for v in [background, hairline] { v.isUserInteractionEnabled = false; addSubview(v) }
        restyle()
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.contentHeight) }

    private func rebuild() {
        for b in buttons { b.removeFromSuperview() }
        buttons = (items ?? []).map { item in
            let b = TabButton(item: item)
            b.addAction(UIAction { [weak self, weak item] _ in
                guard let self, let item else { return }
                self.tapped(item)
            }, for: .touchUpInside)
            item.onChange = { [weak self] in self?.restyle() }
            addSubview(b)
            return b
        }
        restyle()
        setNeedsLayout()
    }

    private func tapped(_ item: UITabBarItem) {
        guard item.isEnabled else { return }
        if let owner = controller { owner.tabTapped(item); return }
        selectedItem = item
        delegate?.tabBar(self, didSelect: item)
    }
    /// The tab bar controller that owns the bar (it decides what a tap selects).
    weak var controller: UITabBarController?

    private func restyle() {
        background.backgroundColor = barTintColor ?? standardAppearance.backgroundColor
        hairline.backgroundColor = standardAppearance.shadowColor
        for b in buttons {
            b.update(selected: b.item === selectedItem, tint: tintColor, unselected: unselectedItemTintColor ?? .systemGray)
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        restyle()
    }

    /// The buttons, in order (for tests and tools).
    var itemViews: [UIView] { buttons }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
        let scale = window?.screen.scale ?? UIScreen.main.scale
        hairline.frame = CGRect(x: 0, y: -1 / scale, width: bounds.width, height: 1 / scale)
        guard !buttons.isEmpty else { return }
        let insets = safeAreaInsets
        // Wide bars centre their items at most 110 points apart (as iPad's); narrow ones share the width.
        let available = bounds.width - insets.left - insets.right
        let width = min(available / CGFloat(buttons.count), available > 700 ? 110 : .greatestFiniteMagnitude)
        var x = insets.left + (available - width * CGFloat(buttons.count)) / 2
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        for b in (rtl ? buttons.reversed() : buttons) {
            b.frame = CGRect(x: x, y: 0, width: width, height: Self.contentHeight)
            x += width
        }
    }
}

/// How a tab bar looks (UIKit's `UITabBarAppearance`).
@preconcurrency @MainActor
open class UITabBarAppearance: UIBarAppearance {}

/// One tab: its image, title and badge.
@MainActor
final class TabButton: UIControl {
    let item: UITabBarItem
    private let imageView = UIImageView(), label = UILabel(), badge = UILabel()
    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        imageView.contentMode = .scaleAspectFit
        label.font = .systemFont(ofSize: 10, weight: .medium)
        label.textAlignment = .center
        badge.font = .systemFont(ofSize: 13)
        badge.textColor = .white
        badge.textAlignment = .center
        badge.clipsToBounds = true
        for v in [imageView, label, badge] as [UIView] { v.isUserInteractionEnabled = false; addSubview(v) }
    }
    required init?(coder: NSCoder) { nil }

    func update(selected: Bool, tint: UIColor, unselected: UIColor) {
        let colour = item.isEnabled ? (selected ? tint : unselected) : unselected.withAlphaComponent(0.4)
        imageView.image = ((selected ? item.selectedImage : nil) ?? item.image)?.withRenderingMode(.alwaysTemplate)
        imageView.tintColor = colour
        label.text = item.title
        label.textColor = colour
        badge.text = item.badgeValue
        badge.isHidden = item.badgeValue == nil
        badge.backgroundColor = item.badgeColor ?? .systemRed
        isSelected = selected
        accessibilityLabel = item.title
        setNeedsLayout()
    }

    /// The badge's text (for tests).
    var badgeText: String? { badge.isHidden ? nil : badge.text }

    // A tab is read as one element, a button, selected when it is the current tab; its badge is its value.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isSelected ? [.button, .selected] : .button }
    override var defaultAccessibilityValue: String? { badgeText }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        imageView.frame = CGRect(x: (b.width - 30) / 2, y: 5, width: 30, height: 26)
        label.frame = CGRect(x: 0, y: 33, width: b.width, height: 13)
        if !badge.isHidden {
            let w = max(18, badge.sizeThatFits(CGSize(width: 60, height: 18)).width + 10)
            badge.frame = CGRect(x: imageView.frame.maxX - 8, y: 2, width: w, height: 18)
            badge.layer.cornerRadius = 9
        }
    }
}

/// What a tab bar controller asks and tells its delegate (UIKit's `UITabBarControllerDelegate`; optional).
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}
extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// Tabs of view controllers (UIKit's `UITabBarController`): the selected one's view above a tab bar of their
/// items; more than five (on a narrow panel) puts the rest in a "More" list pushed in a navigation controller. The
/// children's safe areas end above the bar; switching tabs sends the appearance callbacks in UIKit's order.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    open var viewControllers: [UIViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }
    private var tabs: [UIViewController] = []
    open weak var delegate: (any UITabBarControllerDelegate)?
    public private(set) lazy var tabBar: UITabBar = {
        let bar = UITabBar(frame: .zero)
        bar.controller = self
        return bar
    }()

    /// The "More" tab's controller: a navigation controller with a list of the tabs beyond the bar's room.
    public private(set) lazy var moreNavigationController: UINavigationController = {
        let list = MoreListController(owner: self)
        let nav = UINavigationController(rootViewController: list)
        nav.tabBarItem = UITabBarItem(tabBarSystemItem: .more, tag: -1)
        return nav
    }()

    /// The selected child (or the More controller).
    open var selectedViewController: UIViewController? {
        get { shown }
        set { if let v = newValue { select(v) } }
    }
    private var shown: UIViewController?
    open var selectedIndex: Int {
        get { shown.flatMap { s in tabs.firstIndex { $0 === s } } ?? (shown === moreNavigationController ? Int.max : NSNotFound) }
        set { if tabs.indices.contains(newValue) { select(tabs[newValue]) } }
    }

    /// How many tabs fit before "More": five on a narrow bar (as iPhone), eight on a wide one.
    var maximumTabs: Int { (isViewLoaded ? view.bounds.width : UIScreen.main.bounds.width) > 700 ? 8 : 5 }

    open override func loadView() {
        let v = UIView(frame: UIScreen.main.bounds)
        v.backgroundColor = .systemBackground
        view = v
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tabBar)
        rebuildBar()
        if let s = shown { install(s) }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let new = viewControllers ?? []
        let old = shown
        for c in tabs where !new.contains(where: { $0 === c }) {
            c.willMove(toParent: nil)
            if c !== old { c.viewIfLoaded?.removeFromSuperview(); c.removeFromParent() }
        }
        for c in new where c.parent !== self {
            addChild(c)
            c.didMove(toParent: self)
        }
        tabs = new
        if isViewLoaded { rebuildBar() }
        let keep = old.flatMap { o in new.contains { $0 === o } ? o : nil }
        if let target = keep ?? new.first { select(target, force: old !== target) } else { select(nil) }
        if let old, !new.contains(where: { $0 === old }), old.parent === self { old.removeFromParent() }
    }

    /// The controllers the bar shows directly, and those behind "More".
    private var barTabs: [UIViewController] { tabs.count > maximumTabs ? Array(tabs.prefix(maximumTabs - 1)) : tabs }
    var moreTabs: [UIViewController] { tabs.count > maximumTabs ? Array(tabs.dropFirst(maximumTabs - 1)) : [] }

    private func rebuildBar() {
        var items: [UITabBarItem] = barTabs.map { $0.tabBarItem }
        if !moreTabs.isEmpty {
            items.append(moreNavigationController.tabBarItem!)
            if moreNavigationController.parent !== self {
                addChild(moreNavigationController)
                moreNavigationController.didMove(toParent: self)
            }
        }
        tabBar.items = items
        tabBar.selectedItem = shown?.tabBarItem
        view.setNeedsLayout()
    }

    func tabTapped(_ item: UITabBarItem) {
        guard let target = (barTabs + (moreTabs.isEmpty ? [] : [moreNavigationController])).first(where: { $0.tabBarItem === item }) else { return }
        if target === shown {
            // Tapping the selected tab again pops its navigation stack to the root, as UIKit does.
            (target as? UINavigationController)?.popToRootViewController(animated: true)
            return
        }
        guard delegate?.tabBarController(self, shouldSelect: target) ?? true else { return }
        select(target)
        delegate?.tabBarController(self, didSelect: target)
    }

    private func select(_ target: UIViewController?, force: Bool = false) {
        guard force || target !== shown else { return }
        let old = shown
        shown = target
        tabBar.selectedItem = target?.tabBarItem
        guard isViewLoaded else { return }
        _ = target?.view // loaded before the old tab hears anything, as in UIKit
        let showing = (appearanceState == .appeared || appearanceState == .appearing) && view.window != nil
        if showing {
            old?.beginAppearanceTransition(false, animated: false)
            target?.beginAppearanceTransition(true, animated: false)
        }
        if let old, old !== target { old.viewIfLoaded?.removeFromSuperview() }
        if let target { install(target) }
        if showing {
            old?.endAppearanceTransition()
            target?.endAppearanceTransition()
        }
    }

    private func install(_ child: UIViewController) {
        let v: UIView = child.view
        v.frame = view.bounds
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        child.containerSafeAreaInsets = UIEdgeInsets(top: 0, left: 0, bottom: UITabBar.contentHeight, right: 0)
        view.insertSubview(v, belowSubview: tabBar)
    }

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let b = view.bounds, safe = view.safeAreaInsets
        let h = UITabBar.contentHeight + safe.bottom
        tabBar.frame = CGRect(x: 0, y: b.height - h, width: b.width, height: h)
        view.bringSubviewToFront(tabBar)
    }
}

/// The list behind "More": the tabs that did not fit, each pushed onto the More navigation controller when tapped.
@MainActor
final class MoreListController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    unowned let owner: UITabBarController
    let table = UITableView(frame: .zero, style: .plain)
    override func loadView() { view = table }
    init(owner: UITabBarController) {
        self.owner = owner
        super.init(nibName: nil, bundle: nil)
        title = "More"
    }
    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        table.dataSource = self
        table.delegate = self
        table.register(UITableViewCell.self, forCellReuseIdentifier: "more")
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        table.reloadData()
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { owner.moreTabs.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "more", for: indexPath)
        let c = owner.moreTabs[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = c.tabBarItem.title ?? c.title
        content.image = c.tabBarItem.image
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let c = owner.moreTabs[indexPath.row]
        // (A tab pushed here leaves the tab bar controller's children for the More navigation stack while shown.)
        if c.parent === owner { c.willMove(toParent: nil); c.removeFromParent() }
        navigationController?.pushViewController(c, animated: true)
    }
}

extension UIViewController {
    var baseTabBarController: UITabBarController? {
        if let t = parent as? UITabBarController { return t }
        return ancestor(UITabBarController.self)
    }
}
