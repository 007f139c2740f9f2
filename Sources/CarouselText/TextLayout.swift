/// Lays a text card out in lines of character cells.
///
/// Text is wrapped, never scaled: a narrower card gets more, shorter lines with the same letters.
/// Widths come from the caller's `cellWidth` (the renderer's `CharacterWidth.of`), so the layout
/// and the painter always agree; characters are Swift `Character`s (grapheme clusters), so a
/// combining mark never leaves its base and a wide character is never split.
public enum TextLayout {
    /// Tabs are expanded to the next multiple of 4 columns (as the deck sanitiser does).
    public static let tabWidth = 4

    /// The lines of `document` for a card `width` cells wide; every line takes at most `width` cells.
    /// The title is left to the card's frame unless `includeTitle` is set (then it comes first,
    /// bold, followed by an empty line). An empty document gives no lines; `width < 1` gives none.
    public static func lines(
        for document: TextDocument, width: Int, ascii: Bool = false, includeTitle: Bool = false,
        cellWidth: (Character) -> Int
    ) -> [LaidLine] {
        guard width >= 1 else { return [] }
        var blocks = document.blocks
        if includeTitle, let title = document.title {
            blocks.insert(contentsOf: [.paragraph([TextSpan(title, style: SpanStyle(bold: true, role: .heading(1)))]), .blank()], at: 0)
        }
        // The layout keeps the closure only for the duration of this call.
        return withoutActuallyEscaping(cellWidth) { cellWidth in
            let layout = BlockLayout(width: width, ascii: ascii, cellWidth: cellWidth)
            return blocks.flatMap { layout.lines(for: $0) }
        }
    }

    /// The lines that fit in `height` rows. When some do not fit, the last row says how many are
    /// left instead ("… 12 more lines", ASCII "... 12 more lines", shortened to fit `width`);
    /// a single row shows the first line (a count alone would say nothing of the card), with the
    /// count at the row's right end when there is room for it after a gap of two cells.
    public static func fit(lines: [LaidLine], height: Int, width: Int, ascii: Bool = false) -> [LaidLine] {
        guard height >= 1, width >= 1 else { return [] }
        if lines.count <= height { return lines }
        if height == 1 {
            var line = lines[0]
            let gap = 2
            if let count = moreText(lines.count - 1, width: width - line.width - gap, ascii: ascii) {
                let pad = width - line.width - count.count
                line.content += [TextSpan(String(repeating: " ", count: pad)), TextSpan(count, style: .decoration)]
                line.width = width
            }
            return [line]
        }
        let hidden = lines.count - (height - 1)
        return Array(lines.prefix(height - 1)) + [moreLine(hidden, width: width, ascii: ascii)]
    }

    /// "… 12 more lines", or the longest shorter form that fits: "… 12 more", "…12", "…".
    /// Every character of these is one cell wide.
    static func moreLine(_ count: Int, width: Int, ascii: Bool) -> LaidLine {
        let text = moreText(count, width: width, ascii: ascii) ?? "."
        return LaidLine(content: [TextSpan(text, style: .decoration)], width: text.count)
    }

    /// The longest form of the count that fits in `width` cells, if any does.
    static func moreText(_ count: Int, width: Int, ascii: Bool) -> String? {
        let dots = ascii ? "..." : "…"
        let noun = count == 1 ? "line" : "lines"
        return ["\(dots) \(count) more \(noun)", "\(dots) \(count) more", "\(dots)\(count)", dots].first { $0.count <= width }
    }
}
