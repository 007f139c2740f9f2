import Foundation
import Testing

/// User plus system CPU time of a process, in clock ticks (fields 14 and 15 of /proc/PID/stat).
func cpuTicks(_ pid: Int32) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the command name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
    return user + system
}

/// On CI the end-to-end suite must run: a missing tmux or binary is a failure there, not a skip.
@Test func endToEndTestsCanRunOnCI() throws {
    if ProcessInfo.processInfo.environment["CI"] != nil {
        #expect(TmuxSession.available, "tmux and the built carousel binary are needed (make test installs tmux)")
    }
}

/// The real binary in a real pseudo-terminal (tmux).
@Suite(.serialized, .enabled(if: TmuxSession.available, "needs tmux and the built carousel binary"))
struct EndToEndTests {
    func statusLine(_ lines: [String], rows: Int = 30) -> String { lines.count >= rows ? lines[rows - 1] : "" }

    @Test func rightAndTabChangeTheScreenAndQuitRestoresTheTerminal() throws {
        let session = try TmuxSession()
        var lines = try session.waitForStart()
        #expect(lines[0].contains("[Normal]│ Scaled "))
        #expect(statusLine(lines).contains("1/20"))
        #expect(lines.joined().contains("╭"), "rounded corners in a UTF-8 locale")

        try session.send("Right")
        lines = try session.waitForScreen { self.statusLine($0).contains("2/20") }
        #expect(statusLine(lines).contains("2/20  Tomas"))

        try session.send("Tab")
        lines = try session.waitForScreen { $0.first?.contains("[Scaled]") == true && $0.joined().contains("░") }
        #expect(lines[0].contains(" Normal │[Scaled]"))
        #expect(lines.joined().contains("░"), "Scaled mode draws the circle behind the centre card")

        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// Esc quits (status 0); Ctrl-C too, with the status a shell gives an interrupt (130, as fzf).
    @Test func controlCAndEscapeQuit() throws {
        for (key, status) in [("C-c", 130), ("Escape", 0)] {
            let session = try TmuxSession()
            try session.waitForStart()
            try session.send(key)
            #expect(session.waitForExit() == status, "\(key) quits")
            #expect(session.modesRestored)
        }
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func signalsEndItWithTheTerminalRestored(signal: Int32) throws {
        let session = try TmuxSession()
        try session.waitForStart()
        let pid = try #require(session.pid)
        kill(pid, signal)
        let status = session.waitForExit()
        #expect(status == 128 + Int(signal), "ended by the signal, as a shell sees it")
        #expect(session.modesRestored)
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        try session.tmux("resize-window", "-t", session.name, "-x", "70", "-y", "20")
        let lines = try session.waitForScreen { $0.count >= 20 && $0[19].contains("1/20") }
        #expect(lines[19].contains("1/20"), "status line on the new last row")
        #expect(lines[0].contains("[Normal]"))
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test func asciiLookWithoutAUTF8Locale() throws {
        let session = try TmuxSession(environment: "LANG=C LC_ALL=C")
        let lines = try session.waitForStart()
        #expect(lines[0].contains("[Normal]| Scaled "))
        #expect(lines.joined().unicodeScalars.allSatisfy { $0.isASCII })
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// A UTF-8 locale the machine does not have is read as C.UTF-8: the carousel is drawn in its
    /// own glyphs, not in ASCII (helper-53: `LANG=en_US.UTF-8` on a machine without it).
    @Test func aUTF8LocaleNotInstalledIsReadAsCUTF8() throws {
        for environment in ["LANG=xx_YY.UTF-8", "LANG=C LC_CTYPE=zz_ZZ.utf8", "LC_ALL=qq_QQ.UTF-8"] {
            let session = try TmuxSession(environment: environment)
            let lines = try session.waitForStart()
            #expect(lines[0].contains("[Normal]│ Scaled "), "\(environment): \(lines[0])")
            try session.send("q")
            #expect(session.waitForExit() == 0)
        }
    }

    @Test func sCyclesStylesLoopWrapsAndDigitsJump() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        for style in ["stack", "ring", "lyrics", "arc"] {
            try session.send("s")
            let lines = try session.waitForScreen { $0.first?.hasSuffix(style) == true || $0.first?.contains(" \(style) ") == true }
            #expect(lines[0].contains(style), "s switches to \(style)")
        }
        // Loop mode on: Left from the first card goes one card back, to the last.
        try session.send("o")
        try session.waitForScreen { $0.first?.contains("loop") == true }
        try session.send("Left")
        var lines = try session.waitForScreen { self.statusLine($0).contains("20/20") }
        #expect(statusLine(lines).contains("20/20  Dario"))
        // Right wraps forward again.
        try session.send("Right")
        lines = try session.waitForScreen { self.statusLine($0).contains(" 1/20") }
        #expect(statusLine(lines).contains("1/20  Mira"))
        // Digits jump: 1 then 2 typed quickly is card 12.
        try session.send("1", "2")
        lines = try session.waitForScreen { self.statusLine($0).contains("12/20") }
        #expect(statusLine(lines).contains("12/20"))
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// Mouse reports as an xterm sends them (SGR encoding, 1-based cells).
    /// A paste through the terminal (tmux pastes with brackets where the program asks for them,
    /// and as typed keys where it does not) goes into the search line, never acts as keys: its
    /// `q` quit before. Under an entry with BE and BD, and under one without (screen's, which tmux
    /// is often run with: the mode is asked for where the entry reports the mouse as xterm does).
    @Test(arguments: ["xterm-256color", "screen-256color"])
    func aPasteGoesIntoTheSearchLine(term: String) throws {
        let session = try TmuxSession(environment: "LANG=C.UTF-8 TERM=\(term)")
        try session.waitForStart()
        try session.tmux("set-buffer", "-b", "e2e", "Tomas\nq")
        try session.tmux("paste-buffer", "-p", "-d", "-b", "e2e", "-t", session.name)
        let lines = try session.waitForScreen { self.statusLine($0).contains("1 of 20 cards") }
        #expect(statusLine(lines).hasPrefix(" /Tomas ") && statusLine(lines).contains("1 of 20 cards"), "\(statusLine(lines))")
        try session.send("Escape")
        let after = try session.waitForScreen { self.statusLine($0).contains("2/20") }
        #expect(statusLine(after).contains("2/20  Tomas"), "every card again, resting on the one found: \(statusLine(after))")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// Under tmux's own terminfo entry (X10 mouse reports only, which cannot name a column past
    /// 223) the carousel asks for SGR reports too and reads them: a click at column 240 of a wide
    /// pane brings the card there to the centre (it was lost; helper-12). Off again after.
    @Test func clicksPastColumn223ArriveUnderTmuxsEntry() throws {
        let session = try TmuxSession(width: 250, height: 30, environment: "LANG=C.UTF-8 TERM=tmux-256color")
        try session.waitForStart()
        func flags() throws -> String {
            try session.tmux("display-message", "-p", "-t", session.name, "#{mouse_sgr_flag}#{mouse_button_flag}")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try flags() == "11", "SGR reports and button motion on")
        try session.send("-l", "\u{1B}[<0;240;17M")
        try session.send("-l", "\u{1B}[<0;240;17m")
        let lines = try session.waitForScreen { !self.statusLine($0).contains("1/20") && self.statusLine($0).contains("/20") }
        #expect(!statusLine(lines).contains("1/20") && statusLine(lines).contains("/20"), "\(statusLine(lines))")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
        #expect(try flags() == "00", "mouse reports off after")
    }

    @Test func clicksWheelAndSegmentsWorkAndMouseModesAreSwitchedOffAfter() throws {
        let session = try TmuxSession(environment: "LANG=C.UTF-8 TERM=xterm-256color")
        try session.waitForStart()
        #expect(try session.tmux("display-message", "-p", "-t", session.name, "#{mouse_button_flag}#{mouse_sgr_flag}").hasPrefix("11"),
                "button-motion tracking and SGR reports are on while running")
        func mouse(_ button: Int, _ x: Int, _ y: Int, release: Bool = false) throws {
            try session.send("-l", "\u{1B}[<\(button);\(x + 1);\(y + 1)" + (release ? "m" : "M"))
        }
        // Click the third card (two slots right of the centre) to bring it to the centre.
        try mouse(0, 50 + 2 * 23, 16)
        try mouse(0, 50 + 2 * 23, 16, release: true)
        var lines = try session.waitForScreen { self.statusLine($0).contains("3/20") }
        #expect(statusLine(lines).contains("3/20  Yuki"))
        // A quick tap: press and release in one report still counts as a click.
        try session.send("-l", "\u{1B}[<0;\(50 + 23 + 1);17M\u{1B}[<0;\(50 + 23 + 1);17m")
        lines = try session.waitForScreen { self.statusLine($0).contains("4/20") }
        #expect(statusLine(lines).contains("4/20  Otto"))
        try session.send("Left")
        lines = try session.waitForScreen { self.statusLine($0).contains("3/20") }
        // The wheel moves one card per notch.
        try mouse(65, 50, 15)
        lines = try session.waitForScreen { self.statusLine($0).contains("4/20") }
        #expect(statusLine(lines).contains("4/20"))
        try mouse(64, 50, 15)
        lines = try session.waitForScreen { self.statusLine($0).contains("3/20") }
        #expect(statusLine(lines).contains("3/20"))
        // Clicking a segment of the control selects it.
        let scaledColumn = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "Scaled")!.lowerBound)
        try mouse(0, scaledColumn, 0)
        try mouse(0, scaledColumn, 0, release: true)
        lines = try session.waitForScreen { $0.first?.contains("[Scaled]") == true }
        #expect(lines[0].contains("[Scaled]"))
        // A drag of one card's width, held still before letting go: it follows the pointer and snaps.
        // (From a strip at rest: the wheel's move back and the change of mode may still be running.
        // This step failed twice in about thirty runs in session 20, the strip left on 3/20; whether waiting for rest
        // cures it is not known: the screen is in the message if it fails again.)
        var previous: [String] = []
        lines = try session.waitForScreen { screen in
            defer { previous = screen }
            return screen == previous
        }
        try mouse(0, 60, 15)
        for x in stride(from: 57, through: 37, by: -4) { try mouse(32, x, 15) }
        try mouse(32, 37, 15)
        Thread.sleep(forTimeInterval: 0.3)
        try mouse(0, 37, 15, release: true)
        lines = try session.waitForScreen { self.statusLine($0).contains("4/20") }
        #expect(statusLine(lines).contains("4/20"), "after the drag:\n\(lines.joined(separator: "\n"))")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
        #expect(try session.tmux("display-message", "-p", "-t", session.name, "#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}").hasPrefix("0000"),
                "every mouse mode is off after quitting")
    }

    /// A drag whose press, motion and release come in one read (a quick flick over ssh, a slow
    /// terminal) moves the strip by the distance dragged: under xterm's entry ncurses read the
    /// reports and lost the press, so nothing moved; read by the terminal layer, each report
    /// was timed apart by microseconds and the drag flung the strip to its end (helper-78). So too
    /// after a command run with `e` gave the terminal back (ncurses took the reports again then).
    @Test(arguments: [("xterm-256color", false), ("tmux-256color", false), ("xterm-256color", true)])
    func aDragReadAtOnceMovesTheStripByItsDistance(term: String, afterCommand: Bool) throws {
        let session = try TmuxSession(arguments: afterCommand ? "--open-with true" : "", environment: "LANG=C.UTF-8 TERM=\(term)")
        try session.waitForStart()
        if afterCommand {
            try session.send("e")
            Thread.sleep(forTimeInterval: 0.5)
            _ = try session.waitForScreen { self.statusLine($0).contains("1/20") }
        }
        // Two cards' width (23 columns a slot at 100x30) to the left, in one write.
        try session.send("-l", "\u{1B}[<0;61;16M\u{1B}[<32;38;16M\u{1B}[<32;15;16M\u{1B}[<0;15;16m")
        var previous: [String] = []
        let lines = try session.waitForScreen { screen in
            defer { previous = screen }
            return screen == previous && !self.statusLine(screen).contains("1/20")
        }
        #expect(statusLine(lines).contains("3/20"), "\(term): \(statusLine(lines))")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// Under xterm's entry (`xterm-256color`, where ncurses once read SGR mouse reports itself), a
    /// right or middle click, a sideways wheel or another button is passed over and the key after
    /// it is read at once (it waited for one more key: Right after a right click did nothing until
    /// the next; helper-36).
    @Test(arguments: ["\u{1B}[<2;40;12M", "\u{1B}[<1;40;12M\u{1B}[<1;40;12m", "\u{1B}[<66;40;12M", "\u{1B}[<34;41;12M"])
    func otherButtonsAreIgnoredAndTheKeyAfterThemIsRead(report: String) throws {
        let session = try TmuxSession(environment: "LANG=C.UTF-8 TERM=xterm-256color")
        try session.waitForStart()
        // (In one write, as a terminal sends a click and the key typed right after it: ncurses
        // read the key with the report, and held it.)
        try session.send("-l", report + "\u{1B}OC")
        let lines = try session.waitForScreen(timeout: 3) { self.statusLine($0).contains("2/20") }
        #expect(statusLine(lines).contains("2/20"), "\(report.debugDescription): \(statusLine(lines))")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// A paste bracket whose end never comes (a stray `ESC [ 200 ~`) holds the keys a second at
    /// most: they were swallowed, arrows, Esc and q alike, until Ctrl-C ended the program
    /// (helper-36). Nothing wakes the program once it is over.
    @Test func aPasteThatNeverEndsLetsTheKeysGoAfterASecond() throws {
        let session = try TmuxSession(environment: "LANG=C.UTF-8 TERM=xterm-256color")
        try session.waitForStart()
        try session.send("-l", "\u{1B}[200~")
        Thread.sleep(forTimeInterval: 1.4)
        try session.send("Right")
        let lines = try session.waitForScreen(timeout: 3) { self.statusLine($0).contains("2/20") }
        #expect(statusLine(lines).contains("2/20"), "\(statusLine(lines))")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test func heldDownKeysDoNotBuildABacklog() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        // Forty presses at once, as a key held down delivers them: they add up to one motion
        // that ends on the last card, and the program stops drawing soon after.
        try session.send(keys: Array(repeating: "Right", count: 40))
        let lines = try session.waitForScreen(timeout: 5) { self.statusLine($0).contains("20/20") }
        #expect(statusLine(lines).contains("20/20"))
        try session.send("q")
        #expect(session.waitForExit(timeout: 3) == 0, "quits at once: no queue of frames to work through")
    }

    @Test func nothingIsWrittenAtRest() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        let log = session.directory.appendingPathComponent("output").path
        // Everything the program writes to its terminal from now on goes to the log too.
        try session.tmux("pipe-pane", "-o", "-t", session.name, "cat >> \(log)")
        try session.send("Right")
        try session.waitForScreen { self.statusLine($0).contains("2/20") }
        Thread.sleep(forTimeInterval: 1.0)  // the motion ends well within a second
        let afterMotion = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        #expect(afterMotion > 0, "the motion itself was drawn")
        let pid = try #require(session.pid)
        let cpuBefore = try #require(cpuTicks(pid))
        Thread.sleep(forTimeInterval: 2.0)
        let later = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
        #expect(later == afterMotion, "no output at rest (\(later - afterMotion) bytes in 2 s)")
        let cpuAfter = try #require(cpuTicks(pid))
        #expect(cpuAfter - cpuBefore <= 1, "no CPU at rest: it sleeps on input (\(cpuAfter - cpuBefore) ticks in 2 s)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test func aBurstOfResizesEndsIdenticalToAFreshStartAtTheFinalSize() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        try session.send("Right")
        try session.waitForScreen { self.statusLine($0).contains("2/20") }
        for (w, h) in [(60, 20), (120, 40), (30, 8), (15, 5), (90, 28), (80, 24)] {
            try session.tmux("resize-window", "-t", session.name, "-x", "\(w)", "-y", "\(h)")
        }
        let fresh = try TmuxSession.run(["env", "LANG=C.UTF-8", TmuxSession.binary, "--render", "80x24", "--keys", "right"])
        let expected = fresh.split(separator: "\n", omittingEmptySubsequences: false).prefix(24).map { String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
        let lines = try session.waitForScreen { Array($0.prefix(24)) == expected }
        #expect(Array(lines.prefix(24)) == expected)
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test func tooSmallSaysSoAndRecovers() throws {
        let session = try TmuxSession(width: 12, height: 4)
        var lines = try session.waitForScreen { $0.joined().contains("Too small") }
        #expect(lines.joined().contains("Too small"))
        try session.tmux("resize-window", "-t", session.name, "-x", "100", "-y", "30")
        lines = try session.waitForScreen { self.statusLine($0).contains("1/20") }
        #expect(statusLine(lines).contains("1/20"))
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test func controlZSuspendsAndFgBringsItBackRedrawn() throws {
        let session = try TmuxSession(shell: true)
        try session.waitForStart()
        try session.send("C-z")
        var lines = try session.waitForScreen { $0.joined().contains("Stopped") }
        #expect(lines.joined().contains("Stopped"), "the shell took the terminal back")
        #expect(!lines.joined().contains("[Normal]"), "the carousel left the screen as it was")
        try session.send("fg", "Enter")
        lines = try session.waitForScreen { $0.first?.contains("[Normal]") == true && self.statusLine($0).contains("1/20") }
        #expect(lines[0].contains("[Normal]"), "redrawn after fg")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    @Test func aCrashRestoresTheTerminal() throws {
        // The Swift runtime's crash report is printed too, on the restored terminal (not lost in the
        // alternate screen): non-interactive, so it does not wait for a key.
        let session = try TmuxSession(environment: "LANG=C.UTF-8 SWIFT_BACKTRACE=enable=yes,interactive=no")
        try session.waitForStart()
        kill(try #require(session.pid), SIGSEGV)
        #expect(session.waitForExit(timeout: 60) == 128 + Int(SIGSEGV))
        #expect(session.modesRestored)
        #expect(session.file("stderr")?.contains("crashed") == true, "the crash report reached stderr")
    }

    @Test func theCursorRestsOnTheActiveCardsTitle() throws {
        let session = try TmuxSession()
        let lines = try session.waitForStart()
        let cursor = try session.tmux("display-message", "-p", "-t", session.name, "#{cursor_x} #{cursor_y} #{cursor_flag}")
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(cursor.count == 3)
        #expect(cursor[2] == 1, "visible, for screen readers")
        let row = Array(lines[cursor[1]])
        #expect(String(row[cursor[0]...].prefix(4)) == "Mira")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test func helpShowsEveryKey() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        try session.send("?")
        // Wait for the whole overlay (tmux may show a frame before all of it has arrived).
        let lines = try session.waitForScreen { $0.joined().contains("Keys") && $0.joined().contains("Ctrl-C") }
        for key in ["h l", "Home End", "PgUp PgDn", "1-9 0", "Tab", "s ", "o ", "/ ", "n N", "e ", "p ", "q Esc", "Ctrl-C"] {
            #expect(lines.joined().contains(key), "help lists \(key)")
        }
        try session.send("Escape")
        try session.waitForScreen { !$0.joined().contains("Keys") }
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// With no terminal at all (no controlling terminal: setsid), there is nothing to draw on.
    @Test func withoutATerminalItSaysSoAndFails() throws {
        let out = try TmuxSession.run(["setsid", "-w", "sh", "-c", "\(TmuxSession.binary) < /dev/null > /dev/null 2>&1; echo $?; \(TmuxSession.binary) 2>&1 < /dev/null | cat"])
        #expect(out.hasPrefix("2\n"))
        #expect(out.contains("no terminal to draw on"))
    }

    /// With standard output a terminal but no keys to read (standard input not one, and no
    /// controlling terminal), it says that, not that standard output is no terminal (helper-54).
    @Test func withoutAKeyboardItSaysSo() throws {
        let session = try TmuxSession(arguments: "< /dev/null", environment: "LANG=C.UTF-8 setsid -w")
        #expect(session.waitForExit() == 2)
        let said = session.file("stderr") ?? ""
        #expect(said.contains("no keyboard to read (standard input is not a terminal, and there is no /dev/tty)"), "\(said)")
    }

    /// Colours as the terminal received them (tmux re-encodes what it shows: `capture-pane -e`).
    func coloredScreen(_ environment: String, arguments: String = "") throws -> String {
        let session = try TmuxSession(arguments: arguments, environment: environment)
        // The whole first frame, down to the status line, must have reached tmux.
        try session.waitForScreen { $0.first?.contains("[Normal]") == true && self.statusLine($0).contains("1/20") }
        Thread.sleep(forTimeInterval: 0.2)
        let screen = try session.tmux("capture-pane", "-e", "-p", "-t", session.name)
        try session.send("q")
        #expect(session.waitForExit() == 0)
        return screen
    }

    @Test func colourDepths() throws {
        // Mira's accent #E06C75, exactly, with 24-bit colour.
        #expect(try coloredScreen("LANG=C.UTF-8 COLORTERM=truecolor").contains("38;2;224;108;117"))
        // The 256-colour palette otherwise.
        let palette = try coloredScreen("LANG=C.UTF-8 COLORTERM=")
        #expect(palette.contains("38;5;"))
        #expect(!palette.contains("38;2;"))
        // Forced to 8 colours: only the basic foregrounds 30-37.
        let eight = try coloredScreen("LANG=C.UTF-8", arguments: "--color 8")
        #expect(eight.contains("\u{1B}[31m"), "the soft red accent is red")
        #expect(!eight.contains("38;5;") && !eight.contains("38;2;"))
        // NO_COLOR: no colour at all, but still the attributes (the active segment in reverse).
        let none = try coloredScreen("LANG=C.UTF-8 NO_COLOR=1 COLORTERM=truecolor")
        #expect(!none.contains("38;5;") && !none.contains("38;2;"), "no colour")
        #expect(!(0...7).contains { none.contains("\u{1B}[3\($0)m") }, "no basic colour either")
        #expect(none.contains("7m[Normal]"), "reverse video still marks the active segment")
    }

    @Test func asciiModeWritesOnlySevenBitBytes() throws {
        let session = try TmuxSession(arguments: "--ascii")
        let log = session.directory.appendingPathComponent("output").path
        try session.tmux("pipe-pane", "-o", "-t", session.name, "cat >> \(log)")
        try session.send("Tab")
        try session.waitForScreen { $0.first?.contains("[Scaled]") == true }
        try session.send("s", "Right", "s", "?")
        try session.waitForScreen { $0.joined().contains("Keys") }
        try session.send("q")
        #expect(session.waitForExit() == 0)
        let bytes = try #require(FileManager.default.contents(atPath: log))
        #expect(bytes.count > 1000)
        #expect(bytes.allSatisfy { $0 < 0x80 }, "every byte written is 7-bit ASCII")
    }

    @Test func aClosedOutputEndsItQuietly() throws {
        let out = try TmuxSession.run(["bash", "-c", "\(TmuxSession.binary) --render 2000x2000 2>&1 | head -c 10 > /dev/null; echo ${PIPESTATUS[0]}"])
        #expect(["0", "141"].contains(out.trimmingCharacters(in: .whitespacesAndNewlines)), "ended by SIGPIPE or done, nothing printed")
    }

    @Test func reducedMotionFromTheEnvironmentJumpsAtOnce() throws {
        func render(_ env: [String], keys: String, time: String?) throws -> String {
            try TmuxSession.run(["env", "-u", "NO_COLOR", "LANG=C.UTF-8"] + env + [TmuxSession.binary, "--render", "100x30", "--keys", keys] + (time.map { ["--time", $0] } ?? []))
        }
        let settled = try render([], keys: "right,tab", time: nil)
        #expect(try render(["CAROUSEL_REDUCE_MOTION=1"], keys: "right,tab", time: "0") == settled)
        #expect(try render([], keys: "right,tab", time: "0") != settled, "without it the motion has only begun")
    }

    @Test func aHostileDeckSendsNoneOfItsEscapesToTheTerminal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-e2e-hostile-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("\u{1B}]0;PWNED\u{07}\n\u{1B}[31;1mEVIL\u{1B}P+q\u{1B}\\\n".utf8).write(to: dir.appendingPathComponent("a.txt"))
        try Data([0x9B, 0x33, 0x32, 0x6D, 0x58, 0x0A]).write(to: dir.appendingPathComponent("b.txt"))
        let session = try TmuxSession(arguments: dir.path)
        let log = session.directory.appendingPathComponent("output").path
        try session.tmux("pipe-pane", "-o", "-t", session.name, "cat >> \(log)")
        let first = try session.waitForScreen { $0.first?.contains("[Normal]") == true && self.statusLine($0).contains("1/2") }
        #expect(first.joined().contains("␛]0;PWN"), "the escape is shown as a harmless symbol")
        try session.send("Right", "Tab", "s", "s")
        try session.waitForScreen { self.statusLine($0).contains("2/2") }
        Thread.sleep(forTimeInterval: 0.8)
        try session.send("q")
        #expect(session.waitForExit() == 0)
        let bytes = try #require(FileManager.default.contents(atPath: log))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(bytes.count > 500)
        #expect(!text.contains("\u{1B}]0;PWNED"), "no title change")
        #expect(!text.contains("\u{1B}[31;1mEVIL"), "no colour from the deck")
        #expect(!text.contains("\u{1B}P+q"), "no device control string")
        // 0x9B is fine inside UTF-8 (the ␛ symbol is E2 90 9B); a raw 8-bit CSI would be invalid UTF-8.
        #expect(String(bytes: bytes, encoding: .utf8) != nil, "valid UTF-8 throughout")
        let scalars = Array(text.unicodeScalars)
        let c1 = scalars.firstIndex { $0.value == 0x9B }
        let context = c1.map { i in String(String.UnicodeScalarView(scalars[max(0, i - 40)...i])).debugDescription } ?? ""
        #expect(c1 == nil, "no 8-bit CSI: \(context)")
    }

    @Test func cardsFromStandardInputWithKeysFromTheTerminal() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-e2e-stdin-" + UUID().uuidString)
        try "# First\n(o_o)\n---\n# Second\n(^_^)\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let session = try TmuxSession(arguments: "- < \(file.path)")
        var lines = try session.waitForScreen { self.statusLine($0).contains("1/2") }
        #expect(statusLine(lines).contains("1/2  First"))
        try session.send("Right")
        lines = try session.waitForScreen { self.statusLine($0).contains("2/2") }
        #expect(statusLine(lines).contains("2/2  Second"))
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// Standard input the terminal open for writing only (`carousel 0>/dev/tty`): the keys are read
    /// from the terminal opened for reading (every read failed at once: the loop spun at 80% of a
    /// core and no key, not even Ctrl-C, did anything; helper-36).
    @Test func keysComeThroughWhenStandardInputIsTheTerminalOpenForWritingOnly() throws {
        let session = try TmuxSession(arguments: "0>/dev/tty")
        try session.waitForStart()
        try session.send("Right")
        let lines = try session.waitForScreen { self.statusLine($0).contains("2/20") }
        #expect(statusLine(lines).contains("2/20"), "\(lines.joined(separator: "\n"))")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    @Test func aManifestsDefaultsApplyUnlessTheCommandLineSaysOtherwise() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/examples/lighthouse").path
        let withDefaults = try TmuxSession.run(["env", "LANG=C.UTF-8", TmuxSession.binary, "--render", "100x30", example])
        let lines = withDefaults.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].contains("[Scaled]") && lines[0].contains("loop"), "the manifest's mode and loop")
        #expect(lines[29].contains("2/6"), "the manifest's start card")
        let overridden = try TmuxSession.run(["env", "LANG=C.UTF-8", TmuxSession.binary, "--render", "100x30", "--mode", "normal", "--no-loop", "--start", "1", "--style", "ring", example])
        let other = overridden.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(other[0].contains("[Normal]") && !other[0].contains("loop") && other[0].contains("ring"))
        #expect(other[29].contains("1/6"))
    }

    @Test func renderPrintsExactlyTheRowsAsked() throws {
        let out = try TmuxSession.run(["env", "LANG=C.UTF-8", TmuxSession.binary, "--render", "60x15", "--keys", "right,tab"])
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 15)
        #expect(!out.contains("\u{1B}"), "plain text, no escape codes")
        #expect(lines.last?.contains("2/20") == true)
    }

    @Test func renderWithAColourDepthPrintsTheSameScreenInColour() throws {
        func render(_ extra: [String]) throws -> String {
            try TmuxSession.run(["env", "LANG=C.UTF-8", TmuxSession.binary, "--render", "60x15", "--keys", "right,tab"] + extra)
        }
        let plain = try render([])
        for (depth, colour) in [("256", "38;5;"), ("truecolor", "38;2;"), ("16", "m")] {
            let coloured = try render(["--color", depth])
            #expect(coloured.contains("\u{1B}[0;" + (depth == "16" ? "3" : colour)), "\(depth): a foreground colour")
            let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            #expect(stripped == plain, "\(depth): the same cells as the plain screen")
            for line in coloured.split(separator: "\n") {
                guard let last = line.ranges(of: "\u{1B}[").last else { continue }
                #expect(line[last.lowerBound...].hasPrefix("\u{1B}[0m"), "every coloured line returns to the default style")
            }
        }
        #expect(try render(["--color", "never"]) == plain)
    }
}
