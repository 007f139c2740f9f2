@testable import CarouselDecks
import Testing

/// Lines read from standard input as they come are added to the deck made before (`GrowingLines`),
/// not made again with all the input: the deck must come out as a whole read of the same input
/// makes it, wherever the reads fell.
@Suite struct GrowingLinesTests {
    /// What a card of a deck of lines is: its identity, its title, and the line a pick prints.
    static func cards(_ deck: Deck) -> [String] {
        (0..<deck.count).map { i in
            let card = deck.provider.card(at: i)
            return "\(card.id) | \(card.title) | \(card.line.map { String(decoding: $0, as: UTF8.self) } ?? "-")"
        }
    }

    /// The deck `GrowingLines` makes of `input` when it comes in pieces ending at `cuts` (byte offsets).
    static func grown(_ input: [UInt8], cuts: [Int], options: LoadOptions) throws -> Deck {
        var lines = GrowingLines(options: options)
        var deck = try lines.start(input[..<cuts[0]]).get()
        for end in cuts.dropFirst() + [input.count] {
            let added = lines.adding(input[..<end])
            deck = try #require(added, "added up to \(end)")
        }
        return deck
    }

    /// Every place after a line's end, as the reads of a pipe may fall.
    static func lineEnds(_ input: [UInt8], end: UInt8 = 0x0A) -> [Int] {
        input.indices.filter { input[$0] == end && $0 + 1 < input.count }.map { $0 + 1 }
    }

    static let listing = """
        total 16
        drwxr-xr-x 2 ann staff 4096 Nov 29 10:00 notes
        -rw-r--r-- 1 ann staff  220 Nov 29 10:01 read me.txt
        lrwxrwxrwx 1 ann staff    5 Nov 29 10:02 latest -> notes
        total 8
        not a listing line after a total line
        USER  PID %CPU COMMAND
        root    1  0.0 init
        \tcolumns\tand tabs\t
        café crème
        \r
        same
        same
          spaced out  \r

        last line without an end
        """

    @Test(arguments: [1, 2, 3, 5])
    func linesAddedAReadAtATimeMakeTheDeckOfTheWholeInput(step: Int) throws {
        let input = [0xEF, 0xBB, 0xBF] + Array(Self.listing.utf8)
        let options = LoadOptions(lines: true)
        let whole = try DeckLoader.load(paths: ["-"], options: options, standardInput: { input })
        let ends = Self.lineEnds(input)
        // Cut after every `step`-th line end: a `total` line last in a read, its listing in the next.
        let cuts = stride(from: 0, to: ends.count, by: step).map { ends[$0] }
        let grown = try Self.grown(input, cuts: cuts, options: options)
        #expect(Self.cards(grown) == Self.cards(whole))
        #expect(grown.name == whole.name && grown.problems == whole.problems && grown.skipped == whole.skipped)
        // (A listing's `total` line is no card; one that no listing follows is.)
        #expect(!Self.cards(grown).contains { $0.hasPrefix("total 16") } && Self.cards(grown).contains { $0.hasPrefix("total 8") })
    }

    /// `--read0`: names ended by NUL bytes, one of them with a line feed in it.
    @Test func namesEndedByNulBytesGrowAsTheyAreReadWhole() throws {
        let input = Array("first\u{0}two\nlines\u{0}\u{0}third\u{0}last".utf8)
        var options = LoadOptions(lines: true)
        options.read0 = true
        let whole = try DeckLoader.load(paths: ["-"], options: options, standardInput: { input })
        let grown = try Self.grown(input, cuts: Self.lineEnds(input, end: 0), options: options)
        #expect(Self.cards(grown) == Self.cards(whole))
        #expect(grown.count == 4)
    }

    /// Many more lines than a piece of `CardEntries` holds; a deck made before more lines came
    /// keeps its own cards.
    @Test func aDeckMadeBeforeKeepsItsCardsAsMoreAreAdded() throws {
        let count = CardEntries.pieceSize * 2 + 10
        let input = Array((1...count).map { "line \($0)\n" }.joined().utf8)
        let ends = Self.lineEnds(input)
        var lines = GrowingLines(options: LoadOptions(lines: true))
        let first = try lines.start(input[..<ends[CardEntries.pieceSize - 2]]).get()
        let added = (lines.adding(input[..<ends[CardEntries.pieceSize + 5]]), lines.adding(input[...]))
        let second = try #require(added.0)
        let last = try #require(added.1)
        #expect(first.count == CardEntries.pieceSize - 1)
        #expect(second.count == CardEntries.pieceSize + 6)
        #expect(last.count == count)
        #expect(first.provider.card(at: first.count - 1).title == "line \(first.count)")
        #expect(second.provider.card(at: CardEntries.pieceSize).title == "line \(CardEntries.pieceSize + 1)")
        #expect(last.provider.card(at: count - 1).title == "line \(count)")
        #expect(Self.cards(last) == Self.cards(try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true), standardInput: { input })))
    }

