import CarouselCanvas
import CarouselCards
import CarouselPictures
import Foundation
import Synchronization
import Testing

/// The picture store: conversion off the frame path, what stands in meanwhile, the budgets.
@Suite struct PictureStoreTests {
    /// Counts the wake-ups a store sends (from any thread).
    final class Wakes: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    static func file(_ name: String, _ bytes: [UInt8]) throws -> PictureFile {
        PictureFile(path: try TestImages.temporaryFile(name, bytes))
    }

    static func tile(_ lookup: PictureLookup) -> PictureTile? {
        if case .ready(let tile) = lookup { return tile }
        return nil
    }

    /// The colour a reader sees in a tile's cell (its background around a space, else its foreground).
    static func seen(_ tile: PictureTile, _ x: Int, _ y: Int) -> PictureInk { tile.inks[y * tile.width + x] }

    @Test func inlineConvertsAtOnceAtTheSizeAsked() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        let file = try Self.file("store-split.bmp", TestImages.split())
        let tile = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: 20, rows: 10, blurStep: 0))))
        #expect(tile.width == 20 && tile.height == 10)
        #expect(tile.area == CellRect(x: 0, y: 0, width: 20, height: 10))
        // Left half red, right half blue, in 24-bit colour.
        for y in 0..<10 {
            #expect(Self.seen(tile, 2, y).background?.isReddish == true)
            #expect(Self.seen(tile, 17, y).background?.isBluish == true)
        }
        #expect(tile.cells.allSatisfy { cell in
            if case .indexed = cell.style.background { return false }
            return true
        })
        // Asked again: the same, without converting again.
        _ = store.lookup(PictureRequest(file: file, columns: 20, rows: 10, blurStep: 0))
        #expect(store.usage.conversions == 1 && store.usage.decodes == 1)
    }

    /// Where a glyph's part of a cell is transparent (the edge of a shape on a transparent
    /// picture), it is never drawn in the terminal's default foreground, which ringed the shape
    /// with white specks (helper-34): the cell is reversed, its glyph showing the default
    /// background and the rest the picture's colour; a wholly transparent cell is a blank.
    @Test func transparentEdgesAreNeverInkedInTheDefaultForeground() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        let file = PictureFile(path: TestImages.fixture("disc-transparent.png"))
        var reversed = 0
        for (columns, rows) in [(21, 10), (13, 7), (31, 9), (7, 3)] {
            let tile = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: columns, rows: rows, blurStep: 0))))
            for (i, cell) in tile.cells.enumerated() where cell.glyph != " " {
                #expect(cell.style.foreground != .default, "\(columns)x\(rows), cell \(i): \(cell.glyph) in the default ink")
                if cell.style.attributes.contains(.reverse) {
                    reversed += 1
                    let ink = tile.inks[i].foreground
                    #expect(cell.style.background == .default && tile.inks[i].background == nil)
                    #expect(ink.map { $0.r > $0.g && $0.r > $0.b } == true, "the disc's red: \(String(describing: ink))")
                }
            }
        }
        #expect(reversed > 0, "an edge that falls inside a cell")
    }

    /// A shape on a transparent picture, out of focus (a card beside the active one, a ring's
    /// back), still shows, blurred: its small copy's pixels are the shape's or transparent, not
    /// a faint average chafa drew as blanks (helper-60: a red disc was blank cells with only a
    /// foreground colour).
    @Test func aTransparentPictureOutOfFocusStillShows() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        let file = PictureFile(path: TestImages.fixture("disc-small-transparent.png"))
        for blur in 1...PictureRequest.blurSteps {
            for (columns, rows) in [(5, 3), (6, 3), (9, 4), (14, 7), (21, 10)] {
                let tile = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: columns, rows: rows, blurStep: blur))))
                let shown = tile.cells.indices.filter { i in
                    let cell = tile.cells[i]
                    let red = { (c: RGB?) in c.map { Int($0.r) > 2 * Int($0.g) && Int($0.r) > 2 * Int($0.b) } == true }
                    return red(tile.inks[i].background) || (cell.glyph != " " && red(tile.inks[i].foreground))
                }
                #expect(shown.count * 4 >= columns * rows / 2, "blur \(blur), \(columns)x\(rows): \(shown.count) cells show the disc")
            }
        }
    }

    /// What is not drawn in focus (a panel at alpha 100, under chafa's half) is not drawn out of
    /// focus either: it came out solid on the cards beside the active one (review), while the
    /// opaque disc beside it still shows.
    @Test func aTranslucentPanelStaysHiddenOutOfFocus() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        let file = PictureFile(path: TestImages.fixture("panel-translucent.png"))
        func count(_ tile: PictureTile, _ test: (RGB) -> Bool) -> Int {
            tile.cells.indices.filter { i in
                tile.inks[i].background.map(test) == true || (tile.cells[i].glyph != " " && tile.inks[i].foreground.map(test) == true)
            }.count
        }
        let blue = { (c: RGB) in Int(c.b) > 2 * Int(c.r) && Int(c.b) > 2 * Int(c.g) }
        let red = { (c: RGB) in Int(c.r) > 2 * Int(c.g) && Int(c.r) > 2 * Int(c.b) }
        let sharp = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: 20, rows: 10, blurStep: 0))))
        #expect(count(sharp, blue) == 0, "in focus, the panel is not drawn")
        for blur in 1...PictureRequest.blurSteps {
            let tile = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: 20, rows: 10, blurStep: blur))))
            #expect(count(tile, blue) <= 2 && count(tile, red) > 0, "blur \(blur): \(count(tile, blue)) blue, \(count(tile, red)) red")
        }
    }

    @Test func manualWaitsForRunPendingThenWakesTheLoop() throws {
        let wakes = Wakes()
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .manual, wake: { wakes.add() })
        let file = try Self.file("store-manual.bmp", TestImages.split())
        let small = PictureRequest(file: file, columns: 10, rows: 5, blurStep: 0)
        guard case .pending = store.lookup(small) else {
            Issue.record("a picture never converted must be pending")
            return
        }
        #expect(wakes.value == 0)
        store.runPending()
        #expect(wakes.value == 1)
        #expect(Self.tile(store.lookup(small))?.width == 10)

        // Another size: the one there is stands in until it is converted.
        store.beginFrame()
        let large = PictureRequest(file: file, columns: 30, rows: 15, blurStep: 0)
        guard case .standIn(let standIn) = store.lookup(large) else {
            Issue.record("the small tile must stand in for the large one")
            return
        }
        #expect(standIn.width == 10)
        store.runPending()
        #expect(Self.tile(store.lookup(large))?.width == 30)
        #expect(wakes.value == 2)
    }

    @Test func aFrameDropsWhatTheLastOneAskedForAndNoLongerWants() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .manual)
        let file = try Self.file("store-frames.bmp", TestImages.split())
        // A motion: each frame asks for a new size; only the last frame's is converted.
        for columns in 10..<20 {
            store.beginFrame()
            _ = store.lookup(PictureRequest(file: file, columns: columns, rows: 8, blurStep: 0))
        }
        store.runPending()
        #expect(store.usage.conversions == 1)
        #expect(Self.tile(store.lookup(PictureRequest(file: file, columns: 19, rows: 8, blurStep: 0))) != nil)
    }

    @Test func theFrameComesBeforeWhatIsFetchedAhead() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .manual)
        let shown = try Self.file("store-shown.bmp", TestImages.split())
        let ahead = try Self.file("store-ahead.bmp", TestImages.split())
        store.prefetch(PictureRequest(file: ahead, columns: 10, rows: 5, blurStep: 0))
        _ = store.lookup(PictureRequest(file: shown, columns: 10, rows: 5, blurStep: 0))
        store.runPending()
        #expect(store.usage.conversions == 2)
        #expect(Self.tile(store.lookup(PictureRequest(file: ahead, columns: 10, rows: 5, blurStep: 0))) != nil)
    }

    @Test func aDamagedFileFailsWithOneLineNamingIt() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        let whole = TestImages.split(width: 40, height: 40)
        let file = try Self.file("store-cut.bmp", Array(whole.prefix(whole.count / 3)))
        guard case .failed(let message) = store.lookup(PictureRequest(file: file, columns: 20, rows: 10, blurStep: 0)) else {
            Issue.record("a truncated picture must fail")
            return
        }
        #expect(message.hasPrefix(String(decoding: file.path, as: UTF8.self) + ": "), "\(message)")
        #expect(message.contains("truncated") || message.contains("damaged"), "\(message)")
        #expect(!message.contains("\n"))
        #expect(store.usage.failures == 1)
    }

    @Test func blurIsDrawnFromFewerPixels() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        let file = try Self.file("store-blur.bmp", TestImages.split(width: 80, height: 40))
        let sharp = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: 20, rows: 5, blurStep: 0))))
        let soft = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: 20, rows: 5, blurStep: PictureRequest.blurSteps))))
        /// Columns whose colour is neither red nor blue (red's share of red + blue between 0.2 and 0.8).
        func mixed(_ tile: PictureTile) -> [Int] {
            (0..<tile.width).filter { x in
                var red = 0.0, blue = 0.0
                for y in 0..<tile.height {
                    for c in [Self.seen(tile, x, y).foreground, Self.seen(tile, x, y).background].compactMap({ $0 }) {
                        red += Double(c.r)
                        blue += Double(c.b)
                    }
                }
                let share = red / max(1, red + blue)
                return share > 0.2 && share < 0.8
            }
        }
        // Sharp: red meets blue at one edge; blurred, the colours run into each other.
        #expect(mixed(sharp).count <= 2, "\(mixed(sharp))")
        #expect(mixed(soft).count >= 4, "\(mixed(soft)) \((0..<soft.width).map { Self.seen(soft, $0, 2).background.map { "\($0.r),\($0.b)" } ?? "-" })")
    }

    @Test(arguments: [PictureColorDepth.xterm256, .ansi16, .ansi8])
    func indexedDepthsSendThePaletteEntriesChafaChose(depth: PictureColorDepth) throws {
        let store = PictureStore(depth: depth, ascii: false, execution: .inline)
        let file = try Self.file("store-indexed-\(depth.rawValue).bmp", TestImages.noise())
        let tile = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: 16, rows: 8, blurStep: 0))))
        var entries: [UInt8] = []
        for cell in tile.cells {
            for color in [cell.style.foreground, cell.style.background] {
                switch color {
                case .indexed(let i): entries.append(i)
                case .rgb: Issue.record("an indexed depth must give palette entries, not RGB")
                case .default: break
                }
            }
        }
        #expect(!entries.isEmpty)
        switch depth {
        case .xterm256: #expect(entries.allSatisfy { $0 >= 16 })
        case .ansi16: #expect(entries.allSatisfy { $0 < 16 })
        default: #expect(entries.allSatisfy { $0 < 8 })
        }
    }

    @Test func asciiAndNoColourGiveSevenBitGlyphsInTheTerminalsColours() throws {
        let store = PictureStore(depth: .none, ascii: true, execution: .inline)
        let file = try Self.file("store-ascii.bmp", TestImages.horizontalGradient())
        let tile = try #require(Self.tile(store.lookup(PictureRequest(file: file, columns: 30, rows: 6, blurStep: 0))))
        #expect(tile.cells.allSatisfy { (0x20...0x7E).contains($0.firstScalar) && $0.secondScalar == nil })
        #expect(tile.cells.allSatisfy { $0.style == .plain })
        // Dark at the left, dense glyphs at the right.
        let row = (0..<30).map { Character(Unicode.Scalar(tile.cells[2 * 30 + $0].firstScalar)!) }
        #expect(row.first == " " && row.last != " ", "\(String(row))")
    }

    @Test func convertedCellsStayWithinTheirBudget() throws {
        let budget = PictureStore.Budget(pixelBytes: 64 << 20, cells: 4_000)
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline, budget: budget)
        let file = try Self.file("store-budget.bmp", TestImages.noise())
        var largest = 0
        for columns in stride(from: 10, through: 60, by: 2) {
            store.beginFrame()
            _ = store.lookup(PictureRequest(file: file, columns: columns, rows: 20, blurStep: 0))
            largest = max(largest, columns * 20)
            #expect(store.usage.cells <= budget.cells + largest, "\(store.usage)")
        }
        #expect(store.usage.cells <= budget.cells)
        #expect(store.usage.conversions == 26)
        #expect(store.usage.tiles < 26)
    }

    @Test func decodedPicturesStayWithinTheirBudget() throws {
        // Each 64x64 noise picture decodes to 16 KiB of RGBA; the budget holds three.
        let budget = PictureStore.Budget(pixelBytes: 3 * 64 * 64 * 4, cells: 1 << 20)
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline, budget: budget)
        for i in 0..<12 {
            let file = try Self.file("store-many-\(i).bmp", TestImages.noise(seed: UInt64(i)))
            store.beginFrame()
            #expect(Self.tile(store.lookup(PictureRequest(file: file, columns: 16, rows: 8, blurStep: 0))) != nil)
            #expect(store.usage.pixelBytes <= budget.pixelBytes, "\(store.usage)")
        }
        #expect(store.usage.decodedPictures == 3)
        #expect(store.usage.decodes == 12)
    }

    @Test func aLargerSizeDecodesAgainOnlyWhenThePictureHasMorePixels() throws {
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        let big = try Self.file("store-big.jpg", TestImages.greyJPEG(width: 2000, height: 2000))
        _ = store.lookup(PictureRequest(file: big, columns: 10, rows: 5, blurStep: 0))
        _ = store.lookup(PictureRequest(file: big, columns: 8, rows: 4, blurStep: 0))
        #expect(store.usage.decodes == 1)
        // Zoomed: more pixels are needed than the first decode kept, and the file has them.
        _ = store.lookup(PictureRequest(file: big, columns: 120, rows: 40, blurStep: 0))
        #expect(store.usage.decodes == 2)
        #expect(store.usage.pixelBytes >= 640 * 640 * 4)

        // A small picture is decoded whole the first time: never again.
        let small = try Self.file("store-small.bmp", TestImages.split())
        _ = store.lookup(PictureRequest(file: small, columns: 10, rows: 5, blurStep: 0))
        _ = store.lookup(PictureRequest(file: small, columns: 120, rows: 40, blurStep: 0))
        #expect(store.usage.decodes == 3)
    }

    /// A picture at a size is converted from the same pixels whatever sizes the store converted
    /// before: its level for that size, decoded, or halved from a larger level held (helper-77:
    /// cards that passed through a larger size settled on other glyphs than a fresh start).
    @Test(arguments: ["scene-exif6.jpg", "noise.bmp"])
    func aSizeGivesTheSameCellsWhateverCameBefore(name: String) throws {
        let file = name.hasSuffix(".jpg") ? PictureFile(path: TestImages.fixture(name))
            : try Self.file("store-level-\(name)", TestImages.noise(width: 640, height: 480))
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
        let sizes = [(60, 30), (40, 14), (20, 8), (8, 3), (4, 2), (30, 10), (100, 40), (6, 2), (40, 14)]
        for (columns, rows) in sizes {
            for blurStep in [0, 2] {
                let request = PictureRequest(file: file, columns: columns, rows: rows, blurStep: blurStep)
                store.beginFrame()
                let tile = try #require(Self.tile(store.lookup(request)))
                let fresh = PictureStore(depth: .truecolor, ascii: false, execution: .inline)
                let alone = try #require(Self.tile(fresh.lookup(request)))
                #expect(tile.area == alone.area, "\(columns)x\(rows), blur \(blurStep)")
                let differing = zip(tile.cells, alone.cells).count { $0 != $1 }
                #expect(tile.cells.count == alone.cells.count && differing == 0,
                        "\(columns)x\(rows), blur \(blurStep): \(differing) cells differ after the sizes before")
            }
        }
        // Several levels were held, and the smaller ones were made without reading the file
        // again when the format allows (every halving of a BMP; a JPEG's past 1/8).
        #expect(store.usage.decodedPictures >= 3, "\(store.usage)")
        #expect(store.usage.decodes < store.usage.decodedPictures, "\(store.usage)")
        if name.hasSuffix(".bmp") { #expect(store.usage.decodes == 1, "\(store.usage)") }
    }

    @Test func backgroundWorkersConvertAndWakeTheLoop() async throws {
        let wakes = Wakes()
        let store = PictureStore(depth: .truecolor, ascii: false, execution: .background(workers: 2), wake: { wakes.add() })
        var files: [PictureFile] = []
        for i in 0..<6 { files.append(try Self.file("store-bg-\(i).bmp", TestImages.noise(seed: UInt64(100 + i)))) }
        let requests = files.map { PictureRequest(file: $0, columns: 24, rows: 12, blurStep: 0) }
        for request in requests { _ = store.lookup(request) }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while store.usage.conversions < requests.count && clock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(store.usage.conversions == requests.count)
        #expect(wakes.value >= 1)
        for request in requests { #expect(Self.tile(store.lookup(request)) != nil) }
    }
}
