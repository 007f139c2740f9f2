import CarouselCards
@testable import CarouselDecks
import Testing

@Suite struct CardCacheTests {
    func card(_ title: String, bytes: Int = 1) -> Card {
        Card(title: title, art: [String(repeating: "x", count: bytes)])
    }

    @Test func theLeastRecentlyUsedCardGoesFirst() {
        var cache = CardCache(capacity: 3, byteBudget: .max)
        cache.insert(card("0"), at: 0)
        cache.insert(card("1"), at: 1)
        cache.insert(card("2"), at: 2)
        #expect(cache.card(at: 0)?.title == "0", "0 is now the most recent")
        cache.insert(card("3"), at: 3)
        #expect(cache.count == 3)
        #expect(cache.card(at: 1) == nil, "1 was the least recently used")
        #expect(cache.card(at: 0) != nil && cache.card(at: 2) != nil && cache.card(at: 3) != nil)
    }

    @Test func theByteBudgetBoundsBigCards() {
        let big = card("big", bytes: 10_000)
        var cache = CardCache(capacity: 100, byteBudget: 3 * CardCache.cost(of: big))
        for index in 0..<10 { cache.insert(big, at: index) }
        #expect(cache.count == 3)
        #expect(cache.bytes <= 3 * CardCache.cost(of: big))
        // A card bigger than the whole budget is still kept, alone, so the screen can show it.
        cache.insert(card("huge", bytes: 100_000), at: 99)
        #expect(cache.count == 1 && cache.card(at: 99)?.title == "huge")
    }

    @Test func insertingTheSameIndexAgainReplacesIt() {
        var cache = CardCache(capacity: 2, byteBudget: .max)
        cache.insert(card("a"), at: 0)
        cache.insert(card("b", bytes: 50), at: 0)
        #expect(cache.count == 1)
        #expect(cache.bytes == CardCache.cost(of: card("b", bytes: 50)))
        #expect(cache.card(at: 0)?.title == "b")
    }
}
