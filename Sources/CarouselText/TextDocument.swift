import Synchronization

/// The content of a text card: an optional title (a card shows it in its frame) and blocks.
public struct TextDocument: Hashable, Sendable {
    public var title: String?
    public var blocks: [TextBlock]
    /// For each of `blocks`, the line (from 1) of its source where it begins (a code block's:
    /// where its first row is), where that is known: a Markdown text's, whose rows are not its
    /// source's lines. Where `e` opens a zoomed Markdown card scrolled down. Empty when not known.
    public var blockLines: [Int32]
    /// Whether the text holds ANSI colour codes shown as text (`␛[32m`, read without `--ansi`):
    /// the status line then says that `--ansi` draws them.
    public var showsColourCodes = false
    /// The heading `title` was read from (a Markdown text's), left out of `blocks` since the card
    /// shows it in its frame, and the line of the source it was on (0: not known): see `showingTitle`.
    public var titleBlock: TextBlock?
    public var titleLine: Int32 = 0
    /// The step the text's code is indented by, 8 (tabs) or 4 columns, where nearly all of its
    /// indented code rows keep to it; 0 otherwise (two columns, alignment, a drawing). A card
    /// narrower than `BlockLayout.narrowCode` narrows each step to two columns (see
    /// `codeIndentStep(of:)`). The text's own: a window of it (`dropping`, `prefix`) keeps it.
    public var codeIndentStep = 0
    /// The rows a paragraph wraps into are indented this much more than its first: 2 in a log or
    /// a diary (lines that begin with a date or a time), so that each entry's first row stands
    /// out; 0 in prose. The text's own, as `codeIndentStep` is.
    public var hangingIndent = 0
    /// A Markdown slide made of one picture (`![alt](chart.png)`), its title aside and, at most, a
    /// short paragraph under it: the picture's address as written, and that paragraph, which the
    /// deck shows as a picture card and its caption where the file can be shown. Nil otherwise.
    public var picture: String?
    public var caption: String?
    /// A picture among a Markdown text's words, on a paragraph of its own (the first such), drawn
    /// with the text where the deck finds its file (see `TextFigure`); and the text's other such
    /// pictures, drawn beside it, left to right (a slide's `![before](a.png) ![after](b.png)`:
    /// helper-91 saw the second named and the first alone drawn). Found: those with a `path`.
    public var figure: TextFigure?
    public var moreFigures: [TextFigure] = []
    /// The figures drawn: `figure` and `moreFigures`.
    public var figures: [TextFigure] { figure.map { [$0] + moreFigures } ?? [] }
    /// Only the first part of a longer text is here (a file over 1 MiB, a text past its last
    /// line kept; its last line says so): what counts its lines or matches counts that part,
    /// and says so with a `+`.
    public var goesOn = false
    /// How many of its last blocks are a note the program added (a blank and a line saying that
    /// lines were cut or the file goes on): no lines of the text, so not counted as its lines
    /// (helper-104 read `line 1 of 3` for a file of one line with its note).
    public var endNotes = 0
    /// The lines of `plainLines` that are those notes, at its end.
    public var endNoteLines: Int { blocks.suffix(endNotes).reduce(0) { $0 + Self.lineCount(of: $1) } }
    /// The language its words are in, as far as it can be told (`TextLanguage.guess`: from the
    /// prose and tables it was made with, not its code), for hyphenation; nil: each word's letters
    /// tell. Guessed the first time it is asked for, when the text is laid out.
    public var language: String? {
        get { languageGuess.language }
        set { languageGuess = LanguageGuess(known: newValue) }
    }
    private var languageGuess: LanguageGuess

    public init(title: String? = nil, blocks: [TextBlock], blockLines: [Int32] = []) {
        self.init(title: title, blocks: blocks, blockLines: blockLines, guess: LanguageGuess(blocks: blocks))
    }

    /// Where its own words do not tell its language, it is `fallback` (a slide too short to tell
    /// is in its talk's language), still guessed only when asked for.
    public mutating func language(elseIn fallback: String?) {
        guard let fallback else { return }
        languageGuess = languageGuess.falling(back: fallback)
    }

    /// A document whose language is known (a part of another: see `window`).
    init(title: String?, blocks: [TextBlock], blockLines: [Int32], language: String?) {
        self.init(title: title, blocks: blocks, blockLines: blockLines, guess: LanguageGuess(known: language))
    }

