import Foundation

/// One element of a path, as `CGPath.applyWithBlock` reports it.
public enum CGPathElementKind: Sendable, Equatable {
    case moveTo(CGPoint)
    case lineTo(CGPoint)
    case quadCurveTo(control: CGPoint, to: CGPoint)
    case curveTo(control1: CGPoint, control2: CGPoint, to: CGPoint)
    case closeSubpath
}

/// An immutable graphics path: lines, curves and closed subpaths, in user-space coordinates.
///
/// Arcs, ellipses and rounded rectangles are stored as cubic Bézier curves (at most a quarter turn each), so
/// every path is moves, lines, quadratic and cubic curves, and closes.
public class CGPath: Hashable, @unchecked Sendable {
    var elements: [CGPathElementKind]

    init(elements: [CGPathElementKind]) { self.elements = elements }

    /// A closed rectangle, optionally transformed.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// An ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// A rounded rectangle with elliptical corners.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                         transform: transform?.pointee ?? .identity)
        self.init(elements: p.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element (the start of the subpath after a close); `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .moveTo(let p): start = p; current = p
            case .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p): current = p
            case .closeSubpath: current = start
            }
        }
        return current
    }

    /// The smallest rectangle containing every point of the path, control points included.
    public var boundingBox: CGRect { bounds(includingControlPoints: true) }

    /// The smallest rectangle containing the path's curves (control points excluded).
    public var boundingBoxOfPath: CGRect { bounds(includingControlPoints: false) }

    /// Calls `body` with each element in order.
    public func applyWithBlock(_ body: (CGPathElementKind) -> Void) {
        elements.forEach(body)
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// A copy, optionally transformed.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return CGPath(elements: elements) }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    /// Whether `point` is inside the path under `rule` (curves are flattened to within 0.01 units).
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform.inverted())
        var winding = 0
        for (a, b) in flattenedSegments() {
            if a.y <= p.y {
                if b.y > p.y && cross(a, b, p) > 0 { winding += 1 }
            } else if b.y <= p.y && cross(a, b, p) < 0 {
                winding -= 1
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    public static func == (l: CGPath, r: CGPath) -> Bool { l.elements == r.elements }
    public func hash(into h: inout Hasher) { h.combine(elements.count) }

    // MARK: Internals

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    /// The path as straight segments, every subpath closed (as filling closes them).
    func flattenedSegments(tolerance: CGFloat = 0.01) -> [(CGPoint, CGPoint)] {
        var segments: [(CGPoint, CGPoint)] = []
        var start = CGPoint.zero, current = CGPoint.zero, open = false
        func closeIfOpen() { if open && current != start { segments.append((current, start)) }; open = false }
        for e in elements {
            switch e {
            case .moveTo(let p):
                closeIfOpen(); start = p; current = p; open = true
            case .lineTo(let p):
                segments.append((current, p)); current = p; open = true
            case .quadCurveTo(let c, let p):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                flattenCubic(current, c1, c2, p, tolerance, &segments); current = p; open = true
            case .curveTo(let c1, let c2, let p):
                flattenCubic(current, c1, c2, p, tolerance, &segments); current = p; open = true
            case .closeSubpath:
                closeIfOpen(); current = start
            }
        }
        closeIfOpen()
        return segments
    }

    private func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ tol: CGFloat,
                              _ out: inout [(CGPoint, CGPoint)]) {
        let len = hypot(p1.x - p0.x, p1.y - p0.y) + hypot(p2.x - p1.x, p2.y - p1.y) + hypot(p3.x - p2.x, p3.y - p2.y)
        let steps = Swift.max(1, Swift.min(256, Int((len / Swift.max(tol, 1e-6)).squareRoot().rounded(.up))))
        var prev = p0
        for i in 1...steps {
            let t = CGFloat(i) / CGFloat(steps), u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            let q = CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
            out.append((prev, q)); prev = q
        }
    }

    private func bounds(includingControlPoints: Bool) -> CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        func add(_ p: CGPoint) {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x); minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        if includingControlPoints {
            for e in elements {
                switch e {
                case .moveTo(let p), .lineTo(let p): add(p)
                case .quadCurveTo(let c, let p): add(c); add(p)
                case .curveTo(let c1, let c2, let p): add(c1); add(c2); add(p)
                case .closeSubpath: break
                }
            }
        } else {
            var current = CGPoint.zero
            for e in elements {
                switch e {
                case .moveTo(let p), .lineTo(let p): add(p); current = p
                default:
                    for (a, b) in CGPath(elements: [.moveTo(current), e]).flattenedSegments(tolerance: 0.001) { add(a); add(b) }
                    if case .quadCurveTo(_, let p) = e { current = p }
                    if case .curveTo(_, _, let p) = e { current = p }
                }
            }
        }
        guard minX.isFinite else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension CGPathElementKind {
    func applying(_ t: CGAffineTransform) -> CGPathElementKind {
        switch self {
        case .moveTo(let p): return .moveTo(p.applying(t))
        case .lineTo(let p): return .lineTo(p.applying(t))
        case .quadCurveTo(let c, let p): return .quadCurveTo(control: c.applying(t), to: p.applying(t))
        case .curveTo(let c1, let c2, let p): return .curveTo(control1: c1.applying(t), control2: c2.applying(t), to: p.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}
