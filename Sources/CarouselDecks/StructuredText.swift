/// Text whose punctuation and spaces are structure, not a picture or prose: a table drawn in
/// characters (`psql`, MySQL, box drawing), JSON, or columns aligned with spaces. Read as code, its columns kept and cut at the card's edge: with
/// fewer than half of its characters letters or digits, `--kind auto` took it for a drawing and
/// resampled it, spreading its words apart (a table's `| id | name |` read `| i  d | n  a  m e |`
/// in the zoom, and `|d--|nme|` on a card: helper-20); with more, it was prose, wrapped, its
/// columns lost (helper-22).
enum StructuredText {
    static func isStructured(_ lines: [String]) -> Bool {
        isTable(lines) || isJSON(lines) || isAligned(lines) || holdsAlignedBlock(lines)
    }

    /// Whether a paragraph of aligned columns (between empty lines) makes at least half of the
    /// text, counted in characters: a command's table under a few lines of summary or over a
    /// legend (`top`, `systemctl`), whose prose lines broke the columns' gaps (helper-25). Prose
    /// around a small table stays prose (as code, its long lines would be cut at the card's edge).
    static func holdsAlignedBlock(_ lines: [String]) -> Bool {
        let head = lines.prefix(400)
        let total = head.reduce(0) { $0 + $1.count }
        var block: [String] = [], size = 0
        for line in head + [""] {
            if line.contains(where: { $0 != " " }) {
                block.append(line)
                size += line.count
                continue
            }
            if block.count >= 3, size * 2 >= total, size < total, isAligned(block) { return true }
            block.removeAll(keepingCapacity: true)
            size = 0
        }
        return false
    }

    /// Whether text of mostly punctuation (what `--kind auto` takes for a drawing) holds words: a
    /// run of three letters or more, not all one letter (`MMM` and `ooo` are a drawing's shading),
    /// with a vowel. A table of contents with dot leaders, a form's blanks, notes between rules of
    /// dashes, a README's `====` banner, a flowchart's labels, a histogram of `#`: resampled as a
    /// drawing, their words were spread apart and others made up (`CO NTENNTS`, page 98 shown as
    /// 988: helper-25). Shown as code, every word stays as it is.
    static func holdsWords(_ lines: [String]) -> Bool {
        for line in lines {
            var run = 0, same = true, vowel = false
            var previous: Character = " "
            for character in line + " " {
                if character.isLetter {
                    if run > 0 && character != previous { same = false }
                    if "aeiouyAEIOUY".contains(character) || !character.isASCII { vowel = true }
                    previous = character
                    run += 1
                    continue
                }
                if run >= 3 && !same && vowel { return true }
                run = 0
                same = true
                vowel = false
            }
        }
        return false
    }

    /// Columns aligned with spaces, as commands print them (`ps aux`, `df -h`, `ls -l`, a crontab):
    /// at least three lines, and two or more places (a run of columns) where nearly every line that
    /// reaches past them has a space, between its text: the gaps between fields. Prose has none:
    /// its spaces fall anywhere. (Wrapped as prose, `df`'s rows broke under their columns:
    /// helper-22.) The first 400 lines are looked at, up to 300 columns.
    static func isAligned(_ lines: [String]) -> Bool {
        var sample: [[Bool]] = []
        var worded = 0
        for line in lines.prefix(400) {
            let ink = line.prefix(300).map { $0 != " " }
            if ink.contains(true) { sample.append(ink) }
            if line.contains(where: { $0.isLetter || $0.isNumber }) { worded += 1 }
        }
        // (Fields hold words or numbers: a banner of big letters drawn with `#` is a drawing.)
        guard sample.count >= 3, worded * 2 >= sample.count, let widest = sample.map(\.count).max() else { return false }
        // For each column: the lines it lies inside of (between their first and last ink), of
        // those the lines with a space there, and of those the lines where that space is one of two
        // or more side by side (fields padded to a width; prose and logs have single spaces).
        var inside = [Int](repeating: 0, count: widest), blank = [Int](repeating: 0, count: widest)
        var wide = [Int](repeating: 0, count: widest)
        for ink in sample {
            guard let first = ink.firstIndex(of: true), let last = ink.lastIndex(of: true), first + 1 < last else { continue }
            for c in (first + 1)..<last {
                inside[c] += 1
                guard !ink[c] else { continue }
                blank[c] += 1
                if !ink[c - 1] || !ink[c + 1] { wide[c] += 1 }
            }
        }
        // A gap: columns that nearly every line reaching past them has blank, padded in at least
        // half of them somewhere across it. Two such: aligned fields ("Jan 05 Started the new
        // job", `git log --oneline` or a log's timestamps, all single spaces, were taken for them:
        // helper-24).
        var gaps = 0, paddedGaps = 0, run = false, padded = false
        for c in 0...widest {
            let gap = c < widest && inside[c] * 5 >= sample.count * 4 && blank[c] * 20 >= inside[c] * 19
            if gap {
                padded = padded || wide[c] * 2 >= inside[c]
            } else if run {
                gaps += 1
                if padded { paddedGaps += 1 }
                padded = false
            }
            run = gap
        }
        // Or four with one padded (`systemctl`'s units, loaded, active and running alike), or five
        // and more, padded or not: fields of one width each, a space apart (`ls -l` of files
        // alike, `xxd`: helper-25). A log's date, time and level are three.
        return paddedGaps >= 2 || (paddedGaps >= 1 && gaps >= 4) || (gaps >= 5 && sample.count >= 4)
    }

