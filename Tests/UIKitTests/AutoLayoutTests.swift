// Auto Layout: constraints, anchors, priorities, intrinsic sizes, autoresizing masks as constraints, margins, guides,
// right-to-left, the update pass, fitting sizes, conflicts. Frames are worked out by hand in the comments.
import Foundation
import Testing
@testable import UIKit

@MainActor private func container(_ size: CGSize = CGSize(width: 320, height: 480)) -> UIWindow {
    freshApp(pixels: size)
    let window = UIWindow(frame: CGRect(origin: .zero, size: size))
    window.makeKeyAndVisible()
    return window
}

@MainActor private func constrained(in parent: UIView) -> UIView {
    let v = UIView()
    v.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(v)
    return v
}

@MainActor @Suite(.serialized) struct AutoLayoutTests {
    @Test func edgesPinnedWithConstantsGiveTheFrame() {
        let window = container()
        let v = constrained(in: window)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 20),
            v.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -30),
            v.topAnchor.constraint(equalTo: window.topAnchor, constant: 40),
            v.heightAnchor.constraint(equalToConstant: 100),
        ])
        window.layoutIfNeeded()
        // x = 20, width = 320 - 20 - 30 = 270; y = 40, height 100.
        #expect(v.frame == CGRect(x: 20, y: 40, width: 270, height: 100))
        #expect(window.constraints.count == 3 && v.constraints.count == 1, "installed on the closest common ancestor")
    }

    @Test func optionalConstraintsGiveWayToRequiredOnesAndToHigherPriorities() {
        let window = container()
        let v = constrained(in: window)
        let wide = v.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 0.5)
        wide.priority = .defaultHigh
        let narrow = v.widthAnchor.constraint(equalToConstant: 50)
        narrow.priority = .defaultLow
        NSLayoutConstraint.activate([
            v.centerXAnchor.constraint(equalTo: window.centerXAnchor),
            v.centerYAnchor.constraint(equalTo: window.centerYAnchor, constant: -40),
            wide, narrow,
            v.widthAnchor.constraint(lessThanOrEqualToConstant: 150),
            v.heightAnchor.constraint(equalTo: v.widthAnchor, multiplier: 0.25, constant: 10),
        ])
        window.layoutIfNeeded()
        // width: required ≤ 150; 750 wants 160, 250 wants 50 → 150. height = 150/4 + 10 = 47.5.
        // centre (160, 200): x = 160 - 75 = 85, y = 200 - 23.75 = 176.25 → 176 on the pixel grid (scale 1), maxY
        // 223.75 → 224.
        #expect(v.frame == CGRect(x: 85, y: 176, width: 150, height: 48))
        // Lowering the 750 below the 250 lets the 250 win.
        wide.priority = UILayoutPriority(200)
        window.layoutIfNeeded()
        #expect(v.frame.width == 50)
    }

    @Test func constantChangesUpdateTheFramesAtTheNextLayout() {
        let window = container()
        let v = constrained(in: window)
        let left = v.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 10)
        let width = v.widthAnchor.constraint(equalToConstant: 100)
        NSLayoutConstraint.activate([left, width, v.topAnchor.constraint(equalTo: window.topAnchor), v.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 10, y: 0, width: 100, height: 10))
        left.constant = 30
        width.constant = 60
        #expect(v.frame.minX == 10, "nothing moves until layout")
        endTurn()
        #expect(v.frame == CGRect(x: 30, y: 0, width: 60, height: 10), "the frame's layout pass applies them")
        // Several changes in one turn: the last one counts.
        left.constant = 40
        left.constant = 60
        left.constant = 45
        endTurn()
        #expect(v.frame.minX == 45)
        width.isActive = false
        v.widthAnchor.constraint(equalTo: window.widthAnchor, constant: -40).isActive = true
        window.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 45, y: 0, width: 280, height: 10))
    }

    @Test func autoresizingViewsTakePartThroughTheirMasks() {
        let window = container()
        // A container laid out by hand, flexible in width, and a view constrained inside it.
        let panel = UIView(frame: CGRect(x: 10, y: 10, width: 300, height: 200))
        panel.autoresizingMask = [.flexibleWidth]
        window.addSubview(panel)
        let v = constrained(in: panel)
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 5),
            v.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -5),
            v.topAnchor.constraint(equalTo: panel.topAnchor, constant: 5),
            v.heightAnchor.constraint(equalToConstant: 20),
        ])
        window.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 5, y: 5, width: 290, height: 20))
        // The window grows by 100: the panel's width takes it all (its margins are fixed), and the view follows.
        window.frame = CGRect(x: 0, y: 0, width: 420, height: 480)
        window.layoutIfNeeded()
        #expect(panel.frame == CGRect(x: 10, y: 10, width: 400, height: 200))
        #expect(v.frame == CGRect(x: 5, y: 5, width: 390, height: 20))
        // Set by code, the panel's frame moves its constraints too.
        panel.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        window.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 5, y: 5, width: 90, height: 20))
    }

    @Test func labelsTakeTheirIntrinsicSizeAndHuggingDecidesWhoStretches() {
        let window = container()
        let a = UILabel(), b = UILabel()
        a.text = "Name"; b.text = "A longer value"
        for l in [a, b] { l.translatesAutoresizingMaskIntoConstraints = false; window.addSubview(l) }
        b.setContentHuggingPriority(UILayoutPriority(200), for: .horizontal)
        NSLayoutConstraint.activate([
            a.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -10),
            a.topAnchor.constraint(equalTo: window.topAnchor, constant: 10),
            b.firstBaselineAnchor.constraint(equalTo: a.firstBaselineAnchor),
        ])
        window.layoutIfNeeded()
        let aSize = a.intrinsicContentSize
        // a hugs its text (250 > b's 200): width = its intrinsic width; b takes the rest: 320 - 10 - 10 - 8 - a.
        #expect(a.frame.size == aSize)
        #expect(b.frame.width == 320 - 28 - aSize.width)
        #expect(b.frame.minY == a.frame.minY, "same font, same baseline, same top")
        // New text: the intrinsic size moves with it.
        a.text = "Much longer name"
        window.layoutIfNeeded()
        #expect(a.frame.size == a.intrinsicContentSize)
        #expect(a.frame.width > aSize.width)
    }

    @Test func marginsGuidesAndMarginAttributes() {
        let window = container()
        let v = constrained(in: window)
        let guide = window.layoutMarginsGuide
        NSLayoutConstraint.activate([
            v.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            v.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            v.topAnchor.constraint(equalTo: guide.topAnchor),
            v.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
        window.layoutIfNeeded()
        #expect(window.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
        #expect(v.frame == CGRect(x: 8, y: 8, width: 304, height: 464))
        window.layoutMargins = UIEdgeInsets(top: 20, left: 16, bottom: 0, right: 4)
        window.layoutIfNeeded()
        #expect(v.frame == CGRect(x: 16, y: 20, width: 300, height: 460))
        #expect(guide.layoutFrame == CGRect(x: 16, y: 20, width: 300, height: 460))

        // A guide of the app's, for spacing: two views with equal gaps around a guide between them.
        let gap = UILayoutGuide()
        window.addLayoutGuide(gap)
        let w = constrained(in: window)
        NSLayoutConstraint.activate([
            gap.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 40),
            gap.widthAnchor.constraint(equalToConstant: 25),
            gap.topAnchor.constraint(equalTo: window.topAnchor), gap.heightAnchor.constraint(equalToConstant: 1),
            w.leadingAnchor.constraint(equalTo: gap.trailingAnchor),
            w.widthAnchor.constraint(equalToConstant: 10), w.heightAnchor.constraint(equalToConstant: 10),
            w.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        window.layoutIfNeeded()
        #expect(w.frame.minX == 65)
        #expect(gap.layoutFrame == CGRect(x: 40, y: 0, width: 25, height: 1))
    }

    @Test func rightToLeftFlipsLeadingAndTrailing() {
        let window = container()
        window.semanticContentAttribute = .forceRightToLeft
        let first = constrained(in: window), second = constrained(in: window)
        NSLayoutConstraint.activate([
            first.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 10),
            first.widthAnchor.constraint(equalToConstant: 50),
            second.leadingAnchor.constraint(equalTo: first.trailingAnchor, constant: 8),
            second.widthAnchor.constraint(equalToConstant: 30),
            first.topAnchor.constraint(equalTo: window.topAnchor), first.heightAnchor.constraint(equalToConstant: 10),
            second.topAnchor.constraint(equalTo: window.topAnchor), second.heightAnchor.constraint(equalToConstant: 10),
        ])
        window.layoutIfNeeded()
        // Right to left: the first view's right edge is 10 from the window's right (x = 320 - 10 - 50 = 260); the
        // second is 8 to its left (x = 260 - 8 - 30 = 222).
        #expect(window.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(first.frame.minX == 260)
        #expect(second.frame.minX == 222)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        // Directional margins follow the direction too.
        window.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 5)
        #expect(window.layoutMargins.right == 30 && window.layoutMargins.left == 5)
    }

    @Test func contradictionsAreReportedAsUIKitReportsThemAndLayoutGoesOn() {
        let window = container()
        let v = constrained(in: window)
        let before = LayoutEngine.unsatisfiableReports
        let first = v.widthAnchor.constraint(equalToConstant: 100)
        let second = v.widthAnchor.constraint(equalToConstant: 200)
        second.identifier = "too-wide"
        NSLayoutConstraint.activate([first, second, v.heightAnchor.constraint(equalToConstant: 10),
                                     v.leftAnchor.constraint(equalTo: window.leftAnchor), v.topAnchor.constraint(equalTo: window.topAnchor)])
        window.layoutIfNeeded()
        #expect(LayoutEngine.unsatisfiableReports == before + 1)
        let report = LayoutEngine.lastUnsatisfiableReport
        #expect(report.contains("Unable to simultaneously satisfy constraints."))
        #expect(report.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:"))
        #expect(report.contains("'too-wide'"))
        #expect(v.frame.width == 100, "the broken one gives way")
        // The broken one is still a wish: when the other goes, its constant (changed since) rules.
        second.constant = 150
        first.isActive = false
        window.layoutIfNeeded()
        #expect(v.frame.width == 150)
        // Bad numbers are refused without a crash.
        let bad = v.heightAnchor.constraint(equalToConstant: .nan)
        bad.isActive = true
        window.layoutIfNeeded()
        #expect(v.frame.height == 10)
    }

    @Test func autoresizingMasksShowAsUIKitsConstraintsInReportsAndDebugging() {
        let window = container()
        // The classic mistake: constraints on a view that still translates its autoresizing mask.
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        window.addSubview(v)
        let wide = v.widthAnchor.constraint(equalToConstant: 200)
        wide.isActive = true
        window.layoutIfNeeded()
        let report = LayoutEngine.lastUnsatisfiableReport
        #expect(report.contains("<NSAutoresizingMaskLayoutConstraint:"))
        #expect(report.contains("h=--& v=--& UIView:\(addressString(of: v)).width == 100   (active)>"), "\(report)")
        #expect(report.contains("h=--& v=--& UIView:\(addressString(of: v)).minX == 10   (active)>"))
        #expect(v.frame.width == 100, "the app's constraint is the one broken")

        let horizontal = v.constraintsAffectingLayout(for: .horizontal)
        #expect(horizontal.contains { $0 === wide })
        #expect(horizontal.filter { $0 is NSAutoresizingMaskLayoutConstraint }.map(\.firstAttribute) == [.left, .width])
        #expect(v.constraintsAffectingLayout(for: .vertical).map(\.firstAttribute) == [.top, .height])

        // A flexible width grows with the superview: a share of its width in the constraint.
        let flexible = UIView(frame: CGRect(x: 10, y: 0, width: 300, height: 10))
        flexible.autoresizingMask = [.flexibleWidth]
        window.addSubview(flexible)
        flexible.heightAnchor.constraint(equalToConstant: 10).isActive = true
        window.layoutIfNeeded()
        let width = flexible.constraintsAffectingLayout(for: .horizontal).first { $0.firstAttribute == .width }
        // The window is 320 wide: 300 == 1 × 320 − 20.
        #expect(width?.description.contains("h=-&- v=--& UIView:\(addressString(of: flexible)).width == UIWindow:") == true,
                "\(String(describing: width))")
        #expect(width?.description.hasSuffix(".width - 20   (active)>") == true)
        flexible.translatesAutoresizingMaskIntoConstraints = false
        #expect(width?.isActive == false, "no longer laid out by its mask")
    }

    @Test func descriptionsUseUIKitsFormat() {
        let window = container()
        let v = constrained(in: window)
        let c = v.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 0.5, constant: -10)
        c.priority = .defaultHigh
        #expect(c.description.hasPrefix("<NSLayoutConstraint:0x"))
        #expect(c.description.hasSuffix(".width == 0.5*UIWindow:\(addressString(of: window)).width - 10 @750   (inactive)>"))
        c.isActive = true
        #expect(c.description.hasSuffix("(active)>"))
        #expect(v.heightAnchor.constraint(equalToConstant: 44).description.contains(".height == 44"))
        #expect(UILayoutPriority.defaultHigh + 1 == UILayoutPriority(751))
        #expect(UILayoutPriority.required.rawValue == 1000 && UILayoutPriority.defaultLow.rawValue == 250)
    }

    @Test func updateConstraintsRunsLeavesFirstBeforeLayout() {
        final class Card: UIView {
            var log: (String) -> Void = { _ in }
            var name = ""
            var made = false
            override func updateConstraints() {
                log("update \(name)")
                if !made, let superview {
                    made = true
                    translatesAutoresizingMaskIntoConstraints = false
                    NSLayoutConstraint.activate([
                        leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: 4),
                        topAnchor.constraint(equalTo: superview.topAnchor, constant: 4),
                        widthAnchor.constraint(equalToConstant: 40), heightAnchor.constraint(equalToConstant: 30),
                    ])
                }
                super.updateConstraints()
            }
            override class var requiresConstraintBasedLayout: Bool { true }
        }
        let window = container()
        var events: [String] = []
        let outer = Card(), inner = Card()
        outer.name = "outer"; inner.name = "inner"
        outer.log = { events.append($0) }; inner.log = { events.append($0) }
        outer.addSubview(inner)
        window.addSubview(outer)
        endTurn()
        #expect(events.firstIndex(of: "update \(inner.name)")! < events.firstIndex(of: "update \(outer.name)")!)
        #expect(inner.frame == CGRect(x: 4, y: 4, width: 40, height: 30))
        #expect(outer.frame == CGRect(x: 4, y: 4, width: 40, height: 30))
        events = []
        inner.setNeedsUpdateConstraints()
        #expect(inner.needsUpdateConstraints())
        endTurn()
        #expect(events == ["update inner"])
        #expect(!inner.needsUpdateConstraints())
    }

    @Test func systemLayoutSizeFittingMeasuresContent() {
        _ = container()
        let cell = UIView()
        let label = UILabel()
        label.text = "Fits"
        label.translatesAutoresizingMaskIntoConstraints = false
        cell.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 16),
            label.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -16),
            label.topAnchor.constraint(equalTo: cell.topAnchor, constant: 11),
            label.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -11),
        ])
        let s = label.intrinsicContentSize
        let fitted = cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
        #expect(fitted == CGSize(width: s.width + 32, height: s.height + 22))
        // Width given (required), height from the content.
        let row = cell.systemLayoutSizeFitting(CGSize(width: 300, height: 0), withHorizontalFittingPriority: .required,
                                               verticalFittingPriority: .fittingSizeLevel)
        #expect(row == CGSize(width: 300, height: s.height + 22))

        // The same cell inside a window measures the same: its constraints are its subtree's, wherever it is.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.addSubview(cell)
        #expect(cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == fitted)
    }

    @Test func constraintChangesAnimateInsideAnAnimationBlock() {
        let window = container()
        let v = constrained(in: window)
        let left = v.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 0)
        NSLayoutConstraint.activate([left, v.topAnchor.constraint(equalTo: window.topAnchor),
                                     v.widthAnchor.constraint(equalToConstant: 20), v.heightAnchor.constraint(equalToConstant: 20)])
        window.layoutIfNeeded()
        endTurn()
        left.constant = 200
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { window.layoutIfNeeded() })
        #expect(v.frame.minX == 200, "the model is at the end at once")
        frames(0.5)
        let x = v.layer.presentation()!.frame.minX
        #expect(abs(x - 100) < 3, "halfway on screen: \(x)")
    }

    @Test func removingAViewRemovesTheConstraintsThatReachOutsideIt() {
        let window = container()
        let parent = constrained(in: window)
        let child = constrained(in: parent)
        let outside = child.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 3)
        let inside = child.widthAnchor.constraint(equalTo: parent.widthAnchor)
        NSLayoutConstraint.activate([outside, inside])
        #expect(outside.isActive && inside.isActive)
        parent.removeFromSuperview()
        #expect(!outside.isActive, "it named a view outside the removed subtree")
        #expect(inside.isActive)
    }

    @Test func aGridOfConstrainedViewsFollowsItsContainer() {
        let window = container(CGSize(width: 400, height: 400))
        var cells: [UIView] = []
        for i in 0..<4 {
            for j in 0..<4 {
                let cell = constrained(in: window)
                cells.append(cell)
                NSLayoutConstraint.activate([
                    j == 0 ? cell.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 8)
                        : cell.leadingAnchor.constraint(equalTo: cells[cells.count - 2].trailingAnchor, constant: 8),
                    i == 0 ? cell.topAnchor.constraint(equalTo: window.topAnchor, constant: 8)
                        : cell.topAnchor.constraint(equalTo: cells[cells.count - 5].bottomAnchor, constant: 8),
                    cell.heightAnchor.constraint(equalToConstant: 30),
                ])
                if j > 0 { cell.widthAnchor.constraint(equalTo: cells[cells.count - 2].widthAnchor).isActive = true }
                if j == 3 { cell.trailingAnchor.constraint(equalTo: window.trailingAnchor, constant: -8).isActive = true }
            }
        }
        window.layoutIfNeeded()
        // Four equal cells and five gaps of 8 in 400: (400 - 40) / 4 = 90.
        #expect(cells[5].frame == CGRect(x: 106, y: 46, width: 90, height: 30))
        window.frame = CGRect(x: 0, y: 0, width: 200, height: 400)
        window.layoutIfNeeded()
        // (200 - 40) / 4 = 40.
        #expect(cells[15].frame == CGRect(x: 152, y: 122, width: 40, height: 30))
    }
}

