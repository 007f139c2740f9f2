import CCMark
import CarouselText

/// Turns cmark's enter/exit events into text blocks. Containers (quotes, lists, items) become
/// margin pieces; leaves (paragraphs, headings, code, rules) become blocks; inlines become spans.
struct MarkdownWalker {
    /// The tree walked, for the source of a table row's text.
    let tree: CMarkTree

    /// Whether the text is a slide of a talk, where the heading a slide opens with is its title
    /// whatever its level (talks title their slides with `##` as often as with `#`).
    let slide: Bool

    init(tree: CMarkTree, slide: Bool = false) {
        self.tree = tree
        self.slide = slide
    }
    private(set) var title: String?
    /// The heading taken for the title, as a block: what a note or slide of nothing but its
    /// heading shows (a talk's "# Questions?" slide showed "(empty)"; helper-18).
    private(set) var titleBlock: TextBlock?
    private(set) var blocks: [TextBlock] = []
    /// For each of `blocks`, the source line (from 1) it begins on; an empty line set between two
    /// blocks, the next one's (see `TextDocument.blockLines`).
    private(set) var blockLines: [Int32] = []
    /// The line of the leaf block being read (a paragraph, a heading, code, a rule, HTML).
    private var leafLine: Int32 = 0
    /// The title's heading's line, for a text of nothing but it (`titleBlock`).
    private(set) var titleLine: Int32 = 0

    /// Margin pieces of the open containers, outermost first.
    private var pieces: [MarginPiece] = []
    private var lists: [ListFrame] = []
    /// For each open item, the index of its marker in `pieces`.
    private var items: [Int] = []
    private var nextListID = 0

    /// Spans of the paragraph or heading being read; nil between them.
    private var inline: [TextSpan]?
    /// Where in `inline` the spaces of its soft line breaks are (see `joinedSoftBreaks`).
    private var softBreaks: [Int] = []
    /// The paragraph's text line by line as its source has it, in styled pieces (to tell a pipe
    /// table and lay out its cells); nil outside one.
    private var sourceLines: [[TextSpan]]?
    private var headingLevel: Int?
    private var emphasis = 0
    private var strong = 0
    /// Inside `<sup>` / `<sub>` tags (how many open).
    private var raised = 0, lowered = 0
    private var images = 0
    /// The addresses of the text's pictures (`![alt](address)`), in order.
    private(set) var imageAddresses: [String] = []
    /// Where the image being read began among the inline spans.
    private var imageStart = 0
    /// The images read before the paragraph being read.
    private var imagesBeforeParagraph = 0
    /// The pictures of the paragraphs of the text's top level made of pictures alone, one or
    /// more to a paragraph, in order (see `TextFigure`).
    private(set) var figures: [TextFigure] = []
    static let imageOpening = TextFigure.opening

    /// An image's alternative text as a text shows it.
    static func image(_ alt: String) -> String { TextFigure.named(alt) }

    /// `text` in superscript (`up`) or subscript characters, where each of its characters has one;
    /// else `^(text)` or `_(text)` (a single character without the brackets).
    static func shifted(_ text: String, up: Bool) -> String {
        let from = up ? "0123456789+-=()nabcdefghijklmoprstuvwxyz" : "0123456789+-=()aeohklmnpstijruvx"
        let to = up ? "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻ" : "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥₓ"
        var map: [Character: Character] = [:]
        for (a, b) in zip(from, to) { map[a] = b }
        let mapped = text.compactMap { map[$0] }
        if mapped.count == text.count, !text.isEmpty { return String(mapped) }
        let mark = up ? "^" : "_"
        return text.count == 1 ? mark + text : mark + "(" + text + ")"
    }

    private var quotes = 0
    /// For each open quote, how many blocks there were when it opened (its first paragraph may
    /// open with a GitHub alert's `[!NOTE]`).
    private var quoteStarts: [Int] = []
    /// The open quotes, outermost first, each by the number it was given when it opened: two quotes
    /// one after the other are two (the empty line between them is not inside either).
    private var openQuotes: [Int] = []
    private var nextQuoteID = 0
    /// Open links: their address, where their text starts in `inline`, and whether an HTML `<a>`
    /// opened it (one never closed ends with its paragraph).
    private var links: [(url: String, start: Int, html: Bool)] = []

