import Foundation

/// A command that a responder can perform (UIKit's `UICommand`): a title for menus and an action that runs on the
/// first object in the responder chain of the action's type.
///
/// Where iOS names the action with a selector (`action: #selector(find(_:))`), Vitrine takes a method reference
/// (`action: EditorViewController.find`); the command runs it on the first responder in the chain, from the first
/// responder up, that is an `EditorViewController` (UIKit's "nil target" search, by type instead of by selector).
@preconcurrency @MainActor
open class UICommand: UIMenuElement {
    open var discoverabilityTitle: String?
    open var attributes: Attributes
    open var state: State
    /// A value the action can read to tell commands with the same action apart.
    public let propertyList: Any?
    /// Runs the action on `responder` if it is of the action's type; `false` if it is not.
    let perform: @MainActor (AnyObject, UICommand) -> Bool

    init(title: String, image: UIImage?, propertyList: Any?, discoverabilityTitle: String?, attributes: Attributes, state: State,
         perform: @escaping @MainActor (AnyObject, UICommand) -> Bool) {
        self.propertyList = propertyList
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.perform = perform
        super.init(title: title, image: image)
    }

    /// The command performed through the responder chain starting at `start`: the first responder of the action's
    /// type runs it. `false` when none can (or the command is disabled).
    @discardableResult
    func performThroughChain(from start: UIResponder?) -> Bool {
        guard !attributes.contains(.disabled) else { return false }
        var responder = start
        while let r = responder {
            if perform(r, self) { return true }
            responder = r.next
        }
        return false
    }

    /// A method reference taking the command, as a type-checked performer.
    static func performer<Target: AnyObject, Command: UICommand>(_ action: @escaping (Target) -> (Command) -> Void)
        -> @MainActor (AnyObject, UICommand) -> Bool {
        { object, command in
            guard let target = object as? Target, let command = command as? Command else { return false }
            action(target)(command)
            return true
        }
    }

    /// A method reference taking nothing, as a type-checked performer.
    static func performer<Target: AnyObject>(_ action: @escaping (Target) -> () -> Void) -> @MainActor (AnyObject, UICommand) -> Bool {
        { object, _ in
            guard let target = object as? Target else { return false }
            action(target)()
            return true
        }
    }
}

/// A key combination on a hardware keyboard that performs a command (UIKit's `UIKeyCommand`). Responders offer
/// theirs in `keyCommands`; while a key goes down, the commands of the first responder and every responder after it
/// are searched, the first that matches the key's input and modifiers runs its action, and the press goes no further.
/// Text editing keeps the keys it uses (arrows, characters, delete, return, the standard edit shortcuts in a text
/// input) unless the command sets `wantsPriorityOverSystemBehavior`, as on iOS 15. A held key repeats its command.
@preconcurrency @MainActor
open class UIKeyCommand: UICommand {
    /// The key's text without modifiers ("f", "[", "\r", "\t"), or one of the `input…` names for keys with no text.
    public let input: String?
    /// The modifiers that must be held (Caps Lock aside), exactly.
    public let modifierFlags: UIKeyModifierFlags
    /// Whether the command takes its key even where text editing or focus would use it.
    open var wantsPriorityOverSystemBehavior = false
    /// Whether the keyboard's layout may move the command to another key (kept; Vitrine matches the key's text).
    open var allowsAutomaticLocalization = true
    open var allowsAutomaticMirroring = true

    /// A command for `input` with `modifierFlags` that runs `action` on the first responder of its type.
    public init<Target: AnyObject>(title: String = "", image: UIImage? = nil, action: @escaping (Target) -> (UIKeyCommand) -> Void,
                                   input: String, modifierFlags: UIKeyModifierFlags = [], propertyList: Any? = nil,
                                   discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(title: title, image: image, propertyList: propertyList, discoverabilityTitle: discoverabilityTitle,
                   attributes: attributes, state: state, perform: UICommand.performer(action))
    }

