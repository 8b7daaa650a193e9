import Cassowary
import Foundation
import Logging

/// Cassowary's linear expressions (Foundation has an `Expression` of its own).
private typealias Expr = Cassowary.Expression

/// The variables the engine solves for one layout item: its alignment rectangle (x, y, width, height) in the
/// coordinates of its hierarchy's root, and the constraints the engine made for it (autoresizing or guide pins,
/// intrinsic size).
public final class LayoutVariables {
    let x: Variable, y: Variable, w: Variable, h: Variable
    /// Pins: the root's size, an autoresizing mask, a guide's insets. With what they were made from (the constants,
    /// and for a mask the shares of the superview's size), to move them in place when the item's frame changes.
    var pins: [Constraint] = []
    var pinConstants: [Double] = []
    var pinShares: [Double] = []
    /// Hugging and compression resistance: per axis, (hugging ≤, resistance ≥) when the axis has an intrinsic size.
    var intrinsic: [Constraint?] = [nil, nil, nil, nil]
    var intrinsicKey: [Double] = []
    /// Which sizes (1: width, 2: height) have their stay at 0 (see `LayoutEngine.addStays(for:)`).
    var stays: UInt8 = 0
    /// Whether one of the variables changed in the last solve.
    var changed = false
    /// The variables of the view the item is placed in (its superview, or a guide's owning view), if in the engine.
    var parent: LayoutVariables?

    init(_ name: String) {
        x = Variable(name + ".minX"); y = Variable(name + ".minY")
        w = Variable(name + ".width"); h = Variable(name + ".height")
    }
}

/// The Auto Layout engine of one view hierarchy (its root: a window, or a view not in a window): a Cassowary solver
/// over every item the active constraints mention and their ancestors. Changes are incremental — a constraint
/// activated or deactivated, a constant or priority changed, an intrinsic size invalidated, a frame set by code on an
/// autoresizing view — and only views whose solved rectangle changed get new frames. Moving views between
/// hierarchies rebuilds the engines concerned at their next layout.
@MainActor
final class LayoutEngine {
    static let log = Logger(label: "vitrine.layout")

    private let solver = Solver()
    private weak var root: UIView?
    /// Whether this is the hierarchy's engine (items point back at it) or a measuring one (`systemLayoutSizeFitting`).
    private let isMain: Bool
    private var variables: [ObjectIdentifier: LayoutVariables] = [:]
    /// Items in the order they were registered: every item after the items it is placed relative to.
    private struct Entry { weak var item: (any LayoutItem)? ; let variables: LayoutVariables }
    private var entries: [Entry] = []
    /// NSLayoutConstraints the solver holds, what they became, and the constant the solver has for each (the
    /// constraint's may have changed since, several times in a turn).
    private struct Installed {
        let constraint: NSLayoutConstraint
        let solved: Constraint
        var constant: CGFloat
    }
    private var installed: [ObjectIdentifier: Installed] = [:]

    var needsRebuild = true
    private var pendingAdds: [NSLayoutConstraint] = []
    private var pendingRemoves: [NSLayoutConstraint] = []
    private var pendingConstants: [NSLayoutConstraint] = []
    private var dirtyPins: [UIView] = []
    private var dirtyIntrinsic: [UIView] = []
    /// For a measuring engine: the root's size wishes.
    private var fitting: (width: Double, height: Double, horizontal: UILayoutPriority, vertical: UILayoutPriority)?

    init(root: UIView, main: Bool = true) {
        self.root = root
        isMain = main
    }

    // MARK: Entry points from constraints and views

    /// The engine of `view`'s hierarchy, made if there is none.
    static func engine(for view: UIView) -> LayoutEngine {
        let root = view.hierarchyRoot
        let state = root.autoLayoutState
        if let engine = state.engine { return engine }
        let engine = LayoutEngine(root: root)
        state.engine = engine
        // The first layout under constraints asks every view for its constraints (UIKit's update pass).
        root.forEachInSubtree { $0.autoLayoutState.needsUpdateConstraints = true }
        pendingUpdateRoots.append(WeakView(view: root))
        return engine
    }

    /// The closest common ancestor of `c`'s items, where activation installs it; `nil` (logged) when UIKit refuses
    /// the constraint or an item is gone. Items in different hierarchies stop the program, as UIKit's exception does.
    static func commonAncestor(of c: NSLayoutConstraint) -> UIView? {
        if let refusal = c.refusal {
            LayoutEngine.log.error("NSLayoutConstraint: \(c.layoutDescription()) is not activated: \(refusal)")
            return nil
        }
        let views = c.allItems.compactMap(Self.view(of:))
        guard views.count == c.allItems.count, let first = views.first else {
            LayoutEngine.log.error("NSLayoutConstraint: an item of \(c.layoutDescription()) is gone; not activated")
            return nil
        }
        var ancestor: UIView? = first
        for v in views.dropFirst() {
            while let a = ancestor, !v.isDescendant(of: a) { ancestor = a.superview }
        }
        guard let ancestor else {
            let anchors = c.allItems.map { NSLayoutConstraint.itemName($0) }.joined(separator: "> and <")
            preconditionFailure("Unable to activate constraint with anchors <\(anchors)> because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.")
        }
        return ancestor
    }

