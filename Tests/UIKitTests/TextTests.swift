// Fonts, shaping and layout, measured rather than pictured.
import Testing
@testable import UIKit
@_spi(VitrineInternals) @testable import VitrineText

@MainActor @Suite struct FontTests {
    init() { freshApp() }

    @Test func systemFontsAreTheDocumentedFaces() {
        let regular = UIFont.systemFont(ofSize: 17)
        #expect(regular.familyName == "Noto Sans")
        #expect(regular.pointSize == 17)
        #expect(UIFont.boldSystemFont(ofSize: 17).textFont.face.styleName == "Bold")
        // fonts-noto-core has Noto Sans in Regular and Bold (plus italics): heavier weights take the closest.
        #expect(UIFont.systemFont(ofSize: 17, weight: .semibold).textFont.face.styleName == "Bold")
        #expect(UIFont.systemFont(ofSize: 17, weight: .light).textFont.face.styleName == "Regular")
        #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).familyName == "DejaVu Sans Mono")
        #expect(UIFont.italicSystemFont(ofSize: 12).textFont.face.styleName.contains("Italic"))
    }

    @Test func metricsAreConsistentAndScaleWithSize() {
        let f = UIFont.systemFont(ofSize: 20)
        #expect(f.ascender > 0 && f.descender < 0)
        #expect(abs(f.lineHeight - (f.ascender - f.descender + f.leading)) < 1e-9)
        #expect(abs(f.withSize(40).lineHeight - 2 * f.lineHeight) < 1e-9)
        #expect(f.capHeight > 0 && f.capHeight < f.ascender)
        #expect(f.xHeight > 0 && f.xHeight < f.capHeight)
    }

    @Test func namedFontsAreFoundOrNil() {
        #expect(UIFont(name: "DejaVu Sans", size: 12)?.familyName == "DejaVu Sans")
        #expect(UIFont(name: "DejaVuSans-Bold", size: 12)?.textFont.face.styleName == "Bold") // PostScript name
        #expect(UIFont(name: "No Such Font Family", size: 12) == nil)
    }

    @Test func missingGlyphsFallBackToAFontThatHasThem() {
        let primary = UIFont.systemFont(ofSize: 12).textFont.face
        #expect(TextAnalysis.face(for: 0x0915, primary: primary).familyName == "Noto Sans Devanagari") // क
        #expect(TextAnalysis.face(for: 0x0645, primary: primary).familyName == "Noto Sans Arabic")     // م
        #expect(TextAnalysis.face(for: 0x4F60, primary: primary).familyName == "Droid Sans Fallback")  // 你
        #expect(TextAnalysis.face(for: 0x1F600, primary: primary).familyName == "Noto Color Emoji")    // 😀
        #expect(TextAnalysis.face(for: 0x41, primary: primary) === primary)
    }
}

@MainActor @Suite struct TextLayoutTests {
    init() { freshApp() }

    let font = UIFont.systemFont(ofSize: 20)

    func layout(_ s: String, width: CGFloat? = nil, lines: Int = 0, mode: TextLineBreakMode = .byWordWrapping,
                kern: CGFloat? = nil) -> TextLayout {
        TextLayout(StyledText(s, style: TextStyle(font: font.textFont, kern: kern)),
                   paragraph: TextParagraphStyle(lineBreakMode: mode), width: width, maximumLines: lines)
    }

    func glyphCount(_ l: TextLayout) -> Int { l.lines.flatMap(\.runs).reduce(0) { $0 + $1.glyphs.count } }

    /// Everything a layout holds, as text (two layouts are the same layout when these are equal).
    func describe(_ l: TextLayout) -> String {
        var out = "\(l.size) \(l.isTruncated) \(l.lines.count)"
        for line in l.lines {
            out += " | \(line.width) \(line.ascent) \(line.descent) \(line.leading) \(line.top) \(line.spaceCount)"
                + " \(line.isRTLParagraph) \(line.isLastOfParagraph)"
            for run in line.runs {
                out += " [\(run.width) \(run.face.postScriptName)"
                for g in run.glyphs { out += " \(g.glyph)@\(g.cluster):\(g.advance),\(g.offsetX),\(g.offsetY)" }
                out += "]"
            }
        }
        return out
    }

