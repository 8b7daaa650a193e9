import CoreGraphics
import Foundation

/// The shape of a gradient layer's gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Along the line from `startPoint` to `endPoint`, extended beyond both ends.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Out from `startPoint` to an ellipse through `endPoint` (its radii are the two points' distances along
    /// each axis).
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Round `startPoint`, starting in the direction of `endPoint`, clockwise on screen.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that fills its bounds with a colour gradient. `colors`, `locations`, `startPoint` and `endPoint`
/// animate, implicitly and explicitly, as Core Animation's do: the layer is redrawn each frame they change.
@preconcurrency @MainActor
open class CAGradientLayer: CALayer {
    /// The gradient's colours, as `CGColor`s (other values are ignored, as Core Animation ignores them).
    open var colors: [Any]? { didSet { contentPropertyDidChange("colors", from: oldValue as Any) } }
    /// Where each colour sits, from 0 to 1, increasing; evenly spread when `nil`.
    open var locations: [NSNumber]? { didSet { contentPropertyDidChange("locations", from: oldValue as Any) } }
    /// Where the gradient starts, in the unit space of the bounds (0, 0 is the top-left corner on screen).
    open var startPoint = CGPoint(x: 0.5, y: 0) { didSet { contentPropertyDidChange("startPoint", from: oldValue) } }
    /// Where it ends, in the same space.
    open var endPoint = CGPoint(x: 0.5, y: 1) { didSet { contentPropertyDidChange("endPoint", from: oldValue) } }
    /// Axial (the default), radial or conic.
    open var type: CAGradientLayerType = .axial { didSet { setNeedsDisplay() } }

    public required init() {
        super.init()
        needsDisplayOnBoundsChange = true
        setNeedsDisplay()
    }

    override var drawsContentOfItsOwn: Bool { true }
    /// Drawn at the screen's resolution at least, as Core Animation renders it whatever `contentsScale` says.
    override var rasterScale: CGFloat { max(contentsScale, CALayer.screenScale) }

    public required init(layer: Any) {
        super.init(layer: layer)
        needsDisplayOnBoundsChange = true
        if let other = layer as? CAGradientLayer {
            CATransaction.withActionsDisabled {
                colors = other.colors; locations = other.locations
                startPoint = other.startPoint; endPoint = other.endPoint; type = other.type
            }
        }
        setNeedsDisplay()
    }

