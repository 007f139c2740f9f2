extension TextDocument {
    /// A note or lines from a pipe: each line of `text` is a paragraph of its own (the author's
    /// line breaks are kept, long lines wrap); a line of nothing but whitespace is an empty line.
    /// A log or a diary, whose lines begin with a date or a time, wraps each under its first row's
    /// start, two columns in (see `hangingIndent`).
    public init(plainText text: String, title: String? = nil) {
        let lines = Self.sourceLines(text)
        let blocks: [TextBlock] = lines.map { line in
            line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? .blank() : .paragraph([TextSpan(String(line))])
        }
        self.init(title: title, blocks: blocks)
        if Self.isLog(lines) { hangingIndent = 2 }
    }

    /// Whether at least two lines, and three in five of those not blank nor indented, begin with
    /// a date or a time (of the first 400 lines).
    static func isLog(_ lines: [Substring]) -> Bool {
        var entries = 0, timed = 0
        for line in lines.prefix(400) where line.first.map({ $0 != " " && $0 != "\t" }) == true {
            entries += 1
            if beginsWithTime(line) { timed += 1 }
        }
        return timed >= 2 && timed * 5 >= entries * 3
    }

    /// `2026-11-28 06:32:16`, `[2026-11-28T06:32:16Z]`, `06:32:16.120`, `28/11/2026`, `28.11.26`,
    /// Tomcat's `28-Nov-2026 06:32:16`, syslog's `Nov 28 06:32:16`: after any opening brackets, a
    /// date (four digits, then two and two; or one or two, one or two, then two to four, with
    /// dots two and two or a year of four; `-`, `/` or `.` between, the same twice; or a day, a
    /// month's name and a year between dashes) that ends the line or is followed by a space, `T`,
    /// `]`, `,` or `_`; a time (one or two digits, a colon, two digits); or a month's name, a day
    /// and a time. Not a telephone number (`555-123-4567`, `06.12.34.56.78`), an address
    /// (`10.20.30.40`), a version (`1.2.10`), a numbered line (`1: buy milk`), a sum (`3/4 cup`)
    /// or a sentence begun by a month (`May I ask: ...`).
    static func beginsWithTime(_ line: Substring) -> Bool {
        var head = line.utf8.drop { $0 == UInt8(ascii: "[") }.prefix(24)[...]
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        /// Reads `fewest` to `most` digits, and says how many (nil: not so many, or more follow).
        func digits(_ fewest: Int, _ most: Int) -> Int? {
            var n = 0
            while n < most, isDigit(head.first) { head.removeFirst(); n += 1 }
            return n >= fewest && !isDigit(head.first) ? n : nil
        }
        func take(_ byte: UInt8) -> Bool {
            guard head.first == byte else { return false }
            head.removeFirst()
            return true
        }
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        func month() -> Bool {
            guard head.count >= 3, months.contains(String(decoding: head.prefix(3), as: UTF8.self).lowercased()) else { return false }
            head.removeFirst(3)
            return true
        }
        /// Whether the date read so far ends there: the line's end, a space, `T`, `]`, `,` or `_`.
        func ends() -> Bool { head.first.map { " T],_".utf8.contains($0) } ?? true }
        func time() -> Bool { digits(1, 2) != nil && take(UInt8(ascii: ":")) && digits(2, 2) != nil }
        func date() -> Bool {
            let start = head
            let separators: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: ".")]
            if digits(4, 4) != nil, let separator = head.first, separators.contains(separator) {
                return take(separator) && digits(1, 2) != nil && take(separator) && digits(1, 2) != nil && ends()
            }
            head = start
            if let day = digits(1, 2), let separator = head.first, separators.contains(separator) {
                head.removeFirst()
                if separator == UInt8(ascii: "-"), month() { return take(separator) && digits(4, 4) != nil && ends() }
                guard let month = digits(1, 2), take(separator), let year = digits(2, 4), ends() else { return false }
                // (Dotted, a day and a month of two digits or a year of four: `1.2.10` is a version.)
                return separator != UInt8(ascii: ".") || (day == 2 && month == 2) || year == 4
            }
            return false
        }
        let start = head
        if date() { return true }
        head = start
        if time() { return true }
        head = start
        guard month(), take(UInt8(ascii: " ")) else { return false }
        _ = take(UInt8(ascii: " "))  // (syslog pads a day below 10)
        return digits(1, 2) != nil && take(UInt8(ascii: " ")) && time()
    }

    /// Source code, or anything whose columns matter: one code block, lines cut at the edge, never wrapped.
    /// A diff (a `.diff` or `.patch` file: `---` and `+++` naming its files, then a hunk) shows its
    /// added and removed lines in colour (see `TextBlock.diffRows`).
    public init(code text: String, title: String? = nil) {
        let lines = Self.sourceLines(text).map(String.init)
        self.init(title: title, blocks: [Self.isDiff(lines) ? .code(TextBlock.diffRows(lines)) : .code(lines: lines)])
        codeIndentStep = Self.codeIndentStep(of: blocks, fewRows: true)
    }

    /// Text with ANSI colours (`--ansi`): each line a paragraph of styled spans (spaces on a
    /// colour are not a blank line); every escape sequence other than colours and attributes is
    /// removed. Styles carry over from line to line, as they would on a terminal.
    public init(ansiText text: String, title: String? = nil) {
        var style = SpanStyle.plain
        let blocks: [TextBlock] = Self.sourceLines(text).map { line in
            let spans = ANSIText.spans(from: String(line), style: &style)
            return spans.allSatisfy(\.showsNothing) ? .blank() : .paragraph(spans)
        }
        self.init(title: title, blocks: blocks)
    }

    /// Whether `lines` are a unified diff: a line `--- ` followed by one `+++ ` and a hunk's header,
    /// within its first lines (a commit's message and `diff --git` may come first).
    static func isDiff(_ lines: [String]) -> Bool {
        let head = lines.prefix(200)
        // (Any `---` line of them: a commit's message may hold one first.)
        for old in head.indices where head[old].hasPrefix("--- ") && old + 2 < head.endIndex {
            if head[old + 1].hasPrefix("+++ "), TextBlock.hunkCounts(head[old + 2]) != nil { return true }
        }
        return false
    }

    /// Whether `text` holds a character that ends a line (`Character.isNewline`): a line feed
    /// (unless `besidesLineFeed`), CR, VT, FF, NEL, LINE or PARAGRAPH SEPARATOR. Told from its bytes.
    static func hasLineEnd(_ text: String, besidesLineFeed: Bool = false) -> Bool {
        var before: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if (byte >= 0x0A && byte <= 0x0D && !(besidesLineFeed && byte == 0x0A)) || (before.1 == 0xC2 && byte == 0x85)
                || (before == (0xE2, 0x80) && (byte == 0xA8 || byte == 0xA9)) {
                return true
            }
            before = (before.1, byte)
        }
        return false
    }

    /// The lines of `text`, split at every newline character (LF, CRLF, CR...); a final newline
    /// does not start another line.
    static func sourceLines(_ text: String) -> [Substring] {
        // (Split at its bytes where its only line ends are line feeds, as a card file's are once
        // cleaned: splitting by characters was a sixth of a first search through 1,200 files.)
        var lines = !hasLineEnd(text, besidesLineFeed: true)
            ? text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
            : text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        if lines == [""] { return [] }
        return lines
    }
}
