import CarouselCanvas
#if canImport(Glibc)
import Glibc
#endif

/// Turns each new frame into the bytes that bring the terminal's screen from the last frame to it:
/// the terminal layer of the carousel, in Swift and without curses (ncurses only starts the
/// terminal, reads keys and gives the terminal back).
///
/// It keeps what the terminal shows, cell by cell, as the terminal shows it (colours mapped to its
/// depth, attributes it lacks left out, the colour of a blank's invisible ink ignored), and sends
/// only what the eye would see change, as few bytes as it can find:
/// - the cheapest cursor move among absolute, column, relative and carriage return, or rewriting
///   the few unchanged cells in between when that is shorter than any move;
/// - the changed stretches of the rows grouped by ink (a card's stretches of many rows one after
///   another), so that the pen changes once per ink rather than once per card and row;
/// - one SGR sequence per change of look, switching only what differs or resetting, whichever is
///   shorter; colours in their shortest form for the depth;
/// - a run of one character (a card's border, its background) as the character and `CSI n b`,
///   the end of a row of blanks as `CSI K`, a long blank run without `rep` as `CSI n X`, where the
///   terminal declares them.
///
/// A frame allocates nothing once the buffers have their size: the bytes go into a buffer that is
/// kept, and the new canvas is swapped with the kept previous one rather than copied.
public struct FrameWriter {
    public let features: TerminalFeatures
    /// The bytes of the last frame (empty when nothing changed), kept in a buffer the writer
    /// reuses: see `withFrameBytes` for reading them without a copy.
    private var out = FrameBuffer(capacity: 1 << 16)

