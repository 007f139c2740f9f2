import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselText

/// A key a zoom takes once it is drawn at its full size (see `Zoom.waiting`): lines scrolled (a
/// page's as many lines), or `n` (+1) and `N` (-1).
public enum ZoomStep: Sendable, Equatable {
    case scroll(Int)
    case match(Int)
    /// PgDn / PgUp: a page, or the next / previous card from the text's end / top.
    case page(Int)
}

/// The active card opened full screen (Enter or Space): text laid out again for the screen and
/// scrolled, art and pictures at the largest size that fits. It grows from where the card was.
public struct Zoom: Sendable, Equatable {
    /// The deck index of the card shown.
    public var index: Int
    /// The first line shown (text cards); the renderer keeps it within the text. `Zoom.end`, less
    /// a few lines, counts from the end (End, then Up, before a frame has said how long the text is).
    public var first: Int { didSet { anchor = nil } }
    public static let end = Int.max / 2
    /// Where the reader left the text, as a line and the width it counts at, while resizes lay it
    /// out at other widths: each new width finds its place from there (finding it from the last
    /// width moved the view up a row or two at each resize, a helper saw: 60 columns and back,
    /// twice, and the top was a paragraph higher). Cleared whenever `first` is set.
    public var anchor: ZoomAnchor?
    /// The width of the lines `first` counts (nil: not shown yet). When the screen's width changes,
    /// the text is wrapped again, and the zoom opens at the line holding the text that was first
    /// (the reader's place, not the line number).
    public var width: Int?
    /// How far it has grown from the card's place to the whole screen, 0...1.
    public var growth: Double
    /// Whether the text opens at the first line the search matches (rather than at `first`), until
    /// the app has shown it there at full size or the reader scrolls.
    public var seeksMatch: Bool
    /// Scrolling keys and `n` / `N` that came before the zoom was drawn at its full size, or before
    /// its match was found (`seeksMatch`), in the order typed: the text's length and lines not
    /// known yet, they are taken one at a time from the first full frame (from the match, once it
    /// is found), each scroll kept within the text, as when typed one by one. (Enter then Down,
    /// typed quickly, went back to the text's top; Enter, PgDn, PgDn, PgUp in one burst went past
    /// the end and came back less than a page: helper-39; Enter, n, Down scrolled before it went
    /// to the match: helper-42.)
    public var waiting: [ZoomStep] = []
    /// With `seeksMatch`: the text opens at its last match instead of its first (`N` went back
    /// past the first match of the card after this one).
    public var seeksLastMatch = false
    /// The line holding the match the view was brought to (by the search, or by `n` / `N`), and
    /// the width its lines count at: where the next `n` or `N` looks from (after a resize, from the
    /// same line laid out again). Nil once the reader scrolls (they look from the view).
    public var match: ZoomAnchor?

    public init(index: Int, first: Int = 0, width: Int? = nil, growth: Double = 0, seeksMatch: Bool = false,
                seeksLastMatch: Bool = false) {
        self.index = index
        self.first = first
        self.width = width
        self.growth = growth
        self.seeksMatch = seeksMatch
        self.seeksLastMatch = seeksLastMatch
    }

    /// Lines shown above a match the view is brought to, for its context.
    public static let linesAboveMatch = 2

    /// The growth eased out (fast, then settling), as the cards' springs are.
    public var easedGrowth: Double {
        let t = clamp(growth, 0...1)
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }
}

/// A line of a zoomed text and the width its lines count at (the reader's place, a match's line).
public struct ZoomAnchor: Sendable, Equatable {
    public var line: Int
    public var width: Int
    public init(line: Int, width: Int) {
        self.line = line
        self.width = width
    }
}

/// What a zoomed frame tells the app: where the text is scrolled to and how much there is.
public struct ZoomInfo: Sendable, Equatable {
    /// The first line shown, after keeping it within the text.
    public var first: Int
    /// Lines shown at once.
    public var page: Int
    /// Lines the whole text takes at the screen's width (0 for art).
    public var total: Int
    /// The width the text was laid out at (nil for art and pictures).
    public var width: Int? = nil
    /// Where the text's lines are on the screen (nil for art and pictures).
    public var textArea: CellRect? = nil
    /// The text's own lines (before wrapping, from 1) that the view shows some of, and how many
    /// it has: what the status line says, as less does (nil for art and pictures).
    public var sourceShown: ClosedRange<Int>? = nil
    public var sourceCount = 0
    /// The line of the match the view opened at, when it sought one and found it.
    public var match: Int? = nil
}

extension CardPainter {
    /// The widest prose shown zoomed: longer lines are tiring to read (as in a book or a man page).
    static let readableWidth = 100

