import CarouselCards
import CarouselThreads
import Synchronization

/// The search behind the `/` key, off the frame path. Each keystroke calls `find`; the scan runs
/// on a worker (or inline, or when a test says), superseding any scan in progress, and calls the
/// waker whenever `latest` has something new: partial results every ~50 ms of a long scan, then
/// the complete one. A query that extends an earlier one (one more letter typed) scans only that
/// query's matches; the last few complete results are kept, so backspacing is instant. Card text
/// is cached within `Budget.textBytes`. Made for one deck: a deck read again needs a new search.
public final class CardSearch: Sendable {
    /// Where scans run.
    public enum Execution: Sendable {
        /// On one background thread, started when there is work and gone when there is none.
        case background
        /// In `find`, to completion (for `--render`: the screen printed has its result).
        case inline
        /// Only in `runPending()` (for tests that look at the pending state first).
        case manual
    }

    /// How much a search keeps.
    public struct Budget: Sendable {
        /// Cached search text, every form together, in bytes. Each card costs its text's UTF-8
        /// bytes plus 8 (its end offset) per form used (as written, lowercased or without accents,
        /// each with and without file names' extensions, for queries with a dot and without):
        /// 100,000 cards of 60 bytes cost about 7 MB a form. Cards past the budget are read from
        /// the provider again at each scan that needs them (for a file deck, a file read), so it
        /// bounds memory, not correctness.
        public var textBytes: Int
        /// As much again for each card of the deck, where that is more than `textBytes`: a deck
        /// of a million lines is about 100 MB of text in a form, and keeps it (it was read again by
        /// every scan), for a sixth more memory than the deck's own.
        public var textBytesPerCard: Int
        /// Complete results kept by query (what makes backspace instant); each holds its
        /// matches, 8 bytes a card.
        public var recentResults: Int

        public init(textBytes: Int = 64 << 20, textBytesPerCard: Int = 160, recentResults: Int = 8) {
            self.textBytes = textBytes
            self.textBytesPerCard = textBytesPerCard
            self.recentResults = recentResults
        }

        /// The cached search text's bytes for a deck of `cards` cards.
        func textBytes(cards: Int) -> Int { max(textBytes, cards * textBytesPerCard) }
    }

    private let cardCount: Int
    private let execution: Execution
    private let budget: Budget
    private let waker: @Sendable () -> Void
    /// The newest `find`'s number, read by a running scan without taking the lock.
    private let generation = Atomic<Int>(0)
    private let state = Mutex(State())
    /// Held for the whole of a scan (one at a time; the text cache is the scan's).
    private let scanner: Mutex<DeckScanner>

    /// A search of `cards` (read as they are now: a deck read again needs a new search). `waker`
    /// is called when `latest` has something new, on the thread that made it (the worker, or the
    /// caller of `find` or `runPending`); it should only signal the program loop (it may be called
    /// while a scan holds its lock, so calling `find` from it would deadlock an inline search).
    ///
    /// `known`: a complete result for a deck whose first `through` cards `cards` begins with (a
    /// deck that grew at its end: standard input read on); a search for its query then looks at
    /// its matches there and at the cards after them only (a search through 300,000 lines began
    /// again with every few lines that came, its matches shown and gone; review).
    ///
    /// `carrying`: the search of that deck before it grew (with `through`): the text it read of
    /// those cards and its complete results are taken over, so that a query reads only the new
    /// cards (helper-116: while standard input was read on, every search read the whole deck
    /// again, 3 s a query of 580,000 lines, as each new deck began a search of its own). It is
    /// stopped, and holds nothing after.
    public init(cards: any CardProvider, execution: Execution, budget: Budget = Budget(),
                waker: @escaping @Sendable () -> Void = {}, known: SearchResult? = nil, carrying before: CardSearch? = nil,
                through: Int = 0) {
        cardCount = cards.count
        self.execution = execution
        self.budget = budget
        self.waker = waker
        let textBudget = budget.textBytes(cards: cards.count)
        guard through > 0, through <= cards.count else {
            scanner = Mutex(DeckScanner(cards: cards, textBudget: textBudget))
            return
        }
        var carried: [Recent] = []
        if let before {
            // (Its scan, if one runs, stops at its next look at whether it is still wanted.)
            before.cancel()
            scanner = Mutex(before.scanner.withLock { DeckScanner(cards: cards, textBudget: textBudget, takingOver: &$0, through: through) })
            carried = before.state.withLock { $0.recent }
        } else {
            scanner = Mutex(DeckScanner(cards: cards, textBudget: textBudget))
        }
        if let known, known.isComplete, !carried.contains(where: { $0.query.text == known.query }) {
            carried.append(Recent(query: SearchQuery(known.query), result: known, through: through))
        }
        // (Cut where the deck before held more than the cards kept; a deck that only grew keeps
        // them as they are, not copied for each new deck: a broad query's matches are many.)
        let recent = carried.map { recent in
            guard recent.through > through else { return recent }
            var kept = recent
            kept.through = through
            kept.result.matches = recent.result.matches.filter { $0 < through }
            return kept
        }
        state.withLock { $0.recent = recent }
    }

