import CFreeType
import Foundation

/// Core Foundation's names for Foundation's classes, as Core Graphics and Core Text APIs spell their parameters
/// (`CGDataProvider(data: data as CFData)`, `url as CFURL`, `Unmanaged<CFError>`): on Linux there is no Core
/// Foundation to bridge to, so they are the Foundation classes themselves.
public typealias CFData = NSData
public typealias CFString = NSString
public typealias CFURL = NSURL
public typealias CFError = NSError
/// Any Core Foundation object (`CATextLayer.font` takes a font, a font's name or a `CGFont` as one).
public typealias CFTypeRef = AnyObject

extension CGDataProvider {
    /// A provider of `data` (Core Graphics' `CGDataProvider(data: CFData)`).
    public convenience init?(data: NSData) {
        self.init(data: Data(referencing: data))
    }
}

/// A font file's face, as Core Graphics holds it: made from a data provider, then registered with
/// `CTFontManagerRegisterGraphicsFont(_:_:)` so that `UIFont(name:size:)` finds it (how iOS apps load fonts they
/// bundle or download).
public final class CGFont: @unchecked Sendable, Hashable {
    /// The font file's bytes.
    @_spi(VitrineInternals) public let data: Data
    /// The face's names and style.
    @_spi(VitrineInternals) public let names: FontFileNames

    /// The font's PostScript name ("DejaVuSans-Bold").
    public var postScriptName: CFString? { names.postScriptName as NSString }
    /// The font's full name ("DejaVu Sans Bold").
    public var fullName: CFString? { names.fullName as NSString }
    /// How many glyphs the font has.
    public let numberOfGlyphs: Int
    /// Design units per em.
    public let unitsPerEm: Int32
    /// Ascent and descent (negative) in design units; cap and x heights (0 when the font does not say).
    public let ascent: Int32, descent: Int32, capHeight: Int32, xHeight: Int32
    /// The italic angle in degrees, counter-clockwise from vertical (negative for fonts that lean right).
    public let italicAngle: CGFloat

    /// The first face of the font file `provider` holds; `nil` if its bytes are not a font FreeType can read
    /// (TrueType, OpenType, collections, Type 1, WOFF).
    public init?(_ provider: CGDataProvider) {
        guard let bytes = provider.data, !bytes.isEmpty else { return nil }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        // FreeType reads the bytes in place: keep them in a buffer of our own while the face is open.
        var parsed: (FontFileNames, Int, Int32, Int32, Int32, Int32, Int32, CGFloat)?
        bytes.withUnsafeBytes { raw in
            var face: FT_Face?
            guard FT_New_Memory_Face(library, raw.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(raw.count), 0,
                                     &face) == 0, let face else { return }
            defer { FT_Done_Face(face) }
            let f = face.pointee
            var cap: Int32 = 0, x: Int32 = 0, angle: CGFloat = 0
            if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self), os2.pointee.version >= 2,
               os2.pointee.version != 0xFFFF {
                cap = Int32(os2.pointee.sCapHeight)
                x = Int32(os2.pointee.sxHeight)
            }
            if let post = FT_Get_Sfnt_Table(face, FT_SFNT_POST)?.assumingMemoryBound(to: TT_Postscript.self) {
                angle = CGFloat(post.pointee.italicAngle) / 65536
            }
            parsed = (FontFileNames(face: face), Int(f.num_glyphs), Int32(f.units_per_EM), Int32(f.ascender),
                      Int32(f.descender), cap, x, angle)
        }
        guard let parsed else { return nil }
        data = bytes
        (names, numberOfGlyphs, unitsPerEm, ascent, descent, capHeight, xHeight, italicAngle) = parsed
    }

    public static func == (l: CGFont, r: CGFont) -> Bool { l === r }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}
