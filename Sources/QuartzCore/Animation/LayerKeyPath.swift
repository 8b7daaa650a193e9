import CoreGraphics
import Foundation

/// The layer properties animations can address, read from and written into a layer's render values:
/// `position` (`.x`, `.y`), `bounds` (`.origin`, `.size`, `.size.width`, `.size.height`), `anchorPoint`,
/// `transform` (`.scale`, `.scale.x`, `.scale.y`, `.rotation`, `.rotation.z`, `.translation`, `.translation.x`,
/// `.translation.y`), `opacity`, `backgroundColor`, `cornerRadius`, `borderWidth`, `borderColor`,
/// `contentsCenter`, `contentsRect`, `shadowColor`, `shadowOpacity`, `shadowOffset`, `shadowRadius`.
@MainActor
enum LayerKeyPath {
    /// Whether Core Animation animates `key` (the implicit-animation list).
    static func isAnimatable(_ key: String) -> Bool {
        value(key, in: placeholder) != nil
    }

    private static var placeholder: CALayerRenderValues { CALayerRenderValues(
        bounds: .zero, position: .zero, anchorPoint: .zero, transform: .identity, opacity: 1, isHidden: false,
        masksToBounds: false, backgroundColor: nil, cornerRadius: 0, borderWidth: 0, borderColor: nil, isOpaque: false,
        contents: nil, contentsScale: 1, contentsGravity: .resize, contentsCenter: .zero, contentsRect: .zero,
        shadowColor: nil, shadowOpacity: 0, shadowOffset: .zero, shadowRadius: 0, shadowPath: nil, transition: nil) }

    static func value(_ key: String, in v: CALayerRenderValues) -> AnimationValue? {
        // Decomposing the transform costs trigonometry: only for the transform's sub-keys (this runs per
        // animation, per frame).
        var d: Decomposed { Decomposed(CATransform3D(v.transform)) }
        switch key {
        case "position": return .point(v.position)
        case "position.x": return .number(Double(v.position.x))
        case "position.y": return .number(Double(v.position.y))
        case "bounds": return .rect(v.bounds)
        case "bounds.origin": return .point(v.bounds.origin)
        case "bounds.size": return .size(v.bounds.size)
        case "bounds.size.width": return .number(Double(v.bounds.width))
        case "bounds.size.height": return .number(Double(v.bounds.height))
        case "anchorPoint": return .point(v.anchorPoint)
        case "transform": return .transform(CATransform3D(v.transform))
        case "transform.scale": let t = d; return .number(Double((t.sx + t.sy) / 2))
        case "transform.scale.x": return .number(Double(d.sx))
        case "transform.scale.y": return .number(Double(d.sy))
        case "transform.rotation", "transform.rotation.z": return .number(Double(d.angle))
        case "transform.translation": return .size(CGSize(width: d.tx, height: d.ty))
        case "transform.translation.x": return .number(Double(d.tx))
        case "transform.translation.y": return .number(Double(d.ty))
        case "opacity": return .number(Double(v.opacity))
        case "backgroundColor": return .color(v.backgroundColor)
        case "cornerRadius": return .number(Double(v.cornerRadius))
        case "borderWidth": return .number(Double(v.borderWidth))
        case "borderColor": return .color(v.borderColor)
        case "contentsCenter": return .rect(v.contentsCenter)
        case "contentsRect": return .rect(v.contentsRect)
        case "shadowColor": return .color(v.shadowColor)
        case "shadowOpacity": return .number(Double(v.shadowOpacity))
        case "shadowOffset": return .size(v.shadowOffset)
        case "shadowRadius": return .number(Double(v.shadowRadius))
        default: return nil
        }
    }

