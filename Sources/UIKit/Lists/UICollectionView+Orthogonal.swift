import Foundation

/// The scroll view of an orthogonal section (UIKit keeps one per such section too): it holds the section's cells,
/// scrolls across the collection view's axis (sideways in a vertical layout, up and down in a horizontal one), tells
/// its collection view to show the cells it scrolls in, and snaps to pages or groups as the section's behaviour asks.
@MainActor
final class OrthogonalScroller: UIScrollView, UIScrollViewDelegate {
    weak var owner: UICollectionView?
    var strip: UICollectionViewCompositionalLayout.Strip

    init(strip: UICollectionViewCompositionalLayout.Strip, owner: UICollectionView) {
        self.strip = strip
        self.owner = owner
        super.init(frame: strip.frame)
        showsHorizontalScrollIndicator = false
        showsVerticalScrollIndicator = false
        backgroundColor = nil
        isOpaque = false
        delegate = self
        apply(strip)
    }
    required init?(coder: NSCoder) { nil }

    func apply(_ strip: UICollectionViewCompositionalLayout.Strip) {
        self.strip = strip
        if frame != strip.frame { frame = strip.frame }
        let size = strip.sideways ? CGSize(width: strip.contentLength, height: strip.frame.height)
            : CGSize(width: strip.frame.width, height: strip.contentLength)
        if contentSize != size { contentSize = size }
        alwaysBounceHorizontal = strip.sideways
        alwaysBounceVertical = !strip.sideways
        isPagingEnabled = strip.behavior == .paging
        decelerationRate = strip.behavior == .continuous ? .normal : .fast
    }

    /// How far the strip is scrolled the way it scrolls.
    var offsetAcross: CGFloat { strip.sideways ? contentOffset.x : contentOffset.y }

    /// The group at the leading edge (or in the middle) when the drag began: a group-paging swipe moves one from it.
    private var dragStartIndex: CGFloat = 0
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { dragStartIndex = groupIndex(at: offsetAcross).rounded() }

    /// Which group (fractional) is at the leading inset — or in the middle, when centring — at offset `offset`.
    private func groupIndex(at offset: CGFloat) -> CGFloat {
        let stride = max(1, strip.groupLength + strip.spacing)
        return strip.behavior == .groupPagingCentered
            ? (offset + strip.visibleLength / 2 - strip.leading - strip.groupLength / 2) / stride : offset / stride
    }

    override func scrollViewDidScroll() {
        super.scrollViewDidScroll()
        owner?.layoutItems()
    }

    /// Group by group: the glide ends with a group at the leading inset (or centred); `.groupPaging` and
    /// `.groupPagingCentered` move at most one group per swipe.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        let stride = strip.groupLength + strip.spacing
        guard stride > 0 else { return }
        let centred = strip.behavior == .groupPagingCentered
        // The offset that puts group i at the leading inset (or in the middle).
        func offset(_ i: CGFloat) -> CGFloat {
            centred ? strip.leading + i * stride + strip.groupLength / 2 - strip.visibleLength / 2 : i * stride
        }
        let speed = strip.sideways ? velocity.x : velocity.y
        let target = strip.sideways ? targetContentOffset.pointee.x : targetContentOffset.pointee.y
        var i: CGFloat
        switch strip.behavior {
        case .groupPaging, .groupPagingCentered:
            let start = dragStartIndex
            i = speed > 0.2 ? start + 1 : speed < -0.2 ? start - 1 : groupIndex(at: offsetAcross).rounded()
            i = min(max(i, start - 1), start + 1)
        case .continuousGroupLeadingBoundary:
            i = groupIndex(at: target).rounded()
        default:
            return
        }
        let last = max(0, strip.contentLength - strip.visibleLength)
        let snapped = min(max(offset(max(0, i)), 0), last)
        if strip.sideways { targetContentOffset.pointee.x = snapped } else { targetContentOffset.pointee.y = snapped }
    }
}

extension UICollectionView {
    /// How far an orthogonal section's strip is scrolled the way it scrolls.
    func stripOffset(_ section: Int) -> CGFloat { orthogonalScrollers[section]?.offsetAcross ?? 0 }

    /// Makes, moves and removes the strips' scroll views to match the layout's orthogonal sections.
    func syncOrthogonalScrollers() {
        let strips = (collectionViewLayout as? UICollectionViewCompositionalLayout)?.strips ?? [:]
        for (s, scroller) in orthogonalScrollers where strips[s] == nil {
            scroller.removeFromSuperview()
            orthogonalScrollers[s] = nil
        }
        for (s, strip) in strips {
            if let scroller = orthogonalScrollers[s] {
                if scroller.strip != strip { scroller.apply(strip) }
            } else {
                let scroller = OrthogonalScroller(strip: strip, owner: self)
                insertSubview(scroller, at: backgroundView == nil ? 0 : 1)
                orthogonalScrollers[s] = scroller
            }
        }
    }

    /// The view a cell with `attributes` goes in, and its frame there.
    func placement(for attributes: UICollectionViewLayoutAttributes) -> (UIView, CGRect) {
        guard attributes.stripSection >= 0, let scroller = orthogonalScrollers[attributes.stripSection] else { return (self, attributes.frame) }
        return (scroller, scroller.strip.sideways ? attributes.frame.offsetBy(dx: 0, dy: -scroller.frame.minY)
                                                  : attributes.frame.offsetBy(dx: -scroller.frame.minX, dy: 0))
    }
}
