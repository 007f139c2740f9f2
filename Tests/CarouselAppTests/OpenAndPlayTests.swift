@testable import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTerminal
import CarouselText
import Foundation
import Synchronization
import Testing

/// `e` hands the terminal to an editor (or `--open-with`) and reads the deck again after; a deck
/// read again keeps the card shown; `--autoplay` and `p` play the deck as a slideshow.
@Suite struct OpenAndPlayTests {
    static func note(_ id: String, _ text: String, file: Bool = true) -> Card {
        Card(id: id, title: id, content: .text(TextDocument(plainText: text)), file: file ? Array(id.utf8) : nil)
    }

    let deck = CardList([note("a.txt", "first"), note("b.txt", "second"), note("piped", "from a pipe", file: false)])

    func status(_ pilot: Pilot) -> String { pilot.screen.last ?? "" }
    func strings(_ arguments: [[UInt8]]) -> [String] { arguments.map { String(decoding: $0, as: UTF8.self) } }

    /// A picture does not open in a text editor (vi showed a JPEG's bytes): the status line says
    /// how to open it with a viewer; with --open-with, that runs on it.
    @Test func aPictureOpensOnlyWithOpenWith() {
        let picture = CardList([Card(id: "photo.jpg", title: "photo", content: .image(PictureFile(path: PictureCardTests.fixtures + "/split.png")))])
        let pilot = Pilot(deck: picture, width: 100, height: 30)
        pilot.press(.character("e"))
        #expect(pilot.terminal.commandsRun.isEmpty)
        #expect(status(pilot).contains("--open-with 'xdg-open {}'"), "\(status(pilot))")
        // Whole at 80 columns (helper-11: it was cut there).
        let narrow = Pilot(deck: picture, width: 80, height: 24)
        narrow.press(.character("e"))
        #expect(status(narrow).contains("--open-with 'xdg-open {}', not in a text editor.") && !status(narrow).contains("…"), "\(status(narrow))")
        var options = AppOptions()
        options.openWith = "feh {}"
        let viewer = Pilot(deck: picture, options: options, width: 100, height: 30)
        viewer.press(.character("e"))
        #expect(strings(viewer.terminal.commandsRun.last ?? []).dropFirst(2).first == "feh \"$1\"", "\(strings(viewer.terminal.commandsRun.last ?? []))")
    }

