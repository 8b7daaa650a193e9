import Foundation

/// What Cut and Copy put and Paste takes (UIKit's `UIPasteboard`). The general pasteboard holds text and URLs; it is
/// shared by the processes of one user through a file in `XDG_RUNTIME_DIR` (`vitrine-pasteboard`) when there is
/// one, else kept in the process. Named pasteboards (`withUniqueName()`, `init(name:create:)`) live in the process.
@preconcurrency @MainActor
open class UIPasteboard: NSObject {
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let general = Name(rawValue: "com.apple.UIKit.pboard.general")
    }

    nonisolated public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
    nonisolated public static let removedNotification = Notification.Name("UIPasteboardRemovedNotification")

    /// The pasteboard Cut, Copy and Paste use.
    public static var general: UIPasteboard {
        if let p = named[Name.general] { return p }
        let p = UIPasteboard(name: .general, file: sharedFile)
        named[Name.general] = p
        return p
    }
    private static var named: [Name: UIPasteboard] = [:]

    /// `$XDG_RUNTIME_DIR/vitrine-pasteboard`, when the directory is there.
    private static var sharedFile: URL? {
        guard let dir = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !dir.isEmpty,
              FileManager.default.fileExists(atPath: dir) else { return nil }
        return URL(fileURLWithPath: dir).appendingPathComponent("vitrine-pasteboard")
    }

    /// A named pasteboard, made if `create` (nil when it does not exist and may not be made).
    public convenience init?(name pasteboardName: Name, create: Bool) {
        if let existing = Self.named[pasteboardName] {
            self.init(name: pasteboardName, file: nil)
            items = existing.items
            return
        }
        guard create else { return nil }
        self.init(name: pasteboardName, file: nil)
        Self.named[pasteboardName] = self
    }

    /// A new pasteboard with a name of its own.
    public static func withUniqueName() -> UIPasteboard {
        let p = UIPasteboard(name: Name(rawValue: UUID().uuidString), file: nil)
        named[p.name] = p
        return p
    }

    public static func remove(withName pasteboardName: Name) {
        guard named.removeValue(forKey: pasteboardName) != nil else { return }
        NotificationCenter.default.post(name: removedNotification, object: nil)
    }

    public let name: Name
    private let file: URL?
    /// The items, each a dictionary of type identifier to value ("public.utf8-plain-text": String, "public.url": URL).
    private var stored: [[String: Any]] = []
    /// The shared file's state when last read or written.
    private var fileStamp: Date?
    /// Counts the changes (another process's included).
    open private(set) var changeCount = 0

    private init(name: Name, file: URL?) {
        self.name = name
        self.file = file
        super.init()
    }

    static let textType = "public.utf8-plain-text"
    static let urlType = "public.url"

    /// The items, by type identifier.
    open var items: [[String: Any]] {
        get { syncFromFile(); return stored }
        set { stored = newValue; changed() }
    }
    open var numberOfItems: Int { items.count }

    open var string: String? {
        get { strings?.first }
        set { strings = newValue.map { [$0] } }
    }
    open var strings: [String]? {
        get {
            let found = items.compactMap { $0[Self.textType] as? String }
            return found.isEmpty ? nil : found
        }
        set { items = (newValue ?? []).map { [Self.textType: $0] } }
    }
    open var url: URL? {
        get { urls?.first }
        set { urls = newValue.map { [$0] } }
    }
    open var urls: [URL]? {
        get {
            let found = items.compactMap { $0[Self.urlType] as? URL ?? ($0[Self.textType] as? String).flatMap { s in URL(string: s).flatMap { $0.scheme != nil ? $0 : nil } } }
            return found.isEmpty ? nil : found
        }
        set { items = (newValue ?? []).map { [Self.urlType: $0, Self.textType: $0.absoluteString] } }
    }
    open var hasStrings: Bool { strings != nil }
    open var hasURLs: Bool { urls != nil }

    /// Sets the items from values by type identifier.
    open func setItems(_ items: [[String: Any]], options: [String: Any] = [:]) { self.items = items }
    open func addItems(_ items: [[String: Any]]) { self.items = self.items + items }

    private func changed() {
        changeCount += 1
        writeFile()
        NotificationCenter.default.post(name: Self.changedNotification, object: self)
    }

    // MARK: The shared file (one user's processes): its text, a NUL between items

    private func writeFile() {
        guard let file else { return }
        let text = stored.compactMap { ($0[Self.textType] as? String) ?? ($0[Self.urlType] as? URL)?.absoluteString }.joined(separator: "\u{0}")
        do {
            try Data(text.utf8).write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            fileStamp = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date
        } catch {
            // The pasteboard still works in the process.
            VitrineLog.logger("vitrine.pasteboard").error("could not write \(file.path): \(error)")
        }
    }

    private func syncFromFile() {
        guard let file, let stamp = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date,
              stamp != fileStamp, let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8) else { return }
        fileStamp = stamp
        stored = text.isEmpty ? [] : text.split(separator: "\u{0}", omittingEmptySubsequences: false).map { [Self.textType: String($0)] }
        changeCount += 1
    }
}
