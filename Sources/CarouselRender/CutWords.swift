import CarouselCanvas
import CarouselCore

/// A card cut by the screen's edge or by a card in front of it must not show pieces of its words:
/// "Café" cut to "Caf", "Thomas" to "omas" or "milk" to "ilk" read as other words, or as none. Where
/// a cut falls inside a word, the part of the word still in sight is hidden too; whole words stay.
/// (Letters are narrow glyphs that are not blanks or frame lines, and the wide glyphs of scripts
/// that write words as runs of them: Hangul syllables, where "한국어" cut to "어" reads as another
/// word, and emoji, where a family cut to two of its three reads as another family. A Chinese or
/// Japanese character is a word of its own and never hidden for its neighbours.)
extension CardPainter {
    /// The cells a card framed by `placement` covers when painted on a canvas of `bounds`, or nil
    /// when `paint` does not draw it.
    static func paintedRect(for placement: CardPlacement, in bounds: CellRect) -> CellRect? {
        let rect = cellRect(for: placement.frame)
        guard rect.width >= 2, rect.height >= 2, !rect.intersection(bounds).isEmpty, clamp(placement.opacity, 0...1) > 0.02 else { return nil }
        return rect
    }

    /// Whether cell (`x`, `y`) of a canvas `width` wide is out of sight for the card being
    /// painted: off the screen, or under one of the cards painted after it.
    func isCovered(x: Int, y: Int, width: Int) -> Bool {
        if x < 0 || x >= width { return true }
        for cover in covers where cover.contains(x: x, y: y) { return true }
        return false
    }

    /// Whether a row of a card, columns `lo..<hi` on canvas row `y`, is cut anywhere.
    func isCut(row y: Int, _ lo: Int, _ hi: Int, width: Int) -> Bool {
        if lo < 0 || hi > width { return true }
        for cover in covers where cover.y <= y && y < cover.maxY && cover.x < hi && cover.maxX > lo { return true }
        return false
    }

    /// Calls `erase` with each cell in sight of a word that a cut splits on row `y` (the card's
    /// columns `lo..<hi`; `letter(x)` tells whether the card holds a letter at column x). Every
    /// cut is at the screen's edge or a covering card's side, so only those columns are looked at.
    /// `ideograph(x)`: whether column x holds (part of) a wide character that is a word of its own
    /// (Chinese, Japanese); `closing(x)`: whether it holds a mark that ends what comes before it
    /// (`:`, `、`, `。`): one in sight right after such a character a cut hides goes too (helper-89
    /// read `: 寿司` for `名前: 寿司`, and a row beginning `、`).
    func eraseCutWords(row y: Int, _ lo: Int, _ hi: Int, width: Int, letter: (Int) -> Bool,
                       ideograph: (Int) -> Bool = { _ in false }, closing: (Int) -> Bool = { _ in false }, erase: (Int) -> Void) {
        guard isCut(row: y, lo, hi, width: width) else { return }
        func cut(at edge: Int) {
            // The cut lies between columns edge - 1 and edge.
            guard edge > lo, edge < hi else { return }
            if ideograph(edge - 1), closing(edge), isCovered(x: edge - 1, y: y, width: width), !isCovered(x: edge, y: y, width: width) {
                var x = edge
                while x < hi, closing(x), !isCovered(x: x, y: y, width: width) {
                    erase(x)
                    x += 1
                }
                return
            }
            guard letter(edge - 1), letter(edge) else { return }
            let leftCovered = isCovered(x: edge - 1, y: y, width: width)
            guard leftCovered != isCovered(x: edge, y: y, width: width) else { return }
            // Walk from the side in sight along the word, hiding what is in sight of it.
            var x = leftCovered ? edge : edge - 1
            let step = leftCovered ? 1 : -1
            while x >= lo, x < hi, letter(x) {
                if !isCovered(x: x, y: y, width: width) { erase(x) }
                x += step
            }
        }
        cut(at: 0)
        cut(at: width)
        for cover in covers where cover.y <= y && y < cover.maxY {
            cut(at: cover.x)
            cut(at: cover.maxX)
        }
    }

