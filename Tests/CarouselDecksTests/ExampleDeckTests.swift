import CarouselCanvas
@testable import CarouselDecks
import Testing

/// The worked example under `Assets/examples/` (shown in the README) must load cleanly and keep
/// using every manifest feature.
@Suite struct ExampleDeckTests {
    static let path: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Assets/examples/lighthouse"
    }()

    @Test func theExampleDeckLoadsWithoutProblems() throws {
        let deck = try DeckLoader.load(paths: [Self.path])
        #expect(deck.problems == [])
        #expect(deck.name == "Lighthouse")
        #expect(deck.defaults == DeckDefaults(style: "arc", mode: "scaled", loop: true, start: 2))
        #expect(deck.cards.map(\.title) == ["Dawn", "The light", "2-harbour", "Storm", "Gull", "Night"])
        #expect(deck.cards[1].accent == RGB(0xE4, 0xE4, 0xE4))
        #expect(deck.cards[4].accent == nil)
        #expect(deck.cards[4].lines == ["   __   __", "  /  \\v/  \\"])
        #expect(deck.cards[5].lines.count == 3)
        #expect(deck.cards.allSatisfy { !$0.lines.isEmpty && offences(in: $0).isEmpty })
    }
}
