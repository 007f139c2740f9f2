/// Greedy word wrapping of one paragraph line (text between hard breaks) into lines of at most
/// `available` cells.
///
/// Lines break at spaces (which are dropped at the break), next to wide characters (CJK has no
/// spaces between words) and, for a word wider than a whole line, between any two characters.
/// Leading spaces are kept as indentation, up to half the line, unless the first word would not
/// fit after them. A character wider than a whole line (a wide character when `available` is 1)
/// is replaced by `cutMark`, the only case where a character is replaced.
struct ParagraphWrapper {
    let available: Int
    let cutMark: Character

    private(set) var lines: [[Glyph]] = []
    private var current: [Glyph] = []
    private var column = 0
    private var hasContent = false

    init(available: Int, cutMark: Character) {
        self.available = max(1, available)
        self.cutMark = cutMark
    }

    /// Wraps one line of glyphs (no hard breaks inside); always adds at least one line.
    mutating func wrap(_ line: [Glyph]) {
        let leading = line.prefix(while: \.isSpace).count
        current = Array(line.prefix(min(leading, available / 2)))
        column = current.count
        hasContent = false
        var pending: [Glyph] = []
        for token in Self.tokens(line.dropFirst(leading)) {
            switch token {
            case .spaces(let spaces):
                pending = spaces
            case .segment(let glyphs):
                add(glyphs, after: pending)
                pending = []
            }
        }
        finishLine()
    }

    private mutating func add(_ segment: [Glyph], after spaces: [Glyph]) {
        let width = segment.cells
        if column + spaces.count + width <= available {
            append(spaces + segment, width: spaces.count + width)
        } else if width <= available {
            // Indentation alone is not worth a line of its own.
            if hasContent { finishLine() } else { current = []; column = 0 }
            append(segment, width: width)
        } else {
            // Longer than any line: start it here if there is room, and break it where it reaches the edge.
            if column + spaces.count < available { append(spaces, width: spaces.count) } else if hasContent { finishLine() }
            for glyph in segment { place(glyph) }
        }
    }

    private mutating func place(_ glyph: Glyph) {
        var glyph = glyph
        if glyph.width > available { glyph = Glyph(character: cutMark, width: 1, style: glyph.style) }
        if column + glyph.width > available { finishLine() }
        append([glyph], width: glyph.width)
    }

    private mutating func append(_ glyphs: [Glyph], width: Int) {
        current += glyphs
        column += width
        hasContent = hasContent || glyphs.contains { !$0.isSpace }
    }

    private mutating func finishLine() {
        // Spaces before a break are dropped; a line of indentation alone keeps its spaces.
        if hasContent { while current.last?.isSpace == true { current.removeLast() } }
        lines.append(current)
        current = []
        column = 0
        hasContent = false
    }

    enum Token {
        case spaces([Glyph])
        case segment([Glyph])
    }

    /// Runs of spaces, and the words between them cut into segments that may be broken apart
    /// without a space: each wide character is a segment of its own.
    static func tokens(_ glyphs: ArraySlice<Glyph>) -> [Token] {
        var tokens: [Token] = []
        var run: [Glyph] = []
        var runIsSpace = false
        func flush() {
            if !run.isEmpty { tokens.append(runIsSpace ? .spaces(run) : .segment(run)) }
            run = []
        }
        for glyph in glyphs {
            if glyph.isSpace != runIsSpace || (!glyph.isSpace && glyph.width >= 2) {
                flush()
                runIsSpace = glyph.isSpace
            }
            run.append(glyph)
            // A wide character ends its segment, so that the next character starts a new one.
            if !glyph.isSpace && glyph.width >= 2 { flush() }
        }
        flush()
        return tokens
    }
}
