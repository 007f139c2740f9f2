import CarouselApp
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselText
import Foundation
import Testing

/// Enter or Space opens the active card full screen: text laid out again for the screen and
/// scrolled, art as large as fits; Esc, Enter or q close it.
@Suite struct ZoomTests {
    /// A note of 212 numbered lines, and a short one.
    let deck = CardList([
        Card(id: "long.txt", title: "long", content: .text(TextDocument(plainText: (1...212).map { "line number \($0)" }.joined(separator: "\n")))),
        Card(id: "short.txt", title: "short", content: .text(TextDocument(plainText: "only this"))),
        Card(id: "art", title: "drawing", art: ["/\\", "\\/"]),
    ])

    func status(_ pilot: Pilot) -> String { pilot.screen.last ?? "" }

    /// `/query`, Enter, Enter: the first card that matches, zoomed at its first match, at its full size.
    func zoomAtMatch(_ pilot: Pilot, _ query: String) {
        pilot.press(.character("/"))
        pilot.type(query)
        pilot.press(.enter, .enter)
        pilot.wait(1)
    }

    /// A title too long for the zoom's frame is written whole above the text, wrapped, not cut on
    /// the frame (helper-55: a slide's long heading was never readable whole); the text scrolls
    /// below it, a page the shorter. Too low a screen for all of it cuts it with a mark.
    @Test func aTitleTooLongForTheFrameIsWrittenWholeAboveTheText() {
        let long = "From Monolith to Microservices and Back Again: What Three Years of Distributed Tracing Taught Us About Latency"
        let text = (1...40).map { "line \($0)" }.joined(separator: "\n")
        let pilot = Pilot(deck: CardList([Card(id: "t.md", title: long, content: .text(TextDocument(plainText: text)))]), width: 80, height: 24)
        pilot.press(.enter)
        let screen = pilot.screen
        #expect(screen[0].hasPrefix("╭────") && !screen[0].contains("Monolith"), "\(screen[0])")
        #expect(screen[1].contains("From Monolith to Microservices") && screen[2].contains("About Latency"), "\(screen[1...2])")
        #expect(screen[3].allSatisfy { $0 == " " || $0 == "│" } && screen[4].contains("line 1 "), "\(screen[3...4])")
        #expect(status(pilot).contains("lines 1-18 of 40"), "\(status(pilot))")
        pilot.press(.end)
        #expect(pilot.screen[21].contains("line 40"), "scrolled below it: \(pilot.screen[21])")
        pilot.resize(width: 40, height: 12)
        let low = pilot.screen
        #expect(low[3].hasSuffix("… │") && !low.joined().contains("Latency"), "\(low[1...3])")
        // Code on a wide screen: the title on prose's measure, within the frame (review: it ran
        // over the frame's right edge).
        let code = Card(id: "x.swift", title: String(repeating: "very_long_name_", count: 16),
                        content: .text(TextDocument(blocks: [.code(lines: ["let x = 1"])])))
        let wide = Pilot(deck: CardList([code]), width: 150, height: 24)
        wide.press(.enter)
        for row in wide.screen[1...5] { #expect(row.hasSuffix("│") && row.filter { $0 == "│" }.count == 2, "\(row)") }
        #expect(wide.screen[1].contains("very_long_name_"))
        // A title that is the text's first line (a line of input, a card titled by its first
        // line) is not written again above it (helper-63: it showed twice).
        let line = "a long line of text that is wider than the screen, " + String(repeating: "and longer still, ", count: 4)
        let lineCard = Card(id: line, title: line, content: .text(TextDocument(plainText: line)))
        let once = Pilot(deck: CardList([lineCard]), width: 80, height: 24)
        once.press(.enter)
        #expect(once.screen[0].hasPrefix("╭─ a long line of text") && once.screen[0].contains("…"), "cut on the frame: \(once.screen[0])")
        #expect(once.screen.joined().components(separatedBy: "a long line of text").count == 3, "the frame's title and the text: \(once.screen)")
        #expect(once.screen[1].hasPrefix("│ a long line of text that is wider than the screen, and longer"), "\(once.screen[1])")
        // Nor a line of columns titled with them one blank apart (helper-114: `ps aux`'s lines).
        let columns = "root         1  0.3  0.0  43028 11776 ?        SLl  Nov28   4:39 /process_api --firecracker-init --addr 0.0.0.0:2024"
        let spaced = Card(id: columns, title: columns.split(separator: " ").joined(separator: " "),
                          content: .text(TextDocument(plainText: columns)))
        let row = Pilot(deck: CardList([spaced]), width: 80, height: 24)
        row.press(.enter)
        #expect(row.screen[0].hasPrefix("╭─ root 1 0.3 0.0 43028"), "\(row.screen[0])")
        #expect(row.screen[1].hasPrefix("│ root         1  0.3"), "the line as it is, once: \(row.screen[1...2])")
        // A title that fits stays on the frame.
        let short = Pilot(deck: deck, width: 80, height: 24)
        short.press(.enter)
        #expect(short.screen[0].hasPrefix("╭─ long "))
    }

    @Test func enterOpensTheCardFullScreenAndTheStatusLineSaysWhereYouAre() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        let screen = pilot.screen
        #expect(screen[0].hasPrefix("╭─ long "), "the card's frame takes the whole screen: \(screen[0])")
        #expect(screen[1].contains("line number 1 ") && screen[21].contains("line number 21 "))
        #expect(status(pilot).contains("lines 1-21 of 212"), "\(status(pilot))")
        #expect(status(pilot).contains("Esc close"))
        #expect(pilot.program.model.zoom?.index == 0)
    }

    /// The status line counts the text's own lines, as less does, not the rows they wrap into
    /// (a 63-line file of long lines said "lines 1-21 of 123" at 80 columns, and another total
    /// at every width); the strip's cards count what they hide the same way.
    @Test func theZoomCountsTheTextsLinesNotItsRows() {
        let long = (1...63).map { "line \($0) has a long tail of words that wraps on any card and on a screen of eighty columns, twice" }
        let deck = CardList([Card(id: "long.txt", title: "long", content: .text(TextDocument(plainText: long.joined(separator: "\n"))))])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        #expect(pilot.screen.contains { $0.contains("… 62 more") }, "line 1 is begun on the card: \(pilot.screen.joined(separator: "\n"))")
        pilot.press(.enter)
        // 21 rows: lines 1 to 11, the eleventh wrapped, the last row its first part.
        #expect(status(pilot).hasPrefix(" lines 1-11 of 63 "), "\(status(pilot))")
        pilot.press(.down)
        #expect(status(pilot).hasPrefix(" lines 1-11 of 63 "), "a row down: line 1 is still partly shown")
        pilot.press(.down)
        #expect(status(pilot).hasPrefix(" lines 2-12 of 63 "), "two rows down: line 1 gone, the first row of line 12 in sight: \(status(pilot))")
        pilot.press(.end)
        #expect(status(pilot).hasPrefix(" lines 53-63 of 63  (end) "), "\(status(pilot))")
        pilot.resize(width: 120, height: 24)
        #expect(status(pilot).hasSuffix("Esc close ") && status(pilot).contains(" of 63 "), "the same total at another width: \(status(pilot))")
    }

