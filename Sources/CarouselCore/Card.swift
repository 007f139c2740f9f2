/// One card of a deck: what the user sees, already sanitised (no control characters).
public struct Card: Sendable, Hashable {
    /// Where the card came from, unique in its deck: a file's path as given, `deck.json#3` for a
    /// manifest's third card, `standard input#2` for the second card read from a pipe. It is what a
    /// picker prints, and what caches of the card's drawing are keyed by.
    public var id: String
    public var title: String
    public var subtitle: String
    /// The art, one string per line, tabs expanded, controls made visible.
    public var art: [String]
    public var accent: RGB?

    public init(id: String = "", title: String, subtitle: String = "", art: [String], accent: RGB? = nil) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.art = art
        self.accent = accent
    }
}
