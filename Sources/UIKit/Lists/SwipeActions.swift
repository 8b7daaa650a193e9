import CoreGraphics
import Foundation

/// An action a row shows when swiped (UIKit's `UIContextualAction`): a titled (or imaged) button behind the row.
@preconcurrency @MainActor
open class UIContextualAction: NSObject {
    public enum Style: Int, Sendable {
        /// A grey button.
        case normal
        /// A red button; a full swipe that performs it takes the row away (when the handler says it succeeded).
        case destructive
    }

    /// Runs the action: the action, the view it was shown in, and a completion to call with whether it was done.
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public let style: Style
    open var title: String?
    open var image: UIImage?
    open var backgroundColor: UIColor!
    let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// The actions a row shows when swiped one way (UIKit's `UISwipeActionsConfiguration`), first action outermost.
@preconcurrency @MainActor
open class UISwipeActionsConfiguration: NSObject {
    public let actions: [UIContextualAction]
    /// Whether swiping the row most of the way across performs the first action.
    open var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) { self.actions = actions }
}

/// The row swiped open: its actions' buttons behind it, and how far it is moved (negative: to the left).
@MainActor
final class OpenSwipe {
    let indexPath: IndexPath
    let actions: [UIContextualAction]
    let leading: Bool
    let fullSwipe: Bool
    var buttons: [UIButton] = []
    /// The buttons' own widths (their frames take a share of what is uncovered).
    var widths: [CGFloat] = []
    var offset: CGFloat = 0
    init(indexPath: IndexPath, actions: [UIContextualAction], leading: Bool, fullSwipe: Bool) {
        self.indexPath = indexPath; self.actions = actions; self.leading = leading; self.fullSwipe = fullSwipe
    }
    /// The buttons' width together: where the row rests open.
    var openWidth: CGFloat { widths.reduce(0, +) }
}

/// A list whose rows swipe open on actions (tables, and collection views' list sections): what the swipe machinery
/// needs to know of it.
@MainActor
protocol SwipeActionRows: UIScrollView {
    /// The row swiped open on its actions, and where a swipe began.
    var openSwipe: OpenSwipe? { get set }
    var swipeStart: CGFloat { get set }
    /// The row under `point` (in the list's coordinates).
    func swipeRow(at point: CGPoint) -> IndexPath?
    /// The actions the row shows on a swipe towards the trailing (`leading` false) or leading edge, if any.
    func swipeActions(for ip: IndexPath, leading: Bool) -> UISwipeActionsConfiguration?
    /// Where the row rests (in the list's coordinates) and its cell, if it shows.
    func swipeRowRect(_ ip: IndexPath) -> CGRect
    func swipeCell(_ ip: IndexPath) -> UIView?
}

/// Swipes rows sideways: begins on movement mostly across a row that has actions that way (the list's own pan
/// only moves it up and down), moves the row with the finger, and on release leaves it open on its buttons, closes
/// it, or — dragged most of the way across — performs the first action.
@MainActor
final class RowSwipe: UIPanGestureRecognizer {
    override func shouldBeginPan(from origin: CGPoint, to point: CGPoint) -> Bool {
        guard let list = view as? any SwipeActionRows else { return false }
        let d = convertVector(CGPoint(x: point.x - origin.x, y: point.y - origin.y), to: list)
        guard abs(d.x) >= Self.hysteresis, abs(d.x) > 2 * abs(d.y) else { return false }
        let start = list.convert(origin, from: nil)
        guard let ip = list.swipeRow(at: start) else { return false }
        return list.swipeActions(for: ip, leading: d.x > 0) != nil || list.openSwipe?.indexPath == ip
    }
}