    /// Installs `c` on `view` (`addConstraint(_:)`): active, in `view.constraints`, in `view`'s engine. An item
    /// outside `view`'s subtree is UIKit's error (logged; installed on the closest common ancestor instead).
    static func install(_ c: NSLayoutConstraint, on view: UIView) {
        guard c.installedOn !== view else { return }
        guard let ancestor = commonAncestor(of: c) else { return }
        var target = view
        if !ancestor.isDescendant(of: view) {
            LayoutEngine.log.error("addConstraint: \(c.layoutDescription()) names a view outside \(view)'s subtree; installed on their closest common ancestor")
            target = ancestor
        }
        if c.installedOn != nil { deactivate(c) }
        target.autoLayoutState.installed.append(c)
        c.installedOn = target
        let engine = engine(for: target)
        if !engine.needsRebuild { engine.pendingAdds.append(c) }
        target.setNeedsLayout()
    }

    static func deactivate(_ c: NSLayoutConstraint) {
        guard let view = c.installedOn else { return }
        view.autoLayoutState.installed.removeAll { $0 === c }
        c.installedOn = nil
        if let engine = view.hierarchyRoot.autoLayout?.engine, !engine.needsRebuild {
            engine.pendingAdds.removeAll { $0 === c }
            if engine.installed[ObjectIdentifier(c)] != nil { engine.pendingRemoves.append(c) }
        }
        view.setNeedsLayout()
    }

    static func constantDidChange(_ c: NSLayoutConstraint) {
        guard let view = c.installedOn, let engine = view.hierarchyRoot.autoLayout?.engine, !engine.needsRebuild else { return }
        if engine.installed[ObjectIdentifier(c)] != nil { engine.pendingConstants.append(c) }
        view.setNeedsLayout()
    }

    static func priorityDidChange(_ c: NSLayoutConstraint) {
        guard let view = c.installedOn, let engine = view.hierarchyRoot.autoLayout?.engine, !engine.needsRebuild else { return }
        if engine.installed[ObjectIdentifier(c)] != nil {
            engine.pendingRemoves.append(c)
            engine.pendingAdds.append(c)
        }
        view.setNeedsLayout()
    }

    /// An autoresizing (or root) view in an engine changed its frame by code or by autoresizing: its pins move.
    func pinsChanged(_ view: UIView) {
        if !needsRebuild { dirtyPins.append(view) }
    }

    func intrinsicChanged(_ view: UIView) {
        if !needsRebuild { dirtyIntrinsic.append(view) }
    }

    /// The view an item is placed in (a view itself; a guide's owning view); `nil` for anything else.
    static func view(of item: AnyObject) -> UIView? {
        (item as? UIView) ?? (item as? UILayoutGuide)?.owningView
    }

    /// Whether `item` lies in this engine's tree: the hierarchy's, or for a measuring engine the measured view's
    /// subtree (its root is not the top of its hierarchy).
    private func holds(_ item: AnyObject) -> Bool {
        guard let root, let view = Self.view(of: item) else { return false }
        return view.isDescendant(of: root)
    }

    // MARK: The update-constraints pass

    private struct WeakView { weak var view: UIView? }
    /// Roots whose subtrees have views waiting for `updateConstraints()`.
    private static var pendingUpdateRoots: [WeakView] = []

    static func noteNeedsUpdateConstraints(_ view: UIView) {
        pendingUpdateRoots.append(WeakView(view: view))
    }

    /// Runs `updateConstraints()` on the views below `top` that asked for it, leaves first (UIKit's order: a view's
    /// constraints may depend on its subviews').
    static func updateConstraints(in top: UIView) {
        guard !pendingUpdateRoots.isEmpty else { return }
        var waiting: [(depth: Int, view: UIView)] = []
        var kept: [WeakView] = []
        for entry in pendingUpdateRoots {
            guard let v = entry.view else { continue }
            guard v.isDescendant(of: top) else { kept.append(entry); continue }
            v.forEachInSubtree { candidate in
                if candidate.autoLayout?.needsUpdateConstraints == true { waiting.append((candidate.depth, candidate)) }
            }
        }
        pendingUpdateRoots = kept
        waiting.sort { $0.depth > $1.depth }
        for (_, view) in waiting where view.autoLayout?.needsUpdateConstraints == true {
            view.autoLayout?.needsUpdateConstraints = false
            // A controller's root view: the controller's pass, which runs the view's (UIKit's order).
            if let controller = view.viewDelegate { controller.updateViewConstraints() } else { view.updateConstraints() }
        }
    }

    // MARK: Solving

