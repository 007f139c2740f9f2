import CarouselCore

/// Paints one card (box, art, title) where its placement says, with its scale, blur and opacity.
public struct CardPainter: Sendable {
    public var theme: Theme

    public init(theme: Theme) { self.theme = theme }

    /// Rounds a fractional frame to cells: size first, then position, so a card keeps its size
    /// while it slides.
    public static func cellRect(for frame: Rect) -> CellRect {
        let w = Int(frame.width.rounded()), h = Int(frame.height.rounded())
        let x = Int((frame.midX - Double(w) / 2).rounded(.down))
        let y = Int((frame.midY - Double(h) / 2).rounded(.down))
        return CellRect(x: x, y: y, width: w, height: h)
    }

    /// Colour for text at this opacity: the given colour (or the theme's text colour) blended toward
    /// the background. Fully opaque default text stays the terminal's own colour.
    func faded(_ color: RGB?, opacity: Double) -> Color {
        guard theme.usesColor else { return .default }
        if color == nil && opacity >= 0.999 { return .default }
        let base = color ?? theme.foreground
        return .rgb(base.mixed(with: theme.background, 1 - opacity))
    }

    /// Draws the card and returns where its title starts (for the cursor), if it was drawn.
    @discardableResult
    public func paint(_ card: Card, art: ArtGrid, at placement: CardPlacement, active: Bool, on canvas: inout Canvas) -> (x: Int, y: Int)? {
        let rect = CardPainter.cellRect(for: placement.frame)
        guard rect.width >= 2, rect.height >= 2, !rect.intersection(canvas.bounds).isEmpty else { return nil }
        let g = theme.glyphs
        let opacity = clamp(placement.opacity, 0...1)
        var dimmed: Attributes = []
        if !theme.usesColor && opacity < 0.6 { dimmed.insert(.dim) }
        let border = CellStyle(foreground: faded(card.accent, opacity: opacity), attributes: dimmed)
        let text = CellStyle(foreground: faded(nil, opacity: opacity), attributes: dimmed)

        // Opaque interior: whatever is behind the card is hidden.
        canvas.fill(rect, glyph: " ", style: text)

        // The box.
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        canvas.put(g.topLeft, x: rect.x, y: rect.y, style: border)
        canvas.put(g.topRight, x: right, y: rect.y, style: border)
        canvas.put(g.bottomLeft, x: rect.x, y: bottom, style: border)
        canvas.put(g.bottomRight, x: right, y: bottom, style: border)
        if rect.width > 2 {
            for x in (rect.x + 1)..<right {
                canvas.put(g.horizontal, x: x, y: rect.y, style: border)
                canvas.put(g.horizontal, x: x, y: bottom, style: border)
            }
        }
        if rect.height > 2 {
            for y in (rect.y + 1)..<bottom {
                canvas.put(g.vertical, x: rect.x, y: y, style: border)
                canvas.put(g.vertical, x: right, y: y, style: border)
            }
        }

        // The art, resampled to the interior keeping its proportions, centred.
        let interior = CellRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        if !interior.isEmpty {
            let size = art.fittedSize(in: (interior.width, interior.height))
            var grid = art.resampled(width: size.width, height: size.height)
            if placement.blur > 0 { grid = grid.blurred(placement.blur / 10, ramp: g.ramp) }
            let ox = interior.x + (interior.width - grid.width) / 2
            let oy = interior.y + (interior.height - grid.height) / 2
            for y in 0..<grid.height {
                for x in 0..<grid.width {
                    guard let glyph = grid[x, y], glyph != " " else { continue }
                    canvas.put(g.displayable(glyph), x: ox + x, y: oy + y, style: text, clip: interior)
                }
            }
        }

        // The title, over the bottom edge at the leading corner.
        let room = rect.width - 4
        guard room >= 1 else { return nil }
        var title = CellStyle(foreground: faded(card.accent, opacity: opacity), attributes: dimmed)
        if active { title.attributes.insert(.bold) }
        let label = Chrome.truncate(card.title, to: room - 2, glyphs: g)
        guard !label.isEmpty else { return nil }
        let tx = rect.x + 2
        canvas.put(" ", x: tx - 1 + 0, y: bottom, style: border)
        canvas.text(label, x: tx, y: bottom, style: title, clip: CellRect(x: rect.x + 1, y: bottom, width: rect.width - 2, height: 1))
        canvas.put(" ", x: tx + CharacterWidth.of(label), y: bottom, style: border, clip: CellRect(x: rect.x + 1, y: bottom, width: rect.width - 2, height: 1))
        return (tx, bottom)
    }

    /// The Scaled mode's filled circle, behind the cards.
    public func paint(_ backdrop: Backdrop, accent: RGB?, on canvas: inout Canvas) {
        let rx = backdrop.radiusX * backdrop.opacity, ry = backdrop.radiusY * backdrop.opacity
        guard rx >= 1, ry >= 0.5 else { return }
        let color: Color = theme.usesColor ? .rgb((accent ?? theme.foreground).mixed(with: theme.background, 0.55)) : .default
        let style = CellStyle(foreground: color, attributes: theme.usesColor ? [] : [.dim])
        let y0 = max(0, Int((backdrop.center.y - ry).rounded(.down)))
        let y1 = min(canvas.height - 1, Int((backdrop.center.y + ry).rounded(.up)))
        let x0 = max(0, Int((backdrop.center.x - rx).rounded(.down)))
        let x1 = min(canvas.width - 1, Int((backdrop.center.x + rx).rounded(.up)))
        guard y0 <= y1, x0 <= x1 else { return }
        for y in y0...y1 {
            let dy = (Double(y) + 0.5 - backdrop.center.y) / ry
            for x in x0...x1 {
                let dx = (Double(x) + 0.5 - backdrop.center.x) / rx
                if dx * dx + dy * dy <= 1 { canvas.put(theme.glyphs.backdrop, x: x, y: y, style: style) }
            }
        }
    }
}
