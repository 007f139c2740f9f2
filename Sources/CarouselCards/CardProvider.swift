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
    /// Whether some card may come from a file (`Card.file`), whose name a search reads: where none
    /// does, a query's text reads the same with and without the names' extensions.
    var namesFiles: Bool { get }
}

extension CardProvider {
    public func searchText(at index: Int, fileName: Bool) -> String { card(at: index).searchText(fileName: fileName) }
    public func cardID(at index: Int) -> String { card(at: index).id }
    public var namesFiles: Bool { true }
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
            if !fileName, let stem = Card.stem(of: shown) { shown = stem }
            if shown != title { text += "\n" + shown }
        }
        // (Not a note the program ended the text with: `/characters` kept every minified file.)
        let notes: Int
        if case .text(let document) = content { notes = document.endNoteLines } else { notes = 0 }
        for line in lines.dropLast(notes) { text += "\n" + line }
        // (The pictures drawn with the text, by their words: they were in the text before.)
        if case .text(let document) = content {
            for figure in document.figures where figure.path != nil { text += "\n" + figure.alt }
        }
        return text
    }

    /// A file name without its extension, nil when it has none: what follows its last dot, where
    /// that is one to eight letters and digits with a letter among them (`notes.txt`, `main.swift`;
    /// not `meeting.2026-11-28`, whose date a search must find, nor `.bashrc`, a hidden file's
    /// name).
    static func stem(of name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return nil }
        let tail = name.utf8[name.utf8.index(after: dot)...]
        guard (1...8).contains(tail.count), tail.allSatisfy({ $0 < 0x80 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || isLetter($0) }),
              tail.contains(where: isLetter) else { return nil }
        return String(name[..<dot])
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) }
}

/// A deck held in memory.
public struct CardList: CardProvider {
    public var cards: [Card]
    public init(_ cards: [Card]) { self.cards = cards }
    public var count: Int { cards.count }
    public func card(at index: Int) -> Card { cards[index] }
    public var namesFiles: Bool { cards.contains { $0.file != nil } }
}
