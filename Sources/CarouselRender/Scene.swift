import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselText

/// What a rendered frame tells the caller besides its cells.
public struct FrameInfo: Sendable, Equatable {
    /// Where the terminal cursor should rest (the active card's title), for screen readers.
    public var cursor: (x: Int, y: Int)?
    /// What a zoomed card shows, when one is open.
    public var zoom: ZoomInfo?

    public init(cursor: (x: Int, y: Int)?, zoom: ZoomInfo? = nil) {
        self.cursor = cursor
        self.zoom = zoom
    }

    public static func == (a: FrameInfo, b: FrameInfo) -> Bool {
        a.cursor?.x == b.cursor?.x && a.cursor?.y == b.cursor?.y && a.zoom == b.zoom
    }
}

/// Turns the carousel's state into a full screen of cells: layout, backdrop, cards in z-order,
/// chrome. The same code serves the terminal and `--render`, so tests see what users see.
public struct Scene: Sendable {
    public var theme: Theme { didSet { themeVersion &+= 1 } }
    /// Counts changes of `theme`: what the chrome's keys hold of it (a theme is a few dozen
    /// strings and characters, each counted again whenever a key holding it was copied).
    private var themeVersion = 0
    /// Cards of the deck that could not be loaded: the status line says how many.
    public var skippedCards = 0
    /// The deck is the first part of a longer input: its count says so, `4/1000000+` (helper-76:
    /// the notice that said so went at the first key); so does a search's (`2/7+ (#130)`): the
    /// rest of the input may hold more matches (helper-111 saw none said while standard input
    /// was still read).
    public var readInPart = false
    /// A search that has not looked at every card yet: its count may grow, and says so with the
    /// same `+` (helper-114 read `1/45 (#1298)` for a search that went on to find 47,942).
    public var searchGoesOn = false
    /// Whether the count may grow: the input read in part, or the search still going.
    var countGoesOn: Bool { readInPart || searchGoesOn }
    /// What the top bar names at its left: the deck's name (a folder's, a manifest's, `standard
    /// input`), or the program's.
    public var deckName = Scene.programName { didSet { if deckName != oldValue { themeVersion &+= 1 } } }
    public static let programName = "carousel"
    /// The rows of the `?` overlay (the app fills them from its key table).
    public var help: [HelpRow] = []
    /// The rows of the `?` overlay over a zoomed card: its own keys; `wholeZoomHelp` where the
    /// card has nothing to scroll (a picture, a note that fits), without the keys that scroll.
    public var zoomHelp: [HelpRow] = []
    public var wholeZoomHelp: [HelpRow] = []
    /// Whether the zoomed card last drawn scrolls (its text is longer than the screen).
    private var zoomScrolls = true
    /// The rows the `?` overlay shows over the zoomed card last drawn.
    public var shownZoomHelp: [HelpRow] { zoomScrolls ? zoomHelp : wholeZoomHelp }
    /// The keys named at the right of the status line (the app's key table gives it; empty shows none).
    public var hint = ""
    /// Shorter hints, for a status line short of room (a long title): the first that leaves the
    /// title its room is shown. They come from the same key table as `hint`, which stands for
    /// them in the chrome's memo.
    public var shorterHints: [String] = []
    /// The same while a card is zoomed, longest first; `wholeZoomHints` where the card's text
    /// fits the screen (nothing to scroll).
    public var zoomHints: [String] = []
    public var wholeZoomHints: [String] = []
    /// The same while the `?` help is open (over the strip or a zoom), longest first;
    /// `wholeHelpHints` where every key fits (nothing to scroll).
    public var helpHints: [String] = []
    public var wholeHelpHints: [String] = []
    /// The hints the status line shows in this frame while the help is open; nil otherwise.
    private var openHelpHints: [String]?
    /// Where picture cards get their cells (converted off the frame path); none: placeholders.
    public var pictures: (any PictureSource)?
    /// What the status line says after the card's place: a kept search, the slideshow.
    public var statusNote = ""
    /// While a search shows some of the deck: each shown card's index in the deck, so that the
    /// status line can say which card of the deck the match is (`1/3 (#17)`); nil otherwise.
    public var deckIndices: [Int]?

