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

    private struct ArtKey: Hashable {
        var card: CardKey
        /// Which of the art's sizes was resampled (see `ArtGrid.variant(among:fitting:)`).
        var variant: Int
        var width: Int
        var height: Int
        var blurStep: Int
        var ascii: Bool
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
    }

    /// Blur is drawn in steps of 1/20 of full blur: finer differences do not show in cells.
    static let blurSteps = 20.0
    /// Most entries of each kind.
    static let limit = 512
    /// Most cells held prepared (art and text together), about 40 MB: a few hundred big cards.
    static let cellBudget = 1 << 20

    /// Each art card's sizes, parsed, in the card's order, with their dimensions apart (what a
    /// frame that finds its cells prepared reads).
    private var parsed: [CardKey: (grids: [ArtGrid], sizes: [ArtSize])] = [:]
    private var art: [ArtKey: ArtCells] = [:]
    /// The art each card on screen was last drawn with, by its deck index (modulo the table's
    /// size: the cards on a screen are neighbours): a card drawn at the size and blur of the frame
    /// before is found without hashing its identity or looking its sizes up.
    private var recent: [RecentArt] = []
    private struct RecentArt {
        var id = ""
        /// -1: none yet.
        var index = -1
        var width = 0, height = 0
        var blurStep = 0
        var ascii = false
        var cells: ArtCells? = nil
    }
    private static let recentSlots = 64
    private var laidOut: [LinesKey: [LaidLine]] = [:]
    /// Where laid-out lines begin in their text's own lines (see `sourceLines`).
    private var sourceMaps: [LinesKey: SourceLines] = [:]
    /// Where each text card on the strip opens while a search is on (see `firstShown`), and the
    /// zoom's first match (`firstMatch`; -1: none).
    private var opensAt: [TextKey: (generation: Int, first: Int)] = [:]
    private var text: [TextKey: TextCells] = [:]
    private var heldCells = 0
    /// Laid-out lines held, over every width (a huge card laid out at many widths is cleared out).
    private var heldLines = 0
    static let lineBudget = 200_000

    public init() {}

    /// Makes room for `cells` more cells, emptying the prepared entries when the budget is spent.
    private mutating func reserve(_ cells: Int) {
        guard heldCells + cells > CellCache.cellBudget || art.count >= CellCache.limit || text.count >= CellCache.limit else { return }
        art.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        // The memo of recent art holds cells too: emptied with the rest, so the budget holds.
        if !recent.isEmpty { recent = Array(repeating: RecentArt(), count: CellCache.recentSlots) }
        heldCells = 0
    }

    /// The art of an art card fitted into `box` (keeping its proportions), blurred by `blur` (0...1),
    /// as cells ready to copy in the look of `glyphs`. Of the art's sizes, the smallest that is at
    /// least as big as the fitted size is shrunk to it (the largest, when none is).
    mutating func art(_ drawing: Art, of card: Card, index: Int, fitting box: (width: Int, height: Int), blur: Double, glyphs: Glyphs) -> ArtCells {
        let step = Int((clamp(blur, 0...1) * CellCache.blurSteps).rounded())
        let slot = index & (CellCache.recentSlots - 1)
        if recent.isEmpty { recent = Array(repeating: RecentArt(), count: CellCache.recentSlots) }
        let last = recent[slot]
        if last.index == index, last.width == box.width, last.height == box.height, last.blurStep == step, last.ascii == glyphs.isASCII,
           let cells = last.cells, last.id == card.id {
            return cells
        }
        let cells = art(drawing, of: CardKey(id: card.id, index: index), fitting: box, blurStep: step, glyphs: glyphs)
        recent[slot] = RecentArt(id: card.id, index: index, width: box.width, height: box.height, blurStep: step, ascii: glyphs.isASCII, cells: cells)
        return cells
    }

    private mutating func art(_ drawing: Art, of cardKey: CardKey, fitting box: (width: Int, height: Int), blurStep step: Int, glyphs: Glyphs) -> ArtCells {
        let sizes: [ArtSize]
        if let known = parsed[cardKey]?.sizes {
            sizes = known
        } else {
            if parsed.count >= CellCache.limit { parsed.removeAll(keepingCapacity: true) }
            let grids = drawing.variants.map { ArtGrid(lines: $0) }
            sizes = grids.map(\.size)
            parsed[cardKey] = (grids, sizes)
        }
        let variant = ArtSize.variant(among: sizes, fitting: box)
        let size = sizes[variant].fittedSize(in: box)
        let key = ArtKey(card: cardKey, variant: variant, width: size.width, height: size.height, blurStep: step, ascii: glyphs.isASCII)
        if let cells = art[key] { return cells }
        reserve(size.width * size.height)
        var grid = parsed[cardKey]!.grids[variant].resampled(width: size.width, height: size.height)
        if step > 0 { grid = grid.blurred(Double(step) / CellCache.blurSteps, ramp: glyphs.ramp) }
        let cells = ArtCells(grid, glyphs: glyphs)
        art[key] = cells
        heldCells += cells.cells.count
        return cells
    }

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
        let lines = TextLayout.lines(for: titled(document, of: card, title: title), width: width, ascii: ascii, wrapsCode: wrapsCode,
                                     cellWidth: CharacterWidth.of)
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
        guard title else { return document }
        let first: String?
        switch document.blocks.first {
        case .code(let rows, _)?: first = rows.first?.plainText ?? ""
        case let block?: first = TextDocument(blocks: [block]).plainLines.first
        case nil: first = nil
        }
        guard first != card.title else { return document }
        var shown = document
        shown.blocks.insert(.paragraph([TextSpan(card.title, style: SpanStyle(bold: true, role: .heading(1)))]), at: 0)
        return shown
    }

    /// The first line a text card `width` x `height` shows while `seek` marks a search's matches:
    /// 0 when its first match is among the lines it shows from the top (or it has none); else a
    /// third of the card above the match, for its context (a wrapped paragraph's first rows; none
    /// on a card of three rows, which shows one line), or where the rest of the text just fills the
    /// card, so that the match can be read on the card. Big texts show their head (the zoom opens
    /// them at the match). The match is sought once per search and width (a card that changes
    /// height as it moves, in Scaled mode, does not search its text again).
    mutating func firstShown(_ document: @autoclosure () -> TextDocument, of card: Card, index: Int, width: Int, height: Int,
                             title: Bool, ascii: Bool, seek: CardPainter.Seek) -> Int {
        let linesKey = LinesKey(card: CardKey(id: card.id, index: index), width: width, ascii: ascii, title: title, wrapsCode: false)
        let key = TextKey(lines: linesKey, height: height, first: 0, fits: true, color: false)
        if let known = opensAt[key], known.generation == seek.generation { return known.first }
        if opensAt.count >= CellCache.limit { opensAt.removeAll(keepingCapacity: true) }
        var first = 0
        let source = document()
        if height >= 3 && !TextLayout.isBig(source) {
            let all = lines(source, of: card, index: index, width: width, title: title, ascii: ascii)
            // The first matching line at this width (-1: none), kept apart from the height.
            let matchKey = TextKey(lines: linesKey, height: -1, first: 0, fits: true, color: false)
            let hit: Int
            if let known = opensAt[matchKey], known.generation == seek.generation {
                hit = known.first
            } else {
                hit = TextLayout.firstLine(in: all, matching: seek.find)
                    ?? cutLine(in: all, of: titled(source, of: card, title: title), matching: seek.find) ?? -1
                opensAt[matchKey] = (seek.generation, hit)
            }
            if all.count > height, hit >= height - 1 {
                let context = height >= 4 ? max(1, (height - 1) / 3) : 0
                first = max(1, min(hit - context, all.count - (height - 1)))
            }
        }
        opensAt[key] = (seek.generation, first)
        return first
    }

    /// Where the first of `document`'s own lines that `find` matches begins among its laid
    /// lines `laid`, when it is a line the card cut (source code is cut at the card's edge, not
    /// wrapped: a match past the cut is in no laid line, and the card showed the top of the file).
    /// Nil when the laid lines' beginnings do not answer to the text's lines one to one.
    private func cutLine(in laid: [LaidLine], of document: TextDocument, matching find: MatchFinder) -> Int? {
        let starts = laid.indices.filter { $0 == 0 || laid[$0].beginsLine }
        let own = document.plainLines
        guard starts.count == own.count, let line = own.firstIndex(where: { !find(Array($0)).isEmpty }) else { return nil }
        return starts[line]
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
        opensAt[key] = (seek.generation, hit ?? -1)
        return hit
    }

    /// A text card's cells for an area of `width` x `height`: its lines from `first` on; when `fits`
    /// is set, cut to the height with a last line saying how many more there are (a card), else
    /// simply the lines that fall in the area (a zoomed card scrolled to `first`, its long code
    /// lines wrapped: `wrapsCode`).
    mutating func text(_ document: @autoclosure () -> TextDocument, of card: Card, index: Int, width: Int, height: Int, first: Int = 0, fits: Bool = true,
                       title: Bool, wrapsCode: Bool = false, painter: CardPainter) -> TextCells {
        let ascii = painter.theme.glyphs.isASCII
        let linesKey = LinesKey(card: CardKey(id: card.id, index: index), width: width, ascii: ascii, title: title, wrapsCode: wrapsCode)
        let key = TextKey(lines: linesKey, height: height, first: first, fits: fits, color: painter.theme.usesColor)
        if let cells = text[key] { return cells }
        var shown: [LaidLine], total: Int
        let source = document()
        if fits && TextLayout.isBig(source) {
            // A big text on a card: its first lines, and the rest counted as lines of the source
            // (always, so that the count stays the same once the zoom has laid the whole text out).
            let head = TextLayout.head(for: titled(source, of: card, title: title), width: width, rows: height, ascii: ascii, cellWidth: CharacterWidth.of)
            // Counted in the text's lines too: the head's, and those not laid out.
            let counted = SourceLines(laid: head.lines, leading: titleRows(head.lines, source, of: card, title: title),
                                      skipped: source.leadingBlankLineCount, unlaid: head.unlaid)
            shown = TextLayout.fit(lines: head.lines, unlaid: head.unlaid, height: height, width: width, ascii: ascii, cellWidth: CharacterWidth.of,
                                   source: counted)
            total = head.lines.count + head.unlaid
        } else {
            let all = lines(source, of: card, index: index, width: width, title: title, ascii: ascii, wrapsCode: wrapsCode)
            // Hidden lines are counted in the text's own lines, not in rows.
            let counted = fits && all.count > height
                ? sourceLines(source, of: card, index: index, width: width, title: title, ascii: ascii, wrapsCode: wrapsCode) : nil
            shown = fits ? TextLayout.fit(lines: all, from: first, height: height, width: width, ascii: ascii, cellWidth: CharacterWidth.of,
                                          source: counted)
                : Array(all.dropFirst(first).prefix(height))
            total = all.count
            if fits, height == 1, all.count > 1 {
                // One row (lyrics, a tiny screen): the first paragraph or line unwrapped, cut at the edge.
                let unwrapped = lines(source, of: card, index: index, width: CellCache.unwrappedWidth, title: title, ascii: ascii)
                if let line = unwrapped.first,
                   let row = TextLayout.oneRow(line, more: SourceLines(laid: unwrapped).from(1), width: width, ascii: ascii, cellWidth: CharacterWidth.of) {
                    shown = [row]
                }
            }
        }
        if total == 0 && first == 0 {
            // A card with no text says so (an empty file, an empty slide), rather than look unfinished.
            let empty = "(empty)"
            if empty.count <= width { shown = [LaidLine(content: [TextSpan(empty, style: .decoration)], width: empty.count)] }
        }
        reserve(width * height)
        let cells = TextCells(shown, width: width, height: height, totalLines: total, accent: card.accent, painter: painter)
        text[key] = cells
        heldCells += cells.cells.count
        return cells
    }

    /// The width a card of one row lays its text out at: a paragraph is one line.
    static let unwrappedWidth = 1_000

    /// Cells held prepared right now (never more than `cellBudget` plus one entry).
    var preparedCells: Int { heldCells }
}

/// Art as the canvas stores it: one unstyled cell per column (a wide glyph followed by its
/// continuation), already in the look's displayable glyphs, with each cell's ink for thinning.
/// Painting a card then copies cells and sets their style; nothing is looked up per glyph.
struct ArtCells: Sendable {
    let width: Int
    let height: Int
    let cells: [Cell]
    let ink: [Double]

    init(_ grid: ArtGrid, glyphs: Glyphs) {
        width = grid.width
        height = grid.height
        // Each of the art's glyphs becomes a cell once, the first time it is met.
        let table = grid.table
        var prepared = [Cell?](repeating: nil, count: table.count)
        var inkOf = [Double](repeating: 0, count: table.count)
        // The right half of a wide glyph; blank when the look shows it narrow.
        let continuation = glyphs.isASCII ? Cell.blank : Cell(" ", width: 0)
        var cells: [Cell] = []
        var ink: [Double] = []
        cells.reserveCapacity(grid.width * grid.height)
        ink.reserveCapacity(grid.width * grid.height)
        for code in grid.codes {
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
        self.cells = cells
        self.ink = ink
    }
}
