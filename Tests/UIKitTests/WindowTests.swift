// Seeds: "Windows", "Changing the Window Level"; UIScreen and points versus pixels.
import Testing
@testable import UIKit

@MainActor @Suite struct WindowTests {
    init() { freshApp() }

    final class KeyLog: UIWindow {
        var events: [String] = []
        override func becomeKey() { events.append("becomeKey") }
        override func resignKey() { events.append("resignKey") }
    }

    @Test func windowsStartHiddenAndMakeKeyAndVisibleShowsAndKeysThem() {
        let app = UIApplication.shared
        let w = KeyLog(frame: UIScreen.main.bounds)
        #expect(w.isHidden)
        #expect(!w.isKeyWindow)
        w.makeKeyAndVisible()
        #expect(!w.isHidden)
        #expect(w.isKeyWindow)
        #expect(app.keyWindow === w)
        #expect(w.events == ["becomeKey"])
        let other = KeyLog(frame: UIScreen.main.bounds)
        other.makeKeyAndVisible()
        #expect(!w.isKeyWindow && other.isKeyWindow)
        #expect(w.events == ["becomeKey", "resignKey"])
        // Hiding the key window hands key status to the frontmost visible window.
        other.isHidden = true
        #expect(w.isKeyWindow)
        #expect(other.events == ["becomeKey", "resignKey"])
    }

    @Test func windowsAreOrderedByLevelThenByWhenTheyWereShown() {
        let app = freshApp()
        let alert = UIWindow(); alert.windowLevel = .alert
        let a = UIWindow(), b = UIWindow()
        let status = UIWindow(); status.windowLevel = .statusBar
        a.makeKeyAndVisible(); b.makeKeyAndVisible(); status.isHidden = false; alert.isHidden = false
        #expect(app.windows == [a, b, status, alert])
        a.makeKeyAndVisible() // brought to the front of its level
        #expect(app.windows == [b, a, status, alert])
        #expect(UIWindow.Level.normal.rawValue == 0 && UIWindow.Level.statusBar.rawValue == 1000
                && UIWindow.Level.alert.rawValue == 2000)
        #expect(UIWindow.Level.normal + 1 > .normal)
    }

    @Test func theRootViewControllersViewFillsTheWindowAndFollowsItsSize() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = UIViewController()
        window.rootViewController = controller
        #expect(controller.isViewLoaded)
        #expect(controller.view.superview === window)
        #expect(controller.view.frame == window.bounds)
        window.frame = CGRect(x: 0, y: 0, width: 480, height: 320)
        #expect(controller.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
        let next = UIViewController()
        window.rootViewController = next
        #expect(controller.view.superview == nil)
        #expect(window.subviews == [next.view])
    }

    @Test func aWindowIsOnTheMainScreenAndTheResponderChainEndsAtTheApp() {
        let window = UIWindow()
        #expect(window.screen === UIScreen.main)
        #expect(window.frame == UIScreen.main.bounds)
        let view = UIView()
        window.addSubview(view)
        #expect(view.next === window)
        #expect(window.next === UIApplication.shared)
    }

    nonisolated static let screens: [(CGFloat, CGSize)] = [(1, CGSize(width: 1280, height: 800)), (1.5, CGSize(width: 1920, height: 1080)),
                                               (2, CGSize(width: 2560, height: 1600)), (3, CGSize(width: 1170, height: 2532))]

    @Test(arguments: screens)
    func screensMeasureInPointsAndPixels(scale: CGFloat, pixels: CGSize) {
        let screen = UIScreen(headlessPixelSize: pixels, scale: scale)
        #expect(screen.scale == scale && screen.nativeScale == scale)
        #expect(screen.nativeBounds == CGRect(origin: .zero, size: pixels))
        #expect(screen.bounds == CGRect(x: 0, y: 0, width: pixels.width / scale, height: pixels.height / scale))
    }
}

@MainActor @Suite struct ScreenMoveTests {
    /// A fresh app on a 40x40 main screen, and a second 40x40 screen.
    static func twoScreens() -> (UIApplication, UIScreen) {
        (UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 40, height: 40), scale: 1)),
         UIScreen(headlessPixelSize: CGSize(width: 40, height: 40), scale: 1))
    }

    @Test func aWindowMovedToAnotherScreenLeavesTheOldOneAndShowsOnTheNew() throws {
        let (app, other) = Self.twoScreens()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.backgroundColor = .red
        window.makeKeyAndVisible()
        app.runLoop.runUntilIdle()
        let before = try #require(UIScreen.main.snapshotImage()?.cgImage)
        #expect(pixel(before, 5, 5) == (255, 0, 0, 255))
        window.screen = other
        app.runLoop.runUntilIdle()
        let old = try #require(UIScreen.main.snapshotImage()?.cgImage)
        let new = try #require(other.snapshotImage()?.cgImage)
        #expect(pixel(old, 5, 5) == (0, 0, 0, 255))  // repainted: the panel's black behind the windows
        #expect(pixel(new, 5, 5) == (255, 0, 0, 255))
    }
}

extension ScreenMoveTests {
    @Test func aViewRemovedOnASecondScreenIsRepaintedThere() throws {
        let (app, other) = Self.twoScreens()
        let first = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        first.backgroundColor = .white
        first.makeKeyAndVisible()
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        second.screen = other
        second.backgroundColor = .white
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        square.backgroundColor = .blue
        second.addSubview(square)
        second.isHidden = false
        app.runLoop.runUntilIdle()
        #expect(try pixel(#require(other.snapshotImage()?.cgImage), 5, 5) == (0, 0, 255, 255))
        square.removeFromSuperview()
        // The main screen composites first; the removal belongs to the other screen, which must repaint it.
        first.backgroundColor = .gray
        app.runLoop.runUntilIdle()
        #expect(try pixel(#require(other.snapshotImage()?.cgImage), 5, 5) == (255, 255, 255, 255))
    }
}
