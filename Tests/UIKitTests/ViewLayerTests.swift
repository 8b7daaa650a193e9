// Views and their layers (seeds: "The View Rendering Architecture", "Core Animation Basics", "Changing the
// Layer of a View", "Redrawing Your View's Content"): the layer tree mirrors the view tree, view properties
// are layer properties, and draw(_:) runs only when content is invalid.
import Testing
@testable import UIKit
import QuartzCore

@MainActor @Suite struct ViewLayerTests {
    // Each test starts its own app: suites run side by side, and the screen scale matters here.
    func start() { freshApp(pixels: CGSize(width: 320, height: 480), scale: 2) }

    func ids(_ layers: [CALayer]?) -> [ObjectIdentifier] { (layers ?? []).map(ObjectIdentifier.init) }

    @Test func theLayerTreeMirrorsTheViewTree() {
        start()
        let p = UIView(), a = UIView(), b = UIView(), c = UIView()
        let extra = CALayer() // a layer with no view, added directly (Listing 3-2)
        p.addSubview(a); p.addSubview(b)
        p.layer.addSublayer(extra)
        p.insertSubview(c, at: 0)
        #expect(ids(p.layer.sublayers) == ids([c.layer, a.layer, b.layer, extra]))
        // The front subview's layer goes on top of every sublayer, as addSubview's does.
        p.bringSubviewToFront(c)
        #expect(ids(p.layer.sublayers) == ids([a.layer, b.layer, extra, c.layer]))
        p.sendSubviewToBack(b)
        #expect(ids(p.layer.sublayers) == ids([b.layer, a.layer, extra, c.layer]))
        p.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(p.subviews == [c, a, b])
        #expect(ids(p.layer.sublayers) == ids([c.layer, a.layer, extra, b.layer]))
        a.removeFromSuperview()
        #expect(a.layer.superlayer == nil)
        #expect(ids(p.layer.sublayers) == ids([c.layer, extra, b.layer]))
        let q = UIView()
        q.addSubview(b)
        #expect(b.layer.superlayer === q.layer)
    }

