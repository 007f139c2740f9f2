import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselText
import Foundation
import Testing

/// `--pick`: Enter chooses the active card (on the strip or zoomed) and ends the program; Esc and q
/// end it choosing nothing; Ctrl-C interrupts. What is printed comes from `CardChoice`.
@Suite struct PickTests {
    /// A card of `--lines`: the line its title, its text and the bytes `--pick` prints.
    func card(_ line: String) -> Card {
        Card(id: line, title: line, content: .text(TextDocument(plainText: line)), line: Array(line.utf8))
    }

    let deck = CardList([
        Card(id: "notes/a.md", title: "Alpha", content: .text(TextDocument(plainText: "first")), file: Array("notes/a.md".utf8)),
        Card(id: "notes/b.md#2", title: "Beta", subtitle: "slide \"two\"", content: .text(TextDocument(plainText: "second")),
             file: Array("notes/b.md".utf8)),
        Card(id: "deck.json#3", title: "Gamma", art: ["/\\", "\\/"]),
    ])

    func picking() -> AppOptions {
        var options = AppOptions()
        options.pick = true
        return options
    }

    /// The stack starts the built-in deck on its second card as its demo does, but a choice for a
    /// script, a list of lines, the user's own deck and a slideshow start on the first (helper-15:
    /// Enter at once picked the second branch; helper-65: a talk opened on its second slide).
    @Test func aPickOrAListStartsOnTheFirstCardInEveryStyle() {
        var options = AppOptions()
        options.style = .stack
        #expect(options.initialState(count: 5).activeIndex == 1, "the demo's start")
        var talk = options
        talk.paths = ["talk.md"]
        #expect(talk.initialState(count: 5).activeIndex == 0, "a deck of the user's own")
        var slideshow = options
        slideshow.autoplay = 2
        #expect(slideshow.initialState(count: 5).activeIndex == 0, "a slideshow")
        for style in StyleKind.allCases {
            var picking = picking()
            picking.style = style
            #expect(picking.initialState(count: 5).activeIndex == 0, "\(style)")
            var lines = AppOptions()
            lines.style = style
            lines.lines = true
            #expect(lines.initialState(count: 5).activeIndex == 0, "\(style)")
            picking.start = 3
            #expect(picking.initialState(count: 5).activeIndex == 2, "--start still wins")
        }
        let pilot = Pilot(deck: deck, options: { var o = picking(); o.style = .stack; return o }(), width: 80, height: 24)
        pilot.press(.enter)
        #expect(pilot.outcome == .chosen(0))
    }

    @Test func enterChoosesTheActiveCard() {
        let pilot = Pilot(deck: deck, options: picking(), width: 80, height: 24)
        pilot.press(.right)
        #expect(pilot.outcome == nil)
        pilot.press(.enter)
        #expect(pilot.outcome == .chosen(1))
    }

    @Test func escAndQChooseNothingAndCtrlCInterrupts() {
        for (key, outcome) in [(Key.escape, Outcome.cancelled), (.character("q"), .cancelled), (.controlC, .interrupted)] {
            let pilot = Pilot(deck: deck, options: picking(), width: 80, height: 24)
            pilot.press(.right, key)
            #expect(pilot.outcome == outcome, "\(key)")
        }
        // Without --pick, Esc and q quit normally and Enter zooms.
        let viewer = Pilot(deck: deck, width: 80, height: 24)
        viewer.press(.enter)
        #expect(viewer.outcome == nil && viewer.model.zoom != nil)
        viewer.press(.escape, .escape)
        #expect(viewer.outcome == .quit)
    }

    /// On a screen too small to show the cards, Enter picks nothing and the arrows move nothing;
    /// Esc still leaves (helper-109: Enter on `Too small` printed a card no one had seen).
    @Test func aScreenTooSmallTakesOnlyTheKeysThatLeave() {
        let pilot = Pilot(deck: deck, options: picking(), width: 15, height: 8)
        #expect(pilot.screen.joined().contains("Too small"), "\(pilot.screen)")
        pilot.press(.right, .enter)
        #expect(pilot.outcome == nil)
        pilot.resize(width: 80, height: 24)
        #expect(pilot.model.state.activeIndex == 0, "the strip did not move")
        pilot.resize(width: 15, height: 8)
        pilot.press(.escape)
        #expect(pilot.outcome == .cancelled)
        // q and Esc close a zoom there as anywhere (review: only Ctrl-C left it).
        let viewer = Pilot(deck: deck, width: 80, height: 24)
        viewer.press(.character(" "))
        #expect(viewer.model.zoom != nil)
        viewer.resize(width: 15, height: 8)
        viewer.press(.escape)
        #expect(viewer.model.zoom == nil)
        // (Nor does `?` open the help there, out of sight: review.)
        viewer.press(.character("?"))
        #expect(!viewer.model.overlay.helpOpen)
        viewer.press(.character("q"))
        #expect(viewer.outcome == .quit)
    }

