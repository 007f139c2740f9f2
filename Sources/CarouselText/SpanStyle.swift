/// What a piece of text is, so that a theme can colour it (a renderer that ignores roles still
/// gets a readable card from the attributes alone).
public enum TextRole: Hashable, Sendable {
    case plain
    /// A Markdown heading, level 1-6.
    case heading(Int)
    /// Inline code or a code block.
    case code
    /// Text inside a block quote.
    case quote
    /// The text of a link.
    case link
    /// A link's address, shown after its text.
    case url
    /// An image's alternative text.
    case image
    /// Raw HTML, shown as text and never interpreted.
    case html
    /// Layout furniture: quote bars, list markers, rules, cut marks, "… 12 more lines".
    case decoration
}

/// How a span looks: terminal attributes, optional colours, and a role for theming.
public struct SpanStyle: Hashable, Sendable {
    public var bold = false
    public var italic = false
    public var underline = false
    public var dim = false
    public var reverse = false
    public var strikethrough = false
    /// nil: the terminal's (or theme's) default.
    public var foreground: TextColor? = nil
    public var background: TextColor? = nil
    public var role: TextRole = .plain

    public init(
        bold: Bool = false, italic: Bool = false, underline: Bool = false, dim: Bool = false,
        reverse: Bool = false, strikethrough: Bool = false,
        foreground: TextColor? = nil, background: TextColor? = nil, role: TextRole = .plain
    ) {
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.dim = dim
        self.reverse = reverse
        self.strikethrough = strikethrough
        self.foreground = foreground
        self.background = background
        self.role = role
    }

    public static let plain = SpanStyle()
    /// Quote bars, list markers, rules and cut marks.
    public static let decoration = SpanStyle(dim: true, role: .decoration)
}
