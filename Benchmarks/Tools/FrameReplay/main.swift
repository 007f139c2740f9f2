// Replays the frames of a held Right (`--loop`, 30 moves a second, 60 frames a second) through the
// scene and the frame writer, the same frames on every run: for counting what a frame costs in
// instructions under valgrind (Benchmarks/replay-instructions.py) apart from the machine's speed,
// which changes how far each frame of the real program moves and so how much of the screen changes.
//
// Usage: FrameReplay STYLE MODE [COLSxROWS] [SECONDS] [cells|warm|flush|sleep|sleep1ms|sleepspin|sleeptwin]
// (defaults 100x45, 3 s). Without a last word it prints the bytes a frame and a checksum of them (a
// change to the writer or the scene meant to keep their output can be checked with it).
// The frames are drawn twice, the first pass (`firstPass`) filling the caches; the writer's bytes
// are counted, not written anywhere. With a last word, the second pass is timed instead, frame by
// frame (the thread's CPU time of the scene and the writer): one frame after another (`warm`),
// after writing over 64 MB before each frame, as if everything the frame uses had left the caches
// (`flush`), or after sleeping 1/60 s before each, as the program does (`sleep`; `sleep1ms`: 1 ms;
// `sleepspin`: 1/60 s, then 0.2 ms of spinning, so that a clock slowed by the sleep is up to speed;
// `sleeptwin`: 1/60 s, then another frame drawn by a second scene, writer and canvas of their own,
// which brings back the code, the branch history and the deck's data, not the first's canvases);
// the median and the quartiles are printed, in microseconds. `cells` counts instead how many cells
// change from one frame to the next.
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTerminal
import CarouselCanvas
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count >= 3, let style = StyleKind(rawValue: arguments[1]), let mode = Mode(rawValue: arguments[2]) else {
    print("usage: FrameReplay STYLE MODE [COLSxROWS] [SECONDS] [cells|warm|flush|sleep|sleep1ms|sleepspin|sleeptwin]")
    exit(2)
}
let timings = ["cells", "warm", "flush", "sleep", "sleep1ms", "sleepspin", "sleeptwin"]
if arguments.count > 5, !timings.contains(arguments[5]) {
    print("FrameReplay: no timing \(arguments[5]): one of \(timings.joined(separator: ", "))")
    exit(2)
}
let size = arguments.count > 3 ? arguments[3].split(separator: "x").compactMap { Int($0) } : [100, 45]
let seconds = arguments.count > 4 ? Double(arguments[4]) ?? 3 : 3
let (width, height) = (size[0], size[1])
let deck = CardList(try DeckLoader.builtin().cards)
var state = CarouselState(count: deck.count, start: deck.count / 4, mode: mode, style: style, loop: true)
state.send(.setViewport(Scene.viewport(width: width, height: height)))
var states: [CarouselState] = []
var nextKey = 0.0
for frame in 0..<Int(seconds * 60) {
    let t = Double(frame) / 60
    while nextKey <= t {
        state.send(.move(1))
        nextKey += 1.0 / 30
    }
    state.send(.tick(1.0 / 60))
    states.append(state)
}
/// The scene, the writer and the canvas the frames go through.
struct Replay {
    let deck: CardList
    let states: [CarouselState]
    var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
    var writer = FrameWriter(features: .xterm())
    var canvas: Canvas
    var bytes = 0
    /// A checksum (FNV-1a) of the first pass's bytes, when `hashing`.
    var hash: UInt64 = 0xcbf29ce484222325
    var hashing = false

    /// One pass over the frames, and the bytes written.
    mutating func draw() -> Int {
        var bytes = 0
        for state in states {
            let info = scene.render(state, deck: deck, into: &canvas)
            writer.write(&canvas, cursor: info.cursor)
            bytes += writer.byteCount
            if hashing { writer.withFrameBytes { for b in $0 { hash = (hash ^ UInt64(b)) &* 0x100000001b3 } } }
        }
        return bytes
    }

