import CCMark

/// Splits a Markdown deck into slides.
///
/// The rule: a slide ends at a line that holds only `---` (trailing blanks allowed), unless the
/// line is inside a code block or an HTML block (as libcmark parses the whole source, so `~~~`
/// fences, unclosed fences, fences closed by the end of their list item and HTML comments are all
/// handled as CommonMark does).
/// A `---` right under a line of text is a setext heading underline in CommonMark; here it splits,
/// because to the author of a deck a `---` line is a slide break (`===` still makes a heading).
/// Other thematic breaks (`***`, `___`, `----`, `- - -`) stay in the slide as rules.
/// YAML front matter (a first `---` line, `key: value` lines, a closing `---` or `...`) is dropped.
enum SlideSplitter {
    static func slides(_ source: String) -> [String] { numberedSlides(source).map(\.text) }

    /// The slides with the lines of the source each comes from (1-based, half-open: from its first
    /// line that is not blank to the line before the next `---`), as an editor counts them, and
    /// the source's lines before the slide's text (its line 1 is the source's `offset + 1`).
    static func numberedSlides(_ source: String) -> [(text: String, lines: Range<Int>, offset: Int)] {
        let all = sourceLines(source)
        let lines = dropFrontMatter(all)
        let skipped = all.count - lines.count  // the front matter's lines
        let (protected, breaks) = scan(lines.joined(separator: "\n"))
        var slides: [(lines: [Substring], start: Int)] = [([], 0)]
        for (index, line) in lines.enumerated() {
            if isSeparator(line) && (breaks.contains(index + 1) || !protected.contains(index + 1)) {
                slides.append(([], index + 1))
            } else {
                slides[slides.count - 1].lines.append(line)
            }
        }
        return slides.compactMap { slide in
            guard let first = slide.lines.firstIndex(where: { !isBlank($0) }) else { return nil }
            let from = skipped + slide.start + first + 1
            return (slide.lines.joined(separator: "\n"), from..<(skipped + slide.start + slide.lines.count + 1), skipped + slide.start)
        }
    }

    /// The lines of `source` at the line endings CommonMark knows (LF, CRLF, CR), so that line
    /// numbers agree with cmark's.
    static func sourceLines(_ source: String) -> [Substring] {
        source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    static func isSeparator(_ line: Substring) -> Bool {
        var line = line
        while let last = line.last, last == " " || last == "\t" { line.removeLast() }
        return line == "---"
    }

    private static func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    /// Line numbers (1-based) that lie in code blocks and HTML blocks, and those where a top-level
    /// thematic break starts. cmark may count the line that closed a block (the `---` that ends a
    /// list item holding an open fence) as the block's last line; a break that starts there wins.
    private static func scan(_ source: String) -> (protected: Set<Int>, breaks: Set<Int>) {
        guard let tree = CMarkTree(source) else { return ([], []) }
        var protected = Set<Int>()
        var breaks = Set<Int>()
        tree.walk { entering, node in
            guard entering else { return }
            if node.kind == CCMARK_CODE_BLOCK || node.kind == CCMARK_HTML_BLOCK { protected.formUnion(node.lines) }
            if node.kind == CCMARK_THEMATIC_BREAK && node.isTopLevel { breaks.insert(node.lines.lowerBound) }
        }
        return (protected, breaks)
    }

    /// The lines without a leading YAML front matter block, if there is one.
    static func dropFrontMatter(_ lines: [Substring]) -> [Substring] {
        guard let first = lines.first, isSeparator(first) else { return lines }
        guard let end = lines.indices.dropFirst().first(where: { isSeparator(lines[$0]) || lines[$0] == "..." }) else { return lines }
        let body = lines[1..<end].filter { !isBlank($0) }
        guard body.contains(where: isYAMLKey), body.allSatisfy({ isYAMLKey($0) || $0.first == " " || $0.hasPrefix("- ") }) else {
            return lines
        }
        return Array(lines[(end + 1)...])
    }

    /// `key: value` or `key:`, the key a plain word (letters, digits, `_`, `-`).
    private static func isYAMLKey(_ line: Substring) -> Bool {
        guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else { return false }
        let key = line[..<colon]
        let after = line[line.index(after: colon)...]
        return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } && (after.isEmpty || after.first == " ")
    }
}
