import CarouselCards
@testable import CarouselDecks
import Foundation
import Synchronization
import Testing

/// Standard input that goes on: its first whole lines make the cards at once, a thread reads on,
/// and each deck it makes of all that came replaces the last (`tail -f log | carousel --lines -`).
@Suite struct StandardInputStreamTests {
    /// A pipe whose read end stands in for standard input.
    final class Pipe: @unchecked Sendable {
        let read: Int32
        private(set) var write: Int32
        init() throws {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw DeckError("no pipe") }
            read = ends[0]
            write = ends[1]
        }
        func send(_ text: String) { _ = text.utf8CString.dropLast().withUnsafeBytes { Foundation.write(write, $0.baseAddress, $0.count) } }
        func closeWrite() {
            if write >= 0 { close(write) }
            write = -1
        }
        deinit {
            closeWrite()
            close(read)
        }
    }

    /// How many times the stream said it made a deck.
    final class Count: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    /// The titles of a deck's cards.
    static func titles(_ deck: Deck) -> [String] { (0..<deck.count).map { deck.provider.card(at: $0).title } }

    /// Waits (at most 10 s) for a deck from `stream` that `accepts`; the decks seen meanwhile.
    static func wait(for stream: StandardInputStream, until accepts: (StandardInputStream.Made) -> Bool)
        -> (found: StandardInputStream.Made?, seen: [StandardInputStream.Made]) {
        var seen: [StandardInputStream.Made] = []
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let made = stream.latest() {
                seen.append(made)
                if accepts(made) { return (made, seen) }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return (nil, seen)
    }

    @Test func linesThatGoOnShowFirstThenEachDeckHoldsAllThatCame() throws {
        let pipe = try Pipe()
        pipe.send("first\nsecond\nthi")
        let options = LoadOptions(lines: true)
        let (deck, stream) = try DeckLoader.openStandardInput(options: options, patience: 0.05, descriptor: pipe.read, progress: nil)
        // The whole lines, not the one a read cut ("thi"): it is no card yet.
        #expect(Self.titles(deck) == ["first", "second"])
        let reading = try #require(stream, "the input is still open: a stream reads on")
        let changes = Count()
        reading.start { changes.add() }
        pipe.send("rd\nfourth\n")
        let grown = Self.wait(for: reading) { made in
            Self.titles(made.deck) == ["first", "second", "third", "fourth"]
        }
        #expect(grown.found?.ended == false, "\(grown.seen.map { Self.titles($0.deck) })")
        pipe.send("last, with no line end")
        pipe.closeWrite()
        let ended = Self.wait(for: reading) { $0.ended }
        let last = try #require(ended.found?.deck)
        #expect(Self.titles(last) == ["first", "second", "third", "fourth", "last, with no line end"])
        #expect(changes.value >= 2)
        // Nothing more once it has ended.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(reading.latest() == nil)
    }

    @Test func anInputThatEndsSoonIsReadWholeWithNoStream() throws {
        let pipe = try Pipe()
        pipe.send("one\ntwo\nthree")
        pipe.closeWrite()
        let (deck, stream) = try DeckLoader.openStandardInput(options: LoadOptions(lines: true), patience: 0.05, descriptor: pipe.read,
                                                              progress: nil)
        #expect(Self.titles(deck) == ["one", "two", "three"])
        #expect(stream == nil)
    }

    /// Until a whole line comes, the reading waits (the sign says so on standard error).
    @Test func noCardsBeforeAWholeLine() throws {
        let pipe = try Pipe()
        pipe.send("# Tit")
        let writer = Thread {
            Thread.sleep(forTimeInterval: 0.4)
            pipe.send("le\ntext of the card\n")
        }
        writer.start()
        let began = Date()
        let (deck, stream) = try DeckLoader.openStandardInput(options: LoadOptions(), patience: 0.05, descriptor: pipe.read, progress: nil)
        #expect(Date().timeIntervalSince(began) >= 0.2, "not before the line came")
        #expect(Self.titles(deck) == ["Title"], "a title a read cut is not a card's title")
        #expect(stream != nil)
        pipe.closeWrite()
    }

    /// Cards between `---` lines: the card still being written grows in place.
    @Test func aCardStillBeingWrittenGrows() throws {
        let pipe = try Pipe()
        pipe.send("# One\nfirst card\n---\n# Two\nbegun\n")
        let (deck, stream) = try DeckLoader.openStandardInput(options: LoadOptions(), patience: 0.05, descriptor: pipe.read, progress: nil)
        #expect(Self.titles(deck) == ["One", "Two"])
        let reading = try #require(stream)
        let changes = Count()
        reading.start { changes.add() }
        pipe.send("and ended\n---\n# Three\n")
        pipe.closeWrite()
        let ended = Self.wait(for: reading) { $0.ended }
        let last = try #require(ended.found?.deck)
        #expect(Self.titles(last) == ["One", "Two", "Three"])
        #expect(last.provider.card(at: 1).lines == ["begun", "and ended"])
    }

    /// Input that stops being text further on (a NUL byte) ends the reading: the cards shown stay,
    /// and it says why (review: the status line said "standard input: standard input: not text"
    /// after the end, its count still `+`).
    @Test func inputThatStopsBeingTextEndsTheReadingWithTheCardsShown() throws {
        let pipe = try Pipe()
        pipe.send("a\nb\n")
        let (deck, stream) = try DeckLoader.openStandardInput(options: LoadOptions(lines: true), patience: 0.05, descriptor: pipe.read, progress: nil)
        #expect(Self.titles(deck) == ["a", "b"])
        let reading = try #require(stream)
        reading.start {}
        pipe.send("c\u{0}d\ne\n")
        let ended = Self.wait(for: reading) { $0.ended }
        let made = try #require(ended.found)
        #expect(Self.titles(made.deck) == ["a", "b"])
        let cut = try #require(made.cut)
        #expect(cut.hasPrefix("standard input: not text") && cut.hasSuffix("; the rest was not read"), "\(cut)")
        #expect(cut.components(separatedBy: "standard input").count == 2, "said once: \(cut)")
    }

    /// Past the lines `--lines` takes, the reading ends, said as a whole read says it.
    @Test func theLinesLimitEndsTheReading() throws {
        let pipe = try Pipe()
        pipe.send("first\n")
        var options = LoadOptions(lines: true)
        options.maximumLineCards = 5
        let (_, stream) = try DeckLoader.openStandardInput(options: options, patience: 0.05, descriptor: pipe.read, progress: nil)
        let reading = try #require(stream)
        reading.start {}
        pipe.send((2...9).map { "line \($0)\n" }.joined())
        let ended = Self.wait(for: reading) { $0.ended }
        let made = try #require(ended.found)
        #expect(made.deck.count == 5 && made.cut == "only the first 5 lines were read", "\(String(describing: made.cut))")
    }

    /// Names ended by NUL bytes whose encoding changes (Windows-1252 until a name of UTF-8 comes)
    /// are read anew: no card counts as unchanged (helper-113: with `--read0` every input was
    /// judged "not text", never a change, so a search kept `café` as a match when it read `caf�`).
    @Test func namesEndedByNulBytesWhoseEncodingChangesAreAllNew() throws {
        let pipe = try Pipe()
        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Foundation.write(pipe.write, $0.baseAddress, $0.count) } }
        send(Array("abc".utf8) + [0, 0x63, 0x61, 0x66, 0xE9, 0])
        var options = LoadOptions(lines: true)
        options.read0 = true
        let (deck, stream) = try DeckLoader.openStandardInput(options: options, patience: 0.05, descriptor: pipe.read, progress: nil)
        #expect(Self.titles(deck) == ["abc", "café"])
        let reading = try #require(stream)
        reading.start {}
        send(Array("zzz".utf8) + [0])
        let same = Self.wait(for: reading) { $0.deck.count == 3 }
        #expect(same.found?.unchanged == 1, "the same encoding: all but the last card unchanged")
        send(Array("naïve".utf8) + [0])
        let changed = Self.wait(for: reading) { $0.deck.count == 4 }
        let made = try #require(changed.found)
        #expect(Self.titles(made.deck) == ["abc", "caf\u{FFFD}", "zzz", "naïve"])
        #expect(made.unchanged == 0, "read as UTF-8 now: every card anew")
        // The input ends, and the stream's thread with it: left reading, it read on from the
        // descriptor the pipe's end left free, another test's pipe, and took its input.
        pipe.closeWrite()
        #expect(Self.wait(for: reading) { $0.ended }.found != nil)
    }

    /// A deck made while the one before it waits, not taken, counts as unchanged the fewer of the
    /// two counts: the program compares it with the deck it shows (review: a card that grew in
    /// between was taken as unchanged, and a search in force missed its match for good).
    @Test func aDeckNotTakenKeepsTheFewerUnchangedCards() throws {
        let deck = try DeckLoader.load(paths: ["-"], standardInput: { Array("a\n---\nb\n".utf8) })
        let waiting = StandardInputStream.Made(deck: deck, ended: false, cut: nil, unchanged: 2)
        let next = StandardInputStream.Made(deck: deck, ended: false, cut: nil, unchanged: 3)
        #expect(StandardInputStream.replacing(waiting, with: next).unchanged == 2)
        #expect(StandardInputStream.replacing(nil, with: next).unchanged == 3)
        #expect(StandardInputStream.replacing(next, with: waiting).unchanged == 2)
    }
}