    private init(title: String?, blocks: [TextBlock], blockLines: [Int32], guess: LanguageGuess) {
        self.title = title
        self.blocks = blocks
        self.blockLines = blockLines.count == blocks.count ? blockLines : []
        languageGuess = guess
    }

    /// The characters of `blocks`' paragraphs and table cells, a space after each span.
    /// (As much as `TextLanguage.guess` reads, `limit` characters: read through lazy sequences of
    /// sequences, the characters cost a look-up of generic metadata each, and a first search,
    /// which makes every card's text, stalled at a hundred lines a second.)
    static func proseCharacters(of blocks: [TextBlock], limit: Int = TextLanguage.charactersRead) -> String {
        var sample = ""
        var count = 0
        /// Adds the spans, a space after each; false once there are `limit` characters.
        func add(_ spans: [TextSpan]) -> Bool {
            for span in spans {
                sample += span.text
                sample += " "
                count += span.text.count + 1
                if count >= limit { return false }
            }
            return true
        }
        reading: for block in blocks {
            switch block {
            case .paragraph(let spans, _):
                if !add(spans) { break reading }
            case .table(let table, _):
                for row in table.rows {
                    for cell in row {
                        if !add(cell) { break reading }
                    }
                }
            case .code, .rule, .blank:
                continue
            }
        }
        return count > limit ? String(sample.prefix(limit)) : sample
    }
}

/// A picture shown with a text's words: a Markdown slide's `![alt](chart.png)` on a line of its
/// own among other blocks (a slide of nothing but a picture and a caption is a picture card).
/// The Markdown gives where it stands; the deck, once it finds the file beside the Markdown, takes
/// the paragraph out of the text (`TextDocument.placed(figuresAt:)`), and the card draws the
/// picture above its text (only blank blocks came before it) or below it, the text in the rest
/// of the card.
public struct TextFigure: Hashable, Sendable {
    /// The address as written, and the picture's words (its file's name when it has none).
    public var address: String
    public var alt: String
    /// Where its paragraph is among the text's blocks (until `placed`).
    public var block: Int
    /// The picture's file, once found: the card draws it.
    public var path: [UInt8]?
    /// Whether it comes before the text's words (drawn above them) or after them.
    public var first = true

    /// How a text names a picture it does not draw: `[image: a cat]`.
    public static let opening = "[image: "
    public static func named(_ alt: String) -> String { opening + alt + "]" }
    /// The picture's words, when `text` is a picture named so and nothing else (around it, blanks).
    public static func alt(namedIn text: String) -> String? {
        alts(namedIn: text).flatMap { $0.count == 1 ? $0[0] : nil }
    }

    /// The words of each picture, when `text` is pictures named so and nothing else (blanks
    /// around and between them).
    public static func alts(namedIn text: String) -> [String]? {
        var rest = Substring(text).drop(while: \.isWhitespace)
        var found: [String] = []
        while !rest.isEmpty {
            guard rest.hasPrefix(opening), let close = rest.firstIndex(of: "]") else { return nil }
            found.append(String(rest[rest.index(rest.startIndex, offsetBy: opening.count)..<close]))
            rest = rest[rest.index(after: close)...].drop(while: \.isWhitespace)
        }
        return found.isEmpty ? nil : found
    }

    public init(address: String, alt: String, block: Int) {
        self.address = address
        self.alt = alt
        self.block = block
    }
}

extension TextDocument {
    /// The text with its figures (`figures`, in order) drawn from the files at `paths`, where one
    /// is given: the paragraphs that named them out of the blocks (each with an empty line beside
    /// it), drawn above the text when no words came before the first, else below it. A paragraph
    /// of pictures not all found stays, naming them. Unchanged when none is found.
    public func placed(figuresAt paths: [[UInt8]?]) -> TextDocument {
        let all = figures
        var found: [TextFigure] = []
        var missing = Set<Int>()
        for (i, figure) in all.enumerated() where figure.block < blocks.count {
            if i < paths.count, let path = paths[i] {
                var figure = figure
                figure.path = path
                found.append(figure)
            } else {
                missing.insert(figure.block)
            }
        }
        found.removeAll { missing.contains($0.block) }
        guard !found.isEmpty else { return self }
        var placed = self
        // (Only empty lines before it, or paragraphs that show nothing: an `&nbsp;` spacer.)
        let first = leadingBlanks.blocks >= found[0].block
        for i in found.indices { found[i].first = first }
        // From the last paragraph up, so that those above keep their places.
        for block in Set(found.map(\.block)).sorted(by: >) {
            var removed = block..<(block + 1)
            if removed.lowerBound > 0 && placed.isBlank(at: removed.lowerBound - 1) {
                removed = (removed.lowerBound - 1)..<removed.upperBound
            } else if removed.upperBound < placed.blocks.count && placed.isBlank(at: removed.upperBound) {
                removed = removed.lowerBound..<(removed.upperBound + 1)
            }
            if placed.blockLines.count == placed.blocks.count { placed.blockLines.removeSubrange(removed) }
            placed.blocks.removeSubrange(removed)
        }
        placed.figure = found[0]
        placed.moreFigures = Array(found.dropFirst())
        return placed
    }
}

