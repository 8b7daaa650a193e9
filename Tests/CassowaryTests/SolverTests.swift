// The Cassowary solver: each kind of change, solved incrementally, checked against values worked out by hand.
@testable import Cassowary
import Testing

private func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

@Suite struct SolverTests {
    @Test func requiredEqualitiesAndInequalities() throws {
        let s = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try s.add(Expression(right) == left + width)     // right = left + width
        try s.add(left == 10)
        try s.add(width >= 50)
        try s.add(right <= 100)
        s.updateVariables()
        // Nothing asks for more: width sits at its bound of 50 or anywhere up to 90; with no objective any
        // feasible point will do, so add a weak wish and check it is met.
        try s.add((Expression(width) == Expression(constant: 80)) | .weak)
        s.updateVariables()
        #expect(near(left.value, 10) && near(width.value, 80) && near(right.value, 90))
    }

    @Test func strongerWishesWin() throws {
        let s = Solver()
        let x = Variable("x")
        try s.add((x == 100) | .weak)
        try s.add((x == 200) | .medium)
        s.updateVariables()
        #expect(near(x.value, 200))
        let strong = (x == 300) | .strong
        try s.add(strong)
        s.updateVariables()
        #expect(near(x.value, 300))
        try s.remove(strong)
        s.updateVariables()
        #expect(near(x.value, 200), "removing the strong wish gives back the medium one")
    }

    @Test func inequalitiesBoundWishes() throws {
        let s = Solver()
        let x = Variable("x")
        try s.add(x <= 50)
        try s.add((x == 80) | .strong)
        s.updateVariables()
        #expect(near(x.value, 50))
        try s.add((x >= 60) | .weak)
        s.updateVariables()
        #expect(near(x.value, 50), "a weak lower bound cannot beat a required upper one")
    }

    @Test func aContradictingRequiredConstraintIsRefusedAndChangesNothing() throws {
        let s = Solver()
        let a = Variable("a"), b = Variable("b")
        try s.add(Expression(a) == b + 10)
        try s.add(a == 30)
        #expect(throws: Solver.Failure.unsatisfiable) { try s.add(b == 5) }
        #expect(throws: Solver.Failure.unsatisfiable) { try s.add(Expression(b) == a + 1) }
        #expect(throws: Solver.Failure.unsatisfiable) { try s.add(b >= 25) }
        s.updateVariables()
        #expect(near(a.value, 30) && near(b.value, 20))
        #expect(s.constraintCount == 2)
        // A redundant one is accepted.
        try s.add(Expression(b) == Expression(constant: 20))
        try s.add(b <= 20)
        s.updateVariables()
        #expect(near(b.value, 20))
    }

    @Test func editVariablesFollowSuggestions() throws {
        let s = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try s.add(Expression(right) == left + width)
        try s.add(left >= 0)
        try s.add(right <= 500)
        try s.add((width == 100) | .weak)
        try s.addEditVariable(left, strength: .strong)
        for suggested in [0.0, 50, 400, 450, -20, 200] {
            try s.suggestValue(suggested, for: left)
            s.updateVariables()
            // left as asked within [0, 400] (the width's weak wish gives way when right would pass 500).
            let expectedLeft = min(max(suggested, 0), 500)
            #expect(near(left.value, expectedLeft), "left \(left.value) for \(suggested)")
            #expect(near(width.value, min(100, 500 - expectedLeft)))
            #expect(near(right.value, left.value + width.value))
        }
        try s.removeEditVariable(left)
        #expect(throws: Solver.Failure.unknownEditVariable) { try s.suggestValue(1, for: left) }
    }