    @Test func aSingleLatinLineIsLaidOutAsTheGeneralPathLaysItOut() {
        let cases: [(String, CGFloat?, Int)] = [
            ("Button 17 value 629", nil, 0), ("Button 17 value 629", 400, 1), ("  leading spaces", 300, 0),
            ("AVAVAV Typography fi fl ffi", nil, 0), ("x", 5, 1), ("Too wide for its line by far", 40, 1),
            ("Wraps onto more than one line here", 60, 0), ("trailing space ", nil, 0), ("12345", nil, 0),
            ("Tab\there", nil, 0), ("Two\nlines", nil, 0), ("Émile", nil, 0), ("", nil, 0),
        ]
        let fastBefore = TextLayout.singleLineLayouts
        for (text, width, lines) in cases {
            let before = TextLayout.singleLineFastPath
            defer { TextLayout.singleLineFastPath = before }
            TextLayout.singleLineFastPath = true
            let quick = layout(text, width: width, lines: lines)
            TextLayout.singleLineFastPath = false
            let general = layout(text, width: width, lines: lines)
            #expect(describe(quick) == describe(general), "\(text)")
        }
        // The first four cases take the fast path; the rest are the general path's (too wide, wrapped, a trailing
        // space, no letter, a tab, a newline, not ASCII, empty).
        #expect(TextLayout.singleLineLayouts - fastBefore == 4)
    }

