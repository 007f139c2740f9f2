import CarouselCore

/// A loaded deck: its cards, its name, and what went wrong on the way (files that were skipped).
public struct Deck: Sendable {
    public var name: String
    public var cards: [Card]
    /// One line per file that could not be used.
    public var problems: [String]

    public init(name: String, cards: [Card], problems: [String] = []) {
        self.name = name
        self.cards = cards
        self.problems = problems
    }
}

/// A deck that cannot be shown at all, with a one-line reason.
public struct DeckError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
