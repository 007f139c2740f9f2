import Foundation
import CarouselCards
import CarouselSearch
import CarouselText
import CarouselTestSupport
import Synchronization

/// Decks and instruments for the search tests.
enum TestDecks {
    /// One text card per string: titled `card N`, the string its text.
    static func cards(_ texts: [String]) -> CardList {
        CardList(texts.enumerated().map { i, text in
            Card(id: "\(i)", title: "card \(i)", content: .text(TextDocument(plainText: text)))
        })
    }

    /// What a search for `query` must find, worked out independently of the search: smart case by
    /// `isUppercase`, and `String.contains` on Characters.
    static func expected(_ query: String, in cards: any CardProvider) -> [Int] {
        guard !query.isEmpty else { return Array(0..<cards.count) }
        let sensitive = query.contains { $0.isUppercase }
        // A plain query in lower case ignores accents too (Foundation's folding, for the letters
        // these tests use).
        let plain = !sensitive && query.allSatisfy(\.isASCII)
        return (0..<cards.count).filter { i in
            let text = cards.searchText(at: i, fileName: query.contains("."))
            if plain { return text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).contains(query) }
            return sensitive ? text.contains(query) : text.lowercased().contains(query.lowercased())
        }
    }
}

/// A provider that counts the texts read, can take its time over each (a file deck's read), and
/// can issue a `find` when a given card is read (to supersede a scan midway).
final class InstrumentedDeck: CardProvider {
    let cards: CardList
    let delay: Duration
    let reads = Atomic<Int>(0)
    let trigger = Mutex<Trigger?>(nil)

    /// `search.find(query)` the first time card `index` is read.
    struct Trigger {
        var index: Int
        var search: CardSearch
        var query: String
    }

    init(_ cards: CardList, delay: Duration = .zero) {
        self.cards = cards
        self.delay = delay
    }

    var count: Int { cards.count }
    func card(at index: Int) -> Card { cards.card(at: index) }
    var namesFiles: Bool { cards.namesFiles }

    func searchText(at index: Int, fileName: Bool) -> String {
        reads.add(1, ordering: .relaxed)
        if delay > .zero {
            let clock = ContinuousClock()
            let until = clock.now + delay
            while clock.now < until {}
        }
        // Once only: the find it issues would otherwise supersede its own scan at each pass.
        let fired = trigger.withLock { trigger -> Trigger? in
            guard let due = trigger, due.index == index else { return nil }
            trigger = nil
            return due
        }
        fired?.search.find(fired!.query)
        return cards.searchText(at: index, fileName: fileName)
    }
}

/// Records every wake-up and what `latest` held at it.
final class WakeLog: Sendable {
    let search = Mutex<CardSearch?>(nil)
    let results = Mutex<[SearchResult]>([])
    let wakes = Atomic<Int>(0)

    var waker: @Sendable () -> Void {
        { [self] in
            wakes.add(1, ordering: .relaxed)
            if let result = search.withLock({ $0 })?.latest { results.withLock { $0.append(result) } }
        }
    }

    /// A search over `cards` whose wake-ups this log records.
    func search(_ cards: any CardProvider, _ execution: CardSearch.Execution,
                budget: CardSearch.Budget = CardSearch.Budget()) -> CardSearch {
        let made = CardSearch(cards: cards, execution: execution, budget: budget, waker: waker)
        search.withLock { $0 = made }
        return made
    }

    /// Breaks the cycle search -> waker -> log -> search.
    func close() { search.withLock { $0 = nil } }
}

extension SeededGenerator {
    /// A number in 0..<n.
    mutating func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &self) }
}
