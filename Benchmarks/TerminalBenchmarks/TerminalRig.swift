#if canImport(Glibc)
import Glibc
#endif
import Benchmark
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender
import CarouselTerminal

/// A pseudo-terminal whose slave side takes the frames (raw mode, so the tty layer passes the bytes
/// through untranslated) and whose master side a background thread reads and throws away, so that
/// a write never waits for a reader. One for the whole suite; each rig sets its window size.
final class DrainedTerminal: Sendable {
    static let shared = DrainedTerminal()

    /// Where the frames are written.
    let slave: Int32

    private init() {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            fatalError("openpty failed: errno \(errno)")
        }
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else { fatalError("tcgetattr failed: errno \(errno)") }
        cfmakeraw(&settings)
        guard tcsetattr(slave, TCSANOW, &settings) == 0 else { fatalError("tcsetattr failed: errno \(errno)") }
        self.slave = slave
        // The drain: reads into one buffer, in a loop, until the slave side is gone (EIO).
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            let master = Int32(Int(bitPattern: argument) - 1)
            let size = 1 << 16
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            while true {
                let count = read(master, buffer, size)
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                break
            }
            buffer.deallocate()
            close(master)
            return nil
        }, UnsafeMutableRawPointer(bitPattern: Int(master) + 1))
        guard started == 0 else { fatalError("pthread_create failed: \(started)") }
        pthread_detach(thread)
    }

    /// Sets the window size the program would read (TIOCSWINSZ).
    func resize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(slave, UInt(TIOCSWINSZ), &size) == 0 else { fatalError("TIOCSWINSZ failed: errno \(errno)") }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) {
        let error = Descriptor.writeAll(bytes, to: slave)
        precondition(error == 0, "write to the pseudo-terminal failed: errno \(error)")
    }

    /// Writes all of the writer's last frame, as the program's screen does.
    @inline(__always)
    func write(frameOf writer: FrameWriter) {
        let error = writer.withFrameBytes { Descriptor.writeAll(UnsafeRawBufferPointer($0), to: slave) }
        precondition(error == 0, "write to the pseudo-terminal failed: errno \(error)")
    }
}

enum Move {
    /// The mid-motion states of a move to the next card, as the loop ticks them (FrameRig's).
    static func oneCardMove(from rest: CarouselState, fps: Double) -> [CarouselState] {
        var state = rest
        state.send(.move(1))
        var frames: [CarouselState] = []
        while true {
            state.send(.tick(1 / fps))
            guard state.isAnimating, frames.count < 10 * Int(fps) else { break }
            frames.append(state)
        }
        precondition(!frames.isEmpty, "a one-card move produced no mid-motion frame")
        return frames
    }

    /// The states of a held Right as the program draws them with `--loop`: a move to the next card
    /// every 1/`repeats` s (a terminal's key repeat), ticked at `fps`, for `seconds`. The strip
    /// keeps going, so every frame moves every card: more of the screen changes per frame than in
    /// a one-card move, and the art of each card is met at sizes and blurs a single move never
    /// reaches (what `measure-output.py`'s held key costs, without the process around it).
    static func heldKey(from rest: CarouselState, fps: Double, repeats: Double, seconds: Double) -> [CarouselState] {
        var state = rest
        var frames: [CarouselState] = []
        var nextKey = 0.0
        for frame in 0..<Int(seconds * fps) {
            let t = Double(frame) / fps
            while nextKey <= t {
                state.send(.move(1))
                nextKey += 1 / repeats
            }
            state.send(.tick(1 / fps))
            frames.append(state)
        }
        return frames
    }

    /// The resting state before the move, sized as the program sizes it.
    static func start(deck: CardList, style: StyleKind, mode: Mode, width: Int, height: Int, loop: Bool = false) -> CarouselState {
        var start = CarouselState(count: deck.count, start: deck.count / 4, mode: mode, style: style, loop: loop)
        start.send(.setViewport(Scene.viewport(width: width, height: height)))
        return start
    }

