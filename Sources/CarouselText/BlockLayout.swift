/// Turns one block into lines.
struct BlockLayout {
    let width: Int
    let ascii: Bool
    let cellWidth: (Character) -> Int
    /// Code lines longer than the width go on in rows that start with `wrapMark` (a zoomed card,
    /// where the whole line must be readable), instead of being cut.
    var wrapsCode = false
    /// The widest prose (paragraphs, headings, list items, quotes, rules) may be: narrower than
    /// `width`, which code and tables take (a zoomed Markdown text on a wide screen: its prose held
    /// to a readable measure, its tables and code as wide as the screen lets them be).
    var measure = Int.max
    /// The step the text's code is indented by (`TextDocument.codeIndentStep`): on a card narrower
    /// than `narrowCode` each step takes two columns (tab-indented code showed nothing but `…` two
    /// tabs deep on a 13-column card: helper-66). 0: indentation kept as it is.
    var codeIndentStep = 0
    /// Paragraphs' rows after their first are indented this much more (`TextDocument.hangingIndent`).
    var hangingIndent = 0
    /// The text's language, for hyphenation (`TextLanguage.guess`); nil: each word's letters tell.
    var language: String?

    /// The layout of `document`'s blocks, with its indentation's habits.
    init(for document: TextDocument, width: Int, ascii: Bool, cellWidth: @escaping (Character) -> Int,
         wrapsCode: Bool = false, measure: Int = .max) {
        self.init(width: width, ascii: ascii, cellWidth: cellWidth, wrapsCode: wrapsCode, measure: measure,
                  codeIndentStep: document.codeIndentStep, hangingIndent: document.hangingIndent)
        language = document.language
    }

    init(width: Int, ascii: Bool, cellWidth: @escaping (Character) -> Int, wrapsCode: Bool = false, measure: Int = .max,
         codeIndentStep: Int = 0, hangingIndent: Int = 0, language: String? = nil) {
        self.width = width
        self.ascii = ascii
        self.cellWidth = cellWidth
        self.wrapsCode = wrapsCode
        self.measure = measure
        self.codeIndentStep = codeIndentStep
        self.hangingIndent = hangingIndent
        self.language = language
    }

    /// Code lines narrower than this narrow their indentation (as prose narrower than
    /// `ParagraphWrapper.fullIndentation` does).
    static let narrowCode = ParagraphWrapper.fullIndentation

    /// The mark at the start of a code line's continuation rows.
    var wrapMark: Character { ascii ? ">" : "↪" }

    /// The stand-in for a character wider than the whole line, and the mark for a cut code line
    /// (which the ASCII look writes "..." where the row has room for three dots).
    var cutMark: Character { ascii ? ">" : "…" }

    /// Cells left for margins: deep nesting may not squeeze the text below half the card
    /// (or 2 cells, so that a wide character still fits).
    var marginLimit: Int { width - min(width, max(2, width / 2)) }

    var margins: MarginLayout { MarginLayout(ascii: ascii, cellWidth: cellWidth) }

    /// The block's lines, each that begins one of the text's own lines marked (`beginsLine`).
    func lines(for block: TextBlock) -> [LaidLine] {
        // (The ASCII look spells out what has a spelling before the rows are measured.)
        switch ascii ? ASCIISpelling.spelled(block) : block {
        case let .paragraph(spans, margin): return prose.paragraph(spans, margin, hanging: hangingIndent)
        case let .code(lines, margin): return code(lines, margin)
        case let .table(table, margin): return self.table(table, margin)
        case let .rule(margin): return BlockLayout.begun(prose.rule(margin))
        case let .blank(margin): return BlockLayout.begun([blank(margin)])
        }
    }

    /// The layout prose takes: `measure` wide, where that is narrower.
    private var prose: BlockLayout {
        measure < width ? BlockLayout(width: max(1, measure), ascii: ascii, cellWidth: cellWidth, wrapsCode: wrapsCode,
                                      codeIndentStep: codeIndentStep, hangingIndent: hangingIndent, language: language) : self
    }