    /// The deck's number (from 1) of shown card `index`, while a search shows some of the deck.
    func deckNumber(_ index: Int) -> Int? {
        guard let deckIndices, index >= 0, index < deckIndices.count else { return nil }
        return deckIndices[index] + 1
    }
    /// Said in the status line in place of the card's title (until the app clears it).
    public var message: String?
    /// The search line, while it is open.
    public var searchLine: SearchLine?
    /// Marks what a search matched; nil when nothing is searched.
    public var highlight: MatchFinder? { didSet { highlightGeneration &+= 1 } }
    /// The most characters a match of `highlight` can take (how far from a wrap a match split by
    /// it is sought).
    public var highlightReach = Int.max
    private var highlightGeneration = 0
    /// The laid lines of the zoomed text that hold a match, each with how many matches come before
    /// it, and how many there are (see `zoomMatchCount`), for the card, width and search they were
    /// found for.
    /// `outside`: no match in the text at all, only in the card's title or file's name.
    private var zoomMatchLines: (id: String, width: Int, generation: Int, lines: [(line: Int, before: Int)], total: Int, outside: Bool)?
    /// Shown in the middle when the deck given to `render` has no card (a search matched none).
    public var emptyMessage = "No card matches."
    /// The key named at the right of the status line then (Esc after a search, where cards are
    /// left to bring back; else q).
    public var emptyHint = "Esc every card"
    /// The cards of the whole deck, for the status line when a search shows none ("0 of 12").
    public var deckSize = 0
    var engine = LayoutEngine()
    private var cells = CellCache()
    var segments: [(Mode, Range<Int>)] = []
    private var lastPosition = 0.0
    /// The rows the cards had in the last frame (see `ChromeRows`).
    private var lastCardRows = 0..<0
    /// Buffers for marking matches, kept between frames.
    var rowCharacters: [Character] = []
    var rowColumns: [Int] = []
    /// Two rows of a card's text joined, and the cell (y * width + x) of each character.
    var joinedCharacters: [Character] = []
    var joinedCells: [Int] = []
    /// Where the text cards' lines were drawn this frame (what a match split by a wrap is sought in).
    var textAreas: [CellRect] = []
    /// The cells each card of the layout covers this frame, in its order (empty: not drawn).
    var paintedRects: [CellRect] = []

    /// What the chrome rows show; while it stays the same (as during a motion between two cards'
    /// halves) the rows are copied back instead of being built again, so a frame allocates nothing.
    struct ChromeKey: Equatable {
        var mode: Mode, style: StyleKind, loop: Bool, active: Int, count: Int
        var width: Int, height: Int, skipped: Int, more: Bool, themeVersion: Int, hint: String, note: String, message: String?
        /// What the status line shows of the active card: the card at a place can change under
        /// the same count (a kept search answering again after the deck was read again).
        var title: String, subtitle: String, accent: RGB?
        var deckNumber: Int?
    }
    var chromeKey: ChromeKey? {
        didSet {
            if chromeKey == nil {
                topBarKey = nil
                chromeMemoKeys.removeAll(keepingCapacity: true)
                chromeMemoRows.removeAll(keepingCapacity: true)
            }
        }
    }
    private var chromeRows: [Cell] = []
    /// The bottom rows of the last few dozen chromes drawn, the newest last: a held key passes the
    /// same cards again and again, and the status line of a card met before is copied back, not
    /// built again (its strings allocated every time the active card changed).
    private var chromeMemoKeys: [ChromeKey] = []
    private var chromeMemoRows: [[Cell]] = []
    private static let chromeMemoSize = 32
    /// What the top bar shows: it stays the same while a held key changes the active card (and with
    /// it the status line) every other frame, and is copied back then rather than built again.
    struct TopBarKey: Equatable {
        var mode: Mode, style: StyleKind, loop: Bool, width: Int, themeVersion: Int
    }
    private var topBarKey: TopBarKey?
    private var topBarRow: [Cell] = []

    /// What is under a cell of the last rendered frame.
    public enum Hit: Sendable, Equatable {
        /// A card and its slot on the strip (`position + progress`, whole).
        case card(index: Int, slot: Int)
        case segment(Mode)
    }

    /// Smallest screen on which cards are drawn.
    public static let minimumSize = (width: 20, height: 10)
    /// The most columns, and the most rows, the carousel draws (with `--render` too): a screen of
    /// 2000x2000 is 4 million cells, 64 MB a canvas; one of 10000x10000 took 3.3 GB (helper-88).
    public static let largestSide = 2_000

    public init(theme: Theme) { self.theme = theme }