    /// A command for `input` with `modifierFlags` whose action takes nothing.
    public init<Target: AnyObject>(title: String = "", image: UIImage? = nil, action: @escaping (Target) -> () -> Void,
                                   input: String, modifierFlags: UIKeyModifierFlags = [], propertyList: Any? = nil,
                                   discoverabilityTitle: String? = nil, attributes: Attributes = [], state: State = .off) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(title: title, image: image, propertyList: propertyList, discoverabilityTitle: discoverabilityTitle,
                   attributes: attributes, state: state, perform: UICommand.performer(action))
    }

    /// iOS 7's form: `UIKeyCommand(input: "f", modifierFlags: .command, action: EditorViewController.find)`.
    public convenience init<Target: AnyObject>(input: String, modifierFlags: UIKeyModifierFlags,
                                               action: @escaping (Target) -> (UIKeyCommand) -> Void) {
        self.init(title: "", action: action, input: input, modifierFlags: modifierFlags)
    }

    public convenience init<Target: AnyObject>(input: String, modifierFlags: UIKeyModifierFlags, action: @escaping (Target) -> () -> Void) {
        self.init(title: "", action: action, input: input, modifierFlags: modifierFlags)
    }

    // The names UIKit gives keys with no text.
    public static let inputUpArrow = "UIKeyInputUpArrow"
    public static let inputDownArrow = "UIKeyInputDownArrow"
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    public static let inputRightArrow = "UIKeyInputRightArrow"
    public static let inputEscape = "UIKeyInputEscape"
    public static let inputHome = "UIKeyInputHome"
    public static let inputEnd = "UIKeyInputEnd"
    public static let inputPageUp = "UIKeyInputPageUp"
    public static let inputPageDown = "UIKeyInputPageDown"
    public static let inputDelete = "UIKeyInputDelete"
    public static let inputF1 = "UIKeyInputF1", inputF2 = "UIKeyInputF2", inputF3 = "UIKeyInputF3", inputF4 = "UIKeyInputF4"
    public static let inputF5 = "UIKeyInputF5", inputF6 = "UIKeyInputF6", inputF7 = "UIKeyInputF7", inputF8 = "UIKeyInputF8"
    public static let inputF9 = "UIKeyInputF9", inputF10 = "UIKeyInputF10", inputF11 = "UIKeyInputF11", inputF12 = "UIKeyInputF12"

    /// The modifiers a command compares (Caps Lock and the keypad flag never count).
    static let matchedModifiers: UIKeyModifierFlags = [.shift, .control, .alternate, .command]

    /// The input a key gives commands: a named key's name, else its text without modifiers (Shift's capitals too:
    /// a command for "a" with `.shift` matches Shift-A).
    static func input(of key: UIKey) -> String {
        switch key.keyCode {
        case .keyboardUpArrow: return inputUpArrow
        case .keyboardDownArrow: return inputDownArrow
        case .keyboardLeftArrow: return inputLeftArrow
        case .keyboardRightArrow: return inputRightArrow
        case .keyboardEscape: return inputEscape
        case .keyboardHome: return inputHome
        case .keyboardEnd: return inputEnd
        case .keyboardPageUp: return inputPageUp
        case .keyboardPageDown: return inputPageDown
        case .keyboardDeleteForward: return inputDelete
        case .keyboardReturnOrEnter, .keypadEnter: return "\r"
        case .keyboardTab: return "\t"
        case .keyboardDeleteOrBackspace: return "\u{8}"
        default:
            // F1–F12 are HID usages 0x3A–0x45.
            if (0x3A...0x45).contains(key.keyCode.rawValue) { return "UIKeyInputF\(key.keyCode.rawValue - 0x39)" }
            return key.charactersIgnoringModifiers.lowercased()
        }
    }

    /// Whether this command is for `key` (its input, and exactly its modifiers).
    func matches(_ key: UIKey) -> Bool {
        guard let input else { return false }
        return input.lowercased() == Self.input(of: key).lowercased()
            && modifierFlags.intersection(Self.matchedModifiers) == key.modifierFlags.intersection(Self.matchedModifiers)
    }
}
