import CarouselApp
import CarouselCanvas
import CarouselCards
import CarouselCore
import CarouselDecks
import CarouselRender
import CarouselTestSupport
import CarouselText
import Foundation
import Testing

/// Text cards on the screen: laid out, never resampled. The example notes deck (prose with a phone
/// number, a list, Python, Markdown slides, a CJK note, a quote) in every style and mode, and a
/// property: every word seen on a card is a word of the deck.
@Suite struct TextCardTests {
    static let notesPath: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Assets/examples/notes"
    }()

    static let notes = CardList(try! DeckLoader.load(paths: [notesPath]).cards)

    /// The screens the cut-word tests read: every style, at three sizes, after keys that move the
    /// strip and switch the mode, mid-motion and at rest; each with what made it.
    func cutScreens(_ deck: CardList) -> [(lines: [[Character]], label: String)] {
        var screens: [(lines: [[Character]], label: String)] = []
        for style in StyleKind.allCases {
            for size in [(64, 18), (80, 24), (100, 30)] {
                for keys in ["", "right,right,right", "tab,right,right", "end,left", "4", "tab,6"] {
                    for time in [0.06, 0.15, nil] as [Double?] {
                        screens.append((screen(deck, style: style, keys: keys, size: size, time: time).map { Array($0) },
                                        "\(style) \(size) \(keys) \(String(describing: time))"))
                    }
                }
            }
        }
        return screens
    }

    func screen(_ deck: CardList, style: StyleKind, keys: String, size: (Int, Int), time: Double? = nil, loop: Bool = false) -> [String] {
        var options = AppOptions()
        options.style = style
        options.loop = loop
        return HeadlessRenderer.render(deck: deck, options: options, width: size.0, height: size.1,
                                       keys: try! HeadlessRenderer.parseKeys(keys).get(), time: time, glyphs: .unicode)
    }

    /// The first time the active card shows colour codes as text, the status line names `--ansi`;
    /// once a run (helper-27's log folder read `␛[32mINFO␛ [0m` with nothing saying why).
    @Test func colourCodesShownAsTextAreExplainedOnce() {
        var coloured = TextDocument(plainText: "␛[32mINFO␛[0m up")
        coloured.showsColourCodes = true
        let deck = CardList([Card(id: "1", title: "note", content: .text(TextDocument(plainText: "plain"))),
                             Card(id: "2", title: "app", content: .text(coloured)),
                             Card(id: "3", title: "other", content: .text(coloured))])
        let said = "Colour codes show as text: --ansi draws them."
        #expect(screen(deck, style: .arc, keys: "", size: (80, 24)).last?.contains(said) == false)
        #expect(screen(deck, style: .arc, keys: "right", size: (80, 24)).last?.hasPrefix(" 2/3  " + said) == true)
        #expect(screen(deck, style: .arc, keys: "right,right", size: (80, 24)).last?.hasPrefix(" 3/3  other ") == true)
        #expect(screen(deck, style: .arc, keys: "right,left,right", size: (80, 24)).last?.hasPrefix(" 2/3  app ") == true)
    }

    @Test func theNotesDeckIsText() {
        #expect(Self.notes.cards.map(\.title) == [
            "call-list", "fib", "groceries", "quote", "Why terminals still matter", "The Unix way", "A little code", "tokyo",
        ])
        for card in Self.notes.cards {
            guard case .text = card.content else { Issue.record("\(card.title) is not text"); continue }
        }
    }

    // The fourth card is the quote, the sixth a Markdown slide with a list, a nested list and a quote.
    @Test(arguments: StyleKind.allCases, [(80, 24), (120, 36)])
    func goldenNormal(style: StyleKind, size: (Int, Int)) {
        assertGolden(screen(Self.notes, style: style, keys: "5", size: size), named: "notes-\(style.rawValue)-normal-\(size.0)x\(size.1)")
    }

    @Test(arguments: StyleKind.allCases, [(80, 24), (120, 36)])
    func goldenScaled(style: StyleKind, size: (Int, Int)) {
        assertGolden(screen(Self.notes, style: style, keys: "6,tab", size: size), named: "notes-\(style.rawValue)-scaled-\(size.0)x\(size.1)")
    }

    /// The words of a deck: what may be seen on its cards.
    static func words(of deck: CardList) -> Set<String> {
        var words: Set<String> = []
        for card in deck.cards {
            for line in card.lines + [card.title, card.subtitle] {
                for word in line.split(whereSeparator: \.isWhitespace) { words.insert(String(word)) }
            }
        }
        // The card's own count of what did not fit ("… 12 more lines"), which a card in front may half hide.
        return words.union(["more", "lines"])
    }

    /// The pieces of text on the card area of a screen: split at blanks, frames, shades and cut
    /// marks, without the numbers of "… 12 more lines" counts. Pieces with no letter or digit (list
    /// markers, rules, quote bars) are left out.
    static func pieces(of screen: [String]) -> [String] {
        let area = screen.dropFirst(2).dropLast(3)
        var pieces: [String] = []
        for row in area {
            var line = row.replacingOccurrences(of: #"…\s?\d+( more( lines?)?)?"#, with: " ", options: .regularExpression)
            line = line.replacingOccurrences(of: "…", with: " ")
            let split = line.split { c in
                c.isWhitespace || c.unicodeScalars.allSatisfy { (0x2500...0x259F).contains($0.value) }
            }
            let tokens = split.map(String.init)
            for (i, token) in tokens.enumerated() where token.contains(where: { $0.isLetter || $0.isNumber }) {
                // A count is a short number, before "more" unless a card in front hides the rest ("…8").
                let count = token.allSatisfy(\.isNumber)
                    && ((i + 1 < tokens.count && "more".contains(tokens[i + 1])) || token.count <= 3)
                if !count { pieces.append(token) }
            }
        }
        return pieces
    }

    /// Checks that every piece of text on `screen` is part of a word of the deck, less the hyphen
    /// that marks a word broken at the end of a line.
    static func garbled(_ screen: [String], words: Set<String>) -> [String] {
        func known(_ piece: Substring) -> Bool { words.contains(String(piece)) || words.contains { $0.contains(piece) } }
        return pieces(of: screen).filter { piece in !known(piece[...]) && !(piece.hasSuffix("-") && known(piece.dropLast())) }
    }

    @Test func everyWordOnTheNotesIsAWordOfTheNotes() {
        let words = Self.words(of: Self.notes)
        for style in StyleKind.allCases {
            for size in [(80, 24), (100, 30), (120, 36), (200, 60)] {
                for keys in ["", "right,right", "tab,right,right,right", "4,tab", "end"] {
                    for time in [0.05, 0.12, 0.3, nil] as [Double?] {
                        let lines = screen(Self.notes, style: style, keys: keys, size: size, time: time)
                        let bad = Self.garbled(lines, words: words)
                        #expect(bad.isEmpty, "\(style) \(size) \(keys) \(String(describing: time)): \(bad)\n\(lines.joined(separator: "\n"))")
                    }
                }
            }
        }
    }

    /// Random decks of prose with long words, numbers and CJK: no letter ever comes from resampling.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func everyWordOnRandomNotesIsAWordOfThem(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let vocabulary = ["call", "0171", "555", "0199", "Dana", "tap", "kitchen", "Thursday", "14:30", "supercalifragilisticexpialidocious",
                          "東京", "天気", "晴れ", "e\u{301}t\u{E9}", "naïve", "(ask", "for)", "—", "x", "https://example.com/a/very/long/path"]
        var cards: [Card] = []
        for n in 0..<Int.random(in: 3...9, using: &generator) {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...14, using: &generator) {
                let count = Int.random(in: 0...16, using: &generator)
                lines.append((0..<count).map { _ in vocabulary.randomElement(using: &generator)! }.joined(separator: " "))
            }
            cards.append(Card(id: "note\(n)", title: "note\(n)", content: .text(TextDocument(plainText: lines.joined(separator: "\n")))))
        }
        let deck = CardList(cards)
        let words = Self.words(of: deck)
        for _ in 0..<12 {
            let style = StyleKind.allCases.randomElement(using: &generator)!
            let size = (Int.random(in: 40...200, using: &generator), Int.random(in: 12...60, using: &generator))
            let keys = ["", "right", "tab,right", "right,right,tab", "end,left"].randomElement(using: &generator)!
            let time = [0.04, 0.1, 0.2, nil].randomElement(using: &generator)!
            let lines = screen(deck, style: style, keys: keys, size: size, time: time, loop: Bool.random(using: &generator))
            let bad = Self.garbled(lines, words: words)
            #expect(bad.isEmpty, "seed \(seed) \(style) \(size) \(keys): \(bad)\n\(lines.joined(separator: "\n"))")
        }
    }

    /// A count of hidden lines cut by the card in front or the screen's edge is hidden whole: its
    /// words were kept, and "lines above" or "more lines" stood with their number under the card
    /// in front (helper-44, the stack at 80x24 with a search).
    @Test(arguments: StyleKind.allCases)
    func aCountIsNeverShownWithoutItsNumber(style: StyleKind) {
        let cards = (1...12).map { k in
            Card(id: "c\(k)", title: "card \(k)",
                 content: .text(TextDocument(plainText: (1...80).map { "row \($0) of \(k)" + ($0 == 40 ? " motion" : "") }.joined(separator: "\n"))))
        }
        let deck = CardList(cards)
        for size in [(80, 24), (120, 36)] {
            for keys in ["/,m,o,t,i,o,n", "/,m,o,t,i,o,n,enter,right,right", "/,m,o,t,i,o,n,tab", ""] {
                for row in screen(deck, style: style, keys: keys, size: size).dropLast() {
                    var words = row.split { $0 == " " || $0.unicodeScalars.allSatisfy { (0x2500...0x259F).contains($0.value) } }.map(String.init)
                    // "↑ 38 lines above", "↑ 38 above", "↑ more above", "… 41 more lines", "… 41 more".
                    func number(_ w: String?) -> Bool { w.map { !$0.isEmpty && $0.allSatisfy(\.isNumber) } ?? false }
                    while let i = words.firstIndex(where: { $0 == "above" || $0 == "more" }) {
                        let before = Array(words[..<i])
                        let counted: Bool
                        if words[i] == "above" {
                            let between = before.lastIndex(of: "↑").map { Array(before[($0 + 1)...]) }
                            counted = between.map { $0 == ["more"] || $0.isEmpty || number($0.first) && ($0.count == 1 || $0.count == 2 && $0[1].hasPrefix("line")) } ?? false
                        } else {
                            counted = before.last == "↑" && words.dropFirst(i + 1).first == "above"
                                || before.suffix(2).first == "…" && number(before.last)
                        }
                        #expect(counted, "\(style) \(size) \(keys): \(row)")
                        words.removeFirst(i + 1)
                    }
                }
            }
        }
    }

    /// No piece of a word: where the screen's edge or a card in front cuts a card's word ("Thomas"
    /// showed as "omas" beside the card in front, "Café" as "Caf" at the edge), what is left of it
    /// is hidden, in the text and in the title. The words are short, so that no card breaks one
    /// itself; a piece is then only allowed before the "…" of a line the card cut on purpose.
    /// Hangul too (helper-11: "어" left of "한국어:").
    static let shortWords = ["tea", "milk", "bread", "jam", "eggs", "rice", "salt", "oil", "honey", "plum", "fig", "lime", "oats",
                             "café", "naïve", "東京", "天気", "서울", "한국어"]

    /// A deck of notes made of `shortWords`, titles too.
    static func shortWordNotes(_ generator: inout SeededGenerator) -> CardList {
        var cards: [Card] = []
        for n in 0..<Int.random(in: 6...12, using: &generator) {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...20, using: &generator) {
                lines.append((0..<Int.random(in: 1...12, using: &generator)).map { _ in shortWords.randomElement(using: &generator)! }.joined(separator: " "))
            }
            let title = (0..<Int.random(in: 1...4, using: &generator)).map { _ in shortWords.randomElement(using: &generator)! }.joined(separator: " ")
            cards.append(Card(id: "note\(n)", title: title, content: .text(TextDocument(plainText: lines.joined(separator: "\n")))))
        }
        return CardList(cards)
    }

    /// The pieces of words on the card area of `lines` (a screen of `shortWordNotes`): what is
    /// neither one of `shortWords`, a count, a character of Chinese or Japanese, nor a word the
    /// card cut on purpose with "…".
    static func piecesOfShortWords(_ lines: [String]) -> [String] {
        let words = Set(shortWords)
        var bad: [String] = []
        for row in lines.dropFirst(2).dropLast(3) {
            let tokens = row.split { c in
                c.isWhitespace || c.unicodeScalars.allSatisfy { (0x2500...0x259F).contains($0.value) }
            }
            for token in tokens.map(String.init) {
                if words.contains(token) || ["more", "lines", "line", "…", "(empty)"].contains(token) { continue }
                if token.hasPrefix("…") && token.dropFirst().allSatisfy(\.isNumber) { continue }  // a count: "…12"
                if token.allSatisfy(\.isNumber) { continue }  // "… 12 more lines"
                // Chinese and Japanese break between any two characters: each is a
                // word of its own (not Hangul, whose words are runs of syllables:
                // "어" of "한국어" is a piece).
                let ideographs = token.hasSuffix("…") ? String(token.dropLast()) : token
                if !ideographs.isEmpty, ideographs.allSatisfy({ CharacterWidth.of($0) == 2 && !"서울한국어".contains($0) }),
                   words.contains(where: { $0.contains(ideographs) }) { continue }
                if token.hasSuffix("…"), words.contains(where: { $0.hasPrefix(token.dropLast()) }) { continue }  // cut on purpose
                bad.append(token)
            }
        }
        return bad
    }

    @Test(arguments: [11, 12] as [UInt64])
    func noPieceOfAWordIsLeftBesideACut(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let deck = Self.shortWordNotes(&generator)
        var checked = 0
        for style in StyleKind.allCases {
            for size in [(60, 16), (80, 24), (100, 30), (150, 45)] {
                for keys in ["", "right,right,right", "tab,right,right", "end,left"] {
                    for time in [0.06, 0.15, nil] as [Double?] {
                        let lines = screen(deck, style: style, keys: keys, size: size, time: time, loop: Bool.random(using: &generator))
                        let bad = Self.piecesOfShortWords(lines)
                        checked += 1
                        #expect(bad.isEmpty, "seed \(seed) \(style) \(size) \(keys) \(String(describing: time)): \(bad)\n\(lines.joined(separator: "\n"))")
                    }
                }
            }
        }
        #expect(checked == 4 * 4 * 4 * 3)
    }

    /// A word the wrap broke after a hyphen ("Design-" over "ing") shows whole or not at all: a
    /// cut taking one half hides the other (helper-18: "ing" stood alone beside the screen's edge);
    /// in a quote too, past its bar (helper-63: "ization" alone).
    @Test(arguments: [false, true])
    func noHalfOfABrokenWordIsLeftBesideACut(quoted: Bool) {
        let words = ["Designing", "Extraordinary", "Whatsoever"]
        let deck = CardList((0..<9).map { n in
            let text = (0..<12).map { words[($0 + n) % 3] }.joined(separator: " ")
            let document = quoted ? TextDocument(blocks: [.paragraph([TextSpan(text)], margin: Margin([.quoteBar]))]) : TextDocument(plainText: text)
            return Card(id: "n\(n)", title: "\(n)", content: .text(document))
        })
        var checked = 0
        for (lines, label) in cutScreens(deck) {
            // The token (letters and hyphens) starting at or after column `c` of row `r`,
            // before any other mark: nil when the row holds none there.
            func token(_ r: Int, from c: Int) -> (text: String, start: Int)? {
                guard r >= 2 && r < lines.count - 3 else { return nil }
                var h = c
                while h < lines[r].count && lines[r][h] == " " { h += 1 }
                guard h < lines[r].count, lines[r][h].isLetter else { return nil }
                var e = h
                while e < lines[r].count && (lines[r][e].isLetter || lines[r][e] == "-") { e += 1 }
                return (String(lines[r][h..<e]), h)
            }
            var bad: [String] = []
            for r in 2..<(lines.count - 3) {
                var c = 0
                while c < lines[r].count {
                    guard lines[r][c].isLetter, let found = token(r, from: c) else { c += 1; continue }
                    c = found.start + found.text.count
                    if words.contains(found.text) { continue }
                    // A head ("Design-") says by its hyphen that it goes on; a word the
                    // card cut on purpose ends in "…". Any other piece is the end of a
                    // broken word, whose start must be in sight above it, at its column
                    // ("ary" under "ordin-" under "Extra-").
                    if found.text.hasSuffix("-") { continue }
                    if c < lines[r].count && lines[r][c] == "…" { continue }
                    var word = found.text
                    var up = r
                    while let above = token(up - 1, from: found.start), above.start == found.start,
                          above.text.hasSuffix("-"), !words.contains(String(word)) {
                        word = String(above.text.dropLast()) + word
                        up -= 1
                    }
                    if !words.contains(word) { bad.append("\(found.text) (read as \(word))") }
                }
            }
            checked += 1
            #expect(bad.isEmpty, "\(label): \(bad)\n\(lines.map { String($0) }.joined(separator: "\n"))")
        }
        #expect(checked == 4 * 3 * 6 * 3)
    }

    /// A word the wrap broke with no mark (a process's name, a path, a long number: nothing says it
    /// goes on) shows whole or not at all as well: helper-91 read `release]` alone beside the
    /// screen's edge that hid `[pool_workqueue_` above it.
    @Test func noHalfOfAWordBrokenUnmarkedIsLeftBesideACut() {
        let words = ["[pool_workqueue_release]", "[kworker_R_rcu_gp]", "4096409640964096409640964096", "ab"]
        let deck = CardList((0..<9).map { n in
            let text = (0..<6).map { words[($0 + n) % words.count] }.joined(separator: " ")
            return Card(id: "n\(n)", title: "T\(n)", content: .text(TextDocument(plainText: text)))
        })
        var checked = 0
        var broken = 0
        for (lines, label) in cutScreens(deck) {
            // The token (anything but blanks, frame lines and `…`) starting at column `c` of row `r`.
            func isPart(_ c: Character) -> Bool {
                c != " " && c != "…" && !(c.unicodeScalars.first.map { (0x2500...0x259F).contains($0.value) } ?? false)
            }
            func token(_ r: Int, at c: Int) -> String? {
                guard r >= 2 && r < lines.count - 3, c < lines[r].count, isPart(lines[r][c]),
                      c == 0 || !isPart(lines[r][c - 1]) else { return nil }
                var e = c
                while e < lines[r].count && isPart(lines[r][e]) { e += 1 }
                return String(lines[r][c..<e])
            }
            func partOfAWord(_ text: String) -> Bool { words.contains { $0.contains(text) } }
            var bad: [String] = []
            for r in 2..<(lines.count - 3) {
                for c in lines[r].indices {
                    guard let found = token(r, at: c), !words.contains(found), !found.hasPrefix("T") else { continue }
                    let e = c + found.count
                    // Its word, read up through the rows above at its column, then down (a
                    // row's piece may end in a hyphen, where the word breaks at a syllable).
                    func core(_ piece: String) -> String {
                        piece.hasSuffix("-") && !partOfAWord(piece) ? String(piece.dropLast()) : piece
                    }
                    var word = core(found)
                    var up = r
                    while let above = token(up - 1, at: c), !words.contains(above), partOfAWord(core(above) + word) {
                        word = core(above) + word
                        up -= 1
                    }
                    var down = r
                    var last = found
                    while !words.contains(word), let below = token(down + 1, at: c), partOfAWord(word + core(below)) {
                        word += core(below)
                        last = below
                        down += 1
                    }
                    if down > up { broken += 1 }
                    // A last piece ending in a hyphen or "…" says the word goes on.
                    let lastEnd = c + last.count
                    let marked = last.hasSuffix("-") || (lastEnd < lines[down].count && lines[down][lastEnd] == "…")
                    if !words.contains(word) && !marked { bad.append("\(found) (read as \(word))") }
                }
            }
            checked += 1
            #expect(bad.isEmpty, "\(label): \(bad)\n\(lines.map { String($0) }.joined(separator: "\n"))")
        }
        #expect(checked == 4 * 3 * 6 * 3)
        #expect(broken > 100, "words broken over rows are on the screens: \(broken)")
    }

    /// A zoom growing over the strip cuts the cards beside it as a card in front does: no piece of
    /// their words is left beside it (helper-16: "rs,", "ine-" and "ps" while a slide opened).
    @Test func noPieceOfAWordIsLeftBesideAGrowingZoom() {
        var generator = SeededGenerator(seed: 13)
        let deck = Self.shortWordNotes(&generator)
        for style in StyleKind.allCases {
            for size in [(80, 24), (120, 36)] {
                for keys in ["enter", "right,right,tab,enter"] {
                    for time in [0.02, 0.04, 0.07, 0.1] {
                        let lines = screen(deck, style: style, keys: keys, size: size, time: time)
                        let bad = Self.piecesOfShortWords(lines)
                        #expect(bad.isEmpty, "\(style) \(size) \(keys) \(time): \(bad)\n\(lines.joined(separator: "\n"))")
                    }
                }
            }
        }
    }

    /// On a screen of 20 to 30 columns the cards are too narrow to wrap words in: each shows its
    /// first line in one row, cut with "…", not an empty frame (helper-31, helper-32: every card at
    /// 24x10 and the ring's centre card at 30x10 were empty). The header keeps the style's name in
    /// sight, the control moving left to make room (at 30 columns "stack" and "lyrics" vanished).
    @Test func aTinyScreenStillShowsEachCardsFirstWords() {
        let deck = CardList([FindTests.note("shopping", "Shopping list\n- milk\n- bread"),
                             FindTests.note("cafe", "Café naïve résumé"),
                             FindTests.note("circle", "A circle is round")])
        for (style, size) in [(StyleKind.arc, (24, 10)), (.arc, (20, 10)), (.ring, (30, 10))] {
            let lines = screen(deck, style: style, keys: "right", size: size)
            let text = lines.joined(separator: "\n")
            #expect(lines.contains { $0.contains("Caf") && $0.contains("…") }, "\(style) \(size)\n\(text)")
        }
        for style in StyleKind.allCases {
            let lines = screen(deck, style: style, keys: "", size: (30, 10))
            #expect(lines[0].hasSuffix(" \(style.rawValue) "), "\(lines[0])")
            #expect(lines[0].contains("Normal") && lines[0].contains("Scaled"))
            // With loop on, "· loop" gives way first (the whole label vanished).
            let looped = screen(deck, style: style, keys: "", size: (30, 10), loop: true)[0]
            #expect(looped.hasSuffix(" \(style.rawValue) ") || looped.hasSuffix(" \(style.rawValue) · loop "), "\(looped)")
            #expect(screen(deck, style: style, keys: "", size: (40, 10), loop: true)[0].hasSuffix(" \(style.rawValue) · loop "))
        }
    }

    /// The help hides the cards: nothing of them beside its frame (at 80x24 the last column showed
    /// a card's letters and frame; on wider screens words cut by the frame, "mé —", "afe ──").
    @Test func theHelpLeavesNoPieceOfTheCardsBesideIt() {
        for size in [(80, 24), (100, 30), (120, 36)] {
            let lines = screen(Self.notes, style: .arc, keys: "5,?", size: size)
            let top = lines.firstIndex { $0.contains("╭─ Keys") }!
            let left = lines[top].distance(from: lines[top].startIndex, to: lines[top].firstIndex(of: "╭")!)
            let right = lines[top].distance(from: lines[top].startIndex, to: lines[top].lastIndex(of: "╮")!)
            for row in lines.dropFirst(1).dropLast(2) {
                let characters = Array(row)
                let beside = characters[..<left] + characters[(right + 1)...]
                #expect(beside.allSatisfy { $0 == " " }, "\(size): \(row)")
            }
        }
    }

    /// What resampling used to do: a line one character wider than the card garbled all of it.
    @Test func aLineOneCharacterWiderThanTheCardGarblesNothing() {
        // The arc's centre card at 100x30 has 16 columns for text.
        let line = "0171 555 0199 ab"
        let wider = line + "c"
        let deck = CardList([Card(id: "n", title: "phone", content: .text(TextDocument(plainText: "Dana\n" + wider + "\nend")))])
        let lines = screen(deck, style: .arc, keys: "", size: (100, 30))
        let text = lines.joined(separator: "\n")
        #expect(text.contains("0171 555 0199"), "\(text)")
        #expect(text.contains("abc"))
        #expect(Self.garbled(lines, words: Self.words(of: deck)).isEmpty)
    }

    /// The widest text a card shows is laid out for its width: Scaled makes more fit, with the same letters.
    @Test func scaleChangesHowMuchFitsNotTheLetters() {
        let prose = (1...40).map { "word\($0)" }.joined(separator: " ")
        let deck = CardList((0..<3).map { Card(id: "\($0)", title: "t\($0)", content: .text(TextDocument(plainText: prose))) })
        let normal = screen(deck, style: .arc, keys: "right", size: (100, 30))
        let scaled = screen(deck, style: .arc, keys: "right,tab", size: (100, 30))
        let seenNormal = Set(Self.pieces(of: normal).filter { $0.hasPrefix("word") })
        let seenScaled = Set(Self.pieces(of: scaled).filter { $0.hasPrefix("word") })
        #expect(seenScaled.count > seenNormal.count, "a bigger card shows more words")
        #expect(Self.garbled(normal, words: Self.words(of: deck)).isEmpty && Self.garbled(scaled, words: Self.words(of: deck)).isEmpty)
    }

    /// Off-centre text fades toward the background; the centre card's text is in full colour.
    @Test func offCentreTextFadesButKeepsItsLetters() {
        let deck = CardList((0..<5).map { Card(id: "\($0)", title: "t\($0)", content: .text(TextDocument(plainText: "hello world"))) })
        var options = AppOptions()
        options.style = .lyrics
        options.start = 3
        let canvas = HeadlessRenderer.canvas(deck: deck, options: options, width: 100, height: 30, keys: [], time: nil, glyphs: .unicode)
        var styles: [CellStyle] = []
        for y in 0..<canvas.height {
            let row = canvas.lines()[y]
            var x = 0
            while let range = row.range(of: "hello", range: row.index(row.startIndex, offsetBy: x)..<row.endIndex) {
                let column = row.distance(from: row.startIndex, to: range.lowerBound)
                styles.append(canvas[column, y].style)
                x = column + 5
            }
        }
        #expect(styles.count == 5, "every card shows its text")
        #expect(styles.contains(.plain), "the centre card's text is the terminal's own colour")
        #expect(Set(styles).count >= 3, "the others fade with their distance: \(styles)")
    }

    /// A card with no text (an empty file, an empty slide) says so, on the strip and zoomed.
    @Test func anEmptyCardSaysItIsEmpty() {
        let deck = CardList([Card(id: "0", title: "blank", content: .text(TextDocument(plainText: ""))),
                             Card(id: "1", title: "full", content: .text(TextDocument(plainText: "words")))])
        #expect(screen(deck, style: .arc, keys: "", size: (80, 24)).contains { $0.contains("│ (empty)") })
        #expect(screen(deck, style: .arc, keys: "enter", size: (80, 24))[1].contains("(empty)"))
        // The card with words says them, and only the empty card says "(empty)".
        let moved = screen(deck, style: .arc, keys: "right", size: (80, 24))
        #expect(moved.filter { $0.contains("(empty)") }.count == 1 && moved.contains { $0.contains("│ words") }, "\(moved.joined(separator: "\n"))")
        // Under its title, where the card shows one (the lyrics at 120x40 showed a note of spaces
        // and tabs as its title alone: helper-39).
        let spaces = CardList([Card(id: "0", title: "08-empty-ish", content: .text(TextDocument(plainText: "   \n\t\n  \t  \n"))),
                               Card(id: "1", title: "full", content: .text(TextDocument(plainText: "words")))])
        for size in [(120, 40), (200, 60)] {
            let lines = screen(spaces, style: .lyrics, keys: "", size: size)
            let titleRow = lines.firstIndex { $0.contains("│ 08-empty-ish") }
            #expect(titleRow.map { lines[$0 + 1].contains("│ (empty)") } == true, "\(size): \(lines.joined(separator: "\n"))")
        }
    }

    /// A text that opens with blank lines (or with a code file's blank rows) shows its first words
    /// at the top of its card, not an empty card; a text of spaces and tabs only is "(empty)".
    @Test func leadingBlankLinesAreNotShownOnACard() {
        let deck = CardList([
            Card(id: "0", title: "late", content: .text(TextDocument(plainText: "\n\n  \n\t\n\n\n\n\n\n\n\nHello there\nsecond line"))),
            Card(id: "1", title: "code", content: .text(TextDocument(code: "\n\n\n\n\n\n\n\n\n\nfunc main() {}"))),
            Card(id: "2", title: "spaces", content: .text(TextDocument(plainText: "   \n\t\t\n  "))),
        ])
        let first = screen(deck, style: .arc, keys: "", size: (80, 24))
        #expect(first.contains { $0.contains("│ Hello there") }, "\(first.joined(separator: "\n"))")
        #expect(first.contains { $0.contains("│ func main(") }, "\(first.joined(separator: "\n"))")
        #expect(first.contains { $0.contains("│ (empty)") })
    }

    /// `--ascii` draws a text card's accented letters as their base letters, not as `?`.
    @Test func asciiCardsShowBaseLetters() {
        let deck = CardList([Card(id: "0", title: "Café", content: .text(TextDocument(plainText: "Crème brûlée at the café\n日本")))])
        let lines = HeadlessRenderer.render(deck: deck, options: AppOptions(), width: 80, height: 24,
                                            keys: try! HeadlessRenderer.parseKeys("enter").get(), time: nil, glyphs: .ascii)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("Creme brulee at the cafe") && text.contains("????") && text.contains("Cafe"), "\(text)")
        #expect(lines.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
    }

    /// A small terminal pane (a split, a corner of a tiling window manager) still shows the words of
    /// the cards: the active card's text in every style, not only its frame.
    @Test func smallPanesShowTheActiveCardsText() {
        let prose = "Ship the release on Friday and review the onboarding flow"
        let deck = CardList((0..<4).map { Card(id: "\($0)", title: "t\($0)", content: .text(TextDocument(plainText: "card\($0) " + prose))) })
        let words = Self.words(of: deck)
        for style in StyleKind.allCases {
            for size in [(64, 18), (60, 16), (50, 14), (48, 12), (40, 12), (36, 12)] {
                for keys in ["", "tab"] {
                    let lines = screen(deck, style: style, keys: keys + (keys.isEmpty ? "" : ",") + "right", size: size)
                    let pieces = Self.pieces(of: lines)
                    let active = lines.last!.split(separator: " ").first { $0.hasSuffix("/4") }.flatMap { Int($0.dropLast(2)) } ?? 0
                    #expect(pieces.contains("card\(active - 1)"), "\(style) \(size) \(keys): \(lines.joined(separator: "\n"))")
                    #expect(Self.garbled(lines, words: words).isEmpty, "\(style) \(size) \(keys)")
                    // No card shows as a bare edge of its frame: below every top-left corner in the
                    // card area, the card's side (or another card) follows.
                    let grid = lines.map(Array.init)
                    for y in 1..<(grid.count - 3) {
                        for (x, c) in grid[y].enumerated() where c == "╭" {
                            #expect(x < grid[y + 1].count && grid[y + 1][x] != " ", "\(style) \(size) \(keys): a bare top edge at row \(y)\n\(lines.joined(separator: "\n"))")
                        }
                    }
                }
            }
        }
    }

    /// A tall narrow pane (a vertical split: 30 to 50 columns, 30 to 60 rows) gives the active
    /// card room to read in every style: arc and ring no longer keep three or four cards across
    /// when that leaves each a word or two wide (at 30x40 the active card was 9 and 7 columns).
    @Test func tallNarrowPanesGiveTheActiveCardRoomToRead() {
        let prose = "Ship the release on Friday and review the onboarding flow"
        let deck = CardList((0..<4).map { Card(id: "\($0)", title: "t\($0)", content: .text(TextDocument(plainText: "card\($0) " + prose))) })
        let words = Self.words(of: deck)
        for style in StyleKind.allCases {
            for size in [(30, 40), (40, 30), (36, 48), (50, 60)] {
                for keys in ["right", "tab,right"] {
                    let lines = screen(deck, style: style, keys: keys, size: size)
                    let context = "\(style) \(size) \(keys):\n\(lines.joined(separator: "\n"))"
                    let active = lines.last!.split(separator: " ").first { $0.hasSuffix("/4") }.flatMap { Int($0.dropLast(2)) } ?? 0
                    // Two words on the card's first row: a narrow card had room for "card1" alone.
                    #expect(lines.contains { $0.contains("card\(active - 1) Ship") }, "\(context)")
                    #expect(Self.garbled(lines, words: words).isEmpty, "\(context)")
                }
            }
        }
    }

    /// On a short screen a lyrics line is one row of text: every line shown holds its card's first
    /// line, in Scaled mode too (where the lines beside the middle shrink), and says how much more
    /// there is at its end.
    @Test func shortLyricsLinesShowTheirFirstLineAndACount() {
        let deck = CardList((0..<5).map { Card(id: "\($0)", title: "t\($0)", content: .text(TextDocument(plainText: "hello world\nsecond\nthird"))) })
        for keys in ["right,right", "right,right,tab"] {
            let lines = screen(deck, style: .lyrics, keys: keys, size: (80, 24))
            let shown = lines.filter { $0.contains("hello world") }
            #expect(shown.count >= 3, "\(keys): \(lines.joined(separator: "\n"))")
            #expect(shown.allSatisfy { $0.contains("… 2 more lines") || $0.contains("… 2 more") }, "\(keys): \(shown)")
        }
    }

    /// A line of input longer than a lyrics row (`ls -l | carousel --lines -`) fills the row and is
    /// cut at its edge, rather than wrapped to its first words and a count of the rows it wraps to.
    @Test func longLinesFillTheirLyricsRow() {
        let words = (1...30).map { "w\($0)" }.joined(separator: " ")
        let deck = CardList((0..<5).map { Card(id: "\($0)", title: "\($0) \(words)", content: .text(TextDocument(plainText: "\($0) \(words)"))) })
        for keys in ["right,right", "right,right,tab"] {
            let lines = screen(deck, style: .lyrics, keys: keys, size: (80, 24))
            let rows = lines.filter { $0.contains(" w1 w2 ") && $0.contains("│") }
            #expect(rows.count >= 3, "\(keys): \(lines.joined(separator: "\n"))")
            for row in rows {
                let text = String((row.split(separator: "│").dropFirst().first ?? "").drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
                #expect(text.hasSuffix(" …") && text.filter { $0 == "…" }.count == 1 && text.contains(" w10 "), "\(keys): \(row)")
            }
        }
    }

    /// The lyrics look blurs the thumbnails of art cards away from the middle, never their titles
    /// and subtitles: every label on the screen is its card's own, whole or cut with a mark.
    @Test func lyricsLabelsKeepTheirLettersAtEveryDistance() {
        let face = ["#####", "#   #", "#####"]
        let deck = CardList((0..<9).map { Card(id: "\($0)", title: "Title\($0)", subtitle: "Role\($0)", art: face) })
        var options = AppOptions()
        options.style = .lyrics
        options.start = 5
        for size in [(100, 45), (80, 24)] {
            let lines = HeadlessRenderer.render(deck: deck, options: options, width: size.0, height: size.1, keys: [], time: nil, glyphs: .unicode)
            let cards = lines.dropFirst().dropLast(2).filter { $0.contains("Title") }
            #expect(cards.count >= (size.1 > 30 ? 5 : 3), "\(size): \(lines.joined(separator: "\n"))")
            for line in lines.dropFirst().dropLast(2) {
                // Art, sharp or blurred, has no letters: every word with a letter is a label.
                for word in line.split(separator: " ") where word.contains(where: { $0.isLetter || $0.isNumber }) {
                    #expect(word.hasPrefix("Title") || word.hasPrefix("Role"), "\(size): '\(word)' in '\(line)'")
                }
            }
        }
    }

    /// A title all in Chinese characters keeps its blank on each side where the screen's edge cuts
    /// its card (helper-96: `大阪市──────╯`, the blank after it taken by the frame's line, where a
    /// Latin title kept it).
    @Test func aChineseTitleKeepsItsBlanksBesideACut() {
        let deck = CardList(["ab", "北海道札幌", "大阪市", "東京", "한국어"].map { name in
            Card(id: name, title: name, content: .text(TextDocument(plainText: "本文 " + name + "\ntext")))
        })
        var seen = false
        for style in [StyleKind.arc, .stack, .ring] {
            for start in 1...5 {
                let pilot = Pilot(deck: deck, options: { var o = AppOptions(); o.style = style; o.start = start; return o }(), width: 80, height: 24)
                for name in ["北海道札幌", "大阪市", "東京"] {
                    for row in pilot.screen where row.contains(name) && (row.contains("╯") || row.contains("╰")) {
                        seen = true
                        #expect(!row.contains(name + "─") && !row.contains("─" + name), "\(style) from \(start): \(row)")
                    }
                }
            }
        }
        #expect(seen)
    }
}