    @Test func relayoutMakesWhatAFreshLayoutMakesAndRefillsALinesLists() {
        // One layout laid out again and again, through both paths and back: each time what a new one makes.
        let cases: [(String, CGFloat?, Int)] = [
            ("Button 17 value 629", nil, 0), ("Button 17 value 6", 400, 1), ("Wraps onto more than one line here", 60, 0),
            ("Reading 42", nil, 0), ("مرحبا بالعالم", nil, 0), ("Too wide for its line by far", 40, 1), ("Émile", nil, 0),
            ("Reading 43 and more", nil, 0), ("", nil, 0), ("Back to one line", nil, 0),
        ]
        let reused = layout("Start")
        for (text, width, lines) in cases {
            reused.relayout(StyledText(text, style: TextStyle(font: font.textFont)),
                            paragraph: TextParagraphStyle(lineBreakMode: .byWordWrapping), width: width, maximumLines: lines)
            #expect(describe(reused) == describe(layout(text, width: width, lines: lines)), "\(text)")
        }
        // A one-line layout laid out again as one line keeps its glyph list (no new one per frame for a reading).
        func glyphStorage() -> UnsafeRawPointer? {
            reused.lines[0].runs[0].glyphs.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        reused.relayout(StyledText("Value 1000", style: TextStyle(font: font.textFont)))
        let first = glyphStorage()
        reused.relayout(StyledText("Value 999", style: TextStyle(font: font.textFont)))
        #expect(glyphStorage() == first)
        #expect(describe(reused) == describe(layout("Value 999")))
    }

    @Test func kerningTightensPairsAndKernZeroTurnsItOff() {
        let kerned = layout("AVAVAV").size.width, plain = layout("AVAVAV", kern: 0).size.width
        #expect(kerned < plain)
        let spaced = layout("AVAVAV", kern: 2).size.width
        #expect(abs(spaced - (kerned + 12)) < 0.01) // 2 points after each of six characters
    }

    @Test func ligaturesJoinGlyphs() {
        #expect(glyphCount(layout("fi")) == 1)
        #expect(glyphCount(layout("f\u{200C}i")) >= 2) // a zero-width non-joiner breaks the ligature
    }

    @Test func combiningMarksStayInTheirCluster() {
        let l = layout("e\u{301}")
        #expect(l.lines.count == 1)
        // The accent attaches to the e: the cluster is as wide as a precomposed é.
        #expect(abs(l.size.width - layout("é").size.width) < 0.01)
    }

    @Test func rightToLeftParagraphsAndBidiOrder() {
        let arabic = TextAnalysis(StyledText("مرحبا", style: TextStyle(font: font.textFont)))
        #expect(arabic.baseIsRTL == [true])
        #expect(arabic.levels.allSatisfy { $0 == 1 })
        let mixed = layout("abc אבג def")
        let runs = mixed.lines[0].runs
        // Visual order for a left-to-right paragraph: abc, then the Hebrew (itself right to left), then def.
        #expect(runs.count >= 3)
        let hebrew = runs.first { $0.glyphs.contains { $0.cluster == 4 } }!
        let clusters = hebrew.glyphs.map(\.cluster)
        #expect(clusters == clusters.sorted(by: >)) // reversed inside the run
        // Arabic letters join: shaped forms differ from the isolated ones.
        let joined = layout("بب").lines[0].runs[0].glyphs.map(\.glyph)
        #expect(joined[0] != joined[1])
    }

    @Test func wrappingBreaksAtSpacesAndWrapsLongWordsByCharacter() {
        let one = layout("alpha beta gamma delta").size.width
        let wrapped = layout("alpha beta gamma delta", width: one * 0.6)
        #expect(wrapped.lines.count == 2)
        #expect(wrapped.lines.allSatisfy { $0.width <= one * 0.6 + 0.01 })
        let long = layout("Supercalifragilisticexpialidocious", width: 80)
        #expect(long.lines.count > 1)
        #expect(long.lines.allSatisfy { $0.width <= 80.01 })
        // Newlines start paragraphs; the limit cuts and reports truncation.
        #expect(layout("one\ntwo\nthree").lines.count == 3)
        let limited = layout("one\ntwo\nthree", lines: 2)
        #expect(limited.lines.count == 2 && limited.isTruncated)
        // CJK breaks between ideographs.
        #expect(layout("日本語のテキストです", width: 60).lines.count > 1)
    }

    @Test func truncationAddsAnEllipsisAndFits() {
        let full = layout("The quick brown fox jumps").size.width
        for mode in [TextLineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
            let t = layout("The quick brown fox jumps", width: full / 2, lines: 1, mode: mode)
            #expect(t.isTruncated)
            #expect(t.size.width <= full / 2 + 0.01, "\(mode)")
            let ellipsisGlyph = TextAnalysis(StyledText("\u{2026}", style: TextStyle(font: font.textFont))).items[0].glyphs[0].glyph
            let glyphs = t.lines[0].runs.flatMap(\.glyphs)
            let position = glyphs.firstIndex { $0.glyph == ellipsisGlyph && $0.cluster == -1 }
            #expect(position != nil, "\(mode) shows an ellipsis")
            switch mode {
            case .byTruncatingTail: #expect(position == glyphs.count - 1)
            case .byTruncatingHead: #expect(position == 0)
            default: #expect(position! > 0 && position! < glyphs.count - 1)
            }
        }
        let clipped = layout("The quick brown fox jumps", width: full / 2, lines: 1, mode: .byClipping)
        #expect(!clipped.isTruncated && clipped.size.width == full)
    }
}

@MainActor @Suite struct StringDrawingTests {
    init() { freshApp() }

