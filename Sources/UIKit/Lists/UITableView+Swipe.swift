import CoreGraphics
import Foundation

/// A table's rows swipe open on the actions its delegate gives them (the machinery is in SwipeActions.swift).
extension UITableView: SwipeActionRows {
    func swipeRow(at point: CGPoint) -> IndexPath? { indexPathForRow(at: point) }
    func swipeRowRect(_ ip: IndexPath) -> CGRect { rectForRowFast(ip) }
    func swipeCell(_ ip: IndexPath) -> UIView? { visibleCells_[ip] }

    /// The actions the delegate gives a row for a swipe towards the trailing (`leading` false) or leading edge.
    func swipeActions(for ip: IndexPath, leading: Bool) -> UISwipeActionsConfiguration? {
        let c = leading ? tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: ip)
            : tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: ip)
        guard let c, !c.actions.isEmpty else { return nil }
        return c
    }
}
