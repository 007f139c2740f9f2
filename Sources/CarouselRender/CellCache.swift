import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselText

/// Cards prepared for drawing: art parsed once per card, then resampled and blurred once per size
/// and blur step; text laid out once per width and cut into cells once per size. A frame of a
/// running animation then only copies cells. Bounded in entries, cells and laid-out lines, so huge
/// decks and huge cards stay small.
public struct CellCache: Sendable {
    /// A card as the caches know it: its identity (where it came from), and its place in the deck
    /// for cards made in memory without one. Never the deck index alone, which a reloaded deck reuses.
    struct CardKey: Hashable {
        var id: String
        var index: Int
    }

    private struct LinesKey: Hashable {
        var card: CardKey
        var width: Int
        var ascii: Bool
        var title: Bool
        var wrapsCode: Bool
    }

    private struct TextKey: Hashable {
        var lines: LinesKey
        var height: Int
        var first: Int
        var fits: Bool
        var color: Bool
        /// The search (its generation) whose match is scrolled into sight, past a code line's cut or
        /// a one-row card's edge; 0: none.
        var scrolledFor = 0
    }

    /// A search's first match in a card's code line past the card's edge: the laid line it cut,
    /// and the text's own line (see `TextLayout.codeRow`), found with the card's first line shown.
    struct CutMatch {
        var laid: Int
        var own: Int
    }

    /// Blur is drawn in steps of 1/20 of full blur: finer differences do not show in cells.
    static let blurSteps = 20.0
    /// Most entries of each kind. (A held key in the lyrics look or the ring meets more sizes and
    /// blur steps of the built-in deck's twenty cards than 512: the art was emptied again and again
    /// and prepared anew, 4 allocations a frame in the lyrics look long after every card had been
    /// seen; 2048 held them with 400 KB more at the peak. The cells' budget below bounds the memory.)
    static let limit = 2048
    /// Most cells held prepared (art and text together), about 40 MB: a few hundred big cards.
    static let cellBudget = 1 << 20

    /// Each art card's prepared art, in a table by deck index (modulo the table's size: the cards
    /// on a screen are neighbours in the deck, so they never share a place; lyrics on a screen of
    /// a few hundred rows shows the most, about one card a row), checked against the card's
    /// identity: a frame finds a card's art without hashing its identity (a string), which cost a
    /// held key more than copying the art did.
    private var artSlots: [ArtSlot] = []
    static let artSlotCount = 256
    /// The cells and inks of all the prepared art, one entry after another (`ArtCells` says where
    /// each is): room for the cells' budget is reserved once (address space, not memory, until it is
    /// filled), so that preparing art while cards move allocates nothing. Emptied with the entries.
    private var artCells: [Cell] = []
    private var artInk: [Double] = []
    private var workspace = ArtWorkspace()
    /// Prepared art in all the slots (bounded by `limit`, with the text's cells by `cellBudget`).
    private var artEntries = 0
    private var laidOut: [LinesKey: [LaidLine]] = [:]
    /// Where laid-out lines begin in their text's own lines (see `sourceLines`).
    private var sourceMaps: [LinesKey: SourceLines] = [:]
    /// Where each text card on the strip opens while a search is on (see `opening`), and the
    /// zoom's first match (`firstMatch`; -1: none).
    /// With where the first match is when it is past a code line's cut (kept with it: two tables,
    /// emptied apart, could answer for the line and not for the cut: helper-23).
    private var opensAt: [TextKey: (generation: Int, first: Int, cut: CutMatch?)] = [:]
    private var text: [TextKey: TextCells] = [:]
    private var heldCells = 0
    /// Laid-out lines held, over every width (a huge card laid out at many widths is cleared out).
    private var heldLines = 0
    static let lineBudget = 200_000

    public init() {}

    /// Makes room for `cells` more cells, emptying the prepared entries when the budget is spent.
    private mutating func reserve(_ cells: Int) {
        guard heldCells + cells > CellCache.cellBudget || artEntries >= CellCache.limit || text.count >= CellCache.limit else { return }
        // The art's sizes stay parsed; what was made of them goes.
        for i in artSlots.indices { artSlots[i].forgetPrepared() }
        artEntries = 0
        artCells.removeAll(keepingCapacity: true)
        artInk.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        heldCells = 0
    }

