import CoreGraphics
import Foundation

/// What kind of container groups accessibility elements (UIKit's `UIAccessibilityContainerType`).
public enum UIAccessibilityContainerType: Int, Sendable {
    case none, dataTable, list, landmark, semanticGroup
}

/// Which way an accessibility scroll goes (UIKit's `UIAccessibilityScrollDirection`).
public enum UIAccessibilityScrollDirection: Int, Sendable {
    case right = 1, left, up, down, next, previous
}

/// An action a screen reader offers on an element besides activating it (UIKit's `UIAccessibilityCustomAction`):
/// the reader lists it by `name` and runs the handler when chosen.
@preconcurrency @MainActor
open class UIAccessibilityCustomAction: NSObject {
    /// What the reader says for the action.
    open var name: String
    /// The action's image (kept for code that sets it; the panel's reader speaks the name).
    open var image: UIImage?
    private let handler: (UIAccessibilityCustomAction) -> Bool

    /// An action named `name` that runs `actionHandler` (which returns whether it did what it says).
    public init(name: String, image: UIImage? = nil, actionHandler: @escaping (UIAccessibilityCustomAction) -> Bool) {
        self.name = name
        self.image = image
        handler = actionHandler
    }

    /// Runs the action; returns what its handler says.
    func perform() -> Bool { handler(self) }
}

/// An element a screen reader reaches that is not a view of its own: a part of a view that draws several things
/// (a chart's bars, a calendar's days). A container view lists such elements in `accessibilityElements`.
@preconcurrency @MainActor
open class UIAccessibilityElement: NSObject {
    /// The view (or element) that lists this element.
    open weak var accessibilityContainer: AnyObject?
    /// Whether a screen reader stops on the element (`true` unless set).
    open var isAccessibilityElement = true
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityIdentifier: String?
    open var accessibilityTraits: UIAccessibilityTraits = .none
    open var accessibilityLanguage: String?
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]?
    /// The element's frame in its container view's coordinates; `accessibilityFrame` follows the view when it moves.
    open var accessibilityFrameInContainerSpace: CGRect = .zero {
        didSet { explicitFrame = nil }
    }
    private var explicitFrame: CGRect?
    private var explicitActivationPoint: CGPoint?

    /// An element listed by `container`.
    public init(accessibilityContainer container: Any) {
        accessibilityContainer = container as AnyObject
    }

    /// The element's frame on the screen: as set, else `accessibilityFrameInContainerSpace` converted from the
    /// nearest container that is a view.
    open var accessibilityFrame: CGRect {
        get {
            if let explicitFrame { return explicitFrame }
            guard let view = containerView else { return accessibilityFrameInContainerSpace }
            return view.screenRect(of: accessibilityFrameInContainerSpace)
        }
        set { explicitFrame = newValue }
    }

    /// Where a double tap touches the element: its frame's centre unless set (screen coordinates).
    open var accessibilityActivationPoint: CGPoint {
        get { explicitActivationPoint ?? CGPoint(x: accessibilityFrame.midX, y: accessibilityFrame.midY) }
        set { explicitActivationPoint = newValue }
    }

    /// Performs the element's action; `false` (the default) lets the reader touch its activation point instead.
    open func accessibilityActivate() -> Bool { false }
    /// Raises an adjustable element's value.
    open func accessibilityIncrement() {}
    /// Lowers an adjustable element's value.
    open func accessibilityDecrement() {}
    /// Scrolls the content by a page; `false` when the element does not scroll.
    open func accessibilityScroll(_ direction: UIAccessibilityScrollDirection) -> Bool { false }
    /// Dismisses a modal context; `false` when the element has none.
    open func accessibilityPerformEscape() -> Bool { false }

    /// The nearest view among the element's containers.
    var containerView: UIView? {
        var container: AnyObject? = accessibilityContainer
        while let current = container {
            if let view = current as? UIView { return view }
            container = (current as? UIAccessibilityElement)?.accessibilityContainer
        }
        return nil
    }
}
