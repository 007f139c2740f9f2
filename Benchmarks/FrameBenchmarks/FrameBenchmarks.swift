// A whole frame as the interactive loop draws it: layout, paint into a canvas, diff against the
// previous canvas. Built-in deck; 80x24, 100x45 and 200x60; at rest and mid-motion; every style
// and mode; and a deck of text cards at 100x45 in motion (`text/...`). One sample is one frame, so the malloc counts are allocations per frame.
//
// Targets (issue 7): a whole frame at 100x45 costs at most 100 microseconds (median), and no
// allocation per frame once the animation is running.
//
// The `part/...` benchmarks split the 100x45 mid-motion frame into its pieces (paint alone, diff
// alone, clearing the canvas), to show where a frame's time goes.

import Benchmark
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselText

let benchmarks: @Sendable () -> Void = {
    // No operating-system metrics: reading them allocates inside the measured region and would
    // be counted as the frame's allocations.
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
        timeUnits: .microseconds,
        warmupIterations: 20,
        maxDuration: .seconds(1),
        maxIterations: 20_000
    )

    let deck: CardList
    do {
        deck = CardList(try DeckLoader.builtin().cards)
    } catch {
        fatalError("cannot load the built-in deck: \(error)")
    }
    let sizes = [(80, 24), (100, 45), (200, 60)]

    for style in StyleKind.allCases {
        for mode in Mode.allCases {
            for (width, height) in sizes {
                for phase in Phase.allCases {
                    let name = "frame/\(style.rawValue)/\(mode.rawValue)/\(width)x\(height)/\(phase.rawValue)"
                    Benchmark(name, configuration: configuration) { benchmark, rig in
                        benchmark.startMeasurement()
                        for _ in benchmark.scaledIterations { rig.drawFrame() }
                    } setup: {
                        FrameRig(deck: deck, style: style, mode: mode, width: width, height: height, phase: phase)
                    }
                }
            }
        }
    }

    // The same frame with a deck of text cards (twenty notes of prose and a code card each), laid
    // out rather than resampled: once each card's size has been laid out, a frame copies cells.
    let words = ["the", "kitchen", "tap", "plumber", "Thursday", "0171", "555", "0199", "parcel", "before", "Friday", "東京", "naïve"]
    let notes = CardList((0..<20).map { n in
        let prose = (0..<(40 + 7 * n)).map { words[($0 * 7 + n) % words.count] }.joined(separator: " ")
        let code = TextBlock.code(lines: (0..<8).map { "    let value\($0) = compute(\($0), \(n))" })
        return Card(id: "note\(n)", title: "note \(n)", content: .text(TextDocument(blocks: [.paragraph([TextSpan(prose)]), .blank(), code])))
    })
    for style in StyleKind.allCases {
        for mode in Mode.allCases {
            Benchmark("text/\(style.rawValue)/\(mode.rawValue)/100x45/motion", configuration: configuration) { benchmark, rig in
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { rig.drawFrame() }
            } setup: {
                FrameRig(deck: notes, style: style, mode: mode, width: 100, height: 45, phase: .motion)
            }
        }
    }

    // A text card laid out at a width met for the first time (what a note costs each time it
    // takes a new width while it moves: a held key in the ring laid out about 200 in its first 3 s
    // with a deck of notes): one of the notes above, and a note of Markdown's kinds (a heading,
    // a quote, a list, a paragraph of mixed scripts), at every width from 12 to 60 in turn; one
    // sample is one layout.
    let markdown = TextDocument(blocks: [
        .paragraph([TextSpan("Release checklist", style: SpanStyle(bold: true, role: .heading(1)))]),
        .blank(),
        .paragraph([TextSpan("Before Friday, ask the plumber about the kitchen tap; the parcel for 東京 goes out on Thursday, "),
                    TextSpan("naïve", style: SpanStyle(italic: true)), TextSpan(" estimates notwithstanding.")]),
        .blank(),
        .paragraph([TextSpan("Measure twice, cut once: every figure comes from a run on this machine.")], margin: Margin([.quoteBar])),
        .paragraph([TextSpan("tag the release and write the notes")], margin: Margin([.marker(.bullet(depth: 0))])),
        .paragraph([TextSpan("check https://example.com/downloads/carousel-0.1.0-x86_64.tar.gz")], margin: Margin([.marker(.bullet(depth: 0))])),
    ])
    let note: TextDocument
    if case .text(let document) = notes.cards[10].content { note = document } else { fatalError("note 10 is text") }
    for (name, document) in [("note", note), ("markdown", markdown)] {
        Benchmark("text/layout/\(name)/new-width", configuration: configuration) { benchmark in
            var width = 12
            for _ in benchmark.scaledIterations {
                blackHole(TextLayout.lines(for: document, width: width, cellWidth: CharacterWidth.of).count)
                width = width == 60 ? 12 : width + 1
            }
        }
    }

    // Where the time of a 100x45 mid-motion frame goes, for every style (Normal mode).
    for style in StyleKind.allCases {
        let mode = Mode.normal
        Benchmark("part/\(style.rawValue)/100x45/paint", configuration: configuration) { benchmark, rig in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { rig.renderOnly() }
        } setup: {
            FrameRig(deck: deck, style: style, mode: mode, width: 100, height: 45, phase: .motion)
        }
        Benchmark("part/\(style.rawValue)/100x45/diff", configuration: configuration) { benchmark, rig in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { rig.diff() }
        } setup: {
            DiffRig(deck: deck, style: style, mode: mode, width: 100, height: 45)
        }
    }
    // A card's art at a size and blur met for the first time (what a card passing through the
    // ring's sizes costs on its first lap: about 300 such in a 3 s held key at 100x45): every art
    // card of the deck shrunk to each of the sizes a ring card passes through, with the blur its
    // depth gives, in turn; one sample is one art prepared, as the art cache prepares it (with a
    // workspace whose buffers have grown: no allocation; turning the codes into the cache's cells is
    // not measured).
    Benchmark("art/prepare", configuration: configuration) { (benchmark, jobs: [(ArtGrid, Int, Int, Double)]) in
        var next = 0
        var workspace = ArtWorkspace()
        for (grid, width, height, blur) in jobs { blackHole(workspace.prepare(grid, width: width, height: height, blur: blur, ramp: Glyphs.unicode.ramp)) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let (grid, width, height, blur) = jobs[next]
            next = (next + 1) % jobs.count
            blackHole(workspace.prepare(grid, width: width, height: height, blur: blur, ramp: Glyphs.unicode.ramp))
        }
    } setup: {
        let grids = deck.cards.compactMap { card -> ArtGrid? in
            guard case .art(let art) = card.content else { return nil }
            return ArtGrid(lines: art.variants.last ?? [])
        }
        return grids.flatMap { grid in
            (0..<14).map { step -> (ArtGrid, Int, Int, Double) in
                let depth = Double(step) / 13
                let fitted = grid.fittedSize(in: (width: 40 - 2 * step, height: 20 - step))
                return (grid, fitted.width, fitted.height, 0.5 * depth)
            }
        }
    }
    // The first sight of a card, which a frame pays the first time a card comes on screen (a held
    // key in the built-in deck meets about fifteen new cards in its first seconds; a deck of notes
    // meets one with every move): the card read from the deck (its text sanitised, told art or
    // text) and its art's sizes parsed into grids, as the renderer's cache parses them. One sample
    // is the whole built-in deck seen for the first time, its deck opened anew (`deck/builtin` in
    // DeckBenchmarks is the opening alone).
    Benchmark("card/first-sight/builtin-deck", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let cards = try! DeckLoader.builtin().cards
            var cells = 0
            for i in 0..<cards.count {
                guard case .art(let art) = cards[i].content else { continue }
                for variant in art.variants { cells += ArtGrid(lines: variant).width }
            }
            blackHole(cells)
        }
    }
    // Parsing art into a grid alone, 100x40 cells: lines of ASCII (read a byte at a time) and
    // lines of block and box characters (read a character at a time).
    for (name, glyphs) in [("ascii", Array(" .:-=+*#%@|/\\_")), ("blocks", Array(" ░▒▓█─│╭╮╰╯▀▄"))] {
        let lines = (0..<40).map { y in String((0..<100).map { x in glyphs[(x * 7 + y * 3 + x * y) % glyphs.count] }) }
        Benchmark("art/parse/100x40/\(name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ArtGrid(lines: lines).width) }
        }
    }
    Benchmark("part/100x45/clear-canvas", configuration: configuration) { benchmark in
        var canvas = Canvas(width: 100, height: 45)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            canvas.reset(width: 100, height: 45)
            blackHole(canvas.width)
        }
        benchmark.stopMeasurement()
        blackHole(canvas)
    }
}
