// Backing stores let go of are reused by the next layer of their size: empty, as a new store, and never while
// someone still holds an image of them.
@testable import QuartzCore
import Testing
import VitrinePlatform
@testable import UIKit

@MainActor @Suite(.serialized) struct BackingStorePoolTests {
    init() { freshApp() }

    /// An empty pool with its usual limits. (Called first in each test, not in `init`: tests of other suites run
    /// between a suite's `init` and its test and let go of their own layers.)
    func emptyPool() {
        BackingStorePool.removeAll()
        BackingStorePool.maximumBytes = 8 << 20
        BackingStorePool.maximumAge = 2
    }

    func label(_ text: String) -> UILabel {
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: 140, height: 30))
        l.text = text
        l.textColor = .black
        return l
    }

    /// The label's store after it draws.
    func drawn(_ l: UILabel) -> CGImage {
        l.layer.displayIfNeeded()
        return l.layer.contents as! CGImage
    }

    func bytes(_ image: CGImage) -> [UInt8] { image.withUnsafePixels { p, _ in Array(p) } }

    @Test func aStoreLetGoOfIsReusedEmptyByTheNextLayerOfItsSize() {
        emptyPool()
        let reuses = BackingStorePool.reuses
        do { _ = drawn(label("WWWWWWWWWWWWWWW")) } // wide ink, then the label goes: its store goes to the pool
        #expect(BackingStorePool.count == 1)
        let reusing = label("i"), reused = drawn(reusing)
        #expect(BackingStorePool.reuses == reuses + 1)
        #expect(BackingStorePool.count == 0)
        // Nothing of the old text is left: the same pixels as a new store's.
        let made = label("i"), fresh = drawn(made)
        #expect(BackingStorePool.reuses == reuses + 1)
        #expect(maxDifference(reused, fresh) == 0)
        // A layer of another size does not take it.
        do { _ = drawn(label("x")) }
        #expect(BackingStorePool.count == 1)
        let other = UILabel(frame: CGRect(x: 0, y: 0, width: 141, height: 30))
        other.text = "y"
        _ = drawn(other)
        #expect(BackingStorePool.reuses == reuses + 1)
        #expect(BackingStorePool.count == 1)
        _ = (reusing, made)
    }

    @Test func aStoreLetGoOfRightAfterItsFirstDrawingIsClearedOfIt() {
        emptyPool()
        // A plain opaque view has a store for its first display (black where nothing is drawn, as on iOS), then
        // learns that its class draws nothing and lets the store go, black.
        // (A class of its own: what a class draws is learnt once per process, and UIView's is learnt by other tests.)
        final class PlainView: UIView {}
        do {
            let plain = PlainView(frame: CGRect(x: 0, y: 0, width: 140, height: 30))
            plain.layer.setNeedsDisplay()
            plain.layer.displayIfNeeded()
        }
        let reuses = BackingStorePool.reuses
        let reusing = label("i"), reused = drawn(reusing)
        let pooled = BackingStorePool.reuses - reuses
        BackingStorePool.maximumBytes = 0
        defer { BackingStorePool.maximumBytes = 8 << 20 }
        let made = label("i"), fresh = drawn(made)
        #expect(pooled == 1)
        #expect(maxDifference(reused, fresh) == 0)
        _ = (reusing, made)
    }

    @Test func aStoreWhoseImageIsHeldKeepsItsPixels() {
        emptyPool()
        let reuses = BackingStorePool.reuses
        var kept: CGImage?
        do { kept = drawn(label("Kept")) }
        let before = bytes(kept!)
        _ = drawn(label("Other text"))
        #expect(BackingStorePool.reuses == reuses)
        let unchanged = bytes(kept!) == before
        #expect(unchanged)
    }

    @Test func thePoolKeepsNoMoreThanItsLimitNorForLongerThanItsAge() {
        emptyPool()
        BackingStorePool.maximumBytes = 0
        do { _ = drawn(label("Gone")) }
        #expect(BackingStorePool.count == 0)
        BackingStorePool.maximumBytes = 140 * 30 * 4 // one store
        do { _ = drawn(label("One")); _ = drawn(label("Two")) }
        #expect(BackingStorePool.count == 1 && BackingStorePool.bytes == 140 * 30 * 4)
        BackingStorePool.maximumAge = 0
        BackingStorePool.expire()
        #expect(BackingStorePool.count == 0 && BackingStorePool.bytes == 0)
    }

    @Test func keptStoresAreLetGoOfWhenNoFramesCome() {
        emptyPool()
        BackingStorePool.maximumAge = 0.05
        defer { BackingStorePool.maximumAge = 2 }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        var gone: UILabel? = label("Gone soon")
        window.addSubview(gone!)
        endTurn()
        gone!.removeFromSuperview()
        gone = nil
        endTurn() // the frame lets the label go: its store is kept
        #expect(BackingStorePool.count >= 1)
        // Nothing changes on screen any more: no frame comes, the application's timer lets the store go once it is
        // older than the pool keeps stores (the test app's clock is moved by hand).
        let frames = UIApplication.shared.frameCount
        let clock = UIApplication.shared.runLoop.clock as! ManualClock
        clock.advance(by: 0.01)
        UIApplication.shared.runLoop.runOnce(maximumWait: 0)
        #expect(BackingStorePool.count >= 1)
        clock.advance(by: 0.5)
        UIApplication.shared.runLoop.runOnce(maximumWait: 0)
        #expect(BackingStorePool.count == 0)
        #expect(UIApplication.shared.frameCount == frames)
    }

    @Test func aScreenOfViewsReplacedByAnotherShowsTheNewOnesExactly() throws {
        emptyPool()
        // Labels on screen replaced by labels of the same size with other text: the frame is the one a screen of new
        // stores shows.
        func screen(_ texts: [String]) -> UIView {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            root.backgroundColor = .white
            for (i, t) in texts.enumerated() {
                let l = label(t)
                l.frame.origin = CGPoint(x: 10, y: 10 + 40 * CGFloat(i))
                root.addSubview(l)
            }
            return root
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        var shown = screen(["Alpha 1", "Bravo 22", "Charlie 333", "Delta 4444"])
        window.addSubview(shown)
        endTurn()
        let reuses = BackingStorePool.reuses
        shown.removeFromSuperview()
        shown = screen(["1", "Echo", "Fox", "Golf golf golf"])
        window.addSubview(shown)
        endTurn()
        #expect(BackingStorePool.reuses == reuses + 4)
        let afterReuse = try #require(UIScreen.main.snapshotImage()?.cgImage)
        // The same screen with new stores.
        shown.removeFromSuperview()
        BackingStorePool.removeAll()
        BackingStorePool.maximumBytes = 0
        shown = screen(["1", "Echo", "Fox", "Golf golf golf"])
        window.addSubview(shown)
        endTurn()
        #expect(BackingStorePool.reuses == reuses + 4)
        BackingStorePool.maximumBytes = 8 << 20
        #expect(maxDifference(afterReuse, try #require(UIScreen.main.snapshotImage()?.cgImage)) == 0)
    }
}
