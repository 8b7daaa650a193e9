import Foundation

/// A path you build element by element.
public final class CGMutablePath: CGPath, @unchecked Sendable {
    public init() { super.init(elements: []) }
    override init(elements: [CGPathElementKind]) { super.init(elements: elements) }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveTo(point.applying(transform)))
    }

    /// A straight line from the current point to `point` (a move if there is no current point).
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard !elements.isEmpty else { return move(to: point, transform: transform) }
        elements.append(.lineTo(point.applying(transform)))
    }

    /// Straight lines through `points`, starting with a move to the first.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// A quadratic Bézier curve to `end` with `control`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        ensureStart(control, transform)
        elements.append(.quadCurveTo(control: control.applying(transform), to: end.applying(transform)))
    }

    /// A cubic Bézier curve to `end` with two control points.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        ensureStart(control1, transform)
        elements.append(.curveTo(control1: control1.applying(transform), control2: control2.applying(transform),
                                 to: end.applying(transform)))
    }

    /// Closes the current subpath with a line back to its start.
    public func closeSubpath() {
        guard !elements.isEmpty else { return }
        elements.append(.closeSubpath)
    }

    /// A closed rectangle as its own subpath, drawn from the minimum corner in increasing-x order.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Several rectangles.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        rects.forEach { addRect($0, transform: transform) }
    }

    /// An ellipse inscribed in `rect`, as a closed subpath of four curves.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let t = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY).concatenating(transform)
        move(to: CGPoint(x: 1, y: 0), transform: t)
        appendArcCurves(center: .zero, radius: 1, from: 0, to: 2 * .pi, transform: t)
        closeSubpath()
    }

    /// A rounded rectangle with elliptical corners of `cornerWidth` x `cornerHeight` (each at most half the
    /// rectangle's side).
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let rx = Swift.min(Swift.max(0, cornerWidth), r.width / 2), ry = Swift.min(Swift.max(0, cornerHeight), r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r, transform: transform) }
        addRoundedRect(r, radii: [CGSize(width: rx, height: ry), CGSize(width: rx, height: ry),
                                  CGSize(width: rx, height: ry), CGSize(width: rx, height: ry)], transform: transform)
    }

    /// A rounded rectangle with its own radii per corner: top-left, top-right, bottom-right, bottom-left in
    /// y-down terms (min-x/min-y first, going clockwise on screen). Zero radii give square corners.
    public func addRoundedRect(_ r: CGRect, radii: [CGSize], transform: CGAffineTransform = .identity) {
        precondition(radii.count == 4, "addRoundedRect(_:radii:) takes four corner radii")
        let tl = radii[0], tr = radii[1], br = radii[2], bl = radii[3]
        move(to: CGPoint(x: r.minX + tl.width, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX - tr.width, y: r.minY), transform: transform)
        cornerArc(center: CGPoint(x: r.maxX - tr.width, y: r.minY + tr.height), radii: tr, from: -.pi / 2, transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br.height), transform: transform)
        cornerArc(center: CGPoint(x: r.maxX - br.width, y: r.maxY - br.height), radii: br, from: 0, transform)
        addLine(to: CGPoint(x: r.minX + bl.width, y: r.maxY), transform: transform)
        cornerArc(center: CGPoint(x: r.minX + bl.width, y: r.maxY - bl.height), radii: bl, from: .pi / 2, transform)
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl.height), transform: transform)
        cornerArc(center: CGPoint(x: r.minX + tl.width, y: r.minY + tl.height), radii: tl, from: .pi, transform)
        closeSubpath()
    }

    private func cornerArc(center: CGPoint, radii: CGSize, from start: CGFloat, _ transform: CGAffineTransform) {
        guard radii.width > 0, radii.height > 0 else { return }
        let t = CGAffineTransform(a: radii.width, b: 0, c: 0, d: radii.height, tx: center.x, ty: center.y)
            .concatenating(transform)
        appendArcCurves(center: .zero, radius: 1, from: start, to: start + .pi / 2, transform: t)
    }

    /// An arc of a circle. `clockwise` is Core Graphics' sense: in a y-up space a clockwise arc runs with
    /// decreasing angles, so in UIKit's flipped (y-down) space `clockwise: false` turns clockwise on screen.
    /// A line joins the current point to the arc's start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        var end = endAngle
        let full = 2 * CGFloat.pi
        if clockwise {
            while end > startAngle { end -= full }
        } else {
            while end < startAngle { end += full }
        }
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if elements.isEmpty { move(to: start, transform: transform) } else { addLine(to: start, transform: transform) }
        let t = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y).concatenating(transform)
        appendArcCurves(center: .zero, radius: 1, from: startAngle, to: end, transform: t)
    }

    /// An arc of `radius` tangent to the line from the current point to `tangent1End` and to the line from
    /// there to `tangent2End`, preceded by a line to its start.
    public func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        let inverse = transform.inverted()
        let p0 = elements.isEmpty ? p1 : currentPoint.applying(inverse)
        let v1 = CGVector(dx: p0.x - p1.x, dy: p0.y - p1.y), v2 = CGVector(dx: p2.x - p1.x, dy: p2.y - p1.y)
        let l1 = hypot(v1.dx, v1.dy), l2 = hypot(v2.dx, v2.dy)
        let cross = v1.dx * v2.dy - v1.dy * v2.dx
        guard l1 > 0, l2 > 0, abs(cross) > 1e-12, radius > 0 else { return addLine(to: p1, transform: transform) }
        let cosTheta = (v1.dx * v2.dx + v1.dy * v2.dy) / (l1 * l2)
        let theta = acos(Swift.max(-1, Swift.min(1, cosTheta)))
        let dist = radius / tan(theta / 2)
        let t1 = CGPoint(x: p1.x + v1.dx / l1 * dist, y: p1.y + v1.dy / l1 * dist)
        let t2 = CGPoint(x: p1.x + v2.dx / l2 * dist, y: p1.y + v2.dy / l2 * dist)
        // The centre is along the bisector, at radius from both tangent points.
        let bis = CGVector(dx: v1.dx / l1 + v2.dx / l2, dy: v1.dy / l1 + v2.dy / l2)
        let bl = hypot(bis.dx, bis.dy)
        let cd = radius / sin(theta / 2)
        let c = CGPoint(x: p1.x + bis.dx / bl * cd, y: p1.y + bis.dy / bl * cd)
        let a1 = atan2(t1.y - c.y, t1.x - c.x), a2 = atan2(t2.y - c.y, t2.x - c.x)
        addArc(center: c, radius: radius, startAngle: a1, endAngle: a2, clockwise: cross > 0, transform: transform)
    }

    /// Appends the elements of `path`, optionally transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        elements.append(contentsOf: transform.isIdentity ? path.elements : path.elements.map { $0.applying(transform) })
    }

    private func ensureStart(_ p: CGPoint, _ transform: CGAffineTransform) {
        if elements.isEmpty { move(to: p, transform: transform) }
    }

    /// Cubic curves along the unit-circle arc from `a0` to `a1` (in the direction of the sign of a1 - a0),
    /// at most a quarter turn each, mapped through `transform`.
    private func appendArcCurves(center: CGPoint, radius: CGFloat, from a0: CGFloat, to a1: CGFloat,
                                 transform t: CGAffineTransform) {
        let sweep = a1 - a0
        guard sweep != 0 else { return }
        let segments = Swift.max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(segments)
        let k = 4 / 3 * tan(step / 4)
        var a = a0
        for _ in 0..<segments {
            let b = a + step
            let (sa, ca) = (sin(a), cos(a)), (sb, cb) = (sin(b), cos(b))
            let c1 = CGPoint(x: ca - k * sa, y: sa + k * ca), c2 = CGPoint(x: cb + k * sb, y: sb - k * cb)
            elements.append(.curveTo(control1: c1.applying(t), control2: c2.applying(t), to: CGPoint(x: cb, y: sb).applying(t)))
            a = b
        }
    }
}
