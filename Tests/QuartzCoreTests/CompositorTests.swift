// The compositor on its own: layer trees put on an output with no views, windows or run loop. Damage (what changed,
// and only that, is repainted and handed to the output), occlusion (what an opaque layer covers is not painted),
// the scroll copy, and pixels equal to a full redraw's. (The same through views, as an app drives it:
// Tests/UIKitTests/ViewCompositingTests.swift.)
import CoreGraphics
@testable import QuartzCore
import Testing
import VitrinePlatform

@MainActor @Suite struct CompositorTests {
    /// A screen of 200x120 points at `scale` on a headless output, and a root layer filling it.
    @MainActor final class Stage {
        let output: HeadlessOutput
        let compositor: Compositor
        let root = CALayer()
        let scale: CGFloat

        init(scale: CGFloat = 1) {
            self.scale = scale
            output = HeadlessOutput(pixelWidth: Int(200 * scale), pixelHeight: Int(120 * scale))
            compositor = Compositor(output: output, scale: scale)
            root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
            root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        }

        /// A layer filled with `color` at `frame` (points), added to `parent` (the root when nil).
        @discardableResult
        func fill(_ frame: CGRect, _ color: CGColor, in parent: CALayer? = nil) -> CALayer {
            let layer = CALayer()
            layer.frame = frame
            layer.backgroundColor = color
            (parent ?? root).addSublayer(layer)
            return layer
        }

        /// Makes `body`'s changes at once: standalone layers animate their changes otherwise (Core Animation's
        /// implicit actions), and these tests look at the frame that shows the end state.
        func change(_ body: () -> Void) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            body()
            CATransaction.commit()
        }

        /// One frame as the run loop makes it: the display pass, then the composite. Returns its damage.
        @discardableResult
        func frame() -> [PixelRect] {
            _ = root.displaySubtreeIfNeeded()
            return compositor.composite([Compositor.Root(layer: root, toScreen: .identity)])
        }

        /// The pixels shown, then the same state composited from scratch (every pixel repainted).
        func shownAndFullFrame() -> ([UInt8], [UInt8]) {
            let shown = output.frameBuffer
            compositor.setNeedsFullFrame()
            frame()
            return (shown, output.frameBuffer)
        }

