// An incremental Cassowary solver: the simplex tableau of Badros, Borning and Stuckey's "The Cassowary Linear
// Arithmetic Constraint Solving Algorithm" (2001), the algorithm UIKit's Auto Layout engine descends from.
//
// The system is kept as a tableau of rows `basic = constant + Σ coefficient × parametric`, always feasible
// (restricted symbols ≥ 0) and optimal for the objective: the sum of the non-required constraints' errors, each
// weighted by its strength. Changes are incremental:
// - adding a constraint substitutes the current rows into it, makes one of its symbols basic and re-optimises
//   (primal simplex) from the previous solution;
// - removing one pivots its marker symbol into the basis and drops that row;
// - a new edit value or constant shifts the rows that hold the constraint's marker and restores feasibility with
//   the dual simplex, touching only what the change reaches.
// Choices between equally good pivots go to the lowest symbol number (Bland's rule: no cycling, and the same
// answer on every run whatever order the dictionaries list their entries in).

/// The solver's name for a variable or a constraint's auxiliary quantity.
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 {
        /// A variable the client made (unrestricted).
        case external
        /// A slack of an inequality (≥ 0).
        case slack
        /// The error of a non-required constraint (≥ 0, in the objective).
        case error
        /// The marker of a required equality (always 0; never enters the basis).
        case dummy
    }
    let id: Int
    let kind: Kind

    static func == (l: Symbol, r: Symbol) -> Bool { l.id == r.id }
    func hash(into h: inout Hasher) { h.combine(id) }
    static func < (l: Symbol, r: Symbol) -> Bool { l.id < r.id }

    /// Slack and error symbols must stay ≥ 0.
    var isRestricted: Bool { kind == .slack || kind == .error }
}

/// One row of the tableau: `constant + Σ cells[s] × s` (the value of its basic symbol).
struct Row {
    var constant: Double
    var cells: [Symbol: Double] = [:]

    init(constant: Double) { self.constant = constant }

    static let epsilon = 1.0e-8
    static func nearZero(_ v: Double) -> Bool { abs(v) < epsilon }

    func coefficient(for s: Symbol) -> Double { cells[s] ?? 0 }

    /// Adds `coefficient × s`, dropping the cell when it cancels.
    mutating func insert(_ s: Symbol, _ coefficient: Double = 1) {
        let c = (cells[s] ?? 0) + coefficient
        if Row.nearZero(c) { cells[s] = nil } else { cells[s] = c }
    }

    /// Adds `coefficient × other`.
    mutating func insert(_ other: Row, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        for (s, c) in other.cells { insert(s, c * coefficient) }
    }

    mutating func reverseSign() {
        constant = -constant
        for (s, c) in cells { cells[s] = -c }
    }

    /// Rewrites `0 = self` as `s = …` (s must have a cell).
    mutating func solve(for s: Symbol) {
        let c = -1 / cells.removeValue(forKey: s)!
        constant *= c
        for (k, v) in cells { cells[k] = v * c }
    }

    /// Rewrites `lhs = self` (lhs not in the row) as `rhs = …`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `s` by the expression `row`.
    mutating func substitute(_ s: Symbol, _ row: Row) {
        guard let c = cells.removeValue(forKey: s) else { return }
        insert(row, c)
    }
}

/// An incremental linear constraint solver (Cassowary). Not thread-safe: one owner at a time.
public final class Solver {
    /// Why a change was refused. The solver is unchanged by a refused change.
    public enum Failure: Error, Equatable {
        /// A required constraint contradicts the required constraints already added.
        case unsatisfiable
        case duplicateConstraint
        case unknownConstraint
        case duplicateEditVariable
        case unknownEditVariable
        /// Edit variables cannot be required.
        case requiredEditVariable
        /// A coefficient or constant is NaN or infinite.
        case invalidNumber
    }

    /// The symbols a constraint added: its marker (slack, positive error or dummy) and, for non-required
    /// equalities, the negative error; `sign` is the marker's coefficient in the row as made (for constant changes).
    private struct Tag {
        var marker: Symbol
        var other: Symbol?
        var sign: Double
    }

    private struct Edit {
        var tag: Tag
        var constraint: Constraint
        var constant: Double
    }

    private var constraints: [Constraint: Tag] = [:]
    private var rows: [Symbol: Row] = [:]
    private var variables: [Symbol: Variable] = [:]
    private var edits: [Variable: Edit] = [:]
    private var infeasible: [Symbol] = []
    private var objective = Row(constant: 0)
    private var artificial: Row?
    private var nextID = 1

