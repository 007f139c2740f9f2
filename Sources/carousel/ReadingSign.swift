import CarouselDecks
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A line on standard error while standard input is read for longer than a moment (`find / |
/// carousel --lines -` read for seconds with nothing on the screen, and looked hung; helper-15):
/// `carousel: reading standard input… 12,345 lines`, redrawn at most ten times a second, and
/// wiped when the reading ends. Only where standard error is a terminal; nothing for a quick read.
/// And, for a program that then reads its keys from the terminal, the keys typed from the start
/// of the reading until the deck is made are neither echoed nor kept (see `begin`).
/// The sign's width on the terminal, for a signal handler to wipe it (set before each sign shows).
nonisolated(unsafe) private var shownSignWidth = 0
/// The terminal whose echo is turned off: standard error, or the controlling terminal opened
/// (standard error sent elsewhere); -1 until one is.
nonisolated(unsafe) private var keysTerminal: Int32 = -1
/// The terminal's modes when the sign turned its echo off (`keptModes` is set before `modesKept`,
/// which says the echo is to be turned on again).
nonisolated(unsafe) private var keptModes = termios()
nonisolated(unsafe) private var modesKept: sig_atomic_t = 0
/// Set when the program is continued after a stop (Ctrl-Z and `fg`): the shell wrote over the
/// sign's row meanwhile, so it is written again, its words unchanged or not.
nonisolated(unsafe) private var continued: sig_atomic_t = 0

final class ReadingSign {
    private let start = ReadingSign.now()
    private var lastShown: Double?
    private var widest = 0
    /// The sign last written, and the terminal's width then.
    private var lastText = ""
    private var lastColumns = 0
    private let ascii: Bool
    /// Whether the sign is written (standard error is a terminal).
    private let shows: Bool
    /// Whether the keys typed meanwhile are held back (see `begin`).
    private let holdsKeys: Bool
    /// The controlling terminal, where this opened it (standard error is not one).
    private var opened: Int32 = -1

    /// Seconds the reading takes before the sign shows.
    static let delay = 0.25

    init(ascii: Bool, shows: Bool, holdsKeys: Bool) {
        self.ascii = ascii
        self.shows = shows
        self.holdsKeys = holdsKeys
    }

    /// A sign for standard error when it is a terminal, holding the keys back for a program that
    /// goes on to read them (`interactive`); nil when it would do neither, and when standard input
    /// is the terminal (`carousel --lines -` typed into: the sign would write over what is typed,
    /// and the keys are the input).
    static func forStandardError(ascii: Bool, interactive: Bool) -> ReadingSign? {
        let shows = isatty(STDERR_FILENO) == 1
        guard isatty(STDIN_FILENO) == 0, shows || interactive else { return nil }
        return ReadingSign(ascii: ascii, shows: shows, holdsKeys: interactive)
    }

    /// The reading begins: from now on until `end`, what is typed on the terminal is neither
    /// echoed nor kept. (Only while the sign showed, at first: with standard error sent elsewhere,
    /// or a read over in a moment and a million lines made into cards for a second more, the keys
    /// typed were echoed and then taken as the carousel's own, and `--pick` printed a card nobody
    /// had seen; helper-61.)
    func begin() {
        guard holdsKeys, keysTerminal < 0 else { return }
        if shows {
            keysTerminal = STDERR_FILENO
        } else {
            opened = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard opened >= 0 else { return }
            keysTerminal = opened
        }
        wipeOnSignals()
    }

    /// Told what was read so far (see `FileSystem.readAll`).
    func update(bytes: Int, lines: Int) {
        guard shows else { return }
        let now = ReadingSign.now()
        guard now - start >= ReadingSign.delay else { return }
        if let lastShown, now - lastShown < 0.1 { return }
        lastShown = now
        if keysTerminal < 0 { keysTerminal = STDERR_FILENO }
        wipeOnSignals()
        show(ReadingSign.text(lines: lines, bytes: bytes, ascii: ascii))
    }

    /// The sign's words: lines read, or bytes while there is no line end yet.
    static func text(lines: Int, bytes: Int, ascii: Bool) -> String {
        let count = lines > 0 ? "\(Sanitizer.grouped(lines)) line\(lines == 1 ? "" : "s")"
            : bytes > 0 ? "\(Sanitizer.grouped(bytes)) byte\(bytes == 1 ? "" : "s")" : "nothing yet"
        return "carousel: reading standard input" + (ascii ? "..." : "…") + " " + count + " (Ctrl-C stops)"
    }

    /// Wipes the sign, if it was shown; the keys typed while it showed (or since `begin`) are dropped.
    func end() {
        if lastShown != nil {
            write("\r" + String(repeating: " ", count: widest) + "\r")
            lastShown = nil
        }
        // (Only the keys of the terminal whose echo was turned off here: that terminal's
        // foreground, the one it answers to; another terminal's typing is not ours to drop.)
        if keysTerminal >= 0, ReadingSign.giveEchoBack() { tcflush(keysTerminal, TCIFLUSH) }
        restoreSignals()
        keysTerminal = -1
        if opened >= 0 {
            close(opened)
            opened = -1
        }
    }

