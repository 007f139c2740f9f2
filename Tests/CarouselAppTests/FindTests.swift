import CarouselApp
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender
import CarouselSearch
import CarouselText
import Foundation
import Testing

/// `/` opens a search line; typing narrows the strip to the cards holding the query (smart case),
/// matches are marked; Enter keeps them, Esc clears; n / N go round the matches.
@Suite struct FindTests {
    static func note(_ title: String, _ text: String) -> Card {
        Card(id: title, title: title, content: .text(TextDocument(plainText: text)))
    }

    let deck = CardList([
        note("one", "nothing here"),
        note("two", "a needle in the hay"),
        note("three", "still nothing"),
        note("Needle title", "the title says it"),
        note("five", "another needle"),
        note("six", "the end"),
    ])

    func status(_ pilot: Pilot) -> String { pilot.screen.last ?? "" }

    /// A pilot whose search runs only when the test says (`answer`), with `/query` typed.
    func searching(_ query: String) -> Pilot {
        let pilot = Pilot(deck: deck, width: 100, height: 30, search: .manual)
        pilot.press(.character("/"))
        pilot.type(query)
        return pilot
    }

    /// The search runs to its end and wakes the loop, as its worker would.
    func answer(_ pilot: Pilot, wait: Double = 0.05) throws {
        try #require(pilot.model.search).runPending()
        pilot.wait(wait)
    }