    /// The rows a zoomed text card is laid out in at `width` (nil for art and pictures): what
    /// a zoom's `first` counts.
    public mutating func zoomRows(of card: Card, index: Int, width: Int) -> [LaidLine]? {
        guard case .text(let document) = card.content, width >= 1 else { return nil }
        return cells.lines(document, of: card, index: index, width: width, title: false, ascii: theme.glyphs.isASCII, wrapsCode: true)
    }

    /// Drops every card drawing kept between frames: the deck was read again, and a card may hold
    /// new text under the same identity.
    public mutating func forgetCards() {
        cells = CellCache()
        chromeKey = nil
        zoomMatchLines = nil
    }

    /// The area the cards live in: below the control bar, above the dots and status line.
    public static func viewport(width: Int, height: Int) -> Rect {
        let cards = ChromeRows(height: height).cards
        return Rect(x: 0, y: Double(cards.lowerBound), width: Double(width), height: Double(cards.count))
    }

    /// `helpFirst`: the first key the help shows (see `HelpLayout`).
    public mutating func render(_ state: CarouselState, deck: some CardProvider, helpOpen: Bool = false, helpFirst: Int = 0,
                                zoom: Zoom? = nil, into canvas: inout Canvas) -> FrameInfo {
        canvas.reset(width: canvas.width, height: canvas.height)
        guard canvas.width >= Scene.minimumSize.width, canvas.height >= Scene.minimumSize.height else {
            Chrome.drawTooSmall(need: Scene.minimumSize, on: &canvas)
            segments = []
            chromeKey = nil
            engine.clear()
            return FrameInfo(cursor: nil)
        }
        if deck.count == 0 {
            var info = renderEmpty(state, into: &canvas)
            if let searchLine { info.cursor = drawSearchLine(searchLine, on: &canvas) }
            if helpOpen {
                Chrome.drawHelp(help, first: helpFirst, theme: theme, on: &canvas)
                info.cursor = nil
            }
            return info
        }
        // (Under the help, the keys that scroll and close it: the carousel's only closed it; helper-51.)
        // (Over a zoom they are chosen once the zoom is drawn: its rows depend on whether it scrolls.)
        openHelpHints = nil
        if helpOpen && zoom == nil { openHelpHints = helpHints(for: help, canvas) }
        let viewport = Scene.viewport(width: canvas.width, height: canvas.height)
        engine.update(for: state, viewport: viewport)
        lastPosition = state.shownPosition
        let layout = engine.layout
        pictures?.beginFrame()
        var painter = CardPainter(theme: theme, pictures: pictures)
        painter.seek = highlight.map { CardPainter.Seek(find: $0, generation: highlightGeneration) }
        let activeCard = deck.card(at: state.activeIndex)

        if let backdrop = layout.backdrop {
            painter.paint(backdrop, accent: activeCard.accent, on: &canvas)
        }
        var cursor: (x: Int, y: Int)?
        let cardRows = ChromeRows(height: canvas.height).cards
        lastCardRows = cardRows
        textAreas.removeAll(keepingCapacity: true)
        paintedRects.removeAll(keepingCapacity: true)
        for placement in layout.placements {
            let drawn = Scene.shows(CardPainter.cellRect(for: placement.frame), in: cardRows)
                ? CardPainter.paintedRect(for: placement, in: canvas.bounds) : nil
            paintedRects.append(drawn ?? CellRect(x: 0, y: 0, width: 0, height: 0))
        }
        // A zoom growing over the strip covers the cards as a card in front does: the pieces of
        // words it cuts are hidden (helper-16: "rs," and "ine-" beside it while it grew).
        if let zoom, zoom.index < deck.count { paintedRects.append(zoomRect(zoom, canvas: canvas)) }
        for (i, placement) in layout.placements.enumerated() {
            guard Scene.shows(CardPainter.cellRect(for: placement.frame), in: cardRows) else { continue }
            painter.covers = paintedRects[(i + 1)...]
            let card = deck.card(at: placement.index)
            let active = placement.index == state.activeIndex
            let titleAt = painter.paint(card, at: placement, active: active, cache: &cells, on: &canvas)
            if active { cursor = titleAt }
            if highlight != nil, case .text(let document) = card.content {
                textAreas.append(painter.textBox(of: placement, card: card, document: document, cache: &cells))
            }
        }
        if case .image = activeCard.content, zoom == nil { prefetchPictures(around: state, deck: deck, layout: layout) }
        // Cards must not cover the chrome: clear the rows they may have reached, then draw the chrome.
        let rows = ChromeRows(height: canvas.height)
        canvas.fill(CellRect(x: 0, y: 0, width: canvas.width, height: rows.cards.lowerBound))
        canvas.fill(CellRect(x: 0, y: rows.cards.upperBound, width: canvas.width, height: canvas.height - rows.cards.upperBound))
        let key = ChromeKey(
            mode: state.mode, style: state.style, loop: state.loop, active: state.activeIndex, count: state.count,
            width: canvas.width, height: canvas.height, skipped: skippedCards, more: countGoesOn, themeVersion: themeVersion,
            hint: openHelpHints?.first ?? hint,
            note: statusNote, message: message, title: activeCard.title, subtitle: activeCard.subtitle, accent: activeCard.accent,
            deckNumber: deckNumber(state.activeIndex))
        let chromeRowNumbers = (top: rows.bar, dots: rows.dots, status: rows.status)
        if key == chromeKey {
            canvas.restoreRow(chromeRowNumbers.top, from: topBarRow, at: 0)
            canvas.restoreRow(chromeRowNumbers.dots, from: chromeRows, at: 0)
            canvas.restoreRow(chromeRowNumbers.status, from: chromeRows, at: canvas.width)
        } else {
            let top = TopBarKey(mode: state.mode, style: state.style, loop: state.loop, width: canvas.width, themeVersion: themeVersion)
            if top == topBarKey {
                canvas.restoreRow(chromeRowNumbers.top, from: topBarRow, at: 0)
            } else {
                segments = Chrome.drawTopBar(state, name: deckName, theme: theme, on: &canvas)
                topBarRow.removeAll(keepingCapacity: true)
                canvas.appendRow(chromeRowNumbers.top, to: &topBarRow)
            }
            // (Compared in place, the active card first: a closure over the keys would copy each,
            // with a retain and a release of every string in it.)
            var met = chromeMemoKeys.count - 1
            while met >= 0 && !(chromeMemoKeys[met].active == key.active && chromeMemoKeys[met] == key) { met -= 1 }
            if met >= 0 {
                chromeRows = chromeMemoRows[met]
                canvas.restoreRow(chromeRowNumbers.dots, from: chromeRows, at: 0)
                canvas.restoreRow(chromeRowNumbers.status, from: chromeRows, at: canvas.width)
            } else {
                Chrome.drawBottom(state, card: activeCard, skipped: skippedCards, more: key.more, deckNumber: key.deckNumber, note: statusNote,
                                  message: message,
                                  hint: openHelpHints?.first ?? hint, shorterHints: openHelpHints.map { Array($0.dropFirst()) } ?? shorterHints,
                                  theme: theme, on: &canvas)
                var rows: [Cell] = []
                rows.reserveCapacity(2 * canvas.width)
                canvas.appendRow(chromeRowNumbers.dots, to: &rows)
                canvas.appendRow(chromeRowNumbers.status, to: &rows)
                chromeRows = rows
                if chromeMemoKeys.count == Scene.chromeMemoSize {
                    chromeMemoKeys.removeFirst()
                    chromeMemoRows.removeFirst()
                }
                chromeMemoKeys.append(key)
                chromeMemoRows.append(rows)
            }
            chromeKey = key
            topBarKey = top
        }
        if let c = cursor, !rows.cards.contains(c.y) { cursor = nil }
        var zoomInfo: ZoomInfo?
        if let zoom, zoom.index < deck.count {
            zoomInfo = renderZoom(zoom, card: deck.card(at: zoom.index), count: deck.count, helpOpen: helpOpen, painter: painter,
                                  into: &canvas)
            cursor = (1, rows.status)
            chromeKey = nil  // the status row was drawn over
        }
        if let highlight {
            let shown = zoomInfo == nil ? rows.cards : 0..<rows.status
            if let zoomInfo {
                textAreas.removeAll(keepingCapacity: true)
                if let area = zoomInfo.textArea { textAreas.append(area) }
            }
            highlightMatches(highlight, rows: shown, on: &canvas)
            highlightAcrossRows(highlight, rows: shown, on: &canvas)
            highlightOverThreeRows(highlight, rows: shown, on: &canvas)
            if let zoom, let zoomInfo, zoom.index < deck.count,
               let line = currentMatchLine(zoom, card: deck.card(at: zoom.index), info: zoomInfo) {
                markCurrentMatch(line: line, info: zoomInfo, on: &canvas)
            }
        }
        if let searchLine {
            cursor = drawSearchLine(searchLine, on: &canvas)
            chromeKey = nil
        }
        if helpOpen {
            if zoomInfo == nil {
                Chrome.drawHelp(help, first: helpFirst, theme: theme, on: &canvas)
            } else {
                Chrome.drawHelp(shownZoomHelp, first: helpFirst, theme: theme, hiding: 0..<rows.status, on: &canvas)
            }
            cursor = nil
        }
        return FrameInfo(cursor: cursor, zoom: zoomInfo)
    }

