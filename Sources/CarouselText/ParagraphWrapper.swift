/// Greedy word wrapping of one paragraph line (text between hard breaks) into lines of at most
/// `available` cells.
///
/// Lines break at spaces (which are dropped at the break) and next to wide characters (Chinese and
/// Japanese have no spaces between words; Korean has, and wraps at them), except before a closing
/// mark (。、」) or after an opening bracket (「). A word wider than a whole line starts a line of
/// its own and is broken over the lines it needs, as a reader of print expects: between
/// characters with no mark next to a wide one, after a hyphen, a slash or an underscore of its own
/// where one falls near the edge, elsewhere with `breakMark` (a hyphen, styled `breakStyle`) at the
/// end of the broken line, and never leaving fewer than three letters for the last line (the
/// punctuation after the word aside) nor, where the row has room, for the first, when the word
/// allows. Lines of three cells or fewer are too narrow for a mark and the word is split
/// where the line ends. Leading spaces are kept as indentation (fewer on a narrow line, see
/// `indentation`; the lines the line goes on in keep it too), up to half the line, and as much
/// of it as leaves room for the first word (none before a word wider than the line). A character wider than a whole line (a wide character when
/// `available` is 1) is replaced by `cutMark`, the only case where a character is replaced.
struct ParagraphWrapper {
    /// The cells of the line being filled: `first` for the first line, `later` for the others
    /// (narrower under a hanging indent).
    var available: Int { lines.isEmpty ? first : later }
    private let first: Int
    private let later: Int
    let cutMark: Character
    /// Index of the style of the mark at the end of a line that breaks a word.
    let breakStyle: Int

    static let breakMark: Character = "-"
    /// Fewest letters a broken word leaves for its last line, when it is long enough.
    static let shortestTail = 3

    private(set) var lines: [[Glyph]] = []
    /// The lines that go on with a word the row before broke with no mark (a number, a code, an
    /// address broken at a separator): nothing on the row before says that its word goes on.
    /// Not the rows of a script written without spaces, whose words break anywhere.
    private(set) var unmarkedRests: [Int] = []
    private var current: [Glyph] = []
    /// The indentation the first row of the line being wrapped kept (after giving way to its
    /// first word), which the rows it goes on in keep too; and whether that first row is the
    /// one being filled.
    private var hanging = 0
    private var onFirstRow = false
    private var column = 0
    private var hasContent = false

    /// `guessing`: the paragraph's text, whose own language, where it tells one, wins over
    /// `language` (guessed only when a word must be broken: guessing every paragraph of a text
    /// laid out was nearly half of zooming into a log of 19,000 lines; helper-105).
    init(available: Int, later: Int? = nil, cutMark: Character, breakStyle: Int, blankStyle: Int? = nil, language: String? = nil,
         guessing spans: [TextSpan]? = nil) {
        first = max(1, available)
        self.fallbackLanguage = language
        self.spansToGuess = spans
        self.resolvedLanguage = spans == nil ? .some(language) : nil
        self.later = max(1, later ?? available)
        self.cutMark = cutMark
        self.breakStyle = breakStyle
        self.blankStyle = blankStyle
    }

    /// The text's language, whose patterns hyphenate a word broken over rows (`TextLanguage`); nil:
    /// each word's letters tell. Found from `spansToGuess` the first time it is needed.
    private let fallbackLanguage: String?
    private let spansToGuess: [TextSpan]?
    private var resolvedLanguage: String??

    private mutating func language() -> String? {
        if let known = resolvedLanguage { return known }
        let spans = spansToGuess ?? []
        let found = TextLanguage.guess(spans.lazy.flatMap { span in span.text.lazy.map { $0 } + CollectionOfOne(" ") }) ?? fallbackLanguage
        resolvedLanguage = .some(found)
        return found
    }

    /// Index of a plain style, for the blanks that indent the rows an indented line goes on in;
    /// nil: those rows are not indented (a table's cell).
    let blankStyle: Int?

