/// Lays a text card out in lines of character cells.
///
/// Text is wrapped, never scaled: a narrower card gets more, shorter lines with the same letters.
/// Widths come from the caller's `cellWidth` (the renderer's `CharacterWidth.of`), so the layout
/// and the painter always agree; characters are Swift `Character`s (grapheme clusters), so a
/// combining mark never leaves its base and a wide character is never split.
public enum TextLayout {
    /// Tabs are expanded to the next multiple of 8 columns, the terminal's own tab stops (as the deck
    /// sanitiser does).
    public static let tabWidth = 8

    /// The lines of `document` for a card `width` cells wide; every line takes at most `width` cells.
    /// The title is left to the card's frame unless `includeTitle` is set (then it comes first,
    /// bold, followed by an empty line). An empty document gives no lines; `width < 1` gives none.
    /// Code lines are cut at the edge, or with `wrapsCode` go on in marked rows (a zoomed card).
    /// Prose (all but code and tables) is at most `measure` wide.
    public static func lines(
        for document: TextDocument, width: Int, ascii: Bool = false, includeTitle: Bool = false, wrapsCode: Bool = false,
        measure: Int = .max, cellWidth: (Character) -> Int
    ) -> [LaidLine] {
        guard width >= 1 else { return [] }
        var blocks = document.blocks
        if includeTitle, let title = document.title {
            blocks.insert(contentsOf: [.paragraph([TextSpan(title, style: SpanStyle(bold: true, role: .heading(1)))]), .blank()], at: 0)
        }
        // The layout keeps the closure only for the duration of this call.
        return withoutActuallyEscaping(cellWidth) { cellWidth in
            let layout = BlockLayout(for: document, width: width, ascii: ascii, cellWidth: cellWidth, wrapsCode: wrapsCode, measure: measure)
            guard document.endNotes > 0 else { return blocks.flatMap { layout.lines(for: $0) } }
            // A note at the end begins no line of the text (see `TextDocument.endNotes`).
            let notes = blocks.count - document.endNotes
            return blocks.indices.flatMap { i in
                var lines = layout.lines(for: blocks[i])
                if i >= notes { for j in lines.indices { lines[j].markAsNote() } }
                return lines
            }
        }
    }

    /// The source line (from 1) of laid line `row` of `document` laid out as `lines(for:...)`
    /// lays it out (no title), from its `blockLines`: the line its block begins on, or in code the
    /// line of its row. Nil where the document's lines are not known or `row` is past its end.
    public static func sourceLine(at row: Int, of document: TextDocument, width: Int, ascii: Bool = false, wrapsCode: Bool = false,
                                  measure: Int = .max, cellWidth: (Character) -> Int) -> Int? {
        guard width >= 1, row >= 0, document.blockLines.count == document.blocks.count else { return nil }
        return withoutActuallyEscaping(cellWidth) { cellWidth in
            let layout = BlockLayout(for: document, width: width, ascii: ascii, cellWidth: cellWidth, wrapsCode: wrapsCode, measure: measure)
            var above = 0
            for (block, line) in zip(document.blocks, document.blockLines) {
                let laid = layout.lines(for: block)
                guard row < above + laid.count else {
                    above += laid.count
                    continue
                }
                guard line > 0 else { return nil }
                guard case .code = block else { return Int(line) }
                // A code row wrapped in the zoom goes on in rows that begin no line.
                let begun = laid.prefix(row - above + 1).count { $0.beginsLine }
                return Int(line) + max(0, begun - 1)
            }
            return nil
        }
    }

    /// The text's own line `own` (from 0, as `TextDocument.plainLines` counts them) when it is a
    /// row of code cut at the card's edge with its first match past the cut: laid out as `lines`
    /// lays it (no title, code cut) but scrolled so that the match shows, after a cut mark. Nil
    /// otherwise (not code, not cut there, no match).
    public static func codeRow(_ own: Int, of document: TextDocument, width: Int, ascii: Bool = false,
                               showing find: ([Character]) -> [Range<Int>], cellWidth: (Character) -> Int) -> LaidLine? {
        guard width >= 1, own >= 0 else { return nil }
        return withoutActuallyEscaping(cellWidth) { cellWidth in
            let layout = BlockLayout(for: document, width: width, ascii: ascii, cellWidth: cellWidth)
            var line = 0
            for block in document.blocks {
                let count = TextDocument.lineCount(of: block)
                if case .code(let rows, let margin) = block, own < line + count {
                    return layout.scrolledCode(rows[own - line], margin, first: own == line, showing: find)
                }
                if own < line + count { return nil }
                line += count
            }
            return nil
        }
    }