    @Test func sizesAndBoundingRects() {
        let attrs: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 16)]
        let text = "Hello, world. This is a longer line of text."
        let single = text.size(withAttributes: attrs)
        #expect(abs(single.height - UIFont.systemFont(ofSize: 16).lineHeight) < 0.01)
        #expect(single.width > 200)
        let wrapped = text.boundingRect(with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude),
                                        options: .usesLineFragmentOrigin, attributes: attrs, context: nil)
        #expect(wrapped.width <= 120 && wrapped.height > 2 * single.height)
        // Without .usesLineFragmentOrigin the string is one line, as in UIKit.
        let oneLine = text.boundingRect(with: CGSize(width: 120, height: 100), options: [], attributes: attrs, context: nil)
        #expect(oneLine.size == single)
        #expect((text as NSString).size(withAttributes: attrs) == single)
        // Attributed strings measure their runs: a larger font in part of it makes the line taller.
        let a = NSMutableAttributedString(string: "small BIG", attributes: attrs)
        a.addAttribute(.font, value: UIFont.systemFont(ofSize: 32), range: NSRange(location: 6, length: 3))
        #expect(a.size().height > single.height * 1.8)
    }

    @Test func textIsCrispAtScale2() {
        // At scale 2 glyphs are rasterised at device pixels: the 2x rendering has more distinct grey levels along
        // edges than a 1x rendering scaled up would, and its ink matches the 1x ink doubled in extent.
        func ink(_ scale: CGFloat) -> (Int, Int) {
            let image = render(CGSize(width: 60, height: 24), scale: scale) { _ in
                "Hxg".draw(at: CGPoint(x: 2, y: 2), withAttributes: [.font: UIFont.systemFont(ofSize: 16)])
            }.cgImage!
            var dark = 0, levels = Set<Int>()
            for y in 0..<image.height { for x in 0..<image.width {
                let p = pixel(image, x, y); if p.0 < 128 { dark += 1 }; levels.insert(p.0)
            } }
            return (dark, levels.count)
        }
        let (dark1, _) = ink(1), (dark2, levels2) = ink(2)
        #expect(Double(dark2) > Double(dark1) * 3.2 && Double(dark2) < Double(dark1) * 4.8)
        #expect(levels2 > 8)
    }
}

@MainActor @Suite struct LabelTests {
    init() { freshApp() }

    @Test func defaultsMatchUIKit() {
        let l = UILabel()
        #expect(!l.isUserInteractionEnabled)
        #expect(l.numberOfLines == 1)
        #expect(l.lineBreakMode == .byTruncatingTail)
        #expect(l.textAlignment == .natural)
        #expect(l.font.pointSize == 17)
        #expect(!l.isOpaque)
        #expect(UIImageView().isUserInteractionEnabled == false)
    }

    @Test func sizeThatFitsAndSizeToFit() {
        let l = UILabel(frame: CGRect(x: 10, y: 10, width: 50, height: 10))
        l.text = "Hello there"
        let fit = l.sizeThatFits(CGSize(width: 1000, height: 1000))
        #expect(fit.width == fit.width.rounded(.up) && fit.height == ceil(l.font.lineHeight))
        #expect(l.intrinsicContentSize == fit)
        l.sizeToFit()
        #expect(l.frame == CGRect(x: 10, y: 10, width: fit.width, height: fit.height))
        l.numberOfLines = 0
        l.text = "one two three four five six seven eight nine ten"
        let tall = l.sizeThatFits(CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude))
        #expect(tall.width <= 100 && tall.height >= 3 * ceil(l.font.lineHeight) - 1)
        l.numberOfLines = 2
        let two = l.sizeThatFits(CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude))
        #expect(abs(two.height - ceil(2 * l.font.lineHeight)) <= 1)
    }

    @Test func changingTextMarksTheLabelForDisplay() {
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        l.text = "a"
        #expect(l.needsDisplayRect == l.bounds)
        #expect(l.text == "a")
        l.attributedText = NSAttributedString(string: "b")
        #expect(l.text == "b")
    }

    @Test func aLabelWhoseTextChangesLaysOutAgainInItsOwnLayout() throws {
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        l.text = "Reading 1"
        _ = l.textRect(forBounds: l.bounds, limitedToNumberOfLines: 1)
        _ = snapshot(l, scale: 2)
        // Held weakly: a strong reference here would rightly make the label lay out into a new layout.
        final class Weak { weak var layout: TextLayout?; init(_ l: TextLayout) { layout = l } }
        let made = l.layoutCache.values.map(Weak.init)
        #expect(!made.isEmpty)
        for n in [2, 100, 7] {
            l.text = "Reading \(n)"
            let rect = l.textRect(forBounds: l.bounds, limitedToNumberOfLines: 1)
            let image = snapshot(l, scale: 2).cgImage!
            // No layout was made: the label's layouts are the ones it had.
            #expect(l.layoutCache.values.allSatisfy { layout in made.contains { $0.layout === layout } })
            // What it measures and draws is the new text's, as a new label's.
            let fresh = UILabel(frame: l.frame)
            fresh.text = l.text
            #expect(rect == fresh.textRect(forBounds: fresh.bounds, limitedToNumberOfLines: 1))
            #expect(maxDifference(image, snapshot(fresh, scale: 2).cgImage!) == 0)
        }
        // A style change lays out with the new style too.
        l.font = .boldSystemFont(ofSize: 20)
        let bold = UILabel(frame: l.frame)
        bold.text = l.text
        bold.font = l.font
        #expect(maxDifference(snapshot(l, scale: 1).cgImage!, snapshot(bold, scale: 1).cgImage!) == 0)
    }

    @Test func adjustsFontSizeToFitWidthShrinksBeforeTruncating() {
        let text = "A fairly long label text"
        let natural = text.size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]).width
        func inkHeight(_ adjusts: Bool) -> Int {
            let l = UILabel(frame: CGRect(x: 0, y: 0, width: natural * 0.7, height: 30))
            l.text = text
            l.adjustsFontSizeToFitWidth = adjusts
            l.minimumScaleFactor = 0.5
            let image = snapshot(l, scale: 1).cgImage!
            // Shrunk glyphs are shorter: the inked rows span less.
            var top = image.height, bottom = 0
            for x in 0..<image.width { for y in 0..<image.height where pixel(image, x, y).3 > 100 { top = min(top, y); bottom = max(bottom, y) } }
            return bottom - top
        }
        #expect(Double(inkHeight(true)) < Double(inkHeight(false)) * 0.85)
    }
}