    /// A copy of the last frame's bytes (for tests; the terminal reads them with `withFrameBytes`).
    public var bytes: [UInt8] { withFrameBytes { Array($0) } }
    /// How many bytes the last frame has.
    public var byteCount: Int { out.count }
    /// Calls `body` with the last frame's bytes, valid only during the call.
    public func withFrameBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try out.withBytes(body)
    }

    private var previous: Canvas?
    /// What each cell of the terminal shows, and how many damaged cells each row has (while a frame
    /// is written they are reached through pointers, `Model`, not these arrays).
    private var shownStore: [Look] = []
    private var damagedStore: [Int] = []
    private var shownWidth = 0, shownHeight = 0
    private var mustClear = true
    private var pen = Pen()
    /// Where the terminal's cursor is; x < 0 when unknown (after a wide glyph or at the right
    /// margin, where the row may still be known: see `cheapestMove`).
    private var cursorX = -1, cursorY = -1
    /// A glyph whose width terminals may count otherwise than carousel does (a wide one, an emoji,
    /// a cluster) was written since the cursor was last placed at an absolute position: where the
    /// cursor is then may be wrong on the terminal, and after the last column only an absolute
    /// move finds it again (a carriage return would carry the error down the screen).
    private var widthsMayDiffer = false
    private var tailRow = -1, tailIndex = 0
    private var foreground: ColorCoder
    private var background: ColorCoder
    private var lastStyle = CellStyle.plain
    private var lastForeground: UInt32 = 0, lastBackground: UInt32 = 0
    /// The same for blanks, of which only the background shows (see `look(of:)`).
    private var lastBlankStyle = CellStyle.plain
    private var lastBlankBackground: UInt32 = 0
    /// The changed stretches of the frame's rows, gathered before they are written (kept, with its capacity).
    private var stretches: [Stretch] = []
    /// The bytes of the gathered stretches, made as they were gathered (kept, with its capacity).
    private var pending = FrameBuffer(capacity: 1 << 14)
    private var scratch: [UInt8] = []
    private var alternative: [UInt8] = []
    private let attributeMask: UInt8

    public init(features: TerminalFeatures) {
        self.features = features
        foreground = ColorCoder(depth: features.depth)
        background = ColorCoder(depth: features.depth, background: true)
        attributeMask = features.attributes.rawValue
        scratch.reserveCapacity(64)
        alternative.reserveCapacity(64)
    }

    /// Forgets what the terminal shows: the next frame clears the screen and draws everything.
    public mutating func invalidate() {
        mustClear = true
        previous = nil
    }

    /// Fills `bytes` with what brings the screen to `canvas`, ending with the cursor at `cursor`
    /// (nil: left wherever it is; hide it separately). `canvas` comes back holding an older frame,
    /// ready to be drawn over.
    public mutating func write(_ canvas: inout Canvas, cursor: (x: Int, y: Int)?) {
        out.removeAll()
        let width = canvas.width, height = canvas.height
        if width != shownWidth || height != shownHeight {
            shownWidth = width
            shownHeight = height
            shownStore = Array(repeating: Look.blank, count: width * height)
            damagedStore = Array(repeating: 0, count: height)
            mustClear = true
        }
        var old = previous
        previous = nil
        if mustClear {
            mustClear = false
            old = nil
            append("\u{1B}[m\u{1B}[H\u{1B}[2J")
            pen = Pen()
            cursorX = 0
            cursorY = 0
            widthsMayDiffer = false
            for i in shownStore.indices { shownStore[i] = .blank }
            for y in damagedStore.indices { damagedStore[y] = 0 }
        }
        // The model is written through pointers while the frame is made (no copy-on-write or
        // bounds checks per cell): moved out of self for that time.
        var looks: [Look] = []
        var damaged: [Int] = []
        swap(&looks, &shownStore)
        swap(&damaged, &damagedStore)
        looks.withUnsafeMutableBufferPointer { looks in
            damaged.withUnsafeMutableBufferPointer { damaged in
                let model = Model(shown: looks.baseAddress!, damagedInRow: damaged.baseAddress!, width: width)
                if let kept = old, kept.width == width, kept.height == height {
                    kept.cells.withUnsafeBufferPointer { before in
                        canvas.cells.withUnsafeBufferPointer { after in
                            kept.painted.withUnsafeBufferPointer { paintedBefore in
                                canvas.painted.withUnsafeBufferPointer { paintedAfter in
                                    paint(after, before: before, painted: (paintedBefore, paintedAfter), width: width, height: height, model)
                                }
                            }
                        }
                    }
                } else {
                    canvas.cells.withUnsafeBufferPointer { after in
                        paint(after, before: nil, painted: nil, width: width, height: height, model)
                    }
                }
            }
        }
        swap(&looks, &shownStore)
        swap(&damaged, &damagedStore)
        if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < width, cursor.y < height {
            moveCursor(toX: cursor.x, y: cursor.y)
        }
        // Keep this frame as the previous one by swapping storage (no copy on write).
        if var kept = old, kept.width == width, kept.height == height {
            swap(&kept, &canvas)
            previous = kept
        } else {
            previous = canvas
        }
    }

    /// What the terminal shows, reached through pointers while a frame is written.
    private struct Model {
        let shown: UnsafeMutablePointer<Look>
        let damagedInRow: UnsafeMutablePointer<Int>
        let width: Int

        /// Sets what cell j shows, counting the damaged cells of each row (a row without any can be
        /// skipped whole when it is byte for byte the last frame's).
        @inline(__always)
        func set(_ j: Int, _ look: Look) {
            let was = shown[j].width == Look.damaged, now = look.width == Look.damaged
            if was != now { damagedInRow[j / width] += now ? 1 : -1 }
            shown[j] = look
        }
    }

    // MARK: - Cells

    /// `painted`: the columns of each row that each frame wrote (both blank elsewhere).
    private mutating func paint(_ after: UnsafeBufferPointer<Cell>, before: UnsafeBufferPointer<Cell>?,
                                painted: (before: UnsafeBufferPointer<RowSpan>, after: UnsafeBufferPointer<RowSpan>)?,
                                width: Int, height: Int, _ model: Model) {
        let shown = model.shown
        tailRow = -1
        pending.removeAll()
        defer { writeStretches(width: width, model) }
        for y in 0..<height {
            let row = y * width
            var x = 0, end = width
            // Cells from `shiftStart` on show what was `shift` columns to their right (see `slide`).
            var shiftStart = width, shift = 0
            if let painted, model.damagedInRow[y] == 0 {
                // Outside the columns either frame painted both are blank, as the terminal shows them.
                let span = painted.before[y].union(painted.after[y])
                if span.isEmpty { continue }
                x = Int(span.lower)
                end = Int(span.upper)
                if memcmp(before!.baseAddress! + row + x, after.baseAddress! + row + x, (end - x) * MemoryLayout<Cell>.stride) == 0 {
                    continue  // byte for byte the row of the last frame, which the terminal shows
                }
            }
            // (Not the last row where the terminal cannot write the bottom-right cell: a shift there
            // would push a glyph into that cell, or let a blank in, that no write could then correct.)
            if let before, features.shiftsCharacters, features.writesBottomRight || y < height - 1 {
                if model.damagedInRow[y] == 0 {
                    // (No damaged cell in the row: only the two frames' cells are compared.)
                    let old = before.baseAddress! + row, new = after.baseAddress! + row
                    while x < width && old[x] == new[x] { x += 1 }
                } else {
                    while x < width && Self.same(before, row + x, after, row + x) && shown[row + x].width != Look.damaged { x += 1 }
                }
                if let found = slide(after, before: before, row: row, y: y, from: x, width: width, model) {
                    shiftStart = x
                    shift = found
                    // Shifted in, what was painted further right may land beyond the span.
                    end = width
                }
            }
            x = gather(after, before: before, from: x, to: end, y: y, row: row, width: width, height: height,
                       shiftStart: shiftStart, shift: shift, model)
            // A row with a wide glyph or a damaged cell in what changed: written now, left to right.
            while x < end {
                let i = row + x
                if let before, Self.unchanged(i, x: x, after, before: before, row: row, width: width,
                                              shiftStart: shiftStart, shift: shift, model) {
                    x += 1
                    continue
                }
                let look = look(of: after[i])
                if look == shown[i] { x += 1; continue }
                if writeHere(look, after, x: x, y: y, row: row, width: width, model) {
                    x += 1
                    continue
                }
                // A wide glyph is written from its first column; so is one the new cell overwrites.
                var start = x
                if start > 0 && (look.width == 0 && after[i - 1].width == 2 || shown[i].width == 0) {
                    start -= 1
                    // Whatever is written at start, this cell is drawn again after it.
                    if shown[i].width == 0 && look.width != 0 { model.set(i, .damagedCell) }
                }
                x = put(after, from: start, y: y, row: row, width: width, height: height, look: start == x ? look : nil, model)
            }
        }
    }

    /// A row's changed cells are written after every row was looked at, grouped by ink: on a
    /// screen of overlapping cards, written row by row, each card's stretch of each row would begin
    /// with a colour change; in groups the pen changes once per ink and frame, and a stretch costs
    /// only the move to it (from the stretch of the same ink a row above: a line feed and a short
    /// move along).
    ///
    /// This passes over the row once. Each changed cell joins a stretch of one canvas style (blanks
    /// join the style beside them), its look is found and compared with what the terminal shows,
    /// the model is set, and the stretch's bytes are made at once into `pending` (runs of one cell
    /// repeated or erased); writing the stretch later is a move, a pen and a copy (`write(stretch:)`).
    /// A few cells in between that the terminal shows already are written again with the stretch's
    /// pen when that is shorter than moving over them; more end the stretch.
    ///
    /// Stops at a wide glyph or a damaged cell among what changed and returns its column: the rest
    /// of the row is written at once, left to right, as wide glyphs ask. Otherwise returns `end`.
    private mutating func gather(_ after: UnsafeBufferPointer<Cell>, before: UnsafeBufferPointer<Cell>?, from start: Int, to end: Int,
                                 y: Int, row: Int, width: Int, height: Int, shiftStart: Int, shift: Int, _ model: Model) -> Int {
        let shown = model.shown + row, new = after.baseAddress! + row
        var g = Gathering(y: y, row: row, width: width, height: height)
        // Where a cell is unchanged exactly when it is the last frame's: before any shift, in a row
        // without damaged cells. Runs of such cells are passed over comparing the frames alone.
        let plainUpTo = before != nil && model.damagedInRow[y] == 0 ? min(shiftStart, end) : start
        // Likewise after a shift, the last frame's cells `shift` columns on: from `shiftedFrom` to `shiftedUpTo`.
        let shiftedFrom = max(shiftStart, shiftStart - shift)
        let shiftedUpTo = before != nil && model.damagedInRow[y] == 0 && shift != 0 ? min(end, width - shift) : shiftedFrom
        var x = start
        while x < end {
            // In the two ranges the comparison of the frames is the whole answer (a cell that
            // differs there has changed, and one that does not shows as it must): before the shift
            // with the same column, after it with the column `shift` on. (-1: in neither.)
            let limit = x < plainUpTo ? plainUpTo : x >= shiftedFrom && x < shiftedUpTo ? shiftedUpTo : -1
            var old = new
            if limit >= 0 {
                old = before.unsafelyUnwrapped.baseAddress! + row + (x < plainUpTo ? 0 : shift)
                if old[x] == new[x] {
                    let from = x
                    x += 1
                    while x < limit && old[x] == new[x] { x += 1 }
                    if g.open && !keeps(&g, new, from: from, to: x) && finish(&g, after, model) { return end }
                    continue
                }
            } else if let before, Self.unchanged(row + x, x: x, after, before: before, row: row, width: width,
                                                 shiftStart: shiftStart, shift: shift, model) {
                if g.open && finish(&g, after, model) { return end }
                x += 1
                continue
            }
            let cell = new[x]
            guard cell.width == 1 && shown[x].width == 1 else {
                if g.open { _ = finish(&g, after, model) }
                return x
            }
            if !(g.open && join(cell, &g)) {
                if g.open && finish(&g, after, model) { return end }
                open(&g, cell, at: x)
            }
            if take(cell, at: x, &g, after, model) { return end }
            x += 1
            guard limit >= 0 else { continue }
            // The changed cells after it that join the stretch, most of them in `sweep`.
            while x < limit {
                if g.written && g.runCount > 0 {
                    x = sweep(&g, from: x, to: limit, new: new, old: old, after, model)
                    guard x < limit else { break }
                }
                let next = new[x]
                guard !(old[x] == next) && next.width == 1 && shown[x].width == 1 && join(next, &g) else { break }
                if take(next, at: x, &g, after, model) { return end }
                x += 1
            }
        }
        if g.open { _ = finish(&g, after, model) }
        return end
    }

    /// The loop most changed cells go through, the stretch's state held in locals (a function of
    /// its own, not inlined into `gather`): from `start` on (below `limit`, where the last frame's
    /// cell is `old[x]`), the cells that join the open stretch without a question (its glyphs' style, or blanks on its
    /// background). Those the terminal shows already (unchanged, or changed to the same look) are
    /// holes: written again with the next cell that is not, if that is shorter than moving over
    /// them. Returns the column where it stopped (a cell that does not join, or the first cell
    /// after holes too long to write again, left in `g.holes`); `gather` goes on from there.
    @inline(never)
    private mutating func sweep(_ g: inout Gathering, from start: Int, to limit: Int, new: UnsafePointer<Cell>, old: UnsafePointer<Cell>,
                                _ after: UnsafeBufferPointer<Cell>, _ model: Model) -> Int {
        let shown = model.shown + g.row
        let glyphBits = g.glyphBits, blankBits = g.blankBits
        // The style and width of the stretch's glyphs (none while it has only blanks: no cell has
        // width 15), and, for a blank that joins it, its background, width and the attributes
        // that would show on it.
        let glyphWord = g.blankSoFar ? UInt64.max : g.word
        let visible = UInt64(attributeMask & Look.visibleOnBlank) << 52
        let blankMask = Gathering.background | visible | 0xF << 60
        let blankWord = g.spaceIsBlank ? g.background | 1 << 60 : UInt64.max
        let repeats = features.repeatsCharacters, repeatsOnlyASCII = features.repeatsOnlyASCII
        // (A blank run of ten or more is erased with `CSI n X` where repeating is not declared: left to `emit`.)
        let canErase = features.erasesCharacters && !features.repeatsCharacters
        var runCell = g.runCell, runLook = g.runLook, runStart = g.runStart, runCount = g.runCount, cursor = g.cursor
        var mayDiffer = g.mayDiffer, holes = g.holes, holeBytes = g.holeBytes
        // Holes to write again: the next `rewrite` cells.
        var rewrite = 0
        // At most four bytes for each cell from where the run began, and `CSI n b`.
        var out = pending.reserve(4 * (limit - min(start - holes, runStart)) + 16)
        var written = 0, x = start
        while x < limit {
            let cell = new[x]
            let word = cell.styleAndWidth, space = cell.glyphKey == 0x20
            guard (word == glyphWord || space && word & blankMask == blankWord) && shown[x].width == 1 else { break }
            let look = Look(glyph: cell.glyphKey, bits: space && word & visible == 0 ? blankBits : glyphBits)
            if rewrite > 0 {
                rewrite &-= 1
            } else if old[x] == cell || look == shown[x] {
                holes &+= 1
                let scalar = cell.glyphKey
                holeBytes &+= scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar <= Look.mask21 ? 4 : 8
                x &+= 1
                continue
            } else if holes > 0 {
                guard holeBytes <= Self.relativeCost(holes) else { break }
                rewrite = holes
                holes = 0
                holeBytes = 0
                x &-= rewrite
                continue
            } else {
                shown[x] = look
            }
            if cell == runCell {
                runCount &+= 1
                x &+= 1
                continue
            }
            // The run ends, with a cell after it (so not the end of a row to erase nor the
            // bottom-right cell): a glyph of one scalar, once or repeated with `CSI n b` where
            // that is shorter and the terminal repeats it. Any other, as `emit` writes it.
            let scalar = runLook.glyph
            if cursor == runStart && scalar <= Look.mask21 && (runCount < 10 || !canErase || scalar != 0x20) {
                let size = Self.utf8Size(UInt32(truncatingIfNeeded: scalar))
                if scalar >= UInt64(Look.widthsAgreeBelow) { mayDiffer = true }
                Self.encode(UInt32(truncatingIfNeeded: scalar), size: size, at: out + written)
                written &+= size
                let again = runCount &- 1
                if again > 0 {
                    if repeats && (size == 1 || !repeatsOnlyASCII) && Look.repeatCost(again) < again &* size {
                        out[written] = 0x1B
                        out[written &+ 1] = 0x5B
                        written &+= 2
                        let digits = Self.digits(again)
                        var n = again
                        for k in stride(from: digits &- 1, through: 0, by: -1) {
                            out[written &+ k] = UInt8(truncatingIfNeeded: 0x30 &+ n % 10)
                            n /= 10
                        }
                        written &+= digits
                        out[written] = 0x62  // b
                        written &+= 1
                    } else {
                        for _ in 0..<again {
                            for k in 0..<size { out[written &+ k] = out[written &- size &+ k] }
                            written &+= size
                        }
                    }
                }
                cursor = x
            } else {
                pending.didAppend(written)
                written = 0
                g.runLook = runLook
                g.runStart = runStart
                g.runCount = runCount
                g.cursor = cursor
                g.mayDiffer = mayDiffer
                _ = emit(&g, after, model)  // (not the end of the row: this cell comes after it)
                cursor = g.cursor
                mayDiffer = g.mayDiffer
                out = pending.reserve(4 * (limit - x) + 16)
            }
            runCell = cell
            runLook = look
            runStart = x
            runCount = 1
            x &+= 1
        }
        pending.didAppend(written)
        g.runCell = runCell
        g.runLook = runLook
        g.runStart = runStart
        g.runCount = runCount
        g.cursor = cursor
        g.mayDiffer = mayDiffer
        g.holes = holes
        g.holeBytes = holeBytes
        assert(rewrite == 0 && g.runStart + g.runCount + g.holes == x, "sweep run \(g.runStart) \(g.runCount) \(g.holes) \(x) from \(start)")
        assert(g.runCount == 0 || g.cursor <= g.runStart, "sweep \(g.cursor) \(g.runStart) \(g.runCount) \(start) \(x)")
        return x
    }

    /// How many UTF-8 bytes scalar `v` takes.
    @inline(__always)
    static func utf8Size(_ v: UInt32) -> Int { v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4 }

    /// Writes the UTF-8 bytes of scalar `v`, `size` of them (`utf8Size`), at `p`.
    @inline(__always)
    static func encode(_ v: UInt32, size: Int, at p: UnsafeMutablePointer<UInt8>) {
        switch size {
        case 1:
            p[0] = UInt8(truncatingIfNeeded: v)
        case 2:
            p[0] = UInt8(truncatingIfNeeded: 0xC0 | v >> 6)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
        case 3:
            p[0] = UInt8(truncatingIfNeeded: 0xE0 | v >> 12)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (v >> 6) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
        default:
            p[0] = UInt8(truncatingIfNeeded: 0xF0 | v >> 18)
            p[1] = UInt8(truncatingIfNeeded: 0x80 | (v >> 12) & 0x3F)
            p[2] = UInt8(truncatingIfNeeded: 0x80 | (v >> 6) & 0x3F)
            p[3] = UInt8(truncatingIfNeeded: 0x80 | v & 0x3F)
        }
    }

    /// The stretch being gathered in a row (see `gather`), and the piece of it whose bytes are
    /// being made.
    struct Gathering {
        let y: Int, row: Int, width: Int, height: Int
        var open = false
        /// The bits of the stretch's background in a cell's style word (`Cell.styleAndWidth`)
        /// and, once a glyph has joined (not `blankSoFar`), its glyphs' style and width as one word.
        var background: UInt64 = 0
        var word: UInt64 = 0
        static let background: UInt64 = ((1 << 26) - 1) << 26
        var blankSoFar = true
        /// Whether a space in its style is a blank (it has no attribute that shows on one).
        var spaceIsBlank = true
        /// The look bits of its glyphs and of its blanks, and the look its pen draws.
        var glyphBits: UInt64 = 0, blankBits: UInt64 = 0
        var pen = Look.blank
        /// The piece: where it starts, where its bytes start in `pending`, where they leave the
        /// cursor (a run erased with `CSI n X` leaves it at the run's start), whether it has a
        /// cell yet, whether a glyph in it may take another width on the terminal than here.
        var start = 0, bytes = 0, cursor = 0
        var written = false
        var mayDiffer = false
        /// The cells just before the current one that the terminal shows already, not written
        /// yet, and their glyphs' bytes.
        var holes = 0, holeBytes = 0
        /// The run of one cell being gathered, from `runStart`, `runCount` long (0: none).
        var runCell = Cell.blank, runLook = Look.blank, runStart = 0, runCount = 0

        init(y: Int, row: Int, width: Int, height: Int) {
            self.y = y
            self.row = row
            self.width = width
            self.height = height
        }
    }

    /// Whether `cell` joins the open stretch (taking its style if it is the first glyph after blanks).
    @inline(__always)
    private mutating func join(_ cell: Cell, _ g: inout Gathering) -> Bool {
        guard cell.styleAndWidth & Gathering.background == g.background else { return false }
        let shows = UInt8(truncatingIfNeeded: cell.styleAndWidth >> 52) & attributeMask & Look.visibleOnBlank
        if cell.glyphKey == 0x20 && shows == 0 { return g.spaceIsBlank }
        guard g.blankSoFar else { return cell.styleAndWidth == g.word }
        // The first glyph of a stretch of blanks gives it its style, unless its pen would show
        // on the blanks.
        guard shows == 0 else { return false }
        let look = look(of: cell)
        g.word = cell.styleAndWidth
        g.glyphBits = look.bits
        g.pen = look
        g.blankSoFar = false
        return true
    }

    /// Opens a stretch in the style of `cell`, at column `x`.
    private mutating func open(_ g: inout Gathering, _ cell: Cell, at x: Int) {
        let look = look(of: cell)
        g.open = true
        g.background = cell.styleAndWidth & Gathering.background
        g.pen = look
        let shows = UInt8(truncatingIfNeeded: cell.styleAndWidth >> 52) & attributeMask & Look.visibleOnBlank
        g.blankSoFar = cell.glyphKey == 0x20 && shows == 0
        if g.blankSoFar {
            g.blankBits = look.bits
            g.spaceIsBlank = true
        } else {
            g.word = cell.styleAndWidth
            g.glyphBits = look.bits
            g.blankBits = Look(glyph: 0x20, fg: Look.anyInk, bg: look.bg, attributes: 0, width: 1).bits
            g.spaceIsBlank = shows == 0
        }
        g.start = x
        g.cursor = x
        g.bytes = pending.count
        g.written = false
        g.mayDiffer = false
        g.holes = 0
        g.holeBytes = 0
        g.runCount = 0
    }

    /// The look of a cell of the open stretch.
    @inline(__always)
    private func look(of cell: Cell, in g: Gathering) -> Look {
        let blank = cell.glyphKey == 0x20 && UInt8(truncatingIfNeeded: cell.styleAndWidth >> 52) & attributeMask & Look.visibleOnBlank == 0
        return Look(glyph: cell.glyphKey, bits: blank ? g.blankBits : g.glyphBits)
    }

    /// Takes a changed cell of the open stretch at column `x`: a hole if the terminal shows its
    /// look already, else set in the model and added to the run. True when the rest of the row
    /// was erased (see `emit`).
    @inline(__always)
    private mutating func take(_ cell: Cell, at x: Int, _ g: inout Gathering, _ after: UnsafeBufferPointer<Cell>, _ model: Model) -> Bool {
        let look = look(of: cell, in: g)
        let i = g.row + x
        if look == model.shown[i] {
            g.holes += 1
            g.holeBytes += look.glyphByteCount
            return false
        }
        model.shown[i] = look
        if g.holes > 0 || !g.written, settle(&g, at: x, after, model) { return true }
        if g.runCount > 0 {
            if cell == g.runCell {
                g.runCount &+= 1
                return false
            }
            // The commonest run, one ASCII glyph where the piece's cursor is, written here (with
            // a cell after it, it is not the end of a row to erase or the bottom-right cell).
            if g.runCount == 1 && g.cursor == g.runStart && g.runLook.glyph < 0x80 {
                pending.append(UInt8(truncatingIfNeeded: g.runLook.glyph))
                g.cursor = g.runStart &+ 1
            } else if emit(&g, after, model) {
                return true
            }
        }
        g.runCell = cell
        g.runLook = look
        g.runStart = x
        g.runCount = 1
        assert(g.cursor <= g.runStart, "take \(g.cursor) \(g.runStart)")
        return false
    }

    /// Before the cell at `x` is written: the piece starts there if it has no cell yet; the holes
    /// before it are written again if that is shorter than moving over them, else the piece ends
    /// before them and another begins at `x`. True when the rest of the row was erased.
    private mutating func settle(_ g: inout Gathering, at x: Int, _ after: UnsafeBufferPointer<Cell>, _ model: Model) -> Bool {
        defer { g.holes = 0; g.holeBytes = 0 }
        if !g.written {
            g.written = true
            g.start = x
            g.cursor = x
            return false
        }
        if g.holeBytes <= Self.relativeCost(g.holes) {
            for j in (x - g.holes)..<x {
                let cell = after[g.row + j]
                if g.runCount > 0 && cell == g.runCell {
                    g.runCount += 1
                    continue
                }
                if emit(&g, after, model) { return true }
                g.runCell = cell
                g.runLook = look(of: cell, in: g)
                g.runStart = j
                g.runCount = 1
            }
            return false
        }
        let erased = emit(&g, after, model)
        finishPiece(g)
        g.start = x
        g.cursor = x
        g.bytes = pending.count
        g.mayDiffer = false
        return erased
    }

    /// Whether the unchanged cells `from..<to` of the row, a few one-byte glyphs the open
    /// stretch's pen draws, are kept in it as holes (written again if a cell of it follows);
    /// false when they end it.
    @inline(__always)
    private func keeps(_ g: inout Gathering, _ new: UnsafePointer<Cell>, from: Int, to: Int) -> Bool {
        guard g.written && to - from <= 4 else { return false }
        for j in from..<to {
            let cell = new[j]
            guard cell.glyphKey < 0x80 else { return false }
            if cell.glyphKey == 0x20 && UInt8(truncatingIfNeeded: cell.styleAndWidth >> 52) & attributeMask & Look.visibleOnBlank == 0 {
                guard g.spaceIsBlank && cell.styleAndWidth & Gathering.background == g.background else { return false }
            } else {
                guard !g.blankSoFar && cell.styleAndWidth == g.word else { return false }
            }
        }
        g.holes += to - from
        g.holeBytes += to - from
        return true
    }

    /// Ends the open stretch: its last run made into bytes, its piece kept if it has any (the
    /// holes after its last cell are left). True when that run erased the rest of the row.
    private mutating func finish(_ g: inout Gathering, _ after: UnsafeBufferPointer<Cell>, _ model: Model) -> Bool {
        let erased = emit(&g, after, model)
        finishPiece(g)
        g.open = false
        return erased
    }

    private mutating func finishPiece(_ g: Gathering) {
        guard pending.count > g.bytes else { return }
        stretches.append(Stretch(y: Int32(g.y), start: Int32(g.start), bytesStart: Int32(g.bytes), bytesEnd: Int32(pending.count),
                                 cursorEnd: Int32(g.cursor < g.width ? g.cursor : -1), look: g.pen, mayDiffer: g.mayDiffer))
    }

    /// Makes the bytes of the run gathered (and empties it), as `put` writes one: the end of the
    /// row erased when the run is its blank end, a long blank run erased where repeating is not
    /// declared, else the glyph and its repetitions; not the bottom-right cell where writing it
    /// would scroll. True when the rest of the row was erased. (The model holds the run already.)
    private mutating func emit(_ g: inout Gathering, _ after: UnsafeBufferPointer<Cell>, _ model: Model) -> Bool {
        var count = g.runCount
        guard count > 0 else { return false }
        assert(g.runStart + count <= g.width, "emit \(g.runStart) \(count) \(g.cursor)")
        g.runCount = 0
        let look = g.runLook, x = g.runStart, width = g.width, row = g.row
        let lastRow = g.y == g.height - 1 && !features.writesBottomRight
        if look.s0 == 0x20 && look.s1 == 0 {
            let erasable = look.isErasable(withBackground: features.erasesWithBackground)
            if erasable && features.erasesToEndOfLine && width - x >= 3 && tailStart(after, row: row, y: g.y, width: width) <= row + x {
                moveAlong(&g, to: x)
                pending.append(0x1B); pending.append(0x5B); pending.append(0x4B)  // CSI K
                mark(look, from: row + x, count: width - x, rowEnd: row + width, model)
                return true
            }
            if lastRow && x + count == width {
                count -= 1
                model.set(row + width - 1, .damagedCell)
                if count == 0 { return false }
            }
            if erasable && count >= 10 && features.erasesCharacters && !features.repeatsCharacters {
                moveAlong(&g, to: x)
                pending.append(0x1B); pending.append(0x5B)
                Self.appendNumber(count, into: &pending)
                pending.append(0x58)  // X: the cursor stays
                return false
            }
        } else if lastRow && x + count == width {
            count -= 1
            model.set(row + width - 1, .damagedCell)
            if count == 0 { return false }
        }
        moveAlong(&g, to: x)
        if look.s0 >= Look.widthsAgreeBelow || look.s1 != 0 { g.mayDiffer = true }
        let glyphStart = pending.count
        if look.glyph < 0x80 {
            pending.append(UInt8(truncatingIfNeeded: look.glyph))
        } else {
            pending.appendUTF8(look.s0)
            if look.s1 != 0 { pending.appendUTF8(look.s1) }
            if look.s2 != 0 { pending.appendUTF8(look.s2) }
        }
        let repeats = count - 1
        if repeats > 0 {
            if look.s1 == 0 && features.repeatsCharacters && (look.s0 < 0x80 || !features.repeatsOnlyASCII)
                && Look.repeatCost(repeats) < repeats * (pending.count - glyphStart) {
                pending.append(0x1B); pending.append(0x5B)
                Self.appendNumber(repeats, into: &pending)
                pending.append(0x62)  // b
            } else {
                pending.repeatLast(pending.count - glyphStart, times: repeats)
            }
        }
        g.cursor = x + count
        return false
    }

    /// Brings the cursor of a piece's bytes to column `x` of its row, after a run erased with
    /// `CSI n X` left it behind.
    @inline(__always)
    private mutating func moveAlong(_ g: inout Gathering, to x: Int) {
        guard g.cursor != x else { return }
        pending.append(0x1B); pending.append(0x5B)
        if x - g.cursor != 1 { Self.appendNumber(x - g.cursor, into: &pending) }
        pending.append(0x43)  // C
        g.cursor = x
    }

    /// Writes the stretches gathered by `gather`: those the pen draws as it is, in order (top to
    /// bottom), then the first one left, whose ink the pen takes, and again, until none is left.
    private mutating func writeStretches(width: Int, _ model: Model) {
        defer { stretches.removeAll(keepingCapacity: true) }
        var next = 0
        while next < stretches.count {
            var k = next
            while k < stretches.count {
                if !stretches[k].written && pen.matches(stretches[k].look) { write(stretch: k, width: width, model) }
                k += 1
            }
            while next < stretches.count && stretches[next].written { next += 1 }
            if next < stretches.count { write(stretch: next, width: width, model) }
        }
    }

    private mutating func write(stretch k: Int, width: Int, _ model: Model) {
        stretches[k].written = true
        let stretch = stretches[k]
        reach(x: Int(stretch.start), y: Int(stretch.y), width: width, model)
        setPen(stretch.look)
        pending.withBytes { bytes in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(stretch.bytesStart)..<Int(stretch.bytesEnd)]))
        }
        cursorX = Int(stretch.cursorEnd)
        if stretch.mayDiffer { widthsMayDiffer = true }
    }

    /// The commonest case, the cursor already here in the middle of changed glyphs: a one-column
    /// glyph over a one-column glyph, not the start of a run to repeat or a blank end of the row to
    /// erase. Written as `put` would write it, without its search; false for any other case.
    @inline(__always)
    private mutating func writeHere(_ look: Look, _ after: UnsafeBufferPointer<Cell>, x: Int, y: Int, row: Int, width: Int, _ model: Model) -> Bool {
        let i = row + x
        guard cursorY == y && cursorX == x && look.width == 1 && model.shown[i].width == 1 && x + 1 < width
            && !(after[i + 1] == after[i])
            && !(look.isErasable(withBackground: features.erasesWithBackground) && features.erasesToEndOfLine) else { return false }
        setPen(look)
        appendGlyph(look)
        model.shown[i] = look
        cursorX = x + 1
        return true
    }

    /// Whether cell `i` (column `x`) is known to show what it must without looking at it: the
    /// last frame had it (at its place before the row's shift, see `slide`) and it is not damaged.
    @inline(__always)
    private static func unchanged(_ i: Int, x: Int, _ after: UnsafeBufferPointer<Cell>, before: UnsafeBufferPointer<Cell>,
                          row: Int, width: Int, shiftStart: Int, shift: Int, _ model: Model) -> Bool {
        var j = i
        if x >= shiftStart {
            let source = x + shift
            j = source >= shiftStart && source < width ? row + source : -1
        }
        return j >= 0 && Self.same(before, j, after, i) && model.shown[i].width != Look.damaged
    }

    /// Cards that slide sideways move whole stretches of a row: when the row from `start` on
    /// matches the last frame better shifted by a few columns, the terminal shifts it (deleting
    /// or inserting characters at `start`), and only what the shift does not bring is written.
    /// Returns the shift made (cells now show what was `shift` columns to their right), or nil.
    private mutating func slide(_ after: UnsafeBufferPointer<Cell>, before: UnsafeBufferPointer<Cell>,
                                row: Int, y: Int, from start: Int, width: Int, _ model: Model) -> Int? {
        let shown = model.shown
        let span = width - start
        guard span >= 16 else { return nil }
        // A shift puts right at most the cells that differ from the last frame (the others are
        // right already): for fewer than two such cells the shifts are not searched.
        var differing = 0
        for x in start..<width where !Self.same(before, row + x, after, row + x) {
            differing += 1
            if differing == 2 { break }
        }
        guard differing == 2 else { return nil }
        // An anchor: the first cell of the changed stretch that is not blank.
        var anchor = start
        while anchor < width && after[row + anchor].isBlank { anchor += 1 }
        guard anchor < width - 3 else { return nil }
        var best = 0, bestShift = 0
        for shift in -FrameWriter.widestShift...FrameWriter.widestShift where shift != 0 {
            let source = anchor + shift
            guard source >= start && source + 2 < width,
                  Self.same(after, row + anchor, before, row + source),
                  Self.same(after, row + anchor + 1, before, row + source + 1),
                  Self.same(after, row + anchor + 2, before, row + source + 2) else { continue }
            var matches = 0
            for x in max(start, start - shift)..<min(width, width - shift) where Self.same(after, row + x, before, row + x + shift) {
                matches += 1
            }
            if matches > best { best = matches; bestShift = shift }
        }
        guard bestShift != 0 else { return nil }
        // The stretch must hold only one-column glyphs on the screen (a shift would split a wide one).
        for x in start..<width where shown[row + x].width != 1 { return nil }
        // Worth it when the glyphs of the cells it puts right, less those of the cells it puts
        // wrong (to be written again), are at least as many bytes as the shift's own sequence
        // (what it also spares, a move or a colour change between the cells it put right, is the gain).
        var spared = 0
        for x in start..<width {
            let source = x + bestShift
            let shifted = source >= start && source < width && Self.same(after, row + x, before, row + source)
            let unshifted = Self.same(after, row + x, before, row + x)
            if shifted != unshifted { spared += (shifted ? 1 : -1) * Self.utf8Count(after[row + x].glyphKey) }
        }
        guard spared >= 3 + (abs(bestShift) > 1 ? Self.digits(abs(bestShift)) : 0) else { return nil }
        reach(x: start, y: y, width: width, model)
        // Where erasing is not declared to use the background (no `bce`), the pen's is set to the
        // default first: tmux, whose own entries declare no `bce`, fills the cells a shift lets in
        // with the pen's background all the same, and a card's colour was left in empty space
        // (helper-35).
        if !features.erasesWithBackground { setPen(Look.blank) }
        append("\u{1B}[")
        if abs(bestShift) > 1 { appendNumber(abs(bestShift)) }  // (one is what the sequence means without a number)
        append(bestShift > 0 ? "P" : "@")
        // The cells let in are blank, in the pen's background where erasing uses it.
        var blank = Look.blank
        if features.erasesWithBackground { blank.bg = pen.bg }
        if bestShift > 0 {
            for x in start..<width { shown[row + x] = x + bestShift < width ? shown[row + x + bestShift] : blank }
        } else {
            for x in stride(from: width - 1, through: start, by: -1) {
                shown[row + x] = x + bestShift >= start ? shown[row + x + bestShift] : blank
            }
        }
        return bestShift
    }

    /// The UTF-8 bytes of a glyph's scalars as `Cell.glyphKey` holds them (21 bits each).
    @inline(__always)
    static func utf8Count(_ glyph: UInt64) -> Int {
        func count(_ v: UInt64) -> Int { v == 0 ? 0 : utf8Size(UInt32(truncatingIfNeeded: v)) }
        let mask = Look.mask21
        return count(glyph & mask) + count(glyph >> 21 & mask) + count(glyph >> 42 & mask)
    }

    /// Whether two cells are the same (two words compared: see `Cell`).
    @inline(__always)
    static func same(_ a: UnsafeBufferPointer<Cell>, _ i: Int, _ b: UnsafeBufferPointer<Cell>, _ j: Int) -> Bool {
        assert(i >= 0 && i < a.count && j >= 0 && j < b.count)
        return a[i] == b[j]
    }

    /// The furthest a row is shifted in one frame, in columns.
    static let widestShift = 8

    /// Writes the cell at (x, y), and the run of the same character after it when the terminal
    /// can repeat it or erase it more cheaply. Returns the column after what was written.
    /// `known` is the cell's look when the caller has it already.
    private mutating func put(_ after: UnsafeBufferPointer<Cell>, from x: Int, y: Int, row: Int, width: Int, height: Int, look known: Look?, _ model: Model) -> Int {
        let i = row + x
        var cell = after[i]
        // The second half of a wide glyph without its first (the canvas never makes one): a blank.
        if cell.isContinuation { cell = Cell(" ", style: cell.style) }
        let look = cell.width == after[i].width ? known ?? look(of: cell) : look(of: cell)
        let columns = Int(look.width)
        if x + columns >= width && y == height - 1 && !features.writesBottomRight {
            // Left as it is; what the terminal shows there is not known any more.
            for j in i..<(row + width) { model.set(j, .damagedCell) }
            return width
        }
        reach(x: x, y: y, width: width, model)
        let erasable = look.isErasable(withBackground: features.erasesWithBackground)
        // A blank end of the row: erase it.
        if erasable && features.erasesToEndOfLine && width - x >= 3 && tailStart(after, row: row, y: y, width: width) <= i {
            setPen(look)
            append("\u{1B}[K")
            mark(look, from: i, count: width - x, rowEnd: row + width, model)
            return width
        }
        // The same character again and again: once, then repeated.
        var count = 1
        if look.width == 1 {
            // Compared as bytes (runs of a card's background are long), unless the cell written
            // is not the one stored (the lone second half of a wide glyph, written as a blank).
            let asStored = cell.width == after[i].width
            // (A pointer and a count in registers: the run's cells are read as two words each.)
            let run = after.baseAddress! + i, room = width - x
            if asStored {
                let first = run.pointee
                while count < room && run[count] == first { count += 1 }
            } else {
                while count < room && run[count] == cell { count += 1 }
            }
            if y == height - 1 && x + count == width && !features.writesBottomRight {
                count -= 1
                model.set(row + width - 1, .damagedCell)
            }
        }
        if erasable && count >= 10 && features.erasesCharacters && !features.repeatsCharacters {
            setPen(look)
            append("\u{1B}[")
            appendNumber(count)
            append("X")
            mark(look, from: i, count: count, rowEnd: row + width, model)
            return x + count  // the cursor stays at x
        }
        setPen(look)
        let glyphStart = out.count
        appendGlyph(look)
        let repeats = count - 1
        if repeats > 0 && look.s1 == 0 && features.repeatsCharacters && (look.s0 < 0x80 || !features.repeatsOnlyASCII)
            && Look.repeatCost(repeats) < repeats * look.glyphByteCount {
            append("\u{1B}[")
            appendNumber(repeats)
            append("b")
        } else if repeats > 0 {
            out.repeatLast(out.count - glyphStart, times: repeats)
        }
        mark(look, from: i, count: count, rowEnd: row + width, model)
        let end = x + (look.width == 2 ? 2 : count)
        // Past a wide glyph or at the margin, where terminals differ, the next move is absolute.
        cursorX = look.width == 1 && end < width ? end : -1
        return end
    }

    /// Where the row's last run of one cell begins (computed once per row and frame).
    private mutating func tailStart(_ after: UnsafeBufferPointer<Cell>, row: Int, y: Int, width: Int) -> Int {
        if tailRow == y { return tailIndex }
        let last = row + width - 1
        var start = last
        while start > row && Self.same(after, start - 1, after, last) { start -= 1 }
        tailRow = y
        tailIndex = start
        return start
    }

    /// Records that cells i..<i+count now show `look` (a wide glyph also covers the cell after it).
    private func mark(_ look: Look, from i: Int, count: Int, rowEnd: Int, _ model: Model) {
        let shown = model.shown
        var first = i
        if look.width == 1 {
            // The common case: glyphs over glyphs, nothing damaged either way.
            while first < i + count && shown[first].width == 1 {
                shown[first] = look
                first += 1
            }
        }
        for j in first..<(i + count) {
            let was = shown[j].width
            if was == 1 && look.width == 1 {
                shown[j] = look
                continue
            }
            // Writing over the first half of a wide glyph blanks its second half on the terminal.
            if was == 2 && look.width != 2 && j + 1 < rowEnd { model.set(j + 1, .damagedCell) }
            model.set(j, look)
            if look.width == 2 && j + 1 < rowEnd {
                // Its second half may cover the first half of another wide glyph.
                if shown[j + 1].width == 2 && j + 2 < rowEnd { model.set(j + 2, .damagedCell) }
                model.set(j + 1, look.continuation)
            }
        }
    }

    private mutating func write(_ look: Look) {
        setPen(look)
        appendGlyph(look)
    }

    @inline(__always)
    private mutating func appendGlyph(_ look: Look) {
        if look.width == 2 || look.s0 >= Look.widthsAgreeBelow || look.s1 != 0 { widthsMayDiffer = true }
        appendScalar(look.s0)
        if look.s1 != 0 { appendScalar(look.s1) }
        if look.s2 != 0 { appendScalar(look.s2) }
    }

    /// (Inline, asked for every cell written; the colours are coded apart, when the style changes.)
    @inline(__always)
    private mutating func look(of cell: Cell) -> Look {
        let style = cell.style
        let attributes = style.attributes.rawValue & attributeMask
        // A blank's ink is invisible unless it is reversed, underlined or struck: any will do, and
        // only its background is coded. (Kept apart from the glyphs' styles: a stretch's blanks and
        // glyphs mostly differ in ink, and each keeps its codes at hand.)
        if cell.isBlank && attributes & Look.visibleOnBlank == 0 {
            if !style.hasBackground(of: lastBlankStyle) { codeBlank(style) }
            return Look(glyph: cell.glyphKey, fg: Look.anyInk, bg: lastBlankBackground, attributes: 0, width: cell.width)
        }
        // Neighbouring cells mostly share a style: its colours are coded once for the run.
        if style != lastStyle { code(style) }
        return Look(glyph: cell.glyphKey, fg: lastForeground, bg: lastBackground, attributes: attributes, width: cell.width)
    }

    @inline(never)
    private mutating func code(_ style: CellStyle) {
        lastStyle = style
        lastForeground = foreground.code(style.foreground)
        lastBackground = background.code(style.background)
    }

    @inline(never)
    private mutating func codeBlank(_ style: CellStyle) {
        lastBlankStyle = style
        lastBlankBackground = background.code(style.background)
    }

    // MARK: - Cursor

    /// Brings the cursor to (x, y): by rewriting the unchanged cells in between when that is
    /// cheaper than moving, else by the shortest move.
    private mutating func reach(x: Int, y: Int, width: Int, _ model: Model) {
        if cursorY == y && cursorX == x { return }
        if cursorY == y && cursorX >= 0 && cursorX < x && x - cursorX <= 16 {
            let moveCost = Self.relativeCost(x - cursorX)
            if let rewrite = rewriteCost(from: y * width + cursorX, count: x - cursorX, model), rewrite <= moveCost {
                for j in (y * width + cursorX)..<(y * width + x) { write(model.shown[j]) }
                cursorX = x
                return
            }
        }
        moveCursor(toX: x, y: y)
    }

    /// The bytes of writing again what cells i..<i+count show, from the current pen; nil when
    /// one of them is not a plain one-column glyph.
    private mutating func rewriteCost(from i: Int, count: Int, _ model: Model) -> Int? {
        var cost = 0
        var simulated = pen
        for j in i..<(i + count) {
            let look = model.shown[j]
            if look.width != 1 { return nil }
            if !simulated.matches(look) {
                let next = simulated.drawing(look)
                scratch.removeAll(keepingCapacity: true)
                Self.appendSGR(from: simulated, to: next, into: &scratch, alternative: &alternative)
                cost += scratch.count
                simulated = next
            }
            cost += look.glyphByteCount
        }
        return cost
    }

    /// The cheapest way to bring the cursor to (x, y) and its bytes: 0 absolute (`CUP`), 1 along
    /// the row from the cursor, 2 from a carriage return, 3 to an absolute column (`CHA`), each of
    /// the last three after a vertical move.
    private func cheapestMove(toX x: Int, y: Int) -> (cost: Int, way: Int) {
        var best = Self.absoluteCost(x: x, y: y)
        var way = 0
        // Past a wide glyph or at the right margin the column is not known, but the row is where
        // the terminal writes the bottom-right cell (it does not wrap before the next glyph): a
        // carriage return finds the column again (written first: what moves a cursor past the last
        // column up or down differs between terminals), unless a glyph whose width terminals count
        // differently may have wrapped the row sooner.
        guard cursorY >= 0 && (cursorX >= 0 || features.writesBottomRight && !widthsMayDiffer) else { return (best, way) }
        let vertical = y == cursorY ? 0 : verticalCost(from: cursorY, to: y)
        if cursorX >= 0 {
            // Along the row from where the cursor is. Forward (CUF) and back (CUB) cost the same;
            // a few columns back are as many backspaces.
            let horizontal = x == cursorX ? 0 : x < cursorX ? Self.backCost(cursorX - x) : Self.relativeCost(x - cursorX)
            if vertical + horizontal < best { best = vertical + horizontal; way = 1 }
        }
        let fromReturn = 1 + (x == 0 ? 0 : Self.relativeCost(x))
        if vertical + fromReturn < best { best = vertical + fromReturn; way = 2 }
        if cursorX >= 0 {
            let column = 3 + Self.digits(x + 1)
            if vertical + column < best { best = vertical + column; way = 3 }
        }
        return (best, way)
    }

    private mutating func moveCursor(toX x: Int, y: Int) {
        if cursorX == x && cursorY == y { return }
        let way = cheapestMove(toX: x, y: y).way
        if way == 2 { append("\r") }
        if way != 0 && y != cursorY {
            if y > cursorY && features.lineFeedMovesDown && y - cursorY < Self.relativeCost(y - cursorY) {
                for _ in cursorY..<y { out.append(0x0A) }
            } else {
                append("\u{1B}[")
                if abs(y - cursorY) != 1 { appendNumber(abs(y - cursorY)) }
                append(y > cursorY ? "B" : "A")
            }
        }
        switch way {
        case 1 where x > cursorX: appendRelative(x - cursorX, final: "C")
        case 1 where x < cursorX:
            if cursorX - x < Self.relativeCost(cursorX - x) {
                for _ in x..<cursorX { out.append(0x08) }
            } else {
                appendRelative(cursorX - x, final: "D")
            }
        case 2:
            if x > 0 { appendRelative(x, final: "C") }
        case 3:
            append("\u{1B}[")
            appendNumber(x + 1)
            append("G")
        case 0:
            widthsMayDiffer = false
            append("\u{1B}[")
            appendNumber(y + 1)
            if x > 0 {
                append(";")
                appendNumber(x + 1)
            }
            append("H")
        default: break
        }
        cursorX = x
        cursorY = y
    }

    /// Moving the cursor `n` columns back: backspaces (one byte each) or `CSI n D`, the shorter.
    static func backCost(_ n: Int) -> Int { min(n, relativeCost(n)) }

    private mutating func appendRelative(_ n: Int, final: Unicode.Scalar) {
        append("\u{1B}[")
        if n != 1 { appendNumber(n) }
        out.append(UInt8(final.value))
    }

    /// Moving the cursor up or down from row `from` to row `to`: `CSI n A`/`CSI n B`, or line feeds
    /// down where they move the cursor down and are shorter.
    private func verticalCost(from: Int, to: Int) -> Int {
        let rows = abs(to - from), escape = Self.relativeCost(rows)
        return to > from && features.lineFeedMovesDown ? min(rows, escape) : escape
    }

    /// `CSI n A`, `B`, `C` or `D` (`CSI A` for one).
    static func relativeCost(_ n: Int) -> Int { n == 1 ? 3 : 3 + digits(n) }

    static func digits(_ n: Int) -> Int { n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : 5 }
    static func absoluteCost(x: Int, y: Int) -> Int { 3 + digits(y + 1) + (x == 0 ? 0 : 1 + digits(x + 1)) }

    // MARK: - Look (SGR)

    /// Brings the pen to what `look` needs (usually it has it already: checked here, inline).
    @inline(__always)
    private mutating func setPen(_ look: Look) {
        if !pen.matches(look) { changePen(look) }
    }

    private mutating func changePen(_ look: Look) {
        let next = pen.drawing(look)
        Self.appendSGR(from: pen, to: next, into: &out, alternative: &alternative)
        pen = next
    }

    /// Appends the shorter of the two SGR sequences that turn `pen` into `look`: one that switches
    /// only what differs, and one that resets and sets everything.
    static func appendSGR<Sink: ByteSink>(from pen: Pen, to look: Pen, into out: inout Sink, alternative reset: inout [UInt8]) {
        let start = out.count
        // Only what differs.
        out.append(0x1B); out.append(0x5B)
        var first = true
        func parameter(_ text: StaticString, into out: inout Sink) {
            if !first { out.append(0x3B) }
            first = false
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        let off = pen.attributes & ~look.attributes
        var on = look.attributes & ~pen.attributes
        let boldDim = Attributes.bold.rawValue | Attributes.dim.rawValue
        if off & boldDim != 0 {
            parameter("22", into: &out)
            on |= look.attributes & boldDim
        }
        if off & Attributes.italic.rawValue != 0 { parameter("23", into: &out) }
        if off & Attributes.underline.rawValue != 0 { parameter("24", into: &out) }
        if off & Attributes.reverse.rawValue != 0 { parameter("27", into: &out) }
        if off & Attributes.strikethrough.rawValue != 0 { parameter("29", into: &out) }
        appendAttributes(on, first: &first, into: &out)
        if pen.fg != look.fg { if !first { out.append(0x3B) }; first = false; appendColor(look.fg, foreground: true, into: &out) }
        if pen.bg != look.bg { if !first { out.append(0x3B) }; first = false; appendColor(look.bg, foreground: false, into: &out) }
        out.append(0x6D)
        // Resetting can only be shorter when something is switched off: an attribute, or a colour
        // back to the terminal's default (otherwise it says all the switch says, and more).
        guard off != 0 || (pen.fg != 0 && look.fg == 0) || (pen.bg != 0 && look.bg == 0) else { return }
        // Reset, then everything the look has.
        reset.removeAll(keepingCapacity: true)
        reset.append(0x1B); reset.append(0x5B)
        var resetFirst = false
        reset.append(0x30)
        if look.attributes == 0 && look.fg == 0 && look.bg == 0 { reset.removeLast() }
        appendAttributes(look.attributes, first: &resetFirst, into: &reset)
        if look.fg != 0 { reset.append(0x3B); appendColor(look.fg, foreground: true, into: &reset) }
        if look.bg != 0 { reset.append(0x3B); appendColor(look.bg, foreground: false, into: &reset) }
        reset.append(0x6D)
        if reset.count < out.count - start {
            out.removeLast(out.count - start)
            reset.withUnsafeBufferPointer { out.append(contentsOf: $0) }
        }
    }

    private static func appendAttributes<Sink: ByteSink>(_ attributes: UInt8, first: inout Bool, into out: inout Sink) {
        guard attributes != 0 else { return }
        func code(_ bit: Attributes, _ digit: UInt8) {
            guard attributes & bit.rawValue != 0 else { return }
            if !first { out.append(0x3B) }
            first = false
            out.append(digit)
        }
        code(.bold, 0x31)
        code(.dim, 0x32)
        code(.italic, 0x33)
        code(.underline, 0x34)
        code(.reverse, 0x37)
        code(.strikethrough, 0x39)
    }

    /// SGR parameters for a colour code (see `ColorCoder`): the 8 and 16 ANSI colours in their
    /// one-number forms, other palette entries as `38;5;n`, 24-bit ones as `38;2;r;g;b`.
    static func appendColor<Sink: ByteSink>(_ code: UInt32, foreground: Bool, into out: inout Sink) {
        let base = foreground ? 30 : 40
        switch code >> 24 {
        case 0:
            appendNumber(base + 9, into: &out)
        case 1:
            let n = Int(code & 0xFF)
            if n < 8 {
                appendNumber(base + n, into: &out)
            } else if n < 16 {
                appendNumber(base + 60 + n - 8, into: &out)
            } else {
                appendNumber(base + 8, into: &out)
                out.append(0x3B); out.append(0x35); out.append(0x3B)
                appendNumber(n, into: &out)
            }
        default:
            appendNumber(base + 8, into: &out)
            out.append(0x3B); out.append(0x32)
            out.append(0x3B)
            appendNumber(Int((code >> 16) & 0xFF), into: &out)
            out.append(0x3B)
            appendNumber(Int((code >> 8) & 0xFF), into: &out)
            out.append(0x3B)
            appendNumber(Int(code & 0xFF), into: &out)
        }
    }

    // MARK: - Bytes

    @inline(__always)
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private mutating func appendNumber(_ n: Int) { Self.appendNumber(n, into: &out) }

    static func appendNumber<Sink: ByteSink>(_ n: Int, into out: inout Sink) {
        // Rows, columns, counts and colour values: rarely more than three digits.
        if n < 10 {
            out.append(UInt8(0x30 + n))
        } else if n < 100 {
            out.append(UInt8(0x30 + n / 10))
            out.append(UInt8(0x30 + n % 10))
        } else if n < 1000 {
            out.append(UInt8(0x30 + n / 100))
            out.append(UInt8(0x30 + n / 10 % 10))
            out.append(UInt8(0x30 + n % 10))
        } else {
            appendNumber(n / 1000, into: &out)
            out.append(UInt8(0x30 + n / 100 % 10))
            out.append(UInt8(0x30 + n / 10 % 10))
            out.append(UInt8(0x30 + n % 10))
        }
    }

    @inline(__always)
    private mutating func appendScalar(_ v: UInt32) { out.appendUTF8(v) }
}

