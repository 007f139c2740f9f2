@testable import CarouselRender
import CarouselCanvas
import CarouselCards
import CarouselText
import Synchronization
import Testing

/// Where a text card on the strip opens while a search is on (`CellCache.opening`).
@Suite struct OpensAtTests {
    /// A search for `word` (case as typed): where it stands in a line's characters.
    static func seeking(_ word: String, generation: Int) -> CardPainter.Seek {
        CardPainter.Seek(find: { characters in
            let text = String(characters)
            guard let range = text.range(of: word) else { return [] }
            let start = text.distance(from: text.startIndex, to: range.lowerBound)
            return [start..<(start + word.count)]
        }, generation: generation)
    }

    /// A card of any height from three rows shows its first match (a card of three rows shows one
    /// line: the review found it opened on the line above the match), and the text is searched
    /// once for its width, not again for every height a card passes through in Scaled mode.
    @Test func everyHeightShowsTheMatchAndTheTextIsSearchedOncePerWidth() {
        var lines = (1...20).map { "row \($0)" }
        lines[8] = "the needle"
        let card = Card(id: "n", title: "n", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))
        guard case .text(let document) = card.content else { return }
        let calls = Mutex(0)
        let seek = CardPainter.Seek(find: { characters in
            calls.withLock { $0 += 1 }
            return String(characters).contains("needle") ? [0..<1] : []
        }, generation: 1)
        var cache = CellCache()
        for width in [20, 12] {
            calls.withLock { $0 = 0 }
            for height in 1...14 {
                let first = cache.opening(document, of: card, index: 0, width: width, height: height, title: false, ascii: false, seek: seek).first
                let all = TextLayout.lines(for: document, width: width, cellWidth: CharacterWidth.of)
                let shown = TextLayout.fit(lines: all, from: first, height: height, width: width)
                #expect(shown.contains { $0.text.contains("needle") }, "\(width) x \(height): opens at \(first): \(shown.map(\.text))")
            }
            // (Each line up to the match is sought in, and with the next line joined to it: a match split by the wrap.)
            #expect(calls.withLock { $0 } <= 2 * 9, "\(width): the text searched once (up to its match), not once per height")
        }
    }

    /// A card of one row (the lyrics at 80x24) shows the line holding the match, unwrapped and cut
    /// at the edge, with the count of the lines after it: it showed the text's first line.
    @Test func aCardOfOneRowShowsTheMatchsLine() {
        var lines = (1...20).map { "row \($0) of a text whose lines are longer than the card" }
        lines[8] = "the needle in a line long enough to be cut at the edge"
        let card = Card(id: "n", title: "n", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))
        guard case .text(let document) = card.content else { return }
        let seek = CardPainter.Seek(find: { String($0).contains("needle") ? [0..<1] : [] }, generation: 1)
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        var cache = CellCache()
        for width in [30, 50] {
            let first = cache.opening(document, of: card, index: 0, width: width, height: 1, title: false, ascii: false, seek: seek).first
            let cells = cache.text(document, of: card, index: 0, width: width, height: 1, first: first, title: false, painter: painter)
            let row = String(cells.cells.map(\.glyph))
            #expect(row.hasPrefix("the needle in a") && row.contains("… 11 more"), "\(width): \(row)")
        }
        // Without a search, the first line.
        let cells = cache.text(document, of: card, index: 0, width: 30, height: 1, title: false, painter: painter)
        #expect(String(cells.cells.map(\.glyph)).hasPrefix("row 1 of"))
    }

    /// A match past the cut of a code line (code is cut at the card's edge, not wrapped) is
    /// scrolled into sight: the line shows from a little before it, after a cut mark; the other
    /// lines and a card with no search are as they were (helper-18, helper-20: the card opened at
    /// the line, the match out of sight).
    @Test func aMatchPastACodeLinesCutIsScrolledIntoSight() {
        var rows = (1...30).map { "    let value\($0) = compute(\($0))" }
        rows[14] = "    let flags = \"--enable-experimental-feature StrictConcurrency --enable-upcoming-feature NeedleAny -Xswiftc\""
        let card = Card(id: "c", title: "c", content: .text(TextDocument(code: rows.joined(separator: "\n"))))
        guard case .text(let document) = card.content else { return }
        let seek = Self.seeking("NeedleAny", generation: 3)
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        for (width, height) in [(30, 10), (14, 6), (60, 4)] {
            var cache = CellCache()
            let (first, cut) = cache.opening(document, of: card, index: 0, width: width, height: height, title: false, ascii: false, seek: seek)
            #expect(cut?.own == 14, "\(width)")
            let cells = cache.text(document, of: card, index: 0, width: width, height: height, first: first, title: false,
                                   seeking: seek, cut: cut, painter: painter)
            let shown = (0..<height).map { y in String(cells.cells[(y * width)..<((y + 1) * width)].map(\.glyph)) }
            let row = shown.first { $0.hasPrefix("…") } ?? ""
            #expect(row.contains("NeedleAny"), "\(width)x\(height): the whole match: \(shown)")
            #expect(row.hasSuffix("…") || row.reversed().drop { $0 == " " }.first == "\"", "cut at the end, or the line's end: \(row)")
            // (Their four columns of indentation two on a card narrower than 40 columns.)
            #expect(shown.contains { $0.hasPrefix(width < 40 ? "  let value" : "    let value") }, "the other lines as they are: \(shown)")
            // Without the search the same line is cut at the edge, as code is.
            let plain = cache.text(document, of: card, index: 0, width: width, height: height, first: first, title: false, painter: painter)
            let plainRows = (0..<height).map { y in String(plain.cells[(y * width)..<((y + 1) * width)].map(\.glyph)) }
            #expect(!plainRows.contains { $0.contains("Needle") }, "\(plainRows)")
        }
    }

    /// The first match comes first even when it is past its line's cut and a later line shows one
    /// within the card's width (helper-31: the card showed line 51's `*width`, `e` opened at line
    /// 31's `int *width`, which the card never showed).
    @Test func aMatchPastACutBeforeAVisibleOneComesFirst() {
        var rows = (1...60).map { "line \($0)" }
        rows[30] = "void cs_size(int *width, int *height) {"
        rows[50] = "    *width = x;"
        let card = Card(id: "c", title: "c", content: .text(TextDocument(code: rows.joined(separator: "\n"))))
        guard case .text(let document) = card.content else { return }
        let seek = Self.seeking("width", generation: 5)
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        var cache = CellCache()
        let (width, height) = (11, 8)
        let (first, cut) = cache.opening(document, of: card, index: 0, width: width, height: height, title: false, ascii: false, seek: seek)
        #expect(cut?.own == 30)
        let cells = cache.text(document, of: card, index: 0, width: width, height: height, first: first, title: false,
                               seeking: seek, cut: cut, painter: painter)
        let shown = (0..<height).map { y in String(cells.cells[(y * width)..<((y + 1) * width)].map(\.glyph)) }
        #expect(shown.contains { $0.hasPrefix("…") && $0.contains("width") }, "\(shown)")
        #expect(!shown.contains { $0.contains("*width =") }, "not the later match: \(shown)")
    }

    /// A match past a code line's cut is found under a table shown as records too, where the
    /// laid lines no longer begin one of the text's lines each (helper-39: the card stayed at its
    /// top, "Item: Timber / €: 420 / … 4 more", and never showed `zebra`).
    @Test func aMatchPastACutUnderATableShownAsRecordsIsScrolledTo() {
        let table = TextTable(header: [[TextSpan("Item")], [TextSpan("€")]],
                              body: [[[TextSpan("Timber")], [TextSpan("420")]], [[TextSpan("Felt")], [TextSpan("65")]],
                                     [[TextSpan("Total")], [TextSpan("485")]]],
                              alignments: [.left, .right])
        let document = TextDocument(blocks: [.table(table), .blank(), .code([[TextSpan("first = 0")], [TextSpan("second = 0 and then zebra = 1")]])])
        let card = Card(id: "t", title: "t", content: .text(document))
        let seek = Self.seeking("zebra", generation: 7)
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        var cache = CellCache()
        let (width, height) = (11, 8)
        let (first, cut) = cache.opening(document, of: card, index: 0, width: width, height: height, title: false, ascii: false, seek: seek)
        #expect(cut != nil)
        #expect(cache.lines(document, of: card, index: 0, width: width, title: false, ascii: false).first?.text == "Item:", "records")
        let cells = cache.text(document, of: card, index: 0, width: width, height: height, first: first, title: false,
                               seeking: seek, cut: cut, painter: painter)
        let shown = (0..<height).map { y in String(cells.cells[(y * width)..<((y + 1) * width)].map(\.glyph)) }
        #expect(shown.contains { $0.hasPrefix("…") && $0.contains("zebra") }, "\(shown)")
    }

    /// Only a row the wrap broke goes on below it: a code line ending in a hyphen (`-*-`) is no
    /// word broken in two, which a cut would hide whole with the row below (helper-31: `-*-`
    /// vanished where a card in front hid the start of the next line).
    @Test func onlyWrappedRowsGoOnBelow() {
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        var cache = CellCache()
        let code = Card(id: "c", title: "c", content: .text(TextDocument(code: "# -*- coding: utf-8 -*-\nabc a-\nnext")))
        let prose = Card(id: "p", title: "p", content: .text(TextDocument(plainText: "Extraordinary things happen")))
        guard case .text(let codeText) = code.content, case .text(let proseText) = prose.content else { return }
        let codeCells = cache.text(codeText, of: code, index: 0, width: 10, height: 4, first: 0, title: false, painter: painter)
        #expect(codeCells.continues == [false, false, false], "three lines, none going on")
        let proseCells = cache.text(proseText, of: prose, index: 1, width: 8, height: 4, first: 0, title: false, painter: painter)
        let rows = (0..<4).map { y in String(proseCells.cells[(y * 8)..<((y + 1) * 8)].map(\.glyph)) }
        #expect(proseCells.continues.prefix(2) == [true, true], "the wrap broke the word: \(rows)")
        // A card in front hiding the second row's start: the code line's end stays; the broken
        // word's head goes with its tail.
        func painted(_ cells: TextCells) -> [String] {
            var canvas = Canvas(width: cells.width, height: cells.height)
            for y in 0..<cells.height { for x in 0..<cells.width { canvas.putPrepared(cells.cells[y * cells.width + x], x: x, y: y, within: cells.width) } }
            var covered = painter
            covered.covers = [CellRect(x: 0, y: 1, width: 3, height: 1)]
            covered.eraseCutWords(of: cells, at: CellRect(x: 0, y: 0, width: cells.width, height: cells.height), fill: .plain, on: &canvas)
            return canvas.lines()
        }
        let codeRows = painted(cache.text(TextDocument(code: "abc a-\nnextline"), of: Card(id: "d", title: "d", content: .text(TextDocument(code: "abc a-\nnextline"))),
                                          index: 2, width: 10, height: 2, first: 0, title: false, painter: painter))
        #expect(codeRows[0].hasPrefix("abc a-"), "\(codeRows)")
        let proseRows = painted(proseCells)
        #expect(rows[0].hasSuffix("-") && !proseRows[0].contains("Extra"), "before: \(rows), after: \(proseRows)")
        // A rule of dashes is no word: what is in sight of it stays (helper-85: a table's
        // `-----+----` cut by the screen's edge was hidden whole); a hyphenated word still goes.
        let ruled = TextDocument(code: "x-ray a\n-----+----\nab --pick")
        let ruleRows = painted(cache.text(ruled, of: Card(id: "r", title: "r", content: .text(ruled)), index: 3, width: 10, height: 3,
                                          first: 0, title: false, painter: painter))
        #expect(ruleRows[1] == "-----+----", "\(ruleRows)")
        var pick = painter
        pick.covers = [CellRect(x: 5, y: 2, width: 5, height: 1)]
        var canvas = Canvas(width: 10, height: 3)
        let rows3 = cache.text(ruled, of: Card(id: "r", title: "r", content: .text(ruled)), index: 3, width: 10, height: 3, first: 0, title: false, painter: painter)
        for y in 0..<3 { for x in 0..<10 { canvas.putPrepared(rows3.cells[y * 10 + x], x: x, y: y, within: 10) } }
        pick.eraseCutWords(of: rows3, at: CellRect(x: 0, y: 0, width: 10, height: 3), fill: .plain, on: &canvas)
        #expect(canvas.lines()[2] == "ab   pick ", "an option's two dashes are its word's: \(canvas.lines())")
    }

    /// A Chinese or Japanese character is a word of its own, but a mark that closes it (`:`, `、`)
    /// goes with it where a card in front hides it (helper-89 read `: 寿司` for `名前: 寿司`, and a
    /// row beginning `、`); a Latin word's own colon goes with its word as before.
    @Test func aClosingMarkGoesWithTheCharacterACutHides() {
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        var cache = CellCache()
        let text = TextDocument(code: "名前: 寿司\n料理、酢飯\nName: sushi")
        let cells = cache.text(text, of: Card(id: "j", title: "j", content: .text(text)), index: 0, width: 12, height: 3,
                               first: 0, title: false, painter: painter)
        var canvas = Canvas(width: 12, height: 3)
        for y in 0..<3 { for x in 0..<12 { canvas.putPrepared(cells.cells[y * 12 + x], x: x, y: y, within: 12) } }
        var covered = painter
        covered.covers = [CellRect(x: 0, y: 0, width: 4, height: 3)]
        covered.eraseCutWords(of: cells, at: CellRect(x: 0, y: 0, width: 12, height: 3), fill: .plain, on: &canvas)
        // (The canvas still holds what the card in front covers: 名前, 料理, Name.)
        let rows = canvas.lines()
        #expect(rows[0].hasPrefix("名前  寿司"), "the colon of 名前 goes: \(rows)")
        #expect(rows[1].hasPrefix("料理  酢飯"), "the 、 of 料理 goes: \(rows)")
        #expect(rows[2].hasPrefix("Name  sushi"), "Name's colon goes with it, as before: \(rows)")
    }

    /// A card of one row (the lyrics at 80x24) shows a match past its edge too: the line begun a
    /// little before it, after a cut mark, the count of the lines after it kept, for code and for
    /// prose (it opened at the line with the match cut off: helper-23).
    @Test func aCardOfOneRowScrollsToAMatchPastItsEdge() {
        let long = "the first words of a long line that goes on and on until the NEEDLE shows near its end"
        let documents = [
            TextDocument(code: (["let a = 1", "    let flags = \"" + long + "\""] + (1...5).map { "let b\($0) = \($0)" }).joined(separator: "\n")),
            TextDocument(plainText: (["A first line.", long] + (1...5).map { "Line \($0)." }).joined(separator: "\n")),
        ]
        let seek = Self.seeking("NEEDLE", generation: 5)
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        for (n, document) in documents.enumerated() {
            let card = Card(id: "c\(n)", title: "c", content: .text(document))
            for width in [30, 44, 60] {
                var cache = CellCache()
                let (first, cut) = cache.opening(document, of: card, index: 0, width: width, height: 1, title: false, ascii: false, seek: seek)
                let cells = cache.text(document, of: card, index: 0, width: width, height: 1, first: first, title: false,
                                       seeking: seek, cut: cut, painter: painter)
                let row = String(cells.cells.map(\.glyph))
                #expect(row.hasPrefix("…") && row.contains("NEEDLE") && row.contains("… 5 more"), "\(n), \(width): \(row)")
                // Without the search: the first line.
                let plain = String(cache.text(document, of: card, index: 0, width: width, height: 1, title: false, painter: painter).cells.map(\.glyph))
                #expect(!plain.contains("NEEDLE"), "\(plain)")
            }
        }
    }

    /// A match more than a thousand characters into a line (minified code, one paragraph) shows on
    /// a card of one row too (helper-31: the row showed the line's start).
    @Test func aCardOfOneRowFindsAMatchFarIntoALongLine() {
        let far = (1...400).map { "x\($0);" }.joined() + "NEEDLE;" + (1...50).map { "y\($0);" }.joined()
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        let seek = Self.seeking("NEEDLE", generation: 6)
        for (n, document) in [TextDocument(code: far + "\nnext"), TextDocument(plainText: "first\n" + far + "\nlast")].enumerated() {
            let card = Card(id: "f\(n)", title: "f", content: .text(document))
            for width in [40, 78] {
                var cache = CellCache()
                let (first, cut) = cache.opening(document, of: card, index: 0, width: width, height: 1, title: false, ascii: false, seek: seek)
                let cells = cache.text(document, of: card, index: 0, width: width, height: 1, first: first, title: false,
                                       seeking: seek, cut: cut, painter: painter)
                let row = String(cells.cells.map(\.glyph))
                #expect(row.contains("NEEDLE"), "\(n), \(width): \(row)")
            }
        }
    }

    /// A card of two rows whose match is on the text's last line shows the last two lines, not
    /// that line over an empty row (helper-23).
    @Test func aCardOfTwoRowsShowsALastMatchWithTheLineAboveIt() {
        let lines = (1...20).map { "row \($0)" } + ["the needle"]
        let card = Card(id: "n", title: "n", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))
        guard case .text(let document) = card.content else { return }
        let seek = CardPainter.Seek(find: { String($0).contains("needle") ? [0..<1] : [] }, generation: 2)
        var cache = CellCache()
        let first = cache.opening(document, of: card, index: 0, width: 20, height: 2, title: false, ascii: false, seek: seek).first
        let all = TextLayout.lines(for: document, width: 20, cellWidth: CharacterWidth.of)
        #expect(TextLayout.fit(lines: all, from: first, height: 2, width: 20).map(\.text) == ["row 20", "the needle"])
    }

    /// A big Markdown text: its counts above and below are both of its own lines, a paragraph's
    /// hard breaks too ("↑ 4796 lines above" over "… 605 more lines" in a text of 5,999;
    /// helper-37); a match in a table opens the card at its row, under the table's header.
    @Test func aBigTextsCountsAndTablesAtAMatch() throws {
        let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
        func card(_ document: TextDocument, _ word: String, width: Int, height: Int) -> [String] {
            let card = Card(id: "t", title: "t", content: .text(document))
            var cache = CellCache()
            let seek = OpensAtTests.seeking(word, generation: 1)
            let (first, cut) = cache.opening(document, of: card, index: 0, width: width, height: height, title: false, ascii: false, seek: seek)
            let cells = cache.text(document, of: card, index: 0, width: width, height: height, first: first, title: false,
                                   seeking: seek, cut: cut, painter: painter)
            return stride(from: 0, to: cells.cells.count, by: width).map { String(cells.cells[$0..<($0 + width)].map(\.glyph)) }
        }
        let paragraphs = (0..<2_100).map { TextBlock.paragraph([TextSpan("p\($0) a\np\($0) b\np\($0) c")]) }
        let hardBreaks = TextDocument(blocks: paragraphs)
        #expect(hardBreaks.plainLines.count == 6_300 && TextLayout.isBig(hardBreaks))
        let rows = card(hardBreaks, "p1200 b", width: 20, height: 12)
        let above = try #require(rows.first?.firstMatch(of: /↑ ?(\d+)/)).1
        let below = try #require(rows.last?.firstMatch(of: /… ?(\d+)/)).1
        let shown = rows.dropFirst().dropLast().filter { !$0.allSatisfy { $0 == " " } }.count
        #expect(Int(above)! + shown + Int(below)! == 6_300, "\(rows)")
        #expect(rows.contains { $0.contains("p1200 b") })

        func table(rows count: Int, wordAt: Int) -> TextDocument {
            let body = (0..<count).map { [[TextSpan("\($0)")], [TextSpan($0 == wordAt ? "word" : "x\($0)")]] }
            let lead = (0..<2_100).map { TextBlock.paragraph([TextSpan("para \($0)")]) }
            return TextDocument(blocks: lead + [.table(TextTable(header: [[TextSpan("a")], [TextSpan("b")]], body: body,
                                                                alignments: [.left, .left]), margin: .none)])
        }
        let early = card(table(rows: 12, wordAt: 9), "word", width: 40, height: 3)
        #expect(early.contains { $0.contains("word") } && early[0].contains("↑"), "\(early)")
        // Deep in a long table (a big CSV is one): from a row a third of the card above it, under
        // the table's header (it showed the text's top; helper-37). The header is no line above:
        // 2,100 paragraphs and the 149 rows before the first shown are.
        let deep = card(table(rows: 400, wordAt: 300), "word", width: 40, height: 12)
        #expect(deep.contains { $0.contains("word") } && deep.contains { $0.hasPrefix("a ") && $0.contains("| b") }, "\(deep)")
        let hidden = try #require(deep[0].firstMatch(of: /↑ ?(\d+)/)).1
        let firstRow = try #require(deep.first { $0.firstMatch(of: /^(\d+) +\|/) != nil }?.firstMatch(of: /^(\d+)/)).1
        #expect(Int(hidden)! == 2_100 + Int(firstRow)!, "\(deep)")
        // On a card of one row: the match's row, with the count of the rows after it.
        let oneRow = card(table(rows: 400, wordAt: 300), "word", width: 40, height: 1)
        #expect(oneRow[0].hasPrefix("300") && oneRow[0].contains("word") && oneRow[0].contains("99"), "\(oneRow)")
        // A match deep in a long paragraph stands a third of the card down, as in a small text
        // (it stood on the last row, nothing under it; helper-37).
        let words = (0..<300).map { $0 == 200 ? "zebra" : "word\($0)" }.joined(separator: " ")
        let long = TextDocument(blocks: (0..<2_100).map { TextBlock.paragraph([TextSpan("para \($0)")]) }
                                + [.paragraph([TextSpan(words)]), .paragraph([TextSpan("the end")])])
        let zebra = card(long, "zebra", width: 20, height: 13)
        #expect(zebra.firstIndex { $0.contains("zebra") } == 1 + 12 / 3, "\(zebra)")
    }

    /// The context above a match begins with a line of the text: at the first line begun between
    /// it and the match, else (one paragraph) after a row ending in a word the wrap broke, never
    /// with that word's second half ("arily" of "Extraordin-"; helper-11 saw "ay.").
    @Test func theContextBeginsWithALineNotTheRestOfOne() {
        func line(_ text: String, begins: Bool) -> LaidLine {
            var laid = LaidLine(content: [TextSpan(text)], width: text.count)
            laid.beginsLine = begins
            return laid
        }
        let paragraphs = [line("Groceries for", begins: true), line("the market on", begins: false), line("Thursday.", begins: false),
                          line("2. Freeze the", begins: true), line("soup", begins: false)]
        #expect(CellCache.cleanStart(1, before: 3, in: paragraphs, latest: 10, rows: 4) == 3, "the paragraph's tail left out")
        #expect(CellCache.cleanStart(2, before: 4, in: paragraphs, latest: 10, rows: 4) == 3)
        #expect(CellCache.cleanStart(3, before: 4, in: paragraphs, latest: 10, rows: 4) == 3, "a line's start stays")
        let broken = [line("word37 word38", begins: true), line("Extraordin-", begins: false), line("arily", begins: false),
                      line("Thursday", begins: false), line("needle here", begins: false)]
        #expect(CellCache.cleanStart(2, before: 4, in: broken, latest: 10, rows: 4) == 3, "not from a word's second half")
        #expect(CellCache.cleanStart(3, before: 4, in: broken, latest: 10, rows: 4) == 3, "whole words stay")
        #expect(CellCache.cleanStart(2, before: 2, in: broken, latest: 10, rows: 4) == 2, "the match's own row stays")
        // A word broken over three rows: after all of them (helper-85 saw `haft` at the top).
        let long = [line("um die", begins: true), line("Donaudamp-", begins: false), line("fschiffa-", begins: false),
                    line("hrtsgesel-", begins: false), line("lschaft", begins: false), line("abzuholen.", begins: false)]
        #expect(CellCache.cleanStart(3, before: 5, in: long, latest: 10, rows: 4) == 5, "not from the word's last rows")
        #expect(CellCache.cleanStart(2, before: 4, in: long, latest: 10, rows: 4) == 4, "up to the match's own row")
        #expect(CellCache.cleanStart(2, before: 5, in: long, latest: 2, rows: 4) == 3, "past where the text fills the card, a row at most")
        let hyphenated = [line("a well-", begins: true), line("known word", begins: false), line("needle", begins: false)]
        #expect(CellCache.cleanStart(1, before: 2, in: hyphenated, latest: 10, rows: 4) == 2, "after a hyphen, the rest of the word too")
        // Past where the rest of the text fills the card (near its end) only to leave out a row
        // or two of a line's end ("59" alone under "↑ 58 lines above"; helper-34): a longer tail
        // stays (helper-13 saw half a card blank); never to a blank line.
        #expect(CellCache.cleanStart(1, before: 3, in: paragraphs, latest: 1, rows: 4) == 3)
        #expect(CellCache.cleanStart(2, before: 3, in: paragraphs, latest: 2, rows: 4) == 3)
        let tail = [line("Groceries for", begins: true), line("the market on", begins: false), line("Thursday and", begins: false),
                    line("Friday and the", begins: false), line("weekend.", begins: false), line("2. Freeze the", begins: true),
                    line("soup", begins: false)]
        #expect(CellCache.cleanStart(1, before: 5, in: tail, latest: 1, rows: 4) == 1, "a tail of four rows stays")
        let blank = [line("end of one", begins: true), line("paragraph.", begins: false), line("", begins: true),
                     line("Second one", begins: true), line("needle", begins: false)]
        #expect(CellCache.cleanStart(1, before: 4, in: blank, latest: 10, rows: 4) == 3, "the paragraph, not the blank line before it")
        // Near the text's end, back where the line began while the match still shows (helper-27
        // saw "↑ 1 above" over "the lazy" / "dog.", the sentence's start hidden).
        let sentence = [line("A short line", begins: true), line("The quick", begins: true), line("brown fox", begins: false),
                        line("the lazy", begins: false), line("dog.", begins: false), line("needle", begins: true)]
        #expect(CellCache.cleanStart(3, before: 5, in: sentence, latest: 3, rows: 8) == 1)
        #expect(CellCache.cleanStart(3, before: 5, in: sentence, latest: 3, rows: 6) == 1, "the match above the last row")
        #expect(CellCache.cleanStart(3, before: 5, in: sentence, latest: 3, rows: 5) == 5, "the match would not show: from it")
    }

    /// A big text's card (more than 2,000 lines) opens at its match at every width and height,
    /// laying out only the lines around it: the row above counts the lines above the first one
    /// shown, the last row those below the last; near the text's end the card is filled from
    /// further up; the text is searched once for all sizes.
    @Test func aBigTextOpensAtItsMatchWithItsLinesCounted() {
        for needle in [3_000, 4_998, 5_999] {
            // Lines of every length: some wrap on a narrow card into two rows or three.
            var lines = (0..<6_000).map { "line \($0)" + String(repeating: " and more", count: $0 % 4) }
            lines[needle] = "line \(needle) the needle"
            let card = Card(id: "log", title: "log", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))
            guard case .text(let document) = card.content else { return }
            #expect(TextLayout.isBig(document))
            let calls = Mutex(0)
            let seek = CardPainter.Seek(find: { characters in
                calls.withLock { $0 += 1 }
                let text = String(characters)
                guard let range = text.range(of: "needle") else { return [] }
                let start = text.distance(from: text.startIndex, to: range.lowerBound)
                return [start..<(start + 6)]
            }, generation: 1)
            let painter = CardPainter(theme: Theme(glyphs: .unicode, usesColor: false))
            var cache = CellCache()
            for width in [16, 24, 40] {
                for height in 1...16 {
                    let (first, cut) = cache.opening(document, of: card, index: 0, width: width, height: height, title: false, ascii: false, seek: seek)
                    let cells = cache.text(document, of: card, index: 0, width: width, height: height, first: first, title: false,
                                           seeking: seek, cut: cut, painter: painter)
                    let rows = stride(from: 0, to: cells.cells.count, by: width).map { String(cells.cells[$0..<($0 + width)].map(\.glyph)) }
                    let card = rows.joined(separator: "\n")
                    #expect(card.contains("needle") || card.contains("need-") || card.contains("nee…"),
                            "\(needle) at \(width) x \(height): \(first): \(card)")
                    // One row: the match's line, and the count of the lines after it (it said one
                    // fewer; helper-37).
                    if height == 1, rows[0].contains("needle"), let more = rows[0].firstMatch(of: /… ?(\d+)/).map({ Int($0.1)! }) {
                        #expect(more == 6_000 - needle - 1, "\(needle) at \(width) x 1: \(card)")
                    }
                    guard height >= 3 else { continue }
                    #expect(first > 0 && first <= needle, "\(needle) at \(width) x \(height): \(card)")
                    // The row above ("↑ N lines above", "↑ N above" or "↑N") counts the lines
                    // wholly above: the first shown's number, or the one before a line's rest.
                    let above = rows[0].firstMatch(of: /↑ ?(\d+)/).map { Int($0.1)! }
                    let begun = rows.indices.dropFirst().first { rows[$0].hasPrefix("line ") }
                    let number = begun.flatMap { rows[$0].firstMatch(of: /^line (\d+)/).map { Int($0.1)! } }
                    // (No line begun on the card: it shows the rest of the match's own.)
                    let wholly = begun == nil ? needle : begun == 1 ? number : number.map { $0 - 1 }
                    #expect(above != nil && above == wholly, "\(needle) at \(width) x \(height): \(card)")
                    #expect(begun == 1 || width == 16, "only a line longer than the card is shown from its middle: \(card)")
                    // The last row counts what is below the last line begun, or shows the text's end.
                    if let more = rows.last?.firstMatch(of: /… ?(\d+)/).map({ Int($0.1) }) {
                        // (The last line begun may go on below the card: then it counts too.)
                        if let last = rows.dropLast().compactMap({ $0.firstMatch(of: /^line (\d+)/).map { Int($0.1)! } }).last {
                            #expect(more == 6_000 - last - 1 || more == 6_000 - last, "\(needle) at \(width) x \(height): \(card)")
                        }
                    } else {
                        #expect(rows.contains { $0.hasPrefix("line 5999") } && needle >= 5_990, "\(needle) at \(width) x \(height): \(card)")
                    }
                }
            }
            // (Each size looks for the match only in the rows it lays out.)
            #expect(calls.withLock { $0 } < needle + 1 + 3 * 16 * 40, "the text searched once, not once per size")
        }
    }
}

/// Which glyphs are parts of words that a cut must not leave pieces of (`CardPainter.isLetter`).
@Suite struct CutWordLetterTests {
    @Test func hangulAndEmojiJoinTheirNeighboursChineseAndJapaneseDoNot() {
        func letter(_ c: Character) -> Bool { CardPainter.isLetter(Cell(c, width: UInt8(CharacterWidth.of(c)))) }
        #expect(letter("a") && letter("é") && letter(":"))
        #expect(!letter(" ") && !letter("│") && !letter("░"))
        #expect(letter("한") && letter("국") && letter("👩") && letter("🍎"), "runs of them are words")
        #expect(!letter("東") && !letter("京") && !letter("の") && !letter("メ"), "each is a word of its own")
    }
}
