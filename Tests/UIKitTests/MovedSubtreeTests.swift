// A container moved by whole pixels: the compositor moves its subtree's records instead of working them out again
// (`Compositor.moveWithAncestor`), and layers that can be painted without cairo are (`Painter.DirectPaint`). Both
// must give exactly what a walk from scratch and a full redraw give.
import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore
import VitrinePlatform

@MainActor @Suite struct MovedSubtreeTests {
    /// A window with a container holding the kinds of layer whose records hold device pixels: a label (a store with
    /// ink), rounded and square backgrounds, a square mask with an opaque child (an occluder under a clip), a rounded
    /// mask with a child, a bordered view, a faded one (a group), and a deeper container; beside it, a clipping view
    /// that stays where it is while its content moves.
    @MainActor final class Scene {
        let window: UIWindow
        let container: UIView
        let clipper: UIView
        let clipped: UIView
        var screen: UIScreen { window.screen }

        init(scale: CGFloat) {
            freshApp(pixels: CGSize(width: 320 * scale, height: 240 * scale), scale: scale)
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
            window.backgroundColor = UIColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
            container = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
            func add(_ v: UIView, to parent: UIView, _ colour: UIColor?, radius: CGFloat = 0) {
                v.backgroundColor = colour
                v.layer.cornerRadius = radius
                parent.addSubview(v)
            }
            let label = UILabel(frame: CGRect(x: 5, y: 5, width: 120, height: 24))
            label.text = "Moving"
            label.textColor = .white
            container.addSubview(label)
            add(UIView(frame: CGRect(x: 5, y: 35, width: 80, height: 40)), to: container, .systemBlue, radius: 10)
            let square = UIView(frame: CGRect(x: 95, y: 35, width: 80, height: 40))
            square.clipsToBounds = true
            add(square, to: container, .systemGreen)
            let inside = UIView(frame: CGRect(x: -10, y: 10, width: 60, height: 60))
            inside.isOpaque = true
            add(inside, to: square, .white)
            let card = UIView(frame: CGRect(x: 5, y: 85, width: 90, height: 60))
            card.clipsToBounds = true
            add(card, to: container, .systemOrange, radius: 20)
            add(UIView(frame: CGRect(x: 50, y: 20, width: 60, height: 60)), to: card, .systemPurple)
            let bordered = UIView(frame: CGRect(x: 105, y: 85, width: 60, height: 40))
            bordered.layer.borderWidth = 2
            bordered.layer.borderColor = UIColor.yellow.cgColor
            add(bordered, to: container, nil)
            let faded = UIView(frame: CGRect(x: 105, y: 130, width: 60, height: 40))
            faded.alpha = 0.5
            add(faded, to: container, .systemRed)
            let deeper = UIView(frame: CGRect(x: 5, y: 150, width: 90, height: 40))
            add(deeper, to: container, nil)
            add(UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20)), to: deeper, .systemTeal, radius: 4)
            window.addSubview(container)
            clipper = UIView(frame: CGRect(x: 220, y: 20, width: 90, height: 90))
            clipper.clipsToBounds = true
            add(clipper, to: window, .darkGray)
            clipped = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
            add(clipped, to: clipper, .systemYellow, radius: 6)
            window.makeKeyAndVisible()
            endTurn()
        }

        /// Every layer of the window's tree, in paint order.
        var layers: [CALayer] {
            var all: [CALayer] = []
            func visit(_ l: CALayer) { all.append(l); l.sublayers?.forEach(visit) }
            visit(window.layer)
            return all
        }
    }

    /// What a layer's record holds, for comparing.
    @MainActor struct Recorded: Equatable {
        var snapshot: Compositor.Snapshot
        var rect: PixelRect, toDevice: CGAffineTransform, occluder: PixelRect?
        var childOpacity: Float, childClip: CGRect?, childOpaqueClip: CGRect?, opaqueClip: CGRect?
        var direct: [CGRect]?, extent: PixelRect, count: Int

        init(_ layer: CALayer) {
            let r = layer.compositorRecord!
            snapshot = r.snapshot; rect = r.rect; toDevice = r.toDevice; occluder = r.occluder
            childOpacity = r.childOpacity; childClip = r.childClip; childOpaqueClip = r.childOpaqueClip; opaqueClip = r.opaqueClip
            direct = r.directPaint.map {
                let c = $0.contentsTarget
                return [$0.backgroundRect, CGRect(x: c.x, y: c.y, width: c.width, height: c.height),
                        CGRect(x: $0.shadowX, y: $0.shadowY, width: 0, height: 0)]
            }
            extent = layer.subtreeExtent; count = layer.subtreeLayerCount
        }
    }

    /// The records as they are, then as a walk from scratch makes them (every record forgotten, a full frame).
    func recordsAndFromScratch(_ s: Scene) -> (kept: [Recorded], fresh: [Recorded]) {
        let kept = s.layers.map(Recorded.init)
        for layer in s.layers { layer.compositorRecord = nil; layer.appearanceChanged = true }
        s.screen.compositor.setNeedsFullFrame()
        endTurn()
        return (kept, s.layers.map(Recorded.init))
    }

    @Test(arguments: [1.0, 2.0])
    func aContainerMovedByWholePixelsKeepsRecordsAndPixelsAsAFreshWalkMakesThem(scale: CGFloat) {
        let s = Scene(scale: scale)
        // Whole pixels (moved records), then half a pixel at scale 2 and a third of a point (worked out again),
        // then content scrolled under a clip that stays (worked out again), then back.
        let moves: [(CGFloat, CGFloat)] = [(3, -2), (-7, 5), (0.5, 0), (1.0 / 3, 1), (-1.0 / 3, -0.5)]
        for (dx, dy) in moves {
            let before = s.container.frame
            s.container.center.x += dx
            s.container.center.y += dy
            s.clipped.center.y += dy
            endTurn()
            // The damage lies where the container's content was and is (the container paints nothing itself: its
            // sublayers damage their own places).
            let scaled = { (r: CGRect) in PixelRect(covering: CGRect(x: r.minX * scale, y: r.minY * scale,
                                                                     width: r.width * scale, height: r.height * scale)) }
            let places = scaled(before).union(scaled(s.container.frame)).union(scaled(s.clipper.frame))
            #expect(!s.screen.compositor.lastDamage.isEmpty)
            #expect(s.screen.compositor.lastDamage.allSatisfy { places.contains($0) }, "damage after (\(dx), \(dy))")
            let incremental = s.screen.snapshotImage()!.cgImage!
            let damageThen = s.screen.compositor.lastDamage
            let (kept, fresh) = recordsAndFromScratch(s)
            for (i, (k, f)) in zip(kept, fresh).enumerated() {
                #expect(k == f, "layer \(i) after moving (\(dx), \(dy)) at scale \(scale)")
            }
            #expect(maxDifference(incremental, s.screen.snapshotImage()!.cgImage!) == 0,
                    "after moving (\(dx), \(dy)): differs in \(differingRect(incremental, s.screen.snapshotImage()!.cgImage!).map { "\($0)" } ?? "-"), damage \(damageThen)")
            // (Against cairo's paths: rounded backgrounds' edges are placed to RoundedFill's grid, up to
            // `largestEdgeError` away, the pixels they cross up to that much coverage apart.)
            let edgeLevels = Int((255 * RoundedFill.largestEdgeError).rounded(.up))
            #expect(maxDifference(incremental, s.screen.referenceSnapshot(windows: [s.window]).cgImage!) <= 2 + edgeLevels)
        }
    }

    @Test func layersPaintedWithoutCairoAreTheOnesThatNeedNoCairoState() {
        let s = Scene(scale: 2)
        let planned = s.layers.filter { $0.compositorRecord?.directPaint != nil }
        let views = s.layers.compactMap { $0.delegate as? UIView }
        func plan(_ v: UIView) -> Painter.DirectPaint? { v.layer.compositorRecord?.directPaint }
        // The window, the rounded and square backgrounds, the label's store and the containers paint directly...
        #expect(plan(s.window) != nil && plan(s.container) != nil)
        #expect(views.contains { $0 is UILabel && plan($0)?.contents != nil })
        #expect(views.contains { $0.layer.cornerRadius == 10 && plan($0)?.radius == 20 })
        // ...masks, borders and groups go through cairo.
        for v in views where v.clipsToBounds || v.layer.borderWidth > 0 || v.alpha < 1 { #expect(plan(v) == nil) }
        #expect(planned.count >= 6)
    }
}

