// UIKit behaviours as UIKit documents them, tested the way an iOS developer would: XCTest, only `import UIKit`
// (which brings Quartz Core's names, as on iOS), pixels read back through an RGBA CGContext.
import UIKit
import XCTest

// MARK: Helpers an iOS test suite would have

/// The RGBA bytes (premultiplied, as Core Graphics gives them) of pixel (x, y) of `image`, read back the way
/// iOS code does it.
@MainActor
func rgba(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
    guard let cg = image.cgImage else { return [] }
    var pixel = [UInt8](repeating: 0, count: 4)
    pixel.withUnsafeMutableBytes { raw in
        guard let ctx = CGContext(data: raw.baseAddress, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return }
        // Place the wanted pixel on the 1x1 bitmap (Core Graphics' y axis points up).
        ctx.draw(cg, in: CGRect(x: -x, y: y - cg.height + 1, width: cg.width, height: cg.height))
    }
    return pixel
}

@MainActor
func snapshotOf(_ view: UIView, afterScreenUpdates: Bool = true) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: view.bounds.size, format: format).image { _ in
        _ = view.drawHierarchy(in: view.bounds, afterScreenUpdates: afterScreenUpdates)
    }
}

/// Draws its left half red and its right half blue, and counts its draws.
final class HalvesView: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.red.setFill()
        UIRectFill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
        UIColor.blue.setFill()
        UIRectFill(CGRect(x: bounds.width / 2, y: 0, width: bounds.width / 2, height: bounds.height))
    }
}

final class LayoutCountingView: UIView {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
}

final class DrawingImageView: UIImageView {
    var drawCalled = false
    override func draw(_ rect: CGRect) { drawCalled = true }
}

/// A layer subclass that draws a green square by overriding `draw(in:)`, nothing else.
final class GreenLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(UIColor.green.cgColor)
        ctx.fill(bounds)
    }
}

final class GreenLayerView: UIView {
    override class var layerClass: AnyClass { GreenLayer.self }
}

/// A layer delegate with only `draw(_:in:)`, as iOS code usually writes one.
final class YellowDrawer: CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(UIColor.yellow.cgColor)
        ctx.fill(layer.bounds)
    }
}

final class EditingController: UIViewController {
    var calls: [(Bool, Bool)] = []
    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        calls.append((editing, animated))
    }
}

/// A wide image: red on the left, blue on the right.
@MainActor
func wideImage() -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format).image { ctx in
        UIColor.red.setFill(); ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        UIColor.blue.setFill(); ctx.fill(CGRect(x: 20, y: 0, width: 20, height: 20))
    }
}

// MARK: Tests

@MainActor
final class UIKitCompatibilityTests: XCTestCase {
    private var window: UIWindow!