    @Test func viewPropertiesAreLayerProperties() {
        start()
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(v.layer.delegate === v)
        #expect(v.layer.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(v.layer.position == CGPoint(x: 25, y: 40))
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 2))
        v.alpha = 0.25
        #expect(v.layer.opacity == 0.25)
        v.isHidden = true; v.clipsToBounds = true; v.isOpaque = false
        #expect(v.layer.isHidden && v.layer.masksToBounds && !v.layer.isOpaque)
        v.backgroundColor = .red
        #expect(v.layer.backgroundColor == UIColor.red.cgColor)
        // Layer geometry set directly shows through the view.
        v.layer.position = CGPoint(x: 100, y: 100)
        #expect(v.center == CGPoint(x: 100, y: 100))
    }

    final class ShapeLayer: CALayer {}
    final class ShapeView: UIView { override class var layerClass: AnyClass { ShapeLayer.self } }

    @Test func layerClassChoosesTheLayer() {
        start()
        #expect(ShapeView().layer is ShapeLayer)
        #expect(type(of: UIView().layer) == CALayer.self)
    }

    final class Counting: UIView {
        var rects: [CGRect] = []
        override func draw(_ rect: CGRect) {
            rects.append(rect)
            UIColor.green.setFill()
            UIRectFill(rect)
        }
    }

    func shown(_ view: UIView) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.addSubview(view)
        window.makeKeyAndVisible()
        return window
    }

    @Test func drawRunsOncePerFrameOnlyForInvalidContentClippedToTheUnion() {
        start()
        let v = Counting(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let window = shown(v)
        defer { withExtendedLifetime(window) {} }
        endTurn()
        #expect(v.rects == [CGRect(x: 0, y: 0, width: 100, height: 100)]) // the first frame draws everything
        endTurn()
        #expect(v.rects.count == 1) // valid content: no redraw
        // "If you mark several regions of the same view as dirty during a given cycle, the system coalesces the
        // dirty regions into a single call to the view's drawRect: method."
        v.setNeedsDisplay(CGRect(x: 10, y: 10, width: 10, height: 10))
        v.setNeedsDisplay(CGRect(x: 50, y: 40, width: 10, height: 10))
        endTurn()
        #expect(v.rects.count == 2 && v.rects[1] == CGRect(x: 10, y: 10, width: 50, height: 40))
        // "By default, geometry changes to a view do not automatically cause the view to be redrawn."
        v.center = CGPoint(x: 200, y: 200)
        v.bounds.size = CGSize(width: 120, height: 80)
        v.transform = CGAffineTransform(rotationAngle: 0.3)
        endTurn()
        #expect(v.rects.count == 2)
        // "... set your view's contentMode property to UIViewContentModeRedraw."
        v.transform = .identity
        v.contentMode = .redraw
        v.bounds.size = CGSize(width: 60, height: 60)
        endTurn()
        #expect(v.rects.count == 3 && v.rects[2] == CGRect(x: 0, y: 0, width: 60, height: 60))
        // Backing store at the screen's scale.
        let image = v.layer.contents as! CGImage
        #expect(image.width == 120 && image.height == 120)
    }

    @Test func viewsThatDoNotDrawHaveNoBackingStore() {
        start()
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        plain.backgroundColor = .blue
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "drawn"
        let window = shown(plain)
        plain.addSubview(label)
        defer { withExtendedLifetime(window) {} }
        endTurn()
        #expect(plain.layer.contents == nil)     // a 300x400@2x view would otherwise hold 960 KB
        #expect(window.layer.contents == nil)
        #expect(label.layer.contents is CGImage) // labels draw their text
    }

    @Test func contentScaleFollowsTheScreen() {
        start()
        let v = Counting(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(v.layer.contentsScale == 2)
        freshApp(pixels: CGSize(width: 300, height: 300), scale: 3)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        #expect(v.layer.contentsScale == 3 && v.contentScaleFactor == 3)
    }
}

@MainActor @Suite struct DrawDetectionTests {
    final class CallsSuperThenDraws: UIView {
        override func draw(_ rect: CGRect) {
            super.draw(rect)
            UIColor.red.setFill()
            UIRectFill(bounds)
        }
    }

    @Test func anOverrideThatCallsSuperStillGetsABackingStore() {
        freshApp(pixels: CGSize(width: 100, height: 100), scale: 1)
        let v = CallsSuperThenDraws(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(v)
        window.makeKeyAndVisible()
        endTurn()
        #expect(v.layer.contents is CGImage)
    }
}

@MainActor @Suite struct OpacityWarningTests {
    @Test func opaqueViewsWithAlphaWarnOncePerView() {
        freshApp()
        OpacityCheck.run() // views other tests left pending are checked now, not counted below
        let before = OpacityCheck.warnings.count
        let faded = UIView()
        faded.alpha = 0.5          // still opaque (the default): warns at the next frame
        let fine = UIView()
        fine.alpha = 0.5
        fine.isOpaque = false      // corrected in the same turn: no warning
        endTurn()
        #expect(OpacityCheck.warnings.count == before + 1)
        faded.alpha = 0.4
        endTurn()
        #expect(OpacityCheck.warnings.count == before + 1) // once per view
    }
}

@MainActor @Suite struct ClearsContextTests {
    /// Paints red on its first draw and nothing afterwards.
    final class OnceRed: UIView {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            if draws == 1 { UIColor.red.setFill(); UIRectFill(bounds) }
        }
    }

    func redrawn(clears: Bool, opaque: Bool = false) -> (Int, Int, Int, Int) {
        freshApp(pixels: CGSize(width: 100, height: 100), scale: 1)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let v = OnceRed(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        v.isOpaque = opaque
        v.clearsContextBeforeDrawing = clears
        window.addSubview(v)
        window.makeKeyAndVisible()
        endTurn()
        v.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        endTurn()
        let image = v.layer.contents as! CGImage
        withExtendedLifetime(window) {}
        return pixel(image, 5, 5)
    }

    @Test func theRedrawnAreaIsClearedFirstOnlyWhenAsked() {
        // "When this property is set to YES, UIKit automatically fills the area to be updated by your drawRect:
        // method with transparent black before calling your method."
        #expect(redrawn(clears: true) == (0, 0, 0, 0))
        #expect(redrawn(clears: false) == (255, 0, 0, 255))
        // An opaque view's store has no alpha (iOS's has none): what is cleared and not drawn again is black.
        #expect(redrawn(clears: true, opaque: true) == (0, 0, 0, 255))
        #expect(redrawn(clears: false, opaque: true) == (255, 0, 0, 255))
    }
}
