import CarouselCore
@testable import CarouselRender
import Testing

@Suite struct ChromeTests {
    @Test func segmentedControlMarksTheActiveSegment() {
        #expect(Chrome.segmentedControl(.normal, glyphs: .unicode).text == "[Normal]│ Scaled ")
        #expect(Chrome.segmentedControl(.scaled, glyphs: .ascii).text == " Normal |[Scaled]")
        #expect(Chrome.segmentedControl(.scaled, glyphs: .ascii).active == 9..<17)
    }

    @Test func dotsShowOnePerCardAndElideBigDecks() {
        #expect(Chrome.dots(count: 4, active: 1, width: 40, glyphs: .unicode) == "○ ● ○ ○")
        let big = Chrome.dots(count: 500, active: 250, width: 40, glyphs: .unicode)
        #expect(CharacterWidth.of(big) <= 40)
        #expect(big.hasPrefix("…") && big.hasSuffix("…") && big.contains("●"))
        let start = Chrome.dots(count: 500, active: 0, width: 40, glyphs: .ascii)
        #expect(start.hasPrefix("@") && start.hasSuffix("..."))
    }

    @Test func truncationCountsColumns() {
        #expect(Chrome.truncate("Portraits", to: 5, glyphs: .unicode) == "Port…")
        #expect(Chrome.truncate("日本語です", to: 5, glyphs: .unicode) == "日本…")
        #expect(Chrome.truncate("ok", to: 5, glyphs: .ascii) == "ok")
    }

    @Test func tooSmallScreensSaySoInTheRoomThereIs() {
        for (w, h) in [(1, 1), (5, 2), (12, 3), (40, 6)] {
            var canvas = Canvas(width: w, height: h)
            var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
            _ = scene.render(CarouselState(count: 3), deck: CardList([Card(title: "a", art: ["x"])]), into: &canvas)
            let text = canvas.lines().joined()
            #expect(canvas.lines().count == h)
            #expect(text.contains("Too small") || text.contains("too small") || text.contains("Small") || text.contains("!"))
        }
    }
}

@Suite struct HitTestTests {
    @Test func clicksFindTheTopmostCardAndTheSegments() {
        let deck = CardList((0..<9).map { Card(title: "c\($0)", art: ["#"]) })
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
        var canvas = Canvas(width: 100, height: 30)
        _ = scene.render(CarouselState(count: 9, start: 4), deck: deck, into: &canvas)
        #expect(scene.hitTest(x: 50, y: 15) == .card(index: 4, slots: 0))
        #expect(scene.hitTest(x: 50 + 23, y: 17) == .card(index: 5, slots: 1))
        #expect(scene.hitTest(x: 50 - 46, y: 19) == .card(index: 2, slots: -2))
        let line = canvas.lines()[0]
        let scaledColumn = CharacterWidth.of(String(line[..<line.firstRange(of: "Scaled")!.lowerBound]))
        #expect(scene.hitTest(x: scaledColumn, y: 0) == .segment(.scaled))
        #expect(scene.hitTest(x: 0, y: 29) == nil)
    }
}
