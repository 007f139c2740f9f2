import CarouselCards

/// The cards prepared most recently, up to a number of cards and a number of bytes, whichever comes
/// first; the least recently used one goes when there is no room. The renderer asks for the same
/// few cards every frame, so they stay; a card scrolled far away is dropped and read again if it
/// comes back.
struct CardCache {
    let capacity: Int
    let byteBudget: Int
    private var slots: [Int: Slot] = [:]
    private var clock = 0
    private(set) var bytes = 0

    private struct Slot {
        var card: Card
        var cost: Int
        var lastUse: Int
    }

    init(capacity: Int, byteBudget: Int) {
        self.capacity = max(1, capacity)
        self.byteBudget = byteBudget
    }

    var count: Int { slots.count }

    mutating func card(at index: Int) -> Card? {
        // One lookup (the renderer asks for every card on screen, every frame).
        guard let slot = slots.index(forKey: index) else { return nil }
        clock += 1
        slots.values[slot].lastUse = clock
        return slots.values[slot].card
    }

    mutating func insert(_ card: Card, at index: Int) {
        let cost = CardCache.cost(of: card)
        if let old = slots.removeValue(forKey: index) { bytes -= old.cost }
        // A scan for the oldest is fine: it runs only when a card was just read from disk.
        while !slots.isEmpty && (slots.count >= capacity || bytes + cost > byteBudget) {
            let oldest = slots.min { $0.value.lastUse < $1.value.lastUse }!
            bytes -= oldest.value.cost
            slots.removeValue(forKey: oldest.key)
        }
        clock += 1
        slots[index] = Slot(card: card, cost: cost, lastUse: clock)
        bytes += cost
    }

    /// About what a card holds in memory.
    static func cost(of card: Card) -> Int {
        64 + card.title.utf8.count + card.subtitle.utf8.count + card.content.byteCost
    }
}
