/// One character ready for layout: a grapheme cluster (so combining marks travel with their base),
/// the cells it takes, and the index of its style in the block's style table.
struct Glyph: Equatable {
    var character: Character
    var width: Int
    var style: Int

    var isSpace: Bool { character == " " }
}

/// A block's text as glyphs: tabs expanded, control characters made visible, split into lines at
/// hard breaks ("\n" and the other newline characters).
struct GlyphText {
    var styles: [SpanStyle] = []
    var lines: [[Glyph]] = [[]]

    init(_ spans: [TextSpan], tabWidth: Int, cellWidth: (Character) -> Int) {
        var column = 0
        for span in spans {
            let style = styleIndex(span.style)
            for character in span.text {
                if character.isNewline {
                    lines.append([])
                    column = 0
                } else if character == "\t" {
                    // Tab stops count from the start of the line's text (the margin is not part of it).
                    let stop = tabWidth - column % tabWidth
                    for _ in 0..<stop { append(Glyph(character: " ", width: 1, style: style)) }
                    column += stop
                } else {
                    let shown = Self.visible(character)
                    let width = max(0, cellWidth(shown))
                    append(Glyph(character: shown, width: width, style: style))
                    column += width
                }
            }
        }
    }

    private mutating func append(_ glyph: Glyph) { lines[lines.count - 1].append(glyph) }

    /// The index of `style` in `styles`, added if it is not there yet.
    mutating func styleIndex(_ style: SpanStyle) -> Int {
        if let index = styles.lastIndex(of: style) { return index }
        styles.append(style)
        return styles.count - 1
    }

    /// The character itself, or a visible stand-in for a control character, which must never reach
    /// the terminal: C0 and DEL become their Control Pictures (ESC shows as ␛), C1 becomes U+FFFD.
    static func visible(_ character: Character) -> Character {
        guard let scalar = character.unicodeScalars.first else { return character }
        switch scalar.value {
        case 0x00..<0x20: return Character(Unicode.Scalar(0x2400 + scalar.value)!)
        case 0x7F: return "\u{2421}"
        case 0x80..<0xA0: return "\u{FFFD}"
        default: return character
        }
    }
}

extension Collection where Element == Glyph {
    /// Cells the glyphs take.
    var cells: Int { reduce(0) { $0 + $1.width } }
}

extension Array where Element == Glyph {
    /// Glyphs back to spans, neighbours of one style merged.
    func spans(_ styles: [SpanStyle]) -> [TextSpan] {
        var result: [TextSpan] = []
        var lastStyle = -1
        for glyph in self {
            if glyph.style == lastStyle {
                result[result.count - 1].text.append(glyph.character)
            } else {
                result.append(TextSpan(String(glyph.character), style: styles[glyph.style]))
                lastStyle = glyph.style
            }
        }
        return result
    }
}
