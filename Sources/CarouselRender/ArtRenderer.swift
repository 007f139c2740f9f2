import CarouselCanvas
import CarouselCards
import CarouselCore

/// A card's art as a grid of cells, resampled to a target size and optionally blurred.
///
/// Shrinking keeps, for each target cell, the densest glyph of the source cells whose centres it
/// covers (a stroke before an area's fill when shrinking a little), so thin outlines survive and
/// nothing is drawn twice; growing picks the nearest source cell. Blur treats the art as a density
/// field, spreads it, and maps it back onto the density ramp, so detail fades into soft shapes.
public struct ArtGrid: Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    /// The art's distinct glyphs, with what resampling and blurring need to know of each, so that
    /// they work on small numbers and never look a character up again.
    private(set) var table: GlyphTable
    /// Row-major glyphs as entries of `table`; `ArtGrid.continuation` for the second column of a
    /// wide glyph.
    private(set) var codes: [UInt32]
    /// Art that is mostly letters and digits (a word, a line of verse) rather than a picture: it is
    /// never enlarged, since spreading letters apart ("P W N E D") makes text harder to read.
    public private(set) var isText = false

    static let continuation = UInt32.max

    /// Splits art lines into cells (wide glyphs take two).
    ///
    /// (Run once per size of a card, the first time the card is drawn: a deck passing by meets a
    /// new card with every move. Lines of ASCII, nearly all of most art, are read a byte at a time,
    /// and the rows go into one array; Swift's characters are met only in lines with more than ASCII.)
    public init(lines: [String]) {
        var table = GlyphTable.prototype
        // The rows one after another, unpadded, and where each ends.
        var packed: [UInt32] = []
        var ends: [Int] = []
        packed.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count })
        ends.reserveCapacity(lines.count)
        var w = 0
        for line in lines {
            let start = packed.count
            Self.append(line, to: &packed, table: &table)
            // Trailing blanks carry no ink; keep the grid tight.
            while packed.count > start, packed[packed.count - 1] == GlyphTable.blank { packed.removeLast() }
            w = max(w, packed.count - start)
            ends.append(packed.count)
        }
        func start(of row: Int) -> Int { row == 0 ? 0 : ends[row - 1] }
        // Empty rows above and below the drawing are left out.
        var first = 0, last = ends.count
        while last > first && ends[last - 1] == start(of: last - 1) { last -= 1 }
        while first < last && ends[first] == start(of: first) { first += 1 }
        width = w
        height = last - first
        var codes: [UInt32] = []
        codes.reserveCapacity(w * height)
        var uses = [Int](repeating: 0, count: table.count)
        for row in first..<last {
            for k in start(of: row)..<ends[row] {
                let code = packed[k]
                codes.append(code)
                if code != ArtGrid.continuation { uses[Int(code)] += 1 }
            }
            for _ in (ends[row] - start(of: row))..<w { codes.append(GlyphTable.blank) }
        }
        self.codes = codes
        self.table = table
        // Each distinct glyph is asked once, counted as often as it is used.
        var counted: [(Character, Int)] = []
        for code in uses.indices where uses[code] > 0 { counted.append((table.glyphs[code], uses[code])) }
        isText = Lettering.isMostlyLetters(counted: counted)
    }

    /// Appends the cells of one line: a line of ASCII a byte at a time, any other line a
    /// character at a time (reading a line of both ways in turn cost more than either).
    private static func append(_ line: String, to codes: inout [UInt32], table: inout GlyphTable) {
        if line.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in line.utf8 where byte >= 0x20 && byte != 0x7F {
                // One column, drawn as it is; control characters take none (and a CR LF, one
                // character of two controls, none either).
                codes.append(table.code(ascii: byte))
            }
            return
        }
        for cluster in line {
            if let ascii = cluster.asciiValue {
                if ascii >= 0x20 && ascii != 0x7F { codes.append(table.code(ascii: ascii)) }
                continue
            }
            for c in TerminalCluster.shown(cluster) {
                switch CharacterWidth.of(c) {
                case 0: continue
                case 2: codes.append(table.code(c, wide: true)); codes.append(ArtGrid.continuation)
                default: codes.append(table.code(c, wide: false))
                }
            }
        }
    }

    init(width: Int, height: Int, table: GlyphTable, codes: [UInt32]) {
        self.width = width
        self.height = height
        self.table = table
        self.codes = codes
    }

    /// Row-major glyphs; wide glyphs are followed by a `nil` continuation.
    public var glyphs: [Character?] { codes.map(glyph) }

    public subscript(x: Int, y: Int) -> Character? { glyph(codes[y * width + x]) }

    private func glyph(_ code: UInt32) -> Character? { code == ArtGrid.continuation ? nil : table.glyphs[Int(code)] }

    /// The art's size and kind, all that choosing a variant and fitting it asks of it.
    public var size: ArtSize { ArtSize(width: width, height: height, isText: isText) }

    /// See `ArtSize.fittedSize(in:)`.
    public func fittedSize(in box: (width: Int, height: Int)) -> (width: Int, height: Int) { size.fittedSize(in: box) }

    /// See `ArtSize.isLargeEnough(for:)`.
    public func isLargeEnough(for box: (width: Int, height: Int)) -> Bool { size.isLargeEnough(for: box) }

    /// See `ArtSize.variant(among:fitting:)`.
    public static func variant(among sizes: [ArtGrid], fitting box: (width: Int, height: Int)) -> Int {
        ArtSize.variant(among: sizes.map(\.size), fitting: box)
    }

    /// Resamples to exactly `w` x `h` cells.
    public func resampled(width w: Int, height h: Int) -> ArtGrid {
        guard w > 0, h > 0, width > 0, height > 0 else { return ArtGrid(width: 0, height: 0, table: table, codes: []) }
        if w == width && h == height { return self }
        var out: [UInt32] = [], shrinking: [ShrinkColumn] = [], growing: [GrowColumn] = []
        resample(width: w, height: h, into: &out, shrinking: &shrinking, growing: &growing)
        return ArtGrid(width: w, height: h, table: table, codes: out)
    }

    /// What shrinking works out once for each target column: its footprint, its middle and the side
    /// it is looked at from.
    typealias ShrinkColumn = (x0: Int, x1: Int, cx: Double, fromRight: Bool)
    /// What enlarging works out once for each target column: its source column, and whether it is
    /// where that column lands.
    typealias GrowColumn = (x: Int, primary: Bool)

    /// The codes of the grid resampled to `w` x `h` (both at least 1) into `out`, with buffers for
    /// what is worked out on the way (art is prepared while cards move: kept buffers, see
    /// `ArtWorkspace`, make it allocate nothing once they have grown).
    func resample(width w: Int, height h: Int, into out: inout [UInt32], shrinking columns: inout [ShrinkColumn], growing: inout [GrowColumn]) {
        out.removeAll(keepingCapacity: true)
        if w == width && h == height {
            out.append(contentsOf: codes)
            return
        }
        out.append(contentsOf: repeatElement(GlyphTable.blank, count: w * h))
        if w > width || h > height {
            enlarge(width: w, height: h, into: &out, columns: &growing)
            return
        }
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        // Shrunk by less than half, an area's fill (hair, shading) gives way to a stroke (an
        // outline, an eye) in the same footprint: the area goes on in the cells around it, the
        // stroke would be lost. Shrunk further, the area is what is left to see.
        let fillsYield = max(sx, sy) < 2
        let inks = table.ink, traits = table.traits
        // Each column's footprint, its middle and the side it is looked at from, worked out once
        // rather than for every row (a new size is prepared while a card moves: it must be cheap).
        columns.removeAll(keepingCapacity: true)
        for tx in 0..<w {
            let (x0, x1) = ArtGrid.mirroredFootprint(tx, of: w, scale: sx, count: width)
            columns.append((x0, min(x1, width), sx < 2 ? Double(x0 + x1) / 2 : (Double(tx) + 0.5) * sx, sx < 2 && tx >= w - w / 2))
        }
        for ty in 0..<h {
            let (y0, y1) = ArtGrid.footprint(ty, scale: sy, count: height)
            let cy = sy < 2 ? Double(y0 + y1) / 2 : (Double(ty) + 0.5) * sy
            var tx = 0
            while tx < w {
                let (x0, x1, cx, fromRight) = columns[tx]
                var best = GlyphTable.blank
                var bestInk = -1.0
                var bestDistance = Double.infinity
                // Ties go to the glyph nearest the middle of the footprint (of the cell's share when
                // shrinking a lot); the right half looks from its right edge, so a tie there goes
                // the mirrored way.
                for y in y0..<min(y1, height) {
                    for i in 0..<(x1 - x0) {
                        let x = fromRight ? x1 - 1 - i : x0 + i
                        let g = codes[y * width + x]
                        if g == ArtGrid.continuation { continue }
                        var ink = inks[Int(g)]
                        if fillsYield && ink > ArtGrid.yieldingFillInk && traits[Int(g)].contains(.yieldingFill) {
                            ink = ArtGrid.yieldingFillInk
                        }
                        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                        let distance = dx * dx + dy * dy
                        if ink > bestInk + 0.05 || (abs(ink - bestInk) <= 0.05 && distance < bestDistance) {
                            best = g; bestInk = ink; bestDistance = distance
                        }
                    }
                }
                if traits[Int(best)].contains(.wide) {
                    if tx + 1 < w {
                        out[ty * w + tx] = best
                        out[ty * w + tx + 1] = ArtGrid.continuation
                        tx += 2
                        continue
                    }
                    best = inks[Int(best)] > 0 ? GlyphTable.hash : GlyphTable.blank
                }
                out[ty * w + tx] = best
                tx += 1
            }
        }
    }

    /// The source cells (of `count`) that target cell `t` covers when shrinking by `scale` (at
    /// least 1). Shrunk by less than half: those whose centre falls inside it, so each source cell
    /// belongs to exactly one target cell and a glyph is never drawn twice ("oo", "))"). Shrunk
    /// further: also the cells it only touches, so a small feature (an eye) on the line between two
    /// target cells still shows.
    static func footprint(_ t: Int, scale: Double, count: Int) -> (Int, Int) {
        if scale >= 2 {
            let start = min(count - 1, Int(Double(t) * scale))
            return (start, max(start + 1, min(count, Int((Double(t + 1) * scale).rounded(.up)))))
        }
        let start = min(count - 1, max(0, Int((Double(t) * scale - 0.5).rounded(.up))))
        let end = min(count, Int((Double(t + 1) * scale - 0.5).rounded(.up)))
        return (start, max(end, start + 1))
    }

    /// `footprint` for the columns of `cells`, taken from both edges toward the middle when shrinking
    /// by less than half, so art drawn the same on both sides (a face) shrinks the same on both
    /// sides: the right half's footprints mirror the left half's. The middle column of an odd
    /// width goes to the cell left of the middle.
    static func mirroredFootprint(_ t: Int, of cells: Int, scale: Double, count: Int) -> (Int, Int) {
        guard scale < 2 else { return footprint(t, scale: scale, count: count) }
        let half = cells / 2
        if t < half {
            let (start, end) = footprint(t, scale: scale, count: count)
            return (start, cells % 2 == 0 && t == half - 1 ? (count + 1) / 2 : end)
        }
        if t >= cells - half {
            let (start, end) = footprint(cells - 1 - t, scale: scale, count: count)
            return (count - end, count - start)
        }
        // The middle cell of an odd width takes what the two halves leave.
        let left = half == 0 ? 0 : footprint(half - 1, scale: scale, count: count).1
        return (left, max(count - left, left + 1))
    }

    /// The ink a fill glyph counts for when shrinking: more than light marks (`.`, `-`, `:`), less
    /// than strokes (`|`, `/`, `o`).
    static let yieldingFillInk = 0.32

    /// Glyphs that fill areas (hair, shading): enlarging repeats them.
    static let fills = Set("@#%&$MWB8N█▓▒░")
    /// Glyphs of horizontal strokes: enlarging continues them sideways between their own kind.
    static let horizontals = Set("-_=~'`.,\"─━═")
    /// Glyphs of vertical strokes: enlarging continues them downward.
    static let verticals = Set("|!│┃║")

    /// Enlarging: every source glyph lands once, on the target cell nearest its centre; the cells in
    /// between repeat a glyph only where that continues a shape (a fill, a horizontal or a vertical
    /// stroke). Repeating everything would double eyes and noses ("oo", "))").
    /// (`out` holds `w` x `h` blanks.)
    private func enlarge(width w: Int, height h: Int, into out: inout [UInt32], columns: inout [GrowColumn]) {
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        let traits = table.traits
        func trait(_ code: UInt32, _ wanted: GlyphTable.Traits) -> Bool {
            code != ArtGrid.continuation && traits[Int(code)].contains(wanted)
        }
        // The target column / row each source column / row lands on.
        func landing(_ i: Int, _ scale: Double, _ count: Int) -> Int { min(count - 1, Int((Double(i) + 0.5) / scale)) }
        // Each column's source column, and whether it is where that column lands: once, not per row.
        columns.removeAll(keepingCapacity: true)
        for tx in 0..<w {
            let x = min(width - 1, Int((Double(tx) + 0.5) * sx))
            columns.append((x, landing(x, sx, w) == tx))
        }
        for ty in 0..<h {
            let y = min(height - 1, Int((Double(ty) + 0.5) * sy))
            let primaryRow = landing(y, sy, h) == ty
            var tx = 0
            while tx < w {
                let (x, primaryColumn) = columns[tx]
                var glyph = GlyphTable.blank
                let g = codes[y * width + x]
                if g != ArtGrid.continuation && g != GlyphTable.blank {
                    if trait(g, .fill) || (primaryRow && primaryColumn) {
                        glyph = g
                    } else if primaryRow, trait(g, .horizontal) {
                        // Continue a stroke only toward more of it.
                        let next = x + 1 < width ? codes[y * width + x + 1] : ArtGrid.continuation
                        let previous = x > 0 ? codes[y * width + x - 1] : ArtGrid.continuation
                        if trait(next, .horizontal) || trait(next, .fill) || trait(previous, .horizontal) || trait(previous, .fill) { glyph = g }
                    } else if primaryColumn, trait(g, .vertical) {
                        glyph = g
                    }
                }
                if traits[Int(glyph)].contains(.wide) {
                    if primaryColumn && tx + 1 < w {
                        out[ty * w + tx] = glyph
                        out[ty * w + tx + 1] = ArtGrid.continuation
                        tx += 2
                        continue
                    }
                    glyph = GlyphTable.blank
                }
                out[ty * w + tx] = glyph
                tx += 1
            }
        }
    }

    /// Blurs by `amount` (0 = sharp, 1 = the strongest blur, where only soft shapes remain).
    public func blurred(_ amount: Double, ramp: [Character]) -> ArtGrid {
        var table = self.table
        for glyph in ramp { _ = table.code(glyph, wide: false) }
        var out: [UInt32] = [], density: [Double] = [], line: [Double] = []
        guard Self.blur(codes, width: width, height: height, table: table, amount: amount, ramp: ramp,
                        into: &out, density: &density, line: &line) else { return self }
        return ArtGrid(width: width, height: height, table: table, codes: out)
    }

    /// `codes` (a grid of `width` x `height` of `table`, which numbers the glyphs of `ramp`) blurred
    /// by `amount` into `out`, with buffers for the density field and a line of it; false, with
    /// nothing written, when `amount` is too small to blur.
    static func blur(_ codes: [UInt32], width: Int, height: Int, table: GlyphTable, amount: Double, ramp: [Character],
                     into out: inout [UInt32], density: inout [Double], line: inout [Double]) -> Bool {
        let t = clamp(amount, 0...1)
        guard t > 0.02, width > 0, height > 0 else { return false }
        let inks = table.ink, traits = table.traits
        density.removeAll(keepingCapacity: true)
        for i in codes.indices {
            density.append(codes[i] == ArtGrid.continuation ? density[max(0, i - 1)] : inks[Int(codes[i])])
        }
        // Radius in rows; columns get twice as much because cells are twice as tall as wide.
        let ry = t * 1.5, rx = ry * 2
        Self.boxBlur(&density, line: &line, width: width, height: height, rx: rx, ry: ry)
        out.removeAll(keepingCapacity: true)
        let top = Double(ramp.count - 1)
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: ramp.count) { rampCodes in
            for (k, glyph) in ramp.enumerated() {
                let code = table.knownCode(glyph)
                assert(code != nil, "every grid's table numbers the ramps' glyphs")
                rampCodes[k] = code ?? GlyphTable.blank
            }
            for i in density.indices {
                // Blur also spreads ink thinner; keep the field's shape but lower its peak a little.
                let level = Int((clamp(density[i] * (1 - 0.25 * t), 0...1) * top).rounded())
                out.append(rampCodes[level])
            }
        }
        // Sharp glyphs fade out as blur grows: below a third of full blur keep the art where it has ink.
        if t < 0.34 {
            for i in codes.indices {
                let g = codes[i]
                if g != ArtGrid.continuation, inks[Int(g)] > 0, !traits[Int(g)].contains(.wide) { out[i] = g }
            }
        }
        return true
    }

    /// Blurs `field` in place: a pass along the rows, then one down the columns. (Each line is read
    /// from a copy of it in one buffer, and the taps are kept on the stack: a blur used to allocate
    /// its taps, as they grew, and a new field, for each pass: most of what preparing art at a new
    /// size allocated.)
    private static func boxBlur(_ field: inout [Double], line: inout [Double], width: Int, height: Int, rx: Double, ry: Double) {
        if line.count < max(width, height) { line = [Double](repeating: 0, count: max(width, height)) }
        field.withUnsafeMutableBufferPointer { field in
            line.withUnsafeMutableBufferPointer { line in
                pass(field, line, width: width, height: height, horizontal: true, radius: rx)
                pass(field, line, width: width, height: height, horizontal: false, radius: ry)
            }
        }
    }

    private static func pass(_ field: UnsafeMutableBufferPointer<Double>, _ line: UnsafeMutableBufferPointer<Double>,
                             width: Int, height: Int, horizontal: Bool, radius: Double) {
        guard radius > 0.01 else { return }
        let r = Int(radius.rounded(.up))
        withUnsafeTemporaryAllocation(of: (offset: Int, weight: Double).self, capacity: 2 * r + 1) { taps in
            // The taps and their weights (edge taps weighted by how much of the radius covers
            // them; a tap of no weight is left out), and their sum: a tap beyond the field's edge
            // counts with nothing in it, so every cell divides by the same weight.
            var count = 0
            var weight = 0.0
            for k in -r...r {
                let w = abs(Double(k)) <= radius ? 1.0 : max(0, 1 - (abs(Double(k)) - radius))
                guard w > 0 else { continue }
                taps[count] = (k, w)
                count += 1
                weight += w
            }
            let (lines, length, step) = horizontal ? (height, width, 1) : (width, height, width)
            for l in 0..<lines {
                let first = horizontal ? l * width : l
                for t in 0..<length { line[t] = field[first + t * step] }
                for t in 0..<length {
                    var sum = 0.0
                    for j in 0..<count {
                        let (k, w) = taps[j]
                        let u = t + k
                        sum += (u >= 0 && u < length ? line[u] : 0) * w
                    }
                    field[first + t * step] = sum / weight
                }
            }
        }
    }
}

