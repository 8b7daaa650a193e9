import CoreGraphics
import Foundation

/// Where a page view controller's pages come from (UIKit's `UIPageViewControllerDataSource`).
@preconcurrency @MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController?
    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController?
    /// How many dots the page indicator shows (0: no indicator).
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// Which dot is the current page's.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { 0 }
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { 0 }
}

/// What a page view controller tells its delegate (UIKit's `UIPageViewControllerDelegate`; optional).
@preconcurrency @MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController])
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
}

extension UIPageViewControllerDelegate {
    public func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {}
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
}

/// Pages of view controllers that a swipe moves between (UIKit's `UIPageViewController`, scroll style): the data
/// source gives the page before and after the current one as they are needed; a swipe past half a page, or a flick,
/// turns it (paging scroll view physics), with the appearance callbacks when a page turn completes; a page
/// indicator shows when the data source gives a count. The page-curl style is drawn as the scroll style.
@preconcurrency @MainActor
open class UIPageViewController: UIViewController, UIScrollViewDelegate {
    public enum TransitionStyle: Int, Sendable { case pageCurl = 0, scroll }
    public enum NavigationOrientation: Int, Sendable { case horizontal = 0, vertical }
    public enum NavigationDirection: Int, Sendable { case forward = 0, reverse }
    public enum SpineLocation: Int, Sendable { case none = 0, min, mid, max }
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    public let transitionStyle: TransitionStyle
    public let navigationOrientation: NavigationOrientation
    public let spineLocation: SpineLocation = .none
    open var isDoubleSided = false
    open weak var dataSource: (any UIPageViewControllerDataSource)?
    open weak var delegate: (any UIPageViewControllerDelegate)?
    /// The page shown (one, in the scroll style).
    open private(set) var viewControllers: [UIViewController]?
    /// The scroll view's pan (UIKit lists its recognizers here).
    open var gestureRecognizers: [UIGestureRecognizer] { [scroller.panGestureRecognizer] }

