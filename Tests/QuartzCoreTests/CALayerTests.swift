// The layer model: tree, Core Animation geometry, and cached content drawn only when invalid.
import CoreGraphics
import QuartzCore
import Testing

/// A delegate that implements only `draw(_:in:)`, as most iOS layer delegates do: the layer's default
/// display draws through it.
@MainActor
final class DrawingDelegate: CALayerDelegate {
    var draws: [CGRect] = []
    func draw(_ layer: CALayer, in ctx: CGContext) {
        draws.append(ctx.boundingBoxOfClipPath)
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(layer.bounds)
    }
}

/// A delegate that provides the content itself (`display(_:)`), so nothing is drawn.
@MainActor
final class ContentsProvider: CALayerDelegate {
    let image: CGImage
    var displays = 0
    init(image: CGImage) { self.image = image }
    func display(_ layer: CALayer) {
        displays += 1
        layer.contents = image
    }
}

/// A layer subclass that draws by overriding `draw(in:)`, with no delegate and nothing else.
final class DotLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
    }
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
        let painter = DrawingDelegate()
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

    @Test func delegatesThatDisplayThemselvesAreNotAskedToDraw() throws {
        let image = try #require(CGContext(data: nil, width: 2, height: 2)?.makeImage())
        let provider = ContentsProvider(image: image)
        let l = CALayer()
        l.delegate = provider
        l.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        l.setNeedsDisplay()
        l.displayIfNeeded()
        #expect(provider.displays == 1)
        #expect((l.contents as? CGImage) === image)
        #expect(!l.needsDisplay())
        // A plain layer (no delegate, draw(in:) not overridden) keeps no backing store.
        let plain = CALayer()
        plain.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        plain.setNeedsDisplay(); plain.displayIfNeeded()
        #expect(plain.contents == nil)
    }

    @Test func aLayerSubclassThatOverridesDrawInDrawsWithoutADelegate() throws {
        let l = DotLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        l.setNeedsDisplay()
        l.displayIfNeeded()
        let image = try #require(l.contents as? CGImage)
        // The dot is blue at the top-left (UIKit-style y-down backing store).
        image.withUnsafePixels { p, _ in
            #expect(p[0] == 255 && p[3] == 255) // B, A of pixel (0, 0)
        }
    }

    @Test func sublayersPastTheEndAreAppendedAndAddingTwiceKeepsOneCopy() {
        let root = CALayer(), a = CALayer(), b = CALayer()
        root.insertSublayer(a, at: 7)
        root.addSublayer(b)
        root.addSublayer(a)
        root.addSublayer(a)
        #expect(root.sublayers!.map(ObjectIdentifier.init) == [b, a].map(ObjectIdentifier.init))
    }

    @Test func settingTheFrameUnderAScaleReadsBackTheSame() {
        let l = CALayer()
        l.anchorPoint = CGPoint(x: 0.25, y: 1)
        l.setAffineTransform(CGAffineTransform(scaleX: 2, y: 0.5))
        let target = CGRect(x: 10, y: 20, width: 100, height: 40)
        l.frame = target
        #expect(l.bounds.size == CGSize(width: 50, height: 80))
        #expect(l.frame == target)
    }
}