    /// While the sign shows, what is typed is not echoed (an Enter moved the sign down a row and
    /// two of it stayed on the terminal, arrows showed as `^[[C`) and is dropped when the cards
    /// come (an Enter typed while the sign showed picked a card no one had seen: helper-49). Only
    /// on the terminal the program answers to, in its foreground process group (a background job
    /// changing its modes is stopped), and only where the echo is on (a password prompt in the
    /// same pipeline turns it off and on again itself: its modes are not ours to put back).
    private static func stopEcho() {
        guard modesKept == 0, keysTerminal >= 0, inForeground(), tcgetattr(keysTerminal, &keptModes) == 0,
              keptModes.c_lflag & tcflag_t(ECHO) != 0 else { return }
        var quiet = keptModes
        quiet.c_lflag &= ~tcflag_t(ECHO)
        if tcsetattr(keysTerminal, TCSANOW, &quiet) == 0 { modesKept = 1 }
    }

    /// The terminal's echo on again, where it was turned off here, and only the echo (whatever
    /// else changed meanwhile stays); true when it was. Not from the background (`kill %1` after a
    /// Ctrl-Z during the read: the handler's change of modes stopped the program, which the kill
    /// then did not end; the shell puts its own modes back then anyway). Safe in a signal
    /// handler: tcgetpgrp, tcgetattr and tcsetattr are async-signal-safe.
    @discardableResult
    private static func giveEchoBack() -> Bool {
        guard modesKept != 0 else { return false }
        modesKept = 0
        guard inForeground() else { return false }
        var modes = termios()
        guard tcgetattr(keysTerminal, &modes) == 0 else { return false }
        modes.c_lflag |= tcflag_t(ECHO)
        return tcsetattr(keysTerminal, TCSANOW, &modes) == 0
    }

    /// Whether the keys' terminal is the controlling terminal and this process is in its foreground.
    private static func inForeground() -> Bool {
        let group = tcgetpgrp(keysTerminal)
        return group >= 0 && group == getpgrp()
    }

    /// The signals that end the reading (Ctrl-C, a kill, a closed terminal) wipe the sign first:
    /// it stayed on the terminal with the `^C` after it.
    private static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    private var previousActions: [Int32: sigaction] = [:]

    private func wipeOnSignals() {
        guard previousActions.isEmpty else { return }
        for signal in ReadingSign.endingSignals {
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, previous.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                // Only what is safe in a handler: writes of constants, the default back, the signal
                // again. Wiped with spaces, as `end` does (no escape sequence on standard error).
                let spaces: StaticString = "                                                                "
                let back: StaticString = "\r"
                // (Nothing where no sign was shown: standard error may be a log file.)
                if shownSignWidth > 0 {
                    _ = Glibc.write(STDERR_FILENO, back.utf8Start, 1)
                    var left = shownSignWidth
                    while left > 0 {
                        let n = min(left, spaces.utf8CodeUnitCount)
                        _ = Glibc.write(STDERR_FILENO, spaces.utf8Start, n)
                        left -= n
                    }
                    _ = Glibc.write(STDERR_FILENO, back.utf8Start, 1)
                }
                ReadingSign.giveEchoBack()
                Glibc.signal(signal, SIG_DFL)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            if sigaction(signal, &action, nil) == 0 { previousActions[signal] = previous }
        }
        var previous = sigaction()
        if sigaction(SIGCONT, nil, &previous) == 0, previous.__sigaction_handler.sa_handler == nil {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in continued = 1 }
            sigemptyset(&action.sa_mask)
            if sigaction(SIGCONT, &action, nil) == 0 { previousActions[SIGCONT] = previous }
        }
        // (Once the handlers that give the echo back are in place: a signal not handled here is
        // one ignored, which ends nothing.)
        ReadingSign.stopEcho()
    }

    private func restoreSignals() {
        for (signal, var previous) in previousActions { sigaction(signal, &previous, nil) }
        previousActions.removeAll()
    }

    private func show(_ text: String) {
        // Within one row of the terminal (a wrapped sign would scroll a new row up at every
        // redraw: helper-17), padded to the widest shown, so that a shorter one leaves nothing of it.
        var size = winsize()
        let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        // (Shortened: without "(Ctrl-C stops)" first, then cut with a mark, not mid-word bare.)
        var text = text
        let stops = " (Ctrl-C stops)"
        if text.unicodeScalars.count > columns - 1, text.hasSuffix(stops) { text = String(text.unicodeScalars.dropLast(stops.count)) }
        if text.unicodeScalars.count > columns - 1 {
            let mark = ascii ? "..." : "…"
            guard columns - 1 > mark.count else { return }
            text = String(text.unicodeScalars.prefix(max(0, columns - 1 - mark.count))) + mark
        }
        guard !text.isEmpty else { return }
        // Written again only when its words or the terminal's width change (it was written ten
        // times a second unchanged while a pipe was silent: noise over a slow link; helper-64).
        if continued != 0 {
            continued = 0
            lastText = ""
        }
        guard text != lastText || columns != lastColumns else { return }
        lastText = text
        lastColumns = columns
        let width = text.unicodeScalars.count
        widest = min(max(widest, width), columns - 1)
        // (And the `^C` the terminal echoes after it.)
        shownSignWidth = min(widest + 2, columns - 1)
        write("\r" + text + String(repeating: " ", count: max(0, widest - width)))
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
