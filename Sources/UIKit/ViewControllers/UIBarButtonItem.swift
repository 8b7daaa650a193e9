import CoreGraphics
import Foundation

/// What bar items share (UIKit's `UIBarItem`): a title, an image, whether it is enabled.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    open var isEnabled = true { didSet { changed() } }
    open var title: String? { didSet { changed() } }
    open var image: UIImage? { didSet { changed() } }
    open var landscapeImagePhone: UIImage?
    open var tag = 0
    open var accessibilityLabel: String?

    /// Bars showing the item redraw it when it changes (one bar at a time shows an item).
    var onChange: (@MainActor () -> Void)?
    func changed() { onChange?() }
}

/// A button in a navigation bar or toolbar (UIKit's `UIBarButtonItem`): a title, an image, a system item, or a
/// custom view, running a primary action, a target's method or showing a menu.
///
/// Where iOS names the action with a selector (`target: self, action: #selector(save(_:))`), write a method
/// reference: `target: self, action: EditorViewController.save` (taking the item, or nothing).
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    public enum Style: Int, Sendable { case plain = 0, bordered, done }

    /// The system's items: their titles or symbols in the bar.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
             search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }

    open var style: Style = .plain { didSet { changed() } }
    /// A fixed space's width, or a button's (0: as wide as its content).
    open var width: CGFloat = 0 { didSet { changed() } }
    open var customView: UIView? { didSet { changed() } }
    open var primaryAction: UIAction? { didSet { changed() } }
    open var menu: UIMenu? { didSet { changed() } }
    open var tintColor: UIColor? { didSet { changed() } }
    open var isSelected = false { didSet { changed() } }
    open var possibleTitles: Set<String>?
    /// Whether the item is hidden in its bar (iOS 16).
    open var isHidden = false { didSet { changed() } }
    public private(set) var systemItem: SystemItem?

    /// The target's method the item runs (weakly held target).
    private weak var target: AnyObject?
    private var call: (@MainActor (AnyObject, UIBarButtonItem) -> Void)?

    public override init() { super.init() }

    /// A titled item running `action` on `target` with the item.
    public init<T: AnyObject>(title: String?, style: Style, target: T, action: @escaping (T) -> (UIBarButtonItem) -> Void) {
        super.init()
        self.title = title
        self.style = style
        setAction(target, action)
    }

    /// A titled item running `action` on `target`.
    public init<T: AnyObject>(title: String?, style: Style, target: T, action: @escaping (T) -> () -> Void) {
        super.init()
        self.title = title
        self.style = style
        setAction(target) { t in { _ in action(t)() } }
    }

    /// A titled item with no action (`target: nil, action: nil`, as for a back button's title).
    public init(title: String?, style: Style, target: AnyObject?, action: Never?) {
        super.init()
        self.title = title
        self.style = style
    }

    public init<T: AnyObject>(image: UIImage?, style: Style, target: T, action: @escaping (T) -> (UIBarButtonItem) -> Void) {
        super.init()
        self.image = image
        self.style = style
        setAction(target, action)
    }

    public init<T: AnyObject>(image: UIImage?, style: Style, target: T, action: @escaping (T) -> () -> Void) {
        super.init()
        self.image = image
        self.style = style
        setAction(target) { t in { _ in action(t)() } }
    }

    public init<T: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: T, action: @escaping (T) -> (UIBarButtonItem) -> Void) {
        super.init()
        applySystemItem(systemItem)
        setAction(target, action)
    }

    public init<T: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: T, action: @escaping (T) -> () -> Void) {
        super.init()
        applySystemItem(systemItem)
        setAction(target) { t in { _ in action(t)() } }
    }

    /// A system item with no action (spaces).
    public init(barButtonSystemItem systemItem: SystemItem, target: AnyObject?, action: Never?) {
        super.init()
        applySystemItem(systemItem)
    }

    /// An item showing `customView` (which handles its own touches).
    public init(customView: UIView) {
        super.init()
        self.customView = customView
    }

    /// iOS 14's item: a title or image, running `primaryAction` (whose title and image it takes when it has
    /// none) or showing `menu`.
    public init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        super.init()
        self.title = title ?? (image == nil ? primaryAction?.title : nil)
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init(title: nil, image: nil, primaryAction: primaryAction, menu: menu)
        applySystemItem(systemItem)
    }

    public required init?(coder: NSCoder) { super.init() }

    /// A space that takes what the bar has left over.
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil) }
    /// A space `width` points wide.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        item.width = width
        return item
    }

    private func setAction<T: AnyObject>(_ target: T, _ action: @escaping (T) -> (UIBarButtonItem) -> Void) {
        self.target = target
        call = { t, item in (t as? T).map { action($0)(item) } }
    }

    private func applySystemItem(_ item: SystemItem) {
        systemItem = item
        switch item {
        case .done: title = "Done"; style = .done
        case .cancel: title = "Cancel"
        case .edit: title = "Edit"
        case .save: title = "Save"; style = .done
        case .close: image = UIImage(systemName: "xmark")
        default: image = Self.symbol(for: item).flatMap { UIImage(systemName: $0) }
        }
    }

    /// The symbol iOS draws for a system item.
    static func symbol(for item: SystemItem) -> String? {
        switch item {
        case .add: return "plus"
        case .compose: return "square.and.pencil"
        case .reply: return "arrow.uturn.backward"
        case .action: return "square.and.arrow.up"
        case .organize: return "folder"
        case .bookmarks: return "bookmark"
        case .search: return "magnifyingglass"
        case .refresh: return "arrow.clockwise"
        case .stop: return "xmark"
        case .camera: return "camera"
        case .trash: return "trash"
        case .play: return "play.fill"
        case .pause: return "pause.fill"
        case .rewind: return "backward.fill"
        case .fastForward: return "forward.fill"
        case .undo: return "arrow.uturn.backward"
        case .redo: return "arrow.uturn.forward"
        case .pageCurl: return "bookmark"
        default: return nil
        }
    }

    /// The view a bar shows for the item (what a popover from the item points at).
    weak var shownView: UIView?

    /// Whether the item is a space rather than a button.
    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    /// A tap on the item: its primary action, else the target's method.
    func trigger(from view: UIView?) {
        guard isEnabled else { return }
        if let primaryAction {
            primaryAction.sender = self
            primaryAction.handler(primaryAction)
            primaryAction.sender = nil
        } else if let target, let call {
            call(target, self)
        }
    }

    /// The button a bar shows for the item (a custom view is shown as it is).
    func makeButton(tint: UIColor?) -> UIView {
        let view = makeView(tint: tint)
        shownView = view
        return view
    }

    private func makeView(tint: UIColor?) -> UIView {
        if let customView { return customView }
        let button = UIButton(type: .system)
        if let image { button.setImage(image, for: .normal) } else { button.setTitle(title, for: .normal) }
        button.titleLabel?.font = style == .done ? .systemFont(ofSize: 17, weight: .semibold) : .systemFont(ofSize: 17)
        button.isEnabled = isEnabled
        button.isSelected = isSelected
        if let tint = tintColor ?? tint { button.tintColor = tint }
        if let menu, primaryAction == nil, target == nil {
            button.menu = menu
            button.showsMenuAsPrimaryAction = true
        } else {
            if let menu { button.menu = menu }
            button.addAction(UIAction { [weak self, weak button] _ in self?.trigger(from: button) }, for: .touchUpInside)
        }
        button.accessibilityLabel = accessibilityLabel ?? title
        button.sizeToFit()
        if width > 0 { button.frame.size.width = width }
        button.frame.size.width = max(button.frame.width, image == nil ? 0 : 28)
        return button
    }
}
