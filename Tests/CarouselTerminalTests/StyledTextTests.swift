import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender
@testable import CarouselTerminal
import Foundation
import Testing

/// The same screen at every colour depth, as the terminal would be told to draw it.
@Suite struct StyledTextTests {
    let deck = CardList([
        Card(title: "Red", subtitle: "one", art: [" /\\ ", "(oo)", " \\/ "], accent: RGB(0xE0, 0x6C, 0x75)),
        Card(title: "Green", subtitle: "two", art: [" __ ", "[##]", " -- "], accent: RGB(0x7C, 0xC4, 0x6A)),
        Card(title: "Blue", subtitle: "three", art: [" .. ", "(@@)", " '' "], accent: RGB(0x61, 0xAF, 0xEF)),
    ])

    func screen(depth: ColorDepth) -> [String] {
        var state = CarouselState(count: 3, start: 1, style: .ring, loop: true)
        state.send(.toggleMode)
        while state.isAnimating { state.send(.tick(1.0 / 60)) }
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: depth != .none))
        var canvas = Canvas(width: 44, height: 16)
        _ = scene.render(state, deck: deck, into: &canvas)
        return StyledText.lines(canvas, depth: depth)
    }

    @Test(arguments: ColorDepth.allCases)
    func everyDepth(depth: ColorDepth) {
        let lines = screen(depth: depth)
        let name = "colors-\(depth.rawValue)"
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name).txt")
        let text = lines.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["RECORD"] == "1" {
            try? text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try? String(contentsOf: file, encoding: .utf8)
        #expect(expected == text, "\(name).txt differs; actual:\n\(text)")
    }

    @Test func depthsUseTheirOwnCodes() {
        let truecolor = screen(depth: .truecolor).joined()
        let palette = screen(depth: .palette256).joined()
        let eight = screen(depth: .eight).joined()
        let none = screen(depth: .none).joined()
        #expect(truecolor.contains("38;2;124;196;106"), "the front card's accent, exactly")
        #expect(palette.contains(";38;5;") && !palette.contains("38;2;"))
        #expect(eight.contains(";31") && !eight.contains("38;5;") && !eight.contains("38;2;"))
        #expect(!none.contains(";3") && !none.contains(";9"), "no colour codes without colour")
        #expect(none.contains("«0;2»"), "dim marks faded cards without colour")
    }
}
