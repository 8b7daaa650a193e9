import CoreGraphics
import Foundation
@_spi(VitrineInternals) import QuartzCore

/// An animation that can be started, paused, scrubbed, reversed and stopped (UIKit's `UIViewAnimating`).
/// `UIViewPropertyAnimator` is the one UIKit and Vitrine provide.
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that takes more animations and completions while it runs, and can continue with new timing
/// (UIKit's `UIViewImplicitlyAnimating`; its methods are optional there, so they have do-nothing defaults here).
/// A transition animator returns one from `interruptibleAnimator(using:)` so that an interaction can scrub it.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addAnimations(_ animation: @escaping () -> Void)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Runs a paused animator on over `durationFactor` times its duration (0: the time it has left), with
    /// `parameters`' curve for the rest of the way (`nil`: its own).
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

extension UIViewImplicitlyAnimating {
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    public func addAnimations(_ animation: @escaping () -> Void) {}
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    public func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        startAnimation()
    }
}

/// Which kind of curve a timing provider describes (UIKit's `UITimingCurveType`).
public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}

/// A timing curve for property animators and interactive transitions (UIKit's `UITimingCurveProvider`).
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve: one of UIKit's named curves or two control points (UIKit's
/// `UICubicTimingParameters`).
open class UICubicTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    /// The named curve this was made from (`.easeInOut` for control points, as UIKit reports).
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    private let isBuiltin: Bool

    /// The default curve: ease in, ease out.
    public override convenience init() { self.init(animationCurve: .easeInOut) }

    /// One of UIKit's named curves.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let points = Self.controlPoints(of: curve)
        controlPoint1 = points.0
        controlPoint2 = points.1
        isBuiltin = true
    }

    /// A curve through two control points (the ends are (0, 0) and (1, 1)).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        isBuiltin = false
    }

    public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The curve as Core Animation's timing function.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }

    /// The control points of the named curves (Core Animation's published values).
    private static func controlPoints(of curve: UIView.AnimationCurve) -> (CGPoint, CGPoint) {
        switch curve {
        case .easeInOut: return (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        case .easeIn: return (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: return (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: return (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        case .keyboard: return (CGPoint(x: 0.38, y: 0.7), CGPoint(x: 0.125, y: 1))
        }
    }
}

/// A spring timing curve (UIKit's `UISpringTimingParameters`): a damping ratio and an initial velocity, or a
/// mass, stiffness and damping.
open class UISpringTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    /// The damping ratio (1: no overshoot); for a spring made from mass, stiffness and damping, the ratio they give.
    public let dampingRatio: CGFloat
    /// The initial velocity, as a fraction of the change per second in each axis.
    public let initialVelocity: CGVector
    /// The physical spring, when it was made from one.
    let physical: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat)?

    /// UIKit's default spring: critically damped, at rest.
    public override convenience init() { self.init(dampingRatio: 1, initialVelocity: CGVector(dx: 0, dy: 0)) }

    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0)) }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio
        initialVelocity = velocity
        physical = nil
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        physical = (mass, stiffness, damping)
        initialVelocity = velocity
        dampingRatio = damping / (2 * (max(stiffness * mass, 1e-9)).squareRoot())
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}

extension UITimingCurveProvider {
    /// The curve as a timing function, for the rest of a continued animation. A spring continues on an ease-out
    /// curve (a critically damped spring's shape; a continued animation has no room to overshoot).
    var continuationCurve: CAMediaTimingFunction {
        if let cubic = cubicTimingParameters { return cubic.timingFunction }
        return CAMediaTimingFunction(name: .easeOut)
    }
}
