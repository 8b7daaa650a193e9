// Golden images of the composited screen for layer and view properties, at scale 1 and 2 (seeds: "Content
// Modes", "Stretchable Views", "The Relationship of the Frame, Bounds, and Center" figures 1-3/1-4, rotated
// views, clipping, alpha groups, hidden subtrees).
import Testing
@testable import UIKit
import QuartzCore

@MainActor @Suite struct LayerGoldenTests {
    nonisolated static let scales: [CGFloat] = [1, 2]

    /// A screen of `size` points at `scale` with one visible white window; returns the window.
    func screen(_ size: CGSize, _ scale: CGFloat) -> UIWindow {
        freshApp(pixels: CGSize(width: size.width * scale, height: size.height * scale), scale: scale)
        let w = UIWindow(frame: CGRect(origin: .zero, size: size))
        w.backgroundColor = .white
        w.makeKeyAndVisible()
        return w
    }

    func shot(_ w: UIWindow) -> UIImage {
        endTurn()
        return w.screen.snapshotImage()!
    }

    /// Draws an arrow-and-ring picture, so scaling, cropping and placement all show.
    final class Picture: UIView {
        override func draw(_ rect: CGRect) {
            UIColor.systemYellow.setFill(); UIRectFill(bounds)
            UIColor.systemRed.setFill(); UIRectFill(CGRect(x: 0, y: 0, width: bounds.width / 3, height: bounds.height / 3))
            UIColor.systemBlue.setStroke()
            let ring = UIBezierPath(ovalIn: bounds.insetBy(dx: bounds.width * 0.25, dy: bounds.height * 0.25))
            ring.lineWidth = 3
            ring.stroke()
        }
    }

    @Test(arguments: scales) func layerPropertiesCornersBordersOpacityHidden(scale: CGFloat) {
        let w = screen(CGSize(width: 300, height: 120), scale)
        let rounded = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        rounded.backgroundColor = .systemTeal
        rounded.layer.cornerRadius = 20
        rounded.layer.borderWidth = 4
        rounded.layer.borderColor = UIColor.systemIndigo.cgColor
        rounded.clipsToBounds = true
        let inner = UIView(frame: CGRect(x: 40, y: 40, width: 60, height: 60)) // clipped by the rounded corner
        inner.backgroundColor = .systemPink
        rounded.addSubview(inner)
        // Group opacity: overlapping children fade as one.
        let group = UIView(frame: CGRect(x: 110, y: 10, width: 80, height: 80))
        group.alpha = 0.5
        for (i, c) in [UIColor.systemRed, UIColor.systemBlue].enumerated() {
            let v = UIView(frame: CGRect(x: CGFloat(i) * 25, y: CGFloat(i) * 25, width: 50, height: 50))
            v.backgroundColor = c
            group.addSubview(v)
        }
        // A hidden subtree and a layer without a view (Listing 3-2).
        let hidden = UIView(frame: CGRect(x: 200, y: 10, width: 40, height: 40))
        hidden.backgroundColor = .black
        hidden.isHidden = true
        hidden.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        let plainLayer = CALayer()
        plainLayer.frame = CGRect(x: 210, y: 60, width: 70, height: 40)
        plainLayer.backgroundColor = UIColor.systemGreen.cgColor
        plainLayer.cornerRadius = 8
        plainLayer.borderWidth = 2
        [rounded, group, hidden].forEach(w.addSubview)
        w.layer.addSublayer(plainLayer)
        let image = shot(w)
        assertGolden(image, "layers-properties@\(Int(scale))x")
        let s = Int(scale)
        #expect(pixel(image.cgImage!, 220 * s, 20 * s) == (255, 255, 255, 255)) // hidden: nothing drawn
        #expect(pixel(image.cgImage!, 12 * s, 12 * s) == (255, 255, 255, 255))  // outside the rounded corner
    }

