// UIStackView: each distribution and alignment, spacing, hidden views collapsing, margins; frames worked out by hand.
import Foundation
import Testing
@testable import UIKit

/// A view with an intrinsic size (as a label or an image view has).
@MainActor final class SizedView: UIView {
    var size: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    required init?(coder: NSCoder) { fatalError("not used") }
    override var intrinsicContentSize: CGSize { size }
}

@MainActor private func stack(_ views: [UIView], width: CGFloat? = 300, height: CGFloat? = 100,
                              configure: (UIStackView) -> Void = { _ in }) -> (UIWindow, UIStackView) {
    freshApp(pixels: CGSize(width: 400, height: 400))
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    window.makeKeyAndVisible()
    let s = UIStackView(arrangedSubviews: views)
    configure(s)
    s.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(s)
    var cs = [s.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
              s.topAnchor.constraint(equalTo: window.topAnchor, constant: 20)]
    if let width { cs.append(s.widthAnchor.constraint(equalToConstant: width)) }
    if let height { cs.append(s.heightAnchor.constraint(equalToConstant: height)) }
    NSLayoutConstraint.activate(cs)
    window.layoutIfNeeded()
    return (window, s)
}

@MainActor @Suite(.serialized) struct StackViewTests {
    @Test func fillGivesTheSpaceToTheViewThatHugsLeast() {
        let a = SizedView(50, 20), b = SizedView(60, 20), c = SizedView(40, 20)
        b.setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
        let (_, s) = stack([a, b, c]) { $0.spacing = 10 }
        // 300 - 20 of spacing - 50 - 40 = 190 for b; alignment .fill: full height 100.
        #expect(a.frame == CGRect(x: 0, y: 0, width: 50, height: 100))
        #expect(b.frame == CGRect(x: 60, y: 0, width: 190, height: 100))
        #expect(c.frame == CGRect(x: 260, y: 0, width: 40, height: 100))
        #expect(s.frame == CGRect(x: 10, y: 20, width: 300, height: 100))
        #expect(a.translatesAutoresizingMaskIntoConstraints == false)
    }

    @Test func fillEquallyAndProportionally() {
        let views = [SizedView(10, 10), SizedView(20, 10), SizedView(30, 10)]
        _ = stack(views) { $0.distribution = .fillEqually; $0.spacing = 10 }
        // (300 - 20) / 3 = 93.33…: on the pixel grid 0, 103, 207 (edges rounded).
        #expect(views.map { $0.frame.minX } == [0, 103, 207])
        #expect(abs(views[2].frame.maxX - 300) < 0.01)

        let p = [SizedView(100, 10), SizedView(200, 10)]
        _ = stack(p, width: 600) { $0.distribution = .fillProportionally }
        #expect(p[0].frame.width == 200 && p[1].frame.width == 400)
    }

    @Test func equalSpacingAndEqualCentering() {
        let views = [SizedView(50, 10), SizedView(50, 10), SizedView(50, 10)]
        _ = stack(views) { $0.distribution = .equalSpacing }
        // (300 - 150) / 2 = 75 between each.
        #expect(views.map { $0.frame.minX } == [0, 125, 250])

        let centred = [SizedView(20, 10), SizedView(60, 10), SizedView(20, 10)]
        _ = stack(centred) { $0.distribution = .equalCentering }
        // Centres at 10 and 290; the middle one's centre halfway, at 150: x = 120.
        #expect(centred.map { $0.frame.minX } == [0, 120, 280])
    }

    @Test func alignmentsAcrossTheAxis() {
        for (alignment, y) in [(UIStackView.Alignment.top, 0.0), (.center, 40), (.bottom, 80)] as [(UIStackView.Alignment, CGFloat)] {
            let v = SizedView(30, 20), stretching = SizedView(30, 20)
            stretching.setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
            _ = stack([v, stretching]) { $0.alignment = alignment }
            #expect(v.frame == CGRect(x: 0, y: y, width: 30, height: 20), "\(alignment)")
        }
        // Vertical, centred across: x = (300 - 30) / 2 = 135.
        let v = SizedView(30, 20)
        _ = stack([v]) { $0.axis = .vertical; $0.alignment = .center }
        #expect(v.frame.minX == 135)
    }