    /// Whether a document is big enough that a card lays out only its first lines (`head`) and the
    /// zoom wraps it once, for its final width: more than 2,000 source lines (a code block's rows, a
    /// paragraph or a heading each one line) or more than 200,000 bytes of text (a hundred lines of
    /// 10,000 characters are few lines but wrap into ten thousand).
    public static func isBig(_ document: TextDocument) -> Bool {
        var lines = 0, bytes = 0
        for block in document.blocks {
            switch block {
            case .code(let rows, _):
                lines += rows.count
                for row in rows { for span in row { bytes += span.text.utf8.count } }
            case .paragraph(let spans, _):
                lines += 1
                for span in spans { bytes += span.text.utf8.count }
            case .table(let table, _):
                // Each cell is wrapped alone: a table of many columns costs as many lines.
                lines += table.rows.count * max(1, table.alignments.count)
                for row in table.rows { for cell in row { for span in cell { bytes += span.text.utf8.count } } }
            default:
                lines += 1
            }
            if lines > 2_000 || bytes > 200_000 { return true }
        }
        return false
    }

    /// The first lines of `document` at `width`: enough to fill `rows` rows and say that more follow,
    /// and the number of source lines left after them, not laid out. A big document's card needs only
    /// its first lines; laying all of a 16,000-line file out again for every width a card takes while
    /// it grows would stall the animation.
    public static func head(
        for document: TextDocument, width: Int, rows: Int, ascii: Bool = false, cellWidth: (Character) -> Int
    ) -> (lines: [LaidLine], unlaid: Int) {
        guard width >= 1 else { return ([], 0) }
        return withoutActuallyEscaping(cellWidth) { cellWidth in
            let layout = BlockLayout(for: document, width: width, ascii: ascii, cellWidth: cellWidth)
            var lines: [LaidLine] = []
            var unlaid = 0
            let notes = document.blocks.count - document.endNotes
            for (i, block) in document.blocks.enumerated() {
                if lines.count > rows {
                    // (Counted as `plainLines` counts them: a paragraph's hard breaks too; it
                    // counted one, and "… 605 more lines" stood under "↑ 4796 lines above" in a
                    // text of 5,999; helper-37. A note at the end is no line: `endNotes`.)
                    if i < notes { unlaid += TextDocument.lineCount(of: block) }
                    continue
                }
                let needed = rows + 1 - lines.count
                if case .code(let code, let margin) = block, code.count > needed {
                    // A code row is one line, cut at the edge: lay out the rows needed, count the rest.
                    lines += layout.lines(for: .code(Array(code.prefix(needed)), margin: margin))
                    unlaid += code.count - needed
                } else if case .table(var table, let margin) = block, table.rows.count > needed + 1 {
                    // A table row takes a line or more: its header and the rows needed, laid out
                    // in the columns they need (the zoom lays the whole table out).
                    let count = table.rows.count
                    table.rows = Array(table.rows.prefix(needed + 1))
                    lines += layout.lines(for: .table(table, margin: margin))
                    unlaid += count - table.rows.count
                } else {
                    var laid = layout.lines(for: block)
                    // (A note at the end within the rows laid out: no line either; review.)
                    if i >= notes { for j in laid.indices { laid[j].markAsNote() } }
                    lines += laid
                }
            }
            return (lines, unlaid)
        }
    }

