import CoreGraphics
import Foundation

/// A scroll view's two indicators, as iOS draws them: thin rounded bars inside the scroll view's edges whose length
/// is the visible share of the content (shorter still while the content is pulled past an edge), shown while the
/// content moves and faded out a moment after it stops. They are subviews of the scroll view (made when first
/// shown, kept in front), as on iOS.
@MainActor
final class ScrollIndicators {
    static let thickness: CGFloat = 3
    static let inset: CGFloat = 3
    static let minimumLength: CGFloat = 36
    /// How long they stay after the content stops, and the fade.
    static let linger: Double = 0.5
    static let fade: Double = 0.3

    private(set) var vertical: UIView?
    private(set) var horizontal: UIView?
    private var shown = false
    /// Counts the requests to hide, so a hide scheduled before the content moved again does nothing.
    private var generation = 0

    private func makeBar(in scrollView: UIScrollView) -> UIView {
        let bar = UIView()
        bar.isUserInteractionEnabled = false
        bar.layer.cornerRadius = Self.thickness / 2
        bar.isOpaque = false // (it fades, and its corners are round)
        bar.alpha = 0
        bar.backgroundColor = color(scrollView.indicatorStyle)
        scrollView.addSubview(bar)
        return bar
    }

    private func color(_ style: UIScrollView.IndicatorStyle) -> UIColor {
        switch style {
        case .default, .black: return UIColor(white: 0, alpha: 0.35)
        case .white: return UIColor(white: 1, alpha: 0.35)
        }
    }

    func restyle(_ scrollView: UIScrollView) {
        for bar in [vertical, horizontal].compactMap({ $0 }) { bar.backgroundColor = color(scrollView.indicatorStyle) }
    }

    /// Shows the indicators of the axes that scroll (while a drag, glide or animation moves the content).
    func show(in scrollView: UIScrollView) {
        generation += 1
        let wantsVertical = scrollView.showsVerticalScrollIndicator && scrollView.contentSize.height > 0
            && scrollView.scrollsVertically
        let wantsHorizontal = scrollView.showsHorizontalScrollIndicator && scrollView.contentSize.width > 0
            && scrollView.scrollsHorizontally
        if wantsVertical, vertical == nil { vertical = makeBar(in: scrollView) }
        if wantsHorizontal, horizontal == nil { horizontal = makeBar(in: scrollView) }
        shown = true
        place(in: scrollView)
        for (bar, wanted) in [(vertical, wantsVertical), (horizontal, wantsHorizontal)] {
            guard let bar else { continue }
            scrollView.bringSubviewToFront(bar)
            UIView.performWithoutAnimation { bar.alpha = wanted ? 1 : 0 }
        }
    }

    /// Fades the indicators out after a moment, unless the content moves again first.
    func hideSoon() {
        guard shown else { return }
        generation += 1
        let mine = generation
        UIApplication.shared.runLoop.schedule(after: Self.linger) { [weak self] _ in
            guard let self, self.generation == mine else { return }
            self.shown = false
            UIView.animate(withDuration: Self.fade, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState]) {
                self.vertical?.alpha = 0
                self.horizontal?.alpha = 0
            }
        }
    }

    /// `flashScrollIndicators()`: shown, then faded as after a scroll.
    func flash(in scrollView: UIScrollView) {
        show(in: scrollView)
        hideSoon()
    }

    /// Puts the bars where the offset says, inside the visible bounds and the indicator insets.
    func place(in scrollView: UIScrollView) {
        guard vertical != nil || horizontal != nil else { return }
        let b = scrollView.bounds, content = scrollView.contentSize
        let adjusted = scrollView.adjustedContentInset
        let safe = scrollView.automaticallyAdjustsScrollIndicatorInsets ? scrollView.safeAreaInsets : .zero
        let both = vertical?.alpha ?? 0 > 0 && horizontal?.alpha ?? 0 > 0
        let t = Self.thickness, pad = Self.inset
        if let bar = vertical {
            let i = scrollView.verticalScrollIndicatorInsets
            let top = b.minY + safe.top + i.top + pad, bottom = b.maxY - safe.bottom - i.bottom - pad - (both ? t + pad : 0)
            bar.frame = Self.bar(track: (top, bottom), offset: b.minY + adjusted.top, visible: b.height - adjusted.top - adjusted.bottom,
                                 content: content.height, minimum: scrollView.minimumOffset.y + adjusted.top,
                                 maximum: scrollView.maximumOffset.y + adjusted.top)
                .map { CGRect(x: b.maxX - safe.right - i.right - pad - t, y: $0.start, width: t, height: $0.length) } ?? .zero
        }
        if let bar = horizontal {
            let i = scrollView.horizontalScrollIndicatorInsets
            let left = b.minX + safe.left + i.left + pad, right = b.maxX - safe.right - i.right - pad - (both ? t + pad : 0)
            bar.frame = Self.bar(track: (left, right), offset: b.minX + adjusted.left, visible: b.width - adjusted.left - adjusted.right,
                                 content: content.width, minimum: scrollView.minimumOffset.x + adjusted.left,
                                 maximum: scrollView.maximumOffset.x + adjusted.left)
                .map { CGRect(x: $0.start, y: b.maxY - safe.bottom - i.bottom - pad - t, width: $0.length, height: t) } ?? .zero
        }
    }

    /// A bar's start and length along a track: the visible share of the content, at the scrolled fraction; past an
    /// edge it shortens by the overscroll (down to its minimum, as iOS's does).
    static func bar(track: (CGFloat, CGFloat), offset: CGFloat, visible: CGFloat, content: CGFloat, minimum: CGFloat,
                    maximum: CGFloat) -> (start: CGFloat, length: CGFloat)? {
        let trackLength = track.1 - track.0
        guard trackLength > 0, content > 0, visible > 0 else { return nil }
        var length = max(minimumLength, trackLength * min(1, visible / content))
        let over = offset < minimum ? minimum - offset : (offset > maximum ? offset - maximum : 0)
        length = max(min(minimumLength, trackLength) / 2, min(trackLength, length - over))
        let range = maximum - minimum
        let fraction = range > 0 ? min(1, max(0, (offset - minimum) / range)) : 0
        return (track.0 + (trackLength - length) * fraction, length)
    }
}
