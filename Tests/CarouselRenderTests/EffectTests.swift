import CarouselCanvas
import CarouselCards
import CarouselCore
@testable import CarouselRender
import Testing

@Suite struct EffectTests {
    let face = Card(title: "Face", art: [
        "    .-\"\"\"-.    ",
        "   /  _ _  \\   ",
        "  |  (o)(o) |  ",
        "  |    <    |  ",
        "   \\ '---' /   ",
        "    '-----'    ",
    ], accent: RGB(200, 80, 80))

    func paint(_ placement: CardPlacement, color: Bool) -> Canvas {
        var canvas = Canvas(width: 30, height: 12)
        var cache = CellCache()
        CardPainter(theme: Theme(glyphs: .unicode, usesColor: color))
            .paint(face, at: placement, active: true, cache: &cache, on: &canvas)
        return canvas
    }

    func placement(opacity: Double, blur: Double = 0) -> CardPlacement {
        CardPlacement(index: 0, frame: Rect(x: 0, y: 0, width: 20, height: 10), scale: 1, blur: blur, opacity: opacity, z: 0, progress: 0)
    }

    func ink(_ canvas: Canvas) -> Double {
        var total = 0.0
        for y in 1..<9 { for x in 1..<19 { total += Ink.of(canvas[x, y].glyph) } }
        return total
    }

    @Test func withoutColourFadedArtIsThinnerAndDim() {
        let opaque = paint(placement(opacity: 1), color: false)
        let faint = paint(placement(opacity: 0.4), color: false)
        #expect(ink(faint) < ink(opaque) * 0.7)
        #expect(faint[0, 0].style.attributes.contains(.dim))
        #expect(!opaque[0, 0].style.attributes.contains(.dim))
    }

    @Test func withColourFadedCardsBlendTowardTheBackground() {
        let opaque = paint(placement(opacity: 1), color: true)
        let faint = paint(placement(opacity: 0.4), color: true)
        #expect(opaque[0, 0].style.foreground == .rgb(RGB(200, 80, 80)))
        guard case .rgb(let c) = faint[0, 0].style.foreground else { Issue.record("expected a colour"); return }
        #expect(c.luminance < RGB(200, 80, 80).luminance)
        #expect(ink(faint) == ink(opaque), "with colour the glyphs stay; the colour fades")
    }

    @Test func fadedColoursComeFromASmallSet() {
        var colours = Set<Color>()
        for step in 50...1000 {
            let canvas = paint(placement(opacity: Double(step) / 1000), color: true)
            colours.insert(canvas[0, 0].style.foreground)
        }
        #expect(colours.count <= 17)
    }

    /// The stack's shadow falls on the cards behind: their frames and blanks become shade, their
    /// letters, digits and punctuation show through darkened (a shadow once made "empty" read "░░pty"),
    /// in the ASCII look too (where only the frame's `+ - |` become shade).
    @Test(arguments: [Glyphs.unicode, .ascii], [true, false])
    func aShadowDarkensLettersBehindItAndShadesTheRest(glyphs: Glyphs, color: Bool) {
        var canvas = Canvas(width: 30, height: 12)
        let behind = CellStyle(foreground: color ? .rgb(RGB(220, 220, 220)) : .default)
        // Text in columns 0-6 and 10-14, blanks in 7-9; a frame's side at columns 10 and 11 of row 4.
        let row = "ab.,!?7" + "   " + ".a,b'"
        for y in 0..<12 { canvas.text(row, x: 0, y: y, style: behind) }
        _ = canvas.put(glyphs.vertical, x: 10, y: 4, style: behind)
        _ = canvas.put(glyphs.vertical, x: 11, y: 4, style: behind)
        var cache = CellCache()
        let painter = CardPainter(theme: Theme(glyphs: glyphs, usesColor: color))
        // A layered card: its shadow takes columns 10 and 11 of rows 2-7, and row 7 from column 4 to 9.
        let placement = CardPlacement(index: 0, frame: Rect(x: 2, y: 1, width: 8, height: 6), scale: 1, blur: 0, opacity: 1, z: 0, progress: 0, look: .layered)
        painter.paint(face, at: placement, active: true, cache: &cache, on: &canvas)
        let shadow = glyphs.shadow
        for y in 2..<8 {
            for x in [10, 11] {
                let glyph = Array(row)[x]
                if y == 4 {
                    #expect(canvas[x, y].glyph == shadow, "the frame behind becomes shade")
                } else {
                    #expect(canvas[x, y].glyph == glyph, "\(glyph) stays under the shadow")
                    #expect(canvas[x, y].style != behind, "and is darkened")
                }
            }
        }
        for x in 4..<7 { #expect(canvas[x, 7].glyph == Array(row)[x], "text under the bottom shadow") }
        // Blanks become shade, but not one beside a letter (the space between two words stays a space).
        #expect(canvas[8, 7].glyph == shadow, "a blank between blanks under the bottom shadow becomes shade")
        for x in [7, 9] {
            #expect(canvas[x, 7].glyph == " ", "a blank beside a letter stays blank")
            #expect(canvas[x, 7].style != behind, "and is darkened")
        }
    }

    @Test func blurRemovesDetailProgressively() {
        let levels = [0.0, 2.5, 5, 7.5, 10].map { paint(placement(opacity: 1, blur: $0), color: false) }
        func distinctGlyphs(_ c: Canvas) -> Int { Set((1..<9).flatMap { y in (1..<19).map { c[$0, y].glyph } }).count }
        #expect(distinctGlyphs(levels[4]) <= distinctGlyphs(levels[0]))
        let sharpText = levels[0].lines().joined()
        #expect(sharpText.contains("(o)") || sharpText.contains("o)"), "sharp art keeps its eyes")
        #expect(!levels[4].lines().joined().contains("(o"), "fully blurred art keeps only soft shapes")
    }

    /// Wide glyphs (CJK, emoji) in art and titles, overlapped by other cards in every style, are
    /// never split: every row is exactly the screen's width and no continuation cell is orphaned.
    @Test(arguments: StyleKind.allCases)
    func wideGlyphsAreNeverSplit(style: StyleKind) {
        let cards = (0..<7).map { i in
            Card(title: "漢字カード\(i)🙂", subtitle: "幅広い", art: ["山川🙂木林森", "日本語の絵 \(i)", "🙂🙂🙂🙂🙂🙂🙂"], accent: nil)
        }
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: false))
        for position in stride(from: 0.0, through: 6, by: 0.37) {
            for width in [41, 60, 77] {
                var state = CarouselState(count: 7, style: style, loop: true)
                state.send(.jump(to: Int(position)))
                for _ in 0..<Int(position * 7) { state.send(.tick(0.013)) }
                var canvas = Canvas(width: width, height: 20)
                _ = scene.render(state, deck: CardList(cards), into: &canvas)
                for (y, line) in canvas.lines().enumerated() {
                    #expect(CharacterWidth.of(line) == width, "row \(y) at width \(width)")
                }
                for y in 0..<canvas.height {
                    for x in 0..<canvas.width where canvas[x, y].isContinuation {
                        #expect(x > 0 && canvas[x - 1, y].width == 2, "orphaned half of a wide glyph at \(x),\(y)")
                    }
                }
            }
        }
    }
}
