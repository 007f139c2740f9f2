import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTerminal
import Testing

/// The interactive behaviours, driven in process through the same program loop as the terminal.
@Suite struct PilotTests {
    let deck = CardList(try! DeckLoader.builtin().cards)

    func status(_ pilot: Pilot) -> String { pilot.screen.last ?? "" }

    /// The column of the centre of the card `offset` slots right of the active one, on row `y`.
    func column(of text: String, in pilot: Pilot, row: Int) -> Int? {
        guard let range = pilot.screen[row].range(of: text) else { return nil }
        return pilot.screen[row].distance(from: pilot.screen[row].startIndex, to: range.lowerBound)
    }

    /// `--start` past the end starts on the last card and says so until the first key.
    @Test func startingPastTheEndSaysSo() {
        var options = AppOptions()
        options.start = 99
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 30)
        #expect(pilot.screen.last!.contains("\(deck.count)/\(deck.count)") && pilot.screen.last!.contains("no card 99: the deck has \(deck.count)"))
        pilot.press(.left)
        #expect(!pilot.screen.last!.contains("no card"))
    }

    @Test func clickingACardBringsItToTheCentreAndClickingASegmentSelectsIt() {
        let pilot = Pilot(deck: deck)
        #expect(status(pilot).contains("1/20"))
        // The right neighbour's box is to the right of the centre card, on the middle row.
        pilot.click(x: 80, y: 15)
        #expect(status(pilot).contains("2/20"), "\(status(pilot))")
        let scaled = try! #require(column(of: "Scaled", in: pilot, row: 0))
        pilot.click(x: scaled + 1, y: 0)
        #expect(pilot.screen[0].contains("[Scaled]"))
        #expect(pilot.state.mode == .scaled)
    }

    @Test func theWheelMovesOneCardPerNotch() {
        let pilot = Pilot(deck: deck)
        pilot.wheel(up: false)
        pilot.wheel(up: false)
        #expect(status(pilot).contains("3/20"))
        pilot.wheel(up: true)
        #expect(status(pilot).contains("2/20"))
    }

    @Test func aDragFollowsThePointerAndSnapsAndAFlingGoesFurther() {
        let slot = Int(ArcStyle().metrics(for: Scene.viewport(width: 100, height: 30), count: 20).cellsPerCard)
        let pilot = Pilot(deck: deck)
        // Mid-drag the strip follows the pointer exactly (no spring).
        pilot.terminal.schedule(.mouse(MouseEvent(kind: .press, x: 60, y: 15)))
        pilot.terminal.schedule(.mouse(MouseEvent(kind: .drag, x: 60 - slot / 2, y: 15)))
        pilot.wait(0.5)
        #expect(abs(pilot.state.position - 0.5) < 0.1, "position \(pilot.state.position) follows the pointer")
        pilot.terminal.schedule(.mouse(MouseEvent(kind: .drag, x: 60 - slot, y: 15)))
        pilot.wait(0.5)
        pilot.terminal.schedule(.mouse(MouseEvent(kind: .release, x: 60 - slot, y: 15)))
        pilot.wait(2)
        #expect(status(pilot).contains("2/20"), "a slow drag of one card's width snaps to the next card")
        // A quick drag (a fling) of the same width coasts on.
        pilot.drag(from: (60, 15), to: (60 - slot, 15))
        #expect(pilot.state.activeIndex > 2, "a fling goes further than it was dragged: \(status(pilot))")
        #expect(pilot.state.position == pilot.state.position.rounded())
    }

    @Test func helpOpensAndAnyKeyOrClickClosesItButQStillQuits() {
        let pilot = Pilot(deck: deck)
        pilot.press(.character("?"))
        #expect(pilot.screen.joined().contains("Keys"))
        pilot.press(.right)
        #expect(!pilot.screen.joined().contains("Keys") && status(pilot).contains("1/20"), "the key closed help and did nothing else")
        pilot.press(.character("?"))
        pilot.click(x: 5, y: 5)
        #expect(!pilot.screen.joined().contains("Keys"))
        pilot.press(.character("?"))
        pilot.press(.character("q"))
        #expect(pilot.outcome == .quit)
    }

    /// `o` says what it did in the status line (the top bar's "· loop" is easy to miss), until the next key.
    @Test func loopKeySaysWhatItDid() {
        let pilot = Pilot(deck: deck)
        pilot.press(.character("o"))
        #expect(status(pilot).contains("loop on") && pilot.screen[0].contains("loop"), "\(status(pilot))")
        pilot.press(.left)
        #expect(status(pilot).contains("20/20"), "looped to the last card: \(status(pilot))")
        pilot.press(.character("o"))
        #expect(status(pilot).contains("loop off") && !pilot.screen[0].contains("loop"))
        pilot.press(.right)
        #expect(!status(pilot).contains("loop"))
    }

    /// On a small screen the help wraps its texts between whole words and says how many keys it
    /// could not show (it was cut mid-word at the right edge and at the bottom, with no mark).
    @Test func helpOnASmallScreenWrapsAndCountsWhatItCannotShow() {
        let words = Set(KeyTable.helpRows.flatMap { $0.text.split(separator: " ").map(String.init) })
        for (width, height) in [(40, 12), (36, 12), (60, 16)] {
            let pilot = Pilot(deck: deck, width: width, height: height)
            pilot.press(.character("?"))
            let inside = pilot.screen.filter { $0.first == "│" && $0.last == "│" }.map { String($0.dropFirst(3).dropLast(1)) }
            let more = inside.filter { $0.contains("more keys") }
            #expect(more.count == 1, "\(width)x\(height): \(pilot.screen.joined(separator: "\n"))")
            let listed = inside.filter { !$0.contains("more keys") }
            // The text column starts after the widest keys ("Home End g G") and two spaces.
            let texts = listed.map { String($0.dropFirst(14)) }
            for text in texts {
                for word in text.split(separator: " ") {
                    #expect(words.contains(String(word)), "\(width)x\(height): '\(word)' in '\(text)'")
                }
            }
            let shownKeys = listed.filter { !$0.prefix(12).allSatisfy { $0 == " " } }.count
            let count = more.first.flatMap { $0.split(separator: " ").compactMap { Int($0) }.first }
            #expect(count == KeyTable.helpRows.count - shownKeys, "\(width)x\(height): \(more)")
        }
    }

    /// The help's box stays between the top bar and the status line, which say where the deck is
    /// and how to close it (helper-98: at 100x12 the box hid both: `1/5  Buil`, `⏸ he`).
    @Test func theHelpLeavesTheTopBarAndTheStatusLineInSight() {
        for (width, height) in [(100, 12), (100, 14), (60, 12), (40, 10), (80, 24)] {
            let pilot = Pilot(deck: deck, width: width, height: height)
            let before = pilot.screen
            pilot.press(.character("?"))
            let screen = pilot.screen
            #expect(screen.first == before.first, "\(width)x\(height): \(screen.joined(separator: "\n"))")
            #expect(screen.last?.hasPrefix(" 1/") == true && !screen.last!.contains("│") && !screen.last!.contains("╯"),
                    "\(width)x\(height): \(screen.joined(separator: "\n"))")
            #expect(screen.contains { $0.contains("╭─ Keys") }, "\(width)x\(height)")
        }
    }

    /// On a screen too short for the help, the arrows (and j, k, PgDn, End, the wheel) scroll it
    /// an entry at a time, so every key can be read (q, e and p were out of reach at 40x12); its
    /// last row counts the keys below and above; any other key still closes it.
    @Test func helpOnAShortScreenScrollsToEveryKey() {
        for (width, height) in [(40, 12), (20, 10), (60, 16)] {
            let pilot = Pilot(deck: deck, width: width, height: height)
            pilot.press(.character("?"))
            let boxRows = pilot.screen.filter { $0.hasPrefix("│") }.count
            var seen = pilot.screen.joined(separator: "\n")
            #expect(seen.contains("more keys") || seen.contains("↓"), "\(width)x\(height): \(seen)")
            #expect(!seen.contains("quit at once"), "\(width)x\(height): the last key is not on the first page")
            var pages = 0
            let layout = HelpLayout(KeyTable.helpRows, glyphs: .unicode, width: width, height: height)
            while pilot.model.overlay.helpFirst < layout.lastFirst, pages < 40 {
                pilot.press(.down)
                seen += pilot.screen.joined(separator: "\n")
                pages += 1
                #expect(pilot.screen.filter { $0.hasPrefix("│") }.count == boxRows, "the box keeps its height")
                // Between the ends, the last row counts the keys above too (helper-43: nothing said so).
                if pilot.model.overlay.helpFirst < layout.lastFirst {
                    let bottom = pilot.screen.firstIndex { $0.hasPrefix("╰") } ?? 1
                    let count = pilot.screen[bottom - 1]
                    #expect(count.hasPrefix("│  ↑") && count.contains("↓"), "\(width)x\(height): \(pilot.screen.joined(separator: "\n"))")
                }
            }
            #expect(pages < 40, "\(width)x\(height): the end is reached")
            #expect(pilot.screen.joined().contains("above"), "\(width)x\(height): the end counts the keys above")
            // Every key of the carousel was on some page (ASCII-free labels, first word of each text).
            for row in KeyTable.helpRows {
                #expect(seen.contains(row.keys), "\(width)x\(height): \(row.keys) never shown")
                #expect(seen.contains(row.text.split(separator: " ").first!), "\(width)x\(height): \(row.text)")
            }
            let end = pilot.screen
            pilot.press(.down)
            #expect(pilot.screen == end, "\(width)x\(height): no further than the end")
            pilot.press(.home)
            let top = pilot.screen
            #expect(top.joined().contains(KeyTable.helpRows[0].keys) && !top.joined().contains("above"))
            pilot.press(.pageDown)
            #expect(!pilot.screen.joined().contains(KeyTable.helpRows[0].keys), "\(width)x\(height): a page on")
            pilot.press(.pageUp)
            #expect(pilot.screen == top)
            pilot.wheel(up: false)
            #expect(pilot.screen != top && pilot.model.helpOpen, "the wheel scrolls it")
            pilot.press(.end, .up)
            #expect(!pilot.screen.joined().contains(KeyTable.helpRows.last!.keys) || height > 12, "\(width)x\(height): up from the end")
            pilot.press(.character("x"))
            #expect(!pilot.model.helpOpen, "another key closes it")
            pilot.press(.character("?"))
            #expect(pilot.screen == top, "it opens at the top again")
        }
    }

    /// A help scrolled to its end stays at its end when the screen changes size (helper-43: at
    /// 60x15, End, then 30x10 showed its middle, "… 8 more keys"), as if opened at that size.
    @Test func helpAtItsEndStaysThereThroughAResize() {
        let pilot = Pilot(deck: deck, width: 60, height: 15)
        pilot.press(.character("?"))
        pilot.press(.end)
        pilot.resize(width: 30, height: 10, wait: 0.1)
        let fresh = Pilot(deck: deck, width: 30, height: 10)
        fresh.press(.character("?"))
        fresh.press(.end)
        #expect(pilot.screen == fresh.screen, "\(pilot.screen.joined(separator: "\n"))")
    }

    /// Narrower than the longest word beside the keys, each text goes under its keys: the smallest
    /// screen still lists keys (at 20x10 the box held only the count), texts break between whole
    /// words, and the box ends under the count.
    @Test func helpOnTheSmallestScreensPutsTextsUnderTheirKeys() {
        let words = Set(KeyTable.helpRows.flatMap { $0.text.split(separator: " ").map(String.init) })
        let keys = Set(KeyTable.helpRows.flatMap { [$0.keys, $0.asciiKeys] })
        for (width, height, glyphs) in [(20, 10, Glyphs.unicode), (22, 10, .unicode), (26, 12, .unicode), (24, 12, .ascii)] {
            let pilot = Pilot(deck: deck, width: width, height: height, glyphs: glyphs)
            pilot.press(.character("?"))
            let screen = pilot.screen.joined(separator: "\n")
            let frame: Character = glyphs == .ascii ? "|" : "│"
            let inside = pilot.screen.filter { $0.first == frame && $0.last == frame }.map { String($0.dropFirst(3).dropLast(1)) }
            let more = inside.filter { $0.contains("more keys") || $0.contains(glyphs.ellipsis) }
            #expect(more.count == 1, "\(width)x\(height): \(screen)")
            #expect(inside.last == more.last, "the box ends under the count: \(screen)")
            let listed = inside.filter { !more.contains($0) }
            let keyRows = listed.filter { $0.first != " " }
            #expect(!keyRows.isEmpty && keyRows.allSatisfy { keys.contains($0.trimmingCharacters(in: .whitespaces)) }, "\(width)x\(height): \(screen)")
            for text in listed.filter({ $0.first == " " }) {
                for word in text.split(separator: " ") {
                    #expect(words.contains(String(word)), "\(width)x\(height): '\(word)' in '\(text)'")
                }
            }
            let count = more.first.flatMap { $0.split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }.first }
            #expect(count == KeyTable.helpRows.count - keyRows.count, "\(width)x\(height): \(screen)")
        }
    }

    @Test func aResizeRedrawsAsAFreshStartAtTheNewSizeWould() {
        let pilot = Pilot(deck: deck)
        pilot.press(.right)
        pilot.resize(width: 70, height: 20)
        let fresh = Pilot(deck: deck, width: 70, height: 20)
        fresh.press(.right)
        #expect(pilot.screen == fresh.screen)
        #expect(pilot.screen.count == 20 && pilot.screen[19].contains("2/20"))
        pilot.resize(width: 15, height: 6)
        #expect(pilot.screen.joined().contains("small"), "too small says so")
        pilot.resize(width: 100, height: 30)
        #expect(status(pilot).contains("2/20"), "and recovers")
    }

    @Test func comingBackFromASuspendRedrawsAndASignalEndsTheLoop() {
        let pilot = Pilot(deck: deck)
        let frames = pilot.terminal.frames
        pilot.send(.suspend)
        #expect(pilot.terminal.frames == frames + 1, "redrawn after fg")
        pilot.send(.signal(15))
        #expect(pilot.outcome == .signal(15))
    }

    /// Ctrl-Z where no shell would bring the program back (its stop discarded: a terminal window
    /// running it directly, `x=$(carousel --pick)`): it says so and goes on (helper-19 saw nothing
    /// happen); where it did stop, nothing is said.
    @Test func aSuspendThatCannotStopSaysSo() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.send(.suspend)
        #expect(!status(pilot).contains("Ctrl-Z"), "\(status(pilot))")
        pilot.terminal.suspendStops = false
        pilot.send(.suspend)
        #expect(status(pilot).contains("Ctrl-Z: nothing here could bring the carousel back"), "\(status(pilot))")
        #expect(pilot.terminal.suspends == 2 && pilot.outcome == nil)
        pilot.press(.right)
        #expect(!status(pilot).contains("Ctrl-Z"), "until the next key")
    }

    /// Work done elsewhere wakes the loop and brings exactly one frame; at rest nothing is drawn.
    @Test func aWakeUpBringsAFrameAndRestBringsNone() async {
        let pilot = Pilot(deck: deck)
        let frames = pilot.terminal.frames
        pilot.wait(10)
        #expect(pilot.terminal.frames == frames, "no frame at rest")
        let waker = pilot.waker
        await Task.detached { waker() }.value
        pilot.wait(1)
        #expect(pilot.terminal.frames == frames + 1, "one frame for the wake-up")
    }

    /// `--keys` can replay a session with the mouse and resizes: the same screen as the pilot's.
    @Test func renderReplaysMouseAndResizeSteps() throws {
        let steps = try HeadlessRenderer.parseKeys("click:80:15,wheel-down,resize:90x26,tab").get()
        let rendered = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 100, height: 30, keys: steps, time: nil, glyphs: .unicode)
        let pilot = Pilot(deck: deck)
        pilot.click(x: 80, y: 15, wait: 0)
        pilot.wheel(up: false, wait: 0)
        pilot.resize(width: 90, height: 26, wait: 0)
        pilot.press(.tab)
        #expect(rendered == pilot.screen)
        #expect(rendered.count == 26 && rendered[25].contains("3/20"))
    }

    /// `wait:SECONDS` lets time pass between steps, as a user's pace does: two clicks on the card
    /// right of the centre a second apart go two cards on, as they do live (at once, the second
    /// click hit the cards where they were: helper-51); and the same as the pilot's.
    @Test func renderWaitsBetweenStepsWhereTheScriptSays() throws {
        func status(_ keys: String) throws -> String {
            let steps = try HeadlessRenderer.parseKeys(keys).get()
            return HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 80, height: 24, keys: steps, time: nil, glyphs: .unicode).last ?? ""
        }
        #expect(try status("click:55:10,wait:1,click:55:10").contains("3/20"))
        #expect(try status("click:55:10,click:55:10").contains("2/20"), "at once, as before")
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.click(x: 55, y: 10, wait: 1)
        pilot.click(x: 55, y: 10)
        #expect(try status("click:55:10,wait:1,click:55:10") == pilot.screen.last)
        for bad in ["wait", "wait:", "wait:-1", "wait:x", "wait:nan", "wait:99999"] {
            #expect(ScriptStep(name: bad) == nil, "\(bad)")
        }
        #expect(ScriptStep(name: "wait:0.5") == .wait(seconds: 0.5))
    }

    /// A slideshow plays through the script's waits, as `--time` lets it (helper-54: `wait:10`
    /// left `--autoplay 1` on the first card), a wait at the script's end included; after the
    /// script the screen is the one once the motion has settled, the slideshow waiting.
    @Test func aSlideshowPlaysThroughTheScriptsWaits() throws {
        func status(_ keys: String, autoplay: Double? = 1, time: Double? = nil) throws -> String {
            var options = AppOptions()
            options.autoplay = autoplay
            let steps = try HeadlessRenderer.parseKeys(keys).get()
            return HeadlessRenderer.render(deck: deck, options: options, width: 80, height: 24, keys: steps, time: time, glyphs: .unicode).last ?? ""
        }
        let waited = try status("wait:3")
        #expect(waited.contains("4/20"), "\(waited)")
        #expect(try status("wait:2.5,right").contains("4/20"))
        #expect(try status("p,wait:12", autoplay: nil).contains("3/20"), "p starts it at 5 s a slide")
        let played = try status("p,wait:12", autoplay: nil)
        #expect(try played == status("p", autoplay: nil, time: 12.5))
        #expect(try status("").contains("1/20"), "no wait: the first card")
    }
}
