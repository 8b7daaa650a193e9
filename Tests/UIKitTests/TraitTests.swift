import CoreGraphics
import Foundation
import Testing
import VitrinePlatform
@testable import UIKit

/// Trait collections: size classes from the window, the light and dark styles (the app's, overrides on views,
/// controllers and windows), dynamic colours resolving per traits, and the change callbacks.
@MainActor @Suite struct TraitTests {
    @MainActor final class Watching: UIViewController {
        var changes: [String] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            changes.append("\(previousTraitCollection?.userInterfaceStyle.rawValue ?? -1)->\(traitCollection.userInterfaceStyle.rawValue)")
        }
    }

    @Test func sizeClassesFollowThePanel() {
        for (size, h, v) in [(CGSize(width: 1280, height: 800), UIUserInterfaceSizeClass.regular, UIUserInterfaceSizeClass.regular),
                             (CGSize(width: 320, height: 480), .compact, .compact), (CGSize(width: 800, height: 480), .regular, .compact)] {
            freshApp(pixels: size)
            let t = shownWindow().traitCollection
            #expect(t.horizontalSizeClass == h && t.verticalSizeClass == v && t.userInterfaceIdiom == .pad, "\(size)")
        }
    }

    @Test func systemAndDynamicColoursResolvePerStyle() {
        freshApp()
        let dark = UITraitCollection(userInterfaceStyle: .dark), light = UITraitCollection(userInterfaceStyle: .light)
        #expect(UIColor.label.resolvedColor(with: dark) == .white && UIColor.label.resolvedColor(with: light) == .black)
        #expect(UIColor.systemBackground.resolvedColor(with: dark) == .black)
        let brand = UIColor { $0.userInterfaceStyle == .dark ? .systemOrange : .systemBlue }
        #expect(brand.resolvedColor(with: dark) == UIColor.systemOrange.resolvedColor(with: dark))
        #expect(brand.withAlphaComponent(0.5).resolvedColor(with: light).cgColor.alpha == 0.5)
        dark.performAsCurrent { #expect(brand.cgColor == UIColor(red: 1, green: 159 / 255.0, blue: 10 / 255.0, alpha: 1).cgColor) }
        #expect(UITraitCollection(traitsFrom: [dark, UITraitCollection(horizontalSizeClass: .compact)]).containsTraits(in: dark))
    }

    @Test func overridesChangeTheSubtreeAndTellItsViewsAndControllers() {
        freshApp()
        let window = shownWindow()
        let controller = Watching()
        window.rootViewController = controller
        controller.view.backgroundColor = .systemBackground
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        inner.backgroundColor = .secondarySystemBackground
        let fixed = UIView(frame: CGRect(x: 60, y: 0, width: 50, height: 50))
        fixed.overrideUserInterfaceStyle = .light
        fixed.backgroundColor = .systemBackground
        controller.view.addSubview(inner)
        controller.view.addSubview(fixed)
        var handled: [UIUserInterfaceStyle] = []
        inner.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: UIView, previous: UITraitCollection) in
            handled.append(previous.userInterfaceStyle)
        }
        endTurn()
        #expect(controller.view.layer.backgroundColor == UIColor.white.cgColor)
        window.overrideUserInterfaceStyle = .dark
        endTurn()
        #expect(controller.traitCollection.userInterfaceStyle == .dark && controller.changes == ["1->2"] && handled == [.light])
        #expect(controller.view.layer.backgroundColor == UIColor.black.cgColor)
        #expect(inner.layer.backgroundColor == CGColor(red: 28 / 255.0, green: 28 / 255.0, blue: 30 / 255.0, alpha: 1))
        // The view that forces light stays light.
        #expect(fixed.traitCollection.userInterfaceStyle == .light && fixed.layer.backgroundColor == UIColor.white.cgColor)
        // On screen: black where the controller's view shows.
        let shot = try! #require(window.screen.snapshotImage()?.cgImage)
        #expect(pixel(shot, 200, 300) == (0, 0, 0, 255) && pixel(shot, 80, 20) == (255, 255, 255, 255))
        // The controller's own override, then the app's style: no change where the window still forces dark.
        controller.overrideUserInterfaceStyle = .light
        #expect(controller.changes == ["1->2", "2->1"] && controller.view.layer.backgroundColor == UIColor.white.cgColor)
        controller.overrideUserInterfaceStyle = .unspecified
        UIApplication.shared.setUserInterfaceStyle(.dark)
        #expect(controller.changes == ["1->2", "2->1", "1->2"])
        window.overrideUserInterfaceStyle = .unspecified
        #expect(controller.changes.count == 3) // dark by the app's style now
        UIApplication.shared.setUserInterfaceStyle(.light)
        #expect(controller.changes.last == "2->1")
    }

    /// A view that draws with a dynamic colour.
    final class Swatch: UIView {
        override func draw(_ rect: CGRect) {
            UIColor.label.setFill()
            UIRectFill(bounds)
        }
    }

    @Test func drawingResolvesWithTheViewsTraitsAndRedrawsWhenTheyChange() {
        freshApp()
        let window = shownWindow()
        let swatch = Swatch(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        window.addSubview(swatch)
        endTurn()
        var shot = try! #require(window.screen.snapshotImage()?.cgImage)
        #expect(pixel(shot, 20, 20) == (0, 0, 0, 255))
        swatch.overrideUserInterfaceStyle = .dark
        endTurn()
        shot = try! #require(window.screen.snapshotImage()?.cgImage)
        #expect(pixel(shot, 20, 20) == (255, 255, 255, 255))
    }

    @Test func theAppsStyleComesFromTheEnvironment() {
        setenv("VITRINE_APPEARANCE", "dark", 1)
        VitrineSettings.reload()
        defer { unsetenv("VITRINE_APPEARANCE"); VitrineSettings.reload() }
        freshApp()
        #expect(UIApplication.shared.userInterfaceStyle == .dark && shownWindow().traitCollection.userInterfaceStyle == .dark)
        setenv("VITRINE_APPEARANCE", "sepia", 1)
        VitrineSettings.reload()
        #expect(UIApplication.styleFromEnvironment() == .light)
    }
}
