import CoreGraphics
import Foundation

// What text draws beside its glyphs: a run's background (UIKit's `.backgroundColor` attribute), and its underline and
// strikethrough (`.underlineStyle`, `.strikethroughStyle`), placed and sized by the font's own metrics. Drawn through
// the context's own fills and strokes, so its clip, alpha and ink recording apply as to any drawing.

extension TextLayout {
    /// Whether any run draws more than its glyphs, or sits off the baseline.
    var isDecorated: Bool { lines.contains { $0.runs.contains { $0.style.isDecorated } } }

    /// Each run's background, from the top of its line's ascent to the bottom of its descent.
    func drawBackgrounds(in context: CGContext, at origin: CGPoint, box: CGFloat) {
        for line in lines {
            forEachRunSpan(line, origin: origin, box: box) { run, span, _ in
                guard let color = run.style.backgroundColor, span.upperBound > span.lowerBound else { return }
                context.saveGState()
                context.setFillColor(color)
                context.fill(CGRect(x: span.lowerBound, y: origin.y + line.top, width: span.upperBound - span.lowerBound,
                                    height: line.ascent + line.descent))
                context.restoreGState()
            }
        }
    }

    /// Each run's underline and strikethrough, over its glyphs.
    func drawDecorationLines(in context: CGContext, at origin: CGPoint, box: CGFloat) {
        for line in lines {
            forEachRunSpan(line, origin: origin, box: box) { run, span, words in
                let font = run.style.font, face = run.face
                let baseline = origin.y + line.baseline - run.style.baselineOffset
                if let underline = run.style.underline {
                    // The font's position is the line's centre, y up from the baseline.
                    draw(underline, spans: underline.byWord ? words : [span], centre: baseline - face.underlinePosition * font.size,
                         thickness: face.underlineThickness * font.size, textColor: run.style.color, in: context)
                }
                if let strike = run.style.strikethrough {
                    draw(strike, spans: strike.byWord ? words : [span], centre: baseline - face.strikethroughPosition * font.size,
                         thickness: face.strikethroughThickness * font.size, textColor: run.style.color, in: context)
                }
            }
        }
    }

    private func draw(_ decoration: TextDecoration, spans: [ClosedRange<CGFloat>], centre: CGFloat, thickness: CGFloat,
                      textColor: CGColor, in context: CGContext) {
        // At least a hairline of a device pixel's width is what a reader can see at every scale (UIKit never draws
        // a line thinner than a pixel either).
        var t = Swift.max(thickness, 0.5)
        if decoration.isThick { t *= 2 }
        // Two lines each as thick as a single one, a line's width apart, centred where the single one would be.
        let centres = decoration.isDouble ? [centre - t, centre + t] : [centre]
        context.saveGState()
        defer { context.restoreGState() }
        let color = decoration.color ?? textColor
        let dashes: [CGFloat]
        switch decoration.pattern {
        case .solid: dashes = []
        case .dot: dashes = [t, 2 * t]
        case .dash: dashes = [4 * t, 2 * t]
        case .dashDot: dashes = [4 * t, 2 * t, t, 2 * t]
        case .dashDotDot: dashes = [4 * t, 2 * t, t, 2 * t, t, 2 * t]
        }
        for span in spans where span.upperBound > span.lowerBound {
            for y in centres {
                if dashes.isEmpty {
                    context.setFillColor(color)
                    context.fill(CGRect(x: span.lowerBound, y: y - t / 2, width: span.upperBound - span.lowerBound, height: t))
                } else {
                    context.setStrokeColor(color)
                    context.setLineWidth(t)
                    context.setLineDash(phase: 0, lengths: dashes)
                    context.strokeLineSegments(between: [CGPoint(x: span.lowerBound, y: y), CGPoint(x: span.upperBound, y: y)])
                }
            }
        }
    }

    /// Visits `line`'s runs with where each spans horizontally (user space) and, for by-word lines, the spans of its
    /// words (the run less its spaces): the same placement the glyphs get.
    private func forEachRunSpan(_ line: TextLine, origin: CGPoint, box: CGFloat,
                                _ body: (TextLine.Run, ClosedRange<CGFloat>, [ClosedRange<CGFloat>]) -> Void) {
        let (start, extraPerSpace) = placement(line, box: box)
        var x = origin.x + start
        for run in line.runs where !run.glyphs.isEmpty {
            let runStart = x
            var words: [ClosedRange<CGFloat>] = []
            var wordStart: CGFloat?
            let byWord = run.style.underline?.byWord == true || run.style.strikethrough?.byWord == true
            for g in run.glyphs {
                let space = g.advance > 0 && isSpaceGlyph(g, run)
                if byWord {
                    if space, let w = wordStart { words.append(w...x); wordStart = nil }
                    if !space, wordStart == nil { wordStart = x }
                }
                x += g.advance
                if extraPerSpace > 0, space { x += extraPerSpace }
            }
            if let w = wordStart { words.append(w...x) }
            body(run, runStart...x, words)
        }
    }
}
