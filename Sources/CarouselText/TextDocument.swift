/// The content of a text card: an optional title (a card shows it in its frame) and blocks.
public struct TextDocument: Hashable, Sendable {
    public var title: String?
    public var blocks: [TextBlock]

    public init(title: String? = nil, blocks: [TextBlock]) {
        self.title = title
        self.blocks = blocks
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
                lines += spans.plainText.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            case .code(let rows, _):
                lines += rows.map(\.plainText)
            case .rule, .blank:
                lines.append("")
            }
        }
        return lines
    }
}
