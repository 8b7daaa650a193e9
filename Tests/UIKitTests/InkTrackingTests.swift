// Ink tracking: a backing store knows which of its pixels its drawing touched, so the compositor damages and
// composites only those — while the view still redraws its whole bounds when asked, as in UIKit.
import Testing
@testable import UIKit
@_spi(VitrineInternals) import CoreGraphics
import QuartzCore
import VitrinePlatform

@MainActor @Suite struct InkTrackingTests {
    /// A view that fills one small square wherever `dot` says, and optionally writes pixels itself.
    final class DotView: UIView {
        var dot = CGRect(x: 10, y: 10, width: 8, height: 8) { didSet { setNeedsDisplay() } }
        var writesPixelsDirectly = false
        override func draw(_ rect: CGRect) {
            let ctx = UIGraphicsGetCurrentContext()!
            if writesPixelsDirectly {
                // Through the raw pointer: one opaque red pixel at the store's far corner, out of any path's reach.
                let pixels = ctx.data!.assumingMemoryBound(to: UInt32.self)
                pixels[(ctx.height - 1) * ctx.bytesPerRow / 4 + ctx.width - 1] = 0xFFFF_0000
            }
            ctx.setFillColor(UIColor.systemRed.cgColor)
            ctx.fill(dot)
        }
    }

    @MainActor final class Scene {
        let window: UIWindow
        let view: DotView
        let label: UILabel

        init(scale: CGFloat) {
            freshApp(pixels: CGSize(width: 240 * scale, height: 160 * scale), scale: scale)
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 160))
            window.backgroundColor = UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
            view = DotView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
            view.isOpaque = false
            window.addSubview(view)
            label = UILabel(frame: CGRect(x: 20, y: 124, width: 200, height: 30))
            label.text = "A long label text"
            label.textColor = .white
            window.addSubview(label)
            window.makeKeyAndVisible()
            endTurn()
        }

        var damage: PixelRect {
            window.screen.compositor.lastDamage.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        }

        /// The largest channel difference between the screen and a full redraw of the window.
        func differenceFromFullRedraw() -> Int {
            let a = window.screen.snapshotImage()!.cgImage!, b = window.screen.referenceSnapshot(windows: [window]).cgImage!
            var worst = 0
            a.withUnsafePixels { pa, sa in b.withUnsafePixels { pb, sb in
                for y in 0..<a.height { for x in 0..<a.width * 4 { worst = max(worst, abs(Int(pa[y * sa + x]) - Int(pb[y * sb + x]))) } }
            } }
            return worst
        }
    }

    @Test(arguments: [1, 2] as [CGFloat]) func aStoreKnowsWhatItsDrawingTouched(scale: CGFloat) throws {
        let s = Scene(scale: scale)
        let ink = try #require(s.view.layer.renderValues().contentsInk)
        // The dot (8x8 points at 10,10) in store pixels, with at most a pixel of margin each side.
        let dot = CGRect(x: 10 * scale, y: 10 * scale, width: 8 * scale, height: 8 * scale)
        #expect(ink.contains(dot))
        #expect(dot.insetBy(dx: -1, dy: -1).contains(ink))
        #expect(s.differenceFromFullRedraw() == 0)
    }

    @Test func movingTheDrawingDamagesItsOldAndNewInkOnly() {
        let s = Scene(scale: 1)
        s.view.dot = CGRect(x: 80, y: 80, width: 8, height: 8)
        endTurn()
        // Old dot at (30,30), new at (100,100) on screen: the damage spans them, not the view's 100x100 bounds.
        let damage = s.damage
        #expect(damage.contains(PixelRect(x: 30, y: 30, width: 8, height: 8)))
        #expect(damage.contains(PixelRect(x: 100, y: 100, width: 8, height: 8)))
        #expect(s.window.screen.compositor.lastDamage.reduce(0) { $0 + $1.area } < 2 * 12 * 12)
        #expect(s.differenceFromFullRedraw() == 0)
    }

    @Test func aLabelChangeDamagesItsOldAndNewTextNotItsWholeFrame() {
        let s = Scene(scale: 2)
        s.label.text = "Short"
        endTurn()
        // The old text was wider than the new: the damage is the old text's box, narrower than the 200-point label.
        let wide = s.damage
        #expect(wide.width > 0 && wide.width < 2 * 200 - 20)
        #expect(s.differenceFromFullRedraw() <= 2)
        s.label.text = ""
        endTurn()
        #expect(s.damage.width <= wide.width)
        #expect(s.label.layer.renderValues().contentsInk == .null)
        #expect(s.differenceFromFullRedraw() <= 2)
        s.label.text = "Back again, wider than before"
        endTurn()
        #expect(s.differenceFromFullRedraw() <= 2)
    }

    @Test func pixelsWrittenThroughTheContextsPointerCountAsInkEverywhere() throws {
        let s = Scene(scale: 1)
        s.view.writesPixelsDirectly = true
        s.view.setNeedsDisplay()
        endTurn()
        let ink = try #require(s.view.layer.renderValues().contentsInk)
        #expect(ink == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(s.differenceFromFullRedraw() == 0)
        // The pixel written at the store's corner is on screen.
        let shown = s.window.screen.snapshotImage()!.cgImage!
        shown.withUnsafePixels { p, stride in
            let px = p.load(fromByteOffset: 119 * stride + 119 * 4, as: UInt32.self)
            #expect(px == 0xFFFF_0000)
        }
    }

    @Test func aRedrawOfAShadowedLayerMovesItsShadow() {
        let s = Scene(scale: 1)
        s.view.layer.shadowOpacity = 1
        s.view.layer.shadowRadius = 2
        endTurn()
        s.view.dot = CGRect(x: 60, y: 20, width: 8, height: 8)
        endTurn()
        #expect(s.differenceFromFullRedraw() <= 2)
    }

    @Test func anOpaqueStoreIsInkedEverywhere() throws {
        let s = Scene(scale: 1)
        s.view.isOpaque = true
        endTurn()
        let ink = try #require(s.view.layer.renderValues().contentsInk)
        #expect(ink == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(s.differenceFromFullRedraw() == 0)
    }
}
