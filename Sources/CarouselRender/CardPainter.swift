import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselText

/// Paints one card (box, content, title) where its placement says, with its scale, blur and opacity.
/// Art is resampled to the card's size; text is laid out for it (never resampled, so a card's
/// letters are always its own), fading and softening toward the background as the card moves away.
public struct CardPainter: Sendable {
    public var theme: Theme
    /// Where picture cards get their cells (none: they show their placeholder).
    public var pictures: (any PictureSource)?
    /// While a search is on: a text card whose first match is below what it shows opens at it.
    var seek: Seek?
    /// Where the cards painted after the one being painted (in front of it) cover the screen: the
    /// pieces of its words they cut are hidden (see `eraseCutWords`).
    var covers: ArraySlice<CellRect> = []

    /// The search's matcher and its generation (a new search, a new generation: what was found
    /// for the last one is forgotten).
    struct Seek: Sendable {
        let find: MatchFinder
        let generation: Int
    }

    public init(theme: Theme, pictures: (any PictureSource)? = nil) {
        self.theme = theme
        self.pictures = pictures
    }

    /// Rounds a fractional frame to cells: size first, then position, so a card keeps its size
    /// while it slides.
    public static func cellRect(for frame: Rect) -> CellRect {
        let w = Int(frame.width.rounded()), h = Int(frame.height.rounded())
        // Nearest, not down: a spring's slight overshoot must not leave a card a column short of
        // where it comes to rest (and a last redraw long after the card looked still).
        let x = Int((frame.midX - Double(w) / 2).rounded())
        let y = Int((frame.midY - Double(h) / 2).rounded())
        return CellRect(x: x, y: y, width: w, height: h)
    }

    /// Colour for text at this opacity: the given colour (or the theme's text colour) blended toward
    /// the background. Fully opaque default text stays the terminal's own colour.
    func faded(_ color: RGB?, opacity: Double) -> Color {
        guard theme.usesColor else { return .default }
        let level = CardPainter.quantized(opacity)
        if color == nil && level >= 1 { return .default }
        let base = color ?? theme.foreground
        return .rgb(base.mixed(with: theme.background, 1 - level))
    }

    /// Opacity in sixteenths: a fade shows no difference finer than that, and it keeps the set of
    /// colours (and terminal colour pairs) small however long the program runs.
    static func quantized(_ opacity: Double) -> Double {
        (clamp(opacity, 0...1) * 16).rounded() / 16
    }

    /// Draws the card and returns where its title starts (for the cursor), if it was drawn.
    @discardableResult
    public func paint(_ card: Card, at placement: CardPlacement, active: Bool, cache: inout CellCache, on canvas: inout Canvas) -> (x: Int, y: Int)? {
        guard let rect = CardPainter.paintedRect(for: placement, in: canvas.bounds) else { return nil }
        let opacity = clamp(placement.opacity, 0...1)
        var dimmed: Attributes = []
        if !theme.usesColor && opacity < 0.6 { dimmed.insert(.dim) }
        let border = CellStyle(foreground: faded(card.accent, opacity: opacity), attributes: dimmed)
        // The art takes the card's accent too: a card is one colour, which also keeps the colour
        // changes the terminal is sent per row to a minimum.
        let text = CellStyle(foreground: faded(card.accent, opacity: opacity), attributes: dimmed)
        var title = CellStyle(foreground: faded(card.accent, opacity: opacity), attributes: dimmed)
        if active { title.attributes.insert(.bold) }

        if placement.look == .layered { paintShadow(of: rect, opacity: opacity, on: &canvas) }
        canvas.fill(rect, glyph: " ", style: text)  // opaque: whatever is behind the card is hidden
        canvas.box(rect, glyphs: theme.glyphs, style: border)
        let interior = CellRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2)
        let blur = placement.blur / 10