    /// How far down its rows the view is, as less says it: one long line wrapped into many rows
    /// reads "line 1 of 1" all the way down (helper-15: nothing said there was more at 40x12).
    @Test func theZoomSaysHowFarDownItsRowsItIs() {
        let words = (1...300).map { "word\($0)" }.joined(separator: " ")
        let deck = CardList([Card(id: "one.txt", title: "one", content: .text(TextDocument(plainText: words)))])
        let pilot = Pilot(deck: deck, width: 40, height: 12)
        pilot.press(.enter)
        func percent() -> Int? {
            (status(pilot).firstMatch(of: #/^ line 1 of 1  (\d+)%\s/#)?.output.1).flatMap { Int($0) }
        }
        let first = percent()
        #expect(first.map { $0 > 0 && $0 < 50 } == true, "\(status(pilot))")
        pilot.press(.pageDown)
        let second = percent()
        #expect(second.map { $0 > first! && $0 < 100 } == true, "further down: \(status(pilot))")
        pilot.press(.end)
        #expect(status(pilot).hasPrefix(" line 1 of 1  (end) "), "\(status(pilot))")
        let short = Pilot(deck: CardList([Card(id: "s.txt", title: "s", content: .text(TextDocument(plainText: "only this")))]), width: 40, height: 12)
        short.press(.enter)
        #expect(status(short).hasPrefix(" 1 line "), "nothing to scroll, no figure: \(status(short))")
    }

    /// The same count for texts the layout treats apart (helper-33's review): a big text, whose
    /// card lays out only its head ("… 943 more" for 25 lines); a table, laid out in columns on a
    /// wide screen and as records on a narrow one (31 lines, then 30: the header was not counted);
    /// a text opening with blank lines, which the card does not show (the zoom said 40-60 of 60
    /// where less and `e` say 43-63 of 63).
    @Test func everyTextCountsItsOwnLinesAtEveryWidth() {
        let wide = (1...25).map { "line\($0) " + String(repeating: "lorem ipsum dolor sit amet ", count: 370) }.joined(separator: "\n")
        let big = Pilot(deck: CardList([Card(id: "wide.txt", title: "wide", content: .text(TextDocument(plainText: wide)))]), width: 80, height: 24)
        #expect(big.screen.contains { $0.contains("… 24 more") }, "\(big.screen.joined(separator: "\n"))")
        big.press(.enter)
        #expect(status(big).hasPrefix(" line 1 of 25 "), "\(status(big))")

        let rows = (0..<30).map { [[TextSpan("Person\($0)")], [TextSpan("Düsseldorf")], [TextSpan("some longer note text number \($0)")]] }
        let table = TextTable(header: [[TextSpan("name")], [TextSpan("city")], [TextSpan("notes")]], body: rows, alignments: [.left, .left, .left])
        let csv = CardList([Card(id: "people.csv", title: "people", content: .text(TextDocument(blocks: [.table(table, margin: Margin())])))])
        for width in [120, 24] {
            let pilot = Pilot(deck: csv, width: width, height: 20)
            pilot.press(.enter)
            #expect(status(pilot).contains(" of 31"), "\(width) columns: \(status(pilot))")
            // At the top it says so, where the records repeat the header rather than lay it out
            // (helper-11: "lines 2-3 of 4" at the top of a table of records).
            #expect(status(pilot).hasPrefix(" lines 1-"), "\(width) columns: \(status(pilot))")
        }

        let lead = CardList([Card(id: "lead.txt", title: "lead", content: .text(TextDocument(plainText: "\n\n\n" + (1...60).map { "row \($0)" }.joined(separator: "\n"))))])
        let pilot = Pilot(deck: lead, width: 80, height: 24)
        pilot.press(.enter, .end)
        #expect(status(pilot).hasPrefix(" lines 43-63 of 63 "), "\(status(pilot))")
    }

    /// A source file of 16,000 lines and a paragraph written on one line are read to their ends: the
    /// card counts the rest, the zoom scrolls to the last line; while the zoom grows, a big text shows
    /// its own first lines from their left edge (laid out once, uncovered as the frame widens).
    @Test func bigTextsAreReadToTheirEnds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("carousel-big-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = (1...16_000).map { "    x\($0) = compute(value)" }.joined(separator: "\n")
        let paragraph = (1...700).map { "word\($0)" }.joined(separator: " ")
        try source.write(to: folder.appendingPathComponent("a-big.py"), atomically: true, encoding: .utf8)
        try paragraph.write(to: folder.appendingPathComponent("b-para.txt"), atomically: true, encoding: .utf8)
        let deck = CardList(try DeckLoader.load(paths: [folder.path]).cards)
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        #expect(pilot.screen.contains { $0.contains("x1 = c") }, "\(pilot.screen.joined(separator: "\n"))")
        let shown = pilot.screen.filter { $0.contains(" = c") }.count
        #expect(pilot.screen.contains { $0.contains("…\(16_000 - shown)") || $0.contains("… \(16_000 - shown)") }, "the card counts every line of the file")
        pilot.press(.enter, wait: 0.05)
        let growing = pilot.screen.filter { $0.contains(" = comput") }
        #expect(!growing.isEmpty && growing.allSatisfy { $0.contains("    x") }, "half grown, the page's own first lines: \(pilot.screen.joined(separator: "\n"))")
        pilot.wait(1)
        #expect(status(pilot).contains("of 16000"), "\(status(pilot))")
        pilot.press(.end)
        #expect(status(pilot).contains("-16000 of 16000"), "\(status(pilot))")
        #expect(pilot.screen.contains { $0.contains("x16000 = compute(value)") })
        pilot.press(.escape, .right)
        pilot.press(.enter)
        pilot.press(.end)
        #expect(pilot.screen.contains { $0.contains("word700") }, "\(pilot.screen.joined(separator: "\n"))")
        #expect(pilot.screen.contains { $0.contains("word699 word700") })
    }

    /// Keys typed quickly count: Right then Enter zooms the card Right went to, and a scroll key
    /// typed while the zoom grows, or just after a zoomed Right, scrolls that card (the zoom
    /// followed the card nearest the centre, and started it again at its top once the strip got there).
    @Test func keysTypedQuicklyScrollTheCardTheyMeant() {
        let text = (1...200).map { "line number \($0)" }.joined(separator: "\n")
        let deck = CardList((0..<3).map { Card(id: "\($0)", title: "t\($0)", content: .text(TextDocument(plainText: "card \($0)\n" + text))) })
        for keys in [[Key.right, .enter, .end], [.enter, .right, .end], [.enter, .right, .down, .down]] {
            let pilot = Pilot(deck: deck, width: 80, height: 24)
            pilot.press(keys[0], wait: 0.02)
            for key in keys.dropFirst() { pilot.press(key, wait: 0.02) }
            pilot.wait(1)
            #expect(pilot.program.model.zoom?.index == 1, "\(keys)")
            let expected = keys.last == .end ? "lines 181-201 of 201" : "lines 3-23 of 201"
            #expect(status(pilot).contains(expected), "\(keys): \(status(pilot))")
        }
    }

    /// Zoomed, prose keeps a readable measure of 100 columns; source code and a table (a CSV
    /// file) take the whole screen.
    @Test func zoomedCodeTakesTheWholeWidthAndProseAReadableMeasure() {
        let long = (0..<40).map { "value\($0)" }.joined(separator: " + ")
        let cell = [TextSpan("some longer value text here")]
        let table = TextTable(header: (1...6).map { [TextSpan("column \($0)")] }, body: [Array(repeating: cell, count: 6)],
                              alignments: Array(repeating: .left, count: 6))
        let deck = CardList([
            Card(id: "a.py", title: "code", content: .text(TextDocument(code: "x = " + long))),
            Card(id: "b.txt", title: "prose", content: .text(TextDocument(plainText: long))),
            Card(id: "c.csv", title: "table", content: .text(TextDocument(blocks: [.table(table)]))),
        ])
        let pilot = Pilot(deck: deck, width: 200, height: 20)
        pilot.press(.enter)
        let code = pilot.screen[1]
        #expect(code.contains("value17 + value18"), "\(code)")
        pilot.press(.escape, .right)
        pilot.press(.enter)
        let prose = pilot.screen.dropFirst().prefix(3).map { $0.trimmingCharacters(in: ["│", " "]) }
        #expect(prose.allSatisfy { $0.count <= 100 } && prose[1].hasPrefix("value"), "\(prose)")
        pilot.press(.escape, .right)
        pilot.press(.enter)
        #expect(pilot.screen[3].contains(String(repeating: "some longer value text here | ", count: 5)), "one line a row: \(pilot.screen[3])")
    }

    /// In a Markdown text, prose keeps its measure while its tables and code take the screen's
    /// width (helper-58: at 200 columns a table's cells wrapped and code went on in ↪ rows at
    /// column 100, beside 100 empty columns); the text stands as one block on the measure's column,
    /// reaching right. Where the screen is no wider than the measure, nothing changes.
    @Test func aMarkdownTextsTablesAndCodeTakeTheWidthItsProseDoesNot() throws {
        let prose = (0..<40).map { "word\($0)" }.joined(separator: " ")
        let code = "let total = " + (0..<14).map { "value\($0)" }.joined(separator: " + ")
        let cell = [TextSpan("a cell of some length")]
        let table = TextTable(header: (1...6).map { [TextSpan("column \($0)")] }, body: [Array(repeating: cell, count: 6)],
                              alignments: Array(repeating: .left, count: 6))
        let document = TextDocument(blocks: [.paragraph([TextSpan(prose)]), .blank(), .table(table), .blank(), .code(lines: [code])])
        let deck = CardList([Card(id: "notes.md", title: "notes", content: .text(document))])
        let pilot = Pilot(deck: deck, width: 200, height: 30)
        pilot.press(.enter)
        let screen = pilot.screen
        let text = screen.dropFirst().prefix(20).map { String($0.dropFirst().dropLast()) }
        let proseRows = text.filter { $0.contains("word") }
        #expect(proseRows.count >= 2 && proseRows.allSatisfy { $0.trimmingCharacters(in: [" "]).count <= 100 }, "\(proseRows)")
        let row = try #require(text.first { $0.contains("a cell of some length") }, "\(screen.joined(separator: "\n"))")
        #expect(row.components(separatedBy: "a cell of some length").count == 7, "the table's six cells on one row: \(row)")
        #expect(text.contains { $0.contains(code) } && !text.contains { $0.contains("↪") }, "the code on one row: \(text)")
        // One left edge for prose, table and code: the measure's, as on a slide of prose alone.
        func left(_ row: String) -> Int { row.distance(from: row.startIndex, to: row.firstIndex { $0 != " " } ?? row.endIndex) }
        let edges = Set(text.filter { !$0.allSatisfy { $0 == " " } }.map(left))
        #expect(edges == [1 + (198 - 2 - 100) / 2], "\(edges)")
        // At 100 columns, the measure is the screen: the table wraps its cells, the code its line.
        let narrow = Pilot(deck: deck, width: 100, height: 40)
        narrow.press(.enter)
        #expect(narrow.screen.contains { $0.contains("↪") }, "\(narrow.screen.joined(separator: "\n"))")
    }

    /// A zoomed code line that goes on in ↪ rows breaks after a space where one is near the row's
    /// end, not inside a name (helper-63: `delt` / `↪a: 4)`); a name longer than that reach
    /// still breaks where the row ends.
    @Test func zoomedCodeBreaksAtASpaceNearTheEdge() {
        let line = "let result = compute(alphabet: 1, gammadelta: 3, epsilonzeta: 5, etaomega: 7)"
        let deck = CardList([Card(id: "a.swift", title: "a", content: .text(TextDocument(code: line)))])
        let pilot = Pilot(deck: deck, width: 40, height: 20)
        pilot.press(.enter)
        let rows = pilot.screen.dropFirst().prefix(4).map { String(String($0.dropFirst(2).dropLast(2)).reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
        #expect(rows.count >= 3, "\(rows)")
        #expect(rows.count == 3 && rows[0].hasSuffix("alphabet: 1,") && rows[1].hasPrefix("↪gammadelta: 3,")
                && rows[2].hasPrefix("↪etaomega: 7)"), "each row ends after a comma and its space: \(rows)")
        let joined = rows.map { $0.hasPrefix("↪") ? String($0.dropFirst()) : $0 }.joined(separator: " ")
        #expect(joined == line, "\(joined)")
    }

    /// Code and tables stand on the prose measure's column, and a wider block reaches right from
    /// it where the screen has room, so that a talk's slides line up as they are stepped through;
    /// a block too wide for that is centred (helper-16: at 200x60 prose began at column 49, code at
    /// column 2; helper-65: a slide's 128-column table moved its prose to column 36).
    @Test func zoomedCodeStandsWhereProseStands() {
        func column(_ row: String) -> Int? {
            let inside = row.dropFirst()
            return inside.firstIndex { $0 != " " }.map { inside.distance(from: inside.startIndex, to: $0) + 1 }
        }
        let wide = "let total = " + (0..<14).map { "value\($0)" }.joined(separator: " + ")
        let wider = "let total = " + (0..<18).map { "value\($0)" }.joined(separator: " + ")
        let deck = CardList([
            Card(id: "t.md", title: "prose", content: .text(TextDocument(plainText: "A short line of prose."))),
            Card(id: "a.py", title: "code", content: .text(TextDocument(code: "def greet():\n    return 1"))),
            Card(id: "b.swift", title: "wide", content: .text(TextDocument(code: wide))),
            Card(id: "c.swift", title: "wider", content: .text(TextDocument(code: wider))),
        ])
        let pilot = Pilot(deck: deck, width: 200, height: 20)
        pilot.press(.enter)
        let prose = column(pilot.screen[1])
        #expect(prose == 1 + (198 - 2 - 100) / 2 + 1, "\(pilot.screen[1])")
        pilot.press(.right)
        pilot.wait(1)
        #expect(column(pilot.screen[1]) == prose && pilot.screen[1].contains("def greet():"), "\(pilot.screen[1])")
        #expect(column(pilot.screen[2]) == prose.map { $0 + 4 }, "indentation kept: \(pilot.screen[2])")
        pilot.press(.right)
        pilot.wait(1)
        #expect(wide.count > 100 && pilot.screen[1].contains(wide) && column(pilot.screen[1]) == prose, "reaching right: \(pilot.screen[1])")
        pilot.press(.right)
        pilot.wait(1)
        let row = pilot.screen[1]
        let left = column(row)!, right = row.count - 1 - (row.dropLast().lastIndex { $0 != " " }.map { row.distance(from: row.startIndex, to: $0) } ?? 0) - 1
        #expect(wider.count > 198 - prose! && row.contains(wider), "\(row)")
        #expect(abs(left - right) <= 1 && left < prose!, "centred: \(left) and \(right) columns on either side: \(row)")
    }

    /// The end of a long code line can be read in the zoom: it goes on in rows marked ↪ (it was
    /// cut at the screen's edge, and nothing showed the rest).
    @Test func aLongCodeLineIsReadToItsEndInTheZoom() {
        let long = (0..<40).map { "value\($0)" }.joined(separator: " + ")
        let deck = CardList([Card(id: "a.py", title: "code", content: .text(TextDocument(code: "x = " + long + "\nnext")))])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        let rows = pilot.screen.dropFirst().prefix(12).map { $0.trimmingCharacters(in: ["│", " "]) }
        #expect(rows.contains { $0.hasPrefix("↪") } && rows.contains { $0.hasSuffix("value39") }, "\(rows.joined(separator: "\n"))")
        let joined = rows.prefix { $0 != "next" }.map { $0.hasPrefix("↪") ? String($0.dropFirst()) : $0 }.joined()
        #expect(joined.replacingOccurrences(of: " ", with: "") == ("x = " + long).replacingOccurrences(of: " ", with: ""))
    }

    /// A card found by a search opens zoomed at its first match, two lines above it (it opened at
    /// line 1, the match two hundred lines below); scrolling goes on from there; with no search
    /// the zoom opens at the top.
    @Test func aFoundCardOpensZoomedAtItsFirstMatch() {
        var lines = (1...250).map { "line number \($0)" }
        lines[149] = "the needle is here"
        let deck = CardList([
            Card(id: "hay.txt", title: "hay", content: .text(TextDocument(plainText: lines.joined(separator: "\n")))),
            Card(id: "other.txt", title: "other", content: .text(TextDocument(plainText: "nothing"))),
        ])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        zoomAtMatch(pilot, "needle")
        #expect(status(pilot).contains("lines 148-"), "\(status(pilot))")
        #expect(pilot.screen.contains { $0.contains("the needle is here") })
        pilot.press(.down)
        #expect(status(pilot).contains("lines 149-"), "\(status(pilot))")
        pilot.press(.escape, .escape)
        pilot.press(.enter)
        pilot.wait(1)
        #expect(status(pilot).contains("lines 1-"), "no search: the top \(status(pilot))")
    }

    /// Keys that scroll before the zoom has found the match (typed right after Enter, as `--keys`
    /// types them) scroll from the match, as they do after it: Enter then Down, typed quickly, went
    /// back to the text's top.
    @Test func scrollingBeforeTheMatchIsFoundScrollsFromIt() {
        var lines = (1...250).map { "line number \($0)" }
        lines[149] = "the needle is here"
        let deck = CardList([Card(id: "hay.txt", title: "hay", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter, .enter, .down, .down)
        pilot.wait(1)
        #expect(status(pilot).contains("lines 150-"), "two lines past the match's place: \(status(pilot))")
        pilot.press(.up)
        #expect(status(pilot).contains("lines 149-"), "and on from there: \(status(pilot))")
    }

    /// A deck where "needle" is on lines 150 and 200 of the first card, 30 of the third; the
    /// second card holds none.
    var needles: CardList {
        var hay = (1...250).map { "line number \($0)" }
        hay[149] = "the needle is here"
        hay[199] = "a second needle here"
        var more = (1...80).map { "row \($0)" }
        more[29] = "one more needle"
        return CardList([
            Card(id: "hay.txt", title: "hay", content: .text(TextDocument(plainText: hay.joined(separator: "\n")))),
            Card(id: "plain.txt", title: "plain", content: .text(TextDocument(plainText: "nothing"))),
            Card(id: "more.txt", title: "more", content: .text(TextDocument(plainText: more.joined(separator: "\n")))),
        ])
    }

    /// `n` and `N` in a zoomed card go from match to match, as in less: through the card's lines
    /// first, then to the next card that matches, opened at its first match (`N`: the previous,
    /// at its last), round the deck. They did nothing in the zoom.
    @Test func nAndCapitalNGoFromMatchToMatchInTheZoom() {
        let pilot = Pilot(deck: needles, width: 80, height: 24)
        zoomAtMatch(pilot, "needle")
        #expect(status(pilot).contains("lines 148-"), "\(status(pilot))")
        pilot.press(.character("n"))
        #expect(status(pilot).contains("lines 198-"), "the card's next match: \(status(pilot))")
        #expect(pilot.screen[3].contains("a second needle here"), "two lines below the top: \(pilot.screen[3])")
        pilot.press(.character("n"))
        #expect(pilot.screen[0].hasPrefix("╭─ more "), "past the card's last match, the next card's first: \(pilot.screen[0])")
        #expect(pilot.screen[3].contains("one more needle"), "\(pilot.screen[3])")
        pilot.press(.character("n"))
        #expect(pilot.screen[0].hasPrefix("╭─ hay ") && status(pilot).contains("lines 148-"), "round the deck: \(status(pilot))")
        pilot.press(.character("N"))
        #expect(pilot.screen[0].hasPrefix("╭─ more ") && pilot.screen[3].contains("one more needle"), "back: \(pilot.screen[0])")
        pilot.press(.character("N"))
        #expect(pilot.screen[0].hasPrefix("╭─ hay "), "\(pilot.screen[0])")
        #expect(status(pilot).contains("lines 198-"), "the previous card opens at its last match: \(status(pilot))")
        pilot.press(.character("N"))
        #expect(status(pilot).contains("lines 148-"), "\(status(pilot))")
    }

    /// The match the view was brought to stands out from the others (underlined, and in colour
    /// another colour): `n` to a match already on the page moved nothing, and the reader could not
    /// tell where it went (helper-11).
    @Test func theCurrentMatchStandsOut() {
        let lines = ["first row", "a needle in row two", "row three", "row four", "the next needle, row five", "row six"]
        let deck = CardList([Card(id: "n.txt", title: "n", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        zoomAtMatch(pilot, "needle")
        func underlined(_ text: String) -> [Bool] {
            let screen = pilot.screen
            guard let y = screen.firstIndex(where: { $0.contains(text) }), let column = screen[y].firstRange(of: "needle") else { return [] }
            // Columns of the match (the row's characters are one column each here).
            let x = screen[y].distance(from: screen[y].startIndex, to: column.lowerBound)
            return (x..<(x + 6)).map { pilot.canvas[$0, y].style.attributes.contains(.underline) }
        }
        let two = underlined("row two")
        #expect(two == Array(repeating: true, count: 6), "the match opened at is the current one: \(two)")
        #expect(underlined("row five") == Array(repeating: false, count: 6))
        pilot.press(.character("n"))
        #expect(underlined("row two") == Array(repeating: false, count: 6), "n moved on from it")
        #expect(underlined("row five") == Array(repeating: true, count: 6), "to the next, on the same page")
        // After a resize too (helper-14: the mark was lost until the next n).
        pilot.resize(width: 60, height: 24)
        #expect(underlined("row five") == Array(repeating: true, count: 6), "\(pilot.screen.joined(separator: "\n"))")
        pilot.press(.down)
        #expect(!pilot.canvas.lines().isEmpty && underlined("row five") == Array(repeating: false, count: 6),
                "scrolled: no current match (n looks from the view)")
    }

    /// The status line says which of the text's matches the view is at, as vim does (`[2/3]`):
    /// `n` to a match on the same last page moved only its mark (helper-68); scrolled away, the
    /// first at or below the view's top.
    @Test func theStatusCountsTheMatches() throws {
        let lines = (1...60).map { $0 % 20 == 0 ? "row \($0) holds a needle" : "row \($0)" }
        let deck = CardList([Card(id: "n.txt", title: "n", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        zoomAtMatch(pilot, "needle")
        #expect(status(pilot).contains("/needle [1/3]"), "\(status(pilot))")
        pilot.press(.character("n"))
        #expect(status(pilot).contains("/needle [2/3]"), "\(status(pilot))")
        pilot.press(.end)
        #expect(status(pilot).contains("(end)") && status(pilot).contains("/needle [2/3]"), "the first at or below the top: \(status(pilot))")
        pilot.press(.character("n"))
        #expect(status(pilot).contains("(end)") && status(pilot).contains("/needle [3/3]"), "the last page's mark moved: \(status(pilot))")
        pilot.press(.home)
        #expect(status(pilot).contains("/needle [1/3]"), "\(status(pilot))")
        pilot.press(.escape, .escape)
        pilot.press(.enter)
        #expect(!status(pilot).contains("[1/3]"), "no search, no count: \(status(pilot))")
        // A card found by its title alone says so, where a count of none would leave one asking
        // why it was found.
        let titled = CardList([Card(id: "todo.txt", title: "todo", content: .text(TextDocument(plainText: "milk, bread")))])
        let alone = Pilot(deck: titled, width: 80, height: 24)
        zoomAtMatch(alone, "todo")
        #expect(status(alone).contains("/todo (not in the text)"), "\(status(alone))")
        // Not where the text holds it though no laid line does whole: a table's cell wraps it
        // over two rows (review).
        var markdown = LoadOptions()
        markdown.markdown = true
        let table = try DeckLoader.load(paths: ["-"], options: markdown, standardInput: {
            Array("| one | two |\n| --- | --- |\n| a | the quick brown fox jumps over the lazy dog and runs far away into the woods |\n".utf8)
        })
        let wrapped = Pilot(deck: table.provider, width: 60, height: 24)
        zoomAtMatch(wrapped, "lazy dog and runs")
        #expect(status(wrapped).contains("/lazy dog and runs") && !status(wrapped).contains("not in the text"), "\(status(wrapped))")
    }

    /// The count is of matches, as vim's: two on one line count two, and a line the wrap breaks
    /// counts its matches once at every width (it counted rows holding one: 13, 14 or 12 of the same
    /// card at three widths, and `n` onto a wrapped line's rest added one; helper-71).
    @Test func theStatusCountsMatchesNotRows() {
        let long = Array(repeating: "word", count: 30).joined(separator: " ") + " needle " + Array(repeating: "more", count: 30).joined(separator: " ")
        let lines = ["needle and needle"] + (1...40).map { "row \($0)" } + [long, "last needle"]
        let deck = CardList([Card(id: "n.txt", title: "n", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))])
        for width in [100, 60, 44] {
            let pilot = Pilot(deck: deck, width: width, height: 24)
            zoomAtMatch(pilot, "needle")
            #expect(status(pilot).contains("[1-2/4]"), "\(width): both of its line's: \(status(pilot))")
            pilot.press(.character("n"))
            #expect(status(pilot).contains("[3/4]"), "\(width): the next line's: \(status(pilot))")
            pilot.press(.character("n"))
            #expect(status(pilot).contains("[4/4]"), "\(width): \(status(pilot))")
        }
        // A match the wrap breaks, also at the space it broke at (a query Ctrl-W left as `needle `
        // counted 7 to 12 of one text's 11 by the width: review).
        let words = (1...60).map { $0 % 5 == 0 ? "needle" : "w\($0)" }.joined(separator: " ")
        let paragraph = CardList([Card(id: "p.txt", title: "p", content: .text(TextDocument(plainText: words + "\n" + lines.joined(separator: "\n"))))])
        for width in [110, 100, 90, 80, 70, 60, 50] {
            for (query, count) in [("needle ", 13), ("needle", 16), ("w9 needle", 1), (" w", 76)] {
                let pilot = Pilot(deck: paragraph, width: width, height: 24)
                zoomAtMatch(pilot, query)
                // (From the first, to the last on its row where the row holds more: `[1-4/16]`.)
                let said = status(pilot), shown = "/\(SearchLine.showingSpaces(query, ascii: false)) [1"
                #expect(said.contains(shown + "/\(count)]") || said.contains(shown + "-") && said.contains("/\(count)]"), "\(width) \(query): \(said)")
            }
        }
    }

    /// A text that is the first part of a longer one (a file over 1 MiB) says so in the zoom's
    /// counts: `lines 1-19 of 40+`, `/needle [1/2+]` (helper-76: a 50 MB log's first MiB read as all).
    @Test func aTextThatGoesOnSaysSoInTheZoomsCounts() {
        var document = TextDocument(plainText: (1...40).map { $0 % 20 == 0 ? "a needle \($0)" : "line \($0)" }.joined(separator: "\n"))
        document.goesOn = true
        let deck = CardList([Card(id: "big.log", title: "big", content: .text(document))])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        pilot.wait(1)
        #expect(status(pilot).contains(" of 40+"), "\(status(pilot))")
        zoomAtMatch(pilot, "needle")
        #expect(status(pilot).contains("/needle [1/2+]"), "\(status(pilot))")
    }

    /// A note the program ends a text with (lines cut at 10,000 characters, a file cut at 1 MiB) is
    /// no line of it: a file of one line says `line 1 of 1`, and its card no `… 2 more lines`
    /// (helper-104 read `line 1 of 3` and `lines 1-3 of 3`).
    @Test func aNoteAtTheEndIsNoLineOfTheText() {
        var document = TextDocument(plainText: String(repeating: "word ", count: 600))
        document.blocks += [.blank(), .paragraph([TextSpan("… a line is longer than 10,000 characters", style: .decoration)])]
        document.endNotes = 2
        let deck = CardList([Card(id: "min.js", title: "min", content: .text(document))])
        var options = AppOptions()
        options.style = .lyrics
        let card = Pilot(deck: deck, options: options, width: 80, height: 24)
        #expect(!card.screen.joined().contains("more line"), "\(card.screen.joined(separator: "\n"))")
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        #expect(status(pilot).contains("line 1 of 1"), "\(status(pilot))")
        pilot.press(.end)
        #expect(status(pilot).contains("line 1 of 1"), "\(status(pilot))")
        // Nor where the text opens with a blank line, nor in a search's count in the zoom (review).
        var blankFirst = TextDocument(plainText: "\nlonger " + String(repeating: "word ", count: 600))
        blankFirst.blocks += [.blank(), .paragraph([TextSpan("… a line is longer than 10,000 words", style: .decoration)])]
        blankFirst.endNotes = 2
        let opened = Pilot(deck: CardList([Card(id: "b.js", title: "b", content: .text(blankFirst))]), width: 80, height: 24)
        opened.press(.enter)
        #expect(status(opened).contains("of 2 "), "\(status(opened))")
        opened.press(.escape, .character("/"))
        opened.type("longer")
        opened.press(.enter, .enter)
        #expect(status(opened).contains("[1/1]"), "the text's match, not the note's: \(status(opened))")
    }

    /// Scrolled, the count names the match `n` goes on from: n then says the next number, N the one
    /// before (a note of 60 lines, each with a match: after End it said [34/60] and n went to 37,
    /// after five lines down [4/60] and then 7; helper-76).
    @Test func scrolledNAndNGoOnFromTheMatchTheCountNames() {
        let lines = (1...60).map { "coffee line \($0)" }
        let deck = CardList([Card(id: "c.txt", title: "c", content: .text(TextDocument(plainText: lines.joined(separator: "\n"))))])
        func count(_ pilot: Pilot) -> Int? {
            guard let open = status(pilot).range(of: "/coffee ["), let slash = status(pilot)[open.upperBound...].firstIndex(of: "/") else { return nil }
            return Int(status(pilot)[open.upperBound..<slash])
        }
        for scroll in [[Key.end], Array(repeating: Key.down, count: 5), [Key.pageDown]] {
            for (key, step) in [(Key.character("n"), 1), (Key.character("N"), -1)] {
                let pilot = Pilot(deck: deck, width: 80, height: 24)
                zoomAtMatch(pilot, "coffee")
                for k in scroll { pilot.press(k) }
                let named = count(pilot)
                pilot.press(key)
                #expect(named.map { $0 + step } == count(pilot), "\(scroll) \(key): \(String(describing: named)) then \(status(pilot))")
            }
        }
    }

    /// After the reader scrolls, `n` looks from the view (the row a match is brought to), not from
    /// the match it left; `n` typed before the zoom has found its first match counts from it.
    @Test func nLooksFromTheViewAfterScrollingAndCountsFromTheMatchWhenTypedEarly() {
        let pilot = Pilot(deck: needles, width: 80, height: 24)
        zoomAtMatch(pilot, "needle")
        pilot.press(.pageDown, .pageDown, .pageDown)
        #expect(status(pilot).contains("lines 208-"), "\(status(pilot))")
        pilot.press(.character("N"))
        #expect(status(pilot).contains("lines 198-"), "the match above the view: \(status(pilot))")

        let early = Pilot(deck: needles, width: 80, height: 24)
        early.press(.character("/"))
        early.type("needle")
        early.press(.enter, .enter, .character("n"), .character("n"))
        early.wait(1)
        #expect(early.screen[0].hasPrefix("╭─ more ") && early.screen[3].contains("one more needle"),
                "two matches on from the first: \(early.screen[0]) \(early.screen[3])")
    }

    /// Home or End and then `n` / `N`, typed while the zoom still grows or before the End is drawn:
    /// they look from the top (the text's last page), not past the card (a helper saw Home then n
    /// go to the next card: the full zoom's lines were not counted yet).
    @Test func homeOrEndThenNInOneGoLookFromThere() {
        let early = Pilot(deck: needles, width: 80, height: 24)
        early.press(.character("/"))
        early.type("needle")
        early.press(.enter, .enter, .end, .home, .character("n"))
        early.wait(1)
        #expect(early.screen[0].hasPrefix("╭─ hay ") && status(early).contains("lines 148-"), "\(early.screen[0]) \(status(early))")
        var hay = (1...250).map { "line number \($0)" }
        hay[99] = "a needle"
        hay[244] = "a needle on the last page"
        let last = CardList([Card(id: "hay.txt", title: "hay", content: .text(TextDocument(plainText: hay.joined(separator: "\n")))),
                             Card(id: "more.txt", title: "more", content: .text(TextDocument(plainText: "one more needle")))])
        let end = Pilot(deck: last, width: 80, height: 24)
        zoomAtMatch(end, "needle")
        end.press(.end, .character("n"))
        #expect(end.screen[0].hasPrefix("╭─ hay ") && status(end).contains("lines 230-250"), "the match on the last page: \(end.screen[0]) \(status(end))")
        end.press(.character("n"))
        #expect(end.screen[0].hasPrefix("╭─ more "), "then the next card: \(end.screen[0])")
    }

    /// After a resize, `n` and `N` look from the view: the match's line number counted the lines
    /// of the old width (n, on a text wrapped into twice the rows, found the match it was on).
    @Test func afterAResizeNLooksFromTheView() {
        var text = (1...100).map { "filler line \($0) with words enough to wrap at a narrow width, twice" }
        text[19] = "needle one is here"
        text[49] = "needle two is here"
        text[79] = "needle three is here"
        let deck = CardList([
            Card(id: "a.txt", title: "a", content: .text(TextDocument(plainText: text.joined(separator: "\n")))),
            Card(id: "b.txt", title: "b", content: .text(TextDocument(plainText: "a needle too"))),
        ])
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        zoomAtMatch(pilot, "needle")
        pilot.press(.character("n"))
        #expect(pilot.screen[3].contains("needle two"), "\(pilot.screen[3])")
        pilot.resize(width: 40, height: 24, wait: 0.5)
        pilot.press(.character("n"))
        #expect(pilot.screen[0].hasPrefix("╭─ a ") && pilot.screen[3].contains("needle three"), "\(pilot.screen[0]) \(pilot.screen[3])")
    }

    /// A match at the end of a long code line (wrapped in rows marked ↪) opens with the line's
    /// beginning at the top, not in its middle (a helper saw the zoom open on a `↪abc abc` row, the
    /// line's start off the screen), as long as the match stays in the upper half of the view.
    @Test func aMatchInAWrappedCodeLineOpensAtTheLinesStart() {
        let code = (1...30).map { "x\($0) = \($0)" }.joined(separator: "\n") + "\nlong = \"" + String(repeating: "abc ", count: 60) + "zebra end\"\n" + (1...30).map { "y\($0) = \($0)" }.joined(separator: "\n")
        let deck = CardList([Card(id: "w.py", title: "w", content: .text(TextDocument(blocks: [.code(code.split(separator: "\n").map { [TextSpan(String($0))] })])))])
        let pilot = Pilot(deck: deck, width: 80, height: 20)
        zoomAtMatch(pilot, "zebra")
        #expect(pilot.screen[1].contains("long = \"abc"), "\(pilot.screen[1])")
        #expect(pilot.screen.contains { $0.contains("zebra end") })
        // A paragraph too long to show from its start with the match in the upper half: two lines
        // above it, as before.
        let prose = (1...40).map { "word\($0)" }.joined(separator: " ") + " needle " + (1...400).map { "more\($0)" }.joined(separator: " ")
        let long = Pilot(deck: CardList([Card(id: "p.txt", title: "p", content: .text(TextDocument(plainText: String(repeating: "intro\n", count: 3) + prose)))]),
                         width: 40, height: 12)
        zoomAtMatch(long, "needle")
        #expect(long.screen[3].contains("needle"), "\(long.screen.joined(separator: "\n"))")
    }

    /// Without a search, `n` in the zoom says how to start one, as on the strip.
    @Test func nInTheZoomWithoutASearchSaysHowToFind() {
        let pilot = Pilot(deck: needles, width: 80, height: 24)
        pilot.press(.enter)
        pilot.wait(1)
        pilot.press(.character("n"))
        #expect(pilot.model.zoom?.index == 0 && status(pilot).contains("/ finds cards"), "\(status(pilot))")
    }

    /// The zoom's status line says which card it is, as the strip's does: Left / Right and a
    /// slideshow change the card under it (a talk played full screen did not say which slide).
    @Test func theZoomSaysWhichCardItIs() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        pilot.wait(1)
        #expect(status(pilot).hasPrefix(" 1/3  lines 1-21 of 212"), "\(status(pilot))")
        pilot.press(.right)
        #expect(status(pilot).hasPrefix(" 2/3  1 line"), "\(status(pilot))")
        let single = Pilot(deck: CardList([Card(id: "one.txt", title: "one", content: .text(TextDocument(plainText: "only")))]), width: 80, height: 24)
        single.press(.enter)
        #expect(status(single).hasPrefix(" 1 line"), "one card: no place to say \(status(single))")
        // One card a search found: the place, as the strip says it, and which card of the deck it is.
        let found = Pilot(deck: deck, width: 80, height: 24)
        found.press(.character("/"))
        found.type("only")
        found.press(.enter, .enter)
        found.wait(1)
        #expect(status(found).hasPrefix(" 1/1 (#2)  1 line  /only"), "\(status(found))")
    }

    /// A key after page turns typed while the zoom opens keeps its turn: Enter PgDn Esc at once
    /// closes the card PgDn went on to, not the first (helper-78: the strip came back to the card
    /// the zoom was opened on); so do q, Enter and PgUp, and a PgDn that scrolls first.
    @Test func aKeyAfterPageTurnsTypedWhileTheZoomOpensKeepsItsTurn() {
        let cards = CardList((1...6).map { Card(id: "\($0)", title: "card \($0)", content: .text(TextDocument(plainText: "a few words"))) })
        for (keys, index) in [([Key.pageDown, .escape], 3), ([.pageDown, .character("q")], 3), ([.pageUp, .enter], 1),
                              ([.character(" "), .character(" "), .escape], 4), ([.pageDown, .right, .escape], 4)] {
            var options = AppOptions()
            options.start = 3
            let pilot = Pilot(deck: cards, options: options, width: 80, height: 24)
            pilot.press([.enter] + keys)
            #expect(pilot.model.overlay.zoom == nil, "\(keys)")
            #expect(pilot.model.activeDeckIndex == index, "\(keys): \(status(pilot))")
        }
        // In a long text PgDn scrolls: the next key closes the same card.
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter, .pageDown, .pageDown, .escape)
        #expect(pilot.model.overlay.zoom == nil && pilot.model.activeDeckIndex == 0, "\(status(pilot))")
    }

    /// Where the text is, in numbers, is never cut on a narrow screen (helper-27: "lines 2-4 of 3…"
    /// read as a text of three lines): the keys go first, then the percentage, then the card's place.
    @Test func theZoomsLineNumbersAreNeverCut() throws {
        let regex = try Regex(#"(lines? \d+(-\d+)? of|\d+(-\d+)?/) ?212"#)
        for width in 20...90 {
            let pilot = Pilot(deck: deck, width: width, height: 12)
            pilot.press(.enter, .pageDown)
            pilot.wait(1)
            let line = status(pilot)
            #expect(line.contains(regex) && !line.contains("…"), "\(width): \(line)")
            if width >= 30 { #expect(line.hasPrefix(" 1/3  lines "), "\(width): \(line)") }
            if width >= 22 { #expect(line.contains("lines "), "\(width): \(line)") }
        }
        // Numbers too long for words: numbers alone (helper-29: "lines 1232-1234 of 12…" at 24 columns).
        let big = CardList([Card(id: "big", title: "big", content: .text(TextDocument(plainText: (1...1234).map { "row \($0)" }.joined(separator: "\n")))),
                            Card(id: "small", title: "small", content: .text(TextDocument(plainText: "x")))])
        for width in 20...40 {
            let pilot = Pilot(deck: big, width: width, height: 10)
            pilot.press(.enter, .end)
            pilot.wait(1)
            let line = status(pilot)
            #expect(line.contains("1234") && !line.contains("…"), "\(width): \(line)")
            if width >= 46 { #expect(line.contains("%") && line.hasSuffix(" Esc close "), "\(width): \(line)") }
        }
        // A text that fits ("all 2 lines"), card 112 of 120, with a slideshow's note (helper-28:
        // "112/120  all 2 li…", the note cut to a bare "…").
        let many = CardList((1...120).map { Card(id: "\($0)", title: "n\($0)", content: .text(TextDocument(plainText: "one\ntwo"))) })
        var options = AppOptions()
        options.start = 112
        options.autoplay = 50
        for width in 20...90 {
            let pilot = Pilot(deck: many, options: options, width: width, height: 12)
            pilot.press(.enter)
            pilot.wait(0.5)
            let line = status(pilot)
            #expect(line.contains("all 2 lines") && !line.contains("…"), "\(width): \(line)")
            if width >= 26 { #expect(line.hasPrefix(" 112/120  all 2 lines"), "\(width): \(line)") }
            if width >= 40 { #expect(line.contains("▶ 50s"), "\(width): \(line)") }
        }
    }

    /// The zoom's hint names the scrolling keys only where there is something to scroll: a text
    /// that fits, or a drawing, said `↑↓ scroll` all the same.
    @Test func theScrollHintShowsOnlyWhereTheTextScrolls() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        pilot.wait(1)
        #expect(status(pilot).hasSuffix(" ↑↓ scroll  ←→ card  Esc close "), "\(status(pilot))")
        pilot.press(.right)
        pilot.wait(1)
        #expect(status(pilot).hasPrefix(" 2/3  1 line") && status(pilot).hasSuffix(" ←→ card  Esc close ")
                && !status(pilot).contains("scroll"), "\(status(pilot))")
        pilot.press(.right)
        pilot.wait(1)
        #expect(!status(pilot).contains("scroll") && status(pilot).hasSuffix(" Esc close "), "a drawing: \(status(pilot))")
        pilot.press(.left, .left)
        pilot.wait(1)
        #expect(status(pilot).contains("↑↓ scroll"), "back to the long text: \(status(pilot))")
    }

    /// `?` in a zoomed card shows its own keys (it did nothing, helper-11); any other key closes
    /// the help and leaves the card open, q too (q closes, in a zoom; it does not quit).
    @Test func questionMarkShowsTheZoomsKeys() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        pilot.wait(1)
        pilot.press(.character("?"))
        let screen = pilot.screen.joined(separator: "\n")
        #expect(pilot.model.helpOpen && screen.contains("Keys") && screen.contains("scroll a line") && screen.contains("top / end of the text"),
                "\(screen)")
        #expect(!screen.contains("zoomed:") && !screen.contains("a screenful back"), "the zoom's keys, not the strip's: \(screen)")
        #expect(!screen.contains("╭─ long") && !screen.contains("line number"), "the card hidden while it is open: \(screen)")
        pilot.press(.character("q"))
        #expect(pilot.outcome == nil && !pilot.model.helpOpen && pilot.model.zoom != nil, "q closed the help alone")
        pilot.press(.character("?"), .character("x"))
        #expect(!pilot.model.helpOpen && pilot.model.zoom != nil, "another key closes the help")
    }

    /// `/` in the zoom closes it and opens the search line, so what is typed next is the search's
    /// (typed in the zoom, "/zebra" had no search to go to: `e` opened the card in an editor).
    @Test func aSlashInTheZoomFinds() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        pilot.wait(1)
        #expect(pilot.model.zoom != nil)
        pilot.press(.character("/"))
        pilot.type("zebra")
        #expect(pilot.model.zoom == nil && pilot.model.overlay.searching)
        #expect(status(pilot).hasPrefix(" /zebra"), "\(status(pilot))")
        #expect(pilot.terminal.commandsRun.isEmpty, "no editor opened")
    }

    @Test func theTextScrollsByLinesPagesAndToEitherEnd() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        pilot.press(.down, .character("j"))
        #expect(status(pilot).contains("lines 3-23 of 212"))
        #expect(pilot.screen[1].contains("line number 3 "))
        pilot.press(.pageDown)
        #expect(status(pilot).contains("lines 23-43 of 212"), "a page keeps one line of the last")
        pilot.press(.end)
        #expect(status(pilot).contains("lines 192-212 of 212"))
        #expect(pilot.screen[21].contains("line number 212"))
        pilot.press(.down)
        #expect(status(pilot).contains("lines 192-212 of 212"), "it stops at the end")
        pilot.press(.character("k"), .pageUp)
        #expect(status(pilot).contains("lines 171-191 of 212"))
        pilot.press(.home)
        #expect(status(pilot).contains("lines 1-21 of 212"))
        pilot.press(.up)
        #expect(status(pilot).contains("lines 1-21 of 212"), "and at the top")
        pilot.wheel(up: false)
        #expect(status(pilot).contains("lines 4-24 of 212"), "the wheel scrolls three lines")
    }

    @Test(arguments: [Key.escape, .enter, .character("q")])
    func closeKeysCloseTheZoomAndQDoesNotQuit(key: Key) {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.character(" "))
        #expect(pilot.program.model.zoom != nil)
        pilot.press(key)
        #expect(pilot.program.model.zoom == nil)
        #expect(pilot.outcome == nil, "closing the zoom does not quit")
        #expect(status(pilot).contains("1/3"), "the carousel is back")
        pilot.press(.character("q"))
        #expect(pilot.outcome == .quit, "q quits once the zoom is closed")
    }

    /// PgDn and Space page through the text and, from its last page, go on to the next card,
    /// zoomed at its top; PgUp and b page back and, from the top, go to the card before, at its
    /// last page: a pager's
    /// keys and a presenter's clicker (helper-65: PgDn stopped at a slide's end, Space closed it).
    @Test func pageKeysTurnToTheNextCardFromTheTextsEnd() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        pilot.press(.character(" "))
        #expect(status(pilot).contains("lines 21-41 of 212"), "a page on: \(status(pilot))")
        pilot.press(.end, .pageDown)
        #expect(pilot.model.zoom?.index == 1 && pilot.model.zoom?.first == 0, "past the end, the next card")
        #expect(pilot.screen[0].hasPrefix("╭─ short "), "\(pilot.screen[0])")
        pilot.press(.character(" "))
        #expect(pilot.model.zoom?.index == 2, "a text that fits turns at once")
        pilot.press(.character(" "))
        #expect(pilot.model.zoom?.index == 2 && pilot.outcome == nil, "the last card stays, zoomed")
        pilot.press(.pageUp, .character("b"))
        #expect(pilot.model.zoom?.index == 0 && status(pilot).contains("lines 192-212 of 212"), "back, the card before at its last page: \(status(pilot))")
        pilot.press(.character("b"))
        #expect(pilot.model.zoom?.index == 0 && status(pilot).contains("lines 172-192 of 212"), "paging back within the text: \(status(pilot))")
        pilot.press(.home, .pageDown, .pageDown, .character("b"))
        #expect(pilot.model.zoom?.index == 0 && status(pilot).contains("lines 21-41 of 212"), "\(status(pilot))")
    }

    /// Keys typed before the zoom's first full frame said how long its text is turn it as if typed
    /// one by one: Enter and PgDn in one burst page, a second PgDn from the end turns.
    @Test func pageKeysTypedAsTheZoomOpensWaitForItsText() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.right, .enter, .pageDown, .pageDown)
        pilot.wait(1)
        #expect(pilot.model.zoom?.index == 2, "the short note fits: each PgDn turned: \(String(describing: pilot.model.zoom))")
    }

    @Test func ctrlCStillQuitsFromAZoom() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter, .controlC)
        #expect(pilot.outcome == .interrupted)
    }