    /// The line of a zoomed text card that holds the next match of the search after the one the
    /// view was brought to (`steps` > 0), or the previous one (< 0); without one (the reader has
    /// scrolled since), after or before the row a match is brought to; with the first line to show
    /// for it (`TextLayout.top`). Nil when the card has no further match that way, is not text, or
    /// the zoom was not drawn yet.
    /// `page`: the lines the zoom shows at once (where End, not drawn yet, puts the view).
    public mutating func zoomedMatch(_ zoom: Zoom, card: Card, steps: Int, page: Int) -> (line: Int, top: Int)? {
        guard let highlight, let width = zoom.width, case .text(let document) = card.content else { return nil }
        let laid = cells.lines(document, of: card, index: zoom.index, width: width, title: false, ascii: theme.glyphs.isASCII,
                               wrapsCode: true)
        // (End and then n, in one go: the view is the text's last page, as the renderer puts it.)
        let first = zoom.first > Zoom.end / 2 ? max(0, laid.count - page - (Zoom.end - min(zoom.first, Zoom.end))) : zoom.first
        var from = first + Zoom.linesAboveMatch
        if let match = zoom.match {
            from = match.width == width ? match.line
                : TextLayout.line(at: match.line, of: cells.lines(document, of: card, index: zoom.index, width: match.width, title: false,
                                                                  ascii: theme.glyphs.isASCII, wrapsCode: true), in: laid)
        } else if steps < 0, let named = TextLayout.previousLine(in: laid, before: from + 1, matching: highlight), named >= first {
            // Scrolled, N goes to the match before the one the count names (see `zoomMatchCount`).
            from = named
        }
        let found = steps > 0 ? TextLayout.nextLine(in: laid, after: from, matching: highlight)
                              : TextLayout.previousLine(in: laid, before: from, matching: highlight)
        return found.map { ($0, TextLayout.top(showing: $0, above: Zoom.linesAboveMatch, in: laid, page: page)) }
    }

