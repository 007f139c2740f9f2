/// One character ready for layout: a grapheme cluster (so combining marks travel with their base),
/// the cells it takes, and the index of its style in the block's style table.
struct Glyph: Equatable {
    let character: Character
    var width: Int
    var style: Int
    /// What the wrap asks of the character (see `Kind`), found once when the glyph is made: asked
    /// of the character for each glyph each time a paragraph was wrapped, comparing and hashing
    /// `Character`s took about half of laying a note out.
    let kind: Kind
    /// The character when it is one ASCII byte; 0 otherwise (no glyph is NUL: control characters
    /// are shown as pictures).
    let byte: UInt8

    init(character: Character, width: Int, style: Int) {
        self.character = character
        self.width = width
        self.style = style
        if character.isASCII, let ascii = character.asciiValue, character.utf8.count == 1 {
            kind = Kind(ascii: ascii)
            byte = ascii
        } else {
            kind = Kind(character)
            byte = 0
        }
    }

    /// A glyph of one ASCII character, `byte` (`character`).
    init(ascii byte: UInt8, _ character: Character, width: Int, style: Int) {
        self.character = character
        self.width = width
        self.style = style
        kind = Kind(ascii: byte)
        self.byte = byte
    }

    /// Each ASCII character, made once (a `Character` made from a byte is made through a string).
    static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    var isSpace: Bool { kind.contains(.space) }

    /// A wide character (East Asian wide or fullwidth, an emoji): its first scalar takes two
    /// cells. Not a cluster of two narrow letters drawn a cell each (Devanagari हि, Thai ทำ, Khmer
    /// មែ: see `TerminalCluster`), which wraps as the letters of a word do: read as wide, a Hindi
    /// word broke between its syllables and Khmer broke inside a stack.
    var isWide: Bool { width >= 2 && !narrowCells }
    /// Set for a cluster of narrow letters that takes two cells or more.
    var narrowCells = false

    /// The classes of characters the line breaking treats apart (`ParagraphWrapper`).
    struct Kind: OptionSet, Equatable {
        let rawValue: UInt8
        init(rawValue: UInt8) { self.rawValue = rawValue }
        static let space = Kind(rawValue: 1 << 0)
        /// A narrow stop or closing bracket (`ParagraphWrapper.narrowClosings`).
        static let narrowClosing = Kind(rawValue: 1 << 1)
        /// `ParagraphWrapper.quoteClosings`.
        static let quoteClosing = Kind(rawValue: 1 << 2)
        /// `ParagraphWrapper.quoteOpenings`.
        static let quoteOpening = Kind(rawValue: 1 << 3)
        /// A wide mark a line does not start with (`ParagraphWrapper.closingMarks`).
        static let closingMark = Kind(rawValue: 1 << 4)
        /// A wide bracket a line does not end with (`ParagraphWrapper.openingMarks`).
        static let openingMark = Kind(rawValue: 1 << 5)
        /// A pictograph (an emoji or a flag: see `isPictograph`). Emoji side by side
        /// stay together as the letters of a word do: a ZWJ sequence whose joiners the sanitiser
        /// removed (👨‍👩‍👧‍👦, drawn as its four people) is one picture to its reader.
        static let pictograph = Kind(rawValue: 1 << 6)

        init(_ character: Character) {
            if character.isASCII, let byte = character.asciiValue {
                self.init(ascii: byte)
                return
            }
            // The sets' characters outside ASCII are from U+2018 to U+201D (E2 80 xx in UTF-8),
            // U+3001 to U+30FE (E3 80 xx to E3 83 xx: marks, small kana, ー) and U+FF01 to U+FF5D
            // (EF BC xx, EF BD xx): none of them canonically equivalent to a character that begins
            // otherwise (ゞ and ヾ decompose to ゝ and ヽ with a mark), so that one is none of them.
            let lead = character.utf8.first ?? 0
            // (Wide pictographs outside the BMP begin F0; those inside it, E2 or E3.)
            var kind: Kind = lead >= 0xE2 && Self.isPictograph(character) ? .pictograph : []
            guard lead == 0xE2 || lead == 0xE3 || lead == 0xEF else {
                self = kind
                return
            }
            if ParagraphWrapper.quoteClosings.contains(character) { kind.insert(.quoteClosing) }
            if ParagraphWrapper.quoteOpenings.contains(character) { kind.insert(.quoteOpening) }
            if ParagraphWrapper.closingMarks.contains(character) { kind.insert(.closingMark) }
            if ParagraphWrapper.openingMarks.contains(character) { kind.insert(.openingMark) }
            self = kind
        }

        /// An emoji, a flag among them (its first scalar has the Emoji property). Narrow ones
        /// (© ™ ↔ ▶) get the kind too, which the wrap asks of wide glyphs only.
        static func isPictograph(_ character: Character) -> Bool {
            character.unicodeScalars.first!.properties.isEmoji
        }