@MainActor @Suite(.serialized) struct VisualFormatTests {
    @Test func standardSpacingsMetricsPredicatesAndAlignment() {
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let a = UIView(), b = UIView()
        for v in [a, b] { v.translatesAutoresizingMaskIntoConstraints = false; window.addSubview(v) }
        let views = ["a": a, "b": b]
        var constraints = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a]-[b(==a)]-|", options: [.alignAllTop],
                                                         metrics: nil, views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:|-top-[a(height@750)]", options: [],
                                                      metrics: ["top": 10, "height": 44.0], views: views)
        constraints += NSLayoutConstraint.constraints(withVisualFormat: "V:[b(>=30,<=40)]", options: [], metrics: nil, views: views)
        NSLayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
        // 20 to the edges, 8 between: each (320 - 48) / 2 = 136.
        #expect(a.frame == CGRect(x: 20, y: 10, width: 136, height: 44))
        #expect(b.frame.minX == 164 && b.frame.width == 136)
        #expect(b.frame.minY == 10, "aligned on the top")
        #expect(b.frame.height >= 30 && b.frame.height <= 40)
        #expect(constraints.count == 4 + 1 + 2 + 2 + 1 - 1)
    }

    @Test func rightToLeftDirectionRunsTheLineLeftwards() {
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let a = UIView()
        a.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(a)
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "H:|-10-[a(50)]", options: .directionRightToLeft, metrics: nil, views: ["a": a])
            + [a.topAnchor.constraint(equalTo: window.topAnchor), a.heightAnchor.constraint(equalToConstant: 5)])
        window.layoutIfNeeded()
        #expect(a.frame.minX == 260)
    }

    @Test func aFormatThatDoesNotParseStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let v = UIView()
                _ = NSLayoutConstraint.constraints(withVisualFormat: "H:|-[v", options: [], metrics: nil, views: ["v": v])
            }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = NSLayoutConstraint.constraints(withVisualFormat: "H:[missing]", options: [], metrics: nil, views: [:])
            }
        }
    }
}

