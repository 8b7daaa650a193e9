import CoreGraphics
import Foundation

/// Inserting, deleting, reloading and moving rows and sections, alone or in batches, checked against the data
/// source's new counts as UIKit checks them (a mismatch stops the program with UIKit's message), with the rows that
/// stay sliding to their new places, new rows fading in and removed ones fading out.
extension UITableView {
    /// What one batch changes: rows and sections by their old index (deletions, reloads, moves' sources) or their
    /// new index (insertions, moves' destinations).
    struct Batch {
        var deletedRows: Set<IndexPath> = []
        var insertedRows: Set<IndexPath> = []
        var reloadedRows: Set<IndexPath> = []
        var movedRows: [(from: IndexPath, to: IndexPath)] = []
        var deletedSections = IndexSet()
        var insertedSections = IndexSet()
        var reloadedSections = IndexSet()
        var animated = false
    }

    func endUpdates(completion: ((Bool) -> Void)?) {
        precondition(updateDepth > 0, "endUpdates() without beginUpdates()")
        updateDepth -= 1
        guard updateDepth == 0, let batch = pendingBatch else {
            if let completion { pendingCompletions.append(completion) }
            return
        }
        pendingBatch = nil
        var completions = pendingCompletions
        pendingCompletions = []
        if let completion { completions.append(completion) }
        apply(batch, completion: completions)
    }

    /// Records a change in the current batch, or applies it alone.
    func record(_ animation: RowAnimation, _ change: (inout Batch) -> Void) {
        let alone = updateDepth == 0
        if alone { beginUpdates() }
        change(&pendingBatch!)
        if animation != .none { pendingBatch!.animated = true }
        if alone { endUpdates() }
    }

    /// Maps old positions to new ones through `batch`, checks the counts, carries heights, cells and the selection
    /// over, and animates.
    private func apply(_ batch: Batch, completion: [(Bool) -> Void]) {
        closeSwipe(animated: false)
        layoutGeometry()
        let old = sections
        guard let dataSource else { reloadData(); completion.forEach { $0(true) }; return }
        let newCount = max(0, dataSource.numberOfSections(in: self))
        let expected = old.count + batch.insertedSections.count - batch.deletedSections.count
        guard newCount == expected else {
            preconditionFailure("Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(newCount)) must be equal to the number of sections contained in the table view before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted).")
        }
        // Old section → new section, for those kept.
        var sectionMap: [Int: Int] = [:]
        var next = 0
        for s in old.indices where !batch.deletedSections.contains(s) {
            while batch.insertedSections.contains(next) { next += 1 }
            sectionMap[s] = next
            next += 1
        }
        // Row maps per kept section, with the counts checked.
        var rowMap: [IndexPath: IndexPath] = [:]
        var fresh: [Section] = (0..<newCount).map { _ in Section() }
        for (s, ns) in sectionMap.sorted(by: { $0.key < $1.key }) {
            let newRows = max(0, dataSource.tableView(self, numberOfRowsInSection: ns))
            let deleted = batch.deletedRows.filter { $0.section == s }.map(\.row)
            let inserted = batch.insertedRows.filter { $0.section == ns }.map(\.row)
            let movedOut = batch.movedRows.filter { $0.from.section == s }.map(\.from.row)
            let movedIn = batch.movedRows.filter { $0.to.section == ns }.map(\.to.row)
            let oldRows = old[s].rows
            guard !batch.reloadedSections.contains(s) else {
                fresh[ns] = freshSection(ns, rows: newRows)
                continue
            }
            guard newRows == oldRows + inserted.count - deleted.count + movedIn.count - movedOut.count else {
                preconditionFailure("Invalid update: invalid number of rows in section \(ns). The number of rows contained in an existing section after the update (\(newRows)) must be equal to the number of rows contained in that section before the update (\(oldRows)), plus or minus the number of rows inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn.count) moved in, \(movedOut.count) moved out).")
            }
            let gone = Set(deleted).union(movedOut), arriving = Set(inserted).union(movedIn)
            var section = Section()
            section.heights = Array(repeating: 0, count: newRows)
            section.measured = Array(repeating: false, count: newRows)
            var target = 0
            for r in 0..<oldRows where !gone.contains(r) {
                while arriving.contains(target) { target += 1 }
                guard target < newRows else { break }
                let from = IndexPath(row: r, section: s), to = IndexPath(row: target, section: ns)
                rowMap[from] = to
                if batch.reloadedRows.contains(from) {
                    (section.heights[target], section.measured[target]) = initialHeight(to)
                } else {
                    section.heights[target] = old[s].heights[r]
                    section.measured[target] = old[s].measured[r]
                }
                target += 1
            }
            for r in arriving where r < newRows { (section.heights[r], section.measured[r]) = initialHeight(IndexPath(row: r, section: ns)) }
            fresh[ns] = section
        }
        for move in batch.movedRows where move.to.section < newCount && move.from.section < old.count
            && move.from.row < old[move.from.section].rows && move.to.row < fresh[move.to.section].rows {
            rowMap[move.from] = move.to
            fresh[move.to.section].heights[move.to.row] = old[move.from.section].heights[move.from.row]
            fresh[move.to.section].measured[move.to.row] = old[move.from.section].measured[move.from.row]
        }
        for ns in batch.insertedSections where ns < newCount {
            fresh[ns] = freshSection(ns, rows: max(0, dataSource.tableView(self, numberOfRowsInSection: ns)))
        }

        // Cells: those of kept rows follow them (from where they were); the others leave.
        // (Where each cell was, by cell: kept cells change rows.)
        let oldFrames = Dictionary(uniqueKeysWithValues: visibleCells_.values.map { (ObjectIdentifier($0), $0.frame) })
        var cells: [IndexPath: UITableViewCell] = [:]
        var leaving: [UITableViewCell] = []
        for (ip, cell) in visibleCells_ {
            if let to = rowMap[ip], !batch.reloadedRows.contains(ip) { cells[to] = cell } else { leaving.append(cell) }
        }
        selected = selected.compactMap { rowMap[$0] }
        highlighted = nil
        visibleCells_ = cells
        sections = fresh
        invalidateGeometry()
        layoutGeometry()
        // Kept cells start from their old places; new ones fade in.
        let before = Set(visibleCells_.keys)
        UIView.performWithoutAnimation { layoutRows() }
        let added = visibleCells_.filter { !before.contains($0.key) }.map(\.value)
        let moved = visibleCells_.filter { before.contains($0.key) }
        for (_, cell) in moved { cell.frame = oldFrames[ObjectIdentifier(cell)] ?? cell.frame }
        let finish: (Bool) -> Void = { [weak self] done in
            guard let self else { return }
            for cell in leaving {
                cell.alpha = 1
                self.recycle(cell)
            }
            completion.forEach { $0(done) }
        }
        guard batch.animated, window != nil else {
            for (ip, cell) in moved { cell.frame = rectForRowFast(ip) }
            finish(true)
            return
        }
        for cell in added { cell.alpha = 0 }
        UIView.animate(withDuration: 0.3, animations: {
            for (ip, cell) in moved { cell.frame = self.rectForRowFast(ip) }
            for cell in added { cell.alpha = 1 }
            for cell in leaving { cell.alpha = 0 }
        }, completion: finish)
    }

    private func freshSection(_ s: Int, rows: Int) -> Section {
        var section = Section()
        let initial = (0..<rows).map { initialHeight(IndexPath(row: $0, section: s)) }
        section.heights = initial.map(\.height)
        section.measured = initial.map(\.fixed)
        return section
    }
}
