extension TextSpan {
    /// The span in bold (a table's header).
    var bold: TextSpan {
        var span = self
        span.style.bold = true
        return span
    }
}

/// A table of a text card (a Markdown pipe table): a header row, body rows and each column's
/// alignment. It is laid out for the width it is given (`BlockLayout`): in columns padded to their
/// widest cell when they fit; else the widest columns are narrowed and their cells wrap inside them,
/// down to the width of their words (a word past 12 letters may break); else, one record after
/// another, each cell after its column's name.
public struct TextTable: Hashable, Sendable {
    public enum Alignment: Hashable, Sendable { case left, center, right }

    /// The header's cells (shown bold), then each body row's; every row has one cell per column.
    public var rows: [[[TextSpan]]]
    public var alignments: [Alignment]

    /// Rows with fewer cells than `alignments` get empty ones; cells past them are dropped.
    public init(header: [[TextSpan]], body: [[[TextSpan]]], alignments: [Alignment]) {
        self.alignments = alignments
        rows = ([header] + body).map { row in
            (0..<alignments.count).map { $0 < row.count ? row[$0] : [] }
        }
    }

    /// Each row's cells as plain text, joined by " | " (what a search reads).
    public var plainRows: [String] {
        rows.map { $0.map(\.plainText).joined(separator: " | ") }
    }

    /// Between two cells of a row.
    static let separator = " | "
    /// A column narrowed to fit keeps at least its longest word, up to this many cells (a longer
    /// word, an address, is broken), or all of it when it is narrower.
    static let narrowest = 12
    /// A word up to this long (`Mathematician`, `configuration`) is broken only when the other
    /// columns, narrowed to their own longest words, leave it no room.
    static let longestKept = 20
    /// A number up to this long is never broken (a longer run of digits, an identifier, may be).
    static let longestNumber = 20
}

extension BlockLayout {
    /// A table as lines: see `TextTable`.
    func table(_ table: TextTable, _ margin: Margin) -> [LaidLine] {
        let columns = table.alignments.count
        guard columns > 0 else { return [] }
        let cells = table.rows.enumerated().map { index, row in
            row.map { spans in
                GlyphText(index == 0 ? spans.map(\.bold) : spans, tabWidth: TextLayout.tabWidth, cellWidth: cellWidth)
            }
        }
        var natural = Array(repeating: 0, count: columns), narrowest = Array(repeating: 0, count: columns)
        var whole = Array(repeating: 0, count: columns)
        // The widest number of each column (a figure, a date, an address of digits), never broken:
        // `9876543` over `2101` read as two numbers (helper-22).
        var numbers = Array(repeating: 0, count: columns)
        for row in cells {
            for (i, cell) in row.enumerated() {
                let glyphs = cell.lines.joined()
                natural[i] = max(natural[i], glyphs.cells)
                let words = glyphs.split(whereSeparator: \.isSpace)
                let longestWord = words.map(\.cells).max() ?? 0
                narrowest[i] = max(narrowest[i], min(natural[i], max(4, min(longestWord, TextTable.narrowest))))
                whole[i] = max(whole[i], min(natural[i], max(4, longestWord <= TextTable.longestKept ? longestWord : TextTable.narrowest)))
                for word in words where word.count <= TextTable.longestNumber && BlockLayout.isNumber(word) {
                    numbers[i] = max(numbers[i], word.count)
                }
            }
        }
        for i in 0..<columns {
            narrowest[i] = max(narrowest[i], numbers[i])
            whole[i] = max(whole[i], narrowest[i])
        }
        let first = margins.spans(margin, first: true, limit: marginLimit)
        let room = width - first.width - TextTable.separator.count * (columns - 1)
        var widths = natural
        var excess = widths.reduce(0, +) - room
        // Columns only where each keeps its words (those up to 12 letters) whole: where they must
        // be broken to a few letters a row, one record after another reads whole (a card 30
        // columns wide showed `Lovel-` / `ace` and `@examp` / `le.com` where its records fit;
        // helper-80).
        guard excess <= 0 || narrowest.reduce(0, +) <= room else { return records(table, margin) }
        // The widest column gives up a cell at a time (wide columns end up alike, narrow ones
        // whole), down to its words' width, then if need be to the width that breaks only its
        // words over 12 letters. (Each column to its own words
        // first: a 13-letter `Mathematician` broke while a column of names had room to give.)
        // (The first only where it keeps those words whole: where they break anyway, narrowing
        // the other columns to their words first left them a word a row; review.)
        let floors = whole.reduce(0, +) <= room ? [whole, narrowest] : [narrowest]
        for floor in floors {
            while excess > 0, let i = widths.indices.filter({ widths[$0] > floor[$0] }).max(by: { widths[$0] < widths[$1] }) {
                // At once down to the next widest column (a cell of a thousand letters is narrowed in
                // one step, not a thousand), its floor, or as far as the excess asks.
                let next = widths.indices.filter { $0 != i }.map { widths[$0] }.max() ?? 0
                let step = max(1, min(excess, widths[i] - max(next, floor[i])))
                widths[i] -= step
                excess -= step
            }
        }
        let rows = rows(of: table, cells: cells, widths: widths)
        var lines = code(rows.map(\.spans), margin)
        // A row of the table is one line of the text, however many rows its cells wrap into.
        if lines.count == rows.count { for i in lines.indices { lines[i].beginsLine = rows[i].begins } }
        return lines
    }