    /// The art of an art card fitted into `box` (keeping its proportions), blurred by `blur` (0...1),
    /// as cells ready to copy in the look of `glyphs`. Of the art's sizes, the smallest that is at
    /// least as big as the fitted size is shrunk to it (the largest, when none is).
    mutating func art(_ drawing: Art, of card: Card, index: Int, fitting box: (width: Int, height: Int), blur: Double, glyphs: Glyphs) -> ArtCells {
        let step = Int((clamp(blur, 0...1) * CellCache.blurSteps).rounded())
        let ascii = glyphs.isASCII
        if artSlots.isEmpty {
            artSlots = Array(repeating: ArtSlot(), count: CellCache.artSlotCount)
            artCells.reserveCapacity(CellCache.cellBudget)
            artInk.reserveCapacity(CellCache.cellBudget)
        }
        let slot = index & (CellCache.artSlotCount - 1)
        if artSlots[slot].id != card.id {
            // Another card (one far along a big deck, or the deck read again): its sizes parsed anew.
            // (The same card at another place would draw the same: the place is not checked.)
            // (Its art stays in the store, unreachable, until the store is emptied.)
            artEntries -= artSlots[slot].entries.count
            artSlots[slot] = ArtSlot(id: card.id, grids: drawing.variants.map { ArtGrid(lines: $0) })
        }
        // The size and blur of the frame before (a card at rest, or one that moves without changing size).
        if let last = artSlots[slot].last, last.box == box, last.blurStep == step, last.ascii == ascii {
            return artSlots[slot].entries[last.entry]
        }
        let sizes = artSlots[slot].sizes
        let variant = ArtSize.variant(among: sizes, fitting: box)
        let size = sizes[variant].fittedSize(in: box)
        let key = ArtKey(variant: variant, width: size.width, height: size.height, blurStep: step, ascii: ascii).packed
        if let found = artSlots[slot].keys.firstIndex(of: key) {
            artSlots[slot].last = (box, step, ascii, found)
            return artSlots[slot].entries[found]
        }
        reserve(size.width * size.height)
        let cells = prepare(artSlots[slot].grids[variant], width: size.width, height: size.height, blurStep: step, glyphs: glyphs)
        artSlots[slot].keys.append(key)
        artSlots[slot].entries.append(cells)
        artSlots[slot].last = (box, step, ascii, artSlots[slot].entries.count - 1)
        artEntries += 1
        heldCells += cells.width * cells.height
        return cells
    }

    /// `grid` resampled to `width` x `height`, blurred by `blurStep`, in the store as cells.
    private mutating func prepare(_ grid: ArtGrid, width: Int, height: Int, blurStep: Int, glyphs: Glyphs) -> ArtCells {
        guard width > 0, height > 0, grid.width > 0, grid.height > 0 else { return ArtCells(width: 0, height: 0, start: artCells.count) }
        let start = artCells.count
        let codes = workspace.prepare(grid, width: width, height: height, blur: Double(blurStep) / CellCache.blurSteps, ramp: glyphs.ramp)
        ArtCells.append(codes, of: grid.table, glyphs: glyphs, cells: &artCells, ink: &artInk)
        return ArtCells(width: width, height: height, start: start)
    }

    /// Calls `body` with the cells and the inks of `art` (valid during the call only).
    func withCells<Result>(of art: ArtCells, _ body: (UnsafeBufferPointer<Cell>, UnsafeBufferPointer<Double>) -> Result) -> Result {
        let count = art.width * art.height
        return artCells.withUnsafeBufferPointer { cells in
            artInk.withUnsafeBufferPointer { ink in
                body(UnsafeBufferPointer(rebasing: cells[art.start..<(art.start + count)]),
                     UnsafeBufferPointer(rebasing: ink[art.start..<(art.start + count)]))
            }
        }
    }

    /// The cells of `art` (for tests).
    func cells(of art: ArtCells) -> [Cell] { withCells(of: art) { cells, _ in Array(cells) } }

    /// Art prepared in all (for tests: never more than `limit`).
    var preparedArt: Int { artEntries }

    /// A text document laid out `width` cells wide. With `title`, the card's title leads, on a line
    /// of its own, unless the text already opens with it (a card made of one line of input).
    mutating func lines(_ document: TextDocument, of card: Card, index: Int, width: Int, title: Bool, ascii: Bool,
                        wrapsCode: Bool = false) -> [LaidLine] {
        let key = LinesKey(card: CardKey(id: card.id, index: index), width: width, ascii: ascii, title: title, wrapsCode: wrapsCode)
        if let lines = laidOut[key] { return lines }
        if laidOut.count >= CellCache.limit || heldLines > CellCache.lineBudget {
            laidOut.removeAll(keepingCapacity: true)
            sourceMaps.removeAll(keepingCapacity: true)
            heldLines = 0
        }
        // (Zoomed, where code wraps, prose keeps to its measure: see `CardPainter.proseMeasure`.)
        let lines = TextLayout.lines(for: titled(document, of: card, title: title), width: width, ascii: ascii, wrapsCode: wrapsCode,
                                     measure: CardPainter.proseMeasure(wrapsCode: wrapsCode), cellWidth: CharacterWidth.of)
        laidOut[key] = lines
        heldLines += lines.count
        return lines
    }

    /// Where the lines `lines(...)` gives begin in the text's own lines (its file's lines, or a
    /// Markdown text's paragraphs and rows): what counts of hidden lines count in.
    mutating func sourceLines(_ document: TextDocument, of card: Card, index: Int, width: Int, title: Bool, ascii: Bool,
                              wrapsCode: Bool = false) -> SourceLines {
        let key = LinesKey(card: CardKey(id: card.id, index: index), width: width, ascii: ascii, title: title, wrapsCode: wrapsCode)
        if let known = sourceMaps[key] { return known }
        let laid = lines(document, of: card, index: index, width: width, title: title, ascii: ascii, wrapsCode: wrapsCode)
        let map = SourceLines(laid: laid, leading: titleRows(laid, document, of: card, title: title), skipped: document.leadingBlankLineCount)
        sourceMaps[key] = map
        return map
    }

