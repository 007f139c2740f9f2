// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The benchmarks live in their own package so that `make test` in the main package never builds
// package-benchmark or the malloc interposer. Run them from this directory with
//   swift package --scratch-path ../.build-bench benchmark
// (see README.md). The suites are the executable targets in the folders below: package-benchmark
// treats a target as a suite when its folder sits directly inside a folder named `Benchmarks`.

// SwiftPM names a path dependency after its folder (`main`, `carousel`, ... whatever the clone
// is called), and products must be looked up by that name.
let carousel = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

@MainActor
func suite(_ name: String, uses products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: products.map { .product(name: $0, package: carousel) }
            + [.product(name: "Benchmark", package: "benchmark")],
        path: name,
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "carousel-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Layout alone: every style, decks of 15, 1,000 and 1,000,000 cards.
        suite("LayoutBenchmarks", uses: ["CarouselCore", "CarouselRender"]),
        // A whole frame (layout, paint, diff) at three sizes, at rest and mid-motion, every style and
        // mode, with the allocations each frame makes.
        suite("FrameBenchmarks", uses: ["CarouselCore", "CarouselCanvas", "CarouselCards", "CarouselText", "CarouselRender", "CarouselDecks"]),
        // Loading decks and sanitising text.
        suite("DeckBenchmarks", uses: ["CarouselCore", "CarouselCards", "CarouselDecks"]),
        // Pictures: conversion per card size, the first frame of a folder of 1,000 photos, frames
        // while a large picture loads, and the memory of browsing 1,000 photos.
        suite("PictureBenchmarks", uses: ["CarouselCore", "CarouselCanvas", "CarouselCards", "CarouselRender", "CarouselDecks",
                                          "CarouselPictures", "CarouselTestSupport"]),
        // Search: the first query over a cold deck of 100,000 lines, each keystroke of typing
        // "needle" into a warm one, backspace.
        suite("SearchBenchmarks", uses: ["CarouselCards", "CarouselText", "CarouselSearch", "CarouselTestSupport"]),
        // The frame as the terminal sees it: layout, paint, the frame writer's bytes and their write(2)
        // to a drained pseudo-terminal, every style and mode at three sizes, with the bytes per frame
        // against the glyph bytes of the cells that changed; the writer and the write(2) alone.
        suite("TerminalBenchmarks", uses: ["CarouselCore", "CarouselCanvas", "CarouselCards", "CarouselRender", "CarouselDecks",
                                           "CarouselTerminal"]),
        // Not a suite (its folder is not directly in this one): the frames of a held key, replayed
        // the same on every run, for counting their instructions (Benchmarks/replay-instructions.py).
        .executableTarget(
            name: "FrameReplay",
            dependencies: ["CarouselCore", "CarouselCards", "CarouselDecks", "CarouselRender", "CarouselTerminal", "CarouselCanvas"]
                .map { .product(name: $0, package: carousel) },
            path: "Tools/FrameReplay"
        ),
    ],
    swiftLanguageModes: [.v6]
)
