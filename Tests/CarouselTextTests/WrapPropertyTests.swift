import CarouselCanvas
import CarouselTestSupport
import CarouselText
import Testing

/// Properties of paragraph wrapping over random texts and every width from 1 to 80.
@Suite struct WrapPropertyTests {
    static let cases = 600

    func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" || c.isNewline }

    /// What the reader must see of `text`, letter for letter: its non-blank characters, with a
    /// character wider than the line replaced by the cut mark (only possible at width 1).
    func expectedLetters(_ text: String, available: Int) -> [Character] {
        text.filter { !isBlank($0) }.map { available < CharacterWidth.of($0) ? "…" : $0 }
    }

    @Test func linesFitAndKeepEveryLetterAndWord() {
        var random = RandomText(seed: 0x7E47)
        for n in 0..<Self.cases {
            let text = random.paragraph(hardBreaks: n % 2 == 0)
            let width = n < 80 ? n + 1 : random.int(1...80)
            let document = TextDocument(blocks: [.paragraph([TextSpan(text)])])
            let lines = TextLayout.lines(for: document, width: width, cellWidth: CharacterWidth.of)
            let context = "seed case \(n), width \(width), text \(text.debugDescription)"

            #expect(!lines.isEmpty, Comment(rawValue: context))
            for line in lines {
                let cells = line.text.reduce(0) { $0 + CharacterWidth.of($1) }
                #expect(cells <= width, Comment(rawValue: context + ", line \(line.text.debugDescription)"))
                #expect(cells == line.width, Comment(rawValue: context))
                #expect(!line.text.contains("\t"), Comment(rawValue: context))
            }
            let letters = lines.flatMap { unmarked($0).text.filter { $0 != " " } }
            #expect(letters == expectedLetters(text, available: width), Comment(rawValue: context))
            checkWords(text, lines, width: width, context: context)
        }
    }

    /// A table too wide for its columns is shown one record after another, each value after its
    /// column's name and wrapped under a hanging indent: every line fits, and every letter of every
    /// value is there. (A value a cell or two wider than the indented lines lost its last letters:
    /// "Düsseldorf" showed as "Düsseldor", as the wrapper measured the word against the first
    /// line's room, not the narrower room of the line it went to.)
    @Test func recordsFitAndKeepEveryLetter() {
        var random = RandomText(seed: 0x4EC0)
        for n in 0..<300 {
            let names = ["city", "name", "score"]
            let values = (0..<6).map { _ in (0..<random.int(1...3)).map { _ in random.word() }.joined(separator: " ") }
            let body = stride(from: 0, to: 6, by: 3).map { i in (0..<3).map { [TextSpan(values[i + $0])] } }
            let table = TextTable(header: names.map { [TextSpan($0)] }, body: body, alignments: [.left, .left, .left])
            let width = random.int(8...24)
            let lines = TextLayout.lines(for: TextDocument(blocks: [.table(table, margin: Margin())]), width: width, cellWidth: CharacterWidth.of)
            let context = "case \(n), width \(width), values \(values)"
            for line in lines {
                #expect(line.text.reduce(0) { $0 + CharacterWidth.of($1) } <= width, Comment(rawValue: context + ", line \(line.text)"))
            }
            // Records, not columns, at these widths: each value after its name.
            guard lines.contains(where: { $0.text.hasPrefix("city:") }) else { continue }
            let shown = lines.flatMap { line in
                (line.margin + line.content.filter { $0.style.role != .decoration }).plainText.filter { !isBlank($0) }
            }
            let expected = values.enumerated().flatMap { i, value in (names[i % 3] + ":" + value).filter { !isBlank($0) } }
            #expect(String(shown) == String(expected), Comment(rawValue: context))
        }
    }

    /// A number in a table is never broken, at any width: each shows whole on one line, in its
    /// column or in a record (`9876543` over `2101` in a narrowed column read as two numbers:
    /// helper-22). Words may be broken; numbers up to 20 characters may not, nor ranges of them.
    @Test func aTablesNumbersAreNeverBroken() {
        var random = RandomText(seed: 0x9E3B)
        for n in 0..<300 {
            let numbers = (0..<6).map { _ in
                [String(random.int(0...99_999_999)), "-" + String(random.int(0...999)) + "." + String(random.int(10...99)),
                 "2024-11-" + String(random.int(10...28)), "1,234,567.89", "12:30",
                 // A range of times or years with its en dash (helper-39: `07:00–18:00,` broke after `18`).
                 "07:00\u{2013}18:00,", "2019\u{2013}" + String(random.int(2020...2030))][random.int(0...6)]
            }
            let names = (0..<3).map { _ in (0..<random.int(1...3)).map { _ in random.word() }.joined(separator: " ") }
            let body = (0..<3).map { i in [[TextSpan(names[i])], [TextSpan(numbers[2 * i])], [TextSpan(numbers[2 * i + 1])]] }
            let table = TextTable(header: [[TextSpan("name")], [TextSpan("amount")], [TextSpan("when")]], body: body,
                                  alignments: [.left, .right, .right])
            let width = random.int(10...60)
            let lines = TextLayout.lines(for: TextDocument(blocks: [.table(table, margin: Margin())]), width: width, cellWidth: CharacterWidth.of)
            let text = lines.map(\.text).joined(separator: "\n")
            // (A record's value goes on under a hanging indent of two.)
            for number in numbers where number.count <= width - 2 {
                #expect(text.contains(number), "case \(n), width \(width): \(number) broken in\n\(text)")
            }
        }
    }

