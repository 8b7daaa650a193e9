import CTextBoundaries
import Foundation

/// What a text is divided into, for moving and selecting through it.
public enum TextBoundaryKind: Int32, Sendable {
    /// User-perceived characters (a letter and its accents, an emoji sequence).
    case grapheme = 0
    /// Words and what lies between them (spaces, punctuation); scripts written without spaces by dictionary.
    case word = 1
    /// Where a line may break.
    case line = 2
    case sentence = 3
}

/// One piece of a text between two boundaries, in UTF-16 offsets (as `NSString` and UIKit's text input count).
public struct TextSegment: Equatable, Sendable {
    public var range: Range<Int>
    /// For word segments: whether it is a word (letters, numbers, ideographs) rather than spaces or punctuation.
    public var isWord: Bool
}

/// The segments of `text` of `kind` (Unicode's segmentation rules, through ICU): they cover it in order.
public func textSegments(_ text: String, _ kind: TextBoundaryKind, locale: String = "") -> [TextSegment] {
    let units = Array(text.utf16)
    guard !units.isEmpty else { return [] }
    var capacity = units.count + 1
    while true {
        var boundaries = [Int32](repeating: 0, count: capacity)
        var isWord = [UInt8](repeating: 0, count: capacity)
        let count = units.withUnsafeBufferPointer { u in
            vitrine_text_boundaries(Int32(kind.rawValue), u.baseAddress, Int32(u.count), locale, &boundaries, &isWord, Int32(capacity))
        }
        if count < 0 {
            // ICU could not: one segment per grapheme, as Swift counts them, words as runs of letters and digits.
            return fallbackSegments(text, kind)
        }
        if count > capacity { capacity = Int(count); continue }
        var segments: [TextSegment] = []
        segments.reserveCapacity(Int(count))
        for i in 0..<Int(count) - 1 {
            segments.append(TextSegment(range: Int(boundaries[i])..<Int(boundaries[i + 1]), isWord: isWord[i] != 0))
        }
        return segments
    }
}

/// Segments without ICU (its data missing): graphemes as Swift's characters; words as runs of letters and digits.
private func fallbackSegments(_ text: String, _ kind: TextBoundaryKind) -> [TextSegment] {
    var segments: [TextSegment] = []
    var offset = 0
    var current: (start: Int, word: Bool)?
    for ch in text {
        let length = ch.utf16.count
        let word = ch.isLetter || ch.isNumber
        if kind == .grapheme {
            segments.append(TextSegment(range: offset..<offset + length, isWord: false))
        } else if let c = current, c.word == word, word || kind != .word {
            // (continues)
        } else {
            if let c = current { segments.append(TextSegment(range: c.start..<offset, isWord: c.word)) }
            current = (offset, word)
        }
        offset += length
    }
    if let c = current { segments.append(TextSegment(range: c.start..<offset, isWord: c.word)) }
    return segments
}
