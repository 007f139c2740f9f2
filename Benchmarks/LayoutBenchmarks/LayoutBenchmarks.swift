// Layout alone: the style engine turning a scroll position into card placements, for decks of 15,
// 1,000 and 1,000,000 cards, in every style, with and without loop mode.
//
// Target (issue 7): layout for 1,000,000 cards costs at most 1.5x layout for 15 cards, and a
// running layout allocates nothing. A layout that walks the deck instead of the window shows
// up here as a time that grows with the deck.

import Benchmark
import CarouselCore
import CarouselRender

let benchmarks: @Sendable () -> Void = {
    // One sample is a thousand layouts: a layout takes well under a microsecond, far below what
    // one clock reading can resolve. Times and counts are shown per layout.
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .milliseconds(500),
        maxIterations: 2_000
    )

    // The card area of a 100x45 terminal, as the renderer sets it up.
    let viewport = Scene.viewport(width: 100, height: 45)
    // Mid-motion: the strip is 0.37 of a card past the middle card, so placements are fractional
    // and the neighbours on both sides are on screen. Eight nearby positions keep a single
    // repeated input from flattering the branch predictor.
    let offsets: [Double] = [0.37, 0.31, 0.43, 0.35, 0.39, 0.33, 0.41, 0.29]

    for style in StyleKind.allCases {
        let engine = style.engine
        for count in [15, 1_000, 1_000_000] {
            for loop in [false, true] {
                let name = "layout/\(style.rawValue)/\(count)" + (loop ? "/loop" : "")
                Benchmark(name, configuration: configuration) { benchmark in
                    var layout = Layout()
                    let middle = Double(count / 2)
                    var input = LayoutInput(viewport: viewport, position: middle, count: count, loop: loop, emphasis: 0)
                    // Let the placements array reach its working capacity before measuring.
                    engine.layout(input, into: &layout)
                    benchmark.startMeasurement()
                    for i in benchmark.scaledIterations {
                        input.position = middle + offsets[i & 7]
                        engine.layout(input, into: &layout)
                        blackHole(layout.placements.count)
                    }
                    benchmark.stopMeasurement()
                    blackHole(layout)
                }
            }
        }
    }
}
