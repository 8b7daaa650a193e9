import Foundation

/// Lays out a row or a column of views with constraints it makes itself (UIKit's `UIStackView`): along the axis
/// by `distribution` and `spacing`, across it by `alignment`. A hidden arranged subview takes no room (hidden or shown
/// inside an animation block, it collapses or grows as the block animates). The stack view draws nothing of its own.
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How arranged subviews share the length along the axis (UIKit's values).
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How arranged subviews are placed across the axis (UIKit's values; `.top`/`.leading` and `.bottom`/`.trailing`
    /// share theirs).
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    /// `setCustomSpacing(_:after:)`'s value that goes back to `spacing`.
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// The system's spacing between siblings (8 points).
    public static let spacingUseSystem = CGFloat.leastNonzeroMagnitude

    /// The views the stack lays out, in order (a subset of `subviews`).
    public private(set) var arrangedSubviews: [UIView] = []

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementChanged() } }
    open var distribution: Distribution = .fill { didSet { arrangementChanged() } }
    open var alignment: Alignment = .fill { didSet { arrangementChanged() } }
    /// The gap between neighbours (a minimum for `.equalSpacing` and `.equalCentering`).
    open var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
    /// Whether vertical spacing runs from baseline to baseline.
    open var isBaselineRelativeArrangement = false { didSet { arrangementChanged() } }
    /// Whether the arrangement sits inside the stack's layout margins instead of its edges.
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// An arranged subview being shown inside an animation block, while it is first laid out with no length.
    private weak var appearing: UIView?
    /// The constraints the stack made (replaced whole when the arrangement changes) and its spacer guides.
    private var made: [NSLayoutConstraint] = []
    private var spacers: [UILayoutGuide] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        arrangementChanged()
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for v in views { addArrangedSubview(v) }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        arrangementChanged()
    }

    // MARK: Arranged subviews

    /// Adds `view` at the end of the arrangement (and as a subview, if it is not one).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` into the arrangement at `stackIndex`.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        precondition(stackIndex >= 0 && stackIndex <= arrangedSubviews.count,
                     "UIStackView.insertArrangedSubview(_:at:): index \(stackIndex) is out of bounds 0...\(arrangedSubviews.count)")
        if let i = arrangedSubviews.firstIndex(where: { $0 === view }) {
            arrangedSubviews.remove(at: i)
            arrangedSubviews.insert(view, at: min(stackIndex, arrangedSubviews.count))
        } else {
            arrangedSubviews.insert(view, at: stackIndex)
        }
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Takes `view` out of the arrangement; it stays a subview (remove it from the superview as well to take it
    /// off screen, as on iOS).
    open func removeArrangedSubview(_ view: UIView) {
        guard let i = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: i)
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementChanged()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        // A subview removed from the stack leaves the arrangement too.
        if arrangedSubviews.contains(where: { $0 === subview }) { removeArrangedSubview(subview) }
    }

    /// Sets the gap after `arrangedSubview` (`spacingUseDefault` goes back to `spacing`).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        arrangementChanged()
    }

    /// The gap after `arrangedSubview` (`spacingUseDefault` when it has none of its own).
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// An arranged subview was hidden or shown: it leaves or rejoins the arrangement.
    func arrangedSubviewVisibilityChanged(_ view: UIView) {
        if arrangedSubviews.contains(where: { $0 === view }) { arrangementChanged() }
    }

    private func arrangementChanged() {
        setNeedsUpdateConstraints()
        setNeedsLayout()
    }

    /// `view.isHidden` changed inside an animation block (UIKit's behaviour): hiding, the view stays on screen and in
    /// the arrangement with no length while the block animates the hierarchy's layout, and is hidden when the
    /// animation ends; showing, it is first placed with no length (not animated), then laid out in its place as the
    /// block animates.
    func animateVisibility(of view: UIView, hidden: Bool, in context: ViewAnimationContext) {
        let root = hierarchyRoot
        view.stackHidingToken += 1
        if hidden {
            view.stackHidingPending = true
            let token = view.stackHidingToken
            context.stopHandlers.append { [weak self, weak view] _ in
                guard let view, view.stackHidingPending, view.stackHidingToken == token else { return }
                view.stackHidingPending = false
                view.layer.isHidden = true
                // It had no length: leaving the arrangement moves nothing.
                self?.arrangementChanged()
            }
        } else if view.stackHidingPending {
            // Shown again before it finished collapsing: it grows back from where it is.
            view.stackHidingPending = false
        } else {
            view.layer.isHidden = false
            appearing = view
            arrangementChanged()
            UIView.performWithoutAnimation { root.layoutIfNeeded() }
            appearing = nil
        }
        arrangementChanged()
        root.layoutIfNeeded()
    }

    // MARK: Constraints

    open override func updateConstraints() {
        NSLayoutConstraint.deactivate(made)
        for g in spacers { removeLayoutGuide(g) }
        made = []
        spacers = []
        let placed = arrangedSubviews.filter { !$0.layer.isHidden && $0.superview === self }
        let views = placed.filter { !$0.stackHidingPending && $0 !== appearing }
        if !views.isEmpty { arrange(views) }
        collapse(placed.filter { $0.stackHidingPending || $0 === appearing }, among: placed, arranged: views)
        NSLayoutConstraint.activate(made)
        super.updateConstraints()
    }

    private func gap(after view: UIView) -> CGFloat {
        let g = customSpacings[ObjectIdentifier(view)] ?? spacing
        return g == Self.spacingUseSystem ? UIView.systemSpacing : g
    }

    /// Views collapsing or about to grow (in an animation block): no length, at the end of the arranged view
    /// before them (or the start of the stack), placed across the axis as the others are.
    private func collapse(_ collapsed: [UIView], among placed: [UIView], arranged views: [UIView]) {
        guard !collapsed.isEmpty else { return }
        let horizontal = axis == .horizontal, margins = isLayoutMarginsRelativeArrangement
        let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let start: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        for v in collapsed {
            let i = placed.firstIndex { $0 === v }!
            let before = placed[..<i].last { candidate in views.contains { $0 === candidate } }
            constrain(v, size, .equal, nil, .notAnAttribute, name: "UISV-hiding")
            if let before {
                constrain(v, start, .equal, before, horizontal ? .trailing : .bottom, name: "UISV-hiding")
            } else {
                constrain(v, start, .equal, self, horizontal ? (margins ? .leadingMargin : .leading) : (margins ? .topMargin : .top),
                          name: "UISV-hiding")
            }
        }
        align(collapsed, first: views.first ?? collapsed[0])
    }

    /// Makes `a.aa (r) m × b.ba + k` at priority `p`, named `name`, one of the stack's constraints.
    private func constrain(_ a: AnyObject, _ aa: NSLayoutConstraint.Attribute, _ r: NSLayoutConstraint.Relation, _ b: AnyObject?,
                           _ ba: NSLayoutConstraint.Attribute, _ m: CGFloat = 1, _ k: CGFloat = 0, _ p: UILayoutPriority = .required,
                           name: String) {
        let made = NSLayoutConstraint(item: a, attribute: aa, relatedBy: r, toItem: b, attribute: ba, multiplier: m, constant: k)
        made.priority = p
        made.identifier = name
        self.made.append(made)
    }

    private func arrange(_ views: [UIView]) {
        let horizontal = axis == .horizontal
        let margins = isLayoutMarginsRelativeArrangement
        // Along the axis: the edges the chain starts and ends at, and each view's two ends and size.
        let startEdge: NSLayoutConstraint.Attribute = horizontal ? (margins ? .leadingMargin : .leading) : (margins ? .topMargin : .top)
        let endEdge: NSLayoutConstraint.Attribute = horizontal ? (margins ? .trailingMargin : .trailing) : (margins ? .bottomMargin : .bottom)
        let start: NSLayoutConstraint.Attribute = horizontal ? .leading : .top
        let end: NSLayoutConstraint.Attribute = horizontal ? .trailing : .bottom
        let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        let center: NSLayoutConstraint.Attribute = horizontal ? .centerX : .centerY
        constrain(views[0], start, .equal, self, startEdge, name: "UISV-canvas-connection")
        constrain(views[views.count - 1], end, .equal, self, endEdge, name: "UISV-canvas-connection")
        for (prev, next) in zip(views, views.dropFirst()) {
            let g = gap(after: prev)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                if !horizontal && isBaselineRelativeArrangement {
                    constrain(next, .firstBaseline, .equal, prev, .lastBaseline, 1, g, name: "UISV-spacing")
                } else {
                    constrain(next, start, .equal, prev, end, 1, g, name: "UISV-spacing")
                }
            case .equalSpacing, .equalCentering:
                constrain(next, start, .greaterThanOrEqual, prev, end, 1, g, name: "UISV-spacing")
                let spacer = UILayoutGuide()
                spacer.identifier = "UISV-distributing"
                addLayoutGuide(spacer)
                spacers.append(spacer)
                // The spacer spans the gap (or centre to centre); the spacers are all as long as the first.
                let from = distribution == .equalSpacing ? end : center, to = distribution == .equalSpacing ? start : center
                constrain(spacer, start, .equal, prev, from, name: "UISV-distributing-edge")
                constrain(spacer, end, .equal, next, to, name: "UISV-distributing-edge")
                if spacers.count > 1 { constrain(spacer, size, .equal, spacers[0], size, name: "UISV-fill-equally") }
                // Across, the spacers sit in the stack.
                constrain(spacer, horizontal ? .top : .leading, .equal, self, horizontal ? .top : .leading, name: "UISV-spacer-position")
                constrain(spacer, horizontal ? .height : .width, .equal, nil, .notAnAttribute, 1, 0, name: "UISV-spacer-size")
            }
        }
        switch distribution {
        case .fillEqually:
            for v in views.dropFirst() { constrain(v, size, .equal, views[0], size, name: "UISV-fill-equally") }
        case .fillProportionally:
            let lengths = views.map { horizontal ? $0.intrinsicContentSize.width : $0.intrinsicContentSize.height }
            if let base = lengths.first, base > 0 {
                for (v, l) in zip(views.dropFirst(), lengths.dropFirst()) where l > 0 {
                    constrain(v, size, .equal, views[0], size, l / base, 0, UILayoutPriority(999), name: "UISV-fill-proportionally")
                }
            }
        default: break
        }
        // When nothing outside sizes the stack along its axis, it hugs the chain; views with no size of their own
        // would otherwise stretch it.
        constrain(self, size, .equal, nil, .notAnAttribute, 1, 0, UILayoutPriority(49), name: "UISV-canvas-fit")

        align(views, first: views[0])
        if alignment != .fill {
            // The stack is as thick as its thickest view, when nothing else says.
            constrain(self, horizontal ? .height : .width, .equal, nil, .notAnAttribute, 1, 0, UILayoutPriority(49), name: "UISV-canvas-fit")
            if alignment == .firstBaseline || alignment == .lastBaseline, horizontal {
                constrain(views[0], .top, .equal, self, margins ? .topMargin : .top, 1, 0, UILayoutPriority(48), name: "UISV-ambiguity-suppression")
            }
        }
    }

    /// Across the axis: `views` placed by `alignment` (baselines follow `first`'s).
    private func align(_ views: [UIView], first: UIView) {
        let horizontal = axis == .horizontal, margins = isLayoutMarginsRelativeArrangement
        let lead: NSLayoutConstraint.Attribute = horizontal ? (margins ? .topMargin : .top) : (margins ? .leadingMargin : .leading)
        let trail: NSLayoutConstraint.Attribute = horizontal ? (margins ? .bottomMargin : .bottom) : (margins ? .trailingMargin : .trailing)
        let vLead: NSLayoutConstraint.Attribute = horizontal ? .top : .leading
        let vTrail: NSLayoutConstraint.Attribute = horizontal ? .bottom : .trailing
        let acrossCenter: NSLayoutConstraint.Attribute = horizontal ? .centerY : .centerX
        for v in views {
            switch alignment {
            case .fill:
                constrain(v, vLead, .equal, self, lead, name: "UISV-alignment")
                constrain(v, vTrail, .equal, self, trail, name: "UISV-alignment")
            case .leading:
                constrain(v, vLead, .equal, self, lead, name: "UISV-alignment")
                constrain(v, vTrail, .lessThanOrEqual, self, trail, name: "UISV-spanning-boundary")
            case .trailing:
                constrain(v, vTrail, .equal, self, trail, name: "UISV-alignment")
                constrain(v, vLead, .greaterThanOrEqual, self, lead, name: "UISV-spanning-boundary")
            case .center:
                constrain(v, acrossCenter, .equal, self, horizontal ? (margins ? .centerYWithinMargins : .centerY) : (margins ? .centerXWithinMargins : .centerX),
                  name: "UISV-alignment")
                constrain(v, vLead, .greaterThanOrEqual, self, lead, name: "UISV-spanning-boundary")
                constrain(v, vTrail, .lessThanOrEqual, self, trail, name: "UISV-spanning-boundary")
            case .firstBaseline, .lastBaseline:
                let baseline: NSLayoutConstraint.Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if horizontal && v !== first {
                    constrain(v, baseline, .equal, first, baseline, name: "UISV-alignment")
                } else if !horizontal {
                    constrain(v, vLead, .equal, self, lead, name: "UISV-alignment")
                }
                constrain(v, vLead, .greaterThanOrEqual, self, lead, name: "UISV-spanning-boundary")
                constrain(v, vTrail, .lessThanOrEqual, self, trail, name: "UISV-spanning-boundary")
            }
        }
    }
}
