import Foundation
import Testing

/// Text cards through the real binary: lines and ANSI-coloured text piped into standard input, and a
/// directory with a file that is not text.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: TmuxSession.binary), "needs the built carousel binary"))
struct TextInputTests {
    static let escape = "\u{1B}"

    /// Runs `printf FORMAT | carousel ARGUMENTS` in the C locale (messages in English), with standard
    /// error into the output and standard output sent to `stdout` (a shell redirection; empty: into
    /// the output too). `format` is printf's (`\n`, `\033`). Returns the output and the exit status.
    func carousel(input format: String, _ arguments: [String], stdout: String = "") throws -> (output: String, status: Int?) {
        let script = "format=$1; shift; printf \"$format\" | \"$0\" \"$@\" 2>&1 \(stdout); echo \"exit $?\""
        let text = try TmuxSession.run(["LC_ALL=C.UTF-8", "bash", "-c", script, TmuxSession.binary, format] + arguments)
        guard let last = text.range(of: "exit ", options: .backwards) else { return (text, nil) }
        let status = Int(text[last.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines))
        return (String(text[..<last.lowerBound]), status)
    }

    /// The SGR parameters in force where `word` first appears on a line of `output` (written with
    /// real `ESC[...m` codes, each line starting in the default style), or nil if it does not appear.
    static func style(before word: String, in output: String) -> String? {
        for line in output.split(separator: "\n") {
            guard let found = line.range(of: word) else { continue }
            let before = line[..<found.lowerBound]
            let pattern = #/\x1B\[([0-9;]*)m/#
            return before.matches(of: pattern).last.map { String($0.output.1) } ?? "0"
        }
        return nil
    }

    /// Whether SGR parameters set a red foreground: one of the reds of the 256-colour palette (or
    /// the 16 ANSI colours).
    static func setsRedForeground(_ parameters: String) -> Bool {
        let reds: Set<String> = ["1", "9", "88", "124", "160", "196"]
        let values = parameters.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        for (i, value) in values.enumerated() {
            if value == "31" || value == "91" { return true }
            if value == "38", i + 2 < values.count, values[i + 1] == "5", reds.contains(values[i + 2]) { return true }
        }
        return false
    }

    /// Lines piped in without `-` are not read (a script's run must not wait on an input it did not
    /// mean to give): the built-in deck shows, and the status line says how to show them, until the
    /// first key; `--render` shows the same screen (helper-15: it did not say so).
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func inputPipedInWithoutADashIsNamedInTheStatusLine() throws {
        let session = try TmuxSession(input: "printf 'main\\nrelease\\n'")
        let start = try session.waitForStart()
        #expect(start.last { !$0.isEmpty }?.contains("1/20  to show standard input: … | carousel -") == true, "\(start)")
        try session.send("Right")
        let moved = try session.waitForScreen { $0.joined().contains("2/20  Tomas") }
        #expect(!moved.joined().contains("standard input"), "said once: \(moved)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        let rendered = try carousel(input: "main\n", ["--render", "80x24"])
        #expect(rendered.output.contains("1/20  to show standard input: … | carousel -"), "\(rendered.output)")
        let renderedMoved = try carousel(input: "main\n", ["--render", "80x24", "--keys", "right"])
        #expect(!renderedMoved.output.contains("standard input") && renderedMoved.output.contains("2/20  Tomas"), "\(renderedMoved.output)")
        // A pipe closed with nothing in it holds nothing to show: no hint (helper-61). (The
        // writer has ended before the carousel starts.)
        let empty = try TmuxSession.run(["LC_ALL=C.UTF-8", "bash", "-c", "true | { sleep 0.3; \"$0\" --render 80x24; }", TmuxSession.binary])
        #expect(!empty.contains("standard input") && empty.contains("1/20  Mira"), "\(empty)")
    }

