import CarouselApp
import CarouselCards
import CarouselDecks
import CarouselRender
import Foundation
import Testing

/// The built-in portraits come in two sizes (`Mira.txt`, `Mira@2x.txt`): a card shown large is
/// drawn from the large size, never the small one spread thin.
@Suite struct ArtVariantScreenTests {
    let deck = CardList(try! DeckLoader.builtin().cards)

    static func file(_ name: String) throws -> [String] {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/deck")
        return try String(contentsOf: assets.appendingPathComponent(name), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The zoomed card's interior, one string per row (between the frame's sides).
    func zoomed(width: Int, height: Int) -> [String] {
        let screen = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: width, height: height,
                                             keys: try! HeadlessRenderer.parseKeys("enter").get(), time: nil, glyphs: .unicode)
        guard let top = screen.firstIndex(where: { $0.hasPrefix("╭") }), let bottom = screen.firstIndex(where: { $0.hasPrefix("╰") }) else { return [] }
        return screen[(top + 1)..<bottom].map { String($0.dropFirst().prefix(width - 2)) }
    }

    static func trimmed(_ rows: [String]) -> [String] {
        rows.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }.filter { !$0.isEmpty }
    }

    /// `lines` drawn as large as fits in `box`, as the renderer resamples art.
    static func drawn(_ lines: [String], in box: (width: Int, height: Int)) -> [String] {
        let art = ArtGrid(lines: lines)
        let size = art.fittedSize(in: box)
        let grid = art.resampled(width: size.width, height: size.height)
        return (0..<grid.height).map { y in String((0..<grid.width).compactMap { grid[$0, y] }) }
    }

    @Test func aZoomedPortraitIsDrawnFromItsLargeSize() throws {
        let interior = zoomed(width: 120, height: 40)
        let box = (width: interior.first?.count ?? 0, height: interior.count)
        let large = try Self.file("Mira@2x.txt"), small = try Self.file("Mira.txt")
        let shown = Self.trimmed(interior)
        #expect(shown == Self.trimmed(Self.drawn(large, in: box)), "\(interior.joined(separator: "\n"))")
        #expect(shown != Self.trimmed(Self.drawn(small, in: box)))
        // The large size's own details: the brows over the eyes (the small size has none).
        #expect(shown.contains { $0.contains(".--..") && $0.contains("..--.") }, "\(shown)")
    }

    @Test func aZoomAsTallAsTheLargeSizeShowsItsLinesAsDrawn() throws {
        // 22 rows inside the frame: exactly the large size's height.
        let interior = zoomed(width: 120, height: 25)
        #expect(interior.count == 22)
        let large = try Self.file("Mira@2x.txt")
        #expect(Self.trimmed(interior) == Self.trimmed(large))
    }

    @Test func theScaledCentreCardShrinksTheLargeSize() throws {
        // At 100x30 the centre card in Scaled mode is 1.5x: more than the small size, less than the large one.
        let screen = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 100, height: 30,
                                             keys: try! HeadlessRenderer.parseKeys("tab").get(), time: nil, glyphs: .unicode)
        let text = screen.joined(separator: "\n")
        // The large size's brows and chin are there; the small size has neither.
        #expect(text.contains("| .-.    .-. |"), "\(text)")
        #expect(text.contains("'-____-'"), "\(text)")
    }
}
