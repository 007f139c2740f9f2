/// Turns one block into lines.
struct BlockLayout {
    let width: Int
    let ascii: Bool
    let cellWidth: (Character) -> Int

    /// The mark for a cut code line, and the stand-in for a character wider than the whole line.
    var cutMark: Character { ascii ? ">" : "…" }

    /// Cells left for margins: deep nesting may not squeeze the text below half the card
    /// (or 2 cells, so that a wide character still fits).
    private var marginLimit: Int { width - min(width, max(2, width / 2)) }

    private var margins: MarginLayout { MarginLayout(ascii: ascii, cellWidth: cellWidth) }

    func lines(for block: TextBlock) -> [LaidLine] {
        switch block {
        case let .paragraph(spans, margin): paragraph(spans, margin)
        case let .code(lines, margin): code(lines, margin)
        case let .rule(margin): rule(margin)
        case let .blank(margin): [blank(margin)]
        }
    }

    private func paragraph(_ spans: [TextSpan], _ margin: Margin) -> [LaidLine] {
        var text = GlyphText(spans, tabWidth: TextLayout.tabWidth, cellWidth: cellWidth)
        let first = margins.spans(margin, first: true, limit: marginLimit)
        let later = margins.spans(margin, first: false, limit: marginLimit)
        let breakStyle = text.styleIndex(.decoration)
        var wrapper = ParagraphWrapper(available: width - first.width, cutMark: cutMark, breakStyle: breakStyle)
        for line in text.lines { wrapper.wrap(line) }
        return wrapper.lines.enumerated().map { index, glyphs in
            let m = index == 0 ? first : later
            return LaidLine(margin: m.spans, content: glyphs.spans(text.styles), width: m.width + glyphs.cells)
        }
    }

    private func code(_ lines: [[TextSpan]], _ margin: Margin) -> [LaidLine] {
        var result: [LaidLine] = []
        for line in lines {
            let text = GlyphText(line, tabWidth: TextLayout.tabWidth, cellWidth: cellWidth)
            for glyphs in text.lines {
                let m = margins.spans(margin, first: result.isEmpty, limit: marginLimit)
                let (kept, cut) = Self.cut(glyphs, to: width - m.width)
                var content = kept.spans(text.styles)
                var cells = kept.cells
                if cut {
                    content.append(TextSpan(String(cutMark), style: .decoration))
                    cells += 1
                }
                result.append(LaidLine(margin: m.spans, content: content, width: m.width + cells))
            }
        }
        return result
    }

    /// The glyphs that fit in `available` cells, leaving a cell for the cut mark when some do not.
    static func cut(_ glyphs: [Glyph], to available: Int) -> (kept: [Glyph], cut: Bool) {
        if glyphs.cells <= available { return (glyphs, false) }
        var kept: [Glyph] = []
        var cells = 0
        for glyph in glyphs {
            if cells + glyph.width > available - 1 { break }
            kept.append(glyph)
            cells += glyph.width
        }
        return (kept, true)
    }

    private func rule(_ margin: Margin) -> [LaidLine] {
        let m = margins.spans(margin, first: true, limit: marginLimit)
        let glyph: Character = ascii ? "-" : "─"
        let count = (width - m.width) / max(1, cellWidth(glyph))
        let line = TextSpan(String(repeating: glyph, count: count), style: .decoration)
        return [LaidLine(margin: m.spans, content: [line], width: m.width + count * max(1, cellWidth(glyph)))]
    }

    private func blank(_ margin: Margin) -> LaidLine {
        let m = margins.spans(margin, first: false, limit: marginLimit, trimmed: true)
        return LaidLine(margin: m.spans, content: [], width: m.width)
    }
}
