import CoreGraphics
import Foundation

/// Moves rows by their reorder grips while the table edits: a touch on a grip takes the row at once (the table
/// does not scroll), the row follows the finger, the others make room — in its section or another one, where the
/// delegate's `targetIndexPathForMoveFromRowAt` may redirect it — and on release the data source hears `moveRowAt`
/// and the row settles into its new place.
@MainActor
final class RowReorder: UIGestureRecognizer {
    private var table: UITableView? { view as? UITableView }
    private(set) var source: IndexPath?
    private(set) var target: IndexPath?
    /// The finger's distance from the dragged row's top.
    private var grab: CGFloat = 0
    private var cell: UITableViewCell?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let table, table.isEditing, trackedTouches.count == 1, let touch = touches.first,
              let ip = table.indexPathForRow(at: touch.location(in: table)), let cell = table.visibleCells_[ip],
              let grip = cell.reorderControl, !grip.isHidden,
              grip.frame.insetBy(dx: -12, dy: -8).contains(touch.location(in: cell)) else { state = .failed; return }
        source = ip
        target = ip
        self.cell = cell
        grab = touch.location(in: table).y - cell.frame.minY
        table.bringSubviewToFront(cell)
        state = .began
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let table, let cell, let source, let touch = touches.first else { return }
        let y = touch.location(in: table).y - grab
        cell.frame.origin.y = min(max(y, 0), max(0, table.contentSize.height - cell.frame.height))
        // The place the dragged row's middle is over: a row of its own section takes that row's index; a row of
        // another section, that row's index or the next (the lower half), so that it can end a section.
        let middle = CGPoint(x: table.bounds.midX, y: cell.frame.midY)
        if let under = table.indexPathForRow(at: middle) {
            var proposed = under
            if under.section != source.section, middle.y > table.rectForRow(at: under).midY {
                proposed = IndexPath(row: under.row + 1, section: under.section)
            }
            let over = table.tableDelegate?.tableView(table, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: proposed) ?? proposed
            if over != target {
                target = over
                table.makeRoom(moving: source, to: over)
            }
        }
        state = .changed
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .ended }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .cancelled }

    override func reset() {
        super.reset()
        source = nil; target = nil; cell = nil
    }
}

extension UITableView {
    /// Slides the rows between `source` and `target` by the moving row's height, to show where it would land.
    func makeRoom(moving source: IndexPath, to target: IndexPath) {
        let height = rectForRowFast(source).height
        UIView.animate(withDuration: 0.2) {
            for (ip, cell) in self.visibleCells_ where ip != source {
                var r = self.rectForRowFast(ip)
                if source.section == target.section {
                    if ip.section == source.section {
                        if source.row < target.row, ip.row > source.row, ip.row <= target.row { r.origin.y -= height }
                        if source.row > target.row, ip.row < source.row, ip.row >= target.row { r.origin.y += height }
                    }
                } else if source.section < target.section {
                    // Down into a later section: everything between its old place and its new one closes up.
                    if (ip.section == source.section && ip.row > source.row) || (ip.section > source.section && ip.section < target.section)
                        || (ip.section == target.section && ip.row < target.row) { r.origin.y -= height }
                } else {
                    // Up into an earlier section: everything from its new place to its old one makes room.
                    if (ip.section == target.section && ip.row >= target.row) || (ip.section > target.section && ip.section < source.section)
                        || (ip.section == source.section && ip.row < source.row) { r.origin.y += height }
                }
                cell.frame = r
            }
        }
    }

    func handleReorder(_ reorder: RowReorder) {
        guard reorder.state == .ended || reorder.state == .cancelled, let source = reorder.source else { return }
        let target = reorder.state == .ended ? (reorder.target ?? source) : source
        if target != source {
            dataSource?.tableView(self, moveRowAt: source, to: target)
            moveRow(at: source, to: target)
        } else {
            UIView.animate(withDuration: 0.25) {
                for (ip, cell) in self.visibleCells_ { cell.frame = self.rectForRowFast(ip) }
            }
        }
    }
}
