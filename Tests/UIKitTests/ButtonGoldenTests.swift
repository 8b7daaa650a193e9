// Buttons of every type and configuration style, in their states, against golden images at scale 1 and 2.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct ButtonGoldenTests {
    nonisolated static let scales: [CGFloat] = [1, 2]

    /// A star-like template glyph (symbols are not drawn yet: a ring stands in).
    func glyph() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 18, height: 18)).image { _ in
            UIColor.black.setFill()
            UIBezierPath(ovalIn: CGRect(x: 2, y: 2, width: 14, height: 14)).fill()
        }.withRenderingMode(.alwaysTemplate)
    }

    /// Three columns on a 360x260 card: classic types and states; configuration styles; configuration layouts.
    func card() -> UIView {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 360, height: 260))
        card.backgroundColor = .white
        func place(_ b: UIButton, _ x: CGFloat, _ y: CGFloat, width: CGFloat? = nil) {
            b.sizeToFit()
            if let width { b.frame.size.width = width }
            b.frame.origin = CGPoint(x: x, y: y)
            card.addSubview(b)
        }
        let system = UIButton(type: .system)
        system.setTitle("Button", for: .normal)
        place(system, 12, 10)
        let disabled = UIButton(type: .system)
        disabled.setTitle("Disabled", for: .normal)
        disabled.isEnabled = false
        place(disabled, 12, 46)
        let highlighted = UIButton(type: .system)
        highlighted.setTitle("Pressed", for: .normal)
        highlighted.isHighlighted = true
        place(highlighted, 12, 82)
        let custom = UIButton(type: .custom)
        custom.setTitle("Custom", for: .normal)
        custom.backgroundColor = .systemIndigo
        custom.layer.cornerRadius = 8
        custom.contentEdgeInsets = UIEdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
        place(custom, 12, 118)
        let withImage = UIButton(type: .system)
        withImage.setImage(glyph(), for: .normal)
        withImage.setTitle("Favourite", for: .normal)
        place(withImage, 12, 160)
        place(UIButton(type: .contactAdd), 12, 204)
        place(UIButton(type: .detailDisclosure), 44, 204)
        place(UIButton(type: .close), 76, 200)

        for (i, (name, make)) in [("Filled", UIButton.Configuration.filled), ("Tinted", UIButton.Configuration.tinted),
                                   ("Gray", UIButton.Configuration.gray), ("Plain", UIButton.Configuration.plain)].enumerated() {
            var c = make()
            c.title = name
            place(UIButton(configuration: c), 130, 10 + CGFloat(i) * 44, width: 100)
        }
        var capsule = UIButton.Configuration.filled()
        capsule.title = "Capsule"
        capsule.cornerStyle = .capsule
        capsule.baseBackgroundColor = .systemGreen
        place(UIButton(configuration: capsule), 130, 190)

        var top = UIButton.Configuration.tinted()
        top.title = "Above"
        top.image = glyph()
        top.imagePlacement = .top
        top.imagePadding = 4
        place(UIButton(configuration: top), 250, 10)
        var trailing = UIButton.Configuration.gray()
        trailing.title = "Next"
        trailing.image = glyph()
        trailing.imagePlacement = .trailing
        trailing.imagePadding = 6
        place(UIButton(configuration: trailing), 250, 80)
        var subtitle = UIButton.Configuration.filled()
        subtitle.title = "Update"
        subtitle.subtitle = "2 items"
        subtitle.titlePadding = 2
        subtitle.buttonSize = .large
        place(UIButton(configuration: subtitle), 250, 130)
        var disabledConfig = UIButton.Configuration.filled()
        disabledConfig.title = "Off"
        let off = UIButton(configuration: disabledConfig)
        off.isEnabled = false
        place(off, 250, 214)
        return card
    }

    @Test(arguments: scales) func buttonsInEveryTypeStyleAndState(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 360 * scale, height: 260 * scale), scale: scale)
        let card = card()
        card.layoutIfNeeded()
        assertGolden(snapshot(card, scale: scale), "buttons@\(Int(scale))x", allowedPixels: 40)
    }
}
