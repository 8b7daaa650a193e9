import CoreGraphics
import Foundation

/// Breaks analysed paragraphs into lines and orders each line's runs for display.
struct LineBuilder {
    var analysis: TextAnalysis
    let paragraph: TextParagraphStyle
    let width: CGFloat?
    let maximumLines: Int
    var lines: [TextLine] = []
    var truncated = false
    private var top: CGFloat = 0

    init(analysis: TextAnalysis, paragraph: TextParagraphStyle, width: CGFloat?, maximumLines: Int) {
        self.analysis = analysis
        self.paragraph = paragraph
        self.width = width
        self.maximumLines = maximumLines
    }

    private var limitReached: Bool { maximumLines > 0 && lines.count >= maximumLines }

    mutating func build() {
        let mode = paragraph.lineBreakMode
        // Wrapping modes wrap; truncating modes wrap too unless the text is held to one line (UIKit: a label of
        // several lines truncates only its last line).
        let wraps = width != nil && (!mode.truncates && mode != .byClipping || mode.truncates && maximumLines != 1)
        for (pi, p) in analysis.paragraphs.enumerated() {
            if limitReached { truncated = true; break }
            let rtl = analysis.baseIsRTL[pi]
            var start = p.lowerBound
            repeat {
                let isLastAllowed = maximumLines > 0 && lines.count == maximumLines - 1
                var end = wraps ? breakLine(from: start, in: p) : p.upperBound
                let moreHidden = isLastAllowed && (end < p.upperBound || hasMoreText(after: pi))
                if moreHidden {
                    truncated = true
                    // A truncating mode puts the rest of the paragraph on the last line, then shortens it.
                    if mode.truncates { end = p.upperBound }
                }
                var cut = Truncation(range: start..<end, ellipsis: nil)
                if mode.truncates, let w = width, !wraps || isLastAllowed, measure(cut.range) > w + 0.001 {
                    cut = truncate(cut.range, to: w, mode: mode)
                    truncated = true
                } else if mode.truncates, moreHidden, let w = width {
                    // Cut by the line limit: an ellipsis says that text continues.
                    cut = truncateForMore(cut.range, to: w, mode: mode)
                }
                appendLine(cut, paragraph: p, rtl: rtl, last: end >= p.upperBound)
                start = skipSpaces(from: end, in: p)
                if limitReached && (start < p.upperBound || hasMoreText(after: pi)) { truncated = true }
                if limitReached { break }
            } while start < p.upperBound
        }
    }

    private func hasMoreText(after pi: Int) -> Bool {
        analysis.paragraphs[(pi + 1)...].contains { !$0.isEmpty }
    }

    // MARK: Breaking

    private func isBreakBefore(_ i: Int, lineStart: Int) -> Bool {
        guard i > lineStart, analysis.isClusterStart[i] else { return false }
        if paragraph.lineBreakMode == .byCharWrapping { return true }
        let prev = analysis.scalars[i - 1], c = analysis.scalars[i]
        if TextAnalysis.isSpace(prev) && !TextAnalysis.isSpace(c) { return true }
        if prev == 0x2D && !TextAnalysis.isSpace(c) { return true } // after a hyphen
        return Self.isIdeographic(c) || Self.isIdeographic(prev)
    }

    static func isIdeographic(_ c: UInt32) -> Bool {
        (0x3040...0x30FF).contains(c) || (0x3400...0x4DBF).contains(c) || (0x4E00...0x9FFF).contains(c)
            || (0xF900...0xFAFF).contains(c) || (0x20000...0x2FFFF).contains(c)
    }

    /// The end of the line starting at `start`: the last break opportunity that fits, or (a word wider than
    /// the line) the last cluster that fits, and at least one cluster.
    private func breakLine(from start: Int, in p: Range<Int>) -> Int {
        guard let maxWidth = width else { return p.upperBound }
        var x: CGFloat = 0
        var lastBreak: Int?
        var i = start
        while i < p.upperBound {
            if isBreakBefore(i, lineStart: start) { lastBreak = i }
            let c = analysis.scalars[i]
            let next = x + analysis.advance[i]
            if next > maxWidth + 0.001 && !TextAnalysis.isSpace(c) && i > start {
                if let lastBreak { return lastBreak }
                return i == start ? i + 1 : clusterStart(atOrBefore: i, after: start)
            }
            x = next
            i += 1
        }
        return p.upperBound
    }

