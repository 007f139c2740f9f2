import CarouselCanvas

extension Canvas {
    /// Draws the outline of a box (rounded corners in the Unicode look).
    public mutating func box(_ rect: CellRect, glyphs g: Glyphs, style: CellStyle) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        fill(CellRect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1), glyph: g.horizontal, style: style)
        fill(CellRect(x: rect.x + 1, y: bottom, width: rect.width - 2, height: 1), glyph: g.horizontal, style: style)
        if CharacterWidth.of(g.vertical) == 1 && !TerminalCluster.needsFallback(g.vertical) {
            // The sides' cell made once, not once per row (a frame draws many boxes).
            let side = Cell(g.vertical, style: style)
            paintPrepared { canvas in
                for y in stride(from: max(rect.y + 1, 0), to: min(bottom, canvas.height), by: 1) {
                    if rect.x >= 0 && rect.x < canvas.width { canvas.put(side, x: rect.x, y: y, within: canvas.width) }
                    if right >= 0 && right < canvas.width { canvas.put(side, x: right, y: y, within: canvas.width) }
                }
            }
        } else {
            for y in (rect.y + 1)..<bottom {
                put(g.vertical, x: rect.x, y: y, style: style)
                put(g.vertical, x: right, y: y, style: style)
            }
        }
        put(g.topLeft, x: rect.x, y: rect.y, style: style)
        put(g.topRight, x: right, y: rect.y, style: style)
        put(g.bottomLeft, x: rect.x, y: bottom, style: style)
        put(g.bottomRight, x: right, y: bottom, style: style)
    }
}
