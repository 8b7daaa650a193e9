import CCairo
import CHarfBuzz
@_spi(VitrineInternals) import CoreGraphics
import Foundation

/// One laid-out line: its glyph runs in visual order, and its metrics.
public struct TextLine {
    struct Run {
        var face: FontFace
        var style: TextStyle
        var glyphs: [ShapedGlyph]
        var width: CGFloat
        /// Whether the run reads right to left (an odd bidi level): its glyphs' clusters run backwards.
        var isRTL = false
    }
    var runs: [Run]
    /// Width of the ink-bearing part (trailing spaces hang outside it).
    public let width: CGFloat
    public let ascent: CGFloat
    /// Positive: below the baseline.
    public let descent: CGFloat
    public let leading: CGFloat
    /// Top of the line, from the top of the layout.
    public let top: CGFloat
    let isRTLParagraph: Bool
    let isLastOfParagraph: Bool
    let spaceCount: Int
    /// The text the line holds, in scalar offsets (with the spaces that hang at its end, without a newline).
    public internal(set) var range: Range<Int> = 0..<0
    /// The advance of the spaces that hang past `width`, and how many there are (the last scalars of `range`).
    var hangingAdvance: CGFloat = 0
    var hangingCount = 0

    public var height: CGFloat { ascent + descent + leading }
    public var baseline: CGFloat { top + ascent }
}

/// Lays out styled text in lines: paragraphs split at newlines, bidi reordering, font fallback, shaping,
/// word (or character) wrapping to a width, a maximum number of lines, and truncation with an ellipsis.
///
/// A layout is used by one thread at a time (a label's, on the main actor): its state is not checked for overlapping
/// accesses at run time (a label's text change lays out again through these on every frame that shows it).
public final class TextLayout {
    @exclusivity(unchecked) public private(set) var lines: [TextLine]
    /// The used size: the widest line, and all lines' heights with the spacing between them.
    @exclusivity(unchecked) public private(set) var size: CGSize
    /// Whether text was cut (by the line limit or by truncation).
    @exclusivity(unchecked) public private(set) var isTruncated: Bool
    @exclusivity(unchecked) private(set) var paragraph: TextParagraphStyle
    @exclusivity(unchecked) private(set) var width: CGFloat?

    /// Lays out `text`. `width` nil means no wrapping; `maximumLines` 0 means no limit.
    public init(_ text: StyledText, paragraph: TextParagraphStyle = TextParagraphStyle(), width: CGFloat? = nil,
                maximumLines: Int = 0) {
        // Empty, then laid out as a layout is laid out again.
        self.paragraph = paragraph
        self.width = nil
        lines = []
        size = .zero
        isTruncated = false
        relayout(text, paragraph: paragraph, width: width, maximumLines: maximumLines)
    }

    /// Lays this layout out again for other text or settings, as `init` would, reusing its storage where it can:
    /// a one-line label whose text changes every frame (a clock, a reading) lays out without allocating. Only for
    /// a layout nothing else holds (its owner checks `isKnownUniquelyReferenced`): layouts are values to everyone
    /// else.
    @_spi(VitrineInternals)
    public func relayout(_ text: StyledText, paragraph: TextParagraphStyle = TextParagraphStyle(), width: CGFloat? = nil,
                         maximumLines: Int = 0) {
        self.paragraph = paragraph
        self.width = width.map { Swift.max(0, $0) }
        if Self.singleLineFastPath, layOutSingleLatinLine(text) {
            Self.singleLineLayouts += 1
            isTruncated = false
            size = CGSize(width: lines[0].width, height: lines[0].height)
            return
        }
        var analysis = TextAnalysis(text)
        var builder = LineBuilder(analysis: analysis, paragraph: paragraph, width: self.width, maximumLines: maximumLines)
        builder.build()
        analysis = builder.analysis
        lines = builder.lines
        isTruncated = builder.truncated
        var w: CGFloat = 0
        for line in lines { w = Swift.max(w, line.width) }
        let h = (lines.last.map { $0.top + $0.height }) ?? 0
        size = CGSize(width: w, height: h)
    }

    /// Whether `layOutSingleLatinLine` may stand in for the general path (tests compare the two).
    @exclusivity(unchecked) nonisolated(unsafe) static var singleLineFastPath = true
    /// Layouts `layOutSingleLatinLine` made (tests: that it is taken).
    @exclusivity(unchecked) nonisolated(unsafe) static var singleLineLayouts = 0

