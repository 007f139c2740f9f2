import Foundation
import Testing

/// A process's state letter from /proc (`T`: stopped, `Z`: a zombie), or nil when it is gone.
func processState(_ pid: Int32) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    return stat[stat.index(after: close)...].split(separator: " ").first?.first
}

/// Whether a process has ended (gone, or a zombie waiting for its parent).
func processEnded(_ pid: Int32) -> Bool {
    processState(pid).map { $0 == "Z" } ?? true
}

extension String {
    /// The string without `character` repeated at its end.
    func trimmingSuffix(_ character: Character) -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == character { end = index(before: end) }
        return String(self[..<end])
    }
}

/// Waits up to `timeout` seconds for a process to end.
func waitForEnd(of pid: Int32, timeout: Double) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !processEnded(pid) {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}

/// Promises about the terminal that only a real terminal can check: a terminal that goes away,
/// every deadly signal, the real size, both cursor-key forms, terminals that cannot be used.
@Suite(.serialized, .enabled(if: TmuxSession.available, "needs tmux and the built carousel binary"))
struct TerminalPromiseTests {
    enum State: String, CaseIterable { case atRest, moving, helpOpen, suspended }

    /// The terminal closes under the program (tmux's server is killed: the pane's terminal hangs up):
    /// it must end within a second, in every state, and not spin.
    @Test(arguments: State.allCases)
    func aTerminalThatGoesAwayEndsTheProgram(state: State) throws {
        let session = try TmuxSession(shell: state == .suspended)
        try session.waitForStart()
        let pid = try #require(session.pid)
        switch state {
        case .atRest: break
        case .moving: try session.send("End")
        case .helpOpen:
            try session.send("?")
            try session.waitForScreen { $0.joined().contains("Keys") }
        case .suspended:
            try session.send("C-z")
            try session.waitForScreen { $0.joined().contains("Stopped") }
        }
        try session.tmux("kill-server")
        let ended = waitForEnd(of: pid, timeout: 1)
        #expect(ended, "carousel still runs a second after its terminal closed (\(state))")
        if !ended { kill(pid, SIGKILL) }
    }