    /// Whether the cell at `i` (before `end`, its row's end) is a quote's bar: `│`, or `|` before a
    /// blank (the ASCII look's).
    static func isQuoteBar(_ cells: UnsafeBufferPointer<Cell>, _ i: Int, end: Int) -> Bool {
        let v = cells[i].firstScalar
        return v == 0x2502 || (v == 0x7C && i + 1 < end && cells[i + 1].isBlank)
    }

    /// Whether a cell of laid-out text is a letter of a word (see the type's comment).
    static func isLetter(_ cell: Cell) -> Bool {
        if cell.width == 2 { return joinsWords(cell.firstScalar) }
        guard !cell.isBlank, cell.width == 1 else { return false }
        let v = cell.firstScalar
        return !(0x2500...0x259F).contains(v)
    }

    /// Whether a cell holds one of the marks a rule is drawn with in text (`-`, `=`, `+`, `_`, `~`).
    static func isRuleMark(_ cell: Cell) -> Bool {
        let v = cell.firstScalar
        return cell.width == 1 && (v == 0x2D || v == 0x3D || v == 0x2B || v == 0x5F || v == 0x7E)
    }

    /// Whether a cell holds a mark that closes what comes before it (see `eraseCutWords(row:...)`):
    /// ASCII `:` `;` `,` `.` `!` `?` `)`, and the CJK ones (`、` `。` `，` `：` `；` `！` `？` `）` `」` `』` `】`).
    static func isClosingMark(_ cell: Cell) -> Bool {
        switch cell.firstScalar {
        case 0x3A, 0x3B, 0x2C, 0x2E, 0x21, 0x3F, 0x29: cell.width == 1
        case 0x3001, 0x3002, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0xFF09, 0x300D, 0x300F, 0x3011: true
        default: false
        }
    }

    /// Whether a wide glyph is part of a word with its neighbours (see the type's comment).
    static func joinsWords(_ v: UInt32) -> Bool {
        (0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v)
            || (0xA960...0xA97F).contains(v) || (0xD7B0...0xD7FF).contains(v) || (0x1F300...0x1FAFF).contains(v)
            // (Wide emoji of the first plane too, ⌚ ☕ ✅ ⭐: emoji side by side wrap as one word.)
            || (0x2300...0x23FF).contains(v) || (0x2600...0x27BF).contains(v) || (0x2B00...0x2BFF).contains(v)
    }