/// Prepares art at a size and blur with buffers it keeps from one preparation to the next (the art
/// cache has one), so that art met at a new size and blur while cards move allocates nothing once
/// they have grown: what `ArtGrid.resampled(width:height:)` and `ArtGrid.blurred(_:ramp:)` make,
/// without a grid of its own at each step.
public struct ArtWorkspace: Sendable {
    /// The art resampled, then blurred.
    private var resampled: [UInt32] = []
    private var blurred: [UInt32] = []
    private var density: [Double] = []
    private var line: [Double] = []
    private var shrinking: [ArtGrid.ShrinkColumn] = []
    private var growing: [ArtGrid.GrowColumn] = []

    public init() {}

    /// The codes of `grid` (entries of its table) resampled to `width` x `height` (both at least
    /// 1) and blurred by `blur` (0...1) with the glyphs of `ramp`, which the grid's table numbers
    /// (every grid's does: see `GlyphTable.init`). Valid until the next preparation; a copy keeps
    /// them (and makes the next preparation allocate).
    public mutating func prepare(_ grid: ArtGrid, width: Int, height: Int, blur: Double, ramp: [Character]) -> [UInt32] {
        grid.resample(width: width, height: height, into: &resampled, shrinking: &shrinking, growing: &growing)
        guard blur > 0, ArtGrid.blur(resampled, width: width, height: height, table: grid.table, amount: blur, ramp: ramp,
                                     into: &blurred, density: &density, line: &line) else { return resampled }
        return blurred
    }
}

