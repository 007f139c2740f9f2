import CarouselCanvas
import CarouselCards
import CarouselDecks
@testable import CarouselRender
import Testing

/// What a card's first sight reads a byte at a time where the text is ASCII (parsing art into a
/// grid, telling a drawing from words) gives what reading it a character at a time gives: the
/// rules are written out here character by character, as they were before the fast paths, and
/// compared on the built-in deck and on lines made to fall between the two paths.
@Suite struct FirstSightTests {
    /// Lines that mix what the byte path takes (ASCII alone) with what it must leave to characters:
    /// a mark after an ASCII letter, CR LF, controls, wide and non-ASCII letters, trailing blanks,
    /// blank rows above and below, a flag, a lone mark.
    static let mixed: [[String]] = [
        ["", "  ", " /\\_/\\ ", "( o.o )  ", " > ^ <", "", ""],
        ["cafe\u{301} au lait", "naïve", "e\u{301}\u{302}\u{303}x"],
        ["a\r\nb", "\u{1}\u{7F}tab\there", "   "],
        ["東京 tower", "█▓▒░ ##", "│ box │", "🇫🇷 flag"],
        ["\u{301}lone mark", "x\u{301}", "\u{301}"],
        ["HELLO WORLD 2026", "----", "| | |"],
        // A CR LF (one character) before text that is not ASCII; characters that join the one
        // before or after them (a prepend mark, Hangul jamo, a ZWJ sequence, variation selectors);
        // whitespace that is not ASCII.
        ["ab\r\né", "\r\n東", "\u{600}1 x", "\u{1100}\u{1161}\u{11A8} jamo"],
        ["👩\u{200D}💻 dev", "✌\u{FE0F} ok", "#\u{FE0E}#", "a\u{A0}b\u{2003}c\u{3000}d", "\u{85}x"],
        [],
        ["", ""],
    ]

    static var builtInArt: [[String]] {
        let cards = try! DeckLoader.builtin().cards
        return cards.indices.flatMap { i -> [[String]] in
            guard case .art(let art) = cards[i].content else { return [] }
            return art.variants
        }
    }

    /// The grid's glyphs as the parser read them before: character by character.
    static func referenceGlyphs(_ lines: [String]) -> (width: Int, rows: [[Character?]]) {
        var rows: [[Character?]] = []
        for line in lines {
            var row: [Character?] = []
            for cluster in line {
                if let ascii = cluster.asciiValue {
                    if ascii >= 0x20 && ascii != 0x7F { row.append(cluster) }
                    continue
                }
                for c in TerminalCluster.shown(cluster) {
                    switch CharacterWidth.of(c) {
                    case 0: continue
                    case 2: row.append(c); row.append(nil)
                    default: row.append(c)
                    }
                }
            }
            while let last = row.last, last == " " { row.removeLast() }
            rows.append(row)
        }
        while let last = rows.last, last.isEmpty { rows.removeLast() }
        while let first = rows.first, first.isEmpty { rows.removeFirst() }
        let width = rows.map(\.count).max() ?? 0
        return (width, rows.map { $0 + Array(repeating: " ", count: width - $0.count) })
    }

    /// `Lettering.isDrawing` as it read every line, a character at a time (each line's characters
    /// apart: joined, the last of one line and the first of the next could make one).
    static func referenceIsDrawing(_ lines: [String]) -> Bool {
        var inked = 0, letters = 0
        for character in lines.lazy.flatMap({ $0 }) where !character.isWhitespace {
            inked += 1
            if character.isLetter || character.isNumber { letters += 1 }
        }
        return inked > 0 && letters * 2 <= inked
    }

    /// `Lettering.isMostlyLetters(counted:)` as it counted, a character at a time.
    static func referenceIsMostlyLetters(_ counted: [(Character, Int)]) -> Bool {
        var inked = 0, letters = 0
        for (character, count) in counted where !character.isWhitespace {
            inked += count
            if character.isLetter || character.isNumber { letters += count }
        }
        return inked > 0 && letters * 2 > inked
    }

    @Test(arguments: mixed + builtInArt)
    func artIsParsedAsCharacterByCharacter(lines: [String]) {
        let grid = ArtGrid(lines: lines)
        let reference = Self.referenceGlyphs(lines)
        #expect(grid.width == reference.width)
        #expect(grid.height == reference.rows.count)
        #expect(grid.glyphs == reference.rows.flatMap { $0 })
        // Each glyph's ink and traits as the table worked them out for every glyph before.
        let table = grid.table
        for code in 0..<table.count {
            let g = table.glyphs[code]
            var traits: GlyphTable.Traits = []
            if ArtGrid.fills.contains(g) {
                traits.insert(.fill)
                if !g.isLetter && !g.isNumber { traits.insert(.yieldingFill) }
            }
            if ArtGrid.horizontals.contains(g) { traits.insert(.horizontal) }
            if ArtGrid.verticals.contains(g) { traits.insert(.vertical) }
            #expect(table.traits[code].subtracting(.wide) == traits, "traits of \(g)")
            #expect(table.ink[code] == Ink.of(g), "ink of \(g)")
        }
        // Text art (never enlarged) is told by the glyphs it uses, counted as often as used.
        let used = reference.rows.flatMap { $0 }.compactMap { $0 }.filter { $0 != " " }
        #expect(grid.isText == Self.referenceIsMostlyLetters(used.map { ($0, 1) }))
    }

    @Test(arguments: mixed + builtInArt)
    func drawingsAreToldAsCharacterByCharacter(lines: [String]) {
        #expect(Lettering.isDrawing(lines) == Self.referenceIsDrawing(lines))
    }

    /// Every ASCII byte, alone and beside a letter, a digit and a space: the byte path's classes
    /// (whitespace, letters, digits) are the characters' own.
    @Test func everyASCIICharacterCountsAsItsCharacter() {
        for byte in UInt8(0)..<0x80 {
            let c = String(UnicodeScalar(byte))
            for lines in [[c], [c + "a"], [c + "7"], [c + " "], [c + "#", "-" + c]] {
                #expect(Lettering.isDrawing(lines) == Self.referenceIsDrawing(lines), "byte \(byte) in \(lines)")
            }
            let counted: [(Character, Int)] = [(Character(UnicodeScalar(byte)), 3), ("x", 2), ("#", 2)]
            #expect(Lettering.isMostlyLetters(counted: counted) == Self.referenceIsMostlyLetters(counted), "byte \(byte)")
        }
    }
}
