// Layer shadows, contentsRect, cubic keyframes and CATransition as the compositor shows them (Core Animation's
// "Shadow Properties", "contentsRect", "CATransition"; the seeds' presentation and render trees).
import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore
import VitrinePlatform

@MainActor @Suite struct LayerShadowTests {
    /// A window with the kinds of shadow a panel UI uses: a rounded card (the default black shadow, offset
    /// down), content drawn on a clear background (the shadow follows its alpha), a hard-edged shadow path, and
    /// a layer that masks to its bounds (its own shadow is clipped away, as on iOS).
    func shadowScene(scale: CGFloat) -> (UIWindow, UIView) {
        freshApp(pixels: CGSize(width: 240 * scale, height: 140 * scale), scale: scale)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 140))
        window.backgroundColor = .white
        let card = UIView(frame: CGRect(x: 15, y: 15, width: 80, height: 50))
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 10
        card.layer.shadowOpacity = 0.6
        card.layer.shadowOffset = CGSize(width: 0, height: 6)
        card.layer.shadowRadius = 5
        window.addSubview(card)
        let dot = DotView(frame: CGRect(x: 130, y: 15, width: 50, height: 50))
        dot.layer.shadowColor = UIColor.red.cgColor
        dot.layer.shadowOpacity = 1
        dot.layer.shadowOffset = CGSize(width: 6, height: 6)
        dot.layer.shadowRadius = 2
        window.addSubview(dot)
        let pathed = UIView(frame: CGRect(x: 15, y: 85, width: 60, height: 40))
        pathed.backgroundColor = .systemGreen
        pathed.layer.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 40), transform: nil)
        pathed.layer.shadowOpacity = 1
        pathed.layer.shadowRadius = 0
        pathed.layer.shadowOffset = CGSize(width: 12, height: 8)
        window.addSubview(pathed)
        let clipped = UIView(frame: CGRect(x: 130, y: 85, width: 60, height: 40))
        clipped.backgroundColor = .systemOrange
        clipped.clipsToBounds = true
        clipped.layer.shadowOpacity = 1
        clipped.layer.shadowOffset = CGSize(width: 10, height: 10)
        window.addSubview(clipped)
        window.makeKeyAndVisible()
        endTurn()
        return (window, card)
    }

    @Test(arguments: [CGFloat(1), 2]) func shadowsAsAPanelShowsThem(scale: CGFloat) {
        let (window, _) = shadowScene(scale: scale)
        let shown = window.screen.snapshotImage()!
        assertGolden(shown, "layer-shadows@\(Int(scale))x")
        let image = shown.cgImage!
        func at(_ x: CGFloat, _ y: CGFloat) -> (Int, Int, Int, Int) { pixel(image, Int(x * scale), Int(y * scale)) }
        // Under the card's bottom edge: darkened grey; far from it: white.
        let under = at(55, 68)
        #expect(under.0 < 200 && abs(under.0 - under.2) < 4)
        #expect(at(115, 78) == (255, 255, 255, 255))
        // The dot's shadow is red where it falls past the dot.
        let red = at(180, 50)
        #expect(red.0 > 200 && red.1 < 120)
        // The hard shadow path: the ellipse's own shape, offset (inside it, pure black; just outside, white).
        #expect(at(80, 113) == (0, 0, 0, 255))
        #expect(at(86, 94) == (255, 255, 255, 255))
        // Masking to the bounds clips the layer's own shadow.
        #expect(at(195, 130) == (255, 255, 255, 255))
    }

    /// Moving a shadowed view repaints its old and new shadow (damage-only frames equal a whole redraw), and the
    /// blurred mask is made once, not per frame.
    @Test func aMovingShadowRepaintsWhereItWasAndReusesItsMask() {
        let (window, card) = shadowScene(scale: 1)
        let mask = card.layer.shadowCache
        #expect(mask != nil)
        UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear) { card.center.x += 60.5 }
        frames(0.25)
        #expect(card.layer.shadowCache === mask)
        let damage = window.screen.compositor.lastDamage
        #expect(damage.contains { $0.y + $0.height >= 15 + 50 + 6 + 15 }) // reaches the shadow's blurred edge
        frames(0.3)
        let shown = window.screen.snapshotImage()!.cgImage!
        let full = window.screen.referenceSnapshot(windows: [window]).cgImage!
        #expect(maxDifference(shown, full) <= 2)
        // A new blur radius makes a new mask.
        card.layer.shadowRadius = 8
        endTurn()
        #expect(card.layer.shadowCache !== mask)
        // Turning the shadow off lets go of the mask (a fade out keeps it until the fade is over).
        UIView.animate(withDuration: 0.2) { card.layer.shadowOpacity = 0 }
        frames(0.1)
        #expect(card.layer.shadowCache != nil)
        frames(0.15)
        #expect(card.layer.shadowCache == nil)
    }

    @Test func shadowPropertiesAnimateAndDefaultAsOnIOS() {
        let layer = CALayer()
        #expect(layer.shadowOpacity == 0)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3)
        #expect(layer.shadowColor == CGColor.black)
        for key in ["shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "contentsRect"] {
            #expect(CALayer.isAnimatable(key: key), "\(key)")
        }
        freshApp()
        let view = shownView()
        let basic = CABasicAnimation(keyPath: "shadowOpacity")
        basic.fromValue = 0
        basic.toValue = 1
        basic.duration = 1
        view.layer.add(basic, forKey: "fade")
        frames(0.5)
        #expect(abs((view.layer.presentation()?.shadowOpacity ?? 0) - 0.5) < 0.02)
    }
}

