// Pictures: what converting one costs per card size, the first frame of a folder of 1,000 photos
// (the deck opened, every picture checked by its first bytes, placeholders drawn), frames drawn
// while a worker decodes an 8000 x 8000 JPEG, and the memory of browsing a folder of 1,000 photos
// from end to end (the store's budgets bound it).

import Benchmark
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselPictures
import CarouselRender
import CarouselTestSupport
import Foundation

/// A folder of synthetic photos in the temporary directory.
enum PhotoFolder {
    static let root = NSTemporaryDirectory() + "carousel-picture-bench-\(getpid())"

    /// `count` grey JPEGs of `width` x `height` (a JPEG is decoded at 1/2, 1/4 or 1/8 of its size
    /// when that is enough, as a camera's photo is).
    static func write(_ name: String, count: Int, width: Int, height: Int) throws -> String {
        let directory = root + "/" + name
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let bytes = Data(SyntheticImages.greyJPEG(width: width, height: height))
        for i in 0..<count {
            try bytes.write(to: URL(fileURLWithPath: directory + String(format: "/IMG_%04d.jpg", i)))
        }
        return directory
    }

    static func remove() { try? FileManager.default.removeItem(atPath: root) }

    static func check(_ head: [UInt8]) -> String? { Picture.check(head: head, path: nil)?.reason }
}

/// The example pictures shipped with the project (Assets/examples/pictures).
let examples: String = {
    let here = URL(fileURLWithPath: #filePath)
    return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/examples/pictures").path
}()

/// A scene drawing a deck frame after frame through a one-card move, as the program loop does.
struct Reel {
    var scene: Scene
    var canvas: Canvas
    var state: CarouselState
    let deck: CardList

    init(deck: CardList, pictures: PictureStore, width: Int, height: Int) {
        self.deck = deck
        scene = Scene(theme: Theme(glyphs: .unicode, usesColor: true))
        scene.pictures = pictures
        canvas = Canvas(width: width, height: height)
        state = CarouselState(count: deck.count, start: 0, mode: .normal, style: .arc)
        state.send(.setViewport(Scene.viewport(width: width, height: height)))
    }

    /// One frame of motion: a move to the next card starts whenever the last one has settled.
    mutating func frame() {
        if !state.isAnimating { state.send(.move(1)) }
        state.send(.tick(1.0 / 60))
        blackHole(scene.render(state, deck: deck, into: &canvas).cursor?.x)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .milliseconds,
        warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 200)

    // Conversion alone (chafa), from a picture already decoded at its level for the size.
    let examplePicture = (try? FileManager.default.contentsOfDirectory(atPath: examples))?
        .filter { $0.hasSuffix(".png") }.sorted().first.map { examples + "/" + $0 }
    for (columns, rows) in [(20, 10), (40, 20), (80, 40), (160, 50)] {
        Benchmark("picture/convert/\(columns)x\(rows)",
                  configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 3, maxIterations: 200)) { benchmark in
            let picture = try Picture.load(path: examplePicture!, maxSize: PixelSize.enough(columns: columns, rows: rows))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(picture.cells(columns: columns, rows: rows, depth: .truecolor, ascii: false))
            }
        }
    }

    // Open a folder of 1,000 photos and draw the first frame (placeholders; the pictures are
    // converted by the workers after it).
    let thousand = 1_000
    Benchmark("picture/first-frame/1000-photos",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds,
                                   warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)) { (benchmark: Benchmark, directory: String) in
        for _ in benchmark.scaledIterations {
            let deck = try DeckLoader.load(paths: [directory], options: LoadOptions(checkPicture: PhotoFolder.check))
            precondition(deck.cards.count == thousand)
            let store = PictureStore(depth: .truecolor, ascii: false, execution: .background(workers: 2))
            var reel = Reel(deck: CardList(deck.cards), pictures: store, width: 100, height: 45)
            reel.frame()
        }
    } setup: {
        try PhotoFolder.write("thousand", count: thousand, width: 1600, height: 1200)
    } teardown: {
        PhotoFolder.remove()
    }

    // Frames in motion while a worker decodes an 8000 x 8000 JPEG shown on the first card.
    Benchmark("picture/frame/while-8000x8000-loads",
              configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 0,
                                   maxDuration: .seconds(5), maxIterations: 2_000)) { (benchmark: Benchmark, paths: [String]) in
        let cards = paths.map { Card(id: $0, title: "photo", content: .image(PictureFile(path: $0))) }
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .background(workers: 2))
        var reel = Reel(deck: CardList(cards), pictures: store, width: 100, height: 45)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { reel.frame() }
    } setup: {
        let big = try PhotoFolder.write("big", count: 1, width: 8000, height: 8000)
        let small = try PhotoFolder.write("small", count: 8, width: 1600, height: 1200)
        let smalls = try FileManager.default.contentsOfDirectory(atPath: small).sorted().map { small + "/" + $0 }
        return [big + "/IMG_0000.jpg"] + smalls
    } teardown: {
        PhotoFolder.remove()
    }

    // Browse all of a folder of 1,000 photos, converting each as it comes (the store's budgets
    // keep what is held to the last few): the peak resident memory is what the README states.
    Benchmark("picture/browse/1000-photos",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident], timeUnits: .seconds,
                                   warmupIterations: 0, maxDuration: .seconds(120), maxIterations: 1)) { (benchmark: Benchmark, directory: String) in
        let deck = try DeckLoader.load(paths: [directory], options: LoadOptions(checkPicture: PhotoFolder.check))
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        var reel = Reel(deck: CardList(deck.cards), pictures: store, width: 100, height: 45)
        benchmark.startMeasurement()
        while reel.state.activeIndex < thousand - 1 {
            reel.frame()
        }
        benchmark.stopMeasurement()
        let usage = store.usage
        FileHandle.standardError.write(Data(
            "picture/browse/1000-photos: \(usage.decodes) decodes, \(usage.conversions) conversions; held at the end: \(usage.decodedPictures) pictures (\(usage.pixelBytes >> 20) MiB), \(usage.tiles) tiles (\(usage.cells) cells)\n".utf8))
    } setup: {
        try PhotoFolder.write("browse", count: thousand, width: 1600, height: 1200)
    } teardown: {
        PhotoFolder.remove()
    }
}
