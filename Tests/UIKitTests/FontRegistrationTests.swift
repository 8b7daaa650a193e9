// Fonts an app registers, as iOS apps load the fonts they bundle: `CGDataProvider` from `Data`/`NSData`/`CFData`,
// `CGFont(_:)`, `CTFontManagerRegisterGraphicsFont` and `CTFontManagerRegisterFontsForURL`, then `UIFont(name:size:)`
// by PostScript, full or family name, without regard to case. Written as iOS tests are (XCTest, `import UIKit`).
import UIKit
import XCTest

/// A copy of an installed font (DejaVu Sans) under new names, so that nothing installed answers to them: the only
/// way `UIFont(name:size:)` can find it is through registration. The font's `name` table is replaced by one
/// holding the family, subfamily ("Regular"), full and PostScript names (Windows Unicode records); the glyphs are
/// DejaVu Sans's, so text measures as DejaVu Sans does.
func renamedFontData(family: String, postScriptName: String) -> Data {
    let source = UIFont(name: "DejaVu Sans", size: 12)!
    XCTAssertEqual(source.familyName, "DejaVu Sans", "fonts-dejavu-core is installed by Tools/setup.sh")
    var font = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
    func u16(_ at: Int) -> Int { Int(font[at]) << 8 | Int(font[at + 1]) }
    func put32(_ value: Int, at: Int) { for i in 0..<4 { font[at + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) } }
    func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    // The new name table: format 0, records sorted by (platform, encoding, language, name ID).
    let names: [(Int, String)] = [(1, family), (2, "Regular"), (4, "\(family) Regular"), (6, postScriptName)]
    var storage: [UInt8] = []
    var records: [UInt8] = []
    for (id, name) in names {
        let utf16 = name.utf16.flatMap { be16(Int($0)) }
        records += be16(3) + be16(1) + be16(0x409) + be16(id) + be16(utf16.count) + be16(storage.count)
        storage += utf16
    }
    let table = be16(0) + be16(names.count) + be16(6 + records.count) + records + storage

    // Point the table directory's `name` entry at the new table, appended (4-byte aligned) to the file.
    while font.count % 4 != 0 { font.append(0) }
    let offset = font.count
    font += table
    for i in 0..<u16(4) {
        let entry = 12 + 16 * i
        if font[entry..<entry + 4].elementsEqual(Array("name".utf8)) {
            put32(offset, at: entry + 8)
            put32(table.count, at: entry + 12)
        }
    }
    return Data(font)
}

