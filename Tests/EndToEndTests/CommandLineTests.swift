import Foundation
import Testing
@testable import carousel

/// The command line of the real binary, without a terminal: messages, exit statuses and spellings.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: TmuxSession.binary), "needs the built carousel binary"))
struct CommandLineTests {
    /// Runs `carousel ARGUMENTS` in the C locale (messages in English) with standard error into the
    /// output and standard output sent to `stdout` (a shell redirection; empty: into the output too).
    /// Returns the output and the exit status.
    func carousel(_ arguments: [String], stdout: String = "") throws -> (output: String, status: Int?) {
        try TmuxSession.carousel(arguments, stdout: stdout)
    }

    @Test(arguments: [(">/dev/full", "No space left on device"), (">&-", "standard output is closed")])
    func aScreenThatCannotBeWrittenIsAnError(redirection: String, reason: String) throws {
        let result = try carousel(["--render", "80x24"], stdout: redirection)
        #expect(result.output == "carousel: cannot write the screen: \(reason)\n")
        #expect(result.status == 1)
    }

    /// The help and the version that cannot be written are said so, status 1 (helper-97: status 0
    /// and nothing said); written, they are as the parser words them.
    @Test func aHelpThatCannotBeWrittenIsAnError() throws {
        let help = try carousel(["--help"], stdout: ">/dev/full")
        #expect(help.output == "carousel: cannot write the help: No space left on device\n" && help.status == 1, "\(help)")
        let version = try carousel(["--version"], stdout: ">/dev/full")
        #expect(version.output == "carousel: cannot write the version: No space left on device\n" && version.status == 1, "\(version)")
        let shown = try carousel(["--help"])
        #expect(shown.status == 0 && shown.output.hasPrefix("OVERVIEW: ") && shown.output.hasSuffix("information.\n\n"), "\(shown.output.suffix(80))")
    }

