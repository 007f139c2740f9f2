import CarouselApp
import CarouselCanvas
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTestSupport
import Foundation
import Testing

/// Hostile card files, all the way to the screen: nothing from them may reach the terminal as a
/// control character, in any style, mode, size or glyph set.
@Suite struct HostileDeckScreenTests {
    static let payloads: [[UInt8]] = [
        Array("\u{1B}[2J\u{1B}[H cleared?\n\u{1B}]0;PWNED\u{07}title\n".utf8),
        Array("\u{1B}P+q544e\u{1B}\\ dcs \u{1B}[31;1mEVIL\u{1B}[0m\n".utf8),
        [0x9B, 0x33, 0x31, 0x6D, 0x41, 0xC2, 0x9B, 0x42, 0xFF, 0xFE, 0x00, 0x01, 0x7F, 0x0A],
        Array("tab\there\r\nbidi \u{202E}desrever\u{202C} zw\u{200B}j\u{200D}\n日本語🙂 e\u{301}\n".utf8),
        Array(repeating: 0x41, count: 5000) + [0x0A],
    ]

    func deckDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "carousel-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (i, bytes) in Self.payloads.enumerated() {
            // Hostile file names too.
            try Data(bytes).write(to: URL(fileURLWithPath: dir + "/\(i)-evil\u{1B}[31m\u{07}.txt"))
        }
        // A directory where a card file might be.
        try FileManager.default.createDirectory(atPath: dir + "/9-not-a-card.txt", withIntermediateDirectories: true)
        return dir
    }

    func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
    }

    @Test func noControlCharacterReachesTheScreen() throws {
        let dir = try deckDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let deck = try DeckLoader.load(paths: [dir])
        // The subdirectory is passed over (not a card, not a loss); the file holding NUL bytes is
        // a card that says it is not text (its name promised text, so it was not read up front).
        #expect(deck.count == Self.payloads.count && deck.skipped == 0)
        for style in StyleKind.allCases {
            for glyphs in [Glyphs.unicode, .ascii] {
                var options = AppOptions()
                options.style = style
                options.skippedCards = deck.skipped
                for keys: [Key] in [[], [.right, .tab], [.right, .right, .right]] {
                    for (w, h) in [(100, 30), (37, 12)] {
                        let lines = HeadlessRenderer.render(deck: deck.provider, options: options, width: w, height: h, keys: keys.map(ScriptStep.key), time: 0.1, glyphs: glyphs)
                        for line in lines {
                            #expect(line.unicodeScalars.allSatisfy(isSafe), "\(style) \(w)x\(h): \(line)")
                            #expect(CharacterWidth.of(line) == w)
                            if glyphs.isASCII { #expect(line.utf8.allSatisfy { $0 < 0x80 }) }
                        }
                    }
                }
            }
        }
        let screen = HeadlessRenderer.render(deck: deck.provider, options: { var o = AppOptions(); o.skippedCards = 1; return o }(), width: 100, height: 30, keys: [.key(.character("2"))], time: nil, glyphs: .unicode)
        #expect(screen[29].contains("(1 skipped)"))
        #expect(screen.joined().contains("␛[31;1mEVIL"), "escape sequences are shown, harmless")
    }

    /// With `--ansi` the colours of the hostile files become styles and everything else goes.
    @Test func withColoursKeptNoOtherSequenceReachesTheScreen() throws {
        let dir = try deckDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let deck = try DeckLoader.load(paths: [dir], options: LoadOptions(ansi: true))
        for style in StyleKind.allCases {
            var options = AppOptions()
            options.style = style
            for keys: [Key] in [[], [.character("2")], [.right, .tab], [.character("4"), .enter]] {
                let canvas = HeadlessRenderer.canvas(deck: deck.provider, options: options, width: 100, height: 30,
                                                     keys: keys.map(ScriptStep.key), time: nil, glyphs: .unicode)
                for line in canvas.lines() {
                    #expect(line.unicodeScalars.allSatisfy(isSafe), "\(style): \(line)")
                    #expect(!line.contains("␛[31;1m"), "the colour is a style, not text (file names still show theirs): \(line)")
                }
            }
        }
        // The second file's EVIL is red and bold on the screen.
        var options = AppOptions()
        options.start = 2
        let canvas = HeadlessRenderer.canvas(deck: deck.provider, options: options, width: 100, height: 30, keys: [], time: nil, glyphs: .unicode)
        let lines = canvas.lines()
        let row = try #require(lines.firstIndex { $0.contains("EVIL") })
        let column = lines[row].distance(from: lines[row].startIndex, to: lines[row].range(of: "EVIL")!.lowerBound)
        let style = canvas[column, row].style
        #expect(style.attributes.contains(.bold))
        #expect(style.foreground == .rgb(RGB(205, 0, 0)), "\(style)")
    }
}

