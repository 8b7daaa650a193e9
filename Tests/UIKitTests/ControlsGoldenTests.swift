// The standard controls in their common states, against golden images at scale 1 and 2.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct ControlsGoldenTests {
    nonisolated static let scales: [CGFloat] = [1, 2]

    func card() -> UIView {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        card.backgroundColor = .white
        let off = UISwitch(frame: CGRect(x: 16, y: 16, width: 0, height: 0))
        let on = UISwitch(frame: CGRect(x: 80, y: 16, width: 0, height: 0))
        on.isOn = true
        let tinted = UISwitch(frame: CGRect(x: 144, y: 16, width: 0, height: 0))
        tinted.onTintColor = .systemOrange
        tinted.isOn = true
        let disabled = UISwitch(frame: CGRect(x: 208, y: 16, width: 0, height: 0))
        disabled.isEnabled = false
        let slider = UISlider(frame: CGRect(x: 16, y: 60, width: 288, height: 31))
        slider.value = 0.35
        let stepper = UIStepper(frame: CGRect(x: 16, y: 104, width: 0, height: 0))
        stepper.value = 0 // the − half greyed
        let segments = UISegmentedControl(items: ["Day", "Week", "Month"])
        segments.frame = CGRect(x: 124, y: 104, width: 180, height: 32)
        segments.selectedSegmentIndex = 1
        let progress = UIProgressView(progressViewStyle: .default)
        progress.frame = CGRect(x: 16, y: 156, width: 288, height: 4)
        progress.progress = 0.6
        let pages = UIPageControl(frame: CGRect(x: 16, y: 176, width: 140, height: 26))
        pages.numberOfPages = 5
        pages.currentPage = 1
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.frame.origin = CGPoint(x: 200, y: 180)
        spinner.hidesWhenStopped = false
        for v in [off, on, tinted, disabled, slider, stepper, segments, progress, pages, spinner] as [UIView] { card.addSubview(v) }
        return card
    }

    @Test(arguments: scales) func controlsInTheirStates(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 240 * scale), scale: scale)
        let card = card()
        card.layoutIfNeeded()
        assertGolden(snapshot(card, scale: scale), "controls@\(Int(scale))x", allowedPixels: 40)
    }
}
