@testable import CarouselCanvas
import CarouselTestSupport
import Testing

/// The short way through text made of lone scalars (measured and drawn from its bytes or scalar
/// values) gives what the `Character` way gives, and only takes text where every scalar is a
/// character by itself.
@Suite struct LoneScalarTextTests {
    /// Every scalar accepted stays a character of its own next to any other accepted scalar, as
    /// Swift's grapheme breaking sees it (checked against a spread of neighbours on both sides).
    @Test func everyAcceptedScalarIsACharacterByItself() {
        let accepted = (UInt32(0)...0xFFFF).filter(LoneScalarText.standsAlone).compactMap(Unicode.Scalar.init)
        #expect(accepted.count > 3000)  // Latin, punctuation, arrows, box drawing, shapes, symbols
        let neighbours = stride(from: 0, to: accepted.count, by: 97).map { accepted[$0] } + ["a", "\u{2500}", "\u{25CF}", "\u{2190}"]
        var joined: [String] = []
        for scalar in accepted {
            for neighbour in neighbours {
                var text = String.UnicodeScalarView()
                text.append(neighbour)
                text.append(scalar)
                text.append(scalar)
                text.append(neighbour)
                if String(text).count != 4 { joined.append("U+\(String(scalar.value, radix: 16)) by U+\(String(neighbour.value, radix: 16))") }
            }
        }
        #expect(joined.isEmpty, "\(joined.prefix(20))")
        // And what is turned away: controls, marks, joiners, selectors, flags' letters, Hangul jamo.
        for value: UInt32 in [0x09, 0x7F, 0x85, 0xAD, 0x301, 0x200B, 0x200D, 0x2028, 0x2060, 0x20E3, 0xFE0F, 0x1100, 0x1F1E6] {
            #expect(!LoneScalarText.standsAlone(value), "U+\(String(value, radix: 16))")
        }
    }

    /// Strings mixing accepted text with marks, wide glyphs, emoji and flags: the width and the
    /// cells drawn (clipped at every column) are the `Character` way's.
    @Test func widthsAndCellsAreTheCharacterWays() {
        let pieces = ["a", "Z", " ", "é", "ß", "─", "●", "○", "…", "←", "→", "·", "€", "⌚", "⭐", "™", "中", "ｗ",
                      "e\u{301}", "👍🏽", "🇺🇸", "❤️", "\u{1100}\u{1161}", "a\u{20E3}", "ñ"]
        var generator = SeededGenerator(seed: 16)
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int(generator.next() % 12) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var slow = 0
            for c in text { slow += CharacterWidth.of(c) }
            #expect(CharacterWidth.of(text) == slow, "\(text)")
            #expect(CharacterWidth.of(text[...]) == slow, "\(text)")
            for clipWidth in [0, 1, 2, 3, 5, 8, 30] {
                let clip = CellRect(x: 2, y: 0, width: clipWidth, height: 1)
                let style = CellStyle(foreground: .indexed(3), attributes: .bold)
                var fast = Canvas(width: 24, height: 2), reference = Canvas(width: 24, height: 2)
                fast.put("中", x: 3, y: 0)
                _ = reference.putCluster("中", x: 3, y: 0, style: .plain, clip: nil)
                let a = fast.text(text, x: 1, y: 0, style: style, clip: clip)
                var b = 0
                for c in text { b += reference.putCluster(c, x: 1 + b, y: 0, style: style, clip: clip) }
                #expect(a == b && fast == reference, "\(text) clipped to \(clipWidth)")
                // Character by character, the way titles' pads and the box's corners are put.
                var single = Canvas(width: 24, height: 2)
                single.put("中", x: 3, y: 0)
                var c1 = 0
                for c in text { c1 += single.put(c, x: 1 + c1, y: 0, style: style, clip: clip) }
                #expect(c1 == b && single == reference, "\(text) put one by one, clipped to \(clipWidth)")
            }
        }
    }
}
