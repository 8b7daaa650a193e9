import CoreGraphics
import Foundation
import QuartzCore

// UIKit's boxed geometry (`NSValue(cgPoint:)` and the matching `…Value` getters): what iOS animation code passes to
// `CABasicAnimation.fromValue`/`toValue` and `CAKeyframeAnimation.values`, which take them as the unboxed values.
// Points, sizes, rectangles and insets are Foundation's own boxes; the rest are arrays of doubles (see
// NSValue+CATransform3D.swift in QuartzCore).

extension NSValue {
    /// A value holding `point`.
    public convenience init(cgPoint point: CGPoint) {
        self.init(point: point)
    }
    /// A value holding `vector`.
    public convenience init(cgVector vector: CGVector) {
        self.init(doubles: [Double(vector.dx), Double(vector.dy)])
    }
    /// A value holding `size`.
    public convenience init(cgSize size: CGSize) {
        self.init(size: size)
    }
    /// A value holding `rect`.
    public convenience init(cgRect rect: CGRect) {
        self.init(rect: rect)
    }
    /// A value holding `transform`.
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        let t = transform
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init))
    }
    /// A value holding `insets`.
    public convenience init(uiEdgeInsets insets: UIEdgeInsets) {
        self.init(edgeInsets: NSEdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right))
    }
    /// A value holding `insets`.
    public convenience init(directionalEdgeInsets insets: NSDirectionalEdgeInsets) {
        self.init(doubles: [insets.top, insets.leading, insets.bottom, insets.trailing].map(Double.init))
    }
    /// A value holding `offset`.
    public convenience init(uiOffset offset: UIOffset) {
        self.init(doubles: [Double(offset.horizontal), Double(offset.vertical)])
    }

    // The getters read the value's numbers whatever structure it was made from (as Apple's read its bytes), and give
    // zero (the identity for a transform) when it holds a different number of them.

    /// The point the value holds.
    public var cgPointValue: CGPoint {
        doubles(count: 2).map { CGPoint(x: $0[0], y: $0[1]) } ?? .zero
    }
    /// The vector the value holds.
    public var cgVectorValue: CGVector {
        doubles(count: 2).map { CGVector(dx: $0[0], dy: $0[1]) } ?? CGVector(dx: 0, dy: 0)
    }
    /// The size the value holds.
    public var cgSizeValue: CGSize {
        doubles(count: 2).map { CGSize(width: $0[0], height: $0[1]) } ?? .zero
    }
    /// The rectangle the value holds.
    public var cgRectValue: CGRect {
        doubles(count: 4).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) } ?? .zero
    }
    /// The affine transform the value holds.
    public var cgAffineTransformValue: CGAffineTransform {
        doubles(count: 6).map {
            CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5])
        } ?? .identity
    }
    /// The insets the value holds.
    public var uiEdgeInsetsValue: UIEdgeInsets {
        doubles(count: 4).map { UIEdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]) } ?? .zero
    }
    /// The directional insets the value holds.
    public var directionalEdgeInsetsValue: NSDirectionalEdgeInsets {
        doubles(count: 4).map {
            NSDirectionalEdgeInsets(top: $0[0], leading: $0[1], bottom: $0[2], trailing: $0[3])
        } ?? .zero
    }
    /// The offset the value holds.
    public var uiOffsetValue: UIOffset {
        doubles(count: 2).map { UIOffset(horizontal: $0[0], vertical: $0[1]) } ?? .zero
    }
}
