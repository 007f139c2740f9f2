import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselText

extension CardPainter {
    /// Where a picture goes inside a card of `look` whose interior is `interior` (the art's place:
    /// the whole interior when framed, above the title row when layered, a thumbnail on the left in
    /// the lyrics look).
    static func pictureBox(look: CardLook, interior: CellRect) -> CellRect {
        switch look {
        case .framed:
            return interior
        case .layered:
            return CellRect(x: interior.x, y: interior.y, width: interior.width, height: max(0, interior.height - 1))
        case .line:
            let thumbWidth = min(interior.width / 3, Int((Double(interior.height) * 2.2).rounded()))
            return CellRect(x: interior.x + 1, y: interior.y, width: max(0, thumbWidth), height: interior.height)
        }
    }

    /// The blur step a picture is converted at for `blur` (0...1).
    static func pictureBlurStep(_ blur: Double) -> Int {
        Int((clamp(blur, 0...1) * Double(PictureRequest.blurSteps)).rounded())
    }

    /// A picture card: the picture converted for the card's size (by the picture source, off the
    /// frame path), a placeholder until it is ready, or why it cannot be shown.
    func paintPicture(_ file: PictureFile, of card: Card, at placement: CardPlacement, in rect: CellRect, interior: CellRect,
                      blur: Double, opacity: Double, title: CellStyle, border: CellStyle, text: CellStyle,
                      cache: inout CellCache, on canvas: inout Canvas) -> (x: Int, y: Int)? {
        let box = CardPainter.pictureBox(look: placement.look, interior: interior)
        paintPicture(file, of: card, index: placement.index, in: box, blurStep: CardPainter.pictureBlurStep(blur),
                     opacity: opacity, placeholderTitle: placement.look != .line, cache: &cache, on: &canvas)
        switch placement.look {
        case .framed:
            return paintTitle(card.title, x: rect.x + 2, y: rect.maxY - 1, room: rect.width - 4, onFrame: true,
                              style: title, pad: border, on: &canvas)
        case .layered:
            guard interior.height >= 1 else { return nil }
            return paintTitle(card.title, x: interior.x + 1, y: interior.maxY - 1, room: interior.width - 2, onFrame: false,
                              style: title, pad: text, on: &canvas)
        case .line:
            return paintLineLabels(of: card, interior: interior, thumb: box, blur: blur, opacity: opacity,
                                   title: title, text: text, on: &canvas)
        }
    }

    /// The picture of `card` in `box`: as converted when ready, the same picture at another size
    /// meanwhile, else a soft box with the title (when `placeholderTitle`); a file that cannot be
    /// shown says why.
    func paintPicture(_ file: PictureFile, of card: Card, index: Int, in box: CellRect, blurStep: Int, opacity: Double,
                      placeholderTitle: Bool, cache: inout CellCache, on canvas: inout Canvas) {
        guard box.width >= 1, box.height >= 1 else { return }
        let request = PictureRequest(file: file, columns: box.width, rows: box.height, blurStep: blurStep)
        switch pictures?.lookup(request) ?? .pending {
        case .ready(let tile), .standIn(let tile):
            paint(tile, centredIn: box, opacity: opacity, on: &canvas)
        case .pending:
            paintPlaceholder(card, in: box, opacity: opacity, withTitle: placeholderTitle, on: &canvas)
        case .failed(let reason):
            // The message is laid out once (the cache is asked first; the document is made only
            // when it has no cells for this size yet).
            let message = CellRect(x: box.x + 1, y: box.y, width: box.width - 2, height: box.height)
            guard message.width >= CardPainter.narrowestText else { return }
            let cells = cache.text(TextDocument(plainText: reason), of: card, index: index, width: message.width,
                                   height: message.height, title: false, painter: self)
            paint(cells, at: message, level: CardPainter.quantized(opacity), on: &canvas)
        }
    }

