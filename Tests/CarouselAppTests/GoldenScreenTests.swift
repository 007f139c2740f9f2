import CarouselApp
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import Foundation
import Testing

/// Golden screens of the built-in deck, through the same path as `--render`.
@Suite struct GoldenScreenTests {
    let deck = CardList(try! DeckLoader.builtin().cards)

    func screen(_ size: (Int, Int) = (100, 30), keys: String = "", time: Double? = nil, glyphs: Glyphs = .unicode, options: AppOptions = AppOptions()) -> [String] {
        HeadlessRenderer.render(
            deck: deck, options: options, width: size.0, height: size.1,
            keys: try! HeadlessRenderer.parseKeys(keys).get(), time: time, glyphs: glyphs)
    }

    @Test func startScreen() { assertGolden(screen(), named: "start") }

    @Test func afterTab() { assertGolden(screen(keys: "tab"), named: "after-tab") }

    @Test func afterRight() { assertGolden(screen(keys: "right"), named: "after-right") }

    @Test func midAnimation() { assertGolden(screen(keys: "right", time: 0.12), named: "mid-animation") }

    @Test func midTabAnimation() { assertGolden(screen(keys: "right,right,tab", time: 0.1), named: "mid-tab-animation") }

    @Test func ascii() { assertGolden(screen(keys: "right,tab", glyphs: .ascii), named: "ascii") }

    @Test func small() { assertGolden(screen((40, 12)), named: "small-40x12") }

    @Test func tiny() { assertGolden(screen((12, 3)), named: "tiny-12x3") }

    @Test func help() { assertGolden(screen(keys: "?"), named: "help") }
}

@Suite struct HeadlessRendererTests {
    let deck = CardList(try! DeckLoader.builtin().cards)

    @Test(arguments: [(1, 1), (2, 1), (20, 10), (100, 30), (250, 70), (7, 40)])
    func everySizeGivesExactlyThatManyLinesOfThatWidth(width: Int, height: Int) {
        let lines = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: width, height: height, keys: [.key(.right)], time: nil, glyphs: .unicode)
        #expect(lines.count == height)
        #expect(lines.allSatisfy { CharacterWidth.of($0) == width })
    }

    @Test func sameInputsGiveTheSameText() {
        let a = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 90, height: 28, keys: [.key(.right), .key(.tab), .key(.right)], time: 0.2, glyphs: .unicode)
        let b = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 90, height: 28, keys: [.key(.right), .key(.tab), .key(.right)], time: 0.2, glyphs: .unicode)
        #expect(a == b)
    }

    @Test func keysMoveTheCarouselAndTheStatusLineFollows() {
        let lines = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 100, height: 30, keys: [.key(.right), .key(.right), .key(.left), .key(.right)], time: nil, glyphs: .unicode)
        #expect(lines[29].contains("3/20"))
        #expect(lines[29].contains("Yuki"))
    }

    @Test func theVirtualClockShowsMotionInProgress() {
        let settled = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 100, height: 30, keys: [.key(.right)], time: nil, glyphs: .unicode)
        let moving = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 100, height: 30, keys: [.key(.right)], time: 0.1, glyphs: .unicode)
        let late = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 100, height: 30, keys: [.key(.right)], time: 5, glyphs: .unicode)
        #expect(moving != settled)
        #expect(late == settled)
    }

    @Test func asciiOutputIsSevenBit() {
        let lines = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 100, height: 30, keys: [.key(.tab), .key(.right)], time: 0.1, glyphs: .ascii)
        #expect(lines.joined().utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
    }

    @Test func keyAndSizeParsing() {
        #expect(HeadlessRenderer.parseSize("100x30")! == (100, 30))
        #expect(HeadlessRenderer.parseSize("0x30") == nil)
        #expect(HeadlessRenderer.parseSize("100") == nil)
        #expect((try? HeadlessRenderer.parseKeys("right,tab,q").get()) == [.key(.right), .key(.tab), .key(.character("q"))])
        #expect((try? HeadlessRenderer.parseKeys("click:40:12,wheel-up,wheel-down:3:4,drag:60:15:30:15,resize:80x24,:").get()) == [
            .click(x: 40, y: 12), .wheel(up: true, x: 0, y: 0), .wheel(up: false, x: 3, y: 4),
            .drag(x1: 60, y1: 15, x2: 30, y2: 15), .resize(width: 80, height: 24), .key(.character(":")),
        ])
        for wrong in ["click:40", "click:a:b", "drag:1:2:3", "resize:80", "wheel-up:3"] {
            #expect(throws: HeadlessRenderer.KeyNameError.self, "\(wrong)") { try HeadlessRenderer.parseKeys(wrong).get() }
        }
        #expect(throws: HeadlessRenderer.KeyNameError.self) { try HeadlessRenderer.parseKeys("right,nope").get() }
    }
}

/// The README shows a screen "exactly as --render prints it": keep it so.
@Suite struct ReadmeScreenTests {
    @Test func theReadmeScreenIsTheAfterTabGolden() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "exactly as `carousel --render 100x30 --keys tab` prints it (less the spaces that pad its rows to 100 columns):\n\n```\n"
        let start = try #require(readme.range(of: marker)).upperBound
        let end = try #require(readme.range(of: "\n```", range: start..<readme.endIndex)).lowerBound
        let shown = readme[start..<end].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let deck = CardList(try DeckLoader.builtin().cards)
        let actual = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 100, height: 30, keys: [.key(.tab)], time: nil, glyphs: .unicode)
        #expect(shown == actual.map { String($0.reversed().drop { $0 == " " }.reversed()) })
    }
}
