import CarouselCanvas
import CarouselTestSupport
@testable import CarouselText
import Testing

/// The layout reads ASCII a byte at a time and finds each glyph's class for line breaking once
/// (`GlyphText`, `Glyph.Kind`); these hold both to what they stand for: the text read a `Character`
/// at a time, and `ParagraphWrapper`'s sets of characters.
@Suite struct GlyphTests {
    /// The glyphs of `spans` read a `Character` at a time, as the layout read them before it read
    /// ASCII as bytes.
    static func reference(_ spans: [TextSpan], tabWidth: Int, cellWidth: (Character) -> Int) -> [[Glyph]] {
        var lines: [[Glyph]] = [[]]
        var styles: [SpanStyle] = []
        var column = 0
        for span in spans {
            if !styles.contains(span.style) { styles.append(span.style) }
            let style = styles.lastIndex(of: span.style)!
            for character in span.text {
                if character.isNewline {
                    lines.append([])
                    column = 0
                } else if character == "\t" {
                    let stop = tabWidth - column % tabWidth
                    for _ in 0..<stop { lines[lines.count - 1].append(Glyph(character: " ", width: 1, style: style)) }
                    column += stop
                } else {
                    let shown = GlyphText.visible(character)
                    let width = max(0, cellWidth(shown))
                    lines[lines.count - 1].append(Glyph(character: shown, width: width, style: style))
                    column += width
                }
            }
        }
        return lines
    }

    /// Pieces that meet at the edges of the byte path: CR LF within a span and split across two,
    /// other breaks, controls, ASCII followed by a combining mark, wide and narrow non-ASCII.
    static let pieces = ["a", "word", " ", "  ", "\t", "\r\n", "\r", "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{1B}", "\u{7F}",
                         "\u{00}", "\u{9F}", "e\u{301}", "\r\u{301}", "\t\u{301}", " \u{301}", "東京", "。", "「", "“", "’", "한", "😀",
                         "👩‍👩‍👧", "%", ",", ")", "x\u{FE0F}", "ｱ", "—"]

    @Test func readingASCIIAsBytesGivesTheGlyphsOfReadingCharacters() {
        var generator = SeededGenerator(seed: 25)
        for _ in 0..<3_000 {
            let spans = (0..<Int.random(in: 1...4, using: &generator)).map { n in
                TextSpan((0..<Int.random(in: 0...12, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined(),
                         style: SpanStyle(bold: n % 2 == 1))
            }
            let text = GlyphText(spans, tabWidth: 8, cellWidth: CharacterWidth.of)
            let expected = Self.reference(spans, tabWidth: 8, cellWidth: CharacterWidth.of)
            #expect(text.lines == expected, "\(spans.map(\.text))")
        }
    }

    @Test func aGlyphsClassIsWhatTheWrappersSetsSay() {
        // Every character of the sets, every ASCII character, and neighbours of the sets' characters.
        var characters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        for set in [ParagraphWrapper.narrowClosings, ParagraphWrapper.quoteClosings, ParagraphWrapper.quoteOpenings,
                    ParagraphWrapper.closingMarks, ParagraphWrapper.openingMarks] {
            for character in set {
                characters.append(character)
                let v = character.unicodeScalars.first!.value
                for near in [v - 1, v + 1] { if let scalar = Unicode.Scalar(near) { characters.append(Character(scalar)) } }
                characters.append(Character(String(character) + "\u{301}"))
            }
        }
        characters += ["é", "東", "한", "😀", "\u{2029}", "\u{FF00}", "\u{FF5E}"]
        for character in characters {
            let kind = Glyph(character: character, width: 1, style: 0).kind
            #expect(kind.contains(.space) == (character == " "), "\(character.unicodeScalars.map(\.value))")
            #expect(kind.contains(.narrowClosing) == ParagraphWrapper.narrowClosings.contains(character))
            #expect(kind.contains(.quoteClosing) == ParagraphWrapper.quoteClosings.contains(character))
            #expect(kind.contains(.quoteOpening) == ParagraphWrapper.quoteOpenings.contains(character))
            #expect(kind.contains(.closingMark) == ParagraphWrapper.closingMarks.contains(character))
            #expect(kind.contains(.openingMark) == ParagraphWrapper.openingMarks.contains(character))
        }
    }

    @Test func emojiArePictographsAndLettersAreNot() {
        for emoji: Character in ["😀", "👨", "👍🏽", "⌚", "☕", "✅", "🏳\u{FE0F}", "🇯🇵", "👩‍💻"] {
            #expect(Glyph(character: emoji, width: 2, style: 0).kind.contains(.pictograph), "\(emoji)")
        }
        for other: Character in ["a", "é", "東", "한", "「", "\u{20000}", "1\u{FE0F}\u{20E3}", "—", "ｆ"] {
            #expect(!Glyph(character: other, width: 2, style: 0).kind.contains(.pictograph), "\(other)")
        }
    }
}