    /// What was emitted last, to decide whether an empty line goes between it and the next block.
    private var previous: (lists: [Int], quotes: [Int], margin: Margin)?

    /// Deeper nesting is not drawn (the margin is cut at half the card anyway); the cap keeps a
    /// hostile file from costing memory in proportion to depth times blocks.
    private static let maximumMarginPieces = 32

    private struct ListFrame {
        var id: Int
        var ordered: Bool
        var next: Int
        var digits: Int
        /// `.` or `)`, as the list's numbers are written.
        var delimiter: Character
        var tight: Bool
        var bulletDepth: Int
    }

    mutating func visit(_ node: CMarkNode, entering: Bool) {
        switch node.kind {
        case CCMARK_BLOCK_QUOTE:
            if entering {
                pieces.append(.quoteBar)
                quotes += 1
                quoteStarts.append(blocks.count)
                openQuotes.append(nextQuoteID)
                nextQuoteID += 1
            } else {
                openQuotes.removeLast()
                pieces.removeLast()
                quotes -= 1
                quoteStarts.removeLast()
            }
        case CCMARK_LIST:
            if entering { openList(node) } else { lists.removeLast() }
        case CCMARK_ITEM:
            // (An empty item's line is its own: it has no leaf to say it.)
            if entering { leafLine = Int32(node.lines.lowerBound); openItem() } else { closeItem() }
        case CCMARK_PARAGRAPH:
            if entering {
                leafLine = Int32(node.lines.lowerBound)
                inline = []
                softBreaks.removeAll(keepingCapacity: true)
                sourceLines = [[]]
                imagesBeforeParagraph = imageAddresses.count
            } else {
                // A pipe table is a paragraph to CommonMark; its rows are kept as rows.
                if let table = PipeTable.block(from: sourceLines ?? [], margin: margin) {
                    emit(table)
                } else {
                    // (Joined before a task's box or an alert's label changes the spans the
                    // breaks were counted in: review.)
                    inline = joinedSoftBreaks(inline ?? [])
                    markTask()
                    markAlert()
                    let spans = Footnotes.apply(Strikethrough.apply(inline ?? []))
                    emit(.paragraph(spans, margin: margin))
                    noteFigure(spans)
                }
                inline = nil
                sourceLines = nil
                links.removeAll { $0.html }
            }
        case CCMARK_HEADING:
            if entering { inline = []; softBreaks.removeAll(keepingCapacity: true); headingLevel = node.headingLevel; leafLine = Int32(node.lines.lowerBound) } else { closeHeading() }
        case CCMARK_THEMATIC_BREAK:
            leafLine = Int32(node.lines.lowerBound)
            emit(.rule(margin: margin))
        case CCMARK_CODE_BLOCK:
            let rows = Self.lines(node.literal)
            leafLine = Int32(node.lines.lowerBound + (tree.isFenced(node, firstRow: rows.first) ? 1 : 0))
            let language = node.fenceInfo.split(whereSeparator: \.isWhitespace).first?.lowercased()
            emit(language == "diff" || language == "patch" ? .code(TextBlock.diffRows(rows), margin: margin) : .code(lines: rows, margin: margin))
        case CCMARK_HTML_BLOCK:
            leafLine = Int32(node.lines.lowerBound)
            var html = node.literal
            // A README opening with `<h1 align="center">Name</h1>` is titled by it, as by `# Name`
            // (its file's name titled it, the name its first line: helper-20).
            if title == nil, pieces.isEmpty, blocks.isEmpty, let heading = HTMLText.leadingHeading(in: html) {
                title = Self.collapsed(heading.text)
                titleBlock = .paragraph([TextSpan(heading.text, style: SpanStyle(bold: true, role: .heading(1)))], margin: margin)
                titleLine = leafLine
                // What follows it is as many lines down as there are line ends before it.
                let consumed = html.count - heading.rest.count
                let through = consumed + heading.rest.prefix { $0.isWhitespace }.count
                leafLine += Int32(html.prefix(through).count { $0 == "\n" })
                html = heading.rest
            }
            // A table of cells, as a table (helper-20: each cell showed on a line of its own).
            if let table = HTMLTable.table(html, margin: margin) {
                emit(table)
                return
            }
            // Its text, as a browser shows it, line by line (nothing when it shows none).
            // (A rule ends the paragraph before it and is a block of its own.)
            var spans: [TextSpan] = []
            for line in HTMLText.lines(ofBlock: html) {
                if line == [.rule] {
                    if !spans.isEmpty { emit(.paragraph(spans.merged, margin: margin)) }
                    spans = []
                    emit(.rule(margin: margin))
                    continue
                }
                if !spans.isEmpty { spans.append(TextSpan("\n", style: style())) }
                for piece in line {
                    switch piece {
                    case .text(let text): spans.append(TextSpan(text, style: style()))
                    case .image(let alt): spans.append(TextSpan(Self.image(alt), style: SpanStyle(italic: true, role: .image)))
                    case .address(let url): spans.append(TextSpan(" (" + url + ")", style: SpanStyle(dim: true, role: .url)))
                    case .rule: break
                    }
                }
            }
            if !spans.isEmpty { emit(.paragraph(spans.merged, margin: margin)) }
        case CCMARK_TEXT:
            if raised > 0 || lowered > 0 {
                // `E=mc<sup>2</sup>` as E=mc², `H<sub>2</sub>O` as H₂O (it read E=mc2: helper-65);
                // what has no such form, as ^(…) and _(…).
                let shifted = Self.shifted(node.literal, up: raised > 0)
                add(shifted, style())
                addSource(PipeTable.escaped(shifted, bars: true), style())
            } else {
                add(node.literal, style())
                addSource(written(node), style())
            }
        case CCMARK_CODE:
            add(node.literal, style(role: .code))
            addSource(PipeTable.escapedCode(node.literal), style(role: .code))
        case CCMARK_SOFTBREAK:
            if let inline { softBreaks.append(inline.count) }
            add(" ", style())
            sourceLines?.append([])
        case CCMARK_LINEBREAK:
            add("\n", style())  // a hard break in a paragraph
            sourceLines?.append([])
        case CCMARK_HTML_INLINE:
            // A tag shows nothing but its meaning for text: `<br>` a line break (a space in a
            // table's cell), an image its alternative text. Other raw HTML shows as written.
            if let tag = HTMLText.tag(node.literal) {
                if tag.name == "br" {
                    add("\n", style())
                    addSource(" ", style())
                } else if tag.name == "sup" || tag.name == "sub" {
                    let change = tag.closing ? -1 : 1
                    if tag.name == "sup" { raised = max(0, raised + change) } else { lowered = max(0, lowered + change) }
                } else if tag.name == "a" {
                    // Its text styled as a link's, its address after it, as a Markdown link's.
                    if !tag.closing {
                        links.append((tag.href ?? "", inline?.count ?? 0, html: true))
                    } else if links.last?.html == true {
                        closeLink()
                    }
                } else if let alt = tag.imageName {
                    add(Self.image(alt), SpanStyle(italic: true, role: .image))
                    addSource(PipeTable.escaped(Self.image(alt), bars: true), SpanStyle(italic: true, role: .image))
                }
            } else if !Self.isComment(node.literal) {
                add(node.literal, style(role: .html))
                addSource(PipeTable.escaped(node.literal, bars: false), style(role: .html))
            }
        case CCMARK_EMPH:
            emphasis += entering ? 1 : -1
        case CCMARK_STRONG:
            strong += entering ? 1 : -1
        case CCMARK_LINK:
            if entering {
                links.append((node.url, inline?.count ?? 0, html: false))
            } else {
                while links.last?.html == true { links.removeLast() }  // an <a> in its text never closed
                closeLink()
            }
        case CCMARK_IMAGE:
            // A picture is not drawn in a text: it is named, as a text browser names it (helper-55:
            // `![diagram](d.png)` read as the word "diagram", `![](d.png)` as nothing at all).
            if entering {
                images += 1
                imageAddresses.append(node.url)
                imageStart = inline?.count ?? 0
                add(Self.imageOpening, style())
                addSource(Self.imageOpening, style())
            } else {
                if (inline?.count ?? 0) == imageStart + 1 {
                    let name = HTMLText.fileName(node.url)
                    add(name, style())
                    addSource(PipeTable.escaped(name, bars: true), style())
                }
                add("]", style())
                addSource("]", style())
                images -= 1
            }
        default:
            break
        }
    }

