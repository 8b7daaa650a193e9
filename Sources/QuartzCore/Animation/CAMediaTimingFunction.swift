import CoreGraphics
import Foundation

/// The pacing of an animation: a cubic Bézier from (0, 0) to (1, 1) with two control points, mapping the
/// fraction of time elapsed to the fraction of the change shown (Core Animation's `CAMediaTimingFunction`).
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    /// The two control points (x1, y1, x2, y2).
    public let controlPoints: (Float, Float, Float, Float)

    /// A curve with control points (c1x, c1y) and (c2x, c2y); x values are clamped to 0...1 so time runs forward.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        controlPoints = (min(max(c1x, 0), 1), c1y, min(max(c2x, 0), 1), c2y)
        super.init()
    }

    /// One of the named curves, with Apple's published control points.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Control point `index` (0: the start (0, 0), 1 and 2: the control points, 3: the end (1, 1)).
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let points: [(Float, Float)] = [(0, 0), (controlPoints.0, controlPoints.1), (controlPoints.2, controlPoints.3), (1, 1)]
        let p = points[min(max(index, 0), 3)]
        values[0] = p.0
        values[1] = p.1
    }

    /// Curves with the same control points are equal (an `NSObject`, as on iOS).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return other.controlPoints == controlPoints
    }

    public override var hash: Int {
        var h = Hasher()
        h.combine(controlPoints.0); h.combine(controlPoints.1); h.combine(controlPoints.2); h.combine(controlPoints.3)
        return h.finalize()
    }

    /// The fraction of the change shown at time fraction `x` (0...1).
    public func progress(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        let (x1, y1, x2, y2) = (Double(controlPoints.0), Double(controlPoints.1), Double(controlPoints.2), Double(controlPoints.3))
        if x1 == y1 && x2 == y2 { return x } // linear
        // Polynomial coefficients of the curve's x(t) and y(t).
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        // Newton's method, then bisection where the slope is too flat.
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < 1e-7 { return sampleY(t) }
            let d = slopeX(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let value = sampleX(t)
            if abs(value - x) < 1e-7 { break }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return sampleY(t)
    }

    /// The time fraction at which the curve shows `progress` (the inverse of `progress(at:)`, by bisection; the
    /// earliest such time where the curve is flat or overshoots).
    public func time(forProgress progress: Double) -> Double {
        let target = min(max(progress, 0), 1)
        var lo = 0.0, hi = 1.0
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if self.progress(at: mid) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}

/// The named timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// Seconds, as Core Animation's times are given (CoreFoundation's `CFTimeInterval`).
public typealias CFTimeInterval = Double
