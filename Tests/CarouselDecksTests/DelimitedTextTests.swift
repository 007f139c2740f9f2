import CarouselCanvas
import CarouselCards
@testable import CarouselDecks
import CarouselText
import Testing

/// CSV and TSV files are tables: the header first, numbers aligned right, fields read as
/// spreadsheets write them.
@Suite struct DelimitedTextTests {
    func rows(_ text: String, _ separator: Character = ",") -> [[String]] {
        DelimitedText.rows(Array(text.utf8), separator: separator.asciiValue!)
    }

    @Test func fieldsAreReadAsSpreadsheetsWriteThem() {
        #expect(rows("a,b,c\n1,2,3\n") == [["a", "b", "c"], ["1", "2", "3"]])
        // Quotes hold separators, line breaks (shown as a space) and doubled quotes.
        #expect(rows("name,quote\r\n\"Lovelace, Ada\",\"She said \"\"yes\"\"\nthen left\"\r\n") ==
                [["name", "quote"], ["Lovelace, Ada", "She said \"yes\" then left"]])
        // Spaces around an unquoted field go; blank lines are not rows; the last line needs no break.
        #expect(rows(" a , b \n\n c,d") == [["a", "b"], ["c", "d"]])
        // Empty fields, a ragged row, a quote inside an unquoted field (kept).
        #expect(rows("a,,c\nx\n5\"6,7") == [["a", "", "c"], ["x"], ["5\"6", "7"]])
        // A tab or an escape in a field is made clean, as a title is.
        #expect(rows("a\tb\u{1B}[31m\n", ",") == [["a b␛[31m"]])
        #expect(rows("a\tb\n1\t2\n", "\t") == [["a", "b"], ["1", "2"]])
    }

    /// A quote never closed is a letter: the rows after it are read, not swallowed into one field.
    @Test func aQuoteNeverClosedIsALetter() {
        #expect(rows("a,b\n\"unclosed,2\nc,3\nd,4\n") == [["a", "b"], ["\"unclosed", "2"], ["c", "3"], ["d", "4"]])
        // Doubled quotes after it kept it open to the end: read again, they are letters too.
        #expect(rows("a,\"b\nc,d\"\"e\n") == [["a", "\"b"], ["c", "d\"\"e"]])
        // A closed quote before it still quotes.
        #expect(rows("x,\"1,5\"\n\"y,2\nz\n") == [["x", "1,5"], ["\"y", "2"], ["z"]])
        #expect(rows("id\tnote\n1\t\"12\" ruler\n2\t\"6 inch\n3\tpen\n", "\t") ==
                [["id", "note"], ["1", "12 ruler"], ["2", "\"6 inch"], ["3", "pen"]])
    }

    @Test func aTableHasItsHeaderFirstAndNumbersAlignedRight() throws {
        let bytes = Array("\u{FEFF}name,score,city\nAda,99,London\nGrace,-3.5e2,\nAlan,,Wilmslow\n".utf8)
        let table = try #require(DelimitedText.table(bytes, separator: UInt8(ascii: ",")))
        #expect(table.alignments == [.left, .right, .left])
        #expect(table.plainRows == ["name | score | city", "Ada | 99 | London", "Grace | -3.5e2 | ", "Alan |  | Wilmslow"],
                "the byte-order mark Excel writes is not part of the first name")
        let lines = TextLayout.lines(for: TextDocument(blocks: [.table(table)]), width: 40, cellWidth: CharacterWidth.of).map(\.text)
        #expect(lines == [
            "name  |  score | city    ",
            "------+--------+---------",
            "Ada   |     99 | London  ",
            "Grace | -3.5e2 |         ",
            "Alan  |        | Wilmslow",
        ])
        // One column is a list: not a table.
        #expect(DelimitedText.table(Array("a\nb\n".utf8), separator: UInt8(ascii: ",")) == nil)
        #expect(!DelimitedText.isNumber("1e") && !DelimitedText.isNumber("inf") && !DelimitedText.isNumber("-") && DelimitedText.isNumber("+0.25"))
        // Figures as spreadsheets export them (helper-89: a price column aligned left).
        for figure in ["1,234.50", "12,000.00", "+3.5%", "-0.25%", "0%", "$1,234", "-€4.20", "12.00 €", "1,234,567.89"] {
            #expect(DelimitedText.isNumber(figure), "\(figure)")
        }
        for other in ["1,23", "12,34,567", "1,2345", ",123", "%", "$", "3.5%%", "2026-01-01", "12:00", "v1.2", "1 234"] {
            #expect(!DelimitedText.isNumber(other), "\(other)")
        }
    }

    /// A `.csv` or `.tsv` file in a deck is a table card; `--kind text` shows the file as written.
    @Test func csvAndTSVFilesAreTableCards() throws {
        let scratch = try Scratch()
        scratch.write("name,city\nAda,London\n", to: "people.csv")
        scratch.write("id\tvalue\n1\t10\n", to: "values.tsv")
        let deck = try DeckLoader.load(paths: [scratch.path])
        #expect(deck.cards.map(\.title) == ["people", "values"])
        for card in deck.cards {
            guard case .text(let document) = card.content, case .table? = document.blocks.first else {
                Issue.record("\(card.title) is not a table: \(card.content)")
                continue
            }
        }
        #expect(deck.cards[0].lines == ["name | city", "Ada | London"])
        let text = try DeckLoader.load(paths: [scratch.path], options: LoadOptions(kind: .text))
        #expect(text.cards[0].lines == ["name,city", "Ada,London"])
    }
}
