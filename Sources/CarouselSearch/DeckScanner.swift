import CarouselCards

/// One search's pass over a deck, and the text cache it reads from: the deck's text in each case
/// mode (an arena each, made when a query of that mode first runs), both within one byte budget,
/// first come first served. Runs on whichever thread does the search; one scan at a time.
struct DeckScanner {
    /// What a finished scan found.
    struct Outcome {
        var matches: [Int]
        var scanned: Int
    }

    /// Cards searched between two looks at the clock and at whether the scan is still wanted: a
    /// chunk of cached text takes well under a millisecond, a chunk read from a file deck a few
    /// (of 256 files, one of them a 5 MB log, 0.4 s: the first search of a deck of 45 notes showed
    /// every card, and took no newer query, until it had read them all; helper-105).
    static let cachedChunk = 4096
    static let readChunk = 16
    /// How often a long scan shows what it has found so far.
    static let partialInterval = Duration.milliseconds(50)

    let cards: any CardProvider
    let textBudget: Int
    /// Whether the cards' text differs with and without their files' extensions (see
    /// `CardProvider.namesFiles`): where it does not (lines of input), one arena serves both, and
    /// a query with a dot after one without read the whole deck again (review).
    let namesFiles: Bool
    /// One arena per form, without and with the file names' extensions (see `SearchQuery.readsFileNames`).
    private var arenas = [SearchQuery.Form.original, .folded, .unmarked].flatMap { form in
        [false, true].map { TextArena(form: form, fileNames: $0) }
    }

    init(cards: any CardProvider, textBudget: Int) {
        self.cards = cards
        self.textBudget = textBudget
        namesFiles = cards.namesFiles
    }

    /// A scanner of `cards`, whose first `through` are those of `before`'s deck: the text it holds
    /// of them is taken over (and `before` holds none after).
    init(cards: any CardProvider, textBudget: Int, takingOver before: inout DeckScanner, through: Int) {
        self.init(cards: cards, textBudget: textBudget)
        swap(&arenas, &before.arenas)
        for k in arenas.indices { arenas[k].keep(through) }
    }

    /// Bytes held by the text cache (every form).
    var textBytes: Int { arenas.reduce(0) { $0 + $1.cost } }

    /// Looks for `query` (not empty) in `candidates`, ascending (every card when nil). Between
    /// chunks it asks `isSuperseded` and gives up (nil) if so, and every `partialInterval` hands
    /// what it has found so far to `partial`.
    mutating func scan(_ query: SearchQuery, candidates: [Int]?, isSuperseded: () -> Bool,
                       partial: (Outcome) -> Void) -> Outcome? {
        let k = arenas.firstIndex { $0.form == query.form && $0.fileNames == (query.readsFileNames && namesFiles) }!
        var others = textBytes - arenas[k].cost
        // The form in use has the room: where the deck's text in it would not fit beside the
        // text held in other forms (as much again as the most of them), those are let go (held
        // first come first served, a big deck's text in one form left a query in another to read
        // most of the deck again at every scan, 10 to 19 s for 576,000 lines; helper-114).
        // (Only for a scan of every card, which fills the arena: a query that looks again at an
        // earlier one's matches adds nothing to it, and let the other form's text go for nothing;
        // review.)
        if candidates == nil, arenas[k].count < cards.count, others > 0 {
            let most = arenas.indices.filter { $0 != k }.map { arenas[$0].cost }.max() ?? 0
            if most > textBudget - others {
                for j in arenas.indices where j != k { arenas[j] = TextArena(form: arenas[j].form, fileNames: arenas[j].fileNames) }
                arenas[k].reopen()
                others = 0
            }
        }
        return Self.scan(query, in: &arenas[k], limit: textBudget - others, cards: cards,
                         candidates: candidates, isSuperseded: isSuperseded, partial: partial)
    }

    private static func scan(_ query: SearchQuery, in arena: inout TextArena, limit: Int, cards: any CardProvider,
                             candidates: [Int]?, isSuperseded: () -> Bool, partial: (Outcome) -> Void) -> Outcome? {
        let clock = ContinuousClock()
        var shown = clock.now
        var found = Outcome(matches: [], scanned: 0)
        let total = candidates?.count ?? cards.count
        return query.needle.withUnsafeBufferPointer { needle -> Outcome? in
            /// Adds card `index` (not in the arena) to the matches if its text holds the needle.
            func check(_ index: Int) {
                let held: Bool
                if var text = arena.read(index, from: cards, limit: limit) {
                    held = text.withUTF8 { ByteSearch.contains(needle, in: $0) }
                } else {
                    held = arena.contains(needle, card: index)
                }
                if held { found.matches.append(index) }
            }
            while found.scanned < total {
                let start = found.scanned
                if let candidates, candidates[start] < arena.count {
                    let stop = min(start + cachedChunk, total)
                    let end = candidates[start..<stop].firstIndex { $0 >= arena.count } ?? stop
                    arena.search(needle, candidates: candidates[start..<end], into: &found.matches)
                    found.scanned = end
                } else if let candidates {
                    let end = min(start + readChunk, total)
                    for index in candidates[start..<end] { check(index) }
                    found.scanned = end
                } else if start < arena.count {
                    // Cached cards, in one pass over their bytes.
                    let end = min(start + cachedChunk, arena.count)
                    arena.search(needle, cards: start..<end, into: &found.matches)
                    found.scanned = end
                } else {
                    let end = min(start + readChunk, total)
                    for index in start..<end { check(index) }
                    found.scanned = end
                }
                if isSuperseded() { return nil }
                if found.scanned < total, clock.now - shown >= partialInterval {
                    partial(found)
                    shown = clock.now
                }
            }
            return found
        }
    }
}
