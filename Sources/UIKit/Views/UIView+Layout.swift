import CoreGraphics

// Layout (seeds: "Autoresizing Behaviors", "Responding to Layout Changes").
//
// When a view's bounds size changes, its subviews are autoresized at once (so their frames are current as
// soon as the setter returns, as in UIKit) and the view is marked as needing layout. Before each frame the
// run loop's layout pass calls `layoutSubviews()` on every view marked since the last pass, parents before
// children; several `setNeedsLayout()` calls in one turn of the run loop give one `layoutSubviews()`.
//
// Autoresizing arithmetic, per axis. With L the superview's old length and Δ its change, the view's axis is
// three parts: the leading margin (x), the size (w) and the trailing margin (L - x - w). Δ is shared among the
// parts the mask makes flexible in proportion to their current lengths — UIKit's documentation: "When more
// than one option along the same axis is set, the default behavior is to distribute the size difference
// proportionally among the flexible portions. The larger the flexible portion, relative to the other flexible
// portions, the more it is likely to grow." When the flexible parts all have zero length, Δ is shared evenly
// (the seeds: "the resize amount is distributed evenly among them"). A single flexible part takes all of Δ.
// Negative parts (a view overhanging its superview) weigh zero, and a size never goes below zero.
extension UIView {
    // (The overridable `setNeedsLayout` is declared in UIView.swift.)
    func baseSetNeedsLayout() {
        needsLayoutFlag = true
        FrameRequest.note()
        superview?.markSubtreeNeedsLayout()
    }

    // (The overridable `layoutIfNeeded` is declared in UIView.swift.)
    func baseLayoutIfNeeded() {
        // Constraints first: the engine writes the frames layout starts from.
        syncLayoutEngine()
        var top = self
        while let s = top.superview, s.needsLayoutFlag { top = s }
        top.layoutSubtreeIfNeeded()
    }

    /// Whether the view itself is marked as needing layout (Vitrine: a read-only window on UIKit's private flag,
    /// for tests and tools).
    public var needsLayout: Bool { needsLayoutFlag }

    func markSubtreeNeedsLayout() {
        FrameRequest.note()
        var v: UIView? = self
        while let current = v, !current.subtreeNeedsLayout {
            current.subtreeNeedsLayout = true
            v = current.superview
        }
    }

    /// Runs pending `layoutSubviews()` calls in this subtree, parents before children, descending only into
    /// subtrees that have something to do.
    func layoutSubtreeIfNeeded() {
        guard needsLayoutFlag || subtreeNeedsLayout else { return }
        if superview == nil, let engine = autoLayout?.engine { engine.sync() }
        if needsLayoutFlag {
            needsLayoutFlag = false
            viewDelegate?.rootViewWillLayout()
            layoutSubviews()
            viewDelegate?.viewDidLayoutSubviews()
        }
        subtreeNeedsLayout = false
        for subview in subviews where subview.needsLayoutFlag || subview.subtreeNeedsLayout {
            subview.layoutSubtreeIfNeeded()
        }
    }

    /// Applies the subviews' autoresizing masks and marks the view for layout after its bounds size changed.
    func boundsSizeDidChange(from oldSize: CGSize) {
        // A window's root controller hears of the new size before its view takes it (UIKit's size transition).
        var transition: SizeTransitionCoordinator?
        if let window = self as? UIWindow, let root = window.rootViewController, root.isViewLoaded {
            let coordinator = SizeTransitionCoordinator(window: window)
            root.viewWillTransition(to: bounds.size, with: coordinator)
            transition = coordinator
        }
        if autoresizesSubviews {
            for subview in subviews where !subview.autoresizingMask.isEmpty {
                subview.resize(withOldSuperviewSize: oldSize)
            }
        }
        setNeedsLayout()
        transition?.finish()
    }

    /// Resizes and moves the view by its autoresizing mask after its superview's bounds size changed from
    /// `oldSize` (NSView's name for UIKit's private equivalent).
    public func resize(withOldSuperviewSize oldSize: CGSize) {
        guard let superview, !autoresizingMask.isEmpty else { return }
        let newSize = superview.bounds.size
        let f = frame
        let mask = autoresizingMask
        let (x, w) = Self.autoresize(position: f.minX, length: f.width, oldLength: oldSize.width,
                                     newLength: newSize.width,
                                     flexibleLeading: mask.contains(.flexibleLeftMargin),
                                     flexibleSize: mask.contains(.flexibleWidth),
                                     flexibleTrailing: mask.contains(.flexibleRightMargin))
        let (y, h) = Self.autoresize(position: f.minY, length: f.height, oldLength: oldSize.height,
                                     newLength: newSize.height,
                                     flexibleLeading: mask.contains(.flexibleTopMargin),
                                     flexibleSize: mask.contains(.flexibleHeight),
                                     flexibleTrailing: mask.contains(.flexibleBottomMargin))
        let newFrame = CGRect(x: x, y: y, width: w, height: h)
        if newFrame != f { frame = newFrame }
    }

    /// One axis of the autoresizing arithmetic described at the top of this file. Returns the new position and
    /// length.
    static func autoresize(position: CGFloat, length: CGFloat, oldLength: CGFloat, newLength: CGFloat,
                           flexibleLeading: Bool, flexibleSize: Bool, flexibleTrailing: Bool) -> (CGFloat, CGFloat) {
        let delta = newLength - oldLength
        guard delta != 0, let w = autoresizingWeights(position: position, length: length, parentLength: oldLength,
                                                      flexibleLeading: flexibleLeading, flexibleSize: flexibleSize,
                                                      flexibleTrailing: flexibleTrailing) else { return (position, length) }
        return (position + delta * w.leading / w.total, Swift.max(0, length + delta * w.size / w.total))
    }

    /// How one axis shares a change of its superview's length: the weights of the leading margin and the size, out of
    /// `total`. Each flexible part weighs its current length (negative parts nothing); when they all weigh nothing,
    /// each flexible part weighs 1 (an even share). `nil` when no part is flexible. (The Auto Layout engine turns
    /// masks into constraints with the same shares.)
    static func autoresizingWeights(position: CGFloat, length: CGFloat, parentLength: CGFloat, flexibleLeading: Bool,
                                    flexibleSize: Bool, flexibleTrailing: Bool) -> (leading: CGFloat, size: CGFloat, total: CGFloat)? {
        guard flexibleLeading || flexibleSize || flexibleTrailing else { return nil }
        let leading = flexibleLeading ? Swift.max(0, position) : 0
        let size = flexibleSize ? Swift.max(0, length) : 0
        let trailing = flexibleTrailing ? Swift.max(0, parentLength - position - length) : 0
        let total = leading + size + trailing
        if total > 0 { return (leading, size, total) }
        let count = CGFloat((flexibleLeading ? 1 : 0) + (flexibleSize ? 1 : 0) + (flexibleTrailing ? 1 : 0))
        return (flexibleLeading ? 1 : 0, flexibleSize ? 1 : 0, count)
    }
}