    @Test func hidingInAnAnimationBlockCollapsesTheViewThenHidesIt() {
        let a = SizedView(50, 10), b = SizedView(50, 10), c = SizedView(50, 10)
        let (window, s) = stack([a, b, c], width: nil) { $0.spacing = 10 }
        endTurn()
        #expect(b.frame.minX == 60 && c.frame.minX == 120)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { b.isHidden = true })
        #expect(b.isHidden, "hidden at once, as UIKit reports it")
        #expect(!b.layer.isHidden, "still on screen while it collapses")
        // The model is at the end: b has no length, at a's end; c closes up to a + 10; the stack hugs 50 + 10 + 50.
        #expect(b.frame.width == 0 && b.frame.minX == 50)
        #expect(c.frame.minX == 60 && s.frame.width == 110)
        frames(0.5)
        let x = c.layer.presentation()!.frame.minX, w = b.layer.presentation()!.bounds.width
        #expect(abs(x - 90) < 3, "c halfway from 120 to 60 on screen: \(x)")
        #expect(abs(w - 25) < 3, "b halfway from 50 to 0 wide: \(w)")
        frames(0.6)
        #expect(b.layer.isHidden, "hidden once the animation ended")
        #expect(c.frame.minX == 60 && s.frame.width == 110, "leaving the arrangement moved nothing")

        // Shown in a block, it grows from nothing at a's end to its place.
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { b.isHidden = false })
        #expect(!b.isHidden && !b.layer.isHidden)
        #expect(b.frame.minX == 60 && b.frame.width == 50 && c.frame.minX == 120)
        frames(0.5)
        let grown = b.layer.presentation()!.bounds.width
        #expect(abs(grown - 25) < 3, "b halfway from 0 to 50 wide: \(grown)")
        frames(0.6)

        // Hidden, then shown again before it finished collapsing: the first animation's end does not hide it.
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { b.isHidden = true })
        frames(0.3)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { b.isHidden = false })
        frames(1.2)
        #expect(!b.isHidden && !b.layer.isHidden && b.frame.width == 50 && c.frame.minX == 120)

        // Outside a block nothing animates: hidden at once.
        b.isHidden = true
        #expect(b.layer.isHidden)
        withExtendedLifetime(window) {}
    }

    @Test func hiddenViewsTakeNoRoomAndCustomSpacingApplies() {
        let a = SizedView(50, 10), b = SizedView(50, 10), c = SizedView(50, 10)
        let (window, s) = stack([a, b, c], width: nil) { $0.spacing = 10 }
        #expect(c.frame.minX == 120)
        #expect(s.frame.width == 170, "unconstrained along the axis, the stack hugs its views")
        b.isHidden = true
        window.layoutIfNeeded()
        #expect(c.frame.minX == 60)
        #expect(s.frame.width == 110)
        s.setCustomSpacing(30, after: a)
        window.layoutIfNeeded()
        #expect(c.frame.minX == 80)
        #expect(s.customSpacing(after: a) == 30 && s.customSpacing(after: c) == UIStackView.spacingUseDefault)
        b.isHidden = false
        window.layoutIfNeeded()
        #expect(b.frame.minX == 80 && c.frame.minX == 140)
        s.removeArrangedSubview(b)
        window.layoutIfNeeded()
        #expect(s.arrangedSubviews.count == 2 && b.superview === s, "removed from the arrangement, still a subview")
        #expect(c.frame.minX == 80)
    }

    @Test func marginsRelativeArrangementAndVerticalHugging() {
        let a = UILabel(), b = UILabel()
        a.text = "First"; b.text = "Second"
        let (_, s) = stack([a, b], width: 200, height: nil) {
            $0.axis = .vertical
            $0.spacing = 4
            $0.isLayoutMarginsRelativeArrangement = true
            $0.layoutMargins = UIEdgeInsets(top: 6, left: 12, bottom: 6, right: 12)
        }
        let h = a.intrinsicContentSize.height
        #expect(a.frame == CGRect(x: 12, y: 6, width: 176, height: h))
        #expect(b.frame.minY == 6 + h + 4)
        #expect(s.frame.height == 6 + h + 4 + b.intrinsicContentSize.height + 6)
    }
}
