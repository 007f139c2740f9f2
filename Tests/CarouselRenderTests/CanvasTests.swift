import CarouselCanvas
import CarouselCards
import CarouselCore
@testable import CarouselRender
import CarouselTestSupport
import Testing

@Suite struct CanvasTests {
    @Test func textIsClippedAndLinesAreExactlyTheCanvasSize() {
        var canvas = Canvas(width: 5, height: 2)
        canvas.text("abcdefgh", x: 2, y: 1)
        #expect(canvas.lines() == ["     ", "  abc"])
    }

    /// `showsNothing` (one mask of the cell's bits) says what its meaning says: a one-column space
    /// with the default background and none of reverse, underline and strikethrough, whatever its
    /// ink, bold, dim or italic.
    @Test func aBlankShowsNothingOnlyWithoutBackgroundOrAnAttributeThatShowsOnIt() {
        let colors: [Color] = [.default, .indexed(0), .indexed(200), .rgb(RGB(0, 0, 0)), .rgb(RGB(255, 255, 255))]
        for glyph in [" ", "x", "日"] as [Character] {
            for width: UInt8 in [0, 1, 2] {
                for foreground in colors {
                    for background in colors {
                        for bits in 0..<64 {
                            let attributes = Attributes(rawValue: UInt8(bits))
                            let cell = Cell(glyph, style: CellStyle(foreground: foreground, background: background, attributes: attributes), width: width)
                            let expected = glyph == " " && width == 1 && background == .default
                                && attributes.isDisjoint(with: [.reverse, .underline, .strikethrough])
                            #expect(cell.showsNothing == expected, "\(glyph) \(width) \(foreground) \(background) \(bits)")
                        }
                    }
                }
            }
        }
    }

    @Test func wideGlyphsTakeTwoCellsAndAreNeverSplit() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.text("日本", x: 0, y: 0)
        #expect(canvas.lines() == ["日本  "])
        #expect(canvas[1, 0].isContinuation)
        // No room for the second half at the right edge: a blank instead of half a glyph.
        canvas.put("語", x: 5, y: 0)
        #expect(canvas.lines() == ["日本  "])
        // Overwriting the right half of a wide glyph blanks its left half.
        canvas.put("x", x: 1, y: 0)
        #expect(canvas.lines() == [" x本  "])
        // Overwriting the left half blanks the right half.
        canvas.put("y", x: 2, y: 0)
        #expect(canvas.lines() == [" xy   "])
    }

    @Test func clipRegionsHoldWideGlyphsWhole() {
        var canvas = Canvas(width: 8, height: 1)
        canvas.text("漢字漢字", x: 0, y: 0, clip: CellRect(x: 0, y: 0, width: 3, height: 1))
        #expect(canvas.lines() == ["漢      "])
    }

    @Test func characterWidths() {
        #expect(CharacterWidth.of("a") == 1)
        #expect(CharacterWidth.of("é") == 1)
        #expect(CharacterWidth.of("e\u{301}") == 1, "a combining accent adds no width")
        #expect(CharacterWidth.of("界") == 2)
        #expect(CharacterWidth.of("🙂") == 2)
        #expect(CharacterWidth.of("\u{200B}") == 0)
        #expect(CharacterWidth.of("ｈｉ") == 4)
    }

    /// A cell keeps a character and two marks; one of more marks is composed first, so that a
    /// letter with three accents keeps them all where one of them has a composed form with it
    /// (helper-96: one of `a` + U+0301 U+0302 U+0303 was dropped).
    @Test func aCellComposesAClusterOfManyMarks() {
        #expect(Cell("a\u{301}\u{302}\u{303}").glyph == "a\u{301}\u{302}\u{303}")
        #expect(Cell("e\u{301}\u{302}").glyph == "e\u{301}\u{302}")
        #expect(Cell("x\u{301}\u{302}\u{303}").glyph == "x\u{301}\u{302}", "no composed form: the first two marks")
    }

    @Test func diffFindsOnlyChangedRuns() {
        var a = Canvas(width: 10, height: 3)
        a.text("hello", x: 0, y: 1)
        var b = a
        b.text("J", x: 0, y: 1)
        b.text("!", x: 9, y: 2)
        var runs: [CellRun] = []
        CanvasDiff.runs(from: a, to: b, into: &runs)
        #expect(runs == [CellRun(x: 0, y: 1, count: 1), CellRun(x: 9, y: 2, count: 1)])
        CanvasDiff.runs(from: b, to: b, into: &runs)
        #expect(runs.isEmpty)
        CanvasDiff.runs(from: nil, to: b, into: &runs)
        #expect(runs.count == 3 && runs.allSatisfy { $0.count == 10 })
    }

    @Test func diffRunsNeverStartInsideAWideGlyph() {
        var a = Canvas(width: 6, height: 1)
        a.text("ab", x: 0, y: 0)
        var b = Canvas(width: 6, height: 1)
        b.text("a界", x: 0, y: 0)
        var runs: [CellRun] = []
        CanvasDiff.runs(from: a, to: b, into: &runs)
        #expect(runs == [CellRun(x: 1, y: 0, count: 2)])
    }
}

