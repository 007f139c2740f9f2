import CNCursesShim
#if canImport(Glibc)
import Glibc
#endif
import CarouselCanvas
import CarouselCore
import CarouselRender

/// The real terminal: ncursesw starts it, reads its keys and always gives it back; the frames are
/// written by a `FrameWriter`, one write per frame, to the terminal's descriptor.
public final class TerminalScreen: TerminalBackend {
    private let clock = ContinuousClock()
    private let startInstant: ContinuousClock.Instant
    public private(set) var depth: ColorDepth = .none
    private var writer = FrameWriter(features: TerminalFeatures(depth: .none))
    private var cursorVisible = false
    private var started = false
    /// Frames that wrote something, and the bytes they wrote (for `CAROUSEL_STATS`).
    public private(set) var framesWritten = 0
    public private(set) var bytesWritten = 0
    /// Frames presented, those that changed nothing on the screen too.
    public private(set) var framesPresented = 0
    /// The terminfo entry the terminal was started with in place of TERM's, which this machine
    /// does not have (see `terminfoName`); nil when TERM's own was used.
    public private(set) var standIn: String?

    /// Why the terminal cannot be used; nothing has been written to it then.
    public enum StartError: Error, CustomStringConvertible, Equatable {
        case notATerminal
        /// (`empty`: set, to nothing: `env TERM= carousel` was told it was not set; helper-104.)
        case noTerminalType(empty: Bool)
        case unknownTerminalType(String)
        case cannotMoveCursor(String)
        case notANSI(String)
        case noKeyboard

        public var description: String {
            switch self {
            case .notATerminal:
                "carousel: no terminal to draw on (standard output is not one, and there is no /dev/tty); use --render COLSxROWS to print a screen as text"
            case .noTerminalType(let empty):
                "carousel: TERM is \(empty ? "empty" : "not set"), so what the terminal can do is unknown (set it, e.g. TERM=xterm-256color)"
            case .unknownTerminalType(let name):
                "carousel: terminal type '\(name)' is not known (no terminfo entry; e.g. TERM=xterm-256color)"
            case .cannotMoveCursor(let name):
                "carousel: this terminal cannot move the cursor (TERM=\(name)); use --render COLSxROWS to print a screen as text"
            case .noKeyboard:
                // (Standard output a terminal, but no keys to read: helper-54 ran it under `setsid`
                // with standard input from /dev/null, and was told standard output was not one.)
                "carousel: no keyboard to read (standard input is not a terminal, and there is no /dev/tty); use --render COLSxROWS to print a screen as text"
            case .notANSI(let name):
                "carousel: this terminal does not speak ANSI (ECMA-48) escape sequences (TERM=\(name)); use --render COLSxROWS to print a screen as text"
            }
        }
    }

    /// Sets the locale; returns whether it is UTF-8 (otherwise the ASCII look is used).
    public static func setUpLocale() -> Bool { cs_setup_locale() != 0 }

    public init() { startInstant = clock.now }

