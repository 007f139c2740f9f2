import CarouselCanvas
import CarouselCards
import CarouselThreads
import CPictures
import Synchronization

/// Pictures as cells for the renderer, converted off the frame path: a card asks for its picture
/// at its size, gets it at once if it has been converted, else the same picture at another size
/// (or nothing: a placeholder) while a worker decodes and converts it and then wakes the program
/// loop. What a frame asks for comes first, then the cards next to the screen. Decoded pictures
/// and converted cells are each held within a budget, least recently used first out, so a
/// folder of 1,000 photos costs what the few on and near the screen cost.
public final class PictureStore: PictureSource {
    /// Where conversions run.
    public enum Execution: Sendable {
        /// On up to `workers` background threads; the loop is woken when a picture is ready.
        case background(workers: Int)
        /// At once, in `lookup` (for `--render`: the screen printed is the one with its pictures).
        case inline
        /// Only when `runPending()` is called (for tests that look at the placeholder first).
        case manual
    }

    /// How much is kept.
    public struct Budget: Sendable {
        /// Decoded pixels (RGBA), in bytes.
        public var pixelBytes: Int
        /// Converted cells, over every picture, size and blur step.
        public var cells: Int

        public init(pixelBytes: Int = 32 << 20, cells: Int = 1 << 19) {
            self.pixelBytes = pixelBytes
            self.cells = cells
        }
    }

    public let depth: PictureColorDepth
    public let ascii: Bool
    public let budget: Budget
    private let execution: Execution
    private let wake: @Sendable () -> Void
    private let state = Mutex(State())

    /// Figures for tests, benchmarks and the README.
    public struct Usage: Sendable, Equatable {
        public var decodedPictures: Int
        public var pixelBytes: Int
        public var tiles: Int
        public var cells: Int
        public var failures: Int
        /// Conversions done (tiles made), since the store was made.
        public var conversions: Int
        /// Files decoded, since the store was made (each level read from a file counts; one halved from a level held does not).
        public var decodes: Int
    }

    public init(depth: PictureColorDepth, ascii: Bool, execution: Execution, budget: Budget = Budget(),
                wake: @escaping @Sendable () -> Void = {}) {
        self.depth = depth
        self.ascii = ascii
        self.execution = execution
        self.budget = budget
        self.wake = wake
    }

    public var usage: Usage {
        state.withLock { s in
            Usage(decodedPictures: s.decoded.count, pixelBytes: s.pixelBytes, tiles: s.tiles.count, cells: s.cells,
                  failures: s.failures.count, conversions: s.conversions, decodes: s.decodes)
        }
    }

    // MARK: - PictureSource

    public func beginFrame() {
        state.withLock { s in
            // Whatever is still wanted is asked for again by this frame.
            s.frameJobs.removeAll(keepingCapacity: true)
            s.prefetchJobs.removeAll(keepingCapacity: true)
            s.queued = s.converting
        }
    }

    public func takeFailures() -> [PictureFailure] {
        state.withLock { s in
            defer { s.newFailures.removeAll() }
            return s.newFailures
        }
    }

    public func failure(of file: PictureFile) -> PictureFailure? {
        state.withLock { $0.failures[file] }
    }

    public func forget() {
        state.withLock { s in
            s.tiles.removeAll()
            s.latest.removeAll()
            s.decoded.removeAll()
            s.originals.removeAll()
            s.failures.removeAll()
            s.cells = 0
            s.pixelBytes = 0
            s.frameJobs.removeAll()
            s.prefetchJobs.removeAll()
            s.queued = s.converting
        }
    }

    public func lookup(_ request: PictureRequest) -> PictureLookup {
        let found = state.withLock { s -> PictureLookup? in
            if let answer = s.answer(request) { return answer }
            if !s.queued.contains(request) {
                s.queued.insert(request)
                s.frameJobs.append(request)
            }
            return nil
        }
        if let found { return found }
        switch execution {
        case .inline:
            runPending()
            return state.withLock { s in s.answer(request) ?? s.standIn(for: request) }
        case .background(let workers):
            startWorkers(upTo: workers)
        case .manual:
            break
        }
        return state.withLock { s in s.standIn(for: request) }
    }

    public func prefetch(_ request: PictureRequest) {
        let added = state.withLock { s -> Bool in
            guard s.answer(request) == nil, !s.queued.contains(request) else { return false }
            s.queued.insert(request)
            s.prefetchJobs.append(request)
            return true
        }
        guard added else { return }
        if case .background(let workers) = execution { startWorkers(upTo: workers) }
    }

    /// Converts everything asked for so far (or the first `limit` jobs), on this thread, then
    /// wakes the loop if anything was done. (The background workers run the same.)
    public func runPending(upTo limit: Int = .max) {
        var done = 0
        while done < limit, let job = state.withLock({ s in s.takeJob() }) {
            perform(job)
            done += 1
        }
        if done > 0 { wake() }
    }

    // MARK: - Work

