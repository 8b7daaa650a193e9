// Layout figures (printed, never asserted): Vitrine's Cassowary solver beside kiwi, the C++ solver, on the same
// systems in one run — kiwi's enaml-like form (111 constraints, 2 edit variables: build, then 100 edit changes) and
// a grid of cells pinned to each other and their container (first solve, then a resize) — and how a first solve
// grows with the grid. Run through Tools/bench-layout.sh, which reads the form from PyPI's kiwisolver source
// distribution and builds kiwi's side against its headers; alone, `vitrine-bench-layout [--form FILE] [--kiwi-driver PATH]` prints Vitrine's figures.
import BenchSupport
import Cassowary
import Foundation
import UIKit

@MainActor
struct LayoutBench {
    let formPath: String?
    let kiwiDriver: String?
    let rounds = 15

    /// kiwi's figures for `arguments`, or none without a driver.
    func kiwi(_ arguments: [String]) -> [String: Double] {
        guard let kiwiDriver else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: kiwiDriver)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { print("kiwi driver failed to start: \(error)"); return [:] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var out: [String: Double] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let ns = Double(parts[1]) { out[String(parts[0])] = ns / 1e6 }
        }
        return out
    }

    func report(_ name: String, _ ours: Double, _ theirs: Double?, allocations: Int? = nil) {
        var line = name.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%9.3f ms", ours)
        if let theirs { line += String(format: "   kiwi %9.3f ms   ratio %.2fx", theirs, ours / theirs) }
        if let allocations { line += "   allocations \(allocations)" }
        print(line)
    }

    // MARK: The enaml-like form

    struct Form {
        var editStrength: Double = 0
        var editNames: [String] = []
        var rows: [(strength: Strength, relation: Relation, constant: Double, terms: [(Double, String)])] = []
    }

    func readForm(_ path: String) -> Form? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var form = Form()
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ").map(String.init)
            if f.first == "edit" {
                form.editStrength = Double(f[1]) ?? 0
                form.editNames = Array(f[2...])
                continue
            }
            guard f.count >= 3, let constant = Double(f[2]) else { continue }
            let strength = f[0] == "required" ? Strength.required : Strength(Double(f[0]) ?? 1)
            let relation: Relation = f[1] == "==" ? .equal : f[1] == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
            var terms: [(Double, String)] = []
            var i = 3
            while i + 1 < f.count { terms.append((Double(f[i]) ?? 0, f[i + 1])); i += 2 }
            form.rows.append((strength, relation, constant, terms))
        }
        return form
    }

    func buildForm(_ form: Form) -> (Solver, [String: Variable]) {
        let solver = Solver()
        var vars: [String: Variable] = [:]
        func v(_ name: String) -> Variable {
            if let existing = vars[name] { return existing }
            let made = Variable(name)
            vars[name] = made
            return made
        }
        for name in form.editNames { try! solver.addEditVariable(v(name), strength: Strength(form.editStrength)) }
        for row in form.rows {
            let expression = Expression(row.terms.map { Term(v($0.1), $0.0) }, constant: row.constant)
            try! solver.add(Constraint(expression, row.relation, strength: row.strength))
        }
        solver.updateVariables()
        return (solver, vars)
    }

    func runForm() {
        guard let formPath, let form = readForm(formPath) else {
            print("form: no form file (Tools/bench-layout.sh extracts kiwi's enaml-like form)")
            return
        }
        let sizes: [(Double, Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]
        var build: [Double] = [], edits: [Double] = []
        let clock = ContinuousClock()
        var allocations = 0
        for round in 0..<rounds {
            var built: (Solver, [String: Variable])?
            let t0 = clock.now
            built = buildForm(form)
            let t1 = clock.now
            let (solver, vars) = built!
            let width = vars[form.editNames[0]]!, height = vars[form.editNames[1]]!
            func editAll() {
                for i in 0..<100 {
                    try! solver.suggestValue(sizes[i % 6].0, for: width)
                    try! solver.suggestValue(sizes[i % 6].1, for: height)
                    solver.updateVariables()
                }
            }
            if round == 0 { allocations = AllocationCounter.count(editAll) } else { editAll() }
            let t2 = clock.now
            build.append(ms(t1 - t0))
            edits.append(ms(t2 - t1))
        }
        let k = kiwi(["form", formPath, "\(rounds)"])
        print("enaml-like form: \(form.rows.count) constraints, edit variables \(form.editNames)")
        report("  build and first solve", median(build), k["form-build"])
        report("  100 edit changes", median(edits), k["form-100-edits"], allocations: allocations)
    }

    // MARK: The grid

    func buildGrid(rows: Int, cols: Int) -> (Solver, Variable) {
        let solver = Solver()
        let width = Variable("width"), height = Variable("height")
        try! solver.addEditVariable(width, strength: .strong)
        try! solver.addEditVariable(height, strength: .strong)
        try! solver.suggestValue(1280, for: width)
        try! solver.suggestValue(800, for: height)
        let n = rows * cols
        let left = (0..<n).map { _ in Variable() }, top = (0..<n).map { _ in Variable() }
        let w = (0..<n).map { _ in Variable() }, h = (0..<n).map { _ in Variable() }
        for i in 0..<rows {
            for j in 0..<cols {
                let k = i * cols + j
                try! solver.add(j == 0 ? left[k] == 8 : Expression(left[k]) == left[k - 1] + w[k - 1] + 8)
                try! solver.add(i == 0 ? top[k] == 8 : Expression(top[k]) == top[k - cols] + h[k - cols] + 8)
                if j > 0 { try! solver.add(Expression(w[k]) == Expression(w[k - 1])) }
                try! solver.add(h[k] == 30)
                if j == cols - 1 { try! solver.add(left[k] + w[k] == width - 8) }
            }
        }
        solver.updateVariables()
        return (solver, width)
    }

    func runGrid(rows: Int, cols: Int) {
        var first: [Double] = [], resize: [Double] = []
        let clock = ContinuousClock()
        var allocations = 0
        let gridRounds = rows * cols > 2000 ? 3 : 7
        for round in 0..<gridRounds {
            let t0 = clock.now
            let (solver, width) = buildGrid(rows: rows, cols: cols)
            let t1 = clock.now
            func resizeOnce() {
                try! solver.suggestValue(1000, for: width)
                solver.updateVariables()
            }
            if round == 0 { allocations = AllocationCounter.count(resizeOnce) } else { resizeOnce() }
            let t2 = clock.now
            first.append(ms(t1 - t0))
            resize.append(ms(t2 - t1))
        }
        let k = kiwi(["grid", "\(rows)", "\(cols)", "\(gridRounds)"])
        print("grid of \(rows * cols) cells (\(rows) rows of \(cols)):")
        report("  build and first solve", median(first), k["grid-first"])
        report("  container resize", median(resize), k["grid-resize"], allocations: allocations)
    }

    // MARK: Auto Layout with views

    /// A window with a grid of `rows` × `cols` views pinned to their neighbours and the window with anchors (as an
    /// app writes it); returns the window.
    func viewGrid(rows: Int, cols: Int) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
        var cells: [UIView] = []
        cells.reserveCapacity(rows * cols)
        var constraints: [NSLayoutConstraint] = []
        for i in 0..<rows {
            for j in 0..<cols {
                let cell = UIView()
                cell.translatesAutoresizingMaskIntoConstraints = false
                window.addSubview(cell)
                let k = i * cols + j
                constraints.append(j == 0 ? cell.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 8)
                    : cell.leadingAnchor.constraint(equalTo: cells[k - 1].trailingAnchor, constant: 8))
                constraints.append(i == 0 ? cell.topAnchor.constraint(equalTo: window.topAnchor, constant: 8)
                    : cell.topAnchor.constraint(equalTo: cells[k - cols].bottomAnchor, constant: 8))
                if j > 0 { constraints.append(cell.widthAnchor.constraint(equalTo: cells[k - 1].widthAnchor)) }
                constraints.append(cell.heightAnchor.constraint(equalToConstant: 30))
                if j == cols - 1 { constraints.append(cell.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -8)) }
                cells.append(cell)
            }
        }
        NSLayoutConstraint.activate(constraints)
        return window
    }

    func runViewGrid() {
        UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280, height: 800), scale: 1))
        var first: [Double] = [], resize: [Double] = [], back: [Double] = []
        var allocations = 0
        let clock = ContinuousClock()
        for round in 0..<5 {
            let t0 = clock.now
            let window = viewGrid(rows: 40, cols: 25)
            window.layoutIfNeeded()
            let t1 = clock.now
            func resizeOnce() {
                window.frame = CGRect(x: 0, y: 0, width: 1000, height: 800)
                window.layoutIfNeeded()
            }
            if round == 0 { allocations = AllocationCounter.count(resizeOnce) } else { resizeOnce() }
            let t2 = clock.now
            window.frame = CGRect(x: 0, y: 0, width: 1280, height: 800)
            window.layoutIfNeeded()
            let t3 = clock.now
            first.append(ms(t1 - t0)); resize.append(ms(t2 - t1)); back.append(ms(t3 - t2))
        }
        print("Auto Layout, a grid of 1000 views (40 rows of 25) in a window, made with anchors:")
        report("  activate and first layout", median(first), nil)
        report("  relayout after a window resize", median(resize), nil, allocations: allocations)
        report("  and back", median(back), nil)
        print("first layout as the view grid grows (views: ms), rows of 25, square grids, one column:")
        for (rows, cols) in [(4, 25), (40, 25), (200, 25), (400, 25), (10, 10), (32, 32), (100, 100), (100, 1), (1000, 1), (10000, 1)] {
            let t0 = clock.now
            let window = viewGrid(rows: rows, cols: cols)
            window.layoutIfNeeded()
            let elapsed = ms(clock.now - t0)
            print(String(format: "  %6d (%3d x %3d): %9.2f ms  (%.1f µs per view)", rows * cols, rows, cols, elapsed,
                         elapsed * 1000 / Double(rows * cols)))
        }
    }

    func ms(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}

