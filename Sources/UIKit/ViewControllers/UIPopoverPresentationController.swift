import CoreGraphics
import Foundation

/// The sides a popover's arrow may point from (UIKit's `UIPopoverArrowDirection`).
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    public static let unknown = UIPopoverArrowDirection(rawValue: UInt.max)
}

/// What a popover asks its delegate (UIKit's `UIPopoverPresentationControllerDelegate`; optional methods).
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)
}

extension UIPopoverPresentationControllerDelegate {
    public func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {}
}

/// A popover (UIKit's `UIPopoverPresentationController`): the presented view in a rounded bubble next to its
/// source — a view and rectangle, or a bar button item — with an arrow pointing at it, below the source where it
/// fits, else above, else beside; a tap outside dismisses it unless `isModalInPresentation`. Panels show popovers
/// at every width (iPhones adapt them to sheets).
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
    open var sourceView: UIView?
    open var sourceRect: CGRect = .null
    open var barButtonItem: UIBarButtonItem?
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
    open var backgroundColor: UIColor?
    open var passthroughViews: [UIView]?
    open var canOverlapSourceViewRect = false
    /// The side the arrow points from once placed.
    open private(set) var arrowDirection: UIPopoverArrowDirection = .unknown
    public var popoverDelegate: (any UIPopoverPresentationControllerDelegate)? { delegate as? any UIPopoverPresentationControllerDelegate }

    static let arrowSize: CGFloat = 13
    static let margin: CGFloat = 10
    private let backdrop = UIView()
    private let arrow = PopoverArrowView()

    public override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }
    open override var presentationStyle: UIModalPresentationStyle { .popover }

    /// The source rectangle in the container's coordinates.
    private var anchor: CGRect {
        guard let c = containerView else { return .zero }
        if let item = barButtonItem, let view = item.shownView {
            return view.convert(view.bounds, to: c)
        }
        guard let v = sourceView else { return CGRect(x: c.bounds.midX, y: c.bounds.midY, width: 0, height: 0) }
        let r = sourceRect.isNull ? v.bounds : sourceRect
        return v.convert(r, to: c)
    }

    open override var frameOfPresentedViewInContainerView: CGRect {
        guard let c = containerView else { return .zero }
        let b = c.bounds.inset(by: c.safeAreaInsets).insetBy(dx: Self.margin, dy: Self.margin)
        var size = presentedViewController.preferredContentSize
        if size.width <= 0 { size.width = 320 }
        if size.height <= 0 { size.height = 320 }
        size.width = min(size.width, b.width)
        let a = anchor, gap = Self.arrowSize
        func clampX(_ x: CGFloat) -> CGFloat { min(max(x, b.minX), b.maxX - size.width) }
        func clampY(_ y: CGFloat) -> CGFloat { min(max(y, b.minY), b.maxY - size.height) }
        let below = b.maxY - (a.maxY + gap), above = (a.minY - gap) - b.minY
        let dirs = permittedArrowDirections
        if dirs.contains(.up), below >= min(size.height, 120) || !dirs.contains(.down) || below >= above {
            size.height = min(size.height, max(44, below))
            return CGRect(x: clampX(a.midX - size.width / 2), y: a.maxY + gap, width: size.width, height: size.height)
        }
        if dirs.contains(.down) {
            size.height = min(size.height, max(44, above))
            return CGRect(x: clampX(a.midX - size.width / 2), y: a.minY - gap - size.height, width: size.width, height: size.height)
        }
        size.height = min(size.height, b.height)
        let right = b.maxX - (a.maxX + gap)
        if dirs.contains(.left), right >= size.width || !dirs.contains(.right) {
            return CGRect(x: a.maxX + gap, y: clampY(a.midY - size.height / 2), width: size.width, height: size.height)
        }
        return CGRect(x: a.minX - gap - size.width, y: clampY(a.midY - size.height / 2), width: size.width, height: size.height)
    }

    open override func presentationTransitionWillBegin() {
        guard let c = containerView else { return }
        popoverDelegate?.prepareForPopoverPresentation(self)
        backdrop.frame = c.bounds
        backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        backdrop.backgroundColor = .clear // (iPad popovers do not dim; the backdrop only takes the tap outside)
        backdrop.isOpaque = false
        c.insertSubview(backdrop, at: 0)
        backdrop.addGestureRecognizer(UITapGestureRecognizer(target: self, action: UIPopoverPresentationController.outsideTapped))
        arrow.color = backgroundColor ?? presentedViewController.view.backgroundColor ?? .systemBackground
        c.addSubview(arrow)
        if let v = presentedView {
            v.layer.cornerRadius = 13
            v.clipsToBounds = true
        }
    }

    open override func containerViewDidLayoutSubviews() {
        super.containerViewDidLayoutSubviews()
        placeArrow()
    }

    /// The arrow between the bubble and its source.
    private func placeArrow() {
        let f = frameOfPresentedViewInContainerView, a = anchor, s = Self.arrowSize
        if f.minY >= a.maxY {
            arrowDirection = .up
            arrow.frame = CGRect(x: min(max(a.midX - s, f.minX + 13), f.maxX - 13 - 2 * s), y: f.minY - s, width: 2 * s, height: s)
        } else if f.maxY <= a.minY {
            arrowDirection = .down
            arrow.frame = CGRect(x: min(max(a.midX - s, f.minX + 13), f.maxX - 13 - 2 * s), y: f.maxY, width: 2 * s, height: s)
        } else if f.minX >= a.maxX {
            arrowDirection = .left
            arrow.frame = CGRect(x: f.minX - s, y: min(max(a.midY - s, f.minY + 13), f.maxY - 13 - 2 * s), width: s, height: 2 * s)
        } else {
            arrowDirection = .right
            arrow.frame = CGRect(x: f.maxX, y: min(max(a.midY - s, f.minY + 13), f.maxY - 13 - 2 * s), width: s, height: 2 * s)
        }
        arrow.direction = arrowDirection
    }

    open override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { backdrop.removeFromSuperview(); arrow.removeFromSuperview() }
    }

    override func defaultAnimator(presenting: Bool) -> any UIViewControllerAnimatedTransitioning {
        ModalAnimator(style: .crossDissolve, presenting: presenting)
    }

    private func outsideTapped() { dismissByUser() }
}

