import CoreGraphics
import Foundation
import ObjectiveC

/// An object that can take part in the responder chain: views, view controllers, windows, the application.
///
/// An `NSObject`, as on iOS: equality is `isEqual(_:)` (identity unless a subclass overrides it), so
/// `NSMutableSet`, `NSMutableDictionary`, `Set` and `==` treat responders as Foundation does.
@preconcurrency @MainActor
open class UIResponder: NSObject, AssociationOwner {
    public override init() { super.init() }

    /// Called on objects loaded from a nib or storyboard once every outlet is connected (NSObject's on iOS, here the
    /// responders', which are what nibs hold). Vitrine loads no nibs, so UIKit never calls it; an override that
    /// finishes setting up a view compiles, and code may call it from its own initializer.
    open func awakeFromNib() {}
    /// Called by Interface Builder on designable views it draws. Never called on a panel; kept for overrides.
    open func prepareForInterfaceBuilder() {}

    // Associated objects (`objc_setAssociatedObject`) are released with the object, as the runtime does.
    deinit { objc_ownerWillDeallocate(self) }

    /// The next responder in the chain: a view's view controller or superview, a window's application, the
    /// application's delegate.
    open var next: UIResponder? { nil }

    /// A short description: the class name and the object's address, as `NSObject` prints it.
    nonisolated open override var description: String { "<\(typeName(of: self)): \(addressString(of: self))>" }

    // MARK: Touches (the default passes each message up the responder chain)

    /// Fingers touched down in this responder's view.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// Fingers moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// Fingers lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// The touches were cancelled (a gesture recognizer took them, the device went away); undo what they did.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }
    /// Touches' estimated properties were updated (never, on Vitrine: panels report final values).
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    // MARK: Presses (hardware keys; the default passes each message up the responder chain)

    /// A `UIKeyInput` that is first responder (and not one of UIKit's text views, which edit for themselves) types
    /// the keys' text here, as iOS's text system gives it; the rest goes up the chain.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        var rest = presses
        if let input = self as? UIKeyInput, !(self is any TextInteractionHost), isFirstResponder {
            rest = presses.filter { press in !(press.key.map { KeyDispatch.type($0, into: input) } ?? false) }
            if rest.isEmpty { return }
        }
        next?.pressesBegan(rest, with: event)
    }
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesChanged(presses, with: event) }
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesEnded(presses, with: event) }
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesCancelled(presses, with: event) }

    /// The key commands this responder offers while it or a responder before it in the chain is first responder
    /// (none by default; view controllers return those added with `addKeyCommand`).
    open var keyCommands: [UIKeyCommand]? { nil }

    // MARK: First responder

    /// Whether this responder can take first-responder status; `false` by default (text fields, a view that
    /// wants key presses, override it).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder gives up first-responder status when asked; `true` by default.
    open var canResignFirstResponder: Bool { true }
    /// Whether this responder is the first responder (the one key presses go to).
    open var isFirstResponder: Bool { UIResponder.currentFirstResponder === self }

    /// Asks to become the first responder. Fails (`false`) if the responder cannot, if a view is not in a
    /// window, or if the current first responder refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder else { return false }
        if let view = self as? UIView, view.window == nil { return false }
        if let current = UIResponder.currentFirstResponder {
            // (The keyboard stays up while one responder hands over to the next.)
            UIApplication.shared.textInput.switchingResponders = true
            defer { UIApplication.shared.textInput.switchingResponders = false }
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
            // An override may return true without calling super; the old responder loses the status anyway.
        }
        UIResponder.currentFirstResponder = self
        UIApplication.shared.textInput.switchingResponders = false
        UIApplication.shared.textInput.firstResponderChanged(animated: true)
        return true
    }

    /// Gives up first-responder status; `true` if it did (or was not the first responder).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard UIResponder.forcingResignation || canResignFirstResponder else { return false }
        UIResponder.currentFirstResponder = nil
        UIApplication.shared.textInput.firstResponderChanged(animated: true)
        return true
    }

    // MARK: Input views and undo

    /// A view shown in place of the system keyboard while this responder is first responder (nil: the keyboard,
    /// if the responder takes text).
    open var inputView: UIView? { nil }
    /// A view shown above the keyboard (or the input view) while this responder is first responder.
    open var inputAccessoryView: UIView? { nil }
    /// Shows the first responder's current input view, accessory and keyboard traits again (after changing them).
    open func reloadInputViews() {
        if isFirstResponder { UIApplication.shared.textInput.firstResponderChanged(animated: false) }
    }
    /// The undo manager of the responder chain (the window's, unless a responder on the way has its own).
    open var undoManager: UndoManager? { next?.undoManager }

    /// The app's first responder (weak: a responder that goes away stops being first responder). A hidden view
    /// keeps the status and keeps getting the events aimed at it (seeds: "Hiding Views").
    static weak var currentFirstResponder: UIResponder?
    /// Set while `UIView.endEditing(true)` makes the first responder resign without asking it (or its delegate).
    static var forcingResignation = false
}

/// The unqualified name of an object's dynamic class (`UIView`, `MyCustomView`).
nonisolated func typeName(of object: AnyObject) -> String {
    let full = String(describing: type(of: object))
    return full.split(separator: ".").last.map(String.init) ?? full
}

/// The object's address as `0x...`, the way UIKit's descriptions show it.
nonisolated func addressString(of object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: Int(bitPattern: ObjectIdentifier(object))), radix: 16)
}
