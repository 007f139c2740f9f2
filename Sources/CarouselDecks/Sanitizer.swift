import CarouselCanvas
import CarouselText

/// Makes deck text safe to show: nothing from a file may reach the terminal as a control
/// sequence, and nothing invisible may change how wide a line is.
///
/// What happens to each kind of character (the renderer counts widths itself, so the aim is that
/// its count and the terminal's agree):
/// - invalid UTF-8 becomes U+FFFD;
/// - C0 controls and DEL become their Control Pictures (ESC shows as ␛), so a hostile file is
///   visibly hostile; C1 controls (U+0080-U+009F, which 8-bit terminals obey: 0x9B is CSI) become U+FFFD;
/// - bidi embeddings, overrides and isolates, and the line and paragraph separators, become U+FFFD:
///   they reorder or break what the user sees, and seeing that something was there matters;
/// - every other format character (zero-width space and joiner, word joiner, BOM, soft hyphen, LRM/RLM,
///   tag characters...) is removed: terminals disagree on their width (0, 1, or a ZWJ emoji sequence drawn
///   as one glyph of 2 cells or as several), so dropping them is the only choice all terminals agree with;
/// - unassigned code points and noncharacters become U+FFFD (a terminal's width table has no entry for them);
/// - combining marks stay on the character before them, at most `maximumMarks` in a row (so a "Zalgo" stack
///   cannot paint over the rows around it); a mark with nothing before it gets U+25CC ◌ as its base;
/// - tabs are expanded to the next multiple of `tabWidth` terminal columns (a wide character takes
///   two); LF, CRLF and a lone CR split lines (in `lines`); in `line` they are shown as ␊ and ␍;
/// - a line is cut after `maximumColumns` characters, ending in "…", and a text after `maximumLines` lines
///   or `maximumCharacters` characters, with a last line that says so (`linesCut`, `charactersCut`): the
///   limits bound the memory a card can take, and the reader is told where the text was cut.
public enum Sanitizer {
    /// Tab stops every 8 columns, as the terminal's own.
    public static let tabWidth = TextLayout.tabWidth
    /// Characters kept per line (a paragraph of some 1,500 words); a longer line is cut and ends in "…".
    public static let maximumColumns = 10_000
    /// Lines kept per text; a longer text ends in a line "…".
    public static let maximumLines = 100_000
    /// Characters kept per text (lines and line ends): a card file is at most 1 MiB, standard input may be more.
    public static let maximumCharacters = 2_000_000
    /// Combining marks kept after one base character.
    public static let maximumMarks = 8
    /// Characters kept in a one-line text (a title, a file name in a message).
    public static let maximumLineColumns = 200

    /// The last line of a text cut after `limit` lines: it says so, and how much is shown (a
    /// bare "…" was the only sign that a 150,000-line log was cut, and its zoom said "(end)").
    public static func linesCut(_ limit: Int) -> String {
        "… the text goes on: only its first \(grouped(limit)) lines are shown"
    }

