/// What the ASCII look (`--ascii`) writes for a character that has no one-column likeness in
/// 7-bit ASCII but a usual spelling in it: `ß` as `ss`, `Œ` as `OE`, `…` as `...`, `≤` as `<=`
/// (helper-75: "Straße" and "Œuvre" read "Stra?e" and "?uvre"). The text is spelled so before it
/// is wrapped, so that its rows are measured as they are written; what is left (`é`, a dash) is
/// folded a character at a time, as before (see `Glyphs.asciiFold`).
public enum ASCIISpelling {
    static let spellings: [UInt32: String] = [
        0x00DF: "ss", 0x1E9E: "SS", 0x00E6: "ae", 0x00C6: "AE", 0x0153: "oe", 0x0152: "OE", 0x0133: "ij", 0x0132: "IJ",
        0x00FE: "th", 0x00DE: "Th", 0x00F0: "d", 0x00D0: "D", 0x014B: "ng", 0x014A: "Ng", 0x017F: "s",
        0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
        0x2026: "...", 0x00A9: "(c)", 0x00AE: "(r)", 0x2122: "(tm)", 0x00BD: "1/2", 0x00BC: "1/4", 0x00BE: "3/4",
        0x2260: "!=", 0x2264: "<=", 0x2265: ">=", 0x2192: "->", 0x2190: "<-", 0x2194: "<->", 0x21D2: "=>", 0x21D0: "<=",
        0x20AC: "EUR", 0x00A3: "GBP", 0x00A1: "!", 0x00BF: "?",
    ]

    /// A German text's umlauts, spelled as German writes them without (`Größe` is `Groesse`:
    /// `Grosse`, its letters folded, is another word; helper-96). By character, so that an umlaut
    /// written apart (`o` and U+0308) is one too.
    static let germanSpellings: [Character: String] = [
        "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
    ]

    /// `text` with such characters spelled out; nil when it holds none (most text: no copy).
    /// `language`: the text's (`TextLanguage`); German spells its umlauts out too.
    public static func spelled(_ text: String, language: String? = nil) -> String? {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let german = language == "de"
        var out = "", changed = false
        for c in text {
            if german, let spelling = germanSpellings[c] {
                out += spelling
                changed = true
            } else if let first = c.unicodeScalars.first, first.value >= 0x80, let spelling = spellings[first.value] {
                // (A fraction after a number apart from it: "1½" is "1 1/2", not "11/2".)
                if (0xBC...0xBE).contains(first.value), out.last?.isNumber == true { out += " " }
                out += spelling
                changed = true
            } else {
                out.append(c)
            }
        }
        return changed ? out : nil
    }

    static func spelled(_ spans: [TextSpan], language: String? = nil) -> [TextSpan]? {
        var result: [TextSpan]?
        for (i, span) in spans.enumerated() {
            guard let text = spelled(span.text, language: language) else { continue }
            if result == nil { result = spans }
            result![i].text = text
        }
        return result
    }

    /// A block with its text spelled out (itself when nothing needs it).
    static func spelled(_ block: TextBlock, language: String? = nil) -> TextBlock {
        switch block {
        case let .paragraph(spans, margin):
            return spelled(spans, language: language).map { .paragraph($0, margin: margin) } ?? block
        case let .code(lines, margin):
            // (Code's identifiers are not a language's words.)
            var changed = false
            let spelledLines = lines.map { line in spelled(line).map { changed = true; return $0 } ?? line }
            return changed ? .code(spelledLines, margin: margin) : block
        case let .table(table, margin):
            var copy = table, changed = false
            for r in copy.rows.indices {
                for c in copy.rows[r].indices {
                    if let cell = spelled(copy.rows[r][c], language: language) { copy.rows[r][c] = cell; changed = true }
                }
            }
            return changed ? .table(copy, margin: margin) : block
        case .rule, .blank:
            return block
        }
    }
}
