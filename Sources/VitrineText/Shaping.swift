import CFriBidi
import CHarfBuzz
import CoreGraphics
import Foundation

/// One shaped glyph, positions in points.
struct ShapedGlyph {
    var glyph: UInt32
    /// Index of the first scalar of the glyph's cluster, in the whole text.
    var cluster: Int
    var advance: CGFloat
    var offsetX: CGFloat
    var offsetY: CGFloat
}

extension ShapedGlyph {
    /// `g` in points (`scale`: points per font unit), its cluster counted from `base`.
    init(_ g: FontUnitGlyph, base: Int, scale: CGFloat) {
        self.init(glyph: g.glyph, cluster: base + Int(g.cluster), advance: CGFloat(g.advance) * scale,
                  offsetX: CGFloat(g.offsetX) * scale, offsetY: CGFloat(g.offsetY) * scale)
    }
}

/// A maximal stretch of one paragraph with the same bidi level, script, style and face, shaped.
struct ShapedItem {
    var range: Range<Int>
    var level: UInt8
    var styleIndex: Int
    var face: FontFace
    /// In visual order (HarfBuzz reverses right-to-left runs).
    var glyphs: [ShapedGlyph]
}

/// The text as scalars, with the style of each, and the work done per paragraph: bidi levels, font
/// fallback, itemisation and shaping.
struct TextAnalysis {
    let scalars: [UInt32]
    let styleOfScalar: [Int]
    let styles: [TextStyle]
    /// Paragraph ranges (the separators are not inside them).
    var paragraphs: [Range<Int>] = []
    var levels: [UInt8]
    var baseIsRTL: [Bool] = []
    var items: [ShapedItem] = []
    /// Advance of each scalar: its cluster's glyphs (plus kerning) on the cluster's first scalar, 0 elsewhere.
    var advance: [CGFloat]
    var isClusterStart: [Bool]

    init(_ text: StyledText) {
        var scalars: [UInt32] = []
        var styleOf: [Int] = []
        let capacity = text.string.utf16.count
        scalars.reserveCapacity(capacity)
        styleOf.reserveCapacity(capacity)
        var utf16 = 0
        var runIndex = 0
        let runs = text.runs.count > 1 ? text.runs.sorted { $0.range.lowerBound < $1.range.lowerBound } : text.runs
        for s in text.string.unicodeScalars {
            while runIndex + 1 < runs.count && runs[runIndex + 1].range.lowerBound <= utf16 { runIndex += 1 }
            scalars.append(s.value)
            styleOf.append(runIndex)
            utf16 += s.utf16.count
        }
        self.scalars = scalars
        styleOfScalar = styleOf
        styles = runs.map(\.style)
        levels = [UInt8](repeating: 0, count: scalars.count)
        advance = [CGFloat](repeating: 0, count: scalars.count)
        isClusterStart = [Bool](repeating: true, count: scalars.count)

        var start = 0
        for (i, c) in scalars.enumerated() where Self.isParagraphSeparator(c) {
            paragraphs.append(start..<i)
            start = i + 1
        }
        paragraphs.append(start..<scalars.count)
        for p in paragraphs { analyse(p) }
    }