    /// The UTF-8 bytes of the glyphs of the cells that differ between two frames (continuation
    /// cells skipped): the text a terminal must receive at the least, without moves or colours.
    static func glyphBytes(from before: Canvas, to after: Canvas) -> Int {
        precondition(before.width == after.width && before.height == after.height)
        var total = 0
        for i in after.cells.indices where after.cells[i] != before.cells[i] && !after.cells[i].isContinuation {
            after.cells[i].forEachScalar { total += $0 < 0x80 ? 1 : $0 < 0x800 ? 2 : $0 < 0x10000 ? 3 : 4 }
        }
        return total
    }

    /// The move as the program draws it, rest to rest: the start screen (written whole, not
    /// counted), each frame of the move, the screen at rest on the next card; the writer's bytes
    /// over the glyph bytes of the cells each frame changed, both summed, in percent. (The
    /// benchmark's cycle of the move's frames differs by one frame: it jumps back from the last to
    /// the first and has no resting screens.)
    static func ratioOfMove(from start: CarouselState, through states: [CarouselState], deck: CardList,
                            width: Int, height: Int, features: TerminalFeatures) -> Int {
        var end = states[states.count - 1]
        while end.isAnimating { end.send(.tick(1.0 / 60)) }
        let painted = paint([start] + states + [end], deck: deck, width: width, height: height)
        var writer = FrameWriter(features: features)
        var sent = 0, glyphs = 0
        for i in painted.indices {
            var canvas = painted[i].canvas
            writer.write(&canvas, cursor: painted[i].cursor)
            if i > 0 {
                sent += writer.byteCount
                glyphs += glyphBytes(from: painted[i - 1].canvas, to: painted[i].canvas)
            }
        }
        return percent(sent, of: glyphs)
    }

    static func percent(_ part: Int, of whole: Int) -> Int {
        whole == 0 ? 0 : (100 * part + whole / 2) / whole
    }

    /// Every state of `states` painted into a canvas of its own (with a scene of its own).
    static func paint(_ states: [CarouselState], deck: CardList, width: Int, height: Int) -> [(canvas: Canvas, cursor: (x: Int, y: Int)?)] {
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        return states.map { state in
            var canvas = Canvas(width: width, height: height)
            let info = scene.render(state, deck: deck, into: &canvas)
            return (canvas, info.cursor)
        }
    }
}

/// One whole frame as the program makes it: layout and paint into the canvas, the frame writer
/// (xterm-256color's features), one write(2) of its bytes to the drained pseudo-terminal. The
/// states are every frame of a one-card move at 60 fps, drawn in turn (as FrameRig does).
final class TerminalRig {
    private let deck: CardList
    private var scene: Scene
    private var canvas: Canvas
    private var writer: FrameWriter
    private let terminal = DrainedTerminal.shared
    private let states: [CarouselState]
    private var cursor = 0
    /// Per state, the glyph bytes of the cells it changes from the state before it in the cycle.
    private let glyphBytes: [Int]
    /// Per state, what the writer wrote for it the last time it was drawn.
    private var bytes: [Int]
    private var last = 0
    /// Bytes / glyph bytes over the move as the program draws it, in percent (see `Move.ratioOfMove`).
    private let moveRatio: Int

    /// `held`: the frames of a held Right (`Move.heldKey`, 3 s) instead of a one-card move; the
    /// move's ratio is then not computed.
    init(deck: CardList, style: StyleKind, mode: Mode, width: Int, height: Int, features: TerminalFeatures, held: Bool = false) {
        self.deck = deck
        scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        canvas = Canvas(width: width, height: height)
        writer = FrameWriter(features: features)
        let start = Move.start(deck: deck, style: style, mode: mode, width: width, height: height, loop: held)
        states = held ? Move.heldKey(from: start, fps: 60, repeats: 30, seconds: 3) : Move.oneCardMove(from: start, fps: 60)
        let painted = Move.paint(states, deck: deck, width: width, height: height)
        glyphBytes = painted.indices.map { i in
            Move.glyphBytes(from: painted[i == 0 ? painted.count - 1 : i - 1].canvas, to: painted[i].canvas)
        }
        bytes = Array(repeating: 0, count: states.count)
        moveRatio = held ? 0 : Move.ratioOfMove(from: start, through: states, deck: deck, width: width, height: height, features: features)
        terminal.resize(width: width, height: height)
        // Two laps, so the art cache and the writer's buffers reach their working size and the
        // writer's previous frame is a real one; the second checks that the frames drawn are the
        // ones the glyph bytes were counted on.
        for _ in 0..<states.count { drawFrame() }
        for i in 0..<states.count {
            let info = scene.render(states[i], deck: deck, into: &canvas)
            precondition(canvas == painted[i].canvas, "a frame differs from the same state painted alone")
            writer.write(&canvas, cursor: info.cursor)
            terminal.write(frameOf: writer)
            bytes[i] = writer.byteCount
        }
        cursor = 0
    }

