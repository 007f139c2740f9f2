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

    /// `text` with such characters spelled out; nil when it holds none (most text: no copy).
    /// (A German text's umlauts are folded as any accent is, `Größe` as `Grosse`: spelled `Groesse`,
    /// a search for what the card showed found nothing; review.)
    public static func spelled(_ text: String) -> String? {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var out = "", changed = false
        for c in text {
            if let first = c.unicodeScalars.first, first.value >= 0x80, let spelling = spellings[first.value] {
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

    static func spelled(_ spans: [TextSpan]) -> [TextSpan]? {
        var result: [TextSpan]?
        for (i, span) in spans.enumerated() {
            guard let text = spelled(span.text) else { continue }
            if result == nil { result = spans }
            result![i].text = text
        }
        return result
    }

    /// A block with its text spelled out (itself when nothing needs it).
    static func spelled(_ block: TextBlock) -> TextBlock {
        switch block {
        case let .paragraph(spans, margin):
            return spelled(spans).map { .paragraph($0, margin: margin) } ?? block
        case let .code(lines, margin):
            var changed = false
            let spelledLines = lines.map { line in spelled(line).map { changed = true; return $0 } ?? line }
            return changed ? .code(spelledLines, margin: margin) : block
        case let .table(table, margin):
            var copy = table, changed = false
            for r in copy.rows.indices {
                for c in copy.rows[r].indices {
                    if let cell = spelled(copy.rows[r][c]) { copy.rows[r][c] = cell; changed = true }
                }
            }
            return changed ? .table(copy, margin: margin) : block
        case .rule, .blank:
            return block
        }
    }
}