    @Test func constantsChangeInPlace() throws {
        let s = Solver()
        let x = Variable("x"), y = Variable("y")
        let gap = Expression(y) == x + 8
        try s.add(x == 10)
        try s.add(gap)
        s.updateVariables()
        #expect(near(y.value, 18))
        try s.setConstant(-20, of: gap, was: -8) // y = x + 20
        s.updateVariables()
        #expect(near(y.value, 30))
        let limit = y <= 100
        try s.add(limit)
        try s.setConstant(-50, of: limit, was: -100) // y <= 50
        s.updateVariables()
        #expect(near(y.value, 30))
        // Moving the limit below what the required equalities give is refused, and nothing changes.
        #expect(throws: Solver.Failure.unsatisfiable) { try s.setConstant(-25, of: limit, was: -50) }
        s.updateVariables()
        #expect(near(y.value, 30))
        // A non-required wish moves with its constant, within the required limits.
        let z = Variable("z")
        let wish = (z == 5) | .medium
        try s.add(wish)
        try s.add(z <= y)
        s.updateVariables()
        #expect(near(z.value, 5))
        try s.setConstant(-40, of: wish, was: -5) // z wants 40; y is 30
        s.updateVariables()
        #expect(near(z.value, 30))
        try s.setConstant(-12, of: wish, was: -40)
        s.updateVariables()
        #expect(near(z.value, 12))
    }

    @Test func unknownConstraintsAndBadNumbersAreRefused() throws {
        let s = Solver()
        let x = Variable("x")
        #expect(throws: Solver.Failure.unknownConstraint) { try s.remove(x == 1) }
        #expect(throws: Solver.Failure.invalidNumber) { try s.add(x == .nan) }
        #expect(throws: Solver.Failure.invalidNumber) { try s.add(x * .infinity == 1) }
        let c = x == 1
        try s.add(c)
        #expect(throws: Solver.Failure.duplicateConstraint) { try s.add(c) }
        #expect(throws: Solver.Failure.requiredEditVariable) { try s.addEditVariable(x, strength: .required) }
    }

    @Test func resultsDoNotDependOnOrder() throws {
        // The same system built in two orders gives the same values, bit for bit, with many equal-cost choices.
        func solve(_ order: [Int]) throws -> [Double] {
            let s = Solver()
            let vars = (0..<6).map { Variable("v\($0)") }
            var cs: [Constraint] = []
            for i in 0..<5 { cs.append(Expression(vars[i + 1]) >= vars[i] + 10) }
            cs.append(vars[0] >= 0)
            cs.append(vars[5] <= 100)
            for i in 0..<6 { cs.append((vars[i] == Double(i * 7)) | .weak) }
            for i in order { try s.add(cs[i]) }
            s.updateVariables()
            return vars.map(\.value)
        }
        let forward = try solve(Array(0..<13))
        let backward = try solve(Array((0..<13).reversed()))
        let shuffled = try solve([5, 11, 0, 8, 3, 12, 1, 9, 6, 2, 10, 4, 7])
        #expect(forward == backward && backward == shuffled)
    }
}

/// The work of building common layout shapes grows linearly with their size (counted in cells added to rows, which
/// does not depend on the machine). In a tableau, the row of a chain's k-th link holds the markers of every link
/// before it, so N links cost N² cells; the solver keeps such links as definitions and expands a chain only where a
/// constraint names its far end.
@Suite struct SolverScalingTests {
    /// Cells added to build `n` items in a row, as Auto Layout builds it: equal widths (`w[k] == w[k-1]`), each after
    /// the previous (`x[k] == x[k-1] + w[k-1] + 8`), the last against the container's right edge; and a column of
    /// `n` items below one another (`y[k] == y[k-1] + h[k-1] + 8`, `h[k] == 30`), left open at the bottom.
    func work(_ n: Int) throws -> Int {
        let solver = Solver()
        let x = (0..<n).map { Variable("x\($0)") }, w = (0..<n).map { Variable("w\($0)") }
        let y = (0..<n).map { Variable("y\($0)") }, h = (0..<n).map { Variable("h\($0)") }
        try solver.add(x[0] == 8)
        try solver.add(y[0] == 8)
        try solver.add(h[0] == 30)
        for k in 1..<n {
            try solver.add(Expression(w[k]) == Expression(w[k - 1]))
            try solver.add(Expression(x[k]) == x[k - 1] + w[k - 1] + 8)
            try solver.add(h[k] == 30)
            try solver.add(Expression(y[k]) == y[k - 1] + h[k - 1] + 8)
        }
        try solver.add(x[n - 1] + w[n - 1] == Expression(constant: 10000))
        solver.updateVariables()
        // Worked by hand: n widths and n gaps of 8 fill 10000; the k-th item of the column is at 8 + 38k.
        #expect(abs(w[0].value - (10000 - 8 * Double(n)) / Double(n)) < 1e-6)
        #expect(abs(x[n - 1].value - (10000 - w[0].value)) < 1e-6)
        #expect(abs(y[n - 1].value - (8 + 38 * Double(n - 1))) < 1e-6)
        return solver.cellsAdded
    }

