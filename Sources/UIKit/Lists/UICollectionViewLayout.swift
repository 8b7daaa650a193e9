import CoreGraphics
import Foundation

/// Works out where a collection view's elements go (UIKit's `UICollectionViewLayout`): subclass and answer
/// `collectionViewContentSize` and `layoutAttributesForElements(in:)` — the collection view asks for the visible
/// rectangle as it scrolls — after `prepare()`, which runs whenever the layout was invalidated.
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    /// The collection view laid out.
    public internal(set) weak var collectionView: UICollectionView?
    var isValid = false

    public override init() { super.init() }

    /// Works out what the other methods answer (called before them after an invalidation).
    open func prepare() {}
    /// The size of the content.
    open var collectionViewContentSize: CGSize { .zero }
    /// The elements meeting `rect` (content coordinates).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    /// One cell's attributes.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// One supplementary view's attributes.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    /// Whether a change of the collection view's bounds to `newBounds` (a scroll: origin; a resize: size) needs a
    /// new layout: asked before the bounds change, so `collectionView.bounds` is still the old one. No, by default
    /// (the flow and compositional layouts say yes to a new size); a change of size prepares the layout again
    /// whatever the answer (see the porting notes).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
    /// The context `invalidateLayout(with:)` gets when `shouldInvalidateLayout(forBoundsChange:)` said yes: one of
    /// `invalidationContextClass`, as made; a subclass fills in what changed.
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeInvalidationContext()
    }
    /// Marks the whole layout to be worked out again before the next use (an invalidation that says everything
    /// changed, through `invalidateLayout(with:)`).
    open func invalidateLayout() {
        let context = makeInvalidationContext()
        context.everything = true
        invalidateLayout(with: context)
    }
    /// Marks the layout to be worked out again before the next use, for what `context` says changed; the
    /// collection view moves its content by the context's `contentOffsetAdjustment`. (`prepare()` runs again
    /// whatever the context says: a layout keeps what it can itself.)
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        isValid = false
        guard let collectionView else { return }
        collectionView.setNeedsLayout()
        // Applied at the collection view's next layout (this may run while its bounds are being set).
        let shift = context.contentOffsetAdjustment
        collectionView.pendingOffsetAdjustment.x += shift.x
        collectionView.pendingOffsetAdjustment.y += shift.y
    }
    /// Where scrolling should come to rest, given where it would (the collection view asks when a drag ends without
    /// paging; `velocity` in points per millisecond).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }
    /// Where the content should be after the layout changes (a new layout, or an update); unchanged by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint { proposedContentOffset }

    /// The class of the attributes the layout makes (a subclass of `UICollectionViewLayoutAttributes` with values of
    /// its own); the flow and compositional layouts make theirs of it too.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
    /// The class of the contexts `invalidateLayout()` and bounds changes hand to `invalidateLayout(with:)`.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// One decoration view's attributes (the layout's own; none by default).
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        nil
    }
    /// Names the view class the collection view makes for decoration views of `elementKind` (`nil` forgets it).
    /// The class must be a `UICollectionReusableView`; its views are made with `init(frame:)` (through
    /// `init(registeredWithReuseIdentifier:)`) and reused.
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        decorationClasses[elementKind] = viewClass as? UICollectionReusableView.Type
    }

    /// Called before the collection view's bounds change inside an animation block (the layout prepares for the
    /// change), then `finalizeAnimatedBoundsChange()` after the new layout.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
    open func finalizeAnimatedBoundsChange() {}

    /// The registered decoration view classes, by kind.
    var decorationClasses: [String: UICollectionReusableView.Type] = [:]

    /// The data changed (a reload: everything; updates: the counts), as UIKit tells a layout.
    func invalidateForData(everything: Bool) {
        let context = makeInvalidationContext()
        context.everything = everything
        context.dataSourceCounts = true
        invalidateLayout(with: context)
    }

    /// A new, empty context of `invalidationContextClass`.
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        let cls = type(of: self).invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type
        return (cls ?? UICollectionViewLayoutInvalidationContext.self).init()
    }

    /// New attributes of `layoutAttributesClass` for a cell, or an element of `kind` in `category`.
    func makeAttributes(_ category: UICollectionViewLayoutAttributes.ElementCategory = .cell, kind: String? = nil,
                        at indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let cls = type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type
        let a = (cls ?? UICollectionViewLayoutAttributes.self).init()
        a.indexPath = indexPath
        a.representedElementCategory = category
        a.representedElementKind = kind
        return a
    }

    /// Whether some sizes are estimates that the collection view corrects by measuring the cells it shows.
    var selfSizesCells: Bool { false }

    /// A copy of `header` held at the top of `collectionView`'s visible area while its section (ending at
    /// `sectionEnd`) scrolls under it, pushed up by the section's end; over the cells.
    func pinnedHeader(_ header: UICollectionViewLayoutAttributes, sectionEnd: CGFloat, in collectionView: UICollectionView)
        -> UICollectionViewLayoutAttributes {
        let pinned = header.copy() as! UICollectionViewLayoutAttributes
        pinned.frame.origin.y = min(max(header.frame.minY, collectionView.bounds.minY + collectionView.adjustedContentInset.top),
                                    sectionEnd - header.frame.height)
        pinned.zIndex = 1024
        pinned.estimatesSize = header.estimatesSize
        return pinned
    }

    /// Prepares the layout if it is not valid.
    func prepareIfNeeded() {
        guard !isValid else { return }
        isValid = true
        prepare()
    }
}

