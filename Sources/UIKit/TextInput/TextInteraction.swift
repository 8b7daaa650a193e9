import CoreGraphics
import Foundation
import VitrinePlatform

/// What a text input view gives the editing machinery it shares with the others (UITextField, UITextView): its
/// document, geometry in its own coordinates, and the edits that go through its delegate.
@MainActor
protocol TextInteractionHost: UIView, UITextInput {
    var editor: TextEditor { get }
    /// Whether an editing session is on (the view is first responder and editable).
    var isEditingText: Bool { get }
    /// Whether the text may be copied (not secure text).
    var allowsCopying: Bool { get }
    /// Whether the text may be changed (a read-only text view can still be selected and copied).
    var allowsChanges: Bool { get }
    /// The caret for UTF-16 offset `offset`, and the rectangles a selection covers (one per line).
    func caretRect(offset: Int) -> CGRect
    func selectionRects(range: NSRange) -> [CGRect]
    /// The offset nearest `point`.
    func offset(closestTo point: CGPoint) -> Int
    /// The offset a line up or down from `offset`, keeping `x` (nil: the document's start or end for one line).
    func offset(verticallyFrom offset: Int, up: Bool, x: CGFloat) -> Int?
    /// Replaces `range` as the user does (asking the delegate); `false` when refused.
    @discardableResult func replaceByUser(_ range: NSRange, with string: String, checkDelegate: Bool) -> Bool
    /// Moves the selection as the user does (telling the delegates).
    func setSelection(_ range: NSRange)
    /// Return on a hardware keyboard.
    func returnKeyPressed()
    /// Undo or redo put back an earlier document: show it and tell the delegate and observers.
    func documentRestored()
    /// A hardware key while the view is first responder (a press or a repeat); `false` for keys it does not take.
    func handleHardwareKey(_ key: UIKey) -> Bool
    /// Where the caret, selection, handles live (the view, or a text view's content).
    var decorationContainer: UIView { get }
    /// The view the caret and selection must stay below (the text's own drawing, if a subview).
    var textLayerView: UIView? { get }
}

/// The editing machinery Vitrine's text inputs share: the blinking caret, the selection with its handles, the edit
/// menu (Cut, Copy, Paste, Select All), taps, double and triple taps, long presses and drags, hardware keys, and
/// undo registration — all through the host's geometry and edits.
@MainActor
final class TextInteraction {
    unowned let host: any TextInteractionHost
    private let caret = UIView()
    private var selectionViews: [UIView] = []
    private var handles: [SelectionHandle] = []
    private var blinkTimer: EventLoopTimer?
    private var menu: EditMenuView?
    private var longPressTimer: EventLoopTimer?
    /// A typing run: consecutive insertions at the caret undo together.
    private var typingRunEnd: Int?
    /// Whether a finger moving while editing drags the caret (a field's); a text view scrolls instead, and the
    /// caret follows a finger only after a long press.
    var dragMovesCaret = true

    init(host: any TextInteractionHost) {
        self.host = host
        caret.isUserInteractionEnabled = false
        caret.isOpaque = false // (it blinks)
        caret.isHidden = true
    }

    // MARK: Caret, selection, handles

    /// Shows the caret or the selection where the editor's selection is (nothing outside editing).
    func update() {
        let container = host.decorationContainer
        if caret.superview !== container { container.addSubview(caret) }
        let showsSelection = host.isEditingText || (host.editor.selectedRange.length > 0 && host.isFirstResponder)
        guard showsSelection else {
            caret.isHidden = true
            for v in selectionViews { v.isHidden = true }
            for h in handles { h.isHidden = true }
            hideMenu()
            return
        }
        let sel = host.editor.selectedRange
        let tint: UIColor = host.tintColor ?? .systemBlue
        if sel.length == 0 {
            caret.backgroundColor = tint
            caret.frame = host.caretRect(offset: sel.location)
            caret.isHidden = !host.isEditingText
            for v in selectionViews { v.isHidden = true }
            for h in handles { h.isHidden = true }
        } else {
            caret.isHidden = true
            let rects = host.selectionRects(range: sel)
            while selectionViews.count < rects.count {
                let v = UIView()
                v.isUserInteractionEnabled = false
                v.isOpaque = false
                if let text = host.textLayerView, text.superview === container { container.insertSubview(v, belowSubview: text) }
                else { container.insertSubview(v, at: 0) }
                selectionViews.append(v)
            }
            for (i, v) in selectionViews.enumerated() {
                v.isHidden = i >= rects.count
                if i < rects.count { v.frame = rects[i]; v.backgroundColor = tint.withAlphaComponent(0.2) }
            }
            if handles.isEmpty {
                handles = [SelectionHandle(interaction: self, isStart: true), SelectionHandle(interaction: self, isStart: false)]
                for h in handles { container.addSubview(h) }
            }
            let start = host.caretRect(offset: sel.location), end = host.caretRect(offset: sel.location + sel.length)
            handles[0].place(at: start, tint: tint)
            handles[1].place(at: end, tint: tint)
            for h in handles { h.isHidden = false; container.bringSubviewToFront(h) }
        }
        if let menu, !menu.isHidden { positionMenu(menu) }
    }

