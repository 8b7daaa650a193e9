// View and layer subclasses with the deinits iOS code writes: a plain one, an isolated one, none. All compile and
// the instances are freed (counted), with their associated objects and the view-to-layer links let go of.
import Foundation
import Testing
import UIKit

@MainActor private var freedLog: [String] = []

private final class PlainDeinitView: UIView {
    deinit {
        NotificationCenter.default.removeObserver(self)
        MainActor.assumeIsolated { freedLog.append("plain view") }
    }
}

// Debian's Swift 6.2.3 (the AArch64 build's; built with assertions) crashes serializing an isolated deinit in a
// subclass of a `@preconcurrency @MainActor` class ("attribute cannot appear on a Destructor"): there, these two
// classes say the same from a plain deinit.
#if compiler(>=6.3)
private final class IsolatedDeinitView: UIView {
    isolated deinit { freedLog.append("isolated view (\(subviews.count) subviews)") }
}
#else
private final class IsolatedDeinitView: UIView {
    deinit { MainActor.assumeIsolated { freedLog.append("isolated view (\(subviews.count) subviews)") } }
}
#endif

private final class NoDeinitView: UIView {}

private final class PlainDeinitLayer: CALayer {
    deinit { MainActor.assumeIsolated { freedLog.append("plain layer") } }
}

#if compiler(>=6.3)
private final class IsolatedDeinitLayer: CALayer {
    isolated deinit { freedLog.append("isolated layer") }
}
#else
private final class IsolatedDeinitLayer: CALayer {
    deinit { MainActor.assumeIsolated { freedLog.append("isolated layer") } }
}
#endif

@MainActor @Suite(.serialized) struct SubclassDeinitTests {
    @Test func subclassesWithAnyKindOfDeinitAreFreed() {
        freedLog = []
        weak var plain: UIView?, isolated: UIView?, none: UIView?, plainLayer: CALayer?, isolatedLayer: CALayer?
        do {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let a = PlainDeinitView(), b = IsolatedDeinitView(), c = NoDeinitView()
            let l1 = PlainDeinitLayer(), l2 = IsolatedDeinitLayer()
            b.addSubview(UIView())
            window.addSubview(a); a.addSubview(b); b.addSubview(c)
            c.layer.addSublayer(l1); l1.addSublayer(l2)
            plain = a; isolated = b; none = c; plainLayer = l1; isolatedLayer = l2
            a.removeFromSuperview()
        }
        #expect(plain == nil && isolated == nil && none == nil && plainLayer == nil && isolatedLayer == nil)
        #expect(Set(freedLog) == ["plain view", "isolated view (2 subviews)", "plain layer", "isolated layer"])
    }

    @Test func aSubviewThatOutlivesItsSuperviewNoLongerPointsAtIt() {
        let kept = UIView()
        let keptLayer = CALayer()
        do {
            let parent = PlainDeinitView()
            parent.addSubview(kept)
            parent.layer.addSublayer(keptLayer)
        }
        #expect(kept.superview == nil)
        #expect(keptLayer.superlayer == nil)
        #expect(kept.layer.delegate === kept)
    }

    @Test func aLayerFreedOffTheMainThreadHandsItsStoreBackOnTheMainQueue() async {
        // A view's drawn layer released from a background task (possible when a closure kept it): the backing
        // store goes to the main actor's pool on the main queue, and nothing crashes.
        final class Drawn: UIView {
            override func draw(_ rect: CGRect) { UIColor.red.setFill(); UIRectFill(bounds) }
        }
        final class Box: @unchecked Sendable { var view: UIView?; init(_ v: UIView) { view = v } }
        let view = Drawn(frame: CGRect(x: 0, y: 0, width: 16, height: 16))
        view.layer.displayIfNeeded()
        let box = Box(view)
        await Task.detached { box.view = nil }.value
        #expect(box.view == nil)
    }
}
