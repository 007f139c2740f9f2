@testable import CarouselDecks
import CarouselCanvas
import Testing

@Suite struct ManifestTests {
    func read(_ text: String) throws(DeckError) -> Manifest {
        try ManifestReader.read(Array(text.utf8), displayName: "deck.json")
    }

    @Test func everyFeatureIsRead() throws {
        let manifest = try read("""
            {
              "name": "Portraits",
              "defaults": { "style": "Ring", "mode": "scaled", "loop": true, "start": 2 },
              "cards": [
                { "file": "art/mira.txt", "title": "Mira", "subtitle": "Cellist", "accent": "#e06c75" },
                { "title": "Inline", "art": "  (o o)\\n   \\\\_/" },
                { "art": ["a", "b"] }
              ]
            }
            """)
        #expect(manifest.problems.isEmpty)
        #expect(manifest.name == "Portraits")
        #expect(manifest.defaults == DeckDefaults(style: "ring", mode: "scaled", loop: true, start: 2))
        #expect(manifest.cards?.count == 3)
        #expect(manifest.cards?[0] == ManifestCard(
            number: 1, line: 5, file: Array("art/mira.txt".utf8), title: "Mira", subtitle: "Cellist",
            accent: RGB(hex: "#E06C75"), art: nil))
        #expect(manifest.cards?[1].art == "  (o o)\n   \\_/")
        #expect(manifest.cards?[2].art == "a\nb")
    }

    @Test func unknownKeysAreReportedWithTheirPlace() throws {
        let manifest = try read("""
            {
              "nmae": "typo",
              "defaults": { "speed": 3 },
              "cards": [
                { "title": "a", "file": "a.txt" },
                { "title": "b", "art": "b" },
                { "title": "c", "art": "c", "colour": "#FFFFFF" }
              ]
            }
            """)
        #expect(manifest.problems.map(\.message) == [
            "deck.json, line 2: unknown key 'nmae' at the top level",
            "deck.json, line 3: unknown key 'speed' in defaults",
            "deck.json, line 7: unknown key 'colour' in card 3",
        ])
        #expect(manifest.problems.allSatisfy { !$0.skipsCard })
        #expect(manifest.cards?.count == 3)
    }

    @Test func valuesOfTheWrongKindAreReportedAndLeftOut() throws {
        let manifest = try read("""
            {"name": 7, "defaults": {"style": "spiral", "mode": 1, "loop": "yes", "start": 0},
             "cards": [
              {"title": ["x"], "subtitle": null, "accent": "red", "art": 5},
              "just text",
              {"file": "/etc/passwd"},
              {"file": "../outside.txt"},
              {"file": "a.txt", "art": "both"},
              {"title": "t", "title": "u", "art": "x"},
              {"title": "nothing"}
            ]}
            """)
        #expect(manifest.problems.map(\.message) == [
            "deck.json, line 1: 'name' should be text, found a number",
            "deck.json, line 1: 'style' in defaults should be one of arc, stack, ring, lyrics, found 'spiral'",
            "deck.json, line 1: 'mode' in defaults should be one of normal, scaled, found a number",
            "deck.json, line 1: 'loop' in defaults should be true or false, found text",
            "deck.json, line 1: 'start' in defaults should be a card number (1 is the first)",
            "deck.json, line 3: 'title' in card 1 should be text, found a list",
            "deck.json, line 3: 'subtitle' in card 1 should be text, found null",
            "deck.json, line 3: 'accent' in card 1 should be a colour like #E06C75, found 'red'",
            "deck.json, line 3: 'art' in card 1 should be text or a list of lines, found a number; skipped",
            // (At its own line: it was said at the line of "cards": helper-43.)
            "deck.json, line 4: card 2 should be an object, found text; skipped",
            "deck.json, line 5: 'file' in card 3 must be a path inside the deck's directory, not an absolute one (found '/etc/passwd'); skipped",
            "deck.json, line 6: 'file' in card 4 must be a path inside the deck's directory (no '..') (found '../outside.txt'); skipped",
            "deck.json, line 7: card 5 has both 'file' and 'art'; the file is used",
            "deck.json, line 8: key 'title' appears twice in card 6; the last one is used",
            // A card of neither file nor art is no card (it showed "(empty)", said nothing).
            "deck.json, line 9: card 7 has no 'file' or 'art'; skipped",
        ])
        #expect(manifest.problems.filter(\.skipsCard).count == 5)
        #expect(manifest.defaults == DeckDefaults())
        #expect(manifest.cards?.map(\.number) == [5, 6])
        #expect(manifest.cards?.last?.title == "u")
        // Art of lines with something else among them names it (helper-43: "found a list").
        let art = try read(#"{"cards": [{"art": ["line one", 5, null]}]}"#)
        #expect(art.problems.map(\.message) == ["deck.json, line 1: 'art' in card 1 should be text or a list of lines, its line 2 is a number; skipped"])
    }

    @Test func aManifestThatIsNotADeckIsAnErrorWithLineAndColumn() {
        #expect(throws: DeckError("deck.json, line 3, column 5: expected ',' or '}' after a member of the object, found '\"'")) {
            try read("{\n  \"name\": \"x\"\n    \"cards\": []\n}")
        }
        #expect(throws: DeckError("deck.json: expected an object ({ \"cards\": [...] }) at the top, found a list")) {
            try read("[]")
        }
        #expect(throws: DeckError("deck.json, line 1: 'cards' should be a list of cards, found an object")) {
            try read("{\"cards\": {}}")
        }
        #expect(throws: DeckError("deck.json, line 1, column 1: the file is empty")) { try read("") }
    }

    @Test func hostileTextInAManifestIsSanitisedEverywhere() throws {
        let manifest = try read(#"""
            {"name": "\u001b]0;pwned\u0007",
             "\u001b[2Jkey": 1,
             "defaults": {"style": "\u009b31m"},
             "cards": [{"title": "\u202eevil", "subtitle": "a\u0000b", "accent": "\u001b[31m", "file": "x\u0000y"}]}
            """#)
        for text in manifest.problems.map(\.message) + [manifest.name ?? ""] {
            #expect(offence(in: text) == nil, "\(text.debugDescription)")
        }
        #expect(manifest.name == "␛]0;pwned␇")
        // The unknown key, the style, the accent... no: the card's bad `file` skips it before its accent is read.
        #expect(manifest.problems.count == 3)
    }

    @Test func coloursAreExactlyHashAndSixHexDigits() {
        #expect(RGB(hex: "#0aF9c3") == RGB(hex: "#0AF9C3"))
        #expect(RGB(hex: "#0AF9C3").map { [$0.r, $0.g, $0.b] } == [0x0A, 0xF9, 0xC3])
        #expect(RGB(hex: "#0AF9C3")?.hex == "#0AF9C3")
        for bad in ["0AF9C3", "#+AF9C3", "#0AF9C", "#0AF9C3F", "#GGGGGG", "", "#"] {
            #expect(RGB(hex: bad) == nil, "\(bad)")
        }
    }

    /// A Markdown file a manifest lists without a title, or under another title, keeps its
    /// heading in its text, where the source has it (helper-43: `talk.md` showed neither "Heading"
    /// in its frame nor in its text); under that same title, and in a folder, the heading titles it.
    @Test func aListedMarkdownFileKeepsItsHeading() throws {
        let scratch = try Scratch()
        _ = scratch.write("Intro.\n\n# Heading\n\nSome *markdown* text.\n", to: "talk.md")
        _ = scratch.write(#"{"cards": [{"file": "talk.md"}, {"file": "talk.md", "title": "Named"}, {"file": "talk.md", "title": "Heading"}]}"#,
                          to: "deck.json")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["talk", "Named", "Heading"])
        #expect(deck.cards[0].lines == ["Intro.", "", "Heading", "", "Some markdown text."], "\(deck.cards[0].lines)")
        #expect(deck.cards[1].lines == deck.cards[0].lines)
        // Under that title too: a heading after an intro stays where it was written (helper-55:
        // the two paragraphs around it ran together); one the text opens with is the frame's alone.
        #expect(deck.cards[2].lines == deck.cards[0].lines, "\(deck.cards[2].lines)")
        let file = scratch.write("# Heading\n\nSome text.\n", to: "note.md", in: nil)
        let alone = try DeckLoader.load(paths: [file])
        #expect(alone.cards.map(\.title) == ["Heading"] && alone.cards[0].lines == ["Some text."])
    }
}
