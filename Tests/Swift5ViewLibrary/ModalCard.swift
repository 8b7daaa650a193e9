// A modal card of the kind alert and toast libraries ship, in Swift 5 mode: its view insists on constraints and is
// modal to assistive technologies, its layer counts the animations it is given, its controller reports its own
// dismissal, and an app subclass keeps the panel awake while a card shows.
import UIKit

/// The card's layer: remembers the keys of the animations added to it (libraries use this to wait for them).
public final class CardLayer: CALayer {
    public private(set) var animationKeysAdded: [String] = []

    public override func add(_ anim: CAAnimation, forKey key: String?) {
        animationKeysAdded.append(key ?? "")
        super.add(anim, forKey: key)
    }
}

/// The card: always placed by constraints, whatever its user sets, and modal to a screen reader.
open class ModalCardView: UIView {
    open override class var layerClass: AnyClass { CardLayer.self }

    open override var translatesAutoresizingMaskIntoConstraints: Bool {
        get { false }
        set {}
    }

    open override var accessibilityViewIsModal: Bool {
        get { true }
        set {}
    }

    /// Centres the card in `container` at `size`.
    public func show(in container: UIView, size: CGSize) {
        container.addSubview(self)
        NSLayoutConstraint.activate([
            centerXAnchor.constraint(equalTo: container.centerXAnchor),
            centerYAnchor.constraint(equalTo: container.centerYAnchor),
            widthAnchor.constraint(equalToConstant: size.width),
            heightAnchor.constraint(equalToConstant: size.height),
        ])
    }
}

/// The card's controller: says it is being dismissed from the moment its own dismiss button is tapped.
open class ModalCardController: UIViewController {
    public private(set) var dismissRequested = false

    open override var isBeingDismissed: Bool { dismissRequested || super.isBeingDismissed }

    open override var presentationController: UIPresentationController? { super.presentationController }

    open override var transitionCoordinator: UIViewControllerTransitionCoordinator? { super.transitionCoordinator }

    public func dismissTapped() { dismissRequested = true }
}

/// An app that keeps the panel awake whatever its screens ask, as kiosk frameworks subclass it.
open class KioskApplication: UIApplication {
    open override var isIdleTimerDisabled: Bool {
        get { true }
        set { super.isIdleTimerDisabled = newValue }
    }

    open override var preferredContentSizeCategory: UIContentSizeCategory { .extraLarge }
}

/// A screen whose brightness a dimming library caps.
open class CappedScreen: UIScreen {
    open override var brightness: CGFloat {
        get { min(super.brightness, 0.8) }
        set { super.brightness = min(newValue, 0.8) }
    }
}