    /// Shows the caret solid and blinks it again after a pause (as iOS does while typing or moving it).
    func restartBlink() {
        blinkTimer?.invalidate()
        blinkTimer = nil
        caret.alpha = 1
        guard host.isEditingText else { return }
        blinkTimer = UIApplication.shared.runLoop.schedule(after: 0.5, repeating: 0.5) { [weak self] _ in
            guard let self else { return }
            self.caret.alpha = self.caret.alpha > 0 ? 0 : 1
        }
    }

    /// The session ended: no caret, blink, menu or typing run.
    func endEditing() {
        blinkTimer?.invalidate()
        blinkTimer = nil
        longPressTimer?.invalidate()
        typingRunEnd = nil
        hideMenu()
        update()
    }

    /// A handle was dragged to `point` (host coordinates): that end of the selection follows (never past the other).
    func dragHandle(start: Bool, to point: CGPoint) {
        let sel = host.editor.selectedRange
        let o = host.offset(closestTo: point)
        let range = start ? NSRange(location: min(o, sel.location + sel.length - 1), length: sel.location + sel.length - min(o, sel.location + sel.length - 1))
            : NSRange(location: sel.location, length: max(1, o - sel.location))
        hideMenu()
        host.setSelection(range)
    }

    func handleDragEnded() { showMenu() }

    /// The selection's handles reach outside a one-line field: they still take their touches.
    func handleContaining(_ point: CGPoint, in view: UIView) -> UIView? {
        for h in handles where !h.isHidden {
            let p = h.convert(point, from: view)
            if h.point(inside: p, with: nil) { return h }
        }
        if let menu, !menu.isHidden, menu.point(inside: menu.convert(point, from: view), with: nil) {
            return menu.hitTest(menu.convert(point, from: view), with: nil)
        }
        return nil
    }

    // MARK: Edits

    /// Registers the undo of the change about to be made to `range` with `replacement`: consecutive typing at the
    /// caret undoes as one step, as on iOS.
    func registerUndo(replacing range: NSRange, with replacement: String) {
        let insertion = range.length == 0 && !replacement.isEmpty && !replacement.contains(" ")
        if insertion, typingRunEnd == range.location {
            typingRunEnd = range.location + (replacement as NSString).length
            return
        }
        typingRunEnd = insertion ? range.location + (replacement as NSString).length : nil
        registerRestore()
    }

    /// Registers putting back the document as it is now (an undo; what it replaces becomes the redo).
    private func registerRestore() {
        guard let undo = host.undoManager else { return }
        let text = NSAttributedString(attributedString: host.editor.storage), selection = host.editor.selectedRange
        undo.registerUndo(withTarget: self) { interaction in
            interaction.typingRunEnd = nil
            interaction.registerRestore()
            interaction.host.editor.setText(text)
            interaction.host.editor.selectedRange = selection
            interaction.host.documentRestored()
        }
    }

    /// The selection moved by the user: a new typing run begins.
    func selectionMovedByUser() { typingRunEnd = nil }

    // MARK: Touches

    private var touchStart: CGPoint = .zero
    private var touchStartTime: Double = 0
    private var draggingCaret = false
    private var longPressed = false
    private var beganEditing = false

    /// The touch was taken (a scroll view's pan began): no tap, no long press.
    func touchCancelled() {
        longPressTimer?.invalidate()
        draggingCaret = false
        longPressed = false
    }

    func touchBegan(at p: CGPoint) {
        touchStart = p
        draggingCaret = false
        longPressed = false
        beganEditing = false
        longPressTimer?.invalidate()
        guard host.isEditingText || host.isFirstResponder else { return }
        // A finger held still: the caret goes there (or a word is offered for selection) and the menu shows.
        longPressTimer = UIApplication.shared.runLoop.schedule(after: 0.5) { [weak self] _ in
            guard let self, !self.draggingCaret else { return }
            self.longPressed = true
            let o = self.host.offset(closestTo: self.touchStart)
            self.host.setSelection(NSRange(location: o, length: 0))
            self.showMenu()
        }
    }

