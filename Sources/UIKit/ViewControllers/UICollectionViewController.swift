import CoreGraphics
import Foundation

/// A view controller whose view is a collection view it is the data source and delegate of (UIKit's
/// `UICollectionViewController`).
///
/// As in UIKit, every method of `UICollectionViewDataSource`, `UICollectionViewDelegate` and `UIScrollViewDelegate`
/// is a method of the class answering as the protocols' defaults do, so a subclass writes `override func
/// collectionView(_:numberOfItemsInSection:)` as it would for iOS. A subclass that also conforms to
/// `UICollectionViewDelegateFlowLayout` writes those methods without `override`, as on iOS.
///
/// It makes the collection view with its layout when its view is loaded, clears the selection when it is about to
/// appear again (`clearsSelectionOnViewWillAppear`) and flashes the scroll indicators when it has appeared.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    /// The layout `loadView()` gives the collection view.
    private let initialLayout: UICollectionViewLayout
    /// Whether the selection is cleared each time the view is about to appear (`true`, as in UIKit).
    open var clearsSelectionOnViewWillAppear = true

    /// A controller whose collection view uses `layout`.
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        initialLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// A controller with a flow layout (Vitrine loads no nibs; UIKit would need one to supply the layout).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        initialLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The collection view: the controller's view. Setting it makes it the view.
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// The collection view's layout (before the view is loaded, the one it will get).
    open var collectionViewLayout: UICollectionViewLayout {
        isViewLoaded ? (collectionView?.collectionViewLayout ?? initialLayout) : initialLayout
    }

    /// Makes the collection view with the controller's layout, the size of the main screen, with the controller as
    /// its data source and delegate.
    open override func loadView() {
        let collection = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: initialLayout)
        collection.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collection.dataSource = self
        collection.delegate = self
        view = collection
    }

    /// Clears the selection (animated alongside the appearance) if `clearsSelectionOnViewWillAppear`.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let collection = collectionView, let items = collection.indexPathsForSelectedItems {
            for item in items { collection.deselectItem(at: item, animated: animated) }
        }
    }

    /// Flashes the scroll indicators, so the user sees the content scrolls.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        collectionView?.flashScrollIndicators()
    }

    // MARK: UICollectionViewDataSource (the protocol's answers, for subclasses to override)

    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// No items until a subclass says how many.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// An empty cell: a subclass that has items makes their cells (UIKit raises an exception here instead).
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        UICollectionViewCell(frame: .zero)
    }
    /// A layout that asks for headers or footers needs a subclass to make them, as in UIKit.
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        preconditionFailure("\(typeName(of: self)) did not return a view for the supplementary element of kind \(kind) at \(indexPath)")
    }

    // MARK: UICollectionViewDelegate

    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}

    // MARK: UIScrollViewDelegate

    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    open func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    open func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    open func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    open func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    open func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