/// A cell as the terminal shows it: the glyph's scalars, colours as codes for the terminal's depth
/// (see `ColorCoder`), the attributes it has.
struct Look: Equatable {
    /// The glyph's scalars as `Cell` keeps them (`Cell.glyphKey`): s0 | s1 << 21 | s2 << 42.
    var glyph: UInt64
    /// fg | bg << 26 | attributes << 52 | width << 60: 16 bytes in all, compared as two words.
    var bits: UInt64

    fileprivate static let mask21: UInt64 = (1 << 21) - 1
    private static let mask26: UInt64 = (1 << 26) - 1

    init(glyph: UInt64, fg: UInt32, bg: UInt32, attributes: UInt8, width: UInt8) {
        self.glyph = glyph
        bits = UInt64(fg) & Look.mask26 | (UInt64(bg) & Look.mask26) << 26 | UInt64(attributes) << 52 | UInt64(width & 0xF) << 60
    }

    init(glyph: UInt64, bits: UInt64) {
        self.glyph = glyph
        self.bits = bits
    }

    init(s0: UInt32, s1: UInt32, s2: UInt32, fg: UInt32, bg: UInt32, attributes: UInt8, width: UInt8) {
        self.init(glyph: UInt64(s0) | UInt64(s1) << 21 | UInt64(s2) << 42, fg: fg, bg: bg, attributes: attributes, width: width)
    }