    /// `lines` with the first marked as the beginning of a line of the text (a rule, a blank
    /// line, a table row's first row).
    static func begun(_ lines: [LaidLine]) -> [LaidLine] {
        var lines = lines
        if !lines.isEmpty { lines[0].beginsLine = true }
        return lines
    }

    /// `hanging`: the lines after the first are indented by this many cells more (a table's record
    /// field), when the card is wide enough for it.
    func paragraph(_ spans: [TextSpan], _ margin: Margin, hanging: Int = 0) -> [LaidLine] {
        var text = GlyphText(spans, tabWidth: TextLayout.tabWidth, cellWidth: cellWidth)
        let first = margins.spans(margin, first: true, limit: marginLimit)
        let later = margins.spans(margin, first: false, limit: marginLimit)
        let breakStyle = text.styleIndex(.decoration)
        let hanging = width - max(first.width, later.width) - hanging >= 8 ? hanging : 0
        // A paragraph that tells its own language is in it (a note of an English and a German
        // paragraph: the German's words broke by English patterns; helper-100); else the text's.
        var wrapper = ParagraphWrapper(available: width - first.width, later: width - later.width - hanging, cutMark: cutMark, breakStyle: breakStyle,
                                       blankStyle: text.styleIndex(SpanStyle()), language: language, guessing: spans)
        // Where each of the paragraph's lines (a hard break begins one) begins among the rows.
        var begins: Set<Int> = []
        for line in text.lines {
            begins.insert(wrapper.lines.count)
            wrapper.wrap(line)
        }
        let indent = hanging > 0 ? [TextSpan(String(repeating: " ", count: hanging))] : []
        return wrapper.lines.enumerated().map { index, glyphs in
            let m = index == 0 ? first : later
            let extra = index == 0 ? 0 : hanging
            var line = LaidLine(margin: index == 0 ? m.spans : m.spans + indent, content: glyphs.spans(text.styles), width: m.width + extra + glyphs.cells)
            line.beginsLine = begins.contains(index)
            line.goesOnUnmarked = wrapper.unmarkedRests.contains(index)
            return line
        }
    }

    func code(_ lines: [[TextSpan]], _ margin: Margin) -> [LaidLine] {
        var result: [LaidLine] = []
        for line in lines {
            let text = GlyphText(line, tabWidth: TextLayout.tabWidth, cellWidth: cellWidth)
            for var glyphs in text.lines {
                let m = margins.spans(margin, first: result.isEmpty, limit: marginLimit)
                narrowIndentation(&glyphs, room: width - m.width)
                if wrapsCode, glyphs.cells > width - m.width, width - m.width >= 4 {
                    result += BlockLayout.begun(wrapped(glyphs, text.styles, margin, first: result.isEmpty))
                    continue
                }
                // The ASCII look's mark is "...": a ">" read as code ("#include <stdio>").
                let room = width - m.width
                let mark = ascii && room > 4 ? "..." : String(cutMark)
                let (kept, cut) = Self.cut(glyphs, to: room, mark: mark.count)
                var content = kept.spans(text.styles)
                var cells = kept.cells
                if cut {
                    content.append(TextSpan(mark, style: .decoration))
                    cells += mark.count
                }
                var laid = LaidLine(margin: m.spans, content: content, width: m.width + cells)
                laid.beginsLine = true
                result.append(laid)
            }
        }
        return result
    }