    /// The lines that fit in `height` rows. When some do not fit, the last row says how many are
    /// left instead ("… 12 more lines", ASCII "... 12 more lines", shortened to fit `width`);
    /// a single row shows the first line (a count alone would say nothing of the card), with the
    /// count at the row's right end when there is room for it after a gap of two cells. When the
    /// first line leaves no such room and the row is at least `cutWidth` wide, the line is cut
    /// (after a word where one ends late enough, with `cellWidth` counting its columns) to make
    /// room for a count, which follows the cut after a space ("eggs and … 12 more" where that
    /// leaves half the row to the line, else "eggs and …12"), or right after a word cut in two,
    /// whose "…" it is ("Grocerie… 5 more"); narrower rows end in a bare "…". `unlaid` counts lines of the text that follow `lines` and were not laid out
    /// (see `head`).
    ///
    /// With `source`, the counts are of the text's own lines (as its file has them, or its
    /// paragraphs), not of the rows they wrap into: a 63-line file of long lines said "… 838 more".
    public static func fit(lines: [LaidLine], unlaid: Int = 0, height: Int, width: Int, ascii: Bool = false,
                           cellWidth: ((Character) -> Int)? = nil, source: SourceLines? = nil) -> [LaidLine] {
        guard height >= 1, width >= 1 else { return [] }
        let total = lines.count + unlaid
        if total <= height { return lines }
        /// How many lines are hidden from laid line `first` on.
        func hidden(from first: Int) -> Int { source.map { $0.from(first) } ?? total - first }
        if height == 1 {
            var line = lines[0]
            let gap = 2
            // Where the line can be cut, the count always carries its number (never a bare "…").
            let canCut = width >= cutWidth && cellWidth != nil
            let forms = moreForms(hidden(from: 1), ascii: ascii).dropLast(canCut ? 1 : 0)
            // "… 9 more" where the line can be cut to leave it room and keeps half the row: a bare
            // "…9" at the row's end is no word of the card (helper-53: `def fib(n):     …9`).
            let readable = forms.count >= 2 ? forms[forms.index(forms.endIndex, offsetBy: -2)] : forms.last ?? ""
            if let count = forms.first(where: { $0.count <= width - line.width - gap }),
               !(canCut && count.count < readable.count && width - readable.count - 1 >= width / 2) {
                let pad = width - line.width - count.count
                line.content += [TextSpan(String(repeating: " ", count: pad)), TextSpan(count, style: .decoration)]
                line.width = width
            } else if canCut, let cellWidth, let shortest = forms.last {
                // Cut where the line leaves room for `room`, then the longest form of the count
                // that fits where it was cut (at a space, it may leave room for more).
                func cutFor(_ room: String) -> (line: LaidLine, count: String) {
                    let shortened = cut(line, to: width - room.count - 1, cellWidth: cellWidth)
                    return (shortened, forms.first { $0.count <= width - shortened.width - 1 } ?? shortest)
                }
                let full = Array(line.text)
                /// Whether `cut` ends inside a word of the line.
                func cutsWord(_ cut: LaidLine) -> Bool {
                    let kept = Array(cut.text)
                    return kept.count < full.count && kept.last.map { !$0.isWhitespace } == true && !full[kept.count].isWhitespace
                }
                var (shortened, count) = cutFor(shortest)
                // "… 2 more" rather than "…2" where that leaves half the row to the line: a bare
                // "…2" after a cut line read as part of it ("and so …2": a user asked what it was).
                if count.count < readable.count && width - readable.count - 1 >= width / 2 {
                    let other = cutFor(readable)
                    if other.count.count >= readable.count { (shortened, count) = other }
                }
                // Nor glued to a word cut in two ("Day 1: throug…499" read as one word: helper-39):
                // the readable count after the last whole word that leaves it room, where one does.
                if count.count < readable.count && cutsWord(shortened) {
                    var columns = width - readable.count - 1
                    var found = false
                    while columns > 0 {
                        let words = cut(line, to: columns, cellWidth: cellWidth)
                        if !cutsWord(words) {
                            if words.content.contains(where: { $0.text.contains { !$0.isWhitespace } }) {
                                (shortened, count) = (words, readable)
                                found = true
                            }
                            break
                        }
                        columns = min(columns, words.width) - 1  // (narrower each time, whatever the margin)
                    }
                    // No whole word leaves it room: the first cut shorter, taking the count's "…"
                    // as its mark ("Extraordi… 11 more", as "Grocerie… 5 more").
                    if !found {
                        // (A cell short of it: the cell kept for a space goes to the word below.)
                        let shorter = cut(line, to: width - readable.count - 1, cellWidth: cellWidth)
                        if cutsWord(shorter), shorter.width + readable.count < width,
                           shorter.content.contains(where: { $0.text.contains { !$0.isWhitespace } }) {
                            (shortened, count) = (shorter, readable)
                        }
                    }
                }
                // (A margin wider than the room is never cut into: the line is then left whole.)
                // Right after the cut, not at the row's end: a gap after the last word shown read
                // as the end of the line ("… and US     …2" hid "flags").
                // A word cut in two takes the count's "…" as its mark ("Grocerie… 5 more"): after
                // a space, "Grocerie … 5 more" read as a whole word (helper-34).
                if width - shortened.width - count.count >= 1 {
                    let splitsWord = cutsWord(shortened)
                    if splitsWord {
                        // (The cell kept for the space goes to the word.)
                        let longer = cut(line, to: width - count.count, cellWidth: cellWidth)
                        if longer.width > shortened.width, longer.width + count.count <= width, cutsWord(longer) { shortened = longer }
                    }
                    line = shortened
                    line.content += (splitsWord ? [] : [TextSpan(" ")]) + [TextSpan(count, style: .decoration)]
                    line.width = shortened.width + (splitsWord ? 0 : 1) + count.count
                }
            } else if let cellWidth, let marked = marked(line, width: width, ascii: ascii, cellWidth: cellWidth) {
                // Too narrow a row for a count: a bare "…" still says that the card holds more.
                line = marked
            }
            return [line]
        }
        // A row ending in a colon whose words go on below (a record's `name:`, its value on the
        // next row) is not left at the foot without them: "name:" over "… 1 more" said nothing
        // (helper-83); it goes with them, under the count.
        var kept = height - 1
        // Nor a row whose word goes on below with nothing to say so (a number broken at its
        // point: `1,234,567` over "… 4 more" read as the whole of `1,234,567.89`; helper-89),
        // where that row, or the one above it, begins the word (`[pool_` / `workqueue_` over "…"
        // for `[pool_workqueue_release]`: helper-91): a token of more rows (a key, an address)
        // keeps them.
        // A long one (an address of eight rows) shows its beginning, marked below, rather than
        // leave the card's rows empty (helper-98: `See:` over the count, two rows blank).
        if kept < lines.count, lines[kept].goesOnUnmarked {
            var start = kept - 1
            while start > 0, lines[start].goesOnUnmarked { start -= 1 }
            var end = kept
            while end + 1 < lines.count, lines[end + 1].goesOnUnmarked { end += 1 }
            if start >= 1, kept - start <= 2, end - kept < 2 { kept = start }
        }
        func endsInColon(_ line: LaidLine) -> Bool { line.content.plainText.reversed().first(where: { $0 != " " }) == ":" }
        func indent(_ line: LaidLine) -> Int { (line.margin + line.content).plainText.prefix { $0 == " " }.count }
        if kept >= 2, kept < lines.count, !lines[kept].beginsLine, endsInColon(lines[kept - 1]) {
            kept -= 1
        } else if kept >= 2, kept < lines.count, !lines[kept].beginsLine, endsInColon(lines[kept]),
                  indent(lines[kept]) > indent(lines[kept - 1]) {
            // Nor the first row of a label the row under it ends (`Cost` over `(EUR):` on a narrow
            // record: `Cost` alone over the count).
            kept -= 1
        }
        var shown = Array(lines.prefix(kept))
        // A word that goes on past the foot with nothing to say so (one the card begins with, a
        // key of many rows) ends in "…", as a word cut short does: `[pool_` / `workqueue_` over
        // the count read as a whole name (helper-91).
        // (Not after the word's own hyphen, which says so: `pixbuf-…`; review. Over a count that
        // is a bare "…" too, which stands under the word's start and reads as a line of its own.)
        if kept >= 1, kept < lines.count, lines[kept].goesOnUnmarked, let cellWidth,
           shown[kept - 1].content.plainText.last != "-" {
            let dots = ascii ? "..." : "…"
            var last = shown[kept - 1]
            // (Its last characters give way to the mark; the row keeps what it says of its line.)
            while last.width + dots.count > width, var span = last.content.popLast() {
                if let c = span.text.popLast() { last.width -= cellWidth(c) }
                if !span.text.isEmpty { last.content.append(span) }
            }
            if last.content.contains(where: { $0.text.contains { !$0.isWhitespace } }) {
                last.content.append(TextSpan(dots, style: .decoration))
                last.width += dots.count
                shown[kept - 1] = last
            }
        }
        return shown + [moreLine(hidden(from: kept), width: width, ascii: ascii)]
    }

