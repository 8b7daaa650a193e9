// UIAppearance: proxies apply as views enter a window; instance values win; containment, subclass and order rules.
import Foundation
import Testing
@testable import UIKit

@MainActor final class Card: UIView {}
@MainActor final class SpecialButton: UIButton {}

@MainActor @Suite(.serialized) struct AppearanceTests {
    @Test func aProxyAppliesAsViewsEnterAWindowAndInstanceValuesWin() {
        freshApp()
        defer { AppearanceRegistry.reset() }
        let window = shownWindow()
        let early = UISlider()
        window.addSubview(early)
        UISlider.appearance().minimumTrackTintColor = .systemRed
        UISwitch.appearance().onTintColor = .systemPurple
        #expect(early.minimumTrackTintColor == nil, "a view already in a window keeps its look")
        let slider = UISlider(), own = UISlider()
        own.minimumTrackTintColor = .systemGreen
        #expect(slider.minimumTrackTintColor == nil, "not before it enters a window")
        window.addSubview(slider)
        window.addSubview(own)
        #expect(slider.minimumTrackTintColor == .systemRed)
        #expect(own.minimumTrackTintColor == .systemGreen, "set on the instance: the proxy does not override it")
        let toggle = UISwitch()
        window.addSubview(toggle)
        #expect(toggle.onTintColor == .systemPurple)
        // Applied once: taken out and put back, a changed value stays.
        slider.minimumTrackTintColor = .systemBlue
        slider.removeFromSuperview()
        window.addSubview(slider)
        #expect(slider.minimumTrackTintColor == .systemBlue)
        // The proxy is the same object each time; setting a property on it twice keeps the last.
        #expect(UISlider.appearance() === UISlider.appearance())
        UISlider.appearance().minimumTrackTintColor = .systemOrange
        let later = UISlider()
        window.addSubview(later)
        #expect(later.minimumTrackTintColor == .systemOrange)
    }

    @Test func containmentAndSubclassesAreMoreSpecific() {
        freshApp()
        defer { AppearanceRegistry.reset() }
        let window = shownWindow()
        UILabel.appearance().textColor = .systemBlue
        UILabel.appearance(whenContainedInInstancesOf: [Card.self]).textColor = .systemGreen
        let card = Card(), inside = UILabel(), outside = UILabel()
        card.addSubview(inside)
        window.addSubview(card)
        window.addSubview(outside)
        #expect(inside.textColor == .systemGreen && outside.textColor == .systemBlue)

        UIButton.appearance().setTitleColor(.systemRed, for: .normal)
        SpecialButton.appearance().setTitleColor(.systemPurple, for: .normal)
        let plain = UIButton(type: .custom), special = SpecialButton(type: .custom)
        window.addSubview(plain)
        window.addSubview(special)
        #expect(plain.titleColor(for: .normal) == .systemRed && special.titleColor(for: .normal) == .systemPurple)
    }

    @Test func perStateValuesAreTheirOwnProperties() {
        freshApp()
        defer { AppearanceRegistry.reset() }
        let window = shownWindow()
        UIButton.appearance().setTitleColor(.systemBlue, for: .normal)
        UIButton.appearance().setTitleColor(.systemRed, for: .highlighted)
        let b = UIButton(type: .system)
        b.setTitleColor(.systemGreen, for: .highlighted)
        window.addSubview(b)
        #expect(b.titleColor(for: .normal) == .systemBlue, "the proxy's normal colour")
        #expect(b.titleColor(for: .highlighted) == .systemGreen, "the instance's own highlighted colour")
        // View-level appearance: every view's background, inside a container type only.
        UIView.appearance(whenContainedInInstancesOf: [Card.self]).backgroundColor = .systemYellow
        let card = Card(), child = UIView()
        card.addSubview(child)
        window.addSubview(card)
        #expect(child.backgroundColor == .systemYellow && card.backgroundColor == nil)
    }
}