/// The sizes a flow layout asks its collection view's delegate for (every method optional).
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}

/// A layout's elements in order along its scroll axis, with the running maximum of their far edges, so that the
/// ones meeting a stretch of the axis are found by binary search (both built-in layouts answer
/// `layoutAttributesForElements(in:)` with it as the collection view scrolls).
@MainActor
struct ElementsAlongAxis {
    let vertical: Bool
    /// The elements, sorted by their near edge along the axis.
    private(set) var elements: [UICollectionViewLayoutAttributes] = []
    private var reach: [CGFloat] = []

    init(vertical: Bool) { self.vertical = vertical }

    /// `elements`, already in order along the axis.
    init(vertical: Bool, ordered elements: [UICollectionViewLayoutAttributes]) {
        self.vertical = vertical
        self.elements = elements
        var far: CGFloat = -.greatestFiniteMagnitude
        reach.reserveCapacity(elements.count)
        for a in elements {
            far = max(far, vertical ? a.frame.maxY : a.frame.maxX)
            reach.append(far)
        }
    }

    /// The elements that may meet `lo..<hi` along the axis: from the first whose far edge (or an earlier one's)
    /// passes `lo`, while they start before `hi`. (The caller tests each against its rectangle.)
    func candidates(from lo: CGFloat, to hi: CGFloat) -> ArraySlice<UICollectionViewLayoutAttributes> {
        var a = 0, b = reach.count
        while a < b { let m = (a + b) / 2; if reach[m] <= lo { a = m + 1 } else { b = m } }
        var end = a
        while end < elements.count, (vertical ? elements[end].frame.minY : elements[end].frame.minX) < hi { end += 1 }
        return elements[a..<end]
    }
}