    var s0: UInt32 { UInt32(truncatingIfNeeded: glyph & Look.mask21) }
    var s1: UInt32 { UInt32(truncatingIfNeeded: glyph >> 21 & Look.mask21) }
    var s2: UInt32 { UInt32(truncatingIfNeeded: glyph >> 42 & Look.mask21) }
    /// A colour code (see `ColorCoder`: 26 bits at most) or `anyInk`.
    var fg: UInt32 { UInt32(truncatingIfNeeded: bits & Look.mask26) }
    var bg: UInt32 {
        get { UInt32(truncatingIfNeeded: bits >> 26 & Look.mask26) }
        set { bits = bits & ~(Look.mask26 << 26) | (UInt64(newValue) & Look.mask26) << 26 }
    }
    var attributes: UInt8 { UInt8(truncatingIfNeeded: bits >> 52) }
    /// 1, 2 for the first column of a wide glyph, 0 for its second; `damaged` for a cell whose
    /// content the terminal may have lost (it never matches a cell to draw).
    var width: UInt8 { UInt8(truncatingIfNeeded: bits >> 60) }

    static let damaged: UInt8 = 0xF
    /// Below U+2600 a one-column glyph takes one column in the width tables of terminals as they
    /// are (ASCII, Latin, Greek, Cyrillic, box drawing, blocks: the East Asian ambiguous ones drawn
    /// narrow, as the cards' frames need); from the symbols on, emoji presentation and newer
    /// Unicode tables make some two.
    static let widthsAgreeBelow: UInt32 = 0x2600
    /// The foreground of a blank that shows no attribute (see `visibleOnBlank`): whatever the pen has (no colour
    /// code has all 26 bits set).
    static let anyInk: UInt32 = 0x3FF_FFFF
    /// The attributes that show on a blank (reverse, underline, strikethrough).
    /// (A literal: written as `Attributes.reverse.rawValue | Attributes.underline.rawValue` it was
    /// initialised lazily, a `swift_once` call on every use, about 1% of a held key's samples in
    /// `perf`; a test checks that the two agree.)
    static let visibleOnBlank: UInt8 = 0b10_1100
    static let blank = Look(s0: 0x20, s1: 0, s2: 0, fg: anyInk, bg: 0, attributes: 0, width: 1)
    static let damagedCell = Look(s0: 0, s1: 0, s2: 0, fg: 0, bg: 0, attributes: 0, width: damaged)

