import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import Foundation
import Testing

/// The key table is the one place keys are written: it must behave as the key map did, and every
/// place that shows keys must show its rows.
@Suite struct KeyTableTests {
    /// Every key the terminal or `--keys` can deliver, and a few characters beyond ASCII.
    static let allKeys: [Key] = {
        let named: [Key] = [.left, .right, .up, .down, .home, .end, .pageUp, .pageDown,
                            .tab, .backTab, .enter, .escape, .backspace, .controlC]
        let printable = (0x20...0x7E).map { Key.character(Character(Unicode.Scalar(UInt8($0)))) }
        // Non-ASCII digits (Arabic-Indic 3, fullwidth 7, superscript 2) are not card numbers.
        let others = ["é", "٣", "７", "²", "\t", "\u{7F}", "日"].map { Key.character(Character($0)) }
        return named + Key.names.compactMap(Key.init(name:)) + printable + others
    }()

    /// The engine action a command becomes, as the app sends it (digits at time 0).

    /// What each key does, with help closed and open (the behaviour the engine's old key map had).
    @Test func keysDoWhatTheyDid() {
        let expected: [(Key, Command)] = [
            (.left, .move(-1)), (.character("h"), .move(-1)), (.right, .move(1)), (.character("l"), .move(1)),
            (.up, .move(-1)), (.character("k"), .move(-1)), (.down, .move(1)), (.character("j"), .move(1)),
            (.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last),
            (.pageUp, .page(-1)), (.pageDown, .page(1)), (.tab, .toggleMode), (.backTab, .toggleMode),
            (.character("s"), .nextStyle), (.character("o"), .toggleLoop), (.character("?"), .toggleHelp),
            (.character("7"), .digit(7)), (.character("0"), .digit(0)),
            (.character("q"), .quit), (.escape, .quit), (.controlC, .interrupt),
            (.enter, .zoom), (.character(" "), .zoom),
            (.character("/"), .find), (.character("n"), .nextMatch(1)), (.character("N"), .nextMatch(-1)),
            (.character("e"), .open), (.character("p"), .togglePlay),
        ]
        for (key, command) in expected {
            #expect(KeyTable.command(for: key, helpOpen: false) == command, "\(key)")
        }
        for key in [Key.character("Z"), .character("x"), .backspace] {
            #expect(KeyTable.command(for: key, helpOpen: false) == nil, "\(key) does nothing")
        }
        // With help open, q and Ctrl-C still quit, the arrows, j k, PgUp PgDn, Home End scroll it and
        // every other key closes it.
        let scrolls: [Key: Command] = [
            .up: .scroll(-1), .character("k"): .scroll(-1), .down: .scroll(1), .character("j"): .scroll(1),
            .pageUp: .scrollPage(-1), .pageDown: .scrollPage(1), .home: .scrollTop, .end: .scrollEnd,
        ]
        for key in Self.allKeys {
            let expected: Command = key == .character("q") ? .quit : key == .controlC ? .interrupt : scrolls[key] ?? .toggleHelp
            #expect(KeyTable.command(for: key, helpOpen: true) == expected, "\(key) with help open")
        }
    }

