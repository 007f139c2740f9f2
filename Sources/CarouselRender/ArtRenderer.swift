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
    /// Row-major glyphs; wide glyphs are followed by a `nil` continuation.
    public private(set) var glyphs: [Character?]
    /// Art that is mostly letters and digits (a word, a line of verse) rather than a picture: it is
    /// never enlarged, since spreading letters apart ("P W N E D") makes text harder to read.
    public private(set) var isText = false

    /// Splits art lines into cells (wide glyphs take two).
    public init(lines: [String]) {
        var rows: [[Character?]] = []
        var w = 0
        for line in lines {
            var row: [Character?] = []
            for cluster in line {
                for c in TerminalCluster.shown(cluster) {
                    switch CharacterWidth.of(c) {
                    case 0: continue
                    case 2: row.append(c); row.append(nil)
                    default: row.append(c)
                    }
                }
            }
            // Trailing blanks carry no ink; keep the grid tight.
            while let last = row.last, last == " " { row.removeLast() }
            w = max(w, row.count)
            rows.append(row)
        }
        while let last = rows.last, last.isEmpty { rows.removeLast() }
        while let first = rows.first, first.isEmpty { rows.removeFirst() }
        width = w
        height = rows.count
        glyphs = []
        glyphs.reserveCapacity(w * rows.count)
        for row in rows {
            glyphs.append(contentsOf: row)
            glyphs.append(contentsOf: repeatElement(" ", count: w - row.count))
        }
        isText = Lettering.isMostlyLetters(glyphs.lazy.compactMap { $0 })
    }

    init(width: Int, height: Int, glyphs: [Character?]) {
        self.width = width
        self.height = height
        self.glyphs = glyphs
    }

    public subscript(x: Int, y: Int) -> Character? { glyphs[y * width + x] }

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
    public static func variant(among sizes: [ArtGrid], fitting box: (width: Int, height: Int)) -> Int {
        var smallestEnough: Int?
        var largest: Int?
        for (i, grid) in sizes.enumerated() where grid.width > 0 && grid.height > 0 {
            let area = grid.width * grid.height
            if grid.isLargeEnough(for: box), smallestEnough.map({ area < sizes[$0].width * sizes[$0].height }) ?? true {
                smallestEnough = i
            }
            if largest.map({ area > sizes[$0].width * sizes[$0].height }) ?? true { largest = i }
        }
        return smallestEnough ?? largest ?? 0
    }

    /// Resamples to exactly `w` x `h` cells.
    public func resampled(width w: Int, height h: Int) -> ArtGrid {
        guard w > 0, h > 0, width > 0, height > 0 else { return ArtGrid(width: 0, height: 0, glyphs: []) }
        if w == width && h == height { return self }
        if w > width || h > height { return enlarged(width: w, height: h) }
        var out = [Character?](repeating: " ", count: w * h)
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        // Shrunk by less than half, an area's fill (hair, shading) gives way to a stroke (an
        // outline, an eye) in the same footprint: the area goes on in the cells around it, the
        // stroke would be lost. Shrunk further, the area is what is left to see.
        let fillsYield = max(sx, sy) < 2
        for ty in 0..<h {
            let (y0, y1) = ArtGrid.footprint(ty, scale: sy, count: height)
            var tx = 0
            while tx < w {
                let (x0, x1) = ArtGrid.mirroredFootprint(tx, of: w, scale: sx, count: width)
                var best: Character = " "
                var bestInk = -1.0
                var bestDistance = Double.infinity
                // Ties go to the glyph nearest the middle of the footprint (of the cell's share when
                // shrinking a lot); the right half looks from its right edge, so a tie there goes
                // the mirrored way.
                let cx = sx < 2 ? Double(x0 + x1) / 2 : (Double(tx) + 0.5) * sx
                let cy = sy < 2 ? Double(y0 + y1) / 2 : (Double(ty) + 0.5) * sy
                let fromRight = sx < 2 && tx >= w - w / 2
                for y in y0..<min(y1, height) {
                    for i in 0..<(min(x1, width) - x0) {
                        let x = fromRight ? min(x1, width) - 1 - i : x0 + i
                        guard let g = glyphs[y * width + x] else { continue }
                        var ink = Ink.of(g)
                        if fillsYield && ink > ArtGrid.yieldingFillInk && ArtGrid.fills.contains(g) && !g.isLetter && !g.isNumber {
                            ink = ArtGrid.yieldingFillInk
                        }
                        let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                        let distance = dx * dx + dy * dy
                        if ink > bestInk + 0.05 || (abs(ink - bestInk) <= 0.05 && distance < bestDistance) {
                            best = g; bestInk = ink; bestDistance = distance
                        }
                    }
                }
                if CharacterWidth.of(best) == 2 {
                    if tx + 1 < w {
                        out[ty * w + tx] = best
                        out[ty * w + tx + 1] = nil
                        tx += 2
                        continue
                    }
                    best = Ink.of(best) > 0 ? "#" : " "
                }
                out[ty * w + tx] = best
                tx += 1
            }
        }
        return ArtGrid(width: w, height: h, glyphs: out)
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
    func enlarged(width w: Int, height h: Int) -> ArtGrid {
        var out = [Character?](repeating: " ", count: w * h)
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        // The target column / row each source column / row lands on.
        func landing(_ i: Int, _ scale: Double, _ count: Int) -> Int { min(count - 1, Int((Double(i) + 0.5) / scale)) }
        for ty in 0..<h {
            let y = min(height - 1, Int((Double(ty) + 0.5) * sy))
            let primaryRow = landing(y, sy, h) == ty
            var tx = 0
            while tx < w {
                let x = min(width - 1, Int((Double(tx) + 0.5) * sx))
                let primaryColumn = landing(x, sx, w) == tx
                var glyph: Character = " "
                if let g = glyphs[y * width + x], g != " " {
                    if ArtGrid.fills.contains(g) || (primaryRow && primaryColumn) {
                        glyph = g
                    } else if primaryRow, ArtGrid.horizontals.contains(g) {
                        // Continue a stroke only toward more of it.
                        let next = x + 1 < width ? glyphs[y * width + x + 1] : nil
                        let previous = x > 0 ? glyphs[y * width + x - 1] : nil
                        if let n = next ?? nil, ArtGrid.horizontals.contains(n) || ArtGrid.fills.contains(n) { glyph = g }
                        else if let p = previous ?? nil, ArtGrid.horizontals.contains(p) || ArtGrid.fills.contains(p) { glyph = g }
                    } else if primaryColumn, ArtGrid.verticals.contains(g) {
                        glyph = g
                    }
                }
                if CharacterWidth.of(glyph) == 2 {
                    if primaryColumn && tx + 1 < w {
                        out[ty * w + tx] = glyph
                        out[ty * w + tx + 1] = nil
                        tx += 2
                        continue
                    }
                    glyph = " "
                }
                out[ty * w + tx] = glyph
                tx += 1
            }
        }
        return ArtGrid(width: w, height: h, glyphs: out)
    }

    /// Blurs by `amount` (0 = sharp, 1 = the strongest blur, where only soft shapes remain).
    public func blurred(_ amount: Double, ramp: [Character]) -> ArtGrid {
        let t = clamp(amount, 0...1)
        guard t > 0.02, width > 0, height > 0 else { return self }
        var density = [Double](repeating: 0, count: width * height)
        for i in glyphs.indices { density[i] = glyphs[i].map(Ink.of) ?? density[max(0, i - 1)] }
        // Radius in rows; columns get twice as much because cells are twice as tall as wide.
        let ry = t * 1.5, rx = ry * 2
        density = Self.boxBlur(density, width: width, height: height, rx: rx, ry: ry)
        var out = [Character?](repeating: " ", count: width * height)
        let top = Double(ramp.count - 1)
        for i in density.indices {
            // Blur also spreads ink thinner; keep the field's shape but lower its peak a little.
            let level = Int((clamp(density[i] * (1 - 0.25 * t), 0...1) * top).rounded())
            out[i] = ramp[level]
        }
        // Sharp glyphs fade out as blur grows: below a third of full blur keep the art where it has ink.
        if t < 0.34 {
            for i in glyphs.indices {
                if let g = glyphs[i], Ink.of(g) > 0, CharacterWidth.of(g) == 1 { out[i] = g }
            }
        }
        return ArtGrid(width: width, height: height, glyphs: out)
    }

    private static func boxBlur(_ field: [Double], width: Int, height: Int, rx: Double, ry: Double) -> [Double] {
        func pass(_ input: [Double], horizontal: Bool, radius: Double) -> [Double] {
            guard radius > 0.01 else { return input }
            let r = Int(radius.rounded(.up))
            var output = input
            for y in 0..<height {
                for x in 0..<width {
                    var sum = 0.0, weight = 0.0
                    for k in -r...r {
                        let sx = horizontal ? x + k : x, sy = horizontal ? y : y + k
                        // Edge taps are weighted by how much of the radius covers them.
                        let w = abs(Double(k)) <= radius ? 1.0 : max(0, 1 - (abs(Double(k)) - radius))
                        guard w > 0 else { continue }
                        let v = (sx >= 0 && sx < width && sy >= 0 && sy < height) ? input[sy * width + sx] : 0
                        sum += v * w
                        weight += w
                    }
                    output[y * width + x] = sum / weight
                }
            }
            return output
        }
        return pass(pass(field, horizontal: true, radius: rx), horizontal: false, radius: ry)
    }
}
