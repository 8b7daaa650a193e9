// What opaque views hide is not painted: an opaque rounded background hides what lies under its middle. (The
// painter's own rule, a big fill leaving out what is painted after it: Tests/QuartzCoreTests/PainterTests.swift.)
import Testing
import Foundation
@testable import UIKit
@testable import QuartzCore
import VitrinePlatform

@MainActor @Suite struct OcclusionTests {
    @Test func anOpaqueRoundedButtonHidesWhatIsUnderItsMiddle() {
        freshApp(pixels: CGSize(width: 320, height: 240), scale: 1)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        window.backgroundColor = UIColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        // A label under a rounded button (not marked opaque: its background is), then the button's own label.
        let under = UILabel(frame: CGRect(x: 40, y: 40, width: 100, height: 24))
        under.text = "Under"
        under.textColor = .white
        window.addSubview(under)
        let button = UIView(frame: CGRect(x: 20, y: 30, width: 200, height: 44))
        button.backgroundColor = .systemBlue
        button.layer.cornerRadius = 12
        button.isOpaque = false
        let title = UILabel(frame: CGRect(x: 12, y: 10, width: 150, height: 24))
        title.text = "Button"
        title.textColor = .white
        button.addSubview(title)
        window.addSubview(button)
        window.makeKeyAndVisible()
        endTurn()
        // The hidden label changes: its damage lies under the button's middle, so painting starts at the button.
        under.text = "Changed"
        endTurn()
        #expect(window.screen.compositor.layersPaintedLastFrame <= 2)
        // The window's background changes: it is filled around the button, which paints its middle itself.
        window.backgroundColor = UIColor(red: 0.2, green: 0.1, blue: 0.1, alpha: 1)
        endTurn()
        #expect(maxDifference(window.screen.snapshotImage()!.cgImage!, window.screen.referenceSnapshot(windows: [window]).cgImage!) <= 2)
    }
}

@MainActor @Suite struct SubtreeExtentTests {
    @Test func aViewFadingOutOutsideItsParentIsShownUntilTheFadeEnds() {
        freshApp(pixels: CGSize(width: 200, height: 200), scale: 1)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.backgroundColor = .white
        // A parent of no size: what its subtree covers on screen is its child's square alone.
        let parent = UIView(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        let child = UIView(frame: CGRect(x: 90, y: 90, width: 60, height: 60))
        child.backgroundColor = .black
        parent.addSubview(child)
        window.addSubview(parent)
        window.makeKeyAndVisible()
        endTurn()
        // The model's alpha is 0 at once; the screen shows the fade (the extent counts what is on screen).
        UIView.animate(withDuration: 1) { child.alpha = 0 }
        frames(0.5)
        func centre() -> UInt8 {
            let image = window.screen.snapshotImage()!.cgImage!
            return image.withUnsafePixels { p, stride in p[130 * stride + 130 * 4] } // blue byte of BGRA
        }
        let midway = centre()
        #expect(midway > 40 && midway < 215, "half faded: \(midway)")
        frames(0.6)
        #expect(centre() == 255)
    }
}
