import Foundation
import Testing

/// `--pick` as scripts use it: inside `$(...)` (standard output captured, so the carousel draws on
/// /dev/tty), with the exit statuses fzf and gum use: 0 chosen, 1 nothing chosen, 130 interrupted.
@Suite(.serialized, .enabled(if: TmuxSession.available, "needs tmux and the built carousel binary"))
struct PickEndToEndTests {
    @Test func enterPrintsTheChosenCardsPathAndExitsZero() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        let session = try TmuxSession(arguments: "--pick \(deck)", capture: true)
        // The carousel is drawn although standard output is a pipe to the shell.
        try session.waitForScreen { $0.contains { $0.contains("1/3") } }
        try session.send("Right")
        try session.waitForScreen { $0.contains { $0.contains("2/3  banana") } }
        try session.send("Enter")
        #expect(session.waitForExit() == 0)
        #expect(session.chosen == deck + "/banana.txt")
        #expect(session.modesRestored)
    }

    @Test func escAndQPrintNothingAndExitOneCtrlCExits130() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        for (key, status) in [("Escape", 1), ("q", 1), ("C-c", 130)] {
            let session = try TmuxSession(arguments: "--pick \(deck)", capture: true)
            try session.waitForScreen { $0.contains { $0.contains("1/3") } }
            try session.send(key)
            #expect(session.waitForExit() == status, "\(key)")
            #expect(session.chosen == "", "\(key) prints nothing")
            #expect(session.modesRestored)
        }
    }

    /// `choice=$(ls | carousel --pick --lines -)`: the deck on standard input, the screen and the
    /// keys on the terminal, the line chosen on standard output.
    @Test func linesFromAPipeAreChosenByTheirText() throws {
        let session = try TmuxSession(arguments: "--pick --lines -", capture: true, input: "printf 'main\\nfix/login bug\\nrelease-2.0\\n'")
        try session.waitForScreen { $0.contains { $0.contains("1/3  main") } }
        try session.send("End")
        try session.waitForScreen { $0.contains { $0.contains("3/3  release-2.0") } }
        try session.send("Left", "Enter")
        #expect(session.waitForExit() == 0)
        #expect(session.chosen == "fix/login bug")
        #expect(session.modesRestored)
    }

    /// `--print json`, and `/` to find the card first: what a script gets is one line of JSON.
    @Test func findThenPickPrintsJSON() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        let session = try TmuxSession(arguments: "--print json \(deck)", capture: true)
        try session.waitForScreen { $0.contains { $0.contains("1/3") } }
        try session.send("/", "y", "e", "l")
        try session.waitForScreen { $0.contains { $0.contains("1 of 3 cards") } }
        try session.send("Enter", "Enter")
        #expect(session.waitForExit() == 0)
        #expect(session.chosen == #"{"index":2,"id":"\#(deck)/banana.txt","title":"banana","subtitle":"","path":"\#(deck)/banana.txt"}"#)
    }

    /// In a real terminal, Ctrl-W and Ctrl-U (bytes 0x17 and 0x15) edit the search line: the last
    /// word, then the whole query, goes (helper-61: they did nothing).
    @Test func ctrlWAndCtrlUEditTheSearchLine() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        let session = try TmuxSession(arguments: "--pick \(deck)", capture: true)
        try session.waitForScreen { $0.contains { $0.contains("1/3") } }
        try session.send("/", "y", "e", "l", "Space", "z")
        let typed = try session.waitForScreen { $0.last { !$0.isEmpty }?.contains("/yel z") == true }
        #expect(typed.last { !$0.isEmpty }?.contains("/yel z") == true, "\(typed)")
        // (The space before the word stays, as readline leaves it: "yel " matches no card, and
        // the line shows it, `/yel·`.)
        // (Waited for in its final shape: the line is drawn as the query changes, and the match
        // count after the search has run.)
        try session.send("C-w")
        func noMatch(_ row: String?) -> Bool { row.map { $0.hasPrefix(" /yel· ") && $0.hasSuffix(" no match") } == true }
        let word = try session.waitForScreen { noMatch($0.last { !$0.isEmpty }) }
        #expect(noMatch(word.last { !$0.isEmpty }), "\(word)")
        try session.send("C-w", "y", "e", "l")
        let again = try session.waitForScreen { $0.last { !$0.isEmpty }?.contains("1 of 3 cards") == true }
        #expect(again.last { !$0.isEmpty }?.hasPrefix(" /yel ") == true, "\(again)")
        try session.send("C-u")
        let line = try session.waitForScreen { $0.last { !$0.isEmpty }?.contains("/yel") == false }
        #expect(line.last { !$0.isEmpty }.map { $0.hasPrefix(" / ") && $0.hasSuffix(" 3 cards") } == true, "\(line)")
        try session.send("Escape", "Escape")
        #expect(session.waitForExit() == 1)
    }

    /// Standard output piped on (not captured): the screen still goes to the terminal, nothing of
    /// it reaches the pipe, and q ends it cleanly.
    @Test func drawingOnTheTerminalWhileStandardOutputIsPiped() throws {
        let deck = try TmuxSession.notes()
        defer { try? FileManager.default.removeItem(atPath: deck) }
        let out = NSTemporaryDirectory() + "carousel-piped-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: out) }
        let session = try TmuxSession(arguments: "\(deck) | cat > \(out)")
        let lines = try session.waitForScreen { $0.contains { $0.contains("1/3  apple") } }
        #expect(lines.first?.contains("[Normal]") == true)
        try session.send("q")
        #expect(session.waitForExit() == 0)
        #expect((try? String(contentsOfFile: out, encoding: .utf8)) == "", "the screen went to /dev/tty, not the pipe")
        #expect(session.modesRestored)
    }
}
