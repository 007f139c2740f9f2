import CHyphen

/// Where a word may be hyphenated, by the TeX patterns of its language (libhyphen, with the
/// dictionaries of Debian's `hyphen-en-us` and `hyphen-fr`): `ev-ery-where`, `ar-chi-tec-ture`,
/// where a break at the row's end read `everywh-` / `ere`. English, or French for a word with
/// French accents; none where no dictionary is installed (the wrapper breaks where the row is full).
public enum Hyphenation {
    /// Loads the English patterns now (16 ms here), so that the first word a text card breaks
    /// does not wait for them in a frame; on a worker, for a deck that may hold text.
    public static func prepare() {
        var mark: CChar = 0
        _ = chyphen_points(Int32(CHYPHEN_ENGLISH), "hyphenation", 11, 1, &mark)
    }

    /// A run shorter than this is not looked up (it fits wherever a longer one breaks).
    static let shortest = 5
    /// Nor one longer than this: no word of a language (a run of letters as long as a file, a
    /// key, is broken where each row is full).
    static let longest = 64

    /// The indices of `word` before which it may break with a hyphen: inside its runs of letters
    /// (a word's punctuation, digits and own hyphens are not looked up), two letters at least
    /// before a break and three after it.
    static func points(in word: ArraySlice<Glyph>) -> Set<Int> {
        var found: Set<Int> = []
        var i = word.startIndex
        while i < word.endIndex {
            guard word[i].character.isLetter else { i += 1; continue }
            var end = i
            while end < word.endIndex, word[end].character.isLetter { end += 1 }
            if (shortest...longest).contains(end - i) {
                for point in points(ofLetters: word[i..<end]) { found.insert(point) }
            }
            i = end
        }
        return found
    }

    /// French for a word with its accents, else English.
    private static let french: Set<Character> = ["é", "è", "ê", "à", "â", "ç", "ù", "û", "ô", "î", "ï", "ë", "œ", "æ"]

    private static func points(ofLetters run: ArraySlice<Glyph>) -> [Int] {
        var text = ""
        text.reserveCapacity(run.count)
        for glyph in run {
            // (A letter whose lower case is not one character cannot be counted: none looked up.)
            let lower = glyph.character.lowercased()
            guard lower.count == 1 else { return [] }
            text += lower
        }
        let language = text.contains(where: french.contains) ? Int32(CHYPHEN_FRENCH) : Int32(CHYPHEN_ENGLISH)
        var marks = [CChar](repeating: 0, count: run.count)
        let utf8 = Array(text.utf8)
        let status = utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                chyphen_points(language, chars.baseAddress, Int32(chars.count), Int32(run.count), &marks)
            }
        }
        guard status == 0 else { return [] }
        return marks.indices.compactMap { marks[$0] != 0 ? run.startIndex + $0 + 1 : nil }
    }
}