    /// Copies a converted picture into the middle of `box` (clipped to it), faded toward the
    /// background by `opacity` as other cards are; against its top (`towards` -1) or its bottom
    /// (1) rather than in the middle of its height, where it is less tall.
    func paint(_ tile: PictureTile, centredIn box: CellRect, towards: Int = 0, opacity: Double, on canvas: inout Canvas) {
        let ox = box.x + (box.width - tile.width) / 2
        // (The picture's own rows within its tile, `area`, are what is put against the edge.)
        // (A stand-in taller than the box is centred, as any is: one end of it alone would show.)
        let toward = tile.area.height <= box.height ? towards : 0
        let oy = toward < 0 ? box.y - tile.area.y : toward > 0 ? box.maxY - tile.area.maxY : box.y + (box.height - tile.height) / 2
        let placed = CellRect(x: ox + tile.area.x, y: oy + tile.area.y, width: tile.area.width, height: tile.area.height)
        let visible = placed.intersection(box).intersection(canvas.bounds)
        guard !visible.isEmpty else { return }
        let level = CardPainter.quantized(opacity)
        let dim = !theme.usesColor && level < 0.6
        let background = theme.background
        tile.cells.withUnsafeBufferPointer { cells in
            tile.inks.withUnsafeBufferPointer { inks in
                canvas.paintPrepared { canvas in
                    for y in visible.y..<visible.maxY {
                        let row = (y - oy) * tile.width - ox
                        for x in visible.x..<visible.maxX {
                            var cell = cells[row + x]
                            if level < 1 {
                                if theme.usesColor {
                                    let ink = inks[row + x]
                                    cell.style.foreground = .rgb((ink.foreground ?? theme.foreground).mixed(with: background, 1 - level))
                                    if let b = ink.background { cell.style.background = .rgb(b.mixed(with: background, 1 - level)) }
                                } else if dim {
                                    cell.style.attributes.insert(.dim)
                                }
                            }
                            canvas.put(cell, x: x, y: y, within: visible.maxX)
                        }
                    }
                }
            }
        }
    }

    /// A text's figures in `box`: side by side, left to right, a column between them (a slide's
    /// `![before](a.png) ![after](b.png)`); as many as leave each a few columns; two or more each
    /// over its words, where the box has rows enough (helper-94: which was which was said
    /// nowhere). (Every frame: no array made.)
    /// `alone`: no words beside them (a slide of its heading and pictures): in the middle of the box.
    func paintFigures(of document: TextDocument, of card: Card, in box: CellRect, alone: Bool = false, blurStep: Int, opacity: Double,
                      fill: CellStyle, on canvas: inout Canvas) {
        guard let first = document.figure, first.path != nil else { return }
        var found = 1
        for figure in document.moreFigures where figure.path != nil { found += 1 }
        let count = min(found, max(1, (box.width + 1) / (CardPainter.narrowestFigure + 1)))
        let width = box.width - (count - 1)
        let captioned = count >= 2 && box.height >= CardPainter.figureBox.height
        var x = box.x
        var i = 0
        func paint(_ figure: TextFigure) {
            let columns = width / count + (i < width % count ? 1 : 0)
            paintFigure(figure, of: card, in: CellRect(x: x, y: box.y, width: columns, height: box.height - (captioned ? 1 : 0)),
                        centred: alone, blurStep: blurStep, opacity: opacity, fill: fill, on: &canvas)
            if captioned {
                let g = theme.glyphs
                let words = Chrome.truncate(g.displayable(figure.alt), to: columns, glyphs: g)
                let left = x + (columns - CharacterWidth.of(words)) / 2, y = box.maxY - 1
                canvas.text(words, x: left, y: y, style: CellStyle(foreground: faded(card.accent, opacity: opacity), attributes: .dim),
                            clip: CellRect(x: x, y: y, width: columns, height: 1))
                eraseCutWords(ofTitle: words, x: left, y: y, glyph: " ", style: fill, on: &canvas)
            }
            x += columns + 1
            i += 1
        }
        paint(first)
        for figure in document.moreFigures where figure.path != nil && i < count { paint(figure) }
    }

