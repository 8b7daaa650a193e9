import Foundation
import VitrinePlatform

/// A view's Auto Layout state, made the first time the view takes part (most views of an app that lays out by
/// hand never get one).
@MainActor
final class ViewAutoLayout {
    var translatesAutoresizingMask = true
    /// Active constraints whose closest common ancestor is this view (`constraints`).
    var installed: [NSLayoutConstraint] = []
    /// The hierarchy's engine, when this view is its root.
    var engine: LayoutEngine?
    var needsUpdateConstraints = false
    /// Content hugging and compression resistance, horizontal then vertical.
    var hugging: (UILayoutPriority, UILayoutPriority) = (.defaultLow, .defaultLow)
    var compression: (UILayoutPriority, UILayoutPriority) = (.defaultHigh, .defaultHigh)
    var guides: [UILayoutGuide] = []
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    var readableGuide: UILayoutGuide?
    var directionalMargins: NSDirectionalEdgeInsets?
    var margins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    var preservesSuperviewMargins = false
    var insetsMarginsFromSafeArea = true
    var semanticContent: UISemanticContentAttribute = .unspecified
}

/// Edge insets that follow the layout direction: leading and trailing instead of left and right.
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// Which way the interface reads.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}

/// How a view's content follows the layout direction (UIKit's values).
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft
}

/// The axes of a layout (constraints, stack views).
extension NSLayoutConstraint {
    public enum Axis: Int, Sendable { case horizontal, vertical }
}

/// `systemLayoutSizeFitting`'s targets.
extension UIView {
    /// The smallest size the constraints allow.
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest size the constraints allow.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)
    /// The standard spacing between siblings, and of `constraint(equalToSystemSpacingAfter:multiplier:)`.
    static let systemSpacing: CGFloat = 8
}

extension UIView: LayoutItem {
    public var layoutParentView: UIView? { superview }

    var autoLayoutState: ViewAutoLayout {
        if let state = autoLayout { return state }
        let state = ViewAutoLayout()
        autoLayout = state
        return state
    }

