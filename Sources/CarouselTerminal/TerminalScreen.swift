import CNCursesShim
#if canImport(Glibc)
import Glibc
#endif
import CarouselCanvas
import CarouselCore
import CarouselRender

/// The real terminal, through ncursesw: start and always give back, read events, and draw the
/// difference between the last frame and the new one.
public final class TerminalScreen: TerminalBackend {
    private let clock = ContinuousClock()
    private let startInstant: ContinuousClock.Instant
    public private(set) var depth: ColorDepth = .none
    private var previous: Canvas?
    private var runs: [CellRun] = []
    private var pairs: [PairKey: Int32] = [:]
    private var pairLimit = 0
    private var scalars: [UInt32] = []
    private var lastCursor: (x: Int, y: Int)? = nil
    private var started = false

    private struct PairKey: Hashable {
        var foreground: Int
        var background: Int
    }

    /// Why the terminal cannot be used; nothing has been written to it then.
    public enum StartError: Error, CustomStringConvertible, Equatable {
        case notATerminal
        case noTerminalType
        case unknownTerminalType(String)
        case cannotMoveCursor(String)

        public var description: String {
            switch self {
            case .notATerminal:
                "carousel: no terminal to draw on (standard output is not one, and there is no /dev/tty); use --render COLSxROWS to print a screen as text"
            case .noTerminalType:
                "carousel: TERM is not set, so what the terminal can do is unknown (set it, e.g. TERM=xterm-256color)"
            case .unknownTerminalType(let name):
                "carousel: terminal type '\(name)' is not known (no terminfo entry; e.g. TERM=xterm-256color)"
            case .cannotMoveCursor(let name):
                "carousel: this terminal cannot move the cursor (TERM=\(name)); use --render COLSxROWS to print a screen as text"
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

    /// Wakes the program loop from any thread; before the terminal is started it does nothing.
    public static let wakeUp = Waker { cs_wake() }

    /// Takes over the terminal. `colorOverride` forces a depth; nil detects it.
    public func start(colorOverride: ColorDepth?, environment: [String: String]) throws {
        cs_install_signal_handlers()
        let direct = colorOverride == .truecolor
            || (colorOverride == nil && !ColorDepth.noColorRequested(environment) && ColorDepth.wantsTruecolor(environment))
        let term = environment["TERM"].map(TerminalScreen.printable) ?? ""
        switch Int(cs_start(direct ? 1 : 0)) {
        case Int(CS_START_OK): break
        case Int(CS_START_NO_TERM): throw StartError.noTerminalType
        case Int(CS_START_UNKNOWN_TERM): throw StartError.unknownTerminalType(term)
        case Int(CS_START_NO_CURSOR): throw StartError.cannotMoveCursor(term)
        default: throw StartError.notATerminal
        }
        started = true
        _ = cs_wake_setup()
        cs_enable_mouse()
        let terminfoColors = Int(cs_color_count())
        depth = ColorDepth.resolved(asked: colorOverride, environment: environment, terminfoColors: terminfoColors)
        pairLimit = Int(cs_pair_count())
    }

    /// A value from the environment as it may be shown in a message: printable ASCII, at most 40 characters.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(40).map { (0x20..<0x7F).contains($0.value) ? $0 : "?" }))
    }

    /// Gives the terminal back. Safe to call more than once.
    public func stop() {
        guard started else { return }
        started = false
        cs_stop()
    }

    public var size: (width: Int, height: Int) {
        var columns: Int32 = 0, rows: Int32 = 0
        cs_size(&columns, &rows)
        return (Int(columns), Int(rows))
    }

    /// Waits for input up to `timeout` seconds (nil: until something happens) and returns every
    /// event that is pending, so held-down keys never build a backlog of frames.
    public func events(timeout: Double?) -> [TerminalEvent] {
        let ms: Int32 = timeout.map { Int32(clamp(($0 * 1000).rounded(.up), 0...1_000_000)) } ?? -1
        let waited = cs_wait(ms)
        var result: [TerminalEvent] = []
        let signal = cs_pending_signal()
        if signal != 0 { return [.signal(signal)] }
        if waited == 0 { return result }
        var event = cs_event()
        while cs_read(&event) != 0 {
            guard let decoded = TerminalEvent.decode(event) else { continue }
            if case .resize = decoded {
                let (width, height) = size
                result.append(.resize(width: width, height: height))
            } else {
                result.append(decoded)
            }
        }
        if cs_take_wake() != 0 { result.append(.wake) }
        TerminalEvent.dropUnknownSequences(&result)
        let late = cs_pending_signal()
        if late != 0 { result.append(.signal(late)) }
        return result
    }

    /// After a resize or a suspend: forget what is on the screen and repaint everything next time.
    public func invalidate() {
        previous = nil
        cs_invalidate()
    }

    public func suspend() {
        cs_suspend()
        invalidate()
    }

    /// Written to standard error, which the shim holds while curses has the screen and writes out
    /// once the terminal is given back: the line is read after the program, on a clean terminal.
    public func report(_ line: String) {
        _ = Descriptor.writeAll(Array((line + "\n").utf8), to: STDERR_FILENO)
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

    /// Sends the cells that changed since the last frame. Returns the number of cells sent.
    /// The frame is kept as the new "previous" by swapping buffers, not copying: `canvas` comes back
    /// holding an older frame, ready to be drawn over (so a frame copies and allocates nothing).
    public func present(_ canvas: inout Canvas, cursor: (x: Int, y: Int)?) {
        draw(&canvas, cursor: cursor)
    }

    @discardableResult
    public func draw(_ canvas: inout Canvas, cursor: (x: Int, y: Int)?) -> Int {
        recyclePairsIfFull(cells: canvas.width * canvas.height)
        CanvasDiff.runs(from: previous, to: canvas, into: &runs)
        var sent = 0
        for run in runs {
            for x in run.x..<(run.x + run.count) {
                let cell = canvas[x, run.y]
                if cell.isContinuation { continue }
                put(cell, x: x, y: run.y)
                sent += 1
            }
        }
        let cursorChanged = cursor?.x != lastCursor?.x || cursor?.y != lastCursor?.y
        if sent > 0 || cursorChanged {
            cs_cursor(Int32(cursor?.y ?? -1), Int32(cursor?.x ?? 0))
            cs_flush()
        }
        lastCursor = cursor
        if var kept = previous, kept.width == canvas.width, kept.height == canvas.height {
            previous = nil  // hand over the storage without a second reference (no copy on write)
            swap(&kept, &canvas)
            previous = kept
        } else {
            previous = canvas
        }
        return sent
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        scalars.removeAll(keepingCapacity: true)
        cell.forEachScalar { scalars.append($0) }
        var attributes: Int32 = 0
        let a = cell.style.attributes
        if a.contains(.bold) { attributes |= Int32(CS_ATTR_BOLD) }
        if a.contains(.dim) { attributes |= Int32(CS_ATTR_DIM) }
        if a.contains(.reverse) { attributes |= Int32(CS_ATTR_REVERSE) }
        if a.contains(.underline) { attributes |= Int32(CS_ATTR_UNDERLINE) }
        if a.contains(.italic) { attributes |= Int32(CS_ATTR_ITALIC) }
        let pair = pairNumber(cell.style)
        scalars.withUnsafeBufferPointer { buffer in
            cs_put(Int32(y), Int32(x), buffer.baseAddress, Int32(buffer.count), attributes, pair)
        }
    }

    /// Colour pairs are kept once made, and pictures in 24-bit colour make a new pair for almost
    /// every cell. When the pairs left may not be enough for a whole new frame, they are all given
    /// up and the screen is drawn again from nothing with new ones (a picture browser does this
    /// once in a few hundred pictures; the built-in deck never).
    private func recyclePairsIfFull(cells: Int) {
        guard depth != .none, pairLimit > cells + 1, pairs.count + cells >= pairLimit - 1 else { return }
        pairs.removeAll(keepingCapacity: true)
        invalidate()
    }

    private func colorIndex(_ color: CarouselCanvas.Color) -> Int {
        switch color {
        case .default: -1
        case .rgb(let rgb): ColorPalette.index(for: rgb, depth: depth) ?? -1
        case .indexed(let index): ColorPalette.index(forIndexed: index, depth: depth) ?? -1
        }
    }

    /// Colour pairs are allocated as they are first needed and kept.
    private func pairNumber(_ style: CellStyle) -> Int32 {
        guard depth != .none else { return 0 }
        let key = PairKey(foreground: colorIndex(style.foreground), background: colorIndex(style.background))
        if key.foreground == -1 && key.background == -1 { return 0 }
        if let pair = pairs[key] { return pair }
        guard pairs.count + 1 < pairLimit else { return 0 }
        let pair = Int32(pairs.count + 1)
        guard cs_init_pair(pair, Int32(key.foreground), Int32(key.background)) == 0 else { return 0 }
        pairs[key] = pair
        return pair
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
