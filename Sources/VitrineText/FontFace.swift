import CCairo
import CFreeType
import CHarfBuzz
@_spi(VitrineInternals) import CoreGraphics
import Foundation

/// One face of one font file: the FreeType face cairo rasterises from, the HarfBuzz font text is shaped
/// with, and the face's metrics. Faces are made once per file and kept for the life of the process (they
/// are few, and cairo and HarfBuzz keep pointers into them).
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The font file's path; empty for a face made from bytes in memory (a font the app registered from data).
    public let path: String
    public let index: Int
    public let familyName: String
    public let styleName: String
    public let postScriptName: String
    /// The full name ("DejaVu Sans Bold"): the font's own (its `name` table's entry 4), else family and style.
    public let fullName: String
    /// The OpenType weight class (100...900) and whether the face is italic or oblique.
    public let weight: Int
    public let isItalic: Bool
    /// Design units per em.
    public let unitsPerEm: CGFloat
    /// Ascender (positive, up), descender (negative, down) and line gap, in ems.
    public let ascender: CGFloat, descender: CGFloat, lineGap: CGFloat
    /// Cap height and x-height in ems (0 when the font does not say).
    public let capHeight: CGFloat, xHeight: CGFloat
    /// Where an underline goes (negative: below the baseline) and how thick it is, in ems (the font's `post` table).
    public let underlinePosition: CGFloat, underlineThickness: CGFloat
    /// Where a strikethrough goes (above the baseline) and how thick it is, in ems (the font's `OS/2` table).
    public let strikethroughPosition: CGFloat, strikethroughThickness: CGFloat

    /// Whether the face has colour glyphs (emoji): cairo draws those as colour images, not through coverage masks.
    public let hasColorGlyphs: Bool

    let ftFace: FT_Face
    let hbFont: OpaquePointer
    let cairoFace: OpaquePointer
    /// Which ASCII characters the face has, a bit each (low word: 0–63, high: 64–127), looked up once: text
    /// analysis asks for every character of every label.
    private let asciiCoverage: (low: UInt64, high: UInt64)

    /// A face of the font file at `path`.
    convenience init?(path: String, index: Int, library: FT_Library) {
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        guard let blob = hb_blob_create_from_file_or_fail(path) else { FT_Done_Face(face); return nil }
        self.init(face: face, blob: blob, path: path, index: index)
    }

    /// A face of a font file's bytes held in memory (a font the app registered from data). The bytes are copied
    /// and kept for the life of the face, which is the life of the process (FreeType and HarfBuzz read them).
    convenience init?(data: Data, index: Int, library: FT_Library) {
        guard !data.isEmpty else { return nil }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: bytes)
        let base = bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
        var face: FT_Face?
        guard FT_New_Memory_Face(library, base, FT_Long(data.count), FT_Long(index), &face) == 0, let face else {
            bytes.deallocate()
            return nil
        }
        let blob = hb_blob_create(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(data.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)!
        self.init(face: face, blob: blob, path: "", index: index)
    }

    /// Takes over `face` and `blob` (the same font's bytes, for FreeType and HarfBuzz).
    private init(face: FT_Face, blob: OpaquePointer, path: String, index: Int) {
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        let font = hb_font_create(hbFace)!
        let upem = hb_face_get_upem(hbFace)
        hb_face_destroy(hbFace)
        hb_font_set_scale(font, Int32(upem), Int32(upem))

        self.path = path
        self.index = index
        ftFace = face
        hbFont = font
        unitsPerEm = CGFloat(upem)
        hasColorGlyphs = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        let names = FontFileNames(face: face)
        familyName = names.familyName
        styleName = names.styleName
        postScriptName = names.postScriptName
        fullName = names.fullName
        weight = names.weight
        isItalic = names.isItalic
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        let em = CGFloat(upem)
        ascender = CGFloat(extents.ascender) / em
        descender = CGFloat(extents.descender) / em
        lineGap = CGFloat(extents.line_gap) / em
        var cap: hb_position_t = 0, x: hb_position_t = 0
        hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &cap)
        hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_X_HEIGHT, &x)
        capHeight = CGFloat(cap) / em
        xHeight = CGFloat(x) / em
        // Fonts without these tables get what most text faces have: a line a twentieth of an em thick, a tenth of an
        // em under the baseline, or through the middle of the lower case.
        func metric(_ tag: hb_ot_metrics_tag_t, _ fallback: CGFloat) -> CGFloat {
            var v: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &v) != 0 && v != 0 ? CGFloat(v) / em : fallback
        }
        underlineThickness = Swift.abs(metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE, 0.05))
        underlinePosition = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, -0.1)
        strikethroughThickness = Swift.abs(metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, 0.05))
        strikethroughPosition = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, (xHeight > 0 ? xHeight : 0.5) / 2)
        // Outlines unhinted (layout is resolution-independent, positions come from HarfBuzz); colour glyphs
        // (emoji) in colour.
        cairoFace = cairo_ft_font_face_create_for_ft_face(face, Int32(FT_LOAD_NO_HINTING | FT_LOAD_COLOR))
        var coverage: (low: UInt64, high: UInt64) = (0, 0)
        for c in UInt32(0)..<128 {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, c, &glyph) != 0 else { continue }
            if c < 64 { coverage.low |= 1 << UInt64(c) } else { coverage.high |= 1 << UInt64(c - 64) }
        }
        asciiCoverage = coverage
    }

    /// How many faces the face's file holds (a collection holds several).
    static func faceCount(of face: FontFace) -> Int { Int(face.ftFace.pointee.num_faces) }

    /// How many glyphs the face has.
    public var glyphCount: Int { Int(ftFace.pointee.num_glyphs) }

    /// Whether the face has a glyph for `scalar`.
    public func covers(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiCoverage.low & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiCoverage.high & (1 << UInt64(scalar - 64)) != 0 }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    public static func == (l: FontFace, r: FontFace) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
    public var description: String { "\(familyName) \(styleName) (\(path))" }
}
