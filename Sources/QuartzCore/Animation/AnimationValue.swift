import CoreGraphics
import Foundation

/// A value an animation moves between, in a form that interpolates: what `fromValue`/`toValue`/`values` hold
/// (numbers, points, sizes, rectangles, transforms, colours), as Core Animation's `NSValue`s do.
enum AnimationValue: Equatable {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(CGColor?)
    /// A list of values (a gradient layer's `colors` and `locations`): element by element when the counts match.
    indirect case array([AnimationValue])
    /// A shape layer's path: point by point when the two paths are made of the same elements.
    case path(CGPath)

    /// The value an animation property holds (`0.5`, `CGPoint`, `CATransform3DMakeScale(...)`, `CGColor`,
    /// `CGAffineTransform`), or `nil` for something that does not animate.
    init?(_ any: Any?) {
        switch any {
        case let v as Double: self = .number(v)
        case let v as CGFloat: self = .number(Double(v))
        case let v as Float: self = .number(Double(v))
        case let v as Int: self = .number(Double(v))
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as NSValue:
            guard let boxed = Self(boxed: v) else { return nil }
            self = boxed
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(CATransform3DMakeAffineTransform(v))
        case let v as CGColor: self = .color(v)
        case let v as CGPath: self = .path(v)
        case let v as AnimationValue: self = v
        case let v as [Any]:
            var elements: [AnimationValue] = []
            elements.reserveCapacity(v.count)
            for e in v {
                guard let element = AnimationValue(e) else { return nil }
                elements.append(element)
            }
            self = .array(elements)
        default: return nil
        }
    }

    /// What an `NSValue` made by `NSValue(cgPoint:)`, `(cgSize:)`, `(cgRect:)`, `(caTransform3D:)` or
    /// `(cgAffineTransform:)` holds; nil for other boxes.
    private init?(boxed v: NSValue) {
        switch (v.structureName, v.doubleCount) {
        case (_, nil): return nil
        case ("CGPoint", 2), ("NSPoint", 2), ("_NSPoint", 2):
            let d = v.doubles(count: 2)!
            self = .point(CGPoint(x: d[0], y: d[1]))
        case ("CGSize", 2), ("NSSize", 2), ("_NSSize", 2):
            let d = v.doubles(count: 2)!
            self = .size(CGSize(width: d[0], height: d[1]))
        case (_, 4) where v.structureName?.hasSuffix("Rect") == true:
            let d = v.doubles(count: 4)!
            self = .rect(CGRect(x: d[0], y: d[1], width: d[2], height: d[3]))
        case (nil, 16):
            self = .transform(v.caTransform3DValue)
        case (nil, 6):
            let d = v.doubles(count: 6)!
            self = .transform(CATransform3DMakeAffineTransform(CGAffineTransform(a: d[0], b: d[1], c: d[2], d: d[3], tx: d[4], ty: d[5])))
        default:
            return nil
        }
    }

    /// The value a property key path should be set to (the Swift type the layer's property has).
    var number: Double? { if case let .number(v) = self { return v }; return nil }

    /// The value as apps read it back from `fromValue`/`toValue` (a number, `CGPoint`, `CGSize`, `CGRect`,
    /// `CATransform3D` or `CGColor`), not this internal form.
    var publicValue: Any? {
        switch self {
        case let .number(v): return v
        case let .point(v): return v
        case let .size(v): return v
        case let .rect(v): return v
        case let .transform(v): return v
        case let .color(v): return v
        case let .array(v): return v.map { $0.publicValue as Any }
        case let .path(v): return v
        }
    }

