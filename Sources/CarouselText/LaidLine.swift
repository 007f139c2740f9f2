/// One line of a laid-out card: its margin (quote bars, list markers, indentation) and its content.
/// Together they take `width` cells, never more than the width the layout was given.
public struct LaidLine: Hashable, Sendable {
    public var margin: [TextSpan]
    public var content: [TextSpan]
    /// Cells taken by margin and content, as the layout's `cellWidth` counts them.
    public var width: Int
    /// How many of the text's own lines begin at this line: one for a paragraph's or a hard
    /// break's first row, a code line's, a table row's, a blank line; none where it goes on with
    /// one that the wrap broke; two for a table's first record, after the header that the
    /// record layout does not lay out. See `SourceLines`.
    public var linesBegun: UInt8 = 0
    /// Whether the line goes on with a word that the row before broke with no mark (a number, an
    /// address: see `ParagraphWrapper.unmarkedRests`), so that the row before must not end the
    /// card as if its word were whole.
    public var goesOnUnmarked = false
    /// Whether the line is a note the program ended the text with (`TextDocument.endNotes`): it
    /// begins no line of the text, and a search's matches in the zoom are not counted there.
    public var isNote = false
    /// Whether the line begins one of the text's own lines (`linesBegun` is not zero).
    public var beginsLine: Bool {
        get { linesBegun > 0 }
        set { linesBegun = newValue ? max(1, linesBegun) : 0 }
    }

    public init(margin: [TextSpan] = [], content: [TextSpan], width: Int) {
        self.margin = margin
        self.content = content
        self.width = width
    }

    /// Made a line of a note at the text's end (see `isNote`).
    mutating func markAsNote() {
        linesBegun = 0
        isNote = true
    }

    /// Margin then content.
    public var spans: [TextSpan] { margin + content }

    /// The line's text without styles.
    public var text: String { spans.plainText }
}