    /// How many of `laid` (lines of `document`, titled when `title` is set) are the title's: a
    /// title laid out before the text (the lyrics look) is no line of it.
    private func titleRows(_ laid: [LaidLine], _ document: TextDocument, of card: Card, title: Bool) -> Int {
        let titleLed = title && titled(document, of: card, title: true).blocks.count > document.trimmingLeadingBlankLines.blocks.count
        return titleLed ? laid.indices.first { $0 > 0 && laid[$0].beginsLine } ?? laid.count : 0
    }

    /// The document without its leading blank lines, with the card's title leading (when `title`
    /// is set and the text does not already open with it: a card made of one line of input).
    private func titled(_ document: TextDocument, of card: Card, title: Bool) -> TextDocument {
        let document = document.trimmingLeadingBlankLines
        guard title, !CellCache.opens(document, with: card.title) else { return document }
        var shown = document
        shown.blocks.insert(.paragraph([TextSpan(card.title, style: SpanStyle(bold: true, role: .heading(1)))]), at: 0)
        return shown
    }

    /// Whether `document`'s first line (past blank ones) is `title`: a card made of one line of
    /// input, or titled by its first line, whose title is no line of its own.
    /// (Told apart by their words, not the blanks between them: a line of `ps aux` is titled with
    /// its columns one blank apart, and its zoom showed it twice; helper-114.)
    static func opens(_ document: TextDocument, with title: String) -> Bool {
        let document = document.trimmingLeadingBlankLines
        let line: String
        switch document.blocks.first {
        case .code(let rows, _)?: line = rows.first?.plainText ?? ""
        case let block?: line = TextDocument(blocks: [block]).plainLines.first ?? ""
        case nil: return false
        }
        // (A title no longer than the line, and not cut, is compared word by word: a zoomed card
        // asks on every frame, of lines up to 10,000 characters long; review.)
        return line == title || title.utf8.count < line.utf8.count && !title.hasSuffix("…") && words(line).elementsEqual(words(title))
    }

    private static func words(_ text: String) -> [Substring] {
        text.split { $0 == " " || $0 == "\t" }
    }

    /// Where a text card `width` x `height` opens while `seek` marks a search's matches. `first`,
    /// the first line it shows: 0 when its first match is among the lines it shows from the top
    /// (or it has none); else a third of the card above the match, for its context (a wrapped
    /// paragraph's first rows; none on a card of three rows, which shows one line), or where the
    /// rest of the text just fills the card, so that the match can be read on the card (a card of
    /// one or two rows, from the match's line). A big text lays out only the lines around its
    /// match, and `first` counts its own lines: see `bigOpening`. `cut`: the first match when it is
    /// past the cut of a code line (to be scrolled into sight: see `text(seeking:cut:)`). The match is sought once per search and width (a
    /// card that changes height as it moves, in Scaled mode, does not search its text again).
    mutating func opening(_ document: @autoclosure () -> TextDocument, of card: Card, index: Int, width: Int, height: Int,
                          title: Bool, ascii: Bool, seek: CardPainter.Seek) -> (first: Int, cut: CutMatch?) {
        let linesKey = LinesKey(card: CardKey(id: card.id, index: index), width: width, ascii: ascii, title: title, wrapsCode: false)
        let key = TextKey(lines: linesKey, height: height, first: 0, fits: true, color: false)
        if let known = opensAt[key], known.generation == seek.generation { return (known.first, known.cut) }
        if opensAt.count >= CellCache.limit { opensAt.removeAll(keepingCapacity: true) }
        var first = 0
        var cut: CutMatch?
        let source = document()
        if !TextLayout.isBig(source) {
            let all = lines(source, of: card, index: index, width: width, title: title, ascii: ascii)
            // The first matching line at this width (-1: none), kept apart from the height.
            let matchKey = TextKey(lines: linesKey, height: -1, first: 0, fits: true, color: false)
            var hit: Int
            if let known = opensAt[matchKey], known.generation == seek.generation {
                hit = known.first
                cut = known.cut
            } else {
                if let line = TextLayout.firstLine(in: all, matching: seek.find) {
                    hit = line
                    // A match past a code line's cut before it comes first (helper-31: the card
                    // showed line 51's match, `e` opened at line 31's, which the card never showed).
                    // (A code row's: a paragraph's match split by the wrap is found on its rows.)
                    let titledSource = titled(source, of: card, title: title)
                    if source.blocks.contains(where: { if case .code = $0 { true } else { false } }),
                       let earlier = cutLine(in: all, of: titledSource, matching: seek.find), earlier.laid < line,
                       TextLayout.codeRow(earlier.own, of: titledSource, width: width, ascii: ascii, showing: seek.find,
                                          cellWidth: CharacterWidth.of) != nil {
                        cut = earlier
                        hit = earlier.laid
                    }
                } else {
                    cut = cutLine(in: all, of: titled(source, of: card, title: title), matching: seek.find)
                    hit = cut?.laid ?? -1
                }
                opensAt[matchKey] = (seek.generation, hit, cut)
            }
            if height < 3 {
                // A row or two, none for the row above: the match's line first, when it is not
                // on the card already (the first row; the second says how many more follow), or
                // the last two lines when it is the last (not one line over an empty row).
                if all.count > height, hit > 0 { first = min(hit, all.count - height) }
            } else if all.count > height, hit >= height - 1 {
                let context = height >= 4 ? max(1, (height - 1) / 3) : 0
                first = max(1, min(hit - context, all.count - (height - 1)))
                first = CellCache.cleanStart(first, before: hit, in: all, latest: all.count - (height - 1), rows: height - 1)
            }
        } else {
            (first, cut) = bigOpening(source, of: card, index: index, width: width, height: height, title: title, ascii: ascii, seek: seek)
        }
        opensAt[key] = (seek.generation, first, cut)
        return (first, cut)
    }