    /// Wraps one line of glyphs (no hard breaks inside); always adds at least one line.
    mutating func wrap(_ line: [Glyph]) {
        let leading = line.prefix(while: \.isSpace).count
        current = Array(line.prefix(Self.indentation(leading, available: available)))
        column = current.count
        hasContent = false
        hanging = current.count
        onFirstRow = true
        var pending = line[0..<0]
        let tokens = Self.tokens(line.dropFirst(leading))
        // A list written as text (`- item`, `* item`, `1. item`, `a) item`, a to-do's `[ ] item`,
        // `- [x] item`): the item's first word is its marker's (see `addItemStart`).
        var itemStart = -1
        if blankStyle != nil {
            var at = 0
            if tokens.count >= 3, case .segment(let marker) = tokens[0], Self.isListMarker(line[marker]),
               case .spaces(let spaces) = tokens[1], spaces.count <= 4, case .segment(let first) = tokens[2],
               !Self.isCopyright(line[marker], before: line[first]) {
                at = 2
            }
            at += Self.checkbox(in: tokens[at...], of: line)
            if at > 0, at < tokens.count, case .segment = tokens[at] { itemStart = at }
        }
        for (index, token) in tokens.enumerated() {
            switch token {
            case .spaces(let spaces):
                pending = line[spaces]
            case .segment(let glyphs):
                if index == itemStart { addItemStart(line[glyphs], after: pending) } else { add(line[glyphs], after: pending) }
                pending = line[0..<0]
            }
        }
        finishLine()
    }