    /// A text's figure in `box` (see `TextFigure`): the picture, on the side of the box next to
    /// the words (a wide picture in a tall box stood apart from them, blank rows between: helper-73),
    /// or until it is ready a soft box with its words; where it cannot be read (its box is then a
    /// row, see `figureSplit`), its words and why, as the text named it. `fill`: the card's
    /// background, where cuts hide pieces of those words.
    func paintFigure(_ figure: TextFigure, of card: Card, in box: CellRect, centred: Bool = false, blurStep: Int, opacity: Double,
                     fill: CellStyle, on canvas: inout Canvas) {
        guard let path = figure.path, box.width >= 1, box.height >= 1 else { return }
        let request = PictureRequest(file: PictureFile(path: path), columns: box.width, rows: box.height, blurStep: blurStep)
        switch pictures?.lookup(request) ?? .pending {
        case .ready(let tile), .standIn(let tile):
            paint(tile, centredIn: box, towards: centred ? 0 : figure.first ? 1 : -1, opacity: opacity, on: &canvas)
        case .pending:
            paintPlaceholder(card, in: box, opacity: opacity, withTitle: true, label: figure.alt, on: &canvas)
        case .failed(let reason):
            // (In plain words, without the file's path, which the picture's words stand for.)
            let why = pictures?.failure(of: PictureFile(path: path))?.brief ?? reason
            let g = theme.glyphs
            let words = Chrome.truncate(g.displayable(TextFigure.named(figure.alt) + ": " + why), to: box.width, glyphs: g)
            let y = box.y + (figure.first ? box.height - 1 : 0)
            canvas.text(words, x: box.x, y: y, style: CellStyle(foreground: faded(card.accent, opacity: opacity), attributes: .dim), clip: box)
            eraseCutWords(ofTitle: words, x: box.x, y: y, glyph: " ", style: fill, on: &canvas)
        }
    }

    /// What a picture card shows until its picture is ready: a soft box, its title (or `label`)
    /// in the middle.
    func paintPlaceholder(_ card: Card, in box: CellRect, opacity: Double, withTitle: Bool, label: String? = nil, on canvas: inout Canvas) {
        let tint = card.accent ?? theme.foreground
        let level = CardPainter.quantized(opacity)
        if theme.usesColor {
            let soft = tint.mixed(with: theme.background, 1 - 0.18 * level)
            canvas.fill(box, glyph: " ", style: CellStyle(background: .rgb(soft)))
        } else {
            canvas.fill(box, glyph: theme.glyphs.backdrop, style: CellStyle(attributes: .dim))
        }
        guard withTitle, box.height >= 1, box.width >= 5 else { return }
        let label = Chrome.truncateTitle(theme.glyphs.displayable(label ?? card.title), to: box.width - 4, glyphs: theme.glyphs)
        guard !label.isEmpty else { return }
        let width = CharacterWidth.of(label)
        let x = box.x + (box.width - width) / 2, y = box.y + (box.height - 1) / 2
        var style = CellStyle(foreground: faded(card.accent, opacity: opacity))
        if theme.usesColor {
            style.background = .rgb(tint.mixed(with: theme.background, 1 - 0.18 * level))
        }
        canvas.text(label, x: x, y: y, style: style, clip: box)
        // (Cut by the screen's edge or a card in front, its words as a title's: "[image: Cut sh" was left.)
        if theme.usesColor {
            eraseCutWords(ofTitle: label, x: x, y: y, glyph: " ", style: CellStyle(background: style.background), on: &canvas)
        } else {
            eraseCutWords(ofTitle: label, x: x, y: y, glyph: theme.glyphs.backdrop, style: CellStyle(attributes: .dim), on: &canvas)
        }
    }
}