    /// Hides the pieces of words of a card's text (`text`, drawn at `box`) that cuts leave in sight,
    /// giving their cells the card's own background (`fill`).
    func eraseCutWords(of text: TextCells, at box: CellRect, fill: CellStyle, on canvas: inout Canvas) {
        guard !covers.isEmpty || box.x < 0 || box.x + text.width > canvas.width else { return }
        let rows = max(box.y, 0)..<min(box.y + text.height, canvas.height)
        guard !rows.isEmpty else { return }
        let blank = Cell(" ", style: fill)
        let width = canvas.width
        text.cells.withUnsafeBufferPointer { cells in
            for y in rows {
                let row = (y - box.y) * text.width - box.x
                if y - box.y < text.counts.count, text.counts[y - box.y] {
                    // A count is hidden whole where a cut takes any of it.
                    var lo = box.x, hi = box.x + text.width
                    while lo < hi && cells[row + lo].isBlank { lo += 1 }
                    while hi > lo && cells[row + hi - 1].isBlank { hi -= 1 }
                    if lo < hi, isCut(row: y, lo, hi, width: width), (lo..<hi).contains(where: { isCovered(x: $0, y: y, width: width) }) {
                        for x in lo..<hi where !isCovered(x: x, y: y, width: width) { canvas.putPrepared(blank, x: x, y: y, within: width) }
                    }
                    continue
                }
                // (The cell a wide glyph covers is a letter when the glyph is; a rule, three
                // dashes or more in a row, is none: a table's `-----+----` cut by the screen's
                // edge was hidden whole, a word of one; helper-85. `--lines` keeps its two.)
                let lo = box.x, hi = box.x + text.width
                eraseCutWords(row: y, lo, hi, width: width,
                              letter: { x in
                                  let cell = cells[row + x]
                                  if cell.isContinuation { return x > lo && CardPainter.isLetter(cells[row + x - 1]) }
                                  guard CardPainter.isLetter(cell) else { return false }
                                  guard CardPainter.isRuleMark(cell) else { return true }
                                  var start = x, end = x + 1
                                  while start > lo, end - start < 3, CardPainter.isRuleMark(cells[row + start - 1]) { start -= 1 }
                                  while end < hi, end - start < 3, CardPainter.isRuleMark(cells[row + end]) { end += 1 }
                                  return end - start < 3
                              },
                              ideograph: { x in
                                  let cell = cells[row + x]
                                  let lead = cell.isContinuation && x > lo ? cells[row + x - 1] : cell
                                  return lead.width == 2 && !CardPainter.joinsWords(lead.firstScalar)
                                      && !CardPainter.isClosingMark(lead)
                              },
                              closing: { x in
                                  let cell = cells[row + x]
                                  return CardPainter.isClosingMark(cell.isContinuation && x > lo ? cells[row + x - 1] : cell)
                              },
                              erase: { canvas.putPrepared(blank, x: $0, y: y, within: width) })
            }
            // A word the wrap broke after a hyphen (or with no mark) goes on at the next row's start
            // (and maybe on again: "Extra-", "ordin-", "ary"): where a cut takes any of it, none of it stays
            // (helper-18: "ing" of "Design-" stood alone beside the screen's edge that took "Design-").
            // Each row's broken word: its end on that row (from the hyphen back) and its start on the next.
            // (The open chain's parts in room on the stack: no allocation in a frame.)
            withUnsafeTemporaryAllocation(of: (y: Int, start: Int, end: Int).self, capacity: rows.count + 1) { parts in
                var piece: (y: Int, start: Int, end: Int, cut: Bool)?  // the word's part on the row above
                var count = 0
                var chainCut = false
                var chain: (isEmpty: Bool, last: (y: Int, start: Int, end: Int)?) { (count == 0, count == 0 ? nil : parts[count - 1]) }
                func append(_ part: (y: Int, start: Int, end: Int)) {
                    parts[count] = part
                    count += 1
                }
                func closeChain() {
                    if chainCut {
                        for part in parts[0..<count] {
                            for x in part.start...part.end where !isCovered(x: box.x + x, y: part.y, width: width) {
                                canvas.putPrepared(blank, x: box.x + x, y: part.y, within: width)
                            }
                        }
                    }
                    count = 0
                    chainCut = false
                }
                for y in rows {
                    let at = (y - box.y) * text.width
                    func cut(_ a: Int, _ b: Int) -> Bool { (a...b).contains { isCovered(x: box.x + $0, y: y, width: width) } }
                    // The row's first word, when the row above ended in the start of it.
                    if let above = piece {
                        // (Past a quote's bars, `│ ` or `| `, as past its indentation: helper-63 saw
                        // "ization" alone in a quote whose "international-" a card in front hid.)
                        var first = 0
                        while first < text.width, cells[at + first].isBlank || CardPainter.isQuoteBar(cells, at + first, end: at + text.width) {
                            first += 1
                        }
                        // (Not a count's "…" nor a list's bullet: they are no part of a word.)
                        if first < text.width, CardPainter.isLetter(cells[at + first]),
                           cells[at + first].firstScalar != 0x2026, cells[at + first].firstScalar != 0x2022 {
                            var last = first
                            while last + 1 < text.width && CardPainter.isLetter(cells[at + last + 1]) { last += 1 }
                            if chain.isEmpty { append((above.y, above.start, above.end)) }
                            chainCut = chainCut || above.cut || cut(first, last)
                            append((y, first, last))
                        } else {
                            closeChain()
                        }
                    } else {
                        closeChain()
                    }
                    // The row's last word, when it ends in a hyphen after a letter or the wrap broke it unmarked.
                    piece = nil
                    var end = text.width - 1
                    while end >= 0 && cells[at + end].isBlank { end -= 1 }
                    // (Only where the wrap broke the line: a code line's own end, `-*-`, went with
                    // the line below it; helper-31.)
                    // (Or broken with no mark: helper-91 read `release]` alone beside the screen's
                    // edge that hid `[pool_workqueue_`.)
                    let row = y - box.y
                    let hyphen = end > 0 && row < text.continues.count && text.continues[row] && cells[at + end].firstScalar == 0x2D
                        && CardPainter.isLetter(cells[at + end - 1])
                    if hyphen || (end >= 0 && row < text.breaksUnmarked.count && text.breaksUnmarked[row] && CardPainter.isLetter(cells[at + end])) {
                        var start = end
                        while start > 0 && CardPainter.isLetter(cells[at + start - 1]) { start -= 1 }
                        piece = (y, start, end, cut(start, end))
                        // (A row of one broken word is both the end of the chain above and the next start.)
                        if let last = chain.last, last.y == y, last.start == start { chainCut = chainCut || piece!.cut } else { closeChain() }
                    } else if !chain.isEmpty {
                        closeChain()
                    }
                }
                closeChain()
            }
        }
    }

