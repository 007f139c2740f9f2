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
    /// The lowercased text without its accents (`unmarked`): what a text holds where a query that
    /// ignores accents would find it.
    let unmarkedNeedle: [UInt8]
    /// True when accents need not match, as case need not: a query in lower case without an
    /// accent, of plain ASCII (`helene` finds Hélène, `strasse` Straße, `creme` crème, `nguoi`
    /// Người; helper-18, helper-59) or of Greek, Cyrillic, Hebrew or Arabic letters (`καλημερα`
    /// finds Καλημέρα, `еще` ещё, a word unpointed its pointed spelling; helper-59). A query with
    /// an accent, or a capital, matches them as typed; so does one in a script whose marks are
    /// letters' own (Thai, Devanagari: कल is not कुल).
    public let ignoresMarks: Bool

    /// A query; `caseSensitive` nil means smart case.
    public init(_ text: String, caseSensitive: Bool? = nil) {
        self.text = text
        isCaseSensitive = caseSensitive ?? (text.lowercased() != text)
        ignoresMarks = !isCaseSensitive && text.unicodeScalars.allSatisfy(SearchQuery.isUnmarked)
        foldedNeedle = Array(SearchQuery.searchForm(text, folded: true).utf8)
        unmarkedNeedle = Array(SearchQuery.unmarked(text).utf8)
        needle = isCaseSensitive ? Array(SearchQuery.searchForm(text, folded: false).utf8) : foldedNeedle
    }

    /// How a text is searched: as written, lowercased, or lowercased without accents.
    enum Form: Sendable {
        case original, folded, unmarked
    }

    /// The form this query searches texts in.
    var form: Form { ignoresMarks ? .unmarked : isCaseSensitive ? .original : .folded }

    /// Whether it reads cards' file names with their extensions (see `Card.searchText(fileName:)`).
    var readsFileNames: Bool { text.contains(".") }

    /// Text as it is searched: lowercased when `folded`, and composed (NFC) when it is not ASCII.
    /// Full-width letters, digits and signs (`ＵＴＦ`, `１２３`, as a Japanese or Chinese input method
    /// types them) are their ASCII forms; folded, `ß` is `ss`, as its capital `SS` is (helper-96:
    /// `/straße` did not find `STRASSE`, `/１２３` not `123`).
    static func searchForm(_ text: String, folded: Bool) -> String {
        let cased = folded ? text.lowercased() : text
        if cased.utf8.allSatisfy({ $0 < 0x80 }) { return cased }
        return String(decoding: flagsAsLetters(narrowed(cased, folded: folded), lowercased: folded)._nfcCodeUnits, as: UTF8.self)
    }

    /// `text` with its full-width forms as ASCII and, `folded`, `ß` as `ss` (itself when it has none).
    static func narrowed(_ text: String, folded: Bool) -> String {
        func changes(_ v: UInt32) -> Bool { (0xFF01...0xFF5E).contains(v) || folded && v == 0xDF }
        guard text.unicodeScalars.contains(where: { changes($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (0xFF01...0xFF5E).contains(v), let ascii = Unicode.Scalar(v - 0xFEE0) {
                out.append(folded ? Unicode.Scalar(UInt8(ascii.value) | (ascii.value &- 0x41 < 26 ? 0x20 : 0)) : ascii)
            } else if folded && v == 0xDF {
                out.append(contentsOf: "ss".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `text` with each regional indicator (half of a flag, 🇯🇵) as the letter the screen shows
    /// it as (`JP`, see `TerminalCluster`), lowercased when `lowercased`: what is seen is what is
    /// found (helper-46 looked for `JP` in vain on a card showing it).
    static func flagsAsLetters(_ text: String, lowercased: Bool) -> String {
        // (Regional indicators are U+1F1E6...U+1F1FF: F0 9F 87 A6...BF in UTF-8.)
        var utf8 = text.utf8.makeIterator()
        var holds = false
        while !holds, let byte = utf8.next() {
            if byte == 0xF0, utf8.next() == 0x9F, utf8.next() == 0x87 { holds = true }
        }
        guard holds else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let letter = letter(ofIndicator: scalar, lowercased: lowercased) { scalars.append(letter) } else { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// The letter a regional indicator stands for; nil for any other scalar.
    @inline(__always)
    static func letter(ofIndicator scalar: Unicode.Scalar, lowercased: Bool) -> Unicode.Scalar? {
        let offset = scalar.value &- 0x1F1E6
        guard offset < 26 else { return nil }
        return Unicode.Scalar(UInt8((lowercased ? 0x61 : 0x41) + offset))
    }

    /// Text in `form`.
    static func searchForm(_ text: String, _ form: Form) -> String {
        switch form {
        case .original: return searchForm(text, folded: false)
        case .folded: return searchForm(text, folded: true)
        case .unmarked: return unmarked(text)
        }
    }

    /// `text` lowercased, each Latin letter without its accents (é e, Å a, ß ss, æ ae, ø o, ł l,
    /// ệ e, ư u), a Greek or Cyrillic one too (ά α, ё е), combining accents and points left out;
    /// other letters are kept as they are. (Also the order of a deck's file names.)
    public static func unmarked(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        // Composed first: a letter written decomposed (`и` and a breve, as macOS names files) is
        // the letter `й` a query holds, not `и` with its mark left out (review).
        for scalar in String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars { unmarkedBytes(of: scalar) { out.append($0) } }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a scalar of a query leaves it ignoring accents: ASCII, or a letter of the scripts
    /// whose accents and points are optional (Greek, Cyrillic, Hebrew, Arabic) written without one.
    static func isUnmarked(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 { return true }
        guard (0x370...0x4FF).contains(v) || (0x5D0...0x5EA).contains(v) || (0x620...0x64A).contains(v) else { return false }
        return otherBase(v) == nil && scalar.properties.generalCategory != .nonspacingMark
    }

    /// Hands the UTF-8 bytes of one scalar as `unmarked` writes it to `emit`, with no allocation
    /// for a Latin letter (the Latin letters of the tables, capitals too, without asking for the
    /// scalar's properties: a deck of accented text is read so at its first scan).
    @inline(__always)
    static func unmarkedBytes(of scalar: Unicode.Scalar, _ emit: (UInt8) -> Void) {
        let v = scalar.value
        if v < 0x80 {
            emit(v &- 0x41 < 26 ? UInt8(v) | 0x20 : UInt8(v))
            return
        }
        if let base = latinBase(v) {
            for byte in base { emit(byte) }
            return
        }
        if (0xFF01...0xFF5E).contains(v) {
            // A full-width form as its ASCII (see `searchForm`).
            let ascii = v - 0xFEE0
            emit(ascii &- 0x41 < 26 ? UInt8(ascii) | 0x20 : UInt8(ascii))
            return
        }
        if let letter = letter(ofIndicator: scalar, lowercased: true) {
            emit(UInt8(letter.value))
            return
        }
        if let base = otherBase(v) {
            for byte in UTF8.encode(base)! { emit(byte) }
            return
        }
        let properties = scalar.properties
        if properties.generalCategory == .nonspacingMark { return }
        guard properties.changesWhenLowercased else {
            for byte in UTF8.encode(scalar)! { emit(byte) }
            return
        }
        for lower in properties.lowercaseMapping.unicodeScalars {
            if let base = latinBase(lower.value) {
                for byte in base { emit(byte) }
            } else if lower.properties.generalCategory != .nonspacingMark {
                for byte in UTF8.encode(lower)! { emit(byte) }
            }
        }
    }

    /// The lowercase base letter of an accented letter outside the tables below: Latin Extended-B's
    /// Vietnamese horns (ơ ư), Pinyin's carons (ǎ ǐ ǒ ǔ ǚ), Romanian commas (ș ț), Greek's tonos
    /// and dialytika (ά ϊ ΰ), Cyrillic's ё; nil for any other scalar.
    @inline(__always)
    static func otherBase(_ v: UInt32) -> Unicode.Scalar? {
        switch v {
        case 0x1A0, 0x1A1, 0x1D1, 0x1D2: return "o"
        case 0x1AF, 0x1B0, 0x1D3...0x1DC: return "u"
        case 0x1CD, 0x1CE: return "a"
        case 0x1CF, 0x1D0: return "i"
        case 0x1E6, 0x1E7: return "g"
        case 0x218, 0x219: return "s"
        case 0x21A, 0x21B: return "t"
        case 0x386, 0x3AC: return "α"
        case 0x388, 0x3AD: return "ε"
        case 0x389, 0x3AE: return "η"
        case 0x38A, 0x3AA, 0x3AF, 0x3CA, 0x390: return "ι"
        case 0x38C, 0x3CC: return "ο"
        case 0x38E, 0x3AB, 0x3CD, 0x3CB, 0x3B0: return "υ"
        case 0x38F, 0x3CE: return "ω"
        case 0x401, 0x451: return "е"
        default: return nil
        }
    }

    /// The base letters of a Latin letter of the tables below, nil for any other scalar.
    @inline(__always)
    static func latinBase(_ v: UInt32) -> [UInt8]? {
        let base = v &- 0xC0 < 0xC0 ? latinBaseBytes[Int(v &- 0xC0)] : v &- 0x1E00 < 0x100 ? latinAdditionalBaseBytes[Int(v &- 0x1E00)] : []
        return base.isEmpty ? nil : base
    }

    static let latinBaseBytes: [[UInt8]] = latinBases.map { $0 == "-" ? [] : Array($0.utf8) }
    static let latinAdditionalBaseBytes: [[UInt8]] = latinAdditionalBases.map { $0 == "-" ? [] : Array($0.utf8) }

    /// The base letters of U+00C0...U+017F (Latin-1 and Latin Extended-A) and U+1E00...U+1EFF
    /// (Latin Extended Additional: Vietnamese), by their canonical decompositions; "-": none.
    static let latinBases: [Substring] = "a a a a a a ae c e e e e i i i i d n o o o o o - o u u u u y th ss a a a a a a ae c e e e e i i i i d n o o o o o - o u u u u y th y a a a a a a c c c c c c c c d d d d e e e e e e e e e e g g g g g g g g h h h h i i i i i i i i i i ij ij j j k k k l l l l l l l l l l n n n n n n n n n o o o o o o oe oe r r r r r r s s s s s s s s t t t t t t u u u u u u u u u u u u w w y y y z z z z z z s".split(separator: " ")
    static let latinAdditionalBases: [Substring] = "a a b b b b b b c c d d d d d d d d d d e e e e e e e e e e f f g g h h h h h h h h h h i i i i k k k k k k l l l l l l l l m m m m m m n n n n n n n n o o o o o o o o p p p p r r r r r r r r s s s s s s s s s s t t t t t t t t u u u u u u u u u u v v v v w w w w w w w w w w x x x x y y z z z z z z h t w y - - - - ss - a a a a a a a a a a a a a a a a a a a a a a a a e e e e e e e e e e e e e e e e i i i i o o o o o o o o o o o o o o o o o o o o o o o o u u u u u u u u u u u u u u y y y y y y y y - - - - - -".split(separator: " ")

    /// The empty query matches every card.
    public var isEmpty: Bool { text.isEmpty }

    /// Whether `text` (a card's search text, or any string) contains the query.
    public func matches(_ text: String) -> Bool {
        guard !needle.isEmpty else { return true }
        var haystack = SearchQuery.searchForm(text, form)
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
        let text: String
        if ignoresMarks {
            // (Composed, as `unmarked` reads a text.)
            var count = 0
            let scalars = character.unicodeScalars
            let composed = scalars.count == 1 ? String(character) : String(decoding: String(character)._nfcCodeUnits, as: UTF8.self)
            for scalar in composed.unicodeScalars {
                SearchQuery.unmarkedBytes(of: scalar) { byte in
                    emit(byte)
                    count += 1
                }
            }
            return count
        } else {
            text = SearchQuery.searchForm(String(character), folded: !isCaseSensitive)
        }
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
