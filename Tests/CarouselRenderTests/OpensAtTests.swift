@testable import CarouselRender
import CarouselCanvas
import CarouselCards
import CarouselText
import Synchronization
import Testing

/// Where a text card on the strip opens while a search is on (`CellCache.firstShown`).
@Suite struct OpensAtTests {
    /// A card of any height from three rows shows its first match (a card of three rows shows one
    /// line: the review found it opened on the line above the match), and the text is searched
    /// once for its width, not again for every height a card passes through in Scaled mode.
    @Test func everyHeightShowsTheMatchAndTheTextIsSearchedOncePerWidth() {
        var lines = (1...20).map { "row \($0)" }
        lines[8] = "the needle"
        let card = Card(id: "n", title: "n", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))
        guard case .text(let document) = card.content else { return }
        let calls = Mutex(0)
        let seek = CardPainter.Seek(find: { characters in
            calls.withLock { $0 += 1 }
            return String(characters).contains("needle") ? [0..<1] : []
        }, generation: 1)
        var cache = CellCache()
        for width in [20, 12] {
            calls.withLock { $0 = 0 }
            for height in 3...14 {
                let first = cache.firstShown(document, of: card, index: 0, width: width, height: height, title: false, ascii: false, seek: seek)
                let all = TextLayout.lines(for: document, width: width, cellWidth: CharacterWidth.of)
                let shown = TextLayout.fit(lines: all, from: first, height: height, width: width)
                #expect(shown.contains { $0.text.contains("needle") }, "\(width) x \(height): opens at \(first): \(shown.map(\.text))")
            }
            // (Each line up to the match is sought in, and with the next line joined to it: a match split by the wrap.)
            #expect(calls.withLock { $0 } <= 2 * 9, "\(width): the text searched once (up to its match), not once per height")
        }
    }
}