@MainActor @Suite(.serialized) struct SafeAreaTests {
    @Test func thePanelsInsetsMakeTheSafeAreaAndMoveTheMargins() {
        freshApp()
        UIScreen.main.panelSafeAreaInsets = UIEdgeInsets(top: 24, left: 0, bottom: 12, right: 0)
        defer { UIScreen.main.panelSafeAreaInsets = .zero }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(v)
        let guide = window.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            v.topAnchor.constraint(equalTo: guide.topAnchor), v.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
            v.leadingAnchor.constraint(equalTo: guide.leadingAnchor), v.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
        ])
        window.layoutIfNeeded()
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 24, left: 0, bottom: 12, right: 0))
        #expect(v.frame == CGRect(x: 0, y: 24, width: 320, height: 444))
        // A view below the top inset has none of it left; margins are measured from the safe area.
        #expect(v.safeAreaInsets == .zero)
        #expect(window.layoutMargins.top == CGFloat(32), "8 of margin below the 24 of the bezel")
    }

    /// `topLayoutGuide`/`bottomLayoutGuide` as layout libraries still constrain to them: from the root view's edges
    /// to its safe area's, following the controller's insets.
    @Test func theControllersLayoutSupportGuidesSpanTheInsets() {
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 30, left: 0, bottom: 44, right: 0)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        controller.view.addSubview(content)
        let top: UILayoutSupport = controller.topLayoutGuide, bottom: UILayoutSupport = controller.bottomLayoutGuide
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: top.bottomAnchor),
            content.bottomAnchor.constraint(equalTo: bottom.topAnchor),
            content.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
            content.widthAnchor.constraint(equalTo: top.heightAnchor),
            // As the libraries make it: the guide as a constraint's item.
            NSLayoutConstraint(item: content, attribute: .height, relatedBy: .greaterThanOrEqual, toItem: bottom,
                               attribute: .height, multiplier: 1, constant: 0),
        ])
        window.layoutIfNeeded()
        #expect(top.length == 30 && bottom.length == 44)
        #expect(content.frame == CGRect(x: 0, y: 30, width: 30, height: 406))
        #expect(controller.topLayoutGuide === top, "one guide, made once")
        // NSObject's initializer gives an empty constraint that activates to nothing.
        let empty = NSLayoutConstraint()
        #expect(empty.firstItem == nil && empty.firstAttribute == .notAnAttribute)
        empty.isActive = true
        #expect(!empty.isActive)
    }

    /// A container whose baseline is a subview's (`forFirstBaselineLayout`), as a custom control with a title does.
    @Test func aContainerLendsItsBaselineFromASubview() {
        final class TitledBox: UIView {
            let title = UILabel()
            override var forFirstBaselineLayout: UIView { title }
            override var forLastBaselineLayout: UIView { title }
        }
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let box = TitledBox(), other = UILabel()
        box.title.text = "Title"
        other.text = "Beside"
        for v in [box, box.title, other] { v.translatesAutoresizingMaskIntoConstraints = false }
        box.addSubview(box.title)
        window.addSubview(box)
        window.addSubview(other)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: window.topAnchor, constant: 50),
            box.leadingAnchor.constraint(equalTo: window.leadingAnchor),
            box.widthAnchor.constraint(equalToConstant: 120), box.heightAnchor.constraint(equalToConstant: 80),
            box.title.topAnchor.constraint(equalTo: box.topAnchor, constant: 30),
            box.title.leadingAnchor.constraint(equalTo: box.leadingAnchor),
            other.leadingAnchor.constraint(equalTo: box.trailingAnchor, constant: 8),
            other.firstBaselineAnchor.constraint(equalTo: box.firstBaselineAnchor),
        ])
        window.layoutIfNeeded()
        // The labels share a baseline: the same font, so the same top; the box's own bottom (80 + 50) is not it.
        #expect(abs(other.frame.minY - box.title.frame.minY - box.frame.minY) < 0.01, "\(other.frame) \(box.title.frame)")
    }

    @Test func viewControllersAddTheirOwnInsets() {
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 0, left: 10, bottom: 44, right: 0)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 10, bottom: 44, right: 0))
    }
}

