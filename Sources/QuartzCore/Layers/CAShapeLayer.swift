import CoreGraphics
import Foundation

/// How a shape layer decides what is inside its path.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The ends of a shape layer's stroke.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners of a shape layer's stroke.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path: filled, stroked, or both, wherever the path goes (not clipped to the bounds unless
/// the layer masks to them). `path`, `fillColor`, `strokeColor`, `strokeStart`, `strokeEnd`, `lineWidth`, `miterLimit`
/// and `lineDashPhase` animate, implicitly and explicitly (a progress ring's `strokeEnd`; a path between two shapes
/// made of the same elements, point by point).
@preconcurrency @MainActor
open class CAShapeLayer: CALayer {
    /// The shape, in the layer's coordinates.
    open var path: CGPath? { didSet { contentPropertyDidChange("path", from: oldValue as Any) } }
    /// The fill; opaque black by default, `nil` for none.
    open var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) {
        didSet { contentPropertyDidChange("fillColor", from: oldValue as Any) }
    }
    open var fillRule: CAShapeLayerFillRule = .nonZero { didSet { setNeedsDisplay() } }
    /// The stroke's colour; `nil` (the default) for none.
    open var strokeColor: CGColor? { didSet { contentPropertyDidChange("strokeColor", from: oldValue as Any) } }
    /// Where along the path's length the stroke starts and ends, from 0 to 1.
    open var strokeStart: CGFloat = 0 { didSet { contentPropertyDidChange("strokeStart", from: oldValue) } }
    open var strokeEnd: CGFloat = 1 { didSet { contentPropertyDidChange("strokeEnd", from: oldValue) } }
    open var lineWidth: CGFloat = 1 { didSet { contentPropertyDidChange("lineWidth", from: oldValue) } }
    open var miterLimit: CGFloat = 10 { didSet { contentPropertyDidChange("miterLimit", from: oldValue) } }
    open var lineCap: CAShapeLayerLineCap = .butt { didSet { setNeedsDisplay() } }
    open var lineJoin: CAShapeLayerLineJoin = .miter { didSet { setNeedsDisplay() } }
    open var lineDashPhase: CGFloat = 0 { didSet { contentPropertyDidChange("lineDashPhase", from: oldValue) } }
    /// Dash and gap lengths, alternating; `nil` for a solid stroke.
    open var lineDashPattern: [NSNumber]? { didSet { setNeedsDisplay() } }

    public required init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override var drawsContentOfItsOwn: Bool { true }
    /// Drawn at the screen's resolution at least, as Core Animation renders it whatever `contentsScale` says.
    override var rasterScale: CGFloat { max(contentsScale, CALayer.screenScale) }

    public required init(layer: Any) {
        super.init(layer: layer)
        needsDisplayOnBoundsChange = true
        if let other = layer as? CAShapeLayer {
            CATransaction.withActionsDisabled {
                path = other.path; fillColor = other.fillColor; fillRule = other.fillRule
                strokeColor = other.strokeColor; strokeStart = other.strokeStart; strokeEnd = other.strokeEnd
                lineWidth = other.lineWidth; miterLimit = other.miterLimit; lineCap = other.lineCap
                lineJoin = other.lineJoin; lineDashPhase = other.lineDashPhase; lineDashPattern = other.lineDashPattern
            }
        }
    }

    /// A basic animation from the old value for the animatable shape properties; Core Animation's defaults for the
    /// rest.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        isContentKey(event) ? CABasicAnimation(keyPath: event) : super.defaultAction(forKey: event)
    }

    /// The bounds and the path's box, grown by how far the stroke can reach past the path (half the line, or a
    /// miter's point).
    override var contentArea: CGRect {
        guard let path = currentPath, !path.isEmpty else { return bounds }
        var box = path.boundingBox
        if animatedContentColor("strokeColor", strokeColor) != nil {
            let half = animatedContentNumber("lineWidth", lineWidth) / 2
            let reach = lineJoin == .miter ? half * Swift.max(1, animatedContentNumber("miterLimit", miterLimit)) : half
            box = box.insetBy(dx: -reach, dy: -reach)
        }
        // A pixel more for antialiasing, and whole points so the store's pixels stay on the screen's grid.
        box = box.insetBy(dx: -1, dy: -1).integral
        return bounds.isEmpty ? box : bounds.union(box)
    }

    /// Fills and strokes the path with the values on screen now (an animation's, while one runs).
    open override func draw(in ctx: CGContext) {
        guard let path = currentPath, !path.isEmpty else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if let fill = animatedContentColor("fillColor", fillColor), fill.alpha > 0 {
            ctx.addPath(path)
            ctx.setFillColor(fill)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        let start = Swift.max(0, Swift.min(1, animatedContentNumber("strokeStart", strokeStart)))
        let end = Swift.max(0, Swift.min(1, animatedContentNumber("strokeEnd", strokeEnd)))
        let width = animatedContentNumber("lineWidth", lineWidth)
        guard let stroke = animatedContentColor("strokeColor", strokeColor), stroke.alpha > 0, width > 0, end > start else { return }
        ctx.addPath(start <= 0 && end >= 1 ? path : PathTrimming.trimmed(path, from: start, to: end))
        ctx.setStrokeColor(stroke)
        ctx.setLineWidth(width)
        ctx.setMiterLimit(animatedContentNumber("miterLimit", miterLimit))
        ctx.setLineCap(lineCap == .round ? .round : lineCap == .square ? .square : .butt)
        ctx.setLineJoin(lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter)
        if let dashes = lineDashPattern, !dashes.isEmpty {
            ctx.setLineDash(phase: animatedContentNumber("lineDashPhase", lineDashPhase), lengths: dashes.map { CGFloat($0.doubleValue) })
        }
        ctx.strokePath()
    }

    // MARK: The values on screen now

    /// The path an animation shows now, else the model's.
    private var currentPath: CGPath? {
        if case let .path(p)? = animatedContentValue(forKey: "path") { return p }
        return path
    }

}

