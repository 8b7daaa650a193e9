import CoreGraphics

/// Manages a view hierarchy: creates its root view on demand (`loadView()`), configures it
/// (`viewDidLoad()`), and takes part in the responder chain after its view.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var storedView: UIView?

    /// The nib name is kept for source compatibility; Vitrine loads no nibs, so `loadView()` builds the view.
    public let nibName: String?
    public let nibBundle: Bundle?

    /// A short, human-readable title for the controller.
    open var title: String?

    /// Creates a controller; its view is created the first time it is asked for.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Vitrine loads no archives; a controller made from a coder behaves like `init()`.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
    }

    /// The root view. Reading it loads it (`loadView()` then `viewDidLoad()`) if it is not loaded yet.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return storedView
        }
        set {
            storedView?.viewDelegate = nil
            storedView = newValue
            newValue?.viewDelegate = self
        }
    }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { storedView }

    /// Whether the root view has been created.
    public var isViewLoaded: Bool { storedView != nil }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard storedView == nil else { return }
        loadView()
        if storedView == nil {
            // A `loadView()` override must set `view`; UIKit fails the same way, but with less to go on.
            preconditionFailure("\(typeName(of: self)).loadView() did not set the view property")
        }
        viewDidLoad()
    }

    /// Creates the root view. The default makes a plain view the size of the main screen; override to build
    /// your own hierarchy and assign it to `view` (without calling `super`).
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once, after the view was loaded.
    open func viewDidLoad() {}

    /// Called during the layout pass, just before the root view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}

    /// Called during the layout pass, just after the root view's `layoutSubviews()`.
    open func viewDidLayoutSubviews() {}

    /// Insets added to the safe area of the controller's view and its subtree (room for the app's own bars).
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if oldValue != additionalSafeAreaInsets, isViewLoaded { view.safeAreaChanged() } }
    }

    /// Called when the root view's layout margins changed.
    open func viewLayoutMarginsDidChange() {}

    /// Called when the root view's safe area changed.
    open func viewSafeAreaInsetsDidChange() {}

    // MARK: Key commands

    /// The key commands added with `addKeyCommand`, offered while the view controller is in the responder chain.
    open override var keyCommands: [UIKeyCommand]? { addedKeyCommands.isEmpty ? nil : addedKeyCommands }
    private var addedKeyCommands: [UIKeyCommand] = []

    /// Offers `keyCommand` while this view controller is in the responder chain.
    open func addKeyCommand(_ keyCommand: UIKeyCommand) {
        if !addedKeyCommands.contains(where: { $0 === keyCommand }) { addedKeyCommands.append(keyCommand) }
    }

    open func removeKeyCommand(_ keyCommand: UIKeyCommand) { addedKeyCommands.removeAll { $0 === keyCommand } }

    // MARK: Editing

    /// Whether the controller's view is in editing mode; set it with `setEditing(_:animated:)`.
    open var isEditing: Bool {
        get { editingFlag }
        set { setEditing(newValue, animated: false) }
    }
    private var editingFlag = false

    /// Turns editing mode on or off. Subclasses override it to update their views (calling `super`); the
    /// default records the new state.
    open func setEditing(_ editing: Bool, animated: Bool) { editingFlag = editing }

    /// After the controller comes its view's superview, as in UIKit.
    open override var next: UIResponder? { storedView?.superview }
}
