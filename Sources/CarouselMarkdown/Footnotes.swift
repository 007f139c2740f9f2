import CarouselText
import CCMark

/// GitHub's footnotes, which CommonMark (and libcmark) leave as text: a reference `[^1]` shows as
/// `[1]`, dimmed as a link's address is, and a paragraph that opens with a definition, `[^1]: The
/// note.`, as `[1] The note.` where it stands (the end of the text, as a book's notes). A label is
/// one to 32 characters without spaces or brackets; code spans, links and raw HTML keep what they
/// hold.
enum Footnotes {
    static let longestLabel = 32

    /// The spans of one paragraph with their footnote references shown as notes.
    static func apply(_ spans: [TextSpan]) -> [TextSpan] {
        guard mayHoldReference(spans) else { return spans }
        // One entry per character, with its span's style and whether it is text as written.
        var characters: [(character: Character, style: SpanStyle)] = []
        for span in spans { for character in span.text { characters.append((character, span.style)) } }
        var out: [TextSpan] = []
        var i = 0
        while i < characters.count {
            if let end = reference(in: characters, at: i) {
                let opensParagraph = i == 0
                let label = String(characters[(i + 2)..<end].map(\.character))
                var style = characters[i].style
                style.dim = true
                style.role = .url
                out.append(TextSpan("[" + label + "]", style: style))
                i = end + 1
                // A definition opening the paragraph: its colon goes.
                if opensParagraph, i < characters.count, characters[i].character == ":" { i += 1 }
                continue
            }
            out.append(TextSpan(String(characters[i].character), style: characters[i].style))
            i += 1
        }
        return out.merged
    }

    /// Whether the spans hold `[^` (cmark gives a bracket a text node of its own), looked for in
    /// their bytes.
    private static func mayHoldReference(_ spans: [TextSpan]) -> Bool {
        var bracket = false
        for span in spans {
            for byte in span.text.utf8 {
                if bracket && byte == UInt8(ascii: "^") { return true }
                bracket = byte == UInt8(ascii: "[")
            }
        }
        return false
    }

    /// The index of the `]` closing a reference `[^label]` that starts at `i`, or nil.
    private static func reference(in characters: [(character: Character, style: SpanStyle)], at i: Int) -> Int? {
        guard i + 3 < characters.count, characters[i].character == "[", characters[i + 1].character == "^" else { return nil }
        var j = i + 2
        while j < characters.count, j - (i + 2) <= longestLabel {
            let c = characters[j].character
            if c == "]" { break }
            if c.isWhitespace || c == "[" || c == "^" { return nil }
            j += 1
        }
        guard j < characters.count, characters[j].character == "]", j > i + 2, j - (i + 2) <= longestLabel else { return nil }
        // Every character of it text as written.
        guard characters[i...j].allSatisfy({ Strikethrough.takesMarkup($0.style.role) }) else { return nil }
        return j
    }

    /// `source` with each footnote definition's bracket escaped (`\[^1]: …`), or nil when it has
    /// none. To CommonMark, `[^1]: https://x.org` (a definition of one word or an address) is a link
    /// reference definition: it would vanish, and `[^1]` become a link to it. Escaped, both stay text
    /// for `apply`. Lines in code and HTML blocks keep what they hold. With the line (from 1) of
    /// `source` each line of the result is: a definition right under a line of text is set apart by
    /// an empty line, counted as the definition's (the blocks after it were a line further down for
    /// each, where `e` opens them: helper-23).
    static func escapingDefinitions(in source: String) -> (text: String, lines: [Int32])? {
        guard source.utf8.contains(UInt8(ascii: "^")) else { return nil }
        let lines = SlideSplitter.sourceLines(source)
        let candidates = lines.indices.filter { isDefinition(lines[$0]) }
        guard !candidates.isEmpty, let tree = CMarkTree(source) else { return nil }
        var protected = Set<Int>()
        tree.walk { entering, node in
            if entering && (node.kind == CCMARK_CODE_BLOCK || node.kind == CCMARK_HTML_BLOCK) { protected.formUnion(node.lines) }
        }
        let escaped = Set(candidates.filter { !protected.contains($0 + 1) })
        guard !escaped.isEmpty else { return nil }
        var numbers: [Int32] = []
        numbers.reserveCapacity(lines.count + escaped.count)
        let text = lines.indices.map { index -> String in
            let line = lines[index]
            numbers.append(Int32(index + 1))
            guard escaped.contains(index), let bracket = line.firstIndex(of: "[") else { return String(line) }
            // Each definition its own paragraph, also one right under another.
            let apart = index > 0 && !lines[index - 1].allSatisfy(\.isWhitespace)
            if apart { numbers.append(Int32(index + 1)) }
            return (apart ? "\n" : "") + String(line[..<bracket]) + "\\" + String(line[bracket...])
        }.joined(separator: "\n")
        return (text, numbers)
    }

    /// A line that opens with a definition, `[^label]:` after at most three spaces.
    private static func isDefinition(_ line: Substring) -> Bool {
        let rest = line.drop { $0 == " " }
        guard line.count - rest.count <= 3, rest.hasPrefix("[^"), let close = rest.firstIndex(of: "]") else { return false }
        let label = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
        guard !label.isEmpty, label.count <= longestLabel, !label.contains(where: { $0.isWhitespace || $0 == "[" || $0 == "^" }) else { return false }
        return rest[rest.index(after: close)...].first == ":"
    }
}
