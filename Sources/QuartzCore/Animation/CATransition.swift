import CoreGraphics
import Foundation
import VitrinePlatform

/// The key every transition runs under (Core Animation's `kCATransition`): a layer has one transition at a time.
public let kCATransition = "transition"

/// How a transition moves from the old picture of a layer to the new one.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The old picture fades out as the new one shows (a cross-fade; the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new picture slides in over the old one.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new picture slides in and pushes the old one out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old picture slides out, uncovering the new one.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// Which side a moving transition comes from (on the screen: `.fromTop` enters at the top edge).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animation between a layer's picture before the change and after it: add it to a layer (under
/// `kCATransition`, whatever key is given) in the same turn as the change — replace the content, swap or hide
/// sublayers, change text — and the change appears through the transition.
///
/// The old picture is what the screen showed of the layer's subtree when the transition was added (its pixels
/// on screen, so whatever lay behind a translucent layer or overlapped it then is part of it); the new picture
/// is the live subtree, which may keep changing. A cross-fade is exact for any layer; the moving types move the
/// old picture's backdrop with it, which only a translucent layer shows (see the porting notes in "Porting an iOS app").
@preconcurrency @MainActor
open class CATransition: CAAnimation {
    /// The kind of transition; `.fade` by default.
    open var type: CATransitionType = .fade
    /// The side moving transitions come from; `nil` means `.fromLeft`.
    open var subtype: CATransitionSubtype?
    /// Where in the transition to start and stop, 0...1.
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    public required init() { super.init() }

    open override func copyValues(to other: CAAnimation) {
        super.copyValues(to: other)
        guard let o = other as? CATransition else { return }
        o.type = type; o.subtype = subtype; o.startProgress = startProgress; o.endProgress = endProgress
        o.oldPicture = oldPicture
    }

    /// What the screen showed of the layer when the transition was added.
    var oldPicture: TransitionState.Picture?

    override func apply(to values: inout CALayerRenderValues, layer: CALayer, at time: CFTimeInterval) {
        guard let sample = sample(at: time) else { return }
        let start = Double(min(max(startProgress, 0), 1)), end = Double(min(max(endProgress, 0), 1))
        let progress = CGFloat(start + (end - start) * sample.fraction)
        let b = values.bounds
        var travel = CGVector.zero
        if type != .fade {
            switch subtype ?? .fromLeft {
            case .fromRight: travel = CGVector(dx: b.width, dy: 0)
            case .fromTop: travel = CGVector(dx: 0, dy: -b.height)
            case .fromBottom: travel = CGVector(dx: 0, dy: b.height)
            default: travel = CGVector(dx: -b.width, dy: 0)
            }
        }
        if oldPicture == nil && type == .fade {
            // Nothing was on screen: the old picture is the backdrop, and fading from it is fading in.
            values.opacity *= Float(progress)
        }
        values.transition = TransitionState(type: type, travel: travel, progress: progress, old: oldPicture)
    }
}

/// A running transition as the compositor draws it (part of a layer's render values).
package struct TransitionState {
    /// Pixels captured from a screen, and where on it they were.
    package final class Picture {
        package let image: CGImage
        package let rect: PixelRect
        package init(image: CGImage, rect: PixelRect) { self.image = image; self.rect = rect }
    }

    package var type: CATransitionType
    /// Where the new picture starts (moving types), in the layer's coordinates; the old one leaves the other way.
    package var travel: CGVector
    /// 0 (all old) ... 1 (all new).
    package var progress: CGFloat
    /// The old picture; `nil` when the layer was not on screen.
    package var old: Picture?

    /// How far the new picture is from its place now (layer coordinates).
    var newOffset: CGVector {
        guard type == .moveIn || type == .push else { return .zero }
        return CGVector(dx: travel.dx * (1 - progress), dy: travel.dy * (1 - progress))
    }

    /// How far the old picture has gone (layer coordinates).
    var oldOffset: CGVector {
        guard type == .push || type == .reveal else { return .zero }
        return CGVector(dx: -travel.dx * progress, dy: -travel.dy * progress)
    }

    /// Whether the old picture is painted under the layer (it is covered by the new one) rather than over it.
    var oldBelow: Bool { type == .moveIn || type == .push }
}

extension CALayer {
    /// Whether a transition is running on the layer (its subtree hides nothing below it meanwhile: it moves).
    var hasRunningTransition: Bool {
        !animationEntries.isEmpty && animationEntries.contains { $0.animation is CATransition && !$0.animation.didStop }
    }

    /// The pixels the screen showed for this layer's subtree, for a transition's old picture.
    func capturePictureOnScreen() -> TransitionState.Picture? {
        guard let owner = compositorRecord?.owner, subtreeLayerCount > 0 else { return nil }
        return owner.capture(subtreeExtent)
    }
}
