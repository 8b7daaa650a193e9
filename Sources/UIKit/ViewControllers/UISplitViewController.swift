import CoreGraphics
import Foundation

/// What a split view controller asks its delegate (UIKit's `UISplitViewControllerDelegate`; optional).
@preconcurrency @MainActor
public protocol UISplitViewControllerDelegate: AnyObject {
    /// Which column shows when the split collapses into one stack (default: the proposed one, the primary).
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column
    func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column)
    func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column)
}

extension UISplitViewControllerDelegate {
    public func splitViewController(_ svc: UISplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column {
        proposedTopColumn
    }
    public func splitViewController(_ svc: UISplitViewController, willShow column: UISplitViewController.Column) {}
    public func splitViewController(_ svc: UISplitViewController, willHide column: UISplitViewController.Column) {}
}

/// Two columns side by side on wide panels, one stack on narrow ones (UIKit's `UISplitViewController`, iOS 14's
/// column style and the classic `viewControllers` pair): the primary column (320 points by default) at the leading
/// side beside the secondary; on panels 700 points wide or less it collapses into the primary's navigation stack,
/// where showing the secondary pushes it (or into the `.compact` column's controller when one is set). In the
/// column style each column's controller is put in a navigation controller, as UIKit does.
@preconcurrency @MainActor
open class UISplitViewController: UIViewController {
    public enum Style: Int, Sendable { case unspecified = 0, doubleColumn, tripleColumn }
    public enum Column: Int, Sendable { case primary = 0, supplementary, secondary, compact }
    public enum DisplayMode: Int, Sendable {
        case automatic = 0, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary, twoOverSecondary, twoDisplaceSecondary
        public static let primaryHidden = DisplayMode.secondaryOnly
        public static let allVisible = DisplayMode.oneBesideSecondary
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }
    public static let automaticDimension: CGFloat = -1

    public let style: Style
    open weak var delegate: (any UISplitViewControllerDelegate)?
    open var preferredDisplayMode: DisplayMode = .automatic { didSet { if isViewLoaded { view.setNeedsLayout() } } }
    open var preferredPrimaryColumnWidth: CGFloat = automaticDimension { didSet { if isViewLoaded { view.setNeedsLayout() } } }
    open var minimumPrimaryColumnWidth: CGFloat = automaticDimension
    open var maximumPrimaryColumnWidth: CGFloat = automaticDimension
    open var presentsWithGesture = true
    open var showsSecondaryOnlyButton = false

    private var columns: [Column: UIViewController] = [:]
    private var primaryHidden = false
    private let separator = UIView()
    /// Whether the split shows one stack (the panel is too narrow for two columns).
    public private(set) var isCollapsed = false

    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    public required init?(coder: NSCoder) {
        style = .unspecified
        super.init(coder: coder)
    }

    /// The classic pair: [primary, secondary].
    open var viewControllers: [UIViewController] {
        get { [columns[.primary], columns[.secondary]].compactMap { $0 } }
        set {
            setColumn(newValue.first, .primary, wrap: false)
            setColumn(newValue.count > 1 ? newValue[1] : nil, .secondary, wrap: false)
        }
    }

    /// Puts `vc` in `column` (in the column style, inside a navigation controller of its own).
    open func setViewController(_ vc: UIViewController?, for column: Column) {
        setColumn(vc, column, wrap: style != .unspecified && column != .compact && !(vc is UINavigationController))
    }

    /// The controller set for `column` (the one given, not the navigation controller around it).
    open func viewController(for column: Column) -> UIViewController? {
        let c = columns[column]
        if style != .unspecified, let nav = c as? UINavigationController, wrapped.contains(ObjectIdentifier(nav)) { return given[column] }
        return c
    }

    private var wrapped = Set<ObjectIdentifier>()
    /// The controllers given for the columns (a wrapped one can be on another column's stack while collapsed).
    private var given: [Column: UIViewController] = [:]

    private func setColumn(_ vc: UIViewController?, _ column: Column, wrap: Bool) {
        if let old = columns[column] {
            old.willMove(toParent: nil)
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
        }
        given[column] = vc
        guard let vc else { columns[column] = nil; return }
        var child = vc
        if wrap {
            let nav = UINavigationController(rootViewController: vc)
            wrapped.insert(ObjectIdentifier(nav))
            child = nav
        }
        columns[column] = child
        addChild(child)
        child.didMove(toParent: self)
        if isViewLoaded { arrange() }
    }

    /// The displayed mode: both columns, or the secondary alone (hidden primary or collapsed).
    open var displayMode: DisplayMode { isCollapsed || primaryHidden || preferredDisplayMode == .secondaryOnly ? .secondaryOnly : .oneBesideSecondary }

