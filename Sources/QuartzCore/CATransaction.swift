import Foundation

/// Groups layer-tree changes into one commit, as Core Animation does, with the animation settings for the
/// changes made in it.
///
/// Every change to the layer tree belongs to a transaction. Changes made without an explicit one belong to the
/// implicit transaction of the current run-loop turn, committed before the main run loop sleeps: that commit
/// is the frame's work (layout, display, compositing, presenting), done by whoever installed the commit
/// handler — UIKit's application. An explicit transaction (`begin()` … `commit()`) commits when the
/// outermost `commit()` runs. `flush()` commits now.
///
/// Settings (`setAnimationDuration`, `setAnimationTimingFunction`, `setDisableActions`) apply to the changes
/// made while the transaction is open (the innermost setting wins); a completion block runs once every
/// animation added in the transaction has stopped (at once if there were none).
@preconcurrency @MainActor
public enum CATransaction {
    /// One open transaction: its settings and completion.
    private struct Frame {
        var duration: CFTimeInterval?
        var timingFunction: CAMediaTimingFunction?
        var disableActions: Bool?
        var completion: (@MainActor () -> Void)?
        var tracker: CAAnimationTracker?
    }

    /// The implicit transaction of this turn, then the explicit ones (innermost last).
    @exclusivity(unchecked) private static var frames: [Frame] = [Frame()]
    /// Runs the frame's work. Installed by the application that owns the screens.
    private static var commitHandler: (@MainActor () -> Void)?

    /// Opens an explicit transaction; nestable.
    public static func begin() { frames.append(Frame()) }

    /// Closes the innermost explicit transaction; closing the outermost commits the changes made in it (and
    /// before it) to the screen. An unbalanced `commit()` is ignored, as Core Animation logs and ignores it.
    public static func commit() {
        guard frames.count > 1 else { return }
        let frame = frames.removeLast()
        frame.tracker?.close()
        if frames.count == 1 { commitHandler?() }
    }

    /// Commits every pending change now instead of when the run loop next sleeps: layout, display and
    /// compositing happen before `flush()` returns. Inside an explicit transaction it waits for the outermost
    /// `commit()`, as in Core Animation.
    public static func flush() {
        guard frames.count == 1 else { return }
        commitHandler?()
    }

    /// Installs the work a commit does (Vitrine: UIKit's application installs its frame pass).
    public static func setCommitHandler(_ handler: (@MainActor () -> Void)?) { commitHandler = handler }

    /// Whether the implicit transaction holds no settings and no completion for its commit to end (debug builds check
    /// that every such setting noted a frame request).
    package static var implicitTransactionIsEmpty: Bool {
        let f = frames[0]
        return f.duration == nil && f.timingFunction == nil && f.disableActions == nil && f.completion == nil && f.tracker == nil
    }

    /// Ends the implicit transaction of the turn (the frame's commit): its completion block can run once its
    /// animations stop, and its settings are forgotten.
    package static func commitImplicit() {
        let frame = frames[0]
        frames[0] = Frame()
        frame.tracker?.close()
    }

    // MARK: Settings

    /// The duration of animations made in the transaction; 0.25 s unless set.
    public static func animationDuration() -> CFTimeInterval {
        frames.reversed().lazy.compactMap(\.duration).first ?? 0.25
    }

    public static func setAnimationDuration(_ duration: CFTimeInterval) {
        frames[frames.count - 1].duration = duration
        FrameRequest.note() // the implicit transaction's settings end with the frame's commit
    }

    /// The timing function of animations made in the transaction; `nil` (linear for explicit animations, the
    /// default curve for implicit ones) unless set.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        frames.reversed().lazy.compactMap(\.timingFunction).first
    }

    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        frames[frames.count - 1].timingFunction = function
        FrameRequest.note()
    }

    /// Whether property changes run their actions (implicit animations); `false` unless set.
    public static func disableActions() -> Bool {
        frames.reversed().lazy.compactMap(\.disableActions).first ?? false
    }

    public static func setDisableActions(_ flag: Bool) {
        frames[frames.count - 1].disableActions = flag
        FrameRequest.note()
    }

    /// Runs `block` once every animation added from now until the transaction commits has stopped.
    public static func setCompletionBlock(_ block: (@MainActor () -> Void)?) {
        frames[frames.count - 1].completion = block
        frames[frames.count - 1].tracker = block.map { block in CAAnimationTracker { _ in block() } }
        FrameRequest.note()
    }

    /// The completion block of the innermost transaction.
    public static func completionBlock() -> (@MainActor () -> Void)? { frames[frames.count - 1].completion }

    /// Runs `body` with actions disabled (Vitrine's shorthand for begin/setDisableActions/commit without a commit).
    static func withActionsDisabled(_ body: () -> Void) {
        let index = frames.count - 1
        let saved = frames[index].disableActions
        frames[index].disableActions = true
        body()
        frames[index].disableActions = saved
    }

    /// Counts `animation` for the completion blocks of the open transactions.
    static func track(_ animation: CAAnimation) {
        for frame in frames { frame.tracker?.track(animation) }
    }
}