    var continuation: Look { Look(glyph: 0, fg: fg, bg: bg, attributes: attributes, width: 0) }

    /// A blank the terminal can make by erasing: no attributes, and a background erasing gives.
    func isErasable(withBackground bce: Bool) -> Bool {
        s0 == 0x20 && s1 == 0 && width == 1 && attributes == 0 && (bg == 0 || bce)
    }

    @inline(__always)
    var glyphByteCount: Int { FrameWriter.utf8Count(glyph) }

    /// `CSI n b`.
    static func repeatCost(_ n: Int) -> Int { 3 + FrameWriter.digits(n) }
}

/// The terminal's current colours and attributes.
struct Pen: Equatable {
    var fg: UInt32 = 0
    var bg: UInt32 = 0
    var attributes: UInt8 = 0

    func matches(_ look: Look) -> Bool {
        if look.fg == Look.anyInk { return bg == look.bg && attributes & Look.visibleOnBlank == 0 }
        return fg == look.fg && bg == look.bg && attributes == look.attributes
    }

    /// The pen that draws `look` with the least change from this one: a blank keeps the ink and
    /// the attributes that do not show on it.
    func drawing(_ look: Look) -> Pen {
        var pen = self
        pen.bg = look.bg
        if look.fg == Look.anyInk {
            pen.attributes &= ~Look.visibleOnBlank
        } else {
            pen.fg = look.fg
            pen.attributes = look.attributes
        }
        return pen
    }
}

