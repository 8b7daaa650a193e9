import CoreGraphics
import Foundation

/// The motion a scroll view's content follows, as functions of time (seconds) rather than steps per frame, so
/// that a fling lands in the same place whatever the frame rate and a test on a manual clock can check positions
/// against the formulas: iOS's exponential deceleration, its rubber band past the edges, and the spring that brings
/// content back to an edge or onto a page.
enum ScrollPhysics {
    /// How far content shows past an edge when the finger has pulled it `overscroll` points past, on an axis
    /// `dimension` points long: (1 − 1/(x·0.55/d + 1))·d — the pull gets stiffer the further it goes and never shows
    /// more than the scroll view's own size.
    static func rubberBand(_ overscroll: CGFloat, dimension d: CGFloat) -> CGFloat {
        guard d > 0 else { return 0 }
        let x = abs(overscroll)
        let shown = (1 - 1 / (x * 0.55 / d + 1)) * d
        return overscroll < 0 ? -shown : shown
    }

    /// The pull that shows `shown` points past an edge (the inverse of `rubberBand`): where a drag that starts on
    /// content already past the edge picks up.
    static func pull(showing shown: CGFloat, dimension d: CGFloat) -> CGFloat {
        guard d > 0 else { return 0 }
        let y = min(abs(shown), d * 0.999)
        let x = (d / (1 - y / d) - d) / 0.55
        return shown < 0 ? -x : x
    }

    /// Deceleration on one axis: the velocity falls by the factor `rate` every millisecond (UIKit's
    /// `decelerationRate`: 0.998 normal, 0.99 fast), so v(t) = v₀·rate^(1000t) and the position is its integral.
    struct Decay {
        var start: CGFloat
        /// Points per second at the start.
        var velocity: CGFloat
        var rate: CGFloat

        /// 1000·ln(rate): the exponent per second (negative).
        var exponent: Double { 1000 * log(Double(min(max(rate, 0.5), 0.999999))) }

        func position(at t: Double) -> CGFloat {
            start + velocity * CGFloat((exp(exponent * t) - 1) / exponent)
        }

        func velocity(at t: Double) -> CGFloat { velocity * CGFloat(exp(exponent * t)) }

        /// Where the motion comes to rest.
        var destination: CGFloat { start - velocity / CGFloat(exponent) }

        /// The time at which the distance left to travel is below `distance` points (0 if it already is).
        func time(toWithin distance: CGFloat) -> Double {
            let left = abs(velocity / CGFloat(exponent))
            guard left > distance, distance > 0 else { return 0 }
            return log(Double(distance / left)) / exponent
        }

        /// When the motion reaches `edge`, if it does.
        func time(reaching edge: CGFloat) -> Double? {
            guard velocity != 0 else { return nil }
            // start + v·(e^(kt) − 1)/k = edge  ⇒  e^(kt) = 1 + k·(edge − start)/v
            let argument = 1 + exponent * Double(edge - start) / Double(velocity)
            guard argument > 0, argument < 1 else { return nil }
            return log(argument) / exponent
        }

        /// The starting velocity that brings the motion to rest exactly `distance` points away.
        static func velocity(toTravel distance: CGFloat, rate: CGFloat) -> CGFloat {
            -distance * CGFloat(Decay(start: 0, velocity: 0, rate: rate).exponent)
        }
    }

    /// A critically damped spring on one axis, toward `target`: x(t) = target + (A + B·t)·e^(−ωt) with A the
    /// starting displacement and B = v₀ + ωA. It reaches the target without oscillating (one overshoot at most, when
    /// thrown at it), as iOS's bounce back from an edge does.
    struct Spring {
        var target: CGFloat
        var displacement: CGFloat
        var velocity: CGFloat
        /// The natural frequency (radians per second): higher is stiffer.
        var omega: CGFloat

        init(from position: CGFloat, to target: CGFloat, velocity: CGFloat, omega: CGFloat) {
            self.target = target
            displacement = position - target
            self.velocity = velocity
            self.omega = omega
        }

        func position(at t: Double) -> CGFloat {
            let b = velocity + omega * displacement
            return target + (displacement + b * CGFloat(t)) * CGFloat(exp(-Double(omega) * t))
        }

        func velocity(at t: Double) -> CGFloat {
            let b = velocity + omega * displacement
            return (velocity - omega * b * CGFloat(t)) * CGFloat(exp(-Double(omega) * t))
        }

        /// Whether, at `t`, the spring is within `distance` of its target and slower than `distance` per tenth of
        /// a second (nothing more would show).
        func isSettled(at t: Double, within distance: CGFloat) -> Bool {
            abs(position(at: t) - target) < distance && abs(velocity(at: t)) < distance * 10
        }
    }

    /// The stiffness of the bounce back from an edge and of a page settling: most of the way back in about a third of
    /// a second, as on iOS.
    static let bounceOmega: CGFloat = 12
    static let pagingOmega: CGFloat = 16
}