    /// Brings the engine up to date with its hierarchy and writes the frames that changed. Runs before layout.
    func sync() {
        guard let root else { return }
        Self.updateConstraints(in: root)
        if needsRebuild || !applyPending() {
            rebuild()
        }
        var anyChanged = false
        solver.updateVariables { variable in
            (variable.context as? LayoutVariables)?.changed = true
            anyChanged = true
        }
        guard isMain, anyChanged else { return }
        // Parents before children (the order items were registered in): a view moves when its rectangle or its
        // parent's changed (its frame is relative to the parent's). (The flags are read before the item, whose weak
        // reference costs more to load, and most items of a large layout did not move.)
        let scale = root.window?.screen.scale ?? UIScreen.main.scale
        for i in entries.indices {
            let v = entries[i].variables
            guard v.changed || v.parent?.changed == true, let pv = v.parent,
                  let view = entries[i].item as? UIView, !view.translatesAutoresizingMaskIntoConstraints, view !== root
            else { continue }
            apply(v, in: pv, to: view, scale: scale)
        }
        applyContentSizes(scale: scale)
        for i in entries.indices { entries[i].variables.changed = false }
    }

    /// Writes a solved rectangle into `view`'s bounds size and centre, on the screen's pixel grid; `pv` are its
    /// superview's variables.
    private func apply(_ v: LayoutVariables, in pv: LayoutVariables, to view: UIView, scale: CGFloat) {
        guard let parent = view.superview else { return }
        func snap(_ value: Double) -> CGFloat { (CGFloat(value) * scale).rounded() / scale }
        let origin = Self.contentOrigin(of: parent)
        let minX = snap(v.x.value - pv.x.value) + origin.x
        let minY = snap(v.y.value - pv.y.value) + origin.y
        let maxX = snap(v.x.value + v.w.value - pv.x.value) + origin.x
        let maxY = snap(v.y.value + v.h.value - pv.y.value) + origin.y
        let size = CGSize(width: max(0, maxX - minX), height: max(0, maxY - minY))
        let center = CGPoint(x: minX + size.width / 2, y: minY + size.height / 2)
        if view.bounds.size != size { view.setBoundsSize(size) }
        if view.center != center { view.center = center }
    }

    /// Where a view's solved rectangle starts in its bounds coordinates: the bounds origin (what it shows at its
    /// top-left), except in a scroll view, whose subviews are laid out in content coordinates — constraints place
    /// content, and scrolling moves it.
    static func contentOrigin(of view: UIView) -> CGPoint { view is UIScrollView ? .zero : view.bounds.origin }

    /// Scroll views whose content guide the constraints size: their content size follows it.
    private func applyContentSizes(scale: CGFloat) {
        for entry in entries where entry.variables.changed {
            guard let guide = entry.item as? UILayoutGuide, guide.role == .scrollContent,
                  let scrollView = guide.owningView as? UIScrollView else { continue }
            func snap(_ value: Double) -> CGFloat { (CGFloat(value) * scale).rounded() / scale }
            scrollView.contentSize = CGSize(width: max(0, snap(entry.variables.w.value)), height: max(0, snap(entry.variables.h.value)))
        }
    }

    private func rebuild() {
        guard let root else { return }
        Self.rebuilds += 1
        solver.reset()
        for entry in entries { if isMain { entry.item?.layoutVariables = nil } }
        variables = [:]; entries = []; installed = [:]
        pendingAdds = []; pendingRemoves = []; pendingConstants = []; dirtyPins = []; dirtyIntrinsic = []
        needsRebuild = false
        register(root)
        var all: [NSLayoutConstraint] = []
        root.forEachInSubtree { view in all.append(contentsOf: view.autoLayout?.installed ?? []) }
        // Every item first, with its pins (autoresizing masks, guides): those are required and what the app's
        // constraints are checked against, so a contradiction breaks one of the app's, as in UIKit.
        for c in all {
            for case let item as any LayoutItem in c.allItems where holds(item) { register(item) }
        }
        add(all)
    }

    /// Adds constraints in the order that keeps the solver's work small: those about one item (a width or height
    /// constant) first, then the rest as they came. A size fixed before the constraints that build on it is a
    /// constant in their rows; fixed after, it is substituted into every row built on it so far (a window's
    /// constraints are gathered before its subviews' own, so a column of N views pinned top to bottom had made the
    /// first layout quadratic in N).
    /// (A constraint listed twice is added once.)
    private func add(_ constraints: [NSLayoutConstraint]) {
        for oneItem in [true, false] {
            for c in constraints where (c.secondItem == nil && c.secondOffset == nil) == oneItem
                && installed[ObjectIdentifier(c)] == nil { add(c) }
        }
    }

