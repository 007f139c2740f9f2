/// Where the renderer gets cards from. Only the cards on screen are asked for, so a provider may
/// load lazily and a huge deck costs nothing per frame.
public protocol CardProvider: Sendable {
    var count: Int { get }
    func card(at index: Int) -> Card
}

/// A deck held in memory.
public struct CardList: CardProvider {
    public var cards: [Card]
    public init(_ cards: [Card]) { self.cards = cards }
    public var count: Int { cards.count }
    public func card(at index: Int) -> Card { cards[index] }
}
