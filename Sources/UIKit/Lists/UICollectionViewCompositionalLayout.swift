import Foundation

// UIKit's compositional layout (iOS 13): a section is a group repeated along the scroll axis; a group arranges
// items (or nested groups) side by side or one above another; every size is a dimension — a fraction of the
// container's width or height, an absolute length, or an estimate the item's cell corrects (self-sizing). Sections
// may have boundary supplementary items (headers and footers, optionally pinned), and a list configuration builds
// the sections of a table-like list.
//
// Containers, as UIKit resolves fractions: an item's container is its group; a group's is the section's content
// area (the collection view's width less the section's leading and trailing insets, and its height).

/// One length of a layout size: a fraction of the container's width or height, points, or an estimate.
@preconcurrency @MainActor
open class NSCollectionLayoutDimension: NSObject {
    enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    /// The fraction, the length, or the estimate.
    public let dimension: CGFloat
    init(_ kind: Kind, _ dimension: CGFloat) { self.kind = kind; self.dimension = dimension }

    public static func fractionalWidth(_ fraction: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, fraction) }
    public static func fractionalHeight(_ fraction: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, fraction) }
    public static func absolute(_ length: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, length) }
    public static func estimated(_ length: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, length) }
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated }

    /// The length in a container of `container`.
    func resolve(in container: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: return container.width * dimension
        case .fractionalHeight: return container.height * dimension
        case .absolute, .estimated: return dimension
        }
    }
}

/// A width and a height, each a dimension.
@preconcurrency @MainActor
open class NSCollectionLayoutSize: NSObject {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension
    public init(widthDimension: NSCollectionLayoutDimension, heightDimension: NSCollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }
    func resolve(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolve(in: container), height: heightDimension.resolve(in: container))
    }
}

/// The space between a group's items: exactly so much, or at least so much with the rest shared out.
@preconcurrency @MainActor
open class NSCollectionLayoutSpacing: NSObject {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    public var isFixedSpacing: Bool { !isFlexibleSpacing }
    init(_ spacing: CGFloat, flexible: Bool) { self.spacing = spacing; isFlexibleSpacing = flexible }
    public static func fixed(_ points: CGFloat) -> NSCollectionLayoutSpacing { .init(points, flexible: false) }
    public static func flexible(_ points: CGFloat) -> NSCollectionLayoutSpacing { .init(points, flexible: true) }
}

/// One cell's place in a group: its size and the insets of its content within it.
@preconcurrency @MainActor
open class NSCollectionLayoutItem: NSObject {
    public let layoutSize: NSCollectionLayoutSize
    /// Insets of the cell within the item's box (the box keeps its size; the cell is smaller).
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    public init(layoutSize: NSCollectionLayoutSize) { self.layoutSize = layoutSize }

    /// How many cells the item places (a group: all of its items').
    var itemCount: Int { 1 }
}

/// Items side by side (horizontal) or one above another (vertical), or nested groups.
@preconcurrency @MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Axis { case horizontal, vertical }
    let axis: Axis
    public let subitems: [NSCollectionLayoutItem]
    /// `subitem:count:`: this many copies of one item sharing the group's length equally.
    let repeatCount: Int?
    /// The space between the items.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(axis: Axis, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?) {
        precondition(!subitems.isEmpty, "NSCollectionLayoutGroup: a group needs at least one subitem")
        precondition(count.map { $0 > 0 } ?? true, "NSCollectionLayoutGroup: count must be positive")
        self.axis = axis; self.subitems = subitems; repeatCount = count
        super.init(layoutSize: layoutSize)
    }

    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, subitem: subitem, count: count)
    }
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }
    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, subitem: subitem, count: count)
    }

    /// The items in order, copies of a repeated one included.
    var placedItems: [NSCollectionLayoutItem] { repeatCount.map { Array(repeating: subitems[0], count: $0) } ?? subitems }
    override var itemCount: Int { placedItems.reduce(0) { $0 + $1.itemCount } }
}

/// Where a boundary supplementary item sits on its section.
public enum NSRectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// A header or footer of a section: its size, its kind and which edge it is on; headers may stay pinned at the top
/// of the visible area while their section scrolls under them.
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    public let alignment: NSRectAlignment
    open var pinToVisibleBounds = false
    /// Whether the item takes room of its own before or after the section's content (UIKit's default) rather than
    /// lying over it.
    open var extendsBoundary = true
    open var zIndex = 1
    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment) {
        self.elementKind = elementKind
        self.alignment = alignment
        super.init(layoutSize: layoutSize)
    }
}

