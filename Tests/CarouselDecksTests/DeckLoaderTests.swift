@testable import CarouselDecks
import CarouselCore
import Foundation
import Testing

@Suite struct DeckLoaderTests {
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "carousel-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theBuiltInDeckHasAtLeastFifteenPortraitsWithAccents() throws {
        let deck = try DeckLoader.builtin()
        #expect(deck.cards.count >= 15)
        #expect(deck.problems.isEmpty)
        #expect(deck.cards.allSatisfy { $0.accent != nil && !$0.title.isEmpty && $0.art.count >= 5 })
        #expect(deck.cards.first?.title == "Mira")
    }

    @Test func aDirectoryOfTextFilesIsADeckInFileNameOrder() throws {
        let dir = try temporaryDirectory()
        try "b art".write(toFile: dir + "/b-second.txt", atomically: true, encoding: .utf8)
        try "a art".write(toFile: dir + "/a-first.txt", atomically: true, encoding: .utf8)
        try "ignored".write(toFile: dir + "/notes.md", atomically: true, encoding: .utf8)
        let deck = try DeckLoader.load(paths: [dir])
        #expect(deck.cards.map(\.title) == ["a-first", "b-second"])
        #expect(deck.cards[0].art == ["a art"])
    }

    @Test func controlCharactersFromFilesNeverSurvive() throws {
        let dir = try temporaryDirectory()
        let hostile: [UInt8] = Array("\u{1B}[2J\u{1B}]0;pwned\u{07}ok\tx\r\n".utf8) + [0xFF, 0xC2, 0x9B, 0x41]
        try Data(hostile).write(to: URL(fileURLWithPath: dir + "/evil\u{1B}[31m.txt"))
        let deck = try DeckLoader.load(paths: [dir])
        let text = deck.cards.flatMap { $0.art + [$0.title] }.joined()
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
        #expect(deck.cards[0].art[0].contains("␛[2J"))
        #expect(deck.cards[0].art[0].hasSuffix("␇ok    x"), "tab at column 16 expanded to the stop at 20")
    }

    @Test func missingPathsAreNamedAndAnEmptyResultIsAnError() throws {
        #expect(throws: DeckError.self) { try DeckLoader.load(paths: ["/nonexistent/deck"]) }
        do {
            _ = try DeckLoader.load(paths: ["/nonexistent/deck"])
        } catch let error as DeckError {
            #expect(error.description.contains("/nonexistent/deck"))
            #expect(error.description.contains("no such file"))
        }
        let dir = try temporaryDirectory()
        try "x".write(toFile: dir + "/ok.txt", atomically: true, encoding: .utf8)
        let partial = try DeckLoader.load(paths: [dir, "/nonexistent/other"])
        #expect(partial.cards.count == 1 && partial.problems.count == 1)
    }

    @Test func sanitizerKeepsPrintableTextAndSplitsLines() {
        #expect(Sanitizer.lines(from: "a\r\nb\n\nc") == ["a", "b", "", "c"])
        #expect(Sanitizer.lines(from: "\u{202E}abc") == ["\u{FFFD}abc"])
        #expect(Sanitizer.line("two\nlines") == "two␊lines")
        #expect(Sanitizer.lines(from: [0x41, 0xFF, 0x42]) == ["A\u{FFFD}B"])
    }
}