    static func isParagraphSeparator(_ c: UInt32) -> Bool { c == 0x0A || c == 0x0D || c == 0x2029 || c == 0x2028 }
    static func isASCIILetter(_ c: UInt32) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    static func isSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0xA0 || c == 0x3000 || (0x2000...0x200A).contains(c) }

    private mutating func analyse(_ p: Range<Int>) {
        if analyseASCII(p) { return }
        // Bidi levels (FriBidi, the Unicode Bidirectional Algorithm), base direction from the first strong letter.
        var rtl = false
        if !p.isEmpty {
            let len = Int32(p.count)
            var chars = Array(scalars[p])
            var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: p.count)
            var brackets = [FriBidiBracketType](repeating: 0, count: p.count)
            var lv = [FriBidiLevel](repeating: 0, count: p.count)
            var base = FRIBIDI_PAR_ON
            fribidi_get_bidi_types(&chars, len, &types)
            fribidi_get_bracket_types(&chars, len, &types, &brackets)
            if fribidi_get_par_embedding_levels_ex(&types, &brackets, len, &base, &lv) > 0 {
                for i in 0..<p.count { levels[p.lowerBound + i] = UInt8(bitPattern: lv[i]) }
                rtl = base == FRIBIDI_PAR_RTL
            }
        }
        baseIsRTL.append(rtl)
        guard !p.isEmpty else { return }

        // Faces with fallback, and scripts.
        let funcs = hb_unicode_funcs_get_default()
        var faces: [FontFace] = []
        var scripts: [hb_script_t] = []
        faces.reserveCapacity(p.count); scripts.reserveCapacity(p.count)
        for i in p {
            let c = scalars[i]
            let primary = styles[styleOfScalar[i]].font.face
            let previous = faces.last
            let category = hb_unicode_general_category(funcs, c)
            let joinsPrevious = category == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
                || category == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
                || c == 0x200D || (0xFE00...0xFE0F).contains(c) || (0x1F3FB...0x1F3FF).contains(c) || c == 0x20E3
                || (0xE0020...0xE007F).contains(c)
            let script = hb_unicode_script(funcs, c)
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
            // Marks, joiners, variation selectors and emoji modifiers stay with the character they attach to.
            // Other neutral characters (spaces, punctuation, digits) use the style's own font when it has them:
            // an emoji or CJK font's space is far wider than the text's.
            let face: FontFace
            if let previous, joinsPrevious {
                face = previous
            } else if neutral, !primary.covers(c), let previous, previous.covers(c) {
                face = previous
            } else {
                face = Self.face(for: c, primary: primary)
            }
            faces.append(face)
            scripts.append(neutral ? (scripts.last ?? script) : script)
        }
        // Leading neutrals take the script of the first real one.
        if let firstReal = scripts.first(where: { $0 != HB_SCRIPT_COMMON && $0 != HB_SCRIPT_INHERITED }) {
            for k in scripts.indices { if scripts[k] == HB_SCRIPT_COMMON || scripts[k] == HB_SCRIPT_INHERITED { scripts[k] = firstReal } else { break } }
        }

        // Items: maximal runs of equal level, script, style and face.
        var itemStart = p.lowerBound
        for i in p.lowerBound...p.upperBound {
            let k = i - p.lowerBound
            let boundary = i == p.upperBound || (i > itemStart && (levels[i] != levels[i - 1]
                || scripts[k] != scripts[k - 1] || styleOfScalar[i] != styleOfScalar[i - 1] || faces[k] !== faces[k - 1]))
            guard boundary, i > itemStart else { continue }
            let face = faces[itemStart - p.lowerBound]
            shape(itemStart..<i, context: p, face: face, script: scripts[itemStart - p.lowerBound])
            itemStart = i
        }
    }

    /// The same analysis for a paragraph of ASCII its styles' fonts all cover, without the general machinery:
    /// the bidi algorithm puts every ASCII character of a paragraph without strong right-to-left letters at
    /// level 0 (digits follow the left-to-right start, W7), every character keeps its style's font, and the
    /// script is Latin when there is a letter (neutrals take their neighbours'), else Common. Returns false for
    /// any other paragraph.
    private mutating func analyseASCII(_ p: Range<Int>) -> Bool {
        var hasLetter = false
        for i in p {
            let c = scalars[i]
            guard c < 0x80, styles[styleOfScalar[i]].font.face.covers(c) else { return false }
            if Self.isASCIILetter(c) { hasLetter = true }
        }
        baseIsRTL.append(false)
        guard !p.isEmpty else { return true }
        let script = hasLetter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
        var itemStart = p.lowerBound
        for i in p.lowerBound + 1...p.upperBound where i == p.upperBound || styleOfScalar[i] != styleOfScalar[i - 1] {
            let face = styles[styleOfScalar[itemStart]].font.face
            // Neighbouring styles with the same face and level still make separate items, as in `analyse`.
            shape(itemStart..<i, context: p, face: face, script: script, ascii: true)
            itemStart = i
        }
        return true
    }

    static func face(for c: UInt32, primary: FontFace) -> FontFace {
        if primary.covers(c) { return primary }
        let catalog = FontCatalog.shared
        for f in catalog.fallbacks where f.covers(c) { return f }
        return catalog.anyFace(covering: c) ?? primary
    }

    private mutating func shape(_ range: Range<Int>, context: Range<Int>, face: FontFace, script: hb_script_t, ascii: Bool = false) {
        let style = styles[styleOfScalar[range.lowerBound]]
        let level = levels[range.lowerBound]
        let kerning = style.kern != 0
        let scale = style.font.size / face.unitsPerEm
        /// Font-unit glyphs whose clusters count from `base`, in points.
        func scaled(_ raw: [FontUnitGlyph], base: Int) -> [ShapedGlyph] { raw.map { ShapedGlyph($0, base: base, scale: scale) } }
        // Left-to-right Latin ASCII: from shaped words (see WordShapeCache), when the face shapes words as lines.
        if ascii, level == 0, script == HB_SCRIPT_LATIN,
           let words = WordShapeCache.shared.shape(scalars[range], face: face, kerning: kerning) {
            return finish(scaled(words, base: range.lowerBound), range: range, style: style, level: level, face: face)
        }
        // The whole paragraph goes in as context, so joining and kerning see the neighbours.
        let raw = scalars[context].withUnsafeBufferPointer { paragraph in
            shapeWithHarfBuzz(paragraph, item: (range.lowerBound - context.lowerBound)..<(range.upperBound - context.lowerBound),
                              face: face, rightToLeft: level % 2 == 1, script: script, kerning: kerning)
        }
        finish(scaled(raw, base: context.lowerBound), range: range, style: style, level: level, face: face)
    }

    /// Records an item's shaped glyphs: cluster starts, per-scalar advances, letter spacing.
    private mutating func finish(_ shaped: [ShapedGlyph], range: Range<Int>, style: TextStyle, level: UInt8, face: FontFace) {
        var glyphs = shaped
        // Cluster starts and per-scalar advances.
        for i in range { isClusterStart[i] = false; advance[i] = 0 }
        for g in glyphs { isClusterStart[g.cluster] = true; advance[g.cluster] += g.advance }
        if let kern = style.kern, kern != 0 {
            // Extra space after each character: on the last glyph (visually trailing) of each cluster.
            var seen = Set<Int>()
            let ordered = level % 2 == 1 ? Array(glyphs.indices) : Array(glyphs.indices.reversed())
            for gi in ordered where !seen.contains(glyphs[gi].cluster) {
                seen.insert(glyphs[gi].cluster)
                glyphs[gi].advance += kern
                advance[glyphs[gi].cluster] += kern
            }
        }
        items.append(ShapedItem(range: range, level: level, styleIndex: styleOfScalar[range.lowerBound], face: face, glyphs: glyphs))
    }
}

