/// One block of a text card.
public enum TextBlock: Hashable, Sendable {
    /// Prose, wrapped at word boundaries. Leading spaces (at the start, and after a "\n", which is
    /// a hard line break) are kept as the line's indentation; tabs are expanded to stops of
    /// `TextLayout.tabWidth`. A list item is a paragraph whose margin ends in a marker; a quote's
    /// margin holds a quote bar.
    case paragraph([TextSpan], margin: Margin = .none)
    /// Lines shown verbatim (indentation kept, tabs expanded), never wrapped: a line wider than the
    /// card is cut at the edge with a mark ("…", ASCII ">").
    case code([[TextSpan]], margin: Margin = .none)
    /// A table, laid out in columns for the card's width (see `TextTable`).
    case table(TextTable, margin: Margin = .none)
    /// A horizontal rule across the card.
    case rule(margin: Margin = .none)
    /// An empty line (inside a quote it still shows the quote's bar).
    case blank(margin: Margin = .none)

    /// A code block of unstyled lines.
    public static func code(lines: [String], style: SpanStyle = SpanStyle(role: .code), margin: Margin = .none) -> TextBlock {
        .code(lines.map { [TextSpan($0, style: style)] }, margin: margin)
    }

    /// The block's margin.
    public var margin: Margin {
        switch self {
        case .paragraph(_, let m), .code(_, let m), .table(_, let m), .rule(let m), .blank(let m): m
        }
    }
}