    /// Where a big text's card (see `TextLayout.isBig`) opens while `seek` marks a search's
    /// matches, laying out only the lines around its first match (a card of a 5,000-line log
    /// showed its top while the search had found it for a match at line 5,000): `first` 0 when the
    /// match shows from the top, else where the card shows the text from (of the text without its
    /// leading blank lines; what `TextDocument.dropping` takes: its own line, or a table's body row
    /// under the table's header), under a row saying how many lines are above (see `text`): a
    /// third of the card over the match, or where the rest of the text just fills the card.
    /// `cut`, as in `opening`: a match past a code line's cut, among the lines `text` lays out.
    private mutating func bigOpening(_ source: TextDocument, of card: Card, index: Int, width: Int, height: Int,
                                     title: Bool, ascii: Bool, seek: CardPainter.Seek) -> (first: Int, cut: CutMatch?) {
        // The line of the match, sought once per search (its lines do not depend on the width).
        let matchKey = TextKey(lines: LinesKey(card: CardKey(id: card.id, index: index), width: 0, ascii: false, title: false,
                                               wrapsCode: false),
                               height: -2, first: 0, fits: true, color: false)
        let base = source.trimmingLeadingBlankLines
        let match: Int
        if let known = opensAt[matchKey], known.generation == seek.generation {
            match = known.first
        } else {
            match = base.plainLines.firstIndex { !seek.find(Array($0)).isEmpty } ?? -1
            opensAt[matchKey] = (seek.generation, match, nil)
        }
        guard match >= 0 else { return (0, nil) }
        /// The row among `lines` where the text's own line `own` (counted in `lines`' own) begins.
        func row(of own: Int, in lines: [LaidLine], leading: Int = 0) -> Int? {
            let map = SourceLines(laid: lines, leading: leading)
            return lines.indices.first { $0 >= leading && map.above($0) >= own }
        }
        /// `cut` for the match on row `hit` of `lines`, the text's own line `own` of `document`,
        /// when the row does not show it.
        func cutMatch(hit: Int, own: Int, of document: TextDocument, in lines: [LaidLine]) -> CutMatch? {
            guard hit < lines.count, seek.find(Array(lines[hit].text)).isEmpty,
                  TextLayout.codeRow(own, of: document, width: width, ascii: ascii, showing: seek.find, cellWidth: CharacterWidth.of) != nil
            else { return nil }
            return CutMatch(laid: hit, own: own)
        }
        // From the top, as the card is, when the match is among the rows it shows there.
        let titledSource = titled(source, of: card, title: title)
        let head = TextLayout.head(for: titledSource, width: width, rows: height, ascii: ascii, cellWidth: CharacterWidth.of)
        let leading = titleRows(head.lines, source, of: card, title: title)
        let titleLines = titledSource.blocks.count - base.blocks.count
        // (The row of its line that shows the match: a long line wraps into many.)
        if let begin = row(of: match, in: head.lines, leading: leading),
           (CellCache.matchRow(from: begin, in: head.lines, find: seek.find) ?? begin) < (height >= 3 ? height - 1 : 1) {
            return (0, cutMatch(hit: begin, own: match + titleLines, of: titledSource, in: head.lines))
        }
        // Else from a little above it: the lines up to a card's height above the match laid out
        // (each is a row at least), and the latest line begun a third of the card over it, or
        // one from which the rest of the text fills the card.
        let context = height >= 4 ? max(1, (height - 1) / 3) : 0
        let rows = height >= 3 ? height - 1 : height
        // (Lines of a window that begins inside a table, under its header, count one more: see
        // `TextDocument.dropping`.)
        let (after, dropped, header) = base.dropping(lines: max(1, match - rows))
        let own = match - dropped + (header ? 1 : 0)
        let (window, cut) = after.prefix(lines: own + rows + 1)
        let laid = TextLayout.lines(for: window, width: width, ascii: ascii, cellWidth: CharacterWidth.of)
        guard let begin = row(of: own, in: laid) else { return (0, nil) }
        let hit = CellCache.matchRow(from: begin, in: laid, find: seek.find) ?? begin
        let map = SourceLines(laid: laid)
        // (The first line begun on that row or under it: not the end of a wrapped one.)
        var start = map.above(max(0, hit - context))
        if let top = row(of: start, in: laid), top < hit - context { start = min(start + 1, own) }
        if !cut {
            // (Near the text's end: back as far as the rest still fits the card, never above the window.)
            while start > 0, let top = row(of: start - 1, in: laid), laid.count - top <= rows { start -= 1 }
        }
        // Where the card's lines begin (a paragraph is left out whole or not at all; a table's
        // rows under its header).
        let (shown, first, shownHeader) = base.dropping(lines: header ? dropped - 1 + max(start, 1) : dropped + start)
        let shift = shownHeader ? 1 : 0
        guard first - shift > 0 else { return (0, nil) }
        // (As `text` lays them out; a match not among them leaves the card at the text's top, as
        // it was, and the zoom opens at it.)
        let lines = TextLayout.head(for: shown, width: width, rows: CellCache.bigWindowRows(rows), ascii: ascii, cellWidth: CharacterWidth.of).lines
        guard let found = row(of: match - first + shift, in: lines) else { return (0, nil) }
        return (first, cutMatch(hit: found, own: match - first + shift, of: shown, in: lines))
    }

