import CarouselApp
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselPictures
import CarouselRender
import CarouselTerminal
import Foundation
import Testing

/// Picture cards on the screen: a placeholder until the picture is converted (off the frame
/// path), then the picture, converted again for every size it is shown at.
@Suite struct PictureCardTests {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
    static let fixtures = root + "/Tests/CarouselPicturesTests/Fixtures"
    static let examples = root + "/Assets/examples/pictures"

    /// Three small pictures made by the tests' fixture script: left red, right blue.
    static let splits = CardList(["split.png", "split.jpg", "split.bmp"].map { name in
        Card(id: fixtures + "/" + name, title: name, content: .image(PictureFile(path: fixtures + "/" + name)), accent: RGB(hex: "#E06C75"))
    })

    /// The example pictures, as a user opens them.
    static var examplesDeck: CardList {
        let deck = try! DeckLoader.load(paths: [examples], options: LoadOptions(checkPicture: AppPictures.check))
        return CardList(deck.cards)
    }

    static func isRed(_ color: CarouselCanvas.Color) -> Bool {
        if case .rgb(let c) = color { return c.r > 150 && c.g < 100 && c.b < 100 }
        return false
    }

    static func isBlue(_ color: CarouselCanvas.Color) -> Bool {
        if case .rgb(let c) = color { return c.b > 150 && c.r < 100 && c.g < 100 }
        return false
    }