    /// `self` + (`other` − `self`) × `t`; colours interpolate their premultiplied components; transforms by their
    /// translation, scale and rotation (as Core Animation interpolates them), not element by element.
    func interpolated(to other: AnimationValue, _ t: Double) -> AnimationValue {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * CGFloat(t) }
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a + (b - a) * t)
        case let (.point(a), .point(b)): return .point(CGPoint(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case let (.size(a), .size(b)): return .size(CGSize(width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case let (.rect(a), .rect(b)):
            return .rect(CGRect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case let (.transform(a), .transform(b)):
            let (da, db) = (Decomposed(a), Decomposed(b))
            return .transform(da.interpolated(to: db, CGFloat(t)).transform)
        case let (.color(a), .color(b)):
            // Interpolate premultiplied, so a fade from transparent does not pass through black. (Channels read
            // directly: an array of components per colour per frame was three allocations a frame of a fade.)
            let ca = Self.rgba(a), cb = Self.rgba(b)
            let alpha = mix(ca.3, cb.3)
            guard alpha > 0 else { return .color(CGColor(red: 0, green: 0, blue: 0, alpha: 0)) }
            return .color(CGColor(red: mix(ca.0 * ca.3, cb.0 * cb.3) / alpha, green: mix(ca.1 * ca.3, cb.1 * cb.3) / alpha,
                                  blue: mix(ca.2 * ca.3, cb.2 * cb.3) / alpha, alpha: alpha))
        case let (.array(a), .array(b)) where a.count == b.count:
            return .array(zip(a, b).map { $0.interpolated(to: $1, t) })
        case let (.path(a), .path(b)):
            // Paths of other shapes do not interpolate (Core Animation's result is undefined): the nearer one shows.
            return PathBlend.blend(a, b, CGFloat(t)).map { .path($0) } ?? (t < 0.5 ? self : other)
        default:
            return t < 0.5 ? self : other
        }
    }

    /// `self` + `other` (by-values, additive and cumulative animations).
    func adding(_ other: AnimationValue) -> AnimationValue {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a + b)
        case let (.point(a), .point(b)): return .point(CGPoint(x: a.x + b.x, y: a.y + b.y))
        case let (.size(a), .size(b)): return .size(CGSize(width: a.width + b.width, height: a.height + b.height))
        case let (.rect(a), .rect(b)):
            return .rect(CGRect(x: a.minX + b.minX, y: a.minY + b.minY, width: a.width + b.width, height: a.height + b.height))
        case let (.transform(a), .transform(b)): return .transform(CATransform3DConcat(b, a))
        case let (.array(a), .array(b)) where a.count == b.count: return .array(zip(a, b).map { $0.adding($1) })
        default: return other
        }
    }

    /// `self` × `k`, for the values that are vectors (numbers, points, sizes, rectangles); `nil` for the rest.
    func scaled(_ k: Double) -> AnimationValue? {
        let f = CGFloat(k)
        switch self {
        case let .number(a): return .number(a * k)
        case let .point(a): return .point(CGPoint(x: a.x * f, y: a.y * f))
        case let .size(a): return .size(CGSize(width: a.width * f, height: a.height * f))
        case let .rect(a): return .rect(CGRect(x: a.minX * f, y: a.minY * f, width: a.width * f, height: a.height * f))
        default: return nil
        }
    }

    /// The distance between two values (paced keyframes).
    func distance(to other: AnimationValue) -> Double {
        switch (self, other) {
        case let (.number(a), .number(b)): return abs(b - a)
        case let (.point(a), .point(b)): return Double(hypot(b.x - a.x, b.y - a.y))
        case let (.size(a), .size(b)): return Double(hypot(b.width - a.width, b.height - a.height))
        default: return 1
        }
    }

    /// A colour's channels (transparent black for none).
    static func rgba(_ color: CGColor?) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        guard let color else { return (0, 0, 0, 0) }
        return (color.red, color.green, color.blue, color.alpha)
    }
}

/// A 2D transform as translation, scale, rotation and skew: what interpolates the way Core Animation does.
struct Decomposed {
    var tx: CGFloat, ty: CGFloat, sx: CGFloat, sy: CGFloat, angle: CGFloat, skew: CGFloat

    init(_ t: CATransform3D) {
        let a = CATransform3DGetAffineTransform(t)
        tx = a.tx; ty = a.ty
        sx = hypot(a.a, a.b)
        angle = atan2(a.b, a.a)
        let det = a.a * a.d - a.b * a.c
        sy = sx == 0 ? hypot(a.c, a.d) : det / sx
        skew = sx == 0 ? 0 : (a.a * a.c + a.b * a.d) / (sx * sx)
    }

    init(tx: CGFloat, ty: CGFloat, sx: CGFloat, sy: CGFloat, angle: CGFloat, skew: CGFloat) {
        self.tx = tx; self.ty = ty; self.sx = sx; self.sy = sy; self.angle = angle; self.skew = skew
    }

    func interpolated(to o: Decomposed, _ t: CGFloat) -> Decomposed {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * t }
        // The shorter way round.
        var delta = o.angle - angle
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        return Decomposed(tx: mix(tx, o.tx), ty: mix(ty, o.ty), sx: mix(sx, o.sx), sy: mix(sy, o.sy), angle: angle + delta * t,
                          skew: mix(skew, o.skew))
    }

    var transform: CATransform3D {
        let r = CGAffineTransform(rotationAngle: angle)
        let m = CGAffineTransform(a: sx, b: 0, c: skew * sx, d: sy, tx: 0, ty: 0)
        var a = m.concatenating(r)
        a.tx = tx; a.ty = ty
        return CATransform3DMakeAffineTransform(a)
    }
}

/// Two paths of the same elements blended point by point (control points too: a shape layer's `path` animation).
enum PathBlend {
    static func blend(_ a: CGPath, _ b: CGPath, _ t: CGFloat) -> CGPath? {
        if a == b { return a }
        var from: [CGPathElementKind] = [], to: [CGPathElementKind] = []
        a.applyWithBlock { from.append($0) }
        b.applyWithBlock { to.append($0) }
        guard from.count == to.count else { return nil }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        let result = CGMutablePath()
        for (e, f) in zip(from, to) {
            switch (e, f) {
            case let (.moveTo(p), .moveTo(q)): result.move(to: mix(p, q))
            case let (.lineTo(p), .lineTo(q)): result.addLine(to: mix(p, q))
            case let (.quadCurveTo(c, p), .quadCurveTo(d, q)): result.addQuadCurve(to: mix(p, q), control: mix(c, d))
            case let (.curveTo(c1, c2, p), .curveTo(d1, d2, q)):
                result.addCurve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
            case (.closeSubpath, .closeSubpath): result.closeSubpath()
            default: return nil
            }
        }
        return result
    }
}