/// The distinct glyphs of a drawing, numbered in the order they were met (0 is the blank, 1 the
/// `#` that stands for a wide glyph cut at an edge, then the density ramps), with what is asked of each when resampling
/// and blurring: its ink, its width and the kind of stroke it draws.
struct GlyphTable: Sendable {
    struct Traits: OptionSet, Sendable {
        let rawValue: UInt8
        static let wide = Traits(rawValue: 1)
        static let fill = Traits(rawValue: 2)
        /// A fill that gives way to a stroke when shrinking a little (not a letter or a digit).
        static let yieldingFill = Traits(rawValue: 4)
        static let horizontal = Traits(rawValue: 8)
        static let vertical = Traits(rawValue: 16)
    }

    static let blank: UInt32 = 0
    static let hash: UInt32 = 1

    private(set) var glyphs: [Character] = []
    private(set) var ink: [Double] = []
    private(set) var traits: [Traits] = []
    private var asciiCodes = [UInt32](repeating: UInt32.max, count: 128)
    /// Glyphs of one scalar below U+10000 by that scalar (hashing a number, not a string); the
    /// rest by the character.
    private var scalarCodes: [UInt32: UInt32] = [:]
    private var otherCodes: [Character: UInt32] = [:]

    init() {
        _ = code(ascii: 0x20, " ")
        _ = code(ascii: 0x23, "#")
        // The density ramps, so that blurring finds its glyphs already numbered.
        for glyph in Glyphs.unicode.ramp + Glyphs.ascii.ramp { _ = code(glyph, wide: false) }
    }

