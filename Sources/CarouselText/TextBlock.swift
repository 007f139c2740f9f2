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

    /// The lines of a diff as code rows: in a hunk (`@@ -1,4 +1,5 @@`, its header cyan, as many
    /// lines as it counts) added lines green and removed ones red; the files' names before it
    /// (`---`, `+++`, `diff --git`) bold; a commit's message and anything else between hunks as it
    /// is (a talk's "the fix that saved us" read as one colour: helper-65; a patch's `- item`
    /// bullets and `-- ` signature were red: review). Without colour the `+` and `-` tell. The
    /// rest is in the text's own colour, not code's: on a terminal of 8 or 16 colours code's tone
    /// is green, and unchanged lines read as added ones (helper-98).
    public static func diffRows(_ lines: [String]) -> [[TextSpan]] {
        var old = 0, new = 0
        return lines.map { line in
            var style = SpanStyle()
            if old > 0 || new > 0 {
                switch line.first {
                case "+": style.foreground = .indexed(2); new -= 1
                case "-": style.foreground = .indexed(1); old -= 1
                case "\\": break  // "\ No newline at end of file"
                default: old -= 1; new -= 1
                }
            } else if let counts = hunkCounts(line) {
                style.foreground = .indexed(6)
                (old, new) = counts
            } else if line.hasPrefix("--- ") || line.hasPrefix("+++ ") || line.hasPrefix("diff ") || line.hasPrefix("index ") {
                style.bold = true
            }
            return [TextSpan(line, style: style)]
        }
    }

    /// The lines a hunk's header (`@@ -12,7 +12,8 @@ func`) says it holds of the old file and the
    /// new (a count left out is 1); nil for any other line.
    public static func hunkCounts(_ line: String) -> (old: Int, new: Int)? {
        guard line.hasPrefix("@@ -") else { return nil }
        let fields = line.dropFirst(3).split(separator: " ", maxSplits: 2)
        guard fields.count >= 2, fields[0].hasPrefix("-"), fields[1].hasPrefix("+") else { return nil }
        func count(_ range: Substring) -> Int? {
            let parts = range.dropFirst().split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= 2, Int(parts[0]) != nil else { return nil }
            return parts.count == 2 ? Int(parts[1]) : 1
        }
        guard let old = count(fields[0]), let new = count(fields[1]) else { return nil }
        return (old, new)
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