final class FontRegistrationTests: XCTestCase {
    @MainActor func testAFontRegisteredFromDataIsFoundByItsNamesWithoutRegardToCase() async {
        let data = renamedFontData(family: "Vitrine Data Sans", postScriptName: "VitrineDataSans-Regular")
        XCTAssertNil(UIFont(name: "VitrineDataSans-Regular", size: 17), "nothing installed has that name")

        let provider = CGDataProvider(data: NSData(data: data) as CFData)!
        let font = CGFont(provider)!
        XCTAssertEqual(font.postScriptName as String?, "VitrineDataSans-Regular")
        XCTAssertEqual(font.fullName as String?, "Vitrine Data Sans Regular")
        XCTAssertEqual(font.unitsPerEm, 2048)
        XCTAssertGreaterThan(font.numberOfGlyphs, 1000)

        var error: Unmanaged<CFError>?
        XCTAssertTrue(CTFontManagerRegisterGraphicsFont(font, &error))
        XCTAssertNil(error)

        let byPostScriptName = UIFont(name: "VitrineDataSans-Regular", size: 17)
        XCTAssertEqual(byPostScriptName?.fontName, "VitrineDataSans-Regular")
        XCTAssertEqual(byPostScriptName?.familyName, "Vitrine Data Sans")
        XCTAssertEqual(UIFont(name: "vitrinedatasans-regular", size: 17)?.fontName, "VitrineDataSans-Regular")
        XCTAssertEqual(UIFont(name: "VITRINE DATA SANS REGULAR", size: 17)?.fontName, "VitrineDataSans-Regular")
        XCTAssertEqual(UIFont(name: "vitrine data sans", size: 17)?.fontName, "VitrineDataSans-Regular")

        // Text is set in the registered face: it measures as DejaVu Sans (its glyphs), not as the system font.
        let text = "Registered fonts" as NSString
        let registered = text.size(withAttributes: [.font: byPostScriptName!])
        let dejaVu = text.size(withAttributes: [.font: UIFont(name: "DejaVu Sans", size: 17)!])
        let system = text.size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)])
        XCTAssertEqual(registered.width, dejaVu.width, accuracy: 0.01)
        XCTAssertNotEqual(registered.width, system.width, accuracy: 0.5)

        // Twice is an error, as Core Text reports it; the first registration stays.
        XCTAssertFalse(CTFontManagerRegisterGraphicsFont(font, &error))
        let nsError = error?.takeRetainedValue()
        XCTAssertEqual(nsError?.domain, kCTFontManagerErrorDomain)
        XCTAssertEqual(nsError?.code, CTFontManagerError.alreadyRegistered.rawValue)
        XCTAssertNotNil(UIFont(name: "VitrineDataSans-Regular", size: 17))
    }

    @MainActor func testFontsRegisteredFromAFileURL() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-url-sans-\(UUID().uuidString).ttf")
        try renamedFontData(family: "Vitrine URL Sans", postScriptName: "VitrineURLSans").write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertNil(UIFont(name: "VitrineURLSans", size: 12))
        XCTAssertTrue(CTFontManagerRegisterFontsForURL(url as CFURL, .process, nil))
        XCTAssertEqual(UIFont(name: "vitrineurlsans", size: 12)?.familyName, "Vitrine URL Sans")
        XCTAssertEqual(UIFont(name: "VitrineURLSans", size: 30)?.pointSize, 30)

        var error: Unmanaged<CFError>?
        XCTAssertFalse(CTFontManagerRegisterFontsForURL(url as CFURL, .process, &error))
        XCTAssertEqual(error?.takeRetainedValue().code, CTFontManagerError.alreadyRegistered.rawValue)
    }

    @MainActor func testBadFontsAreRefusedWithAClearError() async throws {
        XCTAssertNil(CGFont(CGDataProvider(data: Data("not a font".utf8))!))
        XCTAssertNil(CGFont(CGDataProvider(data: Data(repeating: 0, count: 4096))!))

        var error: Unmanaged<CFError>?
        let missing = URL(fileURLWithPath: "/nonexistent/font.ttf")
        XCTAssertFalse(CTFontManagerRegisterFontsForURL(missing as CFURL, .process, &error))
        XCTAssertEqual(error?.takeRetainedValue().code, CTFontManagerError.fileNotFound.rawValue)

        let garbage = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-garbage-\(UUID().uuidString).ttf")
        try Data("definitely not a font".utf8).write(to: garbage)
        defer { try? FileManager.default.removeItem(at: garbage) }
        XCTAssertFalse(CTFontManagerRegisterFontsForURL(garbage as CFURL, .process, &error))
        let refused = error?.takeRetainedValue()
        XCTAssertEqual(refused?.code, CTFontManagerError.invalidFontData.rawValue)
        XCTAssertTrue(refused?.localizedDescription.contains("not a font") == true)
    }

    @MainActor func testInstalledFontsAreFoundByPostScriptAndFullNameWithoutRegardToCase() async {
        XCTAssertEqual(UIFont(name: "DejaVuSans-Bold", size: 12)?.fontName, "DejaVuSans-Bold")
        XCTAssertEqual(UIFont(name: "dejavusans-bold", size: 12)?.fontName, "DejaVuSans-Bold")
        XCTAssertEqual(UIFont(name: "dejavu sans bold", size: 12)?.fontName, "DejaVuSans-Bold")
        XCTAssertEqual(UIFont(name: "DEJAVU SANS", size: 12)?.familyName, "DejaVu Sans")
        XCTAssertNil(UIFont(name: "No Such Font Anywhere", size: 12))
    }
}