/// Items in lines (UIKit's `UICollectionViewFlowLayout`): along the scroll direction's cross axis items fill a line,
/// spaced at least `minimumInteritemSpacing` apart and spread to fill it (a line of one item is centred), lines
/// `minimumLineSpacing` apart, sections inset by `sectionInset`, with optional header and footer.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// (UIKit's type is `UICollectionView.ScrollDirection`; the name here keeps code that spells it this way.)
    public typealias ScrollDirection = UICollectionView.ScrollDirection

    open var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Not zero: items are sized from their cells (`sizeThatFits`) — Vitrine measures them as it lays them out.
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    override var selfSizesCells: Bool { estimatedItemSize != .zero }
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }

    /// `estimatedItemSize` for cells that size themselves.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    private var cells: [[UICollectionViewLayoutAttributes]] = []
    private var headers: [UICollectionViewLayoutAttributes?] = []
    private var footers: [UICollectionViewLayoutAttributes?] = []
    /// Every element in order along the scroll axis, with the running maximum of their far edges, for binary search.
    private var ordered = ElementsAlongAxis(vertical: true)
    private var contentSize: CGSize = .zero

    open override var collectionViewContentSize: CGSize { contentSize }

    /// Yes when the size changes (the lines are laid out across it).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != (collectionView?.bounds.size ?? newBounds.size)
    }

    open override func prepare() {
        cells = []; headers = []; footers = []; ordered = ElementsAlongAxis(vertical: scrollDirection == .vertical)
        guard let cv = collectionView else { contentSize = .zero; return }
        let vertical = scrollDirection == .vertical
        let flow = cv.delegate as? (any UICollectionViewDelegateFlowLayout)
        let width = vertical ? cv.bounds.width : cv.bounds.height
        /// A point on the axes: along the scroll direction `main`, across it `cross`.
        func rect(main: CGFloat, cross: CGFloat, mainSize: CGFloat, crossSize: CGFloat) -> CGRect {
            vertical ? CGRect(x: cross, y: main, width: crossSize, height: mainSize) : CGRect(x: main, y: cross, width: mainSize, height: crossSize)
        }
        var position: CGFloat = 0
        for s in 0..<cv.numberOfSections {
            let inset = flow?.collectionView(cv, layout: self, insetForSectionAt: s) ?? sectionInset
            let lineSpacing = flow?.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: s) ?? minimumLineSpacing
            let itemSpacing = flow?.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: s) ?? minimumInteritemSpacing
            let (before, after, lead, trail) = vertical ? (inset.top, inset.bottom, inset.left, inset.right)
                : (inset.left, inset.right, inset.top, inset.bottom)
            /// A header or footer `size` long at `position` (none when zero), moving `position` past it.
            func supplementary(_ kind: String, _ size: CGSize) -> UICollectionViewLayoutAttributes? {
                let length = vertical ? size.height : size.width
                guard length > 0 else { return nil }
                let a = self.makeAttributes(.supplementaryView, kind: kind, at: IndexPath(item: 0, section: s))
                a.frame = rect(main: position, cross: 0, mainSize: length, crossSize: width)
                position += length
                return a
            }
            let header = supplementary(UICollectionView.elementKindSectionHeader,
                                       flow?.collectionView(cv, layout: self, referenceSizeForHeaderInSection: s) ?? headerReferenceSize)
            header?.zIndex = 1
            headers.append(header)
            position += before
            let available = max(0, width - lead - trail)
            var sectionCells: [UICollectionViewLayoutAttributes] = []
            var line: [(IndexPath, CGSize)] = []
            func closeLine() {
                guard !line.isEmpty else { return }
                let mains = line.map { vertical ? $0.1.height : $0.1.width }, crosses = line.map { vertical ? $0.1.width : $0.1.height }
                let lineLength = mains.max() ?? 0
                let used = crosses.reduce(0, +)
                let gap = line.count > 1 ? max(itemSpacing, (available - used) / CGFloat(line.count - 1)) : 0
                var cross = lead + (line.count == 1 ? (available - used) / 2 : 0)
                for (k, (ip, _)) in line.enumerated() {
                    let a = makeAttributes(at: ip)
                    a.frame = rect(main: position + (lineLength - mains[k]) / 2, cross: cross, mainSize: mains[k], crossSize: crosses[k])
                    sectionCells.append(a)
                    cross += crosses[k] + gap
                }
                position += lineLength + lineSpacing
                line.removeAll()
            }
            var lineUsed: CGFloat = 0
            for i in 0..<cv.numberOfItems(inSection: s) {
                let ip = IndexPath(item: i, section: s)
                var size = flow?.collectionView(cv, layout: self, sizeForItemAt: ip) ?? itemSize
                if estimatedItemSize != .zero, let measured = cv.measuredSize(at: ip) { size = measured }
                let cross = vertical ? size.width : size.height
                if !line.isEmpty && lineUsed + itemSpacing + cross > available + 0.001 { closeLine(); lineUsed = 0 }
                lineUsed += (line.isEmpty ? 0 : itemSpacing) + cross
                line.append((ip, size))
            }
            closeLine()
            if !sectionCells.isEmpty { position -= lineSpacing }
            position += after
            cells.append(sectionCells)
            footers.append(supplementary(UICollectionView.elementKindSectionFooter,
                                         flow?.collectionView(cv, layout: self, referenceSizeForFooterInSection: s) ?? footerReferenceSize))
        }
        contentSize = vertical ? CGSize(width: cv.bounds.width, height: position) : CGSize(width: position, height: cv.bounds.height)
        var elements: [UICollectionViewLayoutAttributes] = []
        for s in cells.indices {
            if let h = headers[s] { elements.append(h) }
            elements.append(contentsOf: cells[s])
            if let f = footers[s] { elements.append(f) }
        }
        ordered = ElementsAlongAxis(vertical: vertical, ordered: elements)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let vertical = scrollDirection == .vertical
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        var result = ordered.candidates(from: lo, to: hi).filter { $0.frame.intersects(rect) }
        if sectionHeadersPinToVisibleBounds, vertical, let cv = collectionView {
            // Headers stay at the top while their section scrolls under them.
            for (s, header) in headers.enumerated() {
                guard let header else { continue }
                let last = cells[s].map(\.frame.maxY).max() ?? header.frame.maxY
                guard header.frame.minY < hi, last > lo else { continue }
                result.removeAll { $0 === header }
                result.append(pinnedHeader(header, sectionEnd: last, in: cv))
            }
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard cells.indices.contains(indexPath.section), cells[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return cells[indexPath.section][indexPath.item]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let list = elementKind == UICollectionView.elementKindSectionHeader ? headers : footers
        return list.indices.contains(indexPath.section) ? list[indexPath.section] : nil
    }
}
