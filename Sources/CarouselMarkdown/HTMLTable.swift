import CarouselText

/// An HTML `<table>` in Markdown (READMEs write tables so where a pipe table cannot: a cell of
/// several lines, a list of contributors), read as a table: its rows (`<tr>`) and cells (`<th>`,
/// `<td>`), each cell's text as `HTMLText` shows it, on one line; the first row heads it, as a pipe
/// table's does. Each cell on a line of its own showed one after another, the table gone
/// (helper-20).
enum HTMLTable {
    /// The table an HTML block is, when it is one table and nothing but (spaces and comments
    /// around it): nil otherwise, or for a table of no cell.
    static func table(_ html: String, margin: Margin) -> TextBlock? {
        let trimmed = html.drop { $0.isWhitespace }
        guard let open = HTMLText.tagEnd(trimmed), let first = HTMLText.tag(String(trimmed[...open])), first.name == "table", !first.closing
        else { return nil }
        var rows: [[(text: String, align: TextTable.Alignment?)]] = []
        var cell: (start: Substring.Index, align: TextTable.Alignment?)?
        var rest = trimmed[trimmed.index(after: open)...]
        var ended = false
        func closeCell(at end: Substring.Index) {
            guard let open = cell else { return }
            let text = HTMLText.lines(ofBlock: String(trimmed[open.start..<end])).map { line in
                line.map { piece -> String in
                    switch piece {
                    case .text(let text): text
                    case .image(let alt): alt
                    case .address(let url): " (" + url + ")"
                    case .rule: ""
                    }
                }.joined()
            }.filter { !$0.isEmpty }.joined(separator: " ")
            if rows.isEmpty { rows.append([]) }
            rows[rows.count - 1].append((text, open.align))
            cell = nil
        }
        while let lt = rest.firstIndex(of: "<") {
            let candidate = rest[lt...]
            // A comment is hidden, tags in it too; a `<` before no tag's name is text (`c < d`).
            if candidate.hasPrefix("<!--") {
                guard let end = candidate.firstRange(of: "-->") else { break }
                rest = trimmed[end.upperBound...]
                continue
            }
            let next = candidate.dropFirst().first
            guard let next, next.isLetter || next == "/" else {
                rest = trimmed[candidate.index(after: lt)...]
                continue
            }
            guard let close = HTMLText.tagEnd(candidate) else { break }
            let after = candidate.index(after: close)
            defer { rest = trimmed[after...] }
            let written = String(candidate[...close])
            guard let tag = HTMLText.tag(written) else { continue }
            // What a grid of cells cannot show: a caption, cells spanning others (their text would
            // fall under the wrong column). Shown as text, as before.
            if tag.name == "caption" { return nil }
            if !tag.closing, tag.name == "td" || tag.name == "th",
               HTMLText.attribute("colspan", in: Substring(written.dropFirst(3).dropLast())) != nil
                || HTMLText.attribute("rowspan", in: Substring(written.dropFirst(3).dropLast())) != nil {
                return nil
            }
            switch (tag.name, tag.closing) {
            case ("tr", false):
                closeCell(at: lt)
                rows.append([])
            case ("td", false), ("th", false):
                closeCell(at: lt)
                cell = (after, alignment(of: written))
            case ("td", true), ("th", true), ("tr", true):
                closeCell(at: lt)
            case ("table", true):
                closeCell(at: lt)
                ended = true
            case ("table", false):
                return nil  // a table in a table: not a grid of cells
            default:
                continue
            }
            if ended {
                rest = trimmed[after...]
                break
            }
        }
        // Nothing but spaces and comments after it.
        guard ended, HTMLText.lines(ofBlock: String(rest)).isEmpty else { return nil }
        rows.removeAll { $0.isEmpty }
        guard let columns = rows.map(\.count).max(), columns > 0 else { return nil }
        // (The first row heads the table, as a pipe table's does, `<th>` or not.)
        let alignments = (0..<columns).map { i in rows.lazy.compactMap { $0.count > i ? $0[i].align : nil }.first ?? .left }
        func spans(_ row: [(text: String, align: TextTable.Alignment?)]) -> [[TextSpan]] {
            row.map { $0.text.isEmpty ? [] : [TextSpan($0.text)] }
        }
        return .table(TextTable(header: spans(rows[0]), body: rows.dropFirst().map(spans), alignments: alignments), margin: margin)
    }

    /// A cell's `align` attribute (`left`, `center`, `right`), if it has one (not `valign`).
    private static func alignment(of tag: String) -> TextTable.Alignment? {
        // (After the tag's name: `<td` or `<th`.)
        switch HTMLText.attribute("align", in: Substring(tag.dropFirst(3).dropLast()))?.lowercased() {
        case "right": .right
        case "center": .center
        case "left": .left
        default: nil
        }
    }
}
