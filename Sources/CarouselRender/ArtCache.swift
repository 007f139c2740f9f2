import CarouselCore

/// Art prepared for drawing: parsed once per card, resampled and blurred once per size and blur
/// step, so a frame of a running animation only copies cells. Bounded, so huge decks stay small.
public struct ArtCache: Sendable {
    /// A card as the caches know it: its identity (where it came from), and its place in the deck
    /// for cards made in memory without one. Never the deck index alone, which a reloaded deck reuses.
    private struct CardKey: Hashable {
        var id: String
        var index: Int
    }

    private struct Key: Hashable {
        var card: CardKey
        var width: Int
        var height: Int
        var blurStep: Int
        var ascii: Bool
    }

    /// Blur is drawn in steps of 1/20 of full blur: finer differences do not show in cells.
    static let blurSteps = 20.0
    static let limit = 512

    private struct TextKey: Hashable {
        var card: CardKey
        var line: Int
        var text: String
        var blurStep: Int
    }

    private var parsed: [CardKey: ArtGrid] = [:]
    private var texts: [TextKey: ArtGrid] = [:]
    private var prepared: [Key: ArtCells] = [:]

    public init() {}

    /// The card's art fitted into `box` (keeping its proportions), blurred by `blur` (0...1), as
    /// cells ready to copy in the look of `glyphs`.
    mutating func cells(for index: Int, card: Card, fitting box: (width: Int, height: Int), blur: Double, glyphs: Glyphs) -> ArtCells {
        let cardKey = CardKey(id: card.id, index: index)
        let source: ArtGrid
        if let grid = parsed[cardKey] {
            source = grid
        } else {
            if parsed.count >= ArtCache.limit { parsed.removeAll(keepingCapacity: true) }
            source = ArtGrid(lines: card.art)
            parsed[cardKey] = source
        }
        let size = source.fittedSize(in: box)
        let step = Int((clamp(blur, 0...1) * ArtCache.blurSteps).rounded())
        let key = Key(card: cardKey, width: size.width, height: size.height, blurStep: step, ascii: glyphs.isASCII)
        if let cells = prepared[key] { return cells }
        if prepared.count >= ArtCache.limit { prepared.removeAll(keepingCapacity: true) }
        var grid = source.resampled(width: size.width, height: size.height)
        if step > 0 { grid = grid.blurred(Double(step) / ArtCache.blurSteps, ramp: glyphs.ramp) }
        let cells = ArtCells(grid, glyphs: glyphs)
        prepared[key] = cells
        return cells
    }

    /// A line of a card's text (0: title, 1: subtitle) blurred by `blur` (0...1).
    mutating func blurredText(_ text: String, of card: Card, index: Int, line: Int, blur: Double, ramp: [Character]) -> ArtGrid {
        let key = TextKey(card: CardKey(id: card.id, index: index), line: line, text: text, blurStep: Int((clamp(blur, 0...1) * ArtCache.blurSteps).rounded()))
        if let grid = texts[key] { return grid }
        if texts.count >= ArtCache.limit { texts.removeAll(keepingCapacity: true) }
        let grid = ArtGrid(lines: [text]).blurred(Double(key.blurStep) / ArtCache.blurSteps, ramp: ramp)
        texts[key] = grid
        return grid
    }
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
        var cells: [Cell] = []
        var ink: [Double] = []
        cells.reserveCapacity(grid.width * grid.height)
        ink.reserveCapacity(grid.width * grid.height)
        for glyph in grid.glyphs {
            guard let glyph else {
                // The right half of a wide glyph; blank when the look shows it narrow.
                cells.append(glyphs.isASCII ? .blank : Cell(" ", width: 0))
                ink.append(0)
                continue
            }
            let shown = glyphs.displayable(glyph)
            let columns = CharacterWidth.of(shown)
            cells.append(columns == 0 ? .blank : Cell(shown, width: UInt8(columns)))
            ink.append(Ink.of(shown))
        }
        self.cells = cells
        self.ink = ink
    }
}