    @Test func everyCommandComesFromABindingAndNoKeyIsBoundTwice() {
        let carouselKeys = KeyTable.bindings.filter { $0.context == .carousel }.flatMap(\.keys)
        for key in Self.allKeys where KeyTable.command(for: key, helpOpen: false) != nil {
            #expect(carouselKeys.contains(key), "\(key) has a command but no row")
        }
        for context in [KeyBinding.Context.carousel, .help, .zoom, .terminal, .search, .pick] {
            let keys = KeyTable.bindings.filter { $0.context == context }.flatMap(\.keys)
            #expect(Set(keys).count == keys.count, "a key bound twice in \(context)")
            #expect(KeyTable.bindings.filter { $0.context == context && $0.otherKeys != nil }.count <= 1)
        }
        // Each row's keys give that row's commands (no other row shadows them).
        for binding in KeyTable.bindings where binding.context != .terminal {
            for (key, command) in binding.commands {
                #expect(KeyTable.command(for: key, helpOpen: binding.context == .help, zoomed: binding.context == .zoom,
                                         searching: binding.context == .search, picking: binding.context == .pick) == command)
            }
        }
    }

    @Test func labelsHaveAnASCIIForm() {
        for binding in KeyTable.bindings {
            #expect(binding.asciiLabel.unicodeScalars.allSatisfy { $0.isASCII }, "\(binding.label)")
            #expect(binding.help.unicodeScalars.allSatisfy { $0.isASCII }, "\(binding.help)")
        }
    }

    @Test func statusHint() {
        #expect(KeyTable.statusHint(ascii: false) == "←→ move  Tab mode  / find  ? help  q quit")
        #expect(KeyTable.statusHint(ascii: true) == "<- -> move  Tab mode  / find  ? help  q quit")
        #expect(KeyTable.statusHint(ascii: false, in: .zoom) == "↑↓ scroll  ←→ card  Esc close")
        #expect(KeyTable.statusHint(ascii: false, picking: true) == "Enter pick  ←→ move  Tab mode  / find  ? help  q quit")
        #expect(KeyTable.statusHint(ascii: false, in: .search) == "Enter keep  Esc clear  ←→ match")
        // Shorter ones for a long title: the keys that are not essential go from the left.
        #expect(KeyTable.statusHints(ascii: false) == ["←→ move  Tab mode  / find  ? help  q quit", "Tab mode  / find  ? help  q quit",
                                                       "/ find  ? help  q quit", "? help  q quit", "? help"])
        #expect(KeyTable.statusHints(ascii: false, in: .zoom).last == "Esc close")
        #expect(KeyTable.statusHints(ascii: false, picking: true).suffix(2) == ["Enter pick  ? help", "? help"],
                "a --pick line too short for both keeps the way to the help")
        #expect(KeyTable.statusHints(ascii: false, in: .search) == ["Enter keep  Esc clear  ←→ match"], "nothing essential: no shorter")
    }

    /// A slideshow puts its key on the status line: `p pause` while it plays, kept as long as the
    /// way to the help; `p play` while paused, one of the keys that go first.
    @Test func aSlideshowNamesItsKey() {
        #expect(KeyTable.statusHints(ascii: false, playing: true) == [
            "←→ move  Tab mode  / find  p pause  ? help  q quit", "Tab mode  / find  p pause  ? help  q quit",
            "/ find  p pause  ? help  q quit", "p pause  ? help  q quit", "p pause  ? help", "? help"])
        #expect(KeyTable.statusHints(ascii: false, playing: false) == [
            "←→ move  Tab mode  / find  p play  ? help  q quit", "Tab mode  / find  p play  ? help  q quit",
            "/ find  p play  ? help  q quit", "p play  ? help  q quit", "? help  q quit", "? help"])
        #expect(KeyTable.statusHint(ascii: false, in: .zoom, playing: true) == "↑↓ scroll  ←→ card  p pause  Esc close")
        #expect(KeyTable.statusHint(ascii: false, in: .search, playing: true) == "Enter keep  Esc clear  ←→ match",
                "typed into the search line, p is a letter")
    }

    /// The search line has the keys: every character types (q, digits, space and the keys that
    /// move the carousel included), Backspace deletes, Ctrl-W a word, Ctrl-U the whole query,
    /// Enter keeps, Esc clears, arrows move.
    @Test func keysWhileSearching() {
        for key in Self.allKeys {
            let expected: Command
            switch key {
            case .enter: expected = .keepMatches
            case .escape: expected = .clearSearch
            case .backspace: expected = .erase
            case .controlW: expected = .eraseWord
            case .controlU: expected = .eraseLine
            case .controlC: expected = .interrupt
            case .left, .up: expected = .move(-1)
            case .right, .down: expected = .move(1)
            default: expected = .type
            }
            #expect(KeyTable.command(for: key, helpOpen: false, searching: true) == expected, "\(key) in the search line")
            #expect(KeyTable.command(for: key, helpOpen: false, searching: true, picking: true) == expected, "\(key) picking")
        }
    }

    /// With --pick, Enter chooses (on the strip and zoomed); every other key is as without it.
    @Test func keysWhilePicking() {
        #expect(KeyTable.command(for: .enter, helpOpen: false, picking: true) == .choose)
        #expect(KeyTable.command(for: .enter, helpOpen: false, zoomed: true, picking: true) == .choose)
        #expect(KeyTable.command(for: .enter, helpOpen: true, picking: true) == .toggleHelp)
        for key in Self.allKeys where key != .enter {
            #expect(KeyTable.command(for: key, helpOpen: false, picking: true) == KeyTable.command(for: key, helpOpen: false), "\(key)")
        }
    }

    /// Zoomed, the keys scroll and close; every key a zoom does not know does nothing (no key falls
    /// through to the carousel behind it, and q closes rather than quits).
    @Test func keysWhileZoomed() {
        let expected: [(Key, Command)] = [
            (.up, .scroll(-1)), (.character("k"), .scroll(-1)), (.down, .scroll(1)), (.character("j"), .scroll(1)),
            (.pageUp, .turnPage(-1)), (.character("b"), .turnPage(-1)), (.pageDown, .turnPage(1)), (.character(" "), .turnPage(1)),
            (.home, .scrollTop), (.end, .scrollEnd),
            (.left, .move(-1)), (.right, .move(1)), (.escape, .closeZoom), (.enter, .closeZoom),
            (.character("q"), .closeZoom), (.controlC, .interrupt), (.character("e"), .open),
            (.character("?"), .toggleHelp), (.character("5"), .digit(5)), (.character("0"), .digit(0)),
        ]
        for (key, command) in expected {
            #expect(KeyTable.command(for: key, helpOpen: false, zoomed: true) == command, "\(key)")
        }
        for key in [Key.tab, .character("s"), .character("o")] {
            #expect(KeyTable.command(for: key, helpOpen: false, zoomed: true) == nil, "\(key) does nothing zoomed")
        }
    }

    /// `--help` lists every binding on a line of its own, its keys then what they do in a column
    /// (the text under the column when the keys are long or the text wraps), within 72 columns so
    /// that the man page, which indents it, keeps it too.
    @Test func commandLineSummaryNamesEveryBinding() {
        let summary = KeyTable.commandLineSummary
        #expect(summary.unicodeScalars.allSatisfy { $0.isASCII })
        let lines = summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Keys:")
        #expect(lines.allSatisfy { $0.count <= 72 }, "\(lines.filter { $0.count > 72 })")
        func collapsed(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let flat = collapsed(summary)
        for binding in KeyTable.bindings {
            #expect(flat.contains(collapsed(binding.asciiLabel + " " + binding.help)), "\(binding.asciiLabel)")
            #expect(lines.contains { $0.hasPrefix("  " + binding.asciiLabel) }, "\(binding.asciiLabel) begins a line")
        }
        // The texts stand in one column (a line of long keys alone has its text on the next).
        let longKeys = Set(KeyTable.bindings.map { "  " + $0.asciiLabel })
        for line in lines.dropFirst() where !longKeys.contains(line) {
            let characters = Array(line)
            #expect(characters.count > 18 && characters[16] == " " && characters[17] == " " && characters[18] != " ", "\(line)")
        }
    }

    /// The README's Keys table, row by row: (keys, what they do).
    static func readmeKeyRows() throws -> [(String, String)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.firstRange(of: "\n## Keys\n").map { readme[$0.upperBound...] })
        let table = section.components(separatedBy: "\n###")[0]
        return table.split(separator: "\n").filter { $0.hasPrefix("|") }.dropFirst(2).map { line in
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
            return (cells.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "",
                    cells.dropFirst().joined(separator: "|").trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func theReadmeShowsTheTable() throws {
        let rows = try Self.readmeKeyRows()
        #expect(rows.count == KeyTable.bindings.count)
        for (i, binding) in KeyTable.bindings.enumerated() where i < rows.count {
            #expect(rows[i].0 == binding.asciiLabel, "README row \(i + 1)")
            #expect(rows[i].1 == binding.help, "README row \(i + 1)")
        }
    }

    /// The screen after `keys` as the app draws it (through the program loop).
    static func screen(keys: [Key], glyphs: Glyphs, size: (Int, Int) = (100, 30)) -> [String] {
        let pilot = Pilot(deck: CardList(try! DeckLoader.builtin().cards), width: size.0, height: size.1, glyphs: glyphs)
        for key in keys { pilot.press(key) }
        return pilot.screen
    }

    @Test(arguments: [Glyphs.unicode, .ascii])
    func theHelpOverlayListsEveryBinding(glyphs: Glyphs) {
        let text = Self.screen(keys: [.character("?")], glyphs: glyphs).joined(separator: "\n")
        #expect(text.contains("Keys"))
        for binding in KeyTable.bindings where binding.context == .carousel {
            #expect(text.contains((glyphs.isASCII ? binding.asciiLabel : binding.label) + "  "), "\(binding.label)")
            #expect(text.contains(binding.help), "\(binding.help)")
        }
    }

    /// With the table's rows and hint, the screens are the golden ones drawn before the table existed.
    @Test func theTableDrawsTheGoldenScreens() {
        assertGolden(Self.screen(keys: [.character("?")], glyphs: .unicode), named: "help")
        assertGolden(Self.screen(keys: [], glyphs: .unicode), named: "start")
        assertGolden(Self.screen(keys: [.right, .tab], glyphs: .ascii), named: "ascii")
        assertGolden(Self.screen(keys: [], glyphs: .unicode, size: (40, 12)), named: "small-40x12")
    }

    /// The `?` help lists Ctrl-Z too (it was only in `--help` and the README; helper-14), after
    /// the carousel's keys, and none of another context's.
    @Test func theHelpListsTheSuspendKey() {
        let rows = KeyTable.helpRows
        #expect(rows.last?.asciiKeys == "Ctrl-Z" && rows.last?.text == "suspend (fg brings it back)", "\(rows.map(\.asciiKeys))")
        #expect(!rows.contains { $0.text.hasPrefix("zoomed:") || $0.text.hasPrefix("finding:") || $0.text.hasPrefix("help open") })
        // Over a zoomed card too (helper-51).
        #expect(KeyTable.zoomHelpRows().last?.asciiKeys == "Ctrl-Z")
    }

    /// Over a zoomed card with nothing to scroll (a picture, art, a note that fits), the help
    /// leaves out the keys that scroll (helper-48 found "scroll a line" over a picture); over a
    /// long text it lists them, and it scrolls within the rows it shows.
    @Test func theZoomsHelpListsScrollKeysOnlyWhereTheCardScrolls() {
        let long = (1...200).map { "line \($0) of the journal" }.joined(separator: "\n")
        let deck = CardList([FindTests.note("journal", long), FindTests.note("short", "a lighthouse")])
        let scrollRows = ["scroll a line", "top / end of the text"]
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.enter)
        pilot.press(.character("?"))
        var text = pilot.screen.joined(separator: "\n")
        for row in scrollRows { #expect(text.contains(row), "\(row)") }
        pilot.press(.escape)
        pilot.press(.right)
        pilot.press(.character("?"))
        text = pilot.screen.joined(separator: "\n")
        for row in scrollRows { #expect(!text.contains(row), "\(row)") }
        #expect(text.contains("previous / next card") && text.contains("suspend (fg brings it back)"))
        // The page keys stay: from a text that fits they turn to the next card.
        #expect(text.contains("a page back / on; from the top / end, the previous / next card"))
        // Art (the built-in deck) has nothing to scroll either; with --pick, its rows come first.
        let art = Self.screen(keys: [.enter, .character("?")], glyphs: .unicode).joined(separator: "\n")
        #expect(!art.contains("scroll a line") && art.contains("close it (q does not quit)"))
        #expect(!KeyTable.pickZoomHelpRows(scrolling: false).contains { $0.text.contains("scroll") })
        #expect(KeyTable.pickZoomHelpRows(scrolling: false).first?.text.hasPrefix("--pick") == true)
    }

    /// With `--pick`, Enter picks, on the strip and in a zoom: the help no longer says it zooms or
    /// closes the zoom (a user who believed it ended the session; helper-51).
    @Test func withPickTheHelpGivesEnterOnlyToThePick() {
        for rows in [KeyTable.pickHelpRows, KeyTable.pickZoomHelpRows()] {
            let enter = rows.filter { $0.keys.split(separator: " ").contains("Enter") }
            #expect(enter.count == 1 && enter[0].text.hasPrefix("--pick: print the card"), "\(enter)")
        }
        #expect(KeyTable.pickHelpRows.contains { $0.keys == "Space" && $0.text == "open the card full screen (zoom)" })
        #expect(KeyTable.pickZoomHelpRows().contains { $0.keys == "Esc q" && $0.text == "close it (q does not quit)" })
        #expect(KeyTable.helpRows.contains { $0.keys == "Enter Space" }, "without --pick, as it was")
    }

    /// While the help is open, the status line names the keys that scroll and close it, not the
    /// carousel's (they only close the help: helper-51 typed /che there and ran `e`); the scroll
    /// keys only where the help scrolls.
    @Test func underTheHelpTheStatusLineNamesItsKeys() {
        let open = Self.screen(keys: [.character("?")], glyphs: .unicode)
        #expect(open.last?.hasSuffix("Esc close ") == true && open.last?.contains("q quit") == false, "\(open.last ?? "")")
        let short = Self.screen(keys: [.character("?")], glyphs: .unicode, size: (100, 16))
        let status = short.last ?? ""
        #expect(!status.contains("move") && !status.contains("find"), "\(status)")
        #expect(KeyTable.statusHint(ascii: false, in: .help) == "↑↓ scroll  Esc close")
        let zoomed = Self.screen(keys: [.enter, .character("?")], glyphs: .unicode)
        #expect(zoomed.last?.hasSuffix("Esc close ") == true && zoomed.last?.contains("card") == false, "\(zoomed.last ?? "")")
    }
}
