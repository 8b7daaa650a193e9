// UIProgressView and UIActivityIndicatorView: geometry worked out by hand, animation, hiding, accessibility.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct ProgressAndActivityTests {
    @Test func progressFillsItsShareOfTheTrack() {
        freshApp()
        let p = UIProgressView(progressViewStyle: .default)
        p.frame = CGRect(x: 0, y: 0, width: 200, height: 4)
        p.progress = 0.25
        p.layoutIfNeeded()
        let bar = p.subviews[1], track = p.subviews[0]
        #expect(track.frame == CGRect(x: 0, y: 0, width: 200, height: 4) && bar.frame == CGRect(x: 0, y: 0, width: 50, height: 4))
        #expect(bar.backgroundColor == UIView.systemTint && track.layer.cornerRadius == 2)
        p.progress = 7
        #expect(p.progress == 1, "clamped")
        p.setProgress(0.5, animated: true)
        #expect(bar.frame.width == 100 && bar.layer.animation(forKey: "bounds") != nil, "animated: the bar grows on screen")
        #expect(p.accessibilityValue == "50%" && p.intrinsicContentSize.height == 4)
        p.progressTintColor = .systemGreen
        #expect(bar.backgroundColor == .systemGreen)
        let barStyle = UIProgressView(progressViewStyle: .bar)
        #expect(barStyle.subviews[0].backgroundColor == .clear)
    }

    @Test func theSpinnerTurnsASpokeAtATimeAndHidesWhenStopped() {
        freshApp()
        let a = UIActivityIndicatorView(style: .medium)
        #expect(a.frame.size == CGSize(width: 20, height: 20) && a.isHidden && !a.isAnimating)
        #expect(UIActivityIndicatorView(style: .large).intrinsicContentSize == CGSize(width: 37, height: 37))
        a.startAnimating()
        #expect(a.isAnimating && !a.isHidden)
        let spin = a.subviews[0].layer.animation(forKey: "spin") as? CAKeyframeAnimation
        #expect(spin?.duration == 1 && spin?.calculationMode == .discrete && spin?.repeatCount == .infinity)
        #expect(spin?.values?.count == 9)
        a.stopAnimating()
        #expect(!a.isAnimating && a.isHidden && a.subviews[0].layer.animation(forKey: "spin") == nil)
        a.hidesWhenStopped = false
        #expect(!a.isHidden)
        #expect(a.color == .systemGray)
        a.style = .white
        #expect(a.color == .white)
        a.color = .systemRed
        a.style = .large
        #expect(a.color == .systemRed, "a colour set stays when the style changes")
    }
}
