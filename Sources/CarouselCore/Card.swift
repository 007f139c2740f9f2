/// One card of a deck: what the user sees, already sanitised (no control characters).
public struct Card: Sendable, Hashable {
    public var title: String
    public var subtitle: String
    /// The art, one string per line, tabs expanded, controls made visible.
    public var art: [String]
    public var accent: RGB?

    public init(title: String, subtitle: String = "", art: [String], accent: RGB? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.art = art
        self.accent = accent
    }
}