    /// The characters of a laid line's own text, spaces left out: not its margin, nor what the
    /// layout adds and varies with the width (a rule, the mark of a continued code row, the hyphen
    /// of a broken word, cut marks), so that a text counts the same at every width.
    static func textCharacters(_ line: LaidLine) -> Int {
        line.content.reduce(0) { sum, span in
            span.style.role == .decoration ? sum : span.text.reduce(sum) { $0 + ($1.isWhitespace ? 0 : 1) }
        }
    }

    /// The line of `new` (the same text laid out at another width) that holds what line `first` of
    /// `old` begins with: counted in the characters of the lines' text before it (see
    /// `textCharacters`; a line break takes the space it breaks at), so that a reader keeps their place.
    public static func line(at first: Int, of old: [LaidLine], in new: [LaidLine]) -> Int {
        let characters = textCharacters
        let before = old.prefix(first).reduce(0) { $0 + characters($1) }
        var seen = 0
        for (i, line) in new.enumerated() {
            let count = characters(line)
            if seen + count > before { return i }
            seen += count
        }
        return new.count
    }

    /// The source line (from 0, of `source`: the text's lines before wrapping) that holds what
    /// laid line `first` begins with, counted as `line(at:of:in:)` counts: in the characters before
    /// it, spaces left out. Where an editor opens at the reader's place.
    public static func sourceLine(at first: Int, of laid: [LaidLine], in source: [String]) -> Int {
        func characters(_ text: String) -> Int { text.reduce(0) { $0 + ($1.isWhitespace ? 0 : 1) } }
        let before = laid.prefix(first).reduce(0) { $0 + textCharacters($1) }
        var seen = 0
        for (i, line) in source.enumerated() {
            let count = characters(line)
            if seen + count > before { return i }
            seen += count
        }
        return max(0, source.count - 1)
    }

    /// `fit` from line `first` on: a first row saying how many lines are above (`↑ 12 lines
    /// above`), then the lines from `first`, cut as `fit` cuts them. From the top when `first` is
    /// 0; without the row above when the height has no room for it and two lines.
    /// With `title` (a card whose title leads its text, as the lyrics look's), the row above holds
    /// the title too: the text shown from below its top would have lost it (`titledAboveLine`).
    public static func fit(lines: [LaidLine], from first: Int, height: Int, width: Int, ascii: Bool = false,
                           cellWidth: ((Character) -> Int)? = nil, source: SourceLines? = nil, title: String? = nil) -> [LaidLine] {
        guard first > 0, first < lines.count, width >= 1 else {
            return fit(lines: lines, height: height, width: width, ascii: ascii, cellWidth: cellWidth, source: source)
        }
        // No room for the row above: from `first` (a one-row card of the lyrics showing a search's
        // match, where it showed the text's first line).
        guard height >= 3 else {
            return fit(lines: Array(lines.dropFirst(first)), height: height, width: width, ascii: ascii, cellWidth: cellWidth,
                       source: source?.dropping(first))
        }
        let count = source?.above(first) ?? first
        let top = title.flatMap { titledAboveLine(count, title: $0, width: width, ascii: ascii, cellWidth: cellWidth ?? { _ in 1 }) }
            ?? aboveLine(count, width: width, ascii: ascii)
        return [top] + fit(lines: Array(lines.dropFirst(first)), height: height - 1, width: width, ascii: ascii, cellWidth: cellWidth,
                           source: source?.dropping(first))
    }

