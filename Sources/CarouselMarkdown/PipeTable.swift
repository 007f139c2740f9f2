import CarouselText

/// A GitHub-style pipe table (`| a | b |` rows, the second row of dashes), which CommonMark reads as
/// one paragraph and would wrap into a single line of words and bars. Its rows are laid out as
/// columns instead, padded to the widest cell, the header in bold, and shown verbatim (cut at the
/// card's edge, never wrapped, like code) so that the columns stay columns.
enum PipeTable {
    enum Alignment { case left, center, right }

    /// The table's rows as a code-like block, or nil when `lines` (a paragraph's source lines) are
    /// not a table.
    static func block(from lines: [String], margin: Margin) -> TextBlock? {
        guard lines.count >= 2, let alignments = delimiter(lines[1]) else { return nil }
        let header = cells(lines[0])
        guard header.count == alignments.count else { return nil }
        let body = lines.dropFirst(2).map(cells)
        let rows = [header] + body
        var widths = Array(repeating: 0, count: alignments.count)
        for row in rows {
            for (i, cell) in row.prefix(widths.count).enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ row: [String]) -> String {
            widths.indices.map { i in
                pad(i < row.count ? row[i] : "", to: widths[i], alignments[i])
            }.joined(separator: " | ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
        var out: [[TextSpan]] = [[TextSpan(line(header), style: SpanStyle(bold: true))], [TextSpan(rule, style: .decoration)]]
        out += body.map { [TextSpan(line($0))] }
        return .code(out, margin: margin)
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

    /// A row's cells, trimmed, without the empty ones the outer bars make.
    static func cells(_ line: String) -> [String] {
        var trimmed = Substring(line).drop { $0 == " " || $0 == "\t" }
        while trimmed.last == " " || trimmed.last == "\t" { trimmed = trimmed.dropLast() }
        if trimmed.hasPrefix("|") { trimmed = trimmed.dropFirst() }
        if trimmed.hasSuffix("|") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "|", omittingEmptySubsequences: false).map { cell in
            var c = cell.drop { $0 == " " || $0 == "\t" }
            while c.last == " " || c.last == "\t" { c = c.dropLast() }
            return String(c)
        }
    }

    private static func pad(_ text: String, to width: Int, _ alignment: Alignment) -> String {
        let room = max(0, width - text.count)
        switch alignment {
        case .left: return text + String(repeating: " ", count: room)
        case .right: return String(repeating: " ", count: room) + text
        case .center: return String(repeating: " ", count: room / 2) + text + String(repeating: " ", count: room - room / 2)
        }
    }
}
