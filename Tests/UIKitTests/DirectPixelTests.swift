// What a context writes into its pixels itself (text through CGContext.drawGlyphs, clears) against the same drawing
// done by cairo: every pixel must be the same, wherever the glyphs land, whatever the scale, colour, clip and what
// was there before.
import Testing
@_spi(VitrineInternals) @testable import CoreGraphics
@testable import UIKit
@testable import VitrineText

@MainActor @Suite struct GlyphDrawingTests {
    init() { freshApp() }

    /// A context of `size` points at `scale`, holding a pattern (so blending over existing pixels is checked too) or
    /// nothing.
    func context(_ size: CGSize, scale: CGFloat, patterned: Bool) -> CGContext {
        let c = CGContext.uikitBitmap(pixelWidth: Int(size.width * scale), pixelHeight: Int(size.height * scale), scale: scale)!
        if patterned {
            for i in 0..<8 {
                c.setFillColor(CGColor(red: CGFloat(i) / 7, green: 0.3, blue: 1 - CGFloat(i) / 7, alpha: i % 2 == 0 ? 1 : 0.5))
                c.fill(CGRect(x: CGFloat(i) * size.width / 8, y: 0, width: size.width / 8, height: size.height))
            }
        }
        return c
    }

    func pixels(_ c: CGContext) -> [UInt8] {
        c.flush()
        return Array(UnsafeRawBufferPointer(start: c.pixelsForReading, count: c.bytesPerRow * c.height))
    }

    /// Draws `text` both ways and returns the two pictures, and whether the direct path drew it.
    func drawBothWays(_ text: StyledText, at origin: CGPoint, scale: CGFloat, patterned: Bool, alpha: CGFloat = 1,
                      clip: CGRect? = nil, clearedFirst: Bool = false) -> (direct: [UInt8], cairo: [UInt8], drewDirectly: Bool) {
        let layout = TextLayout(text)
        var out: [[UInt8]] = []
        var drewDirectly = false
        for itself in [true, false] {
            let before = CGContext.writesPixelsItself
            defer { CGContext.writesPixelsItself = before }
            CGContext.writesPixelsItself = itself
            let c = context(CGSize(width: 160, height: 48), scale: scale, patterned: patterned)
            // Cleared whole by cairo, which then notes the surface as clear (and may blend onto it differently).
            if clearedFirst { c.clear(CGRect(x: 0, y: 0, width: 160, height: 48)) }
            c.setAlpha(alpha)
            if let clip { c.clip(to: clip) }
            let runs = CGContext.glyphRunsDrawn
            layout.draw(in: c, at: origin)
            if itself { drewDirectly = CGContext.glyphRunsDrawn > runs }
            out.append(pixels(c))
        }
        return (out[0], out[1], drewDirectly)
    }

    /// Bytes that differ (0: the same picture); a count, so a failure does not print both pictures.
    func differences(_ r: (direct: [UInt8], cairo: [UInt8], drewDirectly: Bool)) -> Int {
        zip(r.direct, r.cairo).reduce(r.direct.count == r.cairo.count ? 0 : 1) { $0 + ($1.0 == $1.1 ? 0 : 1) }
    }

    func style(_ font: UIFont, _ color: CGColor = .black) -> TextStyle { TextStyle(font: font.textFont, color: color) }

    @Test func glyphsLandOnTheSamePixelsAsCairosAtEveryFractionOfAPixel() {
        let fonts = [UIFont.systemFont(ofSize: 16), .boldSystemFont(ofSize: 13), .italicSystemFont(ofSize: 21.5),
                     .monospacedSystemFont(ofSize: 11, weight: .regular)]
        var checked = 0
        for font in fonts {
            for scale: CGFloat in [1, 2, 3] {
                for eighth in 0..<8 {
                    // Every eighth of a pixel at this scale, the half included (cairo rounds halves up).
                    let f = CGFloat(eighth) / 8 / scale
                    let text = StyledText("Button 17 value 629 AVAWAY fi", style: style(font, CGColor(red: 1, green: 1, blue: 1, alpha: 1)))
                    let r = drawBothWays(text, at: CGPoint(x: 3 + f, y: 5 + f * 3), scale: scale, patterned: eighth % 2 == 0)
                    #expect(r.drewDirectly)
                    #expect(differences(r) == 0, "\(font.fontName) \(font.pointSize) at scale \(scale), +\(eighth)/8 px")
                    checked += 1
                }
            }
        }
        #expect(checked == 96)
    }

