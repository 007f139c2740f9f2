import CarouselCanvas
import CarouselCards
import CarouselCore

/// The search line at the bottom while the user types a query (`/`): what was typed, with the
/// cursor after it, and what the search found so far.
public struct SearchLine: Sendable, Equatable {
    public var query: String
    /// E.g. `12 of 400`, `searching… 12`, `no match`.
    public var status: String

    public init(query: String, status: String) {
        self.query = query
        self.status = status
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
        // A message (a failure to say) takes the place of the count until the next key.
        let said = message.map { theme.glyphs.displayable($0) } ?? line.status
        let status = CharacterWidth.of(said) + 3 <= canvas.width / 2 ? said : Chrome.truncate(said, to: max(0, canvas.width / 2 - 3), glyphs: theme.glyphs)
        let room = canvas.width - 2 - (status.isEmpty ? 0 : CharacterWidth.of(status) + 2)
        // The end of a long query is what is being typed: keep it in view.
        var query = g.displayable(line.query)
        while CharacterWidth.of(query) + 1 > room - 1, !query.isEmpty { query.removeFirst() }
        var x = 1
        x += canvas.text("/", x: x, y: row, style: CellStyle(attributes: .bold))
        x += canvas.text(query, x: x, y: row)
        if !status.isEmpty {
            canvas.text(status, x: canvas.width - CharacterWidth.of(status) - 1, y: row, style: CellStyle(attributes: .dim))
        }
        return (min(x, canvas.width - 1), row)
    }

    /// The screen when no card is left to show (a search matched none): the bar, a line saying so
    /// in the middle, and the status line.
    mutating func renderEmpty(_ state: CarouselState, into canvas: inout Canvas) -> FrameInfo {
        segments = Chrome.drawTopBar(state, theme: theme, on: &canvas)
        chromeKey = nil
        let rows = ChromeRows(height: canvas.height)
        let text = Chrome.truncate(emptyMessage, to: canvas.width - 2, glyphs: theme.glyphs)
        let middle = rows.cards.lowerBound + rows.cards.count / 2
        canvas.text(text, x: max(0, (canvas.width - CharacterWidth.of(text)) / 2), y: middle, style: CellStyle(attributes: .dim))
        var status = "0/0"
        if !statusNote.isEmpty { status += "  " + statusNote }
        if let message { status += "  " + theme.glyphs.displayable(message) }
        canvas.text(Chrome.truncate(status, to: canvas.width - 2, glyphs: theme.glyphs), x: 1, y: rows.status,
                    style: CellStyle(attributes: .bold))
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

    /// A match stands out in any colour depth: reversed and bold; with colour, dark on amber.
    private var highlighted: CellStyle {
        theme.usesColor ? CellStyle(foreground: .rgb(RGB(20, 20, 24)), background: .rgb(RGB(245, 194, 66)), attributes: .bold)
            : CellStyle(attributes: [.reverse, .bold])
    }
}
