import Foundation
import Testing

/// Pictures through the real binary: a folder of them, a damaged one named on stderr and skipped,
/// the ASCII look, and a picture cut short after its header said on its card.
@Suite(.serialized) struct PictureInputTests {
    static let fixtures: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/CarouselPicturesTests/Fixtures"
    }()

    func carousel(_ arguments: [String], stdout: String = "") throws -> (output: String, status: Int?) {
        try TmuxSession.carousel(arguments, stdout: stdout)
    }

    /// A folder with two good pictures, one that is not a picture at all, and one cut short.
    func folder() throws -> String {
        let directory = NSTemporaryDirectory() + "carousel-picture-input-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for name in ["split.png", "split.jpg"] {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + name, toPath: directory + "/" + name)
        }
        try Data("just some words".utf8).write(to: URL(fileURLWithPath: directory + "/words.png"))
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/split.png"))
        try png.prefix(70).write(to: URL(fileURLWithPath: directory + "/cut.png"))
        return directory
    }

    @Test func aFolderOfPicturesIsADeckAndAFileThatIsNoPictureIsNamedAndSkipped() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The file that is no picture is named when the deck opens; the one cut short after its
        // header when it is decoded (here while the first screen is drawn): both are skipped.
        let errors = try carousel(["--render", "100x30", directory], stdout: ">/dev/null")
        #expect(errors.output.hasPrefix("carousel: \(directory)/words.png: holds text, not a picture\n"))
        #expect(errors.output.contains("carousel: skipped \(directory)/cut.png: damaged or truncated picture"), "\(errors.output)")
        #expect(errors.status == 0)

        let screen = try carousel(["--render", "100x30", directory], stdout: "2>/dev/null")
        let lines = screen.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last(where: { !$0.isEmpty })?.hasPrefix(" 1/2 (2 skipped)  skipped cut.png: damaged or truncated picture") == true, "\(screen.output)")
        // The pictures are drawn in their colours: xterm's red (196) and blue (21) behind the cells.
        let coloured = try carousel(["--render", "100x30", "--color", "256", directory], stdout: "2>/dev/null")
        #expect(coloured.output.contains("48;5;196") && coloured.output.contains("48;5;21"), "\(coloured.output)")
    }

    /// A talk read from standard input finds its pictures in the current folder (helper-91: `cat
    /// talk.md | carousel --markdown` named them all); one given by its path from the root, or as a
    /// `file:///` address, is drawn from that file (helper-92: named, with not a word why).
    @Test func aTalksPicturesFromStandardInputAndByTheirFullPathAreDrawn() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let elsewhere = NSTemporaryDirectory() + "carousel-picture-elsewhere-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try "# Here\n\n![Split](split.png)\n\n---\n\n# Full path\n\n![Split](\(directory)/split.png)\n\n---\n\n# Address\n\n![Split](file://\(directory)/split.png)\n"
            .write(toFile: elsewhere + "/talk.md", atomically: true, encoding: .utf8)
        func screen(_ command: String) throws -> String {
            try TmuxSession.run(["env", "LC_ALL=C.UTF-8", "bash", "-c", command, TmuxSession.binary])
        }
        // (The pictures' red and blue, xterm's 196 and 21, behind the cells.)
        let piped = try screen("cd '\(directory)' && \"$0\" --markdown --render 60x20 --color 256 < '\(elsewhere)/talk.md'")
        #expect(piped.contains("48;5;196") && piped.contains("48;5;21"), "\(piped)")
        // Not in the folder above the current one (review: the way a linked talk's pictures are
        // found looked there).
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        let below = try screen("cd '\(directory)/sub' && \"$0\" --markdown --render 60x20 --color 256 --keys enter < '\(elsewhere)/talk.md'")
        #expect(!below.contains("48;5;196") && below.contains("[image: Split]"), "\(below)")
        for start in ["2", "3"] {
            let full = try screen("cd / && \"$0\" --render 60x20 --color 256 --start \(start) '\(elsewhere)/talk.md'")
            #expect(full.contains("48;5;196") && full.contains("48;5;21"), "\(start): \(full)")
        }
        // Read from a file elsewhere, the picture is looked for beside that file, not here.
        let beside = try screen("cd '\(directory)' && \"$0\" --render 60x20 --color 256 --keys enter '\(elsewhere)/talk.md'")
        #expect(!beside.contains("48;5;196") && beside.contains("[image: Split]"), "\(beside)")
    }

    /// helper-41: a deck of pictures at rest woke a thread every second, forever (libdispatch's
    /// pool, which decoded the pictures, keeps a timer once used; a search started it too). The
    /// threads that decode and search now end with their work, and at rest, after pictures were
    /// drawn and a search ran, none of the process's threads wakes. (chafa's own helper, GLib's
    /// "pool", sleeps until it ends itself after 15 s idle.)
    @Test func nothingWakesAtRestOncePicturesAreDrawnAndASearchHasRun() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try TmuxSession(arguments: directory)
        func status(_ lines: [String]) -> String { lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) ?? "" }
        _ = try session.waitForScreen { status($0).contains("1/2") }
        try session.send("Right")
        _ = try session.waitForScreen { status($0).contains("2/2") }
        try session.send("/", "s", "p", "l", "Enter")
        _ = try session.waitForScreen { status($0).contains("/spl") }
        _ = try #require(session.pid)
        let threads = session.threads
        let woken = TmuxSession.woken
        // The last pictures (sharp, at rest) are converted after the motion: wait until a whole
        // second passes with no thread woken (a timer of one second never allows it: 8 s at most).
        var before = threads()
        let deadline = Date().addingTimeInterval(8)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 1)
            let now = threads()
            if woken(before.switches, now.switches).isEmpty && !now.names.contains(where: { $0.hasPrefix("carousel-") }) { break }
            before = now
        }
        #expect(!before.names.contains { $0.hasPrefix("carousel-") }, "the workers end with their work: \(before.names)")
        Thread.sleep(forTimeInterval: 2.5)
        let after = threads()
        #expect(woken(before.switches, after.switches).isEmpty,
                "no thread woke at rest in 2.5 s: \(woken(before.switches, after.switches)) among \(after.names)")
        try session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test func theASCIILookAndColourAreSevenBitAndSGROnly() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for arguments in [["--ascii"], ["--ascii", "--color", "256"], ["--ascii", "--color", "truecolor", "--keys", "right,tab"]] {
            let result = try carousel(["--render", "100x30"] + arguments + [directory], stdout: "2>/dev/null")
            #expect(result.status == 0)
            let bytes = Array(result.output.utf8)
            #expect(bytes.allSatisfy { $0 < 0x80 }, "\(arguments): not 7-bit")
            // The only control bytes are newlines and the SGR sequences' ESC.
            #expect(bytes.allSatisfy { $0 >= 0x20 || $0 == 0x0A || $0 == 0x1B }, "\(arguments)")
            let escapes = result.output.components(separatedBy: "\u{1B}").count - 1
            #expect(escapes == result.output.matches(of: #/\x1B\[[0-9;]*m/#).count)
        }
    }
}