    /// Whether `glyphs` (a line's first segment after its indentation, a space after it) are a
    /// list's marker as plain text writes one: a bullet (`-`, `*`, `+`, `•`, `◦`, `‣`, `–`, `—`),
    /// or a number of up to three digits followed by `.` or `)` (`1.`, `12)`), a single letter
    /// followed by `)` (`a)`), or either between brackets (`(3)`, `(b)`).
    static func isListMarker(_ glyphs: ArraySlice<Glyph>) -> Bool {
        let characters = glyphs.map(\.character)
        if characters.count == 1 { return ["-", "*", "+", "•", "◦", "‣", "–", "—"].contains(characters[0]) }
        var body = characters[...]
        guard let last = body.popLast(), last == "." || last == ")" else { return false }
        if last == ")", body.first == "(" { body.removeFirst() }
        guard !body.isEmpty else { return false }
        // (A letter only before `)`: `J.` begins a name, `J. R. R. Tolkien`; review.)
        if body.count == 1, let letter = body.first, letter.isASCII, letter.isLetter { return last == ")" }
        return body.count <= 3 && body.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// How many tokens a to-do's box at the start of `tokens` takes with the spaces after it
    /// (`[ ]`, `[x]`, `[X]`, `[✓]`: 2 or 4), 0 where there is none.
    static func checkbox(in tokens: ArraySlice<Token>, of line: [Glyph]) -> Int {
        func characters(_ k: Int) -> [Character]? {
            guard k < tokens.endIndex, case .segment(let glyphs) = tokens[k] else { return nil }
            return line[glyphs].map(\.character)
        }
        func spaces(_ k: Int, atMost most: Int) -> Bool {
            guard k < tokens.endIndex, case .spaces(let glyphs) = tokens[k] else { return false }
            return glyphs.count <= most
        }
        let at = tokens.startIndex
        if let box = characters(at), box.count == 3, box[0] == "[", box[2] == "]", ["x", "X", "✓", "✔"].contains(box[1]),
           spaces(at + 1, atMost: 4), characters(at + 2) != nil {
            return 2
        }
        if characters(at) == ["["], spaces(at + 1, atMost: 1), characters(at + 2) == ["]"], spaces(at + 3, atMost: 4), characters(at + 4) != nil {
            return 4
        }
        return 0
    }

    /// `(c) 2024`: a copyright's mark before its year, not the third item of a list (review).
    static func isCopyright(_ marker: ArraySlice<Glyph>, before word: ArraySlice<Glyph>) -> Bool {
        marker.map(\.character) == ["(", "c", ")"] || marker.map(\.character) == ["(", "C", ")"]
            ? word.count == 4 && word.allSatisfy { $0.character.isASCII && $0.character.isNumber } : false
    }

    /// The first word of a list item written as text (see `wrap`): the rows the item goes on in
    /// start under its text, not its marker (a hanging indent, as a list set in print has; they
    /// started at the marker's column, which read as more items or as no list at all), and the
    /// marker never ends a row alone (`-` / `self-raising` on a card 11 columns wide read as a
    /// dash of its own): a first word too long for the row is broken after the marker.
    /// Where the text would start past half the row, the item wraps as any line does.
    private mutating func addItemStart(_ word: ArraySlice<Glyph>, after spaces: ArraySlice<Glyph>) {
        let start = column + spaces.count
        guard start * 2 <= min(first, later), available - start >= 4 else { return add(word, after: spaces) }
        hanging = start
        append(spaces, width: spaces.count)
        let width = word.cells
        if column + width <= available {
            append(word, width: width)
        } else {
            fold(word, indent: start)
        }
    }

    /// The columns of indentation kept of `leading` spaces on a line `available` cells wide: all
    /// of them from `fullIndentation` cells on, and up to a quarter of a narrower line; past that,
    /// fewer in proportion to the line (rounded up), so that the levels of an outline stay apart;
    /// never more than half the line. (Cut to half the line alone, a tab and two tabs both kept
    /// five columns on an 11-column card, three and five now: the nesting was gone; helper-44.)
    static func indentation(_ leading: Int, available: Int) -> Int {
        let quarter = available / 4
        let kept = available >= fullIndentation || leading <= quarter ? leading
            : max(quarter, (leading * available + fullIndentation - 1) / fullIndentation)
        return min(kept, available / 2)
    }

    /// Lines at least this wide keep a text's indentation as it is (up to half the line).
    static let fullIndentation = 40

    private mutating func add(_ segment: ArraySlice<Glyph>, after spaces: ArraySlice<Glyph>) {
        let width = segment.cells
        if column + spaces.count + width <= available {
            append(spaces, width: spaces.count)
            append(segment, width: width)
            return
        }
        // A new line (indentation alone is not worth a line of its own), whose room is the later
        // lines' (under a hanging indent, narrower than the first's); or, for the first word, less
        // indentation: as much as leaves room for the word (on a narrow card "\tindented" lost its
        // indentation where "\t\tdouble" kept five columns of it).
        // The blanks the rows of a word broken over them start with.
        var foldIndent = 0
        if hasContent {
            finishLine()
            // The rest of an indented line stays under its first word (as vim's `breakindent`
            // sets it: "about" / "rent" put the end of a nested item at the outline's top level),
            // a word broken over rows too, where they keep room for a piece of it (`semi-` /
            // `skimmed)` went back to the marker's column; helper-83).
            // (Plain blanks: the first row's own spaces may hold a background colour, `--ansi`.)
            if hanging > 0, let blankStyle {
                // (A broken word keeps it where the rows leave room for pieces of a few letters,
                // its own hyphen's among them: `sem-` / `i-s-` at six columns; review.)
                let kept = width <= available ? min(hanging, available - width) : available - hanging >= 8 ? hanging : 0
                if kept > 0 { append(repeatElement(Glyph(ascii: 0x20, " ", width: 1, style: blankStyle), count: kept), width: kept) }
                if width > available { foldIndent = kept }
            }
        } else {
            let kept = width <= available ? min(column, available - width) : 0
            current.removeLast(current.count - kept)
            column = kept
            if onFirstRow { hanging = kept }
        }
        if width <= available {
            append(segment, width: width)
        } else {
            // Longer than a whole line: broken over the lines it needs.
            fold(segment, indent: foldIndent)
        }
    }

    /// Breaks a word wider than the line over as many lines as it needs, from the column the row
    /// has reached, the rows after it indented by `indent` blanks.
    private mutating func fold(_ word: ArraySlice<Glyph>, indent: Int = 0) {
        var rest = word
        var left = word.cells  // cells of `rest`, counted once (a word may be a whole file long)
        // (Three columns take a mark: "do-" / "ne" reads as one word broken; "don" / "e" read as
        // another word.)
        let marked = available - max(column, indent) >= 3
        // A path or URL, an e-mail address, a host name, an IP address or a version breaks at its
        // own separators (a hyphen added inside one reads as part of it: "10.0.12.-" / "101",
        // "web01.pro-" / "d.example-" / ".com"; helper-11), a code (a hash, a number) without one.
        let address = word.contains { $0.character == "/" || $0.character == "@" } || Self.hasInnerDot(word)
            || word.count { $0.character == ":" } >= 2  // an IPv6 address, a MAC address, a time
            || word.count { $0.character == "\\" } >= 2  // a Windows path (`C:\Users\Zoë`), TeX (`\alpha\beta`)
        let hyphenates = !Self.isCode(word)
        // Where its language's patterns allow a hyphen (`ev-ery-where`, not `everywh-` / `ere`).
        let points = marked && hyphenates && !address ? Hyphenation.points(in: word, language: language()) : []
        while left > available - column {
            let (cut, needsMark) = breakIndex(rest, cells: left, room: available - column, marked: marked, address: address, hyphenates: hyphenates,
                                              points: points)
            let piece = rest[..<cut]
            rest = rest[cut...]
            left -= piece.cells
            if piece.count == 1, piece[piece.startIndex].width > available {
                let glyph = piece[piece.startIndex]
                append(CollectionOfOne(Glyph(character: cutMark, width: 1, style: glyph.style)), width: 1)
            } else {
                // (No mark where the row has no room left for it: a cluster as wide as the row,
                // a space with two Thai SARA AM, took its three columns and the mark a fourth;
                // helper-84.)
                let marked = needsMark && column + piece.cells < available
                append(piece, width: piece.cells)
                if marked {
                    append(CollectionOfOne(Glyph(character: Self.breakMark, width: 1, style: breakStyle)), width: 1)
                }
            }
            if !rest.isEmpty {
                let unmarked = !needsMark && piece.last.map { !$0.isWide && !Self.writesWithoutSpaces($0) } == true
                    && !rest[rest.startIndex].isWide && !Self.writesWithoutSpaces(rest[rest.startIndex])
                finishLine()
                if unmarked { unmarkedRests.append(lines.count) }
                if indent > 0, let blankStyle {
                    append(repeatElement(Glyph(ascii: 0x20, " ", width: 1, style: blankStyle), count: indent), width: indent)
                }
            }
        }
        if !rest.isEmpty { append(rest, width: rest.cells) }
    }

    /// Where the first line of `word` (wider than the line) ends, and whether the break needs a
    /// mark: after its last own hyphen, slash or underscore within the line, or else, in an `address` (a path,
    /// URL, e-mail, host name, IPv6 address or Windows path: see `fold`), before its last `.`, `#`, `?`, `&`, `=`, `~`,
    /// `@`, `:` or `\` within the
    /// line, if that falls past the first two letters (no mark: a hyphen inside an address would
    /// read as part of it); else before its last `[` or `(` within the line, past the first two
    /// letters; else, for a code (a hash, a number: no `hyphenates`, see `isCode`) or an address,
    /// where the line is full, with no mark; else where the line (less a cell for the mark) is full, moved back so
    /// that at least `shortestTail` letters go on.
    private func breakIndex(_ word: ArraySlice<Glyph>, cells total: Int, room available: Int, marked: Bool, address: Bool,
                            hyphenates: Bool, points: Set<Int> = []) -> (Int, mark: Bool) {
        var cells = 0
        var fits = word.startIndex  // end of the glyphs that fit in the row's room
        while fits < word.endIndex, cells + word[fits].width <= available {
            cells += word[fits].width
            fits += 1
        }
        guard marked else { return (max(fits, word.startIndex + 1), false) }
        // Next to a wide character (a CJK run kept whole around its marks, see `tokens`) the line
        // breaks between characters with no hyphen, and not after an opening bracket when an
        // earlier break is there.
        if fits < word.endIndex, fits > word.startIndex, word[fits - 1].isWide || word[fits].isWide {
            if fits - 1 > word.startIndex, word[fits - 1].kind.contains(.openingMark) { return (fits - 1, false) }
            // Nor before a closing mark or a stop ("다." is not split into "다" and "."), where the
            // character before it can go on with it (not itself a closing mark, not after an opening one).
            func closes(_ g: Glyph) -> Bool { g.kind.contains(.closingMark) || g.kind.contains(.narrowClosing) && g.character != "%" }
            if fits - 1 > word.startIndex, closes(word[fits]), !closes(word[fits - 1]),
               !word[fits - 2].kind.contains(.openingMark) {
                return (fits - 1, false)
            }
            return (fits, false)
        }
        // Thai, Lao, Khmer and Burmese write words without spaces between them: a run is broken
        // with no hyphen (one read as a letter of the next line: "ภาษ-" / "าราช"), and not
        // after a vowel written before its consonant nor before one written after it (which
        // would stand alone at a line's end or start; helper-46).
        // (Decided by the letters either side of the cut: a word may begin with a quote or a
        // Latin name.)
        if fits > word.startIndex, fits < word.endIndex, Self.writesWithoutSpaces(word[fits - 1]), Self.writesWithoutSpaces(word[fits]) {
            var cut = fits
            while cut > word.startIndex + 1, Self.writesWithoutSpaces(word[cut - 2]), !Self.mayBreak(between: word[cut - 1], and: word[cut]) {
                cut -= 1
            }
            return (Self.mayBreak(between: word[cut - 1], and: word[cut]) ? cut : fits, false)
        }
        let first = word.startIndex + 2
        var unmarked = 0
        if let own = word[word.startIndex..<fits].lastIndex(where: Self.breaksByItself), own >= first { unmarked = own + 1 }
        // Before a separator at index i (the piece word[..<i] fits: i may be `fits` itself).
        let last = min(fits, word.endIndex - 1)
        if unmarked == 0, address, first <= last, let before = word[first...last].lastIndex(where: Self.breaksBefore) {
            unmarked = before
        }
        // A query's separator further on than the last slash wins over it (`on/with/` alone on a
        // row, `parameters?session=…` under it; helper-85), before a parameter, not inside one
        // (a name and its value stay together); a host name's dots do not (`https://` /
        // `example.com/a/`, not `https://example` / `.com/a/`).
        if unmarked > 0, address, first <= last,
           let before = word[first...last].lastIndex(where: { $0.character == "?" || $0.character == "&" || $0.character == "#" }),
           before > unmarked {
            unmarked = before
        }
        // Before an opening bracket (a note's `[1]`, a call's arguments): "Carousel" / "[1]".
        if unmarked == 0, first <= last, let before = word[first...last].lastIndex(where: { $0.character == "[" || $0.character == "(" }) {
            unmarked = before
        }
        // Between the words of a name written in camel case, before a capital after a small
        // letter, with no mark (a hyphen there reads as part of the name: `checkPubli-` /
        // `cSuffix('…`, and base64's `AwwJQUNDVlJBSVoxM-`; helper-108).
        if unmarked == 0, hyphenates, !address, first <= last {
            var i = last
            while i >= first, !(word[i].character.isUppercase && word[i - 1].character.isLowercase) { i -= 1 }
            if i >= first { unmarked = i }
        }
        if unmarked > 0 { return (unmarked, false) }
        // (An address with no separator near the edge is cut where the line is full, unmarked too:
        // `@examp-` / `le.com` read as a hyphen in a host name; helper-66.)
        if !hyphenates || address { return (max(fits, word.startIndex + 1), false) }
        let room = available - 1
        // The last line keeps `shortestTail` letters, the punctuation after the word aside
        // ("Ingredien-" / "ts:", "transluce-" / "nt,": two letters read as a word of their own;
        // helper-83), and the first as many where the row has room for them and the mark.
        // (A few marks at most: a word may be a whole file long, and this is asked for each row.)
        var closing = 0, marks = 0
        for glyph in word.reversed() {
            guard !glyph.character.isLetter && !glyph.character.isNumber else { break }
            closing += glyph.width
            marks += 1
            if marks > 4 { closing = 0; break }
        }
        let tail = Self.shortestTail + (closing < total ? closing : 0)
        let head = room > Self.shortestTail ? Self.shortestTail : 2
        var limit = total - room < tail ? max(head, total - tail) : room
        // More than a row left after this one: the next break must find its letters either side
        // too ("wonde-" / "rfu-" / "l!!!"; review): what is left keeps letters enough for it.
        if total - limit > available, total - limit - closing < 2 * Self.shortestTail {
            limit = max(head, total - closing - 2 * Self.shortestTail)
        }
        var end = word.startIndex
        cells = 0
        while end < word.endIndex, cells + word[end].width <= limit {
            cells += word[end].width
            end += 1
        }
        // The last break the word's language allows within that, however little of the row it
        // fills, where it leaves two letters on it (helper-89 read `everywh-` / `ere`, `Archite-` /
        // `cture`; helper-101 `sellschaft-` / `skapitäns-` where `sell-` filled less than half).
        if let point = points.filter({ $0 > word.startIndex && $0 <= end && $0 < word.endIndex }).max(),
           point - word.startIndex >= 2 {
            return (point, true)
        }
        // In a word joined by its own hyphens, the part the break cuts keeps its three letters
        // before the next hyphen too (`Straßenbah-` / `n-Fahrkar-` / `ten` read `n` as a word;
        // helper-85), where that part has letters enough for both sides.
        if let own = word[end...].firstIndex(where: Self.breaksByItself), own + 1 < word.endIndex, own - end < Self.shortestTail {
            let part = word[..<end].lastIndex(where: Self.breaksByItself).map { $0 + 1 } ?? word.startIndex
            if own - Self.shortestTail >= part + head {
                while end > own - Self.shortestTail { end -= 1; cells -= word[end].width }
            }
        }
        // Only the marks after the word left: the row is filled and they go on with no hyphen
        // (`def-` / `))))` promised more of the word; review).
        if closing > 0, closing < total, total - cells <= closing { return (max(fits, word.startIndex + 1), false) }
        // Never a hyphen next to a digit, where it reads as a minus (`height="10-` / `0"`;
        // helper-92): the row breaks with no mark, before the number where that keeps a few
        // characters on it.
        let cut = max(end, word.startIndex + 1)
        if cut < word.endIndex, word[cut - 1].character.isNumber || word[cut].character.isNumber {
            var start = cut
            while start > word.startIndex, word[start - 1].character.isNumber { start -= 1 }
            return (word[cut].character.isNumber && start - word.startIndex >= Self.shortestTail ? start : cut, false)
        }
        return (cut, true)
    }

    /// A letter of a script written without spaces between its words (Thai, Lao, Khmer, Burmese).
    static func writesWithoutSpaces(_ glyph: Glyph) -> Bool {
        glyph.byte == 0 && writesWithoutSpaces(glyph.character)
    }

    static func writesWithoutSpaces(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x0E00...0x0EFF).contains(v) || (0x1780...0x17FF).contains(v) || (0x1000...0x109F).contains(v)
    }

