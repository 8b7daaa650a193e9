import CoreGraphics
import Foundation

/// The delegate of a scroll view's own recognizers: its pinch and its pan recognize together (two fingers zoom and
/// move the content at once), as on iOS. (A separate object, so that subclasses' own delegate methods stay theirs.)
@MainActor
final class ScrollGestureArbiter: UIGestureRecognizerDelegate {
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let scrollView = gestureRecognizer.view as? UIScrollView, otherGestureRecognizer.view === scrollView else { return false }
        let mine: [UIGestureRecognizer?] = [scrollView.panGestureRecognizer, scrollView.pinchGestureRecognizer]
        return mine.contains { $0 === gestureRecognizer } && mine.contains { $0 === otherGestureRecognizer }
    }
}

extension UIScrollView {
    /// The view the delegate scales.
    var zoomView: UIView? { delegate?.viewForZooming(in: self) }

    /// Zooming is on when the limits leave room: the pinch recognizer comes and goes with it.
    func zoomLimitsChanged() {
        let zooms = maximumZoomScale > minimumZoomScale
        if zooms, pinchGestureRecognizer == nil {
            let pinch = UIPinchGestureRecognizer(target: self, action: UIScrollView.handlePinch)
            pinch.delegate = gestureArbiter
            addGestureRecognizer(pinch)
            pinchGestureRecognizer = pinch
        } else if !zooms, let pinch = pinchGestureRecognizer {
            removeGestureRecognizer(pinch)
            pinchGestureRecognizer = nil
        }
    }

    /// `setZoomScale(_:animated:)`.
    func changeZoomScale(_ scale: CGFloat, animated: Bool) {
        guard zoomView != nil else { storedZoomScale = scale; return }
        let s = min(max(scale, minimumZoomScale), maximumZoomScale)
        let b = bounds
        let anchor = CGPoint(x: b.midX, y: b.midY)
        let change = { self.applyZoom(s, anchor: anchor, clampOffset: true) }
        if animated { UIView.animate(withDuration: 0.3, animations: change) } else { change() }
    }

    /// `zoom(to:animated:)`.
    func zoomContent(to rect: CGRect, animated: Bool) {
        guard zoomView != nil, rect.width > 0, rect.height > 0 else { return }
        let b = bounds
        let s = min(max(min(b.width / rect.width, b.height / rect.height), minimumZoomScale), maximumZoomScale)
        let change = {
            self.applyZoom(s, anchor: CGPoint(x: b.midX, y: b.midY), clampOffset: false)
            let target = CGPoint(x: rect.midX * s - b.width / 2, y: rect.midY * s - b.height / 2)
            let lo = self.minimumOffset, hi = self.maximumOffset
            self.setOffset(CGPoint(x: min(max(target.x, lo.x), hi.x), y: min(max(target.y, lo.y), hi.y)), notify: true)
        }
        if animated { UIView.animate(withDuration: 0.3, animations: change) } else { change() }
    }

    /// Scales the zoom view to `scale` (its frame's origin at the content's), sets the content size to its frame's,
    /// and moves the offset so that the content under `anchor` (a point in the scroll view's bounds) stays there.
    func applyZoom(_ scale: CGFloat, anchor: CGPoint, clampOffset: Bool) {
        guard let view = zoomView else { return }
        let old = storedZoomScale
        let onScreen = CGPoint(x: anchor.x - contentOffset.x, y: anchor.y - contentOffset.y)
        let unscaled = CGPoint(x: anchor.x / old, y: anchor.y / old)
        storedZoomScale = scale
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        view.center = CGPoint(x: size.width / 2, y: size.height / 2)
        contentSize = size
        var offset = CGPoint(x: unscaled.x * scale - onScreen.x, y: unscaled.y * scale - onScreen.y)
        if clampOffset {
            let lo = minimumOffset, hi = maximumOffset
            offset = CGPoint(x: min(max(offset.x, lo.x), hi.x), y: min(max(offset.y, lo.y), hi.y))
        }
        setOffset(offset, notify: true)
        delegate?.scrollViewDidZoom(self)
    }

    private static var pinchStartScale: [ObjectIdentifier: CGFloat] = [:]

    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = zoomView else { return }
        let key = ObjectIdentifier(self)
        switch pinch.state {
        case .began:
            stopMotion(notify: false)
            isZooming = true
            Self.pinchStartScale[key] = storedZoomScale
            delegate?.scrollViewWillBeginZooming(self, with: view)
        case .changed:
            let wanted = (Self.pinchStartScale[key] ?? storedZoomScale) * pinch.scale
            applyZoom(bounded(wanted), anchor: pinch.location(in: self), clampOffset: false)
        case .ended, .cancelled:
            Self.pinchStartScale[key] = nil
            isZooming = false
            let settled = min(max(storedZoomScale, minimumZoomScale), maximumZoomScale)
            let anchor = pinch.location(in: self)
            let finish = { [weak self] in
                guard let self else { return }
                self.isZoomBouncing = false
                self.delegate?.scrollViewDidEndZooming(self, with: self.zoomView, atScale: self.storedZoomScale)
            }
            if settled != storedZoomScale {
                // Back inside the limits, about the fingers' last place.
                isZoomBouncing = true
                UIView.animate(withDuration: 0.3, animations: { self.applyZoom(settled, anchor: anchor, clampOffset: true) },
                               completion: { _ in finish() })
            } else {
                let lo = minimumOffset, hi = maximumOffset, o = contentOffset
                let inside = CGPoint(x: min(max(o.x, lo.x), hi.x), y: min(max(o.y, lo.y), hi.y))
                if inside != o { setContentOffset(inside, animated: true) }
                finish()
            }
        default:
            break
        }
    }

    /// A pinch's scale past the limits: held at them without `bouncesZoom`, else resisting more the further it goes.
    private func bounded(_ scale: CGFloat) -> CGFloat {
        let lo = minimumZoomScale, hi = maximumZoomScale
        guard scale < lo || scale > hi else { return scale }
        guard bouncesZoom else { return min(max(scale, lo), hi) }
        // Half the ratio past the limit, on a log scale: twice the limit shows as √2 of it.
        return scale > hi ? hi * (scale / hi).squareRoot() : lo * (scale / lo).squareRoot()
    }
}