@MainActor @Suite struct BandedPaintingTests {
    @Test func aFramePaintedInBandsIsTheFramePaintedWhole() {
        let s = MovedSubtreeTests.Scene(scale: 2)
        s.screen.compositor.setNeedsFullFrame()
        s.window.setNeedsLayout()
        endTurn()
        let whole = s.screen.snapshotImage()!.cgImage!
        let (banded, bandBytes) = (Compositor.bandedBytes, Compositor.bandBytes)
        defer { Compositor.bandedBytes = banded; Compositor.bandBytes = bandBytes }
        // Every rectangle in bands of 16 rows: bands cut through labels, rounded corners, masks, borders and the
        // faded view's group.
        Compositor.bandedBytes = 0
        Compositor.bandBytes = 1
        s.screen.compositor.setNeedsFullFrame()
        s.window.setNeedsLayout()
        endTurn()
        #expect(s.screen.compositor.lastDamage == [PixelRect(x: 0, y: 0, width: 640, height: 480)])
        #expect(maxDifference(whole, s.screen.snapshotImage()!.cgImage!) == 0)
        // And an incremental frame (a move) painted in bands.
        s.container.center.x += 3
        endTurn()
        #expect(maxDifference(s.screen.snapshotImage()!.cgImage!,
                                                  s.screen.referenceSnapshot(windows: [s.window]).cgImage!) <= 2)
    }
}
