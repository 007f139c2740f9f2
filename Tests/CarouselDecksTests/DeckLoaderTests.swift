import CarouselCanvas
import CarouselCards
@testable import CarouselDecks
import Foundation
import Testing

@Suite struct DeckLoaderTests {
    @Test func theBuiltInDeckHasAtLeastFifteenPortraitsWithAccents() throws {
        let deck = try DeckLoader.builtin()
        #expect(deck.count >= 15)
        #expect(deck.problems.isEmpty && deck.skipped == 0)
        #expect(deck.name == "Portraits")
        #expect(deck.cards.allSatisfy { $0.accent != nil && !$0.title.isEmpty && $0.lines.count >= 5 })
        #expect(deck.cards.first?.title == "Mira")
        #expect(CardList(deck.cards).count == deck.count)
    }

    @Test func aDirectoryOfTextFilesIsADeckInFileNameOrder() throws {
        let scratch = try Scratch()
        scratch.write("b art", to: "b-second.txt")
        scratch.write("a art\n", to: "a-first.txt")
        scratch.write("# Notes\n\nSome *notes*.", to: "notes.md")
        scratch.write("let x = 1", to: "main.swift")
        scratch.write("no extension, still text", to: "README")
        scratch.write("hidden", to: ".hidden.txt")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["a-first", "b-second", "main", "Notes", "README"], "letters whatever their case")
        #expect(deck.cards[0].lines == ["a art"])
        #expect(deck.cards[3].lines == ["Some notes."], "Markdown is rendered; its first heading is the title")
        #expect(deck.problems.isEmpty)
        #expect(deck.name == (scratch.path as NSString).lastPathComponent)
    }

    /// Titles come from file names without their extensions, unless two cards would then be
    /// called alike: main.c and main.h keep their extensions, two folders' notes.txt their folders.
    @Test func cardsNamedAlikeKeepTheirFileNamesWhole() throws {
        let scratch = try Scratch()
        scratch.write("int main(void);", to: "main.h")
        scratch.write("int main(void) { return 0; }", to: "main.c")
        scratch.write("fn main() {}", to: "lib.rs")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["lib", "main.c", "main.h"])

        try scratch.directory("work")
        try scratch.directory("home")
        scratch.write("work notes", to: "work/notes.txt")
        scratch.write("home notes", to: "home/notes.txt")
        scratch.write("the other notes", to: "home/notes.md")
        let files = try DeckLoader.load(paths: [scratch.at("work/notes.txt"), scratch.at("home/notes.txt"), scratch.at("home/notes.md")])
        #expect(files.cards.map(\.title) == ["work/notes.txt", "home/notes.txt", "notes.md"])

        // Names without an extension, alike whole too, are told apart by their folders, as far up
        // as it takes (both showed `Makefile`: helper-66).
        for folder in ["services/api", "services/web", "old/x", "new/x"] { try scratch.directory(folder) }
        for folder in ["services/api", "services/web", "old/x", "new/x"] { scratch.write("all:\n\tmake -C \(folder)", to: folder + "/Makefile") }
        let makefiles = try DeckLoader.load(paths: ["services/api", "services/web", "old/x", "new/x"].map { scratch.at($0 + "/Makefile") })
        #expect(makefiles.cards.map(\.title) == ["api/Makefile", "web/Makefile", "old/x/Makefile", "new/x/Makefile"])
        // The same file twice, or a file alike with a slide's title, keeps its name: its folders
        // tell nothing apart (review: `t9/talks/deck/agenda.txt`, `./Makefile`).
        let twice = try DeckLoader.load(paths: [scratch.at("work/notes.txt"), scratch.at("work/notes.txt")])
        #expect(twice.cards.map(\.title) == ["notes.txt", "notes.txt"])
        scratch.write("# Makefile\nthe slide", to: "services/api/about.md")
        let slide = try DeckLoader.load(paths: [scratch.at("services/api/Makefile"), scratch.at("services/api/about.md")])
        #expect(slide.cards.map(\.title) == ["Makefile", "Makefile"])

        // A title a manifest gives stays, and a file titled after its name beside it shows it whole.
        let titled = try Scratch()
        titled.write("A", to: "a.txt")
        titled.write("B", to: "b.txt")
        titled.write(#"{"cards": [{"file": "a.txt", "title": "b"}, {"file": "b.txt"}]}"#, to: "deck.json")
        #expect(try DeckLoader.load(paths: [titled.path]).cards.map(\.title) == ["b", "b.txt"])
    }

    @Test func aManifestInADirectorySetsOrderTitlesColoursAndDefaults() throws {
        let scratch = try Scratch()
        try scratch.directory("art")
        scratch.write("MIRA", to: "art/mira.txt")
        scratch.write("TOMAS", to: "tomas.txt")
        scratch.write("""
            {"name": "Two", "defaults": {"style": "stack", "loop": true},
             "cards": [{"file": "tomas.txt", "accent": "#102030"},
                       {"file": "art/mira.txt", "title": "Mira", "subtitle": "Cellist"},
                       {"art": "inline\\tart"}]}
            """, to: "deck.json")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.name == "Two")
        #expect(deck.defaults == DeckDefaults(style: "stack", loop: true))
        #expect(deck.cards.map(\.title) == ["tomas", "Mira", "Card 3"])
        #expect(deck.cards[0].accent == RGB(0x10, 0x20, 0x30))
        #expect(deck.cards[1].subtitle == "Cellist")
        #expect(deck.cards.map(\.lines) == [["TOMAS"], ["MIRA"], ["inline  art"]])
    }

    @Test func aManifestWithoutCardsUsesTheTextFilesBesideIt() throws {
        let scratch = try Scratch()
        scratch.write("1", to: "one.txt")
        scratch.write("2", to: "two.txt")
        scratch.write(#"{"name": "Just defaults", "defaults": {"mode": "scaled", "start": 2}}"#, to: "deck.json")
        let deck = try DeckLoader.load(paths: [scratch.at("deck.json")])
        #expect(deck.name == "Just defaults")
        #expect(deck.defaults.start == 2 && deck.defaults.mode == "scaled")
        #expect(deck.cards.map(\.title) == ["one", "two"])
    }

    /// A JSON file named on the command line is a manifest when it is `deck.json` or holds a
    /// manifest's `cards` or `defaults`; any other (a `package.json`, data, a broken file) is a card
    /// like any source file. (Read as a manifest, a package.json named its keys as unknown on
    /// stderr and showed the files of its folder instead.)
    @Test func onlyAManifestsJSONIsReadAsAManifest() throws {
        let scratch = try Scratch()
        scratch.write("neighbour", to: "neighbour.txt")
        let package = scratch.write(#"{"name": "app", "version": "1.0.0", "dependencies": {"left-pad": "1"}}"#, to: "package.json")
        let data = scratch.write(#"[1, 2, 3]"#, to: "data.json")
        let broken = scratch.write(#"{"name": "#, to: "broken.json")
        let named = scratch.write(#"{"name": "Portraits", "cards": [{"file": "neighbour.txt", "title": "N"}]}"#, to: "portraits.json")
        let deck = try DeckLoader.load(paths: [package, data, broken])
        #expect(deck.cards.map(\.title) == ["package", "data", "broken"])
        #expect(deck.cards[0].lines.first?.contains("\"version\": \"1.0.0\"") == true)
        #expect(deck.problems.isEmpty, "\(deck.problems)")
        let manifest = try DeckLoader.load(paths: [named])
        #expect(manifest.name == "Portraits" && manifest.cards.map(\.title) == ["N"])
        scratch.write(#"{"defaults": {"mode": "scaled"}}"#, to: "settings.json")
        #expect(try DeckLoader.load(paths: [scratch.at("settings.json")]).defaults.mode == "scaled")
        // deck.json is a manifest whatever it holds: a broken one says why.
        scratch.write(#"{"name": "#, to: "deck.json")
        #expect(throws: DeckError.self) { try DeckLoader.load(paths: [scratch.at("deck.json")]) }
        // So is a broken one under another name that names a manifest's keys: its error has its
        // line and column (helper-43: a comma missing showed a card of its text, nothing said).
        scratch.write("{\n  \"defaults\": {\"style\": \"ring\"},\n  \"cards\": [\n    {\"file\": \"neighbour.txt\"}\n    {\"file\": \"x\"}\n  ]\n}\n",
                      to: "talk.json")
        #expect { try DeckLoader.load(paths: [scratch.at("talk.json")]) } throws: { error in
            "\(error)".contains("line 5") && "\(error)".contains("column")
        }
        #expect(!DeckLoader.namesManifestKeys(Array(#"{"text": "the cards" }"#.utf8)), "a word, not a key")
    }

    /// A JSON file over a card's 1 MiB (an API's description) is a card too, not a manifest whose
    /// keys are unknown with the folder's other files shown instead (helper-108).
    @Test func aBigJSONFileIsACardNotAManifest() throws {
        let scratch = try Scratch()
        scratch.write("neighbour", to: "neighbour.txt")
        let items = (0..<40_000).map { #"{"name": "item \#($0)", "value": \#($0)}"# }.joined(separator: ",\n")
        let big = scratch.write("{\"version\": \"2.0\", \"items\": [\n" + items + "\n]}\n", to: "service-2.json")
        #expect(try FileManager.default.attributesOfItem(atPath: scratch.at("service-2.json"))[.size] as? Int ?? 0 > 1 << 20)
        let deck = try DeckLoader.load(paths: [big])
        #expect(deck.cards.map(\.title) == ["service-2"])
        #expect(!deck.problems.joined().contains("unknown key"), "\(deck.problems)")
        #expect(deck.cards[0].lines.first == #"{"version": "2.0", "items": ["#)
    }

    /// File names in the order people read them (helper-18): letters whatever their case and
    /// their accents (helper-69: `École` and `Über` came after `zebra`), numbers by their value
    /// (`slide2` before `slide10`), names alike so in byte order.
    @Test func fileNamesAreInTheOrderPeopleReadThem() {
        let names = ["slide10.md", "TODO", "slide2.md", "backup.sh", "Makefile", "slide1.md", "b.txt", "B.txt", "Mira@2x.txt",
                     "Mira.txt", "v1.10", "v1.9", "007.txt", "7.txt", "é.txt", "z.txt", "École 2.txt", "ecole 10.txt", "Über.txt",
                     "Straße.txt", "strasse.txt", "e.txt"]
        let sorted = names.map { Array($0.utf8) }.sorted(by: DeckBuilder.precedes).map { String(decoding: $0, as: UTF8.self) }
        #expect(sorted == ["007.txt", "7.txt", "B.txt", "b.txt", "backup.sh", "e.txt", "é.txt", "École 2.txt", "ecole 10.txt",
                           "Makefile", "Mira.txt", "Mira@2x.txt", "slide1.md", "slide2.md", "slide10.md", "Straße.txt", "strasse.txt",
                           "TODO", "Über.txt", "v1.9", "v1.10", "z.txt"])
        #expect(DeckBuilder.sorted(names.map { Array($0.utf8) }).map { String(decoding: $0, as: UTF8.self) } == sorted)
        // A name that is not UTF-8 is ordered by its bytes.
        #expect(DeckBuilder.precedes(Array("z".utf8), [0xE9, 0x2E, 0x74]) && DeckBuilder.precedes(Array("d".utf8), Array("é".utf8)))
    }

    /// A folder's editor backups and temporary files are no cards, as `--watch` does not see them
    /// (helper-27: `notes.txt~` was a card, and stayed one after it was deleted); named alone, one is.
    @Test func editorsBackupsInAFolderAreNoCards() throws {
        let scratch = try Scratch()
        for name in ["notes.txt", "notes.txt~", "#notes.txt#", "4913", ".notes.txt.swp", "plan.md", "plan.md.bak", "plan.md.orig"] {
            scratch.write("x", to: name)
        }
        #expect(try DeckLoader.load(paths: [scratch.path]).cards.map(\.title) == ["notes", "plan"])
        #expect(try DeckLoader.load(paths: [scratch.path + "/notes.txt~"]).cards.map(\.lines) == [["x"]])
    }

    @Test func cardFilesGivenOneByOneKeepTheirOrder() throws {
        let scratch = try Scratch()
        let z = scratch.write("zed", to: "z.card")
        let a = scratch.write("ay", to: "a.txt")
        let deck = try DeckLoader.load(paths: [z, a])
        #expect(deck.cards.map(\.title) == ["z", "a"])
        #expect(deck.cards.map(\.lines) == [["zed"], ["ay"]])
        #expect(deck.name == "cards")
    }

    /// A folder's name as the shell names it: `.` and `..` by the names they stand for in PWD
    /// (a symbolic link's own name, not its target's); a pipe a shell's `<(command)` gives names
    /// nothing.
    @Test func aFolderIsNamedAsTheShellNamesIt() throws {
        func name(_ path: String, _ pwd: String?) -> String {
            DeckLoader.lastComponent(Array(path.utf8), workingDirectory: pwd.map { Array($0.utf8) })
        }
        #expect(name(".", "/home/ada/notes") == "notes")
        #expect(name("..", "/home/ada/notes") == "ada")
        #expect(name("./.", "/home/ada/notes") == "notes")
        #expect(name("../lnk/.", "/home/ada/notes") == "lnk")
        #expect(name("/srv/talks/.", nil) == "talks")
        #expect(name("/srv/talks/x/..", nil) == "talks")
        #expect(name("/", nil) == "/")
        #expect(name("notes/", nil) == "notes")
        #expect(name("..", "/") == "/")
        var builder = DeckBuilder(options: LoadOptions())
        builder.addStream(Array("a\n---\nb\n".utf8), source: "/dev/fd/63", named: false)
        let piped = try builder.deck(defaultName: "cards")
        #expect(!piped.hasOwnName && piped.count == 2)
    }

    @Test func severalPathsMakeOneDeckAndTheFirstManifestNamesIt() throws {
        let scratch = try Scratch()
        let first = try scratch.directory("first")
        let second = try scratch.directory("second")
        scratch.write(#"{"name": "First", "cards": [{"art": "x"}]}"#, to: "deck.json", in: first)
        scratch.write("y", to: "y.txt", in: second)
        let deck = try DeckLoader.load(paths: [first, second])
        #expect(deck.name == "First")
        #expect(deck.count == 2)
    }

    @Test func cardsComeFromStandardInputSeparatedByThreeDashes() throws {
        let input = "# First card\n  /\\\n  \\/\n---\nno title here\n---  \r\n\n\n---\n#not a title\n"
        let deck = try DeckLoader.load(paths: ["-"], standardInput: { Array(input.utf8) })
        #expect(deck.cards.map(\.title) == ["First card", "no title here", "#not a title"])
        #expect(deck.cards[0].lines == ["  /\\", "  \\/"])
        #expect(deck.cards[1].lines == ["no title here"])
        #expect(deck.cards[2].lines == ["#not a title"])
        #expect(deck.name == "standard input")
    }

    /// A card piped in without `# Title` is titled by its first line, which it keeps (helper-22:
    /// they were "Card 1", "Card 2", and a pick printed that): without colour codes, spaces or a
    /// heading's marks, cut with an ellipsis; a line without a word (a drawing's top) leaves "Card N".
    @Test func aCardPipedInIsTitledByItsFirstLine() throws {
        let long = String(repeating: "word ", count: 20)
        let input = "\n  Groceries  \nmilk\n---\n## Plans for May\ntrip\n---\n   .--.\n  (    )\n---\n\u{1B}[32mINFO\u{1B}[0m up\n---\n\(long)\n"
        let deck = try DeckLoader.load(paths: ["-"], standardInput: { Array(input.utf8) })
        #expect(deck.cards.map(\.title) == ["Groceries", "Plans for May", "Card 3", "INFO up", String(long.dropLast())], "whole, for a pick")
        #expect(deck.cards[0].lines == ["  Groceries  ", "milk"])
        #expect(deck.cards[1].lines == ["## Plans for May", "trip"])
        // A card of its `# Title` alone shows the title (helper-27: it said "(empty)").
        let alone = try DeckLoader.load(paths: ["-"], standardInput: { Array("\u{FEFF}# One\nfirst\n---\n# Two\n\n---\n# Three \u{1B}[32mOK\u{1B}[0m".utf8) })
        #expect(alone.cards.map(\.title) == ["One", "Two", "Three OK"], "after a byte-order mark, without colour codes (helper-29)")
        #expect(alone.cards.map(\.lines) == [["first"], ["Two"], ["Three OK"]])
    }

    @Test func standardInputIsReadOnlyWhenAskedForAndOnlyOnce() throws {
        let scratch = try Scratch()
        let file = scratch.write("x", to: "x.txt")
        var reads = 0
        _ = try DeckLoader.load(paths: [file], standardInput: { reads += 1; return [] })
        #expect(reads == 0)
        let deck = try DeckLoader.load(paths: ["-", file, "-"], standardInput: { reads += 1; return Array("a".utf8) })
        #expect(reads == 1)
        #expect(deck.count == 2)
        #expect(deck.problems == ["standard input: given more than once; its cards are shown once"])
    }

    /// Standard input of no card is an error that says what it held (empty, blank lines): the way
    /// to separate cards was said for empty input too, no help there (helper-49).
    @Test func emptyStandardInputIsAnError() {
        #expect(throws: DeckError("standard input: no cards (separate cards with a line holding only ---)")) {
            try DeckLoader.load(paths: ["-"], standardInput: { Array("\n---\n  \n".utf8) })
        }
        #expect(throws: DeckError("standard input: empty: no cards")) {
            try DeckLoader.load(paths: ["-"], standardInput: { [] })
        }
        #expect(throws: DeckError("standard input: only blank lines: no cards")) {
            try DeckLoader.load(paths: ["-"], standardInput: { Array("\n \t\r\n".utf8) })
        }
    }

    /// A card from standard input over 1 MiB (a long log piped in) shows its first MiB, up to a
    /// line's end, and says so (it was refused: a deck of one such card was empty, helper-34), on
    /// standard error and at its text's end (helper-54: its zoom said "(end)" at the cut).
    @Test func aCardFromStandardInputOverTheLimitShowsItsFirstMiB() throws {
        let line = Array("a line of a long log\n".utf8)
        let big = Array(repeatElement(line, count: DeckLoader.maximumCardFileSize / line.count + 10).joined())
        let deck = try DeckLoader.load(paths: ["-"], standardInput: { Array("small\n---\n".utf8) + big })
        #expect(deck.count == 2)
        #expect(deck.problems == ["standard input, card 2: larger than 1 MiB; only its first MiB is shown"])
        let lines = deck.cards[1].lines.dropLast(2)
        #expect(lines.count == DeckLoader.maximumCardFileSize / line.count && lines.allSatisfy { $0 == "a line of a long log" },
                "whole lines: \(lines.count), last \(lines.last ?? "")")
        #expect(deck.cards[1].lines.suffix(2) == ["", "… the card goes on: only its first MiB is shown"])
        #expect(deck.cards[0].lines == ["small"], "a card under the limit is whole, without the line")
    }

    /// A Markdown list nested with tabs keeps its levels: tabs stop every 4 columns there, as
    /// CommonMark reads them (at 8, `\t- b` was the text of the item above: helper-58, on
    /// sindresorhus/awesome); a tab in a code block is 4 columns too; so too piped in.
    @Test func aMarkdownListNestedWithTabsKeepsItsLevels() throws {
        let scratch = try Scratch()
        let source = "- a\n\t- b\n\t\t- deep\n- c\n\n```go\nfunc f() {\n\treturn\n}\n```\n"
        let file = scratch.write(source, to: "tabs.md", in: nil)
        let piped = try DeckLoader.load(paths: ["-"], options: LoadOptions(markdown: true), standardInput: { Array(source.utf8) })
        for deck in [try DeckLoader.load(paths: [file]), piped] {
            #expect(deck.cards[0].lines == ["a", "b", "deep", "c", "", "func f() {", "    return", "}"], "\(deck.cards[0].lines)")
        }
        #expect(Sanitizer.markdown(from: Array("\t- b".utf8)) == "    - b")
    }

    @Test func aCardFileThatBreaksAfterOpeningShowsWhyInsteadOfStopping() throws {
        let scratch = try Scratch()
        scratch.write("soon gone", to: "gone.txt")
        scratch.write("stays", to: "stays.txt")
        let deck = try DeckLoader.load(paths: [scratch.path])
        try FileManager.default.removeItem(atPath: scratch.at("gone.txt"))
        #expect(deck.cards[0].lines == ["(\(scratch.at("gone.txt")): no such file or directory)"])
        #expect(deck.cards[1].lines == ["stays"])
    }
}
