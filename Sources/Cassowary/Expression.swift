// Variables, linear expressions and constraints: what the solver is given.

/// A quantity the solver finds a value for (a view's left edge, its width, …).
///
/// Compared by identity. Its `value` is what the last `Solver.updateVariables()` found.
public final class Variable: Hashable, CustomStringConvertible {
    /// A name for messages (`"button.width"`).
    public let name: String
    /// The value the solver found (0 until it has solved a system with this variable).
    @exclusivity(unchecked) public internal(set) var value: Double = 0
    /// What the owner of the variable wants to find from it (weak: the owner usually holds the variable).
    public weak var context: AnyObject?

    /// The solver's symbol for this variable, once it is in a solver (one solver per variable).
    var symbol: Symbol?

    public init(_ name: String = "") { self.name = name }

    public static func == (l: Variable, r: Variable) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "v\(ObjectIdentifier(self).hashValue)" : name }
}

/// `coefficient × variable`.
public struct Term {
    public var variable: Variable
    public var coefficient: Double
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression: a sum of terms and a constant.
public struct Expression: CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init([Term(variable)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    public var description: String {
        var parts = terms.map { $0.coefficient == 1 ? $0.variable.description : "\($0.coefficient)*\($0.variable)" }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }

    /// The expression's value with the variables' current values.
    public var value: Double { terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value } }
}

/// How the expression of a constraint relates to zero.
public enum Relation: Sendable {
    case lessThanOrEqual, equal, greaterThanOrEqual
}

/// How much a constraint matters: `required` ones must hold; the others are satisfied as well as possible, the
/// stronger first (their errors are weighted by strength in the objective the solver minimises).
public struct Strength: Comparable, Hashable, Sendable {
    public var weight: Double
    public init(_ weight: Double) { self.weight = weight }

    /// Must hold; a required constraint the others contradict is refused (`Solver.Failure.unsatisfiable`).
    public static let required = Strength(.infinity)
    public static let strong = Strength(1_000_000)
    public static let medium = Strength(1_000)
    public static let weak = Strength(1)

    public var isRequired: Bool { weight == .infinity }
    public static func < (l: Strength, r: Strength) -> Bool { l.weight < r.weight }
}

/// `expression relation 0`, at a strength.
public final class Constraint: Hashable, CustomStringConvertible {
    public let expression: Expression
    public let relation: Relation
    public let strength: Strength
    /// What the owner of the constraint wants to keep with it (a layout constraint).
    public var context: AnyObject?

    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    public static func == (l: Constraint, r: Constraint) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    public var description: String {
        let op = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        return "\(expression) \(op) 0 (\(strength.isRequired ? "required" : "\(strength.weight)"))"
    }
}

// MARK: Building expressions with operators

public func * (v: Variable, c: Double) -> Expression { Expression([Term(v, c)]) }
public func * (c: Double, v: Variable) -> Expression { Expression([Term(v, c)]) }
public func * (e: Expression, c: Double) -> Expression {
    Expression(e.terms.map { Term($0.variable, $0.coefficient * c) }, constant: e.constant * c)
}
public func + (a: Expression, b: Expression) -> Expression { Expression(a.terms + b.terms, constant: a.constant + b.constant) }
public func + (a: Expression, b: Variable) -> Expression { a + Expression(b) }
public func + (a: Variable, b: Expression) -> Expression { Expression(a) + b }
public func + (a: Variable, b: Variable) -> Expression { Expression(a) + Expression(b) }
public func + (a: Expression, c: Double) -> Expression { Expression(a.terms, constant: a.constant + c) }
public func + (a: Variable, c: Double) -> Expression { Expression(a) + c }
public func - (a: Expression, b: Expression) -> Expression { a + b * -1 }
public func - (a: Expression, b: Variable) -> Expression { a - Expression(b) }
public func - (a: Variable, b: Expression) -> Expression { Expression(a) - b }
public func - (a: Variable, b: Variable) -> Expression { Expression(a) - Expression(b) }
public func - (a: Expression, c: Double) -> Expression { a + -c }
public func - (a: Variable, c: Double) -> Expression { Expression(a) + -c }

/// `lhs == rhs`, `lhs <= rhs`, `lhs >= rhs` as required constraints (`.required` by default; see `Constraint`).
public func == (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs - rhs, .equal) }
public func <= (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs - rhs, .lessThanOrEqual) }
public func >= (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs - rhs, .greaterThanOrEqual) }
public func == (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) == rhs }
public func == (lhs: Expression, rhs: Double) -> Constraint { lhs == Expression(constant: rhs) }
public func == (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) == Expression(constant: rhs) }
public func <= (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) <= Expression(constant: rhs) }
public func >= (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) >= Expression(constant: rhs) }
public func <= (lhs: Expression, rhs: Double) -> Constraint { lhs <= Expression(constant: rhs) }
public func >= (lhs: Expression, rhs: Double) -> Constraint { lhs >= Expression(constant: rhs) }
public func <= (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) <= rhs }
public func >= (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) >= rhs }
public func <= (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) <= Expression(rhs) }
public func >= (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) >= Expression(rhs) }

extension Constraint {
    /// The same constraint at `strength`.
    public static func | (c: Constraint, strength: Strength) -> Constraint {
        Constraint(c.expression, c.relation, strength: strength)
    }
}
