// Loading decks and sanitising text: the built-in deck (what every start without a PATH pays),
// a deck directory of 100,000 card files, a deck.json manifest of 100,000 cards with inline art,
// and the sanitiser on a few MiB of mixed, partly hostile bytes.

import Benchmark
import CarouselCore
import CarouselDecks
import Foundation

let benchmarks: @Sendable () -> Void = {
    let bigDeck = 100_000
    let loadConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 10
    )

    Benchmark(
        "deck/builtin",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
            warmupIterations: 5, maxDuration: .seconds(2), maxIterations: 2_000)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! DeckLoader.builtin().cards.count)
        }
    }

    let directory = (Fixtures.scratch as NSString).appendingPathComponent("files")
    Benchmark("deck/100k-files", configuration: loadConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            let deck = try! DeckLoader.load(paths: [directory])
            precondition(deck.cards.count == bigDeck, "expected \(bigDeck) cards, got \(deck.cards.count)")
            blackHole(deck)
        }
    } setup: {
        try Fixtures.writeCardDirectory(at: directory, count: bigDeck)
    } teardown: {
        Fixtures.removeScratch()
    }

    // A deck.json with 100,000 cards and their art inline (about 15 MB). The loader refuses
    // files over 1 MiB, manifests included; while it does, the same cards are loaded from as many
    // manifests of under 1 MiB as it takes, so the figure still covers parsing 100,000 cards.
    let manifestDirectory = (Fixtures.scratch as NSString).appendingPathComponent("manifest")
    Benchmark("deck/100k-manifest", configuration: loadConfiguration) { benchmark, paths in
        for _ in benchmark.scaledIterations {
            let deck = try! DeckLoader.load(paths: paths)
            precondition(deck.cards.count == bigDeck, "expected \(bigDeck) cards, got \(deck.cards.count)")
            blackHole(deck)
        }
    } setup: {
        let whole = try Fixtures.writeInlineManifest(at: manifestDirectory, count: bigDeck)
        if let deck = try? DeckLoader.load(paths: [whole]), deck.cards.count == bigDeck {
            return [whole]
        }
        let parts = try Fixtures.writeInlineManifests(at: manifestDirectory, count: bigDeck, maximumBytes: 1 << 20)
        FileHandle.standardError.write(Data(
            "note: deck/100k-manifest: one 100,000-card deck.json is rejected by the loader; loading \(parts.count) manifests of under 1 MiB instead\n".utf8))
        return parts
    } teardown: {
        Fixtures.removeScratch()
    }

    // Throughput in MB/s (10^6 bytes) is reported as its own metric, from the same timing.
    let size = 4 << 20
    let throughput = BenchmarkMetric.custom("Sanitizer (MB/s)", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark(
        "sanitizer/lines/4MiB-mixed",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, throughput], timeUnits: .milliseconds,
            warmupIterations: 2, maxDuration: .seconds(5), maxIterations: 200)
    ) { benchmark, bytes in
        let clock = ContinuousClock()
        let start = clock.now
        benchmark.startMeasurement()
        let lines = Sanitizer.lines(from: bytes)
        benchmark.stopMeasurement()
        let elapsed = start.duration(to: clock.now)
        blackHole(lines)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        benchmark.measurement(throughput, Int((Double(bytes.count) / 1e6 / seconds).rounded()))
    } setup: {
        Fixtures.mixedBytes(size: size)
    }
}
