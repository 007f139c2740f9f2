/// One line of a laid-out card: its margin (quote bars, list markers, indentation) and its content.
/// Together they take `width` cells, never more than the width the layout was given.
public struct LaidLine: Hashable, Sendable {
    public var margin: [TextSpan]
    public var content: [TextSpan]
    /// Cells taken by margin and content, as the layout's `cellWidth` counts them.
    public var width: Int
    /// Whether the line begins one of the text's own lines (a paragraph's or a hard break's
    /// first row, a code line's, a table row's, a blank line), rather than going on with one
    /// that the wrap broke: see `SourceLines`.
    public var beginsLine = false

    public init(margin: [TextSpan] = [], content: [TextSpan], width: Int) {
        self.margin = margin
        self.content = content
        self.width = width
    }

    /// Margin then content.
    public var spans: [TextSpan] { margin + content }

    /// The line's text without styles.
    public var text: String { spans.plainText }
}
