// The panel's double buffering without a panel: what each buffer must receive before it is shown (buffer age as
// regions), and the pacing of flips on drivers that complete them at once.
import Testing
@testable import VitrinePlatform

@Suite struct BufferDamageTests {
    let screen = PixelRect(x: 0, y: 0, width: 100, height: 80)

    @Test func newBuffersNeedEverythingOnceEach() {
        var damage = BufferDamage(buffers: 2, everything: screen)
        var rects: [PixelRect] = []
        damage.take(0, into: &rects)
        #expect(rects == [screen])
        #expect(damage.missed[0].isEmpty && damage.missed[1] == [screen])
        damage.take(1, into: &rects)
        #expect(rects == [screen])
        damage.take(0, into: &rects)
        #expect(rects.isEmpty, "nothing changed since buffer 0 was brought up to date")
    }

    @Test func aBufferGetsThisFramesDamageAndWhatChangedWhileTheOtherWasShown() {
        var damage = BufferDamage(buffers: 2, everything: screen)
        var rects: [PixelRect] = []
        damage.take(0, into: &rects); damage.take(1, into: &rects)
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 50, y: 50, width: 10, height: 10)
        damage.add([a])
        damage.take(0, into: &rects) // frame 1 into buffer 0
        #expect(rects == [a])
        damage.add([b])
        damage.take(1, into: &rects) // frame 2 into buffer 1: it missed a too
        #expect(Set(rects) == [a, b])
        damage.add([])
        damage.take(0, into: &rects) // frame 3 into buffer 0: only b, which it missed
        #expect(rects == [b])
    }

    @Test func overlappingDamageIsMergedSoNoPixelIsCopiedTwice() {
        var damage = BufferDamage(buffers: 2, everything: screen)
        var rects: [PixelRect] = []
        damage.take(0, into: &rects); damage.take(1, into: &rects)
        // c overlaps neither at first; d overlaps both, so all three become one.
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10), c = PixelRect(x: 20, y: 0, width: 10, height: 10)
        let d = PixelRect(x: 5, y: 5, width: 20, height: 2)
        damage.add([a, c, d])
        damage.take(0, into: &rects)
        #expect(rects == [PixelRect(x: 0, y: 0, width: 30, height: 10)])
        // Empty rectangles are dropped.
        damage.add([PixelRect(x: 3, y: 3, width: 0, height: 5)])
        damage.take(0, into: &rects)
        #expect(rects.isEmpty)
    }

    @Test func unknownScanoutNeedsEverythingAndAFailedFlipKeepsItsRectangles() {
        var damage = BufferDamage(buffers: 2, everything: screen)
        var rects: [PixelRect] = []
        damage.take(0, into: &rects); damage.take(1, into: &rects)
        damage.missEverything(screen)
        #expect(damage.missed == [[screen], [screen]])
        damage.take(0, into: &rects)
        let a = PixelRect(x: 1, y: 1, width: 2, height: 2)
        damage.add([a])
        damage.take(0, into: &rects)
        damage.add(rects, to: 0) // the flip was refused: buffer 0 still needs a
        damage.take(0, into: &rects)
        #expect(rects == [a])
    }
}

@Suite struct FlipPacerTests {
    @Test func flipsGoNoFasterThanTheRefresh() {
        var pacer = FlipPacer(interval: 0.016)
        #expect(pacer.wait(at: 5) == nil, "the first flip goes at once")
        pacer.submitted(at: 5)
        #expect(abs((pacer.wait(at: 5.004) ?? 0) - 0.012) < 1e-9)
        // Within 5 % of a refresh: go.
        #expect(pacer.wait(at: 5.0155) == nil)
        #expect(pacer.wait(at: 5.1) == nil)
        pacer.submitted(at: 5.1)
        pacer.reset()
        #expect(pacer.wait(at: 5.1) == nil, "everything to show again: at once")
    }
}