    /// The newest result: the latest query's, or until its scan publishes a first (partial)
    /// result, the previous query's. Nil before the first `find` and after `cancel`.
    public var latest: SearchResult? { state.withLock { $0.latest } }

    /// True from a `find` that needs a scan until its complete result is published (for a
    /// "searching…" mark).
    public var isPending: Bool { state.withLock { $0.isPending } }

    /// Bytes held by the text cache, as of the last scan.
    public var cachedTextBytes: Int { state.withLock { $0.textBytes } }

    /// Searches for `text` (smart case, see `SearchQuery`), superseding any search in progress.
    /// The empty query, and a query among the recent complete results, are answered at once; the
    /// query already being searched for is left to finish.
    public func find(_ text: String) {
        let query = SearchQuery(text)
        let answered = state.withLock { s -> Bool? in
            if s.isPending, s.query == query { return nil }
            s.generation += 1
            generation.store(s.generation, ordering: .relaxed)
            s.query = query
            s.waiting = nil
            s.isPending = false
            if query.isEmpty {
                s.latest = SearchResult(query: "", isCaseSensitive: false, matches: Array(0..<cardCount),
                                        isComplete: true, scanned: cardCount)
                return true
            }
            if let i = s.recent.firstIndex(where: { $0.query == query && $0.through >= cardCount }) {
                let recent = s.recent.remove(at: i)
                s.recent.append(recent)
                s.latest = recent.result
                return true
            }
            s.waiting = Job(query: query, generation: s.generation)
            s.isPending = true
            return false
        }
        switch (answered, execution) {
        case (nil, _), (false, .manual): break
        case (true, _): waker()
        case (false, .background): startWorker()
        case (false, .inline): runPending()
        }
    }

    /// Stops any search; `latest` becomes nil (no search: every card shown).
    public func cancel() {
        state.withLock { s in
            s.generation += 1
            generation.store(s.generation, ordering: .relaxed)
            s.query = nil
            s.waiting = nil
            s.isPending = false
            s.latest = nil
        }
    }

    /// Runs the waiting search, if any, to completion on this thread (the background worker runs
    /// the same).
    public func runPending() {
        while let (job, candidates) = state.withLock({ $0.take(cardCount: cardCount) }) { run(job, among: candidates) }
    }

    // MARK: - Work

    private func startWorker() {
        let start = state.withLock { s -> Bool in
            guard !s.isWorkerRunning, s.waiting != nil else { return false }
            s.isWorkerRunning = true
            return true
        }
        guard start else { return }
        let running = BackgroundThread.start(name: "carousel-find") { [self] in
            // The worker leaves, under the lock, when it finds no work: a `find` after that starts
            // another, so no query is left waiting and no thread polls.
            while let (job, candidates) = state.withLock({ s in
                let next = s.take(cardCount: cardCount)
                if next == nil { s.isWorkerRunning = false }
                return next
            }) {
                run(job, among: candidates)
            }
        }
        if !running {
            // No thread to be had: the search runs here rather than never.
            state.withLock { s in s.isWorkerRunning = false }
            runPending()
        }
    }

