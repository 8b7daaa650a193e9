// Custom UICollectionViewLayout subclasses as pager, calendar and timeline libraries write them: attributes of their
// own class (copied and compared), invalidation contexts of their own, decoration views, supplementary views of
// custom kinds at item index paths, the layout's say where a drag comes to rest, and bounds changes announced.
import Testing
import Foundation
@testable import UIKit

/// Attributes with a value of their own, as a carousel's are.
final class CarouselAttributes: UICollectionViewLayoutAttributes {
    var scale: CGFloat = 1

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CarouselAttributes
        copy.scale = scale
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CarouselAttributes, MainActor.assumeIsolated({ other.scale == scale }) else { return false }
        return super.isEqual(object)
    }
}

final class CarouselContext: UICollectionViewLayoutInvalidationContext {
    var scrolledOnly = false
}

/// Pages across, 200 points wide; a grey band behind each section (a decoration) and a badge over each item (a
/// supplementary view of its own kind); re-laid out on every scroll, telling its context it was only a scroll.
final class CarouselLayout: UICollectionViewLayout {
    static let badge = "badge", band = "band"
    var attributes: [UICollectionViewLayoutAttributes] = []
    var prepareCount = 0
    var contexts: [UICollectionViewLayoutInvalidationContext] = []
    var animatedBoundsChanges: [String] = []

    override class var layoutAttributesClass: AnyClass { CarouselAttributes.self }
    override class var invalidationContextClass: AnyClass { CarouselContext.self }

    override init() {
        super.init()
        register(BandView.self, forDecorationViewOfKind: Self.band)
    }

    override func prepare() {
        super.prepare()
        prepareCount += 1
        guard let cv = collectionView else { return }
        attributes = []
        let count = cv.numberOfItems(inSection: 0)
        let band = UICollectionViewLayoutAttributes(forDecorationViewOfKind: Self.band, with: IndexPath(item: 0, section: 0))
        band.frame = CGRect(x: 0, y: 40, width: CGFloat(count) * 200, height: 120)
        band.zIndex = -1
        attributes.append(band)
        for i in 0..<count {
            let ip = IndexPath(item: i, section: 0)
            let a = CarouselAttributes(forCellWith: ip)
            a.frame = CGRect(x: CGFloat(i) * 200 + 20, y: 50, width: 160, height: 100)
            // Smaller the further from the middle of what is shown.
            let distance = abs(a.frame.midX - cv.bounds.midX)
            a.scale = max(0.5, 1 - distance / 1000)
            attributes.append(a)
            let badge = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: Self.badge, with: ip)
            badge.frame = CGRect(x: CGFloat(i) * 200 + 160, y: 40, width: 30, height: 20)
            badge.zIndex = 1
            attributes.append(badge)
        }
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: CGFloat(collectionView?.numberOfItems(inSection: 0) ?? 0) * 200, height: collectionView?.bounds.height ?? 0)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        attributes.filter { $0.frame.intersects(rect) }.map { $0.copy() as! UICollectionViewLayoutAttributes }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes.first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds) as! CarouselContext
        context.scrolledOnly = newBounds.size == collectionView?.bounds.size
        return context
    }

    override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        contexts.append(context)
        super.invalidateLayout(with: context)
    }

    /// Snaps to the page nearest to where the glide would end.
    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        CGPoint(x: (proposedContentOffset.x / 200).rounded() * 200, y: proposedContentOffset.y)
    }

    override func prepare(forAnimatedBoundsChange oldBounds: CGRect) {
        super.prepare(forAnimatedBoundsChange: oldBounds)
        animatedBoundsChanges.append("prepare from \(Int(oldBounds.width))")
    }

    override func finalizeAnimatedBoundsChange() {
        super.finalizeAnimatedBoundsChange()
        animatedBoundsChanges.append("finalize at \(Int(collectionView?.bounds.width ?? 0))")
    }
}

final class BandView: UICollectionReusableView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .lightGray
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

final class CarouselCell: UICollectionViewCell {
    var appliedScale: CGFloat?
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        appliedScale = (layoutAttributes as? CarouselAttributes)?.scale
    }
}

final class CarouselSource: NSObject, UICollectionViewDataSource {
    var count = 6
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let badge = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "badge", for: indexPath)
        badge.tag = indexPath.item
        return badge
    }
}

@MainActor @Suite struct CustomCollectionLayoutTests {
    let window: UIWindow
    let layout = CarouselLayout()
    let source = CarouselSource()
    let carousel: UICollectionView