    @Test func translucentColoursAndTheContextsAlphaBlendAsCairoBlends() {
        for (color, alpha) in [(CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.55), 1.0), (.black, 0.3),
                               (CGColor(red: 1, green: 0.5, blue: 0, alpha: 0.8), 0.7)] as [(CGColor, CGFloat)] {
            for (patterned, clearedFirst) in [(false, false), (true, false), (true, true)] {
                let text = StyledText("Translucent text, 42", style: style(.systemFont(ofSize: 17), color))
                let r = drawBothWays(text, at: CGPoint(x: 2.3, y: 4.6), scale: 2, patterned: patterned, alpha: alpha,
                                     clearedFirst: clearedFirst)
                #expect(r.drewDirectly)
                #expect(differences(r) == 0, "\(color) × \(alpha) over \(patterned ? "a pattern" : "nothing")")
            }
        }
    }

    @Test func aWholePixelClipCutsGlyphsAsCairosDoesAndOtherClipsGoToCairo() {
        let text = StyledText("Clipped in the middle", style: style(.systemFont(ofSize: 18), .black))
        // On pixel edges at scale 2 (half points): drawn directly, cut exactly where cairo cuts.
        let aligned = drawBothWays(text, at: CGPoint(x: 1, y: 2), scale: 2, patterned: true,
                                   clip: CGRect(x: 20.5, y: 8, width: 50, height: 9.5))
        #expect(aligned.drewDirectly)
        #expect(differences(aligned) == 0)
        // Off the pixel grid: cairo's antialiased clip edge, so cairo draws.
        let unaligned = drawBothWays(text, at: CGPoint(x: 1, y: 2), scale: 2, patterned: true,
                                     clip: CGRect(x: 20.3, y: 8, width: 50, height: 9.5))
        #expect(!unaligned.drewDirectly)
        #expect(differences(unaligned) == 0)
    }

    @Test func glyphsCairoSeesOverlapAreGatheredIntoOneMaskAsCairoGathersThem() {
        // Italic f's reach over their neighbours: cairo adds such glyphs into one mask before blending.
        let masked = CGContext.glyphRunsMasked
        for scale: CGFloat in [1, 2] {
            let text = StyledText("ffff affable jiffy", style: style(.italicSystemFont(ofSize: 24), CGColor(red: 0, green: 0, blue: 0, alpha: 0.7)))
            let r = drawBothWays(text, at: CGPoint(x: 2.25, y: 3.5), scale: scale, patterned: true)
            #expect(r.drewDirectly)
            #expect(differences(r) == 0, "scale \(scale)")
        }
        #expect(CGContext.glyphRunsMasked > masked)
    }

    @Test func inkTrackingCoversEverythingTheGlyphsChanged() {
        let c = context(CGSize(width: 160, height: 48), scale: 1, patterned: false)
        let before = pixels(c)
        c.beginInkTracking()
        TextLayout(StyledText("Ink here", style: style(.systemFont(ofSize: 16)))).draw(in: c, at: CGPoint(x: 30.4, y: 10.7))
        let ink = c.endInkTracking()
        let after = pixels(c)
        let row = c.bytesPerRow
        var changedOutside = 0, changedInside = 0
        for y in 0..<c.height {
            for x in 0..<c.width where before[y * row + x * 4..<y * row + x * 4 + 4] != after[y * row + x * 4..<y * row + x * 4 + 4] {
                if let ink, ink.contains(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5)) { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedInside > 0)
        #expect(changedOutside == 0)
    }

    @Test func shadowsGroupsAndColourGlyphsStillGoThroughCairo() {
        let c = context(CGSize(width: 160, height: 48), scale: 1, patterned: false)
        let layout = TextLayout(StyledText("Shadowed", style: style(.systemFont(ofSize: 16))))
        let runs = CGContext.glyphRunsDrawn
        c.saveGState()
        c.setShadow(offset: CGSize(width: 2, height: 2), blur: 3)
        layout.draw(in: c, at: CGPoint(x: 4, y: 4))
        c.restoreGState()
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        layout.draw(in: c, at: CGPoint(x: 4, y: 20))
        c.endTransparencyLayer()
        TextLayout(StyledText("😀", style: style(.systemFont(ofSize: 16)))).draw(in: c, at: CGPoint(x: 100, y: 4))
        #expect(CGContext.glyphRunsDrawn == runs)
        // And plain text after them is drawn directly again.
        layout.draw(in: c, at: CGPoint(x: 4, y: 30))
        #expect(CGContext.glyphRunsDrawn == runs + 1)
    }
}