@Suite struct ArtGridTests {
    let face = ArtGrid(lines: [
        "  .----.  ",
        " / o  o \\ ",
        "|   <    |",
        " \\ '--' / ",
        "  '----'  ",
    ])

    @Test func resamplingGivesExactlyTheAskedSize() {
        for (w, h) in [(5, 3), (10, 5), (20, 10), (3, 1), (1, 1)] {
            let grid = face.resampled(width: w, height: h)
            #expect(grid.width == w && grid.height == h)
        }
    }

    @Test func shrinkingKeepsTheOutline() {
        let half = face.resampled(width: 5, height: 3)
        let rows = (0..<3).map { y in String((0..<5).map { half[$0, y] ?? " " }) }
        // Every row still has ink at both edges of the face: outlines survive.
        for row in rows { #expect(row.trimmingCharacters(in: " ").count >= 2, "row '\(row)' lost its outline") }
    }

    @Test func fittingKeepsTheProportions() {
        let size = face.fittedSize(in: (20, 20))
        #expect(size.width == 20 && size.height == 10)
        let narrow = face.fittedSize(in: (5, 20))
        #expect(narrow.width == 5 && narrow.height == 3)
    }

    @Test func textIsNeverEnlargedButPicturesAre() {
        let word = ArtGrid(lines: ["  PWNED", "by me"])
        #expect(word.isText && !face.isText)
        #expect(word.fittedSize(in: (40, 12)) == (7, 2), "text keeps its size in a big box")
        #expect(word.fittedSize(in: (4, 12)) == (4, 1), "and still shrinks to fit a small one")
        #expect(face.fittedSize(in: (40, 12)) == (24, 12))
        let painted = CardPainter(theme: Theme(glyphs: .unicode, usesColor: true))
        var canvas = Canvas(width: 40, height: 14)
        var cache = CellCache()
        let card = Card(title: "Note", art: ["PWNED"])
        painted.paint(card, at: CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 40, height: 14), scale: 1, blur: 0, opacity: 1, z: 0, progress: 0),
                      active: true, cache: &cache, on: &canvas)
        #expect(canvas.lines().contains { $0.contains("PWNED") }, "the word reads as a word on a big card")
    }

    @Test func blurLosesDetailAsItGrows() {
        let ramp = Glyphs.unicode.ramp
        let sharp = face.blurred(0, ramp: ramp)
        let full = face.blurred(1, ramp: ramp)
        func distinct(_ g: ArtGrid) -> Int { Set(g.glyphs.compactMap { $0 }).count }
        #expect(String(sharp.glyphs.compactMap { $0 }) == String(face.glyphs.compactMap { $0 }))
        // At full blur only density-ramp glyphs remain.
        #expect(full.glyphs.compactMap { $0 }.allSatisfy { ramp.contains($0) })
        #expect(distinct(full) <= ramp.count)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

@Suite struct CellTests {
    @Test func cellsArePlainDataSoScreensClearAndCompareLikeMemory() {
        #expect(_isPOD(Cell.self))
    }

    @Test func aCellIsSixteenBytes() {
        #expect(MemoryLayout<Cell>.size == 16 && MemoryLayout<Cell>.stride == 16)
    }

    @Test func glyphsSurviveTheRoundTrip() {
        // The highest scalars too (21 bits each), in clusters of three: 🧑‍💻 is U+1F9D1 U+200D U+1F4BB.
        for glyph: Character in ["a", " ", "é", "e\u{301}", "界", "🙂", "❤\u{FE0F}", "1\u{FE0F}\u{20E3}", "╭", "░",
                                 "🧑\u{200D}💻", "\u{10FFFD}\u{E01EF}"] {
            #expect(Cell(glyph).glyph == glyph)
        }
        // Longer clusters keep their first three scalars, once composed (see `aCellComposesAClusterOfManyMarks`).
        #expect(Cell("x\u{301}\u{302}\u{303}").glyph == "x\u{301}\u{302}")
    }

    /// The style and the width are kept apart from each other and from the glyph, at their extremes.
    @Test func stylesAndWidthsSurviveTheRoundTrip() {
        let colors: [Color] = [.default, .rgb(RGB(255, 255, 255)), .rgb(RGB(0, 0, 1)), .indexed(255), .indexed(0)]
        let attributes: [Attributes] = [[], [.bold, .dim, .reverse, .underline, .italic], [.italic]]
        for fg in colors {
            for bg in colors {
                for attribute in attributes {
                    for width: UInt8 in [0, 1, 2] {
                        let style = CellStyle(foreground: fg, background: bg, attributes: attribute)
                        var cell = Cell("🧑\u{200D}💻", style: style, width: width)
                        #expect(cell.style == style && cell.width == width && cell.glyph == "🧑\u{200D}💻")
                        cell.width = 1
                        #expect(cell.style == style)
                        cell.style = .plain
                        #expect(cell.width == 1 && cell == Cell("🧑\u{200D}💻"))
                    }
                }
            }
        }
    }
}

/// Drawings are cached by the card's identity, so a deck read again (another card at the same place)
/// never shows the art of the card that was there before.
@Suite struct ArtCacheIdentityTests {
    @Test func anotherCardAtTheSameIndexIsDrawnAfresh() {
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        var state = CarouselState(count: 1)
        state.send(.setViewport(Scene.viewport(width: 60, height: 20)))
        var canvas = Canvas(width: 60, height: 20)
        let before = CardList([Card(id: "/notes/a.txt", title: "A", art: ["AAAA", "AAAA"])])
        let after = CardList([Card(id: "/notes/b.txt", title: "B", art: ["BBBB", "BBBB"])])
        _ = scene.render(state, deck: before, into: &canvas)
        #expect(canvas.lines().joined().contains("AAAA"))
        _ = scene.render(state, deck: after, into: &canvas)
        let text = canvas.lines().joined()
        #expect(text.contains("BBBB") && !text.contains("AAAA"), "the new card's art, not the cached one")
    }
}

/// A canvas knows which columns of each row were written since it was cleared (its painted spans):
/// clearing blanks only those, and the terminal compares two frames only there. Outside them
/// every cell must be blank, however it was painted.
@Suite struct PaintedSpanTests {
    /// Every cell outside its row's painted span is the blank cell.
    static func blankOutsideSpans(_ canvas: Canvas) -> [(x: Int, y: Int)] {
        var wrong: [(x: Int, y: Int)] = []
        for y in 0..<canvas.height {
            let span = canvas.painted[y]
            for x in 0..<canvas.width where (span.isEmpty || x < span.lower || x >= span.upper) && canvas[x, y] != .blank {
                wrong.append((x, y))
            }
        }
        return wrong
    }

    /// Random drawing with every way of writing cells (text, single glyphs, wide and combined
    /// glyphs, fills, boxes, prepared cells, restyling, rows put back), cleared and drawn again:
    /// outside the spans the canvas is blank, and a cleared canvas is a new one.
    @Test(arguments: 0..<8)
    func outsideThePaintedSpansEveryCellIsBlank(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let width = Int.random(in: 1...40, using: &random), height = Int.random(in: 1...10, using: &random)
        let glyphs: [Character] = ["a", " ", "東", "é", "e\u{301}", "─", "🧑\u{200D}💻", "#"]
        let styles = [CellStyle.plain, CellStyle(foreground: .indexed(3)), CellStyle(background: .rgb(RGB(9, 9, 9))),
                      CellStyle(attributes: [.reverse])]
        var canvas = Canvas(width: width, height: height)
        var kept: [Cell] = []
        for round in 0..<6 {
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                let x = Int.random(in: -3...(width + 2), using: &random), y = Int.random(in: -1...height, using: &random)
                let style = styles.randomElement(using: &random)!
                let glyph = glyphs.randomElement(using: &random)!
                switch Int.random(in: 0..<8, using: &random) {
                case 0: canvas.text(String(repeating: String(glyph), count: Int.random(in: 1...6, using: &random)), x: x, y: y, style: style)
                case 1: canvas.put(glyph, x: x, y: y, style: style)
                case 2: canvas.fill(CellRect(x: x, y: y, width: Int.random(in: 0...9, using: &random), height: Int.random(in: 0...4, using: &random)),
                                    glyph: glyph, style: style)
                case 3: canvas.box(CellRect(x: x, y: y, width: Int.random(in: 0...12, using: &random), height: Int.random(in: 0...5, using: &random)),
                                   glyphs: .unicode, style: style)
                case 4 where x >= 0 && x < width && y >= 0 && y < height:
                    canvas.putPrepared(Cell(glyph, style: style, width: UInt8(CharacterWidth.of(glyph))), x: x, y: y, within: width)
                case 5: canvas.restyle(x: x, y: y) { $0 = style }
                case 6 where y >= 0 && y < height:
                    kept.removeAll()
                    canvas.appendRow(y, to: &kept)
                    canvas.restoreRow(Int.random(in: 0..<height, using: &random), from: kept, at: 0)
                default: canvas.put(" ", x: x, y: y)
                }
            }
            let wrong = Self.blankOutsideSpans(canvas)
            #expect(wrong.isEmpty, "seed \(seed) round \(round): \(wrong.prefix(5))")
            if round % 2 == 1 {
                canvas.reset(width: width, height: height)
                #expect(canvas.cells == Canvas(width: width, height: height).cells, "seed \(seed): cleared")
                #expect(canvas.painted.allSatisfy { $0.isEmpty })
            }
        }
    }

    /// What a scene paints on a canvas used frame after frame is what it paints on a new one.
    @Test(arguments: StyleKind.allCases)
    func aReusedCanvasShowsWhatANewOneShows(style: StyleKind) {
        let deck = CardList((0..<6).map { Card(title: "Card \($0)", subtitle: "s", art: ["/\\\($0)", "\\/##"]) })
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        var state = CarouselState(count: deck.count, start: 2, style: style)
        state.send(.setViewport(Scene.viewport(width: 70, height: 22)))
        var reused = Canvas(width: 70, height: 22)
        for action in [Action.move(1), .toggleMode, .move(-2)] {
            state.send(action)
            for _ in 0..<20 {
                state.send(.tick(1.0 / 60))
                _ = scene.render(state, deck: deck, into: &reused)
                var fresh = Canvas(width: 70, height: 22)
                _ = scene.render(state, deck: deck, into: &fresh)
                #expect(reused == fresh)
                #expect(Self.blankOutsideSpans(reused).isEmpty)
            }
        }
    }
}
