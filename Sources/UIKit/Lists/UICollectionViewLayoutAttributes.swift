import CoreGraphics
import Foundation

/// Where one element of a collection view goes and how it looks (UIKit's `UICollectionViewLayoutAttributes`).
///
/// Layouts with attributes of their own subclass it (naming the subclass in `layoutAttributesClass`), add stored
/// properties, and override `copy(with:)` and `isEqual(_:)` to carry and compare them; the collection view hands
/// them to each view's `apply(_:)`.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying {
    /// What kind of element: a cell, a supplementary view (header, footer) or a decoration.
    public enum ElementCategory: Int, Sendable { case cell, supplementaryView, decorationView }

    open var indexPath = IndexPath(item: 0, section: 0)
    open var frame: CGRect = .zero
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var size: CGSize {
        get { frame.size }
        set { frame.size = newValue }
    }
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { size = newValue.size }
    }
    open var transform: CGAffineTransform = .identity
    open var alpha: CGFloat = 1
    open var zIndex = 0
    open var isHidden = false
    /// The layout's size along the scroll axis is an estimate: the collection view measures the view and lays out
    /// again with what it needs.
    var estimatesSize = false
    /// For a list row: how the list looks and whether the row is its section's first or last (separators, corners).
    var listAppearance: UICollectionLayoutListConfiguration?
    var listPosition = (first: false, last: false, header: false)
    /// For a cell of an orthogonal section: the section whose sideways strip holds it (-1: none).
    var stripSection = -1
    public internal(set) var representedElementCategory: ElementCategory = .cell
    /// The supplementary or decoration kind (`UICollectionView.elementKindSectionHeader`…), nil for cells.
    public internal(set) var representedElementKind: String?

    /// Attributes of a cell at the first index path (what `copy(with:)` starts from).
    public required override init() { super.init() }

    /// Attributes of the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes of a supplementary view of `kind` at `indexPath`.
    public convenience init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = kind
    }

    /// Attributes of a decoration view of `kind` (one the layout registered) at `indexPath`.
    public convenience init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = kind
    }

    /// A copy of the same class with the same values (a subclass adds its own properties after `super`'s copy).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.indexPath = indexPath; copy.frame = frame; copy.transform = transform; copy.alpha = alpha
        copy.zIndex = zIndex; copy.isHidden = isHidden
        copy.representedElementCategory = representedElementCategory; copy.representedElementKind = representedElementKind
        copy.estimatesSize = estimatesSize; copy.listAppearance = listAppearance; copy.listPosition = listPosition
        copy.stripSection = stripSection
        return copy
    }

    /// Whether `object` is attributes of the same element with the same values (a subclass compares its own too).
    /// (NSObject's members are not main-actor: compared, as attributes are, on the main thread.)
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes, type(of: other) == type(of: self) else { return false }
        return MainActor.assumeIsolated {
            indexPath == other.indexPath && frame == other.frame && transform == other.transform
                && alpha == other.alpha && zIndex == other.zIndex && isHidden == other.isHidden
                && representedElementCategory == other.representedElementCategory
                && representedElementKind == other.representedElementKind
        }
    }

    open override var hash: Int {
        MainActor.assumeIsolated {
            var h = Hasher()
            h.combine(indexPath); h.combine(representedElementCategory); h.combine(representedElementKind)
            return h.finalize()
        }
    }
}
