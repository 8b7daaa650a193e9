import CoreGraphics

/// The backdrop for an app's views, and the root of a view hierarchy on a screen.
///
/// A window's `frame` is in screen coordinates. Windows start hidden, as in UIKit: `makeKeyAndVisible()`
/// shows one and makes it the key window. Visible windows are stacked by `windowLevel`, then by the order
/// they were shown.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// Where a window sits in the stack of windows; higher levels are in front.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// App windows: 0.
        public static let normal = Level(0)
        /// The status bar's level: 1000.
        public static let statusBar = Level(1000)
        /// Alerts: 2000.
        public static let alert = Level(2000)

        public static func < (l: Level, r: Level) -> Bool { l.rawValue < r.rawValue }
        public static func + (l: Level, r: CGFloat) -> Level { Level(l.rawValue + r) }
        public static func - (l: Level, r: CGFloat) -> Level { Level(l.rawValue - r) }
    }

    /// The screen the window is on; the main screen by default.
    @exclusivity(unchecked) open var screen: UIScreen = UIScreen.main {
        didSet {
            guard screen !== oldValue else { return }
            // The old screen repaints where the window was; the new one draws it afresh at its own scale.
            oldValue.compositor.release(layer)
            UIApplication.shared.windowLeft(oldValue)
        }
    }

    /// The window's position in the stack; `.normal` by default.
    open var windowLevel: Level = .normal {
        didSet { application?.windowOrderDidChange() }
    }

    /// The controller of the window's content. Setting it installs the controller's view as the window's only
    /// content view, filling the window and resizing with it.
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let old = oldValue, old.isViewLoaded, old.view.superview === self { old.view.removeFromSuperview() }
            if let controller = rootViewController { installRootView(of: controller) }
        }
    }

    /// The application the window belongs to (set when it is created).
    weak var application: UIApplication?

    /// When the window was last ordered in, for stable stacking within one level.
    var orderStamp = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        storedWindow = self
        // UIKit: "windows are hidden by default" until made visible.
        isHidden = true
        application = UIApplication.shared
        application?.register(self)
    }

    /// A window filling the main screen.
    public convenience init() {
        self.init(frame: UIScreen.main.bounds)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        storedWindow = self
        isHidden = true
        application = UIApplication.shared
        application?.register(self)
    }

    /// The application, next in the responder chain after the window.
    open override var next: UIResponder? { application }

    /// The window's undo manager: the one text edits in the window register with.
    open override var undoManager: UndoManager? { storedUndoManager }
    private lazy var storedUndoManager = UndoManager()

    /// Whether this is the key window: the one that receives keyboard and other non-touch events.
    open var isKeyWindow: Bool { application?.keyWindow === self }

    /// Shows the window in front of the other windows of its level and makes it key.
    open func makeKeyAndVisible() {
        isHidden = false
        application?.orderFront(self)
        makeKey()
    }

    /// Makes the window key without changing whether it is visible.
    open func makeKey() {
        guard let application, application.keyWindow !== self else { return }
        let previous = application.keyWindow
        previous?.resignKey()
        application.keyWindow = self
        becomeKey()
    }

    /// Called when the window became key. Override to respond; call `super`.
    open func becomeKey() {}

    /// Called when the window stopped being key. Override to respond; call `super`.
    open func resignKey() {}

    open override var isHidden: Bool {
        willSet {
            // The controllers in a window that shows or hides appear or disappear with it.
            guard newValue != isHidden, application != nil else { return }
            let controllers = controllersInSubtree().filter(\.appearanceFollowsWindow)
            for c in controllers {
                c.appearanceIsAutomatic = true
                c.beginTransition(!newValue, animated: false)
            }
        }
        didSet {
            guard oldValue != isHidden else { return }
            if application != nil { controllersDidMove(to: self) }
            if !isHidden { application?.orderFront(self) }
            // A hidden key window stops being key; the next visible window takes over, as in UIKit.
            if isHidden, let application, application.keyWindow === self {
                application.keyWindow = nil
                resignKey()
                application.windows.last(where: { !$0.isHidden })?.makeKey()
            }
        }
    }

    // MARK: Events

    /// Delivers an event to the window's views: touches to their gesture recognizers and then their views,
    /// presses to the first responder (or the window when no responder has the status). Override to observe
    /// events; call `super`.
    open func sendEvent(_ event: UIEvent) {
        if let presses = event as? UIPressesEvent {
            UIApplication.shared.input.deliverPresses(presses, in: self)
            return
        }
        (application ?? UIApplication.shared).touchDelivery.dispatch(event, in: self)
    }

    // MARK: Screen conversions

    /// Converts `point` from this window's coordinates to `window`'s; `nil` means the screen.
    open func convert(_ point: CGPoint, to window: UIWindow?) -> CGPoint {
        point.applying(transformToWindow(window))
    }

    /// Converts `point` from `window`'s coordinates (`nil`: the screen) to this window's.
    open func convert(_ point: CGPoint, from window: UIWindow?) -> CGPoint {
        point.applying(transformToWindow(window).inverted())
    }

    /// Converts `rect` from this window's coordinates to `window`'s (`nil`: the screen), covering it.
    open func convert(_ rect: CGRect, to window: UIWindow?) -> CGRect {
        rect.applying(transformToWindow(window))
    }

    /// Converts `rect` from `window`'s coordinates (`nil`: the screen) to this window's, covering it.
    open func convert(_ rect: CGRect, from window: UIWindow?) -> CGRect {
        rect.applying(transformToWindow(window).inverted())
    }

    /// The map from this window's coordinates to the screen's.
    var transformToScreen: CGAffineTransform {
        let (_, toRoot) = transformToRoot()
        // A window is normally a root itself; its frame is in screen coordinates.
        return toRoot.concatenating(superview == nil ? transformToSuperview : .identity)
    }

    private func transformToWindow(_ window: UIWindow?) -> CGAffineTransform {
        guard let window else { return transformToScreen }
        return transformToScreen.concatenating(window.transformToScreen.inverted())
    }

    /// The scene the window is in: its screen's. Setting one moves the window to that scene's screen (setting nil
    /// changes nothing: a window is always on a screen here).
    open var windowScene: UIWindowScene? {
        get { baseWindowScene }
        set { baseWindowScene = newValue }
    }

    private func installRootView(of controller: UIViewController) {
        let view: UIView = controller.view
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(view)
    }
}
