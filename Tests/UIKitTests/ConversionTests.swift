// Seeds: "Converting Coordinates in the View Hierarchy" (figures 1-10 and 3-3).
import Testing
@testable import UIKit

@MainActor @Suite struct ConversionTests {
    init() { freshApp() }

    @Test func pointsGoThroughFramesAndBoundsOriginsAtEveryLevel() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let outer = UIView(frame: CGRect(x: 20, y: 30, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        window.addSubview(outer)
        outer.addSubview(inner)
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: outer) == CGPoint(x: 11, y: 12))
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: window) == CGPoint(x: 31, y: 42))
        // "If you specify nil as the reference view ... the conversions are made to and from the coordinate
        // system of the window that contains the view."
        #expect(inner.convert(CGPoint(x: 1, y: 2), to: nil) == CGPoint(x: 31, y: 42))
        #expect(inner.convert(CGPoint(x: 31, y: 42), from: nil) == CGPoint(x: 1, y: 2))
        #expect(outer.convert(CGPoint(x: 11, y: 12), to: inner) == CGPoint(x: 1, y: 2))
        // A bounds origin shifts everything inside the view.
        outer.bounds.origin = CGPoint(x: 5, y: -5)
        #expect(inner.convert(CGPoint.zero, to: window) == CGPoint(x: 25, y: 45))
        #expect(window.convert(CGPoint(x: 25, y: 45), to: inner) == .zero)
        // Siblings in different branches.
        let other = UIView(frame: CGRect(x: 100, y: 300, width: 10, height: 10))
        window.addSubview(other)
        #expect(inner.convert(CGPoint.zero, to: other) == CGPoint(x: -75, y: -255))
    }

    @Test func rectsInARotatedViewBecomeTheSmallestCoveringRect() {
        // "When converting a rectangle, the UIView class assumes that you want to guarantee coverage of the
        // original screen area. To this end, the converted rectangle is enlarged so that when located in the
        // appropriate view, it completely covers the original rectangle."
        let outer = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let rotated = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        outer.addSubview(rotated)
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let r = rotated.convert(CGRect(x: 0, y: 0, width: 100, height: 100), to: outer)
        let d = 100 * 2.0.squareRoot()
        #expect(approx(r, CGRect(x: 150 - d / 2, y: 150 - d / 2, width: d, height: d)))
        // Every corner of the source lands inside the result, and the result is tight (corners touch its edges).
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 100), CGPoint(x: 100, y: 100)]
            .map { rotated.convert($0, to: outer) }
        for c in corners { #expect(r.insetBy(dx: -1e-9, dy: -1e-9).contains(c)) }
        #expect(approx(corners.map(\.x).min()!, r.minX) && approx(corners.map(\.y).max()!, r.maxY))
        // Converting back covers the covering rect: it grows again.
        let back = rotated.convert(r, from: outer)
        #expect(back.width > 100 && back.contains(CGRect(x: 1, y: 1, width: 98, height: 98)))
    }

    @Test func pointsRoundTripThroughScaledAndRotatedAncestors() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        let a = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 100))
        let b = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        root.addSubview(a); a.addSubview(b)
        a.transform = CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 1.5, y: 0.75)
        a.bounds.origin = CGPoint(x: -7, y: 3)
        b.transform = CGAffineTransform(scaleX: -1, y: 1)
        let p = CGPoint(x: 3, y: 9)
        let inRoot = b.convert(p, to: root)
        #expect(approx(b.convert(inRoot, from: root), p))
        #expect(approx(root.convert(inRoot, to: b), p))
        // The centre of a view always maps to its `center` in the superview, whatever the transform.
        #expect(approx(a.convert(CGPoint(x: a.bounds.midX, y: a.bounds.midY), to: root), a.center))
        // A 180-degree rotation maps the top-left corner to the bottom-right of the frame.
        let c = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        root.addSubview(c)
        c.transform = CGAffineTransform(rotationAngle: .pi)
        #expect(c.convert(CGPoint.zero, to: root) == CGPoint(x: 20, y: 10))
    }

    @Test func windowsConvertToEachOtherAndToTheScreen() {
        let w1 = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let w2 = UIWindow(frame: CGRect(x: 100, y: 50, width: 100, height: 100))
        #expect(w2.convert(CGPoint(x: 1, y: 1), to: nil as UIWindow?) == CGPoint(x: 101, y: 51))
        #expect(w2.convert(CGPoint(x: 101, y: 51), from: nil as UIWindow?) == CGPoint(x: 1, y: 1))
        #expect(w1.convert(CGPoint(x: 110, y: 60), to: w2) == CGPoint(x: 10, y: 10))
        #expect(w1.convert(CGRect(x: 110, y: 60, width: 5, height: 5), to: w2) == CGRect(x: 10, y: 10, width: 5, height: 5))
        #expect(w2.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: nil as UIWindow?) == CGRect(x: 100, y: 50, width: 5, height: 5))
        // Views in different windows meet in screen coordinates.
        let v1 = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        let v2 = UIView(frame: CGRect(x: 20, y: 20, width: 10, height: 10))
        w1.addSubview(v1); w2.addSubview(v2)
        #expect(v1.convert(CGPoint.zero, to: v2) == CGPoint(x: -110, y: -60))
        #expect(v2.convert(CGPoint(x: -110, y: -60), to: v1) == .zero)
    }
}
