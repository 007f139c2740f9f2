import CarouselCanvas
import CarouselCards
@testable import CarouselRender
import Testing

/// The art a card is drawn with is prepared once per size and blur step and then found again,
/// by the card's place in the deck checked against its identity: never another card's art.
@Suite struct ArtCacheTests {
    static func card(_ id: String, _ glyph: Character, width: Int = 20, height: Int = 10) -> (Card, Art) {
        let art = Art(lines: Array(repeating: String(repeating: glyph, count: width), count: height))
        return (Card(id: id, title: id, content: .art(art)), art)
    }

    /// The first glyph of the prepared cells.
    static func glyph(_ cells: ArtCells) -> Character { cells.cells.first { !$0.isBlank }?.glyph ?? " " }

    static func storage(_ cells: ArtCells) -> UnsafePointer<Cell>? { cells.cells.withUnsafeBufferPointer { $0.baseAddress } }

    @Test func aSizeAndBlurMetAgainAreFoundNotPreparedAgain() {
        var cache = CellCache()
        let (card, art) = Self.card("a", "#")
        let first = cache.art(art, of: card, index: 3, fitting: (10, 5), blur: 0, glyphs: .unicode)
        let other = cache.art(art, of: card, index: 3, fitting: (8, 4), blur: 0, glyphs: .unicode)
        let blurred = cache.art(art, of: card, index: 3, fitting: (8, 4), blur: 0.5, glyphs: .unicode)
        #expect(cache.preparedArt == 3)
        #expect((first.width, first.height) == (10, 5))
        #expect((other.width, other.height) == (8, 4))
        // Back to each size and blur: the same cells, nothing new made.
        #expect(Self.storage(cache.art(art, of: card, index: 3, fitting: (10, 5), blur: 0, glyphs: .unicode)) == Self.storage(first))
        #expect(Self.storage(cache.art(art, of: card, index: 3, fitting: (8, 4), blur: 0.5, glyphs: .unicode)) == Self.storage(blurred))
        #expect(Self.storage(cache.art(art, of: card, index: 3, fitting: (8, 4), blur: 0, glyphs: .unicode)) == Self.storage(other))
        // A box of another shape that the art fits to the same size shares its cells.
        #expect(Self.storage(cache.art(art, of: card, index: 3, fitting: (10, 9), blur: 0, glyphs: .unicode)) == Self.storage(first))
        #expect(cache.preparedArt == 3)
    }

    @Test func anotherCardAtTheSamePlaceGetsItsOwnArt() {
        var cache = CellCache()
        let (a, artA) = Self.card("a", "#")
        let (b, artB) = Self.card("b", "%")
        #expect(Self.glyph(cache.art(artA, of: a, index: 0, fitting: (10, 5), blur: 0, glyphs: .unicode)) == "#")
        // The deck read again: card 0 is another card now.
        #expect(Self.glyph(cache.art(artB, of: b, index: 0, fitting: (10, 5), blur: 0, glyphs: .unicode)) == "%")
        // Cards whose places are far apart in a big deck share a slot of the table, in turn.
        for _ in 0..<2 {
            #expect(Self.glyph(cache.art(artA, of: a, index: 5, fitting: (10, 5), blur: 0, glyphs: .unicode)) == "#")
            #expect(Self.glyph(cache.art(artB, of: b, index: 5 + CellCache.artSlotCount, fitting: (10, 5), blur: 0, glyphs: .unicode)) == "%")
        }
        // The same card at two places (a deck that shows it twice) is drawn the same at both.
        #expect(Self.glyph(cache.art(artB, of: b, index: 6, fitting: (10, 5), blur: 0, glyphs: .unicode)) == "%")
    }

    @Test func preparedArtIsBounded() {
        var cache = CellCache()
        // A wide strip of art: every width asked for is a size of its own, of few cells (so the
        // bound on entries, not the one on cells, is what is reached).
        let (card, art) = Self.card("big", "@", width: 600, height: 2)
        let widths = 2...(CellCache.limit / 20 + 12)
        for width in widths {
            for step in 0..<20 {
                _ = cache.art(art, of: card, index: 0, fitting: (width, 2), blur: Double(step) / 20, glyphs: .unicode)
                #expect(cache.preparedArt <= CellCache.limit)
            }
        }
        // Emptied when the limit was reached, and filled again since: never all that was asked for.
        #expect(cache.preparedArt > 0 && cache.preparedArt < widths.count * 20)
    }
}