    /// Where the zoom is among its text's matches, as vim counts them: `[3/11]`, the third of
    /// eleven, for the first match on the line the search or `n` brought the view to, or else on
    /// the last line in view at or above the line `n` looks on from that holds one (none: the first
    /// below; all above: the last); nil with no
    /// search, no text or no match. Matches, not lines: the count is the same at every width (it
    /// counted the rows holding one, and `n` on the rest of a wrapped line added one: helper-71).
    private mutating func zoomMatchCount(_ zoom: Zoom, card: Card, info: ZoomInfo) -> String? {
        guard let highlight, let width = info.width, case .text(let document) = card.content else { return nil }
        if let found = zoomMatchLines, found.id == card.id, found.width == width, found.generation == highlightGeneration {
        } else {
            let laid = cells.lines(document, of: card, index: zoom.index, width: width, title: false, ascii: theme.glyphs.isASCII,
                                   wrapsCode: true)
            var lines: [(line: Int, before: Int)] = []
            var before = 0
            for line in laid.indices where !laid[line].isNote {
                let count = TextLayout.matchCount(laid, at: line, matching: highlight)
                guard count > 0 else { continue }
                lines.append((line, before))
                before += count
            }
            // (Not where the text's own lines hold it where the laid lines do not tell: a table's
            // cell that wraps it over two rows, a picture's words; review.)
            let outside = lines.isEmpty
                && !document.plainLines.contains { !highlight(Array($0)).isEmpty }
                && !document.figures.contains { !highlight(Array($0.alt)).isEmpty }
            zoomMatchLines = (card.id, width, highlightGeneration, lines, before, outside)
        }
        guard let found = zoomMatchLines else { return nil }
        // A card found by its title or its file's name alone: said, where a count of none would
        // leave one asking why it was found (a note titled `todo` for `/todo`).
        guard !found.lines.isEmpty else { return found.outside ? "(not in the text)" : nil }
        let current = currentMatchLine(zoom, card: card, info: info).flatMap { line in found.lines.firstIndex { $0.line == line } }
        // Scrolled: the last match in view at or above the line a match is brought to (two lines
        // into the view), from which `n` looks on, else the first below it (it named the first at
        // or below the top, and n, looking on from two lines down, went from [34/60] to 37:
        // helper-76); all above the view, the last.
        let reading = info.first + Zoom.linesAboveMatch
        let place = current ?? found.lines.lastIndex { $0.line >= info.first && $0.line <= reading }
            ?? found.lines.firstIndex { $0.line > reading } ?? found.lines.count - 1
        // `n` goes a line at a time, as less does: a line holding several matches says all of them
        // (`[1-2/4]`, then `[3/4]`: a bare `[1/4]` then `[3/4]` seemed to skip one; helper-72).
        let first = found.lines[place].before + 1
        let last = place + 1 < found.lines.count ? found.lines[place + 1].before : found.total
        let total = "\(found.total)" + (document.goesOn ? "+" : "")
        return last > first ? "[\(first)-\(last)/\(total)]" : "[\(first)/\(total)]"
    }

