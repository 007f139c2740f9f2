/// A horizontal run of cells that changed between two frames.
public struct CellRun: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var count: Int
    public init(x: Int, y: Int, count: Int) { self.x = x; self.y = y; self.count = count }
}

/// Finds what changed between two canvases, so a frame sends only the difference.
public enum CanvasDiff {
    /// Appends the changed runs to `runs` (cleared first). A size change marks everything changed.
    /// Runs never start on the second half of a wide glyph.
    public static func runs(from old: Canvas?, to new: Canvas, into runs: inout [CellRun]) {
        runs.removeAll(keepingCapacity: true)
        guard let old, old.width == new.width, old.height == new.height else {
            for y in 0..<new.height where new.width > 0 { runs.append(CellRun(x: 0, y: y, count: new.width)) }
            return
        }
        let w = new.width
        for y in 0..<new.height {
            var x = 0
            while x < w {
                let i = y * w + x
                if old.cells[i] == new.cells[i] { x += 1; continue }
                var start = x
                if new.cells[i].isContinuation && start > 0 { start -= 1 }
                var end = x + 1
                while end < w && old.cells[y * w + end] != new.cells[y * w + end] { end += 1 }
                // Finish a wide glyph that starts the last changed cell.
                if end < w && new.cells[y * w + end].isContinuation { end += 1 }
                runs.append(CellRun(x: start, y: y, count: end - start))
                x = end
            }
        }
    }
}