    public var now: Double {
        let d = clock.now - startInstant
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    public var waker: Waker { TerminalScreen.wakeUp }

    /// Wakes the program loop from any thread; before the terminal is started it does nothing,
    /// unless `prepareWakeUps` was called.
    public static let wakeUp = Waker { cs_wake() }

    /// Makes wake-ups count from now, before the terminal is started: a thread started first
    /// (standard input read on, `--watch`) may have news before the loop first waits, which a
    /// wake-up that did nothing left untaken until a key (seen in `make test` on a busy machine:
    /// a pipe that ended while the terminal was set up kept its `+`). Call it before starting
    /// such a thread.
    public static func prepareWakeUps() { _ = cs_wake_setup() }

    /// Takes over the terminal. `colorOverride` forces a depth; nil detects it.
    public func start(colorOverride: ColorDepth?, environment: [String: String]) throws {
        cs_install_signal_handlers()
        let direct = colorOverride == .truecolor
            || (colorOverride == nil && !ColorDepth.noColorRequested(environment) && ColorDepth.wantsTruecolor(environment))
        let asked = environment["TERM"] ?? ""
        let term = TerminalScreen.printable(asked)
        let used = TerminalScreen.terminfoName(for: asked) { cs_terminfo_known($0) != 0 }
        standIn = used == asked ? nil : used
        switch Int(cs_start(direct ? 1 : 0, used)) {
        case Int(CS_START_OK): break
        case Int(CS_START_NO_TERM): throw StartError.noTerminalType(empty: environment["TERM"] != nil)
        case Int(CS_START_UNKNOWN_TERM): throw StartError.unknownTerminalType(term)
        case Int(CS_START_NO_CURSOR): throw StartError.cannotMoveCursor(term)
        case Int(CS_START_NOT_ANSI): throw StartError.notANSI(term)
        case Int(CS_START_NO_KEYBOARD): throw StartError.noKeyboard
        default: throw StartError.notATerminal
        }
        started = true
        _ = cs_wake_setup()
        cs_enable_mouse()
        let terminfoColors = Int(cs_color_count())
        depth = ColorDepth.resolved(asked: colorOverride, environment: environment, terminfoColors: terminfoColors)
        writer = FrameWriter(features: TerminalScreen.features(depth: depth, environment: environment))
        cursorVisible = false
    }

    /// What the started terminal declares, at `depth`.
    private static func features(depth: ColorDepth, environment: [String: String]) -> TerminalFeatures {
        var found = cs_terminal_features()
        cs_features(&found)
        var attributes: Attributes = []
        if found.bold != 0 { attributes.insert(.bold) }
        if found.dim != 0 { attributes.insert(.dim) }
        if found.italic != 0 { attributes.insert(.italic) }
        if found.underline != 0 { attributes.insert(.underline) }
        if found.reverse != 0 { attributes.insert(.reverse) }
        if found.strikethrough != 0 { attributes.insert(.strikethrough) }
        let declared = TerminalFeatures(depth: depth, attributes: attributes,
                                erasesWithBackground: found.erase_with_background != 0,
                                repeatsCharacters: found.repeat_character != 0,
                                erasesCharacters: found.erase_characters != 0,
                                erasesToEndOfLine: found.erase_to_end_of_line != 0,
                                shiftsCharacters: found.shift_characters != 0,
                                writesBottomRight: found.writes_bottom_right != 0,
                                lineFeedMovesDown: found.line_feed_moves_down != 0)
        let multiplexer = TerminalFeatures.multiplexer(in: environment)
        return declared.reached(throughMultiplexer: multiplexer.known, maybe: multiplexer.maybe)
    }

    /// The terminfo entry to start the terminal with: TERM's own, or, where this machine has none for
    /// a terminal emulator that speaks xterm's sequences (kitty's `xterm-kitty`, `foot`, Ghostty,
    /// WezTerm: common over ssh from a machine whose terminfo is newer than this one's), the
    /// `xterm-256color` entry, as those terminals' own documentation advises. Any other unknown
    /// name stays unknown, and is refused.
    static func terminfoName(for term: String, known: (String) -> Bool) -> String {
        guard !term.isEmpty, TerminalScreen.speaksXterm(term), !known(term) else { return term }
        return ["xterm-256color", "xterm"].first(where: known) ?? term
    }

    /// Whether TERM names a terminal emulator of xterm's kind: `xterm-` anything, or one of the
    /// emulators that name their own entry and understand xterm's sequences.
    static func speaksXterm(_ term: String) -> Bool {
        let family = term.lowercased().split(separator: "-", maxSplits: 1).first.map(String.init) ?? ""
        return ["xterm", "kitty", "foot", "ghostty", "wezterm", "alacritty", "contour", "rio", "konsole",
                "vte", "gnome", "iterm2", "mintty"].contains(family)
    }

    /// A value from the environment as it may be shown in a message: printable ASCII, at most 40 characters.
    public static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(40).map { (0x20..<0x7F).contains($0.value) ? $0 : "?" }))
    }

    /// Gives the terminal back. Safe to call more than once.
    public func stop() {
        guard started else { return }
        started = false
        cs_stop()
    }

    /// The terminal's size, up to `Scene.largestSide` each way (a larger one is drawn in its top
    /// left corner: a pty of 10000x10000 took 2 GB and drew nothing for seconds; helper-88).
    public var size: (width: Int, height: Int) {
        var columns: Int32 = 0, rows: Int32 = 0
        cs_size(&columns, &rows)
        return (min(Int(columns), Scene.largestSide), min(Int(rows), Scene.largestSide))
    }

    /// Waits for input up to `timeout` seconds (nil: until something happens) and returns every
    /// event that is pending, so held-down keys never build a backlog of frames.
    public func events(timeout: Double?) -> [TerminalEvent] {
        var ms: Int32 = timeout.map { Int32(clamp(($0 * 1000).rounded(.up), 0...1_000_000)) } ?? -1
        // A paste begun and not ended wakes the loop: see below.
        if paste != nil { ms = ms < 0 ? Self.pasteSilence : min(ms, Self.pasteSilence) }
        let waited = cs_wait(ms)
        // (Gathered in storage kept from one wake-up to the next: the caller's copy is gone by the
        // next one, so a held key's events allocate nothing.)
        pending.removeAll(keepingCapacity: true)
        let signal = cs_pending_signal()
        if signal != 0 { return [.signal(signal)] }
        // Stopped from outside and continued: the modes are back; the screen is redrawn whole, at
        // the size the terminal has now, as after a resize.
        if cs_take_continued() != 0 {
            let (width, height) = size
            pending.append(.resize(width: width, height: height))
        }
        // Asked to stop from outside (`kill -TSTP`): as if Ctrl-Z had been typed.
        if cs_take_stop_request() != 0 { pending.append(.suspend) }
        if waited == 0 {
            // A paste whose end has not come in a second after its last key never will (a stray
            // bracket, `cat` of a file holding one): what it gathered is pasted, and the keys after
            // it are keys again (they were swallowed until Ctrl-C; helper-36).
            if let open = paste, now - pasteHeard >= Double(Self.pasteSilence) / 1000 {
                paste = nil
                pasteCarry.removeAll()
                if !open.isEmpty { pending.append(.paste(String(open))) }
            }
            return pending
        }
        var event = cs_event()
        while cs_read(&event) != 0 {
            guard let decoded = TerminalEvent.decode(event) else { continue }
            if case .resize = decoded {
                let (width, height) = size
                pending.append(.resize(width: width, height: height))
            } else {
                pending.append(decoded)
            }
        }
        // (Pastes gathered before a wake-up is added: a bracket cut at the end of the keys read
        // is carried to the next read only when it ends them.)
        TerminalEvent.gatherPastes(&pending, open: &paste, carry: &pasteCarry)
        if paste != nil { pasteHeard = now }
        TerminalEvent.gatherMouseReports(&pending, carry: &mouseCarry)
        // (A terminal's string cut by a read is dropped to its end in the next, but not for
        // long: keys typed half a second later are keys.)
        if stringOpen && now - stringHeard > 0.5 { stringOpen = false }
        TerminalEvent.dropUnknownSequences(&pending, inString: &stringOpen)
        if stringOpen { stringHeard = now }
        if cs_take_wake() != 0 { pending.append(.wake) }
        let late = cs_pending_signal()
        if late != 0 { pending.append(.signal(late)) }
        return pending
    }

    private var pending: [TerminalEvent] = []
    /// A terminal's string (an OSC reply) begun and not ended in the last read, and when it was.
    private var stringOpen = false
    private var stringHeard = 0.0
    /// A paste begun and not yet ended, and a bracket a read cut in two (see `TerminalEvent.gatherPastes`).
    private var paste: [Character]?
    private var pasteCarry: [TerminalEvent] = []
    /// A mouse report a read cut in two (see `TerminalEvent.gatherMouseReports`).
    private var mouseCarry: [TerminalEvent] = []
    /// When the open paste last read something; how long it may then stay silent (ms).
    private var pasteHeard = 0.0
    static let pasteSilence: Int32 = 1_000

    /// After a resize or a suspend: forget what is on the screen and repaint everything next time.
    public func invalidate() {
        writer.invalidate()
    }

    @discardableResult public func suspend() -> Bool {
        let stopped = cs_suspend() != 0
        invalidate()
        return stopped
    }

    /// Written to standard error, which the shim holds while curses has the screen and writes out
    /// once the terminal is given back: the line is read after the program, on a clean terminal.
    public func report(_ line: String) {
        _ = Descriptor.writeAll(Array((line + "\n").utf8), to: STDERR_FILENO)
    }

    /// Looked up as `sh` would: a name with a slash as it is, else in each folder of `PATH`
    /// (the default path when it is unset); an executable regular file.
    public func finds(_ program: String) -> Bool {
        func runnable(_ path: String) -> Bool {
            var info = stat()
            return access(path, X_OK) == 0 && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }
        if program.contains("/") { return runnable(program) }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":", omittingEmptySubsequences: false).contains { folder in
            runnable((folder.isEmpty ? "." : String(folder)) + "/" + program)
        }
    }

    public func runOutside(_ arguments: [[UInt8]]) -> CommandStatus {
        guard !arguments.isEmpty else { return .failed("nothing to run") }
        // NUL-terminated copies, alive for the call.
        let copies: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (i, byte) in bytes.enumerated() { pointer[i] = CChar(bitPattern: byte == 0 ? 0x3F : byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
        defer { copies.forEach { $0?.deallocate() } }
        var waitStatus: Int32 = 0
        let error = copies.withUnsafeBufferPointer { cs_run_outside($0.baseAddress, &waitStatus) }
        invalidate()
        if error != 0 { return .failed(String(cString: strerror(error))) }
        let signal = cs_term_signal(waitStatus)
        return signal != 0 ? .killed(signal) : .exited(cs_exit_code(waitStatus))
    }

    /// Writes what changed since the last frame, in one write. The frame is kept as the new
    /// "previous" by swapping buffers, not copying: `canvas` comes back holding an older frame,
    /// ready to be drawn over (so a frame copies and allocates nothing).
    public func present(_ canvas: inout Canvas, cursor: (x: Int, y: Int)?) {
        // Continued in the background and sent a signal that ends the program (after a suspend, a
        // command run outside or a stop from outside): the terminal is the shell's now, and no
        // frame is drawn on it before the program ends.
        if cs_terminal_given_back() != 0 { return }
        writer.write(&canvas, cursor: cursor)
        framesPresented += 1
        if cursor == nil && cursorVisible {
            cs_cursor_visible(0)
            cursorVisible = false
        }
        if writer.byteCount > 0 {
            // (Through the shim: a terminal that takes nothing must not hold the program past a
            // signal that ends it; helper-97.)
            _ = writer.withFrameBytes { cs_write_frame($0.baseAddress, $0.count) }
            framesWritten += 1
            bytesWritten += writer.byteCount
        }
        if cursor != nil && !cursorVisible {
            cs_cursor_visible(1)
            cursorVisible = true
        }
    }
}

extension TerminalScreen {
    /// Ends the process the way `signal` would have, once the terminal is given back, so the
    /// parent sees how it ended.
    public static func exit(bySignal signal: Int32) -> Never {
        cs_die_by_signal(signal)
        fatalError("signal \(signal) did not end the process")
    }
}
