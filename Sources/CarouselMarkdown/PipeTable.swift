import CarouselCanvas
import CarouselText

/// A GitHub-style pipe table (`| a | b |` rows, the second row of dashes), which CommonMark reads as
/// one paragraph and would wrap into a single line of words and bars. Its rows become a table block,
/// laid out in columns for the card's width (see `TextTable`). A cell keeps its inline markup as a
/// paragraph would: emphasis, strong, code (without its backticks), links, `~~strikethrough~~`.
enum PipeTable {
    typealias Alignment = TextTable.Alignment

    /// The table, or nil when `lines` (a paragraph's source lines, as styled pieces in the form
    /// `cells` reads) are not a table.
    static func block(from lines: [[TextSpan]], margin: Margin) -> TextBlock? {
        guard lines.count >= 2, let alignments = delimiter(lines[1].plainText) else { return nil }
        let header = cells(lines[0])
        guard header.count == alignments.count else { return nil }
        return .table(TextTable(header: header, body: lines.dropFirst(2).map { cells($0) }, alignments: alignments), margin: margin)
    }

    /// The alignments of a delimiter row (`|:---|---:|`), or nil if the line is not one.
    static func delimiter(_ line: String) -> [Alignment]? {
        let parts = cells(line)
        guard !parts.isEmpty, line.contains("-") else { return nil }
        var alignments: [Alignment] = []
        for part in parts {
            let left = part.hasPrefix(":"), right = part.hasSuffix(":")
            let dashes = part.dropFirst(left ? 1 : 0).dropLast(right && part.count > 1 ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            alignments.append(left && right ? .center : right ? .right : .left)
        }
        return alignments
    }

    /// A row's cells, trimmed, without the empty ones the outer bars make (unstyled).
    static func cells(_ line: String) -> [String] {
        cells([TextSpan(line)]).map(\.plainText)
    }

    /// A row's cells, each as styled spans, trimmed, without the empty ones the outer bars make, a
    /// cell's `~~` pairs applied. The row is in the form `escaped` gives: a bar after a backslash
    /// is text, any other bar ends a cell.
    static func cells(_ row: [TextSpan]) -> [[TextSpan]] {
        func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }
        // The row's characters with their styles, then split at the bars that are not escaped.
        var characters: [(character: Character, style: SpanStyle, escaped: Bool)] = []
        var escape = false
        for span in row {
            for character in span.text {
                if escape {
                    characters.append((character, span.style, true))
                    escape = false
                } else if character == "\\" {
                    escape = true
                } else {
                    characters.append((character, span.style, false))
                }
            }
        }
        var start = characters.startIndex, end = characters.endIndex
        while start < end, isBlank(characters[start].character) { start += 1 }
        while end > start, isBlank(characters[end - 1].character) { end -= 1 }
        let trimmed = characters[start..<end]
        var cells: [ArraySlice<(character: Character, style: SpanStyle, escaped: Bool)>] = []
        var from = trimmed.startIndex
        for i in trimmed.indices where trimmed[i].character == "|" && !trimmed[i].escaped {
            cells.append(trimmed[from..<i])
            from = i + 1
        }
        cells.append(trimmed[from...])
        // The empty cells before a leading and after a trailing bar are the table's edges.
        if let first = trimmed.first, first.character == "|", !first.escaped { cells.removeFirst() }
        if let last = trimmed.last, last.character == "|", !last.escaped, !cells.isEmpty { cells.removeLast() }
        return cells.map { cell in
            var cell = cell
            while let c = cell.first, isBlank(c.character) { cell = cell.dropFirst() }
            while let c = cell.last, isBlank(c.character) { cell = cell.dropLast() }
            var spans: [TextSpan] = []
            for (character, style, _) in cell {
                if spans.last?.style == style { spans[spans.count - 1].text.append(character) } else { spans.append(TextSpan(String(character), style: style)) }
            }
            return Strikethrough.apply(spans)
        }
    }

    /// A paragraph's text as its row is read (`cells`): backslashes doubled, and every bar escaped
    /// when `bars` is set (the text was a bar escaped in the source, `\|` or `&#124;`).
    static func escaped(_ text: String, bars: Bool) -> String {
        guard text.contains("\\") || (bars && text.contains("|")) else { return text }
        var out = ""
        for character in text {
            if character == "\\" || (bars && character == "|") { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// `literal` (a text node's text) in the form `cells` reads, from `written`, its source: a
    /// character escaped with a backslash or written as an entity (`&#124;`) is escaped; nil if the
    /// two do not match up.
    static func escaped(_ literal: String, written raw: ArraySlice<UInt8>) -> String? {
        let backslash = UInt8(ascii: "\\"), bar = UInt8(ascii: "|"), ampersand = UInt8(ascii: "&"), semicolon = UInt8(ascii: ";")
        let text = Array(literal.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 4)
        func put(_ byte: UInt8, escaped: Bool) {
            if byte == backslash || (escaped && byte == bar) { out.append(backslash) }
            out.append(byte)
        }
        var i = raw.startIndex, j = 0
        while i < raw.endIndex {
            let byte = raw[i]
            if byte == backslash, i + 1 < raw.endIndex, j < text.count, text[j] == raw[i + 1], raw[i + 1] < 0x80 {
                // A backslash escape: the character alone in the text.
                put(raw[i + 1], escaped: true)
                i += 2
                j += 1
                continue
            }
            if byte == ampersand, let end = raw[i..<min(raw.endIndex, i + 34)].firstIndex(of: semicolon),
               !text[j...].starts(with: raw[i...end]) {
                // An entity: its character (one to four bytes) in the text, until the two meet again;
                // first the length its first byte gives (the character is then whole even when
                // an escape follows, as in `&copy;\|`).
                let rest = raw[(end + 1)...]
                let lead = j < text.count ? text[j] : 0
                let own = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                guard let length = ([own] + (1...4).filter { $0 != own }).first(where: { n in
                    guard j + n <= text.count else { return false }
                    guard let next = rest.first else { return j + n == text.count }
                    return next == backslash || next == ampersand || (j + n < text.count && text[j + n] == next)
                }) else { return nil }
                for k in j..<(j + length) { put(text[k], escaped: true) }
                i = end + 1
                j += length
                continue
            }
            guard j < text.count, text[j] == byte else { return nil }
            put(byte, escaped: false)
            i += 1
            j += 1
        }
        return j == text.count ? String(decoding: out, as: UTF8.self) : nil
    }

    /// A code span's text as its row is read: inside a table GitHub reads `\|` in code as a bar of
    /// the code (cmark leaves code spans unescaped); every other backslash is the code's own.
    static func escapedCode(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else { out.append(character); continue }
            guard let next = characters.next() else { out += "\\\\"; break }
            out += next == "|" ? "\\|" : "\\\\" + escaped(String(next), bars: false)
        }
        return out
    }
}