/// Arbitrary bytes as a deck on standard input, through the loader, the sanitiser and the renderer:
/// no cell of the screen ever holds a control character.
@Suite struct ArbitraryBytesScreenTests {
    @Test(arguments: 0..<40)
    func arbitraryBytesNeverPutAControlCharacterInACell(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 0x9E37_79B9)
        let length = 64 + Int(generator.next() % 3000)
        let random = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        // Bytes that are not text are refused whole, as a file of them is (they hold NUL bytes);
        // what is read is text with every control, C0 and C1, and every other character: the
        // bytes read as Latin-1, written in UTF-8, NUL made ESC, C0 controls kept one time in
        // eight (more, as many as random bytes hold, and the text is refused as a program's bytes).
        #expect(throws: DeckError.self) { try DeckLoader.load(paths: ["-"], standardInput: { random + [0] }) }
        // Odd seeds: text as a legacy encoding writes it (printable ASCII, a lone byte of 0x80 or
        // more now and then, a rare control), read as Windows-1252, as it comes.
        var bytes = seed % 2 == 0
            ? Array(String(String.UnicodeScalarView(random.enumerated().map { i, byte in
                Unicode.Scalar(byte == 0 ? 0x1B : byte < 0x20 && i % 8 != 0 ? byte | 0x40 : byte)
            })).utf8)
            : random.enumerated().map { i, byte in
                byte % 29 == 0 && i % 2 == 0 ? 0x80 | byte : byte % 151 == 0 && i % 4 == 0 ? byte % 0x20 | 1 : 0x20 + byte % 0x5F
            }
        #expect(seed % 2 == 0 || TextEncoding.of(bytes) == .windows1252, "read as Windows-1252")
        // Some card separators, so the bytes make several cards.
        for _ in 0..<3 where !bytes.isEmpty { bytes.insert(contentsOf: Array("\n---\n".utf8), at: Int(generator.next() % UInt64(bytes.count))) }
        // Every way of reading input: plain cards, colours kept (--ansi), lines, Markdown, text.
        let reading = [LoadOptions(), LoadOptions(ansi: true), LoadOptions(lines: true, ansi: true), LoadOptions(markdown: true),
                       LoadOptions(kind: .text), LoadOptions(kind: .art)][seed % 6]
        // Bytes this long always hold something to show: the deck must load (the test checks cells, not errors).
        let deck = try DeckLoader.load(paths: ["-"], options: reading, standardInput: { bytes })
        var options = AppOptions()
        options.style = StyleKind.allCases[seed % StyleKind.allCases.count]
        var scene = Scene(theme: Theme(glyphs: seed % 2 == 0 ? .unicode : .ascii, usesColor: seed % 3 != 0))
        var canvas = Canvas(width: 70, height: 20)
        var state = options.initialState(count: deck.count)
        for step in 0..<4 {
            _ = scene.render(state, deck: deck.provider, into: &canvas)
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    canvas[x, y].forEachScalar { value in
                        #expect(!(value < 0x20 || (0x7F...0x9F).contains(value)), "control U+\(String(value, radix: 16)) at \(x),\(y)")
                    }
                }
            }
            state.send(.move(1))
            state.send(.tick(0.05 * Double(step + 1)))
        }
    }
}
