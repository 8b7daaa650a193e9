import CoreGraphics
import Foundation
import VitrineText

/// A position in Vitrine's text inputs: a UTF-16 offset into the text (as UIKit's `NSRange`s count).
@MainActor
final class IndexedPosition: UITextPosition {
    let offset: Int
    init(_ offset: Int) {
        self.offset = offset
        super.init()
    }
    override var description: String { "<IndexedPosition \(offset)>" }
}

/// A range in Vitrine's text inputs, in UTF-16 offsets.
@MainActor
final class IndexedRange: UITextRange {
    let range: NSRange
    init(_ range: NSRange) {
        self.range = range
        super.init()
    }
    convenience init(_ a: Int, _ b: Int) { self.init(NSRange(location: min(a, b), length: abs(b - a))) }
    override var isEmpty: Bool { range.length == 0 }
    override var start: UITextPosition { IndexedPosition(range.location) }
    override var end: UITextPosition { IndexedPosition(range.location + range.length) }
    override var description: String { "<IndexedRange \(range.location), \(range.length)>" }
}

/// The parts of `UITextInput` that need only the document (no geometry), shared by the text views: their `open`
/// methods call these.
extension TextEditor {
    func text(in range: UITextRange) -> String? {
        guard let r = range as? IndexedRange else { return nil }
        return (string as NSString).substring(with: clamp(r.range))
    }

    func textRange(from a: UITextPosition, to b: UITextPosition) -> UITextRange? {
        guard let a = a as? IndexedPosition, let b = b as? IndexedPosition else { return nil }
        return IndexedRange(a.offset, b.offset)
    }

    /// `offset` UTF-16 units from `position`; nil beyond the document.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        guard let p = position as? IndexedPosition else { return nil }
        let o = p.offset + offset
        return o < 0 || o > length ? nil : IndexedPosition(o)
    }

    static func compare(_ a: UITextPosition, _ b: UITextPosition) -> ComparisonResult {
        let x = (a as? IndexedPosition)?.offset ?? 0, y = (b as? IndexedPosition)?.offset ?? 0
        return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
    }

    static func offset(from a: UITextPosition, to b: UITextPosition) -> Int {
        ((b as? IndexedPosition)?.offset ?? 0) - ((a as? IndexedPosition)?.offset ?? 0)
    }

    static func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        guard let r = range as? IndexedRange else { return nil }
        return direction == .left || direction == .up ? r.start : r.end
    }

    /// The grapheme next to `position` in `direction`.
    func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        guard let p = position as? IndexedPosition else { return nil }
        return IndexedRange(p.offset, grapheme(from: p.offset, forward: !(direction == .left || direction == .up)))
    }

    /// `point`'s closest offset (`closest`) kept inside `range`.
    static func position(_ closest: UITextPosition?, within range: UITextRange) -> UITextPosition? {
        guard let r = range as? IndexedRange, let p = closest as? IndexedPosition else { return nil }
        return IndexedPosition(min(max(p.offset, r.range.location), r.range.location + r.range.length))
    }
}

/// A selection rectangle of Vitrine's text inputs.
@MainActor
final class IndexedSelectionRect: UITextSelectionRect {
    private let r: CGRect
    private let starts: Bool, ends: Bool
    init(_ rect: CGRect, containsStart: Bool, containsEnd: Bool) {
        r = rect; starts = containsStart; ends = containsEnd
        super.init()
    }
    override var rect: CGRect { r }
    override var containsStart: Bool { starts }
    override var containsEnd: Bool { ends }
}

/// Finds characters, words, sentences, lines and paragraphs around positions of any `UITextInput`, from its text
/// (UIKit's `UITextInputStringTokenizer`): grapheme, word and sentence boundaries by Unicode's rules (ICU), lines
/// and paragraphs at newlines.
@preconcurrency @MainActor
open class UITextInputStringTokenizer: NSObject, UITextInputTokenizer {
    private weak var input: (UIResponder & UITextInput)?

    public init(textInput: UIResponder & UITextInput) {
        input = textInput
        super.init()
    }

    /// The whole text and an offset for `position`.
    private func textAndOffset(_ position: UITextPosition) -> (String, Int)? {
        guard let input, let all = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument),
              let text = input.text(in: all) else { return nil }
        return (text, input.offset(from: input.beginningOfDocument, to: position))
    }

    private func position(_ offset: Int) -> UITextPosition? {
        guard let input else { return nil }
        return input.position(from: input.beginningOfDocument, offset: offset)
    }

    /// The units of `granularity` in `text`, as ranges (words: only the word segments).
    static func units(_ text: String, _ granularity: UITextGranularity) -> [Range<Int>] {
        switch granularity {
        case .character: return textSegments(text, .grapheme).map(\.range)
        case .word: return textSegments(text, .word).filter(\.isWord).map(\.range)
        case .sentence: return textSegments(text, .sentence).map(\.range)
        case .line, .paragraph:
            // Paragraphs: between newlines (the newline ends its paragraph).
            var result: [Range<Int>] = []
            var start = 0, i = 0
            for unit in text.utf16 {
                i += 1
                if unit == 0x0A || unit == 0x2029 { result.append(start..<i); start = i }
            }
            if start < i || result.isEmpty { result.append(start..<i) }
            return result
        case .document: return [0..<text.utf16.count]
        }
    }

    private static func isForward(_ d: UITextDirection) -> Bool {
        d == .storage(.forward) || d == .layout(.right) || d == .layout(.down)
    }

    open func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity,
                                     inDirection direction: UITextDirection) -> UITextRange? {
        guard let (text, offset) = textAndOffset(position), let input else { return nil }
        let forward = Self.isForward(direction)
        // The unit holding the offset; at a boundary, the one on the side the direction points to.
        guard let unit = Self.units(text, granularity).first(where: { forward ? $0.contains(offset) : ($0.lowerBound < offset && offset <= $0.upperBound) })
        else { return nil }
        guard let a = self.position(unit.lowerBound), let b = self.position(unit.upperBound) else { return nil }
        return input.textRange(from: a, to: b)
    }

    open func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool {
        guard let (text, offset) = textAndOffset(position) else { return false }
        let forward = Self.isForward(direction)
        return Self.units(text, granularity).contains { forward ? $0.upperBound == offset : $0.lowerBound == offset }
    }

    open func position(from position: UITextPosition, toBoundary granularity: UITextGranularity,
                       inDirection direction: UITextDirection) -> UITextPosition? {
        guard let (text, offset) = textAndOffset(position) else { return nil }
        let units = Self.units(text, granularity)
        if Self.isForward(direction) {
            // The next unit end after the offset.
            guard let end = units.map(\.upperBound).first(where: { $0 > offset }) else { return nil }
            return self.position(end)
        } else {
            guard let start = units.map(\.lowerBound).last(where: { $0 < offset }) else { return nil }
            return self.position(start)
        }
    }

    open func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool {
        guard let (text, offset) = textAndOffset(position) else { return false }
        let forward = Self.isForward(direction)
        return Self.units(text, granularity).contains { forward ? $0.contains(offset) : ($0.lowerBound < offset && offset <= $0.upperBound) }
    }
}
