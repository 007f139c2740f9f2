import CarouselText

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
}
