import CCMark
import CarouselText

/// Markdown (CommonMark, parsed by libcmark) as text cards.
///
/// Rendered: headings, emphasis, strong, inline code, links (text underlined, address after it),
/// images (their alternative text), bullet and ordered lists (nested), block quotes, code blocks
/// (verbatim), thematic breaks (a rule), hard and soft breaks. Raw HTML is shown as text and
/// never interpreted; HTML comments are hidden (speaker notes and directives in Marp and presenterm).
public enum Markdown {
    /// One card per slide: the source is split at lines holding only `---` (see `SlideSplitter`),
    /// each slide's first top-level `# Heading` becomes its title, or the heading of any level a
    /// slide opens with (a lone slide: one no other heading is as high as; see `document`). Slides
    /// with nothing in them are dropped.
    public static func slides(from source: String) -> [TextDocument] { numberedSlides(from: source).map(\.document) }

    /// The slides with the lines of the source each comes from (1-based, half-open, from the
    /// slide's first line that is not blank): where an editor opens a slide.
    public static func numberedSlides(from source: String) -> [(document: TextDocument, lines: Range<Int>)] {
        let slides = SlideSplitter.numberedSlides(source)
        // A slide too short to tell its language is in the talk's (its slides' words together).
        let talk: String? = slides.count > 1 ? TextLanguage.guess(source) : nil
        return slides.compactMap { slide in
            var document = document(from: slide.text, slide: slides.count > 1)
            document.language(elseIn: talk)
            // Lines of the file, not of the slide.
            document.blockLines = document.blockLines.map { $0 + Int32(slide.offset) }
            if document.titleLine > 0 { document.titleLine += Int32(slide.offset) }
            return document.title == nil && document.blocks.isEmpty ? nil : (document, slide.lines)
        }
    }

    /// What a picture without words is named by in a text: its file's name.
    public static func pictureName(_ address: String) -> String { HTMLText.fileName(address) }

    /// The address of the one picture `blocks` are made of (a paragraph of nothing but the picture,
    /// after the title the card shows in its frame), and the caption under it: one more paragraph
    /// of at most 200 characters; nil when they hold anything else.
    static func soleImage(of blocks: [TextBlock], addresses: [String]) -> (picture: String?, caption: String?) {
        guard addresses.count == 1, let address = addresses.first, !address.isEmpty else { return (nil, nil) }
        let shown = blocks.filter { if case .blank = $0 { false } else { true } }
        guard let first = shown.first, case .paragraph(let spans, let margin) = first, margin == .none else { return (nil, nil) }
        func trimmed(_ text: String) -> String { String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
        guard TextFigure.alt(namedIn: spans.plainText) != nil else { return (nil, nil) }
        switch shown.count {
        case 1: return (address, nil)
        case 2:
            guard case .paragraph(let caption, let margin) = shown[1], margin == .none else { return (nil, nil) }
            let words = trimmed(caption.plainText)
            guard words.count <= 200, !words.contains(where: \.isNewline) else { return (nil, nil) }
            return (address, words)
        default: return (nil, nil)
        }
    }

    /// The whole source as one card (no splitting); its first top-level `# Heading` is the title,
    /// or the heading it opens with when no other heading is as high (`## Install` over a note
    /// whose other headings are `###`; not `## Attendees` over a note with `## Actions` further
    /// down, which names a part of it, not the whole: helper-14 and helper-15 found a note opening
    /// with its only heading titled by its file name, where the README said the heading).
    /// With `slide`, the heading of any level the source opens with is the title.
    public static func document(from source: String, slide: Bool = false) -> TextDocument {
        let escaped = Footnotes.escapingDefinitions(in: source)
        let source = escaped?.text ?? source
        guard let tree = CMarkTree(source) else { return TextDocument(plainText: source) }
        /// A line of what cmark read as a line of the source given.
        func given(_ line: Int32) -> Int32 {
            guard let lines = escaped?.lines, line >= 1, Int(line) <= lines.count else { return line }
            return lines[Int(line) - 1]
        }
        var levels: [Int] = []
        if !slide {
            tree.walk { entering, node in
                if entering, node.kind == CCMARK_HEADING, node.isTopLevel { levels.append(node.headingLevel) }
            }
        }
        let soleTop = levels.first.map { first in levels.dropFirst().allSatisfy { $0 > first } } ?? false
        var walker = MarkdownWalker(tree: tree, slide: slide || soleTop)
        tree.walk { entering, node in walker.visit(node, entering: entering) }
        // Nothing but the heading: the card shows it, not "(empty)".
        if walker.blocks.isEmpty, let heading = walker.titleBlock {
            return TextDocument(title: walker.title, blocks: [heading], blockLines: [given(walker.titleLine)])
        }
        var document = TextDocument(title: walker.title, blocks: walker.blocks, blockLines: walker.blockLines.map(given))
        document.titleBlock = walker.titleBlock
        document.titleLine = walker.titleBlock == nil ? 0 : given(walker.titleLine)
        document.codeIndentStep = TextDocument.codeIndentStep(of: document.blocks)
        (document.picture, document.caption) = soleImage(of: document.blocks, addresses: walker.imageAddresses)
        if document.picture == nil, let first = walker.figures.first {
            document.figure = first
            document.moreFigures = Array(walker.figures.dropFirst())
        }
        return document
    }
}
