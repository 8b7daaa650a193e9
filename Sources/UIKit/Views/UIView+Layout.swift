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
    /// Marks the view as needing layout; `layoutSubviews()` runs in the next layout pass.
    public func setNeedsLayout() {
        needsLayoutFlag = true
        superview?.markSubtreeNeedsLayout()
    }

    /// Lays out now, if layout is pending: from the highest ancestor that needs layout (CALayer's rule), down
    /// through every subtree with pending layout.
    public func layoutIfNeeded() {
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
            viewDelegate?.viewWillLayoutSubviews()
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
        if autoresizesSubviews {
            for subview in subviews where !subview.autoresizingMask.isEmpty {
                subview.resize(withOldSuperviewSize: oldSize)
            }
        }
        setNeedsLayout()
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
        guard delta != 0, flexibleLeading || flexibleSize || flexibleTrailing else { return (position, length) }
        // Weights: the current lengths of the flexible parts (negative parts weigh nothing).
        let leadingWeight = flexibleLeading ? Swift.max(0, position) : 0
        let sizeWeight = flexibleSize ? Swift.max(0, length) : 0
        let trailingWeight = flexibleTrailing ? Swift.max(0, oldLength - position - length) : 0
        let total = leadingWeight + sizeWeight + trailingWeight
        let count = CGFloat((flexibleLeading ? 1 : 0) + (flexibleSize ? 1 : 0) + (flexibleTrailing ? 1 : 0))
        func share(_ flexible: Bool, _ weight: CGFloat) -> CGFloat {
            guard flexible else { return 0 }
            return total > 0 ? delta * weight / total : delta / count
        }
        return (position + share(flexibleLeading, leadingWeight), Swift.max(0, length + share(flexibleSize, sizeWeight)))
    }
}