/// Changed cells of row `y` from `start` on, all drawn by one pen (the one that draws `look`, the
/// look of one of its cells that is not a blank, if it has one), made into bytes when they were
/// gathered: `pending[bytesStart..<bytesEnd]`, written with the cursor at `start`, leave it at
/// `cursorEnd` (-1: at the right margin, where terminals differ).
struct Stretch {
    var y: Int32
    var start: Int32
    var bytesStart: Int32
    var bytesEnd: Int32
    var cursorEnd: Int32
    var look: Look
    /// A glyph among them may take another width on the terminal than here (see `widthsMayDiffer`).
    var mayDiffer: Bool
    var written = false
}

/// Maps a canvas colour to a code for the terminal's depth: 0 the default, 1<<24 | n palette entry n,
/// 2<<24 | rgb a 24-bit one. Remembers the codes of the last few hundred 24-bit colours at a
/// smaller depth (a fading card has a few dozen inks, each met again and again), so the palette is
/// searched once for each. (The writer asks only when a cell's style differs from the last one's.)
struct ColorCoder {
    let depth: ColorDepth
    /// Whether it codes backgrounds (see `ColorPalette.index(for:depth:background:)`).
    let background: Bool
    /// Codes of 24-bit colours by a hash of the colour: (colour | 1 << 24, code); 0 when empty.
    private var recent: [(UInt32, UInt32)]

