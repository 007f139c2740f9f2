import CarouselCanvas
import CarouselCore
import CarouselDecks
import CarouselRender
import Testing

/// A few portraits of the built-in deck at several scales and blur levels, side by side.
@Suite struct ArtGoldenTests {
    let cards = try! DeckLoader.builtin().cards

    func sheet(_ names: [String], _ variants: [(label: String, scale: Double, blur: Double)]) -> [String] {
        var lines: [String] = []
        for name in names {
            let card = cards.first { $0.title == name }!
            let art = ArtGrid(lines: card.lines)
            var blocks: [[String]] = []
            for v in variants {
                let w = max(1, Int((Double(art.width) * v.scale).rounded()))
                let h = max(1, Int((Double(art.height) * v.scale).rounded()))
                var grid = art.resampled(width: w, height: h)
                if v.blur > 0 { grid = grid.blurred(v.blur, ramp: Glyphs.unicode.ramp) }
                var block = ["\(name) \(v.label)"]
                for y in 0..<grid.height { block.append(String((0..<grid.width).compactMap { grid[$0, y] })) }
                blocks.append(block)
            }
            let height = blocks.map(\.count).max()!
            let widths = blocks.map { $0.map { CharacterWidth.of($0) }.max()! + 3 }
            for row in 0..<height {
                var line = ""
                for (i, block) in blocks.enumerated() {
                    let cell = row < block.count ? block[row] : ""
                    line += cell + String(repeating: " ", count: widths[i] - CharacterWidth.of(cell))
                }
                lines.append(String(line.reversed().drop { $0 == " " }.reversed()))
            }
            lines.append("")
        }
        return lines
    }

    @Test func scales() {
        assertGolden(sheet(["Mira", "Otto", "Ines", "Silas"], [("0.3x", 0.3, 0), ("0.5x", 0.5, 0), ("1x", 1, 0), ("1.5x", 1.5, 0)]), named: "art-scales")
    }

    @Test func blurLevels() {
        assertGolden(sheet(["Mira", "Otto", "Kofi"], [("sharp", 1, 0), ("blur 0.25", 1, 0.25), ("0.5", 1, 0.5), ("0.75", 1, 0.75), ("1", 1, 1)]), named: "art-blur")
    }
}