    /// Cells of the canvas showing the red or the blue of a split picture.
    static func pictureCells(_ canvas: Canvas) -> (red: Int, blue: Int) {
        var red = 0, blue = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let style = canvas[x, y].style
                if isRed(style.background) || (isRed(style.foreground) && canvas[x, y].firstScalar == 0x2588) { red += 1 }
                if isBlue(style.background) || (isBlue(style.foreground) && canvas[x, y].firstScalar == 0x2588) { blue += 1 }
            }
        }
        return (red, blue)
    }

    @Test func aPlaceholderShowsUntilThePictureIsReadyThenTheWakeUpBringsIt() {
        let pilot = Pilot(deck: Self.splits, width: 100, height: 30, pictures: .manual)
        // Nothing converted yet: the active card shows its title on a soft box, and no picture.
        let before = pilot.screen
        let title = Self.splits.cards[pilot.state.activeIndex].title
        // The placeholder's title, in the middle of the card (not the one on its frame).
        func placeholder(_ screen: [String]) -> Bool { screen.contains { $0.contains("   \(title)   ") } }
        #expect(placeholder(before), "the placeholder names the card: \(before.joined(separator: "\n"))")
        #expect(Self.pictureCells(pilot.canvas) == (0, 0))
        #expect(pilot.terminal.frames > 0)

        // A worker finishes: it wakes the loop, which draws the picture, with no key pressed.
        let frames = pilot.terminal.frames
        pilot.pictures.runPending()
        pilot.wait(0.05)
        #expect(pilot.terminal.frames > frames, "the wake-up brought a frame")
        let cells = Self.pictureCells(pilot.canvas)
        #expect(cells.red > 20 && cells.blue > 20, "\(cells)")
        #expect(!placeholder(pilot.screen), "the picture took the placeholder's place: \(pilot.screen.joined(separator: "\n"))")
    }

    @Test func scaledModeAndZoomConvertThePictureAgainLargerRatherThanEnlargeIt() {
        let pilot = Pilot(deck: Self.splits, width: 120, height: 40)
        let normal = Self.pictureCells(pilot.canvas)
        pilot.press(.tab)
        let scaled = Self.pictureCells(pilot.canvas)
        pilot.press(.enter)
        let zoomed = Self.pictureCells(pilot.canvas)
        #expect(normal.red > 0 && scaled.red > normal.red && zoomed.red > scaled.red, "\(normal) \(scaled) \(zoomed)")
        // Every one of those a conversion of its own, at its own size.
        #expect(pilot.pictures.usage.tiles >= 3)
        // The zoomed picture is as sharp as the small one: red and blue meet at one column per row.
        let canvas = pilot.canvas
        var rowsSeen = 0
        for y in 5..<30 {
            let row = (0..<canvas.width).map { canvas[$0, y].style.background }
            let reds = row.enumerated().filter { Self.isRed($0.element) }.map(\.offset)
            let blues = row.enumerated().filter { Self.isBlue($0.element) }.map(\.offset)
            guard let lastRed = reds.last, let firstBlue = blues.first else { continue }
            rowsSeen += 1
            #expect(firstBlue - lastRed <= 2, "row \(y): red ends at \(lastRed), blue starts at \(firstBlue)")
        }
        #expect(rowsSeen >= 10, "the zoomed picture spans the rows looked at")
    }

    /// A picture whose header looked right when the deck opened but that is cut short is found
    /// broken only when decoded: its card leaves the strip, the status line counts it as skipped
    /// and says which, and standard error names it after the program, as for a file skipped at open.
    @Test(arguments: [false, true])
    func aPictureFoundBrokenWhenDecodedIsSkipped(byWorker: Bool) throws {
        let directory = NSTemporaryDirectory() + "carousel-picture-cards-\(getpid())-\(byWorker ? "w" : "i")"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/split.png"))
        let cut = directory + "/cut.png"
        try whole.prefix(60).write(to: URL(fileURLWithPath: cut))
        let good = Self.splits.cards
        let deck = CardList([good[0], Card(id: cut, title: "cut", content: .image(PictureFile(path: cut))), good[1]])
        let pilot = Pilot(deck: deck, width: 100, height: 30, pictures: byWorker ? .manual : .inline)
        if byWorker {
            #expect(pilot.state.count == 3, "not decoded yet: still a card")
            pilot.pictures.runPending()
            pilot.wait(0.05)
        }
        #expect(pilot.state.count == 2)
        let status = pilot.screen.last ?? ""
        #expect(status.contains("1/2 (1 skipped)"), "\(status)")
        #expect(status.contains("skipped cut.png: "), "its name, not its whole path (helper-13): \(status)")
        #expect(!pilot.screen.contains { $0.contains("╰ cut ") }, "its card is gone")
        #expect(pilot.terminal.reports.count == 1)
        #expect(pilot.terminal.reports.first?.hasPrefix("carousel: skipped \(cut): ") == true, "\(pilot.terminal.reports)")
        pilot.press(.right)
        #expect(pilot.model.activeDeckIndex == 2, "the next card is the one after it")
        // The search counts the cards shown: the one left out is not found, nor counted.
        pilot.press(.character("/"))
        pilot.type("cut")
        #expect(pilot.screen.last?.hasSuffix("no match ") == true, "\(pilot.screen.last ?? "")")
        pilot.press(.backspace, .backspace, .backspace)
        #expect(pilot.screen.last?.hasSuffix(" 2 cards ") == true, "\(pilot.screen.last ?? "")")
    }

    /// The worker finds broken pictures one at a time: the status line names every one found
    /// while it says so (it named the last alone), in plain words; the decoder's own (libjpeg's
    /// "Improper call to JPEG library in state 201") go to standard error only.
    @Test func brokenPicturesFoundOneByOneAreNamedTogetherInPlainWords() throws {
        let directory = NSTemporaryDirectory() + "carousel-picture-cards-\(getpid())-plain"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/split.png"))
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/split.jpg"))
        let cuts = [directory + "/a.png", directory + "/b.jpg"]
        try png.prefix(60).write(to: URL(fileURLWithPath: cuts[0]))
        try jpeg.prefix(100).write(to: URL(fileURLWithPath: cuts[1]))
        let good = Self.splits.cards
        let deck = CardList([good[0]] + cuts.map { Card(id: $0, title: "cut", content: .image(PictureFile(path: $0))) } + [good[1]])
        let pilot = Pilot(deck: deck, width: 100, height: 30, pictures: .manual)
        var statuses: [String] = []
        for _ in 0..<40 where pilot.terminal.reports.count < 2 {
            let before = pilot.terminal.reports.count
            pilot.pictures.runPending(upTo: 1)
            pilot.wait(0.02)
            if pilot.terminal.reports.count > before { statuses.append(pilot.screen.last ?? "") }
        }
        try #require(statuses.count == 2, "found one at a time: \(statuses), \(pilot.terminal.reports)")
        let names = ["a.png", "b.jpg"]
        let first = names.first { statuses[0].contains("skipped \($0): damaged or truncated picture ") }
        #expect(first != nil, "\(statuses[0])")
        // In the deck's order, whichever was found first (helper-92 read them backwards).
        #expect(statuses[1].contains("skipped 2 pictures that could not be read: a.png, b.jpg"), "\(statuses[1])")
        #expect(!statuses[1].contains(directory), "\(statuses[1])")
        #expect(!statuses.contains { $0.contains("JPEG") }, "\(statuses)")
        #expect(pilot.terminal.reports.contains { $0.hasPrefix("carousel: skipped \(cuts[1]): damaged or truncated picture: ") && $0.contains("JPEG") },
                "the decoder's words on standard error: \(pilot.terminal.reports)")
        // A key clears the message (and the list it names); so does the wheel (helper-92: it
        // stayed through every click and turn, the card's number never shown), not a release.
        pilot.send(.mouse(MouseEvent(kind: .release, x: 5, y: 5)))
        #expect((pilot.screen.last ?? "").contains("could not be read"), "\(pilot.screen.last ?? "")")
        pilot.wheel(up: false, x: 50, y: 15)
        #expect(!(pilot.screen.last ?? "").contains("could not be read"), "\(pilot.screen.last ?? "")")
        #expect((pilot.screen.last ?? "").contains("/2"), "\(pilot.screen.last ?? "")")
    }

    /// Two broken pictures side by side, converted at once (`--render`): both leave the strip, as
    /// in the program, where a worker's wake-up leaves out the second (`--render` drew it as its
    /// error message, "8/8 (2 skipped)" where the program said "7/7 (3 skipped)").
    @Test func twoBrokenPicturesSideBySideBothLeaveTheStrip() throws {
        let directory = NSTemporaryDirectory() + "carousel-picture-cards-\(getpid())-two"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/split.png"))
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/split.jpg"))
        let cuts = [directory + "/cut.png", directory + "/cut.jpg"]
        try png.prefix(60).write(to: URL(fileURLWithPath: cuts[0]))
        try jpeg.prefix(jpeg.count / 2).write(to: URL(fileURLWithPath: cuts[1]))
        let good = Self.splits.cards
        let deck = CardList([good[0], good[1], good[2]] + cuts.map { Card(id: $0, title: "cut", content: .image(PictureFile(path: $0))) })
        let run = HeadlessRenderer.run(deck: deck, options: AppOptions(), width: 100, height: 30, keys: [.key(.character("5"))],
                                       time: nil, glyphs: .unicode)
        #expect(run.reports.count == 2, "both named: \(run.reports)")
        #expect(!run.canvas.lines().contains { $0.contains("damaged") && $0.contains("│") }, "no card drawn as its error: \(run.canvas.lines())")
    }

    /// Every picture of the deck broken: the screen says so, not that a search found nothing
    /// ("No card matches." and "Esc every card", with no search on).
    @Test func aDeckOfBrokenPicturesSaysSo() throws {
        let directory = NSTemporaryDirectory() + "carousel-picture-cards-\(getpid())-all"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/split.png"))
        let cut = directory + "/cut.png"
        try whole.prefix(60).write(to: URL(fileURLWithPath: cut))
        let pilot = Pilot(deck: CardList([Card(id: cut, title: "cut", content: .image(PictureFile(path: cut)))]), width: 100, height: 30)
        pilot.wait(0.1)
        #expect(pilot.screen.contains { $0.contains("No card to show: no picture of the deck could be read.") }, "\(pilot.screen)")
        pilot.press(.character("x"))
        let status = pilot.screen.last ?? ""
        // (No card left, one skipped: "0 of 1 (1 skipped)" read as a search that found none of
        // one, and with a file skipped at load too, "0 of 1 (2 skipped)"; helper-35.)
        #expect(status.hasPrefix(" 0/0 (1 skipped)") && status.hasSuffix("q quit "), "\(status)")
        // Enter with --pick says why there is nothing to pick, not that a search matches none.
        let picking = Pilot(deck: CardList([Card(id: cut, title: "cut", content: .image(PictureFile(path: cut)))]), options: {
            var options = AppOptions()
            options.pick = true
            return options
        }(), width: 100, height: 30)
        picking.wait(0.1)
        picking.press(.enter)
        #expect(picking.outcome == nil && (picking.screen.last ?? "").contains("No card to pick: no picture of the deck could be read."),
                "\(picking.screen.last ?? "")")
    }

    @Test(arguments: StyleKind.allCases, Mode.allCases)
    func theASCIILookDrawsPicturesInSevenBits(style: StyleKind, mode: Mode) {
        var options = AppOptions()
        options.style = style
        options.mode = mode
        for color in [ColorChoice.never, .palette256, .truecolor] {
            options.color = color
            let screen = HeadlessRenderer.render(deck: Self.splits, options: options, width: 100, height: 30, keys: [],
                                                 time: nil, glyphs: .ascii, usesColor: color != .never)
            let zoomed = HeadlessRenderer.render(deck: Self.splits, options: options, width: 100, height: 30,
                                                 keys: [.key(.enter)], time: nil, glyphs: .ascii, usesColor: color != .never)
            for line in screen + zoomed {
                #expect(line.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, "\(style) \(mode) \(color): \(line)")
            }
            #expect(!(screen.joined().filter { "#@%$&8".contains($0) }.isEmpty), "the pictures are drawn: \(screen.joined(separator: "\n"))")
        }
    }

    /// The example pictures as a user sees them, in colour as a terminal would be sent it.
    @Test(arguments: [(80, 24), (120, 36)], [ColorDepth.palette256, .sixteen])
    func goldenExamplePictures(size: (Int, Int), depth: ColorDepth) {
        var options = AppOptions()
        options.color = depth == .palette256 ? .palette256 : .sixteen
        let canvas = HeadlessRenderer.canvas(deck: Self.examplesDeck, options: options, width: size.0, height: size.1,
                                             keys: [], time: nil, glyphs: .unicode)
        assertGolden(StyledText.lines(canvas, depth: depth), named: "pictures-\(size.0)x\(size.1)-\(depth.rawValue)")
    }

    @Test func theExamplePicturesAreADeckOfPictures() {
        let deck = Self.examplesDeck
        #expect(deck.count >= 4)
        for card in deck.cards {
            guard case .image = card.content else {
                Issue.record("\(card.title) is not a picture")
                continue
            }
        }
    }
}
