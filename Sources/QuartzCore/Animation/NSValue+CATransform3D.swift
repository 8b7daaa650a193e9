import CoreGraphics
import Foundation

// Core Animation's boxed values: iOS animation code passes points, sizes, rectangles and transforms as `NSValue`s
// (`NSValue(cgPoint:)`, `NSValue(caTransform3D:)`) in `fromValue`, `toValue` and `values`. Foundation on Linux boxes
// points, sizes, rectangles and edge insets itself (`NSValue(point:)`: `{CGPoint=dd}`), but cannot box other
// structures; those are boxed as arrays of doubles (`[16d]` for a 3D transform, `[6d]` for an affine one), which
// it can. Reading a box back takes its doubles, as Apple's getters take its bytes.

extension NSValue {
    /// A value holding `transform` (what a `transform` animation takes).
    public convenience init(caTransform3D transform: CATransform3D) {
        let t = transform
        self.init(doubles: [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                            t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init))
    }

    /// The transform the value holds (the identity when it holds something else).
    public var caTransform3DValue: CATransform3D {
        guard let d = doubles(count: 16)?.map({ CGFloat($0) }) else { return CATransform3DIdentity }
        var t = CATransform3D()
        (t.m11, t.m12, t.m13, t.m14) = (d[0], d[1], d[2], d[3])
        (t.m21, t.m22, t.m23, t.m24) = (d[4], d[5], d[6], d[7])
        (t.m31, t.m32, t.m33, t.m34) = (d[8], d[9], d[10], d[11])
        (t.m41, t.m42, t.m43, t.m44) = (d[12], d[13], d[14], d[15])
        return t
    }
}

package extension NSValue {
    /// A value of `doubles`, boxed as an array (`[Nd]`).
    convenience init(doubles: [Double]) {
        let storage = UnsafeMutablePointer<Double>.allocate(capacity: max(1, doubles.count))
        defer { storage.deallocate() }
        storage.initialize(from: doubles, count: doubles.count)
        self.init(bytes: storage, objCType: "[\(doubles.count)d]")
    }

    /// The structure's name in the value's type encoding (`CGPoint` for `{CGPoint=dd}`); nil for anything else.
    var structureName: Substring? {
        let type = String(cString: objCType)
        guard type.first == "{", let equals = type.firstIndex(of: "=") else { return nil }
        return type[type.index(after: type.startIndex)..<equals]
    }

    /// How many doubles the value holds, when it holds only doubles (`[16d]`, `{CGRect={CGPoint=dd}{CGSize=dd}}`).
    var doubleCount: Int? {
        let type = String(cString: objCType)
        if type.first == "[", type.hasSuffix("d]") { return Int(type.dropFirst().dropLast(2)) }
        guard type.first == "{" else { return nil }
        // The fields: what follows each "name=" up to the braces.
        var count = 0, inName = false
        for c in type {
            switch c {
            case "{": inName = true
            case "=": inName = false
            case "}": break
            case "d" where !inName: count += 1
            default: if !inName { return nil }
            }
        }
        return count
    }

    /// The value's `count` doubles; nil when it holds something else.
    func doubles(count: Int) -> [Double]? {
        guard doubleCount == count else { return nil }
        let storage = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer { storage.deallocate() }
        storage.initialize(repeating: 0, count: count)
        getValue(storage)
        return Array(UnsafeBufferPointer(start: storage, count: count))
    }
}
