// Random systems: whatever is asked, the solver neither crashes nor hangs, and the solution satisfies every
// required constraint it accepted (those it refused contradicted the others).
@testable import Cassowary
import Testing

/// A small deterministic generator (SplitMix64), so a failure can be replayed from its seed.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func holds(_ c: Constraint) -> Bool {
    let v = c.expression.value
    let tolerance = 1e-6 * max(1, c.expression.terms.reduce(abs(c.expression.constant)) { $0 + abs($1.coefficient * $1.variable.value) })
    switch c.relation {
    case .equal: return abs(v) <= tolerance
    case .lessThanOrEqual: return v <= tolerance
    case .greaterThanOrEqual: return v >= -tolerance
    }
}

@Suite(.timeLimit(.minutes(2))) struct SolverFuzzTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomSystemsKeepEveryAcceptedRequiredConstraint(seed: UInt64) throws {
        var rng = SplitMix(state: seed)
        let solver = Solver()
        let variables = (0..<Int.random(in: 5...60, using: &rng)).map { Variable("v\($0)") }
        let coefficients: [Double] = [-2, -1, -0.5, 0.5, 1, 2]
        var accepted: [Constraint] = []
        var constants: [ObjectIdentifier: Double] = [:]
        var refused = 0
        let count = Int.random(in: 50...500, using: &rng)
        for step in 0..<count {
            let termCount = Int.random(in: 1...3, using: &rng)
            let terms = (0..<termCount).map { _ in
                Term(variables.randomElement(using: &rng)!, coefficients.randomElement(using: &rng)!)
            }
            let constant = Double(Int.random(in: -200...200, using: &rng))
            let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            let strength: Strength = [.required, .required, .strong, .medium, .weak].randomElement(using: &rng)!
            let c = Constraint(Expression(terms, constant: constant), relation, strength: strength)
            do {
                try solver.add(c)
                accepted.append(c)
                constants[ObjectIdentifier(c)] = constant
            } catch .unsatisfiable {
                refused += 1
            }
            // Now and then: take one out, or move one's constant (refused moves leave it where it was).
            if step % 7 == 3, !accepted.isEmpty {
                let victim = accepted.remove(at: Int.random(in: 0..<accepted.count, using: &rng))
                try solver.remove(victim)
            }
            if step % 5 == 2, let moved = accepted.randomElement(using: &rng) {
                let old = constants[ObjectIdentifier(moved)]!
                let new = old + Double(Int.random(in: -30...30, using: &rng))
                do {
                    try solver.setConstant(new, of: moved, was: old)
                    constants[ObjectIdentifier(moved)] = new
                } catch .unsatisfiable {}
            }
        }
        solver.updateVariables()
        for c in accepted where c.strength.isRequired {
            // The solver's view of the constraint uses its current constant.
            let current = Constraint(Expression(c.expression.terms, constant: constants[ObjectIdentifier(c)]!), c.relation)
            #expect(holds(current), "seed \(seed): \(current) is \(current.expression.value)")
        }
        #expect(accepted.count + refused >= count / 2)

        // The incremental solution is optimal: its weighted violation of the wishes equals that of a solver built
        // from scratch with the constraints kept, at their final constants (the solutions may differ where the
        // system is ambiguous; the optimum's value may not).
        func cost() -> Double {
            accepted.filter { !$0.strength.isRequired }.reduce(0) { sum, c in
                let v = c.expression.terms.reduce(constants[ObjectIdentifier(c)]!) { $0 + $1.coefficient * $1.variable.value }
                switch c.relation {
                case .equal: return sum + c.strength.weight * abs(v)
                case .lessThanOrEqual: return sum + c.strength.weight * max(0, v)
                case .greaterThanOrEqual: return sum + c.strength.weight * max(0, -v)
                }
            }
        }
        let incremental = cost()
        let fresh = Solver()
        for c in accepted {
            try fresh.add(Constraint(Expression(c.expression.terms, constant: constants[ObjectIdentifier(c)]!), c.relation,
                                     strength: c.strength))
        }
        fresh.updateVariables()
        let scratch = cost()
        #expect(abs(incremental - scratch) <= 1e-6 * max(1, scratch), "seed \(seed): \(incremental) against \(scratch) from scratch")
    }

    @Test func thousandsOfConflictingConstraintsAreRefusedQuickly() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(x == 0)
        var refused = 0
        for i in 1...3000 {
            do { try solver.add(x == Double(i)) } catch .unsatisfiable { refused += 1 }
        }
        #expect(refused == 3000)
        solver.updateVariables()
        #expect(x.value == 0)
    }
}