@MainActor @Suite(.serialized) struct AmbiguityTests {
    @Test func aViewWithAFreeEdgeIsAmbiguousAndOneFullyPlacedIsNot() {
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let placed = UIView(), loose = UIView()
        for v in [placed, loose] { v.translatesAutoresizingMaskIntoConstraints = false; window.addSubview(v) }
        NSLayoutConstraint.activate([
            placed.leadingAnchor.constraint(equalTo: window.leadingAnchor), placed.topAnchor.constraint(equalTo: window.topAnchor),
            placed.widthAnchor.constraint(equalToConstant: 10), placed.heightAnchor.constraint(equalToConstant: 10),
            // Only a width and a top: its x and height are free.
            loose.widthAnchor.constraint(equalToConstant: 10), loose.topAnchor.constraint(equalTo: window.topAnchor),
        ])
        #expect(!placed.hasAmbiguousLayout)
        #expect(loose.hasAmbiguousLayout)
        NSLayoutConstraint.activate([loose.leadingAnchor.constraint(equalTo: placed.trailingAnchor), loose.heightAnchor.constraint(equalToConstant: 5)])
        #expect(!loose.hasAmbiguousLayout)
        #expect(loose.constraintsAffectingLayout(for: .horizontal).count == 2)
    }
}

@MainActor @Suite(.serialized) struct AutoLayoutLifetimeTests {
    @Test func aHierarchyLaidOutWithConstraintsIsFreedWhenNothingHoldsIt() {
        freshApp()
        weak var weakWindow: UIWindow?
        weak var weakView: UIView?
        weak var weakConstraint: NSLayoutConstraint?
        do {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let v = UIView()
            v.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(v)
            let c = v.widthAnchor.constraint(equalTo: window.widthAnchor, multiplier: 0.5)
            NSLayoutConstraint.activate([c, v.heightAnchor.constraint(equalToConstant: 10),
                                         v.leftAnchor.constraint(equalTo: window.leftAnchor), v.topAnchor.constraint(equalTo: window.topAnchor)])
            window.layoutIfNeeded()
            #expect(v.frame.width == 50)
            weakWindow = window; weakView = v; weakConstraint = c
        }
        #expect(weakWindow == nil, "the engine holds no strong reference back to its views")
        #expect(weakView == nil)
        #expect(weakConstraint == nil)
    }
}

