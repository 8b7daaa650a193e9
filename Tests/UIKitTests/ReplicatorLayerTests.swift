// CAReplicatorLayer: the usual activity indicator (dots round a circle, fading) and a row of tinted bars (golden);
// instance delay running each instance's animation behind the one before; a sublayer's change redrawing the
// instances; a view whose layer class is a replicator, as iOS spinners are written.
import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore

@MainActor @Suite struct ReplicatorLayerTests {
    init() { freshApp() }

    /// Twelve dots round the centre of a 60-point replicator, each a little fainter than the one before.
    static func spinner(at origin: CGPoint) -> CAReplicatorLayer {
        let r = CAReplicatorLayer()
        r.frame = CGRect(origin: origin, size: CGSize(width: 60, height: 60))
        let dot = CALayer()
        dot.frame = CGRect(x: 26, y: 2, width: 8, height: 8)
        dot.cornerRadius = 4
        dot.backgroundColor = UIColor.darkGray.cgColor
        r.addSublayer(dot)
        r.instanceCount = 12
        r.instanceTransform = CATransform3DMakeRotation(2 * .pi / 12, 0, 0, 1)
        r.instanceAlphaOffset = -1.0 / 12
        return r
    }

    @Test(arguments: [CGFloat(1), 2]) func instancesAreMovedTintedAndFaded(scale: CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 260, height: 80))
        root.backgroundColor = .white
        let spinner = Self.spinner(at: CGPoint(x: 10, y: 10))
        // Five bars from red to yellow (the green offset), each 14 points right of the last: past the replicator's
        // bounds, which do not clip.
        let bars = CAReplicatorLayer()
        bars.frame = CGRect(x: 90, y: 10, width: 20, height: 60)
        let bar = CALayer()
        bar.frame = CGRect(x: 0, y: 10, width: 10, height: 50)
        bar.backgroundColor = UIColor.white.cgColor
        bars.addSublayer(bar)
        bars.instanceCount = 5
        bars.instanceTransform = CATransform3DMakeTranslation(14, 0, 0)
        bars.instanceColor = UIColor.red.cgColor
        bars.instanceGreenOffset = 0.25
        // A shape layer replicated three times down, smaller each time (scaled about the replicator's centre).
        let shapes = CAReplicatorLayer()
        shapes.frame = CGRect(x: 190, y: 10, width: 60, height: 60)
        let ring = CAShapeLayer()
        ring.frame = shapes.bounds
        ring.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemBlue.cgColor
        ring.lineWidth = 3
        shapes.addSublayer(ring)
        shapes.instanceCount = 3
        shapes.instanceTransform = CATransform3DMakeScale(0.7, 0.7, 1)
        for layer in [spinner, bars, shapes] {
            layer.contentsScale = scale
            ring.contentsScale = scale
            root.layer.addSublayer(layer)
        }
        assertGolden(snapshot(root, scale: scale), "replicator-layers@\(Int(scale))x", allowedPixels: 40)
    }

    @Test func instancesAreWhereTheTransformPutsThem() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = UIColor.blue.cgColor
        r.addSublayer(square)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(30, 20, 0)
        view.layer.addSublayer(r)
        frames(1.0 / 60)
        let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        for i in 0..<3 { #expect(pixel(image, 5 + 30 * i, 5 + 20 * i) == (0, 0, 255, 255), "instance \(i)") }
        #expect(pixel(image, 95, 65) == (255, 255, 255, 255), "no fourth")
        // The sublayer itself is not composited a second time: the instances are the replicator's content.
        #expect(square.compositorRecord == nil)
    }

    @Test func aSublayerChangeRedrawsTheInstancesOnTheNextFrame() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let r = CAReplicatorLayer()
        r.frame = view.bounds
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.backgroundColor = UIColor.blue.cgColor
        r.addSublayer(square)
        r.instanceCount = 2
        r.instanceTransform = CATransform3DMakeTranslation(50, 0, 0)
        view.layer.addSublayer(r)
        frames(1.0 / 60)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        square.backgroundColor = UIColor.green.cgColor
        CATransaction.commit()
        frames(1.0 / 60)
        let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        #expect(pixel(image, 55, 5) == (0, 255, 0, 255))
        #expect(UIScreen.main.compositor.lastDamage.allSatisfy { $0.width <= 100 && $0.height <= 100 })
        // Added and removed sublayers too.
        let more = CALayer()
        more.frame = CGRect(x: 0, y: 50, width: 10, height: 10)
        more.backgroundColor = UIColor.red.cgColor
        r.addSublayer(more)
        frames(1.0 / 60)
        #expect(pixel(try #require(UIScreen.main.snapshotImage()?.cgImage), 55, 55) == (255, 0, 0, 255))
        more.removeFromSuperlayer()
        frames(1.0 / 60)
        #expect(pixel(try #require(UIScreen.main.snapshotImage()?.cgImage), 55, 55) == (255, 255, 255, 255))
    }

    @Test func eachInstancesAnimationRunsInstanceDelayBehind() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.backgroundColor = UIColor.black.cgColor
        r.addSublayer(dot)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        r.instanceDelay = 0.5
        view.layer.addSublayer(r)
        frames(1.0 / 60)
        // Fades out over a second, again and again: the first instance leads, each next half a second behind.
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.repeatCount = .infinity
        dot.add(fade, forKey: "fade")
        frames(0.25)
        var image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        // First instance: a quarter faded; the others have not started (the model's opacity 1: black).
        #expect(abs(pixel(image, 5, 5).0 - 64) < 12)
        #expect(pixel(image, 35, 5).0 < 8 && pixel(image, 65, 5).0 < 8)
        frames(0.5)
        image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        // At 0.75 s: three quarters faded, a quarter, not started.
        #expect(abs(pixel(image, 5, 5).0 - 191) < 12)
        #expect(abs(pixel(image, 35, 5).0 - 64) < 12)
        #expect(pixel(image, 65, 5).0 < 8)
    }

    final class SpinnerView: UIView {
        override class var layerClass: AnyClass { CAReplicatorLayer.self }
        let dot = CALayer()
        override init(frame: CGRect) {
            super.init(frame: frame)
            let replicator = layer as! CAReplicatorLayer
            dot.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            dot.backgroundColor = UIColor.red.cgColor
            replicator.addSublayer(dot)
            replicator.instanceCount = 2
            replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        }
        required init?(coder: NSCoder) { fatalError() }
    }

    @Test func aViewWhoseLayerIsAReplicatorShowsTheInstances() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let spinner = SpinnerView(frame: CGRect(x: 10, y: 10, width: 40, height: 20))
        view.addSubview(spinner)
        frames(1.0 / 60)
        let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        #expect(pixel(image, 15, 15) == (255, 0, 0, 255))
        #expect(pixel(image, 35, 15) == (255, 0, 0, 255))
        #expect(pixel(image, 25, 15) == (255, 255, 255, 255), "between the instances: the view has no background")
    }

    @Test func instanceCountAnimatesImplicitlyAndInstancePropertiesCopy() {
        let view = shownView()
        let r = Self.spinner(at: .zero)
        view.layer.addSublayer(r)
        frames(1.0 / 60)
        r.instanceCount = 4
        #expect(r.animation(forKey: "instanceCount") != nil)
        frames(0.5)
        #expect(r.animationKeys() == nil)
        let copy = CAReplicatorLayer(layer: r)
        #expect(copy.instanceCount == 4 && copy.instanceAlphaOffset == r.instanceAlphaOffset)
        #expect(copy.instanceTransform == r.instanceTransform)
    }
}