/// Draws a filled circle on a clear background.
final class DotView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        backgroundColor = .clear
    }
    required init?(coder: NSCoder) { fatalError("not used") }
    override func draw(_ rect: CGRect) {
        UIColor.black.setFill()
        UIBezierPath(ovalIn: bounds).fill()
    }
}

@MainActor @Suite struct ContentsRectTests {
    /// A 2x2 image of four colours: red, green / blue, white.
    func quadrants() -> CGImage {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: {
            let f = UIGraphicsImageRendererFormat(); f.scale = 1; return f
        }())
        return renderer.image { ctx in
            for (i, c) in [UIColor.red, .green, .blue, .white].enumerated() {
                c.setFill()
                ctx.fill(CGRect(x: i % 2, y: i / 2, width: 1, height: 1))
            }
        }.cgImage!
    }

    @Test func contentsRectShowsPartOfTheImageAndAnimatesLikeASpriteSheet() {
        freshApp(pixels: CGSize(width: 100, height: 100))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = .black
        let sprite = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        sprite.layer.contents = quadrants()
        sprite.layer.magnificationFilter = .nearest
        sprite.layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5)
        window.addSubview(sprite)
        window.makeKeyAndVisible()
        endTurn()
        var shown = window.screen.snapshotImage()!.cgImage!
        #expect(pixel(shown, 5, 5) == (0, 255, 0, 255))
        #expect(pixel(shown, 35, 35) == (0, 255, 0, 255))

        // Frames of a sprite sheet, one per quarter second.
        let frames4 = CAKeyframeAnimation(keyPath: "contentsRect")
        frames4.values = [CGRect(x: 0, y: 0, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5),
                          CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)]
        frames4.calculationMode = .discrete
        frames4.duration = 1
        sprite.layer.add(frames4, forKey: "sprite")
        var seen: [(Int, Int, Int, Int)] = []
        for _ in 0..<4 {
            frames(0.125)
            shown = window.screen.snapshotImage()!.cgImage!
            seen.append(pixel(shown, 20, 20))
            frames(0.125)
        }
        #expect(seen.map { $0.0 } == [255, 0, 0, 255])
        #expect(seen.map { $0.1 } == [0, 255, 0, 255])
        #expect(seen.map { $0.2 } == [0, 0, 255, 255])
    }
}

@MainActor @Suite struct CubicKeyframeTests {
    /// Cubic keyframes pass through every value and curve between them (a Catmull-Rom spline by default);
    /// tension 1 flattens the tangents.
    @Test func cubicKeyframesAreASplineThroughTheValues() {
        freshApp()
        let view = shownView()
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0, 10, 0, 10]
        a.calculationMode = .cubic
        a.duration = 3
        view.layer.add(a, forKey: "x")
        func x() -> CGFloat { view.layer.presentation()!.position.x }
        let clock = UIApplication.shared.runLoop.clock as! ManualClock
        clock.advance(by: 0.5); #expect(abs(x() - 5.625) < 1e-6)
        clock.advance(by: 0.5); #expect(abs(x() - 10) < 1e-6)
        clock.advance(by: 0.5); #expect(abs(x() - 5) < 1e-6) // symmetric middle segment
        let tight = CAKeyframeAnimation(keyPath: "position.y")
        tight.values = [0, 10, 0, 10]
        tight.calculationMode = .cubic
        tight.tensionValues = [1, 1, 1, 1]
        tight.duration = 3
        view.layer.add(tight, forKey: "y")
        clock.advance(by: 0.5)
        #expect(abs(view.layer.presentation()!.position.y - 5) < 1e-6) // zero tangents: smoothstep, 5 halfway
    }
}

