@testable import CarouselDecks
import CarouselText
import Testing

@Suite struct SanitizerTests {
    @Test func printableTextIsKeptAndLineBreaksSplitLines() {
        #expect(Sanitizer.lines(from: "a\r\nb\n\nc") == ["a", "b", "", "c"])
        #expect(Sanitizer.lines(from: "old mac\rline") == ["old mac", "line"])
        #expect(Sanitizer.lines(from: "ends with a break\n") == ["ends with a break"])
        #expect(Sanitizer.lines(from: "") == [])
        #expect(Sanitizer.lines(from: "café ╭─╮ 漢字 😀") == ["café ╭─╮ 漢字 😀"])
    }

    @Test func controlsBecomeControlPicturesAndC1BecomesReplacement() {
        #expect(Sanitizer.lines(from: "\u{1B}[2J") == ["␛[2J"])
        #expect(Sanitizer.lines(from: "a\u{0}b\u{7}c\u{7F}") == ["a␀b␇c␡"])
        #expect(Sanitizer.lines(from: "x\u{9B}31m") == ["x\u{FFFD}31m"], "8-bit CSI")
        #expect(Sanitizer.lines(from: "\u{85}") == ["\u{FFFD}"], "NEL is C1, not a line break")
    }

    @Test func invalidUTF8BecomesReplacement() {
        #expect(Sanitizer.lines(from: [0x41, 0xFF, 0x42]) == ["A\u{FFFD}B"])
        #expect(Sanitizer.lines(from: [0x9B, 0x33, 0x31, 0x6D]) == ["\u{FFFD}31m"], "a raw 0x9B byte")
        #expect(Sanitizer.lines(from: [0xED, 0xA0, 0x80]).allSatisfy { $0.unicodeScalars.allSatisfy { $0 == "\u{FFFD}" } })
    }

    @Test func bidiControlsAreMadeVisible() {
        #expect(Sanitizer.lines(from: "\u{202E}abc\u{202C}") == ["\u{FFFD}abc\u{FFFD}"])
        #expect(Sanitizer.lines(from: "\u{2067}x\u{2069}") == ["\u{FFFD}x\u{FFFD}"])
        #expect(Sanitizer.lines(from: "a\u{2028}b") == ["a\u{FFFD}b"])
    }

    @Test func invisibleFormatCharactersAreRemoved() {
        // Zero-width space, ZWNJ, LRM, word joiner, BOM, soft hyphen, a tag character.
        #expect(Sanitizer.lines(from: "a\u{200B}b\u{200C}c\u{200E}d\u{2060}e\u{FEFF}f\u{AD}g\u{E0041}h") == ["abcdefgh"])
    }

    @Test func emojiJoinedByZWJAreShownOneByOne() {
        // Terminals disagree whether a ZWJ sequence takes 2 cells or 6; without the joiners, all draw 6.
        #expect(Sanitizer.lines(from: "👨\u{200D}👩\u{200D}👧") == ["👨👩👧"])
    }

    @Test func combiningMarksStayOnTheirBaseUpToALimit() {
        #expect(Sanitizer.lines(from: "e\u{301}") == ["e\u{301}"])
        let zalgo = "Z" + String(repeating: "\u{336}", count: 40) + "a"
        let line = Sanitizer.lines(from: zalgo)[0]
        #expect(line.unicodeScalars.count == 1 + Sanitizer.maximumMarks + 1)
        #expect(line.count == 2, "still two characters wide")
    }

    @Test func aMarkWithNoBaseGetsADottedCircle() {
        #expect(Sanitizer.lines(from: "\u{301}x\n\u{20DD}") == ["\u{25CC}\u{301}x", "\u{25CC}\u{20DD}"])
    }

    @Test func unassignedCodePointsAndNoncharactersAreReplaced() {
        #expect(Sanitizer.lines(from: [0x61, 0xEF, 0xBF, 0xBF, 0x62, 0xEF, 0xB7, 0x90, 0x63]) == ["a\u{FFFD}b\u{FFFD}c"])
        #expect(Sanitizer.lines(from: "\u{E0080}") == ["\u{FFFD}"])
    }

    @Test func tabsExpandToTheNextStop() {
        // The terminal's own stops, every 8 columns.
        #expect(Sanitizer.lines(from: "a\tb") == ["a       b"])
        #expect(Sanitizer.lines(from: "abcdefgh\tx") == ["abcdefgh        x"])
        #expect(Sanitizer.lines(from: "name\tsize\nnotes.txt\t12") == ["name    size", "notes.txt       12"])
        #expect(Sanitizer.line("a\tb") == "a b")
        // Stops are counted in the terminal's columns: a wide character takes two.
        #expect(Sanitizer.lines(from: "日本\tx") == ["日本    x"])
        #expect(Sanitizer.lines(from: "😀a\tx\té\u{301}\ty") == ["😀a     x       é\u{301}       y"])
    }