    /// The measure prose is laid out at in text laid out for the zoom (`wrapsCode`: its code
    /// lines go on in rows, and its tables and code take the width), else none: every layout of a
    /// zoomed text, and the line `e` opens at, asks here (review: two places had to agree).
    static func proseMeasure(wrapsCode: Bool) -> Int { wrapsCode ? readableWidth : .max }

    /// Whether a document is source code or a table (a CSV file): code blocks, tables and blank
    /// lines only, which take the whole screen rather than a measure for prose.
    static func isWide(_ document: TextDocument) -> Bool {
        var wide = false
        for block in document.blocks {
            switch block {
            case .code, .table: wide = true
            case .blank: continue
            default: return false
            }
        }
        return wide
    }

    /// Draws `card` in `rect` as a zoomed card (a frame with the title on its top edge) scrolled
    /// to `first`, and returns what is shown. While the zoom grows toward `final`, text is wrapped
    /// again for each width it passes through (so its words stay whole), except a big text: that is
    /// laid out once, for `final`, and uncovered from its left edge as the frame widens (wrapping a
    /// 16,000-line file a dozen times would stall the animation).
    ///
    /// With `seek` (the search's matcher), the text opens two lines above the first line it matches
    /// (the last, with `lastMatch`).
    /// `firstWidth`: the width `first` counts lines at, when not this one (see `Zoom.width`).
    func paintZoomed(_ card: Card, index: Int, in rect: CellRect, grownTo final: CellRect? = nil, first: Int, firstWidth: Int? = nil,
                     seek: Seek? = nil, lastMatch: Bool = false, cache: inout CellCache, on canvas: inout Canvas) -> ZoomInfo {
        guard rect.width >= 4, rect.height >= 3 else { return ZoomInfo(first: 0, page: 0, total: 0) }
        let accent: Color = theme.usesColor ? (card.accent.map(Color.rgb) ?? .default) : .default
        canvas.fill(rect)
        canvas.box(rect, glyphs: theme.glyphs, style: CellStyle(foreground: accent))
        let wholeTitle = theme.glyphs.displayable(card.title)
        // A text's title too long for the frame is written whole above the text, wrapped, rather
        // than cut on the frame (helper-55: a slide's long heading was never readable whole).
        var titleAbove = false
        // (Not where the text opens with it, a line of input: it showed twice; helper-63.)
        if case .text(let document) = card.content, CharacterWidth.of(wholeTitle) > rect.width - 6, rect.height >= 8,
           !CellCache.opens(document, with: card.title) {
            titleAbove = true
        }
        let title = titleAbove ? "" : Chrome.truncateTitle(wholeTitle, to: rect.width - 6, glyphs: theme.glyphs)
        if !title.isEmpty {
            canvas.put(" ", x: rect.x + 2, y: rect.y)
            let w = canvas.text(title, x: rect.x + 3, y: rect.y, style: CellStyle(foreground: accent, attributes: .bold))
            canvas.put(" ", x: rect.x + 3 + w, y: rect.y)
        }
        var interior = CellRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        switch card.content {
        case .text(let document):
            let big = TextLayout.isBig(document)
            // Prose is held to a readable measure; source code and tables take the whole screen,
            // also in a Markdown text (helper-58: at 200 columns its tables were squeezed and its
            // code wrapped at 100, beside 100 empty columns; see `CellCache.lines`). A code line
            // longer than the screen goes on in rows marked ↪, so that all of it can be read. (A
            // big text is laid out once, its prose at the measure: the whole of it is.)
            let full = (big ? final ?? rect : rect).width - 4
            let width = big && !CardPainter.isWide(document) ? min(full, CardPainter.readableWidth) : full
            guard width >= 1, interior.width >= 1, interior.height >= 1 else { return ZoomInfo(first: 0, page: 0, total: 0) }
            let all = cache.lines(document, of: card, index: index, width: width, title: false, ascii: theme.glyphs.isASCII,
                                  wrapsCode: true)
            // Code and tables stand where prose stands, on the measure's column, and reach to its
            // right as far as they need, when the screen has room for them there; a text wider
            // still is centred as a block, its prose on the block's left edge (helper-16: at
            // 200x60 a talk's prose slides began at column 49, its code slides at column 2;
            // helper-65: a slide with a table of 128 columns moved its prose to column 36, one
            // with code to 45, paging through a talk). A big text keeps its left edge (its widest
            // line is not looked for in every frame).
            var block = width
            if !big {
                var widest = 0
                for line in all where line.width > widest { widest = line.width }
                block = min(width, max(widest, CardPainter.readableWidth))
            }
            let measureX = interior.x + 1 + max(0, (interior.width - 2 - min(block, CardPainter.readableWidth)) / 2)
            let x = measureX + block <= interior.maxX - 1 ? measureX : interior.x + 1 + max(0, (interior.width - 2 - block) / 2)
            if titleAbove {
                // (At most half the interior, then a blank row; the text is scrolled below it.)
                let heading = TextDocument(blocks: [.paragraph([TextSpan(wholeTitle)])])
                // (On prose's measure and the text's column, for code and tables too: review found a
                // code file's long name wrapped at the screen's width and set on the measure's
                // column, over the frame.)
                let measure = min(block, CardPainter.readableWidth, interior.width - 2)
                let laid = TextLayout.lines(for: heading, width: measure, ascii: theme.glyphs.isASCII, cellWidth: CharacterWidth.of)
                let rows = laid.prefix(max(1, interior.height / 2 - 1))
                for (i, row) in rows.enumerated() {
                    // (Cut short on a screen too low for all of it: its last row says so.)
                    let text = i == rows.count - 1 && laid.count > rows.count
                        ? Chrome.truncate(row.text + " " + laid[rows.count].text, to: measure, glyphs: theme.glyphs) : row.text
                    canvas.text(text, x: x, y: interior.y + i, style: CellStyle(foreground: accent, attributes: .bold))
                }
                interior.y += rows.count + 1
                interior.height -= rows.count + 1
            }
            // A figure takes what the words leave of the view (half of it or more), above them or
            // below them; they scroll in the rest.
            if let split = CardPainter.figureSplit(CellRect(x: interior.x + 1, y: interior.y, width: interior.width - 2, height: interior.height),
                                                   figure: document.figure, textRows: all.count,
                                                   broken: figuresBroken(document)) {
                paintFigures(of: document, of: card, in: split.picture, alone: split.text.height == 0, blurStep: 0, opacity: 1, fill: .plain,
                             on: &canvas)
                interior.y = split.text.y
                interior.height = split.text.height
            }
            let total = all.count
            let page = interior.height
            var wanted = first
            var match: Int?
            if first > Zoom.end / 2 {
                wanted = total - page - (Zoom.end - min(first, Zoom.end))
            } else if let seek, let hit = lastMatch ? TextLayout.previousLine(in: all, before: total, matching: seek.find)
                        : cache.firstMatch(document, of: card, index: index, width: width, ascii: theme.glyphs.isASCII, seek: seek) {
                wanted = TextLayout.top(showing: hit, above: Zoom.linesAboveMatch, in: all, page: page)
                match = hit
            } else if let firstWidth, firstWidth != width, first > 0, firstWidth >= 1 {
                let before = cache.lines(document, of: card, index: index, width: firstWidth, title: false, ascii: theme.glyphs.isASCII,
                                         wrapsCode: true)
                wanted = TextLayout.line(at: first, of: before, in: all)
            }
            let top = max(0, min(wanted, total - page))
            let cells = cache.text(document, of: card, index: index, width: width, height: page, first: top, fits: false,
                                   title: false, wrapsCode: true, painter: self)
            let area = CellRect(x: x, y: interior.y, width: min(width, interior.maxX - x), height: page)
            paint(cells, at: area, level: 1, within: interior, on: &canvas)
            var info = ZoomInfo(first: top, page: page, total: total, width: width, textArea: area.intersection(interior))
            info.match = match
            if total > 0 {
                let source = cache.sourceLines(document, of: card, index: index, width: width, title: false, ascii: theme.glyphs.isASCII,
                                               wrapsCode: true)
                // At the top the view shows the text from its first line, also where that line is
                // not laid out on its own (a table's header, in each of its records).
                let from = top == 0 ? 0 : min(source.above(top), source.count - 1)
                info.sourceShown = (from + 1)...(max(from, source.lastShown(through: min(total, top + page) - 1)) + 1)
                info.sourceCount = source.count
            }
            return info
        case .art(let art):
            // The largest size that fits, from the art's smallest size that is big enough for it.
            paintArt(art, of: card, index, in: interior, blur: 0, opacity: 1, style: CellStyle(foreground: accent), cache: &cache, on: &canvas)
            return ZoomInfo(first: 0, page: interior.height, total: 0)
        case .image(let file):
            // Converted again for the zoomed size (never the card's cells enlarged).
            paintPicture(file, of: card, index: index, in: interior, blurStep: 0, opacity: 1, placeholderTitle: true,
                         cache: &cache, on: &canvas)
            return ZoomInfo(first: 0, page: interior.height, total: 0)
        }
    }
}
