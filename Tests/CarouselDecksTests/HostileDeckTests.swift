@testable import CarouselDecks
import Foundation
import Testing

/// The hostile corpus through every way into a deck: card files, file names, manifests (inline and
/// raw), standard input, and the messages about all of them. Nothing that could drive a terminal or
/// change a line's width may come out.
@Suite struct HostileDeckTests {
    @Test(arguments: HostileCorpus.contents.map(\.name))
    func aHostileCardFileComesOutClean(_ name: String) throws {
        let bytes = HostileCorpus.contents.first { $0.name == name }!.bytes
        let scratch = try Scratch()
        scratch.write(bytes, named: Array((name + ".txt").utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count == 1)
        #expect(offences(in: deck) == [])
        #expect(deck.cards[0].lines.count <= Sanitizer.maximumLines)
    }

    @Test func escapeSequencesAreShownNotObeyed() throws {
        let deck = try DeckLoader.load(paths: ["-"], standardInput: {
            HostileCorpus.contents[0].bytes + Array("\n---\n".utf8) + HostileCorpus.contents[2].bytes
        })
        #expect(deck.cards[0].lines == ["␛[2J␛[Hcleared?"])
        #expect(deck.cards[1].lines == ["␛]0;pwned␇after"])
    }

    @Test func hostileFileNamesBecomeCleanTitlesAndMessages() throws {
        let scratch = try Scratch()
        for name in HostileCorpus.fileNames { scratch.write(Array("art".utf8), named: name) }
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count == HostileCorpus.fileNames.count, "every name is read back byte for byte")
        #expect(deck.cards.allSatisfy { $0.lines == ["art"] })
        #expect(offences(in: deck) == [])
        #expect(deck.cards.contains { $0.title == "evil␛[31m" })
        // The same names as paths that do not exist: the messages must be as clean.
        let missing = HostileCorpus.fileNames.map { scratch.path + "/missing-" + String(decoding: $0, as: UTF8.self) }
        let error = #expect(throws: DeckError.self) { try DeckLoader.load(paths: missing) }
        for message in (error?.problems ?? []) + [error?.description ?? ""] {
            #expect(offence(in: message) == nil, "\(message.debugDescription)")
        }
    }

    @Test func hostileManifestTextComesOutClean() throws {
        let scratch = try Scratch()
        // Escapes written as JSON escapes, and the corpus's raw bytes inside JSON strings.
        var manifest = Array(#"{"name": "\u001b]0;deck\u0007", "cards": ["#.utf8)
        for (index, item) in HostileCorpus.contents.enumerated() where !item.bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            manifest += Array(#"{"title": "t\#(index)"#.utf8) + item.bytes + Array(#"", "subtitle": ""#.utf8) + item.bytes
            manifest += Array(#"", "art": ""#.utf8) + item.bytes + Array(#""},"#.utf8)
        }
        manifest += Array(#"{"title": "\u202Eevil\u0000\u009b", "art": ["\u001b[2J", "\u0090q\u009c"], "\u001b[31mkey": 1}]}"#.utf8)
        scratch.write(manifest, named: Array("deck.json".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count > 3)
        #expect(deck.problems.count == 1, "the unknown key")
        #expect(offences(in: deck) == [])
    }

    @Test func brokenManifestsGiveCleanMessages() throws {
        let scratch = try Scratch()
        for (index, item) in HostileCorpus.contents.enumerated() {
            let directory = try scratch.directory("deck\(index)")
            scratch.write(Array(#"{"cards": ["#.utf8) + item.bytes, named: Array("deck.json".utf8), in: directory)
            let error = #expect(throws: DeckError.self) { try DeckLoader.load(paths: [directory]) }
            #expect(offence(in: error?.description ?? "") == nil, "\(item.name): \(error?.description.debugDescription ?? "")")
        }
    }

    @Test func hostileStandardInputComesOutClean() throws {
        func input(_ items: [(name: String, bytes: [UInt8])]) -> [UInt8] {
            var bytes: [UInt8] = []
            for item in items {
                bytes += Array("# ".utf8)
                bytes += item.bytes.prefix(300)
                bytes.append(0x0A)
                bytes += item.bytes
                bytes += Array("\n---\n".utf8)
            }
            return bytes
        }
        // What is text (escape sequences, controls, bidi marks, invalid UTF-8 read as Latin-1) comes out clean.
        let text = HostileCorpus.contents.filter { TextEncoding.of($0.bytes) != nil }
        #expect(text.count >= HostileCorpus.contents.count - 3)
        let deck = try DeckLoader.load(paths: ["-"], standardInput: { input(text) })
        #expect(deck.count >= text.count - 1)
        #expect(offences(in: deck) == [])
        // Bytes that are not text are refused, as a file of them is, with a clean message.
        let error = #expect(throws: DeckError.self) { try DeckLoader.load(paths: ["-"], standardInput: { input(HostileCorpus.contents) }) }
        #expect(error?.description == "standard input: not text (it holds NUL bytes or control characters)")
        #expect(offence(in: error?.description ?? "") == nil)
    }
}