    @Test func spaceZoomsAndEnterOnTheZoomedCardChoosesIt() {
        let pilot = Pilot(deck: deck, options: picking(), width: 80, height: 24)
        pilot.press(.character(" "), .right)
        #expect(pilot.model.zoom?.index == 1)
        pilot.press(.enter)
        #expect(pilot.outcome == .chosen(1))
    }

    @Test func theStatusLineAndTheHelpSayHowToPick() {
        let pilot = Pilot(deck: deck, options: picking(), width: 100, height: 30)
        #expect(pilot.screen.last?.contains("Enter pick") == true, "\(pilot.screen.last ?? "")")
        pilot.press(.character("?"))
        #expect(pilot.screen.joined().contains("--pick: print the card and exit (status 0)"))
    }

    @Test func whatIsPrinted() throws {
        let a = deck.card(at: 0), b = deck.card(at: 1), c = deck.card(at: 2)
        func text(_ card: Card, _ index: Int, _ field: CardChoice.Field?, lines: Bool = false) -> String {
            String(decoding: CardChoice.text(of: card, index: index, field: field, lines: lines), as: UTF8.self)
        }
        // By default: the file, else the title; with --lines, the line (the card's identity).
        #expect(text(a, 0, nil) == "notes/a.md")
        #expect(text(b, 1, nil) == "notes/b.md", "a slide prints its file")
        #expect(text(c, 2, nil) == "Gamma", "a card with no file prints its title")
        let line = Card(id: "-rw-r--r-- 1 me me 12 notes.txt", title: "-rw-r--r-- 1 me me 12 notes.txt",
                        content: .text(TextDocument(plainText: "x")))
        #expect(text(line, 0, nil, lines: true) == "-rw-r--r-- 1 me me 12 notes.txt")
        // With --lines, a card that is no line (a built-in one) prints what it prints without it,
        // never its identity (helper-15: `builtin:Mira.txt`).
        #expect(text(Card(id: "builtin:Mira.txt", title: "Mira", art: []), 0, nil, lines: true) == "Mira")
        #expect(text(a, 0, nil, lines: true) == "notes/a.md")
        #expect(text(b, 1, .title) == "Beta")
        #expect(text(b, 1, .path) == "notes/b.md")
        #expect(text(c, 2, .path) == "", "no file: an empty path")
        #expect(text(b, 1, .index) == "2", "counted from 1, as the status line counts")
        #expect(text(b, 1, .json) == #"{"index":2,"id":"notes/b.md#2","title":"Beta","subtitle":"slide \"two\"","path":"notes/b.md"}"#)
        #expect(text(c, 2, .json).hasSuffix(#""path":null}"#))
        var slide = b
        slide.fileLines = 12..<20
        #expect(text(slide, 1, .json).hasSuffix(#""path":"notes/b.md","line":12}"#), "a slide: where it begins")
        let odd = Card(id: "x", title: "tab\there\u{1}", art: [])
        #expect(text(odd, 0, .json).contains(#""title":"tab\there\u0001""#))
        // A line in Latin-1 (not UTF-8) reads in the JSON's text as in its title (helper-40).
        let latin = try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true), standardInput: { [0x63, 0x61, 0x66, 0xE9, 0x0A] })
        let json = text(latin.cards[0], 0, .json, lines: true)
        #expect(json.contains(#""title":"café""#) && json.contains(#""text":"café""#), "\(json)")
        // Decoded as the whole input was, not guessed again from the line alone (helper-42: in
        // UTF-8 input, `caf\xE9` is "caf\u{FFFD}" in the title and was "café" here).
        let mixed = try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true),
                                        standardInput: { Array("na\u{EF}ve\n".utf8) + [0x63, 0x61, 0x66, 0xE9, 0x0A] })
        let second = text(mixed.cards[1], 1, .json, lines: true)
        let title = mixed.cards[1].title
        #expect(second.contains(#""text":"\#(title)""#), "\(second)")
        // Its tabs kept, where the card shows them as spaces (helper-61: "a       b caf\u{FFFD}").
        let tabbed = try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true),
                                         standardInput: { Array("a\tb caf".utf8) + [0xE9] + Array(" \u{20AC}\n".utf8) })
        let third = text(tabbed.cards[0], 0, .json, lines: true)
        #expect(third.contains(#""text":"a\tb caf\#u{FFFD} \#u{20AC}""#), "\(third)")
        #expect(CardChoice.text(of: tabbed.cards[0], index: 0, field: nil, lines: true)
                == Array("a\tb caf".utf8) + [0xE9] + Array(" \u{20AC}".utf8), "a pick prints the bytes as read")
    }

    /// With `--lines`, a line of `grep -n` (or one naming a file) prints its file as the path, and
    /// its line in the JSON, as `e` opens it: `"path":null` said nothing (helper-20).
    @Test func aLineNamingAFileGivesItsPathAndLine() throws {
        let dir = NSTemporaryDirectory() + "carousel-pick-grep-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "one\ntwo\n".write(toFile: dir + "/a.txt", atomically: true, encoding: .utf8)
        func text(_ card: Card, _ field: CardChoice.Field?, lines: Bool = true) -> String {
            String(decoding: CardChoice.text(of: card, index: 0, field: field, lines: lines), as: UTF8.self)
        }
        let grep = card("\(dir)/a.txt:2:two"), named = card("\(dir)/a.txt"), other = card("no file:3:here")
        #expect(text(grep, nil) == "\(dir)/a.txt:2:two", "the line itself, as fzf prints it")
        #expect(text(grep, .path) == "\(dir)/a.txt")
        #expect(text(grep, .json).hasSuffix(#""path":"\#(dir)/a.txt","line":2,"text":"\#(dir)/a.txt:2:two"}"#), "\(text(grep, .json))")
        #expect(text(named, .json).hasSuffix(#""path":"\#(dir)/a.txt","text":"\#(dir)/a.txt"}"#), "\(text(named, .json))")
        #expect(text(other, .json).hasSuffix(#""path":null,"text":"no file:3:here"}"#))
        // The line as read, escaped for JSON: a tab and an escape as they are, not as shown.
        let raw = Card(id: "a b", title: "a b", content: .text(TextDocument(plainText: "a b")), line: Array("a\tb\u{1B}[1m".utf8))
        #expect(text(raw, .json).hasSuffix(#""text":"a\tb\u001b[1m"}"#), "\(text(raw, .json))")
        #expect(!text(raw, .json, lines: false).contains("\"text\""), "not read as lines: no text")
        #expect(text(other, .path) == "")
        #expect(text(grep, .path, lines: false) == "", "not read as lines: no file")
        // A line naming a directory prints it as the path (helper-54: `cd "$(find . -type d |
        // carousel --print path)"` got an empty line); not without --lines.
        let folder = card(dir)
        #expect(text(folder, .path) == dir)
        #expect(text(folder, .json).contains(#""path":"\#(dir)""#), "\(text(folder, .json))")
        #expect(text(folder, .path, lines: false) == "")
        #expect(CardChoice.place(of: folder, lines: true) == nil, "e still has no file to open there")
    }

    /// A line of `ls -l` names the file it ends in (helper-75: `--print path` printed nothing for
    /// `ls -l | carousel --lines`): its path printed and opened, a folder's printed; whatever the
    /// columns between (a size as `4.0K`, a long-iso date, a name with spaces, a link's target).
    @Test func aLineOfLsLongNamesItsFile() throws {
        let dir = NSTemporaryDirectory() + "carousel-pick-ls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "one\n".write(toFile: dir + "/a.txt", atomically: true, encoding: .utf8)
        try "two\n".write(toFile: dir + "/my notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "a.txt")
        func path(_ line: String) -> String {
            String(decoding: CardChoice.text(of: card(line), index: 0, field: .path, lines: true), as: UTF8.self)
        }
        // As ls itself writes it.
        let ls = Process()
        ls.executableURL = URL(fileURLWithPath: "/bin/ls")
        ls.arguments = ["-l", dir + "/a.txt", dir + "/my notes.txt"]
        let pipe = Pipe()
        ls.standardOutput = pipe
        try ls.run()
        let listed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        ls.waitUntilExit()
        #expect(listed.map(path) == [dir + "/a.txt", dir + "/my notes.txt"], "\(listed)")
        #expect(path("-rw-r--r--  1 ada staff 4.0K Jan  1  2022 \(dir)/a.txt") == dir + "/a.txt")
        #expect(path("-rw-r--r--. 1 501 20 8 2026-11-28 12:00 \(dir)/my notes.txt") == dir + "/my notes.txt")
        #expect(path("drwxr-xr-x 2 ada staff 4096 Nov 28 12:00 \(dir)") == dir, "a folder's path is printed")
        #expect(path("lrwxrwxrwx 1 ada staff 5 Nov 28 12:00 \(dir)/link -> a.txt") == dir + "/link")
        #expect(path("611 lrwxrwxrwx 1 ada staff 5 Nov 28 12:00 \(dir)/link -> a.txt") == dir + "/link", "ls -li: the link, not its target")
        // A link listed from elsewhere whose target's name is a file here: not that file (helper-109).
        #expect(path("lrwxrwxrwx 1 ada staff 5 Nov 28 12:00 elsewhere -> \(dir)/a.txt") == "", "the link is not here")
        #expect(path("lrwxrwxrwx 1 ada staff 5 Nov 28 12:00 X11 -> \(dir)") == "", "nor its target, a folder")
        #expect(path("611 8 -rw-r--r-- 1 ada staff 8 Nov 28 12:00 \(dir)/a.txt") == dir + "/a.txt", "ls -lis")
        #expect(path("  4 -rw-r--r-- 1 ada staff 8 Nov 28 12:00 \(dir)/a.txt") == dir + "/a.txt", "ls -ls")
        #expect(path("4.0K -rw-r--r-- 1 ada staff 4 Nov 28 12:00 \(dir)/a.txt") == dir + "/a.txt", "ls -lsh (helper-90)")
        #expect(path(" 12M -rw-r--r-- 1 ada staff 12M Nov 28 12:00 \(dir)/my notes.txt") == dir + "/my notes.txt", "ls -lsh")
        #expect(path("611 1.1k -rw-r--r-- 1 ada staff 4 Nov 28 12:00 \(dir)/a.txt") == dir + "/a.txt", "ls -lis --si")
        #expect(path("4.0 -rw-r--r-- 1 ada staff 4 Nov 28 12:00 \(dir)/a.txt") == dir + "/a.txt")
        #expect(path("4,0K -rw-r--r-- 1 ada staff 4 28. Nov 12:00 \(dir)/a.txt") == dir + "/a.txt", "ls -lsh in German (review)")
        #expect(path("4.K -rw-r--r-- 1 ada staff 4 Nov 28 12:00 \(dir)/a.txt") == "", "not a size")
        #expect(CardChoice.place(of: card("-rw-r--r-- 1 ada staff 8 Nov 28 12:00 \(dir)/a.txt"), lines: true)?.file
                == Array((dir + "/a.txt").utf8), "e opens it")
        #expect(path("-rw-r--r-- 1 ada staff 8 Nov 28 12:00 \(dir)/gone.txt") == "", "nothing of that name: no path")
        #expect(path("total 8") == "" && path("-rw-r--r-- 1 ada staff") == "")
        #expect(path("notes: -rw-r--r-- 1 ada staff 8 Nov 28 12:00 \(dir)/a.txt") == "", "not a line of ls -l")
    }

    /// With `--lines` the line is printed as it was read, every byte (a tab, bytes that are not
    /// UTF-8), though the card shows its clean form; `e` looks for a file by those bytes too.
    @Test func aLineIsPrintedAsItWasRead() throws {
        let input: [UInt8] = Array("a\tb\r\n".utf8) + [0xFF, 0xFE, 0x71, 0x0A]
        let deck = try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true), standardInput: { input })
        let cards = (0..<deck.count).map { deck.provider.card(at: $0) }
        #expect(cards.map(\.title) == ["a b", "ÿþq"], "not UTF-8, no run of three high bytes: Latin-1")
        #expect(cards[0].lines == ["a       b"], "the card shows the tab expanded, as a file's text (helper-15)")
        #expect(cards[1].lines == ["ÿþq"])
        #expect(CardChoice.text(of: cards[0], index: 0, field: nil, lines: true) == Array("a\tb".utf8))
        #expect(CardChoice.text(of: cards[1], index: 1, field: nil, lines: true) == [0xFF, 0xFE, 0x71])
        // Latin-1 input shows its letters, and is printed in its own bytes (a file name to open).
        let latin1: [UInt8] = Array("r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array(".txt\nplain\n".utf8)
        let named = try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true), standardInput: { latin1 })
        #expect(named.provider.card(at: 0).title == "résumé.txt")
        #expect(CardChoice.text(of: named.provider.card(at: 0), index: 0, field: nil, lines: true) == Array(latin1.prefix(10)))
    }

    /// `--render --pick` ends as the interactive program would: with what Enter chose, or would choose.
    @Test func aHeadlessRunReportsTheChoice() {
        let chosen = HeadlessRenderer.run(deck: deck, options: picking(), width: 80, height: 24,
                                          keys: [.key(.right), .key(.enter), .key(.right)], time: nil, glyphs: .unicode)
        #expect(chosen.outcome == .chosen(1), "keys after Enter are not pressed")
        // The screen printed shows the card chosen, at rest (it was still on the first: helper-54).
        let rested = HeadlessRenderer.run(deck: deck, options: picking(), width: 80, height: 24,
                                          keys: [.key(.right)], time: nil, glyphs: .unicode)
        #expect(chosen.canvas.lines() == rested.canvas.lines(), "\(chosen.canvas.lines().last ?? "")")
        let resting = HeadlessRenderer.run(deck: deck, options: picking(), width: 80, height: 24,
                                           keys: [.key(.right), .key(.right)], time: nil, glyphs: .unicode)
        #expect(resting.outcome == nil)
        #expect(resting.active == 2)
    }
}