@MainActor @Suite(.serialized) struct IncrementalEngineTests {
    @Test func viewsWithoutConstraintsComeAndGoWithoutRebuildingTheEngine() {
        freshApp()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        let v = UIView()
        v.translatesAutoresizingMaskIntoConstraints = false
        window.addSubview(v)
        NSLayoutConstraint.activate([v.leftAnchor.constraint(equalTo: window.leftAnchor, constant: 5),
                                     v.topAnchor.constraint(equalTo: window.topAnchor), v.widthAnchor.constraint(equalToConstant: 10),
                                     v.heightAnchor.constraint(equalToConstant: 10)])
        window.layoutIfNeeded()
        let before = LayoutEngine.rebuilds
        // A toast laid out by hand, shown and taken away; a view made for constraints before it has any.
        let toast = UILabel(frame: CGRect(x: 0, y: 400, width: 320, height: 40))
        window.addSubview(toast)
        window.layoutIfNeeded()
        toast.removeFromSuperview()
        let pending = UIView()
        window.addSubview(pending)
        pending.translatesAutoresizingMaskIntoConstraints = false
        window.layoutIfNeeded()
        #expect(LayoutEngine.rebuilds == before)
        // Its constraints then go in incrementally, and the engine's views keep their frames.
        NSLayoutConstraint.activate([pending.leftAnchor.constraint(equalTo: v.rightAnchor, constant: 3),
                                     pending.topAnchor.constraint(equalTo: v.bottomAnchor), pending.widthAnchor.constraint(equalToConstant: 7),
                                     pending.heightAnchor.constraint(equalToConstant: 7)])
        window.layoutIfNeeded()
        #expect(LayoutEngine.rebuilds == before)
        #expect(pending.frame == CGRect(x: 18, y: 10, width: 7, height: 7))
        // Moving a view the engine knows does rebuild: its constraints to views outside its subtree go (as in UIKit),
        // its own stay, and new ones place it in its new superview.
        let holder = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        window.addSubview(holder)
        holder.addSubview(pending)
        NSLayoutConstraint.activate([pending.leftAnchor.constraint(equalTo: holder.leftAnchor, constant: 2),
                                     pending.topAnchor.constraint(equalTo: holder.topAnchor, constant: 3)])
        window.layoutIfNeeded()
        #expect(LayoutEngine.rebuilds > before)
        #expect(pending.constraints.count == 2)
        #expect(pending.frame == CGRect(x: 2, y: 3, width: 7, height: 7))
    }
}
