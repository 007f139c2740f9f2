@testable import CarouselDecks
import Foundation
import Testing

/// Every way a deck can be broken gives one clear line naming the file and the reason: as an error
/// when nothing can be shown, as a problem beside the good cards otherwise.
@Suite struct DeckProblemTests {
    /// The one-line error of loading `paths`, which must fail.
    func failure(_ paths: [String]) -> String? {
        do {
            let deck = try DeckLoader.load(paths: paths)
            Issue.record("loaded \(deck.count) cards")
            return nil
        } catch {
            return (error as? DeckError)?.description
        }
    }

    @Test func aMissingPath() {
        #expect(failure(["/nonexistent/deck"]) == "/nonexistent/deck: no such file or directory")
    }

    @Test func aFileWhereADirectoryShouldBe() throws {
        let scratch = try Scratch()
        let file = scratch.write("x", to: "card.txt")
        #expect(failure([file + "/"]) == "\(file)/: not a directory (a part of the path is a file)")
        #expect(failure([file + "/deck.json"]) == "\(file)/deck.json: not a directory (a part of the path is a file)")
    }

    @Test func aDirectoryWhereACardFileShouldBe() throws {
        let scratch = try Scratch()
        try scratch.directory("deck/folder.txt")
        try scratch.directory("other")
        scratch.write(#"{"cards": [{"file": "sub"}]}"#, to: "deck.json", in: scratch.at("other"))
        try scratch.directory("other/sub")
        let deck = scratch.at("deck")
        // A subdirectory is passed over (as `ls` shows it, not as a card); where nothing else is
        // there, the message names it and says how to read it (helper-44: `carousel src`)...
        #expect(failure([deck]) == "\(deck): no card files (text files or pictures) and no deck.json"
                + " (its folder folder.txt is not read: name it, as `carousel \(deck)/folder.txt`)")
        try scratch.directory("deck/it's here")
        #expect(failure([deck]) == "\(deck): no card files (text files or pictures) and no deck.json"
                + " (its 2 folders are not read: name them, as `carousel \(deck)/*`)")
        #expect(DeckBuilder.passedOverNote(subfolders: [Array("it's here".utf8)], hidden: [], in: "my notes")
                == " (its folder it's here is not read: name it, as `carousel 'my notes/it'\\''s here'`)")
        // ...but one a manifest names as a card is a problem.
        #expect(failure([scratch.at("other")]) == "\(scratch.at("other"))/sub: is a directory, not a card file")
    }

    /// A folder of hidden files only (dotfiles) says so, and how to show one (it said only that
    /// it held no card files); `.git`, swap files and locks are not counted.
    @Test func aFolderOfHiddenFilesSaysSo() throws {
        let scratch = try Scratch()
        try scratch.directory("dots/.git")
        scratch.write("x", to: "dots/.vimrc")
        scratch.write("x", to: "dots/.notes.txt.swp")
        scratch.write("x", to: "dots/.#lock")
        let dots = scratch.at("dots")
        #expect(failure([dots]) == "\(dots): no card files (text files or pictures) and no deck.json"
                + " (its hidden file .vimrc is passed over: name it, as `carousel \(dots)/.vimrc`)")
        scratch.write("x", to: "dots/.bashrc")
        #expect(failure([dots]) == "\(dots): no card files (text files or pictures) and no deck.json"
                + " (its 2 hidden files are passed over: name one, as `carousel \(dots)/.bashrc`)")
        #expect(try DeckLoader.load(paths: [dots + "/.bashrc"]).count == 1, "named, it is a card")
    }

    /// A folder of editors' backups only says so, and how to show one (helper-107: it said only
    /// that it held no card files).
    @Test func aFolderOfBackupsSaysSo() throws {
        let scratch = try Scratch()
        try scratch.directory("old")
        scratch.write("draft", to: "old/notes.txt~")
        let old = scratch.at("old")
        #expect(failure([old]) == "\(old): no card files (text files or pictures) and no deck.json"
                + " (its file notes.txt~ is passed over as an editor's backup or temporary file: name it, as `carousel \(old)/notes.txt~`)")
        scratch.write("older", to: "old/list.bak")
        scratch.write("x", to: "old/.notes.txt.swp")
        #expect(failure([old]) == "\(old): no card files (text files or pictures) and no deck.json"
                + " (its 2 files are passed over as editors' backups or temporary files: name one, as `carousel \(old)/list.bak`)")
        #expect(try DeckLoader.load(paths: [old + "/notes.txt~"]).count == 1, "named, it is a card")
        // A tilde is quoted only where a shell reads a home directory in it.
        #expect(DeckBuilder.shellWord("~notes") == "'~notes'" && DeckBuilder.shellWord("a=~b") == "'a=~b'"
                && DeckBuilder.shellWord("a:~b") == "'a:~b'" && DeckBuilder.shellWord("a/b~") == "a/b~")
    }

    /// Only hidden files that would be cards are counted and shown as the example (`.DS_Store`,
    /// named, is "not a text file"), and with subfolders too the message has one parenthesis
    /// (two ran together: helper-70).
    @Test func aFolderCountsOnlyHiddenFilesThatWouldBeCards() throws {
        let scratch = try Scratch()
        try scratch.directory("mac")
        scratch.write("\u{0}\u{0}\u{0}\u{1}Bud1\u{0}\u{0}", to: "mac/.DS_Store")
        let mac = scratch.at("mac")
        #expect(failure([mac]) == "\(mac): no card files (text files or pictures) and no deck.json")
        scratch.write("notes", to: "mac/.plan")
        try scratch.directory("mac/src")
        #expect(failure([mac]) == "\(mac): no card files (text files or pictures) and no deck.json"
                + " (its folder src is not read: name it, as `carousel \(mac)/src`;"
                + " its hidden file .plan is passed over: name it, as `carousel \(mac)/.plan`)")
    }

    @Test func aManifestThatIsADirectoryFallsBackToTheTextFiles() throws {
        let scratch = try Scratch()
        try scratch.directory("deck.json")
        scratch.write("x", to: "x.txt")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count == 1)
        #expect(deck.problems == ["\(scratch.path)/deck.json: is a directory, not a manifest"])
    }

    @Test(.enabled(if: getuid() != 0, "root may read any file"))
    func permissionDenied() throws {
        let scratch = try Scratch()
        let secret = scratch.write("secret", to: "secret.txt")
        scratch.write("open", to: "open.txt")
        chmod(secret, 0)
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["open"])
        #expect(deck.problems == ["\(secret): permission denied"])
        let locked = try scratch.directory("locked")
        chmod(locked, 0)
        #expect(failure([locked]) == "\(locked): cannot list the directory: permission denied")
    }

    @Test func permissionDeniedIsWordedPlainly() {
        // Also checked through the file system above when not running as root.
        #expect(FileFailure(errno: EACCES).reason == "permission denied")
        #expect(FileFailure(errno: EPERM).reason == "permission denied")
        #expect(FileFailure(errno: ELOOP).reason == "too many levels of symbolic links (a symlink loop?)")
    }

    @Test func anEmptyDeck() throws {
        let scratch = try Scratch()
        scratch.write("hidden", to: ".hidden.txt")
        #expect(failure([scratch.path]) == "\(scratch.path): no card files (text files or pictures) and no deck.json"
                + " (its hidden file .hidden.txt is passed over: name it, as `carousel \(scratch.path)/.hidden.txt`)")
        scratch.write(#"{"cards": []}"#, to: "deck.json")
        #expect(failure([scratch.path]) == "\(scratch.path)/deck.json: the manifest lists no cards")
    }

    @Test func aMalformedManifestNamesLineAndColumn() throws {
        let scratch = try Scratch()
        let manifest = scratch.write("{\n  \"cards\": [\n    {\"title\": \"a\"},\n    {\"title\": \"b\",}\n  ]\n}", to: "deck.json")
        #expect(failure([scratch.path]) == "\(manifest), line 4, column 19: expected a key in double quotes, found '}'")
        #expect(failure([manifest]) == "\(manifest), line 4, column 19: expected a key in double quotes, found '}'")
    }

    @Test func aSymlinkLoop() throws {
        let scratch = try Scratch()
        try scratch.symlink("a.txt", to: scratch.at("b.txt"))
        try scratch.symlink("b.txt", to: scratch.at("a.txt"))
        let loop = "too many levels of symbolic links (a symlink loop?)"
        #expect(failure([scratch.at("a.txt")]) == "\(scratch.at("a.txt")): \(loop)")
        scratch.write("fine", to: "c.txt")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["c"])
        #expect(deck.problems == ["\(scratch.at("a.txt")): \(loop)", "\(scratch.at("b.txt")): \(loop)"])
    }

    /// A card file of more lines than a card keeps (`Sanitizer.maximumLines`) ends in a line that
    /// says so, under 1 MiB and over it (a 150,000-line log ended in a bare "…", its zoom said
    /// "(end)"; a 1.3 MB file cut at its 100,000th line said only its first MiB was shown:
    /// helper-44).
    @Test func aFileOfTooManyLinesSaysWhereItWasCut() throws {
        let scratch = try Scratch()
        _ = scratch.write(Array(String(repeating: "a\n", count: 150_000).utf8) + Array("zzz\n".utf8), named: Array("many.txt".utf8))
        _ = scratch.write(Array((1...200_000).map(String.init).joined(separator: "\n").utf8), named: Array("seq.txt".utf8))
        // (And a table, and Markdown, whose last list item took the note in: "• item … the text goes on".)
        _ = scratch.write(Array(("a,b\n" + String(repeating: "1,2\n", count: 300_000)).utf8), named: Array("table.csv".utf8))
        _ = scratch.write(Array(String(repeating: "- item\n", count: 150_000).utf8), named: Array("list.md".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count == 4)
        let note = "… the text goes on: only its first 100,000 lines are shown"
        for i in 0..<4 {
            guard case .text(let document) = deck.cards[i].content else {
                Issue.record("\(deck.cards[i].content)")
                continue
            }
            let lines = document.plainLines
            #expect(lines.last == note, "\(deck.provider.title(at: i)): \(lines.suffix(2))")
            #expect(ContentSource.endsInCutNote(document) && document.goesOn, "\(deck.provider.title(at: i))")
            // (The note, after a blank line, is no line of the text: helper-107.)
            #expect(document.endNotes >= 1, "\(deck.provider.title(at: i))")
            if deck.provider.title(at: i) == "many" || deck.provider.title(at: i) == "seq" { #expect(lines.count == 100_002) }
        }
    }

    /// Lines cut at 10,000 characters are counted at the text's end, the same piped in; a text
    /// with none has no such line (helper-98).
    @Test func linesCutAtTheirLimitAreSaidAtTheEnd() throws {
        let scratch = try Scratch()
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 15_000)
        let bytes = Array("{\n".utf8) + long + [0x0A] + long + Array("\n}\n".utf8)
        _ = scratch.write(bytes, named: Array("min.json".utf8))
        _ = scratch.write(Array("short\nlines\n".utf8), named: Array("plain.txt".utf8))
        let deck = try DeckLoader.load(paths: [scratch.path])
        let note = "… 2 lines are longer than 10,000 characters: only their first 10,000 are shown"
        #expect(deck.cards.map { $0.lines.last } == [note, "lines"])
        let piped = ContentSource.bytes(bytes).content(as: .auto)
        guard case .text(let document) = piped else { Issue.record("\(piped)"); return }
        #expect(document.plainLines.last == note)
        #expect(!document.goesOn, "the text itself is whole")
        // (Told from the bytes first, where a tab is up to eight characters: a line of 1,300 tabs
        // is cut too.)
        let tabs = ContentSource.bytes(Array("a\n".utf8) + [UInt8](repeating: 0x09, count: 1_300) + Array("x\n".utf8)).content(as: .auto)
        guard case .text(let tabbed) = tabs else { Issue.record("\(tabs)"); return }
        #expect(tabbed.plainLines.last == "… a line is longer than 10,000 characters: only its first 10,000 are shown", "\(tabbed.plainLines.suffix(2))")
        #expect(ContentSource.hasLongLine(long) && !ContentSource.hasLongLine(Array(repeating: UInt8(ascii: "y"), count: 20_000).enumerated().map { $0.offset % 100 == 0 ? 0x0A : $0.element }))
    }

    /// A card file over 1 MiB shows its first MiB, up to a line's end, as the same bytes piped in
    /// do, and standard error says so (it was refused: helper-12 found `carousel big.log` exit 1
    /// where `carousel - < big.log` showed it); with `--lines`, its lines up to 64 MiB.
    @Test func aFileOverOneMebibyteShowsItsFirstMebibyte() throws {
        let scratch = try Scratch()
        let line = Array(repeating: UInt8(ascii: "A"), count: 99) + [0x0A]
        let bigBytes = Array([[UInt8]](repeating: line, count: 20_000).joined())
        let big = scratch.write(bigBytes, named: Array("big.txt".utf8))
        let exact = scratch.write([UInt8](repeating: 0x42, count: 1 << 20), named: Array("exact.txt".utf8))
        let shown = String(decoding: big, as: UTF8.self)
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.provider.artLoads == 0, "nothing read to tell")
        #expect(deck.count == 2 && deck.provider.title(at: 0) == "big" && deck.provider.title(at: 1) == "exact")
        #expect(deck.problems == ["\(shown): larger than 1 MiB; only its first MiB is shown"])
        guard case .text(let document) = deck.cards[0].content else {
            Issue.record("\(deck.cards[0].content)")
            return
        }
        // Whole lines up to 1 MiB, then a line that says the file goes on (the zoom said "(end)"
        // where nothing told of the cut: helper-20).
        let shownLines = document.plainLines
        #expect(shownLines.count == (1 << 20) / 100 + 2, "whole lines up to 1 MiB: \(shownLines.count)")
        #expect(shownLines.dropLast(2).allSatisfy { $0 == String(repeating: "A", count: 99) })
        #expect(shownLines.suffix(2) == ["", "… the file goes on: only its first MiB is shown"])
        // Its counts say it goes on (helper-76 read `/ERROR [1/852]` of a 50 MB log as all of it).
        #expect(document.goesOn)
        if case .text(let whole) = deck.cards[1].content { #expect(!whole.goesOn) }
        // The notes are no lines of the text: not counted as its lines (helper-104).
        #expect(document.endNotes == 2)
        if case .text(let whole) = deck.cards[1].content { #expect(whole.endNotes == 2) }
        // Nor text a search finds: `/characters` kept every minified file.
        #expect(!deck.cards[1].searchText(fileName: false).contains("characters") && !deck.cards[0].searchText(fileName: false).contains("goes on"))
        // A file of exactly 1 MiB is whole: no such line. Its one line, cut at 10,000 characters,
        // says so at its end (helper-98: a minified file's 79% unseen, the zoom saying "(end)").
        #expect(deck.cards[1].lines == [String(repeating: "B", count: Sanitizer.maximumColumns - 1) + "…", "",
                                        "… a line is longer than 10,000 characters: only its first 10,000 are shown"])
        _ = exact
        var options = LoadOptions()
        options.lines = true
        let lines = try DeckLoader.load(paths: [shown], options: options)
        #expect(lines.count == 20_000 && lines.problems.isEmpty, "every line of a file under 64 MiB: \(lines.count)")
    }

    /// A text cut at 100,000 lines ends in a note saying so, which is no line of the text, as the
    /// other notes are not (helper-107: `lines 99975-100001 of 100001+`).
    @Test func theNoteOfATextCutAtItsLastLineIsNoLineOfIt() throws {
        let scratch = try Scratch()
        let path = scratch.write((1...(Sanitizer.maximumLines + 5)).map { "row \($0)" }.joined(separator: "\n"), to: "long.txt")
        let deck = try DeckLoader.load(paths: [path])
        guard case .text(let document) = deck.cards[0].content else {
            Issue.record("\(deck.cards[0].content)")
            return
        }
        #expect(document.endNotes == 2)
        #expect(document.plainLines.suffix(3) == ["row \(Sanitizer.maximumLines)", "", Sanitizer.linesCut(Sanitizer.maximumLines)])
        #expect(!deck.cards[0].searchText(fileName: false).contains("goes on"))
    }

    @Test func aDeviceIsNotACard() {
        #expect(failure(["/dev/null"]) == "/dev/null: not a regular file (a device or a socket?)")
    }

    @Test func goodCardsAreShownAndTheRestCounted() throws {
        let scratch = try Scratch()
        scratch.write("ok", to: "1-ok.txt")
        try scratch.directory("2-dir.txt")
        try scratch.symlink("3-dangling.txt", to: scratch.at("nowhere"))
        scratch.write("also ok", to: "4-ok.txt")
        let deck = try DeckLoader.load(paths: [scratch.path, "/nonexistent"])
        #expect(deck.cards.map(\.title) == ["1-ok", "4-ok"])
        #expect(deck.skipped == 2, "a subdirectory is not a card, and not a loss")
        #expect(deck.problems == [
            "\(scratch.at("3-dangling.txt")): no such file or directory",
            "/nonexistent: no such file or directory",
        ])
    }

    @Test func unknownKeysAreProblemsButNotSkippedCards() throws {
        let scratch = try Scratch()
        scratch.write(##"{"cards": [{"art": "a"}, {"art": "b"}, {"art": "c", "colour": "#FFFFFF"}]}"##, to: "deck.json")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.count == 3)
        #expect(deck.skipped == 0)
        #expect(deck.problems == ["\(scratch.at("deck.json")), line 1: unknown key 'colour' in card 3"])
    }

    @Test func whenNothingLoadsEveryReasonIsKept() {
        let error = #expect(throws: DeckError.self) { try DeckLoader.load(paths: ["/nonexistent/a", "/nonexistent/b"]) }
        #expect(error?.description == "no card could be loaded: /nonexistent/a: no such file or directory (and 1 more problem)")
        #expect(error?.problems == ["/nonexistent/a: no such file or directory", "/nonexistent/b: no such file or directory"])
    }
}