/// A popover's arrow: a triangle in the bubble's colour.
@MainActor
final class PopoverArrowView: UIView {
    var color: UIColor = .systemBackground { didSet { setNeedsDisplay() } }
    var direction: UIPopoverArrowDirection = .up { didSet { if oldValue != direction { setNeedsDisplay() } } }
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
    }
    required init?(coder: NSCoder) { nil }
    override func draw(_ rect: CGRect) {
        let b = bounds, path = UIBezierPath()
        switch direction {
        case .up: path.move(to: CGPoint(x: b.minX, y: b.maxY)); path.addLine(to: CGPoint(x: b.midX, y: b.minY)); path.addLine(to: CGPoint(x: b.maxX, y: b.maxY))
        case .down: path.move(to: CGPoint(x: b.minX, y: b.minY)); path.addLine(to: CGPoint(x: b.midX, y: b.maxY)); path.addLine(to: CGPoint(x: b.maxX, y: b.minY))
        case .left: path.move(to: CGPoint(x: b.maxX, y: b.minY)); path.addLine(to: CGPoint(x: b.minX, y: b.midY)); path.addLine(to: CGPoint(x: b.maxX, y: b.maxY))
        default: path.move(to: CGPoint(x: b.minX, y: b.minY)); path.addLine(to: CGPoint(x: b.maxX, y: b.midY)); path.addLine(to: CGPoint(x: b.minX, y: b.maxY))
        }
        path.close()
        color.setFill()
        path.fill()
    }
}
