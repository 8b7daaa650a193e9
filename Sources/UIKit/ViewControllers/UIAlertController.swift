import CoreGraphics
import Foundation

/// A button of an alert or action sheet (UIKit's `UIAlertAction`).
@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable { case `default` = 0, cancel, destructive }

    public let title: String?
    public let style: Style
    open var isEnabled = true { didSet { onChange?() } }
    let handler: ((UIAlertAction) -> Void)?
    var onChange: (@MainActor () -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}

/// An alert or action sheet (UIKit's `UIAlertController`): a title, a message, text fields (alerts), and actions
/// in UIKit's order — an alert's two actions side by side (the cancel one on the leading side), more stacked with
/// the cancel one last; an action sheet's cancel action in a group of its own below the others. Presented over a
/// dimmed backdrop with the windows' tint dimmed behind it; tapping an action dismisses the alert, then runs its
/// handler.
@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet = 0, alert }

    public let preferredStyle: Style
    open var message: String? { didSet { if isViewLoaded { rebuild() } } }
    open private(set) var actions: [UIAlertAction] = []
    /// The action Return chooses, drawn bold.
    open var preferredAction: UIAlertAction? { didSet { if isViewLoaded { rebuild() } } }
    open private(set) var textFields: [UITextField]?

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.preferredStyle = preferredStyle
        super.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        modalTransitionStyle = .crossDissolve
    }
    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
    }

    /// Adds an action; a second `.cancel` action stops the program, as UIKit does.
    open func addAction(_ action: UIAlertAction) {
        precondition(action.style != .cancel || !actions.contains { $0.style == .cancel },
                     "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        actions.append(action)
        action.onChange = { [weak self] in self?.rebuild() }
        if isViewLoaded { rebuild() }
    }

    /// Adds a text field (alerts only; an action sheet stops the program, as UIKit does).
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        precondition(preferredStyle == .alert, "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 238, height: 28))
        field.borderStyle = .roundedRect
        field.font = .systemFont(ofSize: 13)
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
        if isViewLoaded { rebuild() }
    }

    override var defaultPresentationStyle: UIModalPresentationStyle { .custom }
    override func makePresentationController(presenting: UIViewController, style: UIModalPresentationStyle) -> UIPresentationController? {
        style == .custom && transitioningDelegate == nil ? AlertPresentationController(presented: self, presenting: presenting) : nil
    }
    open override var modalPresentationStyle: UIModalPresentationStyle {
        get { .custom }
        set {}
    }

    // MARK: The card

    /// The card's colour (iOS's material as an opaque colour, light and dark).
    static let cardColour = UIColor(light: CGColor(gray: 0.97, alpha: 1), dark: CGColor(gray: 0.17, alpha: 1))
    /// An action sheet's cancel group: white in the light style, a lighter grey than the card in the dark.
    static let cancelColour = UIColor(light: CGColor(gray: 1, alpha: 1), dark: CGColor(gray: 0.2, alpha: 1))

    /// The card (an alert's, or an action sheet's main group) and the sheet's cancel group.
    private let card = UIView(), cancelCard = UIView()
    /// The buttons by action, in the order shown.
    private(set) var buttons: [(action: UIAlertAction, button: UIButton)] = []

    open override func loadView() {
        let v = UIView(frame: UIScreen.main.bounds)
        v.backgroundColor = .clear
        v.isOpaque = false
        // The alert keeps its own tint while the windows behind it are dimmed.
        v.tintAdjustmentMode = .normal
        view = v
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        for c in [card, cancelCard] {
            c.backgroundColor = UIAlertController.cardColour
            c.layer.cornerRadius = preferredStyle == .alert ? 14 : 13
            c.clipsToBounds = true
            view.addSubview(c)
        }
        rebuild()
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        textFields?.first?.becomeFirstResponder()
    }

    /// The actions in the order UIKit shows them: an alert's cancel action first when there are two (leading),
    /// last when there are more; an action sheet's cancel action apart, at the bottom.
    var orderedActions: [UIAlertAction] {
        let cancel = actions.filter { $0.style == .cancel }, others = actions.filter { $0.style != .cancel }
        if preferredStyle == .alert { return actions.count == 2 ? cancel + others : others + cancel }
        return others + cancel
    }

    /// Whether the alert's two buttons sit side by side (two actions whose titles fit, no text fields).
    private var sideBySide: Bool {
        preferredStyle == .alert && actions.count == 2 && actions.allSatisfy { ($0.title?.count ?? 0) <= 14 }
    }

    private var titleLabel = UILabel(), messageLabel = UILabel()
    private var separators: [UIView] = []

    private func rebuild() {
        guard isViewLoaded else { return }
        for (_, b) in buttons { b.removeFromSuperview() }
        buttons = []
        titleLabel.removeFromSuperview(); messageLabel.removeFromSuperview()
        let alert = preferredStyle == .alert
        titleLabel.text = title
        titleLabel.font = alert ? .systemFont(ofSize: 17, weight: .semibold) : .systemFont(ofSize: 13, weight: .semibold)
        titleLabel.textColor = alert ? .label : .secondaryLabel
        messageLabel.text = message
        messageLabel.font = .systemFont(ofSize: 13)
        messageLabel.textColor = alert ? .label : .secondaryLabel
        for l in [titleLabel, messageLabel] {
            l.numberOfLines = 0
            l.textAlignment = .center
            if l.text?.isEmpty == false { card.addSubview(l) }
        }
        for f in textFields ?? [] where f.superview !== card { card.addSubview(f) }
        for action in orderedActions {
            let b = UIButton(type: .system)
            b.setTitle(action.title, for: .normal)
            let bold = action === preferredAction || (preferredAction == nil && action.style == .cancel && alert) || (!alert && action.style == .cancel)
            b.titleLabel?.font = .systemFont(ofSize: alert ? 17 : 20, weight: bold ? .semibold : .regular)
            if action.style == .destructive { b.setTitleColor(.systemRed, for: .normal) }
            b.isEnabled = action.isEnabled
            b.addAction(UIAction { [weak self, weak action] _ in
                guard let self, let action else { return }
                self.choose(action)
            }, for: .touchUpInside)
            (action.style == .cancel && !alert ? cancelCard : card).addSubview(b)
            buttons.append((action, b))
        }
        cancelCard.isHidden = alert || !actions.contains { $0.style == .cancel }
        view.setNeedsLayout()
    }

    /// A tap on an action's button: the alert goes, then the handler runs (as UIKit orders them).
    func choose(_ action: UIAlertAction) {
        guard action.isEnabled else { return }
        if let presenter = presentingViewController {
            presenter.dismiss(animated: true) { action.handler?(action) }
        } else {
            action.handler?(action)
        }
    }

    /// The card's width: an alert's 270 points; an action sheet's the screen's less 8 each side, at most 400.
    private var cardWidth: CGFloat { preferredStyle == .alert ? 270 : min(view.bounds.width - 16, 400) }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let w = cardWidth, alert = preferredStyle == .alert
        let buttonHeight: CGFloat = alert ? 44 : 57
        var y: CGFloat = 20
        for l in [titleLabel, messageLabel] where l.superview === card {
            let s = l.sizeThatFits(CGSize(width: w - 32, height: .greatestFiniteMagnitude))
            l.frame = CGRect(x: 16, y: y, width: w - 32, height: ceil(s.height))
            y = l.frame.maxY + 4
        }
        for f in textFields ?? [] {
            y += 8
            f.frame = CGRect(x: 16, y: y, width: w - 32, height: 28)
            y = f.frame.maxY
        }
        let hasText = y > 20
        y = hasText ? y + 16 : 0
        let scale = view.window?.screen.scale ?? UIScreen.main.scale
        // The hairlines between the card's parts, made once and placed at each layout.
        var used = 0
        func separator(_ frame: CGRect) {
            if used == separators.count {
                let s = UIView()
                s.backgroundColor = .separator
                s.isUserInteractionEnabled = false
                card.addSubview(s)
                separators.append(s)
            }
            separators[used].frame = frame
            card.bringSubviewToFront(separators[used])
            used += 1
        }
        defer {
            for s in separators[used...] { s.removeFromSuperview() }
            separators.removeSubrange(used...)
        }
        let mainButtons = buttons.filter { $0.button.superview === card }
        if sideBySide, mainButtons.count == 2 {
            separator(CGRect(x: 0, y: y, width: w, height: 1 / scale))
            mainButtons[0].button.frame = CGRect(x: 0, y: y, width: w / 2, height: buttonHeight)
            mainButtons[1].button.frame = CGRect(x: w / 2, y: y, width: w / 2, height: buttonHeight)
            separator(CGRect(x: w / 2, y: y, width: 1 / scale, height: buttonHeight))
            y += buttonHeight
        } else {
            for (_, b) in mainButtons {
                if y > 0 { separator(CGRect(x: 0, y: y, width: w, height: 1 / scale)) }
                b.frame = CGRect(x: 0, y: y, width: w, height: buttonHeight)
                y += buttonHeight
            }
        }
        let b = view.bounds, safe = view.safeAreaInsets
        if alert {
            // Centred in the room the keyboard leaves.
            let keyboardTop = UIApplication.shared.textInput.isVisible
                ? view.convert(CGPoint(x: 0, y: UIApplication.shared.textInput.frame.minY), from: nil).y : b.maxY
            let room = min(b.maxY - safe.bottom, keyboardTop) - safe.top
            card.frame = CGRect(x: ((b.width - w) / 2).rounded(), y: (safe.top + max(0, (room - y) / 2)).rounded(), width: w, height: y)
        } else {
            let cancelButtons = buttons.filter { $0.button.superview === cancelCard }
            var bottom = b.maxY - max(safe.bottom, 8)
            if let cancel = cancelButtons.first?.button {
                cancel.frame = CGRect(x: 0, y: 0, width: w, height: buttonHeight)
                cancelCard.frame = CGRect(x: ((b.width - w) / 2).rounded(), y: bottom - buttonHeight, width: w, height: buttonHeight)
                cancelCard.backgroundColor = UIAlertController.cancelColour
                bottom = cancelCard.frame.minY - 8
            }
            card.frame = CGRect(x: ((b.width - w) / 2).rounded(), y: bottom - y, width: w, height: y)
        }
    }

    /// The button for `action` (for tests and tools).
    func button(for action: UIAlertAction) -> UIButton? { buttons.first { $0.action === action }?.button }
}