/// How an orthogonal section scrolls (across the collection view's scroll axis).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// What a section provider is told about where the section goes.
@preconcurrency @MainActor
public protocol NSCollectionLayoutContainer {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment {
    var container: any NSCollectionLayoutContainer { get }
    var traitCollection: UITraitCollection { get }
}

struct LayoutContainer: NSCollectionLayoutContainer {
    var contentSize: CGSize
    var contentInsets: NSDirectionalEdgeInsets
    var effectiveContentSize: CGSize {
        CGSize(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
               height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
}

struct LayoutEnvironment: NSCollectionLayoutEnvironment {
    var container: any NSCollectionLayoutContainer
    var traitCollection: UITraitCollection
}

/// A group repeated along the scroll axis for as many items as the section has, with insets and spacing.
@preconcurrency @MainActor
open class NSCollectionLayoutSection: NSObject {
    public let group: NSCollectionLayoutGroup
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var interGroupSpacing: CGFloat = 0
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// Anything but `.none`: the section's groups go side by side across the scroll axis in a strip of their own
    /// that scrolls that way (continuously, by pages of the collection view's width or height, or group by group):
    /// sideways in a vertical layout, up and down in a horizontal one.
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    /// Set by the list configuration: how its rows look (separators, backgrounds).
    var listAppearance: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) { self.group = group }

    /// A section of list rows as `configuration` describes them (UIKit's `list(using:layoutEnvironment:)`): one
    /// full-width row per item, each as tall as its cell needs (at least 44 points), with a supplementary header
    /// and footer if the configuration asks for them.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let item = NSCollectionLayoutItem(layoutSize: size)
        let group = NSCollectionLayoutGroup.vertical(layoutSize: size, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.listAppearance = configuration
        switch configuration.appearance {
        case .plain, .sidebarPlain: break
        case .grouped, .sidebar: section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 35, trailing: 0)
        case .insetGrouped: section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 35, trailing: 20)
        }
        let plain = configuration.appearance == .plain || configuration.appearance == .sidebarPlain
        if configuration.headerMode == .supplementary {
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(plain ? 28 : 38)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = plain
            section.boundarySupplementaryItems.append(header)
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(plain ? 28 : 38)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        return section
    }
}

/// How a list built with `UICollectionViewCompositionalLayout.list(using:)` looks (UIKit's
/// `UICollectionLayoutListConfiguration`).
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }
    public var appearance: Appearance
    public var showsSeparators = true
    /// The collection view's background (nil: the appearance's: white for plain lists, grouped grey otherwise).
    public var backgroundColor: UIColor?
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    public var headerTopPadding: CGFloat?
    /// The actions a row shows when swiped from the leading or the trailing edge (nil or no actions: none).
    public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?
    public var leadingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    public var trailingSwipeActionsConfigurationProvider: SwipeActionsConfigurationProvider?
    public init(appearance: Appearance) { self.appearance = appearance }

    /// The background the collection view gets.
    var resolvedBackgroundColor: UIColor {
        backgroundColor ?? (appearance == .plain || appearance == .sidebarPlain ? .systemBackground : .systemGroupedBackground)
    }
}

/// The layout-wide settings of a compositional layout.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayoutConfiguration: NSObject {
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    open var interSectionSpacing: CGFloat = 0
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    public override init() { super.init() }
}

