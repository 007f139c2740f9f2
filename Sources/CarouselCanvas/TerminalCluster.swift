/// How a grapheme cluster is shown so that the terminal draws exactly what `--render` prints.
///
/// A terminal cell (ncurses' `cchar_t`) holds one spacing character and the zero-width marks after
/// it, each as wide as the C library's `wcwidth` says. Clusters made of several spacing characters,
/// which terminals disagree about, get a fallback that every path uses:
/// - a flag (two regional indicators, 🇺🇸) is shown as its two letters, `US`; a lone indicator as its letter;
/// - an emoji modifier (a skin tone, 👍🏽) is dropped, leaving the emoji (👍);
/// - variation selectors are dropped (❤️ is shown as ❤, as wide as `wcwidth` says);
/// - the joined parts of a ZWJ sequence never arrive: the deck sanitiser removes the joiner, so 🏳️‍🌈 is 🏳 🌈;
/// - a cluster of several spacing characters in a script that joins them (a Devanagari conjunct,
///   स्ते; a spacing vowel sign, हि, तमि; Thai ำ) takes a cell for each of them, its zero-width marks
///   on the one before, as the terminal itself lays its characters out (they were dropped, every
///   letter after the first: नमस्ते showed as नमस्े, helper-46);
/// - at most two zero-width marks stay on their base (a cell keeps three scalars).
public enum TerminalCluster {
    /// The characters to draw for `c`: `c` itself unless it needs the fallback.
    public static func shown(_ c: Character) -> Substitution {
        guard needsFallback(c) else { return Substitution(c) }
        // A letter with more marks than a cell keeps, composed first where that leaves fewer (a
        // Hebrew letter with a dagesh, a dot and a vowel, which has no composed form, still loses
        // its last).
        if c.unicodeScalars.count > 3 {
            let composed = Character(String(decoding: String(c)._nfcCodeUnits, as: UTF8.self))
            if composed.unicodeScalars.count < c.unicodeScalars.count { return shown(composed) }
        }
        let scalars = c.unicodeScalars
        let first = scalars.first!
        if scalars.count == 1 && !isRegionalIndicator(first) { return Substitution(c) }
        if scalars.allSatisfy(isRegionalIndicator) {
            var letters = Substitution()
            for s in scalars.prefix(2) { letters.append(letter(of: s)) }
            return letters
        }
        return Substitution(splitting: scalars)
    }

    /// The next cell's characters from `scalars` at `index`: the scalar there, then the zero-width
    /// marks after it (two at most; more are left out), up to the next spacing scalar. Variation
    /// selectors, emoji modifiers and joiners are left out; a regional indicator is its letter.
    static func cell(of scalars: String.UnicodeScalarView, from index: inout String.Index) -> Character {
        var kept = String.UnicodeScalarView()
        let base = scalars[index]
        // (A regional indicator after a prepended mark, ൎ🇺🇸, is its letter here too.)
        kept.append(isRegionalIndicator(base) ? letter(of: base).unicodeScalars.first! : base)
        index = scalars.index(after: index)
        while index < scalars.endIndex {
            let s = scalars[index]
            // (Nor a joiner, which a terminal would join the next cell's emoji with: the sanitiser
            // removes them from card text, so none is expected here.)
            if !isVariationSelector(s) && !isEmojiModifier(s) && s.value != 0x200D && s.value != 0x200C {
                if CharacterWidth.of(s) != 0 { break }
                if kept.count < 3 { kept.append(s) }
            }
            index = scalars.index(after: index)
        }
        return Character(String(kept))
    }

