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
    static func glyph(_ cells: ArtCells, in cache: CellCache) -> Character { cache.cells(of: cells).first { !$0.isBlank }?.glyph ?? " " }

    /// Where the prepared cells are in the cache's store.
    static func storage(_ cells: ArtCells, in cache: CellCache) -> UnsafePointer<Cell>? { cache.withCells(of: cells) { cells, _ in cells.baseAddress } }

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
        #expect(Self.storage(cache.art(art, of: card, index: 3, fitting: (10, 5), blur: 0, glyphs: .unicode), in: cache) == Self.storage(first, in: cache))
        #expect(Self.storage(cache.art(art, of: card, index: 3, fitting: (8, 4), blur: 0.5, glyphs: .unicode), in: cache) == Self.storage(blurred, in: cache))
        #expect(Self.storage(cache.art(art, of: card, index: 3, fitting: (8, 4), blur: 0, glyphs: .unicode), in: cache) == Self.storage(other, in: cache))
        // A box of another shape that the art fits to the same size shares its cells.
        #expect(Self.storage(cache.art(art, of: card, index: 3, fitting: (10, 9), blur: 0, glyphs: .unicode), in: cache) == Self.storage(first, in: cache))
        #expect(cache.preparedArt == 3)
    }

    @Test func anotherCardAtTheSamePlaceGetsItsOwnArt() {
        var cache = CellCache()
        let (a, artA) = Self.card("a", "#")
        let (b, artB) = Self.card("b", "%")
        #expect(Self.glyph(cache.art(artA, of: a, index: 0, fitting: (10, 5), blur: 0, glyphs: .unicode), in: cache) == "#")
        // The deck read again: card 0 is another card now.
        #expect(Self.glyph(cache.art(artB, of: b, index: 0, fitting: (10, 5), blur: 0, glyphs: .unicode), in: cache) == "%")
        // Cards whose places are far apart in a big deck share a slot of the table, in turn.
        for _ in 0..<2 {
            #expect(Self.glyph(cache.art(artA, of: a, index: 5, fitting: (10, 5), blur: 0, glyphs: .unicode), in: cache) == "#")
            #expect(Self.glyph(cache.art(artB, of: b, index: 5 + CellCache.artSlotCount, fitting: (10, 5), blur: 0, glyphs: .unicode), in: cache) == "%")
        }
        // The same card at two places (a deck that shows it twice) is drawn the same at both.
        #expect(Self.glyph(cache.art(artB, of: b, index: 6, fitting: (10, 5), blur: 0, glyphs: .unicode), in: cache) == "%")
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

/// Art is prepared into storage the cache keeps: resampled, blurred and turned into cells with
/// buffers that are reused, into a store whose room is reserved once, so that art met at a new
/// size and blur while cards move allocates nothing.
@Suite struct ArtStoreTests {
    /// What the grid's own functions make of a drawing, as cells.
    static func cells(_ art: Art, width: Int, height: Int, blurStep: Int, glyphs: Glyphs) -> [Cell] {
        var grid = ArtGrid(lines: art.variants[0]).resampled(width: width, height: height)
        if blurStep > 0 { grid = grid.blurred(Double(blurStep) / CellCache.blurSteps, ramp: glyphs.ramp) }
        var cells: [Cell] = [], ink: [Double] = []
        ArtCells.append(grid.codes, of: grid.table, glyphs: glyphs, cells: &cells, ink: &ink)
        return cells
    }

    /// Shrunk, enlarged and kept at its size, sharp and blurred, in both looks: the cells the
    /// store holds are the ones the grid's functions make, one entry after another.
    @Test func theStoreHoldsWhatTheGridMakes() {
        let face = Art(lines: [" .-\"\"-. ", "/ o  o \\", "|  /\\  |", "| \\__/ |", " '-..-' ", "  东京  "])
        let card = Card(id: "face", title: "face", content: .art(face))
        var cache = CellCache()
        var seen = 0
        for glyphs in [Glyphs.unicode, .ascii] {
            for (width, height) in [(8, 6), (4, 3), (6, 4), (16, 12), (20, 7), (3, 9)] {
                for step in [0, 1, 5, 13, 20] {
                    let art = cache.art(face, of: card, index: 0, fitting: (width, height), blur: Double(step) / CellCache.blurSteps, glyphs: glyphs)
                    #expect(art.width > 0 && art.height > 0)
                    let expected = Self.cells(face, width: art.width, height: art.height, blurStep: step, glyphs: glyphs)
                    let same = cache.cells(of: art) == expected
                    #expect(same, "\(width)x\(height) blur \(step) \(glyphs.isASCII ? "ascii" : "unicode")")
                    seen += 1
                }
            }
        }
        #expect(cache.preparedArt > 1 && cache.preparedArt <= seen)
    }

    /// The store's room is reserved with the first art: hundreds of sizes later, the first art's
    /// cells have not moved (an array growing as art is added would have moved them).
    @Test func artIsPreparedIntoRoomReservedOnce() {
        let (card, art) = ArtCacheTests.card("strip", "@", width: 300, height: 8)
        var cache = CellCache()
        let first = cache.art(art, of: card, index: 0, fitting: (10, 4), blur: 0, glyphs: .unicode)
        let where1 = ArtCacheTests.storage(first, in: cache)
        for width in 11...300 {
            _ = cache.art(art, of: card, index: 0, fitting: (width, 8), blur: 0.3, glyphs: .unicode)
        }
        #expect(cache.preparedArt == 291)
        #expect(cache.preparedCells > 50_000)
        #expect(ArtCacheTests.storage(first, in: cache) == where1)
        #expect(ArtCacheTests.glyph(first, in: cache) == "@")
    }
}
