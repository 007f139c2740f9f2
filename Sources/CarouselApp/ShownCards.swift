import CarouselCards

/// The cards the strip shows: the whole deck, or the ones a search kept, in deck order. The
/// carousel's state counts these; `deckIndex` maps back to the deck.
struct ShownCards: CardProvider {
    let deck: any CardProvider
    /// The deck's indices shown, ascending; nil: all of them.
    let indices: [Int]?

    init(deck: any CardProvider, indices: [Int]? = nil) {
        self.deck = deck
        self.indices = indices
    }

    var count: Int { indices?.count ?? deck.count }
    func card(at index: Int) -> Card { deck.card(at: deckIndex(index)) }
    func searchText(at index: Int, fileName: Bool) -> String { deck.searchText(at: deckIndex(index), fileName: fileName) }
    func cardID(at index: Int) -> String { deck.cardID(at: deckIndex(index)) }
    var namesFiles: Bool { deck.namesFiles }

    func deckIndex(_ index: Int) -> Int { indices?[index] ?? index }

    /// Where the deck's card `deckIndex` is shown, or else the first shown card after it (the last
    /// when none is): where the strip rests when a search narrows it.
    func place(nearest deckIndex: Int) -> Int {
        guard let indices else { return min(max(0, deckIndex), count - 1) }
        var low = 0, high = indices.count
        while low < high {
            let mid = (low + high) / 2
            if indices[mid] < deckIndex { low = mid + 1 } else { high = mid }
        }
        return min(low, indices.count - 1)
    }
}