@MainActor func main() {
    AllocationCounter.preloadOrReexec()
    var formPath: String?, kiwiDriver: String?
    var args = CommandLine.arguments.dropFirst().makeIterator()
    while let arg = args.next() {
        switch arg {
        case "--form": formPath = args.next()
        case "--kiwi-driver": kiwiDriver = args.next()
        case "--views-only":
            // (For profiling the view side alone.)
            LayoutBench(formPath: nil, kiwiDriver: nil).runViewGrid()
            return
        default: print("usage: vitrine-bench-layout [--form FILE] [--kiwi-driver PATH]"); exit(2)
        }
    }
    let bench = LayoutBench(formPath: formPath, kiwiDriver: kiwiDriver)
    bench.runForm()
    bench.runGrid(rows: 40, cols: 25)
    bench.runViewGrid()
    print("solver alone, first solve as the grid grows (cells: ms):")
    for (rows, cols) in [(4, 25), (40, 25), (400, 25), (10, 10), (32, 32), (100, 100)] {
        let clock = ContinuousClock()
        let t0 = clock.now
        _ = bench.buildGrid(rows: rows, cols: cols)
        let elapsed = bench.ms(clock.now - t0)
        print(String(format: "  %6d: %9.2f ms  (%.2f µs per cell)", rows * cols, elapsed, elapsed * 1000 / Double(rows * cols)))
    }
}

MainActor.assumeIsolated { main() }
