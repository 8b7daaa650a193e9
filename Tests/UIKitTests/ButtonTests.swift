// UIButton: per-state content and UIKit's fallback to .normal, the types, sizing, layout, the system highlight,
// configurations; and the tint inherited down the hierarchy. Sizes worked out from the label's own measurements.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct ButtonTests {
    /// The size a 15-point system-font label takes for `text` (what the button's title label measures).
    func labelSize(_ text: String, size: CGFloat = 15) -> CGSize {
        let label = UILabel()
        label.font = .systemFont(ofSize: size)
        label.text = text
        return label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }

    @Test func perStateValuesFallBackToNormal() {
        freshApp()
        let b = UIButton(type: .system)
        b.setTitle("Play", for: .normal)
        b.setTitle("Playing", for: .selected)
        #expect(b.title(for: .highlighted) == "Play", "unset: the normal state's")
        #expect(b.title(for: .selected) == "Playing")
        #expect(b.title(for: [.selected, .highlighted]) == "Play", "a combined state unset falls back to normal, not to selected")
        #expect(b.currentTitle == "Play")
        b.isSelected = true
        #expect(b.currentTitle == "Playing" && b.titleLabel?.text == "Playing")
        b.setTitle(nil, for: .selected)
        #expect(b.currentTitle == "Play")

        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in }
        b.setImage(image, for: .normal)
        b.isSelected = false
        b.isEnabled = false
        #expect(b.currentImage === image && b.image(for: .disabled) === image)
        b.setBackgroundImage(image, for: .disabled)
        #expect(b.currentBackgroundImage === image && b.backgroundImage(for: .normal) == nil)
    }

    @Test func titleColoursByType() {
        freshApp()
        let window = shownWindow()
        let system = UIButton(type: .system), custom = UIButton(type: .custom)
        window.addSubview(system)
        window.addSubview(custom)
        #expect(system.titleColor(for: .normal) == UIView.systemTint)
        #expect(custom.titleColor(for: .normal) == .white)
        #expect(system.titleColor(for: .disabled) == .systemGray3, "the system type greys a disabled title")
        #expect(custom.titleColor(for: .disabled) == .white)
        system.setTitle("Go", for: .normal)
        // The system title follows the tint, set here or above.
        window.tintColor = .systemRed
        #expect(system.currentTitleColor == .systemRed && system.titleLabel?.textColor == .systemRed)
        system.setTitleColor(.systemGreen, for: .normal)
        #expect(system.titleColor(for: .highlighted) == .systemGreen)
        #expect(system.titleLabel?.textColor == .systemGreen)
    }

    @Test func sizesAsUIKitComputesThem() {
        freshApp()
        let empty = UIButton(type: .system)
        #expect(empty.intrinsicContentSize == CGSize(width: 30, height: 34), "an empty button is not zero-sized")
        let b = UIButton(type: .system)
        b.setTitle("Connect", for: .normal)
        let t = labelSize("Connect")
        // The title with 6 points above and below.
        #expect(b.intrinsicContentSize == CGSize(width: ceil(t.width), height: ceil(t.height + 12)))
        b.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        #expect(b.intrinsicContentSize == CGSize(width: ceil(t.width + 20), height: ceil(t.height + 20)))
        b.sizeToFit()
        #expect(b.frame.size == b.intrinsicContentSize)
        // An image beside the title: widths add, the taller sets the height.
        let icon = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 40)).image { _ in }
        b.contentEdgeInsets = .zero
        b.setImage(icon, for: .normal)
        #expect(b.intrinsicContentSize == CGSize(width: ceil(t.width + 20), height: 40))
        // The glyph types take their glyph's size.
        #expect(UIButton(type: .contactAdd).frame.size == CGSize(width: 22, height: 22))
        #expect(UIButton(type: .close).intrinsicContentSize == CGSize(width: 30, height: 30))
    }

    @Test func titleAndImageArePlacedByTheContentAlignments() {
        freshApp()
        let b = UIButton(type: .custom)
        b.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        let icon = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in }
        b.setImage(icon, for: .normal)
        b.setTitle("OK", for: .normal)
        b.layoutIfNeeded()
        let t = labelSize("OK")
        // Centred as one block: image then title.
        let x0 = (200 - (20 + t.width)) / 2
        #expect(b.imageView!.frame == CGRect(x: x0, y: 20, width: 20, height: 20))
        #expect(abs(b.titleLabel!.frame.minX - (x0 + 20)) < 0.001 && abs(b.titleLabel!.frame.midY - 30) < 0.001)
        b.contentHorizontalAlignment = .leading
        b.contentEdgeInsets = UIEdgeInsets(top: 0, left: 8, bottom: 0, right: 0)
        b.titleEdgeInsets = UIEdgeInsets(top: 0, left: 6, bottom: 0, right: -6)
        b.layoutIfNeeded()
        #expect(b.imageView!.frame.minX == 8)
        #expect(abs(b.titleLabel!.frame.minX - 34) < 0.001, "title edge insets move the title 6 to the right")
        // Right to left: leading is the right edge, and the title comes first.
        b.semanticContentAttribute = .forceRightToLeft
        b.titleEdgeInsets = .zero
        b.contentEdgeInsets = .zero
        b.layoutIfNeeded()
        #expect(abs(b.imageView!.frame.maxX - 200) < 0.001)
        #expect(abs(b.titleLabel!.frame.maxX - 180) < 0.001)

        // Sized to fit its title, then made taller with the content at the top or bottom: the title keeps the 6
        // points UIKit's sizing gave it above and below (as iOS-validated button measurements show).
        let plain = UIButton(type: .system)
        plain.setTitle("Continue", for: .normal)
        plain.sizeToFit()
        #expect(plain.bounds.height == ceil(labelSize("Continue").height + 12))
        plain.frame.size.height += 40
        plain.contentVerticalAlignment = .top
        plain.layoutIfNeeded()
        #expect(abs(plain.titleLabel!.frame.minY - 6) < 0.001)
        plain.contentVerticalAlignment = .bottom
        plain.layoutIfNeeded()
        #expect(abs(plain.titleLabel!.frame.maxY - (plain.bounds.height - 6)) < 0.001)
        // Content insets replace that padding.
        plain.contentEdgeInsets = UIEdgeInsets(top: 2, left: 0, bottom: 2, right: 0)
        plain.layoutIfNeeded()
        #expect(abs(plain.titleLabel!.frame.maxY - (plain.bounds.height - 2)) < 0.001)
    }

    @Test func aSystemButtonFadesWhileTouchedAndSendsItsActionOnRelease() {
        freshApp()
        let window = shownWindow()
        let b = UIButton(type: .system)
        b.setTitle("Tap", for: .normal)
        b.frame = CGRect(x: 50, y: 50, width: 100, height: 44)
        window.addSubview(b)
        var taps = 0
        b.addAction(UIAction { _ in taps += 1 }, for: .primaryActionTriggered)
        let fingers = Fingers()
        fingers.down(CGPoint(x: 100, y: 70))
        #expect(b.isHighlighted && abs(b.titleLabel!.alpha - 0.2) < 1e-6)
        fingers.up()
        #expect(taps == 1 && !b.isHighlighted)
        #expect(b.titleLabel!.alpha == 1, "the model is back at once")
        let fading = b.titleLabel!.layer.animation(forKey: "opacity")
        #expect(fading != nil && abs(fading!.duration - 0.25) < 1e-9, "and it fades back on screen")
        // A custom button does not fade.
        let custom = UIButton(type: .custom)
        custom.setTitle("Tap", for: .normal)
        custom.isHighlighted = true
        #expect(custom.titleLabel!.alpha == 1)
    }

    @Test func aTemplateImageShowsInTheTint() {
        freshApp()
        let glyph = UIGraphicsImageRenderer(size: CGSize(width: 18, height: 18)).image { _ in
            UIColor.black.setFill()
            UIBezierPath(ovalIn: CGRect(x: 2, y: 2, width: 14, height: 14)).fill()
        }
        let b = UIButton(type: .system)
        b.setImage(glyph, for: .normal) // .automatic: a system button shows it as a template
        b.setTitle("Fav", for: .normal)
        b.sizeToFit()
        b.tintColor = .systemPink
        let shot = snapshot(b, scale: 1).cgImage!
        // The image view was made with no size and sized by layout: its image shows, in the tint.
        let y = Int(b.imageView!.frame.midY)
        #expect(pixel(shot, 9, y) == (255, 45, 85, 255))
    }

    @Test func titleShadowsPerStateAndLabelShadows() {
        freshApp()
        let b = UIButton(type: .custom)
        b.setTitle("I", for: .normal)
        b.setTitleShadowColor(.systemRed, for: .normal)
        b.setTitleShadowColor(.systemBlue, for: .highlighted)
        #expect(b.currentTitleShadowColor == .systemRed && b.titleLabel?.shadowColor == .systemRed)
        b.isHighlighted = true
        #expect(b.titleLabel?.shadowColor == .systemBlue)
        #expect(b.titleShadowColor(for: .disabled) == .systemRed, "unset: the normal state's")

        // A label's hard shadow lies shadowOffset away: 6 points down, below the glyph's own ink.
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        l.text = "I"
        l.font = .boldSystemFont(ofSize: 30)
        l.textColor = .black
        l.backgroundColor = .white
        l.shadowColor = .red
        l.shadowOffset = CGSize(width: 0, height: 6)
        let shot = snapshot(l, scale: 1).cgImage!
        var redRows: [Int] = [], blackRows: [Int] = []
        for y in 0..<40 {
            for x in 0..<60 {
                let p = pixel(shot, x, y)
                if p.0 > 200 && p.1 < 80 { redRows.append(y) }
                if p.0 < 60 && p.1 < 60 { blackRows.append(y) }
            }
        }
        #expect(redRows.max()! == blackRows.max()! + 6)
    }

    @Test func aConfigurationCanShowAnActivityIndicator() {
        freshApp()
        var c = UIButton.Configuration.filled()
        c.title = "Saving"
        c.image = UIImage(systemName: "checkmark")
        c.imagePadding = 6
        c.showsActivityIndicator = true
        let b = UIButton(configuration: c)
        b.sizeToFit()
        b.layoutIfNeeded()
        let spinner = b.subviews.compactMap { $0 as? UIActivityIndicatorView }.first
        #expect(spinner?.isAnimating == true && spinner?.color == .white, "spinning, in the foreground colour")
        #expect(b.imageView?.superview == nil, "in place of the image")
        #expect(spinner!.frame.maxX + 6 == b.titleLabel!.frame.minX)
        c.showsActivityIndicator = false
        b.configuration = c
        #expect(spinner?.superview == nil && spinner?.isAnimating == false && b.imageView?.superview === b)
    }

    @Test func accessibilityTraitsFollowTheState() {
        freshApp()
        let b = UIButton(type: .system)
        b.setTitle("Delete", for: .normal)
        #expect(b.isAccessibilityElement && b.accessibilityLabel == "Delete" && b.accessibilityTraits == .button)
        b.isEnabled = false
        b.isSelected = true
        #expect(b.accessibilityTraits == [.button, .notEnabled, .selected])
    }

    @Test func configurationsDrawTheirStyleAndFollowTheState() {
        freshApp()
        let window = shownWindow()
        var config = UIButton.Configuration.filled()
        config.title = "Join"
        var tapped = false
        let b = UIButton(configuration: config, primaryAction: UIAction { _ in tapped = true })
        window.addSubview(b)
        b.sizeToFit()
        b.frame.origin = CGPoint(x: 20, y: 20)
        b.layoutIfNeeded()
        let t = labelSize("Join", size: 17)
        // Medium size: 7 above and below, 12 at the sides.
        #expect(b.intrinsicContentSize == CGSize(width: ceil(t.width + 24), height: ceil(t.height + 14)))
        let background = b.subviews.first { $0 !== b.titleLabel && $0 !== b.imageView }
        #expect(background?.backgroundColor == UIView.systemTint && background?.layer.cornerRadius == 6)
        #expect(b.titleLabel?.textColor == .white)

        var states: [UIControl.State] = []
        b.configurationUpdateHandler = { button in states.append(button.state) }
        let fingers = Fingers()
        fingers.down(CGPoint(x: 25, y: 25))
        b.layoutIfNeeded()
        #expect(states.last == .highlighted)
        #expect(background?.backgroundColor != UIView.systemTint, "highlighted: the background darkens")
        fingers.up()
        b.layoutIfNeeded()
        #expect(tapped && states.last == .normal && background?.backgroundColor == UIView.systemTint)
        // Not updated by itself: a state change leaves the handler alone until the app asks.
        b.automaticallyUpdatesConfiguration = false
        let heard = states.count
        b.isSelected = true
        b.layoutIfNeeded()
        #expect(states.count == heard)
        b.setNeedsUpdateConfiguration()
        b.layoutIfNeeded()
        #expect(states.count == heard + 1 && states.last == .selected)
        b.isSelected = false
        b.automaticallyUpdatesConfiguration = true
        // With a handler and no configuration, a change of state still runs the handler (it may set one).
        let bare = UIButton(type: .system)
        var bareStates: [UIControl.State] = []
        bare.configurationUpdateHandler = { bareStates.append($0.state) }
        bare.layoutIfNeeded()
        bare.isEnabled = false
        bare.layoutIfNeeded()
        #expect(bareStates.last == .disabled)

        // A capsule, an image above the title, a plain style with no background.
        var plain = UIButton.Configuration.plain()
        plain.title = "Settings"
        plain.image = UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { _ in }
        plain.imagePlacement = .top
        plain.imagePadding = 4
        b.configuration = plain
        b.sizeToFit()
        b.layoutIfNeeded()
        let s = labelSize("Settings", size: 17)
        #expect(b.intrinsicContentSize == CGSize(width: ceil(max(24, s.width) + 24), height: ceil(24 + 4 + s.height + 14)))
        #expect(b.imageView!.frame.maxY + 4 == b.titleLabel!.frame.minY)
        #expect(background?.superview == nil, "plain: no background")
        #expect(b.imageView!.image?.renderingMode == .alwaysTemplate && b.imageView!.tintColor == UIView.systemTint)
        var capsule = UIButton.Configuration.tinted()
        capsule.title = "Pill"
        capsule.cornerStyle = .capsule
        b.configuration = capsule
        b.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        b.layoutIfNeeded()
        #expect(background?.layer.cornerRadius == 20)
        b.configuration = nil
        #expect(background?.superview == nil && b.titleLabel?.superview == nil)
    }

    @Test func tintIsInheritedAndChangesAreAnnounced() {
        freshApp()
        final class Watcher: UIView {
            var calls = 0
            override func tintColorDidChange() { calls += 1 }
        }
        let root = UIView(), middle = Watcher(), leaf = Watcher(), own = Watcher()
        root.addSubview(middle)
        middle.addSubview(leaf)
        middle.addSubview(own)
        own.tintColor = .systemGreen
        own.calls = 0
        root.tintColor = .systemRed
        #expect(leaf.tintColor == .systemRed && own.tintColor == .systemGreen)
        #expect(middle.calls == 1 && leaf.calls == 1 && own.calls == 0, "a view with its own tint is not affected")
        root.tintColor = .systemRed
        #expect(leaf.calls == 1, "no change, no call")
        // Dimming reaches every view, whatever its colour, and greys the tint.
        root.tintAdjustmentMode = .dimmed
        #expect(leaf.calls == 2 && own.calls == 1)
        var white: CGFloat = 0, alpha: CGFloat = 0, r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0
        #expect(own.tintColor.getRed(&r, green: &g, blue: &b, alpha: &alpha) && r == g && g == b)
        _ = white
        white = 0
        own.tintAdjustmentMode = .normal
        #expect(own.tintColor == .systemGreen && own.calls == 2)
        // Moving a view under a differently tinted parent announces the change.
        let other = UIView()
        other.tintColor = .systemBlue
        other.addSubview(leaf)
        #expect(leaf.calls == 3 && leaf.tintColor == .systemBlue)
    }
}
