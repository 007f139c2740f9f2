// The frame as the terminal sees it: layout and paint into the canvas, the frame writer turning it
// into bytes (xterm-256color's features), and the write(2) of those bytes to a pseudo-terminal
// (raw mode, its master drained by a background thread so a write never waits). Built-in deck;
// every style and mode at 80x24, 100x45 and 200x60 (and 100x30 for the arc, the size of
// measure-output.py); every frame of a one-card move at 60 fps, in turn, as FrameBenchmarks does.
// One sample is one frame, so the malloc counts are allocations per frame.
//
// Custom metrics of `terminal/...`, per frame: `bytes`, what the writer wrote; `glyphBytes`, the
// UTF-8 bytes of the glyphs of the cells the frame changed (continuation cells skipped), counted
// on frames painted in setup, the least text a terminal must receive. Per lap of the move (one
// sample per lap): `bytesPerGlyphByte%`, the bytes over the glyph bytes, both summed over the lap.
// Computed once in setup, with a writer of its own, and reported with each lap:
// `moveBytesPerGlyphByte%`, the same ratio over the move as the program draws it, from the
// screen at rest before it to the screen at rest after it (the lap instead jumps from the last
// frame back to the first: one frame that is not part of a move).
//
// Targets (issue 7): a whole frame at 100x45 costs at most 100 microseconds (median); no
// allocation per frame; bytes at most 1.3x the glyph bytes over the move at 100x30 and 100x45.
//
// `terminal-held/...` draws the frames of a held Right (`--loop`, 30 moves a second) one right after
// another; `terminal-paced/...` draws them one every 1/60 s, the thread asleep in between as the
// program's is: the same frame then costs two to three times as much (the code and what it reads
// are cold), and that is the figure that answers to the process's CPU per frame.
//
// `terminal-part/...` splits the 100x45 frame: the writer alone, over a move painted beforehand
// (Normal mode), and the write(2) of a typical frame's bytes (the arc, Normal, mid-move).

import Benchmark
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTerminal

let benchmarks: @Sendable () -> Void = {
    let bytes = BenchmarkMetric.custom("bytes")
    let glyphBytes = BenchmarkMetric.custom("glyphBytes")
    let ratio = BenchmarkMetric.custom("bytesPerGlyphByte%")
    let moveRatio = BenchmarkMetric.custom("moveBytesPerGlyphByte%")
    // No operating-system metrics: reading them allocates inside the measured region and would
    // be counted as the frame's allocations.
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
        timeUnits: .microseconds,
        warmupIterations: 20,
        maxDuration: .seconds(1),
        maxIterations: 20_000
    )
    var frameConfiguration = configuration
    frameConfiguration.metrics += [bytes, glyphBytes, ratio, moveRatio]

    let deck: CardList
    do {
        deck = CardList(try DeckLoader.builtin().cards)
    } catch {
        fatalError("cannot load the built-in deck: \(error)")
    }

    // The rig's frames, one a sample, then the figures of the last one (and of its lap).
    @Sendable func measureFrames(_ benchmark: Benchmark, _ rig: TerminalRig) {
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { rig.drawFrame() }
        benchmark.stopMeasurement()
        let figures = rig.account()
        benchmark.measurement(bytes, figures.bytes)
        benchmark.measurement(glyphBytes, figures.glyphBytes)
        if let percent = figures.lapPercent { benchmark.measurement(ratio, percent) }
        if let percent = figures.movePercent { benchmark.measurement(moveRatio, percent) }
    }

    for style in StyleKind.allCases {
        for mode in Mode.allCases {
            let sizes = style == .arc ? [(80, 24), (100, 30), (100, 45), (200, 60)] : [(80, 24), (100, 45), (200, 60)]
            for (width, height) in sizes {
                let name = "terminal/\(style.rawValue)/\(mode.rawValue)/\(width)x\(height)"
                Benchmark(name, configuration: frameConfiguration) { benchmark, rig in
                    measureFrames(benchmark, rig)
                } setup: {
                    TerminalRig(deck: deck, style: style, mode: mode, width: width, height: height, features: .xterm())
                }
            }
        }
    }

    // A held Right at 100x45 (`--loop`, 30 moves a second, 3 s of frames at 60 fps, in turn): the
    // workload of measure-output.py's held key, whose process CPU per frame is issue 16's target.
    for style in StyleKind.allCases {
        for mode in Mode.allCases {
            Benchmark("terminal-held/\(style.rawValue)/\(mode.rawValue)/100x45", configuration: frameConfiguration) { benchmark, rig in
                measureFrames(benchmark, rig)
            } setup: {
                TerminalRig(deck: deck, style: style, mode: mode, width: 100, height: 45, features: .xterm(), held: true)
            }
        }
    }

    // The same frames paced as the program draws them, one every 1/60 s with the thread asleep in
    // between (the program sleeps in ppoll between frames): a frame after a sleep costs two to three
    // times what the same frame costs right after another (session 22: ring 219 against 81 us), and
    // this is the figure that answers to the process's CPU per frame. One sample is one frame.
    var pacedConfiguration = frameConfiguration
    pacedConfiguration.maxDuration = .seconds(3)
    for style in StyleKind.allCases {
        for mode in Mode.allCases {
            Benchmark("terminal-paced/\(style.rawValue)/\(mode.rawValue)/100x45", configuration: pacedConfiguration) { benchmark, rig in
                rig.sleepUntilNextFrame(fps: 60)
                measureFrames(benchmark, rig)
            } setup: {
                TerminalRig(deck: deck, style: style, mode: mode, width: 100, height: 45, features: .xterm(), held: true)
            }
        }
    }

    // The writer alone, for every style (Normal mode).
    for style in StyleKind.allCases {
        Benchmark("terminal-part/\(style.rawValue)/100x45/writer", configuration: configuration) { benchmark, rig in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { rig.write() }
        } setup: {
            WriterRig(deck: deck, style: style, mode: .normal, width: 100, height: 45, features: .xterm())
        }
    }

    // The kernel's part: one write(2) of the arc's mid-move frame (Normal) to the drained terminal.
    Benchmark("terminal-part/100x45/write-syscall", configuration: configuration) { benchmark, frame in
        let terminal = DrainedTerminal.shared
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { terminal.write(frame) }
    } setup: {
        DrainedTerminal.shared.resize(width: 100, height: 45)
        let middle = WriterRig.frameCount(deck: deck, style: .arc, mode: .normal, width: 100, height: 45) / 2
        return WriterRig.bytes(deck: deck, style: .arc, mode: .normal, width: 100, height: 45, frame: middle)
    }
}
