import CarouselCards
@testable import CarouselDecks
import Foundation
import Testing

/// Art in several sizes: `NAME@2x.EXT` (any `@Nx`) beside `NAME.EXT` is a larger size of that
/// card's art, not a card of its own; a manifest's file picks up its sizes from the same folder;
/// they are read when the card is, and only art has them.
@Suite struct ArtVariantDeckTests {
    static let small = "/\\\n\\/\n"
    static let large = " /\\\n/  \\\n\\  /\n \\/\n"
    static let larger = "  /\\\n /  \\\n/    \\\n\\    /\n \\  /\n  \\/\n"

    func variants(_ card: Card) -> [[String]]? {
        if case .art(let art) = card.content { return art.variants }
        return nil
    }

    @Test func aDirectoryFoldsTheLargerSizesIntoTheirCard() throws {
        let scratch = try Scratch()
        scratch.write(Self.small, to: "a.txt")
        scratch.write(Self.larger, to: "a@3x.txt")
        scratch.write(Self.large, to: "a@2x.txt")
        scratch.write(Self.small, to: "b.txt")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["a", "b"])
        #expect(deck.problems.isEmpty)
        let a = deck.cards[0]
        #expect(variants(a) == [["/\\", "\\/"], [" /\\", "/  \\", "\\  /", " \\/"], ["  /\\", " /  \\", "/    \\", "\\    /", " \\  /", "  \\/"]],
                "smallest first, by the scale the names say")
        #expect(a.lines == ["/\\", "\\/"], "a card's lines are its own file's")
        #expect(variants(deck.cards[1])?.count == 1)
    }

    @Test func aLoneLargerSizeIsACard() throws {
        let scratch = try Scratch()
        scratch.write(Self.large, to: "b@2x.txt")
        scratch.write(Self.small, to: "c.txt")
        scratch.write(Self.large, to: "c@2x.md")  // another extension: another file
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["b@2x", "c", "c@2x"])
        #expect(variants(deck.cards[0]) == [[" /\\", "/  \\", "\\  /", " \\/"]])
        #expect(variants(deck.cards[1])?.count == 1)
    }

    @Test func namesThatAreNotLargerSizes() {
        for name in ["a@1x.txt", "a@0x.txt", "@2x.txt", "a@x.txt", "a@2.txt", "a@2xx.txt", "a2x.txt", "a@2X.txt", "a@1234x.txt"] {
            #expect(ArtSizes.base(ofSize: Array(name.utf8)) == nil, "\(name)")
        }
        for (name, base, scale) in [("a@2x.txt", "a.txt", 2), ("Mira@3x.txt", "Mira.txt", 3), ("a.b@10x.txt", "a.b.txt", 10),
                                    ("notes@2x", "notes", 2), ("sub/x@2x.txt", "sub/x.txt", 2)] {
            let found = ArtSizes.base(ofSize: Array(name.utf8))
            #expect(found.map { String(decoding: $0.base, as: UTF8.self) } == base, "\(name)")
            #expect(found?.scale == scale, "\(name)")
        }
    }

    @Test func aManifestsFilePicksUpItsLargerSizes() throws {
        let scratch = try Scratch()
        try scratch.directory("art")
        scratch.write(Self.small, to: "m.txt")
        scratch.write(Self.large, to: "m@2x.txt")
        scratch.write(Self.small, to: "n.txt", in: scratch.at("art"))
        scratch.write(Self.larger, to: "n@3x.txt", in: scratch.at("art"))
        scratch.write(Self.small, to: "o.txt")
        scratch.write(#"{"cards": [{"file": "m.txt", "title": "M"}, {"file": "art/n.txt"}, {"file": "o.txt"}]}"#, to: "deck.json")
        // Through the directory (its listing known) and through the manifest itself.
        for path in [scratch.path, scratch.at("deck.json")] {
            let deck = try DeckLoader.load(paths: [path])
            #expect(deck.cards.map(\.title) == ["M", "n", "o"])
            #expect(variants(deck.cards[0])?.count == 2)
            #expect(variants(deck.cards[0])?.last == [" /\\", "/  \\", "\\  /", " \\/"])
            #expect(variants(deck.cards[1])?.count == 2)
            #expect(variants(deck.cards[2])?.count == 1)
        }
    }

    @Test func largerSizesAreReadWhenTheCardIs() throws {
        let scratch = try Scratch()
        scratch.write(Self.small, to: "a.txt")
        scratch.write(Self.large, to: "a@2x.txt")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.provider.artLoads == 0)
        // Changed after the deck opened, before the card is shown: the card shows it as it is now.
        scratch.write("#\n", to: "a@2x.txt")
        #expect(variants(deck.cards[0])?.last == ["#"])
        // Gone by then: the card keeps the sizes it still has.
        let again = try DeckLoader.load(paths: [scratch.path])
        try FileManager.default.removeItem(atPath: scratch.at("a@2x.txt"))
        #expect(variants(again.cards[0]) == [["/\\", "\\/"]])
    }

    @Test func onlyArtHasSizes() throws {
        let scratch = try Scratch()
        scratch.write("Buy milk, eggs and bread.\n", to: "note.txt")
        scratch.write(Self.large, to: "note@2x.txt")
        scratch.write(Self.small, to: "pic.txt")
        scratch.write("Words and words, not a drawing at all.\n", to: "pic@2x.txt")
        // The auto rule decides on the card's own file; a larger size of text is not a card either.
        let auto = try DeckLoader.load(paths: [scratch.path])
        #expect(auto.cards.map(\.title) == ["note", "pic"])
        guard case .text = auto.cards[0].content else { Issue.record("note is text"); return }
        #expect(variants(auto.cards[1])?.count == 2)
        let text = try DeckLoader.load(paths: [scratch.path], options: LoadOptions(kind: .text))
        #expect(text.cards.map(\.title) == ["note", "pic"])
        #expect(text.cards.allSatisfy { variants($0) == nil })
        let art = try DeckLoader.load(paths: [scratch.path], options: LoadOptions(kind: .art))
        #expect(art.cards.map { variants($0)?.count } == [2, 2])
    }

    @Test func aCardFileNamedOnTheCommandLineIsJustThatFile() throws {
        let scratch = try Scratch()
        scratch.write(Self.small, to: "a.txt")
        scratch.write(Self.large, to: "a@2x.txt")
        let deck = try DeckLoader.load(paths: [scratch.at("a.txt"), scratch.at("a@2x.txt")])
        #expect(deck.cards.map(\.title) == ["a", "a@2x"])
    }

    /// The built-in deck's portraits come in two sizes, the large one about twice the small one.
    @Test func theBuiltInPortraitsHaveALargeSize() throws {
        let deck = try DeckLoader.builtin()
        #expect(deck.count == 20)
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/deck")
        for card in deck.cards {
            let sizes = try #require(variants(card), "\(card.title) is art")
            #expect(sizes.count == 2, "\(card.title)")
            let file = try String(contentsOf: assets.appendingPathComponent("\(card.title)@2x.txt"), encoding: .utf8)
            #expect(sizes.last == Sanitizer.lines(from: Array(file.utf8)), "\(card.title): the embedded @2x is the file")
            let small = sizes[0], large = sizes[1]
            let width = { (lines: [String]) in lines.map(\.count).max() ?? 0 }
            #expect((36...46).contains(width(large)) && (20...24).contains(large.count), "\(card.title): \(width(large))x\(large.count)")
            #expect(width(large) >= 2 * width(small) - 4 && large.count == 2 * small.count, "\(card.title)")
            #expect(large.joined().unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(card.title): ASCII only")
        }
        let mira = try #require(deck.cards.first { $0.title == "Mira" })
        #expect(variants(mira)?.count == 2)
    }
}
