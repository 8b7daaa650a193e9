import Foundation

/// How important a constraint is: 1...1000, where 1000 (`required`) must hold and lower ones are satisfied as
/// well as the higher ones allow (UIKit's values and arithmetic).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (l: UILayoutPriority, r: UILayoutPriority) -> Bool { l.rawValue < r.rawValue }
    public static func + (l: UILayoutPriority, r: Float) -> UILayoutPriority { UILayoutPriority(l.rawValue + r) }
    public static func - (l: UILayoutPriority, r: Float) -> UILayoutPriority { UILayoutPriority(l.rawValue - r) }
}

/// Something constraints can relate: a view or a layout guide.
@preconcurrency @MainActor
public protocol LayoutItem: AnyObject {
    /// The view whose coordinate space the item lives in (a view's superview; a guide's owning view).
    var layoutParentView: UIView? { get }
    /// The item's variables once an engine knows it.
    var layoutVariables: LayoutVariables? { get set }
}

/// A relation between two items' attributes: `firstItem.firstAttribute (relation) multiplier ×
/// secondItem.secondAttribute + constant`, solved by the Auto Layout engine of the items' hierarchy.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// The part of an item a constraint talks about (UIKit's raw values).
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// An edge or centre along an axis (as opposed to a size).
        var isLocation: Bool { self != .width && self != .height && self != .notAnAttribute }
        var isHorizontal: Bool {
            switch self {
            case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
                 .trailingMargin, .centerXWithinMargins: return true
            default: return false
            }
        }
        var isDirectional: Bool { [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self) }
        var isAbsoluteHorizontal: Bool { [.left, .right, .leftMargin, .rightMargin].contains(self) }

        var name: String {
            switch self {
            case .left: "left"; case .right: "right"; case .top: "top"; case .bottom: "bottom"
            case .leading: "leading"; case .trailing: "trailing"; case .width: "width"; case .height: "height"
            case .centerX: "centerX"; case .centerY: "centerY"; case .lastBaseline: "lastBaseline"
            case .firstBaseline: "firstBaseline"; case .leftMargin: "leftMargin"; case .rightMargin: "rightMargin"
            case .topMargin: "topMargin"; case .bottomMargin: "bottomMargin"; case .leadingMargin: "leadingMargin"
            case .trailingMargin: "trailingMargin"; case .centerXWithinMargins: "centerXWithinMargins"
            case .centerYWithinMargins: "centerYWithinMargins"; case .notAnAttribute: "notAnAttribute"
            }
        }
    }

    /// `<=`, `==`, `>=` (UIKit's raw values).
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
        var symbol: String { self == .equal ? "==" : self == .lessThanOrEqual ? "<=" : ">=" }
    }

    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat

    /// The constant; change it at any time (the engine updates its solution in place).
    open var constant: CGFloat {
        didSet {
            guard constant != oldValue else { return }
            LayoutEngine.constantDidChange(self)
        }
    }

    /// The priority; `required` constraints must hold. An active required constraint cannot be made optional or an
    /// optional one required (UIKit stops the program); other changes apply in place.
    open var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            precondition(priority.rawValue > 0 && priority.rawValue <= 1000,
                         "NSLayoutConstraint: a priority must be greater than 0 and at most 1000, got \(priority.rawValue)")
            precondition(!isActive || (priority == .required) == (oldValue == .required),
                         "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority \(priority.rawValue) and the existing priority was \(oldValue.rawValue).")
            LayoutEngine.priorityDidChange(self)
        }
    }

    /// A name shown in descriptions and logs.
    open var identifier: String?
    /// Whether the constraint is part of layout; `false` until activated. Setting it installs the constraint on the
    /// items' closest common ancestor (or removes it).
    open var isActive: Bool {
        get { installedOn != nil }
        set {
            guard newValue != isActive else { return }
            // Through the views' own calls, which a subclass may override (UIKit documents both).
            if newValue { LayoutEngine.commonAncestor(of: self)?.addConstraint(self) } else { installedOn?.removeConstraint(self) }
        }
    }
    /// Whether the engine had to break it to satisfy the others (see <doc:AutoLayout>).
    var isBroken = false
    /// The view the constraint is installed on while active.
    weak var installedOn: UIView?
    /// `anchorWithOffset(to:)` dimensions on either side: the distance from one anchor to another.
    typealias Offset = (from: AnyObject, fromAttribute: Attribute, to: AnyObject, toAttribute: Attribute)
    var firstOffset: Offset?
    var secondOffset: Offset?

    /// Every item the constraint relates (offset dimensions bring two each).
    var allItems: [AnyObject] {
        var items: [AnyObject] = []
        if let o = firstOffset { items += [o.from, o.to] } else if let firstItem { items.append(firstItem) }
        if let o = secondOffset { items += [o.from, o.to] } else if let secondItem { items.append(secondItem) }
        return items
    }

    /// `view1.attr1 (relation) multiplier × view2.attr2 + c`. A constraint UIKit refuses (a location against a size
    /// or a constant, leading against left) is made but never takes part in layout: UIKit's message goes to the log
    /// (UIKit raises an exception) and activating it does nothing. A horizontal location against a vertical one is
    /// taken, as UIKit takes it.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        let first = view1 as AnyObject, second = view2.map { $0 as AnyObject }
        if !(first is LayoutItem) {
            refusal = "the first item must be a view or a layout guide, got \(first)"
        } else if let second, !(second is LayoutItem) {
            refusal = "the second item must be a view or a layout guide, got \(second)"
        } else {
            refusal = Self.refusal(attr1, second, attr2, multiplier)
        }
        firstItem = first
        firstAttribute = attr1
        self.relation = relation
        secondItem = second
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
        super.init()
        if let refusal {
            LayoutEngine.log.error("*** +[NSLayoutConstraint constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:]: \(refusal) — the constraint is not used")
        }
    }

    /// An empty constraint (NSObject's initializer, which layout libraries' subclasses reach): no items and no
    /// attributes; activating it logs an error and does nothing.
    public override init() {
        refusal = "an empty constraint (no items)"
        firstAttribute = .notAnAttribute
        relation = .equal
        secondAttribute = .notAnAttribute
        multiplier = 1
        constant = 0
        super.init()
    }

    /// A constraint the engine shows but does not check (an autoresizing mask's `minX == 10`, a location against a
    /// constant, is one no app may make).
    init(unvalidatedItem first: AnyObject, attribute attr1: Attribute, toItem second: AnyObject?, attribute attr2: Attribute,
         multiplier: CGFloat, constant c: CGFloat) {
        refusal = nil
        firstItem = first
        firstAttribute = attr1
        relation = .equal
        secondItem = second
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// A constraint between dimensions of which one at least is the distance between two anchors; `nil` when
    /// neither is.
    convenience init?(offsetFrom first: NSLayoutDimension, relation: Relation, to second: NSLayoutDimension?,
                      multiplier: CGFloat, constant: CGFloat) {
        guard first.offset != nil || second?.offset != nil else { return nil }
        self.init(item: first.offset?.from ?? first.item as Any, attribute: .width, relatedBy: relation,
                  toItem: second.map { $0.offset?.from ?? $0.item as Any }, attribute: second == nil ? .notAnAttribute : .width,
                  multiplier: multiplier, constant: constant)
        firstOffset = first.offset
        secondOffset = second?.offset
    }

    /// Why UIKit refuses the constraint it was made as, if it does (it is then never activated).
    let refusal: String?

    /// UIKit's reason for refusing `a1 … a2 × multiplier` (its exception's message), or nil.
    private static func refusal(_ a1: Attribute, _ second: AnyObject?, _ a2: Attribute, _ multiplier: CGFloat) -> String? {
        if a1 == .notAnAttribute { return "Invalid pairing of layout attributes" }
        if second == nil || a2 == .notAnAttribute {
            return a1.isLocation ? "A constraint cannot be made that sets a location equal to a constant. Location attributes must be specified in pairs." : nil
        }
        if a1.isLocation != a2.isLocation { return "Invalid pairing of layout attributes" }
        guard a1.isLocation else { return nil }
        // (A horizontal location against a vertical one is not refused: layout libraries' suites, run on iOS, make
        // them — `left` to another view's `top` — and UIKit takes them.)
        if (a1.isDirectional && a2.isAbsoluteHorizontal) || (a1.isAbsoluteHorizontal && a2.isDirectional) {
            return "A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither."
        }
        if multiplier == 0 {
            return "A multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
        }
        return nil
    }

    /// Activates every constraint of `constraints` (faster than one by one on iOS; the same here).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    /// Deactivates every constraint of `constraints`.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// UIKit's format: `<NSLayoutConstraint:0x… 'id' UIView:0x….width == 0.5*UIView:0x….width + 10 @750   (active)>`.
    nonisolated open override var description: String {
        MainActor.assumeIsolated { layoutDescription() }
    }

    func layoutDescription() -> String {
        var text = "<\(typeName(of: self)):\(addressString(of: self))"
        if let identifier { text += " '\(identifier)'" }
        text += " \(Self.itemName(firstItem)).\(firstAttribute.name) \(relation.symbol) "
        var rhs: [String] = []
        if let secondItem {
            rhs.append((multiplier == 1 ? "" : "\(Self.number(multiplier))*") + "\(Self.itemName(secondItem)).\(secondAttribute.name)")
            if constant != 0 { rhs.append(constant < 0 ? "- \(Self.number(-constant))" : "+ \(Self.number(constant))") }
        } else {
            rhs.append(Self.number(constant))
        }
        text += rhs.joined(separator: " ")
        if priority != .required { text += " @\(Self.number(CGFloat(priority.rawValue)))" }
        text += isActive ? "   (active)>" : "   (inactive)>"
        return text
    }

    static func itemName(_ item: AnyObject?) -> String {
        guard let item else { return "nil" }
        if let guide = item as? UILayoutGuide { return "'\(guide.identifier)'" }
        return "\(typeName(of: item)):\(addressString(of: item))"
    }

    static func number(_ v: CGFloat) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(format: "%g", Double(v))
    }
}