    init() {
        freshApp()
        window = shownWindow()
        carousel = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: layout)
        carousel.register(CarouselCell.self, forCellWithReuseIdentifier: "card")
        carousel.register(UICollectionReusableView.self, forSupplementaryViewOfKind: CarouselLayout.badge, withReuseIdentifier: "badge")
        carousel.dataSource = source
        window.addSubview(carousel)
        endTurn()
    }

    @Test func attributesOfTheLayoutsOwnClassReachTheCellsAndCopyWithTheirValues() throws {
        let cell = try #require(carousel.cellForItem(at: IndexPath(item: 0, section: 0)) as? CarouselCell)
        let scale = try #require(cell.appliedScale)
        #expect(scale < 1 && scale > 0.8)
        let a = CarouselAttributes(forCellWith: IndexPath(item: 3, section: 1))
        a.scale = 0.7
        a.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        let copy = try #require(a.copy() as? CarouselAttributes)
        #expect(copy.scale == 0.7 && copy.frame == a.frame && copy.indexPath == a.indexPath)
        #expect(copy.isEqual(a))
        copy.scale = 0.8
        #expect(!copy.isEqual(a))
    }

    @Test func decorationViewsAreMadeFromTheRegisteredClassBehindTheCells() throws {
        let bands = carousel.subviews.compactMap { $0 as? BandView }
        #expect(bands.count == 1)
        let band = try #require(bands.first)
        #expect(band.frame == CGRect(x: 0, y: 40, width: 1200, height: 120))
        let cell = try #require(carousel.cellForItem(at: IndexPath(item: 0, section: 0)))
        #expect(carousel.subviews.firstIndex(of: band)! < carousel.subviews.firstIndex(of: cell)!)
    }

    @Test func supplementaryViewsOfACustomKindSitAtEachItem() throws {
        carousel.contentOffset = CGPoint(x: 100, y: 0)
        endTurn()
        let shown = carousel.indexPathsForVisibleSupplementaryElements(ofKind: CarouselLayout.badge)
        #expect(shown == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        let second = try #require(carousel.supplementaryView(forElementKind: CarouselLayout.badge, at: IndexPath(item: 1, section: 0)))
        #expect(second.tag == 1 && second.frame.minX == 360)
        // Above the cells (zIndex 1).
        let cell = try #require(carousel.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(carousel.subviews.firstIndex(of: second)! > carousel.subviews.firstIndex(of: cell)!)
    }

    @Test func everyScrollAsksTheLayoutAndHandsItsOwnContext() throws {
        let before = layout.prepareCount
        layout.contexts.removeAll()
        carousel.contentOffset = CGPoint(x: 100, y: 0)
        endTurn()
        let context = try #require(layout.contexts.last as? CarouselContext)
        #expect(context.scrolledOnly && !context.invalidateEverything)
        #expect(layout.prepareCount == before + 1)
        // Moved under the middle now, the second card is drawn larger than the first.
        let first = try #require(carousel.cellForItem(at: IndexPath(item: 0, section: 0)) as? CarouselCell)
        let second = try #require(carousel.cellForItem(at: IndexPath(item: 1, section: 0)) as? CarouselCell)
        #expect(second.appliedScale! > first.appliedScale!)
        // A reload says everything changed, counts included; `invalidateLayout()` says everything.
        carousel.reloadData()
        let reload = try #require(layout.contexts.last)
        #expect(reload.invalidateEverything && reload.invalidateDataSourceCounts && reload is CarouselContext)
        layout.invalidateLayout()
        #expect(layout.contexts.last?.invalidateEverything == true && layout.contexts.last?.invalidateDataSourceCounts == false)
    }

    @Test func aDragComesToRestWhereTheLayoutSays() {
        let fingers = Fingers()
        // A short flick left: the glide would stop between pages; the layout snaps it to one.
        fingers.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 170, y: 100), steps: 8)
        frames(4)
        #expect(carousel.contentOffset.x.truncatingRemainder(dividingBy: 200) == 0)
        #expect(carousel.contentOffset.x > 0)
    }

    @Test func anAnimatedResizeIsAnnouncedToTheLayout() {
        UIView.animate(withDuration: 0.3) {
            carousel.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        }
        endTurn()
        #expect(layout.animatedBoundsChanges == ["prepare from 320", "finalize at 300"])
        // Not for a change outside an animation.
        carousel.bounds = CGRect(x: 0, y: 0, width: 280, height: 200)
        endTurn()
        #expect(layout.animatedBoundsChanges.count == 2)
    }

    @Test func aDecorationKindWithoutAClassIsLeftOutAndLogged() {
        let orphan = OrphanDecorationLayout()
        carousel.collectionViewLayout = orphan
        endTurn()
        #expect(carousel.visibleCells.count == 1)
    }
}

/// Places a decoration of a kind it never registered (UIKit raises; a panel logs and goes on).
final class OrphanDecorationLayout: UICollectionViewLayout {
    override var collectionViewContentSize: CGSize { CGSize(width: 100, height: 100) }
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let d = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "unregistered", with: IndexPath(item: 0, section: 0))
        d.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let c = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
        c.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        return [d, c]
    }
}
