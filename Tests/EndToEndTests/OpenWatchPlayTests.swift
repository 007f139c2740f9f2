import Foundation
import Testing

/// `e` hands the real terminal to an editor and takes it back; `--watch` follows the files;
/// `--autoplay` moves on by itself: the real binary in tmux.
@Suite(.serialized, .enabled(if: TmuxSession.available, "needs tmux and the built carousel binary"))
struct OpenWatchPlayTests {
    @Test func eOpensTheEditorOnTheTerminalAndTheEditedCardIsShownAfter() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        // An "editor" that shows itself on the terminal, waits for a key, and adds a line to the file.
        let editor = deck + "/.editor.sh"
        try """
            #!/bin/sh
            printf 'EDITING %s\\n' "$1"
            read line
            printf 'now ripe\\n' >> "$1"
            """.write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let session = try TmuxSession(arguments: deck, environment: "LANG=C.UTF-8 VISUAL= EDITOR=\(editor)")
        try session.waitForScreen { $0.contains { $0.contains("1/3  apple") } }
        try session.send("e")
        let editing = try session.waitForScreen { $0.contains { $0.contains("EDITING \(deck)/apple.txt") } }
        #expect(editing.contains { $0.contains("EDITING \(deck)/apple.txt") }, "the editor has the terminal")
        #expect(!editing.contains { $0.contains("[Normal]") }, "the carousel stepped aside")
        try session.send("Enter")
        let back = try session.waitForScreen { $0.contains { $0.contains("now ripe") } }
        #expect(back.first?.contains("[Normal]") == true, "the carousel is back, redrawn")
        #expect(back.contains { $0.contains("now ripe") }, "with the card read again")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)
    }

    /// The command run is the terminal's while it runs: Ctrl-C there is its own, and the carousel
    /// comes back; it inherits no descriptor of the carousel's beyond the standard three.
    @Test func ctrlCInTheEditorIsTheEditorsAndNoDescriptorLeaks() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        let fds = deck + "/.fds"
        let session = try TmuxSession(arguments: "--open-with 'ls /proc/self/fd > \(fds); sleep 1.5; true {}' \(deck)",
                                      keepOnInterrupt: true)
        try session.waitForScreen { $0.contains { $0.contains("1/3  apple") } }
        try session.send("e")
        Thread.sleep(forTimeInterval: 0.5)
        try session.send("C-c")
        // The command was ended by the interrupt, and the carousel says so (long before 1.5 s).
        let back = try session.waitForScreen(timeout: 1) { $0.contains { $0.contains("was ended by signal 2") } }
        #expect(back.contains { $0.contains("--open-with was ended by signal 2") }, "the carousel is back after the command")
        #expect(session.file("status") == nil, "and still running")
        let listed = (try? String(contentsOfFile: fds, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        // ls's own directory descriptor is the one beyond 0, 1 and 2.
        #expect(listed.count == 4 && Set(listed.prefix(3)) == ["0", "1", "2"], "\(listed)")
        try session.send("q")
        let status = session.waitForExit()
        let screen = try session.screen().joined(separator: "\n")
        #expect(status == 0, "\(screen)")
    }

    /// A command that fails leaves what it said on the terminal until Enter, then the carousel
    /// comes back and says how it ended (helper-61: its error was wiped at once by the redraw);
    /// one that succeeds (an editor closed) gives the terminal back at once.
    @Test func aFailedCommandsWordsStayUntilEnter() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        let session = try TmuxSession(arguments: "--open-with \"sh -c 'echo oops-from-the-command; exit 3'\" \(deck)")
        try session.waitForScreen { $0.contains { $0.contains("1/3  apple") } }
        try session.send("e")
        let waiting = try session.waitForScreen { $0.contains { $0.contains("press Enter to go back") } }
        #expect(waiting.contains { $0.contains("oops-from-the-command") }, "\(waiting)")
        #expect(waiting.contains { $0.contains("carousel: the command ended with exit status 3; press Enter to go back") }, "\(waiting)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!(try session.screen()).contains { $0.contains("1/3") }, "still waiting")
        try session.send("Enter")
        let back = try session.waitForScreen { $0.contains { $0.contains("--open-with ended with exit status 3") } }
        #expect(back.contains { $0.contains("--open-with ended with exit status 3") }, "\(back)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect(session.modesRestored)

        // Ctrl-Z at the prompt is taken at once, as anywhere (it waited for a key after Enter:
        // review); here no shell could bring a stopped carousel back, so it goes on and says so.
        let stopped = try TmuxSession(arguments: "--open-with \"sh -c 'exit 3'\" \(deck)")
        try stopped.waitForScreen { $0.contains { $0.contains("1/3  apple") } }
        try stopped.send("e")
        _ = try stopped.waitForScreen { $0.contains { $0.contains("press Enter to go back") } }
        try stopped.send("C-z")
        let resumed = try stopped.waitForScreen { $0.contains { $0.contains("Ctrl-Z: nothing here could bring the carousel back") } }
        #expect(resumed.contains { $0.contains("Ctrl-Z: nothing here could bring the carousel back") }, "\(resumed)")
        try stopped.send("q")
        #expect(stopped.waitForExit() == 0)

        let fine = try TmuxSession(arguments: "--open-with \"sh -c 'echo all-fine'\" \(deck)")
        try fine.waitForScreen { $0.contains { $0.contains("1/3  apple") } }
        try fine.send("e")
        Thread.sleep(forTimeInterval: 0.5)
        let again = try fine.waitForScreen { $0.last { !$0.isEmpty }?.contains("1/3  apple") == true }
        #expect(again.last { !$0.isEmpty }?.contains("1/3  apple") == true && !again.contains { $0.contains("press Enter") }, "\(again)")
        try fine.send("q")
        #expect(fine.waitForExit() == 0)
    }

    @Test func watchReadsTheDeckAgainWhenItsFilesChange() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        let session = try TmuxSession(arguments: "--watch \(deck)")
        try session.waitForScreen { $0.contains { $0.contains("1/3  apple") } }
        try session.send("Right")
        try session.waitForScreen { $0.contains { $0.contains("2/3  banana") } }
        try "green".write(toFile: deck + "/avocado.txt", atomically: true, encoding: .utf8)
        var lines = try session.waitForScreen { $0.contains { $0.contains("3/4  banana") } }
        #expect(lines.contains { $0.contains("3/4  banana") }, "a new card, and still on banana")
        try FileManager.default.removeItem(atPath: deck + "/apple.txt")
        lines = try session.waitForScreen { $0.contains { $0.contains("2/3  banana") } }
        #expect(lines.contains { $0.contains("2/3  banana") })
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test func autoplayMovesOnByItselfAndPPauses() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        let session = try TmuxSession(arguments: "--autoplay 1 \(deck)")
        var lines = try session.waitForScreen { $0.contains { $0.contains("2/3") } }
        #expect(lines.contains { $0.contains("2/3") && $0.contains("▶ 1s") }, "a slide with no key pressed")
        try session.send("p")
        lines = try session.waitForScreen { $0.contains { $0.contains("paused") } }
        let paused = lines.first { $0.contains("paused") } ?? ""
        Thread.sleep(forTimeInterval: 1.5)
        #expect(try session.screen().contains(paused), "paused: nothing moves")
        // Played again, it ends on the last card, paused as that card comes, and says so once the
        // strip has come to rest there.
        try session.send("p")
        lines = try session.waitForScreen { $0.contains { $0.contains("3/3") && $0.contains("The last card") } }
        #expect(lines.contains { $0.contains("3/3") && $0.contains("The last card") }, "\(lines)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }
}
