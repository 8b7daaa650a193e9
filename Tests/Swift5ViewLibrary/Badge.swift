// A small view library written as most iOS libraries still are: Swift 5 language mode, no concurrency
// annotations, UIKit used from functions the compiler cannot prove run on the main actor. It must compile
// against Vitrine unchanged (UIKit's main-actor types arrive as `@preconcurrency`, as Apple's do).
import UIKit

/// Makes a rounded badge with a label, from a plain (nonisolated) function.
public func makeBadge(text: String, color: UIColor = .red) -> UIView {
    let badge = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
    badge.backgroundColor = color
    badge.layer.cornerRadius = 10
    let label = UILabel(frame: badge.bounds)
    label.text = text
    label.textAlignment = .center
    label.textColor = .white
    badge.addSubview(label)
    return badge
}

/// A view subclass that observes a notification and removes itself in a plain `deinit`, as iOS code does.
open class ObservingView: UIView {
    /// How many `ObservingView`s have been freed (tests).
    public static var freed = 0
    public private(set) var notifications = 0
    private var observer: NSObjectProtocol?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        observer = NotificationCenter.default.addObserver(forName: .badgeDidChange, object: nil, queue: .main) {
            [weak self] _ in self?.notifications += 1
        }
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    deinit {
        if let observer = observer { NotificationCenter.default.removeObserver(observer) }
        NotificationCenter.default.removeObserver(self)
        ObservingView.freed += 1
    }
}

/// A layer subclass with a plain `deinit`.
public final class CountingLayer: CALayer {
    public static var freed = 0
    deinit { CountingLayer.freed += 1 }
}

extension Notification.Name {
    public static let badgeDidChange = Notification.Name("BadgeDidChange")
}

/// Layout helpers in the style of a layout library: a nonisolated extension on `UIView`.
extension UIView {
    /// Centres the view in its superview.
    public func centerInSuperview() {
        guard let superview = superview else { return }
        center = CGPoint(x: superview.bounds.midX, y: superview.bounds.midY)
    }

    /// Fades the view in over `duration`, as apps do in `viewWillAppear`.
    public func fadeIn(duration: TimeInterval, completion: ((Bool) -> Void)? = nil) {
        alpha = 0
        UIView.animate(withDuration: duration, animations: { self.alpha = 1 }, completion: completion)
    }
}

/// A stored property added to every view through the Objective-C runtime's associated objects, as layout and
/// image-loading libraries do.
private var badgeCountKey: UInt8 = 0
private var badgeOwnerKey: UInt8 = 0

extension UIView {
    public var badgeCount: Int {
        get { objc_getAssociatedObject(self, &badgeCountKey) as? Int ?? 0 }
        set { objc_setAssociatedObject(self, &badgeCountKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }

    /// An object the view keeps alive (a library's helper object).
    public var badgeHelper: AnyObject? {
        get { objc_getAssociatedObject(self, &badgeOwnerKey) as AnyObject? }
        set { objc_setAssociatedObject(self, &badgeOwnerKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC) }
    }
}

/// A layer delegate as iOS code writes one: an `NSObject` with only `draw(_:in:)`, no isolation annotations.
public final class StripeDrawer: NSObject, CALayerDelegate {
    public private(set) var draws = 0
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(UIColor.orange.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: layer.bounds.width, height: layer.bounds.height / 2))
    }
}

/// A symbol image made from code the compiler cannot prove to be on the main actor, as Swift 5 libraries call
/// UIKit (an error unless UIKit's main-actor API is `@preconcurrency`, as Apple's SDK imports it).
public func badgeSymbol(named name: String, pointSize: CGFloat) -> UIImage? {
    UIImage(systemName: name, withConfiguration: UIImage.SymbolConfiguration(pointSize: pointSize))
        ?? UIImage(systemName: "questionmark")
}

/// A view controller from a Swift 5 library: lifecycle overrides and a control action.
open class BadgeViewController: UIViewController {
    public private(set) var taps = 0
    public let button = UIControl(frame: CGRect(x: 0, y: 0, width: 44, height: 44))

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(makeBadge(text: "1"))
        view.addSubview(button)
        button.addAction(UIAction { [weak self] _ in self?.taps += 1 }, for: .touchUpInside)
    }

    // What iOS controllers override for the status bar, rotation and size changes, and their constraints.
    public private(set) var transitions: [(to: CGSize, viewSizeThen: CGSize, viewSizeAlongside: CGSize)] = []
    public private(set) var constraintUpdates = 0
    open override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
    open override var prefersStatusBarHidden: Bool { true }
    open override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .landscape }
    open override var shouldAutorotate: Bool { false }
    open override var prefersHomeIndicatorAutoHidden: Bool { true }

    open override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        let before = view.bounds.size
        coordinator.animate(alongsideTransition: { _ in
            self.transitions.append((size, before, self.view.bounds.size))
        }, completion: nil)
    }

    open override func updateViewConstraints() {
        constraintUpdates += 1
        super.updateViewConstraints()
    }

    open override func awakeFromNib() {
        super.awakeFromNib()
        view.backgroundColor = .white
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The usual fade of a decoration alongside the push, its result unused, as iOS code writes it.
        view.subviews.first?.alpha = 0
        transitionCoordinator?.animate(alongsideTransition: { _ in self.view.subviews.first?.alpha = 1 }, completion: nil)
        if transitionCoordinator == nil { view.subviews.first?.alpha = 1 }
    }
}