    private let spacing: CGFloat
    private let scroller = UIScrollView()
    private let indicator = UIPageControl()
    /// The pages placed in the scroll view: before (if any), current, after (if any).
    private var placed: [UIViewController] = []
    private var pending: UIViewController?

    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        spacing = (options?[.interPageSpacing] as? CGFloat) ?? (options?[.interPageSpacing] as? Double).map { CGFloat($0) } ?? 0
        super.init(nibName: nil, bundle: nil)
    }
    public required init?(coder: NSCoder) {
        transitionStyle = .scroll
        navigationOrientation = .horizontal
        spacing = 0
        super.init(coder: coder)
    }

    private var horizontal: Bool { navigationOrientation == .horizontal }

    // The neighbouring pages wait in the scroll view off screen: only the current page hears the controller's
    // appearance, which it passes on itself.
    open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        viewControllers?.first?.beginAppearanceTransition(true, animated: animated)
    }
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        viewControllers?.first?.endAppearanceTransition()
    }
    open override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        viewControllers?.first?.beginAppearanceTransition(false, animated: animated)
    }
    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        viewControllers?.first?.endAppearanceTransition()
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        scroller.isPagingEnabled = true
        scroller.showsHorizontalScrollIndicator = false
        scroller.showsVerticalScrollIndicator = false
        scroller.delegate = self
        scroller.contentInsetAdjustmentBehavior = .never
        scroller.frame = view.bounds
        scroller.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(scroller)
        indicator.isUserInteractionEnabled = false
        view.addSubview(indicator)
        rebuild()
    }

    /// Shows `viewControllers` (one page); animated, the new page slides in from the side `direction` names.
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        guard let page = viewControllers?.first else { return }
        let old = self.viewControllers?.first
        let showing = isViewLoaded && view.window != nil && (appearanceState == .appeared || appearanceState == .appearing)
        if page.parent !== self { addChild(page); page.didMove(toParent: self) }
        if showing, old !== page {
            old?.beginAppearanceTransition(false, animated: animated)
            page.beginAppearanceTransition(true, animated: animated)
        }
        self.viewControllers = [page]
        if isViewLoaded { rebuild() }
        if showing, old !== page {
            old?.endAppearanceTransition()
            page.endAppearanceTransition()
        }
        if let old, old !== page, !placed.contains(where: { $0 === old }) { old.willMove(toParent: nil); old.removeFromParent() }
        completion?(true)
    }

    private var pageLength: CGFloat { (horizontal ? view.bounds.width : view.bounds.height) + spacing }

    /// Places the current page with its neighbours (asked of the data source) and scrolls to it.
    private func rebuild() {
        guard isViewLoaded, let current = viewControllers?.first else { return }
        let before = dataSource?.pageViewController(self, viewControllerBefore: current)
        let after = dataSource?.pageViewController(self, viewControllerAfter: current)
        let pages = [before, current, after].compactMap { $0 }
        for p in placed where !pages.contains(where: { $0 === p }) {
            p.viewIfLoaded?.removeFromSuperview()
            if p !== current { p.willMove(toParent: nil); p.removeFromParent() }
        }
        placed = pages
        let b = view.bounds
        for (i, p) in pages.enumerated() {
            if p.parent !== self { addChild(p); p.didMove(toParent: self) }
            // (Neighbours' views wait off screen; they appear when a turn to them completes.)
            let frame = horizontal ? CGRect(x: CGFloat(i) * pageLength, y: 0, width: b.width, height: b.height)
                : CGRect(x: 0, y: CGFloat(i) * pageLength, width: b.width, height: b.height)
            UIView.performWithoutAnimation {
                p.view.frame = frame
                if p.view.superview !== scroller { scroller.addSubview(p.view) }
            }
        }
        scroller.contentSize = horizontal ? CGSize(width: CGFloat(pages.count) * pageLength - spacing, height: b.height)
            : CGSize(width: b.width, height: CGFloat(pages.count) * pageLength - spacing)
        let index = CGFloat(pages.firstIndex { $0 === current } ?? 0)
        scroller.contentOffset = horizontal ? CGPoint(x: index * pageLength, y: 0) : CGPoint(x: 0, y: index * pageLength)
        let count = dataSource?.presentationCount(for: self) ?? 0
        indicator.isHidden = count <= 0
        indicator.numberOfPages = max(0, count)
        indicator.currentPage = dataSource?.presentationIndex(for: self) ?? 0
        view.setNeedsLayout()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let b = view.bounds, safe = view.safeAreaInsets
        indicator.frame = CGRect(x: 0, y: b.height - safe.bottom - 36, width: b.width, height: 26)
        view.bringSubviewToFront(indicator)
    }

    private var offset: CGFloat { horizontal ? scroller.contentOffset.x : scroller.contentOffset.y }

    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard scrollView.isDragging || scrollView.isDecelerating, pending == nil, let current = viewControllers?.first,
              let i = placed.firstIndex(where: { $0 === current }) else { return }
        let delta = offset - CGFloat(i) * pageLength
        let target = delta > 0 ? i + 1 : delta < 0 ? i - 1 : i
        guard target != i, placed.indices.contains(target) else { return }
        pending = placed[target]
        delegate?.pageViewController(self, willTransitionTo: [placed[target]])
    }

    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { settle() }
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { if !decelerate { settle() } }

    /// The scroll came to rest on a page: a turn to it completes (or, back where it was, is cancelled).
    private func settle() {
        guard let current = viewControllers?.first else { return }
        let index = Int((offset / max(1, pageLength)).rounded())
        let wasPending = pending
        pending = nil
        guard placed.indices.contains(index), placed[index] !== current else {
            if wasPending != nil { delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [current], transitionCompleted: false) }
            return
        }
        let next = placed[index]
        let showing = view.window != nil && (appearanceState == .appeared || appearanceState == .appearing)
        if showing {
            current.beginAppearanceTransition(false, animated: true)
            next.beginAppearanceTransition(true, animated: true)
        }
        viewControllers = [next]
        rebuild()
        if showing {
            current.endAppearanceTransition()
            next.endAppearanceTransition()
        }
        delegate?.pageViewController(self, didFinishAnimating: true, previousViewControllers: [current], transitionCompleted: true)
    }
}