    /// Whether `c` is drawn otherwise than as it is. Cheap for what almost every cell holds: ASCII,
    /// and one scalar below U+10000 (the renderer's borders, shades and dots; most text), told apart
    /// by their UTF-8 bytes alone (two bytes led by 0xC0 and up, or three led by 0xE0 and up, are
    /// exactly one scalar).
    @inline(__always)
    public static func needsFallback(_ c: Character) -> Bool {
        let utf8 = c.utf8
        let count = utf8.count
        if count <= 3, let lead = utf8.first {
            if count == 1 || (count == 2 && lead >= 0xC0) || (count == 3 && lead >= 0xE0) { return false }
        }
        // Otherwise exactly when `shown` would change it: a regional indicator, more than two marks,
        // or anything after the base that is not a zero-width mark (a variation selector, a modifier).
        let scalars = c.unicodeScalars
        guard let first = scalars.first, !isRegionalIndicator(first) else { return true }
        var marks = 0
        for s in scalars.dropFirst() {
            marks += 1
            if CharacterWidth.of(s) != 0 || isVariationSelector(s) { return true }
            if marks > 2 { return !composesIntoACell(c) }
        }
        return false
    }

    /// Whether a letter with more marks than a cell keeps has a composed form that fits one (a
    /// base and two marks): `a` and three accents is `á` and two, drawn whole (helper-96 saw one of
    /// three left out; a cell keeps the composed form, see `Cell`).
    static func composesIntoACell(_ c: Character) -> Bool {
        let composed = String(decoding: String(c)._nfcCodeUnits, as: UTF8.self).unicodeScalars
        guard composed.count <= 3, let first = composed.first, !isRegionalIndicator(first) else { return false }
        return composed.dropFirst().allSatisfy { CharacterWidth.of($0) == 0 && !isVariationSelector($0) }
    }

    /// The scalar of a character that is exactly one scalar below U+10000 (ASCII, box drawing,
    /// shades, most text), read from its UTF-8 bytes without building the scalar view; nil for
    /// anything else (a cluster of several scalars, a scalar past U+FFFF), which takes the long way.
    @inline(__always)
    public static func bmpScalar(_ c: Character) -> UInt32? {
        let utf8 = c.utf8
        var bytes = utf8.makeIterator()
        guard let b0 = bytes.next() else { return nil }
        guard let b1 = bytes.next() else { return b0 < 0x80 ? UInt32(b0) : nil }
        if b0 >= 0xC0 && b0 < 0xE0 {
            return bytes.next() == nil ? UInt32(b0 & 0x1F) << 6 | UInt32(b1 & 0x3F) : nil
        }
        guard b0 >= 0xE0 && b0 < 0xF0, let b2 = bytes.next(), bytes.next() == nil else { return nil }
        return UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F)
    }

    static func isRegionalIndicator(_ s: Unicode.Scalar) -> Bool { (0x1F1E6...0x1F1FF).contains(s.value) }
    static func isEmojiModifier(_ s: Unicode.Scalar) -> Bool { (0x1F3FB...0x1F3FF).contains(s.value) }
    static func isVariationSelector(_ s: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(s.value) || (0xE0100...0xE01EF).contains(s.value)
    }
    static func letter(of indicator: Unicode.Scalar) -> Character {
        Character(Unicode.Scalar(UInt8(0x41 + indicator.value - 0x1F1E6)))
    }

    /// The characters a cluster is drawn as, one a cell: one or two made beforehand (a cluster as
    /// it is, a flag's letters), or the cells a cluster of several spacing characters is split
    /// into, made as they are asked for. Without allocating (a cell's characters are a small string).
    public struct Substitution: Sequence, IteratorProtocol {
        private var first: Character?
        private var second: Character?
        private var scalars = "".unicodeScalars
        private var index = "".unicodeScalars.startIndex
        init() {}
        init(_ c: Character) { first = c }
        init(splitting scalars: String.UnicodeScalarView) {
            self.scalars = scalars
            index = scalars.startIndex
        }
        mutating func append(_ c: Character) { if first == nil { first = c } else { second = c } }
        public mutating func next() -> Character? {
            if let c = first {
                first = second
                second = nil
                return c
            }
            guard index < scalars.endIndex else { return nil }
            return TerminalCluster.cell(of: scalars, from: &index)
        }
    }
}