    func touchMoved(to p: CGPoint) {
        guard host.isEditingText else { return }
        // A finger that moves while editing drags the caret with it (in a text view, after a long press).
        if draggingCaret || longPressed || (dragMovesCaret && hypot(p.x - touchStart.x, p.y - touchStart.y) > 8) {
            draggingCaret = true
            longPressTimer?.invalidate()
            hideMenu()
            host.setSelection(NSRange(location: host.offset(closestTo: p), length: 0))
        }
    }

    /// The last tap's place and time, to count taps that land on the text through different views (a handle's,
    /// the text's).
    private var lastTap: (point: CGPoint, time: Double, count: Int)?

    /// A touch ended at `p` after `tapCount` taps; `begin` makes the host first responder (false: it refused).
    func touchEnded(at p: CGPoint, tapCount touchTaps: Int, inside: Bool, begin: () -> Bool) {
        longPressTimer?.invalidate()
        let now = UIApplication.shared.runLoop.clock.now
        var tapCount = touchTaps
        if let last = lastTap, now - last.time < 0.35, hypot(p.x - last.point.x, p.y - last.point.y) < 24 {
            tapCount = max(tapCount, last.count + 1)
        }
        lastTap = draggingCaret || longPressed ? nil : (p, now, tapCount)
        if draggingCaret || longPressed {
            if draggingCaret, host.isEditingText { showMenu() }
            return
        }
        guard inside else { return }
        let editor = host.editor
        if !host.isFirstResponder {
            guard begin() else { return }
            // The first tap puts the caret at the end of the text, or at the word edge tapped inside it.
            let o = host.offset(closestTo: p)
            if o < editor.length { host.setSelection(NSRange(location: editor.snappedToWordEdge(o), length: 0)) }
            return
        }
        let o = host.offset(closestTo: p)
        switch tapCount {
        case 2:
            let word = editor.wordRange(at: o)
            host.setSelection(word)
            if word.length > 0 { showMenu() }
        case 3...:
            host.setSelection(editor.paragraphRange(at: o))
            showMenu()
        default:
            let target = editor.snappedToWordEdge(o)
            let sel = editor.selectedRange
            // A tap on the caret shows (or hides) the menu; elsewhere it moves the caret.
            if sel.length == 0, target == sel.location, menu?.isHidden ?? true {
                showMenu()
            } else {
                hideMenu()
                host.setSelection(NSRange(location: target, length: 0))
            }
        }
    }

    // MARK: The edit menu

    /// The commands that apply now, in iOS's order.
    func menuCommands() -> [EditMenuView.Command] {
        let editor = host.editor
        let sel = editor.selectedRange
        var commands: [EditMenuView.Command] = []
        if sel.length > 0 {
            if host.allowsChanges && host.allowsCopying { commands.append(.cut) }
            if host.allowsCopying { commands.append(.copy) }
        }
        if host.allowsChanges, UIPasteboard.general.hasStrings { commands.append(.paste) }
        if sel.length == 0, editor.length > 0 { commands.append(.select) }
        if editor.length > 0, sel.length < editor.length { commands.append(.selectAll) }
        return commands
    }

    var isMenuVisible: Bool { menu.map { !$0.isHidden } ?? false }

    func showMenu() {
        let commands = menuCommands()
        guard !commands.isEmpty, let window = host.window else { hideMenu(); return }
        let m = menu ?? EditMenuView { [weak self] command in self?.perform(command) }
        if m.superview !== window { window.addSubview(m) }
        m.commands = commands
        m.isHidden = false
        menu = m
        positionMenu(m)
    }

    func hideMenu() { menu?.isHidden = true }

    /// Above the selection (or caret), else below it; inside the window.
    private func positionMenu(_ m: EditMenuView) {
        guard let window = host.window else { return }
        let sel = host.editor.selectedRange
        let rects = sel.length > 0 ? host.selectionRects(range: sel) : [host.caretRect(offset: sel.location)]
        let target = host.convert(rects.reduce(CGRect.null) { $0.union($1) }, to: window)
        let size = m.sizeThatFits(.zero)
        var y = target.minY - size.height - 10
        if y < window.safeAreaInsets.top + 4 { y = target.maxY + 14 }
        let x = min(max(8, target.midX - size.width / 2), window.bounds.width - size.width - 8)
        m.frame = CGRect(x: x, y: y, width: size.width, height: size.height).integral
        window.bringSubviewToFront(m)
    }