    private func startWorkers(upTo limit: Int) {
        let start = state.withLock { s -> Int in
            let wanted = min(max(1, limit) - s.workers, s.frameJobs.count + s.prefetchJobs.count)
            guard wanted > 0 else { return 0 }
            s.workers += wanted
            return wanted
        }
        for started in 0..<start {
            let running = BackgroundThread.start(name: "carousel-pics") { [self] in
                while let job = state.withLock({ s -> PictureRequest? in
                    let job = s.takeJob()
                    if job == nil { s.workers -= 1 }
                    return job
                }) {
                    perform(job)
                    wake()
                }
            }
            if !running {
                // No thread to be had: the jobs wait until a frame asks for a picture again (at
                // rest, after the next key).
                state.withLock { s in s.workers -= start - started }
                return
            }
        }
    }

    /// Decodes (if need be) and converts one picture, and keeps the result.
    private func perform(_ request: PictureRequest) {
        defer { state.withLock { s in s.finish(request) } }
        let needed = PixelSize.enough(columns: request.columns, rows: request.rows)
        // A picture at a size is always converted from the same pixels: its level for that size,
        // held, halved from a larger level held, or decoded (a card that passed through a larger
        // size settled on other glyphs than a fresh start: helper-77).
        let held = state.withLock { s in s.decodedPicture(request.file, enoughFor: needed) }
        var picture = held?.picture
        if let held, held.picture.level != held.level {
            picture = held.picture.halved(toLevel: held.level)
            if let picture { state.withLock { s in s.keep(picture, of: request.file, decoded: false, budget: budget) } }
        }
        if picture == nil {
            do {
                let loaded = try Picture.load(pathBytes: request.file.path, maxSize: needed)
                state.withLock { s in s.keep(loaded, of: request.file, decoded: true, budget: budget) }
                picture = loaded
            } catch {
                state.withLock { s in
                    let failure = PictureStore.failure(error, of: request.file)
                    s.failures[request.file] = failure
                    s.newFailures.append(failure)
                }
                return
            }
        }
        guard var source = picture else { return }
        if request.blurStep > 0 {
            // Out of focus: drawn (and smoothly enlarged by chafa) from a copy with fewer pixels
            // than there are cells, so that each edge spreads over a few cells: about 1.5 at the
            // first step, 4.5 at the last.
            let perCell = 1 / (0.5 + Double(request.blurStep))
            let soft = PixelSize(width: max(1, Int(Double(request.columns) * perCell)),
                                 height: max(1, Int(Double(2 * request.rows) * perCell)))
            if let blurred = source.scaled(toFit: soft) { source = blurred }
        }
        let tile = PictureStore.tile(source.cells(columns: request.columns, rows: request.rows, depth: depth, ascii: ascii,
                                                  smooth: request.blurStep > 0))
        state.withLock { s in s.keep(tile, for: request, budget: budget) }
    }

    /// A failure with nothing in its words a terminal would act on.
    static func failure(_ error: PictureError, of file: PictureFile) -> PictureFailure {
        func plain(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : $0 }))
        }
        return PictureFailure(file: file, name: plain(error.path ?? ""), reason: plain(error.reason))
    }

    /// Chafa's cells as canvas cells: palette entries where the depth is indexed (sent as chosen),
    /// RGB otherwise; the RGB kept beside them for fading.
    static func tile(_ picture: PictureCells) -> PictureTile {
        var cells: [Cell] = []
        var inks: [PictureInk] = []
        cells.reserveCapacity(picture.cells.count)
        inks.reserveCapacity(picture.cells.count)
        for c in picture.cells {
            let fg: Color = c.foregroundIndex.map(Color.indexed) ?? c.foreground.map(Color.rgb) ?? .default
            let bg: Color = c.backgroundIndex.map(Color.indexed) ?? c.background.map(Color.rgb) ?? .default
            if c.isPicture, c.scalar != " ", fg == .default, bg != .default {
                // The glyph's part is transparent (the edge of a shape on a transparent picture):
                // drawn in the terminal's default foreground, it ringed the shape with specks of
                // white (black on a light theme). Reversed, the glyph shows the default background
                // and the rest of the cell the colour.
                cells.append(Cell(Character(c.scalar), style: CellStyle(foreground: bg, background: .default, attributes: .reverse)))
                inks.append(PictureInk(foreground: c.background, background: nil))
                continue
            }
            cells.append(Cell(Character(c.scalar), style: CellStyle(foreground: fg, background: bg)))
            inks.append(PictureInk(foreground: c.foreground, background: c.background))
        }
        return PictureTile(width: picture.columns, height: picture.rows, cells: cells, inks: inks, area: picture.pictureArea)
    }
}

extension PictureStore {
    /// Keeps the heap from growing with every picture decoded (see `cp_tune_heap`): 300 photos
    /// browsed held 186 MB resident after a zoomed sweep, 65 MB so (helper-60). Called once, at
    /// the start, before any thread.
    public static func keepHeapSmall() { cp_tune_heap() }

