import CarouselCanvas
import CarouselCards
import CarouselCore
import Foundation
@testable import CarouselRender
import Testing

@Suite struct ChromeTests {
    @Test func segmentedControlMarksTheActiveSegment() {
        #expect(Chrome.segmentedControl(.normal, glyphs: .unicode).text == "[Normal]│ Scaled ")
        #expect(Chrome.segmentedControl(.scaled, glyphs: .ascii).text == " Normal |[Scaled]")
        #expect(Chrome.segmentedControl(.scaled, glyphs: .ascii).active == 9..<17)
    }

    @Test func dotsShowOnePerCardAndElideBigDecks() {
        #expect(Chrome.dots(count: 4, active: 1, width: 40, glyphs: .unicode) == "○ ● ○ ○")
        let big = Chrome.dots(count: 500, active: 250, width: 40, glyphs: .unicode)
        #expect(CharacterWidth.of(big) <= 40)
        #expect(big.hasPrefix("…") && big.hasSuffix("…") && big.contains("●"))
        let start = Chrome.dots(count: 500, active: 0, width: 40, glyphs: .ascii)
        #expect(start.hasPrefix("@") && start.hasSuffix("..."))
    }

    /// Every deck size at every width: one dot per card when they fit, a window otherwise; never
    /// wider than the room, always showing the active card.
    @Test func dotsFitEveryDeckAtEveryWidth() {
        for width in [1, 5, 20, 38, 78, 98, 198] {
            for count in [1, 2, 30, 31, 32, 33, 46, 47, 60, 97, 1000] {
                for active in Set([0, count / 2, count - 1]) {
                    let dots = Chrome.dots(count: count, active: active, width: width, glyphs: .unicode)
                    #expect(dots.contains("●"), "\(count) cards at width \(width)")
                    if width >= 20 { #expect(CharacterWidth.of(dots) <= width) }
                }
            }
        }
    }

    /// A path cut for a card's title keeps its end, where the names are (helper-27: fifty cards of
    /// `find` were all `/usr/sha…`); other titles, and a `grep -n` line, keep their start.
    @Test func aPathTitleKeepsItsEnd() {
        let path = "/usr/share/doc/libatk-wrapper-java/copyright"
        #expect(Chrome.truncateTitle(path, to: 31, glyphs: .unicode) == "…/libatk-wrapper-java/copyright")
        #expect(Chrome.truncateTitle(path, to: 30, glyphs: .unicode) == "…/copyright")
        #expect(Chrome.truncateTitle(path, to: 12, glyphs: .unicode) == "…/copyright")
        #expect(Chrome.truncateTitle(path, to: 10, glyphs: .unicode) == "…copyright")
        #expect(Chrome.truncateTitle(path, to: 9, glyphs: .unicode) == "copyright")
        #expect(Chrome.truncateTitle(path, to: 6, glyphs: .unicode) == "copyr…")
        #expect(Chrome.truncateTitle(path, to: 14, glyphs: .ascii) == ".../copyright")
        #expect(Chrome.truncateTitle(path, to: 80, glyphs: .unicode) == path, "what fits is kept whole")
        #expect(Chrome.truncateTitle("./My Notes/todo list.txt", to: 16, glyphs: .unicode) == "…/todo list.txt", "a path's spaces")
        #expect(Chrome.truncateTitle("./todo.txt:3:TODO: fix", to: 12, glyphs: .unicode) == "./todo.txt:…", "a grep line")
        #expect(Chrome.truncateTitle("./Scene.swift:359:    // What it says", to: 16, glyphs: .unicode) == "./Scene.swift:3…",
                "a grep line with a slash in what it found (helper-28)")
        #expect(Chrome.truncateTitle("see https://example.com/some/page", to: 12, glyphs: .unicode) == "see https:/…", "a URL")
        #expect(Chrome.truncateTitle("/home/ana/写真/夏休みの海.jpg", to: 16, glyphs: .unicode) == "…/夏休みの海.jpg", "wide characters")
        #expect(Chrome.truncateTitle("/home/ana/写真/夏休みの海.jpg", to: 14, glyphs: .unicode) == "夏休みの海.jpg")
        #expect(Chrome.truncateTitle("/home/ana/写真/夏休みの海.jpg", to: 10, glyphs: .unicode) == "夏休みの…", "a wide name cut")
        #expect(Chrome.truncateTitle("Plans for Q3/Q4 budget", to: 12, glyphs: .unicode) == "Plans for…", "words with a slash")
        #expect(Chrome.truncateTitle("docs/", to: 3, glyphs: .unicode) == "do…", "no name after the slash")
    }

