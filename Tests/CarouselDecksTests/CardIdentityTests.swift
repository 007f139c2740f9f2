@testable import CarouselDecks
import Testing

/// Every card knows where it came from: what a picker prints, and what caches are keyed by.
@Suite struct CardIdentityTests {
    func ids(_ deck: Deck) -> [String] { (0..<deck.provider.count).map { deck.provider.card(at: $0).id } }

    @Test func aDirectorysCardsAreTheirPaths() throws {
        let scratch = try Scratch()
        scratch.write(Array("a".utf8), named: Array("b.txt".utf8))
        scratch.write(Array("a".utf8), named: Array("a.txt".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(ids(deck) == [scratch.at("a.txt"), scratch.at("b.txt")])
        let named = try DeckLoader.load(paths: [scratch.at("b.txt")])
        #expect(ids(named) == [scratch.at("b.txt")])
    }

    @Test func aManifestsInlineCardsAreNumberedAndItsFileCardsArePaths() throws {
        let scratch = try Scratch()
        scratch.write(Array("x".utf8), named: Array("f.txt".utf8))
        scratch.write(Array(#"{"cards": [{"title": "A", "art": "o"}, {"file": "f.txt"}, {"title": "C", "art": "o"}]}"#.utf8), named: Array("deck.json".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(ids(deck) == [scratch.at("deck.json") + "#1", scratch.at("f.txt"), scratch.at("deck.json") + "#3"])
    }

    @Test func cardsFromStandardInputAreNumbered() throws {
        let deck = try DeckLoader.load(paths: ["-"], standardInput: { Array("one\n---\ntwo\n".utf8) })
        #expect(ids(deck) == ["standard input#1", "standard input#2"])
    }

    @Test func theBuiltInDecksCardsAreUniqueAndNamed() throws {
        let deck = try DeckLoader.load(paths: [])
        let all = ids(deck)
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { $0.hasPrefix("builtin:") })
    }
}
