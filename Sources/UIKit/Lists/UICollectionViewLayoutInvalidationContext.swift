import CoreGraphics
import Foundation

/// What changed when a layout is invalidated (UIKit's `UICollectionViewLayoutInvalidationContext`): handed to
/// `UICollectionViewLayout.invalidateLayout(with:)`. Layouts that keep work across invalidations subclass it (naming
/// the subclass in `invalidationContextClass`) to say more.
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext: NSObject {
    public required override init() { super.init() }

    /// Everything changed (`invalidateLayout()`, a reload of the data).
    open var invalidateEverything: Bool { everything }
    /// The numbers of sections or items changed.
    open var invalidateDataSourceCounts: Bool { dataSourceCounts }
    /// The items said to have changed (`nil`: none named).
    open private(set) var invalidatedItemIndexPaths: [IndexPath]?
    /// The supplementary views said to have changed, by kind.
    open private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    /// The decoration views said to have changed, by kind.
    open private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?
    /// How far the collection view should move its content (a layout that grows above what is shown keeps it in place).
    open var contentOffsetAdjustment: CGPoint = .zero
    /// How much the content size changes.
    open var contentSizeAdjustment: CGSize = .zero

    /// Names items that changed.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }
    /// Names supplementary views of `elementKind` that changed.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var all = invalidatedSupplementaryIndexPaths ?? [:]
        all[elementKind, default: []] += indexPaths
        invalidatedSupplementaryIndexPaths = all
    }
    /// Names decoration views of `elementKind` that changed.
    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        var all = invalidatedDecorationIndexPaths ?? [:]
        all[elementKind, default: []] += indexPaths
        invalidatedDecorationIndexPaths = all
    }

    var everything = false
    var dataSourceCounts = false
}
