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

    @Test @MainActor func constraintsUIKitRefusesAreLoggedAndNeverActivated() {
        // A location against a size, leading against left, a location against a constant: UIKit raises; here the
        // refusal is logged and the constraint never takes part in layout, and the app goes on.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let v = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50)), w = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(v)
        window.addSubview(w)
        let refused = [
            NSLayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: w, attribute: .width, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: v, attribute: .leading, relatedBy: .equal, toItem: w, attribute: .left, multiplier: 1, constant: 0),
            NSLayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 10),
            NSLayoutConstraint(item: v, attribute: .top, relatedBy: .equal, toItem: w, attribute: .top, multiplier: 0, constant: 10),
        ]
        NSLayoutConstraint.activate(refused)
        #expect(refused.allSatisfy { !$0.isActive })
        // A horizontal location against a vertical one is taken, as UIKit takes it (layout libraries' suites make it).
        v.translatesAutoresizingMaskIntoConstraints = false
        w.translatesAutoresizingMaskIntoConstraints = false
        let mixed = NSLayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: w, attribute: .top, multiplier: 1, constant: 50)
        NSLayoutConstraint.activate([
            mixed,
            w.topAnchor.constraint(equalTo: window.topAnchor, constant: 30), w.leftAnchor.constraint(equalTo: window.leftAnchor),
            w.widthAnchor.constraint(equalToConstant: 20), w.heightAnchor.constraint(equalToConstant: 20),
            v.topAnchor.constraint(equalTo: window.topAnchor), v.widthAnchor.constraint(equalToConstant: 10),
            v.heightAnchor.constraint(equalToConstant: 10),
        ])
        #expect(mixed.isActive)
        window.layoutIfNeeded()
        #expect(v.frame.minX == 80, "left = the other's top (30) + 50")
    }
}
