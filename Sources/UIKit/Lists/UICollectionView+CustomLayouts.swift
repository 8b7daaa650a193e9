import CoreGraphics
import Foundation
import Logging

// What custom layouts (pagers, calendars, timelines) rely on beyond cells: decoration views the layout registers and
// places, supplementary views of any kind at any index path, and the layout's say in bounds changes.
extension UICollectionView {
    /// Shows the decoration views the layout placed in the visible rectangle: views of the classes it registered,
    /// made once and reused by kind, behind the cells unless their `zIndex` is above 0.
    func showDecorations(_ wanted: [ElementKey: UICollectionViewLayoutAttributes]) {
        for (key, view) in visibleDecorations where wanted[key] == nil {
            visibleDecorations[key] = nil
            view.isHidden = true
            decorationQueues[key.kind, default: []].append(view)
        }
        for (key, a) in wanted {
            let view: UICollectionReusableView
            if let shown = visibleDecorations[key] {
                view = shown
            } else if let kept = decorationQueues[key.kind]?.popLast() {
                view = kept
                view.prepareForReuse()
                view.isHidden = false
                visibleDecorations[key] = view
            } else {
                guard let cls = collectionViewLayout.decorationClasses[key.kind] else {
                    // UIKit raises an exception here; a panel logs it (once per kind) and goes on without the view.
                    if Self.unregisteredKinds.insert(key.kind).inserted {
                        Self.log.error("UICollectionView: the layout placed a decoration view of kind \(key.kind) but registered no class for it")
                    }
                    continue
                }
                view = cls.init(registeredWithReuseIdentifier: nil)
                insertSubview(view, at: backIndex)
                backDecorations.insert(ObjectIdentifier(view))
                visibleDecorations[key] = view
            }
            place(view, a)
            if a.zIndex > 0, subviews.last !== view {
                bringSubviewToFront(view)
                backDecorations.remove(ObjectIdentifier(view))
            }
        }
    }

    /// Where cells and decoration views go in the subviews: above the background view and the decoration views
    /// behind the cells.
    var backIndex: Int {
        guard backgroundView != nil || !backDecorations.isEmpty else { return 0 }
        let last = subviews.lastIndex { $0 === backgroundView || backDecorations.contains(ObjectIdentifier($0)) }
        return last.map { $0 + 1 } ?? 0
    }

    private static let log = Logger(label: "vitrine.collectionview")
    private static var unregisteredKinds: Set<String> = []

    /// Puts `view` where `a` says, as it looks there, and hands it the attributes.
    private func place(_ view: UICollectionReusableView, _ a: UICollectionViewLayoutAttributes) {
        if view.transform != .identity { view.transform = .identity }
        if view.frame != a.frame { view.frame = a.frame }
        if a.transform != .identity { view.transform = a.transform }
        if view.alpha != a.alpha { view.alpha = a.alpha }
        if view.isHidden != a.isHidden { view.isHidden = a.isHidden }
        view.apply(a)
    }

    /// Tells the layout the bounds are about to change (see `bounds`).
    func boundsWillChange(to newBounds: CGRect, from old: CGRect) {
        let layout = collectionViewLayout
        if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
            layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
        }
        if newBounds.size != old.size, UIView.inheritedAnimationDuration > 0 {
            layout.prepare(forAnimatedBoundsChange: old)
            finalizesAnimatedBoundsChange = true
        }
    }

    /// The behaviour of the overridable member of the same name (declared in UICollectionView.swift).
    func baseSupplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        layoutIfNeeded()
        return visibleSupplementaries[ElementKey(kind: elementKind, indexPath: indexPath)]
    }

    /// The behaviour of the overridable member of the same name (declared in UICollectionView.swift).
    func baseVisibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        indexPathsForVisibleSupplementaryElements(ofKind: elementKind).compactMap {
            visibleSupplementaries[ElementKey(kind: elementKind, indexPath: $0)]
        }
    }

    /// The behaviour of the overridable member of the same name (declared in UICollectionView.swift).
    func baseIndexPathsForVisibleSupplementaryElements(ofKind elementKind: String) -> [IndexPath] {
        layoutIfNeeded()
        return visibleSupplementaries.keys.filter { $0.kind == elementKind }.map(\.indexPath).sorted()
    }
}