    private func run(_ job: Job, among candidates: [Int]?) {
        // (The matches of the same query carried over from the deck before: kept, and the cards
        // after them only scanned; each result, partial or complete, holds them too.)
        func withKnown(_ outcome: DeckScanner.Outcome) -> DeckScanner.Outcome {
            job.known.isEmpty ? outcome : DeckScanner.Outcome(matches: job.known + outcome.matches, scanned: job.knownThrough + outcome.scanned)
        }
        let (outcome, textBytes) = scanner.withLock { scanner in
            let outcome = scanner.scan(
                job.query, candidates: candidates,
                isSuperseded: { generation.load(ordering: .relaxed) != job.generation },
                partial: { publish(withKnown($0), of: job, isComplete: false) })
            return (outcome, scanner.textBytes)
        }
        state.withLock { $0.textBytes = textBytes }
        if let outcome { publish(withKnown(outcome), of: job, isComplete: true) }
    }

    /// Makes a scan's result the latest, unless a newer `find` has come since, and wakes the app.
    private func publish(_ outcome: DeckScanner.Outcome, of job: Job, isComplete: Bool) {
        let result = SearchResult(query: job.query.text, isCaseSensitive: job.query.isCaseSensitive,
                                  matches: outcome.matches, isComplete: isComplete, scanned: outcome.scanned)
        let current = state.withLock { s -> Bool in
            guard s.generation == job.generation else { return false }
            s.latest = result
            if isComplete {
                s.isPending = false
                s.recent.removeAll { $0.query == job.query }
                s.recent.append(Recent(query: job.query, result: result, through: cardCount))
                if s.recent.count > max(1, budget.recentResults) { s.recent.removeFirst() }
            }
            return true
        }
        if current { waker() }
    }
}

extension CardSearch {
    struct Job {
        var query: SearchQuery
        var generation: Int
        /// The matches of a result of this very query carried over from the deck before, for its
        /// first `knownThrough` cards (see `init`'s `known`): not scanned again.
        var known: [Int] = []
        var knownThrough = 0
    }

    struct Recent {
        var query: SearchQuery
        var result: SearchResult
        /// The cards it is complete for: the first `through` (all, but for a result carried over
        /// from a deck that then grew).
        var through: Int
    }

    struct State {
        var latest: SearchResult?
        var generation = 0
        /// The newest `find`'s query (nil after `cancel`).
        var query: SearchQuery?
        /// The newest query, not yet taken by a scan.
        var waiting: Job?
        var isPending = false
        var isWorkerRunning = false
        /// Complete results, least recently used first.
        var recent: [Recent] = []
        var textBytes = 0

        /// The waiting job, and the cards it need look at: the matches of the recent result that
        /// holds the fewest of them among those whose query the new one contains (every card when
        /// there is none).
        /// (With the cards after those a result carried over is complete for.)
        /// A result of this very query for the deck's first cards only (carried over) is kept,
        /// and only the cards after them are scanned.
        mutating func take(cardCount: Int) -> (Job, [Int]?)? {
            guard var job = waiting else { return nil }
            waiting = nil
            if let carried = recent.last(where: { $0.query == job.query && $0.through < cardCount }) {
                job.known = carried.result.matches
                job.knownThrough = carried.through
                return (job, Array(carried.through..<cardCount))
            }
            let narrowest = recent.filter { $0.query.covers(job.query) }.min { $0.result.matches.count < $1.result.matches.count }
            guard let narrowest else { return (job, nil) }
            return (job, narrowest.through < cardCount ? narrowest.result.matches + Array(narrowest.through..<cardCount) : narrowest.result.matches)
        }
    }
}

extension SearchQuery {
    /// Whether every text matching `other` matches this query too, because `other` contains it:
    /// in the same case mode, or this one insensitive and the other's lowercased text holding it
    /// (lowercasing maps each scalar on its own, so it keeps substrings).
    /// A query ignoring accents covers any whose text, unmarked, holds it (`hel` covers `hélè`:
    /// what holds "hélè" holds "hele" unmarked); one matching accents covers none that ignores them.
    /// One that does not read the files' extensions covers none that does (`swift` is not in
    /// `main.swift` as `swift` reads it; see `readsFileNames`).
    func covers(_ other: SearchQuery) -> Bool {
        if other.readsFileNames && !readsFileNames { return false }
        if ignoresMarks { return ByteSearch.contains(needle, in: other.unmarkedNeedle) }
        if other.ignoresMarks { return false }
        if isCaseSensitive == other.isCaseSensitive { return ByteSearch.contains(needle, in: other.needle) }
        return !isCaseSensitive && ByteSearch.contains(needle, in: other.foldedNeedle)
    }
}