    override func setUp() async throws {
        UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 100, height: 100), scale: 1))
        window = UIWindow(frame: UIScreen.main.bounds)
        window.backgroundColor = .white
        window.makeKeyAndVisible()
    }

    override func tearDown() async throws {
        window = nil
    }

    private func screenPixel(_ x: Int, _ y: Int) -> [UInt8] {
        guard let shot = UIScreen.main.snapshotImage() else { return [] }
        return rgba(shot, x, y)
    }

    func testDrawHierarchyIsAPictureOfTheCachedContent() async {
        let v = HalvesView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        window.addSubview(v)
        CATransaction.flush()
        XCTAssertEqual(v.draws, 1)

        // Wider, with the default .scaleToFill: the cached halves are stretched, not redrawn.
        v.bounds.size = CGSize(width: 40, height: 10)
        var shot = snapshotOf(v)
        XCTAssertEqual(v.draws, 1)
        XCTAssertEqual(rgba(shot, 5, 5), [255, 0, 0, 255])
        XCTAssertEqual(rgba(shot, 15, 5), [255, 0, 0, 255]) // was the middle: still red, stretched
        XCTAssertEqual(rgba(shot, 30, 5), [0, 0, 255, 255])

        // .left: the content keeps its size at the left; the rest shows the (absent) background.
        v.contentMode = .left
        shot = snapshotOf(v)
        XCTAssertEqual(v.draws, 1)
        XCTAssertEqual(rgba(shot, 15, 5), [0, 0, 255, 255])
        XCTAssertEqual(rgba(shot, 30, 5), [0, 0, 0, 0])

        // contentStretch: only the middle column stretches, the outer parts keep their size.
        v.contentMode = .scaleToFill
        v.contentStretch = CGRect(x: 0.45, y: 0, width: 0.1, height: 1)
        shot = snapshotOf(v)
        XCTAssertEqual(rgba(shot, 8, 5), [255, 0, 0, 255])
        XCTAssertEqual(rgba(shot, 32, 5), [0, 0, 255, 255])

        // .redraw: a size change draws again.
        v.contentMode = .redraw
        v.bounds.size = CGSize(width: 60, height: 10)
        shot = snapshotOf(v)
        XCTAssertEqual(v.draws, 2)
        XCTAssertEqual(rgba(shot, 25, 5), [255, 0, 0, 255])
        XCTAssertEqual(rgba(shot, 35, 5), [0, 0, 255, 255])

        // Without screen updates, a pending redraw is not run: the snapshot shows what the screen shows.
        v.setNeedsDisplay()
        _ = snapshotOf(v, afterScreenUpdates: false)
        XCTAssertEqual(v.draws, 2)
    }

    func testImageViewsShowTheirImageAsLayerContents() async {
        let image = wideImage()
        let imageView = DrawingImageView(image: image)
        imageView.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        imageView.contentMode = .scaleAspectFill
        window.addSubview(imageView)
        CATransaction.flush()
        XCTAssertFalse(imageView.drawCalled, "UIImageView never calls draw(_:)")
        XCTAssertTrue((imageView.layer.contents as? CGImage) === image.cgImage)
        // Aspect fill scales the 40x20 image to 40x20 points: 10 points spill out on each side.
        XCTAssertEqual(screenPixel(35, 50), [255, 0, 0, 255])
        XCTAssertEqual(screenPixel(65, 50), [0, 0, 255, 255])
        imageView.clipsToBounds = true
        CATransaction.flush()
        XCTAssertEqual(screenPixel(35, 50), [255, 255, 255, 255])
        XCTAssertEqual(screenPixel(45, 50), [255, 0, 0, 255])
    }

    func testRectFillAndFrameReplacePixelsAndFramesAreOnePointWide() async {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { ctx in
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.cgContext.setLineWidth(5) // ignored by UIRectFrame
            UIColor(white: 1, alpha: 0.5).setFill()
            UIRectFrame(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIRectFill(CGRect(x: 4, y: 4, width: 2, height: 2))
            UIColor(white: 0, alpha: 0.5).setFill()
            UIRectFillUsingBlendMode(CGRect(x: 2, y: 2, width: 1, height: 1), .normal)
            UIRectFrameUsingBlendMode(CGRect(x: 6, y: 6, width: 3, height: 3), .normal)
        }
        XCTAssertEqual(rgba(image, 0, 0), [128, 128, 128, 128], "copied, not blended over the red")
        XCTAssertEqual(rgba(image, 9, 5), [128, 128, 128, 128])
        XCTAssertEqual(rgba(image, 1, 1), [255, 0, 0, 255], "one point wide")
        XCTAssertEqual(rgba(image, 4, 4), [128, 128, 128, 128])
        XCTAssertEqual(Int(rgba(image, 2, 2)[0]), 128, accuracy: 1, "normal blending over red")
        XCTAssertEqual(Int(rgba(image, 6, 6)[0]), 128, accuracy: 1)
        XCTAssertEqual(rgba(image, 7, 7), [255, 0, 0, 255])
    }

    func testLayerLayoutRequestsRunLayoutSubviews() async {
        let v = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(v)
        CATransaction.flush()
        XCTAssertEqual(v.layouts, 1)
        v.layer.setNeedsLayout()
        XCTAssertTrue(v.layer.needsLayout())
        CATransaction.flush()
        XCTAssertEqual(v.layouts, 2)
        v.layer.addSublayer(CALayer())
        CATransaction.flush()
        XCTAssertEqual(v.layouts, 3)
        v.layer.setNeedsLayout()
        v.layer.layoutIfNeeded()
        XCTAssertEqual(v.layouts, 4)
    }

    func testLayersDrawThroughDrawInOrADelegateWithOnlyDrawInContext() async {
        let view = GreenLayerView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(view.layer is GreenLayer)
        window.addSubview(view)
        let standalone = GreenLayer()
        standalone.frame = CGRect(x: 20, y: 0, width: 10, height: 10)
        standalone.setNeedsDisplay()
        window.layer.addSublayer(standalone)
        let drawer = YellowDrawer()
        let delegated = CALayer()
        delegated.delegate = drawer
        delegated.frame = CGRect(x: 40, y: 0, width: 10, height: 10)
        delegated.setNeedsDisplay()
        window.layer.addSublayer(delegated)
        CATransaction.flush()
        XCTAssertEqual(screenPixel(5, 5), [0, 255, 0, 255])
        XCTAssertEqual(screenPixel(25, 5), [0, 255, 0, 255])
        XCTAssertEqual(screenPixel(45, 5), [255, 255, 0, 255])
    }

    func testViewFrameIsTheLayerFrameWhateverTheAnchorPoint() async {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        v.layer.anchorPoint = .zero
        XCTAssertEqual(v.frame, v.layer.frame)
        XCTAssertEqual(v.frame, CGRect(x: 50, y: 25, width: 100, height: 50))
        XCTAssertEqual(v.center, CGPoint(x: 50, y: 25))
        v.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        XCTAssertEqual(v.frame, CGRect(x: 10, y: 10, width: 30, height: 20))
        XCTAssertEqual(v.center, CGPoint(x: 10, y: 10))
        // A scale transform: reading the frame back gives what was set.
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        v.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        XCTAssertEqual(v.frame, CGRect(x: 0, y: 0, width: 40, height: 40))
        XCTAssertEqual(v.bounds.size, CGSize(width: 20, height: 20))
    }

    func testHierarchyEdgeCasesBehaveAsOnIOS() async {
        let p = UIView(), a = UIView(), b = UIView(), c = UIView(), d = UIView(), e = UIView(), stranger = UIView()
        let x = CALayer()
        p.addSubview(a)
        p.layer.addSublayer(x)
        p.addSubview(b)
        p.insertSubview(c, belowSubview: b)
        XCTAssertEqual(p.subviews, [a, c, b])
        XCTAssertEqual(p.layer.sublayers, [a.layer, x, c.layer, b.layer])
        // An index past the end appends.
        p.insertSubview(d, at: 99)
        XCTAssertEqual(p.subviews.last, d)
        // A sibling that is not a subview: the view goes on top.
        p.insertSubview(e, aboveSubview: stranger)
        XCTAssertEqual(p.subviews.last, e)
        p.insertSubview(a, belowSubview: stranger)
        XCTAssertEqual(p.subviews.last, a)
        // Adding a sublayer that is already there keeps one copy; an index past the end appends.
        p.layer.addSublayer(x)
        p.layer.addSublayer(x)
        XCTAssertEqual(p.layer.sublayers?.filter { $0 === x }.count, 1)
        XCTAssertEqual(p.layer.sublayers?.last, x)
        let y = CALayer()
        p.layer.insertSublayer(y, at: 1000)
        XCTAssertEqual(p.layer.sublayers?.last, y)
    }

    func testSizeChangesLayOutTheSuperview() async {
        let parent = LayoutCountingView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        parent.addSubview(child)
        window.addSubview(parent)
        CATransaction.flush()
        let before = parent.layouts
        child.bounds.size = CGSize(width: 20, height: 20)
        CATransaction.flush()
        XCTAssertEqual(parent.layouts, before + 1)
        child.layer.bounds.size = CGSize(width: 30, height: 30)
        CATransaction.flush()
        XCTAssertEqual(parent.layouts, before + 2)
        // Moving is not resizing.
        child.center = CGPoint(x: 40, y: 40)
        CATransaction.flush()
        XCTAssertEqual(parent.layouts, before + 2)
    }

    func testObjectsCompareAndHashAsTheyDoOnIOS() async {
        let l1 = CALayer(), l2 = CALayer()
        XCTAssertEqual(l1, l1)
        XCTAssertNotEqual(l1, l2)
        XCTAssertEqual(Set([l1, l2, l1]).count, 2)
        XCTAssertTrue(l1.description.hasPrefix("<CALayer: 0x"), l1.description)
        let v1 = UIView(), v2 = UIView()
        XCTAssertEqual([v1: "one", v2: "two"][v1], "one")
        XCTAssertTrue(v1.description.hasPrefix("<UIView: 0x"))
        // Values where iOS's isEqual: compares values.
        XCTAssertEqual(UIFont.systemFont(ofSize: 12), UIFont.systemFont(ofSize: 12))
        XCTAssertNotEqual(UIFont.systemFont(ofSize: 12), UIFont.systemFont(ofSize: 13))
        XCTAssertEqual(UIColor(red: 1, green: 0, blue: 0, alpha: 1), UIColor.red)
        XCTAssertEqual(Set([UIColor.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1)]).count, 1)
        // Images: identity.
        let i1 = wideImage(), i2 = wideImage()
        XCTAssertEqual(i1, i1)
        XCTAssertNotEqual(i1, i2)
        XCTAssertEqual(Set([i1, i2]).count, 2)
        XCTAssertTrue(UIImage(cgImage: i1.cgImage!).cgImage === i1.cgImage, "UIImage.cgImage round-trips")
        XCTAssertEqual(Set([UIBezierPath(), UIBezierPath()]).count, 2)
        XCTAssertEqual(UIScreen.main, UIScreen.main)
    }

    func testViewControllersEdit() async {
        let controller = EditingController()
        XCTAssertFalse(controller.isEditing)
        controller.setEditing(true, animated: true)
        XCTAssertTrue(controller.isEditing)
        controller.isEditing = false
        XCTAssertFalse(controller.isEditing)
        XCTAssertEqual(controller.calls.map(\.0), [true, false])
        XCTAssertEqual(controller.calls.map(\.1), [true, false])
    }

    func testAccessibilityPropertiesAreStoredWithUIKitsDefaults() async {
        let plain = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertFalse(plain.isAccessibilityElement)
        XCTAssertNil(plain.accessibilityLabel)
        XCTAssertEqual(plain.accessibilityTraits, .none)
        plain.isAccessibilityElement = true
        plain.accessibilityLabel = "Start"
        plain.accessibilityHint = "Starts the machine"
        plain.accessibilityTraits = [.button, .startsMediaSession]
        XCTAssertTrue(plain.isAccessibilityElement)
        XCTAssertEqual(plain.accessibilityLabel, "Start")
        XCTAssertEqual(plain.accessibilityHint, "Starts the machine")
        XCTAssertTrue(plain.accessibilityTraits.contains(.button))
        // accessibilityFrame: the view in screen coordinates.
        let container = UIView(frame: CGRect(x: 5, y: 5, width: 90, height: 90))
        container.addSubview(plain)
        window.addSubview(container)
        XCTAssertEqual(plain.accessibilityFrame, CGRect(x: 15, y: 25, width: 30, height: 40))

        let label = UILabel()
        label.text = "Temperature"
        XCTAssertTrue(label.isAccessibilityElement)
        XCTAssertEqual(label.accessibilityLabel, "Temperature")
        XCTAssertEqual(label.accessibilityTraits, .staticText)
        label.accessibilityLabel = "Oven temperature"
        XCTAssertEqual(label.accessibilityLabel, "Oven temperature")
        XCTAssertEqual(UIImageView().accessibilityTraits, .image)
    }

    func testQuartzCoreNamesComeWithUIKit() async {
        // This file imports only UIKit (and XCTest): these names resolve as on iOS.
        let t: CATransform3D = CATransform3DMakeScale(2, 2, 1)
        XCTAssertTrue(CATransform3DIsAffine(t))
        let layer: CALayer = CALayer()
        layer.transform = t
        XCTAssertEqual(layer.affineTransform(), CGAffineTransform(scaleX: 2, y: 2))
    }
}
