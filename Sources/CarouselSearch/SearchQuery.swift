/// What the user typed after `/`, and how it matches: a plain substring (not fuzzy, nothing
/// trimmed), with smart case as in vim, fzf and ripgrep: case-insensitive unless the query holds a
/// capital letter. Insensitive matching compares `lowercased()` text on both sides, so É finds é.
/// Matching is done on UTF-8 bytes, in `matches` as in `matchOffsets`, so the cards found and the
/// characters highlighted always agree. Both sides are in Unicode's composed form (NFC), so a
/// query typed as "é" finds an "é" written as "e" and a combining accent, and the other way round.
public struct SearchQuery: Sendable, Hashable {
    /// The query as typed.
    public let text: String
    /// True when case must match: the query changes when lowercased (it has a capital letter).
    public let isCaseSensitive: Bool
    /// The bytes looked for: the text's UTF-8, lowercased unless case-sensitive.
    let needle: [UInt8]
    /// The lowercased text's UTF-8 (the needle itself when insensitive).
    let foldedNeedle: [UInt8]

    /// A query; `caseSensitive` nil means smart case.
    public init(_ text: String, caseSensitive: Bool? = nil) {
        self.text = text
        isCaseSensitive = caseSensitive ?? (text.lowercased() != text)
        foldedNeedle = Array(SearchQuery.searchForm(text, folded: true).utf8)
        needle = isCaseSensitive ? Array(SearchQuery.searchForm(text, folded: false).utf8) : foldedNeedle
    }

    /// Text as it is searched: lowercased when `folded`, and composed (NFC) when it is not ASCII.
    static func searchForm(_ text: String, folded: Bool) -> String {
        let cased = folded ? text.lowercased() : text
        if cased.utf8.allSatisfy({ $0 < 0x80 }) { return cased }
        return String(decoding: cased._nfcCodeUnits, as: UTF8.self)
    }

    /// The empty query matches every card.
    public var isEmpty: Bool { text.isEmpty }

    /// Whether `text` (a card's search text, or any string) contains the query.
    public func matches(_ text: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var haystack = SearchQuery.searchForm(text, folded: !isCaseSensitive)
        return needle.withUnsafeBufferPointer { n in haystack.withUTF8 { ByteSearch.contains(n, in: $0) } }
    }

    /// Where the query occurs in a row of characters (say, those on screen): ranges of Character
    /// offsets, left to right, not overlapping (`aa` in `aaa` is `0..<2`). A match that covers
    /// part of a character (`e` in a decomposed `é`) covers all of it. A row without a match costs
    /// no allocation (up to a kilobyte of text).
    public func matchOffsets(in characters: [Character]) -> [Range<Int>] {
        guard !needle.isEmpty, !characters.isEmpty else { return [] }
        var byteCount = 0
        for c in characters { byteCount += bytes(of: c) { _ in } }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { buffer in
            // The row as one run of (folded) bytes.
            var end = 0
            for c in characters {
                _ = bytes(of: c) { byte in
                    buffer[end] = byte
                    end += 1
                }
            }
            let text = UnsafeBufferPointer(buffer)
            guard needle.withUnsafeBufferPointer({ ByteSearch.contains($0, in: text) }) else { return [] }
            var ends: [Int] = []
            ends.reserveCapacity(characters.count)
            end = 0
            for c in characters {
                end += bytes(of: c) { _ in }
                ends.append(end)
            }
            return ranges(in: text, characterEnds: ends)
        }
    }

    /// Where the query occurs in `text`, as `matchOffsets(in: Array(text))` does.
    public func ranges(in text: String) -> [Range<String.Index>] {
        let characters = Array(text)
        var indices = Array(text.indices)
        indices.append(text.endIndex)
        return matchOffsets(in: characters).map { indices[$0.lowerBound]..<indices[$0.upperBound] }
    }

    /// Ranges of characters holding the needle, given the row's bytes and where each character's
    /// bytes end.
    private func ranges(in text: UnsafeBufferPointer<UInt8>, characterEnds ends: [Int]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var from = 0
        var character = 0
        needle.withUnsafeBufferPointer { needle in
            while let at = ByteSearch.firstIndex(of: needle, in: text, from: from) {
                // The characters holding the match's first and last bytes.
                while ends[character] <= at { character += 1 }
                var last = character
                while ends[last] < at + needle.count { last += 1 }
                found.append(character..<last + 1)
                character = last + 1
                guard character < ends.count else { break }
                from = ends[last]
            }
        }
        return found
    }

    /// Hands `character`'s bytes (folded unless case-sensitive) to `emit`, one by one, and
    /// returns how many there were.
    @inline(__always)
    private func bytes(of character: Character, _ emit: (UInt8) -> Void) -> Int {
        let utf8 = character.utf8
        if utf8.count == 1, let byte = utf8.first {
            let folded = !isCaseSensitive && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            emit(folded)
            return 1
        }
        if let scalar = SearchQuery.plainSymbol(character) {
            // Three bytes of UTF-8 (U+0800...U+FFFF), as they are.
            emit(UInt8(0xE0 | scalar >> 12))
            emit(UInt8(0x80 | (scalar >> 6) & 0x3F))
            emit(UInt8(0x80 | scalar & 0x3F))
            return 3
        }
        let text = SearchQuery.searchForm(String(character), folded: !isCaseSensitive)
        for byte in text.utf8 { emit(byte) }
        return text.utf8.count
    }

    /// The scalar of a character the screen is full of and that neither case folding nor
    /// composition changes: box drawing, block elements and geometric shapes (a card's frame, its
    /// shadow, the dots), the bullet and the ellipsis. Searched as it is, without making a String
    /// of it (a row of a frame took most of the time of marking a search's matches).
    static func plainSymbol(_ character: Character) -> UInt32? {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return nil }
        let v = first.value
        return (0x2500...0x25FF).contains(v) || v == 0x2022 || v == 0x2026 ? v : nil
    }
}
