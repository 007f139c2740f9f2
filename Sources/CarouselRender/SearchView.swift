import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselText

/// The search line at the bottom while the user types a query (`/`): what was typed, with the
/// cursor after it, and what the search found so far.
public struct SearchLine: Sendable, Equatable {
    public var query: String
    /// E.g. `12 of 400 cards`, `searching… 12`, `no match`, then shorter forms of it, each whole
    /// (`12 of 400`, `12/400`): a count cut at the edge read as another (`8 of 2…` for 8 of 20:
    /// helper-43).
    public var status: [String]
    /// Whether the query is shown selected (kept from before: typing replaces it).
    public var selected: Bool

    public init(query: String, status: [String], selected: Bool = false) {
        self.query = query
        self.status = status
        self.selected = selected
    }
    /// How many characters of `query` come before the spaces at its end, which a match must hold
    /// too and are shown as dots (`trailingDot`) wherever the query is: a query Ctrl-W left as
    /// `app ` read `app` and found nothing (helper-68), on the search line and in the status line
    /// once kept (helper-70). As vim's `listchars` shows them.
    public static func bodyLength(of query: String) -> Int {
        query.count - query.reversed().prefix { $0 == " " }.count
    }

    public static func trailingDot(ascii: Bool) -> String { ascii ? "." : "·" }

    /// `query` with the spaces at its end as dots, for the status line.
    public static func showingSpaces(_ query: String, ascii: Bool) -> String {
        let body = bodyLength(of: query)
        return String(query.prefix(body)) + String(repeating: trailingDot(ascii: ascii), count: query.count - body)
    }
}

/// Finds what to highlight in a row of displayed characters: the ranges (in characters) that
/// match the query.
public typealias MatchFinder = @Sendable ([Character]) -> [Range<Int>]

extension Scene {
    /// Draws the search line over the status row; returns where the cursor rests (after the query).
    func drawSearchLine(_ line: SearchLine, on canvas: inout Canvas) -> (x: Int, y: Int) {
        let g = theme.glyphs
        let row = ChromeRows(height: canvas.height).status
        canvas.fill(CellRect(x: 0, y: row, width: canvas.width, height: 1))
        // A message (a failure to say) takes the place of the count until the next key. The
        // longest form that fits half the row, else the shortest cut.
        let forms = message.map { [theme.glyphs.displayable($0)] } ?? line.status
        let status = forms.first { CharacterWidth.of($0) + 3 <= canvas.width / 2 }
            ?? Chrome.truncate(forms.last ?? "", to: max(0, canvas.width / 2 - 3), glyphs: theme.glyphs)
        let room = canvas.width - 2 - (status.isEmpty ? 0 : CharacterWidth.of(status) + 2)
        // The end of a long query is what is being typed: keep it in view.
        // (Its last characters that fit, found from its end: dropping the first one while the rest
        // was too wide measured the whole query again for each, 20% of a pasted 6,000-character
        // query's second of CPU: helper-19.)
        var query = g.displayable(line.query)
        // (Its start cut off is marked so, dim: `/…ghij`; it was left without a sign: helper-76.)
        let mark = g.ellipsis, markWidth = CharacterWidth.of(mark)
        var start = query.endIndex, width = 0, cut = false
        while start > query.startIndex {
            let before = query.index(before: start)
            let cells = CharacterWidth.of(query[before])
            guard width + cells <= room - 2 else { cut = true; break }
            width += cells
            start = before
        }
        // Room for the mark: as many characters less as it takes.
        while cut, width > room - 2 - markWidth, start < query.endIndex {
            width -= CharacterWidth.of(query[start])
            start = query.index(after: start)
        }
        query = String(query[start...])
        var x = 1
        x += canvas.text("/", x: x, y: row, style: CellStyle(attributes: .bold))
        if cut { x += canvas.text(mark, x: x, y: row, style: CellStyle(attributes: .dim)) }
        // Spaces at its end show as dim dots (see `SearchLine.bodyLength`).
        let body = SearchLine.bodyLength(of: query)
        x += canvas.text(String(query.prefix(body)), x: x, y: row, style: line.selected ? CellStyle(attributes: .reverse) : .plain)
        if body < query.count {
            let dots = String(repeating: SearchLine.trailingDot(ascii: g.isASCII), count: query.count - body)
            x += canvas.text(dots, x: x, y: row, style: CellStyle(attributes: line.selected ? [.reverse, .dim] : .dim))
        }
        if !status.isEmpty {
            canvas.text(status, x: canvas.width - CharacterWidth.of(status) - 1, y: row, style: CellStyle(attributes: .dim))
        }
        return (min(x, canvas.width - 1), row)
    }

