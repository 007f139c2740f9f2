import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselText
@testable import CarouselRender
import Synchronization
import Testing

/// How picture cards are painted, with a stand-in picture source: what is asked for, the
/// placeholder, a stand-in of another size, a failure, fading.
@Suite struct PicturePainterTests {
    /// A picture source that answers what it is told to and remembers what it was asked.
    final class FakeSource: PictureSource {
        let answer: Mutex<PictureLookup>
        let asked = Mutex<[PictureRequest]>([])
        init(_ answer: PictureLookup) { self.answer = Mutex(answer) }
        func beginFrame() {}
        func lookup(_ request: PictureRequest) -> PictureLookup {
            asked.withLock { $0.append(request) }
            return answer.withLock { $0 }
        }
        func prefetch(_ request: PictureRequest) {}
        func forget() {}
        func takeFailures() -> [PictureFailure] { [] }
        func failure(of file: PictureFile) -> PictureFailure? {
            guard case .failed(let line) = answer.withLock({ $0 }), let colon = line.firstRange(of: ": ") else { return nil }
            return PictureFailure(file: file, name: String(line[..<colon.lowerBound]), reason: String(line[colon.upperBound...]))
        }
        var requests: [PictureRequest] { asked.withLock { $0 } }
    }

    static let red = RGB(255, 0, 0)
    let card = Card(id: "sea.png", title: "Sea", content: .image(PictureFile(path: "sea.png")), accent: RGB(80, 160, 220))

    /// A tile of `width` x `height` cells, all full red blocks.
    static func redTile(width: Int, height: Int) -> PictureTile {
        let cell = Cell(" ", style: CellStyle(background: .rgb(red)))
        return PictureTile(width: width, height: height, cells: Array(repeating: cell, count: width * height),
                           inks: Array(repeating: PictureInk(foreground: nil, background: red), count: width * height),
                           area: CellRect(x: 0, y: 0, width: width, height: height))
    }