    /// Code row `line` as `code` lays it out when the first match `find` finds in it lies past the
    /// cut: scrolled so that the match shows, a few cells after a leading cut mark (a search's
    /// match in a long line was out of sight on the card: helper-18, helper-20). Nil when the row
    /// is not cut there, holds no match, or the card is too narrow to scroll in. `first`: the row
    /// opens its block.
    func scrolledCode(_ line: [TextSpan], _ margin: Margin, first: Bool, showing find: ([Character]) -> [Range<Int>]) -> LaidLine? {
        let text = GlyphText(ascii ? ASCIISpelling.spelled(line) ?? line : line, tabWidth: TextLayout.tabWidth, cellWidth: cellWidth)
        guard text.lines.count == 1, var glyphs = text.lines.first else { return nil }
        let m = margins.spans(margin, first: first, limit: marginLimit)
        let room = width - m.width
        narrowIndentation(&glyphs, room: room)
        let mark = ascii && room > 4 ? "..." : String(cutMark)
        guard room >= 6, glyphs.cells > room,
              let match = find(glyphs.map(\.character)).first, match.upperBound <= glyphs.count else { return nil }
        let before = glyphs[..<match.lowerBound].cells, through = glyphs[..<match.upperBound].cells
        // Shown as it is when the match ends before the cut mark.
        guard through > room - mark.count else { return nil }
        // The match a quarter of the row in (up to 8 cells of what comes before it), or as far in
        // as lets the line's end reach the row's end.
        // (Less where the match would not fit between the two cut marks: `…x NEEDL…`, helper-23.)
        let lead = max(0, min(8, room / 4, room - 2 * mark.count - (through - before)))
        var skip = max(0, min(before - lead, glyphs.cells - (room - mark.count)))
        var start = 0, skipped = 0
        while start < glyphs.count, skipped < skip {
            skipped += glyphs[start].width
            start += 1
        }
        // From a word's start, where one begins before the match (not "…e ExistentialAny").
        if start > 0, glyphs[start - 1].byte != UInt8(ascii: " "),
           let space = glyphs[start..<match.lowerBound].firstIndex(where: { $0.byte == UInt8(ascii: " ") }) {
            start = space + 1
        }
        skip = skipped
        guard start > 0 else { return nil }
        let (kept, cut) = Self.cut(Array(glyphs[start...]), to: room - mark.count, mark: mark.count)
        var content = [TextSpan(mark, style: .decoration)] + kept.spans(text.styles)
        var cells = mark.count + kept.cells
        if cut {
            content.append(TextSpan(mark, style: .decoration))
            cells += mark.count
        }
        var laid = LaidLine(margin: m.spans, content: content, width: m.width + cells)
        laid.beginsLine = true
        return laid
    }

    /// Moves `end` back to just after the last glyph of `rest` before it that `breaksAfter`, less
    /// than `reach` cells back (not the first glyph); false, `end` unchanged, where there is none.
    private static func breakBack(_ end: inout Int, within reach: Int, in rest: ArraySlice<Glyph>, after breaksAfter: (Int) -> Bool) -> Bool {
        var at = end - 1, back = 0
        while at > rest.startIndex, back < reach, !breaksAfter(at) {
            back += rest[at].width
            at -= 1
        }
        guard at > rest.startIndex, breaksAfter(at), back < reach else { return false }
        end = at + 1
        return true
    }

