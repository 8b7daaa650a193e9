// The links from a view to its superview, a layer to its superlayer and a view's layer to its view are not weak
// references (those would send every retain and release of views and layers down the runtime's slow path); they
// are cleared whenever the object they point at lets go: these tests show no link outlives its target.
import Testing
@testable import UIKit
import QuartzCore

@MainActor @Suite struct ParentLinkTests {
    @Test func aSubviewOutlivingItsSuperviewHasNone() {
        freshApp()
        let child = UIView()
        do {
            let parent = UIView()
            parent.addSubview(child)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
        #expect(child.layer.superlayer == nil)
        #expect(child.next == nil)
    }

    @Test func aSublayerOutlivingItsSuperlayerHasNone() {
        let child = CALayer()
        do {
            let parent = CALayer()
            parent.addSublayer(child)
            #expect(child.superlayer === parent)
        }
        #expect(child.superlayer == nil)
        // Replacing the sublayers lets go of the old ones.
        let root = CALayer(), old = CALayer()
        root.sublayers = [old]
        root.sublayers = [CALayer()]
        #expect(old.superlayer == nil)
    }

    @Test func aLayerOutlivingItsViewHasNoDelegate() {
        freshApp()
        var layer: CALayer?
        do {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            layer = view.layer
            #expect(layer?.delegate === view)
        }
        #expect(layer?.delegate == nil)
        // Setting a delegate by hand is the weak property Core Animation has.
        final class Delegate: CALayerDelegate {}
        do {
            let d = Delegate()
            layer?.delegate = d
            #expect(layer?.delegate === d)
        }
        #expect(layer?.delegate == nil)
    }

    @Test func removingAndMovingViewsUpdatesTheLinks() {
        freshApp()
        let a = UIView(), b = UIView(), child = UIView()
        a.addSubview(child)
        b.addSubview(child)
        #expect(child.superview === b && a.subviews.isEmpty)
        child.removeFromSuperview()
        #expect(child.superview == nil && child.layer.superlayer == nil)
    }
}
