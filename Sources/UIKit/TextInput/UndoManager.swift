import Foundation

/// Records changes so they can be undone and redone (Foundation's `UndoManager`, which Linux's Foundation does not
/// have): undo actions registered in one turn of the main run loop form one group (`groupsByEvent`), or explicit
/// groups nest; undoing a group runs its actions in reverse, and what they register while undoing goes on the redo
/// stack.
@preconcurrency @MainActor
open class UndoManager: NSObject {
    /// One undoable step: its actions, run last first.
    private final class Group {
        var actions: [() -> Void] = []
        var name = ""
    }
    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    private var open: [Group] = []
    /// The group opened implicitly for this turn of the run loop.
    private var implicitOpen = false
    private var disabled = 0

    /// Whether registrations in one turn of the run loop form one group (true, as Foundation's).
    open var groupsByEvent = true
    /// How many groups are kept (0: no limit).
    open var levelsOfUndo = 0
    open private(set) var isUndoing = false
    open private(set) var isRedoing = false
    open var isUndoRegistrationEnabled: Bool { disabled == 0 }
    open var canUndo: Bool { !undoStack.isEmpty || open.contains { !$0.actions.isEmpty } }
    open var canRedo: Bool { !redoStack.isEmpty }
    open var groupingLevel: Int { open.count }

    public override init() { super.init() }

    open func beginUndoGrouping() { open.append(Group()) }

    open func endUndoGrouping() {
        guard let group = open.popLast() else { return }
        guard !group.actions.isEmpty else { return }
        if let outer = open.last {
            outer.actions.append { [weak self] in self?.run(group) }
            if outer.name.isEmpty { outer.name = group.name }
            return
        }
        push(group)
    }

    private func push(_ group: Group) {
        if isUndoing {
            redoStack.append(group)
        } else {
            undoStack.append(group)
            if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
            if !isRedoing { redoStack.removeAll() }
        }
    }

    private func run(_ group: Group) {
        for action in group.actions.reversed() { action() }
    }

    /// Registers `handler` to undo a change to `target`.
    open func registerUndo<Target: AnyObject>(withTarget target: Target, handler: @escaping @MainActor (Target) -> Void) {
        guard disabled == 0 else { return }
        if open.isEmpty {
            guard groupsByEvent || isUndoing || isRedoing else { return }
            openImplicitGroup()
        }
        open.last!.actions.append { [weak target] in
            guard let target else { return }
            handler(target)
        }
    }

    private func openImplicitGroup() {
        beginUndoGrouping()
        if isUndoing || isRedoing { return } // (closed by undo/redo itself)
        implicitOpen = true
        // Closed at the end of this turn of the run loop.
        UIApplication.shared.runLoop.schedule(after: 0) { [weak self] _ in self?.closeImplicitGroup() }
    }

    private func closeImplicitGroup() {
        guard implicitOpen else { return }
        implicitOpen = false
        while !open.isEmpty { endUndoGrouping() }
    }

    /// Undoes the last group (closing the open one first).
    open func undo() {
        closeImplicitGroup()
        guard let group = undoStack.popLast() else { return }
        isUndoing = true
        beginUndoGrouping()
        run(group)
        let name = group.name
        open.last?.name = name
        endUndoGrouping()
        isUndoing = false
    }

    /// Redoes the last undone group.
    open func redo() {
        guard let group = redoStack.popLast() else { return }
        isRedoing = true
        beginUndoGrouping()
        run(group)
        open.last?.name = group.name
        endUndoGrouping()
        isRedoing = false
    }

    open func undoNestedGroup() { undo() }

    open func removeAllActions() {
        undoStack.removeAll(); redoStack.removeAll(); open.removeAll(); implicitOpen = false
    }

    /// Removes what `target` registered: its groups go entirely (the actions do not say whose they are).
    open func removeAllActions(withTarget target: AnyObject) { removeAllActions() }

    open func disableUndoRegistration() { disabled += 1 }
    open func enableUndoRegistration() { disabled = max(0, disabled - 1) }

    /// Names the open (or last) group, for a menu ("Undo Typing").
    open func setActionName(_ actionName: String) {
        if let g = open.last { g.name = actionName } else { undoStack.last?.name = actionName }
    }
    open var undoActionName: String { open.last(where: { !$0.actions.isEmpty })?.name ?? undoStack.last?.name ?? "" }
    open var redoActionName: String { redoStack.last?.name ?? "" }
    open var undoMenuItemTitle: String { undoActionName.isEmpty ? "Undo" : "Undo \(undoActionName)" }
    open var redoMenuItemTitle: String { redoActionName.isEmpty ? "Redo" : "Redo \(redoActionName)" }
}
