import CarouselCanvas
import CarouselText

/// Laid-out text as the canvas stores it: `width` x `height` cells, each styled as at full opacity
/// (the painter fades them as the card moves). Letters are copied, never resampled: a smaller card
/// shows fewer letters, never different ones.
struct TextCells: Sendable {
    let width: Int
    let height: Int
    let cells: [Cell]
    /// Lines the whole text takes at this width (more than `height` when it does not all fit).
    let totalLines: Int
    /// For each row, whether the row below goes on with its line (the wrap broke it there): only
    /// there can a hyphen at a row's end be a word broken in two (a code line ending in `-*-` is not).
    let continues: [Bool]
    /// For each row, whether the row below goes on with a word this row broke with no mark (a
    /// number, a path, `[pool_workqueue_` / `release]`): a broken word as a hyphen's is.
    let breaksUnmarked: [Bool]
    /// For each row the text fills, whether it is a count of the lines the card does not show (`↑ 22 lines
    /// above`, `… 48 more lines`), which a cut hides whole: its words cannot be cut, but "lines
    /// above" with its number under the card in front reads as nothing (helper-44).
    let counts: [Bool]

    init(_ lines: [LaidLine], width: Int, height: Int, totalLines: Int, accent: RGB?, painter: CardPainter) {
        self.width = width
        self.height = height
        self.totalLines = totalLines
        let shown = lines.prefix(height)
        continues = shown.indices.map { $0 + 1 < shown.endIndex && !shown[$0 + 1].beginsLine }
        breaksUnmarked = shown.indices.map { $0 + 1 < shown.endIndex && shown[$0 + 1].goesOnUnmarked }
        counts = shown.map(Self.isCount)
        var cells = [Cell](repeating: .blank, count: width * height)
        let glyphs = painter.theme.glyphs
        for (y, line) in lines.prefix(height).enumerated() {
            var x = 0
            spans: for span in line.spans {
                let style = painter.cellStyle(for: span.style, accent: accent)
                for cluster in span.text {
                    for shown in TerminalCluster.shown(cluster) {
                        let columns = CharacterWidth.of(shown)
                        guard columns > 0 else { continue }
                        // The layout keeps lines within the width; should one not be, it ends here.
                        guard x + columns <= width else { break spans }
                        if glyphs.isASCII && !shown.isASCII {
                            // The ASCII look shows a letter's base letter, or a `?` for each column.
                            let plain: Character = columns == 1 ? glyphs.displayable(shown) : "?"
                            for _ in 0..<columns { cells[y * width + x] = Cell(plain, style: style); x += 1 }
                            continue
                        }
                        cells[y * width + x] = Cell(shown, style: style, width: UInt8(columns))
                        if columns == 2 { cells[y * width + x + 1] = Cell(" ", style: style, width: 0) }
                        x += columns
                    }
                }
            }
        }
        self.cells = cells
    }

    /// Whether a laid line is a count of hidden lines: decoration alone, starting with the arrow
    /// or the ellipsis `TextLayout` writes one with, and a number.
    static func isCount(_ line: LaidLine) -> Bool {
        guard line.margin.isEmpty, !line.content.isEmpty, line.content.allSatisfy({ $0.style == .decoration }) else { return false }
        let text = line.content.map(\.text).joined()
        guard text.hasPrefix("↑") || text.hasPrefix("^") || text.hasPrefix("…") || text.hasPrefix("...") else { return false }
        return text.contains(where: \.isNumber)
    }
}

extension CardPainter {
    /// How a span of card text looks at full opacity: its own colours (from `--ansi` input), else
    /// the colour of its role (headings in the card's accent, code and quotes in their own tones,
    /// furniture such as list markers and quote bars dimmed), and its attributes.
    func cellStyle(for span: SpanStyle, accent: RGB?) -> CellStyle {
        var attributes: Attributes = []
        if span.bold { attributes.insert(.bold) }
        if span.italic { attributes.insert(.italic) }
        if span.underline { attributes.insert(.underline) }
        if span.dim { attributes.insert(.dim) }
        if span.reverse { attributes.insert(.reverse) }
        if span.strikethrough { attributes.insert(.strikethrough) }
        var foreground: RGB?
        switch span.role {
        case .heading: foreground = accent ?? theme.foreground; attributes.insert(.bold)
        case .code: foreground = theme.code
        case .quote: foreground = theme.quote; attributes.insert(.italic)
        case .link: foreground = accent; attributes.insert(.underline)
        case .url, .decoration, .html: foreground = theme.muted
        case .image: attributes.insert(.italic)
        case .plain: break
        }
        if let color = span.foreground { foreground = RGB(color.rgb.r, color.rgb.g, color.rgb.b) }
        let background = span.background.map { RGB($0.rgb.r, $0.rgb.g, $0.rgb.b) }
        guard theme.usesColor else {
            // Without colour, furniture is told apart by being dim.
            if span.role == .decoration || span.role == .url { attributes.insert(.dim) }
            return CellStyle(attributes: attributes)
        }
        return CellStyle(foreground: foreground.map(Color.rgb) ?? .default, background: background.map(Color.rgb) ?? .default, attributes: attributes)
    }

    /// A text cell's style at `level` (0...1, in sixteenths): its colours blended toward the
    /// background; without colour, dim when faint. At full level the style is unchanged.
    func faded(_ style: CellStyle, level: Double) -> CellStyle {
        guard level < 1 else { return style }
        var result = style
        guard theme.usesColor else {
            if level < 0.6 { result.attributes.insert(.dim) }
            return result
        }
        let foreground: RGB
        if case .rgb(let rgb) = style.foreground { foreground = rgb } else { foreground = theme.foreground }
        result.foreground = .rgb(foreground.mixed(with: theme.background, 1 - level))
        if case .rgb(let rgb) = style.background { result.background = .rgb(rgb.mixed(with: theme.background, 1 - level)) }
        return result
    }
}
