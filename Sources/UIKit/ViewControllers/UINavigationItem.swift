import CoreGraphics
import Foundation

/// What a navigation bar shows for one view controller (UIKit's `UINavigationItem`): its title or title view,
/// the buttons at its sides, and what the back button to it says.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never, inline }
    public enum BackButtonDisplayMode: Int, Sendable {
        /// The previous item's back title or title ("Back" when too long or missing).
        case `default`
        /// "Back".
        case generic
        /// The chevron alone.
        case minimal
    }

    open var title: String? { didSet { changed() } }
    open var titleView: UIView? { didSet { changed() } }
    /// A line above the title (kept; panels' bars show none).
    open var prompt: String?
    /// What the back button shows while this item is below the top (nil: the title).
    open var backButtonTitle: String? { didSet { changed() } }
    /// The back button shown while this item is below the top (its title is used).
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    open var backButtonDisplayMode: BackButtonDisplayMode = .default { didSet { changed() } }
    open var hidesBackButton = false { didSet { changed() } }
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    /// How the bar looks while this item is on top (nil: the bar's).
    open var standardAppearance: UINavigationBarAppearance? { didSet { changed() } }
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { changed() } }
    open var compactAppearance: UINavigationBarAppearance? { didSet { changed() } }

    public init(title: String) {
        self.title = title
        super.init()
    }
    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    /// The first left button.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The first right button (the outermost).
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    /// The bar showing the item redraws when it changes.
    var onChange: (@MainActor () -> Void)?
    private func changed() { onChange?() }

    /// What a back button to this item says, as UIKit chooses: the back item's title, the back title, the title
    /// (too long: "Back"), or "Back".
    var backTitle: String {
        if backButtonDisplayMode == .minimal { return "" }
        if backButtonDisplayMode == .generic { return "Back" }
        if let t = backBarButtonItem?.title { return t }
        if let t = backButtonTitle { return t }
        if let t = title, !t.isEmpty, t.count <= 12 { return t }
        return "Back"
    }
}

/// How a bar looks (UIKit's `UIBarAppearance`): its background and the hairline under it.
@preconcurrency @MainActor
open class UIBarAppearance: NSObject {
    open var backgroundColor: UIColor?
    open var backgroundImage: UIImage?
    /// The hairline between the bar and the content (nil: none).
    open var shadowColor: UIColor?
    open var backgroundEffect: AnyObject?

    public override init() {
        super.init()
        configureWithDefaultBackground()
    }
    public required init(barAppearance: UIBarAppearance) {
        backgroundColor = barAppearance.backgroundColor
        backgroundImage = barAppearance.backgroundImage
        shadowColor = barAppearance.shadowColor
        super.init()
    }

    /// iOS's look: a light bar (its material as a near-opaque colour) over a hairline.
    open func configureWithDefaultBackground() {
        backgroundColor = UIBarAppearance.barMaterial
        shadowColor = UIBarAppearance.hairline
    }
    /// An opaque bar in the system background colour over a hairline.
    open func configureWithOpaqueBackground() {
        backgroundColor = .systemBackground
        shadowColor = UIBarAppearance.hairline
    }

    /// iOS's bar material as a colour (light and dark), and the hairline under a bar. Opaque, as iOS draws bars with
    /// Reduce Transparency on (Vitrine's materials are that, see UIVisualEffectView): a see-through fill would show
    /// the rows scrolled under the bar sharp, where iOS blurs them away.
    static let barMaterial = UIColor(light: CGColor(gray: 0.97, alpha: 1), dark: CGColor(gray: 0.11, alpha: 1))
    static let hairline = UIColor(light: CGColor(gray: 0, alpha: 0.3), dark: CGColor(gray: 1, alpha: 0.15))
    /// No background and no hairline.
    open func configureWithTransparentBackground() {
        backgroundColor = nil
        shadowColor = nil
    }
}

/// How a navigation bar looks (UIKit's `UINavigationBarAppearance`): the bar's background and its title's
/// attributes, and the buttons'.
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var titlePositionAdjustment: UIOffset = .zero

    public override init() { super.init() }
    public required init(barAppearance: UIBarAppearance) {
        if let n = barAppearance as? UINavigationBarAppearance {
            titleTextAttributes = n.titleTextAttributes
            largeTitleTextAttributes = n.largeTitleTextAttributes
            titlePositionAdjustment = n.titlePositionAdjustment
        }
        super.init(barAppearance: barAppearance)
    }
}