    /// The row over a text shown from below its top, saying how many of its lines are above
    /// (`↑ 12 lines above`, shorter forms on a narrow card); 0: the first line shown goes on from
    /// above.
    public static func aboveLine(_ count: Int, width: Int, ascii: Bool) -> LaidLine {
        let forms = aboveForms(count, ascii: ascii)
        let above = forms.first { $0.count <= width } ?? forms[forms.count - 1]
        return LaidLine(content: [TextSpan(above, style: .decoration)], width: above.count)
    }

    /// The ways of saying that `count` lines are above, longest first (each a character a cell).
    private static func aboveForms(_ count: Int, ascii: Bool) -> [String] {
        let arrow = ascii ? "^" : "↑"
        let noun = count == 1 ? "line" : "lines"
        return count == 0 ? ["\(arrow) more above", "\(arrow) above", arrow]
            : ["\(arrow) \(count) \(noun) above", "\(arrow) \(count) above", "\(arrow)\(count)", arrow]
    }

    /// The row over a titled card's text shown from below its top: the card's `title` (as the
    /// card's own first row sets it, bold) with the count of lines above at the row's right end, in
    /// the longest form that leaves the title whole, else the title cut with "…" before the
    /// longest form that leaves it half the row, or the shortest (the lyrics look during a search
    /// showed every card as "↑ 1 line above" and a match, with nothing to say whose: helper-58).
    /// Nil when fewer than four cells of title would show.
    public static func titledAboveLine(_ count: Int, title: String, width: Int, ascii: Bool,
                                       cellWidth: (Character) -> Int) -> LaidLine? {
        let name = LaidLine(content: [TextSpan(title, style: SpanStyle(bold: true, role: .heading(1)))],
                            width: title.reduce(0) { $0 + cellWidth($1) })
        guard name.width > 0 else { return nil }
        let gap = 2
        let forms = aboveForms(count, ascii: ascii)
        // (Cut, the title keeps half the row where a count allows; the arrow alone is no count.)
        let counts = forms.dropLast()
        var chosen: (name: LaidLine, form: String)?
        if let form = forms.first(where: { name.width + gap + $0.count <= width }) {
            chosen = (name, form)
        } else if let form = counts.first(where: { width - gap - $0.count >= max(4, (width - gap) / 2) })
                    ?? counts.last.flatMap({ width - gap - $0.count >= 4 ? $0 : nil }),
                  let cut = marked(name, width: width - gap - form.count, ascii: ascii, cellWidth: cellWidth),
                  cut.content.first.map({ !$0.text.isEmpty }) == true {
            chosen = (cut, form)
        }
        guard var row = chosen?.name, let form = chosen?.form else { return nil }
        row.content.append(TextSpan(String(repeating: " ", count: width - row.width - form.count), style: .decoration))
        row.content.append(TextSpan(form, style: .decoration))
        row.width = width
        return row
    }

    /// A card of one row: `line` is the text's first line laid out without wrapping (a whole
    /// paragraph, a list item, a code line), `more` how many such lines follow. The row shows as
    /// much of the line as fits: cut at the edge with "…" when nothing follows, else with the count
    /// of the rest ("… 3 more lines", or a shorter form), as `fit` places it: at the row's right end
    /// after a whole line, right after a cut one; a row narrower than `cutWidth` has no room for a
    /// count and ends in "…" alone. A row wrapping would have shown only the paragraph's first
    /// words and a count of rows that depends on the width. Nil on a row too narrow for a letter
    /// and the mark, or where a margin leaves no room.
    public static func oneRow(_ line: LaidLine, more: Int, width: Int, ascii: Bool, cellWidth: @escaping (Character) -> Int) -> LaidLine? {
        if more > 0 && width >= cutWidth {
            // (A margin too wide to cut after leaves the line whole: then the wrapped row is shown.)
            return fit(lines: [line], unlaid: more, height: 1, width: width, ascii: ascii, cellWidth: cellWidth).first.flatMap { $0.width <= width ? $0 : nil }
        }
        if more == 0 && line.width <= width { return line }
        return marked(line, width: width, ascii: ascii, cellWidth: cellWidth)
    }