    /// The screen when no card is left to show (a search matched none): the bar, a line saying so
    /// in the middle, and the status line.
    mutating func renderEmpty(_ state: CarouselState, into canvas: inout Canvas) -> FrameInfo {
        segments = Chrome.drawTopBar(state, name: deckName, theme: theme, on: &canvas)
        chromeKey = nil
        let rows = ChromeRows(height: canvas.height)
        let text = Chrome.truncate(emptyMessage, to: canvas.width - 2, glyphs: theme.glyphs)
        let middle = rows.cards.lowerBound + rows.cards.count / 2
        canvas.text(text, x: max(0, (canvas.width - CharacterWidth.of(text)) / 2), y: middle, style: CellStyle(attributes: .dim))
        // "0 of 12": "0/0" read as an empty deck. Esc brings every card back, which the right end
        // says (after a search; without one, how to quit).
        var status = deckSize > 0 ? "0 of \(deckSize)" : "0/0"
        if skippedCards > 0 { status += " (\(skippedCards) skipped)" }
        if !statusNote.isEmpty { status += "  " + statusNote }
        if let message { status += "  " + theme.glyphs.displayable(message) }
        let hint = searchLine == nil ? emptyHint : ""
        let room = canvas.width - 2 - (CharacterWidth.of(status) + 3 + hint.count <= canvas.width - 2 ? hint.count + 3 : 0)
        canvas.text(Chrome.truncate(status, to: room, glyphs: theme.glyphs), x: 1, y: rows.status, style: CellStyle(attributes: .bold))
        if room < canvas.width - 2 {
            canvas.text(hint, x: canvas.width - 1 - hint.count, y: rows.status, style: CellStyle(attributes: .dim))
        }
        engine.clear()
        return FrameInfo(cursor: nil)
    }

