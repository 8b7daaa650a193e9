// Core Text's font manager: how iOS apps make the fonts they bundle or download available to `UIFont(name:size:)`.
// Fonts are registered for the process (Vitrine keeps no per-user font store: `.persistent`/`.user` scopes also
// register for the process only, and say so in the porting notes, "Porting an iOS app").
@_spi(VitrineInternals) import CoreGraphics
import Foundation
import VitrineText

/// Where a registration applies (Core Text's values).
public struct CTFontManagerScope: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let none = CTFontManagerScope(rawValue: 0)
    public static let process = CTFontManagerScope(rawValue: 1)
    public static let persistent = CTFontManagerScope(rawValue: 2)
    public static let session = CTFontManagerScope(rawValue: 3)
    public static let user = CTFontManagerScope(rawValue: 2)
}

/// The error domain of font manager errors.
public let kCTFontManagerErrorDomain = "com.apple.CoreText.CTFontManagerErrorDomain"

/// Font manager error codes (Core Text's values).
public enum CTFontManagerError: Int, Sendable {
    case fileNotFound = 101
    case insufficientPermissions = 102
    case unrecognizedFormat = 103
    case invalidFontData = 104
    case alreadyRegistered = 105
    case exceededResourceLimit = 106
    case notRegistered = 201
    case inUse = 202
    case systemRequired = 203
}

/// Registers `font` for this process, so `UIFont(name:size:)` finds it by its PostScript, full or family name.
/// Returns `false`, with an error in `error` (retained, as Core Foundation's create rule has it: take it with
/// `takeRetainedValue()`), when a font of the same PostScript name is registered already.
@discardableResult
public func CTFontManagerRegisterGraphicsFont(_ font: CGFont, _ errorOut: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    do {
        try FontCatalog.shared.register(data: font.data, allFaces: false)
        return true
    } catch .invalidFontData {
        return fail(.invalidFontData, "The font data could not be read.", errorOut)
    } catch {
        return fail(.alreadyRegistered, "A font named \(font.names.postScriptName) is already registered.", errorOut)
    }
}

/// Registers every face of the font file at `fontURL` (TrueType, OpenType, a collection). Returns `false`, with an
/// error in `error`, when the file is missing or unreadable, is not a font, or one of its faces is registered already.
@discardableResult
public func CTFontManagerRegisterFontsForURL(_ fontURL: CFURL, _ scope: CTFontManagerScope,
                                             _ errorOut: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let url = fontURL as URL
    do {
        try FontCatalog.shared.register(fileAt: url)
        return true
    } catch .fileNotFound {
        return fail(.fileNotFound, "The file \(url.path) could not be read.", errorOut)
    } catch .invalidFontData {
        return fail(.invalidFontData, "The file \(url.path) is not a font.", errorOut)
    } catch {
        return fail(.alreadyRegistered, "The fonts of \(url.path) are already registered.", errorOut)
    }
}

/// Reports `code` through `errorOut` (when given) and returns `false`.
private func fail(_ code: CTFontManagerError, _ message: String, _ errorOut: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> Bool {
    let nsError = NSError(domain: kCTFontManagerErrorDomain, code: code.rawValue,
                          userInfo: [NSLocalizedDescriptionKey: message])
    errorOut?.pointee = Unmanaged.passRetained(nsError)
    return false
}
