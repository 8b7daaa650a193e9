import CCairo
import CFreeType
import CHarfBuzz
import CoreGraphics
import Foundation

/// One face of one font file: the FreeType face cairo rasterises from, the HarfBuzz font text is shaped
/// with, and the face's metrics. Faces are made once per file and kept for the life of the process (they
/// are few, and cairo and HarfBuzz keep pointers into them).
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let index: Int
    public let familyName: String
    public let styleName: String
    public let postScriptName: String
    /// Design units per em.
    public let unitsPerEm: CGFloat
    /// Ascender (positive, up), descender (negative, down) and line gap, in ems.
    public let ascender: CGFloat, descender: CGFloat, lineGap: CGFloat
    /// Cap height and x-height in ems (0 when the font does not say).
    public let capHeight: CGFloat, xHeight: CGFloat

    /// Whether the face has colour glyphs (emoji): cairo draws those as colour images, not through coverage masks.
    public let hasColorGlyphs: Bool

    let ftFace: FT_Face
    let hbFont: OpaquePointer
    let cairoFace: OpaquePointer
    /// Which ASCII characters the face has, a bit each (low word: 0–63, high: 64–127), looked up once: text
    /// analysis asks for every character of every label.
    private let asciiCoverage: (low: UInt64, high: UInt64)

    init?(path: String, index: Int, library: FT_Library) {
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        guard let blob = hb_blob_create_from_file_or_fail(path) else { FT_Done_Face(face); return nil }
        let hbFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let font = hb_font_create(hbFace) else { hb_face_destroy(hbFace); FT_Done_Face(face); return nil }
        let upem = hb_face_get_upem(hbFace)
        hb_face_destroy(hbFace)
        hb_font_set_scale(font, Int32(upem), Int32(upem))

        self.path = path
        self.index = index
        ftFace = face
        hbFont = font
        unitsPerEm = CGFloat(upem)
        hasColorGlyphs = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? familyName
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
