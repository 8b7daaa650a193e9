// Seeds: "View Geometry and Coordinate Systems", "The Relationship of the Frame, Bounds, and Center",
// "Coordinate System Transformations".
import Testing
@testable import UIKit

@MainActor @Suite struct GeometryTests {
    init() { freshApp() }

    @Test func initWithFrameSetsBoundsAtZeroAndCenterAtTheMiddle() {
        // "That method also initializes the bounds rectangle to originate at (0.0, 0.0) and have the same size
        // as the view's frame. The center property is then set to the center point of the frame."
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
        #expect(UIView().frame == .zero)
    }

    @Test func settingTheFrameSetsBoundsSizeAndCenter() {
        // "When you set the frame property, the size value in the bounds property changes to match the new size
        // of the frame rectangle. The value in the center property similarly changes."
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.bounds.origin = CGPoint(x: 3, y: 4)
        v.frame = CGRect(x: 5, y: 6, width: 30, height: 40)
        #expect(v.bounds == CGRect(x: 3, y: 4, width: 30, height: 40)) // the bounds origin is kept
        #expect(v.center == CGPoint(x: 20, y: 26))
    }

    @Test func settingTheCenterMovesTheFrame() {
        // "When you set the center property, the origin value in the frame changes accordingly."
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        v.center = CGPoint(x: 100, y: 100)
        #expect(v.frame == CGRect(x: 95, y: 90, width: 10, height: 20))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 10, height: 20))
    }

    @Test func settingTheBoundsSizeResizesAroundTheCenter() {
        // "When you set the size of the bounds property, the size value in the frame property changes to match
        // the new size of the bounds rectangle."
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        v.bounds.size = CGSize(width: 40, height: 10)
        #expect(v.center == CGPoint(x: 20, y: 20))
        #expect(v.frame == CGRect(x: 0, y: 15, width: 40, height: 10))
    }

    @Test func changingTheBoundsOriginChangesWhatIsShownNotWhere() {
        // "You can change the bounds origin without changing the other two properties ... Because the frame
        // rectangle did not change, however, the new content is displayed in the same location."
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let v = UIView(frame: CGRect(x: 5, y: 5, width: 100, height: 100))
        parent.addSubview(v)
        v.bounds.origin = CGPoint(x: 8, y: 24) // Figure 1-4
        #expect(v.frame == CGRect(x: 5, y: 5, width: 100, height: 100))
        #expect(v.center == CGPoint(x: 55, y: 55))
        // The point (8, 24) of the view's content is now at the view's top-left corner.
        #expect(v.convert(CGPoint(x: 8, y: 24), to: parent) == CGPoint(x: 5, y: 5))
    }

    @Test func transformsApplyAboutTheCenterAndFrameIsTheBoundingBox() {
        // "When applying transforms to a view, all transformations are performed relative to the center point."
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 50))
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(v.center == CGPoint(x: 60, y: 35))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.frame == CGRect(x: 35, y: -15, width: 50, height: 100))

        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == CGRect(x: -40, y: -15, width: 200, height: 100))

        v.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let side = (100 + 50) / 2.0.squareRoot()
        #expect(approx(v.frame, CGRect(x: 60 - side / 2, y: 35 - side / 2, width: side, height: side)))

        v.transform = .identity
        #expect(v.frame == CGRect(x: 10, y: 10, width: 100, height: 50))
    }

    @Test func settingTheFrameWithATransformKeepsCenterAndHonoursScale() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.transform = CGAffineTransform(scaleX: 2, y: 4)
        v.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        #expect(v.bounds.size == CGSize(width: 20, height: 10))
        #expect(v.frame == CGRect(x: 0, y: 0, width: 40, height: 40))
        v.transform = CGAffineTransform(rotationAngle: .pi / 3)
        v.frame = CGRect(x: 100, y: 100, width: 1, height: 1)
        #expect(v.center == CGPoint(x: 100.5, y: 100.5)) // moved; a rotated view keeps its bounds size
        #expect(v.bounds.size == CGSize(width: 20, height: 10))
    }

    @Test func subviewFramesStayValidUnderASuperviewTransform() {
        // "The frame rectangles of any subviews are still valid because they are relative to the view's bounds."
        let p = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let c = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        p.addSubview(c)
        p.transform = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 3, y: 3)
        #expect(c.frame == CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    @Test func clippingIsOffByDefault() {
        // "By default, a view's frame is not clipped to its parent view's frame."
        #expect(UIView().clipsToBounds == false)
    }

    @Test func propertyDefaultsMatchUIKit() {
        let v = UIView()
        #expect(v.isHidden == false)
        #expect(v.alpha == 1)
        #expect(v.isOpaque == true)
        #expect(v.backgroundColor == nil)
        #expect(v.isUserInteractionEnabled == true)
        #expect(v.isMultipleTouchEnabled == false)
        #expect(v.contentMode == .scaleToFill)
        #expect(v.autoresizesSubviews == true)
        #expect(v.autoresizingMask == [])
        #expect(v.clearsContextBeforeDrawing == true)
        #expect(v.transform.isIdentity)
        #expect(v.contentScaleFactor == UIScreen.main.scale)
        v.alpha = 3
        #expect(v.alpha == 1)
        v.alpha = -1
        #expect(v.alpha == 0)
        #expect(UIView.ContentMode.allCases.count == 13)
    }

    @Test func tintColorIsInheritedAndDefaultsToSystemBlue() {
        let p = UIView(), c = UIView()
        p.addSubview(c)
        #expect(c.tintColor == UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        p.tintColor = .red
        #expect(c.tintColor == .red)
        c.tintColor = .green
        #expect(c.tintColor == .green)
    }

    @Test func contentScaleFactorFollowsTheScreen() {
        freshApp(pixels: CGSize(width: 200, height: 200), scale: 2)
        let window = UIWindow()
        let v = UIView()
        window.addSubview(v)
        #expect(v.contentScaleFactor == 2)
        v.contentScaleFactor = 1
        #expect(v.contentScaleFactor == 1)
    }
}