    /// `--select-1`: one card is chosen at once, printed as a pick prints it, with no screen (no
    /// terminal is needed); with more, the carousel shows as usual (helper-27, as fzf --select-1).
    @Test func selectOneChoosesALoneCardAtOnce() throws {
        let one = try carousel(input: #"only-branch\n"#, ["--lines", "--select-1"])
        #expect(one.status == 0 && one.output == "only-branch\n", "\(one.output)")
        let index = try carousel(input: #"only-branch\n"#, ["--lines", "--select-1", "--print", "index"])
        #expect(index.status == 0 && index.output == "1\n", "\(index.output)")
        let rendered = try carousel(input: #"only-branch\n"#, ["--lines", "--select-1", "--print0", "--render", "60x10", "--keys", "q"])
        #expect(rendered.status == 0 && rendered.output == "only-branch\u{0}", "no screen, even with --render: \(rendered.output.debugDescription)")
        let two = try carousel(input: #"main\nrelease\n"#, ["--lines", "--select-1", "--render", "60x10", "--keys", "right"])
        #expect(two.status == 0 && two.output.hasSuffix("release\n") && two.output.contains("2/2"), "\(two.output)")
    }

    /// Lines piped in to choose from without `--lines` are one card: the status line (and, with
    /// `--select-1`, standard error) says how to make a card of each (helper-54: `ls | carousel
    /// --select-1` printed the first name, status 0, where fzf lists them); not for one line.
    @Test func linesPickedFromAsOneCardSayHowToSplitThem() throws {
        let hint = "standard input is one card (no --- lines between cards); --lines makes a card of each line"
        let picked = try carousel(input: #"a.txt\nb.txt\n"#, ["--pick", "--render", "100x10"])
        #expect(picked.output.contains("1/1  \(hint)"), "\(picked.output)")
        let selected = try carousel(input: #"a.txt\nb.txt\n"#, ["--select-1"])
        #expect(selected.status == 0 && selected.output.contains("carousel: \(hint)"), "\(selected.output)")
        let single = try carousel(input: #"a.txt\n"#, ["--pick", "--render", "100x10"])
        #expect(!single.output.contains("--lines makes"), "\(single.output)")
        let lines = try carousel(input: #"a.txt\nb.txt\n"#, ["--lines", "--pick", "--render", "100x10"])
        #expect(!lines.output.contains("--lines makes") && lines.output.contains("1/2"), "\(lines.output)")
    }

    /// Lines past the million `--lines` takes: the status line says so from the first screen
    /// (helper-40: `seq 1200000 | carousel --lines` said "1/1000000" as if that were all; standard
    /// error's note is seen only after the carousel ends).
    @Test func linesCutShortSaySoInTheStatusLine() throws {
        let file = NSTemporaryDirectory() + "carousel-many-lines-" + UUID().uuidString
        try (1...1_000_002).map(String.init).joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try TmuxSession.carousel(["--render", "100x10", "--lines"], stdout: "< '\(file)' 2>/dev/null")
        #expect(result.status == 0)
        let status = result.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(status.hasPrefix(" 1/1000000+  only the first 1000000 lines were read"), "\(status)")
        // After a key the notice goes; the count's `+` stays (helper-76).
        let moved = try TmuxSession.carousel(["--render", "100x10", "--lines", "--keys", "right"], stdout: "< '\(file)' 2>/dev/null")
        let after = moved.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(after.hasPrefix(" 2/1000000+  2 "), "\(after)")
    }

    /// Where an option says the input is meant (one about input, or a pick for a script), input
    /// piped in with no path is the deck, as fzf reads it (helper-15: `ls | carousel --lines
    /// --pick` showed the built-in deck, and Enter printed `builtin:Mira.txt` with status 0).
    @Test(arguments: [["--lines"], ["--pick"], ["--print", "index"], ["--markdown"], ["--ansi"]])
    func inputPipedInIsTheDeckWhereAnOptionMeansIt(options: [String]) throws {
        let result = try carousel(input: #"main\n---\nrelease\n"#, ["--render", "60x14", "--keys", "right"] + options)
        #expect(result.status == 0)
        let screen = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(screen[13].hasPrefix(options == ["--lines"] ? " 2/3  ---" : " 2/2  release"), "\(result.output)")
        #expect(screen[0].hasPrefix(" standard input "), "\(screen[0])")
        if options.first == "--pick" || options.first == "--print" {
            #expect(screen[14] == (options == ["--pick"] ? "release" : "2"), "what Enter would choose: \(result.output)")
        }
        // An empty pipe is an empty deck: said, status 1 (not the built-in deck).
        let empty = try carousel(input: "", ["--render", "60x14"] + options)
        #expect(empty.status == 1 && empty.output.contains("standard input"), "\(empty.output)")
    }

    /// Standard input that brings no whole line for longer than a moment says so on standard
    /// error (a terminal), how much it has read, and the line is wiped when the cards come
    /// (helper-15: `find / | carousel --lines -` showed nothing while it read, and looked hung).
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func aLongReadOfStandardInputSaysSo() throws {
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines - 2>/dev/tty",
                                      input: "(printf 'fir'; sleep 2; printf 'st\\nsecond\\nthird\\n')")
        let reading = try session.waitForScreen(timeout: 5) { $0.contains { $0.contains("carousel: reading standard input… 3 bytes") } }
        #expect(!reading.contains { $0.contains("1/3") }, "\(reading)")
        // What the pane is sent while nothing more comes: the sign is written when its words change,
        // not again and again (helper-64: the same line ten times a second).
        let recorded = session.directory.appendingPathComponent("written").path
        _ = try session.tmux("pipe-pane", "-o", "-t", session.name, "cat > \(recorded)")
        Thread.sleep(forTimeInterval: 1)
        _ = try session.tmux("pipe-pane", "-t", session.name)
        let written = (try? String(contentsOfFile: recorded, encoding: .utf8)) ?? ""
        #expect(written.components(separatedBy: "reading standard input").count - 1 <= 1, "\(written.debugDescription)")
        let shown = try session.waitForScreen(timeout: 10) { $0.last { !$0.isEmpty }?.contains("1/3  first") == true }
        #expect(!shown.joined().contains("reading"), "\(shown)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        let after = try session.screen()
        #expect(!after.joined().contains("reading standard input"), "wiped: \(after)")
    }

    /// Keys typed while the sign shows are not echoed and are dropped when the cards come: an
    /// Enter moved the sign down (two of it stayed on the terminal), an arrow showed as `^[[C`,
    /// and the Enter picked a card no one had seen (helper-49). The terminal's modes are its own
    /// again after.
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func keysTypedWhileReadingAreNeitherEchoedNorObeyed() throws {
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines --pick - 2>/dev/tty",
                                      input: "(printf 'fir'; sleep 2; printf 'st\\nsecond\\nthird\\n')")
        _ = try session.waitForScreen(timeout: 5) { $0.contains { $0.contains("carousel: reading standard input… 3 bytes") } }
        // (Letters the sign has not: it counts bytes.)
        try session.send("x", "Enter", "Right", "z")
        Thread.sleep(forTimeInterval: 0.3)
        let reading = try session.screen()
        #expect(reading.filter { $0.contains("reading standard input") }.count == 1, "\(reading)")
        #expect(!reading.joined().contains("x") && !reading.joined().contains("z") && !reading.joined().contains("[C"), "not echoed: \(reading)")
        let shown = try session.waitForScreen(timeout: 10) { $0.last { !$0.isEmpty }?.contains("/3  ") == true }
        #expect(shown.last { !$0.isEmpty }?.contains("1/3  first") == true, "neither moved nor picked: \(shown)")
        try session.send("q")
        #expect(session.waitForExit() == 1)
        #expect(session.modesRestored)
        #expect(!(try session.screen()).joined().contains("reading standard input"))
    }

    /// Where no sign shows (standard error sent elsewhere, as scripts do), the keys typed before
    /// the cards come are dropped all the same, and not echoed (helper-61: `x=$((sleep 2; seq 5) |
    /// carousel --lines --pick 2>/dev/null)` echoed `jj` and printed the third line, status 0).
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func keysTypedBeforeTheCardsAreDroppedWithNoSignToo() throws {
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines --pick - 2>/dev/null",
                                      input: "(sleep 1.5; printf 'first\\nsecond\\nthird\\n')")
        Thread.sleep(forTimeInterval: 0.6)
        try session.send("x", "j", "Enter", "Right", "y")
        Thread.sleep(forTimeInterval: 0.3)
        let reading = try session.screen()
        #expect(!reading.joined().contains("x") && !reading.joined().contains("y") && !reading.joined().contains("[C"), "not echoed: \(reading)")
        let shown = try session.waitForScreen(timeout: 10) { $0.last { !$0.isEmpty }?.contains("/3  ") == true }
        #expect(shown.last { !$0.isEmpty }?.contains("1/3  first") == true, "neither moved nor picked: \(shown)")
        try session.send("q")
        #expect(session.waitForExit() == 1)
        #expect(session.modesRestored)
    }

    /// Keys typed while a deck of files is read are dropped too (helper-109: Right and Enter typed
    /// while half a million lines of `find /` in a file were made into cards picked the second
    /// line, status 0, the carousel never shown).
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func keysTypedWhileFilesAreReadAreDropped() throws {
        let file = NSTemporaryDirectory() + "carousel-e2e-lines-" + UUID().uuidString + ".txt"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try (1...400_000).map { "line number \($0)\n" }.joined().write(toFile: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines --pick \(file)", capture: true)
        Thread.sleep(forTimeInterval: 0.3)
        let early = try session.screen()
        try session.send("Right", "Enter", "x")
        Thread.sleep(forTimeInterval: 0.2)
        let reading = try session.screen()
        let shown = try session.waitForScreen(timeout: 30) { $0.contains { $0.contains("/400000  ") } }
        #expect(!early.joined().contains("/400000"), "still reading when the keys were typed: \(early)")
        #expect(!reading.joined().contains("x") && !reading.joined().contains("[C"), "not echoed: \(reading)")
        #expect(shown.contains { $0.contains("1/400000  line number 1") }, "neither moved nor picked: \(shown)")
        try session.send("q")
        #expect(session.waitForExit() == 1)
        #expect(session.chosen == "")
        #expect(session.modesRestored)
    }

    /// A pipe that goes on shows the cards its whole lines make after a moment, as fzf does, and
    /// reads on while they show: the count says `+` until the input ends, the cards that come
    /// are added after the one looked at, and a pick is of the cards shown (`tail -f log |
    /// carousel --lines -` showed nothing until the log ended).
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func aPipeThatGoesOnShowsItsLinesAsTheyCome() throws {
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines --pick - 2>/dev/tty", capture: true,
                                      input: "(printf 'first\\nsecond\\nthi'; sleep 2.5; printf 'rd\\n')")
        let early = try session.waitForScreen(timeout: 2) { $0.contains { $0.contains("1/2+  first") } }
        #expect(!early.joined().contains("reading standard input"), "no sign once there are cards: \(early)")
        try session.send("Right")
        _ = try session.waitForScreen(timeout: 2) { $0.contains { $0.contains("2/2+  second") } }
        let grown = try session.waitForScreen(timeout: 5) { $0.contains { $0.contains("2/3  second") } }
        #expect(grown.contains { $0.contains("2/3  second") }, "the input ended: no +, and the card looked at stays: \(grown)")
        try session.send("Enter")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
        #expect(session.chosen == "second")
    }

    /// A pipe that stays open with nothing more coming (`tail -f` of a quiet log) wakes no thread:
    /// the one reading it sleeps until more comes.
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func aQuietPipeThatStaysOpenWakesNothing() throws {
        // (The pipe stays open well past the test, whose session's end ends it.)
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines -", input: "(printf 'first\\n'; sleep 30)")
        _ = try session.waitForScreen(timeout: 3) { $0.contains { $0.contains("1/1+  first") } }
        Thread.sleep(forTimeInterval: 1)
        let before = session.threads()
        #expect(before.names.contains("carousel-stdin"), "\(before.names)")
        Thread.sleep(forTimeInterval: 2)
        let after = session.threads()
        #expect(TmuxSession.woken(before.switches, after.switches).isEmpty,
                "no thread woke in 2 s: \(TmuxSession.woken(before.switches, after.switches)) among \(after.names)")
        #expect(after.names.contains("carousel-stdin"), "still reading: \(after.names)")
        try session.send("q")
    }

    /// `-` with standard input the terminal says what to type and how to end (it waited in silence:
    /// helper-61); the lines typed are the cards.
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func cardsTypedInAreAskedFor() throws {
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines - 2>/dev/tty")
        let asked = try session.waitForScreen { $0.contains { $0.contains("carousel: reading a card a line from the terminal; Ctrl-D ends") } }
        #expect(asked.contains { $0.contains("Ctrl-D ends") }, "\(asked)")
        try session.send("first", "Enter", "second", "Enter", "C-d")
        let shown = try session.waitForScreen { $0.last { !$0.isEmpty }?.contains("1/2  first") == true }
        #expect(shown.last { !$0.isEmpty }?.contains("1/2  first") == true, "\(shown)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// Ctrl-C while standard input is read ends the reading and wipes its sign: it stayed on the
    /// terminal, `^C` after it, above the shell's next prompt.
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func ctrlCWhileReadingWipesTheSign() throws {
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines - 2>/dev/tty", shell: true,
                                      input: "(printf 'fir'; sleep 5)")
        let reading = try session.waitForScreen(timeout: 5) { $0.contains { $0.contains("carousel: reading standard input… 3 bytes") } }
        #expect(reading.contains { $0.contains("reading standard input") }, "\(reading)")
        try session.send("C-c")
        let after = try session.waitForScreen(timeout: 5) { $0.filter { $0.hasPrefix("$") }.count >= 2 }
        #expect(after.filter { $0.hasPrefix("$") }.count >= 2, "back at the prompt: \(after)")
        #expect(!after.joined().contains("reading standard input") && !after.joined().contains("^C"), "wiped: \(after)")
    }

    /// Ctrl-Z while standard input is read, then `fg`: the shell wrote over the sign's row, and the
    /// sign is written again below, though its count has not changed (helper-67: it stayed away
    /// until more lines came).
    @Test(.enabled(if: TmuxSession.available, "needs tmux"))
    func theSignComesBackAfterASuspend() throws {
        let session = try TmuxSession(width: 100, height: 20, arguments: "--lines - 2>/dev/tty", shell: true,
                                      input: "(printf 'fir'; sleep 4; printf 'st\\nsecond\\nthird\\n')")
        _ = try session.waitForScreen(timeout: 5) { $0.contains { $0.contains("carousel: reading standard input… 3 bytes") } }
        try session.send("C-z")
        let stopped = try session.waitForScreen(timeout: 5) { $0.joined().contains("Stopped") }
        let stoppedRow = try #require(stopped.lastIndex { $0.contains("Stopped") }, "\(stopped)")
        try session.send("fg", "Enter")
        let back = try session.waitForScreen(timeout: 3) { lines in
            lines.indices.contains { $0 > stoppedRow + 1 && lines[$0].contains("carousel: reading standard input… 3 bytes") }
        }
        #expect(back.indices.contains { $0 > stoppedRow + 1 && back[$0].contains("reading standard input… 3 bytes") }, "\(back)")
        let shown = try session.waitForScreen(timeout: 10) { $0.contains { $0.contains("1/3  first") } }
        #expect(shown.contains { $0.contains("1/3  first") }, "\(shown)")
        try session.send("q")
    }

    @Test func linesFromAPipeAreOneCardEachAndTheStatusCountsThem() throws {
        let result = try carousel(input: #"first line\nsecond line\nthird line\n"#, ["--lines", "--render", "80x24", "-"])
        #expect(result.status == 0)
        let screen = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(screen.count == 25, "24 lines, each ended, and nothing on stderr: \(result.output)")
        let status = try #require(screen.dropLast().last)
        #expect(status.hasPrefix(" 1/3  first line"), "status line: \(status)")
        // The first card is in front: its text is on the screen, not only in the status line.
        #expect(screen.dropLast(2).contains { $0.contains("│ first line") }, "\(result.output)")
    }

    @Test func ansiColoursAreShownAndOtherEscapesAreNot() throws {
        let result = try carousel(input: #"\033[2J\033[31mred\033[0m\n"#, ["--ansi", "--render", "80x24", "--color", "256", "-"])
        #expect(result.status == 0)
        let parameters = try #require(Self.style(before: "red", in: result.output), "\(result.output)")
        #expect(Self.setsRedForeground(parameters), "the SGR before red is ESC[\(parameters)m")
        // The text itself carries no trace of the escapes.
        #expect(!result.output.contains("␛"))
        #expect(!result.output.contains("[31m"))
        // The clear-screen from the input is gone: every escape in the output is an SGR.
        #expect(!result.output.contains("\(Self.escape)[2J"))
        let escapes = result.output.components(separatedBy: Self.escape).count - 1
        let sgrs = result.output.matches(of: #/\x1B\[[0-9;]*m/#).count
        #expect(escapes > 0 && escapes == sgrs, "\(escapes) escapes, \(sgrs) of them SGR")
    }

    /// With --ansi a line's colours are the card's: a pick prints the line without them, a name a
    /// script can use (it printed `ESC[0mESC[01;34mX11ESC[0m`, helper-34); without --ansi the line
    /// comes back as it was read.
    @Test func anAnsiLinePickedIsPrintedWithoutItsColours() throws {
        let coloured = #"\033[0m\033[01;34mX11\033[0m\nplain\n"#
        let picked = try carousel(input: coloured, ["--ansi", "--lines", "--render", "60x15", "--pick", "-"])
        #expect(picked.status == 0)
        #expect(picked.output.hasSuffix("\nX11\n"), "\(picked.output.debugDescription)")
        let raw = try carousel(input: coloured, ["--lines", "--render", "60x15", "--pick", "-"])
        #expect(raw.output.hasSuffix("\n\(Self.escape)[0m\(Self.escape)[01;34mX11\(Self.escape)[0m\n"), "\(raw.output.debugDescription)")
    }

    @Test func withoutAnsiTheEscapesAreShownAndNotObeyed() throws {
        let result = try carousel(input: #"\033[31mred\033[0m\n"#, ["--render", "80x24", "--color", "256", "-"])
        #expect(result.status == 0)
        #expect(result.output.contains("␛[31mred"), "\(result.output)")
        let parameters = try #require(Self.style(before: "red", in: result.output), "\(result.output)")
        #expect(!Self.setsRedForeground(parameters), "the SGR before red is ESC[\(parameters)m")
        #expect(!result.output.contains("\(Self.escape)[31m"))
        // The only escapes are the screen's own SGRs.
        let escapes = result.output.components(separatedBy: Self.escape).count - 1
        #expect(escapes == result.output.matches(of: #/\x1B\[[0-9;]*m/#).count)
    }

    @Test func aFileThatIsNotTextIsSkippedWithAMessageAndTheRestIsShown() throws {
        let directory = NSTemporaryDirectory() + "carousel-text-input-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data([0x50, 0x4B, 3, 4, 0, 0, 0, 0]).write(to: URL(fileURLWithPath: directory + "/archive.zip"))
        try "Remember the milk.\n".write(toFile: directory + "/note.txt", atomically: true, encoding: .utf8)

        // Standard error alone (the screen to /dev/null).
        let errors = try carousel(input: "", ["--render", "80x24", directory], stdout: ">/dev/null")
        #expect(errors.output == "carousel: \(directory)/archive.zip: not a text file (a .zip file)\n")
        #expect(errors.status == 0)

        // The screen: the note, and a status line that counts the skipped file.
        let screen = try carousel(input: "", ["--render", "80x24", directory], stdout: "2>/dev/null")
        #expect(screen.status == 0)
        #expect(screen.output.contains("│ Remember"), "\(screen.output)")
        let status = screen.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(status.hasPrefix(" 1/1 (1 skipped)  note"), "status line: \(status)")
    }
}
