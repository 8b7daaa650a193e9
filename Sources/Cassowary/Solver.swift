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
// Where several symbols may enter the basis, the one the fewest rows hold goes (a pivot substitutes into each of
// them), ties to the lowest symbol number; an optimisation that goes on for long falls back to Bland's rule (the
// lowest number alone), which cannot cycle. Every choice depends only on the changes made so far, never on the order
// a dictionary lists its entries in: the same changes give the same answer on every run.

//
// Definitions. A required equality that names a variable the solver has never seen — `top[k] == bottom[k-1] + 8` as
// a column of views is built — is kept out of the tableau as that variable's definition, in terms of the other
// variables as they are (not expanded into parametric symbols). In the tableau, the row of the k-th link of a chain
// holds the markers of every link before it (what lets a constant change or a removal reach it), so building a
// chain of N links there costs N² cells; kept as definitions it costs N. A definition is expanded only when a
// constraint of the tableau names its variable (a chain closed at its far end is expanded once, into that
// constraint's row), and its value is worked out from the others' after each solve. Its constant changes in place;
// removing it makes its variable free again, or, once the tableau holds it, makes it a tableau constraint first and
// removes it from there.

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

/// One row of the tableau: `constant + Σ coefficient × symbol` (the value of its basic symbol).
///
/// Cells are an array searched in place (rows of a layout hold a handful of cells). The objective, which holds every
/// non-required constraint's error, also keeps `positions`: each symbol's place in `cells`, by symbol number.
struct Row {
    struct Cell {
        var symbol: Symbol
        var coefficient: Double
    }

    var constant: Double
    var cells: [Cell] = []
    /// By symbol number: 1 + the symbol's place in `cells`, 0 when it has none (kept for the objective only).
    private var positions: [Int32]?

    init(constant: Double) { self.constant = constant }

    /// A row that keeps `positions` (the objective).
    static func indexed() -> Row {
        var row = Row(constant: 0)
        row.positions = []
        return row
    }

    static let epsilon = 1.0e-8
    static func nearZero(_ v: Double) -> Bool { abs(v) < epsilon }

    var isEmpty: Bool { cells.isEmpty }

    func position(of s: Symbol) -> Int? {
        if let positions {
            guard s.id < positions.count, positions[s.id] != 0 else { return nil }
            return Int(positions[s.id]) - 1
        }
        for i in cells.indices where cells[i].symbol.id == s.id { return i }
        return nil
    }

    func coefficient(for s: Symbol) -> Double {
        position(of: s).map { cells[$0].coefficient } ?? 0
    }

    /// What adding to a cell did: made it, dropped it (it cancelled), or changed it.
    enum Change { case inserted, removed, updated }

    /// Adds `coefficient × s`, dropping the cell when it cancels.
    @discardableResult
    mutating func add(_ s: Symbol, _ coefficient: Double) -> Change {
        if let i = position(of: s) {
            let c = cells[i].coefficient + coefficient
            if Row.nearZero(c) {
                removeCell(at: i)
                return .removed
            }
            cells[i].coefficient = c
            return .updated
        }
        if Row.nearZero(coefficient) { return .updated }
        cells.append(Cell(symbol: s, coefficient: coefficient))
        if positions != nil {
            if s.id >= positions!.count { positions!.append(contentsOf: repeatElement(0, count: s.id + 1 - positions!.count + 64)) }
            positions![s.id] = Int32(cells.count)
        }
        return .inserted
    }

    /// Removes `s`'s cell; its coefficient, or nil if it had none.
    @discardableResult
    mutating func remove(_ s: Symbol) -> Double? {
        guard let i = position(of: s) else { return nil }
        let c = cells[i].coefficient
        removeCell(at: i)
        return c
    }

    mutating func removeCell(at i: Int) {
        let removed = cells[i].symbol.id
        let last = cells.count - 1
        if i != last {
            cells[i] = cells[last]
            positions?[cells[i].symbol.id] = Int32(i + 1)
        }
        cells.removeLast()
        positions?[removed] = 0
    }

    mutating func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Rewrites `0 = self` as `s = …` (s must have a cell).
    mutating func solve(for s: Symbol) {
        let c = -1 / remove(s)!
        constant *= c
        for i in cells.indices { cells[i].coefficient *= c }
    }