    /// Digits go to a card and keep it zoomed, as Left and Right do (helper-16: a talk full screen
    /// could not go to slide 9 without closing it).
    @Test func digitsGoToACardZoomed() {
        let deck = CardList((1...12).map { Card(id: "s\($0)", title: "slide \($0)", content: .text(TextDocument(plainText: "text of slide \($0)"))) })
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter)
        pilot.press(.character("9"))
        pilot.wait(1)
        #expect(pilot.model.zoom?.index == 8 && pilot.screen[0].hasPrefix("╭─ slide 9 "), "\(pilot.screen[0])")
        pilot.press(.character("1"), .character("1"))
        pilot.wait(1)
        #expect(pilot.model.zoom?.index == 10 && status(pilot).hasPrefix(" 11/12 "), "\(status(pilot))")
    }

    @Test func leftAndRightShowTheNeighbouringCardsZoomed() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter, .down, .right)
        #expect(pilot.screen[0].hasPrefix("╭─ short "), "\(pilot.screen[0])")
        #expect(status(pilot).contains("1 line"))
        pilot.press(.right)
        #expect(pilot.screen[0].hasPrefix("╭─ drawing "))
        pilot.press(.left, .left)
        #expect(status(pilot).contains("lines 1-21 of 212"), "a card comes back at the top of its text")
    }

    @Test func theZoomGrowsFromTheCardUnlessMotionIsReduced() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter, wait: 0.03)
        #expect(!pilot.screen[0].hasPrefix("╭─ long"), "a moment after Enter it is still growing")
        pilot.wait(0.4)
        #expect(pilot.screen[0].hasPrefix("╭─ long"))
        #expect(!pilot.program.model.isAnimating, "and then nothing moves")

        var options = AppOptions()
        options.reduceMotion = true
        let reduced = Pilot(deck: deck, options: options, width: 80, height: 24)
        reduced.press(.enter, wait: 0)
        #expect(reduced.screen[0].hasPrefix("╭─ long"), "at once with reduced motion")
    }

    @Test func textIsLaidOutAgainForTheScreen() {
        let prose = (1...60).map { "word\($0)" }.joined(separator: " ")
        let pilot = Pilot(deck: CardList([Card(id: "p", title: "prose", content: .text(TextDocument(plainText: prose)))]), width: 120, height: 30)
        pilot.press(.enter)
        let text = pilot.screen.joined(separator: "\n")
        for n in 1...60 { #expect(text.contains("word\(n)"), "word\(n)") }
        // It fits: one line of text, in as many rows as it takes.
        #expect(status(pilot).hasPrefix(" 1 line "), "\(status(pilot))")
    }

    /// A resize wraps the text again; the zoom keeps the reader's place (the text that was at the
    /// top), not the line number, narrower or wider.
    @Test func aResizeKeepsTheReadersPlace() throws {
        let words = (1...60).map { "Paragraph \($0) says: " + String(repeating: "word\($0) ", count: 14) }
        let prose = CardList([Card(id: "prose.txt", title: "prose", content: .text(TextDocument(plainText: words.joined(separator: "\n"))))])
        let pilot = Pilot(deck: prose, options: { var o = AppOptions(); o.reduceMotion = true; return o }(), width: 100, height: 30)
        pilot.press(.enter)
        for _ in 0..<60 { pilot.press(.down) }
        let top = try #require(pilot.screen[1].split(separator: " ").first { $0.hasPrefix("word") || $0.hasPrefix("Paragraph") })
        let paragraph = try #require(pilot.screen[1].firstMatch(of: /word(\d+)/)?.1).description
        for (width, height) in [(50, 30), (120, 40), (100, 30)] {
            pilot.resize(width: width, height: height)
            let first = pilot.screen.dropFirst().first { !$0.trimmingCharacters(in: CharacterSet(charactersIn: " │")).isEmpty } ?? ""
            #expect(first.contains("word\(paragraph)") || first.contains("Paragraph \(paragraph) "),
                    "\(width)x\(height): the top shows paragraph \(paragraph) (\(top)) again: \(first)")
        }
    }

    /// `--render --keys ...,resize:COLSxROWS` keeps the reader's place as the program does: the
    /// keys before the resize are drawn at the old size first, as a terminal shows them, and the
    /// zoom opens again at the text it showed (all at once, the keys were taken at the new size:
    /// "lines 16-25" where the program, resized by hand, showed "lines 9-16", a helper saw).
    @Test func aResizeInTheKeysKeepsTheReadersPlaceAsTheProgramDoes() {
        let words = (1...60).map { "Paragraph \($0) says: " + String(repeating: "word\($0) ", count: 14) }
        let prose = CardList([Card(id: "prose.txt", title: "prose", content: .text(TextDocument(plainText: words.joined(separator: "\n"))))])
        let keys: [Key] = [.enter, .pageDown, .pageDown]
        let fast = HeadlessRenderer.render(deck: prose, options: AppOptions(), width: 40, height: 20,
                                           keys: keys.map(ScriptStep.key) + [.resize(width: 100, height: 20)], time: nil, glyphs: .unicode)
        let pilot = Pilot(deck: prose, width: 40, height: 20)
        for key in keys { pilot.press(key, wait: 0.5) }
        let paragraph = pilot.screen[1].firstMatch(of: /word(\d+)|Paragraph (\d+)/).map { String($0.1 ?? $0.2 ?? "") } ?? "?"
        pilot.resize(width: 100, height: 20, wait: 0.5)
        #expect(fast == pilot.screen, "\(fast.last ?? "") against \(pilot.screen.last ?? "")")
        #expect(fast[1].contains("word\(paragraph) ") || fast[1].contains("Paragraph \(paragraph) "),
                "the paragraph at the top before the resize (\(paragraph)): \(fast[1])")
    }

    /// Resized to another width and back, again and again, the zoom shows the same top row: each
    /// width finds its place from where the reader left the text, not from the last width (each
    /// round trip moved the view up a row or two: a helper saw a paragraph's drift in two).
    @Test func resizesBackAndForthKeepTheSameTopRow() {
        // Paragraphs of 5 to 44 words, so that rows fall differently at each width.
        let vocabulary = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua"
            .split(separator: " ")
        let paragraphs = (1...60).map { i in
            "Paragraph \(i) " + (0..<(5 + (i * 37) % 40)).map { String(vocabulary[(i * 7 + $0 * 3) % vocabulary.count]) }.joined(separator: " ")
        }
        let prose = CardList([Card(id: "prose.txt", title: "prose", content: .text(TextDocument(plainText: paragraphs.joined(separator: "\n"))))])
        let pilot = Pilot(deck: prose, width: 100, height: 30)
        pilot.press(.enter, wait: 1)
        for _ in 0..<3 { pilot.press(.pageDown, wait: 0.1) }
        let top = pilot.screen[1]
        for round in 1...3 {
            pilot.resize(width: 60, height: 20, wait: 0.3)
            pilot.resize(width: 100, height: 30, wait: 0.3)
            #expect(pilot.screen[1] == top, "round \(round): \(pilot.screen[1]) against \(top)")
        }
        let first = pilot.model.zoom?.first ?? -1
        pilot.press(.down)
        #expect(pilot.model.zoom?.first == first + 1, "scrolling goes on from there: \(first) -> \(String(describing: pilot.model.zoom?.first)) \(pilot.screen[1])")
    }

    /// A zoom that grew to its match and is then resized keeps its place: the widths it passed
    /// through while growing are not where the reader left it (a review saw the top move ten
    /// words down, the anchor kept from the growing zoom's first, narrow frame).
    @Test func aZoomOpenedAtAMatchKeepsItsPlaceThroughAResize() {
        let prose = (1...40).map { "word\($0)" }.joined(separator: " ") + " needle " + (1...400).map { "more\($0)" }.joined(separator: " ")
        let deck = CardList([Card(id: "p.txt", title: "p", content: .text(TextDocument(plainText: String(repeating: "intro\n", count: 3) + prose)))])
        let pilot = Pilot(deck: deck, width: 40, height: 12)
        zoomAtMatch(pilot, "needle")
        let top = pilot.screen[1]
        pilot.resize(width: 60, height: 12, wait: 0.5)
        pilot.resize(width: 40, height: 12, wait: 0.5)
        #expect(pilot.screen[1] == top, "\(pilot.screen[1]) against \(top)")
    }

    /// Keys typed while the zoom is still growing (quickly after Enter, or all at once by
    /// `--render --keys`) scroll the text as the full zoom shows it: PgDn went a line or two (the
    /// growing zoom's page) or nowhere (lines counted at a narrower width, mapped back).
    @Test func keysTypedWhileTheZoomGrowsScrollTheFullZoom() {
        let text = (1...300).map { "line \($0) of the long note, with some words to wrap at narrow widths" }
        let deck = CardList([Card(id: "long.txt", title: "long", content: .text(TextDocument(plainText: text.joined(separator: "\n"))))])
        for keys: [Key] in [[.enter, .pageDown], [.enter, .pageDown, .pageDown], [.enter, .down, .down], [.enter, .end, .up], [.enter, .pageDown, .home]] {
            let fast = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 80, height: 24, keys: keys.map(ScriptStep.key),
                                               time: nil, glyphs: .unicode)
            let pilot = Pilot(deck: deck, width: 80, height: 24)
            for key in keys { pilot.press(key, wait: 0.5) }
            #expect(fast == pilot.screen, "\(keys): \(fast.last ?? "") against \(pilot.screen.last ?? "")")
        }
    }

    /// Keys typed with Enter that scroll past the end and back (helper-39: Enter, PgDn, PgDn, PgUp
    /// in one burst on a slide of 40 lines ended on its last page, each PgDn past the end
    /// swallowing a later key): each is kept within the text as the full zoom shows it, as when
    /// they are typed one at a time, also from a search's match.
    @Test func keysTypedWithEnterPastTheEndComeBackAsTypedOneByOne() {
        let text = (1...40).map { "bullet \($0)" + ($0 == 30 ? " needle" : "") }
        let deck = CardList([Card(id: "slide.md", title: "slide", content: .text(TextDocument(plainText: text.joined(separator: "\n"))))])
        for keys: [Key] in [[.enter, .pageDown, .pageDown, .pageUp], [.enter, .pageDown, .pageDown, .up],
                            [.enter, .end, .down, .down, .pageUp], [.enter, .pageDown, .end, .home, .down]] {
            let fast = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 80, height: 24, keys: keys.map(ScriptStep.key),
                                               time: nil, glyphs: .unicode)
            let pilot = Pilot(deck: deck, width: 80, height: 24)
            for key in keys { pilot.press(key, wait: 0.5) }
            #expect(fast == pilot.screen, "\(keys): \(fast.last ?? "") against \(pilot.screen.last ?? "")")
        }
        let burst = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 80, height: 24,
                                            keys: [Key.enter, .pageDown, .pageDown, .pageUp].map(ScriptStep.key), time: nil, glyphs: .unicode)
        #expect(burst.last?.contains("lines 1-21 of 40") == true, "\(burst.last ?? "")")
        // From a match: the zoom opens at line 30's match, then goes past the end and back.
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.character("/"))
        pilot.type("needle")
        pilot.press(.enter)
        pilot.press(.enter, .pageDown, .pageDown, .pageUp)
        #expect(status(pilot).contains("lines 1-21 of 40"), "\(status(pilot))")
    }

    /// `n`, `N`, scrolls, Home and End typed with Enter are taken in the order typed, as one by one
    /// (helper-42: after Enter, n, Down the view scrolled before it went to the match; after Enter,
    /// n, Home it went to the match after Home).
    @Test func keysTypedWithEnterAreTakenInTheirOrder() {
        let text = (1...80).map { "line \($0)" + ([10, 30, 50].contains($0) ? " needle" : "") }
        let deck = CardList([Card(id: "n.txt", title: "n", content: .text(TextDocument(plainText: text.joined(separator: "\n"))))])
        let search: [Key] = [.character("/")] + "needle".map { Key.character($0) } + [.enter]
        for keys: [Key] in [[.enter, .character("n"), .home], [.enter, .character("n"), .down], [.enter, .down, .character("n")],
                            [.enter, .character("n"), .character("N"), .pageDown], [.enter, .end, .character("N")]] {
            let fast = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 80, height: 24,
                                               keys: (search + keys).map(ScriptStep.key), time: nil, glyphs: .unicode)
            let pilot = Pilot(deck: deck, width: 80, height: 24)
            for key in search + keys { pilot.press(key, wait: 0.5) }
            #expect(fast == pilot.screen, "\(keys): \(fast.last ?? "") against \(pilot.screen.last ?? "")")
        }
    }

    @Test func artIsDrawnAsLargeAsItFits() {
        let pilot = Pilot(deck: CardList(try! DeckLoader.builtin().cards), width: 100, height: 30)
        let before = pilot.screen.joined().filter { $0 == "@" }.count
        pilot.press(.enter)
        let after = pilot.screen.joined().filter { $0 == "@" }.count
        #expect(after > 2 * before, "\(before) -> \(after)")
        assertGolden(pilot.screen, named: "zoom-art-100x30")
    }

    @Test(arguments: [(80, 24), (120, 36)])
    func zoomedNotesGolden(size: (Int, Int)) {
        let notes = CardList(try! DeckLoader.load(paths: [TextCardTests.notesPath]).cards)
        let pilot = Pilot(deck: notes, width: size.0, height: size.1)
        pilot.press(.character("6"), wait: 1)
        pilot.press(.enter)
        assertGolden(pilot.screen, named: "zoom-notes-\(size.0)x\(size.1)")
    }

    @Test func keysPressedWithEnterScrollTheZoomAtOnce() {
        let pilot = Pilot(deck: deck, width: 80, height: 24)
        pilot.press(.enter, .end)
        #expect(status(pilot).contains("lines 192-212 of 212"), "\(status(pilot))")
    }

    @Test func withReducedMotionLeftAndRightStillChangeTheZoomedCard() {
        var options = AppOptions()
        options.reduceMotion = true
        let pilot = Pilot(deck: deck, options: options, width: 80, height: 24)
        pilot.press(.enter, .right)
        #expect(pilot.screen[0].hasPrefix("╭─ short "), "\(pilot.screen[0])")
    }
}
