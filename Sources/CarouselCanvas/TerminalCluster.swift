/// How a grapheme cluster is shown so that the terminal draws exactly what `--render` prints.
///
/// A terminal cell (ncurses' `cchar_t`) holds one spacing character and the zero-width marks after
/// it, each as wide as the C library's `wcwidth` says. Clusters made of several spacing characters,
/// which terminals disagree about, get a fallback that every path uses:
/// - a flag (two regional indicators, 🇺🇸) is shown as its two letters, `US`; a lone indicator as its letter;
/// - an emoji modifier (a skin tone, 👍🏽) is dropped, leaving the emoji (👍);
/// - variation selectors are dropped (❤️ is shown as ❤, as wide as `wcwidth` says);
/// - the joined parts of a ZWJ sequence never arrive: the deck sanitiser removes the joiner, so 🏳️‍🌈 is 🏳 🌈;
/// - at most two zero-width marks stay on their base (a cell keeps three scalars).
public enum TerminalCluster {
    /// The characters to draw for `c`: `c` itself unless it needs the fallback.
    public static func shown(_ c: Character) -> Substitution {
        guard needsFallback(c) else { return Substitution(c) }
        let scalars = c.unicodeScalars
        let first = scalars.first!
        if scalars.count == 1 && !isRegionalIndicator(first) { return Substitution(c) }
        if scalars.allSatisfy(isRegionalIndicator) {
            var letters = Substitution()
            for s in scalars.prefix(2) { letters.append(letter(of: s)) }
            return letters
        }
        var kept = String.UnicodeScalarView()
        kept.append(isRegionalIndicator(first) ? letter(of: first).unicodeScalars.first! : first)
        var marks = 0
        for s in scalars.dropFirst() where marks < 2 && CharacterWidth.of(s) == 0 && !isVariationSelector(s) {
            kept.append(s)
            marks += 1
        }
        return Substitution(Character(String(kept)))
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
            if marks > 2 || CharacterWidth.of(s) != 0 || isVariationSelector(s) { return true }
        }
        return false
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
    static func isVariationSelector(_ s: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(s.value) || (0xE0100...0xE01EF).contains(s.value)
    }
    static func letter(of indicator: Unicode.Scalar) -> Character {
        Character(Unicode.Scalar(UInt8(0x41 + indicator.value - 0x1F1E6)))
    }

    /// One or two characters, without allocating.
    public struct Substitution: Sequence, IteratorProtocol {
        private var first: Character?
        private var second: Character?
        init() {}
        init(_ c: Character) { first = c }
        mutating func append(_ c: Character) { if first == nil { first = c } else { second = c } }
        public mutating func next() -> Character? {
            defer { first = second; second = nil }
            return first
        }
    }
}