    /// `line` (a one-row card's, unwrapped) begun a little before the first match `find` finds in
    /// its content, after a cut mark, when that match would not show in `width` cells from the
    /// line's start (with `reserve` cells kept for what follows it: a count of lines); nil when it
    /// would, or there is none. A one-row card opened at a match's line with the match cut off
    /// (helper-23).
    public static func scrolled(_ line: LaidLine, showing find: ([Character]) -> [Range<Int>], width: Int, reserve: Int,
                                ascii: Bool, cellWidth: (Character) -> Int) -> LaidLine? {
        let characters = Array(line.content.plainText)
        guard let match = find(characters).first, match.upperBound <= characters.count else { return nil }
        let margin = line.margin.reduce(0) { $0 + $1.text.reduce(0) { $0 + cellWidth($1) } }
        let mark = ascii ? "..." : "…"
        let room = width - margin - reserve
        var before = 0
        for c in characters[..<match.lowerBound] { before += cellWidth(c) }
        var through = before
        for c in characters[match] { through += cellWidth(c) }
        guard through > room else { return nil }
        let lead = max(0, min(8, room / 4, room - mark.count - (through - before)))
        // Characters dropped from the content's start: those wholly before `before - lead` cells,
        // and more where the rest would end between the room and the row's end (the count after
        // it would be squeezed to "…5").
        var total = 0
        for c in characters { total += cellWidth(c) }
        let tail = total - (before - lead) + mark.count
        let skipTo = before - lead + (tail > room && tail <= width - margin ? min(lead, tail - room) : 0)
        var drop = 0, dropped = 0
        while drop < match.lowerBound {
            let w = cellWidth(characters[drop])
            guard dropped + w <= skipTo else { break }
            dropped += w
            drop += 1
        }
        // From a word's start, where one begins before the match (not "…hes the NEEDLE").
        if drop > 0, characters[drop - 1] != " ",
           let space = characters[drop..<match.lowerBound].firstIndex(of: " ") {
            for c in characters[drop...space] { dropped += cellWidth(c) }
            drop = space + 1
        }
        guard drop > 0 else { return nil }
        var content = [TextSpan(mark, style: .decoration)]
        var skip = drop
        for span in line.content {
            let count = span.text.count
            if skip >= count {
                skip -= count
                continue
            }
            content.append(TextSpan(String(span.text.dropFirst(skip)), style: span.style))
            skip = 0
        }
        var result = line
        result.content = content
        result.width = line.width - dropped + mark.count
        return result
    }

    /// `line` with "…" at its end to say that the text goes on, cut to make room where it must:
    /// after a space where it was cut at one (a word's own end), with a space before the mark so
    /// that it does not read as the end of that word cut, else inside the word. Nil when the row
    /// cannot hold the mark after a letter of the line (its margin included).
    static func marked(_ line: LaidLine, width: Int, ascii: Bool, cellWidth: (Character) -> Int) -> LaidLine? {
        let dots = ascii ? "..." : "…"
        var result: LaidLine
        if line.width + 1 + dots.count <= width {
            result = line
            result.content.append(TextSpan(" " + dots, style: .decoration))
        } else {
            var shortened = cut(line, to: width - dots.count - 1, cellWidth: cellWidth)
            let atSpace = Array(line.text).dropFirst(shortened.text.count).first == " "
            if !atSpace { shortened = cut(line, to: width - dots.count, cellWidth: cellWidth) }
            guard shortened.content.contains(where: { !$0.text.isEmpty }) else { return nil }
            shortened.content.append(TextSpan(atSpace ? " " + dots : dots, style: .decoration))
            result = shortened
        }
        result.width = result.margin.reduce(0) { $0 + $1.text.reduce(0) { $0 + cellWidth($1) } }
            + result.content.reduce(0) { $0 + $1.text.reduce(0) { $0 + cellWidth($1) } }
        return result.width <= width ? result : nil
    }

    /// The first of `lines` that holds a match of `find`, or where one begins that the wrap split
    /// between it and the next line (read as one line: joined by a space, or after a hyphen without
    /// one, with the hyphen and without it, or, where a word breaks with no mark, without one).
    public static func firstLine(in lines: [LaidLine], matching find: ([Character]) -> [Range<Int>]) -> Int? {
        lines.indices.first { holdsMatch(lines, at: $0, find) }
    }

    /// The first line after `line` that holds a match (as `firstLine` reads one): where `n` goes
    /// in a zoomed card.
    public static func nextLine(in lines: [LaidLine], after line: Int, matching find: ([Character]) -> [Range<Int>]) -> Int? {
        let from = max(0, line + 1)
        guard from < lines.count else { return nil }
        return (from..<lines.count).first { holdsMatch(lines, at: $0, find) }
    }

    /// The last line before `line` that holds a match: where `N` goes in a zoomed card.
    public static func previousLine(in lines: [LaidLine], before line: Int, matching find: ([Character]) -> [Range<Int>]) -> Int? {
        let to = min(lines.count, line)
        guard to > 0 else { return nil }
        return (0..<to).reversed().first { holdsMatch(lines, at: $0, find) }
    }