    /// A pick with standard output closed is an error, status 1, said at start: the terminal
    /// opened to draw on took the free descriptor 1, and the card went to the screen with status 0
    /// (helper-36).
    /// Standard input closed is no input: the built-in deck.
    @Test func aPickWithStandardOutputClosedSaysSo() throws {
        let file = NSTemporaryDirectory() + "carousel-one-" + UUID().uuidString
        try "only-branch\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let closed = try carousel(["--lines", "--select-1"], stdout: ">&- < '\(file)'")
        #expect(closed.status == 1 && closed.output == "carousel: standard output is closed: a pick has nowhere to print the chosen card\n",
                "said at once: \(closed.output)")
        let rendered = try carousel(["--render", "60x12", "--pick"], stdout: ">&-")
        #expect(rendered.status == 1 && rendered.output.hasPrefix("carousel: standard output is closed"), "\(rendered.output)")
        let open = try carousel(["--lines", "--select-1"], stdout: "< '\(file)'")
        #expect(open.status == 0 && open.output == "only-branch\n", "\(open.output)")
        let noInput = try carousel(["--render", "60x12", "--pick", "--keys", "enter"], stdout: "<&-")
        #expect(noInput.status == 0 && noInput.output.hasSuffix("Mira\n"), "\(noInput.output)")
    }

    /// `--render --pick` prints the screen, then what Enter would choose (or chose), as a script
    /// capturing the interactive program would get it.
    @Test func renderWithPickPrintsTheScreenThenTheChoice() throws {
        // (Standard input closed: /dev/null, as these tests give it, is the input a pick is meant for.)
        func carousel(_ arguments: [String]) throws -> (output: String, status: Int?) { try self.carousel(arguments, stdout: "<&-") }
        var result = try carousel(["--render", "80x24", "--pick", "--keys", "right,right"])
        var lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(result.status == 0)
        #expect(lines.count == 26, "24 screen lines, the choice, and the end of the last line")
        #expect(lines[23].contains("3/20  Yuki"))
        #expect(lines[24] == "Yuki", "a built-in card has no file: its title")
        result = try carousel(["--render", "80x24", "--print", "index", "--keys", "right,enter,right"])
        lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(result.status == 0)
        #expect(lines[24] == "2", "Enter chose card 2; the keys after it are not pressed")
        result = try carousel(["--render", "80x24", "--pick", "--keys", "esc"])
        #expect(result.status == 1)
        #expect(result.output.split(separator: "\n").count == 24, "the screen, no choice")
    }

    /// An empty file given as standard input to a pick is an empty deck, said so with status 1,
    /// not the built-in deck and one of its cards picked (helper-17: `carousel --lines --pick <
    /// found.txt` after a search that found nothing printed "Mira", status 0).
    @Test func anEmptyFileOnStandardInputIsAnEmptyDeck() throws {
        let file = NSTemporaryDirectory() + "carousel-empty-" + UUID().uuidString
        FileManager.default.createFile(atPath: file, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try carousel(["--render", "60x12", "--lines", "--pick"], stdout: "< '\(file)'")
        #expect(result.status == 1 && result.output == "carousel: standard input: no lines\n", "\(result.output)")
        // /dev/null likewise (helper-27: it picked "Mira", status 0); without an option about
        // input, it is no input at all, and the built-in deck shows.
        let null = try carousel(["--render", "60x12", "--lines", "--pick"], stdout: "< /dev/null")
        #expect(null.status == 1 && null.output == "carousel: standard input: no lines\n", "\(null.output)")
        let builtin = try carousel(["--render", "60x12"], stdout: "< /dev/null")
        #expect(builtin.status == 0 && builtin.output.contains("1/20"), "\(builtin.output)")
    }

    /// Lines asked for with none piped in nor named (standard input is the terminal): said, status
    /// 1, before the terminal is touched (helper-40: `x=$(carousel --lines --print path)` showed the
    /// built-in deck, and Enter chose one of its cards with status 0).
    @Test(arguments: ["--lines", "--read0"])
    func linesAskedForWithNoneGivenIsAnError(option: String) throws {
        let session = try TmuxSession(arguments: "\(option) --print path")
        #expect(session.waitForExit() == 1)
        let example = option == "--read0" ? "find . -print0 | carousel --read0" : "ls | carousel --lines"
        #expect(session.file("stderr") == "carousel: \(option): no lines to read: pipe them in (\(example)) or name a file")
        #expect(session.file("before") == session.file("after"), "the terminal untouched")
    }

    /// Standard input that is a directory or a device is said to be so where lines or Markdown
    /// are asked for (it said "no lines to read: pipe them in", as if nothing had been given).
    @Test func standardInputThatIsADirectoryOrADeviceIsSaidSo() throws {
        let folder = try carousel(["--render", "60x12", "--lines", "--pick"], stdout: "< /")
        #expect(folder.status == 1 && folder.output
            == "carousel: --lines: standard input is a directory, not lines to read: pipe them in (ls | carousel --lines) or name a file\n",
            "\(folder.output)")
        let device = try carousel(["--render", "60x12", "--markdown"], stdout: "< /dev/zero")
        #expect(device.status == 1 && device.output
            == "carousel: --markdown: standard input is a device, not Markdown to read: pipe it in (cat talk.txt | carousel --markdown) or name a file\n",
            "\(device.output)")
    }

    /// `--markdown` with no Markdown piped in nor named is said, status 1, as `--lines` is
    /// (helper-54: the built-in deck showed, status 0); a file named with it is read as Markdown
    /// whatever its name (it was passed over in silence); with `--lines` it is a command-line error.
    @Test func markdownWithNothingToReadIsSaid() throws {
        let session = try TmuxSession(arguments: "--markdown")
        #expect(session.waitForExit() == 1)
        #expect(session.file("stderr") == "carousel: --markdown: no Markdown to read: pipe it in (cat talk.txt | carousel --markdown) or name a file")
        #expect(session.file("before") == session.file("after"), "the terminal untouched")
        let file = NSTemporaryDirectory() + "carousel-markdown-" + UUID().uuidString + ".txt"
        try "# One\n\n*read* as Markdown\n\n---\n\n# Two\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let named = try carousel(["--render", "60x12", "--markdown", file])
        #expect(named.status == 0 && named.output.contains("1/2  One") && !named.output.contains("# One"), "\(named.output)")
        let folder = try carousel(["--render", "60x12", "--markdown", NSTemporaryDirectory()])
        #expect(folder.status == 64 && folder.output.contains("a folder's files are Markdown by their names"), "\(folder.output)")
        let plain = try carousel(["--render", "60x12", file])
        #expect(plain.output.contains("1/1") && plain.output.contains("# One"), "without it, a .txt file is one card of text: \(plain.output)")
        let both = try carousel(["--render", "60x12", "--markdown", "--lines"])
        #expect(both.status == 64 && both.output.hasPrefix("Error: --markdown and --lines read standard input two ways; give one"))
    }

    /// `--print0` ends the choice with a NUL byte, so that a file's name holding a newline comes
    /// through `xargs -0` whole (helper-15); it implies --pick.
    @Test func print0EndsTheChoiceWithANulByte() throws {
        let folder = NSTemporaryDirectory() + "carousel-print0-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "x\n".write(toFile: folder + "/new\nline.txt", atomically: true, encoding: .utf8)
        let result = try carousel(["--render", "60x12", "--print0", "--print", "path", folder], stdout: "| tail -c 200 | od -An -c")
        let bytes = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(bytes.hasSuffix("n e w \\n l i n e . t x t \\0"), "\(result.output)")
        let plain = try carousel(["--render", "60x12", "--print0", folder], stdout: "| tail -c 3 | od -An -c")
        #expect(plain.output.split(whereSeparator: \.isWhitespace).joined(separator: " ").hasSuffix("x t \\0"), "implies --pick: \(plain.output)")
    }

    /// `find -print0 | carousel --read0 --print0 | xargs -0`: a name holding a newline goes through
    /// whole (helper-27: it was two cards); `--read0` implies `--lines` and reads piped input.
    @Test func read0AndPrint0CarryANameWithANewline() throws {
        let folder = NSTemporaryDirectory() + "carousel-read0-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "x\n".write(toFile: folder + "/new\nline.txt", atomically: true, encoding: .utf8)
        try "y\n".write(toFile: folder + "/plain.txt", atomically: true, encoding: .utf8)
        let result = try carousel(["--render", "60x12", "--read0", "--print0"],
                                  stdout: "< <(find '\(folder)' -type f -print0 | sort -z) | tail -c 40 | od -An -c")
        let bytes = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(bytes.hasSuffix("n e w \\n l i n e . t x t \\0"), "\(result.output)")
    }

    @Test func aScreenThatIsWrittenExitsZero() throws {
        let result = try carousel(["--render", "80x24"])
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n", omittingEmptySubsequences: false).count == 25, "24 lines, each ended")
    }

    @Test(arguments: [
        (["--render", "80x24", "--time", "-1"], "--time must be zero or more seconds"),
        (["--render", "80x24", "--start", "-3"], "--start counts from 1"),
        (["--render", "80x24", "--fps", "-5"], "--fps must be between 1 and 240"),
        (["--render", "-1x5"], "--render takes COLSxROWS, e.g. 100x30 (got '-1x5')"),
        (["--render", "100000x100000"], "--render: 1 to 2000 columns and 1 to 2000 rows (got '100000x100000')"),
        (["--render", "0x0"], "--render: 1 to 2000 columns and 1 to 2000 rows (got '0x0')"),
        // A step written wrong is said as one, with its form (helper-54: "unknown key name").
        (["--render", "80x24", "--keys", "right,click:1"], "--keys: 'click:1' is not a step; it is written click:X:Y (a cell, columns and rows from 0)"),
        (["--render", "80x24", "--keys", "wait:-1"], "--keys: 'wait:-1' is not a step; it is written wait:SECONDS (0 to 3600)"),
        (["--render", "80x24", "--keys", "resize:0x0"], "--keys: 'resize:0x0' is not a step; it is written resize:COLSxROWS (1 to 2000 each)"),
        (["--render", "80x24", "--autoplay", "0"], "--autoplay takes seconds between 0.1 and 86400"),
        (["--render", "80x24", "--open-with", " "], "--open-with needs a command, e.g. --open-with 'less {}'"),
    ])
    func aNegativeNumberIsToldWhatIsWrong(arguments: [String], message: String) throws {
        let result = try carousel(arguments)
        #expect(result.output.hasPrefix("Error: \(message)\n"), "not 'Missing value'")
        #expect(result.status == 64)
    }

    /// A word that reads as short options holding -h (`-dash.txt`, a file's name) is an unknown
    /// option, status 64, as `-xyz` is: the help printed with status 0 was taken by a script for a
    /// card picked (helper-61). `-h` and `--help` still print it; after `--` such a word is a path;
    /// the value of an option that takes any value is that value.
    @Test func aWordHoldingHIsNoRequestForHelp() throws {
        for word in ["-dash.txt", "-help", "-hx"] {
            let result = try carousel(["--pick", word], stdout: ">/dev/null")
            #expect(result.status == 64 && result.output.hasPrefix("Error: Unknown option '\(word)' (a file whose name begins with -: ./\(word), or after --)\n"),
                    "\(word): \(result)")
        }
        for asked in ["-h", "--help"] {
            let result = try carousel([asked])
            #expect(result.status == 0 && result.output.hasPrefix("OVERVIEW: "), "\(asked)")
        }
        let path = try carousel(["--render", "40x10", "--", "-dash.txt"])
        #expect(path.status == 1 && path.output.contains("-dash.txt: no such file or directory"), "\(path)")
        let value = try carousel(["--render", "-hx"])
        #expect(value.status == 64 && value.output.hasPrefix("Error: --render takes COLSxROWS"), "\(value)")
        #expect(CarouselCommand.strayHelp(in: ["--style", "ring", "-shy"]) == "-shy")
        #expect(CarouselCommand.strayHelp(in: ["-shy", "-h"]) == nil && CarouselCommand.strayHelp(in: ["--", "-shy"]) == nil)
    }

    @Test func anUnknownKeyNameListsTheKnownOnes() throws {
        let result = try carousel(["--render", "80x24", "--keys", "right,rihgt"])
        #expect(result.output.hasPrefix("""
            Error: unknown key name 'rihgt' in --keys; known names: left, right, up, down, home, end, pgup, \
            pgdn, tab, backtab, enter, esc, backspace, space, comma, ctrl-c, ctrl-u, ctrl-w, any single character, or the steps \
            click:X:Y, wheel-up, wheel-down, drag:X1:Y1:X2:Y2, resize:COLSxROWS, wait:SECONDS

            """))
        #expect(result.status == 64)
    }

    /// What the program shows (`Scaled`, and `24bit` as COLORTERM says) is taken as it reads.
    @Test(arguments: [
        (["--mode", "Scaled"], ["--mode", "scaled"]),
        (["--mode", "SCALED"], ["--mode", "scaled"]),
        (["--style", "Ring"], ["--style", "ring"]),
        (["--color", "24bit"], ["--color", "truecolor"]),
        (["--color", "none"], ["--color", "never"]),
        (["--color", "off"], ["--color", "never"]),
    ])
    func spellingsAreAccepted(spelling: [String], canonical: [String]) throws {
        let expected = try carousel(["--render", "100x30"] + canonical)
        #expect(expected.status == 0)
        let result = try carousel(["--render", "100x30"] + spelling)
        #expect(result.status == 0)
        #expect(result.output == expected.output)
    }

    /// On the Linux console (`TERM=linux`) the page dots and the pause sign are characters its
    /// fonts have (helper-97: `○` and `⏸` are in none of console-setup's fonts).
    @Test func theLinuxConsoleGetsCharactersItsFontsHave() throws {
        let arguments = ["--render", "60x20", "--autoplay", "3", "--keys", "p"]
        let console = try TmuxSession.run(["TERM=linux", "LC_ALL=C.UTF-8", TmuxSession.binary] + arguments)
        let xterm = try TmuxSession.run(["TERM=xterm-256color", "LC_ALL=C.UTF-8", TmuxSession.binary] + arguments)
        #expect(!console.contains("○") && !console.contains("⏸") && console.contains("● · ·") && console.contains("|| paused"), "\(console)")
        #expect(xterm.contains("● ○ ○") && xterm.contains("⏸ paused"), "\(xterm)")
    }

    /// As in the terminal, a quit key ends it: the keys after it are not pressed.
    @Test(arguments: ["esc", "q", "ctrl-c"])
    func keysAfterAQuitKeyAreNotPressed(quit: String) throws {
        // Keys are pressed at once on the virtual clock; a quit key ends the program there and then,
        // so the screen is the one at that moment (time 0), with nothing after it pressed.
        let oneRight = try carousel(["--render", "100x30", "--keys", "right,tab", "--time", "0"])
        let twoRights = try carousel(["--render", "100x30", "--keys", "right,tab,right,tab", "--time", "0"])
        #expect(oneRight.output != twoRights.output)
        let quitting = try carousel(["--render", "100x30", "--keys", "right,tab,\(quit),right,tab"])
        // (Ctrl-C's status is 130, as in the terminal: the screen is printed all the same.)
        #expect(quitting.status == (quit == "ctrl-c" ? 130 : 0))
        #expect(quitting.output == oneRight.output)
    }

    /// The top bar names the deck: a folder by its name (`.` by the name it stands for), a
    /// manifest by its `name`, piped cards as standard input; the built-in deck and loose card
    /// files by the program's name.
    @Test func theTopBarNamesTheDeck() throws {
        let parent = NSTemporaryDirectory() + "carousel-named-" + UUID().uuidString
        let folder = parent + "/Field notes"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try "Tide tables for the week\n".write(toFile: folder + "/tides.txt", atomically: true, encoding: .utf8)
        func topLine(_ arguments: [String], stdout: String = "") throws -> String {
            let result = try carousel(["--render", "80x24"] + arguments, stdout: stdout)
            #expect(result.status == 0, "\(arguments): \(result.output)")
            return String(result.output.split(separator: "\n", omittingEmptySubsequences: false)[0])
        }
        #expect(try topLine([folder]).hasPrefix(" Field notes  "))
        #expect(try topLine([folder + "/."]).hasPrefix(" Field notes  "), "not '.'")
        #expect(try topLine([folder + "/tides.txt"]).hasPrefix(" tides  "), "a file alone: its name (helper-27: 'carousel')")
        #expect(try topLine([folder + "/tides.txt", folder + "/tides.txt"]).hasPrefix(" carousel  "), "loose files")
        #expect(try topLine([]).hasPrefix(" carousel  "), "the built-in deck")
        #expect(try topLine(["-"], stdout: "< '\(folder)/tides.txt'").hasPrefix(" standard input  "))
        #expect(try topLine([folder, folder + "/tides.txt"]).hasPrefix(" carousel  "), "several paths: no one folder's deck")
        try #"{"name": "Tides of the Northern Sea, Volume Two", "cards": [{"file": "tides.txt"}]}"#
            .write(toFile: folder + "/deck.json", atomically: true, encoding: .utf8)
        // Cut to the room left of the control (29 columns at 80), which stays where it was.
        let named = try topLine([folder])
        #expect(named.hasPrefix(" Tides of the Northern Sea,… "), "\(named)")
        func controlColumn(_ line: String) -> Int? { line.firstRange(of: "[Normal]").map { line.distance(from: line.startIndex, to: $0.lowerBound) } }
        #expect(controlColumn(named) == controlColumn(try topLine([])))
    }
}