    /// Whether a line of such a script may end after `before` and the next begin with `after`:
    /// not after a Thai or Lao vowel written before its consonant (เ แ โ ใ ไ), nor before a vowel
    /// or sign written after the syllable it belongs to (ะ า ำ ๅ ๆ ฯ, their Lao forms), nor inside a
    /// Khmer or Burmese stack (after the coeng ្ or the virama ္, which join the next consonant).
    static func mayBreak(between before: Glyph, and after: Glyph) -> Bool {
        guard let b = before.character.unicodeScalars.first?.value, let a = after.character.unicodeScalars.first?.value else { return true }
        if (0x0E40...0x0E44).contains(b) || (0x0EC0...0x0EC4).contains(b) { return false }
        if before.character.unicodeScalars.contains(where: { $0.value == 0x17D2 || $0.value == 0x1039 }) { return false }
        return ![0x0E2F, 0x0E30, 0x0E32, 0x0E33, 0x0E45, 0x0E46, 0x0EAF, 0x0EB0, 0x0EB2, 0x0EB3, 0x0EC6].contains(a)
    }

    /// Whether a word is a code rather than a word of a language: a hash or a hexadecimal number
    /// (`bd60510a9f3c`), or one whose digits are a quarter of its letters and digits or more
    /// (`x86_64`, `SHA256`); a long word with a digit at its end is still a word.
    static func isCode<Glyphs: Collection<Glyph>>(_ word: Glyphs) -> Bool {
        var digits = 0, letters = 0, hex = true, rises = 0
        var lower = false
        for glyph in word {
            let c = glyph.character
            if c.isNumber { digits += 1 } else if c.isLetter { letters += 1 }
            if !c.isHexDigit { hex = false }
            if lower && c.isUppercase { rises += 1 }
            lower = c.isLowercase
        }
        // Base64 (a key, a certificate's lines): digits among letters that rise to capitals again
        // and again, filling each row (not broken between camel-case "words": ragged rows).
        if digits > 0 && rises >= 4 { return true }
        // (Marks alone, a rule of `=` or `#` under a heading, hold no word a hyphen could split:
        // `===============-` / `==========`; helper-108.)
        if letters == 0 { return true }
        return digits > 0 && (hex || digits * 4 >= digits + letters)
    }

