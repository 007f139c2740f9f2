import CarouselCanvas
import CarouselCards
import CarouselCore
@testable import CarouselRender
import Testing

/// Art in several sizes (`Mira.txt`, `Mira@2x.txt`, as an image's `srcset`): the renderer shrinks
/// the smallest size that is at least as big as the size it is shown at, and enlarges the largest
/// only when none is.
@Suite struct ArtVariantTests {
    /// `w` x `h` cells of `glyph`: each size drawn with its own glyph, so a screen tells which was used.
    static func block(_ glyph: Character, _ w: Int, _ h: Int) -> [String] {
        Array(repeating: String(repeating: glyph, count: w), count: h)
    }

    static let small = block("+", 10, 5), medium = block("=", 20, 10), large = block("#", 40, 20)
    let sizes = [ArtGrid(lines: small), ArtGrid(lines: medium), ArtGrid(lines: large)]

    @Test(arguments: [
        (box: (5, 3), chosen: 0),     // smaller than every size: the smallest, shrunk
        (box: (10, 5), chosen: 0),    // exactly the smallest
        (box: (11, 5), chosen: 0),    // as tall as the smallest: it fits without growing
        (box: (3, 100), chosen: 0),   // as narrow as it gets
        (box: (12, 6), chosen: 1),    // the smallest would grow: the next one, shrunk
        (box: (100, 8), chosen: 1),   // wide and low: 16 x 8 is needed, the medium has it
        (box: (20, 10), chosen: 1),
        (box: (21, 11), chosen: 2),
        (box: (40, 20), chosen: 2),
        (box: (41, 21), chosen: 2),   // none is big enough: the largest, enlarged
        (box: (200, 100), chosen: 2),
    ])
    func theSmallestSizeThatIsBigEnoughIsChosen(box: (Int, Int), chosen: Int) {
        #expect(ArtGrid.variant(among: sizes, fitting: box) == chosen)
    }

    @Test func neverASizeEnlargedWhenALargerOneExists() {
        for width in 1...60 {
            for height in 1...30 {
                let chosen = ArtGrid.variant(among: sizes, fitting: (width, height))
                let grid = sizes[chosen]
                let fitted = grid.fittedSize(in: (width, height))
                if chosen < sizes.count - 1 {
                    #expect(fitted.width <= grid.width && fitted.height <= grid.height, "\(width)x\(height)")
                }
                // And no smaller size would have done.
                for smaller in sizes[..<chosen] {
                    #expect(!smaller.isLargeEnough(for: (width, height)), "\(width)x\(height)")
                }
            }
        }
    }

    @Test func sizesAreComparedByTheirCellsNotTheirOrder() {
        let shuffled = [sizes[2], sizes[0], sizes[1]]
        #expect(ArtGrid.variant(among: shuffled, fitting: (8, 4)) == 1)
        #expect(ArtGrid.variant(among: shuffled, fitting: (12, 6)) == 2)
        #expect(ArtGrid.variant(among: shuffled, fitting: (30, 15)) == 0)
        #expect(ArtGrid.variant(among: shuffled, fitting: (90, 45)) == 0)
    }

    @Test func anEmptySizeIsNeverChosen() {
        let withEmpty = [ArtGrid(lines: []), sizes[0], ArtGrid(lines: ["", "  "])]
        #expect(ArtGrid.variant(among: withEmpty, fitting: (3, 3)) == 1)
        #expect(ArtGrid.variant(among: withEmpty, fitting: (30, 30)) == 1)
        #expect(ArtGrid.variant(among: [ArtGrid(lines: [])], fitting: (3, 3)) == 0)
    }

    @Test func oneSizeIsArtAsBefore() {
        let art: Art = ["ab", "cd"]
        #expect(art.variants == [["ab", "cd"]])
        #expect(art.lines == ["ab", "cd"])
        #expect(Card(title: "t", art: ["x"]).content == .art(Art(variants: [["x"]])))
        #expect(Art(variants: []).variants == [[]])
        let two = Art(variants: [Self.small, Self.large])
        #expect(two.lines == Self.small, "a card's lines are its smallest size")
        #expect(CardContent.art(two).lines == Self.small)
        #expect(CardContent.art(two).byteCost > CardContent.art(Art(lines: Self.small)).byteCost)
    }

