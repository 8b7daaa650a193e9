// Misuse is rejected with a clear message (a precondition), not a crash deep inside. Each case runs in a child
// process (Swift Testing's exit tests) and must end it with a failure.
import Testing
@testable import UIKit

@Suite struct MisuseTests {
    @Test func addingAViewToItselfIsRejected() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { let v = UIView(); v.addSubview(v) }
        }
    }

    @Test func addingAViewToItsDescendantIsRejected() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let root = UIView(), child = UIView()
                root.addSubview(child)
                child.addSubview(root)
            }
        }
    }

    @Test func outOfRangeIndexesAreRejected() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView().insertSubview(UIView(), at: -1) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let v = UIView(); v.addSubview(UIView())
                v.exchangeSubview(at: 0, withSubviewAt: 1)
            }
        }
    }

    @Test func nonFiniteGeometryIsRejected() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = UIView(frame: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { UIView().center = CGPoint(x: 0, y: CGFloat.infinity) }
        }
    }
}

@Suite struct AutoLayoutMisuseTests {
    @Test func constraintsBetweenHierarchiesStopTheProgram() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let a = UIView(), b = UIView()
                a.widthAnchor.constraint(equalTo: b.widthAnchor).isActive = true
            }
        }
    }

    @Test func invalidPairingsStopTheProgram() async {
        // A location against a size, leading against left, horizontal against vertical, a location against a constant.
        await #expect(processExitsWith: .failure) {
            await MainActor.run { let v = UIView(); _ = NSLayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: v, attribute: .width, multiplier: 1, constant: 0) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { let v = UIView(); _ = NSLayoutConstraint(item: v, attribute: .leading, relatedBy: .equal, toItem: v, attribute: .left, multiplier: 1, constant: 0) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { let v = UIView(); _ = NSLayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: v, attribute: .leading, multiplier: 1, constant: 0) }
        }
        await #expect(processExitsWith: .failure) {
            await MainActor.run { let v = UIView(); _ = NSLayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 10) }
        }
    }
}