/// A layout of sections made of groups of items (UIKit's `UICollectionViewCompositionalLayout`): one section for
/// all, or a section per section index from a provider that sees the container's size.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    public typealias SectionProvider = (Int, any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?
    private let provider: SectionProvider
    open var configuration: UICollectionViewCompositionalLayoutConfiguration { didSet { invalidateLayout() } }
    /// Set by `list(using:)`: the collection view takes the list's background.
    var listConfiguration: UICollectionLayoutListConfiguration?

    public init(section: NSCollectionLayoutSection) {
        provider = { _, _ in section }
        configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }
    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        provider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }
    public init(sectionProvider: @escaping SectionProvider) {
        provider = sectionProvider
        configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }
    public init(sectionProvider: @escaping SectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        provider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// A list: every section built by `NSCollectionLayoutSection.list(using:layoutEnvironment:)`.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
        layout.listConfiguration = configuration
        return layout
    }

    // MARK: Working it out

    /// What the last `prepare()` placed.
    private var cells: [[UICollectionViewLayoutAttributes]] = []
    private var supplementaries: [UICollectionViewLayoutAttributes] = []
    /// The pinned headers: each with the extent of its section along the scroll axis.
    private var pinned: [(UICollectionViewLayoutAttributes, ClosedRange<CGFloat>)] = []
    private var ordered = ElementsAlongAxis(vertical: true)
    private var contentSize: CGSize = .zero
    /// Whether any size was an estimate (the collection view then measures the cells it shows).
    private(set) var hasEstimates = false

    /// An orthogonal section's strip: the band its groups take (content coordinates, across the whole collection
    /// view), how long its content is across the collection view's scroll axis, and how it snaps.
    struct Strip: Equatable {
        var frame: CGRect
        /// Whether the strip scrolls sideways (the collection view scrolls vertically), else up and down.
        var sideways: Bool
        var contentLength: CGFloat
        var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
        /// A group's length across and the space after it; the leading inset before the first.
        var groupLength: CGFloat, spacing: CGFloat, leading: CGFloat
        /// The strip's visible length in the way it scrolls.
        var visibleLength: CGFloat { sideways ? frame.width : frame.height }
    }
    /// The strips of the orthogonal sections, by section (their cells' frames are in the strip's own content
    /// coordinates across the scroll axis, the collection view's content coordinates along it).
    private(set) var strips: [Int: Strip] = [:]

    open override var collectionViewContentSize: CGSize { contentSize }
    override var selfSizesCells: Bool { hasEstimates }

    /// Yes when the size changes (sections are laid out across it).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != (collectionView?.bounds.size ?? newBounds.size)
    }

    open override func prepare() {
        cells = []; supplementaries = []; pinned = []; hasEstimates = false; strips = [:]
        ordered = ElementsAlongAxis(vertical: configuration.scrollDirection == .vertical)
        guard let cv = collectionView else { contentSize = .zero; return }
        let vertical = configuration.scrollDirection == .vertical
        let insets = cv.adjustedContentInset
        let visible = CGSize(width: max(0, cv.bounds.width - insets.left - insets.right),
                             height: max(0, cv.bounds.height - insets.top - insets.bottom))
        let environment = LayoutEnvironment(container: LayoutContainer(contentSize: visible, contentInsets: .zero),
                                            traitCollection: cv.traitCollection)
        if let list = listConfiguration, cv.usesDefaultBackground {
            cv.backgroundColor = list.resolvedBackgroundColor
            cv.usesDefaultBackground = true // (still the layout's, not the app's)
        }
        /// A rectangle from positions along (`main`) and across (`cross`) the scroll axis.
        func rect(main: CGFloat, cross: CGFloat, mainSize: CGFloat, crossSize: CGFloat) -> CGRect {
            vertical ? CGRect(x: cross, y: main, width: crossSize, height: mainSize) : CGRect(x: main, y: cross, width: mainSize, height: crossSize)
        }
        var position: CGFloat = 0
        for s in 0..<cv.numberOfSections {
            if s > 0 { position += configuration.interSectionSpacing }
            guard let section = provider(s, environment) else { cells.append([]); continue }
            let count = cv.numberOfItems(inSection: s)
            let ci = section.contentInsets
            let (before, after, lead, trail) = vertical ? (ci.top, ci.bottom, ci.leading, ci.trailing) : (ci.leading, ci.trailing, ci.top, ci.bottom)
            let across = vertical ? visible.width : visible.height
            // The section's content area: what its groups' fractions are of.
            let area = vertical ? CGSize(width: max(0, across - lead - trail), height: visible.height)
                : CGSize(width: visible.width, height: max(0, across - lead - trail))
            let sectionStart = position
            var sectionCells: [UICollectionViewLayoutAttributes] = []
            var sectionSupplementaries: [UICollectionViewLayoutAttributes] = []
            /// A boundary item placed at `position` (taking its length when it extends the boundary).
            func boundary(_ b: NSCollectionLayoutBoundarySupplementaryItem) {
                let size = b.layoutSize.resolve(in: area)
                let measured = cv.measuredSupplementarySize(kind: b.elementKind, section: s)
                let estimated = vertical ? b.layoutSize.heightDimension.isEstimated : b.layoutSize.widthDimension.isEstimated
                if estimated { hasEstimates = true }
                var length = vertical ? size.height : size.width
                if estimated, let measured { length = vertical ? measured.height : measured.width }
                let a = makeAttributes(.supplementaryView, kind: b.elementKind, at: IndexPath(item: 0, section: s))
                a.frame = rect(main: position, cross: lead, mainSize: length, crossSize: vertical ? size.width : size.height)
                a.zIndex = b.zIndex
                a.estimatesSize = estimated
                if b.extendsBoundary { position += length }
                sectionSupplementaries.append(a)
                if b.pinToVisibleBounds { pinned.append((a, 0...0)) }
            }
            for b in section.boundarySupplementaryItems where b.alignment == .top || b.alignment == .topLeading || b.alignment == .topTrailing {
                boundary(b)
            }
            position += before
            // Groups along the axis until the items run out (the last group may be partly filled); an orthogonal
            // section's side by side, in its strip.
            var next = 0
            var firstGroup = true
            if section.orthogonalScrollingBehavior != .none {
                var cross = lead, thickest: CGFloat = 0
                let groupSize = section.group.layoutSize.resolve(in: area)
                let groupLength = vertical ? groupSize.width : groupSize.height
                while next < count {
                    if !firstGroup { cross += section.interGroupSpacing }
                    firstGroup = false
                    let thickness = place(section.group, in: area, origin: rect(main: position, cross: cross, mainSize: 0, crossSize: 0).origin,
                                          vertical: vertical, section: s, next: &next, count: count, into: &sectionCells)
                    cross += groupLength
                    thickest = max(thickest, thickness)
                }
                for a in sectionCells { a.stripSection = s }
                strips[s] = Strip(frame: rect(main: position, cross: 0, mainSize: thickest, crossSize: across), sideways: vertical,
                                  contentLength: cross + trail, behavior: section.orthogonalScrollingBehavior, groupLength: groupLength,
                                  spacing: section.interGroupSpacing, leading: lead)
                position += thickest
            }
            while next < count {
                if !firstGroup { position += section.interGroupSpacing }
                firstGroup = false
                let length = place(section.group, in: area, origin: vertical ? CGPoint(x: lead, y: position) : CGPoint(x: position, y: lead),
                                   vertical: vertical, section: s, isListRow: section.listAppearance != nil,
                                   next: &next, count: count, into: &sectionCells)
                position += length
            }
            position += after
            for b in section.boundarySupplementaryItems where b.alignment == .bottom || b.alignment == .bottomLeading || b.alignment == .bottomTrailing {
                boundary(b)
            }
            // Pinned headers stay within their section.
            for i in pinned.indices where pinned[i].1 == 0...0 && pinned[i].0.indexPath.section == s {
                pinned[i].1 = sectionStart...position
            }
            if let list = section.listAppearance { markListPositions(sectionCells, list) }
            cells.append(sectionCells)
            supplementaries.append(contentsOf: sectionSupplementaries)
        }
        contentSize = vertical ? CGSize(width: visible.width, height: position) : CGSize(width: position, height: visible.height)
        ordered = ElementsAlongAxis(vertical: vertical, ordered: (cells.flatMap { $0 } + supplementaries).sorted {
            vertical ? $0.frame.minY < $1.frame.minY : $0.frame.minX < $1.frame.minX
        })
    }

    /// Places `group` (and the items inside it) with its top-left at `origin` in a container of `container`, taking
    /// items from `next`; returns its length along the scroll axis (an estimated one: as tall as what it holds).
    private func place(_ group: NSCollectionLayoutGroup, in container: CGSize, origin: CGPoint, vertical: Bool, section: Int,
                       isListRow: Bool = false, next: inout Int, count: Int, into cells: inout [UICollectionViewLayoutAttributes]) -> CGFloat {
        guard let cv = collectionView else { return 0 }
        var size = group.layoutSize.resolve(in: container)
        let horizontal = group.axis == .horizontal
        let spacing = group.interItemSpacing
        let gap = spacing?.spacing ?? 0
        // A group given its subitems repeats them while they fit along it (a third-wide item makes rows of three);
        // a group whose length is an estimate takes them once.
        var items = group.placedItems
        let lengthEstimated = horizontal ? group.layoutSize.widthDimension.isEstimated : group.layoutSize.heightDimension.isEstimated
        if group.repeatCount == nil && !lengthEstimated {
            let groupLength = horizontal ? size.width : size.height
            func length(_ item: NSCollectionLayoutItem) -> CGFloat {
                let s = item.layoutSize.resolve(in: size)
                return horizontal ? s.width : s.height
            }
            var used = items.reduce(0) { $0 + length($1) } + gap * CGFloat(max(0, items.count - 1))
            var k = 0
            while used > 0, items.count < 10_000 {
                let candidate = group.subitems[k % group.subitems.count]
                let l = length(candidate)
                guard l > 0, used + gap + l <= groupLength + 0.001 else { break }
                items.append(candidate)
                used += gap + l
                k += 1
            }
        }
        // Each item's size in the group; a repeated item shares the group's length equally.
        var sizes = items.map { $0.layoutSize.resolve(in: size) }
        if let n = group.repeatCount {
            let share = ((horizontal ? size.width : size.height) - gap * CGFloat(n - 1)) / CGFloat(n)
            for i in sizes.indices { if horizontal { sizes[i].width = share } else { sizes[i].height = share } }
        }
        var along: CGFloat = 0 // the running position inside the group along its own axis
        var extent: CGFloat = 0 // the largest size across it (for an estimated group size)
        var placedFrames: [(UICollectionViewLayoutAttributes?, CGRect)] = []
        let total = sizes.reduce(0) { $0 + (horizontal ? $1.width : $1.height) } + gap * CGFloat(max(0, items.count - 1))
        let extra = spacing?.isFlexibleSpacing == true && items.count > 1
            ? max(0, ((horizontal ? size.width : size.height) - total) / CGFloat(items.count - 1)) : 0
        for (k, item) in items.enumerated() {
            guard next < count else { break }
            var itemSize = sizes[k]
            let origin2 = horizontal ? CGPoint(x: origin.x + along, y: origin.y) : CGPoint(x: origin.x, y: origin.y + along)
            if let inner = item as? NSCollectionLayoutGroup {
                let length = place(inner, in: size, origin: origin2, vertical: vertical, section: section, isListRow: isListRow,
                                   next: &next, count: count, into: &cells)
                if inner.layoutSize.heightDimension.isEstimated && vertical { itemSize.height = length }
                if inner.layoutSize.widthDimension.isEstimated && !vertical { itemSize.width = length }
                placedFrames.append((nil, CGRect(origin: origin2, size: itemSize)))
            } else {
                let ip = IndexPath(item: next, section: section)
                next += 1
                let estimated = vertical ? item.layoutSize.heightDimension.isEstimated : item.layoutSize.widthDimension.isEstimated
                if estimated {
                    hasEstimates = true
                    if let measured = cv.measuredSize(at: ip) {
                        if vertical { itemSize.height = measured.height } else { itemSize.width = measured.width }
                    }
                    // A list row is at least 44 points tall, as UIKit's are.
                    if isListRow, vertical { itemSize.height = max(44, itemSize.height) }
                }
                let a = makeAttributes(at: ip)
                let box = CGRect(origin: origin2, size: itemSize)
                let i = item.contentInsets
                a.frame = CGRect(x: box.minX + i.leading, y: box.minY + i.top,
                                 width: max(0, box.width - i.leading - i.trailing), height: max(0, box.height - i.top - i.bottom))
                a.estimatesSize = estimated
                cells.append(a)
                placedFrames.append((a, box))
            }
            along += (horizontal ? itemSize.width : itemSize.height) + gap + extra
            extent = max(extent, horizontal ? itemSize.height : itemSize.width)
        }
        // An estimated group is as long as what it holds: the items' extent across a horizontal group, their
        // total along a vertical one.
        if vertical && group.layoutSize.heightDimension.isEstimated {
            size.height = horizontal ? extent : max(0, along - gap - extra)
        } else if !vertical && group.layoutSize.widthDimension.isEstimated {
            size.width = horizontal ? max(0, along - gap - extra) : extent
        }
        return vertical ? size.height : size.width
    }

    /// Tells a list's cells where they are in their section (first, last) and how the list looks.
    private func markListPositions(_ cells: [UICollectionViewLayoutAttributes], _ list: UICollectionLayoutListConfiguration) {
        for (i, a) in cells.enumerated() {
            a.listAppearance = list
            a.listPosition = (i == 0, i == cells.count - 1, i == 0 && list.headerMode == .firstItemInSection)
        }
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let vertical = configuration.scrollDirection == .vertical
        let lo = vertical ? rect.minY : rect.minX, hi = vertical ? rect.maxY : rect.maxX
        var result = ordered.candidates(from: lo, to: hi).filter { a in
            let f = a.frame
            guard a.stripSection >= 0, let strip = strips[a.stripSection] else { return f.intersects(rect) }
            // Across, where its strip is scrolled to.
            let offset = collectionView?.stripOffset(a.stripSection) ?? 0
            return vertical
                ? f.minY < rect.maxY && f.maxY > rect.minY && f.maxX > offset && f.minX < offset + strip.visibleLength
                : f.minX < rect.maxX && f.maxX > rect.minX && f.maxY > offset && f.minY < offset + strip.visibleLength
        }
        if vertical, let cv = collectionView {
            // A pinned header stays at the top of the visible area while its section is under it.
            for (header, extent) in pinned where header.frame.minY < hi && extent.upperBound > lo {
                result.removeAll { $0 === header }
                result.append(pinnedHeader(header, sectionEnd: extent.upperBound, in: cv))
            }
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard cells.indices.contains(indexPath.section), cells[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return cells[indexPath.section][indexPath.item]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        supplementaries.first { $0.representedElementKind == elementKind && $0.indexPath.section == indexPath.section }
    }
}