    /// Applies the changes noted since the last sync; `false` when one contradicts the required constraints in a way
    /// only a rebuild sorts out (a frame set by code that the app's required constraints forbid).
    private func applyPending() -> Bool {
        let removes = pendingRemoves, adds = pendingAdds, constants = pendingConstants
        let pins = dirtyPins, intrinsic = dirtyIntrinsic
        pendingRemoves = []; pendingAdds = []; pendingConstants = []; dirtyPins = []; dirtyIntrinsic = []
        for c in removes {
            guard let record = installed.removeValue(forKey: ObjectIdentifier(c)) else { continue }
            try? solver.remove(record.solved)
        }
        for c in constants {
            // (A constraint changed several times is listed as often: after the first, it is up to date.)
            guard let record = installed[ObjectIdentifier(c)], record.constant != c.constant else { continue }
            do {
                // The solver's constant is the expression's: the constraint's constant enters it negated.
                try solver.setConstant(-Double(c.constant), of: record.solved, was: -Double(record.constant))
                installed[ObjectIdentifier(c)]!.constant = c.constant
            } catch {
                installed[ObjectIdentifier(c)] = nil
                try? solver.remove(record.solved)
                add(c)
            }
        }
        add(adds.filter(\.isActive))
        for view in pins where !updatePins(of: view) { return false }
        for view in intrinsic { updateIntrinsic(of: view) }
        return true
    }

    // MARK: Items

    /// The variables of `item`, registering it (and what it is placed relative to) when it is new.
    @discardableResult
    private func register(_ item: any LayoutItem) -> LayoutVariables {
        if let existing = variables[ObjectIdentifier(item)] { return existing }
        let parent = item.layoutParentView
        let parentVariables = parent.flatMap { p -> LayoutVariables? in
            guard item !== root else { return nil }
            return register(p)
        }
        let v = LayoutVariables(NSLayoutConstraint.itemName(item))
        for variable in [v.x, v.y, v.w, v.h] { variable.context = v }
        v.parent = parentVariables
        variables[ObjectIdentifier(item)] = v
        entries.append(Entry(item: item, variables: v))
        if isMain { item.layoutVariables = v }
        if let view = item as? UIView {
            if view === root || parentVariables == nil {
                pinRoot(view, v)
            } else if view.translatesAutoresizingMaskIntoConstraints {
                makeMaskPins(view, v, parentVariables!)
            } else {
                updateIntrinsic(of: view)
            }
        } else if let guide = item as? UILayoutGuide, let owner = parentVariables, let ownerView = guide.owningView {
            makeGuidePins(guide, v, owner, ownerView)
        }
        return v
    }

    private func addRequired(_ c: Constraint, to v: LayoutVariables) {
        do { try solver.add(c); v.pins.append(c) } catch {
            Self.log.error("Auto Layout: a pin could not be added (\(c)): \(error)")
        }
    }

    /// The root: at the origin with its bounds size (or, measuring, as small or big as its content asks).
    private func pinRoot(_ view: UIView, _ v: LayoutVariables) {
        addRequired(Expr(v.x) == 0, to: v)
        addRequired(Expr(v.y) == 0, to: v)
        if let fitting {
            addRequired(Expr(v.w) >= 0, to: v)
            addRequired(Expr(v.h) >= 0, to: v)
            try? solver.add((Expr(v.w) == fitting.width) | Self.strength(fitting.horizontal))
            try? solver.add((Expr(v.h) == fitting.height) | Self.strength(fitting.vertical))
            return
        }
        let size = view.bounds.size
        let wc = Expr(v.w) == Double(size.width), hc = Expr(v.h) == Double(size.height)
        addRequired(wc, to: v)
        addRequired(hc, to: v)
        v.pinConstants = [Double(size.width), Double(size.height)]
    }

    /// What an autoresizing mask says, as constraints (UIKit's `NSAutoresizingMaskLayoutConstraint`s): per axis the
    /// leading margin and the size are fixed, or grow with the superview in the shares Vitrine's autoresizing
    /// arithmetic gives them (UIView+Layout.swift), so the engine and autoresizing agree.
    private func maskTerms(_ view: UIView) -> (constants: [Double], shares: [Double]) {
        let f = view.frame
        guard let parent = view.superview else { return ([0, 0, 0, 0], [0, 0, 0, 0]) }
        let size = parent.bounds.size, origin = parent.bounds.origin
        let mask = parent.autoresizesSubviews ? view.autoresizingMask : []
        func axis(_ pos: CGFloat, _ len: CGFloat, _ parentLength: CGFloat, _ lead: Bool, _ flex: Bool, _ trail: Bool) -> (Double, Double) {
            guard let w = UIView.autoresizingWeights(position: pos, length: len, parentLength: parentLength, flexibleLeading: lead,
                                                     flexibleSize: flex, flexibleTrailing: trail) else { return (0, 0) }
            return (Double(w.leading / w.total), Double(w.size / w.total))
        }
        let (fx, fw) = axis(f.minX, f.width, size.width, mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                            mask.contains(.flexibleRightMargin))
        let (fy, fh) = axis(f.minY, f.height, size.height, mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                            mask.contains(.flexibleBottomMargin))
        // x − P.x − fx·P.w == (f.minX − origin.x) − fx·S.w, and so on.
        let constants = [Double(f.minX - origin.x) - fx * Double(size.width), Double(f.width) - fw * Double(size.width),
                         Double(f.minY - origin.y) - fy * Double(size.height), Double(f.height) - fh * Double(size.height)]
        return (constants, [fx, fw, fy, fh])
    }