    /// Takes the pictures of the paragraph just emitted (`spans`) as figures of the text when it
    /// is made of pictures alone (`![a](a.png) ![b](b.png)`), at the text's top level (not in a
    /// list or a quote).
    private mutating func noteFigure(_ spans: [TextSpan]) {
        let addresses = imageAddresses[imagesBeforeParagraph...]
        guard margin == .none, !addresses.isEmpty, !addresses.contains(where: \.isEmpty),
              let alts = TextFigure.alts(namedIn: spans.plainText), alts.count == addresses.count else { return }
        for (address, alt) in zip(addresses, alts) { figures.append(TextFigure(address: address, alt: alt, block: blocks.count - 1)) }
    }

    // MARK: Containers

    private mutating func openList(_ node: CMarkNode) {
        let start = node.listStart
        let last = start + max(0, node.childCount - 1)
        let bulletDepth = lists.filter { !$0.ordered }.count
        lists.append(ListFrame(id: nextListID, ordered: node.isOrderedList, next: start, digits: String(last).count,
                               delimiter: node.isParenthesisList ? ")" : ".",
                               tight: node.isTightList, bulletDepth: bulletDepth))
        nextListID += 1
    }

    private mutating func openItem() {
        guard var list = lists.popLast() else { return }
        let marker: ListMarker = list.ordered ? .number(list.next, digits: list.digits, delimiter: list.delimiter) : .bullet(depth: list.bulletDepth)
        list.next += 1
        lists.append(list)
        items.append(pieces.count)
        pieces.append(.marker(marker))
    }