    /// How many rows a big text's card lays out from where it opens at a match (`rows` shown): the
    /// match may lie that far below where its window can begin (inside a paragraph's rows, a
    /// table record's).
    static func bigWindowRows(_ rows: Int) -> Int { max(2 * rows + 2, 64) }

    /// The first row of `lines` from `begin` on, within the line begun there, that `find` finds
    /// a match on; nil when none of them shows one.
    static func matchRow(from begin: Int, in lines: [LaidLine], find: MatchFinder) -> Int? {
        var row = begin
        while row < lines.count, row == begin || !lines[row].beginsLine {
            if !find(Array(lines[row].text)).isEmpty { return row }
            row += 1
        }
        return nil
    }

    /// The context above a match begins where a line of the text begins, not with the rest of the
    /// one before it (a paragraph's last words, "ay." of a "Thursd-" the wrap broke, read as a line
    /// of their own under "↑ 7 above"; helper-11): with the first line begun after `first` up to
    /// the match's own (not a blank one), else, within the match's paragraph, after the rows of a
    /// broken word; never past `latest`, the first line from which the rest of the text fills
    /// the card (the card would show blank rows under the text's end; helper-13); else back where
    /// the line began, when the match still shows below it in the card's `rows` (after the row
    /// saying what is above, before one saying what follows: helper-27 saw "↑ 1 above" over the
    /// last words of a wrapped sentence, its start hidden too); else past `latest`, at the next
    /// line begun up to the match's, when that leaves out two rows or fewer.
    static func cleanStart(_ first: Int, before hit: Int, in lines: [LaidLine], latest: Int, rows: Int) -> Int {
        let last = min(hit, latest)
        guard first > 0, first < hit, hit < lines.count, !lines[first].beginsLine else { return first }
        if first < last, let begun = lines[(first + 1)...last].firstIndex(where: { $0.beginsLine && !$0.text.allSatisfy { $0 == " " } }) {
            return begun
        }
        if let start = lines[1..<first].lastIndex(where: \.beginsLine), hit - start <= rows - 2 { return start }
        // Else past `latest`, where the match's line or one before it begins, when what that
        // leaves out is a row or two: a blank row or two under the text's end rather than a
        // line's last words alone at the top ("59" under "↑ 58 lines above", the end of "…the
        // lazy dog number 59"; helper-34). A longer tail is kept, as context.
        if let begun = lines[(first + 1)...hit].firstIndex(where: { $0.beginsLine && !$0.text.allSatisfy { $0 == " " } }),
           begun - first <= 2 {
            return begun
        }
        // (Every row of a word broken over several: helper-85 saw `haft` of a long German word;
        // past `latest` one row at most, as before: further left the card blank under the match.)
        var start = first
        while start < hit, start == first || start < latest {
            var above = Array(lines[start - 1].text)
            while above.last == " " { above.removeLast() }
            guard above.count >= 2, above.last == "-", above[above.count - 2].isLetter else { break }
            start += 1
        }
        return start
    }

    /// Where the first of `document`'s own lines that `find` matches begins among its laid
    /// lines `laid`, when it is a line the card cut (source code is cut at the card's edge, not
    /// wrapped: a match past the cut is in no laid line, and the card showed the top of the file).
    /// Nil when the laid lines' beginnings answer to the text's lines neither one to one nor as the
    /// card counts the lines it hides (`SourceLines`).
    private func cutLine(in laid: [LaidLine], of document: TextDocument, matching find: MatchFinder) -> CutMatch? {
        // (Not the notes at its end, which begin no laid line: review.)
        let own = Array(document.plainLines.dropLast(document.endNoteLines))
        guard let line = own.firstIndex(where: { !find(Array($0)).isEmpty }) else { return nil }
        let starts = laid.indices.filter { $0 == 0 || laid[$0].beginsLine }
        if starts.count == own.count { return CutMatch(laid: starts[line], own: line) }
        // Lines that do not begin one of the text's each (a table shown as records, a row a
        // record of several lines: helper-39): the laid line where its line begins, counted as
        // the card counts the lines it hides.
        let map = SourceLines(laid: laid)
        guard map.count == own.count, let row = laid.indices.first(where: { map.above($0) == line }) else { return nil }
        return CutMatch(laid: row, own: line)
    }

    /// The first line of a text laid out `width` wide (as the zoom lays it out: no title, long
    /// code lines wrapped) that `seek` matches, if any; found once per search and width.
    mutating func firstMatch(_ document: @autoclosure () -> TextDocument, of card: Card, index: Int, width: Int, ascii: Bool,
                             seek: CardPainter.Seek) -> Int? {
        let linesKey = LinesKey(card: CardKey(id: card.id, index: index), width: width, ascii: ascii, title: false, wrapsCode: true)
        let key = TextKey(lines: linesKey, height: 0, first: 0, fits: false, color: false)
        if let known = opensAt[key], known.generation == seek.generation { return known.first >= 0 ? known.first : nil }
        if opensAt.count >= CellCache.limit { opensAt.removeAll(keepingCapacity: true) }
        let all = lines(document(), of: card, index: index, width: width, title: false, ascii: ascii, wrapsCode: true)
        let hit = TextLayout.firstLine(in: all, matching: seek.find)
        opensAt[key] = (seek.generation, hit ?? -1, nil)
        return hit
    }

