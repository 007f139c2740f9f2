import CarouselCards
@testable import CarouselDecks
import CarouselText
import Foundation
import Testing

/// What kind of content each card is given: text files are laid out as text (notes, Markdown
/// slides, source code), binary files are skipped, drawings are art (by the `auto` rule, or as a
/// manifest or `--kind` says), and standard input is read as lines, Markdown or ANSI-coloured text
/// when asked.
@Suite struct ContentKindTests {
    /// The reason a file that is not text is skipped with.
    static let notText = "not a text file (it holds NUL bytes or control characters)"
    /// The reason a file whose name says it is not text is skipped with.
    static let zip = "not a text file (a .zip file)"

    /// A drawing: fewer than half of its visible characters are letters or digits.
    static let drawing = "  /\\_/\\\n ( o.o )\n  > ^ <\n"
    /// Prose: nearly all letters.
    static let prose = "Buy milk, eggs and bread.\nCall Ana about the garden on Sunday.\n"

    func isArt(_ card: Card) -> Bool {
        if case .art = card.content { return true }
        return false
    }

    func document(_ card: Card) -> TextDocument? {
        if case .text(let document) = card.content { return document }
        return nil
    }

    /// Every span of every block of a text card, in order.
    func spans(_ card: Card) -> [TextSpan] {
        guard let document = document(card) else { return [] }
        return document.blocks.flatMap { block -> [TextSpan] in
            switch block {
            case .paragraph(let spans, _): return spans
            case .code(let rows, _): return rows.flatMap { $0 }
            case .table(let table, _): return table.rows.flatMap { $0.flatMap { $0 } }
            case .rule, .blank: return []
            }
        }
    }

    func load(_ input: String, _ options: LoadOptions) throws -> Deck {
        try DeckLoader.load(paths: ["-"], options: options, standardInput: { Array(input.utf8) })
    }

    // MARK: - A directory of mixed files