    static func set(_ key: String, _ value: AnimationValue, in v: inout CALayerRenderValues) {
        func number() -> CGFloat? { value.number.map { CGFloat($0) } }
        var d: Decomposed { Decomposed(CATransform3D(v.transform)) }
        func setTransform(_ change: (inout Decomposed) -> Void) {
            var t = d
            change(&t)
            v.transform = t.transform.affine
        }
        switch (key, value) {
        case let ("position", .point(p)): v.position = p
        case ("position.x", _): if let n = number() { v.position.x = n }
        case ("position.y", _): if let n = number() { v.position.y = n }
        case let ("bounds", .rect(r)): v.bounds = r
        case let ("bounds.origin", .point(p)): v.bounds.origin = p
        case let ("bounds.size", .size(s)): v.bounds.size = s
        case ("bounds.size.width", _): if let n = number() { v.bounds.size.width = n }
        case ("bounds.size.height", _): if let n = number() { v.bounds.size.height = n }
        case let ("anchorPoint", .point(p)): v.anchorPoint = p
        case let ("transform", .transform(t)): v.transform = t.affine
        case ("transform.scale", _): if let n = number() { setTransform { $0.sx = n; $0.sy = n } }
        case ("transform.scale.x", _): if let n = number() { setTransform { $0.sx = n } }
        case ("transform.scale.y", _): if let n = number() { setTransform { $0.sy = n } }
        case ("transform.rotation", _), ("transform.rotation.z", _): if let n = number() { setTransform { $0.angle = n } }
        case let ("transform.translation", .size(s)): setTransform { $0.tx = s.width; $0.ty = s.height }
        case ("transform.translation.x", _): if let n = number() { setTransform { $0.tx = n } }
        case ("transform.translation.y", _): if let n = number() { setTransform { $0.ty = n } }
        case ("opacity", _): if let n = value.number { v.opacity = Float(min(max(n, 0), 1)) }
        case let ("backgroundColor", .color(c)): v.backgroundColor = c
        case ("cornerRadius", _): if let n = number() { v.cornerRadius = max(0, n) }
        case ("borderWidth", _): if let n = number() { v.borderWidth = max(0, n) }
        case let ("borderColor", .color(c)): v.borderColor = c
        case let ("contentsCenter", .rect(r)): v.contentsCenter = r
        case let ("contentsRect", .rect(r)): v.contentsRect = r
        case let ("shadowColor", .color(c)): v.shadowColor = c
        case ("shadowOpacity", _): if let n = value.number { v.shadowOpacity = Float(min(max(n, 0), 1)) }
        case let ("shadowOffset", .size(s)): v.shadowOffset = s
        case ("shadowRadius", _): if let n = number() { v.shadowRadius = max(0, n) }
        default: break
        }
    }
}

extension CGPath {
    /// The path's points for keyframing: end points of every element, curves sampled in eight steps.
    func flattenedPoints() -> [CGPoint] {
        var points: [CGPoint] = []
        var current = CGPoint.zero
        applyWithBlock { element in
            switch element {
            case let .moveTo(p), let .lineTo(p):
                points.append(p); current = p
            case let .quadCurveTo(c, p):
                for i in 1...8 {
                    // (Weights named and typed: Swift 6.2's type checker gives up on the whole sum.)
                    let t = CGFloat(i) / 8, u: CGFloat = 1 - t
                    let a: CGFloat = u * u, b: CGFloat = 2 * u * t, e: CGFloat = t * t
                    points.append(CGPoint(x: a * current.x + b * c.x + e * p.x, y: a * current.y + b * c.y + e * p.y))
                }
                current = p
            case let .curveTo(c1, c2, p):
                for i in 1...8 {
                    let t = CGFloat(i) / 8, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, e = t * t * t
                    points.append(CGPoint(x: a * current.x + b * c1.x + c * c2.x + e * p.x,
                                          y: a * current.y + b * c1.y + c * c2.y + e * p.y))
                }
                current = p
            case .closeSubpath:
                if let first = points.first { points.append(first); current = first }
            }
        }
        return points
    }
}