    /// Whether a `.` stands between two letters or digits (`example.com`, `10.0.12.101`, `2.14`),
    /// not only at the end (a sentence's full stop).
    private static func hasInnerDot(_ word: ArraySlice<Glyph>) -> Bool {
        var i = word.startIndex + 1
        while i + 1 < word.endIndex {
            if word[i].character == ".", word[i - 1].character.isLetter || word[i - 1].character.isNumber,
               word[i + 1].character.isLetter || word[i + 1].character.isNumber {
                return true
            }
            i += 1
        }
        return false
    }

    /// A character before which an address may break with no mark added.
    private static func breaksBefore(_ glyph: Glyph) -> Bool {
        switch glyph.character {
        // (A backslash too: `C:\Users\Zoë` / `\Documents`, not `Proj-` / `ets`, helper-39; `\alpha` / `\beta`.)
        case ".", "#", "?", "&", "=", "_", "~", "@", ":", "\\": true
        default: false
        }
    }

    /// A character after which a word may break with no mark added: a hyphen, a slash, and the
    /// underscore of a name made of words (`last_` / `name`: a column's name broken `last_n-` /
    /// `ame`, and `cpu_-` / `pct` with a hyphen after it, read as no name at all; helper-66).
    private static func breaksByItself(_ glyph: Glyph) -> Bool {
        glyph.character == "-" || glyph.character == "/" || glyph.character == "_"
    }