    @Test(arguments: scales) func framesBoundsTransformsAndRotatedClipping(scale: CGFloat) {
        let w = screen(CGSize(width: 300, height: 140), scale)
        // Figures 1-3 / 1-4: the same content with its bounds origin moved shows a different part, same place.
        for (i, origin) in [CGPoint.zero, CGPoint(x: 8, y: 24)].enumerated() {
            let clip = UIView(frame: CGRect(x: 5 + CGFloat(i) * 70, y: 5, width: 60, height: 60))
            clip.clipsToBounds = true
            clip.bounds.origin = origin
            let content = Picture(frame: CGRect(x: 0, y: 0, width: 90, height: 90))
            clip.addSubview(content)
            w.addSubview(clip)
        }
        // A rotated, clipping view (Figure 3-2): its subviews are clipped to the rotated bounds.
        let rotated = UIView(frame: CGRect(x: 160, y: 20, width: 80, height: 60))
        rotated.backgroundColor = UIColor(white: 0.8, alpha: 1)
        rotated.clipsToBounds = true
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 8)
        let sticking = UIView(frame: CGRect(x: 50, y: 30, width: 60, height: 60))
        sticking.backgroundColor = .systemPurple
        rotated.addSubview(sticking)
        w.addSubview(rotated)
        // A scaled cached picture: the content is scaled, not redrawn.
        let scaled = Picture(frame: CGRect(x: 20, y: 80, width: 40, height: 40))
        w.addSubview(scaled)
        endTurn()
        scaled.transform = CGAffineTransform(scaleX: 1.5, y: 1)
        assertGolden(shot(w), "layers-geometry@\(Int(scale))x", allowedPixels: 20)
        #expect(scaled.layer.displayCount == 1)
    }

    @Test(arguments: scales) func contentModesShowCachedContentAfterAResize(scale: CGFloat) {
        let w = screen(CGSize(width: 7 * 44, height: 2 * 44), scale)
        var views: [Picture] = []
        for (i, mode) in UIView.ContentMode.allCases.enumerated() {
            let v = Picture(frame: CGRect(x: CGFloat(i % 7) * 44 + 8, y: CGFloat(i / 7) * 44 + 10, width: 24, height: 16))
            v.contentMode = mode
            let well = UIView(frame: CGRect(x: CGFloat(i % 7) * 44 + 2, y: CGFloat(i / 7) * 44 + 2, width: 40, height: 40))
            well.backgroundColor = UIColor(white: 0.85, alpha: 1)
            w.addSubview(well)
            w.addSubview(v)
            views.append(v)
        }
        endTurn()
        // Resize every view to 40x40: the cached 24x16 drawing is placed by the content mode; `.redraw`
        // redraws instead.
        for (i, v) in views.enumerated() { v.frame = CGRect(x: CGFloat(i % 7) * 44 + 2, y: CGFloat(i / 7) * 44 + 2, width: 40, height: 40) }
        assertGolden(shot(w), "layers-content-modes@\(Int(scale))x")
        #expect(views.filter { $0.layer.displayCount == 2 }.count == 1) // only .redraw drew again
    }

    @Test(arguments: scales) func stretchableContentKeepsItsCaps(scale: CGFloat) {
        let w = screen(CGSize(width: 220, height: 90), scale)
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        let bubble = UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30), format: format).image { _ in
            UIColor.systemBlue.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 30, height: 30), cornerRadius: 12).fill()
        }
        let layer = CALayer()
        layer.contents = bubble.cgImage
        layer.contentsScale = scale
        layer.contentsCenter = CGRect(x: 13.0 / 30, y: 13.0 / 30, width: 4.0 / 30, height: 4.0 / 30)
        layer.frame = CGRect(x: 10, y: 10, width: 200, height: 70)
        w.layer.addSublayer(layer)
        let image = shot(w)
        assertGolden(image, "layers-stretch@\(Int(scale))x")
        let s = Int(scale)
        #expect(pixel(image.cgImage!, 11 * s, 11 * s) == (255, 255, 255, 255)) // the corner keeps its radius
        #expect(pixel(image.cgImage!, 110 * s, 45 * s) == (0, 122, 255, 255))  // the middle stretched
    }
}