        /// `rect` in points as device pixels.
        func pixels(_ rect: CGRect) -> PixelRect {
            PixelRect(x: Int(rect.minX * scale), y: Int(rect.minY * scale), width: Int(rect.width * scale),
                      height: Int(rect.height * scale))
        }
    }

    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let halfGreen = CGColor(red: 0, green: 0.5, blue: 0, alpha: 0.5)

    /// How many pixels of `a` and `b` differ in any channel by more than `tolerance`.
    static func differing(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 0) -> Int {
        #expect(a.count == b.count)
        var count = 0
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
            for c in 0..<4 where abs(Int(a[i + c]) - Int(b[i + c])) > tolerance { count += 1; break }
        }
        return count
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func theFirstFrameIsTheWholeScreenAndAnIdleFrameIsNothing(scale: CGFloat) {
        let s = Stage(scale: scale)
        s.fill(CGRect(x: 10, y: 10, width: 40, height: 30), Self.red)
        #expect(s.frame() == [PixelRect(x: 0, y: 0, width: Int(200 * scale), height: Int(120 * scale))])
        #expect(s.output.presentedFrames == 1)
        // Nothing changed: the compositor says so before any walk, and a composite anyway damages and presents nothing.
        #expect(!s.compositor.needsComposite(s.root))
        #expect(s.frame().isEmpty)
        #expect(s.output.presentedFrames == 1)
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func aLayerThatChangesColourDamagesExactlyItsPixels(scale: CGFloat) {
        let s = Stage(scale: scale)
        s.fill(CGRect(x: 10, y: 10, width: 40, height: 30), Self.red)
        let changing = s.fill(CGRect(x: 100, y: 50, width: 30, height: 20), Self.red)
        s.frame()
        s.change { changing.backgroundColor = Self.blue }
        #expect(s.compositor.needsComposite(s.root))
        #expect(s.frame() == [s.pixels(changing.frame)])
        // Blue where it is (BGRA in memory), in every pixel of its rectangle.
        let r = s.pixels(changing.frame), width = Int(200 * scale), bytes = s.output.frameBuffer
        for (x, y) in [(r.x, r.y), (r.maxX - 1, r.maxY - 1)] {
            #expect(Array(bytes[(y * width + x) * 4..<(y * width + x) * 4 + 4]) == [255, 0, 0, 255])
        }
        let (shown, full) = s.shownAndFullFrame()
        #expect(Self.differing(shown, full) == 0)
    }

    @Test func aMovedLayerDamagesItsOldAndNewPlacesAndNothingElse() {
        let s = Stage()
        let moving = s.fill(CGRect(x: 10, y: 10, width: 20, height: 20), Self.red)
        s.fill(CGRect(x: 150, y: 80, width: 40, height: 30), Self.blue)
        s.frame()
        s.change { moving.position = CGPoint(x: 120, y: 60) }
        let damage = s.frame()
        let old = PixelRect(x: 10, y: 10, width: 20, height: 20), new = PixelRect(x: 110, y: 50, width: 20, height: 20)
        #expect(damage.reduce(0) { $0 + $1.area } == old.area + new.area, "\(damage)")
        #expect(damage.contains { $0.contains(old) } && damage.contains { $0.contains(new) })
        let (shown, full) = s.shownAndFullFrame()
        #expect(Self.differing(shown, full) == 0)
    }

    @Test func aRemovedLayerDamagesWhereItWasAndAHiddenOneTheSame() {
        let s = Stage()
        let removed = s.fill(CGRect(x: 10, y: 10, width: 20, height: 20), Self.red)
        let hidden = s.fill(CGRect(x: 60, y: 10, width: 20, height: 20), Self.red)
        s.frame()
        s.change { removed.removeFromSuperlayer() }
        #expect(s.frame() == [PixelRect(x: 10, y: 10, width: 20, height: 20)])
        s.change { hidden.isHidden = true }
        #expect(s.frame() == [PixelRect(x: 60, y: 10, width: 20, height: 20)])
        let (shown, full) = s.shownAndFullFrame()
        #expect(Self.differing(shown, full) == 0)
    }

    @Test func aContainerThatPaintsNothingDamagesOnlyWhatItHolds() {
        let s = Stage()
        let container = CALayer()
        container.frame = CGRect(x: 20, y: 20, width: 150, height: 90)
        s.root.addSublayer(container)
        s.fill(CGRect(x: 10, y: 10, width: 10, height: 10), Self.red, in: container)
        s.frame()
        s.change { container.position.x += 7 }
        let damage = s.frame()
        #expect(damage.reduce(0) { $0 + $1.area } <= 2 * 10 * 10, "\(damage)")
    }

    @Test func whatAnOpaqueLayerCoversIsNotPainted() {
        let s = Stage()
        // Three layers under an opaque cover, one beside it.
        let under = (0..<3).map { s.fill(CGRect(x: 20 + 10 * CGFloat($0), y: 20, width: 20, height: 20), Self.halfGreen) }
        let beside = s.fill(CGRect(x: 150, y: 20, width: 20, height: 20), Self.halfGreen)
        let cover = s.fill(CGRect(x: 10, y: 10, width: 80, height: 60), Self.red)
        cover.isOpaque = true
        s.frame()
        // A change under the cover: the frame starts at the cover (the layers under it are not painted).
        s.change { under[1].backgroundColor = Self.blue }
        s.frame()
        #expect(s.compositor.layersPaintedLastFrame == 1)
        // Beside it, a translucent change: the layer and what shows through it (the root) are painted...
        s.change { beside.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5) }
        s.frame()
        #expect(s.compositor.layersPaintedLastFrame == 2)
        // ...and made opaque, the layer alone.
        s.change { beside.backgroundColor = Self.blue }
        s.frame()
        #expect(s.compositor.layersPaintedLastFrame == 1)
        let (shown, full) = s.shownAndFullFrame()
        #expect(Self.differing(shown, full) == 0)
    }

    @Test func aScrolledLayerIsCopiedAndOnlyTheExposedStripPainted() throws {
        let s = Stage()
        // A clipping, opaque viewport with rows of content, scrolled by whole pixels as a scroll view scrolls.
        let viewport = s.fill(CGRect(x: 20, y: 10, width: 120, height: 100), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        viewport.masksToBounds = true
        for row in 0..<12 {
            let colour = CGColor(red: CGFloat(row) / 12, green: 0.3, blue: 1 - CGFloat(row) / 12, alpha: 1)
            s.fill(CGRect(x: 5, y: CGFloat(row) * 20, width: 110, height: 16), colour, in: viewport)
        }
        s.frame()
        s.change { viewport.bounds.origin.y = 13 }
        let damage = s.frame()
        let blit = try #require(s.compositor.lastBlit)
        #expect(blit.dy == -13 && blit.dx == 0)
        #expect(blit.region == PixelRect(x: 20, y: 10, width: 120, height: 87))
        // Painted: the 13 rows the scroll exposed at the bottom; the copy's region goes to the output as damage too.
        #expect(damage.contains(PixelRect(x: 20, y: 97, width: 120, height: 13)), "\(damage)")
        let (shown, full) = s.shownAndFullFrame()
        #expect(Self.differing(shown, full) == 0)
        // With the copy turned off, the same scroll repaints the whole viewport and shows the same pixels.
        Compositor.copiesScrolledContent = false
        defer { Compositor.copiesScrolledContent = true }
        s.change { viewport.bounds.origin.y = 40 }
        s.frame()
        #expect(s.compositor.lastBlit == nil)
        let (repainted, reference) = s.shownAndFullFrame()
        #expect(Self.differing(repainted, reference) == 0)
    }

    @Test func aTreeLetGoRepaintsWhereItWasNextFrame() {
        let s = Stage()
        let tree = s.fill(CGRect(x: 30, y: 30, width: 40, height: 20), Self.red)
        s.frame()
        // As a window moving to another screen: released here, where it was is repainted next frame.
        s.compositor.release(tree)
        s.change { tree.removeFromSuperlayer() }
        let damage = s.frame()
        #expect(damage.contains { $0.contains(PixelRect(x: 30, y: 30, width: 40, height: 20)) }, "\(damage)")
        let (shown, full) = s.shownAndFullFrame()
        #expect(Self.differing(shown, full) == 0)
    }
}