    /// A new table as `init()` makes it, made once and copied (its ramps' glyphs looked up again
    /// for every grid cost a card's first sight more than its own glyphs).
    static let prototype = GlyphTable()

    /// The number of the ASCII glyph `ascii`, added when new.
    mutating func code(ascii: UInt8) -> UInt32 {
        let known = asciiCodes[Int(ascii)]
        if known != UInt32.max { return known }
        return code(ascii: ascii, Character(Unicode.Scalar(ascii)))
    }

    var count: Int { glyphs.count }

    /// The number of an ASCII glyph (`character` is the same glyph), added when new.
    mutating func code(ascii: UInt8, _ character: Character) -> UInt32 {
        let known = asciiCodes[Int(ascii)]
        if known != UInt32.max { return known }
        let code = add(character, wide: false)
        asciiCodes[Int(ascii)] = code
        return code
    }

    /// The number of a glyph (taking two columns when `wide`), added when new.
    mutating func code(_ character: Character, wide: Bool) -> UInt32 {
        if let v = TerminalCluster.bmpScalar(character) {
            if v < 0x80 { return code(ascii: UInt8(v), character) }
            if let known = scalarCodes[v] { return known }
            let code = add(character, wide: wide)
            scalarCodes[v] = code
            return code
        }
        if let ascii = character.asciiValue { return code(ascii: ascii, character) }
        if let known = otherCodes[character] { return known }
        let code = add(character, wide: wide)
        otherCodes[character] = code
        return code
    }