extension CAShapeLayer: CALayerContentAnimating {
    static func isContentKey(_ key: String) -> Bool {
        switch key {
        case "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase": return true
        default: return false
        }
    }

    func modelContentValue(forKey key: String) -> AnimationValue? {
        switch key {
        case "path": return .path(path ?? CGMutablePath())
        case "fillColor": return .color(fillColor)
        case "strokeColor": return .color(strokeColor)
        case "strokeStart": return .number(Double(strokeStart))
        case "strokeEnd": return .number(Double(strokeEnd))
        case "lineWidth": return .number(Double(lineWidth))
        case "miterLimit": return .number(Double(miterLimit))
        case "lineDashPhase": return .number(Double(lineDashPhase))
        default: return nil
        }
    }

    func setContentValue(_ value: AnimationValue, forKey key: String) {
        CATransaction.withActionsDisabled {
            switch (key, value) {
            case let ("path", .path(p)): path = p.isEmpty ? nil : p
            case let ("fillColor", .color(c)): fillColor = c
            case let ("strokeColor", .color(c)): strokeColor = c
            case let ("strokeStart", .number(v)): strokeStart = CGFloat(v)
            case let ("strokeEnd", .number(v)): strokeEnd = CGFloat(v)
            case let ("lineWidth", .number(v)): lineWidth = CGFloat(v)
            case let ("miterLimit", .number(v)): miterLimit = CGFloat(v)
            case let ("lineDashPhase", .number(v)): lineDashPhase = CGFloat(v)
            default: break
            }
        }
    }
}

/// The part of a path between two fractions of its length (a shape layer's `strokeStart` and `strokeEnd`): curves
/// are followed as short lines, and the length counts every subpath, in order, as Core Animation counts it.
enum PathTrimming {
    /// Lines per curve: enough that the trimmed end lands within a fraction of a point on any curve a screen shows.
    static let segmentsPerCurve = 32

    static func trimmed(_ path: CGPath, from start: CGFloat, to end: CGFloat) -> CGPath {
        // The path as polylines, one per subpath (a closed one ends at its start).
        var polylines: [[CGPoint]] = []
        var current: [CGPoint] = []
        var last = CGPoint.zero, first = CGPoint.zero
        func flush() { if current.count > 1 { polylines.append(current) }; current = [] }
        // (A loop over the elements, not one closure: a closure this size is more than some Swift compilers will
        // type-check in reasonable time.)
        var elements: [CGPathElementKind] = []
        path.applyWithBlock { elements.append($0) }
        for element in elements {
            switch element {
            case .moveTo(let p):
                flush(); current = [p]; first = p; last = p
            case .lineTo(let p):
                if current.isEmpty { current = [last] }
                current.append(p); last = p
            case .quadCurveTo(let c, let p):
                if current.isEmpty { current = [last] }
                for i in 1...segmentsPerCurve { current.append(quadratic(last, c, p, CGFloat(i) / CGFloat(segmentsPerCurve))) }
                last = p
            case .curveTo(let c1, let c2, let p):
                if current.isEmpty { current = [last] }
                for i in 1...segmentsPerCurve { current.append(cubic(last, c1, c2, p, CGFloat(i) / CGFloat(segmentsPerCurve))) }
                last = p
            case .closeSubpath:
                if !current.isEmpty { current.append(first) }
                flush(); last = first
            }
        }
        flush()
        var total: CGFloat = 0
        for line in polylines {
            for (a, b) in zip(line, line.dropFirst()) { total += distance(a, b) }
        }
        let result = CGMutablePath()
        guard total > 0 else { return result }
        let from = start * total, to = end * total
        var walked: CGFloat = 0
        for line in polylines {
            var open = false
            for (a, b) in zip(line, line.dropFirst()) {
                let length = distance(a, b)
                defer { walked += length }
                guard length > 0, walked + length > from, walked < to else { continue }
                func at(_ distance: CGFloat) -> CGPoint {
                    let t = Swift.max(0, Swift.min(1, (distance - walked) / length))
                    return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if !open { result.move(to: at(Swift.max(from, walked))); open = true }
                result.addLine(to: at(Swift.min(to, walked + length)))
            }
        }
        return result
    }

    private static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx: CGFloat = b.x - a.x, dy: CGFloat = b.y - a.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point at `t` on the quadratic Bézier curve from `a` through control `c` to `b`.
    private static func quadratic(_ a: CGPoint, _ c: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        let u: CGFloat = 1 - t
        let wa: CGFloat = u * u, wc: CGFloat = 2 * u * t, wb: CGFloat = t * t
        let x: CGFloat = wa * a.x + wc * c.x + wb * b.x
        let y: CGFloat = wa * a.y + wc * c.y + wb * b.y
        return CGPoint(x: x, y: y)
    }

    /// The point at `t` on the cubic Bézier curve from `a` through controls `c1`, `c2` to `b`.
    private static func cubic(_ a: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
        let u: CGFloat = 1 - t
        let wa: CGFloat = u * u * u, w1: CGFloat = 3 * u * u * t, w2: CGFloat = 3 * u * t * t, wb: CGFloat = t * t * t
        let x: CGFloat = wa * a.x + w1 * c1.x + w2 * c2.x + wb * b.x
        let y: CGFloat = wa * a.y + w1 * c1.y + w2 * c2.y + wb * b.y
        return CGPoint(x: x, y: y)
    }
}
