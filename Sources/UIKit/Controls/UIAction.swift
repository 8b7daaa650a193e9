import Foundation

/// An item of a menu: an action or a menu (UIKit's `UIMenuElement`).
@preconcurrency @MainActor
open class UIMenuElement: NSObject {
    /// What the element is called.
    open var title: String
    /// A picture beside the title (in a menu, on the trailing side, as iOS puts it).
    open var image: UIImage?
    /// A second line under the title.
    open var subtitle: String?

    /// How a menu shows an action or command.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Shown greyed; cannot be chosen.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown in red.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// The menu stays open when it is chosen.
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// A checkmark state in menus.
    public enum State: Int, Sendable {
        case off = 0, on, mixed
    }

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }
}

/// An action for a control event or a menu item, as a closure (iOS 14's `UIAction`): the portable replacement for
/// target-action with selectors.
@preconcurrency @MainActor
open class UIAction: UIMenuElement {
    /// An identifier; actions with the same identifier replace each other on a control.
    public let identifier: Identifier
    open var discoverabilityTitle: String?
    open var attributes: Attributes
    open var state: State
    /// The control (or menu's control) that sent the action while the handler runs.
    public internal(set) weak var sender: AnyObject?
    let handler: @MainActor (UIAction) -> Void

    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// An action running `handler` with itself (read `sender` for the control).
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, discoverabilityTitle: String? = nil,
                attributes: Attributes = [], state: State = .off, handler: @escaping @MainActor (UIAction) -> Void) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }
}

/// A menu: actions and submenus (iOS 14's `UIMenu`), shown by a button's `menu`.
@preconcurrency @MainActor
open class UIMenu: UIMenuElement {
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The children shown in this menu, between separators, rather than behind a row of their own.
        public static let displayInline = Options(rawValue: 1 << 0)
        /// The children shown in red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// Choosing one child turns it on and the others off.
        public static let singleSelection = Options(rawValue: 1 << 5)
    }

    public let identifier: Identifier
    public let options: Options
    public let children: [UIMenuElement]

    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, options: Options = [],
                children: [UIMenuElement] = []) {
        self.identifier = identifier ?? Identifier(UUID().uuidString)
        self.options = options
        self.children = children
        super.init(title: title, image: image)
    }

    /// The same menu with other children.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(title: title, image: image, identifier: identifier, options: options, children: newChildren)
    }
}
