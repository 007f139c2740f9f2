// Search (the `/` key) over 100,000 lines of `ls -lR`-like output, one card per line as `--lines`
// makes them: the first query on a cold deck (every card's text read, lowercased and cached), each
// keystroke of typing "needle" into a warm deck (the first a scan of the cached text, the others
// narrowing the previous query's matches), and backspace (from the recent results, and without
// them, a rescan). Each sample is one `find`, run inline, start to complete result.

import Benchmark
import CarouselCards
import CarouselSearch
import CarouselTestSupport
import CarouselText

/// 100,000 lines as `ls -lR` prints them (about 60 bytes each; a directory heading every 40
/// lines), with names made of common words, "needle" among them.
enum Listing {
    static let count = 100_000

    static let cards: CardList = {
        var rng = SeededGenerator(seed: 2_024)
        let words = ["main", "index", "needle", "thread", "haystack", "notes", "readme", "config", "build", "test",
                     "view", "model", "search", "neon", "network", "nested", "needs", "node", "nearby", "Needle",
                     "carousel", "card", "deck", "layout", "spring", "canvas", "theme", "style", "help", "zoom"]
        let extensions = ["swift", "md", "txt", "json", "c", "h", "png", "jpg"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func word() -> String { words[Int.random(in: 0..<words.count, using: &rng)] }
        var cards: [Card] = []
        cards.reserveCapacity(count)
        for i in 0..<count {
            let line: String
            if i % 40 == 0 {
                line = "./Sources/\(word())/\(word()):"
            } else {
                let size = Int.random(in: 0..<1_000_000, using: &rng)
                let month = months[Int.random(in: 0..<12, using: &rng)]
                let day = Int.random(in: 1...28, using: &rng)
                let time = "\(Int.random(in: 10...23, using: &rng)):\(Int.random(in: 10...59, using: &rng))"
                let name = "\(word())_\(word())_\(i).\(extensions[Int.random(in: 0..<extensions.count, using: &rng)])"
                line = "-rw-r--r--  1 mira  staff  \(size) \(month) \(day) \(time) \(name)"
            }
            cards.append(Card(id: line, title: line, content: .text(TextDocument(plainText: line))))
        }
        return CardList(cards)
    }()

    /// A search whose text cache is full (one query has run), keeping `recentResults` results.
    static func warmSearch(recentResults: Int) -> CardSearch {
        let search = CardSearch(cards: cards, execution: .inline, budget: .init(recentResults: recentResults))
        search.find("warm-up")
        precondition(search.latest?.isComplete == true)
        return search
    }
}

let benchmarks: @Sendable () -> Void = {
    let keystroke = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        warmupIterations: 3, maxDuration: .seconds(5), maxIterations: 300)

    // A new search each time: every card's text read from the provider, lowercased and cached.
    Benchmark("search/cold/100k-lines/n",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds,
                                   warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)) { (benchmark: Benchmark, cards: CardList) in
        for _ in benchmark.scaledIterations {
            let search = CardSearch(cards: cards, execution: .inline)
            search.find("n")
            blackHole(search.latest?.matches.count)
        }
    } setup: {
        Listing.cards
    }

    // What the cold search spends in the provider alone: every card's search text, made.
    Benchmark("search/cold/100k-lines/provider-only",
              configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds,
                                   warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)) { (benchmark: Benchmark, cards: CardList) in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for i in 0..<cards.count { bytes += cards.searchText(at: i, fileName: false).utf8.count }
            blackHole(bytes)
        }
    } setup: {
        Listing.cards
    }

    // Typing "needle": each sample is one keystroke, the query before it having just completed (one
    // recent result kept, so that it is not the keystroke's own answer from the sample before).
    let typed = "needle"
    for length in 1...typed.count {
        let query = String(typed.prefix(length))
        let before = length == 1 ? "zz" : String(typed.prefix(length - 1))
        Benchmark("search/type/100k-lines/\(query)", configuration: keystroke) { (benchmark: Benchmark, search: CardSearch) in
            search.find(before)
            benchmark.startMeasurement()
            search.find(query)
            benchmark.stopMeasurement()
            precondition(search.latest?.query == query && search.latest?.isComplete == true)
            blackHole(search.latest?.matches.count)
        } setup: {
            Listing.warmSearch(recentResults: 1)
        }
    }

    // Backspace from "needle" to "needl": answered from the recent results, or (none kept) a
    // rescan of the cached text.
    Benchmark("search/backspace/100k-lines/recent", configuration: keystroke) { (benchmark: Benchmark, search: CardSearch) in
        search.find("needl")
        search.find("needle")
        benchmark.startMeasurement()
        search.find("needl")
        benchmark.stopMeasurement()
        blackHole(search.latest?.matches.count)
    } setup: {
        Listing.warmSearch(recentResults: 8)
    }
    Benchmark("search/backspace/100k-lines/rescan", configuration: keystroke) { (benchmark: Benchmark, search: CardSearch) in
        search.find("needle")
        benchmark.startMeasurement()
        search.find("needl")
        benchmark.stopMeasurement()
        blackHole(search.latest?.matches.count)
    } setup: {
        Listing.warmSearch(recentResults: 1)
    }

    // A capital: case-sensitive, scanning the text as written (its own cache, filled by the warm-up).
    Benchmark("search/type/100k-lines/Needle-rescan", configuration: keystroke) { (benchmark: Benchmark, search: CardSearch) in
        search.find("zz")
        benchmark.startMeasurement()
        search.find("Needle")
        benchmark.stopMeasurement()
        blackHole(search.latest?.matches.count)
    } setup: {
        let search = Listing.warmSearch(recentResults: 1)
        search.find("Warm-up")
        return search
    }
}
