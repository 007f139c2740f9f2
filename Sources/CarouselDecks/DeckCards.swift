import CarouselCards

/// A deck's cards as a random-access collection, read through its provider on access: cheap to
/// count and to index, costly to walk whole for a big deck.
public struct DeckCards: RandomAccessCollection, Sendable {
    public let provider: LazyCardProvider

    public var startIndex: Int { 0 }
    public var endIndex: Int { provider.count }
    public subscript(position: Int) -> Card { provider.card(at: position) }
}

extension CardList {
    /// Every card of a deck in memory (reads all of them: meant for small decks and tests).
    public init(_ cards: DeckCards) {
        self.init(Array(cards))
    }
}
