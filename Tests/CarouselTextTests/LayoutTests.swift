import CarouselCanvas
import CarouselTestSupport
@testable import CarouselText
import Testing

/// Examples of each block kind, with the expected lines worked out by hand.
@Suite struct LayoutTests {
    func texts(_ blocks: [TextBlock], width: Int, ascii: Bool = false) -> [String] {
        TextLayout.lines(for: TextDocument(blocks: blocks), width: width, ascii: ascii, cellWidth: CharacterWidth.of).map(\.text)
    }

    /// The ASCII look spells out what has a usual spelling before the rows are measured (helper-75:
    /// "Stra?e", "?uvre"): words wrap, and a table's columns line up, as they are written.
    @Test func theASCIILookSpellsOutBeforeWrapping() {
        #expect(texts([.paragraph([TextSpan("Straße Œuvre…")])], width: 9, ascii: true) == ["Strasse", "OEuvre..."])
        #expect(texts([.paragraph([TextSpan("Straße")])], width: 9) == ["Straße"], "not in the Unicode look")
        #expect(texts([.code([[TextSpan("a ≠ b → 1½")]])], width: 20, ascii: true) == ["a != b -> 1 1/2"])
        let table = TextTable(header: [[TextSpan("Größe")], [TextSpan("n")]], body: [[[TextSpan("Maß")], [TextSpan("2")]]], alignments: [.left, .left])
        // (A letter with marks keeps its column and is folded when drawn: "ö" is "o" on the screen.)
        let rows = texts([.table(table)], width: 30, ascii: true)
        #expect(rows.count == 3 && rows[0].hasPrefix("Grösse | n") && rows[2].hasPrefix("Mass   | 2"), "\(rows)")
        #expect(ASCIISpelling.spelled("plain ascii") == nil && ASCIISpelling.spelled("café") == nil, "nothing to spell: no copy")
        // Money and Spanish marks (`1 200 ?`, `?Ole!` before: helper-96).
        #expect(ASCIISpelling.spelled("1 200 € ¡Olé!") == "1 200 EUR !Olé!")
    }

    /// A text's lines are split at every kind of line end (its bytes where line feeds are its
    /// only ones), the same either way.
    @Test func aTextsLinesEndAtEveryKindOfLineEnd() {
        func lines(_ text: String) -> [String] { TextDocument.sourceLines(text).map(String.init) }
        func byCharacters(_ text: String) -> [String] {
            var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
            return lines == [""] ? [] : lines
        }
        for text in ["a\nb\n", "a\n\nb", "", "\n", "é → … —\nx", "a\r\nb\rc", "a\u{85}b", "a\u{2028}b\u{2029}c", "a\u{0B}b\u{0C}c", "ä\u{0301}\nb"] {
            #expect(lines(text) == byCharacters(text), "\(text.debugDescription)")
        }
        #expect(lines("a\r\nb") == ["a", "b"])
        #expect(lines("café\n日本\n") == ["café", "日本"])
    }

    @Test func wrapsAtSpaces() {
        #expect(texts([.paragraph([TextSpan("the quick brown fox jumps")])], width: 10) == ["the quick", "brown fox", "jumps"])
    }

    /// Code indented by tabs or by four spaces takes two columns a step on a card narrower than 40
    /// columns (tab-indented Go showed nothing but `…` two tabs deep on a 13-column card: helper-66),
    /// as it was on a wider one and in the zoom; a row aligned between steps stays between them. Code
    /// of 2-space steps, or aligned to its own columns, keeps its indentation.
    @Test func narrowCardsNarrowCodesIndentationStepByStep() {
        func rows(_ code: String, width: Int, wrapsCode: Bool = false) -> [String] {
            TextLayout.lines(for: TextDocument(code: code), width: width, wrapsCode: wrapsCode, cellWidth: CharacterWidth.of).map(\.text)
        }
        let tabs = "func main() {\n\tif ok {\n\t\tfor i := range xs {\n\t\t\tuse(i)\n\t\t}\n\t}\n\tcall(a,\n\t     b)\n}"
        #expect(TextDocument(code: tabs).codeIndentStep == 8)
        #expect(rows(tabs, width: 20) == ["func main() {", "  if ok {", "    for i := range …", "      use(i)", "    }", "  }", "  call(a,", "    b)", "}"])
        #expect(rows(tabs, width: 40)[2] == "                for i := range xs {", "40 columns and more: as it was")
        #expect(rows(tabs, width: 60, wrapsCode: true)[3] == "                        use(i)", "the zoom: as it was")
        // A file of a line or two a tab in (a Makefile's recipe; tabs are spaces by now), too.
        let recipe = "all:\n        go build ./..."
        #expect(rows(recipe, width: 12) == ["all:", "  go build …"])
        // Or four spaces in: a function of a line or two (helper-104: `    return…` on a card of 12).
        #expect(rows("def f():\n    return 1\n\ndef g():\n    return 2", width: 12) == ["def f():", "  return 1", "", "def g():", "  return 2"])
        #expect(TextDocument(code: "a(b,\n  c)").codeIndentStep == 0, "aligned, not a tab in")
        // Not a drawing's row or two in a Markdown text: its columns stay (review).
        #expect(TextDocument.codeIndentStep(of: [.code(lines: ["+---+", "| a |", "+---+", "        |", "        v"])]) == 0)
        let python = "class A:\n    def f(self):\n        if x:\n            return 1\n        return 2\n    def g(self):\n        pass"
        #expect(TextDocument(code: python).codeIndentStep == 4)
        #expect(rows(python, width: 16) == ["class A:", "  def f(self):", "    if x:", "      return 1", "    return 2", "  def g(self):", "    pass"])
        let twoSpaces = "a {\n  b {\n    c\n  }\n  d\n}"
        #expect(TextDocument(code: twoSpaces).codeIndentStep == 0)
        #expect(rows(twoSpaces, width: 12) == ["a {", "  b {", "    c", "  }", "  d", "}"])
        let drawing = "+--+\n|  |---+\n+--+   |\n       v\n     +---+\n     | x |"
        #expect(TextDocument(code: drawing).codeIndentStep == 0, "a drawing's columns stay where they are")
        // A window of the text (a big file's card opened at a search's match) keeps its step.
        let window = TextDocument(code: tabs).dropping(lines: 3).document
        #expect(window.codeIndentStep == 8)
        #expect(TextLayout.lines(for: window, width: 20, cellWidth: CharacterWidth.of).first?.text == "      use(i)")
    }