    /// A Markdown slide made of one picture opens its talk at the slide, in the editor, as a slide
    /// of text does (review: it was refused as a picture, and the advice named a viewer for the talk).
    @Test func aSlideOfOnePictureOpensItsTalk() throws {
        let dir = NSTemporaryDirectory() + "carousel-open-slide-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: PictureCardTests.fixtures + "/split.png", toPath: dir + "/chart.png")
        try "# Intro\nHello\n\n---\n\n# Chart\n![Latency](chart.png)\n".write(toFile: dir + "/talk.md", atomically: true, encoding: .utf8)
        let deck = try DeckLoader.load(paths: [dir + "/talk.md"]).provider
        #expect(deck.card(at: 1).content == .image(PictureFile(path: dir + "/chart.png")))
        var options = AppOptions()
        options.editor = "vim"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.right, .character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []).suffix(3) == ["vim +6 \"$1\"", "sh", dir + "/talk.md"],
                "\(strings(pilot.terminal.commandsRun.last ?? [])), \(status(pilot))")
    }

    @Test func eRunsTheEditorOnTheCardsFileThenReadsTheDeckAgain() {
        var options = AppOptions()
        options.editor = "code -w"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        // The "editor" changes the file; the deck read again has the new text.
        let edited = CardList([Self.note("a.txt", "first"), Self.note("b.txt", "second, edited"), Self.note("piped", "x", file: false)])
        let reads = Mutex(0)
        pilot.program.deckSource = DeckSource(load: {
            reads.withLock { $0 += 1 }
            return .success(.init(edited))
        })
        pilot.press(.right, .character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []) == ["/bin/sh", "-c", "code -w \"$1\"", "sh", "b.txt"])
        #expect(reads.withLock { $0 } == 1)
        #expect(pilot.screen.contains { $0.contains("│ edited") }, "the card shows its new text")
        #expect(pilot.model.activeDeckIndex == 1, "back on the same card")
    }

    /// `e` on a Markdown slide opens the talk at the slide's first line, and while a search is on,
    /// at the first of its lines that holds the query, for editors that take `+LINE`; `{line}`
    /// gives the line to any `--open-with` command; other editors get the file alone.
    @Test func eOpensASlideAtItsLineAndAtTheSearchsMatch() throws {
        let dir = NSTemporaryDirectory() + "carousel-open-line-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let talk = dir + "/talk.md"
        let source = "# Intro\nWelcome\n\n---\n\n# Plans\n- ship the release\n- review onboarding\n\n---\n\n# Questions\nAsk away, review\n"
        try source.write(toFile: talk, atomically: true, encoding: .utf8)
        let deck = try DeckLoader.load(paths: [talk]).provider
        func opened(editor: String? = nil, openWith: String? = nil, print: CardChoice.Field? = nil, _ keys: (Pilot) -> Void) -> [String] {
            var options = AppOptions()
            if let editor { options.editor = editor }
            options.openWith = openWith
            options.print = print
            let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
            keys(pilot)
            pilot.press(.character("e"))
            return strings(pilot.terminal.commandsRun.last ?? [])
        }
        #expect(opened(editor: "vim") { _ in } == ["/bin/sh", "-c", "vim \"$1\"", "sh", talk], "the first slide: the top")
        #expect(opened(editor: "vim") { $0.press(.right) } == ["/bin/sh", "-c", "vim +6 \"$1\"", "sh", talk])
        #expect(opened(editor: "/usr/bin/nano -m") { $0.press(.right, .right) }[2] == "/usr/bin/nano -m +12 \"$1\"")
        // A search: the slide's first line holding it (the third slide's match is on its second line).
        let found = opened(editor: "nvim") { pilot in
            pilot.press(.character("/"))
            pilot.type("review")
            pilot.press(.enter)
        }
        #expect(found[2] == "nvim +8 \"$1\"", "\(found)")
        #expect(opened(editor: "nvim") { pilot in
            pilot.press(.character("/"))
            pilot.type("review")
            pilot.press(.enter, .character("n"))
        }[2] == "nvim +13 \"$1\"")
        // Not known to take +LINE: the file alone; --open-with says where with {line}.
        #expect(opened(editor: "code -w") { $0.press(.right) }[2] == "code -w \"$1\"")
        #expect(opened(openWith: "code -g {}:{line}") { $0.press(.right) }[2] == "code -g \"$1\":6")
        #expect(opened(openWith: "echo {line}") { _ in }[2] == "echo 1 \"$1\"", "the top: 1; the card still comes last")
        #expect(opened(openWith: "less") { $0.press(.right) }[2] == "less +6 \"$1\"", "the file is the target")
        #expect(opened(openWith: "less", print: .title) { $0.press(.right) }[2] == "less \"$1\"", "the title is no file")
    }

    /// A Latin-1 talk is searched as it is shown: `e` opens it at the line holding "crème".
    @Test func eFindsTheSearchsLineInALatin1File() throws {
        let dir = NSTemporaryDirectory() + "carousel-open-latin1-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let talk = dir + "/menu.md"
        let source = "# Menu\nSoup\nBread\nCr\u{E8}me br\u{FB}l\u{E9}e\n"
        try Data(source.unicodeScalars.map { UInt8($0.value) }).write(to: URL(fileURLWithPath: talk))
        let deck = try DeckLoader.load(paths: [talk]).provider
        #expect(deck.card(at: 0).lines == ["Soup Bread Crème brûlée"])
        var options = AppOptions()
        options.editor = "vim"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("crème")
        pilot.press(.enter, .character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? [])[2] == "vim +4 \"$1\"")
    }

    /// A line of `grep -n` (or a compiler's message) opens its file at the line it names; a line
    /// naming no file says so (helper-18: `grep -rn word . | carousel --lines`, then `e`, said the
    /// card came from a pipe).
    @Test func eOnALineOfGrepOpensItsFileAtItsLine() throws {
        let dir = NSTemporaryDirectory() + "carousel-open-grep-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "one\ntwo: Hélène\n".write(toFile: dir + "/gift:ideas.txt", atomically: true, encoding: .utf8)
        let input = "\(dir)/gift:ideas.txt:2:two: Hélène\n\(dir)/gift:ideas.txt:7:12: warning\n\(dir)/gift:ideas.txt\nnothing:3:here\n\(dir)\n"
        let deck = try DeckLoader.load(paths: ["-"], options: LoadOptions(lines: true), standardInput: { Array(input.utf8) }).provider
        var options = AppOptions()
        options.lines = true
        options.editor = "vim"
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 24)
        pilot.press(.character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []).suffix(3) == ["vim +2 \"$1\"", "sh", "\(dir)/gift:ideas.txt"])
        pilot.press(.right, .character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []).suffix(3) == ["vim +7 \"$1\"", "sh", "\(dir)/gift:ideas.txt"], "path:LINE:COLUMN:")
        pilot.press(.right, .character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []).suffix(3) == ["vim \"$1\"", "sh", "\(dir)/gift:ideas.txt"], "a path alone")
        let run = pilot.terminal.commandsRun.count
        pilot.press(.right, .character("e"))
        #expect(pilot.terminal.commandsRun.count == run)
        #expect(status(pilot).contains("No file to open: the line is no file's path"), "\(status(pilot))")
        pilot.press(.right, .character("e"))
        #expect(pilot.terminal.commandsRun.count == run)
        #expect(status(pilot).contains("No file to open: the line is a folder (--open-with runs a command on it)."), "\(status(pilot))")

        // `{file}` is the file a line names, `{}` the line itself; with `{file}` alone the line is not added.
        options.openWith = "vim +{line} {file}"
        let command = Pilot(deck: deck, options: options, width: 100, height: 24)
        command.press(.right, .character("e"))
        let line = "\(dir)/gift:ideas.txt:7:12: warning"
        #expect(strings(command.terminal.commandsRun.last ?? []).suffix(4) == ["vim +7 \"$2\"", "sh", line, "\(dir)/gift:ideas.txt"])
        options.openWith = "echo {} > {file}.note"
        let both = Pilot(deck: deck, options: options, width: 100, height: 24)
        both.press(.character("e"))
        #expect(strings(both.terminal.commandsRun.last ?? []).dropFirst(2).first == "echo \"$1\" > \"$2\".note")
        both.press(.end)
        let ran = both.terminal.commandsRun.count
        both.press(.character("e"))
        #expect(both.terminal.commandsRun.count == ran, "no file: nothing runs")
        #expect(status(both).contains("No file for {file}: the line is a folder ({} is the line)."), "\(status(both))")
        both.press(.left, .character("e"))
        #expect(status(both).contains("No file for {file}: the line is no file's path"), "\(status(both))")
    }

    /// A name is never read as code, however the template quotes it (helper-32: inside a script for
    /// another shell, `sh -c '... {}'`, a name holding `$(...)` ran it). (A double-quoted script
    /// for another shell, `sh -c "cat {}"`, is the text the template makes, as `"cat $f"` would be.)
    @Test func aHostileNameIsNeverRun() throws {
        for template in ["sh -c 'printf \"[%s]\" {}'", "printf '[%s]' {}", "printf '[%s]' \"$(printf %s {})\"",
                         "printf '[%s]' '{}'", "bash -c 'printf \"[%s]\" {file}'", "printf '[%s]' \"`printf %s {}`\"",
                         "sh -c 'printf \"[%s]\" \"{}\"'", "sh -c 'printf \"[%s]\" \"{file}\"'"] {
            let dir = NSTemporaryDirectory() + "carousel-hostile-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let name = "a b $(touch \(dir)/ran1)`touch \(dir)/ran2`;touch \(dir)/ran3 * 'q' \"d\""
            let command = ExternalCommand(script: template, target: Array(name.utf8), name: "t", file: Array(name.utf8))
            let output = try Self.runByShell(command, in: dir).output
            let ran = try FileManager.default.contentsOfDirectory(atPath: dir)
            #expect(ran.isEmpty, "\(template): ran \(ran)")
            #expect(output == "[\(name)]", "\(template): \(output)")
        }
    }

    /// A command that fails says so as the shell's message, not as the carousel's (helper-103 read
    /// `carousel: 1: nonexistent-cmd-xyz: not found`).
    @Test func aMissingCommandIsTheShellsMessage() throws {
        let run = try Self.runByShell(ExternalCommand(script: "nonexistent-cmd-xyz {}", target: Array("1".utf8), name: "t"))
        #expect(run.status == 127)
        #expect(run.errors.hasPrefix("sh: ") && run.errors.contains("nonexistent-cmd-xyz"), "\(run.errors)")
    }

    /// Runs `command` as the program would (its arguments after `/bin/sh`), in `directory`: its
    /// exit status and what it wrote to standard output and standard error (a few lines each).
    static func runByShell(_ command: ExternalCommand, in directory: String? = nil) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = command.arguments.dropFirst().map { String(decoding: $0, as: UTF8.self) }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        func text(_ pipe: Pipe) -> String { String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        return (process.terminationStatus, text(output), text(errors))
    }

    /// A file whose name starts with `-` reaches the editor as a path, not an option (helper-29:
    /// `vim -rf.txt` is vim's recovery mode).
    @Test func aFileNamedLikeAnOptionIsOpenedAsAPath() {
        var options = AppOptions()
        options.editor = "vim"
        let pilot = Pilot(deck: CardList([Self.note("-rf.txt", "careful")]), options: options, width: 80, height: 24)
        pilot.press(.character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []).suffix(3) == ["vim \"$1\"", "sh", "./-rf.txt"])
        options.openWith = "less {file}"
        let other = Pilot(deck: CardList([Self.note("-rf.txt", "careful")]), options: options, width: 80, height: 24)
        other.press(.character("e"))
        #expect(strings(other.terminal.commandsRun.last ?? []).last == "./-rf.txt")
        // Nor `+5.txt` a command (helper-98: vim ran `:5.txt`, `E492: Not an editor command`).
        options.openWith = nil
        let plus = Pilot(deck: CardList([Self.note("+5.txt", "careful")]), options: options, width: 80, height: 24)
        plus.press(.character("e"))
        #expect(strings(plus.terminal.commandsRun.last ?? []).last == "./+5.txt")
    }

    /// `{}` and `{file}` stand for their words quoted as where they stand asks, so that a name with
    /// spaces stays one argument whatever quotes the user put around them (helper-28:
    /// `'code -g "{file}:{line}"'` split "/tmp/My Notes/a.txt" at its space). Run by the shell.
    @Test func placeholdersStayOneWordInsideQuotes() throws {
        func run(_ script: String) throws -> String {
            try OpenAndPlayTests.runByShell(ExternalCommand(script: script, target: Array("my card".utf8), name: "t", line: 7,
                                                            file: Array("/tmp/My Notes/it's.txt".utf8))).output
        }
        let show = "printf '<%s>'"
        #expect(try run(show + " {file}:{line}") == "</tmp/My Notes/it's.txt:7>")
        #expect(try run(show + " \"$(printf %s {file})\"") == "</tmp/My Notes/it's.txt>", "a command substitution quotes afresh (helper-32)")
        #expect(try run(show + " \"`printf %s {file}`\"") == "</tmp/My Notes/it's.txt>")
        #expect(try run("sh -c 'printf \"<%s>\" {file} {}'") == "</tmp/My Notes/it's.txt><my card>", "a script for another shell")
        #expect(try run(show + " \"{file}:{line}\"") == "</tmp/My Notes/it's.txt:7>")
        #expect(try run(show + " '{file}'") == "</tmp/My Notes/it's.txt>")
        #expect(try run(show + " \"x {}\" {}") == "<x my card><my card>")
        #expect(try run(show + " \\\" {}") == "<\"><my card>", "an escaped quote opens none")
        #expect(try run(show) == "<my card>", "the card comes last")
    }

    /// A zoomed text file scrolled down opens where the reader is (the line at the top of the zoom,
    /// found through the wrapping), as `v` in less does; at its top, at the file's top.
    @Test func eOnAZoomedFileOpensItWhereTheReaderIs() throws {
        let dir = NSTemporaryDirectory() + "carousel-open-zoom-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let note = dir + "/long.txt"
        // Long lines wrap at 40 columns, blank ones count: rows and lines differ. Every word says
        // its line: `w57x3` is the third word of line 57.
        let text = (1...300).map { n in n % 7 == 0 ? "" : (1...12).map { "w\(n)x\($0)" }.joined(separator: " ") }
        try (text.joined(separator: "\n") + "\n").write(toFile: note, atomically: true, encoding: .utf8)
        let deck = try DeckLoader.load(paths: [note]).provider
        for (width, height) in [(40, 20), (100, 30)] {
            var options = AppOptions()
            options.editor = "vim"
            let pilot = Pilot(deck: deck, options: options, width: width, height: height)
            pilot.press(.enter)
            pilot.press(.character("e"))
            #expect(strings(pilot.terminal.commandsRun.last ?? [])[2] == "vim \"$1\"", "at the top: the file's top")
            pilot.press(.pageDown, .pageDown, .down)
            // The zoom's first row of text, and the line of the file it belongs to.
            let row = pilot.screen.dropFirst().first { $0.contains("│ w") } ?? ""
            let word = row.split(separator: " ").first { $0.hasPrefix("w") && $0.contains("x") }
            let shown = word.flatMap { Int($0.dropFirst().prefix { $0 != "x" }) }
            #expect(shown != nil && shown! > 5, "\(width)x\(height): scrolled into the file: \(row)")
            pilot.press(.character("e"))
            #expect(strings(pilot.terminal.commandsRun.last ?? [])[2] == "vim +\(shown ?? 0) \"$1\"", "\(width)x\(height): \(row)")
        }
    }

    /// A zoom a search brought to a match opens the file at the match's line, not at the line of
    /// context above it at the zoom's top (helper-31: `e` opened two lines above); after `n`, at the
    /// next match's; scrolled away from it, where the reader is.
    @Test func eOnAZoomAtAMatchOpensAtTheMatch() throws {
        let dir = NSTemporaryDirectory() + "carousel-open-match-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var text = (1...300).map { "line \($0)" }
        text[39] = "the needle here"
        text[119] = "another needle"
        try (text.joined(separator: "\n") + "\n").write(toFile: dir + "/long.c", atomically: true, encoding: .utf8)
        let deck = try DeckLoader.load(paths: [dir + "/long.c"]).provider
        var options = AppOptions()
        options.editor = "vim"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter, .enter)
        pilot.wait(1)
        #expect(pilot.screen.contains { $0.contains("│ line 38") } && !pilot.screen.contains { $0.contains("│ line 1 ") },
                "the zoom shows context above the match: \(pilot.screen.joined(separator: "\n"))")
        pilot.press(.character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []).dropFirst(2).first == "vim +40 \"$1\"")
        // After a resize too (helper-32: +38, the match counted at the new width).
        pilot.resize(width: 100, height: 30, wait: 0.5)
        pilot.press(.character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []).dropFirst(2).first == "vim +40 \"$1\"")
        pilot.resize(width: 80, height: 24, wait: 0.5)
        pilot.press(.character("n"))
        pilot.press(.character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []).dropFirst(2).first == "vim +120 \"$1\"")
        pilot.press(.down, .down, .down, .down, .down)
        let top = pilot.screen.dropFirst().compactMap { row in row.split(separator: " ").drop { $0 != "line" }.dropFirst().first.flatMap { Int($0) } }.first
        pilot.press(.character("e"))
        #expect(top != nil && strings(pilot.terminal.commandsRun.last ?? []).dropFirst(2).first == "vim +\(top ?? 0) \"$1\"", "scrolled: the top")
    }

    /// A zoomed Markdown note or slide scrolled down opens where the reader is too: at the line its
    /// block was read from, in code at the row's own line (it opened at the note's top, or the
    /// slide's first line: its rows are not its source's lines).
    @Test func eOnAZoomedMarkdownCardOpensItWhereTheReaderIs() throws {
        let dir = NSTemporaryDirectory() + "carousel-open-zoom-md-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Line 1 a heading (the title), then paragraphs of wrapped words, each saying its line
        // (`p5w3`: line 5's third word), then a fenced block of rows that say theirs (`c12`).
        var lines = ["# Notes", ""]
        for _ in 0..<6 {
            let n = lines.count + 1
            lines.append((1...9).map { "p\(n)w\($0)" }.joined(separator: " ") + " **bold** and `code`")
            lines.append("")
        }
        lines.append("```swift")
        for _ in 0..<40 { lines.append("let c\(lines.count + 1) = \(lines.count + 1)") }
        lines.append("```")
        lines += ["", "Last words."]
        let note = dir + "/note.md"
        try lines.joined(separator: "\n").write(toFile: note, atomically: true, encoding: .utf8)
        // The same after a talk's first slide: the file's lines, not the slide's.
        let talk = dir + "/talk.md"
        try (["# Opening", "", "Hello.", "", "---", ""] + lines.dropFirst(2)).joined(separator: "\n")
            .write(toFile: talk, atomically: true, encoding: .utf8)
        for (path, shift, start) in [(note, 0, 0), (talk, 4, 1)] {
            let deck = try DeckLoader.load(paths: [path]).provider
            var options = AppOptions()
            options.editor = "vim"
            options.start = start + 1
            let pilot = Pilot(deck: deck, options: options, width: 40, height: 20)
            pilot.press(.enter, .down, .down, .down)
            // The zoom's first row that says its line, and that line.
            func shown() -> Int? {
                let row = pilot.screen.dropFirst().first { $0.contains("│ p") || $0.contains("c") && $0.contains("let") } ?? ""
                let word = row.split(separator: " ").first { $0.hasPrefix("p") && $0.contains("w") || $0.hasPrefix("c") && Int($0.dropFirst()) != nil }
                return word.flatMap { Int($0.dropFirst().prefix { $0 != "w" }) }
            }
            let paragraph = shown()
            #expect(paragraph != nil && paragraph! > 3, "\(path): scrolled into the paragraphs: \(pilot.screen)")
            pilot.press(.character("e"))
            #expect(strings(pilot.terminal.commandsRun.last ?? [])[2] == "vim +\((paragraph ?? 0) + shift) \"$1\"", "\(path)")
            pilot.press(.pageDown, .pageDown)
            let code = shown()
            #expect(code != nil && code! > 17, "\(path): scrolled into the code: \(pilot.screen)")
            pilot.press(.character("e"))
            #expect(strings(pilot.terminal.commandsRun.last ?? [])[2] == "vim +\((code ?? 0) + shift) \"$1\"", "\(path)")
        }
    }

    /// An editor that is not installed is said in the status line without running the shell, whose
    /// own "not found" would land on the terminal behind the carousel and stay there after it. Only
    /// a plain program name or path is looked for (the shell resolves the rest).
    @Test func aMissingEditorIsSaidWithoutRunningTheShell() {
        var options = AppOptions()
        options.editor = "no-such-editor -w"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.terminal.programs = ["vim"]
        pilot.press(.character("e"))
        #expect(pilot.terminal.commandsRun.isEmpty)
        #expect(status(pilot).contains("no-such-editor: command not found"), "\(status(pilot))")
        options.editor = "vim"
        let second = Pilot(deck: deck, options: options, width: 80, height: 24)
        second.terminal.programs = ["vim"]
        second.press(.character("e"))
        #expect(second.terminal.commandsRun.count == 1)
        #expect(ExternalCommand.plainProgram("code -w") == "code")
        #expect(ExternalCommand.plainProgram("/usr/bin/nvim -p") == "/usr/bin/nvim")
        #expect(ExternalCommand.plainProgram("vim.basic") == "vim.basic")
        for unresolved in ["~/bin/ed", "FOO=1 vim", "$EDITOR", "'my editor'", ""] {
            #expect(ExternalCommand.plainProgram(unresolved) == nil, "\(unresolved)")
        }
    }

    @Test func aFailedEditorOrACardWithNoFileIsSaid() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.terminal.runCommand = { _ in .exited(127) }
        pilot.press(.character("e"))
        #expect(status(pilot).contains("vi: command not found"), "\(status(pilot))")
        pilot.terminal.runCommand = { _ in .exited(3) }
        pilot.press(.character("e"))
        #expect(status(pilot).contains("vi ended with exit status 3"))
        pilot.press(.right, .right)
        let before = pilot.terminal.commandsRun.count
        pilot.press(.character("e"))
        #expect(pilot.terminal.commandsRun.count == before, "nothing to open")
        // Said whole at 80 columns (it was cut at "… or the bu…"), the card's place left out for it.
        #expect(status(pilot) == " No file to open: this card came from a pipe, a manifest or the built-in deck.  ", "\(status(pilot))")
        // So too with the card zoomed (it was cut at "a manifest o…" for `←→ card  Esc close`;
        // helper-80); wider, the keys come back beside it.
        pilot.press(.enter, .character("e"))
        #expect(pilot.model.overlay.zoom != nil)
        #expect(status(pilot).contains("No file to open: this card came from a pipe, a manifest or the built-in deck."), "\(status(pilot))")
        pilot.resize(width: 120, height: 24)
        pilot.press(.character("e"))
        #expect(status(pilot).contains("built-in deck.") && status(pilot).contains("Esc close"), "\(status(pilot))")
    }

    @Test func openWithRunsACommandOnTheCardAsPickPrintsIt() {
        var options = AppOptions()
        options.openWith = "wc -l {} && cat {}"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.right, .right, .character("e"))
        #expect(strings(pilot.terminal.commandsRun.last ?? []) == ["/bin/sh", "-c", "wc -l \"$1\" && cat \"$1\"", "sh", "piped"])
        options.openWith = "less"
        options.print = .index
        let second = Pilot(deck: deck, options: options, width: 80, height: 24)
        second.press(.character("e"))
        #expect(strings(second.terminal.commandsRun.last ?? []) == ["/bin/sh", "-c", "less \"$1\"", "sh", "1"])
    }

    /// --watch: a change wakes the loop, the deck is read again, and the strip stays on the card it
    /// showed, wherever that card now is.
    @Test func aDeckReadAgainKeepsTheActiveCard() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        let changed = ChangeFlag()
        let grown = CardList([Self.note("new.txt", "new"), Self.note("a.txt", "first"), Self.note("b.txt", "second"),
                              Self.note("piped", "x", file: false)])
        pilot.program.deckSource = DeckSource(load: { .success(.init(grown)) }, changed: { changed.take() })
        pilot.press(.right)
        #expect(pilot.model.activeDeckIndex == 1)
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.state.count == 4)
        #expect(pilot.model.activeDeckIndex == 2, "still b.txt, now third")
        #expect(status(pilot).contains("3/4  b.txt"), "\(status(pilot))")
        // A deck that cannot be read any more leaves the cards as they were and says why.
        pilot.program.deckSource = DeckSource(load: { .failure(DeckSource.Failure("cannot read the deck again: gone")) },
                                              changed: { changed.take() })
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.state.count == 4)
        #expect(status(pilot).contains("cannot read the deck again: gone"))
        // Mended and read again: the reason is no longer said (helper-16: it stayed until a key).
        pilot.program.deckSource = DeckSource(load: { .success(.init(grown)) }, changed: { changed.take() })
        changed.raise()
        pilot.send(.wake)
        #expect(status(pilot).contains("3/4  b.txt") && !status(pilot).contains("cannot read"), "\(status(pilot))")
        // Another message is not taken back by a deck read again.
        pilot.press(.character("4"), .character("e"))
        #expect(status(pilot).contains("No file to open"), "\(status(pilot))")
        changed.raise()
        pilot.send(.wake)
        #expect(status(pilot).contains("No file to open"), "\(status(pilot))")
    }

    /// An `--open-with` command is named by its program where it is one simple command
    /// ("--open-with: command not found" left the user to guess which: helper-49).
    @Test func anOpenWithCommandIsNamedByItsProgram() {
        #expect(AppModel.openWithName("nonexistent-cmd {}") == "nonexistent-cmd")
        #expect(AppModel.openWithName("code -g {file}:{line}") == "code")
        #expect(AppModel.openWithName("sh -c 'wc -l {}'") == "--open-with")
        #expect(AppModel.openWithName("ls > x; true {}") == "--open-with")
        #expect(AppModel.openWithName("FOO=1 vim {}") == "vim")
        #expect(AppModel.openWithName("{} --flag") == "--open-with")
        #expect(AppModel.openWithName("less\t{}") == "less")
        var options = AppOptions()
        options.openWith = "nonexistent-cmd {}"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.terminal.runCommand = { _ in .exited(127) }
        pilot.press(.character("e"))
        #expect(status(pilot).contains("nonexistent-cmd: command not found"), "\(status(pilot))")
    }

    /// A card whose file was renamed (`mv b.txt z.txt`) is still the one shown, at its new place
    /// (the strip showed the card that took its place: helper-49); a card deleted leaves the
    /// strip where it was, and a rename beside another change is not guessed at.
    @Test func aCardRenamedStaysShown() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        let changed = ChangeFlag()
        let next = Mutex(CardList([Self.note("a.txt", "first"), Self.note("piped", "from a pipe", file: false), Self.note("z.txt", "second")]))
        pilot.program.deckSource = DeckSource(load: { .success(.init(next.withLock { $0 })) }, changed: { changed.take() })
        pilot.press(.right)
        #expect(pilot.model.activeDeckIndex == 1)
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.model.activeDeckIndex == 2 && status(pilot).contains("3/3  z.txt"), "\(status(pilot))")
        // Deleted: the strip stays at its place.
        next.withLock { $0 = CardList([Self.note("a.txt", "first"), Self.note("piped", "from a pipe", file: false)]) }
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.model.activeDeckIndex == 1, "\(status(pilot))")
        // Two cards new where one went: no guess.
        pilot.press(.home)
        next.withLock { $0 = CardList([Self.note("c.txt", "third"), Self.note("d.txt", "fourth")]) }
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.model.activeDeckIndex == 0)
        #expect(AppModel.renamed("a.txt", from: CardList([Self.note("a.txt", ""), Self.note("b.txt", "")]),
                                 to: CardList([Self.note("c.txt", ""), Self.note("d.txt", "")])) == nil)
        #expect(AppModel.renamed("a.txt", from: CardList([Self.note("a.txt", "x"), Self.note("b.txt", "")]),
                                 to: CardList([Self.note("b.txt", ""), Self.note("c.txt", "x")])) == 1)
        // One removed and an unrelated one added (a `git pull`): no guess, the strip stays at its place.
        #expect(AppModel.renamed("a.txt", from: CardList([Self.note("a.txt", "x"), Self.note("b.txt", "")]),
                                 to: CardList([Self.note("b.txt", ""), Self.note("c.txt", "y")])) == nil)
    }

    /// A card whose file is gone for a moment (a save that moves the old file away first, then
    /// writes the new one: vim's backup, JetBrains' safe write, `git stash` and `pop`) is shown
    /// again when it comes back, the strip having rested on its neighbour meanwhile (helper-52:
    /// it stayed on the neighbour); not once the reader has moved on.
    @Test func aCardGoneForAMomentIsShownAgainWhenItComesBack() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        let changed = ChangeFlag()
        let whole = CardList([Self.note("a.txt", "first"), Self.note("b.txt", "second, saved"), Self.note("c.txt", "third")])
        let without = CardList([Self.note("a.txt", "first"), Self.note("c.txt", "third")])
        let next = Mutex(without)
        pilot.program.deckSource = DeckSource(load: { .success(.init(next.withLock { $0 })) }, changed: { changed.take() })
        func reload(_ deck: CardList) {
            next.withLock { $0 = deck }
            changed.raise()
            pilot.send(.wake)
        }
        pilot.press(.right)
        reload(without)
        #expect(status(pilot).contains("2/2  c.txt"), "the neighbour meanwhile: \(status(pilot))")
        reload(whole)
        #expect(pilot.model.activeDeckIndex == 1 && status(pilot).contains("2/3  b.txt"), "back: \(status(pilot))")
        // Gone twice over (the neighbour too), it still comes back.
        reload(without)
        reload(CardList([Self.note("a.txt", "first")]))
        reload(whole)
        #expect(status(pilot).contains("2/3  b.txt"), "\(status(pilot))")
        // The reader moved meanwhile: the strip stays where they took it.
        reload(without)
        pilot.press(.home)
        pilot.press(.right)
        #expect(status(pilot).contains("2/2  c.txt"))
        reload(whole)
        #expect(status(pilot).contains("3/3  c.txt"), "\(status(pilot))")
    }

    /// A zoomed card read again with lines added above the text shown stays at that text, not at
    /// the same row number (helper-52: a paragraph added under "## Method" moved the view up);
    /// with the text at the top gone, the row number is kept.
    @Test func aZoomReadAgainStaysAtTheTextItShowed() {
        func journal(_ head: [String]) -> CardList {
            CardList([Self.note("j.txt", (head + (1...60).map { "entry \($0)" }).joined(separator: "\n"))])
        }
        let pilot = Pilot(deck: journal([]), width: 80, height: 24)
        let changed = ChangeFlag()
        let next = Mutex(journal(["added one", "added two"]))
        pilot.program.deckSource = DeckSource(load: { .success(.init(next.withLock { $0 })) }, changed: { changed.take() })
        pilot.press(.enter)
        for _ in 0..<20 { pilot.press(.down) }
        #expect(pilot.screen[1].contains("entry 21 "), "\(pilot.screen[1])")
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.screen[1].contains("entry 21 "), "the same text at the top: \(pilot.screen[1])")
        #expect(status(pilot).contains("lines 23-"), "\(status(pilot))")
        next.withLock { $0 = CardList([Self.note("j.txt", (1...60).map { "changed \($0)" }.joined(separator: "\n"))]) }
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.screen[1].contains("changed 23 "), "the row kept: \(pilot.screen[1])")
    }

    /// The zoom keeps its place where the deck read again rebuilds it (another file added before
    /// it), and where rows alike come before the place (a function's end): the rows that agree
    /// longest win (review).
    @Test func aZoomReadAgainKeepsItsPlaceWhenRebuiltOrAmongLikeRows() {
        func code(_ functions: [Int]) -> String {
            functions.map { "func f\($0)() {\n    cleanup()\n    log()\n    return\n}" }.joined(separator: "\n")
        }
        let pilot = Pilot(deck: CardList([Self.note("j.txt", code(Array(1...8)))]), width: 80, height: 24)
        let changed = ChangeFlag()
        let next = Mutex(CardList([Self.note("a.txt", "new"), Self.note("j.txt", code(Array(1...8)))]))
        pilot.program.deckSource = DeckSource(load: { .success(.init(next.withLock { $0 })) }, changed: { changed.take() })
        pilot.press(.enter)
        for _ in 0..<16 { pilot.press(.down) }
        let top = pilot.screen[1]
        #expect(top.contains("cleanup()"), "\(top)")
        let below = pilot.screen[3]
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.screen[1] == top && pilot.screen[3] == below, "rebuilt, the same place: \(pilot.screen[1...3])")
        // A function like the others added above: the same text, five rows further down.
        next.withLock { $0 = CardList([Self.note("a.txt", "new"), Self.note("j.txt", code([0] + Array(1...8)))]) }
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.screen[1] == top && pilot.screen[3] == below, "\(pilot.screen[1...3])")
        #expect(status(pilot).contains("lines 22-"), "\(status(pilot))")
    }

    /// A deck read again counts the files it left out, as at the start ("(1 skipped)"), and says
    /// each new one once after the program (helper-52: an empty note made while watched was
    /// left out in silence); one mended is no longer counted.
    @Test func aDeckReadAgainCountsAndSaysWhatItLeftOut() {
        var options = AppOptions()
        options.skippedCards = 0
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        let changed = ChangeFlag()
        let read = Mutex(DeckSource.Read(deck, skipped: 1, problems: ["notes/empty.md: no slides (the Markdown is empty)",
                                                                       "notes/empty.md: no slides (the Markdown is empty)"]))
        var source = DeckSource(load: { .success(read.withLock { $0 }) }, changed: { changed.take() })
        source.reported = ["an old problem, said at the start"]
        pilot.program.deckSource = source
        changed.raise()
        pilot.send(.wake)
        #expect(status(pilot).hasPrefix(" 1/3 (1 skipped)"), "\(status(pilot))")
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.terminal.reports == ["carousel: notes/empty.md: no slides (the Markdown is empty)"], "once: \(pilot.terminal.reports)")
        read.withLock { $0 = DeckSource.Read(deck, problems: ["an old problem, said at the start"]) }
        changed.raise()
        pilot.send(.wake)
        #expect(status(pilot).hasPrefix(" 1/3  a.txt"), "\(status(pilot))")
        #expect(pilot.terminal.reports.count == 1, "not said twice")
    }

    /// A Markdown talk read again after a slide was added above the one shown stays on that slide
    /// (its identity, its place in the file, now names the slide before it); a slide retitled in
    /// place stays where it is.
    /// A deck read again is named as it is now: a manifest's `name` edited under `--watch` is the
    /// top bar's at once (it stayed as it was until a restart), and one taken away leaves the
    /// program's own.
    @Test func aDeckReadAgainTakesItsNewName() {
        var options = AppOptions()
        options.deckName = "notes"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        #expect(pilot.screen[0].hasPrefix(" notes "), "\(pilot.screen[0])")
        let changed = ChangeFlag()
        let name = Mutex<String?>("Team notes")
        pilot.program.deckSource = DeckSource(load: { .success(.init(deck, name: name.withLock { $0 })) }, changed: { changed.take() })
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.screen[0].hasPrefix(" Team notes "), "\(pilot.screen[0])")
        name.withLock { $0 = nil }
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.screen[0].hasPrefix(" carousel "), "\(pilot.screen[0])")
    }

    /// A slide merged into the one before it (the `---` above it deleted) is found where its text
    /// went, in its own file, not at its old place, another file's card (helper-52); so too where
    /// its place is now a later slide's.
    @Test func aSlideMergedIntoTheOneBeforeIsFoundThere() {
        func slide(_ id: String, _ title: String, _ text: String) -> Card {
            Card(id: id, title: title, content: .text(TextDocument(plainText: text)))
        }
        let before = CardList([slide("git.md", "Handy", "log, diff"), slide("git.md#2", "Rebase", "rebase -i"),
                               slide("garden.md", "Garden", "beans")])
        let merged = CardList([slide("git.md", "Handy", "log, diff\n\nRebase\n\nrebase -i"), slide("garden.md", "Garden", "beans")])
        let pilot = Pilot(deck: before, width: 80, height: 24)
        let changed = ChangeFlag()
        let next = Mutex(merged)
        pilot.program.deckSource = DeckSource(load: { .success(.init(next.withLock { $0 })) }, changed: { changed.take() })
        pilot.press(.right)
        pilot.press(.enter)
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.model.activeDeckIndex == 0 && pilot.screen[0].contains("Handy"), "\(pilot.screen[0])")
        // A later slide took its place (its identity): the one holding its text still wins.
        let longer = CardList([slide("git.md", "Handy", "log\n\nRebase\n\nrebase -i"), slide("git.md#2", "Stash", "stash"),
                               slide("garden.md", "Garden", "beans")])
        next.withLock { $0 = before }
        changed.raise()
        pilot.send(.wake)
        pilot.press(.escape)
        pilot.press(.home, .right)
        #expect(pilot.model.activeDeckIndex == 1)
        next.withLock { $0 = longer }
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.model.activeDeckIndex == 0, "\(pilot.screen.last ?? "")")
    }

    /// A merged slide is found by its text, not by a title others share ("Questions?"), nor by a
    /// title made of its number (a slide with no heading): review.
    @Test func aMergedSlideIsFoundByItsText() {
        func slide(_ n: Int, _ title: String, _ text: String) -> Card {
            Card(id: n == 1 ? "talk.md" : "talk.md#\(n)", title: title, content: .text(TextDocument(plainText: text)))
        }
        let before = CardList([slide(1, "Intro", "hello"), slide(2, "Part A", "a things"), slide(3, "Questions?", "on part A"),
                               slide(4, "Part B", "b things"), slide(5, "Questions?", "on part B")])
        let merged = CardList([slide(1, "Intro", "hello"), slide(2, "Part A", "a things\n\nQuestions?\n\non part A"),
                               slide(3, "Part B", "b things"), slide(4, "Questions?", "on part B")])
        let pilot = Pilot(deck: before, width: 80, height: 24)
        let changed = ChangeFlag()
        let next = Mutex(merged)
        pilot.program.deckSource = DeckSource(load: { .success(.init(next.withLock { $0 })) }, changed: { changed.take() })
        pilot.press(.character("3"))
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.model.activeDeckIndex == 1, "\(status(pilot))")
        // Slides with no heading, titled by their numbers.
        let plain = CardList([slide(1, "talk", "first"), slide(2, "talk 2", "second"), slide(3, "talk 3", "third"), slide(4, "talk 4", "fourth")])
        let joined = CardList([slide(1, "talk", "first"), slide(2, "talk 2", "second\n\nthird"), slide(3, "talk 3", "fourth")])
        let other = Pilot(deck: plain, width: 80, height: 24)
        let again = ChangeFlag()
        other.program.deckSource = DeckSource(load: { .success(.init(joined)) }, changed: { again.take() })
        other.press(.character("3"))
        again.raise()
        other.send(.wake)
        #expect(other.model.activeDeckIndex == 1, "\(status(other))")
        #expect(AppModel.file(of: "c#notes.md") == "c#notes.md" && AppModel.file(of: "talk.md#12") == "talk.md")
    }

    @Test func aTalkReadAgainKeepsTheSlideShown() {
        @Sendable func talk(_ titles: [String]) -> CardList {
            CardList(titles.enumerated().map { i, title in
                Card(id: i == 0 ? "talk.md" : "talk.md#\(i + 1)", title: title, content: .text(TextDocument(plainText: title)))
            })
        }
        let pilot = Pilot(deck: talk(["One", "Two", "Three", "Four", "Five"]), width: 80, height: 24)
        let changed = ChangeFlag()
        pilot.press(.character("5"))
        #expect(pilot.model.activeDeckIndex == 4)
        pilot.program.deckSource = DeckSource(load: { .success(.init(talk(["One", "Two", "Inserted", "Three", "Four", "Five"]))) },
                                              changed: { changed.take() })
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.model.activeDeckIndex == 5 && status(pilot).contains("6/6  Five"), "\(status(pilot))")
        pilot.program.deckSource = DeckSource(load: { .success(.init(talk(["One", "Two", "Inserted", "Three", "Four", "FIVE"]))) },
                                              changed: { changed.take() })
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.model.activeDeckIndex == 5 && status(pilot).contains("6/6  FIVE"), "retitled in place: \(status(pilot))")
    }

    /// A card picked after the deck was read again is printed from the deck as it is now.
    @Test func aPickAfterTheDeckWasReadAgainPrintsTheNewDecksCard() {
        var options = AppOptions()
        options.pick = true
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        let changed = ChangeFlag()
        let grown = CardList([Self.note("new.txt", "new"), Self.note("a.txt", "first"), Self.note("b.txt", "second")])
        pilot.program.deckSource = DeckSource(load: { .success(.init(grown)) }, changed: { changed.take() })
        pilot.press(.right)
        changed.raise()
        pilot.send(.wake)
        pilot.press(.enter)
        #expect(pilot.outcome == .chosen(2))
        #expect(String(decoding: pilot.model.choiceText(for: 2), as: UTF8.self) == "b.txt")
    }

    /// A message is said wherever the status row is: zoomed, the zoom's status line says it.
    @Test func aMessageIsSaidWhileZoomed() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.right, .right, .enter)
        pilot.press(.character("e"))
        #expect(status(pilot).contains("No file to open"), "\(status(pilot))")
    }

    @Test func aDeckReadAgainIsSearchedAgain() {
        let pilot = Pilot(deck: deck, width: 100, height: 30)
        pilot.press(.character("/"))
        pilot.type("second")
        pilot.press(.enter)
        #expect(pilot.state.count == 1)
        let changed = ChangeFlag()
        let grown = CardList([Self.note("a.txt", "first"), Self.note("b.txt", "second"), Self.note("c.txt", "second too")])
        pilot.program.deckSource = DeckSource(load: { .success(.init(grown)) }, changed: { changed.take() })
        changed.raise()
        pilot.send(.wake)
        #expect(pilot.state.count == 2)
        #expect(pilot.model.activeDeckIndex == 1)
    }

    @Test func autoplayMovesOnAtItsIntervalAndRoundTheDeck() {
        var options = AppOptions()
        options.autoplay = 2
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        #expect(status(pilot).contains("▶ 2s"), "\(status(pilot))")
        pilot.wait(1.5)
        #expect(pilot.model.activeDeckIndex == 0)
        pilot.wait(1)
        #expect(pilot.model.activeDeckIndex == 1, "a slide after 2 s")
        pilot.wait(2)
        // Without loop it ends on the last card, paused as it comes, as a talk ends (helper-27:
        // it went back to the first; helper-85: it said `▶ 2s` there for one more interval); p
        // plays it again from the first.
        #expect(pilot.model.activeDeckIndex == 2)
        #expect(pilot.model.deadline == nil && status(pilot).contains("The last card: p plays the deck again from the first."), "\(status(pilot))")
        pilot.wait(2)
        #expect(pilot.model.activeDeckIndex == 2, "the last card stays")
        #expect(status(pilot).contains("The last card: p plays the deck again from the first."), "\(status(pilot))")
        pilot.wait(4)
        #expect(pilot.model.activeDeckIndex == 2 && pilot.model.deadline == nil, "paused: no timer")
        pilot.press(.character("p"))
        pilot.wait(0.5)
        #expect(pilot.model.activeDeckIndex == 0 && status(pilot).contains("▶ 2s"), "\(status(pilot))")
        // One card (or a search's one match) is the last: it ends there too (helper-29).
        let alone = Pilot(deck: CardList([Self.note("a.txt", "only")]), options: options, width: 80, height: 24)
        alone.wait(2.5)
        #expect(alone.model.deadline == nil && status(alone).contains("The last card"), "\(status(alone))")
        // With loop, round the deck.
        options.loop = true
        let round = Pilot(deck: deck, options: options, width: 80, height: 24)
        round.wait(6.5)
        #expect(round.model.activeDeckIndex == 0 && status(round).contains("▶ 2s"), "after the last card, the first: \(status(round))")
    }

    /// The slideshow's end is said once the strip has come to the last card, not as the move to
    /// it begins (helper-105 saw a frame of `5/6 … The last card: p plays…`).
    @Test func theSlideshowsEndIsSaidOnTheLastCard() {
        var options = AppOptions()
        options.autoplay = 2
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 24)
        pilot.wait(4.02)
        #expect(pilot.model.isAnimating, "moving to the last card")
        #expect(!status(pilot).contains("The last card") || status(pilot).hasPrefix(" 3/3"), "\(status(pilot))")
        pilot.wait(1)
        #expect(status(pilot).hasPrefix(" 3/3") && status(pilot).contains("The last card: p plays"), "\(status(pilot))")
    }

    /// A playing slideshow pauses as soon as it has no slide to come, however the strip got to the
    /// last card (helper-87: `G` or `--start` there showed `▶ 2s` for an interval that moved
    /// nothing), and on one card with loop (it said `▶` for ever).
    @Test func aSlideshowWithNoSlideToComePausesAtOnce() {
        var options = AppOptions()
        options.autoplay = 2
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.character("G"))
        #expect(pilot.model.activeDeckIndex == 2)
        #expect(pilot.model.deadline == nil && status(pilot).contains("⏸ paused  The last card: p plays"), "\(status(pilot))")
        pilot.press(.left)
        #expect(pilot.model.deadline == nil && status(pilot).contains("⏸ paused"), "stays paused: \(status(pilot))")
        pilot.press(.character("p"))
        #expect(pilot.model.deadline != nil && status(pilot).contains("▶ 2s"), "\(status(pilot))")
        options.start = 3
        let started = Pilot(deck: deck, options: options, width: 80, height: 24)
        #expect(started.model.activeDeckIndex == 2)
        #expect(started.model.deadline == nil && status(started).contains("⏸ paused  The last card"), "\(status(started))")
        // With loop the last card has a next; one card has none.
        options.start = nil
        options.loop = true
        let round = Pilot(deck: deck, options: options, width: 80, height: 24)
        round.press(.character("G"))
        #expect(round.model.deadline != nil && status(round).contains("▶ 2s"), "\(status(round))")
        let alone = Pilot(deck: CardList([Self.note("a.txt", "only")]), options: options, width: 80, height: 24)
        #expect(alone.model.deadline == nil && status(alone).contains("⏸ paused"), "\(status(alone))")
    }

    /// A slideshow that ends on a zoomed card keeps saying which card it is and that it paused
    /// before its message, as the strip does (helper-51: the message alone); a narrow screen
    /// gives up the note, then the place, before the message.
    @Test func theSlideshowsEndInAZoomSaysWhereItIs() {
        var options = AppOptions()
        options.autoplay = 1
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 24)
        pilot.press(.enter)
        pilot.wait(4)
        #expect(pilot.model.deadline == nil, "paused at the end")
        #expect(status(pilot).hasPrefix(" 3/3  ⏸ paused  The last card: p plays"), "\(status(pilot))")
        pilot.resize(width: 80, height: 24)
        #expect(status(pilot).hasPrefix(" 3/3  The last card: p plays the deck again from the first."), "\(status(pilot))")
        pilot.resize(width: 50, height: 24)
        #expect(status(pilot).hasPrefix(" The last card: p plays") && status(pilot).hasSuffix("Esc close "), "\(status(pilot))")
    }

    /// Zoomed, a slide taller than the screen is paged through before the next comes, as Space
    /// pages it (helper-94: its rest was never shown); the last one too, before the pause.
    @Test func aZoomedSlideshowPagesThroughALongSlide() {
        let long = (1...40).map { "lesson \($0)" }.joined(separator: "\n")
        let deck = CardList([Self.note("long.txt", long), Self.note("short.txt", "short"), Self.note("last.txt", long)])
        var options = AppOptions()
        options.autoplay = 1
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 24)
        pilot.press(.enter)
        pilot.wait(0.5)
        #expect(status(pilot).contains("lines 1-"), "\(status(pilot))")
        pilot.wait(1)
        #expect(pilot.model.activeDeckIndex == 0 && !status(pilot).contains("lines 1-"), "a page on, the same slide: \(status(pilot))")
        #expect(pilot.screen.contains { $0.contains("lesson 25") }, "\(pilot.screen.joined(separator: "\n"))")
        pilot.wait(1)
        #expect(pilot.model.activeDeckIndex == 1, "then the next: \(status(pilot))")
        pilot.wait(1)
        #expect(pilot.model.activeDeckIndex == 2 && pilot.model.deadline != nil && status(pilot).contains("lines 1-"),
                "the last slide, still playing: \(status(pilot))")
        pilot.wait(1)
        #expect(pilot.screen.contains { $0.contains("lesson 40") } && pilot.model.deadline == nil,
                "paged to its end, and paused there: \(status(pilot))")
        // p on a long last slide, zoomed at its top, plays it from there, not from the first card
        // (helper-95).
        let again = Pilot(deck: deck, width: 100, height: 24)
        again.press(.character("3"))
        again.wait(0.5)
        again.press(.enter)
        again.wait(0.5)
        again.press(.character("p"))
        #expect(again.model.activeDeckIndex == 2 && again.model.deadline != nil, "\(status(again))")
        again.wait(5.5)
        #expect(again.model.activeDeckIndex == 2 && !status(again).contains("lines 1-"), "paged on: \(status(again))")
        // A short last slide pauses as it comes.
        let short = Pilot(deck: CardList([Self.note("a.txt", "one"), Self.note("b.txt", "two")]), options: options, width: 100, height: 24)
        short.press(.enter)
        short.wait(1.2)
        #expect(short.model.activeDeckIndex == 1 && short.model.deadline == nil, "\(status(short))")
    }

    /// Space at the end of the last card, b at the top of the first, say so, as a pager says its
    /// end (helper-94: nothing happened, and nothing said why); with --loop they go round.
    @Test func pagingPastTheEndsOfTheDeckSaysSo() {
        let pilot = Pilot(deck: deck, width: 100, height: 24)
        pilot.press(.enter)
        pilot.wait(0.5)
        pilot.press(.character("b"))
        #expect(status(pilot).contains("The top of the first card."), "\(status(pilot))")
        pilot.press(.character(" "), .character(" "), .character(" "))
        #expect(pilot.model.activeDeckIndex == 2 && status(pilot).contains("The end of the last card."), "\(status(pilot))")
        var options = AppOptions()
        options.loop = true
        let round = Pilot(deck: deck, options: options, width: 100, height: 24)
        round.press(.enter)
        round.wait(0.5)
        round.press(.character("b"))
        #expect(round.model.activeDeckIndex == 2 && !status(round).contains("first card"), "\(status(round))")
    }

    /// A slide moving on ends a message said until the next key, as a key would (helper-16: a
    /// broken picture's message stayed in the status line through a slideshow nobody touched).
    @Test func aSlideMovingOnEndsAMessage() {
        var options = AppOptions()
        options.autoplay = 2
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.character("2"), .character("n"))
        pilot.wait(1)
        #expect(status(pilot).contains("Nothing is searched"), "said until the slide moves on: \(status(pilot))")
        pilot.wait(1.5)
        #expect(pilot.model.activeDeckIndex == 2)
        #expect(!status(pilot).contains("Nothing is searched") && status(pilot).contains("3/3"), "\(status(pilot))")
    }

    /// While the help or a search is open the slideshow waits, and its note says so (it said
    /// "▶ 1s" over the help, where no slide moved on: helper-55); closed, it plays on.
    @Test func theHelpOrASearchHoldsTheSlideshowAndSaysSo() {
        var options = AppOptions()
        options.autoplay = 1
        let pilot = Pilot(deck: deck, options: options, width: 100, height: 30)
        pilot.press(.character("?"))
        #expect(status(pilot).contains("⏸ held") && !status(pilot).contains("▶"), "\(status(pilot))")
        pilot.wait(3)
        #expect(pilot.model.activeDeckIndex == 0, "no slide under the help")
        pilot.press(.character("?"))
        #expect(status(pilot).contains("▶ 1s") && !status(pilot).contains("held"), "\(status(pilot))")
        pilot.wait(1.5)
        #expect(pilot.model.activeDeckIndex == 1, "on again an interval after the help closed")
        pilot.press(.character("/"))
        pilot.wait(3)
        #expect(pilot.model.activeDeckIndex == 1, "no slide while a search is typed")
        pilot.press(.escape)
        #expect(status(pilot).contains("▶ 1s"), "\(status(pilot))")
    }

    @Test func autoplayWaitsWhileYouUseItAndPPauses() {
        var options = AppOptions()
        options.autoplay = 2
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.wait(1.5)
        pilot.press(.character("l"), wait: 1.5)   // at 1.5 s: next card by hand, the next slide waits
        #expect(pilot.model.activeDeckIndex == 1, "no slide 2 s after the start: a key came at 1.5 s")
        #expect(status(pilot).contains("p pause"), "the way to stop it is named: \(status(pilot))")
        pilot.press(.character("p"))
        #expect(status(pilot).contains("paused") && status(pilot).contains("p play"), "\(status(pilot))")
        #expect(pilot.model.deadline == nil, "paused: no timer")
        pilot.wait(10)
        #expect(pilot.model.activeDeckIndex == 1)
        pilot.press(.character("p"), wait: 1.5)
        #expect(pilot.model.activeDeckIndex == 1, "played again: the next slide an interval later")
        pilot.wait(1)
        #expect(pilot.model.activeDeckIndex == 2 && pilot.model.deadline == nil, "the last card, paused as it came")
        #expect(status(pilot).contains("p play"), "\(status(pilot))")
        pilot.press(.character("p"), wait: 0.5)
        #expect(pilot.model.activeDeckIndex == 0, "played again on the last card: from the first")
    }

    /// Any key holds the next slide and clears a message, one that does nothing included (after
    /// the key queue came in, an unbound key did neither: a review found it).
    @Test func anUnboundKeyHoldsTheSlideAndClearsTheMessage() {
        var options = AppOptions()
        options.autoplay = 2
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.wait(1.5)
        pilot.press(.character("x"), wait: 1)
        #expect(pilot.model.activeDeckIndex == 0, "no slide at 2 s: a key came at 1.5 s")
        pilot.press(.character("n"))
        #expect(status(pilot).contains("/ finds cards"), "\(status(pilot))")
        pilot.press(.character("x"))
        #expect(!status(pilot).contains("/ finds cards"), "\(status(pilot))")
    }

    /// Coming back to the carousel (Ctrl-Z then `fg`, an editor closed, a stop from outside, a
    /// resize) holds the next slide a whole interval, as a key does: the slideshow's clock ran
    /// on while it was away, and the slide came back only to be replaced at once (helper-45).
    @Test(arguments: ["suspend", "command", "resize"])
    func comingBackHoldsTheSlide(way: String) {
        var options = AppOptions()
        options.autoplay = 2
        options.openWith = "true"
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.terminal.timeAway = 8
        pilot.wait(1.5)
        switch way {
        case "suspend": pilot.send(.suspend)  // (back 8 s later)
        case "command": pilot.press(.character("e"))  // (the editor closed 8 s later)
        default: pilot.resize(width: 90, height: 24)  // (also how a stop from outside comes back)
        }
        pilot.wait(1.5)
        #expect(pilot.model.activeDeckIndex == 0, "no slide 1.5 s after coming back")
        pilot.wait(1)
        #expect(pilot.model.activeDeckIndex == 1, "one interval after coming back")
    }

    @Test func inLoopModeTheSlideshowGoesOnRound() {
        var options = AppOptions()
        options.autoplay = 1
        options.loop = true
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.wait(3.6)  // slides at 1, 2 and 3 s, the last one's motion over by 3.6 s
        #expect(pilot.model.activeDeckIndex == 0)
        #expect(pilot.state.position == 3, "forward round the deck, not back")
    }

    /// A zoomed card plays on: each next card is zoomed in turn, from its top (a talk full screen).
    @Test func aZoomedCardPlaysOnZoomed() {
        var options = AppOptions()
        options.autoplay = 2
        options.reduceMotion = true
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.character(" "), wait: 1.5)
        #expect(pilot.model.zoom?.index == 0)
        #expect(pilot.screen.joined().contains("first"))
        pilot.wait(2)
        #expect(pilot.model.zoom?.index == 1, "the next slide, still zoomed")
        #expect(pilot.model.zoom?.first == 0)
        #expect(pilot.screen.joined().contains("second") && !pilot.screen.joined().contains("first"))
    }

    /// A presenter with a talk full screen sees whether it plays, and `p` pauses it there (it
    /// went on changing slides, and the zoom's status line said nothing of the slideshow).
    @Test func pPausesAZoomedSlideshowAndItsStatusSaysSo() {
        var options = AppOptions()
        options.autoplay = 2
        options.reduceMotion = true
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.enter, wait: 0.5)
        #expect(status(pilot).contains("▶ 2s") && status(pilot).contains("p pause  Esc close"), "\(status(pilot))")
        pilot.press(.character("p"))
        #expect(pilot.model.zoom?.index == 0, "p does not close the card")
        #expect(status(pilot).contains("⏸ paused"), "\(status(pilot))")
        pilot.wait(5)
        #expect(pilot.model.zoom?.index == 0, "paused: the same slide")
        pilot.press(.character("p"), wait: 2.1)
        #expect(pilot.model.zoom?.index == 1, "playing again, still zoomed")
    }

    @Test func pStartsASlideshowWhenNoneWasAsked() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        #expect(pilot.model.deadline == nil, "no slideshow, no timer")
        #expect(!status(pilot).contains("p pause") && !status(pilot).contains("p play"), "no slideshow, no key for it")
        pilot.press(.character("p"))
        #expect(status(pilot).contains("▶ 5s") && status(pilot).contains("p pause"), "\(status(pilot))")
        pilot.wait(5.1)
        #expect(pilot.model.activeDeckIndex == 1)
    }

    /// `--render` prints the screen its keys leave, the slideshow's first slide still showing, zoomed
    /// or not (helper-43: `--keys enter,p` showed the second card, its clock run on to the run's
    /// end); with `--time`, the slides due by then.
    @Test func aRenderedSlideshowShowsTheSlideItsKeysLeft() {
        func status(_ keys: [Key], time: Double? = nil) -> String {
            HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 80, height: 24, keys: keys.map(ScriptStep.key),
                                    time: time, glyphs: .unicode).last ?? ""
        }
        for keys: [Key] in [[.enter, .character("p")], [.character("p"), .enter], [.character("p")]] {
            #expect(status(keys).hasPrefix(" 1/"), "\(keys): \(status(keys))")
        }
        #expect(status([.enter, .character("p")], time: 5.2).hasPrefix(" 2/"), "\(status([.enter, .character("p")], time: 5.2))")
    }
}
