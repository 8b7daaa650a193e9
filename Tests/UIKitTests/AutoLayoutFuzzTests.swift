// Random constraint sets between views, as careless or generated code makes them: no crash, no hang within the
// harness's limit, and every required constraint that holds in the end is one the engine kept (broken ones are
// reported, as UIKit reports them).
import Foundation
import Testing
@testable import UIKit

private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@MainActor @Suite(.serialized, .timeLimit(.minutes(3))) struct AutoLayoutFuzzTests {
    @Test(arguments: [11, 12, 13, 14, 15] as [UInt64])
    func randomConstraintSetsNeverCrashOrHangAndKeepWhatTheyCan(seed: UInt64) {
        var rng = SplitMix(state: seed)
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        var views: [UIView] = [window]
        for _ in 0..<Int.random(in: 5...40, using: &rng) {
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = Bool.random(using: &rng) && Bool.random(using: &rng)
            if v.translatesAutoresizingMaskIntoConstraints {
                v.frame = CGRect(x: .random(in: 0...200, using: &rng), y: .random(in: 0...300, using: &rng), width: 40, height: 40)
                v.autoresizingMask = [.flexibleWidth, .flexibleLeftMargin]
            }
            views.randomElement(using: &rng)!.addSubview(v)
            views.append(v)
        }
        // (UIKit refuses leading/trailing against left/right: the generator keeps to pairs it accepts.)
        let x: [NSLayoutConstraint.Attribute] = [.left, .right, .centerX, .leftMargin]
        let y: [NSLayoutConstraint.Attribute] = [.top, .bottom, .centerY, .firstBaseline, .lastBaseline, .bottomMargin]
        let constants: [CGFloat] = [0, 8, -8, 20, 100, -50, 1e6, .nan, .infinity]
        var made: [NSLayoutConstraint] = []
        for _ in 0..<Int.random(in: 50...500, using: &rng) {
            let a = views.randomElement(using: &rng)!, b = views.randomElement(using: &rng)!
            let c: NSLayoutConstraint
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: c = NSLayoutConstraint(item: a, attribute: x.randomElement(using: &rng)!, relatedBy: .equal, toItem: b,
                                           attribute: [.left, .right, .centerX, .leftMargin].randomElement(using: &rng)!,
                                           multiplier: [1, 0.5, 2].randomElement(using: &rng)!, constant: constants.randomElement(using: &rng)!)
            case 1: c = NSLayoutConstraint(item: a, attribute: y.randomElement(using: &rng)!,
                                           relatedBy: [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!,
                                           toItem: b, attribute: y.randomElement(using: &rng)!, multiplier: 1,
                                           constant: constants.randomElement(using: &rng)!)
            case 2: c = a.widthAnchor.constraint(equalTo: b.heightAnchor, multiplier: [0.5, 1, 3, -1].randomElement(using: &rng)!)
            default: c = a.heightAnchor.constraint(equalToConstant: constants.randomElement(using: &rng)!)
            }
            c.priority = [UILayoutPriority.required, .required, .defaultHigh, .defaultLow, UILayoutPriority(1)].randomElement(using: &rng)!
            c.isActive = true
            made.append(c)
            if Int.random(in: 0..<10, using: &rng) == 0, let old = made.randomElement(using: &rng) { old.isActive = false }
            if Int.random(in: 0..<10, using: &rng) == 0, let old = made.randomElement(using: &rng), old.isActive {
                old.constant = constants.randomElement(using: &rng)!
            }
        }
        window.layoutIfNeeded()
        if let v = views.dropFirst().randomElement(using: &rng) { v.removeFromSuperview() }
        window.frame = CGRect(x: 0, y: 0, width: 200, height: 300)
        window.layoutIfNeeded()
        for v in views { #expect(v.frame.isValidGeometry, "finite frames whatever was asked: \(v.frame)") }
        // Every required, finite, kept constraint between views still in the window holds (within a pixel).
        for c in made where c.isActive && c.priority == .required && !c.isBroken && c.constant.isFinite && abs(c.constant) < 1e5 {
            guard let a = c.firstItem as? UIView, let b = c.secondItem as? UIView ?? Optional(a), a.window != nil, b.window != nil,
                  !a.translatesAutoresizingMaskIntoConstraints, c.secondItem == nil || !b.translatesAutoresizingMaskIntoConstraints,
                  c.firstAttribute != .firstBaseline && c.firstAttribute != .lastBaseline,
                  c.secondAttribute != .firstBaseline && c.secondAttribute != .lastBaseline,
                  // A negative solved size is shown as 0: constraints on it cannot be checked from frames.
                  a.bounds.width > 0, a.bounds.height > 0, b.bounds.width > 0, b.bounds.height > 0 else { continue }
            func value(_ v: UIView, _ attribute: NSLayoutConstraint.Attribute) -> CGFloat {
                let f = v.convert(v.bounds, to: window), m = v.layoutMargins
                switch attribute {
                case .left, .leading: return f.minX
                case .right, .trailing: return f.maxX
                case .centerX: return f.midX
                case .leftMargin, .leadingMargin: return f.minX + m.left
                case .top: return f.minY
                case .bottom: return f.maxY
                case .centerY: return f.midY
                case .bottomMargin: return f.maxY - m.bottom
                case .width: return f.width
                case .height: return f.height
                default: return 0
                }
            }
            let lhs = value(a, c.firstAttribute)
            let rhs = c.secondItem == nil ? c.constant : c.multiplier * value(b, c.secondAttribute) + c.constant
            // Edges are rounded to the pixel grid (half a point each), which a multiplier scales.
            let tolerance = 1.01 * max(1, abs(c.multiplier))
            let ok: Bool
            switch c.relation {
            case .equal: ok = abs(lhs - rhs) <= tolerance
            case .lessThanOrEqual: ok = lhs <= rhs + tolerance
            case .greaterThanOrEqual: ok = lhs >= rhs - tolerance
            }
            func chain(_ v: UIView) -> String {
                var parts: [String] = []
                var cur: UIView? = v
                while let x = cur { parts.append("\(x.translatesAutoresizingMaskIntoConstraints ? "T" : "A")\(x.frame)"); cur = x.superview }
                return parts.joined(separator: " < ")
            }
            #expect(ok, "seed \(seed): \(c) gives \(lhs) against \(rhs); a: \(chain(a)); b: \(chain(b))")
        }
    }
}
