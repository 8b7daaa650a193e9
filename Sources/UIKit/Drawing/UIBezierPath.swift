@_spi(VitrineInternals) import CoreGraphics

/// Corners of a rectangle, for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path with the line style to draw it with, drawn into the current context.
///
/// Rounded rectangles use circular corners (iOS 7 and later draw a smoother "continuous" corner; the
/// difference is a fraction of a point along the curve).
@preconcurrency @MainActor
open class UIBezierPath: NSObject {
    // An NSObject on iOS: equal only to itself.
    nonisolated open override var description: String { "<UIBezierPath: \(addressString(of: self))>" }

    /// The path (a mutable Core Graphics path).
    open var cgPath: CGPath {
        get { path }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }
    private var path: CGMutablePath

    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var flatness: CGFloat = 0.6
    open var usesEvenOddFillRule = false
    private var dash: (pattern: [CGFloat], phase: CGFloat)?

    public override init() {
        path = CGMutablePath()
        super.init()
    }

    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rounded rectangle; the radius is clamped to half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with only `corners` rounded, by `cornerRadii` (clamped to half of each side).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let rx = Swift.min(Swift.max(0, cornerRadii.width), r.width / 2)
        let ry = Swift.min(Swift.max(0, cornerRadii.height), r.height / 2)
        let round = CGSize(width: rx, height: ry), square = CGSize.zero
        path.addRoundedRect(r, radii: [corners.contains(.topLeft) ? round : square, corners.contains(.topRight) ? round : square,
                                       corners.contains(.bottomRight) ? round : square, corners.contains(.bottomLeft) ? round : square])
    }

    /// An arc; `clockwise` as it looks on screen (UIKit's y-down sense).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        self.cgPath = cgPath
    }

    open func move(to point: CGPoint) { path.move(to: point) }
    open func addLine(to point: CGPoint) { path.addLine(to: point) }
    open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: end, control: controlPoint) }
    /// UIKit's `clockwise` is as seen on a y-down screen, the opposite of Core Graphics' flag.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    open func close() { path.closeSubpath() }
    open func removeAllPoints() { path = CGMutablePath() }
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.cgPath) }
    open func apply(_ transform: CGAffineTransform) {
        var t = transform
        path = path.copy(using: &t)?.mutableCopy() ?? path
    }

    open var isEmpty: Bool { path.isEmpty }
    open var bounds: CGRect { path.boundingBoxOfPath }
    open var currentPoint: CGPoint { path.currentPoint }
    open func contains(_ point: CGPoint) -> Bool { path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding) }

    open func setLineDash(_ pattern: [CGFloat]?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else { dash = nil; return }
        dash = (Array(pattern.prefix(count)), phase)
    }

    /// Fills the path with the current context's fill colour.
    open func fill() {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState()
        c.addPath(path)
        c.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        c.restoreGState()
    }

    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState(); c.setBlendMode(blendMode); c.setAlpha(alpha); fill(); c.restoreGState()
    }

    /// Strokes the path with the current stroke colour and this path's line style.
    open func stroke() {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState()
        applyLineStyle(to: c)
        c.addPath(path)
        c.strokePath()
        c.restoreGState()
    }

    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.saveGState(); c.setBlendMode(blendMode); c.setAlpha(alpha); stroke(); c.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    open func addClip() {
        guard let c = UIGraphicsGetCurrentContext() else { return }
        c.addPath(path)
        c.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    private func applyLineStyle(to c: CGContext) {
        c.setLineWidth(lineWidth)
        c.setLineCap(lineCapStyle)
        c.setLineJoin(lineJoinStyle)
        c.setMiterLimit(miterLimit)
        if let dash { c.setLineDash(phase: dash.phase, lengths: dash.pattern) }
    }
}