    private func clusterStart(atOrBefore i: Int, after start: Int) -> Int {
        var k = i
        while k > start + 1 && !analysis.isClusterStart[k] { k -= 1 }
        return Swift.max(k, start + 1)
    }

    private func skipSpaces(from i: Int, in p: Range<Int>) -> Int {
        var k = i
        while k < p.upperBound && TextAnalysis.isSpace(analysis.scalars[k]) { k += 1 }
        return k
    }

    /// Width of a range, without its trailing spaces.
    func measure(_ r: Range<Int>) -> CGFloat {
        var end = r.upperBound
        while end > r.lowerBound && TextAnalysis.isSpace(analysis.scalars[end - 1]) { end -= 1 }
        var w: CGFloat = 0
        for i in r.lowerBound..<end { w += analysis.advance[i] }
        return w
    }

    // MARK: Truncation

    struct EllipsisPlacement {
        var atScalar: Int
        var style: TextStyle
    }

    /// What is left of a line after truncation: the range shown, where the ellipsis goes, and (middle
    /// truncation) the hidden part inside the range.
    struct Truncation {
        var range: Range<Int>
        var ellipsis: EllipsisPlacement?
        var hidden: Range<Int>? = nil
    }

    private func ellipsisWidth(style: TextStyle) -> CGFloat {
        shapeEllipsis(style: style, level: 0).map { $0.glyphs.reduce(0) { $0 + $1.advance } } ?? 0
    }

    private func truncate(_ r: Range<Int>, to maxWidth: CGFloat, mode: TextLineBreakMode) -> Truncation {
        switch mode {
        case .byTruncatingHead:
            let style = styleAt(r.upperBound - 1)
            let budget = maxWidth - ellipsisWidth(style: style)
            var k = r.upperBound, w: CGFloat = 0
            while k > r.lowerBound && w + analysis.advance[k - 1] <= budget { k -= 1; w += analysis.advance[k] }
            while k < r.upperBound && !analysis.isClusterStart[k] { k += 1 }
            while k < r.upperBound && TextAnalysis.isSpace(analysis.scalars[k]) { k += 1 }
            return Truncation(range: k..<r.upperBound, ellipsis: EllipsisPlacement(atScalar: k, style: style))
        case .byTruncatingMiddle:
            let style = styleAt(r.lowerBound)
            let budget = maxWidth - ellipsisWidth(style: style)
            var a = r.lowerBound, b = r.upperBound, w: CGFloat = 0
            var takeFront = true
            while a < b {
                let i = takeFront ? a : b - 1
                guard w + analysis.advance[i] <= budget else { break }
                w += analysis.advance[i]
                if takeFront { a += 1 } else { b -= 1 }
                takeFront.toggle()
            }
            while a > r.lowerBound && a < r.upperBound && !analysis.isClusterStart[a] { a -= 1 }
            while b < r.upperBound && !analysis.isClusterStart[b] { b += 1 }
            // No spaces next to the ellipsis.
            while a > r.lowerBound && TextAnalysis.isSpace(analysis.scalars[a - 1]) { a -= 1 }
            while b < r.upperBound && TextAnalysis.isSpace(analysis.scalars[b]) { b += 1 }
            // The hidden middle is [a, b): the line shows [start, a) + … + [b, end).
            return Truncation(range: r, ellipsis: EllipsisPlacement(atScalar: a, style: style), hidden: a..<b)
        default:
            let style = styleAt(Swift.max(r.lowerBound, r.upperBound - 1))
            return truncateTail(r, budget: maxWidth - ellipsisWidth(style: style), style: style)
        }
    }

    private func truncateForMore(_ r: Range<Int>, to maxWidth: CGFloat, mode: TextLineBreakMode) -> Truncation {
        let style = styleAt(Swift.max(r.lowerBound, r.upperBound - 1))
        let budget = maxWidth - ellipsisWidth(style: style)
        if measure(r) <= budget { return Truncation(range: r, ellipsis: EllipsisPlacement(atScalar: r.upperBound, style: style)) }
        return truncateTail(r, budget: budget, style: style)
    }

