import Foundation

extension NSLayoutConstraint {
    /// Options of the visual format language: how to align every view of the line across it, and which way the
    /// horizontal line reads (UIKit's values: alignment bits are `1 << attribute`).
    public struct FormatOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
    }

    /// The constraints a line of the visual format language describes (`"H:|-[label]-8-[field(>=100@750)]-|"`),
    /// not yet active. Standard spacing (`-` with no number) is 8 points between siblings and 20 to the
    /// superview's edge. A format that does not parse stops the program with UIKit's message and the place it
    /// went wrong.
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                  metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views, options: opts)
        return parser.parse()
    }
}

/// A parser for one line of the visual format language, making constraints as it goes.
@MainActor
struct VisualFormatParser {
    let format: [Character]
    let metrics: [String: Any]
    let views: [String: Any]
    let options: NSLayoutConstraint.FormatOptions
    var i = 0
    var horizontal = true
    var made: [NSLayoutConstraint] = []

    init(format: String, metrics: [String: Any], views: [String: Any], options: NSLayoutConstraint.FormatOptions) {
        self.format = Array(format.filter { !$0.isWhitespace })
        self.metrics = metrics
        self.views = views
        self.options = options
    }

    /// A predicate: a relation, a constant or view, a priority.
    struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: UILayoutPriority = .required
    }

    func fail(_ why: String) -> Never {
        let caret = String(repeating: " ", count: min(i, format.count)) + "^"
        preconditionFailure("Unable to parse constraint format: \n\(why) \n\(String(format)) \n\(caret)")
    }

    var current: Character? { i < format.count ? format[i] : nil }
    mutating func accept(_ c: Character) -> Bool {
        if current == c { i += 1; return true }
        return false
    }
    mutating func expect(_ c: Character, _ why: String) { if !accept(c) { fail(why) } }

    mutating func name() -> String? {
        let start = i
        while let c = current, c.isLetter || c.isNumber || c == "_" { i += 1 }
        return i > start ? String(format[start..<i]) : nil
    }

    mutating func number() -> CGFloat? {
        let start = i
        while let c = current, c.isNumber || c == "." { i += 1 }
        return i > start ? CGFloat(Double(String(format[start..<i])) ?? .nan) : nil
    }

    /// A metric's value, or `nil` if there is no such metric.
    func metric(_ name: String) -> CGFloat? {
        switch metrics[name] {
        case let v as CGFloat: return v
        case let v as Double: return CGFloat(v)
        case let v as Int: return CGFloat(v)
        case let v as Float: return CGFloat(v)
        case let v as NSNumber: return CGFloat(v.doubleValue)
        default: return nil
        }
    }

    mutating func constantOrMetric() -> CGFloat? {
        if let n = number() { return n }
        let at = i
        if let n = name() {
            if let m = metric(n) { return m }
            i = at
        }
        return nil
    }

    mutating func predicate() -> Predicate {
        var p = Predicate()
        if accept("=") { expect("=", "Expected '=='"); p.relation = .equal }
        else if accept("<") { expect("=", "Expected '<='"); p.relation = .lessThanOrEqual }
        else if accept(">") { expect("=", "Expected '>='"); p.relation = .greaterThanOrEqual }
        if let c = constantOrMetric() {
            p.constant = c
        } else if let n = name() {
            guard let v = views[n] as? UIView else { fail("\(n) is not a key in the views dictionary.") }
            p.view = v
        } else {
            fail("Expected a number, a metric or a view name")
        }
        if accept("@") {
            guard let pr = constantOrMetric() else { fail("Expected a priority") }
            p.priority = UILayoutPriority(Float(pr))
        }
        return p
    }

    mutating func predicateList() -> [Predicate] {
        if accept("(") {
            var list = [predicate()]
            while accept(",") { list.append(predicate()) }
            expect(")", "Expected ')' to end the predicate list")
            return list
        }
        guard let c = constantOrMetric() else { fail("Expected a number or a metric") }
        return [Predicate(constant: c)]
    }

    /// `[name(predicates)]`, with the view's own size constraints made.
    mutating func view() -> UIView {
        expect("[", "Expected a view")
        guard let n = name(), let v = views[n] as? UIView else { fail("Expected a view name in the views dictionary") }
        if current == "(" {
            for p in predicateList() {
                let size: NSLayoutConstraint.Attribute = horizontal ? .width : .height
                let c = NSLayoutConstraint(item: v, attribute: size, relatedBy: p.relation, toItem: p.view,
                                           attribute: p.view == nil ? .notAnAttribute : size, multiplier: 1,
                                           constant: p.view == nil ? p.constant : 0)
                c.priority = p.priority
                made.append(c)
            }
        }
        expect("]", "Expected ']' to end a view")
        return v
    }

    /// A connection between two things: nothing (adjacent), `-` (standard spacing), or `-predicates-`.
    enum Connection { case adjacent, standard, predicates([Predicate]) }

    mutating func connection() -> Connection? {
        guard accept("-") else { return current == "[" ? .adjacent : nil }
        if current == "[" || current == "|" { return .standard }
        let list = predicateList()
        expect("-", "Expected '-' after a connection's spacing")
        return .predicates(list)
    }

    /// The leading and trailing attributes of the line.
    var ends: (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) {
        guard horizontal else { return (.top, .bottom) }
        if options.contains(.directionLeftToRight) { return (.left, .right) }
        if options.contains(.directionRightToLeft) { return (.right, .left) }
        return (.leading, .trailing)
    }

    /// `later.start == earlier.end + spacing` as `connection` says (`toSuperview`: 20 for the standard spacing).
    mutating func connect(_ earlier: UIView, _ earlierAttribute: NSLayoutConstraint.Attribute, _ later: UIView,
                          _ laterAttribute: NSLayoutConstraint.Attribute, _ connection: Connection, toSuperview: Bool,
                          flipped: Bool) {
        let standard: CGFloat = toSuperview ? 20 : 8
        let predicates: [Predicate]
        switch connection {
        case .adjacent: predicates = [Predicate()]
        case .standard: predicates = [Predicate(constant: standard)]
        case .predicates(let list): predicates = list
        }
        // right-to-left with left/right attributes: the line runs leftwards, so spacing subtracts.
        let sign: CGFloat = flipped ? -1 : 1
        for p in predicates {
            let c = NSLayoutConstraint(item: later, attribute: laterAttribute, relatedBy: flipped ? p.relation.reversed : p.relation,
                                       toItem: earlier, attribute: earlierAttribute, multiplier: 1, constant: sign * p.constant)
            c.priority = p.priority
            made.append(c)
        }
    }

    mutating func parse() -> [NSLayoutConstraint] {
        if format.count >= 2, format[1] == ":" {
            guard format[0] == "H" || format[0] == "V" else { fail("Expected 'H:' or 'V:'") }
            horizontal = format[0] == "H"
            i = 2
        }
        let (start, end) = ends
        let flipped = horizontal && options.contains(.directionRightToLeft)
        var line: [UIView] = []
        var pendingSuperviewConnection: Connection?
        if accept("|") {
            guard let c = connection() else { fail("Expected a connection after '|'") }
            pendingSuperviewConnection = c
        }
        var previous: UIView?
        var previousConnection: Connection?
        while current == "[" {
            let v = view()
            if let previous, let c = previousConnection {
                connect(previous, end, v, start, c, toSuperview: false, flipped: flipped)
            } else if let c = pendingSuperviewConnection {
                guard let superview = v.superview else { fail("Unable to interpret '|' character, because the related view doesn't have a superview") }
                connect(superview, start, v, start, c, toSuperview: true, flipped: flipped)
            }
            line.append(v)
            previous = v
            previousConnection = connection()
            if previousConnection == nil { break }
            if accept("|") {
                guard let superview = v.superview else { fail("Unable to interpret '|' character, because the related view doesn't have a superview") }
                connect(v, end, superview, end, previousConnection!, toSuperview: true, flipped: flipped)
                previousConnection = nil
                break
            }
        }
        if accept("|") {
            guard let last = line.last, let superview = last.superview else { fail("Unable to interpret '|' character") }
            connect(last, end, superview, end, .adjacent, toSuperview: true, flipped: flipped)
        }
        guard i == format.count, !line.isEmpty else { fail(line.isEmpty ? "Expected a view" : "Unexpected characters") }
        // Alignment options: every view of the line shares the first's attribute.
        let alignments: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        for (option, attribute) in alignments where options.contains(option) {
            precondition(attribute.isHorizontal != horizontal,
                         "Unable to parse constraint format: Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.")
            for v in line.dropFirst() {
                made.append(NSLayoutConstraint(item: line[0], attribute: attribute, relatedBy: .equal, toItem: v,
                                               attribute: attribute, multiplier: 1, constant: 0))
            }
        }
        return made
    }
}

extension NSLayoutConstraint.Relation {
    /// The relation with its sides swapped.
    var reversed: NSLayoutConstraint.Relation {
        switch self {
        case .lessThanOrEqual: return .greaterThanOrEqual
        case .greaterThanOrEqual: return .lessThanOrEqual
        case .equal: return .equal
        }
    }
}