/// Shows an alert: the whole window, a dimmed backdrop, the windows behind dimmed (`tintAdjustmentMode`), the card
/// fading and shrinking in as iOS's does (an action sheet sliding up).
@MainActor
final class AlertPresentationController: UIPresentationController {
    private let dimming = UIView()
    private var dimmedWindows: [(UIWindow, UIView.TintAdjustmentMode)] = []

    init(presented: UIAlertController, presenting: UIViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
        dimming.backgroundColor = UIColor(white: 0, alpha: presented.preferredStyle == .alert ? 0.2 : 0.4)
        dimming.alpha = 0
        dimming.isOpaque = false
    }
    override var presentationStyle: UIModalPresentationStyle { .custom }

    override func presentationTransitionWillBegin() {
        guard let c = containerView else { return }
        dimming.frame = c.bounds
        dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        c.insertSubview(dimming, at: 0)
        if (presentedViewController as? UIAlertController)?.preferredStyle == .actionSheet {
            // A tap outside an action sheet is its cancel action, if it has one.
            dimming.addGestureRecognizer(UITapGestureRecognizer(target: self, action: AlertPresentationController.outsideTapped))
        }
        for w in UIApplication.shared.windows where !w.isHidden && !(w is KeyboardWindow) {
            dimmedWindows.append((w, w.tintAdjustmentMode))
            w.tintAdjustmentMode = .dimmed
        }
        UIView.animate(withDuration: 0.25) { self.dimming.alpha = 1 }
    }