    private func makeMaskPins(_ view: UIView, _ v: LayoutVariables, _ p: LayoutVariables) {
        let (k, s) = maskTerms(view)
        let made = [Expr(v.x) - p.x - p.w * s[0] == k[0], Expr(v.w) - p.w * s[1] == k[1],
                    Expr(v.y) - p.y - p.h * s[2] == k[2], Expr(v.h) - p.h * s[3] == k[3]]
        for c in made { addRequired(c, to: v) }
        v.pinConstants = k
        v.pinShares = s
    }

    /// Moves `view`'s pins to its current frame; `false` when the app's required constraints forbid the new frame
    /// (the engine is then rebuilt, breaking one of them).
    private func updatePins(of view: UIView) -> Bool {
        guard let v = variables[ObjectIdentifier(view)], !v.pins.isEmpty else { return true }
        if view === root {
            // The root: its size.
            let new = [Double(view.bounds.width), Double(view.bounds.height)]
            for i in 0..<2 where new[i] != v.pinConstants[i] {
                do { try solver.setConstant(-new[i], of: v.pins[2 + i], was: -v.pinConstants[i]) } catch { return false }
                v.pinConstants[i] = new[i]
            }
            return true
        }
        guard view.translatesAutoresizingMaskIntoConstraints, let parent = view.superview,
              let p = variables[ObjectIdentifier(parent)] else { return true }
        let (k, s) = maskTerms(view)
        if s == v.pinShares {
            for i in 0..<4 where k[i] != v.pinConstants[i] {
                do { try solver.setConstant(-k[i], of: v.pins[i], was: -v.pinConstants[i]) } catch { return false }
                v.pinConstants[i] = k[i]
            }
        } else {
            for c in v.pins { try? solver.remove(c) }
            v.pins = []
            makeMaskPins(view, v, p)
            if v.pins.count < 4 { return false }
        }
        return true
    }

    private func makeGuidePins(_ guide: UILayoutGuide, _ g: LayoutVariables, _ o: LayoutVariables, _ owner: UIView) {
        let insets: UIEdgeInsets
        switch guide.role {
        case .custom: return
        case .scrollContent:
            // The content's rectangle starts at the content's origin (where the scroll view's subviews are placed
            // from); its size is what the constraints make it, and becomes the content size.
            addRequired(Expr(g.x) == Expr(o.x), to: g)
            addRequired(Expr(g.y) == Expr(o.y), to: g)
            return
        case .scrollFrame:
            // The visible rectangle, in content coordinates: the scroll view's size, at the content offset.
            let offset = owner.bounds.origin
            addRequired(Expr(g.x) == o.x + Double(offset.x), to: g)
            addRequired(Expr(g.y) == o.y + Double(offset.y), to: g)
            addRequired(Expr(g.w) == Expr(o.w), to: g)
            addRequired(Expr(g.h) == Expr(o.h), to: g)
            return
        case .margins, .readableContent: insets = owner.layoutMargins
        case .safeArea: insets = owner.safeAreaInsets
        }
        addRequired(Expr(g.y) == o.y + Double(insets.top), to: g)
        addRequired(Expr(g.h) == o.h - Double(insets.top + insets.bottom), to: g)
        if guide.role == .readableContent {
            // Centred in the margins, as wide as they allow up to a readable line (672 points).
            addRequired(Expr(g.x) + g.w * 0.5 == o.x + Double(insets.left) + (o.w - Double(insets.left + insets.right)) * 0.5, to: g)
            addRequired(Expr(g.w) <= o.w - Double(insets.left + insets.right), to: g)
            addRequired(Expr(g.w) <= 672, to: g)
            try? solver.add((Expr(g.w) == o.w - Double(insets.left + insets.right)) | Self.strength(UILayoutPriority(999)))
        } else {
            addRequired(Expr(g.x) == o.x + Double(insets.left), to: g)
            addRequired(Expr(g.w) == o.w - Double(insets.left + insets.right), to: g)
        }
    }