extension SwipeActionRows {
    func handleSwipe(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            let start = convert(pan.location(in: nil), from: nil)
            let dx = pan.translation(in: self).x
            guard let ip = swipeRow(at: start) else { return }
            if let open = openSwipe, open.indexPath != ip { closeSwipe(animated: true) }
            if openSwipe == nil {
                guard let c = swipeActions(for: ip, leading: dx > 0) else { return }
                openSwipe = OpenSwipe(indexPath: ip, actions: c.actions, leading: dx > 0, fullSwipe: c.performsFirstActionWithFullSwipe)
                makeSwipeButtons()
            }
            swipeStart = openSwipe?.offset ?? 0
            pan.setTranslation(.zero, in: self)
        case .changed:
            guard let open = openSwipe else { return }
            var x = swipeStart + pan.translation(in: self).x
            // Only towards the side the buttons are on; past them with resistance unless a full swipe is allowed.
            x = open.leading ? max(0, x) : min(0, x)
            if !open.fullSwipe, abs(x) > open.openWidth { x = (open.leading ? 1 : -1) * (open.openWidth + (abs(x) - open.openWidth) / 3) }
            setSwipeOffset(x)
        case .ended, .cancelled:
            guard let open = openSwipe else { return }
            let v = pan.state == .ended ? pan.velocity(in: self).x : 0
            let travel = abs(open.offset)
            if open.fullSwipe, travel > bounds.width * 0.6, let first = open.actions.first {
                perform(first, full: true)
            } else if travel > open.openWidth / 2 || (open.leading ? v > 500 : v < -500) {
                UIView.animate(withDuration: 0.25) { self.setSwipeOffset((open.leading ? 1 : -1) * open.openWidth) }
            } else {
                closeSwipe(animated: true)
            }
        default:
            break
        }
    }

    /// Opens `ip` on `actions` from code (the editing control's Delete), animated.
    func openSwipe(_ ip: IndexPath, actions: [UIContextualAction]) {
        openSwipe = OpenSwipe(indexPath: ip, actions: actions, leading: false, fullSwipe: false)
        makeSwipeButtons()
        UIView.animate(withDuration: 0.25) { self.setSwipeOffset(-(self.openSwipe?.openWidth ?? 0)) }
    }

    /// Buttons for the open row's actions, behind it at the side it opens to.
    private func makeSwipeButtons() {
        guard let open = openSwipe else { return }
        for action in open.actions {
            let button = UIButton(type: .custom)
            button.setTitle(action.title, for: .normal)
            button.setImage(action.image, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 15)
            button.backgroundColor = action.backgroundColor
            button.sizeToFit()
            button.bounds.size.width = max(74, button.bounds.width + 30)
            button.addAction(UIAction { [weak self, weak action] _ in
                guard let self, let action else { return }
                self.perform(action, full: false)
            }, for: .touchUpInside)
            if let cell = swipeCell(open.indexPath), cell.superview === self { insertSubview(button, belowSubview: cell) } else { addSubview(button) }
            open.buttons.append(button)
            open.widths.append(button.bounds.width)
        }
        layoutSwipeButtons()
    }

    /// Moves the open row by `x` and spreads its buttons over the uncovered part.
    func setSwipeOffset(_ x: CGFloat) {
        guard let open = openSwipe else { return }
        open.offset = x
        let row = swipeRowRect(open.indexPath)
        let cell = swipeCell(open.indexPath)
        cell?.frame = row.offsetBy(dx: x, dy: 0)
        // The cell's configuration state says whether it is swiped open.
        if let listCell = cell as? UICollectionViewListCell { listCell.isSwiped = x != 0 }
        (cell as? UITableViewCell)?.setNeedsUpdateConfiguration()
        layoutSwipeButtons()
    }

    private func layoutSwipeButtons() {
        guard let open = openSwipe else { return }
        let row = swipeRowRect(open.indexPath)
        let shown = abs(open.offset), total = max(open.openWidth, 1)
        // Each button gets its share of what is uncovered (the first, outermost, takes the rest in a full swipe).
        var edge = open.leading ? row.minX : row.maxX
        for (k, button) in open.buttons.enumerated() {
            let own = open.widths[k]
            let width = k == 0 && shown > total ? shown - (total - own) : own * shown / total
            let x = open.leading ? edge : edge - width
            button.frame = CGRect(x: x, y: row.minY, width: max(0, width), height: row.height)
            edge = open.leading ? edge + width : edge - width
        }
    }

    /// Runs an action's handler; the row closes when it calls back (a destructive full swipe leaves its row to the
    /// app, which deletes it).
    private func perform(_ action: UIContextualAction, full: Bool) {
        guard let open = openSwipe else { return }
        let source: UIView = open.buttons.first ?? self
        action.handler(action, source) { [weak self] done in
            guard let self, self.openSwipe === open else { return }
            self.closeSwipe(animated: !(done && action.style == .destructive))
        }
    }

    /// Closes the open row.
    func closeSwipe(animated: Bool) {
        guard let open = openSwipe else { return }
        let finish = { [weak self] in
            open.buttons.forEach { $0.removeFromSuperview() }
            if self?.openSwipe === open { self?.openSwipe = nil }
        }
        if animated {
            UIView.animate(withDuration: 0.25, animations: { self.setSwipeOffset(0) }, completion: { _ in finish() })
        } else {
            setSwipeOffset(0)
            finish()
        }
    }
}