    /// 1234567 as "1,234,567".
    public static func grouped(_ n: Int) -> String {
        var digits = Array(String(n))
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: i)
            i -= 3
        }
        return String(digits)
    }

    /// The last line of a text cut after `maximumCharacters` characters.
    public static let charactersCut = "… the text goes on: only its first \(maximumCharacters / 1_000_000) million characters are shown"

    /// Whether `line` is the last line a cut text ends in (`linesCut`, `charactersCut`).
    public static func isCutNote(_ line: String) -> Bool {
        line.hasPrefix("… the text goes on: only its first ")
    }

    /// Decodes bytes (invalid UTF-8 becomes U+FFFD) and returns clean lines.
    public static func lines(from bytes: some Collection<UInt8>) -> [String] {
        lines(from: String(decoding: bytes, as: UTF8.self))
    }

    /// Clean lines of `text`, at most `limit` of them.
    public static func lines(from text: String, limit maximumLines: Int = Sanitizer.maximumLines,
                             tabWidth: Int = Sanitizer.tabWidth) -> [String] {
        var result: [String] = []
        var line = LineBuilder(limit: maximumColumns, ellipsis: true, tabWidth: tabWidth)
        var pendingCR = false
        var characters = 0
        var full = false
        // A line ends; past a limit, the text stops at the next thing it holds.
        func end() {
            let finished = line.finish()
            characters += finished.unicodeScalars.count + 1
            result.append(finished)
            full = result.count >= maximumLines || characters >= maximumCharacters
        }
        for scalar in text.unicodeScalars {
            if pendingCR {
                pendingCR = false
                if scalar != "\n" { end() }
            }
            if full { return result + [result.count >= maximumLines ? linesCut(maximumLines) : charactersCut] }
            switch scalar.value {
            case 0x0A: end()
            case 0x0D: pendingCR = true
            default: line.add(scalar)
            }
        }
        if pendingCR || !line.isEmpty { end() }
        return result
    }

    /// One line of text (a title, a file name): line breaks shown as ␊ and ␍, tabs as a space,
    /// cut after `limit` characters with an ellipsis.
    public static func line(_ text: String, limit: Int = maximumLineColumns) -> String {
        var line = LineBuilder(limit: limit, ellipsis: true, tabsAsOneSpace: true)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D: line.add(controlPicture(scalar.value))
            default: line.add(scalar)
            }
        }
        return line.finish()
    }

    /// One line of styled text made clean as `lines` makes a line (tabs expanded from the line's
    /// start, cut after `maximumColumns` characters), each span keeping its style.
    public static func clean(_ spans: [TextSpan]) -> [TextSpan] {
        var line = LineBuilder(limit: maximumColumns, ellipsis: true)
        var result: [TextSpan] = []
        for span in spans {
            for scalar in span.text.unicodeScalars {
                switch scalar.value {
                case 0x0A, 0x0D: line.add(controlPicture(scalar.value))
                default: line.add(scalar)
                }
            }
            if line.owesCharacter {
                // The cut fell where the previous span ended: the mark takes its last character,
                // marks and base, which may lie in spans before it (a span of marks alone).
                line.owesCharacter = false
                var i = result.count - 1, removedBase = false
                while i >= 0 && !removedBase {
                    var scalars = result[i].text.unicodeScalars
                    while let last = scalars.popLast() {
                        if case .mark = treatment(of: last) { continue }
                        removedBase = true
                        break
                    }
                    result[i] = TextSpan(String(scalars), style: result[i].style)
                    i -= 1
                }
            }
            result.append(TextSpan(line.take(), style: span.style))
        }
        return result.merged
    }

    /// Clean text (the lines of `lines`, joined by line feeds).
    public static func text(from bytes: some Collection<UInt8>) -> String {
        apart(lines(from: bytes)).joined(separator: "\n")
    }

    /// `lines` with a blank line before the note a cut text ends in, so that Markdown reads it as
    /// a paragraph of its own (it went on the last list item: "• item … the text goes on").
    static func apart(_ lines: [String]) -> [String] {
        guard let last = lines.last, isCutNote(last) else { return lines }
        var spaced = lines
        spaced.insert("", at: spaced.count - 1)
        return spaced
    }

    /// Lines kept of a source that is split into many cards (Markdown slides): its cards are then
    /// held to `maximumLines` each.
    public static let maximumSourceLines = 100_000

    /// Clean text of a whole Markdown source, which becomes several cards (its slides), or one
    /// (`limit`). Its tabs stop every 4 columns, as CommonMark reads them: at 8, a list nested
    /// with a tab was read as its parent's text (helper-58: sindresorhus/awesome's sub-lists).
    public static func markdown(from bytes: some Collection<UInt8>, limit: Int = maximumSourceLines) -> String {
        apart(lines(from: String(decoding: bytes, as: UTF8.self), limit: limit, tabWidth: markdownTabWidth)).joined(separator: "\n")
    }

    /// CommonMark's tab stop, for a tab that shapes its blocks.
    public static let markdownTabWidth = 4

    /// One line of text from bytes (a raw file name): invalid UTF-8 becomes U+FFFD.
    public static func line(bytes: some Collection<UInt8>, limit: Int = maximumLineColumns) -> String {
        line(String(decoding: bytes, as: UTF8.self), limit: limit)
    }

    /// What becomes of one scalar.
    enum Treatment: Equatable {
        /// Printed as is, taking a column.
        case base(Unicode.Scalar)
        /// A combining mark: joins the character before it.
        case mark(Unicode.Scalar)
        /// Not printed at all.
        case drop
        case tab
    }

    static func treatment(of scalar: Unicode.Scalar) -> Treatment {
        let v = scalar.value
        // Printable ASCII is nearly all of any deck: decide it without a property lookup.
        if v >= 0x20 && v < 0x7F { return .base(scalar) }
        switch v {
        case 0x09: return .tab
        case 0x00...0x1F, 0x7F: return .base(controlPicture(v))
        case 0x80...0x9F: return .base(replacement)
        case 0x202A...0x202E, 0x2066...0x2069: return .base(replacement)
        default: break
        }
        if v < 0xA0 { return .base(scalar) }
        switch scalar.properties.generalCategory {
        case .format: return .drop
        case .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return .base(replacement)
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark(scalar)
        default:
            return scalar.properties.isNoncharacterCodePoint ? .base(replacement) : .base(scalar)
        }
    }

    /// Whether `scalar` may appear in sanitised text at all (what the tests check every output against).
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch treatment(of: scalar) {
        case .base(let kept), .mark(let kept): return kept == scalar
        case .drop, .tab: return false
        }
    }

    static let replacement: Unicode.Scalar = "\u{FFFD}"
    /// Stands in as the base of a combining mark that has none (what fonts draw for a lone mark).
    static let dottedCircle: Unicode.Scalar = "\u{25CC}"

    /// The Control Pictures block shows C0 controls and DEL as single visible glyphs.
    static func controlPicture(_ value: UInt32) -> Unicode.Scalar {
        if value == 0x7F { return "\u{2421}" }
        return Unicode.Scalar(0x2400 + value) ?? replacement
    }
}

