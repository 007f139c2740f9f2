import Foundation
import Testing

/// A terminal that stops taking output (an ssh link that stalled, a console held by Scroll Lock):
/// the program, blocked writing a frame, must still end when it is told to.
@Suite(.serialized, .enabled(if: TmuxSession.available, "needs the built carousel binary"))
struct StalledTerminalTests {
    /// The program on a pseudo-terminal nobody reads: its frames fill the terminal's buffer, and
    /// it waits to write. SIGTERM (and the others that end it) must end it at once, by that signal
    /// (helper-97: it was still running 5 s after TERM, INT, HUP or QUIT; only `kill -9` ended it),
    /// leaving the terminal's modes as the shell had them.
    /// (`message`: with a line held for standard error meanwhile, a broken picture's, which is
    /// written out as the terminal is given back: that write held it too; review.)
    @Test(arguments: [(SIGTERM, false), (SIGINT, false), (SIGHUP, false), (SIGTERM, true)])
    func aSignalEndsTheProgramWhileItsTerminalTakesNothing(signal: Int32, message: Bool) throws {
        let terminal = try PseudoTerminal(rows: 60, columns: 200)
        var before = termios()
        tcgetattr(terminal.slave, &before)
        var arguments = [TmuxSession.binary, "--loop"]
        let folder = NSTemporaryDirectory() + "carousel-stalled-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if message {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in ["a", "b", "c"] { try "note \(name)\n".write(toFile: folder + "/\(name).txt", atomically: true, encoding: .utf8) }
            // (A 16x16 PNG whose header is whole and whose data is not: found broken when decoded,
            // while the program runs.)
            let broken: [UInt8] = [
                0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x10,
                0x00, 0x00, 0x00, 0x10, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x91, 0x68, 0x36, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41,
                0x54, 0x67, 0x61, 0x72, 0x62, 0x61, 0x67, 0x65, 0x2D, 0x6E, 0x6F, 0x74, 0x2D, 0x7A, 0x6C, 0x69, 0x62, 0x9D, 0x3B, 0x58,
                0xBB, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
            ]
            try Data(broken).write(to: URL(fileURLWithPath: folder + "/0-broken.png"))
            arguments.append(folder)
        }
        let pid = try terminal.spawn(arguments)
        defer { terminal.reap(pid) }
        let master = terminal.master
        // Read while the deck shows (a broken picture is tried and said meanwhile), then keys, never
        // a byte read back: Right and Tab for two seconds fill the terminal's buffer.
        _ = terminal.read(for: 1.5)
        let flags = fcntl(master, F_GETFL)
        _ = fcntl(master, F_SETFL, flags | O_NONBLOCK)
        for _ in 0..<100 {
            _ = "\u{1B}[C\t".withCString { write(master, $0, 4) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
        #expect(!processEnded(pid), "still running before the signal")
        // (The terminal takes no more: its buffer is full.)
        var room = pollfd(fd: terminal.slave, events: Int16(POLLOUT), revents: 0)
        #expect(poll(&room, 1, 0) == 0, "the terminal is full")
        kill(pid, signal)
        let ended = waitForEnd(of: pid, timeout: 4)
        #expect(ended, "still running 4 s after signal \(signal) (waiting in \(wchan))")
        guard ended else { return }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let bySignal = status & 0x7F
        #expect(bySignal == signal, "ended by signal \(bySignal), status \(status)")
        // The modes the shell had, though nothing written was read.
        var after = termios()
        tcgetattr(terminal.slave, &after)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag && after.c_oflag == before.c_oflag,
                "the terminal's modes are the shell's again")
    }

    /// A terminal that says it has no size (0x0, a serial console) is drawn at the size LINES and
    /// COLUMNS give, where they are all there is to go by (helper-97: 80x24 whatever they said).
    @Test func aTerminalOfNoSizeIsDrawnAtTheSizeTheEnvironmentGives() throws {
        let terminal = try PseudoTerminal(rows: 0, columns: 0)
        let pid = try terminal.spawn([TmuxSession.binary], environment: ["LINES=40", "COLUMNS=120"])
        defer { terminal.reap(pid) }
        let output = terminal.read(for: 1.5)
        #expect(output.contains("\u{1B}[40;") && !output.contains("\u{1B}[24;"), "the status line on row 40: \(output.suffix(300).debugDescription)")
        // (Curses' scroll region too: at 24 rows, the frames' line feeds scrolled the rows below it;
        // helper-100.)
        #expect(!output.contains("\u{1B}[1;24r"), "no scroll region of 24 rows")
        _ = "q".withCString { write(terminal.master, $0, 1) }
        #expect(waitForEnd(of: pid, timeout: 3))
    }
}

/// A pseudo-terminal of a given size, and programs started in a session of their own on it (its
/// controlling terminal).
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    let slaveName: String

    init(rows: UInt16, columns: UInt16) throws {
        // (posix_openpt, unlockpt and ptsname, as Linux does them: Swift's Glibc has not them.)
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        var unlock: Int32 = 0, number: UInt32 = 0
        try #require(ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0)
        try #require(ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0)
        slaveName = "/dev/pts/\(number)"
        slave = open(slaveName, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Starts `arguments` on the terminal (standard input, output and error), with TERM, the locale
    /// and `environment`.
    func spawn(_ arguments: [String], environment: [String] = []) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (["TERM=xterm-256color", "LC_ALL=C.UTF-8", "HOME=/tmp"] + environment).map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = TmuxSession.withChildAttributes(flags: 0x80 /* POSIX_SPAWN_SETSID */) {
            posix_spawn(&pid, arguments[0], &actions, &$0, argv, envp)
        }
        try #require(spawned == 0)
        return pid
    }

    /// What the programs write in the next `seconds`.
    func read(for seconds: Double) -> String {
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Ends the program if it still runs, and reaps it.
    func reap(_ pid: pid_t) {
        if !processEnded(pid) { kill(pid, SIGKILL) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
