// CAShapeLayer: fills, strokes, caps, joins, dashes and trimmed strokes, drawn wherever the path goes (golden); a
// progress ring's strokeEnd animating explicitly and implicitly by redrawing; trimming by length across subpaths.
import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore

@MainActor @Suite struct ShapeLayerTests {
    init() { freshApp() }

    static func shape(_ path: CGPath, at frame: CGRect, fill: UIColor? = nil, stroke: UIColor? = nil, width: CGFloat = 1,
                      _ configure: (CAShapeLayer) -> Void = { _ in }) -> CAShapeLayer {
        let s = CAShapeLayer()
        s.frame = frame
        s.path = path
        s.fillColor = fill?.cgColor
        s.strokeColor = stroke?.cgColor
        s.lineWidth = width
        configure(s)
        return s
    }

    @Test(arguments: [CGFloat(1), 2]) func fillsStrokesAndTrimsWhereverThePathGoes(scale: CGFloat) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
        root.backgroundColor = .white
        let star = CGMutablePath()
        for i in 0..<5 {
            let a = CGFloat(i) * 4 * .pi / 5 - .pi / 2
            let p = CGPoint(x: 40 + 34 * cos(a), y: 50 + 34 * sin(a))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        let ring = UIBezierPath(arcCenter: CGPoint(x: 30, y: 30), radius: 26, startAngle: -.pi / 2, endAngle: 1.5 * .pi,
                                clockwise: true).cgPath
        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: 0, y: 60))
        for i in 1...4 { zigzag.addLine(to: CGPoint(x: CGFloat(i) * 15, y: i % 2 == 0 ? 60 : 20)) }
        let layers = [
            // A star filled by both rules side by side (even-odd leaves the middle empty), with a stroke.
            Self.shape(star, at: root.bounds, fill: .systemOrange, stroke: .brown, width: 2),
            Self.shape(star, at: root.bounds.offsetBy(dx: 80, dy: 0), fill: .systemOrange) { $0.fillRule = .evenOdd },
            // A progress ring: 70 % of the circle, round caps, from the top clockwise.
            Self.shape(ring, at: CGRect(x: 170, y: 20, width: 60, height: 60), stroke: .systemBlue, width: 8) {
                $0.strokeEnd = 0.7; $0.lineCap = .round
            },
            // Zero bounds: the path is drawn anyway, past them, with round joins and a dash pattern.
            Self.shape(zigzag, at: CGRect(x: 250, y: 10, width: 0, height: 0), stroke: .systemGreen, width: 5) {
                $0.lineJoin = .round; $0.lineDashPattern = [12, 4]
            },
            // The middle of a line only.
            Self.shape(CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil), at: CGRect(x: 330, y: 20, width: 60, height: 60),
                       stroke: .systemRed, width: 4) { $0.strokeStart = 0.25; $0.strokeEnd = 0.75 },
        ]
        for layer in layers {
            layer.contentsScale = scale
            root.layer.addSublayer(layer)
        }
        assertGolden(snapshot(root, scale: scale), "shape-layers@\(Int(scale))x", allowedPixels: 40)
    }

    @Test func aBareShapeLayerIsDrawnAtTheScreensScale() throws {
        _ = freshApp(scale: 2)
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        root.backgroundColor = .white
        // A half-point line from x 10 to 10.5: on a 2x screen exactly pixel column 20, as Core Animation draws it
        // whatever the layer's contentsScale (1 here, never set); drawn at 1x it would be a grey pair of columns.
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 10.25, y: 0))
        line.addLine(to: CGPoint(x: 10.25, y: 20))
        let shape = Self.shape(line, at: root.bounds, stroke: .black, width: 0.5)
        root.layer.addSublayer(shape)
        #expect(shape.contentsScale == 1)
        let image = try #require(snapshot(root, scale: 2).cgImage)
        #expect(pixel(image, 20, 10).0 < 10)
        #expect(pixel(image, 21, 10).0 > 245)
        #expect(pixel(image, 19, 10).0 > 245)
    }

    @Test func trimmingCountsTheWholeLengthAcrossSubpaths() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0)); path.addLine(to: CGPoint(x: 100, y: 0))
        path.move(to: CGPoint(x: 0, y: 10)); path.addLine(to: CGPoint(x: 100, y: 10))
        var points: [CGPoint] = []
        PathTrimming.trimmed(path, from: 0.25, to: 0.75).applyWithBlock { element in
            switch element {
            case .moveTo(let p), .lineTo(let p): points.append(p)
            default: break
            }
        }
        // A quarter of 200 is halfway along the first line; three quarters, halfway along the second.
        #expect(points == [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 10), CGPoint(x: 50, y: 10)])
    }

    @Test func aProgressRingsStrokeEndAnimatesExplicitlyAndImplicitly() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        // A line across the middle, from left to right: how far it is drawn shows strokeEnd.
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 50)); line.addLine(to: CGPoint(x: 100, y: 50))
        let s = Self.shape(line, at: view.bounds, stroke: .blue, width: 10) { $0.strokeEnd = 0 }
        view.layer.addSublayer(s)
        frames(1.0 / 60)
        func drawnUpTo() throws -> Int {
            let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
            return (0..<100).last { pixel(image, $0, 50).2 > 200 && pixel(image, $0, 50).0 < 60 } ?? -1
        }
        #expect(try drawnUpTo() == -1)
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 1
        s.strokeEnd = 1
        s.add(grow, forKey: "grow")
        frames(0.5)
        #expect(abs(try drawnUpTo() - 50) <= 3)
        #expect(abs((s.presentation()?.strokeEnd ?? 0) - 0.5) < 0.03)
        frames(0.6)
        #expect(try drawnUpTo() == 99)
        #expect(s.animationKeys() == nil)
        // Implicitly, over the default quarter second, once the layer is on screen.
        s.strokeEnd = 0.2
        #expect(s.animation(forKey: "strokeEnd") != nil)
        frames(0.125)
        #expect(abs(try drawnUpTo() - 60) <= 6)
        frames(0.2)
        #expect(abs(try drawnUpTo() - 20) <= 2)
    }
}