@MainActor @Suite struct TransitionTests {
    /// A window with a 100x100 box of `colour` at the origin.
    func boxScene() -> (UIWindow, UIView) {
        freshApp(pixels: CGSize(width: 200, height: 120))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        window.backgroundColor = .black
        let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        box.backgroundColor = .red
        window.addSubview(box)
        window.makeKeyAndVisible()
        endTurn()
        return (window, box)
    }

    func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype?) -> CATransition {
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = 1
        return t
    }

    @Test func aFadeCrossesFromTheOldPictureToTheNew() {
        let (window, box) = boxScene()
        final class Listener: CAAnimationDelegate {
            var stopped: [Bool] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped.append(flag) }
        }
        let listener = Listener()
        let fade = transition(.fade, nil)
        fade.delegate = listener
        box.layer.add(fade, forKey: "anything")
        #expect(box.layer.animationKeys() == [kCATransition])
        box.backgroundColor = .blue
        frames(0.5)
        let mid = pixel(window.screen.snapshotImage()!.cgImage!, 50, 50)
        #expect(abs(mid.0 - 128) <= 4 && mid.1 == 0 && abs(mid.2 - 128) <= 4)
        frames(0.6)
        #expect(pixel(window.screen.snapshotImage()!.cgImage!, 50, 50) == (0, 0, 255, 255))
        #expect(listener.stopped == [true])
        #expect(box.layer.animationKeys() == nil)
        let full = window.screen.referenceSnapshot(windows: [window]).cgImage!
        #expect(maxDifference(window.screen.snapshotImage()!.cgImage!, full) <= 2)
    }

    @Test func pushMoveInAndRevealMoveThePictures() {
        // (type, subtype, x and y probes, expected colour there halfway: r = old, b = new, k = the window behind)
        let cases: [(CATransitionType, CATransitionSubtype, [(Int, Int, Character)])] = [
            (.push, .fromRight, [(25, 50, "r"), (75, 50, "b"), (125, 50, "b"), (160, 50, "k")]),
            (.moveIn, .fromBottom, [(50, 25, "r"), (50, 75, "b"), (50, 110, "b")]),
            (.reveal, .fromLeft, [(25, 50, "b"), (75, 50, "r"), (125, 50, "r")]),
            (.push, .fromTop, [(50, 25, "b"), (50, 75, "r")]),
        ]
        for (type, subtype, probes) in cases {
            let (window, box) = boxScene()
            box.layer.add(transition(type, subtype), forKey: nil)
            box.backgroundColor = .blue
            frames(0.5)
            let shown = window.screen.snapshotImage()!.cgImage!
            for (x, y, c) in probes {
                let p = pixel(shown, x, y)
                let want = c == "r" ? (255, 0, 0, 255) : c == "b" ? (0, 0, 255, 255) : (0, 0, 0, 255)
                #expect(p == want, "\(type.rawValue) \(subtype.rawValue) at (\(x), \(y))")
            }
            frames(0.6)
            // Over: the new picture in place, and no trace of the travel outside the box.
            let end = window.screen.snapshotImage()!.cgImage!
            #expect(pixel(end, 50, 50) == (0, 0, 255, 255))
            #expect(pixel(end, 150, 50) == (0, 0, 0, 255))
            #expect(pixel(end, 50, 110) == (0, 0, 0, 255))
        }
    }

    /// The usual way to animate a label's text: change it and add a transition to its layer in the same turn.
    @Test func aLabelsTextChangesThroughAPush() {
        freshApp(pixels: CGSize(width: 160, height: 60))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 160, height: 60))
        window.backgroundColor = .white
        let label = UILabel(frame: CGRect(x: 20, y: 10, width: 120, height: 40))
        label.text = "Old"
        label.font = .systemFont(ofSize: 24)
        label.backgroundColor = UIColor(white: 0.9, alpha: 1)
        label.clipsToBounds = true
        window.addSubview(label)
        window.makeKeyAndVisible()
        endTurn()
        let transition = transition(.push, .fromBottom)
        label.text = "New"
        label.layer.add(transition, forKey: nil)
        frames(0.5)
        assertGolden(window.screen.snapshotImage()!, "transition-push-halfway", allowedPixels: 20)
        frames(0.6)
        #expect(label.layer.animationKeys() == nil)
    }

    @Test func aLayerThatWasNotOnScreenFadesIn() {
        let (window, _) = boxScene()
        let fresh = UIView(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
        fresh.backgroundColor = .white
        window.addSubview(fresh)
        fresh.layer.add(transition(.fade, nil), forKey: nil)
        frames(0.5)
        let mid = pixel(window.screen.snapshotImage()!.cgImage!, 150, 50)
        #expect(abs(mid.0 - 128) <= 4)
    }
}