    private mutating func closeItem() {
        guard let index = items.popLast() else { return }
        // An empty item still shows its marker.
        if case .marker = pieces[index] { emit(.paragraph([], margin: margin)) }
        pieces.removeSubrange(index...)
    }

    private var margin: Margin { Margin(Array(pieces.prefix(Self.maximumMarginPieces))) }

    /// An item whose first paragraph opens with `[ ] `, `[x] ` or `[X] ` is a task (GitHub's task
    /// lists): its bullet becomes the box (a number keeps its number, the box after it), the text
    /// loses those four characters.
    private mutating func markTask() {
        // (The paragraph right inside the item: not in a quote the item holds.)
        guard let index = items.last, index == pieces.count - 1, case .marker(let marker) = pieces[index], let spans = inline else { return }
        let text = spans.plainText
        guard text.count > 4, text.hasPrefix("[ ] ") || text.hasPrefix("[x] ") || text.hasPrefix("[X] ") else { return }
        let done = text.dropFirst().first != " "
        let task: ListMarker
        switch marker {
        case .bullet: task = .task(done: done)
        case let .number(n, digits, delimiter): task = .numberedTask(n, digits: digits, delimiter: delimiter, done: done)
        case .task, .numberedTask, .shortTask: return
        }
        guard let rest = Self.dropping(4, ofWritten: spans) else { return }
        inline = rest
        pieces[index] = .marker(task)
    }