/// Builds one clean line, scalar by scalar, keeping count of columns and of the marks on the last base.
/// The line is kept as UTF-8 bytes (every scalar in it came through `add`, so they are valid) and
/// made a string once, when it is taken: appending to a string scalar by scalar cost a card's first
/// sight more than everything else it does.
private struct LineBuilder {
    let limit: Int
    var ellipsis = false
    var tabsAsOneSpace = false
    private var bytes: [UInt8] = []
    /// Characters on the line (what `limit` counts).
    private var columns = 0
    /// Terminal columns on the line (where a tab goes): a wide character takes two.
    private var cells = 0
    /// Set when the line was cut just after a `take`: the character the ellipsis replaces was taken
    /// already, and the caller removes it.
    var owesCharacter = false
    private var marks = 0
    private var full = false

    /// Where tabs stop, every this many columns.
    var tabWidth = Sanitizer.tabWidth

    init(limit: Int, ellipsis: Bool = false, tabsAsOneSpace: Bool = false, tabWidth: Int = Sanitizer.tabWidth) {
        self.limit = limit
        self.ellipsis = ellipsis
        self.tabsAsOneSpace = tabsAsOneSpace
        self.tabWidth = tabWidth
    }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func add(_ scalar: Unicode.Scalar) {
        if full { return }
        let v = scalar.value
        // Printable ASCII, nearly all of any text: a base of one column.
        if v >= 0x20 && v < 0x7F && columns < limit {
            bytes.append(UInt8(v))
            columns += 1
            cells += 1
            marks = 0
            return
        }
        switch Sanitizer.treatment(of: scalar) {
        case .drop:
            return
        case .tab:
            let spaces = tabsAsOneSpace ? 1 : tabWidth - cells % tabWidth
            for _ in 0..<spaces { addBase(" ") }
        case .base(let shown):
            addBase(shown)
        case .mark(let mark):
            if columns == 0 { addBase(Sanitizer.dottedCircle) }
            if full || marks >= Sanitizer.maximumMarks { return }
            append(mark)
            marks += 1
        }
    }

    private mutating func addBase(_ scalar: Unicode.Scalar) {
        if full { return }
        if columns == limit {
            full = true
            if ellipsis, limit > 0 {
                // Replace the last character (and its marks) with the ellipsis.
                var replaced = false
                while let last = popLast() {
                    if case .mark = Sanitizer.treatment(of: last) { continue }
                    replaced = true
                    break
                }
                owesCharacter = !replaced
                append("\u{2026}")
            }
            return
        }
        append(scalar)
        columns += 1
        cells += scalar.value < 0x300 ? 1 : CharacterWidth.of(scalar)
        marks = 0
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        for byte in UTF8.encode(scalar)! { bytes.append(byte) }
    }

    /// Removes and returns the line's last scalar.
    private mutating func popLast() -> Unicode.Scalar? {
        guard !bytes.isEmpty else { return nil }
        var start = bytes.count - 1
        while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let last = String(decoding: bytes[start...], as: UTF8.self).unicodeScalars.first
        bytes.removeSubrange(start...)
        return last
    }

    /// The text added since the last `take`, keeping the line's column count (for a line built
    /// from several styled pieces).
    mutating func take() -> String {
        let piece = String(decoding: bytes, as: UTF8.self)
        bytes.removeAll(keepingCapacity: true)
        return piece
    }

    mutating func finish() -> String {
        let line = String(decoding: bytes, as: UTF8.self)
        bytes.removeAll(keepingCapacity: true)
        columns = 0
        cells = 0
        marks = 0
        full = false
        owesCharacter = false
        return line
    }
}