    @Test func truncationCountsColumns() {
        #expect(Chrome.truncate("Portraits", to: 5, glyphs: .unicode) == "Port…")
        #expect(Chrome.truncate("日本語です", to: 5, glyphs: .unicode) == "日本…")
        #expect(Chrome.truncate("ok", to: 5, glyphs: .ascii) == "ok")
        // Room for a letter and the mark at least, else nothing: never a lone mark or dots.
        #expect(Chrome.truncate("Portraits", to: 2, glyphs: .unicode) == "P…")
        #expect(Chrome.truncate("Portraits", to: 1, glyphs: .unicode) == "")
        #expect(Chrome.truncate("Portraits", to: 4, glyphs: .ascii) == "P...")
        #expect(Chrome.truncate("Portraits", to: 3, glyphs: .ascii) == "")
        #expect(Chrome.truncate("Yo", to: 2, glyphs: .ascii) == "Yo", "what fits is kept whole")
        #expect(Chrome.truncate("日本語", to: 2, glyphs: .unicode) == "", "a wide first character that does not fit with the mark")
        #expect(Chrome.truncate("日本語", to: 3, glyphs: .unicode) == "日…")
        // A word cut to one or two letters goes whole after the words before it (helper-85: with
        // the card in front hiding "Thank", a title showed `y…`); three stay, as does a lone word.
        #expect(Chrome.truncate("Thank you", to: 8, glyphs: .unicode) == "Thank…")
        #expect(Chrome.truncate("Further reading", to: 11, glyphs: .unicode) == "Further…")
        #expect(Chrome.truncate("Further reading", to: 12, glyphs: .unicode) == "Further rea…")
        #expect(Chrome.truncate("To do this week", to: 10, glyphs: .unicode) == "To do thi…")
        #expect(Chrome.truncate("Thank you all", to: 10, glyphs: .ascii) == "Thank...")
        #expect(Chrome.truncate("Hello 日本語です", to: 9, glyphs: .unicode) == "Hello 日…", "an ideograph is a word")
        #expect(Chrome.truncate("it is no, never", to: 10, glyphs: .unicode) == "it is no,…", "a whole word before its comma stays")
        // The mark goes on the word it cuts after, not after a space; a cut leaving spaces only is nothing.
        #expect(Chrome.truncate("A short talk", to: 3, glyphs: .unicode) == "A…")
        #expect(Chrome.truncate("Sea, Volume Two", to: 6, glyphs: .unicode) == "Sea,…")
        #expect(Chrome.truncate("Sea, Volume Two", to: 7, glyphs: .ascii) == "Sea,...")
        #expect(Chrome.truncate("   indented", to: 3, glyphs: .unicode) == "")
    }

    /// A far card too narrow for a piece of its title keeps its border whole: no `╰ .│` (ring at
    /// 80x24 drew one).
    @Test func aCardTooNarrowForItsTitleShowsNone() {
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: true))
        var cache = CellCache()
        for width in 5...12 {
            var canvas = Canvas(width: 20, height: 6)
            let placement = CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: Double(width), height: 5),
                                          scale: 1, blur: 0, opacity: 1, z: 0, progress: 0)
            _ = painter.paint(Card(title: "Jonah", art: ["@@@"]), at: placement, active: false, cache: &cache, on: &canvas)
            let bottom = String(canvas.lines()[4].prefix(width))
            let title = String(bottom.filter { !"╰─╯ ".contains($0) })
            #expect(title.isEmpty || "Jonah".hasPrefix(title) || (title.count > 1 && title.hasSuffix("…") && "Jonah".hasPrefix(title.dropLast())),
                    "width \(width): \(bottom)")
            if title.isEmpty {
                #expect(bottom == "╰" + String(repeating: "─", count: width - 2) + "╯", "width \(width): an unbroken border")
            }
        }
    }

    @Test func tooSmallScreensSaySoInTheRoomThereIs() {
        for (w, h) in [(1, 1), (5, 2), (12, 3), (40, 6)] {
            var canvas = Canvas(width: w, height: h)
            var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
            _ = scene.render(CarouselState(count: 3), deck: CardList([Card(title: "a", art: ["x"])]), into: &canvas)
            let text = canvas.lines().joined()
            #expect(canvas.lines().count == h)
            #expect(text.contains("Too small") || text.contains("too small") || text.contains("Small") || text.contains("!"))
        }
        // The size needed, on the next row where it is not on the first (helper-71: 19x9 said
        // only `Too small`).
        var canvas = Canvas(width: 19, height: 9)
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
        _ = scene.render(CarouselState(count: 3), deck: CardList([Card(title: "a", art: ["x"])]), into: &canvas)
        #expect(canvas.lines()[4...5].map { $0.trimmingCharacters(in: .whitespaces) } == ["Too small", "need 20x10"], "\(canvas.lines())")
    }
}

