import CoreGraphics
import Foundation

/// What a screen reader and UI tests read of an element, whether it is a view or a `UIAccessibilityElement`
/// (on iOS both answer NSObject's informal accessibility protocol; here both classes declare the same members).
@MainActor
protocol AccessibilityNode: AnyObject {
    var isAccessibilityElement: Bool { get }
    var accessibilityLabel: String? { get }
    var accessibilityValue: String? { get }
    var accessibilityHint: String? { get }
    var accessibilityIdentifier: String? { get }
    var accessibilityTraits: UIAccessibilityTraits { get }
    var accessibilityFrame: CGRect { get }
    var accessibilityActivationPoint: CGPoint { get }
    var accessibilityLanguage: String? { get }
    var accessibilityCustomActions: [UIAccessibilityCustomAction]? { get }
    func accessibilityActivate() -> Bool
    func accessibilityIncrement()
    func accessibilityDecrement()
    func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool
    func accessibilityPerformEscape() -> Bool
}

extension UIView: AccessibilityNode {}
extension UIAccessibilityElement: AccessibilityNode {}

/// The elements of a window in VoiceOver's reading order.
///
/// A view that is an element is read as one (its subviews are not visited); a view that lists
/// `accessibilityElements` is read as that list, in that order; any other view is read as its subviews' elements.
/// Hidden, fully transparent and `accessibilityElementsHidden` views are skipped, and a view with
/// `accessibilityViewIsModal` hides its siblings (and what is beside its ancestors). Siblings' elements are put in
/// rows, top to bottom, each row leading to trailing (right to left under a right-to-left layout); a view that
/// lists its elements or groups them (`shouldGroupAccessibilityChildren`) keeps them together, placed by its first.
/// Elements entirely off the screen are left out, except inside a scroll view (the reader scrolls to them).
@MainActor
enum AccessibilityTree {
    /// The elements of `windows` (back to front), in reading order. A modal view or the topmost window that holds
    /// one (an alert's) hides the rest.
    static func elements(in windows: [UIWindow]) -> [any AccessibilityNode] {
        let shown = windows.filter { !$0.isHidden && $0.alpha > 0.01 }
        // The frontmost window with a modal view in it is the only one read; else all, front windows last.
        if let modal = shown.last(where: { modalView(in: $0) != nil }) { return elements(of: modal) }
        return shown.flatMap { elements(of: $0) }
    }

    /// The elements of one view's subtree, in reading order.
    static func elements(of root: UIView) -> [any AccessibilityNode] {
        let screen = root.window?.screen.bounds ?? .infinite
        let rtl = root.effectiveUserInterfaceLayoutDirection == .rightToLeft
        return flatten(items(of: root, screen: screen, inScroll: false, rtl: rtl))
    }

    /// One thing to place in reading order: an element, or a group kept together.
    private enum Item {
        case element(any AccessibilityNode, CGRect)
        case group([Item], CGRect)
        var frame: CGRect {
            switch self {
            case let .element(_, f), let .group(_, f): return f
            }
        }
    }

    private static func flatten(_ items: [Item]) -> [any AccessibilityNode] {
        var out: [any AccessibilityNode] = []
        for item in items {
            switch item {
            case let .element(e, _): out.append(e)
            case let .group(inner, _): out += flatten(inner)
            }
        }
        return out
    }

    /// Whether `view` can hold elements: not hidden, not transparent, not hidden from assistive technology.
    static func isShown(_ view: UIView) -> Bool {
        !view.isHidden && view.alpha > 0.01 && !view.accessibilityElementsHidden
    }

    /// The view among `view`'s subtree that is modal to assistive technology (the frontmost), if any.
    private static func modalView(in view: UIView) -> UIView? {
        for sub in view.subviews.reversed() where isShown(sub) {
            if sub.accessibilityViewIsModal { return sub }
            if let inner = modalView(in: sub) { return inner }
        }
        return nil
    }

    /// The elements inside `view` itself, in reading order, as if it were not an element: what a cell joins into
    /// its label.
    static func elements(ofContent view: UIView) -> [any AccessibilityNode] {
        let rtl = view.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let inner = view.subviews.filter(isShown).flatMap { items(of: $0, screen: .infinite, inScroll: true, rtl: rtl) }
        return flatten(ordered(inner, rtl: rtl))
    }

    /// The items of `view`'s content: its own element, its listed elements, or its subviews', in reading order.
    private static func items(of view: UIView, screen: CGRect, inScroll: Bool, rtl: Bool) -> [Item] {
        guard isShown(view) else { return [] }
        if view.isAccessibilityElement {
            let frame = view.accessibilityFrame
            guard frame.width > 0 || frame.height > 0, inScroll || frame.intersects(screen) else { return [] }
            return [.element(view, frame)]
        }
        let inScroll = inScroll || view is UIScrollView
        if let listed = view.accessibilityElements {
            // The app's order, as given.
            var out: [Item] = []
            for entry in listed {
                if let sub = entry as? UIView {
                    out += items(of: sub, screen: screen, inScroll: inScroll, rtl: rtl)
                } else if let element = entry as? UIAccessibilityElement, element.isAccessibilityElement {
                    out.append(.element(element, element.accessibilityFrame))
                }
            }
            return out.isEmpty ? [] : [.group(out, out[0].frame)]
        }
        // A modal subview hides its siblings.
        var subviews = view.subviews.filter(isShown)
        if let modal = subviews.last(where: { $0.accessibilityViewIsModal }) { subviews = [modal] }
        var gathered: [Item] = []
        for sub in subviews {
            let inner = items(of: sub, screen: screen, inScroll: inScroll, rtl: rtl)
            guard !inner.isEmpty else { continue }
            if sub.shouldGroupAccessibilityChildren, inner.count > 1 {
                gathered.append(.group(inner, inner.map(\.frame).reduce(CGRect.null) { $0.union($1) }))
            } else {
                gathered += inner
            }
        }
        return ordered(gathered, rtl: rtl)
    }

    /// Rows top to bottom (an item joins a row when its middle is within the height of the row's first item), each
    /// row leading to trailing. Stable: items at the same place keep the hierarchy's order.
    private static func ordered(_ items: [Item], rtl: Bool) -> [Item] {
        guard items.count > 1 else { return items }
        let byTop = items.enumerated().sorted { a, b in
            a.element.frame.minY != b.element.frame.minY ? a.element.frame.minY < b.element.frame.minY : a.offset < b.offset
        }
        var rows: [[(offset: Int, element: Item)]] = []
        for entry in byTop {
            if let first = rows.last?.first, entry.element.frame.midY <= first.element.frame.maxY,
               entry.element.frame.midY >= first.element.frame.minY {
                rows[rows.count - 1].append(entry)
            } else {
                rows.append([entry])
            }
        }
        return rows.flatMap { row in
            row.sorted { a, b in
                let fa = a.element.frame, fb = b.element.frame
                if rtl { return fa.maxX != fb.maxX ? fa.maxX > fb.maxX : a.offset < b.offset }
                return fa.minX != fb.minX ? fa.minX < fb.minX : a.offset < b.offset
            }.map(\.element)
        }
    }
}