    /// The first line to show so that `line` (a match) is seen with `above` lines over it, moved up
    /// to where that line of the text begins when it is the rest of one the wrap broke (a code
    /// line's `↪` row, the middle of a paragraph), as long as `line` stays in the upper half of
    /// the `page`'s view.
    public static func top(showing line: Int, above: Int, in lines: [LaidLine], page: Int) -> Int {
        var top = max(0, line - above)
        guard top < lines.count, !lines[top].beginsLine else { return top }
        var start = top
        while start > 0, !lines[start].beginsLine, line - (start - 1) < max(above + 1, page / 2) { start -= 1 }
        if lines[start].beginsLine { top = start }
        return top
    }

    /// A character of the scripts that wrap between characters (CJK ideographs, kana, full-width
    /// forms): no space stands where such a line was broken.
    public static func isWide(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x9FFF).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF01...0xFF60).contains(v)
            || (0x20000...0x3FFFD).contains(v)
    }

    /// Whether two rows were split with no mark where no space stood: after an address's slash,
    /// before a bracket or an address's separator (see `ParagraphWrapper.breakIndex`).
    public static func joinsUnmarked(_ last: Character, _ first: Character) -> Bool {
        last == "/" || "[(.#?&=_~@:\\".contains(first)
    }

    /// Whether a line ending in `last` and one going on with `first` were broken between two
    /// characters with no space to put back: Chinese and Japanese, and the scripts that write
    /// words without spaces (Thai, Lao, Khmer, Burmese).
    public static func joinsWithoutSpace(_ last: Character, _ first: Character) -> Bool {
        isWide(last) && isWide(first) || writesWithoutSpaces(last) && writesWithoutSpaces(first)
    }

    static func writesWithoutSpaces(_ c: Character) -> Bool { ParagraphWrapper.writesWithoutSpaces(c) }

    private static func holdsMatch(_ lines: [LaidLine], at i: Int, _ find: ([Character]) -> [Range<Int>]) -> Bool {
        let head = Array(lines[i].text)
        if !find(head).isEmpty { return true }
        return matchesCrossingEnd(lines, at: i, head: head, find) > 0
    }

    /// How many matches begin on line `i`: those within it, and those the wrap broke between it
    /// and the line below (each match is counted on one line, so the lines' counts add up to the
    /// text's matches whatever the width).
    public static func matchCount(_ lines: [LaidLine], at i: Int, matching find: ([Character]) -> [Range<Int>]) -> Int {
        let head = Array(lines[i].text)
        return find(head).count + matchesCrossingEnd(lines, at: i, head: head, find)
    }

    /// The matches that begin on line `i` (whose characters are `head`) and end on the line below.
    private static func matchesCrossingEnd(_ lines: [LaidLine], at i: Int, head: [Character], _ find: ([Character]) -> [Range<Int>]) -> Int {
        var head = head
        // (Not across the end of one of the text's lines: `needle` ending one and `row` beginning
        // the next are no `needle row`.)
        guard i + 1 < lines.count, !lines[i + 1].beginsLine else { return 0 }
        // A code line's `↪` row goes on with the row above as it is, spaces and all.
        var next = lines[i + 1].content
        let continued = next.first.map { $0.style == .decoration && ($0.text == "↪" || $0.text == ">") } ?? false
        if continued { next.removeFirst() }
        if !continued { while head.last == " " { head.removeLast() } }
        let lower = continued ? Array(next.plainText)[...] : Array(next.plainText).drop { $0 == " " }
        guard !head.isEmpty, !lower.isEmpty else { return 0 }
        var joins: [(text: [Character], upper: Int, lower: Int)] = []
        if continued || joinsWithoutSpace(head.last!, lower.first!) {
            // (Chinese and Japanese wrap between characters, Thai between letters, with no space to
            // put back; Thai also at its spaces, between phrases: both are tried.)
            joins.append((head + lower, head.count, head.count))
            if !continued && writesWithoutSpaces(head.last!) { joins.append((head + [" "] + lower, head.count, head.count + 1)) }
        } else if head.last == "-" {
            joins.append((head + lower, head.count, head.count))
            joins.append((head.dropLast() + lower, head.count - 1, head.count - 1))
        } else {
            joins.append((head + [" "] + lower, head.count, head.count + 1))
            // A word the layout broke with no mark: after its own slash, or before a bracket
            // or an address's separator (see ParagraphWrapper.breakIndex).
            if let last = head.last, let first = lower.first, joinsUnmarked(last, first) {
                joins.append((head + lower, head.count, head.count))
            }
        }
        // (The ways of joining are tried in turn: one match is not counted twice.) A match crosses
        // when it begins before the lower row's text and ends after the upper row's: one that ends
        // or begins with the space the wrap broke at too (`needle `, as Ctrl-W leaves a query, was
        // found on neither row; review).
        for join in joins {
            let crossing = find(join.text).count { $0.lowerBound < join.lower && $0.upperBound > join.upper }
            if crossing > 0 { return crossing }
        }
        return 0
    }

    /// Rows narrower than this show a first line that fills them without a count (cutting it
    /// would leave too little of it).
    public static let cutWidth = 16

    /// `line` cut to at most `columns` cells: after its last space, if that keeps two thirds of
    /// them, else after the last character that fits.
    static func cut(_ line: LaidLine, to columns: Int, cellWidth: (Character) -> Int) -> LaidLine {
        var used = 0
        for span in line.margin { for c in span.text { used += cellWidth(c) } }
        var kept: [TextSpan] = []
        var lastSpace: (span: Int, index: String.Index, used: Int)?
        outer: for span in line.content {
            var text = ""
            for c in span.text {
                let w = cellWidth(c)
                if used + w > columns {
                    // A space that does not fit ends the word before it: the cut is here.
                    if c == " " { lastSpace = (kept.count, text.endIndex, used) }
                    kept.append(TextSpan(text, style: span.style))
                    break outer
                }
                if c == " " { lastSpace = (kept.count, text.endIndex, used) }
                text.append(c)
                used += w
            }
            kept.append(TextSpan(text, style: span.style))
        }
        if let space = lastSpace, space.used * 3 >= columns * 2 {
            kept = Array(kept.prefix(space.span + 1))
            kept[space.span] = TextSpan(String(kept[space.span].text[..<space.index]), style: kept[space.span].style)
            used = space.used
        }
        return LaidLine(margin: line.margin, content: kept.filter { !$0.text.isEmpty }, width: used)
    }

    /// "… 12 more lines", or the longest shorter form that fits: "… 12 more", "…12", "…".
    /// Every character of these is one cell wide.
    static func moreLine(_ count: Int, width: Int, ascii: Bool) -> LaidLine {
        let text = moreText(count, width: width, ascii: ascii) ?? "."
        return LaidLine(content: [TextSpan(text, style: .decoration)], width: text.count)
    }

    /// The longest form of the count that fits in `width` cells, if any does.
    static func moreText(_ count: Int, width: Int, ascii: Bool) -> String? {
        moreForms(count, ascii: ascii).first { $0.count <= width }
    }

    /// The forms of the count, longest first (none is a bare mark: the line goes on, and no other
    /// line follows it).
    static func moreForms(_ count: Int, ascii: Bool) -> [String] {
        let dots = ascii ? "..." : "…"
        guard count > 0 else { return [dots] }
        let noun = count == 1 ? "line" : "lines"
        return ["\(dots) \(count) more \(noun)", "\(dots) \(count) more", "\(dots)\(count)", dots]
    }
}

