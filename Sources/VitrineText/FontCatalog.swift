import CFontconfig
import CFreeType
import CoreGraphics
import Foundation

/// Font weights on the 100...900 scale CSS and fontconfig's names follow (UIKit's `UIFont.Weight` maps onto it).
public typealias FontWeightValue = Int

/// Finds installed fonts through fontconfig and keeps their faces.
///
/// Vitrine's text is meant to look the same on every machine of a board, so the faces it prefers are named,
/// not left to whatever fontconfig ranks first:
/// - the system font is **Noto Sans** (Debian package `fonts-noto-core`), monospaced text **DejaVu Sans Mono**
///   (`fonts-dejavu-core`);
/// - characters the font lacks come from, in order: Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans
///   Devanagari, Noto Sans Thai (all `fonts-noto-core`), Droid Sans Fallback (CJK, `fonts-droid-fallback`),
///   Noto Color Emoji (`fonts-noto-color-emoji`), DejaVu Sans; then any installed font that has the character.
/// `Tools/setup.sh` installs these packages.
public final class FontCatalog: @unchecked Sendable {
    public static let shared = FontCatalog()

    public static let systemFamily = "Noto Sans"
    public static let monospacedFamily = "DejaVu Sans Mono"
    public static let fallbackFamilies = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari",
                                          "Noto Sans Thai", "Droid Sans Fallback", "Noto Color Emoji", "DejaVu Sans"]

    private let lock = NSLock()
    private var library: FT_Library?
    private let config: OpaquePointer?
    private var faces: [String: FontFace] = [:]
    private var matches: [String: FontFace?] = [:]
    private var coverage: [UInt32: FontFace?] = [:]
    private var fallbackChain: [FontFace]?
    /// Faces the app registered (`CTFontManagerRegisterGraphicsFont`, `…RegisterFontsForURL`), found before the
    /// installed ones, as iOS finds an app's bundled fonts.
    private var registered: [FontFace] = []

    private init() {
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0 { library = lib }
        config = FcInitLoadConfigAndFonts()
    }

    /// The face of `family` closest to `weight` (100...900) and `italic`; `nil` if no installed font has that
    /// family (or PostScript or full) name.
    public func face(family: String, weight: FontWeightValue = 400, italic: Bool = false) -> FontFace? {
        let key = "\(family.lowercased())|\(weight)|\(italic)"
        lock.lock(); defer { lock.unlock() }
        if let cached = matches[key] { return cached }
        let found = registeredLocked(name: family, weight: weight, italic: italic)
            ?? matchLocked(family: family, weight: weight, italic: italic)
        matches[key] = found
        return found
    }

    /// Whether any font can be drawn with: one the app registered, or any installed one fontconfig finds. Without
    /// one, `UIApplicationMain` refuses to launch (status 72, with a message) rather than stopping at the first text.
    public var hasAnyFont: Bool {
        lock.lock()
        let registeredAny = !registered.isEmpty
        lock.unlock()
        return registeredAny || !fallbacks.isEmpty || anyFace(covering: 0x41) != nil
    }

    /// The fallback faces, in order (see the type's documentation).
    public var fallbacks: [FontFace] {
        lock.lock()
        if let chain = fallbackChain { lock.unlock(); return chain }
        lock.unlock()
        let chain = Self.fallbackFamilies.compactMap { face(family: $0) }
        lock.lock(); fallbackChain = chain; lock.unlock()
        return chain
    }

    /// Any installed face that has `scalar`, for characters none of the preferred faces has.
    public func anyFace(covering scalar: UInt32) -> FontFace? {
        lock.lock(); defer { lock.unlock() }
        if let cached = coverage[scalar] { return cached }
        var found: FontFace?
        if let config, let pattern = FcPatternCreate(), let charset = FcCharSetCreate() {
            FcCharSetAddChar(charset, scalar)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            if let set = FcFontSort(config, pattern, FcFalse, nil, &result) {
                let count = Int(set.pointee.nfont)
                for i in 0..<count {
                    guard let font = set.pointee.fonts[i], let (path, index) = fileOf(font),
                          let face = faceLocked(path: path, index: index), face.covers(scalar) else { continue }
                    found = face
                    break
                }
                FcFontSetDestroy(set)
            }
            FcCharSetDestroy(charset)
            FcPatternDestroy(pattern)
        }
        coverage[scalar] = found
        return found
    }

    // MARK: Fonts the app registers

    /// Why a font could not be registered (Core Text's `CTFontManagerError` cases that apply).
    public enum RegistrationError: Error, Equatable {
        /// The file does not exist or cannot be read.
        case fileNotFound
        /// The bytes are not a font FreeType can read.
        case invalidFontData
        /// A face with the same PostScript name is registered already.
        case alreadyRegistered
    }

    /// Registers the faces of the font file `url` for this process (every face of a collection).
    @discardableResult
    public func register(fileAt url: URL) throws(RegistrationError) -> [FontFace] {
        guard let data = try? Data(contentsOf: url) else { throw .fileNotFound }
        return try register(data: data)
    }

    /// Registers the faces in a font file's bytes (TrueType, OpenType or a collection) for this process: every face,
    /// or only the first (a `CGFont` is the first face of its bytes). None is registered if one of them has the
    /// PostScript name of a face registered already.
    @discardableResult
    public func register(data: Data, allFaces: Bool = true) throws(RegistrationError) -> [FontFace] {
        lock.lock(); defer { lock.unlock() }
        guard let library, let first = FontFace(data: data, index: 0, library: library) else { throw .invalidFontData }
        var faces = [first]
        if allFaces {
            for index in 1..<max(FontFace.faceCount(of: first), 1) {
                if let face = FontFace(data: data, index: index, library: library) { faces.append(face) }
            }
        }
        if faces.contains(where: { face in registered.contains { $0.postScriptName == face.postScriptName } }) {
            throw .alreadyRegistered
        }
        registered.append(contentsOf: faces)
        // Names looked up before may now find a registered face.
        matches.removeAll()
        return faces
    }

    // MARK: Internals (the lock is held)

    /// A registered face named `name`, compared without case as iOS compares font names: by PostScript name or full
    /// name (that face exactly), else by family (the face nearest `weight` and `italic`).
    private func registeredLocked(name: String, weight: FontWeightValue, italic: Bool) -> FontFace? {
        guard !registered.isEmpty else { return nil }
        func same(_ a: String) -> Bool { a.caseInsensitiveCompare(name) == .orderedSame }
        if let exact = registered.first(where: { same($0.postScriptName) || same($0.fullName) }) { return exact }
        return registered.filter { same($0.familyName) }.min { a, b in
            let da = abs(a.weight - weight) + (a.isItalic == italic ? 0 : 1000)
            let db = abs(b.weight - weight) + (b.isItalic == italic ? 0 : 1000)
            return da < db
        }
    }

    private func matchLocked(family: String, weight: FontWeightValue, italic: Bool) -> FontFace? {
        guard let config, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, Int32(FcWeightFromOpenType(Int32(weight))))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        // fontconfig always answers with something; accept it only if one of its names is the one asked for.
        let wanted = family.lowercased()
        let names = [FC_FAMILY, FC_POSTSCRIPT_NAME, FC_FULLNAME].flatMap { allStrings(match, $0) }
        if names.contains(where: { $0.lowercased() == wanted }), let (path, index) = fileOf(match) {
            return faceLocked(path: path, index: index)
        }
        // Not a family: a PostScript name ("DejaVuSans-Bold") or a full name ("DejaVu Sans Bold")?
        for object in [FC_POSTSCRIPT_NAME, FC_FULLNAME] {
            guard let query = FcPatternCreate() else { continue }
            defer { FcPatternDestroy(query) }
            FcPatternAddString(query, object, family)
            guard let set = FcFontList(config, query, nil) else { continue }
            defer { FcFontSetDestroy(set) }
            if set.pointee.nfont > 0, let font = set.pointee.fonts[0], let (path, index) = fileOf(font) {
                return faceLocked(path: path, index: index)
            }
        }
        return nil
    }

    private func faceLocked(path: String, index: Int) -> FontFace? {
        let key = "\(path)#\(index)"
        if let face = faces[key] { return face }
        guard let library, let face = FontFace(path: path, index: index, library: library) else { return nil }
        faces[key] = face
        return face
    }

    private func fileOf(_ pattern: OpaquePointer) -> (String, Int)? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }

    private func allStrings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let v = value {
            out.append(String(cString: v))
            n += 1
        }
        return out
    }
}