    /// A line's text without the mark that says a word goes on, and whether it had one. The mark
    /// is the only decoration in a plain paragraph, and only ever at the end of a line.
    func unmarked(_ line: LaidLine) -> (text: String, marked: Bool) {
        let kept = line.content.filter { $0.style.role != .decoration }
        let marks = line.content.filter { $0.style.role == .decoration }
        #expect(marks.allSatisfy { $0.text == "-" } && marks.count <= 1 && (marks.isEmpty || line.content.last?.style.role == .decoration))
        return (line.margin.plainText + kept.plainText, !marks.isEmpty)
    }

    /// Each source word comes out whole, or in pieces at the ends of consecutive lines, and only
    /// where breaking is allowed: next to a wide character, or inside a word wider than the line.
    /// Such a word starts a line of its own, and where the line has room for a mark (more than
    /// three cells) each of its lines but the last ends in the mark or in a hyphen or slash of its own.
    func checkWords(_ text: String, _ lines: [LaidLine], width: Int, context: String) {
        struct Piece { var text: [Character]; var line: Int; var first: Bool; var last: Bool; var marked: Bool }
        var pieces: [Piece] = []
        for (index, line) in lines.enumerated() {
            let (lineText, marked) = unmarked(line)
            let words = lineText.split(separator: " ")
            #expect(!marked || !words.isEmpty, Comment(rawValue: context))
            for (i, word) in words.enumerated() {
                let last = i == words.count - 1
                pieces.append(Piece(text: Array(word), line: index, first: i == 0, last: last, marked: marked && last))
            }
        }
        let words = text.split(whereSeparator: isBlank).map { word in
            word.map { width < CharacterWidth.of($0) ? Character("…") : $0 }
        }
        var k = 0
        for word in words {
            var joined: [Character] = []
            var count = 0
            let long = word.reduce(0) { $0 + CharacterWidth.of($1) } > width
            while joined.count < word.count, k < pieces.count {
                if count > 0 {
                    let before = pieces[k - 1], after = pieces[k]
                    let adjacent = before.last && after.first && before.line + 1 == after.line
                    let nextToWide = CharacterWidth.of(joined.last!) >= 2 || CharacterWidth.of(after.text.first!) >= 2
                    #expect(adjacent && (long || nextToWide), Comment(rawValue: context + ", word \(String(word))"))
                    // Inside a long word's run of narrow letters, the break is marked.
                    if long && !nextToWide && width > 3 {
                        // No mark after its own hyphen, slash or underscore, nor, in an address, before a
                        // separator, nor before an opening bracket, nor in a word with digits.
                        // (An address by the run of narrow letters the break is in: the wrapper
                        // breaks next to a wide character first, then each run as a word of its own.)
                        let at = joined.count
                        var lo = at, hi = at
                        while lo > 0, CharacterWidth.of(word[lo - 1]) < 2 { lo -= 1 }
                        while hi < word.count, CharacterWidth.of(word[hi]) < 2 { hi += 1 }
                        let run = Array(word[lo..<hi])
                        let innerDot = run.indices.dropFirst().dropLast().contains { i in
                            run[i] == "." && (run[i - 1].isLetter || run[i - 1].isNumber) && (run[i + 1].isLetter || run[i + 1].isNumber)
                        }
                        let address = run.contains("/") || run.contains("@") || innerDot || run.count(where: { $0 == ":" }) >= 2
                            || run.count(where: { $0 == "\\" }) >= 2
                        let own = before.text.last == "-" || before.text.last == "/" || before.text.last == "_" || address || "[(".contains(after.text.first!)
                            || word.contains(where: \.isNumber)
                                && (word.allSatisfy(\.isHexDigit) || word.filter(\.isNumber).count * 4 >= word.filter { $0.isNumber || $0.isLetter }.count
                                    || word.indices.dropFirst().count { word[$0].isUppercase && word[$0 - 1].isLowercase } >= 4)
                            // Marks with no letter; between the words of a name in camel case.
                            || !word.contains(where: \.isLetter)
                            || before.text.last!.isLowercase && after.text.first!.isUppercase
                        #expect(before.marked != own, Comment(rawValue: context + ", word \(String(word)), line \(before.line)"))
                    }
                }
                if pieces[k].marked {
                    // A mark only where the word goes on.
                    #expect(joined.count + pieces[k].text.count < word.count, Comment(rawValue: context + ", word \(String(word))"))
                }
                joined += pieces[k].text
                count += 1
                k += 1
            }
            #expect(joined == word, Comment(rawValue: context + ", word \(String(word)) came out as \(String(joined))"))
        }
        #expect(k == pieces.count, Comment(rawValue: context))
    }