    @Test func typingNarrowsTheStripAndTheSearchLineSaysHowMany() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("/"))
        #expect(pilot.model.overlay.searching)
        #expect(status(pilot).hasPrefix(" /"), "\(status(pilot))")
        pilot.type("needle")
        // Lower case: any case matches (three cards).
        #expect(pilot.state.count == 3)
        #expect(status(pilot).hasPrefix(" /needle"))
        #expect(status(pilot).hasSuffix("3 of 6 cards "), "\(status(pilot))")
        #expect(pilot.terminal.cursor?.y == 29, "the cursor rests in the search line")
        // A capital letter makes it case-sensitive.
        pilot.press(.backspace, .backspace, .backspace, .backspace, .backspace, .backspace)
        #expect(pilot.state.count == 6, "an empty query shows every card")
        pilot.type("Needle")
        #expect(pilot.state.count == 1)
        #expect(pilot.model.activeDeckIndex == 3)
    }

    /// On a narrow screen the count takes a shorter form, whole, never cut into another number
    /// (helper-43: "8 of 2…" for 8 of 20 at 20 columns).
    @Test func theCountShortensWholeOnANarrowScreen() {
        let deck = CardList((1...20).map { FindTests.note("card \($0)", $0 <= 8 ? "a match here" : "nothing") })
        for (width, expected) in [(20, "8 of 20"), (24, "8 of 20"), (34, "8 of 20 cards")] {
            let pilot = Pilot(deck: deck, width: width, height: 12)
            pilot.press(.character("/"))
            pilot.type("match")
            pilot.wait(0.2)
            #expect(status(pilot).hasSuffix(" " + expected + " "), "\(width): \(status(pilot))")
        }
        let none = Pilot(deck: deck, width: 20, height: 12)
        none.press(.character("/"))
        none.type("zebra")
        none.wait(0.2)
        #expect(status(none).hasSuffix(" none "), "\(status(none))")
    }

    @Test func keysTypeIntoTheLineInsteadOfMovingOrQuitting() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("/"))
        pilot.type("q s?1")
        #expect(pilot.outcome == nil)
        #expect(pilot.model.query == "q s?1")
        #expect(pilot.state.style == .arc && !pilot.model.helpOpen)
    }

    /// A paste (the terminal's bracketed paste) is something to find, never keys: its first line
    /// goes into the search line, which opens for it, from the strip, the help or a zoomed card
    /// (helper-12: a pasted `git log --oneline` zoomed, looped and opened an editor, key by key).
    /// A paste is typed into the search line at once and searched once, not a character at a
    /// time: 4,000 accented and CJK characters pasted took 5 s, deaf to Ctrl-C (helper-19).
    @Test func aPasteIsSearchedOnce() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("/"))
        pilot.type("ab")
        let before = pilot.model.searchesAsked
        pilot.send(.paste(String(repeating: "é日", count: 2_000)))
        #expect(pilot.model.searchesAsked == before + 1)
        #expect(pilot.model.query == "ab" + String(repeating: "é日", count: 2_000))
        // The search line shows the query's end, as much as fits before the count (wide
        // characters two cells each), its start cut off marked so (helper-76).
        let line = status(pilot)
        #expect(line.hasPrefix(" /…é日é日") && line.contains("日é日 "), "\(line)")
        let shown = line.dropFirst(3).prefix { $0 != " " }
        #expect(shown.count >= 40 && (shown.last == "日"), "\(shown.count): \(line)")
        // A kept search is replaced by it, as typing replaces it.
        pilot.press(.enter, .character("/"))
        pilot.send(.paste("needle"))
        #expect(pilot.model.query == "needle", "\(pilot.model.query)")
    }

    /// Joiners typed or pasted into the search line are left out, as the deck's text leaves them
    /// out (its sanitiser removes format characters): a pasted 👨‍👩 found nothing, and the search
    /// line showed its joiner after the rest (helper-46). Letters of scripts that join (Devanagari
    /// vowel signs, typed one by one) are all there, in the query and on the search line.
    @Test func joinersTypedOrPastedAreLeftOutAndJoiningLettersKept() throws {
        let deck = CardList([
            Self.note("family", "Our team 👨👩👧👦 at the sea"),
            Self.note("hindi", "नमस्ते दुनिया"),
            Self.note("other", "nothing"),
        ])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("👨\u{200D}👩")
        #expect(pilot.model.query == "👨👩", "\(pilot.model.query.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(pilot.state.count == 1 && status(pilot).contains("/👨👩 "), "\(status(pilot))")
        pilot.press(.escape)
        pilot.send(.paste("👨\u{200D}👩\u{200D}👧\u{200D}👦"))
        #expect(pilot.model.query == "👨👩👧👦" && pilot.state.count == 1, "\(pilot.model.query)")
        pilot.press(.escape, .character("/"))
        for scalar in "दुनिया".unicodeScalars { pilot.type(String(scalar)) }
        #expect(pilot.model.query == "दुनिया" && pilot.state.count == 1)
        #expect(status(pilot).hasPrefix(" /दुनिया "), "every letter on the search line: \(status(pilot))")
        // A joiner typed alone after a kept search changes nothing (it emptied the query and left
        // the strip narrowed to its matches).
        pilot.press(.enter, .character("/"))
        pilot.type("\u{200C}")
        #expect(pilot.model.query == "दुनिया" && pilot.state.count == 1, "\(pilot.model.query), \(pilot.state.count) cards")
    }

    @Test func aPasteIsFoundNotObeyed() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.send(.paste("\n  needle in\tthe hay \nq\n"))
        #expect(pilot.outcome == nil && pilot.model.overlay.searching, "\(status(pilot))")
        #expect(pilot.model.query == "needle in the hay", "its first line that is not blank, a tab as a space: \(pilot.model.query)")
        #expect(pilot.state.count == 1 && pilot.model.overlay.zoom == nil && !pilot.state.loop)
        // Into the search line that is open, after what is typed.
        pilot.press(.escape, .character("/"))
        pilot.type("ne")
        pilot.send(.paste("edle"))
        #expect(pilot.model.query == "needle" && pilot.state.count == 3, "\(pilot.model.query)")
        pilot.press(.escape)
        // From the help and from a zoomed card: they close, as for `/`.
        pilot.press(.character("?"))
        pilot.send(.paste("title"))
        #expect(!pilot.model.helpOpen && pilot.model.query == "title", "\(pilot.model.query)")
        pilot.press(.escape, .enter)
        pilot.wait(1)
        #expect(pilot.model.overlay.zoom != nil)
        pilot.send(.paste("end"))
        #expect(pilot.model.overlay.zoom == nil && pilot.model.query == "end" && pilot.outcome == nil)
        // A search kept with Enter is replaced by a paste, not added to.
        pilot.press(.escape, .character("/"))
        pilot.type("needle")
        pilot.press(.enter)
        pilot.send(.paste("title"))
        #expect(pilot.model.query == "title" && pilot.state.count == 1, "\(pilot.model.query)")
        pilot.press(.escape)
        // Nothing but blanks: nothing happens.
        pilot.press(.escape)
        pilot.send(.paste(" \n\t\n"))
        #expect(!pilot.model.overlay.searching && pilot.model.query.isEmpty)
    }

    @Test func enterKeepsTheMatchesEscClearsThem() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter)
        #expect(!pilot.model.overlay.searching)
        #expect(pilot.state.count == 3)
        #expect(status(pilot).contains("/needle"), "the status line says a search is kept: \(status(pilot))")
        // n and N go round the matches.
        #expect(pilot.model.activeDeckIndex == 1)
        pilot.press(.character("n"))
        #expect(pilot.model.activeDeckIndex == 3)
        #expect(!status(pilot).contains("round"), "nothing said within the matches: \(status(pilot))")
        pilot.press(.character("n"), .character("n"))
        #expect(pilot.model.activeDeckIndex == 1, "n wraps round to the first match")
        #expect(status(pilot).contains("/needle (round to the first)"), "going round is said: \(status(pilot))")
        pilot.press(.character("N"))
        #expect(pilot.model.activeDeckIndex == 4, "N wraps back to the last")
        #expect(status(pilot).contains("/needle (round to the last)"), "\(status(pilot))")
        // Esc clears the kept search first, on the same card; a second Esc quits.
        pilot.press(.escape)
        #expect(pilot.outcome == nil)
        #expect(pilot.state.count == 6)
        #expect(pilot.model.activeDeckIndex == 4)
        #expect(!status(pilot).contains("/needle"))
        pilot.press(.escape)
        #expect(pilot.outcome == .quit)
    }

    /// `/` with a search kept shows it selected: typing starts a new search (helper-15: "/After"
    /// kept, "quote" typed looked for "Afterquote"); Backspace edits the kept one.
    @Test func aKeptSearchOpenedAgainIsReplacedByTypingAndEditedByBackspace() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter, .character("/"))
        let row = pilot.canvas.height - 1
        #expect(status(pilot).hasPrefix(" /needle"), "\(status(pilot))")
        #expect(pilot.canvas[2, row].style.attributes.contains(.reverse), "shown selected")
        pilot.type("end")
        #expect(status(pilot).hasPrefix(" /end "), "\(status(pilot))")
        #expect(!pilot.canvas[2, row].style.attributes.contains(.reverse), "typed, no longer selected")
        #expect(pilot.state.count == 1, "six: 'the end'")
        pilot.type("s")
        #expect(status(pilot).hasPrefix(" /ends "), "the query being typed goes on: \(status(pilot))")
        pilot.press(.escape)
        // Kept again, then edited: Backspace takes a letter off the kept query.
        pilot.press(.character("/"))
        pilot.type("need")
        pilot.press(.enter, .character("/"), .backspace)
        #expect(status(pilot).hasPrefix(" /nee "), "\(status(pilot))")
        pilot.type("dle")
        #expect(status(pilot).hasPrefix(" /needle "), "\(status(pilot))")
        #expect(pilot.state.count == 3)
    }

    @Test func escInTheSearchLineShowsEveryCardAgain() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.right, .right, .right, .right, .character("/"))
        #expect(pilot.model.activeDeckIndex == 4)
        pilot.type("needle")
        #expect(pilot.model.activeDeckIndex == 4, "the active card is kept when it matches")
        pilot.press(.escape)
        #expect(pilot.state.count == 6 && pilot.model.query.isEmpty && !pilot.model.overlay.searching)
        #expect(pilot.model.activeDeckIndex == 4)
    }

    @Test func whenTheActiveCardDoesNotMatchTheNextMatchIsShown() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.right, .right, .character("/"))
        pilot.type("needle")
        #expect(pilot.model.activeDeckIndex == 3, "card three does not match: the next match is shown")
    }

    @Test func matchesAreMarkedInColourAndWithout() {
        for usesColor in [true, false] {
            let pilot = Pilot(deck: deck, width: 100, height: 30, usesColor: usesColor)
            pilot.press(.character("/"))
            pilot.type("needle")
            pilot.press(.enter)
            let canvas = pilot.canvas
            let row = try! #require(pilot.screen.firstIndex { $0.contains("a needle in") })
            let characters = Array(pilot.screen[row])
            let column = characters.indices.first { String(characters[$0..<min($0 + 6, characters.count)]) == "needle" }
            let at = try! #require(column)
            for dx in 0..<6 {
                let style = canvas[at + dx, row].style
                if usesColor {
                    #expect(style.background == .rgb(RGB(245, 194, 66)), "needle's letter \(dx) is marked")
                } else {
                    #expect(style.attributes.contains(.reverse), "needle's letter \(dx) is marked")
                }
            }
            #expect(!canvas[at - 1, row].style.attributes.contains(.reverse) && canvas[at - 1, row].style.background == .default,
                    "the space before it is not")
        }
    }

    /// A card whose match is below the lines it shows opens at the match while the search is on
    /// (a first row says how many lines are above), marked; at its top again once the search is cleared.
    @Test func aCardOpensAtAMatchBelowWhatItShows() throws {
        var lines = (1...60).map { "Entry \($0): a quiet day." }
        lines[44] = "Entry 45: the lighthouse keeper came."
        let long = CardList([FindTests.note("journal", lines.joined(separator: "\n")), FindTests.note("short", "a lighthouse")])
        let pilot = Pilot(deck: long, width: 100, height: 30)
        #expect(pilot.screen.contains { $0.contains("Entry 1:") })
        pilot.press(.character("/"))
        pilot.type("lighthouse")
        // (Wrapped: "Entry 45: the" / "lighthouse" / "keeper came.")
        let row = try #require(pilot.screen.firstIndex { $0.contains("Entry 45: the") }, "\(pilot.screen.joined(separator: "\n"))") + 1
        #expect(pilot.screen[row + 1].contains("keeper came."))
        #expect(pilot.screen.contains { $0.contains("lines above") })
        #expect(!pilot.screen.contains { $0.contains("Entry 1:") })
        let column = try #require(Array(pilot.screen[row]).indices.first { String(Array(pilot.screen[row])[$0...].prefix(10)) == "lighthouse" })
        #expect(pilot.canvas[column, row].style.background == .rgb(RGB(245, 194, 66)), "the match is marked")
        // The short card's match shows at its top: nothing above.
        pilot.press(.enter, .right)
        #expect(pilot.screen.contains { $0.contains("a lighthouse") })
        pilot.press(.escape)
        #expect(pilot.screen.contains { $0.contains("Entry 1:") }, "no search: the card shows its top")
        #expect(!pilot.screen.contains { $0.contains("above") })
    }

    /// A match the layout broke with no space to put back is marked on both rows: an address
    /// before its separator, Chinese or Japanese between characters, a code line at its `↪` row
    /// (helper-14: none of them was marked, though the card was found).
    @Test func aMatchBrokenWithoutASpaceIsMarkedOnBothRows() throws {
        let deck = CardList([
            FindTests.note("a", "Host alphabravocharliedeltaecho.foxtrotgolfhotelindia.example.net is up."),
            FindTests.note("b", "東京オフィスのサーバーは新しい東京オフィスのサーバーです。"),
            Card(id: "c.md", title: "c", content: .text(TextDocument(blocks: [
                .code([[TextSpan("# a very long comment: thexidentifierthatgoesonpasttheedgeofthezoomedcardforsure")]]),
            ]))),
        ])
        /// Whether every cell of `text` where it stands on `row` (its last place there with `last`) is marked.
        func marked(_ pilot: Pilot, _ text: String, row: Int, last: Bool = false) -> Bool {
            let characters = Array(pilot.screen[row])
            let places = characters.indices.filter { String(characters[$0...].prefix(text.count)) == text }
            guard let at = last ? places.last : places.first else { return false }
            var column = 0
            for c in characters[..<at] { column += CharacterWidth.of(c) }
            var width = 0
            for c in text { width += CharacterWidth.of(c) }
            return (column..<(column + width)).allSatisfy { pilot.canvas[$0, row].style.background != .default }
        }
        for (index, query, row, upper, lower) in [(0, "o.f", "alphabravo", "o", ".f"), (1, "東京オフィス", "新しい", "東京オ", "フィス"),
                                                  (2, "identifier", "# a very", "identifie", "r")] {
            let pilot = Pilot(deck: deck, width: 40, height: 20)
            if index > 0 { pilot.press(.character(Character("\(index + 1)"))) }
            pilot.press(.character("/"))
            pilot.type(query)
            pilot.press(.enter, .enter)
            pilot.wait(1)
            let screen = pilot.screen.joined(separator: "\n")
            let y = try #require(pilot.screen.indices.first { pilot.screen[$0].contains(row) }, "\(screen)")
            #expect(marked(pilot, upper, row: y, last: true) && marked(pilot, lower, row: y + 1), "\(query): \(screen)")
        }
    }

    /// The context a card shows above its match begins where a line of the text does: not with
    /// the last words of the paragraph before, nor with the rest of a word the wrap broke ("ay."
    /// of "Thursd-ay.", read as a line of its own under "↑ 7 above"; helper-11).
    @Test func theContextAboveAMatchBeginsWithALine() throws {
        let text = "Groceries for the week: milk, eggs, bread, butter, and the cheese from the market on Thursday.\n"
            + "2. Freeze the leftover soup before the weekend.\n3. Buy flowers for the table.\n4. Return the library books."
        let pilot = Pilot(deck: CardList([FindTests.note("groceries", text)]), width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("freeze")
        let screen = pilot.screen.joined(separator: "\n")
        let top = try #require(pilot.screen.firstIndex { $0.contains("↑ 1 above") }, "\(screen)")
        #expect(pilot.screen[top + 1].contains("│ 2. Freeze "), "\(screen)")
        // (Within one paragraph: `OpensAtTests`.) A card opened in its first line's middle says
        // there is more above, not "↑ 0 above".
        let words = (1...40).map { "word\($0)" }.joined(separator: " ") + " Extraordinarily Thursday needle here"
        let long = Pilot(deck: CardList([FindTests.note("long", words)]), width: 80, height: 24)
        long.press(.character("/"))
        long.type("needle")
        let card = long.screen.joined(separator: "\n")
        #expect(long.screen.contains { $0.contains("│ ↑ above ") } && !card.contains("↑ 0"), "\(card)")
    }

    /// A query the wrap splits between two lines of a card ("kitchen" ends one row, "tap" begins
    /// the next; on a narrow card most queries of two words are) is marked on both rows, the
    /// space between them and the words around them not; a card opens at such a match; a word
    /// the layout broke with a hyphen is found across the break. (Only whole rows were searched:
    /// the card was kept by the filter with nothing marked, and opened at its top.)
    @Test func aMatchSplitByTheWrapIsMarkedOnBothRows() throws {
        var lines = (1...40).map { "Entry \($0): a quiet day." }
        lines[30] = "Entry 31: the kitchen taps drip."
        let notes = CardList([FindTests.note("journal", lines.joined(separator: "\n")),
                              FindTests.note("word", "see Pneumonoultramicroscopicsilicovolcanoconiosis here")])
        let pilot = Pilot(deck: notes, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("kitchen taps")
        let screen = pilot.screen.joined(separator: "\n")
        let upper = try #require(pilot.screen.firstIndex { $0.contains("kitchen ") || $0.hasSuffix("kitchen") || $0.contains("kitchen│") }, "\(screen)")
        // (Counted in the text's lines, the 30 entries above the 31st, where its context begins: not
        // with the last words of the 30th. The card's rows above were 59.)
        #expect(pilot.screen.contains { $0.contains("↑ 30 above") }, "the card opens at the match: \(screen)")
        #expect(pilot.screen.contains { $0.contains("│ Entry 31: ") }, "at the line's start: \(screen)")
        func marked(_ word: String, row: Int) -> [Bool] {
            let characters = Array(pilot.screen[row])
            guard let column = characters.indices.first(where: { String(characters[$0...].prefix(word.count)) == word }) else { return [] }
            return (column - 1..<column + word.count + 1).map { pilot.canvas[$0, row].style.background == .rgb(RGB(245, 194, 66)) }
        }
        #expect(!pilot.screen[upper].contains("taps"), "split by the wrap: \(screen)")
        #expect(marked("kitchen", row: upper) == [false] + Array(repeating: true, count: 7) + [false])
        #expect(marked("taps", row: upper + 1) == [false, true, true, true, true, false])
        // A word broken by the layout, found across its break.
        pilot.press(.escape, .right, .character("/"))
        pilot.type("microscopic")
        let broken = pilot.screen.indices.filter { row in (0..<80).contains { pilot.canvas[$0, row].style.background == .rgb(RGB(245, 194, 66)) } }
        let text = broken.map { row in String((0..<80).compactMap { x in
            pilot.canvas[x, row].style.background == .rgb(RGB(245, 194, 66)) ? Array(pilot.screen[row])[x] : nil }) }
        #expect(broken.count == 2 && text.joined() == "microscopic", "\(text): \(pilot.screen.joined(separator: "\n"))")
    }

    /// A match the wrap splits over three rows, the middle one wholly inside it, is marked on all
    /// three (only two rows were joined: the card was kept by the filter, nothing marked on it).
    @Test func aMatchOverThreeRowsIsMarkedOnAll() throws {
        let notes = CardList([FindTests.note("three", "Wir bauen extraordinarily comprehensive terminal tools that people love.")])
        let pilot = Pilot(deck: notes, width: 20, height: 12)
        pilot.press(.character("/"))
        pilot.type("bauen extraordinarily comp")
        pilot.press(.enter, .enter)
        let screen = pilot.screen.joined(separator: "\n")
        let amber = Color.rgb(RGB(245, 194, 66))
        let marked = pilot.screen.indices.map { row in
            String((0..<20).compactMap { x in pilot.canvas[x, row].style.background == amber ? Array(pilot.screen[row])[x] : nil })
        }.filter { !$0.isEmpty }
        #expect(marked == ["bauen", "extraordinarily", "comp"], "\(marked)\n\(screen)")
        // A middle row that ends in the layout's hyphen, a character or two on either side
        // (review: `/fschifff` across `Donaudampf-` / `schiff-` / `fahrtsge-` was marked nowhere).
        let compound = CardList([FindTests.note("mütze", "Die Donaudampfschifffahrtsgesellschaftskapitänsmütze ist nicht mit der Mütze des Kapitäns zu verwechseln.")])
        let narrow = Pilot(deck: compound, width: 40, height: 24)
        narrow.press(.character("/"))
        narrow.type("fschifff")
        narrow.press(.enter)
        #expect(narrow.screen.contains { $0.contains("│ schiff-") }, "the card's rows: \(narrow.screen.joined(separator: "\n"))")
        // (Marked, or marked as the current match, in orange.)
        let current = Color.rgb(RGB(255, 128, 48))
        let rows = narrow.screen.indices.map { row in
            String((0..<40).compactMap { x in
                [amber, current].contains(narrow.canvas[x, row].style.background) ? Array(narrow.screen[row])[x] : nil
            })
        }.filter { !$0.isEmpty }
        #expect(rows.joined() == "fschifff", "\(rows)\n\(narrow.screen.joined(separator: "\n"))")
    }

    /// Source code is cut at a card's edge, not wrapped: a match in the part of a line the card
    /// cut still opens the card at that line (it showed the top of the file, and the match
    /// nowhere), the line scrolled to show the match (helper-20). In the lyrics look, the title
    /// laid out above the text is no line of it: the count above is of the text's lines (it said
    /// one more).
    @Test func aCardOpensAtAMatchItsEdgeCut() {
        let code = (0..<300).map { "x\($0) = \($0)  # a comment about n\($0) that runs past the card" }.joined(separator: "\n")
        let deck = CardList([Card(id: "mid.py", title: "mid", content: .text(TextDocument(code: code)))])
        // (Also where the text ends in a note, which begins no line of it: review.)
        var noted = TextDocument(code: "x = 1\ny = 2 " + String(repeating: "#", count: 100) + " needle here\nz = 3")
        noted.blocks += [.blank(), .paragraph([TextSpan("… a line is longer than 10,000 characters", style: .decoration)])]
        noted.endNotes = 2
        let short = Pilot(deck: CardList([Card(id: "a.py", title: "a", content: .text(noted))]), width: 100, height: 30)
        short.press(.character("/"))
        short.type("needle")
        #expect(short.screen.contains { $0.contains("…needle he") }, "\(short.screen.joined(separator: "\n"))")
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("/"))
        pilot.type("n299 that")
        let screen = pilot.screen.joined(separator: "\n")
        #expect(pilot.screen.contains { $0.contains("│ …n299 that ") }, "the card opens at its line, scrolled to the match: \(screen)")
        #expect(pilot.screen.contains { $0.contains("│ x298 = 298  # a… │") }, "the line above it as it was: \(screen)")
        #expect(pilot.screen.contains { $0.contains("↑ 290 above") }, "\(screen)")

        var options = AppOptions()
        options.style = .lyrics
        let letters = "abcdefghijk".map(String.init) + ["TARGET", "m"]
        let lyrics = Pilot(deck: CardList([FindTests.note("small", letters.joined(separator: "\n"))]), options: options, width: 100, height: 30)
        lyrics.press(.character("/"))
        lyrics.type("TARGET")
        // (On the row with the card's title, which the text shown from below its top lost: helper-58.)
        #expect(lyrics.screen.contains { $0.contains("│ small ") && $0.contains(" ↑ 11 lines above │") }, "\(lyrics.screen.joined(separator: "\n"))")
    }

    /// A big text (more than 2,000 lines: a log) opens at its match too, in every style and mode,
    /// with the count of its lines above and below: a card of a 5,000-line log showed its first
    /// lines while the search had kept it for a match at line 4,001; its match past a code line's
    /// cut is scrolled into sight as in a small text.
    @Test func aBigTextOpensAtItsMatch() throws {
        var log = (0..<5_000).map { "\($0): GET /index.html 200" }
        log[4_000] = "4000: GET /admin.php 403 lighthouse"
        let code = (0..<3_000).map { $0 == 2_500 ? "x = 1  # a comment that runs past the card's edge to the lighthouse" : "x\($0) = \($0)" }
        let deck = CardList([FindTests.note("access.log", log.joined(separator: "\n")),
                             Card(id: "big.py", title: "big.py", content: .text(TextDocument(code: code.joined(separator: "\n"))))])
        for style in [StyleKind.arc, .stack, .ring, .lyrics] {
            for tab in [false, true] {
                var options = AppOptions()
                options.style = style
                let pilot = Pilot(deck: deck, options: options, width: 100, height: 30)
                if tab { pilot.press(.tab) }
                pilot.press(.character("/"))
                pilot.type("lighthouse")
                pilot.press(.enter)
                // (Each card in turn, whichever the search went to first.)
                var screens = [pilot.screen]
                pilot.press(.character("n"))
                screens.append(pilot.screen)
                let rows = try #require(screens.first { $0.last?.contains("access.log") == true }, "\(style) \(tab): \(screens)")
                let screen = rows.joined(separator: "\n")
                #expect(screen.contains("/admin.php"), "\(style) \(tab): \(screen)")
                #expect(!screen.contains("│ 0: GET"), "\(style) \(tab): not the first lines: \(screen)")
                // The row above the log's first line shown says how many lines are above it.
                let top = try #require(rows.indices.dropLast().first { rows[$0].contains("↑") && rows[$0 + 1].contains(": GET") },
                                       "\(style) \(tab): \(screen)")
                let count = try #require(rows[top].firstMatch(of: /↑ ?(\d+)/)).1
                let shown = try #require(rows[top + 1].firstMatch(of: /(\d+): GET/)).1
                #expect(count == shown, "\(style) \(tab): \(screen)")
                // The lyrics look, whose cards lead with their titles, keeps the title on that row.
                #expect(style != .lyrics || rows[top].contains("│ access.log "), "\(style) \(tab): \(screen)")
                let code = try #require(screens.first { $0.last?.contains("big.py") == true }, "\(style) \(tab): \(screens)")
                // (Scrolled past the cut where the card is narrower than the line: not in the lyrics.)
                #expect(code.contains { $0.contains("lighthouse") && ($0.contains("…") || $0.contains("x = 1  # a comment")) }
                        && code.contains { $0.contains("above") },
                        "\(style) \(tab): the code's match: \(code.joined(separator: "\n"))")
            }
        }
    }

    /// In the search line Ctrl-W deletes the last word (and the spaces after it), Ctrl-U the
    /// whole query, as readline and fzf do (helper-61: they did nothing).
    @Test func ctrlWAndCtrlUEditTheSearchLine() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("milk bread")
        pilot.press(.controlW)
        #expect(pilot.model.query == "milk ", "\(pilot.model.query)")
        // The space left at its end, which a match must hold, shows (helper-68: `milk ` read
        // `milk` and matched nothing).
        #expect(status(pilot).hasPrefix(" /milk· "), "\(status(pilot))")
        pilot.type("x  ")
        pilot.press(.controlW)
        #expect(pilot.model.query == "milk ", "\(pilot.model.query)")
        pilot.press(.controlU)
        #expect(pilot.model.query == "" && pilot.model.overlay.searching, "the line stays open, empty")
        #expect(pilot.state.count == 6, "every card")
        pilot.press(.controlW, .controlU)
        #expect(pilot.model.query == "")
        // Kept (Enter), the status line shows the space too (helper-70: `/milk` hid it).
        let kept = Pilot(deck: deck, width: 80, height: 24)
        kept.press(.character("/"))
        kept.type("milk ")
        kept.press(.enter)
        #expect(!kept.model.overlay.searching && status(kept).contains("/milk·"), "\(status(kept))")
        // (And a deck of one card is counted so: "1 of 1 card".)
        let one = Pilot(deck: CardList([FindTests.note("one", "a needle")]), width: 80, height: 24)
        one.press(.character("/"))
        #expect(status(one).hasSuffix(" 1 card "), "\(status(one))")
        one.type("needle")
        #expect(status(one).hasSuffix(" 1 of 1 card "), "\(status(one))")
    }

    /// A search kept with no match says how many cards the deck has and how to see them again
    /// (its status said "0/0", as if the deck were empty).
    /// While a search shows some of the deck, the status line says which card of the deck the
    /// match is, after its place among the matches (helper-65: `1/1` zoomed, the talk's slide 17
    /// nowhere); with every card shown, or no search, the place alone.
    @Test func aMatchSaysWhichCardOfTheDeckItIs() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter)
        #expect(status(pilot).hasPrefix(" 1/3 (#2)  /needle  two"), "\(status(pilot))")
        pilot.press(.right, .right)
        pilot.wait(1)
        #expect(status(pilot).hasPrefix(" 3/3 (#5)  /needle  five"), "\(status(pilot))")
        pilot.press(.character("/"))
        pilot.type("e")
        pilot.press(.enter)
        #expect(status(pilot).hasPrefix(" 5/6  /e  five"), "every card matches: \(status(pilot))")
        pilot.press(.escape)
        #expect(status(pilot).hasPrefix(" 5/6  five"), "\(status(pilot))")
    }

    @Test func aKeptSearchWithNoMatchSaysTheDeckIsStillThere() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("zebra")
        pilot.press(.enter)
        #expect(status(pilot).hasPrefix(" 0 of 6  /zebra ") && status(pilot).hasSuffix(" Esc every card "), "\(status(pilot))")
        pilot.press(.escape)
        #expect(pilot.state.count == 6 && status(pilot).hasPrefix(" 1/6 "))
    }

    @Test func noMatchSaysSoAndNothingCanBeChosen() {
        var options = AppOptions()
        options.pick = true
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 30)
        pilot.press(.character("/"))
        pilot.type("zebra")
        #expect(pilot.screen.contains { $0.contains("No card matches \u{201C}zebra\u{201D}.") })
        #expect(status(pilot).hasSuffix("no match "))
        pilot.press(.enter, .enter)
        #expect(pilot.outcome == nil, "no card to pick")
        #expect(status(pilot).contains("No card to pick"))
        pilot.press(.right, .character("/"), .backspace, .backspace, .backspace, .backspace, .backspace, .enter)
        #expect(pilot.state.count == 6)
        pilot.press(.enter)
        #expect(pilot.outcome == .chosen(0))
    }

    /// A deck that is the first part of a longer input says so in its count, `2/6+`, for as long
    /// as it runs (the notice went at the first key: helper-76); so does the count of a search's
    /// matches, which the rest of the input may add to (helper-111: none said so while standard
    /// input was still read).
    @Test func aDeckReadInPartSaysSoInItsCount() {
        var options = AppOptions()
        options.readInPart = true
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 30)
        pilot.press(.right)
        #expect(status(pilot).hasPrefix(" 2/6+ "), "\(status(pilot))")
        pilot.press(.enter)
        #expect(status(pilot).contains(" 2/6+ "), "zoomed: \(status(pilot))")
        pilot.press(.escape, .character("/"))
        pilot.type("needle")
        pilot.press(.enter)
        #expect(status(pilot).hasPrefix(" 1/3+ (#2)"), "\(status(pilot))")
    }

    /// A deck whose search text takes a while to read (a file deck's first search).
    struct SlowDeck: CardProvider {
        let cards: CardList
        var count: Int { cards.count }
        func card(at index: Int) -> Card { cards.card(at: index) }
        func searchText(at index: Int, fileName: Bool) -> String {
            usleep(2_000)
            return cards.searchText(at: index, fileName: fileName)
        }
    }

    /// A search still looking says so in the strip's count with a `+`, as a deck read in part
    /// does, and the search line's count of a deck read in part has it too (helper-114 read
    /// `1/45 (#1298)` for a search that went on to find 47,942, and `0 of 171652` while `find`
    /// went on).
    @Test func aCountThatMayGrowSaysSo() throws {
        let slow = SlowDeck(cards: CardList((0..<300).map { Self.note("card \($0)", $0 % 2 == 0 ? "a needle" : "hay") }))
        let pilot = Pilot(deck: slow, width: 100, height: 30, search: .background)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter)
        var seen: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !status(pilot).hasPrefix(" 1/150 ") {
            Thread.sleep(forTimeInterval: 0.005)
            pilot.wait(0.01)
            seen.append(status(pilot))
        }
        #expect(status(pilot).hasPrefix(" 1/150 (#1) "), "the search done: no + (\(status(pilot)))")
        #expect(seen.contains { $0.range(of: #"^ 1/[0-9]+\+ "#, options: .regularExpression) != nil }, "\(Set(seen))")

        var options = AppOptions()
        options.readInPart = true
        options.stillReading = true
        let reading = Pilot(deck: deck, options: options, width: 100, height: 30)
        reading.press(.character("/"))
        #expect(status(reading).hasSuffix(" 6+ cards "), "\(status(reading))")
        reading.type("needle")
        #expect(status(reading).hasSuffix(" 3 of 6+ cards "), "\(status(reading))")
        reading.type("zzz")
        #expect(status(reading).hasSuffix(" no match yet "), "\(status(reading))")
        #expect(reading.screen.joined().contains("No card matches \u{201C}needlezzz\u{201D} yet."), "the strip says the same: \(reading.screen)")

        // A deck cut at its limit (nothing more will be read): more input, but no "yet" (review:
        // `yes | head -2000000` said "no match yet").
        options.stillReading = false
        let cut = Pilot(deck: deck, options: options, width: 100, height: 30)
        cut.press(.character("/"))
        cut.type("needlezzz")
        #expect(status(cut).hasSuffix(" no match "), "\(status(cut))")
        #expect(cut.screen.joined().contains("No card matches \u{201C}needlezzz\u{201D}."), "\(cut.screen)")
    }

    /// A deck that grew (standard input read on) goes on with the search in force: its count
    /// goes on from the matches kept until the new cards are looked at (it said "searching…"
    /// alone at each new deck, between two counts; helper-116), then counts the new ones too.
    @Test func aSearchGoesOnOverADeckThatGrew() throws {
        let first = CardList((0..<6).map { Self.note("c\($0)", $0 % 2 == 0 ? "a needle" : "hay") })
        var options = AppOptions()
        options.readInPart = true
        options.stillReading = true
        let pilot = Pilot(deck: first, options: options, width: 100, height: 30, search: .manual)
        pilot.press(.character("/"))
        pilot.type("needle")
        try answer(pilot)
        #expect(status(pilot).hasSuffix(" 3 of 6+ cards "), "\(status(pilot))")
        let grown = CardList(first.cards + (6..<10).map { Self.note("c\($0)", "a needle") })
        let flag = ChangeFlag()
        flag.raise()
        pilot.program.deckSource = DeckSource(load: { .success(.init(grown, readInPart: true, stillReading: true, unchanged: 6)) },
                                              changed: { flag.take() })
        pilot.wait(0.05)
        #expect(status(pilot).hasSuffix(" searching… 3 "), "the matches kept, while the new cards are looked at: \(status(pilot))")
        #expect(pilot.state.count == 3)
        try answer(pilot)
        #expect(status(pilot).hasSuffix(" 7 of 10+ cards "), "\(status(pilot))")
        // The input ended: its last deck says so, no + and no "yet".
        flag.raise()
        pilot.program.deckSource = DeckSource(load: { .success(.init(grown, readInPart: false, stillReading: false, unchanged: 10)) },
                                              changed: { flag.take() })
        pilot.wait(0.05)
        try answer(pilot)
        #expect(status(pilot).hasSuffix(" 7 of 10 cards "), "\(status(pilot))")
        pilot.type("zzz")
        try answer(pilot)
        #expect(status(pilot).hasSuffix(" no match "), "\(status(pilot))")
    }

    /// Going round the matches, on the strip or from a zoomed card's last match, is noted beside
    /// the search until the next key (as vim says "search hit BOTTOM"), so that the first match
    /// again is not taken for a new one; the card's title and lines stay.
    @Test func goingRoundTheMatchesIsSaid() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter)
        pilot.press(.character("n"), .character("n"))
        #expect(pilot.model.activeDeckIndex == 4)
        pilot.press(.enter)
        #expect(pilot.model.overlay.zoom != nil)
        // The last card's one match is shown: n goes on to the first card, round the matches.
        pilot.press(.character("n"))
        #expect(pilot.model.activeDeckIndex == 1 && pilot.model.overlay.zoom != nil)
        #expect(status(pilot).contains("/needle (round to the first)"), "\(status(pilot))")
        #expect(status(pilot).contains("1/3"), "where it is stays: \(status(pilot))")
        pilot.press(.character("N"))
        #expect(pilot.model.activeDeckIndex == 4)
        #expect(status(pilot).contains("/needle (round to the last)"), "\(status(pilot))")
        pilot.press(.character("N"))
        #expect(pilot.model.activeDeckIndex == 3)
        #expect(!status(pilot).contains("round"), "within the matches nothing is said: \(status(pilot))")

        // A single match: n stays, and says why.
        let one = Pilot(deck: deck, width: 100, height: 30)
        one.press(.character("/"))
        one.type("hay")
        one.press(.enter, .character("n"))
        #expect(one.model.activeDeckIndex == 1)
        #expect(status(one).contains("/hay (the only match)"), "\(status(one))")

        // A click, the wheel or a slide moving on moves the strip otherwise: the note goes
        // (helper-79 saw it stay through clicks until a key).
        for (name, move) in [("click", { (p: Pilot) in p.click(x: 80, y: 15) }),
                             ("wheel", { (p: Pilot) in p.wheel(up: false, x: 50, y: 15) }),
                             ("slide", { (p: Pilot) in
                                 // (Until the first slide moves on: the last one says so, over the note.)
                                 let from = p.model.activeDeckIndex
                                 for _ in 0..<30 where p.model.activeDeckIndex == from { p.wait(0.5) }
                             })] {
            var options = AppOptions()
            options.autoplay = name == "slide" ? 2 : nil
            // (Round the deck: without loop, a slideshow pauses when `n` reaches the last match.)
            options.loop = name == "slide"
            let other = Pilot(deck: deck, options: options, width: 100, height: 30)
            other.press(.character("/"))
            other.type("needle")
            other.press(.enter, .character("n"), .character("n"), .character("n"))
            #expect(status(other).contains("(round to the first)"), "\(name): \(status(other))")
            let before = other.model.activeDeckIndex
            move(other)
            #expect(!status(other).contains("round"), "\(name): \(status(other))")
            #expect(other.model.activeDeckIndex != before, "\(name) moved the strip")
        }
    }

    @Test func nWithNothingSearchedSaysHowToSearch() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("n"))
        #expect(status(pilot).contains("/ finds cards"))
        pilot.press(.right)
        #expect(!status(pilot).contains("/ finds cards"), "the message goes at the next key")
    }

    /// While a search has shown no card, the screen says it is searching until the search has
    /// answered, and that no card matches only then (helper-86: "No card matches" stood for
    /// seconds over a search of a million lines that found its match at the end).
    @Test func noCardMatchesOnlyOnceTheSearchHasAnswered() {
        #expect(AppModel.emptyMessage(for: "299999", answered: false, glyphs: .unicode) == "Searching for \u{201C}299999\u{201D}…")
        #expect(AppModel.emptyMessage(for: "299999", answered: true, glyphs: .unicode) == "No card matches \u{201C}299999\u{201D}.")
        #expect(AppModel.emptyMessage(for: "x", answered: false, glyphs: .ascii) == "Searching for \"x\"...")
        #expect(AppModel.emptyMessage(for: "x", answered: true, more: true, glyphs: .ascii) == "No card matches \"x\" yet.")
    }

    /// The search runs beside the frames: a key shows the search line at once with "searching…" and
    /// the strip as it was; the result comes with the wake-up the search sends when it is done.
    @Test func theResultComesThroughTheWakeUp() throws {
        let pilot = Pilot(deck: deck, width: 100, height: 30, search: .manual)
        pilot.press(.character("/"))
        pilot.type("needle")
        #expect(status(pilot).contains("searching"), "\(status(pilot))")
        #expect(pilot.state.count == 6, "the strip waits for the result")
        let search = try #require(pilot.model.search)
        search.runPending()
        pilot.wait(0.05)
        #expect(pilot.state.count == 3)
        #expect(status(pilot).hasSuffix("3 of 6 cards "))
    }

    /// Keys that act on the cards the search shows wait for it to answer, and keep their order:
    /// `/needle` Enter Enter typed at once with `--pick` chose the card the strip showed before the
    /// search answered (a helper picked `cjk.txt` for `/lorem`), and `e` opened it. Typing, and
    /// closing the search line, do not wait; Ctrl-C never does.
    @Test func keysTypedBeforeTheSearchAnswersWaitForIt() throws {
        var options = AppOptions()
        options.pick = true
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 30, search: .manual)
        pilot.press(.right)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter, .right, .enter)
        #expect(!pilot.model.overlay.searching, "Enter closed the search line at once")
        #expect(pilot.outcome == nil, "nothing chosen before the search answers")
        #expect(pilot.state.count == 6 && pilot.model.activeDeckIndex == 1, "the strip as it was")
        try answer(pilot)
        // The matches are three (two, Needle title, five); the search rests on the card it began
        // on (two), so Right goes to the next match, and Enter picks it.
        #expect(pilot.outcome == .chosen(3), "\(String(describing: pilot.outcome))")

        let typing = searching("needl")
        typing.press(.right)
        typing.type("e")
        #expect(typing.model.query == "needl", "a letter after a waiting key waits its turn")
        try answer(typing)
        #expect(typing.model.query == "needle" && typing.model.activeDeckIndex == 3, "then Right, then the letter")
        try answer(typing)
        #expect(typing.state.count == 3, "and its own search answers as any")

        let interrupted = searching("needle")
        interrupted.press(.enter, .enter, .controlC)
        #expect(interrupted.outcome == .interrupted, "Ctrl-C does not wait")
        let quit = searching("needle")
        quit.press(.enter, .character("q"))
        #expect(quit.outcome == .quit, "nor q, while nothing waits")
        // q after keys have waited a moment quits at once: the keys are read on the cards shown so
        // far, then q (it waited behind them for the whole of a long search, 4 s over a 50 MB
        // log: helper-76).
        let impatient = searching("needle")
        impatient.press(.enter, .right)
        impatient.wait(0.5)
        impatient.press(.character("q"))
        #expect(impatient.outcome == .quit, "\(String(describing: impatient.outcome))")
        // Past that moment, keys act on the cards found so far (over a 50 MB log, n and Right did
        // nothing for 4 s: helper-76); the answer then rests on the card they went to.
        let late = searching("needle")
        late.press(.enter)
        late.wait(0.5)
        late.press(.right, .right)
        #expect(late.model.activeDeckIndex == 2, "on the cards shown so far (all six): one, two, three")
        late.press(.character("5"))
        #expect(late.model.activeDeckIndex == 4)
        try answer(late)
        #expect(late.state.count == 3 && late.model.activeDeckIndex == 4, "five matches: the strip stays on it")
        // A key after one that waits is read where that one leads: q in the zoom closes it.
        let zoomed = searching("needle")
        zoomed.press(.enter, .enter, .character("q"))
        #expect(zoomed.outcome == nil)
        try answer(zoomed)
        #expect(zoomed.outcome == nil && zoomed.model.zoom == nil, "zoomed, then closed")
        // Keys that mean nothing on the strip keep their turn too: `/fox` after a waiting Right
        // opens the search line again and types into it, in place of the kept query (f, o and x
        // were dropped, or typed as the strip's commands: o turned the loop on).
        let again = searching("needle")
        again.press(.enter, .character("l"), .character("/"))
        again.type("fox")
        for _ in 0..<4 {
            try answer(again)
        }
        #expect(again.model.query == "fox" && !again.state.loop, "\(again.model.query)")

        // A click waits its turn too: Right waits, and the wheel after it.
        let clicked = searching("needle")
        clicked.press(.enter, .right)
        clicked.wheel(up: false, x: 50, y: 15)
        #expect(clicked.model.activeDeckIndex == 0, "nothing moved before the answer")
        try answer(clicked)
        #expect(clicked.model.activeDeckIndex == 4, "Right then the wheel, from the search's card: \(String(describing: clicked.model.activeDeckIndex))")

        // Esc after a waiting key waits its turn: Right moves among the matches, then Esc clears
        // the search, on the card Right went to.
        let cleared = searching("needle")
        cleared.press(.enter, .right, .escape)
        #expect(cleared.model.query == "needle", "Esc waits its turn")
        try answer(cleared, wait: 0.5)
        #expect(cleared.model.query.isEmpty && cleared.model.activeDeckIndex == 3 && cleared.state.count == 6,
                "\(String(describing: cleared.model.activeDeckIndex))")
    }
}
