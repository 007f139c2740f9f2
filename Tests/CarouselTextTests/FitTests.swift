import CarouselText
import Testing
import CarouselTestSupport
import CarouselCanvas

@Suite struct FitTests {
    func numbered(_ count: Int) -> [LaidLine] {
        (0..<count).map { LaidLine(content: [TextSpan("line \($0)")], width: "line \($0)".count) }
    }

    @Test func everyLineShowsWhenAllFit() {
        for count in 0...6 { #expect(TextLayout.fit(lines: numbered(count), height: 6, width: 20) == numbered(count)) }
    }

    /// Fitted from a line on: a first row counting the lines above (as long as the row allows),
    /// the lines from there, the last row counting what is left; rows and widths kept.
    @Test func fromALineOnTheFirstRowCountsTheLinesAbove() {
        let lines = numbered(40)
        let fitted = TextLayout.fit(lines: lines, from: 12, height: 6, width: 20)
        #expect(fitted.map(\.text) == ["↑ 12 lines above", "line 12", "line 13", "line 14", "line 15", "… 24 more lines"])
        #expect(TextLayout.fit(lines: lines, from: 1, height: 6, width: 20)[0].text == "↑ 1 line above")
        #expect(TextLayout.fit(lines: lines, from: 12, height: 6, width: 10, ascii: true)[0].text == "^ 12 above")
        #expect(TextLayout.fit(lines: lines, from: 12, height: 6, width: 3)[0].text == "↑12")
        #expect(TextLayout.fit(lines: lines, from: 12, height: 6, width: 2)[0].text == "↑")
        // The rest fits under the first row: no count at the end.
        #expect(TextLayout.fit(lines: lines, from: 35, height: 6, width: 20).map(\.text) == ["↑ 35 lines above"] + (35..<40).map { "line \($0)" })
        // From the top when nothing is above (or nothing is left).
        for (first, height) in [(0, 6), (40, 6), (0, 2)] {
            #expect(TextLayout.fit(lines: lines, from: first, height: height, width: 20) == TextLayout.fit(lines: lines, height: height, width: 20))
        }
        // No room for the row above and two lines: from the line, without the row above (a card
        // of one or two rows showing a search's match).
        #expect(TextLayout.fit(lines: lines, from: 12, height: 2, width: 20).map(\.text) == ["line 12", "… 27 more lines"])
        #expect(TextLayout.fit(lines: lines, from: 12, height: 1, width: 20).map(\.text) == ["line 12    … 27 more"], "the count at the row's right end")
    }

    /// A row ending in a colon whose words go on below it (a record's label, its value on the next
    /// row) is not left at the card's foot without them (helper-83: "name:" over "… 1 more").
    @Test func aLabelIsNotLeftAtTheFootWithoutItsWords() {
        func line(_ text: String, begins: Bool) -> LaidLine {
            var line = LaidLine(content: [TextSpan(text)], width: text.count)
            line.beginsLine = begins
            return line
        }
        let lines = [line("born: 1815", begins: true), line("", begins: true), line("name:", begins: true),
                     line("  Hopper, Grace", begins: false), line("city: New York", begins: false)]
        #expect(TextLayout.fit(lines: lines, height: 4, width: 20).map(\.text) == ["born: 1815", "", "… 3 more lines"])
        // Its words shown, or a line of its own after it: it stays.
        #expect(TextLayout.fit(lines: lines, height: 5, width: 20).map(\.text) == lines.map(\.text))
        let own = [line("Ingredients:", begins: true), line("- flour", begins: true), line("- eggs", begins: true)]
        #expect(TextLayout.fit(lines: own, height: 2, width: 20).map(\.text) == ["Ingredients:", "… 2 more lines"])
    }

    /// A number too long for a narrow card's record breaks with no mark (a hyphen would read as a
    /// minus): its first row is not left at the foot as if it were the whole number (helper-89:
    /// `1,234,567` over "… 4 more" for `1,234,567.89`). A figure or a date that fits under a
    /// smaller indent is indented less and kept whole (`2026-01-` / `01`).
    @Test func aNumberBrokenAtTheFootGoesUnderTheCount() {
        let table = TextTable(header: [[TextSpan("Region")], [TextSpan("Revenue")], [TextSpan("Date")], [TextSpan("Units")]],
                              body: [[[TextSpan("North")], [TextSpan("1,234,567.89")], [TextSpan("2026-01-01")], [TextSpan("15234")]],
                                     [[TextSpan("South")], [TextSpan("9.5")], [TextSpan("2026-02-01")], [TextSpan("7")]]],
                              alignments: [.left, .right, .left, .right])
        let laid = TextLayout.lines(for: TextDocument(blocks: [.table(table, margin: Margin())]), width: 11, cellWidth: CharacterWidth.of)
        #expect(laid.map(\.text).prefix(6) == ["Region:", "  North", "Revenue:", "  1,234,567", "  .89", "Date:"], "\(laid.map(\.text))")
        #expect(laid.map(\.text).contains(" 2026-01-01"), "\(laid.map(\.text))")
        let source = SourceLines(laid: laid)
        // Cut after the number's first row: it goes with the rest, and its label with it.
        #expect(TextLayout.fit(lines: laid, height: 5, width: 11, source: source).map(\.text) == ["Region:", "  North", "… 1 more"])
        // Cut after the whole number: it stays.
        #expect(TextLayout.fit(lines: laid, height: 6, width: 11, source: source).map(\.text).prefix(5)
                == ["Region:", "  North", "Revenue:", "  1,234,567", "  .89"])
        // A token of many rows (a key) keeps the rows it fills at the foot (review: the rule hid
        // them all).
        let hash = String(repeating: "9f86d081884c7d659a2feaa0c55ad015", count: 4)
        let key = "Checksum:\n" + hash + "\nVerify it."
        let keyLaid = TextLayout.lines(for: TextDocument(plainText: key), width: 20, cellWidth: CharacterWidth.of)
        #expect(keyLaid.filter(\.goesOnUnmarked).count >= 4, "\(keyLaid.map(\.text))")
        let keyFit = TextLayout.fit(lines: keyLaid, height: 6, width: 20, cellWidth: CharacterWidth.of, source: SourceLines(laid: keyLaid))
        // (Its last row shown ends in "…": helper-91 read such a row as the token's end.)
        #expect(keyFit.map(\.text) == ["Checksum:"] + keyLaid[1...3].map(\.text) + [String(keyLaid[4].text.dropLast()) + "…", "… 1 more line"],
                "\(keyFit.map(\.text))")
        // A label wrapped in two (`Cost` / `(EUR):`) cut after its first row goes under the count
        // with it (`Cost` stood alone at the foot).
        let costs = TextTable(header: [[TextSpan("Item")], [TextSpan("Cost (EUR)")]],
                              body: [[[TextSpan("Hammer")], [TextSpan("12.50")]], [[TextSpan("Saw")], [TextSpan("8")]]],
                              alignments: [.left, .right])
        let costLaid = TextLayout.lines(for: TextDocument(blocks: [.table(costs, margin: Margin())]), width: 10, cellWidth: CharacterWidth.of)
        #expect(costLaid.map(\.text).prefix(5) == ["Item:", "  Hammer", "Cost", "  (EUR):", "  12.50"], "\(costLaid.map(\.text))")
        #expect(TextLayout.fit(lines: costLaid, height: 4, width: 10, cellWidth: CharacterWidth.of, source: SourceLines(laid: costLaid)).map(\.text)
                == ["Item:", "  Hammer", "… 1 more"], "\(TextLayout.fit(lines: costLaid, height: 4, width: 10).map(\.text))")
        // A word of three rows cut after its second goes under the count whole too (helper-91:
        // `[pool_` / `workqueue_` over "…" read as a name).
        let process = TextLayout.lines(for: TextDocument(plainText: "ab [pool_workqueue_release] ab\nab"), width: 12,
                                       cellWidth: CharacterWidth.of)
        #expect(process.map(\.text).prefix(4) == ["ab", "[pool_", "workqueue_", "release] ab"], "\(process.map(\.text))")
        #expect(TextLayout.fit(lines: process, height: 4, width: 12, source: SourceLines(laid: process)).map(\.text)
                == ["ab", "… 1 more"], "\(TextLayout.fit(lines: process, height: 4, width: 12).map(\.text))")
        // A long one (an address of many rows) shows its beginning, marked, rather than leave the
        // card's rows empty (helper-98: `See:` over the count at 64x18, two rows blank).
        let url = TextLayout.lines(for: TextDocument(plainText: "See: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nline two\nline three\nline four"),
                                   width: 10, cellWidth: CharacterWidth.of)
        let urlFit = TextLayout.fit(lines: url, height: 4, width: 10, cellWidth: CharacterWidth.of, source: SourceLines(laid: url)).map(\.text)
        #expect(urlFit.count == 4 && urlFit[0] == "See:" && urlFit[1] == url[1].text && urlFit[2].hasSuffix("…") && urlFit[3] == "… 3 more",
                "\(urlFit) of \(url.map(\.text))")
        // A token that goes on past the foot after its own hyphen says so without a "…" (review:
        // `pixbuf-…`).
        var pieces = ["gdk-", "pixbuf-", "loader", "x", "y"].map { LaidLine(content: [TextSpan($0)], width: $0.count) }
        pieces[0].beginsLine = true
        pieces[1].goesOnUnmarked = true
        pieces[2].goesOnUnmarked = true
        pieces[3].beginsLine = true
        pieces[4].beginsLine = true
        #expect(TextLayout.fit(lines: pieces, height: 3, width: 10, cellWidth: CharacterWidth.of).map(\.text) == ["gdk-", "pixbuf-", "… 3 more"],
                "\(TextLayout.fit(lines: pieces, height: 3, width: 10, cellWidth: CharacterWidth.of).map(\.text))")
        // A word broken with its mark (`-`) says itself that it goes on.
        let prose = TextLayout.lines(for: TextDocument(plainText: "Straßenbahnhaltestelle is long\nand more\nand more"), width: 11,
                                     cellWidth: CharacterWidth.of)
        #expect(prose.allSatisfy { !$0.goesOnUnmarked }, "\(prose.map(\.text))")
    }

    /// A titled card (the lyrics look) shown from below its top keeps its title on the row above:
    /// the title whole at the left with the longest count that leaves it whole at the right end,
    /// else the title cut before a shorter count; a row with no room for four cells of title has
    /// the count alone.
    @Test func aTitledCardShownFromBelowKeepsItsTitle() {
        let lines = numbered(40)
        let fitted = TextLayout.fit(lines: lines, from: 12, height: 4, width: 30, title: "groceries")
        #expect(fitted.map(\.text) == ["groceries     ↑ 12 lines above", "line 12", "line 13", "… 26 more lines"])
        #expect(fitted[0].width == 30 && fitted[0].content.first?.style.bold == true)
        #expect(fitted[0].content.last?.style == .decoration)
        #expect(TextLayout.fit(lines: lines, from: 12, height: 4, width: 21, title: "groceries")[0].text == "groceries  ↑ 12 above")
        #expect(TextLayout.fit(lines: lines, from: 12, height: 4, width: 20, title: "a shopping list for Saturday")[0].text
                == "a shopping …     ↑12")
        #expect(TextLayout.fit(lines: lines, from: 12, height: 4, width: 8, title: "groceries")[0].text == "↑12")
        #expect(TextLayout.fit(lines: lines, from: 12, height: 4, width: 20, ascii: true, title: "a shopping list")[0].text
                == "a shopping list  ^12")
        // Wide characters take two cells each.
        let wide = TextLayout.fit(lines: lines, from: 1, height: 4, width: 24, cellWidth: { $0.unicodeScalars.first!.value > 0x2E80 ? 2 : 1 },
                                  title: "買い物リスト")
        #expect(wide[0].text == "買い物リスト   ↑ 1 above" && wide[0].width == 24, "\(wide[0])")
    }

    @Test func theLastRowCountsWhatIsLeft() {
        var generator = SeededGenerator(seed: 0xF17)
        for _ in 0..<300 {
            let count = Int.random(in: 0...60, using: &generator)
            let height = Int.random(in: 1...30, using: &generator)
            let width = Int.random(in: 1...30, using: &generator)
            let lines = numbered(count)
            let fitted = TextLayout.fit(lines: lines, height: height, width: width)
            #expect(fitted.count == min(count, height))
            guard count > height else { continue }
            if height == 1 {
                // One row shows the first line, not a count alone; the count follows at the row's
                // end when it fits after a gap.
                let line = fitted[0]
                #expect(line.margin == lines[0].margin && Array(line.content.prefix(lines[0].content.count)) == lines[0].content)
                #expect(line.width <= width)
                let extra = line.content.dropFirst(lines[0].content.count).map(\.text).joined()
                if lines[0].width + 2 + "…\(count - 1)".count <= width {
                    #expect(extra.hasSuffix("…\(count - 1)") || extra.hasSuffix("… \(count - 1) more") || extra.hasSuffix("more lines"))
                    #expect(line.width == width && extra.hasPrefix("  "), "the count at the right end, after a gap")
                } else if lines[0].width + 3 > width {
                    #expect(extra.isEmpty, "no room: the line alone")
                }
                continue
            }
            #expect(Array(fitted.dropLast()) == Array(lines.prefix(height - 1)))
            let hidden = count - (height - 1)
            let last = fitted.last!
            #expect(last.width <= width && last.text.count == last.width)
            if width >= 20 { #expect(last.text == "… \(hidden) more lines") }
            if width >= 3 { #expect(last.text.contains(String(hidden))) }
        }
    }

    /// A one-row card whose first line fills the row cuts it to say how much more there is: after
    /// a word when that keeps most of the row, else inside the word (its "…" then right after it),
    /// with room for "… 11 more" where that leaves half the row to the line (a bare "…2" after a
    /// cut line read as part of it: a user asked what it was), else "…11" after a whole word; too
    /// narrow a row keeps the line.
    @Test func aFullOneRowLineMakesRoomForTheCount() {
        func line(_ text: String) -> LaidLine { LaidLine(content: [TextSpan(text)], width: CharacterWidth.of(text)) }
        let rest = (0..<11).map { line("more \($0)") }
        func fitted(_ first: String, width: Int) -> String {
            TextLayout.fit(lines: [line(first)] + rest, height: 1, width: width, cellWidth: CharacterWidth.of)[0].text
        }
        // The count right after the cut: a gap after "and" read as the end of the line.
        #expect(fitted("Buy milk, eggs and bread", width: 24) == "Buy milk, eggs … 11 more")
        // A word cut in two takes the count's "…" as its mark: "Grocerie … 5 more" read as a
        // whole word (helper-34).
        // (It takes the cell the space would have.)
        #expect(fitted("Supercalifragilisticexpialidocious", width: 24) == "Supercalifragil… 11 more")
        #expect(fitted("Extraordinarily long words", width: 20) == "Extraordina… 11 more")
        #expect(fitted("Groceries for the week", width: 19) == "Groceries … 11 more", "a cut at a space keeps its space")
        #expect(fitted("日本語のテキストがここにあります", width: 24) == "日本語のテキス… 11 more")
        // Too narrow a row for "… 11 more" and half of it to the line: "…11".
        #expect(fitted("Buy milk, eggs and bread", width: 17) == "Buy milk, …11")
        #expect(fitted("Buy milk, eggs.", width: 15) == "Buy milk, …", "narrower than cutWidth: no count, but a mark")
        // Nor "…11" glued to a word cut in two ("Day 1: throug…499" read as one word: helper-39):
        // the readable count after the last whole word that leaves room for it.
        #expect(fitted("Day 1: throughout the window", width: 18) == "Day 1: … 11 more")
        #expect(fitted("Extraordinarily long words", width: 18) == "Extraordi… 11 more", "no whole word to keep: the word cut shorter")
        // A line that leaves room for "…11" only, at the row's end, is cut for "… 11 more" where that
        // keeps half the row (helper-53: `def fib(n):     …9` was no word of the card); a row too
        // narrow for that keeps the short form.
        #expect(fitted("def fib(n):", width: 20) == "def fib(n)… 11 more", "\(fitted("def fib(n):", width: 20))")
        #expect(fitted("def fib(n):", width: 18) == "def fib(n):    …11", "the count would leave the line less than half")
        #expect(fitted("Call Dana", width: 24) == "Call Dana      … 11 more", "room for it: at the row's end")
        #expect(fitted("Buy milk", width: 14) == "Buy milk   …11", "narrower than cutWidth")
        // A line one or two cells short of the row: the count keeps its number ("…", alone, said nothing).
        #expect(fitted("Buy milk, eggs and b", width: 24) == "Buy milk, eggs … 11 more")
        #expect(fitted("Buy milk, eggs and br", width: 24) == "Buy milk, eggs … 11 more")
        // A margin wider than the room is not cut into (it crashed: a negative count of spaces).
        let quoted = LaidLine(margin: [TextSpan("| | | | | ")], content: [TextSpan("deep")], width: 14)
        let deep = TextLayout.fit(lines: [quoted] + rest, unlaid: 100_000, height: 1, width: 17, ascii: true, cellWidth: CharacterWidth.of)
        #expect(deep.count == 1 && deep[0].width <= 17)
        // Without widths to count with, the line is never cut.
        #expect(TextLayout.fit(lines: [line("Buy milk, eggs and bread")] + rest, height: 1, width: 24)[0].text == "Buy milk, eggs and bread")
    }

    /// A card of one row shows its first paragraph or line unwrapped, as much as fits: a single
    /// long line (a line of `ls -l`) is cut at the edge with "…" (wrapped, the row showed its first
    /// words and "…1"); with more lines the count of them follows; after a cut at a word the count
    /// takes the longest form that fits the room left.
    @Test func oneRowShowsTheLineUnwrapped() {
        func line(_ text: String) -> LaidLine { LaidLine(content: [TextSpan(text)], width: CharacterWidth.of(text)) }
        let listing = "lrwxrwxrwx 1 root root 28 Feb 17 2023 FileCheck-14 -> ../lib/llvm-14/bin/FileCheck"
        let cut = TextLayout.oneRow(line(listing), more: 0, width: 40, ascii: false, cellWidth: CharacterWidth.of)
        #expect(cut?.text == "lrwxrwxrwx 1 root root 28 Feb 17 2023 …")
        #expect(cut?.width == 39)
        #expect(TextLayout.oneRow(line(listing), more: 0, width: 30, ascii: true, cellWidth: CharacterWidth.of)?.text == "lrwxrwxrwx 1 root root 28 ...")
        // Cut inside a word where a cut at a space would lose too much of the row.
        #expect(TextLayout.oneRow(line("a " + String(repeating: "x", count: 40)), more: 0, width: 20, ascii: false, cellWidth: CharacterWidth.of)?.text
            == "a " + String(repeating: "x", count: 17) + "…")
        #expect(TextLayout.oneRow(line("short"), more: 0, width: 40, ascii: false, cellWidth: CharacterWidth.of) == line("short"))
        #expect(TextLayout.oneRow(line(listing), more: 2, width: 40, ascii: false, cellWidth: CharacterWidth.of)?.text
            == "lrwxrwxrwx 1 root root 28 Feb … 2 more")
        #expect(TextLayout.oneRow(line(listing), more: 0, width: 15, ascii: false, cellWidth: CharacterWidth.of)?.text == "lrwxrwxrwx 1 …")
        // A margin (a deep quote) too wide to cut after: nil, not a line wider than the row.
        let deep = LaidLine(margin: [TextSpan(String(repeating: "| ", count: 9))], content: [TextSpan(listing)], width: 18 + listing.count)
        for more in [0, 3] {
            #expect(TextLayout.oneRow(deep, more: more, width: 18, ascii: true, cellWidth: CharacterWidth.of) == nil)
        }
        // The count after a cut at a word: "… 3 more" where it fits, not "…3".
        let rest = (0..<3).map { line("more \($0)") }
        #expect(TextLayout.fit(lines: [line("Buy milk, eggs and extraordinarily")] + rest, height: 1, width: 30,
                               cellWidth: CharacterWidth.of)[0].text == "Buy milk, eggs and … 3 more")
    }

    /// With the text's own lines to count in, a card says how many of them follow what it shows
    /// (those begun below it, not the one it cut), and how many are above: three long lines
    /// wrapped into many rows are three lines; a table's row that wraps is one; a cut code line is
    /// one; a blank line is one. Only the rest of the line shown left: a bare "…".
    @Test func hiddenLinesAreCountedInTheTextsOwnLines() {
        let long = "a line with many words in it that wraps into several rows on a narrow card"
        let prose = TextDocument(plainText: [long, long, long].joined(separator: "\n"))
        let laid = TextLayout.lines(for: prose, width: 20, cellWidth: CharacterWidth.of)
        #expect(laid.count > 9)
        let source = SourceLines(laid: laid)
        #expect(source.count == 3)
        let fitted = TextLayout.fit(lines: laid, height: 6, width: 20, source: source)
        #expect(fitted.last?.text == "… 2 more lines", "\(fitted.map(\.text))")
        #expect(TextLayout.fit(lines: laid, height: 6, width: 20).last?.text == "… \(laid.count - 5) more lines", "rows, without")
        // The rest of the last line alone: a bare mark.
        let tail = laid.count - 2
        #expect(TextLayout.fit(lines: laid, height: tail + 1, width: 20, source: source).last?.text == "…")
        // Scrolled: the lines wholly above, and the lines begun below.
        let from = laid.indices.first { $0 > 0 && laid[$0].beginsLine }! + 1
        let scrolled = TextLayout.fit(lines: laid, from: from, height: 4, width: 20, source: source)
        #expect(scrolled.first?.text == "↑ 1 line above" && scrolled.last?.text == "… 1 more line", "\(scrolled.map(\.text))")
        #expect(source.lastShown(through: laid.count - 1) == 2 && source.above(0) == 0)

        let code = TextDocument(code: (1...8).map { "let value\($0) = compute(\($0)) // a comment long enough to be cut" }.joined(separator: "\n\n"))
        let codeLaid = TextLayout.lines(for: code, width: 20, cellWidth: CharacterWidth.of)
        #expect(codeLaid.count == 15 && SourceLines(laid: codeLaid).count == 15, "cut code rows and blank lines are lines")
        #expect(TextLayout.fit(lines: codeLaid, height: 5, width: 20, source: SourceLines(laid: codeLaid)).last?.text == "… 11 more lines")

        let table = TextTable(header: [[TextSpan("name")], [TextSpan("note")]],
                              body: (1...6).map { [[TextSpan("row\($0)")], [TextSpan("a note that wraps in its column")]] },
                              alignments: [.left, .left])
        let tableLaid = TextLayout.lines(for: TextDocument(blocks: [.table(table, margin: Margin())]), width: 24, cellWidth: CharacterWidth.of)
        #expect(tableLaid.count > 10 && SourceLines(laid: tableLaid).count == 7, "the header and six rows: \(tableLaid.map(\.text))")
    }

    /// Lines laid out before the text's own (a title two rows long, in the lyrics look) are no line
    /// of it: the text's first row begins its first line rather than going on with the title's
    /// (helper-33: a 3-line note under a wrapped title said "… 2 more lines"); lines before the
    /// first laid out and after the last are counted too.
    @Test func sourceLinesKnowTheTitleAndTheLinesNotLaidOut() {
        func row(_ text: String, begins: Bool) -> LaidLine {
            var line = LaidLine(content: [TextSpan(text)], width: text.count)
            line.beginsLine = begins
            return line
        }
        let laid = [row("A title long", begins: true), row("enough to wrap", begins: true),
                    row("first line", begins: true), row("goes on", begins: false), row("second", begins: true), row("third", begins: true)]
        let source = SourceLines(laid: laid, leading: 2)
        #expect(source.count == 3)
        #expect(source.from(2) == 3 && source.from(3) == 2 && source.from(4) == 2 && source.above(4) == 1)
        #expect(TextLayout.fit(lines: laid, height: 3, width: 20, source: source).last?.text == "… 3 more lines")
        let offset = SourceLines(laid: Array(laid.dropFirst(2)), skipped: 3, unlaid: 10)
        #expect(offset.count == 16 && offset.above(0) == 3 && offset.above(2) == 4 && offset.from(4) == 10)
        // A table's first record begins two lines: the header's and its own.
        var first = row("name: Ada", begins: true)
        first.linesBegun = 2
        #expect(SourceLines(laid: [first, row("city: London", begins: false), row("", begins: false), row("name: Linus", begins: true)]).count == 3)
    }

    /// A row too narrow for a count still says that the card holds more than it shows: a bare
    /// "…" after the words that fit (a 10-column row showed "Links to" for a 4-line note, which
    /// read as the whole note), or inside a word where no word ends late enough. Nothing is
    /// hidden: the line is left as it is.
    @Test func aNarrowRowMarksWhatItHides() {
        func line(_ text: String) -> LaidLine { LaidLine(content: [TextSpan(text)], width: CharacterWidth.of(text)) }
        func row(_ text: String, more: Int, width: Int, ascii: Bool = false) -> String? {
            TextLayout.oneRow(line(text), more: more, width: width, ascii: ascii, cellWidth: CharacterWidth.of)?.text
        }
        #expect(row("Links to read", more: 3, width: 10) == "Links to …")
        #expect(row("Shopping list", more: 4, width: 10) == "Shopping …")
        #expect(row("Hi", more: 1, width: 10) == "Hi …", "the whole line, and the mark after it")
        #expect(row("Café naïve résumé", more: 0, width: 10) == "Café naïv…")
        #expect(row("Links to read", more: 3, width: 10, ascii: true) == "Links ...")
        #expect(row("Short", more: 0, width: 10) == "Short")
        #expect(row("日本語のテキスト", more: 1, width: 10) == "日本語の…")
        // Every row keeps to its width.
        for width in 1...16 {
            for more in [0, 2] {
                let shown = TextLayout.oneRow(line("Supercalifragilistic and more"), more: more, width: width, ascii: false, cellWidth: CharacterWidth.of)
                #expect((shown == nil) == (width < 2), "a row of one cell cannot hold a letter and the mark")
                if let shown {
                    #expect(shown.width <= width && CharacterWidth.of(shown.text) == shown.width)
                    #expect(shown.text.contains("…"))
                }
            }
        }
        // The same through `fit`, which a big text's one-row card and the narrowest rows use.
        let rest = (0..<3).map { line("more \($0)") }
        #expect(TextLayout.fit(lines: [line("Links to")] + rest, height: 1, width: 10, cellWidth: CharacterWidth.of)[0].text == "Links to …")
    }

    /// The first line holding a match, or where a match the wrap split begins: two words on two
    /// lines, a word the layout broke (its hyphen left out), a hyphenated word broken after its
    /// own hyphen; a match within one line is found on that line.
    @Test func firstLineFindsAMatchSplitByTheWrap() throws {
        func find(_ query: String) -> ([Character]) -> [Range<Int>] {
            { characters in
                let text = Array(query)
                return characters.indices.compactMap { i in
                    i + text.count <= characters.count && Array(characters[i..<i + text.count]) == text ? i..<(i + text.count) : nil
                }
            }
        }
        let laid = TextLayout.lines(for: TextDocument(plainText: "call the plumber about the kitchen tap today, a well-understood extraordinarily"),
                                    width: 10, cellWidth: CharacterWidth.of)
        let texts = laid.map(\.text)
        let kitchen = try #require(texts.firstIndex { $0.hasSuffix("kitchen") }, "\(texts)")
        #expect(!texts[kitchen].contains("tap"))
        #expect(TextLayout.firstLine(in: laid, matching: find("kitchen tap")) == kitchen)
        #expect(TextLayout.firstLine(in: laid, matching: find("tap")) == kitchen + 1)
        let known = try #require(texts.firstIndex { $0.hasSuffix("well-") }, "\(texts)")
        #expect(TextLayout.firstLine(in: laid, matching: find("well-understood")) == known)
        let broken = try #require(texts.firstIndex { $0.hasPrefix("extraordi") }, "\(texts)")
        #expect(texts[broken].hasSuffix("-"), "\(texts)")
        #expect(TextLayout.firstLine(in: laid, matching: find("extraordinarily")) == broken)
        #expect(TextLayout.firstLine(in: laid, matching: find("plumber tap")) == nil)
        // A word broken with no mark: before a bracket, after an address's slash.
        let unmarked = TextLayout.lines(for: TextDocument(plainText: "see Carousel[1] at https://example.org/guide"),
                                        width: 10, cellWidth: CharacterWidth.of)
        let carousel = try #require(unmarked.map(\.text).firstIndex { $0.hasSuffix("Carousel") }, "\(unmarked.map(\.text))")
        #expect(TextLayout.firstLine(in: unmarked, matching: find("Carousel[1]")) == carousel)
        let address = try #require(unmarked.map(\.text).firstIndex { $0.hasSuffix("https://") }, "\(unmarked.map(\.text))")
        #expect(TextLayout.firstLine(in: unmarked, matching: find("https://example")) == address)
        // Thai broken between letters, with no space to put back.
        let thai = TextLayout.lines(for: TextDocument(plainText: "ภาษาไทยเป็นภาษาราชการของประเทศไทย"), width: 17, cellWidth: CharacterWidth.of)
        let thaiSplit = try #require(thai.map(\.text).indices.first { i in
            i + 1 < thai.count && !thai[i].text.contains("ราชการ") && !thai[i + 1].text.contains("ราชการ")
                && (thai[i].text + thai[i + 1].text).contains("ราชการ")
        }, "\(thai.map(\.text))")
        #expect(TextLayout.firstLine(in: thai, matching: find("ราชการ")) == thaiSplit, "\(thai.map(\.text))")
        // And one the wrap split at a space between Thai phrases (both joins are tried).
        let phrases = TextLayout.lines(for: TextDocument(plainText: "ภาษาไทย ครับผม"), width: 9, cellWidth: CharacterWidth.of)
        let spaced = try #require(phrases.indices.first { phrases[$0].text.hasSuffix("ย") && phrases.indices.contains($0 + 1) && phrases[$0 + 1].text.hasPrefix("ค") },
                                  "\(phrases.map(\.text))")
        #expect(TextLayout.firstLine(in: phrases, matching: find("ย ค")) == spaced)
        // And before a Windows path's backslash (helper-42: found when the word broke with a hyphen).
        let path = TextLayout.lines(for: TextDocument(plainText: "C:\\Users\\Zoë\\Documents\\Projets"), width: 16, cellWidth: CharacterWidth.of)
        #expect(path.map(\.text) == ["C:\\Users\\Zoë", "\\Documents", "\\Projets"])
        #expect(TextLayout.firstLine(in: path, matching: find("Documents\\Projets")) == 1)

        // Where n and N go in a zoom: the next line after one, the last before one, by the same
        // reading (the kitchen tap split by the wrap is found on its first line both ways).
        let taps = TextLayout.lines(for: TextDocument(plainText: "tap one\nnothing\nthe kitchen tap\nnothing\ntap two"),
                                    width: 12, cellWidth: CharacterWidth.of)
        let tapTexts = taps.map(\.text)
        let split = try #require(tapTexts.firstIndex { $0.hasSuffix("kitchen") }, "\(tapTexts)")
        #expect(TextLayout.nextLine(in: taps, after: 0, matching: find("kitchen tap")) == split)
        #expect(TextLayout.nextLine(in: taps, after: 0, matching: find("tap")) == split + 1, "\(tapTexts)")
        #expect(TextLayout.nextLine(in: taps, after: split + 1, matching: find("tap")) == taps.count - 1)
        #expect(TextLayout.nextLine(in: taps, after: taps.count - 1, matching: find("tap")) == nil)
        #expect(TextLayout.previousLine(in: taps, before: taps.count - 1, matching: find("kitchen tap")) == split)
        #expect(TextLayout.previousLine(in: taps, before: split, matching: find("tap")) == 0)
        #expect(TextLayout.previousLine(in: taps, before: 0, matching: find("tap")) == nil)
        #expect(TextLayout.previousLine(in: taps, before: taps.count + 5, matching: find("two")) == taps.count - 1)
    }

    @Test func asciiSaysItWithDots() {
        let fitted = TextLayout.fit(lines: numbered(15), height: 4, width: 40, ascii: true)
        #expect(fitted.last?.text == "... 12 more lines")
    }

    @Test func noRowsNoLines() {
        #expect(TextLayout.fit(lines: numbered(3), height: 0, width: 10).isEmpty)
    }

    /// A big text's card lays out only its first lines: they are the full layout's first lines, enough
    /// to fill the card and show that more follow, and code rows not laid out are counted exactly.
    @Test func theHeadOfALayoutIsItsFirstLines() {
        var random = RandomText(seed: 0x4EAD)
        for _ in 0..<200 {
            var blocks: [TextBlock] = []
            for _ in 0..<random.int(0...12) {
                switch random.int(0...3) {
                case 0: blocks.append(.code(lines: (0..<random.int(0...40)).map { "row \($0) " + random.word() }))
                case 1: blocks.append(.blank())
                default: blocks.append(.paragraph([TextSpan(random.paragraph(hardBreaks: random.int(0...1) == 1))]))
                }
            }
            let document = TextDocument(blocks: blocks)
            let width = random.int(1...40), rows = random.int(1...30)
            let all = TextLayout.lines(for: document, width: width, cellWidth: CharacterWidth.of)
            let head = TextLayout.head(for: document, width: width, rows: rows, cellWidth: CharacterWidth.of)
            #expect(Array(all.prefix(head.lines.count)) == head.lines)
            #expect(head.lines.count >= min(rows + 1, all.count), "enough to fill the card and show there is more")
            #expect((head.unlaid > 0) == (head.lines.count < all.count))
            if blocks.allSatisfy({ if case .paragraph = $0 { return false } else { return true } }) {
                #expect(head.lines.count + head.unlaid == all.count, "code rows and blanks are a line each")
            }
            // Fitted to the card, the head and the whole layout show the same first lines.
            let fromHead = TextLayout.fit(lines: head.lines, unlaid: head.unlaid, height: rows, width: width)
            let fromAll = TextLayout.fit(lines: all, height: rows, width: width)
            #expect(fromHead.count == fromAll.count && Array(fromHead.dropLast()) == Array(fromAll.dropLast()))
        }
    }

    /// A big table's card lays out its header and the rows it needs, in the columns those rows need
    /// (laying 12,000 rows out for every width a growing card passes through stalled Scaled mode for
    /// seconds), and counts the rest.
    @Test func theHeadOfABigTableIsItsFirstRows() {
        let rows: [[[TextSpan]]] = (0..<3_000).map { [[TextSpan("\($0)")], [TextSpan("name \($0)")]] }
        let table = TextTable(header: [[TextSpan("id")], [TextSpan("name")]], body: rows, alignments: [.right, .left])
        let document = TextDocument(blocks: [.paragraph([TextSpan("Intro")]), .table(table, margin: .none)])
        #expect(TextLayout.isBig(document))
        let head = TextLayout.head(for: document, width: 30, rows: 5, cellWidth: CharacterWidth.of)
        #expect(head.lines.map(\.text) == ["Intro", "id | name  ", "---+-------", " 0 | name 0", " 1 | name 1", " 2 | name 2", " 3 | name 3", " 4 | name 4"])
        #expect(head.unlaid == 3_001 - 6, "the rows not laid out (the header and five were)")
        let all = TextLayout.lines(for: document, width: 30, cellWidth: CharacterWidth.of)
        #expect(head.lines.count + head.unlaid == all.count, "rows of one line each: the count is exact")
        // (The whole table's columns are as wide as its widest cells, "2999": the zoom shows them so.)
        #expect(all[1].text == "  id | name     ")
        let fitted = TextLayout.fit(lines: head.lines, unlaid: head.unlaid, height: 5, width: 30)
        #expect(fitted.last?.text == "… 2999 more lines")
    }

    /// A text is big (laid out by its head on a card, once in the zoom) by its lines or by its
    /// bytes: a hundred lines of 10,000 characters wrap into some 10,000 lines.
    @Test func aTextIsBigByItsLinesOrItsBytes() {
        let short = String(repeating: "word ", count: 8)
        let long = String(repeating: "word ", count: 2_000)
        #expect(!TextLayout.isBig(TextDocument(code: Array(repeating: short, count: 2_000).joined(separator: "\n"))))
        #expect(TextLayout.isBig(TextDocument(code: Array(repeating: short, count: 2_001).joined(separator: "\n"))))
        #expect(!TextLayout.isBig(TextDocument(blocks: Array(repeating: .paragraph([TextSpan(long)]), count: 20))))
        #expect(TextLayout.isBig(TextDocument(blocks: Array(repeating: .paragraph([TextSpan(long)]), count: 100))))
        #expect(TextLayout.isBig(TextDocument(code: Array(repeating: long, count: 100).joined(separator: "\n"))))
        #expect(!TextLayout.isBig(TextDocument(blocks: [])))
    }

    /// A place in a text is kept from one width to another by the text's own characters, not by
    /// what the layout adds at each width: rules between paragraphs (as wide as the line), the mark
    /// that starts a continued code row, the hyphen of a broken word (review finding: 40 short
    /// paragraphs between rules put paragraph 30 at width 100 past the end at width 40).
    @Test func aPlaceIsKeptAcrossRulesAndContinuedCodeRows() {
        var blocks: [TextBlock] = []
        for k in 1...40 {
            blocks.append(.paragraph([TextSpan("p\(k)a p\(k)b p\(k)c unbreakablewordthatislongerthanthenarrowline\(k) p\(k)d")]))
            blocks.append(.rule())
        }
        let prose = TextDocument(blocks: blocks)
        var code: [String] = []
        for k in 1...60 { code.append("c\(k)x " + (1...30).map { "t\(k)y\($0)" }.joined(separator: " ")) }
        for document in [prose, TextDocument(code: code.joined(separator: "\n"))] {
            for (from, to) in [(100, 40), (40, 100), (100, 23), (23, 61)] {
                let old = TextLayout.lines(for: document, width: from, wrapsCode: true, cellWidth: CharacterWidth.of)
                let new = TextLayout.lines(for: document, width: to, wrapsCode: true, cellWidth: CharacterWidth.of)
                // Every line that starts a paragraph or a code line maps to the line that starts it there.
                for (i, line) in old.enumerated() {
                    let words = line.content.filter { $0.style.role != .decoration }.map(\.text).joined().split(separator: " ")
                    guard let word = words.first, word.hasSuffix("a") || word.hasSuffix("x") else { continue }
                    let j = TextLayout.line(at: i, of: old, in: new)
                    #expect(j < new.count && new[j].text.contains(word), "\(from) -> \(to): \(word) at \(i) -> \(j < new.count ? new[j].text : "past the end")")
                }
            }
        }
    }
}