    override func dismissalTransitionWillBegin() {
        for (w, mode) in dimmedWindows { w.tintAdjustmentMode = mode }
        dimmedWindows = []
        UIView.animate(withDuration: 0.25) { self.dimming.alpha = 0 }
    }

    private func outsideTapped() {
        guard let alert = presentedViewController as? UIAlertController,
              let cancel = alert.actions.first(where: { $0.style == .cancel }) else { return }
        alert.choose(cancel)
    }

    override func defaultAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        AlertAnimator(presenting: presenting)
    }
}

/// An alert fades in from 1.2 times its size (iOS's pop) and fades out; an action sheet slides up and down.
@MainActor
final class AlertAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    init(presenting: Bool) { self.presenting = presenting }
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.25 }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        let container = context.containerView
        guard let alert = context.viewController(forKey: presenting ? .to : .from) as? UIAlertController else {
            context.completeTransition(true)
            return
        }
        let v: UIView = alert.view
        if presenting {
            v.frame = container.bounds
            v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            container.addSubview(v)
            v.layoutIfNeeded()
        }
        guard context.isAnimated else { context.completeTransition(true); return }
        let sheet = alert.preferredStyle == .actionSheet
        let hidden = sheet ? CGAffineTransform(translationX: 0, y: container.bounds.height / 2) : CGAffineTransform(scaleX: 1.2, y: 1.2)
        if presenting {
            v.alpha = sheet ? 1 : 0
            v.transform = hidden
        }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.curveEaseOut], animations: {
            if self.presenting { v.alpha = 1; v.transform = .identity } else if sheet { v.transform = hidden } else { v.alpha = 0 }
        }, completion: { _ in
            v.transform = .identity
            context.completeTransition(true)
        })
    }
}
