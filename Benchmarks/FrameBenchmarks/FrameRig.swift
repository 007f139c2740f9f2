import Benchmark
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselRender

/// Whether a frame is drawn with the strip resting on a card or part-way through a move.
enum Phase: String, CaseIterable {
    case rest
    case motion
}

/// Everything one frame needs, kept between frames the way the interactive loop keeps it: the
/// scene (with its layout and art cache), two canvases that take turns as the previous and the
/// next screen, and the buffer of changed runs.
final class FrameRig {
    private let deck: CardList
    private var scene: Scene
    private var next: Canvas
    private var previous: Canvas
    private var runs: [CellRun] = []
    /// The states drawn in turn: one for a resting strip; for a move, every frame of a one-card
    /// move at 60 frames a second except the last (which is at rest).
    private let states: [CarouselState]
    private var cursor = 0

    var frameCount: Int { states.count }

    init(deck: CardList, style: StyleKind, mode: Mode, width: Int, height: Int, phase: Phase) {
        self.deck = deck
        scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        next = Canvas(width: width, height: height)
        previous = Canvas(width: width, height: height)
        var start = CarouselState(count: deck.count, start: deck.count / 4, mode: mode, style: style)
        // As the program loop does: the viewport gives the motion its visible resolution.
        start.send(.setViewport(Scene.viewport(width: width, height: height)))
        states = phase == .rest ? [start] : FrameRig.oneCardMove(from: start, fps: 60)
        // Two laps, so the art cache and the runs buffer reach their working size and the
        // first measured frame diffs against a real previous frame.
        for _ in 0..<(2 * states.count) { drawFrame() }
    }

    /// The mid-motion states of a move to the next card, as the loop ticks them.
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

    /// One whole frame: layout and paint into the next canvas, then the difference from the
    /// previous one. Returns the number of changed runs.
    @inline(never)
    @discardableResult
    func drawFrame() -> Int {
        let state = states[cursor]
        cursor = cursor + 1 == states.count ? 0 : cursor + 1
        swap(&next, &previous)
        let info = scene.render(state, deck: deck, into: &next)
        CanvasDiff.runs(from: previous, to: next, into: &runs)
        blackHole(info.cursor?.x)
        return runs.count
    }

    /// Only the paint half (layout + paint into a canvas), for finding where a frame's time goes.
    @inline(never)
    func renderOnly() {
        let state = states[cursor]
        cursor = cursor + 1 == states.count ? 0 : cursor + 1
        let info = scene.render(state, deck: deck, into: &next)
        blackHole(info.cursor?.x)
    }
}

/// Pairs of consecutive frames of a move, painted once, for timing the diff alone.
final class DiffRig {
    private let canvases: [Canvas]
    private var runs: [CellRun] = []
    private var cursor = 0

    init(deck: CardList, style: StyleKind, mode: Mode, width: Int, height: Int) {
        var scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        var start = CarouselState(count: deck.count, start: deck.count / 4, mode: mode, style: style)
        start.send(.setViewport(Scene.viewport(width: width, height: height)))
        canvases = FrameRig.oneCardMove(from: start, fps: 60).map { state in
            var canvas = Canvas(width: width, height: height)
            _ = scene.render(state, deck: deck, into: &canvas)
            return canvas
        }
        runs.reserveCapacity(width * height)
    }

    @inline(never)
    func diff() {
        let i = cursor
        cursor = cursor + 1 == canvases.count ? 0 : cursor + 1
        CanvasDiff.runs(from: canvases[i], to: canvases[cursor], into: &runs)
        blackHole(runs.count)
    }
}
