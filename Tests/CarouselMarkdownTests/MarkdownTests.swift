import CarouselCanvas
@testable import CarouselMarkdown
import CarouselTestSupport
import CarouselText
import Testing

@Suite struct MarkdownTests {
    func lines(_ document: TextDocument, width: Int = 40, ascii: Bool = true) -> [String] {
        TextLayout.lines(for: document, width: width, ascii: ascii, cellWidth: CharacterWidth.of).map(\.text)
    }

    /// Every span of the document's paragraphs, in order.
    func spans(_ document: TextDocument) -> [TextSpan] {
        document.blocks.flatMap { block -> [TextSpan] in
            if case .paragraph(let spans, _) = block { return spans }
            return []
        }
    }

    /// A GitHub pipe table keeps its rows as rows, in columns (CommonMark alone reads it as one
    /// paragraph, which wrapped into a line of words and bars); alignment colons are honoured.
    @Test func pipeTablesKeepTheirColumns() {
        let source = """
            Before.

            | Item | Qty | Price |
            |:-----|:---:|------:|
            | Apple | 3 | 1.20 |
            | Banana split | 12 | 10.50 |
            | `x` | | |

            After.
            """
        let document = Markdown.document(from: source)
        #expect(lines(document, width: 60) == [
            "Before.", "",
            "Item         | Qty | Price",
            "-------------+-----+------",
            "Apple        |  3  |  1.20",
            "Banana split | 12  | 10.50",
            "x            |     |      ",
            "", "After.",
        ])
        // Too narrow for its columns: one record after another (see `aTableFitsTheCardsWidth`).
        #expect(lines(document, width: 12) == [
            "Before.", "",
            "Item: Apple", "Qty: 3", "Price: 1.20", "",
            "Item: Banana", "  split", "Qty: 12", "Price: 10.50", "",
            "Item: x", "", "After.",
        ])
        // Bars without a delimiter row, or a header of another width, are prose.
        #expect(lines(Markdown.document(from: "a | b\nc | d"), width: 40) == ["a | b c | d"])
        #expect(lines(Markdown.document(from: "| a | b |\n|---|\n| c | d |"), width: 40) == ["| a | b | |---| | c | d |"])
    }

    /// A table wider than the card is narrowed to fit it: the widest columns give up cells first,
    /// their cells wrap inside them at their words (a column keeps its longest word up to 12 cells,
    /// then if need be 6 letters, breaking words); alignment holds on every row of a cell. When
    /// even that cannot fit, each row is shown as a record: a cell a line after its column's name,
    /// the lines it wraps to indented.
    @Test func aTableFitsTheCardsWidth() {
        let source = """
            | Flag | Default | Meaning |
            |:-----|:-------:|--------:|
            | `-z` | 14 | zoom level, the higher the more detailed the tiles |
            | `-o` | `./tiles` | output directory |
            """
        let document = Markdown.document(from: source)
        #expect(lines(document, width: 80) == [
            "Flag | Default |                                            Meaning",
            "-----+---------+---------------------------------------------------",
            "-z   |   14    | zoom level, the higher the more detailed the tiles",
            "-o   | ./tiles |                                   output directory",
        ])
        #expect(lines(document, width: 36) == [
            "Flag | Default |             Meaning",
            "-----+---------+--------------------",
            "-z   |   14    |     zoom level, the",
            "     |         |     higher the more",
            "     |         |  detailed the tiles",
            "-o   | ./tiles |    output directory",
        ])
        // Where the columns cannot keep their words whole, records: they read whole (the columns
        // showed `Descri-` / `ption` and `carou-` / `sel`; helper-80 saw `Lovel-` / `ace`).
        let long = Markdown.document(from: "| Name | Description |\n|---|---|\n| carousel | A deck of cards that scrolls |\n")
        #expect(lines(long, width: 17) == ["Name: carousel", "Description: A", "  deck of cards", "  that scrolls"])
        // A word up to 20 letters is broken only when the other columns, narrowed to their own
        // words, leave no room for it (`Mathemati-` / `cian` showed while the names had room to give).
        let people = Markdown.document(from: "| Who | Role |\n|---|---|\n| Ada Lovelace of London | Mathematician, poet |\n| Ken Thompson | Engineer |\n")
        #expect(lines(people, width: 28) == [
            "Who         | Role          ",
            "------------+---------------",
            "Ada         | Mathematician,",
            "Lovelace of | poet          ",
            "London      |               ",
            "Ken         | Engineer      ",
            "Thompson    |               ",
        ])
        // Where the long word breaks anyway, the other columns are not first narrowed to their
        // words (review: `Meaning` a word a row beside `internationaliz-`).
        let term = Markdown.document(from: "| Term | Meaning |\n|---|---|\n| internationalization | the act of making a program fit many languages |\n")
        #expect(lines(term, width: 28) == [
            "Term         | Meaning      ",
            "-------------+--------------",
            "internation- | the act of   ",
            "alization    | making a     ",
            "             | program fit  ",
            "             | many         ",
            "             | languages    ",
        ])
        // Records at last; a header alone is its names.
        #expect(lines(document, width: 20) == [
            "Flag: -z", "Default: 14", "Meaning: zoom level,", "  the higher the", "  more detailed the", "  tiles", "",
            "Flag: -o", "Default: ./tiles", "Meaning: output", "  directory",
        ])
        #expect(lines(Markdown.document(from: "| Flag | Default | Meaning |\n|---|---|---|\n"), width: 12) == ["Flag", "Default", "Meaning"])
        // In a list item, its marker stands on the first line only.
        let item = Markdown.document(from: "- | alpha | beta |\n  |---|---|\n  | one two three | four five six |\n  | x | y |\n")
        #expect(lines(item, width: 12) == ["- alpha: one", "    two", "    three", "  beta: four", "    five six", "", "  alpha: x", "  beta: y"])
        // A cell of thousands of letters is narrowed like any other: the other column keeps its width.
        let words = (1...800).map { "word\($0)" }.joined(separator: " ")
        let huge = lines(Markdown.document(from: "| Key | Text |\n|---|---|\n| k | \(words) |\n"), width: 30)
        #expect(huge.count > 100 && huge.allSatisfy { $0.count == 30 })
        #expect(huge[2] == "k   | word1 word2 word3 word4 ")
        #expect(TextLayout.lines(for: document, width: 36, cellWidth: CharacterWidth.of).allSatisfy { $0.width <= 36 })
    }

    /// Raw HTML shows the text a browser would show, without its tags: `<kbd>` keys, `<br>` breaks,
    /// an image's `alt`, a centred logo paragraph, a `<details>` block, entities decoded; comments,
    /// scripts and images without `alt` show nothing. Other raw HTML (a `<?php ?>`) shows as written.
    @Test func rawHTMLShowsItsText() {
        let source = """
            Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop,<br>or <b>q</b>. <img src="x.png" alt="a cat"> <?php echo 1; ?>

            <p align="center">
              <img src="logo.png" alt="Atlas &amp; co" width="200">
            </p>

            <details>
            <summary>More &rarr;</summary>

            Hidden text, &#169; 2026 &#x2014; &unknown; ok.
            </details>

            <!-- a comment -->

            <div><img src="spacer.gif"></div>

            <script>alert("no")</script>

            | Key | Does |
            |---|---|
            | <kbd>q</kbd> | quit<br>at once |
            """
        let document = Markdown.document(from: source)
        #expect(lines(document, width: 60, ascii: false) == [
            "Press Ctrl+C to stop,",
            "or q. [image: a cat] <?php echo 1; ?>",
            "",
            "[image: Atlas & co]",
            "",
            "More →",
            "",
            "Hidden text, © 2026 — &unknown; ok.",
            "",
            "[image: spacer.gif]",
            "",
            "Key | Does        ",
            "----+-------------",
            "q   | quit at once",
        ])
        // (An image is named as one: its alternative text alone read as a word of the text; helper-55.)
        #expect(spans(document).contains(TextSpan("[image: a cat]", style: SpanStyle(italic: true, role: .image))))
        #expect(spans(document).contains(TextSpan("[image: Atlas & co]", style: SpanStyle(italic: true, role: .image))))
        // A row of badges is words apart; <pre> keeps its lines and spaces.
        let badges = "<p align=\"center\">\n<a href=\"x\"><img alt=\"Build\"></a><a href=\"y\"><img alt=\"Coverage\"></a>\n</p>\n\n<pre>\n  +---+\n\n  | a |  b\n  +---+\n</pre>\n"
        #expect(lines(Markdown.document(from: badges), width: 40) == ["[image: Build] [image: Coverage]", "", "  +---+", "", "  | a |  b", "  +---+"])
        // Review finding: a bare `&` is text and does not stop the references after it.
        #expect(HTMLText.decoded("Tom & Jerry &copy; 2020 R&D &amp;") == "Tom & Jerry © 2020 R&D &")
        // Review finding: a `>` inside a quoted attribute does not end the tag.
        let arrows = "<p>\n<img alt=\"in > out\" src=x> then <a title='a>b' href=\"y\">link</a> <b data-x = \"1>2\">bold</b>\n</p>\n"
        #expect(lines(Markdown.document(from: arrows), width: 60) == ["[image: in > out] then link (y) bold"])
        // A link's address follows its text, as a Markdown link's does; not for an anchor, an address
        // the text says, or a link of images alone (a badge): in a block and in a paragraph alike.
        let links = """
            <p>Read <a href="https://x.org/guide">the guide</a>, <a href="#usage">usage</a>, <a href="https://y.org">https://y.org</a>.
            <a href="https://ci.example.org"><img alt="Build"></a></p>

            Inline <a href="https://z.org/a">page</a> and [![Coverage](c.svg)](https://cov.example.org) and <a href="https://w.org">never closed.

            After it.
            """
        let linked = Markdown.document(from: links)
        #expect(lines(linked, width: 80) == [
            "Read the guide (https://x.org/guide), usage, https://y.org. [image: Build]",
            "",
            "Inline page (https://z.org/a) and [image: Coverage] and never closed.",
            "",
            "After it.",
        ])
        #expect(spans(linked).contains(TextSpan(" (https://x.org/guide)", style: SpanStyle(dim: true, role: .url))))
        #expect(spans(linked).contains { $0.text == "page" && $0.style.role == .link && $0.style.underline })
        #expect(spans(linked).contains { $0.text == "After it." && $0.style.role != .link && !$0.style.underline },
                "a link never closed ends with its paragraph")
        // Only spaces between two tags keep the words apart.
        #expect(lines(Markdown.document(from: "<p><kbd>Ctrl</kbd> <kbd>C</kbd></p>\n"), width: 60) == ["Ctrl C"])
        #expect(HTMLText.tag("<IMG SRC='a' ALT='Big cat' />") == HTMLText.Tag(name: "img", closing: false, alt: "Big cat", src: "a"))
        // Attributes are read one after another: a name inside another's value is not one.
        #expect(HTMLText.tag("<img title=\"x alt=y\" src=a alt=\"Real\">")?.alt == "Real")
        #expect(HTMLText.tag("<img data-alt=\"no\" alt=cat/>")?.alt == "cat")
        #expect(HTMLText.tag("<a href=https://x.org/a/b title=t>")?.href == "https://x.org/a/b")
        #expect(HTMLText.tag("<img src=a.png>")?.alt == nil && HTMLText.tag("<input disabled alt = 'sp aced'>")?.alt == "sp aced")
        #expect(HTMLText.tag("</kbd>") == HTMLText.Tag(name: "kbd", closing: true, alt: nil))
        #expect(HTMLText.tag("<!-- x -->") == nil && HTMLText.tag("<?php ?>") == nil)
    }

    /// GitHub's footnotes: a reference `[^1]` shows as `[1]`, a definition opening a paragraph as
    /// `[1] text`; code keeps its brackets, and a label with a space is no footnote.
    @Test func footnotesShowTheirLabels() {
        let source = "Text here[^1] and `[^2]` and [^a b].\n\n- item[^long-label]\n\n[^1]: The footnote text.\n\n[^long-label]: Another note\n  on two lines.\n"
        let document = Markdown.document(from: source)
        #expect(lines(document, width: 60) == [
            "Text here[1] and [^2] and [^a b].",
            "",
            "- item[long-label]",
            "",
            "[1] The footnote text.",
            "",
            "[long-label] Another note on two lines.",
        ])
        let reference = spans(document).first { $0.text == "[1]" }
        #expect(reference?.style.dim == true && reference?.style.role == .url)
        #expect(spans(document).contains { $0.text == "[^2]" && $0.style.role == .code })
        // A definition of one word or an address is no link reference definition: it shows, and its
        // reference is no link; one in a code block stays as written.
        let address = "See[^src] and [^2].\n\n[^src]: https://example.org/paper\n   [^2]: Ibid\n\n```\n[^3]: code\n```\n"
        #expect(lines(Markdown.document(from: address), width: 60) == [
            "See[src] and [2].", "", "[src] https://example.org/paper", "", "[2] Ibid", "", "[^3]: code",
        ])
    }

    /// GitHub's alerts (`> [!NOTE]` on a line of its own) show the kind's name on that line; two
    /// quotes one after the other are two, the empty line between them outside both.
    @Test func gitHubAlertsShowTheirKind() {
        let source = """
            > [!NOTE]
            > Useful to *know*.

            > [!warning]
            > Careful.

            > [!NOTE] not alone on its line

            > [!TIP]

            > Plain quote `[!NOTE]`
            """
        #expect(lines(Markdown.document(from: source), width: 40, ascii: false) == [
            "│ Note",
            "│ Useful to know.",
            "",
            "│ Warning",
            "│ Careful.",
            "",
            "│ [!NOTE] not alone on its line",
            "",
            "│ Tip",
            "",
            "│ Plain quote [!NOTE]",
        ])
        let note = spans(Markdown.document(from: source)).first { $0.text == "Note" }
        #expect(note?.style.bold == true)
        // Review finding: a list inside a quote is no alert, though its item opens with the marker.
        #expect(lines(Markdown.document(from: "> - [!NOTE]\n> - two\n"), width: 40, ascii: false) == ["│ • [!NOTE]", "│ • two"])
        // A quote of two paragraphs keeps its bar on the empty line between them.
        #expect(lines(Markdown.document(from: "> one\n>\n> two\n"), width: 40, ascii: false) == ["│ one", "│", "│ two"])
    }

    /// A bar escaped as `\|` (or written `&#124;`) is a character of its cell, not a column edge, as
    /// on GitHub; inside a code span too. cmark hands the walker the bar already unescaped.
    @Test func anEscapedBarStaysInItsCell() {
        let source = #"""
            | Operator | Means |
            |---|---|
            | `a \| b` | a or b |
            | x \| y &#124; z | either |
            | back\\slash | kept |
            """#
        #expect(lines(Markdown.document(from: source), width: 60) == [
            "Operator   | Means ",
            "-----------+-------",
            "a | b      | a or b",
            "x | y | z  | either",
            "back\\slash | kept  ",
        ])
        // In a quote (the source's columns start after "> "), and with other entities.
        let quoted = "> | A | B |\n> |---|---|\n> | x \\| y | &amp; &copy; |\n"
        #expect(lines(Markdown.document(from: quoted), width: 40, ascii: false) == ["│ A     | B  ", "│ ------+----", "│ x | y | & ©"])
        // An entity of a character of two or three bytes right before an escaped bar.
        let entities = "| A | B |\n|---|---|\n| &copy;\\| x &euro;\\| | y |\n"
        #expect(lines(Markdown.document(from: entities), width: 40, ascii: false) == ["A       | B", "--------+--", "©| x €| | y"])
    }

    /// A cell keeps its inline markup as a paragraph does: code without its backticks, strong,
    /// emphasis, struck text without its tildes, a link's address after its text; the padding
    /// counts what is shown, not the markup.
    @Test func tableCellsKeepTheirMarkup() {
        let source = """
            | Tool | Note |
            |------|-----:|
            | `swift build` | **debug** |
            | make | ~~slow~~ ok |
            | *lld* | [docs](https://x.org/a|b) |
            """
        let document = Markdown.document(from: source)
        #expect(lines(document, width: 60) == [
            "Tool        |                     Note",
            "------------+-------------------------",
            "swift build |                    debug",
            "make        |                  slow ok",
            "lld         | docs (https://x.org/a|b)",
        ])
        guard case .table(let table, _) = document.blocks.first else { Issue.record("no table"); return }
        let rows = table.rows.map { $0.flatMap { $0 } }
        func style(_ text: String, row: Int) -> SpanStyle? { rows[row].first { $0.text == text }?.style }
        let laid = TextLayout.lines(for: document, width: 60, cellWidth: CharacterWidth.of)
        #expect(laid[0].content.allSatisfy { $0.style.bold }, "the header is bold")
        #expect(laid[2].content.contains { $0.text == "debug" && $0.style.bold })
        #expect(style("swift build", row: 1)?.role == .code)
        #expect(style("debug", row: 1)?.bold == true)
        #expect(style("slow", row: 2)?.strikethrough == true)
        #expect(style(" ok", row: 2)?.strikethrough == false)
        #expect(style("lld", row: 3)?.italic == true)
        #expect(style("docs", row: 3)?.role == .link)
        #expect(style(" (https://x.org/a|b)", row: 3)?.role == .url)
    }

    /// Columns are padded in terminal columns: a cell of wide characters keeps the bars in line.
    @Test func wideCharactersKeepATablesBarsInLine() {
        let source = "| City | Note |\n|---|---|\n| 東京 | big |\n| Oslo | cold |\n"
        let rows = lines(Markdown.document(from: source), width: 40, ascii: false)
        #expect(rows == ["City | Note", "-----+-----", "東京 | big ", "Oslo | cold"])
        #expect(Set(rows.map { CharacterWidth.of(String($0.prefix { $0 != "|" && $0 != "+" })) }) == [5])
    }

    @Test func aTalkOfThreeSlides() {
        let talk = """
            # Why terminals

            Text is *fast* and **everywhere**.

            ---

            # Plan

            1. Parse
            2. Lay out
            3. Draw

            ---

            # Thanks

            Questions?
            """
        let slides = Markdown.slides(from: talk)
        #expect(slides.map(\.title) == ["Why terminals", "Plan", "Thanks"])
        #expect(lines(slides[0]) == ["Text is fast and everywhere."])
        #expect(lines(slides[1]) == ["1. Parse", "2. Lay out", "3. Draw"])
        #expect(lines(slides[2]) == ["Questions?"])
        guard case .paragraph(let spans, _) = slides[0].blocks.first else { Issue.record("no paragraph"); return }
        #expect(spans.first { $0.text == "fast" }?.style.italic == true)
        #expect(spans.first { $0.text == "everywhere" }?.style.bold == true)
    }

    /// Talks title their slides with `##` as often as with `#`: the heading a slide opens with is
    /// its title whatever its level (it was "talk 2", "talk 3" on the frame and in the status
    /// line). A heading further down stays in the body, and a file of one card keeps the old rule
    /// (only `#` titles a note).
    /// A note or a slide of nothing but its heading shows the heading, as well as being titled
    /// by it (helper-18: "# Ideas for the garden" showed "(empty)", and so did a talk's
    /// "# Questions?" slide).
    @Test func aHeadingAloneIsShownNotEmpty() {
        let note = Markdown.document(from: "# Ideas for the *garden*\n")
        #expect(note.title == "Ideas for the garden")
        #expect(lines(note) == ["Ideas for the garden"])
        #expect(spans(note).contains { $0.text == "garden" && $0.style.italic }, "its emphasis kept")
        let slides = Markdown.slides(from: "# Talk\n\ntext\n\n---\n\n## Questions?\n")
        #expect(slides.map(\.title) == ["Talk", "Questions?"])
        #expect(lines(slides[1]) == ["Questions?"])
        #expect(lines(slides[0]) == ["text"], "a heading with more under it is the title only")
    }

    /// A `# Heading` after a paragraph titles the card and stays where it was written: taken
    /// out, the paragraphs around it ran together (helper-55). One the text opens with is the
    /// frame's alone.
    @Test func aLateHeadingTitlesTheCardAndStaysInTheText() {
        let note = Markdown.document(from: "Intro paragraph.\n\n# Late title\n\nBody after.\n")
        #expect(note.title == "Late title" && note.titleBlock == nil)
        #expect(lines(note) == ["Intro paragraph.", "", "Late title", "", "Body after."], "\(lines(note))")
        let slides = Markdown.slides(from: "Intro.\n\n# Late\n\nBody.\n\n---\n\n# Early\n\nBody.\n")
        #expect(slides.map(\.title) == ["Late", "Early"])
        #expect(lines(slides[0]) == ["Intro.", "", "Late", "", "Body."] && lines(slides[1]) == ["Body."])
    }

    @Test func aSlideOpeningWithAnyHeadingIsTitledByIt() {
        let talk = """
            # Shipping Swift

            A talk.

            ---

            <!-- speaker note -->
            ## Why

            - fast

            ---

            Numbers first.

            ## Numbers
            """
        let slides = Markdown.slides(from: talk)
        #expect(slides.map(\.title) == ["Shipping Swift", "Why", nil])
        #expect(lines(slides[1]).count == 1 && lines(slides[1])[0].hasSuffix(" fast"))
        #expect(lines(slides[2]) == ["Numbers first.", "", "Numbers"])
        // A lone slide (a note) opening with a heading no other is as high as is titled by it
        // (helper-14, helper-15); one opening with the first of its parts is not.
        #expect(Markdown.slides(from: "## Install\n\nRun it.").map(\.title) == ["Install"])
        #expect(Markdown.document(from: "## Install\n\nRun it.\n\n### Linux\n\napt").title == "Install")
        #expect(lines(Markdown.document(from: "## Install\n\nRun it.\n\n### Linux\n\napt"))[0] == "Run it.")
        #expect(Markdown.document(from: "### Third level\n\ntext").title == "Third level")
        #expect(Markdown.document(from: "## Attendees\n\n- Ana\n\n## Actions\n\n- ship").title == nil)
        #expect(Markdown.document(from: "## Notes\n\ntext\n\n# Real title").title == "Real title", "a # heading further down")
        #expect(Markdown.document(from: "Text first.\n\n## Heading").title == nil, "not opening with it")
        #expect(Markdown.document(from: "- ## In a list\n\n## Top").title == nil, "a heading in a list is not the opening one")
    }

    /// GitHub's task lists: a bullet item opening with `[ ]` or `[x]` shows a box in place of its
    /// bullet, its text without the brackets, wrapped lines hanging under the text; a numbered item
    /// keeps its number, the box after it; `[x]` inside a sentence or in code stays as written.
    @Test func taskListsShowABoxForTheirBullet() {
        let source = """
            - [ ] buy milk and bread and eggs
            - [x] call Dana
              - [X] nested done
            - `[ ] code`
            - plain [x] item
            1. [ ] ordered
            2. [x] and done, wrapped

            > - [ ] quoted task
            """
        let document = Markdown.document(from: source)
        #expect(lines(document, width: 20, ascii: false) == [
            "[ ] buy milk and",
            "    bread and eggs",
            "[✓] call Dana",
            "    [✓] nested done",
            "• [ ] code",
            "• plain [x] item",
            "",
            "1. [ ] ordered",
            "2. [✓] and done,",
            "       wrapped",
            "",
            "│ [ ] quoted task",
        ])
        #expect(lines(document, width: 20, ascii: true)[8] == "2. [x] and done,")
        #expect(lines(document, width: 20, ascii: true)[2...3] == ["[x] call Dana", "    [x] nested done"])
        // A quote inside the item keeps the bullet: the box would stand outside the quote.
        #expect(lines(Markdown.document(from: "- > [ ] quoted"), width: 20, ascii: false) == ["• │ [ ] quoted"])
    }

    @Test func nestedLists() {
        let source = """
            - one
              - two
                1. three
                2. four
            - five
            """
        #expect(lines(Markdown.document(from: source)) == ["- one", "  * two", "    1. three", "    2. four", "- five"])
        #expect(lines(Markdown.document(from: source), ascii: false) == ["• one", "  ◦ two", "    1. three", "    2. four", "• five"])
    }

    @Test func looseListsAndWrappedItemsHang() {
        let source = "- alpha beta gamma delta\n\n- epsilon\n\n10. ten\n11. eleven"
        #expect(lines(Markdown.document(from: source), width: 12) == [
            "- alpha beta", "  gamma", "  delta", "", "- epsilon", "", "10. ten", "11. eleven",
        ])
    }

    @Test func orderedNumbersAlignOnTheRight() {
        let source = (1...10).map { "\($0). item" }.joined(separator: "\n")
        let laid = lines(Markdown.document(from: source))
        #expect(laid.first == " 1. item" && laid.last == "10. item")
        // Numbers written `1)` keep their parenthesis, a task's too.
        #expect(lines(Markdown.document(from: "1) one\n2) [x] two\n"), ascii: true) == ["1) one", "2) [x] two"])
    }

    /// GitHub's `~~strikethrough~~`: the tildes go, the text between is struck (and dimmed); code
    /// spans keep theirs, and a run that is not a pair (spaced, unclosed, three tildes) stays.
    @Test func doubleTildesStrikeThrough() {
        func spans(_ source: String) -> [TextSpan] {
            guard case .paragraph(let spans, _)? = Markdown.document(from: source).blocks.first else { return [] }
            return spans
        }
        let done = spans("~~buy milk~~ done, call ~~Bob~~ *~~Ann~~*")
        #expect(done.plainText == "buy milk done, call Bob Ann")
        #expect(done.filter(\.style.strikethrough).map(\.text) == ["buy milk", "Bob", "Ann"])
        #expect(done.filter(\.style.strikethrough).allSatisfy { $0.style.dim })
        #expect(done.first { $0.text == "Ann" }?.style.italic == true)
        for kept in ["keep `~~code~~`", "a ~~ spaced ~~ b", "open ~~only", "three ~~~no~~~"] {
            let text = spans(kept)
            #expect(!text.contains { $0.style.strikethrough }, "\(kept)")
            #expect(text.plainText == kept.filter { $0 != "`" }, "\(kept)")
        }
        guard case .paragraph(let heading, _)? = Markdown.document(from: "# T\n\n## ~~old~~ new").blocks.first else { Issue.record("no heading"); return }
        #expect(heading.first { $0.text == "old" }?.style.strikethrough == true)
    }

    /// Each slide knows the lines of the source it comes from (from its first line that is not
    /// blank), counted as an editor counts them: front matter included, `---` lines in code kept.
    @Test func slidesKnowTheirLinesInTheSource() {
        let talk = "# A\n\ntext\n---\n\n# B\n```\n---\n```\n---\n# C"
        #expect(Markdown.numberedSlides(from: talk).map(\.lines) == [1..<4, 6..<10, 11..<12])
        let withFrontMatter = "---\ntitle: x\n---\n# A\n---\n\n\n# B\n"
        #expect(Markdown.numberedSlides(from: withFrontMatter).map(\.lines) == [4..<5, 8..<10])
        // An empty slide is dropped and the next keeps its own lines.
        #expect(Markdown.numberedSlides(from: "a\n---\n\n---\nb").map(\.lines) == [1..<2, 5..<6])
    }

    /// Each block knows the source line it begins on (a code block: its first row's), in the
    /// file's lines for a slide; an empty line set between two blocks has the next one's.
    @Test func blocksKnowTheirLinesInTheSource() {
        let note = "# Title\n\nOne\ntwo\n\n- item\n\n  > quoted\n\n```\ncode\nmore\n```\n\n    indented\n***\n<p>html</p>\n"
        let document = Markdown.document(from: note)
        #expect(document.title == "Title")
        #expect(document.blocks.count == document.blockLines.count)
        let kinds = document.blocks.map { block -> String in
            switch block {
            case .paragraph(let spans, _): spans.plainText
            case .code(let rows, _): rows.map(\.plainText).joined(separator: "/")
            case .blank: "_"
            case .rule: "rule"
            case .table: "table"
            }
        }
        #expect(zip(kinds, document.blockLines).map { "\($0)@\($1)" } == [
            "One two@3", "_@6", "item@6", "_@8", "quoted@8", "_@11", "code/more@11", "_@15", "indented@15", "_@16", "rule@16",
            "_@17", "html@17"])
        // Footnote definitions right under text (set apart for cmark by an empty line), an indented
        // block whose first row is a fence's characters, an empty list item, what follows a
        // README's <h1> (helper-23).
        func lines(_ source: String) -> [Int32] {
            let document = Markdown.document(from: source)
            return zip(document.blocks, document.blockLines).compactMap { block, line in
                if case .blank = block { return nil }
                return line
            }
        }
        #expect(lines("Text[^1] here.\nNext[^2]:\n[^1]: one\n[^2]: two\n\nAfter\n\nLast") .suffix(2) == [6, 8])
        #expect(lines("Para\n\n    ```swift\n    code") == [1, 3])
        #expect(lines("- a\n-\n- c") == [1, 2, 3])
        #expect(lines("<h1>Name</h1>\n<p>Small</p>\n\nText.") == [2, 4])
        // A slide's, in the file's lines.
        let talk = "# A\n\ntext\n---\n\n# B\n\n```\nrow\n```\n"
        #expect(Markdown.numberedSlides(from: talk).map(\.document.blockLines) == [[3], [9]])
        // Rows of a wrapped code block each at their line; a paragraph's rows at its first.
        let laid = Markdown.document(from: "Some words that wrap\n\n```\naaaaaaaaaa\nb\n```\n")
        let rows = TextLayout.lines(for: laid, width: 6, wrapsCode: true, cellWidth: { _ in 1 }).map(\.text)
        let lines = rows.indices.map { TextLayout.sourceLine(at: $0, of: laid, width: 6, wrapsCode: true, cellWidth: { _ in 1 }) }
        #expect(zip(rows, lines).map { "\($0.split(separator: " ").joined())@\($1 ?? 0)" } == [
            "Some@1", "words@1", "that@1", "wrap@1", "@4", "aaaaaa@4", "↪aaaa@4", "b@5"], "\(rows)")
        #expect(TextLayout.sourceLine(at: rows.count, of: laid, width: 6, cellWidth: { _ in 1 }) == nil, "past the end")
        #expect(TextLayout.sourceLine(at: 0, of: TextDocument(plainText: "x"), width: 6, cellWidth: { _ in 1 }) == nil, "not known")
    }

    @Test func aCodeFenceHoldingDashesDoesNotSplit() {
        let source = """
            # One

            ```yaml
            a: 1
            ---
            b: 2
            ```

            ---

            # Two
            ~~~
            ---
            ~~~
            """
        let slides = Markdown.slides(from: source)
        #expect(slides.map(\.title) == ["One", "Two"])
        #expect(slides[0].blocks == [.code(lines: ["a: 1", "---", "b: 2"])])
        #expect(slides[1].blocks == [.code(lines: ["---"])])
    }

    /// `<sup>` and `<sub>` raise and lower what they hold where Unicode has such characters, else
    /// mark it with ^ or _ (helper-65: `E=mc<sup>2</sup>` read E=mc2).
    @Test func superscriptsAndSubscriptsAreRaisedAndLowered() {
        let document = Markdown.document(from: "E=mc<sup>2</sup>, H<sub>2</sub>O, the 1<sup>st</sup>, 10<sup>-3</sup>, x<sup>Q</sup> and y<sub>10 max</sub>.\n")
        #expect(document.plainLines == ["E=mc², H₂O, the 1ˢᵗ, 10⁻³, x^Q and y_(10 max)."], "\(document.plainLines)")
    }

    /// A slide too short to tell its language is in its talk's, for hyphenation (review: each slide
    /// was guessed alone, and a German talk's short slides fell back to English).
    @Test func aShortSlideIsInItsTalksLanguage() {
        let talk = "# Einleitung\n\nWir sind nicht da, und die Tür ist zu, und der Hund ist auch nicht da.\n\n---\n\n# Wahrscheinlichkeitsrechnung\n"
        let slides = Markdown.slides(from: talk)
        #expect(slides.count == 2)
        #expect(slides.map(\.language) == ["de", "de"])
        #expect(Markdown.slides(from: "# Wahrscheinlichkeitsrechnung\n").first?.language == nil, "one slide alone tells nothing")
    }

    /// A ```diff block, and a diff file read as code, show added lines green, removed ones red,
    /// hunk headers cyan and the files' names bold, the rest in the text's colour (code's tone is
    /// green on 8 or 16 colours: unchanged lines read as added ones, helper-98); other code is one
    /// colour (helper-65).
    @Test func diffsShowTheirChangesInColour() {
        let fenced = Markdown.document(from: "```diff\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n same\n```\n")
        let file = TextDocument(code: "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n same")
        for document in [fenced, file] {
            guard case .code(let rows, _) = document.blocks.first else { Issue.record("\(document.blocks)"); continue }
            func style(_ text: String) -> SpanStyle? { rows.first { $0.plainText == text }?.first?.style }
            #expect(style("+new")?.foreground == .indexed(2) && style("-old")?.foreground == .indexed(1))
            #expect(style("@@ -1 +1 @@")?.foreground == .indexed(6))
            #expect(style("--- a/x")?.bold == true && style("+++ b/x")?.bold == true && style("+++ b/x")?.foreground == nil)
            #expect(style(" same") == SpanStyle())
        }
        // A patch's message and signature stay as they are; in a hunk a removed `--` comment is red.
        let patch = TextDocument(code: "Subject: fix\n\n- removed the cache\n---\n--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n--- old note\n+-- new note\n select 1;\n-- \n2.39\n")
        guard case .code(let rows, _) = patch.blocks.first else { Issue.record("\(patch.blocks)"); return }
        func style(_ text: String) -> SpanStyle? { rows.first { $0.plainText == text }?.first?.style }
        #expect(style("- removed the cache") == SpanStyle() && style("-- ") == SpanStyle())
        #expect(style("--- old note")?.foreground == .indexed(1) && style("+-- new note")?.foreground == .indexed(2))
        #expect(style("--- a/q.sql")?.bold == true && style("--- a/q.sql")?.foreground == nil)
        // Its unchanged lines keep their columns beside its changed ones on a narrow card.
        let go = TextDocument(code: "--- a/m.go\n+++ b/m.go\n@@ -1,4 +1,4 @@\n \tif x {\n \t\ty := 1\n-\t\treturn y\n+\t\treturn z\n")
        #expect(go.codeIndentStep == 0)
        // Other code, with lines that begin with + or -, stays one colour.
        let plain = Markdown.document(from: "```\n+1\n-1\n```\n")
        #expect(plain.blocks == [.code(lines: ["+1", "-1"])])
        #expect(TextDocument(code: "x = 1\n-- a comment\n+++ b\n").blocks == [.code(lines: ["x = 1", "-- a comment", "+++ b"])])
    }

    @Test func htmlBlocksAndUnclosedFencesAreProtected() {
        // The `---` is inside an HTML comment, an HTML block and an unclosed fence: no split.
        #expect(Markdown.slides(from: "<!--\n---\n-->\ntext").count == 1)
        let div = Markdown.slides(from: "<div>\n---\n</div>\n\ntext")
        #expect(div.count == 1)
        #expect(lines(div[0]) == ["---", "", "text"], "the block's text")
        #expect(Markdown.slides(from: "```\n---\nstill code").count == 1)
        // In CommonMark an unindented `---` ends a list item, and the fence in it with it: a split.
        #expect(Markdown.slides(from: "- item\n\n  ```\n---\n  ```\n").count == 2)
    }

    @Test func setextHeadings() {
        let equals = Markdown.slides(from: "Big title\n=========\n\nbody")
        #expect(equals.count == 1)
        #expect(equals[0].title == "Big title")
        #expect(lines(equals[0]) == ["body"])
        // A `---` line is always a slide break, even right under text.
        let dashes = Markdown.slides(from: "intro text\n---\nnext")
        #expect(dashes.count == 2)
        #expect(lines(dashes[0]) == ["intro text"])
    }

    /// Each level of heading down to the fourth looks other than the one above it (helper-94:
    /// `###` and `####` looked the same): underlined, bold alone, then slanted too.
    @Test func headingLevelsAreToldApart() {
        let document = Markdown.document(from: "text\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five")
        let styles = document.blocks.compactMap { block -> SpanStyle? in
            if case .paragraph(let spans, _) = block, let first = spans.first, case .heading = first.style.role { return first.style }
            return nil
        }
        #expect(styles.map { [$0.bold, $0.underline, $0.italic] } == [[true, true, false], [true, false, false], [true, false, true], [true, false, true]],
                "\(styles)")
    }

    @Test func otherThematicBreaksAreRules() {
        let slides = Markdown.slides(from: "a\n\n***\n\nb\n\n----\n\nc")
        #expect(slides.count == 1)
        #expect(lines(slides[0], width: 5) == ["a", "", "-----", "", "b", "", "-----", "", "c"])
    }

    @Test func emphasisInsideListItems() {
        let document = Markdown.document(from: "- *it* and **bold** and `code`")
        guard case .paragraph(let spans, let margin) = document.blocks.first else { Issue.record("no paragraph"); return }
        #expect(margin == Margin([.marker(.bullet(depth: 0))]))
        #expect(spans.first { $0.text == "it" }?.style.italic == true)
        #expect(spans.first { $0.text == "bold" }?.style.bold == true)
        #expect(spans.first { $0.text == "code" }?.style.role == .code)
        #expect(spans.plainText == "it and bold and code")
    }

    @Test func cjkText() {
        let slides = Markdown.slides(from: "# 标题\n\n中文文本很长，需要换行。\n")
        #expect(slides.first?.title == "标题")
        let laid = TextLayout.lines(for: slides[0], width: 9, cellWidth: CharacterWidth.of)
        #expect(laid.map(\.text) == ["中文文本", "很长，需", "要换行。"])
        for line in laid { #expect(line.width <= 9) }
    }

    @Test func quotesHardBreaksLinksImages() {
        let source = "> quoted words that wrap\n> second  \nline\n\nSee [docs](https://x.org) and <https://y.org> ![a cat](cat.png)"
        let document = Markdown.document(from: source)
        #expect(lines(document, width: 14) == ["| quoted words", "| that wrap", "| second", "| line", "", "See docs", "(https://", "x.org) and", "https://y.org", "[image: a cat]"])
        guard case .paragraph(let spans, _) = document.blocks.last else { Issue.record("no paragraph"); return }
        #expect(spans.first { $0.text == "docs" }?.style == SpanStyle(underline: true, role: .link))
        #expect(spans.first { $0.text.contains("a cat") }?.style.role == .image)
        // One without alternative text is named by its file (it showed nothing: helper-55), in
        // HTML too (review).
        #expect(lines(Markdown.document(from: "![](img/diagram.png?v=2)\n"), width: 40) == ["[image: diagram.png]"])
        #expect(lines(Markdown.document(from: "HTML <img src=\"pic/bird.png\"> and\n"), width: 40) == ["HTML [image: bird.png] and"])
        #expect(lines(Markdown.document(from: "<p><img src=\"block.png#top\"></p>\n"), width: 40) == ["[image: block.png]"])
        // In a heading that titles the card, its words alone (review: "[image: logo] Project").
        let titled = Markdown.document(from: "# ![logo](logo.png) Project\n\ntext\n")
        #expect(titled.title == "logo Project", "\(titled.title ?? "")")
    }

    @Test func htmlShowsItsTextAndCommentsAreHidden() {
        let document = Markdown.document(from: "<div align=\"center\">\n<b>hi</b>\n</div>\n\n<!-- speaker notes -->\n\ntext <kbd>q</kbd>")
        #expect(lines(document) == ["hi", "", "text q"])
    }

    /// A soft line break between two characters of Chinese or Japanese joins them with no space,
    /// as the text is one run ("中文 段落" read as two words); Korean, Thai (whose spaces part
    /// phrases) and every other script keep the space, and a break before or after a word of
    /// Latin letters too.
    @Test func aLineBrokenInChineseJoinsWithoutASpace() {
        #expect(lines(Markdown.document(from: "这是一个很长的\n中文段落。\n"), width: 40) == ["这是一个很长的中文段落。"])
        #expect(lines(Markdown.document(from: "日本語の文章は\nスペースなしで続く。\n"), width: 60) == ["日本語の文章はスペースなしで続く。"])
        #expect(lines(Markdown.document(from: "한국어 문장은\n띄어쓰기가 있다.\n"), width: 60) == ["한국어 문장은 띄어쓰기가 있다."])
        #expect(lines(Markdown.document(from: "使用\nSwift\n编写。\n"), width: 40) == ["使用 Swift 编写。"])
        #expect(lines(Markdown.document(from: "one\ntwo\n"), width: 40) == ["one two"])
        #expect(lines(Markdown.document(from: "\u{E2A}\u{E27}\u{E31}\u{E2A}\u{E14}\u{E35}\n\u{E04}\u{E23}\u{E31}\u{E1A}\n"), width: 40)
                == ["\u{E2A}\u{E27}\u{E31}\u{E2A}\u{E14}\u{E35} \u{E04}\u{E23}\u{E31}\u{E1A}"], "Thai keeps its space")
        // In a list item, and around emphasis.
        #expect(lines(Markdown.document(from: "- 第一行\n  *第二行*\n"), width: 40) == ["- 第一行第二行"])
        // In a task item and an alert, whose box and label change the spans first (review).
        #expect(lines(Markdown.document(from: "- [ ] *甲*\n  乙\n  丙\n"), width: 40).first?.hasSuffix("甲乙丙") == true,
                "\(lines(Markdown.document(from: "- [ ] *甲*\n  乙\n  丙\n"), width: 40))")
        #expect(lines(Markdown.document(from: "> [!NOTE]\n> 注意\n> 事项\n"), width: 40).contains { $0.hasSuffix("注意事项") },
                "\(lines(Markdown.document(from: "> [!NOTE]\n> 注意\n> 事项\n"), width: 40))")
    }

    /// `<hr>` in HTML draws a rule, as `***` does, between the text before and after it (it drew
    /// nothing: helper-58); alone or inside a block, closed or not.
    @Test func anHTMLRuleIsARule() {
        let rule = String(repeating: "-", count: 20)
        let alone = Markdown.document(from: "Above.\n\n<hr>\n\nBelow.\n")
        #expect(lines(alone, width: 20) == ["Above.", "", rule, "", "Below."], "\(lines(alone, width: 20))")
        let inside = Markdown.document(from: "<div align=\"center\">\n<p>Logo</p>\n<HR/>\n<p>tagline</p>\n</div>\n")
        #expect(lines(inside, width: 20) == ["Logo", "", rule, "", "tagline"], "\(lines(inside, width: 20))")
        #expect(Markdown.document(from: "<hr>\n").blocks.count == 1)
        // In a table's cell, nothing (a cell holds a line of text).
        let table = Markdown.document(from: "<table><tr><td>a<hr>b</td></tr></table>\n")
        #expect(lines(table).contains { $0.contains("a b") }, "\(lines(table))")
    }

    /// A README opening with an HTML `<h1>` (centred, as on GitHub) is titled by it, as by `# Name`;
    /// the rest of its block shows. Not a heading further down, nor one of nothing but a logo.
    @Test func anHTMLHeadingOpeningTheTextIsItsTitle() {
        let readme = Markdown.document(from: "<!-- badges -->\n<h1 align=\"center\">\n  <img src=\"logo.png\" alt=\"\">\n  Fancy <em>Tool</em>\n</h1>\n<p>Small and fast.</p>\n\nText.")
        #expect(readme.title == "Fancy Tool")
        #expect(lines(readme) == ["Small and fast.", "", "Text."])
        #expect(Markdown.document(from: "<H1>Shout</H1>\n\nText.").title == "Shout")
        #expect(Markdown.document(from: "<h1>Name</h1>\n\n# Other").title == "Name")
        // A logo alone, an h2, or an h1 after the text: no title of it.
        #expect(Markdown.document(from: "<h1><img src=\"logo.png\"></h1>\n\nText.").title == nil)
        #expect(Markdown.document(from: "<h2>Part</h2>\n\nText.").title == nil)
        let late = Markdown.document(from: "Text.\n\n<h1>Late</h1>\n")
        #expect(late.title == nil && lines(late) == ["Text.", "", "Late"])
        // Nothing but the heading: the card shows it.
        #expect(lines(Markdown.document(from: "<h1>Only</h1>\n")) == ["Only"])
    }

    /// An HTML `<table>` reads as a table, as a pipe table does: rows, cells (their text as HTML
    /// shows it), the first row heading it, `align` honoured; each cell was a line of its own
    /// (helper-20). HTML that is not one table alone keeps showing its text.
    @Test func anHTMLTableIsATable() {
        let html = "<table>\n  <tr><th>Key</th><th align=\"right\">Value</th></tr>\n  <tr><td>alpha</td><td>1</td></tr>\n  <tr><td><b>beta</b><br>two</td><td>22</td></tr>\n</table>\n<!-- end -->\n"
        let document = Markdown.document(from: "Before.\n\n" + html + "\nAfter.")
        guard let table = document.blocks.lazy.compactMap({ block -> TextTable? in
            if case .table(let table, _) = block { return table }
            return nil
        }).first else {
            Issue.record("no table: \(lines(document))")
            return
        }
        #expect(table.rows.map { $0.map(\.plainText) } == [["Key", "Value"], ["alpha", "1"], ["beta two", "22"]])
        #expect(table.alignments == [.left, .right])
        #expect(lines(document).first == "Before." && lines(document).last == "After.")
        // A comment in it is hidden, tags in it too; a `<` before no tag is text; `valign` is not
        // `align` (helper-26).
        let commented = Markdown.document(from: "<table>\n<tr><th>K</th><th valign=\"top\" align=right>V</th></tr>\n<!-- <tr><td>hidden</td><td>99</td></tr> -->\n<tr><td>c < d</td><td>1</td></tr>\n</table>\n")
        guard case .table(let second, _)? = commented.blocks.first else {
            Issue.record("no table: \(lines(commented))")
            return
        }
        #expect(second.rows.map { $0.map(\.plainText) } == [["K", "V"], ["c < d", "1"]])
        #expect(second.alignments == [.left, .right])
        // A caption or cells spanning others: no grid can show them; their text, as before.
        #expect(lines(Markdown.document(from: "<table><caption>Results</caption><tr><td>a</td></tr></table>\n")) == ["Results", "a"])
        #expect(lines(Markdown.document(from: "<table><tr><td colspan=\"2\">Total</td><td>3</td></tr></table>\n")) == ["Total", "3"])
        // Not a table alone: its text, as before.
        #expect(lines(Markdown.document(from: "<div>\n<table><tr><td>a</td></tr></table>\n</div>\n")) == ["a"])
        #expect(lines(Markdown.document(from: "<table><tr><td>a</td></tr></table>\n<p>and more</p>\n")) == ["a", "and more"])
    }

    @Test func headingsInTheBody() {
        let document = Markdown.document(from: "# Title\n\n## Section\n\ntext\n\n# Another")
        #expect(document.title == "Title")
        #expect(lines(document) == ["Section", "", "text", "", "Another"])
        guard case .paragraph(let spans, _) = document.blocks.first else { Issue.record("no paragraph"); return }
        #expect(spans == [TextSpan("Section", style: SpanStyle(bold: true, underline: true, role: .heading(2)))])
    }

    @Test func frontMatterIsDropped() {
        let slides = Markdown.slides(from: "---\nmarp: true\ntheme: default\n---\n\n# First\n\n---\n\n# Second")
        #expect(slides.map(\.title) == ["First", "Second"])
        // A first slide that only looks like a separator block is kept.
        let notFront = Markdown.slides(from: "---\n# Title slide\n---\nbody")
        #expect(notFront.map(\.title) == ["Title slide", nil])
    }

    @Test func emptySlidesAreDropped() {
        #expect(Markdown.slides(from: "").isEmpty)
        #expect(Markdown.slides(from: "---\n\n---\n   \n---").isEmpty)
        #expect(Markdown.slides(from: "a\r\n---\r\nb").count == 2)
    }

    @Test func deepNestingIsSafe() {
        let depth = 3000
        let document = Markdown.document(from: String(repeating: "> ", count: depth) + "deep\n\n" + String(repeating: "- ", count: depth) + "down")
        let laid = TextLayout.lines(for: document, width: 20, cellWidth: CharacterWidth.of)
        #expect(laid.contains { $0.content.plainText == "deep" })
        #expect(laid.contains { $0.content.plainText == "down" })
        for line in laid { #expect(line.width <= 20) }
    }
}
