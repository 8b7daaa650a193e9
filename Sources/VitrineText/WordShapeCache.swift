import CHarfBuzz
import Foundation

/// Shaped words, for left-to-right ASCII text: "Button 17 value 42" shapes "Button", "17", "value" once and
/// only "42" anew. Positions are in font units (the HarfBuzz fonts' scale is the em), so one entry serves every
/// size.
///
/// Shaping words apart gives the same glyphs and positions as shaping the line only when the font has no
/// lookups across a space (kerning with the space, ligatures or contextual forms spanning words). That is
/// checked per face, once, on a probe of letter pairs and punctuation around spaces: a face whose probe shapes
/// differently never uses the cache.
final class WordShapeCache: @unchecked Sendable {
    static let shared = WordShapeCache()

    /// One glyph of a shaped word: its cluster as an offset into the word, positions in font units.
    typealias Glyph = FontUnitGlyph

    /// A word of up to 16 ASCII characters packed into two integers (no array to allocate per lookup).
    private struct Key: Hashable {
        var face: ObjectIdentifier
        var kerning: Bool
        var length: Int
        var low: UInt64
        var high: UInt64

        init?(_ word: UnsafeBufferPointer<UInt32>, face: ObjectIdentifier, kerning: Bool) {
            guard word.count <= 16 else { return nil }
            self.face = face; self.kerning = kerning; length = word.count
            low = 0; high = 0
            for (i, c) in word.enumerated() {
                if i < 8 { low |= UInt64(c & 0x7F) << (8 * UInt64(i)) } else { high |= UInt64(c & 0x7F) << (8 * UInt64(i - 8)) }
            }
        }
    }

    private let lock = NSLock()
    // (Used under `lock` only: no run-time exclusivity checks on every word.)
    @exclusivity(unchecked) private var words: [Key: [Glyph]] = [:]
    private struct FaceSetting: Hashable { var face: ObjectIdentifier; var kerning: Bool }
    /// What is learnt once per face and kerning setting.
    private struct FaceFacts {
        /// Whether words shape as they do in a line (else the cache is not used for the face).
        var wordsShapeAlone: Bool
        /// The ten digits' glyphs when numbers shape digit by digit, else empty. A number that changes every frame
        /// (a counter, a reading, a clock) is then never shaped at all, nor kept.
        var digits: [Glyph]
        /// The glyph of a lone space (the space between words: no lookup for it).
        var space: Glyph?
    }
    @exclusivity(unchecked) private var facts: [FaceSetting: FaceFacts] = [:]
    /// The facts asked for last (a screen of labels is mostly one face): no hashing for it.
    @exclusivity(unchecked) private var lastFacts: (setting: FaceSetting, facts: FaceFacts)?

    private static let probe = Array("The quick brown fox jumps over the lazy dog. AV To Ty Yo Wa P. L' \"Fi\" fi ffl (x) -- x, 1/2 $5 50% a@b #1 & * A V T Y W L F P r y v w k , . ; : ! ?".unicodeScalars.map(\.value))

    /// The shaped glyphs of `text` (ASCII, left to right) in `face`, built from cached words, or `nil` when the
    /// face does not shape words independently. `kerning`: the font's kerning is on.
    func shape(_ text: ArraySlice<UInt32>, face: FontFace, kerning: Bool) -> [Glyph]? {
        var out: [Glyph] = []
        out.reserveCapacity(text.count)
        let shaped = text.withUnsafeBufferPointer { forEachGlyph(of: $0, face: face, kerning: kerning) { out.append($0) } }
        return shaped ? out : nil
    }

    /// Hands `body` the shaped glyphs of `text` (ASCII, left to right) in `face`, in order, built from cached words
    /// (no list of them is made); `false` (and no glyphs) when the face does not shape words independently.
    func forEachGlyph(of text: UnsafeBufferPointer<UInt32>, face: FontFace, kerning: Bool, _ body: (Glyph) -> Void) -> Bool {
        let setting = FaceSetting(face: ObjectIdentifier(face), kerning: kerning)
        lock.lock()
        defer { lock.unlock() }
        let known = facts(setting, face: face)
        guard known.wordsShapeAlone else { return false }
        let digitGlyphs = known.digits
        Self.forEachWord(text) { span in
            let word = UnsafeBufferPointer(rebasing: text[span])
            if word.count == 1, word[0] == 0x20, var space = known.space {
                space.cluster = Int32(span.lowerBound)
                body(space)
                return
            }
            if !digitGlyphs.isEmpty, word.allSatisfy({ $0 &- 0x30 < 10 }) {
                for (i, c) in word.enumerated() {
                    var g = digitGlyphs[Int(c - 0x30)]
                    g.cluster = Int32(span.lowerBound + i)
                    body(g)
                }
                return
            }
            let glyphs: [Glyph]
            if let key = Key(word, face: setting.face, kerning: kerning) {
                if let hit = words[key] {
                    glyphs = hit
                } else {
                    glyphs = Self.shapeAlone(word, face: face, kerning: kerning)
                    if words.count >= 4096 { words.removeAll(keepingCapacity: true) }
                    words[key] = glyphs
                }
            } else {
                glyphs = Self.shapeAlone(word, face: face, kerning: kerning) // a long word: not worth keeping
            }
            let offset = Int32(span.lowerBound)
            for var g in glyphs { g.cluster += offset; body(g) }
        }
        return true
    }

