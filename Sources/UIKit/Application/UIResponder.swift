import CoreGraphics

/// An object that can take part in the responder chain: views, view controllers, windows, the application.
///
/// Equality is identity, as for `NSObject`.
@MainActor
open class UIResponder: Hashable, @MainActor CustomStringConvertible {
    public init() {}

    /// The next responder in the chain: a view's view controller or superview, a window's application, the
    /// application's delegate.
    open var next: UIResponder? { nil }

    /// A short description: the class name and the object's address, as `NSObject` prints it.
    open var description: String { "<\(typeName(of: self)): \(addressString(of: self))>" }

    nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The unqualified name of an object's dynamic class (`UIView`, `MyCustomView`).
func typeName(of object: AnyObject) -> String {
    let full = String(describing: type(of: object))
    return full.split(separator: ".").last.map(String.init) ?? full
}

/// The object's address as `0x...`, the way UIKit's descriptions show it.
func addressString(of object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(object))), radix: 16)
}