@Suite struct HitTestTests {
    @Test func clicksFindTheTopmostCardAndTheSegments() {
        let deck = CardList((0..<9).map { Card(title: "c\($0)", art: ["#"]) })
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
        var canvas = Canvas(width: 100, height: 30)
        _ = scene.render(CarouselState(count: 9, start: 4), deck: deck, into: &canvas)
        #expect(scene.hitTest(x: 50, y: 15) == .card(index: 4, slot: 4))
        #expect(scene.hitTest(x: 50 + 23, y: 17) == .card(index: 5, slot: 5))
        #expect(scene.hitTest(x: 50 - 46, y: 19) == .card(index: 2, slot: 2))
        let line = canvas.lines()[0]
        let scaledColumn = CharacterWidth.of(String(line[..<line.firstRange(of: "Scaled")!.lowerBound]))
        #expect(scene.hitTest(x: scaledColumn, y: 0) == .segment(.scaled))
        #expect(scene.hitTest(x: 0, y: 29) == nil)
    }

    /// A click finds only cards that are drawn: not one left out as a bare edge of its frame (a
    /// lyrics line below the last that fits), not one under the chrome's rows.
    @Test func clicksFindOnlyCardsThatAreDrawn() {
        let deck = CardList((0..<9).map { Card(title: "c\($0)", art: ["#"]) })
        var leftOut = 0
        for style in StyleKind.allCases {
            for (width, height) in [(40, 12), (36, 12), (60, 16), (100, 30)] {
                var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
                var canvas = Canvas(width: width, height: height)
                _ = scene.render(CarouselState(count: 9, start: 4, style: style), deck: deck, into: &canvas)
                let rows = ChromeRows(height: height).cards
                let drawn = Set(scene.engine.layout.placements.filter { Scene.shows(CardPainter.cellRect(for: $0.frame), in: rows) }.map(\.index))
                leftOut += scene.engine.layout.placements.count - drawn.count
                for y in 1..<height {
                    for x in 0..<width {
                        guard case .card(let index, _)? = scene.hitTest(x: x, y: y) else { continue }
                        #expect(rows.contains(y), "\(style) \(width)x\(height): a click on chrome row \(y) found card \(index)")
                        #expect(drawn.contains(index), "\(style) \(width)x\(height): (\(x), \(y)) found card \(index), not drawn")
                    }
                }
            }
        }
        #expect(leftOut > 0, "some size leaves a card out, or the test shows nothing")
    }

    @Test func aClickDuringMotionBringsTheCardUnderThePointer() {
        let deck = CardList((0..<20).map { Card(title: "c\($0)", art: ["#"]) })
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
        var canvas = Canvas(width: 100, height: 30)
        var state = CarouselState(count: 20)
        state.send(.jump(to: 8))          // heading far away...
        state.send(.tick(0.03))           // ...but still near the start
        _ = scene.render(state, deck: deck, into: &canvas)
        let near = Int(state.position.rounded())
        // Where the next card is drawn right now (23 columns a slot at this size).
        let x = Int((50 + (Double(near + 1) - state.position) * 23).rounded())
        guard case .card(let index, let slot)? = scene.hitTest(x: x, y: 16) else {
            Issue.record("no card under the pointer at position \(state.position): \(canvas.lines()[16])")
            return
        }
        #expect(index == near + 1)
        state.send(.bringToCentre(slot: slot))
        #expect(state.targetIndex == near + 1, "the card that was under the pointer, not one relative to the target")
    }
}