@Suite struct PathTests {
    @Test func containsBoundingBoxAndArcs() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        #expect(p.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(!p.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(p.contains(CGPoint(x: 1, y: 5), using: .evenOdd))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        #expect(abs(circle.boundingBoxOfPath.width - 20) < 0.01)
        #expect(circle.contains(.zero) && !circle.contains(CGPoint(x: 9, y: 9)))
        let arc = CGMutablePath()
        arc.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(abs(arc.currentPoint.x) < 1e-9 && abs(arc.currentPoint.y - 5) < 1e-9) // increasing angle: to (0, 5)
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(abs(cw.boundingBoxOfPath.height - 10) < 0.01) // the long way round, three quarters
        var t = CGAffineTransform(translationX: 100, y: 0)
        #expect(circle.copy(using: &t)!.contains(CGPoint(x: 100, y: 0)))
    }
}

/// Shaping left-to-right ASCII from cached words gives exactly what shaping the whole line gives.
@Suite struct WordShapeCacheTests {
    @Test(arguments: ["Button 17 value 42", "Hello, World! AV To Ty", "office affluent fjord", "  two  spaces ", "x",
                     "a wordlongerthansixteenletters uncached",
                     // Numbers, shaped digit by digit where the face allows it.
                     "0", "7 42 1234567890 2026 007", "31415926535897932384626433 T1 1st", "1.5 -3 10% 99,90"])
    func wordsShapeAsTheLine(_ text: String) throws {
        try shapesAsTheLine(text, family: FontCatalog.systemFamily)
        try shapesAsTheLine(text, family: "DejaVu Sans Mono")
    }

    @Test func theSystemFontsDigitsShapeOneByOne() throws {
        let face = try #require(FontCatalog.shared.face(family: FontCatalog.systemFamily))
        #expect(WordShapeCache.shared.shapesNumbersDigitByDigit(face: face, kerning: true))
    }

    func shapesAsTheLine(_ text: String, family: String) throws {
        let face = try #require(FontCatalog.shared.face(family: family))
        let scalars = Array(text.unicodeScalars.map(\.value))
        for kerning in [true, false] {
            let words = try #require(WordShapeCache.shared.shape(scalars[...], face: face, kerning: kerning),
                                     "the system font shapes words as lines: the cache must be in use")
            let line = WordShapeCache.shapeAlone(scalars[...], face: face, kerning: kerning)
            #expect(words.count == line.count)
            for (a, b) in zip(words, line) {
                #expect(a.glyph == b.glyph && a.cluster == b.cluster && a.advance == b.advance
                        && a.offsetX == b.offsetX && a.offsetY == b.offsetY)
            }
        }
    }
}
