// Replays the frames of a held Right (`--loop`, 30 moves a second, 60 frames a second) through the
// scene and the frame writer, the same frames on every run: for counting what a frame costs in
// instructions under valgrind (Benchmarks/replay-instructions.py) apart from the machine's speed,
// which changes how far each frame of the real program moves and so how much of the screen changes.
//
// Usage: FrameReplay STYLE MODE [COLSxROWS] [SECONDS]   (defaults 100x45, 3 s). The frames are
// drawn twice, the first pass (`firstPass`) filling the caches; the writer's bytes are counted,
// not written anywhere.
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
    print("usage: FrameReplay STYLE MODE [COLSxROWS] [SECONDS]")
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

    /// One pass over the frames, and the bytes written.
    mutating func draw() -> Int {
        var bytes = 0
        for state in states {
            let info = scene.render(state, deck: deck, into: &canvas)
            writer.write(&canvas, cursor: info.cursor)
            bytes += writer.byteCount
        }
        return bytes
    }

    /// The pass valgrind counts (`--collect-atstart=no --toggle-collect='*measuredPass*'`).
    @inline(never)
    mutating func measuredPass() { bytes = draw() }

    @inline(never)
    mutating func firstPass() { _ = draw() }
}

var replay = Replay(deck: deck, states: states, canvas: Canvas(width: width, height: height))
replay.firstPass()
replay.measuredPass()
let bytes = replay.bytes
print("\(style.rawValue) \(mode.rawValue) \(width)x\(height): \(states.count) frames, \(bytes / states.count) bytes a frame")