    /// Rewrites `lhs = self` (lhs not in the row) as `rhs = …`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        add(lhs, -1)
        solve(for: rhs)
    }

    /// Adds `coefficient × other` (no column bookkeeping: for rows outside the tableau).
    mutating func add(_ other: Row, _ coefficient: Double) {
        constant += other.constant * coefficient
        for cell in other.cells { add(cell.symbol, cell.coefficient * coefficient) }
    }

    /// Replaces `s` by `row` (no column bookkeeping: for rows outside the tableau).
    mutating func substitute(_ s: Symbol, _ row: Row) {
        guard let c = remove(s) else { return }
        add(row, c)
    }
}

/// An incremental linear constraint solver (Cassowary). Not thread-safe: one owner at a time.
///
/// Symbols are numbered densely, so the tableau is kept in arrays indexed by symbol number: the basic rows, and for
/// each symbol the rows that hold it (its column). A pivot then visits only the rows its entering symbol appears in,
/// which keeps work proportional to what a change reaches rather than to the whole tableau. Required equalities that
/// name a new variable are definitions, outside the tableau (see the notes at the top of the file).
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
    /// constraints, the other error; `sign` is the marker's coefficient in the row as made (for constant changes).
    private struct Tag {
        var marker: Symbol
        var other: Symbol?
        var sign: Double
        /// For a definition: the number of the symbol it defines (0 otherwise).
        var defines = 0
    }

    private struct Edit {
        var tag: Tag
        var constraint: Constraint
        var constant: Double
    }

    private var constraints: [Constraint: Tag] = [:]
    /// By symbol number: the symbol's row while it is basic (`basic`), else an empty row. (Not optional rows: reading a
    /// field through an optional copies the row out, retaining and releasing its cells, on every read of a hot loop.)
    @exclusivity(unchecked) private var rows: [Row] = [Row(constant: 0)]
    @exclusivity(unchecked) private var basic: [Bool] = [false]
    /// By symbol number: the numbers of the basic rows that hold (or held) the symbol. Appended to when a row gains
    /// the symbol and never searched for removal: entries that went stale (the row lost the symbol, or is no longer
    /// basic) or repeat are dropped when the column is read (`holders(of:)`), which costs no more than the reading.
    @exclusivity(unchecked) private var columns: [[Int32]] = [[]]
    /// By row number: the read of `holders(of:)` that last listed the row (to list each row once).
    @exclusivity(unchecked) private var listed: [UInt32] = [0]
    @exclusivity(unchecked) private var reading: UInt32 = 0
    /// By symbol number: its kind, and for external symbols the variable.
    @exclusivity(unchecked) private var kinds: [Symbol.Kind] = [.dummy]
    @exclusivity(unchecked) private var variableOf: [Variable?] = [nil]
    /// The external symbols' numbers, in the order they were made.
    @exclusivity(unchecked) private var externals: [Int] = []
    /// By symbol number: the edit of an external symbol's variable, if it has one (no hashing on `suggestValue`).
    @exclusivity(unchecked) private var edits: [Edit?] = [nil]
    @exclusivity(unchecked) private var infeasible: [Int] = []
    private var objective = Row.indexed()
    private var artificial: Row?
    /// By symbol number: 1 + a symbol's place in the row being added to, while `add(_:_:into:key:)` works (0
    /// otherwise).
    @exclusivity(unchecked) private var scratch: [Int32] = [0]
    /// By symbol number: a defined variable's row, `v = constant + Σ coefficient × symbol` over the other variables of
    /// its constraint (unexpanded) and the constraint's dummy.
    @exclusivity(unchecked) private var definitions: [Row?] = [nil]
    /// Defined symbols in the order they were defined (each depends only on older ones), with numbers of removed
    /// definitions among them until the list is compacted.
    private var definitionOrder: [Int] = []
    private var removedDefinitions = 0

    public init() {}

    /// How many constraints (edit constraints included) the solver holds.
    public var constraintCount: Int { constraints.count }
    /// How many pivots the solver has made (a measure of work, for tests and benchmarks).
    public private(set) var pivots = 0
    /// How many cells substitutions have added into rows (a measure of work that does not depend on the machine:
    /// tests check with it that building grows about linearly with the system).
    public private(set) var cellsAdded = 0

    public func hasConstraint(_ c: Constraint) -> Bool { constraints[c] != nil }

    /// Whether `variable`'s value is determined by the constraints: a variable the solver holds that no row defines
    /// is free (its value, 0, is as good as any other: the system is ambiguous in it).
    public func isDetermined(_ variable: Variable) -> Bool {
        guard let s = variable.symbol, s.id < variableOf.count, variableOf[s.id] === variable else { return false }
        guard definitions[s.id] != nil else { return basic[s.id] }
        // A defined variable is determined when every variable of its definition is: worked out in the order the
        // definitions were made (each names older variables only), without recursion down long chains.
        var determined: [Int: Bool] = [:]
        for id in definitionOrder where id <= s.id {
            guard let definition = definitions[id] else { continue }
            determined[id] = definition.cells.allSatisfy { cell in
                cell.symbol.kind != .external || (determined[cell.symbol.id] ?? basic[cell.symbol.id])
            }
        }
        return determined[s.id] ?? false
    }
    public func hasEditVariable(_ v: Variable) -> Bool { editIndex(v).map { edits[$0] != nil } ?? false }

    /// `variable`'s symbol number when this solver holds it.
    private func editIndex(_ variable: Variable) -> Int? {
        guard let s = variable.symbol, s.id < variableOf.count, variableOf[s.id] === variable else { return nil }
        return s.id
    }

    // MARK: Constraints

    /// Adds `constraint`; the solution is updated incrementally (read it with `updateVariables()`).
    public func add(_ constraint: Constraint) throws(Failure) {
        guard constraints[constraint] == nil else { throw .duplicateConstraint }
        guard constraint.expression.constant.isFinite,
              constraint.expression.terms.allSatisfy({ $0.coefficient.isFinite }),
              constraint.strength.isRequired || (constraint.strength.weight.isFinite && constraint.strength.weight > 0)
        else { throw .invalidNumber }
        if constraint.strength.isRequired && constraint.relation == .equal, let tag = define(constraint) {
            constraints[constraint] = tag
            return
        }
        var tag = Tag(marker: Symbol(id: 0, kind: .dummy), other: nil, sign: 1)
        var row = makeRow(constraint, &tag)
        var subject = chooseSubject(row, tag)
        if subject == nil && row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            // Only dummies: the constraint repeats required equalities; it holds if the constant is 0.
            guard Row.nearZero(row.constant) else { throw .unsatisfiable }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        } else {
            try addWithArtificialVariable(row)
        }
        constraints[constraint] = tag
        if !constraint.strength.isRequired { addObjectiveTerms(tag, constraint.strength.weight) }
        try optimize()
    }

    /// Removes `constraint`; the others' solution is updated incrementally.
    public func remove(_ constraint: Constraint) throws(Failure) {
        guard let tag = constraints.removeValue(forKey: constraint) else { throw .unknownConstraint }
        if tag.defines != 0 {
            let variable = Symbol(id: tag.defines, kind: .external)
            // Expanded into the tableau, the tableau is as if the constraint were one of its own with the variable
            // substituted away: make it so (the variable basic with its definition expanded, as any constraint's row
            // would be), then remove it as any other. Never expanded: its variable is simply free again.
            var expansion: Row?
            if !holders(of: tag.marker).isEmpty {
                var row = Row(constant: 0)
                row.add(variable, 1)
                expand(&row, [variable.id])
                expansion = row
            }
            definitions[tag.defines] = nil
            removedDefinitions += 1
            if removedDefinitions > 64 && removedDefinitions * 2 > definitionOrder.count {
                definitionOrder.removeAll { definitions[$0] == nil }
                removedDefinitions = 0
            }
            guard let expansion else { return }
            setRow(variable, expansion)
        }
        if !constraint.strength.isRequired { addObjectiveTerms(tag, -constraint.strength.weight) }
        removeRow(marked: tag.marker)
        try optimize()
    }

    /// Changes the constant of `constraint`'s expression from `old` to `constant` without removing it (UIKit's
    /// `NSLayoutConstraint.constant`): only the rows that hold its marker change, then the dual simplex restores
    /// feasibility. Refused (and nothing changes) when required constraints then contradict each other.
    public func setConstant(_ constant: Double, of constraint: Constraint, was old: Double) throws(Failure) {
        guard let tag = constraints[constraint] else { throw .unknownConstraint }
        guard constant.isFinite else { throw .invalidNumber }
        try shift(tag, by: constant - old)
    }

    // MARK: Edit variables

    /// Makes `variable` editable at `strength` (not required): `suggestValue` then moves it.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(Failure) {
        guard !hasEditVariable(variable) else { throw .duplicateEditVariable }
        guard !strength.isRequired else { throw .requiredEditVariable }
        let constraint = Constraint(Expression(variable), .equal, strength: strength)
        try add(constraint)
        edits[editIndex(variable)!] = Edit(tag: constraints[constraint]!, constraint: constraint, constant: 0)
    }

    public func removeEditVariable(_ variable: Variable) throws(Failure) {
        guard let i = editIndex(variable), let edit = edits[i] else { throw .unknownEditVariable }
        edits[i] = nil
        try remove(edit.constraint)
    }

    /// Asks for `variable` to be `value`, as strongly as its edit's strength says.
    public func suggestValue(_ value: Double, for variable: Variable) throws(Failure) {
        guard let i = editIndex(variable), var edit = edits[i] else { throw .unknownEditVariable }
        guard value.isFinite else { throw .invalidNumber }
        // The edit constraint is `variable - value == 0`: its constant is -value.
        let delta = -(value - edit.constant)
        edit.constant = value
        edits[i] = edit
        try shift(edit.tag, by: delta)
    }

    /// Writes the solution into the variables' `value`s; calls `changed` for each variable whose value changed.
    public func updateVariables(_ changed: ((Variable) -> Void)? = nil) {
        for id in externals where definitions[id] == nil {
            let value = basic[id] ? rows[id].constant : 0
            let variable = variableOf[id]!
            if variable.value != value {
                variable.value = value
                changed?(variable)
            }
        }
        // Defined variables from the others', oldest first (a definition names older variables only).
        for id in definitionOrder {
            guard let definition = definitions[id] else { continue }
            var value = definition.constant
            for cell in definition.cells where cell.symbol.kind == .external { value += cell.coefficient * variableOf[cell.symbol.id]!.value }
            let variable = variableOf[id]!
            if variable.value != value {
                variable.value = value
                changed?(variable)
            }
        }
    }

    /// Forgets everything.
    public func reset() {
        for id in externals { variableOf[id]?.symbol = nil }
        constraints = [:]; rows = [Row(constant: 0)]; basic = [false]; columns = [[]]; listed = [0]; kinds = [.dummy]; variableOf = [nil]; externals = []
        edits = [nil]; definitions = [nil]; definitionOrder = []; removedDefinitions = 0; infeasible = []; objective = Row.indexed(); artificial = nil; scratch = [0]
    }

    // MARK: The tableau

    private func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        let s = Symbol(id: kinds.count, kind: kind)
        kinds.append(kind)
        rows.append(Row(constant: 0))
        basic.append(false)
        columns.append([])
        listed.append(0)
        variableOf.append(nil)
        scratch.append(0)
        edits.append(nil)
        definitions.append(nil)
        return s
    }

    private func symbol(for variable: Variable) -> Symbol {
        if let s = variable.symbol, s.id < variableOf.count, variableOf[s.id] === variable { return s }
        let s = newSymbol(.external)
        variable.symbol = s
        variableOf[s.id] = variable
        externals.append(s.id)
        return s
    }

    /// The basic rows that hold `s`, each once; the column is compacted to them as it is read. (The column itself is
    /// the answer: no list is made.)
    private func holders(of s: Symbol) -> ArraySlice<Int32> {
        reading &+= 1
        if reading == 0 { for i in listed.indices { listed[i] = 0 }; reading = 1 }
        let id = s.id, count = columns[id].count
        var kept = 0
        for i in 0..<count {
            let key = Int(columns[id][i])
            guard listed[key] != reading, basic[key], rows[key].position(of: s) != nil else { continue }
            listed[key] = reading
            if kept != i { columns[id][kept] = Int32(key) }
            kept += 1
        }
        if kept < count { columns[id].removeLast(count - kept) }
        return columns[id][...]
    }

    /// Makes `row` the basic row of `s`, entering it in its symbols' columns.
    private func setRow(_ s: Symbol, _ row: Row) {
        for cell in row.cells { columns[cell.symbol.id].append(Int32(s.id)) }
        rows[s.id] = row
        basic[s.id] = true
    }

    /// Takes `s`'s basic row out of the tableau.
    private func takeRow(_ s: Symbol) -> Row? {
        guard basic[s.id] else { return nil }
        basic[s.id] = false
        var row = Row(constant: 0)
        swap(&row, &rows[s.id])
        return row // (its columns' entries go stale: see `columns`)
    }

    /// Adds `coefficient × other` to `target`: the basic row `key` (taken out of `rows` while it changes, so the
    /// array and the row are checked for sharing once, not per cell), whose columns are kept, or with no key a row
    /// being made. Small rows search each other's cells; bigger ones scatter the target's positions into `scratch`
    /// first (a sparse accumulator: no search, no hashing — a row made from a chain of N items holds N markers, and
    /// searching it once per added cell made building such chains quadratic in N).
    private func add(_ other: Row, _ coefficient: Double, into target: inout Row, key: Int?) {
        target.constant += other.constant * coefficient
        cellsAdded &+= other.cells.count
        guard target.cells.count * other.cells.count > 64 else {
            for cell in other.cells where target.add(cell.symbol, cell.coefficient * coefficient) == .inserted {
                if let key { columns[cell.symbol.id].append(Int32(key)) }
            }
            return
        }
        for (i, cell) in target.cells.enumerated() { scratch[cell.symbol.id] = Int32(i + 1) }
        var cancelled = false
        for cell in other.cells {
            let add = cell.coefficient * coefficient
            let p = Int(scratch[cell.symbol.id])
            if p != 0 {
                target.cells[p - 1].coefficient += add
                if Row.nearZero(target.cells[p - 1].coefficient) { cancelled = true }
            } else if !Row.nearZero(add) {
                target.cells.append(Row.Cell(symbol: cell.symbol, coefficient: add))
                scratch[cell.symbol.id] = Int32(target.cells.count)
                if let key { columns[cell.symbol.id].append(Int32(key)) }
            }
        }
        for cell in target.cells { scratch[cell.symbol.id] = 0 }
        if cancelled { target.cells.removeAll { Row.nearZero($0.coefficient) } }
    }

    /// The constraint as a row over the current parametric symbols, with its slack, error or dummy symbols.
    private func makeRow(_ constraint: Constraint, _ tag: inout Tag) -> Row {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        var pending: [Int] = []
        for term in expression.terms where !Row.nearZero(term.coefficient) {
            let s = symbol(for: term.variable)
            if basic[s.id] {
                add(rows[s.id], term.coefficient, into: &row, key: nil)
            } else {
                row.add(s, term.coefficient)
                if definitions[s.id] != nil { pending.append(s.id) }
            }
        }
        expand(&row, pending)
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expression ≤ 0 ⟺ expression + slack = 0, slack ≥ 0 (≥: expression − slack = 0).
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            row.add(slack, sign)
            tag = Tag(marker: slack, other: nil, sign: sign)
            if !required {
                let error = newSymbol(.error)
                row.add(error, -sign)
                tag.other = error
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                row.add(dummy, 1)
                tag = Tag(marker: dummy, other: nil, sign: 1)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                tag = Tag(marker: plus, other: minus, sign: -1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// Keeps a required equality as a definition, when it names a variable the solver has not seen (with a coefficient
    /// that does not cancel): that variable = the rest, solved for. `nil` when it names none.
    private func define(_ constraint: Constraint) -> Tag? {
        let terms = constraint.expression.terms
        var fresh: Variable?
        for term in terms where fresh == nil && editIndex(term.variable) == nil {
            let total = terms.reduce(0) { $1.variable === term.variable ? $0 + $1.coefficient : $0 }
            if !Row.nearZero(total) { fresh = term.variable }
        }
        guard let fresh else { return nil }
        var row = Row(constant: constraint.expression.constant)
        for term in terms where !Row.nearZero(term.coefficient) { row.add(symbol(for: term.variable), term.coefficient) }
        let dummy = newSymbol(.dummy)
        row.add(dummy, 1)
        let subject = fresh.symbol!
        row.solve(for: subject)
        definitions[subject.id] = row
        definitionOrder.append(subject.id)
        return Tag(marker: dummy, other: nil, sign: 1, defines: subject.id)
    }

    /// Adds `coefficient × s` to `row`, a row being made whose cells' positions are in `scratch`; notes a defined
    /// symbol that gains weight in `pending`, to be expanded.
    private func accumulate(_ s: Symbol, _ coefficient: Double, into row: inout Row, pending: inout MaxHeap) {
        let p = Int(scratch[s.id])
        if p != 0 {
            row.cells[p - 1].coefficient += coefficient
        } else {
            row.cells.append(Row.Cell(symbol: s, coefficient: coefficient))
            scratch[s.id] = Int32(row.cells.count)
        }
        if definitions[s.id] != nil && p == 0 { pending.push(s.id) }
    }

    /// Replaces the defined symbols `pending` (and those their definitions name, and so on) in `row` by their
    /// definitions, and the basic symbols those bring by their rows: the row is then over parametric symbols only,
    /// as the tableau needs. Newest first: a definition names older symbols only, so each is expanded once, with
    /// every share it will get (a sparse accumulator, no search: work proportional to what is expanded).
    private func expand(_ row: inout Row, _ pending: [Int]) {
        guard !pending.isEmpty else { return }
        var pending = MaxHeap(pending)
        for (i, cell) in row.cells.enumerated() { scratch[cell.symbol.id] = Int32(i + 1) }
        while let id = pending.pop() {
            let p = Int(scratch[id])
            guard p != 0, row.cells[p - 1].coefficient != 0, let definition = definitions[id] else { continue }
            let c = row.cells[p - 1].coefficient
            row.cells[p - 1].coefficient = 0
            row.constant += definition.constant * c
            cellsAdded &+= definition.cells.count
            for cell in definition.cells {
                let k = cell.coefficient * c
                if basic[cell.symbol.id] {
                    row.constant += rows[cell.symbol.id].constant * k
                    cellsAdded &+= rows[cell.symbol.id].cells.count
                    for b in rows[cell.symbol.id].cells { accumulate(b.symbol, b.coefficient * k, into: &row, pending: &pending) }
                } else {
                    accumulate(cell.symbol, k, into: &row, pending: &pending)
                }
            }
        }
        for cell in row.cells { scratch[cell.symbol.id] = 0 }
        row.cells.removeAll { Row.nearZero($0.coefficient) }
    }

    /// Adds (or, with a negative weight, takes back) a constraint's errors to the objective.
    private func addObjectiveTerms(_ tag: Tag, _ weight: Double) {
        for s in [tag.marker, tag.other].compactMap({ $0 }) where s.kind == .error {
            if basic[s.id] { objective.add(rows[s.id], weight) } else { objective.add(s, weight) }
        }
    }

    /// The symbol to make basic for a new row: an external variable — the one the fewest rows hold, as making it
    /// basic substitutes the new row into each of them (a variable seen for the first time costs nothing; choosing by
    /// number instead made each link of a chain `w[k] == w[k-1]` substitute into every row built on the chain so far,
    /// cubic in its length), the lowest-numbered of those; else the marker or the other symbol when it is a slack or
    /// error with a negative coefficient (it can then start ≥ 0).
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        var best: Symbol?, bestHolders = Int.max
        for cell in row.cells where cell.symbol.kind == .external {
            // (The column's length counts stale entries too: a deterministic estimate, which is all a choice needs.)
            let holders = columns[cell.symbol.id].count
            if holders < bestHolders || (holders == bestHolders && cell.symbol < best!) {
                best = cell.symbol
                bestHolders = holders
            }
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
    private func addWithArtificialVariable(_ row: Row) throws(Failure) {
        let art = newSymbol(.slack)
        setRow(art, row)
        artificial = row
        // (A row whose constant is already 0 holds at the current solution: it only needs a basic symbol, below.)
        if !Row.nearZero(row.constant) { try optimize(artificialRow: true) }
        let satisfied = Row.nearZero(artificial!.constant)
        artificial = nil
        if !satisfied {
            removeRow(marked: art)
            try? optimize()
            throw .unsatisfiable
        }
        if var basic = takeRow(art), !basic.isEmpty {
            // Pivot the artificial variable out through a symbol that can be basic: a restricted one first, then the
            // one the fewest rows hold (the pivot substitutes into each), then the lowest-numbered. A row of dummies
            // alone says the constraint repeats required equalities: it is dropped.
            var entering: Symbol?, enteringHolders = Int.max
            for cell in basic.cells where cell.symbol.kind != .dummy {
                let s = cell.symbol, holders = columns[s.id].count
                if entering == nil || (s.isRestricted && !entering!.isRestricted)
                    || (s.isRestricted == entering!.isRestricted
                        && (holders < enteringHolders || (holders == enteringHolders && s < entering!))) {
                    entering = s
                    enteringHolders = holders
                }
            }
            if let entering {
                basic.solve(for: art, entering)
                substitute(entering, basic)
                setRow(entering, basic)
            }
        }
        for key in holders(of: art) { rows[Int(key)].remove(art) }
        columns[art.id].removeAll(keepingCapacity: true)
        objective.remove(art)
    }

    /// Takes the row of the constraint whose marker is `marker` out of the tableau.
    private func removeRow(marked marker: Symbol) {
        if takeRow(marker) != nil { return }
        guard let leaving = leavingRow(forMarker: marker) else { return }
        var row = takeRow(leaving)!
        row.solve(for: leaving, marker)
        substitute(marker, row)
    }

    /// The row to pivot on to make `marker` basic for removal: among restricted rows, the one whose ratio keeps
    /// the others feasible (negative coefficients first); else any row that holds it.
    private func leavingRow(forMarker marker: Symbol) -> Symbol? {
        var first: (Int, Double)?, second: (Int, Double)?, third: Int?
        for entry in holders(of: marker) {
            let key = Int(entry)
            let c = rows[key].coefficient(for: marker), constant = rows[key].constant
            if kinds[key] == .external {
                if third == nil || key < third! { third = key }
            } else if c < 0 {
                let r = -constant / c
                if first == nil || r < first!.1 || (r == first!.1 && key < first!.0) { first = (key, r) }
            } else {
                let r = constant / c
                if second == nil || r < second!.1 || (r == second!.1 && key < second!.0) { second = (key, r) }
            }
        }
        return (first?.0 ?? second?.0 ?? third).map { Symbol(id: $0, kind: kinds[$0]) }
    }

    // MARK: Pivoting

    /// Replaces `s` by `row` in every row that holds it; restricted rows that go negative are noted for the dual
    /// simplex.
    private func substitute(_ s: Symbol, _ row: Row) {
        pivots += 1
        _ = holders(of: s)
        // The column, taken out whole (the rows below lose `s`, and none can gain it from `row`), is given back empty
        // with its storage for the next rows that hold `s`.
        var found: [Int32] = []
        swap(&found, &columns[s.id])
        defer {
            found.removeAll(keepingCapacity: true)
            columns[s.id] = found
        }
        for entry in found {
            let key = Int(entry)
            guard basic[key] else { continue }
            var target = Row(constant: 0)
            swap(&target, &rows[key])
            if let c = target.remove(s) {
                add(row, c, into: &target, key: key)
                if kinds[key] != .external && target.constant < 0 { infeasible.append(key) }
            }
            rows[key] = target
        }
        objective.substitute(s, row)
        artificial?.substitute(s, row)
    }

    /// Primal simplex: pivots until no parametric symbol with a negative coefficient in the objective (or, in phase
    /// one, the artificial row) can enter. (The row is read anew each round: pivots substitute into it.)
    ///
    /// The symbol to enter is, of those that may, the one the fewest rows hold — the pivot substitutes into each of
    /// them, and a symbol old rows were built on can be held by thousands — the lowest-numbered of those. After
    /// `blandAfter` pivots in one call it is the lowest-numbered alone (Bland's rule), which cannot cycle on degenerate
    /// pivots; the cheaper choice settles nearly every change in a pivot or two.
    private func optimize(artificialRow: Bool = false) throws(Failure) {
        var made = 0
        while true {
            var entering: Symbol?, enteringHolders = Int.max
            let bland = made >= Self.blandAfter
            for cell in (artificialRow ? artificial! : objective).cells where cell.symbol.kind != .dummy && cell.coefficient < 0 {
                let holders = bland ? 0 : columns[cell.symbol.id].count
                if holders < enteringHolders || (holders == enteringHolders && cell.symbol < entering!) {
                    entering = cell.symbol
                    enteringHolders = holders
                }
            }
            guard let entering else { return }
            var leaving: (Int, Double)?
            for entry in holders(of: entering) where kinds[Int(entry)] != .external {
                let key = Int(entry)
                let c = rows[key].coefficient(for: entering)
                guard c < 0 else { continue }
                let ratio = -rows[key].constant / c
                if leaving == nil || ratio < leaving!.1 || (ratio == leaving!.1 && key < leaving!.0) { leaving = (key, ratio) }
            }
            // Unbounded: cannot happen for an objective of weighted errors ≥ 0; stop rather than loop.
            guard let (leave, _) = leaving else { return }
            pivot(leaving: leave, entering: entering)
            made += 1
        }
    }

    /// How many pivots one optimisation makes choosing the cheapest symbol before it falls back to Bland's rule.
    static let blandAfter = 64

    /// Makes `entering` basic in place of the basic symbol numbered `leaving`, through its row.
    private func pivot(leaving: Int, entering: Symbol) {
        let leavingSymbol = Symbol(id: leaving, kind: kinds[leaving])
        var row = takeRow(leavingSymbol)!
        row.solve(for: leavingSymbol, entering)
        substitute(entering, row)
        setRow(entering, row)
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
        if basic[tag.marker.id] {
            rows[tag.marker.id].constant -= move
            let constant = rows[tag.marker.id].constant
            if tag.marker.kind == .dummy && !Row.nearZero(constant) { throw .unsatisfiable }
            if tag.marker.isRestricted && constant < 0 { infeasible.append(tag.marker.id) }
        } else if let other = tag.other, basic[other.id] {
            rows[other.id].constant += move
            if rows[other.id].constant < 0 { infeasible.append(other.id) }
        } else {
            if tag.defines != 0 {
                // A definition: its own constant, then the tableau rows it was expanded into.
                definitions[tag.defines]!.constant += definitions[tag.defines]!.coefficient(for: tag.marker) * move
            }
            for entry in holders(of: tag.marker) {
                let key = Int(entry)
                let c = rows[key].coefficient(for: tag.marker)
                rows[key].constant += c * move
                if kinds[key] != .external && rows[key].constant < 0 { infeasible.append(key) }
            }
        }
        try dualOptimize()
    }

    /// Dual simplex: pivots infeasible rows back to ≥ 0, keeping the objective optimal. The lowest-numbered
    /// infeasible row goes first, so the pivots do not depend on the order rows were noted in.
    private func dualOptimize() throws(Failure) {
        while !infeasible.isEmpty {
            var best = 0
            for i in infeasible.indices where infeasible[i] < infeasible[best] { best = i }
            let key = infeasible.remove(at: best)
            guard basic[key], rows[key].constant < 0, !Row.nearZero(rows[key].constant) else { continue }
            var entering: (Symbol, Double)?
            for cell in rows[key].cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
                let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
                if entering == nil || ratio < entering!.1 || (ratio == entering!.1 && cell.symbol < entering!.0) {
                    entering = (cell.symbol, ratio)
                }
            }
            guard let (enter, _) = entering else { throw .unsatisfiable }
            pivot(leaving: key, entering: enter)
        }
    }
}

/// A binary max-heap of symbol numbers (definitions to expand, newest first).
struct MaxHeap {
    private var items: [Int]

    init(_ items: [Int]) {
        self.items = []
        for i in items { push(i) }
    }

    mutating func push(_ value: Int) {
        items.append(value)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[parent] < items[i] else { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> Int? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        guard !items.isEmpty else { return top }
        items[0] = last
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var largest = i
            if l < items.count && items[l] > items[largest] { largest = l }
            if r < items.count && items[r] > items[largest] { largest = r }
            guard largest != i else { return top }
            items.swapAt(i, largest)
            i = largest
        }
    }
}