    /// Whether a word is a number as a table shows one: digits, with the signs, points, commas,
    /// colons, slashes, percent signs and range dashes of figures, dates and times.
    static func isNumber(_ word: some Collection<Glyph>) -> Bool {
        var digits = false
        for glyph in word {
            switch glyph.byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits = true
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "%"),
                 UInt8(ascii: ":"), UInt8(ascii: "/"): continue
            // The en dash of a range, as typographers write it: `07:00–18:00`, `2019–2024` (helper-39).
            default: if glyph.character == "\u{2013}" { continue } else { return false }
            }
        }
        return digits
    }

    /// A table too wide for the card in any columns, one record after another (as `psql`'s
    /// expanded display shows rows): each cell on a line of its own after its column's name and a
    /// colon, wrapped as prose; an empty line between records; empty cells left out.
    private func records(_ table: TextTable, _ margin: Margin) -> [LaidLine] {
        let header = table.rows[0]
        var lines: [LaidLine] = []
        // (A list item's marker stands on the first line only.)
        func add(_ spans: [TextSpan], value: [TextSpan] = []) {
            let m = lines.isEmpty ? margin : margin.continuation
            // A value that is one number (a figure, a date) is indented less where that keeps it
            // whole: `2026-01-` / `01` under `date:` on a narrow card (helper-89).
            var hanging = 2
            let words = value.plainText.split(separator: " ")
            if words.count == 1, let word = words.first, word.count <= TextTable.longestNumber,
               BlockLayout.isNumber(GlyphText([TextSpan(String(word))], tabWidth: TextLayout.tabWidth, cellWidth: cellWidth).lines.joined()) {
                let room = width - margins.spans(m, first: false, limit: marginLimit).width
                if room - hanging < word.count, room >= word.count { hanging = room - word.count }
            }
            lines += paragraph(spans, m, hanging: hanging)
        }
        guard table.rows.count > 1 else {
            for name in header { add(name.map(\.bold)) }
            return BlockLayout.begun(lines.map { var line = $0; line.beginsLine = false; return line })
        }
        // A record is one line of the text (a row of the table), with the blank line after it.
        var starts: [Int] = []
        for row in table.rows.dropFirst() {
            if !lines.isEmpty { lines.append(blank(margin)) }
            starts.append(lines.count)
            for (name, cell) in zip(header, row) where !cell.plainText.isEmpty {
                add(name.plainText.isEmpty ? cell : name.map(\.bold) + [TextSpan(": ", style: SpanStyle(bold: true))] + cell, value: cell)
            }
        }
        for i in lines.indices { lines[i].beginsLine = false }
        for start in starts where start < lines.count { lines[start].beginsLine = true }
        // The header is a line of the text too (a CSV file's first): counted with the first record,
        // so that the table has as many lines in records as in columns.
        if let first = starts.first, first < lines.count { lines[first].linesBegun = 2 }
        return lines
    }

    /// The table's lines as spans, each cell wrapped inside its column's width and padded as its
    /// column is aligned; the header's rule after the header.
    private func rows(of table: TextTable, cells: [[GlyphText]], widths: [Int]) -> [(spans: [TextSpan], begins: Bool)] {
        var out: [(spans: [TextSpan], begins: Bool)] = []
        for (index, row) in cells.enumerated() {
            // Each cell's lines, with their widths.
            let wrapped: [[(spans: [TextSpan], cells: Int)]] = row.enumerated().map { i, cell in
                var text = cell
                var wrapper = ParagraphWrapper(available: widths[i], cutMark: cutMark, breakStyle: text.styleIndex(.decoration), language: language)
                for line in text.lines { wrapper.wrap(line) }
                return wrapper.lines.map { ($0.spans(text.styles), $0.cells) }
            }
            let height = wrapped.map(\.count).max() ?? 1
            for k in 0..<height {
                var line: [TextSpan] = []
                let plain = SpanStyle(bold: index == 0)
                func blank(_ n: Int) { if n > 0 { line.append(TextSpan(String(repeating: " ", count: n), style: plain)) } }
                for i in widths.indices {
                    if i > 0 { line.append(TextSpan(TextTable.separator, style: plain)) }
                    let piece: (spans: [TextSpan], cells: Int) = k < wrapped[i].count ? wrapped[i][k] : ([], 0)
                    let spare = max(0, widths[i] - piece.cells)
                    let before = table.alignments[i] == .right ? spare : table.alignments[i] == .center ? spare / 2 : 0
                    blank(before)
                    line += piece.spans
                    blank(spare - before)
                }
                out.append((line, k == 0))
            }
            if index == 0 {
                out.append(([TextSpan(widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-"), style: .decoration)], false))
            }
        }
        return out
    }
}