    /// The facts about `setting`'s face, learnt on first use (under `lock`).
    private func facts(_ setting: FaceSetting, face: FontFace) -> FaceFacts {
        if let last = lastFacts, last.setting == setting { return last.facts }
        let known: FaceFacts
        if let f = facts[setting] {
            known = f
        } else {
            let alone = Self.wordsShapeAsLines(face: face, kerning: setting.kerning)
            known = FaceFacts(wordsShapeAlone: alone,
                              digits: alone ? Self.digitsShapeAlone(face: face, kerning: setting.kerning) : [],
                              space: Self.singleGlyph(0x20, face: face, kerning: setting.kerning))
            facts[setting] = known
        }
        lastFacts = (setting, known)
        return known
    }

    /// Calls `body` with each word of `text` (a run without spaces) and each space, in order.
    private static func forEachWord<Text: RandomAccessCollection<UInt32>>(_ text: Text, _ body: (Range<Int>) -> Void)
    where Text.Index == Int {
        var start = text.startIndex
        while start < text.endIndex {
            var end = start + 1
            if text[start] != 0x20 { while end < text.endIndex && text[end] != 0x20 { end += 1 } }
            body(start..<end)
            start = end
        }
    }

    /// Shapes `text` by itself, left to right, Latin (the probe and the words).
    static func shapeAlone(_ text: ArraySlice<UInt32>, face: FontFace, kerning: Bool) -> [Glyph] {
        text.withUnsafeBufferPointer { shapeAlone($0, face: face, kerning: kerning) }
    }

    static func shapeAlone(_ text: UnsafeBufferPointer<UInt32>, face: FontFace, kerning: Bool) -> [Glyph] {
        shapeWithHarfBuzz(text, item: 0..<text.count, face: face, rightToLeft: false, script: HB_SCRIPT_LATIN, kerning: kerning)
    }

    /// Whether numbers in `face` are put together from its digits' glyphs instead of shaped (tests).
    func shapesNumbersDigitByDigit(face: FontFace, kerning: Bool) -> Bool {
        _ = shape([0x30][...], face: face, kerning: kerning)
        lock.lock()
        defer { lock.unlock() }
        return facts[FaceSetting(face: ObjectIdentifier(face), kerning: kerning)]?.digits.isEmpty == false
    }

    /// The glyph `character` shapes to by itself, when it shapes to one.
    private static func singleGlyph(_ character: UInt32, face: FontFace, kerning: Bool) -> Glyph? {
        let shaped = shapeAlone([character][...], face: face, kerning: kerning)
        return shaped.count == 1 && shaped[0].cluster == 0 ? shaped[0] : nil
    }

    /// The digits' glyphs (one each) if every pair of digits, and a few longer numbers, shape as their digits
    /// shaped one by one and set side by side (no kerning, ligature or contextual form between digits: the face's
    /// figures are tabular, or at least independent); else empty.
    private static func digitsShapeAlone(face: FontFace, kerning: Bool) -> [Glyph] {
        var single: [Glyph] = []
        for d in UInt32(0x30)...0x39 {
            guard let glyph = singleGlyph(d, face: face, kerning: kerning) else { return [] }
            single.append(glyph)
        }
        func shapesDigitByDigit(_ number: [UInt32]) -> Bool {
            let shaped = shapeAlone(number[...], face: face, kerning: kerning)
            guard shaped.count == number.count else { return false }
            return zip(shaped, number).enumerated().allSatisfy { i, pair in
                var digit = single[Int(pair.1 - 0x30)]
                digit.cluster = Int32(i)
                return pair.0 == digit
            }
        }
        for a in UInt32(0x30)...0x39 {
            for b in UInt32(0x30)...0x39 where !shapesDigitByDigit([a, b]) { return [] }
        }
        for number in ["0123456789", "9876543210", "1111111", "2024", "1000000", "31415926"]
        where !shapesDigitByDigit(number.unicodeScalars.map(\.value)) { return [] }
        return single
    }

    /// Whether the probe shaped word by word equals the probe shaped whole.
    private static func wordsShapeAsLines(face: FontFace, kerning: Bool) -> Bool {
        let whole = shapeAlone(probe[...], face: face, kerning: kerning)
        var pieces: [Glyph] = []
        forEachWord(probe[...]) { span in
            for var g in shapeAlone(probe[span], face: face, kerning: kerning) { g.cluster += Int32(span.lowerBound); pieces.append(g) }
        }
        return whole == pieces
    }
}