    /// A code line over as many rows as it needs: the first as much as fits, each next one after
    /// `wrapMark` (a character wider than a row's room stands as the cut mark). `first`: the line
    /// opens its block (its first row takes the block's first margin, a list item's bullet).
    private func wrapped(_ glyphs: [Glyph], _ styles: [SpanStyle], _ margin: Margin, first: Bool) -> [LaidLine] {
        var rows: [LaidLine] = []
        var rest = glyphs[...]
        // The rows a line goes on in start under its own indentation (as vim's `breakindent`
        // does), up to half the row: at the edge, a YAML key's `↪xt` read as a key of the top level
        // (helper-66).
        let indent = min(glyphs.prefix { $0.character == " " }.count, (width - margins.spans(margin, first: false, limit: marginLimit).width) / 2)
        while !rest.isEmpty {
            let m = margins.spans(margin, first: first && rows.isEmpty, limit: marginLimit)
            let lead = rows.isEmpty ? 0 : indent
            let room = width - m.width - (rows.isEmpty ? 0 : 1 + lead)
            var cells = 0, end = rest.startIndex
            while end < rest.endIndex, cells + rest[end].width <= room {
                cells += rest[end].width
                end += 1
            }
            // A row that would end inside a word ends after a space instead, where one is near
            // the end (`delt` / `↪a: 4)` read as two names: helper-63), else after a separator of
            // its names (a slash, a comma, a bracket, an underscore, a dot: `TEST_UNIT_D` / `↪OCKER`
            // and `-t` / `↪i` read as other names; helper-66), a little further back (a Go
            // constant's `http.StatusMethodNotAllo` / `↪wed)`: helper-104), else between the words
            // of a camel-case name (`StatusMethod` / `↪NotAllowed`); what it breaks after stays on
            // the row, so the line reads the same joined again.
            if end > rest.startIndex, end < rest.endIndex, !rest[end - 1].isSpace, !rest[end].isSpace {
                let near = min(12, room / 4)
                let tries: [(reach: Int, breaksAfter: (Int) -> Bool)] = [
                    (near, { rest[$0].isSpace }),
                    (min(24, room / 3), { Self.separatesNames(rest[$0]) }),
                    (near, { $0 + 1 < rest.endIndex && rest[$0].character.isLowercase && rest[$0 + 1].character.isUppercase }),
                ]
                for (reach, breaksAfter) in tries {
                    if Self.breakBack(&end, within: reach, in: rest, after: breaksAfter) { break }
                }
            } else if end > rest.startIndex, end < rest.endIndex, !rest[end - 1].isSpace, rest[end].isSpace,
                      !rest[rest.startIndex..<end].allSatisfy(\.isSpace) {
                // A row full to a word's end, a space next: after the space before that word, where
                // one is near, rather than the next row beginning with the space (`↪ of its own`:
                // helper-108).
                _ = Self.breakBack(&end, within: min(12, room / 4), in: rest) { rest[$0].isSpace }
            }
            cells = rest[rest.startIndex..<end].reduce(0) { $0 + $1.width }
            var piece = Array(rest[..<end])
            if end == rest.startIndex {
                piece = [Glyph(character: cutMark, width: 1, style: rest[end].style)]
                cells = 1
                end += 1
            }
            rest = rest[end...]
            var content = piece.spans(styles)
            if !rows.isEmpty {
                content.insert(TextSpan(String(wrapMark), style: .decoration), at: 0)
                if lead > 0 { content.insert(TextSpan(String(repeating: " ", count: lead)), at: 0) }
                cells += 1 + lead
            }
            rows.append(LaidLine(margin: m.spans, content: content, width: m.width + cells))
        }
        return rows
    }

    /// A character a code row may end after when no space is near the row's end: one that
    /// separates the names of a line of code, a path or a command.
    static func separatesNames(_ glyph: Glyph) -> Bool {
        switch glyph.character {
        case "/", ",", ";", "(", ")", "[", "]", "{", "}", "_", ".", "=", ":", "|", "&": true
        default: false
        }
    }

    /// A code row's indentation on a row `room` cells wide narrower than `narrowCode`: each step
    /// of `codeIndentStep` two columns (rounded up, so that a row aligned between steps stays
    /// between them, and deeper rows stay deeper).
    private func narrowIndentation(_ glyphs: inout [Glyph], room: Int) {
        let lead = glyphs.prefix { $0.character == " " }.count
        guard lead > 0, lead < glyphs.count else { return }
        var kept = lead
        if codeIndentStep > 2, room < Self.narrowCode { kept = (2 * lead + codeIndentStep - 1) / codeIndentStep }
        // A line indented as far as the row goes (a call's arguments aligned under its bracket)
        // keeps room for a few of its characters before the cut mark: it showed nothing but
        // blanks and "…" (helper-89).
        kept = min(kept, max(0, room - 1 - min(4, glyphs.count - lead)))
        glyphs.removeFirst(lead - kept)
    }

    /// The glyphs that fit in `available` cells, leaving `mark` cells for the cut mark when some do not.
    static func cut(_ glyphs: [Glyph], to available: Int, mark: Int = 1) -> (kept: [Glyph], cut: Bool) {
        if glyphs.cells <= available { return (glyphs, false) }
        var kept: [Glyph] = []
        var cells = 0
        for glyph in glyphs {
            if cells + glyph.width > available - mark { break }
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

    func blank(_ margin: Margin) -> LaidLine {
        let m = margins.spans(margin, first: false, limit: marginLimit, trimmed: true)
        return LaidLine(margin: m.spans, content: [], width: m.width)
    }
}