    /// A text card's cells for an area of `width` x `height`: its lines from `first` on; when `fits`
    /// is set, cut to the height with a last line saying how many more there are (a card), else
    /// simply the lines that fall in the area (a zoomed card scrolled to `first`, its long code
    /// lines wrapped: `wrapsCode`).
    mutating func text(_ document: @autoclosure () -> TextDocument, of card: Card, index: Int, width: Int, height: Int, first: Int = 0, fits: Bool = true,
                       title: Bool, wrapsCode: Bool = false, seeking seek: CardPainter.Seek? = nil, cut: CutMatch? = nil,
                       painter: CardPainter) -> TextCells {
        let ascii = painter.theme.glyphs.isASCII
        let linesKey = LinesKey(card: CardKey(id: card.id, index: index), width: width, ascii: ascii, title: title, wrapsCode: wrapsCode)
        // (A search's match is scrolled into sight on a cut code line, and on a card of one row.)
        // (And on a big text shown from a match's line: see below.)
        let scrolls = seek != nil && (cut != nil || (fits && (height == 1 || first > 0)))
        let key = TextKey(lines: linesKey, height: height, first: first, fits: fits, color: painter.theme.usesColor,
                          scrolledFor: scrolls ? seek?.generation ?? 0 : 0)
        if let cells = text[key] { return cells }
        var shown: [LaidLine], total: Int
        let source = document()
        if fits && TextLayout.isBig(source) && first > 0 {
            // A big text opened at a search's match (`bigOpening`): its lines from its own line
            // `first` on, under a row saying how many are above (its leading blank lines too).
            let (window, dropped, header) = source.trimmingLeadingBlankLines.dropping(lines: first)
            let rows = height >= 3 ? height - 1 : height
            var head = TextLayout.head(for: window, width: width, rows: CellCache.bigWindowRows(rows), ascii: ascii, cellWidth: CharacterWidth.of)
            if let cut, let seek, cut.laid < head.lines.count,
               let row = TextLayout.codeRow(cut.own, of: window, width: width, ascii: ascii, showing: seek.find, cellWidth: CharacterWidth.of) {
                head.lines[cut.laid] = row
            }
            // (The window's lines, before any row is left out below.)
            let windowLines = SourceLines(laid: head.lines, unlaid: head.unlaid).count
            // A match on a row the card would not show (its line wraps into more rows than the
            // card has, or it lies deep in a table): the rows above it left out, and the lines
            // left out whole that way counted above.
            let visible = height == 1 ? 1 : head.lines.count + head.unlaid > rows ? rows - 1 : rows
            // (A table's header repeated at the top is no line left out.)
            var above = source.leadingBlankLineCount + dropped - (header ? 1 : 0)
            if let seek, let hit = head.lines.firstIndex(where: { !seek.find(Array($0.text)).isEmpty }), hit >= visible {
                // (A third of the card over the match, as `opening` leaves it, unless the rest of
                // the text would then leave the card's foot blank; it stood on the last row.)
                let context = height >= 4 ? max(1, (height - 1) / 3) : 0
                var left = hit - context
                if head.unlaid == 0 { left = min(left, head.lines.count - rows) }
                left = max(left, hit - visible + 1)
                above += SourceLines(laid: head.lines).above(left)
                head.lines.removeFirst(left)
            }
            let counted = SourceLines(laid: head.lines, unlaid: head.unlaid)
            shown = TextLayout.fit(lines: head.lines, unlaid: head.unlaid, height: rows, width: width, ascii: ascii, cellWidth: CharacterWidth.of,
                                   source: counted)
            if height == 1, let seek {
                // One row: the match's line unwrapped (of the block the window begins with: a
                // table's row, a paragraph's line after a hard break), begun a little before the
                // match when it is far into it, as a small text's one-row card shows it, and the
                // count of the lines after it.
                var lead = TextDocument(blocks: Array(window.blocks.prefix(1)))
                if case .table(var table, let margin)? = lead.blocks.first, table.rows.count > CellCache.bigWindowRows(rows) + 1 {
                    table.rows = Array(table.rows.prefix(CellCache.bigWindowRows(rows) + 1))
                    lead.blocks[0] = .table(table, margin: margin)
                }
                let unwrapped = TextLayout.lines(for: lead, width: CellCache.unwrappedWidth, ascii: ascii, cellWidth: CharacterWidth.of)
                let at = unwrapped.firstIndex { !seek.find(Array($0.text)).isEmpty } ?? 0
                let more = max(0, windowLines - SourceLines(laid: unwrapped).above(at) - 1)
                let reserve = more > 0 ? 9 + String(more).count : 1
                if at < unwrapped.count {
                    var line = unwrapped[at]
                    if let scrolled = TextLayout.scrolled(line, showing: seek.find, width: width, reserve: reserve, ascii: ascii,
                                                          cellWidth: CharacterWidth.of) {
                        line = scrolled
                    }
                    if let row = TextLayout.oneRow(line, more: more, width: width, ascii: ascii, cellWidth: CharacterWidth.of) { shown = [row] }
                }
            }
            if height >= 3 {
                // (With the card's title, where the card leads with it: see `TextLayout.fit(lines:from:)`.)
                let top = title ? TextLayout.titledAboveLine(above, title: card.title, width: width, ascii: ascii, cellWidth: CharacterWidth.of) : nil
                shown.insert(top ?? TextLayout.aboveLine(above, width: width, ascii: ascii), at: 0)
            }
            total = dropped + head.lines.count + head.unlaid
        } else if fits && TextLayout.isBig(source) {
            // A big text on a card: its first lines, and the rest counted as lines of the source
            // (always, so that the count stays the same once the zoom has laid the whole text out).
            let titledSource = titled(source, of: card, title: title)
            var head = TextLayout.head(for: titledSource, width: width, rows: height, ascii: ascii, cellWidth: CharacterWidth.of)
            // (A search's match past a code line's cut: the line scrolled to show it.)
            if let cut, let seek, cut.laid < head.lines.count,
               let row = TextLayout.codeRow(cut.own, of: titledSource, width: width, ascii: ascii, showing: seek.find, cellWidth: CharacterWidth.of) {
                head.lines[cut.laid] = row
            }
            // Counted in the text's lines too: the head's, and those not laid out.
            let counted = SourceLines(laid: head.lines, leading: titleRows(head.lines, source, of: card, title: title),
                                      skipped: source.leadingBlankLineCount, unlaid: head.unlaid)
            shown = TextLayout.fit(lines: head.lines, unlaid: head.unlaid, height: height, width: width, ascii: ascii, cellWidth: CharacterWidth.of,
                                   source: counted)
            total = head.lines.count + head.unlaid
        } else {
            var all = lines(source, of: card, index: index, width: width, title: title, ascii: ascii, wrapsCode: wrapsCode)
            // A search's match past a code line's cut: the line scrolled to show it.
            if let cut, let seek, cut.laid < all.count,
               let row = TextLayout.codeRow(cut.own, of: titled(source, of: card, title: title), width: width, ascii: ascii,
                                            showing: seek.find, cellWidth: CharacterWidth.of) {
                all[cut.laid] = row
            }
            // Hidden lines are counted in the text's own lines, not in rows.
            let counted = fits && all.count > height
                ? sourceLines(source, of: card, index: index, width: width, title: title, ascii: ascii, wrapsCode: wrapsCode) : nil
            shown = fits ? TextLayout.fit(lines: all, from: first, height: height, width: width, ascii: ascii, cellWidth: CharacterWidth.of,
                                          source: counted, title: title ? card.title : nil)
                : Array(all.dropFirst(first).prefix(height))
            total = all.count
            if fits, height == 1, all.count > 1 {
                // One row (lyrics, a tiny screen): the first paragraph or line unwrapped, cut at the
                // edge; with a search, the one holding the match (`first`, a row of `all`: the
                // lyrics at 80x24 showed every match's first line, helper-20).
                let unwrapped = lines(source, of: card, index: index, width: CellCache.unwrappedWidth, title: title, ascii: ascii)
                let map = SourceLines(laid: unwrapped)
                var at = 0
                if first > 0 {
                    let line = SourceLines(laid: all).above(first)
                    at = unwrapped.indices.first { map.above($0) == line } ?? 0
                }
                // A line longer than the unwrapped width goes on in rows of its own: the one
                // holding the match (helper-31: a match 1,000 characters into a minified line
                // showed the line's start).
                if let seek, at < unwrapped.count, seek.find(Array(unwrapped[at].text)).isEmpty {
                    var row = at + 1
                    while row < unwrapped.count, !unwrapped[row].beginsLine, seek.find(Array(unwrapped[row].text)).isEmpty { row += 1 }
                    if row < unwrapped.count, !unwrapped[row].beginsLine { at = row }
                }
                if at < unwrapped.count {
                    var line = unwrapped[at]
                    let more = map.from(at + 1)
                    // The match past the row's end: the line begun a little before it (room kept
                    // for the count, "… 12 more", when lines follow); a code line's, past the
                    // unwrapped width too, from the whole line.
                    let reserve = more > 0 ? 9 + String(more).count : 1
                    if let seek,
                       let scrolled = TextLayout.scrolled(line, showing: seek.find, width: width, reserve: reserve,
                                                          ascii: ascii, cellWidth: CharacterWidth.of) {
                        line = scrolled
                    } else if let cut, let seek, width > reserve + 2,
                              let row = TextLayout.codeRow(cut.own, of: titled(source, of: card, title: title), width: width - reserve,
                                                           ascii: ascii, showing: seek.find, cellWidth: CharacterWidth.of) {
                        line = row
                    }
                    if let row = TextLayout.oneRow(line, more: more, width: width, ascii: ascii, cellWidth: CharacterWidth.of) {
                        shown = [row]
                    }
                }
            }
        }
        // A card with no text says so (an empty file, an empty slide), rather than look unfinished;
        // under its title where the card shows one (the lyrics at 120x40 showed a blank note's
        // title alone: helper-39).
        // (Not a text of pictures alone, drawn beside it: helper-93 saw "(empty)" under them.)
        if first == 0, source.figure?.path == nil, total == 0 || (title && total < height
                                      && lines(source, of: card, index: index, width: width, title: false, ascii: ascii,
                                               wrapsCode: wrapsCode).isEmpty) {
            let empty = "(empty)"
            if empty.count <= width { shown.append(LaidLine(content: [TextSpan(empty, style: .decoration)], width: empty.count)) }
        }
        reserve(width * height)
        let cells = TextCells(shown, width: width, height: height, totalLines: total, accent: card.accent, painter: painter)
        text[key] = cells
        heldCells += cells.cells.count
        return cells
    }

