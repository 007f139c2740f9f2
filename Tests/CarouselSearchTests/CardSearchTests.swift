import CarouselCards
import CarouselSearch
import CarouselText
import Testing

/// The search as the app drives it: immediate answers, pending then ready, superseding, partial
/// results of a slow deck, the background worker, and the text cache's budget.
@Suite struct CardSearchTests {
    static let deck = TestDecks.cards([
        "a needle in a haystack", "Needle and thread", "NEEDLE", "hay", "L'ÉCOLE", "école", "needles",
    ])

    /// A note titled by its heading is found by its file's name too (helper-18: `/recipe` did not
    /// find recipe-shakshuka.md, titled "Shakshuka"); of a file of slides, only its first slide.
    /// The extension only by a query with a dot (helper-71: `/swift` found every Swift file).
    @Test func aCardIsFoundByItsFilesName() {
        func text(_ title: String, _ file: String?, lines: Range<Int>? = nil, fileName: Bool = true) -> String {
            Card(title: title, content: .text(TextDocument(plainText: "eggs")), file: file.map { Array($0.utf8) }, fileLines: lines)
                .searchText(fileName: fileName)
        }
        #expect(text("Shakshuka", "notes/recipe-shakshuka.md") == "Shakshuka\nrecipe-shakshuka.md\neggs")
        #expect(text("Shakshuka", "notes/recipe-shakshuka.md", fileName: false) == "Shakshuka\nrecipe-shakshuka\neggs")
        #expect(text("recipe-shakshuka", "notes/recipe-shakshuka.md") == "recipe-shakshuka\nrecipe-shakshuka.md\neggs",
                "a title made of the stem leaves the extension to the name (helper-41: `/circle.png`)")
        #expect(text("recipe-shakshuka", "notes/recipe-shakshuka.md", fileName: false) == "recipe-shakshuka\neggs")
        #expect(text(".bashrc", "home/.bashrc", fileName: false) == ".bashrc\neggs", "a hidden file's dot is no extension's")
        #expect(text("Minutes", "notes/meeting.2026-11-28", fileName: false) == "Minutes\nmeeting.2026-11-28\neggs",
                "a date after the dot is no extension (review)")
        #expect(text("Makefile", "src/Makefile") == "Makefile\neggs", "the title is the name already")
        #expect(text("Why Swift", "talks/swift-talk.md", lines: 1..<9).contains("swift-talk.md"), "a talk's first slide")
        #expect(!text("Numbers", "talks/swift-talk.md", lines: 9..<20).contains("swift-talk.md"), "not its other slides")
        #expect(text("Mira", nil) == "Mira\neggs")
    }

    /// A query without a dot does not read the files' extensions: `/swift` in a folder of Swift
    /// found every file, `/t` every note (helper-71); `/.swift` and `/main.swift` still do.
    @Test func onlyAQueryWithADotReadsExtensions() {
        func card(_ name: String, _ text: String) -> Card {
            Card(title: String(name.split(separator: ".").first!), content: .text(TextDocument(plainText: text)), file: Array(name.utf8))
        }
        let deck = CardList([card("main.swift", "var y = 1"), card("notes.txt", "learn swift"), card("todo.txt", "milk")])
        let search = CardSearch(cards: deck, execution: .inline)
        search.find("swift")
        #expect(search.latest?.matches == [1])
        search.find("t")
        #expect(search.latest?.matches == [1, 2], "notes (its text), todo (its title)")
        search.find("x")
        #expect(search.latest?.matches == [])
        search.find(".swift")
        #expect(search.latest?.matches == [0])
        search.find("main.s")
        #expect(search.latest?.matches == [0])
        search.find(".txt")
        #expect(search.latest?.matches == [1, 2])
    }

    /// A deck that grew at its end (standard input read on): the search of its query carried over
    /// reads its matches among the cards it had and the new cards only, and finds what a search
    /// of the whole deck finds (review: it began again over 300,000 lines at each new few).
    @Test func aDeckThatGrewIsSearchedOnlyWhereItGrew() {
        let before = TestDecks.cards(["a needle", "hay", "hay", "needles", "hay"])
        let first = CardSearch(cards: before, execution: .inline)
        first.find("needle")
        let known = try! #require(first.latest)
        #expect(known.matches == [0, 3] && known.isComplete)
        let grown = InstrumentedDeck(TestDecks.cards(["a needle", "hay", "hay", "needles", "hay and more", "needle", "hay", "thread"]))
        let search = CardSearch(cards: grown, execution: .inline, known: known, through: 4)
        search.find("needle")
        #expect(search.latest?.matches == TestDecks.expected("needle", in: grown.cards) && search.latest?.matches == [0, 3, 5])
        #expect(search.latest?.isComplete == true)
        #expect(grown.reads.load(ordering: .relaxed) == 4, "the four cards from the fourth on only: its matches before are kept")
        // Another query is searched through all of it; the carried one is then answered at once.
        search.find("hay")
        #expect(search.latest?.matches == [1, 2, 4, 6])
        let reads = grown.reads.load(ordering: .relaxed)
        search.find("needle")
        #expect(search.latest?.matches == [0, 3, 5] && grown.reads.load(ordering: .relaxed) == reads)
    }

    @Test func theEmptyQueryIsCompleteAtOnceWithEveryCard() {
        let search = CardSearch(cards: Self.deck, execution: .manual)
        #expect(search.latest == nil)
        search.find("")
        #expect(search.latest == SearchResult(query: "", isCaseSensitive: false, matches: Array(0..<7),
                                              isComplete: true, scanned: 7))
        #expect(!search.isPending)
    }

    @Test func smartCaseOverADeck() {
        let search = CardSearch(cards: Self.deck, execution: .inline)
        search.find("needle")
        #expect(search.latest?.matches == [0, 1, 2, 6])
        #expect(search.latest?.isCaseSensitive == false)
        search.find("Needle")
        #expect(search.latest?.matches == [1])
        #expect(search.latest?.isCaseSensitive == true)
        search.find("école")
        #expect(search.latest?.matches == [4, 5])
        search.find("ÉCOLE")
        #expect(search.latest?.matches == [4])
        search.find("zebra")
        #expect(search.latest?.matches == [])
        #expect(search.latest?.isComplete == true)
    }

    /// Cards whose accents are written either way are found by either spelling, through the held
    /// text of a warm scan as through a cold one.
    @Test func accentsWrittenEitherWayAreFoundOverADeck() {
        let deck = TestDecks.cards(["le caf\u{E9}", "le cafe\u{301}", "le cafe", "LE CAFE\u{301}"])
        let search = CardSearch(cards: deck, execution: .inline)
        for _ in 0..<2 {
            search.find("caf\u{E9}")
            #expect(search.latest?.matches == [0, 1, 3])
            search.find("cafe\u{301}")
            #expect(search.latest?.matches == [0, 1, 3])
            search.find("CAF\u{C9}")
            #expect(search.latest?.matches == [3])
            search.find("cafe")
            #expect(search.latest?.matches == [0, 1, 2, 3], "a plain query ignores accents and case")
            search.find("CAFE")
            #expect(search.latest?.matches == [], "with a capital, it does not: the É is no E")
        }
    }

    /// A flag is shown as its letters (🇯🇵 as `JP`): it is found by them too, in any case form,
    /// and by itself typed (helper-46: `/JP` found nothing on a card showing "JP").
    @Test func aFlagIsFoundByTheLettersItIsShownAs() {
        let deck = TestDecks.cards(["Flags: \u{1F1EF}\u{1F1F5} \u{1F1EB}\u{1F1F7}", "a jpeg", "nothing", "caf\u{E9} \u{1F1EB}\u{1F1F7}"])
        let search = CardSearch(cards: deck, execution: .inline)
        search.find("JP")
        #expect(search.latest?.matches == [0])
        search.find("jp")
        #expect(search.latest?.matches == [0, 1])
        search.find("\u{1F1EB}\u{1F1F7}")
        #expect(search.latest?.matches == [0, 3])
        search.find("FR")
        #expect(search.latest?.matches == [0, 3])
        #expect(SearchQuery("JP").matchOffsets(in: Array("Flags: \u{1F1EF}\u{1F1F5}!")) == [7..<8])
        #expect(SearchQuery("P").matchOffsets(in: Array("\u{1F1EF}\u{1F1F5}")) == [0..<1])
    }

    @Test func manualWorkIsPendingUntilRun() {
        let log = WakeLog()
        let search = log.search(Self.deck, .manual)
        defer { log.close() }
        search.find("hay")
        #expect(search.isPending)
        #expect(search.latest == nil)
        #expect(log.wakes.load(ordering: .relaxed) == 0)
        search.runPending()
        #expect(!search.isPending)
        #expect(search.latest == SearchResult(query: "hay", isCaseSensitive: false, matches: [0, 3],
                                              isComplete: true, scanned: 7))
        #expect(log.wakes.load(ordering: .relaxed) == 1)
        // While the next query waits, the previous result stays.
        search.find("hayz")
        #expect(search.isPending)
        #expect(search.latest?.query == "hay")
    }

    @Test func aNewerQuerySupersedesAWaitingOne() {
        let log = WakeLog()
        let search = log.search(Self.deck, .manual)
        defer { log.close() }
        search.find("hay")
        search.find("thread")
        search.runPending()
        #expect(log.results.withLock { $0 }.map(\.query) == ["thread"])
        #expect(search.latest?.matches == [1])
    }

    @Test func aRunningScanGivesUpWhenSuperseded() {
        let count = 3_000
        let cards = InstrumentedDeck(TestDecks.cards((0..<count).map { "line \($0)" }))
        let log = WakeLog()
        // Nothing cached, so every scan reads every card it looks at.
        let search = log.search(cards, .manual, budget: .init(textBytes: 0))
        defer { log.close() }
        cards.trigger.withLock { $0 = .init(index: 100, search: search, query: "line 29") }
        search.find("line 1")
        search.runPending()
        #expect(cards.trigger.withLock { $0 == nil }, "the second query was issued")
        // The first scan stopped at its next look (a few hundred cards), not at the end.
        #expect(cards.reads.load(ordering: .relaxed) < count + 1_000)
        #expect(log.results.withLock { $0 }.allSatisfy { $0.query == "line 29" })
        #expect(search.latest?.matches == TestDecks.expected("line 29", in: cards))
        #expect(search.latest?.isComplete == true)
    }

    @Test func theQueryInProgressIsNotStartedAgain() {
        let count = 1_000
        let cards = InstrumentedDeck(TestDecks.cards((0..<count).map { "line \($0)" }))
        let search = CardSearch(cards: cards, execution: .manual, budget: .init(textBytes: 0))
        cards.trigger.withLock { $0 = .init(index: 100, search: search, query: "line 1") }
        search.find("line 1")
        search.runPending()
        #expect(cards.trigger.withLock { $0 == nil }, "the query was asked for again")
        #expect(cards.reads.load(ordering: .relaxed) == count)
        #expect(search.latest?.matches == TestDecks.expected("line 1", in: cards))
    }

    @Test func aSlowDeckShowsPartialResultsOnTheWay() {
        let count = 1_000
        let texts = (0..<count).map { $0 % 7 == 0 ? "needle \($0)" : "hay \($0)" }
        // 0.2 ms a card: 200 ms in all, so at least three partial results at 50 ms intervals.
        let cards = InstrumentedDeck(TestDecks.cards(texts), delay: .microseconds(200))
        let log = WakeLog()
        let search = log.search(cards, .manual)
        defer { log.close() }
        search.find("needle")
        search.runPending()
        let results = log.results.withLock { $0 }
        let expected = TestDecks.expected("needle", in: cards.cards)
        let partial = results.filter { !$0.isComplete }
        #expect(partial.count >= 1)
        for result in partial {
            #expect(result.scanned < count)
            #expect(result.matches == expected.filter { $0 < result.scanned })
        }
        #expect(partial.map(\.scanned) == partial.map(\.scanned).sorted())
        #expect(results.last == SearchResult(query: "needle", isCaseSensitive: false, matches: expected,
                                             isComplete: true, scanned: count))
    }

    @Test func backgroundExecutionDeliversTheResultAndWakes() async throws {
        let count = 20_000
        let texts = (0..<count).map { $0 % 1_000 == 17 ? "the needle \($0)" : "hay \($0)" }
        let cards = InstrumentedDeck(TestDecks.cards(texts))
        let log = WakeLog()
        let search = log.search(cards, .background)
        defer { log.close() }
        for query in ["n", "ne", "nee", "needle"] { search.find(query) }
        try await Self.waitUntil { search.latest?.query == "needle" && search.latest?.isComplete == true }
        #expect(search.latest?.matches == TestDecks.expected("needle", in: cards.cards))
        #expect(!search.isPending)
        #expect(log.wakes.load(ordering: .relaxed) >= 1)
        // The worker has left; the next query starts another.
        search.find("hay 1999")
        try await Self.waitUntil { search.latest?.query == "hay 1999" && search.latest?.isComplete == true }
        #expect(search.latest?.matches == TestDecks.expected("hay 1999", in: cards.cards))
    }

    @Test func backspaceIsAnsweredFromRecentResults() {
        let cards = InstrumentedDeck(Self.deck)
        let search = CardSearch(cards: cards, execution: .manual)
        search.find("need")
        search.runPending()
        search.find("needl")
        search.runPending()
        search.find("need")
        #expect(!search.isPending)
        #expect(search.latest?.query == "need")
        #expect(search.latest?.matches == [0, 1, 2, 6])
        #expect(search.latest?.isComplete == true)
    }

    @Test func typingOneMoreLetterScansOnlyThePreviousMatches() {
        let texts = (0..<500).map { "card \($0) " + ($0 % 10 == 0 ? "needle" : "hay") }
        let search = CardSearch(cards: TestDecks.cards(texts), execution: .inline)
        search.find("nee")
        #expect(search.latest?.scanned == 500)
        #expect(search.latest?.matches.count == 50)
        search.find("need")
        #expect(search.latest?.scanned == 50)
        // A capital makes it case-sensitive; the insensitive matches still contain its matches.
        search.find("neeD")
        #expect(search.latest?.scanned == 50)
        #expect(search.latest?.matches == [])
        // Not an extension of any recent query: the whole deck.
        search.find("hay")
        #expect(search.latest?.scanned == 500)
    }

    @Test func cancelClearsTheSearch() {
        let search = CardSearch(cards: Self.deck, execution: .manual)
        search.find("hay")
        search.cancel()
        #expect(!search.isPending)
        search.runPending()
        #expect(search.latest == nil)
    }

    @Test func theTextCacheSparesReadsWithinItsBudget() {
        let texts = (0..<2_000).map { "line \($0) of the deck" }
        let roomy = InstrumentedDeck(TestDecks.cards(texts))
        let search = CardSearch(cards: roomy, execution: .inline)
        search.find("line 1")
        #expect(roomy.reads.load(ordering: .relaxed) == 2_000)
        search.find("deck")
        search.find("7 of")
        #expect(roomy.reads.load(ordering: .relaxed) == 2_000)
        // The first case-sensitive query fills the cache of text as written.
        search.find("Line")
        search.find("Of")
        #expect(roomy.reads.load(ordering: .relaxed) == 4_000)
        #expect(search.cachedTextBytes > 2 * 2_000 * 20)

        // A budget too small for the deck: the cards past it are read at every scan; the answers
        // are the same.
        let budget = 4_096
        let tight = InstrumentedDeck(TestDecks.cards(texts))
        let small = CardSearch(cards: tight, execution: .inline, budget: .init(textBytes: budget, textBytesPerCard: 0))
        for query in ["line 1", "deck", "7 of", "Line", "99 of", "9 of"] {
            small.find(query)
            #expect(small.latest?.matches == TestDecks.expected(query, in: tight.cards), "\(query)")
        }
        #expect(small.cachedTextBytes <= budget)
        #expect(small.cachedTextBytes > 0)
        #expect(tight.reads.load(ordering: .relaxed) > 4 * 2_000)
    }

    /// A deck whose text fits the budget in one form but not in two: the form in use has the
    /// room, and the text of the other gives way (helper-114: a query in another case read most
    /// of a big deck again at every scan, for good).
    @Test func theFormInUseHasTheRoom() {
        let texts = (0..<2_000).map { "Line \($0) of the Deck" }
        let deck = InstrumentedDeck(TestDecks.cards(texts))
        let search = CardSearch(cards: deck, execution: .inline, budget: .init(textBytes: 100_000, textBytesPerCard: 0))
        var before = 0
        /// How many cards `query` read.
        func reads(_ query: String) -> Int {
            search.find(query)
            #expect(search.latest?.matches == TestDecks.expected(query, in: deck.cards), "\(query)")
            let now = deck.reads.load(ordering: .relaxed)
            defer { before = now }
            return now - before
        }
        #expect(reads("line 1") == 2_000)
        #expect(reads("the deck") == 0)
        #expect(reads("Line") == 2_000, "another form: read once...")
        #expect(reads("Of") == 0, "...and kept")
        #expect(reads("line 7") == 2_000, "the first form again, read again")
        #expect(reads("of the") == 0)
        // A query that looks again at an earlier one's matches (`Line 1` at those of `line 1`)
        // fills nothing: the text held stays (review: it was let go for nothing).
        #expect(reads("Line 1") == 1_111, "the matches of line 1, read as written")
        #expect(reads("deck") == 0, "the text held before stays")
        #expect(search.cachedTextBytes <= 100_000)
        // With room for both, both stay.
        let roomy = CardSearch(cards: deck, execution: .inline, budget: .init(textBytes: 200_000, textBytesPerCard: 0))
        before = deck.reads.load(ordering: .relaxed)
        for query in ["line 1", "Line", "the deck", "Of"] { roomy.find(query) }
        #expect(deck.reads.load(ordering: .relaxed) - before == 4_000)
    }

    /// A deck that grew (standard input read on) is searched by a search that carries on the one
    /// before: the text read of the cards before and its complete results are taken over, so a
    /// query reads the new cards only (helper-116: every search while input came read the whole
    /// deck again, 3 s a query of 580,000 lines).
    @Test func aSearchCarriedOverToADeckThatGrewReadsTheNewCardsOnly() {
        let texts = (0..<2_000).map { "line \($0) of the deck" }
        let first = InstrumentedDeck(TestDecks.cards(texts))
        let before = CardSearch(cards: first, execution: .inline)
        before.find("line 1")
        before.find("Line")
        #expect(first.reads.load(ordering: .relaxed) == 4_000)
        let grown = InstrumentedDeck(TestDecks.cards(texts + (2_000..<2_100).map { "line \($0) of the deck" }))
        let after = CardSearch(cards: grown, execution: .inline, carrying: before, through: 2_000)
        #expect(before.latest == nil, "the search before is stopped")
        for query in ["line 1", "deck", "Line", "12"] {
            let reads = grown.reads.load(ordering: .relaxed)
            after.find(query)
            #expect(after.latest?.matches == TestDecks.expected(query, in: grown.cards) && after.latest?.isComplete == true, "\(query)")
            #expect(grown.reads.load(ordering: .relaxed) - reads <= 100, "\(query): the new cards only")
        }
        // Only the cards the two decks share: a deck whose 500th card changed keeps the text of
        // the first 499, and of a result carried over, the matches among them (review: kept
        // whole, `line 49` still found the card changed).
        after.find("line 49")
        let changed = InstrumentedDeck(TestDecks.cards(Array(texts.prefix(499)) + ["a card in its place"] + Array(texts.dropFirst(500))))
        let again = CardSearch(cards: changed, execution: .inline, carrying: after, through: 499)
        again.find("place")
        #expect(again.latest?.matches == [499])
        #expect(changed.reads.load(ordering: .relaxed) == 2_000 - 499)
        again.find("line 49")
        #expect(again.latest?.matches == TestDecks.expected("line 49", in: changed.cards) && again.latest?.matches.contains(499) == false)
    }

    /// Where no card comes from a file (lines of input), a query with a dot reads the text a
    /// query without one read: one arena for both (review: `deck.` after `deck` read the whole
    /// deck again, and each switch back and forth did). Where cards name files, the two differ.
    @Test func queriesWithAndWithoutADotShareTheTextOfCardsWithNoFile() {
        let texts = (0..<2_000).map { "line \($0) of the deck" }
        let lines = InstrumentedDeck(TestDecks.cards(texts))
        #expect(!lines.namesFiles)
        let search = CardSearch(cards: lines, execution: .inline, budget: .init(textBytes: 100_000, textBytesPerCard: 0))
        for query in ["deck", "deck.", "line", "of.", "7 of"] {
            search.find(query)
            #expect(search.latest?.matches == TestDecks.expected(query, in: lines.cards), "\(query)")
        }
        #expect(lines.reads.load(ordering: .relaxed) == 2_000)
        let files = InstrumentedDeck(CardList(texts.enumerated().map { i, text in
            Card(id: "\(i)", title: "card \(i)", content: .text(TextDocument(plainText: text)), file: Array("notes/\(i).txt".utf8))
        }))
        #expect(files.namesFiles)
        let named = CardSearch(cards: files, execution: .inline)
        for query in ["deck", "7.txt"] {
            named.find(query)
            #expect(named.latest?.matches == TestDecks.expected(query, in: files.cards), "\(query)")
        }
        #expect(files.reads.load(ordering: .relaxed) == 4_000)
    }

    /// A big deck's text is kept whatever the budget in bytes: as much again for each card.
    @Test func aBigDecksTextIsKept() {
        let texts = (0..<2_000).map { "line \($0) of the deck" }
        let deck = InstrumentedDeck(TestDecks.cards(texts))
        let search = CardSearch(cards: deck, execution: .inline, budget: .init(textBytes: 1_000, textBytesPerCard: 160))
        search.find("line")
        search.find("deck")
        #expect(deck.reads.load(ordering: .relaxed) == 2_000)
        #expect(search.cachedTextBytes > 1_000 && search.cachedTextBytes <= 2_000 * 160)
    }

    /// Waits (up to 20 s) for `condition`, looking every 5 ms.
    static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition(), "timed out")
    }
}