// MARK: A layout DSL in the style of the popular iOS ones (a closure that makes constraints through a maker)

/// Collects the constraints a `makeConstraints` closure describes.
public final class ConstraintMaker {
    let view: UIView
    var made: [NSLayoutConstraint] = []
    init(view: UIView) { self.view = view }

    public final class Edges {
        unowned let maker: ConstraintMaker
        init(_ maker: ConstraintMaker) { self.maker = maker }
        /// Pins every edge to `other`'s, inset by `inset`.
        public func equalToSuperview(inset: CGFloat = 0) {
            guard let superview = maker.view.superview else { return }
            maker.made += [
                maker.view.topAnchor.constraint(equalTo: superview.topAnchor, constant: inset),
                maker.view.leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: inset),
                maker.view.bottomAnchor.constraint(equalTo: superview.bottomAnchor, constant: -inset),
                maker.view.trailingAnchor.constraint(equalTo: superview.trailingAnchor, constant: -inset),
            ]
        }
    }

    public final class Size {
        unowned let maker: ConstraintMaker
        init(_ maker: ConstraintMaker) { self.maker = maker }
        public func equalTo(_ size: CGSize) {
            maker.made += [maker.view.widthAnchor.constraint(equalToConstant: size.width),
                           maker.view.heightAnchor.constraint(equalToConstant: size.height)]
        }
    }

    public final class Center {
        unowned let maker: ConstraintMaker
        init(_ maker: ConstraintMaker) { self.maker = maker }
        public func equalToSuperview() {
            guard let superview = maker.view.superview else { return }
            maker.made += [maker.view.centerXAnchor.constraint(equalTo: superview.centerXAnchor),
                           maker.view.centerYAnchor.constraint(equalTo: superview.centerYAnchor)]
        }
    }

    public var edges: Edges { Edges(self) }
    public var size: Size { Size(self) }
    public var center: Center { Center(self) }
}

private var installedConstraintsKey: UInt8 = 0

extension UIView {
    /// Makes and activates the constraints `closure` describes, keeping them on the view (through an associated
    /// object, as such libraries do) so that `remakeConstraints` can replace them.
    @discardableResult
    public func makeConstraints(_ closure: (ConstraintMaker) -> Void) -> [NSLayoutConstraint] {
        translatesAutoresizingMaskIntoConstraints = false
        let maker = ConstraintMaker(view: self)
        closure(maker)
        NSLayoutConstraint.activate(maker.made)
        let kept = (objc_getAssociatedObject(self, &installedConstraintsKey) as? [NSLayoutConstraint] ?? []) + maker.made
        objc_setAssociatedObject(self, &installedConstraintsKey, kept, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return maker.made
    }

    /// Deactivates what `makeConstraints` made, then makes the new ones.
    @discardableResult
    public func remakeConstraints(_ closure: (ConstraintMaker) -> Void) -> [NSLayoutConstraint] {
        NSLayoutConstraint.deactivate(objc_getAssociatedObject(self, &installedConstraintsKey) as? [NSLayoutConstraint] ?? [])
        objc_setAssociatedObject(self, &installedConstraintsKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return makeConstraints(closure)
    }
}

// MARK: List controllers as iOS code subclasses them (`override` on every data source and delegate method)

/// A table controller from a Swift 5 library: the data source, delegate and scroll view delegate methods are
/// overrides, as UIKit's `UITableViewController` makes them on iOS.
open class BadgeListViewController: UITableViewController {
    public var titles = ["Inbox", "Drafts", "Sent"]
    public private(set) var selected: [String] = []
    public private(set) var scrolled = false

    public init() { super.init(style: .insetGrouped) }
    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    open override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    }
    open override func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { titles.count }
    open override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = titles[indexPath.row]
        cell.accessoryView = makeBadge(text: "\(indexPath.row + 1)")
        return cell
    }
    open override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(titles[indexPath.row])
        tableView.deselectRow(at: indexPath, animated: true)
    }
    open override func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolled = true }
}

/// A grid controller from a Swift 5 library, with flow layout sizes from its own conformance (no `override`).
open class SwatchGridViewController: UICollectionViewController, UICollectionViewDelegateFlowLayout {
    public init() { super.init(collectionViewLayout: UICollectionViewFlowLayout()) }
    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    open override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "swatch")
    }
    open override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 8 }
    open override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch", for: indexPath)
        cell.contentView.backgroundColor = indexPath.item % 2 == 0 ? .systemTeal : .systemPink
        return cell
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        CGSize(width: 60, height: 60)
    }
}