    @Test func aDirectoryGivesItsTextFilesAsTextCardsAndSkipsTheBinaryOnes() throws {
        let scratch = try Scratch()
        scratch.write("A note about the garden.\nWater the beans.\n", to: "note.txt")
        scratch.write("# Opening\n\nHello there.\n\n---\n\n# Closing\n\nThank you.\n", to: "slides.md")
        scratch.write("def double(x):\n    return 2 * x\n", to: "script.py")
        scratch.write("no extension here, just some words\n", to: "README")
        // Its name says binary: skipped without being read, even though these bytes would pass for text.
        scratch.write("not really an archive", to: "archive.zip")
        scratch.write(Array("looks like text".utf8) + [0, 1, 2, 0] + Array("but is not".utf8), named: Array("blob".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])

        // File-name order: archive.zip, blob, note.txt, README, script.py, slides.md.
        #expect(deck.cards.map(\.title) == ["note", "README", "script", "Opening", "Closing"])
        let slides = scratch.at("slides.md")
        #expect(deck.cards.map(\.id) == [scratch.at("note.txt"), scratch.at("README"), scratch.at("script.py"), slides, slides + "#2"])

        // Every card is text; none is art.
        #expect(deck.cards.allSatisfy { document($0) != nil }, "\(deck.cards.map(\.content))")
        #expect(deck.cards[1].lines == ["no extension here, just some words"])
        #expect(deck.cards[0].lines == ["A note about the garden.", "Water the beans."])

        // The .py file is code: one code block, indentation kept.
        let code = try #require(document(deck.cards[2]))
        #expect(code.blocks.count == 1)
        guard case .code(let rows, _)? = code.blocks.first else {
            Issue.record("the .py card is not a code block: \(code.blocks)")
            return
        }
        #expect(rows.map(\.plainText) == ["def double(x):", "    return 2 * x"])

        // The Markdown slides: titled by their headings, which are not repeated in the text.
        #expect(deck.cards[3].lines.contains("Hello there."))
        #expect(!deck.cards[3].lines.joined().contains("Thank you"))
        #expect(deck.cards[4].lines.contains("Thank you."))
        #expect(!deck.cards[4].lines.joined().contains("Hello"))

        // The binary files: skipped, each with a message naming it, in file-name order.
        #expect(deck.problems == [
            "\(scratch.at("archive.zip")): \(Self.zip)",
            "\(scratch.at("blob")): \(Self.notText)",
        ])
        #expect(deck.skipped == 2)
    }

    // MARK: - The auto rule and --kind

    @Test func byTheAutoRuleADrawingIsArtAndProseIsText() throws {
        let scratch = try Scratch()
        let drawing = scratch.write(Self.drawing, to: "cat.txt")
        let prose = scratch.write(Self.prose, to: "list.txt")
        let deck = try DeckLoader.load(paths: [drawing, prose])
        #expect(deck.cards[0].content == .art(["  /\\_/\\", " ( o.o )", "  > ^ <"]))
        #expect(document(deck.cards[1]) != nil, "prose is text")
        #expect(deck.cards[1].lines == ["Buy milk, eggs and bread.", "Call Ana about the garden on Sunday."])
        // A mark or three is shown as written, not blown up to the card's size (helper-29: "#");
        // four make a drawing.
        // A script is code whatever its name (helper-31: /usr/bin/bzgrep was wrapped as prose).
        let scratch2 = try Scratch()
        let script = scratch2.write("#!/bin/sh\nif test -n \"$1\"; then\n    echo \"$1\"\nfi\n", to: "bzgrep")
        let note = scratch2.write("#!important: read this before the meeting, and bring the numbers along\n", to: "memo")
        #expect(document(try DeckLoader.load(paths: [note]).cards[0])?.blocks.first.map { if case .code = $0 { true } else { false } } == false,
                "'#!' without a path is no script (helper-32)")
        let scripted = try DeckLoader.load(paths: [script])
        guard case .code? = document(scripted.cards[0])?.blocks.first else {
            Issue.record("not code: \(String(describing: document(scripted.cards[0])?.blocks.first))")
            return
        }
        let marks = try load("#\n---\n :)\n---\n/\\\n\\/\n", LoadOptions())
        #expect(marks.cards.map { document($0) != nil } == [true, true, false])
        #expect(marks.cards[0].lines == ["#"])
    }

    /// Emoji are words of a note, not a drawing's ink: a note of emoji, or of a few words among
    /// them, is prose (wrapped), neither art (resampled: `ok 👍` spread apart, 🇩🇪 read `D`) nor
    /// code (cut at the card's edge); helper-59. A drawing of symbols that are no emoji stays art.
    @Test func byTheAutoRuleANoteOfEmojiIsText() throws {
        for note in ["ok 👍\n🎉🎉🎉\n❤️❤️❤️ 🇯🇵\n", "🇯🇵 🇺🇸 🇩🇪 🇫🇷 🇰🇷\n", "😀😃😄😁😆😅😂🤣\n",
                     "😂😂😂 so funny 🤣🤣🤣🤣\n✅ done ❌ not done ⏳ pending\n"] {
            let deck = try load(note, LoadOptions())
            let blocks = try #require(document(deck.cards[0]), "text, not art: \(note)").blocks
            #expect(!blocks.contains { if case .code = $0 { true } else { false } }, "prose, not code: \(note)")
        }
        #expect(isArt(try load("★☆★☆★\n☆★☆★☆\n★☆★☆★\n", LoadOptions()).cards[0]), "stars are a drawing")
        // Coloured squares are a picture's pixels (emoji art, a Wordle result: review).
        #expect(isArt(try load("⬜🟥⬜🟥⬜\n🟥🟥🟥🟥🟥\n⬜🟥🟥🟥⬜\n⬜⬜🟥⬜⬜\n", LoadOptions()).cards[0]), "a heart of squares")
    }

    /// A file in an encoding not read (Cyrillic in Windows-1251, Chinese in GBK) is text whose
    /// letters show as �, never a drawing (it was resampled, its � spread over the card), and its
    /// card ends saying why (helper-59: nothing did). UTF-8 with a stray byte, and Latin-1, say
    /// nothing.
    @Test func aFileInAnotherEncodingSaysSo() throws {
        let scratch = try Scratch()
        let cp1251: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x20, 0xEC, 0xE8, 0xF0, 0x2C, 0x20, 0xEA, 0xE0, 0xEA, 0x20,
                               0xE4, 0xE5, 0xEB, 0xE0, 0x0A]  // "Привет мир, как дела"
        let gbk: [UInt8] = [0xD6, 0xD0, 0xCE, 0xC4, 0xCE, 0xC4, 0xB1, 0xBE, 0xA3, 0xAC, 0xC4, 0xE3, 0xBA, 0xC3, 0xA1, 0xA3, 0x0A]
        let stray = Array("Grüße aus Köln, ".utf8) + [0xE9] + Array(" und mehr\n".utf8)
        let latin = Array("caf".utf8) + [0xE9, 0x20] + Array("cr".utf8) + [0xE8] + Array("me\n".utf8)
        let paths = [(cp1251, "cp1251.txt"), (gbk, "gbk.txt"), (stray, "stray.txt"), (latin, "latin.txt")].map { bytes, name in
            String(decoding: scratch.write(bytes, named: Array(name.utf8)), as: UTF8.self)
        }
        let deck = try DeckLoader.load(paths: paths)
        for (card, noted) in Swift.zip(deck.cards, [true, true, false, false]) {
            let lines = try #require(document(card), "text: \(card.title)").plainLines
            #expect((lines.last == ContentSource.notUTF8Note) == noted, "\(card.title): \(lines)")
        }
    }

    /// A table drawn in characters or JSON is fewer than half letters, yet no drawing: it is text,
    /// laid out as code (columns kept), where the auto rule resampled it as art and spread its
    /// words apart (`| i  d | n  a  m e |` in the zoom: helper-20). So is a drawing that holds
    /// words (a labelled box diagram); one without stays art, as does every drawing of the built-in
    /// deck and of the examples read as text files.
    @Test func byTheAutoRuleATableOrJSONIsCodeNotArt() throws {
        let tables = [
            "+----+-------+--------+\n| id | name  | score  |\n+----+-------+--------+\n| 1  | a     | 10.5   |\n| 2  | b     | 20.25  |\n+----+-------+--------+\n",
            " id | name | score\n----+------+-------\n  1 | a    |  10.5\n  2 | b    | 20.25\n(2 rows)\n",
            "┌────┬──────┐\n│ id │ name │\n├────┼──────┤\n│ 1  │ a    │\n│ 2  │ b    │\n└────┴──────┘\n",
            "{\n  \"a\": [1, 2, 3],\n  \"b\": {\"c\": [4, 5, {\"d\": 6}]}\n}\n",
            "{\"t\": 1, \"ok\": [1]}\n{\"t\": 2, \"ok\": []}\n",
            // Mostly letters: as prose they were wrapped, their columns lost (helper-22).
            " id | name                    | role\n----+-------------------------+---------------\n  1 | Zoë Ångström            | administrator\n  2 | Bob the builder         | operator\n(2 rows)\n",
            "{\"name\":\"alice\",\"role\":\"administrator\",\"team\":\"platform\"}\n{\"name\":\"bob\",\"role\":\"operator\",\"team\":\"storage\"}\n",
            // A row of NULLs, an empty row, an empty result (helper-23).
            " id | name | score\n----+------+-------\n  1 | a    |  10.5\n    |      |\n  3 | c    |  20.25\n(3 rows)\n",
            "┌────┬──────┐\n│ id │ name │\n├────┼──────┤\n│ 1  │ a    │\n│    │      │\n└────┴──────┘\n",
            " id | name \n----+------\n(0 rows)\n",
        ]
        for table in tables {
            let card = try load(table, LoadOptions(kind: .auto)).cards[0]
            guard case .text(let document) = card.content, case .code(let rows, _)? = document.blocks.first else {
                Issue.record("not code: \(table)")
                continue
            }
            #expect(rows.map(\.plainText) == table.split(separator: "\n").map(String.init))
        }
        let drawings = [
            Self.drawing,
            // Not JSON, though it opens as JSON does.
            "{ o o }\n[ --- ]\n",
            // Letters between bars that are no words (helper-23).
            " -------\n| o   o |\n|   v   |\n -------\n",
            " X | O | X\n---+---+---\n O | X | O\n---+---+---\n X | O | X\n",
            "   +-------+\n   | o   o |\n   |   ^   |\n   | ===== |\n   +-------+\n",
            // Big letters drawn with `#`: columns of spaces between them, but no words or numbers.
            "#     #  #######  #        #\n#     #  #        #        #\n#######  #####    #        #\n#     #  #        #        #\n#     #  #######  #######  #######\n",
        ]
        for drawing in drawings {
            #expect(isArt(try load(drawing, LoadOptions(kind: .auto)).cards[0]), "\(drawing)")
        }
        // Columns aligned with spaces, as commands print them: code (prose wrapped them, its rows
        // breaking under their columns: helper-22).
        let commands = [
            "USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\nroot         1  0.3  0.0  45532 12424 ?        SLl  Nov26   4:34 /process_api --firecracker-init\nroot         2  0.0  0.0      0     0 ?        S    Nov26   0:00 [kthreadd]\nroot       315  0.0  0.1  22832 11108 ?        Ss   Nov26   0:01 /lib/systemd/systemd-journald\n",
            "Filesystem      Size  Used Avail Use% Mounted on\ndevtmpfs         12G     0   12G   0% /dev\ntmpfs            24G     0   24G   0% /dev/shm\n/dev/vda        252G   30G  210G  13% /\n",
            "total 242284\nlrwxrwxrwx 1 root root     28 Feb 17  2023 FileCheck-14 -> ../lib/llvm-14/bin/FileCheck\n-rwxr-xr-x 1 root root  68496 Sep 20  2022 [\n-rwxr-xr-x 1 root root 125640 Jan 31  2023 bash\n-rwxr-xr-x 1 root root  35456 Sep 20  2022 cat\n",
        ]
        // Mostly punctuation but with words: shown as they are, not resampled as a drawing (a table
        // of contents read "CO NTENNTS", page 98 "988": helper-25). Fields a space apart, of one
        // width each (`xxd`), and a three-line `free -h`.
        let worded = [
            "CONTENTS\n\nPreface ................................................. ix\n1  The Sea Road ........................................... 1\n2  Harbour Lights ........................................ 23\n3  Storm ................................................. 71\nAfterword ............................................... 98\n",
            "+--------+      +--------+\n| Client | ---> | Server |\n+--------+      +--------+\n",
            "VOLUNTEER SIGN-UP\nName:      ______________________________\nPhone:     ______________________________\nShift:     ______________________________\n",
            "==============\n  BACKUP SCRIPT  -  v1.2\n==============\n----\nRun it nightly.\n----\n",
            "00000000: 7f45 4c46 0201 0100 0000 0000 0000 0000  .ELF............\n00000010: 0300 3e00 0100 0000 1011 0000 0000 0000  ..>.............\n00000020: 4000 0000 0000 0000 3839 0000 0000 0000  @.......89......\n00000030: 0000 0000 4000 3800 0d00 4000 1f00 1e00  ....@.8...@.....\n",
            "               total        used        free      shared  buff/cache   available\nMem:            15Gi       5.9Gi       2.1Gi       512Mi       7.5Gi       9.2Gi\nSwap:          2.0Gi          0B       2.0Gi\n",
        ]
        // A command's table under a summary or over a legend (helper-25).
        let summarised = [
            "top - 14:32:01 up 3 days,  4:12,  2 users,  load average: 0.52, 0.58, 0.59\nTasks: 231 total,   1 running, 230 sleeping\n\n    PID USER      PR  NI    VIRT    RES S  %CPU COMMAND\n   2210 anna      20   0 3891232 276540 S   6.3 firefox\n   1043 root      20   0  912344  98120 S   2.0 Xorg\n      1 root      20   0  167584  11800 S   0.0 systemd\n",
            "  UNIT                      LOAD   ACTIVE SUB     DESCRIPTION\n  cron.service              loaded active running Regular background program processing daemon\n  dbus.service              loaded active running D-Bus System Message Bus\n  ssh.service               loaded active running OpenBSD Secure Shell server\n\nLOAD   = Reflects whether the unit definition was properly loaded.\nACTIVE = The high-level unit activation state.\n\n3 loaded units listed.\n",
        ]
        /// The first block the auto rule makes of `text`.
        func firstBlock(_ text: String) throws -> TextBlock? {
            document(try load(text, LoadOptions(kind: .auto)).cards[0])?.blocks.first
        }
        for output in commands + worded + summarised {
            guard case .code? = try firstBlock(output) else {
                Issue.record("not code: \(output)")
                continue
            }
        }
        // Prose with a bar or two, and a note over a small table, stay prose; so do a poem, a
        // list and prose with two spaces after its full stops.
        let notes = [
            "Options: fast | safe | cheap.\nPick two | not three.\nThat is all there is to it.\n",
            (1...12).map { "Line \($0) of a note about the garden and what to plant." }.joined(separator: "\n") + "\n| a | b |\n|---|---|\n| 1 | 2 |\n",
            "Shall I compare thee to a summer's day?\nThou art more lovely and more temperate:\nRough winds do shake the darling buds of May,\nAnd summer's lease hath all too short a date;\n",
            "- buy milk and eggs\n- call Ana about the garden\n- water the beans  (twice)\n- pick up the parcel\n- book the dentist\n",
            "It rained.  We stayed in.  The cat slept.\nThen it stopped.  We went out.  The sun came.\nWe walked far.  We came back.  It was late.\nThe end.  Or so we thought.  But no.\n",
            // Long prose around a small table of aligned columns (helper-25).
            "Notes from the load test on Friday\n\nWe ran the new build against the staging cluster for an hour, ramping from 50 to 400 users. The p95 latency stayed under 300 ms until about 300 users, then climbed quickly.\n\nusers   p50 ms   p95 ms   errors\n50      42       88       0\n100     45       97       0\n400     140      910      37\n\nNext step: profile the search endpoint, which accounts for most of the slow requests, and try the connection pool at 40.\n",
            // Lines that open alike, single-spaced: a diary, `git log --oneline`, a log (helper-24).
            "Jan 05 Started the new job at the studio today and met most of the people there.\nFeb 11 Moved desks to the second floor, where the light is lovely in the morning.\nMar 02 First release went out; we celebrated with cake and a long lunch by the river.\nApr 19 Took a week off to visit my parents and walk along the coast for a few days.\n",
            "2265b1f Fix the crash when the deck folder is deleted while the viewer runs\n91b7584 Add a loop option so the slideshow starts again at the first card\nd8f16ad Document the keys for the zoom view in the README file\ncd613e3 Speed up the start by caching the widths of wide characters\n",
            "2024-11-27 10:00:00 INFO Fix the crash when the deck folder is deleted\n2024-11-27 10:00:01 INFO Add a loop option so the slides go round\n2024-11-27 10:00:02 WARN The picture took long to decode this time\n2024-11-27 10:00:03 INFO Read the deck again after the editor ended\n",
        ]
        for note in notes {
            guard case .paragraph? = try firstBlock(note) else {
                Issue.record("not prose: \(note)")
                continue
            }
        }
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets").path
        let folders = ["deck", "examples/lighthouse/art"].map { assets + "/" + $0 }
        for folder in folders {
            let deck = try DeckLoader.load(paths: [folder], options: LoadOptions(kind: .auto))
            #expect(!deck.cards.isEmpty, "\(folder)")
            for card in deck.cards where card.file.map({ String(decoding: $0, as: UTF8.self).hasSuffix(".txt") }) ?? false {
                #expect(isArt(card), "\(card.title) in \(folder) is not art")
            }
        }
    }

    @Test func kindTextMakesADrawingTextAndKindArtMakesProseArt() throws {
        let scratch = try Scratch()
        let drawing = scratch.write(Self.drawing, to: "cat.txt")
        let prose = scratch.write(Self.prose, to: "list.txt")

        let asText = try DeckLoader.load(paths: [drawing, prose], options: LoadOptions(kind: .text))
        #expect(asText.cards.allSatisfy { document($0) != nil }, "\(asText.cards.map(\.content))")
        #expect(asText.cards[0].lines == ["  /\\_/\\", " ( o.o )", "  > ^ <"])

        let asArt = try DeckLoader.load(paths: [drawing, prose], options: LoadOptions(kind: .art))
        #expect(asArt.cards.map(\.content) == [
            .art(["  /\\_/\\", " ( o.o )", "  > ^ <"]),
            .art(["Buy milk, eggs and bread.", "Call Ana about the garden on Sunday."]),
        ])
    }

    @Test func kindArtAlsoMakesMarkdownAndCodeArt() throws {
        let scratch = try Scratch()
        let markdown = scratch.write("# Title\n\nSome words.\n", to: "note.md")
        let code = scratch.write("let x = 1\n", to: "main.swift")
        let deck = try DeckLoader.load(paths: [markdown, code], options: LoadOptions(kind: .art))
        #expect(deck.cards.map(\.content) == [.art(["# Title", "", "Some words."]), .art(["let x = 1"])])
    }

    /// A card's own `kind` beats the deck's default; `--kind` beats both.
    @Test func theCommandLineKindBeatsTheCardsWhichBeatsTheDecks() throws {
        let scratch = try Scratch()
        scratch.write(Self.prose, to: "prose.txt")
        scratch.write(Self.drawing, to: "cat.txt")
        scratch.write("""
            {"defaults": {"kind": "art"},
             "cards": [{"file": "prose.txt"},
                       {"file": "cat.txt", "kind": "text"},
                       {"file": "prose.txt", "kind": "auto"}]}
            """, to: "deck.json")

        // The auto rule alone would make these text, art, text: each is the other way round or as the card says.
        let asWritten = try DeckLoader.load(paths: [scratch.path])
        #expect(asWritten.problems.isEmpty)
        #expect(asWritten.cards.map(isArt) == [true, false, false], "deck default art; card text; card auto")

        let text = try DeckLoader.load(paths: [scratch.path], options: LoadOptions(kind: .text))
        #expect(text.cards.map(isArt) == [false, false, false])
        let art = try DeckLoader.load(paths: [scratch.path], options: LoadOptions(kind: .art))
        #expect(art.cards.map(isArt) == [true, true, true])
        // `--kind auto` is the auto rule, whatever the manifest says.
        let auto = try DeckLoader.load(paths: [scratch.path], options: LoadOptions(kind: .auto))
        #expect(auto.cards.map(isArt) == [false, true, false])
    }

    /// Which files are cards does not depend on how their text is read: with `--kind art` a
    /// directory's binary files are still skipped with a message (art is text too), and a picture
    /// is still a picture.
    @Test func kindArtStillSkipsTheFilesThatAreNotText() throws {
        let scratch = try Scratch()
        scratch.write(Self.prose, to: "note.txt")
        scratch.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D], named: Array("photo.png".utf8))
        scratch.write([0x50, 0x4B, 3, 4, 0, 0], named: Array("archive.zip".utf8))
        scratch.write(Array("ab".utf8) + [0, 0] + Array("cd".utf8), named: Array("blob".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path], options: LoadOptions(kind: .art))
        #expect(deck.cards.map(\.title) == ["note", "photo"])
        #expect(deck.cards[1].content == .image(PictureFile(path: scratch.at("photo.png"))))
        #expect(deck.problems == [
            "\(scratch.at("archive.zip")): \(Self.zip)",
            "\(scratch.at("blob")): \(Self.notText)",
        ])
        #expect(deck.skipped == 2)
    }

    /// A Markdown slide that is one picture beside the file (its title aside, at most a short
    /// paragraph under it) is that picture's card, the paragraph its caption, `e` opening the talk
    /// at the slide; a picture on the web, one missing, one that is no picture, or a slide with
    /// more to read stays text naming it (helper-65: a talk's chart showed as `[image: …]`).
    @Test func aSlideOfOnePictureIsAPictureCard() throws {
        let scratch = try Scratch()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        try FileManager.default.createDirectory(atPath: scratch.at("img"), withIntermediateDirectories: true)
        scratch.write(png, named: Array("chart one.png".utf8), in: scratch.at("img"))
        scratch.write(png, named: Array("logo.png".utf8))
        scratch.write("not a picture", to: "fake.png")
        scratch.write("""
            # Latency
            ![Bars per week](img/chart%20one.png)

            Each bar is one week.

            ---

            ![](logo.png)

            ---

            # Logo
            ![The logo, small](logo.png)

            ---

            ![The logo, large](logo.png)

            ---

            # From the web
            ![x](https://example.com/x.png)

            ---

            # Missing
            ![x](gone.png)

            ---

            # Fake
            ![x](fake.png)

            ---

            # More to read
            ![x](logo.png)

            A first paragraph.

            A second one.
            """, to: "talk.md")
        let deck = try DeckLoader.load(paths: [scratch.at("talk.md")], options: LoadOptions(checkPicture: { head in
            head.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? nil : "not a PNG"
        }))
        let cards = deck.cards
        #expect(cards.map(\.title) == ["Latency", "talk 2", "Logo", "The logo, large", "From the web", "Missing", "Fake", "More to read"],
                "a slide without a heading titled by its picture's words, else as a slide of text is")
        // Its heading the title, the picture's words are its subtitle where it has no caption:
        // shown on the status line, found by a search (they were lost).
        #expect(cards[2].subtitle == "The logo, small" && cards[3].subtitle.isEmpty && cards[2].searchText(fileName: false).contains("small"))
        #expect(cards[0].content == .image(PictureFile(path: Array(scratch.at("img/chart one.png").utf8))))
        #expect(cards[0].subtitle == "Each bar is one week.")
        #expect(cards[0].file == Array(scratch.at("talk.md").utf8) && cards[0].fileLines?.lowerBound == 1, "e opens the talk at the slide")
        #expect(cards[1].content == .image(PictureFile(path: Array(scratch.at("logo.png").utf8))) && cards[1].subtitle.isEmpty)
        for card in cards[4...6] {
            guard case .text(let document) = card.content else { Issue.record("\(card.title) is not text"); continue }
            #expect(document.plainLines.contains { $0.contains("[image: ") } && document.figure == nil, "\(card.title)")
        }
        // With more words than a caption, the picture is drawn with them (see below).
        guard case .text(let more) = cards[7].content else { Issue.record("not text"); return }
        #expect(more.figure?.path == Array(scratch.at("logo.png").utf8))
        // The two it names and cannot show are said (see `aPictureATalkNamesButCannotShowIsSaid`).
        #expect(deck.problems == [scratch.at("talk.md") + ": picture gone.png not shown: no such file or directory",
                                  scratch.at("talk.md") + ": picture fake.png not shown: not a PNG"], "\(deck.problems)")
        // What `--watch` follows besides the talk: each picture shown, once.
        #expect(deck.pictures == [Array(scratch.at("img/chart one.png").utf8), Array(scratch.at("logo.png").utf8)])
    }

    /// A folder holding a talk and the pictures it shows is the talk: it opened on the pictures
    /// (sorted before `talk.md`) and showed the chart twice (helper-80). A picture the talk does
    /// not show stays a card; so does a picture the talk only names, found nowhere.
    @Test func aFolderOfATalkAndItsPicturesIsTheTalk() throws {
        let scratch = try Scratch()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        try scratch.directory("talk")
        scratch.write(png, named: Array("chart.png".utf8), in: scratch.at("talk"))
        scratch.write(png, named: Array("photo.png".utf8), in: scratch.at("talk"))
        scratch.write(png, named: Array("extra.png".utf8), in: scratch.at("talk"))
        scratch.write("# Building carousels\n\nA talk.\n\n---\n\n# The chart\n![Growth](chart.png)\n\n---\n\n"
                      + "# A photo among words\n\nSome words first.\n\n![The team](photo.png)\n\nMore words after.\n", to: "talk/talk.md")
        let deck = try DeckLoader.load(paths: [scratch.at("talk")], options: LoadOptions(checkPicture: { head in
            head.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? nil : "not a PNG"
        }))
        #expect(deck.cards.map(\.title) == ["extra", "Building carousels", "The chart", "A photo among words"], "\(deck.cards.map(\.title))")
        #expect(deck.pictures.count == 2)
    }

    /// A picture a talk names beside it that cannot be shown (not there, damaged) is said once
    /// among the deck's problems (standard error), with why: the card only named it, and the
    /// author could not tell a wrong name (helper-83). One on the web is named, not said.
    @Test func aPictureATalkNamesButCannotShowIsSaid() throws {
        let scratch = try Scratch()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        try scratch.directory("talk")
        scratch.write(png, named: Array("chart.png".utf8), in: scratch.at("talk"))
        scratch.write(Array("GIF89a".utf8), named: Array("broken.png".utf8), in: scratch.at("talk"))
        scratch.write("# Team\n![The team](team.jpg)\n\n---\n\n# Again\nWords.\n\n![The team](team.jpg)\n\nMore.\n\n---\n\n"
                      + "# Chart\n![Growth](chart.png)\n\n---\n\n# Broken\nSee:\n\n![Plan](broken.png)\n\n---\n\n"
                      + "# Web\n![Logo](https://example.org/logo.png)\n", to: "talk/talk.md")
        let deck = try DeckLoader.load(paths: [scratch.at("talk")], options: LoadOptions(checkPicture: { head in
            head.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? nil : "not a PNG"
        }))
        #expect(deck.cards.count == 5)
        let said = deck.problems.filter { $0.contains("picture") }
        #expect(said.count == 2, "\(said)")
        #expect(said.contains { $0.hasSuffix("talk.md: picture team.jpg not shown: no such file or directory") }, "\(said)")
        #expect(said.contains { $0.hasSuffix("talk.md: picture broken.png not shown: not a PNG") }, "\(said)")
    }

    /// A picture on a line of its own among a slide's words is drawn with them (helper-65, helper-69:
    /// a talk's diagram beside its bullets read `[image: …]`): its paragraph leaves the text, the
    /// figure goes above the words it came before, below those it came after; a slide's other
    /// pictures so (on lines of their own, or side by side on one) are drawn beside it (helper-91:
    /// named, and cards of their own before the talk); one in a list, or one not found (with any
    /// beside it on its line) stay named in the text.
    @Test func aPictureAmongASlidesWordsIsItsFigure() throws {
        let scratch = try Scratch()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        scratch.write(png, named: Array("map.png".utf8))
        scratch.write(png, named: Array("sea.png".utf8))
        scratch.write("""
            # Trip
            ![The route](map.png)

            * three days
            * rain

            ---

            # Evening

            We reached the coast.

            ![Sunset](sea.png)

            ![Again](map.png)

            ---

            # Listed

            * ![In a list](map.png)
            * more

            ---

            # Gone

            Words.

            ![Not there](gone.png)

            ---

            # Spaced

            &nbsp;

            ![After a spacer](map.png)

            Words under it.

            ---

            # Side by side

            ![Before](map.png) ![After](sea.png)

            ---

            # One missing

            ![Here](map.png) ![Not here](gone.png)

            Words.
            """, to: "talk.md")
        let deck = try DeckLoader.load(paths: [scratch.at("talk.md")], options: LoadOptions(checkPicture: { _ in nil }))
        let documents = deck.cards.compactMap { card -> TextDocument? in if case .text(let d) = card.content { d } else { nil } }
        #expect(documents.count == 7)
        #expect(documents[4].figure?.first == true, "a paragraph that shows nothing comes before it (review)")
        let trip = documents[0], evening = documents[1]
        #expect(trip.figure?.path == Array(scratch.at("map.png").utf8) && trip.figure?.first == true && trip.figure?.alt == "The route")
        #expect(trip.plainLines == ["three days", "rain"], "\(trip.plainLines)")
        #expect(trip.blockLines.count == trip.blocks.count)
        #expect(evening.figure?.path == Array(scratch.at("sea.png").utf8) && evening.figure?.first == false)
        #expect(evening.moreFigures.map(\.alt) == ["Again"] && evening.moreFigures.first?.path == Array(scratch.at("map.png").utf8)
                && evening.moreFigures.first?.first == false)
        #expect(evening.plainLines == ["We reached the coast."], "\(evening.plainLines)")
        let sides = documents[5]
        #expect(sides.figures.map(\.alt) == ["Before", "After"] && sides.figures.allSatisfy { $0.path != nil && $0.first },
                "\(sides.figures)")
        #expect(sides.plainLines.allSatisfy { $0.isEmpty }, "\(sides.plainLines)")
        #expect(documents[6].figure == nil && documents[6].plainLines.contains("[image: Here] [image: Not here]"), "\(documents[6].plainLines)")
        // The pictures a talk draws are its own, not cards beside it (the folder's deck).
        let folder = try DeckLoader.load(paths: [scratch.path], options: LoadOptions(checkPicture: { _ in nil }))
        #expect(folder.cards.map(\.title) == ["Trip", "Evening", "Listed", "Gone", "Spaced", "Side by side", "One missing"],
                "\(folder.cards.map(\.title))")
        #expect(documents[2].figure == nil && documents[2].plainLines.contains { $0.contains("[image: In a list]") })
        #expect(documents[3].figure == nil && documents[3].plainLines.contains("[image: Not there]"))
        // Found by the picture's words, as when they were in the text.
        #expect(deck.cards[0].searchText(fileName: false).contains("The route"))
    }

    /// A talk reached through a symbolic link finds its pictures beside the file the link leads to,
    /// where it was written (helper-67: they were looked for beside the link, and shown as
    /// `[image: …]`); a picture beside the link is still found first, in a deck folder too.
    @Test func aLinkedTalkFindsItsPicturesBesideItsFile() throws {
        let scratch = try Scratch()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        for folder in ["src/talk/img", "talks"] {
            try FileManager.default.createDirectory(atPath: scratch.at(folder), withIntermediateDirectories: true)
        }
        scratch.write(png, named: Array("chart.png".utf8), in: scratch.at("src/talk/img"))
        scratch.write(png, named: Array("logo.png".utf8), in: scratch.at("src/talk"))
        scratch.write(png, named: Array("logo.png".utf8), in: scratch.at("talks"))
        scratch.write("# Chart\n![Bars](img/chart.png)\n\n---\n\n# Logo\n![Logo](logo.png)\n\n---\n\n# Gone\n![x](img/gone.png)\n", to: "src/talk/slides.md")
        try FileManager.default.createSymbolicLink(atPath: scratch.at("talks/today.md"), withDestinationPath: "../src/talk/slides.md")
        for path in [scratch.at("talks/today.md"), scratch.at("talks")] {
            let deck = try DeckLoader.load(paths: [path])
            let cards = deck.cards.filter { $0.title != "logo" }
            #expect(cards.map(\.title) == ["Chart", "Logo", "Gone"], "\(path)")
            #expect(cards[0].content == .image(PictureFile(path: Array(scratch.at("src/talk/img/chart.png").utf8))), "\(path)")
            #expect(cards[1].content == .image(PictureFile(path: Array(scratch.at("talks/logo.png").utf8))), "beside the link first: \(path)")
            guard case .text = cards[2].content else { Issue.record("a missing picture is named in text: \(path)"); continue }
        }
    }

    /// A picture without an extension (a camera's `IMG_0001`) is a picture card by its signature
    /// (it was skipped as "not a text file"); a photo in a format not shown says so (helper-48:
    /// "not a text file (a .heic file)").
    @Test func aPictureIsKnownByItsSignatureAndAnotherFormatIsNamed() throws {
        let scratch = try Scratch()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        scratch.write(png, named: Array("IMG_0001".utf8))
        scratch.write([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8) + [0, 1], named: Array("IMG_0002".utf8))
        scratch.write([0, 0, 0, 0x18] + Array("ftypheic".utf8), named: Array("phone.HEIC".utf8))
        scratch.write(Array("ab".utf8) + [0, 0] + Array("cd".utf8), named: Array("blob".utf8))
        // A file with another extension that happens to start as a picture does is not one.
        scratch.write(Array("BM".utf8) + [0, 0, 1, 2, 0, 0], named: Array("dump.bin2".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["IMG_0001", "IMG_0002"])
        #expect(deck.cards[0].content == .image(PictureFile(path: scratch.at("IMG_0001"))))
        #expect(deck.problems == [
            "\(scratch.at("blob")): \(Self.notText)",
            "\(scratch.at("dump.bin2")): \(Self.notText)",
            "\(scratch.at("phone.HEIC")): a .heic picture, a format not shown (only PNG, JPEG, GIF, WebP, BMP and TIFF)",
        ])
        // With --lines, bytes are lines or nothing, never a picture.
        #expect((try? DeckLoader.load(paths: [scratch.at("IMG_0001")], options: LoadOptions(lines: true))) == nil)
    }

    /// A manifest without `cards` sets the defaults of the folder's own files, its `kind` too.
    @Test func aManifestWithoutCardsSetsTheKindOfTheFolderFiles() throws {
        let scratch = try Scratch()
        scratch.write(Self.prose, to: "prose.txt")
        scratch.write(#"{"defaults": {"kind": "art"}}"#, to: "deck.json")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.defaults.kind == "art")
        #expect(deck.cards.map(\.title) == ["prose"])
        #expect(deck.cards.map(isArt) == [true])
    }

    @Test func aManifestsInlineArtFollowsTheSameKinds() throws {
        let scratch = try Scratch()
        scratch.write(#"{"defaults": {"kind": "text"}, "cards": [{"art": "+--+\n|##|\n+--+"}, {"art": "+--+\n|##|\n+--+", "kind": "art"}]}"#,
                      to: "deck.json")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(isArt) == [false, true])
        #expect(deck.cards[0].lines == ["+--+", "|##|", "+--+"])
    }

    @Test func anUnknownKindIsAProblemNamingIt() throws {
        let scratch = try Scratch()
        scratch.write(Self.drawing, to: "cat.txt")
        scratch.write("""
            {"defaults": {"kind": "picture"},
             "cards": [{"file": "cat.txt", "kind": "Picture"}]}
            """, to: "deck.json")
        let deck = try DeckLoader.load(paths: [scratch.path])
        let manifest = scratch.at("deck.json")
        #expect(deck.problems == [
            "\(manifest), line 1: 'kind' in defaults should be one of auto, text, art, found 'picture'",
            "\(manifest), line 2: 'kind' in card 1 should be one of auto, text, art, found 'Picture'",
        ])
        // Nothing is lost: the card is still shown, by the auto rule.
        #expect(deck.skipped == 0)
        #expect(deck.cards.map(isArt) == [true])
    }

    // MARK: - Standard input

    @Test func linesMakeOneCardPerLineTitledByTheLine() throws {
        let deck = try load("alpha\n\nbeta gamma\n", LoadOptions(lines: true))
        #expect(deck.cards.map(\.title) == ["alpha", "beta gamma"])
        #expect(deck.cards.map(\.id) == ["alpha", "beta gamma"])
        #expect(deck.cards.map(\.lines) == [["alpha"], ["beta gamma"]])
        #expect(deck.cards.allSatisfy { document($0) != nil })
    }

    /// A card per line holds the line's text until the card is shown, and the line's bytes only
    /// where they differ from its title (Latin-1 here); a pick prints them either way.
    @Test func lineCardsKeepWhatAPickPrints() throws {
        let deck = try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true),
                                       standardInput: { Array("plain line\n".utf8) + [0x63, 0x61, 0x66, 0xE9, 0x0A] })
        #expect(deck.cards.map(\.title) == ["plain line", "café"])
        #expect(deck.cards.map(\.line) == [Array("plain line".utf8), [0x63, 0x61, 0x66, 0xE9]])
        #expect(deck.cards.map(\.lines) == [["plain line"], ["café"]])
        // The blanks around a line are no part of its title (helper-83: `╰   spaced… ──╯`); a
        // pick prints it as it came.
        let spaced = try load("  spaced line  \nx \nplain\n", LoadOptions(lines: true))
        #expect(spaced.cards.map(\.title) == ["spaced line", "x", "plain"])
        #expect(spaced.cards.map(\.line) == [Array("  spaced line  ".utf8), Array("x ".utf8), Array("plain".utf8)])
        // Columns aligned with blanks are titled one blank apart (helper-91: every `ps aux` card's
        // frame read `root…`); a pick prints the line as it came.
        let columns = try load("root         1  0.3  0.0 /sbin/init\nroot         2  0.0  0.0 [kthreadd]\n", LoadOptions(lines: true))
        #expect(columns.cards.map(\.title) == ["root 1 0.3 0.0 /sbin/init", "root 2 0.0 0.0 [kthreadd]"])
        #expect(columns.cards[0].line == Array("root         1  0.3  0.0 /sbin/init".utf8))
        // A line of `ls -l` is titled by its name (every title read `lrwxrwxrwx 1…`), in the
        // forms `ls` writes dates in; a pick prints the line.
        let listing = [
            "total 242284",
            "lrwxrwxrwx 1 root root     28 Feb 17  2023 FileCheck-14 -> ../lib/llvm-14/bin/FileCheck",
            "-rw-r--r--  1 ada staff 4.0K Nov 28 12:00 my notes.txt",
            "drwxr-xr-x. 2 501 20 4096 2026-11-28 12:00 Photos",
            "-rw-r--r-- 1 ada ada 12 2026-11-28 12:00:00.123456789 +0100 full.iso",
            "crw-rw-rw- 1 root root 1, 3 Nov 20 09:15 null",
            "-rw-r--r-- is not a listing",
            "-rw-r--r-- 1 0 Nov 29 04:18 short.txt",
            // `-i`, `-s`, `--time-style=iso` (a recent file, an older one), day-first locales.
            "611 -rwxr-xr-x  1 root root    3 Nov 28 20:18 hostname",
            "611  4 -rwxr-xr-x 1 root root 3 Nov 28 20:18 host two",
            "-rwxr-xr-x 1 root root 3 11-28 20:18 iso recent",
            "-rwxr-xr-x 1 root root 3 2023-02-17  iso old",
            "-rw-r--r-- 1 ada ada 120 28. Nov 12:00 Notiz.txt",
            "-rw-r--r-- 1 ada ada 120 28 nov.  2023 note.txt",
            "-rw-r--r-- 1 ada ada 120 11月 28 12:00 メモ.txt",
            "-rw-r--r-- 1 ada ada 120 Nov 28 2023 12:00 nov 28 2023",
            "12 is not -rw-r--r-- a listing",
            // `-sh` (helper-90), `-sh --si`.
            "4.0K -rw-r--r-- 1 ada ada 120 Nov 28 12:00 sized.txt",
            " 12M -rw-r--r-- 1 ada ada 12M Nov 28 12:00 big one.bin",
            "611 1.1k -rw-r--r-- 1 ada ada 1.1k Nov 28 12:00 si.txt",
        ]
        let listed = try load(listing.joined(separator: "\n") + "\n", LoadOptions(lines: true))
        // (`total 242284` before a listing is no file: no card; helper-97 saw it open the deck.)
        #expect(listed.cards.map(\.title) == ["FileCheck-14 -> ../lib/llvm-14/bin/FileCheck", "my notes.txt",
                                               "Photos", "full.iso", "null", "-rw-r--r-- is not a listing", "short.txt",
                                               "hostname", "host two", "iso recent", "iso old", "Notiz.txt", "note.txt", "メモ.txt",
                                               "12:00 nov 28 2023", "12 is not -rw-r--r-- a listing",
                                               "sized.txt", "big one.bin", "si.txt"])
        #expect(listed.cards[1].line == Array(listing[2].utf8))
        // A `total` line that no listing follows stays; German's `insgesamt` goes too.
        let lone = try load("total 12\nall done\n", LoadOptions(lines: true))
        #expect(lone.cards.map(\.title) == ["total 12", "all done"])
        let german = try load("total 8\ninsgesamt 8,0K\n-rw-r--r-- 1 ada ada 120 28. Nov 12:00 Notiz.txt\n", LoadOptions(lines: true))
        #expect(german.cards.map(\.title) == ["total 8", "Notiz.txt"])
    }

    /// A file that says it is empty and is not (those of /proc and /sys give a size of 0) is read
    /// whole, as a card and as lines (helper-86: a card of /proc/cpuinfo showed `p`, its first byte).
    @Test func aFileThatSaysItIsEmptyIsReadWhole() throws {
        let card = try DeckLoader.load(paths: ["/proc/version"], options: LoadOptions()).cards.first
        #expect(card?.lines.first?.hasPrefix("Linux version") == true, "\(card?.lines ?? [])")
        let lines = try DeckLoader.load(paths: ["/proc/self/status"], options: LoadOptions(lines: true))
        #expect(lines.cards.count > 5 && lines.cards[0].title.hasPrefix("Name:"), "\(lines.cards.map(\.title))")
        // One over 1 MiB shows its first MiB and says so, as a file whose size is known does
        // (/proc/kallsyms, several MiB on these machines, was cut with nothing saying so).
        let symbols: [UInt8] = "/proc/kallsyms".utf8.map { $0 }
        try #require(try FileSystem.readHead(symbols, count: FileSystem.maximumFileSize + 1).count > FileSystem.maximumFileSize,
                     "this test needs /proc/kallsyms to hold more than 1 MiB")
        let big = try DeckLoader.load(paths: ["/proc/kallsyms"], options: LoadOptions())
        #expect(big.problems == ["/proc/kallsyms: larger than 1 MiB; only its first MiB is shown"], "\(big.problems)")
        #expect(big.cards.first?.lines.last == ContentSource.cutNote, "\(big.cards.first?.lines.suffix(2) ?? [])")
    }

    /// Lines past the limit are not read (64 MiB of short lines were 16 million cards, gigabytes),
    /// and standard error says so after the program, the status line at its start.
    @Test func linesStopAtTheirLimitAndSaySo() throws {
        var options = LoadOptions(lines: true)
        options.maximumLineCards = 3
        let deck = try load("a\nb\n\nc\nd\ne\n", options)
        #expect(deck.cards.map(\.title) == ["a", "b", "c"])
        #expect(deck.problems == ["--lines: more than 3 lines; the rest of standard input, and what came after it, was not read"])
        #expect(deck.cut == "only the first 3 lines were read", "for the status line")
        // Over a stream cut at its size, the status line names the cut that shaped the deck
        // (`yes | carousel --lines` said only 64 MiB were read: helper-54).
        var small = options
        small.maximumStreamSize = 1 << 20
        let endless = Array(repeatElement(Array("y\n".utf8), count: small.maximumStreamSize / 2 + 8).joined())
        let yes = try DeckLoader.load(paths: ["-"], options: small, standardInput: { endless })
        #expect(yes.cut == "only the first 3 lines were read", "\(yes.cut ?? "")")
        #expect(yes.problems.first == "standard input: more than 1 MiB; the rest was not read", "\(yes.problems)")
        #expect(deck.skipped == 0)
        // Blank lines after the last card are no lines lost.
        #expect(try load("a\nb\nc\n  \n\t\n", options).problems.isEmpty)
        #expect(try load("a\nb\nc\n  \n\t\n", options).cut == nil)
        // Over several files: said once, where it began; the files after it are not said to have no lines.
        let scratch = try Scratch()
        let files = ["a\nb\n", "c\nd\n", "e\n", "f\n"].enumerated().map { scratch.write($0.element, to: "\($0.offset).txt") }
        let many = try DeckLoader.load(paths: files, options: options)
        #expect(many.cards.map(\.title) == ["a", "b", "c"])
        #expect(many.problems == ["--lines: more than 3 lines; the rest of \(files[1]), and what came after it, was not read"], "\(many.problems)")
        #expect(many.skipped == 0)
    }

    @Test func linesWorkOnFilesToo() throws {
        let scratch = try Scratch()
        let first = scratch.write("one\r\ntwo\n  \n", to: "first.txt")
        let second = scratch.write("three", to: "second.log")
        let third = scratch.write("# not a heading\n---\nfour\n", to: "third.md")
        let deck = try DeckLoader.load(paths: [first, "-", second, third], options: LoadOptions(lines: true),
                                       standardInput: { Array("from a pipe\n".utf8) })
        #expect(deck.cards.map(\.title) == ["one", "two", "from a pipe", "three", "# not a heading", "---", "four"])
        #expect(deck.cards.map(\.id) == deck.cards.map(\.title))
        #expect(deck.problems.isEmpty)
    }

    @Test func linesWithNothingButBlanksIsAnError() {
        #expect(throws: DeckError("standard input: no lines")) {
            try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true), standardInput: { Array("\n  \n\t\n".utf8) })
        }
    }

    @Test func markdownOnStandardInputIsSlidesTitledByTheirHeadings() throws {
        let deck = try load("# Intro\n\nHello, *world*.\n\n---\n\n# Details\n\n- one\n- two\n", LoadOptions(markdown: true))
        #expect(deck.cards.map(\.title) == ["Intro", "Details"])
        #expect(deck.cards.map(\.id) == ["standard input#1", "standard input#2"])
        #expect(deck.cards[0].lines == ["Hello, world."], "rendered: no asterisks, no heading line")
        #expect(deck.cards[1].lines.joined(separator: "\n").contains("one"))
        #expect(!deck.cards[1].lines.joined().contains("Hello"))
        #expect(deck.cards.allSatisfy { document($0) != nil })
    }

    @Test func withoutMarkdownTheSameInputIsCardsSplitAtTheDashesButNotRendered() throws {
        let deck = try load("# Intro\n\nHello, *world*.\n\n---\n\n# Details\n", LoadOptions())
        #expect(deck.cards.map(\.title) == ["Intro", "Details"])
        #expect(deck.cards[0].lines.contains("Hello, *world*."))
    }

    @Test func ansiKeepsColoursAsSpanStyles() throws {
        let deck = try load("\u{1B}[31mred\u{1B}[0m plain\n", LoadOptions(ansi: true))
        let card = try #require(deck.cards.first)
        #expect(card.lines == ["red plain"])
        let spans = spans(card)
        let red = try #require(spans.first { $0.text == "red" }, "spans: \(spans)")
        #expect(red.style.foreground == .indexed(1))
        let plain = try #require(spans.first { $0.text.contains("plain") }, "spans: \(spans)")
        #expect(plain.style.foreground == nil, "ESC[0m resets the colour")
    }

    @Test func withoutAnsiTheEscapesAreShownNotObeyed() throws {
        let deck = try load("\u{1B}[31mred\u{1B}[0m plain\n", LoadOptions())
        let card = try #require(deck.cards.first)
        #expect(card.lines == ["␛[31mred␛[0m plain"])
        #expect(spans(card).allSatisfy { $0.style.foreground == nil })
    }

    /// A card showing colour codes as text is marked so (the status line then names `--ansi`):
    /// from a file, standard input or a line, as prose or code; not for other sequences, not with `--ansi`.
    @Test func colourCodesShownAsTextAreMarked() throws {
        func marked(_ card: Card) -> Bool { document(card)?.showsColourCodes == true }
        let scratch = try Scratch()
        let log = scratch.write("\u{1B}[32mINFO\u{1B}[0m up\n\u{1B}[1;31mERROR\u{1B}[0m down\n", to: "app.log")
        let code = scratch.write("let x = 1 // \u{1B}[38;5;208morange\u{1B}[m\n", to: "main.swift")
        let plain = scratch.write("plain note\n", to: "note.txt")
        let moves = scratch.write("\u{1B}[2Jcleared \u{1B}[10;5Hmoved \u{1B}]0;title\u{07} [32m alone\n", to: "moves.txt")
        let told = scratch.write("the sequence ␛[31m turns text red\n", to: "told.txt")
        let deck = try DeckLoader.load(paths: [log, code, plain, moves, told])
        #expect(deck.cards.map(marked) == [true, true, false, false, false], "a ␛ written in a file is no colour code (helper-28)")
        let manifest = scratch.write(#"{"cards": [{"title": "x", "art": "\u001b[31mred\u001b[0m"}]}"#, to: "deck.json")
        #expect(try !DeckLoader.load(paths: [manifest], options: LoadOptions(ansi: true)).cards.contains(where: marked),
                "a manifest's own text: --ansi would not draw it (helper-28)")
        #expect(try !DeckLoader.load(paths: [log], options: LoadOptions(ansi: true)).cards.contains(where: marked))
        #expect(try load("\u{1B}[31mred\u{1B}[0m plain\n", LoadOptions()).cards.map(marked) == [true])
        #expect(try load("\u{1B}[31mred\u{1B}[0m\nplain\n\u{1B}[1mtab\u{1B}[0m\there\nthe ␛[31m written\n", LoadOptions(lines: true)).cards.map(marked)
                == [true, false, true, false], "a ␛ written in a line is none either (helper-32)")
    }

    /// `--read0`: lines end with NUL bytes, and a newline is a character of one (a file's name), picked
    /// whole; without it, such input is refused with a word on `--read0`.
    @Test func read0ReadsLinesEndedByNulBytes() throws {
        let input = "./docs/new\nline.md\u{0}./docs/plain.md\u{0}\u{0}./a b.md\u{0}"
        let deck = try load(input, LoadOptions(lines: true, read0: true))
        #expect(deck.cards.map(\.title) == ["./docs/new␊line.md", "./docs/plain.md", "./a b.md"])
        #expect(deck.cards[0].line == Array("./docs/new\nline.md".utf8), "picked as it was read")
        let scratch = try Scratch()
        // A byte-order mark is no part of the first line (helper-32).
        #expect(try load("\u{FEFF}small.txt\nb\n", LoadOptions(lines: true)).cards.map(\.title) == ["small.txt", "b"])
        for name in ["found.list", "found.bin"] {
            let file = scratch.write(input, to: name)
            #expect(try DeckLoader.load(paths: [file], options: LoadOptions(lines: true, read0: true)).cards.count == 3,
                    "\(name): its bytes say what it holds (helper-29: a .bin was refused)")
        }
        let refused = #expect(throws: DeckError.self) { try load(input, LoadOptions(lines: true)) }
        #expect(refused?.problems == ["standard input: not text (it holds NUL bytes or control characters; lines ended by NUL bytes, as find -print0 writes them, are read with --read0)"])
    }

    @Test func ansiRemovesEveryOtherSequence() throws {
        let input = "\u{1B}[2Jclear\u{1B}[10;5Hmoved\u{1B}]0;title\u{07}\u{1B}[1mbold\u{1B}[0m\u{1B}[?25l\u{07}\u{08}end\n"
        let deck = try load(input, LoadOptions(ansi: true))
        let card = try #require(deck.cards.first)
        #expect(card.lines == ["clearmovedboldend"])
        let spans = spans(card)
        #expect(!spans.isEmpty)
        for span in spans {
            #expect(offence(in: span.text) == nil, "\(span.text.debugDescription)")
            #expect(!span.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        #expect(spans.first { $0.text == "bold" }?.style.bold == true, "spans: \(spans)")
        #expect(offences(in: deck).isEmpty)
    }

    @Test func ansiWithLinesKeepsEachLinesColoursAndTitlesItPlain() throws {
        let deck = try load("\u{1B}[32mgreen\u{1B}[0m one\n\u{1B}[2J\u{1B}[1;34mblue\u{1B}[0m\n", LoadOptions(lines: true, ansi: true))
        #expect(deck.cards.map(\.title) == ["green one", "blue"])
        #expect(deck.cards.map(\.id) == ["green one", "blue"])
        #expect(spans(deck.cards[0]).first { $0.text == "green" }?.style.foreground == .indexed(2))
        let blue = spans(deck.cards[1]).first { $0.text == "blue" }
        #expect(blue?.style.foreground == .indexed(4) && blue?.style.bold == true)
        #expect(offences(in: deck).isEmpty)
    }

    @Test func ansiAppliesToTextFilesToo() throws {
        let scratch = try Scratch()
        let file = scratch.write("\u{1B}[35mmagenta\u{1B}[0m\n", to: "colours.txt")
        let deck = try DeckLoader.load(paths: [file], options: LoadOptions(ansi: true))
        #expect(deck.cards[0].lines == ["magenta"])
        #expect(spans(deck.cards[0]).first?.style.foreground == .indexed(5))
    }

    // MARK: - The built-in deck

    @Test func theBuiltInDeckIsAllArt() throws {
        let deck = try DeckLoader.builtin()
        #expect(deck.count > 0)
        for card in deck.cards {
            #expect(isArt(card), "\(card.title) is not art")
        }
        // Its manifest says art, which --ansi does not change...
        let ansi = try DeckLoader.builtin(options: LoadOptions(ansi: true))
        #expect(ansi.cards.allSatisfy(isArt))
        // ...and --kind does.
        let text = try DeckLoader.builtin(options: LoadOptions(kind: .text))
        #expect(text.cards.allSatisfy { !isArt($0) })
    }

    // MARK: - Found in review

    @Test func aStrayInvalidByteInAUTF8FileShowsAsAReplacementNotAMessage() throws {
        let scratch = try Scratch()
        scratch.write(Array("naïve ".utf8) + [0xE9] + Array(" au lait\nmore\n".utf8), named: Array("n.txt".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards[0].lines == ["naïve \u{FFFD} au lait", "more"])
    }

    // MARK: - Encodings

    /// Notes written before UTF-8 (Latin-1, Windows-1252) and in Windows Notepad's "Unicode"
    /// (UTF-16 with its byte-order mark) show their letters: `caf\xE9` is "café", not "caf�"; a
    /// Latin-1 file without an extension is a card, not "not text".
    @Test func latin1AndUTF16FilesShowTheirLetters() throws {
        let scratch = try Scratch()
        scratch.write(Array("caf".utf8) + [0xE9] + Array(" au lait\n".utf8) + [0x93] + Array("bient".utf8) + [0xF4, 0x74, 0x94, 0x0A],
                      named: Array("latin1.txt".utf8))
        scratch.write(Array("Stra".utf8) + [0xDF, 0x65, 0x0A], named: Array("ADDRESS".utf8))
        scratch.write(Array("# R".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array("\n\nPr".utf8) + [0xEA, 0x74, 0x0A],
                      named: Array("slides.md".utf8))
        let utf16: [UInt8] = [0xFF, 0xFE] + "Notepad’s note\r\nsecond line\r\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        scratch.write(utf16, named: Array("windows.txt".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.problems == [])
        #expect(deck.cards.map(\.title) == ["ADDRESS", "latin1", "Résumé", "windows"])
        #expect(deck.cards[0].lines == ["Straße"])
        #expect(deck.cards[1].lines == ["café au lait", "\u{201C}bientôt\u{201D}"])
        #expect(deck.cards[2].lines == ["Prêt"])
        #expect(deck.cards[3].lines == ["Notepad’s note", "second line"])
    }

    @Test func latin1StandardInputShowsItsLetters() throws {
        let input = Array("# Men".utf8) + [0xFC] + Array("\nCr".utf8) + [0xE8, 0x6D, 0x65, 0x20, 0x62, 0x72, 0xFB, 0x6C, 0xE9, 0x65, 0x0A]
        let deck = try DeckLoader.load(paths: ["-"], options: LoadOptions(), standardInput: { input })
        #expect(deck.cards.map(\.title) == ["Menü"])
        #expect(deck.cards[0].lines == ["Crème brûlée"])
        let markdown = try DeckLoader.load(paths: ["-"], options: LoadOptions(markdown: true), standardInput: { input })
        #expect(markdown.cards.map(\.title) == ["Menü"])
    }

    /// A file refused for its encoding, or for its name, says so, not that it holds control
    /// characters (review finding); a picture given to `--lines` is named a picture.
    @Test func aSkippedFileIsToldWhy() throws {
        let scratch = try Scratch()
        scratch.write([0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA, 0x0A], named: Array("japanese".utf8))  // 日本語 in Shift-JIS
        scratch.write("text\n", to: "note.txt")
        scratch.write("PK", to: "backup.ZIP")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["note"])
        #expect(deck.problems == [
            "\(scratch.at("backup.ZIP")): not a text file (a .zip file)",
            "\(scratch.at("japanese")): not a text file (its encoding is not UTF-8, UTF-16 or Latin-1; iconv converts it)",
        ])
        let picture = scratch.write("not really a PNG", to: "photo.png")
        let lines = try DeckLoader.load(paths: [picture, scratch.at("note.txt")], options: LoadOptions(lines: true))
        #expect(lines.problems == ["\(picture): a picture, not text (--lines reads lines of text)"])
    }

    /// A file that is not UTF-8 and holds control characters text does not is still not text.
    @Test func aBinaryWithoutNULBytesIsStillSkipped() throws {
        let scratch = try Scratch()
        scratch.write((1...255).map { UInt8($0) } + (1...255).map { UInt8($0) }, named: Array("blob".utf8))
        scratch.write("text\n", to: "note.txt")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["note"])
        #expect(deck.problems == ["\(scratch.at("blob")): \(Self.notText)"])
    }

    /// A program's bytes with their NUL bytes taken out hold a few UTF-8 characters by chance: not
    /// text all the same, skipped; named as text (`.txt`), its card says what it is rather than
    /// show its bytes (helper-34: both were cards of `␡ELF␂␁…`).
    @Test func aProgramWithoutNULBytesIsNotShownAsText() throws {
        var seed: UInt64 = 7
        let program: [UInt8] = [0x7F] + Array("ELF".utf8) + (0..<4_000).compactMap { _ in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let byte = UInt8(truncatingIfNeeded: seed >> 56)
            return byte == 0 ? nil : byte
        }
        let scratch = try Scratch()
        scratch.write(program, named: Array("ls-copy".utf8))
        scratch.write(program, named: Array("renamed.txt".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.problems == ["\(scratch.at("ls-copy")): \(Self.notText)"])
        #expect(deck.cards.map(\.title) == ["renamed"])
        #expect(deck.cards.first?.lines == ["(\(scratch.at("renamed.txt")): \(Self.notText))"], "\(deck.cards.first?.lines ?? [])")
    }

    @Test func markdownSlidesPastAThousandLinesAreAllKept() throws {
        let source = (1...300).map { "# S\($0)\n\nx\n\n---\n" }.joined(separator: "\n")
        let deck = try load(source, LoadOptions(markdown: true))
        #expect(deck.count == 300)
        #expect(deck.cards[299].title == "S300")
    }

    @Test func aManifestsKindIsForItsOwnCardsOnly() throws {
        let scratch = try Scratch()
        try scratch.directory("portraits")
        try scratch.directory("notes")
        scratch.write(#"{"defaults": {"kind": "art"}}"#, to: "deck.json", in: scratch.at("portraits"))
        scratch.write(Self.prose, to: "face.txt", in: scratch.at("portraits"))
        scratch.write(Self.prose, to: "note.txt", in: scratch.at("notes"))
        let deck = try DeckLoader.load(paths: [scratch.at("portraits"), scratch.at("notes")])
        #expect(deck.cards.map(isArt) == [true, false])
    }

    @Test func ansiColoursInSourceFilesAreKept() throws {
        let scratch = try Scratch()
        scratch.write("\u{1B}[32m+added\u{1B}[0m\n", to: "change.diff")
        let deck = try DeckLoader.load(paths: [scratch.at("change.diff")], options: LoadOptions(ansi: true))
        #expect(deck.cards[0].lines == ["+added"])
        #expect(spans(deck.cards[0]).first?.style.foreground == .indexed(2))
    }
}