@Suite struct HelpAndHintTests {
    @Test(arguments: [Glyphs.unicode, .ascii])
    func theHelpOverlayDrawsTheGivenRowsAligned(glyphs: Glyphs) {
        let rows = [HelpRow(keys: "← →", asciiKeys: "Left/Right", text: "move"), HelpRow(keys: "x", asciiKeys: "x", text: "something else")]
        var canvas = Canvas(width: 60, height: 12)
        Chrome.drawHelp(rows, theme: Theme(glyphs: glyphs, usesColor: false), on: &canvas)
        let lines = canvas.lines()
        let keys = glyphs.isASCII ? "Left/Right" : "← →"
        let pad = String(repeating: " ", count: CharacterWidth.of(keys) - 1)
        #expect(lines.contains { $0.contains("  " + keys + "  move") })
        #expect(lines.contains { $0.contains("  x" + pad + "  something else") })
        #expect(lines.filter { $0.contains("move") || $0.contains("something") }.count == 2)
        #expect(lines.contains { $0.contains(" Keys ") })
    }

    @Test func theStatusLineShowsTheGivenHintWhenItFits() {
        let deck = CardList([Card(title: "a", art: ["x"])])
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
        scene.hint = "H-I-N-T"
        var canvas = Canvas(width: 60, height: 12)
        _ = scene.render(CarouselState(count: 1), deck: deck, into: &canvas)
        #expect(canvas.lines()[11].hasSuffix("H-I-N-T "))
        scene.hint = "a hint far too long for the status line of a screen this narrow"
        _ = scene.render(CarouselState(count: 1), deck: deck, into: &canvas)
        #expect(canvas.lines()[11].hasPrefix(" 1/1  a "))
        #expect(!canvas.lines()[11].contains("hint"), "the chrome is drawn again when the hint changes")
    }

    /// A title too long for the whole hint gives way to a shorter one: it is cut to half the line
    /// for the longest hint that then fits, and to a third for the shortest: the way to the help
    /// stays on the screen (a long title had dropped every key), and with room the other keys too
    /// (helper-61: `Enter pick` went where a long title could have been cut for it).
    @Test func aLongTitleLeavesRoomForTheEssentialKeys() {
        let title = "A very long title for a card that goes on and on about the quarterly planning meeting notes"
        let deck = CardList([Card(title: title, art: ["x"]), Card(title: "forty columns of title, give or take a few", art: ["x"])])
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
        scene.hint = "←→ move  ? help  q quit"
        scene.shorterHints = ["? help  q quit", "? help"]
        var canvas = Canvas(width: 100, height: 12)
        _ = scene.render(CarouselState(count: 2), deck: deck, into: &canvas)
        let status = canvas.lines()[11]
        #expect(status.hasSuffix("…  ←→ move  ? help  q quit "), "\(status)")
        #expect(status.hasPrefix(" 1/2  " + title.prefix(49)), "half the line at least: \(status)")
        var middle = Canvas(width: 60, height: 12)
        _ = scene.render(CarouselState(count: 2), deck: deck, into: &middle)
        #expect(middle.lines()[11].contains("…") && middle.lines()[11].hasSuffix("  ? help  q quit ") && middle.lines()[11].hasPrefix(" 1/2  " + title.prefix(30)),
                "\(middle.lines()[11])")
        var small = Canvas(width: 40, height: 12)
        _ = scene.render(CarouselState(count: 2), deck: deck, into: &small)
        #expect(small.lines()[11].hasSuffix("…   ? help ") && small.lines()[11].hasPrefix(" 1/2  " + title.prefix(20)), "\(small.lines()[11])")
        var state = CarouselState(count: 2)
        state.send(.jump(to: 1))
        for _ in 0..<200 { state.send(.tick(1.0 / 60)) }
        _ = scene.render(state, deck: deck, into: &canvas)
        #expect(canvas.lines()[11].contains("give or take a few ") && canvas.lines()[11].hasSuffix("  ←→ move  ? help  q quit "),
                "a title that fits keeps the whole hint: \(canvas.lines()[11])")
        var narrow = Canvas(width: 60, height: 12)
        _ = scene.render(state, deck: deck, into: &narrow)
        #expect(narrow.lines()[11].hasPrefix(" 2/2  forty columns of title, give or take a few ") && narrow.lines()[11].hasSuffix("  ? help "),
                "the longest hint that leaves the title whole: \(narrow.lines()[11])")
        var tiny = Canvas(width: 30, height: 12)
        _ = scene.render(CarouselState(count: 2), deck: deck, into: &tiny)
        #expect(tiny.lines()[11].hasPrefix(" 1/2  A very long title for"), "cut no shorter than 20 columns: no hint \(tiny.lines()[11])")
        #expect(!tiny.lines()[11].contains("help"))
    }

    /// The ASCII look shows letters with marks as their base letters and typographic punctuation
    /// plainly; what has no ASCII likeness is a `?`.
    @Test func asciiShowsBaseLettersAndPlainPunctuation() {
        #expect(Glyphs.ascii.displayable("Crème brûlée — “déjà vu”, Łódź, Ørsted, naïve • señor")
                == "Creme brulee - \"deja vu\", Lodz, Orsted, naive * senor")
        #expect(Glyphs.ascii.displayable("e\u{301}") == "e", "a decomposed letter too")
        #expect(Glyphs.ascii.displayable("ß → Ω") == "ss -> ?", "spelled out where there is a spelling, else ?")
        #expect(Glyphs.ascii.displayable("↑ ↓ ≤ ≥ ğüşıöç İstanbul Œuvre…") == "^ v <= >= gusioc Istanbul OEuvre...", "helper-75")
        #expect(Glyphs.asciiFold("ß") == "?" && Glyphs.asciiFold("≤") == "<", "a cell's own fold: one column")
        #expect(Glyphs.unicode.displayable("Crème") == "Crème")
        // Every precomposed Latin letter whose canonical decomposition starts with an ASCII letter
        // folds to that letter (the fold reads scalar names; Foundation's NFD is the check).
        var checked = 0
        for value in UInt32(0xC0)...0x24F {
            guard let scalar = Unicode.Scalar(value),
                  let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first,
                  base.value != value, base.isASCII, base.properties.isAlphabetic else { continue }
            #expect(Glyphs.asciiFold(Character(scalar)) == Character(base), "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 200)
    }

    /// A table drawn with box drawing reads as one drawn with `+-|` in the ASCII look (it was all
    /// `?`: helper-22); every box-drawing character has an ASCII form.
    @Test func asciiDrawsBoxDrawingWithPlusMinusAndBar() {
        #expect(Glyphs.ascii.displayable("┌────┬──┐") == "+----+--+")
        #expect(Glyphs.ascii.displayable("│ ID ║ x┃") == "| ID | x|")
        #expect(Glyphs.ascii.displayable("╞═╪═╡ ╭─╮ ╰┄╯ ╱╲") == "+-+-+ +-+ +-+ /\\")
        for value in UInt32(0x2500)...0x257F {
            #expect(Glyphs.asciiFold(Character(Unicode.Scalar(value)!)) != "?", "U+\(String(value, radix: 16))")
        }
    }
}