    /// `spans` without their first `count` characters, or nil when those are not text as written
    /// (code, a link, raw HTML: a task's box or an alert's marker must be typed as such).
    private static func dropping(_ count: Int, ofWritten spans: [TextSpan]) -> [TextSpan]? {
        var spans = spans[...]
        var left = count
        while left > 0, let first = spans.first {
            guard first.style.role == .plain || first.style.role == .quote else { return nil }
            if first.text.count <= left {
                left -= first.text.count
                spans = spans.dropFirst()
            } else {
                var rest = first
                rest.text = String(first.text.dropFirst(left))
                return [rest] + spans.dropFirst()
            }
        }
        return Array(spans)
    }

    /// GitHub's alerts: a quote whose first paragraph opens with `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
    /// `[!WARNING]` or `[!CAUTION]` on a line of its own shows the kind's name, bold, on that line.
    private mutating func markAlert() {
        // The marker alone on the first line of the quote's first paragraph (not one in a list in it).
        guard let start = quoteStarts.last, start == blocks.count, pieces.last == .quoteBar, let spans = inline, let lines = sourceLines,
              let first = lines.first.map({ Self.collapsed($0.plainText) }), first.hasPrefix("[!"), first.hasSuffix("]") else { return }
        let names = ["NOTE": "Note", "TIP": "Tip", "IMPORTANT": "Important", "WARNING": "Warning", "CAUTION": "Caution"]
        guard let name = names[first.dropFirst(2).dropLast().uppercased()] else { return }
        // The marker and the line break after it, which must be text as written (not code or a link).
        guard let rest = Self.dropping(first.count + (lines.count > 1 ? 1 : 0), ofWritten: spans) else { return }
        let label = TextSpan(name, style: SpanStyle(bold: true, role: .heading(4)))
        inline = rest.isEmpty ? [label] : [label, TextSpan("\n", style: style())] + rest
    }

    // MARK: Leaves

    private mutating func closeHeading() {
        let spans = Strikethrough.apply(joinedSoftBreaks(inline ?? []))
        let level = headingLevel ?? 1
        links.removeAll { $0.html }
        inline = nil
        headingLevel = nil
        // The first top-level `# Heading` is the card's title (on a slide, a heading of any level
        // the slide opens with); the card shows it in its frame. It leaves the text only where the
        // text opens with it: after a paragraph it stays where it was written too (helper-55: an
        // intro, then `# Late title`, read as two paragraphs run together).
        if title == nil, pieces.isEmpty, level == 1 || (slide && blocks.isEmpty) {
            // (An image in it names the card by its words alone: `# ![logo](l.png) Project` is
            // "logo Project", not "[image: logo] Project"; review.)
            title = Self.collapsed(spans.map { span in
                guard span.style.role == .image else { return span.text }
                var text = Substring(span.text)
                if text.hasPrefix(Self.imageOpening) { text = text.dropFirst(Self.imageOpening.count) }
                if text.hasSuffix("]") { text = text.dropLast() }
                return String(text)
            }.joined())
            if blocks.isEmpty {
                titleBlock = .paragraph(spans, margin: margin)
                titleLine = leafLine
                return
            }
        }
        emit(.paragraph(spans, margin: margin))
    }

    private mutating func emit(_ block: TextBlock) {
        let path = lists.map(\.id)
        if let previous {
            // Blocks of one tight list follow each other; everything else is set apart by an empty line.
            let common = zip(previous.lists, path).prefix { $0 == $1 }.map(\.0)
            let tight = common.last.flatMap { id in lists.first { $0.id == id }?.tight } ?? false
            if !tight {
                // The margin both share, up to the first quote bar that is another quote's.
                var shared: [MarginPiece] = []
                var bars = 0
                for (a, b) in zip(previous.margin.pieces, block.margin.continuation.pieces) {
                    guard a == b else { break }
                    if a == .quoteBar {
                        guard bars < previous.quotes.count, bars < openQuotes.count, previous.quotes[bars] == openQuotes[bars] else { break }
                        bars += 1
                    }
                    shared.append(a)
                }
                blocks.append(.blank(margin: Margin(shared)))
                blockLines.append(leafLine)
            }
        }
        blocks.append(block)
        blockLines.append(leafLine)
        // A marker stands on the first line of its item only.
        for i in pieces.indices { if case .marker(let m) = pieces[i] { pieces[i] = .space(m.width) } }
        previous = (path, openQuotes, block.margin.continuation)
    }

