import Foundation
import VitrineText

/// The editable document behind Vitrine's text inputs (text fields, text views): attributed text, the selection
/// and the marked (composing) range in UTF-16 offsets, and the edits UIKit's text input protocols make — with
/// the boundaries editing moves by (graphemes, words, paragraphs; Unicode's rules through ICU). It knows nothing
/// of geometry; its owner lays the text out.
@MainActor
final class TextEditor {
    private(set) var storage = NSMutableAttributedString(string: "")
    /// The selection (a caret when empty).
    var selectedRange = NSRange(location: 0, length: 0)
    /// The text being composed, if any (shown underlined; replaced as composition goes on).
    private(set) var markedRange: NSRange?
    /// Attributes newly typed text takes.
    var typingAttributes: [NSAttributedString.Key: Any] = [:]
    /// Segment boundaries of the current text, found when first needed after a change.
    private var segmentCache: [TextBoundaryKind: [TextSegment]] = [:]

    var string: String { storage.string }
    var length: Int { storage.length }

    /// Replaces the whole text (selection to its end, composition ended).
    func setText(_ attributed: NSAttributedString) {
        storage = NSMutableAttributedString(attributedString: attributed)
        selectedRange = NSRange(location: storage.length, length: 0)
        markedRange = nil
        segmentCache = [:]
    }

    /// `range` clamped to the text.
    func clamp(_ range: NSRange) -> NSRange {
        let start = max(0, min(range.location, length))
        let end = max(start, min(range.location + max(0, range.length), length))
        return NSRange(location: start, length: end - start)
    }

    /// Replaces `range` with `text` in the typing attributes; the caret goes after it and composition ends.
    func replace(_ range: NSRange, with text: String) {
        let r = clamp(range)
        storage.replaceCharacters(in: r, with: NSAttributedString(string: text, attributes: typingAttributes))
        selectedRange = NSRange(location: r.location + (text as NSString).length, length: 0)
        markedRange = nil
        segmentCache = [:]
    }

    /// Sets or replaces the marked text (in place of the marked range, else of the selection), selecting
    /// `selectedRange` within it; nil or empty ends composition with the marked text removed.
    func setMarkedText(_ text: String?, selectedRange inner: NSRange) {
        let target = clamp(markedRange ?? selectedRange)
        let t = text ?? ""
        storage.replaceCharacters(in: target, with: NSAttributedString(string: t, attributes: typingAttributes))
        segmentCache = [:]
        let length = (t as NSString).length
        markedRange = length > 0 ? NSRange(location: target.location, length: length) : nil
        let sel = NSRange(location: min(max(0, inner.location), length), length: min(max(0, inner.length), max(0, length - inner.location)))
        selectedRange = NSRange(location: target.location + sel.location, length: sel.length)
    }

    /// Ends composition, keeping the marked text; the caret goes after it.
    func unmark() {
        guard let m = markedRange else { return }
        markedRange = nil
        selectedRange = NSRange(location: m.location + m.length, length: 0)
    }

    /// The range `deleteBackward` removes: the selection, or the grapheme before the caret.
    func rangeToDeleteBackward() -> NSRange? {
        if selectedRange.length > 0 { return selectedRange }
        guard selectedRange.location > 0 else { return nil }
        let start = boundary(before: selectedRange.location, .grapheme)
        return NSRange(location: start, length: selectedRange.location - start)
    }

    /// The range a forward delete removes: the selection, or the grapheme after the caret.
    func rangeToDeleteForward() -> NSRange? {
        if selectedRange.length > 0 { return selectedRange }
        guard selectedRange.location < length else { return nil }
        let end = boundary(after: selectedRange.location, .grapheme)
        return NSRange(location: selectedRange.location, length: end - selectedRange.location)
    }

    // MARK: Boundaries

    func segments(_ kind: TextBoundaryKind) -> [TextSegment] {
        if let cached = segmentCache[kind] { return cached }
        let found = textSegments(string, kind)
        segmentCache[kind] = found
        return found
    }

    /// The nearest boundary of `kind` before `offset` (0 at the start). Words: the start of the word before.
    func boundary(before offset: Int, _ kind: TextBoundaryKind) -> Int {
        let segs = kind == .word ? segments(.word).filter(\.isWord) : segments(kind)
        return segs.last { $0.range.lowerBound < offset }?.range.lowerBound ?? 0
    }

    /// The nearest boundary of `kind` after `offset` (the end at the end). Words: the end of the word after.
    func boundary(after offset: Int, _ kind: TextBoundaryKind) -> Int {
        let segs = kind == .word ? segments(.word).filter(\.isWord) : segments(kind)
        return segs.first { $0.range.upperBound > offset }?.range.upperBound ?? length
    }

    /// The word at `offset` (a word the offset is in or at the end of), else the space or punctuation there.
    func wordRange(at offset: Int) -> NSRange {
        let segs = segments(.word)
        let hit = segs.first { $0.isWord && $0.range.lowerBound <= offset && offset <= $0.range.upperBound }
            ?? segs.first { $0.range.contains(offset) } ?? segs.last
        guard let r = hit?.range else { return NSRange(location: offset, length: 0) }
        return NSRange(location: r.lowerBound, length: r.count)
    }

    /// The paragraph holding `offset`, without its newline.
    func paragraphRange(at offset: Int) -> NSRange {
        let s = string as NSString
        var r = s.paragraphRange(for: NSRange(location: min(offset, s.length), length: 0))
        while r.length > 0, let last = s.substring(with: NSRange(location: r.location + r.length - 1, length: 1)).unicodeScalars.first,
              last == "\n" || last == "\r" || last == "\u{2029}" {
            r.length -= 1
        }
        return r
    }

    /// A caret position snapped to the nearer end of the word it falls in (as a tap puts it on iOS).
    func snappedToWordEdge(_ offset: Int) -> Int {
        guard let word = segments(.word).first(where: { $0.isWord && $0.range.lowerBound < offset && offset < $0.range.upperBound })
        else { return offset }
        return offset - word.range.lowerBound <= word.range.upperBound - offset ? word.range.lowerBound : word.range.upperBound
    }

    /// The offset one grapheme from `offset` forward or back (clamped).
    func grapheme(from offset: Int, forward: Bool) -> Int {
        forward ? (offset >= length ? length : boundary(after: offset, .grapheme)) : (offset <= 0 ? 0 : boundary(before: offset, .grapheme))
    }
}

extension String {
    /// The scalar offset of UTF-16 offset `utf16` (the text engine counts scalars).
    func scalarOffset(utf16 offset: Int) -> Int {
        var units = 0, scalars = 0
        for s in unicodeScalars {
            if units >= offset { break }
            units += s.utf16.count
            scalars += 1
        }
        return scalars
    }

    /// The UTF-16 offset of scalar offset `scalar`.
    func utf16Offset(scalar offset: Int) -> Int {
        var units = 0, scalars = 0
        for s in unicodeScalars {
            if scalars >= offset { break }
            units += s.utf16.count
            scalars += 1
        }
        return units
    }
}