extension TextDocument {
    /// The document with the heading its title was read from back among its blocks, where it was
    /// in the source: for a card named otherwise (a manifest's title, its file's name), whose frame
    /// does not show the heading (helper-43: a manifest's `talk.md` lost its `# Heading`).
    public func showingTitle() -> TextDocument {
        guard let titleBlock else { return self }
        var shown = self
        shown.titleBlock = nil
        let at = blockLines.isEmpty || titleLine == 0 ? 0 : blockLines.firstIndex { $0 > titleLine } ?? blocks.count
        // Set apart from the blocks around it by an empty line, as the text's other blocks are.
        var inserted = [titleBlock]
        if at > 0 { inserted.insert(.blank(), at: 0) }
        if at < blocks.count && !isBlank(at: at) { inserted.append(.blank()) }
        shown.blocks.insert(contentsOf: inserted, at: at)
        if !blockLines.isEmpty {
            shown.blockLines.insert(contentsOf: Array(repeating: titleLine == 0 ? 1 : titleLine, count: inserted.count), at: at)
        }
        return shown
    }
}

extension TextDocument {
    /// The document's text as lines, before any wrapping: a paragraph's hard breaks and a code
    /// block's lines each start a line; a rule or a blank is an empty line. Without margins.
    public var plainLines: [String] {
        var lines: [String] = []
        for block in blocks {
            switch block {
            case .paragraph(let spans, _):
                let text = spans.plainText
                // (Most paragraphs hold no line end: told from their bytes, not their characters.)
                if Self.hasLineEnd(text) {
                    lines += text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
                } else {
                    lines.append(text)
                }
            case .code(let rows, _):
                lines += rows.map(\.plainText)
            case .table(let table, _):
                lines += table.plainRows
            case .rule, .blank:
                lines.append("")
            }
        }
        return lines
    }
}

extension TextDocument {
    /// How many of `plainLines` `trimmingLeadingBlankLines` leaves out (where a text's first
    /// line shown is in its own lines).
    public var leadingBlankLineCount: Int {
        let (blocks, rows) = leadingBlanks
        return TextDocument(blocks: Array(self.blocks.prefix(blocks))).plainLines.count + rows
    }

    /// The document without the blank lines it opens with (empty or whitespace-only paragraphs,
    /// blanks, a code block's leading blank rows): a card shows its first words at its top.
    public var trimmingLeadingBlankLines: TextDocument {
        let (dropped, rows) = leadingBlanks
        guard dropped > 0 || rows > 0 else { return self }
        var blocks = Array(self.blocks.dropFirst(dropped))
        var lines = Array(blockLines.dropFirst(dropped))
        if rows > 0, case .code(let code, let margin) = blocks[0] {
            blocks[0] = .code(Array(code.dropFirst(rows)), margin: margin)
            if !lines.isEmpty { lines[0] += Int32(rows) }
        }
        // (Its notes at the end are kept as notes: a text opening with a blank line counted them
        // again; review.)
        return window(blocks, lines, endNotes: min(endNotes, blocks.count))
    }

    /// The blank blocks the text opens with (blank lines, paragraphs of spaces, code blocks of
    /// blank rows), and the blank rows that the code block after them opens with. Spaces that
    /// show (on a background, reversed, underlined or struck: a bar of colour in ANSI art) are
    /// not blank.
    /// Whether block `i` is an empty line.
    func isBlank(at i: Int) -> Bool { if case .blank = blocks[i] { true } else { false } }

