/// Groups layer-tree changes into one commit, as Core Animation does.
///
/// Every change to the layer tree belongs to a transaction. Changes made without an explicit one belong to the
/// implicit transaction of the current run-loop turn, committed before the main run loop sleeps: that commit
/// is the frame's work (layout, display, compositing, presenting), done by whoever installed the commit
/// handler — UIKit's application. An explicit transaction (`begin()` … `commit()`) commits when the
/// outermost `commit()` runs. `flush()` commits now.
@MainActor
public enum CATransaction {
    /// Explicit transactions open now (`begin()` without its `commit()` yet).
    private static var depth = 0
    /// Runs the frame's work. Installed by the application that owns the screens.
    private static var commitHandler: (@MainActor () -> Void)?

    /// Opens an explicit transaction; nestable.
    public static func begin() { depth += 1 }

    /// Closes the innermost explicit transaction; closing the outermost commits the changes made in it (and
    /// before it) to the screen. An unbalanced `commit()` is ignored, as Core Animation logs and ignores it.
    public static func commit() {
        guard depth > 0 else { return }
        depth -= 1
        if depth == 0 { commitHandler?() }
    }

    /// Commits every pending change now instead of when the run loop next sleeps: layout, display and
    /// compositing happen before `flush()` returns. Inside an explicit transaction it waits for the outermost
    /// `commit()`, as in Core Animation.
    public static func flush() {
        guard depth == 0 else { return }
        commitHandler?()
    }

    /// Installs the work a commit does (Vitrine: UIKit's application installs its frame pass).
    public static func setCommitHandler(_ handler: (@MainActor () -> Void)?) { commitHandler = handler }
}