extension ShapeLayerTests {
    @Test func aDirectChangeWithActionsDisabledRedrawsOnTheNextFrame() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 50)); line.addLine(to: CGPoint(x: 100, y: 50))
        let s = Self.shape(line, at: view.bounds, stroke: .blue, width: 10) { $0.strokeEnd = 0.2 }
        view.layer.addSublayer(s)
        frames(1.0 / 60)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        s.strokeEnd = 0.8
        CATransaction.commit()
        frames(1.0 / 60)
        let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        #expect(pixel(image, 70, 50).2 > 200 && pixel(image, 70, 50).0 < 60)
    }
}

@MainActor @Suite struct TransformLayerTests {
    init() { freshApp() }

    @Test func aTransformLayerShowsOnlyItsSublayers() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let group = CATransformLayer()
        group.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        group.backgroundColor = UIColor.red.cgColor // ignored, as Core Animation ignores it
        group.borderWidth = 4
        group.masksToBounds = true
        let child = CALayer()
        child.frame = CGRect(x: 60, y: 60, width: 60, height: 20) // past the group's bounds: not clipped
        child.backgroundColor = UIColor.blue.cgColor
        group.addSublayer(child)
        group.setAffineTransform(CGAffineTransform(translationX: -10, y: 0))
        view.layer.addSublayer(group)
        frames(1.0 / 60)
        let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
        #expect(pixel(image, 10, 10) == (255, 255, 255, 255), "no background or border of its own")
        #expect(pixel(image, 55, 65).2 == 255 && pixel(image, 55, 65).0 == 0, "the sublayer, moved with the group")
        #expect(pixel(image, 99, 65).2 == 255, "not clipped to the group's bounds")
    }
}

extension ShapeLayerTests {
    @Test func aPathAnimatesPointByPointBetweenShapesOfTheSameElements() throws {
        let view = shownView(CGRect(x: 0, y: 0, width: 100, height: 100))
        view.backgroundColor = .white
        let narrow = CGPath(rect: CGRect(x: 0, y: 40, width: 20, height: 20), transform: nil)
        let wide = CGPath(rect: CGRect(x: 0, y: 40, width: 100, height: 20), transform: nil)
        let s = Self.shape(narrow, at: view.bounds, fill: .blue)
        view.layer.addSublayer(s)
        frames(1.0 / 60)
        func filledUpTo() throws -> Int {
            let image = try #require(UIScreen.main.snapshotImage()?.cgImage)
            return (0..<100).last { pixel(image, $0, 50).2 > 200 && pixel(image, $0, 50).0 < 60 } ?? -1
        }
        let grow = CABasicAnimation(keyPath: "path")
        grow.fromValue = narrow
        grow.toValue = wide
        grow.duration = 1
        s.path = wide
        s.add(grow, forKey: "grow")
        frames(0.5)
        #expect(abs(try filledUpTo() - 59) <= 2, "halfway from 20 to 100 points wide")
        #expect(abs((s.presentation()?.path?.boundingBox.width ?? 0) - 60) < 2)
        frames(0.6)
        #expect(try filledUpTo() == 99)
        // Implicitly too, once shown; a path of other elements jumps at the middle of the animation.
        s.path = narrow
        #expect(s.animation(forKey: "path") != nil)
        frames(0.3)
        #expect(try filledUpTo() == 19)
        s.path = CGPath(ellipseIn: CGRect(x: 0, y: 40, width: 80, height: 20), transform: nil)
        frames(0.05)
        #expect(try filledUpTo() == 19, "the old shape until halfway")
        frames(0.3)
        #expect(abs(try filledUpTo() - 79) <= 1)
    }
}