    /// Greedy: a line ends at a space only when the next word (up to its first break opportunity)
    /// would not have fitted after it.
    @Test func linesAreFilled() {
        var random = RandomText(seed: 0xF111)
        for n in 0..<Self.cases {
            // Single spaces, so that the test knows how many cells the break removed.
            let text = random.paragraph(hardBreaks: false).split(whereSeparator: isBlank).joined(separator: " ")
            let width = random.int(1...80)
            let lines = TextLayout.lines(for: TextDocument(blocks: [.paragraph([TextSpan(text)])]), width: width, cellWidth: CharacterWidth.of)
            let words = text.split(whereSeparator: isBlank).map(String.init)
            // Source word boundaries in the stream of letters, to tell a break at a space from one inside a word.
            var wordAfter: [Int: String] = [:]
            var position = 0
            for (word, next) in zip(words, words.dropFirst()) { position += word.count; wordAfter[position] = next }
            position = 0
            for (line, next) in zip(lines, lines.dropFirst()) {
                let lineText = unmarked(line).text
                position += lineText.filter { $0 != " " }.count
                guard let fullWord = wordAfter[position], !next.text.isEmpty else { continue }
                // The next word's first unbreakable segment: its first character if wide, else up to
                // the first wide one (Hangul, set between spaces, emoji side by side and full-width
                // Latin letters and digits wrap as narrow letters do).
                func breaksAround(_ c: Character) -> Bool {
                    let v = c.unicodeScalars.first!.value
                    return CharacterWidth.of(c) >= 2 && !((0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v))
                        && !c.unicodeScalars.first!.properties.isEmoji
                        && !((0xFF10...0xFF19).contains(v) || (0xFF21...0xFF3A).contains(v) || (0xFF41...0xFF5A).contains(v))
                }
                let segment = breaksAround(fullWord.first!) ? fullWord.prefix(1) : fullWord.prefix { !breaksAround($0) }
                let segmentWidth = segment.reduce(0) { $0 + CharacterWidth.of($1) }
                // A segment wider than a line never starts after other words: it has a line of its own.
                let fits = segmentWidth <= width && line.width + 1 + segmentWidth <= width
                #expect(!fits, Comment(rawValue: "case \(n), width \(width), line \(line.text.debugDescription), next \(next.text.debugDescription)"))
                if segmentWidth > width {
                    // (A wide character at width 1 shows as the cut mark.)
                    let shown = CharacterWidth.of(segment.first!) > width ? "…" : String(segment.prefix(1))
                    // (Or under a list item's hanging indent, the width of its marker and a space,
                    // when the text begins as one: `- word`.)
                    let rest = unmarked(next).text
                    let hanging = String(repeating: " ", count: (words.first?.count ?? 0) + 1)
                    #expect(rest.hasPrefix(shown) || rest.hasPrefix(hanging + shown),
                            Comment(rawValue: "case \(n), width \(width), next \(next.text.debugDescription)"))
                }
            }
        }
    }

    /// A margin only narrows the text: the content is laid out as without it, in the width left.
    @Test func marginNarrowsTheText() {
        var random = RandomText(seed: 0x3A46)
        for n in 0..<Self.cases / 2 {
            let text = random.paragraph(hardBreaks: true)
            var pieces: [MarginPiece] = []
            for _ in 0..<random.int(1...3) {
                let spaces = random.int(0...4), depth = random.int(0...3), number = random.int(1...120)
                pieces.append(random.pick([.quoteBar, .space(spaces), .marker(.bullet(depth: depth)), .marker(.number(number, digits: 3))]))
            }
            let margin = Margin(pieces)
            let width = random.int(margin.width * 2 + 2...margin.width * 2 + 60)  // wide enough that the margin is not cut
            let withMargin = TextLayout.lines(for: TextDocument(blocks: [.paragraph([TextSpan(text)], margin: margin)]), width: width, cellWidth: CharacterWidth.of)
            let without = TextLayout.lines(for: TextDocument(blocks: [.paragraph([TextSpan(text)])]), width: width - margin.width, cellWidth: CharacterWidth.of)
            let context = Comment(rawValue: "case \(n), width \(width), margin \(pieces)")
            #expect(withMargin.map(\.content) == without.map(\.content), context)
            for (index, line) in withMargin.enumerated() {
                #expect(line.width <= width, context)
                let marginText = line.margin.plainText
                #expect(marginText.count == margin.width, context)
                #expect(marginText == (index == 0 ? first(margin) : first(margin.continuation)), context)
            }
        }
    }

    /// The margin text written out from its definition, ASCII-free form.
    func first(_ margin: Margin) -> String {
        margin.pieces.map { piece in
            switch piece {
            case .space(let n): String(repeating: " ", count: n)
            case .quoteBar: "│ "
            case .marker(let m): m.text(ascii: false)
            }
        }.joined()
    }
}
