import CarouselCards
import CarouselSearch
import CarouselTestSupport
import Testing

/// Whatever path a search takes (a full scan, narrowing from a recent query, a result reused, the
/// text cache full or empty), its answer is the one a plain scan of the deck gives.
@Suite struct NarrowingPropertyTests {
    static let alphabet = Array("abcAB éÉü\n")

    static func randomText(_ rng: inout SeededGenerator, length: Int) -> String {
        String((0..<length).map { _ in alphabet[rng.below(alphabet.count)] })
    }

    @Test(arguments: 1...24 as ClosedRange<UInt64>)
    func typingAndBackspacingGiveWhatAFullScanGives(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        // Titles and lines from the query's own letters, empty ones included, so that queries
        // also occur across the seam of two cards' texts, where they must not match.
        let cards = CardList((0..<rng.below(300)).map { _ in
            let title = Self.randomText(&rng, length: rng.below(8)).filter { $0 != "\n" }
            return Card(title: title, art: Self.randomText(&rng, length: rng.below(40)).split(separator: "\n").map(String.init))
        })
        let budgets = [0, 256, 2_048, 64 << 20]
        let search = CardSearch(cards: cards, execution: .inline,
                                budget: .init(textBytes: budgets[rng.below(budgets.count)], recentResults: 1 + rng.below(8)))
        let letters = Array("abcAB éÉüeu")  // (e and u: plain queries that find é and ü)
        var query = ""
        for _ in 0..<40 {
            switch rng.below(10) {
            case 0..<6: query.append(letters[rng.below(letters.count)])
            case 6..<9: if !query.isEmpty { query.removeLast() }
            default: query = ""
            }
            search.find(query)
            let result = search.latest
            #expect(result?.query == query)
            #expect(result?.isComplete == true)
            #expect(result?.matches == TestDecks.expected(query, in: cards), "seed \(seed), query \(query.debugDescription)")
        }
    }
}
