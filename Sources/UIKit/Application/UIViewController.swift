import CoreGraphics

/// Manages a view hierarchy: creates its root view on demand (`loadView()`), configures it
/// (`viewDidLoad()`), and takes part in the responder chain after its view.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var storedView: UIView?

    /// The nib name is kept for source compatibility; Vitrine loads no nibs, so `loadView()` builds the view.
    public let nibName: String?
    public let nibBundle: Bundle?

    /// A short, human-readable title for the controller (a navigation bar's title and back button, a tab's).
    open var title: String? {
        didSet {
            guard title != oldValue else { return }
            navigationItem.title = title
            storedTabBarItem?.title = title
            titleDidChange()
        }
    }

    // Containment and appearance (UIViewController+Containment.swift).
    /// The container this controller is a child of.
    public internal(set) weak var parent: UIViewController?
    /// The controllers this one contains, in the order they were added.
    public internal(set) var children: [UIViewController] = []
    var appearanceState: ControllerAppearance = .disappeared
    /// The transition in progress was begun by the view entering or leaving a window (not by a container), and
    /// ends with the frame.
    var appearanceIsAutomatic = false
    /// `viewIsAppearing` is due before the view's next layout.
    var isAppearingPending = false
    /// Set while `willMove(toParent:)`/`didMove(toParent:)` bracket a change of parent.
    var movingToParent = false, movingFromParent = false
    /// The coordinator of the transition this controller takes part in, while it lasts (see `transitionCoordinator`).
    var activeTransitionCoordinator: TransitionCoordinator?
    /// Insets a container adds to the safe area for its bars (a navigation bar, a tab bar).
    var containerSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { if oldValue != containerSafeAreaInsets, isViewLoaded { view.safeAreaChanged() } }
    }

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
    open var viewIfLoaded: UIView? { storedView }

    /// Whether the root view has been created.
    open var isViewLoaded: Bool { storedView != nil }

    /// Loads the view now if it is not loaded yet.
    open func loadViewIfNeeded() {
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

    /// The app is short of memory (see `UIApplication.didReceiveMemoryWarningNotification`): let go of what can be
    /// made again. Sent to every view controller in the app's windows, shown or not (a navigation stack's, a tab
    /// bar's, presented ones). The view stays loaded, as on iOS since iOS 6.
    open func didReceiveMemoryWarning() {}

    /// Called when the root view needs its constraints updated (`view.setNeedsUpdateConstraints()`), in the
    /// constraint pass, instead of the view's `updateConstraints()`: override to change constraints in one batch,
    /// and call `super` last (it runs the view's `updateConstraints()`).
    open func updateViewConstraints() {
        viewIfLoaded?.updateConstraints()
    }

    /// The window showing this controller is about to change size to `size` (points): the root view still has its
    /// old size. Animate alongside through `coordinator`. The default passes it on to the children and the
    /// presented controller; an override calls `super`. (A panel's window changes size when the app resizes it or
    /// moves it to a screen of another size; panels do not turn while an app runs.)
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
        presentedViewController?.viewWillTransition(to: size, with: coordinator)
    }

    /// The traits are about to change to `newCollection`. UIKit calls it for a size class change; Vitrine's traits
    /// change without one (`traitCollectionDidChange(_:)` is called), so this is kept for overrides.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: any UIViewControllerTransitionCoordinator) {}

    // What iOS asks of a controller for its status bar, home indicator and rotation. A panel has none of these and
    // turns only as its board says, so UIKit never asks (see the porting notes); they exist for overrides.

    /// The status bar style this controller wants.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether this controller wants the status bar hidden.
    open var prefersStatusBarHidden: Bool { false }
    /// How the status bar shows or hides when `prefersStatusBarHidden` changes.
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// The child whose `preferredStatusBarStyle` counts instead of this controller's.
    open var childForStatusBarStyle: UIViewController? { nil }
    /// The child whose `prefersStatusBarHidden` counts instead of this controller's.
    open var childForStatusBarHidden: UIViewController? { nil }
    /// Asks for the status bar preferences to be read again.
    open func setNeedsStatusBarAppearanceUpdate() {}
    /// Whether this controller wants the home indicator hidden.
    open var prefersHomeIndicatorAutoHidden: Bool { false }
    /// The child whose `prefersHomeIndicatorAutoHidden` counts instead of this controller's.
    open var childForHomeIndicatorAutoHidden: UIViewController? { nil }
    /// Asks for `prefersHomeIndicatorAutoHidden` to be read again.
    open func setNeedsUpdateOfHomeIndicatorAutoHidden() {}
    /// Whether the interface may turn with the device.
    open var shouldAutorotate: Bool { true }
    /// The orientations this controller supports (UIKit's default for an iPad, the idiom Vitrine reports: all).
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .all }
    /// The orientation to present this controller in full screen.
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }

    /// Called during the layout pass, just before the root view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}

    /// The layout pass reached the root view: `viewIsAppearing` first if it is due, then `viewWillLayoutSubviews`.
    func rootViewWillLayout() {
        if isAppearingPending {
            isAppearingPending = false
            viewIsAppearing(appearanceAnimated)
        }
        viewWillLayoutSubviews()
    }
    /// Whether the transition in progress is animated (what `viewIsAppearing` is told).
    var appearanceAnimated = false

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

    // MARK: Appearance callbacks (override; call super)

    /// The view is about to be added to a visible window.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is in the window's hierarchy with its traits and safe area, before its first layout there.
    open func viewIsAppearing(_ animated: Bool) {}
    /// The view is on screen (the transition that brought it has ended).
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to leave the visible window.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view has left the visible window.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Whether the controller passes its appearance callbacks on to its children (true).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Whether the view is appearing because the controller is being added to a container.
    open var isMovingToParent: Bool { movingToParent }
    /// Whether the view is disappearing because the controller is being removed from its container.
    open var isMovingFromParent: Bool { movingFromParent }

    /// Starts an appearance transition: `viewWillAppear` (`isAppearing`) or `viewWillDisappear`, passed on to the
    /// children. A container calls it for a child whose view it moves; `endAppearanceTransition()` finishes it.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        appearanceIsAutomatic = false
        beginTransition(isAppearing, animated: animated)
    }

    /// Ends the transition `beginAppearanceTransition` began: `viewDidAppear` or `viewDidDisappear`.
    open func endAppearanceTransition() {
        appearanceIsAutomatic = false
        endTransition()
    }

    // MARK: Containment

    /// Adds `childController` as a child (calling its `willMove(toParent:)`); the caller adds its view and then
    /// calls `childController.didMove(toParent: self)`.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parent !== self else { return }
        childController.removeFromParent()
        childController.movingToParent = true
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the controller from its parent (calling `didMove(toParent: nil)`); call `willMove(toParent: nil)`
    /// and remove its view first.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a container (`nil`).
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil { movingFromParent = true }
    }

    /// Called after the controller was added to or removed from a container (`nil`).
    open func didMove(toParent parent: UIViewController?) {
        movingToParent = false
        movingFromParent = false
    }

    /// A child's title changed (containers show it in their bars).
    func childTitleDidChange(_ child: UIViewController) {}

    // MARK: Bars (UINavigationController.swift, UIToolbar.swift)

    /// What a navigation bar shows while this controller is on top; its title follows `title` until set.
    open var navigationItem: UINavigationItem { storedNavigationItem }
    private lazy var storedNavigationItem: UINavigationItem = {
        let item = UINavigationItem()
        item.title = title
        return item
    }()
    /// The buttons a navigation controller's toolbar shows while this controller is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { if let nav = parent as? UINavigationController, nav.topViewController === self { nav.toolbar.items = toolbarItems } }
    }
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) { self.toolbarItems = toolbarItems }
    /// Whether a tab bar hides while this controller is pushed (kept).
    open var hidesBottomBarWhenPushed = false
    /// The tab a tab bar controller shows for this controller; its title follows `title` until set.
    open var tabBarItem: UITabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set { storedTabBarItem = newValue }
    }
    private var storedTabBarItem: UITabBarItem?

    // MARK: Presentation (UIViewController+Presentation.swift)

    /// How the controller is shown when presented; `.automatic` is a page sheet, as on iOS 13 and later.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// How the presentation animates.
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Whether the user may not dismiss the presented controller by a swipe or a tap outside.
    open var isModalInPresentation = false
    /// Whether a `.currentContext` presentation from this controller or its children covers this controller's view.
    open var definesPresentationContext = false
    open var providesPresentationContextTransitionStyle = false
    /// The delegate with a custom presentation's controller and animators.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// The size the controller would like in a sheet or popover (zero: the style's).
    open var preferredContentSize: CGSize = .zero
    /// The controller this one presents, or that one of its ancestors presents (UIKit's documented meaning: a
    /// child that calls `present` has the presentation made by the controller that defines the context, and
    /// still sees the presented controller here).
    open var presentedViewController: UIViewController? {
        storedPresentedViewController ?? parent?.presentedViewController
    }
    /// The controller that presented this one (or the one containing it).
    open var presentingViewController: UIViewController? { basePresentingViewController }
    /// Whether this controller is being presented (between `present` and the end of its transition).
    open var isBeingPresented: Bool { baseIsBeingPresented }
    /// The navigation controller this controller is in (its nearest ancestor that is one).
    open var navigationController: UINavigationController? { baseNavigationController }
    /// The tab bar controller this controller is in.
    open var tabBarController: UITabBarController? { baseTabBarController }
    /// The split view controller this controller is in.
    open var splitViewController: UISplitViewController? { baseSplitViewController }
    /// Whether this controller is being dismissed (between `dismiss` and the end of its transition).
    open var isBeingDismissed: Bool { baseIsBeingDismissed }
    /// The presentation controller of the presentation showing this controller (or one of its ancestors).
    open var presentationController: UIPresentationController? { basePresentationController }
    /// The popover presentation controller, when this controller is presented as a popover (made on first use when
    /// its style is `.popover`, so that it can be configured before `present`).
    open var popoverPresentationController: UIPopoverPresentationController? { basePopoverPresentationController }
    /// The coordinator of the transition this controller (or a parent, or the controller presenting it) is in, while
    /// it lasts: from just before the appearance callbacks (`viewWillAppear`, a navigation delegate's `willShow`) to
    /// the end of the transition; nil otherwise.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { baseTransitionCoordinator }
    /// The guide from the top of the root view to the top of its safe area (below the bars; UILayoutSupport.swift).
    @available(iOS, deprecated: 11.0, message: "Use view.safeAreaLayoutGuide.topAnchor instead")
    open var topLayoutGuide: any UILayoutSupport { layoutSupportGuide(top: true) }
    /// The guide from the bottom of the root view's safe area to the view's bottom (above a tab bar or toolbar).
    @available(iOS, deprecated: 11.0, message: "Use view.safeAreaLayoutGuide.bottomAnchor instead")
    open var bottomLayoutGuide: any UILayoutSupport { layoutSupportGuide(top: false) }
    /// The controller this one itself presents (the presentation's own bookkeeping).
    var storedPresentedViewController: UIViewController?
    /// The presentation this controller is shown by.
    var presentation: PresentationRecord?
    /// The popover controller the app configures before presenting as a popover.
    var pendingPopover: UIPopoverPresentationController?
    /// What `.automatic` means for this controller (a page sheet; an alert's own).
    var defaultPresentationStyle: UIModalPresentationStyle { .pageSheet }
    /// A presentation controller of the controller's own making (alerts), or nil for the style's.
    func makePresentationController(presenting: UIViewController, style: UIModalPresentationStyle) -> UIPresentationController? { nil }

    /// Shows `vc` the way the context does: pushed by the navigation controller this controller is in, else
    /// presented.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let nav = (self as? UINavigationController) ?? navigationController { nav.pushViewController(vc, animated: true) }
        else { present(vc, animated: true) }
    }

    /// Shows `vc` as the detail: the split view controller's secondary column, else presented.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if let split = splitViewController { split.showDetailViewController(vc, sender: sender) } else { present(vc, animated: true) }
    }

    /// Presents `viewControllerToPresent` modally as its `modalPresentationStyle` says, then runs `completion`.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentController(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses what this controller presents (or, if it presents nothing, the presentation it is shown by).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        dismissController(animated: flag, completion: completion)
    }

    // MARK: Traits

    /// The style this controller's view and its subtree use whatever the app's is (`.unspecified`: inherit).
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        willSet { traitsBeforeOverride = viewIfLoaded?.traitCollection }
        didSet {
            guard oldValue != overrideUserInterfaceStyle, let v = viewIfLoaded, let before = traitsBeforeOverride else { return }
            traitsBeforeOverride = nil
            v.traitsChanged(from: before)
        }
    }
    private var traitsBeforeOverride: UITraitCollection?
    /// The controller's traits: its view's (the app's when the view is not loaded).
    open var traitCollection: UITraitCollection { viewIfLoaded?.traitCollection ?? UITraitCollection.current }
    /// The traits changed (after the view's own `traitCollectionDidChange`).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    var storedTraitRegistrations: TraitRegistrations?

    /// Handlers run when the named traits of the controller's view change; the handler gets the controller and the
    /// previous traits.
    @discardableResult
    public func registerForTraitChanges<Self_: UIViewController>(_ traits: [UITraitDefinition.Type],
                                                                 handler: @escaping (Self_, UITraitCollection) -> Void) -> UITraitChangeRegistration {
        let r = storedTraitRegistrations ?? TraitRegistrations()
        storedTraitRegistrations = r
        return r.add(traits) { [weak self] previous in if let me = self as? Self_ { handler(me, previous) } }
    }
    public func unregisterForTraitChanges(_ registration: UITraitChangeRegistration) { storedTraitRegistrations?.remove(registration) }

    // MARK: Accessibility

    /// Dismisses what the controller shows modally for a screen reader's two-finger scrub; `false` (the default)
    /// lets the reader ask the next responder. A navigation controller goes back.
    open func accessibilityPerformEscape() -> Bool { false }

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