    struct Held<Value> {
        var value: Value
        var used: UInt64
    }

    struct Decoded: Hashable {
        var file: PictureFile
        var level: Int
    }

    struct State {
        var tiles: [PictureRequest: Held<PictureTile>] = [:]
        var cells = 0
        /// The last tile made of each file: what stands in while another size is converted.
        var latest: [PictureFile: PictureRequest] = [:]
        /// Decoded pictures, by file and level.
        var decoded: [Decoded: Held<Picture>] = [:]
        /// Each file's size, once decoded (what its level for a size is found from).
        var originals: [PictureFile: PixelSize] = [:]
        var pixelBytes = 0
        var failures: [PictureFile: PictureFailure] = [:]
        /// Failures not yet taken by the app.
        var newFailures: [PictureFailure] = []
        var frameJobs: [PictureRequest] = []
        var prefetchJobs: [PictureRequest] = []
        /// Asked for and not yet done.
        var queued: Set<PictureRequest> = []
        var converting: Set<PictureRequest> = []
        /// Files being decoded or converted (one worker per file at a time).
        var busy: Set<PictureFile> = []
        var workers = 0
        var clock: UInt64 = 0
        var conversions = 0
        var decodes = 0

        mutating func tick() -> UInt64 {
            clock += 1
            return clock
        }

        /// What can be answered now without converting: the tile, or the failure.
        mutating func answer(_ request: PictureRequest) -> PictureLookup? {
            if tiles[request] != nil {
                tiles[request]!.used = tick()
                return .ready(tiles[request]!.value)
            }
            if let failure = failures[request.file] { return .failed(failure.description) }
            return nil
        }

        func standIn(for request: PictureRequest) -> PictureLookup {
            if let other = latest[request.file], let held = tiles[other] { return .standIn(held.value) }
            return .pending
        }

        /// The next job: the latest of the frame's (the active card is drawn last), then the
        /// cards ahead in the order asked; never a file another worker holds.
        mutating func takeJob() -> PictureRequest? {
            if let i = frameJobs.lastIndex(where: { !busy.contains($0.file) }) {
                return start(frameJobs.remove(at: i))
            }
            if let i = prefetchJobs.firstIndex(where: { !busy.contains($0.file) }) {
                return start(prefetchJobs.remove(at: i))
            }
            return nil
        }

        private mutating func start(_ job: PictureRequest) -> PictureRequest {
            busy.insert(job.file)
            converting.insert(job)
            return job
        }

        mutating func finish(_ request: PictureRequest) {
            busy.remove(request.file)
            converting.remove(request)
            queued.remove(request)
        }

        /// What a conversion for `needed` starts from: the file's picture at the level for it,
        /// or the nearest larger level held that halves to exactly those pixels (with the level
        /// wanted); nil when neither is held or the file was never decoded.
        mutating func decodedPicture(_ file: PictureFile, enoughFor needed: PixelSize) -> (picture: Picture, level: Int)? {
            guard let original = originals[file] else { return nil }
            let level = Picture.level(width: original.width, height: original.height, for: needed)
            for larger in stride(from: level, through: 0, by: -1) {
                let key = Decoded(file: file, level: larger)
                guard let held = decoded[key]?.value else { continue }
                guard larger == level || held.canHalve(toLevel: level) else { return nil }
                decoded[key]!.used = tick()
                return (held, level)
            }
            return nil
        }

        /// Keeps a picture of `file` (at its level); `decoded`: read from the file, not halved
        /// from a level held.
        mutating func keep(_ picture: Picture, of file: PictureFile, decoded fromFile: Bool, budget: Budget) {
            if fromFile { decodes += 1 }
            originals[file] = PixelSize(width: picture.originalWidth, height: picture.originalHeight)
            let key = Decoded(file: file, level: picture.level)
            if let old = decoded[key] { pixelBytes -= old.value.byteCount }
            decoded[key] = Held(value: picture, used: tick())
            pixelBytes += picture.byteCount
            while pixelBytes > budget.pixelBytes, decoded.count > 1,
                  let oldest = decoded.min(by: { $0.value.used < $1.value.used }) {
                pixelBytes -= oldest.value.value.byteCount
                decoded[oldest.key] = nil
            }
        }

        mutating func keep(_ tile: PictureTile, for request: PictureRequest, budget: Budget) {
            conversions += 1
            if let old = tiles[request] { cells -= old.value.cells.count }
            tiles[request] = Held(value: tile, used: tick())
            latest[request.file] = request
            cells += tile.cells.count
            guard cells > budget.cells else { return }
            // Out with the least recently used, down to three quarters of the budget (so this
            // sort runs once in a while, not at every conversion).
            let order = tiles.sorted { $0.value.used < $1.value.used }
            for (key, held) in order where cells > budget.cells * 3 / 4 && key != request {
                cells -= held.value.cells.count
                tiles[key] = nil
                if latest[key.file] == key { latest[key.file] = nil }
            }
        }
    }
}