    func perform(_ command: EditMenuView.Command) {
        hideMenu()
        let editor = host.editor
        let sel = editor.selectedRange
        let selected = (editor.string as NSString).substring(with: editor.clamp(sel))
        switch command {
        case .cut:
            guard sel.length > 0, host.allowsCopying, host.allowsChanges else { return }
            UIPasteboard.general.string = selected
            typingRunEnd = nil
            host.replaceByUser(sel, with: "", checkDelegate: true)
        case .copy:
            guard sel.length > 0, host.allowsCopying else { return }
            UIPasteboard.general.string = selected
        case .paste:
            guard host.allowsChanges, let text = UIPasteboard.general.string else { return }
            typingRunEnd = nil
            host.replaceByUser(sel, with: text, checkDelegate: true)
        case .select:
            host.setSelection(editor.wordRange(at: sel.location > 0 && sel.location == editor.length ? sel.location - 1 : sel.location))
            showMenu()
        case .selectAll:
            host.setSelection(NSRange(location: 0, length: editor.length))
            showMenu()
        case .delete:
            guard sel.length > 0, host.allowsChanges else { return }
            host.replaceByUser(sel, with: "", checkDelegate: true)
        }
    }

    // MARK: Hardware keys

    /// Edits for a hardware key: text, backspace and delete (option: by words), arrows (shift selects, option by
    /// words, command to the ends), up and down, home and end, return, and the command shortcuts (cut, copy,
    /// paste, select all, undo, redo). `false` for keys the input does not take (Tab, Escape, other shortcuts).
    func handleKey(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        let shift = flags.contains(.shift)
        let command = flags.contains(.command) || flags.contains(.control)
        let word = flags.contains(.alternate)
        let editor = host.editor
        let sel = editor.selectedRange
        hideMenu()
        if command, !word {
            switch key.charactersIgnoringModifiers.lowercased() {
            case "c": perform(.copy); return true
            case "x": perform(.cut); return true
            case "v": perform(.paste); return true
            case "a": perform(.selectAll); hideMenu(); return true
            case "z":
                if shift { host.undoManager?.redo() } else { host.undoManager?.undo() }
                return true
            default: break
            }
        }
        let rtl = host.effectiveUserInterfaceLayoutDirection == .rightToLeft
        /// Moves the caret (or the selection's moving end, with shift) to `to`.
        func go(_ to: Int, anchorAtStart: Bool) {
            let anchor = anchorAtStart ? sel.location : sel.location + sel.length
            typingRunEnd = nil
            host.setSelection(shift ? NSRange(location: min(anchor, to), length: abs(to - anchor)) : NSRange(location: to, length: 0))
        }
        func horizontal(forward: Bool) {
            let from = forward ? sel.location + sel.length : sel.location
            let to: Int
            if command { to = forward ? editor.length : 0 }
            else if word { to = forward ? editor.boundary(after: from, .word) : editor.boundary(before: from, .word) }
            else if !shift && sel.length > 0 { to = from } // collapses to that side
            else { to = editor.grapheme(from: from, forward: forward) }
            go(to, anchorAtStart: forward)
        }
        func vertical(up: Bool) {
            let from = up ? sel.location : sel.location + sel.length
            let x = host.caretRect(offset: from).midX
            let to = command ? (up ? 0 : editor.length) : (host.offset(verticallyFrom: from, up: up, x: x) ?? (up ? 0 : editor.length))
            go(to, anchorAtStart: !up)
        }
        switch key.keyCode {
        case .keyboardDeleteOrBackspace:
            guard host.allowsChanges else { return true }
            if word || command, sel.length == 0 {
                let start = command ? editor.paragraphRange(at: sel.location).location : editor.boundary(before: sel.location, .word)
                host.replaceByUser(NSRange(location: start, length: sel.location - start), with: "", checkDelegate: true)
            } else {
                host.deleteBackward()
            }
        case .keyboardDeleteForward:
            guard host.allowsChanges, let r = editor.rangeToDeleteForward() else { return true }
            host.replaceByUser(r, with: "", checkDelegate: true)
        case .keyboardLeftArrow: horizontal(forward: rtl)
        case .keyboardRightArrow: horizontal(forward: !rtl)
        case .keyboardUpArrow: vertical(up: true)
        case .keyboardDownArrow: vertical(up: false)
        case .keyboardHome: go(command ? 0 : editor.paragraphRange(at: sel.location).location, anchorAtStart: false)
        case .keyboardEnd:
            let p = editor.paragraphRange(at: sel.location + sel.length)
            go(command ? editor.length : p.location + p.length, anchorAtStart: true)
        case .keyboardReturnOrEnter, .keypadEnter:
            host.returnKeyPressed()
        case .keyboardTab, .keyboardEscape:
            return false
        default:
            if command { return false }
            let chars = key.characters
            guard !chars.isEmpty, chars.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return false }
            guard host.allowsChanges else { return true }
            host.insertText(chars)
        }
        return true
    }
}