    /// Hugging (≤ the intrinsic size) and compression resistance (≥) per axis with an intrinsic size.
    private func updateIntrinsic(of view: UIView) {
        guard let v = variables[ObjectIdentifier(view)], !view.translatesAutoresizingMaskIntoConstraints else { return }
        let size = view.intrinsicContentSize
        // Through the overridable getters: a subclass may give its own priorities.
        let hugging = (view.contentHuggingPriority(for: .horizontal), view.contentHuggingPriority(for: .vertical))
        let compression = (view.contentCompressionResistancePriority(for: .horizontal),
                           view.contentCompressionResistancePriority(for: .vertical))
        let key = [Double(size.width), Double(size.height), Double(hugging.0.rawValue), Double(hugging.1.rawValue),
                   Double(compression.0.rawValue), Double(compression.1.rawValue)]
        guard key != v.intrinsicKey else { return }
        let old = v.intrinsicKey
        v.intrinsicKey = key
        for axis in 0..<2 {
            let length = axis == 0 ? size.width : size.height
            let variable = axis == 0 ? v.w : v.h
            let hug = axis == 0 ? hugging.0 : hugging.1
            let resist = axis == 0 ? compression.0 : compression.1
            let samePriorities = old.count == 6 && old[2 + axis] == key[2 + axis] && old[4 + axis] == key[4 + axis]
            let had = v.intrinsic[axis * 2] != nil
            let has = length != UIView.noIntrinsicMetric && length >= 0 && length.isFinite
            if had && has && samePriorities {
                let was = old[axis]
                try? solver.setConstant(-Double(length), of: v.intrinsic[axis * 2]!, was: -was)
                try? solver.setConstant(-Double(length), of: v.intrinsic[axis * 2 + 1]!, was: -was)
                continue
            }
            for i in [axis * 2, axis * 2 + 1] { if let c = v.intrinsic[i] { try? solver.remove(c) }; v.intrinsic[i] = nil }
            guard has else { continue }
            let hugging = (Expr(variable) <= Double(length)) | Self.strength(hug)
            let resistance = (Expr(variable) >= Double(length)) | Self.strength(resist)
            do {
                try solver.add(hugging); v.intrinsic[axis * 2] = hugging
                try solver.add(resistance); v.intrinsic[axis * 2 + 1] = resistance
            } catch {
                Self.log.error("Auto Layout: \(view)'s intrinsic size could not be added: \(error)")
            }
        }
    }

    // MARK: Constraints

    /// A priority as a solver strength: required at 1000; below, a weight of 10^(priority/100), so each step of 100
    /// weighs ten times the one below (a violation of a higher priority costs more than any likely violation of a
    /// lower one, as UIKit orders them).
    static func strength(_ p: UILayoutPriority) -> Strength {
        p.rawValue >= 1000 ? .required : Strength(pow(10, Double(max(p.rawValue, 1)) / 100))
    }

    private func add(_ c: NSLayoutConstraint) {
        guard let expression = expression(for: c) else { return }
        let relation: Relation = c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
        let solved = Constraint(expression, relation, strength: Self.strength(c.priority))
        solved.context = c
        if relation != .equal { addStays(for: expression) }
        do {
            try solver.add(solved)
            c.isBroken = false
            installed[ObjectIdentifier(c)] = Installed(constraint: c, solved: solved, constant: c.constant)
        } catch Solver.Failure.unsatisfiable {
            reportUnsatisfiable(c)
            // Broken: kept as the strongest wish short of required, so layout goes on as close to it as it can.
            let broken = Constraint(expression, relation, strength: Self.strength(UILayoutPriority(999)))
            broken.context = c
            if (try? solver.add(broken)) != nil {
                c.isBroken = true
                installed[ObjectIdentifier(c)] = Installed(constraint: c, solved: broken, constant: c.constant)
            }
        } catch {
            Self.log.error("Auto Layout: \(c.layoutDescription()) was not added (\(error): a constant or multiplier is not a finite number)")
        }
    }

    /// The weight of a size's stay: below any priority's (1 weighs 1.02), so it only settles what they leave free, and
    /// small enough that a thousand stays together still give way to one unit of a priority-1 constraint.
    static let stayStrength = Strength(1e-3)

    /// Gives each width or height an inequality names a stay at 0, the weakest of wishes. UIKit's engine leaves a size
    /// that only inequalities bound where they let it be, at 0 (`width <= 23` alone comes out 0 on iOS); a Cassowary
    /// solver makes the size its row's subject and puts it at the bound instead (23). The stay settles that case as
    /// UIKit does without touching any size the constraints determine. Only sizes named by an inequality get one: an
    /// equality already fixes its sizes, and every stay costs the solver a row.
    private func addStays(for expression: Expr) {
        for term in expression.terms {
            guard let v = term.variable.context as? LayoutVariables else { continue }
            let bit: UInt8 = term.variable === v.w ? 1 : term.variable === v.h ? 2 : 0
            guard bit != 0, v.stays & bit == 0 else { continue }
            v.stays |= bit
            try? solver.add((Expr(term.variable) == 0) | Self.stayStrength)
        }
    }