    /// The primary column's width: the preferred one, else 320 points (at most 40% of the view).
    open var primaryColumnWidth: CGFloat {
        let w = isViewLoaded ? view.bounds.width : UIScreen.main.bounds.width
        let preferred = preferredPrimaryColumnWidth > 0 ? preferredPrimaryColumnWidth : 320
        return min(preferred, max(0, w * 0.4))
    }

    /// Shows a column (on a collapsed split: pushes the secondary onto the primary's stack).
    open func show(_ column: Column) {
        delegate?.splitViewController(self, willShow: column)
        if column == .primary { primaryHidden = false }
        if isCollapsed, column == .secondary, let secondary = viewController(for: .secondary), let nav = columns[.primary] as? UINavigationController,
           !nav.viewControllers.contains(where: { $0 === secondary }) {
            if secondary.parent != nil, secondary.parent !== nav { secondary.willMove(toParent: nil); secondary.removeFromParent() }
            nav.pushViewController(secondary, animated: true)
        }
        if isViewLoaded { arrange() }
    }

    open func hide(_ column: Column) {
        delegate?.splitViewController(self, willHide: column)
        if column == .primary { primaryHidden = true }
        if isViewLoaded { arrange() }
    }

    /// The classic API: shows `vc` as the secondary (pushed on a collapsed split).
    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if isCollapsed, let nav = columns[.primary] as? UINavigationController {
            nav.pushViewController(vc, animated: true)
        } else {
            setViewController(vc, for: .secondary)
        }
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        separator.backgroundColor = .separator
        view.addSubview(separator)
        arrange()
    }

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        arrange()
    }

    /// Shows the columns the width allows: two side by side, or one stack.
    private func arrange() {
        let b = view.bounds
        let collapse = b.width <= 700
        if collapse != isCollapsed {
            if collapse, let secondary = viewController(for: .secondary), let nav = columns[.primary] as? UINavigationController,
               delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .primary) == .secondary {
                // The delegate wants the secondary on top: it goes onto the primary's stack.
                if let own = secondary.parent as? UINavigationController, own !== nav {
                    // Out of its column's stack properly, so that the column takes it back on expanding.
                    own.setViewControllers(own.viewControllers.filter { $0 !== secondary }, animated: false)
                } else if secondary.parent != nil, secondary.parent !== nav {
                    secondary.willMove(toParent: nil)
                    secondary.removeFromParent()
                }
                nav.pushViewController(secondary, animated: false)
            }
            isCollapsed = collapse
        }
        let primary = columns[.primary], secondary = columns[.secondary], compact = columns[.compact]
        func place(_ c: UIViewController?, _ frame: CGRect?) {
            guard let c else { return }
            if let frame {
                let v: UIView = c.view
                v.frame = frame
                if v.superview !== view { view.insertSubview(v, belowSubview: separator) }
            } else if c.viewIfLoaded?.superview === view {
                c.view.removeFromSuperview()
            }
        }
        if isCollapsed {
            let top = compact ?? primary ?? secondary
            for c in [primary, secondary, compact] where c !== top { place(c, nil) }
            place(top, b)
            separator.isHidden = true
        } else {
            place(compact, nil)
            let showsPrimary = displayMode != .secondaryOnly && primary != nil
            let w = showsPrimary ? primaryColumnWidth : 0
            let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
            let scale = view.window?.screen.scale ?? UIScreen.main.scale
            place(primary, showsPrimary ? CGRect(x: rtl ? b.width - w : 0, y: 0, width: w, height: b.height) : nil)
            // A secondary that was pushed while collapsed comes back to its own column.
            if let s = viewController(for: .secondary), let nav = primary as? UINavigationController, nav.viewControllers.contains(where: { $0 === s }),
               style != .unspecified, let own = secondary as? UINavigationController, own !== nav {
                _ = nav.popToRootViewController(animated: false)
                own.setViewControllers([s], animated: false)
            }
            place(secondary, CGRect(x: rtl ? 0 : w, y: 0, width: b.width - w, height: b.height))
            separator.isHidden = !showsPrimary
            separator.frame = CGRect(x: rtl ? b.width - w : w - 1 / scale, y: 0, width: 1 / scale, height: b.height)
            view.bringSubviewToFront(separator)
        }
    }
}

extension UIViewController {
    var baseSplitViewController: UISplitViewController? {
        if let s = parent as? UISplitViewController { return s }
        return ancestor(UISplitViewController.self)
    }
}