    /// The number of a glyph the table has; nil when it has not.
    func knownCode(_ character: Character) -> UInt32? {
        if let v = TerminalCluster.bmpScalar(character) {
            if v < 0x80 {
                let known = asciiCodes[Int(v)]
                return known == UInt32.max ? nil : known
            }
            return scalarCodes[v]
        }
        if let ascii = character.asciiValue {
            let known = asciiCodes[Int(ascii)]
            return known == UInt32.max ? nil : known
        }
        return otherCodes[character]
    }

    private mutating func add(_ g: Character, wide: Bool) -> UInt32 {
        var kind: Traits = wide ? [.wide] : []
        if let ascii = g.asciiValue {
            kind.formUnion(GlyphTable.asciiTraits[Int(ascii)])
        } else {
            kind.formUnion(GlyphTable.traits(of: g))
        }
        glyphs.append(g)
        ink.append(Ink.of(g))
        traits.append(kind)
        return UInt32(glyphs.count - 1)
    }

    private static func traits(of g: Character) -> Traits {
        var kind: Traits = []
        if ArtGrid.fills.contains(g) {
            kind.insert(.fill)
            if !g.isLetter && !g.isNumber { kind.insert(.yieldingFill) }
        }
        if ArtGrid.horizontals.contains(g) { kind.insert(.horizontal) }
        if ArtGrid.verticals.contains(g) { kind.insert(.vertical) }
        return kind
    }

