import CFreeType
import Foundation

/// The names and style of one face of a font file, read from FreeType: what `CGFont` reports and what
/// `UIFont(name:size:)` matches registered fonts by. (Shared with VitrineText's faces.)
@_spi(VitrineInternals)
public struct FontFileNames: Sendable, Equatable {
    public var familyName: String
    public var styleName: String
    public var postScriptName: String
    /// The full name ("DejaVu Sans Bold"): the font's own (its `name` table's entry 4), else family and style.
    public var fullName: String
    /// The OpenType weight class (100...900).
    public var weight: Int
    public var isItalic: Bool

    public init(face: FT_Face) {
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        styleName = face.pointee.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? familyName
        fullName = Self.nameRecord(4, of: face) ?? (styleName.isEmpty ? familyName : "\(familyName) \(styleName)")
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self), os2.pointee.version != 0xFFFF {
            weight = Int(os2.pointee.usWeightClass)
        } else {
            weight = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
        }
        isItalic = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
    }

    /// The `name` table's record `id`, from a Unicode or Windows Unicode record (UTF-16BE) or a Macintosh Roman one
    /// (read as Latin-1, which agrees for the ASCII names fonts use).
    private static func nameRecord(_ id: UInt16, of face: FT_Face) -> String? {
        var fallback: String?
        for i in 0..<FT_Get_Sfnt_Name_Count(face) {
            var record = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, i, &record) == 0, record.name_id == id, let bytes = record.string else { continue }
            let raw = Data(bytes: bytes, count: Int(record.string_len))
            if record.platform_id == 3 || record.platform_id == 0 {
                if let name = String(data: raw, encoding: .utf16BigEndian), !name.isEmpty { return name }
            } else if record.platform_id == 1, fallback == nil {
                fallback = String(data: raw, encoding: .isoLatin1)
            }
        }
        return fallback
    }
}
