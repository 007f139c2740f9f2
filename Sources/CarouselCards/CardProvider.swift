/// Where the renderer gets cards from. Only the cards on screen are asked for, so a provider may
/// load lazily and a huge deck costs nothing per frame.
public protocol CardProvider: Sendable {
    var count: Int { get }
    func card(at index: Int) -> Card
    /// What a search reads of card `index`: its title, subtitle and text lines, separated by
    /// newlines. A lazy provider reads it without keeping the card (a search walks the whole deck).
    func searchText(at index: Int) -> String
    /// Card `index`'s identity (`Card.id`), without reading its content where the provider can:
    /// how the active card is found again in a deck read anew.
    func cardID(at index: Int) -> String
}

extension CardProvider {
    public func searchText(at index: Int) -> String { card(at: index).searchText }
    public func cardID(at index: Int) -> String { card(at: index).id }
}

extension Card {
    /// The title, the subtitle, the file's name unless it is the title (a note titled by its
    /// heading is found by the name it is known by on disk: helper-18; a card titled by its file's
    /// stem, by its name with the extension: `/circle.png`, `/.jpg`: helper-41), and the content's lines,
    /// one per line (see `CardProvider.searchText`). Of a file of slides, only the first slide
    /// has its name: `/swift` would find every slide of swift-talk.md.
    public var searchText: String {
        var text = title
        if !subtitle.isEmpty { text += "\n" + subtitle }
        if let file, fileLines.map({ $0.lowerBound <= 1 }) ?? true, let name = file.split(separator: UInt8(ascii: "/")).last {
            let shown = String(decoding: name, as: UTF8.self)
            if shown != title { text += "\n" + shown }
        }
        for line in lines { text += "\n" + line }
        return text
    }
}

/// A deck held in memory.
public struct CardList: CardProvider {
    public var cards: [Card]
    public init(_ cards: [Card]) { self.cards = cards }
    public var count: Int { cards.count }
    public func card(at index: Int) -> Card { cards[index] }
}