    /// One whole frame (the measured part).
    @inline(never)
    func drawFrame() {
        let i = cursor
        cursor = cursor + 1 == states.count ? 0 : cursor + 1
        let info = scene.render(states[i], deck: deck, into: &canvas)
        writer.write(&canvas, cursor: info.cursor)
        terminal.write(frameOf: writer)
        last = i
    }

    /// When the last paced frame began (CLOCK_MONOTONIC, ns); 0 before the first.
    private var lastFrameStart: Int = 0

    /// Sleeps until 1/`fps` s after the last paced frame began (outside the measurement), as the
    /// program waits in ppoll for its next frame.
    func sleepUntilNextFrame(fps: Double) {
        func now() -> Int {
            var t = timespec()
            clock_gettime(CLOCK_MONOTONIC, &t)
            return t.tv_sec * 1_000_000_000 + t.tv_nsec
        }
        let due = lastFrameStart + Int(1e9 / fps)
        let wait = due - now()
        if lastFrameStart > 0 && wait > 0 {
            var request = timespec(tv_sec: wait / 1_000_000_000, tv_nsec: wait % 1_000_000_000)
            nanosleep(&request, nil)
        }
        lastFrameStart = now()
    }

    /// After a frame, outside the measurement: its bytes, its glyph bytes, and when it ended a lap
    /// of the move, bytes / glyph bytes over the lap in percent, and over the move from rest to
    /// rest (computed once, but given with every lap: the first laps run in the warm-up, which
    /// records nothing).
    func account() -> (bytes: Int, glyphBytes: Int, lapPercent: Int?, movePercent: Int?) {
        let written = writer.byteCount
        bytes[last] = written
        guard cursor == 0 else { return (written, glyphBytes[last], nil, nil) }
        var sentTotal = 0, glyphTotal = 0
        for i in bytes.indices {
            sentTotal += bytes[i]
            glyphTotal += glyphBytes[i]
        }
        return (written, glyphBytes[last], Move.percent(sentTotal, of: glyphTotal), moveRatio > 0 ? moveRatio : nil)
    }
}

/// The frame writer alone over a move's frames painted beforehand. Each frame is handed to the
/// writer as a copy that shares the painted canvas's storage (the writer only reads it and swaps
/// it with its previous frame), so no cell is copied and nothing is allocated.
final class WriterRig {
    private let frames: [(canvas: Canvas, cursor: (x: Int, y: Int)?)]
    private var writer: FrameWriter
    private var work: Canvas
    private var cursor = 0

    init(deck: CardList, style: StyleKind, mode: Mode, width: Int, height: Int, features: TerminalFeatures) {
        let start = Move.start(deck: deck, style: style, mode: mode, width: width, height: height)
        frames = Move.paint(Move.oneCardMove(from: start, fps: 60), deck: deck, width: width, height: height)
        writer = FrameWriter(features: features)
        work = Canvas(width: width, height: height)
        for _ in 0..<(2 * frames.count) { write() }
    }

    @inline(never)
    func write() {
        let i = cursor
        cursor = cursor + 1 == frames.count ? 0 : cursor + 1
        work = frames[i].canvas
        writer.write(&work, cursor: frames[i].cursor)
        blackHole(writer.byteCount)
    }

    /// The bytes of frame `index` of the move, written after the frame before it (after a lap).
    static func bytes(deck: CardList, style: StyleKind, mode: Mode, width: Int, height: Int, frame index: Int) -> [UInt8] {
        let rig = WriterRig(deck: deck, style: style, mode: mode, width: width, height: height, features: .xterm())
        while rig.cursor != index { rig.write() }
        rig.write()
        return rig.writer.bytes
    }

    static func frameCount(deck: CardList, style: StyleKind, mode: Mode, width: Int, height: Int) -> Int {
        Move.oneCardMove(from: Move.start(deck: deck, style: style, mode: mode, width: width, height: height), fps: 60).count
    }
}