    init(depth: ColorDepth, background: Bool = false) {
        self.depth = depth
        self.background = background
        recent = Array(repeating: (0, 0), count: depth == .truecolor ? 0 : ColorCoder.slots)
    }

    static let slots = 512

    mutating func code(_ color: Color) -> UInt32 {
        guard case .rgb(let rgb) = color, !recent.isEmpty else { return Self.code(color, depth: depth, background: background) }
        let key = UInt32(rgb.r) << 16 | UInt32(rgb.g) << 8 | UInt32(rgb.b) | 1 << 24
        let slot = Int((key &* 0x9E37_79B1) >> 23) & (ColorCoder.slots - 1)
        if recent[slot].0 == key { return recent[slot].1 }
        let code = Self.code(color, depth: depth, background: background)
        recent[slot] = (key, code)
        return code
    }

    static func code(_ color: Color, depth: ColorDepth, background: Bool = false) -> UInt32 {
        let index: Int?
        switch color {
        case .default: return 0
        case .rgb(let rgb): index = ColorPalette.index(for: rgb, depth: depth, background: background)
        case .indexed(let entry): index = ColorPalette.index(forIndexed: entry, depth: depth, background: background)
        }
        guard let index else { return 0 }
        // At 24-bit depth every colour, a palette entry too, is sent as its value.
        return (depth == .truecolor ? 2 << 24 : 1 << 24) | UInt32(index)
    }
}