    private var leadingBlanks: (blocks: Int, rows: Int) {
        func isBlank(_ spans: [TextSpan]) -> Bool { spans.allSatisfy(\.showsNothing) }
        for (i, block) in blocks.enumerated() {
            switch block {
            case .blank:
                continue
            case .paragraph(let spans, _) where isBlank(spans):
                continue
            case .code(let rows, _):
                let blank = rows.prefix(while: isBlank).count
                if blank < rows.count { return (i, blank) }
            default:
                return (i, 0)
            }
        }
        return (blocks.count, 0)
    }
}

extension TextDocument {
    /// The document from its own line `line` on (as `plainLines` counts them): whole blocks left
    /// out, a code block's rows, and a table's body rows, its header kept at the top
    /// (`repeatsHeader`: the window's line 0 is then the header, and the text's line M is its line
    /// M - `dropped` + 1); a paragraph is kept whole when the line falls inside it (fewer lines are
    /// then left out). `dropped` is what a call with it gives the same document back for. Where a
    /// big text's card shows a search's match without laying out every line above it.
    public func dropping(lines line: Int) -> (document: TextDocument, dropped: Int, repeatsHeader: Bool) {
        guard line > 0 else { return (self, 0, false) }
        var dropped = 0
        for (i, block) in blocks.enumerated() {
            let count = Self.lineCount(of: block)
            guard dropped + count > line else {
                dropped += count
                continue
            }
            var rest = Array(blocks.dropFirst(i))
            var restLines = blockLines.isEmpty ? [] : Array(blockLines.dropFirst(i))
            if case .code(let rows, let margin) = block, line > dropped {
                let skip = line - dropped
                rest[0] = .code(Array(rows.dropFirst(skip)), margin: margin)
                if !restLines.isEmpty { restLines[0] += Int32(skip) }
                dropped = line
            } else if case .table(var table, let margin) = block, line - dropped >= 2 {
                // (From body row `line - dropped`, under the header: its columns' names.)
                table.rows = [table.rows[0]] + table.rows[(line - dropped)...]
                rest[0] = .table(table, margin: margin)
                return (window(rest, restLines, endNotes: min(endNotes, rest.count)), line, true)
            }
            return (window(rest, restLines, endNotes: min(endNotes, rest.count)), dropped, false)
        }
        return (window([], []), dropped, false)
    }

    /// The document's first `count` lines at least (whole blocks; a code block's or a table's rows
    /// cut), and whether any of its lines are left out.
    public func prefix(lines count: Int) -> (document: TextDocument, cut: Bool) {
        var kept = 0
        for (i, block) in blocks.enumerated() {
            guard kept < count else {
                return (window(Array(blocks.prefix(i)), Array(blockLines.prefix(i))), true)
            }
            let lines = Self.lineCount(of: block)
            if case .code(let rows, let margin) = block, kept + lines > count {
                var head = Array(blocks.prefix(i + 1))
                head[i] = .code(Array(rows.prefix(count - kept)), margin: margin)
                return (window(head, Array(blockLines.prefix(i + 1))), true)
            }
            if case .table(var table, let margin) = block, kept + lines > count, count - kept >= 1 {
                // (A table's first rows, its header the first of them.)
                var head = Array(blocks.prefix(i + 1))
                table.rows = Array(table.rows.prefix(count - kept))
                head[i] = .table(table, margin: margin)
                return (window(head, Array(blockLines.prefix(i + 1))), true)
            }
            kept += lines
        }
        return (self, false)
    }

    /// Some of the document's blocks, as a document with its title and its indentation's habits.
    /// (`endNotes`: of the notes at the whole's end, those it ends with.)
    private func window(_ blocks: [TextBlock], _ lines: [Int32], endNotes: Int = 0) -> TextDocument {
        // (Its language is the whole's: a part of a text told apart nothing, or another language.)
        var window = TextDocument(title: title, blocks: blocks, blockLines: lines, language: language)
        window.endNotes = endNotes
        window.codeIndentStep = codeIndentStep
        window.hangingIndent = hangingIndent
        return window
    }

