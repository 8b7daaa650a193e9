import CoreGraphics

// The accessibility properties, stored and inherited as on iOS (where they are an informal protocol on NSObject):
// what the screen reader (ScreenReader.swift) reads and UI tests query. Controls give the defaults UIKit documents
// (a label is an element with the static-text trait and its text as its label; an image view has the image trait).

/// What an accessibility element is and does (UIKit's `UIAccessibilityTraits`).
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
}

/// Per-view accessibility values that were set explicitly (kept out of UIView's own storage so a view that
/// never sets any pays one pointer).
final class AccessibilityStorage {
    var isElement: Bool?
    var label: String?
    var hint: String?
    var value: String?
    var identifier: String?
    var traits: UIAccessibilityTraits?
    var frame: CGRect?
    var elementsHidden = false
    var viewIsModal = false
    var elements: [Any]?
    var containerType: UIAccessibilityContainerType = .none
    var activationPoint: CGPoint?
    var path: UIBezierPath?
    var groupsChildren = false
    var language: String?
    var respondsToUserInteraction: Bool?
    var customActions: [UIAccessibilityCustomAction]?
}

extension UIView {
    /// The view's explicitly set accessibility values, made on first use.
    var accessibility: AccessibilityStorage {
        if let storage = accessibilityStorage { return storage }
        let storage = AccessibilityStorage()
        accessibilityStorage = storage
        return storage
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseIsAccessibilityElement: Bool {
        get { accessibilityStorage?.isElement ?? defaultIsAccessibilityElement }
        set { accessibility.isElement = newValue }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityLabel: String? {
        get { accessibilityStorage?.label ?? defaultAccessibilityLabel }
        set { accessibility.label = newValue }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityHint: String? {
        get { accessibilityStorage?.hint }
        set { accessibility.hint = newValue }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityValue: String? {
        get { accessibilityStorage?.value ?? defaultAccessibilityValue }
        set { accessibility.value = newValue }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityIdentifier: String? {
        get { accessibilityStorage?.identifier }
        set { accessibility.identifier = newValue }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityTraits: UIAccessibilityTraits {
        get { accessibilityStorage?.traits ?? defaultAccessibilityTraits }
        set { accessibility.traits = newValue }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityFrame: CGRect {
        get {
            accessibilityStorage?.frame ?? screenRect(of: bounds)
        }
        set { accessibility.frame = newValue }
    }

    /// `rect` (in the view's coordinates) on the screen, as `accessibilityFrame` measures (a view's own, and a
    /// `UIAccessibilityElement`'s in its container).
    func screenRect(of rect: CGRect) -> CGRect {
        guard let window else { return convert(rect, to: nil) }
        return window.convert(convert(rect, to: window), to: nil as UIWindow?)
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityElementsHidden: Bool {
        get { accessibilityStorage?.elementsHidden ?? false }
        set { accessibility.elementsHidden = newValue }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityViewIsModal: Bool {
        get { accessibilityStorage?.viewIsModal ?? false }
        set { accessibility.viewIsModal = newValue }
    }

    /// The behaviour of the overridable member of the same name (declared in UIView.swift).
    var baseAccessibilityActivationPoint: CGPoint {
        if let point = accessibilityStorage?.activationPoint { return point }
        let frame = accessibilityFrame
        return CGPoint(x: frame.midX, y: frame.midY)
    }
}