/// Where escape sequences are appended: the frame writer's buffer, or an array of bytes.
protocol ByteSink {
    var count: Int { get }
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
    mutating func removeLast(_ k: Int)
}

extension Array: ByteSink where Element == UInt8 {
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) { self += bytes }
}

/// A frame's bytes: a buffer that grows to the largest frame and is reused, written without the
/// checks an array makes on every append (a frame appends a few thousand bytes, one or two at a
/// time). Copies of a writer share it until one of them writes a frame (`removeAll` makes the
/// writer's own).
struct FrameBuffer: ByteSink {
    private final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }
        deinit { base.deallocate() }
    }

    private var storage: Storage
    private(set) var count = 0

    init(capacity: Int) { storage = Storage(capacity: max(capacity, 16)) }

    /// Empties the buffer, keeping its storage (made this buffer's own if a copy shares it).
    mutating func removeAll() {
        count = 0
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: storage.capacity) }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == storage.capacity { grow(to: count + 1) }
        storage.base[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        if count + bytes.count > storage.capacity { grow(to: count + bytes.count) }
        if let source = bytes.baseAddress { (storage.base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// Appends a scalar's UTF-8 bytes (one check for room, not one per byte).
    @inline(__always)
    mutating func appendUTF8(_ v: UInt32) {
        if count + 4 > storage.capacity { grow(to: count + 4) }
        let size = FrameWriter.utf8Size(v)
        FrameWriter.encode(v, size: size, at: storage.base + count)
        count += size
    }

    /// Room for `n` more bytes: where they go, written directly; `didAppend` counts them.
    @inline(__always)
    mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > storage.capacity { grow(to: count + n) }
        return storage.base + count
    }

    @inline(__always)
    mutating func didAppend(_ n: Int) {
        precondition(count + n <= storage.capacity)
        count += n
    }

    /// Appends the last `n` bytes again, `times` times (a glyph written again and again).
    mutating func repeatLast(_ n: Int, times: Int) {
        precondition(n > 0 && n <= count && times >= 0)
        let total = n * times
        if count + total > storage.capacity { grow(to: count + total) }
        // Copied forward a byte at a time: each copy reads the one before it.
        let p = storage.base + count
        for k in 0..<total { p[k] = p[k - n] }
        count += total
    }

    mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count)
        count -= k
    }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    private mutating func grow(to needed: Int) {
        let larger = Storage(capacity: max(needed, storage.capacity * 2))
        larger.base.update(from: storage.base, count: count)
        storage = larger
    }
}