    /// Marks every match of the search in `rows` of the canvas, in the cells as they are drawn (so
    /// what is marked is what can be read: a title, a line of a card, a zoomed page).
    mutating func highlightMatches(_ find: MatchFinder, rows: Range<Int>, on canvas: inout Canvas) {
        for y in rows where y >= 0 && y < canvas.height {
            rowCharacters.removeAll(keepingCapacity: true)
            rowColumns.removeAll(keepingCapacity: true)
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                if cell.isContinuation { continue }
                rowCharacters.append(cell.glyph)
                rowColumns.append(x)
            }
            // A row of blanks (most of the screen) cannot hold a match.
            if rowCharacters.allSatisfy({ $0 == " " }) { continue }
            for range in find(rowCharacters) {
                for i in range where i < rowColumns.count {
                    let x = rowColumns[i]
                    canvas.restyle(x: x, y: y) { $0 = highlighted }
                    if x + 1 < canvas.width, canvas[x + 1, y].isContinuation {
                        canvas.restyle(x: x + 1, y: y) { $0 = highlighted }
                    }
                }
            }
        }
    }

    /// Marks the matches a wrap splits between two rows of a card's text ("kitchen" ending one
    /// row, "tap" beginning the next; on a narrow card most queries of two words are split): the
    /// rows are read as one line, joined by a space, or, after a hyphen, without one (a word broken
    /// by the layout, its hyphen left out, or a hyphenated word broken after its own hyphen).
    /// Matches within one row are `highlightMatches`'.
    mutating func highlightAcrossRows(_ find: MatchFinder, rows: Range<Int>, on canvas: inout Canvas) {
        let width = canvas.width
        for area in textAreas {
            let area = area.intersection(canvas.bounds)
            let top = max(area.y, rows.lowerBound), bottom = min(area.maxY, rows.upperBound)
            guard area.width >= 1, bottom - top >= 2 else { continue }
            for y in top..<(bottom - 1) {
                joinedCharacters.removeAll(keepingCapacity: true)
                joinedCells.removeAll(keepingCapacity: true)
                // The upper row's last characters up to its last one that is not a blank (no more
                // than a match can take: `highlightReach`), read leftward.
                var end = area.maxX
                while end > area.x, canvas[end - 1, y].glyph == " " { end -= 1 }
                guard end > area.x else { continue }
                var start = end
                var taken = 0
                while start > area.x, taken < highlightReach {
                    start -= 1
                    if !canvas[start, y].isContinuation { taken += 1 }
                }
                for x in start..<end where !canvas[x, y].isContinuation {
                    joinedCharacters.append(canvas[x, y].glyph)
                    joinedCells.append(y * width + x)
                }
                let upper = joinedCharacters.count
                // The lower row from its first character that is not a blank, as far.
                var x = area.x
                while x < area.maxX, canvas[x, y + 1].glyph == " " || canvas[x, y + 1].isContinuation { x += 1 }
                guard x < area.maxX, upper > 0 else { continue }
                // Rows joined with no space between: a code line's `↪` row, Chinese or Japanese
                // broken between characters, an address broken before its separator or after
                // its slash (helper-14: "o.f" over "…echo" / ".foxtrot…", "東京オフィス" over "東京オフィ" /
                // "スの…" and "lon" / "↪g" were never marked).
                let first = canvas[x, y + 1].glyph
                let continued = first == "↪"
                if continued { x += 1 }
                let last = joinedCharacters[upper - 1]
                let tight = continued || TextLayout.joinsWithoutSpace(last, first) || TextLayout.joinsUnmarked(last, first)
                let hyphen = !tight && last == "-"
                if !hyphen && !tight {
                    joinedCharacters.append(" ")
                    joinedCells.append(-1)
                }
                let lower = joinedCharacters.count
                while x < area.maxX, joinedCharacters.count - lower < highlightReach {
                    if !canvas[x, y + 1].isContinuation {
                        joinedCharacters.append(canvas[x, y + 1].glyph)
                        joinedCells.append((y + 1) * width + x)
                    }
                    x += 1
                }
                markStraddling(find(joinedCharacters), upper: upper, lower: lower, on: &canvas)
                if hyphen {
                    // Without the hyphen: a word the layout broke.
                    joinedCharacters.remove(at: upper - 1)
                    joinedCells.remove(at: upper - 1)
                    markStraddling(find(joinedCharacters), upper: upper - 1, lower: lower - 1, on: &canvas)
                }
            }
        }
    }

    /// Marks the matches a wrap splits over three rows, the middle one wholly inside them (a
    /// query of three words on a narrow card: "building" / "terminal" / "tools that"; a long word
    /// broken twice), read as `highlightAcrossRows` reads two. (Only two rows were joined: such a
    /// match kept its card in the filter, marked nowhere.)
    mutating func highlightOverThreeRows(_ find: MatchFinder, rows: Range<Int>, on canvas: inout Canvas) {
        // (A match holds the middle row and a character either side: it takes that many of the
        // text's characters at least, and at most `highlightReach` less one, case folding
        // allowed for: `straße` finds `STRASSE`; review.)
        let longest = highlightReach - 1
        guard longest >= 3 else { return }
        let width = canvas.width
        for area in textAreas {
            let area = area.intersection(canvas.bounds)
            let top = max(area.y, rows.lowerBound), bottom = min(area.maxY, rows.upperBound)
            guard area.width >= 1, bottom - top >= 3 else { continue }
            for y in top..<(bottom - 2) {
                // The middle row, from its first character that is not a blank to its last.
                var from = area.x, to = area.maxX
                while from < to, canvas[from, y + 1].glyph == " " || canvas[from, y + 1].isContinuation { from += 1 }
                while to > from, canvas[to - 1, y + 1].glyph == " " { to -= 1 }
                guard from < to else { continue }
                let continuedMiddle = canvas[from, y + 1].glyph == "↪"
                if continuedMiddle { from += 1 }
                var middle = 0
                for x in from..<to where !canvas[x, y + 1].isContinuation { middle += 1 }
                guard middle >= 1, middle + 2 <= longest else { continue }
                // The upper row's end and the lower row's start, as far as a match reaches.
                var end = area.maxX
                while end > area.x, canvas[end - 1, y].glyph == " " { end -= 1 }
                guard end > area.x else { continue }
                var start = end, taken = 0
                while start > area.x, taken < longest {
                    start -= 1
                    if !canvas[start, y].isContinuation { taken += 1 }
                }
                var head = area.x
                while head < area.maxX, canvas[head, y + 2].glyph == " " || canvas[head, y + 2].isContinuation { head += 1 }
                guard head < area.maxX else { continue }
                let continuedLower = canvas[head, y + 2].glyph == "↪"
                if continuedLower { head += 1 }
                // How each break joins: tight, with a space, or after a hyphen (with it, a word's
                // own; without it, one the layout broke: both are tried).
                func joins(_ last: Character, _ first: Character, continued: Bool) -> (tight: Bool, hyphen: Bool) {
                    let tight = continued || TextLayout.joinsWithoutSpace(last, first) || TextLayout.joinsUnmarked(last, first)
                    return (tight, !tight && last == "-")
                }
                let upperBreak = joins(canvas[end - 1, y].glyph, canvas[from, y + 1].glyph, continued: continuedMiddle)
                let lowerBreak = joins(canvas[to - 1, y + 1].glyph, canvas[head, y + 2].glyph, continued: continuedLower)
                // (With the hyphen, then without it where there is one: counted, not an array a row.)
                for upperTry in 0..<(upperBreak.hyphen ? 2 : 1) {
                    for lowerTry in 0..<(lowerBreak.hyphen ? 2 : 1) {
                        let keepUpper = upperTry == 0, keepLower = lowerTry == 0
                        joinedCharacters.removeAll(keepingCapacity: true)
                        joinedCells.removeAll(keepingCapacity: true)
                        func take(_ row: Int, _ columns: Range<Int>, limit: Int = .max, dropLast: Bool = false) {
                            var count = 0
                            for x in columns where !canvas[x, row].isContinuation {
                                guard count < limit else { break }
                                joinedCharacters.append(canvas[x, row].glyph)
                                joinedCells.append(row * width + x)
                                count += 1
                            }
                            if dropLast, !joinedCharacters.isEmpty {
                                joinedCharacters.removeLast()
                                joinedCells.removeLast()
                            }
                        }
                        func space(_ join: (tight: Bool, hyphen: Bool)) {
                            if !join.tight && !join.hyphen {
                                joinedCharacters.append(" ")
                                joinedCells.append(-1)
                            }
                        }
                        take(y, start..<end, dropLast: !keepUpper)
                        let upper = joinedCharacters.count
                        space(upperBreak)
                        take(y + 1, from..<to, dropLast: !keepLower)
                        space(lowerBreak)
                        let lower = joinedCharacters.count
                        take(y + 2, head..<area.maxX, limit: longest)
                        markStraddling(find(joinedCharacters), upper: upper, lower: lower, on: &canvas)
                    }
                }
            }
        }
    }

    /// Marks the cells of the matches that begin before `upper` (in the upper row) and end after
    /// `lower` (in the lower one).
    private func markStraddling(_ matches: [Range<Int>], upper: Int, lower: Int, on canvas: inout Canvas) {
        let width = canvas.width
        for range in matches where range.lowerBound < upper && range.upperBound > lower {
            for i in range where i < joinedCells.count && joinedCells[i] >= 0 {
                let x = joinedCells[i] % width, y = joinedCells[i] / width
                canvas.restyle(x: x, y: y) { $0 = highlighted }
                if x + 1 < width, canvas[x + 1, y].isContinuation {
                    canvas.restyle(x: x + 1, y: y) { $0 = highlighted }
                }
            }
        }
    }

    /// In a zoomed card, the matches on the line the view was brought to (by the search, `n` or
    /// `N`) stand out from the others, as vim marks the current match: `n` to a match already on
    /// the page moved nothing, and the reader could not tell where it went.
    mutating func markCurrentMatch(line: Int, info: ZoomInfo, on canvas: inout Canvas) {
        guard let area = info.textArea else { return }
        let y = area.y + line - info.first
        guard y >= area.y, y < area.maxY, y >= 0, y < canvas.height else { return }
        let marked = highlighted, current = currentHighlighted
        for x in max(0, area.x)..<min(canvas.width, area.maxX) where canvas[x, y].style == marked {
            canvas.restyle(x: x, y: y) { $0 = current }
        }
    }

    /// A match stands out in any colour depth: reversed and bold; with colour, dark on amber.
    private var highlighted: CellStyle {
        theme.usesColor ? CellStyle(foreground: .rgb(RGB(20, 20, 24)), background: .rgb(RGB(245, 194, 66)), attributes: .bold)
            : CellStyle(attributes: [.reverse, .bold])
    }

    /// The current match: underlined too; with colour, dark on orange.
    private var currentHighlighted: CellStyle {
        theme.usesColor ? CellStyle(foreground: .rgb(RGB(20, 20, 24)), background: .rgb(RGB(255, 128, 48)), attributes: [.bold, .underline])
            : CellStyle(attributes: [.reverse, .bold, .underline])
    }
}
