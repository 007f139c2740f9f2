/// Where the renderer gets cards from. Only the cards on screen are asked for, so a provider may
/// load lazily and a huge deck costs nothing per frame.
public protocol CardProvider: Sendable {
    var count: Int { get }
    func card(at index: Int) -> Card
    /// What a search reads of card `index`: its title, subtitle and text lines, separated by
    /// newlines (see `Card.searchText(fileName:)`). A lazy provider reads it without keeping the
    /// card (a search walks the whole deck).
    func searchText(at index: Int, fileName: Bool) -> String
    /// Card `index`'s identity (`Card.id`), without reading its content where the provider can:
    /// how the active card is found again in a deck read anew.
    func cardID(at index: Int) -> String
}

extension CardProvider {
    public func searchText(at index: Int, fileName: Bool) -> String { card(at: index).searchText(fileName: fileName) }
    /// The text a query without a dot reads (see `Card.searchText(fileName:)`).
    public func searchText(at index: Int) -> String { searchText(at: index, fileName: false) }
    public func cardID(at index: Int) -> String { card(at: index).id }
}

extension Card {
    /// The title, the subtitle, the file's name unless it is the title (a note titled by its
    /// heading is found by the name it is known by on disk: helper-18), and the content's lines,
    /// one per line (see `CardProvider.searchText`). The name's extension only with `fileName`,
    /// for a query with a dot (`/circle.png`, `/.jpg`: helper-41): `/swift` found every file of
    /// a folder of Swift, `/t` every note, whatever they held (helper-71). Of a file of slides,
    /// only the first slide has its name: `/swift` would find every slide of swift-talk.md.
    public func searchText(fileName: Bool) -> String {
        var text = title
        if !subtitle.isEmpty { text += "\n" + subtitle }
        if let file, fileLines.map({ $0.lowerBound <= 1 }) ?? true, let name = file.split(separator: UInt8(ascii: "/")).last {
            var shown = String(decoding: name, as: UTF8.self)
            // (A hidden file's dot begins its name: `.bashrc` has no extension.)
            if !fileName, let dot = shown.lastIndex(of: "."), dot > shown.startIndex { shown = String(shown[..<dot]) }
            if shown != title { text += "\n" + shown }
        }
        for line in lines { text += "\n" + line }
        // (A picture drawn with the text, by its words: they were in the text before.)
        if case .text(let document) = content, let figure = document.figure, figure.path != nil { text += "\n" + figure.alt }
        return text
    }

    /// What a query without a dot reads (see `searchText(fileName:)`).
    public var searchText: String { searchText(fileName: false) }
}

/// A deck held in memory.
public struct CardList: CardProvider {
    public var cards: [Card]
    public init(_ cards: [Card]) { self.cards = cards }
    public var count: Int { cards.count }
    public func card(at index: Int) -> Card { cards[index] }
}