    private func truncateTail(_ r: Range<Int>, budget: CGFloat, style: TextStyle) -> Truncation {
        var k = r.lowerBound, w: CGFloat = 0
        while k < r.upperBound && w + analysis.advance[k] <= budget { w += analysis.advance[k]; k += 1 }
        while k > r.lowerBound && !analysis.isClusterStart[k < r.upperBound ? k : r.upperBound - 1] && k < r.upperBound { k -= 1 }
        while k > r.lowerBound && TextAnalysis.isSpace(analysis.scalars[k - 1]) { k -= 1 }
        return Truncation(range: r.lowerBound..<k, ellipsis: EllipsisPlacement(atScalar: k, style: style))
    }

    private func styleAt(_ i: Int) -> TextStyle {
        guard !analysis.scalars.isEmpty else { return analysis.styles[0] }
        return analysis.styles[analysis.styleOfScalar[Swift.min(Swift.max(0, i), analysis.scalars.count - 1)]]
    }

    private func shapeEllipsis(style: TextStyle, level: UInt8) -> ShapedItem? {
        let text = StyledText("\u{2026}", style: style)
        let a = TextAnalysis(text)
        guard var item = a.items.first else { return nil }
        item.level = level
        item.range = 0..<0
        for g in item.glyphs.indices { item.glyphs[g].cluster = -1 }
        return item
    }

    // MARK: Assembling a line

    private mutating func appendLine(_ cut: Truncation, paragraph p: Range<Int>, rtl: Bool, last: Bool) {
        let range = cut.range, ellipsis = cut.ellipsis, hidden = cut.hidden
        var end = range.upperBound
        while end > range.lowerBound && TextAnalysis.isSpace(analysis.scalars[end - 1]) { end -= 1 }
        if ellipsis == nil, hidden == nil, let run = wholeLeftToRightItem(range.lowerBound..<end) {
            finishLine([run], range: range, end: end, paragraph: p, rtl: rtl, last: last)
            return
        }
        var pieces: [(level: UInt8, run: TextLine.Run, logical: Int, order: Int)] = []
        for item in analysis.items where item.range.overlaps(range.lowerBound..<end) {
            let shown = item.glyphs.filter { $0.cluster >= range.lowerBound && $0.cluster < end }
            // A middle-truncated line shows two parts of the item, with the ellipsis between them.
            let parts = hidden.map { gap in
                [shown.filter { $0.cluster < gap.lowerBound }, shown.filter { $0.cluster >= gap.upperBound }]
            } ?? [shown]
            for glyphs in parts where !glyphs.isEmpty {
                let run = TextLine.Run(face: item.face, style: analysis.styles[item.styleIndex], glyphs: glyphs,
                                       width: glyphs.reduce(0) { $0 + $1.advance }, isRTL: item.level % 2 == 1)
                pieces.append((item.level, run, glyphs.map(\.cluster).min()!, 1))
            }
        }
        if let ellipsis {
            let neighbour = Swift.min(Swift.max(ellipsis.atScalar - 1, p.lowerBound), Swift.max(p.lowerBound, p.upperBound - 1))
            let level = p.isEmpty ? (rtl ? 1 : 0) : analysis.levels[neighbour]
            if let item = shapeEllipsis(style: ellipsis.style, level: level) {
                let run = TextLine.Run(face: item.face, style: ellipsis.style, glyphs: item.glyphs,
                                       width: item.glyphs.reduce(0) { $0 + $1.advance }, isRTL: level % 2 == 1)
                // Logically just before the text that starts where it stands.
                pieces.append((level, run, ellipsis.atScalar, 0))
            }
        }
        pieces.sort { ($0.logical, $0.order) < ($1.logical, $1.order) }
        let ordered = Self.visualOrder(pieces.map { ($0.level, $0.run) })
        finishLine(ordered, range: range, end: end, paragraph: p, rtl: rtl, last: last)
    }

