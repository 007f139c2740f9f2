import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import Testing

/// Every style in Normal and Scaled mode, at rest and mid-motion, on the built-in deck at 100x30.
@Suite struct StyleGoldenTests {
    let deck = CardList(try! DeckLoader.builtin().cards)

    func screen(_ style: StyleKind, keys: String, time: Double? = nil, loop: Bool = false, size: (Int, Int) = (100, 30)) -> [String] {
        var options = AppOptions()
        options.style = style
        options.loop = loop
        return HeadlessRenderer.render(
            deck: deck, options: options, width: size.0, height: size.1,
            keys: try! HeadlessRenderer.parseKeys(keys).get(), time: time, glyphs: .unicode)
    }

    @Test(arguments: [StyleKind.stack, .ring, .lyrics])
    func normalAtRest(style: StyleKind) { assertGolden(screen(style, keys: ""), named: "\(style.rawValue)-normal") }

    @Test(arguments: StyleKind.allCases)
    func scaledAtRest(style: StyleKind) { assertGolden(screen(style, keys: "right,tab"), named: "\(style.rawValue)-scaled") }

    @Test(arguments: StyleKind.allCases)
    func midMotion(style: StyleKind) { assertGolden(screen(style, keys: "right,right", time: 0.15), named: "\(style.rawValue)-mid-motion") }

    @Test(arguments: StyleKind.allCases)
    func scaledMidMotion(style: StyleKind) {
        assertGolden(screen(style, keys: "tab,right,right", time: 0.15), named: "\(style.rawValue)-scaled-mid-motion")
    }

    @Test func loopWrapsFromTheFirstCardToTheLast() {
        assertGolden(screen(.arc, keys: "left", time: 0.15, loop: true), named: "arc-loop-wrap-mid-motion")
        let settled = screen(.arc, keys: "left", loop: true)
        #expect(settled[29].contains("20/20"))
    }

    @Test func ringWithoutColourThinsTheFaintCards() {
        var options = AppOptions()
        options.style = .ring
        options.loop = true
        let lines = HeadlessRenderer.render(deck: deck, options: options, width: 100, height: 30, keys: [], time: nil, glyphs: .unicode, usesColor: false)
        assertGolden(lines, named: "ring-no-colour")
        #expect(lines != screen(.ring, keys: "", loop: true), "faint cards look fainter without colour")
    }

    @Test func midStyleSwitch() { assertGolden(screen(.arc, keys: "right,s", time: 0.12), named: "arc-to-stack-mid-switch") }

    @Test func stackStartsOnTheSecondCard() {
        #expect(screen(.stack, keys: "")[29].contains("2/20"))
        var options = AppOptions()
        options.style = .stack
        options.start = 5
        let lines = HeadlessRenderer.render(deck: deck, options: options, width: 100, height: 30, keys: [], time: nil, glyphs: .unicode)
        #expect(lines[29].contains("5/20"))
    }

    @Test func digitsJumpAndTheStatusLineFollows() {
        #expect(screen(.arc, keys: "1,2")[29].contains("12/20"))
        #expect(screen(.ring, keys: "7", loop: true)[29].contains("7/20"))
        #expect(screen(.lyrics, keys: "end")[29].contains("20/20"))
    }
}
