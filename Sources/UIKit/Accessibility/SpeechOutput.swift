import Foundation

/// One thing the screen reader said.
struct ScreenReaderUtterance: Equatable, Sendable {
    /// The words.
    var text: String
    /// The language they were spoken in (BCP 47).
    var language: String
    /// When, on the application's clock (seconds).
    var time: TimeInterval
}

/// Where the screen reader's speech goes: a synthesizer, a log, or both.
@MainActor
protocol SpeechOutput: AnyObject {
    /// Says `text` in `language`; `interrupting` cuts off what is being said (a focus move), otherwise it waits its
    /// turn (an announcement).
    func speak(_ text: String, language: String, interrupting: Bool, time: TimeInterval)
    /// Stops speaking (a two-finger tap).
    func stop()
}

/// The test mode's speech: each utterance appended to a log file as a line of JSON (`text`, `language`, `time`),
/// and kept in memory.
@MainActor
final class UtteranceLog: SpeechOutput {
    private(set) var utterances: [ScreenReaderUtterance] = []
    private let file: FileHandle?

    /// A log kept in memory, and written to `path` when given (the file is created or emptied).
    init(path: String?) {
        if let path, FileManager.default.createFile(atPath: path, contents: nil) {
            file = FileHandle(forWritingAtPath: path)
        } else {
            if let path { ScreenReader.log.error("screen reader: cannot write the utterance log at \(path)") }
            file = nil
        }
    }

    func speak(_ text: String, language: String, interrupting: Bool, time: TimeInterval) {
        let utterance = ScreenReaderUtterance(text: text, language: language, time: time)
        utterances.append(utterance)
        guard let file else { return }
        let line: [String: Any] = ["text": text, "language": language, "time": (time * 1000).rounded() / 1000]
        if var data = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
            data.append(0x0A)
            file.write(data)
        }
    }

    func stop() {}
}
