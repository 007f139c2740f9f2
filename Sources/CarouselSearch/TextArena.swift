import CarouselCards

/// The search text of a deck's first cards, in one form (as written, lowercased, or lowercased
/// without accents: `SearchQuery.Form`), back to
/// back in one buffer: a warm scan is one pass over contiguous bytes, not a provider call (for a
/// file deck, a file read) per card. It holds cards 0..<count, since scans go in deck order; once
/// the next card does not fit in its byte limit, the cards after it are read again by each scan.
struct TextArena {
    /// The form the text is held in (see `SearchQuery.form`).
    let form: SearchQuery.Form
    /// Whether cards' file names are held with their extensions (for a query with a dot, see
    /// `Card.searchText(fileName:)`).
    let fileNames: Bool
    private var lowercases: Bool { form != .original }
    private var bytes: [UInt8] = []
    /// Where each card's bytes end in `bytes`.
    private var ends: [Int] = []
    /// Set when a card did not fit: no card is added after it.
    private(set) var isFull = false
    /// The buffers' sizes as reserved (the allocator may round them up a little).
    private var bytesRoom = 0
    private var endsRoom = 0

    init(form: SearchQuery.Form, fileNames: Bool) {
        self.form = form
        self.fileNames = fileNames
    }

    /// How many cards it holds (cards 0..<count).
    var count: Int { ends.count }

    /// Lets cards be added again after the one that did not fit (the arena was given more room).
    mutating func reopen() { isFull = false }

    /// Keeps the first `cards` cards only (a deck that grew after them: standard input read on),
    /// and lets more be added.
    mutating func keep(_ cards: Int) {
        if cards < count {
            bytes.removeSubrange((cards == 0 ? 0 : ends[cards - 1])...)
            ends.removeSubrange(cards...)
        }
        isFull = false
    }

    /// The memory it holds: its buffers as reserved, in bytes.
    var cost: Int { bytesRoom + endsRoom * MemoryLayout<Int>.stride }

    /// Reads card `index`'s text from the provider, and adds it if it is the next card and the
    /// arena stays within `limit` bytes: then returns nil (the text is the arena's last card),
    /// else the text in this arena's case mode.
    mutating func read(_ index: Int, from cards: any CardProvider, limit: Int) -> String? {
        let original = cards.searchText(at: index, fileName: fileNames)
        if index == count, !isFull, add(original, limit: limit) { return nil }
        return SearchQuery.searchForm(original, form)
    }

    private mutating func add(_ original: String, limit: Int) -> Bool {
        let stride = MemoryLayout<Int>.stride
        // Lowercasing keeps an ASCII text's length; a rare longer one (İ) is caught below.
        let neededBytes = bytes.count + original.utf8.count
        let neededEnds = ends.count + 1
        if neededBytes > bytesRoom || neededEnds > endsRoom {
            // Grown by hand (doubling, as Array would, but never past the limit).
            var newEnds = endsRoom
            if neededEnds > newEnds { newEnds = max(neededEnds, min(max(newEnds * 2, 64), (limit - neededBytes) / stride)) }
            var newBytes = bytesRoom
            if neededBytes > newBytes { newBytes = max(neededBytes, min(max(newBytes * 2, 4096), limit - newEnds * stride)) }
            guard newBytes + newEnds * stride <= limit else {
                isFull = true
                return false
            }
            bytes.reserveCapacity(newBytes)
            ends.reserveCapacity(newEnds)
            (bytesRoom, endsRoom) = (newBytes, newEnds)
        }
        let start = bytes.count
        bytes.append(contentsOf: original.utf8)
        if !Self.foldASCII(&bytes, from: start, lowercasing: lowercases) {
            // Not ASCII: Swift's lowercasing and composition, which may change the length (if it
            // outgrows the room reserved, the arena ends here; cards after it are read at each scan).
            bytes.removeSubrange(start...)
            let folded = SearchQuery.searchForm(original, form)
            guard start + folded.utf8.count <= bytesRoom else {
                isFull = true
                return false
            }
            bytes.append(contentsOf: folded.utf8)
        }
        ends.append(bytes.count)
        return true
    }

    /// Lowercases `bytes[start...]` in place (when `lowercasing`) if they are all ASCII (what
    /// `lowercased()` would make of them, without making a string); false, with some maybe
    /// lowercased, if not.
    private static func foldASCII(_ bytes: inout [UInt8], from start: Int, lowercasing: Bool) -> Bool {
        bytes.withUnsafeMutableBufferPointer { all in
            for i in start..<all.count {
                let byte = all[i]
                if byte >= 0x80 { return false }
                if lowercasing && byte &- 0x41 < 26 { all[i] = byte | 0x20 }
            }
            return true
        }
    }

    /// Whether card `index` (held) contains `needle`.
    func contains(_ needle: UnsafeBufferPointer<UInt8>, card index: Int) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            ends.withUnsafeBufferPointer { ends in
                ByteSearch.contains(needle, in: UnsafeBufferPointer(rebasing: all[(index == 0 ? 0 : ends[index - 1])..<ends[index]]))
            }
        }
    }

    /// Appends to `matches` the cards of `range` (all held) whose text contains `needle`: one pass
    /// over their bytes, each hit mapped to its card, the search going on from the card's end.
    func search(_ needle: UnsafeBufferPointer<UInt8>, cards range: Range<Int>, into matches: inout [Int]) {
        guard !range.isEmpty else { return }
        bytes.withUnsafeBufferPointer { all in
            ends.withUnsafeBufferPointer { ends in
                let haystack = UnsafeBufferPointer(rebasing: all[..<ends[range.upperBound - 1]])
                var from = range.lowerBound == 0 ? 0 : ends[range.lowerBound - 1]
                var card = range.lowerBound
                while let at = ByteSearch.firstIndex(of: needle, in: haystack, from: from) {
                    card = Self.card(holding: at, ends: ends, from: card, below: range.upperBound)
                    if at + needle.count <= ends[card] {
                        matches.append(card)
                        card += 1
                        guard card < range.upperBound else { return }
                        from = ends[card - 1]
                    } else {
                        // Across two cards' texts: no match, look further on.
                        from = at + 1
                    }
                }
            }
        }
    }

    /// Appends to `matches` the cards of `candidates` (ascending, all held) whose text contains
    /// `needle`.
    func search(_ needle: UnsafeBufferPointer<UInt8>, candidates: ArraySlice<Int>, into matches: inout [Int]) {
        bytes.withUnsafeBufferPointer { all in
            ends.withUnsafeBufferPointer { ends in
                for card in candidates {
                    let text = UnsafeBufferPointer(rebasing: all[(card == 0 ? 0 : ends[card - 1])..<ends[card]])
                    if ByteSearch.contains(needle, in: text) { matches.append(card) }
                }
            }
        }
    }

    /// The first card from `card` on whose text ends after `offset` (which some card below `limit`
    /// holds): steps of 1, 2, 4... then a binary search in the last step, since a hit is most
    /// often in the card at hand or one just after it.
    private static func card(holding offset: Int, ends: UnsafeBufferPointer<Int>, from card: Int, below limit: Int) -> Int {
        var low = card, high = card, step = 1
        while ends[high] <= offset {
            low = high + 1
            high = min(high + step, limit - 1)
            step *= 2
        }
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
