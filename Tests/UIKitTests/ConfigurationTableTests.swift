// The Configuration article's tables are the one list of environment variables: every variable the sources read
// must be in them (a new one that is not fails here, with its name).
import Foundation
import Testing

@Suite struct ConfigurationTableTests {
    /// The repository's root, from this file's place in it.
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every match of `pattern`'s first group in the files under `folder` whose names end with one of `suffixes`.
    private func names(matching pattern: String, under folder: String, suffixes: [String]) throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: pattern)
        var found = Set<String>()
        let base = root.appendingPathComponent(folder)
        guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        for case let file as URL in files where suffixes.contains(where: file.path.hasSuffix) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for match in regex.matches(in: text, range: range) {
                if let r = Range(match.range(at: 1), in: text) { found.insert(String(text[r])) }
            }
        }
        return found
    }

    @Test func everyVariableTheSourcesReadIsInTheTable() throws {
        let article = try String(contentsOf: root.appendingPathComponent("Sources/UIKit/UIKit.docc/Configuration.md"), encoding: .utf8)
        // Read by name: a quoted `VITRINE_…` in Swift or C (include guards and ioctl names are not quoted).
        let read = try names(matching: #""(VITRINE_[A-Z0-9_]+)""#, under: "Sources", suffixes: [".swift", ".c", ".h"])
            .union(names(matching: #"(VBOARD_[A-Z0-9_]+)"#, under: "Tools", suffixes: [".py", ".sh"]))
        #expect(read.count > 25, "the sources were not found under \(root.path)")
        let missing = read.filter { !article.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "read by the sources but not in Configuration.md: \(missing)")
    }
}