    /// The glyphs painted inside a card whose frame is `width` x `height`.
    func glyphs(of card: Card, width: Int, height: Int, cache: inout CellCache) -> Set<Character> {
        var canvas = Canvas(width: 80, height: 40)
        let placement = CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
                                      scale: 1, blur: 0, opacity: 1, z: 0, progress: 0)
        CardPainter(theme: Theme(glyphs: .ascii, usesColor: false)).paint(card, at: placement, active: false, cache: &cache, on: &canvas)
        var seen = Set<Character>()
        for y in 1..<(height - 1) { for x in 1..<(width - 1) { seen.insert(canvas[x, y].glyph) } }
        seen.remove(" ")
        return seen
    }

    @Test func aCardIsPaintedFromTheSizeItsBoxNeeds() {
        let card = Card(id: "sizes", title: "", content: .art(Art(variants: [Self.small, Self.medium, Self.large])))
        var cache = CellCache()
        // Frames are the interior plus the border.
        #expect(glyphs(of: card, width: 10, height: 6, cache: &cache) == ["+"])
        #expect(glyphs(of: card, width: 14, height: 8, cache: &cache) == ["="])
        #expect(glyphs(of: card, width: 30, height: 16, cache: &cache) == ["#"])
        #expect(glyphs(of: card, width: 70, height: 36, cache: &cache) == ["#"])
        // The same cache, back to smaller boxes: each size is kept apart.
        #expect(glyphs(of: card, width: 14, height: 8, cache: &cache) == ["="])
        #expect(glyphs(of: card, width: 10, height: 6, cache: &cache) == ["+"])
    }

    @Test func aZoomedCardShrinksItsLargeSizeToTheScreen() {
        let card = Card(id: "sizes", title: "sizes", content: .art(Art(variants: [Self.small, Self.large])))
        var cache = CellCache()
        var canvas = Canvas(width: 34, height: 20)
        let painter = CardPainter(theme: Theme(glyphs: .ascii, usesColor: false))
        _ = painter.paintZoomed(card, index: 0, in: CellRect(x: 0, y: 0, width: 34, height: 20), first: 0, cache: &cache, on: &canvas)
        let rows = (1..<19).map { y in String((1..<33).map { canvas[$0, y].glyph }) }
        #expect(rows.contains { $0.contains(String(repeating: "#", count: 32)) }, "\(rows.joined(separator: "\n"))")
        #expect(!rows.joined().contains("+"))
    }

    /// A face in two sizes: shrinking the large one to the small one's size keeps its features,
    /// each once (eyes are not doubled, the outline survives the hair around it).
    @Test func shrinkingKeepsEachFeatureOnce() {
        let large = ArtGrid(lines: [
            "  @@@@@@@@@@@@@@@@@@  ",
            " @@@@/''''''''''\\@@@@ ",
            " @@@|   (o)  (o)  |@@@ ",
            " @@@|      )      |@@@ ",
            " @@@|    \\___/    |@@@ ",
            " @@@@\\           /@@@@ ",
        ])
        let shrunk = large.resampled(width: 15, height: 4)
        let rows = (0..<shrunk.height).map { y in String((0..<shrunk.width).compactMap { shrunk[$0, y] }) }
        let text = rows.joined(separator: "\n")
        #expect(text.filter { $0 == "o" }.count == 2, "\(text)")
        #expect(rows.contains { $0.filter { $0 == "|" }.count >= 2 }, "the face's sides stay: \(text)")
    }

    @Test func symmetricArtShrinksSymmetrically() {
        let face = ArtGrid(lines: [
            "@@@/''''''''''\\@@@",
            "@@|  (o)  (o)  |@@",
            "@@|   \\____/   |@@",
        ])
        let swap: [Character: Character] = ["/": "\\", "\\": "/", "(": ")", ")": "("]
        for width in 8...17 {
            let shrunk = face.resampled(width: width, height: 3)
            for y in 0..<3 {
                let row = (0..<width).map { shrunk[$0, y] ?? " " }
                let mirrored = row.reversed().map { swap[$0] ?? $0 }
                // The middle column of an odd width may go either way; the rest mirrors.
                let pairs = zip(row, mirrored).enumerated().filter { width % 2 == 0 || abs($0.offset * 2 - (width - 1)) > 1 }
                #expect(pairs.allSatisfy { $0.element.0 == $0.element.1 }, "\(width): \(String(row))")
            }
        }
    }
}