    public init() {}

    /// How many constraints (edit constraints included) the solver holds.
    public var constraintCount: Int { constraints.count }
    /// How many pivots the solver has made (a measure of work, for tests and benchmarks).
    public private(set) var pivots = 0

    public func hasConstraint(_ c: Constraint) -> Bool { constraints[c] != nil }
    public func hasEditVariable(_ v: Variable) -> Bool { edits[v] != nil }

    // MARK: Constraints

    /// Adds `constraint`; the solution is updated incrementally (read it with `updateVariables()`).
    public func add(_ constraint: Constraint) throws(Failure) {
        guard constraints[constraint] == nil else { throw .duplicateConstraint }
        guard constraint.expression.constant.isFinite,
              constraint.expression.terms.allSatisfy({ $0.coefficient.isFinite }),
              constraint.strength.isRequired || (constraint.strength.weight.isFinite && constraint.strength.weight > 0)
        else { throw .invalidNumber }
        var tag = Tag(marker: Symbol(id: 0, kind: .dummy), other: nil, sign: 1)
        var row = makeRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if subject == nil && row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            // Only dummies: the constraint repeats required equalities; it holds if the constant is 0.
            guard Row.nearZero(row.constant) else { throw .unsatisfiable }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            rows[subject] = row
        } else {
            try addWithArtificialVariable(row, tag: tag)
        }
        constraints[constraint] = tag
        if !constraint.strength.isRequired { addObjectiveTerms(tag, constraint.strength.weight) }
        try optimize()
    }

    /// Removes `constraint`; the others' solution is updated incrementally.
    public func remove(_ constraint: Constraint) throws(Failure) {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw .unknownConstraint }
        if !constraint.strength.isRequired { removeObjectiveTerms(tag, constraint.strength.weight) }
        removeRow(marked: tag.marker)
        try optimize()
    }

    /// Changes the constant of `constraint`'s expression to `constant` without removing it (UIKit's
    /// `NSLayoutConstraint.constant`): only the rows that hold its marker change, then the dual simplex restores
    /// feasibility.
    public func setConstant(_ constant: Double, of constraint: Constraint, was old: Double) throws(Failure) {
        guard let tag = constraints[constraint] else { throw .unknownConstraint }
        guard constant.isFinite else { throw .invalidNumber }
        try shift(tag, by: constant - old)
    }

    // MARK: Edit variables

    /// Makes `variable` editable at `strength` (not required): `suggestValue` then moves it.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(Failure) {
        guard edits[variable] == nil else { throw .duplicateEditVariable }
        guard !strength.isRequired else { throw .requiredEditVariable }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try add(constraint)
        edits[variable] = Edit(tag: constraints[constraint]!, constraint: constraint, constant: 0)
    }

    public func removeEditVariable(_ variable: Variable) throws(Failure) {
        guard let edit = edits.removeValue(forKey: variable) else { throw .unknownEditVariable }
        try remove(edit.constraint)
    }

    /// Asks for `variable` to be `value`, as strongly as its edit's strength says.
    public func suggestValue(_ value: Double, for variable: Variable) throws(Failure) {
        guard var edit = edits[variable] else { throw .unknownEditVariable }
        guard value.isFinite else { throw .invalidNumber }
        // The edit constraint is `variable - value == 0`: its constant is -value.
        let delta = -(value - edit.constant)
        edit.constant = value
        edits[variable] = edit
        try shift(edit.tag, by: delta)
    }

    /// Writes the solution into the variables' `value`s; returns the variables whose value changed.
    @discardableResult
    public func updateVariables() -> [Variable] {
        var changed: [Variable] = []
        for (symbol, variable) in variables {
            let value = rows[symbol]?.constant ?? 0
            if variable.value != value {
                variable.value = value
                changed.append(variable)
            }
        }
        return changed
    }

    /// Forgets everything.
    public func reset() {
        for v in variables.values { v.symbol = nil }
        constraints = [:]; rows = [:]; variables = [:]; edits = [:]; infeasible = []
        objective = Row(constant: 0); artificial = nil
    }

    // MARK: Making rows

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextID += 1 }
        return Symbol(id: nextID, kind: kind)
    }

    private func symbol(for variable: Variable) -> Symbol {
        if let s = variable.symbol, variables[s] === variable { return s }
        let s = newSymbol(.external)
        variable.symbol = s
        variables[s] = variable
        return s
    }

    /// The constraint as a row over the current parametric symbols, with its slack, error or dummy symbols.
    private func makeRow(_ constraint: Constraint, _ tag: inout Tag) -> Row {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where !Row.nearZero(term.coefficient) {
            let s = symbol(for: term.variable)
            if let basic = rows[s] { row.insert(basic, term.coefficient) } else { row.insert(s, term.coefficient) }
        }
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression ≤ 0 ⟺ expression + slack = 0, slack ≥ 0 (≥: expression − slack = 0).
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.insert(slack, sign)
            tag = Tag(marker: slack, other: nil, sign: sign)
            if !required {
                let error = newSymbol(.error)
                row.insert(error, -sign)
                tag.other = error
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                row.insert(dummy, 1)
                tag = Tag(marker: dummy, other: nil, sign: 1)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                tag = Tag(marker: plus, other: minus, sign: -1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    private func addObjectiveTerms(_ tag: Tag, _ weight: Double) {
        for s in [tag.marker, tag.other].compactMap({ $0 }) where s.kind == .error {
            if let basic = rows[s] { objective.insert(basic, weight) } else { objective.insert(s, weight) }
        }
    }

    private func removeObjectiveTerms(_ tag: Tag, _ weight: Double) {
        for s in [tag.marker, tag.other].compactMap({ $0 }) where s.kind == .error {
            if let basic = rows[s] { objective.insert(basic, -weight) } else { objective.insert(s, -weight) }
        }
    }

    /// The symbol to make basic for a new row: an external variable; else the marker or the other symbol when it
    /// is a slack or error with a negative coefficient (it can then start ≥ 0).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        var best: Symbol?
        for s in row.cells.keys where s.kind == .external {
            if best == nil || s < best! { best = s }
        }
        if let best { return best }
        if tag.marker.isRestricted && row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if let other = tag.other, other.isRestricted && row.coefficient(for: other) < 0 { return other }
        return nil
    }

    /// Adds a row no symbol of which can be made basic at once: through an artificial variable minimised to zero
    /// (phase one of the simplex). If it cannot reach zero the row contradicts the required constraints: it is
    /// taken out again as a constraint marked by the artificial variable would be, leaving the tableau as it was
    /// (up to equivalent pivots), and the add is refused.
    private func addWithArtificialVariable(_ row: Row, tag: Tag) throws(Failure) {
        let art = newSymbol(.slack)
        rows[art] = row
        artificial = row
        try optimize(artificialRow: true)
        let satisfied = Row.nearZero(artificial!.constant)
        artificial = nil
        if !satisfied {
            removeRow(marked: art)
            try? optimize()
            throw .unsatisfiable
        }
        if var basic = rows.removeValue(forKey: art), !basic.cells.isEmpty {
            // Pivot the artificial variable out through a symbol that can be basic (a restricted one first). A row
            // of dummies alone says the constraint repeats required equalities: it is dropped.
            let candidates = basic.cells.keys.filter { $0.kind != .dummy }
            if let entering = candidates.filter({ $0.isRestricted }).min() ?? candidates.min() {
                basic.solve(for: art, entering)
                substitute(entering, basic)
                rows[entering] = basic
            }
        }
        for i in rows.indices { rows.values[i].cells[art] = nil }
        objective.cells[art] = nil
    }

    /// Takes the row of the constraint whose marker is `marker` out of the tableau.
    private func removeRow(marked marker: Symbol) {
        if rows.removeValue(forKey: marker) != nil { return }
        guard let leaving = leavingRow(forMarker: marker) else { return }
        var row = rows.removeValue(forKey: leaving)!
        row.solve(for: leaving, marker)
        substitute(marker, row)
    }

    /// The row to pivot on to make `marker` basic for removal: among restricted rows, the one whose ratio keeps
    /// the others feasible (negative coefficients first); else any row that holds it.
    private func leavingRow(forMarker marker: Symbol) -> Symbol? {
        var first: (Symbol, Double)?, second: (Symbol, Double)?, third: Symbol?
        for (s, row) in rows {
            guard let c = row.cells[marker] else { continue }
            if s.kind == .external {
                if third == nil || s < third! { third = s }
            } else if c < 0 {
                let r = -row.constant / c
                if first == nil || r < first!.1 || (r == first!.1 && s < first!.0) { first = (s, r) }
            } else {
                let r = row.constant / c
                if second == nil || r < second!.1 || (r == second!.1 && s < second!.0) { second = (s, r) }
            }
        }
        return first?.0 ?? second?.0 ?? third
    }

    // MARK: Pivoting

    /// Replaces `s` by `row` everywhere; restricted rows that go negative are noted for the dual simplex.
    private func substitute(_ s: Symbol, _ row: Row) {
        pivots += 1
        // (Through the values view: rows change in place, with no copy and no second lookup.)
        for i in rows.indices where rows.values[i].cells[s] != nil {
            rows.values[i].substitute(s, row)
            let key = rows.keys[i]
            if key.kind != .external && rows.values[i].constant < 0 { infeasible.append(key) }
        }
        objective.substitute(s, row)
        artificial?.substitute(s, row)
    }

    /// Primal simplex: pivots until no parametric symbol with a negative coefficient in the objective (or, in phase
    /// one, the artificial row) can enter. (The row is read anew each round: pivots substitute into it.)
    private func optimize(artificialRow: Bool = false) throws(Failure) {
        while true {
            var entering: Symbol?
            for (s, c) in (artificialRow ? artificial! : objective).cells where s.kind != .dummy && c < 0 {
                if entering == nil || s < entering! { entering = s }
            }
            guard let entering else { return }
            var leaving: (Symbol, Double)?
            for (s, row) in rows where s.kind != .external {
                guard let c = row.cells[entering], c < 0 else { continue }
                let ratio = -row.constant / c
                if leaving == nil || ratio < leaving!.1 || (ratio == leaving!.1 && s < leaving!.0) { leaving = (s, ratio) }
            }
            // Unbounded: cannot happen for an objective of weighted errors ≥ 0; stop rather than loop.
            guard let (leave, _) = leaving else { return }
            var row = rows.removeValue(forKey: leave)!
            row.solve(for: leave, entering)
            substitute(entering, row)
            rows[entering] = row
        }
    }

    /// Moves the constraint marked by `tag` by `delta` in its constant, then restores feasibility.
    private func shift(_ tag: Tag, by delta: Double) throws(Failure) {
        guard delta != 0 else { return }
        do {
            try move(tag, by: delta)
        } catch {
            // Required constraints contradict the new constant: back to the old one (a system known feasible, which
            // the dual simplex reaches again from where it stopped), and refuse.
            infeasible.removeAll()
            try? move(tag, by: -delta)
            throw error
        }
    }

    private func move(_ tag: Tag, by delta: Double) throws(Failure) {
        // The marker stands for the constraint's slack: with a constant δ larger, the system is the old one with the
        // marker δ/sign further along (see Tag.sign); or with the other symbol, whose sign is the opposite, moved back.
        let move = delta / tag.sign
        if let i = rows.index(forKey: tag.marker) {
            rows.values[i].constant -= move
            let constant = rows.values[i].constant
            if tag.marker.kind == .dummy && !Row.nearZero(constant) { throw .unsatisfiable }
            if tag.marker.isRestricted && constant < 0 { infeasible.append(tag.marker) }
        } else if let other = tag.other, let i = rows.index(forKey: other) {
            rows.values[i].constant += move
            if rows.values[i].constant < 0 { infeasible.append(other) }
        } else {
            for i in rows.indices {
                guard let c = rows.values[i].cells[tag.marker] else { continue }
                rows.values[i].constant += c * move
                let key = rows.keys[i]
                if key.kind != .external && rows.values[i].constant < 0 { infeasible.append(key) }
            }
        }
        try dualOptimize()
    }

    /// Dual simplex: pivots infeasible rows back to ≥ 0, keeping the objective optimal.
    private func dualOptimize() throws(Failure) {
        while let leaving = infeasible.popLast() {
            guard var row = rows[leaving], row.constant < 0, !Row.nearZero(row.constant) else { continue }
            var entering: (Symbol, Double)?
            for (s, c) in row.cells where c > 0 && s.kind != .dummy {
                let ratio = objective.coefficient(for: s) / c
                if entering == nil || ratio < entering!.1 || (ratio == entering!.1 && s < entering!.0) { entering = (s, ratio) }
            }
            guard let (enter, _) = entering else { throw .unsatisfiable }
            rows[leaving] = nil
            row.solve(for: leaving, enter)
            substitute(enter, row)
            rows[enter] = row
        }
    }
}
