// Pieces of the kind pager, progress and activity-indicator libraries ship, in Swift 5 mode: a custom collection
// layout with attributes of its own, a spinner whose layer is a replicator, and a caption drawn by a text layer.
import UIKit

/// Attributes carrying how far a page is from the middle.
public final class PageAttributes: UICollectionViewLayoutAttributes {
    public var distance: CGFloat = 0

    public override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! PageAttributes
        copy.distance = distance
        return copy
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? PageAttributes, other.distance == distance else { return false }
        return super.isEqual(object)
    }
}

/// Full-width pages side by side, snapping to a page when a drag ends.
open class PagerLayout: UICollectionViewLayout {
    private var cache: [PageAttributes] = []
    public private(set) var preparedCount = 0

    open override class var layoutAttributesClass: AnyClass { PageAttributes.self }

    open override func prepare() {
        super.prepare()
        preparedCount += 1
        guard let collectionView = collectionView else { return }
        let size = collectionView.bounds.size
        cache = (0..<collectionView.numberOfItems(inSection: 0)).map { item in
            let attributes = PageAttributes(forCellWith: IndexPath(item: item, section: 0))
            attributes.frame = CGRect(x: CGFloat(item) * size.width, y: 0, width: size.width, height: size.height)
            attributes.distance = abs(attributes.frame.midX - collectionView.bounds.midX) / max(size.width, 1)
            return attributes
        }
    }

    open override var collectionViewContentSize: CGSize {
        guard let collectionView = collectionView else { return .zero }
        return CGSize(width: CGFloat(cache.count) * collectionView.bounds.width, height: collectionView.bounds.height)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        cache.filter { $0.frame.intersects(rect) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                           withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard let width = collectionView?.bounds.width, width > 0 else { return proposedContentOffset }
        return CGPoint(x: (proposedContentOffset.x / width).rounded() * width, y: proposedContentOffset.y)
    }
}

/// An activity indicator: eight dots round a circle, each fading a little after the one before.
open class DotsSpinner: UIView {
    open override class var layerClass: AnyClass { CAReplicatorLayer.self }
    public let dot = CALayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        let replicator = layer as! CAReplicatorLayer
        dot.frame = CGRect(x: frame.width / 2 - 3, y: 0, width: 6, height: 6)
        dot.cornerRadius = 3
        dot.backgroundColor = UIColor.darkGray.cgColor
        replicator.addSublayer(dot)
        replicator.instanceCount = 8
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 8
        backgroundColor = .clear
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    open func startAnimating() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.2
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
    }
}

/// A caption drawn by a text layer, sharp at the screen's scale.
public func makeCaptionLayer(_ text: String) -> CATextLayer {
    let caption = CATextLayer()
    caption.string = text
    caption.font = UIFont.boldSystemFont(ofSize: 12)
    caption.fontSize = 16
    caption.foregroundColor = UIColor.black.cgColor
    caption.alignmentMode = .center
    caption.contentsScale = UIScreen.main.scale
    caption.frame = CGRect(x: 0, y: 0, width: 200, height: 24)
    return caption
}

/// A stack view and a controller overriding members UIKit declares on every view and controller: lookup,
/// conversion, the constraint update pass, traits and the containers.
open class InstrumentedStackView: UIStackView {
    public private(set) var updateRequests = 0
    public var tagAlias: (tag: Int, view: UIView)?

    open override func setNeedsUpdateConstraints() { updateRequests += 1; super.setNeedsUpdateConstraints() }
    open override func viewWithTag(_ tag: Int) -> UIView? {
        if let alias = tagAlias, alias.tag == tag { return alias.view }
        return super.viewWithTag(tag)
    }
    open override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let p = super.convert(point, to: view)
        return CGPoint(x: p.x.rounded(), y: p.y.rounded())
    }
    open override func isDescendant(of view: UIView) -> Bool { super.isDescendant(of: view) }
    open override var traitCollection: UITraitCollection {
        UITraitCollection(traitsFrom: [super.traitCollection, UITraitCollection(userInterfaceStyle: .dark)])
    }
}

open class EmbeddedViewController: UIViewController {
    public weak var hostNavigation: UINavigationController?
    open override var navigationController: UINavigationController? { hostNavigation ?? super.navigationController }
}