    /// Whether a card's text is the first part of a longer one (see `TextDocument.goesOn`).
    private func goesOn(_ card: Card) -> Bool {
        if case .text(let document) = card.content { return document.goesOn }
        return false
    }

    /// The laid line of a zoomed text card holding the match the view was brought to (by the
    /// search, `n` or `N`), at the width it is shown: after a resize, the same line laid out again
    /// (helper-14: the mark was lost until the next `n`). Nil once the reader has scrolled.
    private mutating func currentMatchLine(_ zoom: Zoom, card: Card, info: ZoomInfo) -> Int? {
        if let found = info.match { return found }
        guard let match = zoom.match, let width = info.width else { return nil }
        if match.width == width { return match.line }
        guard case .text(let document) = card.content else { return nil }
        let ascii = theme.glyphs.isASCII
        return TextLayout.line(at: match.line, of: cells.lines(document, of: card, index: zoom.index, width: match.width, title: false,
                                                               ascii: ascii, wrapsCode: true),
                               in: cells.lines(document, of: card, index: zoom.index, width: width, title: false, ascii: ascii, wrapsCode: true))
    }

    /// The line (from 1) of a zoomed text card's file where its view begins, when it is scrolled
    /// down: where `e` opens the file, as `v` in less does. A text file's line found through the
    /// wrapping; a Markdown card's (a note or a slide) from where its blocks were read. Nil at the
    /// top, or before the zoom was drawn.
    public mutating func zoomedSourceLine(_ zoom: Zoom, card: Card) -> Int? {
        guard zoom.first > 0, let width = zoom.width, case .text(let document) = card.content else { return nil }
        // Markdown: its rows are not its source's lines, each block knows where it was read (a long
        // note scrolled down opened at its top).
        if !document.blockLines.isEmpty {
            return TextLayout.sourceLine(at: zoom.first, of: document.trimmingLeadingBlankLines, width: width,
                                         ascii: theme.glyphs.isASCII, wrapsCode: true, measure: CardPainter.proseMeasure(wrapsCode: true),
                                         cellWidth: CharacterWidth.of)
        }
        guard card.fileLines == nil else { return nil }
        let laid = cells.lines(document, of: card, index: zoom.index, width: width, title: false, ascii: theme.glyphs.isASCII,
                               wrapsCode: true)
        return TextLayout.sourceLine(at: zoom.first, of: laid, in: document.plainLines) + 1
    }

    /// The zoomed card, grown from its place on the strip toward the whole screen above the status
    /// line, and the status line saying where the text is.
    /// Where the zoomed card is drawn this frame: grown from its place on the strip toward the
    /// whole screen above the status line.
    private func zoomRect(_ zoom: Zoom, canvas: Canvas) -> CellRect {
        let full = CellRect(x: 0, y: 0, width: canvas.width, height: ChromeRows(height: canvas.height).status)
        let from = engine.layout.placements.first { $0.index == zoom.index }.map { CardPainter.cellRect(for: $0.frame) }
            ?? CellRect(x: canvas.width / 2 - 5, y: canvas.height / 2 - 3, width: 10, height: 6)
        let t = zoom.easedGrowth
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return CellRect(x: mix(from.x, full.x), y: mix(from.y, full.y),
                        width: mix(from.width, full.width), height: mix(from.height, full.height)).intersection(full)
    }

    /// The status line's keys under the open help: its scrolling keys only where its rows overflow the screen.
    private func helpHints(for rows: [HelpRow], _ canvas: Canvas) -> [String] {
        HelpLayout(rows, glyphs: theme.glyphs, width: canvas.width, height: canvas.height).scrolls ? helpHints : wholeHelpHints
    }

