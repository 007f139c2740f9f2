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
        if c.asciiValue != nil { return Substitution(c) }
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
        /// Whether this is exactly `c` (no fallback needed).
        public func isIdentity(of c: Character) -> Bool { second == nil && first == c }
        public mutating func next() -> Character? {
            defer { first = second; second = nil }
            return first
        }
    }
}