    /// A column of 10 items 30 high, 8 apart, from y = 8: item k at 8 + 38k (worked by hand below).
    @Test func chainLinksChangeAndGoWhetherOrNotTheChainIsClosed() throws {
        let solver = Solver()
        let y = (0..<10).map { Variable("y\($0)") }, h = (0..<10).map { Variable("h\($0)") }
        var links: [Constraint] = []
        try solver.add(y[0] == 8)
        for k in 0..<10 { try solver.add(h[k] == 30) }
        for k in 1..<10 {
            links.append(Expression(y[k]) == y[k - 1] + h[k - 1] + 8)
            try solver.add(links[k - 1])
        }
        solver.updateVariables()
        #expect(y[9].value == 350)
        // Link 5 (y5 below y4) 20 further apart: y5...y9 move down 20.
        try solver.setConstant(-28, of: links[4], was: -8)
        solver.updateVariables()
        #expect(y[4].value == 160 && y[5].value == 218 && y[9].value == 370)
        // Without link 5, y5 is free (0 as good as any) and y6...y9 follow it.
        try solver.remove(links[4])
        solver.updateVariables()
        #expect(!solver.isDetermined(y[5]) && !solver.isDetermined(y[9]) && solver.isDetermined(y[4]))
        #expect(y[5].value == 0 && y[9].value == 152)
        // Closing the chain at the bottom settles y5 again: y9 = 500 puts y5 at 500 − 4 × 38 = 348.
        let bottom = y[9] == 500
        try solver.add(bottom)
        solver.updateVariables()
        #expect(solver.isDetermined(y[5]) && y[5].value == 348 && y[0].value == 8)
        // A link the bottom constraint was built through: changed, then taken out.
        try solver.setConstant(-18, of: links[6], was: -8)
        solver.updateVariables()
        #expect(y[9].value == 500 && y[7].value == 424 && y[6].value == 376, "y7 = 500 − 2 × 38; y6 = y7 − 30 − 18")
        try solver.remove(links[6])
        solver.updateVariables()
        #expect(y[9].value == 500 && y[7].value == 424 && !solver.isDetermined(y[6]))
        #expect(y[5].value == y[6].value - 38)
        // Contradicting the closed chain is refused and changes nothing.
        #expect(throws: Solver.Failure.unsatisfiable) { try solver.add(y[7] == 0) }
        solver.updateVariables()
        #expect(y[9].value == 500 && y[7].value == 424)
        // The bottom moved: everything it holds follows.
        try solver.setConstant(-600, of: bottom, was: -500)
        solver.updateVariables()
        #expect(y[7].value == 524 && y[5].value == y[6].value - 38)
    }

    @Test func chainsBuildInLinearWork() throws {
        let small = try work(50), large = try work(400)
        // 8x the items: 8x the work, give or take (kept in the tableau, it was 64x; with the subject chosen by number
        // alone, cubic).
        #expect(Double(large) / Double(small) < 10, "cells added: \(small) for 50 items, \(large) for 400")
    }
}