        switch card.content {
        case .text(let document):
            return paintText(document, of: card, at: placement, in: rect, interior: interior, blur: blur, opacity: opacity,
                             title: title, border: border, text: text, cache: &cache, on: &canvas)
        case .image(let file):
            return paintPicture(file, of: card, at: placement, in: rect, interior: interior, blur: blur, opacity: opacity,
                                title: title, border: border, text: text, cache: &cache, on: &canvas)
        case .art:
            break
        }
        guard case .art(let art) = card.content else { return nil }
        switch placement.look {
        case .framed:
            paintArt(art, of: card, placement.index, in: interior, blur: blur, opacity: opacity, style: text, cache: &cache, on: &canvas)
            return paintTitle(card.title, x: rect.x + 2, y: rect.maxY - 1, room: rect.width - 4, onFrame: true,
                              style: title, pad: border, on: &canvas)
        case .layered:
            paintArt(art, of: card, placement.index, in: interior, blur: blur, opacity: opacity, style: text, cache: &cache, on: &canvas)
            guard interior.height >= 1 else { return nil }
            return paintTitle(card.title, x: interior.x + 1, y: interior.maxY - 1, room: interior.width - 2, onFrame: false,
                              style: title, pad: text, on: &canvas)
        case .line:
            guard !interior.isEmpty else { return nil }
            let thumb = CardPainter.pictureBox(look: .line, interior: interior)
            paintArt(art, of: card, placement.index, in: thumb, blur: blur, opacity: opacity, style: text, cache: &cache, on: &canvas)
            return paintLineLabels(of: card, interior: interior, thumb: thumb, blur: blur, opacity: opacity,
                                   title: title, text: text, on: &canvas)
        }
    }

    /// The lyrics look's title and subtitle, right of the thumbnail. Blur softens them toward the
    /// background as it does a text card's lines; their letters stay their own.
    func paintLineLabels(of card: Card, interior: CellRect, thumb: CellRect, blur: Double, opacity: Double, title: CellStyle, text: CellStyle,
                         on canvas: inout Canvas) -> (x: Int, y: Int)? {
        let textX = thumb.maxX + 2
        let room = interior.maxX - 1 - textX
        guard room > 0 else { return nil }
        let titleY = interior.y + (interior.height - 1) / 2
        let soft = faded(card.accent, opacity: opacity * (1 - 0.5 * clamp(blur, 0...1)))
        var title = title, subtitle = text
        title.foreground = soft
        subtitle.foreground = soft
        subtitle.attributes.insert(.dim)
        if interior.height >= 2 && !card.subtitle.isEmpty {
            paintLabel(card.subtitle, x: textX, y: titleY + 1, room: room, style: subtitle, on: &canvas)
        }
        return paintLabel(card.title, x: textX, y: titleY, room: room, style: title, on: &canvas)
    }

    /// A text card: its lines laid out inside the box (a column of margin each side), the title on
    /// the frame as for art; in the lyrics look, the title and then the text, line by line.
    private func paintText(_ document: TextDocument, of card: Card, at placement: CardPlacement, in rect: CellRect, interior: CellRect,
                           blur: Double, opacity: Double, title: CellStyle, border: CellStyle, text: CellStyle,
                           cache: inout CellCache, on canvas: inout Canvas) -> (x: Int, y: Int)? {
        // Blur softens text toward the background (as a few points of blur do to type); it never
        // turns letters into other glyphs.
        let level = CardPainter.quantized(opacity * (1 - 0.5 * clamp(blur, 0...1)))
        var box = CardPainter.textBox(interior, look: placement.look)
        if let split = figureSplit(box, of: document, card: card, at: placement, cache: &cache) {
            paintFigures(of: document, of: card, in: split.picture, alone: split.text.height == 0, blurStep: CardPainter.pictureBlurStep(blur),
                         opacity: opacity, fill: text, on: &canvas)
            box = split.text
        }
        switch placement.look {
        case .framed:
            paintLines(document, of: card, index: placement.index, in: box, title: false, level: level, fill: text, cache: &cache, on: &canvas)
            return paintTitle(card.title, x: rect.x + 2, y: rect.maxY - 1, room: rect.width - 4, onFrame: true,
                              style: title, pad: border, on: &canvas)
        case .layered:
            paintLines(document, of: card, index: placement.index, in: box, title: false, level: level, fill: text, cache: &cache, on: &canvas)
            guard interior.height >= 1 else { return nil }
            return paintTitle(card.title, x: interior.x + 1, y: interior.maxY - 1, room: interior.width - 2, onFrame: false,
                              style: title, pad: text, on: &canvas)
        case .line:
            // The title leads, on the row above the text, when there are rows enough for both (a
            // row of one or two lines shows the text: the status line names the card).
            paintLines(document, of: card, index: placement.index, in: box, title: box.height >= 3, level: level, fill: text, cache: &cache, on: &canvas)
            return box.isEmpty ? nil : (box.x, box.y)
        }
    }

    /// Where the lines of a text card placed at `placement` are drawn (what the search looks in),
    /// beside its figure.
    func textBox(of placement: CardPlacement, card: Card, document: TextDocument, cache: inout CellCache) -> CellRect {
        let rect = CardPainter.cellRect(for: placement.frame)
        let box = CardPainter.textBox(CellRect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 2, height: rect.height - 2), look: placement.look)
        return figureSplit(box, of: document, card: card, at: placement, cache: &cache)?.text ?? box
    }

    /// Where a text card's figure and its words go in its text box `box` (see the static form),
    /// not in the lyrics look's rows.
    func figureSplit(_ box: CellRect, of document: TextDocument, card: Card, at placement: CardPlacement,
                     cache: inout CellCache) -> (picture: CellRect, text: CellRect)? {
        guard placement.look != .line, document.figure?.path != nil else { return nil }
        // (A big text is not laid out whole for it: its words take half.)
        let rows = TextLayout.isBig(document) ? box.height
            : cache.lines(document, of: card, index: placement.index, width: box.width, title: false, ascii: theme.glyphs.isASCII).count
        return CardPainter.figureSplit(box, figure: document.figure, textRows: rows, broken: figuresBroken(document))
    }

    /// Whether the picture at `path` was found broken when it was decoded.
    func isBroken(_ path: [UInt8]) -> Bool { pictures?.failure(of: PictureFile(path: path)) != nil }

    /// Whether every picture drawn with a text was found broken (their box is then a row).
    /// (Asked every frame: no array made.)
    func figuresBroken(_ document: TextDocument) -> Bool {
        guard let path = document.figure?.path, isBroken(path) else { return false }
        for figure in document.moreFigures { if let path = figure.path, !isBroken(path) { return false } }
        return true
    }

    /// Where a text's figure and its words go in a box: the words take the rows they need, at
    /// most half of it, the picture the rest, above the words or below them as it came in the
    /// text, a blank row between; nil (the words alone) where the box is too small for both (a card
    /// far away in the ring). A picture found `broken` takes a row, which says so (it kept an
    /// empty box the size of the picture: helper-73).
    static func figureSplit(_ box: CellRect, figure: TextFigure?, textRows: Int, broken: Bool = false) -> (picture: CellRect, text: CellRect)? {
        guard let figure, figure.path != nil, box.width >= figureBox.width, box.height >= figureBox.height else { return nil }
        // No words (a slide of its heading and pictures): the pictures take the whole box.
        if textRows == 0 && !broken { return (box, CellRect(x: box.x, y: box.maxY, width: box.width, height: 0)) }
        let needed = max(1, textRows)
        var words = min(needed, box.height - box.height / 2 - 1), rows = box.height - words - 1
        // (Broken, its row is next to the words: above them, or right after them.)
        if broken { (words, rows) = (figure.first ? box.height - 2 : min(needed, box.height - 2), 1) }
        let top = CellRect(x: box.x, y: box.y, width: box.width, height: figure.first ? rows : words)
        let bottom = CellRect(x: box.x, y: top.maxY + 1, width: box.width, height: figure.first ? words : rows)
        return figure.first ? (top, bottom) : (bottom, top)
    }

    /// The smallest text box that shows a figure with its words.
    static let figureBox = (width: 8, height: 6)

    /// The fewest columns a figure beside another is drawn in.
    static let narrowestFigure = 4

    /// The text box inside a card's frame, for its look (the layered look keeps its last row for the title).
    static func textBox(_ interior: CellRect, look: CardLook) -> CellRect {
        textBox(interior, bottomRows: look == .layered ? 1 : 0)
    }

    /// Where a card's text goes inside its frame: a column of margin each side, unless the card is
    /// so narrow that the margins would leave too little for words (then the text meets the frame).
    static func textBox(_ interior: CellRect, bottomRows: Int) -> CellRect {
        let margin = interior.width - 2 >= wideMargins ? 1 : 0
        return CellRect(x: interior.x + margin, y: interior.y, width: interior.width - 2 * margin, height: interior.height - bottomRows)
    }

    /// Narrowest text that keeps its margins.
    static let wideMargins = 8

    /// Narrowest text wrapped: below this, wrapping would cut most words into pieces, so a card
    /// that small (far away in the ring, say) shows one row, its first line cut.
    static let narrowestText = 6

    /// Narrowest text drawn at all: a row of a few letters and "…".
    static let narrowestRow = 4

    /// Copies a text card's cells into `box`, faded to `level`, hiding the pieces of words that the
    /// screen's edge and the cards in front cut (`fill`: the card's background).
    private func paintLines(_ document: TextDocument, of card: Card, index: Int, in box: CellRect, title: Bool, level: Double,
                            fill: CellStyle, cache: inout CellCache, on canvas: inout Canvas) {
        guard box.width >= CardPainter.narrowestRow, box.height >= 1 else { return }
        // Too narrow to wrap words in: one row, the first line cut with "…" ("Sho…"), rather than
        // an empty card (the centre card of a 24-column screen).
        var box = box
        if box.width < CardPainter.narrowestText { box.height = 1 }
        var first = 0
        var cut: CellCache.CutMatch?
        if let seek {
            (first, cut) = cache.opening(document, of: card, index: index, width: box.width, height: box.height, title: title,
                                         ascii: theme.glyphs.isASCII, seek: seek)
        }
        let cells = cache.text(document, of: card, index: index, width: box.width, height: box.height, first: first, title: title,
                               seeking: seek, cut: cut, painter: self)
        paint(cells, at: box, level: level, on: &canvas)
        eraseCutWords(of: cells, at: box, fill: fill, on: &canvas)
    }

    /// Copies laid-out text to `box` (its top-left corner), faded to `level`, inside `clip`; blank
    /// cells with no colour of their own are left as the card's background.
    func paint(_ text: TextCells, at box: CellRect, level: Double, within clip: CellRect? = nil, on canvas: inout Canvas) {
        var visible = CellRect(x: box.x, y: box.y, width: text.width, height: text.height).intersection(canvas.bounds)
        if let clip { visible = visible.intersection(clip) }
        guard !visible.isEmpty else { return }
        // Runs of one style are the rule: each style is faded once per run.
        text.cells.withUnsafeBufferPointer { cells in
            canvas.paintPrepared { canvas in
                for y in visible.y..<visible.maxY {
                    let start = (y - box.y) * text.width + (visible.x - box.x)
                    canvas.putRow(cells.baseAddress! + start, count: visible.width, x: visible.x, y: y, within: visible.maxX) {
                        faded($0, level: level)
                    }
                }
            }
        }
    }

    /// A shadow below and to the right of the card: it falls on whatever was painted before (lower z).
    /// Frames and empty cells beneath it become shade; the letters of a card behind show through,
    /// darkened, never replaced (a shadow must not turn "empty" into "░░pty"), and so does a blank
    /// beside a letter (the space between two words: "swift build", not "swift░build").
    private func paintShadow(of rect: CellRect, opacity: Double, on canvas: inout Canvas) {
        let shade = RGB(0, 0, 0).mixed(with: theme.background, 0.5 + 0.5 * (1 - opacity))
        let color: Color = theme.usesColor ? .rgb(shade) : .default
        let shadow = Cell(theme.glyphs.shadow, style: CellStyle(foreground: color, attributes: theme.usesColor ? [] : [.dim]))
        // Two columns down the right side, one row along the bottom (the card itself is drawn after):
        // two areas, not an array of them, which was allocated on every frame (three per frame of
        // the stack: 288 bytes).
        let side = CellRect(x: rect.maxX, y: rect.y + 1, width: 2, height: rect.height)
        let bottom = CellRect(x: rect.x + 2, y: rect.maxY, width: rect.width - 2, height: 1)
        canvas.paintPrepared { canvas in
            // Runs of one style are the rule: shade each style once per run.
            var lastBase = CellStyle.plain, lastShaded = shaded(.plain, toward: shade)
            for area in 0..<2 {
                let visible = (area == 0 ? side : bottom).intersection(CellRect(x: 0, y: 0, width: canvas.width, height: canvas.height))
                guard !visible.isEmpty else { continue }
                for y in visible.y..<visible.maxY {
                    for x in visible.x..<visible.maxX {
                        let cell = canvas[x, y]
                        // (A letter the card itself will cover is no neighbour.)
                        func letter(_ nx: Int) -> Bool {
                            nx >= 0 && nx < canvas.width && !(nx >= rect.x && nx < rect.maxX && y >= rect.y && y < rect.maxY)
                                && showsThroughShadow(canvas[nx, y], shadow: shadow.firstScalar)
                        }
                        let shows = showsThroughShadow(cell, shadow: shadow.firstScalar) || cell.isBlank && (letter(x - 1) || letter(x + 1))
                        if shows {
                            if cell.style != lastBase {
                                lastBase = cell.style
                                lastShaded = shaded(cell.style, toward: shade)
                            }
                            canvas.restyle(x: x, y: y, lastShaded)
                        } else {
                            canvas.put(shadow, x: x, y: y, within: visible.maxX)
                        }
                    }
                }
            }
        }
    }

    /// Whether a cell under a shadow keeps its glyph: the letters, digits and punctuation of text
    /// and pictures do; blanks, frames and shade do not. ASCII frames are drawn with `+ - |`, so
    /// in that look those three become shade wherever they come from.
    func showsThroughShadow(_ cell: Cell, shadow: UInt32) -> Bool {
        if cell.isBlank { return false }
        if cell.isContinuation { return true }
        let v = cell.firstScalar
        if (0x2500...0x259F).contains(v) || v == shadow { return false }
        guard theme.glyphs.isASCII else { return true }
        return v != 0x2B && v != 0x2D && v != 0x7C
    }

    /// A cell's style in shadow: its colour halfway to the shade (dim without colour).
    func shaded(_ style: CellStyle, toward shade: RGB) -> CellStyle {
        var style = style
        guard theme.usesColor else {
            style.attributes.insert(.dim)
            return style
        }
        switch style.foreground {
        case .rgb(let c): style.foreground = .rgb(c.mixed(with: shade, 0.5))
        case .default: style.foreground = .rgb(theme.foreground.mixed(with: shade, 0.5))
        case .indexed: style.attributes.insert(.dim)
        }
        return style
    }

    /// The art resampled into `box` keeping its proportions, centred, blurred by `blur` (0...1).
    func paintArt(_ drawing: Art, of card: Card, _ index: Int, in box: CellRect, blur: Double, opacity: Double, style: CellStyle, cache: inout CellCache, on canvas: inout Canvas) {
        guard !box.isEmpty else { return }
        let art = cache.art(drawing, of: card, index: index, fitting: (box.width, box.height), blur: blur, glyphs: theme.glyphs)
        let ox = box.x + (box.width - art.width) / 2
        let oy = box.y + (box.height - art.height) / 2
        let visible = box.intersection(canvas.bounds)
        guard !visible.isEmpty else { return }
        let thin = !theme.usesColor && opacity < 0.95
        let ramp = theme.glyphs.ramp
        let top = max(0, visible.y - oy), bottom = min(art.height, visible.maxY - oy)
        let left = max(0, visible.x - ox), right = min(art.width, visible.maxX - ox)
        guard top < bottom, left < right else { return }
        let rows = top..<bottom, columns = left..<right
        cache.withCells(of: art) { cells, ink in
            canvas.paintPrepared { canvas in
                for y in rows {
                    let row = y * art.width
                    if !thin {
                        canvas.putRow(cells.baseAddress! + row + left, count: right - left, x: ox + left, y: oy + y, style: style, within: visible.maxX)
                        continue
                    }
                    for x in columns {
                        var cell = cells[row + x]
                        if cell.isBlank || cell.isContinuation { continue }
                        cell.style = style
                        if thin {
                            // Without colour a faded card is drawn with lighter glyphs from the ramp.
                            let level = Int((ink[row + x] * opacity * Double(ramp.count - 1)).rounded())
                            if level < ramp.count - 1 {
                                if level <= 0 { continue }
                                cell = Cell(ramp[level], style: style)
                            }
                        }
                        canvas.put(cell, x: ox + x, y: oy + y, within: visible.maxX)
                    }
                }
            }
        }
    }

    /// A title with a blank on each side (so it reads over a border or art), without the pieces of
    /// its words that a cut leaves (on the frame, `onFrame`, the frame's line takes their place);
    /// returns where it starts.
    func paintTitle(_ text: String, x: Int, y: Int, room: Int, onFrame: Bool, style: CellStyle, pad: CellStyle, on canvas: inout Canvas) -> (x: Int, y: Int)? {
        guard room >= 3 else { return nil }
        // (Made displayable before it is cut: the ASCII look spells some characters in two or more.)
        let shown = Chrome.truncateTitle(displayable(text), to: room - 2, glyphs: theme.glyphs)
        guard !shown.isEmpty else { return nil }
        let clip = CellRect(x: x - 1, y: y, width: room + 2, height: 1)
        canvas.put(" ", x: x - 1, y: y, style: pad, clip: clip)
        let width = canvas.text(shown, x: x, y: y, style: style, clip: clip)
        canvas.put(" ", x: x + width, y: y, style: pad, clip: clip)
        // On a frame, a cut word gives way to the frame's line; inside the card, to its background.
        eraseCutWords(ofTitle: shown, x: x, y: y, glyph: onFrame ? theme.glyphs.horizontal : " ", style: pad, on: &canvas)
        return (x, y)
    }

    /// An art card's label (title or subtitle) in the lyrics look, cut to `room` with a mark.
    @discardableResult
    func paintLabel(_ text: String, x: Int, y: Int, room: Int, style: CellStyle, on canvas: inout Canvas) -> (x: Int, y: Int)? {
        let label = Chrome.truncate(displayable(text), to: room, glyphs: theme.glyphs)
        guard !label.isEmpty else { return nil }
        canvas.text(label, x: x, y: y, style: style, clip: CellRect(x: x, y: y, width: room, height: 1))
        return (x, y)
    }

    private func displayable(_ text: String) -> String { theme.glyphs.displayable(text) }

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
            guard dy * dy <= 1 else { continue }
            // The cells whose centres are inside the ellipse on this row form one run.
            let half = rx * (1 - dy * dy).squareRoot()
            let first = max(x0, Int((backdrop.center.x - half - 0.5).rounded(.up)))
            let last = min(x1, Int((backdrop.center.x + half - 0.5).rounded(.down)))
            if first <= last {
                canvas.fill(CellRect(x: first, y: y, width: last - first + 1, height: 1), glyph: theme.glyphs.backdrop, style: style)
            }
        }
    }
}
