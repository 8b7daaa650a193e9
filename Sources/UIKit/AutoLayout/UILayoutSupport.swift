import CoreGraphics
import Foundation

/// The top or bottom edge of what a view controller's content may use (UIKit's `topLayoutGuide` and
/// `bottomLayoutGuide`, deprecated since iOS 11 but still what many layout libraries constrain to): from the root
/// view's edge to its safe area's.
@preconcurrency @MainActor
public protocol UILayoutSupport: NSObjectProtocol {
    /// How far the guide reaches into the view: the safe area's inset at that edge.
    var length: CGFloat { get }
    var topAnchor: NSLayoutYAxisAnchor { get }
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    var heightAnchor: NSLayoutDimension { get }
}

/// A controller's top or bottom layout guide: a layout guide of its root view, pinned between the view's edge and
/// the safe area's (so constraints to it follow the bars and insets as safe-area constraints do).
final class ControllerLayoutSupportGuide: UILayoutGuide, UILayoutSupport {
    let isTop: Bool

    init(isTop: Bool) {
        self.isTop = isTop
        super.init()
        identifier = isTop ? "_UIViewControllerTopLayoutGuide" : "_UIViewControllerBottomLayoutGuide"
    }

    var length: CGFloat {
        guard let view = owningView else { return 0 }
        return isTop ? view.safeAreaInsets.top : view.safeAreaInsets.bottom
    }

    /// Adds the guide to `view` with the constraints that place it.
    func install(in view: UIView) {
        view.addLayoutGuide(self)
        let safe = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: view.leadingAnchor),
            trailingAnchor.constraint(equalTo: view.trailingAnchor),
            isTop ? topAnchor.constraint(equalTo: view.topAnchor) : topAnchor.constraint(equalTo: safe.bottomAnchor),
            isTop ? bottomAnchor.constraint(equalTo: safe.topAnchor) : bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }
}

extension UIViewController {
    /// The guide behind `topLayoutGuide` or `bottomLayoutGuide` (declared in UIViewController.swift), made on first use.
    func layoutSupportGuide(top: Bool) -> ControllerLayoutSupportGuide {
        let view: UIView = view
        if let guide = view.layoutGuides.lazy.compactMap({ $0 as? ControllerLayoutSupportGuide }).first(where: { $0.isTop == top }) {
            return guide
        }
        let guide = ControllerLayoutSupportGuide(isTop: top)
        guide.install(in: view)
        return guide
    }
}