    /// The top of the view's hierarchy: its window, or the highest superview.
    var hierarchyRoot: UIView {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    var depth: Int {
        var d = 0
        var v = self
        while let s = v.superview { d += 1; v = s }
        return d
    }

    // MARK: Constraints

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseTranslatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayout?.translatesAutoresizingMask ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            autoLayoutState.translatesAutoresizingMask = newValue
            // Only a view the engine already knows changes its pins; the others join it with their constraints.
            if layoutVariables != nil { hierarchyRoot.autoLayout?.engine?.needsRebuild = true }
            setNeedsLayout()
        }
    }

    // The constraint list (declared open in UIView's body). UIKit's activation installs through `addConstraint(_:)`
    // and deactivation goes through `removeConstraint(_:)`, so a subclass that overrides them hears every change.
    var baseConstraints: [NSLayoutConstraint] { autoLayout?.installed ?? [] }
    func baseAddConstraint(_ constraint: NSLayoutConstraint) { LayoutEngine.install(constraint, on: self) }
    func baseAddConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { LayoutEngine.install(c, on: self) }
    }
    func baseRemoveConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedOn === self { LayoutEngine.deactivate(constraint) }
    }
    func baseRemoveConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints where c.installedOn === self { LayoutEngine.deactivate(c) }
    }

    // MARK: Anchors (the edges, centres and sizes views share with guides are on `LayoutItem`)

    var baseFirstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    var baseLastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    // MARK: Intrinsic size, hugging and compression resistance

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseInvalidateIntrinsicContentSize() {
        if layoutVariables != nil, let engine = hierarchyRoot.autoLayout?.engine {
            engine.intrinsicChanged(self)
            // The engine runs when its root lays out: a root has no superview to mark.
            if superview == nil { setNeedsLayout() }
        }
        superview?.setNeedsLayout()
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseContentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        let h = autoLayout?.hugging ?? (.defaultLow, .defaultLow)
        return axis == .horizontal ? h.0 : h.1
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseSetContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayoutState.hugging.0 = priority } else { autoLayoutState.hugging.1 = priority }
        invalidateIntrinsicContentSize()
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseContentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        let c = autoLayout?.compression ?? (.defaultHigh, .defaultHigh)
        return axis == .horizontal ? c.0 : c.1
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseSetContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { autoLayoutState.compression.0 = priority } else { autoLayoutState.compression.1 = priority }
        invalidateIntrinsicContentSize()
    }

    // MARK: The update pass

    func baseSetNeedsUpdateConstraints() {
        guard autoLayout?.needsUpdateConstraints != true else { return }
        autoLayoutState.needsUpdateConstraints = true
        LayoutEngine.noteNeedsUpdateConstraints(self)
        // The pass runs in the engine's sync: the hierarchy needs one.
        _ = LayoutEngine.engine(for: self)
        setNeedsLayout()
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseNeedsUpdateConstraints() -> Bool { autoLayout?.needsUpdateConstraints ?? false }

    func baseUpdateConstraintsIfNeeded() { LayoutEngine.updateConstraints(in: self) }

    // MARK: Fitting sizes

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseSystemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseSystemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
                                     verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
        LayoutEngine.fittingSize(of: self, target: targetSize, horizontal: horizontal, vertical: vertical)
    }

    // MARK: Debugging

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseConstraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        var out: [NSLayoutConstraint] = []
        var v: UIView? = self
        while let current = v {
            for c in current.constraints where c.allItems.contains(where: { $0 === self })
                && (c.firstAttribute.isHorizontal == (axis == .horizontal)) { out.append(c) }
            v = current.superview
        }
        // A view laid out by its autoresizing mask: the mask's constraints on that axis, as UIKit lists them.
        if let engine = hierarchyRoot.autoLayout?.engine {
            out += engine.maskConstraints(of: self).filter { $0.firstAttribute.isHorizontal == (axis == .horizontal) }
        }
        return out
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseHasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints, let engine = hierarchyRoot.autoLayout?.engine else { return false }
        engine.sync()
        return engine.isAmbiguous(self)
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    func baseExerciseAmbiguityInLayout() {
        guard hasAmbiguousLayout else { return }
        let large = systemLayoutSizeFitting(UIView.layoutFittingExpandedSize)
        bounds.size = bounds.size == large ? systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) : large
    }

    // MARK: Margins and guides

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseLayoutMargins: UIEdgeInsets {
        get {
            var m = autoLayout?.margins ?? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
            if let d = autoLayout?.directionalMargins {
                let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
                m = UIEdgeInsets(top: d.top, left: rtl ? d.trailing : d.leading, bottom: d.bottom, right: rtl ? d.leading : d.trailing)
            }
            if preservesSuperviewLayoutMargins, let s = superview {
                let f = frame, sm = s.layoutMargins, sb = s.bounds
                m.left = max(m.left, sm.left - (f.minX - sb.minX))
                m.right = max(m.right, sm.right - (sb.maxX - f.maxX))
                m.top = max(m.top, sm.top - (f.minY - sb.minY))
                m.bottom = max(m.bottom, sm.bottom - (sb.maxY - f.maxY))
            }
            if insetsLayoutMarginsFromSafeArea {
                let s = safeAreaInsets
                m = UIEdgeInsets(top: m.top + s.top, left: m.left + s.left, bottom: m.bottom + s.bottom, right: m.right + s.right)
            }
            return m
        }
        set {
            autoLayoutState.margins = newValue
            autoLayoutState.directionalMargins = nil
            layoutMarginsDidChange()
        }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseDirectionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let m = layoutMargins
            let rtl = effectiveUserInterfaceLayoutDirection == .rightToLeft
            return NSDirectionalEdgeInsets(top: m.top, leading: rtl ? m.right : m.left, bottom: m.bottom, trailing: rtl ? m.left : m.right)
        }
        set {
            autoLayoutState.directionalMargins = newValue
            layoutMarginsDidChange()
        }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var basePreservesSuperviewLayoutMargins: Bool {
        get { autoLayout?.preservesSuperviewMargins ?? false }
        set { autoLayoutState.preservesSuperviewMargins = newValue; layoutMarginsDidChange() }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseInsetsLayoutMarginsFromSafeArea: Bool {
        get { autoLayout?.insetsMarginsFromSafeArea ?? true }
        set { autoLayoutState.insetsMarginsFromSafeArea = newValue; layoutMarginsDidChange() }
    }

    /// What `layoutMarginsDidChange()` does by default: constraints on the margins move.
    func marginsChanged() {
        hierarchyRoot.autoLayout?.engine?.needsRebuild = true
        setNeedsLayout()
        viewDelegate?.viewLayoutMarginsDidChange()
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseSafeAreaInsets: UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if let window = self as? UIWindow {
            insets = window.panelSafeAreaInsets
        } else if let s = superview {
            let si = s.safeAreaInsets
            if si != .zero {
                let r = convert(bounds, to: s), sb = s.bounds
                insets = UIEdgeInsets(top: max(0, si.top - (r.minY - sb.minY)), left: max(0, si.left - (r.minX - sb.minX)),
                                      bottom: max(0, si.bottom - (sb.maxY - r.maxY)), right: max(0, si.right - (sb.maxX - r.maxX)))
            }
        }
        if let controller = viewDelegate, case let extra = controller.additionalSafeAreaInsets + controller.containerSafeAreaInsets,
           extra != .zero {
            insets = UIEdgeInsets(top: insets.top + extra.top, left: insets.left + extra.left,
                                  bottom: insets.bottom + extra.bottom, right: insets.right + extra.right)
        }
        return insets
    }

    /// The safe area changed for this view's subtree: the callbacks, and the guides' constraints move.
    func safeAreaChanged() {
        forEachInSubtree { view in
            view.safeAreaInsetsDidChange()
            view.viewDelegate?.viewSafeAreaInsetsDidChange()
        }
        hierarchyRoot.autoLayout?.engine?.needsRebuild = true
        setNeedsLayout()
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseLayoutMarginsGuide: UILayoutGuide {
        if let g = autoLayout?.marginsGuide { return g }
        let g = makeGuide(.margins, "UIViewLayoutMarginsGuide")
        autoLayoutState.marginsGuide = g
        return g
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseSafeAreaLayoutGuide: UILayoutGuide {
        if let g = autoLayout?.safeAreaGuide { return g }
        let g = makeGuide(.safeArea, "UIViewSafeAreaLayoutGuide")
        autoLayoutState.safeAreaGuide = g
        return g
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseReadableContentGuide: UILayoutGuide {
        if let g = autoLayout?.readableGuide { return g }
        let g = makeGuide(.readableContent, "UIViewReadableContentGuide")
        autoLayoutState.readableGuide = g
        return g
    }

    private func makeGuide(_ role: UILayoutGuide.Role, _ name: String) -> UILayoutGuide {
        let g = UILayoutGuide()
        g.role = role
        g.identifier = name
        g.owningView = self
        return g
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseLayoutGuides: [UILayoutGuide] { autoLayout?.guides ?? [] }

    func baseAddLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        autoLayoutState.guides.append(layoutGuide)
    }

    func baseRemoveLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self else { return }
        for c in constraintsMentioning([layoutGuide]) { c.isActive = false }
        autoLayoutState.guides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
    }

    // MARK: Layout direction

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseSemanticContentAttribute: UISemanticContentAttribute {
        get { autoLayout?.semanticContent ?? .unspecified }
        set {
            autoLayoutState.semanticContent = newValue
            hierarchyRoot.autoLayout?.engine?.needsRebuild = true
            setNeedsLayout()
        }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    static func baseUserInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        switch attribute {
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        case .unspecified: return UIApplication.shared.userInterfaceLayoutDirection
        }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseEffectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        var v: UIView? = self
        while let current = v {
            switch current.semanticContentAttribute {
            case .forceLeftToRight: return .leftToRight
            case .forceRightToLeft: return .rightToLeft
            default: v = current.superview
            }
        }
        return UIApplication.shared.userInterfaceLayoutDirection
    }

    // MARK: Hierarchy changes

    /// The active constraints installed on this view or its ancestors that name one of `items`.
    func constraintsMentioning(_ items: [AnyObject]) -> [NSLayoutConstraint] {
        var out: [NSLayoutConstraint] = []
        var v: UIView? = self
        while let current = v {
            for c in current.autoLayout?.installed ?? [] where c.allItems.contains(where: { i in items.contains { $0 === i } }) {
                out.append(c)
            }
            v = current.superview
        }
        return out
    }

    /// The view is leaving `oldSuperview`'s hierarchy: constraints between its subtree and views outside it go (as
    /// in UIKit), and the engines of the hierarchies concerned are rebuilt at their next layout.
    func autoLayoutWillLeave(_ oldSuperview: UIView) {
        // If any item of the subtree is in the engine, the view is too (items bring their ancestors): only then do its
        // variables and pins have to go. (Constraints reaching outside are deactivated below, in place.)
        if layoutVariables != nil { oldSuperview.hierarchyRoot.autoLayout?.engine?.needsRebuild = true }
        var ancestor: UIView? = oldSuperview
        while let a = ancestor {
            if let installed = a.autoLayout?.installed, !installed.isEmpty {
                for c in installed where c.allItems.contains(where: { item in
                    LayoutEngine.view(of: item)?.isDescendant(of: self) == true
                }) { c.isActive = false }
            }
            ancestor = a.superview
        }
    }

    /// The view joined `newSuperview`'s hierarchy.
    func autoLayoutDidJoin(_ newSuperview: UIView) {
        // Its own hierarchy's engine (if it was a root) is no longer one; the new root's rebuilds.
        if let engine = autoLayout?.engine {
            autoLayout?.engine = nil
            engine.needsRebuild = true
            LayoutEngine.engine(for: newSuperview).needsRebuild = true
        } else if subtreeTakesPartInAutoLayout() {
            LayoutEngine.engine(for: newSuperview).needsRebuild = true
        }
    }

    /// Whether a hierarchy this subtree joins must take it into its engine: a view of it was in an engine, has
    /// constraints installed, or asks for constraint-based layout. (A plain view added to a window laid out with
    /// constraints leaves the engine as it is.)
    private func subtreeTakesPartInAutoLayout() -> Bool {
        if layoutVariables != nil { return true }
        var found = false
        forEachInSubtree { view in
            guard !found else { return }
            if let state = view.autoLayout, state.engine != nil || !state.installed.isEmpty { found = true }
            if type(of: view).requiresConstraintBasedLayout { found = true }
        }
        return found
    }

    /// Runs the hierarchy's engine before layout, when it has one.
    func syncLayoutEngine() {
        hierarchyRoot.autoLayout?.engine?.sync()
    }

    /// A frame set by code (or by autoresizing) on a view the engine pins: the pins follow.
    func autoLayoutGeometryDidChange() {
        // (The cheap tests first: the engine sets the frames of views placed by constraints on every layout.)
        guard layoutVariables != nil, translatesAutoresizingMaskIntoConstraints || superview == nil,
              let engine = hierarchyRoot.autoLayout?.engine else { return }
        engine.pinsChanged(self)
        for subview in subviews where subview.layoutVariables != nil && subview.translatesAutoresizingMaskIntoConstraints {
            engine.pinsChanged(subview)
        }
    }
}

extension UIWindow {
    var panelSafeAreaInsets: UIEdgeInsets { screen.panelSafeAreaInsets }
}

extension UIApplication {
    /// The behaviour of the overridable member of the same name (declared in UIApplication.swift).
    var baseUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { Self.localeLayoutDirection }

    private static let localeLayoutDirection: UIUserInterfaceLayoutDirection = {
        if let forced = VitrineSettings.current.layoutDirection {
            return forced.lowercased() == "rtl" ? .rightToLeft : .leftToRight
        }
        let language = Locale.current.language.languageCode?.identifier ?? "en"
        return Locale.Language(identifier: language).characterDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }()
}