/// A selection handle: a tint-coloured bar at one end of the selection with a knob (above the start, below the
/// end) that a finger drags.
@MainActor
final class SelectionHandle: UIView {
    unowned let interaction: TextInteraction
    let isStart: Bool
    private let bar = UIView(), knob = UIView()
    static let knobSize: CGFloat = 10

    init(interaction: TextInteraction, isStart: Bool) {
        self.interaction = interaction
        self.isStart = isStart
        super.init(frame: .zero)
        isOpaque = false
        for v in [bar, knob] { v.isUserInteractionEnabled = false; addSubview(v) }
        knob.layer.cornerRadius = Self.knobSize / 2
    }
    required init?(coder: NSCoder) { nil }

    /// At the caret rectangle `caret`, the knob beyond its end.
    func place(at caret: CGRect, tint: UIColor) {
        let k = Self.knobSize
        // A generous box for the finger around the thin bar and knob.
        frame = CGRect(x: caret.midX - 14, y: caret.minY - (isStart ? k : 0) - 8, width: 28, height: caret.height + k + 16)
        bar.frame = CGRect(x: 13, y: 8 + (isStart ? k : 0), width: 2, height: caret.height)
        knob.frame = CGRect(x: 14 - k / 2, y: isStart ? 8 : 8 + caret.height, width: k, height: k)
        bar.backgroundColor = tint
        knob.backgroundColor = tint
    }

    /// Whether the finger on the handle has moved (a tap on it is a tap on the text beneath).
    private var moved = false

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { moved = false }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let host = superview else { return }
        moved = true
        // The point on the line: the knob's offset from the text taken out.
        var p = touch.location(in: host)
        p.y += isStart ? Self.knobSize : -Self.knobSize
        interaction.dragHandle(start: isStart, to: p)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if moved { interaction.handleDragEnded(); return }
        guard let touch = touches.first, let host = superview else { return }
        interaction.touchEnded(at: touch.location(in: host), tapCount: touch.tapCount, inside: true) { false }
    }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// The edit menu (UIKit's `UIEditMenuInteraction` look): a dark rounded bar of commands over the selection.
@MainActor
final class EditMenuView: UIView {
    enum Command: CaseIterable {
        case cut, copy, paste, select, selectAll, delete
        var title: String {
            switch self {
            case .cut: return "Cut"
            case .copy: return "Copy"
            case .paste: return "Paste"
            case .select: return "Select"
            case .selectAll: return "Select All"
            case .delete: return "Delete"
            }
        }
    }
    var commands: [Command] = [] { didSet { if commands != oldValue { rebuild() } } }
    private var buttons: [UIButton] = []
    private var separators: [UIView] = []
    private let action: (Command) -> Void

    init(action: @escaping (Command) -> Void) {
        self.action = action
        super.init(frame: .zero)
        backgroundColor = UIColor(white: 0.12, alpha: 1)
        layer.cornerRadius = 8
        clipsToBounds = true
    }
    required init?(coder: NSCoder) { nil }

    private func rebuild() {
        for b in buttons { b.removeFromSuperview() }
        for s in separators { s.removeFromSuperview() }
        buttons = commands.map { command in
            let b = UIButton(type: .custom)
            b.setTitle(command.title, for: .normal)
            b.setTitleColor(.white, for: .normal)
            b.titleLabel?.font = .systemFont(ofSize: 15)
            b.addAction(UIAction { [weak self] _ in self?.action(command) }, for: .touchUpInside)
            addSubview(b)
            return b
        }
        separators = (0..<max(0, commands.count - 1)).map { _ in
            let s = UIView()
            s.backgroundColor = UIColor(white: 1, alpha: 0.25)
            addSubview(s)
            return s
        }
        setNeedsLayout()
    }

    private func widths() -> [CGFloat] {
        buttons.map { ($0.titleLabel?.sizeThatFits(CGSize(width: 400, height: 40)).width ?? 40) + 24 }
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: widths().reduce(0, +), height: 36)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        var x: CGFloat = 0
        for (i, w) in widths().enumerated() {
            buttons[i].frame = CGRect(x: x, y: 0, width: w, height: bounds.height)
            x += w
            if i < separators.count { separators[i].frame = CGRect(x: x - 0.5, y: 8, width: 1, height: bounds.height - 16) }
        }
    }
}
