/// Text whose punctuation is structure, not a picture: a table drawn in characters (`psql`,
/// MySQL, box drawing) or JSON. Read as code, its columns kept and cut at the card's edge: with
/// fewer than half of its characters letters or digits, `--kind auto` took it for a drawing and
/// resampled it, spreading its words apart (a table's `| id | name |` read `| i  d | n  a  m e |`
/// in the zoom, and `|d--|nme|` on a card: helper-20); with more, it was prose, wrapped, its
/// columns lost (helper-22).
enum StructuredText {
    static func isStructured(_ lines: [String]) -> Bool {
        isTable(lines) || isJSON(lines)
    }

    /// At least two rows of cells (a column bar and a letter or digit) and one rule (only
    /// rule characters, three or more of them across), which are at least three in four of the
    /// lines that are not blank: the others a caption or a count of rows (`(3 rows)`), never a
    /// line of drawing.
    static func isTable(_ lines: [String]) -> Bool {
        var cells = 0, rules = 0, others = 0
        for line in lines {
            var bars = 0, across = 0, words = 0, other = 0
            for scalar in line.unicodeScalars {
                switch scalar {
                case " ", "\t": continue
                case "|", "│", "┃", "║": bars += 1
                case "-", "=", "─", "━", "═": across += 1
                case "+", ":": continue
                case "\u{2500}"..."\u{257F}": continue
                default:
                    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { words += 1 } else { other += 1 }
                }
            }
            if bars + across + words + other == 0 { continue }
            if words == 0 && other == 0 && across >= 3 {
                rules += 1
            } else if bars > 0 && words > 0 {
                cells += 1
            } else if words > 0 {
                others += 1
                // Prose (asked of every text file): no table after lines of it.
                if others >= 8 && others * 3 > cells + rules { return false }
            } else {
                return false
            }
        }
        return cells >= 2 && rules >= 1 && (cells + rules) * 4 >= (cells + rules + others) * 3
    }

    /// The whole text is one JSON value (an object or an array), or each of its lines that is not
    /// blank is one (JSON Lines, a log of records).
    static func isJSON(_ lines: [String]) -> Bool {
        func opens(_ text: Substring) -> Bool { text.first == "{" || text.first == "[" }
        func filled(_ line: String) -> Substring { line.drop { $0 == " " || $0 == "\t" } }
        guard let first = lines.lazy.map(filled).first(where: { !$0.isEmpty }), opens(first) else { return false }
        if (try? JSONParser.parse(Array(lines.joined(separator: "\n").utf8))) != nil { return true }
        let filled = lines.map(filled).filter { !$0.isEmpty }
        return filled.count > 1 && filled.allSatisfy { opens($0) && (try? JSONParser.parse(Array($0.utf8))) != nil }
    }
}