    // MARK: Inlines

    private func style(role explicit: TextRole? = nil) -> SpanStyle {
        var style = SpanStyle()
        // Headings: the first two levels underlined, the third bold alone, the rest slanted too
        // (helper-94: `###` and `####` looked the same, an outline read flat).
        style.italic = emphasis > 0 || (headingLevel ?? 0) >= 4
        style.bold = strong > 0 || headingLevel != nil
        style.underline = !links.isEmpty || (headingLevel ?? 3) <= 2
        if explicit == .html { style.dim = true }
        style.role = explicit
            ?? (images > 0 ? .image
            : !links.isEmpty ? .link
            : headingLevel.map { .heading($0) }
            ?? (quotes > 0 ? .quote : .plain))
        return style
    }

    private mutating func addSource(_ text: String, _ style: SpanStyle) {
        guard sourceLines != nil, !text.isEmpty else { return }
        sourceLines![sourceLines!.count - 1].append(TextSpan(text, style: style))
    }

    /// A text node's text in the form a table row is read: cmark has already turned `\|` and
    /// `&#124;` into bars, which must not end a cell; where the text was written otherwise than it
    /// reads, the source says which of its bars were escaped.
    private func written(_ node: CMarkNode) -> String {
        guard sourceLines != nil else { return "" }
        let literal = node.literal
        if let raw = tree.written(node), raw.count != literal.utf8.count || raw.contains(UInt8(ascii: "\\")),
           let text = PipeTable.escaped(literal, written: raw) {
            return text
        }
        return PipeTable.escaped(literal, bars: false)
    }

    /// `spans` without the spaces of the soft line breaks between two wide characters (Chinese,
    /// Japanese: `TextLayout.isWide`): a line of Chinese broken in its source read "中文 段落"
    /// where it is one run of text (as pandoc's `east_asian_line_breaks` reads it). Korean, written
    /// with spaces, keeps them; so does Thai, whose spaces part phrases, where its lines break.
    private mutating func joinedSoftBreaks(_ spans: [TextSpan]) -> [TextSpan] {
        defer { softBreaks.removeAll(keepingCapacity: true) }
        var spans = spans
        for k in softBreaks.reversed() where k > 0 && k + 1 < spans.count && spans[k].text == " " {
            guard let last = spans[k - 1].text.last, let first = spans[k + 1].text.first,
                  TextLayout.isWide(last) && TextLayout.isWide(first) else { continue }
            spans.remove(at: k)
        }
        return spans
    }

    private mutating func add(_ text: String, _ style: SpanStyle) {
        guard inline != nil, !text.isEmpty else { return }
        inline!.append(TextSpan(text, style: style))
    }

    private mutating func closeLink() {
        guard let link = links.popLast(), inline != nil else { return }
        // The address tells a reader where the link goes, unless the text already says it (or
        // is an image alone: a badge's address means nothing on a card).
        let pieces: [HTMLText.Piece] = inline![min(link.start, inline!.count)...].map {
            $0.style.role == .image ? .image($0.text) : .text($0.text)
        }
        guard let url = HTMLText.address(link.url, text: pieces) else { return }
        let address = SpanStyle(dim: true, role: .url)
        inline!.append(TextSpan(" (" + url + ")", style: address))
        // In a table's cell too (a bar of the address is not a column's edge).
        addSource(PipeTable.escaped(" (" + url + ")", bars: true), address)
    }

    // MARK: Helpers

    /// Lines of a code or HTML block's text (which ends in a newline).
    static func lines(_ literal: String) -> [String] {
        var lines = literal.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static func isComment(_ html: String) -> Bool {
        html.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.hasPrefix("<!--")
    }

    /// Runs of whitespace as one space, none at the ends.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}