    private mutating func renderZoom(_ zoom: Zoom, card: Card, count: Int, helpOpen: Bool, painter: CardPainter,
                                     into canvas: inout Canvas) -> ZoomInfo {
        let rows = ChromeRows(height: canvas.height)
        let full = CellRect(x: 0, y: 0, width: canvas.width, height: rows.status)
        let rect = zoomRect(zoom, canvas: canvas)
        let info = painter.paintZoomed(card, index: zoom.index, in: rect, grownTo: full, first: zoom.anchor?.line ?? zoom.first,
                                       firstWidth: zoom.anchor?.width ?? zoom.width,
                                       seek: zoom.seeksMatch ? painter.seek : nil, lastMatch: zoom.seeksLastMatch, cache: &cells, on: &canvas)
        // Its help leaves out the keys that scroll where there is nothing to scroll (a picture:
        // helper-48 found "scroll a line" listed over one).
        zoomScrolls = info.total > info.page
        if helpOpen { openHelpHints = helpHints(for: shownZoomHelp, canvas) }
        let row = rows.status
        canvas.fill(CellRect(x: 0, y: row, width: canvas.width, height: 1))
        let g = theme.glyphs
        // What the status line may say, fullest first. Words (a message, a title) are cut to leave
        // room for the keys; where the text is, in numbers, is never cut (helper-27: "lines 2-4 of
        // 3…" read as a text of 3 lines): the keys go first, then the percentage, then the
        // slideshow's or search's note, then which card it is.
        var said: [String]
        var numbers = true
        var compact: [String] = []
        if let message {
            said = [g.displayable(message)]
            numbers = false
        } else if info.total == 0 {
            // (A picture's caption too, as the strip's status line gives it: a talk's slide of one
            // picture has its words there.)
            said = [g.displayable(card.title) + (card.subtitle.isEmpty ? "" : (g.isASCII ? " - " : " · ") + g.displayable(card.subtitle))]
            numbers = false
        } else if let shown = info.sourceShown, info.total > info.page {
            // In the text's own lines, as less counts them: not in the rows they wrap into. (Of a
            // text that goes on past what was read, `of 11085+`.)
            let of = "\(info.sourceCount)" + (goesOn(card) ? "+" : "")
            let lines = shown.count == 1 ? "line \(shown.lowerBound) of \(of)" : "lines \(shown.lowerBound)-\(shown.upperBound) of \(of)"
            // How far down the rows the view has come, as less says it: the lines alone do not
            // tell it where one long line wraps into many rows (helper-15: "line 1 of 1" over a
            // paragraph of 300 words, 50 rows of it below).
            let seen = min(info.total, info.first + info.page)
            // (At the narrowest, numbers alone: "1232-1234/1234" (helper-29), then the first line
            // alone, "99999/1000000", where a million lines leave no room for the range.)
            compact = (shown.count == 1 ? [] : ["\(shown.lowerBound)-\(shown.upperBound)/\(of)"]) + ["\(shown.lowerBound)/\(of)"]
            said = [lines + "  " + (seen >= info.total ? "(end)" : "\(seen * 100 / info.total)%"), lines]
        } else {
            let count = info.sourceShown == nil ? info.total : info.sourceCount
            said = [count == 1 ? "1 line" : "all \(count) lines"]
        }
        // Which card it is, as the strip's status line says (Left / Right and the slideshow change it).
        // (Also one card of a search, as the strip says "1/1": helper-11 found it left out.)
        let position = count > 1 || highlight != nil
            ? "\(zoom.index + 1)/\(count)" + (countGoesOn ? "+" : "") + (deckNumber(zoom.index).map { " (#\($0))" } ?? "") + "  " : ""
        // What the strip's status line notes (a kept search, the slideshow playing or paused) goes
        // on while a card is open: a talk shown full screen says whether it plays.
        var note = statusNote.isEmpty ? "" : g.displayable(statusNote)
        // Which of the text's matches it is, as vim counts them (helper-68: `n` on a last page
        // moved the mark, and nothing said where it was).
        if !note.isEmpty, let count = zoomMatchCount(zoom, card: card, info: info) { note += " " + count }
        // A message comes after them, as on the strip (the slideshow's end said "The last card: p
        // plays..." with no card and no "paused": helper-51).
        // Shorter for a narrow screen: without the note, then the message alone (never cut before these).
        var places = message == nil ? said.map { position + $0 + (note.isEmpty ? "" : "  " + note) }
            : [position + (note.isEmpty ? "" : note + "  ") + said[0], position + said[0], said[0]]
        if numbers {
            if !note.isEmpty { places += said.map { position + $0 } }
            if !position.isEmpty { places.append(said[said.count - 1]) }
            places += compact
        }
        let hints = openHelpHints ?? (info.total > info.page ? zoomHints : wholeZoomHints)
        var place = places[0], hint = ""
        if numbers {
            // The fullest place with keys beside it; else the fullest alone; else the barest, cut.
            let width = canvas.width
            if let keys = hints.first(where: { CharacterWidth.of(place) + CharacterWidth.of($0) <= width - 5 }) {
                hint = keys
            } else {
                place = places.first { CharacterWidth.of($0) <= width - 2 } ?? places[places.count - 1]
            }
        } else {
            if message != nil, let essential = hints.last {
                place = places.first { CharacterWidth.of($0) + CharacterWidth.of(essential) <= canvas.width - 5 } ?? places[places.count - 1]
            }
            let placeWidth = CharacterWidth.of(place)
            hint = Chrome.hint(hints, beside: placeWidth, room: canvas.width - 5, cutting: max(Chrome.cutTitleWidth, canvas.width / 3))
            // A message is a sentence to read whole: keys beside it only where it is not cut for
            // them (at 80 columns "No file to open: ... a manifest o…" kept `Esc close`; helper-80),
            // as on the strip. (One too long for the line even alone is cut anyway, and keeps the
            // keys that close the card.)
            if message != nil, placeWidth + CharacterWidth.of(hint) > canvas.width - 5, placeWidth <= canvas.width - 2 { hint = "" }
        }
        place = Chrome.truncate(place, to: canvas.width - 2 - (hint.isEmpty ? 0 : CharacterWidth.of(hint) + 2), glyphs: g)
        canvas.text(place, x: 1, y: row, style: CellStyle(attributes: .bold))
        if !hint.isEmpty {
            canvas.text(hint, x: canvas.width - CharacterWidth.of(hint) - 1, y: row, style: CellStyle(attributes: .dim))
        }
        return info
    }