/// One glyph as HarfBuzz places it: positions in font units (the HarfBuzz fonts' scale is the em), its cluster
/// counted from the start of the text given to HarfBuzz.
struct FontUnitGlyph: Equatable {
    var glyph: UInt32
    var cluster: Int32
    var advance: Int32
    var offsetX: Int32
    var offsetY: Int32
}

/// Shapes the `item` part of `text` with HarfBuzz; the rest of `text` is context (joining, kerning).
func shapeWithHarfBuzz(_ text: UnsafeBufferPointer<UInt32>, item: Range<Int>, face: FontFace, rightToLeft: Bool,
                       script: hb_script_t, kerning: Bool) -> [FontUnitGlyph] {
    guard let buffer = hb_buffer_create() else { return [] }
    defer { hb_buffer_destroy(buffer) }
    hb_buffer_add_codepoints(buffer, text.baseAddress!, Int32(text.count), UInt32(item.lowerBound), Int32(item.count))
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, script)
    hb_buffer_set_language(buffer, hb_language_get_default())
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
    var features: [hb_feature_t] = []
    if !kerning {
        var f = hb_feature_t()
        if hb_feature_from_string("-kern", -1, &f) != 0 { features.append(f) }
    }
    hb_shape(face.hbFont, buffer, features, UInt32(features.count))
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)!
    let positions = hb_buffer_get_glyph_positions(buffer, &count)!
    return (0..<Int(count)).map { g in
        FontUnitGlyph(glyph: infos[g].codepoint, cluster: Int32(infos[g].cluster), advance: positions[g].x_advance,
                      offsetX: positions[g].x_offset, offsetY: positions[g].y_offset)
    }
}