    /// A basic animation from the old value for the gradient's animatable properties; Core Animation's defaults for
    /// the rest.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        isContentKey(event) ? CABasicAnimation(keyPath: event) : super.defaultAction(forKey: event)
    }

    /// Draws the gradient with the values on screen now (an animation's, while one runs).
    open override func draw(in ctx: CGContext) {
        let stops = currentStops()
        guard let first = stops.first, bounds.width > 0, bounds.height > 0 else { return }
        // One colour: a flat fill, as Core Animation draws it.
        guard stops.count > 1, let gradient = CGGradient(colorsSpace: nil, colors: stops.map(\.color),
                                                        locations: stops.map(\.location)) else {
            ctx.setFillColor(first.color)
            ctx.fill(bounds)
            return
        }
        let start = currentPoint("startPoint", startPoint), end = currentPoint("endPoint", endPoint)
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: bounds)
        let extend: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        switch type {
        case .radial:
            // An ellipse: a circle of radius 1 scaled by the two distances.
            let c = point(start)
            let rx = abs(end.x - start.x) * bounds.width, ry = abs(end.y - start.y) * bounds.height
            guard rx > 0 || ry > 0 else { return }
            ctx.translateBy(x: c.x, y: c.y)
            ctx.scaleBy(x: rx > 0 ? rx : ry, y: ry > 0 ? ry : rx)
            ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                                   options: extend)
        case .conic:
            drawConic(stops, centre: point(start), towards: point(end), in: ctx)
        default:
            ctx.drawLinearGradient(gradient, start: point(start), end: point(end), options: extend)
        }
    }

    // MARK: The values on screen now

    private func currentStops() -> [(location: CGFloat, color: CGColor)] {
        var colorList: [CGColor] = []
        if case let .array(values)? = animatedContentValue(forKey: "colors") {
            for case let .color(c?) in values { colorList.append(c) }
        } else {
            for case let c as CGColor in colors ?? [] { colorList.append(c) }
        }
        var locationList: [CGFloat]?
        if case let .array(values)? = animatedContentValue(forKey: "locations") {
            locationList = values.compactMap { $0.number.map { CGFloat($0) } }
        } else if let locations {
            locationList = locations.map { CGFloat($0.doubleValue) }
        }
        if let l = locationList, l.count != colorList.count { locationList = nil } // as Core Animation: spread evenly
        let n = colorList.count
        return colorList.enumerated().map { i, c in
            (locationList?[i] ?? (n == 1 ? 0 : CGFloat(i) / CGFloat(n - 1)), c)
        }
    }

    private func currentPoint(_ key: String, _ model: CGPoint) -> CGPoint {
        if case let .point(p)? = animatedContentValue(forKey: key) { return p }
        return model
    }

    /// A conic gradient as thin wedges round the centre (cairo has no conic pattern), each the colour at its angle.
    private func drawConic(_ stops: [(location: CGFloat, color: CGColor)], centre: CGPoint, towards: CGPoint, in ctx: CGContext) {
        let start = atan2(towards.y - centre.y, towards.x - centre.x)
        let radius = hypot(bounds.width, bounds.height) * 2
        let wedges = 360
        // Without antialiasing: antialiased neighbours would each half-cover the pixels on their shared edge, and the
        // seams would show as a moiré; a wedge is a third of a degree of colour change, which no eye sees as a step.
        ctx.setShouldAntialias(false)
        for i in 0..<wedges {
            let t0 = CGFloat(i) / CGFloat(wedges), t1 = CGFloat(i + 1) / CGFloat(wedges)
            let a0 = start + t0 * 2 * .pi, a1 = start + t1 * 2 * .pi
            ctx.setFillColor(Self.color(at: (t0 + t1) / 2, in: stops))
            ctx.beginPath()
            ctx.move(to: centre)
            ctx.addLine(to: CGPoint(x: centre.x + cos(a0) * radius, y: centre.y + sin(a0) * radius))
            ctx.addLine(to: CGPoint(x: centre.x + cos(a1) * radius, y: centre.y + sin(a1) * radius))
            ctx.closePath()
            ctx.fillPath()
        }
    }

    /// The colour at `t` between the stops (the ends held beyond them).
    static func color(at t: CGFloat, in stops: [(location: CGFloat, color: CGColor)]) -> CGColor {
        guard let first = stops.first, let last = stops.last else { return CGColor(red: 0, green: 0, blue: 0, alpha: 0) }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
            let f = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
            if case let .color(c?) = AnimationValue.color(a.color).interpolated(to: .color(b.color), Double(f)) { return c }
        }
        return last.color
    }

}

extension CAGradientLayer: CALayerContentAnimating {
    static func isContentKey(_ key: String) -> Bool {
        key == "colors" || key == "locations" || key == "startPoint" || key == "endPoint"
    }

    func modelContentValue(forKey key: String) -> AnimationValue? {
        switch key {
        case "colors": return AnimationValue(colors ?? [])
        case "locations": return AnimationValue((locations ?? []) as [Any])
        case "startPoint": return .point(startPoint)
        case "endPoint": return .point(endPoint)
        default: return nil
        }
    }

    func setContentValue(_ value: AnimationValue, forKey key: String) {
        CATransaction.withActionsDisabled {
            switch (key, value) {
            case let ("colors", .array(v)): colors = v.compactMap { if case let .color(c?) = $0 { return c as Any }; return nil }
            case let ("locations", .array(v)): locations = v.compactMap { $0.number.map { NSNumber(value: $0) } }
            case let ("startPoint", .point(p)): startPoint = p
            case let ("endPoint", .point(p)): endPoint = p
            default: break
            }
        }
    }
}
