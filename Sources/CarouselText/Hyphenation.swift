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
        var accented = false
        for glyph in run {
            // One scalar a letter, as the patterns count them: an accent written apart (NFD, as
            // some files from macOS have them) is left out of the lookup (it was counted as a
            // letter: the breaks came a letter off; review); a letter that is more than a letter
            // and its marks leaves the word unlooked-up.
            let lower = glyph.character.lowercased()
            let scalars = lower.unicodeScalars
            guard let base = scalars.first, base.properties.isAlphabetic,
                  scalars.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark }) else { return [] }
            // (Characters compare as canonically equal: an NFD `é` is one of French's accents.)
            accented = accented || french.contains(glyph.character) || (lower.count == 1 && french.contains(Character(lower)))
            text.unicodeScalars.append(base)
        }
        let language = accented ? Int32(CHYPHEN_FRENCH) : Int32(CHYPHEN_ENGLISH)
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