    /// A deck made before an `ls -l` line took away the `total` line it ended with keeps it.
    @Test func aDeckMadeBeforeATotalLineWasTakenAwayKeepsIt() throws {
        let input = Array("first\ntotal 8\n-rw-r--r-- 1 ann staff 220 Nov 29 10:01 notes.txt\n".utf8)
        var lines = GrowingLines(options: LoadOptions(lines: true))
        let before = try lines.start(input[..<14]).get()
        let added = lines.adding(input[...])
        let after = try #require(added)
        #expect(before.count == 2 && before.provider.card(at: 1).title == "total 8")
        #expect(after.count == 2 && after.provider.card(at: 1).title == "notes.txt")
    }

    /// A byte that is not UTF-8 after lines that were: the input's encoding changes (to
    /// Windows-1252), so every line before reads otherwise; nothing is added, the deck is made again.
    @Test func linesThatChangeTheInputsEncodingAreNotAdded() throws {
        let input = Array("plain\nascii\n".utf8) + [0x63, 0x61, 0x66, 0xE9, 0x0A]
        var lines = GrowingLines(options: LoadOptions(lines: true))
        _ = try lines.start(input[..<12]).get()
        #expect(lines.encoding == .utf8)
        let added = lines.adding(input[...])
        #expect(added == nil)
        let (remade, growing) = StandardInputStream.make(input[...], growing: LoadOptions(lines: true))
        #expect(Self.cards(try remade.get()).last?.contains("café") == true)
        #expect(growing == nil, "lines of Windows-1252 are made again each time")
    }

    /// The encoding counted a piece at a time is the encoding of the whole (UTF-8 keeps its
    /// control characters).
    @Test(arguments: [
        "ascii\nonly\n", "café\nnaïve\n", "tab\there\u{1B}[1m\n", "bell\u{7}\n", "fields\u{1}split\u{1}by\u{1}ctrl-a\n",
    ])
    func piecesEndingAtLineFeedsTallyAsTheWhole(_ text: String) throws {
        try check(Array(text.utf8), is: .utf8)
    }

    @Test func bytesThatAreNotUTF8TallyAsTheWhole() throws {
        try check([0x63, 0x61, 0x66, 0xE9, 0x0A, 0x6E, 0x61, 0xEF, 0x76, 0x65, 0x0A], is: .windows1252)  // Latin-1
        try check(Array(repeating: Array("x\u{1}\u{2}\u{3}\n".utf8) + [0xC3], count: 8).flatMap { $0 } + [0x0A], is: nil)  // controls, stray bytes
        try check(Array("a\nb\u{0}c\n".utf8), is: nil)  // NUL
        try check([0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00], is: .utf16(bigEndian: false))  // UTF-16 mark
        try check(Array("é\n".utf8) + [0xE9, 0x0A], is: .utf8)  // UTF-8 with a stray byte
    }

    /// The control characters of a head's last bytes, past a character its end cut, are not
    /// counted, as before the count went by bytes (review: this head was taken for no text).
    @Test func aHeadsCutCharacterHidesTheControlsAfterIt() {
        let head: [UInt8] = [0xE9, 0x20, 0xC3, 0xA9] + Array(repeating: 0x01, count: 7) + [0xC3, 0x01]
        #expect(TextEncoding.of(head, head: true) == .utf8)
        #expect(TextEncoding.of(head) == nil, "not a head: the last control is counted, and makes it too many")
    }

    private func check(_ bytes: [UInt8], is expected: TextEncoding?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var tally = TextEncoding.Tally()
        var from = 0
        for end in Self.lineEnds(bytes) + [bytes.count] {
            tally.add(bytes[from..<end])
            from = end
        }
        #expect(tally.encoding(of: bytes) == expected, "\(bytes)", sourceLocation: sourceLocation)
        #expect(TextEncoding.of(bytes) == expected, "\(bytes)", sourceLocation: sourceLocation)
    }
}