    /// UIKit's message for a required constraint that contradicts the others, with the constraints that share its
    /// items (the likely culprits).
    private func reportUnsatisfiable(_ c: NSLayoutConstraint) {
        let items = Set(c.allItems.map(ObjectIdentifier.init))
        let related = installed.values.map(\.constraint).filter { other in
            other.allItems.contains { items.contains(ObjectIdentifier($0)) }
        } + c.allItems.flatMap { item in (item as? UIView).map { maskConstraints(of: $0) } ?? [] } + [c]
        let list = related.map { "    \"\($0.layoutDescription())\"" }.joined(separator: ",\n")
        let message = """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. 
            \tTry this: 
            \t\t(1) look at each constraint and try to figure out which you don't expect; 
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
            (
            \(list)
            )

            Will attempt to recover by breaking constraint 
            \(c.layoutDescription())

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
            """
        Self.unsatisfiableReports += 1
        Self.lastUnsatisfiableReport = message
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// How many times an engine was rebuilt from its hierarchy (tests: that changes stay incremental).
    static var rebuilds = 0

    /// How many times constraints had to be broken, and the last message (tests).
    static var unsatisfiableReports = 0
    static var lastUnsatisfiableReport = ""

    /// `first − (multiplier × second + constant)`, over the items' variables; `nil` when an item is gone.
    private func expression(for c: NSLayoutConstraint) -> Expr? {
        guard let lhs = side(Self.scrollContent(c.firstItem, c.firstAttribute, other: c.secondItem), c.firstAttribute, c.firstOffset)
        else { return nil }
        var e = lhs
        if c.secondItem != nil || c.secondOffset != nil {
            guard let rhs = side(Self.scrollContent(c.secondItem, c.secondAttribute, other: c.firstItem), c.secondAttribute,
                                 c.secondOffset) else { return nil }
            e = e - rhs * Double(c.multiplier)
        }
        return e - Double(c.constant)
    }

    /// A scroll view's edges and centre in a constraint with something inside it stand for its content's (UIKit's
    /// rule: such constraints size and place the content, `contentLayoutGuide`); its width and height, and anything
    /// about it from outside, are its frame's.
    private static func scrollContent(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute, other: AnyObject?) -> AnyObject? {
        guard let scrollView = item as? UIScrollView, let other, attribute != .width, attribute != .height,
              attribute != .notAnAttribute else { return item }
        let otherView = (other as? UIView) ?? (other as? UILayoutGuide)?.owningView
        guard let otherView, otherView !== scrollView, otherView.isDescendant(of: scrollView) else { return item }
        return scrollView.contentLayoutGuide
    }

    private func side(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute, _ offset: NSLayoutConstraint.Offset?) -> Expr? {
        if let offset {
            guard let a = attributeExpression(offset.from, offset.fromAttribute),
                  let b = attributeExpression(offset.to, offset.toAttribute) else { return nil }
            return b - a
        }
        guard let item else { return nil }
        return attributeExpression(item, attribute)
    }

    /// An attribute of an item as an expression of its variables. Leading and trailing follow the item's layout
    /// direction: right to left, they are measured leftwards (negated), so `a.leading == b.trailing + 8` puts `a` 8
    /// points to the left of `b`.
    private func attributeExpression(_ object: AnyObject, _ attribute: NSLayoutConstraint.Attribute) -> Expr? {
        guard let item = object as? any LayoutItem, holds(item), let ownerView = Self.view(of: item) else { return nil }
        let v = register(item)
        let view = item as? UIView
        // (Margins and direction only for the attributes that use them: both walk the hierarchy.)
        let margins = attribute.rawValue >= NSLayoutConstraint.Attribute.leftMargin.rawValue ? (view?.layoutMargins ?? .zero) : .zero
        let rtl = attribute.isDirectional && ownerView.effectiveUserInterfaceLayoutDirection == .rightToLeft
        let x = Expr(v.x), y = Expr(v.y), w = Expr(v.w), h = Expr(v.h)
        switch attribute {
        case .left: return x
        case .right: return x + w
        case .top: return y
        case .bottom: return y + h
        case .width: return w
        case .height: return h
        case .centerX: return x + w * 0.5
        case .centerY: return y + h * 0.5
        case .leading: return rtl ? (x + w) * (-1.0) : x
        case .trailing: return rtl ? x * (-1.0) : x + w
        case .leftMargin: return x + Double(margins.left)
        case .rightMargin: return x + w - Double(margins.right)
        case .topMargin: return y + Double(margins.top)
        case .bottomMargin: return y + h - Double(margins.bottom)
        case .leadingMargin: return rtl ? (x + w - Double(margins.right)) * (-1.0) : x + Double(margins.left)
        case .trailingMargin: return rtl ? (x + Double(margins.left)) * (-1.0) : x + w - Double(margins.right)
        case .centerXWithinMargins: return x + w * 0.5 + Double(margins.left - margins.right) / 2
        case .centerYWithinMargins: return y + h * 0.5 + Double(margins.top - margins.bottom) / 2
        case .firstBaseline:
            // A view may lend its baseline to another in its subtree (`forFirstBaselineLayout`): the variables are
            // all in the root's coordinates, so that view's baseline is this one's.
            if let view, case let other = view.forFirstBaselineLayout, other !== view, other.isDescendant(of: view) {
                return attributeExpression(other, .firstBaseline)
            }
            guard let view, let offset = view.baselineOffsetsFromCenter else { return y + h }
            return y + h * 0.5 + Double(offset.first)
        case .lastBaseline:
            if let view, case let other = view.forLastBaselineLayout, other !== view, other.isDescendant(of: view) {
                return attributeExpression(other, .lastBaseline)
            }
            guard let view, let offset = view.baselineOffsetsFromCenter else { return y + h }
            return y + h * 0.5 + Double(offset.last)
        case .notAnAttribute: return nil
        }
    }

    // MARK: Reading results

    /// `view`'s autoresizing mask as the constraints UIKit would show for it (minX, width, minY, height), when the
    /// engine lays the view out by its mask; none otherwise.
    func maskConstraints(of view: UIView) -> [NSLayoutConstraint] {
        guard view.translatesAutoresizingMaskIntoConstraints, view !== root, let v = variables[ObjectIdentifier(view)],
              v.pinConstants.count == 4, v.pinShares.count == 4 else { return [] }
        // Pins are in the root's coordinates, relative to the superview's origin (see maskTerms): shown in the
        // superview's, as a frame is.
        let origin = view.superview?.bounds.origin ?? .zero
        let k = v.pinConstants, s = v.pinShares
        return [NSAutoresizingMaskLayoutConstraint(view: view, quantity: "minX", share: CGFloat(s[0]), constant: CGFloat(k[0]) + origin.x),
                NSAutoresizingMaskLayoutConstraint(view: view, quantity: "width", share: CGFloat(s[1]), constant: CGFloat(k[1])),
                NSAutoresizingMaskLayoutConstraint(view: view, quantity: "minY", share: CGFloat(s[2]), constant: CGFloat(k[2]) + origin.y),
                NSAutoresizingMaskLayoutConstraint(view: view, quantity: "height", share: CGFloat(s[3]), constant: CGFloat(k[3]))]
    }

    /// Whether `view`'s rectangle is left undetermined by its constraints (some of its variables are free).
    func isAmbiguous(_ view: UIView) -> Bool {
        guard let v = variables[ObjectIdentifier(view)] else { return false }
        return ![v.x, v.y, v.w, v.h].allSatisfy(solver.isDetermined)
    }


    /// `item`'s solved rectangle in `view`'s coordinates (`view` in the same engine).
    static func frame(of item: any LayoutItem, in view: UIView) -> CGRect {
        if let v = item.layoutVariables, let pv = view.layoutVariables {
            let origin = Self.contentOrigin(of: view)
            return CGRect(x: v.x.value - pv.x.value + origin.x, y: v.y.value - pv.y.value + origin.y,
                          width: v.w.value, height: v.h.value)
        }
        if let guide = item as? UILayoutGuide {
            switch guide.role {
            case .margins, .readableContent: return view.bounds.inset(by: view.layoutMargins)
            case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
            case .scrollContent: return CGRect(origin: .zero, size: (view as? UIScrollView)?.contentSize ?? .zero)
            case .scrollFrame: return view.bounds
            case .custom: return .zero
            }
        }
        return (item as? UIView)?.frame ?? .zero
    }

    /// The size `view` takes with its constraints when asked to be as close to `target` as the fitting priorities
    /// allow (`systemLayoutSizeFitting`): a measuring engine over the view and its subtree.
    static func fittingSize(of view: UIView, target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize {
        updateConstraints(in: view)
        let engine = LayoutEngine(root: view, main: false)
        engine.fitting = (Double(min(target.width, 1e7)), Double(min(target.height, 1e7)), horizontal, vertical)
        engine.needsRebuild = false
        engine.register(view)
        var all: [NSLayoutConstraint] = []
        view.forEachInSubtree { all.append(contentsOf: $0.autoLayout?.installed ?? []) }
        // The view's own size constraints may be installed on it or above it (its superview holds the
        // constraints between it and its siblings; those with the superview are not the view's and stay out).
        var ancestor = view.superview
        while let a = ancestor {
            for c in a.autoLayout?.installed ?? [] where c.allItems.allSatisfy({ item in
                Self.view(of: item)?.isDescendant(of: view) == true
            }) { all.append(c) }
            ancestor = a.superview
        }
        for c in all { engine.add(c) }
        engine.solver.updateVariables()
        guard let v = engine.variables[ObjectIdentifier(view)] else { return view.bounds.size }
        let scale = view.window?.screen.scale ?? UIScreen.main.scale
        return CGSize(width: (CGFloat(v.w.value) * scale).rounded(.up) / scale, height: (CGFloat(v.h.value) * scale).rounded(.up) / scale)
    }
}