        /// An ASCII character's (every set but the narrow closings holds only characters from outside
        /// ASCII; `GlyphTests` checks both inits against the sets).
        init(ascii byte: UInt8) {
            switch byte {
            case UInt8(ascii: " "): self = .space
            case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
                 UInt8(ascii: "?"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "%"):
                self = .narrowClosing
            default: self = []
            }
        }
    }
}

/// A block's text as glyphs: tabs expanded, control characters made visible, split into lines at
/// hard breaks ("\n" and the other newline characters).
struct GlyphText {
    var styles: [SpanStyle] = []
    var lines: [[Glyph]] = [[]]

    init(_ spans: [TextSpan], tabWidth: Int, cellWidth: (Character) -> Int) {
        // The ASCII characters and their widths (asked of `cellWidth`, a function of the character
        // alone, once each) at hand.
        let ascii = Glyph.asciiCharacters
        var widths = InlineArray<128, Int>(repeating: -1)
        var column = 0
        // Room for a paragraph's glyphs as one line (a glyph is at least one byte; a long text of
        // many lines grows past it): made once, not grown a step at a time.
        lines[0].reserveCapacity(min(1024, spans.reduce(0) { $0 + $1.text.utf8.count }))
        for span in spans {
            let style = styleIndex(span.style)
            let text = span.text, utf8 = text.utf8
            var i = text.startIndex
            while i < text.endIndex {
                // An ASCII byte followed by another (or by nothing) is a character of its own, but for
                // CR LF: read as bytes, without the grapheme breaking and the Unicode properties a
                // `Character` asks for (most of laying plain prose out went to that).
                let byte = utf8[i]
                if byte < 0x80 {
                    let next = utf8.index(after: i)
                    if next == text.endIndex || utf8[next] < 0x80 {
                        // A line break is LF, VT, FF, CR or CR LF, as `Character.isNewline` has it.
                        if byte == 0x0D, next < text.endIndex, utf8[next] == 0x0A {
                            newLine(&column)
                            i = utf8.index(after: next)
                            continue
                        }
                        switch byte {
                        case 0x0A, 0x0B, 0x0C, 0x0D: newLine(&column)
                        case 0x09: tab(&column, tabWidth: tabWidth, style: style, space: ascii[0x20])
                        case 0x00..<0x20, 0x7F:
                            add(Self.visible(Character(Unicode.Scalar(byte))), &column, style: style, cellWidth: cellWidth)
                        default:
                            let character = ascii[Int(byte)]
                            if widths[Int(byte)] < 0 { widths[Int(byte)] = max(0, cellWidth(character)) }
                            let width = widths[Int(byte)]
                            append(Glyph(ascii: byte, character, width: width, style: style))
                            column += width
                        }
                        i = next
                        continue
                    }
                }
                let character = text[i]
                if character.isNewline {
                    newLine(&column)
                } else if character == "\t" {
                    tab(&column, tabWidth: tabWidth, style: style, space: ascii[0x20])
                } else {
                    add(Self.visible(character), &column, style: style, cellWidth: cellWidth)
                }
                i = text.index(after: i)
            }
        }
    }

    private mutating func newLine(_ column: inout Int) {
        lines.append([])
        column = 0
    }

    /// Tab stops count from the start of the line's text (the margin is not part of it).
    private mutating func tab(_ column: inout Int, tabWidth: Int, style: Int, space: Character) {
        let stop = tabWidth - column % tabWidth
        for _ in 0..<stop { append(Glyph(ascii: 0x20, space, width: 1, style: style)) }
        column += stop
    }

    private mutating func add(_ shown: Character, _ column: inout Int, style: Int, cellWidth: (Character) -> Int) {
        let width = max(0, cellWidth(shown))
        var glyph = Glyph(character: shown, width: width, style: style)
        // Two cells of narrow letters, not one wide character (see `Glyph.isWide`).
        if width >= 2, let first = shown.unicodeScalars.first, shown.unicodeScalars.count > 1,
           cellWidth(Character(first)) < 2 {
            glyph.narrowCells = true
        }
        append(glyph)
        column += width
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
        var start = startIndex
        while start < endIndex {
            let style = self[start].style
            var end = start, count = 0
            while end < endIndex && self[end].style == style {
                count += self[end].byte != 0 ? 1 : self[end].character.utf8.count
                end += 1
            }
            // The span's text made once from its UTF-8 (appending characters one by one to a
            // string went through the string's growth and checks for each).
            let text = String(unsafeUninitializedCapacity: count) { buffer in
                var n = 0
                for glyph in self[start..<end] {
                    if glyph.byte != 0 {
                        buffer[n] = glyph.byte
                        n += 1
                    } else {
                        for unit in glyph.character.utf8 {
                            buffer[n] = unit
                            n += 1
                        }
                    }
                }
                return n
            }
            result.append(TextSpan(text, style: styles[style]))
            start = end
        }
        return result
    }
}
