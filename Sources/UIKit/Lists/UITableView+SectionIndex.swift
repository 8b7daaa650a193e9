import Foundation

/// The index along a table's trailing edge (UIKit's section index): the data source's titles stacked in the middle
/// of the visible height; touching or dragging along it jumps to the section of the title under the finger.
@MainActor
final class SectionIndexView: UIControl {
    /// Its width (UIKit's index is about this wide).
    static let width: CGFloat = 16
    private(set) var titles: [String] = []
    private var labels: [UILabel] = []
    /// The title last jumped to while tracking (a drag jumps once per title).
    private var current: Int?
    var jump: ((String, Int) -> Void)?

    func setTitles(_ titles: [String], color: UIColor) {
        if titles != self.titles {
            self.titles = titles
            labels.forEach { $0.removeFromSuperview() }
            labels = titles.map { title in
                let label = UILabel()
                label.text = title
                label.font = .systemFont(ofSize: 11, weight: .semibold)
                label.textAlignment = .center
                addSubview(label)
                return label
            }
            setNeedsLayout()
        }
        for label in labels where label.textColor != color { label.textColor = color }
    }

    /// Each title's row height: 14 points, less when the titles would not fit.
    private var rowHeight: CGFloat { titles.isEmpty ? 0 : min(14, bounds.height / CGFloat(titles.count)) }
    /// The titles' stack, centred in the bounds.
    private var titlesFrame: CGRect {
        let height = rowHeight * CGFloat(titles.count)
        return CGRect(x: 0, y: (bounds.height - height) / 2, width: bounds.width, height: height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let h = rowHeight, top = titlesFrame.minY
        for (i, label) in labels.enumerated() {
            label.frame = CGRect(x: 0, y: top + CGFloat(i) * h, width: bounds.width, height: h)
        }
    }

    /// The title under `y` (clamped to the first and last, as a finger dragged past the ends keeps the end one).
    func titleIndex(at y: CGFloat) -> Int? {
        guard !titles.isEmpty, rowHeight > 0 else { return nil }
        return min(max(Int(((y - titlesFrame.minY) / rowHeight).rounded(.down)), 0), titles.count - 1)
    }

    private func track(_ touch: UITouch) {
        guard let i = titleIndex(at: touch.location(in: self).y), i != current else { return }
        current = i
        jump?(titles[i], i)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        current = nil
        track(touch)
        return true
    }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        track(touch)
        return true
    }

    // Read as VoiceOver reads UIKit's: "Table index", its value the title last jumped to, adjustable (a swipe up
    // or down with the reader jumps to the next or previous title). Its frame is the stacked titles, not the whole
    // strip, so a point at a fraction of its height is on that fraction's title.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }
    override var defaultAccessibilityLabel: String? { "Table index" }
    override var defaultAccessibilityValue: String? { titles.isEmpty ? nil : titles[current ?? 0] }
    override var accessibilityFrame: CGRect {
        get {
            guard accessibilityStorage?.frame == nil, !titles.isEmpty, rowHeight > 0 else { return super.accessibilityFrame }
            return screenRect(of: titlesFrame)
        }
        set { super.accessibilityFrame = newValue }
    }
    override func accessibilityIncrement() { step(1) }
    override func accessibilityDecrement() { step(-1) }

    private func step(_ by: Int) {
        guard !titles.isEmpty else { return }
        let i = min(max((current ?? 0) + by, 0), titles.count - 1)
        current = i
        jump?(titles[i], i)
        UIAccessibility.post(notification: .announcement, argument: titles[i])
    }
}

extension UITableView {
    /// Shows, places or removes the section index after a layout of the rows: kept over the visible area's trailing
    /// edge (it does not scroll with the rows).
    func layoutSectionIndex() {
        let titles = dataSource?.sectionIndexTitles(for: self) ?? []
        let rows = sections.reduce(0) { $0 + $1.rows }
        guard !titles.isEmpty, rows >= sectionIndexMinimumDisplayRowCount else {
            sectionIndexView?.removeFromSuperview()
            sectionIndexView = nil
            return
        }
        let index = sectionIndexView ?? {
            let v = SectionIndexView()
            v.jump = { [unowned self] title, i in self.jumpToSectionIndex(title, i) }
            addSubview(v)
            sectionIndexView = v
            return v
        }()
        index.setTitles(titles, color: sectionIndexColor ?? tintColor)
        index.backgroundColor = sectionIndexBackgroundColor
        let i = adjustedContentInset
        let frame = CGRect(x: bounds.maxX - i.right - SectionIndexView.width, y: bounds.minY + i.top,
                           width: SectionIndexView.width, height: max(0, bounds.height - i.top - i.bottom))
        if index.frame != frame { index.frame = frame }
        if subviews.last !== index { bringSubviewToFront(index) }
    }

    /// Scrolls the section of the index's `title` (the data source says which) to the top.
    func jumpToSectionIndex(_ title: String, _ i: Int) {
        guard let dataSource else { return }
        let section = dataSource.tableView(self, sectionForSectionIndexTitle: title, at: i)
        guard section >= 0, section < numberOfSections else { return }
        let top = rect(forSection: section).minY
        let lo = -adjustedContentInset.top, hi = max(lo, contentSize.height + adjustedContentInset.bottom - bounds.height)
        setContentOffset(CGPoint(x: contentOffset.x, y: min(max(top - adjustedContentInset.top, lo), hi)), animated: false)
    }
}
