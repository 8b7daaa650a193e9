import CoreGraphics
import Foundation

/// A row of dots showing which of several pages is shown (UIKit's `UIPageControl`), as iOS 14+ draws it: 8-point
/// dots 16 points apart, the current one dark.
///
/// A tap on the right half of the control goes to the next page, on the left half to the previous one, sending
/// `.valueChanged`; setting `currentPage` sends nothing. `currentPage` stays within the pages.
@preconcurrency @MainActor
open class UIPageControl: UIControl {
    /// 0 by default.
    open var numberOfPages: Int = 0 {
        didSet {
            numberOfPages = Swift.max(0, numberOfPages)
            currentPage = storedPage
            dotsChanged()
        }
    }
    /// The page shown, within `0..<numberOfPages` (0 with no pages).
    open var currentPage: Int {
        get { storedPage }
        set {
            storedPage = Swift.min(Swift.max(0, newValue), Swift.max(0, numberOfPages - 1))
            colorsChanged()
        }
    }
    private var storedPage = 0
    /// Hide the dots when there is only one page.
    open var hidesForSinglePage = false { didSet { dotsChanged() } }
    /// The other dots' colour (a light grey when nil).
    open var pageIndicatorTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.pageIndicatorTint, \UIPageControl.pageIndicatorTintColor, pageIndicatorTintColor) { return }
            colorsChanged()
        }
    }
    /// The current dot's colour (near black when nil).
    open var currentPageIndicatorTintColor: UIColor? {
        didSet {
            if appearanceSetting(AppearanceKey.pageCurrentIndicatorTint, \UIPageControl.currentPageIndicatorTintColor, currentPageIndicatorTintColor) { return }
            colorsChanged()
        }
    }

    private var dots: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isOpaque = false
    }

    /// The size the dots of `pageCount` pages take: 16 points a page, 8 more, 26 high.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: pageCount > 0 ? CGFloat(pageCount) * 16 + 8 : 0, height: 26)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    private func dotsChanged() {
        while dots.count < numberOfPages {
            let dot = UIView()
            dot.isUserInteractionEnabled = false
            dot.layer.cornerRadius = 4
            addSubview(dot)
            dots.append(dot)
        }
        while dots.count > numberOfPages { dots.removeLast().removeFromSuperview() }
        let hidden = hidesForSinglePage && numberOfPages == 1
        for dot in dots { dot.isHidden = hidden }
        colorsChanged()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func colorsChanged() {
        for (i, dot) in dots.enumerated() {
            dot.backgroundColor = i == storedPage
                ? (currentPageIndicatorTintColor ?? UIColor(white: 0, alpha: 0.85))
                : (pageIndicatorTintColor ?? UIColor(white: 0, alpha: 0.2))
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // Centred; page 0 on the leading side.
        let width = CGFloat(dots.count) * 16 - 8
        let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
        for (i, dot) in dots.enumerated() {
            let slot = CGFloat(rtl ? dots.count - 1 - i : i)
            dot.frame = CGRect(x: bounds.midX - width / 2 + slot * 16, y: bounds.midY - 4, width: 8, height: 8)
        }
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside, numberOfPages > 1 else { return }
        var forward = touch.location(in: self).x > bounds.midX
        if effectiveUserInterfaceLayoutDirection == .rightToLeft { forward.toggle() }
        let next = storedPage + (forward ? 1 : -1)
        guard next >= 0 && next < numberOfPages else { return }
        currentPage = next
        sendActions(for: .valueChanged)
    }

    override var primaryActionEvents: Event { .valueChanged }

    override var defaultIsAccessibilityElement: Bool { true }
    /// A screen reader's swipe up: the next page (the value-changed actions run, as for a tap).
    open override func accessibilityIncrement() { accessibilityStep(1) }
    /// A screen reader's swipe down: the previous page.
    open override func accessibilityDecrement() { accessibilityStep(-1) }

    private func accessibilityStep(_ direction: Int) {
        let old = storedPage
        currentPage = storedPage + direction
        if storedPage != old { sendActions(for: .valueChanged) }
    }

    override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }
    override var defaultAccessibilityValue: String? { numberOfPages > 0 ? "page \(storedPage + 1) of \(numberOfPages)" : nil }
}
