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
    /// The document without the blank lines it opens with (empty or whitespace-only paragraphs,
    /// blanks, a code block's leading blank rows): a card shows its first words at its top. Spaces
    /// that show (on a background, reversed, underlined or struck: a bar of colour in ANSI art)
    /// are not blank.
    /// How many of `plainLines` `trimmingLeadingBlankLines` leaves out (where a text's first
    /// line shown is in its own lines).
    public var leadingBlankLineCount: Int {
        func isBlank(_ spans: [TextSpan]) -> Bool { spans.allSatisfy(\.showsNothing) }
        var count = 0
        for block in blocks {
            switch block {
            case .blank:
                count += 1
            case .paragraph(let spans, _) where isBlank(spans):
                count += TextDocument(blocks: [block]).plainLines.count
            case .code(let rows, _):
                let blank = rows.prefix(while: isBlank).count
                count += blank
                if blank < rows.count { return count }
            default:
                return count
            }
        }
        return count
    }

    public var trimmingLeadingBlankLines: TextDocument {
        func isBlank(_ spans: [TextSpan]) -> Bool { spans.allSatisfy(\.showsNothing) }
        var blocks = self.blocks[...]
        loop: while let first = blocks.first {
            switch first {
            case .blank:
                blocks = blocks.dropFirst()
            case .paragraph(let spans, _) where isBlank(spans):
                blocks = blocks.dropFirst()
            case .code(let rows, let margin):
                let kept = rows.drop(while: isBlank)
                if kept.isEmpty { blocks = blocks.dropFirst(); continue }
                if kept.count == rows.count { break loop }
                var trimmed = Array(blocks)
                trimmed[0] = .code(Array(kept), margin: margin)
                return TextDocument(title: title, blocks: trimmed)
            default:
                break loop
            }
        }
        return blocks.count == self.blocks.count ? self : TextDocument(title: title, blocks: Array(blocks))
    }
}
