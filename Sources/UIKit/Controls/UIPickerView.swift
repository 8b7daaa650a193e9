import CoreGraphics
import Foundation
import QuartzCore

/// The rows of a picker: how many components (wheels) and rows (UIKit's `UIPickerViewDataSource`).
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: AnyObject {
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// What a picker's rows show and what it reports (UIKit's `UIPickerViewDelegate`; every method optional).
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: AnyObject {
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString?
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { pickerView.defaultWidth(component) }
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { 32 }
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString? { nil }
    public func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView {
        pickerView.titleView(row: row, component: component, reusing: view)
    }
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// Spinning wheels of rows, one per component (UIKit's `UIPickerView`), as iOS 14+ draws them: rows curve away
/// from a grey selection band in the middle, fading and shrinking as on a drum.
///
/// A wheel follows the finger, keeps turning after a flick (slowing as iOS's scroll views do, by 0.99 a
/// millisecond) and settles on the nearest row, then tells the delegate `didSelectRow` if the row changed. A tap on
/// a row above or below the band turns the wheel to it. `selectRow(_:inComponent:animated:)` tells no one.
@preconcurrency @MainActor
open class UIPickerView: UIView {
    open weak var dataSource: UIPickerViewDataSource? { didSet { reloadAllComponents() } }
    open weak var delegate: UIPickerViewDelegate? { didSet { reloadAllComponents() } }

    /// One wheel: its rows' views, where it is (in rows, fractional while turning) and its motion.
    @MainActor final class Wheel {
        var rows = 0
        var position: CGFloat = 0
        var selected = 0
        var views: [Int: UIView] = [:]
        /// Views of rows that went out of view, offered back to the delegate as `reusing` for rows coming into view.
        var spare: [UIView] = []
        let clip = UIView()
        /// Rows a second while coasting after a flick; the target row while settling.
        var velocity: CGFloat = 0
        var settleTarget: Int?
    }

    private var wheels: [Wheel] = []
    private let band = UIView()
    private var link: CADisplayLink?
    private var lastFrame: CFTimeInterval = 0
    /// The touch turning a wheel: its wheel, where it started, the wheel's position then, and recent samples.
    private var drag: (touch: UITouch, wheel: Int, startY: CGFloat, startPosition: CGFloat, moved: Bool,
                       samples: [(t: TimeInterval, y: CGFloat)])?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isOpaque = false
        clipsToBounds = true
        band.isUserInteractionEnabled = false
        band.layer.cornerRadius = 8
        band.backgroundColor = UIColor(red: 118 / 255.0, green: 118 / 255.0, blue: 128 / 255.0, alpha: 0.12)
        addSubview(band)
    }

    /// iOS's picker is 216 points high; it has no width of its own.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 216) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width > 0 ? size.width : 320, height: 216) }

    // MARK: Data

    open var numberOfComponents: Int { wheels.count }

    open func numberOfRows(inComponent component: Int) -> Int { wheels.indices.contains(component) ? wheels[component].rows : 0 }

    /// The selected row of `component` (-1 when it has no rows).
    open func selectedRow(inComponent component: Int) -> Int {
        guard wheels.indices.contains(component), wheels[component].rows > 0 else { return -1 }
        return wheels[component].selected
    }

    /// Turns `component` to `row` (clamped); `animated`: the wheel turns there. Tells the delegate nothing.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard wheels.indices.contains(component), wheels[component].rows > 0 else { return }
        let wheel = wheels[component]
        let target = Swift.min(Swift.max(0, row), wheel.rows - 1)
        wheel.selected = target
        wheel.velocity = 0
        if animated {
            wheel.settleTarget = target
            startMotion()
        } else {
            wheel.settleTarget = nil
            wheel.position = CGFloat(target)
            setNeedsLayout()
        }
    }

    /// The view showing `row` of `component` while it is on screen.
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        wheels.indices.contains(component) ? wheels[component].views[row] : nil
    }

    open func reloadAllComponents() {
        let count = dataSource?.numberOfComponents(in: self) ?? 0
        while wheels.count > count { let w = wheels.removeLast(); w.clip.removeFromSuperview() }
        while wheels.count < count {
            let wheel = Wheel()
            wheel.clip.isUserInteractionEnabled = false
            wheel.clip.clipsToBounds = true
            addSubview(wheel.clip)
            wheels.append(wheel)
        }
        for c in 0..<count { reloadComponent(c) }
        setNeedsLayout()
    }

    open func reloadComponent(_ component: Int) {
        guard wheels.indices.contains(component) else { return }
        let wheel = wheels[component]
        for view in wheel.views.values { view.removeFromSuperview() }
        wheel.views = [:]
        wheel.spare = []
        wheel.rows = Swift.max(0, dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
        wheel.selected = Swift.min(wheel.selected, Swift.max(0, wheel.rows - 1))
        wheel.position = CGFloat(wheel.selected)
        setNeedsLayout()
    }

    /// The size of a row of `component`: the delegate's width and height.
    open func rowSize(forComponent component: Int) -> CGSize {
        CGSize(width: delegate?.pickerView(self, widthForComponent: component) ?? defaultWidth(component),
               height: rowHeight(component))
    }

    func defaultWidth(_ component: Int) -> CGFloat {
        let count = CGFloat(Swift.max(1, wheels.count))
        return Swift.max(0, (bounds.width - 16 - 4 * (count - 1)) / count)
    }

    private func rowHeight(_ component: Int) -> CGFloat {
        Swift.max(1, delegate?.pickerView(self, rowHeightForComponent: component) ?? 32)
    }

    /// The label iOS shows for a title (21-point system font, centred), reused when it can be.
    func titleView(row: Int, component: Int, reusing view: UIView?) -> UIView {
        let label = (view as? UILabel) ?? UILabel()
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 21)
        if let attributed = delegate?.pickerView(self, attributedTitleForRow: row, forComponent: component) {
            label.attributedText = attributed
        } else {
            label.text = delegate?.pickerView(self, titleForRow: row, forComponent: component) ?? "?"
        }
        return label
    }

    // MARK: Layout: rows on a drum

    /// The columns of the wheels, centred in the bounds, 4 points apart.
    private func columns() -> [CGRect] {
        let widths = wheels.indices.map { rowSize(forComponent: $0).width }
        let total = widths.reduce(0, +) + 4 * CGFloat(Swift.max(0, widths.count - 1))
        var x = bounds.midX - total / 2
        return widths.map { w in
            defer { x += w + 4 }
            return CGRect(x: x, y: 0, width: w, height: bounds.height)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let columns = columns()
        let bandHeight = wheels.indices.map(rowHeight).max() ?? 32
        band.frame = CGRect(x: 8, y: bounds.midY - bandHeight / 2, width: Swift.max(0, bounds.width - 16), height: bandHeight)
        for (c, wheel) in wheels.enumerated() {
            wheel.clip.frame = columns[c]
            placeRows(of: wheel, component: c)
        }
    }

    /// Rows within a quarter turn of the middle are shown: row r at angle θ = (r − position) × h / radius, at
    /// radius × sin θ from the middle, squashed by cos θ and faded towards the edges; the rest are put away.
    private func placeRows(of wheel: Wheel, component: Int) {
        let h = rowHeight(component)
        let radius = bounds.height / 2
        let width = wheel.clip.bounds.width
        let reach = Int((radius * .pi / 2) / h) + 1
        let first = Swift.max(0, Int(wheel.position.rounded(.down)) - reach)
        let last = Swift.min(wheel.rows - 1, Int(wheel.position.rounded(.up)) + reach)
        var shown = Set<Int>()
        if first <= last {
            for row in first...last {
                let angle = (CGFloat(row) - wheel.position) * h / radius
                guard abs(angle) < .pi / 2 else { continue }
                shown.insert(row)
                // A row's view is asked for when the row comes round into view (or after a reload), not in every
                // frame the wheel turns: asking relabelled every visible row each frame.
                let view: UIView
                if let existing = wheel.views[row] {
                    view = existing
                } else {
                    let reusable = wheel.spare.popLast()
                    view = delegate?.pickerView(self, viewForRow: row, forComponent: component, reusing: reusable)
                        ?? titleView(row: row, component: component, reusing: reusable)
                    wheel.views[row] = view
                }
                if view.superview !== wheel.clip { wheel.clip.addSubview(view) }
                let y = bounds.midY + radius * sin(angle)
                view.bounds = CGRect(x: 0, y: 0, width: width, height: h)
                view.center = CGPoint(x: width / 2, y: y)
                view.transform = CGAffineTransform(scaleX: 1, y: Swift.max(0.01, cos(angle)))
                view.alpha = Swift.max(0.15, 1 - abs(angle) / (.pi / 2) * 0.85)
            }
        }
        for (row, view) in wheel.views where !shown.contains(row) {
            view.removeFromSuperview()
            wheel.views[row] = nil
            if wheel.spare.count < 8 { wheel.spare.append(view) }
        }
    }

    // MARK: Touches and motion

    private func wheel(at point: CGPoint) -> Int? {
        columns().firstIndex { $0.minX <= point.x && point.x < $0.maxX }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard drag == nil, let touch = touches.first, let c = wheel(at: touch.location(in: self)), wheels[c].rows > 0 else { return }
        let wheel = wheels[c]
        // A touch stops a turning wheel where it is.
        wheel.velocity = 0
        wheel.settleTarget = nil
        let y = touch.location(in: self).y
        drag = (touch, c, y, wheel.position, false, [(touch.timestamp, y)])
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard var d = drag, touches.contains(d.touch) else { return }
        let y = d.touch.location(in: self).y
        if abs(y - d.startY) > 4 { d.moved = true }
        d.samples.append((d.touch.timestamp, y))
        if d.samples.count > 6 { d.samples.removeFirst() }
        drag = d
        guard d.moved else { return }
        let wheel = wheels[d.wheel]
        // Dragging down shows earlier rows; past the ends the wheel gives half as much.
        var position = d.startPosition - (y - d.startY) / rowHeight(d.wheel)
        let maxRow = CGFloat(wheel.rows - 1)
        if position < 0 { position /= 2 } else if position > maxRow { position = maxRow + (position - maxRow) / 2 }
        wheel.position = position
        setNeedsLayout()
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let d = drag, touches.contains(d.touch) else { return }
        drag = nil
        let wheel = wheels[d.wheel]
        if !d.moved {
            // A tap: a row above or below the band turns the wheel to it.
            let offset = (d.touch.location(in: self).y - bounds.midY) / rowHeight(d.wheel)
            let row = Swift.min(Swift.max(0, Int((wheel.position + offset).rounded())), wheel.rows - 1)
            wheel.settleTarget = row
        } else if let first = d.samples.first, let last = d.samples.last, last.t > first.t {
            // The finger's speed at release, from the kernel's timestamps, in rows a second.
            wheel.velocity = -(last.y - first.y) / CGFloat(last.t - first.t) / rowHeight(d.wheel)
        }
        startMotion()
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let d = drag, touches.contains(d.touch) else { return }
        drag = nil
        startMotion()
    }

    private func startMotion() {
        guard link == nil else { return }
        lastFrame = 0
        let link = CADisplayLink { [weak self] link in self?.step(link) }
        link.add(to: .main, forMode: .common)
        self.link = link
        step(nil)
    }

    /// One frame of motion for every wheel not held by a finger: coasting (0.99 a millisecond, as a fast-decelerating
    /// scroll view) until slow, then settling on a row (closing a fifth of the distance a 60th of a second).
    private func step(_ frame: CADisplayLink?) {
        let now = frame?.timestamp ?? 0
        let dt = lastFrame > 0 && now > lastFrame ? CGFloat(now - lastFrame) : 1.0 / 60
        if frame != nil { lastFrame = now }
        var moving = false
        for (c, wheel) in wheels.enumerated() where drag?.wheel != c && wheel.rows > 0 {
            let maxRow = CGFloat(wheel.rows - 1)
            if wheel.settleTarget == nil {
                if abs(wheel.velocity) > 2 && wheel.position >= 0 && wheel.position <= maxRow {
                    wheel.position += wheel.velocity * dt
                    wheel.velocity *= pow(0.99, dt * 1000)
                    moving = true
                    continue
                }
                wheel.velocity = 0
                wheel.settleTarget = Int(Swift.min(Swift.max(0, wheel.position), maxRow).rounded())
            }
            let target = CGFloat(wheel.settleTarget!)
            let gap = target - wheel.position
            if abs(gap) < 0.002 {
                wheel.position = target
                let row = wheel.settleTarget!
                wheel.settleTarget = nil
                if row != wheel.selected {
                    wheel.selected = row
                    delegate?.pickerView(self, didSelectRow: row, inComponent: c)
                }
            } else {
                wheel.position += gap * (1 - pow(0.8, dt * 60))
                moving = true
            }
        }
        setNeedsLayout()
        if !moving && drag == nil {
            link?.invalidate()
            link = nil
        }
    }

    override var defaultIsAccessibilityElement: Bool { false }

    private var wheelElements: [PickerWheelElement] = []
    /// Each component is an adjustable element of its own, as VoiceOver reads a picker's wheels: its value the
    /// selected row's title and "N of M"; a swipe up or down with the reader selects the next or previous row
    /// (unless the app lists elements itself).
    open override var accessibilityElements: [Any]? {
        get {
            if let listed = super.accessibilityElements { return listed }
            let frames = columns()
            while wheelElements.count < wheels.count { wheelElements.append(PickerWheelElement(picker: self, component: wheelElements.count)) }
            wheelElements.removeLast(wheelElements.count - wheels.count)
            for (i, element) in wheelElements.enumerated() where frames.indices.contains(i) {
                element.accessibilityFrameInContainerSpace = frames[i]
            }
            return wheelElements
        }
        set { super.accessibilityElements = newValue }
    }

    /// The title of `row` as the reader speaks it: the delegate's title, or the text of its row view.
    func accessibilityTitle(row: Int, component: Int) -> String? {
        if let attributed = delegate?.pickerView(self, attributedTitleForRow: row, forComponent: component) { return attributed.string }
        if let title = delegate?.pickerView(self, titleForRow: row, forComponent: component) { return title }
        return (view(forRow: row, forComponent: component) as? UILabel)?.text
    }
}

/// One wheel of a picker, read as an adjustable element.
@MainActor
final class PickerWheelElement: UIAccessibilityElement {
    private unowned let picker: UIPickerView
    private let component: Int

    init(picker: UIPickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(accessibilityContainer: picker)
        accessibilityTraits = .adjustable
    }

    override var accessibilityValue: String? {
        get {
            let row = picker.selectedRow(inComponent: component), rows = picker.numberOfRows(inComponent: component)
            guard row >= 0 else { return nil }
            return [picker.accessibilityTitle(row: row, component: component), "\(row + 1) of \(rows)"].compactMap { $0 }
                .joined(separator: ", ")
        }
        set { super.accessibilityValue = newValue }
    }

    override func accessibilityIncrement() { step(1) }
    override func accessibilityDecrement() { step(-1) }

    private func step(_ by: Int) {
        let row = picker.selectedRow(inComponent: component) + by
        guard row >= 0, row < picker.numberOfRows(inComponent: component) else { return }
        picker.selectRow(row, inComponent: component, animated: true)
        picker.delegate?.pickerView(picker, didSelectRow: row, inComponent: component)
    }
}