    private mutating func append<Glyphs: Collection<Glyph>>(_ glyphs: Glyphs, width: Int) {
        // A line's room (its glyphs and a mark) made at once rather than grown a step at a time.
        if current.capacity < max(first, later) + 2 { current.reserveCapacity(max(first, later) + 2) }
        current += glyphs
        column += width
        hasContent = hasContent || glyphs.contains { !$0.isSpace }
    }

    private mutating func finishLine() {
        // Spaces before a break are dropped; a line of indentation alone keeps its spaces.
        if hasContent { while current.last?.isSpace == true { current.removeLast() } }
        onFirstRow = false
        lines.append(current)
        current = []
        column = 0
        hasContent = false
    }

    /// A run of a line's glyphs, by their indices in it.
    enum Token: Equatable {
        case spaces(Range<Int>)
        case segment(Range<Int>)
    }

    /// Runs of spaces, and the words between them cut into segments that may be broken apart
    /// without a space: each wide character is a segment of its own.
    static func tokens(_ glyphs: ArraySlice<Glyph>) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(glyphs.count / 2 + 1)  // (a word and its space are two tokens of three glyphs or more, mostly)
        // The run being gathered: from `run` to the glyph being read.
        var run = glyphs.startIndex
        var runIsSpace = false
        func flush(to end: Int) {
            if run < end { tokens.append(runIsSpace ? .spaces(run..<end) : .segment(run..<end)) }
            run = end
        }
        var afterOpening = false
        for i in glyphs.indices {
            let glyph = glyphs[i]
            // Korean sets spaces between words: its syllables wrap as the letters of a word do;
            // so do emoji side by side (a family drawn as its people is one picture).
            // Full-width Latin letters and digits (`ＬＩＮＵＸ`, `１２３`, as an input method for
            // Japanese types them) too: their words were split anywhere (helper-100).
            let wide = !glyph.isSpace && glyph.isWide && !isHangul(glyph.character) && !glyph.kind.contains(.pictograph)
                && !isFullWidthAlphanumeric(glyph.character)
            if wide && glyph.kind.contains(.closingMark) {
                // A closing mark never starts a line: it ends the segment before it.
                afterOpening = false
                if run < i && !runIsSpace {
                    flush(to: i + 1)
                    continue
                }
                if run == i, case .segment(let last)? = tokens.last {
                    // (The segment ends right before it: nothing was gathered since.)
                    tokens[tokens.count - 1] = .segment(last.lowerBound..<(i + 1))
                    run = i + 1
                    continue
                }
            }
            if !wide && run == i && !glyph.kind.isDisjoint(with: [.quoteClosing, .narrowClosing]),
               case .segment(let last)? = tokens.last, let end = glyphs[last].last,
               end.isWide || !end.kind.isDisjoint(with: [.quoteClosing, .narrowClosing]) {
                // A closing quote or a stop right after a wide character (Chinese: 你好。”; mixed
                // text: "漢字, 😀") stays with it: a line never starts with ", ".
                tokens[tokens.count - 1] = .segment(last.lowerBound..<(i + 1))
                run = i + 1
                afterOpening = false
                continue
            }
            if glyph.isSpace != runIsSpace || (wide && !afterOpening) {
                flush(to: i)
                runIsSpace = glyph.isSpace
            }
            // A wide character ends its segment, so that the next character starts a new one,
            // except an opening bracket, which never ends a line.
            afterOpening = glyph.kind.contains(wide ? .openingMark : .quoteOpening)
            if wide && !afterOpening { flush(to: i + 1) }
        }
        flush(to: glyphs.endIndex)
        return gluingSpacedPunctuation(tokens, in: glyphs)
    }

    /// French sets a space before `;` `:` `!` `?` `»` and after `«`, which typed as a plain space
    /// let a row start with `; puis` or end with `«` (helper-96): such a mark alone stays on the
    /// row of the word before it (`«`: after it), as behind a no-break space.
    private static func gluingSpacedPunctuation(_ tokens: [Token], in glyphs: ArraySlice<Glyph>) -> [Token] {
        // (The mark may have a stop or a comma after it: `»,` `».`.)
        func closes(_ range: Range<Int>) -> Bool {
            spacedClosing.contains(glyphs[range.lowerBound].character) && glyphs[range].allSatisfy { spacedClosing.contains($0.character) || trailing.contains($0.character) }
        }
        guard tokens.count >= 3 else { return tokens }
        var glued: [Token] = []
        glued.reserveCapacity(tokens.count)
        for token in tokens {
            if case .segment(let range) = token, glued.count >= 2, case .spaces(let space) = glued[glued.count - 1], space.count == 1,
               case .segment(let before) = glued[glued.count - 2],
               closes(range) || glyphs[before].allSatisfy({ spacedOpening.contains($0.character) }) {
                glued.removeLast(2)
                glued.append(.segment(before.lowerBound..<range.upperBound))
                continue
            }
            glued.append(token)
        }
        return glued
    }

    private static let spacedClosing: Set<Character> = [";", ":", "!", "?", "»", "›"]
    private static let spacedOpening: Set<Character> = ["«", "‹"]
    private static let trailing: Set<Character> = [".", ",", "…", ")"]

    /// A full-width Latin letter or digit (U+FF10...U+FF19, U+FF21...U+FF3A, U+FF41...U+FF5A).
    static func isFullWidthAlphanumeric(_ character: Character) -> Bool {
        guard let v = character.unicodeScalars.first?.value else { return false }
        return (0xFF10...0xFF19).contains(v) || (0xFF21...0xFF3A).contains(v) || (0xFF41...0xFF5A).contains(v)
    }

    /// A Hangul syllable or jamo.
    static func isHangul(_ character: Character) -> Bool {
        guard let v = character.unicodeScalars.first?.value else { return false }
        return (0xAC00...0xD7A3).contains(v) || (0x1100...0x11FF).contains(v) || (0x3130...0x318F).contains(v)
    }

    /// Wide marks a line does not start with (kinsoku, as CSS's `line-break: strict` and books set
    /// Japanese): closing brackets and stops, and the prolonged sound mark, small kana, iteration
    /// marks and the middle dot, which CSS's `normal` lets start a line ("メ" / "ートル" read as a
    /// broken word; helper-11).
    static let closingMarks: Set<Character> = ["。", "、", "，", "．", "！", "？", "：", "；", "）", "」", "』", "】", "〕", "〉", "》", "〗", "〙", "］", "｝",
                                               "ー", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ゎ", "ァ", "ィ", "ゥ", "ェ", "ォ",
                                               "ッ", "ャ", "ュ", "ョ", "ヮ", "ヵ", "ヶ", "々", "ゝ", "ゞ", "ヽ", "ヾ", "・"]
    /// Quotation marks Chinese text sets narrow (East Asian ambiguous width): a closing one does
    /// not start a line after a wide character, an opening one does not end a line before one.
    static let quoteClosings: Set<Character> = ["”", "’"]
    /// Narrow stops and closing brackets, which do not start a line after a wide character either.
    static let narrowClosings: Set<Character> = [",", ".", ";", ":", "!", "?", ")", "]", "}", "%"]
    static let quoteOpenings: Set<Character> = ["“", "‘"]
    /// Wide brackets a line does not end with.
    static let openingMarks: Set<Character> = ["（", "「", "『", "【", "〔", "〈", "《", "〖", "〘", "［", "｛"]
}
