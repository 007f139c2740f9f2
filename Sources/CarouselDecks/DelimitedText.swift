import CarouselText

/// A CSV or TSV file as a table: its first row the header, a column of numbers aligned right.
/// Fields are read as RFC 4180 says (and spreadsheets write): a field in double quotes may hold the
/// separator, a line break (shown as a space) and `""` for a quote. Rows shorter than the longest
/// get empty cells. Each field is made clean as a title is (`Sanitizer.line`).
enum DelimitedText {
    /// The table, or nil when the text has no row or only one column (a list, better read as text).
    static func table(_ bytes: [UInt8], separator: UInt8) -> TextTable? {
        table(rows: read(bytes, separator: separator).rows)
    }

    /// The table as a card's text: past `Sanitizer.maximumLines` rows, a line under it says the
    /// file goes on (a 300,000-row CSV showed its first 100,000 and said nothing: helper-47).
    static func document(_ bytes: [UInt8], separator: UInt8) -> TextDocument? {
        let (rows, cut) = read(bytes, separator: separator)
        guard let table = table(rows: rows) else { return nil }
        var blocks: [TextBlock] = [.table(table)]
        if cut { blocks += [.blank(), .paragraph([TextSpan(Sanitizer.linesCut(Sanitizer.maximumLines), style: .decoration)])] }
        var document = TextDocument(blocks: blocks)
        // (A note of the program's: no line of the table; see `TextDocument.endNotes`.)
        if cut { document.endNotes = 2 }
        return document
    }

    private static func table(rows: [[String]]) -> TextTable? {
        let columns = rows.map(\.count).max() ?? 0
        guard let header = rows.first, columns >= 2 else { return nil }
        func cells(_ row: [String]) -> [[TextSpan]] { row.map { $0.isEmpty ? [] : [TextSpan($0)] } }
        let body = rows.dropFirst()
        let alignments: [TextTable.Alignment] = (0..<columns).map { column in
            let values = body.compactMap { column < $0.count && !$0[column].isEmpty ? $0[column] : nil }
            return !values.isEmpty && values.allSatisfy(isNumber) ? .right : .left
        }
        return TextTable(header: cells(header), body: body.map(cells), alignments: alignments)
    }

    /// The rows' fields, clean; blank lines are not rows. At most `Sanitizer.maximumLines` rows.
    /// A quote that is never closed is an ordinary letter: the text is read again from its row on,
    /// with no quoting from it (once: linear in the bytes), so one stray `"` does not swallow the
    /// rest of the file into one field.
    static func rows(_ bytes: [UInt8], separator: UInt8) -> [[String]] {
        read(bytes, separator: separator).rows
    }

    /// `rows`, and whether they stopped at `Sanitizer.maximumLines` before the text's end.
    static func read(_ bytes: [UInt8], separator: UInt8) -> (rows: [[String]], cut: Bool) {
        let quote = UInt8(ascii: "\""), lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var quoted = false, wasQuoted = false
        // Where the row being read began, and the rows read before it; where the open quoted
        // field's quote is: a quote never closed sends the reading back to the start of its row.
        var rowStart = 0
        var opening: (index: Int, rowStart: Int, rows: Int)?
        var quotesEnd = Int.max  // from here on, quotes are letters
        func endField() {
            var text = String(decoding: field, as: UTF8.self)
            if text.contains(where: \.isNewline) { text = String(text.map { $0.isNewline ? " " : $0 }) }
            row.append(Sanitizer.line(wasQuoted ? text : trimmed(text), limit: Sanitizer.maximumColumns))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        func endRow() {
            endField()
            if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
            row = []
            rowStart = i
        }
        var i = 0
        while rows.count < Sanitizer.maximumLines {
            if i == bytes.count {
                guard quoted, let open = opening else { break }
                quotesEnd = open.index
                rows.removeSubrange(open.rows...)
                (row, i, rowStart) = ([], open.rowStart, open.rowStart)
                field.removeAll(keepingCapacity: true)
                (quoted, wasQuoted, opening) = (false, false, nil)
                continue
            }
            let byte = bytes[i]
            i += 1
            if quoted {
                if byte == quote {
                    if i < bytes.count && bytes[i] == quote {
                        field.append(quote)
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote where i - 1 < quotesEnd && field.allSatisfy({ $0 == 0x20 }):
                // A field that opens with a quote (after spaces) is quoted.
                opening = (i - 1, rowStart, rows.count)
                field.removeAll(keepingCapacity: true)
                quoted = true
                wasQuoted = true
            case separator:
                endField()
            case lf:
                endRow()
            case cr:
                if i < bytes.count && bytes[i] == lf { i += 1 }
                endRow()
            default:
                field.append(byte)
            }
        }
        if !field.isEmpty || !row.isEmpty { endRow() }
        let cut = rows.count >= Sanitizer.maximumLines && bytes[min(i, bytes.count)...].contains { $0 > 0x20 }
        return (rows, cut)
    }

    /// Without spaces at its ends (`a, b` is "a" and "b").
    private static func trimmed(_ text: String) -> String {
        guard text.first == " " || text.last == " " else { return text }
        return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// A number as a spreadsheet writes one: `12`, `-3.5`, `1e6`, `+0.25`, with its thousands
    /// separated by commas (`1,234.50`), as a percentage (`+3.5%`) or an amount (`$12`, `-€4.20`,
    /// `12.00 €`): a price column exported so was aligned left (helper-89).
    static func isNumber(_ text: String) -> Bool {
        var body = Substring(text)
        let currencies: Set<Character> = ["$", "€", "£", "¥"]
        let sign = body.first == "-" || body.first == "+" ? String(body.removeFirst()) : ""
        if let first = body.first, currencies.contains(first) {
            body.removeFirst()
        } else if let last = body.last, last == "%" || currencies.contains(last) {
            body.removeLast()
            if body.last == " " { body.removeLast() }
        }
        // Commas between groups of three digits, before any point.
        let whole = body.prefix { $0 != "." && $0 != "e" && $0 != "E" }
        if whole.contains(",") {
            let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
            guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return false }
            body = Substring(whole.filter { $0 != "," }) + body.dropFirst(whole.count)
        }
        let number = sign + body
        guard number.allSatisfy({ "0123456789+-.eE".contains($0) }), number.contains(where: \.isNumber) else { return false }
        return Double(number) != nil
    }
}