@MainActor @Suite struct DirectClearTests {
    init() { freshApp() }

    func patterned(scale: CGFloat) -> CGContext {
        let c = CGContext.uikitBitmap(pixelWidth: Int(64 * scale), pixelHeight: Int(40 * scale), scale: scale)!
        for i in 0..<4 {
            c.setFillColor(CGColor(red: CGFloat(i) / 3, green: 0.5, blue: 0.2, alpha: i == 2 ? 0.4 : 1))
            c.fill(CGRect(x: 0, y: CGFloat(i) * 10, width: 64, height: 10))
        }
        return c
    }

    /// Clears `rect` under `clip`, then fills a path made before the clear (the clear must leave it alone); the
    /// pixels with the context clearing itself and with cairo clearing.
    func clearBothWays(_ rect: CGRect, clip: CGRect?, scale: CGFloat, clearedFirst: Bool) -> (direct: [UInt8], cairo: [UInt8]) {
        var out: [[UInt8]] = []
        for itself in [true, false] {
            let before = CGContext.writesPixelsItself
            defer { CGContext.writesPixelsItself = before }
            CGContext.writesPixelsItself = itself
            let c = patterned(scale: scale)
            // All cleared by cairo: it notes the surface as clear and blends later fills onto it differently.
            if clearedFirst { c.clear(CGRect(x: 0, y: 0, width: 64, height: 40)) }
            if let clip { c.clip(to: clip) }
            c.addEllipse(in: CGRect(x: 40, y: 4, width: 20, height: 14))
            c.clear(rect)
            c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
            c.fillPath()
            c.flush()
            out.append(Array(UnsafeRawBufferPointer(start: c.pixelsForReading, count: c.bytesPerRow * c.height)))
        }
        return (out[0], out[1])
    }

    @Test func clearingWholePixelsIsCairosClearAndKeepsThePath() {
        for scale: CGFloat in [1, 2] {
            for (rect, clip) in [(CGRect(x: 3, y: 5, width: 30, height: 20), nil),
                                 (CGRect(x: 3, y: 5, width: 30, height: 20), CGRect(x: 10, y: 0, width: 40, height: 12)),
                                 (CGRect(x: 3.5, y: 5, width: 30, height: 20.5), nil), // whole pixels at scale 2 only
                                 (CGRect(x: 3.3, y: 5, width: 30, height: 20), CGRect(x: 10.2, y: 0, width: 40, height: 12)),
                                 (CGRect(x: -10, y: -10, width: 200, height: 200), nil)] as [(CGRect, CGRect?)] {
                for clearedFirst in [false, true] {
                    let r = clearBothWays(rect, clip: clip, scale: scale, clearedFirst: clearedFirst)
                    let differing = zip(r.direct, r.cairo).filter { $0 != $1 }.count
                    #expect(differing == 0, "\(rect) clipped to \(String(describing: clip)) at scale \(scale), cleared first: \(clearedFirst)")
                }
            }
        }
    }
}