    /// The run of a line that is one whole left-to-right item (a label's usual line): its glyphs as shaped,
    /// without filtering, sorting or reordering. `nil` when the line is anything else.
    private func wholeLeftToRightItem(_ shown: Range<Int>) -> TextLine.Run? {
        var found: ShapedItem?
        for item in analysis.items where item.range.overlaps(shown) {
            guard found == nil, item.level == 0, shown.lowerBound <= item.range.lowerBound,
                  item.range.upperBound <= shown.upperBound else { return nil }
            found = item
        }
        guard let item = found else { return nil }
        var width: CGFloat = 0
        for g in item.glyphs { width += g.advance }
        return TextLine.Run(face: item.face, style: analysis.styles[item.styleIndex], glyphs: item.glyphs, width: width)
    }

    /// Adds a line of `ordered` runs: metrics, width, spaces, position.
    private mutating func finishLine(_ ordered: [TextLine.Run], range: Range<Int>, end: Int, paragraph p: Range<Int>,
                                     rtl: Bool, last: Bool) {
        // Metrics from the primary fonts of the styles on the line (fallback faces do not change line height).
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        if !range.isEmpty, !analysis.styleOfScalar.isEmpty,
           analysis.styleOfScalar[range].allSatisfy({ $0 == analysis.styleOfScalar[range.lowerBound] }) {
            // One style on the line: its font's metrics, without lists.
            let font = analysis.styles[analysis.styleOfScalar[range.lowerBound]].font
            ascent = font.ascender; descent = -font.descender; leading = font.leading
        } else {
            (ascent, descent, leading) = lineMetrics(range, paragraph: p)
        }
        if !lines.isEmpty { top += paragraph.lineSpacing }
        var width: CGFloat = 0
        for run in ordered { width += run.width }
        var spaces = 0
        for i in range.lowerBound..<end where analysis.scalars[i] == 0x20 { spaces += 1 }
        var hanging: CGFloat = 0
        for i in end..<range.upperBound { hanging += analysis.advance[i] }
        lines.append(TextLine(runs: ordered, width: width, ascent: ascent, descent: descent, leading: leading, top: top,
                              isRTLParagraph: rtl, isLastOfParagraph: last, spaceCount: spaces, range: range, hangingAdvance: hanging,
                              hangingCount: range.upperBound - end))
        top += ascent + descent + leading
    }

    /// The tallest ascent, descent and leading of the styles' fonts on a line.
    private func lineMetrics(_ range: Range<Int>, paragraph p: Range<Int>) -> (CGFloat, CGFloat, CGFloat) {
        var styleIndexes: [Int] = []
        if range.isEmpty || analysis.styleOfScalar.isEmpty {
            styleIndexes.append(analysis.styleOfScalar.isEmpty ? 0 : analysis.styleOfScalar[Swift.min(p.lowerBound, analysis.styleOfScalar.count - 1)])
        } else {
            for i in range where !styleIndexes.contains(analysis.styleOfScalar[i]) { styleIndexes.append(analysis.styleOfScalar[i]) }
        }
        let fonts = styleIndexes.map { analysis.styles[$0].font }
        let ascent = fonts.map(\.ascender).max() ?? 0
        let descent = fonts.map { -$0.descender }.max() ?? 0
        let leading = fonts.map(\.leading).max() ?? 0
        return (ascent, descent, leading)
    }

    /// Unicode's rule L2 on runs: from the highest level down to the lowest odd one, reverse every maximal
    /// sequence of runs at that level or higher.
    static func visualOrder(_ runs: [(UInt8, TextLine.Run)]) -> [TextLine.Run] {
        guard let maxLevel = runs.map(\.0).max() else { return [] }
        let lowestOdd = (runs.map(\.0).filter { $0 % 2 == 1 }.min()) ?? (maxLevel + 1)
        var order = runs
        var level = maxLevel
        while level >= lowestOdd && level > 0 {
            var i = 0
            while i < order.count {
                if order[i].0 >= level {
                    var j = i
                    while j < order.count && order[j].0 >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else { i += 1 }
            }
            level -= 1
        }
        return order.map(\.1)
    }
}

