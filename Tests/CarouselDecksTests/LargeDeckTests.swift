import CarouselCards
@testable import CarouselDecks
import CarouselTestSupport
import Foundation
import Testing

/// A deck of 100,000 cards opens without reading a card, keeps a bounded number of cards prepared,
/// and reads a card only when it is asked for.
@Suite(.serialized) struct LargeDeckTests {
    static let size = 100_000

    static func name(_ index: Int) -> String { "card-" + String(repeating: "0", count: 6 - String(index).count) + String(index) }

    @Test func aDirectoryOfOneHundredThousandFilesOpensWithoutReadingThem() throws {
        let scratch = try Scratch()
        for index in 1...Self.size {
            scratch.write(Array("art of \(index)\n".utf8), named: Array((Self.name(index) + ".txt").utf8))
        }
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count == Self.size)
        #expect(deck.problems.isEmpty)
        #expect(deck.provider.artLoads == 0, "opening reads no card")
        #expect(deck.provider.title(at: Self.size - 1) == "card-100000")
        #expect(deck.provider.artLoads == 0, "a title needs no reading")

        #expect(deck.provider.card(at: 49_999).lines == ["art of 50000"])
        #expect(deck.provider.artLoads == 1)
        #expect(deck.provider.card(at: 49_999).title == "card-050000")
        #expect(deck.provider.artLoads == 1, "the second time comes from the cache")

        for index in 0..<1_000 { _ = deck.provider.card(at: index) }
        #expect(deck.provider.cachedCount <= LazyCardProvider.defaultCapacity)
        #expect(deck.provider.artLoads == 1_001)
    }

    @Test func aManifestOfOneHundredThousandCardsOpensWithoutPreparingThem() throws {
        let scratch = try Scratch()
        var text = #"{"name": "Big", "cards": ["#
        for index in 1...Self.size {
            text += ##"{"title": "Card \##(index)", "subtitle": "generated", "accent": "#336699", "art": ["  .--.  ", " ( \##(index % 10) ) ", "  '--'  "]},"##
            text += "\n"
        }
        text += #"{"title": "last", "art": "x"}]}"#
        scratch.write(text, to: "deck.json")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count == Self.size + 1)
        #expect(deck.provider.artLoads == 0)
        #expect(deck.provider.card(at: 12_344).lines == ["  .--.  ", " ( 5 ) ", "  '--'  "])
        #expect(deck.provider.card(at: Self.size).title == "last")
    }

    @Test func theProviderIsSafeToShareBetweenThreads() async throws {
        let deck = Deck(name: "many", cards: (0..<2_000).map { Card(title: "\($0)", art: ["\($0)"]) })
        let provider = deck.provider
        await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var generator = SeededGenerator(seed: UInt64(worker))
                    for _ in 0..<5_000 {
                        let index = Int.random(in: 0..<provider.count, using: &generator)
                        if provider.card(at: index).lines != ["\(index)"] { return false }
                    }
                    return true
                }
            }
            for await ok in group { #expect(ok) }
        }
        #expect(provider.cachedCount <= LazyCardProvider.defaultCapacity)
    }
}