    /// The width a card of one row lays its text out at: a paragraph is one line.
    static let unwrappedWidth = 1_000

    /// Cells held prepared right now (never more than `cellBudget` plus one entry), the art of a
    /// card whose slot another card took included: it stays in the store, out of reach, until the
    /// store is emptied (a deck of more art cards than slots empties it sooner than it would fill).
    var preparedCells: Int { heldCells }
}

/// Art as the canvas stores it: one unstyled cell per column (a wide glyph followed by its
/// continuation), already in the look's displayable glyphs, with each cell's ink for thinning.
/// Painting a card then copies cells and sets their style; nothing is looked up per glyph. The
/// cells are in `CellCache`'s store, from `start` on (see `CellCache.withCells(of:_:)`).
struct ArtCells: Sendable {
    let width: Int
    let height: Int
    let start: Int

    /// Appends the cells and inks of a grid's `codes` (entries of `table`).
    static func append(_ codes: [UInt32], of table: GlyphTable, glyphs: Glyphs, cells: inout [Cell], ink: inout [Double]) {
        // The right half of a wide glyph; blank when the look shows it narrow.
        let continuation = glyphs.isASCII ? Cell.blank : Cell(" ", width: 0)
        // Each of the art's glyphs becomes a cell once, the first time it is met (what was made of
        // each is kept on the stack: art is prepared while cards move, and allocates nothing).
        withUnsafeTemporaryAllocation(of: Cell?.self, capacity: table.count) { prepared in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: table.count) { inkOf in
                prepared.initialize(repeating: nil)
                inkOf.initialize(repeating: 0)
                for code in codes {
                    if code == ArtGrid.continuation {
                        cells.append(continuation)
                        ink.append(0)
                        continue
                    }
                    let entry = Int(code)
                    if prepared[entry] == nil {
                        let shown = glyphs.displayable(table.glyphs[entry])
                        let columns = CharacterWidth.of(shown)
                        prepared[entry] = columns == 0 ? .blank : Cell(shown, width: UInt8(columns))
                        inkOf[entry] = Ink.of(shown)
                    }
                    cells.append(prepared[entry]!)
                    ink.append(inkOf[entry])
                }
            }
        }
    }
}