    /// The step `blocks`' code rows are indented by: 8 or 4 where at least four in five of the
    /// indented rows are indented by a multiple of it and hardly any (one in twenty) by less
    /// (4-space Python whose methods' bodies sit at 8 steps by 4); else 0 (2-space code, code
    /// aligned to its parentheses, a drawing, fewer than three indented rows, unless `fewRows`).
    /// `fewRows`: a source file's text, where a row or two a tab's width or four spaces in (a
    /// Makefile's recipe, a short function) are steps too (not a drawing in a Markdown code block,
    /// whose columns must stay).
    public static func codeIndentStep(of blocks: [TextBlock], fewRows: Bool = false) -> Int {
        var leads: [Int] = []
        // (Not a diff's rows, each begun by its mark, a space, + or -: its unchanged lines narrowed
        // alone stood apart from its changed ones; review.)
        let plain = SpanStyle(role: .code)
        for case .code(let rows, _) in blocks where rows.allSatisfy({ $0.allSatisfy { $0.style == plain } }) {
            for row in rows {
                var lead = 0, filled = false
                scan: for span in row {
                    for byte in span.text.utf8 {
                        switch byte {
                        case 0x20: lead += 1
                        case 0x09: lead += TextLayout.tabWidth - lead % TextLayout.tabWidth
                        default: filled = true; break scan
                        }
                    }
                }
                if filled && lead > 0 { leads.append(lead) }
            }
        }
        // A few rows, each a tab's width in or several (tabs are spaces by now): steps of a tab
        // (a Makefile's recipe of one line sat 8 columns in on a card of 13); each four spaces in
        // or several, steps of four (a function of one or two lines kept its four columns on a
        // card of ten; helper-104).
        if fewRows && !leads.isEmpty && leads.count < 3 {
            if leads.allSatisfy({ $0 % 8 == 0 }) { return 8 }
            if leads.allSatisfy({ $0 % 4 == 0 }) { return 4 }
        }
        guard leads.count >= 3 else { return 0 }
        for step in [8, 4] {
            let multiples = leads.count { $0 % step == 0 }, less = leads.count { $0 < step }
            if multiples * 5 >= leads.count * 4 && less * 20 <= leads.count { return step }
        }
        return 0
    }

    /// How many of the text's own lines `block` holds (as `plainLines` counts them).
    static func lineCount(of block: TextBlock) -> Int {
        switch block {
        case .paragraph(let spans, _): spans.plainText.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        case .code(let rows, _): rows.count
        case .table(let table, _): table.plainRows.count
        case .rule, .blank: 1
        }
    }
}

/// A text's language, guessed the first time it is asked for from the prose it was made with: a
/// card's text made only to be searched (every card of a deck, for a first search) or printed is
/// never laid out, and guessing the language of each of 100,000 lines took half of a first search
/// through them. Shared by the copies of a document; equal where the languages are.
final class LanguageGuess: Hashable, Sendable {
    /// What to guess from and the language where that tells none, until the guess is made; then
    /// the language.
    private let state: Mutex<(from: Source?, fallback: String?, language: String?)>

    /// What a guess is made from: a short text's blocks, kept as they are (made for every line of
    /// a deck searched, a sample cost as much as the search's reading); a longer one's sample, not
    /// to hold all its blocks until it is laid out.
    enum Source {
        case blocks([TextBlock])
        case sample(String)
    }

    init(blocks: [TextBlock]) {
        state = Mutex((blocks.count <= 16 ? .blocks(blocks) : .sample(TextDocument.proseCharacters(of: blocks)), nil, nil))
    }

    init(known language: String?) { state = Mutex((nil, nil, language)) }

    private init(from source: Source?, fallback: String?, language: String?) { state = Mutex((source, fallback, language)) }

    var language: String? {
        state.withLock { state in
            switch state.from {
            case .blocks(let blocks)?: state.language = TextLanguage.guess(TextDocument.proseCharacters(of: blocks)) ?? state.fallback
            case .sample(let sample)?: state.language = TextLanguage.guess(sample) ?? state.fallback
            case nil: break
            }
            state.from = nil
            return state.language
        }
    }

    /// The same guess, `fallback` where it tells none.
    func falling(back fallback: String) -> LanguageGuess {
        state.withLock { state in
            state.from == nil ? LanguageGuess(known: state.language ?? fallback)
                : LanguageGuess(from: state.from, fallback: fallback, language: nil)
        }
    }

    static func == (a: LanguageGuess, b: LanguageGuess) -> Bool { a === b || a.language == b.language }
    func hash(into hasher: inout Hasher) { hasher.combine(language) }
}
