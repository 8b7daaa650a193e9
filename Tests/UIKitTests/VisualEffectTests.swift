import CoreGraphics
import Foundation
import Testing
@testable import UIKit

/// `UIVisualEffectView` with blur and vibrancy effects: drawn as iOS draws them with Reduce Transparency on (a
/// material's near-opaque fill, light or dark with the traits), the content on top, the effect faded in an animation.
@MainActor @Suite(.serialized) struct VisualEffectTests {
    @Test func aMaterialFillsTheViewBehindItsContentInTheAppearancesColours() {
        freshApp()
        let window = shownWindow()
        let frosted = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        frosted.frame = CGRect(x: 20, y: 20, width: 200, height: 100)
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 100, height: 20))
        label.text = "Lobby"
        frosted.contentView.addSubview(label)
        window.addSubview(frosted)
        endTurn()
        #expect(frosted.contentView.frame == frosted.bounds && label.superview === frosted.contentView)
        #expect(UIAccessibility.isReduceTransparencyEnabled)
        func fill(_ style: UIUserInterfaceStyle) -> (CGFloat, CGFloat) {
            let c = frosted.backgroundColor!.resolvedColor(with: UITraitCollection(userInterfaceStyle: style))
            var w: CGFloat = 0, a: CGFloat = 0
            c.getWhite(&w, alpha: &a)
            return (w, a)
        }
        let light = fill(.light), dark = fill(.dark)
        #expect(light.0 > 0.9 && dark.0 < 0.2 && light.1 > 0.9 && dark.1 > 0.9)
        // A style fixed to dark stays dark in a light window.
        frosted.effect = UIBlurEffect(style: .systemChromeMaterialDark)
        #expect(fill(.light).0 < 0.2)
        frosted.effect = nil
        #expect(frosted.backgroundColor == nil)
        // Vibrancy has no fill of its own: its content shows in its colours over the material behind.
        frosted.effect = UIVibrancyEffect(blurEffect: UIBlurEffect(style: .regular), style: .secondaryLabel)
        #expect(frosted.backgroundColor == nil)
        #expect(UIVisualEffectView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).effect == nil)
    }

    @Test func colourComponentsReadAsInUIKit() {
        var h: CGFloat = 0, sat: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(UIColor(hue: 0.6, saturation: 0.5, brightness: 0.8, alpha: 0.7).getHue(&h, saturation: &sat, brightness: &b, alpha: &a))
        #expect(abs(h - 0.6) < 0.001 && abs(sat - 0.5) < 0.001 && abs(b - 0.8) < 0.001 && abs(a - 0.7) < 0.001)
        var w: CGFloat = -1
        #expect(UIColor.gray.getWhite(&w, alpha: &a) && w == 0.5 && a == 1)
        w = -1
        #expect(!UIColor.red.getWhite(&w, alpha: nil) && w == -1, "a colour that is not a grey does not convert")
    }

    @Test func settingTheEffectInAnAnimationFadesTheMaterialIn() {
        freshApp()
        let window = shownWindow()
        let frosted = UIVisualEffectView(effect: nil)
        frosted.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        window.addSubview(frosted)
        endTurn()
        UIView.animate(withDuration: 0.4) { frosted.effect = UIBlurEffect(style: .light) }
        #expect(frosted.layer.animationKeys()?.contains("backgroundColor") == true)
        frames(0.5)
        #expect(frosted.layer.animationKeys() == nil && frosted.backgroundColor != nil)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark]) func materialsOverColourLookAsWithReducedTransparency(style: UIUserInterfaceStyle) {
        freshApp(pixels: CGSize(width: 240, height: 120))
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 120))
        card.overrideUserInterfaceStyle = style
        card.backgroundColor = .systemBackground
        for (i, colour) in [UIColor.systemRed, .systemGreen, .systemBlue, .systemOrange].enumerated() {
            let stripe = UIView(frame: CGRect(x: CGFloat(i) * 60, y: 0, width: 60, height: 120))
            stripe.backgroundColor = colour
            card.addSubview(stripe)
        }
        let frosted = UIVisualEffectView(effect: UIBlurEffect(style: .systemThinMaterial))
        frosted.frame = CGRect(x: 20, y: 30, width: 200, height: 60)
        frosted.layer.cornerRadius = 12
        frosted.clipsToBounds = true
        let label = UILabel(frame: frosted.contentView.bounds)
        label.text = "Reception"
        label.textAlignment = .center
        frosted.contentView.addSubview(label)
        card.addSubview(frosted)
        card.layoutIfNeeded()
        assertGolden(snapshot(card, scale: 1), "visual-effect-\(style == .dark ? "dark" : "light")@1x", allowedPixels: 40)
    }
}

/// Dynamic Type as a panel has it: the `.large` category, at which `UIFontMetrics` keeps sizes (and caps them).
@MainActor @Suite struct ContentSizeTests {
    @Test func theCategoryIsLargeAndMetricsKeepSizes() {
        freshApp()
        #expect(UIApplication.shared.preferredContentSizeCategory == .large)
        #expect(UITraitCollection.current.preferredContentSizeCategory == .large)
        #expect(UIContentSizeCategory.small < .large && UIContentSizeCategory.large < .accessibilityMedium)
        #expect(!UIContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory && UIContentSizeCategory.accessibilityLarge.isAccessibilityCategory)
        let title = UIFont.systemFont(ofSize: 28, weight: .bold)
        let metrics = UIFontMetrics(forTextStyle: .title1)
        #expect(metrics.scaledFont(for: title).pointSize == 28)
        #expect(metrics.scaledFont(for: title, maximumPointSize: 24).pointSize == 24)
        #expect(metrics.scaledFont(for: title, maximumPointSize: 40).pointSize == 28)
        #expect(UIFontMetrics.default.scaledValue(for: 44) == 44 && UIFontMetrics.default.textStyle == .body)
        #expect(UIFont.preferredFont(forTextStyle: .headline, compatibleWith: nil).pointSize
                == UIFont.preferredFont(forTextStyle: .headline).pointSize)
    }
}
