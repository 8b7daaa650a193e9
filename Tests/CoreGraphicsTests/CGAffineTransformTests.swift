import CoreGraphics
import Testing

@Suite struct CGAffineTransformTests {
    @Test func identityAndInitialisers() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform() == .identity)
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
        let t = CGAffineTransform(translationX: 3, y: -4)
        #expect(CGPoint(x: 1, y: 1).applying(t) == CGPoint(x: 4, y: -3))
        let s = CGAffineTransform(scaleX: 2, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(s) == CGPoint(x: 2, y: 3))
    }

    @Test func rotationIsClockwiseInYDownCoordinatesAndExactAtQuarterTurns() {
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(r == CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        // (1, 0) -> (0, 1): right turns to down, a clockwise turn on a y-down screen.
        #expect(CGPoint(x: 1, y: 0).applying(r) == CGPoint(x: 0, y: 1))
        #expect(CGAffineTransform(rotationAngle: .pi) == CGAffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
        #expect(CGAffineTransform(rotationAngle: -.pi / 2) == CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        let r30 = CGAffineTransform(rotationAngle: .pi / 6)
        #expect(abs(r30.a - 3.0.squareRoot() / 2) < 1e-12 && abs(r30.b - 0.5) < 1e-12)
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        #expect(CGPoint(x: 1, y: 1).applying(scale.concatenating(move)) == CGPoint(x: 12, y: 2))
        #expect(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)) == CGPoint(x: 22, y: 2))
    }

    @Test func translatedScaledRotatedPrependTheirOperation() {
        let base = CGAffineTransform(translationX: 10, y: 20)
        // translatedBy: the new translation happens first, in base's coordinate system.
        #expect(base.translatedBy(x: 1, y: 2) == CGAffineTransform(translationX: 1, y: 2).concatenating(base))
        #expect(CGPoint.zero.applying(base.scaledBy(x: 3, y: 3)) == CGPoint(x: 10, y: 20))
        #expect(CGPoint(x: 1, y: 0).applying(base.scaledBy(x: 3, y: 3)) == CGPoint(x: 13, y: 20))
        #expect(CGPoint(x: 1, y: 0).applying(base.rotated(by: .pi / 2)) == CGPoint(x: 10, y: 21))
    }

    @Test func invertedUndoesAndSingularIsReturnedUnchanged() {
        let t = CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 7, y: -3)
        let p = CGPoint(x: 12.5, y: -4)
        let back = p.applying(t).applying(t.inverted())
        #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func sizesApplyTheLinearPartOnly() {
        let t = CGAffineTransform(translationX: 100, y: 100).scaledBy(x: 2, y: -1)
        #expect(CGSize(width: 3, height: 4).applying(t) == CGSize(width: 6, height: -4))
    }

    @Test func rectsBecomeTheBoundingBoxOfTheirTransformedCorners() {
        let r = CGRect(x: 0, y: 0, width: 20, height: 10)
        #expect(r.applying(CGAffineTransform(scaleX: -1, y: 2)) == CGRect(x: -20, y: 0, width: 20, height: 20))
        #expect(r.applying(CGAffineTransform(rotationAngle: .pi / 2)) == CGRect(x: -10, y: 0, width: 10, height: 20))
        let diamond = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        #expect(abs(diamond.width - 2 * 2.0.squareRoot()) < 1e-12)
        #expect(abs(diamond.midX) < 1e-12 && abs(diamond.midY) < 1e-12)
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }

    @Test func vectorAndColour() {
        #expect(CGVector.zero == CGVector(dx: 0, dy: 0))
        #expect(CGColor(red: 2, green: -1, blue: 0.5, alpha: 1).components == [1, 0, 0.5, 1])
        #expect(CGColor(gray: 0.25, alpha: 0.5) == CGColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.5))
    }
}
