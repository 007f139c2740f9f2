
/// A rectangle of whole cells.
public struct CellRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func intersection(_ other: CellRect) -> CellRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return CellRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}

/// The cell buffer: the one meeting point of rendering and the terminal. Painters write cells;
/// the terminal sends the difference between two canvases. Wide glyphs are never split: writing
/// over half of one blanks the other half.
public struct Canvas: Sendable, Equatable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// Each row's columns written since the canvas was made or cleared: outside its span a row is
    /// blank. Clearing then blanks only the spans (a frame's cards cover a part of the screen), and
    /// the terminal compares two frames only where either was painted.
    public private(set) var painted: [RowSpan]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
        painted = Array(repeating: .none, count: self.height)
    }

    public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    /// Two canvases are equal when they show the same cells (whatever was painted over to get there).
    public static func == (a: Canvas, b: Canvas) -> Bool {
        a.width == b.width && a.height == b.height && a.cells == b.cells
    }

    /// Resizes (content is cleared) or just clears, keeping the storage.
    public mutating func reset(width: Int, height: Int) {
        if width == self.width && height == self.height {
            let width = self.width
            cells.withUnsafeMutableBufferPointer { cells in
                painted.withUnsafeMutableBufferPointer { painted in
                    for y in painted.indices where painted[y].lower < painted[y].upper {
                        let span = painted[y]
                        (cells.baseAddress! + y * width + Int(span.lower)).update(repeating: .blank, count: Int(span.upper - span.lower))
                        painted[y] = .none
                    }
                }
            }
        } else {
            self = Canvas(width: width, height: height)
        }
    }

    /// Records that row `y`'s columns `lower..<upper` (inside the canvas) were written.
    @inline(__always)
    mutating func paint(row y: Int, _ lower: Int, _ upper: Int) {
        painted[y].include(Int32(lower), Int32(upper))
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
    }

    /// Writes one glyph at (x, y) if it fits inside `clip` (and the canvas). Returns the columns used.
    @discardableResult
    public mutating func put(_ glyph: Character, x: Int, y: Int, style: CellStyle = .plain, clip: CellRect? = nil) -> Int {
        if let v = TerminalCluster.bmpScalar(glyph), LoneScalarText.standsAlone(v) {
            // ASCII, borders, dots, most text: one scalar, drawn from its value.
            let region = clip.map { $0.intersection(bounds) } ?? bounds
            return paintPreparedColumns { $0.putLone(v, x: x, y: y, style: style, region: region) }
        }
        return putCluster(glyph, x: x, y: y, style: style, clip: clip)
    }

    /// `put` for any cluster, the long way (and what the lone-scalar way is tested against).
    mutating func putCluster(_ glyph: Character, x: Int, y: Int, style: CellStyle, clip: CellRect?) -> Int {
        if TerminalCluster.needsFallback(glyph) {
            // A cluster a terminal cell cannot hold as it is gets the fallback every path uses.
            var used = 0
            for part in TerminalCluster.shown(glyph) { used += putCluster(part, x: x + used, y: y, style: style, clip: clip) }
            return used
        }
        let w = CharacterWidth.of(glyph)
        let region = clip.map { $0.intersection(bounds) } ?? bounds
        guard w > 0, region.contains(x: x, y: y) else { return w == 0 ? 0 : w }
        if w == 2 && !region.contains(x: x + 1, y: y) {
            // No room for the second half: never split a wide glyph.
            set(Cell(" ", style: style), x: x, y: y)
            return 1
        }
        set(Cell(glyph, style: style, width: UInt8(w)), x: x, y: y)
        if w == 2 { set(Cell(" ", style: style, width: 0), x: x + 1, y: y) }
        return w
    }

    /// Writes a prepared cell (narrow, or the first half of a wide glyph) at (x, y), which the
    /// caller has already clipped to the canvas; a wide glyph whose second half would reach
    /// `limit` (or the canvas edge) is drawn as a blank instead of being split.
    public mutating func putPrepared(_ cell: Cell, x: Int, y: Int, within limit: Int) {
        paintPrepared { $0.put(cell, x: x, y: y, within: limit) }
    }

    /// Runs `body` with a painter that writes prepared cells straight into the canvas's storage:
    /// for painting many cells (art, text, pictures) without the storage being checked per cell.
    /// (Not generic: called from other modules, a generic one ran unspecialised, and looked the
    /// metadata of its closures' types up at run time on every call.)
    public mutating func paintPrepared(_ body: (inout PreparedPainter) -> Void) {
        _ = paintPreparedColumns { painter in
            body(&painter)
            return 0
        }
    }

    /// `paintPrepared` for a body that returns the columns it advanced.
    mutating func paintPreparedColumns(_ body: (inout PreparedPainter) -> Int) -> Int {
        let width = self.width, height = self.height
        return cells.withUnsafeMutableBufferPointer { cells in
            painted.withUnsafeMutableBufferPointer { painted in
                var painter = PreparedPainter(cells: cells, painted: painted, width: width, height: height)
                return body(&painter)
            }
        }
    }

    /// Writes a string from (x, y) rightward, clipped. Returns the columns advanced.
    @discardableResult
    public mutating func text(_ string: String, x: Int, y: Int, style: CellStyle = .plain, clip: CellRect? = nil) -> Int {
        // Titles, the status line, dots and hints: one scalar per character, drawn from the bytes.
        let region = clip.map { $0.intersection(bounds) } ?? bounds
        let drawn = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard LoneScalarText.accepts(bytes) else { return nil }
            return paintPreparedColumns { painter in
                var cx = x, i = 0
                while i < bytes.count {
                    let (v, length) = LoneScalarText.decode(bytes, at: i)
                    i += length
                    cx += painter.putLone(v, x: cx, y: y, style: style, region: region)
                }
                return cx - x
            }
        } ?? nil
        if let drawn { return drawn }
        return text(string[...], x: x, y: y, style: style, clip: clip)
    }

    /// Writes a string from (x, y) rightward, clipped. Returns the columns advanced.
    @discardableResult
    public mutating func text(_ string: some StringProtocol, x: Int, y: Int, style: CellStyle = .plain, clip: CellRect? = nil) -> Int {
        var cx = x
        for c in string {
            cx += put(c, x: cx, y: y, style: style, clip: clip)
        }
        return cx - x
    }

    /// Fills a rectangle with one glyph.
    public mutating func fill(_ rect: CellRect, glyph: Character = " ", style: CellStyle = .plain) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        if CharacterWidth.of(glyph) != 1 {
            for y in r.y..<r.maxY {
                for x in r.x..<r.maxX { put(glyph, x: x, y: y, style: style, clip: r) }
            }
            return
        }
        let cell = Cell(glyph, style: style)
        let width = self.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in r.y..<r.maxY {
                // Wide glyphs cut at the edges of the rectangle lose their other half (written
                // already, and so inside the row's painted span).
                if r.x > 0, cells[y * width + r.x].isContinuation { cells[y * width + r.x - 1] = Cell(" ", style: cells[y * width + r.x - 1].style) }
                if r.maxX < width, cells[y * width + r.maxX].isContinuation { cells[y * width + r.maxX] = Cell(" ", style: cells[y * width + r.maxX].style) }
                (cells.baseAddress! + y * width + r.x).update(repeating: cell, count: r.width)
            }
        }
        for y in r.y..<r.maxY { paint(row: y, r.x, r.maxX) }
    }

    /// Appends row `y`'s cells to `buffer` (to keep a drawn row and put it back later).
    public func appendRow(_ y: Int, to buffer: inout [Cell]) {
        buffer.append(contentsOf: cells[(y * width)..<((y + 1) * width)])
    }

    /// Puts back a row kept with `appendRow`, from `buffer[offset...]`.
    public mutating func restoreRow(_ y: Int, from buffer: [Cell], at offset: Int) {
        guard offset + width <= buffer.count else { return }
        cells.withUnsafeMutableBufferPointer { target in
            buffer.withUnsafeBufferPointer { source in
                for x in 0..<width { target[y * width + x] = source[offset + x] }
            }
        }
        paint(row: y, 0, width)
    }

    /// Changes the style of existing cells (for overlays such as dimming or a cursor highlight).
    public mutating func restyle(x: Int, y: Int, _ change: (inout CellStyle) -> Void) {
        guard bounds.contains(x: x, y: y) else { return }
        change(&cells[y * width + x].style)
        paint(row: y, x, x + 1)
    }

    private mutating func set(_ cell: Cell, x: Int, y: Int) {
        paintPrepared { $0.set(cell, x: x, y: y) }
    }

    /// The screen as plain text: exactly `height` lines, each `width` columns wide.
    public func lines() -> [String] {
        var result: [String] = []
        result.reserveCapacity(height)
        for y in 0..<height {
            var line = ""
            line.reserveCapacity(width)
            for x in 0..<width {
                let cell = cells[y * width + x]
                if !cell.isContinuation { line.append(cell.glyph) }
            }
            result.append(line)
        }
        return result
    }
}

