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

    /// The lines of a diff as code rows: added lines green, removed ones red, a hunk's header
    /// (`@@ -1,4 +1,5 @@`) cyan, the files' names (`---`, `+++`, `diff --git`) bold (a talk's "the
    /// fix that saved us" read as one colour: helper-65). Without colour the `+` and `-` tell.
    public static func diffRows(_ lines: [String]) -> [[TextSpan]] {
        lines.map { line in
            var style = SpanStyle(role: .code)
            if line.hasPrefix("+++") || line.hasPrefix("---") || line.hasPrefix("diff ") || line.hasPrefix("index ") {
                style.bold = true
            } else if line.hasPrefix("+") {
                style.foreground = .indexed(2)
            } else if line.hasPrefix("-") {
                style.foreground = .indexed(1)
            } else if line.hasPrefix("@@") {
                style.foreground = .indexed(6)
            }
            return [TextSpan(line, style: style)]
        }
    }

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