    /// At least two rows of cells (a column bar and a word of two letters or a number) and one
    /// rule (only rule characters, three or more of them across), which are at least three in four
    /// of the lines that are not blank: the others a caption or a count of rows (`(3 rows)`), never a
    /// line of drawing. A row of empty cells (NULLs) counts with the rows; one row of cells is a
    /// table when a count of rows follows (`(0 rows)`). A row of single letters between bars (a
    /// face's `| o   o |`, noughts and crosses) is no table's.
    static func isTable(_ lines: [String]) -> Bool {
        var cells = 0, empty = 0, rules = 0, others = 0, counted = false
        // (The first 400 lines tell: asked the first time a card shows, within a frame, it read a
        // table of 100,000 rows to its end: helper-26.)
        for line in lines.prefix(400) {
            var bars = 0, across = 0, letters = 0, other = 0, run = 0, longest = 0, digits = false
            for scalar in line.unicodeScalars {
                let alphanumeric: Bool
                switch scalar {
                case " ", "\t": alphanumeric = false
                case "|", "│", "┃", "║": bars += 1; alphanumeric = false
                case "-", "=", "─", "━", "═": across += 1; alphanumeric = false
                case "+", ":", "\u{2500}"..."\u{257F}": alphanumeric = false
                default:
                    if scalar.properties.numericType != nil {
                        digits = true
                        alphanumeric = true
                    } else if scalar.properties.isAlphabetic {
                        alphanumeric = true
                    } else {
                        other += 1
                        alphanumeric = false
                    }
                }
                if alphanumeric {
                    letters += 1
                    run += 1
                    longest = max(longest, run)
                } else {
                    run = 0
                }
            }
            if bars + across + letters + other == 0 { continue }
            if letters == 0 && other == 0 {
                if across >= 3 { rules += 1 } else if bars > 0 { empty += 1 } else { return false }
            } else if bars > 0 && letters > 0 && (longest >= 2 || digits) {
                cells += 1
            } else if letters > 0 && bars == 0 && StructuredText.isRowCount(line) {
                counted = true
            } else if letters > 0 && bars == 0 {
                others += 1
                // Prose (asked of every text file): no table after lines of it.
                if others >= 8 && others * 3 > cells + empty + rules { return false }
            } else {
                return false
            }
        }
        let rows = cells + empty + rules
        return (cells >= 2 || (cells == 1 && counted)) && rules >= 1 && rows * 4 >= (rows + others) * 3
    }

    /// `psql`'s count under a table: `(3 rows)`, `(1 row)`.
    static func isRowCount(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard words.count == 2, words[0].first == "(", words[0].dropFirst().allSatisfy(\.isNumber), words[0].count > 1 else { return false }
        return words[1] == "rows)" || words[1] == "row)"
    }

    /// The whole text is one JSON value (an object or an array), or each of its lines that is not
    /// blank is one (JSON Lines, a log of records).
    static func isJSON(_ lines: [String]) -> Bool {
        func opens(_ text: Substring) -> Bool { text.first == "{" || text.first == "[" }
        func filled(_ line: String) -> Substring { line.drop { $0 == " " || $0 == "\t" } }
        guard let first = lines.lazy.map(filled).first(where: { !$0.isEmpty }), opens(first) else { return false }
        // JSON Lines: the first 400 lines tell. (Asked the first time a card shows, within a frame:
        // 100,000 lines each parsed took a fifth of a second and more: helper-26.)
        let head = lines.prefix(400).map(filled).filter { !$0.isEmpty }
        if head.count > 1 && head.allSatisfy({ opens($0) && (try? JSONParser.parse(Array($0.utf8))) != nil }) { return true }
        // One value: parsed whole up to 64 KiB; past that, one that closes as it opens.
        let text = lines.joined(separator: "\n")
        guard text.utf8.count > 1 << 16 else { return (try? JSONParser.parse(Array(text.utf8))) != nil }
        let last = text.utf8.reversed().first { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
        return (first.first == "{" && last == UInt8(ascii: "}")) || (first.first == "[" && last == UInt8(ascii: "]"))
    }
}