/// One art card's place in `CellCache`: its sizes parsed, and the art made of them so far (a few
/// dozen sizes and blur steps at most, looked through in order: cheaper than hashing).
private struct ArtSlot {
    /// The card's identity; nil for an empty slot.
    var id: String? = nil
    var grids: [ArtGrid] = []
    /// The grids' dimensions apart (what choosing a size asks of them).
    var sizes: [ArtSize] = []
    /// What was made of them: `entries[k]` is the art `keys[k]` names (`ArtKey.packed`: the keys
    /// apart, so that looking through them copies no cells, and each a word: a card that changes
    /// size every frame looks through a few dozen of them, which cost a 20 s held key in the ring
    /// 1.7% of its time as five-field keys).
    var keys: [UInt64] = []
    var entries: [ArtCells] = []
    /// The box, blur step and look the card was last drawn with, and the entry that drew it.
    var last: (box: (width: Int, height: Int), blurStep: Int, ascii: Bool, entry: Int)? = nil

    init() {}

    init(id: String, grids: [ArtGrid]) {
        self.id = id
        self.grids = grids
        sizes = grids.map(\.size)
        // Room for the sizes and blurs a card passes through, made with the slot, not as it moves.
        keys.reserveCapacity(ArtSlot.usualEntries)
        entries.reserveCapacity(ArtSlot.usualEntries)
    }

    /// Room kept for each card's art: more than the few dozen sizes and blur steps a card passes
    /// through in motion (a card that meets more makes its lists grow, once).
    static let usualEntries = 128

    mutating func forgetPrepared() {
        keys.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        last = nil
    }
}

/// Which art of a card: the size of it that was shrunk (see `ArtSize.variant(among:fitting:)`),
/// the size it was shrunk to, the blur step and the look.
private struct ArtKey {
    var variant: Int
    var width: Int
    var height: Int
    var blurStep: Int
    var ascii: Bool

    /// The key as one word, equal for equal keys: 16 bits for each dimension (a card wider or
    /// taller than 65,535 cells would share its key with a smaller one; no terminal is that big),
    /// 8 for the blur step (at most `CellCache.blurSteps`), 1 for the look, and the 23 left for the
    /// variant (a drawing in more than 8 million sizes is no drawing).
    var packed: UInt64 {
        UInt64(UInt16(truncatingIfNeeded: width)) | UInt64(UInt16(truncatingIfNeeded: height)) << 16
            | UInt64(UInt8(truncatingIfNeeded: blurStep)) << 32 | (ascii ? 1 << 40 : 0)
            | UInt64(truncatingIfNeeded: variant) << 41
    }
}
