// CAGradientLayer: axial, radial and conic gradients filling their bounds (golden), and its colours, locations and
// points animating explicitly and implicitly by redrawing the layer each frame.
import Testing
import Foundation
@testable import UIKit
import QuartzCore

@MainActor @Suite struct GradientLayerTests {
    init() { freshApp() }

    static func gradient(_ frame: CGRect, _ colors: [UIColor], type: CAGradientLayerType = .axial,
                         from start: CGPoint? = nil, to end: CGPoint? = nil, locations: [NSNumber]? = nil) -> CAGradientLayer {
        let g = CAGradientLayer()
        g.frame = frame
        g.colors = colors.map(\.cgColor)
        g.type = type
        if let start { g.startPoint = start }
        if let end { g.endPoint = end }
        g.locations = locations
        return g
    }

    @Test(arguments: [CGFloat(1), 2]) func axialRadialAndConicGradientsFillTheirBounds(scale: CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 340, height: 90))
        root.backgroundColor = .white
        let layers = [
            // Top to bottom (the default points), three colours, the middle one low.
            Self.gradient(CGRect(x: 10, y: 10, width: 70, height: 70), [.red, .yellow, .blue], locations: [0, 0.25, 1]),
            // Corner to corner, half transparent at the end.
            Self.gradient(CGRect(x: 90, y: 10, width: 70, height: 70), [.systemGreen, UIColor.black.withAlphaComponent(0.5)],
                          from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1)),
            // An ellipse from the centre to the right and bottom edges.
            Self.gradient(CGRect(x: 170, y: 10, width: 70, height: 70), [.white, .purple], type: .radial,
                          from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 1, y: 1)),
            // Round the centre, starting to the right.
            Self.gradient(CGRect(x: 250, y: 10, width: 70, height: 70), [.red, .green, .blue, .red], type: .conic,
                          from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 1, y: 0.5)),
        ]
        for layer in layers {
            layer.contentsScale = scale
            root.layer.addSublayer(layer)
        }
        assertGolden(snapshot(root, scale: scale), "gradient-layers@\(Int(scale))x", allowedPixels: 40)
    }

    @Test func aGradientIsItsColoursAtTheirLocations() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 101))
        let g = Self.gradient(view.bounds, [.red, .blue], from: CGPoint(x: 0, y: 0), to: CGPoint(x: 0, y: 1))
        view.layer.addSublayer(g)
        frames(1.0 / 60)
        let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        let top = pixel(image, 50, 0), middle = pixel(image, 50, 50), bottom = pixel(image, 50, 100)
        #expect(top.0 > 245 && top.2 < 10)
        #expect(bottom.2 > 245 && bottom.0 < 10)
        #expect(abs(middle.0 - 128) < 6 && abs(middle.2 - 128) < 6)
    }

    @Test func coloursAnimateByRedrawingAndEndAtTheModel() throws {
        let view = shownView()
        let g = Self.gradient(view.bounds, [.red, .red])
        view.layer.addSublayer(g)
        frames(1.0 / 60)
        let fade = CABasicAnimation(keyPath: "colors")
        fade.fromValue = [UIColor.red.cgColor, UIColor.red.cgColor]
        fade.toValue = [UIColor.blue.cgColor, UIColor.blue.cgColor]
        fade.duration = 1
        g.colors = [UIColor.blue.cgColor, UIColor.blue.cgColor]
        g.add(fade, forKey: "fade")
        frames(0.5)
        let halfway = pixel(try #require(UIScreen.main.snapshotImage()?.cgImage), 50, 50)
        #expect(abs(halfway.0 - 128) < 12 && abs(halfway.2 - 128) < 12)
        let shown = try #require(g.presentation()?.colors?.first as? CGColor)
        #expect(abs(shown.red - 0.5) < 0.05 && abs(shown.blue - 0.5) < 0.05)
        #expect((g.colors?.first as? CGColor)?.blue == 1) // the model changed at once
        frames(0.6)
        #expect(g.animationKeys() == nil)
        let end = pixel(try #require(UIScreen.main.snapshotImage()?.cgImage), 50, 50)
        #expect(end.2 > 245 && end.0 < 10)
    }

    @Test func locationsAndPointsAnimateImplicitlyOnceShownAndNotWithActionsDisabled() {
        let view = shownView()
        let g = Self.gradient(view.bounds, [.red, .blue], locations: [0, 1])
        view.layer.addSublayer(g)
        frames(1.0 / 60)
        g.locations = [0.5, 1]
        g.startPoint = CGPoint(x: 0, y: 0.5)
        #expect(g.animation(forKey: "locations") != nil && g.animation(forKey: "startPoint") != nil)
        frames(0.125) // half of the default 0.25 s
        let shown = g.presentation()
        #expect(abs((shown?.locations?.first?.doubleValue ?? 0) - 0.25) < 0.1)
        #expect(abs((shown?.startPoint.x ?? 0) - 0.25) < 0.1)
        frames(0.25)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        g.endPoint = CGPoint(x: 1, y: 0.5)
        CATransaction.commit()
        #expect(g.animationKeys() == nil)
    }
}