/// Where a text's laid lines are in its own lines (its lines before wrapping: a file's lines, a
/// Markdown text's paragraphs, items and rows, a table's rows), from the layout's marks of where
/// each begins (`LaidLine.beginsLine`), so that what is hidden or scrolled past is counted in the
/// lines the reader knows, not in rows that depend on the width.
public struct SourceLines: Sendable, Equatable {
    /// For each laid line, and one more for the end, the text's line it is in (from 0).
    private var lineOf: [Int32]
    /// The text's lines.
    public let count: Int

    /// `leading`: how many of the laid lines come before the text's own (a title laid out with
    /// it); they are not counted, and are in its first line. `skipped`: the text's lines before
    /// the first laid out (blank lines a card does not show); `unlaid`: its lines after the last
    /// laid out (a big text's card lays out only its head).
    public init(laid: [LaidLine], leading: Int = 0, skipped: Int = 0, unlaid: Int = 0) {
        var lineOf: [Int32] = []
        lineOf.reserveCapacity(laid.count + 1)
        var begun = 0
        for (i, line) in laid.enumerated() {
            if i >= leading {
                if line.linesBegun > 0 { begun += Int(line.linesBegun) } else if begun == 0 { begun = 1 }
            }
            lineOf.append(Int32(skipped + max(0, begun - 1)))
        }
        lineOf.append(Int32(skipped + begun))
        self.lineOf = lineOf
        self.leading = leading
        count = skipped + begun + unlaid
    }

    /// The laid lines before the text's own (see `init`).
    private let leading: Int

    private init(lineOf: [Int32], leading: Int, count: Int) {
        self.lineOf = lineOf
        self.leading = leading
        self.count = count
    }

    /// The lines wholly above laid line `i` (the index of the one it is in).
    public func above(_ i: Int) -> Int { Int(lineOf[max(0, min(i, lineOf.count - 1))]) }

    /// The lines that begin at laid line `i` or after it (not the one it goes on with, if it
    /// does: that one is begun above).
    public func from(_ i: Int) -> Int {
        let at = max(0, min(i, lineOf.count - 1))
        let goesOn = at > leading && at < lineOf.count - 1 && lineOf[at] == lineOf[at - 1]
        return count - above(at) - (goesOn ? 1 : 0)
    }

    /// The last line (from 0) that laid lines up to `last` show some of.
    public func lastShown(through last: Int) -> Int { above(min(last, lineOf.count - 2)) }

    /// The same for the laid lines from `first` on.
    func dropping(_ first: Int) -> SourceLines {
        SourceLines(lineOf: Array(lineOf.dropFirst(first)), leading: max(0, leading - first), count: count)
    }
}