    func paint(_ source: FakeSource, opacity: Double = 1, blur: Double = 0, color: Bool = true) -> Canvas {
        var canvas = Canvas(width: 30, height: 14)
        var cache = CellCache()
        let placement = CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 24, height: 12), scale: 1, blur: blur,
                                      opacity: opacity, z: 0, progress: 0)
        CardPainter(theme: Theme(glyphs: .unicode, usesColor: color), pictures: source)
            .paint(card, at: placement, active: true, cache: &cache, on: &canvas)
        return canvas
    }

    func reds(_ canvas: Canvas) -> [RGB] {
        var found: [RGB] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                if case .rgb(let c) = canvas[x, y].style.background, c.r > c.g + 40, c.r > c.b + 40 { found.append(c) }
            }
        }
        return found
    }

    @Test func thePictureIsAskedForAtTheSizeOfTheCardsInterior() {
        let source = FakeSource(.ready(Self.redTile(width: 22, height: 10)))
        let canvas = paint(source)
        #expect(source.requests == [PictureRequest(file: PictureFile(path: "sea.png"), columns: 22, rows: 10, blurStep: 0)])
        // The whole interior is the picture; the title sits on the frame.
        #expect(reds(canvas).count == 22 * 10)
        #expect(canvas.lines()[11].contains(" Sea "))
    }

    @Test func blurIsAskedForInSteps() {
        let source = FakeSource(.pending)
        _ = paint(source, blur: 10)
        _ = paint(source, blur: 5)
        #expect(source.requests.map(\.blurStep) == [PictureRequest.blurSteps, PictureRequest.blurSteps / 2])
    }

    @Test func untilThePictureIsReadyTheCardShowsItsTitleOnASoftBox() {
        let canvas = paint(FakeSource(.pending))
        let lines = canvas.lines()
        #expect(lines[5].contains("Sea"), "\(lines.joined(separator: "\n"))")
        // Soft: the accent far toward the background, on every cell of the interior.
        guard case .rgb(let soft) = canvas[3, 3].style.background else {
            Issue.record("the placeholder has no colour of its own")
            return
        }
        #expect(soft != RGB(80, 160, 220) && soft.b > soft.r)
        #expect(reds(canvas).isEmpty)
        // Without colour, a light shade.
        let plain = paint(FakeSource(.pending), color: false)
        #expect(plain.lines()[3].contains("░"))
    }

    @Test func aStandInOfAnotherSizeIsCentredAndCut() {
        let canvas = paint(FakeSource(.standIn(Self.redTile(width: 30, height: 4))))
        let rows = (0..<canvas.height).filter { y in (0..<canvas.width).contains { x in
            if case .rgb(let c) = canvas[x, y].style.background { return c == Self.red }
            return false
        } }
        #expect(rows == [4, 5, 6, 7], "centred in the 10 rows of the interior")
        #expect(reds(canvas).count == 22 * 4, "cut to the card's interior")
    }

    @Test func aPictureThatCannotBeShownSaysWhy() {
        let canvas = paint(FakeSource(.failed("sea.png: damaged or truncated picture")))
        let text = canvas.lines().joined(separator: "\n")
        #expect(text.contains("sea.png:") && text.contains("damaged"), "\(text)")
    }

    @Test func aFadedCardsPictureBlendsTowardTheBackground() {
        let full = reds(paint(FakeSource(.ready(Self.redTile(width: 22, height: 10))), opacity: 1))
        let half = reds(paint(FakeSource(.ready(Self.redTile(width: 22, height: 10))), opacity: 0.5))
        #expect(full.allSatisfy { $0 == Self.red })
        #expect(half.count == full.count && half.allSatisfy { $0.r < 160 && $0.r > 100 }, "\(half.first.map { "\($0)" } ?? "-")")
        // Without colour: dim.
        let plain = paint(FakeSource(.ready(Self.redTile(width: 22, height: 10))), opacity: 0.4, color: false)
        #expect(plain[5, 5].style.attributes.contains(.dim))
    }

    /// A text's figure (a slide's picture among its words, see `TextFigure`) is drawn with the
    /// text: above it when it came first, the words in the rows they need (at most half), a blank
    /// row between; until it is ready, a soft box with its words; zoomed, converted for the zoom.
    @Test func aTextsFigureIsDrawnWithItsWords() {
        var document = TextDocument(blocks: [.paragraph([TextSpan("one line")])])
        document.figure = TextFigure(address: "sea.png", alt: "The sea", block: 0)
        document.figure?.path = Array("sea.png".utf8)
        let card = Card(id: "talk.md#1", title: "Trip", content: .text(document))
        let placement = CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 24, height: 12), scale: 1, blur: 0,
                                      opacity: 1, z: 0, progress: 0)
        func strip(_ source: FakeSource, _ card: Card) -> Canvas {
            var canvas = Canvas(width: 30, height: 14)
            var cache = CellCache()
            CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: source)
                .paint(card, at: placement, active: true, cache: &cache, on: &canvas)
            return canvas
        }
        // The interior, 22 x 10, less a column of margin each side: 20 x 10; one row of words.
        let source = FakeSource(.ready(Self.redTile(width: 20, height: 8)))
        let canvas = strip(source, card)
        #expect(source.requests == [PictureRequest(file: PictureFile(path: "sea.png"), columns: 20, rows: 8, blurStep: 0)])
        #expect(reds(canvas).count == 20 * 8)
        #expect(canvas.lines()[10].hasPrefix("│ one line"), "\(canvas.lines().joined(separator: "\n"))")
        // After the words, below them.
        var after = document
        after.figure?.first = false
        let below = strip(FakeSource(.ready(Self.redTile(width: 20, height: 8))), Card(id: "talk.md#2", title: "Trip", content: .text(after)))
        #expect(below.lines()[1].hasPrefix("│ one line") && below[5, 3].style.background == .rgb(Self.red), "\(below.lines().joined(separator: "\n"))")
        // A picture less tall than its box stands against the words: above them, at the box's
        // bottom (a wide one stood in the middle, blank rows between: helper-73).
        let wide = strip(FakeSource(.ready(Self.redTile(width: 20, height: 2))), card)
        #expect((1...10).filter { y in wide[5, y].style.background == .rgb(Self.red) } == [7, 8], "\(wide.lines().joined(separator: "\n"))")
        // Pending: its words on a soft box.
        #expect(strip(FakeSource(.pending), card).lines().contains { $0.contains("The sea") })
        // Found broken: a row that names it and says why, the words under it (an empty box the
        // picture's size stayed: helper-73).
        let broken = strip(FakeSource(.failed("/home/ada/talk/sea.png: damaged or truncated picture: the data ends early")), card).lines()
        #expect(broken[1].hasPrefix("│ [image: The sea]:…") && broken[3].hasPrefix("│ one line"), "\(broken.joined(separator: "\n"))")
        var wideScreen = Canvas(width: 60, height: 14)
        var wideCache = CellCache()
        CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: FakeSource(.failed("/home/ada/talk/sea.png: damaged or truncated picture: x")))
            .paint(card, at: CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 58, height: 12), scale: 1, blur: 0, opacity: 1, z: 0, progress: 0),
                   active: true, cache: &wideCache, on: &wideScreen)
        #expect(wideScreen.lines()[1].contains("[image: The sea]: damaged or truncated picture "), "plain words, no path: \(wideScreen.lines()[1])")
        // Found broken after the words: its row right under them.
        var afterBroken = document
        afterBroken.figure?.first = false
        let under = strip(FakeSource(.failed("sea.png: damaged or truncated picture")), Card(id: "talk.md#3", title: "Trip", content: .text(afterBroken))).lines()
        #expect(under[1].hasPrefix("│ one line") && under[3].hasPrefix("│ [image: The sea]"), "\(under.joined(separator: "\n"))")
        // The smallest text box that shows it, 8 x 6 (a card of 12 x 8 with margins of a column,
        // or of 10 x 8 without); a column less, the words alone.
        for (width, shows) in [(12, true), (10, true), (9, false)] {
            var screen = Canvas(width: 16, height: 10)
            var cells = CellCache()
            let asked = FakeSource(.ready(Self.redTile(width: 8, height: 3)))
            CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: asked)
                .paint(card, at: CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: Double(width), height: 8), scale: 1, blur: 0, opacity: 1, z: 0, progress: 0),
                       active: true, cache: &cells, on: &screen)
            #expect(asked.requests.isEmpty != shows && reds(screen).isEmpty != shows, "\(width): \(screen.lines().joined(separator: "\n"))")
        }
        // A card too small for both shows its words alone, and asks for no picture.
        var small = Canvas(width: 14, height: 8)
        var cache = CellCache()
        let none = FakeSource(.pending)
        CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: none)
            .paint(card, at: CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 12, height: 7), scale: 1, blur: 0, opacity: 1, z: 0, progress: 0),
                   active: true, cache: &cache, on: &small)
        #expect(none.requests.isEmpty && small.lines()[1].contains("one line"), "\(small.lines().joined(separator: "\n"))")
        // Zoomed: at the zoom's size, the words under it.
        let zoomed = FakeSource(.ready(Self.redTile(width: 30, height: 14)))
        var screen = Canvas(width: 40, height: 20)
        var zoomCache = CellCache()
        let info = CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: zoomed)
            .paintZoomed(card, index: 0, in: CellRect(x: 0, y: 0, width: 40, height: 20), first: 0, cache: &zoomCache, on: &screen)
        #expect(zoomed.requests.last.map { [$0.columns, $0.rows] } == [36, 16], "\(zoomed.requests)")
        #expect(info.page == 1 && screen.lines()[18].contains("one line"), "\(screen.lines().joined(separator: "\n"))")
    }
    /// A text's pictures beside one another (a slide's `![a](a.png) ![b](b.png)`) share the
    /// figure's rows side by side, a column between them (helper-91: the second was only named).
    @Test func aTextsFiguresAreDrawnSideBySide() {
        var document = TextDocument(blocks: [.paragraph([TextSpan("one line")])])
        document.figure = TextFigure(address: "sea.png", alt: "The sea", block: 0)
        document.figure?.path = Array("sea.png".utf8)
        var second = TextFigure(address: "map.png", alt: "The map", block: 0)
        second.path = Array("map.png".utf8)
        document.moreFigures = [second]
        let card = Card(id: "talk.md#1", title: "Trip", content: .text(document))
        var canvas = Canvas(width: 30, height: 14)
        var cache = CellCache()
        let source = FakeSource(.ready(Self.redTile(width: 9, height: 8)))
        CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: source)
            .paint(card, at: CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 24, height: 12), scale: 1, blur: 0, opacity: 1, z: 0, progress: 0),
                   active: true, cache: &cache, on: &canvas)
        // The 20 columns of the text box: 10 for the first, a gap, 9 for the second; each over
        // its words (helper-94: which was which was said nowhere).
        #expect(source.requests == [PictureRequest(file: PictureFile(path: "sea.png"), columns: 10, rows: 7, blurStep: 0),
                                    PictureRequest(file: PictureFile(path: "map.png"), columns: 9, rows: 7, blurStep: 0)], "\(source.requests)")
        #expect(reds(canvas).count == 2 * 9 * 7, "\(canvas.lines().joined(separator: "\n"))")
        #expect(canvas.lines()[8].contains("The sea") && canvas.lines()[8].contains("The map"), "\(canvas.lines().joined(separator: "\n"))")
        #expect(canvas.lines()[10].hasPrefix("│ one line"), "\(canvas.lines().joined(separator: "\n"))")
        // A slide of its heading and pictures alone: they take the whole text box, and the card
        // does not say "(empty)" under them (review).
        var alone = TextDocument(blocks: [])
        alone.figure = document.figure
        alone.moreFigures = document.moreFigures
        var bare = Canvas(width: 30, height: 14)
        var bareCache = CellCache()
        let bareSource = FakeSource(.ready(Self.redTile(width: 9, height: 10)))
        CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: bareSource)
            .paint(Card(id: "talk.md#2", title: "Side by side", content: .text(alone)),
                   at: CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 24, height: 12), scale: 1, blur: 0, opacity: 1, z: 0, progress: 0),
                   active: true, cache: &bareCache, on: &bare)
        #expect(bareSource.requests.map(\.rows) == [9, 9], "\(bareSource.requests)")
        #expect(!bare.lines().contains { $0.contains("(empty)") }, "\(bare.lines().joined(separator: "\n"))")
        // Less tall than their box, in its middle: no words to stand against (helper-95: at its bottom).
        var middle = Canvas(width: 30, height: 14)
        var middleCache = CellCache()
        CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: FakeSource(.ready(Self.redTile(width: 9, height: 3))))
            .paint(Card(id: "talk.md#3", title: "Side by side", content: .text(alone)),
                   at: CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 24, height: 12), scale: 1, blur: 0, opacity: 1, z: 0, progress: 0),
                   active: true, cache: &middleCache, on: &middle)
        #expect((1...10).filter { y in middle[5, y].style.background == .rgb(Self.red) } == [4, 5, 6], "\(middle.lines().joined(separator: "\n"))")
        // Searched by both pictures' words.
        #expect(card.searchText(fileName: false).contains("The sea") && card.searchText(fileName: false).contains("The map"))
    }

    /// A figure's words cut by the screen's edge leave no piece of a word in sight, as a card's
    /// lines and title do ("[image: Cut sh" stood at the edge: helper-74).
    @Test func aFiguresWordsCutByTheEdgeLeaveNoPieces() {
        var document = TextDocument(blocks: [.paragraph([TextSpan("one line")])])
        document.figure = TextFigure(address: "sea.png", alt: "A long view of the sea", block: 0)
        document.figure?.path = Array("sea.png".utf8)
        let card = Card(id: "talk.md#1", title: "Trip", content: .text(document))
        func row(_ answer: PictureLookup, x: Double, _ y: Int) -> String {
            var canvas = Canvas(width: 30, height: 14)
            var cache = CellCache()
            CardPainter(theme: Theme(glyphs: .unicode, usesColor: true), pictures: FakeSource(answer))
                .paint(card, at: CardPlacement(index: 0, frame: Rect(x: x, y: 0, width: 24, height: 12), scale: 1, blur: 0,
                                               opacity: 1, z: 0, progress: 0),
                       active: true, cache: &cache, on: &canvas)
            return canvas.lines()[y]
        }
        // Until it is ready: "A long view of…" in the middle of its box, "of" cut to "o" by the edge.
        let pending = row(.pending, x: 13, 4)
        #expect(pending.hasSuffix("│   A long view  "), "\(pending)")
        // Found broken: "[image: A long view…", "view" cut to "vi".
        let broken = row(.failed("sea.png: damaged or truncated picture"), x: 11, 1)
        #expect(broken.hasSuffix("│ [image: A long   "), "\(broken)")
        // All in sight, three columns further left: whole.
        #expect(row(.failed("sea.png: damaged or truncated picture"), x: 8, 1).hasSuffix("│ [image: A long view…"))
    }
}