/// Writes prepared cells into a canvas's storage (see `Canvas.paintPrepared`), keeping its rule
/// that wide glyphs are never split: writing over half of one blanks the other half. Valid only
/// inside the `paintPrepared` call that made it (it holds a pointer to the storage).
public struct PreparedPainter {
    @usableFromInline let cells: UnsafeMutableBufferPointer<Cell>
    @usableFromInline let painted: UnsafeMutableBufferPointer<RowSpan>
    public let width: Int
    public let height: Int

    @usableFromInline
    init(cells: UnsafeMutableBufferPointer<Cell>, painted: UnsafeMutableBufferPointer<RowSpan>, width: Int, height: Int) {
        self.cells = cells
        self.painted = painted
        self.width = width
        self.height = height
    }

    /// Writes a prepared cell (narrow, or the first half of a wide glyph) at (x, y), which the
    /// caller has already clipped to the canvas; a wide glyph whose second half would reach
    /// `limit` (or the canvas edge) is drawn as a blank instead of being split.
    @inlinable @inline(__always)
    public mutating func put(_ cell: Cell, x: Int, y: Int, within limit: Int) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "a prepared cell outside the canvas")
        if cell.width == 1 { return putNarrow(cell, x: x, y: y) }
        guard x + 1 < min(limit, width) else { return putNarrow(Cell(" ", style: cell.style), x: x, y: y) }
        set(cell, x: x, y: y)
        set(Cell(" ", style: cell.style, width: 0), x: x + 1, y: y)
    }

    /// Writes a row of prepared cells, `source[0..<count]`, from (x, y) rightward (inside the
    /// canvas), each in `style`, leaving out blanks and continuations (what is under them shows):
    /// what `put` does for each cell, with the row's painted columns noted once rather than per
    /// cell (a card's art is painted a row at a time).
    /// (The look of a narrow glyph in `style` is worked out once for the row: a card's art is
    /// thousands of cells a frame, each of them restyled.)
    @inlinable
    public mutating func putRow(_ source: UnsafePointer<Cell>, count: Int, x: Int, y: Int, style: CellStyle, within limit: Int) {
        precondition(count >= 0 && x >= 0 && x + count <= width && y >= 0 && y < height, "a row of prepared cells outside the canvas")
        let narrow = Cell.look(style, width: 1)
        let row = cells.baseAddress! + y * width + x
        var first = -1, last = -1
        for k in 0..<count {
            let glyph = source[k].glyphBits, columns = source[k].width
            // Blanks and continuations are left out (what is under them shows).
            if columns == 0 || columns == 1 && glyph == 0x20 { continue }
            if columns == 1 && row[k].width == 1 {
                // (Not a blank: the look is the style's own, whatever the glyph.)
                row[k] = Cell(glyphBits: glyph, lookBits: narrow)
                if first < 0 { first = k }
                last = k
            } else {
                var cell = source[k]
                cell.style = style
                put(cell, x: x + k, y: y, within: limit)
            }
        }
        if first >= 0 { painted[y].include(Int32(x + first), Int32(x + last + 1)) }
    }

    /// Writes a row of prepared cells of their own styles, `source[0..<count]`, from (x, y)
    /// rightward (inside the canvas), each restyled by `restyle` (asked again only where the style
    /// changes), leaving out continuations and blanks that show nothing of their own (what is under
    /// them shows): what `put` does for each cell, with the row's painted columns noted once (a
    /// text card is painted a row at a time).
    @inlinable
    public mutating func putRow(_ source: UnsafePointer<Cell>, count: Int, x: Int, y: Int, within limit: Int,
                                restyle: (CellStyle) -> CellStyle) {
        var base: CellStyle? = nil, style = CellStyle.plain
        putRow(source, count: count, x: x, y: y, within: limit) { cell in
            if cell.isContinuation || cell.showsNothing { return false }
            let own = cell.style
            if own != base {
                base = own
                style = restyle(own)
            }
            cell.style = style
            return true
        }
    }

    /// The two rows above: each cell of `source` made ready by `prepare` (false: left out), then
    /// written as `put` writes it, the row's painted columns noted once.
    @inlinable @inline(__always) @usableFromInline
    mutating func putRow(_ source: UnsafePointer<Cell>, count: Int, x: Int, y: Int, within limit: Int,
                         prepare: (inout Cell) -> Bool) {
        precondition(count >= 0 && x >= 0 && x + count <= width && y >= 0 && y < height, "a row of prepared cells outside the canvas")
        let row = cells.baseAddress! + y * width
        var first = -1, last = -1
        for k in 0..<count {
            var cell = source[k]
            guard prepare(&cell) else { continue }
            let cx = x + k
            if cell.width == 1 && row[cx].width == 1 {
                row[cx] = cell
                if first < 0 { first = cx }
                last = cx
            } else {
                put(cell, x: cx, y: y, within: limit)
            }
        }
        if first >= 0 { painted[y].include(Int32(first), Int32(last + 1)) }
    }

    /// The cell at (x, y), inside the canvas.
    @inlinable
    public subscript(x: Int, y: Int) -> Cell {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "a cell outside the canvas")
        return cells[y * width + x]
    }

    /// Sets the style of the cell at (x, y), inside the canvas, keeping its glyph.
    @inlinable
    public mutating func restyle(x: Int, y: Int, _ style: CellStyle) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "a cell outside the canvas")
        cells[y * width + x].style = style
        painted[y].include(Int32(x), Int32(x + 1))
    }

    @inlinable @inline(__always)
    mutating func putNarrow(_ cell: Cell, x: Int, y: Int) {
        let i = y * width + x
        let old = cells[i]
        if old.width != 1 {
            // Overwriting half of a wide glyph blanks its other half.
            if old.width == 2 && x + 1 < width { cells[i + 1] = Cell(" ", style: old.style) }
            if old.width == 0 && x > 0 && cells[i - 1].width == 2 { cells[i - 1] = Cell(" ", style: cells[i - 1].style) }
        }
        cells[i] = cell
        painted[y].include(Int32(x), Int32(x + 1))
    }

    /// Writes the lone scalar `v` (see `LoneScalarText`) at (x, y) if it fits in `region` (inside
    /// the canvas), as `Canvas.put` writes the character it is. Returns the columns it advances.
    mutating func putLone(_ v: UInt32, x: Int, y: Int, style: CellStyle, region: CellRect) -> Int {
        let w = CharacterWidth.ofCharacter(scalarValue: v)
        guard w > 0 else { return 0 }
        guard region.contains(x: x, y: y) else { return w }
        if w == 2 && !region.contains(x: x + 1, y: y) {
            // No room for the second half: never split a wide glyph.
            set(Cell(ascii: 0x20, style: style), x: x, y: y)
            return 1
        }
        set(Cell(scalar: v, style: style, width: UInt8(w)), x: x, y: y)
        if w == 2 { set(Cell(scalar: 0x20, style: style, width: 0), x: x + 1, y: y) }
        return w
    }

    @usableFromInline
    mutating func set(_ cell: Cell, x: Int, y: Int) {
        let i = y * width + x
        let old = cells[i]
        // Overwriting half of a wide glyph blanks its other half.
        if old.width == 2 && cell.width != 2 && x + 1 < width { cells[i + 1] = Cell(" ", style: old.style) }
        // (Unless this is the second half of the glyph just put before it, over an old one's.)
        if old.width == 0 && cell.width != 0 && x > 0 && cells[i - 1].width == 2 { cells[i - 1] = Cell(" ", style: cells[i - 1].style) }
        if cell.width == 2 && x + 1 < width && cells[i + 1].width == 2 && x + 2 < width {
            cells[i + 2] = Cell(" ", style: cells[i + 1].style)
        }
        cells[i] = cell
        painted[y].include(Int32(x), Int32(x + 1))
    }
}

/// The columns `lower..<upper` of a row that were written (empty: `lower >= upper`).
public struct RowSpan: Sendable, Equatable {
    public var lower: Int32
    public var upper: Int32

    public init(lower: Int32, upper: Int32) {
        self.lower = lower
        self.upper = upper
    }

    /// Nothing written.
    public static let none = RowSpan(lower: .max, upper: 0)

    public var isEmpty: Bool { lower >= upper }

    @inlinable @inline(__always)
    public mutating func include(_ from: Int32, _ to: Int32) {
        if from < lower { lower = from }
        if to > upper { upper = to }
    }

    /// The columns either span holds (and those between them).
    @inlinable
    public func union(_ other: RowSpan) -> RowSpan {
        RowSpan(lower: min(lower, other.lower), upper: max(upper, other.upper))
    }
}