    @Test func longLinesAreCutWithAMarkAndHugeTextsEndInOne() {
        // A paragraph written on one line (some 700 words) is kept whole.
        let paragraph = (1...700).map { "word\($0)" }.joined(separator: " ")
        #expect(Sanitizer.lines(from: paragraph) == [paragraph])
        // A longer line keeps its first columns and says it was cut.
        let long = String(repeating: "x", count: Sanitizer.maximumColumns + 5)
        #expect(Sanitizer.lines(from: long) == [String(repeating: "x", count: Sanitizer.maximumColumns - 1) + "…"])
        #expect(Sanitizer.lines(from: String(repeating: "x", count: Sanitizer.maximumColumns)) == [String(repeating: "x", count: Sanitizer.maximumColumns)])
        // Past the line limit a last line says the text goes on; exactly at it, nothing is added.
        let many = Sanitizer.lines(from: String(repeating: "y\n", count: Sanitizer.maximumLines + 3))
        #expect(many.count == Sanitizer.maximumLines + 1 && many.dropLast().allSatisfy { $0 == "y" })
        #expect(many.last == "… the text goes on: only its first 100,000 lines are shown")
        #expect(Sanitizer.lines(from: String(repeating: "y\n", count: Sanitizer.maximumLines)).count == Sanitizer.maximumLines)
        // So past the character limit, at the end of the line that reaches it.
        let wide = String(repeating: String(repeating: "z", count: 9_999) + "\n", count: 300)
        let kept = Sanitizer.lines(from: wide)
        #expect(kept.last == "… the text goes on: only its first 2 million characters are shown")
        #expect(kept.count == Sanitizer.maximumCharacters / 10_000 + 1)
        #expect(Sanitizer.grouped(1_234_567) == "1,234,567" && Sanitizer.grouped(999) == "999" && Sanitizer.grouped(1000) == "1,000")
    }

    /// Styled spans are cut as a line is, wherever the cut falls: inside a span, or just where one
    /// ends (the mark then takes the place of the previous span's last character).
    @Test func styledSpansAreCutToTheLimit() {
        let limit = Sanitizer.maximumColumns
        let bold = SpanStyle(bold: true)
        for first in [limit - 3, limit - 1, limit, limit + 2] {
            let spans = Sanitizer.clean([TextSpan(String(repeating: "a", count: first), style: bold), TextSpan("bcde")])
            let text = spans.plainText
            #expect(text.count == limit, "first span of \(first): \(text.count) characters")
            #expect(text.hasSuffix("…") && text.dropLast().allSatisfy { $0 != "…" })
        }
        // The last character before the cut may end in a span of its marks alone.
        let marked = Sanitizer.clean([TextSpan(String(repeating: "a", count: limit - 1) + "b"), TextSpan("\u{301}\u{302}", style: bold), TextSpan("c")])
        #expect(marked.plainText.count == limit && marked.plainText.hasSuffix("a…"), "\(marked.plainText.count): \(marked.plainText.suffix(3))")
        let whole = Sanitizer.clean([TextSpan(String(repeating: "a", count: limit - 4), style: bold), TextSpan("bcde")])
        #expect(whole.plainText.count == limit && !whole.plainText.contains("…") && whole.count == 2)
    }

    /// Text with ANSI colours is held to the same limits: past `maximumLines` lines, a last line "…".
    @Test func colouredTextEndsInAMarkPastTheLineLimit() {
        let bytes = Array(("\u{1B}[31m" + String(repeating: "y\n", count: Sanitizer.maximumLines + 3)).utf8)
        let document = ANSIText.document(from: bytes)
        let blocks = document.blocks
        // (The note after a blank line, no line of the text: helper-107.)
        #expect(blocks.count == Sanitizer.maximumLines + 2 && document.endNotes == 2)
        #expect(TextDocument(blocks: Array(blocks.suffix(3))).plainLines == ["y", "", "… the text goes on: only its first 100,000 lines are shown"])
    }

    /// The ellipsis takes the place of the last character whole: its base and every mark on it.
    @Test func theEllipsisReplacesTheLastCharacterWithItsMarks() {
        #expect(Sanitizer.line("abc\u{301}\u{302}d", limit: 3) == "ab\u{2026}")
        #expect(Sanitizer.line("東京e\u{301}x", limit: 3) == "東京\u{2026}")
        // A line cut at the limit, its last character a base with marks (compared by its end: a
        // failure then prints a few characters, not ten thousand).
        let long = String(repeating: "a", count: Sanitizer.maximumColumns - 1) + "e\u{301}\u{308}" + "zz"
        let cut = Sanitizer.lines(from: long)
        #expect(cut.count == 1)
        #expect(cut.first.map { String($0.unicodeScalars.suffix(3)) } == "aa\u{2026}")
        #expect(cut.first?.unicodeScalars.count == Sanitizer.maximumColumns)
    }

    @Test func oneLineShowsBreaksAndEndsLongTextWithAnEllipsis() {
        #expect(Sanitizer.line("two\nlines\r") == "two␊lines␍")
        let cut = Sanitizer.line(String(repeating: "é", count: 500), limit: 10)
        #expect(cut == String(repeating: "é", count: 9) + "…")
        #expect(Sanitizer.line(bytes: [0x61, 0x1B, 0xC0]) == "a␛\u{FFFD}")
    }

    @Test func theAllowedSetMatchesWhatIsProduced() {
        for value in [0x00, 0x1B, 0x7F, 0x85, 0x9B, 0x200B, 0x200D, 0x202E, 0x2066, 0xFEFF, 0xFFFF] as [UInt32] {
            #expect(!Sanitizer.isAllowed(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        for scalar in ["a", "é", "\u{301}", "漢", "😀", "\u{2400}", "\u{FFFD}", "\u{E000}"] as [Unicode.Scalar] {
            #expect(Sanitizer.isAllowed(scalar))
        }
    }
}