@MainActor @Suite struct RoundedBackgroundTests {
    /// Rounded backgrounds drawn from cached corner masks are the pixels cairo's path fill gives (the reference
    /// rendering draws every layer through cairo): radii whole and fractional, opaque and translucent, at scale 1
    /// and 2, with a damaged area cutting through corners.
    @Test(arguments: [CGFloat(1), 2]) func cachedCornersMatchThePathFill(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 240 * scale, height: 120 * scale), scale: scale)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 120))
        window.backgroundColor = UIColor(white: 0.1, alpha: 1)
        var views: [UIView] = []
        for (i, radius) in [CGFloat(4), 7.5, 12, 20.25, 30].enumerated() {
            let v = UIView(frame: CGRect(x: 10 + CGFloat(i) * 45, y: 10, width: 40, height: 90))
            v.backgroundColor = i % 2 == 0 ? .systemBlue : UIColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
            v.isOpaque = false
            v.layer.cornerRadius = radius
            window.addSubview(v)
            views.append(v)
        }
        window.makeKeyAndVisible()
        endTurn()
        #expect(maxDifference(window.screen.snapshotImage()!.cgImage!,
                              window.screen.referenceSnapshot(windows: [window]).cgImage!) == 0)
        // A small change damages part of two corners only.
        let dot = UIView(frame: CGRect(x: 45, y: 5, width: 15, height: 15))
        dot.backgroundColor = .white
        window.addSubview(dot)
        endTurn()
        #expect(maxDifference(window.screen.snapshotImage()!.cgImage!,
                              window.screen.referenceSnapshot(windows: [window]).cgImage!) == 0)
        withExtendedLifetime(views) {}
    }
}

@MainActor @Suite struct MaskedCornersTests {
    /// `maskedCorners` rounds only the corners it names: the background, the border and the clip of a masking
    /// layer; changing it repaints.
    @Test func onlyTheMaskedCornersAreRounded() {
        freshApp(pixels: CGSize(width: 200, height: 100))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.backgroundColor = .white
        let top = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        top.backgroundColor = .black
        top.layer.cornerRadius = 20
        top.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        window.addSubview(top)
        // A masking layer whose child fills it: the clip follows the masked corners.
        let clip = UIView(frame: CGRect(x: 110, y: 10, width: 80, height: 80))
        clip.clipsToBounds = true
        clip.layer.cornerRadius = 20
        clip.layer.maskedCorners = [.layerMaxXMaxYCorner]
        let child = UIView(frame: clip.bounds)
        child.backgroundColor = .black
        clip.addSubview(child)
        window.addSubview(clip)
        window.makeKeyAndVisible()
        endTurn()
        var image = window.screen.snapshotImage()!.cgImage!
        #expect(pixel(image, 11, 11).0 == 255) // top left: rounded away
        #expect(pixel(image, 88, 11).0 == 255) // top right: rounded away
        #expect(pixel(image, 11, 88).0 == 0) // bottom left: square
        #expect(pixel(image, 88, 88).0 == 0) // bottom right: square
        #expect(pixel(image, 111, 11).0 == 0)
        #expect(pixel(image, 188, 11).0 == 0)
        #expect(pixel(image, 111, 88).0 == 0)
        #expect(pixel(image, 188, 88).0 == 255) // the one masked corner
        #expect(maxDifference(image, window.screen.referenceSnapshot(windows: [window]).cgImage!) == 0)
        top.layer.maskedCorners = [.layerMinXMaxYCorner]
        endTurn()
        image = window.screen.snapshotImage()!.cgImage!
        #expect(pixel(image, 11, 11).0 == 0)
        #expect(pixel(image, 11, 88).0 == 255)
        #expect(maxDifference(image, window.screen.referenceSnapshot(windows: [window]).cgImage!) == 0)
    }
}
