import CoreGraphics
import Foundation

/// Where carets go and which character a point is on, for editing: in scalar offsets of the laid-out text and the
/// coordinates `draw(in:at:alignmentWidth:)` uses (the layout's top-left at the origin), bidi-aware — a caret
/// before a character of a right-to-left run stands at the character's right edge.
extension TextLayout {
    /// A glyph cluster as placed on its line: the first scalar it shows, its left and right edges.
    struct PlacedCluster {
        var start: Int
        var left: CGFloat
        var right: CGFloat
        var isRTL: Bool
    }

    /// Where `line` starts for an alignment width `box` (as drawing places it; justified lines as left-aligned).
    public func lineOrigin(_ line: Int, alignmentWidth: CGFloat? = nil) -> CGFloat {
        let l = lines[line]
        let box = alignmentWidth ?? width ?? size.width
        var alignment = paragraph.alignment
        if alignment == .natural { alignment = l.isRTLParagraph ? .right : .left }
        switch alignment {
        case .center: return (box - l.width) / 2
        case .right: return box - l.width
        case .justified: return l.isRTLParagraph ? box - l.width : 0
        default: return 0
        }
    }

    /// The line's clusters in logical order (by first scalar), with their edges from the line's origin.
    func placedClusters(_ line: TextLine) -> [PlacedCluster] {
        var clusters: [PlacedCluster] = []
        var x: CGFloat = 0
        for run in line.runs {
            for g in run.glyphs {
                defer { x += g.advance }
                guard g.cluster >= 0 else { continue } // an ellipsis
                if let i = clusters.lastIndex(where: { $0.start == g.cluster }) {
                    // Another glyph of the same cluster (a mark, a split vowel): the cluster widens.
                    clusters[i].left = min(clusters[i].left, x)
                    clusters[i].right = max(clusters[i].right, x + g.advance)
                } else {
                    clusters.append(PlacedCluster(start: g.cluster, left: x, right: x + g.advance, isRTL: run.isRTL))
                }
            }
        }
        clusters.sort { $0.start < $1.start }
        return clusters
    }

    /// The line a caret at scalar offset `index` is on: the line whose text holds it (at a wrap, the later line),
    /// the last line for the end of the text.
    public func lineIndex(forScalar index: Int) -> Int {
        guard !lines.isEmpty else { return 0 }
        for (i, line) in lines.enumerated() where index < line.range.upperBound || (index == line.range.upperBound && line.isLastOfParagraph) {
            return i
        }
        return lines.count - 1
    }

    /// The caret's x for scalar offset `index` on `line` (from the layout's left edge, aligned in `alignmentWidth`).
    public func caretX(forScalar index: Int, line lineIndex: Int, alignmentWidth: CGFloat? = nil) -> CGFloat {
        guard lines.indices.contains(lineIndex) else { return 0 }
        let line = lines[lineIndex]
        let origin = lineOrigin(lineIndex, alignmentWidth: alignmentWidth)
        let clusters = placedClusters(line)
        guard let first = clusters.first else {
            // An empty line: where its text would start.
            return line.isRTLParagraph ? origin + line.width : origin
        }
        // The cluster the offset falls in (the last starting at or before it).
        guard let k = clusters.lastIndex(where: { $0.start <= index }) else {
            return origin + (first.isRTL ? first.right : first.left)
        }
        let c = clusters[k]
        let nextStart = k + 1 < clusters.count ? clusters[k + 1].start : inkEnd(line, after: c.start)
        if index == c.start { return origin + (c.isRTL ? c.right : c.left) }
        if index < nextStart {
            // Inside a cluster of several scalars (a ligature): a share of its width.
            let f = CGFloat(index - c.start) / CGFloat(max(1, nextStart - c.start))
            return origin + (c.isRTL ? c.right - f * (c.right - c.left) : c.left + f * (c.right - c.left))
        }
        // Past the last cluster: after it, and after the hanging spaces in the paragraph's direction.
        let spaces = min(index, line.range.upperBound) - nextStart
        let hanging = line.hangingCount > 0 ? line.hangingAdvance * CGFloat(spaces) / CGFloat(line.hangingCount) : 0
        return origin + (line.isRTLParagraph ? c.left - hanging : c.right + hanging)
    }

    /// Where the line's shown text ends: before its hanging spaces (at least after the last cluster's start).
    private func inkEnd(_ line: TextLine, after start: Int) -> Int {
        max(start + 1, line.range.upperBound - line.hangingCount)
    }

    /// The scalar offset nearest `point` (layout coordinates): the line at its height, then the cluster edge
    /// nearest it across.
    public func scalarIndex(closestTo point: CGPoint, alignmentWidth: CGFloat? = nil) -> Int {
        guard !lines.isEmpty else { return 0 }
        var lineIndex = lines.count - 1
        for (i, line) in lines.enumerated() where point.y < line.top + line.height {
            lineIndex = i
            break
        }
        let line = lines[lineIndex]
        let x = point.x - lineOrigin(lineIndex, alignmentWidth: alignmentWidth)
        let clusters = placedClusters(line)
        guard !clusters.isEmpty else { return line.range.lowerBound }
        // The last line of a paragraph ends after its hanging spaces; a wrapped line before the next line's text.
        var best = line.range.lowerBound, bestDistance = CGFloat.infinity
        for (k, c) in clusters.enumerated() {
            let nextStart = k + 1 < clusters.count ? clusters[k + 1].start : inkEnd(line, after: c.start)
            let before = c.isRTL ? c.right : c.left, after = c.isRTL ? c.left : c.right
            for (edge, offset) in [(before, c.start), (after, nextStart)] where abs(edge - x) < bestDistance {
                bestDistance = abs(edge - x)
                best = offset
            }
        }
        // Past the ink into the hanging spaces of the line's end.
        let last = clusters.max { $0.right < $1.right }!
        if !line.isRTLParagraph, x > last.right, line.hangingCount > 0 {
            let step = line.hangingAdvance / CGFloat(line.hangingCount)
            let extra = min(line.hangingCount, Int(((x - last.right) / step).rounded()))
            if extra > 0 { best = line.range.upperBound - line.hangingCount + extra }
        }
        if !line.isLastOfParagraph, best >= line.range.upperBound, line.range.upperBound > line.range.lowerBound {
            // At a wrap the caret stays on this line: before the last character rather than at the next line's start.
            best = min(best, line.range.upperBound)
        }
        return best
    }
}
