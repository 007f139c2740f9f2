import CarouselCards
import Synchronization

/// The cards of a loaded deck, as the renderer asks for them: titles, subtitles and accents are
/// known from the start; a card's art is read and sanitised the first time the card is asked for,
/// and only the most recently used cards are kept (512 cards or 64 MiB). So a deck of 100,000 cards
/// opens without reading a single card file, and memory stays bounded however far the user scrolls.
/// Safe to share between threads: the cache is behind a lock, and reading happens outside it.
public final class LazyCardProvider: CardProvider {
    public static let defaultCapacity = 512
    public static let defaultByteBudget = 64 << 20

    private let entries: CardEntries
    private let cache: Mutex<CardCache>
    private let loads = Atomic<Int>(0)

    init(entries: CardEntries, capacity: Int = defaultCapacity, byteBudget: Int = defaultByteBudget) {
        self.entries = entries
        self.cache = Mutex(CardCache(capacity: capacity, byteBudget: byteBudget))
    }

    public var count: Int { entries.count }

    public func card(at index: Int) -> Card {
        if let card = cache.withLock({ $0.card(at: index) }) { return card }
        let entry = entries[index]
        loads.add(1, ordering: .relaxed)
        let card = entry.card()
        cache.withLock { $0.insert(card, at: index) }
        return card
    }

    /// A search reads every card once: a card not already held is read without being kept, so a
    /// search does not push the cards on screen out of the cache.
    public func searchText(at index: Int, fileName: Bool) -> String {
        if let card = cache.withLock({ $0.card(at: index) }) { return card.searchText(fileName: fileName) }
        return entries[index].card().searchText(fileName: fileName)
    }

    public func cardID(at index: Int) -> String { entries[index].id }

    public var namesFiles: Bool { entries.mayNameFiles }

    /// A card's title, without reading its art.
    public func title(at index: Int) -> String { entries[index].title }

    /// How many times a card's art has been read and prepared: none when a deck has just opened.
    public var artLoads: Int { loads.load(ordering: .relaxed) }

    /// How many cards are held prepared right now (never more than the capacity).
    var cachedCount: Int { cache.withLock { $0.count } }
}