    /// The second pass timed frame by frame, with `before` run ahead of each frame (not timed):
    /// each frame's microseconds in the scene and in the writer.
    mutating func timedPass(before: () -> Void) -> [(scene: Double, writer: Double)] {
        var times: [(scene: Double, writer: Double)] = []
        times.reserveCapacity(states.count)
        func us(_ a: timespec, _ b: timespec) -> Double { Double(b.tv_sec - a.tv_sec) * 1e6 + Double(b.tv_nsec - a.tv_nsec) / 1e3 }
        for state in states {
            before()
            var start = timespec(), middle = timespec(), end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            let info = scene.render(state, deck: deck, into: &canvas)
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &middle)
            writer.write(&canvas, cursor: info.cursor)
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            times.append((us(start, middle), us(middle, end)))
        }
        return times
    }

    /// The pass valgrind counts (`--collect-atstart=no --toggle-collect='*measuredPass*'`).
    @inline(never)
    mutating func measuredPass() { bytes = draw() }

    @inline(never)
    mutating func firstPass() { hashing = true; _ = draw(); hashing = false }
}

var replay = Replay(deck: deck, states: states, canvas: Canvas(width: width, height: height))
replay.firstPass()
if arguments.count > 5, arguments[5] != "cells" {
    let how = arguments[5]
    var flood = [UInt8](repeating: 0, count: 64 << 20)
    var round: UInt8 = 0
    // (`sleeptwin`: a second replay of the same frames, drawn a few frames apart from the first.)
    var twin = Replay(deck: deck, states: states, canvas: Canvas(width: width, height: height))
    if how == "sleeptwin" { twin.firstPass() }
    var twinFrame = 0
    let times = replay.timedPass {
        switch how {
        case "sleeptwin":
            var pause = timespec(tv_sec: 0, tv_nsec: 16_666_667)
            nanosleep(&pause, nil)
            let state = states[(twinFrame + 7) % states.count]
            twinFrame += 1
            let info = twin.scene.render(state, deck: deck, into: &twin.canvas)
            twin.writer.write(&twin.canvas, cursor: info.cursor)
        case "flush":
            round &+= 1
            flood.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: p.count, by: 64) { p[i] = round }
            }
        case "sleep":
            var pause = timespec(tv_sec: 0, tv_nsec: 16_666_667)
            nanosleep(&pause, nil)
        case "sleep1ms":
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        case "sleepspin":
            var pause = timespec(tv_sec: 0, tv_nsec: 16_666_667)
            nanosleep(&pause, nil)
            var start = timespec(), now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            repeat { clock_gettime(CLOCK_MONOTONIC, &now) } while (now.tv_sec - start.tv_sec) * 1_000_000_000 + (now.tv_nsec - start.tv_nsec) < 200_000
        default:
            break
        }
    }
    func at(_ q: Double, _ values: [Double]) -> String {
        let sorted = values.sorted()
        return String(Int(sorted[Int(Double(sorted.count - 1) * q)].rounded()))
    }
    let whole = times.map { $0.scene + $0.writer }, scene = times.map(\.scene), writer = times.map(\.writer)
    print("\(style.rawValue) \(mode.rawValue) \(width)x\(height) \(how): \(at(0.5, whole)) us a frame (quartiles \(at(0.25, whole))-\(at(0.75, whole))); "
          + "scene \(at(0.5, scene)), writer \(at(0.5, writer)) (medians)")
    exit(0)
}
if arguments.count > 5 {
    // `cells`: how many cells of the canvas change from one frame to the next, and how many show something.
    var previous: [Cell] = []
    var changed = 0, glyphChanged = 0, shown = 0
    var scene = replay.scene, canvas = replay.canvas
    for state in replay.states {
        _ = scene.render(state, deck: replay.deck, into: &canvas)
        let cells = canvas.cells
        if !previous.isEmpty {
            for i in cells.indices where !(cells[i] == previous[i]) {
                changed += 1
                if cells[i].glyphKey != previous[i].glyphKey { glyphChanged += 1 }
            }
        }
        shown += cells.filter { !$0.showsNothing }.count
        previous = Array(cells)
    }
    let n = replay.states.count
    print("\(style.rawValue) \(mode.rawValue) \(width)x\(height): \(changed / n) cells change a frame (\(glyphChanged / n) of them their glyph), \(shown / n) show something")
    exit(0)
}
replay.measuredPass()
let bytes = replay.bytes
print("\(style.rawValue) \(mode.rawValue) \(width)x\(height): \(states.count) frames, \(bytes / states.count) bytes a frame, checksum \(String(replay.hash, radix: 16))")