    /// Hides the pieces of a title's words that cuts leave in sight (`label` drawn from column
    /// `x` of row `y`, with a pad cell each side), drawing `glyph` in their place; when no letter
    /// of it is left in sight, its pads too.
    func eraseCutWords(ofTitle label: String, x: Int, y: Int, glyph: Character, style: CellStyle, on canvas: inout Canvas) {
        guard y >= 0, y < canvas.height else { return }
        // (Measured from its bytes where it can be: asked of every title in every frame.)
        let columns = CharacterWidth.of(label)
        guard columns > 0, isCut(row: y, x - 1, x + columns + 1, width: canvas.width) else { return }
        // Which of its columns hold a letter, found in one pass along it (the cuts ask of a column
        // again and again: each question walked the title from its start).
        // (1: the first column of a letter, 2: the second of a wide one, 0: no letter; 3: the first
        // column of a character that is a word of its own, a CJK one: never a piece, but in sight.)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: columns) { letters in
            letters.initialize(repeating: 0)
            var at = 0
            for c in label {
                let w = CharacterWidth.of(c)
                guard w > 0, at + w <= columns else { at += max(w, 0); continue }
                if w == 2 {
                    if c.unicodeScalars.first.map({ CardPainter.joinsWords($0.value) }) == true {
                        letters[at] = 1
                        letters[at + 1] = 2
                    } else {
                        letters[at] = 3
                    }
                } else if w == 1 && c != " " {
                    letters[at] = 1
                }
                at += w
            }
            func letter(_ column: Int) -> Bool { column >= x && column < x + columns && (letters[column - x] == 1 || letters[column - x] == 2) }
            let width = canvas.width
            let cell = Cell(glyph, style: style)
            eraseCutWords(row: y, x, x + columns, width: width, letter: letter, erase: { canvas.putPrepared(cell, x: $0, y: y, within: width) })
            // Whether a letter of it is still in sight (its first column: a card that covers it
            // takes the rest of a wide one); a title all in Chinese characters too (its pads went,
            // `大阪市──╯`; helper-96).
            for column in x..<(x + columns) where (letters[column - x] == 1 || letters[column - x] == 3) && !isCovered(x: column, y: y, width: width) && canvas[column, y] != cell {
                return
            }
            if !isCovered(x: x - 1, y: y, width: width) { canvas.putPrepared(cell, x: x - 1, y: y, within: width) }
            if !isCovered(x: x + columns, y: y, width: width) { canvas.putPrepared(cell, x: x + columns, y: y, within: width) }
        }
    }
}