    /// Cards this many places either side of the active one have their pictures converted ahead of
    /// time, so that moving to them shows them at once.
    static let picturesAhead = 3

    /// Asks for the pictures of the cards next to the active one, at the size the active card has
    /// (the size each will have when it comes to rest in the middle).
    private func prefetchPictures(around state: CarouselState, deck: some CardProvider, layout: Layout) {
        guard let pictures, deck.count > 1,
              let active = layout.placements.first(where: { $0.index == state.activeIndex }) else { return }
        let rect = CardPainter.cellRect(for: active.frame)
        let interior = CellRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        let box = CardPainter.pictureBox(look: active.look, interior: interior)
        guard box.width >= 1, box.height >= 1 else { return }
        for distance in 1...Scene.picturesAhead {
            for index in [state.activeIndex + distance, state.activeIndex - distance] {
                let i = state.loop ? ((index % deck.count) + deck.count) % deck.count : index
                guard i >= 0, i < deck.count, case .image(let file) = deck.card(at: i).content else { continue }
                pictures.prefetch(PictureRequest(file: file, columns: box.width, rows: box.height, blurStep: 0))
            }
        }
    }

    /// Whether a card framed by `frame` is drawn: not when its rows inside the frame are all off
    /// the card area, where it would show as a bare edge of its frame (a lyrics line below the
    /// last one that fits).
    static func shows(_ frame: CellRect, in cardRows: Range<Int>) -> Bool {
        frame.height < 3 || cardRows.overlaps(frame.y + 1..<frame.maxY - 1)
    }

    /// The card or control segment at (x, y) in the last frame: the topmost card drawn there that
    /// can be seen (the chrome's rows cover the cards).
    public func hitTest(x: Int, y: Int) -> Hit? {
        if y == 0, let segment = segments.first(where: { $0.1.contains(x) }) { return .segment(segment.0) }
        guard lastCardRows.contains(y) else { return nil }
        for placement in engine.layout.placements.reversed() where placement.opacity > 0.1 {
            let frame = CardPainter.cellRect(for: placement.frame)
            if Scene.shows(frame, in: lastCardRows), frame.contains(x: x, y: y) {
                return .card(index: placement.index, slot: Int((lastPosition + placement.progress).rounded()))
            }
        }
        return nil
    }

}
