// The layer model: tree, Core Animation geometry, and cached content drawn only when invalid.
import CoreGraphics
import QuartzCore
import Testing

@MainActor
final class Painter: DrawsThroughLayer {
    var draws: [CGRect] = []
    var wants = true
    func display(_ layer: CALayer) {}
    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws.append(ctx.boundingBoxOfClipPath)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(layer.bounds)
    }
    func layerWantsBackingStore(_ layer: CALayer) -> Bool { wants }
}

@MainActor @Suite struct CALayerTests {
    @Test func sublayerTreeOperations() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        #expect(root.sublayers == nil)
        root.addSublayer(a); root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        #expect(root.sublayers!.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        root.insertSublayer(c, above: b)
        #expect(root.sublayers!.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        root.insertSublayer(c, below: a)
        #expect(root.sublayers!.map(ObjectIdentifier.init) == [c, a, b].map(ObjectIdentifier.init))
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil && root.sublayers!.count == 2)
        let d = CALayer()
        root.replaceSublayer(a, with: d)
        #expect(root.sublayers!.map(ObjectIdentifier.init) == [c, d].map(ObjectIdentifier.init))
        // A superlayer owns its sublayers; a removed layer kept by no one is freed.
        weak var weakLayer: CALayer?
        do {
            let temporary = CALayer()
            weakLayer = temporary
            root.addSublayer(temporary)
        }
        #expect(weakLayer != nil)
        weakLayer?.removeFromSuperlayer()
        #expect(weakLayer == nil)
    }

    @Test func geometryFollowsCoreAnimation() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 100)
        #expect(l.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
        l.anchorPoint = .zero
        #expect(l.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(l.frame == CGRect(x: 175, y: 50, width: 50, height: 100))
        l.setAffineTransform(.identity)
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        #expect(l.position == CGPoint(x: 5, y: 10) && l.bounds.size == CGSize(width: 10, height: 20))
        let child = CALayer()
        child.frame = CGRect(x: 2, y: 3, width: 4, height: 4)
        l.addSublayer(child)
        #expect(child.convert(CGPoint.zero, to: l) == CGPoint(x: 2, y: 3))
        l.bounds.origin = CGPoint(x: 1, y: 1)
        #expect(child.convert(CGPoint.zero, to: l) == CGPoint(x: 2, y: 3)) // in l's space, bounds origin included
        #expect(CATransform3DIsAffine(CATransform3DMakeScale(2, 2, 1)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 5)))
    }

    @Test func contentIsDrawnOnlyWhenInvalidAndDirtyRectsCoalesce() throws {
        let painter = Painter()
        let l = CALayer()
        l.delegate = painter
        l.contentsScale = 2
        l.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        #expect(!l.needsDisplay())
        l.setNeedsDisplay()
        l.displayIfNeeded()
        #expect(painter.draws == [CGRect(x: 0, y: 0, width: 40, height: 30)])
        let image = try #require(l.contents as? CGImage)
        #expect(image.width == 80 && image.height == 60) // backing store at the contents scale
        l.displayIfNeeded()
        #expect(painter.draws.count == 1) // still valid: no redraw
        // Two small invalidations give one draw of their union, clipped to it.
        l.setNeedsDisplay(CGRect(x: 1, y: 1, width: 4, height: 4))
        l.setNeedsDisplay(CGRect(x: 10, y: 2, width: 5, height: 5))
        #expect(l.invalidRect == CGRect(x: 1, y: 1, width: 14, height: 6))
        l.displayIfNeeded()
        #expect(painter.draws.count == 2 && painter.draws[1] == CGRect(x: 1, y: 1, width: 14, height: 6))
        // Moving the layer does not redraw it.
        l.position = CGPoint(x: 99, y: 99)
        l.displayIfNeeded()
        #expect(painter.draws.count == 2)
        // needsDisplayOnBoundsChange: a size change invalidates.
        l.needsDisplayOnBoundsChange = true
        l.bounds.size = CGSize(width: 50, height: 30)
        #expect(l.needsDisplay())
    }

    @Test func delegatesThatDrawNothingGetNoBackingStore() {
        let painter = Painter()
        painter.wants = false
        let l = CALayer()
        l.delegate = painter
        l.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        l.setNeedsDisplay()
        l.displayIfNeeded()
        #expect(l.contents == nil && painter.draws.isEmpty)
        // A plain layer (no delegate) keeps no backing store either.
        let plain = CALayer()
        plain.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        plain.setNeedsDisplay(); plain.displayIfNeeded()
        #expect(plain.contents == nil)
    }
}