    /// The commonest label: one style, printable ASCII with a letter, no newline or trailing space, kerning left
    /// to the font, and narrow enough for the width. Its line is what the general path makes of it (one item at
    /// level 0, Latin, shaped from the word cache, shown whole), without the analysis and line-breaking lists, in
    /// the line, run and glyph lists of the layout's previous line when it had one line of one run. `false` (and
    /// `lines` left to the general path) for anything else.
    private func layOutSingleLatinLine(_ text: StyledText) -> Bool {
        guard text.runs.count == 1, text.runs[0].range.lowerBound <= 0, text.runs[0].style.kern == nil else { return false }
        let style = text.runs[0].style, face = style.font.face
        let utf8 = text.string.utf8
        guard !utf8.isEmpty, utf8.count <= 256, text.runs[0].range.upperBound >= utf8.count, utf8.last != 0x20 else { return false }
        // The lists taken out of the previous line (moved, not copied, so they stay uniquely held and are refilled
        // in place).
        var lineList: [TextLine] = [], runList: [TextLine.Run] = [], glyphs: [ShapedGlyph] = []
        swap(&lineList, &lines)
        if lineList.count == 1, lineList[0].runs.count == 1 {
            swap(&runList, &lineList[0].runs)
            swap(&glyphs, &runList[0].glyphs)
        }
        lineList.removeAll(keepingCapacity: true)
        runList.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
        // The scalars in a temporary buffer, the shapes straight into the glyph list: no lists in between.
        let made = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: utf8.count) { buffer -> (advance: CGFloat, spaces: Int)? in
            var count = 0, hasLetter = false, spaces = 0
            for byte in utf8 {
                guard byte >= 0x20, byte < 0x7F, face.covers(UInt32(byte)) else { return nil }
                if TextAnalysis.isASCIILetter(UInt32(byte)) { hasLetter = true }
                if byte == 0x20 { spaces += 1 }
                buffer.initializeElement(at: count, to: UInt32(byte))
                count += 1
            }
            // Without a letter the general path shapes with HarfBuzz's Common script, not from the word cache.
            guard hasLetter else { return nil }
            let scale = style.font.size / face.unitsPerEm
            glyphs.reserveCapacity(count)
            var advance: CGFloat = 0
            let scalars = UnsafeBufferPointer(rebasing: buffer[0..<count])
            let shaped = WordShapeCache.shared.forEachGlyph(of: scalars, face: face, kerning: true) { g in
                let glyph = ShapedGlyph(g, base: 0, scale: scale)
                advance += glyph.advance
                glyphs.append(glyph)
            }
            guard shaped else { return nil }
            return (advance, spaces)
        }
        // Wider than the line: wrapping or truncation, the general path's work.
        guard let made, width.map({ made.advance <= $0 + 0.001 }) ?? true else { return false }
        let font = style.font
        runList.append(TextLine.Run(face: face, style: style, glyphs: glyphs, width: made.advance))
        lineList.append(TextLine(runs: runList, width: made.advance, ascent: font.ascender, descent: -font.descender,
                                 leading: font.leading, top: 0, isRTLParagraph: false, isLastOfParagraph: true,
                                 spaceCount: made.spaces, range: 0..<utf8.count))
        lines = lineList
        return true
    }

    /// The baseline of the first line, from the top.
    public var firstBaseline: CGFloat { lines.first?.baseline ?? 0 }

    /// Draws the lines with their top-left at `origin`, aligning each within `alignmentWidth` (the layout width,
    /// or the used width when there is none).
    public func draw(in context: CGContext, at origin: CGPoint, alignmentWidth: CGFloat? = nil) {
        let box = alignmentWidth ?? width ?? size.width
        // Where the context can take them, the glyphs are blended straight into its pixels (the same pixels cairo
        // would write; it records their ink itself); else cairo draws them, with the context's shadow if it has one
        // (and colour glyphs, which are images rather than coverage). Each run's glyphs are placed in a temporary
        // buffer as they are drawn: nothing is allocated.
        // Backgrounds under the glyphs, underlines and strikethroughs over them (TextLayout+Decorations.swift).
        let decorated = isDecorated
        if decorated { drawBackgrounds(in: context, at: origin, box: box) }
        defer { if decorated { drawDecorationLines(in: context, at: origin, box: box) } }
        let direct = lines.allSatisfy { line in
            line.runs.allSatisfy { $0.glyphs.isEmpty || (!$0.face.hasColorGlyphs && context.canDrawGlyphs(size: $0.style.font.size)) }
        }
        if direct {
            for line in lines {
                forEachPlacedRun(line, origin: origin, box: box) { glyphs, run in
                    context.drawGlyphs(glyphs, face: run.face.cairoFace, size: run.style.font.size, options: Self.fontOptions,
                                       color: run.style.color)
                }
            }
            return
        }
        // Through cairo: the glyphs' ink first, so the drawing can say exactly what it touches (a layer damages and
        // composites only that), then the glyphs.
        var ink = CGRect.null
        context.withCairo(inkRect: nil) { cr in
            cairo_set_font_options(cr, Self.fontOptions)
            for line in lines {
                forEachPlacedRun(line, origin: origin, box: box) { glyphs, run in
                    cairo_set_font_face(cr, run.face.cairoFace)
                    cairo_set_font_size(cr, Double(run.style.font.size))
                    var e = cairo_text_extents_t()
                    cairo_glyph_extents(cr, glyphs.baseAddress, Int32(glyphs.count), &e)
                    // cairo measures the bearings from the first glyph's origin.
                    if e.width > 0, e.height > 0 {
                        ink = ink.union(CGRect(x: glyphs[0].x + e.x_bearing, y: glyphs[0].y + e.y_bearing, width: e.width, height: e.height))
                    }
                }
            }
        }
        guard !ink.isNull else { return } // nothing visible (spaces, an empty string)
        context.withShadow(inkRect: ink) {
            context.withCairo(inkRect: nil) { cr in
                cairo_set_font_options(cr, Self.fontOptions)
                let alpha = context.globalAlpha
                for line in lines {
                    forEachPlacedRun(line, origin: origin, box: box) { glyphs, run in
                        let c = run.style.color
                        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
                        cairo_set_font_face(cr, run.face.cairoFace)
                        cairo_set_font_size(cr, Double(run.style.font.size))
                        cairo_show_glyphs(cr, glyphs.baseAddress, Int32(glyphs.count))
                    }
                }
            }
        }
    }

    /// Positions `line`'s glyphs (alignment, justification) in user space, run by run, and hands each run's (not
    /// empty) to `body` in a temporary buffer.
    private func forEachPlacedRun(_ line: TextLine, origin: CGPoint, box: CGFloat,
                                  _ body: (UnsafeBufferPointer<cairo_glyph_t>, TextLine.Run) -> Void) {
        let (start, extraPerSpace) = placement(line, box: box)
        var x = origin.x + start
        for run in line.runs where !run.glyphs.isEmpty {
            // (A run's baseline offset raises its glyphs: UIKit's `.baselineOffset`.)
            let y = origin.y + line.baseline - run.style.baselineOffset
            withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: run.glyphs.count) { buffer in
                for (i, g) in run.glyphs.enumerated() {
                    buffer.initializeElement(at: i, to: cairo_glyph_t(index: UInt(g.glyph), x: Double(x + g.offsetX), y: Double(y - g.offsetY)))
                    x += g.advance
                    if extraPerSpace > 0, g.advance > 0, isSpaceGlyph(g, run) { x += extraPerSpace }
                }
                body(UnsafeBufferPointer(buffer), run)
            }
        }
    }

    /// Where `line` starts in a box `box` wide (its alignment) and the space added to each of its spaces (justified).
    func placement(_ line: TextLine, box: CGFloat) -> (start: CGFloat, extraPerSpace: CGFloat) {
        var alignment = paragraph.alignment
        if alignment == .natural { alignment = line.isRTLParagraph ? .right : .left }
        var extraPerSpace: CGFloat = 0
        var x: CGFloat = 0
        switch alignment {
        case .center: x += (box - line.width) / 2
        case .right: x += box - line.width
        case .justified:
            if !line.isLastOfParagraph, line.spaceCount > 0, box > line.width { extraPerSpace = (box - line.width) / CGFloat(line.spaceCount) }
            if line.isRTLParagraph && extraPerSpace == 0 { x += box - line.width }
        default: break
        }
        return (x, extraPerSpace)
    }

    func isSpaceGlyph(_ g: ShapedGlyph, _ run: TextLine.Run) -> Bool {
        var space: UInt32 = 0
        return hb_font_get_nominal_glyph(run.face.hbFont, 0x20, &space) != 0 && g.glyph == space
    }

    /// Grey antialiasing, no hinting, no metric rounding: glyphs land exactly where layout put them, at any
    /// scale, and rasterise at device pixels (crisp at scale 2 and 3).
    nonisolated(unsafe) static let fontOptions: OpaquePointer = {
        let o = cairo_font_options_create()!
        cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF)
        return o
    }()
}
