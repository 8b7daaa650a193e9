import Foundation

/// An action for a control event, as a closure (iOS 14's `UIAction`): the portable replacement for
/// target-action with selectors.
@preconcurrency @MainActor
open class UIAction {
    /// What the action is called, for menus and accessibility.
    open var title: String
    /// An image for menus and buttons made from the action.
    open var image: UIImage?
    /// An identifier; actions with the same identifier replace each other on a control.
    public let identifier: Identifier
    /// The control that sent the action while the handler runs.
    public internal(set) weak var sender: AnyObject?
    let handler: @MainActor (UIAction) -> Void

    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// An action running `handler` with itself (read `sender` for the control).
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil,
                handler: @escaping @MainActor (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.handler = handler
    }
}