    /// A log's or a diary's lines, each begun by a date or a time, go on two columns in, so that
    /// each entry's first row stands out (they wrapped from the edge, entries hard to tell apart:
    /// helper-66); prose, and text where a date begins a line now and then, wrap from the edge.
    @Test func aLogsEntriesWrapUnderTheirFirstRow() {
        func rows(_ text: String, width: Int) -> [String] {
            TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
        }
        let log = "2026-11-28 06:32:16 INFO server started on port 8080\n2026-11-28 06:32:18 ERROR connection lost: timeout"
        #expect(rows(log, width: 24) == [
            "2026-11-28 06:32:16 INFO", "  server started on port", "  8080",
            "2026-11-28 06:32:18", "  ERROR connection lost:", "  timeout",
        ])
        for first in ["[2026-11-28T06:32:16Z] a", "06:32:16.120 a", "28/11/2026 a", "Nov 28 06:32:16 host a"] {
            #expect(TextDocument(plainText: first + "\n" + first).hangingIndent == 2, "\(first)")
        }
        // A narrow card keeps its columns for the words.
        #expect(rows(log, width: 9).allSatisfy { !$0.hasPrefix(" ") }, "\(rows(log, width: 9))")
        let prose = "Bought milk and bread on the way home\n2026-11-28 was a Saturday\nThe rest of the notes are prose\nAnd more"
        #expect(TextDocument(plainText: prose).hangingIndent == 0)
        #expect(rows(prose, width: 20).allSatisfy { !$0.hasPrefix(" ") }, "\(rows(prose, width: 20))")
        #expect(TextDocument(plainText: "1. first\n2. second\n10 - 20 items").hangingIndent == 0, "a list, a range")
        // Only dates and times: a telephone list, numbered lines, sums, a sentence begun by a month
        // and a version's dots read as they are written (they were taken for logs: helper-70).
        for notLog in ["555-123-4567 Ada\n555-987-6543 Bob", "1: buy milk\n2: call Ada", "3/4 cup flour\n1/2 cup sugar",
                       "May I ask: why?\nMay we go: now", "12:345 units\n12:999 more", "2026-1128 x\n2026-1129 y",
                       "06.12.34.56.78 Ada\n06.98.76.54.32 Bob", "10.20.30.40 db\n10.20.30.41 web", "1.2.10 fixed\n1.2.11 added"] {
            #expect(TextDocument(plainText: notLog).hangingIndent == 0, "\(notLog)")
        }
        for log in ["10:30 stand-up\n14:00 review", "28.11.26 rain\n29.11.26 sun", "2026/11/28 a\n2026/11/29 b", "Nov  8 06:32:16 h a\nNov  8 06:32:17 h b",
                    "28-Nov-2026 06:32:16.123 INFO a\n28-Nov-2026 06:32:17.001 INFO b", "28.11.2026 a\n1.12.2026 b"] {
            #expect(TextDocument(plainText: log).hangingIndent == 2, "\(log)")
        }
        // A window of the text (a big log opened at a match) keeps it.
        #expect(TextDocument(plainText: log).dropping(lines: 1).document.hangingIndent == 2)
    }

    /// The lines an indented line goes on in keep its indentation, as vim's `breakindent` sets
    /// them (they began at the edge: the end of a nested item read as a line of the outline's top).
    @Test func keepsLeadingIndentationOnEveryLineOfTheLine() {
        #expect(texts([.paragraph([TextSpan("    indented words here")])], width: 16) == ["    indented", "    words here"])
        #expect(texts([.paragraph([TextSpan("  aaa bbb\nnext")])], width: 8) == ["  aaa", "  bbb", "next"])
        // Each line of a paragraph by its own first row (a later one's first word giving way, or
        // folded from the edge, as the first line's did).
        #expect(texts([.paragraph([TextSpan("x\n    abcdefghijklmnop qrs tuv")])], width: 10) == ["x", "abcdefghi-", "jklmnop", "qrs tuv"])
        #expect(texts([.paragraph([TextSpan("x\n        abcdefghij jk")])], width: 12) == ["x", "  abcdefghij", "  jk"])
        // The rows it goes on in are indented with plain blanks, not with the first row's own
        // spaces, whose background (`--ansi`) would spread down the card.
        let red = SpanStyle(background: .indexed(1))
        let lines = TextLayout.lines(for: TextDocument(blocks: [.paragraph([TextSpan("    ", style: red), TextSpan("alpha beta gamma")])]),
                                     width: 12, cellWidth: CharacterWidth.of)
        #expect(lines.map(\.text) == ["   alpha", "   beta", "   gamma"])
        #expect(lines.dropFirst().allSatisfy { line in line.spans.allSatisfy { $0.style.background == nil } }, "\(lines.map(\.spans))")
    }

    /// Indentation gives way to the first word as much as it must, no more: an indented line stays
    /// indented on a narrow card, and a deeper one stays deeper (a tab-indented note showed
    /// "indented" at the edge and "     double" under it, on a card 11 columns wide).
    @Test func indentationGivesWayToTheFirstWord() {
        // 16 spaces keep 6 columns at 14 (see the next test), but "abcdefghij" (10) fits after 4 of them.
        #expect(texts([.paragraph([TextSpan(String(repeating: " ", count: 16) + "abcdefghij")])], width: 14) == ["    abcdefghij"])
        // A tab is 8 columns, two are 16; the card 11 wide: half of it at most, less for a long word.
        #expect(texts([.paragraph([TextSpan("        indented line")])], width: 11) == ["   indented", "   line"])
        #expect(texts([.paragraph([TextSpan("                double indent")])], width: 11) == ["     double", "     indent"])
        // None before a word wider than the line, which is broken from the edge.
        #expect(texts([.paragraph([TextSpan("    abcdefghijklmn")])], width: 10) == ["abcdefghi-", "jklmn"])
    }

    /// On a narrow line an outline keeps its levels apart: a quarter of the line is kept as it is,
    /// deeper indentation shrinks in proportion to the line (a tab and two tabs both kept five
    /// columns on an 11-column card: "Buy" and "semi" stood under each other; helper-44). From 40
    /// columns on, indentation is kept as it is, up to half the line.
    @Test func anOutlineKeepsItsLevelsOnANarrowLine() {
        let outline = TextDocument(plainText: "Tasks\n\tBuy milk\n\t\tsemi\n\tCall Bob\n\t\tabout rent")
        func lines(_ width: Int) -> [String] {
            TextLayout.lines(for: outline, width: width, cellWidth: CharacterWidth.of).map(\.text)
        }
        #expect(lines(11) == ["Tasks", "   Buy milk", "     semi", "   Call Bob", "     about", "     rent"])
        #expect(lines(21) == ["Tasks", "     Buy milk", "         semi", "     Call Bob", "         about rent"])
        #expect(lines(40) == ["Tasks", "        Buy milk", "                semi", "        Call Bob", "                about rent"])
        // Short indentation is kept on a narrow line.
        #expect(texts([.paragraph([TextSpan("  two")])], width: 11) == ["  two"])
        for width in 1...60 {
            var last = 0
            for leading in 0...40 {
                let kept = ParagraphWrapper.indentation(leading, available: width)
                #expect(kept >= last && kept <= leading && kept <= width / 2, "width \(width), \(leading) spaces: \(kept)")
                last = kept
            }
        }
    }

    @Test func aWordLongerThanTheLineStartsItsOwnLineAndBreaksWithAMark() {
        #expect(texts([.paragraph([TextSpan("see abcdefghijkl")])], width: 6) == ["see", "abcde-", "fghi-", "jkl"])
        // Found in a ring's side card: "Meetin" / "g" and "• 中文 n" / "oodles" were not words of the card.
        #expect(texts([.paragraph([TextSpan("Meeting notes")])], width: 6) == ["Meet-", "ing", "notes"])
        #expect(texts([.paragraph([TextSpan("中文 noodles")])], width: 6) == ["中文", "noo-", "dles"])
    }

    @Test func theMarkIsADecorationAndNotALetter() {
        let lines = TextLayout.lines(for: TextDocument(blocks: [.paragraph([TextSpan("abcdefgh", style: SpanStyle(bold: true))])]), width: 5, cellWidth: CharacterWidth.of)
        #expect(lines.map(\.text) == ["abcd-", "efgh"])
        #expect(lines[0].content == [TextSpan("abcd", style: SpanStyle(bold: true)), TextSpan("-", style: .decoration)])
        #expect(lines[0].width == 5)
    }

    @Test func aLongWordBreaksAfterItsOwnHyphenOrSlash() {
        #expect(texts([.paragraph([TextSpan("a state-of-the-art thing")])], width: 8) == ["a", "state-", "of-the-", "art", "thing"])
        #expect(texts([.paragraph([TextSpan("~/src/carousel/Sources")])], width: 12) == ["~/src/", "carousel/", "Sources"])
        // A hyphen in the first two letters is too early to break at.
        #expect(texts([.paragraph([TextSpan("a-bcdefgh")])], width: 5) == ["a-bc-", "defgh"])
        // A name of words joined by underscores breaks after one, with no mark (helper-66:
        // "max_connec-" / "tion_pool_-", a column's "cpu_-" / "pct").
        #expect(texts([.paragraph([TextSpan("max_connection_pool_size = 10")])], width: 16) == ["max_connection_", "pool_size = 10"])
        #expect(texts([.paragraph([TextSpan("cpu_pct")])], width: 5) == ["cpu_", "pct"])
        #expect(texts([.paragraph([TextSpan("SECRET_HIDDEN=1")])], width: 11) == ["SECRET_", "HIDDEN=1"])
    }

    /// An address (a word with a slash, an `@`, or a dot between letters or digits: a path, a URL,
    /// an e-mail, a host name, an IP address) with no slash or hyphen to break after breaks before
    /// a dot, `#`, `?`, `&`, `=`, `~` or `@` (after an underscore), with no mark: a hyphen would read as part of it. A code
    /// (a hash, a number) breaks with no mark either ("bd60-" / "510" read as a range).
    @Test func anAddressBreaksBeforeItsSeparatorsWithNoMark() {
        #expect(texts([.paragraph([TextSpan("https://example.com/a/very/long/path#fragment")])], width: 11)
                == ["https://", "example", ".com/a/", "very/long/", "path", "#fragment"])
        #expect(texts([.paragraph([TextSpan("see docs/index_of_everything.html")])], width: 10)
                == ["see", "docs/", "index_of_", "everything", ".html"])
        // A Windows path breaks before its backslashes, as an address before its separators
        // (helper-39: "Proj-" / "ets"); TeX's commands stay whole with their backslashes.
        #expect(texts([.paragraph([TextSpan("C:\\Users\\Zoë\\Documents\\Projets")])], width: 16)
                == ["C:\\Users\\Zoë", "\\Documents", "\\Projets"])
        #expect(texts([.paragraph([TextSpan("\\alpha\\beta\\gamma")])], width: 12) == ["\\alpha\\beta", "\\gamma"])
        // A host name and an IP address (helper-11: "web01.pro-" / "d.example-" / ".com", "10.0.12.-" / "101").
        #expect(texts([.paragraph([TextSpan("example.community")])], width: 10) == ["example", ".community"])
        #expect(texts([.paragraph([TextSpan("web01.prod.example.com")])], width: 10) == ["web01.prod", ".example", ".com"])
        #expect(texts([.paragraph([TextSpan("10.0.12.101")])], width: 9) == ["10.0.12", ".101"])
        #expect(texts([.paragraph([TextSpan("ana@example.org")])], width: 9) == ["ana", "@example", ".org"])
        // With no separator near the edge, cut where the line is full, unmarked (helper-66: `@examp-`).
        #expect(texts([.paragraph([TextSpan("user2@example.com")])], width: 7) == ["user2", "@exampl", "e.com"])
        #expect(texts([.paragraph([TextSpan("2001:db8:85a3::8a2e:370:7334")])], width: 13) == ["2001:db8:85a3", "::8a2e:370", ":7334"])
        // A full stop is no address; a hash breaks where the line is full, with no mark.
        #expect(texts([.paragraph([TextSpan("extraordinarily.")])], width: 10) == ["extraordi-", "narily."])
        #expect(texts([.paragraph([TextSpan("bd60510a9f3c")])], width: 8) == ["bd60510a", "9f3c"])
        // A long word with a digit is still a word (helper-13: "Donaudampfschifffa" / "hrtsgesell…").
        #expect(texts([.paragraph([TextSpan("Schifffahrtskapitaen2")])], width: 12) == ["Schifffahrt-", "skapitaen2"])
    }

    /// A long word breaks before an opening bracket with no mark: a footnote's `[1]`, a call's
    /// arguments; not in its first two letters.
    @Test func aWordBreaksBeforeAnOpeningBracketWithNoMark() {
        #expect(texts([.paragraph([TextSpan("Carousel[1] draws")])], width: 10) == ["Carousel", "[1] draws"])
        #expect(texts([.paragraph([TextSpan("print(message)")])], width: 10) == ["print", "(message)"])
        #expect(texts([.paragraph([TextSpan("a(bcdefghijk)")])], width: 8) == ["a(bcde-", "fghijk)"])
    }

    @Test func aWordAsLongAsAFileIsFoldedWhole() {
        // A minified file or a blob on one line: every letter kept, 19 and the mark a line.
        let word = String(repeating: "abcdefghij", count: 10_000)
        let lines = texts([.paragraph([TextSpan(word)])], width: 20)
        #expect(lines.count == 5_264)
        #expect(lines.dropLast().allSatisfy { $0.count == 20 && $0.hasSuffix("-") })
        #expect(lines.map { $0.hasSuffix("-") ? String($0.dropLast()) : $0 }.joined() == word)
    }

    /// Two columns are too narrow for a mark: the word is split where the lines end. Three take
    /// one ("do-" / "ne" reads as a word broken; "don" / "e", as it was, read as another word).
    @Test func linesTooNarrowForAMarkSplitTheWordWhereTheyEnd() {
        #expect(texts([.paragraph([TextSpan("abcdefg")])], width: 2) == ["ab", "cd", "ef", "g"])
        #expect(texts([.paragraph([TextSpan("x abc")])], width: 2) == ["x", "ab", "c"])
        #expect(texts([.paragraph([TextSpan("abcdefg")])], width: 3) == ["ab-", "cd-", "efg"])
        #expect(texts([.paragraph([TextSpan("done")])], width: 3) == ["do-", "ne"])
    }

    @Test func aLongWordAfterIndentationDropsTheIndentation() {
        #expect(texts([.paragraph([TextSpan("  abcdefghij")])], width: 6) == ["abcde-", "fghij"])
    }

    @Test func breaksBetweenCJKCharactersWithoutSpaces() {
        #expect(texts([.paragraph([TextSpan("日本語のテキスト")])], width: 7) == ["日本語", "のテキ", "スト"])
    }

    /// Japanese and Chinese line-breaking rules (kinsoku, as CSS's `line-break: normal`): a line
    /// does not start with a closing mark (。、」！) nor end with an opening bracket (「).
    @Test func closingMarksStayAtTheEndOfTheirLine() {
        #expect(texts([.paragraph([TextSpan("日本語の。テキスト")])], width: 8) == ["日本語", "の。テキ", "スト"])
        #expect(texts([.paragraph([TextSpan("日本語、テキスト")])], width: 6) == ["日本", "語、テ", "キスト"])
        #expect(texts([.paragraph([TextSpan("これは「本」です")])], width: 6) == ["これは", "「本」", "です"])
        #expect(texts([.paragraph([TextSpan("中文，很好！")])], width: 4) == ["中", "文，", "很", "好！"])
    }

    /// Japanese lines do not start with the prolonged sound mark, a small kana or an iteration
    /// mark (helper-11: "は高さ333メ" / "ートルで"), at any width of three characters or more (at two,
    /// "ちょっ" cannot stay together and breaks anyway).
    @Test func japaneseLinesDoNotStartWithWhatKinsokuForbids() {
        let text = "東京タワーは高さ333メートルです。ちょっとコーヒーを飲みましょう。人々はゆっくり歩く。"
        let forbidden = Set("ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々ゝゞヽヾ・。、")
        for width in 6...24 {
            let lines = texts([.paragraph([TextSpan(text)])], width: width)
            #expect(lines.dropFirst().allSatisfy { !forbidden.contains($0.first ?? " ") }, "\(width): \(lines)")
            #expect(lines.joined() == text, "\(width): nothing lost or added: \(lines)")
        }
    }

    @Test func aCJKRunWiderThanTheLineBreaksBetweenCharactersWithoutAHyphen() {
        // 「本」 and い」。 are kept whole (6 cells); at 4 or 5 cells they must break (a mark then
        // starts a line: nothing else fits), and a hyphen there would be a Latin mark inside Japanese.
        #expect(texts([.paragraph([TextSpan("これは「本」です")])], width: 4) == ["これ", "は", "「本", "」で", "す"])
        #expect(texts([.paragraph([TextSpan("これは「本」です")])], width: 5) == ["これ", "は", "「本", "」で", "す"])
        #expect(texts([.paragraph([TextSpan("はい」。と言った")])], width: 4) == ["は", "い」", "。と", "言っ", "た"])
        // Not after an opening bracket when an earlier break is there.
        #expect(texts([.paragraph([TextSpan("あ「い」う")])], width: 4) == ["あ", "「い", "」う"])
        for width in 4...5 {
            let lines = texts([.paragraph([TextSpan("これは「本」です。はい」。と言った")])], width: width)
            #expect(!lines.contains { $0.contains("-") }, "width \(width): \(lines)")
        }
    }

    /// Korean has spaces between words: it wraps at them, not inside a word ('테스' / '트합니다.').
    @Test func koreanWrapsAtSpaces() {
        #expect(texts([.paragraph([TextSpan("안녕하세요 여러분. 테스트합니다.")])], width: 13) == ["안녕하세요", "여러분.", "테스트합니다."])
        // A stop does not start a line of its own.
        #expect(texts([.paragraph([TextSpan("안녕하세요 여러분. 테스트합니다.")])], width: 12) == ["안녕하세요", "여러분.", "테스트합니", "다."])
        // A word wider than the line still breaks, between syllables and with no hyphen.
        #expect(texts([.paragraph([TextSpan("테스트합니다.")])], width: 8) == ["테스트합", "니다."])
    }

    @Test func chineseQuotesFollowTheLineBreakingRule() {
        // The narrow curly quotes: ” does not start a line after 。, “ does not end one before 你.
        #expect(texts([.paragraph([TextSpan("你好。”我们")])], width: 6) == ["你", "好。”", "我们"])
        #expect(texts([.paragraph([TextSpan("说：“你好")])], width: 6) == ["说：", "“你好"])
        // English quotes are words as before.
        #expect(texts([.paragraph([TextSpan("say “hi” now")])], width: 7) == ["say", "“hi”", "now"])
    }

    @Test func aWideCharacterAtWidthOneBecomesTheCutMark() {
        #expect(texts([.paragraph([TextSpan("a日")])], width: 1) == ["a", "…"])
        #expect(texts([.paragraph([TextSpan("日")])], width: 1, ascii: true) == [">"])
    }

    @Test func combiningMarksStayOnTheirBase() {
        // "e" + U+0301 and "a" + U+0308 are one character each: 4 cells, not 6.
        let lines = texts([.paragraph([TextSpan("e\u{301}e\u{301}a\u{308}a\u{308} x")])], width: 4)
        #expect(lines == ["e\u{301}e\u{301}a\u{308}a\u{308}", "x"])
    }

    @Test func expandsTabsToTheTerminalsStopsOfEight() {
        #expect(texts([.paragraph([TextSpan("a\tbc\td")])], width: 20) == ["a       bc      d"])
        #expect(texts([.code(lines: ["\tx", "ab\ty"])], width: 20) == ["        x", "ab      y"])
    }

    @Test func hardBreaksStartNewLines() {
        #expect(texts([.paragraph([TextSpan("one\n  two")])], width: 20) == ["one", "  two"])
    }

    @Test func controlCharactersBecomeVisible() {
        let lines = TextLayout.lines(for: TextDocument(blocks: [.paragraph([TextSpan("a\u{1B}[2Jb\u{7}\u{9B}")])]), width: 20, cellWidth: CharacterWidth.of)
        #expect(lines.map(\.text) == ["a\u{241B}[2Jb\u{2407}\u{FFFD}"])
    }

    @Test func keepsStylesOfSpans() {
        let bold = SpanStyle(bold: true)
        let lines = TextLayout.lines(
            for: TextDocument(blocks: [.paragraph([TextSpan("plain "), TextSpan("bold words", style: bold)])]),
            width: 8, cellWidth: CharacterWidth.of)
        #expect(lines.map(\.content) == [[TextSpan("plain"), ], [TextSpan("bold", style: bold)], [TextSpan("words", style: bold)]])
    }

    @Test func listItemsHangTheirLaterLines() {
        let item: TextBlock = .paragraph([TextSpan("alpha beta gamma")], margin: Margin([.marker(.bullet(depth: 0))]))
        #expect(texts([item], width: 12) == ["• alpha beta", "  gamma"])
        #expect(texts([item], width: 12, ascii: true) == ["- alpha beta", "  gamma"])
        let numbered: TextBlock = .paragraph([TextSpan("alpha beta")], margin: Margin([.marker(.number(7, digits: 2))]))
        #expect(texts([numbered], width: 10) == [" 7. alpha", "    beta"])
    }

    @Test func quotesMarkEveryLine() {
        let quote: TextBlock = .paragraph([TextSpan("alpha beta gamma")], margin: Margin([.quoteBar]))
        #expect(texts([quote], width: 8) == ["│ alpha", "│ beta", "│ gamma"])
        #expect(texts([quote, .blank(margin: Margin([.quoteBar]))], width: 8, ascii: true) == ["| alpha", "| beta", "| gamma", "|"])
    }

    @Test func deepMarginsLeaveHalfTheWidthToTheText() {
        let deep = Margin(Array(repeating: .quoteBar, count: 10))  // 20 cells
        let lines = TextLayout.lines(for: TextDocument(blocks: [.paragraph([TextSpan("words to read")], margin: deep)]), width: 16, cellWidth: CharacterWidth.of)
        for line in lines { #expect(line.margin.plainText.count == 8 && line.width <= 16) }
        #expect(lines.map { $0.content.plainText } == ["words to", "read"])
    }

    /// A nested list item on a narrow card: its margin is squeezed by its indentation, never by
    /// the space after its bullet, and its later lines hang under its text (a user saw "◦dee-" /
    /// " per" on a 13-column card: the margin cut at half the width, the bullet's space with it).
    @Test func aNarrowNestedItemKeepsTheSpaceAfterItsBullet() {
        let deeper = Margin([.space(3), .space(2), .marker(.bullet(depth: 1))])  // 7 cells, in a numbered then a bulleted list
        let item: TextBlock = .paragraph([TextSpan("deeper bullet")], margin: deeper)
        // 11 columns leave 6 to the margin: one blank of the outer indentation goes.
        #expect(texts([item], width: 11) == ["    ◦ dee-", "      per", "      bul-", "      let"])
        #expect(texts([item], width: 11, ascii: true) == ["    * dee-", "      per", "      bul-", "      let"])
        // Wide enough: nothing is squeezed.
        #expect(texts([item], width: 24) == ["     ◦ deeper bullet"])
        // A margin of markers alone, still too wide: a bullet cut short becomes a blank, not a
        // glyph glued to the text.
        let markers = Margin([.marker(.bullet(depth: 0)), .marker(.bullet(depth: 1)), .marker(.bullet(depth: 2))])  // 6 cells
        let lines = TextLayout.lines(for: TextDocument(blocks: [.paragraph([TextSpan("abc def")], margin: markers)]), width: 9, cellWidth: CharacterWidth.of)
        #expect(lines.first?.margin.plainText == "• ◦  ", "cut at 5 of 9 columns, in the third bullet: \(lines.map(\.text))")
        for line in lines { #expect(line.margin.plainText.count == 5) }
    }

    /// A task's box with no room for it takes its short form, after the margin's blanks have
    /// gone: "☑ done" (ASCII "x done"), "1. ☐ to-/do", where the box, cut, became blanks and the
    /// item lost whether it was done (a helper saw "   don" on a 6-column card).
    @Test func aNarrowTaskKeepsItsStateInAShortBox() {
        let done: TextBlock = .paragraph([TextSpan("done")], margin: Margin([.marker(.task(done: true))]))
        #expect(texts([done], width: 6) == ["☑ done"])
        #expect(texts([done], width: 6, ascii: true) == ["x done"])
        #expect(texts([done], width: 12) == ["[✓] done"], "the box where it fits")
        let todo: TextBlock = .paragraph([TextSpan("to do")], margin: Margin([.space(2), .marker(.numberedTask(1, digits: 1, done: false))]))
        #expect(texts([todo], width: 9) == ["1. ☐ to", "     do"], "the indentation first, then the box")
        #expect(texts([todo], width: 9, ascii: true) == ["1. - to", "     do"])
        #expect(texts([todo], width: 20) == ["  1. [ ] to do"])
    }

    /// A narrow stop or closing bracket right after a wide character stays with it: no line
    /// starts with ", " (helper-32 saw "cells: 漢字" / ", 😀, ｆｕ" on a slide).
    @Test func aStopAfterAWideCharacterStaysWithIt() {
        let text = "Some characters take two cells: 漢字, 😀, ｆｕｌｌ. And (東京). Done: 天気!"
        // (From 5 columns: "京)." takes 4, and a narrower line must break it somewhere.)
        for width in 5...40 {
            let lines = TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of)
            for line in lines {
                #expect(!line.text.hasPrefix(",") && !line.text.hasPrefix(".") && !line.text.hasPrefix(")") && !line.text.hasPrefix("!"),
                        "width \(width): \(lines.map(\.text))")
            }
            #expect(lines.map(\.text).joined().filter { $0 != " " && $0 != "-" } == text.filter { $0 != " " && $0 != "-" }, "width \(width)")
        }
    }

    /// A list written as plain text (`- item`, `1. item`, `a) item`, `(3) item`) wraps as a list
    /// set in print does: an item's rows after its first start under its text, and the marker
    /// never ends a row alone (an 11-column card showed `-` / `self-` / `raising` / `flour`, a
    /// dash of its own and an item that read as a new paragraph). A line that only begins with a
    /// dash or a number is no item; a card too narrow for the indent wraps as before.
    @Test func aListWrittenAsTextHangsUnderItsItems() {
        func rows(_ text: String, width: Int) -> [String] {
            TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
        }
        #expect(rows("- apples\n- self-raising flour\n- half-and-half", width: 11)
                == ["- apples", "- self-", "  raising", "  flour", "- half-and-", "  half"])
        #expect(rows("1. Preheat the oven to 200 degrees\n12) Serve", width: 16)
                == ["1. Preheat the", "   oven to 200", "   degrees", "12) Serve"])
        #expect(rows("  a) first point made here\n  (b) and a second", width: 14)
                == ["  a) first", "     point", "     made here", "  (b) and a", "      second"])
        // A first word too long for the row after its marker is broken there.
        #expect(rows("* internationalization", width: 12) == ["* interna-", "  tionaliza-", "  tion"])
        // Not items: a number in a sentence, a minus, a version, a year.
        #expect(rows("-5 degrees outside today", width: 12) == ["-5 degrees", "outside", "today"])
        #expect(rows("2024. A long year it was", width: 12) == ["2024. A long", "year it was"])
        #expect(rows("3.14 is close to pi", width: 9) == ["3.14 is", "close to", "pi"])
        #expect(rows("J. R. R. Tolkien wrote The Hobbit", width: 20) == ["J. R. R. Tolkien", "wrote The Hobbit"])
        #expect(rows("(c) 2024 Acme Widgets and Sons", width: 14) == ["(c) 2024 Acme", "Widgets and", "Sons"])
        #expect(rows("(c) the third point made", width: 14) == ["(c) the third", "    point made"])
        // Too narrow for the indent: as any line wraps.
        #expect(rows("- ab cd", width: 4) == ["- ab", "cd"])
        // A to-do's box is a marker too, alone or after a bullet (helper-85: `[ ] book dentist`
        // went on at the margin).
        #expect(rows("[ ] book dentist for Thursday\n[x] renew passport now", width: 16)
                == ["[ ] book dentist", "    for Thursday", "[x] renew", "    passport now"])
        #expect(rows("- [ ] call the plumber", width: 14) == ["- [ ] call the", "      plumber"])
        #expect(rows("[link] to the page here", width: 12) == ["[link] to", "the page", "here"], "a bracketed word is no box")
    }

    /// A word broken over rows breaks where its language's patterns allow a hyphen (helper-89 read
    /// `everywh-` / `ere:` and `Archite-` / `cture` on a narrow card): English, French for a word
    /// with French accents; where no allowed break leaves two letters on the row, where the row is full.
    @Test func aBrokenWordBreaksBetweenItsSyllables() {
        func rows(_ text: String, width: Int) -> [String] {
            TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
        }
        #expect(rows("Software everywhere:", width: 10) == ["Software", "every-", "where:"])
        #expect(rows("Architecture", width: 10) == ["Architec-", "ture"])
        #expect(rows("Architecture", width: 8) == ["Archi-", "tecture"])
        #expect(rows("la déclaration", width: 8) == ["la", "déclara-", "tion"])
        #expect(rows("extraordinaire", width: 9) == ["extraor-", "dinaire"] || rows("extraordinaire", width: 9) == ["extra-", "ordinaire"],
                "\(rows("extraordinaire", width: 9))")
        // An allowed break that fills little of the row still wins over a cut between letters
        // (helper-101: `sellschaft-` / `skapitäns-` where `sell-` filled less than half of it).
        let german = "Die Donaudampfschifffahrtsgesellschaftskapitänsmütze ist nicht mit der Mütze des Kapitäns zu verwechseln."
        #expect(rows(german, width: 11).prefix(7) == ["Die", "Donaudampf-", "schiff-", "fahrtsge-", "sell-", "schaftska-", "pitänsmütze"],
                "\(rows(german, width: 11))")
        // A word whose letters tell its language, in an English paragraph, breaks as that
        // language does (helper-105: `Hélèn-` / `e's` on a card of 7).
        let party = "Hélène's party was a success for everyone who came along to the old house."
        #expect(rows(party, width: 7).prefix(2) == ["Hé-", "lène's"], "\(rows(party, width: 7))")
        // A word the patterns do not break (one syllable): where the row is full, as before.
        #expect(rows("strengths", width: 7) == ["streng-", "ths"])
        // An accent written apart (NFD) is not counted as a letter of its own (review: `représ-` /
        // `entation`): the word breaks as its composed form does.
        for width in [6, 8, 9, 11] {
            #expect(rows("la repre\u{301}sentation", width: width) == rows("la représentation", width: width), "width \(width)")
        }
        // A run of letters longer than any word is not looked up.
        let long = String(repeating: "abcdefghij", count: 11)
        #expect(rows(long, width: 21).dropLast().allSatisfy { $0.count == 21 && $0.hasSuffix("-") }, "\(rows(long, width: 21))")
        // No hyphen between two digits, which reads as a minus (helper-92: `height="10-` / `0"`):
        // before the number, or between its digits with no mark.
        #expect(rows("<rect height=\"100\"><circle", width: 12) == ["<rect", "height=\"100", "\"><circle"],
                "\(rows("<rect height=\"100\"><circle", width: 12))")
        #expect(rows("ab1234567890cd", width: 8) == ["ab123456", "7890cd"], "\(rows("ab1234567890cd", width: 8))")
        // (A code, the word's marks and digits mixed, breaks where the row is full, unmarked, as before.)
        #expect(rows("width=\"1024\" id", width: 9) == ["width=\"10", "24\" id"], "\(rows("width=\"1024\" id", width: 9))")
    }

    /// The notes a text ends with begin no line of it, laid out whole or as a big text's head
    /// (review: the head counted them, `… 1 more line` under a text shown whole).
    @Test func notesAtTheEndBeginNoLine() {
        var document = TextDocument(plainText: "one\ntwo")
        document.blocks += [.blank(), .paragraph([TextSpan("… a note", style: .decoration)])]
        document.endNotes = 2
        let whole = TextLayout.lines(for: document, width: 20, cellWidth: CharacterWidth.of)
        let head = TextLayout.head(for: document, width: 20, rows: 10, cellWidth: CharacterWidth.of).lines
        for laid in [whole, head] {
            #expect(laid.map(\.isNote) == [false, false, true, true], "\(laid.map(\.text))")
            #expect(SourceLines(laid: laid).count == 2)
        }
    }

    /// French spaced punctuation typed with plain spaces stays with its word: no row starts with
    /// `;`, `:`, `!`, `?` or `»`, none ends with `«` (helper-96 read `; puis il est parti` and
    /// `Hélène répond : «` at 24 columns).
    @Test func frenchSpacedPunctuationStaysWithItsWord() {
        let text = "Il a dit : « Je reviendrai demain » ; puis il est parti ! Pourquoi ? Personne ne le sait : c'est « étrange »."
        for width in 8...60 {
            let rows = TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
            for row in rows {
                #expect(!(row.first.map { ";:!?»".contains($0) } ?? false), "width \(width): \(rows)")
                #expect(!row.hasSuffix("«"), "width \(width): \(rows)")
            }
        }
        #expect(TextLayout.lines(for: TextDocument(plainText: "Genève : « C'est"), width: 10, cellWidth: CharacterWidth.of).map(\.text)
                == ["Genève :", "« C'est"])
    }

    /// Full-width Latin letters and digits wrap as words do (helper-100: `ＬＩ` / `ＮＵＸ`).
    @Test func fullWidthWordsWrapWhole() {
        let text = "Full width ＬＩＮＵＸ and １２３ here, and ＵＴＦ too."
        for width in 12...40 {
            let rows = TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
            for word in ["ＬＩＮＵＸ", "１２３", "ＵＴＦ"] {
                #expect(rows.contains { $0.contains(word) }, "width \(width): \(rows)")
            }
        }
    }

    /// A word broken over rows leaves at least three letters on each, the punctuation after it
    /// aside (helper-83 read "Ingredien-" / "ts:" and "transluce-" / "nt,"), and a list item's
    /// word broken on a later row stays under the item's text ("semi-" went back to the marker).
    @Test func aBrokenWordLeavesThreeLettersEachSideAndStaysUnderItsItem() {
        func rows(_ text: String, width: Int) -> [String] {
            TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
        }
        #expect(rows("Ingredients: patience, flour", width: 11) == ["Ingredi-", "ents:", "patience,", "flour"])
        #expect(rows("halving a translucent, odd", width: 11) == ["halving a", "translu-", "cent, odd"])
        #expect(rows("compiled, then", width: 7) == ["com-", "piled,", "then"])
        // A word of letters alone keeps its three.
        #expect(rows("Ingredients", width: 10) == ["Ingredi-", "ents"])
        #expect(rows("abcdefghij!!", width: 11) == ["abcde-", "fghij!!"])
        #expect(rows("- milk (2 litres, semi-skimmed)", width: 11) == ["- milk (2", "  litres,", "  semi-", "  skimmed)"])
        // At six columns the item's indent would leave four: the word takes the whole row.
        #expect(rows("- item semi-skimmed", width: 6) == ["- item", "semi-", "skim-", "med"])
        // Rows enough for three letters either side however many breaks; marks alone go on
        // without a hyphen.
        #expect(rows("wonderful!!!", width: 6) == ["won-", "der-", "ful!!!"])
        #expect(rows("abcdef))))", width: 5) == ["abc-", "def))", "))"])
        #expect(rows("- see https://example.com/a/long/path/here now", width: 21)
                == ["- see", "  https://", "  example.com/a/long/", "  path/here now"])
        // A query's separator further on than an address's last slash is where it breaks (helper-85:
        // `on/with/` alone on a row).
        #expect(rows("https://example.com/aa/bb/cc/dd/ee/ff/on/with/parameters?s=abcdefghijklmnopqrstuvwxyz&r=xyz", width: 40)
                == ["https://example.com/aa/bb/cc/dd/ee/ff/", "on/with/parameters", "?s=abcdefghijklmnopqrstuvwxyz&r=xyz"])
        // A word joined by its own hyphen keeps three letters before it too (helper-85:
        // `Straßenbah-` / `n-Fahrkar-` / `ten`).
        #expect(rows("um die Straßenbahn-Fahrkarten abzuholen.", width: 11) == ["um die", "Straßen-", "bahn-", "Fahrkarten", "abzuholen."])
    }

    /// Emoji side by side wrap as one word: a family whose joiners the sanitiser removed
    /// (👨‍👩‍👧‍👦 drawn as 👨👩👧👦) is not split over two lines (it was: "Our team 👨" / "👩👧👦 went");
    /// a run wider than the whole line breaks between its emoji, with no hyphen.
    @Test func emojiSideBySideWrapAsOneWord() {
        func wrapped(_ text: String, width: Int) -> [String] {
            TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
        }
        #expect(wrapped("Our team 👨👩👧👦 went to the sea", width: 13) == ["Our team", "👨👩👧👦 went", "to the sea"])
        #expect(wrapped("Party 🎉🎉🎉!", width: 10) == ["Party", "🎉🎉🎉!"])
        #expect(wrapped("🎉🎉🎉🎉🎉🎉", width: 7) == ["🎉🎉🎉", "🎉🎉🎉"])
        // Ideographs still break between characters, next to an emoji too.
        #expect(wrapped("漢字漢字😀漢字", width: 6) == ["漢字漢", "字😀漢", "字"])
    }

    /// Thai (and Lao, Khmer, Burmese) writes words without spaces: a run wider than the line is
    /// broken with no hyphen, never after a vowel written before its consonant (เ) nor before
    /// one written after it (า, ำ), which would stand alone (helper-46 saw "ภาษ-" / "าราช").
    @Test func thaiBreaksWithoutAHyphenAndKeepsItsVowelsWithTheirSyllables() {
        let text = "ภาษาไทยเป็นภาษาราชการของประเทศไทย"
        for width in 4...20 {
            let lines = TextLayout.lines(for: TextDocument(plainText: text), width: width, cellWidth: CharacterWidth.of).map(\.text)
            #expect(lines.joined() == text, "width \(width): every letter, no mark: \(lines)")
            for (line, next) in zip(lines, lines.dropFirst()) {
                #expect(!"เแโใไ".contains(line.last!), "width \(width): \(line) ends in a leading vowel")
                #expect(!"ะาำๅๆฯ".contains(next.first!), "width \(width): \(next) starts with a following vowel")
            }
        }
        #expect(TextLayout.lines(for: TextDocument(plainText: text), width: 15, cellWidth: CharacterWidth.of).map(\.text).first == "ภาษาไทยเป็นภาษา")
        // Decided by the letters either side of the cut: after a quote, after a Latin name.
        for start in ["\u{201C}", "ThaiWord:"] {
            for width in 6...20 {
                let lines = TextLayout.lines(for: TextDocument(plainText: start + text), width: width, cellWidth: CharacterWidth.of).map(\.text)
                for (line, next) in zip(lines, lines.dropFirst()) where line.last?.unicodeScalars.first.map({ (0x0E00...0x0E7F).contains($0.value) }) == true {
                    #expect(!"เแโใไ-".contains(line.last!) && !"ะาำๅๆฯ".contains(next.first!), "\(start) width \(width): \(lines)")
                }
            }
        }
        // Devanagari syllables of two cells (हि: a letter and a spacing vowel sign, a cell each) are
        // letters of a word, not wide characters to break between: Hindi wraps at its spaces.
        let hindi = "हिन्दी विश्व की एक प्रमुख भाषा है एवं भारत की राजभाषा है"
        let words = Set(hindi.split(separator: " ").map(String.init))
        for width in 8...30 {
            let lines = TextLayout.lines(for: TextDocument(plainText: hindi), width: width, cellWidth: CharacterWidth.of).map(\.text)
            #expect(lines.allSatisfy { $0.split(separator: " ").allSatisfy { words.contains(String($0)) } }, "width \(width): \(lines)")
        }
        // A Khmer stack (coeng, then the consonant below) is never split.
        let khmer = String(repeating: "ភាសាខ្មែរ", count: 6)
        for width in 6...20 {
            let lines = TextLayout.lines(for: TextDocument(plainText: khmer), width: width, cellWidth: CharacterWidth.of).map(\.text)
            #expect(lines.joined() == khmer && !lines.dropLast().contains { $0.unicodeScalars.last?.value == 0x17D2 }, "width \(width): \(lines)")
        }
        // A space with two SARA AM is one cluster three columns wide: at three columns it fills the
        // row, with no mark after it (the mark made a row of four; helper-84).
        for width in 1...5 {
            let lines = TextLayout.lines(for: TextDocument(plainText: "  \u{0E33}\u{0E33}\u{0E17}"), width: width, cellWidth: CharacterWidth.of)
            #expect(lines.allSatisfy { $0.width <= width }, "width \(width): \(lines.map(\.text))")
        }
    }

    @Test func codeIsCutNotWrapped() {
        let code: TextBlock = .code(lines: ["  let x = 1234567890", "ok"])
        #expect(texts([code], width: 10) == ["  let x =…", "ok"])
        // The ASCII look cuts with "...": its ">" read as code ("let x =>", "#include <stdio>").
        #expect(texts([code], width: 10, ascii: true) == ["  let x...", "ok"])
        #expect(texts([code], width: 4, ascii: true) == ["let>", "ok"], "too narrow a row for three dots, or for the indentation")
        // A line indented as far as the row goes keeps room for a few of its characters (helper-89:
        // a call's arguments aligned under its bracket showed blanks and "…" alone).
        let aligned: TextBlock = .code(lines: ["    public static func command(for key: Key,", String(repeating: " ", count: 31) + "picking: Bool) -> Command? {"])
        #expect(texts([aligned], width: 11) == ["    public…", "      pick…"])
        #expect(texts([aligned], width: 40) == ["    public static func command(for key:…", String(repeating: " ", count: 31) + "picking:…"], "room enough: as it is")
        // A wide character that does not fit before the mark is left out whole.
        #expect(texts([.code(lines: ["ab日本"])], width: 4) == ["ab…"])
    }

    /// In a zoomed card a code line longer than the width goes on in rows marked ↪ (> in ASCII),
    /// every character kept; a character wider than a row's room stands as the cut mark.
    @Test func zoomedCodeWrapsItsLongLines() {
        func wrapped(_ lines: [String], width: Int, ascii: Bool = false) -> [String] {
            TextLayout.lines(for: TextDocument(blocks: [.code(lines: lines)]), width: width, ascii: ascii, wrapsCode: true,
                             cellWidth: CharacterWidth.of).map(\.text)
        }
        // The rows it goes on in start under its indentation.
        #expect(wrapped(["  let x = 1234567890", "ok"], width: 10) == ["  let x = ", "  ↪1234567", "  ↪890", "ok"])
        #expect(wrapped(["  let x = 1234567890"], width: 10, ascii: true) == ["  let x = ", "  >1234567", "  >890"])
        // With no space near the row's end, after a separator of names (helper-66: `TEST_UNIT_D` /
        // `↪OCKER_PREFIX`, `requirements.t` / `↪xt` under a YAML key, at the edge).
        #expect(wrapped(["run: docker_compose_build_all_targets_now"], width: 20) == ["run: docker_compose_", "↪build_all_targets_", "↪now"])
        #expect(wrapped(["  path: a/b/c/requirements.txt"], width: 16) == ["  path: a/b/c/", "  ↪requirements.", "  ↪txt"])
        #expect(wrapped(["ab日本語x"], width: 5) == ["ab日", "↪本語", "↪x"])
        // A separator a little further back than a space is looked for (helper-104:
        // `http.StatusMethodNotAllo` / `↪wed)`), else a camel-case name's next word.
        let go = "\t\thttp.Error(w, \"method not allowed\", http.StatusMethodNotAllowed)"
        #expect(wrapped([go], width: 78)[0].hasSuffix("\"method not allowed\", http."), "\(wrapped([go], width: 78))")
        #expect(wrapped(["x = aVeryLongCamelCaseNameThatGoesOnAndOn"], width: 32) == ["x = aVeryLongCamelCaseNameThat", "↪GoesOnAndOn"])
        // A row full to a word's end, a space next, ends after the space before the word: the next
        // row does not begin with the space (helper-108: `↪ of its own`).
        #expect(wrapped(["// one, after a hyphen or an underscore of its own"], width: 28)
                == ["// one, after a hyphen or ", "↪an underscore of its own"], "\(wrapped(["// one, after a hyphen or an underscore of its own"], width: 28))")
        let line = (0..<50).map(String.init).joined(separator: ",")
        let rows = wrapped([line], width: 17)
        #expect(rows.allSatisfy { CharacterWidth.of($0) <= 17 })
        #expect(rows.first! + rows.dropFirst().map { String($0.dropFirst()) }.joined() == line)
        // Rows too narrow for a mark and some text are cut as on a card.
        #expect(wrapped(["abcdef"], width: 3) == ["ab…"])
        // In a list item only the block's first row has the bullet.
        let item = TextLayout.lines(for: TextDocument(blocks: [.code(lines: ["abcdefghij", "klmnopqrst"], margin: Margin([.marker(.bullet(depth: 0))]))]),
                                    width: 8, wrapsCode: true, cellWidth: CharacterWidth.of).map(\.text)
        #expect(item == ["• abcdef", "  ↪ghij", "  klmnop", "  ↪qrst"])
    }

    @Test func rulesAndBlanks() {
        #expect(texts([.rule(), .blank(), .rule(margin: Margin([.quoteBar]))], width: 5) == ["─────", "", "│ ───"])
        #expect(texts([.rule()], width: 3, ascii: true) == ["---"])
    }

    @Test func titleIsLeftToTheFrameUnlessAsked() {
        let document = TextDocument(title: "Title", blocks: [.paragraph([TextSpan("body")])])
        #expect(TextLayout.lines(for: document, width: 10, cellWidth: CharacterWidth.of).map(\.text) == ["body"])
        #expect(TextLayout.lines(for: document, width: 10, includeTitle: true, cellWidth: CharacterWidth.of).map(\.text) == ["Title", "", "body"])
    }

    @Test func plainTextKeepsTheAuthorsLines() {
        let document = TextDocument(plainText: "first line\r\n\n  second\tline\n")
        #expect(document.blocks == [.paragraph([TextSpan("first line")]), .blank(), .paragraph([TextSpan("  second\tline")])])
    }

    @Test func noLinesForNoWidth() {
        #expect(texts([.paragraph([TextSpan("x")])], width: 0).isEmpty)
    }
}