    /// The traits of the ASCII glyphs, worked out once (each grid meets a few dozen of them).
    private static let asciiTraits: [Traits] = (0..<128).map { traits(of: Character(Unicode.Scalar(UInt8($0)))) }
}

/// An art grid's size in cells and whether it is text (see `ArtGrid.isText`): plain numbers, so that
/// a frame choosing and fitting a card's art copies no grid.
public struct ArtSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var isText: Bool

    /// The size that fits inside `box` keeping the art's proportions (at least 1x1 when there is
    /// room); text keeps its own size when there is room for it.
    public func fittedSize(in box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard width > 0, height > 0, box.width > 0, box.height > 0 else { return (0, 0) }
        var s = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        if isText { s = min(s, 1) }
        return (max(1, min(box.width, Int((Double(width) * s).rounded()))),
                max(1, min(box.height, Int((Double(height) * s).rounded()))))
    }

    /// Whether the art shown as large as fits in `box` (keeping its proportions) is shrunk or kept
    /// at its own size, never enlarged: its natural size is at least the size the box needs, in
    /// both directions. Text art counts as enlarged where it would be, had it not kept its size.
    public func isLargeEnough(for box: (width: Int, height: Int)) -> Bool {
        guard width > 0, height > 0, box.width > 0, box.height > 0 else { return true }
        let s = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        return min(box.width, Int((Double(width) * s).rounded())) <= width
            && min(box.height, Int((Double(height) * s).rounded())) <= height
    }

    /// Of the sizes of one drawing (`Mira.txt`, `Mira@2x.txt`: as an image's `srcset`), the index of
    /// the one to show in `box`: the smallest that is large enough (shrunk, never enlarged), else
    /// the largest. Sizes are compared by their cells, whatever their order; an empty one is never
    /// chosen while another has something in it.
    public static func variant(among sizes: [ArtSize], fitting box: (width: Int, height: Int)) -> Int {
        var smallestEnough: Int?
        var largest: Int?
        for (i, size) in sizes.enumerated() where size.width > 0 && size.height > 0 {
            let area = size.width * size.height
            if size.isLargeEnough(for: box), smallestEnough.map({ area < sizes[$0].width * sizes[$0].height }) ?? true {
                smallestEnough = i
            }
            if largest.map({ area > sizes[$0].width * sizes[$0].height }) ?? true { largest = i }
        }
        return smallestEnough ?? largest ?? 0
    }
}