/// The status line of a card met before is copied back from the chrome drawn then (a held key
/// passes the same cards again and again): it must be exactly what drawing it again gives, and a
/// deck read again must not show the old deck's titles.
@Suite struct ChromeMemoTests {
    static let deck = CardList((0..<5).map { Card(id: "c\($0)", title: "Card \($0)", subtitle: "sub \($0)", content: .art(Art(lines: ["#\($0)"]))) })

    static func screen(_ scene: inout Scene, active: Int, deck: CardList = deck) -> Canvas {
        var canvas = Canvas(width: 60, height: 16)
        _ = scene.render(CarouselState(count: deck.count, start: active), deck: deck, into: &canvas)
        return canvas
    }

    @Test func aStatusLineMetAgainIsTheOneDrawnAfresh() {
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        for active in [0, 1, 2, 1, 0, 3, 0] {
            var fresh = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
            let kept = Self.screen(&scene, active: active), drawn = Self.screen(&fresh, active: active)
            #expect(kept == drawn, "card \(active)")
            #expect(kept.lines().last?.contains("Card \(active) · sub \(active)") == true)
        }
    }

    /// The cards shown can change under the same count with nothing forgotten (a kept search that
    /// answers again once the deck was read again: as many matches, other cards).
    @Test func otherCardsAtTheSamePlacesShowTheirOwnTitles() {
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        _ = Self.screen(&scene, active: 1)
        _ = Self.screen(&scene, active: 2)
        let others = CardList((0..<5).map { Card(id: "d\($0)", title: "Other \($0)", content: .art(Art(lines: ["%\($0)"]))) })
        #expect(Self.screen(&scene, active: 1, deck: others).lines().last?.contains("Other 1") == true)
    }

    @Test func aDeckReadAgainShowsItsOwnTitles() {
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        _ = Self.screen(&scene, active: 1)
        _ = Self.screen(&scene, active: 2)
        let renamed = CardList((0..<5).map { Card(id: "c\($0)", title: "New \($0)", content: .art(Art(lines: ["#\($0)"]))) })
        scene.forgetCards()
        #expect(Self.screen(&scene, active: 1, deck: renamed).lines().last?.contains("New 1") == true)
    }
}