// MARK: Overrides of UIKit members, as iOS libraries write them

/// A view that overrides geometry, margins, layout priorities and accessibility, with `didSet` and custom getters.
open class PillView: UIView {
    public private(set) var frameChanges: [CGRect] = []
    public private(set) var boundsReads = 0
    public private(set) var boundsSets: [CGRect] = []
    public private(set) var centerSets: [CGPoint] = []
    public private(set) var intrinsicInvalidations = 0

    open override var frame: CGRect {
        didSet { frameChanges.append(frame) }
    }
    open override var bounds: CGRect {
        get { boundsReads += 1; return super.bounds }
        set { boundsSets.append(newValue); super.bounds = newValue }
    }
    open override var center: CGPoint {
        didSet { centerSets.append(center); layer.cornerRadius = bounds.height / 2 }
    }
    open override var transform: CGAffineTransform {
        didSet { alpha = transform == .identity ? 1 : 0.9 }
    }
    open override var layoutMargins: UIEdgeInsets {
        get { UIEdgeInsets(top: 2, left: 12, bottom: 2, right: 12) }
        set { super.layoutMargins = newValue }
    }
    open override var safeAreaInsets: UIEdgeInsets { .zero }
    open override var semanticContentAttribute: UISemanticContentAttribute {
        get { .forceLeftToRight }
        set { super.semanticContentAttribute = newValue }
    }
    open override var intrinsicContentSize: CGSize { CGSize(width: 80, height: 28) }
    open override func invalidateIntrinsicContentSize() {
        intrinsicInvalidations += 1
        super.invalidateIntrinsicContentSize()
    }
    open override func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority { .required }
    open override func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        super.setContentCompressionResistancePriority(max(priority, .defaultHigh), for: axis)
    }
    open override func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        super.systemLayoutSizeFitting(targetSize)
    }
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        CGSize(width: 80, height: 28)
    }
    open override var isAccessibilityElement: Bool { get { true } set {} }
    open override var accessibilityLabel: String? { get { "Status" } set {} }
    open override var accessibilityHint: String? { get { "Shows the state" } set {} }
    open override var accessibilityValue: String? { get { "Online" } set {} }
    open override var accessibilityIdentifier: String? { get { "status-pill" } set {} }
    open override var accessibilityTraits: UIAccessibilityTraits { get { .staticText } set {} }
    open override var accessibilityFrame: CGRect { get { .zero } set {} }
}

/// A table that counts the changes made to it (as analytics and diffing libraries do) and turns off their animation.
open class CountingTableView: UITableView {
    public private(set) var changes: [String] = []
    open override func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        changes.append("insert \(indexPaths.count)")
        super.insertRows(at: indexPaths, with: .none)
    }
    open override func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        changes.append("delete \(indexPaths.count)")
        super.deleteRows(at: indexPaths, with: .none)
    }
    open override func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        changes.append("reload \(indexPaths.count)")
        super.reloadRows(at: indexPaths, with: .none)
    }
    open override func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        changes.append("move")
        super.moveRow(at: indexPath, to: newIndexPath)
    }
    open override func moveSection(_ section: Int, toSection newSection: Int) {
        changes.append("move section")
        super.moveSection(section, toSection: newSection)
    }
}

/// A container that logs the hierarchy, layout and display requests made of it, as layout and analytics libraries
/// override them, and draws its layer itself through the layer delegate's call.
open class RequestLoggingView: UIView {
    public private(set) var requests: [String] = []
    public private(set) var layerDraws = 0

    open override func addSubview(_ view: UIView) { requests.append("add"); super.addSubview(view) }
    open override func insertSubview(_ view: UIView, at index: Int) { requests.append("insert \(index)"); super.insertSubview(view, at: index) }
    open override func bringSubviewToFront(_ view: UIView) { requests.append("front"); super.bringSubviewToFront(view) }
    open override func removeFromSuperview() { requests.append("remove"); super.removeFromSuperview() }
    open override func setNeedsLayout() { requests.append("needs layout"); super.setNeedsLayout() }
    open override func layoutIfNeeded() { requests.append("layout if needed"); super.layoutIfNeeded() }
    open override func setNeedsDisplay() { requests.append("needs display"); super.setNeedsDisplay() }
    open override func sizeToFit() { requests.append("size to fit"); super.sizeToFit() }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 44, height: 22) }
    open override func draw(_ layer: CALayer, in ctx: CGContext) {
        layerDraws += 1
        ctx.setFillColor(UIColor.orange.cgColor)
        ctx.fill(layer.bounds)
    }

    /// Forgets the requests logged so far.
    public func clearRequests() { requests = [] }
}