    /// The terminal closes while `e` runs an editor that never reads it (a script, an `--open-with`
    /// command), the carousel being the terminal's own process (the pane's, as `exec carousel`
    /// makes it): the hang-up is passed on to the command and the carousel ends with it. It waited
    /// for the command to end by itself (helper-19: a minute, both left running). (Under a shell,
    /// the shell's end sends the hang-up to the whole job.)
    @Test func aTerminalThatGoesAwayWhileACommandRunsEndsBoth() throws {
        let dir = NSTemporaryDirectory() + "carousel-hangup-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/deck", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a note\n".write(toFile: dir + "/deck/note.txt", atomically: true, encoding: .utf8)
        let editor = dir + "/editor.sh"
        try "#!/bin/sh\necho $$ > \(dir)/editor.pid\nexec sleep 60\n".write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let socket = dir + "/tmux"
        try TmuxSession.run(["tmux", "-S", socket, "new-session", "-d", "-x", "100", "-y", "30",
                             "echo $$ > \(dir)/carousel.pid; exec env LANG=C.UTF-8 EDITOR=\(editor) \(TmuxSession.binary) \(dir)/deck"],
                            capture: false)
        defer { _ = try? TmuxSession.run(["tmux", "-S", socket, "kill-server"], capture: false) }
        func pid(_ file: String) -> Int32? {
            (try? String(contentsOfFile: dir + "/" + file, encoding: .utf8)).flatMap { Int32($0.trimmingSuffix("\n")) }
        }
        func screen() -> String { (try? TmuxSession.run(["tmux", "-S", socket, "capture-pane", "-p"])) ?? "" }
        var deadline = Date().addingTimeInterval(10)
        while !screen().contains("1/1"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let carousel = try #require(pid("carousel.pid"))
        try TmuxSession.run(["tmux", "-S", socket, "send-keys", "e"], capture: false)
        deadline = Date().addingTimeInterval(5)
        while pid("editor.pid") == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let command = try #require(pid("editor.pid"), "the editor did not start")
        try TmuxSession.run(["tmux", "-S", socket, "kill-server"], capture: false)
        let ended = waitForEnd(of: carousel, timeout: 2)
        #expect(ended, "carousel still runs two seconds after its terminal closed under its editor")
        #expect(waitForEnd(of: command, timeout: 2), "the editor still runs")
        if !ended { kill(carousel, SIGKILL) }
        kill(command, SIGKILL)
    }

    /// A kill sent to the carousel while `e` runs an editor reaches the editor too, and what it
    /// started: the editor runs through `sh -c`, whose last command is its child, and the kill
    /// passed on to the shell alone left the editor running on the terminal (helper-34: vim kept
    /// the terminal after `kill` of the carousel).
    @Test func aKillWhileTheEditorRunsEndsTheEditorsProcessesToo() throws {
        let dir = NSTemporaryDirectory() + "carousel-kill-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/deck", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "a note\n".write(toFile: dir + "/deck/note.txt", atomically: true, encoding: .utf8)
        let editor = dir + "/editor.sh"
        // (Its work in a child it waits for, as an editor started by a wrapper script is.)
        try "#!/bin/sh\nsleep 60 &\necho $! > \(dir)/sleep.pid\nwait\n".write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let session = try TmuxSession(arguments: "\(dir)/deck", environment: "LANG=C.UTF-8 VISUAL='\(editor) --wait'")
        try session.waitForScreen { $0.contains { $0.contains("1/1") } }
        let carousel = try #require(session.pid)
        try session.send("e")
        var deadline = Date().addingTimeInterval(5)
        var sleeper: Int32?
        while sleeper == nil, Date() < deadline {
            sleeper = (try? String(contentsOfFile: dir + "/sleep.pid", encoding: .utf8)).flatMap { Int32($0.trimmingSuffix("\n")) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let work = try #require(sleeper, "the editor did not start")
        kill(carousel, SIGTERM)
        #expect(session.waitForExit() == 128 + Int(SIGTERM))
        deadline = Date().addingTimeInterval(2)
        while kill(work, 0) == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(kill(work, 0) != 0, "the editor's own process still runs after the carousel was killed")
        kill(work, SIGKILL)
    }

    /// Every signal whose default action ends a process gives the terminal back first, then ends the
    /// process by that signal.
    @Test(arguments: [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGSYS, SIGQUIT, __libc_current_sigrtmin() + 3])
    func everyDeadlySignalRestoresTheTerminal(signal: Int32) throws {
        let session = try TmuxSession(environment: "LANG=C.UTF-8 SWIFT_BACKTRACE=enable=no")
        try session.waitForStart()
        let pid = try #require(session.pid)
        kill(pid, signal)
        let status = session.waitForExit()
        #expect(status == 128 + Int(signal), "ended by signal \(signal), as a shell sees it")
        #expect(session.modesRestored, "terminal modes restored after signal \(signal)")
        let flags = try session.tmux("display-message", "-p", "-t", session.name, "#{alternate_on}#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}")
        #expect(flags.hasPrefix("0000"), "alternate screen and mouse reporting off after signal \(signal) (\(flags))")
        if status == nil { kill(pid, SIGKILL) }
    }

    /// LINES and COLUMNS exported by a shell must not freeze the size: the terminal's real size wins,
    /// at start and after a resize.
    @Test func exportedLinesAndColumnsDoNotFreezeTheSize() throws {
        let session = try TmuxSession(width: 100, height: 30, environment: "LANG=C.UTF-8 LINES=12 COLUMNS=40")
        var lines = try session.waitForStart()
        #expect(lines.count >= 30 && lines[29].contains("1/20"), "status line on the real last row at start")
        #expect(lines[0].hasSuffix("arc"), "top bar as wide as the real terminal")
        try session.tmux("resize-window", "-t", session.name, "-x", "120", "-y", "36")
        lines = try session.waitForScreen { $0.count >= 36 && $0[35].contains("1/20") && $0[0].hasSuffix("arc") }
        #expect(lines.count >= 36 && lines[35].contains("1/20"), "status line on the new last row")
        #expect(lines[0].count == 120 || lines[0].hasSuffix("arc"), "top bar reaches the new right edge")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// While the program runs, what it writes reaches the terminal without the driver's output
    /// processing (-opost), also after a suspend and `fg` (the shell sets its own modes while the
    /// carousel is stopped); at the end the terminal's modes are those it started with.
    @Test func framesSkipTheDriversOutputProcessing() throws {
        let session = try TmuxSession(shell: true)
        try session.waitForStart()
        let tty = try session.tmux("display-message", "-p", "-t", session.name, "#{pane_tty}")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        func outputModes() throws -> [Substring] {
            try TmuxSession.run(["sh", "-c", "stty -a < \(tty)"]).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        }
        #expect(try outputModes().contains("-opost"), "output processing off while the carousel runs")
        try session.send("C-z")
        _ = try session.waitForScreen { $0.joined().contains("Stopped") }
        try session.send("fg", "Enter")
        _ = try session.waitForScreen { $0.first?.contains("[Normal]") == true }
        #expect(try outputModes().contains("-opost"), "off again after fg")
        try session.send("Right")
        let lines = try session.waitForScreen { $0.joined().contains("2/20") }
        #expect(lines.first?.contains("[Normal]") == true && lines.joined().contains("2/20"), "drawn as before: \(lines)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// Stopped from outside (`kill -STOP`, which the program cannot catch) and brought back with
    /// `fg`: the shell had set its own modes (echo, line editing) meanwhile; the carousel takes the
    /// terminal back and redraws the whole screen (it used to stay silent, keys echoed as `^[OC`
    /// and went nowhere until Enter).
    @Test func aStopFromOutsideAndFgGiveTheScreenBack() throws {
        let session = try TmuxSession(shell: true)
        try session.waitForStart()
        let pid = try #require(session.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        let tty = try session.tmux("display-message", "-p", "-t", session.name, "#{pane_tty}")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        func modes() throws -> [Substring] {
            try TmuxSession.run(["sh", "-c", "stty -a < \(tty)"]).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        }
        // The whole job, as `kill -STOP %1` stops it (the wrapper shells around the program too).
        kill(-getpgid(pid), SIGSTOP)
        let stopped = try session.waitForScreen { $0.joined().contains("Stopped") }
        #expect(stopped.joined().contains("Stopped"), "the shell has the terminal: \(stopped)")
        #expect(try modes().contains("opost"), "the shell's modes while it is stopped (output processing on)")
        try session.send("fg", "Enter")
        let back = try session.waitForScreen { $0.first?.contains("[Normal]") == true && !$0.joined().contains("Stopped") }
        #expect(!back.joined().contains("Stopped") && !back.joined().contains("fg"), "drawn whole again: \(back)")
        let now = try modes()
        #expect(now.contains("-icanon") && now.contains("-echo") && now.contains("-opost"), "its own modes again: \(now)")
        try session.send("Right")
        let lines = try session.waitForScreen { $0.joined().contains("2/20") }
        #expect(lines.joined().contains("2/20"), "keys arrive: \(lines)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// Stopped from outside, then a program run from the shell meanwhile (vi) leaves the alternate
    /// screen and switches the mouse reports off: on `fg` the carousel takes all of it back. It
    /// sent only keypad mode and button-motion tracking (helper-12): its frames landed on the
    /// shell's screen, and clicks came as X10 reports, read as typed keys.
    @Test func aStopFromOutsideTakesTheAlternateScreenAndTheMouseBack() throws {
        let session = try TmuxSession(environment: "LANG=C.UTF-8 TERM=xterm-256color", shell: true)
        try session.waitForStart()
        let pid = try #require(session.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        func flags() throws -> String {
            try session.tmux("display-message", "-p", "-t", session.name, "#{alternate_on} #{mouse_sgr_flag} #{mouse_button_flag}")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let running = try flags()
        #expect(running == "1 1 1", "alternate screen, SGR mouse reports, button motion: \(running)")
        kill(-getpgid(pid), SIGSTOP)
        _ = try session.waitForScreen { $0.joined().contains("Stopped") }
        // What vi leaves behind: the main screen, no mouse reports.
        try session.send("printf '\\033[?1049l\\033[?1006;1000;1002l'; clear", "Enter")
        Thread.sleep(forTimeInterval: 0.3)
        let shells = try flags()
        #expect(shells == "0 0 0", "the shell's terminal: \(shells)")
        try session.send("fg", "Enter")
        _ = try session.waitForScreen { $0.first?.contains("[Normal]") == true && !$0.joined().contains("Stopped") }
        let back = try flags()
        #expect(back == running, "all taken back: \(back)")
        try rightIsDrawnWholeThenQuit(session)
    }

    /// Quitting after the terminal has grown wider under the program leaves the shell's screen as
    /// it was: tmux 3.3 showed rows of the carousel over it (helper-64; the alternate screen is
    /// now cleared before it is left).
    @Test func quittingAfterTheTerminalGrewLeavesTheShellsScreenClean() throws {
        let session = try TmuxSession(width: 50, height: 16)
        try session.waitForStart()
        _ = try session.tmux("resize-window", "-t", session.name, "-x", "80", "-y", "24")
        let grown = try session.waitForScreen { $0.count >= 24 && $0[23].contains("1/20") && $0[0].count > 60 }
        #expect(grown.count >= 24 && grown[23].contains("1/20"), "drawn again at 80x24: \(grown)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        Thread.sleep(forTimeInterval: 0.3)
        let after = try session.screen()
        #expect(!after.joined().contains { "╭╰│─●○".contains($0) }, "nothing of the carousel left: \(after.joined(separator: "\n"))")
    }

    /// Ctrl-Z then `fg`, and `e` running a command: back from either, every mode the carousel
    /// runs in is on again, keypad mode (the arrow keys' form) too, at once (it came back only when
    /// the next key was read: helper-45 saw it off after `fg`).
    @Test func comingBackFromASuspendOrACommandTurnsEveryModeOnAgain() throws {
        let session = try TmuxSession(arguments: "--open-with true", environment: "LANG=C.UTF-8 TERM=xterm-256color", shell: true)
        try session.waitForStart()
        func flags() throws -> String {
            try session.tmux("display-message", "-p", "-t", session.name,
                             "#{alternate_on} #{keypad_cursor_flag} #{mouse_sgr_flag} #{mouse_button_flag}")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let running = try flags()
        #expect(running == "1 1 1 1", "alternate screen, keypad mode, SGR mouse reports, button motion: \(running)")
        try session.send("C-z")
        _ = try session.waitForScreen { $0.joined().contains("Stopped") }
        let shells = try flags()
        #expect(shells == "0 0 0 0", "the shell's terminal: \(shells)")
        try session.send("fg", "Enter")
        _ = try session.waitForScreen { $0.first?.contains("[Normal]") == true && !$0.joined().contains("Stopped") }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try flags() == running, "after fg")
        try session.send("e")
        Thread.sleep(forTimeInterval: 0.5)
        _ = try session.waitForScreen { $0.first?.contains("[Normal]") == true }
        #expect(try flags() == running, "after a command")
        try rightIsDrawnWholeThenQuit(session)
    }

    /// `kill -TSTP` from outside, under a shell with job control: the carousel gives the terminal
    /// back and stops with its job, as for Ctrl-Z; `fg` brings the whole screen back.
    @Test func aStopRequestFromOutsideSuspendsAsCtrlZDoes() throws {
        let session = try TmuxSession(shell: true)
        try session.waitForStart()
        let pid = try #require(session.pid)
        kill(pid, SIGTSTP)
        let stopped = try session.waitForScreen { $0.joined().contains("Stopped") }
        #expect(stopped.joined().contains("Stopped"), "the shell has the terminal: \(stopped)")
        #expect(processState(pid) == "T", "stopped")
        try session.send("fg", "Enter")
        _ = try session.waitForScreen { $0.first?.contains("[Normal]") == true && !$0.joined().contains("Stopped") }
        try rightIsDrawnWholeThenQuit(session)
    }

    /// Suspended with Ctrl-Z, then `kill %1` from the shell (which sends SIGTERM and a SIGCONT with
    /// it): the carousel ends. It was continued in the background, set the terminal's modes from
    /// there, and was stopped again by the terminal, for good ("Stopped (tty output)", the signal
    /// pending; only `kill -9` ended it).
    @Test func aSuspendedCarouselEndsWhenTheShellKillsIt() throws {
        let session = try TmuxSession(shell: true, keepOnTerminate: true)
        try session.waitForStart()
        let pid = try #require(session.pid)
        try session.send("C-z")
        _ = try session.waitForScreen { $0.joined().contains("Stopped") }
        #expect(processState(pid) == "T")
        try session.send("kill %1", "Enter")
        #expect(waitForEnd(of: pid, timeout: 5), "ended: state \(String(describing: processState(pid)))")
        #expect(session.waitForExit() == 128 + Int(SIGTERM), "by the signal")
        // (The terminal's modes are the shell's by now: it has had the terminal since the stop.)
        try session.send("echo alive-$((6*7))", "Enter")
        let shell = try session.waitForScreen { $0.contains { $0.hasPrefix("alive-42") } }
        #expect(shell.contains { $0.hasPrefix("alive-42") }, "the shell goes on: \(shell)")
    }

    /// Stopped from outside (the terminal as the carousel had it), then `kill %1`: the carousel
    /// ends in the background and leaves the shell's modes alone (it set its own saved ones from
    /// there, and the shell echoed the next line typed twice).
    @Test func aCarouselStoppedFromOutsideAndKilledLeavesTheShellsModes() throws {
        let session = try TmuxSession(shell: true, keepOnTerminate: true)
        try session.waitForStart()
        let pid = try #require(session.pid)
        kill(-getpgid(pid), SIGSTOP)
        _ = try session.waitForScreen { $0.joined().contains("Stopped") }
        try session.send("kill %1", "Enter")
        #expect(waitForEnd(of: pid, timeout: 5), "ended: state \(String(describing: processState(pid)))")
        Thread.sleep(forTimeInterval: 0.3)
        try session.send("echo ab$((1+2))c", "Enter")
        let lines = try session.waitForScreen { $0.contains { $0.hasPrefix("ab3c") } }
        #expect(lines.filter { $0.contains("echo ab$((1+2))c") }.count == 1, "typed once, echoed once: \(lines)")
    }

    /// Suspended, then `bg`: in the background the carousel neither draws nor takes the terminal's
    /// modes; it stops again, as a program reading the terminal does there, and `fg` brings the
    /// whole screen back. (The terminal stopped it there before, when it set the modes; now the
    /// carousel stops itself before that, and this holds that it still comes back.)
    @Test func aSuspendedCarouselSentToTheBackgroundWaitsForTheForeground() throws {
        let session = try TmuxSession(shell: true)
        try session.waitForStart()
        let pid = try #require(session.pid)
        try session.send("C-z")
        _ = try session.waitForScreen { $0.joined().contains("Stopped") }
        try session.send("bg", "Enter")
        Thread.sleep(forTimeInterval: 0.5)
        try session.send("jobs", "Enter")
        func stoppedAgain(_ lines: [String]) -> Bool {
            guard let jobs = lines.firstIndex(where: { $0.hasSuffix("$ jobs") }) else { return false }
            return lines[(jobs + 1)...].contains { $0.contains("Stopped") }
        }
        let stopped = try session.waitForScreen(stoppedAgain)
        #expect(stoppedAgain(stopped) && !stopped.joined().contains("[Normal]"), "stopped again, nothing drawn: \(stopped)")
        #expect(processState(pid) == "T")
        try session.send("fg", "Enter")
        _ = try session.waitForScreen { $0.first?.contains("[Normal]") == true && !$0.joined().contains("Stopped") }
        try rightIsDrawnWholeThenQuit(session)
    }

    /// `kill -TSTP` where no job-control shell looks after the carousel (it is the terminal
    /// window's own command, its process group orphaned): the stop cannot happen, and the carousel
    /// goes on with the whole screen drawn. (ncurses' own handler, which answered it before, left
    /// the screen blank, and the next frames only patched it: no top bar, a cut status line.)
    @Test func aStopRequestThatCannotStopLeavesTheScreenWhole() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        let pid = try #require(session.pid)
        kill(pid, SIGTSTP)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(processState(pid) != "T", "not stopped: its process group is orphaned")
        let said = try session.waitForScreen(timeout: 3) { $0.contains { $0.contains("Ctrl-Z: nothing here could") } }
        #expect(said.contains { $0.contains("Ctrl-Z: nothing here could") }, "said: \(said)")
        try rightIsDrawnWholeThenQuit(session)
    }

    /// A terminal without an alternate screen (the Linux console, vt100): quitting clears the
    /// screen, so the shell's prompt is not written over the carousel's last row (it was, and the
    /// carousel stayed on the screen).
    @Test(arguments: ["linux", "vt100"])
    func quittingATerminalWithoutAnAlternateScreenClearsIt(term: String) throws {
        let session = try TmuxSession(environment: "LANG=C.UTF-8 TERM=\(term)")
        try session.waitForStart()
        try session.send("q")
        #expect(session.waitForExit() == 0)
        let lines = try session.screen()
        #expect(lines.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }, "cleared: \(lines)")
        let row = try session.tmux("display-message", "-p", "-t", session.name, "#{cursor_y}").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(row == "0", "the cursor, where the shell's prompt comes, at the top (row \(row))")
        #expect(session.modesRestored)
    }

    /// Right, then the whole screen once the motion has settled: the built-in deck at the
    /// session's 100x30 as `--render` prints it (without the spaces at the ends of the lines,
    /// which tmux's capture leaves out); then q ends the program, the terminal as it was.
    private func rightIsDrawnWholeThenQuit(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try TmuxSession.carousel(["--render", "100x30", "--keys", "right"])
        #expect(result.status == 0, sourceLocation: sourceLocation)
        let expected = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0).trimmingSuffix(" ") }
        try session.send("Right")
        let lines = try session.waitForScreen { $0.prefix(30).map { $0.trimmingSuffix(" ") } == expected }
        #expect(lines.prefix(30).map { $0.trimmingSuffix(" ") } == expected, "drawn whole: \(lines)", sourceLocation: sourceLocation)
        try session.send("q")
        #expect(session.waitForExit() == 0, sourceLocation: sourceLocation)
        #expect(session.modesRestored, sourceLocation: sourceLocation)
    }

    /// Resized while stopped from outside: the resize is signalled to the shell, which has the
    /// terminal, not to the carousel; brought back with `fg`, it draws at the size the terminal has
    /// now (it drew its old 100x30 screen in the corner of a bigger one, helper-32).
    @Test func aResizeWhileStoppedFromOutsideIsSeenOnFg() throws {
        let session = try TmuxSession(shell: true)
        try session.waitForStart()
        let pid = try #require(session.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        kill(-getpgid(pid), SIGSTOP)
        _ = try session.waitForScreen { $0.joined().contains("Stopped") }
        try session.tmux("resize-window", "-t", session.name, "-x", "120", "-y", "36")
        try session.send("fg", "Enter")
        let back = try session.waitForScreen { $0.count >= 36 && $0[35].contains("1/20") }
        #expect(back.count >= 36 && back[35].contains("1/20"), "the status line on the new last row: \(back)")
        #expect((back.first?.count ?? 0) > 110, "the header across 120 columns: \(back.first ?? "")")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// The same inside `x=$(carousel --pick)`: what taking the terminal back writes goes to the
    /// terminal, never into the script's capture, which holds the choice alone.
    @Test func aStopFromOutsideLeavesAPicksOutputClean() throws {
        let session = try TmuxSession(arguments: "--pick", shell: true, capture: true)
        try session.waitForStart()
        let pid = try #require(session.file("pid").flatMap { Int32($0) })
        kill(-getpgid(pid), SIGSTOP)
        _ = try session.waitForScreen { $0.joined().contains("Stopped") }
        try session.send("fg", "Enter")
        _ = try session.waitForScreen { $0.first?.contains("[Normal]") == true && !$0.joined().contains("Stopped") }
        try session.send("Right")
        _ = try session.waitForScreen { $0.joined().contains("2/20") }
        try session.send("Enter")
        #expect(session.waitForExit() == 0)
        #expect(session.chosen == "Tomas", "\(String(describing: session.chosen?.unicodeScalars.map(\.value)))")
        #expect(session.modesRestored)
    }

    /// Cursor keys in the normal form (ESC [ x), which terminals that ignore application cursor mode
    /// send, work like the application form (ESC O x).
    @Test func cursorKeysWorkInBothForms() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        let status = { (lines: [String]) in lines.count >= 30 ? lines[29] : "" }
        let steps: [(bytes: [String], expect: String)] = [
            (["1b", "5b", "43"], "2/20"),  // ESC [ C  right
            (["1b", "4f", "43"], "3/20"),  // ESC O C  right
            (["1b", "5b", "44"], "2/20"),  // ESC [ D  left
            (["1b", "5b", "46"], "20/20"), // ESC [ F  end
            (["1b", "5b", "48"], "1/20"),  // ESC [ H  home
            (["1b", "4f", "46"], "20/20"), // ESC O F  end
            (["1b", "4f", "48"], "1/20"),  // ESC O H  home
        ]
        for step in steps {
            try session.tmux(arguments: ["send-keys", "-t", session.name, "-H"] + step.bytes)
            let lines = try session.waitForScreen { status($0).contains(step.expect) }
            #expect(status(lines).contains(step.expect), "\(step.bytes.joined(separator: " ")) moves to \(step.expect)")
        }
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// A byte that is no UTF-8 (a Latin-1 letter pasted, a stray 0xFF) is U+FFFD, and the keys after
    /// it in the same read are keys: curses dropped them all, and in a paste its closing bracket
    /// with them, so every key after it was taken as pasted text until Ctrl-C (helper-64).
    @Test func aByteThatIsNoUTF8LosesNoKeyAfterIt() throws {
        let session = try TmuxSession()
        try session.waitForStart()
        let status = { (lines: [String]) in lines.count >= 30 ? lines[29] : "" }
        try session.tmux(arguments: ["send-keys", "-t", session.name, "-H", "ff", "6c", "6c", "6c"])
        let moved = try session.waitForScreen { status($0).contains("4/20") }
        #expect(status(moved).contains("4/20"), "the three l after it move: \(status(moved))")
        // A paste of "caf", a Latin-1 é, " ok", and a cut-off character before its end.
        let paste = ["1b", "5b", "32", "30", "30", "7e", "63", "61", "66", "e9", "20", "6f", "6b", "c3", "1b", "5b", "32", "30", "31", "7e"]
        try session.tmux(arguments: ["send-keys", "-t", session.name, "-H"] + paste)
        let pasted = try session.waitForScreen { status($0).contains("/caf� ok�") }
        #expect(status(pasted).contains("/caf� ok�"), "the paste ends where it ends: \(status(pasted))")
        try session.send("Escape")
        let cleared = try session.waitForScreen { status($0).contains("4/20") }
        #expect(status(cleared).contains("4/20"), "Esc is a key again: \(status(cleared))")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// A terminal that cannot do what the carousel needs gets a clear message and exit 2, with the
    /// terminal untouched.
    @Test(arguments: [
        ("LANG=C.UTF-8 TERM=dumb", "this terminal cannot move the cursor"),
        ("LANG=C.UTF-8 TERM=nosuch", "terminal type 'nosuch' is not known"),
        ("-u TERM LANG=C.UTF-8", "TERM is not set"),
        ("TERM= LANG=C.UTF-8", "TERM is empty"),
    ])
    func anUnusableTerminalIsNamedClearly(environment: String, message: String) throws {
        let session = try TmuxSession(environment: environment)
        #expect(session.waitForExit() == 2)
        #expect(session.file("stderr")?.contains(message) == true, "stderr: \(session.file("stderr") ?? "")")
        #expect(session.modesRestored)
        let screen = try session.screen().joined()
        #expect(!screen.contains("Normal") && !screen.contains("1/20"), "nothing drawn on the terminal")
    }

    /// kitty, foot or Ghostty over ssh, to a machine whose terminfo has no entry for them: drawn
    /// through xterm-256color's entry (their own advice), and the status line says so, until a key.
    @Test(arguments: ["xterm-kitty", "foot"])
    func anXtermLikeTerminalThisMachineDoesNotKnowIsDrawnAsXterm(term: String) throws {
        let session = try TmuxSession(environment: "LANG=C.UTF-8 TERM=\(term)")
        let screen = try session.waitForScreen { $0.joined().contains("Normal") }
        #expect(screen.contains { $0.contains("1/20  no terminfo entry for \(term) here: drawn as xterm-256color") }, "\(screen)")
        try session.send("Right")
        let moved = try session.waitForScreen { $0.contains { $0.contains("2/20  Tomas") } }
        #expect(moved.contains { $0.contains("2/20  Tomas") && !$0.contains("terminfo") }, "\(moved)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// Flags, skin tones, emoji with VS16, ZWJ sequences, keycaps, CJK, combining marks and scripts
    /// whose clusters hold several letters (Devanagari, Thai, Tamil): the terminal
    /// shows exactly what `--render` prints, cell for cell.
    @Test func emojiAreTheSameOnTheTerminalAndInRender() throws {
        let deck = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("carousel-emoji-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: deck, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: deck) }
        let art = ["🇺🇸 🇯🇵 flags", "👍🏽 👋🏿 tones", "❤️ ☀️ ✔️ vs16", "🏳️‍🌈 👨‍👩‍👧 zwj", "1️⃣ #️⃣ keys", "中文 한국어 ｶﾅ", "é ñ ü̈ marks", "नमस्ते हिन्दी น้ำ தமிழ்"]
        for (i, name) in ["Flags 🇺🇸", "Tones 👍🏽", "Hearts ❤️"].enumerated() {
            try art.rotated(by: i).joined(separator: "\n").write(to: deck.appendingPathComponent("\(i) \(name).txt"), atomically: true, encoding: .utf8)
        }
        let render = try TmuxSession.run(["env", "LANG=C.UTF-8", TmuxSession.binary, "--render", "100x30", deck.path])
        let session = try TmuxSession(arguments: "'\(deck.path)'")
        let trimmed = { (lines: [String]) in lines.map { String($0.reversed().drop { $0 == " " }.reversed()) } }
        let expected = trimmed(render.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix(30).map { $0 })
        let lines = try session.waitForScreen { trimmed(Array($0.prefix(30))) == expected }
        let shown = trimmed(Array(lines.prefix(30)))
        for (row, (got, want)) in zip(shown, expected).enumerated() where got != want {
            Issue.record("row \(row):\n terminal: \(got)\n render:   \(want)")
        }
        #expect(render.contains("US"), "a flag is shown as its letters")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }
}

/// A terminal larger than the carousel draws (a pty set to 40000x40000 a moment, past the shorts
/// curses keeps a size in): it draws in the corner it may, and draws on once the size comes back
/// (helper-88: it drew nothing ever after); started at that size, it starts (it said the
/// terminal's type was unknown). tmux cannot be made that large: a pseudo-terminal of Python's.
@Suite struct HugeTerminalTests {
    static let driver = #"""
    import os, pty, sys, time, fcntl, termios, struct, select, tempfile
    binary, start = sys.argv[1], int(sys.argv[2])
    editor = len(sys.argv) > 3
    folder = tempfile.mkdtemp()
    note = os.path.join(folder, 'note.txt')
    open(note, 'w').write('Tomas\nthe note\n')
    script = os.path.join(folder, 'editor.sh')
    open(script, 'w').write('#!/bin/sh\nstty rows 33000 cols 80\n')
    os.chmod(script, 0o755)
    master, slave = pty.openpty()
    def size(rows, cols): fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
    size(start, start)
    pid = os.fork()
    if pid == 0:
        os.setsid(); fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2): os.dup2(slave, fd)
        os.close(master); os.close(slave)
        arguments = [binary, note] if editor else [binary]
        os.execve(binary, arguments, dict(os.environ, TERM='xterm-256color', LC_ALL='C.UTF-8', EDITOR=script, VISUAL=script))
    os.close(slave)
    def drain(seconds, until=None):
        # (Until `until` is read, when given: a screen of 2000x2000 takes a while on a busy machine.)
        out, end = bytearray(), time.time() + seconds
        while time.time() < end:
            if select.select([master], [], [], 0.02)[0]:
                try: out += os.read(master, 1 << 20)
                except OSError: break
            if until and any(marker in out for marker in until): break
        return out
    def rss():
        for line in open('/proc/%d/status' % pid):
            if line.startswith('VmHWM:'): return int(line.split()[1]) // 1024
    first = drain(20, [b'1/20', b'the note'])
    print('start', b'1/20' in first or (editor and b'the note' in first))
    if editor:
        # (An editor that leaves the terminal that large: curses looked at it after the editor.)
        os.write(master, b'e'); drain(3)
    else:
        size(40000, 40000); drain(2)
    size(24, 80); back = drain(20, [b'1/20', b'the note'])
    print('back', b'1/20' in back or (editor and b'the note' in back), rss())
    if editor:
        print('moved', True)
    else:
        os.write(master, b'\x1b[C'); moved = drain(10, [b'Tomas'])
        print('moved', b'Tomas' in moved)
    os.write(master, b'q'); drain(1)
    _, status = os.waitpid(pid, 0)
    print('exit', os.waitstatus_to_exitcode(status))
    """#

    /// (24: set larger while it runs; 40000: started so; 0: an editor run with `e` leaves it so.)
    @Test(arguments: [24, 40000, 0])
    func aTerminalLargerThanDrawnIsDrawnAndDrawnOnWhenItComesBack(start: Int) throws {
        let out = try TmuxSession.run(["python3", "-c", Self.driver, TmuxSession.binary, "\(start == 40000 ? start : 80)"]
                                      + (start == 0 ? ["editor"] : []))
        let lines = out.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.count == 4, "\(out)")
        guard lines.count == 4 else { return }
        #expect(lines[0] == ["start", "True"], "\(out)")
        #expect(lines[1].prefix(2) == ["back", "True"], "drawn again at 80x24: \(out)")
        // (The peak: curses keeps screens of 2000x2000 at most, a few hundred MB; it made screens of
        // 10000x10000 for such a terminal, 2.6 GB, and crashed past 32,767.)
        #expect((Int(lines[1].last ?? "") ?? .max) < 1000, "curses made no screens of 40000x40000: \(out) MB at the most")
        #expect(lines[2] == ["moved", "True"], "\(out)")
        #expect(lines[3] == ["exit", "0"], "\(out)")
    }
}

/// Keys as terminals send them, through a pseudo-terminal of Python's (tmux would translate them).
/// (How long an Esc waits over ssh is tested in ShimSettingsTests: a test of two writes 60 ms
/// apart failed under the load of the whole suite.)
@Suite struct PCKeyboardKeyTests {
    static let driver = #"""
    import os, pty, sys, time, fcntl, termios, struct, select
    binary, term, keys, expected = sys.argv[1], sys.argv[2], bytes.fromhex(sys.argv[3]), sys.argv[4].encode()
    master, slave = pty.openpty()
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack('HHHH', 24, 80, 0, 0))
    env = dict(os.environ, TERM=term, LC_ALL='C.UTF-8')
    pid = os.fork()
    if pid == 0:
        os.setsid(); fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2): os.dup2(slave, fd)
        os.close(master); os.close(slave)
        os.execve(binary, [binary], env)
    os.close(slave)
    def drain(seconds, until=None):
        # (Until `until` is read, when given: a busy machine starts it slowly.)
        out, end = bytearray(), time.time() + seconds
        while time.time() < end:
            if select.select([master], [], [], 0.01)[0]:
                try: out += os.read(master, 1 << 20)
                except OSError: break
            if until and until in out: break
        return out
    drain(20, b'1/20'); drain(0.3)
    os.write(master, keys)
    print('moved', expected in drain(10, expected))
    os.write(master, b'q'); drain(1)
    _, status = os.waitpid(pid, 0)
    print('exit', os.waitstatus_to_exitcode(status))
    """#

    /// Home and End as a PC keyboard's terminal sends them (`ESC [ 1 ~`, `ESC [ 4 ~`) under the
    /// terminfo entries that call them Find and Select (helper-88: End did nothing under vt220).
    @Test(arguments: ["vt220", "rxvt", "xterm-256color"])
    func endAndHomeAsAPCKeyboardSendsThem(term: String) throws {
        let end = try TmuxSession.run(["python3", "-c", Self.driver, TmuxSession.binary, term, "1b5b347e", "Dario"])
        #expect(end == "moved True\nexit 0\n", "\(term): \(end)")
        let home = try TmuxSession.run(["python3", "-c", Self.driver, TmuxSession.binary, term, "1b5b347e1b5b317e", "Mira"])
        #expect(home == "moved True\nexit 0\n", "\(term): \(home)")
    }
}

extension TmuxSession {
    @discardableResult
    func tmux(arguments: [String]) throws -> String {
        try TmuxSession.run(["tmux", "-S", socket] + arguments)
    }
}

extension Array {
    func rotated(by n: Int) -> [Element] { Array(self[n...] + self[..<n]) }
}
